"""What both air-rule variants share: checks, dice scoring and flight paths with hooks.

``FlightRules`` holds the movement rule common to the Air Pack and New Flight Plan; each
variant subclasses it and overrides a few hooks (python-chess variant style) instead of the
engine branching on the variant's name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

from companion.rules.battle import (
    BattleModifiers,
    RetreatOption,
    ignorable_flags,
    retreat_options,
    score_dice,
)
from companion.rules.board import Board, Hex, Side, distance
from companion.rules.position import Position, Unit
from companion.rules.records import dataclass
from companion.rules.units import UnitClass, UnitSpec

FACES: frozenset[str] = frozenset({"infantry", "armor", "grenade", "star", "flag"})

_SYMBOL: dict[UnitClass, str] = {UnitClass.INFANTRY: "infantry", UnitClass.ARMOR: "armor"}


class AirRulesError(ValueError):
    """Bad input to an air rule: ``field`` names it, the message says what is allowed."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True, slots=True)
class Check:
    """Whether something is allowed, why not, and a short explanation."""

    allowed: bool
    reason: str | None = None
    explain: tuple[str, ...] = ()

    @classmethod
    def no(cls, reason: str, *explain: str) -> Check:
        return cls(False, reason, explain)

    @classmethod
    def yes(cls, *explain: str) -> Check:
        return cls(True, None, explain)


def validate_faces(faces: Sequence[str], field: str = "dice") -> tuple[str, ...]:
    if isinstance(faces, str) or not isinstance(faces, Sequence):
        raise AirRulesError(field, "must be a list of dice faces")
    for i, f in enumerate(faces):
        if f not in FACES:
            allowed = ", ".join(sorted(FACES))
            raise AirRulesError(f"{field}[{i}]", f"unknown face {f!r}; allowed: {allowed}")
    return tuple(faces)


def unit_symbol(spec: UnitSpec) -> str | None:
    """The die symbol that hits this kind of unit (artillery and air units have none)."""
    return _SYMBOL.get(spec.target_class)


def count_faces(faces: Iterable[str], hit_faces: Iterable[str]) -> int:
    wanted = frozenset(hit_faces)
    return sum(1 for f in faces if f in wanted)


def is_air(unit: Unit) -> bool:
    return unit.spec.air


def is_flying(unit: Unit) -> bool:
    return unit.spec.air and unit.airborne


def enemy_units_adjacent(position: Position, h: Hex, side: Side) -> list[Unit]:
    """Units of the side opposing ``side`` on hexes next to ``h``."""
    out = []
    for n in position.board.neighbours(h):
        u = position.unit_at(n)
        if u is not None and u.side is not side:
            out.append(u)
    return out


def get_unit(position: Position, unit_id: object, field: str) -> Unit:
    if not isinstance(unit_id, str) or unit_id not in position.units:
        known = ", ".join(sorted(position.units)) or "none"
        raise AirRulesError(field, f"no unit with id {unit_id!r}; units: {known}")
    return position.units[unit_id]


def is_chain(board_hexes: Sequence[Hex]) -> bool:
    """Each hex is adjacent to the next one."""
    return all(distance(a, b) == 1 for a, b in pairwise(board_hexes))


@dataclass(frozen=True, slots=True)
class FlightCheck:
    """A checked flight path: where it ends and whether the air unit lands there."""

    allowed: bool
    reason: str | None
    end: Hex | None
    landed: bool
    explain: tuple[str, ...] = ()


class FlightRules:
    """Air movement shared by both variants; the class attributes and hooks differ."""

    name = "air"
    max_move = 4
    min_move = 1
    start_counts_as_visited = False  # the start hex may not be flown over again
    may_pass_enemy_air = True

    # --- hooks ---------------------------------------------------------------------------
    def airborne_limit_problem(self, position: Position, unit: Unit, entering: bool) -> str | None:
        """Why this air unit may not take to the air now (None: it may). No limit by default."""
        return None

    def entry_problem(self, position: Position, unit: Unit, first: Hex,
                      entry_hexes: frozenset[Hex] | None) -> str | None:
        """Why ``first`` is not a valid first hex for an air unit entering the board."""
        if entry_hexes is not None and first not in entry_hexes:
            return f"{position.board.name(first)} is not one of the allowed entry hexes"
        return None

    def end_problem(self, position: Position, unit: Unit, end: Hex) -> str | None:
        """Why the air unit may not end its move on ``end`` (None: it may)."""
        other = position.unit_at(end)
        if other is not None and other.id != unit.id:
            return f"an air unit must end its move on a hex clear of units; {other.id} is there"
        return None

    def lands_on(self, position: Position, unit: Unit, end: Hex,
                 enemy_bases: frozenset[Hex]) -> bool:
        """Whether ending on ``end`` lands the air unit (friendly airfield or carrier)."""
        if end in enemy_bases:
            return False
        names = position.terrain_names(end)
        for base in ("airfield", "aircraft_carrier"):
            if base not in names:
                continue
            # a base the scenario gives the other side is not friendly (seed 000 Landing:
            # "a friendly Aircraft carrier or Airfield hex"; seed 001: "not under enemy control")
            owner = position.terrain_owner(end, base)
            if owner is not None and owner is not unit.side:
                continue
            if base == "airfield" or self.may_land_on_carrier(unit):
                return True
        return False

    def may_land_on_carrier(self, unit: Unit) -> bool:
        return False

    # --- the rule ------------------------------------------------------------------------
    def check_flight(self, position: Position, unit: Unit, path: Sequence[Hex], *,
                     entering: bool = False, entry_hexes: frozenset[Hex] | None = None,
                     enemy_bases: frozenset[Hex] = frozenset()) -> FlightCheck:
        """Check an air unit's move along ``path`` (the hexes it moves onto, in order).

        Entering the board (Air Sortie, deployment), ``path[0]`` is the entry hex and counts as
        the first hex of movement; otherwise the move starts from the unit's hex.
        """
        board = position.board

        def no(reason: str) -> FlightCheck:
            return FlightCheck(False, reason, None, False, (reason,))

        if not path:
            return no(f"an air unit must move at least {self.min_move} hex")
        for h in path:
            if not board.contains(h):
                return no("an air unit may not leave the board")
        if len(path) > self.max_move:
            return no(f"an air unit moves at most {self.max_move} hexes; this path has {len(path)}")
        start: Hex | None = None if entering else unit.hex
        chain = list(path) if start is None else [start, *path]
        if not is_chain(chain):
            return no("each hex of the path must be next to the previous one")
        if entering:
            problem = self.entry_problem(position, unit, path[0], entry_hexes)
            if problem:
                return no(problem)
        problem = self.airborne_limit_problem(position, unit, entering)
        if problem:
            return no(problem)
        seen: set[Hex] = set()
        if start is not None and self.start_counts_as_visited:
            seen.add(start)
        for h in path:
            if h in seen:
                return no(f"an air unit may not fly over {board.name(h)} twice in one move")
            seen.add(h)
        if start is not None and path[-1] == start:
            return no("an air unit may not end its move on the hex it started on")
        if not self.may_pass_enemy_air:
            for h in path:
                other = position.unit_at(h)
                if other is not None and other.side is not unit.side and other.spec.air:
                    return no(f"an air unit may not move through {board.name(h)}, "
                              f"where enemy air unit {other.id} is")
        end = path[-1]
        problem = self.end_problem(position, unit, end)
        if problem:
            return no(problem)
        landed = self.lands_on(position, unit, end, enemy_bases)
        explain = [f"moves {len(path)} hex{'es' if len(path) > 1 else ''} to {board.name(end)}"]
        if landed:
            explain.append(f"lands on {board.name(end)}")
        return FlightCheck(True, None, end, landed, tuple(explain))


@dataclass(frozen=True, slots=True)
class TargetResult:
    """What one air attack did to one target unit."""

    target: str
    hits: int
    figures_removed: int
    eliminated: bool
    flags: int
    flags_ignored: int = 0
    retreat: tuple[RetreatOption, ...] = ()
    medal: bool = False  # the attacker wins a medal (the target was eliminated)
    dropped: bool = False  # the marker was dropped: its target had left or died first

    def as_dict(self, board: Board) -> dict[str, object]:
        return {"target": self.target, "hits": self.hits,
                "figures_removed": self.figures_removed, "eliminated": self.eliminated,
                "flags": self.flags, "flags_ignored": self.flags_ignored,
                "retreat": [{"hex": board.name(r.hex), "figures_lost": r.figures_lost,
                             "eliminated": r.eliminated} for r in self.retreat],
                "dropped": self.dropped}


def attack_unit(position: Position, unit: Unit, faces: Sequence[str],
                modifiers: BattleModifiers, *, whole_unit: bool = False,
                flags_retreat: bool = True) -> TargetResult:
    """The outcome of ``faces`` rolled at ``unit`` under ``modifiers`` (position unchanged).

    Scoring and retreats are the battle engine's (``score_dice``, ``retreat_options``).
    ``whole_unit``: any hit removes the whole unit (kamikaze); ``flags_retreat`` False: flags
    rolled do nothing (kamikaze).
    """
    hits, flags = score_dice(faces, unit.spec, modifiers)
    if not flags_retreat:
        flags = 0
    removed = unit.figures if (whole_unit and hits > 0) else min(hits, unit.figures)
    eliminated = removed >= unit.figures
    ignored = 0
    retreat: tuple[RetreatOption, ...] = ()
    if not eliminated:
        if modifiers.flags_ignorable:
            may = ignorable_flags(position, unit) + modifiers.extra_flags_ignorable
            ignored = min(flags, may)
        if flags > ignored:
            retreat = tuple(retreat_options(position, unit.id, flags - ignored,
                                            figures=unit.figures - removed))
    return TargetResult(unit.id, hits, removed, eliminated, flags, ignored, retreat,
                        medal=eliminated)
