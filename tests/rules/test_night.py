"""Night attacks (companion/rules/night.py): the Night Visibility chart and the range limit it
puts on every battle (Position.visibility), from the rule text in docs/rules-sources.md."""

from __future__ import annotations

from companion.rules.battle import battle_check
from companion.rules.board import Side
from companion.rules.night import (
    FULL_NIGHT,
    NIGHT_DICE,
    NIGHT_START,
    night_roll_due,
    night_roller,
    night_visibility,
    within_visibility,
)
from companion.rules.referee import position_from_json
from companion.scenarios import import_m44
from companion.scenarios.check import problems


def test_night_visibility_starts_at_one_hex_and_each_star_moves_it_up() -> None:
    assert (NIGHT_DICE, NIGHT_START) == (4, 1)
    assert night_visibility([]) == 1
    assert night_visibility([["star", "flag", "infantry", "armor"]]) == 2
    assert night_visibility([["star", "star", "grenade", "flag"], ["flag"] * 4]) == 3
    # five steps up from 1 is full daylight: no limit, no more rolls
    assert night_visibility([["star"] * 4, ["star", "flag", "flag", "flag"]]) is None
    assert night_visibility([["star"] * 4, ["star"] * 4, ["flag"] * 4]) is None
    assert not night_roll_due([["star"] * 4, ["star"] * 4])
    assert night_roll_due([["star"] * 4])


def test_night_visibility_in_reverse_falls_to_close_assault_only() -> None:
    # bga-memoir 4089 Night Withdrawal: start at 6, each star one step down, fully night = 1
    assert night_visibility([], reverse=True) == 6
    assert night_visibility([["star", "star", "flag", "flag"]], reverse=True) == 4
    assert night_visibility([["star"] * 4, ["star"] * 4], reverse=True) == FULL_NIGHT
    assert not night_roll_due([["star"] * 4, ["star"] * 4], reverse=True)


def test_night_a_unit_battles_only_within_the_visibility_artillery_too() -> None:
    pos = position_from_json({"units": [
        {"id": "a1", "side": "allies", "type": "infantry", "hex": "F1"},
        {"id": "a2", "side": "allies", "type": "artillery", "hex": "H1"},
        {"id": "x1", "side": "axis", "type": "infantry", "hex": "F3"},
        {"id": "x2", "side": "axis", "type": "infantry", "hex": "H5"}]})
    assert battle_check(pos, "a1", "x1").allowed  # daylight: 2 hexes is in range
    pos.visibility = 1
    night = battle_check(pos, "a1", "x1")
    assert not night.allowed and "at night" in night.reason
    assert not battle_check(pos, "a2", "x2").allowed
    pos.visibility = 4
    assert battle_check(pos, "a1", "x1").allowed and battle_check(pos, "a2", "x2").allowed
    assert within_visibility(1, 0) and not within_visibility(3, 2) and within_visibility(9, None)


def test_night_the_side_that_rolls_is_the_option_value_else_the_first_player() -> None:
    assert night_roller({}, Side.ALLIES) is None
    assert night_roller({"night_visibility": "axis"}, Side.ALLIES) is Side.AXIS
    assert night_roller({"night_visibility": ""}, Side.ALLIES) is Side.ALLIES


def test_night_visibility_team_turn_names_the_side_and_is_no_unknown_option() -> None:
    s = import_m44({"board": {"hexagons": [
        {"row": 0, "col": 0, "unit": {"name": "infger"}},
        {"row": 8, "col": 0, "unit": {"name": "infus"}}]},
        "game_info": {"options": {"night_visibility_rules": True,
                                  "night_visibility_team_turn": "AXIS"}}})
    assert s.variants == {"night_visibility": "axis"}
    assert not [n for n in s.notes if "team_turn" in n]
    # the roll each turn is the game's, and the game rolls it (tests/game/test_scenario_rules.py)
    assert [p.message for p in problems(s) if "Night" in p.message] == []
