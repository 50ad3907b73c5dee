"""One test per terrain card added for issue 16, built from the card's own text (as
docs/rules-sources.md quotes it: bga-memoir's encoding of the official cards)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.battle import battle_check, ignorable_flags, resolve_battle
from companion.rules.los import line_of_sight
from companion.rules.movement import move_destinations
from companion.rules.position import Position
from companion.rules.terrain import TERRAIN
from tests.rules.query_parts import position, t, unit


def dests(pos: Position, uid: str) -> dict[str, Any]:
    return {pos.board.name(h): info for h, info in move_destinations(pos, uid).items()}


def sees(pos: Position, a: str, b: str) -> bool:
    return line_of_sight(pos, pos.board.parse(a), pos.board.parse(b))


TOWN_LIKE = ["factory", "lighthouse", "power_plant", "railway_station", "barracks",
             "prison_camp"]


@pytest.mark.parametrize("kind", TOWN_LIKE)
def test_landmarks_played_as_towns_stop_forbid_battle_protect_and_block(kind: str) -> None:
    # cards 21, 27, 34, 39, 35: "as Towns & Villages"
    pos = position(unit("a1", "allies", "infantry", "F3"), unit("x1", "axis", "infantry", "F7"),
                   terrain=(t("f4", kind),))
    d = dests(pos, "a1")
    assert not d["f4"].can_battle  # stop on entering, no battle that turn
    assert "g6" not in d or d["g6"].path[0] != pos.board.parse("f4")  # no move through it
    pos = position(unit("a1", "allies", "armor", "F3"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F5", kind),))
    assert battle_check(pos, "a1", "x1").dice == 3 - 2  # armor vs a town: -2
    assert not sees(position(terrain=(t("F5", kind),)), "F3", "F7")


def test_supply_depot_card_43_restricts_nothing_and_blocks_sight() -> None:
    # card 43 (bga-memoir Terrains/SupplyDepot.php): "No movement restriction", "No combat
    # restriction", "Block line of sight" (it was played as a Town before, unverified)
    pos = position(unit("a1", "allies", "infantry", "F3"), terrain=(t("f4", "supply_depot"),))
    d = dests(pos, "a1")
    assert d["f4"].can_battle and "F5" in d and d["F5"].path[0] == pos.board.parse("f4")
    pos = position(unit("a1", "allies", "armor", "F3"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F5", "supply_depot"),))
    assert battle_check(pos, "a1", "x1").dice == 3
    assert not sees(position(terrain=(t("F5", "supply_depot"),)), "F3", "F7")


def test_prison_camp_card_35_ignores_one_flag() -> None:
    pos = position(unit("a1", "allies", "infantry", "F5"), terrain=(t("F5", "prison_camp"),))
    assert ignorable_flags(pos, pos.units["a1"]) == 1


def test_cemetery_card_18_no_restrictions_ignore_one_flag_clear_sight() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), terrain=(t("f4", "cemetery"),))
    d = dests(pos, "a1")
    assert d["f4"].can_battle and "F5" in d  # moving on through it
    pos = position(unit("a1", "allies", "infantry", "F5"), terrain=(t("F5", "cemetery"),))
    assert ignorable_flags(pos, pos.units["a1"]) == 1
    assert sees(position(terrain=(t("F5", "cemetery"),)), "F3", "F7")


def test_radar_station_card_36_stop_may_battle_armor_out_at_minus_2() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), terrain=(t("f4", "radar_station"),))
    d = dests(pos, "a1")
    assert d["f4"].can_battle and ("F5" not in d or d["F5"].path[0] != pos.board.parse("f4"))
    pos = position(unit("a1", "allies", "armor", "F5"), unit("x1", "axis", "infantry", "F7"),
                   terrain=(t("F5", "radar_station"),))
    assert battle_check(pos, "a1", "x1").dice == 1
    assert ignorable_flags(pos, pos.units["a1"]) == 1


def test_oasis_card_31_stop_may_battle_protect_1_1_ignore_a_flag() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F5", "oasis"),))
    assert battle_check(pos, "a1", "x1").dice == 2
    assert ignorable_flags(pos, pos.units["x1"]) == 1
    # healing is the Oasis Recovery rule's (a behaviour: oasis_recovery), not every oasis's
    assert not TERRAIN["oasis"].heal_classes and TERRAIN["oasis_recovery"].heal_classes


def test_road_over_a_hill_is_a_road_and_a_hill() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F5", "hill_road"),))
    assert battle_check(pos, "a1", "x1").dice == 2  # the hill's -1 against a lower attacker
    assert TERRAIN["hill_road"].road


def test_roadblock_card_40_bars_armor_and_artillery_stops_infantry() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"), unit("a2", "allies", "infantry", "H3"),
                   terrain=(t("f4", "roadblock"), t("h4", "roadblock")))
    assert "f4" not in dests(pos, "a1")
    d = dests(pos, "a2")
    assert "h4" in d and ("H5" not in d or d["H5"].path[0] != pos.board.parse("h4"))
    assert sees(position(terrain=(t("F5", "roadblock"),)), "F3", "F7")


def test_headquarters_card_56_blocks_sight_and_its_capture_is_played() -> None:
    assert not sees(position(terrain=(t("F5", "headquarters"),)), "F3", "F7")
    assert TERRAIN["headquarters"].not_played == ""  # the game deals the hand (ruleflows.HQFlow)


def test_trenches_card_51_artillery_may_not_enter_armor_may_not_battle_infantry_flag() -> None:
    pos = position(unit("a1", "allies", "artillery", "F3"), unit("a2", "allies", "armor", "H3"),
                   terrain=(t("f4", "trenches"), t("h4", "trenches")))
    assert "f4" not in dests(pos, "a1")
    assert not dests(pos, "a2")["h4"].can_battle
    pos = position(unit("a1", "allies", "infantry", "F5"), unit("a2", "allies", "armor", "H5"),
                   terrain=(t("F5", "trenches"), t("H5", "trenches")))
    assert ignorable_flags(pos, pos.units["a1"]) == 1
    assert ignorable_flags(pos, pos.units["a2"]) == 0


def test_city_ruins_card_45_bar_armor_stop_infantry_and_forbid_its_battle() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"), unit("a2", "allies", "infantry", "H3"),
                   terrain=(t("f4", "ruins"), t("h4", "ruins")))
    assert "f4" not in dests(pos, "a1")
    assert not dests(pos, "a2")["h4"].can_battle
    assert not sees(position(terrain=(t("F5", "ruins"),)), "F3", "F7")


def test_coastline_card_68_moves_onto_it_at_most_two_hexes() -> None:
    pos = position(unit("a1", "allies", "armor", "F1"),
                   terrain=tuple(t(h, "coast") for h in ("F3", "F5", "f2", "f4")))
    d = dests(pos, "a1")
    assert "F3" in d and "F5" not in d


def test_ergs_and_ridges_card_64_a_hill_that_stops_a_move() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"), terrain=(t("f4", "ridge"),))
    d = dests(pos, "a1")
    assert "f4" in d and ("F5" not in d or d["F5"].path[0] != pos.board.parse("f4"))


def test_escarpment_card_63_impassable_to_all_and_blocks_sight() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), terrain=(t("f4", "escarpment"),))
    assert "f4" not in dests(pos, "a1")
    assert not sees(position(terrain=(t("F5", "escarpment"),)), "F3", "F7")


def test_cave_card_52_japanese_infantry_minus_2_and_ignores_every_flag() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), unit("a2", "allies", "artillery", "F1"),
                   unit("x1", "axis", "infantry", "F5", nation="jp"), terrain=(t("F5", "cave"),))
    assert battle_check(pos, "a1", "x1").dice == 0 or not battle_check(pos, "a1", "x1").allowed
    assert battle_check(pos, "a2", "x1").dice == 2  # artillery at 4 hexes, no reduction
    result = resolve_battle(pos, "a2", "x1", ["flag", "flag"])
    assert result.flags_ignored == 2 and not result.retreat
    # a non-Japanese unit in a cave has a hill's protection only
    pos = position(unit("a1", "allies", "infantry", "F3"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F5", "cave"),))
    assert battle_check(pos, "a1", "x1").dice == 1


def test_hills_with_forests_card_48_block_sight_and_protect_as_forest() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F5", "hill_forest"),))
    assert battle_check(pos, "a1", "x1").dice == 1
    assert not sees(position(terrain=(t("F5", "hill_forest"),)), "F3", "F7")


def test_piers_card_59_are_not_entered_from_the_ocean() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), unit("a2", "allies", "infantry", "H3"),
                   terrain=(t("F3", "ocean"), t("f4", "pier"), t("H3", "beach"), t("h4", "pier")))
    assert dests(pos, "a1")["f4"].path_length == 2  # not straight off the ocean: by land
    assert dests(pos, "a2")["h4"].path_length == 1


def test_steep_hills_card_13_cost_two_hexes_from_below() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), unit("a2", "allies", "infantry", "K3"),
                   terrain=(t("f4", "steep_hill"), t("J3", "hill"), t("j4", "steep_hill")))
    d = dests(pos, "a1")
    assert d["f4"].path_length == 2 and not d["f4"].can_battle  # 2 hexes: infantry may not battle
    pos2 = position(unit("a1", "allies", "infantry", "J3"), terrain=(t("J3", "hill"),
                                                                     t("j4", "steep_hill")))
    assert dests(pos2, "a1")["j4"].path_length == 1  # from a hill it costs one


def test_cliffs_card_6_infantry_climbs_from_a_beach_at_two_hexes_and_takes_no_ground() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), terrain=(t("F3", "beach"),
                                                                    t("f4", "cliff")))
    assert dests(pos, "a1")["f4"].path_length == 2
    pos = position(unit("a1", "allies", "infantry", "F3"),
                   unit("x1", "axis", "infantry", "f4", figures=1),
                   terrain=(t("F3", "beach"), t("f4", "cliff")))
    result = resolve_battle(pos, "a1", "x1", ["grenade"] * battle_check(pos, "a1", "x1").dice)
    assert result.eliminated and not result.take_ground


@pytest.mark.parametrize("kind", ["cliff", "sea_bluff"])
def test_cliffs_card_6_armor_and_artillery_never_go_down_onto_a_beach(kind: str) -> None:
    # bga-memoir Terrains/Cliff.php: leaving a cliff onto a beach costs infantry 2 hexes and
    # is impossible for the others; inland the cliff is a plain hill
    line = tuple(t(f"{c}4", kind) for c in "cdefghi")
    beach = tuple(t(f"{c}3", "beach") for c in "CDEFGHIJ")
    for cls in ("armor", "artillery"):
        pos = position(unit("a1", "allies", cls, "f4"), terrain=line + beach)
        reach = dests(pos, "a1")
        assert not [h for h in reach if h.endswith("3")]
        assert "F5" in reach  # inland, as from a hill
    pos = position(unit("a1", "allies", "infantry", "f4"),
                   terrain=(t("f4", kind), t("F3", "beach")))
    assert "F3" in dests(pos, "a1")
    # nor by taking ground: an armor unit on the cliff that empties a beach hex stays up
    pos = position(unit("a1", "allies", "armor", "f4"),
                   unit("x1", "axis", "infantry", "F3", figures=1),
                   terrain=(t("f4", kind), t("F3", "beach")))
    result = resolve_battle(pos, "a1", "x1", ["grenade"] * battle_check(pos, "a1", "x1").dice)
    assert result.eliminated and not result.take_ground


@pytest.mark.parametrize(("kind", "blocks"), [("impassable_hill", False),
                                              ("impassable_blocking_hill", True)])
def test_impassable_hills_of_the_editor(kind: str, blocks: bool) -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), terrain=(t("f4", kind),))
    assert "f4" not in dests(pos, "a1")
    assert TERRAIN[kind].blocks_los is blocks


def test_sea_wall_card_12_protects_its_owner_only() -> None:
    def dice(owner: str) -> int:
        pos = position(unit("a1", "allies", "infantry", "F3"), unit("x1", "axis", "infantry", "F5"),
                       terrain=(t("F5", "sea_wall", owner=owner),))
        return battle_check(pos, "a1", "x1").dice
    assert (dice("axis"), dice("allies")) == (1, 2)


def test_fordable_stream_card_41b_stop_and_battle_out_at_minus_one() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), terrain=(t("f4", "fordable_stream"),))
    d = dests(pos, "a1")
    assert "f4" in d and ("F5" not in d or d["F5"].path[0] != pos.board.parse("f4"))
    pos = position(unit("a1", "allies", "infantry", "F5"), unit("x1", "axis", "infantry", "f6"),
                   terrain=(t("F5", "fordable_stream"),))
    assert battle_check(pos, "a1", "x1").dice == 2


def test_mountain_card_30_artillery_on_it_fires_seven_hexes() -> None:
    pos = position(unit("a1", "allies", "artillery", "A1"), unit("x1", "axis", "infantry", "H1"),
                   terrain=(t("A1", "mountain"),))
    check = battle_check(pos, "a1", "x1")
    assert check.allowed and check.dice == 1  # 7 hexes: the 7th number, 1
    pos = position(unit("a1", "allies", "artillery", "A1"), unit("x1", "axis", "infantry", "H1"))
    assert not battle_check(pos, "a1", "x1").allowed  # off a mountain: 6 hexes at most


# --- terrain that plays as another card -------------------------------------------------------
AS_TOWNS = ["buildings", "desert_village", "winter_village", "hill_village"]


@pytest.mark.parametrize("kind", AS_TOWNS)
def test_towns_of_every_board_play_as_towns(kind: str) -> None:
    # base rules Appendix 2 (Towns & Villages), Terrain Pack p.3 (desert), winter boards
    assert TERRAIN[kind].protection == TERRAIN["town"].protection
    pos = position(unit("a1", "allies", "infantry", "F3"), terrain=(t("f4", kind),))
    assert not dests(pos, "a1")["f4"].can_battle  # stop on entering, no battle that turn
    assert not sees(position(terrain=(t("F5", kind),)), "F3", "F7")


def test_palm_forests_play_as_forests_and_winter_hills_as_hills() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F5", "palm_forest"),))
    assert battle_check(pos, "a1", "x1").dice == 1
    pos = position(unit("a1", "allies", "armor", "F3"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F5", "winter_hill"),))
    assert battle_check(pos, "a1", "x1").dice == 2


def test_a_pond_is_impassable_and_bridges_of_the_terrain_pack_cross_rivers() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"),
                   terrain=(t("f4", "pond"), t("e4", "river"), t("e4", "pontoon_bridge"),
                            t("G3", "river"), t("G3", "railroad_bridge")))
    d = dests(pos, "a1")
    assert "f4" not in d and "e4" in d and "G3" in d


def test_railroad_bridge_card_37_stops_armor() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"),
                   terrain=(t("f4", "river"), t("f4", "railroad_bridge")))
    d = dests(pos, "a1")
    assert "f4" in d and ("F5" not in d or d["F5"].path[0] != pos.board.parse("f4"))


def test_dam_card_20_bars_armor_ignores_a_flag_and_blocks_sight() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"), unit("a2", "allies", "infantry", "F5"),
                   terrain=(t("f4", "dam"), t("F5", "dam")))
    assert "f4" not in dests(pos, "a1")
    assert ignorable_flags(pos, pos.units["a2"]) == 1
    assert not sees(position(terrain=(t("F5", "dam"),)), "F3", "F7")


def test_dragons_teeth_bar_armor_and_block_sight() -> None:
    # Air Pack p.10: "They block line of sight"
    pos = position(unit("a1", "allies", "armor", "F3"), terrain=(t("f4", "dragons_teeth"),))
    assert "f4" not in dests(pos, "a1")
    assert not sees(position(terrain=(t("F5", "dragons_teeth"),)), "F3", "F7")


def test_high_ground_has_no_movement_or_combat_restriction() -> None:
    # Terrain Pack p.4 (Dikes & High Ground): "no movement restrictions, no combat restrictions"
    pos = position(unit("a1", "allies", "armor", "F3"), unit("x1", "axis", "infantry", "F7"),
                   terrain=(t("f4", "high_ground"),))
    d = dests(pos, "a1")
    assert d["f4"].can_battle and "F5" in d


def test_hospital_card_55_blocks_sight_and_its_healing_is_played() -> None:
    assert not sees(position(terrain=(t("F5", "hospital"),)), "F3", "F7")
    assert TERRAIN["hospital"].not_played == ""  # the game offers it (ruleflows.HealFlow)


def test_sea_bluffs_play_as_cliffs() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), terrain=(t("F3", "beach"),
                                                                    t("f4", "sea_bluff")))
    assert dests(pos, "a1")["f4"].path_length == 2


def test_rice_paddies_play_as_marshes_no_artillery_armor_stops_and_does_not_battle() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"), unit("a2", "allies", "artillery", "H3"),
                   terrain=(t("f4", "rice_paddies"), t("h4", "rice_paddies")))
    armor = dests(pos, "a1")
    assert "f4" in armor and not armor["f4"].can_battle  # armor stops and may not battle
    assert "h4" not in dests(pos, "a2")  # no artillery
    assert TERRAIN["rice_paddies"].no_overrun_into


def test_ravine_eastern_front_armor_and_artillery_may_not_enter_infantry_ignores_a_flag() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"), unit("a2", "allies", "artillery", "H3"),
                   unit("a3", "allies", "infantry", "D3"),
                   terrain=(t("f4", "ravine"), t("h4", "ravine"), t("d4", "ravine")))
    assert "f4" not in dests(pos, "a1") and "h4" not in dests(pos, "a2")
    assert dests(pos, "a3")["d4"].can_battle  # no restriction for infantry
    on = position(unit("a1", "allies", "infantry", "F5"), unit("a2", "allies", "armor", "H5"),
                  terrain=(t("F5", "ravine"),))
    assert ignorable_flags(on, on.units["a1"]) == 1
    assert not TERRAIN["ravine"].blocks_los
