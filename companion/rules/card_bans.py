"""Command cards a scenario bars a side from playing.

5142 Counter-attack of the BEF (bga-memoir ``Scenarios/5142-CounterattackOfTheBEF.php``): "The
'Air Power' card cannot be played by the Allied player. If he draws it, he must immediately
discard it and draw a new one." (5841 The Surrender of Elster's Column bars it from the Axis
the same way.) bga-memoir sets no option for it; the importer reads it from the briefing
(``companion.scenarios.m44``).

A scenario carries its bans in one variant, ``"side:card,side:card"`` (e.g.
``"allies:air_power"``), made by :func:`encode` and read by :func:`parse`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.rules.board import Side
from companion.rules.cards import CARDS

VARIANT = "banned_cards"


class CardBanError(ValueError):
    """A ban that cannot be read (no side, an unknown card)."""


def encode(bans: Iterable[tuple[str, str]]) -> str:
    return ",".join(f"{side.lower()}:{card}" for side, card in dict.fromkeys(bans))


def parse(value: str) -> frozenset[tuple[Side, str]]:
    out: set[tuple[Side, str]] = set()
    for part in (p.strip() for p in value.split(",")):
        if not part:
            continue
        side, _, card = part.partition(":")
        if side not in ("allies", "axis") or card not in CARDS:
            raise CardBanError(f"banned cards {value!r}: want 'side:card,...' (e.g. "
                               "'allies:air_power'), a side and a command card id")
        out.add((Side(side), card))
    return frozenset(out)


def banned(variants: Mapping[str, str], side: Side, card_id: str) -> bool:
    """Whether ``side`` may not play ``card_id`` in a scenario with ``variants``."""
    value = variants.get(VARIANT)
    return bool(value) and (side, card_id) in parse(value or "")


__all__ = ["VARIANT", "CardBanError", "banned", "encode", "parse"]
