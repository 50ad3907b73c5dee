"""Unit types: figures, movement, battle dice by range and special abilities.

Every number is data with a source; sources are listed in ``docs/rules-sources.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
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
    unit_class: UnitClass
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
    source: str = ""

    @property
    def max_range(self) -> int:
        return len(self.dice)

    @property
    def target_class(self) -> UnitClass:
        """The class an attacker's symbol must match to hit this unit."""
        return self.hit_as or self.unit_class


_BASE = "base rules p.6-7"
_SPECIAL = "base rules Appendix 1 p.12-13"

UNITS: dict[str, UnitSpec] = {
    spec.name: spec
    for spec in (
        UnitSpec("infantry", UnitClass.INFANTRY, 4, 2, 1, (3, 2, 1), take_ground=True, source=_BASE),
        UnitSpec("armor", UnitClass.ARMOR, 3, 3, 3, (3, 3, 3), take_ground=True, overrun=True,
                 source=_BASE),
        UnitSpec("artillery", UnitClass.ARTILLERY, 2, 1, 0, (3, 3, 2, 2, 1, 1), needs_los=False,
                 source=_BASE),
        UnitSpec("special_forces", UnitClass.INFANTRY, 4, 2, 2, (3, 2, 1), take_ground=True,
                 source=_SPECIAL),
        UnitSpec("elite_armor", UnitClass.ARMOR, 4, 3, 3, (3, 3, 3), take_ground=True,
                 overrun=True, source=_SPECIAL),
        UnitSpec("french_resistance", UnitClass.INFANTRY, 3, 2, 1, (3, 2, 1), take_ground=True,
                 retreat_hexes=3, battles_after_terrain_stop=True, source=_SPECIAL),
    )
}
