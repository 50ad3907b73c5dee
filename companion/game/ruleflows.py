"""The scenario's own rules as flows the game composes with its air flow (``flows.RuleFlow``).

Each :class:`ScenarioRuleFlow` is one rule a scenario may use (night attacks, the Soviet
Commissar, North African desert rules, minefields and frozen rivers, big guns' cross-hairs,
HQ capture, healing, sealing caves, Blitz air strikes). A game plays the ones its scenario
uses (:func:`new_rule_state`, fixed when the game starts); each answers the same few hooks:
the actions it adds at a moment, the handlers of those actions, the events that follow what
just happened (a roll due after a unit entered a minefield, a marker after a big gun hit),
the result of its own rolls, what it says about a command card, and the words of its prompt.
The rules themselves stay in the rules core; these flows only sequence them.

Every roll they ask for is the game's one roll type (``RollDue``: ``rule_roll_due`` puts it
on ``GameState.rules_state.roll``, its rid from ``session.next_rid``); the phase is
``Phase.RULE_DICE`` until the dice are applied.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from companion.game import airflow
from companion.game.errors import IllegalAction
from companion.game.events import EVENTS, Event
from companion.game.prompts import DiceDue, HexPick, Prompt
from companion.game.rulestate import RuleState
from companion.game.sink import SavedGameError
from companion.game.state import GameState, Phase
from companion.rules import (
    airdrop,
    arrivals,
    boats,
    bridges,
    camouflage,
    card_bans,
    caves,
    commissar,
    desert,
    empty_section,
    entry,
    healing,
    hill317,
    hq,
    night,
    supply_trucks,
    trains,
    winter,
)
from companion.rules import battle as battle_rules
from companion.rules import cards as card_rules
from companion.rules.board import BoardKind, Hex, Side, distance
from companion.rules.records import replace
from companion.rules.variants import (
    HELD_BACK_VARIANT,
    HIGH_COMMAND_FLOOR,
    HIGH_COMMAND_VARIANT,
    MINE_TOKENS_VARIANT,
    NO_RESHUFFLE_VARIANT,
    REINFORCEMENTS_VARIANT,
    card_becomes,
    card_plays_as,
    names_other_side,
)

if TYPE_CHECKING:
    from companion.game.legal import LegalActions
    from companion.game.session import GameSession

Draft = tuple[str, dict[str, Any]]
Handler = Callable[["GameSession", dict[str, Any]], Iterator[Draft]]


def _words(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _dice_words(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _discardable(st: GameState, side: Side) -> list[str]:
    """The cards of ``side``'s virtual hand a rule may make it discard: not the card in play,
    not the one set aside under the Commissar chip."""
    rs = st.rules_state
    chip = rs.chip.get(side.value) if rs is not None else None
    return [c for c in st.hands.get(side, [])
            if c != chip and not (st.active is side and c == st.card)]


def _hand_size(st: GameState, side: Side) -> int:
    return len(st.hands.get(side, [])) if st.deck is not None else st.scenario.sides[side].cards


class ScenarioRuleFlow:
    """One scenario rule: every hook answers "nothing more" unless the rule says otherwise."""

    name = ""
    roll_kinds: tuple[str, ...] = ()  # the kinds of ``rule_roll_due`` this flow applies
    handlers: Mapping[str, Handler] = {}

    def applies(self, st: GameState) -> bool:
        """The scenario uses this rule (asked once, when the game starts)."""
        return False

    def start(self, st: GameState) -> None:
        """Set the board up for the rule (asked once, when the game starts)."""

    def actions(self, st: GameState) -> tuple[str, ...]:
        """Actions this rule offers now, beside the phase's own."""
        return ()

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        """Events that follow the ones an action just recorded."""
        return iter(())

    def apply_roll(self, session: GameSession) -> Iterator[Draft]:
        """The result of this rule's roll (``rules_state.roll``), once its dice are read."""
        return iter(())

    def card_problem(self, st: GameState, card_id: str) -> str | None:
        """Why the active side may not play ``card_id`` now, by this rule (None: it may)."""
        return None

    def card_extras(self, st: GameState, action: dict[str, Any], card_id: str) -> dict[str, Any]:
        """Fields this rule adds to ``card_played`` (IllegalAction when it refuses the card)."""
        return {}

    def prompt(self, legal: LegalActions, due: DiceDue | None) -> Prompt | None:
        """The whole prompt, at a moment of this rule (its roll, its step)."""
        return None

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        """The phase's prompt with what this rule adds to it."""
        return p

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        """Concrete actions of this rule the moment accepts."""
        return []


def _rs(st: GameState) -> RuleState:
    rs = st.rules_state
    assert rs is not None
    return rs


def _step_action(st: GameState, key: str, action: str) -> tuple[str, ...]:
    """``action`` while the step a rule asked (``rules_state.data[key]``) waits for its answer."""
    rs = st.rules_state
    return (action,) if st.phase is Phase.RULE_STEP and rs is not None and rs.data.get(key) else ()


def _roll_due(session: GameSession, kind: str, dice: int, thrower: Side, purpose: str,
              then: str, *, unit: str = "", explain: list[str] | None = None,
              declared: bool = False, **data: Any) -> Draft:
    return ("rule_roll_declared" if declared else "rule_roll_due", {
        "kind": kind, "unit": unit, "dice": dice, "thrower": thrower.value,
        "rid": session.next_rid(), "purpose": purpose, "then": then,
        "explain": list(explain or []), **data})


def _roll_prompt(legal: LegalActions, due: DiceDue | None, kinds: tuple[str, ...]) -> Prompt | None:
    """The dice prompt of a rule roll of one of ``kinds``, or its review."""
    st = legal.state
    rs = st.rules_state
    if rs is None or rs.roll is None or rs.roll.kind not in kinds:
        return None
    r = rs.roll
    pos = st.position
    hexes = tuple(st.hex_name(pos.units[r.unit].hex) for u in [r.unit] if u in pos.units)
    if st.phase is Phase.RULE_DICE:
        return Prompt("dice", r.thrower, f"{r.thrower.title()}: throw {_dice_words(r.dice)} — "
                      f"{r.purpose}. Waiting for the dice.", legal.actions, highlight=hexes,
                      dice=due, detail=tuple(r.explain))
    if st.phase is Phase.REVIEW_DICE:
        faces = ", ".join("?" if f is None else str(f) for f in (r.faces or []))
        unread = any(f is None for f in (r.faces or []))
        return Prompt("review_dice", r.thrower, f"Dice read: {faces}. "
                      + ("Give the face of each unreadable die." if unread
                         else "Correct a misread die, or apply the dice."), legal.actions)
    return None


# --- night attacks -------------------------------------------------------------------------------
class NightFlow(ScenarioRuleFlow):
    """Night attacks: the night side rolls 4 dice at the start of each of its turns; each star
    brings the dawn one step (or, day fading into night, the dark one step); battles reach no
    further than the visibility."""

    name = "night"
    roll_kinds = ("night",)

    def applies(self, st: GameState) -> bool:
        return any(n in st.scenario.variants for n in night.NIGHT_VARIANTS)

    def _reverse(self, st: GameState) -> bool:
        return night.night_reverse(st.scenario.variants)

    def start(self, st: GameState) -> None:
        st.position.visibility = night.night_visibility([], reverse=self._reverse(st))

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        if not any(e.kind in ("game_started", "turn_ended") for e in events):
            return
        st = session.state
        rs = _rs(st)
        reverse = self._reverse(st)
        roller = night.night_roller(st.scenario.variants, st.scenario.starts)
        if (st.phase is not Phase.PLAY_CARD or st.active is not roller or rs.roll is not None
                or rs.night_turn == st.turn
                or not night.night_roll_due(rs.night_rolls, reverse=reverse)):
            return
        vis = night.night_visibility(rs.night_rolls, reverse=reverse) or 0
        step = "brings the night one step closer" if reverse else "brings the dawn one step"
        last = (f"at {night.FULL_NIGHT} only close assaults remain" if reverse
                else f"after {night.FULL_DAYLIGHT - 1} hexes comes full daylight")
        yield _roll_due(session, "night", night.NIGHT_DICE, roller,
                        f"night visibility: each star {step} (units see "
                        f"{_words(vis, 'hex')} now)", "play_card",
                        explain=[f"visibility {vis}: a unit battles only targets up to {vis} "
                                 f"hex{'es' if vis != 1 else ''} away", last])

    def apply_roll(self, session: GameSession) -> Iterator[Draft]:
        st = session.state
        rs = _rs(st)
        assert rs.roll is not None and rs.roll.faces is not None
        faces = [str(f) for f in rs.roll.faces]
        vis = night.night_visibility([*rs.night_rolls, faces], reverse=self._reverse(st))
        yield "night_rolled", {"faces": faces, "stars": faces.count(night.STAR),
                               "visibility": vis}

    def prompt(self, legal: LegalActions, due: DiceDue | None) -> Prompt | None:
        return _roll_prompt(legal, due, self.roll_kinds)

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        vis = legal.state.position.visibility
        if vis is None or p.kind not in ("play_card", "battle"):
            return p
        return replace(p, detail=(*p.detail, f"Night: units see and battle up to "
                                              f"{_words(vis, 'hex')} away."))


# --- the Soviet Political Commissar ------------------------------------------------------------------
def _place_chip(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    name = a.get("card")
    try:
        spec = card_rules.card(str(name))
    except card_rules.CardError as exc:
        raise IllegalAction(str(exc)) from None
    rs = _rs(st)
    why = commissar.commissar_may_place(spec.id, rs.chip.get(st.active.value))
    if why:
        raise IllegalAction(why)
    if st.deck is not None:
        hand = CommissarFlow.hand(st)
        if spec.id not in hand:
            raise IllegalAction(f"{st.active} do not hold {spec.name}; the hand is: "
                                f"{', '.join(hand)}")
    yield "commissar_card_placed", {"side": st.active.value, "card": spec.id}


class CommissarFlow(ScenarioRuleFlow):
    """The Soviet player plays the card he placed under the Commissar chip a turn ahead (or a
    Recon 1 card from his hand), then places the next one."""

    name = "commissar"
    handlers: Mapping[str, Handler] = {"commissar_card": _place_chip}

    def applies(self, st: GameState) -> bool:
        return commissar.commissar_side(st.scenario.variants) is not None

    def side(self, st: GameState) -> Side | None:
        return commissar.commissar_side(st.scenario.variants)

    def actions(self, st: GameState) -> tuple[str, ...]:
        if st.active is not self.side(st) or st.active.value in _rs(st).chip:
            return ()
        if st.phase is Phase.PLAY_CARD or (_rs(st).chip_played
                                           and st.phase in (Phase.MOVE, Phase.BATTLE)):
            return ("commissar_card",)
        return ()

    def _chip(self, st: GameState) -> str | None:
        return _rs(st).chip.get(st.active.value)

    def card_problem(self, st: GameState, card_id: str) -> str | None:
        if st.active is not self.side(st) or card_id == airflow.STANDALONE_SORTIE:
            return None  # an Air Sortie card is played as the Air Pack says, never via the chip
        chip = self._chip(st)
        from_hand = chip is None or card_rules.card(chip).id != card_id
        return commissar.commissar_may_play(card_id, chip, from_hand=from_hand,
                                            overlord=st.board.kind is BoardKind.OVERLORD)

    def card_extras(self, st: GameState, action: dict[str, Any], card_id: str) -> dict[str, Any]:
        if st.active is not self.side(st):
            return {}
        why = self.card_problem(st, card_id)
        if why:
            raise IllegalAction(why)
        chip = self._chip(st)
        return {"from_chip": True} if chip is not None and card_rules.card(chip).id == card_id else {}

    @staticmethod
    def hand(st: GameState) -> list[str]:
        """The cards the active side holds and has not played this turn."""
        hand = list(st.hands.get(st.active, []))
        playing = st.card
        played_as = _rs(st).played_as if st.rules_state is not None else {}
        if played_as and played_as.get("as") == st.card:  # a card played as another: the one held
            playing = played_as.get("held")
        if st.phase is not Phase.PLAY_CARD and playing in hand:
            hand.remove(playing)
        return hand

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        st = legal.state
        if st.active is not self.side(st):
            return p
        who = st.active.value.title()
        chip = self._chip(st)
        if st.phase is Phase.PLAY_CARD and chip is None:
            return replace(p, text=f"{who}: place the command card you will play under the "
                           "Political Commissar chip (you play it from there), or play a Recon 1 "
                           "card from your hand.",
                           detail=(*p.detail, "Your hand: " + ", ".join(
                               card_rules.card(c).name for c in self.hand(st))))
        if st.phase is Phase.PLAY_CARD and chip is not None:
            return replace(p, text=f"{who}: play the card under the Political Commissar chip "
                           f"({card_rules.card(chip).name}), or a Recon 1 card from your hand.")
        if "commissar_card" in p.actions:
            return replace(p, detail=(*p.detail, "Commissar: place the card for your next turn "
                                      "under the Political Commissar chip before you end the "
                                      "turn."))
        return p

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        st = legal.state
        if "commissar_card" not in legal.actions or st.deck is None:
            return []
        return [{"do": "commissar_card", "card": c} for c in self.hand(st)
                if c != airflow.STANDALONE_SORTIE]


# --- North African desert rules --------------------------------------------------------------
def _desert_move(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    unit_id = str(a.get("unit"))
    hexes = DesertFlow.hexes(st)
    if st.may_overrun != unit_id or not hexes:
        raise IllegalAction(f"{unit_id} may not make a desert move: only armor that has just "
                            "taken ground moves 1 more hex (North African desert rules)")
    names = [st.hex_name(h) for h in hexes]
    if a.get("to") not in names:
        raise IllegalAction(f"{unit_id} may move 1 more hex to: {', '.join(names)}")
    unit = st.position.units[unit_id]
    yield "desert_moved", {"unit": unit_id, "from": st.hex_name(unit.hex), "to": a["to"]}


class DesertFlow(ScenarioRuleFlow):
    """Armor that took ground may move 1 more hex before its overrun battle."""

    name = "desert"
    handlers: Mapping[str, Handler] = {"desert_move": _desert_move}

    def applies(self, st: GameState) -> bool:
        return desert.desert_rules_on(st.scenario.variants)

    @staticmethod
    def hexes(st: GameState) -> list[Any]:
        uid = st.may_overrun
        rs = st.rules_state
        if (st.phase is not Phase.BATTLE or uid is None or rs is None or uid in rs.desert_done
                or uid not in st.position.units or st.battle is not None):
            return []
        return desert.desert_extra_move(st.position, uid)

    def actions(self, st: GameState) -> tuple[str, ...]:
        return ("desert_move",) if self.hexes(st) else ()

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        st = legal.state
        if "desert_move" not in p.actions or st.may_overrun is None:
            return p
        where = [st.hex_name(h) for h in self.hexes(st)]
        return replace(p, detail=(*p.detail, f"Desert rules: the armor that took ground may "
                                  f"first move 1 more hex ({', '.join(where)}), then battle "
                                  "again."))

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        st = legal.state
        if "desert_move" not in legal.actions:
            return []
        return [{"do": "desert_move", "unit": st.may_overrun, "to": st.hex_name(h)}
                for h in self.hexes(st)]


# --- minefields and frozen rivers ------------------------------------------------------------
_ENTERED = {"unit_moved": entry.Entry.MOVE, "ground_taken": entry.Entry.TAKE_GROUND,
            "retreat_chosen": entry.Entry.RETREAT, "desert_moved": entry.Entry.MOVE}


MINE_NUMBERS = range(0, 5)  # the numbers a mine token may carry (the editor's mine0..mine4)


DECOY_LANE = "decoy_lane"


def _decoy_lane(st: GameState, unit_id: str, hex_name: str, terrain: str,
                number: int) -> dict[str, Any] | None:
    """A supply lane opened (4237 Into the Cauldron): the side the scenario names turned over a
    decoy (0) among the mines the other side laid, and has not won that medal yet."""
    who = st.scenario.variants.get(DECOY_LANE)
    unit = st.position.units.get(unit_id)
    if who is None or unit is None or number != 0 or _rs(st).data.get("decoy_lane_won"):
        return None
    if names_other_side(who, unit.side):
        return None
    owner = st.position.terrain_owner(st.board.parse(hex_name), terrain)
    if owner is not None and owner is unit.side:
        return None  # its own side's decoy opens no lane
    return {"side": unit.side.value, "hex": hex_name, "unit": unit_id, "medals": 1}


def _mine_number(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    rs = _rs(st)
    due = rs.data.get("reveal")
    if not due:
        raise IllegalAction("no mine is being turned over")
    number = a.get("number")
    if not isinstance(number, int) or number not in MINE_NUMBERS:
        raise IllegalAction(f"number: the number on the mine, {MINE_NUMBERS[0]} to "
                            f"{MINE_NUMBERS[-1]} (0 is a decoy)")
    yield "mine_revealed", {"hex": due["hex"], "terrain": due["terrain"], "value": number,
                            "unit": due["unit"]}
    lane = _decoy_lane(st, str(due["unit"]), str(due["hex"]), str(due["terrain"]), number)
    if lane is not None:
        yield "decoy_lane_opened", lane
    # the mine's own roll follows at once, as for a mine whose number was known
    yield from EntryFlow().rolls_for(session, str(due["unit"]), entry.Entry(due["how"]))


class EntryFlow(ScenarioRuleFlow):
    """A unit entering a minefield or a frozen river rolls for it (cards 29 and 47); a mine
    laid face down (mine tokens) is first turned over and its number given."""

    name = "entry"
    roll_kinds = ("entry",)
    handlers: Mapping[str, Handler] = {"mine_number": _mine_number}

    def applies(self, st: GameState) -> bool:
        from companion.rules.terrain import TERRAIN

        return any(TERRAIN[n].entry_roll_dice or TERRAIN[n].entry_roll_from_value
                   for names in st.position.terrain.values() for n in names if n in TERRAIN)

    def _rolls(self, session: GameSession, ev: Event, events: list[Event]
               ) -> list[entry.EntryRoll]:
        st = session.state
        how = _ENTERED[ev.kind]
        uid = ev.data.get("unit")
        unit = st.position.units.get(str(uid))
        if unit is None or ev.data.get("eliminated"):
            return []
        if ev.kind == "retreat_chosen":
            # a unit that could not move back stays where it was battled: it entered nothing
            battles = [e for e in reversed(events) if e.kind == "battle_resolved"]
            if not battles:
                try:
                    earlier = session.events
                except SavedGameError:  # a session built from a log alone keeps no events
                    earlier = []
                battles = [e for e in reversed(earlier) if e.kind == "battle_resolved"][:1]
            if battles and battles[0].data.get("target_hex") == ev.data.get("hex"):
                return []
        if st.hex_name(unit.hex) != ev.data.get("to", ev.data.get("hex")):
            return []  # it has moved on since
        bel = False
        if ev.kind == "unit_moved":
            from companion.game.queries import card_spec_in_force

            spec = card_spec_in_force(st)
            bel = bool(spec and spec.effect_for(unit.spec.unit_class).ignore_terrain_movement)
        return entry.entry_rolls(st.position, unit.id, how, ignore_terrain_movement=bel,
                                 battle_reach=_battle_reach(st, unit.id))

    def _way(self, session: GameSession, ev: Event) -> list[tuple[Any, entry.EntryRoll]]:
        """The rolls owed for the frozen rivers a move went through (its way found again: the
        one the movement rules chose, which avoids them where it can)."""
        from companion.game.queries import card_spec_in_force
        from companion.rules import movement

        st = session.state
        uid = str(ev.data.get("unit"))
        unit = st.position.units.get(uid)
        hexes = int(ev.data.get("hexes", 1))
        if (unit is None or hexes < 2 or ev.data.get("after_battle") or unit.spec.air
                or st.hex_name(unit.hex) != ev.data.get("to")):
            return []
        spec = card_spec_in_force(st)
        effect = spec.effect_for(unit.spec.unit_class) if spec is not None else None
        if effect is not None and effect.ignore_terrain_movement:
            return []
        try:
            start = st.board.parse(str(ev.data.get("from")))
        except ValueError:
            return []
        probe = st.position.copy()
        probe.move_unit(uid, start)
        probe.units[uid].moved = max(0, unit.moved - hexes)
        limit = card_rules.move_allowance(spec, unit.spec).move_and_battle
        found = movement.move_destinations(probe, uid, probe.units[uid].moved + hexes,
                                           battle_limit=limit).get(unit.hex)
        if found is None:
            return []
        return entry.passing_rolls(st.position, uid, found.path)

    def _retreat_way(self, session: GameSession, ev: Event, events: list[Event]
                     ) -> list[tuple[Any, entry.EntryRoll]]:
        """The rolls owed for the frozen rivers a retreat went through (its way found again:
        the retreat options from the hex it was battled on)."""
        st = session.state
        uid = str(ev.data.get("unit"))
        unit = st.position.units.get(uid)
        if unit is None or ev.data.get("eliminated") or st.hex_name(unit.hex) != ev.data.get("hex"):
            return []
        battles = [e for e in reversed(events) if e.kind == "battle_resolved"]
        if not battles:
            try:
                battles = [e for e in reversed(session.events) if e.kind == "battle_resolved"][:1]
            except SavedGameError:
                return []
        if not battles or battles[0].data.get("target") != uid:
            return []
        b = battles[0].data
        flags = int(b.get("flags", 0)) - int(b.get("flags_ignored", 0))
        if flags < 2:
            return []
        try:
            start = st.board.parse(str(b.get("target_hex")))
        except ValueError:
            return []
        probe = st.position.copy()
        came = probe.unit_at(start)
        if came is not None and came.id != uid:
            # a unit that came onto the battled hex after the battle (a train's locomotive
            # following its car back): not there when the retreat was chosen
            probe.remove_unit(came.id)
        probe.move_unit(uid, start)
        lost = int(ev.data.get("figures_lost", 0))
        probe.units[uid].figures = unit.figures + lost
        options = battle_rules.retreat_options(probe, uid, flags, figures=unit.figures + lost)
        found = next((o for o in options if o.hex == unit.hex), None)
        if found is None:
            return []
        return entry.passing_rolls(st.position, uid, found.path, entry.Entry.RETREAT)

    def _declare_passing(self, session: GameSession, uid: str,
                         way: list[tuple[Any, entry.EntryRoll]],
                         how: entry.Entry = entry.Entry.MOVE) -> Iterator[Draft]:
        st = session.state
        (h, r), rest = way[0], way[1:]
        unit = st.position.units[uid]
        went = "retreated" if how is entry.Entry.RETREAT else "moved"
        yield _roll_due(session, "entry", r.dice or 0, unit.side,
                        f"the {unit.type.replace('_', ' ')} {went} through the "
                        f"{r.terrain.replace('_', ' ')} on {st.hex_name(h)}", st.phase.value,
                        unit=uid, explain=[r.explain], terrain=r.terrain, how=how.value,
                        at=st.hex_name(h),
                        rest=[[st.hex_name(x), y.terrain] for x, y in rest])

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        for ev in events:
            if ev.kind == "entry_rolled" and "rest" in ev.data:
                uid = str(ev.data["unit"])
                if uid not in st.position.units:
                    return
                how = entry.Entry(str(ev.data.get("how", entry.Entry.MOVE.value)))
                way = [(st.board.parse(h), roll) for h, t in ev.data["rest"]
                       if (roll := entry.roll_at(st.position, uid, st.board.parse(h), t, how))]
                if way:
                    yield from self._declare_passing(session, uid, way, how)
                else:  # through every river on the way: the hex it stopped on now
                    yield from self.rolls_for(session, uid, how)
                return
            if ev.kind not in _ENTERED:
                continue
            if ev.kind == "unit_moved":
                way = self._way(session, ev)
                if way:
                    yield from self._declare_passing(session, str(ev.data["unit"]), way)
                    return
            if ev.kind == "retreat_chosen" and ev.data.get("hex") is not None:
                way = self._retreat_way(session, ev, events)
                if way:
                    yield from self._declare_passing(session, str(ev.data["unit"]), way,
                                                     how=entry.Entry.RETREAT)
                    return
            if ev.kind == "retreat_chosen" and ev.data.get("hex") is None:
                continue
            rolls = self._rolls(session, ev, events)
            if rolls:
                yield from self._declare(session, str(ev.data["unit"]), _ENTERED[ev.kind], rolls)
                return  # one entry at a time

    def rolls_for(self, session: GameSession, uid: str, how: entry.Entry) -> Iterator[Draft]:
        """The rolls a unit owes for the hex it stands on, entered ``how`` (after a reveal)."""
        if uid not in session.state.position.units:
            return iter(())
        return self._declare(session, uid, how,
                             entry.entry_rolls(session.state.position, uid, how,
                                               battle_reach=_battle_reach(session.state, uid)))

    def _declare(self, session: GameSession, uid: str, how: entry.Entry,
                 rolls: list[entry.EntryRoll]) -> Iterator[Draft]:
        st = session.state
        for r in rolls:
            if r.sweep:
                continue  # combat engineers: no roll
            unit = st.position.units[uid]
            where = st.hex_name(unit.hex)
            if r.dice is None:
                if MINE_TOKENS_VARIANT not in st.scenario.variants:
                    continue  # a mine with no number and no token to turn over: not rolled
                yield "mine_reveal_due", {"unit": uid, "hex": where, "terrain": r.terrain,
                                          "side": unit.side.value, "how": how.value,
                                          "then": st.phase.value}
                return
            if r.decoy:
                yield "entry_rolled", {"unit": uid, "terrain": r.terrain, "faces": [],
                                       "hits": 0, "figures_removed": 0, "eliminated": False,
                                       "removed": [r.terrain], "explain": [r.explain]}
                continue
            if r.dice <= 0:
                continue
            yield _roll_due(session, "entry", r.dice, unit.side,
                            f"the {unit.type.replace('_', ' ')} entered the "
                            f"{r.terrain.replace('_', ' ')} on {where}", st.phase.value,
                            unit=uid, explain=[r.explain], terrain=r.terrain, how=how.value)
            return  # one roll at a time

    def apply_roll(self, session: GameSession) -> Iterator[Draft]:
        st = session.state
        r = _rs(st).roll
        assert r is not None and r.faces is not None
        uid = r.unit
        if uid not in st.position.units:
            yield "entry_rolled", {"unit": uid, "terrain": r.data.get("terrain"), "faces": [],
                                   "hits": 0, "figures_removed": 0, "eliminated": False}
            return
        how = entry.Entry(r.data.get("how", entry.Entry.MOVE.value))
        faces = [str(f) for f in r.faces]
        if r.data.get("at"):  # a frozen river moved through: the move went on beyond it
            passed = entry.roll_at(st.position, uid, st.board.parse(str(r.data["at"])),
                                   str(r.data.get("terrain")), how)
            rolls = [passed] if passed is not None else []
            way = {"at": r.data["at"], "rest": list(r.data.get("rest", [])), "how": how.value}
        else:
            rolls = [x for x in entry.entry_rolls(st.position, uid, how,
                                                  battle_reach=_battle_reach(st, uid))
                     if x.terrain == r.data.get("terrain")]
            way = {}
        if not rolls:  # the piece went meanwhile: the dice do nothing
            yield "entry_rolled", {"unit": uid, "terrain": r.data.get("terrain"), "faces": faces,
                                   "hits": 0, "figures_removed": 0, "eliminated": False, **way}
            return
        first = r.data.get("first_faces")  # a Tiger's re-roll: the mine's own faces first
        roll = replace(rolls[0], dice=len(first) if first is not None else r.dice)
        try:
            if first is not None:
                res = entry.resolve_entry_roll(st.position, uid, roll, [str(f) for f in first],
                                               confirm_faces=faces)
            else:
                res = entry.resolve_entry_roll(st.position, uid, roll, faces)
        except entry.EntryError as exc:
            raise IllegalAction(str(exc)) from None
        yield "entry_rolled", {"unit": uid, "terrain": roll.terrain, "faces": faces,
                               "hits": res.hits, "figures_removed": res.figures_removed,
                               "eliminated": res.eliminated,
                               "medal_to": res.medal_to.value if res.medal_to else None,
                               "explain": list(res.explain), **way}
        if res.confirm_dice:
            # troop card 16: each hit on a Tiger is rolled again, a grenade confirms it
            # (bga-memoir Minefield::onUnitEntering "case tiger on mine - double roll check")
            unit = st.position.units[uid]
            yield _roll_due(session, "entry", res.confirm_dice, Side(r.thrower),
                            f"confirm the {res.confirm_dice} mine hit"
                            f"{'s' if res.confirm_dice != 1 else ''} on the "
                            f"{unit.type.replace('_', ' ')} on {st.hex_name(unit.hex)}: re-roll, "
                            "a grenade confirms", r.then, unit=uid, explain=list(res.explain),
                            terrain=roll.terrain, how=how.value, first_faces=faces)

    def prompt(self, legal: LegalActions, due: DiceDue | None) -> Prompt | None:
        st = legal.state
        reveal = _rs(st).data.get("reveal")
        if st.phase is Phase.RULE_STEP and reveal:
            side = str(reveal["side"])
            return Prompt("rule_step", side, f"{side.title()}: the {reveal['terrain']} on "
                          f"{reveal['hex']} was laid face down: turn the mine over and give its "
                          "number (mine N; 0 is a decoy).", legal.actions,
                          highlight=(str(reveal["hex"]),),
                          detail=("A mine's number is the dice it rolls, hits as in a battle.",))
        return _roll_prompt(legal, due, self.roll_kinds)

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        if "mine_number" not in legal.actions:
            return []
        return [{"do": "mine_number", "number": n} for n in MINE_NUMBERS]


# --- big guns and destroyers: cross-hairs ----------------------------------------------------
class CrossHairFlow(ScenarioRuleFlow):
    """A big gun or destroyer that hit its target puts a cross-hair on it (troop cards 3, 12)."""

    name = "cross_hair"

    def applies(self, st: GameState) -> bool:
        return any(u.spec.zeroes_in for u in st.position.units.values())

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        for ev in events:
            if ev.kind != "battle_resolved" or not ev.data.get("hits") or ev.data.get("eliminated"):
                continue
            attacker, target = str(ev.data.get("attacker")), str(ev.data["target"])
            unit = st.position.units.get(target)
            if unit is None or st.hex_name(unit.hex) != ev.data.get("target_hex"):
                continue  # gone, or it retreated: no longer zeroed in
            if st.phase is Phase.RETREAT and st.battle is not None and st.battle.target == target:
                continue  # about to retreat
            if target in st.position.cross_hairs:
                continue
            pos = st.position.copy()
            if battle_rules.place_cross_hair(pos, attacker, target, int(ev.data["hits"])):
                yield "cross_hair_placed", {"attacker": attacker, "target": target,
                                            "hex": st.hex_name(unit.hex)}


# --- HQ and supply tents ---------------------------------------------------------------------
class HQFlow(ScenarioRuleFlow):
    """An HQ taken by the enemy costs its side a command card until it is taken back: with a
    virtual deck a card of its hand at random (bga-memoir Terrains/HQ.php onUnitEntering: "remove
    one random card", drawn here from the game's seed), with real cards the players discard."""

    name = "hq"

    def applies(self, st: GameState) -> bool:
        return bool(hq.hq_hexes(st.position))

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        rs = _rs(st)
        before = {st.board.parse(h) for h in rs.hq_captured}
        now = hq.captured_hqs(st.position, before)
        owners = hq.hq_hexes(st.position)
        for h in sorted(now - before, key=lambda x: (x.row, x.col)):
            side = owners[h]
            hand = _discardable(st, side)
            card = None
            if st.deck is not None and hand:
                # the virtual deck's order stands in for the seed it was dealt from
                card = random.Random(f"{st.options.get('seed', 0)}:hq:{st.hex_name(h)}:"
                                     f"{session.log.last_seq}:{' '.join(st.deck)}").choice(hand)
            yield "hq_captured", {"hex": st.hex_name(h), "side": side.value,
                                  "discarded": card,
                                  "hand": hq.hand_size(st.position, side,
                                                       st.scenario.sides[side].cards,
                                                       {*before, h})}
        for h in sorted(before - now, key=lambda x: (x.row, x.col)):
            owner = owners.get(h)
            if owner is None:
                continue
            yield "hq_retaken", {"hex": st.hex_name(h), "side": owner.value,
                                 "drawn": st.deck[0] if st.deck else None}

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        st = legal.state
        rs = _rs(st)
        if not rs.hq_captured or p.kind != "play_card":
            return p
        owners = hq.hq_hexes(st.position)
        lost = [h for h in rs.hq_captured if owners.get(st.board.parse(h)) is st.active]
        if not lost:
            return p
        return replace(p, detail=(*p.detail, f"Your HQ on {', '.join(lost)} is held by the "
                                  "enemy: you play with one command card fewer per HQ until you "
                                  "take it back."))


# --- healing: hospitals and oases ------------------------------------------------------------
def _ordered_here(st: GameState, uid: str) -> bool:
    return uid in st.ordered and uid in st.position.units and st.battled.count(uid) == 0 \
        and st.battle is None


def _heal(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    uid = str(a.get("unit"))
    if uid not in HealFlow.healers(st):
        why = (healing.heal_check(st.position, uid) if uid in st.position.units
               else f"no unit {uid!r} on the board")
        raise IllegalAction(f"{uid} may not heal now: {why or 'it is not an ordered unit yet to battle'}")
    dice = healing.heal_dice(st.position, uid, _hand_size(st, st.active))
    unit = st.position.units[uid]
    yield _roll_due(session, "heal", dice, st.active,
                    f"the {unit.type.replace('_', ' ')} on {st.hex_name(unit.hex)} heals: each "
                    "star returns a figure"
                    + (", each infantry symbol too" if unit.spec.unit_class.value == "infantry" else ""),
                    "battle", unit=uid, declared=True,
                    explain=[f"{_dice_words(dice)} instead of moving and battling"])


class HealFlow(ScenarioRuleFlow):
    """A wounded unit on a hospital (or an oasis) may roll to get figures back instead of
    moving and battling."""

    name = "healing"
    roll_kinds = ("heal",)
    handlers: Mapping[str, Handler] = {"heal": _heal}

    def applies(self, st: GameState) -> bool:
        return any(t.heal_classes for h in st.position.terrain for t in st.position.terrain_at(h))

    @staticmethod
    def healers(st: GameState) -> list[str]:
        if st.phase is not Phase.BATTLE:
            return []
        return [u for u in st.ordered if _ordered_here(st, u) and not st.moved.get(u)
                and healing.heal_check(st.position, u) is None]

    def actions(self, st: GameState) -> tuple[str, ...]:
        return ("heal",) if self.healers(st) else ()

    def apply_roll(self, session: GameSession) -> Iterator[Draft]:
        st = session.state
        r = _rs(st).roll
        assert r is not None and r.faces is not None
        faces = [str(f) for f in r.faces]
        try:
            res = healing.heal(st.position, r.unit, faces, r.dice)
        except healing.HealError as exc:
            raise IllegalAction(str(exc)) from None
        yield "healed", {"unit": r.unit, "faces": faces, "figures_returned": res.figures_returned}

    def prompt(self, legal: LegalActions, due: DiceDue | None) -> Prompt | None:
        return _roll_prompt(legal, due, self.roll_kinds)

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        if "heal" not in p.actions:
            return p
        un = [legal.state.hex_name(legal.state.position.units[u].hex)
              for u in self.healers(legal.state)]
        return replace(p, detail=(*p.detail, f"The wounded unit on {', '.join(un)} may heal "
                                  "instead of battling (heal)."))

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        if "heal" not in legal.actions:
            return []
        return [{"do": "heal", "unit": u} for u in self.healers(legal.state)]


# --- obstacles removed from a unit's own hex ----------------------------------------------------
def _pieces_words(piece: str) -> str:
    return piece.replace("_", " ")


def _clear(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    uid = str(a.get("unit"))
    offers = ClearFlow.offers(st)
    if uid not in offers:
        if uid not in st.position.units:
            raise IllegalAction(f"no unit {uid!r} on the board")
        here = entry.may_clear(st.position, uid)
        why = ("nothing on its hex may be removed by it" if not here
               else "it is not an ordered unit yet to battle in the battle phase")
        raise IllegalAction(f"{uid} may not remove an obstacle now: {why}")
    pieces = offers[uid]
    piece = str(a.get("piece") or pieces[0])
    unit = st.position.units[uid]
    if piece not in pieces:
        raise IllegalAction(f"piece: the {unit.type.replace('_', ' ')} on {st.hex_name(unit.hex)} "
                            f"may remove {', '.join(map(_pieces_words, pieces))}, not {piece!r}")
    yield "obstacle_cleared", {"unit": uid, "hex": st.hex_name(unit.hex), "piece": piece,
                               "instead_of_battle": ClearFlow.instead_of_battle(st, uid, piece)}


class ClearFlow(ScenarioRuleFlow):
    """An ordered unit removes an obstacle from its own hex (entry.may_clear): infantry the
    barbed wire instead of battling (base rules p.16), combat engineers a minefield instead of
    battling, and wire even after their battle (troop card 4: they battle out of wire and
    still remove it)."""

    name = "clearing"
    handlers: Mapping[str, Handler] = {"clear_obstacle": _clear}

    def applies(self, st: GameState) -> bool:
        return any(t.clear_instead_of_battle_by or t.entry_roll_from_value
                   for h in st.position.terrain for t in st.position.terrain_at(h))

    @staticmethod
    def instead_of_battle(st: GameState, uid: str, piece: str) -> bool:
        unit = st.position.units[uid]
        wire = any(t.name == piece and t.clear_instead_of_battle_by
                   for t in st.position.terrain_at(unit.hex))
        return not (unit.spec.sweeps_mines and wire)

    @staticmethod
    def offers(st: GameState) -> dict[str, tuple[str, ...]]:
        """Ordered units and what each may remove from its hex now."""
        if st.phase is not Phase.BATTLE or st.battle is not None:
            return {}
        out: dict[str, tuple[str, ...]] = {}
        for uid in st.ordered:
            if uid not in st.position.units:
                continue
            pieces = tuple(p for p in entry.may_clear(st.position, uid)
                           if _ordered_here(st, uid)
                           or not ClearFlow.instead_of_battle(st, uid, p))
            if pieces:
                out[uid] = pieces
        return out

    def actions(self, st: GameState) -> tuple[str, ...]:
        return ("clear_obstacle",) if self.offers(st) else ()

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        if "clear_obstacle" not in p.actions:
            return p
        st = legal.state
        said = [f"the {st.position.units[u].type.replace('_', ' ')} on "
                f"{st.hex_name(st.position.units[u].hex)} may remove the "
                f"{' or the '.join(map(_pieces_words, ps))}"
                + (" instead of battling" if any(self.instead_of_battle(st, u, x) for x in ps)
                   else "")
                for u, ps in self.offers(st).items()]
        return replace(p, detail=(*p.detail, "; ".join(said).capitalize() + " (clear)."))

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        if "clear_obstacle" not in legal.actions:
            return []
        return [{"do": "clear_obstacle", "unit": u, "piece": piece}
                for u, ps in self.offers(legal.state).items() for piece in ps]


# --- sealing caves ---------------------------------------------------------------------------
def _seal(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    uid = str(a.get("unit"))
    if uid not in CaveFlow.sealers(st):
        why = (caves.seal_check(st.position, uid) if uid in st.position.units
               else f"no unit {uid!r} on the board")
        raise IllegalAction(f"{uid} may not seal a cave now: "
                            f"{why or 'it is not an ordered unit yet to battle'}")
    dice = caves.seal_dice(st.position, uid)
    unit = st.position.units[uid]
    yield _roll_due(session, "seal", dice, st.active,
                    f"the {unit.type.replace('_', ' ')} on {st.hex_name(unit.hex)} tries to seal "
                    "the cave: a star seals it", "battle", unit=uid, declared=True,
                    explain=[f"{_dice_words(dice)} (its close-assault dice) instead of battling"])


class CaveFlow(ScenarioRuleFlow):
    """Allied infantry on a cave, no enemy adjacent, may try to seal it instead of battling."""

    name = "caves"
    roll_kinds = ("seal",)
    handlers: Mapping[str, Handler] = {"seal_cave": _seal}

    def applies(self, st: GameState) -> bool:
        return any(t.sealed_into for h in st.position.terrain for t in st.position.terrain_at(h))

    @staticmethod
    def sealers(st: GameState) -> list[str]:
        if st.phase is not Phase.BATTLE:
            return []
        return [u for u in st.ordered if _ordered_here(st, u)
                and caves.seal_check(st.position, u) is None]

    def actions(self, st: GameState) -> tuple[str, ...]:
        return ("seal_cave",) if self.sealers(st) else ()

    def apply_roll(self, session: GameSession) -> Iterator[Draft]:
        st = session.state
        r = _rs(st).roll
        assert r is not None and r.faces is not None
        faces = [str(f) for f in r.faces]
        unit = st.position.units.get(r.unit)
        if unit is None:
            yield "cave_seal_rolled", {"unit": r.unit, "faces": faces, "sealed": False}
            return
        cave = next(t for t in st.position.terrain_at(unit.hex) if t.sealed_into)
        pos = st.position.copy()
        try:
            sealed = caves.seal_cave(pos, r.unit, faces)
        except caves.SealError as exc:
            raise IllegalAction(str(exc)) from None
        yield "cave_seal_rolled", {"unit": r.unit, "faces": faces, "sealed": sealed,
                                   "hex": st.hex_name(unit.hex), "cave": cave.name,
                                   "becomes": cave.sealed_into}

    def prompt(self, legal: LegalActions, due: DiceDue | None) -> Prompt | None:
        return _roll_prompt(legal, due, self.roll_kinds)

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        if "seal_cave" not in p.actions:
            return p
        st = legal.state
        un = [st.hex_name(st.position.units[u].hex) for u in self.sealers(st)]
        return replace(p, detail=(*p.detail, f"The infantry on {', '.join(un)} may try to seal "
                                  "its cave instead of battling (seal)."))

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        if "seal_cave" not in legal.actions:
            return []
        return [{"do": "seal_cave", "unit": u} for u in self.sealers(legal.state)]


# --- blowing up bridges (Actions 2, option 2) -------------------------------------------------
def _blow_bridge(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    offered = BridgeFlow.bridges(st)
    try:
        h = st.board.parse(str(a.get("hex", "")))
    except ValueError as exc:
        raise IllegalAction(f"hex: {exc}") from None
    if h not in offered:
        said = ", ".join(st.hex_name(x) for x in offered) or "none now"
        raise IllegalAction(f"no bridge on {st.hex_name(h)} may be blown now (bridges that may "
                            f"be: {said}); a bridge that can be blown, in a section the card "
                            "orders, with an infantry unit of the side next to it")
    name = st.hex_name(h)
    yield _roll_due(session, "blow", bridges.BLOW_DICE, st.active,
                    f"blow up the bridge on {name}: a star blows it", "battle", declared=True,
                    hex=name, explain=[f"{_dice_words(bridges.BLOW_DICE)} instead of ordering "
                                       "units; the card is spent"])


class BridgeFlow(ScenarioRuleFlow):
    """Blowing up bridges, option 2: with a Section card, instead of ordering units, the side
    the scenario names tries to blow a bridge of the card's sections its infantry stands next
    to (companion.rules.bridges)."""

    name = "bridges"
    roll_kinds = ("blow",)
    handlers: Mapping[str, Handler] = {"blow_bridge": _blow_bridge}

    def applies(self, st: GameState) -> bool:
        return bridges.VARIANT in st.scenario.variants and any(
            t.can_be_blown for h in st.position.terrain for t in st.position.terrain_at(h))

    @staticmethod
    def bridges(st: GameState) -> list[Any]:
        from companion.game.queries import card_spec_in_force

        side = st.scenario.variants.get(bridges.VARIANT, "")
        if st.phase is not Phase.ORDER or st.card is None or (
                side in ("allies", "axis") and st.active is not Side(side)):
            return []
        spec = card_spec_in_force(st)
        if spec is None or not spec.section_card:
            return []
        sections = [s for s, n in spec.sections.items() if n is None or n > 0]
        return bridges.blowable_bridges(st.position, st.active, sections)

    def actions(self, st: GameState) -> tuple[str, ...]:
        return ("blow_bridge",) if self.bridges(st) else ()

    def apply_roll(self, session: GameSession) -> Iterator[Draft]:
        st = session.state
        r = _rs(st).roll
        assert r is not None and r.faces is not None
        faces = [str(f) for f in r.faces]
        name = str(r.data.get("hex", ""))
        try:
            res = bridges.blow(st.position, st.board.parse(name), faces)
        except (bridges.BlowError, ValueError) as exc:
            raise IllegalAction(str(exc)) from None
        yield "bridge_blow_rolled", {"hex": name, "side": r.thrower, "faces": faces,
                                     "blown": res.blown, "bridge": res.bridge,
                                     "eliminated": res.eliminated, "medals": res.medals}

    def prompt(self, legal: LegalActions, due: DiceDue | None) -> Prompt | None:
        return _roll_prompt(legal, due, self.roll_kinds)

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        if "blow_bridge" not in p.actions:
            return p
        st = legal.state
        names = ", ".join(st.hex_name(h) for h in self.bridges(st))
        return replace(p, detail=(*p.detail, f"Instead of ordering units, the bridge on {names} "
                                  f"may be blown up: {_dice_words(bridges.BLOW_DICE)}, a star "
                                  "blows it (blow HEX)."))

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        if "blow_bridge" not in legal.actions:
            return []
        st = legal.state
        return [{"do": "blow_bridge", "hex": st.hex_name(h)} for h in self.bridges(st)]


# --- Blitz: a Recon 1 card played as Air Power -----------------------------------------------
class BlitzFlow(ScenarioRuleFlow):
    """Blitz rules: the Axis may play a Recon 1 card as Air Power (the Hill 317 rule); the
    air-strike option gives the side it names the same (bga-memoir air_strikes_rules); any
    variant's ``plays_as`` likewise (13 Omaha Beach: either side's Recon 1 as Barrage)."""

    name = "blitz"

    def applies(self, st: GameState) -> bool:
        return hill317.VARIANT in st.scenario.variants or any(
            len(card_plays_as(c, s, st.scenario.variants)) > 1
            for c in commissar.RECON_ONE for s in (Side.ALLIES, Side.AXIS))

    def plays_as(self, st: GameState, card_id: str) -> tuple[str, ...]:
        out = card_plays_as(card_id, st.active, st.scenario.variants)[1:]
        marked = st.scenario.variants.get(hill317.VARIANT)
        if (marked and st.active is hill317.SIDE and card_id in commissar.RECON_ONE
                and "air_power" not in out and hill317.held(st.position, marked)):
            out = (*out, "air_power")  # Hill 317 held: a Recon 1 card as Air Power
        return out

    def card_extras(self, st: GameState, action: dict[str, Any], card_id: str) -> dict[str, Any]:
        as_card = action.get("as_card")
        if as_card is None:
            return {}
        allowed = self.plays_as(st, card_id)
        if as_card not in allowed:
            raise IllegalAction(f"{card_rules.card(card_id).name} may not be played as {as_card}"
                                + (f"; it may be played as {', '.join(allowed)}" if allowed
                                   else ""))
        return {"card": as_card, "held": card_id}

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        st = legal.state
        if p.kind != "play_card":
            return p
        held = [c for c in legal.cards if self.plays_as(st, c)]
        if not held and not (st.deck is None and self.plays_as(st, "recon_center")):
            return p
        others = self.plays_as(st, held[0] if held else "recon_center")
        if others == ("air_power",):
            return replace(p, detail=(*p.detail, "Air strikes: a Recon 1 card may be played as "
                                      "Air Power (card recon center as=air_power)."))
        names = " or ".join(card_rules.card(o).name for o in others)
        return replace(p, detail=(*p.detail, f"A Recon 1 card may be played as {names} (card "
                                  f"recon center as={others[0]})."))

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        st = legal.state
        if "play_card" not in legal.actions:
            return []
        return [{"do": "play_card", "card": c, "as_card": other}
                for c in legal.cards for other in self.plays_as(st, c)]


# --- a scenario's deck: one card played as another -------------------------------------------
class DeckFlow(ScenarioRuleFlow):
    """Scenarios from before air support was common: the Air Power card is played as an
    Artillery Bombard card (bga-memoir AIR_POWER_AS_ARTILLERY_BOMBARD_DECK)."""

    name = "deck"

    def applies(self, st: GameState) -> bool:
        return any(card_becomes(c, st.scenario.variants) != c for c in card_rules.CARDS)

    def card_extras(self, st: GameState, action: dict[str, Any], card_id: str) -> dict[str, Any]:
        other = card_becomes(card_id, st.scenario.variants, st.active)
        return {} if other == card_id else {"card": other, "held": card_id}

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        st = legal.state
        if p.kind != "play_card":
            return p
        said = [f"{card_rules.card(c).name} is played as "
                f"{card_rules.card(card_becomes(c, st.scenario.variants, st.active)).name} in "
                "this scenario"
                for c in dict.fromkeys(legal.cards)
                if card_becomes(c, st.scenario.variants, st.active) != c]
        return replace(p, detail=(*p.detail, *said)) if said else p


# --- exits worth more than a medal -------------------------------------------------------------
class ExitFlow(ScenarioRuleFlow):
    """An infantry unit leaving by an exit hex counts as 2 medals (the editor's
    ``infantry_exit_counts_2``, bga-memoir 1434 Breakout to Lisyanka)."""

    name = "exits"

    def applies(self, st: GameState) -> bool:
        return any(n in st.scenario.variants for n in (*EXIT_MEDALS, *EXIT_FIGURE_MEDALS))

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        from companion.rules.units import UNITS

        st = session.state
        setup = {u.id: u for u in st.scenario.units}
        for ev in events:
            if ev.kind != "unit_exited":
                continue
            unit = setup.get(str(ev.data["unit"]))
            spec = UNITS.get(unit.type) if unit is not None else None
            for name, (cls, medals) in EXIT_MEDALS.items():
                if name in st.scenario.variants and spec is not None \
                        and spec.unit_class.value == cls and medals > 1:
                    assert unit is not None
                    yield "exit_medals_added", {"unit": ev.data["unit"], "side": unit.side.value,
                                                "medals": medals - 1, "rule": name}
            for name, utype in EXIT_FIGURE_MEDALS.items():
                who = st.scenario.variants.get(name)
                figures = int(ev.data.get("figures", 1))
                if who is not None and unit is not None and unit.type == utype \
                        and who in ("", "all", unit.side.value) and figures > 1:
                    yield "exit_medals_added", {"unit": ev.data["unit"], "side": unit.side.value,
                                                "medals": figures - 1, "rule": name}


# --- supply trucks: a medal for every three truck figures -----------------------------------
def _truck_specs(st: GameState) -> dict[str, tuple[Side, int, int]]:
    """Trucks of the scenario whose figures are worth medals: id -> (side, figures at the
    start, figures per medal), with each unit's own rules (a scenario may make them worthless)."""
    from companion.rules.variants import unit_spec, unit_variants

    out = {}
    for u in st.scenario.units:
        spec = unit_spec(u.type, u.side, u.nation,
                         unit_variants(st.scenario.variants, u.side) + u.variants)
        if spec.figures_per_medal > 0:
            out[u.id] = (u.side, st.scenario.figures(u), spec.figures_per_medal)
    return out


class TruckFlow(ScenarioRuleFlow):
    """Every 3 supply-truck figures the enemy removes is a medal; the trucks' elimination gives
    none (Troops 17, companion.rules.supply_trucks)."""

    name = "trucks"

    def applies(self, st: GameState) -> bool:
        return bool(_truck_specs(st))

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        if st.phase is Phase.OVER or not any(
                e.kind in EVENTS and EVENTS[e.kind].changes_board for e in events):
            return
        rs = _rs(st)
        exited = dict(rs.data.get("truck_exited", {}))
        trucks = _truck_specs(st)
        for ev in events:
            if ev.kind == "unit_exited" and ev.data["unit"] in trucks:
                exited[str(ev.data["unit"])] = int(ev.data.get("figures", 0))
        held = dict(rs.data.get("truck_medals", {}))
        for side in (Side.ALLIES, Side.AXIS):
            mine = {uid: t for uid, t in trucks.items() if t[0] is side}
            if not mine:
                continue
            given = rs.data.get("truck_given", {})  # re-supplied figures never count
            now = {uid: (st.position.units[uid].figures if uid in st.position.units
                         else exited.get(uid, 0)) + int(given.get(uid, 0)) for uid in mine}
            lost = supply_trucks.figures_lost({uid: t[1] for uid, t in mine.items()}, now)
            due = supply_trucks.medals_due(lost, supply_trucks.per_medal(t[2] for t in mine.values()))
            was = int(held.get(side.value, 0))
            if due != was or exited != rs.data.get("truck_exited", {}):
                yield "truck_medals", {"side": side.other.value, "trucks_of": side.value,
                                       "figures_lost": lost, "medals": due - was, "held": due,
                                       "exited": exited}
                held[side.value] = due

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        if p.kind != "play_card":
            return p
        return replace(p, detail=(*p.detail, "Supply trucks: they never battle; every 3 truck "
                                  "figures removed by the enemy is a medal, not the unit itself."))


# --- camouflage (Actions 16) ------------------------------------------------------------------
class CamouflageFlow(ScenarioRuleFlow):
    """A camouflaged unit is targeted only in a close assault (the rules core's battle checks
    read its badge); it loses its camouflage when it moves or battles: the game takes the badge
    off once it has left the hex it started on or has battled (companion.rules.camouflage)."""

    name = "camouflage"

    def applies(self, st: GameState) -> bool:
        return any(camouflage.camouflaged(u) for u in st.position.units.values())

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        if st.phase is Phase.OVER:
            return
        start = {u.id: u.hex for u in st.scenario.units}
        for unit in list(st.position.units.values()):
            if not camouflage.camouflaged(unit):
                continue
            moved = start.get(unit.id) != st.hex_name(unit.hex)
            if moved or unit.id in st.battled:
                yield "camouflage_lost", {"unit": unit.id, "hex": st.hex_name(unit.hex),
                                          "reason": "moved" if moved else "battled"}

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        if p.kind != "play_card":
            return p
        st = legal.state
        hidden = [st.hex_name(u.hex) for u in st.position.units.values()
                  if camouflage.camouflaged(u)]
        if not hidden:
            return p
        return replace(p, detail=(*p.detail, "Camouflage: the units on " + ", ".join(hidden)
                                  + " may only be targeted in a close assault; moving or "
                                  "battling loses it."))


# --- re-supply by supply trucks (Actions 24) -------------------------------------------------
def _strength(st: GameState, uid: str) -> int:
    """A full unit's figures (its type's, or more where the scenario set it up with more)."""
    unit = st.position.units.get(uid)
    setup = next((u for u in st.scenario.units if u.id == uid), None)
    full = unit.spec.figures if unit is not None else 0
    return max(full, st.scenario.figures(setup)) if setup is not None else full


def _resupply_offers(st: GameState) -> list[dict[str, Any]]:
    """Every re-supply the active side may make now: an ordered truck that has not acted, to a
    weakened friendly ground unit next to it, of 1 up to as many figures as may go."""
    if st.phase is not Phase.BATTLE or st.battle is not None:
        return []
    pos = st.position
    out = []
    for tid in st.ordered:
        truck = pos.units.get(tid)
        if truck is None or tid in st.battled or truck.spec.figures_per_medal <= 0 \
                or truck.spec.dice:
            continue
        for h in st.board.neighbours(truck.hex):
            other = pos.unit_at(h)
            if other is None:
                continue
            strength = _strength(st, other.id)
            for n in range(1, truck.figures + 1):
                if supply_trucks.resupply_check(pos, tid, other.id, n, strength) is None:
                    out.append({"do": "resupply", "unit": tid, "target": other.id, "figures": n})
    return out


def _resupply(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    tid, uid = str(a.get("unit")), str(a.get("target"))
    n = a.get("figures", 1)
    if not any(o["unit"] == tid and o["target"] == uid and o["figures"] == n
               for o in _resupply_offers(st)):
        why = (supply_trucks.resupply_check(st.position, tid, uid, n, _strength(st, uid))
               if tid in st.ordered and tid not in st.battled
               else f"{tid} is not an ordered supply truck yet to act")
        raise IllegalAction(f"{tid} may not re-supply {uid} now: "
                            f"{why or 'not in the battle phase'}")
    truck = st.position.units[tid]
    yield "resupplied", {"unit": tid, "target": uid, "figures": n,
                         "truck_left": truck.figures - n,
                         "hex": st.hex_name(st.position.units[uid].hex)}


class ResupplyFlow(ScenarioRuleFlow):
    """Re-supply (Actions 24): an ordered supply truck gives figures to a weakened friendly
    unit next to it instead of battling; neither battles this turn."""

    name = "resupply"
    handlers: Mapping[str, Handler] = {"resupply": _resupply}

    def applies(self, st: GameState) -> bool:
        return supply_trucks.RESUPPLY_VARIANT in st.scenario.variants

    def actions(self, st: GameState) -> tuple[str, ...]:
        return ("resupply",) if _resupply_offers(st) else ()

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        if "resupply" not in p.actions:
            return p
        return replace(p, detail=(*p.detail, "Re-supply: an ordered truck may give figures to a "
                                  "weakened unit next to it instead (resupply TRUCK UNIT N); "
                                  "neither battles this turn."))

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        return _resupply_offers(legal.state) if "resupply" in legal.actions else []


# --- supply trains -----------------------------------------------------------------------------
def _supply(st: GameState) -> trains.SupplyTrain:
    try:
        return trains.parse_supply_train(st.scenario.variants.get(trains.SUPPLY_TRAIN_VARIANT, ""))
    except trains.SupplyTrainError:
        return trains.SupplyTrain()


def _unload_offer(st: GameState) -> tuple[str, tuple[str, ...], tuple[Any, ...]] | None:
    """The ordered locomotive whose train reached a station this turn with units aboard: its
    id, the units it carries and the empty hexes next to the train where they may get off."""
    if st.phase not in (Phase.MOVE, Phase.BATTLE) or st.rules_state is None:
        return None
    done = st.rules_state.data.get("unloaded", [])
    supply = _supply(st)
    pos = st.position
    for uid in st.ordered:
        unit = pos.units.get(uid)
        if (unit is None or unit.spec.train_car != trains.LOCOMOTIVE or uid in done
                or uid not in st.moved or not trains.at_station(pos, uid)):
            continue
        load = trains.cargo(pos, uid, supply)
        free = trains.cargo_hexes(pos, uid)
        if load and free:
            return uid, load, free
    return None


def _unload(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    uid = str(a.get("unit", ""))
    offer = _unload_offer(st)
    if offer is None or offer[0] != uid:
        raise IllegalAction(f"{uid} is no supply train that reached a station this turn with "
                            "units aboard")
    _, load, free = offer
    words = str(a.get("hexes", "")).split()
    want = min(len(load), len(free))
    if len(words) != want:
        raise IllegalAction(f"hexes: name {want} empty hex{'es' if want != 1 else ''} next to the "
                            f"train, one per unit it carries (free: "
                            f"{', '.join(st.hex_name(h) for h in free)})")
    side = st.position.units[uid].side
    placed: list[dict[str, Any]] = []
    taken: set[Any] = set()
    seq = int(st.rules_state.data.get("unload_seq", 0)) if st.rules_state is not None else 0
    for w, utype in zip(words, load, strict=False):
        try:
            h = st.board.parse_any_case(w)
        except ValueError as exc:
            raise IllegalAction(f"hexes: {exc}") from None
        if h not in free or h in taken:
            raise IllegalAction(f"hexes: {st.hex_name(h)} is not a free hex next to the train "
                                f"(free: {', '.join(st.hex_name(f) for f in free)})")
        taken.add(h)
        seq += 1
        placed.append({"id": f"{'a' if side is Side.ALLIES else 'x'}train{seq}", "type": utype,
                       "hex": st.hex_name(h)})
    yield "train_unloaded", {"side": side.value, "train": uid, "units": placed,
                             "left_off": len(load) - len(placed)}


class SupplyTrainFlow(ScenarioRuleFlow):
    """A supply train (Terrain Pack p.12): the units its cars carry get off once, on empty hexes
    next to the train, after its locomotive brought it to a railway station (bga-memoir
    RailStation::onUnitEntering, MoveUnitsTrait::actTrainReinforcement)."""

    name = "supply_train"
    handlers: Mapping[str, Handler] = {"unload": _unload}

    def applies(self, st: GameState) -> bool:
        return trains.SUPPLY_TRAIN_VARIANT in st.scenario.variants

    def actions(self, st: GameState) -> tuple[str, ...]:
        return ("unload",) if _unload_offer(st) is not None else ()

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        offer = _unload_offer(legal.state) if "unload" in p.actions else None
        if offer is None:
            return p
        uid, load, free = offer
        return replace(p, detail=(*p.detail, f"Supply train: {uid} is at a station; its "
                                  f"{len(load)} unit(s) may get off on empty hexes next to the "
                                  f"train ({', '.join(legal.state.hex_name(h) for h in free)})."))

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        offer = _unload_offer(legal.state) if "unload" in legal.actions else None
        if offer is None:
            return []
        uid, load, free = offer
        hexes = " ".join(legal.state.hex_name(h) for h in free[:len(load)])
        return [{"do": "unload", "unit": uid, "hexes": hexes}]


def _battle_reach(st: GameState, uid: str) -> int | None:
    """The most hexes the unit may have moved and still battle under the card in play (None:
    no card in play, its own): a combat engineer clears a minefield only within it."""
    from companion.game.queries import card_spec_in_force

    unit = st.position.units.get(uid)
    spec = card_spec_in_force(st)
    if unit is None or spec is None:
        return None
    return card_rules.move_allowance(spec, unit.spec).move_and_battle


# --- the Italian High Command ------------------------------------------------------------------
class HighCommandFlow(ScenarioRuleFlow):
    """Each Axis unit eliminated costs the Axis a command card at random while they hold more
    than 3 (the importer deals them 6: bga-memoir italy_high_command)."""

    name = "high_command"

    def applies(self, st: GameState) -> bool:
        return HIGH_COMMAND_VARIANT in st.scenario.variants

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        import random

        st = session.state
        rs = _rs(st)
        scored = st.ledger.eliminated.get(Side.ALLIES, ())
        lost = [u for u in st.eliminated if u in scored]  # Axis units, in the order they fell
        seen = int(rs.data.get("high_command_seen", 0))
        for uid in lost[seen:]:
            held = int(rs.data.get("high_command_held", st.scenario.sides[Side.AXIS].cards))
            hand = _discardable(st, Side.AXIS)
            if st.deck is not None:
                held = len(hand)
            card = None
            if held > HIGH_COMMAND_FLOOR and st.deck is not None and hand:
                card = random.Random(f"{st.options.get('seed', 0)}:high-command:"
                                     f"{session.log.last_seq}").choice(hand)
            yield "high_command_discard", {"unit": uid, "side": Side.AXIS.value, "card": card,
                                           "discards": held > HIGH_COMMAND_FLOOR,
                                           "held": held - 1 if held > HIGH_COMMAND_FLOOR else held}

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        st = legal.state
        if p.kind != "play_card" or st.active is not Side.AXIS or st.deck is not None:
            return p
        held = int(_rs(st).data.get("high_command_held", st.scenario.sides[Side.AXIS].cards))
        return replace(p, detail=(*p.detail, f"Italian High Command: the Axis hold {held} "
                                  "command cards (one discarded at random for each unit lost, "
                                  f"down to {HIGH_COMMAND_FLOOR})."))


# --- airdrops before a side's first turn ------------------------------------------------------
_OFF = ("off", "lost", "-")


def _airdrop(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    from companion.rules.variants import unit_variants

    st = session.state
    due = _rs(st).data.get("airdrop")
    if not due:
        raise IllegalAction("no airdrop is due")
    words = str(a.get("hexes", "")).replace(",", " ").split()
    n = int(due["units"])
    if len(words) != n:
        raise IllegalAction(f"hexes: where each of the {_words(n, 'figure')} landed, one word "
                            f"each: a hex, or 'off' for a figure off the board ({len(words)} "
                            "given)")
    side = Side(str(due["side"]))
    landed: list[dict[str, str]] = []
    lost: list[dict[str, str]] = []
    taken: set[Any] = set()
    for w in words:
        if w.lower() in _OFF:
            lost.append({"where": "off", "why": "off the board"})
            continue
        try:
            h = st.board.parse(w)
        except ValueError as exc:
            raise IllegalAction(f"hexes: {exc}") from None
        why = airdrop.landing_problem(st.position, h, str(due["unit_type"]))
        if why is None and h in taken:
            why = f"on {st.hex_name(h)}, a hex with another figure of the drop"
        if why is not None:
            lost.append({"where": st.hex_name(h), "why": why})
            continue
        taken.add(h)
        landed.append({"id": f"{'a' if side is Side.ALLIES else 'x'}drop{int(due['index']) + 1}"
                             f"-{len(landed) + 1}", "hex": st.hex_name(h)})
    yield "units_dropped", {"side": side.value, "index": due["index"],
                            "unit_type": due["unit_type"], "nation": due.get("nation"),
                            "units": landed, "lost": lost, "then": due.get("then", "play_card"),
                            "variants": list(unit_variants(st.scenario.variants, side))}


class AirdropFlow(ScenarioRuleFlow):
    """Before its first turn a side drops the figures of each airdrop over the board; each that
    lands on the board, on an empty hex where it may stand, is a unit there (3
    Sainte-Mere-Eglise; bga-memoir option airdrop). The table drops the figures; the players
    say where each landed."""

    name = "airdrop"
    handlers: Mapping[str, Handler] = {"airdrop": _airdrop}

    def applies(self, st: GameState) -> bool:
        return bool(st.scenario.airdrops)

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        rs = _rs(st)
        done = int(rs.data.get("drops_done", 0))
        drops = st.scenario.airdrops
        if (done >= len(drops) or rs.data.get("airdrop") or rs.roll is not None
                or st.phase is not Phase.PLAY_CARD):
            return
        d = drops[done]
        if st.active is not d.side and not (d.at_start and st.turn == 1 and st.card is None):
            return  # before the side's first turn (or, at_start, before the game's first)
        if d.daylight and (not any(v in st.scenario.variants for v in night.NIGHT_VARIANTS)
                           or night.night_reverse(st.scenario.variants)
                           or st.position.visibility is not None):
            return  # a drop in full daylight waits for the night to end
        yield "airdrop_due", {"index": done, "side": d.side.value, "units": d.units,
                              "unit_type": d.unit_type, "nation": d.nation, "center": d.center,
                              "range": d.range, "then": st.phase.value}

    def actions(self, st: GameState) -> tuple[str, ...]:
        return _step_action(st, "airdrop", "airdrop")

    def prompt(self, legal: LegalActions, due: DiceDue | None) -> Prompt | None:
        st = legal.state
        d = _rs(st).data.get("airdrop")
        if st.phase is not Phase.RULE_STEP or not d:
            return None
        side = str(d["side"])
        over = f"over {d['center']}" if d.get("center") else "over the board"
        kind = str(d["unit_type"]).replace("_", " ")
        figures = _words(int(d["units"]), "figure")
        return Prompt("rule_step", side, f"{side.title()}: airdrop — drop {figures} "
                      f"({kind}) {over}, then give the hex each landed on, or 'off' "
                      "(airdrop G5 H4 off ...).", legal.actions,
                      highlight=(str(d["center"]),) if d.get("center") else (),
                      detail=("A figure off the board, on a hex with another unit or where it "
                              "may not stand is out of action (no medal); each other one is a "
                              "full unit on its hex.",),
                      pick=HexPick("airdrop", "hexes", int(d["units"]), "off", "off the board",
                                   f"where each of the {figures} dropped {over} landed"))

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        st = legal.state
        d = _rs(st).data.get("airdrop")
        if "airdrop" not in legal.actions or not d:
            return []
        center = st.board.parse(str(d["center"])) if d.get("center") else None
        free = [h for h in st.board.all_hexes
                if airdrop.landing_problem(st.position, h, str(d["unit_type"])) is None]
        if center is not None:
            free.sort(key=lambda h: (distance(h, center), h.row, h.col))
        picks = [st.hex_name(h) for h in free[:int(d["units"])]]
        picks += ["off"] * (int(d["units"]) - len(picks))
        return [{"do": "airdrop", "hexes": " ".join(picks)}]


# --- a smoke screen before a side's first turn (Actions 21) ----------------------------------
SMOKE_VARIANT = "smoke_screen"
SMOKE_MARKERS = 3  # "may place 3 adjacent smoke screen markers" (bga-memoir ST_SMOKE_SCREEN)
SMOKE_PIECE = "smoke_screen"  # the terrain piece of a marker (companion.rules.terrain)
_NO_SMOKE = ("none", "no", "-", "skip")


def _smoke(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    due = _rs(st).data.get("smoke")
    if not due:
        raise IllegalAction("no smoke screen is due")
    words = str(a.get("hexes", "")).replace(",", " ").split()
    placed = [w for w in words if w.lower() not in _NO_SMOKE]
    if placed and len(placed) != SMOKE_MARKERS:
        raise IllegalAction(f"hexes: the {SMOKE_MARKERS} hexes of the smoke screen, side by "
                            f"side, or 'none' for no smoke screen ({len(placed)} given)")
    hexes = []
    for w in placed:
        try:
            h = st.board.parse(w)
        except ValueError as exc:
            raise IllegalAction(f"hexes: {exc}") from None
        if h in hexes:
            raise IllegalAction(f"hexes: {st.hex_name(h)} is given twice")
        hexes.append(h)
    touching = sum(distance(x, y) == 1 for i, x in enumerate(hexes) for y in hexes[i + 1:])
    if hexes and touching < len(hexes) - 1:
        raise IllegalAction("hexes: the smoke screen's markers lie side by side, each next to "
                            "another ("
                            + ", ".join(st.hex_name(h) for h in hexes) + " do not)")
    yield "smoke_placed", {"side": due["side"], "hexes": [st.hex_name(h) for h in hexes],
                           "until_turn": st.turn + 2, "then": due.get("then", "play_card")}


def _smoke_line(st: GameState, side: Side) -> tuple[Hex, ...]:
    """Where a side lays its smoke screen (the auto player's choice; the players choose their
    own): the empty row of three side by side whose markers block the most of the sight lines
    between the side's units and enemy units 3 hexes or nearer that see them now (the rules
    core's own line of sight, the markers laid), nearest the side's own units on a tie (and
    when no enemy sees any). A row of three: each marker beside the next."""
    from companion.rules.los import line_of_sight

    pos, board = st.position, st.board
    own = [u.hex for u in pos.units.values() if u.side is side]
    foes = [u.hex for u in pos.units.values() if u.side is not side]
    seen = [(a, b) for a in own for b in foes if 2 <= distance(a, b) <= 3 and line_of_sight(pos, a, b)]
    best: tuple[tuple[int, int, int, int], tuple[Hex, ...]] | None = None
    for h in board.all_hexes:
        line = tuple(Hex(h.col + 2 * k, h.row) for k in range(SMOKE_MARKERS))
        if not all(board.contains(x) and not pos.is_occupied(x) for x in line):
            continue
        trial = pos.copy()
        for x in line:
            trial.terrain[x] = (*trial.terrain.get(x, ()), SMOKE_PIECE)
        hidden = sum(not line_of_sight(trial, a, b) for a, b in seen)
        near = min((distance(x, u) for x in line for u in own), default=0)
        key = (-hidden, near, h.row, h.col)
        if best is None or key < best[0]:
            best = (key, line)
    return best[1] if best is not None else ()


class SmokeFlow(ScenarioRuleFlow):
    """Actions 21 Smoke Screen: before its first turn the side the scenario names may place 3
    adjacent smoke screen markers; each blocks line of sight (the terrain piece
    ``smoke_screen``) until the end of that side's second turn (bga-memoir removes them at the
    end of the game's third turn: the same turn when that side moves first, as in 4086). The
    players put the markers on the board and say where."""

    name = "smoke_screen"
    handlers: Mapping[str, Handler] = {"smoke": _smoke}

    def applies(self, st: GameState) -> bool:
        return st.scenario.variants.get(SMOKE_VARIANT) in ("allies", "axis")

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        rs = _rs(st)
        until = rs.data.get("smoke_until")
        if until is not None and st.turn > int(until) and any(e.kind == "turn_ended" for e in events):
            hexes = [st.hex_name(h) for h, names in st.position.terrain.items() if SMOKE_PIECE in names]
            yield "smoke_lifted", {"hexes": sorted(hexes)}
            return
        side = Side(st.scenario.variants[SMOKE_VARIANT])
        if (rs.data.get("smoke_done") or rs.data.get("smoke") or rs.roll is not None
                or st.phase is not Phase.PLAY_CARD or st.active is not side or st.card is not None):
            return
        yield "smoke_due", {"side": side.value, "markers": SMOKE_MARKERS, "then": st.phase.value}

    def actions(self, st: GameState) -> tuple[str, ...]:
        return _step_action(st, "smoke", "smoke")

    def prompt(self, legal: LegalActions, due: DiceDue | None) -> Prompt | None:
        st = legal.state
        d = _rs(st).data.get("smoke")
        if st.phase is not Phase.RULE_STEP or not d:
            return None
        side = str(d["side"])
        n = int(d["markers"])
        return Prompt("rule_step", side, f"{side.title()}: smoke screen — place {n} smoke "
                      f"screen markers side by side before your first turn, then give their "
                      f"hexes (smoke E5 F5 G5), or 'none' (smoke none).", legal.actions,
                      detail=("Each marker blocks line of sight through its hex until the end "
                              f"of the {side.title()}' second turn; a unit on a marked hex "
                              "may still battle and be battled (Actions 21).",),
                      pick=HexPick("smoke", "hexes", n, "none", "left off",
                                   f"the {n} hexes of the smoke screen, side by side"))

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        st = legal.state
        d = _rs(st).data.get("smoke")
        if "smoke" not in legal.actions or not d:
            return []
        line = _smoke_line(st, Side(str(d["side"])))
        out = [{"do": "smoke", "hexes": " ".join(st.hex_name(x) for x in line)}] if line else []
        return [*out, {"do": "smoke", "hexes": "none"}]


# --- medals for an empty section --------------------------------------------------------------
class EmptySectionFlow(ScenarioRuleFlow):
    """A side holds medals while a section the scenario names holds no enemy unit; it loses
    them when none of those sections is empty any more (bga-memoir empty_section_medals)."""

    name = "empty_section"

    def applies(self, st: GameState) -> bool:
        return empty_section.VARIANT in st.scenario.variants

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        if st.phase is Phase.OVER or not any(
                e.kind == "game_started" or (e.kind in EVENTS and EVENTS[e.kind].changes_board)
                for e in events):
            return  # only what changes the board may empty or fill a section
        rule = empty_section.parse(st.scenario.variants[empty_section.VARIANT])
        held = int(_rs(st).data.get("empty_section_held", 0))
        due = empty_section.medals_due(st.position, rule)
        if due != held:
            yield "section_medals", {"side": rule.side.value, "medals": due - held, "held": due,
                                     "sections": list(rule.sections)}

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        st = legal.state
        if p.kind != "play_card":
            return p
        rule = empty_section.parse(st.scenario.variants[empty_section.VARIANT])
        names = ", ".join(("left", "centre", "right")[s] for s in rule.sections)
        held = int(_rs(st).data.get("empty_section_held", 0))
        return replace(p, detail=(*p.detail, f"Empty sections: the {rule.side.value.title()} "
                                  f"hold {_words(rule.medals, 'medal')} while the {names} "
                                  f"section{'s' if len(rule.sections) > 1 else ''} "
                                  f"{'hold' if len(rule.sections) > 1 else 'holds'} no enemy "
                                  f"unit (held now: {held})."))


# --- no reshuffle: the game ends when the deck runs out -------------------------------------
class DeckEndFlow(ScenarioRuleFlow):
    """The command deck is not reshuffled: when a side must draw from an empty deck the game
    ends, won by the side the scenario names (19 Vassieux: the Axis), else by the side with
    more medals (bga-memoir deck_reshuffling = false)."""

    name = "deck_end"

    def applies(self, st: GameState) -> bool:
        return NO_RESHUFFLE_VARIANT in st.scenario.variants

    @staticmethod
    def winner(st: GameState) -> Side | None:
        named = st.scenario.variants.get(NO_RESHUFFLE_VARIANT, "")
        if named in ("allies", "axis"):
            return Side(named)
        m = st.medals
        return None if m[Side.ALLIES] == m[Side.AXIS] else max(m, key=lambda s: m[s])

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        if st.phase is Phase.OVER:
            return
        for ev in events:
            # the deck ran out (a reshuffle of the discards was due); the New Flight Plan's
            # Their Finest Hour reshuffle (reshuffle_all) is the air rules' own
            if ev.kind == "turn_ended" and ev.data.get("reshuffled") is not None \
                    and not ev.data.get("reshuffle_all"):
                winner = self.winner(st)
                yield "game_over", {
                    "winner": winner.value if winner else None,
                    "medals": {s.value: st.medals[s] for s in (Side.ALLIES, Side.AXIS)},
                    "turns": st.turn,
                    "reason": "the command deck ran out: this scenario does not reshuffle it"}
                return

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        if p.kind != "play_card":
            return p
        st = legal.state
        named = st.scenario.variants.get(NO_RESHUFFLE_VARIANT, "")
        who = (f"the {named.title()} win" if named in ("allies", "axis")
               else "the side with more medals wins")
        left = f" ({_words(len(st.deck), 'card')} left)" if st.deck is not None else ""
        return replace(p, detail=(*p.detail, "No reshuffle: when the command deck runs out the "
                                  f"game ends and {who}{left}."))


# --- General Winter: the cold takes figures at the start of a side's turn -------------------
def _winter_loss(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    due = _rs(st).data.get("winter")
    if st.phase is not Phase.RULE_STEP or not due:
        raise IllegalAction("no General Winter loss is due")
    side = Side(str(due["side"]))
    uid = a.get("unit")
    if uid is None and a.get("hex"):  # a hex tapped on the board
        try:
            h = st.board.parse(str(a["hex"]))
        except ValueError as exc:
            raise IllegalAction(f"hex: {exc}") from None
        at = st.position.unit_at(h)
        uid = at.id if at is not None else None
        if uid is None:
            raise IllegalAction(f"hex: no unit on {st.hex_name(h)}; tap a unit of the "
                                f"{side.value.title()}")
    if uid is None:
        raise IllegalAction("unit (or hex): the unit of yours that loses the figure")
    why = winter.loss_problem(st.position, side, str(uid))
    if why is not None:
        raise IllegalAction(why)
    unit = st.position.units[str(uid)]
    eliminated = unit.figures <= 1
    last = eliminated and not any(u.side is side and u.id != unit.id
                                  for u in st.position.units.values())
    yield "winter_loss", {"unit": unit.id, "hex": st.hex_name(unit.hex), "side": side.value,
                          "eliminated": eliminated, "medal_to": side.other.value,
                          "left": int(due["left"]) - 1, "last": last}


class WinterFlow(ScenarioRuleFlow):
    """General Winter (4717 Nach Moskau): at the start of each of its turns a side rolls 2
    dice; for each grenade it takes a figure from a unit of its choice, one at a time, a unit so
    wiped out a medal for the other side."""

    name = "winter"
    roll_kinds = ("winter",)
    handlers: Mapping[str, Handler] = {"winter_loss": _winter_loss}

    def applies(self, st: GameState) -> bool:
        return winter.VARIANT in st.scenario.variants

    @staticmethod
    def side(st: GameState) -> Side:
        return winter.roller(st.scenario.variants.get(winter.VARIANT, ""))

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        rs = _rs(st)
        side = self.side(st)
        # the start of its turn: no card played yet, no other rule's step or roll waiting
        if (st.phase is not Phase.PLAY_CARD or st.active is not side or st.card is not None
                or rs.roll is not None or int(rs.data.get("winter_turn", -1)) == st.turn):
            return
        yield _roll_due(session, "winter", winter.DICE, side,
                        "General Winter: each grenade costs you a figure", "play_card",
                        turn=st.turn,
                        explain=["the cold: for each grenade rolled, take 1 figure from a unit "
                                 "of your choice", "a unit wiped out so is a medal for the "
                                 f"{side.other.value.title()}"])

    def apply_roll(self, session: GameSession) -> Iterator[Draft]:
        st = session.state
        rs = _rs(st)
        assert rs.roll is not None and rs.roll.faces is not None
        faces = [str(f) for f in rs.roll.faces]
        yield "winter_rolled", {"faces": faces, "losses": winter.losses(faces),
                                "side": self.side(st).value, "turn": st.turn,
                                "then": rs.roll.then}

    def actions(self, st: GameState) -> tuple[str, ...]:
        return _step_action(st, "winter", "winter_loss")

    def prompt(self, legal: LegalActions, due: DiceDue | None) -> Prompt | None:
        st = legal.state
        d = _rs(st).data.get("winter")
        if st.phase is not Phase.RULE_STEP or not d:
            return _roll_prompt(legal, due, self.roll_kinds)
        side = Side(str(d["side"]))
        left = int(d["left"])
        own = tuple(st.hex_name(u.hex) for u in st.position.units.values() if u.side is side)
        return Prompt("rule_step", side.value,
                      f"{side.value.title()}: General Winter — take 1 figure from a unit of "
                      f"yours ({_words(left, 'figure')} to take): tap it.", legal.actions,
                      highlight=own,
                      detail=(f"A unit wiped out so is a medal for the "
                              f"{side.other.value.title()}.",),
                      pick=HexPick("winter_loss", "hex", 1,
                                   what=f"the unit of yours that loses a figure to General "
                                        f"Winter ({left} to take)"))

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        st = legal.state
        d = _rs(st).data.get("winter")
        if "winter_loss" not in legal.actions or not d:
            return []
        side = Side(str(d["side"]))
        units = sorted((u for u in st.position.units.values() if u.side is side),
                       key=lambda u: (-u.figures, u.id))
        return [{"do": "winter_loss", "unit": u.id} for u in units]


# --- command cards a side may not play -------------------------------------------------------
class CardBanFlow(ScenarioRuleFlow):
    """A card a scenario bars a side from playing (5142: the Allies may not play Air Power): it
    may not be played; drawn into that side's hand, it is discarded and another drawn."""

    name = "card_bans"

    def applies(self, st: GameState) -> bool:
        return bool(st.scenario.variants.get(card_bans.VARIANT))

    @staticmethod
    def bans(st: GameState) -> frozenset[tuple[Side, str]]:
        return card_bans.parse(st.scenario.variants.get(card_bans.VARIANT, ""))

    def card_problem(self, st: GameState, card_id: str) -> str | None:
        if (st.active, card_id) in self.bans(st):
            return (f"{card_rules.card(card_id).name}: the {st.active.value.title()} may not "
                    "play it in this scenario (drawn, it is discarded and another drawn)")
        return None

    def card_extras(self, st: GameState, action: dict[str, Any], card_id: str) -> dict[str, Any]:
        why = self.card_problem(st, card_id)
        if why is not None:
            raise IllegalAction(why)
        return {}

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        if st.deck is None or st.phase is Phase.OVER or not any(
                e.kind in ("game_started", "turn_ended", "banned_card_replaced", "hq_retaken")
                for e in events):
            return
        for side, card_id in sorted(self.bans(st)):
            hand = st.hands.get(side, [])
            if card_id not in hand:
                continue
            data: dict[str, Any] = {"side": side.value, "card": card_id}
            if st.deck:
                data["drawn"] = st.deck[0]
            else:  # the deck ran out: the discards (this card with them) are reshuffled
                pool = [*st.discard, card_id]
                random.Random(f"{st.options.get('seed', 0)}:ban-reshuffle:{st.turn}").shuffle(pool)
                data["reshuffled"] = pool
                data["drawn"] = next((c for c in pool if c != card_id), None)
            yield "banned_card_replaced", data
            return  # the next card drawn is looked at after this one is recorded

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        st = legal.state
        if p.kind != "play_card":
            return p
        mine = sorted(c for s, c in self.bans(st) if s is st.active)
        if not mine:
            return p
        names = ", ".join(card_rules.card(c).name for c in mine)
        return replace(p, detail=(*p.detail, f"The {st.active.value.title()} may not play "
                                  f"{names} in this scenario: drawn, it is discarded and another "
                                  "card drawn."))
# --- collapsible boats: removed when the unit lands ---------------------------------------
class BoatFlow(ScenarioRuleFlow):
    """A unit that crossed in its collapsible boats and reached land loses them (Terrain Pack
    Actions, Collapsible Rafts & Boats; bga-memoir River::onUnitLeaving): its rule variant
    goes (companion.rules.boats)."""

    name = "boats"

    def applies(self, st: GameState) -> bool:
        return any(boats.VARIANT in u.variants for u in st.position.units.values())

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        pos = st.position
        for ev in events:
            if ev.kind not in ("unit_moved", "ground_taken"):
                continue
            u = pos.units.get(str(ev.data.get("unit")))
            if u is None or boats.VARIANT not in u.variants:
                continue
            came_from = (ev.data.get("from") if ev.kind == "unit_moved"
                         else self._hex_before(session, u.id, ev))
            if isinstance(came_from, str) and boats.landed(pos, u, st.board.parse(came_from)):
                yield "boat_landed", {"unit": u.id, "hex": st.hex_name(u.hex)}

    @staticmethod
    def _hex_before(session: GameSession, uid: str, taken: Event) -> str | None:
        """Where ``uid`` stood before the ground it just took: where its last move, taking
        of ground or retreat put it, else its set-up hex (None when the log is not kept)."""
        try:
            earlier = session.events
        except SavedGameError:
            return None
        for e in reversed(earlier):
            if e.seq >= taken.seq or e.data.get("unit") != uid:
                continue
            if e.kind == "unit_moved":
                return str(e.data["to"])
            if e.kind in ("ground_taken", "retreat_chosen"):
                return str(e.data["hex"])
        setup = next((u for u in session.state.scenario.units if u.id == uid), None)
        return setup.hex if setup is not None else None

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        st = legal.state
        if p.kind not in ("order", "move"):
            return p
        pos = st.position
        afloat = [u for u in pos.units.values()
                  if u.side is st.active and boats.VARIANT in u.variants]
        if not afloat:
            return p
        where = ", ".join(st.hex_name(u.hex) for u in afloat)
        return replace(p, detail=(*p.detail, f"Collapsible boats ({where}): these units may "
                                  "enter a river hex and stop; afloat they move 1 hex (not onto "
                                  "a bridge), "
                                  "battle at -1 die and lose a figure per flag; landing "
                                  "removes the boats."))


# --- reinforcements held back until a medal count -------------------------------------------
class ReinforcementFlow(ScenarioRuleFlow):
    """Units held back (variant ``held_back``) may not be ordered until their side has the
    medals the scenario names (``reinforcements_at_medals``; 6541 Breakthrough to the Beach:
    the Axis units with a battle star, at 5 medals); then they are released for good."""

    name = "reinforcements"

    def applies(self, st: GameState) -> bool:
        return any(HELD_BACK_VARIANT in u.variants for u in st.position.units.values())

    @staticmethod
    def medals_needed(st: GameState) -> int:
        value = st.scenario.variants.get(REINFORCEMENTS_VARIANT, "")
        return int(value) if value.isdigit() else 0

    @staticmethod
    def held(st: GameState, side: Side) -> list[str]:
        return [u.id for u in st.position.units.values()
                if u.side is side and HELD_BACK_VARIANT in u.variants]

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        if st.phase is Phase.OVER:
            return
        need = self.medals_needed(st)
        for side in (Side.ALLIES, Side.AXIS):
            units = self.held(st, side)
            if units and st.medals[side] >= need:
                yield "reinforcements_released", {
                    "side": side.value, "medals": need, "units": units,
                    "hexes": [st.hex_name(st.position.units[u].hex) for u in units]}

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        st = legal.state
        if p.kind not in ("order", "play_card"):
            return p
        units = self.held(st, st.active)
        if not units:
            return p
        where = ", ".join(st.hex_name(st.position.units[u].hex) for u in units)
        need = self.medals_needed(st)
        return replace(p, detail=(*p.detail, f"Reinforcements held back ({where}): no card "
                                  f"orders them until the {st.active.value.title()} have "
                                  f"{_words(need, 'medal')} (they have {st.medals[st.active]})."))


# --- units ordered onto the board: Armor Breakthrough, paradrops during play ----------------
def _arrival_rules(st: GameState, side: Side) -> list[arrivals.ArrivalRule]:
    out = []
    for kind in arrivals.ORDERED_KINDS:
        value = st.scenario.variants.get(kind)
        if value:
            rule = arrivals.rule_for(value, kind, side)
            if rule is not None:
                out.append(rule)
    return out


def _arrived(st: GameState, rule: arrivals.ArrivalRule) -> int:
    """Units of ``rule`` brought in so far (dropped figures out of action do not count)."""
    return int(_rs(st).data.get("arrived", {}).get(f"{rule.kind}:{rule.side.value}", 0))


def _used_aims(st: GameState, rule: arrivals.ArrivalRule) -> list[Any]:
    """Paradrops: the starred hexes whose star is gone (a unit dropped there)."""
    if rule.kind != arrivals.PARADROPS:
        return []
    return [st.board.parse(h) for h in _rs(st).data.get("stars_gone", [])]


def _arrival_block(st: GameState, rule: arrivals.ArrivalRule) -> str | None:
    """Why no unit of ``rule`` may come in this turn (None: some may)."""
    spec = airflow.command_card(st.card or "")
    if not spec.orders_units:
        return f"{spec.name} orders no units"
    if _arrived(st, rule) >= rule.units:
        return f"all {_words(rule.units, 'unit')} of the rule have come in"
    if rule.kind == arrivals.PARADROPS and st.position.visibility is not None:
        return "paradrops wait for full daylight"
    if rule.kind == arrivals.AIRFIELD:
        _, why = arrivals.airfield_landing(st.position, rule.side, spec.id)
        if why is not None:
            return why
    done = _rs(st).data.get("breakthrough_turn", {}).get(rule.side.value)
    if rule.kind == arrivals.ARMOR_BREAKTHROUGH and done is not None and done != st.turn:
        return f"the Armor Breakthrough was made on turn {done}: all its units come in one turn"
    return None


def _arrival_words(raw: Any) -> list[str]:
    if raw is None:
        return []
    if isinstance(raw, str):
        return raw.replace(",", " ").split()
    if isinstance(raw, list) and all(isinstance(w, str) for w in raw):
        return [w.strip() for w in raw if w.strip()]
    raise IllegalAction("arrive: the hexes where the units come in, one word each (a drop: "
                        "the starred hex aimed at, '=' where the figure landed or 'off')")


def _arrival_rule_for(st: GameState, rules: list[arrivals.ArrivalRule],
                      first: str) -> arrivals.ArrivalRule:
    """The rule an order's arrivals come in by (a side may have more than one): the first
    not barred now whose hexes hold the first hex named, else the first not barred."""
    open_rules = [r for r in rules if _arrival_block(st, r) is None]
    try:
        aim = st.board.parse(first.partition("=")[0])
    except ValueError:
        aim = None
    for r in open_rules:
        if aim is not None and aim in arrivals.entry_hexes(st.position, r, _used_aims(st, r)):
            return r
    return (open_rules or rules)[0]


def order_with_arrivals(st: GameState, action: dict[str, Any], units: list[str],
                        section: str | None, roll: list[str] | None
                        ) -> tuple[list[str], int, list[str], dict[str, Any]] | None:
    """The order of an ``order`` action that brings units onto the board (its ``arrive``
    field), one of the card's orders each, checked as if the units stood where they come in
    (companion.rules.arrivals); None when the action brings none in."""
    from companion.game.queries import counters_for
    from companion.rules import orders as order_rules
    from companion.rules.position import Unit

    words = _arrival_words(action.get("arrive"))
    if not words:
        return None
    side = st.active
    rules = _arrival_rules(st, side)
    if not rules:
        raise IllegalAction(f"arrive: no rule of this scenario brings {side.value.title()} "
                            "units onto the board")
    rule = _arrival_rule_for(st, rules, words[0])
    why = _arrival_block(st, rule)
    if why is not None:
        raise IllegalAction(f"arrive: {why}")
    pos = st.position
    board = st.board
    trial = pos.copy()
    used = _used_aims(st, rule)
    aims: list[Any] = []
    landed_at: list[Any] = []
    seq = int(_rs(st).data.get("arrival_seq", 0))
    mark = "a" if side is Side.ALLIES else "x"
    tag = {arrivals.ARMOR_BREAKTHROUGH: "brk", arrivals.AIRFIELD: "afld"}.get(rule.kind, "para")
    out: list[dict[str, Any]] = []
    for w in words:
        aim_word, _, land_word = w.partition("=")
        try:
            aim = board.parse(aim_word)
            land = None if land_word.lower() in _OFF else board.parse(land_word or aim_word)
        except ValueError as exc:
            raise IllegalAction(f"arrive: {exc}") from None
        if rule.kind == arrivals.ARMOR_BREAKTHROUGH and land_word:
            raise IllegalAction("arrive: an Armor Breakthrough names only the baseline hexes")
        if rule.kind == arrivals.AIRFIELD and land_word:
            raise IllegalAction("arrive: reinforcements landing on an airfield name only the "
                                "airfield hexes")
        problem = arrivals.arrival_problem(pos, rule, aim, [*used, *aims],
                                           _arrived(st, rule) - len(used))
        if problem is None and pos.is_occupied(aim):
            problem = f"{board.name(aim)} holds a unit: aim at an empty starred hex"
        if problem is not None:
            raise IllegalAction(f"arrive: {problem}")
        lost = None
        if rule.kind == arrivals.PARADROPS:
            lost = arrivals.landing_problem(pos, land, rule, landed_at)
        uid = f"{mark}{tag}{seq + len(out) + 1}"
        trial.add_unit(Unit(uid, side, rule.unit_type, aim, 1, nation=rule.nation))
        aims.append(aim)
        if lost is None and land is not None:
            landed_at.append(land)
        out.append({"id": uid, "aim": board.name(aim), "kind": rule.kind,
                    "hex": None if lost is not None or land is None else board.name(land),
                    "lost": lost})
    try:
        check = order_rules.check_orders(trial, airflow.command_card(st.card or ""), side,
                                         [*(a["id"] for a in out), *units], section=section,
                                         roll=roll, counters=counters_for(st))
    except order_rules.OrdersError as exc:
        return [], 0, [str(exc)], {}
    names = {a["id"]: a["aim"] for a in out}
    problems = [f"arrival on {names[u]}: {why}" if u in names else f"{u}: {why}"
                for u, why in check.rejected]
    ordered = [u for u in check.valid
               if u not in names or rule.kind == arrivals.ARMOR_BREAKTHROUGH]
    return ordered, check.orders_lost, problems, {
        "arrivals": out, "arrival_rule": {"kind": rule.kind, "type": rule.unit_type,
                                          "nation": rule.nation,
                                          "variants": list(rule.variants)}}


def arrival_hexes(st: GameState) -> tuple[str, ...]:
    """Where the active side may bring a unit onto the board with the card in play (empty,
    allowed by the rule, in a section the card orders), whatever its other orders."""
    out: list[str] = []
    spec = airflow.command_card(st.card or "")
    if spec.restores_figures:  # Medics & Mechanics orders a unit on the board that lost figures
        return ()
    for rule in _arrival_rules(st, st.active):
        if _arrival_block(st, rule) is not None:
            continue
        for h in arrivals.entry_hexes(st.position, rule, _used_aims(st, rule)):
            if st.position.is_occupied(h):
                continue
            if spec.sections and not (st.board.sections(h, st.active) & set(spec.sections)):
                continue
            name = st.hex_name(h)
            if name not in out:
                out.append(name)
    return tuple(out)


class ArrivalFlow(ScenarioRuleFlow):
    """Units a side orders onto the board, one order of the card each (the ``arrive`` field of
    ``order``): Armor Breakthrough armor on the opponent's baseline, stopped there, that may
    battle and take ground but not overrun this turn (4090 Closing the Gap); paradrops on the
    starred hexes in full daylight, each landing removing its star, the units landed neither
    moving nor battling that turn (4683 Manado Landings); infantry reinforcements landed on
    empty airfield hexes for the orders of a Direct from HQ card while no enemy unit stands on
    an airfield hex, neither moving nor battling that turn (seed 004, Airfields).
    companion.rules.arrivals."""

    name = "arrivals"

    def applies(self, st: GameState) -> bool:
        return any(st.scenario.variants.get(k) for k in arrivals.ORDERED_KINDS)

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        for ev in events:
            if ev.kind == "units_ordered" and ev.data.get("arrivals"):
                rule = dict(ev.data["arrival_rule"])
                came = [a for a in ev.data["arrivals"] if a["hex"] is not None]
                variants = list(rule["variants"])
                if rule["kind"] == arrivals.ARMOR_BREAKTHROUGH:
                    variants.append(arrivals.ARRIVED)
                yield "units_arrived", {
                    "side": ev.data["side"], "kind": rule["kind"], "type": rule["type"],
                    "nation": rule["nation"], "variants": variants, "turn": st.turn,
                    "units": [{"id": a["id"], "hex": a["hex"], "aim": a["aim"]} for a in came],
                    "lost": [{"aim": a["aim"], "why": a["lost"]} for a in ev.data["arrivals"]
                             if a["hex"] is None],
                    "stopped": rule["kind"] == arrivals.ARMOR_BREAKTHROUGH}
            if ev.kind == "turn_ended":
                settled = [u.id for u in st.position.units.values()
                           if arrivals.ARRIVED in u.variants]
                if settled:
                    yield "arrivals_settled", {"units": settled}

    def amend(self, legal: LegalActions, p: Prompt) -> Prompt:
        st = legal.state
        if p.kind != "order":
            return p
        said = []
        for rule in _arrival_rules(st, st.active):
            if _arrival_block(st, rule) is not None:
                continue
            left = rule.units - _arrived(st, rule)
            kind = rule.unit_type.replace("_", " ")
            kind = f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"
            where = [st.hex_name(h) for h in arrivals.entry_hexes(
                st.position, rule, _used_aims(st, rule)) if not st.position.is_occupied(h)]
            if rule.kind == arrivals.AIRFIELD:
                said.append(f"Airfield reinforcements: one order of this Direct from HQ card "
                            f"each lands {kind} unit on an empty airfield hex "
                            f"({', '.join(where)}; {_words(left, 'unit')} left; order ... "
                            "arrive=HEX,HEX). It may not move or battle the turn it lands.")
            elif rule.kind == arrivals.ARMOR_BREAKTHROUGH:
                said.append(f"Armor Breakthrough: one order each brings {kind} unit onto the "
                            f"{rule.side.other.value.title()} baseline ({_words(left, 'unit')} "
                            "left, all in one turn; order ... arrive=HEX,HEX): it stops there, "
                            "may battle and take ground, no overrun.")
            else:
                said.append(f"Paradrop: one order each drops {kind} figure over a starred hex "
                            f"({', '.join(where)}); say where it landed (arrive=AIM, AIM=HEX "
                            "or AIM=off). It may not move or battle this turn.")
        return replace(p, detail=(*p.detail, *said)) if said else p

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        st = legal.state
        if st.phase is not Phase.ORDER or "order" not in legal.actions:
            return []
        out: list[dict[str, Any]] = []
        for rule in _arrival_rules(st, st.active):
            if _arrival_block(st, rule) is not None:
                continue
            used = _used_aims(st, rule)
            free = [h for h in arrivals.entry_hexes(st.position, rule, used)
                    if not st.position.is_occupied(h)]
            spec = airflow.command_card(st.card or "")
            sections = ([None] if not spec.one_section else ["left", "center", "right"])
            left = rule.units - _arrived(st, rule)
            for sec in sections:
                for h in free:
                    action: dict[str, Any] = {"do": "order", "units": [],
                                              "arrive": [st.hex_name(h)]}
                    if sec is not None:
                        action["section"] = sec
                    try:
                        found = order_with_arrivals(st, action, [], sec, st.order_faces)
                    except IllegalAction:
                        continue
                    if found is None or found[2]:
                        continue
                    picks = [st.hex_name(h)]
                    for other in free:  # as many more as the card and the rule allow
                        if len(picks) >= left or other == h:
                            continue
                        trial = {**action, "arrive": [*picks, st.hex_name(other)]}
                        try:
                            more = order_with_arrivals(st, trial, [], sec, st.order_faces)
                        except IllegalAction:
                            continue
                        if more is not None and not more[2]:
                            picks.append(st.hex_name(other))
                    out.append({**action, "arrive": picks})
                    break
                if out:
                    break
        return out


# --- reinforcements deployed on the baseline at a medal count -------------------------------
_NONE = ("-", "none")


def _deploy(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    due = _rs(st).data.get("deploy")
    if not due:
        raise IllegalAction("no deployment is due")
    words = str(a.get("hexes", "")).replace(",", " ").split()
    kinds = [str(t) for t in due["types"]]
    if len(words) != len(kinds):
        raise IllegalAction(f"hexes: a hex of your baseline for each of the "
                            f"{_words(len(kinds), 'unit')} ({', '.join(kinds)}), one word each, "
                            f"or '-' for one with no room ({len(words)} given)")
    side = Side(str(due["side"]))
    placed: list[dict[str, str]] = []
    taken: list[Any] = []
    seq = 0
    for w, utype in zip(words, kinds, strict=True):
        if w.lower() in _NONE:
            if arrivals.baseline_hexes(st.position, side, utype, taken):
                raise IllegalAction(f"hexes: there is room on the baseline for the {utype} "
                                    "('-' only for a unit with no room left)")
            continue
        try:
            h = st.board.parse(w)
        except ValueError as exc:
            raise IllegalAction(f"hexes: {exc}") from None
        if h not in arrivals.baseline_hexes(st.position, side, utype, taken):
            raise IllegalAction(f"hexes: {st.hex_name(h)} is not an empty hex of the "
                                f"{side.value.title()} baseline where {utype} may stand")
        taken.append(h)
        seq += 1
        placed.append({"id": f"{'a' if side is Side.ALLIES else 'x'}rf{seq}", "type": utype,
                       "hex": st.hex_name(h)})
    yield "units_deployed", {"side": side.value, "units": placed, "nation": due.get("nation"),
                             "left_off": len(kinds) - len(placed),
                             "then": due.get("then", "play_card")}


class DeploymentFlow(ScenarioRuleFlow):
    """A side's reinforcements deployed free on its own baseline once it has the medals the
    scenario names (6541 Breakthrough to the Beach: the Allies' 5 infantry and 2 armor at 5
    medals), asked at the start of its first turn with them (companion.rules.arrivals)."""

    name = "deployment"
    handlers: Mapping[str, Handler] = {"deploy": _deploy}

    def applies(self, st: GameState) -> bool:
        return bool(st.scenario.variants.get(arrivals.BASELINE))

    @staticmethod
    def rules(st: GameState, side: Side) -> list[arrivals.ArrivalRule]:
        return [r for r in arrivals.parse(st.scenario.variants[arrivals.BASELINE],
                                          arrivals.BASELINE) if r.side is side]

    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[Draft]:
        st = session.state
        rs = _rs(st)
        side = st.active
        if (st.phase is not Phase.PLAY_CARD or rs.data.get("deploy") or rs.roll is not None
                or side.value in rs.data.get("deployed", [])):
            return
        rules = self.rules(st, side)
        if not rules or st.medals[side] < min(r.at_medals for r in rules):
            return
        types = [r.unit_type for r in rules for _ in range(r.units)]
        yield "deployment_due", {"side": side.value, "types": types, "nation": rules[0].nation,
                                 "medals": min(r.at_medals for r in rules),
                                 "then": st.phase.value}

    def actions(self, st: GameState) -> tuple[str, ...]:
        return _step_action(st, "deploy", "deploy")

    def prompt(self, legal: LegalActions, due: DiceDue | None) -> Prompt | None:
        st = legal.state
        d = _rs(st).data.get("deploy")
        if st.phase is not Phase.RULE_STEP or not d:
            return None
        side = Side(str(d["side"]))
        kinds = [str(t) for t in d["types"]]
        counts = {k: kinds.count(k) for k in dict.fromkeys(kinds)}
        what = " and ".join(f"{n} {k.replace('_', ' ')}" for k, n in counts.items())
        free = [st.hex_name(h) for h in arrivals.baseline_hexes(st.position, side, kinds[0])]
        return Prompt("rule_step", side.value, f"{side.value.title()}: reinforcements at "
                      f"{_words(int(d['medals']), 'medal')} — place {what} on your baseline, "
                      f"one hex each in this order (deploy HEX HEX ...).", legal.actions,
                      highlight=tuple(free),
                      detail=("The deployment is free: the units may be ordered from the next "
                              "card on. '-' for a unit with no room left on the baseline.",),
                      pick=HexPick("deploy", "hexes", len(kinds), "-", "no room left",
                                   f"where each of the {_words(len(kinds), 'unit')} "
                                   f"({what}) goes, on your baseline"))

    def candidates(self, legal: LegalActions) -> list[dict[str, Any]]:
        st = legal.state
        d = _rs(st).data.get("deploy")
        if "deploy" not in legal.actions or not d:
            return []
        side = Side(str(d["side"]))
        taken: list[Any] = []
        words = []
        for utype in d["types"]:
            free = arrivals.baseline_hexes(st.position, side, str(utype), taken)
            if free:
                taken.append(free[len(free) // 2] if len(free) > 2 else free[0])
                words.append(st.hex_name(taken[-1]))
            else:
                words.append("-")
        return [{"do": "deploy", "hexes": " ".join(words)}]


# variant -> (unit class, medals an exit of that class is worth)
EXIT_MEDALS: Mapping[str, tuple[str, int]] = {"infantry_exit_counts_2": ("infantry", 2)}
# variant -> the unit type whose every figure exiting is a medal (6380 Noville to Foy's trucks)
EXIT_FIGURE_MEDALS: Mapping[str, str] = {"supply_truck_exit_per_figure": "supply_truck"}


RULE_FLOWS: Mapping[str, ScenarioRuleFlow] = {f.name: f for f in (
    NightFlow(), CommissarFlow(), DesertFlow(), EntryFlow(), CrossHairFlow(), HQFlow(),
    HealFlow(), CaveFlow(), BlitzFlow(), DeckFlow(), ExitFlow(), HighCommandFlow(),
    DeckEndFlow(), EmptySectionFlow(), AirdropFlow(), SmokeFlow(), BridgeFlow(), WinterFlow(), CardBanFlow(),
    BoatFlow(), ReinforcementFlow(), ArrivalFlow(), DeploymentFlow(), TruckFlow(),
    ResupplyFlow(), CamouflageFlow(), SupplyTrainFlow(), ClearFlow(),
)}
# every action of every scenario rule (the session knows them; the legal actions say when)
RULE_HANDLERS: Mapping[str, Handler] = {
    name: h for f in RULE_FLOWS.values() for name, h in f.handlers.items()}


def new_rule_state(st: GameState) -> RuleState | None:
    """The scenario rules a new game of ``st`` plays (None: none), with the board set up."""
    names = tuple(f.name for f in RULE_FLOWS.values() if f.applies(st))
    if not names:
        return None
    for n in names:
        RULE_FLOWS[n].start(st)
    return RuleState(names)


def flows_in_play(st: GameState) -> list[ScenarioRuleFlow]:
    rs = st.rules_state
    return [] if rs is None else [RULE_FLOWS[n] for n in rs.flows]


def rule_actions(st: GameState) -> tuple[str, ...]:
    out: list[str] = []
    for f in flows_in_play(st):
        out += [a for a in f.actions(st) if a not in out]
    return tuple(out)


def follow_ups(session: GameSession, events: list[Event]) -> Iterator[Draft]:
    """The events the scenario rules add after ``events`` (drafted one at a time)."""
    for f in flows_in_play(session.state):
        yield from f.follow_ups(session, events)


def apply_rule_roll(session: GameSession) -> Iterator[Draft]:
    rs = _rs(session.state)
    assert rs.roll is not None
    kind = rs.roll.kind
    for f in flows_in_play(session.state):
        if kind in f.roll_kinds:
            yield from f.apply_roll(session)
            return
    raise IllegalAction(f"no rule applies a {kind!r} roll")


def card_extras(st: GameState, action: dict[str, Any], card_id: str) -> dict[str, Any]:
    extra: dict[str, Any] = {}
    for f in flows_in_play(st):
        extra.update(f.card_extras(st, action, card_id))
    if action.get("as_card") is not None and "held" not in extra:
        raise IllegalAction("as_card: a card is played as another only under the Blitz or "
                            "air-strike rules (a Recon 1 card as Air Power, by the side they "
                            "name)")
    return extra


def playable_cards(st: GameState, hand: list[str]) -> list[str]:
    flows = flows_in_play(st)
    if not flows:
        return hand
    return [c for c in hand if all(f.card_problem(st, c) is None for f in flows)]


def rule_prompt(legal: LegalActions, due: DiceDue | None) -> Prompt | None:
    for f in flows_in_play(legal.state):
        p = f.prompt(legal, due)
        if p is not None:
            return p
    return None


def amend_prompt(legal: LegalActions, p: Prompt) -> Prompt:
    for f in flows_in_play(legal.state):
        p = f.amend(legal, p)
    return p


def rule_candidates(legal: LegalActions) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for f in flows_in_play(legal.state):
        out += f.candidates(legal)
    return out


__all__ = ["RULE_FLOWS", "RULE_HANDLERS", "ScenarioRuleFlow", "amend_prompt", "apply_rule_roll",
           "card_extras", "follow_ups", "new_rule_state", "playable_cards", "rule_actions",
           "rule_candidates", "rule_prompt"]
