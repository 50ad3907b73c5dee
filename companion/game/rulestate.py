"""What a game tracks beside the board for the scenario's own rules (night, the Commissar chip,
minefields, HQs...): plain data folded by the reducer (``state.apply_event``).

The rules stay in the rules core (``companion.rules.night``, ``commissar``, ``entry``, ``hq``,
``healing``, ``caves``, ``desert``); which of them a game plays is fixed by its scenario when
the game starts (``companion.game.ruleflows``). A game whose scenario uses none has
``GameState.rules_state = None``.
"""

from __future__ import annotations

import copy
from typing import Any

from companion.game.airstate import PendingAir
from companion.rules.records import dataclass, field


@dataclass(slots=True)
class RuleState:
    """The state of the scenario rules in play (``flows``: their names, ruleflows.RULE_FLOWS)."""

    flows: tuple[str, ...]
    roll: PendingAir | None = None  # a roll these rules wait for (night, entry, heal, seal)
    night_rolls: list[list[str]] = field(default_factory=list)  # the night rolls, oldest first
    night_turn: int = 0  # the last turn a night roll was declared (one a turn)
    chip: dict[str, str] = field(default_factory=dict)  # Commissar: side -> card under the chip
    chip_played: bool = False  # this turn's card came from under the chip (a new one is due)
    hq_captured: list[str] = field(default_factory=list)  # HQ hexes held by the enemy
    desert_unit: str | None = None  # armor that took ground and may move 1 more hex (desert)
    desert_done: list[str] = field(default_factory=list)  # made its desert move this turn
    played_as: dict[str, str] = field(default_factory=dict)  # {"held", "as"}: Blitz Recon 1
    rested: list[str] = field(default_factory=list)  # healed or sealed this turn (no battle)
    data: dict[str, Any] = field(default_factory=dict)

    def clone(self) -> RuleState:
        return copy.deepcopy(self)
