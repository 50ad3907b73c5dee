"""What may be done now: the one answer every part of the product reads.

:func:`legal_actions` looks at a game state and says who acts, which actions the moment
accepts and, for each, its options: the cards that may be played, the units the card may
order, the hexes each ordered unit may reach, the enemies it may battle with the dice due,
the retreat hexes, the dice the game waits for. The session checks every action against it
before recording anything, the prompt is rendered from it, the app lights what it offers and
greys the rest, the terminal lists it, and the auto player chooses among its options.

The phase structure is a table (:data:`PHASES`, in the manner of boardgame.io's flow): for
each phase the moves it may offer, who acts, and what ends it. Options are worked out on
demand and kept for the state they were asked of, so a prompt costs nothing it does not show.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from companion.game import airflow, queries, ruleflows
from companion.game.flows import flow_of
from companion.game.state import GameState, Phase
from companion.rules import battle as battle_rules
from companion.rules import cards as card_rules
from companion.rules import victory
from companion.rules.board import Side
from companion.rules.records import dataclass, field


@dataclass(frozen=True, slots=True)
class PhaseRule:
    """One row of the turn's flow: the moves a phase may offer, who makes them, what ends it."""

    phase: Phase
    moves: tuple[str, ...]
    who: str
    ends: str


# Moves the scenario's own rules add (companion.game.ruleflows): the Commissar's chip card, the
# desert move after taking ground, healing, sealing caves and lifting wire instead of a battle.
_RULE_START = ("commissar_card",)
_RULE_MOVE = ("commissar_card", "unload")
_RULE_BATTLE = ("commissar_card", "desert_move", "heal", "seal_cave", "clear_obstacle",
                "resupply", "unload")
_RULE_ORDER = ("blow_bridge",)  # a bridge blown instead of ordering units (Actions 2)

# The flow of a turn. ``moves`` lists every action the phase can ever offer; which of them are
# offered at a given moment depends on the state (legal_actions). "undo" may join any phase
# whose last event can be taken back.
PHASES: Mapping[Phase, PhaseRule] = {r.phase: r for r in (
    PhaseRule(Phase.PLAY_CARD, ("play_card", "withdraw", *_RULE_START), "the active side",
              "a command card is played"),
    PhaseRule(Phase.ORDER, ("order", *_RULE_ORDER), "the active side",
              "the card's units are ordered (or a bridge is blown instead)"),
    PhaseRule(Phase.ORDER_DICE, ("dice", "order"), "the active side",
              "the card's roll is thrown (Their Finest Hour, Medics & Mechanics)"),
    PhaseRule(Phase.MOVE, ("move", "exit", "strafe", "kamikaze", "rescue", "interdiction", "bomb",
                           "ambush", *_RULE_MOVE, "end_moves"),
              "the active side (the opponent for an Ambush)",
              "the active side says it is done moving"),
    PhaseRule(Phase.BATTLE, ("battle", "attack_run", "card_attack", "move", "ground_support",
                             "interdiction", "recon", *_RULE_BATTLE, "end_turn"), "the active side",
              "the active side ends its turn (it draws a card)"),
    PhaseRule(Phase.DICE, ("dice", "ambush"), "the side that throws",
              "the dice are read (and applied, unless they are reviewed)"),
    PhaseRule(Phase.AIR_DICE, ("dice",), "the side that throws (the opponent for an air check "
              "near enemy units)", "the dice are read"),
    PhaseRule(Phase.REVIEW_DICE, ("correct", "apply_dice"), "the side that threw",
              "the dice are applied"),
    PhaseRule(Phase.RETREAT, ("retreat",), "the target's owner", "a retreat hex is chosen"),
    PhaseRule(Phase.AIR_RETREAT, ("retreat",), "the owner of the unit hit from the air",
              "a retreat hex is chosen"),
    PhaseRule(Phase.TAKE_GROUND, ("take_ground",), "the active side",
              "the attacker advances or stays"),
    PhaseRule(Phase.BATTLE_BACK, ("battle_back",), "the owner of the British unit a close "
              "assault left with 1 figure", "it battles back (1 die) or declines"),
    PhaseRule(Phase.RULE_DICE, ("dice",), "the side the scenario rule names (the night side, "
              "the unit's owner)", "the dice are read"),
    PhaseRule(Phase.RULE_STEP, ("mine_number", "airdrop", "winter_loss"), "the owner of the "
              "unit that entered; the side that drops; the side the cold hits",
              "the mine's number is given; where the dropped figures landed is given; the unit "
              "that loses each figure to General Winter is chosen"),
    PhaseRule(Phase.OVER, (), "nobody", "the game is over"),
)}


@dataclass(frozen=True, slots=True)
class MoveOption:
    """A hex an ordered unit may end its move on."""

    hex: str
    hexes: int  # hexes entered on the way
    can_battle: bool  # it may still battle after this move


@dataclass(frozen=True, slots=True)
class TargetOption:
    """An enemy an attacker may battle now, with the dice it would throw and why."""

    target: str
    hex: str
    dice: int
    explain: tuple[str, ...] = ()
    hit_faces: tuple[str, ...] = ()  # the faces that score a hit on it


@dataclass(frozen=True, slots=True)
class RetreatOption:
    hex: str
    figures_lost: int = 0
    eliminated: bool = False


@dataclass(frozen=True, slots=True)
class BattleBackOption:
    """A British unit held with 1 figure that may battle back at the unit that assaulted it."""

    unit: str
    hex: str
    target: str
    target_hex: str
    dice: int
    explain: tuple[str, ...] = ()
    hit_faces: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RollDue:
    """A throw the game waits for."""

    rid: str
    dice: int
    thrower: str
    purpose: str
    kind: str  # battle, confirm, order, air_check, strafe, kamikaze, attack_run, bombing...
    explain: tuple[str, ...] = ()  # why this many dice
    step: str = "battle"  # what the throw belongs to: "battle", "air" or "order" (a card's roll)


@dataclass(frozen=True, slots=True)
class UnitOption:
    """A unit a player may pick now (to order, to move, to battle with)."""

    id: str
    type: str
    hex: str
    section: str | None = None  # to order it: the section to name (one-section cards)


@dataclass
class LegalActions:
    """Every action a player may take in ``state`` now, with its options (worked out on demand).

    Ask it, never change it: it belongs to one state (``seq``)."""

    state: GameState
    can_undo: bool
    seq: int = field(init=False)

    def __post_init__(self) -> None:
        self.seq = self.state.seq

    # --- the moment -----------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self.state.phase

    @cached_property
    def actions(self) -> tuple[str, ...]:
        """The actions (``do``) the session accepts now, in the order a prompt shows them."""
        return _actions_now(self.state, self.can_undo)

    def offers(self, do: str) -> bool:
        return do in self.actions

    def why_not(self, do: str) -> str | None:
        """The rule that keeps ``do`` off the offer now, when one rule does (else None)."""
        st = self.state
        if do == "end_moves" and st.phase is Phase.MOVE:
            still = flow_of(st).must_still_move(st)
            if still:
                return (f"{', '.join(still)} must move at least 1 hex: an ordered airplane in "
                        "flight always moves")
        return None

    @cached_property
    def side(self) -> Side | None:
        """The side that acts now (None when the game is over)."""
        st = self.state
        if st.phase is Phase.OVER:
            return None
        who = _actor(st)
        return Side(who) if who else st.active

    # --- options ----------------------------------------------------------------------------
    @cached_property
    def cards(self) -> tuple[str, ...]:
        """Cards the active side may play: its hand with a virtual deck; with real cards on the
        table, () (the players say which card they play)."""
        st = self.state
        if st.phase is not Phase.PLAY_CARD or st.deck is None:
            return ()
        return tuple(flow_of(st).playable_cards(st, st.hands.get(st.active, [])))

    @cached_property
    def card_types(self) -> tuple[str, ...]:
        """The command cards the active side may play now, by card type, one entry each: the
        hand's with a virtual deck (:attr:`cards` without its copies); with real cards on the
        table, every card type of the scenario's deck that may be the turn's card: not a
        reaction card (Ambush is played in the opponent's turn) and none the scenario's rules
        forbid now (the players' hands are theirs; the app lists these for them to choose)."""
        st = self.state
        if st.phase is not Phase.PLAY_CARD:
            return ()
        if st.deck is not None:
            return tuple(dict.fromkeys(self.cards))
        air = st.scenario.air.rules.value if st.scenario.air.rules else None
        kinds = [c for c in dict.fromkeys(card_rules.deck_list(air))
                 if not card_rules.card(c).reaction]
        return tuple(flow_of(st).playable_cards(st, kinds))

    @cached_property
    def arrival_hexes(self) -> tuple[str, ...]:
        """Hexes where the order may bring a unit onto the board now, one order each (Armor
        Breakthrough: the opponent's baseline; a paradrop: the starred hexes aimed at), sent
        as the order's ``arrive`` field; empty when no scenario rule brings units in."""
        st = self.state
        if st.rules_state is None or st.phase is not Phase.ORDER or "order" not in self.actions:
            return ()
        return ruleflows.arrival_hexes(st)

    def order_together_problem(self, unit_ids: list[str]) -> str | None:
        """Why the card in play cannot order all of ``unit_ids`` at once, in any one of its
        sections (None: it can): the first rejected unit's reason."""
        st = self.state
        if st.phase is not Phase.ORDER or st.card is None:
            return "no card is waiting for its orders"
        first: str | None = None
        for section in (None, "left", "center", "right"):
            valid, _lost, problems = queries.orders_check(st, list(unit_ids), section, st.order_faces)
            if not problems and len(valid) == len(unit_ids):
                return None
            first = first or (problems[0] if problems else "not all of them can be ordered")
        return first

    @cached_property
    def orderable(self) -> tuple[UnitOption, ...]:
        """Units of the active side that the card in play may order, each on its own."""
        st = self.state
        if st.phase is not Phase.ORDER or st.card is None:
            return ()
        out = []
        for u in st.position.units.values():
            if u.side is not st.active:
                continue
            for section in (None, "left", "center", "right"):
                valid, _lost, problems = queries.orders_check(st, [u.id], section, st.order_faces)
                if valid and not problems:
                    out.append(UnitOption(u.id, u.type, st.hex_name(u.hex), section))
                    break
        return tuple(out)

    @cached_property
    def movers(self) -> tuple[UnitOption, ...]:
        """Ordered units that may still move (in the battle phase: those allowed a second move)."""
        st = self.state
        pos = st.position
        if st.phase is Phase.MOVE:
            ids = [u for u in st.ordered if u in pos.units and u not in st.moved]
        elif st.phase is Phase.BATTLE and "move" in self.actions:
            ids = queries.after_battle_movers(st)
        else:
            ids = []
        return tuple(UnitOption(u, pos.units[u].type, st.hex_name(pos.units[u].hex)) for u in ids)

    def moves(self, unit_id: str) -> Mapping[str, MoveOption]:
        """Hex name -> the move of ``unit_id`` that ends there (ground units; air units fly by
        their own rules and are asked of the air flow)."""
        cache = self._cache("moves")
        if unit_id not in cache:
            cache[unit_id] = self._moves(unit_id)
        found: Mapping[str, MoveOption] = cache[unit_id]
        return found

    def _moves(self, unit_id: str) -> dict[str, MoveOption]:
        st = self.state
        unit = st.position.units.get(unit_id)
        if unit is None or unit_id not in st.ordered or unit.spec.air:
            return {}
        if st.air is not None and unit_id in st.air.entering:
            return {}
        if st.phase is Phase.MOVE and unit_id not in st.moved:
            return {st.hex_name(h): MoveOption(st.hex_name(h), n, can_battle)
                    for h, (n, can_battle) in queries.destinations(st, unit_id).items()}
        if st.phase is Phase.BATTLE and unit_id in queries.after_battle_movers(st):
            return {st.hex_name(h): MoveOption(st.hex_name(h), n, False)
                    for h, n in queries.destinations_after_battle(st, unit_id).items()}
        return {}

    @cached_property
    def attackers(self) -> tuple[UnitOption, ...]:
        """Units that may still battle now (an overrunning armor first)."""
        st = self.state
        pos = st.position
        if st.phase is not Phase.BATTLE:
            return ()
        ready = [u for u in st.ordered if u in pos.units
                 and st.battled.count(u) < queries.battles_allowed(st, u)]
        if st.may_overrun and st.may_overrun in pos.units:
            ready = [st.may_overrun, *[u for u in ready if u != st.may_overrun]]
        return tuple(UnitOption(u, pos.units[u].type, st.hex_name(pos.units[u].hex)) for u in ready)

    def targets(self, attacker: str) -> tuple[TargetOption, ...]:
        """Enemies ``attacker`` may battle now, with the dice due and their explanation."""
        cache = self._cache("targets")
        if attacker not in cache:
            st = self.state
            cache[attacker] = tuple(
                TargetOption(tid, st.hex_name(st.position.units[tid].hex), check.dice,
                             tuple(check.explain), tuple(check.hit_faces))
                for tid, (_, check) in self._checks(attacker).items() if check.allowed)
        found: tuple[TargetOption, ...] = cache[attacker]
        return found

    def battle_check(self, attacker: str, target: str
                     ) -> tuple[battle_rules.BattleModifiers, battle_rules.BattleCheck]:
        """The check of ``attacker`` battling ``target`` now and its modifiers: as
        :meth:`targets` found it when they were asked for, else this one alone."""
        known = self._cache("checks").get(attacker)
        if known is not None and target in known:
            found: tuple[battle_rules.BattleModifiers, battle_rules.BattleCheck] = known[target]
            return found
        st = self.state
        return queries.battle_check_with_mods(st, attacker, target, st.may_overrun == attacker)

    def _checks(self, attacker: str) -> dict[str, tuple[battle_rules.BattleModifiers,
                                                        battle_rules.BattleCheck]]:
        cache = self._cache("checks")
        if attacker not in cache:
            st = self.state
            cache[attacker] = queries.battle_targets_with_mods(
                st, attacker, st.may_overrun == attacker)
        found: dict[str, tuple[battle_rules.BattleModifiers, battle_rules.BattleCheck]] = \
            cache[attacker]
        return found

    @cached_property
    def retreats(self) -> tuple[RetreatOption, ...]:
        """Hexes the unit that must retreat may retreat to (ground or air attack)."""
        st = self.state
        if st.phase is Phase.RETREAT and st.battle is not None and st.battle.result is not None:
            opts = st.battle.result["retreat"]
        elif st.phase is Phase.AIR_RETREAT and st.air is not None and st.air.retreats:
            opts = airflow.retreat_choices(st)
        else:
            return ()
        return tuple(RetreatOption(o["hex"], o["figures_lost"], bool(o.get("eliminated")))
                     for o in opts)

    @cached_property
    def exits(self) -> tuple[str, ...]:
        """Ordered ground units standing on an exit hex of their side."""
        st = self.state
        if st.phase is not Phase.MOVE:
            return ()
        pos = st.position
        return tuple(u for u in st.ordered if u in pos.units and not pos.units[u].spec.air
                     and victory.may_exit(pos, st.objectives, u))

    @cached_property
    def take_ground(self) -> str | None:
        """The hex the attacker may advance into, when it may."""
        st = self.state
        if st.phase is not Phase.TAKE_GROUND or st.battle is None or st.battle.result is None:
            return None
        return str(st.battle.result["target_hex"])

    @cached_property
    def battle_back(self) -> BattleBackOption | None:
        """The battle back on offer (British Commonwealth Forces), when there is one."""
        st = self.state
        offer = queries.battle_back_offer(st) if "battle_back" in self.actions else None
        if offer is None:
            return None
        unit, target, check = offer
        pos = st.position
        return BattleBackOption(unit, st.hex_name(pos.units[unit].hex), target,
                                st.hex_name(pos.units[target].hex), check.dice,
                                tuple(check.explain), tuple(sorted(check.hit_faces)))

    @cached_property
    def roll(self) -> RollDue | None:
        """The throw the game waits for now, if any: the one chance node every roll is (a
        battle, a confirmation, a card's roll, an air check, strafing, an attack run...)."""
        st = self.state
        if "dice" not in self.actions:
            return None
        rs = st.rules_state
        if rs is not None and rs.roll is not None and st.phase is Phase.RULE_DICE:
            r = rs.roll
            return RollDue(r.rid, r.dice, r.thrower, r.purpose, r.kind, tuple(r.explain), "rule")
        if st.air is not None and st.air.roll is not None and st.phase is Phase.AIR_DICE:
            r = st.air.roll
            return RollDue(r.rid, r.dice, r.thrower, r.purpose, r.kind, tuple(r.explain), "air")
        if st.order_roll is not None and st.phase is Phase.ORDER_DICE:
            o = st.order_roll
            return RollDue(o.rid, o.dice, st.active.value, o.purpose, "order", (), "order")
        b = st.battle
        if b is None:
            return None
        if b.confirm_dice:
            n = b.confirm_dice
            return RollDue(b.confirm_rid, n, _thrower(st),
                           f"confirm {n} hit{'s' if n != 1 else ''} on {b.target}: re-roll "
                           f"{'it' if n == 1 else 'them'}, a grenade confirms the kill", "confirm",
                           tuple(b.explain))
        purpose = f"{b.attacker} battles {b.target}" + (" (overrun)" if b.overrun else "")
        if b.card_attack:
            purpose = f"{card_rules.card(b.card or '').name} attacks {b.target}"
        if queries.is_ambush(st):
            purpose = f"Ambush: {b.attacker} battles {b.target} first"
        if queries.is_battle_back(st):
            purpose = f"{b.attacker} battles back at {b.target}"
        return RollDue(b.rid, b.dice, _thrower(st), purpose, "battle", tuple(b.explain))

    @cached_property
    def roll_odds(self) -> dict[str, Any] | None:
        """The exact odds of the throw due, from the rules core (None when it has none)."""
        roll = self.roll
        if roll is None:
            return None
        st = self.state
        if roll.kind == "order" or roll.step == "rule":
            return None
        if st.air is not None and st.air.roll is not None and st.phase is Phase.AIR_DICE:
            return airflow.air_roll_odds(st.air.roll)
        if roll.kind == "confirm":
            p_kill = 1 - (1 - battle_rules.FACE_WEIGHTS["grenade"] / battle_rules.DIE_SIDES) \
                ** roll.dice
            return {"dice": roll.dice, "p_hit": p_kill, "p_eliminate": p_kill}
        return queries.odds_for(st)

    def candidates(self) -> list[dict[str, Any]]:
        """Concrete actions this moment accepts, one per option (actions whose parameters are
        flight paths or air targets are offered by name only and are not listed here)."""
        st = self.state
        out: list[dict[str, Any]] = []
        acts = self.actions
        if "play_card" in acts:
            out += [{"do": "play_card", "card": c} for c in self.cards]
        # an Air Sortie's order needs the airplane's entry hex: the air flow's to offer
        if "order" in acts and st.phase is Phase.ORDER and not (st.air is not None and st.air.sortie):
            spec = airflow.command_card(st.card or "")
            out.append({"do": "order", "units": [], **({"section": "center"} if spec.one_section
                                                        else {})})
            out += [{"do": "order", "units": [u.id], **({"section": u.section} if u.section else {})}
                    for u in self.orderable]
        if "move" in acts:
            for u in self.movers:
                out += [{"do": "move", "unit": u.id, "to": h} for h in self.moves(u.id)]
        if "exit" in acts:
            out += [{"do": "exit", "unit": u} for u in self.exits]
        if "battle" in acts and not airflow.pending_runs(st.air):
            for u in self.attackers:
                out += [{"do": "battle", "attacker": u.id, "target": t.target}
                        for t in self.targets(u.id)]
        if "retreat" in acts:
            out += [{"do": "retreat", "hex": o.hex} for o in self.retreats]
        if "take_ground" in acts:
            out += [{"do": "take_ground", "advance": True}, {"do": "take_ground", "advance": False}]
        if "battle_back" in acts:
            if self.battle_back is not None and self.battle_back.dice:
                out.append({"do": "battle_back"})
            out.append({"do": "battle_back", "decline": True})
        roll = self.roll
        if roll is not None:
            out.append({"do": "dice", "rid": roll.rid, "faces": ["grenade"] * roll.dice})
        for simple in ("end_moves", "end_turn", "apply_dice", "undo", "attack_run"):
            if simple in acts:
                out.append({"do": simple})
        if st.rules_state is not None:
            out += ruleflows.rule_candidates(self)
        return out

    def _cache(self, name: str) -> dict[str, Any]:
        caches: dict[str, dict[str, Any]] = self.__dict__.setdefault("_caches", {})
        return caches.setdefault(name, {})


def legal_actions(st: GameState, can_undo: bool) -> LegalActions:
    """What may be done in ``st`` now (``can_undo``: the log holds an undoable event)."""
    return LegalActions(st, can_undo)


def _thrower(st: GameState) -> str:
    """Who throws (or reviews) the dice of the roll pending: an air roll says so itself; the
    assaulted side throws an Ambush; else the side whose turn it is."""
    rs = st.rules_state
    if rs is not None and rs.roll is not None:
        return rs.roll.thrower
    if st.air is not None and st.air.roll is not None:
        return st.air.roll.thrower
    if st.order_roll is None and st.battle is not None and (
            queries.is_ambush(st) or queries.is_battle_back(st)):
        return st.active.other.value
    return st.active.value


def _actor(st: GameState) -> str | None:
    """The side that must act now, when it is not the active side."""
    b = st.battle
    if st.phase in (Phase.AIR_DICE, Phase.DICE, Phase.REVIEW_DICE, Phase.RULE_DICE):
        return _thrower(st)
    rs = st.rules_state
    if rs is not None and st.phase is Phase.RULE_STEP and rs.data.get("reveal"):
        return str(rs.data["reveal"].get("side")) or None
    if rs is not None and st.phase is Phase.RULE_STEP and rs.data.get("airdrop"):
        return str(rs.data["airdrop"].get("side")) or None  # the side that drops
    if st.air is not None and st.phase is Phase.AIR_RETREAT and st.air.retreats:
        unit = st.position.units.get(st.air.retreats[0]["unit"])
        return unit.side.value if unit else None
    if st.phase is Phase.RETREAT and b is not None and b.target in st.position.units:
        return st.position.units[b.target].side.value
    if st.phase is Phase.BATTLE_BACK and b is not None and b.target in st.position.units:
        return st.position.units[b.target].side.value  # the British unit's owner
    return None


def _actions_now(st: GameState, can_undo: bool) -> tuple[str, ...]:
    undo = ("undo",) if can_undo else ()
    flow = flow_of(st)
    rs = st.rules_state
    if rs is not None and st.phase is Phase.RULE_STEP and rs.data.get("reveal"):
        return ("mine_number", *undo)
    if rs is not None and st.phase is Phase.RULE_STEP and rs.data.get("airdrop"):
        return ("airdrop",)  # the figures are dropped on the table: nothing before to undo
    if rs is not None and st.phase is Phase.RULE_STEP:
        return ruleflows.rule_actions(st)  # another rule's step (a deployment): its actions
    if rs is not None and rs.roll is not None:
        if st.phase is Phase.RULE_DICE:
            return ("dice", *undo)
        if st.phase is Phase.REVIEW_DICE:
            return ("correct", "apply_dice")
    air = st.air
    if air is not None:
        if st.phase is Phase.AIR_DICE and air.roll is not None:
            return ("dice", *undo)
        if st.phase is Phase.REVIEW_DICE and air.roll is not None:
            return ("correct", "apply_dice")
        if st.phase is Phase.AIR_RETREAT and air.retreats:
            return ("retreat", *undo)
    r = st.order_roll
    if st.phase is Phase.ORDER_DICE and r is not None:
        return ("dice", "order", *undo)
    if st.phase is Phase.REVIEW_DICE and r is not None:
        return ("correct", "apply_dice")
    if st.phase is Phase.OVER:
        return ()
    if st.phase is Phase.PLAY_CARD:
        # before the card, only a step of this turn's own is undoable (a smoke screen laid, a
        # card put under the Commissar chip): the last turn ended on a barrier
        return ("play_card", *flow.start_actions(st), *undo)
    if st.phase is Phase.ORDER:
        return ("order", *flow.order_actions(st), *undo)
    pos = st.position
    if st.phase is Phase.MOVE:
        can_exit = any(victory.may_exit(pos, st.objectives, u) for u in st.ordered
                       if u in pos.units and not pos.units[u].spec.air)
        return ("move", *(("exit",) if can_exit else ()), *flow.move_actions(st),
                *(("bomb",) if flow.bomb_offered(st) else ()),
                *(("ambush",) if flow.ambush_problem(st) is None else ()),
                # an ordered airplane in flight always moves: no end of moves before it has
                *(() if flow.must_still_move(st) else ("end_moves",)), *undo)
    if st.phase is Phase.BATTLE:
        if airflow.pending_runs(st.air):
            return ("attack_run", "battle", *undo)
        if queries.live_card_targets(st):
            return ("card_attack", *undo)
        extra = flow.battle_actions(st)
        if queries.after_battle_movers(st):
            extra = ("move", *extra)
        spec_now = queries.card_spec_in_force(st)
        if spec_now is not None and spec_now.direct_attack is not None and not st.card_attacked:
            extra = ("card_attack", *extra)
        return ("battle", *extra, "end_turn", *undo)
    b = st.battle
    assert b is not None
    if st.phase is Phase.DICE and b.confirm_dice:
        return ("dice",)
    if st.phase is Phase.DICE:
        ambush: tuple[str, ...] = () if queries.ambush_problem(st) else ("ambush",)
        return ("dice", *ambush, *undo)
    if st.phase is Phase.REVIEW_DICE:
        return ("correct", "apply_dice")
    if st.phase is Phase.RETREAT:
        return ("retreat", *undo)
    if st.phase is Phase.TAKE_GROUND:
        return ("take_ground", *undo)
    if st.phase is Phase.BATTLE_BACK:
        return ("battle_back", *undo)
    raise AssertionError(f"no legal actions for phase {st.phase}")
