"""HQ & Supply Tents (terrain card 56): a captured HQ costs its owner a command card.

Rules: when an enemy unit takes an HQ/Supply Tent hex, the side it belongs to plays with one
command card fewer (it discards one and draws no replacement) until one of its units takes the
hex back. Sources: docs/rules-sources.md (the Pacific Theater rules as summarised on
mikkosgameblog.com: "if your opponent takes one over, you'll lose a command card and must play
with a smaller hand until you reclaim the HQ").

An HQ is any terrain whose spec says ``headquarters`` (an HQ under the Oasis Recovery rule
too). The HQ's side is the piece's owner (``Position.terrain_owners``, the editor's
``original_owner``); an HQ without one is captured by nobody. The game layer keeps the set of
captured HQ hexes, updates it with :func:`captured_hqs` after every move, retreat and
elimination, and deals hands of :func:`hand_size` cards.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.rules.board import Hex, Side
from companion.rules.position import Position
from companion.rules.terrain import TERRAIN

HQ_TERRAIN = "headquarters"


def hq_hexes(position: Position) -> dict[Hex, Side]:
    """Every HQ hex with the side it belongs to."""
    out: dict[Hex, Side] = {}
    for h, names in position.terrain.items():
        for name in names:
            spec = TERRAIN.get(name)
            owner = position.terrain_owner(h, name) if spec and spec.headquarters else None
            if owner is not None:
                out[h] = owner
    return out


def captured_hqs(position: Position, captured: Iterable[Hex] = ()) -> frozenset[Hex]:
    """The HQ hexes captured now: those held by an enemy unit, and those captured before that
    no unit of their side has taken back."""
    out = set(captured)
    for h, owner in hq_hexes(position).items():
        unit = position.unit_at(h)
        if unit is None:
            continue
        if unit.side is owner:
            out.discard(h)
        else:
            out.add(h)
    return frozenset(out)


def hand_size(position: Position, side: Side, base: int, captured: Iterable[Hex]) -> int:
    """The command cards ``side`` holds: the scenario's ``base`` less one per captured HQ of
    its own (never below 0)."""
    mine = hq_hexes(position)
    lost = sum(1 for h in set(captured) if mine.get(h) is side)
    return max(0, base - lost)


__all__ = ["HQ_TERRAIN", "captured_hqs", "hand_size", "hq_hexes"]
