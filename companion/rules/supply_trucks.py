"""Supply Trucks (Troops 17, "Supply Trucks - Detailed Rules", Days of Wonder): what their
losses are worth, and re-supply (Actions 24) where the scenario puts it in effect.

A supply truck unit is treated as infantry when targeted, moves 0-2 (+2 along a road: the
unit's ``road_bonus``) and never battles (``units.UNITS["supply_truck"]``). Its elimination is
no medal of its own: "we recommend placing each eliminated Supply Truck figure on a Medal
stand, until three figures are gathered, at which point you can replace the figures by a Medal
token". Figures a truck gives away by re-supplying never count. Every figure the enemy removes
counts, whether or not the unit is eliminated with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.rules.position import Position

RESUPPLY_VARIANT = "re_supply"


def figures_lost(start: Mapping[str, int], now: Mapping[str, int]) -> int:
    """Figures the enemy removed from the trucks ``start`` lists (unit id -> figures at the
    start): ``now`` gives each one's figures now (0 when eliminated; a truck that left the board
    by an exit keeps the figures it left with)."""
    return sum(max(0, n - now.get(uid, n)) for uid, n in start.items())


def medals_due(lost: int, figures_per_medal: int) -> int:
    """The medals ``lost`` truck figures are worth to the enemy (one per ``figures_per_medal``)."""
    return lost // figures_per_medal if figures_per_medal > 0 else 0


def per_medal(kinds: Iterable[int]) -> int:
    """The figures per medal of a side's trucks (their spec's ``figures_per_medal``; the
    largest when rules differ)."""
    return max(kinds, default=0)


def resupply_check(position: Position, truck_id: str, unit_id: str, figures: int,
                   strength: int) -> str | None:
    """Why ``truck_id`` may not re-supply ``unit_id`` with ``figures`` figures (None: it may).

    "For each Supply Truck figure removed by the player from its Supply Truck unit, one figure
    (of the correct type) is returned to a weakened adjacent friendly ground unit"; the unit
    may not gain more figures than ``strength`` (a full unit's figures). The
    truck gives up to all its figures (then it is simply removed, no medal)."""
    truck = position.units.get(truck_id)
    unit = position.units.get(unit_id)
    if truck is None or unit is None:
        return f"no unit {truck_id if truck is None else unit_id!r} on the board"
    if truck.spec.figures_per_medal <= 0 or truck.spec.dice:
        return f"{truck_id} is no supply truck"
    if unit.side is not truck.side or unit.spec.air or unit_id == truck_id:
        return f"{unit_id} is not a friendly ground unit"
    if unit.type == truck.type:
        return "a truck does not re-supply a truck"
    if unit.hex not in position.board.neighbours(truck.hex):
        return f"{unit_id} is not next to {truck_id}"
    missing = strength - unit.figures
    if missing <= 0:
        return f"{unit_id} is not weakened ({unit.figures} of {strength} figures)"
    if isinstance(figures, bool) or not isinstance(figures, int) or figures < 1:
        return "re-supply at least 1 figure"
    if figures > truck.figures:
        return f"{truck_id} has {truck.figures} figure{'s' if truck.figures != 1 else ''}"
    if figures > missing:
        return f"{unit_id} may gain {missing} figure{'s' if missing != 1 else ''} at most"
    return None


__all__ = ["RESUPPLY_VARIANT", "figures_lost", "medals_due", "per_medal", "resupply_check"]
