"""The game store: ordering, durability across kill -9, export/import, bad input."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.store import GameStore, StoreError, default_data_dir


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    s = GameStore(tmp_path)
    yield s
    s.close()


def test_events_come_back_in_order(store: GameStore) -> None:
    gid = store.create_game("demo", title="Test game")
    for i in range(1, 6):
        store.append(gid, i, "moved", {"unit": f"a{i}"})
    assert [e.seq for e in store.events(gid)] == [1, 2, 3, 4, 5]
    assert [e.data["unit"] for e in store.events(gid, after=3)] == ["a4", "a5"]
    assert store.last_seq(gid) == 5
    assert store.game(gid).events == 5


def test_out_of_order_or_duplicate_event_is_refused_and_changes_nothing(store: GameStore) -> None:
    gid = store.create_game("demo")
    store.append(gid, 1, "card_played", {"card": "probe_left"})
    with pytest.raises(StoreError, match="out of order"):
        store.append(gid, 1, "card_played", {"card": "attack_center"})
    with pytest.raises(StoreError, match="out of order"):
        store.append(gid, 3, "moved", {})
    assert [(e.seq, e.data) for e in store.events(gid)] == [(1, {"card": "probe_left"})]


def test_unknown_game_is_a_clear_error(store: GameStore) -> None:
    with pytest.raises(StoreError, match="no saved game"):
        store.append("nope", 1, "x", {})
    with pytest.raises(StoreError, match="no saved game"):
        store.game("nope")


def test_games_listed_most_recent_first_with_status(store: GameStore) -> None:
    a = store.create_game("countryside")
    b = store.create_game("beach", events=[(1, "game_started", {})])
    time.sleep(0.002)
    store.append(a, 1, "game_started", {})
    time.sleep(0.002)  # "updated" has millisecond resolution
    store.set_status(b, "over", winner="axis")
    ids = [g.id for g in store.list_games()]
    assert ids[0] == b and set(ids) == {a, b}
    assert store.game(b).winner == "axis"
    latest = store.latest_game()
    assert latest is not None and latest.id == a


def test_export_import_round_trip(store: GameStore, tmp_path: Path) -> None:
    gid = store.create_game("demo", title="Club night", meta={"air": "flight-plan"})
    for i in range(1, 4):
        store.append(gid, i, "dice_read", {"faces": ["flag", "grenade"][: i % 2 + 1]})
    buf = io.StringIO()
    assert store.export_jsonl(gid, buf) == 3
    other = GameStore(tmp_path / "other")
    new = other.import_jsonl(buf.getvalue().splitlines())
    assert new == gid
    assert [e.data for e in other.events(new)] == [e.data for e in store.events(gid)]
    assert other.game(new).meta == {"air": "flight-plan"}
    with pytest.raises(StoreError, match="already exists"):
        other.import_jsonl(buf.getvalue().splitlines())
    copy = other.import_jsonl(buf.getvalue().splitlines(), new_id=True)
    assert copy != gid
    other.close()


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([], "empty"),
        (["{not json"], "line 1 is not JSON"),
        (['{"format": "something-else"}'], "header"),
        (['{"format": "m44-companion-game", "version": 99}'], "version"),
        (['{"format": "m44-companion-game", "version": 1, "id": "g"}', "garbage"], "line 2"),
        (['{"format": "m44-companion-game", "version": 1, "id": "g"}',
          '{"seq": 2, "kind": "x", "data": {}}'], "out of order"),
        (['{"format": "m44-companion-game", "version": 1, "id": "g"}',
          '{"seq": 1, "kind": 5, "data": {}}'], "kind"),
    ],
)
def test_bad_import_is_refused_and_stores_nothing(store: GameStore, lines: list[str], message: str) -> None:
    with pytest.raises(StoreError, match=message):
        store.import_jsonl(lines)
    assert store.list_games() == []


def test_data_dir_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "here"))
    assert default_data_dir() == tmp_path / "here"
    monkeypatch.delenv("COMPANION_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert default_data_dir() == tmp_path / "xdg" / "m44-companion"


def test_store_uses_wal_journal(store: GameStore) -> None:
    mode = store._db.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


_WRITER = """
import sys
from companion.store import GameStore
store = GameStore(sys.argv[1])
gid = sys.argv[2]
seq = store.last_seq(gid)
while True:
    seq += 1
    store.append(gid, seq, "tick", {"n": seq, "pad": "x" * 200})
    print(seq, flush=True)  # acknowledged only after the commit returned
"""


def test_no_acknowledged_event_is_lost_when_the_process_is_killed(tmp_path: Path) -> None:
    """A real writer process killed with SIGKILL at random moments, resumed each time."""
    store = GameStore(tmp_path)
    gid = store.create_game("demo")
    store.close()
    acked = 0
    for round_no in range(5):
        proc = subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(tmp_path), gid],
            stdout=subprocess.PIPE, text=True,
        )
        assert proc.stdout is not None
        target = acked + 20 + 7 * round_no
        last = acked
        for line in proc.stdout:
            last = int(line)
            if last >= target:
                break
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        acked = max(acked, last)
        check = GameStore(tmp_path)
        seqs = [e.seq for e in check.events(gid)]
        check.close()
        assert seqs == list(range(1, len(seqs) + 1)), "the log has a hole"
        assert len(seqs) >= acked, f"acknowledged event {acked} was lost"
        acked = len(seqs)
    assert acked >= 100
    final = GameStore(tmp_path)
    assert all(e.data["n"] == e.seq for e in final.events(gid))
    assert json.loads(json.dumps(final.events(gid)[0].data))["pad"] == "x" * 200
    final.close()
