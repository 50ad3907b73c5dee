"""The events of a game: everything that happens at the table, as data.

An event is recorded only after the rules core has accepted it; replaying the events of a
game from the first one rebuilds the game exactly. Events carry the results the rules worked
out (hits, retreat options...), so a replay never needs the rules to agree with the past.

Each kind of event has one entry in :data:`EVENTS`, made where its reducer is written
(``companion.game.state``): what it records, whether undo may withdraw it or nothing before
it, whether it changes the board, and how it changes the state. A new kind touches that one
place.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from companion.rules.records import dataclass, field


class Undo(StrEnum):
    """What an event means for undo (boardgame.io: dice steps are not undoable)."""

    UNDOABLE = "undoable"  # a player may take it back within the turn
    BARRIER = "barrier"  # dice and what follows from them: nothing before it can be undone
    NEUTRAL = "neutral"  # neither (announcements, start-of-turn steps)


@dataclass(frozen=True, slots=True)
class EventKind:
    name: str
    meaning: str  # one line on what it records
    undo: Undo = Undo.NEUTRAL
    changes_board: bool = False  # objectives are looked at again after it
    reduce: Callable[[Any, dict[str, Any]], None] | None = None  # None: not applied to a state


EVENTS: dict[str, EventKind] = {}


def register_kind(kind: EventKind) -> None:
    if kind.name in EVENTS:
        raise ValueError(f"event kind {kind.name!r} is registered twice")
    EVENTS[kind.name] = kind


def _registry() -> dict[str, EventKind]:
    import companion.game.state  # noqa: F401  (the reducers register the kinds)

    return EVENTS


def __getattr__(name: str) -> Any:
    """Views of the registry kept for readers of the old tables: ``EVENT_KINDS`` (kind ->
    meaning), ``UNDOABLE`` and ``BARRIERS`` (sets of kinds)."""
    if name == "EVENT_KINDS":
        return {k: v.meaning for k, v in _registry().items()}
    if name == "UNDOABLE":
        return frozenset(k for k, v in _registry().items() if v.undo is Undo.UNDOABLE)
    if name == "BARRIERS":
        return frozenset(k for k, v in _registry().items() if v.undo is Undo.BARRIER)
    raise AttributeError(name)


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "data": self.data}
