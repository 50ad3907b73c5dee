"""Line of sight (base rules p.9, hills p.14), with exact integer geometry.

Hex centres sit at ``(x, y) = (col, 3 * row)``: an affine image of the regular grid in which a
hex is 2 wide and its corners are ``(±1, ±1)`` and ``(0, ±2)`` from its centre. Affine maps keep
which hexes a segment crosses, grazes or misses, so every test below is exact integer (or
rational) arithmetic, and the answer is the same from either end.

A hex between the two ends is *crossed* (the centre-to-centre segment enters its interior),
*cornered* (the segment passes through one of its corners without running along an edge) or
*grazed* (the segment runs along one of its edges). An obstruction in a crossed or cornered hex
blocks ("any hex (or part of a hex) intercepting this imaginary line"); obstructions in grazed
hexes block only when they stand on both sides of the segment.
"""

from __future__ import annotations

from functools import lru_cache

from companion.rules.board import BOARD_SHAPES, Board, BoardShape, Hex, distance
from companion.rules.position import Position
from companion.rules.records import dataclass
from companion.rules.terrain import TERRAIN

# whether any terrain blocks only in groups (lakes): the fast path skips the group check if not
_GROUPED_NAMES = frozenset(n for n, t in TERRAIN.items() if t.blocks_los_grouped)
_GROUPED = bool(_GROUPED_NAMES)

# Corners of a hex around its centre in the scaled coordinates, going round.
_CORNERS: tuple[tuple[int, int], ...] = ((0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1))


def _centre(h: Hex) -> tuple[int, int]:
    return (h.col, 3 * h.row)


def _cross(ax: int, ay: int, bx: int, by: int) -> int:
    return ax * by - ay * bx


@dataclass(frozen=True, slots=True)
class LineHexes:
    """The hexes strictly between two hexes that a centre-to-centre line meets."""

    crossed: tuple[Hex, ...]  # the line passes through their interior
    left: tuple[Hex, ...]  # the line runs along their edge, on one side of the line
    right: tuple[Hex, ...]  # the line runs along their edge, on the other side
    corners: tuple[Hex, ...] = ()  # the line passes through one corner only


def _contact(h: Hex, a: tuple[int, int], b: tuple[int, int]) -> str | None:
    """How segment a-b meets hex h: "cross" (interior), "edge" (along an edge), "corner", None.

    The segment is a + t (b - a), 0 <= t <= 1; each edge of the hex keeps t on one side of a
    rational bound. Bounds are compared as whole-number fractions (num, den) with den > 0.
    """
    cx, cy = _centre(h)
    dx, dy = b[0] - a[0], b[1] - a[1]
    lo_num, lo_den = 0, 1
    hi_num, hi_den = 1, 1
    open_empty = closed_empty = False
    for i, (px, py) in enumerate(_CORNERS):
        qx, qy = _CORNERS[(i + 1) % len(_CORNERS)]
        ex, ey = qx - px, qy - py
        # inside means on the same side of edge p->q as the centre (offset (0, 0))
        side = 1 if _cross(ex, ey, -px, -py) > 0 else -1
        const = side * _cross(ex, ey, a[0] - (cx + px), a[1] - (cy + py))
        slope = side * _cross(ex, ey, dx, dy)
        if slope == 0:
            if const <= 0:
                open_empty = True
            if const < 0:
                closed_empty = True
            continue
        if slope > 0:  # t > -const / slope
            if -const * lo_den > lo_num * slope:
                lo_num, lo_den = -const, slope
        elif const * hi_den < hi_num * -slope:  # t < const / -slope
            hi_num, hi_den = const, -slope
    order = lo_num * hi_den - hi_num * lo_den  # < 0: lo < hi
    if not open_empty and order < 0:
        return "cross"
    if not closed_empty and order < 0:
        return "edge"
    if not closed_empty and order == 0:
        return "corner"
    return None


@lru_cache(maxsize=65536)
def line_hexes(shape: BoardShape, a: Hex, b: Hex) -> LineHexes:
    """Classify every full hex of the board strictly between ``a`` and ``b`` on their line."""
    board = Board(shape)
    ca, cb = _centre(a), _centre(b)
    dx, dy = cb[0] - ca[0], cb[1] - ca[1]
    reach = max(abs(_cross(dx, dy, vx, vy)) for vx, vy in _CORNERS)
    crossed: list[Hex] = []
    left: list[Hex] = []
    right: list[Hex] = []
    corners: list[Hex] = []
    row_lo, row_hi = min(a.row, b.row), max(a.row, b.row)
    col_lo, col_hi = min(a.col, b.col) - 2, max(a.col, b.col) + 2
    for row in range(max(0, row_lo - 1), min(board.height - 1, row_hi + 1) + 1):
        for col in range(max(row % 2, col_lo - (col_lo - row) % 2), min(board.max_col, col_hi) + 1, 2):
            h = Hex(col, row)
            if h in (a, b):
                continue
            hx, hy = _centre(h)
            off = _cross(dx, dy, hx - ca[0], hy - ca[1])
            if abs(off) > reach:
                continue  # the whole hex lies off the line
            kind = _contact(h, ca, cb)
            if kind == "cross":
                crossed.append(h)
            elif kind == "corner":
                corners.append(h)
            elif kind == "edge":
                (left if off > 0 else right).append(h)
    def order(hs: list[Hex]) -> tuple[Hex, ...]:
        return tuple(sorted(hs, key=lambda h: (distance(a, h), h)))
    return LineHexes(order(crossed), order(left), order(right), order(corners))


# --- what obstructs ---------------------------------------------------------------------------
def _height(position: Position, h: Hex) -> int:
    return max((t.height for t in position.terrain_at(h)), default=0)


def _same_height_group(position: Position, start: Hex, height: int) -> frozenset[Hex]:
    """The contiguous group of hexes of exactly ``height`` around ``start`` (one hill, a plateau)."""
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in position.board.neighbours(h):
            if n not in seen and _height(position, n) == height:
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


def obstruction(position: Position, h: Hex, a: Hex, b: Hex) -> str | None:
    """Why hex ``h`` (between ``a`` and ``b``) obstructs their line of sight, or None.

    Units of either side obstruct (an Air Pack airplane in flight does not; New Flight Plan
    air units always occupy their hex); so does terrain that blocks line of sight. A hill hex
    obstructs a line that looks over it, except between two units on that same hill at its
    height (plateau effect, base rules p.14).
    """
    unit = position.unit_at(h)
    if unit is not None and not (unit.spec.air and unit.airborne and not unit.spec.blocks_los_airborne):
        return f"unit {unit.id} on {position.board.name(h)}"
    for t in position.terrain_at(h):
        if t.blocks_los:
            return f"{t.name} on {position.board.name(h)}"
        # a lake hex alone does not block: see grouped_obstruction
    height = _height(position, h)
    if height > 0:
        if _height(position, a) == height and _height(position, b) == height:
            group = _same_height_group(position, h, height)
            if a in group and b in group:
                return None
        return f"hill on {position.board.name(h)} (the line looks over it)"
    return None


def grouped_obstruction(position: Position, hexes: LineHexes) -> tuple[Hex, ...]:
    """Lake hexes that block the line together: two or more contiguous lake hexes on it.

    Terrain card 26 (Lakes): "Two or more contiguous adjacent Lake hexes block the line of
    sight". A line over one lake hex, or over lake hexes that do not touch, sees across; a
    line over two lake hexes that touch (crossed, cornered or run along) is blocked.
    """
    terrain = position.terrain
    found: dict[str, list[Hex]] = {}
    for group in (hexes.crossed, hexes.corners, hexes.left, hexes.right):
        for h in group:
            names = terrain.get(h)
            if names:
                for name in names:
                    if name in _GROUPED_NAMES:
                        found.setdefault(name, []).append(h)
    out: list[Hex] = []
    for lake in found.values():
        if len(lake) < 2:
            continue
        members = set(lake)
        for h in lake:
            if any(n in members for n in position.board.neighbours(h)):
                out.append(h)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class SightReport:
    """Whether a line of sight is clear, its length, the hexes that block it, and why."""

    clear: bool
    distance: int
    blockers: tuple[Hex, ...]
    explain: tuple[str, ...]


_LINES: dict[tuple[int, int, int, int, int, int], LineHexes] = {}


def _line(shape: BoardShape, a: Hex, b: Hex) -> LineHexes:
    """``line_hexes`` through a cache keyed by plain integers (cheaper to hash than the shape)."""
    key = (shape.width, shape.height, a.col, a.row, b.col, b.row)
    found = _LINES.get(key)
    if found is None:
        found = line_hexes(shape, a, b)
        if len(_LINES) < 65536 and shape == BOARD_SHAPES.get(shape.kind):
            _LINES[key] = found
    return found


def clear_line_cache() -> None:
    """Forget every line's hexes (benchmarks of the uncached geometry)."""
    _LINES.clear()
    line_hexes.cache_clear()


def sight_report(position: Position, a: Hex, b: Hex) -> SightReport:
    """Line of sight from ``a`` to ``b`` with the hexes that block it and why."""
    board = position.board
    for h in (a, b):
        if not board.contains(h):
            raise ValueError(f"({h.col},{h.row}) is not a hex of the {board.kind} board")
    d = distance(a, b)
    hexes = _line(board.shape, a, b)
    # only a hex with a unit or terrain on it can obstruct: skip the empty countryside
    occupied = position._by_hex
    terrain = position.terrain
    why: dict[Hex, str] = {}
    for h in (*hexes.crossed, *hexes.corners):
        if h in occupied or h in terrain:
            r = obstruction(position, h, a, b)
            if r is not None:
                why[h] = r
    left = {h: r for h in hexes.left
            if (h in occupied or h in terrain) and (r := obstruction(position, h, a, b)) is not None}
    right = {h: r for h in hexes.right
             if (h in occupied or h in terrain) and (r := obstruction(position, h, a, b)) is not None}
    explain: list[str] = [f"{r}: blocks the line" for r in why.values()]
    if left and right:
        why.update(left)
        why.update(right)
        explain.append("the line runs along hex edges with obstructions on both sides: "
                       + ", ".join([*left.values(), *right.values()]))
    elif left or right:
        explain.append("the line runs along the edge of " + ", ".join([*left.values(), *right.values()])
                       + " with nothing on the other side: not blocked")
    for h in grouped_obstruction(position, hexes):
        if h not in why:
            why[h] = f"{'+'.join(position.terrain_names(h))} on {board.name(h)}"
            explain.append(f"{why[h]}: two or more contiguous lake hexes block the line")
    blockers = tuple(sorted(why, key=lambda h: (distance(a, h), h))) if why else ()
    if not blockers:
        explain.insert(0, "line of sight is clear")
    return SightReport(not blockers, d, blockers, tuple(explain))


def line_of_sight(position: Position, a: Hex, b: Hex) -> bool:
    """Whether a unit on ``a`` can see ``b`` (the end hexes' own terrain never blocks).

    The same verdict as ``sight_report(...).clear``, without writing the explanation.
    """
    board = position.board
    on_board = board.tables.names
    if a not in on_board or b not in on_board:
        return sight_report(position, a, b).clear  # raises the error for a hex off the board
    hexes = _line(board.shape, a, b)
    occupied = position._by_hex
    terrain = position.terrain
    if _GROUPED and terrain and grouped_obstruction(position, hexes):
        return False
    for h in hexes.crossed:
        if (h in occupied or h in terrain) and obstruction(position, h, a, b) is not None:
            return False
    for h in hexes.corners:
        if (h in occupied or h in terrain) and obstruction(position, h, a, b) is not None:
            return False
    # a line along hex edges is blocked only by obstructions on both of its sides
    for h in hexes.left:
        if (h in occupied or h in terrain) and obstruction(position, h, a, b) is not None:
            break
    else:
        return True
    return not any((h in occupied or h in terrain) and obstruction(position, h, a, b) is not None
                   for h in hexes.right)


def los_blockers(position: Position, a: Hex, b: Hex) -> list[Hex]:
    """The hexes that block the line of sight from ``a`` to ``b``, nearest ``a`` first."""
    return list(sight_report(position, a, b).blockers)
