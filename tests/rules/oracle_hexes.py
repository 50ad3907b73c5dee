"""Board geometry the blind rules oracles share: the contract's hex names and a hex's neighbours.

The oracles (``test_referee_audit_oracles.py``, ``test_troop_oracle.py``,
``test_terrain_oracle.py``) write the rules again from their texts without the rules core; how a
hex is spelled in a referee query (``rules-query.md``: column letter, upper case on even columns,
lower case on odd, rows counted from the bottom) and which hexes touch are no rule, so they live
here once.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

Hexish = tuple[int, int]  # (column, row), row 0 at the top; a hex's column and row share parity

DIRECTIONS: tuple[Hexish, ...] = ((2, 0), (-2, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))


def hex_name(h: Hexish, height: int) -> str:
    """The contract's name of hex ``h`` on a board ``height`` rows tall."""
    c, r = h
    letter = chr(ord("A") + c // 2) if c % 2 == 0 else chr(ord("a") + c // 2)
    return f"{letter}{height - r}"


def hex_neighbours(h: Hexish, on_board: Collection[Hexish]) -> Iterator[Hexish]:
    """The hexes next to ``h`` that are on the board."""
    for dc, dr in DIRECTIONS:
        n = (h[0] + dc, h[1] + dr)
        if n in on_board:
            yield n
