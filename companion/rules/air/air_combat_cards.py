"""The New Flight Plan Air Combat deck as data, and its play limits.

A card has a title, an optional air-unit type restriction, a phase of play and an action.
The seed rulebook names three cards and gives the effect of one (Fighter-Bomber Boom & Zoom);
the printed text of the others is not public, so their ``run`` effect is None (the card only
deploys an air unit) until a game supplies it as a setting. See ``docs/rules-sources.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from companion.rules.air.aircraft import FLIGHT_PLAN
from companion.rules.board import Side
from companion.rules.records import dataclass, field

_EMPTY_DICE: Mapping[str, int] = MappingProxyType({})
_EMPTY_FACES: Mapping[str, frozenset[str]] = MappingProxyType({})


class CardPhase(StrEnum):
    WITH_COMMAND_CARD = "with_command_card"  # played beside the Command card, start of turn
    MOVE = "move"
    BATTLE = "battle"
    OPPONENT_TURN = "opponent_turn"


@dataclass(frozen=True, slots=True)
class RunEffect:
    """How a card changes an attack run (used instead of the standard run)."""

    # by ammo type; a type not listed rolls 1 die per marker
    dice_per_marker: Mapping[str, int] = field(default_factory=lambda: _EMPTY_DICE)
    extra_hit_faces: Mapping[str, frozenset[str]] = field(default_factory=lambda: _EMPTY_FACES)
    flags_ignorable: bool = True  # False: terrain or abilities may not ignore flags
    max_markers: int | None = None  # None: the standard 3


@dataclass(frozen=True, slots=True)
class AirCombatCard:
    title: str
    restriction: str | None  # "fighter", "fighter_bomber", "bomber" or None
    phase: CardPhase
    action: str  # the card's action in words (or what is known of it)
    run: RunEffect | None = None  # None: no machine-readable attack-run effect
    source: str = FLIGHT_PLAN

    def special_action_allowed(self, air_type: str) -> bool:
        """New Flight Plan p.III: the action is usable only by the pictured type."""
        return self.restriction is not None and self.restriction == air_type


AIR_COMBAT_CARDS: dict[str, AirCombatCard] = {
    c.title: c
    for c in (
        AirCombatCard(
            "Fighter-Bomber Boom & Zoom", "fighter_bomber", CardPhase.WITH_COMMAND_CARD,
            "Roll 2 dice for each machine gun marker; stars also score hits.",
            RunEffect(dice_per_marker=MappingProxyType({"machine_gun": 2}),
                      extra_hit_faces=MappingProxyType({"machine_gun": frozenset({"star"})})),
            source=FLIGHT_PLAN + " p.VI example"),
        AirCombatCard(
            "Saturation Bombing", "bomber", CardPhase.WITH_COMMAND_CARD,
            "Special bombing run (printed text not in the sources: a per-game setting).",
            source=FLIGHT_PLAN + " p.III example (title; restriction read from its name)"),
        AirCombatCard(
            "Rake the Enemy", "fighter", CardPhase.WITH_COMMAND_CARD,
            "Special machine-gun run (printed text not in the sources: a per-game setting).",
            source=FLIGHT_PLAN + " p.III example (a fighter may use its action)"),
    )
}


class CardPlayError(ValueError):
    """An Air Combat card played where the play limits forbid it."""


# --- setup and play limits (New Flight Plan p.I-II) ----------------------------------------

AIR_COMBAT_CARDS_AT_SETUP = 2
AIR_SUPERIORITY_BONUS = 1
BEACH_MAP_PENALTY = 1


def air_combat_cards_at_setup(superiority: Side | None, beach_map: bool) -> dict[Side, int]:
    """Cards each side draws at game start: 2, +1 with air superiority, -1 each on a beach map."""
    out: dict[Side, int] = {}
    for side in Side:
        n = AIR_COMBAT_CARDS_AT_SETUP
        if superiority is side:
            n += AIR_SUPERIORITY_BONUS
        if beach_map:
            n -= BEACH_MAP_PENALTY
        out[side] = n
    return out


@dataclass(slots=True)
class AirCombatPlays:
    """Counts Air Combat cards played in one game turn: one on one's own turn, one on the
    opponent's turn, per player (New Flight Plan p.II)."""

    active: Side
    played: dict[Side, int] = field(default_factory=dict)

    def check(self, side: Side) -> None:
        if self.played.get(side, 0) >= 1:
            when = "his own turn" if side is self.active else "his opponent's turn"
            raise CardPlayError(
                f"{side} already played an Air Combat card during {when}; only one is allowed")

    def play(self, side: Side) -> None:
        self.check(side)
        self.played[side] = self.played.get(side, 0) + 1

