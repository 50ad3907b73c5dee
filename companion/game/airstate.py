"""What a game with air rules tracks beside the board: rolls due, attack runs, bans, cards.

Plain data folded by the reducer (``state.apply_event``); the rules themselves stay in
``companion.rules.air``. A game without air rules has ``GameState.air = None``.
"""

from __future__ import annotations

import copy
from typing import Any

from companion.rules.records import dataclass, field

# The Air Pack's Air Sortie card played on its own: the turn's card, not a command card of the
# deck (the air flow names it with its own spec; the reducer records it as a side's last card)
STANDALONE_SORTIE = "air_sortie"


@dataclass(slots=True)
class PendingAir:
    """Air dice the session waits for: an air check, strafing, kamikaze, an attack run or a
    confirmation re-roll. ``split``: dice per target or marker, in order (the faces arrive as
    one flat list and are cut in that order)."""

    kind: str  # "air_check", "strafe", "kamikaze", "attack_run", "confirm"
    unit: str  # the air unit (air check, strafe, kamikaze, run) or the attacker (confirm)
    dice: int
    thrower: str  # "allies" / "axis": who throws (the opponent for an air check near enemies)
    rid: str
    purpose: str
    then: str  # the phase to go back to afterwards ("move" or "battle")
    targets: list[str] = field(default_factory=list)
    split: list[int] = field(default_factory=list)
    explain: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    faces: list[Any] | None = None
    confidence: list[float] = field(default_factory=list)
    source: str = ""


@dataclass(slots=True)
class AirState:
    rules: str  # "air-pack" or "flight-plan"
    roll: PendingAir | None = None
    checks: list[dict[str, Any]] = field(default_factory=list)  # air checks still due this turn
    runs: list[dict[str, Any]] = field(default_factory=list)  # attack runs placed, not resolved
    retreats: list[dict[str, Any]] = field(default_factory=list)  # {unit, options, then}
    banned: dict[str, list[str]] = field(default_factory=dict)  # side -> types shot down
    reserve: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # side -> off-board
    cards: dict[str, list[str]] = field(default_factory=dict)  # Air Combat cards held
    deck: list[str] = field(default_factory=list)  # Air Combat cards not dealt
    discard: list[str] = field(default_factory=list)  # Air Combat cards played
    card_played: str | None = None  # this turn's Air Combat card
    superiority: str | None = None
    sorties: dict[str, int] = field(default_factory=dict)  # Air Pack: Air Sortie cards held
    sortie: bool = False  # this turn's airplane was ordered by an Air Sortie (no air check)
    actions: dict[str, list[str]] = field(default_factory=dict)  # unit -> actions this turn
    airborne_at_start: list[str] = field(default_factory=list)
    withdrew: bool = False  # an air unit withdrew at the start of this turn
    planes_made: int = 0  # airplanes brought in by new sorties (ids)
    # Air Pack ground interdiction: plane -> the game turn during which it interdicts
    interdicting: dict[str, int] = field(default_factory=dict)
    pinned: list[str] = field(default_factory=list)  # ordered-to-be units that started adjacent
    not_counting: dict[str, list[str]] = field(default_factory=dict)  # plane -> interdicted units
    # New Flight Plan strategic bombing: bombs declared this turn ({unit, hex, objective, side}),
    # resolved after the attack runs; objective id -> side for medals claimed by bombing and not
    # yet lost to a ground unit on the hex; objective id -> side that ever claimed it by bombing
    # New Flight Plan: air units deployed onto an occupied hex, entering with their move (the
    # entry hex is the first hex of the move and may carry a marker): unit -> the deploy data
    entering: dict[str, dict[str, Any]] = field(default_factory=dict)
    bombs: list[dict[str, Any]] = field(default_factory=list)
    ambushed: list[str] = field(default_factory=list)  # air units ambushed this turn (their runs)
    bombed: dict[str, str] = field(default_factory=dict)
    bombed_by: dict[str, str] = field(default_factory=dict)

    def clone(self) -> AirState:
        return copy.deepcopy(self)


def new_air_state(data: dict[str, Any]) -> AirState:
    """The air state from a ``game_started`` event's ``air`` entry."""
    a = AirState(rules=str(data["rules"]))
    a.cards = {s: list(c) for s, c in data.get("cards", {}).items()}
    a.deck = list(data.get("deck", []))
    a.superiority = data.get("superiority")
    a.sorties = {s: int(n) for s, n in data.get("sorties", {}).items()}
    return a
