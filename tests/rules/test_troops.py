"""One test per troop added for issue 16, from its troop card's text (as docs/rules-sources.md
quotes it: bga-memoir's Units/*.php, the rules-database seed for anti-tank guns)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.battle import battle_check, ignorable_flags, resolve_battle
from companion.rules.board import Side
from companion.rules.entry import Entry, entry_rolls, may_clear
from companion.rules.movement import move_destinations
from companion.rules.position import Position
from companion.rules.referee import position_from_json
from companion.rules.units import UNITS
from tests.rules.query_parts import position, t, unit


def dests(pos: Position, uid: str) -> dict[str, Any]:
    return {pos.board.name(h): info for h, info in move_destinations(pos, uid).items()}


def test_anti_tank_gun_is_a_four_figure_infantry_unit_that_takes_no_ground() -> None:
    assert UNITS["anti_tank"].figures == 4
    pos = position(unit("a1", "allies", "anti_tank", "f4"),
                   unit("x1", "axis", "infantry", "F5", figures=1))
    result = resolve_battle(pos, "a1", "x1", ["grenade"] * 3)
    assert result.eliminated and not result.take_ground


def test_combat_engineers_ignore_terrain_in_close_assault_and_sweep_mines() -> None:
    pos = position(unit("a1", "allies", "combat_engineer", "f4"),
                   unit("x1", "axis", "infantry", "F5"), terrain=(t("F5", "forest"),))
    assert battle_check(pos, "a1", "x1").dice == 3  # the forest's -1 ignored at 1 hex
    pos = position(unit("a1", "allies", "combat_engineer", "F5"),
                   terrain=(t("F5", "minefield", owner="axis", value=3),))
    (roll,) = entry_rolls(pos, "a1", Entry.MOVE)
    assert roll.sweep and roll.dice == 0
    assert may_clear(pos, "a1") == ("minefield",)


def test_snipers_ignore_terrain_never_target_armor_and_are_hit_by_grenades_only() -> None:
    pos = position(unit("a1", "allies", "sniper", "F1"), unit("x1", "axis", "infantry", "F5"),
                   unit("x2", "axis", "armor", "D5"), terrain=(t("F5", "forest"),))
    check = battle_check(pos, "a1", "x1")
    assert check.allowed and check.dice == 1  # 4 hexes: 1 die, the forest ignored
    assert "star" in check.hit_faces
    assert not battle_check(pos, "a1", "x2").allowed
    pos = position(unit("a1", "allies", "sniper", "F5"), unit("x1", "axis", "infantry", "F7"))
    hit = resolve_battle(pos, "x1", "a1", ["infantry", "infantry"])
    assert hit.hits == 0  # infantry symbols do not hit a sniper
    kill = resolve_battle(pos, "x1", "a1", ["grenade", "infantry"])
    assert kill.eliminated and kill.medals[Side.AXIS] == 0  # a sniper is worth no medal


def test_a_sniper_eliminated_by_barrage_or_air_power_is_worth_no_medal_either() -> None:
    # troop card 10 (Snipers: "no medal"): a card's own attack counted 1 medal for any unit
    # (found by tests/game/test_game_vs_referee.py: the game's ledger said 0, the referee 1)
    from companion.rules.cards import card, direct_attack_check, resolve_direct_attack

    pos = position(unit("a1", "allies", "sniper", "F5"), unit("x1", "axis", "infantry", "A9"),
                   unit("a2", "allies", "infantry", "A1"))
    for name in ("barrage", "air_power"):
        dice = direct_attack_check(card(name), pos, Side.AXIS, "a1").dice
        kill = resolve_direct_attack(card(name), pos, Side.AXIS, "a1", ["grenade"] * dice)
        assert kill.eliminated and kill.medals[Side.AXIS] == 0, name
    plain = resolve_direct_attack(card("barrage"), pos, Side.AXIS, "a2", ["grenade"] * 4)
    assert plain.eliminated and plain.medals[Side.AXIS] == 1  # an infantry unit: 1 medal


def test_cavalry_moves_three_fires_two_one_and_overruns() -> None:
    spec = UNITS["cavalry"]
    assert (spec.move, spec.move_and_battle, spec.dice) == (3, 3, (2, 1))
    pos = position(unit("a1", "allies", "cavalry", "f4"),
                   unit("x1", "axis", "infantry", "F5", figures=1))
    result = resolve_battle(pos, "a1", "x1", ["grenade", "grenade"])
    assert result.take_ground and result.armor_overrun


def test_ski_troops_three_figures_move_three_battle_after_any_terrain() -> None:
    pos = position(unit("a1", "allies", "ski_troops", "F3"), terrain=(t("f4", "forest"),))
    d = dests(pos, "a1")
    assert d["f4"].can_battle
    assert UNITS["ski_troops"].figures == 3 and UNITS["ski_troops"].retreat_hexes == 3


def test_big_gun_fires_eight_hexes() -> None:
    pos = position(unit("a1", "allies", "big_gun", "A1"), unit("x1", "axis", "infantry", "I1"))
    check = battle_check(pos, "a1", "x1")
    assert check.allowed and check.dice == 1
    assert UNITS["big_gun"].zeroes_in  # its cross-hair markers


def test_mobile_artillery_may_move_one_and_fire() -> None:
    pos = position(unit("a1", "allies", "mobile_artillery", "F3"))
    d = dests(pos, "a1")
    assert d["f4"].can_battle and not d["F5"].can_battle


def test_heavy_anti_tank_gun_needs_sight_ignores_terrain_stars_hit_armor() -> None:
    pos = position(unit("a1", "allies", "heavy_anti_tank_gun", "F1"),
                   unit("x1", "axis", "armor", "F5"), terrain=(t("F5", "forest"),))
    check = battle_check(pos, "a1", "x1")
    assert check.dice == 2 and "star" in check.hit_faces
    blocked = position(unit("a1", "allies", "heavy_anti_tank_gun", "F1"),
                       unit("x1", "axis", "armor", "F5"), terrain=(t("F3", "forest"),))
    assert not battle_check(blocked, "a1", "x1").allowed


def test_late_war_anti_tank_gun_stars_hit_armor_only_when_it_has_not_moved() -> None:
    pos = position(unit("a1", "allies", "anti_tank_late", "F3"), unit("x1", "axis", "armor", "F5"))
    assert "star" in battle_check(pos, "a1", "x1").hit_faces
    pos = position(unit("a1", "allies", "anti_tank_late", "F3", moved=1),
                   unit("x1", "axis", "armor", "F5"))
    assert "star" not in battle_check(pos, "a1", "x1").hit_faces


def test_early_mortar_ignores_sight_and_terrain_but_may_not_move_and_fire() -> None:
    pos = position(unit("a1", "allies", "mortar", "F1"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F3", "forest"), t("F5", "town")))
    assert not battle_check(pos, "a1", "x1").allowed  # 4 hexes: beyond the dice 3/2/1
    near = position(unit("a1", "allies", "mortar", "F3"), unit("x1", "axis", "infantry", "f6"),
                    terrain=(t("f4", "forest"), t("F5", "forest"), t("f6", "town")))
    check = battle_check(near, "a1", "x1")
    assert check.allowed and check.dice == 1  # 3 hexes, unseen, the town ignored
    moved = position(unit("a1", "allies", "mortar", "F3", moved=1),
                     unit("x1", "axis", "infantry", "f6"))
    assert not battle_check(moved, "a1", "x1").allowed


def test_late_mortar_not_moved_fires_four_hexes_unseen() -> None:
    pos = position(unit("a1", "allies", "mortar_late", "F1"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F3", "forest"), t("F5", "town")))
    check = battle_check(pos, "a1", "x1")
    assert check.allowed and check.dice == 1  # the 4th number, unseen, the town ignored
    moved = position(unit("a1", "allies", "mortar_late", "F1", moved=1),
                     unit("x1", "axis", "infantry", "F5"))
    assert not battle_check(moved, "a1", "x1").allowed  # moved: infantry's 3 hexes


def test_machine_guns_stars_hit_infantry() -> None:
    pos = position(unit("a1", "allies", "machine_gun", "F3"), unit("x1", "axis", "infantry", "F5"))
    assert "star" in battle_check(pos, "a1", "x1").hit_faces
    late = position(unit("a1", "allies", "machine_gun_late", "F3", moved=1),
                    unit("x1", "axis", "infantry", "F5"))
    assert "star" not in battle_check(late, "a1", "x1").hit_faces


def test_flame_thrower_tank_terrain_takes_one_die_at_most_in_close_assault() -> None:
    pos = position(unit("a1", "allies", "flame_thrower_tank", "f4"),
                   unit("x1", "axis", "infantry", "F5"), terrain=(t("F5", "town"),))
    assert battle_check(pos, "a1", "x1").dice == 2  # 3 - 1, not 3 - 2


def test_tiger_is_one_figure_whose_hits_must_be_confirmed() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "tiger", "F5"))
    result = resolve_battle(pos, "a1", "x1", ["armor", "infantry", "infantry"])
    assert result.confirm_dice == 1 and result.figures_removed == 0
    confirmed = resolve_battle(pos, "a1", "x1", ["armor", "infantry", "infantry"],
                               confirm_faces=["grenade"])
    assert confirmed.eliminated


def test_destroyer_moves_on_ocean_only_and_ignores_a_flag() -> None:
    pos = position(unit("a1", "allies", "destroyer", "F1"),
                   terrain=(t("F1", "ocean"), t("f2", "ocean"), t("G1", "beach")))
    d = dests(pos, "a1")
    assert "f2" in d and "G1" not in d
    assert ignorable_flags(pos, pos.units["a1"]) == 1


@pytest.mark.parametrize(("kind", "where"), [("big_gun", "F1"), ("destroyer", "F1")])
def test_big_gun_and_destroyer_cross_hairs_one_more_die_on_a_unit_they_hit(kind: str,
                                                                          where: str) -> None:
    from companion.rules.battle import place_cross_hair

    terrain = [{"hex": where, "type": "ocean"}] if kind == "destroyer" else []
    pos = position_from_json({"units": [
        {"id": "a1", "side": "allies", "type": kind, "hex": where},
        {"id": "a2", "side": "allies", "type": "artillery", "hex": "H1"},
        {"id": "x1", "side": "axis", "type": "infantry", "hex": "F7"}], "terrain": terrain})
    before = battle_check(pos, "a1", "x1").dice
    assert not place_cross_hair(pos, "a1", "x1", hits=0)  # a miss zeroes nothing in
    assert place_cross_hair(pos, "a1", "x1", hits=1)
    after = battle_check(pos, "a1", "x1")
    assert after.dice == before + 1 and any("cross-hair" in e for e in after.explain)
    # only big guns and destroyers use the marker; plain artillery neither places nor reads it
    assert not place_cross_hair(pos, "a2", "x1", hits=2)
    assert battle_check(pos, "a2", "x1").dice == 1  # 3/3/2/2/1/1 at six hexes
    # the marker goes when the target moves
    pos.move_unit("x1", next(iter(pos.board.neighbours(pos.units["x1"].hex))), "move")
    assert "x1" not in pos.cross_hairs
    assert not pos.cross_hairs


def test_destroyer_card_12_battles_from_the_ocean_it_keeps_to() -> None:
    pos = position(unit("a1", "allies", "destroyer", "F1"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F1", "ocean"),))
    check = battle_check(pos, "a1", "x1")
    assert check.allowed and check.dice == 2  # 3/3/2/2/1/1/1/1 at four hexes
    # any other unit on the ocean still may not battle (base rules p.15)
    other = position(unit("a1", "allies", "infantry", "F1"), unit("x1", "axis", "infantry", "f2"),
                     terrain=(t("F1", "ocean"),))
    assert not battle_check(other, "a1", "x1").allowed


def test_supply_truck_card_17_infantry_target_move_two_plus_two_on_road_no_battle() -> None:
    """Troops 17: "Treated as Infantry, for all purposes; Move 0-2, +2 hexes when on a road;
    Cannot battle"; "The attacker scores 1 hit for each Infantry dice symbol or Grenade"."""
    road = tuple(t(h, "road") for h in ("A1", "B1", "C1", "D1", "E1", "F1"))
    pos = position(unit("a1", "allies", "supply_truck", "A1", figures=2),
                   unit("a2", "allies", "supply_truck", "A5", figures=3),
                   unit("x1", "axis", "infantry", "a2"), terrain=road)
    on_road = dests(pos, "a1")
    assert "E1" in on_road and "F1" not in on_road  # 2 + 2 along the road, no further
    assert not on_road["A1"].can_battle
    off = dests(pos, "a2")
    assert "C5" in off and "D5" not in off  # 2 off the road
    assert not battle_check(pos, "a1", "x1").allowed
    hit = resolve_battle(pos, "x1", "a1", ["infantry", "grenade", "armor"])
    assert hit.hits == 2 and hit.eliminated and hit.medals[Side.AXIS] == 0  # the unit: no medal


def test_supply_truck_medal_stand_three_figures_make_a_medal() -> None:
    """Troops 17's example: "The Axis player had already destroyed 2 Trucks. With this third
    one, he gains a Medal" (figures the enemy removed; re-supplied ones never count)."""
    from companion.rules.supply_trucks import figures_lost, medals_due

    start = {"a1": 1, "a2": 1, "a3": 1}
    assert medals_due(figures_lost(start, {"a1": 0, "a2": 0, "a3": 1}), 3) == 0
    assert medals_due(figures_lost(start, {"a1": 0, "a2": 0, "a3": 0}), 3) == 1
    assert figures_lost({"a1": 3}, {"a1": 1}) == 2 and medals_due(5, 3) == 1
    assert medals_due(6, 0) == 0


def test_big_gun_places_no_cross_hair_on_a_target_forced_to_retreat() -> None:
    """Big Guns (Player Aid v1): "place a Crosshair marker on each target that is hit but not
    eliminated or forced to retreat"; troop card 3: "Until moved or destroyed". Found by the troop
    oracle (tests/rules/test_troop_oracle.py, cases trp12-cross-hair-*)."""
    from companion.rules.referee import answer

    def result(dice: list[str], terrain: list[dict[str, Any]] | None = None,
               blockers: tuple[str, ...] = ()) -> dict[str, Any]:
        units = [unit("a1", "axis", "big_gun", "A9"), unit("x1", "allies", "infantry", "B7")]
        units += [unit(f"b{i}", "allies", "infantry", h) for i, h in enumerate(blockers)]
        query = {"units": units, "terrain": terrain or [], "dice": dice,
                 "ask": {"battle": {"attacker": "a1", "target": "x1"}}}
        return dict(answer(query)["result"])

    held = result(["infantry", "star", "star"])
    assert held["figures_removed"] == 1 and held["cross_hair"] is True
    pushed = result(["infantry", "flag", "star"])
    assert pushed["retreat"] and "cross_hair" not in pushed  # it retreats: no longer zeroed in
    # a flag the sandbags cancel forces no retreat: the unit stays zeroed in
    dug_in = result(["infantry", "flag", "star"], [t("B7", "sandbags")])
    assert dug_in["flags_ignored"] == 1 and not dug_in["retreat"] and dug_in["cross_hair"] is True
    # held in its hex by a blocked retreat it was still forced to retreat (the game's reading)
    blocked = result(["infantry", "flag", "star"], blockers=("a6", "b6"))
    assert [o["hex"] for o in blocked["retreat"]] == ["B7"] and "cross_hair" not in blocked


def test_destroyer_card_12_moves_two_ocean_hexes_and_battles_after_moving() -> None:
    """Troop card 12 (Destroyers): "move 1-2 on ocean and battle" (bga-memoir Destroyer.php:
    movementRadius 2, movementAndAttackRadius 2, ignoreCannotBattle): the ocean's own limits
    (base rules p.15: "may move a maximum of 1 hex", "may not battle") are for units going
    ashore. Found by the troop oracle (cases trp12-destroyer-*)."""
    sea = tuple(t(h, "ocean") for h in ("E1", "F1", "G1", "H1", "I1", "f2", "g2"))
    pos = position(unit("a1", "allies", "destroyer", "G1"), unit("x1", "axis", "infantry", "G5"),
                   terrain=sea)
    d = dests(pos, "a1")
    assert set(d) == {"E1", "F1", "G1", "H1", "I1", "f2", "g2"}  # two ocean hexes, none ashore
    assert all(info.can_battle for info in d.values())
    assert d["I1"].path_length == 2
    # the battle ask agrees after the move: 2 hexes moved, still battles
    moved = position(unit("a1", "allies", "destroyer", "I1", moved=2), unit("x1", "axis", "infantry", "G5"),
                     terrain=sea)
    assert battle_check(moved, "a1", "x1").allowed
    # any other unit on the ocean keeps the ocean's limits
    dd = dests(position(unit("a1", "allies", "armor", "G1", moved=1), terrain=sea), "a1")
    assert set(dd) == {"G1"} and not dd["G1"].can_battle
