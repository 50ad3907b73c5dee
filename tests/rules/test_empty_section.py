"""Medals for an empty section (bga-memoir empty_section_medals, Medals::checkEmptySectionMedal):
a section runs between the editor's column bounds 0-7, 7-17, 17-24 (both included), and the
side named holds its medals while a listed section has no enemy unit."""

from __future__ import annotations

import pytest

from companion.rules import empty_section
from companion.rules.board import Board, BoardKind, Hex, Side
from companion.rules.position import Position, Unit

A, X = Side.ALLIES, Side.AXIS
BOARD = Board.of(BoardKind.STANDARD, A)


def _pos(*units: tuple[str, Side, str, Hex]) -> Position:
    return Position(BOARD, units={uid: Unit(uid, side, kind, h, 4) for uid, side, kind, h in units})


def test_a_section_is_empty_when_no_enemy_ground_unit_stands_between_its_bounds() -> None:
    pos = _pos(("x1", X, "infantry", Hex(9, 1)), ("a1", A, "infantry", Hex(2, 8)))
    assert empty_section.section_empty(pos, X, 0)       # cols 0-7: the Allied unit only
    assert not empty_section.section_empty(pos, X, 1)   # cols 7-17: x1 at col 9
    assert empty_section.section_empty(pos, X, 2)


def test_a_unit_on_the_dividing_column_is_in_both_sections() -> None:
    pos = _pos(("x1", X, "infantry", Hex(7, 1)))
    assert not empty_section.section_empty(pos, X, 0)
    assert not empty_section.section_empty(pos, X, 1)
    assert empty_section.section_empty(pos, X, 2)


def test_medals_due_while_any_listed_section_is_empty_and_none_once_all_are_held() -> None:
    rule = empty_section.parse("allies:0,2:2")
    pos = _pos(("x1", X, "infantry", Hex(3, 1)), ("x2", X, "infantry", Hex(21, 1)))
    assert empty_section.medals_due(pos, rule) == 0
    pos.remove_unit("x2")
    assert empty_section.medals_due(pos, rule) == 2


def test_the_rule_string_round_trips_and_bad_ones_are_refused() -> None:
    text = empty_section.encode("AXIS", [1], 1)
    assert text == "axis:1:1"
    assert empty_section.parse(text) == empty_section.EmptySectionRule(X, (1,), 1)
    for bad in ("allies", "allies:3:1", "nobody:0:1", "allies::1", "allies:0:x", "allies:0:-1"):
        with pytest.raises(empty_section.EmptySectionError):
            empty_section.parse(bad)
