"""A position: the board, its terrain, and every unit on it. The state the rules read."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.rules.board import Board, Hex, Side
from companion.rules.terrain import TERRAIN, TerrainSpec
from companion.rules.units import UNITS, UnitSpec

# terrain names of a hex -> their specs (TERRAIN is fixed data: nothing replaces an entry)
_SPECS: dict[tuple[str, ...], tuple[TerrainSpec, ...]] = {}


class PositionError(ValueError):
    """A position that cannot exist (two units on a hex, an unknown type...)."""


@dataclass(slots=True)
class Unit:
    id: str
    side: Side
    type: str  # a key of UNITS
    hex: Hex
    figures: int
    moved: int = 0  # hexes moved this turn
    badges: tuple[str, ...] = ()
    # air units (Air Pack airplanes, New Flight Plan fighters...)
    airborne: bool = False
    model: str | None = None
    ammo: dict[str, int] = field(default_factory=dict)

    @property
    def spec(self) -> UnitSpec:
        return UNITS[self.type]


@dataclass(slots=True)
class Position:
    """Terrain per hex (several entries allowed) and units, with an index of who stands where."""

    board: Board
    terrain: dict[Hex, tuple[str, ...]] = field(default_factory=dict)
    units: dict[str, Unit] = field(default_factory=dict)
    air_rules: str | None = None  # None, "air-pack", "flight-plan"
    _by_hex: dict[Hex, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        units = list(self.units.values())
        self.units = {}
        self._by_hex = {}
        for u in units:
            self.add_unit(u)
        for h, names in self.terrain.items():
            if not self.board.contains(h):
                raise PositionError(f"terrain on ({h.col},{h.row}), which is not on the board")
            for n in names:
                if n not in TERRAIN:
                    raise PositionError(f"unknown terrain {n!r}; allowed: {', '.join(sorted(TERRAIN))}")

    # --- units ---------------------------------------------------------------------------
    def add_unit(self, unit: Unit) -> None:
        if unit.type not in UNITS:
            raise PositionError(f"unknown unit type {unit.type!r}; allowed: {', '.join(sorted(UNITS))}")
        if unit.id in self.units:
            raise PositionError(f"two units have the id {unit.id!r}")
        if not self.board.contains(unit.hex):
            raise PositionError(f"unit {unit.id!r} is not on a hex of the board")
        if unit.hex in self._by_hex:
            other = self._by_hex[unit.hex]
            raise PositionError(
                f"units {other!r} and {unit.id!r} are both on {self.board.name(unit.hex)}"
            )
        self.units[unit.id] = unit
        self._by_hex[unit.hex] = unit.id

    def remove_unit(self, unit_id: str) -> Unit:
        unit = self.units.pop(unit_id)
        del self._by_hex[unit.hex]
        return unit

    def move_unit(self, unit_id: str, to: Hex) -> None:
        unit = self.units[unit_id]
        if to != unit.hex and to in self._by_hex:
            raise PositionError(f"{self.board.name(to)} is occupied")
        del self._by_hex[unit.hex]
        unit.hex = to
        self._by_hex[to] = unit_id

    def unit_at(self, h: Hex) -> Unit | None:
        uid = self._by_hex.get(h)
        return None if uid is None else self.units[uid]

    def is_occupied(self, h: Hex) -> bool:
        return h in self._by_hex

    # --- terrain -------------------------------------------------------------------------
    def terrain_names(self, h: Hex) -> tuple[str, ...]:
        return self.terrain.get(h, ())

    def terrain_at(self, h: Hex) -> tuple[TerrainSpec, ...]:
        """The terrain entries of a hex; countryside when none are listed."""
        names = self.terrain.get(h)
        if not names:
            return (TERRAIN["countryside"],)
        cacheable = type(names) is tuple
        found = _SPECS.get(names) if cacheable else None
        if found is None:
            found = tuple(TERRAIN[n] for n in names)
            if cacheable and len(_SPECS) < 4096:
                _SPECS[names] = found
        return found

    def copy(self) -> Position:
        """An independent copy: units are new objects, the board and the terrain tuples are
        shared (a change of terrain replaces a hex's tuple, it never edits one)."""
        new = object.__new__(Position)
        new.board = self.board
        new.terrain = dict(self.terrain)
        new.units = {uid: replace(u, ammo=dict(u.ammo)) for uid, u in self.units.items()}
        new.air_rules = self.air_rules
        new._by_hex = dict(self._by_hex)
        return new
