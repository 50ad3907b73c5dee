"""Hill 317: while a unit of the side stands on one of the scenario's marked hexes, that side
may play a Recon 1 card as an Air Power strike (the Terrain Pack's "Calling in Air Strikes
(Hill 317 rule)"; base game scenario 16 Counter-attack on Mortain: "As long as either hex of
Hill 317 has an allied unit on it, the Allied player may play his 'Recon' cards as an Air
Power strike for that section").

bga-memoir ``Player::canHill317``: the Axis only under the Blitz rules, the Allies while one of
their units stands on a hex with the ``hill317`` property (the option ``hill317`` lists the
hexes). The scenario carries the rule as the variant ``hill_317`` whose value is the hex names,
space-separated.
"""

from __future__ import annotations

from companion.rules.board import Side
from companion.rules.position import Position

VARIANT = "hill_317"
SIDE = Side.ALLIES  # the side the marked hexes serve (bga-memoir canHill317)


def hexes(value: str) -> tuple[str, ...]:
    return tuple(value.replace(",", " ").split())


def held(position: Position, value: str, side: Side = SIDE) -> bool:
    """A unit of ``side`` stands on one of the marked hexes (``value``: their names)."""
    for name in hexes(value):
        try:
            h = position.board.parse(name)
        except ValueError:
            continue
        unit = position.unit_at(h)
        if unit is not None and unit.side is side and not unit.spec.air:
            return True
    return False


__all__ = ["SIDE", "VARIANT", "held", "hexes"]
