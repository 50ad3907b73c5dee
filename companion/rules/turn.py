"""The game turn as data: phases, what each phase allows, and pure steps from one state to the next.

Base rules p.4-5 (Game Turn): 1 play a command card, 2 order units, 3 move, 4 battle, 5 draw.
Cards change the shape of a turn through their data (``cards.py``): Barrage and Air Power order
no units and go straight to their attack; Dig-In's units neither move nor battle; Behind Enemy
Lines adds a second move after the battles; Artillery Bombard lets artillery battle twice.
The game session (``companion/game``) drives these steps; every step returns a new state or
raises :class:`TurnError` saying what is allowed now.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType

from companion.rules.board import Side
from companion.rules.cards import CardError, CardSpec, DrawRule, MoveAllowance, card, move_allowance
from companion.rules.position import Position


class TurnError(ValueError):
    """A step that the turn does not allow now; the message says what is allowed."""


class Phase(StrEnum):
    PLAY_CARD = "play_card"
    ORDER = "order"
    MOVE = "move"
    BATTLE = "battle"
    MOVE_AFTER_BATTLE = "move_after_battle"  # Behind Enemy Lines: move again after battling
    DRAW = "draw"
    OVER = "over"


class Action(StrEnum):
    PLAY_CARD = "play_card"
    ORDER_UNITS = "order_units"
    MOVE_UNIT = "move_unit"
    END_MOVES = "end_moves"
    BATTLE = "battle"
    ARMOR_OVERRUN = "armor_overrun"
    END_BATTLES = "end_battles"
    CARD_ATTACK = "card_attack"  # Barrage / Air Power roll at their targets
    DRAW_CARDS = "draw_cards"
    AMBUSH = "ambush"  # the opponent's reaction to a declared close assault


# What each phase allows (the opponent's Ambush is a reaction during the active player's battles).
ALLOWED: Mapping[Phase, frozenset[Action]] = MappingProxyType({
    Phase.PLAY_CARD: frozenset({Action.PLAY_CARD}),
    Phase.ORDER: frozenset({Action.ORDER_UNITS}),
    Phase.MOVE: frozenset({Action.MOVE_UNIT, Action.END_MOVES}),
    Phase.BATTLE: frozenset({Action.BATTLE, Action.ARMOR_OVERRUN, Action.END_BATTLES,
                             Action.CARD_ATTACK, Action.AMBUSH}),
    Phase.MOVE_AFTER_BATTLE: frozenset({Action.MOVE_UNIT, Action.END_MOVES}),
    Phase.DRAW: frozenset({Action.DRAW_CARDS}),
    Phase.OVER: frozenset(),
})


@dataclass(frozen=True)
class TurnState:
    """One player's turn so far. Immutable: every step returns a new state."""

    side: Side
    phase: Phase = Phase.PLAY_CARD
    card: CardSpec | None = None
    ordered: tuple[str, ...] = ()
    moved: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    battles: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    overrun_used: frozenset[str] = frozenset()  # armor units that made their overrun
    overrun_pending: frozenset[str] = frozenset()  # armor units allowed one overrun battle now
    moved_after: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    card_attack_done: bool = False

    @property
    def allowed(self) -> frozenset[Action]:
        return ALLOWED[self.phase]


def new_turn(side: Side) -> TurnState:
    return TurnState(side)


def _need(state: TurnState, action: Action) -> None:
    if action not in state.allowed:
        allowed = ", ".join(sorted(a.value for a in state.allowed)) or "nothing (the turn is over)"
        raise TurnError(f"{action.value} is not allowed in the {state.phase.value} phase; "
                        f"allowed now: {allowed}")


def _card(state: TurnState) -> CardSpec:
    if state.card is None:  # pragma: no cover - phases after PLAY_CARD always have a card
        raise TurnError("no card has been played")
    return state.card


def allowance(state: TurnState, position: Position, unit_id: str) -> MoveAllowance:
    """What the ordered unit may do this turn under the card played."""
    unit = position.units.get(unit_id)
    if unit is None:
        raise TurnError(f"no unit has the id {unit_id!r}")
    return move_allowance(state.card, unit.spec)


def play_card(state: TurnState, card_name: str | CardSpec) -> TurnState:
    """Step 1: play a card from the hand. Barrage and Air Power go straight to their attack."""
    _need(state, Action.PLAY_CARD)
    try:
        spec = card_name if isinstance(card_name, CardSpec) else card(card_name)
    except CardError as exc:
        raise TurnError(str(exc)) from None
    if spec.reaction:
        raise TurnError(f"{spec.name} is played during the opponent's turn, not on your own")
    if spec.copies_last_card:
        raise TurnError("play the card a Counter-Attack copies (cards.counter_attack gives it)")
    nxt = Phase.ORDER if spec.orders_units else Phase.BATTLE
    return replace(state, phase=nxt, card=spec)


def order_units(state: TurnState, position: Position, unit_ids: Iterable[str]) -> TurnState:
    """Step 2: the units ordered (already checked by ``orders.check_orders``).

    The turn skips the move phase when no ordered unit may move (Firefight, Close Assault) and
    goes straight to the draw when none may battle either (Dig-In).
    """
    _need(state, Action.ORDER_UNITS)
    ids = tuple(unit_ids)
    if len(set(ids)) != len(ids):
        raise TurnError("a unit may receive only one order")
    reaches = [allowance(state, position, uid) for uid in ids]
    nxt = Phase.DRAW
    if any(r.may_move and r.move > 0 for r in reaches):
        nxt = Phase.MOVE
    elif any(r.may_battle for r in reaches):
        nxt = Phase.BATTLE
    return replace(state, phase=nxt, ordered=ids)


def move_unit(state: TurnState, position: Position, unit_id: str, hexes: int) -> TurnState:
    """Step 3 (and Behind Enemy Lines' second move): record that an ordered unit moved ``hexes``.

    Where it may go is ``movement.move_destinations``' job; this checks the turn's bookkeeping:
    ordered, moves once, within the card's reach, movement before battles.
    """
    _need(state, Action.MOVE_UNIT)
    if unit_id not in state.ordered:
        raise TurnError(f"{unit_id} is not ordered this turn; ordered: {', '.join(state.ordered) or 'none'}")
    if isinstance(hexes, bool) or not isinstance(hexes, int) or hexes < 1:
        raise TurnError(f"a move is 1 hex or more, got {hexes!r}")
    reach = allowance(state, position, unit_id)
    if state.phase is Phase.MOVE_AFTER_BATTLE:
        if unit_id in state.moved_after:
            raise TurnError(f"{unit_id} has already made its second move")
        if hexes > reach.move_after_battle:
            raise TurnError(f"{unit_id} may move at most {reach.move_after_battle} hexes after battle")
        moved_after = dict(state.moved_after)
        moved_after[unit_id] = hexes
        return replace(state, moved_after=MappingProxyType(moved_after))
    if unit_id in state.moved:
        raise TurnError(f"{unit_id} has already moved this turn: a unit moves once per turn")
    if not reach.may_move or reach.move == 0:
        raise TurnError(f"{unit_id} may not move under {_card(state).name}")
    if hexes > reach.move:
        raise TurnError(f"{unit_id} may move at most {reach.move} hexes this turn")
    moved = dict(state.moved)
    moved[unit_id] = hexes
    return replace(state, moved=MappingProxyType(moved))


def end_moves(state: TurnState, position: Position) -> TurnState:
    """All movement is done (battles come after every move, base rules p.5)."""
    _need(state, Action.END_MOVES)
    if state.phase is Phase.MOVE_AFTER_BATTLE:
        return replace(state, phase=Phase.DRAW)
    may_battle = any(allowance(state, position, uid).may_battle
                     for uid in state.ordered if uid in position.units)
    return replace(state, phase=Phase.BATTLE if may_battle else Phase.DRAW)


def battle_allowed(state: TurnState, position: Position, unit_id: str) -> str | None:
    """Why this unit may not battle now under the turn's bookkeeping, or None if it may."""
    if state.phase is not Phase.BATTLE:
        return f"battles happen in the battle phase, not in {state.phase.value}"
    if unit_id not in state.ordered:
        return f"{unit_id} is not ordered this turn"
    if unit_id in state.overrun_pending:
        return None
    reach = allowance(state, position, unit_id)
    if not reach.may_battle:
        return f"{unit_id} may not battle under {_card(state).name}"
    used = state.battles.get(unit_id, 0)
    if used >= reach.battles:
        return f"{unit_id} has already battled {'once' if used == 1 else f'{used} times'} this turn"
    moved = state.moved.get(unit_id, 0)
    if moved > reach.move_and_battle:
        return (f"{unit_id} moved {moved} hexes: it may battle only after moving at most "
                f"{reach.move_and_battle}")
    return None


def battle(state: TurnState, position: Position, unit_id: str) -> TurnState:
    """Step 4: an ordered unit battles (its dice come from ``battle.battle_check``)."""
    _need(state, Action.BATTLE)
    reason = battle_allowed(state, position, unit_id)
    if reason is not None:
        raise TurnError(reason)
    if unit_id in state.overrun_pending:
        return replace(state, overrun_pending=state.overrun_pending - {unit_id},
                       overrun_used=state.overrun_used | {unit_id})
    battles = dict(state.battles)
    battles[unit_id] = battles.get(unit_id, 0) + 1
    return replace(state, battles=MappingProxyType(battles))


def card_attack(state: TurnState) -> TurnState:
    """Barrage / Air Power: the card's own attack, once (dice from ``cards.card_modifiers``)."""
    _need(state, Action.CARD_ATTACK)
    spec = _card(state)
    if spec.direct_attack is None:
        raise TurnError(f"{spec.name} does not attack by itself; ordered units battle instead")
    if state.card_attack_done:
        raise TurnError(f"{spec.name} has already made its attack this turn")
    return replace(state, card_attack_done=True)


def armor_overrun(state: TurnState, position: Position, unit_id: str) -> TurnState:
    """After a successful close assault and taking ground, an armor unit may battle once more
    (base rules p.11: one overrun per armor unit per turn)."""
    _need(state, Action.ARMOR_OVERRUN)
    unit = position.units.get(unit_id)
    if unit is None:
        raise TurnError(f"no unit has the id {unit_id!r}")
    if not unit.spec.overrun:
        raise TurnError(f"{unit_id} is {unit.type}: only armor makes an overrun combat")
    if unit_id not in state.battles:
        raise TurnError(f"{unit_id} has not battled yet: an overrun follows a close assault")
    if unit_id in state.overrun_used or unit_id in state.overrun_pending:
        raise TurnError(f"{unit_id} has already made its overrun this turn")
    return replace(state, overrun_pending=state.overrun_pending | {unit_id})


def end_battles(state: TurnState, position: Position) -> TurnState:
    """All battles are done: Behind Enemy Lines units still on the board may move again."""
    _need(state, Action.END_BATTLES)
    again = [uid for uid in state.ordered
             if uid in position.units and allowance(state, position, uid).move_after_battle > 0]
    return replace(state, phase=Phase.MOVE_AFTER_BATTLE if again else Phase.DRAW,
                   overrun_pending=frozenset())


def draw_rule(state: TurnState) -> DrawRule:
    return _card(state).draw


def draw_cards(state: TurnState) -> TurnState:
    """Step 5: discard the card and draw (``draw_rule`` says how many, kept, reshuffle)."""
    _need(state, Action.DRAW_CARDS)
    return replace(state, phase=Phase.OVER)
