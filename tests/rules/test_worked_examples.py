"""The rulebook's own worked examples (seeds 003 base rules and 004 rules database), one test each.

Board: standard, Allies at the bottom (their home row is row 8, the Axis home row is row 0).
F5 is (col 10, row 4); its neighbours toward the Axis edge are e6 and f6, toward the Allied
edge e4 and f4.
"""

from __future__ import annotations

from typing import Any

from companion.rules.battle import battle_check, resolve_battle
from companion.rules.board import Side
from companion.rules.position import Position
from companion.rules.referee import position_from_json


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def position(*units: dict[str, Any], terrain: tuple[tuple[str, str], ...] = ()) -> Position:
    return position_from_json({
        "units": list(units),
        "terrain": [{"hex": h, "type": t} for h, t in terrain],
    })


def names(pos: Position, hexes: Any) -> set[str]:
    return {pos.board.name(h) for h in hexes}


# --- base rules p.10 / rules database "Base Game p.10" -----------------------------------------
def test_p10_flag_infantry_star_gives_one_casualty_and_two_possible_retreats() -> None:
    """"Allied unit rolls a Flag, an Infantry and a Star. After taking 1 casualty, the Axis unit
    has 2 possible retreats"."""
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"))
    r = resolve_battle(pos, "a1", "x1", ["flag", "infantry", "star"])
    assert r.hits == 1 and r.figures_removed == 1 and not r.eliminated
    assert r.flags == 1
    assert names(pos, (o.hex for o in r.retreat)) == {"e6", "f6"}
    assert all(o.figures_lost == 0 for o in r.retreat)


# --- base rules p.11 -----------------------------------------------------------------------------
def test_p11_another_unit_in_the_way_leaves_one_retreat_path() -> None:
    """"Here, another Axis unit is in the way - there is only one retreat path left"."""
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   unit("x2", "axis", "infantry", "e6"))
    r = resolve_battle(pos, "a1", "x1", ["flag", "infantry", "star"])
    assert [pos.board.name(o.hex) for o in r.retreat] == ["f6"]
    assert r.retreat[0].figures_lost == 0


def test_p11_infantry_takes_ground_into_the_forest() -> None:
    """"Allied Infantry rolls a Flag and an Infantry symbol on a Close Assault ... chooses to
    Take Ground immediately, to take advantage of the forest's cover"."""
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("F5", "forest"),))
    check = battle_check(pos, "a1", "x1")
    assert check.close_assault and check.dice == 2  # 3 dice, -1 for the forest
    r = resolve_battle(pos, "a1", "x1", ["flag", "infantry"])
    assert r.figures_removed == 1 and r.retreat
    assert r.take_ground is True
    assert r.armor_overrun is False


def test_p11_armor_overrun_can_battle_again() -> None:
    """"Allied Armor rolls a Flag and an Infantry symbol on a Close Assault ... chooses to
    Overrun ... After moving in, the Armor unit can now battle again!"."""
    pos = position(unit("a1", "allies", "armor", "f4"), unit("x1", "axis", "infantry", "F5"),
                   unit("x2", "axis", "infantry", "F7"))
    r = resolve_battle(pos, "a1", "x1", ["flag", "infantry", "armor"])
    assert r.figures_removed == 1
    assert r.take_ground and r.armor_overrun
    # the Axis unit retreats, the armor moves in and battles again
    pos.units["x1"].figures -= r.figures_removed
    pos.move_unit("x1", r.retreat[0].hex)
    pos.move_unit("a1", pos.board.parse("F5"))
    # "If the ground you take ... puts you adjacent to an enemy unit, this second battle must
    # once again be a Close Assault Combat"
    assert not battle_check(pos, "a1", "x2", overrun=True).allowed
    again = battle_check(pos, "a1", "x1", overrun=True)
    assert again.allowed and again.close_assault, again.reason
    # and a second overrun in the same turn is not offered
    second = resolve_battle(pos, "a1", "x1", ["grenade", "grenade", "grenade"], overrun=True)
    assert second.eliminated and second.take_ground and not second.armor_overrun


def test_p11_unit_and_river_block_both_retreats_one_more_casualty() -> None:
    """"An Axis unit and a river block both retreat options - the Axis unit cannot move and
    takes one additional casualty as a result"."""
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   unit("x2", "axis", "infantry", "e6"), terrain=(("f6", "river"),))
    r = resolve_battle(pos, "a1", "x1", ["flag", "infantry", "star"])
    assert r.figures_removed == 1
    assert len(r.retreat) == 1
    only = r.retreat[0]
    assert only.hex == pos.units["x1"].hex and only.figures_lost == 1 and not only.eliminated
    assert "retreat blocked by e6 (unit x2) and f6 (river)" in r.explain


# --- base rules p.13 forests ---------------------------------------------------------------------
def test_p13_forest_turn1_unit_entering_woods_may_not_battle() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4", moved=1), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("f4", "forest"),))
    check = battle_check(pos, "a1", "x1")
    assert not check.allowed and check.dice == 0
    assert "forest" in (check.reason or "")


def test_p13_forest_turn2_attacker_rolls_2_dice_instead_of_3() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5", moved=1),
                   terrain=(("f4", "forest"),))
    assert battle_check(pos, "x1", "a1").dice == 2


def test_p13_forest_turn3_unit_in_woods_battles_with_3_dice() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("f4", "forest"),))
    check = battle_check(pos, "a1", "x1")
    assert check.allowed and check.dice == 3


# --- base rules p.14 hills -----------------------------------------------------------------------
def test_p14_hill_attack_from_lower_elevation_rolls_2_dice_instead_of_3() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("F5", "hill"),))
    assert battle_check(pos, "a1", "x1").dice == 2


def test_p14_hill_attacker_on_a_hill_too_rolls_3_dice() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("F5", "hill"), ("f4", "hill")))
    assert battle_check(pos, "a1", "x1").dice == 3


def test_p14_town_armor_battling_out_of_a_town_rolls_2_fewer() -> None:
    pos = position(unit("a1", "allies", "armor", "f4"), unit("x1", "axis", "infantry", "f6"),
                   terrain=(("f4", "town"),))
    check = battle_check(pos, "a1", "x1")
    assert check.distance == 2 and check.dice == 1
    assert any("town" in line for line in check.explain)


def test_p14_town_target_in_town_reduces_infantry_1_armor_2_artillery_0() -> None:
    pos = position(unit("i", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   unit("t", "allies", "armor", "e4"), unit("g", "allies", "artillery", "F3"),
                   terrain=(("F5", "town"),))
    assert battle_check(pos, "i", "x1").dice == 2
    assert battle_check(pos, "t", "x1").dice == 1
    assert battle_check(pos, "g", "x1").dice == 3  # artillery at range 2: 3 dice, not reduced


# --- base rules p.15 oceans ----------------------------------------------------------------------
def test_p15_ocean_unit_that_cannot_retreat_takes_2_casualties_instead_of_1() -> None:
    """"Axis Infantry rolled an Infantry and a Flag symbol. The Allies unit cannot retreat, and
    so takes 2 casualties instead of 1"."""
    pos = position(unit("a1", "allies", "infantry", "F3"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("F3", "beach"), ("e2", "ocean"), ("f2", "ocean")))
    check = battle_check(pos, "x1", "a1")
    assert check.dice == 2
    r = resolve_battle(pos, "x1", "a1", ["infantry", "flag"])
    assert r.figures_removed == 1
    assert [(o.hex, o.figures_lost) for o in r.retreat] == [(pos.units["a1"].hex, 1)]
    assert r.figures_removed + r.retreat[0].figures_lost == 2


def test_p15_unit_on_ocean_may_not_battle() -> None:
    pos = position(unit("a1", "allies", "infantry", "f2"), unit("x1", "axis", "infantry", "F3"),
                   terrain=(("f2", "ocean"),))
    check = battle_check(pos, "a1", "x1")
    assert not check.allowed and "ocean" in (check.reason or "")


# --- base rules p.8-9: ranges and the count-down -------------------------------------------------
def test_range_infantry_3_2_1_and_nothing_at_4() -> None:
    pos = position(unit("a1", "allies", "infantry", "A1"),
                   unit("x1", "axis", "infantry", "a2"), unit("x2", "axis", "infantry", "B3"),
                   unit("x3", "axis", "infantry", "C3"), unit("x4", "axis", "infantry", "D3"))
    # only one enemy may be adjacent at a time; check each range on its own position
    for target, dist, dice in (("x1", 1, 3),):
        c = battle_check(pos, "a1", target)
        assert (c.distance, c.dice) == (dist, dice)
    pos.remove_unit("x1")
    for target, dist, dice in (("x2", 2, 2), ("x3", 3, 1)):
        c = battle_check(pos, "a1", target)
        assert (c.distance, c.dice) == (dist, dice), c.explain
    far = battle_check(pos, "a1", "x4")
    assert far.distance == 4 and not far.allowed and far.dice == 0


def test_range_count_down_example_infantry_at_3_hexes_rolls_1_die() -> None:
    """"counting down ("3", "2", "1") as you reach new hexes": 3 hexes away is 1 die."""
    pos = position(unit("a1", "allies", "infantry", "G1"), unit("x1", "axis", "infantry", "g4"))
    c = battle_check(pos, "a1", "x1")
    assert c.distance == 3 and c.dice == 1


def test_range_armor_always_3_dice_up_to_3_hexes() -> None:
    for target_hex, dist in (("g2", 1), ("G3", 2), ("g4", 3)):
        pos = position(unit("a1", "allies", "armor", "G1"), unit("x1", "axis", "infantry", target_hex))
        c = battle_check(pos, "a1", "x1")
        assert (c.distance, c.dice, c.allowed) == (dist, 3, True)
    pos = position(unit("a1", "allies", "armor", "G1"), unit("x1", "axis", "infantry", "G5"))
    assert not battle_check(pos, "a1", "x1").allowed


def test_range_artillery_3_3_2_2_1_1_without_line_of_sight() -> None:
    expected = {1: 3, 2: 3, 3: 2, 4: 2, 5: 1, 6: 1}
    for row_number, dist in ((2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6)):
        col = "g" if row_number % 2 == 0 else "G"
        # a forest in between never matters for artillery
        pos = position(unit("a1", "allies", "artillery", "G1"),
                       unit("x1", "axis", "infantry", f"{col}{row_number}"),
                       terrain=(("g2", "forest"),) if row_number > 2 else ())
        c = battle_check(pos, "a1", "x1")
        assert c.distance == dist and c.dice == expected[dist] and c.allowed, c.explain
    pos = position(unit("a1", "allies", "artillery", "G1"), unit("x1", "axis", "infantry", "g8"))
    assert not battle_check(pos, "a1", "x1").allowed


def test_battle_medal_goes_to_the_attacker_side() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"),
                   unit("x1", "axis", "artillery", "F5", figures=1))
    r = resolve_battle(pos, "a1", "x1", ["grenade", "star", "flag"])
    assert r.eliminated and r.medals == {Side.ALLIES: 1, Side.AXIS: 0}
    assert r.retreat == ()
