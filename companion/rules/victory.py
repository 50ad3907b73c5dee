"""Objectives, medals and victory: pure functions over a Position and a small medal ledger.

Base rules p.1: the first side to win the scenario's number of Victory Medals wins; one medal
per enemy unit eliminated. Air Pack p.12 (Victory Conditions, Exit Markers) defines the
objective terms used here: temporary, temporary majority, permanent, sudden death, exit hexes.
"Last to occupy" is the common scenario wording for a medal that stays with the side whose unit
last entered the hex. Sources: ``docs/rules-sources.md`` (section "Objectives and victory").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType

from companion.rules.board import Board, Hex, Side
from companion.rules.position import Position, Unit
from companion.rules.records import dataclass, field, replace

_SIDES: tuple[Side, ...] = tuple(Side)  # iterating the enum itself is slow in 3.11


class VictoryError(ValueError):
    """An objective or ledger entry that cannot exist (hex off the board, unknown unit...)."""


class ObjectiveKind(StrEnum):
    TEMPORARY = "temporary"  # held while a unit of the side stands on the hex
    TEMPORARY_MAJORITY = "temporary_majority"  # to the side holding an absolute majority of hexes
    PERMANENT = "permanent"  # captured for good the moment a unit of the side enters
    LAST_TO_OCCUPY = "last_to_occupy"  # stays with the side that last entered the hex
    SUDDEN_DEATH = "sudden_death"  # the side wins at once when it holds the hexes
    EXIT = "exit"  # a unit leaving the board through one of the hexes scores a medal


class MajorityRule(StrEnum):
    """What "absolute majority" of a group of hexes means (see docs/rules-cards.md)."""

    MORE_THAN_HALF = "more_than_half"  # more than half of all the group's hexes (literal reading)
    MORE_THAN_OPPONENT = "more_than_opponent"  # more of them than the opponent holds (C&C family)


@dataclass(frozen=True, slots=True)
class Objective:
    """One scenario objective: its kind, its hexes and who may claim it.

    ``side`` None means either side may claim it. ``hexes_needed`` is how many of the hexes a
    side must hold at once: for sudden death None means all of them, for a temporary group
    None means 1. One objective is worth ``medals`` medals, however many hexes it has.
    ``at_turn_start`` (sudden death) means the condition is checked only at the start of the
    side's turn, for scenarios that say so; the Air Pack term itself ends the game "as soon
    as" the condition holds.
    ``at_turn_end`` (sudden death) checks it only at the end of the side's own turn, when the
    turn passes (23 Toulon: "If Allied units occupy 3 town hexes in Toulon at the end of their
    turn, they win immediately").
    ``initial`` (last to occupy) is the side credited before anyone enters the hex; for a
    temporary objective, the side that holds it while no side that may claim it does (4258 Mont
    Pincon: "The Axis hold the Medal unless any Objective hex is occupied by an Allied unit").
    """

    id: str
    kind: ObjectiveKind
    hexes: tuple[Hex, ...]
    side: Side | None = None
    medals: int = 1
    hexes_needed: int | None = None
    at_turn_start: bool = False
    initial: Side | None = None
    majority: MajorityRule = MajorityRule.MORE_THAN_HALF
    at_turn_end: bool = False
    # the only units that claim it (empty: any unit of a side that may): 6541 "Lion-sur-Mer is a
    # Permanent Medal Objective for the Armored Axis units"
    units: frozenset[str] = frozenset()

    def claimable_by(self, side: Side) -> bool:
        return self.side is None or self.side is side


@dataclass(frozen=True)
class MedalLedger:
    """What has happened so far that counts toward medals; everything else is read off the board.

    ``eliminated[side]``: enemy units that ``side`` eliminated (a medal each).
    ``exited[side]``: units of ``side`` that left the board through an exit hex (a medal each).
    ``permanent``: objective id -> side that captured it for good.
    ``last_occupant``: objective id -> side whose unit entered it last (last-to-occupy).
    ``extra[side]``: medals from other rules (air checks, scenario special rules).
    ``exits_needed[side]``: units of ``side`` that must have exited before its medals win.
    """

    target: Mapping[Side, int]
    eliminated: Mapping[Side, tuple[str, ...]] = field(
        default_factory=lambda: MappingProxyType({Side.ALLIES: (), Side.AXIS: ()}))
    exited: Mapping[Side, tuple[str, ...]] = field(
        default_factory=lambda: MappingProxyType({Side.ALLIES: (), Side.AXIS: ()}))
    permanent: Mapping[str, Side] = field(default_factory=lambda: MappingProxyType({}))
    last_occupant: Mapping[str, Side] = field(default_factory=lambda: MappingProxyType({}))
    extra: Mapping[Side, int] = field(
        default_factory=lambda: MappingProxyType({Side.ALLIES: 0, Side.AXIS: 0}))
    sudden_death: Side | None = None  # the side that fulfilled a sudden-death objective
    # a side that wins by medals only with at least this many of its units exited (bga-memoir
    # must_have_unit_exit: Teams::checkVictory); a side not named needs none
    exits_needed: Mapping[Side, int] = field(default_factory=lambda: MappingProxyType({}))
    # eliminated units worth other than one medal: unit id -> medals (record_elimination)
    worth: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


def new_ledger(allies_target: int, axis_target: int | None = None) -> MedalLedger:
    """A ledger for a scenario needing ``allies_target`` medals (and ``axis_target``, default equal)."""
    axis = allies_target if axis_target is None else axis_target
    for n in (allies_target, axis):
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise VictoryError(f"a medal target must be a whole number of at least 1, got {n!r}")
    return MedalLedger(target=MappingProxyType({Side.ALLIES: allies_target, Side.AXIS: axis}))


def _with(mapping: Mapping[Side, tuple[str, ...]], side: Side, uid: str) -> Mapping[Side, tuple[str, ...]]:
    out = dict(mapping)
    out[side] = (*out.get(side, ()), uid)
    return MappingProxyType(out)


EXITS_TO_WIN_VARIANT = "exits_to_win"  # a scenario's variant: "side:units" (e.g. "axis:1")


def encode_exits_to_win(side: Side, units: int) -> str:
    return f"{side.value}:{units}"


def parse_exits_to_win(value: str) -> tuple[Side, int]:
    """The side and the number of exited units of an ``exits_to_win`` variant's value."""
    side, _, n = value.partition(":")
    if side not in ("allies", "axis") or not n.isdigit() or not 1 <= int(n) <= 100:
        raise VictoryError(f"exits to win {value!r}: want 'side:units' with units 1 to 100 "
                           "(e.g. 'axis:1')")
    return Side(side), int(n)


def with_exits_needed(ledger: MedalLedger, side: Side, units: int) -> MedalLedger:
    """The ledger of a scenario where ``side`` wins by medals only once ``units`` of its units
    have exited the board (bga-memoir must_have_unit_exit {side, min_nbr_units})."""
    if isinstance(units, bool) or not isinstance(units, int) or units < 0:
        raise VictoryError(f"exits needed must be a whole number of at least 0, got {units!r}")
    out = dict(ledger.exits_needed)
    out[side] = units
    return replace(ledger, exits_needed=MappingProxyType(out))


def record_elimination(ledger: MedalLedger, by_side: Side, unit_id: str,
                       medals: int = 1) -> MedalLedger:
    """``by_side`` eliminated enemy unit ``unit_id``: one medal (base rules p.1), or the
    ``medals`` its rules make it worth (a sniper or a supply truck 0, a Wittmann tank 2)."""
    for side in _SIDES:
        if unit_id in ledger.eliminated.get(side, ()):
            raise VictoryError(f"{unit_id} is already counted as eliminated")
    if isinstance(medals, bool) or not isinstance(medals, int) or medals < 0:
        raise VictoryError(f"an elimination is worth a whole number of medals, got {medals!r}")
    out = replace(ledger, eliminated=_with(ledger.eliminated, by_side, unit_id))
    if medals != 1:
        worth = dict(ledger.worth)
        worth[unit_id] = medals
        out = replace(out, worth=MappingProxyType(worth))
    return out


def record_exit(ledger: MedalLedger, side: Side, unit_id: str) -> MedalLedger:
    """A unit of ``side`` left the board through an exit hex: one medal (Air Pack, Exit Markers)."""
    for s in _SIDES:
        if unit_id in ledger.exited.get(s, ()):
            raise VictoryError(f"{unit_id} has already exited the board")
    return replace(ledger, exited=_with(ledger.exited, side, unit_id))


def record_extra(ledger: MedalLedger, side: Side, medals: int = 1) -> MedalLedger:
    """Medals from other rules (an Air check, a scenario special rule)."""
    out = dict(ledger.extra)
    out[side] = out.get(side, 0) + medals
    return replace(ledger, extra=MappingProxyType(out))


# --- reading the board -----------------------------------------------------------------------
# New Flight Plan (seed 001, Objectives): "An air unit may neither take an objective medal, nor
# score an Exit medal" and "may never claim an objective medal by occupying the hex", flying or
# landed. (The Air Pack says nothing of airplanes on the ground: they hold as other units do.)
_NO_OBJECTIVES_AIR_RULES = frozenset({"flight-plan"})


def _holds_nothing(unit: Unit) -> bool:
    return unit.spec.air and (unit.airborne or unit.spec.air_rules in _NO_OBJECTIVES_AIR_RULES)


def holder(position: Position, h: Hex) -> Side | None:
    """The side of the ground unit standing on ``h`` (airborne airplanes and New Flight Plan
    air units hold nothing)."""
    unit = position.unit_at(h)
    if unit is None or _holds_nothing(unit):
        return None
    return unit.side


def claimant(position: Position, obj: Objective, h: Hex) -> Side | None:
    """The side of the unit on ``h`` when that unit may claim ``obj`` (a unit the objective is
    not for holds nothing of it); :func:`holder` for an objective open to every unit."""
    if not obj.units:
        return holder(position, h)
    unit = position.unit_at(h)
    if unit is None or _holds_nothing(unit) or unit.id not in obj.units:
        return None
    return unit.side


def majority_holder(position: Position, hexes: Sequence[Hex],
                    rule: MajorityRule = MajorityRule.MORE_THAN_HALF,
                    obj: Objective | None = None) -> Side | None:
    """The side holding an absolute majority of ``hexes`` under ``rule``, if any (counting
    only the units ``obj`` is for, when it names them)."""
    counts = {s: 0 for s in _SIDES}
    for h in hexes:
        s = holder(position, h) if obj is None else claimant(position, obj, h)
        if s is not None:
            counts[s] += 1
    for s, n in counts.items():
        if rule is MajorityRule.MORE_THAN_HALF and 2 * n > len(hexes):
            return s
        if rule is MajorityRule.MORE_THAN_OPPONENT and n > counts[s.other]:
            return s
    return None


def _held_counts(position: Position, obj: Objective) -> dict[Side, int]:
    counts = {s: 0 for s in _SIDES}
    for h in obj.hexes:
        s = claimant(position, obj, h)
        if s is not None and obj.claimable_by(s):
            counts[s] += 1
    return counts


def temporary_holder(position: Position, obj: Objective) -> Side | None:
    """Who holds a temporary objective now: a claimant on at least ``hexes_needed`` (default 1)
    of its hexes. One objective is one medal: when both sides qualify, the side on more of the
    hexes holds it, and nobody on a tie."""
    need = 1 if obj.hexes_needed is None else obj.hexes_needed
    counts = _held_counts(position, obj)
    qualified = [s for s in _SIDES if counts[s] >= need]
    if len(qualified) == 1:
        return qualified[0]
    if len(qualified) == 2 and counts[Side.ALLIES] != counts[Side.AXIS]:
        return max(qualified, key=lambda s: counts[s])
    return None


def observe(ledger: MedalLedger, position: Position, objectives: Iterable[Objective],
            active: Side | None = None, turn_start: bool = False) -> MedalLedger:
    """The ledger after looking at the board: call after every move, retreat or elimination.

    Records permanent captures, last-to-occupy changes and sudden-death wins. ``active`` is the
    side whose turn it is; ``turn_start`` True when called at the start of that side's turn
    (sudden-death objectives marked ``at_turn_start`` are checked only then, for that side;
    those marked ``at_turn_end`` only then too, for the side whose turn has just ended).
    """
    permanent = dict(ledger.permanent)
    last = dict(ledger.last_occupant)
    sudden = ledger.sudden_death
    for obj in objectives:
        if obj.kind is ObjectiveKind.PERMANENT:
            if obj.id not in permanent:
                # captured by the first claimant on one of its hexes, or on ``hexes_needed`` of
                # them at once (1517: "captures and holds three of the four buildings")
                need = obj.hexes_needed or 1
                if need == 1:
                    for h in obj.hexes:
                        s = claimant(position, obj, h)
                        if s is not None and obj.claimable_by(s):
                            permanent[obj.id] = s
                            break
                else:
                    counts = _held_counts(position, obj)
                    won = [s for s in _SIDES if counts[s] >= need]
                    if len(won) == 1:
                        permanent[obj.id] = won[0]
        elif obj.kind is ObjectiveKind.LAST_TO_OCCUPY:
            on = [s for s, n in _held_counts(position, obj).items() if n]
            # both sides on the group's hexes: the earlier holder keeps it until it leaves
            if len(on) == 1 or (on and last.get(obj.id) not in on):
                last[obj.id] = on[0]
        elif obj.kind is ObjectiveKind.SUDDEN_DEATH and sudden is None:
            if (obj.at_turn_start or obj.at_turn_end) and not turn_start:
                continue
            for s in _SIDES:
                if not obj.claimable_by(s):
                    continue
                if obj.at_turn_start and active is not None and s is not active:
                    continue
                if obj.at_turn_end and active is not None and s is active:
                    continue  # checked for the side whose turn has just ended
                held = sum(1 for h in obj.hexes if claimant(position, obj, h) is s)
                need = len(obj.hexes) if obj.hexes_needed is None else obj.hexes_needed
                if held >= need:
                    sudden = s
                    break
    if (sudden == ledger.sudden_death and permanent == ledger.permanent
            and last == ledger.last_occupant):
        return ledger  # nothing new on the board: the same ledger (callers may cache by it)
    return replace(ledger, permanent=MappingProxyType(permanent),
                   last_occupant=MappingProxyType(last), sudden_death=sudden)


@dataclass(frozen=True, slots=True)
class MedalCount:
    """One side's medals, by where they came from."""

    eliminated: int = 0
    temporary: int = 0
    majority: int = 0
    permanent: int = 0
    last_to_occupy: int = 0
    exits: int = 0
    extra: int = 0

    @property
    def total(self) -> int:
        return (self.eliminated + self.temporary + self.majority + self.permanent
                + self.last_to_occupy + self.exits + self.extra)


def objective_holder(ledger: MedalLedger, position: Position, obj: Objective) -> Side | None:
    """The side whose medal ``obj`` counts for now (None: nobody's; sudden death and exits are
    not medals held)."""
    side: Side | None = None
    if obj.kind is ObjectiveKind.TEMPORARY:
        side = temporary_holder(position, obj)
        if side is None:  # held by nobody that may claim it: the side the scenario gives it to
            return obj.initial
    elif obj.kind is ObjectiveKind.TEMPORARY_MAJORITY:
        side = majority_holder(position, obj.hexes, obj.majority, obj)
    elif obj.kind is ObjectiveKind.PERMANENT:
        side = ledger.permanent.get(obj.id)
    elif obj.kind is ObjectiveKind.LAST_TO_OCCUPY:
        return ledger.last_occupant.get(obj.id, obj.initial)
    return side if side is not None and obj.claimable_by(side) else None


def medal_counts(ledger: MedalLedger, position: Position, objectives: Iterable[Objective]
                 ) -> dict[Side, MedalCount]:
    """Each side's medals now: recorded ones plus those the board shows (temporary objectives)."""
    parts: dict[Side, dict[str, int]] = {s: {} for s in _SIDES}

    def add(side: Side, key: str, n: int) -> None:
        parts[side][key] = parts[side].get(key, 0) + n

    for s in _SIDES:
        gone = ledger.eliminated.get(s, ())
        worth = ledger.worth
        add(s, "eliminated", sum(worth.get(u, 1) for u in gone) if worth else len(gone))
        add(s, "exits", len(ledger.exited.get(s, ())))
        add(s, "extra", ledger.extra.get(s, 0))
    source = {ObjectiveKind.TEMPORARY: "temporary", ObjectiveKind.TEMPORARY_MAJORITY: "majority",
              ObjectiveKind.PERMANENT: "permanent", ObjectiveKind.LAST_TO_OCCUPY: "last_to_occupy"}
    for obj in objectives:
        key = source.get(obj.kind)
        if key is None:
            continue
        held = objective_holder(ledger, position, obj)
        if held is not None:
            add(held, key, obj.medals)
    return {s: MedalCount(**parts[s]) for s in _SIDES}


@dataclass(frozen=True, slots=True)
class Outcome:
    """Whether the game is over, who won and why."""

    over: bool
    winner: Side | None
    reason: str
    medals: Mapping[Side, int]


def game_outcome(ledger: MedalLedger, position: Position, objectives: Iterable[Objective],
                 active: Side | None = None,
                 counts: Mapping[Side, MedalCount] | None = None) -> Outcome:
    """The game ends the moment a side reaches its medal target or fulfils a sudden death.

    A side named in ``ledger.exits_needed`` reaches its target only with that many units
    exited (bga-memoir must_have_unit_exit). If both sides reach their targets by the same
    event, the side whose turn it is (``active``) wins: the rules do not settle this; we
    credit the player who caused it (noted in the docs).
    """
    if counts is None:  # the medal counts of this very position, when the caller has them
        counts = medal_counts(ledger, position, list(objectives))
    totals = MappingProxyType({s: counts[s].total for s in _SIDES})
    if ledger.sudden_death is not None:
        return Outcome(True, ledger.sudden_death,
                       f"{ledger.sudden_death} fulfilled a sudden-death objective", totals)
    reached = [s for s in _SIDES if totals[s] >= ledger.target[s]
               and counts[s].exits >= ledger.exits_needed.get(s, 0)]
    if len(reached) == 1:
        s = reached[0]
        need = ledger.exits_needed.get(s, 0)
        return Outcome(True, s, f"{s} reached {ledger.target[s]} medals"
                       + (f" with {counts[s].exits} of them by units exiting (at least {need} "
                          "needed)" if need else ""), totals)
    if len(reached) == 2:
        if active is None:
            return Outcome(True, None, "both sides reached their medal targets at once", totals)
        return Outcome(True, active, f"both sides reached their targets; {active}, whose turn it "
                                     "is, caused it and wins", totals)
    return Outcome(False, None, "no side has reached its medal target", totals)


# --- exit markers ------------------------------------------------------------------------------
def exit_line(board: Board, first: Hex, last: Hex) -> tuple[Hex, ...]:
    """Every edge hex between two exit markers, both included (Air Pack, Exit Markers).

    The two markers must stand on the same board edge (the same top or bottom row, or the same
    left or right column); a single isolated exit hex is ``exit_line(board, h, h)``.
    """
    for h in (first, last):
        if not board.is_edge(h):
            raise VictoryError(f"{board.name(h) if board.contains(h) else h} is not an edge hex: "
                               "exit markers stand on the board's edge")
    if first.row == last.row and first.row in (0, board.height - 1):
        lo, hi = sorted((first.col, last.col))
        return tuple(Hex(c, first.row) for c in range(lo, hi + 1, 2))
    # left/right edges: even rows end at col 0 / max_col, odd rows at 1 / max_col - 1
    for edge_cols in ((0, 1), (board.max_col, board.max_col - 1)):
        if first.col in edge_cols and last.col in edge_cols:
            lo, hi = sorted((first.row, last.row))
            out = []
            for r in range(lo, hi + 1):
                c = edge_cols[0] if (edge_cols[0] + r) % 2 == 0 else edge_cols[1]
                out.append(Hex(c, r))
            return tuple(out)
    raise VictoryError(f"exit markers on {board.name(first)} and {board.name(last)} are not on one edge")


def may_exit(position: Position, objectives: Iterable[Objective], unit_id: str) -> Objective | None:
    """The exit objective through which this unit may leave the board now, if any."""
    unit = position.units[unit_id]
    if not unit.spec.may_exit:
        return None  # barred from the exits (Armor Breakthrough armor of 4090)
    if unit.spec.air:
        # seed 001: an air unit scores no Exit medal and never moves off the board; seed 000:
        # an airplane leaves the board at no medal cost, and none is gained (the game's rule)
        return None
    for obj in objectives:
        if obj.kind is ObjectiveKind.EXIT and obj.claimable_by(unit.side) and unit.hex in obj.hexes:
            return obj
    return None
