from __future__ import annotations

from companion.game.session import GameSession
from companion.rules.board import Side
from companion.scenarios import Scenario, ScenarioText, SideSetup, TerrainPiece, UnitSetup


def duel_scenario(medals: int = 2, extra_units: list[UnitSetup] | None = None,
                  terrain: list[TerrainPiece] | None = None, x1_figures: int | None = None) -> Scenario:
    """A tiny battle in the centre: allied infantry a1 on f4 faces axis infantry x1 on G5."""
    units = [
        UnitSetup("a1", Side.ALLIES, "infantry", "f4"),
        UnitSetup("a2", Side.ALLIES, "armor", "D3"),
        UnitSetup("x1", Side.AXIS, "infantry", "G5", figures=x1_figures),
        UnitSetup("x2", Side.AXIS, "infantry", "A9"),
    ]
    return Scenario(
        id="duel", text={"en": ScenarioText("Duel")}, units=units + (extra_units or []),
        terrain=list(terrain or []),
        sides={Side.ALLIES: SideSetup(cards=5, medals_to_win=medals),
               Side.AXIS: SideSetup(cards=5, medals_to_win=medals)},
    )


def play_turn(g: GameSession, card: str, units: list[str] | None = None,
              moves: dict[str, str] | None = None) -> None:
    """One whole turn without battles: play ``card``, order ``units``, make ``moves``, end it."""
    g.act({"do": "play_card", "card": card})
    g.act({"do": "order", "units": list(units or [])})
    for unit, to in (moves or {}).items():
        g.act({"do": "move", "unit": unit, "to": to})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})


def declare_battle(g: GameSession, attacker: str, target: str, card: str = "attack_center") -> None:
    """Play ``card``, order the attacker alone, move nothing, and declare its battle."""
    g.act({"do": "play_card", "card": card})
    g.act({"do": "order", "units": [attacker]})
    g.act({"do": "end_moves"})
    g.act({"do": "battle", "attacker": attacker, "target": target})
