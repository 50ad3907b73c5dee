"""Trains (Terrain Pack p.12): a locomotive and its wagon, one unit on two hexes of track.

What the sources say (``docs/rules-sources.md``, "Trains"): the locomotive and the wagon act
as one unit; ordered, the train moves 1 to 3 hexes along the railroad if the line is clear,
forward or back, the wagon following its locomotive; it may ignore one flag and retreats
along the track opposite the way it faces (the wagon first); it is hit by grenades only, and
fired at as one unit: the wagon is destroyed at the train's 3rd hit, the locomotive at its 4th.
A supply train does not battle; the units it carries get off at a station (``cargo_hexes``).

This module plays them as the game's own model: the two cars are two units of the position
(``UnitSpec.train_car``), coupled by standing next to each other on the track. The wagon is
never ordered: ordering the locomotive orders the train, and every move, retreat and loss of
one car says what happens to the other (``shifts``, ``retreat_runs``, ``losses``, ``place``).

Where the sources are silent: a track is the chain of adjacent track hexes (railways, railway
stations, railroad bridges; the tiles' printed curves are not read), and a train does not turn
back on itself nor take a bend sharper than a track tile's (the next hex is never next to the
one before). A train entering a station stops there (the station's own rule, which is where
a supply train unloads). A locomotive alone (its wagon destroyed) faces neither way: it may
move and retreat along the track either way. A wagon alone never moves.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.board import Hex
from companion.rules.position import Position, PositionError, Unit
from companion.rules.records import dataclass
from companion.rules.terrain import hex_passable
from companion.rules.units import UNITS

# the terrain a train runs on (the rail/road crossing tile is a railway and a road)
TRACK: frozenset[str] = frozenset({"railway", "railway_station", "railroad_bridge"})
LOCOMOTIVE = "locomotive"
WAGON = "wagon"
SUPPLY_TRAIN_VARIANT = "supply_train"


@dataclass(frozen=True, slots=True)
class Train:
    """The cars of one train: the locomotive's and the wagon's unit ids (None: no such car)."""

    locomotive: str | None
    wagon: str | None

    @property
    def cars(self) -> tuple[str, ...]:
        return tuple(c for c in (self.locomotive, self.wagon) if c is not None)


@dataclass(frozen=True, slots=True)
class Shift:
    """One way the train may move along its track: how far, which car leads, where each
    car ends, and the hexes the leading car enters in order."""

    steps: int
    forward: bool  # the locomotive leads (False: the wagon leads, the train backs up)
    ends: tuple[tuple[str, Hex], ...]  # (car id, its hex after the shift), the leading car first
    path: tuple[Hex, ...]
    start: Hex  # the leading car's hex before the shift

    def end_of(self, car: str) -> Hex | None:
        return next((h for c, h in self.ends if c == car), None)

    def entered_by(self, car: str) -> tuple[Hex, ...]:
        """The hexes ``car`` enters, in order (the trailing car follows the leading one)."""
        if self.ends and self.ends[0][0] == car:
            return self.path
        return (self.start, *self.path[:-1])


def on_track(position: Position, h: Hex) -> bool:
    """True when ``h`` carries track (a railway, a station, a railroad bridge)."""
    return any(n in TRACK for n in position.terrain_names(h))


def _coupled(position: Position, unit: Unit) -> Unit | None:
    """The other car of ``unit``'s train: a car of the other kind, of its side, next to it."""
    want = WAGON if unit.spec.train_car == LOCOMOTIVE else LOCOMOTIVE
    found = [other for n in position.board.neighbours(unit.hex)
             if (other := position.unit_at(n)) is not None and other.side is unit.side
             and other.spec.train_car == want]
    return min(found, key=lambda u: u.id) if found else None


def train_of(position: Position, unit_id: str) -> Train | None:
    """The train ``unit_id`` is a car of (None: it is no train car, or not on the board)."""
    unit = position.units.get(unit_id)
    if unit is None or not unit.spec.train_car:
        return None
    other = _coupled(position, unit)
    if unit.spec.train_car == LOCOMOTIVE:
        return Train(unit.id, other.id if other is not None else None)
    return Train(other.id if other is not None else None, unit.id)


def _runs(position: Position, unit: Unit, lead: Hex, behind: Hex | None, steps: int,
          stop_at_stations: bool) -> list[tuple[Hex, ...]]:
    """Every way the leading car on ``lead`` may go, 1 to ``steps`` hexes along the track:
    each hex entered is track, clear of units and passable, never the hex behind nor next to
    the one before it; with ``stop_at_stations`` a hex that stops a move ends the run."""
    board = position.board
    cls = unit.spec.unit_class
    out: list[tuple[Hex, ...]] = []
    frontier: list[tuple[Hex, Hex | None, tuple[Hex, ...]]] = [(lead, behind, ())]
    for _ in range(steps):
        nxt: list[tuple[Hex, Hex | None, tuple[Hex, ...]]] = []
        for here, before, path in frontier:
            for n in board.neighbours(here):
                if n in (before, lead) or n in path:
                    continue
                if before is not None and n in board.neighbours(before):
                    continue  # no bend sharper than a track tile's
                if not on_track(position, n) or position.is_occupied(n):
                    continue  # the line must be clear
                specs = position.terrain_at(n)
                if not hex_passable(specs, cls):
                    continue
                run = (*path, n)
                out.append(run)
                if stop_at_stations and any(t.stops_move(cls) for t in specs):
                    continue
                nxt.append((n, here, run))
        frontier = nxt
    return out


def shifts(position: Position, unit_id: str, steps: int, *, retreat: bool = False) -> list[Shift]:
    """The ways the train of ``unit_id`` may move 1 to ``steps`` hexes along its track: forward
    (the locomotive leads) or back (the wagon leads); a ``retreat`` goes back only and is not
    stopped by stations. A train without a locomotive does not move."""
    train = train_of(position, unit_id)
    if train is None or train.locomotive is None or steps <= 0:
        return []
    loco = position.units[train.locomotive]
    wagon = position.units[train.wagon] if train.wagon is not None else None
    ways: list[tuple[Unit, Unit | None, bool]] = []
    if wagon is None:
        ways = [(loco, None, True)]  # alone, the locomotive goes either way
    else:
        if not retreat:
            ways.append((loco, wagon, True))
        ways.append((wagon, loco, False))
    found: list[Shift] = []
    for lead, trail, forward in ways:
        for run in _runs(position, loco, lead.hex, trail.hex if trail else None, steps,
                         stop_at_stations=not retreat):
            ends = [(lead.id, run[-1])]
            if trail is not None:
                ends.append((trail.id, run[-2] if len(run) > 1 else lead.hex))
            found.append(Shift(len(run), forward, tuple(ends), run, lead.hex))
    return found


def shift_to(position: Position, unit_id: str, to: Hex, steps: int = 3, *,
             retreat: bool = False) -> Shift | None:
    """The shift of ``unit_id``'s train that puts car ``unit_id`` on ``to`` (None: none does)."""
    return next((s for s in shifts(position, unit_id, steps, retreat=retreat)
                 if s.end_of(unit_id) == to), None)


def retreat_runs(position: Position, unit_id: str, flags: int, figures: int
                 ) -> list[tuple[Hex, int, tuple[Hex, ...]]]:
    """Where car ``unit_id`` ends a ``flags``-flag retreat of its train, the figures each way
    costs and the hexes the car enters: one hex back along the track per flag, each hex that
    cannot be made costing a figure (base rules p.10); the train goes as far as it can."""
    unit = position.units[unit_id]
    ways = shifts(position, unit_id, flags, retreat=True)
    longest = max((s.steps for s in ways), default=0)
    out: list[tuple[Hex, int, tuple[Hex, ...]]] = []
    lost = min(flags - longest, figures)
    for s in ways:
        end = s.end_of(unit_id)
        if s.steps == longest and end is not None:
            out.append((end, lost, s.entered_by(unit_id)))
    if not out:
        out.append((unit.hex, lost, ()))
    return out


def losses(position: Position, unit_id: str, figures_lost: int) -> list[tuple[str, int]]:
    """The other cars of ``unit_id``'s train and the figures each keeps when the train loses
    ``figures_lost`` figures by a hit on car ``unit_id`` (every hit takes one from each car;
    0 or less: that car is destroyed)."""
    train = train_of(position, unit_id)
    if train is None or figures_lost <= 0:
        return []
    return [(c, position.units[c].figures - figures_lost) for c in train.cars if c != unit_id]


def place(position: Position, ends: Mapping[str, Hex], how: str) -> tuple[str, ...]:
    """Put each car of a shift on its hex (the car whose hex is free first); the pieces
    removed on the way, as ``Position.move_unit`` gives them."""
    pending = {c: h for c, h in ends.items() if position.units[c].hex != h}
    removed: tuple[str, ...] = ()
    while pending:
        ready = next((c for c, h in pending.items() if not position.is_occupied(h)), None)
        if ready is None:
            raise PositionError("the train's cars cannot take the hexes given")
        removed += position.move_unit(ready, pending.pop(ready), how=how)
    return removed


def cargo_hexes(position: Position, unit_id: str) -> tuple[Hex, ...]:
    """The empty hexes next to ``unit_id``'s train (where the units it carries get off), in
    board order."""
    train = train_of(position, unit_id)
    if train is None:
        return ()
    cars = [position.units[c].hex for c in train.cars]
    near = {n for h in cars for n in position.board.neighbours(h)} - set(cars)
    return tuple(sorted((h for h in near if not position.is_occupied(h)),
                        key=lambda h: (h.row, h.col)))


@dataclass(frozen=True, slots=True)
class SupplyTrain:
    """A supply train's cargo, as the scenario gives it: the side whose train carries units
    ("": either side's), the type of the units and how many each car carries (the locomotive
    first, then the wagon)."""

    side: str = ""
    unit: str = "infantry"
    per_car: tuple[int, ...] = ()

    def encode(self) -> str:
        """The variant's value: ``side`` or ``side:unit:n,n`` (``:infantry:1,1``)."""
        if not self.per_car:
            return self.side
        return f"{self.side}:{self.unit}:{','.join(str(n) for n in self.per_car)}"


class SupplyTrainError(ValueError):
    """A supply train variant value that is not ``side`` or ``side:unit:n,n``."""


def parse_supply_train(value: str) -> SupplyTrain:
    """The cargo a ``supply_train`` variant value gives (``allies``, ``:infantry:1,1``)."""
    parts = value.strip().lower().split(":")
    side = parts[0]
    if side not in ("", "allies", "axis", "all") or len(parts) not in (1, 3):
        raise SupplyTrainError(f"supply train {value!r}: give a side, or side:unit:n,n "
                               "(e.g. allies:infantry:1,1)")
    if len(parts) == 1:
        return SupplyTrain("" if side == "all" else side)
    try:
        counts = tuple(int(n) for n in parts[2].split(","))
    except ValueError:
        raise SupplyTrainError(f"supply train {value!r}: the units per car are whole numbers "
                               "(e.g. 1,1)") from None
    if not counts or len(counts) > 2 or any(n < 0 or n > 6 for n in counts):
        raise SupplyTrainError(f"supply train {value!r}: 0 to 6 units for the locomotive and "
                               "the wagon")
    unit = parts[1] or "infantry"
    if unit not in UNITS or UNITS[unit].air or UNITS[unit].train_car:
        raise SupplyTrainError(f"supply train {value!r}: {unit!r} is no ground troop a train "
                               "carries (infantry, armor, artillery...)")
    return SupplyTrain("" if side == "all" else side, unit, counts)


def cargo(position: Position, unit_id: str, supply: SupplyTrain) -> tuple[str, ...]:
    """The units ``unit_id``'s train still carries (a type per unit): each car present its
    share; a destroyed wagon's units are lost with it."""
    train = train_of(position, unit_id)
    if train is None or train.locomotive is None:
        return ()
    side = position.units[train.locomotive].side.value
    if supply.side not in ("", side):
        return ()
    counts = (*supply.per_car, 0, 0)
    n = counts[0] + (counts[1] if train.wagon is not None else 0)
    return (supply.unit,) * n


def at_station(position: Position, unit_id: str) -> bool:
    """True when a car of ``unit_id``'s train stands on a railway station."""
    train = train_of(position, unit_id)
    return train is not None and any(
        "railway_station" in position.terrain_names(position.units[c].hex) for c in train.cars)


__all__ = ["LOCOMOTIVE", "SUPPLY_TRAIN_VARIANT", "TRACK", "WAGON", "Shift", "SupplyTrain",
           "SupplyTrainError", "Train", "at_station", "cargo", "cargo_hexes", "losses", "on_track",
           "parse_supply_train", "place", "retreat_runs", "shift_to", "shifts", "train_of"]
