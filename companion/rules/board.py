"""Board geometry: hexes in doubled-width offset coordinates, hex names, sections.

Coordinates follow ``shared/contracts/rules-query.md``: ``row`` 0 is the top edge, ``col``
runs over ``0 .. 2*width-2`` and ``col + row`` is always even. Neighbours of (col, row) are
(col±2, row) and (col±1, row±1).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from enum import StrEnum
from functools import cached_property

from companion.rules.records import dataclass

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a referee query's start)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    _V = TypeVar("_V")
else:
    _V = object


class Side(StrEnum):
    ALLIES = "allies"
    AXIS = "axis"

    @property
    def other(self) -> Side:
        return Side.AXIS if self is Side.ALLIES else Side.ALLIES


class Section(StrEnum):
    """A board section, named from the point of view of the player who orders units."""

    LEFT = "left"
    CENTER = "center"
    RIGHT = "right"


class BoardKind(StrEnum):
    STANDARD = "standard"
    BREAKTHROUGH = "breakthrough"
    OVERLORD = "overlord"


class HexNameError(ValueError):
    """A hex name or coordinate that does not denote a full hex of the board."""


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """A hex by column and row (doubled coordinates: neighbours differ by (±2, 0) or (±1, ±1))."""

    col: int
    row: int


_NEIGHBOUR_STEPS: tuple[tuple[int, int], ...] = (
    (2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1),
)
# (col, row) step to a neighbour -> its direction: 0 east, then 60 degrees at a time
# counter-clockwise (1 north-east, 2 north-west, 3 west, 4 south-west, 5 south-east), as
# bga-memoir's Models/Terrain.php orientationMap numbers them (its angles 0, 2, ... 10 on a
# 12-step scale are these times 2)
DIRECTIONS: dict[tuple[int, int], int] = {step: d for d, step in enumerate(_NEIGHBOUR_STEPS)}


def direction(a: Hex, b: Hex) -> int | None:
    """The direction (0..5, see DIRECTIONS) from ``a`` to its neighbour ``b``; None when the
    two hexes are not neighbours."""
    return DIRECTIONS.get((b.col - a.col, b.row - a.row))


def distance(a: Hex, b: Hex) -> int:
    """Hex distance: the number of steps between two hexes."""
    dc = abs(a.col - b.col)
    dr = abs(a.row - b.row)
    return dr + max(0, (dc - dr) // 2)


@dataclass(frozen=True, slots=True)
class BoardShape:
    """Size and section lines of one kind of board (numbers from docs/rules-sources.md)."""

    kind: BoardKind
    width: int  # full hexes in an even row; odd rows hold width - 1
    height: int  # rows
    # Doubled-width columns of the two red dotted lines, left to right, as seen by the player
    # at the bottom. A hex whose centre lies on a line belongs to both sections it divides.
    section_lines: tuple[int, int]


BOARD_SHAPES: dict[BoardKind, BoardShape] = {
    # Base rules p.4: 13 hexes wide by 9 deep. The dotted lines run between the 4th and 5th
    # and the 9th and 10th hexes of the 13-hex rows (4 + 5 + 4) and so cut the 4th and 9th
    # hexes of the 12-hex rows (3 + 1 + 4 + 1 + 3): bga-memoir's Units::$sections [0, 7, 17,
    # 24] in the editor's columns, bounds in both sections (docs/rules-sources.md).
    BoardKind.STANDARD: BoardShape(BoardKind.STANDARD, 13, 9, (7, 17)),
    # Breakthrough: the standard width on a board 17 rows deep, same section lines.
    BoardKind.BREAKTHROUGH: BoardShape(BoardKind.BREAKTHROUGH, 13, 17, (7, 17)),
    # Overlord rules "The Battlefield": two boards side by side, the join's half hexes making one
    # more column, 26 wide; "the boards' sections combine in pairs": the left board's right
    # line and the right board's left line (26 + 7).
    BoardKind.OVERLORD: BoardShape(BoardKind.OVERLORD, 26, 9, (17, 33)),
}

_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LOWER = "abcdefghijklmnopqrstuvwxyz"


class HexTables:
    """Per-shape lookup tables, kept once built (the referee answers many queries on few boards).

    The names are built at once; the others each when first used (a query's start pays only for
    the tables its answer reads). Shared: never mutate them.
    """

    def __init__(self, shape: BoardShape) -> None:
        self._board = Board(shape)
        # one instance per hex: dict lookups hit by identity
        self._cells: dict[Hex, Hex] = {h: h for h in self._board.hexes()}
        self.names: dict[Hex, str] = {h: self._board._compute_name(h) for h in self._cells}
        self.by_name: dict[str, Hex] = {n: h for h, n in self.names.items()}  # canonical names

    @cached_property
    def neighbours(self) -> dict[Hex, tuple[Hex, ...]]:
        """Each hex's neighbours on the board, in the order of Board.neighbours."""
        cells = self._cells
        board = self._board
        return _ByHex(cells, lambda h: tuple(cells[n] for n in board._compute_neighbours(h)))

    def _pairs(self, dr: int) -> dict[Hex, tuple[Hex | None, Hex | None]]:
        cells = self._cells
        return _ByHex(cells, lambda h: (cells.get(Hex(h.col - 1, h.row + dr)),
                                        cells.get(Hex(h.col + 1, h.row + dr))))

    # The (col - 1, row + dr) and (col + 1, row + dr) hexes of each hex, in that order: dr = +1
    # in ``down``, -1 in ``up`` (retreat steps); the ``_pair`` tables keep None where one is off
    # the board (retreat explanations).
    @cached_property
    def down_pair(self) -> dict[Hex, tuple[Hex | None, Hex | None]]:
        return self._pairs(1)

    @cached_property
    def up_pair(self) -> dict[Hex, tuple[Hex | None, Hex | None]]:
        return self._pairs(-1)

    @cached_property
    def down(self) -> dict[Hex, tuple[Hex, ...]]:
        pairs = self.down_pair
        return _ByHex(self._cells, lambda h: tuple(n for n in pairs.get(h, ()) if n is not None))

    @cached_property
    def up(self) -> dict[Hex, tuple[Hex, ...]]:
        pairs = self.up_pair
        return _ByHex(self._cells, lambda h: tuple(n for n in pairs.get(h, ()) if n is not None))


class _ByHex(dict[Hex, _V]):
    """A table of the board's hexes filled as it is read, by ``get`` (what the rules use): a
    query's process pays for the hexes it asks about, not for the whole board (issue 18).
    ``get`` of a hex that is not on the board gives the default, as a full table would."""

    __slots__ = ("_cells", "_make")

    def __init__(self, cells: dict[Hex, Hex], make: Callable[[Hex], _V]) -> None:
        super().__init__()
        self._cells = cells
        self._make = make

    def get(self, h: Hex, default: _V | None = None) -> _V | None:  # type: ignore[override]
        try:
            return self[h]
        except KeyError:
            if h not in self._cells:
                return default
        found = self[h] = self._make(h)
        return found


_TABLES: dict[BoardKind, HexTables] = {}


def hex_tables(shape: BoardShape) -> HexTables:
    """The lookup tables of one board shape (shared: never mutate them)."""
    standard = BOARD_SHAPES.get(shape.kind) == shape
    found = _TABLES.get(shape.kind)
    if found is not None and standard:
        return found
    tables = HexTables(shape)
    if standard:
        _TABLES[shape.kind] = tables
    return tables


_BOARDS: dict[tuple[object, object, object], Board] = {}


@dataclass(frozen=True)
class Board:
    """One board: which hexes exist, their names, edges, sections and home rows."""

    shape: BoardShape
    bottom: Side = Side.ALLIES

    @classmethod
    def of(cls, kind: BoardKind | str = BoardKind.STANDARD, bottom: Side | str = Side.ALLIES) -> Board:
        try:  # boards are immutable: one instance per (kind, bottom) keeps their tables warm
            return _BOARDS[(cls, kind, bottom)]
        except (KeyError, TypeError):
            pass
        try:
            board_kind = BoardKind(kind)
        except ValueError:
            allowed = ", ".join(k.value for k in BoardKind)
            raise ValueError(f"unknown board {kind!r}; allowed: {allowed}") from None
        try:
            bottom_side = Side(bottom)
        except ValueError:
            raise ValueError(f"unknown side {bottom!r}; allowed: allies, axis") from None
        board = cls(BOARD_SHAPES[board_kind], bottom_side)
        if len(_BOARDS) < 64:
            _BOARDS[(cls, board_kind, bottom_side)] = board
        return board

    @cached_property
    def tables(self) -> HexTables:
        return hex_tables(self.shape)

    # A board never changes: copies share it (a deep copy of a Position would otherwise copy
    # the cached tables), and pickles carry only its shape and bottom side.
    def __copy__(self) -> Board:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self

    def __reduce__(self) -> tuple[type[Board], tuple[BoardShape, Side]]:
        return (type(self), (self.shape, self.bottom))

    @property
    def kind(self) -> BoardKind:
        return self.shape.kind

    @property
    def width(self) -> int:
        return self.shape.width

    @property
    def height(self) -> int:
        return self.shape.height

    @property
    def max_col(self) -> int:
        return 2 * self.shape.width - 2

    def contains(self, h: Hex) -> bool:
        return h in self.tables.names

    def _compute_contains(self, h: Hex) -> bool:
        return (
            0 <= h.row < self.height
            and 0 <= h.col <= self.max_col
            and (h.col + h.row) % 2 == 0
        )

    def hexes(self) -> Iterator[Hex]:
        for row in range(self.height):
            for col in range(row % 2, self.max_col + 1, 2):
                yield Hex(col, row)

    @cached_property
    def all_hexes(self) -> tuple[Hex, ...]:
        return tuple(self.tables.names)  # row by row, like hexes()

    def neighbours(self, h: Hex) -> list[Hex]:
        found = self.tables.neighbours.get(h)
        if found is not None:
            return list(found)
        return self._compute_neighbours(h)

    def _compute_neighbours(self, h: Hex) -> list[Hex]:
        out = []
        for dc, dr in _NEIGHBOUR_STEPS:
            n = Hex(h.col + dc, h.row + dr)
            if self._compute_contains(n):
                out.append(n)
        return out

    def is_edge(self, h: Hex) -> bool:
        """Full hexes on any of the four borders of the board (Air Pack: entry hexes)."""
        return self.contains(h) and len(self.neighbours(h)) < 6

    def edge_hexes(self) -> tuple[Hex, ...]:
        return tuple(h for h in self.all_hexes if self.is_edge(h))

    def home_edge(self, side: Side) -> tuple[Hex, ...]:
        """The full hexes of ``side``'s own board edge (its baseline)."""
        row = self.home_row(side)
        return tuple(h for h in self.all_hexes if h.row == row)

    # --- names -----------------------------------------------------------------------
    def name(self, h: Hex) -> str:
        found = self.tables.names.get(h)
        if found is not None:
            return found
        return self._compute_name(h)

    def _compute_name(self, h: Hex) -> str:
        if not self._compute_contains(h):
            raise HexNameError(f"({h.col},{h.row}) is not a hex of the {self.kind} board")
        letters = _UPPER if h.col % 2 == 0 else _LOWER
        return f"{letters[h.col // 2]}{self.height - h.row}"

    def parse_any_case(self, name: str) -> Hex:
        """The hex a player types, in any case (``g5``, ``A8``): the letter's case only tells
        even columns from odd ones, and of a letter's two cases with one number only one is
        ever a hex (the column's parity must match the row's), so a name in the wrong case
        means one hex at most. :meth:`parse` stays strict (the rules-query contract's names,
        where ``A8`` is a half hex)."""
        if isinstance(name, str) and name[:1].isalpha():
            found = self.tables.by_name.get(name) or \
                self.tables.by_name.get(name[0].swapcase() + name[1:])
            if found is not None:
                return found
        return self.parse(name)

    def parse(self, name: str) -> Hex:
        """The hex named like the scenario editor does (``G5``, ``a8``)."""
        if type(name) is str:
            found = self.tables.by_name.get(name)
            if found is not None:
                return found
        if not isinstance(name, str) or len(name) < 2 or not name[1:].isdigit():
            raise HexNameError(f"{name!r} is not a hex name (a letter and a number, like G5 or a8)")
        letter, number = name[0], int(name[1:])
        if letter in _UPPER:
            col = 2 * _UPPER.index(letter)
        elif letter in _LOWER:
            col = 2 * _LOWER.index(letter) + 1
        else:
            raise HexNameError(f"{name!r} is not a hex name (a letter and a number, like G5 or a8)")
        h = Hex(col, self.height - number)
        if not self.contains(h):
            raise HexNameError(f"{name!r} is not a full hex of the {self.kind} board")
        return h

    # --- sides and sections --------------------------------------------------------------
    def home_row(self, side: Side) -> int:
        """The row of ``side``'s home edge (retreats go toward it)."""
        return self.height - 1 if side is self.bottom else 0

    def toward_home(self, side: Side) -> int:
        """Row step that moves ``side`` one row toward its home edge (+1 or -1)."""
        return 1 if side is self.bottom else -1

    def sections(self, h: Hex, side: Side) -> frozenset[Section]:
        """The sections ``h`` belongs to for the player of ``side`` (mirrored for the top player).

        A hex cut by a dotted line belongs to both sections.
        """
        return _sections(self.shape.section_lines, h.col, side is not self.bottom)


_MIRROR = {"left": "right", "right": "left", "center": "center"}


@functools.lru_cache(maxsize=1024)
def _sections(lines: tuple[int, int], col: int, mirrored: bool) -> frozenset[Section]:
    """The sections of a hex in column ``col`` between the dotted ``lines``, seen from the
    bottom (``mirrored``: from the top)."""
    left_line, right_line = lines
    found: list[Section] = []
    if col <= left_line:
        found.append(Section.LEFT)
    if left_line <= col <= right_line:
        found.append(Section.CENTER)
    if col >= right_line:
        found.append(Section.RIGHT)
    if mirrored:
        found = [Section(_MIRROR[s.value]) for s in found]
    return frozenset(found)
