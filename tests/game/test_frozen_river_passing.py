"""A frozen river is rolled for on entering it, also when the move goes on beyond it.

Card 47 (bga-memoir ``Terrains/FrozenRiver.php``): "Moving or retreating onto Frozen Rivers hex,
roll 2 Battle dice; for each star rolled, lose 1 figure"; its ``avoidIfPossible``: the way
chosen keeps off frozen rivers where it can. The Eastern Front rulebook p.3: "Whenever a unit
moves or retreats onto a Frozen River hex, roll two battle dice. For each Star rolled, 1 figure
is lost". Before this, only the hex where the move ended was rolled for.
"""

from __future__ import annotations

from typing import Any

from companion.game.session import GameSession
from companion.game.state import GameLog, Phase
from companion.rules.board import Board, BoardKind, Hex, Side
from companion.scenarios import Scenario, ScenarioText, SideSetup, TerrainPiece, UnitSetup
from tests.game.conftest import declare_battle

A, X = Side.ALLIES, Side.AXIS
BOARD = Board.of(BoardKind.STANDARD, A)


def _row(row: int) -> list[str]:
    return [BOARD.name(h) for h in BOARD.hexes() if h.row == row]


def _game(units: list[UnitSetup], frozen: list[str]) -> GameSession:
    s = Scenario(id="frozen", text={"en": ScenarioText("Frozen")}, units=units,
                 terrain=[TerrainPiece(h, "frozen_river") for h in frozen],
                 sides={A: SideSetup(cards=5, medals_to_win=4), X: SideSetup(cards=5, medals_to_win=4)},
                 starts=A)
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": [units[0].id]})
    return g


def _u(uid: str, side: Side, kind: str, where: str, **kw: Any) -> UnitSetup:
    return UnitSetup(uid, side, kind, where, **kw)


def test_armor_moving_across_a_frozen_river_rolls_for_the_river_it_crossed() -> None:
    # row 3 is frozen from side to side: f4 -> G7 must cross it
    g = _game([_u("a1", A, "armor", "f4"), _u("x1", X, "infantry", "A9")], _row(3))
    g.act({"do": "move", "unit": "a1", "to": "G7"})
    st = g.state
    assert st.phase is Phase.RULE_DICE
    p = g.prompt()
    assert p.dice is not None and p.dice.count == 2
    assert "moved through the frozen river" in p.text
    g.act({"do": "dice", "faces": ["star", "grenade"]})
    st = g.state
    assert st.phase is Phase.MOVE
    assert st.hex_name(st.position.units["a1"].hex) == "G7"
    assert st.position.units["a1"].figures == 2  # 3 figures, one star


def test_the_way_round_a_frozen_river_is_taken_when_there_is_one() -> None:
    # only G5 is frozen: f4 -> g6 goes by F5 and f6 (3 hexes, armor may) and rolls nothing
    g = _game([_u("a1", A, "armor", "f4"), _u("x1", X, "infantry", "A9")], ["G5"])
    g.act({"do": "move", "unit": "a1", "to": "g6"})
    st = g.state
    assert st.phase is Phase.MOVE
    moved = [e for e in g.events if e.kind == "unit_moved"][-1]
    assert moved.data["hexes"] == 3
    assert not [e for e in g.events if e.kind == "rule_roll_due"]


def test_two_rivers_on_the_way_are_rolled_in_the_order_entered() -> None:
    g = _game([_u("a1", A, "armor", "f4"), _u("x1", X, "infantry", "A9")], _row(4) + _row(3))
    g.act({"do": "move", "unit": "a1", "to": "G7"})
    first = g.prompt().text
    g.act({"do": "dice", "faces": ["grenade", "grenade"]})
    assert g.state.phase is Phase.RULE_DICE
    second = g.prompt().text
    assert "on G5" in first or "on F5" in first
    assert "on g6" in second or "on f6" in second
    g.act({"do": "dice", "faces": ["star", "star"]})
    assert g.state.position.units["a1"].figures == 1
    assert g.state.phase is Phase.MOVE
    # the game read again from its log is the same game
    again = GameSession(GameLog.replay(g.events), "replay")
    assert again.state.position.units["a1"].figures == 1
    assert again.state.phase is Phase.MOVE


def test_a_unit_lost_in_the_river_it_crossed_is_a_medal_and_owes_nothing_more() -> None:
    # infantry, 1 figure left, moves 2 through the frozen G5 onto a frozen g6 as well
    g = _game([_u("a1", A, "infantry", "f4", figures=1), _u("x1", X, "infantry", "A9")],
              [*_row(4), "g6"])
    g.act({"do": "move", "unit": "a1", "to": "g6"})
    assert g.state.phase is Phase.RULE_DICE
    assert "moved through the frozen river on G5" in g.prompt().text
    g.act({"do": "dice", "faces": ["star", "grenade"]})
    st = g.state
    assert "a1" not in st.position.units
    assert len([e for e in g.events if e.kind == "rule_roll_due"]) == 1
    assert st.medals[X] == 1
    assert st.phase is not Phase.RULE_DICE  # no roll for g6: the unit never got there


def _retreat_game(frozen: list[str]) -> GameSession:
    # the Axis infantry on g6 battles the Allied infantry on G5: two flags send it two rows
    # back toward the Allied edge, across row 5
    s = Scenario(id="frozen", text={"en": ScenarioText("Frozen")},
                 units=[_u("a1", A, "infantry", "G5"), _u("x1", X, "infantry", "g6")],
                 terrain=[TerrainPiece(h, "frozen_river") for h in frozen],
                 sides={A: SideSetup(cards=5, medals_to_win=4), X: SideSetup(cards=5, medals_to_win=4)},
                 starts=X)
    g = GameSession.new(s)
    declare_battle(g, "x1", "a1")
    g.act({"do": "dice", "faces": ["flag", "flag", "star"]})
    return g


def test_a_retreat_across_a_frozen_river_rolls_for_the_river_it_crossed() -> None:
    g = _retreat_game([BOARD.name(Hex(c, 5)) for c in (11, 13)])
    target = BOARD.name(Hex(12, 6))
    g.act({"do": "retreat", "hex": target})
    st = g.state
    assert st.phase is Phase.RULE_DICE
    due = [e for e in g.events if e.kind == "rule_roll_due"][-1]
    assert due.data["how"] == "retreat"
    assert due.data["at"] in (BOARD.name(Hex(11, 5)), BOARD.name(Hex(13, 5)))
    assert "retreated through the frozen river" in g.prompt().text
    g.act({"do": "dice", "faces": ["star", "grenade"]})
    st = g.state
    assert st.position.units["a1"].figures == 3
    assert st.hex_name(st.position.units["a1"].hex) == target


def test_a_retreat_takes_the_way_round_a_frozen_river_when_there_is_one() -> None:
    g = _retreat_game([BOARD.name(Hex(11, 5))])
    g.act({"do": "retreat", "hex": BOARD.name(Hex(12, 6))})
    assert g.state.phase is not Phase.RULE_DICE
    assert not [e for e in g.events if e.kind == "rule_roll_due"]
