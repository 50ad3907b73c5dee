"""Prompts: who must do what next, as data every front end renders the same way."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from companion.rules.records import dataclass, field


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing the player may pick: a retreat hex, yes/no, a card, a unit."""

    key: str  # what the front end sends back ("F6", "yes", "attack_center", "a1")
    label: str  # plain words for the button
    detail: str = ""  # e.g. "loses 1 figure"
    hex: str | None = None  # a hex to highlight for this choice


@dataclass(frozen=True, slots=True)
class DiceDue:
    """Dice the session waits for."""

    rid: str  # the request id, also sent to a tray
    count: int
    thrower: str  # the side that throws ("allies" / "axis")
    purpose: str  # "a1 battles x1 (close assault)"
    kind: str = "m44"
    odds: dict[str, Any] | None = None  # from the rules core, before the roll
    roll: int = 0  # the game's roll number (1, 2, ...): simulated dice derive from it


@dataclass(frozen=True, slots=True)
class HexPick:
    """A step answered by hexes the players point at on the board (where each dropped figure
    landed...): at most ``count``, sent as the ``field`` of ``action``, one word each, and
    ``rest`` (e.g. "off") once for each of the ``count`` not pointed at."""

    action: str
    field: str
    count: int
    rest: str = ""
    rest_words: str = ""  # what ``rest`` means, in words ("off the board")
    what: str = ""  # what to point at, in words ("where each of the 4 figures landed")

    def answer(self, hexes: list[str]) -> dict[str, Any]:
        """The action for these hexes (the first ``count``)."""
        words = hexes[: self.count]
        if self.rest:
            words += [self.rest] * (self.count - len(words))
        return {"do": self.action, self.field: " ".join(words)}


@dataclass(frozen=True, slots=True)
class Prompt:
    kind: str  # the phase: play_card, order, move, battle, dice, review_dice, retreat, take_ground, over
    side: str | None  # the side that must act now (None when the game is over)
    text: str  # what to do, in plain words
    actions: tuple[str, ...]  # the actions the session accepts now
    highlight: tuple[str, ...] = ()  # hexes to show
    choices: tuple[Choice, ...] = ()
    dice: DiceDue | None = None
    optional: bool = False  # the step may be skipped
    detail: tuple[str, ...] = field(default_factory=tuple)  # explanations, odds lines
    pick: HexPick | None = None  # the step is answered by hexes tapped on the board

    def to_json(self) -> dict[str, Any]:
        return asdict(self)
