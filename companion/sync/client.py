"""A synced table as a :class:`~companion.game.client.GameClient`: :class:`SyncedGame`.

The same front-end code then plays a local game or a table: on the authority's tablet ``act``
applies at once; on a mirror it goes to the authority with this tablet's state id and waits for
the answer (a round trip of a few ms on a table's Wi-Fi). A stale answer means the table moved
on: the mirror catches up by itself and its listeners hear of it; the player decides again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from companion.game.client import ActReply, GameClient, GameListener, GameUpdate
from companion.game.events import Event
from companion.game.legal import LegalActions, legal_actions
from companion.game.prompts import Prompt
from companion.game.state import GameState
from companion.sync.table import Reply, SyncUpdate, TableSync, UpdateListener


class SyncedGame:
    """A :class:`~companion.game.client.GameClient` over one tablet's :class:`TableSync`."""

    def __init__(self, link: TableSync, timeout: float = 5.0) -> None:
        self.link = link
        self.timeout = timeout
        self._wrapped: dict[GameListener, UpdateListener] = {}
        self._legal: LegalActions | None = None

    @property
    def state(self) -> GameState | None:
        with self.link.lock:
            return self.link.state

    @property
    def seq(self) -> int:
        return self.link.seq

    @property
    def events(self) -> Sequence[Event]:
        return tuple(self.link.events)

    def prompt(self) -> Prompt | None:
        with self.link.lock:
            view = self.link.view()
            return view.prompt() if view is not None else None

    def legal(self) -> LegalActions | None:
        """What may be done now: on the authority the session's answer; on a mirror worked out
        from this tablet's copy of the log (kept for the state id it was asked of)."""
        with self.link.lock:
            if self.link.session is not None:  # the authority: the session's own answer
                return self.link.session.legal()
            log, state = self.link.log, self.link.state
            if log is None or state is None:
                return None
            cached = self._legal
            if cached is not None and cached.state is state and cached.seq == state.seq:
                return cached
            self._legal = legal_actions(state, log.undoable() is not None)
            return self._legal

    def act(self, action: dict[str, Any], expect: int | None = None) -> Reply:
        """Send ``action`` for state id ``expect`` (default: the one this tablet holds) and
        wait for the authority's answer (not from a listener: it runs in the network thread)."""
        return self.link.request(action, self.timeout, expect=self.link.seq if expect is None else expect)

    def act_async(self, action: dict[str, Any], on_reply: Callable[[ActReply], None],
                  expect: int | None = None) -> None:
        """Send ``action`` and return at once; ``on_reply`` gets the authority's answer in the
        network thread (at once on the authority's tablet), or a refusal saying nobody
        answered after ``timeout`` seconds."""
        once = threading.Lock()

        def answer(reply: ActReply) -> None:
            if once.acquire(blocking=False):  # the answer or the timeout, whichever comes first
                on_reply(reply)

        req_id = self.link.send(action, answer, expect=self.link.seq if expect is None else expect)

        def give_up() -> None:
            self.link.forget(req_id)
            answer(Reply(req_id, False, self.link.seq,
                         f"no answer from the table's authority within {self.timeout:g} s"))

        timer = threading.Timer(self.timeout, give_up)
        timer.daemon = True
        timer.start()

    def add_listener(self, callback: GameListener) -> None:
        if callback in self._wrapped:
            return

        def relay(update: SyncUpdate) -> None:
            kind = "reset" if update.kind == "snapshot" else update.kind
            callback(GameUpdate(kind, update.seq, update.events, update.role.value))

        self._wrapped[callback] = relay
        self.link.listeners.append(relay)

    def remove_listener(self, callback: GameListener) -> None:
        relay = self._wrapped.pop(callback, None)
        if relay is not None and relay in self.link.listeners:
            self.link.listeners.remove(relay)


if TYPE_CHECKING:
    def _is_a_game_client(game: SyncedGame) -> GameClient:
        return game  # mypy checks that SyncedGame keeps the GameClient promises
