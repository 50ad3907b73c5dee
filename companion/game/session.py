"""The game session: one game as an event log on top of the rules core.

Front ends (terminal, tablet, mirrors on other tablets) send actions as small dicts
(``{"do": "battle", "attacker": "a1", "target": "x3"}``). The session checks each with the
rules core; an illegal action raises :class:`IllegalAction` with the rule's reason and records
nothing. A legal one becomes one or more events, each committed to the store before the
session acknowledges it, then folded into the state. :meth:`GameSession.prompt` says at every
moment who must do what next.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar

from companion.game import airflow, landing, overrides
from companion.game.actions import parse_action
from companion.game.dicetypes import DiceError, DiceRequest, validate_faces
from companion.game.errors import IllegalAction as IllegalAction  # re-exported: the public name
from companion.game.events import Event
from companion.game.flows import FLOWS, flow_for, flow_of
from companion.game.legal import LegalActions, legal_actions
from companion.game.prompter import prompt_for
from companion.game.prompts import Prompt
from companion.game.queries import (
    after_battle_movers,
    ambush_check,
    ambush_problem,
    battle_back_offer,
    battles_allowed,
    card_spec_in_force,
    declared_check,
    destinations_after_battle,
    is_ambush,
    is_battle_back,
    live_card_targets,
    modifiers_for,
    orders_check,
    remember_declared,
)
from companion.game.sink import EventSink, SavedGameError
from companion.game.state import GameLog, GameState, Phase, pending_roll
from companion.rules import battle as battle_rules
from companion.rules import cards as card_rules
from companion.rules import trains, victory
from companion.rules.board import Side
from companion.rules.movement import closed_step
from companion.rules.records import replace
from companion.scenarios import Scenario
from companion.scenarios.jsonformat import to_dict

EventListener = Callable[[Event, GameState], None]
_MEDAL_SOURCES = ("eliminated", "temporary", "majority", "permanent", "last_to_occupy", "exits",
                  "extra")


def _need(action: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = action.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise IllegalAction(f"the action needs {key!r}")
    return value


def _drafts_of(flow_handler: Callable[[GameSession, dict[str, Any]], Iterator[airflow.Draft]]
               ) -> Callable[[GameSession, dict[str, Any]], None]:
    """A session handler that records the event drafts of an air flow's handler."""
    def handler(session: GameSession, a: dict[str, Any]) -> None:
        session._record_drafts(flow_handler(session, a))
    return handler


class _OneAction:
    """The ``with`` block of :meth:`GameSession._one_action` (a plain class: it runs on every
    action, and a generator-based context manager costs several times more)."""

    __slots__ = ("session",)

    def __init__(self, session: GameSession) -> None:
        self.session = session

    def __enter__(self) -> None:
        self.session._recorded = []
        self.session._unsaved = []

    def __exit__(self, *exc: object) -> None:
        self.session._commit()


class GameSession:
    """One game in progress. Not thread-safe: front ends call it from one thread."""

    def __init__(self, log: GameLog, game_id: str, store: EventSink | None = None,
                 events: list[Event] | None = None) -> None:
        self.log = log
        self.game_id = game_id
        self.store = store
        self.listeners: list[EventListener] = []
        self._recorded: list[Event] = []  # events recorded by the action in progress
        self._unsaved: list[Event] = []  # of those, the ones not yet written to the store
        # the whole log in memory (None when the session was built from a log alone)
        self._events: list[Event] | None = list(events) if events is not None else None
        self._legal: LegalActions | None = None
        self._prompt: Prompt | None = None

    # --- creating and resuming -----------------------------------------------------------
    @classmethod
    def new(cls, scenario: Scenario, store: EventSink | None = None,
            options: dict[str, Any] | None = None, deck_seed: int | None = None,
            game_id: str | None = None) -> GameSession:
        """Start a game. ``deck_seed`` deals a virtual deck (auto play); without it the
        players hold real cards and only tell the session which card they play."""
        opts = dict(options or {})
        data: dict[str, Any] = {"scenario": to_dict(scenario), "options": opts}
        if deck_seed is not None:
            deck = card_rules.deck_list(scenario.air.rules.value if scenario.air.rules else None)
            random.Random(deck_seed).shuffle(deck)
            hands: dict[str, list[str]] = {}
            for side in (Side.ALLIES, Side.AXIS):
                n = scenario.sides[side].cards
                hands[side.value], deck = deck[:n], deck[n:]
            data["deck"] = flow_for(scenario).deck_after_deal(scenario, deck, deck_seed)
            data["hands"] = hands
            data["deck_seed"] = deck_seed
        air = flow_for(scenario).setup(scenario, deck_seed)
        if air is not None:
            data["air"] = air
        start = Event(1, "game_started", data)
        if store is not None:  # the game and its first event in one transaction
            gid = store.create_game(scenario.id, title=scenario.name(), meta=opts, game_id=game_id,
                                    events=[(start.seq, start.kind, start.data)])
        else:
            gid = game_id or "local"
        game = cls(GameLog(start), gid, store, events=[start])
        if game.state.rules_state is not None:  # the scenario's rules at the start (night roll)
            with game._one_action():
                game._record_drafts(flow_of(game.state).follow_ups(game, [start]))
        return game

    @classmethod
    def resume(cls, store: EventSink, game_id: str) -> GameSession:
        stored = store.events(game_id)
        if not stored:
            raise SavedGameError(f"saved game {game_id!r} has no events")
        events = [Event(e.seq, e.kind, e.data) for e in stored]
        return cls(GameLog.replay(events), game_id, store, events=events)

    @property
    def state(self) -> GameState:
        return self.log.state

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.OVER

    @property
    def events(self) -> list[Event]:
        """The whole log, from ``game_started`` (read from the store once if not in memory)."""
        if self._events is None:
            if self.store is None:
                raise SavedGameError("this session was built from a log alone: no events kept")
            self._events = [Event(e.seq, e.kind, e.data) for e in self.store.events(self.game_id)]
        return self._events

    def next_rid(self, purpose: str = "") -> str:
        """The request id of a roll the next event declares: the game and that event's seq
        (``-purpose`` for a second roll of the same step, such as a confirmation). Trays and
        cameras answer with it, so a late answer to an old roll is known for what it is."""
        rid = f"{self.game_id}-{self.log.last_seq + 1}"
        return f"{rid}-{purpose}" if purpose else rid

    # --- recording -----------------------------------------------------------------------
    def _record(self, kind: str, data: dict[str, Any]) -> Event:
        """Fold one event into the game; it is written with the rest of its action (_commit)."""
        ev = Event(self.log.last_seq + 1, kind, data)
        self.log.add(ev)
        self._unsaved.append(ev)
        return ev

    def _one_action(self) -> _OneAction:
        """Everything recorded inside is one action: written to the store in one transaction
        (all of it durable, or none), then told to the listeners. A store that fails takes
        the game back to where it was before the action, and its error goes on up."""
        return _OneAction(self)

    def _commit(self) -> None:
        batch, self._unsaved = self._unsaved, []
        if not batch:
            return
        if self.store is not None:
            try:
                self.store.append_events(self.game_id, [(e.seq, e.kind, e.data) for e in batch])
            except BaseException:
                self._forget(batch)
                raise
        if self._events is not None:
            self._events.extend(batch)
        for ev in batch:
            for listener in list(self.listeners):
                listener(ev, self.state)

    def _forget(self, batch: list[Event]) -> None:
        """The store refused ``batch``: rebuild the game from the events it holds before it."""
        kept = self._events if self._events is not None else [
            Event(e.seq, e.kind, e.data) for e in (self.store.events(self.game_id) if self.store
                                                   else [])]
        kept = [e for e in kept if e.seq < batch[0].seq]
        if kept:
            self.log = GameLog.replay(kept)
        self._recorded = [e for e in self._recorded if e not in batch]

    # --- actions -------------------------------------------------------------------------
    def act(self, action: dict[str, Any]) -> list[Event]:
        """Carry out one action; returns the events it recorded."""
        if not isinstance(action, dict):
            raise IllegalAction("an action is an object with a 'do' field")
        do = action.get("do")
        if not isinstance(do, str):
            raise IllegalAction(f"an action's 'do' is its name (a string), not {str(do)[:40]!r}; "
                                f"allowed now: {', '.join(self.legal().actions) or 'nothing'}")
        handler = self._HANDLERS.get(do)
        if handler is None and do in flow_of(self.state).handlers:
            handler = _drafts_of(flow_of(self.state).handlers[do])
        allowed_now = self.legal().actions
        if handler is None and not any(do in f.handlers for f in FLOWS.values()):
            allowed = ", ".join(allowed_now) or "none (the game is over)"
            raise IllegalAction(f"unknown action {do!r}; allowed now: {allowed}")
        if handler is None or do not in allowed_now:
            why = self.legal().why_not(str(do))
            if why:
                raise IllegalAction(why)
            raise IllegalAction(
                f"'{do}' is not possible now ({self.prompt().text}); allowed now: "
                f"{', '.join(allowed_now) or 'nothing'}"
            )
        parsed = parse_action(action)  # every field checked, once, before any rule is asked
        with self._one_action():
            before = self.state.medal_counts
            handler(self, parsed.as_dict())
            # the scenario's rules on what just happened (a minefield entered, an HQ taken...)
            self._record_drafts(flow_of(self.state).follow_ups(self, list(self._recorded)))
            self._settle(before)
        return list(self._recorded)

    def _settle(self, before: Mapping[Side, victory.MedalCount]) -> None:
        """Announce medal changes the action caused, and end the game when it is won."""
        after = self.state.medal_counts
        if after != before:
            self._announce_medals(before, after)
        self._check_victory()

    def _announce_medals(self, before: Mapping[Side, victory.MedalCount],
                         after: Mapping[Side, victory.MedalCount]) -> None:
        for side in (Side.ALLIES, Side.AXIS):
            diff = after[side].total - before[side].total
            if diff:
                why = [f for f in _MEDAL_SOURCES
                       if getattr(after[side], f) != getattr(before[side], f)]
                self._emit("medal_won" if diff > 0 else "medal_lost", {
                    "side": side.value, "medals": abs(diff), "reason": ", ".join(why),
                    "total": after[side].total,
                })

    def _play_card(self, a: dict[str, Any]) -> None:
        name = _need(a, "card", str)
        st = self.state
        flow = flow_of(st)
        if flow.standalone_card(name):
            extra = flow.card_extras(st, a, name)
            self._emit("card_played", {"side": st.active.value, "card": name, **extra})
            return
        try:
            spec = card_rules.card(name)
        except card_rules.CardError as exc:
            raise IllegalAction(str(exc)) from None
        if st.deck is not None and spec.id not in st.hands.get(st.active, []):
            held = ", ".join(st.hands.get(st.active, []))
            raise IllegalAction(f"{st.active} does not hold {spec.name}; the hand is: {held}")
        extra = flow.card_extras(st, a, spec.id)
        in_force = spec
        if spec.copies_last_card and st.last_card.get(st.active.other):
            try:
                in_force = card_rules.card_in_force(spec, st.last_card[st.active.other])
            except card_rules.CardError:
                in_force = spec
        if in_force.orders_from_roll or in_force.restores_figures:
            # 1 die per command card held, this one included
            n_held = (len(st.hands.get(st.active, [])) if st.deck is not None
                      else st.scenario.sides[st.active].cards)
            extra.update({"roll_dice": max(1, n_held), "rid": self.next_rid(),
                          "purpose": f"{in_force.name}: 1 die per command card held"})
        self._emit("card_played", {"side": st.active.value, "card": spec.id, **extra})

    def _order(self, a: dict[str, Any]) -> None:
        units = _need(a, "units", list)
        st = self.state
        if a.get("arrive") and airflow.command_card(st.card or "").restores_figures:
            # before the card's roll is recorded: a refused order records nothing
            raise IllegalAction("arrive: Medics & Mechanics orders a unit on the board that has "
                                "lost figures; no unit comes onto the board with it")
        if st.order_roll is not None:
            # the card's roll given with the order (the table threw it): it is recorded as dice
            if not (isinstance(a.get("roll"), list) and all(isinstance(f, str) for f in a["roll"])):
                raise IllegalAction(f"throw the card's {st.order_roll.dice} dice first (or give "
                                    "them as roll=...)")
            if len(a["roll"]) != st.order_roll.dice:
                raise IllegalAction(f"{st.order_roll.dice} dice are due, {len(a['roll'])} were given")
            section = a.get("section") if isinstance(a.get("section"), str) else None
            _, _, problems = orders_check(st, [u for u in units if isinstance(u, str)], section,
                                          a["roll"])
            if problems:  # checked before the roll is recorded: a refused order records nothing
                raise IllegalAction("; ".join(problems))
            self._dice({"faces": list(a["roll"]), "source": "order"})
            st = self.state
            if st.order_roll is not None:  # left for review: the order waits
                return
        if st.order_faces is not None:
            if a.get("roll") not in (None, st.order_faces):
                raise IllegalAction(f"the roll was {', '.join(st.order_faces)}")
            a = {**a, "roll": list(st.order_faces)}
        if not all(isinstance(u, str) for u in units):
            raise IllegalAction("units are named by their ids")
        section = a.get("section")
        roll = a.get("roll")
        if section is not None and not isinstance(section, str):
            raise IllegalAction("section: left, center or right")
        if roll is not None and not (isinstance(roll, list) and all(isinstance(f, str) for f in roll)):
            raise IllegalAction("roll: a list of faces")
        ordered, lost, problems, extra = flow_of(st).order(st, a, units, section, roll,
                                                            self.next_rid())
        if problems:
            raise IllegalAction("; ".join(problems))
        spec = airflow.command_card(st.card or "")
        if roll is not None:
            extra["roll"] = list(roll)
        if spec.restores_figures and roll is not None and ordered:
            # Medics & Mechanics: figures come back; the unit is ordered only if one did
            from companion.rules import orders as order_rules

            medics = order_rules.recover_figures(st.position, ordered[0], roll)
            extra["medics"] = {"unit": medics.unit_id, "figures_returned": medics.figures_returned}
            if not medics.ordered:
                ordered = []
        if spec.places_sandbags and ordered:
            extra["sandbags"] = [st.hex_name(h) for h in card_rules.dig_in_hexes(st.position, ordered)]
        self._emit("units_ordered", {"side": st.active.value, "units": ordered, "lost": lost, **extra})

    def _move(self, a: dict[str, Any]) -> None:
        unit_id = _need(a, "unit", str)
        to_name = _need(a, "to", str)
        st = self.state
        if unit_id not in st.ordered:
            raise IllegalAction(f"{unit_id} was not ordered this turn; ordered: {', '.join(st.ordered)}")
        if st.phase is Phase.BATTLE:
            self._move_after_battle(unit_id, to_name)
            return
        if unit_id in st.moved:
            raise IllegalAction(f"{unit_id} has already moved this turn (a unit moves once)")
        try:
            to = st.board.parse(to_name)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if st.air is not None and unit_id in st.air.entering:
            fields, spent = airflow.enter_move(st, unit_id, to, a)
            if spent is not None:
                fields["run"] = spent
            self._emit("unit_moved", {"unit": unit_id, "from": st.air.entering[unit_id]["hex"],
                                      "to": to_name, **fields})
            if spent is not None:
                self._emit("ammo_spent", spent)
            return
        if unit_id not in st.position.units:
            raise IllegalAction(f"{unit_id} is no longer on the board")
        unit = st.position.units[unit_id]
        if unit.spec.air and st.air is not None:
            fields, spent = airflow.air_move(st, unit_id, to, a,
                                             joins_ready_stacks=flow_of(st).joins_ready_stacks())
            if airflow.ready_markers(unit):
                fields["launched"] = airflow.launch_fields(st, unit)
            if spent is not None:
                fields["run"] = spent  # settle() records the markers if a crash falls in between
            self._emit("unit_moved", {"unit": unit_id, "from": st.hex_name(unit.hex), "to": to_name,
                                      **fields})
            if spent is not None:
                self._emit("ammo_spent", spent)
            return
        if a.get("markers") or a.get("path"):
            raise IllegalAction("path and markers are for air units")
        dests = self.legal().moves(unit_id)
        info = dests.get(st.hex_name(to))
        if info is None:
            reach = ", ".join(sorted(dests)) or "none"
            why = closed_step(st.position, unit_id, to)
            lies = f": {to_name} lies {why}" if why else ""
            raise IllegalAction(f"{unit_id} may not end its move on {to_name}{lies}; it may reach: "
                                f"{reach}")
        unit = st.position.units[unit_id]
        extra: dict[str, Any] = {}
        if landing.in_craft(st, unit_id) and landing.lands(st, to):
            extra["craft_landed"] = True
        if unit.spec.train_car:  # the wagon follows its locomotive along the track
            shift = trains.shift_to(st.position, unit_id, to, info.hexes)
            if shift is not None:
                extra["train"] = {"cars": {c: st.hex_name(h) for c, h in shift.ends}}
        self._emit("unit_moved", {"unit": unit_id, "from": st.hex_name(unit.hex), "to": to_name,
                                  "hexes": info.hexes, "can_battle": info.can_battle, **extra})

    def _move_after_battle(self, unit_id: str, to_name: str) -> None:
        st = self.state
        if unit_id not in after_battle_movers(st):
            raise IllegalAction(f"{unit_id} may not move now: only a unit whose card lets it move "
                                "again after its battle (Behind Enemy Lines) moves in this phase")
        try:
            to = st.board.parse(to_name)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        dests = destinations_after_battle(st, unit_id)
        if to not in dests:
            reach = ", ".join(sorted(st.hex_name(h) for h in dests)) or "none"
            raise IllegalAction(f"{unit_id} may not end its move on {to_name}; it may reach: {reach}")
        unit = st.position.units[unit_id]
        self._emit("unit_moved", {"unit": unit_id, "from": st.hex_name(unit.hex), "to": to_name,
                                  "hexes": dests[to], "can_battle": False, "after_battle": True})

    def _exit(self, a: dict[str, Any]) -> None:
        unit_id = _need(a, "unit", str)
        st = self.state
        if unit_id not in st.ordered or unit_id not in st.position.units:
            raise IllegalAction(f"{unit_id} is not an ordered unit on the board")
        if st.position.units[unit_id].spec.air:
            raise IllegalAction(f"{unit_id} is an air unit: exit hexes save ground units (an "
                                "airplane leaving the board scores no medal)")
        obj = victory.may_exit(st.position, st.objectives, unit_id)
        if obj is None:
            raise IllegalAction(f"{unit_id} is not on an exit hex of its side")
        unit = st.position.units[unit_id]
        self._emit("unit_exited", {"unit": unit_id, "hex": st.hex_name(unit.hex),
                                   "objective": obj.id, "figures": unit.figures})

    def _end_moves(self, a: dict[str, Any]) -> None:
        self._emit("moves_done", {})  # offered only when no airplane must still move (legal)

    def _battle(self, a: dict[str, Any]) -> None:
        attacker = _need(a, "attacker", str)
        target = _need(a, "target", str)
        st = self.state
        overrun = st.may_overrun == attacker
        if not overrun:
            if attacker not in st.ordered:
                raise IllegalAction(f"{attacker} was not ordered this turn")
            allowed = battles_allowed(st, attacker)
            if st.battled.count(attacker) >= allowed:
                raise IllegalAction(f"{attacker} has already battled this turn"
                                    + (f" ({allowed} battles)" if allowed > 1 else ""))
        if target not in st.position.units:
            raise IllegalAction(f"there is no unit {target!r} on the board")
        mods, check = self.legal().battle_check(attacker, target)
        if not check.allowed:
            raise IllegalAction(check.reason or "this battle is not allowed")
        rid = self.next_rid()
        data: dict[str, Any] = {
            "attacker": attacker, "target": target, "dice": check.dice, "rid": rid,
            "overrun": overrun, "card": st.card, "explain": list(check.explain),
            "thrower": st.active.value,
        }
        a_unit, t_unit = st.position.units[attacker], st.position.units[target]
        if a_unit.spec.air or t_unit.spec.air:
            data["air"] = "dogfight" if a_unit.spec.air else "ground_to_air"
        self._emit("battle_declared", data)
        remember_declared(self.state, mods, check)

    def _card_attack(self, a: dict[str, Any]) -> None:
        """Barrage / Air Power: the card rolls at enemy units by itself, one target at a time."""
        st = self.state
        spec = card_spec_in_force(st)
        if spec is None or spec.direct_attack is None:
            raise IllegalAction("the card in play does not attack by itself")
        if live_card_targets(st):
            queue = live_card_targets(st)
        else:
            if st.card_attacked:
                raise IllegalAction(f"{spec.name} has made its attack this turn")
            targets = a.get("targets")
            if not (isinstance(targets, list) and targets and all(isinstance(t, str) for t in targets)):
                raise IllegalAction(f"targets: the enemy units {spec.name} attacks "
                                    f"(at most {spec.direct_attack.max_targets})")
            if len(targets) > spec.direct_attack.max_targets:
                raise IllegalAction(f"{spec.name} attacks at most {spec.direct_attack.max_targets} "
                                    f"unit{'s' if spec.direct_attack.max_targets != 1 else ''}")
            if spec.direct_attack.adjacent_group:
                from companion.rules import orders as order_rules

                why = order_rules.air_power_group_ok(st.position, st.active, targets)
                if why:
                    raise IllegalAction(why)
            queue = list(targets)
        target = queue[0]
        try:
            check = card_rules.direct_attack_check(spec, st.position, st.active, target)
        except card_rules.CardError as exc:
            raise IllegalAction(str(exc)) from None
        if not check.allowed:
            raise IllegalAction(check.reason or "this target may not be attacked")
        self._emit("battle_declared", {
            "attacker": "", "target": target, "dice": check.dice,
            "rid": self.next_rid(), "overrun": False, "card": st.card,
            "card_attack": True, "queue": queue[1:], "explain": list(check.explain),
            "thrower": st.active.value,
        })

    def _ambush(self, a: dict[str, Any]) -> None:
        """The assaulted unit's owner plays Ambush before the assault's dice are thrown (or, New
        Flight Plan, when an air unit places an ammo marker on his unit: see airflow)."""
        st = self.state
        if st.phase is Phase.MOVE:
            self._record_drafts(airflow.declare_air_ambush(self, a))
            return
        why = ambush_problem(st)
        if why:
            raise IllegalAction(why)
        b = st.battle
        assert b is not None
        defender = st.position.units[b.target]
        check = ambush_check(st, b.target, b.attacker)[1]
        if not check.allowed:
            raise IllegalAction(check.reason or "no ambush here")
        data: dict[str, Any] = {"side": defender.side.value, "unit": b.target, "target": b.attacker,
                                "dice": check.dice, "rid": self.next_rid(),
                                "explain": list(check.explain)}
        if st.deck is not None:
            data.update(airflow.replacement_draw(st.deck))
        self._emit("ambush_played", data)

    def _dice(self, a: dict[str, Any]) -> None:
        """The faces of the throw due (any throw: a battle, an air roll, a card's roll)."""
        faces = _need(a, "faces", list)
        roll = self.legal().roll
        assert roll is not None  # "dice" is offered only while a throw is due
        _check_answer(a, faces, roll.rid, roll.dice)
        data: dict[str, Any] = {"rid": roll.rid, "faces": faces,
                                "source": str(a.get("source", "manual"))}
        if roll.step == "order":
            data.update({"confidence": [1.0] * len(faces), "order_roll": True})
        else:
            conf = a.get("confidence") or [1.0] * len(faces)
            if not (isinstance(conf, list) and len(conf) == len(faces)
                    and all(isinstance(c, int | float) for c in conf)):
                raise IllegalAction("confidence: one number per die")
            data["confidence"] = [float(c) for c in conf]
            if roll.step == "air":
                data["air"] = roll.kind
        self._emit("dice_read", data)
        if all(f is not None for f in faces) and not (self.state.options.get("review_dice", False)
                                                      or a.get("review")):
            self._apply_dice({})

    def _correct(self, a: dict[str, Any]) -> None:
        index = a.get("index")
        face = a.get("face")
        b = pending_roll(self.state)
        assert b is not None and b.faces is not None
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(b.faces):
            raise IllegalAction(f"index: a die number from 0 to {len(b.faces) - 1}")
        if face not in battle_rules.FACES:
            raise IllegalAction(f"{face!r} is not a face; faces: {', '.join(battle_rules.FACES)}")
        self._emit("die_corrected", {"rid": b.rid, "index": index, "face": face,
                                     "was": b.faces[index]})

    def _apply_dice(self, a: dict[str, Any]) -> None:
        st = self.state
        pending = pending_roll(st)
        assert pending is not None and pending.faces is not None
        unread = [i for i, f in enumerate(pending.faces) if f is None]
        if unread:
            raise IllegalAction(f"die {unread[0]} could not be read: give its face first (correct)")
        override = overrides.from_action(a)
        if override is not None and (pending is not st.battle or st.battle.card_attack
                                     or st.battle.first_faces is not None):
            raise IllegalAction("hits and flags are overridden in a battle's dice review only")
        if pending is st.order_roll:
            self._emit("order_rolled", {"faces": list(pending.faces)})
            return
        if st.air is not None and pending is st.air.roll:
            self._record_drafts(airflow.apply_air_roll(self))
            return
        if st.rules_state is not None and pending is st.rules_state.roll:
            self._record_drafts(flow_of(st).apply_rule_roll(self))
            return
        b = st.battle
        assert b is not None and b.faces is not None
        if b.card_attack:
            spec = card_spec_in_force(st)
            assert spec is not None
            try:
                r = card_rules.resolve_direct_attack(spec, st.position, st.active, b.target, b.faces)
            except (card_rules.CardError, battle_rules.BattleError) as exc:
                raise IllegalAction(str(exc)) from None
            self._battle_result(r, list(b.faces))
            return
        if is_battle_back(st):
            self._resolve_battle_back(override)
            return
        known = declared_check(st)
        air_check: battle_rules.BattleCheck | None
        if known is not None:  # the check it was declared with: nothing it read has changed
            mods, air_check = known
        else:
            mods = modifiers_for(st, b.attacker, b.target, b.overrun)
            air_check = flow_of(st).battle_check(st, b.attacker, b.target, mods)
        if is_ambush(st):
            mods, air_check = ambush_check(st, b.attacker, b.target)
        if air_check is not None and airflow.needs_confirmation(st, b.target):
            if override is not None:
                raise IllegalAction("hits on an airplane are confirmed by a second roll: correct "
                                    "the dice instead of overriding them")
            self._emit("air_hits", airflow.air_hits_data(self, [str(f) for f in b.faces]))
            return
        if override is not None:  # the players' hits and flags, the log keeping why
            real, r = overrides.resolve(st.position, b.attacker, b.target, list(b.faces), mods,
                                        b.overrun, air_check, override)
            self._emit("result_overridden", {
                "rid": b.rid, "attacker": b.attacker, "target": b.target,
                "dice": {"hits": real.hits, "flags": real.flags - real.flags_ignored},
                "set": {"hits": r.hits, "flags": r.flags}, "reason": override.reason})
            self._battle_result(r, list(b.faces))
            return
        first = b.first_faces if b.first_faces is not None else b.faces
        again = b.faces if b.first_faces is not None else None
        try:
            r = battle_rules.resolve_battle(st.position, b.attacker, b.target, first, mods,
                                            overrun=b.overrun, check=air_check, confirm_faces=again)
        except battle_rules.BattleError as exc:
            raise IllegalAction(str(exc)) from None
        if r.confirm_dice:
            # armored car: the dice that hit are re-rolled; a second dice prompt asks for them
            self._emit("confirm_due", {"rid": self.next_rid("confirm"),
                                       "dice": r.confirm_dice, "faces": list(first),
                                       "thrower": st.active.value, "explain": list(r.explain)})
            return
        self._battle_result(r, list(first))

    def _resolve_battle_back(self, override: overrides.Override | None) -> None:
        """The battle back's die (British Commonwealth Forces), resolved as a battle of the held
        unit against its assaulter that nobody takes ground after."""
        st = self.state
        b = st.battle
        assert b is not None and b.faces is not None
        first = b.first_faces if b.first_faces is not None else b.faces
        again = b.faces if b.first_faces is not None else None
        try:
            if override is not None:
                check = battle_rules.battle_back_check(st.position, b.attacker, b.target)
                real, r = overrides.resolve(st.position, b.attacker, b.target, list(b.faces),
                                            battle_rules.battle_back_modifiers(), False, check,
                                            override)
                self._emit("result_overridden", {
                    "rid": b.rid, "attacker": b.attacker, "target": b.target,
                    "dice": {"hits": real.hits, "flags": real.flags - real.flags_ignored},
                    "set": {"hits": r.hits, "flags": r.flags}, "reason": override.reason})
                self._battle_result(battle_rules.as_battle_back(r), list(b.faces))
                return
            r = battle_rules.resolve_battle_back(st.position, b.attacker, b.target, first,
                                                 confirm_faces=again)
        except battle_rules.BattleError as exc:
            raise IllegalAction(str(exc)) from None
        if r.confirm_dice:
            self._emit("confirm_due", {"rid": self.next_rid("confirm"),
                                       "dice": r.confirm_dice, "faces": list(first),
                                       "thrower": st.position.units[b.attacker].side.value,
                                       "explain": list(r.explain)})
            return
        self._battle_result(r, list(first))

    def _battle_result(self, r: battle_rules.BattleResult, faces: list[Any]) -> None:
        st = self.state
        b = st.battle
        assert b is not None
        target = st.position.units[b.target]
        flags_due = r.flags - r.flags_ignored
        if landing.in_craft(st, b.target) and flags_due > 0 and not r.eliminated:
            # a landing craft retreats over ocean too
            r = replace(r, retreat=tuple(landing.retreat_options(
                st, b.target, flags_due, figures=target.figures - r.figures_removed)))
        data: dict[str, Any] = {
            "attacker": b.attacker, "target": b.target, "target_hex": st.hex_name(target.hex),
            "faces": faces, "hits": r.hits, "figures_removed": r.figures_removed,
            "eliminated": r.eliminated, "flags": r.flags, "flags_ignored": r.flags_ignored,
            "retreat": [{"hex": st.hex_name(o.hex), "figures_lost": o.figures_lost,
                         "eliminated": o.eliminated} for o in r.retreat],
            "take_ground": r.take_ground, "armor_overrun": r.armor_overrun and not b.overrun,
            "explain": list(r.explain),
        }
        if target.spec.train_car and r.figures_removed:  # each hit takes a figure from each car
            data["train"] = {"figures": dict(trains.losses(st.position, b.target, r.hits))}
        if is_battle_back(st):
            data["battled_back"] = True  # the British unit's answer, not the turn's battle
        elif r.battle_back and not b.card_attack and not is_ambush(st) \
                and not target.spec.air and not st.position.units[b.attacker].spec.air \
                and battle_rules.battle_back_check(st.position, b.target, b.attacker).allowed:
            # a ground battle (never an airplane's): the unit, 1 figure left, by its assaulter
            data["battle_back"] = True
        self._emit("battle_resolved", data)
        if r.eliminated:
            return
        options = data["retreat"]
        if len(options) == 1:  # no choice to make: the retreat is applied at once
            self._retreat_to(options[0], forced=True)

    def _retreat(self, a: dict[str, Any]) -> None:
        hex_name = _need(a, "hex", str)
        if self.state.phase is Phase.AIR_RETREAT:
            self._record_drafts(airflow.choose_air_retreat(self, hex_name))
            self._record_drafts(airflow.forced_air_retreats(self))
            return
        b = self.state.battle
        assert b is not None and b.result is not None
        for o in b.result["retreat"]:
            if o["hex"] == hex_name:
                self._retreat_to(o, forced=False)
                return
        allowed = ", ".join(o["hex"] for o in b.result["retreat"])
        raise IllegalAction(f"{b.target} may not retreat to {hex_name}; it may retreat to: {allowed}")

    def _retreat_to(self, option: dict[str, Any], forced: bool) -> None:
        st = self.state
        b = st.battle
        assert b is not None
        data: dict[str, Any] = {"unit": b.target, "hex": option["hex"],
                                "figures_lost": option["figures_lost"],
                                "eliminated": option["eliminated"], "forced": forced}
        target = st.position.units.get(b.target)
        if target is not None and target.spec.train_car:
            data.update(_train_retreat(st, b.target, option))
        self._emit("retreat_chosen", data)

    def _battle_back(self, a: dict[str, Any]) -> None:
        """British Commonwealth Forces: the unit a close assault left with 1 figure battles back
        at its assaulter with 1 die, or its owner declines (``decline``)."""
        st = self.state
        offer = battle_back_offer(st)
        assert offer is not None  # offered only in the battle back step (legal)
        unit, target, check = offer
        if a.get("decline"):
            self._emit("battle_back_declined", {"unit": unit, "target": target})
            return
        if not check.allowed:
            raise IllegalAction(check.reason or f"{unit} may not battle back")
        side = st.position.units[unit].side.value
        self._emit("battle_back_declared", {
            "unit": unit, "target": target, "dice": check.dice, "rid": self.next_rid(),
            "side": side, "thrower": side, "explain": list(check.explain)})

    def _take_ground(self, a: dict[str, Any]) -> None:
        advance = a.get("advance", True)
        b = self.state.battle
        assert b is not None and b.result is not None
        if not advance:
            self._emit("ground_declined", {"unit": b.attacker})
            return
        self._emit("ground_taken", {"unit": b.attacker, "hex": b.result["target_hex"],
                                    "overrun": bool(b.result.get("armor_overrun"))})

    def _end_turn(self, a: dict[str, Any]) -> None:
        st = self.state
        if airflow.pending_runs(st.air):
            raise IllegalAction("resolve the attack runs and bombings first (attack_run): ammo "
                                "markers and bombs placed while moving are resolved in the battle "
                                "phase")
        if live_card_targets(st):
            raise IllegalAction(f"roll at the card's other targets first (card_attack): "
                                f"{', '.join(live_card_targets(st))}")
        data: dict[str, Any] = {"side": st.active.value, "turn": st.turn}
        if st.deck is not None and st.card == airflow.STANDALONE_SORTIE:
            data["drawn"] = None  # Air Pack p.3: no card replaces the Air Sortie card
        elif st.deck is not None and flow_of(st).reshuffles_all(st):
            # New Flight Plan: Their Finest Hour reshuffles the deck with its discards (the card
            # itself included), then its player draws
            pool = [*st.deck, *st.discard, *([st.card] if st.card else [])]
            random.Random(f"{st.options.get('seed', 0)}:tfh-reshuffle:{st.turn}").shuffle(pool)
            data["reshuffled"] = pool
            data["reshuffle_all"] = True
            data["drawn"] = pool[0] if pool else None
        elif st.deck is not None:
            if not st.deck:
                pool = list(st.discard) + ([st.card] if st.card else [])
                random.Random(f"{st.options.get('seed', 0)}:reshuffle:{st.turn}").shuffle(pool)
                data["reshuffled"] = pool
                data["drawn"] = pool[0] if pool else None
            else:
                data["drawn"] = st.deck[0]
                if flow_of(st).recon_draw(st) and len(st.deck) >= 2:
                    # a Recon card or an Air Pack recon: draw 2, keep 1 (``keep`` names it;
                    # else the first). An Air Sortie card among them goes face up beside its
                    # drawer, and the next card is drawn in its place (Air Pack p.3)
                    options = airflow.recon_options(st.deck)
                    met = airflow.recon_sorties(st.deck)
                    if met:
                        data["sortie_drawn"] = airflow.sorties_drawn(met)
                    keep = a.get("keep") if a.get("keep") in options else options[0]
                    data["drawn"] = keep
                    if len(options) == 2:
                        data["recon_discard"] = options[1] if keep == options[0] else options[0]
        if data.get("drawn") == airflow.STANDALONE_SORTIE and not data.get("sortie_drawn"):
            # Air Pack p.3: an Air Sortie card drawn (it was played, discarded and reshuffled)
            # goes face up beside its drawer, who draws another command card at once
            drawn, met = airflow.past_sorties(data.get("reshuffled") or st.deck or [])
            data["sortie_drawn"] = airflow.sorties_drawn(met)
            data["drawn"] = drawn
        data.update(flow_of(st).end_turn_extras(st))
        self._emit("turn_ended", data)
        self._check_victory()
        if not self.over:
            self._record_drafts(iter(flow_of(self.state).turn_start_events(self.state)))

    def _undo(self, a: dict[str, Any]) -> None:
        ev = self.log.undoable()
        if ev is None:
            raise IllegalAction("nothing to undo: undo goes back within the turn, never past a dice roll")
        self._emit("undo", {"undone": ev.seq, "kind": ev.kind})

    _HANDLERS: ClassVar[dict[str, Callable[[GameSession, dict[str, Any]], None]]] = {
        "play_card": _play_card, "order": _order, "move": _move, "exit": _exit, "end_moves": _end_moves,
        "battle": _battle, "dice": _dice, "correct": _correct, "apply_dice": _apply_dice,
        "retreat": _retreat, "take_ground": _take_ground, "battle_back": _battle_back,
        "end_turn": _end_turn, "undo": _undo,
        "attack_run": _drafts_of(airflow.declare_attack_run), "card_attack": _card_attack,
        "ambush": _ambush,
        # the actions of one air rule set are its flow's (flows.py)
    }

    # --- victory ---------------------------------------------------------------------------
    def _check_victory(self) -> None:
        st = self.state
        if st.phase is Phase.OVER:
            return
        outcome = st.outcome()
        if outcome.over:
            self._emit("game_over", {
                "winner": outcome.winner.value if outcome.winner else None,
                "medals": {s.value: outcome.medals[s] for s in (Side.ALLIES, Side.AXIS)},
                "turns": st.turn, "reason": outcome.reason,
            })

    def end_by_agreement(self, reason: str) -> list[Event]:
        """End the game now (players agree, a turn limit): the side with more medals wins."""
        st = self.state
        if st.phase is Phase.OVER:
            return []
        m = st.medals
        winner = None if m[Side.ALLIES] == m[Side.AXIS] else max(m, key=lambda s: m[s])
        with self._one_action():
            self._emit("game_over", {"winner": winner.value if winner else None,
                                     "medals": {s.value: m[s] for s in (Side.ALLIES, Side.AXIS)},
                                     "turns": st.turn, "reason": reason})
        return list(self._recorded)

    def settle(self) -> None:
        """Finish what a crash may have interrupted: a victory not yet declared, the ammo markers
        of an air move, the start-of-turn air steps (resupply, withdraw)."""
        with self._one_action():
            last = self.log.last_event
            if last is not None and not self.over:
                if last.kind == "unit_moved" and last.data.get("run"):
                    self._emit("ammo_spent", last.data["run"])
                elif last.kind in ("turn_ended", "air_resupplied", "air_withdrawn"):
                    self._record_drafts(iter(flow_of(self.state).turn_start_events(self.state)))
                if self.state.rules_state is not None and last.kind != "undo":
                    self._record_drafts(flow_of(self.state).follow_ups(self, [last]))
            self._check_victory()

    def _emit(self, kind: str, data: dict[str, Any]) -> None:
        self._recorded.append(self._record(kind, data))

    def _record_drafts(self, drafts: Iterator[airflow.Draft]) -> None:
        """Record the events a flow drafts, one at a time: each draft is made on the state the
        ones before it left (the flow reads the session's state as it goes on)."""
        for kind, data in drafts:
            self._emit(kind, data)

    # --- dice --------------------------------------------------------------------------------
    def dice_request(self) -> DiceRequest | None:
        """The dice the session waits for now, as a request for the current dice source."""
        roll = self.legal().roll
        if roll is None:
            return None
        return DiceRequest(roll.rid, roll.dice, roll.purpose, "m44", roll.thrower)

    # --- prompts -----------------------------------------------------------------------------
    def legal(self) -> LegalActions:
        """What may be done now, with every option (kept until the next event)."""
        cached = self._legal
        if cached is None or cached.state is not self.state or cached.seq != self.state.seq:
            cached = self._legal = legal_actions(self.state, self.log.undoable() is not None)
            self._prompt = None
        return cached

    def prompt(self) -> Prompt:
        legal = self.legal()
        if self._prompt is None:
            self._prompt = prompt_for(legal)
        return self._prompt


def _train_retreat(st: GameState, car: str, option: dict[str, Any]) -> dict[str, Any]:
    """What a train's retreat does to its other car: the figures it loses with the car hit,
    and where each car ends back along the track."""
    pos = st.position
    train: dict[str, Any] = {}
    if option["figures_lost"]:
        train["figures"] = dict(trains.losses(pos, car, int(option["figures_lost"])))
    to = pos.board.parse(option["hex"])
    if not option["eliminated"] and to != pos.units[car].hex:
        shift = trains.shift_to(pos, car, to, 6, retreat=True)
        if shift is not None:
            train["cars"] = {c: st.hex_name(h) for c, h in shift.ends}
    return {"train": train} if train else {}


def _check_answer(a: dict[str, Any], faces: list[Any], rid: object, dice: int) -> None:
    """Dice that answer another request than the one due, or the wrong number or faces: refused."""
    if a.get("rid") not in (None, rid):
        raise IllegalAction(f"these dice answer request {a.get('rid')!r}; the dice due are {rid}")
    try:
        validate_faces(faces, dice, "m44")
    except DiceError as exc:
        raise IllegalAction(str(exc)) from None
