"""Trains (Terrain Pack p.12), each rule a test from the sources' own words.

The memoir44 wikia "Train" page: "Locomotive and wagon act as one unit. Move 1-3 hexes, if the
line is clear. Ignore one flag, and retreat in the opposite direction the train is facing. Hit
by grenades. Fired at as one unit, wagon takes 3 hits, locomotive takes 4." bga-memoir
Units/Locomotive.php: "Can be activated as a whole unit", "Move back or forward, if railroad is
not blocked", "Hit only on Grenade", "Car is destroyed on 3rd hit, locomotive on 4th hit".
bga-memoir 1311 Bug River: "The Supply Train, locomotive and car, are each loaded with one
Infantry unit"; RailStation::onUnitEntering: the units get off when the train enters a station.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules import trains
from companion.rules.battle import battle_check, ignorable_flags, resolve_battle
from companion.rules.movement import move_destinations
from companion.rules.orders import check_orders
from companion.rules.position import Position
from companion.rules.referee import position_from_json

TRACK = ("A5", "B5", "C5", "D5", "E5", "F5", "G5", "H5", "I5", "J5")


def position(*units: dict[str, Any], track: tuple[str, ...] = TRACK,
             station: str = "B5") -> Position:
    terrain = [{"hex": h, "type": "railway_station" if h == station else "railway"}
               for h in track]
    return position_from_json({"units": [
        {"id": "a1", "side": "allies", "type": "locomotive", "hex": "E5"},
        {"id": "a2", "side": "allies", "type": "wagon", "hex": "F5"}, *units],
        "terrain": terrain})


def _u(uid: str, side: str, kind: str, hexname: str) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname}


def dests(pos: Position, uid: str) -> set[str]:
    return {pos.board.name(h) for h in move_destinations(pos, uid)} - {
        pos.board.name(pos.units[uid].hex)}


def test_locomotive_and_wagon_act_as_one_unit_ordering_the_locomotive() -> None:
    pos = position()
    assert pos.units["a1"].spec.train_car == "locomotive"
    assert trains.train_of(pos, "a2") == trains.Train("a1", "a2")
    check = check_orders(pos, "attack_center", pos.units["a1"].side, ["a1", "a2"])
    assert check.valid == ("a1",)
    assert "ordering its locomotive orders the train" in dict(check.rejected)["a2"]


def test_train_moves_one_to_three_hexes_along_the_track_forward_or_back() -> None:
    pos = position(station="")
    # forward the locomotive leads west; back the wagon leads east and the locomotive follows
    assert dests(pos, "a1") == {"D5", "C5", "B5", "F5", "G5", "H5"}
    assert not any(i.can_battle for i in move_destinations(pos, "a1").values())
    shift = trains.shift_to(pos, "a1", pos.board.parse("G5"))
    assert shift is not None and not shift.forward
    assert {c: pos.board.name(h) for c, h in shift.ends} == {"a2": "H5", "a1": "G5"}


def test_train_moves_only_along_the_track() -> None:
    pos = position(track=("C5", "D5", "E5", "F5"), station="")
    assert dests(pos, "a1") == {"D5", "C5"}  # no track behind the wagon: no way back


def test_train_moves_only_if_the_line_is_clear() -> None:
    pos = position(_u("x1", "axis", "infantry", "C5"), _u("a3", "allies", "infantry", "H5"))
    assert dests(pos, "a1") == {"D5", "F5"}  # the wagon backs up one hex, to G5


def test_train_stops_on_entering_a_station() -> None:
    pos = position(track=("A5", "B5", "C5", "D5", "E5", "F5", "G5"), station="D5")
    assert dests(pos, "a1") == {"D5", "F5"}  # not C5 nor B5 beyond the station


def test_the_wagon_never_moves_by_itself() -> None:
    pos = position()
    assert dests(pos, "a2") == set()
    alone = position_from_json({"units": [_u("a2", "allies", "wagon", "F5")],
                                "terrain": [{"hex": h, "type": "railway"} for h in TRACK]})
    assert trains.shifts(alone, "a2", 3) == []


def test_train_ignores_one_flag() -> None:
    pos = position()
    assert ignorable_flags(pos, pos.units["a1"]) == 1
    assert ignorable_flags(pos, pos.units["a2"]) == 1


@pytest.mark.parametrize("car", ["a1", "a2"])
def test_train_retreats_along_the_track_opposite_its_facing(car: str) -> None:
    pos = position(_u("x1", "axis", "infantry", "e6"))
    r = resolve_battle(pos, "x1", car, ["flag", "flag", "flag"])
    assert r.flags_ignored == 1
    # two flags: two hexes back, the wagon first (east, away from the locomotive)
    where = {"a1": "G5", "a2": "H5"}[car]
    assert [pos.board.name(o.hex) for o in r.retreat] == [where]
    assert r.retreat[0].figures_lost == 0


def test_train_retreat_blocked_costs_a_figure_per_hex_not_made() -> None:
    pos = position(_u("x1", "axis", "infantry", "e6"), _u("a3", "allies", "infantry", "H5"))
    r = resolve_battle(pos, "x1", "a1", ["flag", "flag", "flag"])
    assert [(pos.board.name(o.hex), o.figures_lost) for o in r.retreat] == [("F5", 1)]


def test_train_is_hit_by_grenades_only() -> None:
    pos = position(_u("x1", "axis", "infantry", "e6"), _u("x2", "axis", "machine_gun", "e4"))
    assert battle_check(pos, "x1", "a1").hit_faces == frozenset({"grenade"})
    assert battle_check(pos, "x2", "a2").hit_faces == frozenset({"grenade"})  # no star either
    r = resolve_battle(pos, "x1", "a2", ["infantry", "armor", "grenade"])
    assert r.hits == 1


def test_wagon_takes_three_hits_and_locomotive_four() -> None:
    pos = position()
    assert [(u.type, u.figures) for u in pos.units.values()] == [("locomotive", 4), ("wagon", 3)]
    # every hit on the train takes a figure from each car
    assert trains.losses(pos, "a1", 1) == [("a2", 2)]
    assert trains.losses(pos, "a2", 3) == [("a1", 1)]  # the 3rd hit: the wagon is gone
    assert trains.losses(pos, "a2", 4) == [("a1", 0)]


def test_train_medal_is_its_locomotive() -> None:
    pos = position()
    worth = {u.type: u.spec.medal_worth for u in pos.units.values()}
    assert worth == {"locomotive": 1, "wagon": 0}


def test_supply_train_does_not_battle() -> None:
    pos = position(_u("x1", "axis", "infantry", "e6"))
    check = battle_check(pos, "a1", "x1")
    assert not check.allowed


def test_supply_train_cargo_one_infantry_unit_in_each_car() -> None:
    supply = trains.parse_supply_train(":infantry:1,1")
    assert supply == trains.SupplyTrain("", "infantry", (1, 1))
    assert supply.encode() == ":infantry:1,1"
    pos = position()
    assert trains.cargo(pos, "a1", supply) == ("infantry", "infantry")
    assert trains.cargo(pos, "a1", trains.parse_supply_train("axis:infantry:1,1")) == ()
    del pos.units["a2"], pos._by_hex[pos.board.parse("F5")]
    assert trains.cargo(pos, "a1", supply) == ("infantry",)  # the wagon's unit is lost with it


@pytest.mark.parametrize("bad", ["north", "allies:infantry", "allies:zeppelin:1,1",
                                 "allies:infantry:1,x", "allies:infantry:9,9"])
def test_supply_train_value_that_is_no_cargo_is_refused(bad: str) -> None:
    with pytest.raises(trains.SupplyTrainError):
        trains.parse_supply_train(bad)


def test_supply_train_unloads_on_empty_hexes_next_to_the_train_at_a_station() -> None:
    pos = position(_u("x1", "axis", "infantry", "b6"), station="D5")
    assert not trains.at_station(pos, "a1")
    trains.place(pos, {"a1": pos.board.parse("D5"), "a2": pos.board.parse("E5")}, "move")
    assert trains.at_station(pos, "a1")
    free = {pos.board.name(h) for h in trains.cargo_hexes(pos, "a1")}
    assert free == {"C5", "F5", "c6", "d6", "e6", "c4", "d4", "e4"}


def test_train_follows_the_curved_track_of_bug_river() -> None:
    from pathlib import Path

    from companion.scenarios import load, to_position

    s = load(Path(__file__).parents[1] / "scenarios" / "data" / "real" / "1311-bug-river.m44")
    pos = to_position(s)
    loco = next(u for u in pos.units.values() if u.type == "locomotive")
    assert trains.train_of(pos, loco.id) is not None
    blocker = pos.unit_at(pos.board.parse("I3"))
    assert blocker is not None
    assert dests(pos, loco.id) == {"K3", "J3"}  # the Russian infantry on I3 blocks the line
    pos.remove_unit(blocker.id)
    ahead = max(trains.shifts(pos, loco.id, 9), key=lambda s: s.steps)
    # along row 3, round the two railcurve tiles, then row 4 to the station, where it stops
    assert [pos.board.name(h) for h in ahead.path] == ["K3", "J3", "I3", "h4", "g4", "f4", "e4"]


def test_train_takes_no_bend_sharper_than_a_track_tile() -> None:
    # e6 is next to both cars: a train never turns onto it (no tile bends that sharply)
    pos = position(track=("d6", "E5", "F5", "e6"), station="")
    assert dests(pos, "a1") == {"d6"}


def test_train_gets_no_figures_back_from_medics_and_mechanics() -> None:
    # bga-memoir Units/Locomotive.php: cannotHeal
    pos = position()
    pos.units["a1"].figures, pos.units["a2"].figures = 2, 1
    check = check_orders(pos, "medics_and_mechanics", pos.units["a1"].side, ["a1"],
                         roll=["star", "star"], hand_size=2)
    assert check.valid == () and "no figures back" in dict(check.rejected)["a1"]


def test_train_fired_at_as_one_unit_the_battle_says_what_each_car_loses() -> None:
    pos = position(_u("x1", "axis", "infantry", "e6"))
    pos.units["a1"].figures, pos.units["a2"].figures = 3, 2  # one hit taken already
    r = resolve_battle(pos, "x1", "a2", ["grenade", "grenade", "armor"])
    assert r.eliminated and r.medals[pos.units["x1"].side] == 0  # the wagon: no medal
    assert any("a1 loses 2 too: 1 left" in e for e in r.explain)
    r = resolve_battle(pos, "x1", "a2", ["grenade", "grenade", "grenade"])
    # the 4th hit on the train: the locomotive goes with the wagon, the train's medal
    assert r.medals[pos.units["x1"].side] == 1
    assert any("a1 (locomotive) is destroyed with it" in e for e in r.explain)


def test_train_keeps_to_its_track_and_leaves_by_no_exit_hex() -> None:
    from companion.rules.victory import Objective, ObjectiveKind, may_exit

    pos = position(_u("a3", "allies", "infantry", "C5"))
    exits = [Objective(f"o{h}", ObjectiveKind.EXIT, (pos.board.parse(h),),
                       side=pos.units["a1"].side) for h in ("E5", "C5")]
    assert may_exit(pos, exits, "a3") is not None  # an infantry unit on its exit hex may go
    assert may_exit(pos, exits, "a1") is None


@pytest.mark.parametrize("seed", range(40))
def test_every_shift_keeps_the_train_coupled_on_clear_track(seed: int) -> None:
    # random tracks (a walk of adjacent hexes, bends and all), units on and off them: every
    # move and retreat the rules offer leaves the two cars next to each other, on track, on
    # hexes that were empty, and the train still one train
    import random

    r = random.Random(seed)
    board = position().board
    h = board.parse("G5")
    track = [h]
    for _ in range(r.randint(4, 14)):
        options = [n for n in board.neighbours(track[-1]) if n not in track]
        if not options:
            break
        track.append(r.choice(options))
    names = tuple(board.name(t) for t in track)
    i = r.randrange(len(track) - 1)
    terrain = [{"hex": n, "type": r.choice(["railway", "railway", "railway_station"])}
               for n in names]
    units = [_u("a1", "allies", "locomotive", names[i]), _u("a2", "allies", "wagon", names[i + 1])]
    others = [n for n in board.all_hexes if board.name(n) not in names[i:i + 2]]
    for k, spot in enumerate(r.sample(others, 6)):
        units.append(_u(f"x{k}", "axis", "infantry", board.name(spot)))
    pos = position_from_json({"units": units, "terrain": terrain})
    on_track = set(track)
    before = {u.hex for u in pos.units.values() if u.id not in ("a1", "a2")}
    for s in trains.shifts(pos, "a1", 3) + trains.shifts(pos, "a2", 3, retreat=True):
        probe = pos.copy()
        trains.place(probe, dict(s.ends), "move")
        loco, wagon = probe.units["a1"].hex, probe.units["a2"].hex
        assert loco in on_track and wagon in on_track
        assert wagon in probe.board.neighbours(loco)
        assert not {loco, wagon} & before
        assert trains.train_of(probe, "a1") == trains.Train("a1", "a2")
    for end, lost, path in trains.retreat_runs(pos, "a2", 3, pos.units["a2"].figures):
        assert end in on_track and 0 <= lost <= 3 and all(p in on_track for p in path)


def test_train_is_ordered_by_no_class_a_card_or_a_die_names() -> None:
    pos = position(_u("a3", "allies", "infantry", "A1"))
    side = pos.units["a1"].side
    assault = check_orders(pos, "infantry_assault", side, ["a1", "a3"], section="center")
    assert "a1" in dict(assault.rejected) and "is a train" in dict(assault.rejected)["a1"]
    # Their Finest Hour: an infantry symbol orders an infantry unit, a star any unit
    by_symbol = check_orders(pos, "their_finest_hour", side, ["a1"], roll=["infantry"],
                             hand_size=1)
    assert by_symbol.valid == ()
    by_star = check_orders(pos, "their_finest_hour", side, ["a1"], roll=["star"], hand_size=1)
    assert by_star.valid == ("a1",)
