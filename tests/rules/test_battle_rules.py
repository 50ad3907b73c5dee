"""Battle rules beyond the worked examples: who may battle, dice due, hits, take ground, overrun."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.battle import (
    BattleError,
    BattleModifiers,
    battle_check,
    resolve_battle,
    score_dice,
)
from companion.rules.board import Side
from companion.rules.position import Position
from companion.rules.referee import position_from_json
from companion.rules.units import UNITS


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def position(*units: dict[str, Any], terrain: tuple[tuple[str, str], ...] = ()) -> Position:
    return position_from_json({"units": list(units),
                               "terrain": [{"hex": h, "type": t} for h, t in terrain]})


# --- who may battle ------------------------------------------------------------------------------
def test_must_close_assault_an_adjacent_enemy_instead_of_firing_further() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   unit("x2", "axis", "infantry", "F7"))
    check = battle_check(pos, "a1", "x2")
    assert not check.allowed and check.dice == 0
    assert "close-assault" in (check.reason or "")
    assert battle_check(pos, "a1", "x1").allowed


def test_infantry_that_moved_two_hexes_may_not_battle() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4", moved=2), unit("x1", "axis", "infantry", "F5"))
    check = battle_check(pos, "a1", "x1")
    assert not check.allowed and "moved 2" in (check.reason or "")


def test_infantry_that_moved_one_hex_may_battle() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4", moved=1), unit("x1", "axis", "infantry", "F5"))
    assert battle_check(pos, "a1", "x1").allowed


def test_special_forces_move_two_and_battle() -> None:
    pos = position(unit("a1", "allies", "special_forces", "f4", moved=2),
                   unit("x1", "axis", "infantry", "F5"))
    assert battle_check(pos, "a1", "x1").allowed


def test_artillery_that_moved_may_not_battle() -> None:
    pos = position(unit("a1", "allies", "artillery", "F1", moved=1), unit("x1", "axis", "infantry", "F5"))
    assert not battle_check(pos, "a1", "x1").allowed


def test_armor_moves_three_and_battles() -> None:
    pos = position(unit("a1", "allies", "armor", "f4", moved=3), unit("x1", "axis", "infantry", "F5"))
    assert battle_check(pos, "a1", "x1").dice == 3


def test_french_resistance_battles_after_entering_a_forest() -> None:
    pos = position(unit("a1", "allies", "french_resistance", "f4", moved=1),
                   unit("x1", "axis", "infantry", "F5"), terrain=(("f4", "forest"),))
    assert battle_check(pos, "a1", "x1").allowed


def test_unit_that_did_not_move_battles_from_a_town() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("f4", "town"),))
    assert battle_check(pos, "a1", "x1").dice == 3


def test_friendly_unit_is_not_a_target() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("a2", "allies", "infantry", "F5"))
    assert not battle_check(pos, "a1", "a2").allowed


def test_no_line_of_sight_through_a_unit_for_infantry() -> None:
    pos = position(unit("a1", "allies", "infantry", "C1"), unit("a2", "allies", "infantry", "D1"),
                   unit("x1", "axis", "infantry", "E1"))
    check = battle_check(pos, "a1", "x1")
    assert not check.allowed and not check.line_of_sight and "line of sight" in (check.reason or "")


def test_no_line_of_sight_through_a_forest_but_artillery_fires_over_it() -> None:
    pos = position(unit("i", "allies", "infantry", "C1"), unit("x1", "axis", "infantry", "E1"),
                   terrain=(("D1", "forest"),))
    assert not battle_check(pos, "i", "x1").allowed
    pos = position(unit("g", "allies", "artillery", "C1"), unit("x1", "axis", "infantry", "E1"),
                   terrain=(("D1", "forest"),))
    assert battle_check(pos, "g", "x1").dice == 3


def test_unknown_unit_id_is_a_battle_error() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"))
    with pytest.raises(BattleError, match="nope"):
        battle_check(pos, "a1", "nope")


# --- dice due ------------------------------------------------------------------------------------
def test_terrain_reductions_do_not_add_up_best_single_protection_applies() -> None:
    # sandbags (-1) on a town (-1 infantry, -2 armor): infantry -1, armor -2, never -3
    pos = position(unit("i", "allies", "infantry", "f4"), unit("t", "allies", "armor", "e4"),
                   unit("x1", "axis", "infantry", "F5"), terrain=(("F5", "town"), ("F5", "sandbags")))
    assert battle_check(pos, "i", "x1").dice == 2
    assert battle_check(pos, "t", "x1").dice == 1


def test_hill_and_sandbags_attacker_on_the_same_height_keeps_the_sandbags_reduction() -> None:
    pos = position(unit("i", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("F5", "hill"), ("F5", "sandbags"), ("f4", "hill")))
    assert battle_check(pos, "i", "x1").dice == 2


def test_reduction_never_takes_the_dice_below_zero_and_zero_dice_is_no_battle() -> None:
    # infantry at 3 hexes rolls 1 die; the forest takes 1: nothing left to roll
    pos = position(unit("i", "allies", "infantry", "G1"), unit("x1", "axis", "infantry", "g4"),
                   terrain=(("g4", "forest"),))
    check = battle_check(pos, "i", "x1")
    assert check.dice == 0 and not check.allowed
    # armor out of a town against a forest at 2 hexes: 3 - 2 - 2 = -1, shown as 0
    pos = position(unit("t", "allies", "armor", "G1"), unit("x1", "axis", "infantry", "G3"),
                   terrain=(("G1", "town"), ("G3", "forest")))
    check = battle_check(pos, "t", "x1")
    assert check.dice == 0 and not check.allowed
    assert any("below 0" in line for line in check.explain)


def test_modifiers_add_dice_and_ignore_terrain() -> None:
    pos = position(unit("i", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("F5", "forest"),))
    assert battle_check(pos, "i", "x1", BattleModifiers(extra_dice=1)).dice == 3
    assert battle_check(pos, "i", "x1", BattleModifiers(ignore_terrain_protection=True)).dice == 3
    assert battle_check(pos, "i", "x1", BattleModifiers(fixed_dice=4)).dice == 4
    assert battle_check(pos, "i", "x1", BattleModifiers(explain=("card: +1",))).explain[0] == "card: +1"


# --- hits ----------------------------------------------------------------------------------------
def test_hits_infantry_symbol_hits_infantry_only() -> None:
    assert score_dice(["infantry", "infantry"], UNITS["infantry"]) == (2, 0)
    assert score_dice(["infantry"], UNITS["armor"]) == (0, 0)
    assert score_dice(["infantry"], UNITS["artillery"]) == (0, 0)


def test_hits_armor_symbol_hits_armor_and_elite_armor() -> None:
    assert score_dice(["armor"], UNITS["armor"]) == (1, 0)
    assert score_dice(["armor"], UNITS["elite_armor"]) == (1, 0)
    assert score_dice(["armor"], UNITS["infantry"]) == (0, 0)


def test_hits_grenade_hits_every_ground_unit() -> None:
    for kind in ("infantry", "armor", "artillery", "special_forces", "french_resistance"):
        assert score_dice(["grenade"], UNITS[kind]) == (1, 0)


def test_hits_star_misses_unless_a_rule_says_so() -> None:
    assert score_dice(["star"], UNITS["infantry"]) == (0, 0)
    assert score_dice(["star"], UNITS["infantry"], BattleModifiers(stars_hit=True)) == (1, 0)


def test_hits_anti_tank_star_hits_armor() -> None:
    if "anti_tank" not in UNITS:
        pytest.skip("no anti-tank unit type in units.py")
    assert score_dice(["star"], UNITS["armor"], attacker_spec=UNITS["anti_tank"]) == (1, 0)
    assert score_dice(["star"], UNITS["infantry"], attacker_spec=UNITS["anti_tank"]) == (0, 0)


def test_hits_on_override_and_flag_as_hit_is_not_a_retreat() -> None:
    mods = BattleModifiers(hits_on=frozenset({"star"}))
    assert score_dice(["star", "infantry", "flag"], UNITS["infantry"], mods) == (1, 1)
    assert score_dice(["flag"], UNITS["infantry"], BattleModifiers(flags_count_as_hits=True)) == (1, 0)


def test_figures_removed_never_exceed_the_unit() -> None:
    pos = position(unit("i", "allies", "infantry", "f4"), unit("x1", "axis", "armor", "F5", figures=2))
    r = resolve_battle(pos, "i", "x1", ["grenade", "grenade", "grenade"])
    assert r.hits == 3 and r.figures_removed == 2 and r.eliminated
    assert r.medals[Side.ALLIES] == 1 and r.medals[Side.AXIS] == 0


def test_wrong_number_of_faces_is_an_error_and_changes_nothing() -> None:
    pos = position(unit("i", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"))
    with pytest.raises(BattleError, match="4 dice given where 3 are due"):
        resolve_battle(pos, "i", "x1", ["flag"] * 4)
    with pytest.raises(BattleError, match="not a die face"):
        resolve_battle(pos, "i", "x1", ["flag", "skull", "flag"])
    assert pos.units["x1"].figures == 4


# --- take ground and overrun ---------------------------------------------------------------------
def test_take_ground_not_after_firing_at_range() -> None:
    pos = position(unit("i", "allies", "infantry", "G1"), unit("x1", "axis", "infantry", "G3"))
    r = resolve_battle(pos, "i", "x1", ["flag", "infantry"])
    assert r.retreat and not r.take_ground


def test_take_ground_artillery_never() -> None:
    pos = position(unit("g", "allies", "artillery", "f4"), unit("x1", "axis", "infantry", "F5", figures=3))
    r = resolve_battle(pos, "g", "x1", ["grenade", "grenade", "grenade"])
    assert r.eliminated and not r.take_ground


def test_take_ground_not_when_the_target_stays() -> None:
    pos = position(unit("i", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"))
    r = resolve_battle(pos, "i", "x1", ["infantry", "star", "star"])
    assert not r.retreat and not r.take_ground


def test_take_ground_not_into_a_river_hex() -> None:
    # a unit on a river hex (e.g. placed by a scenario); a river without bridge may not be entered
    pos = position(unit("i", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("F5", "river"),))
    r = resolve_battle(pos, "i", "x1", ["flag", "star", "star"])
    assert r.retreat and not r.take_ground
    assert any("river" in line for line in r.explain)


def test_take_ground_onto_a_bridge() -> None:
    pos = position(unit("i", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("F5", "river"), ("F5", "bridge")))
    assert resolve_battle(pos, "i", "x1", ["flag", "star", "star"]).take_ground


def test_take_ground_armor_not_into_hedgehogs() -> None:
    pos = position(unit("t", "allies", "armor", "f4"), unit("x1", "axis", "infantry", "F5", figures=3),
                   terrain=(("F5", "hedgehogs"),))
    r = resolve_battle(pos, "t", "x1", ["grenade"] * 3)
    assert r.eliminated and not r.take_ground and not r.armor_overrun


def test_armor_overrun_not_after_taking_ground_into_a_forest() -> None:
    pos = position(unit("t", "allies", "armor", "f4"), unit("x1", "axis", "infantry", "F5", figures=1),
                   terrain=(("F5", "forest"),))
    r = resolve_battle(pos, "t", "x1", ["grenade"])
    assert r.take_ground and not r.armor_overrun


def test_overrun_battle_is_refused_for_infantry() -> None:
    pos = position(unit("i", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"))
    assert not battle_check(pos, "i", "x1", overrun=True).allowed


def test_overrun_ignores_how_far_the_armor_moved_before() -> None:
    pos = position(unit("t", "allies", "armor", "f4", moved=3), unit("x1", "axis", "infantry", "F5"))
    assert battle_check(pos, "t", "x1", overrun=True).allowed


def test_card_forbids_take_ground() -> None:
    pos = position(unit("i", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5", figures=1))
    no_ground = BattleModifiers(take_ground_allowed=False)
    r = resolve_battle(pos, "i", "x1", ["grenade", "star", "star"], no_ground)
    assert r.eliminated and not r.take_ground


def test_casualties_do_not_reduce_the_battle_dice() -> None:
    """Base rules p.9: "A unit with a single figure left retains the same firepower"."""
    full = position(unit("i", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"))
    last = position(unit("i", "allies", "infantry", "f4", figures=1), unit("x1", "axis", "infantry", "F5"))
    assert battle_check(full, "i", "x1").dice == battle_check(last, "i", "x1").dice == 3


def test_a_battle_targets_one_unit_with_all_its_dice() -> None:
    """Base rules p.9: "A unit may not split its Battle dice between several enemy targets"."""
    pos = position(unit("i", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   unit("x2", "axis", "infantry", "g4"))
    r = resolve_battle(pos, "i", "x1", ["grenade", "grenade", "flag"])
    assert r.figures_removed == 2 and pos.units["x2"].figures == 4


# --- rules database: Armored Car ("When being attacked, treat as Infantry. Enemy re-rolls all battle
# dice that score a hit. If at least one re-roll is a Grenade, kill is confirmed") -------------------
def armored_car_position() -> Position:
    return position(unit("i", "allies", "infantry", "f4"), unit("car", "axis", "armored_car", "F5"))


def test_armored_car_is_hit_as_infantry_and_hits_wait_for_confirmation() -> None:
    pos = armored_car_position()
    r = resolve_battle(pos, "i", "car", ["infantry", "armor", "grenade"])
    assert r.hits == 2 and r.confirm_dice == 2
    assert r.figures_removed == 0 and not r.eliminated and r.confirmed is None
    assert r.take_ground  # the confirmation may still clear the hex


def test_armored_car_kill_confirmed_by_a_grenade_on_the_re_roll() -> None:
    pos = armored_car_position()
    r = resolve_battle(pos, "i", "car", ["infantry", "armor", "grenade"], confirm_faces=["flag", "grenade"])
    assert r.confirmed is True and r.eliminated and r.figures_removed == 1
    assert r.medals[Side.ALLIES] == 1


def test_armored_car_survives_a_re_roll_without_grenade_and_still_retreats() -> None:
    pos = armored_car_position()
    r = resolve_battle(pos, "i", "car", ["infantry", "flag", "star"], confirm_faces=["infantry"])
    assert r.confirmed is False and not r.eliminated and r.figures_removed == 0
    assert r.retreat  # the flag still pushes it back


def test_armored_car_confirmation_needs_one_die_per_hit() -> None:
    pos = armored_car_position()
    with pytest.raises(BattleError, match="one per hit"):
        resolve_battle(pos, "i", "car", ["infantry", "infantry", "star"], confirm_faces=["grenade"])
    with pytest.raises(BattleError, match="armored car"):
        plain = position(unit("i", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"))
        resolve_battle(plain, "i", "x1", ["infantry", "star", "star"], confirm_faces=["grenade"])


# --- the answer's line of sight whatever refuses the battle (session 10 combination audit) ------
def test_a_refused_battle_still_says_whether_the_target_is_seen() -> None:
    """`line_of_sight` is said as `distance` is, whatever refuses the battle: base rules "Line of
    Sight" (a line from centre to centre) and "A unit attacking an adjacent enemy unit is said to
    be in Close Assault"; before the fix every refusal said false, even next to the target."""
    moved_next_to = position(unit("a1", "allies", "infantry", "A5", moved=2),
                             unit("x1", "axis", "infantry", "B5"))
    check = battle_check(moved_next_to, "a1", "x1")
    assert not check.allowed and check.close_assault and check.line_of_sight
    out_of_range = position(unit("a1", "allies", "armor", "A5"), unit("x1", "axis", "infantry", "E5"))
    check = battle_check(out_of_range, "a1", "x1")
    assert not check.allowed and check.distance == 4 and check.line_of_sight
    blocked_and_far = position(unit("a1", "allies", "infantry", "A5"), unit("x1", "axis", "infantry", "E5"),
                               terrain=(("C5", "forest"),))
    check = battle_check(blocked_and_far, "a1", "x1")
    assert not check.allowed and not check.line_of_sight
    pinned = position(unit("a1", "allies", "infantry", "A5"), unit("x1", "axis", "infantry", "C5"),
                      unit("x2", "axis", "infantry", "a6"))
    check = battle_check(pinned, "a1", "x1")
    assert not check.allowed and "close-assault" in (check.reason or "") and check.line_of_sight
