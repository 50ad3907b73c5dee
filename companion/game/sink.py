"""Where a game's events go to be kept: the small interface the session records through.

The session needs only this of a store; ``companion.store.GameStore`` (SQLite, crash-safe)
implements it, and a test may pass any object that does. The game layer never imports the
store: the store depends on the game, not the other way round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class SavedEvent(Protocol):
    @property
    def seq(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def data(self) -> dict[str, Any]: ...


class EventSink(Protocol):
    """Creates a saved game and keeps its events, durable before ``append_events`` returns."""

    def create_game(self, scenario: str, title: str = "", meta: dict[str, Any] | None = None,
                    game_id: str | None = None,
                    events: Sequence[tuple[int, str, dict[str, Any]]] = ()) -> str:
        """A new saved game and its first events, in one transaction."""
        ...

    def append_events(self, game_id: str,
                      events: Sequence[tuple[int, str, dict[str, Any]]]) -> None:
        """The events of one action, numbered on from the last: all durable, or none."""
        ...

    def events(self, game_id: str, after: int = 0) -> Sequence[SavedEvent]: ...


class SinkError(ValueError):
    """A request the place the events go cannot honour (an unknown game, an event out of order,
    a failure of its file); ``companion.store.StoreError`` is one."""


class GameCopy(EventSink, Protocol):
    """A sink a tablet keeps another device's game in (sync's mirror): it is asked how far its
    copy goes and given the events one at a time. ``game`` raises :class:`SinkError` for a game
    it does not hold."""

    def game(self, game_id: str) -> object: ...

    def last_seq(self, game_id: str) -> int: ...

    def append(self, game_id: str, seq: int, kind: str, data: dict[str, Any]) -> None: ...


class SavedGameError(ValueError):
    """A saved game that cannot be played on (it holds no events)."""
