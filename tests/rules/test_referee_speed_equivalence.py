"""The referee's fast paths give exactly the answers of the plain ones (issue 2's speed work).

Each fast path is compared with a straightforward reference written here the way the code
read before it was made fast: the board's lookup tables with the geometry they were built from,
the query parser's shortcut for well-formed units and terrain with the field-by-field checks,
line of sight without explanations with ``sight_report``, table-driven retreats with the step
by step search. The answers of the benchmark's crowded battle, recorded from the code before
the speed work, are pinned byte for byte. No timings here: see ``benchmarks/bench_rules.py``.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.bench_rules import crowded_query
from companion.rules import los, referee
from companion.rules.battle import (
    RetreatOption,
    _one_hex_per_flag,
    adjacent_enemies,
    retreat_blocked,
    retreat_blocks,
)
from companion.rules.board import Board, BoardKind, Hex, HexNameError, Side
from companion.rules.los import line_hexes, line_of_sight, sight_report
from companion.rules.position import Position, PositionError, Unit
from companion.rules.referee import Query, QueryError, answer, load_plugins, position_from_json
from companion.rules.terrain import TERRAIN

BOARDS = [Board.of(k, s) for k in BoardKind for s in Side]


# --- board tables ------------------------------------------------------------------------------
def test_tables_match_the_geometry_they_were_built_from() -> None:
    for board in BOARDS:
        cells = list(board.hexes())
        assert list(board.all_hexes) == cells
        for h in cells:
            assert board.name(h) == board._compute_name(h)
            assert board.parse(board.name(h)) == h
            assert board.neighbours(h) == board._compute_neighbours(h)
            assert board.contains(h)
        # hexes around and beyond the edges, and half hexes
        for col in range(-3, board.max_col + 4):
            for row in range(-3, board.height + 3):
                h = Hex(col, row)
                assert board.contains(h) == board._compute_contains(h)
                if not board.contains(h):
                    assert board.neighbours(h) == board._compute_neighbours(h)
                    try:
                        board.name(h)
                    except HexNameError:
                        pass
                    else:
                        raise AssertionError(f"{h} named although it is not on the board")


def test_boards_are_shared_and_equal_to_fresh_ones() -> None:
    assert Board.of("standard", "axis") is Board.of(BoardKind.STANDARD, Side.AXIS)
    assert Board.of("overlord") == Board(Board.of("overlord").shape, Side.ALLIES)
    assert Board.of("standard") != Board.of("standard", "axis")


def test_non_canonical_names_still_parse_like_before() -> None:
    board = Board.of("standard")
    assert board.parse("G05") == board.parse("G5")
    for bad in ("g5", "A8", "Z1", "G", "", "G0", "G10"):
        try:
            board.parse(bad)
        except HexNameError:
            continue
        raise AssertionError(f"{bad!r} parsed")


# --- query parsing -----------------------------------------------------------------------------
def reference_position(query: dict[str, Any]) -> tuple[Position, dict[str, int]]:
    """The parser as it was: every entry and unit through the field-by-field checks."""
    board = Board.of(query.get("board", "standard"), query.get("bottom", "allies"))
    air = (query.get("rules") or {}).get("air")
    position = Position(board, air_rules=air)
    tmp = Query(position, "", {}, None)
    per_hex: dict[Hex, list[str]] = {}
    for i, entry in enumerate(query.get("terrain", [])):
        h, kind = referee._parse_terrain_entry(tmp, entry, f"terrain.{i}")
        names = per_hex.setdefault(h, [])
        if kind in names:
            raise QueryError(f"terrain.{i}.type", f"{kind} is listed twice on {entry['hex']}")
        names.append(kind)
    position.terrain = {h: tuple(n) for h, n in per_hex.items()}
    index: dict[str, int] = {}
    for i, raw in enumerate(query.get("units", [])):
        unit = referee._parse_unit(tmp, raw, f"units.{i}", air)
        if unit.id in index:
            raise QueryError(f"units.{i}.id", f"the id {unit.id!r} is already used by units.{index[unit.id]}")
        other = position.unit_at(unit.hex)
        if other is not None:
            raise QueryError(f"units.{i}.hex", f"{board.name(unit.hex)} already holds {other.id!r}: "
                                               "two units may not share a hex")
        try:
            position.add_unit(unit)
        except PositionError as exc:
            raise QueryError(f"units.{i}", str(exc)) from None
        index[unit.id] = i
    return position, index


def outcome(parse: Any, query: dict[str, Any]) -> Any:
    try:
        position, index = parse(query)
    except QueryError as exc:
        return ("error", exc.field, exc.message)
    return ("ok", list(position.units.items()), list(position.terrain.items()),
            list(position._by_hex.items()), list(index.items()), position.air_rules)


odd_values = st.sampled_from([None, 0, 1, -1, 2.0, True, "", "x", "G5", "G05", "A8", "a8", [], {},
                              ["allies"], "allies", "axis", "infantry", "airplane", "fighter", 4, 9])
unit_keys = st.sampled_from(["id", "side", "type", "hex", "figures", "moved", "badges",
                             "airborne", "model", "ammo", "strength"])


@st.composite
def unit_dicts(draw: st.DrawFn, board: Board, i: int) -> dict[str, Any]:
    raw: dict[str, Any] = {
        "id": draw(st.sampled_from([f"u{i}", f"u{i}", f"u{i}", "u0"])),
        "side": draw(st.sampled_from(["allies", "axis"])),
        "type": draw(st.sampled_from(["infantry", "armor", "artillery", "armored_car",
                                      "french_resistance", "airplane", "bomber"])),
        "hex": board.name(draw(st.sampled_from(board.all_hexes[:40]))),
    }
    if draw(st.booleans()):
        raw["figures"] = draw(st.integers(0, 5))
    if draw(st.booleans()):
        raw["moved"] = draw(st.integers(-1, 3))
    for _ in range(draw(st.integers(0, 2))):  # spoil a field, add an odd one, or drop one
        key = draw(unit_keys)
        if draw(st.integers(0, 4)) == 0:
            raw.pop(key, None)
        else:
            raw[key] = draw(odd_values)
    return raw


@st.composite
def queries(draw: st.DrawFn) -> dict[str, Any]:
    board = draw(st.sampled_from(BOARDS[:2] + BOARDS[4:5]))
    terrain: list[Any] = []
    for _ in range(draw(st.integers(0, 8))):
        entry: Any = {"hex": board.name(draw(st.sampled_from(board.all_hexes[:30]))),
                      "type": draw(st.sampled_from(["forest", "hill", "river", "bridge", "sandbags"]))}
        if draw(st.integers(0, 6)) == 0:
            entry = draw(st.sampled_from([dict(entry, type="lava"), dict(entry, hex="A8"),
                                          dict(entry, extra=1), {"type": "forest"}, 3,
                                          dict(entry, hex="G05"), dict(entry, hex=None)]))
        terrain.append(entry)
    units: list[Any] = [draw(unit_dicts(board, i)) for i in range(draw(st.integers(0, 8)))]
    if draw(st.integers(0, 9)) == 0:
        units.append(draw(st.sampled_from([1, "u", [], None])))
    query: dict[str, Any] = {"board": board.kind.value, "bottom": board.bottom.value,
                             "terrain": terrain, "units": units}
    air = draw(st.sampled_from([None, None, "air-pack", "flight-plan"]))
    if air is not None:
        query["rules"] = {"air": air}
    return query


@settings(max_examples=400, deadline=None)
@given(queries())
def test_fast_parsing_gives_the_same_position_or_the_same_error(query: dict[str, Any]) -> None:
    assert outcome(referee._parse_position, query) == outcome(reference_position, query)


# --- line of sight -----------------------------------------------------------------------------
CORNERS = ((0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1))


def reference_contact(h: Hex, a: tuple[int, int], b: tuple[int, int]) -> str | None:
    """How segment a-b meets hex h, with Fractions (the geometry before whole-number bounds)."""
    def cross(ax: int, ay: int, bx: int, by: int) -> int:
        return ax * by - ay * bx

    cx, cy = h.col, 3 * h.row
    dx, dy = b[0] - a[0], b[1] - a[1]
    lo, hi = Fraction(0), Fraction(1)
    open_empty = closed_empty = False
    for i, (px, py) in enumerate(CORNERS):
        qx, qy = CORNERS[(i + 1) % 6]
        ex, ey = qx - px, qy - py
        side = 1 if cross(ex, ey, -px, -py) > 0 else -1
        const = side * cross(ex, ey, a[0] - (cx + px), a[1] - (cy + py))
        slope = side * cross(ex, ey, dx, dy)
        if slope == 0:
            open_empty = open_empty or const <= 0
            closed_empty = closed_empty or const < 0
        elif slope > 0:
            lo = max(lo, Fraction(-const, slope))
        else:
            hi = min(hi, Fraction(-const, slope))
    if not open_empty and lo < hi:
        return "cross"
    if not closed_empty and lo < hi:
        return "edge"
    if not closed_empty and lo == hi:
        return "corner"
    return None


def test_whole_number_contact_matches_the_fraction_geometry() -> None:
    rng = random.Random(7)
    for board in (Board.of("standard"), Board.of("overlord"), Board.of("breakthrough")):
        for _ in range(60):
            a, b = rng.choice(board.all_hexes), rng.choice(board.all_hexes)
            ca, cb = (a.col, 3 * a.row), (b.col, 3 * b.row)
            for h in board.all_hexes:
                assert los._contact(h, ca, cb) == reference_contact(h, ca, cb), (a, b, h)


def random_position(board: Board, rng: random.Random) -> Position:
    hexes = list(board.all_hexes)
    rng.shuffle(hexes)
    kinds = ["forest", "hill", "town", "lake", "hedgerow", "river", "countryside", "bunker"]
    terrain = {h: (rng.choice(kinds),) for h in hexes[:30]}
    position = Position(board, terrain=terrain)
    for i, h in enumerate(hexes[30:55]):
        kind = rng.choice(["infantry", "armor", "artillery"])
        position.add_unit(Unit(f"u{i}", rng.choice(list(Side)), kind, h, 1))
    return position


def test_line_of_sight_verdict_is_the_reports_verdict() -> None:
    rng = random.Random(44)
    for board in (Board.of("standard"), Board.of("overlord", "axis"), Board.of("breakthrough")):
        for _ in range(3):
            position = random_position(board, rng)
            for _ in range(400):
                a, b = rng.choice(board.all_hexes), rng.choice(board.all_hexes)
                assert line_of_sight(position, a, b) == sight_report(position, a, b).clear, (a, b)
                assert los._line(board.shape, a, b) == line_hexes(board.shape, a, b)


def test_line_of_sight_off_the_board_is_still_an_error() -> None:
    board = Board.of("standard")
    position = Position(board)
    for call in (line_of_sight, sight_report):
        try:
            call(position, Hex(1, 0), Hex(4, 0))
        except ValueError as exc:
            assert "(1,0) is not a hex of the standard board" in str(exc)
        else:
            raise AssertionError("a half hex was accepted")


# --- retreats and adjacency --------------------------------------------------------------------
def reference_retreat(position: Position, unit: Unit, flags: int, have: int) -> list[RetreatOption]:
    """One hex per flag, row by row, looking every step up on the board (the code before)."""
    board = position.board
    dr = board.toward_home(unit.side)
    cls = unit.spec.unit_class

    def steps(at: Hex) -> list[Hex]:
        return [n for dc in (-1, 1) if board.contains(n := Hex(at.col + dc, at.row + dr))
                and not position.is_occupied(n) and not retreat_blocked(position, n, cls)]

    layer: dict[Hex, tuple[Hex, ...]] = {unit.hex: ()}
    depth = 0
    while depth < flags:
        nxt: dict[Hex, tuple[Hex, ...]] = {}
        for h, path in layer.items():
            for n in steps(h):
                if n not in nxt:
                    nxt[n] = (*path, n)
        if not nxt:
            break
        layer = nxt
        depth += 1
    lost = min(flags - depth, have)
    return [RetreatOption(h, lost, lost >= have, path)
            for h, path in sorted(layer.items(), key=lambda kv: (kv[0].row, kv[0].col))]


def test_table_retreats_and_adjacency_match_step_by_step_lookups() -> None:
    rng = random.Random(1944)
    for board in BOARDS:
        for _ in range(2):
            position = random_position(board, rng)
            for unit in position.units.values():
                for flags in (1, 2, 3):
                    have = rng.randint(1, 4)
                    assert _one_hex_per_flag(position, unit, flags, have) == \
                        reference_retreat(position, unit, flags, have)
                around = [position.unit_at(n) for n in board._compute_neighbours(unit.hex)]
                assert adjacent_enemies(position, unit) == [
                    u for u in around if u is not None and u.side is not unit.side]
                dr = board.toward_home(unit.side)
                expected = []
                for dc in (-1, 1):
                    n = Hex(unit.hex.col + dc, unit.hex.row + dr)
                    if not board._compute_contains(n):
                        expected.append("the board edge")
                    elif (other := position.unit_at(n)) is not None:
                        expected.append(f"{board.name(n)} (unit {other.id})")
                    elif retreat_blocked(position, n, unit.spec.unit_class):
                        expected.append(f"{board.name(n)} ({'+'.join(position.terrain_names(n))})")
                assert retreat_blocks(position, unit, unit.hex) == expected


# --- whole answers, pinned from the code before the speed work ---------------------------------
# The benchmark's own query, so that what is pinned here is what the benchmark times.
PINNED_BATTLE = (
    "{\"battle\": {\"allowed\": true, \"reason\": null, \"distance\": 2, \"line_of_sight\": true, "
    "\"close_assault\": false, \"dice\": 2, \"explain\": [\"line of sight from F3 to F5 is clear\", "
    "\"infantry at range 2: 2 dice\", \"roll 2 dice\"]}, \"result\": {\"hits\": 0, \"figures_removed\": "
    "0, \"eliminated\": false, \"flags\": 2, \"flags_ignored\": 0, \"retreat\": [{\"hex\": \"E7\", "
    "\"figures_lost\": 0, \"eliminated\": false, \"path\": [\"e6\", \"E7\"]}, {\"hex\": \"F7\", "
    "\"figures_lost\": 0, \"eliminated\": false, \"path\": [\"e6\", \"F7\"]}, {\"hex\": \"G7\", "
    "\"figures_lost\": 0, \"eliminated\": false, \"path\": [\"f6\", \"G7\"]}], \"medals\": {\"allies\": 0, "
    "\"axis\": 0}, \"take_ground\": false, \"armor_overrun\": false, \"explain\": [\"rolled flag, "
    "flag\", \"0 hits: 0 figures removed\", \"2 flags: 3 retreat options\"]}}"
)
PINNED_SIGHT = (
    '{"line_of_sight": {"clear": false, "distance": 13, "blockers": ["c2", "D3", "J7"], '
    '"explain": ["blocked by c2 (forest)", "blocked by D3 (unit a14)", "blocked by J7 (unit x16)"]}}'
)


def test_the_benchmark_battle_answers_as_before() -> None:
    load_plugins()
    query = crowded_query()
    before = json.dumps(query)
    assert json.dumps(answer(query)) == PINNED_BATTLE
    sight = dict(query, ask={"line_of_sight": {"from": "b2", "to": "l8"}})
    assert json.dumps(answer(sight)) == PINNED_SIGHT
    assert json.dumps(query) == before  # the query is not changed


def test_a_position_built_once_serves_many_asks() -> None:
    load_plugins()
    query = crowded_query()
    position = position_from_json(query)
    assert set(position.units) == {u["id"] for u in query["units"]}
    assert position.terrain[position.board.parse("d4")] == ("bridge", "river")
    assert all(n in TERRAIN for names in position.terrain.values() for n in names)


def test_copies_share_the_immutable_board_and_pickles_carry_only_its_shape() -> None:
    import pickle

    position = position_from_json(crowded_query())
    position.board.neighbours(Hex(6, 6))  # the tables are built and cached on the board
    copied = position.copy()
    assert copied.board is position.board
    assert copied.units == position.units and copied.units["a1"] is not position.units["a1"]
    assert copied.terrain == position.terrain and copied._by_hex == position._by_hex
    board = pickle.loads(pickle.dumps(position.board))
    assert board == position.board and board.name(Hex(12, 4)) == "G5"
    assert len(pickle.dumps(position.board)) < 400  # not the tables
