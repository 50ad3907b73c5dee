"""One game on several tablets: one authoritative session, mirrors on the other tablets.

Every tablet at a table runs a :class:`TableSync`. Exactly one is the *authority*: it wraps the
:class:`~companion.game.session.GameSession`, publishes each recorded event once with its seq
(the monotonic state id), keeps the retained summary up to date and refreshes a retained
snapshot (the whole log) every ``snapshot_every`` events, when the table pauses, when it hands
over and when it leaves. The others are *mirrors*: they apply the event stream in seq order.
A mirror that joins loads the retained snapshot; one that joins, reconnects, notices a gap or
a conflicting event asks the authority (a catch-up request naming the last event it holds)
and gets only the events it lacks, or the whole log when its own has gone astray. With a table
key every game message is sealed (``protocol.Seal``) and unsealed ones are refused. A mirror
sends an action as ``{"expect": <state id>, "action": {...}}``; the authority applies it only
when the state id matches and answers ok, the rule's refusal, or ``"stale"`` (the mirror then
catches up).
Authority moves with :meth:`TableSync.hand_over` (the authority names its successor and the
final state id) or :meth:`TableSync.claim` (the authority's tablet is gone).

Listeners and reply callbacks run in the MQTT network thread; a Kivy screen hands them to its
own thread (``Clock.schedule_once``). :meth:`TableSync.request` blocks: never call it from a
listener.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.game.errors import IllegalAction
from companion.game.events import Event
from companion.game.session import GameSession
from companion.game.sink import GameCopy, SinkError
from companion.game.state import GameLog, GameState
from companion.sync import protocol
from companion.sync.connection import Broker, Connect
from companion.sync.protocol import BadMessage
from companion.sync.topics import check_id, table_topic

log = logging.getLogger("companion.sync.table")

STALE = "stale"
SNAPSHOT_EVERY = 100  # events between refreshes of the retained snapshot
SNAPSHOT_IDLE_S = 2.0  # ... and this long after an action that left it behind
MAX_PENDING = 256  # events a mirror holds back while it waits to fill a gap
ASK_AGAIN_S = 2.0  # an unanswered catch-up request is sent again after this


class Role(StrEnum):
    MIRROR = "mirror"
    AUTHORITY = "authority"


@dataclass(frozen=True, slots=True)
class Reply:
    """The authority's answer to one action."""

    id: str
    ok: bool
    seq: int  # the table's state id after the action (or now, when refused)
    reason: str | None = None  # the rule's refusal, "stale", or why nobody answered
    events: tuple[int, ...] = ()  # seqs of the events the action recorded

    @property
    def stale(self) -> bool:
        return self.reason == STALE


@dataclass(frozen=True, slots=True)
class SyncUpdate:
    """What changed on this tablet: ``events`` applied, a ``snapshot`` loaded, a ``role`` change."""

    kind: str
    seq: int
    events: tuple[Event, ...] = ()
    role: Role = Role.MIRROR


@dataclass(slots=True)
class SyncStats:
    events_applied: int = 0
    snapshots_loaded: int = 0
    gaps: int = 0
    duplicates: int = 0
    stale_refused: int = 0  # actions this authority refused as stale
    bad_messages: int = 0
    ignored_old_epoch: int = 0
    catchups_asked: int = 0  # catch-up requests this mirror sent
    catchups_loaded: int = 0  # answers it applied (snapshots_loaded counts whole logs)
    catchups_sent: int = 0  # answers this authority sent
    full_logs_sent: int = 0  # ... of them the whole log
    too_far_ahead: int = 0  # events dropped because they were beyond what a mirror buffers
    conflicts: int = 0  # an event for a seq held with other content: the logs disagreed
    notes: list[str] = field(default_factory=list)  # the latest bad-message reasons

    def bad(self, why: str) -> None:
        self.bad_messages += 1
        self.notes = [*self.notes[-9:], why]


UpdateListener = Callable[[SyncUpdate], None]
ReplyCallback = Callable[[Reply], None]


class TableSync:
    """This tablet's link to one table: mirror by default, authority after :meth:`host`."""

    def __init__(self, config: Broker, table: str, tablet: str, *,
                 store: GameCopy | None = None, client_id: str | None = None,
                 key: bytes | None = None, snapshot_every: int = SNAPSHOT_EVERY,
                 connect: Connect | None = None) -> None:
        """``key``: the table's secret (see :func:`companion.sync.security.table_key`); with it
        this tablet seals what it sends and takes only messages sealed with the same key.
        ``connect`` makes the MQTT client as ``connect(config, client_id, will)``: by default
        the broker's own (``config.connect``); an in-memory one
        (``companion.tray.memory_mqtt``) in unit tests."""
        self.table = check_id(table, "table")
        self.tablet = check_id(tablet, "tablet")
        self.store = store
        self.seal = protocol.Seal(key)
        self.snapshot_every = max(1, snapshot_every)
        self.role = Role.MIRROR
        self.session: GameSession | None = None
        self.log: GameLog | None = None
        self.game_id: str | None = None
        self.epoch = 0
        self._log_epoch = 0  # the epoch of the authority our log came from
        self.authority: str | None = None  # the tablet named by the latest control message
        self.stats = SyncStats()
        self.listeners: list[UpdateListener] = []
        self._events: list[Event] = []  # event i has seq i + 1: the log, kept in memory
        self._events_json: list[str] = []  # the same as compact JSON (a snapshot is a join)
        self._pending: dict[int, Event] = {}  # events that arrived ahead of a gap
        self._want_snapshot = False
        self._asked_at: float | None = None  # when the open catch-up request went out
        self._unanswered = 0  # catch-up requests sent and not answered yet
        self._last_ask = 0.0  # when the latest one went out
        self._snapshot_seq = 0  # the state id of the retained snapshot this authority sent
        self._restored_at = 0.0  # when this authority last put a forged control message right
        self._idle_timer: threading.Timer | None = None
        self._empty_timer: threading.Timer | None = None
        self._full_sent_at: dict[str, float] = {}  # tablet -> when it last got the whole log
        self._takeover_at: int | None = None  # handed authority from this seq on
        self._replies: dict[str, ReplyCallback] = {}
        self._ids = itertools.count(1)
        self._lock = threading.RLock()
        will = (table_topic(table, "presence", tablet),
                protocol.presence_message(tablet, False, "offline"))
        cid = client_id or f"{table}.{tablet}"
        self.conn = config.connect(cid, will) if connect is None else connect(config, cid, will=will)
        self.conn.on_connect.append(self._connected)
        self._need_snapshot()  # first: its retained copy arrives before the control message
        self.conn.subscribe(table_topic(table, "event"), self._on_event)
        self.conn.subscribe(table_topic(table, "control"), self._on_control)
        self.conn.subscribe(table_topic(table, "reply", tablet), self._on_reply)
        self.conn.subscribe(table_topic(table, "catchup", tablet), self._on_catchup)
        # every tablet listens for actions and requests from the start (mirrors ignore them), so
        # the moment one becomes the authority nothing is lost to a subscription on its way
        self.conn.subscribe(table_topic(table, "action"), self._on_action)
        self.conn.subscribe(table_topic(table, "request"), self._on_request)

    # --- life -----------------------------------------------------------------------------
    def start(self) -> TableSync:
        self.conn.start()
        return self

    def close(self) -> None:
        """Leave the table: the authority leaves a snapshot of the whole log behind (so a
        tablet that takes over later misses nothing), then say so (presence offline) and
        disconnect."""
        with self._lock:
            if self._idle_timer is not None:
                self._idle_timer.cancel()
                self._idle_timer = None
            if self.role is Role.AUTHORITY and self.seq != self._snapshot_seq:
                self._publish_snapshot()
        if self.conn.connected.is_set():
            self.conn.publish(table_topic(self.table, "presence", self.tablet),
                              protocol.presence_message(self.tablet, False, "offline"),
                              retain=True)
            self.conn.flush(2)
        self.conn.close()
        with self._lock:  # the session goes on without this table (the app may keep it)
            if self.session is not None and self._recorded in self.session.listeners:
                self.session.listeners.remove(self._recorded)

    def __enter__(self) -> TableSync:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- what front ends read -------------------------------------------------------------
    @property
    def seq(self) -> int:
        """The state id this tablet holds (0 before it has a game)."""
        return self.log.last_seq if self.log is not None else 0

    @property
    def state(self) -> GameState | None:
        return self.log.state if self.log is not None else None

    @property
    def events(self) -> list[Event]:
        """The whole log as this tablet holds it (kept in memory: no store read, no parsing)."""
        with self._lock:
            return list(self._events)

    @property
    def is_authority(self) -> bool:
        return self.role is Role.AUTHORITY

    @property
    def lock(self) -> threading.RLock:
        """Hold it to read :attr:`state` consistently while events arrive (briefly)."""
        return self._lock

    def view(self) -> GameSession | None:
        """A session over this tablet's log for reading prompts (hold :attr:`lock`). Never act
        on a mirror's view: actions go to the authority with :meth:`send` / :meth:`request`."""
        if self.session is not None:
            return self.session
        if self.log is None or self.game_id is None:
            return None
        return GameSession(self.log, self.game_id)

    @property
    def synced(self) -> bool:
        """True when this tablet holds a game and waits for nothing (no snapshot, no recent
        catch-up request unanswered, no gap). Every request counts: a mirror that asked twice
        (the snapshot came late) still waits for the second answer, which may bring events."""
        return (self.log is not None and not self._want_snapshot and not self._pending
                and (self._unanswered == 0 or time.monotonic() - self._last_ask > ASK_AGAIN_S))

    # --- becoming the authority -----------------------------------------------------------
    def host(self, session: GameSession, events: list[Event] | None = None) -> None:
        """Be this table's authority for ``session``.

        The snapshot needs the whole log: ``events``, else the session's store, else the session
        must be fresh (only ``game_started``).
        """
        if events is None:
            if session.store is not None:
                events = [Event(e.seq, e.kind, e.data) for e in session.store.events(session.game_id)]
            elif session.log.last_seq == 1:
                events = [session.log.start]
            else:
                raise ValueError("host() needs the session's events (or a session with a store)")
        if not events or events[-1].seq != session.log.last_seq:
            raise ValueError("the events given do not end at the session's state id")
        with self._lock:
            self.game_id = session.game_id
            self.log = session.log
            self._set_events(list(events))
            self._pending.clear()
            self._become_authority(session, max(self.epoch + 1, 1), previous=self.authority)

    def claim(self) -> None:
        """Take authority from a tablet that is gone, from the log this tablet mirrors."""
        with self._lock:
            if self.role is Role.AUTHORITY:
                return
            if self.log is None or self.game_id is None:
                raise RuntimeError("this tablet holds no game yet: nothing to take over")
            session = GameSession(self.log, self.game_id, self._session_store())
            self._become_authority(session, self.epoch + 1, previous=self.authority)

    def hand_over(self, to: str) -> None:
        """Pass authority to tablet ``to``: publish the final state id naming it, then mirror."""
        check_id(to, "tablet")
        with self._lock:
            if self.role is not Role.AUTHORITY or self.session is None or self.game_id is None:
                raise RuntimeError("only the authority can hand authority over")
            if to == self.tablet:
                return
            self._publish_snapshot()
            self.epoch += 1
            self.authority = to
            self._publish(table_topic(self.table, "control"),
                          protocol.control_message(self.game_id, self.epoch, to, self.seq,
                                                   self.tablet), retain=True)
            self.session.listeners.remove(self._recorded)
            self.session = None
            self.role = Role.MIRROR
            self._publish_presence()
        self._notify(SyncUpdate("role", self.seq, role=Role.MIRROR))

    def _session_store(self) -> GameCopy | None:
        if self.store is None or self.game_id is None:
            return None
        try:
            if self.store.last_seq(self.game_id) == self.seq:
                return self.store
        except SinkError:
            pass
        log.warning("%s: the local store lags the table; the new authority records nothing", self.tablet)
        return None

    def _become_authority(self, session: GameSession, epoch: int, previous: str | None) -> None:
        assert self.game_id is not None
        self.session = session
        if self._recorded not in session.listeners:
            session.listeners.append(self._recorded)
        self.role = Role.AUTHORITY
        self.epoch = epoch
        self._log_epoch = epoch
        self.authority = self.tablet
        self._takeover_at = None
        self._asked_at = None
        self._unanswered = 0
        self._drop_snapshot_wish()
        self._publish_control(previous)
        self._publish_snapshot()
        self._publish_summary()
        self._publish_presence()
        self._notify(SyncUpdate("role", self.seq, role=Role.AUTHORITY))

    # --- acting ---------------------------------------------------------------------------
    def send(self, action: dict[str, Any], on_reply: ReplyCallback | None = None,
             expect: int | None = -1) -> str:
        """Send ``action`` to the authority for the state id this tablet holds (``expect``:
        -1 = this tablet's, None = whatever the table is at). Returns the request id."""
        req_id = f"{self.tablet}-{next(self._ids)}"
        with self._lock:
            want = self.seq if expect == -1 else expect
            if self.role is Role.AUTHORITY:
                reply = self._apply(req_id, want, action)
                if on_reply is not None:
                    on_reply(reply)
                return req_id
            if on_reply is not None:
                self._replies[req_id] = on_reply
        self._publish(table_topic(self.table, "action", self.tablet),
                      protocol.action_message(req_id, want, action))
        return req_id

    def forget(self, req_id: str) -> None:
        """Stop waiting for the answer to ``req_id`` (its callback will not be called)."""
        with self._lock:
            self._replies.pop(req_id, None)

    def request(self, action: dict[str, Any], timeout: float = 5.0,
                expect: int | None = -1) -> Reply:
        """Send ``action`` and wait for the authority's answer (not from a listener).

        With a state id, an unanswered request is sent once more halfway through ``timeout``
        (authority changing hands): the state id makes that safe, since the authority applies
        at most one of the two and refuses the other as stale."""
        done = threading.Event()
        got: list[Reply] = []

        def answer(r: Reply) -> None:
            got.append(r)
            done.set()

        with self._lock:
            want = self.seq if expect == -1 else expect
        attempts = 2 if want is not None else 1
        ids: list[str] = []
        for _ in range(attempts):
            ids.append(self.send(action, answer, want))
            if done.wait(timeout / attempts):
                return got[0]
        with self._lock:
            for req_id in ids:
                self._replies.pop(req_id, None)
        return Reply(ids[-1], False, self.seq,
                     f"no answer from the table's authority within {timeout:g} s")

    def _apply(self, req_id: str, expect: int | None, action: dict[str, Any]) -> Reply:
        """The authority's side of an action: check the state id, then the rules."""
        with self._lock:
            if self.role is not Role.AUTHORITY or self.session is None:
                who = self.authority or "nobody yet"
                return Reply(req_id, False, self.seq,
                             f"this tablet is not the table's authority (the authority is {who})")
            if expect is not None and expect != self.seq:
                self.stats.stale_refused += 1
                return Reply(req_id, False, self.seq, STALE)
            try:
                recorded = self.session.act(action)
            except IllegalAction as exc:
                return Reply(req_id, False, self.seq, str(exc))
            except Exception as exc:  # a rules bug must not take the table down
                log.exception("%s: action %r failed", self.tablet, action)
                return Reply(req_id, False, self.seq, f"the authority could not apply it: {exc}")
            if recorded:
                self._after_recording()
            return Reply(req_id, True, self.seq, None, tuple(e.seq for e in recorded))

    def end_by_agreement(self, reason: str) -> None:
        """Authority only: end the game now (a turn limit, the players agree)."""
        with self._lock:
            if self.session is None:
                raise RuntimeError("only the authority can end the game")
            if self.session.end_by_agreement(reason):
                self._after_recording()

    # --- publishing (authority) -----------------------------------------------------------
    def _recorded(self, ev: Event, state: GameState) -> None:
        """Session listener: publish each event the moment it is recorded (once, QoS 1)."""
        assert self.game_id is not None
        ej = protocol.event_json(ev)
        self._events.append(ev)
        self._events_json.append(ej)
        self._publish(table_topic(self.table, "event"),
                      protocol.event_message(self.game_id, self.epoch, ej))
        self._notify(SyncUpdate("events", ev.seq, (ev,), self.role))

    def _after_recording(self) -> None:
        """After an action: the summary always; the retained snapshot every N events, and once
        the table pauses (players think between actions), so a tablet that takes the table
        over after a crash misses at most the last moments."""
        if self.seq - self._snapshot_seq >= self.snapshot_every:
            self._publish_snapshot()
        elif self._idle_timer is None:
            self._idle_timer = threading.Timer(SNAPSHOT_IDLE_S, self._snapshot_when_idle)
            self._idle_timer.daemon = True
            self._idle_timer.start()
        self._publish_summary()

    def _snapshot_when_idle(self) -> None:
        with self._lock:
            self._idle_timer = None
            if self.role is Role.AUTHORITY and self.seq != self._snapshot_seq:
                self._publish_snapshot()

    def _publish(self, topic: str, body: bytes, retain: bool = False) -> None:
        self.conn.publish(topic, self.seal.seal(topic, body), retain=retain)

    def _publish_control(self, previous: str | None) -> None:
        assert self.game_id is not None
        self._publish(table_topic(self.table, "control"),
                      protocol.control_message(self.game_id, self.epoch, self.tablet, self.seq,
                                               previous), retain=True)

    def _publish_snapshot(self) -> None:
        assert self.game_id is not None
        self._snapshot_seq = self.seq
        self._publish(table_topic(self.table, "snapshot"),
                      protocol.snapshot_message(self.game_id, self.epoch, self.tablet,
                                                self._events_json), retain=True)

    def _publish_summary(self) -> None:
        if self.log is None or self.game_id is None:
            return
        body = protocol.summary(self.table, self.game_id, self.log.state, self.tablet)
        self.conn.publish(table_topic(self.table, "summary"), protocol.dumps(body), retain=True)

    def _publish_presence(self) -> None:
        self.conn.publish(table_topic(self.table, "presence", self.tablet),
                          protocol.presence_message(self.tablet, True, self.role.value), retain=True)

    def _connected(self) -> None:
        """Every (re)connect: say we are here; the authority re-asserts what a broker restart
        may have lost; a mirror reloads the snapshot (it may have missed events meanwhile)."""
        with self._lock:
            self._publish_presence()
            if self.role is Role.AUTHORITY and self.game_id is not None:
                self._publish_control(None)
                self._publish_snapshot()
                self._publish_summary()
            elif self.role is Role.MIRROR:
                if self.log is None:
                    self._need_snapshot()  # the retained snapshot first, then the rest
                else:
                    self._ask(force=True)  # events may have gone by while we were away

    # --- mirroring --------------------------------------------------------------------------
    def _need_snapshot(self) -> None:
        """Follow the retained snapshot (subscribing delivers the broker's copy again)."""
        topic = table_topic(self.table, "snapshot")
        if self._want_snapshot:
            self.conn.resubscribe(topic)
        else:
            self._want_snapshot = True
            self.conn.subscribe(topic, self._on_snapshot)

    def _drop_snapshot_wish(self) -> None:
        if self._want_snapshot:
            self._want_snapshot = False
            self.conn.unsubscribe(table_topic(self.table, "snapshot"))

    def _ask(self, *, full: bool = False, force: bool = False, have: int | None = None) -> bool:
        """Ask the authority for the events after the ``have``-th (default: all this mirror
        holds; ``full``: the whole log). One request is open at a time unless ``force``."""
        if self.role is Role.AUTHORITY:
            return False
        now = time.monotonic()
        if not force and self._asked_at is not None and now - self._asked_at < ASK_AGAIN_S:
            return False
        if now - self._last_ask > ASK_AGAIN_S:
            self._unanswered = 0  # the earlier ones went unanswered too long: given up
        self._asked_at = self._last_ask = now
        self._unanswered += 1
        n = 0 if full or self.log is None else min(self.seq if have is None else have, self.seq)
        dig = protocol.digest(self._events_json[n - 1]) if n else None
        self.stats.catchups_asked += 1
        self._publish(table_topic(self.table, "request", self.tablet),
                      protocol.catchup_request(self.game_id, n, dig))
        return True

    def _ask_if_empty(self) -> None:
        with self._lock:
            self._empty_timer = None
            if self.log is None:
                self._ask(full=True)

    def _set_events(self, events: list[Event]) -> None:
        self._events = events
        self._events_json = [protocol.event_json(e) for e in events]

    def _hold(self, ev: Event) -> None:
        """Keep an event that arrived ahead of the log, within bounds: a forged or far-future
        seq must not grow the buffer without end."""
        if ev.seq in self._pending:
            return
        if ev.seq > self.seq + MAX_PENDING or len(self._pending) >= MAX_PENDING:
            self.stats.too_far_ahead += 1
            return
        self._pending[ev.seq] = ev

    def _on_event(self, topic: str, payload: bytes) -> None:
        if self.is_authority:
            return  # our own stream echoed back
        try:
            game, epoch, ev = protocol.decode_event(self.seal.check(topic, payload, "event message"))
        except BadMessage as exc:
            self.stats.bad(str(exc))
            return
        applied: list[Event] = []
        with self._lock:
            if self.role is Role.AUTHORITY:
                return  # our own stream echoed back
            if epoch < self.epoch:
                self.stats.ignored_old_epoch += 1
                return
            if self.log is None or game != self.game_id:
                self._hold(ev)
                self._ask(full=True)
                return
            if ev.seq <= self.seq:
                if protocol.event_json(ev) == self._events_json[ev.seq - 1]:
                    self.stats.duplicates += 1
                else:  # the authority's log and ours part at this seq: take its log from there
                    self.stats.conflicts += 1
                    self._ask(force=True, have=ev.seq - 1)
                return
            self._hold(ev)
            applied = self._drain_pending()
            if self._pending and self._ask():
                self.stats.gaps += 1
            self._maybe_take_over()
        if applied:
            self._notify(SyncUpdate("events", self.seq, tuple(applied), self.role))

    def _drain_pending(self) -> list[Event]:
        """Apply buffered events that follow on from the log; drop the ones already held."""
        applied: list[Event] = []
        assert self.log is not None
        for s in [s for s in self._pending if s <= self.seq]:
            del self._pending[s]
        while self.seq + 1 in self._pending:
            ev = self._pending.pop(self.seq + 1)
            try:
                self.log.add(ev)
            except Exception as exc:  # an event our log cannot fold: start again from the table's
                self.stats.bad(f"event {ev.seq} could not be applied ({exc})")
                self._pending.clear()
                self._ask(full=True, force=True)
                break
            self._events.append(ev)
            self._events_json.append(protocol.event_json(ev))
            self._store_event(ev)
            self.stats.events_applied += 1
            applied.append(ev)
        return applied

    def _load_log(self, game: str, epoch: int, events: list[Event]) -> bool:
        """Replace this mirror's log with ``events`` (a snapshot or the table's answer)."""
        try:
            new_log = GameLog.replay(events)
        except Exception as exc:
            self.stats.bad(f"the table's log could not be replayed ({exc})")
            return False
        if game != self.game_id:
            self._pending = {s: e for s, e in self._pending.items() if s > len(events)}
        self.log = new_log
        self.game_id = game
        self._set_events(events)
        self._store_snapshot(events)
        self._log_epoch = epoch
        self.stats.snapshots_loaded += 1
        return True

    def _on_snapshot(self, topic: str, payload: bytes) -> None:
        try:
            game, epoch, authority, events = protocol.decode_snapshot(
                self.seal.check(topic, payload, "snapshot"))
        except BadMessage as exc:
            self.stats.bad(str(exc))
            return
        applied: list[Event] = []
        loaded = False
        with self._lock:
            if self.role is Role.AUTHORITY or not self._want_snapshot:
                return
            if epoch < self.epoch:
                self.stats.ignored_old_epoch += 1
                return
            if (self.log is None or game != self.game_id or len(events) > self.seq
                    or epoch > self._log_epoch):
                if not self._load_log(game, epoch, events):
                    return
                loaded = True
            self.epoch = max(self.epoch, epoch)
            if self.authority is None:
                self.authority = authority
            self._drop_snapshot_wish()
            applied = self._drain_pending()
            self._ask(force=True)  # the snapshot may be a few events old: ask for the rest
            self._maybe_take_over()
        self._tell_loaded(loaded, applied)

    def _on_catchup(self, topic: str, payload: bytes) -> None:
        try:
            game, epoch, authority, after, events = protocol.decode_catchup(
                self.seal.check(topic, payload, "catch-up"))
        except BadMessage as exc:
            self.stats.bad(str(exc))
            return
        applied: list[Event] = []
        loaded = False
        with self._lock:
            if self.role is Role.AUTHORITY:
                return
            if epoch < self.epoch:
                self.stats.ignored_old_epoch += 1
                return
            self._asked_at = None
            self._unanswered = max(0, self._unanswered - 1)
            end = after + len(events)
            if after and (self.log is None or game != self.game_id or after > self.seq):
                self._ask(full=True, force=True)  # an answer to a question we no longer have
                return
            if after == 0:
                loaded = self._load_log(game, epoch, events)
            else:
                # events we already hold must match the table's; from the first that does not
                # (or if we hold more than the table), the table's log replaces ours
                parted = next((e.seq for e in events if e.seq <= self.seq
                               and protocol.event_json(e) != self._events_json[e.seq - 1]), None)
                if parted is None and self.seq > end:
                    parted = end + 1
                if parted is not None:
                    self.stats.conflicts += 1
                    kept = self._events[:parted - 1]
                    loaded = self._load_log(game, epoch, kept + [e for e in events if e.seq >= parted])
                else:
                    for ev in events:
                        if ev.seq > self.seq:
                            self._pending[ev.seq] = ev  # the authority's own: no bound needed
                    applied = self._drain_pending()
                    self._log_epoch = max(self._log_epoch, epoch)
            if not loaded and not applied and self.seq < end:
                return  # the log could not take them: _load_log / _drain_pending said why
            self.stats.catchups_loaded += 1
            # anything still held back lies beyond the authority's state id when it answered
            # (later events arrive after its answer): forged or from an old authority
            self._pending.clear()
            self.epoch = max(self.epoch, epoch)
            if self.authority is None:
                self.authority = authority
            self._drop_snapshot_wish()
            self._maybe_take_over()
        self._tell_loaded(loaded, applied)

    def _tell_loaded(self, loaded: bool, applied: list[Event]) -> None:
        """Tell the listeners a log was loaded (a snapshot or a whole catch-up), then the
        events applied on top of it."""
        if loaded:
            self._notify(SyncUpdate("snapshot", self.seq, role=self.role))
        if applied:
            self._notify(SyncUpdate("events", self.seq, tuple(applied), self.role))

    def _on_request(self, topic: str, payload: bytes) -> None:
        """Authority: answer a mirror's catch-up request with what it lacks."""
        if self.role is not Role.AUTHORITY:
            return
        tablet = topic.rsplit("/", 1)[-1]
        try:
            game, have, dig = protocol.decode_catchup_request(
                self.seal.check(topic, payload, "catch-up request"))
        except BadMessage as exc:
            self.stats.bad(str(exc))
            return
        with self._lock:
            if self.role is not Role.AUTHORITY or self.game_id is None or tablet == self.tablet:
                return
            after = 0
            if (game == self.game_id and 1 <= have <= self.seq
                    and dig == protocol.digest(self._events_json[have - 1])):
                after = have
            else:  # the whole log: once a second per tablet at most (it asks again after 2 s)
                now = time.monotonic()
                if now - self._full_sent_at.get(tablet, -10.0) < 1.0:
                    return
                if len(self._full_sent_at) > 256:
                    self._full_sent_at.clear()
                self._full_sent_at[tablet] = now
            self.stats.catchups_sent += 1
            self.stats.full_logs_sent += after == 0
            self._publish(table_topic(self.table, "catchup", tablet),
                          protocol.catchup_message(self.game_id, self.epoch, self.tablet, after,
                                                   self._events_json[after:]))

    def _on_control(self, topic: str, payload: bytes) -> None:
        try:
            msg = protocol.decode_control(self.seal.check(topic, payload, "control"))
        except BadMessage as exc:
            self.stats.bad(str(exc))
            with self._lock:  # a forged retained control replaced ours: put the real one back
                now = time.monotonic()
                if (self.role is Role.AUTHORITY and self.game_id is not None
                        and now - self._restored_at > 1.0):
                    self._restored_at = now
                    self._publish_control(None)
            return
        demoted = False
        with self._lock:
            epoch, who, seq, game = (int(msg["epoch"]), str(msg["authority"]), int(msg["seq"]),
                                     str(msg["game"]))
            if epoch < self.epoch:
                return  # an older authority's word
            if (epoch == self.epoch and self.authority is not None
                    and who > self.authority):
                # two tablets claim the same epoch: the smaller tablet id wins, everywhere alike
                if self.role is Role.AUTHORITY:
                    self._publish_control(None)  # the retained word must name the winner
                return
            newer = epoch > self.epoch
            changed = who != self.authority
            self.epoch = epoch
            self.authority = who
            if who == self.tablet:
                if self.role is Role.MIRROR:
                    self._takeover_at = seq
                    if self.log is None:
                        self._need_snapshot()
                    elif self.game_id != game or self.seq < seq:
                        self._ask(force=True)
                    self._maybe_take_over()
            elif self.role is Role.AUTHORITY:
                # another tablet holds authority with a newer epoch (or won a tie): follow it
                if self.session is not None:
                    self.session.listeners.remove(self._recorded)
                self.session = None
                self.role = Role.MIRROR
                self._ask(force=True)
                self._publish_presence()
                demoted = True
            else:
                self._takeover_at = None
                if self.log is None:
                    # the retained snapshot should be on its way; if the broker lost it, ask
                    if self._empty_timer is None:
                        self._empty_timer = threading.Timer(0.5, self._ask_if_empty)
                        self._empty_timer.daemon = True
                        self._empty_timer.start()
                elif newer or changed or game != self.game_id or seq != self.seq:
                    # a new authority, or one that holds another state than ours: compare logs
                    self._ask(force=True, have=min(seq, self.seq) if game == self.game_id else None)
        if demoted:
            self._notify(SyncUpdate("role", self.seq, role=Role.MIRROR))

    def _maybe_take_over(self) -> None:
        """A tablet named as the next authority takes over once it holds the final state id."""
        at = self._takeover_at
        if at is None or self.role is Role.AUTHORITY or self.log is None or self.game_id is None:
            return
        if self.seq < at:
            return
        session = GameSession(self.log, self.game_id, self._session_store())
        self._become_authority(session, self.epoch, previous=None)

    def _on_reply(self, topic: str, payload: bytes) -> None:
        try:
            msg = protocol.decode_reply(self.seal.check(topic, payload, "reply"))
        except BadMessage as exc:
            self.stats.bad(str(exc))
            return
        reply = Reply(str(msg["id"]), bool(msg["ok"]), int(msg["seq"]), msg.get("reason"),
                      tuple(msg.get("events", [])))
        with self._lock:
            callback = self._replies.pop(reply.id, None)
            if reply.stale or reply.seq > self.seq:
                self._ask()  # we are behind the table: catch up
        if callback is not None:
            callback(reply)

    def _on_action(self, topic: str, payload: bytes) -> None:
        if self.role is not Role.AUTHORITY:
            return  # the authority answers; mirrors only listen so a takeover loses nothing
        tablet = topic.rsplit("/", 1)[-1]
        reply_topic = table_topic(self.table, "reply", tablet)
        try:
            req_id, expect, action = protocol.decode_action(
                self.seal.check(topic, payload, "action request"))
        except BadMessage as exc:
            self.stats.bad(str(exc))
            self._publish(reply_topic, protocol.reply_message("?", False, self.seq, str(exc)))
            return
        reply = self._apply(req_id, expect, action)
        self._publish(reply_topic, protocol.reply_message(reply.id, reply.ok, reply.seq,
                                                          reply.reason, list(reply.events)))

    # --- local copy -----------------------------------------------------------------------
    def _store_snapshot(self, events: list[Event]) -> None:
        if self.store is None or self.game_id is None:
            return
        try:
            try:
                have = self.store.last_seq(self.game_id) if self.store.game(self.game_id) else 0
            except SinkError:
                scen = events[0].data.get("scenario", {})
                self.store.create_game(str(scen.get("id", "?")), title=str(scen.get("name", "")),
                                       meta={"table": self.table, "mirror": True},
                                       game_id=self.game_id)
                have = 0
            for ev in events[have:]:
                self.store.append(self.game_id, ev.seq, ev.kind, ev.data)
        except (SinkError, ValueError) as exc:  # ValueError: text the database cannot hold
            log.warning("%s: the local copy could not be saved: %s", self.tablet, exc)

    def _store_event(self, ev: Event) -> None:
        if self.store is None or self.game_id is None:
            return
        try:
            self.store.append(self.game_id, ev.seq, ev.kind, ev.data)
        except (SinkError, ValueError) as exc:  # ValueError: text the database cannot hold
            log.warning("%s: the local copy could not be saved: %s", self.tablet, exc)

    def _notify(self, update: SyncUpdate) -> None:
        for listener in list(self.listeners):
            try:
                listener(update)
            except Exception:
                log.exception("%s: a sync listener failed", self.tablet)
