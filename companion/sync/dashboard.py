"""Convention mode: every table on one broker at a glance.

:class:`DashboardModel` is UI-neutral: it folds the retained ``summary``, ``control`` and
``presence`` messages of every table into rows (scenario, turn, medals, last update, online).
The terminal view (``companion dashboard``) prints them with :func:`render`; the tablet app's
screen renders the same rows. :class:`DashboardFeed` connects a model to a broker.

The model is thread-safe; listeners run in the MQTT network thread (a Kivy screen schedules
its redraw with ``Clock.schedule_once``), at most once per batch of messages.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from companion.sync.connection import Broker
from companion.sync.protocol import MAX_MESSAGE
from companion.sync.topics import PREFIX, parse


@dataclass(frozen=True, slots=True)
class TableRow:
    """One table as the dashboard shows it."""

    table: str
    game: str = ""
    scenario: str = ""
    title: str = ""
    turn: int = 0
    active: str = ""
    phase: str = ""
    medals: tuple[int, int] = (0, 0)  # (allies, axis)
    to_win: tuple[int, int] = (0, 0)
    seq: int = 0
    over: bool = False
    winner: str | None = None
    authority: str | None = None
    updated: float | None = None  # when the authority last published (its clock, Unix time)
    received: float | None = None  # when this dashboard received it (its clock, Unix time)
    tablets: dict[str, bool] = field(default_factory=dict)  # tablet -> online

    @property
    def online(self) -> bool:
        """The table's authority is connected (or, before anyone named one, any tablet is)."""
        if self.authority is not None and self.authority in self.tablets:
            return self.tablets[self.authority]
        return any(self.tablets.values())

    @property
    def tablets_online(self) -> int:
        return sum(1 for v in self.tablets.values() if v)

    @property
    def medals_text(self) -> str:
        return f"{self.medals[0]}-{self.medals[1]}"

    def age(self, now: float | None = None) -> float | None:
        """Seconds since the table last changed: by the authority's timestamp (a dashboard
        started late still sees how old a retained summary is), or by when it arrived here if
        that timestamp is missing or from a clock running ahead."""
        now = time.time() if now is None else now
        if self.updated is not None and self.updated <= now + 5:
            return max(0.0, now - self.updated)
        if self.received is None:
            return None
        return max(0.0, now - self.received)


ModelListener = Callable[["DashboardModel"], None]


def _pair(obj: Any, default: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    if not isinstance(obj, dict):
        return default
    a, x = obj.get("allies"), obj.get("axis")
    if isinstance(a, int) and isinstance(x, int):
        return a, x
    return default


class DashboardModel:
    """Rows by table, from the messages of every table on a broker."""

    def __init__(self) -> None:
        self._rows: dict[str, TableRow] = {}
        self._lock = threading.Lock()
        self.version = 0  # bumps on every change
        self.messages = 0
        self.bad_messages = 0
        self.listeners: list[ModelListener] = []

    def rows(self) -> list[TableRow]:
        """Every table, sorted by its id."""
        with self._lock:
            return [self._rows[t] for t in sorted(self._rows)]

    def row(self, table: str) -> TableRow | None:
        with self._lock:
            return self._rows.get(table)

    def __len__(self) -> int:
        return len(self._rows)

    def __bool__(self) -> bool:
        return True  # an empty model is still a model (``model or DashboardModel()`` keeps it)

    def apply(self, topic: str, payload: bytes, now: float | None = None) -> bool:
        """Fold one message in; True when a row changed. Bad messages are counted, not raised."""
        where = parse(topic)
        self.messages += 1
        if where is None:
            self.bad_messages += 1
            return False
        table, kind, tablet = where
        if len(payload) > MAX_MESSAGE:
            self.bad_messages += 1
            return False
        try:
            obj = json.loads(payload) if payload else None
        except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: deep nesting
            self.bad_messages += 1
            return False
        if obj is not None and not isinstance(obj, dict):
            self.bad_messages += 1
            return False
        received = time.time() if now is None else now
        with self._lock:
            row = self._rows.get(table) or TableRow(table)
            try:
                new = self._fold(row, kind, tablet, obj, received)
            except (TypeError, ValueError, OverflowError):  # a field of the wrong kind or size
                new = None
            if new is None:
                self.bad_messages += 1
                return False
            if new == row and table in self._rows:
                return False
            self._rows[table] = new
            self.version += 1
        for listener in list(self.listeners):
            listener(self)
        return True

    @staticmethod
    def _fold(row: TableRow, kind: str, tablet: str | None, obj: dict[str, Any] | None,
              received: float) -> TableRow | None:
        if kind == "summary":
            if obj is None:
                return row
            turn, seq = obj.get("turn"), obj.get("seq")
            if not isinstance(turn, int) or not isinstance(seq, int):
                return None
            if row.game == obj.get("game") and seq < row.seq:
                return row  # an older summary arriving late
            updated = obj.get("updated")
            return replace(
                row, game=str(obj.get("game", "")), scenario=str(obj.get("scenario", "")),
                title=str(obj.get("title", "")), turn=turn, active=str(obj.get("active", "")),
                phase=str(obj.get("phase", "")), medals=_pair(obj.get("medals")),
                to_win=_pair(obj.get("to_win")), seq=seq, over=bool(obj.get("over")),
                winner=obj.get("winner") if isinstance(obj.get("winner"), str) else None,
                authority=str(obj["authority"]) if obj.get("authority") else row.authority,
                updated=float(updated) if isinstance(updated, int | float) else None,
                received=received)
        if kind == "control":
            if obj is None or not isinstance(obj.get("authority"), str):
                return row if obj is None else None
            return replace(row, authority=obj["authority"])
        if kind == "presence" and tablet is not None:
            online = bool(obj.get("online")) if obj is not None else False
            tablets = dict(row.tablets)
            tablets[tablet] = online
            return replace(row, tablets=tablets)
        return row  # snapshots, events, actions: not the dashboard's business


class DashboardFeed:
    """Keeps a :class:`DashboardModel` fed from every table on one broker (read-only)."""

    FILTERS = (f"{PREFIX}/+/summary", f"{PREFIX}/+/control", f"{PREFIX}/+/presence/+")

    def __init__(self, config: Broker, model: DashboardModel | None = None,
                 client_id: str | None = None) -> None:
        self.model = model if model is not None else DashboardModel()
        self.conn = config.connect(client_id or f"dashboard-{id(self) % 100000}")
        for f in self.FILTERS:
            self.conn.subscribe(f, self._on_message)

    def _on_message(self, topic: str, payload: bytes) -> None:
        self.model.apply(topic, payload)

    def start(self) -> DashboardFeed:
        self.conn.start()
        return self

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> DashboardFeed:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()


def _age_text(age: float | None) -> str:
    if age is None:
        return "-"
    if age < 60:
        return f"{age:.0f}s"
    if age < 3600:
        return f"{age / 60:.0f}m"
    return f"{age / 3600:.0f}h"


def render(rows: list[TableRow], now: float | None = None, width: int = 100) -> str:
    """The dashboard as plain text: one line per table, a count of live tables at the bottom."""
    head = f"{'table':<14} {'scenario':<22} {'turn':>4}  {'to act':<7} {'medals':>9}  " \
           f"{'updated':>7}  {'tablets':>7}  status"
    lines = [head[:width], "-" * min(width, len(head))]
    for r in rows:
        medals = f"{r.medals_text} /{r.to_win[0]}-{r.to_win[1]}" if r.to_win != (0, 0) else r.medals_text
        if r.over:
            status = f"over: {r.winner or 'draw'} wins"
        elif r.online:
            status = f"{r.phase}"
        else:
            status = "OFFLINE"
        line = (f"{r.table:<14.14} {(r.title or r.scenario or '?'):<22.22} {r.turn:>4}  "
                f"{r.active:<7.7} {medals:>9}  {_age_text(r.age(now)):>7}  "
                f"{r.tablets_online:>3}/{len(r.tablets):<3}  {status}")
        lines.append(line[:width])
    live = sum(1 for r in rows if r.online and not r.over)
    lines.append(f"{len(rows)} tables, {live} playing, {sum(1 for r in rows if r.over)} finished")
    return "\n".join(lines)
