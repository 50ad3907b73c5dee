"""Crash-safe game storage: an append-only event log per game in SQLite.

Every event is committed (WAL journal, ``synchronous=FULL``) before :meth:`GameStore.append`
returns, so an event the session acknowledged survives a killed process or a flat battery.
:meth:`GameStore.append_events` commits the events of one action in one transaction: all of
them or none. Each event carries a checksum, checked whenever it is read, and the file gets a
``PRAGMA quick_check`` when it is opened, so a damaged store is reported (with the intact
events that can still be exported) instead of replayed. Every failure of the file itself is a
:class:`StoreError` subclass whose message says what happened in words: damaged
(:class:`StoreCorrupt`), read-only (:class:`StoreReadOnly`), disk full (:class:`StoreFull`),
or another I/O failure (:class:`StoreIOError`). Games are listed, resumed, marked over,
exported and imported as JSON lines.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, Any, Protocol, TypeVar

from companion.game.sink import SinkError

APP_DIR_NAME = "m44-companion"
EXPORT_FORMAT = "m44-companion-game"
EXPORT_VERSION = 1
SCHEMA_VERSION = 2
# the game layer's event kinds the store reads to keep a game's status and turn in its row
GAME_OVER_KIND = "game_over"
TURN_ENDED_KIND = "turn_ended"
# a game created with no event yet (the process died before its first one) is removed once it
# is this old: younger, another process may be about to write it
EMPTY_GAME_GRACE = timedelta(seconds=60)


def _new_game_id() -> str:
    """12 random hex digits, as the first 12 of a uuid4 (``uuid`` imports ``platform``: a few ms
    on every start that opens the store, issue 18)."""
    return os.urandom(6).hex()
# WAL: checkpoint every 64 pages (256 KB) and cut the file back to 256 KB afterwards
WAL_AUTOCHECKPOINT_PAGES = 64
WAL_SIZE_LIMIT = 256 * 1024

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    scenario TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'playing',
    winner TEXT,
    meta TEXT NOT NULL DEFAULT '{}',
    turn INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at TEXT NOT NULL,
    checksum TEXT,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""


class StoreError(SinkError):
    """A request the store cannot honour (unknown game, out-of-order event, bad import), or a
    failure of the store's file. ``str(error)`` is a message for the user."""

    @property
    def user_message(self) -> str:
        return str(self)


class StoreCorrupt(StoreError):
    """The store's file, or one game's log in it, is damaged.

    ``game_id`` is the damaged game (None when the file as a whole is); ``intact`` the number of
    its events, from the first, that read back as written (what :meth:`GameStore.export_jsonl`
    with ``intact_only=True`` saves)."""

    def __init__(self, message: str, game_id: str | None = None, intact: int | None = None) -> None:
        super().__init__(message)
        self.game_id = game_id
        self.intact = intact


class StoreIOError(StoreError):
    """The store's file or folder cannot be read or written; ``cause`` says why (the OS's or
    SQLite's words)."""

    def __init__(self, message: str, cause: str = "") -> None:
        super().__init__(message)
        self.cause = cause


class StoreReadOnly(StoreIOError):
    """The file or its folder is read-only: games can be read, nothing can be saved."""


class StoreFull(StoreIOError):
    """The disk (or the store's size limit) is full: nothing of the last action was saved."""


class EventLike(Protocol):
    """What :meth:`GameStore.append_events` takes: the game layer's ``Event`` fits."""

    @property
    def seq(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def data(self) -> dict[str, Any]: ...


NewEvent = EventLike | tuple[int, str, dict[str, Any]]
T = TypeVar("T")


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


def event_checksum(game_id: str, seq: int, kind: str, data: str) -> str:
    """The checksum stored with an event: BLAKE2b (8 bytes, hex) of its game, number, kind and
    JSON text, so a flipped bit in any of them is noticed."""
    h = hashlib.blake2b(digest_size=8)
    h.update(f"{game_id}\x1f{seq}\x1f{kind}\x1f".encode("utf-8", "surrogatepass"))
    h.update(data.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def _payload(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


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
    status: str  # "playing" or "over"
    winner: str | None
    created: str
    updated: str  # when last played (an event recorded), ISO 8601 UTC
    events: int
    meta: dict[str, Any]
    turn: int = 1  # the player turn in progress (or the last one, when over), from 1

    @property
    def last_played(self) -> str:
        return self.updated

    @property
    def finished(self) -> bool:
        return self.status == "over"


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What :meth:`GameStore.check` found: ``problems`` empty when all is well."""

    file_ok: bool
    problems: tuple[str, ...] = ()
    damaged_games: dict[str, int] = field(default_factory=dict)  # game id -> intact events


class GameStore:
    """One SQLite file holding every saved game. Safe to share between threads.

    ``check`` (default True) runs ``PRAGMA quick_check`` on opening and raises
    :class:`StoreCorrupt` when the file is damaged; ``companion games`` opens with
    ``check=False`` to export what is intact. A read-only file or folder raises
    :class:`StoreReadOnly` on opening, unless ``allow_read_only``: then the store is opened for
    reading (``read_only`` is True) and the first write raises it.
    """

    def __init__(self, data_dir: Path | str | None = None, *, check: bool = True,
                 allow_read_only: bool = False) -> None:
        self.data_dir = Path(data_dir) if data_dir is not None else default_data_dir()
        self.path = self.data_dir / "games.sqlite3"
        self._lock = threading.RLock()
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise self._os_error(exc, "create the folder") from None
        self.read_only = False  # True: opened for reading only (the file or folder is read-only)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise self._db_error(exc, "open") from None
        try:
            what = self._read_only_what()
            if what is not None:  # SQLite would open it read-only and fail at the first write
                raise StoreReadOnly(f"{what} is read-only, so no game can be saved there; make "
                                    "it writable, or pick another folder with --data-dir.",
                                    "read-only")
            self._open(check)
        except StoreReadOnly as exc:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            if not allow_read_only:
                raise
            self._open_read_only(check, exc)
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            raise

    def _open_read_only(self, check: bool, why: StoreReadOnly) -> None:
        """Open a read-only store for reading (its games can be listed, resumed to look at and
        exported); any write then raises StoreReadOnly. Raises ``why`` when even that fails."""
        if not self.path.exists():
            raise why
        uri = self.path.resolve().as_uri()
        for mode in ("?mode=ro", "?immutable=1"):  # immutable: no -shm can be made in the folder
            try:
                db = sqlite3.connect(uri + mode, uri=True, isolation_level=None,
                                     check_same_thread=False)
                db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            except sqlite3.Error:
                continue
            self._db = db
            self.read_only = True
            self._open(check)
            return
        raise why

    def _open(self, check: bool) -> None:
        with self._guard("open"):
            if not self.read_only:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=FULL")
                self._db.execute(f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT_PAGES}")
                self._db.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
            self._db.execute("PRAGMA foreign_keys=ON")
        if check:
            problems = self._quick_check()
            if problems:
                raise StoreCorrupt(
                    f"the game store {self.path} is damaged ({problems[0]}); "
                    "`companion games check` says which games are intact and "
                    "`companion games export ID` saves each one's intact events")
        with self._guard("open"):
            version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
            if version < SCHEMA_VERSION and not self.read_only:
                self._db.executescript(_SCHEMA)  # (commits by itself: outside the transaction)
        if version < SCHEMA_VERSION and not self.read_only:
            self._migrate()
        if not self.read_only:
            with contextlib.suppress(StoreError):
                self._forget_empty_games()

    def _migrate(self) -> None:
        """Bring a store of an older version up to this schema (in one transaction)."""
        def run() -> None:
            cols = {r[1] for r in self._db.execute("PRAGMA table_info(games)")}
            if "turn" not in cols:
                self._db.execute("ALTER TABLE games ADD COLUMN turn INTEGER NOT NULL DEFAULT 1")
            cols = {r[1] for r in self._db.execute("PRAGMA table_info(events)")}
            if "checksum" not in cols:
                self._db.execute("ALTER TABLE events ADD COLUMN checksum TEXT")
            # events written before checksums existed are trusted as they read now
            rows = self._db.execute(
                "SELECT game_id, seq, kind, data FROM events WHERE checksum IS NULL").fetchall()
            self._db.executemany(
                "UPDATE events SET checksum = ? WHERE game_id = ? AND seq = ?",
                [(event_checksum(g, s, k, d), g, s) for g, s, k, d in rows])
            self._db.execute(
                "UPDATE games SET turn = 1 + (SELECT COUNT(*) FROM events e WHERE e.game_id = games.id"
                f" AND e.kind = '{TURN_ENDED_KIND}')")
            self._db.execute(
                "UPDATE games SET status = 'over' WHERE EXISTS (SELECT 1 FROM events e WHERE"
                f" e.game_id = games.id AND e.kind = '{GAME_OVER_KIND}')")
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

        self._transaction("update the store's tables", run)

    def _forget_empty_games(self) -> None:
        """Remove games that never got their first event (a process killed between creating
        the game and recording its start) once they are older than :data:`EMPTY_GAME_GRACE`."""
        cutoff = (datetime.now(UTC) - EMPTY_GAME_GRACE).isoformat(timespec="milliseconds")
        empty = ("FROM games WHERE created < ? AND NOT EXISTS"
                 " (SELECT 1 FROM events e WHERE e.game_id = games.id)")
        with self._lock, self._guard("clean up"):
            found = self._db.execute(f"SELECT 1 {empty} LIMIT 1", (cutoff,)).fetchone()
        if found is None:
            return  # nothing to forget: opening the store takes no write lock

        def run() -> None:
            self._db.execute(f"DELETE {empty}", (cutoff,))

        self._transaction("clean up", run)

    def close(self) -> None:
        """Checkpoint the WAL into the database (the WAL file shrinks to nothing) and close."""
        with self._lock:
            if not self.read_only:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            with contextlib.suppress(sqlite3.Error):
                self._db.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- errors --------------------------------------------------------------------------
    @contextlib.contextmanager
    def _guard(self, action: str) -> Iterator[None]:
        """Turn SQLite's and the OS's errors into StoreError subclasses that say what happened."""
        try:
            yield
        except sqlite3.Error as exc:
            raise self._db_error(exc, action) from None
        except OSError as exc:
            raise self._os_error(exc, action) from None
        except UnicodeDecodeError:  # text in the file (or SQLite's message about it) is mangled
            raise self._damaged("text in the file is not UTF-8") from None

    def _transaction(self, action: str, body: Callable[[], T]) -> T:
        """Run ``body`` in one IMMEDIATE transaction: committed whole, or rolled back whole.

        A failed commit (disk full...) is reported with its real cause: SQLite may already have
        rolled the transaction back itself, so the rollback is only attempted when one is open."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    result = body()
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        with contextlib.suppress(sqlite3.Error):
                            self._db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                raise self._db_error(exc, action) from None
            except UnicodeDecodeError:
                raise self._damaged("text in the file is not UTF-8") from None
            except UnicodeEncodeError:  # nothing was written: the transaction rolled back
                raise StoreError(f"cannot {action}: it holds text that is not valid Unicode "
                                 "(a lone surrogate)") from None
            return result

    def _db_error(self, exc: sqlite3.Error, action: str) -> StoreError:
        name = getattr(exc, "sqlite_errorname", "") or ""
        code = getattr(exc, "sqlite_errorcode", None)
        primary = code & 0xFF if isinstance(code, int) else None
        cause = str(exc)
        where = f"the game store {self.path}"
        if primary == sqlite3.SQLITE_FULL:
            return StoreFull(f"cannot {action}: the disk holding {where} is full ({cause}); "
                             "nothing of this action was saved. Free some space and resume the game.",
                             cause)
        if primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN,
                       sqlite3.SQLITE_AUTH):
            what = self._read_only_what()
            if what is not None:
                return StoreReadOnly(f"cannot {action}: {what} is read-only ({cause}): nothing can "
                                     "be saved there. Make it writable, or pick another folder "
                                     "with --data-dir.", cause)
            if primary == sqlite3.SQLITE_READONLY:
                return StoreReadOnly(f"cannot {action}: {where} is read-only ({cause}); make it "
                                     "writable, or pick another folder with --data-dir.", cause)
            return StoreIOError(f"cannot {action} {where} ({cause})", cause)
        if primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB) or (
                primary == sqlite3.SQLITE_ERROR
                and ("malformed" in cause or cause.startswith(("no such column", "no such table")))):
            return self._damaged(cause)
        if primary == sqlite3.SQLITE_IOERR:
            return StoreIOError(f"cannot {action} {where}: the disk reported an error ({cause} {name})"
                                .replace(" )", ")"), cause)
        if primary == sqlite3.SQLITE_BUSY or primary == sqlite3.SQLITE_LOCKED:
            return StoreIOError(f"cannot {action}: {where} is in use by another program ({cause}); "
                                "close it and try again", cause)
        return StoreIOError(f"cannot {action} {where} ({cause})", cause)

    def _damaged(self, cause: str) -> StoreCorrupt:
        return StoreCorrupt(
            f"the game store {self.path} is damaged ({cause}); `companion games check` says which "
            "games are intact and `companion games export ID` saves each one's intact events. To "
            f"start afresh, move {self.path.name} aside.")

    def _read_only_what(self) -> str | None:
        """Which of the file or its folder is read-only for this process, in words, or None."""
        file_ro = self.path.exists() and not os.access(self.path, os.W_OK)
        folder_ro = not os.access(self.data_dir, os.W_OK)
        if folder_ro:
            return f"the folder {self.data_dir}" + (f" (and the file {self.path.name})" if file_ro else "")
        if file_ro:
            return f"the game store {self.path}"
        return None

    def _os_error(self, exc: OSError, action: str) -> StoreError:
        import errno

        cause = exc.strerror or str(exc)
        target = exc.filename or self.data_dir
        if exc.errno == errno.ENOSPC:
            return StoreFull(f"cannot {action}: the disk holding {target} is full ({cause})", cause)
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return StoreReadOnly(f"cannot {action} {target}: {cause}; pick another folder with "
                                 "--data-dir", cause)
        return StoreIOError(f"cannot {action} {target}: {cause}", cause)

    def _quick_check(self) -> list[str]:
        """``PRAGMA quick_check``'s complaints (empty when the file is sound)."""
        try:
            with self._lock:
                rows = [str(r[0]) for r in self._db.execute("PRAGMA quick_check").fetchall()]
        except sqlite3.DatabaseError as exc:
            return [str(exc)]
        except UnicodeDecodeError:
            return ["text in the file is not UTF-8"]
        return [] if rows == ["ok"] else rows

    # --- games ---------------------------------------------------------------------------
    def create_game(
        self, scenario: str, title: str = "", meta: dict[str, Any] | None = None,
        game_id: str | None = None, events: Sequence[NewEvent] = (),
    ) -> str:
        """A new game; ``events`` (its first events, from 1) are recorded in the same
        transaction, so no game is ever left without its start."""
        gid = game_id or _new_game_id()
        now = _now()
        rows = self._event_rows(gid, events, 1, now)
        meta_text = json.dumps(meta or {})

        def run() -> None:
            try:
                self._db.execute(
                    "INSERT INTO games (id, created, updated, scenario, title, meta)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (gid, now, now, scenario, title, meta_text),
                )
            except sqlite3.IntegrityError:
                raise StoreError(f"a game with id {gid!r} already exists") from None
            self._insert_events(gid, rows, now)

        self._transaction("save the new game", run)
        return gid

    def set_status(self, game_id: str, status: str, winner: str | None = None) -> None:
        def run() -> None:
            cur = self._db.execute(
                "UPDATE games SET status = ?, winner = ?, updated = ? WHERE id = ?",
                (status, winner, _now(), game_id),
            )
            if cur.rowcount == 0:
                raise StoreError(f"no saved game {game_id!r}")

        self._transaction("save the game's status", run)

    def mark_finished(self, game_id: str, winner: str | None = None,
                      result: dict[str, Any] | None = None) -> None:
        """Mark a game over (``latest_game`` never picks it again); ``result`` (medals, reason...)
        is kept in its meta under ``"result"``. Recording a ``game_over`` event does the same."""
        def run() -> None:
            row = self._db.execute("SELECT meta FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise StoreError(f"no saved game {game_id!r}")
            meta = json.loads(row[0]) if result is not None else None
            if meta is not None:
                meta["result"] = result
            self._db.execute(
                "UPDATE games SET status = 'over', winner = ?, meta = COALESCE(?, meta) WHERE id = ?",
                (winner, None if meta is None else json.dumps(meta), game_id))

        self._transaction("mark the game over", run)

    def delete_game(self, game_id: str) -> None:
        def run() -> None:
            self._db.execute("DELETE FROM games WHERE id = ?", (game_id,))

        self._transaction("delete the game", run)

    def game(self, game_id: str) -> GameSummary:
        for g in self._summaries("WHERE g.id = ?", (game_id,)):
            return g
        raise StoreError(f"no saved game {game_id!r}")

    def list_games(self, include_empty: bool = False) -> list[GameSummary]:
        """Every saved game (id, scenario, turn, status, when last played...), the most recently
        played first. A game without any event (not resumable) is left out unless asked for."""
        return [g for g in self._summaries("", ()) if include_empty or g.events]

    def latest_game(self, status: str | None = "playing") -> GameSummary | None:
        """The most recently played game with ``status`` (default: unfinished) that has events."""
        for g in self.list_games():
            if status is None or g.status == status:
                return g
        return None

    def _summaries(self, where: str, args: tuple[Any, ...]) -> Iterator[GameSummary]:
        with self._lock, self._guard("read the list of games"):
            rows = self._db.execute(
                "SELECT g.id, g.scenario, g.title, g.status, g.winner, g.created, g.updated,"
                " g.meta, (SELECT COUNT(*) FROM events e WHERE e.game_id = g.id), g.turn"
                f" FROM games g {where} ORDER BY g.updated DESC, g.id",
                args,
            ).fetchall()
        for r in rows:
            try:
                meta = json.loads(r[7])
            except (ValueError, TypeError):
                meta = {}
            yield GameSummary(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[8],
                              meta if isinstance(meta, dict) else {}, int(r[9] or 1))

    # --- events --------------------------------------------------------------------------
    def append(self, game_id: str, seq: int, kind: str, data: dict[str, Any]) -> None:
        """Record event ``seq`` of a game; returns only once it is durably committed.

        ``seq`` must be exactly the next number (1 for the first event): a stale or
        duplicate writer is refused, never silently interleaved.
        """
        self.append_events(game_id, [(seq, kind, data)])

    def append_events(self, game_id: str, events: Sequence[NewEvent]) -> None:
        """Record the events of one action in one transaction: once this returns all of them
        are durable; if it raises (or the process dies) none is. The first must be the next
        number and the others follow it one by one."""
        if not events:
            return
        now = _now()
        rows = self._event_rows(game_id, events, None, now)

        def run() -> None:
            if self._db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise StoreError(f"no saved game {game_id!r}")
            expected = int(self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)
            ).fetchone()[0]) + 1
            if rows[0][0] != expected:
                raise StoreError(f"event {rows[0][0]} is out of order: the next event is {expected}")
            self._insert_events(game_id, rows, now)

        self._transaction("save the game", run)

    def _event_rows(self, game_id: str, events: Sequence[NewEvent], first: int | None,
                    now: str) -> list[tuple[int, str, str, str]]:
        """(seq, kind, JSON text, checksum) per event, numbered one after another."""
        rows: list[tuple[int, str, str, str]] = []
        for ev in events:
            if isinstance(ev, tuple):
                seq, kind, data = ev
            else:
                seq, kind, data = ev.seq, ev.kind, ev.data
            want = first if not rows else rows[-1][0] + 1
            if want is not None and seq != want:
                raise StoreError(f"event {seq} is out of order: the next event is {want}")
            if not isinstance(kind, str) or not isinstance(data, dict):
                raise StoreError(f"event {seq} needs a kind (text) and data (an object)")
            try:
                kind.encode("utf-8")
            except UnicodeEncodeError:
                raise StoreError(f"event {seq}: its kind is not valid Unicode text") from None
            try:
                text = _payload(data)
            except (TypeError, ValueError) as exc:
                raise StoreError(f"event {seq} ({kind}) cannot be saved as JSON: {exc}") from None
            rows.append((seq, kind, text, event_checksum(game_id, seq, kind, text)))
        return rows

    def _insert_events(self, game_id: str, rows: list[tuple[int, str, str, str]], now: str) -> None:
        for seq, kind, text, checksum in rows:
            self._db.execute(
                "INSERT INTO events (game_id, seq, kind, data, at, checksum) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, kind, text, now, checksum),
            )
        if not rows:
            return
        turns = sum(1 for r in rows if r[1] == TURN_ENDED_KIND)
        over = [r for r in rows if r[1] == GAME_OVER_KIND]
        self._db.execute("UPDATE games SET updated = ?, turn = turn + ? WHERE id = ?",
                         (now, turns, game_id))
        if over:
            winner = json.loads(over[-1][2]).get("winner")
            self._db.execute("UPDATE games SET status = 'over', winner = ? WHERE id = ?",
                             (winner if isinstance(winner, str) else None, game_id))

    def events(self, game_id: str, after: int = 0) -> list[StoredEvent]:
        """The game's events with ``seq > after``, in order, each checked against its checksum.

        Raises :class:`StoreCorrupt` (with ``intact``: how many events from the first are
        sound) when one was changed on disk, is missing, or cannot be read."""
        out, problem = self.intact_events(game_id, after)
        if problem is not None:
            intact = (out[-1].seq if out else after)
            raise StoreCorrupt(
                f"saved game {game_id!r} is damaged at event {intact + 1} ({problem}); events 1-"
                f"{intact} are intact: `companion games export {game_id}` saves them",
                game_id, intact)
        return out

    def intact_events(self, game_id: str, after: int = 0) -> tuple[list[StoredEvent], str | None]:
        """The sound events from ``after + 1`` on, up to the first damaged one, and what is wrong
        with that one (None when the whole log is sound). Never raises for damage."""
        out: list[StoredEvent] = []
        with self._lock:
            try:
                cur = self._db.execute(
                    "SELECT seq, kind, data, at, checksum FROM events WHERE game_id = ? AND seq > ?"
                    " ORDER BY seq", (game_id, after))
                for seq, kind, text, at, checksum in cur:
                    want = (out[-1].seq if out else after) + 1
                    if seq != want:
                        return out, f"event {want} is missing"
                    if not (isinstance(kind, str) and isinstance(text, str)) or \
                            checksum != event_checksum(game_id, seq, kind, text):
                        return out, "its checksum does not match: it changed on disk"
                    try:
                        data = json.loads(text)
                    except ValueError:
                        return out, "its data is not JSON"
                    out.append(StoredEvent(seq, kind, data, str(at)))
            except sqlite3.DatabaseError as exc:
                return out, f"the file cannot be read: {exc}"
            except UnicodeDecodeError:
                return out, "its text is not UTF-8"
        return out, None

    def last_seq(self, game_id: str) -> int:
        with self._lock, self._guard("read the game"):
            row = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)
            ).fetchone()
        return int(row[0])

    # --- checking ------------------------------------------------------------------------
    def check(self) -> CheckReport:
        """The file's ``quick_check`` and every game's checksums: what is damaged, and how many
        events of each damaged game are intact."""
        problems = self._quick_check()
        damaged: dict[str, int] = {}
        try:
            with self._lock:
                ids = [str(r[0]) for r in self._db.execute("SELECT id FROM games ORDER BY id")]
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            return CheckReport(False, (*problems, f"the list of games cannot be read: {exc}"))
        for gid in ids:
            out, problem = self.intact_events(gid)
            if problem is not None:
                damaged[gid] = out[-1].seq if out else 0
                problems.append(f"game {gid}: event {damaged[gid] + 1}: {problem}")
        return CheckReport(not problems, tuple(problems), damaged)

    # --- export / import -----------------------------------------------------------------
    def export_jsonl(self, game_id: str, out: IO[str], intact_only: bool = False) -> int:
        """Write the game as JSON lines: a header line, then one line per event.

        A damaged game raises :class:`StoreCorrupt` unless ``intact_only``: then its intact
        events (from the first up to the damage) are written, and the header says
        ``"damaged": true``."""
        g = self.game(game_id)
        events, problem = self.intact_events(game_id)
        if problem is not None and not intact_only:
            intact = events[-1].seq if events else 0
            raise StoreCorrupt(f"saved game {game_id!r} is damaged at event {intact + 1} ({problem})",
                               game_id, intact)
        header: dict[str, Any] = {
            "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "id": g.id,
            "scenario": g.scenario, "title": g.title, "status": g.status, "winner": g.winner,
            "created": g.created, "meta": g.meta,
        }
        if problem is not None:
            header["damaged"] = True
            header["status"] = "playing"
        out.write(json.dumps(header, sort_keys=True) + "\n")
        n = 0
        for ev in events:
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
        except (ValueError, RecursionError) as exc:
            raise StoreError(f"line 1 is not JSON ({getattr(exc, 'msg', exc)})") from None
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
            except (ValueError, RecursionError) as exc:
                raise StoreError(f"line {lineno} is not JSON ({getattr(exc, 'msg', exc)})") from None
            if not (isinstance(ev, dict) and isinstance(ev.get("seq"), int)
                    and isinstance(ev.get("kind"), str) and isinstance(ev.get("data"), dict)):
                raise StoreError(f"line {lineno}: an event needs seq (int), kind (str), data (object)")
            if ev["seq"] != len(events) + 1:
                raise StoreError(f"line {lineno}: event {ev['seq']} is out of order")
            events.append((ev["seq"], ev["kind"], ev["data"], str(ev.get("at", _now()))))
        gid = _new_game_id() if new_id or not header.get("id") else str(header["id"])
        rows = self._event_rows(gid, [(s, k, d) for s, k, d, _ in events], 1, _now())
        stamps = [a for _, _, _, a in events]

        def run() -> None:
            if self._db.execute("SELECT 1 FROM games WHERE id = ?", (gid,)).fetchone():
                raise StoreError(f"a game with id {gid!r} already exists; import it as a copy")
            now = _now()
            self._db.execute(
                "INSERT INTO games (id, created, updated, scenario, title, status, winner, meta)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (gid, str(header.get("created", now)), now, str(header.get("scenario", "")),
                 str(header.get("title", "")), str(header.get("status", "playing")),
                 header.get("winner") if isinstance(header.get("winner"), str) else None,
                 json.dumps(header.get("meta") if isinstance(header.get("meta"), dict) else {})),
            )
            self._insert_events(gid, rows, now)
            self._db.executemany("UPDATE events SET at = ? WHERE game_id = ? AND seq = ?",
                                 [(a, gid, s) for (s, _, _, _), a in zip(rows, stamps, strict=True)])

        self._transaction("import the game", run)
        return gid
