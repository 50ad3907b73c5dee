"""One interface to a game in progress, wherever its log is kept: :class:`GameClient`.

Front ends (the app, the terminal) read the prompt and the state, send actions and follow
updates through it, and do not care whether the game is a :class:`LocalGame` on this device or
a table synced over MQTT (``companion.sync.client.SyncedGame``, mirror or authority).

- ``prompt()``: who must do what now (None before a synced tablet holds a game).
- ``legal()``: what may be done now (:class:`~companion.game.legal.LegalActions`, the one
  answer the prompt is rendered from; None before a synced tablet holds a game).
- ``state``, ``seq``: the position and its state id (the seq of the latest event).
- ``events``: the whole log, kept in memory, so a history view needs no store read.
- ``act(action, expect=None)``: one action; the reply says ``ok``, the ``reason`` when refused
  (the rule's words, or ``"stale"`` when ``expect`` is not the state id the game is at), the
  ``seq`` after it and the seqs of the ``events`` it recorded. Nothing is recorded when refused.
- ``act_async(action, on_reply, expect=None)``: the same without waiting (a UI thread's way);
  ``on_reply`` gets the reply (a synced game calls it from its network thread).
- ``add_listener(callback)`` / ``remove_listener``: a :class:`GameUpdate` after each change.
  A synced game calls listeners from its network thread; a Kivy screen hands them on with
  ``Clock.schedule_once``. Never call ``act`` of a synced game from a listener (it waits).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from companion.game.errors import IllegalAction
from companion.game.events import Event
from companion.game.legal import LegalActions
from companion.game.prompts import Prompt
from companion.game.session import GameSession
from companion.game.state import GameState
from companion.rules.records import dataclass

log = logging.getLogger("companion.game.client")

STALE = "stale"


class ActReply(Protocol):
    """What ``act`` answers (``companion.sync.table.Reply`` has the same shape)."""

    @property
    def ok(self) -> bool: ...

    @property
    def reason(self) -> str | None: ...

    @property
    def seq(self) -> int: ...

    @property
    def events(self) -> tuple[int, ...]: ...

    @property
    def stale(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Reply:
    """A local game's answer to one action."""

    ok: bool
    seq: int  # the state id after the action (or now, when refused)
    reason: str | None = None  # the rule's refusal, or "stale"
    events: tuple[int, ...] = ()  # seqs of the events the action recorded

    @property
    def stale(self) -> bool:
        return self.reason == STALE


@dataclass(frozen=True, slots=True)
class GameUpdate:
    """What changed: ``events`` appended to the log, the log ``reset`` (a synced tablet loaded
    the table's whole log: redraw everything), or this tablet's ``role`` at the table."""

    kind: str  # "events" | "reset" | "role"
    seq: int
    events: tuple[Event, ...] = ()
    role: str | None = None  # "authority" / "mirror" for a synced game, None for a local one


GameListener = Callable[[GameUpdate], None]


class GameClient(Protocol):
    """A game a front end can show and play; see the module docstring for the promises."""

    @property
    def state(self) -> GameState | None: ...

    @property
    def seq(self) -> int: ...

    @property
    def events(self) -> Sequence[Event]: ...

    def prompt(self) -> Prompt | None: ...

    def legal(self) -> LegalActions | None: ...

    def act(self, action: dict[str, Any], expect: int | None = None) -> ActReply: ...

    def act_async(self, action: dict[str, Any], on_reply: Callable[[ActReply], None],
                  expect: int | None = None) -> None: ...

    def add_listener(self, callback: GameListener) -> None: ...

    def remove_listener(self, callback: GameListener) -> None: ...


class LocalGame:
    """A :class:`GameClient` over a :class:`GameSession` on this device.

    The log's events are kept here as the session records them; at the start they come from
    ``events``, else the session's own log in memory (``GameSession.events``, read from its
    store only when the session was built from a log alone).
    """

    def __init__(self, session: GameSession, events: Sequence[Event] | None = None) -> None:
        if events is None:
            try:
                events = list(session.events)
            except ValueError:
                if session.log.last_seq != 1:
                    raise ValueError("LocalGame needs the session's events") from None
                events = [session.log.start]
        if not events or events[-1].seq != session.log.last_seq:
            raise ValueError("the events given do not end at the session's state id")
        self.session = session
        self._events: list[Event] = list(events)
        self._listeners: list[GameListener] = []
        self._batch: list[Event] | None = None  # events of the action in progress
        session.listeners.append(self._recorded)

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def seq(self) -> int:
        return self.session.log.last_seq

    @property
    def events(self) -> Sequence[Event]:
        return tuple(self._events)

    def prompt(self) -> Prompt:
        return self.session.prompt()

    def legal(self) -> LegalActions:
        return self.session.legal()

    def act(self, action: dict[str, Any], expect: int | None = None) -> Reply:
        """Carry out ``action``; an illegal one (or a stale ``expect``) is refused with the
        reason and records nothing."""
        if expect is not None and expect != self.seq:
            return Reply(False, self.seq, STALE)
        self._batch = []
        try:
            recorded = self.session.act(action)
        except IllegalAction as exc:
            return Reply(False, self.seq, str(exc))
        finally:
            batch, self._batch = self._batch, None
        if batch:
            self._notify(GameUpdate("events", self.seq, tuple(batch)))
        return Reply(True, self.seq, None, tuple(e.seq for e in recorded))

    def act_async(self, action: dict[str, Any], on_reply: Callable[[ActReply], None],
                  expect: int | None = None) -> None:
        """:meth:`act`, then ``on_reply`` with its reply (at once: a local game never waits)."""
        on_reply(self.act(action, expect))

    def add_listener(self, callback: GameListener) -> None:
        if callback not in self._listeners:
            self._listeners.append(callback)

    def remove_listener(self, callback: GameListener) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def close(self) -> None:
        """Stop following the session (its listener is removed)."""
        if self._recorded in self.session.listeners:
            self.session.listeners.remove(self._recorded)

    def _recorded(self, ev: Event, state: GameState) -> None:
        self._events.append(ev)
        if self._batch is not None:
            self._batch.append(ev)  # told after the action, in one update
        else:  # recorded outside act (the game ended by agreement, say)
            self._notify(GameUpdate("events", ev.seq, (ev,)))

    def _notify(self, update: GameUpdate) -> None:
        for callback in list(self._listeners):
            try:
                callback(update)
            except Exception:  # a screen's bug must not undo what the game recorded
                log.exception("a game listener failed")


if TYPE_CHECKING:
    def _is_a_game_client(game: LocalGame) -> GameClient:
        return game  # mypy checks that LocalGame keeps the GameClient promises
