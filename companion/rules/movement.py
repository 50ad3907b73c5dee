"""Where an ordered unit may end its move, and whether it may still battle there.

Base rules p.7-8 (allowances, no moving through units), Appendix 2 p.13-15 (terrain), the
rules database seed (anti-tank guns, armored cars), the Air Pack p.4-5 and New Flight Plan
(air movement). Every number comes from ``units.UNITS`` and ``terrain.TERRAIN``.

``Unit.moved`` is the number of hexes the unit has already moved this turn: the search
continues from its current hex with that many hexes spent, so allowances, the beach/ocean
caps and the battle limit count them; and a unit that has moved onto a must-stop hex (a
forest...) may move no further. The unit's own hex is listed as a destination (staying put)
for ground units.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules import boats, trains
from companion.rules.board import Hex
from companion.rules.position import Position, Unit
from companion.rules.records import dataclass
from companion.rules.terrain import TERRAIN, TerrainSpec, hex_passable, hex_stops_move
from companion.rules.units import UnitSpec


class MoveError(ValueError):
    """A move question about a unit that does not exist."""


@dataclass(frozen=True, slots=True)
class MoveInfo:
    hex: Hex
    path_length: int  # hexes moved this turn in total, counting ``Unit.moved``
    can_battle: bool
    reason: str | None  # why the unit may not battle after ending here (None when it may)
    path: tuple[Hex, ...] = ()  # the hexes entered this time, in order


@dataclass(frozen=True, slots=True)
class _State:
    hex: Hex
    steps: int  # hexes entered by this search
    cap: int | None  # beach/ocean: the most hexes the whole move may have
    on_road: bool  # every hex so far (and the start) is road
    no_battle: str | None  # terrain entered that forbids battle this turn
    pass_only: bool  # passing over a friendly air unit: may not stop here
    path: tuple[Hex, ...]
    risk: int = 0  # hexes entered on the way that roll dice on entering (frozen rivers)


def _min_cap(cap: int | None, specs: Sequence[TerrainSpec], spec: UnitSpec) -> int | None:
    for s in specs:
        # a destroyer's ocean is its own element: the ocean's 1-hex cap is for units going ashore
        if s.max_move_onto is not None and s.name not in spec.moves_only_on:
            cap = s.max_move_onto if cap is None else min(cap, s.max_move_onto)
    return cap


def _battle_verdict(spec: UnitSpec, total: int, limit: int, no_battle: str | None,
                    there: Sequence[TerrainSpec]) -> str | None:
    if not spec.dice:
        return f"{spec.name} does not battle with dice"
    if no_battle is not None:
        return no_battle
    for t in there:
        if t.no_battle_from and t.name not in spec.moves_only_on | spec.battles_on:  # a destroyer
            return f"a unit on {t.name} may not battle"
    if total > limit and not (spec.close_assault_after_move and limit > 0
                              and total <= spec.close_assault_after_move):
        # (Banzai: within its reach it still battles, in a close assault only)
        if limit == 0:
            return f"{spec.name} may not battle in a turn in which it moves"
        return f"moved {total} hexes: {spec.name} may battle after moving at most {limit}"
    return None


def _entry_risk(specs: Sequence[TerrainSpec]) -> int:
    """1 when entering a hex of ``specs`` costs a roll (a frozen river not bridged), else 0."""
    return int(any(t.entry_roll_dice for t in specs) and not any(t.bridge for t in specs))


def _height(position: Position, h: Hex) -> int:
    return max((t.height for t in position.terrain_at(h)), default=0)


def _blocks_ground(position: Position, mover: Unit, h: Hex) -> tuple[bool, bool]:
    """(may not enter at all, may pass but not stop) for a ground unit moving through ``h``."""
    other = position.unit_at(h)
    if other is None:
        return False, False
    # New Flight Plan: ground units may move under a friendly air unit, not an enemy one.
    if other.spec.air and other.spec.air_rules == "flight-plan" and other.side is mover.side:
        return False, True
    return True, False


def _air_destinations(position: Position, unit: Unit, allowance: int) -> dict[Hex, MoveInfo]:
    spec = unit.spec
    board = position.board
    best: dict[Hex, MoveInfo] = {}
    seen = {unit.hex}
    frontier: list[tuple[Hex, tuple[Hex, ...]]] = [(unit.hex, ())]
    for step in range(1, allowance - unit.moved + 1):
        nxt: list[tuple[Hex, tuple[Hex, ...]]] = []
        for h, path in frontier:
            for n in board.neighbours(h):
                if n in seen:
                    continue
                other = position.unit_at(n)
                # New Flight Plan: an air unit may not fly through an enemy air unit.
                if (other is not None and other.spec.air and other.side is not unit.side
                        and spec.air_rules == "flight-plan"):
                    continue
                seen.add(n)
                new_path = (*path, n)
                nxt.append((n, new_path))
                total = unit.moved + step
                if other is None and total >= spec.min_move:
                    best[n] = MoveInfo(n, total, True, None, new_path)
        frontier = nxt
    return best


def _train_destinations(position: Position, unit: Unit, allowance: int, limit: int
                        ) -> dict[Hex, MoveInfo]:
    """A train moves along its track only (companion.rules.trains): the hexes its car
    ``unit`` may end on; the wagon moves with its locomotive, never by itself."""
    spec = unit.spec
    stay = _battle_verdict(spec, unit.moved, limit, None, position.terrain_at(unit.hex))
    result = {unit.hex: MoveInfo(unit.hex, unit.moved, stay is None, stay, ())}
    if spec.train_car != trains.LOCOMOTIVE:
        return result
    for s in trains.shifts(position, unit.id, allowance - unit.moved):
        end = s.end_of(unit.id)
        if end is None or end in result:
            continue
        total = unit.moved + s.steps
        reason = _battle_verdict(spec, total, limit, None, position.terrain_at(end))
        result[end] = MoveInfo(end, total, reason is None, reason, s.entered_by(unit.id))
    return result


def move_destinations(
    position: Position,
    unit_id: str,
    max_hexes: int | None = None,
    *,
    battle_limit: int | None = None,
    ignore_terrain_movement: bool = False,
) -> dict[Hex, MoveInfo]:
    """Every hex ``unit_id`` may end its move on this turn, with whether it may battle there.

    ``max_hexes`` replaces the type's allowance (cards that let a unit move further);
    ``battle_limit`` replaces the most hexes it may move and still battle;
    ``ignore_terrain_movement`` (Behind Enemy Lines) drops must-stop, adjacency, beach/ocean
    caps, climbing and no-battle-after-entering rules, keeping only impassable terrain and units.
    """
    unit = position.units.get(unit_id)
    if unit is None:
        raise MoveError(f"no unit has the id {unit_id!r}")
    spec = unit.spec
    allowance = spec.move if max_hexes is None else max_hexes
    limit = spec.move_and_battle if battle_limit is None else battle_limit
    if spec.ignores_terrain_movement:
        return _air_destinations(position, unit, allowance)
    if spec.train_car:
        return _train_destinations(position, unit, allowance, limit)

    cls = spec.unit_class
    start = unit.hex
    here = position.terrain_at(start)
    moved = unit.moved
    result: dict[Hex, MoveInfo] = {}

    # Staying put. A unit that moved onto a no-battle hex this turn still may not battle.
    stay_block = None
    free = ignore_terrain_movement
    if moved > 0 and not spec.battles_after_terrain_stop and not free:
        stay_block = next((f"entered {t.name} this turn: no battle" for t in here
                           if t.stops_battle_on_entry(cls)
                           and not (t.battle_if_entered_from_adjacent and moved == 1)), None)
    stay_reason = _battle_verdict(spec, moved, limit, stay_block, here)
    result[start] = MoveInfo(start, moved, stay_reason is None, stay_reason, ())

    if moved > 0 and not free and hex_stops_move(here, cls):
        return result  # it entered a must-stop hex this turn
    afloat = bool(spec.boat_water) and boats.afloat(position, unit)
    if afloat and moved > 0:
        return result  # its boats carried it onto the water this turn: it stops there
    if afloat:
        allowance = min(allowance, 1)  # from the water: one hex, to land or along the river
    if any(cls in t.cannot_leave_for for t in here):
        return result
    if moved == 0 and not free and any(t.leave_to_adjacent_only for t in here):
        allowance = min(allowance, 1)
    leaving_block = None
    if moved == 0 and not free:
        leaving_block = next((f"left {t.name} this turn: no battle" for t in here
                              if cls in t.no_battle_after_leaving_for), None)
    road_bonus = max((t.road_bonus for t in here if t.road), default=0)
    if road_bonus and spec.road_bonus is not None:
        road_bonus = spec.road_bonus  # a supply truck gains 2 on the road
    start_on_road = road_bonus > 0

    # states by hexes spent: a climb (steep hill, cliff) costs more than one, so the search
    # takes the cheapest states first rather than layer by layer
    # a unit that moved onto a beach or ocean hex this turn already moved onto it: its cap
    # (base rules p.15, "a unit that moves onto an Ocean hex may move a maximum of 1 hex")
    # holds for the rest of the move (the DD tank: one hex in the water, no further)
    start_cap = _min_cap(None, here, spec) if moved > 0 and not free else None
    pending: dict[int, list[_State]] = {0: [_State(start, 0, start_cap, start_on_road, leaving_block,
                                                   False, ())]}
    # each state's cheapest cost so far: a steep hill climbed from below (2) may be reached first,
    # in the same frontier, by a dearer way than the one over a hill (1)
    seen: dict[tuple[Hex, int | None, bool, str | None, int], int] = {}
    risks: dict[Hex, int] = {}  # destination -> rolls owed on the way of its chosen path
    # wadis and bridge sections whose facing is known close their sides even to Behind Enemy
    # Lines (bga-memoir Board::getDeplacementCost asks isBlocked before the card's shortcut)
    facing = position.terrain_orientations
    while pending:
        frontier = pending.pop(min(pending))
        for st in frontier:
            here_specs = position.terrain_at(st.hex)
            # card 30: "move down ... from a mountain to an adjacent hill or mountain", at every
            # step (a unit that climbed onto a mountain on the way comes down the same)
            leave = 0 if free else max((t.leave_to_height for t in here_specs), default=0)
            for n in position.board.neighbours(st.hex):
                if n == start or n in st.path:
                    continue
                if facing and position.closed_side(st.hex, n) is not None:
                    continue  # a wadi's side slope (card 44), a bridge section's side (card 9b)
                no_enter, pass_only = _blocks_ground(position, unit, n)
                if no_enter:
                    continue
                specs = position.terrain_at(n)
                boating = False
                # (a river its side's infantry ford in boats is open to them: crossed_by)
                if not hex_passable(specs, cls) and not hex_passable(
                        specs, cls, position.crossed_by(n, unit.side, cls)):
                    if not (spec.boat_water and boats.carries(spec, specs)):
                        continue
                    boating = True  # its collapsible boats carry it onto the river
                elif afloat and any(t.bridge for t in specs):
                    continue  # a bridge is entered from land, not from a boat
                if spec.moves_only_on and not any(t.name in spec.moves_only_on for t in specs):
                    continue  # a destroyer keeps to the ocean
                if any(t.barred_from and any(f.name in t.barred_from for f in here_specs)
                       for t in specs):
                    continue  # a pier is not entered from the ocean
                if any(t.leave_barred_to and t.bars_leaving(cls, specs) for t in here_specs):
                    continue  # armor and artillery do not go down a cliff onto a beach
                if (not free and any(t.enter_from_adjacent_only for t in specs)
                        and (st.steps > 0 or moved > 0)):
                    continue  # hedgerow: only from a hex next to it, at the start of the move
                # mountains: climbed only from a hill, left only onto a hill or mountain
                climb = 0 if free else max((t.enter_from_height for t in specs), default=0)
                if climb and _height(position, st.hex) < climb:
                    continue
                if leave and _height(position, n) < leave:
                    continue
                cost = 1 if free else max((t.entry_cost(cls, here_specs, _height(position, st.hex))
                                            for t in specs), default=1)
                steps = st.steps + cost
                total = moved + steps
                cap = st.cap if free else _min_cap(st.cap, specs, spec)
                if cap is not None and total > cap:
                    continue
                on_road = st.on_road and any(t.road for t in specs)
                bonus = road_bonus if on_road else 0
                if total > allowance + bonus:
                    continue
                no_battle = st.no_battle
                if no_battle is None and not spec.battles_after_terrain_stop and not free:
                    no_battle = next((f"entered {t.name} this turn: no battle" for t in specs
                                      if t.stops_battle_on_entry(cls)
                                      and not (t.battle_if_entered_from_adjacent and total == 1)), None)
                path = (*st.path, n)
                if not pass_only:
                    battle_max = limit + (bonus if limit > 0 else 0)
                    reason = _battle_verdict(spec, total, battle_max, no_battle, specs)
                    info = MoveInfo(n, total, reason is None, reason, path)
                    old = result.get(n)
                    # the way that may battle, then the one with fewest rolls on the way (a
                    # frozen river is avoided if possible: bga-memoir FrozenRiver avoidIfPossible),
                    # then the shortest
                    if old is None or (info.can_battle, -st.risk, -info.path_length) > (
                            old.can_battle, -risks.get(n, 0), -old.path_length):
                        result[n] = info
                        risks[n] = st.risk
                if boating or (not free and hex_stops_move(specs, cls)):
                    continue
                risk = st.risk + (0 if free else _entry_risk(specs))
                key = (n, cap, on_road, no_battle, risk)
                if seen.get(key, steps + 1) <= steps:
                    continue
                seen[key] = steps
                pending.setdefault(steps, []).append(
                    _State(n, steps, cap, on_road, no_battle, pass_only, path, risk))
    return result


def closed_step(position: Position, unit_id: str, to: Hex) -> str | None:
    """Why the unit may not step straight onto its neighbour ``to``, when a piece's closed
    side is in the way (a wadi's side slope, card 44; a bridge section's side, card 9b), in
    words for the player ("across a side slope of the wadi, ..."); None otherwise. A move
    refused for it says so, not only where the unit may go instead. A hex the unit could not
    enter anyway (a river beside a bridge) is not blamed on the side."""
    if not position.terrain_orientations:
        return None
    unit = position.units[unit_id]
    piece = position.closed_side(unit.hex, to)
    if piece is None or not hex_passable(position.terrain_at(to), unit.spec.unit_class):
        return None
    return TERRAIN[piece].closed_because
