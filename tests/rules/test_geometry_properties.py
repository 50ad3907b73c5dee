"""Property tests for the board geometry and line of sight (hypothesis)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.board import Board, BoardKind, Hex, Section, Side, distance
from companion.rules.los import line_hexes, line_of_sight
from companion.rules.position import Position, Unit

BOARDS = {k: Board.of(k) for k in BoardKind}
boards = st.sampled_from(list(BoardKind)).map(lambda k: BOARDS[k])


@st.composite
def board_and_hexes(draw: st.DrawFn, n: int) -> tuple[Board, list[Hex]]:
    b = draw(boards)
    return b, [draw(st.sampled_from(b.all_hexes)) for _ in range(n)]


@settings(max_examples=300)
@given(board_and_hexes(3))
def test_distance_is_a_metric(bh: tuple[Board, list[Hex]]) -> None:
    _, (a, b, c) = bh
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@settings(max_examples=200)
@given(board_and_hexes(1))
def test_neighbours_are_at_distance_1_and_symmetric(bh: tuple[Board, list[Hex]]) -> None:
    board, (h,) = bh
    ns = board.neighbours(h)
    assert 2 <= len(ns) <= 6
    for n in ns:
        assert distance(h, n) == 1 and h in board.neighbours(n)


@settings(max_examples=300)
@given(board_and_hexes(1))
def test_name_and_parse_round_trip(bh: tuple[Board, list[Hex]]) -> None:
    board, (h,) = bh
    assert board.parse(board.name(h)) == h


_MIRROR = {Section.LEFT: Section.RIGHT, Section.RIGHT: Section.LEFT, Section.CENTER: Section.CENTER}


@settings(max_examples=300)
@given(board_and_hexes(1))
def test_sections_mirrored_for_the_other_player(bh: tuple[Board, list[Hex]]) -> None:
    board, (h,) = bh
    mine = board.sections(h, Side.ALLIES)
    assert 1 <= len(mine) <= 2
    assert board.sections(h, Side.AXIS) == {_MIRROR[s] for s in mine}
    # the hex mirrored left-right is in the mirrored sections for the same player
    mirrored = Hex(board.max_col - h.col, h.row)
    assert board.sections(mirrored, Side.ALLIES) == {_MIRROR[s] for s in mine}


_KINDS = ["forest", "hill", "town", "river", "hedgerow", "countryside"]


@st.composite
def positions(draw: st.DrawFn) -> tuple[Position, Hex, Hex]:
    board = BOARDS[BoardKind.STANDARD]
    cells = draw(st.lists(st.sampled_from(board.all_hexes), max_size=25, unique=True))
    terrain: dict[Hex, tuple[str, ...]] = {}
    units: dict[str, Unit] = {}
    for i, h in enumerate(cells):
        if draw(st.booleans()):
            units[f"u{i}"] = Unit(f"u{i}", Side.AXIS, "infantry", h, 4)
        else:
            terrain[h] = (draw(st.sampled_from(_KINDS)),)
    a = draw(st.sampled_from(board.all_hexes))
    b = draw(st.sampled_from(board.all_hexes))
    return Position(board, terrain=terrain, units=units), a, b


@settings(max_examples=150, deadline=None)
@given(positions())
def test_line_of_sight_is_symmetric(pab: tuple[Position, Hex, Hex]) -> None:
    p, a, b = pab
    assert line_of_sight(p, a, b) == line_of_sight(p, b, a)


@settings(max_examples=150, deadline=None)
@given(board_and_hexes(2))
def test_line_hexes_symmetric_and_never_include_the_ends(bh: tuple[Board, list[Hex]]) -> None:
    board, (a, b) = bh
    there, back = line_hexes(board.shape, a, b), line_hexes(board.shape, b, a)
    assert set(there.crossed) == set(back.crossed)
    assert set(there.corners) == set(back.corners)
    assert {*there.left, *there.right} == {*back.left, *back.right}
    assert a not in there.crossed and b not in there.crossed
    # every hex the line meets lies on, or one step off, a shortest path from a to b
    d = distance(a, b)
    for h in (*there.crossed, *there.left, *there.right, *there.corners):
        assert distance(a, h) + distance(h, b) <= d + 1
    # adjacent hexes see each other directly; further ones have something between
    assert (d <= 1) == (not there.crossed and not there.left and not there.right and not there.corners)


@settings(max_examples=100, deadline=None)
@given(board_and_hexes(2))
def test_empty_board_always_clear(bh: tuple[Board, list[Hex]]) -> None:
    board, (a, b) = bh
    assert line_of_sight(Position(board), a, b)


def _inside(px: Fraction, py: Fraction, h: Hex) -> bool:
    # scaled coordinates: hex (col, row) is |x - col| < 1 and |x - col| + |y - 3 row| < 2
    dx, dy = abs(px - h.col), abs(py - 3 * h.row)
    return dx < 1 and dx + dy < 2


@settings(max_examples=50, deadline=None)
@given(board_and_hexes(2))
def test_crossed_hexes_match_a_sampling_oracle(bh: tuple[Board, list[Hex]]) -> None:
    board, (a, b) = bh
    lh = line_hexes(board.shape, a, b)
    crossed = set(lh.crossed)
    sampled: set[Hex] = set()
    steps = 180
    for i in range(1, steps):
        t = Fraction(i, steps)
        px, py = a.col + t * (b.col - a.col), 3 * a.row + t * 3 * (b.row - a.row)
        row0, col0 = int(py / 3), int(px)
        for row in range(row0 - 1, row0 + 2):
            for col in range(col0 - 2, col0 + 3):
                h = Hex(col, row)
                if board.contains(h) and h not in (a, b) and _inside(px, py, h):
                    sampled.add(h)
    assert sampled <= crossed
    touched = {*lh.left, *lh.right, *lh.corners}
    assert not (touched & sampled)


_MOVERS = ["infantry", "armor", "artillery", "special_forces", "armored_car", "anti_tank"]
_GROUND_TERRAIN = ["forest", "hill", "town", "river", "hedgerow", "beach", "ocean", "marsh", "road",
                   "bunker", "hedgehogs", "mountain"]


@st.composite
def movers(draw: st.DrawFn) -> tuple[Position, str]:
    board = BOARDS[BoardKind.STANDARD]
    cells = draw(st.lists(st.sampled_from(board.all_hexes), min_size=1, max_size=30, unique=True))
    p = Position(board)
    mover = cells[0]
    p.add_unit(Unit("m", Side.ALLIES, draw(st.sampled_from(_MOVERS)), mover, 1))
    for i, h in enumerate(cells[1:]):
        if draw(st.booleans()):
            p.add_unit(Unit(f"u{i}", draw(st.sampled_from(list(Side))), "infantry", h, 1))
        else:
            p.terrain[h] = (draw(st.sampled_from(_GROUND_TERRAIN)),)
    if draw(st.booleans()):
        p.terrain[mover] = (draw(st.sampled_from([*_GROUND_TERRAIN[:2], "road", "marsh"])),)
    return p, "m"


@settings(max_examples=120, deadline=None)
@given(movers())
def test_every_move_is_a_real_path_within_the_allowance(pm: tuple[Position, str]) -> None:
    from companion.rules.movement import move_destinations
    from companion.rules.terrain import hex_passable

    p, uid = pm
    unit = p.units[uid]
    found = move_destinations(p, uid)
    assert found[unit.hex].path_length == 0  # staying is always allowed
    for h, info in found.items():
        assert info.path[-1:] == ((h,) if info.path else ())
        assert info.path_length == len(info.path) <= unit.spec.move + 1  # +1: road bonus
        prev = unit.hex
        for step in info.path:
            assert distance(prev, step) == 1 and not p.is_occupied(step)
            assert hex_passable(p.terrain_at(step), unit.spec.unit_class)
            prev = step
        if info.can_battle:
            assert info.path_length <= unit.spec.move_and_battle + 1 and info.reason is None
        else:
            assert info.reason
