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
from companion.rules.units import UnitClass

DESERT_EXTRA_HEXES = 1


def desert_rules_on(variants: Mapping[str, str]) -> bool:
    """Whether a scenario's rule variants include the North African Desert rules."""
    return "north_african_desert" in variants


def desert_move_refusal(spec_class: UnitClass, overrun: bool) -> str | None:
    """Why a unit of this class (and overrun ability this turn) gets no desert move, or None.

    The rule is an armor unit's ("an armor unit that takes ground ... may move 1 more hex"):
    cavalry, which takes ground and battles again "like an armor overrun" (troop card 8), is
    infantry and gets no extra hex (bga-memoir ``actTakeGround``: ``getType() == ARMOR``). An
    armor unit that may not overrun this turn (brought in by an Armor Breakthrough) gets none
    either: the hex is moved before the overrun battle (our reading, docs/rules-referee.md)."""
    if spec_class is not UnitClass.ARMOR:
        return "only an armor unit that took ground moves 1 more hex"
    if not overrun:
        return "it may not make an armor overrun this turn, so it gets no extra hex before one"
    return None


def desert_extra_move(position: Position, unit_id: str) -> list[Hex]:
    """The hexes the armor unit ``unit_id``, which has just taken ground, may move on to
    (one hex; empty when it may not move again). Raises MoveError for an unknown unit."""
    unit = position.units.get(unit_id)
    if unit is None:
        raise MoveError(f"no unit has the id {unit_id!r}")
    if desert_move_refusal(unit.spec.unit_class, unit.spec.overrun) is not None:
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


__all__ = ["DESERT_EXTRA_HEXES", "desert_extra_move", "desert_move_refusal", "desert_rules_on"]
