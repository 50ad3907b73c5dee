"""Medals for an empty section: a scenario may give a side medals while one of the sections it
names holds no enemy unit, taken back when none of them is empty any more.

bga-memoir's option ``empty_section_medals`` = {"side", "sections", "count_for"}
(``Medals::checkEmptySectionMedal``): whenever the medals are looked at again, if any listed
section holds no unit of the side's opponent and the side has no such medal yet, it gets
``count_for`` medals; if it has them and no listed section is empty, it loses them. Sections
are numbered 0, 1, 2 left to right by the editor's columns (``Units::$sections``: a section runs
from one bound to the next, both included: standard and Breakthrough boards 0-7, 7-17, 17-24;
Overlord 0-17, 17-33, 33-50), as the board is drawn, the same for both sides.

A rule is carried in a scenario's variants as one string, ``"side:sections:medals"`` (e.g.
``"allies:0,2:1"``), made by :func:`encode` and read by :func:`parse`.
"""

from __future__ import annotations

from companion.rules.board import BoardKind, Side
from companion.rules.position import Position
from companion.rules.records import dataclass

VARIANT = "empty_section_medals"
SECTION_COLUMNS: dict[BoardKind, tuple[int, ...]] = {
    BoardKind.STANDARD: (0, 7, 17, 24),
    BoardKind.BREAKTHROUGH: (0, 7, 17, 24),
    BoardKind.OVERLORD: (0, 17, 33, 50),
}


class EmptySectionError(ValueError):
    """A rule that cannot be read (no side, a section that is not 0-2, a negative count)."""


@dataclass(frozen=True)
class EmptySectionRule:
    side: Side  # the side that wins the medals
    sections: tuple[int, ...]  # 0 left, 1 centre, 2 right (the editor's columns)
    medals: int


def encode(side: str, sections: list[int] | tuple[int, ...], medals: int) -> str:
    return f"{side.lower()}:{','.join(str(s) for s in sections)}:{medals}"


def parse(value: str) -> EmptySectionRule:
    parts = value.split(":")
    if len(parts) != 3 or parts[0] not in ("allies", "axis"):
        raise EmptySectionError(f"empty section medals {value!r}: want 'side:sections:medals' "
                                "(e.g. 'allies:0,2:1')")
    try:
        sections = tuple(int(s) for s in parts[1].split(",") if s)
        medals = int(parts[2])
    except ValueError:
        raise EmptySectionError(f"empty section medals {value!r}: sections and medals are "
                                "whole numbers") from None
    if not sections or any(s not in (0, 1, 2) for s in sections) or medals < 0:
        raise EmptySectionError(f"empty section medals {value!r}: sections 0-2, medals >= 0")
    return EmptySectionRule(Side(parts[0]), sections, medals)


def section_empty(position: Position, side: Side, section: int) -> bool:
    """No ground unit of ``side`` stands in ``section`` (bounds included)."""
    bounds = SECTION_COLUMNS[position.board.kind]
    lo, hi = bounds[section], bounds[section + 1]
    return not any(u.side is side and not u.spec.air and lo <= u.hex.col <= hi
                   for u in position.units.values())


def medals_due(position: Position, rule: EmptySectionRule) -> int:
    """The medals the rule's side holds now: its count while a listed section is empty of the
    enemy, else none."""
    enemy = rule.side.other
    return rule.medals if any(section_empty(position, enemy, s) for s in rule.sections) else 0


__all__ = ["SECTION_COLUMNS", "VARIANT", "EmptySectionError", "EmptySectionRule", "encode",
           "medals_due", "parse", "section_empty"]
