"""The events of a game: everything that happens at the table, as data.

An event is recorded only after the rules core has accepted it; replaying the events of a
game from the first one rebuilds the game exactly. Events carry the results the rules worked
out (hits, retreat options...), so a replay never needs the rules to agree with the past.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# kind -> one line on what it records
EVENT_KINDS: dict[str, str] = {
    "game_started": "the scenario (whole), options, and a virtual deck when the app deals cards",
    "card_played": "a side plays a command card",
    "units_ordered": "the units ordered by the card, and the orders lost",
    "unit_moved": "a unit moved from one hex to another",
    "moves_done": "the active side finished moving; battles follow",
    "battle_declared": "an attacker battles a target; the dice due and the dice request",
    "dice_read": "dice faces read for a request, with their source and confidences",
    "die_corrected": "a player corrected one die before it was applied",
    "ambush_played": "the assaulted unit's owner plays Ambush: his unit battles the assaulting one "
                     "first (the card is discarded and replaced at once)",
    "order_rolled": "the roll a card orders by (Their Finest Hour, Medics & Mechanics), applied",
    "confirm_due": "hits on a unit whose hits are confirmed (armored car): the dice to re-roll",
    "battle_resolved": "hits, figures removed, medals, flags and retreat options of a battle",
    "retreat_chosen": "the hex a unit retreated to, and the figures it lost doing so",
    "ground_taken": "the attacker advanced into the vacated hex (maybe for an overrun)",
    "ground_declined": "the attacker stayed where it was",
    "unit_exited": "a unit left the board through an exit hex",
    "medal_won": "announces a medal won (eliminated unit, objective, exit); counts come from the ledger",
    "medal_lost": "announces a medal lost (a temporary objective left, an undo)",
    "turn_ended": "the active side drew a card and ended its turn",
    "undo": "the latest undoable event of the turn is withdrawn",
    "game_over": "the game ended: winner and medals",
    # air rules (Air Pack, New Flight Plan); a game without air rules never records these
    "ammo_spent": "New Flight Plan: ammo markers an air unit placed on enemy hexes while moving, "
                  "its ammo left (the run is resolved in order during battle)",
    "air_attack_declared": "air dice declared: strafing, kamikaze or an attack run; who throws",
    "air_check": "an airplane's air check: dice thrown (by the opponent near enemy units), lost "
                 "on a grenade, medal to the opponent when one of his units was adjacent",
    "air_attack_resolved": "what strafing, kamikaze or an attack run did to each target",
    "air_retreat": "the hex a unit hit by an air attack retreated to",
    "air_hits": "grenades scored on a flying air unit (dogfight, ground to air), to confirm",
    "air_confirmed": "the confirmation re-roll: shot down (medal, type banned) or retires "
                     "(ammo returned) or nothing",
    "air_action": "an Air Pack special action without dice: ground support, ground interdiction "
                  "(for the opponent's next turn), rescue (the plane and the infantry leave, no medal)",
    "air_resupplied": "a landed air unit got full ammo at the start of its player's turn",
    "air_withdrawn": "an air unit left the battlefield at the start of its player's turn, no medal",
    "bombing_declared": "New Flight Plan: a bomber or fighter-bomber ended its move on an objective "
                        "and places a bomb there (1 bomb spent); rolled after the attack runs",
}

# Events a player may take back with undo. Dice and what follows from them are never undone,
# only corrected (boardgame.io: dice steps are not undoable).
UNDOABLE: frozenset[str] = frozenset({
    "card_played", "units_ordered", "unit_moved", "moves_done", "battle_declared",
    "retreat_chosen", "ground_taken", "ground_declined", "ammo_spent", "ambush_played", "air_attack_declared",
    "air_retreat", "air_action", "bombing_declared",
})
# Events nothing before which can be undone.
BARRIERS: frozenset[str] = frozenset({
    "game_started", "dice_read", "die_corrected", "battle_resolved", "unit_exited",
    "turn_ended", "game_over", "confirm_due", "order_rolled", "air_check", "air_attack_resolved",
    "air_hits", "air_confirmed",
})


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "data": self.data}
