"""Supply trucks (Troops 17) and exits a side needs to win, played through a session.

Troops 17 ("Supply Trucks - Detailed Rules"): "Treated as Infantry, for all purposes; Move
0-2, +2 hexes when on a road; Cannot battle"; "we recommend placing each eliminated Supply
Truck figure on a Medal stand, until three figures are gathered, at which point you can replace
the figures by a Medal token" (its example: "The Axis player had already destroyed 2 Trucks.
With this third one, he gains a Medal"). bga-memoir must_have_unit_exit (Teams::checkVictory).
"""

from __future__ import annotations

from typing import Any

from companion.game.errors import IllegalAction
from companion.game.session import GameSession
from companion.rules.board import Side
from companion.scenarios import ExitHex, Scenario, ScenarioText, SideSetup, TerrainPiece, UnitSetup
from tests.game.conftest import declare_battle

A, X = Side.ALLIES, Side.AXIS


def scenario(units: list[UnitSetup], terrain: list[TerrainPiece] | None = None,
             variants: dict[str, str] | None = None, medals: int = 4,
             starts: Side = Side.ALLIES) -> Scenario:
    return Scenario(
        id="trucks", text={"en": ScenarioText("Trucks")}, units=units,
        terrain=list(terrain or []),
        sides={Side.ALLIES: SideSetup(medals_to_win=medals),
               Side.AXIS: SideSetup(medals_to_win=medals)},
        variants=dict(variants or {}), starts=starts)


def _u(uid: str, side: Side, kind: str, hexname: str, **kw: Any) -> UnitSetup:
    return UnitSetup(uid, side, kind, hexname, **kw)


def _shoot(g: GameSession, attacker: str, target: str, faces: list[str]) -> None:
    declare_battle(g, attacker, target)
    g.act({"do": "dice", "faces": faces})
    if g.state.phase.value == "review_dice":
        g.act({"do": "apply_dice"})
    if "take_ground" in g.legal().actions:
        g.act({"do": "take_ground", "advance": False})


def test_supply_truck_moves_two_and_four_along_a_road_and_never_battles() -> None:
    road = [TerrainPiece(h, "road") for h in ("A1", "B1", "C1", "D1", "E1")]
    s = scenario([_u("a1", A, "supply_truck", "A1", figures=2), _u("a2", A, "supply_truck", "A3"),
                  _u("x1", X, "infantry", "a2"), _u("x2", X, "infantry", "M9")], road)
    g = GameSession.new(s)
    moves = g.legal().moves
    g.act({"do": "play_card", "card": "attack_left"})
    g.act({"do": "order", "units": ["a1", "a2"]})
    on_road = moves("a1")
    assert "E1" in on_road and not on_road["E1"].can_battle  # 4 hexes along the road
    assert "D3" not in moves("a2") and "C3" in moves("a2")  # off the road: 2 at most
    g.act({"do": "end_moves"})
    assert not g.legal().targets("a1")  # next to x1 and still no battle


def test_three_truck_figures_removed_by_the_enemy_are_a_medal_and_the_trucks_none() -> None:
    s = scenario([_u("a1", A, "supply_truck", "f4", figures=2), _u("a2", A, "supply_truck", "h4",
                                                                   figures=1),
                  _u("a3", A, "infantry", "A1"),
                  _u("x1", X, "infantry", "F5"), _u("x2", X, "infantry", "H5")], starts=X)
    g = GameSession.new(s)
    _shoot(g, "x1", "a1", ["infantry", "star", "star"])  # one figure of the first truck
    assert g.state.medals[X] == 0
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "attack_left"})
    g.act({"do": "order", "units": ["a3"]})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    _shoot(g, "x2", "a2", ["grenade", "star", "star"])  # the lone truck: eliminated, 2 gone
    assert "a2" not in g.state.position.units
    assert g.state.medals[X] == 0  # two figures: no medal yet, the unit itself is none
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "attack_left"})
    g.act({"do": "order", "units": ["a3"]})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    _shoot(g, "x1", "a1", ["infantry", "star", "star"])  # the third figure
    assert g.state.medals[X] == 1
    told = [e.data for e in g.events if e.kind == "truck_medals"]
    assert told[-1]["figures_lost"] == 3 and told[-1]["held"] == 1 and told[-1]["side"] == "axis"


def test_each_truck_figure_exiting_is_a_medal_where_the_scenario_says_so() -> None:
    """6380 Noville to Foy: "1 Victory Medal for each Allied truck figure that manages to exit"."""
    s = scenario([_u("a1", A, "supply_truck", "C1", figures=2), _u("a2", A, "infantry", "D1"),
                  _u("x1", X, "infantry", "M9")],
                 variants={"supply_truck_exit_per_figure": "allies"})
    s.exits = [ExitHex("C1", A), ExitHex("D1", A)]
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_left"})
    g.act({"do": "order", "units": ["a1", "a2"]})
    g.act({"do": "exit", "unit": "a1"})
    assert g.state.medals[A] == 2
    g.act({"do": "exit", "unit": "a2"})
    assert g.state.medals[A] == 3  # any other unit: one medal


def test_a_side_that_needs_exits_has_not_won_on_medals_alone() -> None:
    """must_have_unit_exit: the medals win only with that many units exited."""
    s = scenario([_u("a1", A, "infantry", "A1"), _u("x1", X, "infantry", "D1"),
                  _u("x2", X, "infantry", "F1"), _u("x3", X, "infantry", "M9")],
                 variants={"exits_to_win": "axis:2"}, medals=1, starts=X)
    s.exits = [ExitHex("D1", X), ExitHex("F1", X)]
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["x1", "x2"]})
    g.act({"do": "exit", "unit": "x1"})
    assert g.state.medals[X] == 1 and not g.over
    g.act({"do": "exit", "unit": "x2"})
    assert g.over and g.state.winner is X


def test_a_sniper_eliminated_gives_no_medal_in_the_game() -> None:
    """Troops 10 Snipers: no medal when eliminated (the game's ledger counts a unit's worth)."""
    s = scenario([_u("a1", A, "sniper", "f4"), _u("a2", A, "infantry", "A1"),
                  _u("x1", X, "infantry", "F5"), _u("x2", X, "infantry", "M9")], starts=X)
    g = GameSession.new(s)
    _shoot(g, "x1", "a1", ["grenade", "star", "star"])
    assert "a1" not in g.state.position.units and g.state.medals[X] == 0


def test_resupply_a_truck_figure_for_a_figure_of_the_weakened_unit_next_to_it() -> None:
    """Troops 17, Re-Supply (Actions 24): "For each Supply Truck figure removed by the player
    from its Supply Truck unit, one figure (of the correct type) is returned to a weakened
    adjacent friendly ground unit"; it may not gain more than it had; neither battles that
    turn; the truck figures given "never count toward a medal"."""
    s = scenario([_u("a1", A, "supply_truck", "f4", figures=3),
                  _u("a2", A, "infantry", "g4", figures=2), _u("a3", A, "infantry", "A1"),
                  _u("x1", X, "infantry", "G5"), _u("x2", X, "infantry", "M9")],
                 variants={"re_supply": ""})
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1", "a2"]})
    g.act({"do": "end_moves"})
    offers = [c for c in g.legal().candidates() if c["do"] == "resupply"]
    assert {(c["target"], c["figures"]) for c in offers} == {("a2", 1), ("a2", 2)}
    try:
        g.act({"do": "resupply", "unit": "a1", "target": "a2", "figures": 3})
        raise AssertionError("a unit may not gain more figures than it had")
    except IllegalAction as exc:
        assert "at most" in str(exc)
    g.act({"do": "resupply", "unit": "a1", "target": "a2", "figures": 2})
    pos = g.state.position
    assert pos.units["a2"].figures == 4 and pos.units["a1"].figures == 1
    assert "a2" not in [o.id for o in g.legal().attackers]  # it battles no more this turn
    try:
        g.act({"do": "battle", "attacker": "a2", "target": "x1"})
        raise AssertionError("the re-supplied unit may not battle this turn")
    except IllegalAction:
        pass
    g.act({"do": "end_turn"})
    assert g.state.medals[X] == 0  # figures given away are no medal


def test_without_the_rule_a_truck_offers_no_resupply() -> None:
    s = scenario([_u("a1", A, "supply_truck", "f4", figures=3),
                  _u("a2", A, "infantry", "g4", figures=2),
                  _u("x1", X, "infantry", "G5"), _u("x2", X, "infantry", "M9")])
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1", "a2"]})
    g.act({"do": "end_moves"})
    assert "resupply" not in g.legal().actions


# --- camouflage (Actions 16) -------------------------------------------------------------------
def test_a_camouflaged_unit_that_moves_or_battles_loses_its_camouflage() -> None:
    """bga-memoir's camouflage card: "A camouflaged unit may only be targeted in a Close
    Assault"; "A Camouflaged unit that moves or battles lose its Camouflage"."""
    s = scenario([_u("a1", A, "infantry", "f2"), _u("a2", A, "infantry", "A1"),
                  _u("x1", X, "infantry", "f4", badges=("camouflaged",)),
                  _u("x2", X, "infantry", "h4", badges=("camouflaged",)),
                  _u("x3", X, "infantry", "M9")],
                 variants={"camouflage": ""}, starts=X)
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["x1", "x2"]})
    g.act({"do": "move", "unit": "x2", "to": "i4"})
    assert "camouflaged" not in g.state.position.units["x2"].badges  # it moved
    g.act({"do": "undo"})  # the move taken back: the camouflage with it
    assert "camouflaged" in g.state.position.units["x2"].badges
    g.act({"do": "move", "unit": "x2", "to": "i4"})
    pos = g.state.position
    assert "camouflaged" not in pos.units["x2"].badges
    assert "camouflaged" in pos.units["x1"].badges
    g.act({"do": "end_moves"})
    g.act({"do": "battle", "attacker": "x1", "target": "a1"})
    assert "camouflaged" not in g.state.position.units["x1"].badges  # it battled
    # the log keeps the undone move's event too
    assert [e.data["reason"] for e in g.events if e.kind == "camouflage_lost"] == [
        "moved", "moved", "battled"]


def test_a_camouflaged_unit_is_no_target_but_from_next_door() -> None:
    s = scenario([_u("a1", A, "infantry", "f2"), _u("a2", A, "infantry", "A1"),
                  _u("x1", X, "infantry", "f4", badges=("camouflaged",)),
                  _u("x2", X, "infantry", "M9")], variants={"camouflage": ""})
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    assert not g.legal().targets("a1")  # two hexes away: no battle
    g.act({"do": "undo"})
    g.act({"do": "move", "unit": "a1", "to": "F3"})
    g.act({"do": "end_moves"})
    assert [t.target for t in g.legal().targets("a1")] == ["x1"]  # adjacent: close assault
