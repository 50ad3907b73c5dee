"""Unit data: every number the seeds give, checked against the table."""

from __future__ import annotations

import pytest

from companion.rules.units import UNITS, UnitClass


def test_standard_units_base_rules() -> None:
    inf, arm, art = UNITS["infantry"], UNITS["armor"], UNITS["artillery"]
    assert (inf.figures, inf.move, inf.move_and_battle, inf.dice) == (4, 2, 1, (3, 2, 1))
    assert (arm.figures, arm.move, arm.move_and_battle, arm.dice) == (3, 3, 3, (3, 3, 3))
    assert (art.figures, art.move, art.move_and_battle, art.dice) == (2, 1, 0, (3, 3, 2, 2, 1, 1))
    assert inf.needs_los and arm.needs_los and not art.needs_los
    assert inf.take_ground and arm.overrun and not art.take_ground and not inf.overrun


def test_special_forces_move_2_and_battle() -> None:
    sf = UNITS["special_forces"]
    assert (sf.move, sf.move_and_battle, sf.unit_class) == (2, 2, UnitClass.INFANTRY)


def test_504th_pir_plays_like_special_forces() -> None:
    pir, sf = UNITS["504th_pir"], UNITS["special_forces"]
    assert (pir.move, pir.move_and_battle, pir.dice, pir.figures) == (sf.move, sf.move_and_battle,
                                                                       sf.dice, sf.figures)


def test_elite_armor_has_4_figures() -> None:
    assert UNITS["elite_armor"].figures == 4
    assert UNITS["elite_armor"].overrun


def test_french_resistance_3_figures_retreat_3_battle_in_terrain_but_not_after_2() -> None:
    fr = UNITS["french_resistance"]
    assert (fr.figures, fr.retreat_hexes, fr.battles_after_terrain_stop) == (3, 3, True)
    assert fr.move_and_battle == 1


def test_anti_tank_gun_moves_1_or_2_never_battles_after_moving_star_hits_armor() -> None:
    at = UNITS["anti_tank"]
    assert (at.move, at.move_and_battle, at.dice) == (2, 0, (3, 2, 1))
    assert at.needs_los and UnitClass.ARMOR in at.star_hits and UnitClass.INFANTRY not in at.star_hits


def test_armored_car_ordered_as_armor_attacked_as_infantry() -> None:
    car = UNITS["armored_car"]
    assert (car.figures, car.move, car.move_and_battle, car.dice) == (1, 4, 4, (3, 2, 1))
    assert car.unit_class is UnitClass.ARMOR and car.target_class is UnitClass.INFANTRY
    assert car.take_ground and car.overrun and car.confirm_hits


@pytest.mark.parametrize("name,rules,blocks", [
    ("airplane", "air-pack", False),
    ("fighter", "flight-plan", True),
    ("fighter_bomber", "flight-plan", True),
    ("bomber", "flight-plan", True),
])
def test_air_rows(name: str, rules: str, blocks: bool) -> None:
    spec = UNITS[name]
    assert spec.air and spec.unit_class is UnitClass.AIR and spec.air_rules == rules
    assert spec.move == 4 and spec.ignores_terrain_movement and spec.flies_over_units
    assert spec.blocks_los_airborne is blocks


def test_every_unit_has_a_source_and_sane_numbers() -> None:
    for name, spec in UNITS.items():
        assert spec.name == name and spec.source
        assert 0 <= spec.move_and_battle <= spec.move and spec.figures >= 1
        assert all(d > 0 for d in spec.dice)
