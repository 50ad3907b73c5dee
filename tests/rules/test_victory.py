"""Objectives and victory: each medal kind from the Air Pack's Victory Conditions terms."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.board import Board, Side
from companion.rules.position import Position
from companion.rules.referee import position_from_json
from companion.rules.victory import (
    MajorityRule,
    Objective,
    ObjectiveKind,
    VictoryError,
    encode_exits_to_win,
    exit_line,
    game_outcome,
    majority_holder,
    may_exit,
    medal_counts,
    new_ledger,
    observe,
    parse_exits_to_win,
    record_elimination,
    record_exit,
    record_extra,
    with_exits_needed,
)

BOARD = Board.of()


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def position(*units: dict[str, Any]) -> Position:
    return position_from_json({"units": list(units)})


def obj(oid: str, kind: ObjectiveKind, *hexes: str, **extra: Any) -> Objective:
    return Objective(oid, kind, tuple(BOARD.parse(h) for h in hexes), **extra)


def test_a_medal_for_each_enemy_unit_eliminated() -> None:
    ledger = record_elimination(new_ledger(4), Side.ALLIES, "x1")
    ledger = record_elimination(ledger, Side.ALLIES, "x2")
    counts = medal_counts(ledger, position(), [])
    assert counts[Side.ALLIES].eliminated == 2 and counts[Side.AXIS].total == 0
    with pytest.raises(VictoryError, match="already counted"):
        record_elimination(ledger, Side.AXIS, "x1")


def test_reaching_the_medal_target_ends_the_game_at_once() -> None:
    ledger = new_ledger(2, 3)
    ledger = record_elimination(record_elimination(ledger, Side.ALLIES, "x1"), Side.ALLIES, "x2")
    out = game_outcome(ledger, position(), [])
    assert out.over and out.winner is Side.ALLIES and out.medals[Side.ALLIES] == 2
    assert not game_outcome(new_ledger(2, 3), position(), []).over


def test_medal_targets_may_differ_per_side() -> None:
    ledger = record_extra(new_ledger(6, 1), Side.AXIS)
    assert game_outcome(ledger, position(), []).winner is Side.AXIS


def test_both_sides_reaching_the_target_at_once_goes_to_the_active_side() -> None:
    ledger = record_extra(record_extra(new_ledger(1), Side.AXIS), Side.ALLIES)
    assert game_outcome(ledger, position(), [], active=Side.AXIS).winner is Side.AXIS
    assert game_outcome(ledger, position(), []).winner is None


def test_temporary_medal_is_held_only_while_the_hex_is_occupied() -> None:
    town = obj("town", ObjectiveKind.TEMPORARY, "F5", side=Side.ALLIES)
    held = position(unit("a1", "allies", "infantry", "F5"))
    assert medal_counts(new_ledger(4), held, [town])[Side.ALLIES].temporary == 1
    left = position(unit("a1", "allies", "infantry", "G5"))
    assert medal_counts(new_ledger(4), left, [town])[Side.ALLIES].temporary == 0


def test_temporary_medal_for_one_side_is_not_scored_by_the_other() -> None:
    town = obj("town", ObjectiveKind.TEMPORARY, "F5", side=Side.ALLIES)
    axis_there = position(unit("x1", "axis", "infantry", "F5"))
    counts = medal_counts(new_ledger(4), axis_there, [town])
    assert counts[Side.AXIS].total == 0 and counts[Side.ALLIES].total == 0


def test_a_temporary_group_is_one_medal_held_from_one_hex() -> None:
    trench = obj("trench", ObjectiveKind.TEMPORARY, "D5", "E5", "F5", side=Side.ALLIES)
    two = position(unit("a1", "allies", "infantry", "D5"), unit("a2", "allies", "infantry", "E5"))
    assert medal_counts(new_ledger(4), two, [trench])[Side.ALLIES].temporary == 1


def test_a_contested_temporary_group_goes_to_the_side_on_more_hexes() -> None:
    town = obj("town", ObjectiveKind.TEMPORARY, "D5", "E5", "F5")
    pos = position(unit("a1", "allies", "infantry", "D5"), unit("a2", "allies", "infantry", "E5"),
                   unit("x1", "axis", "infantry", "F5"))
    counts = medal_counts(new_ledger(4), pos, [town])
    assert counts[Side.ALLIES].temporary == 1 and counts[Side.AXIS].temporary == 0
    tie = position(unit("a1", "allies", "infantry", "D5"), unit("x1", "axis", "infantry", "F5"))
    counts = medal_counts(new_ledger(4), tie, [town])
    assert counts[Side.ALLIES].temporary == counts[Side.AXIS].temporary == 0


def test_temporary_majority_goes_to_the_side_holding_more_than_half_the_hexes() -> None:
    group = obj("village", ObjectiveKind.TEMPORARY_MAJORITY, "D5", "E5", "F5")
    two = position(unit("a1", "allies", "infantry", "D5"), unit("a2", "allies", "infantry", "E5"),
                   unit("x1", "axis", "infantry", "F5"))
    assert medal_counts(new_ledger(4), two, [group])[Side.ALLIES].majority == 1
    one_each = position(unit("a1", "allies", "infantry", "D5"), unit("x1", "axis", "infantry", "F5"))
    assert majority_holder(one_each, group.hexes) is None
    counts = medal_counts(new_ledger(4), one_each, [group])
    assert counts[Side.ALLIES].majority == counts[Side.AXIS].majority == 0


def test_majority_is_absolute_over_all_the_hexes_not_just_the_occupied_ones() -> None:
    group = obj("ridge", ObjectiveKind.TEMPORARY_MAJORITY, "C5", "D5", "E5", "F5")
    two_of_four = position(unit("a1", "allies", "infantry", "C5"), unit("a2", "allies", "infantry", "D5"))
    assert majority_holder(two_of_four, group.hexes) is None


def test_majority_over_the_opponent_is_an_option_for_scenarios_that_mean_it() -> None:
    group = obj("ridge", ObjectiveKind.TEMPORARY_MAJORITY, "C5", "D5", "E5", "F5",
                majority=MajorityRule.MORE_THAN_OPPONENT)
    one = position(unit("a1", "allies", "infantry", "C5"))
    assert medal_counts(new_ledger(4), one, [group])[Side.ALLIES].majority == 1
    tied = position(unit("a1", "allies", "infantry", "C5"), unit("x1", "axis", "infantry", "F5"))
    assert majority_holder(tied, group.hexes, MajorityRule.MORE_THAN_OPPONENT) is None


def test_permanent_medal_is_kept_after_the_unit_leaves() -> None:
    bridge = obj("bridge", ObjectiveKind.PERMANENT, "F5", side=Side.ALLIES)
    ledger = observe(new_ledger(4), position(unit("a1", "allies", "infantry", "F5")), [bridge])
    after = position(unit("a1", "allies", "infantry", "F3"), unit("x1", "axis", "infantry", "F5"))
    ledger = observe(ledger, after, [bridge])
    counts = medal_counts(ledger, after, [bridge])
    assert counts[Side.ALLIES].permanent == 1 and counts[Side.AXIS].total == 0


def test_permanent_medal_is_captured_by_the_first_claimant_only() -> None:
    hill = obj("hill", ObjectiveKind.PERMANENT, "F5")
    ledger = observe(new_ledger(4), position(unit("x1", "axis", "infantry", "F5")), [hill])
    ledger = observe(ledger, position(unit("a1", "allies", "infantry", "F5")), [hill])
    assert ledger.permanent["hill"] is Side.AXIS


def test_a_permanent_group_needing_several_hexes_is_won_holding_them_at_once() -> None:
    """1517 Peleliu: "If the Marine player captures and holds three of the four buildings around
    the Airfield, it counts as one Victory Medal. The medal once gained continues to count"."""
    town = obj("town", ObjectiveKind.PERMANENT, "F5", "G5", "H5", "I5", side=Side.ALLIES,
               hexes_needed=3)
    two = position(unit("a1", "allies", "infantry", "F5"), unit("a2", "allies", "infantry", "G5"))
    ledger = observe(new_ledger(6), two, [town])
    assert "town" not in ledger.permanent
    three = position(unit("a1", "allies", "infantry", "F5"), unit("a2", "allies", "infantry", "G5"),
                     unit("a3", "allies", "infantry", "I5"))
    ledger = observe(ledger, three, [town])
    assert ledger.permanent["town"] is Side.ALLIES
    gone = position(unit("a1", "allies", "infantry", "A1"))
    assert medal_counts(observe(ledger, gone, [town]), gone, [town])[Side.ALLIES].permanent == 1


def test_an_objective_for_some_units_is_claimed_by_them_alone() -> None:
    """6541 Breakthrough to the Beach: "Lion-sur-Mer is a Permanent Medal Objective for the
    Armored Axis units": an Axis infantry unit on the hex captures nothing, a tank does."""
    lion = obj("lion", ObjectiveKind.PERMANENT, "F5", side=Side.AXIS, units=frozenset({"x2"}))
    on_foot = position(unit("x1", "axis", "infantry", "F5"), unit("x2", "axis", "armor", "A9"))
    ledger = observe(new_ledger(4), on_foot, [lion])
    assert "lion" not in ledger.permanent
    assert medal_counts(ledger, on_foot, [lion])[Side.AXIS].total == 0
    tank = position(unit("x1", "axis", "infantry", "A9"), unit("x2", "axis", "armor", "F5"))
    ledger = observe(ledger, tank, [lion])
    assert ledger.permanent["lion"] is Side.AXIS
    # temporary and majority objectives count only those units on their hexes too
    town = obj("town", ObjectiveKind.TEMPORARY, "F5", side=Side.AXIS, units=frozenset({"x2"}))
    assert medal_counts(new_ledger(4), on_foot, [town])[Side.AXIS].total == 0
    assert medal_counts(new_ledger(4), tank, [town])[Side.AXIS].temporary == 1
    both = obj("both", ObjectiveKind.TEMPORARY_MAJORITY, "F5", "G5", units=frozenset({"x2"}))
    two = position(unit("x1", "axis", "infantry", "G5"), unit("x2", "axis", "armor", "F5"))
    assert majority_holder(two, both.hexes, both.majority, both) is None  # one of two hexes
    assert majority_holder(two, both.hexes, both.majority) is Side.AXIS


def test_last_to_occupy_stays_with_the_side_that_entered_last() -> None:
    church = obj("church", ObjectiveKind.LAST_TO_OCCUPY, "F5", initial=Side.AXIS)
    empty = position()
    assert medal_counts(new_ledger(4), empty, [church])[Side.AXIS].last_to_occupy == 1
    ledger = observe(new_ledger(4), position(unit("a1", "allies", "infantry", "F5")), [church])
    ledger = observe(ledger, empty, [church])  # the allied unit left again
    counts = medal_counts(ledger, empty, [church])
    assert counts[Side.ALLIES].last_to_occupy == 1 and counts[Side.AXIS].last_to_occupy == 0


def test_sudden_death_wins_as_soon_as_the_side_holds_the_hexes() -> None:
    sd = obj("bridges", ObjectiveKind.SUDDEN_DEATH, "F5", "H5", side=Side.ALLIES)
    one = position(unit("a1", "allies", "infantry", "F5"))
    assert observe(new_ledger(6), one, [sd]).sudden_death is None
    both = position(unit("a1", "allies", "infantry", "F5"), unit("a2", "allies", "infantry", "H5"))
    ledger = observe(new_ledger(6), both, [sd])
    out = game_outcome(ledger, both, [sd])
    assert out.over and out.winner is Side.ALLIES and "sudden-death" in out.reason


def test_sudden_death_may_need_only_some_of_the_hexes() -> None:
    sd = obj("towns", ObjectiveKind.SUDDEN_DEATH, "D5", "F5", "H5", side=Side.AXIS, hexes_needed=2)
    pos = position(unit("x1", "axis", "infantry", "D5"), unit("x2", "axis", "infantry", "H5"))
    assert observe(new_ledger(6), pos, [sd]).sudden_death is Side.AXIS


def test_sudden_death_at_turn_start_is_checked_only_then() -> None:
    sd = obj("airfield", ObjectiveKind.SUDDEN_DEATH, "F5", side=Side.ALLIES, at_turn_start=True)
    pos = position(unit("a1", "allies", "infantry", "F5"))
    assert observe(new_ledger(6), pos, [sd], active=Side.ALLIES).sudden_death is None
    assert observe(new_ledger(6), pos, [sd], active=Side.AXIS, turn_start=True).sudden_death is None
    assert observe(new_ledger(6), pos, [sd], active=Side.ALLIES,
                   turn_start=True).sudden_death is Side.ALLIES


def test_sudden_death_at_turn_end_is_checked_when_the_holders_turn_passes() -> None:
    # 23 Toulon: "If Allied units occupy 3 town hexes in Toulon at the end of their turn, they
    # win immediately": held during the turn is not enough; held when it ends wins
    sd = obj("toulon", ObjectiveKind.SUDDEN_DEATH, "F5", "G5", "H5", side=Side.ALLIES,
             hexes_needed=2, at_turn_end=True)
    pos = position(unit("a1", "allies", "infantry", "F5"), unit("a2", "allies", "infantry", "G5"))
    assert observe(new_ledger(6), pos, [sd], active=Side.ALLIES).sudden_death is None
    # the turn passes to the Axis (the check after the Allies' turn ended): won
    assert observe(new_ledger(6), pos, [sd], active=Side.AXIS,
                   turn_start=True).sudden_death is Side.ALLIES
    # the Allied turn starting (the Axis' ended) is not the Allies' turn end
    assert observe(new_ledger(6), pos, [sd], active=Side.ALLIES,
                   turn_start=True).sudden_death is None
    one = position(unit("a1", "allies", "infantry", "F5"))
    assert observe(new_ledger(6), one, [sd], active=Side.AXIS, turn_start=True).sudden_death is None


def test_a_temporary_objective_held_by_default_until_the_claimant_stands_on_it() -> None:
    # 4258 Mont Pincon: "The Axis hold the Medal unless any Objective hex is occupied by an
    # Allied unit. If any Objective hex is occupied by an Allied unit, the Allies get the
    # Objective Medal and the Axis lose it."
    mont = obj("mont", ObjectiveKind.TEMPORARY, "F5", "G5", side=Side.ALLIES, initial=Side.AXIS)
    empty = medal_counts(new_ledger(6), position(), [mont])
    assert empty[Side.AXIS].temporary == 1 and empty[Side.ALLIES].temporary == 0
    axis_on = medal_counts(new_ledger(6), position(unit("x1", "axis", "infantry", "G5")), [mont])
    assert axis_on[Side.AXIS].temporary == 1
    taken = medal_counts(new_ledger(6), position(unit("a1", "allies", "infantry", "F5")), [mont])
    assert taken[Side.ALLIES].temporary == 1 and taken[Side.AXIS].temporary == 0
    plain = obj("plain", ObjectiveKind.TEMPORARY, "F5", side=Side.ALLIES)
    assert medal_counts(new_ledger(6), position(), [plain])[Side.AXIS].temporary == 0


def test_exit_markers_make_an_interval_of_edge_hexes_inclusive() -> None:
    line = exit_line(BOARD, BOARD.parse("C9"), BOARD.parse("F9"))
    assert [BOARD.name(h) for h in line] == ["C9", "D9", "E9", "F9"]
    single = exit_line(BOARD, BOARD.parse("A5"), BOARD.parse("A5"))
    assert [BOARD.name(h) for h in single] == ["A5"]
    side_edge = exit_line(BOARD, BOARD.parse("A7"), BOARD.parse("A5"))
    assert [BOARD.name(h) for h in side_edge] == ["A7", "a6", "A5"]


def test_exit_markers_must_stand_on_one_edge() -> None:
    with pytest.raises(VictoryError, match="not an edge hex"):
        exit_line(BOARD, BOARD.parse("F5"), BOARD.parse("F9"))
    with pytest.raises(VictoryError, match="not on one edge"):
        exit_line(BOARD, BOARD.parse("A9"), BOARD.parse("M1"))


def test_a_unit_leaving_by_an_exit_hex_scores_a_medal() -> None:
    exits = Objective("exit", ObjectiveKind.EXIT, exit_line(BOARD, BOARD.parse("C9"), BOARD.parse("F9")),
                      side=Side.ALLIES)
    pos = position(unit("a1", "allies", "armor", "D9"), unit("a2", "allies", "armor", "D7"),
                   unit("x1", "axis", "infantry", "E9"))
    assert may_exit(pos, [exits], "a1") is exits
    assert may_exit(pos, [exits], "a2") is None  # not on an exit hex
    assert may_exit(pos, [exits], "x1") is None  # the exit is for the allies
    ledger = record_exit(new_ledger(4), Side.ALLIES, "a1")
    assert medal_counts(ledger, pos, [exits])[Side.ALLIES].exits == 1
    with pytest.raises(VictoryError):
        record_exit(ledger, Side.ALLIES, "a1")


def test_medals_from_every_source_add_up_to_the_target() -> None:
    town = obj("town", ObjectiveKind.TEMPORARY, "F5", side=Side.ALLIES)
    ledger = record_elimination(new_ledger(3), Side.ALLIES, "x1")
    ledger = record_exit(ledger, Side.ALLIES, "a9")
    pos = position(unit("a1", "allies", "infantry", "F5"))
    out = game_outcome(ledger, pos, [town])
    assert out.over and out.winner is Side.ALLIES and out.medals[Side.ALLIES] == 3


def test_airborne_airplanes_hold_no_objective() -> None:
    town = obj("town", ObjectiveKind.TEMPORARY, "F5")
    pos = position_from_json({"rules": {"air": "air-pack"}, "units": [
        unit("p1", "allies", "airplane", "F5", airborne=True, model="spitfire")]})
    assert medal_counts(new_ledger(4), pos, [town])[Side.ALLIES].temporary == 0


def test_a_medal_target_must_be_a_positive_whole_number() -> None:
    with pytest.raises(VictoryError):
        new_ledger(0)


def test_must_have_unit_exit_medals_win_only_with_a_unit_exited() -> None:
    """bga-memoir must_have_unit_exit (3496 Breakthrough to Gembloux: "Axis player: 12 Medals,
    with at least one collected by a German unit exiting the board"): the Axis holding all its
    medals from kills has not won; one exit among them wins; the other side is not bound."""
    ledger = with_exits_needed(new_ledger(3), Side.AXIS, 1)
    for uid in ("a1", "a2", "a3"):
        ledger = record_elimination(ledger, Side.AXIS, uid)
    out = game_outcome(ledger, position(), [])
    assert out.medals[Side.AXIS] == 3 and not out.over
    won = game_outcome(record_exit(ledger, Side.AXIS, "x1"), position(), [])
    assert won.over and won.winner is Side.AXIS and "exiting" in won.reason
    allies = ledger
    for uid in ("x1", "x2", "x3"):
        allies = record_elimination(allies, Side.ALLIES, uid)
    assert game_outcome(allies, position(), [], active=Side.ALLIES).winner is Side.ALLIES


def test_exits_to_win_is_read_as_side_and_units() -> None:
    assert parse_exits_to_win(encode_exits_to_win(Side.AXIS, 3)) == (Side.AXIS, 3)
    for bad in ("axis", "axis:0", "axis:x", "nobody:1", ""):
        with pytest.raises(VictoryError, match="side:units"):
            parse_exits_to_win(bad)
