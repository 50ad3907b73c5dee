"""North African Desert rules: an armor unit that takes ground may move one more hex.

Rules (Terrain Pack rulebook p.3, "North African Desert Rules"; bga-memoir ST_DESERT_MOVE):
when the rules are in effect, an armor unit that has taken ground after a successful close
assault may move 1 more hex before its overrun combat; the move obeys every movement rule
(terrain that stops a move stops it: after taking ground into a forest there is no extra hex).
Sources: docs/rules-sources.md.

The game layer asks :func:`desert_extra_move` for the hexes after a take-ground of an armor
unit when :func:`desert_rules_on` says the scenario uses the rules, moves the unit there if the
player wants, then offers the overrun as usual (``battle.battle_check(..., overrun=True)``).
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.board import Hex
from companion.rules.movement import MoveError, move_destinations
from companion.rules.position import Position

DESERT_EXTRA_HEXES = 1


def desert_rules_on(variants: Mapping[str, str]) -> bool:
    """Whether a scenario's rule variants include the North African Desert rules."""
    return "north_african_desert" in variants


def desert_extra_move(position: Position, unit_id: str) -> list[Hex]:
    """The hexes the armor unit ``unit_id``, which has just taken ground, may move on to
    (one hex; empty when it may not move again). Raises MoveError for an unknown unit."""
    unit = position.units.get(unit_id)
    if unit is None:
        raise MoveError(f"no unit has the id {unit_id!r}")
    if not unit.spec.overrun:
        return []
    # the take-ground hex counts as entered this turn: terrain that stops a move stops it
    moved = max(unit.moved, 1)
    saved = unit.moved
    unit.moved = moved
    try:
        found = move_destinations(position, unit_id, moved + DESERT_EXTRA_HEXES,
                                  battle_limit=moved + DESERT_EXTRA_HEXES)
    finally:
        unit.moved = saved
    return sorted((h for h, info in found.items() if h != unit.hex), key=lambda h: (h.row, h.col))


__all__ = ["DESERT_EXTRA_HEXES", "desert_extra_move", "desert_rules_on"]
