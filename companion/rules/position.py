"""A position: the board, its terrain, and every unit on it. The state the rules read."""

from __future__ import annotations

from companion.rules.board import Board, Hex, Side, direction
from companion.rules.records import dataclass, field, fields
from companion.rules.terrain import OWNER_CROSSINGS, TERRAIN, TerrainSpec, owner_crossed
from companion.rules.units import UNITS, UnitClass, UnitSpec

# terrain names of a hex -> their specs (TERRAIN is fixed data: nothing replaces an entry)
_SPECS: dict[tuple[str, ...], tuple[TerrainSpec, ...]] = {}


class PositionError(ValueError):
    """A position that cannot exist (two units on a hex, an unknown type...)."""


@dataclass(slots=True)
class Unit:
    """A unit on the board: its type, side, hex and figures, and what this turn did to it."""

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
    nation: str | None = None  # the editor's nation code ("jp", "us"...), where a rule cares
    variants: tuple[str, ...] = ()  # scenario rule variants that apply to it (variants.py)

    @property
    def spec(self) -> UnitSpec:
        """The unit's rules: its type's, changed by its nation's rules and its variants."""
        if self.nation is None and not self.variants:
            return UNITS[self.type]
        from companion.rules.variants import unit_spec  # the variant tables, only when one applies

        return unit_spec(self.type, self.side, self.nation, self.variants)

    def copy(self) -> Unit:
        """An independent copy (its ammo too); faster than ``dataclasses.replace``."""
        new = object.__new__(Unit)
        for name in _UNIT_SLOTS:
            setattr(new, name, getattr(self, name))
        new.ammo = dict(self.ammo)
        return new


_UNIT_SLOTS: tuple[str, ...] = tuple(f.name for f in fields(Unit))


@dataclass(slots=True)
class Position:
    """Terrain per hex (several entries allowed) and units, with an index of who stands where."""

    board: Board
    terrain: dict[Hex, tuple[str, ...]] = field(default_factory=dict)
    units: dict[str, Unit] = field(default_factory=dict)
    air_rules: str | None = None  # None, "air-pack", "flight-plan"
    _by_hex: dict[Hex, str] = field(default_factory=dict, repr=False)
    # the side a piece of terrain belongs to, where a rule depends on it (a bunker protects
    # only its owner's units, a minefield spares them): (hex, terrain name) -> side
    terrain_owners: dict[tuple[Hex, str], Side] = field(default_factory=dict)
    # a number printed on a piece (a minefield's dice, 0 for a decoy): (hex, name) -> value
    terrain_values: dict[tuple[Hex, str], int] = field(default_factory=dict)
    # the facing of a piece whose sides differ (a wadi: open ends and side slopes; a bridge
    # section: its two ends), the editor's orientation 1..6: (hex, name) -> orientation. A
    # piece without one has no closed side (a hand-written scenario, a referee query that gives
    # none: every side open)
    terrain_orientations: dict[tuple[Hex, str], int] = field(default_factory=dict)
    # night attacks: the farthest a unit sees and battles, in hexes (None: daylight, no limit;
    # companion.rules.night gives it from the night rolls)
    visibility: int | None = None
    # cross-hair markers of big guns and destroyers: unit id -> markers on it (the marker goes
    # with the unit's next move and with the unit)
    cross_hairs: dict[str, int] = field(default_factory=dict)

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
        """Take the unit off the board; what goes with it goes too (its sandbags)."""
        unit = self.units.pop(unit_id)
        del self._by_hex[unit.hex]
        self._left(unit.hex)
        self.cross_hairs.pop(unit_id, None)
        return unit

    def move_unit(self, unit_id: str, to: Hex, how: str | None = None) -> tuple[str, ...]:
        """Put the unit on ``to``, with the terrain changes that go with leaving and entering.

        Leaving a hex removes what its unit takes with it (sandbags, base rules p.16). ``how``
        says how the unit entered: ``"move"``, ``"take_ground"`` or ``"retreat"``; for a move
        or a taking of ground, pieces that the unit's class clears on entering go (armor
        flattens wire). ``None`` (a set-up or a correction) clears nothing on entry.
        Returns the names of the pieces removed, leaving first.
        """
        unit = self.units[unit_id]
        if to != unit.hex and to in self._by_hex:
            raise PositionError(f"{self.board.name(to)} is occupied")
        start = unit.hex
        del self._by_hex[unit.hex]
        unit.hex = to
        self._by_hex[to] = unit_id
        removed: tuple[str, ...] = ()
        if to != start:
            removed = self._left(start)
            self.cross_hairs.pop(unit_id, None)  # a target that moves is no longer zeroed in
        if how in ("move", "take_ground") and to in self.terrain:
            cls = unit.spec.unit_class
            cleared = tuple(t.name for t in self.terrain_at(to) if cls in t.removed_on_entry_by)
            for name in cleared:
                self.remove_terrain(to, name)
            removed += cleared
        return removed

    def _left(self, h: Hex) -> tuple[str, ...]:
        names = self.terrain.get(h)
        if not names:
            return ()
        gone = tuple(t.name for t in self.terrain_at(h) if t.removed_when_left)
        for name in gone:
            self.remove_terrain(h, name)
        return gone

    def remove_terrain(self, h: Hex, name: str) -> None:
        """Take one piece off a hex (cleared wire, sandbags left behind, a swept mine)."""
        names = tuple(n for n in self.terrain.get(h, ()) if n != name)
        if names:
            self.terrain[h] = names
        else:
            self.terrain.pop(h, None)
        self.terrain_owners.pop((h, name), None)
        self.terrain_values.pop((h, name), None)
        self.terrain_orientations.pop((h, name), None)

    def terrain_owner(self, h: Hex, name: str) -> Side | None:
        """The side the piece ``name`` on ``h`` belongs to, None when the scenario says none."""
        return self.terrain_owners.get((h, name)) if self.terrain_owners else None

    def crossed_by(self, h: Hex, side: Side, unit_class: UnitClass) -> frozenset[str]:
        """The pieces on ``h`` a unit of ``side`` and ``unit_class`` crosses as their owner's
        (TerrainSpec.owner_crosses_for: a river navigable by its owner's infantry)."""
        names = self.terrain.get(h)
        if not names or not self.terrain_owners or OWNER_CROSSINGS.isdisjoint(names):
            return frozenset()
        return owner_crossed(((n, self.terrain_owners.get((h, n))) for n in names), side,
                             unit_class)

    def closed_side(self, a: Hex, b: Hex) -> str | None:
        """The piece that closes the side between the neighbours ``a`` and ``b``, None when
        the side is open. Terrain card 44 (Wadis & Gullies): "Side slopes impassable, both in
        and out": a wadi on either hex closes every side but its open ends; card 9b (Bridge
        Section): "You can only enter from the enter/exit hex", so a bridge section closes
        every side but those along its span, and a side onto another bridge stays open
        ("Movement along the span of bridge is normal", 25 Arnhem Bridge; bga-memoir
        BridgeSection::getEnteringDeplacementCost, Board::isBridgeCell). The open sides are
        TerrainSpec.open_angles turned to the piece's orientation; bga-memoir
        Board::getDeplacementCost and getReachableCellsForRetreat ask the terrains of both
        hexes, Models/Terrain.php isBlocked."""
        facing = self.terrain_orientations
        if not facing:
            return None
        d = direction(a, b)
        if d is None:
            return None
        for here, there, towards in ((a, b, d), (b, a, (d + 3) % 6)):
            for name in self.terrain.get(here, ()):
                o = facing.get((here, name))
                if o is None:
                    continue
                spec = TERRAIN[name]
                if spec.closes(towards, o) and not (
                        spec.bridge and any(TERRAIN[t].bridge for t in self.terrain.get(there, ()))):
                    return name
        return None

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
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "units":
                value = {uid: u.copy() for uid, u in value.items()}
            elif isinstance(value, dict):
                value = dict(value)  # its values are replaced, never edited in place
            setattr(new, f.name, value)
        return new
