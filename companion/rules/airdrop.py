"""Airdrops: figures dropped over the board become units where they land.

Base game scenario 3, Sainte-Mere-Eglise (bga-memoir ``Scenarios/3-SainteMereEglise.php``, its
rules text): "Before the Allied side takes its first turn, the Allied player has an additional
airdrop. Hold 4 Infantry figures in your hand about 12 inches ... above the battlefield. Drop
the figures. If a figure falls off the board or lands in a hex with another friendly or enemy
unit, this figure is out of action and placed back into the box. No Victory Medal is awarded to
the Axis player on this occasion. If the figure is not out-of-action, place an additional 3
figures from the box into the Infantry figure's hex." A figure on a hex where its unit may not
stand (a lake, the ocean) is out of action too (our reading: the unit could not be placed).
The table drops the figures; the players say where each landed.
"""

from __future__ import annotations

from companion.rules.board import Hex
from companion.rules.position import Position
from companion.rules.terrain import hex_passable
from companion.rules.units import UNITS


def landing_problem(position: Position, h: Hex, unit_type: str) -> str | None:
    """Why a figure that landed on ``h`` is out of action (None: its unit is placed there)."""
    if not position.board.contains(h):
        return "off the board"
    if position.is_occupied(h):
        return f"on {position.board.name(h)}, a hex with another unit"
    if not hex_passable(position.terrain_at(h), UNITS[unit_type].unit_class):
        return f"on {position.board.name(h)}, where a {unit_type.replace('_', ' ')} may not stand"
    return None


__all__ = ["landing_problem"]
