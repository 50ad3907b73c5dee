"""Crash-safe game storage: an append-only event log per game in SQLite.

Every event is committed (WAL journal, ``synchronous=FULL``) before :meth:`GameStore.append`
returns, so an event the session acknowledged survives a killed process or a flat battery.
Games are listed, resumed, exported and imported as JSON lines.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

APP_DIR_NAME = "m44-companion"
EXPORT_FORMAT = "m44-companion-game"
EXPORT_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    scenario TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'playing',
    winner TEXT,
    meta TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""


class StoreError(ValueError):
    """A request the store cannot honour (unknown game, out-of-order event, bad import)."""


def default_data_dir() -> Path:
    """``$COMPANION_DATA_DIR``, else the platform's per-user data folder."""
    env = os.environ.get("COMPANION_DATA_DIR")
    if env:
        return Path(env).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / APP_DIR_NAME


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True, slots=True)
class StoredEvent:
    seq: int
    kind: str
    data: dict[str, Any]
    at: str


@dataclass(frozen=True, slots=True)
class GameSummary:
    id: str
    scenario: str
    title: str
    status: str
    winner: str | None
    created: str
    updated: str
    events: int
    meta: dict[str, Any]


class GameStore:
    """One SQLite file holding every saved game. Safe to share between threads."""

    def __init__(self, data_dir: Path | str | None = None) -> None:
        self.data_dir = Path(data_dir) if data_dir is not None else default_data_dir()
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.path = self.data_dir / "games.sqlite3"
        self._lock = threading.RLock()
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- games ---------------------------------------------------------------------------
    def create_game(
        self, scenario: str, title: str = "", meta: dict[str, Any] | None = None,
        game_id: str | None = None,
    ) -> str:
        gid = game_id or uuid.uuid4().hex[:12]
        now = _now()
        with self._lock:
            try:
                self._db.execute(
                    "INSERT INTO games (id, created, updated, scenario, title, meta)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (gid, now, now, scenario, title, json.dumps(meta or {})),
                )
            except sqlite3.IntegrityError:
                raise StoreError(f"a game with id {gid!r} already exists") from None
        return gid

    def set_status(self, game_id: str, status: str, winner: str | None = None) -> None:
        with self._lock:
            cur = self._db.execute(
                "UPDATE games SET status = ?, winner = ?, updated = ? WHERE id = ?",
                (status, winner, _now(), game_id),
            )
            if cur.rowcount == 0:
                raise StoreError(f"no saved game {game_id!r}")

    def delete_game(self, game_id: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    def game(self, game_id: str) -> GameSummary:
        for g in self._summaries("WHERE g.id = ?", (game_id,)):
            return g
        raise StoreError(f"no saved game {game_id!r}")

    def list_games(self) -> list[GameSummary]:
        """Every saved game, the most recently played first."""
        return list(self._summaries("", ()))

    def latest_game(self, status: str | None = "playing") -> GameSummary | None:
        for g in self.list_games():
            if status is None or g.status == status:
                return g
        return None

    def _summaries(self, where: str, args: tuple[Any, ...]) -> Iterator[GameSummary]:
        with self._lock:
            rows = self._db.execute(
                "SELECT g.id, g.scenario, g.title, g.status, g.winner, g.created, g.updated,"
                " g.meta, (SELECT COUNT(*) FROM events e WHERE e.game_id = g.id)"
                f" FROM games g {where} ORDER BY g.updated DESC, g.id",
                args,
            ).fetchall()
        for r in rows:
            yield GameSummary(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[8], json.loads(r[7]))

    # --- events --------------------------------------------------------------------------
    def append(self, game_id: str, seq: int, kind: str, data: dict[str, Any]) -> None:
        """Record event ``seq`` of a game; returns only once it is durably committed.

        ``seq`` must be exactly the next number (1 for the first event): a stale or
        duplicate writer is refused, never silently interleaved.
        """
        payload = json.dumps(data, separators=(",", ":"), sort_keys=True)
        now = _now()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                if self._db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                    raise StoreError(f"no saved game {game_id!r}")
                row = self._db.execute(
                    "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)
                ).fetchone()
                expected = int(row[0]) + 1
                if seq != expected:
                    raise StoreError(f"event {seq} is out of order: the next event is {expected}")
                self._db.execute(
                    "INSERT INTO events (game_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                    (game_id, seq, kind, payload, now),
                )
                self._db.execute("UPDATE games SET updated = ? WHERE id = ?", (now, game_id))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def events(self, game_id: str, after: int = 0) -> list[StoredEvent]:
        """The game's events with ``seq > after``, in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, kind, data, at FROM events WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, after),
            ).fetchall()
        return [StoredEvent(r[0], r[1], json.loads(r[2]), r[3]) for r in rows]

    def last_seq(self, game_id: str) -> int:
        with self._lock:
            row = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)
            ).fetchone()
        return int(row[0])

    # --- export / import -----------------------------------------------------------------
    def export_jsonl(self, game_id: str, out: IO[str]) -> int:
        """Write the game as JSON lines: a header line, then one line per event."""
        g = self.game(game_id)
        header = {
            "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "id": g.id,
            "scenario": g.scenario, "title": g.title, "status": g.status, "winner": g.winner,
            "created": g.created, "meta": g.meta,
        }
        out.write(json.dumps(header, sort_keys=True) + "\n")
        n = 0
        for ev in self.events(game_id):
            line = {"seq": ev.seq, "kind": ev.kind, "data": ev.data, "at": ev.at}
            out.write(json.dumps(line, sort_keys=True) + "\n")
            n += 1
        return n

    def import_jsonl(self, lines: Iterable[str], new_id: bool = False) -> str:
        """Load an exported game; nothing is stored unless the whole file is valid."""
        it = iter(lines)
        try:
            header = json.loads(next(it))
        except StopIteration:
            raise StoreError("the file is empty; expected an exported game") from None
        except json.JSONDecodeError as exc:
            raise StoreError(f"line 1 is not JSON ({exc.msg})") from None
        if not isinstance(header, dict) or header.get("format") != EXPORT_FORMAT:
            raise StoreError(f"line 1 is not a {EXPORT_FORMAT} header")
        if header.get("version") != EXPORT_VERSION:
            raise StoreError(f"export version {header.get('version')!r} is not supported")
        events: list[tuple[int, str, dict[str, Any], str]] = []
        for lineno, raw in enumerate(it, start=2):
            if not raw.strip():
                continue
            try:
                ev = json.loads(raw)
            except json.JSONDecodeError as exc:
                raise StoreError(f"line {lineno} is not JSON ({exc.msg})") from None
            if not (isinstance(ev, dict) and isinstance(ev.get("seq"), int)
                    and isinstance(ev.get("kind"), str) and isinstance(ev.get("data"), dict)):
                raise StoreError(f"line {lineno}: an event needs seq (int), kind (str), data (object)")
            if ev["seq"] != len(events) + 1:
                raise StoreError(f"line {lineno}: event {ev['seq']} is out of order")
            events.append((ev["seq"], ev["kind"], ev["data"], str(ev.get("at", _now()))))
        gid = uuid.uuid4().hex[:12] if new_id or not header.get("id") else str(header["id"])
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                if self._db.execute("SELECT 1 FROM games WHERE id = ?", (gid,)).fetchone():
                    raise StoreError(f"a game with id {gid!r} already exists; import it as a copy")
                now = _now()
                self._db.execute(
                    "INSERT INTO games (id, created, updated, scenario, title, status, winner, meta)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (gid, str(header.get("created", now)), now, str(header.get("scenario", "")),
                     str(header.get("title", "")), str(header.get("status", "playing")),
                     header.get("winner"), json.dumps(header.get("meta") or {})),
                )
                self._db.executemany(
                    "INSERT INTO events (game_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                    [(gid, s, k, json.dumps(d, separators=(",", ":"), sort_keys=True), a)
                     for s, k, d, a in events],
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return gid
