"""The store under faults: one action's events all or none (kill -9 inside the transaction),
damaged, truncated, read-only and full stores reported in words, the WAL kept small, games
without events cleaned up, finished games never resumed, and `companion games`."""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.store import (
    GameStore,
    StoreCorrupt,
    StoreError,
    StoreFull,
)
from companion.store.sqlite_store import WAL_SIZE_LIMIT, event_checksum


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    s = GameStore(tmp_path)
    yield s
    s.close()


def run_py(code: str, *args: str, honour_modes: bool = False) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter; ``honour_modes``: as root, without the capabilities
    that write through file modes (CI runs the tests as root), so a read-only file is one."""
    cmd = [sys.executable, "-c", code, *args]
    if honour_modes and os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: file modes cannot be made to apply")
        cmd = [setpriv, "--bounding-set", "-dac_override,-dac_read_search,-fowner", *cmd]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


# --- one action, one transaction ---------------------------------------------------------------
def test_append_events_records_all_of_an_action(store: GameStore) -> None:
    gid = store.create_game("demo", events=[(1, "game_started", {})])
    store.append_events(gid, [(2, "battle_resolved", {"hits": 2}), (3, "medal_won", {"side": "axis"})])
    assert [(e.seq, e.kind) for e in store.events(gid)] == [
        (1, "game_started"), (2, "battle_resolved"), (3, "medal_won")]


@pytest.mark.parametrize("bad", [
    [(2, "battle_resolved", {}), (4, "medal_won", {})],  # a hole inside the batch
    [(2, "battle_resolved", {}), (3, "medal_won", {"x": object()})],  # not JSON
    [(3, "battle_resolved", {}), (4, "medal_won", {})],  # the batch starts too late
])
def test_a_bad_event_in_a_batch_records_none_of_it(
        store: GameStore, bad: list[tuple[int, str, dict[str, object]]]) -> None:
    gid = store.create_game("demo", events=[(1, "game_started", {})])
    with pytest.raises(StoreError):
        store.append_events(gid, bad)
    assert store.last_seq(gid) == 1
    store.append_events(gid, [(2, "battle_resolved", {}), (3, "medal_won", {})])
    assert store.last_seq(gid) == 3


# the writer kills itself with SIGKILL when SQLite starts the N-th INSERT of the batch: the
# process dies with the transaction open, between two events of one action
_KILL_INSIDE = """
import os, signal, sys
from companion.store import GameStore
store = GameStore(sys.argv[1])
gid, at = sys.argv[2], int(sys.argv[3])
seen = 0
def trace(statement):
    global seen
    if statement.startswith("INSERT INTO events"):
        seen += 1
        if seen == at:
            os.kill(os.getpid(), signal.SIGKILL)
    if statement == "COMMIT" and at == 0:
        pass
store._db.set_trace_callback(trace)
n = store.last_seq(gid)
store.append_events(gid, [(n + i, "step", {"i": i}) for i in range(1, 5)])
print("committed", flush=True)
os.kill(os.getpid(), signal.SIGKILL)  # killed after the commit: all four must stay
"""


@pytest.mark.parametrize("kill_at", [1, 2, 3, 4, 0])
def test_kill_9_at_every_event_boundary_of_a_batch(tmp_path: Path, kill_at: int) -> None:
    s = GameStore(tmp_path)
    gid = s.create_game("demo", events=[(1, "game_started", {})])
    s.close()
    proc = run_py(_KILL_INSIDE, str(tmp_path), gid, str(kill_at))
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    s = GameStore(tmp_path)
    seqs = [e.seq for e in s.events(gid)]
    s.close()
    if kill_at == 0:
        assert proc.stdout.strip() == "committed" and seqs == [1, 2, 3, 4, 5]
    else:
        assert seqs == [1], f"killed at insert {kill_at}: part of the action was kept"


_BATCH_WRITER = """
import sys
from companion.store import GameStore
store = GameStore(sys.argv[1])
gid = sys.argv[2]
seq = store.last_seq(gid)
while True:
    batch = [(seq + i, "tick", {"batch": seq, "i": i, "pad": "x" * 3000}) for i in range(1, 6)]
    store.append_events(gid, batch)
    seq += 5
    print(seq, flush=True)
"""


def test_batches_survive_random_kills_whole_or_not_at_all(tmp_path: Path) -> None:
    s = GameStore(tmp_path)
    gid = s.create_game("demo", events=[(1, "game_started", {})])
    s.close()
    rng = random.Random(17)
    acked = 1
    for _ in range(6):
        proc = subprocess.Popen([sys.executable, "-c", _BATCH_WRITER, str(tmp_path), gid],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        want = acked + 5 * rng.randint(2, 6)
        for line in proc.stdout:
            if int(line) >= want:
                break
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        check = GameStore(tmp_path)
        events = check.events(gid)
        check.close()
        assert (len(events) - 1) % 5 == 0, f"{len(events)} events: a batch was cut"
        assert len(events) >= want
        for e in events[1:]:
            assert e.data["i"] == (e.seq - 2) % 5 + 1
        acked = len(events)


# --- damage -------------------------------------------------------------------------------------
def _game_with_events(path: Path, n: int = 12) -> str:
    s = GameStore(path)
    gid = s.create_game("demo", events=[(1, "game_started", {})])
    for i in range(2, n + 1):
        s.append(gid, i, "card_played", {"card": f"card-number-{i:03d}"})
    s.close()
    return gid


def test_a_changed_event_is_detected_and_the_intact_prefix_can_be_exported(tmp_path: Path) -> None:
    gid = _game_with_events(tmp_path)
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    db.execute("UPDATE events SET data = ? WHERE game_id = ? AND seq = 7",
               ('{"card":"card-number-00X"}', gid))  # the checksum is left as it was
    db.commit()
    db.close()
    s = GameStore(tmp_path)
    with pytest.raises(StoreCorrupt, match="damaged at event 7") as err:
        s.events(gid)
    assert err.value.intact == 6 and err.value.game_id == gid
    assert "companion games export" in str(err.value)
    buf = io.StringIO()
    assert s.export_jsonl(gid, buf, intact_only=True) == 6
    lines = buf.getvalue().splitlines()
    assert json.loads(lines[0])["damaged"] is True
    with pytest.raises(StoreCorrupt):
        s.export_jsonl(gid, io.StringIO())
    report = s.check()
    assert not report.file_ok and report.damaged_games == {gid: 6}
    s.close()
    # the saved prefix loads into a fresh store and replays
    other = GameStore(tmp_path / "other")
    new = other.import_jsonl(lines)
    assert other.last_seq(new) == 6
    other.close()


def test_flipped_bits_in_the_file_are_reported_never_replayed(tmp_path: Path) -> None:
    gid = _game_with_events(tmp_path, 40)
    path = tmp_path / "games.sqlite3"
    raw = bytearray(path.read_bytes())
    at = raw.find(b"card-number-020")
    assert at > 0
    for k in range(5):  # five flipped bits in one event's data
        raw[at + 12 + (k % 3)] ^= 1 << k
    path.write_bytes(bytes(raw))
    try:
        s = GameStore(path.parent)
    except StoreCorrupt:
        return  # the quick check saw it: reported, nothing replayed
    with pytest.raises(StoreCorrupt) as err:
        s.events(gid)
    assert err.value.intact is not None and err.value.intact < 20
    s.close()


@pytest.mark.parametrize("damage", ["truncate", "garbage", "zero header"])
def test_a_damaged_file_is_a_message_not_a_traceback(tmp_path: Path, damage: str) -> None:
    _game_with_events(tmp_path, 200)
    path = tmp_path / "games.sqlite3"
    raw = path.read_bytes()
    if damage == "truncate":
        path.write_bytes(raw[: len(raw) // 2 + 100])
    elif damage == "garbage":
        path.write_bytes(b"not a database at all\n" * 50)
    else:
        path.write_bytes(b"\0" * 100 + raw[100:])
    with pytest.raises(StoreCorrupt, match="damaged"):
        s = GameStore(tmp_path)
        try:  # a truncation past the pages the check reads shows when the events are read
            for g in s.list_games(include_empty=True):
                s.events(g.id)
        finally:
            s.close()


def test_a_schema_whose_column_names_were_damaged_is_reported_as_damage(tmp_path: Path) -> None:
    """A flipped bit in the schema's text renames a column (the fuzz test found one): the store
    says it is damaged, whatever query meets the missing column first (opening it looks for
    games that never got their first event)."""
    import sqlite3

    _game_with_events(tmp_path, 5)
    path = tmp_path / "games.sqlite3"
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE games RENAME COLUMN created TO crebted")
    db.commit()
    db.close()
    with pytest.raises(StoreCorrupt, match=r"damaged \(no such column: (g\.)?created\)"):
        s = GameStore(tmp_path)  # opening looks for games that never got their first event
        try:
            s.list_games(include_empty=True)
        finally:
            s.close()


def test_play_resume_on_a_damaged_store_says_so(tmp_path: Path) -> None:
    gid = _game_with_events(tmp_path)
    path = tmp_path / "games.sqlite3"
    path.write_bytes(path.read_bytes()[:1500])
    proc = subprocess.run([sys.executable, "-m", "companion", "play", "--resume", gid,
                           "--data-dir", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "damaged" in proc.stderr, proc.stderr


# --- read-only and full -------------------------------------------------------------------------
_OPEN_AND_WRITE = """
import sys
from companion.store import GameStore, StoreError, StoreReadOnly
try:
    GameStore(sys.argv[1])
    print("opened for writing")
except StoreReadOnly as exc:
    print("refused:", exc)
try:
    s = GameStore(sys.argv[1], allow_read_only=True)
    print("read", len(s.events(sys.argv[2])), flush=True)
    s.append(sys.argv[2], s.last_seq(sys.argv[2]) + 1, "x", {})
    print("wrote")
except StoreReadOnly as exc:
    print("read-only:", exc)
except StoreError as exc:
    print("store error:", type(exc).__name__, exc)
"""


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_store_says_so(tmp_path: Path, what: str) -> None:
    data = tmp_path / "data"
    gid = _game_with_events(data, 5)
    (data / "games.sqlite3").chmod(0o444)
    if what == "folder":
        data.chmod(0o555)
    try:
        proc = run_py(_OPEN_AND_WRITE, str(data), gid, honour_modes=True)
    finally:
        data.chmod(0o755)
        (data / "games.sqlite3").chmod(0o644)
    assert "Traceback" not in proc.stderr, proc.stderr
    out = proc.stdout
    assert out.startswith("refused: ") and "\nread 5\n" in out, out  # still readable
    assert "read-only" in out and "wrote" not in out, out
    assert (f"the folder {data}" if what == "folder" else "games.sqlite3 is read-only") in out, out


def test_a_full_store_names_the_real_cause_and_keeps_what_was_saved(store: GameStore) -> None:
    gid = store.create_game("demo", events=[(1, "game_started", {})])
    store.append(gid, 2, "card_played", {"card": "probe_left"})
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count={pages + 2}")  # the disk is full from here on
    with pytest.raises(StoreFull) as err:
        for i in range(3, 200):
            store.append_events(gid, [(i, "dice_read", {"pad": "y" * 3000})])
    message = str(err.value)
    assert "full" in message and "no transaction is active" not in message
    assert store.events(gid)[1].data == {"card": "probe_left"}


# --- WAL, empty games, finished games, turns ---------------------------------------------------
def test_the_wal_stays_small(tmp_path: Path) -> None:
    s = GameStore(tmp_path)
    gid = s.create_game("demo", events=[(1, "game_started", {})])
    wal = tmp_path / "games.sqlite3-wal"
    biggest = 0
    for i in range(2, 800):
        s.append(gid, i, "moved", {"unit": "a1", "path": ["F3", "F4"], "pad": "z" * 300})
        biggest = max(biggest, wal.stat().st_size)
    s.close()
    assert biggest < WAL_SIZE_LIMIT + 64 * 4096 + 8192, biggest
    assert not wal.exists() or wal.stat().st_size == 0
    again = GameStore(tmp_path)
    assert again.last_seq(gid) == 799
    again.close()


def test_a_game_without_events_is_never_resumed_and_is_cleaned_up(tmp_path: Path) -> None:
    s = GameStore(tmp_path)
    old = s.create_game("demo")  # killed before its first event
    young = s.create_game("demo")
    s._db.execute("UPDATE games SET created = '2020-01-01T00:00:00.000+00:00' WHERE id = ?", (old,))
    assert s.latest_game() is None and s.list_games() == []
    s.close()
    s = GameStore(tmp_path)
    assert {g.id for g in s.list_games(include_empty=True)} == {young}
    s.close()


def test_finished_games_are_marked_and_never_picked_as_latest(store: GameStore) -> None:
    a = store.create_game("beach", events=[(1, "game_started", {})])
    b = store.create_game("orchard", events=[(1, "game_started", {})])
    store.append_events(b, [(2, "turn_ended", {}), (3, "turn_ended", {})])
    assert store.game(b).turn == 3
    store.append(b, 4, "game_over", {"winner": "axis"})
    g = store.game(b)
    assert g.status == "over" and g.winner == "axis" and g.finished
    latest = store.latest_game()
    assert latest is not None and latest.id == a
    store.mark_finished(a, "allies", {"medals": {"allies": 4, "axis": 2}})
    assert store.latest_game() is None
    assert store.game(a).meta["result"] == {"medals": {"allies": 4, "axis": 2}}


_V1_SCHEMA = """
CREATE TABLE games (id TEXT PRIMARY KEY, created TEXT NOT NULL, updated TEXT NOT NULL,
    scenario TEXT NOT NULL, title TEXT NOT NULL DEFAULT '', status TEXT NOT NULL DEFAULT 'playing',
    winner TEXT, meta TEXT NOT NULL DEFAULT '{}');
CREATE TABLE events (game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL, at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
INSERT INTO games VALUES ('g1', '2026-01-01', '2026-01-01', 'beach', '', 'playing', NULL, '{}');
INSERT INTO events VALUES ('g1', 1, 'game_started', '{}', '2026-01-01');
INSERT INTO events VALUES ('g1', 2, 'turn_ended', '{}', '2026-01-01');
INSERT INTO events VALUES ('g1', 3, 'game_over', '{"winner":"allies"}', '2026-01-01');
"""


def test_a_store_of_the_first_version_is_brought_up_to_date(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    db.executescript(_V1_SCHEMA)
    db.close()
    s = GameStore(tmp_path)
    g = s.game("g1")
    assert (g.turn, g.status, len(s.events("g1"))) == (2, "over", 3)
    row = s._db.execute("SELECT checksum FROM events WHERE seq = 3").fetchone()
    assert row[0] == event_checksum("g1", 3, "game_over", '{"winner":"allies"}')
    s.close()


# --- companion games ----------------------------------------------------------------------------
def _companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=60)


def test_companion_games_lists_checks_and_exports(tmp_path: Path) -> None:
    gid = _game_with_events(tmp_path, 6)
    s = GameStore(tmp_path)
    s.append_events(gid, [(7, "turn_ended", {}), (8, "game_over", {"winner": "axis"})])
    s.close()
    out = _companion("games", "--data-dir", str(tmp_path))
    assert out.returncode == 0, out.stderr
    header, row = out.stdout.splitlines()
    assert header.split() == ["id", "scenario", "turn", "status", "last", "played", "events"]
    assert row.split()[:3] == [gid, "demo", "2"] and "over: axis won" in row and row.split()[-1] == "8"
    assert _companion("games", "--data-dir", str(tmp_path), "check").returncode == 0
    # damage event 4: check names the game, export saves events 1-3
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    db.execute("UPDATE events SET kind = 'card_playeD' WHERE seq = 4")
    db.commit()
    db.close()
    check = _companion("games", "--data-dir", str(tmp_path), "check")
    assert check.returncode == 1 and f"game {gid}: events 1-3 intact" in check.stderr
    target = tmp_path / "saved.jsonl"
    exp = _companion("games", "--data-dir", str(tmp_path), "export", gid, "-o", str(target))
    assert exp.returncode == 0 and "3 intact events" in exp.stderr
    assert len(target.read_text().splitlines()) == 4
    imp = _companion("games", "--data-dir", str(tmp_path / "new"), "import", str(target))
    assert imp.returncode == 0 and gid in imp.stdout


def test_companion_games_on_garbage_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "games.sqlite3").write_bytes(b"\x00garbage" * 100)
    out = _companion("games", "--data-dir", str(tmp_path))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "damaged" in out.stderr


def test_play_resume_on_a_read_only_store_says_so_before_anything_is_played(tmp_path: Path) -> None:
    gid = _game_with_events(tmp_path, 3)
    (tmp_path / "games.sqlite3").chmod(0o444)
    try:
        proc = run_py("import sys\nfrom companion.cli import main\nsys.exit(main(sys.argv[1:]))",
                      "play", "--resume", gid, "--data-dir", str(tmp_path), honour_modes=True)
    finally:
        (tmp_path / "games.sqlite3").chmod(0o644)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert "read-only" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


_FILL_THE_DISK = """
import sys
from companion.store import GameStore, StoreFull
s = GameStore(sys.argv[1])
gid = s.create_game("demo", events=[(1, "game_started", {})])
seq = 1
try:
    while True:
        s.append_events(gid, [(seq + 1, "dice_read", {"pad": "q" * 2000}), (seq + 2, "medal_won", {})])
        seq += 2
except StoreFull as exc:
    print("full:", exc)
events = s.events(gid)
print("kept", len(events), "of", seq, "whole batches:", all(e.kind == "medal_won" for e in events[2::2]))
"""


def test_a_real_full_disk_is_reported_as_full(tmp_path: Path) -> None:
    """A 300 KB tmpfs filled by a real writer (needs root and mount namespaces: skipped without)."""
    unshare = shutil.which("unshare")
    if unshare is None or os.geteuid() != 0:
        pytest.skip("needs root and unshare to mount a small tmpfs")
    mnt = tmp_path / "small"
    mnt.mkdir()
    script = tmp_path / "fill.py"
    script.write_text(_FILL_THE_DISK)
    proc = subprocess.run(
        [unshare, "-m", "sh", "-c", f'mount -t tmpfs -o size=300k tmpfs "{mnt}" || exit 77; '
                                    f'exec "{sys.executable}" "{script}" "{mnt}/data"'],
        capture_output=True, text=True, timeout=120)
    if proc.returncode == 77:
        pytest.skip(f"cannot mount a tmpfs here: {proc.stderr.strip()}")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    full, kept = proc.stdout.splitlines()
    assert "is full" in full and "no transaction is active" not in full, full
    assert kept.startswith("kept ") and kept.endswith("whole batches: True"), kept
    n, _, seq = kept.split()[1:4]
    assert int(n) == int(seq) > 10  # every acknowledged event kept, nothing of the failed batch
