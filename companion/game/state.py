"""The state of one game, and how each event changes it (the reducer).

The reducer trusts its events: the session validates every action with the rules core before
it records the event. Replaying a game's events from the start rebuilds its state exactly.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from companion.game.airstate import STANDALONE_SORTIE, AirState, PendingAir, new_air_state
from companion.game.events import EVENTS, Event, EventKind, Undo, register_kind
from companion.game.rulestate import RuleState
from companion.rules import cards as card_rules
from companion.rules import trains, victory
from companion.rules.battle import BattleCheck, BattleModifiers
from companion.rules.board import Board, Hex, Side
from companion.rules.position import Position
from companion.rules.records import dataclass, field, replace
from companion.scenarios import Scenario, from_dict, to_position


class Phase(StrEnum):
    PLAY_CARD = "play_card"  # the active side plays a command card
    ORDER = "order"  # it names the units the card orders
    MOVE = "move"  # ordered units move, one at a time
    BATTLE = "battle"  # ordered units battle, one at a time
    DICE = "dice"  # dice are due for the declared battle
    REVIEW_DICE = "review_dice"  # dice read; a player may correct one before they are applied
    RETREAT = "retreat"  # the target's owner chooses where it retreats
    TAKE_GROUND = "take_ground"  # the attacker may advance into the vacated hex
    BATTLE_BACK = "battle_back"  # a British unit held with 1 figure may battle back, or decline
    ORDER_DICE = "order_dice"  # Their Finest Hour / Medics & Mechanics: the card's roll is due
    AIR_DICE = "air_dice"  # air dice are due: air check, strafing, attack run, confirmation
    AIR_RETREAT = "air_retreat"  # a unit hit by an air attack retreats; its owner chooses
    RULE_DICE = "rule_dice"  # a scenario rule's dice are due: night, a minefield, healing...
    RULE_STEP = "rule_step"  # a scenario rule asks the table something: a mine's number
    OVER = "over"


BATTLE_BACK = "battle_back"  # the ``card`` of a battle back's pending battle


@dataclass(slots=True)
class PendingBattle:
    attacker: str
    target: str
    dice: int
    rid: str
    overrun: bool = False
    card: str | None = None
    card_attack: bool = False  # the card attacks by itself (Barrage, Air Power): no attacking unit
    explain: list[str] = field(default_factory=list)
    faces: list[Any] | None = None  # as read, with corrections applied; None = not read yet
    confidence: list[float] = field(default_factory=list)
    source: str = ""
    result: dict[str, Any] | None = None  # the battle_resolved data
    # hits that must be confirmed by a re-roll (armored car): the re-roll is the second dice due
    confirm_dice: int = 0
    confirm_rid: str = ""
    first_faces: list[Any] | None = None  # the battle roll, kept while the re-roll is due


@dataclass(slots=True)
class GameState:
    scenario: Scenario
    position: Position
    options: dict[str, Any]
    active: Side
    turn: int = 1  # counts every player turn, from 1
    phase: Phase = Phase.PLAY_CARD
    card: str | None = None
    last_card: dict[Side, str] = field(default_factory=dict)  # each side's latest card (Counter-Attack)
    ordered: list[str] = field(default_factory=list)
    orders_lost: int = 0
    moved: dict[str, int] = field(default_factory=dict)  # unit -> hexes moved this turn
    moved_after_battle: list[str] = field(default_factory=list)  # Behind Enemy Lines' second move
    card_targets: list[str] = field(default_factory=list)  # direct-attack targets still to roll
    card_attacked: list[str] = field(default_factory=list)  # direct-attack targets rolled this turn
    battled: list[str] = field(default_factory=list)
    rolls: int = 0  # battle rolls declared so far in the game (simulated dice derive from it)
    overrun_used: list[str] = field(default_factory=list)
    may_overrun: str | None = None  # armor that took ground and may battle again
    battle: PendingBattle | None = None
    ambushed: PendingBattle | None = None  # the close assault an Ambush interrupted
    order_roll: PendingAir | None = None  # the roll a card orders by, while it is due
    order_faces: list[str] | None = None  # that roll, once thrown
    ledger: victory.MedalLedger = field(default_factory=lambda: victory.new_ledger(6))
    objectives: list[victory.Objective] = field(default_factory=list)
    medal_log: list[dict[str, Any]] = field(default_factory=list)  # medal announcements
    eliminated: list[str] = field(default_factory=list)
    winner: Side | None = None
    deck: list[str] | None = None  # virtual deck (auto play); None: real cards on the table
    hands: dict[Side, list[str]] = field(default_factory=dict)
    discard: list[str] = field(default_factory=list)
    air: AirState | None = None  # None: the scenario plays without air rules
    landed: list[str] = field(default_factory=list)  # units that left a landing craft this turn
    # the scenario's own rules beside the board (night, Commissar, mines, HQs); None: none
    rules_state: RuleState | None = None
    seq: int = 0
    board_version: int = 0  # counts the events that changed the board (objectives looked at)
    # the medal counts for one ledger and the holders of the objective hexes (the board version
    # they were last seen at); the outcome for one ledger, medal counts and side to play
    _medal_cache: tuple[victory.MedalLedger, int, tuple[Side | None, ...],
                        dict[Side, victory.MedalCount]] | None = field(
        default=None, repr=False, compare=False)
    # the check the ground battle due was declared with (queries.declared_check)
    declared_check: tuple[PendingBattle, int, BattleModifiers, BattleCheck] | None = field(
        default=None, repr=False, compare=False)
    _outcome_cache: tuple[victory.MedalLedger, dict[Side, victory.MedalCount], Side,
                          victory.Outcome] | None = field(
        default=None, repr=False, compare=False)

    @property
    def board(self) -> Board:
        return self.position.board

    def hex_name(self, h: Hex) -> str:
        return self.position.board.name(h)

    def medals_to_win(self, side: Side) -> int:
        return self.scenario.sides[side].medals_to_win

    @property
    def medal_counts(self) -> dict[Side, victory.MedalCount]:
        return dict(self._counts())

    def _counts(self) -> dict[Side, victory.MedalCount]:
        """The medal counts, kept while the ledger and the holders of the objective hexes stay
        the same (they are all the counts read off the board)."""
        cached = self._medal_cache
        ledger = self.ledger
        if cached is not None and cached[0] is ledger and cached[1] == self.board_version:
            return cached[3]
        position = self.position
        held = tuple(victory.claimant(position, o, h) for o in self.objectives for h in o.hexes)
        if cached is not None and cached[0] is ledger and cached[2] == held:
            counts = cached[3]
        else:
            counts = victory.medal_counts(ledger, position, self.objectives)
        self._medal_cache = (ledger, self.board_version, held, counts)
        return counts

    @property
    def medals(self) -> dict[Side, int]:
        """Each side's medals now: eliminations, exits and objectives held or captured."""
        return {s: c.total for s, c in self._counts().items()}

    def outcome(self) -> victory.Outcome:
        # a function of the ledger, the medal counts and the side to play only
        counts = self._counts()
        cached = self._outcome_cache
        if (cached is not None and cached[0] is self.ledger and cached[1] is counts
                and cached[2] is self.active):
            return cached[3]
        found = victory.game_outcome(self.ledger, self.position, self.objectives, self.active,
                                     counts=counts)
        self._outcome_cache = (self.ledger, counts, self.active, found)
        return found

    def clone(self) -> GameState:
        """An independent copy for undo snapshots (immutable parts are shared)."""
        new = copy.copy(self)
        new.position = self.position.copy()
        new.options = dict(self.options)
        new.last_card = dict(self.last_card)
        new.ordered = list(self.ordered)
        new.moved = dict(self.moved)
        new.moved_after_battle = list(self.moved_after_battle)
        new.card_targets = list(self.card_targets)
        new.card_attacked = list(self.card_attacked)
        new.battled = list(self.battled)
        new.overrun_used = list(self.overrun_used)
        new.battle = copy.deepcopy(self.battle)
        new.ambushed = copy.deepcopy(self.ambushed)
        new.order_roll = copy.deepcopy(self.order_roll)
        new.order_faces = None if self.order_faces is None else list(self.order_faces)
        new.medal_log = list(self.medal_log)
        new.eliminated = list(self.eliminated)
        new.deck = None if self.deck is None else list(self.deck)
        new.hands = {s: list(c) for s, c in self.hands.items()}
        new.discard = list(self.discard)
        new.air = None if self.air is None else self.air.clone()
        new.landed = list(self.landed)
        new.rules_state = None if self.rules_state is None else self.rules_state.clone()
        return new

    def observe(self, turn_start: bool = False) -> None:
        """Note objective captures after the board changed."""
        self.ledger = victory.observe(self.ledger, self.position, self.objectives, self.active,
                                      turn_start=turn_start)
        if self.air is not None and self.air.bombed:
            _bombing_claims_lapse(self, self.air)


def scenario_objectives(scenario: Scenario) -> list[victory.Objective]:
    """The scenario's objectives and exit hexes as the rules core's objectives."""
    board = scenario.geometry
    out: list[victory.Objective] = []
    for o in scenario.objectives:
        side = o.sides[0] if len(o.sides) == 1 else None
        needed = o.hexes_needed if o.kind.value in ("sudden_death", "permanent") else None
        out.append(victory.Objective(
            id=o.id, kind=victory.ObjectiveKind(o.kind.value),
            hexes=tuple(board.parse(h) for h in o.hexes), side=side, medals=o.medals,
            hexes_needed=needed, at_turn_start=o.at_turn_start, at_turn_end=o.at_turn_end,
            initial=o.held_by_default if o.kind.value == "temporary" else None,
            units=frozenset(o.units),
        ))
    by_side: dict[Side, list[Hex]] = {}
    for e in scenario.exits:
        by_side.setdefault(e.side, []).append(board.parse(e.hex))
    for side, hexes in by_side.items():
        out.append(victory.Objective(id=f"exit-{side.value}", kind=victory.ObjectiveKind.EXIT,
                                     hexes=tuple(hexes), side=side))
    return out


def initial_state(data: dict[str, Any]) -> GameState:
    """The state right after a ``game_started`` event with this data."""
    scenario = from_dict(data["scenario"])
    position = to_position(scenario)
    state = GameState(scenario=scenario, position=position, options=dict(data.get("options", {})),
                      active=scenario.starts)
    state.ledger = victory.new_ledger(scenario.sides[Side.ALLIES].medals_to_win,
                                      scenario.sides[Side.AXIS].medals_to_win)
    exits_rule = scenario.variants.get(victory.EXITS_TO_WIN_VARIANT)
    if exits_rule:  # the side wins by medals only with so many units exited
        state.ledger = victory.with_exits_needed(state.ledger,
                                                 *victory.parse_exits_to_win(exits_rule))
    state.objectives = scenario_objectives(scenario)
    state.observe()
    from companion.game.ruleflows import new_rule_state  # the flows read this module

    state.rules_state = new_rule_state(state)
    if data.get("air"):
        state.air = new_air_state(data["air"])
        state.air.airborne_at_start = sorted(u.id for u in position.units.values()
                                             if u.side is state.active and u.spec.air and u.airborne)
    deck = data.get("deck")
    if deck is not None:
        state.deck = list(deck)
        state.hands = {Side(s): list(cards) for s, cards in data.get("hands", {}).items()}
    return state


def _end_turn(state: GameState, data: dict[str, Any]) -> None:
    side = state.active
    if state.air is not None:
        if data.get("air_reshuffled") is not None:  # Their Finest Hour (New Flight Plan)
            state.air.deck = list(data["air_reshuffled"])
            state.air.discard = []
        for who, titles in data.get("air_combat_drawn", {}).items():
            for t in titles:
                if t in state.air.deck:
                    state.air.deck.remove(t)
                state.air.cards.setdefault(who, []).append(t)
    if state.card is not None and state.deck is not None and state.card != STANDALONE_SORTIE:
        hand = state.hands.get(side, [])
        if state.card in hand:
            hand.remove(state.card)
        state.discard.append(state.card)
        other = data.get("recon_discard")
        if other and other in state.deck:  # Air Pack recon: the card not kept is discarded
            state.deck.remove(other)
            state.discard.append(other)
        if data.get("reshuffle_all"):  # Their Finest Hour: deck and discards reshuffled
            state.deck = list(data.get("reshuffled", []))
            state.discard = []
        met = int(data.get("sortie_drawn") or 0)  # True (one card) or how many
        if met:  # Air Pack: each Air Sortie card drawn goes face up, not in hand
            if state.deck.count(STANDALONE_SORTIE) < met and data.get("reshuffled"):
                state.deck = list(data["reshuffled"])
                state.discard = []
            _set_sorties_aside(state, side, met)
        drawn = data.get("drawn")
        if drawn:
            if drawn not in state.deck:  # the deck ran out: discards were reshuffled
                state.deck = list(data.get("reshuffled", []))
                state.discard = []
            if drawn in state.deck:
                state.deck.remove(drawn)
            hand.append(drawn)
    for u in state.position.units.values():
        u.moved = 0
    state.active = side.other
    state.turn += 1
    state.phase = Phase.PLAY_CARD
    state.card = None
    state.ordered = []
    state.orders_lost = 0
    state.moved = {}
    state.moved_after_battle = []
    state.landed = []
    state.card_targets = []
    state.card_attacked = []
    state.battled = []
    state.overrun_used = []
    state.may_overrun = None
    state.battle = None
    state.ambushed = None
    state.order_roll = None
    state.order_faces = None
    air = state.air
    if air is not None:
        air.card_played = None
        air.sortie = False
        air.actions = {}
        air.runs = []
        air.bombs = []
        air.ambushed = []
        air.entering = {}
        air.checks = []
        air.withdrew = False
        air.airborne_at_start = sorted(u.id for u in state.position.units.values()
                                       if u.side is state.active and u.spec.air and u.airborne)
        air.interdicting = {p: t for p, t in air.interdicting.items()
                            if t >= state.turn and p in state.position.units}
        air.pinned = []
        for plane in air.interdicting:
            near = [u.id for u in state.position.units.values() if u.side is state.active
                    and not u.spec.air and state.position.board.neighbours(u.hex).count(
                        state.position.units[plane].hex)]
            air.pinned += near
            air.not_counting[plane] = near


def apply_event(state: GameState, ev: Event) -> None:
    """Change ``state`` by one event (never called for ``undo``; see :class:`GameLog`)."""
    kind = EVENTS.get(ev.kind)
    if kind is None:
        raise ValueError(f"unknown event kind {ev.kind!r}")
    if kind.reduce is None:
        raise ValueError(f"{ev.kind} is not applied to a state ({kind.meaning})")
    state.seq = ev.seq
    kind.reduce(state, ev.data)
    if kind.changes_board:
        state.board_version += 1
        state.observe()


def _kind(name: str, meaning: str, undo: Undo = Undo.NEUTRAL, board: bool = False,
          air: bool = False) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register an event kind with its reducer: what it means, whether undo may withdraw it
    (or nothing before it), whether it changes the board (objectives are looked at again).
    An ``air`` reducer also receives the game's air state."""
    def register(reduce: Callable[..., None]) -> Callable[..., None]:
        fn = reduce
        if air:
            def fn(state: GameState, d: dict[str, Any]) -> None:
                assert state.air is not None, f"{name} in a game without air rules"
                reduce(state, state.air, d)
        register_kind(EventKind(name, meaning, undo, board, fn))
        return reduce
    return register


register_kind(EventKind("game_started", "the scenario (whole), options, and a virtual deck when "
                        "the app deals cards", Undo.BARRIER))
register_kind(EventKind("undo", "the latest undoable event of the turn is withdrawn"))


def _card_to_counter(state: GameState, d: dict[str, Any]) -> str:
    """What the opponent's Counter-Attack will copy of the card played now (event ``d``): the
    card itself, or for a Counter-Attack the card it became ("it becomes a copy of the card your
    opponent played on his or her last turn", so a Counter-Attack of it copies that copy, a flank
    card mirrored twice); a Counter-Attack that had nothing to copy stays one (and copies nothing
    in turn). A card played as an Air Sortie (Air Power under the Air Pack, a Counter-Attack of
    an Air Sortie) is countered as one: "When an Air Sortie equivalent is countered with a
    Counter-Attack, it must be played the same way as the initial card was; i.e., as an Air
    Sortie if the card was played that way" (seed 000, p.3); a Section card played with an Air
    Sortie card is countered as the Section card alone ("the Counter-Attack card only lets you
    counter his Section card, not the Air Sortie played along with it")."""
    name = str(d["card"])
    if d.get("air_sortie") and not d.get("sortie_card"):
        return STANDALONE_SORTIE  # an Air Sortie equivalent played as one
    try:
        spec = card_rules.card(name)
    except card_rules.CardError:
        return name  # not a command card (a standalone Air Sortie)
    last = state.last_card.get(state.active.other)
    if not spec.copies_last_card or last is None or last == spec.id:
        return name
    try:
        return card_rules.counter_attack(last).id
    except card_rules.CardError:
        return last  # not a command card it can become (an Air Sortie): countered the same way


@_kind("card_played", "a side plays a command card", Undo.UNDOABLE)
def _card_played(state: GameState, d: dict[str, Any]) -> None:
    state.card = d["card"]
    state.last_card[state.active] = _card_to_counter(state, d)
    state.phase = Phase.ORDER
    if d.get("roll_dice"):
        state.order_roll = PendingAir("order_roll", "", int(d["roll_dice"]), d["side"], d["rid"],
                                      d.get("purpose", "the card's roll"), "order")
        state.rolls += 1
        state.phase = Phase.ORDER_DICE
    if state.air is not None:
        _air_card_played(state, state.air, d)
    if state.rules_state is not None:
        _rules_card_played(state, state.rules_state, d)


@_kind("units_ordered", "the units ordered by the card, and the orders lost", Undo.UNDOABLE,
       board=True)
def _units_ordered(state: GameState, d: dict[str, Any]) -> None:
    pos = state.position
    state.ordered = list(d["units"])
    state.orders_lost = int(d.get("lost", 0))
    state.phase = Phase.MOVE
    if d.get("medics") and d["medics"]["unit"] in pos.units:
        pos.units[d["medics"]["unit"]].figures += int(d["medics"]["figures_returned"])
    for name in d.get("sandbags", []):  # Dig-In
        h = pos.board.parse(name)
        pos.terrain[h] = (*pos.terrain.get(h, ()), "sandbags")
    if state.air is not None:
        _air_ordered(state, state.air, d)


@_kind("unit_moved", "a unit moved from one hex to another", Undo.UNDOABLE, board=True)
def _unit_moved(state: GameState, d: dict[str, Any]) -> None:
    pos = state.position
    to = pos.board.parse(d["to"])
    mover = d["unit"]
    if d.get("entered") and d["unit"] not in pos.units and state.air is not None:
        # New Flight Plan: deployed onto an occupied hex, the air unit appears where it ends
        _add_air_unit(state, {**d["entered"], "hex": d["to"]})
        pos.units[d["unit"]].moved = 0
        state.air.entering.pop(d["unit"], None)
    elif d.get("launched") and state.air is not None:
        mover = _launch(state, state.air, d)
    elif d.get("joined_stack"):  # Air Pack: landed among its Ready-to-Take-off markers
        pos.remove_unit(d["unit"])
        stack = pos.units[d["joined_stack"]]
        stack.badges = (*stack.badges, "ready_to_take_off")
        mover = ""
    elif d.get("train"):  # a train: its cars move together along the track
        _train_changed(state, d["train"], "move")
    else:
        pos.move_unit(d["unit"], to, how="move")
    hexes = int(d.get("hexes", 1))
    who = mover or d["unit"]
    state.moved[who] = state.moved.get(who, 0) + hexes
    if mover:
        pos.units[mover].moved += hexes
        if "airborne" in d:
            pos.units[mover].airborne = bool(d["airborne"])
    if d.get("after_battle"):
        state.moved_after_battle.append(d["unit"])
    if d.get("craft_landed"):  # Air Pack landing craft: removed on the beach, no medal
        u = pos.units[d["unit"]]
        u.badges = tuple(b for b in u.badges if b != "landing_craft")
        state.landed.append(d["unit"])


@_kind("moves_done", "the active side finished moving; battles follow", Undo.UNDOABLE)
def _moves_done(state: GameState, d: dict[str, Any]) -> None:
    state.phase = Phase.BATTLE


@_kind("battle_declared", "an attacker battles a target; the dice due and the dice request",
       Undo.UNDOABLE)
def _battle_declared(state: GameState, d: dict[str, Any]) -> None:
    state.rolls += 1
    state.battle = PendingBattle(
        attacker=d["attacker"], target=d["target"], dice=int(d["dice"]), rid=d["rid"],
        overrun=bool(d.get("overrun", False)), card=d.get("card"),
        card_attack=bool(d.get("card_attack", False)), explain=list(d.get("explain", [])),
    )
    if d.get("card_attack"):
        state.card_attacked.append(d["target"])
        state.card_targets = list(d.get("queue", []))
    elif d.get("overrun"):
        state.overrun_used.append(d["attacker"])
        state.may_overrun = None
    else:
        state.battled.append(d["attacker"])
        state.may_overrun = None
    state.phase = Phase.DICE


def pending_roll(state: GameState) -> PendingAir | PendingBattle | None:
    """The throw the game waits for or is reviewing: a card's roll, an air roll, or a battle's."""
    if state.order_roll is not None:
        return state.order_roll
    if state.air is not None and state.air.roll is not None:
        return state.air.roll
    if state.rules_state is not None and state.rules_state.roll is not None:
        return state.rules_state.roll
    return state.battle


@_kind("dice_read", "dice faces read for a request, with their source and confidences",
       Undo.BARRIER)
def _dice_read(state: GameState, d: dict[str, Any]) -> None:
    r = pending_roll(state)
    assert r is not None
    r.faces = list(d["faces"])
    r.confidence = list(d.get("confidence", [1.0] * len(r.faces)))
    r.source = d.get("source", "")
    state.phase = Phase.REVIEW_DICE


@_kind("die_corrected", "a player corrected one die before it was applied", Undo.BARRIER)
def _die_corrected(state: GameState, d: dict[str, Any]) -> None:
    r = pending_roll(state)
    assert r is not None and r.faces is not None
    r.faces[int(d["index"])] = d["face"]
    r.confidence[int(d["index"])] = 1.0


@_kind("result_overridden", "the players set a battle's hits and flags by hand (what the dice "
       "scored, what they set, why); the battle_resolved that follows carries the result",
       Undo.BARRIER)
def _result_overridden(state: GameState, d: dict[str, Any]) -> None:
    """Nothing changes here: the result follows in its own event."""


@_kind("order_rolled", "the roll a card orders by (Their Finest Hour, Medics & Mechanics), "
       "applied", Undo.BARRIER)
def _order_rolled(state: GameState, d: dict[str, Any]) -> None:
    state.order_faces = list(d["faces"])
    state.order_roll = None
    state.phase = Phase.ORDER


@_kind("confirm_due", "hits on a unit whose hits are confirmed (armored car): the dice to "
       "re-roll", Undo.BARRIER)
def _confirm_due(state: GameState, d: dict[str, Any]) -> None:
    b = state.battle
    assert b is not None
    b.first_faces = list(d["faces"])
    b.confirm_dice = int(d["dice"])
    b.confirm_rid = d["rid"]
    b.faces = None
    state.rolls += 1
    state.phase = Phase.DICE


@_kind("retreat_chosen", "the hex a unit retreated to, and the figures it lost doing so",
       Undo.UNDOABLE, board=True)
def _retreat_chosen(state: GameState, d: dict[str, Any]) -> None:
    pos = state.position
    unit = pos.units[d["unit"]]
    lost = int(d.get("figures_lost", 0))
    if d.get("eliminated"):
        _eliminate(state, d["unit"], unit.side.other)
    else:
        unit.figures -= lost
        to = pos.board.parse(d["hex"])
        if d.get("train"):
            pass  # the train's cars retreat together (below)
        elif to != unit.hex:
            pos.move_unit(d["unit"], to, how="retreat")
    if d.get("train"):
        _train_changed(state, d["train"], "retreat", unit.side.other)
    _after_retreat(state)


@_kind("ground_taken", "the attacker advanced into the vacated hex (maybe for an overrun)",
       Undo.UNDOABLE, board=True)
def _ground_taken(state: GameState, d: dict[str, Any]) -> None:
    state.position.move_unit(d["unit"], state.board.parse(d["hex"]), how="take_ground")
    state.may_overrun = d["unit"] if d.get("overrun") else None
    state.battle = None
    state.phase = Phase.BATTLE


@_kind("ground_declined", "the attacker stayed where it was", Undo.UNDOABLE)
def _ground_declined(state: GameState, d: dict[str, Any]) -> None:
    state.battle = None
    state.phase = Phase.BATTLE


@_kind("medal_won", "announces a medal won (eliminated unit, objective, exit); counts come from "
       "the ledger")
def _medal_won(state: GameState, d: dict[str, Any]) -> None:
    state.medal_log.append({"kind": "medal_won", **d})


@_kind("medal_lost", "announces a medal lost (a temporary objective left, an undo)")
def _medal_lost(state: GameState, d: dict[str, Any]) -> None:
    state.medal_log.append({"kind": "medal_lost", **d})


@_kind("unit_exited", "a unit left the board through an exit hex", Undo.BARRIER, board=True)
def _unit_exited(state: GameState, d: dict[str, Any]) -> None:
    unit = state.position.units[d["unit"]]
    state.ledger = victory.record_exit(state.ledger, unit.side, d["unit"])
    state.position.remove_unit(d["unit"])


@_kind("turn_ended", "the active side drew a card and ended its turn", Undo.BARRIER)
def _turn_ended(state: GameState, d: dict[str, Any]) -> None:
    if state.rules_state is not None:
        _rules_turn_ended(state, state.rules_state)
    _end_turn(state, d)
    state.observe(turn_start=True)


@_kind("game_over", "the game ended: winner and medals", Undo.BARRIER)
def _game_over(state: GameState, d: dict[str, Any]) -> None:
    state.winner = Side(d["winner"]) if d.get("winner") else None
    state.phase = Phase.OVER


def _car_losses(state: GameState, unit_id: str, lost: int) -> dict[str, int]:
    """A hit that takes ``lost`` figures from a car of a train takes as many from its other
    car (what each keeps); {} for a unit of no train (companion.rules.trains.losses)."""
    unit = state.position.units.get(unit_id)
    if unit is None or not unit.spec.train_car or lost <= 0:
        return {}
    return dict(trains.losses(state.position, unit_id, lost))


def _train_changed(state: GameState, t: dict[str, Any], how: str, by: Side | None = None
                   ) -> None:
    """A train's other car follows the car the event names (companion.rules.trains): the
    figures each keeps (0: destroyed, ``by`` the enemy), then where each car stands."""
    pos = state.position
    for car, left in t.get("figures", {}).items():
        if car not in pos.units:
            continue
        if int(left) <= 0 and by is not None:
            _eliminate(state, car, by)
        else:
            pos.units[car].figures = max(1, int(left))
    cars = {c: pos.board.parse(h) for c, h in t.get("cars", {}).items() if c in pos.units}
    if cars:
        trains.place(pos, cars, how)


def _eliminate(state: GameState, unit_id: str, by: Side) -> None:
    unit = state.position.remove_unit(unit_id)
    state.eliminated.append(unit_id)
    # a unit's rules say what it is worth (a sniper or a supply truck none)
    state.ledger = victory.record_elimination(state.ledger, by, unit_id, unit.spec.medal_worth)


@_kind("battle_resolved", "hits, figures removed, medals, flags and retreat options of a battle",
       Undo.BARRIER, board=True)
def _battle_resolved(state: GameState, d: dict[str, Any]) -> None:
    b = state.battle
    assert b is not None
    b.result = dict(d)
    target = state.position.units[d["target"]]
    if d["eliminated"]:
        _eliminate(state, d["target"], target.side.other)
    else:
        target.figures -= int(d["figures_removed"])
    if d.get("train"):
        _train_changed(state, d["train"], "", target.side.other)
    if d.get("battle_back") and not d["eliminated"] and b.attacker in state.position.units:
        # British Commonwealth Forces: held with 1 figure, its owner may battle back first
        state.phase = Phase.BATTLE_BACK
    elif d["eliminated"] or not d.get("retreat"):
        _after_retreat(state)
    else:
        state.phase = Phase.RETREAT


@_kind("battle_back_declared", "the British unit held with 1 figure battles back at the unit "
       "that assaulted it: the die due and its request", Undo.UNDOABLE)
def _battle_back_declared(state: GameState, d: dict[str, Any]) -> None:
    state.rolls += 1
    state.battle = PendingBattle(attacker=d["unit"], target=d["target"], dice=int(d["dice"]),
                                 rid=d["rid"], card=BATTLE_BACK,
                                 explain=list(d.get("explain", [])))
    state.phase = Phase.DICE


@_kind("battle_back_declined", "the British unit held with 1 figure does not battle back",
       Undo.UNDOABLE)
def _battle_back_declined(state: GameState, d: dict[str, Any]) -> None:
    state.battle = None
    state.phase = Phase.BATTLE


def _after_retreat(state: GameState) -> None:
    """After hits and any retreat: offer take ground when the target's hex is now empty."""
    b = state.battle
    assert b is not None and b.result is not None
    r = b.result
    vacated = not state.position.is_occupied(state.board.parse(r["target_hex"]))
    if r.get("take_ground") and vacated and b.attacker in state.position.units:
        state.phase = Phase.TAKE_GROUND
    else:
        state.battle = None
        state.phase = Phase.BATTLE
        _after_ambush(state, r["target_hex"])


def _sortie_met(state: GameState, side: Side, d: dict[str, Any]) -> None:
    """Air Pack: the Air Sortie cards met on top of the deck go face up beside ``side``."""
    if d.get("sortie_drawn") and state.deck is not None:
        _set_sorties_aside(state, side, int(d["sortie_drawn"]))


def _set_sorties_aside(state: GameState, side: Side, met: int) -> None:
    """``met`` Air Sortie cards leave the deck and lie face up beside ``side``'s player, or
    go to the discards where the scenario bars the side from using one (3496: "Discard it and
    draw a new Command card instead")."""
    assert state.deck is not None
    unusable = side in state.scenario.air.sortie_unusable
    for _ in range(met):
        if STANDALONE_SORTIE not in state.deck:
            break
        state.deck.remove(STANDALONE_SORTIE)
        if unusable:
            state.discard.append(STANDALONE_SORTIE)
        elif state.air is not None:
            state.air.sorties[side.value] = state.air.sorties.get(side.value, 0) + 1


def _ambush_card_played(state: GameState, d: dict[str, Any]) -> None:
    """The Ambush card leaves its player's hand, and the card drawn to replace it comes in at
    once (the reaction card's player draws first), whether a unit or an air unit is ambushed."""
    side = Side(d["side"])
    _sortie_met(state, side, d)
    if state.deck is not None:
        hand = state.hands.get(side, [])
        if "ambush" in hand:
            hand.remove("ambush")
        state.discard.append("ambush")
        drawn = d.get("drawn")
        if drawn and drawn in state.deck:
            state.deck.remove(drawn)
            hand.append(drawn)


@_kind("ambush_played", "the assaulted unit's owner plays Ambush: his unit battles the assaulting "
       "one first (the card is discarded and replaced at once)", Undo.UNDOABLE)
def _ambush_played(state: GameState, d: dict[str, Any]) -> None:
    """Ambush: the assaulted unit battles the assaulting one first; the assault waits."""
    _ambush_card_played(state, d)
    state.ambushed = state.battle
    state.battle = PendingBattle(attacker=d["unit"], target=d["target"], dice=int(d["dice"]),
                                 rid=d["rid"], card="ambush", explain=list(d.get("explain", [])))
    state.rolls += 1
    state.phase = Phase.DICE


def _after_ambush(state: GameState, assaulter_hex: str) -> None:
    """The interrupted close assault goes on if the assaulting unit is neither eliminated nor
    forced back (it is still on ``assaulter_hex``) and its target is still there."""
    held = state.ambushed
    if held is None:
        return
    state.ambushed = None
    a = state.position.units.get(held.attacker)
    if a is not None and held.target in state.position.units and state.hex_name(a.hex) == assaulter_hex:
        state.battle = held
        state.phase = Phase.DICE


# --- air events (the rules are in companion.rules.air; these only fold their results) -----------
def _add_air_unit(state: GameState, d: dict[str, Any]) -> None:
    from companion.rules.position import Unit

    unit = Unit(d["id"], state.active, d["type"], state.board.parse(d["hex"]), int(d.get("figures", 1)),
                moved=1, airborne=True, model=d.get("model"), ammo=dict(d.get("ammo", {})))
    state.position.add_unit(unit)


def _air_card_played(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    side = state.active.value
    if d.get("air_card"):
        held = air.cards.get(side, [])
        if d["air_card"] in held:
            held.remove(d["air_card"])
        air.card_played = d["air_card"]
        air.discard.append(d["air_card"])
    if d.get("air_sortie"):
        air.sortie = True
        if d.get("sortie_card"):
            # (with real cards, one may come from the deck unseen: airflow.sortie_drawable)
            air.sorties[side] = max(0, air.sorties.get(side, 0) - 1)
            if state.deck is not None:  # played, it is discarded (and may be drawn again)
                state.discard.append(STANDALONE_SORTIE)


def _launch(state: GameState, air: AirState, d: dict[str, Any]) -> str:
    """Air Pack: a Ready-to-Take-off stack sends a fresh airplane off (one marker spent); the
    new airplane takes the stack's place among the ordered units."""
    pos = state.position
    new = d["launched"]
    stack = pos.units[d["unit"]]
    badges = list(stack.badges)
    badges.remove("ready_to_take_off")
    if "ready_to_take_off" in badges:
        stack.badges = tuple(badges)
    else:
        pos.remove_unit(stack.id)
    _add_air_unit(state, {**new, "hex": d["to"]})
    pos.units[new["id"]].moved = 0
    air.planes_made += 1
    state.ordered = [new["id"] if u == stack.id else u for u in state.ordered]
    return str(new["id"])


def _air_ordered(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    for uid in d.get("left_board", []):
        if uid in state.position.units:
            state.position.remove_unit(uid)
    if d.get("new_airplane"):
        _add_air_unit(state, d["new_airplane"])
        air.planes_made += 1
    if d.get("deploy"):
        dep = d["deploy"]
        if dep.get("entering"):
            air.entering[dep["id"]] = dict(dep)
        else:
            _add_air_unit(state, dep)
        pool = air.reserve.get(state.active.value, [])
        air.reserve[state.active.value] = [r for r in pool if r["id"] != dep["id"]]
    air.checks = [dict(c) for c in d.get("air_checks", [])]
    _next_air(state, air, "move")


def _next_air(state: GameState, air: AirState, then: str) -> None:
    """After an air step: the next air check due, a retreat to choose, or back to ``then``."""
    if air.checks:
        c = air.checks.pop(0)
        air.roll = PendingAir("air_check", c["plane"], int(c["dice"]), c["thrower"], c["rid"],
                              c["purpose"], then, explain=list(c.get("explain", [])), data=c)
        state.rolls += 1
        state.phase = Phase.AIR_DICE
    elif air.retreats:
        state.phase = Phase.AIR_RETREAT
    else:
        state.phase = Phase(then)


@_kind("air_check", "an airplane's air check: dice thrown (by the opponent near enemy units), lost on a "
       "grenade, medal to the opponent when one of his units was adjacent",
       Undo.BARRIER, board=True, air=True)
def _air_check(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    roll = air.roll
    air.roll = None
    plane = d["plane"]
    if d.get("lost") and plane in state.position.units:
        # Air Pack p.8: the airplane is lost (removed, not eliminated by a battle); the opponent
        # gains a medal only when one of his units was adjacent at the time of the air check.
        # From a Ready-to-Take-off stack, the airplane taking off is one marker of the stack.
        unit = state.position.units[plane]
        if unit.badges.count("ready_to_take_off") > 1:
            badges = list(unit.badges)
            badges.remove("ready_to_take_off")
            unit.badges = tuple(badges)
        else:
            state.position.remove_unit(plane)
        if d.get("medal_to"):
            state.ledger = victory.record_extra(state.ledger, Side(d["medal_to"]))
        if plane in state.ordered:
            state.ordered.remove(plane)
    _next_air(state, air, roll.then if roll else "move")


def _air_ambush_card(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    """Ambush against an air unit: the card leaves the defender's hand (replaced at once)."""
    air.ambushed.append(d["plane"])
    _ambush_card_played(state, d)


@_kind("air_attack_declared", "air dice declared: strafing, kamikaze or an attack run; who throws",
       Undo.UNDOABLE, board=False, air=True)
def _air_attack_declared(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    air.roll = PendingAir(d["kind"], d["unit"], int(d["dice"]), d["thrower"], d["rid"], d["purpose"],
                          d.get("then", "battle"), targets=list(d.get("targets", [])),
                          split=list(d.get("split", [])), explain=list(d.get("explain", [])),
                          data=dict(d))
    if d["kind"] == "ambush":
        _air_ambush_card(state, air, d)
    else:
        air.actions.setdefault(d["unit"], []).append(d["kind"])
    state.rolls += 1
    state.phase = Phase.AIR_DICE


@_kind("air_attack_resolved", "what strafing, kamikaze or an attack run did to each target",
       Undo.BARRIER, board=True, air=True)
def _air_attack_resolved(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    roll = air.roll
    air.roll = None
    then = roll.then if roll else "battle"
    pos = state.position
    plane_side = Side(d["side"])
    for r in d.get("results", []):
        if r.get("dropped") or r["target"] not in pos.units:
            continue
        target = pos.units[r["target"]]
        cars = _car_losses(state, r["target"], int(r.get("hits", r["figures_removed"])))
        if r["eliminated"]:
            _eliminate(state, r["target"], plane_side)
            _train_changed(state, {"figures": cars}, "", plane_side)
            continue
        target.figures -= int(r["figures_removed"])
        _train_changed(state, {"figures": cars}, "", plane_side)
        due = int(r.get("flags", 0)) - int(r.get("flags_ignored", 0))
        if due > 0:
            air.retreats.append({"unit": r["target"], "flags": due, "then": then})
    if d.get("kind") == "attack_run" and air.runs:
        air.runs.pop(0)
    if d.get("kind") == "bombing":
        if air.bombs:
            air.bombs.pop(0)
        if d.get("claimed"):
            _bombing_claim(state, air, d)
    if d.get("plane_removed") and d["unit"] in pos.units:
        if d.get("medal_to"):
            _eliminate(state, d["unit"], Side(d["medal_to"]))
        else:
            pos.remove_unit(d["unit"])
    _next_air(state, air, then)


@_kind("air_retreat", "the hex a unit hit by an air attack retreated to",
       Undo.UNDOABLE, board=True, air=True)
def _air_retreat(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    pos = state.position
    done = air.retreats.pop(0) if air.retreats else {"then": "battle"}
    unit = pos.units.get(d["unit"])
    if unit is not None:
        to = state.board.parse(d["hex"])
        cars = _car_losses(state, d["unit"], int(d.get("figures_lost", 0)))
        shift = trains.shift_to(pos, d["unit"], to, 6, retreat=True) \
            if unit.spec.train_car and to != unit.hex else None
        if d.get("eliminated"):
            _eliminate(state, d["unit"], unit.side.other)
        else:
            unit.figures -= int(d.get("figures_lost", 0))
            if shift is None and to != unit.hex:
                pos.move_unit(d["unit"], to, how="retreat")
        # a train's cars retreat together, back along the track (companion.rules.trains)
        _train_changed(state, {"figures": cars, "cars": {} if shift is None or d.get(
            "eliminated") else {c: state.hex_name(h) for c, h in shift.ends}}, "retreat",
            unit.side.other)
    state.phase = Phase.AIR_RETREAT if air.retreats else Phase(done["then"])


@_kind("air_hits", "grenades scored on a flying air unit (dogfight, ground to air), to confirm",
       Undo.BARRIER, board=False, air=True)
def _air_hits(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    state.battle = None
    air.roll = None
    then = d.get("then", "battle")  # "move" after an Ambush against an air unit
    if int(d["possible_hits"]) > 0 and d["target"] in state.position.units:
        air.roll = PendingAir("confirm", d["attacker"], int(d["possible_hits"]), d["thrower"], d["rid"],
                              d["purpose"], then, targets=[d["target"]],
                              explain=list(d.get("explain", [])), data=dict(d))
        state.rolls += 1
        state.phase = Phase.AIR_DICE
    else:
        state.phase = Phase(then)


@_kind("air_confirmed", "the confirmation re-roll: shot down (medal, type banned) or retires "
       "(ammo returned) or nothing",
       Undo.BARRIER, board=True, air=True)
def _air_confirmed(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    roll = air.roll
    air.roll = None
    target = state.position.units.get(d["target"])
    if target is not None:
        owner = target.side.value
        if d.get("shot_down"):
            _eliminate(state, d["target"], Side(d["medal_to"]))
            if d.get("banned_type"):
                air.banned.setdefault(owner, []).append(d["banned_type"])
            reward = d.get("air_combat_card_to")
            if reward and air.deck:  # the Air Combat card won for shooting it down
                air.cards.setdefault(reward, []).append(air.deck.pop(0))
        elif d.get("retires"):
            state.position.remove_unit(d["target"])
            air.reserve.setdefault(owner, []).append({"id": d["target"], "type": target.type})
        if d["target"] not in state.position.units:  # its markers and bomb go with it
            air.runs = [r for r in air.runs if r["unit"] != d["target"]]
            air.bombs = [b for b in air.bombs if b["unit"] != d["target"]]
    state.phase = Phase(roll.then if roll else "battle")


@_kind("bombing_declared", "New Flight Plan: a bomber or fighter-bomber ended its move on an "
       "objective and places a bomb there (1 bomb spent); rolled after the attack runs",
       Undo.UNDOABLE, board=False, air=True)
def _bombing_declared(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    if d["unit"] in state.position.units:
        state.position.units[d["unit"]].ammo = dict(d["ammo_left"])
    air.bombs.append(dict(d))


def _bombing_claim(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    """A grenade on a strategic bombing: the objective's medal goes to the bomber's side. A
    last-to-occupy objective changes hands in the ledger; any other is held as an extra medal
    until a ground unit stands on the objective (then the ordinary rules decide)."""
    side = Side(d["side"])
    obj = next((o for o in state.objectives if o.id == d["objective"]), None)
    if obj is None:
        return
    air.bombed_by[obj.id] = side.value
    if obj.kind is victory.ObjectiveKind.LAST_TO_OCCUPY:
        last = dict(state.ledger.last_occupant)
        last[obj.id] = side
        state.ledger = replace(state.ledger, last_occupant=MappingProxyType(last))
        return
    air.bombed[obj.id] = side.value
    state.ledger = victory.record_extra(state.ledger, side, obj.medals)


def _bombing_claims_lapse(state: GameState, air: AirState) -> None:
    """A medal held by bombing is lost once a ground unit stands on its objective."""
    for obj_id, who in list(air.bombed.items()):
        obj = next((o for o in state.objectives if o.id == obj_id), None)
        if obj is not None and not any(victory.holder(state.position, h) is not None
                                       for h in obj.hexes):
            continue
        del air.bombed[obj_id]
        if obj is None:
            continue
        side = Side(who)
        extra = dict(state.ledger.extra)
        extra[side] = extra.get(side, 0) - obj.medals
        state.ledger = replace(state.ledger, extra=MappingProxyType(extra))


@_kind("air_action", "an Air Pack special action without dice: ground support, ground interdiction (for the "
       "opponent's next turn), rescue (the plane and the infantry leave, no medal)",
       Undo.UNDOABLE, board=True, air=True)
def _air_action(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    air.actions.setdefault(d["unit"], []).append(d["action"])
    if d["action"] == "ground_interdiction":
        air.interdicting[d["unit"]] = state.turn + 1  # it acts in the opponent's next turn
    if d["action"] == "rescue":
        for uid in (d["target"], d["unit"]):
            if uid in state.position.units:
                state.position.remove_unit(uid)
        if d["unit"] in state.ordered:
            state.ordered.remove(d["unit"])


@_kind("ammo_spent", "New Flight Plan: ammo markers an air unit placed on enemy hexes while moving, its ammo "
       "left (the run is resolved in order during battle)",
       Undo.UNDOABLE, board=False, air=True)
def _ammo_spent(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    state.position.units[d["unit"]].ammo = dict(d["ammo_left"])
    air.runs.append(dict(d))


@_kind("air_resupplied", "a landed air unit got full ammo at the start of its player's turn",
       Undo.NEUTRAL, board=False, air=True)
def _air_resupplied(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    state.position.units[d["unit"]].ammo = dict(d["ammo"])


@_kind("air_withdrawn", "an air unit left the battlefield at the start of its player's turn, no medal",
       Undo.NEUTRAL, board=True, air=True)
def _air_withdrawn(state: GameState, air: AirState, d: dict[str, Any]) -> None:
    unit = state.position.units.get(d["unit"])
    if unit is None:
        return
    state.position.remove_unit(d["unit"])
    air.reserve.setdefault(unit.side.value, []).append({"id": unit.id, "type": unit.type})
    air.withdrew = True


REPLAY_LIMIT = 150  # events an undo may replay from its snapshot (about ten turns of play)


# --- scenario rules beside the board (companion.game.ruleflows decides; these fold results) ----
def _rules_card_played(state: GameState, rs: RuleState, d: dict[str, Any]) -> None:
    if d.get("from_chip"):  # Commissar: the card under the chip is played; a new one is due
        rs.chip.pop(d["side"], None)
        rs.chip_played = True
    if d.get("held"):  # Blitz: a Recon 1 card played as Air Power (the Recon card is spent)
        rs.played_as = {"held": d["held"], "as": d["card"]}


def _rules_turn_ended(state: GameState, rs: RuleState) -> None:
    if rs.played_as and state.card == rs.played_as.get("as"):
        state.card = rs.played_as["held"]  # the card discarded is the one held
    rs.played_as = {}
    rs.chip_played = False
    rs.desert_unit = None
    rs.desert_done = []
    rs.rested = []


@_kind("rule_roll_due", "a scenario rule's dice are due: the night visibility roll, a minefield "
       "or frozen river entered, a heal or a cave seal; who throws", Undo.NEUTRAL)
def _rule_roll_due(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None, "rule_roll_due in a game without scenario rules"
    rs.roll = PendingAir(d["kind"], d.get("unit", ""), int(d["dice"]), d["thrower"], d["rid"],
                         d["purpose"], d.get("then", state.phase.value),
                         explain=list(d.get("explain", [])), data=dict(d))
    if d["kind"] == "night":
        rs.night_turn = state.turn
    if d["kind"] in ("heal", "seal") and d.get("unit"):
        rs.rested.append(d["unit"])
        state.battled.append(d["unit"])  # it heals or seals instead of battling
    state.rolls += 1
    state.phase = Phase.RULE_DICE


register_kind(EventKind("rule_roll_declared", "a player chose a scenario rule's roll: a unit "
                        "heals or tries to seal a cave instead of battling", Undo.UNDOABLE,
                        False, _rule_roll_due))


def _rule_roll_done(state: GameState) -> RuleState:
    rs = state.rules_state
    assert rs is not None
    roll = rs.roll
    rs.roll = None
    state.phase = Phase(roll.then if roll is not None else "battle")
    return rs


@_kind("night_rolled", "the night visibility roll: each star one step up the chart; the "
       "visibility now (None: full daylight)", Undo.BARRIER)
def _night_rolled(state: GameState, d: dict[str, Any]) -> None:
    rs = _rule_roll_done(state)
    rs.night_rolls.append(list(d["faces"]))
    state.position.visibility = d.get("visibility")


@_kind("entry_rolled", "the dice of a minefield or frozen river a unit entered: figures lost, "
       "a medal when it is eliminated, a decoy mine removed", Undo.BARRIER, board=True)
def _entry_rolled(state: GameState, d: dict[str, Any]) -> None:
    if state.rules_state is not None and state.rules_state.roll is not None:
        _rule_roll_done(state)
    pos = state.position
    unit = pos.units.get(d["unit"])
    for name in d.get("removed", []):
        if unit is not None:
            pos.remove_terrain(unit.hex, name)
    if unit is None:
        return
    cars = _car_losses(state, d["unit"], int(d.get("figures_removed", 0)))
    if d.get("eliminated"):
        _eliminate(state, d["unit"], Side(d["medal_to"]))
        if state.may_overrun == d["unit"]:
            state.may_overrun = None
    else:
        unit.figures -= int(d.get("figures_removed", 0))
    _train_changed(state, {"figures": cars}, "", Side(d["medal_to"]) if d.get("medal_to")
                   else unit.side.other)


@_kind("healed", "a unit on a hospital or oasis rolled to heal: the figures returned",
       Undo.BARRIER, board=True)
def _healed(state: GameState, d: dict[str, Any]) -> None:
    _rule_roll_done(state)
    unit = state.position.units.get(d["unit"])
    if unit is not None:
        unit.figures += int(d.get("figures_returned", 0))


@_kind("obstacle_cleared", "an ordered unit removed an obstacle from its hex (infantry the wire, "
       "combat engineers a minefield) instead of battling, or engineers wire after battling",
       Undo.UNDOABLE, board=True)
def _obstacle_cleared(state: GameState, d: dict[str, Any]) -> None:
    state.position.remove_terrain(state.board.parse(d["hex"]), d["piece"])
    if d.get("instead_of_battle", True) and d["unit"] not in state.battled:
        state.battled.append(d["unit"])


@_kind("cave_seal_rolled", "Allied infantry tried to seal the cave it stands on: a star seals it "
       "(the hex becomes its plain hill or mountain)", Undo.BARRIER, board=True)
def _cave_seal_rolled(state: GameState, d: dict[str, Any]) -> None:
    _rule_roll_done(state)
    if d.get("sealed"):
        h = state.board.parse(d["hex"])
        state.position.remove_terrain(h, d["cave"])
        state.position.terrain[h] = (*state.position.terrain.get(h, ()), d["becomes"])


@_kind("bridge_blow_rolled", "the side blowing up a bridge rolled: a star blows it (the bridge "
       "is gone, a unit on it is eliminated, the medals its blowing is worth are won)",
       Undo.BARRIER, board=True)
def _bridge_blow_rolled(state: GameState, d: dict[str, Any]) -> None:
    _rule_roll_done(state)
    if not d.get("blown"):
        return
    state.position.remove_terrain(state.board.parse(d["hex"]), d["bridge"])
    uid = d.get("eliminated")
    if uid and uid in state.position.units:
        _eliminate(state, uid, state.position.units[uid].side.other)
    if d.get("medals"):
        state.ledger = victory.record_extra(state.ledger, Side(d["side"]), int(d["medals"]))


@_kind("commissar_card_placed", "the Soviet player placed a command card under the Political "
       "Commissar chip, to play it a turn later", Undo.UNDOABLE)
def _commissar_card_placed(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    rs.chip[d["side"]] = d["card"]
    rs.chip_played = False


@_kind("desert_moved", "North African Desert rules: armor that took ground moved 1 more hex "
       "before its overrun", Undo.UNDOABLE, board=True)
def _desert_moved(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    state.position.move_unit(d["unit"], state.board.parse(d["to"]), how="move")
    unit = state.position.units[d["unit"]]
    unit.moved += 1
    state.moved[d["unit"]] = state.moved.get(d["unit"], 0) + 1
    rs.desert_done.append(d["unit"])


@_kind("cross_hair_placed", "a big gun or destroyer hit its target: a cross-hair marker on it "
       "(1 more die for such guns while it stays)", Undo.NEUTRAL)
def _cross_hair_placed(state: GameState, d: dict[str, Any]) -> None:
    if d["target"] in state.position.units:
        state.position.cross_hairs[d["target"]] = 1


@_kind("hq_captured", "an enemy unit took an HQ: its side plays with a command card fewer "
       "(the card it discards)", Undo.NEUTRAL)
def _hq_captured(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    if d["hex"] not in rs.hq_captured:
        rs.hq_captured.append(d["hex"])
    card = d.get("discarded")
    hand = state.hands.get(Side(d["side"]))
    if card and hand is not None and card in hand:
        hand.remove(card)
        state.discard.append(card)


@_kind("hq_retaken", "a unit took its own HQ back: its side draws the command card it lost",
       Undo.NEUTRAL)
def _hq_retaken(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    if d["hex"] in rs.hq_captured:
        rs.hq_captured.remove(d["hex"])
    drawn = d.get("drawn")
    if drawn and state.deck is not None and drawn in state.deck:
        state.deck.remove(drawn)
        state.hands.setdefault(Side(d["side"]), []).append(drawn)


@_kind("assault_dice_changed", "the assault an Ambush interrupted goes on with the dice its "
       "attacker has now (a new dice request)", Undo.NEUTRAL)
def _assault_dice_changed(state: GameState, d: dict[str, Any]) -> None:
    b = state.battle
    if b is not None:
        b.dice = int(d["dice"])
        b.rid = d["rid"]
        b.explain = list(d.get("explain", []))


@_kind("exit_medals_added", "a scenario rule makes an exit worth more than one medal (infantry "
       "exits count 2): the medals added", Undo.NEUTRAL)
def _exit_medals_added(state: GameState, d: dict[str, Any]) -> None:
    if d.get("side") in ("allies", "axis"):
        state.ledger = victory.record_extra(state.ledger, Side(d["side"]), int(d["medals"]))


def _step_due(state: GameState, key: str, d: dict[str, Any]) -> None:
    """A scenario rule asks the table something (``rules_state.data[key]``): its step now."""
    rs = state.rules_state
    assert rs is not None
    rs.data[key] = dict(d)
    state.phase = Phase.RULE_STEP


def _new_units(state: GameState, side: Side, units: list[dict[str, Any]], default_type: str,
               nation: str | None, variants: tuple[str, ...] = ()) -> list[Any]:
    """Units a rule brings onto the board (``{"id", "hex"[, "type"]}`` each), at full strength."""
    from companion.rules.position import Unit
    from companion.rules.units import UNITS

    made = []
    for u in units:
        utype = str(u.get("type", default_type))
        unit = Unit(str(u["id"]), side, utype, state.board.parse(u["hex"]), UNITS[utype].figures,
                    nation=nation, variants=variants)
        state.position.add_unit(unit)
        made.append(unit)
    return made


@_kind("airdrop_due", "an airdrop before a side's first turn: the figures to drop and where "
       "they are aimed", Undo.NEUTRAL)
def _airdrop_due(state: GameState, d: dict[str, Any]) -> None:
    _step_due(state, "airdrop", d)


@_kind("units_dropped", "the figures of an airdrop landed: a unit on each hex where one may "
       "stand, the others out of action (no medal)", Undo.BARRIER, board=True)
def _units_dropped(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    _new_units(state, Side(d["side"]), list(d.get("units", [])), str(d["unit_type"]),
               d.get("nation"), tuple(d.get("variants", ())))
    rs.data.pop("airdrop", None)
    rs.data["drops_done"] = int(d["index"]) + 1
    state.phase = Phase(d.get("then", "play_card"))


@_kind("smoke_due", "a smoke screen before a side's first turn (Actions 21): the markers it may "
       "place", Undo.NEUTRAL)
def _smoke_due(state: GameState, d: dict[str, Any]) -> None:
    _step_due(state, "smoke", d)


@_kind("smoke_placed", "the side placed its smoke screen (or none): a marker that blocks line of "
       "sight on each hex, until the end of the turn named", Undo.UNDOABLE, board=True)
def _smoke_placed(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    for name in d.get("hexes", []):
        h = state.board.parse(name)
        state.position.terrain[h] = (*state.position.terrain.get(h, ()), "smoke_screen")
    rs.data.pop("smoke", None)
    rs.data["smoke_done"] = True
    if d.get("hexes"):
        rs.data["smoke_until"] = int(d["until_turn"])
    state.phase = Phase(d.get("then", "play_card"))


@_kind("smoke_lifted", "the smoke screen's markers were removed (the end of the placing side's "
       "second turn)", Undo.NEUTRAL, board=True)
def _smoke_lifted(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    for name in d.get("hexes", []):
        state.position.remove_terrain(state.board.parse(name), "smoke_screen")
    rs.data.pop("smoke_until", None)


@_kind("boat_landed", "a unit in collapsible boats left the river for land: its boats are "
       "removed", Undo.NEUTRAL)
def _boat_landed(state: GameState, d: dict[str, Any]) -> None:
    from companion.rules.boats import VARIANT

    u = state.position.units.get(str(d["unit"]))
    if u is not None:
        u.variants = tuple(v for v in u.variants if v != VARIANT)


@_kind("reinforcements_released", "a side reached the medals its reinforcements wait for: the "
       "units held back may be ordered", Undo.NEUTRAL)
def _reinforcements_released(state: GameState, d: dict[str, Any]) -> None:
    from companion.rules.variants import HELD_BACK_VARIANT

    for uid in d.get("units", []):
        u = state.position.units.get(str(uid))
        if u is not None:
            u.variants = tuple(v for v in u.variants if v != HELD_BACK_VARIANT)


@_kind("units_arrived", "units a side ordered onto the board (Armor Breakthrough, paradrops, "
       "airfield reinforcements): "
       "each on its hex, dropped figures out of action left out (no medal)", Undo.BARRIER,
       board=True)
def _units_arrived(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    for unit in _new_units(state, Side(d["side"]), list(d.get("units", [])), str(d["type"]),
                           d.get("nation"), tuple(d.get("variants", ()))):
        if d.get("stopped"):
            unit.moved = 1  # it entered its hex this turn: it stops there
            state.moved[unit.id] = 1
    counts = rs.data.setdefault("arrived", {})
    key = f"{d['kind']}:{d['side']}"
    counts[key] = int(counts.get(key, 0)) + len(d.get("units", []))
    rs.data["arrival_seq"] = int(rs.data.get("arrival_seq", 0)) + len(d.get("units", [])) + len(
        d.get("lost", []))
    if d["kind"] == "paradrops":
        rs.data.setdefault("stars_gone", []).extend(u["aim"] for u in d.get("units", []))
    elif d["kind"] == "armor_breakthrough":
        rs.data.setdefault("breakthrough_turn", {})[d["side"]] = int(d["turn"])


@_kind("deployment_due", "a side reached the medals its reinforcements wait for: it places them "
       "on its baseline before its card", Undo.NEUTRAL)
def _deployment_due(state: GameState, d: dict[str, Any]) -> None:
    _step_due(state, "deploy", d)


@_kind("units_deployed", "reinforcements placed on their side's baseline, free (those with no "
       "room left off)", Undo.BARRIER, board=True)
def _units_deployed(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    _new_units(state, Side(d["side"]), list(d.get("units", [])), "infantry", d.get("nation"))
    rs.data.pop("deploy", None)
    rs.data.setdefault("deployed", []).append(d["side"])
    state.phase = Phase(d.get("then", "play_card"))


@_kind("arrivals_settled", "the turn of their arrival over, units brought in may overrun again",
       Undo.NEUTRAL)
def _arrivals_settled(state: GameState, d: dict[str, Any]) -> None:
    for uid in d.get("units", []):
        u = state.position.units.get(str(uid))
        if u is not None:
            u.variants = tuple(v for v in u.variants if v != "arrived")


@_kind("section_medals", "medals for an empty section: a side gained (or, no named section "
       "empty any more, lost) the medals a scenario rule gives", Undo.NEUTRAL)
def _section_medals(state: GameState, d: dict[str, Any]) -> None:
    state.ledger = victory.record_extra(state.ledger, Side(d["side"]), int(d["medals"]))
    if state.rules_state is not None:
        state.rules_state.data["empty_section_held"] = int(d["held"])


@_kind("camouflage_lost", "a camouflaged unit moved or battled: it is camouflaged no more "
       "(Actions 16)", Undo.NEUTRAL, board=True)
def _camouflage_lost(state: GameState, d: dict[str, Any]) -> None:
    from companion.rules.camouflage import without_camouflage

    unit = state.position.units.get(d["unit"])
    if unit is not None:
        unit.badges = without_camouflage(unit.badges)


@_kind("resupplied", "re-supply: an ordered supply truck gave figures to a weakened unit next "
       "to it (a truck left with none is removed, no medal); neither battles this turn",
       Undo.UNDOABLE, board=True)
def _resupplied(state: GameState, d: dict[str, Any]) -> None:
    pos = state.position
    n = int(d["figures"])
    target = pos.units.get(d["target"])
    if target is not None:
        target.figures += n
    truck = pos.units.get(d["unit"])
    if truck is not None:
        if truck.figures - n <= 0:
            pos.remove_unit(d["unit"])  # "simply removed from the board, once used"
        else:
            truck.figures -= n
    state.battled += [d["unit"], d["target"]]
    if state.rules_state is not None:
        given = dict(state.rules_state.data.get("truck_given", {}))
        given[str(d["unit"])] = int(given.get(str(d["unit"]), 0)) + n
        state.rules_state.data["truck_given"] = given


@_kind("train_unloaded", "a supply train at a station: the units its cars carried got off on "
       "empty hexes next to it (those with no room left aboard are lost)", Undo.UNDOABLE,
       board=True)
def _train_unloaded(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    _new_units(state, Side(d["side"]), list(d.get("units", [])), "infantry", None)
    rs.data["unloaded"] = [*rs.data.get("unloaded", []), str(d["train"])]
    rs.data["unload_seq"] = int(rs.data.get("unload_seq", 0)) + len(d.get("units", []))


@_kind("truck_medals", "supply trucks: the medals the enemy holds for the truck figures it "
       "removed (one per 3 figures), and the figures trucks left the board with", Undo.NEUTRAL)
def _truck_medals(state: GameState, d: dict[str, Any]) -> None:
    if int(d["medals"]):
        state.ledger = victory.record_extra(state.ledger, Side(d["side"]), int(d["medals"]))
    if state.rules_state is not None:
        held = dict(state.rules_state.data.get("truck_medals", {}))
        held[str(d["trucks_of"])] = int(d["held"])
        state.rules_state.data["truck_medals"] = held
        state.rules_state.data["truck_exited"] = dict(d.get("exited", {}))


@_kind("winter_rolled", "General Winter: the dice rolled at the start of a side's turn; each "
       "grenade a figure it must take from a unit of its choice", Undo.BARRIER)
def _winter_rolled(state: GameState, d: dict[str, Any]) -> None:
    rs = _rule_roll_done(state)
    rs.data["winter_turn"] = int(d["turn"])
    if int(d["losses"]) > 0:
        rs.data["winter"] = {"side": d["side"], "left": int(d["losses"]), "then": d.get(
            "then", state.phase.value)}
        state.phase = Phase.RULE_STEP


@_kind("winter_loss", "General Winter: a figure taken from a unit its side chose; a unit wiped "
       "out is a medal for the other side", Undo.BARRIER, board=True)
def _winter_loss(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    due = rs.data.get("winter") or {}
    unit = state.position.units.get(d["unit"])
    if unit is not None:
        cars = _car_losses(state, d["unit"], 1)
        if d.get("eliminated"):
            _eliminate(state, d["unit"], Side(d["medal_to"]))
        else:
            unit.figures -= 1
        _train_changed(state, {"figures": cars}, "", unit.side.other)
    left = int(due.get("left", 1)) - 1
    if left > 0 and not d.get("last"):
        rs.data["winter"] = {**due, "left": left}
        return
    rs.data.pop("winter", None)
    state.phase = Phase(due.get("then", "play_card"))


@_kind("banned_card_replaced", "a side drew a command card the scenario bars it from playing: "
       "it is discarded and another drawn", Undo.NEUTRAL)
def _banned_card_replaced(state: GameState, d: dict[str, Any]) -> None:
    hand = state.hands.get(Side(d["side"]))
    card = d["card"]
    if hand is None or state.deck is None or card not in hand:
        return
    hand.remove(card)
    state.discard.append(card)
    if d.get("reshuffled") is not None:
        state.deck = list(d["reshuffled"])
        state.discard = []
    drawn = d.get("drawn")
    if drawn and drawn in state.deck:
        state.deck.remove(drawn)
        hand.append(drawn)


@_kind("high_command_discard", "Italian High Command: an Axis unit was eliminated; while they "
       "hold more than 3 cards the Axis discard one at random, not replaced", Undo.NEUTRAL)
def _high_command_discard(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    rs.data["high_command_seen"] = int(rs.data.get("high_command_seen", 0)) + 1
    rs.data["high_command_held"] = int(d["held"])
    card = d.get("card")
    hand = state.hands.get(Side.AXIS)
    if card and hand is not None and card in hand:
        hand.remove(card)
        state.discard.append(card)


@_kind("mine_reveal_due", "a unit entered a minefield laid face down: the mine is turned over "
       "and its number given", Undo.NEUTRAL)
def _mine_reveal_due(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    rs.data["reveal"] = {**d, "then": d.get("then", state.phase.value)}
    state.phase = Phase.RULE_STEP


@_kind("mine_revealed", "the number of a mine turned over (0: a decoy); its dice follow",
       Undo.BARRIER, board=True)
def _mine_revealed(state: GameState, d: dict[str, Any]) -> None:
    rs = state.rules_state
    assert rs is not None
    due = rs.data.pop("reveal", None) or {}
    h = state.board.parse(d["hex"])
    state.position.terrain_values[(h, d["terrain"])] = int(d["value"])
    state.phase = Phase(due.get("then", "move"))


@_kind("decoy_lane_opened", "a supply lane opened: a decoy mine of the enemy's turned over is a "
       "medal for the side that turned it, once a game (4237)", Undo.BARRIER)
def _decoy_lane_opened(state: GameState, d: dict[str, Any]) -> None:
    state.ledger = victory.record_extra(state.ledger, Side(d["side"]), int(d["medals"]))
    if state.rules_state is not None:
        state.rules_state.data["decoy_lane_won"] = True


def _undo_of(kind: str) -> Undo:
    found = EVENTS.get(kind)
    return found.undo if found is not None else Undo.NEUTRAL


class GameLog:
    """Events folded into a state, with undo back to the last barrier (a dice roll, a turn end).

    One snapshot every few turns: the state just before an undoable event, kept across turn
    ends until :data:`REPLAY_LIMIT` events were applied since it (a copy of the state costs
    about as much as an action; replaying an event a few microseconds). Undo rebuilds the
    state from it, replaying the events up to the last barrier and the undoable events since
    then that were not withdrawn. Replaying a whole log (resume) skips withdrawn events up
    front and copies no state on the way.
    """

    def __init__(self, start: Event) -> None:
        if start.kind != "game_started":
            raise ValueError("a game log starts with game_started")
        self.start = start
        self.state = initial_state(start.data)
        self.state.seq = start.seq
        self._snapshot: GameState | None = None  # before the turn's first undoable event
        self._settled: list[Event] = []  # applied since the snapshot, up to the last barrier
        self._tail: list[Event] = []  # applied since the last barrier (or the snapshot)
        self._since: list[Event] = []  # undoable events since the last barrier, not withdrawn
        self.last_seq = start.seq
        self.last_event: Event | None = start  # the latest event recorded (undo included)

    @classmethod
    def replay(cls, events: list[Event]) -> GameLog:
        """Rebuild a game from its whole log (resume)."""
        if not events:
            raise ValueError("an empty log holds no game")
        withdrawn: set[int] = set()
        stack: list[int] = []
        last_barrier = 0
        for i, ev in enumerate(events[1:], start=1):
            if _undo_of(ev.kind) is Undo.BARRIER:
                stack = []
                last_barrier = i
            elif _undo_of(ev.kind) is Undo.UNDOABLE:
                stack.append(ev.seq)
            elif ev.kind == "undo":
                if not stack:
                    raise ValueError(f"event {ev.seq}: an undo with nothing to undo")
                withdrawn.add(stack.pop())
        log = cls(events[0])
        for i, ev in enumerate(events[1:], start=1):
            log.last_event = ev
            if ev.kind == "undo" or ev.seq in withdrawn:
                log.last_seq = ev.seq
                log.state.seq = ev.seq
                continue
            if i > last_barrier:
                log.add(ev)  # the open segment: keep what a live undo needs
            else:
                apply_event(log.state, ev)
                log.last_seq = ev.seq
        return log

    def undoable(self) -> Event | None:
        """The event an undo would withdraw now, if any."""
        return self._since[-1] if self._since else None

    def add(self, ev: Event) -> None:
        """Fold one more event (``undo`` withdraws the latest undoable one)."""
        self.last_seq = ev.seq
        self.last_event = ev
        if ev.kind == "undo":
            if not self._since:
                raise ValueError("nothing to undo")
            self._since.pop()
            assert self._snapshot is not None
            # what came after the last barrier and before its first undoable event stays; any
            # other event after that barrier goes with the undo (medals are announced again)
            first = next(i for i, e in enumerate(self._tail) if _undo_of(e.kind) is Undo.UNDOABLE)
            self._tail = [*self._tail[:first], *self._since]
            self.state = self._snapshot.clone()
            for kept in (*self._settled, *self._tail):
                apply_event(self.state, kept)
            self.state.seq = ev.seq
            return
        undo = _undo_of(ev.kind)
        if undo is Undo.UNDOABLE and self._snapshot is None:
            self._snapshot = self.state.clone()
        apply_event(self.state, ev)
        if self._snapshot is not None:
            self._tail.append(ev)
        if undo is Undo.BARRIER:
            self._since = []
            self._settled.extend(self._tail)
            self._tail = []
            if ev.kind == "game_over" or len(self._settled) > REPLAY_LIMIT:
                self._snapshot, self._settled = None, []  # the next undoable event takes one
        elif undo is Undo.UNDOABLE:
            self._since.append(ev)
