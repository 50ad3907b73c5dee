"""Fuzzing the store: a damaged file (bytes flipped, zeroed, cut short) and hostile export files
give a StoreError with a message, never another exception, and never a replayed change.

The first examples are the faults of issue 17: five flipped bits in an event, a truncated
file, a file that is not a database. ``FUZZ_EXAMPLES`` (default 200) sets the examples per test;
counts are printed by the last test (``pytest -s``).
"""

from __future__ import annotations

import io
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.store import GameStore, StoreError

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
TRIED = {"inputs": 0, "crashes": 0, "hangs": 0, "detected": 0}
HANG_SECONDS = 5.0


def _template() -> tuple[bytes, dict[str, list[tuple[int, str, dict[str, Any]]]]]:
    """A store file with two games (bytes), and what each game holds."""
    with tempfile.TemporaryDirectory() as d:
        s = GameStore(d)
        games: dict[str, list[tuple[int, str, dict[str, Any]]]] = {}
        for g in range(2):
            events = [(i, "card_played" if i % 3 else "turn_ended",
                       {"card": f"card-{g}-{i:03d}", "pad": "p" * (40 + i)}) for i in range(1, 61)]
            gid = s.create_game(f"scenario-{g}", events=events[:1])
            for i in range(1, 60, 4):
                s.append_events(gid, events[i:i + 4])
            games[gid] = events
        s.close()
        return (Path(d) / "games.sqlite3").read_bytes(), games


TEMPLATE, GAMES = _template()


def damaged(flips: list[tuple[int, int]], cut: int | None) -> bytes:
    raw = bytearray(TEMPLATE)
    for at, mask in flips:
        raw[at % len(raw)] ^= mask
    if cut is not None:
        raw = raw[: cut % len(raw)]
    return bytes(raw)


def read_everything(data_dir: Path) -> None:
    """Open, list, read and export every game as a user would; every event read must be one
    that was written (a change is never replayed)."""
    s = GameStore(data_dir)
    try:
        for g in s.list_games(include_empty=True):
            written = GAMES.get(g.id)
            try:
                events = s.events(g.id)
            except StoreError:
                TRIED["detected"] += 1
                events, _ = s.intact_events(g.id)
            if written is not None:
                for e in events:
                    assert (e.seq, e.kind, e.data) == written[e.seq - 1], "a changed event was read"
            s.export_jsonl(g.id, io.StringIO(), intact_only=True)
        s.check()
    finally:
        s.close()


page = 4096
FIVE_BITS = [(TEMPLATE.find(b"card-0-020") + k, 1 << k) for k in range(5)]


@FUZZ
@given(st.lists(st.tuples(st.integers(0, 10**7), st.integers(1, 255)), max_size=8),
       st.one_of(st.none(), st.integers(0, 10**7)))
@example(FIVE_BITS, None)
@example([], len(TEMPLATE) // 2)
@example([], 100)
@example([(i, 0xFF) for i in range(0, 100)], None)
@example([(page + 10, 0x40), (2 * page + 99, 0x08)], None)
def test_fuzz_damaged_store_files(flips: list[tuple[int, int]], cut: int | None) -> None:
    TRIED["inputs"] += 1
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "games.sqlite3").write_bytes(damaged(flips, cut))
        t0 = time.perf_counter()
        try:
            read_everything(Path(d))
        except StoreError as exc:
            TRIED["detected"] += 1
            assert str(exc)
        except BaseException:
            TRIED["crashes"] += 1
            raise
        took = time.perf_counter() - t0
        TRIED["hangs"] += took > HANG_SECONDS
        assert took <= HANG_SECONDS


HEADER = json.dumps({"format": "m44-companion-game", "version": 1, "id": "g1", "scenario": "x"})
lines = st.one_of(
    st.text(max_size=40),
    st.builds(lambda seq, kind, data: json.dumps({"seq": seq, "kind": kind, "data": data}),
              st.one_of(st.integers(-2, 5), st.text(max_size=3), st.none()),
              st.one_of(st.text(max_size=8), st.integers()),
              st.one_of(st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
                        st.lists(st.integers(), max_size=2), st.none())),
    st.just("[" * 5000), st.just('{"seq": 1, "kind": "x", "data": {"n": ' + "9" * 5000 + "}}"),
)


@FUZZ
@given(header=st.one_of(st.just(HEADER), st.text(max_size=60)), body=st.lists(lines, max_size=6))
@example(header=HEADER, body=["[" * 100_000])
@example(header=HEADER, body=['{"seq": 1, "kind": "\\ud800", "data": {}}'])
def test_fuzz_import_files(header: str, body: list[str], tmp_path_factory: pytest.TempPathFactory) -> None:
    TRIED["inputs"] += 1
    s = GameStore(tmp_path_factory.mktemp("imp"))
    try:
        try:
            gid = s.import_jsonl([header, *body])
        except StoreError:
            assert s.list_games(include_empty=True) == []  # nothing stored
        except BaseException:
            TRIED["crashes"] += 1
            raise
        else:
            assert s.game(gid).events == len(s.events(gid))
    finally:
        s.close()


def test_zz_report() -> None:
    print(f"\nstore fuzz: {TRIED['inputs']} inputs tried, {TRIED['crashes']} crashes, "
          f"{TRIED['hangs']} hangs, {TRIED['detected']} damages reported")
    assert TRIED["crashes"] == 0 and TRIED["hangs"] == 0
