"""Unit types: figures, movement, battle dice by range and special abilities.

Every number is data with a source; sources are listed in ``docs/rules-sources.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum


class UnitClass(StrEnum):
    """What a unit counts as for the dice symbol that hits it and for terrain reductions."""

    INFANTRY = "infantry"
    ARMOR = "armor"
    ARTILLERY = "artillery"
    AIR = "air"


@dataclass(frozen=True, slots=True)
class UnitSpec:
    name: str
    unit_class: UnitClass  # how it is ordered and which terrain reductions its attacks suffer
    figures: int
    move: int  # most hexes an ordered unit may move (then it may not battle beyond move_and_battle)
    move_and_battle: int  # most hexes it may move and still battle this turn
    dice: tuple[int, ...]  # dice by range: dice[0] at 1 hex (close assault), dice[1] at 2 hexes...
    needs_los: bool = True
    take_ground: bool = False
    overrun: bool = False
    retreat_hexes: int = 1  # hexes a retreat flag moves it (French resistance: up to 3)
    battles_after_terrain_stop: bool = False  # may battle on entering forest/town/hedgerow
    star_hits: frozenset[UnitClass] = frozenset()  # targets on which a star scores a hit
    hit_as: UnitClass | None = None  # class the attacker's dice must match (armored car: infantry)
    confirm_hits: bool = False  # hits are re-rolled and confirmed by a grenade (armored car)
    air: bool = False
    min_move: int = 0  # an ordered unit that moves must move at least this far (airplanes: 1)
    ignores_terrain_movement: bool = False  # air units fly over any terrain
    flies_over_units: bool = False  # may pass over (not end on) hexes holding units
    blocks_los_airborne: bool = True  # Air Pack airplanes in flight do not block line of sight
    air_rules: str | None = None  # the air rules the type belongs to ("air-pack", "flight-plan")
    source: str = ""

    @property
    def max_range(self) -> int:
        return len(self.dice)

    @property
    def target_class(self) -> UnitClass:
        """The class an attacker's symbol must match to hit this unit."""
        return self.hit_as or self.unit_class


_BASE = "base rules p.6-9"
_SPECIAL = "base rules Appendix 1 p.12-13"
_DB = "rules database seed (004)"
_AIR_PACK = "Air Pack rules (seed 000) p.4-5"
_FLIGHT_PLAN = "New Flight Plan rules (seed 001) Order an Air Unit"

_SPECIAL_FORCES = UnitSpec(
    "special_forces", UnitClass.INFANTRY, 4, 2, 2, (3, 2, 1), take_ground=True, source=_SPECIAL
)

UNITS: dict[str, UnitSpec] = {
    spec.name: spec
    for spec in (
        UnitSpec("infantry", UnitClass.INFANTRY, 4, 2, 1, (3, 2, 1), take_ground=True, source=_BASE),
        UnitSpec("armor", UnitClass.ARMOR, 3, 3, 3, (3, 3, 3), take_ground=True, overrun=True,
                 source=_BASE),
        UnitSpec("artillery", UnitClass.ARTILLERY, 2, 1, 0, (3, 3, 2, 2, 1, 1), needs_los=False,
                 source=_BASE),
        _SPECIAL_FORCES,
        # 504th PIR: "They play like US Rangers and other Special Infantry Units".
        replace(_SPECIAL_FORCES, name="504th_pir", source=f"{_DB}: 504th Parachute Infantry Regiment"),
        UnitSpec("elite_armor", UnitClass.ARMOR, 4, 3, 3, (3, 3, 3), take_ground=True,
                 overrun=True, source=_SPECIAL),
        UnitSpec("french_resistance", UnitClass.INFANTRY, 3, 2, 1, (3, 2, 1), take_ground=True,
                 retreat_hexes=3, battles_after_terrain_stop=True, source=_SPECIAL),
        # An infantry unit with an anti-tank gun: moves 1-2 but never battles after moving;
        # infantry dice and line of sight; a star hits armor.
        UnitSpec("anti_tank", UnitClass.INFANTRY, 3, 2, 0, (3, 2, 1), take_ground=True,
                 star_hits=frozenset({UnitClass.ARMOR}), source=f"{_DB}: Anti-Tank Gun"),
        # Ordered and battles as armor, attacked as infantry, hits confirmed by a grenade re-roll.
        UnitSpec("armored_car", UnitClass.ARMOR, 1, 4, 4, (3, 2, 1), take_ground=True,
                 overrun=True, hit_as=UnitClass.INFANTRY, confirm_hits=True,
                 source=f"{_DB}: Armored Car"),
        # Air Pack airplane: moves 1-4 over anything, battles by special actions only.
        UnitSpec("airplane", UnitClass.AIR, 1, 4, 4, (), needs_los=False, air=True, min_move=1,
                 ignores_terrain_movement=True, flies_over_units=True, blocks_los_airborne=False,
                 air_rules="air-pack", source=_AIR_PACK),
        # New Flight Plan air units: move up to 4, attack runs of 1 die per ammo marker; an air
        # unit occupies its hex and blocks line of sight even in flight.
        *(
            UnitSpec(kind, UnitClass.AIR, 1, 4, 4, (), needs_los=False, air=True, min_move=1,
                     ignores_terrain_movement=True, flies_over_units=True, air_rules="flight-plan",
                     source=_FLIGHT_PLAN)
            for kind in ("fighter", "fighter_bomber", "bomber")
        ),
    )
}
