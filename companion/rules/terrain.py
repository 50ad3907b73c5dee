"""Terrain and obstacles: movement, battle, line of sight and retreat effects, as data.

A hex may carry several entries (a hill with sandbags). Sources: ``docs/rules-sources.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from companion.rules.units import UnitClass

_NONE: Mapping[UnitClass, int] = MappingProxyType({})


def reductions(infantry: int = 0, armor: int = 0, artillery: int = 0) -> Mapping[UnitClass, int]:
    """Battle-dice reductions by attacking unit class."""
    return MappingProxyType(
        {UnitClass.INFANTRY: infantry, UnitClass.ARMOR: armor, UnitClass.ARTILLERY: artillery}
    )


@dataclass(frozen=True, slots=True)
class TerrainSpec:
    name: str
    obstacle: bool = False  # an obstacle placed on a terrain hex (sandbags, wire...)
    blocks_los: bool = False
    height: int = 0  # hills: 1; line of sight over it is blocked, same-height plateau is not
    stop_on_enter: bool = False
    no_battle_after_enter: bool = False
    enter_from_adjacent_only: bool = False  # hedgerow: the move must start next to it
    leave_to_adjacent_only: bool = False  # hedgerow: leaving, move only one hex
    impassable: bool = False
    impassable_for: frozenset[UnitClass] = frozenset()
    max_move_onto: int | None = None  # a unit that moves onto it moves at most this many hexes
    # dice reduction for attackers of a unit on this hex, by attacker class; the best single
    # protection in the hex applies (reductions from several entries do not add up)
    protection: Mapping[UnitClass, int] = field(default=_NONE)
    protection_needs_height: bool = False  # hill: only when the attacker is lower
    attacker_reduction: Mapping[UnitClass, int] = field(default=_NONE)  # battling out of it
    no_battle_from: bool = False  # a unit on it may not battle (ocean)
    ignore_flags: int = 0  # flags the unit on it may ignore
    ignore_flags_for: frozenset[UnitClass] = frozenset()  # empty: every class
    retreat_blocked: bool = False  # a retreat may not enter it (ocean, river without bridge)
    source: str = ""


_APP2 = "base rules Appendix 2 p.13-15"

TERRAIN: dict[str, TerrainSpec] = {
    spec.name: spec
    for spec in (
        TerrainSpec("countryside", source="base rules p.4"),
        TerrainSpec("forest", blocks_los=True, stop_on_enter=True, no_battle_after_enter=True,
                    protection=reductions(infantry=1, armor=2), source=_APP2),
        TerrainSpec("hedgerow", blocks_los=True, stop_on_enter=True, no_battle_after_enter=True,
                    enter_from_adjacent_only=True, leave_to_adjacent_only=True,
                    protection=reductions(infantry=1, armor=2), source=_APP2),
        TerrainSpec("hill", height=1, protection=reductions(infantry=1, armor=1),
                    protection_needs_height=True, source=_APP2),
        TerrainSpec("town", blocks_los=True, stop_on_enter=True, no_battle_after_enter=True,
                    protection=reductions(infantry=1, armor=2),
                    attacker_reduction=reductions(armor=2), source=_APP2),
        TerrainSpec("river", impassable=True, retreat_blocked=True, source=_APP2),
        TerrainSpec("ocean", max_move_onto=1, no_battle_from=True, retreat_blocked=True,
                    source=_APP2),
        TerrainSpec("beach", max_move_onto=2, source=_APP2),
    )
}
