"""Collapsible rafts and boats: infantry that crosses a river in its own boats.

Sources (docs/rules-sources.md, "Collapsible boats"): the Terrain Pack's Actions card
"Collapsible Rafts & Boats" as the Days of Wonder cards compendium rules on it (action_5):
"A unit may only enter a bridge hex from a land hex, not directly from a collapsible raft or
boat"; "Units that are in collapsible rafts & boats cannot retreat. Instead, the unit loses 1
figure for each flag"; "The unit may move onto the river hex in the boat, turn 1. On another
turn it may be ordered to cross the river ... moves onto a land hex on the opposite side or
moves back to the side of the river it started on. After either of these choices the boat is
removed ... A third option when the unit is on a boat in the river is to move 1 hex to an
adjacent river hex." bga-memoir (Terrains/River.php, Units/Infantry.php) plays the same: a
river is passable to a unit with a boat and stops it, a unit afloat battles at -1 die and
takes a hit for each flag, and the boat is removed when the unit leaves the river for land.

The unit's boats are the rule variant ``collapsible_boats`` (its UnitSpec's ``boat_water``);
the game removes the variant when the unit lands (companion.game.ruleflows.BoatFlow).
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.rules.board import Hex
from companion.rules.position import Position, Unit
from companion.rules.terrain import TerrainSpec
from companion.rules.units import UnitSpec

VARIANT = "collapsible_boats"


def carries(spec: UnitSpec, specs: Iterable[TerrainSpec]) -> bool:
    """Whether the unit's boats carry it onto a hex of ``specs`` (water its boats cross, with
    no bridge: a bridge hex is entered from land only)."""
    if not spec.boat_water:
        return False
    specs = tuple(specs)
    return any(t.name in spec.boat_water for t in specs) and not any(t.bridge for t in specs)


def afloat_on(position: Position, h: Hex, spec: UnitSpec) -> bool:
    """Whether a unit of ``spec`` on ``h`` is afloat in its boats."""
    return bool(spec.boat_water) and bool(position.terrain.get(h)) and carries(
        spec, position.terrain_at(h))


def afloat(position: Position, unit: Unit) -> bool:
    """Whether ``unit`` is in its boats on the water."""
    return afloat_on(position, unit.hex, unit.spec)


def landed(position: Position, unit: Unit, came_from: Hex) -> bool:
    """Whether ``unit``, which came from ``came_from``, has just left the water for land (its
    boats are then removed)."""
    return afloat_on(position, came_from, unit.spec) and not afloat(position, unit)


__all__ = ["VARIANT", "afloat", "afloat_on", "carries", "landed"]
