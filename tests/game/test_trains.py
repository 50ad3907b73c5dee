"""Trains (Terrain Pack p.12) played through a session: the locomotive is ordered and moves
the train along the track, the wagon following; a hit takes a figure from each car; flags
not ignored send the train back along the track; the 3rd hit destroys the wagon and the 4th
the locomotive (a medal).

Sources (docs/rules-sources.md, "Trains"): the memoir44 wikia "Train" page ("Locomotive and
wagon act as one unit. Move 1-3 hexes, if the line is clear. Ignore one flag, and retreat in
the opposite direction the train is facing. Hit by grenades. Fired at as one unit, wagon takes
3 hits, locomotive takes 4"); bga-memoir Units/Locomotive.php ("Move back or forward, if
railroad is not blocked"; "Car is destroyed on 3rd hit, locomotive on 4th hit").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from companion.game.errors import IllegalAction
from companion.game.session import GameSession
from companion.game.state import GameLog
from companion.rules.board import Side
from companion.scenarios import Scenario, ScenarioText, SideSetup, TerrainPiece, UnitSetup

A, X = Side.ALLIES, Side.AXIS
TRACK = ("A5", "B5", "C5", "D5", "E5", "F5", "G5", "H5", "I5", "J5")


def scenario(units: list[UnitSetup], station: str | None = "B5",
             variants: dict[str, str] | None = None) -> Scenario:
    terrain = [TerrainPiece(h, "railway_station" if h == station else "railway") for h in TRACK]
    return Scenario(
        id="train", text={"en": ScenarioText("Train")}, units=units, terrain=terrain,
        sides={A: SideSetup(medals_to_win=3), X: SideSetup(medals_to_win=3)},
        variants=dict(variants or {}), starts=A)


def _u(uid: str, side: Side, kind: str, hexname: str, **kw: Any) -> UnitSetup:
    return UnitSetup(uid, side, kind, hexname, **kw)


def _train(*extra: UnitSetup, **kw: Any) -> GameSession:
    return GameSession.new(scenario([_u("a1", A, "locomotive", "E5"), _u("a2", A, "wagon", "F5"),
                                     _u("x9", X, "infantry", "M9"), *extra], **kw))


def _hex(g: GameSession, uid: str) -> str:
    return g.state.hex_name(g.state.position.units[uid].hex)


def _shoot(g: GameSession, attacker: str, target: str, faces: list[str]) -> None:
    """``attacker`` (ordered, its moves done) battles ``target`` with the dice ``faces``."""
    g.act({"do": "battle", "attacker": attacker, "target": target})
    g.act({"do": "dice", "faces": faces})
    if g.state.phase.value == "review_dice":
        g.act({"do": "apply_dice"})
    if "take_ground" in g.legal().actions:
        g.act({"do": "take_ground", "advance": False})


# Two Allied turns that run the train from E5 into the station on B5 (the Axis play between);
# "end_moves" only where the session still asks for it. Window and tap tests use it too.
TO_STATION: tuple[dict[str, Any], ...] = (
    {"do": "play_card", "card": "attack_center"}, {"do": "order", "units": ["a1"]},
    {"do": "move", "unit": "a1", "to": "C5"}, {"do": "end_moves"}, {"do": "end_turn"},
    {"do": "play_card", "card": "attack_center"}, {"do": "order", "units": []},
    {"do": "end_moves"}, {"do": "end_turn"},
    {"do": "play_card", "card": "attack_left"}, {"do": "order", "units": ["a1"]},
    {"do": "move", "unit": "a1", "to": "B5"})


def run_to_station(act: Callable[[dict[str, Any]], object],
                   legal: Callable[[], Iterable[str]]) -> None:
    """Play :data:`TO_STATION` through ``act`` (a session's or a table's)."""
    for action in TO_STATION:
        if action["do"] == "end_moves" and "end_moves" not in legal():
            continue
        act(dict(action))


def test_ordering_the_locomotive_orders_the_train_and_the_wagon_is_never_ordered() -> None:
    g = _train()
    g.act({"do": "play_card", "card": "attack_center"})
    with pytest.raises(IllegalAction, match="wagon"):
        g.act({"do": "order", "units": ["a2"]})
    g.act({"do": "order", "units": ["a1"]})
    assert g.state.ordered == ["a1"]


def test_the_train_moves_one_to_three_hexes_along_the_track_forward_or_back() -> None:
    g = _train()
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    moves = g.legal().moves("a1")
    # forward (the locomotive leads west): D5, C5, and B5, a station, where it stops;
    # back (the wagon leads east): the locomotive ends where the wagon was, then behind it
    assert set(moves) == {"D5", "C5", "B5", "F5", "G5", "H5"}
    assert not any(m.can_battle for m in moves.values())  # a supply train never battles
    g.act({"do": "move", "unit": "a1", "to": "C5"})
    assert (_hex(g, "a1"), _hex(g, "a2")) == ("C5", "D5")  # the wagon follows


def test_the_train_backs_up_with_the_wagon_leading() -> None:
    g = _train()
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "move", "unit": "a1", "to": "G5"})
    assert (_hex(g, "a1"), _hex(g, "a2")) == ("G5", "H5")


def test_a_unit_on_the_track_blocks_the_line() -> None:
    g = _train(_u("a3", A, "infantry", "C5"))
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    assert set(g.legal().moves("a1")) == {"D5", "F5", "G5", "H5"}
    with pytest.raises(IllegalAction):
        g.act({"do": "move", "unit": "a1", "to": "B5"})


def _axis_turn(g: GameSession, *units: str) -> None:
    """The Allies end their turn; the Axis play a center card ordering ``units``."""
    if g.state.active is A:
        g.act({"do": "play_card", "card": "attack_left"})
        g.act({"do": "order", "units": []})
        if "end_moves" in g.legal().actions:
            g.act({"do": "end_moves"})
        g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": list(units)})
    if "end_moves" in g.legal().actions:
        g.act({"do": "end_moves"})


def test_only_grenades_hit_the_train_and_each_hit_takes_a_figure_from_both_cars() -> None:
    g = _train(_u("x1", X, "infantry", "e6"))  # next to both cars
    _axis_turn(g, "x1")
    _shoot(g, "x1", "a2", ["infantry", "grenade", "star"])
    units = g.state.position.units
    assert (units["a1"].figures, units["a2"].figures) == (3, 2)


def test_the_train_ignores_one_flag_and_retreats_back_along_the_track() -> None:
    g = _train(_u("x1", X, "infantry", "e6"))
    _axis_turn(g, "x1")
    _shoot(g, "x1", "a1", ["flag", "flag", "armor"])
    # one flag ignored; the other sends the train one hex back (the wagon first, east)
    assert (_hex(g, "a1"), _hex(g, "a2")) == ("F5", "G5")


def test_a_retreat_the_track_cannot_give_costs_figures() -> None:
    g = _train(_u("x1", X, "infantry", "e6"), _u("a3", A, "infantry", "G5"))
    _axis_turn(g, "x1")
    _shoot(g, "x1", "a1", ["flag", "flag", "armor"])
    units = g.state.position.units
    assert (_hex(g, "a1"), _hex(g, "a2")) == ("E5", "F5")
    assert (units["a1"].figures, units["a2"].figures) == (3, 2)


def test_the_third_hit_destroys_the_wagon_and_the_fourth_the_locomotive_for_a_medal() -> None:
    g = _train(_u("x1", X, "infantry", "e6"), _u("x2", X, "infantry", "e4"))
    _axis_turn(g, "x1", "x2")
    _shoot(g, "x1", "a2", ["grenade", "grenade", "grenade"])
    units = g.state.position.units
    assert "a2" not in units and units["a1"].figures == 1
    assert units["a1"].type == "locomotive"
    assert g.state.medals[X] == 0  # the wagon is no medal
    _shoot(g, "x2", "a1", ["grenade", "armor", "armor"])
    assert "a1" not in g.state.position.units
    assert g.state.medals[X] == 1


def test_hits_beyond_the_wagon_go_on_to_the_locomotive() -> None:
    g = _train(_u("x1", X, "infantry", "e6"), _u("x2", X, "infantry", "e4"))
    _axis_turn(g, "x1", "x2")
    _shoot(g, "x1", "a1", ["grenade", "armor", "armor"])  # train: 3 and 2 figures
    _shoot(g, "x2", "a2", ["grenade", "grenade", "grenade"])  # 4 hits in all: both destroyed
    assert not {"a1", "a2"} & set(g.state.position.units)
    assert g.state.medals[X] == 1


def test_a_supply_train_at_a_station_unloads_the_units_each_car_carries_once() -> None:
    # bga-memoir 1311 Bug River: "The Supply Train, locomotive and car, are each loaded with
    # one Infantry unit"; they get off next to the train once it reaches the station
    g = _train(variants={"supply_train": ":infantry:1,1"})
    seen: list[bool] = []

    def act(action: dict[str, Any]) -> None:
        seen.append("unload" in g.legal().actions)
        g.act(action)

    run_to_station(act, lambda: g.legal().actions)  # the station on B5: the train stops there
    assert not any(seen)  # not at a station before
    assert (_hex(g, "a1"), _hex(g, "a2")) == ("B5", "C5")
    assert "unload" in g.legal().actions
    with pytest.raises(IllegalAction, match="free hex next to the train"):
        g.act({"do": "unload", "unit": "a1", "hexes": "B5 J9"})
    g.act({"do": "unload", "unit": "a1", "hexes": "b6 c4"})
    new = [u for u in g.state.position.units.values() if u.id.startswith("atrain")]
    assert sorted((u.type, g.state.hex_name(u.hex), u.figures) for u in new) == [
        ("infantry", "b6", 4), ("infantry", "c4", 4)]
    assert "unload" not in g.legal().actions  # once


def test_a_wagon_destroyed_loses_the_unit_it_carries() -> None:
    g = _train(_u("x1", X, "infantry", "e6"), variants={"supply_train": ":infantry:1,1"})
    _axis_turn(g, "x1")
    _shoot(g, "x1", "a2", ["grenade", "grenade", "grenade"])
    assert "a2" not in g.state.position.units
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "move", "unit": "a1", "to": "B5"})  # alone, the locomotive runs either way
    offer = [c for c in g.legal().candidates() if c["do"] == "unload"]
    assert len(offer) == 1 and len(offer[0]["hexes"].split()) == 1


def test_undoing_a_train_move_puts_both_cars_back() -> None:
    g = _train()
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "move", "unit": "a1", "to": "G5"})
    g.act({"do": "undo"})
    assert (_hex(g, "a1"), _hex(g, "a2")) == ("E5", "F5")
    # the whole log, replayed (a resumed game), gives the same board
    g.act({"do": "move", "unit": "a1", "to": "C5"})
    replayed = GameLog.replay(g.events).state
    assert {u: replayed.hex_name(replayed.position.units[u].hex) for u in ("a1", "a2")} == {
        "a1": "C5", "a2": "D5"}


def test_an_air_attack_hits_and_retreats_the_train_as_one_unit() -> None:
    # the reducer of an air attack's hits and of its retreat (Air Pack strafing, New Flight
    # Plan attack runs) keeps the cars together, as a ground battle does
    from companion.game.airstate import new_air_state
    from companion.game.state import _air_attack_resolved, _air_retreat

    g = _train()
    st = g.state.clone()
    air = new_air_state({"rules": "air-pack"})
    _air_attack_resolved(st, air, {"side": "axis", "results": [
        {"target": "a1", "hits": 1, "figures_removed": 1, "eliminated": False, "flags": 1}]})
    units = st.position.units
    assert (units["a1"].figures, units["a2"].figures) == (3, 2)
    _air_retreat(st, air, {"unit": "a1", "hex": "F5", "figures_lost": 0})
    assert (st.hex_name(units["a1"].hex), st.hex_name(units["a2"].hex)) == ("F5", "G5")


def test_the_terminal_unloads_a_supply_train_by_its_hexes() -> None:
    from companion.cli.play import parse_command

    assert parse_command("unload a1 b6 c4") == {"do": "unload", "unit": "a1", "hexes": "b6 c4"}
    with pytest.raises(ValueError, match="unload TRAIN HEX"):
        parse_command("unload a1")
    g = _train(variants={"supply_train": ":infantry:1,0"})  # the wagon carries none
    run_to_station(g.act, lambda: g.legal().actions)
    assert "unload" in g.prompt().actions
    assert any("locomotive on B5 is at a station" in line and "next to the train (" in line
               for line in g.prompt().detail)
    with pytest.raises(IllegalAction, match="name 1 empty hex"):
        g.act(parse_command("unload a1 b6 c4"))
    events = g.act(parse_command("unload a1 A5"))
    assert [e.kind for e in events] == ["train_unloaded"]
    assert g.state.position.unit_at(g.state.board.parse("A5")) is not None
