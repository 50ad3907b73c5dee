"""Units ordered onto the board during play (companion/rules/arrivals.py): Armor Breakthrough
(Actions 22, as bga-memoir's rules summary gives it) and paradrops on starred hexes (4683
Manado Landings' rules), from the texts docs/rules-sources.md quotes."""

from __future__ import annotations

import pytest

from companion.rules import arrivals
from companion.rules.battle import battle_check
from companion.rules.board import Side
from companion.rules.referee import position_from_json
from companion.rules.variants import unit_spec
from companion.rules.victory import Objective, ObjectiveKind, may_exit

BREAKTHROUGH = "allies:2:armor:us;axis:2:elite_armor:ger:cannot_exit"


def test_armor_breakthrough_rules_read_one_entry_per_side() -> None:
    allies, axis = arrivals.parse(BREAKTHROUGH, arrivals.ARMOR_BREAKTHROUGH)
    assert (allies.side, allies.units, allies.unit_type, allies.cannot_exit) == (
        Side.ALLIES, 2, "armor", False)
    assert (axis.unit_type, axis.nation, axis.variants) == ("elite_armor", "ger", ("cannot_exit",))
    assert arrivals.encode((allies, axis)) == BREAKTHROUGH
    drops = arrivals.parse("axis:5:special_forces:jp:d16 i16", arrivals.PARADROPS)
    assert drops[0].hexes == ("d16", "i16")
    for bad in ("axis:0:armor", "axis:2:airplane", "nobody:2:armor", "axis:2:armor;axis:1:armor",
                "axis:2:armor:ger:fly"):
        with pytest.raises(arrivals.ArrivalError):
            arrivals.parse(bad, arrivals.ARMOR_BREAKTHROUGH)
    with pytest.raises(arrivals.ArrivalError, match="hexes"):
        arrivals.parse("axis:5:special_forces:jp", arrivals.PARADROPS)


def test_breakthrough_armor_enters_on_empty_hexes_of_the_opponents_baseline() -> None:
    # "Units must enter through Opponent's baseline": the Axis come in on the Allied home row
    pos = position_from_json({"units": [
        {"id": "a1", "side": "allies", "type": "infantry", "hex": "C1"}],
        "terrain": [{"hex": "E1", "type": "lake"}]})
    axis = arrivals.parse(BREAKTHROUGH, arrivals.ARMOR_BREAKTHROUGH)[1]
    found = {pos.board.name(h) for h in arrivals.entry_hexes(pos, axis)}
    assert "A1" in found and "M1" in found
    assert "C1" not in found  # a unit stands there
    assert "E1" not in found  # a lake: no armor may stand there
    assert all(pos.board.parse(h).row == pos.board.home_row(Side.ALLIES) for h in found)
    allies = arrivals.parse(BREAKTHROUGH, arrivals.ARMOR_BREAKTHROUGH)[0]
    assert all(h.row == pos.board.home_row(Side.AXIS) for h in arrivals.entry_hexes(pos, allies))


def test_at_most_nbr_units_come_in_and_only_where_the_rule_says() -> None:
    pos = position_from_json({"units": []})
    axis = arrivals.parse(BREAKTHROUGH, arrivals.ARMOR_BREAKTHROUGH)[1]
    board = pos.board
    assert arrivals.arrival_problem(pos, axis, board.parse("A1"), [], 0) is None
    assert arrivals.arrival_problem(pos, axis, board.parse("B1"), [board.parse("A1")], 0) is None
    too_many = arrivals.arrival_problem(pos, axis, board.parse("C1"),
                                        [board.parse("A1"), board.parse("B1")], 0)
    assert too_many is not None and "2 units at most" in too_many
    inland = arrivals.arrival_problem(pos, axis, board.parse("E5"), [], 0)
    assert inland is not None and "baseline" in inland


def test_a_paradrop_aims_at_a_star_still_held_and_a_figure_off_or_on_a_unit_is_lost() -> None:
    pos = position_from_json({"units": [
        {"id": "a1", "side": "allies", "type": "infantry", "hex": "E5"}]})
    board = pos.board
    (rule,) = arrivals.parse("axis:2:special_forces:jp:e4 G5", arrivals.PARADROPS)
    assert arrivals.arrival_problem(pos, rule, board.parse("e4"), [], 0) is None
    gone = arrivals.arrival_problem(pos, rule, board.parse("e4"), [board.parse("e4")], 0)
    assert gone is not None and "G5" in gone  # its star was removed: only G5 is left
    assert "not a starred" in (arrivals.arrival_problem(pos, rule, board.parse("F5"), [], 0) or "")
    assert arrivals.landing_problem(pos, None, rule) == "off the board"
    assert "another unit" in (arrivals.landing_problem(pos, board.parse("E5"), rule) or "")
    assert arrivals.landing_problem(pos, board.parse("e4"), rule) is None
    assert "another figure" in (arrivals.landing_problem(pos, board.parse("e4"), rule,
                                                         [board.parse("e4")]) or "")


def test_breakthrough_armor_may_not_overrun_the_turn_it_arrives_nor_exit_when_barred() -> None:
    arrived = unit_spec("armor", Side.ALLIES, "us", ("arrived",))
    assert not arrived.overrun and arrived.take_ground
    pos = position_from_json({"units": [
        {"id": "x1", "side": "axis", "type": "elite_armor", "hex": "E1"},
        {"id": "a1", "side": "allies", "type": "infantry", "hex": "E3"}]})
    pos.units["x1"].variants = ("arrived", "cannot_exit")
    assert not battle_check(pos, "x1", "a1", overrun=True).allowed
    exits = [Objective("o1", ObjectiveKind.EXIT, (pos.board.parse("E1"),), Side.AXIS)]
    assert may_exit(pos, exits, "x1") is None
    pos.units["x1"].variants = ()
    assert may_exit(pos, exits, "x1") is not None


def test_baseline_reinforcements_wait_for_a_medal_count_and_stand_on_the_own_baseline() -> None:
    value = "allies:5:infantry:gb:5;allies:2:armor:gb:5"
    infantry, armor = arrivals.parse(value, arrivals.BASELINE)
    assert (infantry.units, infantry.unit_type, infantry.at_medals) == (5, "infantry", 5)
    assert (armor.units, armor.unit_type, armor.nation) == (2, "armor", "gb")
    assert arrivals.encode((infantry, armor)) == value
    with pytest.raises(arrivals.ArrivalError, match="medals"):
        arrivals.parse("allies:5:infantry:gb", arrivals.BASELINE)
    with pytest.raises(arrivals.ArrivalError, match="unit type"):
        arrivals.parse("allies:5:infantry:gb:5;allies:1:infantry:gb:5", arrivals.BASELINE)
    pos = position_from_json({"units": [
        {"id": "a1", "side": "allies", "type": "infantry", "hex": "C1"}],
        "terrain": [{"hex": "E1", "type": "lake"}]})
    found = {pos.board.name(h) for h in arrivals.baseline_hexes(pos, Side.ALLIES, "armor")}
    assert "C1" not in found and "E1" not in found and "A1" in found
    assert all(pos.board.parse(h).row == pos.board.home_row(Side.ALLIES) for h in found)
