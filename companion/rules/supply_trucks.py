"""Supply Trucks (Troops 17, "Supply Trucks - Detailed Rules", Days of Wonder): what their
losses are worth.

A supply truck unit is treated as infantry when targeted, moves 0-2 (+2 along a road: the
unit's ``road_bonus``) and never battles (``units.UNITS["supply_truck"]``). Its elimination is
no medal of its own: "we recommend placing each eliminated Supply Truck figure on a Medal
stand, until three figures are gathered, at which point you can replace the figures by a Medal
token". Figures a truck gives away by re-supplying never count. Every figure the enemy removes
counts, whether or not the unit is eliminated with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


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


__all__ = ["figures_lost", "medals_due", "per_medal"]
