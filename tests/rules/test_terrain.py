"""Terrain data: the numbers of base rules Appendix 2 and the obstacles, as the engine reads them."""

from __future__ import annotations

import pytest

from companion.rules.terrain import TERRAIN, best_protection, hex_passable
from companion.rules.units import UnitClass

INF, ARM, ART = UnitClass.INFANTRY, UnitClass.ARMOR, UnitClass.ARTILLERY

CONTRACT_TYPES = ["countryside", "forest", "hedgerow", "hill", "town", "river", "ocean", "beach",
                  "bridge", "sandbags", "barbed_wire", "hedgehogs", "bunker", "minefield", "marsh",
                  "airfield", "aircraft_carrier"]


@pytest.mark.parametrize("name", CONTRACT_TYPES)
def test_every_contract_terrain_exists_with_a_source(name: str) -> None:
    assert TERRAIN[name].name == name and TERRAIN[name].source


@pytest.mark.parametrize("name", ["forest", "hedgerow", "town"])
def test_forest_hedgerow_town_stop_no_battle_minus_1_infantry_minus_2_armor(name: str) -> None:
    t = TERRAIN[name]
    assert t.stop_on_enter and t.no_battle_after_enter and t.blocks_los
    assert (t.protection[INF], t.protection[ARM], t.protection.get(ART, 0)) == (1, 2, 0)


def test_armor_battling_out_of_a_town_rolls_2_fewer() -> None:
    assert TERRAIN["town"].attacker_reduction[ARM] == 2
    assert TERRAIN["town"].attacker_reduction.get(INF, 0) == 0


def test_hill_protects_1_only_from_below_and_has_height() -> None:
    h = TERRAIN["hill"]
    assert h.height == 1 and h.protection_needs_height
    assert (h.protection[INF], h.protection[ARM], h.protection.get(ART, 0)) == (1, 1, 0)
    assert not h.blocks_los  # the hill rule is a height rule, not plain blocking


def test_river_impassable_unless_bridged_and_does_not_block_los() -> None:
    river = TERRAIN["river"]
    assert river.impassable and river.retreat_blocked and not river.blocks_los
    assert not hex_passable([river], ARM)
    assert hex_passable([river, TERRAIN["bridge"]], ARM)


def test_ocean_one_hex_no_battle_no_retreat_beach_two_hexes() -> None:
    assert TERRAIN["ocean"].max_move_onto == 1 and TERRAIN["ocean"].no_battle_from
    assert TERRAIN["ocean"].retreat_blocked
    assert TERRAIN["beach"].max_move_onto == 2 and not TERRAIN["beach"].blocks_los


def test_bunker_only_infantry_enters_ignores_a_flag_blocks_los() -> None:
    b = TERRAIN["bunker"]
    assert hex_passable([b], INF) and not hex_passable([b], ARM) and not hex_passable([b], ART)
    assert b.ignore_flags == 1 and b.blocks_los and b.protection_scenario_side_only
    assert not b.stops_battle_on_entry(INF)


def test_sandbags_and_hedgehogs_ignore_first_flag() -> None:
    assert TERRAIN["sandbags"].ignore_flags == 1 and TERRAIN["hedgehogs"].ignore_flags == 1
    assert not hex_passable([TERRAIN["hedgehogs"]], ARM) and hex_passable([TERRAIN["hedgehogs"]], INF)


def test_protection_in_one_hex_does_not_add_up() -> None:
    # base rules: a bunker on a hill protects by 2 against armor, not 2 + 1
    assert best_protection([TERRAIN["hill"], TERRAIN["bunker"]], ARM) == 2
    assert best_protection([TERRAIN["town"], TERRAIN["sandbags"]], INF) == 1


def test_bridge_does_not_open_an_obstacle() -> None:
    assert not hex_passable([TERRAIN["river"], TERRAIN["bridge"], TERRAIN["hedgehogs"]], ARM)


def test_air_check_values_airfield_0_carrier_1_countryside_0() -> None:
    assert TERRAIN["airfield"].air_check_dice == 0
    assert TERRAIN["aircraft_carrier"].air_check_dice == 1
    assert TERRAIN["countryside"].air_check_dice == 0


def test_flooded_field_stops_armor_battle_only() -> None:
    f = TERRAIN["flooded_field"]
    assert f.stops_battle_on_entry(ARM) and not f.stops_battle_on_entry(INF)


def test_no_terrain_blocking_los_without_reason() -> None:
    clear = ["countryside", "hill", "river", "ocean", "beach", "bridge", "sandbags", "barbed_wire",
             "hedgehogs", "minefield", "marsh", "airfield", "road", "wadi"]
    assert [n for n in clear if TERRAIN[n].blocks_los] == []


def test_rules_sources_doc_tables_match_the_data() -> None:
    from pathlib import Path

    from tests.rules.rules_tables import terrain_table, unit_table

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules-sources.md").read_text()
    assert terrain_table() in doc, "regenerate with: python -m tests.rules.rules_tables"
    assert unit_table() in doc, "regenerate with: python -m tests.rules.rules_tables"


def test_church_is_a_town_that_ignores_a_flag_fortress_is_a_bunker_for_either_side() -> None:
    c, f = TERRAIN["church"], TERRAIN["fortress"]
    assert c.stop_on_enter and c.blocks_los and c.ignore_flags == 1 and c.protection[ARM] == 2
    assert f.ignore_flags == 1 and not f.protection_scenario_side_only and f.protection[ARM] == 2


def test_mountain_protection_only_for_a_lower_attacker_and_higher_than_a_hill() -> None:
    m = TERRAIN["mountain"]
    assert m.height == 2 > TERRAIN["hill"].height and m.protection_needs_height
    assert (m.protection[INF], m.protection[ARM], m.protection.get(ART, 0)) == (2, 2, 0)


def test_ford_and_barbed_wire_reduce_the_dice_of_a_unit_battling_out() -> None:
    assert TERRAIN["ford"].attacker_reduction[ART] == 1
    assert TERRAIN["barbed_wire"].attacker_reduction[INF] == 1
    assert TERRAIN["barbed_wire"].attacker_reduction.get(ARM, 0) == 0


def test_unknown_terrain_or_unit_names_what_is_allowed() -> None:
    from companion.rules.board import Board, Hex, Side
    from companion.rules.position import Position, PositionError, Unit

    with pytest.raises(PositionError, match="unknown terrain 'swamp'; allowed: .*marsh"):
        Position(Board.of(), terrain={Hex(0, 0): ("swamp",)})
    with pytest.raises(PositionError, match="unknown unit type 'panther'; allowed: .*elite_armor"):
        Position(Board.of()).add_unit(Unit("t", Side.AXIS, "panther", Hex(0, 0), 4))
