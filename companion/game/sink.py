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
    """Creates a saved game and keeps its events, each durable before ``append`` returns."""

    def create_game(self, scenario: str, title: str = "", meta: dict[str, Any] | None = None,
                    game_id: str | None = None) -> str: ...

    def append(self, game_id: str, seq: int, kind: str, data: dict[str, Any]) -> None: ...

    def events(self, game_id: str, after: int = 0) -> Sequence[SavedEvent]: ...


class SavedGameError(ValueError):
    """A saved game that cannot be played on (it holds no events)."""
