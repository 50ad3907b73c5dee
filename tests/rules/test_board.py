"""Board geometry: names, neighbours, distance, sections, edges, home rows (base rules p.4)."""

from __future__ import annotations

import pytest

from companion.rules.board import Board, BoardKind, Hex, HexNameError, Section, Side, distance


@pytest.fixture
def std() -> Board:
    return Board.of("standard")


def test_hex_names_follow_the_scenario_editor(std: Board) -> None:
    assert std.parse("A9") == Hex(0, 0)
    assert std.parse("A1") == Hex(0, 8)
    assert std.parse("a8") == Hex(1, 1)
    assert std.parse("G5") == Hex(12, 4)
    assert std.parse("M1") == Hex(24, 8)
    assert std.name(Hex(23, 7)) == "l2"


@pytest.mark.parametrize("bad", ["A8", "N1", "m2", "A10", "A0", "", "G", "5G", "?3", "a9"])
def test_half_hexes_and_garbage_are_not_hexes(std: Board, bad: str) -> None:
    with pytest.raises(HexNameError):
        std.parse(bad)


def test_board_sizes() -> None:
    assert len(Board.of("standard").all_hexes) == 5 * 13 + 4 * 12
    assert len(Board.of("breakthrough").all_hexes) == 9 * 13 + 8 * 12
    assert len(Board.of("overlord").all_hexes) == 5 * 26 + 4 * 25
    assert Board.of("breakthrough").parse("A17") == Hex(0, 0)
    assert Board.of("overlord").parse("Z9") == Hex(50, 0)


def test_unknown_board_or_side_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="allowed: standard, breakthrough, overlord"):
        Board.of("hexagonal")
    with pytest.raises(ValueError, match="allies, axis"):
        Board.of("standard", "soviets")


def test_neighbours_and_distance(std: Board) -> None:
    g5 = std.parse("G5")
    assert sorted(std.name(n) for n in std.neighbours(g5)) == sorted(["F5", "H5", "f6", "g6", "f4", "g4"])
    assert len(std.neighbours(std.parse("A9"))) == 2
    assert distance(std.parse("A1"), std.parse("M1")) == 12
    assert distance(std.parse("A9"), std.parse("A1")) == 8
    assert distance(std.parse("G5"), std.parse("g4")) == 1


def test_edge_hexes(std: Board) -> None:
    assert std.is_edge(std.parse("A5"))
    assert std.is_edge(std.parse("a6"))  # next to a half hex
    assert std.is_edge(std.parse("G9"))
    assert not std.is_edge(std.parse("G5"))
    assert sum(1 for h in std.all_hexes if std.is_edge(h)) == 13 + 13 + 2 * 3 + 2 * 4


def test_home_rows_follow_the_bottom_side() -> None:
    b = Board.of("standard", "axis")
    assert b.home_row(Side.AXIS) == 8
    assert b.home_row(Side.ALLIES) == 0
    assert b.toward_home(Side.ALLIES) == -1


def test_sections_standard_board_dotted_hexes_belong_to_two_sections(std: Board) -> None:
    # 13-hex rows: the lines run along hex sides, 4 + 5 + 4 (bga-memoir Units::$sections
    # [0, 7, 17, 24]: the editor's columns, bounds in both sections)
    row = [std.sections(std.parse(f"{c}5"), Side.ALLIES) for c in "ABCDEFGHIJKLM"]
    assert row == [frozenset({Section.LEFT})] * 4 + [frozenset({Section.CENTER})] * 5 + [
        frozenset({Section.RIGHT})] * 4
    # 12-hex rows: the lines cut the 4th and 9th hexes, 3 + dotted + 4 + dotted + 3
    even = [std.sections(std.parse(f"{c}4"), Side.ALLIES) for c in "abcdefghijkl"]
    assert even[:3] == [frozenset({Section.LEFT})] * 3
    assert even[3] == frozenset({Section.LEFT, Section.CENTER})
    assert even[4:8] == [frozenset({Section.CENTER})] * 4
    assert even[8] == frozenset({Section.CENTER, Section.RIGHT})
    assert even[9:] == [frozenset({Section.RIGHT})] * 3
    # every row the same: the dotted hexes are d2, d4, d6, d8 and i2, i4, i6, i8
    dotted = sorted(std.name(h) for h in std.all_hexes if len(std.sections(h, Side.ALLIES)) == 2)
    assert dotted == ["d2", "d4", "d6", "d8", "i2", "i4", "i6", "i8"]


def test_sections_are_mirrored_for_the_player_at_the_top(std: Board) -> None:
    a5 = std.parse("A5")
    assert std.sections(a5, Side.ALLIES) == {Section.LEFT}
    assert std.sections(a5, Side.AXIS) == {Section.RIGHT}
    assert std.sections(std.parse("d6"), Side.AXIS) == {Section.RIGHT, Section.CENTER}
    assert std.sections(std.parse("E5"), Side.AXIS) == {Section.CENTER}


def test_overlord_sections_are_double_sized() -> None:
    # Overlord rules: two boards side by side, their sections combined in pairs: the left
    # board's right line (17) and the right board's left line (26 + 7)
    ov = Board.of(BoardKind.OVERLORD)
    counts = {s: 0 for s in Section}
    for h in ov.all_hexes:
        if h.row == 0:
            for s in ov.sections(h, Side.ALLIES):
                counts[s] += 1
    assert counts == {Section.LEFT: 9, Section.CENTER: 8, Section.RIGHT: 9}  # 26 hexes, no dotted
    assert ov.sections(Hex(17, 1), Side.ALLIES) == {Section.LEFT, Section.CENTER}
    assert ov.sections(Hex(33, 1), Side.ALLIES) == {Section.CENTER, Section.RIGHT}
    assert ov.sections(Hex(16, 0), Side.ALLIES) == {Section.LEFT}


def test_home_edge_is_the_bottom_row_for_the_bottom_side(std: Board) -> None:
    assert [std.name(h) for h in std.home_edge(Side.ALLIES)] == [f"{c}1" for c in "ABCDEFGHIJKLM"]
    assert [std.name(h) for h in std.home_edge(Side.AXIS)] == [f"{c}9" for c in "ABCDEFGHIJKLM"]
    assert len(std.edge_hexes()) == 40
