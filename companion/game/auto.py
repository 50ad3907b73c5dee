"""A simple built-in player that follows the session's prompts (demos, tests, soak runs).

It is deterministic: every choice depends only on the game's state, and its dice come from the
seed and the position of the roll in the game's history, so a game replays identically after
a crash and resume.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from companion.game import airflow
from companion.game.flows import flow_of
from companion.game.legal import LegalActions, TargetOption
from companion.game.queries import live_card_targets, orders_check
from companion.game.session import GameSession
from companion.game.state import GameState
from companion.rules import cards as card_rules
from companion.rules.air.air_combat_cards import AIR_COMBAT_CARDS
from companion.rules.board import Hex, distance
from companion.rules.odds import DIE_SIDES, FACE_WEIGHTS

_FACES = [f for f, w in FACE_WEIGHTS.items() for _ in range(w)]


def seeded_faces(seed: int, roll: int, count: int) -> list[str]:
    """Simulated battle dice for the game's ``roll``-th roll, fixed by the game's seed."""
    rng = random.Random(f"{seed}:roll:{roll}")
    return [_FACES[rng.randrange(DIE_SIDES)] for _ in range(count)]


def _playable(card_id: str, air_power_sorties: bool = False) -> bool:
    """Cards whose whole effect the session drives (the others are played as a last resort)."""
    spec = card_rules.card(card_id)
    if card_id == "air_power" and air_power_sorties:
        return True  # played as an Air Sortie
    if spec.direct_attack is not None:
        return True  # the session rolls its attack (card_attack)
    return not (spec.reaction or not spec.orders_units)


_SECTIONS = ("left", "center", "right")


def _nearest_enemy(st: GameState, h: Hex, side: Any) -> int:
    enemies = [u.hex for u in st.position.units.values() if u.side is not side]
    return min((distance(h, e) for e in enemies), default=99)


def _still_to_move(st: GameState) -> Iterator[tuple[str, Any]]:
    """The ordered ground units that have not moved yet, with their units."""
    for uid in st.ordered:
        unit = st.position.units.get(uid)
        if uid in st.moved or unit is None or unit.spec.air:
            continue
        yield uid, unit


class AutoPlayer:
    """Chooses the next action for whichever side the prompt names."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._legal: LegalActions | None = None

    def next_action(self, session: GameSession) -> dict[str, Any]:
        """The action to take now: one of the session's legal actions."""
        st = session.state
        self._legal = session.legal()
        p = session.prompt()
        kind = p.kind
        rule_act = self._rule_action(st, p.actions) if st.rules_state is not None else None
        if rule_act is not None:
            return rule_act
        if kind == "play_card":
            return self._play_card(st)
        if kind == "order":
            return self._choose_units(st)
        if kind == "move":
            if "ambush" in p.actions:
                return {"do": "ambush"}  # the marked side holds Ambush (checked by the session)
            return self._move(st)
        if kind == "battle":
            if "attack_run" in p.actions:
                return {"do": "attack_run"}
            if "card_attack" in p.actions:
                if live_card_targets(st):
                    return {"do": "card_attack"}
                targets = _direct_targets(st, st.card or "")
                if targets:
                    return {"do": "card_attack", "targets": targets}
            for act, action in (("ground_support", "ground_support"),
                                ("interdiction", "ground_interdiction")):
                if act in p.actions:
                    plane = _plane_for(st, action)
                    if plane is not None:
                        return {"do": act, "unit": plane}
            return self._battle(st)
        if kind == "dice" and "ambush" in p.actions:
            return {"do": "ambush"}  # the assaulted side holds Ambush (checked by the session)
        if kind == "dice":
            assert p.dice is not None
            return {"do": "dice", "faces": seeded_faces(self.seed, p.dice.roll, p.dice.count),
                    "source": "sim"}
        if kind == "review_dice":
            pending: Any = (st.order_roll if st.order_roll is not None
                            else st.air.roll if st.air is not None and st.air.roll is not None
                            else st.rules_state.roll if st.rules_state is not None
                            and st.rules_state.roll is not None
                            else st.battle)
            faces = list(pending.faces or []) if pending is not None else []
            if None in faces:  # a die nobody could read: the auto player gives it a face
                i = faces.index(None)
                face = seeded_faces(self.seed, st.rolls * 31 + i, 1)[0]
                return {"do": "correct", "index": i, "face": face}
            return {"do": "apply_dice"}
        if kind == "retreat":
            return {"do": "retreat", "hex": p.choices[0].key}
        if kind == "take_ground":
            return {"do": "take_ground", "advance": True}
        if kind == "battle_back":  # the die is free: the held British unit always answers
            legal = self._legal
            assert legal is not None
            fight = legal.battle_back is not None and legal.battle_back.dice > 0
            return {"do": "battle_back", **({} if fight else {"decline": True})}
        raise RuntimeError(f"the auto player cannot answer a {kind!r} prompt")

    def _play_card(self, st: GameState) -> dict[str, Any]:
        card = self._choose_card(st)
        blitz = self._blitz_air_power(st, card)
        if blitz is not None:
            return blitz
        return _tactics(st).card_action(self, st, {"do": "play_card", "card": card})

    def _rule_action(self, st: GameState, actions: tuple[str, ...]) -> dict[str, Any] | None:
        """The scenario rules' steps: the Commissar's chip card, healing, sealing a cave, a
        bridge blown up (worth a medal: tried whenever offered), the desert move (each only when
        the moment offers it)."""
        legal = self._legal
        assert legal is not None
        if "mine_number" in actions:
            # the table turns a real token over; the auto player simulates one (0-3, from the
            # seed and the game's position in its log)
            rng = random.Random(f"{self.seed}:mine:{st.seq}")
            return {"do": "mine_number", "number": rng.randrange(4)}
        if "commissar_card" in actions:
            held = [c["card"] for c in legal.candidates() if c["do"] == "commissar_card"]
            # a card that answers the opponent's (Counter-Attack) or his moves (Ambush) is not
            # one to commit to a turn ahead
            sure = [c for c in held if not card_rules.card(c).copies_last_card
                    and not card_rules.card(c).reaction]
            card = self._choose_card(st, sure or held or None)
            return {"do": "commissar_card", "card": card}
        for act in ("airdrop", "smoke", "deploy", "winter_loss", "seal_cave", "heal", "blow_bridge",
                    "resupply", "unload"):
            if act in actions:
                found = [c for c in legal.candidates() if c["do"] == act]
                if found:
                    return found[0]
        if "desert_move" in actions and st.may_overrun is not None:
            unit = st.position.units[st.may_overrun]
            here = _nearest_enemy(st, unit.hex, unit.side)
            best = min(((_nearest_enemy(st, st.board.parse(c["to"]), unit.side), c["to"], c)
                        for c in legal.candidates() if c["do"] == "desert_move"),
                       default=None, key=lambda x: (x[0], x[1]))
            if best is not None and best[0] < here and not legal.targets(st.may_overrun):
                return best[2]
        return None

    def _blitz_air_power(self, st: GameState, card: str) -> dict[str, Any] | None:
        """Blitz: a Recon 1 card held is played as Air Power when Air Power has targets."""
        if st.rules_state is None or "blitz" not in st.rules_state.flows:
            return None
        legal = self._legal
        assert legal is not None
        options = [c for c in legal.candidates() if c["do"] == "play_card" and c.get("as_card")]
        if not options or card_rules.card(card).kind.value == "tactic":
            return None
        targets = _direct_targets(st, "air_power")
        return options[0] if len(targets) >= 2 else None

    def _sortie_hex(self, st: GameState, card: str) -> str | None:
        """An empty edge hex where an Air Sortie may enter, nearest the enemy."""
        spec = airflow.command_card(card)
        board = st.board
        recon = airflow.played_as_sortie_section(st) if card == st.card else None
        best: tuple[tuple[int, int, int], Hex] | None = None
        for h in board.all_hexes:
            if not board.is_edge(h) or st.position.is_occupied(h):
                continue
            if spec.sections and not (board.sections(h, st.active) & set(spec.sections)):
                continue
            if recon is not None and recon not in board.sections(h, st.active):
                continue  # a Recon 1 played as the Air Sortie enters in its own section
            key = (_nearest_enemy(st, h, st.active), h.row, h.col)
            if best is None or key < best[0]:
                best = (key, h)
        return st.hex_name(best[1]) if best else None

    def _choose_card(self, st: GameState, among: list[str] | None = None) -> str:
        hand = st.hands.get(st.active, [])
        if st.deck is None:  # real cards on the table: any card of the deck may be played
            hand = sorted(set(card_rules.deck_list(flow_of(st).rules)))
        if among is not None:
            hand = among
        elif st.rules_state is not None:
            hand = flow_of(st).playable_cards(st, list(hand)) or hand
        own = [u.id for u in st.position.units.values() if u.side is st.active]
        best: tuple[int, str] | None = None
        fallback: str | None = None
        for c in hand:
            saved = st.card
            st.card = c
            try:
                ordered, _, problems = self._orders(st, own)
                _, _, empty_problems = orders_check(st, [])
            finally:
                st.card = saved
            if fallback is None and not empty_problems:
                fallback = c
            sorties = _tactics(st).air_power_sorties
            if c == "air_power" and sorties:
                ordered, problems = ["sortie"], []
            elif card_rules.card(c).direct_attack is not None:
                found = _direct_targets(st, c)
                ordered, problems = (["attack"] * (2 + len(found)) if found else []), []
            if not _playable(c, sorties) or (problems and not ordered):
                continue
            score = len(ordered)
            if best is None or score > best[0]:
                best = (score, c)
        return best[1] if best else (fallback or hand[0])

    def _roll(self, st: GameState) -> list[str] | None:
        """Their Finest Hour / Medics & Mechanics: 1 die per card held (this one included),
        simulated from the seed and the turn."""
        if st.card is None:
            return None
        if st.order_faces is not None:
            return list(st.order_faces)
        spec = card_rules.card(st.card)
        if not (spec.orders_from_roll or spec.restores_figures):
            return None
        held = len(st.hands.get(st.active, [])) or 5
        return seeded_faces(self.seed, 100_000 + st.turn, held)

    def _orders(self, st: GameState, unit_ids: list[str]) -> tuple[list[str], int, list[str]]:
        """The orders for the card in play; for a one-section card, the best section."""
        roll = self._roll(st)
        if st.card is not None and card_rules.card(st.card).one_section:
            results = [orders_check(st, unit_ids, section, roll) for section in _SECTIONS]
            return max(results, key=lambda r: len(r[0]))
        return orders_check(st, unit_ids, roll=roll)

    def _choose_units(self, st: GameState) -> dict[str, Any]:
        own = sorted((u for u in st.position.units.values() if u.side is st.active),
                     key=lambda u: (_nearest_enemy(st, u.hex, u.side), u.id))
        ids = [u.id for u in own]
        if st.rules_state is not None and self._legal is not None:
            # units the scenario lets the card order onto the board come first (Armor
            # Breakthrough, paradrops); the card's other orders go to the units on it
            from companion.game import ruleflows

            for c in ruleflows.rule_candidates(self._legal):
                if c.get("do") != "order" or not c.get("arrive"):
                    continue
                found = ruleflows.order_with_arrivals(st, c, ids, c.get("section"),
                                                      st.order_faces)
                if found is None:
                    continue
                units = [u for u in found[0] if u in st.position.units]
                again = ruleflows.order_with_arrivals(st, c, units, c.get("section"),
                                                      st.order_faces)
                if again is not None and not again[2]:
                    return {**c, "units": units}
        action: dict[str, Any] = {"do": "order", "units": []}
        ids, deploy, done = _tactics(st).air_orders(self, st, own, ids, action)
        if done:
            return action
        roll = self._roll(st)
        if roll is not None:
            action["roll"] = roll
            if card_rules.card(st.card or "").restores_figures:  # the unit that lost the most
                hurt = sorted((u for u in own if u.figures < u.spec.figures),
                              key=lambda u: (u.figures - u.spec.figures, u.id))
                ids = [u.id for u in hurt][:1]
        if st.card is not None and card_rules.card(st.card).one_section:
            best = max(_SECTIONS, key=lambda sec: len(orders_check(st, ids, sec, roll,
                                                                   air_deploy=deploy)[0]))
            action["section"] = best
            action["units"] = orders_check(st, ids, best, roll, air_deploy=deploy)[0]
        else:
            ordered, _, problems = orders_check(st, ids, roll=roll, air_deploy=deploy)
            action["units"] = ordered if not problems or ordered else []
        return action

    def _deploy(self, st: GameState, action: dict[str, Any]) -> None:
        """New Flight Plan: bring an air unit that retired or withdrew back, nearest the enemy."""
        air = st.air
        assert air is not None and st.card is not None
        pool = air.reserve.get(st.active.value, [])
        if not pool or card_rules.card(st.card).kind.value != "section":
            return
        spec = card_rules.card(st.card)
        board = st.board
        best: tuple[tuple[int, int, int, int], Hex] | None = None
        for h in board.all_hexes:
            here = st.position.unit_at(h)
            # a vacant hex, or (seed 001) one with an enemy ground unit to mark from the start
            if here is not None and (here.side is st.active or here.spec.air):
                continue
            if spec.sections and not (board.sections(h, st.active) & set(spec.sections)):
                continue
            key = (0 if here is not None else 1, _nearest_enemy(st, h, st.active), h.row, h.col)
            if best is None or key < best[0]:
                best = (key, h)
        if best is not None:
            action["deploy"] = {"unit": pool[0]["id"], "hex": st.hex_name(best[1])}

    def _move(self, st: GameState) -> dict[str, Any]:
        act = _tactics(st).air_move(self, st)
        if act is not None:
            return act
        legal = self._legal
        assert legal is not None
        goal = _exit_goal(st, st.active)
        if goal:
            for uid in legal.exits:
                return {"do": "exit", "unit": uid}
            step = self._toward(st, goal)
            if step is not None:
                return step
        step = self._supply_run(st)
        if step is not None:
            return step
        for uid, unit in _still_to_move(st):
            legal = self._legal
            assert legal is not None
            if legal.targets(uid):
                continue  # already has something to shoot at: stay and battle
            here = _nearest_enemy(st, unit.hex, unit.side)
            best: tuple[tuple[int, int, int, int], Hex] | None = None
            for name, move in legal.moves(uid).items():
                h = st.board.parse(name)
                d = _nearest_enemy(st, h, unit.side)
                key = (0 if move.can_battle else 1, d, h.row, h.col)
                if d < here and (best is None or key < best[0]):
                    best = (key, h)
            if best is not None:
                return {"do": "move", "unit": uid, "to": st.hex_name(best[1])}
        return {"do": "end_moves"}

    def _supply_run(self, st: GameState) -> dict[str, Any] | None:
        """A supply train with units aboard heads for the nearest railway station."""
        if "supply_train" not in st.scenario.variants or st.rules_state is None:
            return None
        stations = [h for h, names in st.position.terrain.items() if "railway_station" in names]
        done = st.rules_state.data.get("unloaded", [])
        legal = self._legal
        assert legal is not None
        for uid, unit in _still_to_move(st):
            if unit.spec.train_car != "locomotive" or uid in done or not stations:
                continue
            here = min(distance(unit.hex, s) for s in stations)
            best = min(((min(distance(st.board.parse(n), s) for s in stations), n)
                        for n in legal.moves(uid)), default=None)
            if best is not None and best[0] < here:
                return {"do": "move", "unit": uid, "to": best[1]}
        return None

    def _toward(self, st: GameState, goal: tuple[Hex, ...]) -> dict[str, Any] | None:
        """A move of an ordered ground unit that brings it nearer an exit hex of ``goal``."""
        legal = self._legal
        assert legal is not None
        for uid, unit in _still_to_move(st):
            here = min(distance(unit.hex, g) for g in goal)
            best: tuple[tuple[int, int, int], Hex] | None = None
            for name in legal.moves(uid):
                h = st.board.parse(name)
                key = (min(distance(h, g) for g in goal), h.row, h.col)
                if key[0] < here and (best is None or key < best[0]):
                    best = (key, h)
            if best is not None:
                return {"do": "move", "unit": uid, "to": st.hex_name(best[1])}
        return None

    def _battle(self, st: GameState) -> dict[str, Any]:
        legal = self._legal
        assert legal is not None
        for attacker in legal.attackers:
            options = legal.targets(attacker.id)
            if options:
                def value(t: TargetOption) -> tuple[float, str]:
                    p_hit = sum(FACE_WEIGHTS.get(f, 0) for f in t.hit_faces) / DIE_SIDES
                    figures = st.position.units[t.target].figures
                    return (-(t.dice * p_hit) + figures * 0.1, t.target)
                target = min(options, key=value).target
                return {"do": "battle", "attacker": attacker.id, "target": target}
        return {"do": "end_turn"}

def _exit_goal(st: GameState, side: Any) -> tuple[Hex, ...]:
    """The exit hexes ``side`` heads for: when its medals win only with more of its units
    exited (a scenario's exits_to_win), or when no enemy unit is left to fight; else none."""
    need = st.ledger.exits_needed.get(side, 0)
    short = len(st.ledger.exited.get(side, ())) < need
    alone = not any(u.side is not side for u in st.position.units.values())
    if not (short or alone):
        return ()
    return tuple(h for o in st.objectives if o.kind.value == "exit" and o.claimable_by(side)
                 for h in o.hexes)


def _direct_targets(st: GameState, card_id: str) -> list[str]:
    """Barrage / Air Power targets: the weakest enemy unit, and for Air Power up to 3 more enemy
    units next to each other."""
    from companion.rules import orders as order_rules

    spec = card_rules.card(card_id)
    attack = spec.direct_attack
    if attack is None:
        return []
    enemies = sorted((u for u in st.position.units.values() if u.side is not st.active
                      and card_rules.direct_attack_check(spec, st.position, st.active, u.id).allowed),
                     key=lambda u: (u.figures, u.id))
    if not enemies:
        return []
    group = [enemies[0]]
    if attack.adjacent_group:
        for u in enemies[1:]:
            if len(group) >= attack.max_targets:
                break
            if any(distance(u.hex, g.hex) == 1 for g in group) and \
                    order_rules.air_power_group_ok(st.position, st.active,
                                                   [g.id for g in group] + [u.id]) is None:
                group.append(u)
    return [u.id for u in group]


def _plane_for(st: GameState, action: str) -> str | None:
    """An ordered airborne airplane that moved, has done nothing yet and may do ``action``."""
    from companion.rules.air.aircraft import AIRPACK_MODELS

    assert st.air is not None
    for uid in st.ordered:
        u = st.position.units.get(uid)
        if u is None or not u.spec.air or not u.airborne or uid not in st.moved:
            continue
        model = AIRPACK_MODELS.get(u.model or "")
        if model is not None and action in model.actions and not st.air.actions.get(uid):
            return uid
    return None


def _flight_paths(st: GameState, unit: Any, steps: int) -> list[list[Hex]]:
    """Every simple path of 1..steps hexes from the unit's hex (the rules check each one)."""
    board = st.board
    out: list[list[Hex]] = []

    def walk(path: list[Hex], seen: set[Hex]) -> None:
        if path:
            out.append(list(path))
        if len(path) == steps:
            return
        here = path[-1] if path else unit.hex
        for n in board.neighbours(here):
            if n not in seen:
                seen.add(n)
                path.append(n)
                walk(path, seen)
                path.pop()
                seen.discard(n)

    walk([], {unit.hex})
    return out


def _valid_flight(st: GameState, unit: Any, path: list[Hex]) -> bool:
    rules = airflow.rules_of(st)
    return rules.check_flight(st.position, unit, path,
                              enemy_bases=airflow.enemy_bases(st, unit.side)).allowed


def _marker_ammo(target: Any, ammo: dict[str, int]) -> str | None:
    symbol = {"infantry": "infantry", "armor": "armor"}.get(target.spec.target_class.value)
    if ammo.get("bomb", 0) > 0 and (symbol is None or ammo.get("machine_gun", 0) <= 0):
        return "bomb"
    if symbol is not None and ammo.get("machine_gun", 0) > 0:
        return "machine_gun"
    return None


def _flight_plan_move(st: GameState, unit: Any) -> dict[str, Any]:
    from companion.rules.air import flightplan

    pos = st.position
    rules = airflow.rules_of(st)
    assert isinstance(rules, flightplan.FlightPlanRules)
    ammo = rules.ammo_of(unit)
    paths = _flight_paths(st, unit, rules.max_move - unit.moved)
    best: tuple[tuple[int, int, int, int, int, int], list[Hex], list[dict[str, str]]] | None = None
    for path in paths:
        markers: list[dict[str, str]] = []
        left = dict(ammo)
        for h in path:
            t = pos.unit_at(h)
            kind = _marker_ammo(t, left) if (t is not None and t.side is not unit.side
                                              and not t.spec.air) else None
            if kind is None or len(markers) == flightplan.MAX_RUN_MARKERS:
                if markers:
                    break
                continue
            markers.append({"hex": st.hex_name(h), "ammo": kind})
            left[kind] -= 1
        end = path[-1]
        if pos.is_occupied(end):
            continue
        landing = ("airfield" in pos.terrain_names(end) and end not in airflow.enemy_bases(st, unit.side)
                   and pos.terrain_owner(end, "airfield") in (None, unit.side))
        empty = sum(left.values()) == 0
        dogfight = any(o.spec.air and o.airborne and o.side is not unit.side
                       for o in (pos.unit_at(n) for n in st.board.neighbours(end)) if o is not None)
        bomb = airflow.could_bomb(st, unit, end, left.get("bomb", 0))
        key = (-len(markers), 0 if bomb else 1, 0 if (landing and empty) else 1,
               0 if dogfight else 1, _nearest_enemy(st, end, unit.side), len(path))
        if best is None or key < best[0]:
            if not _valid_flight(st, unit, path):
                continue
            if markers:
                try:
                    placed = [flightplan.Marker(st.board.parse(m["hex"]), m["ammo"]) for m in markers]
                    check = rules.run_check(pos, unit.id, placed, path=path)
                except ValueError:
                    continue
                if not check.allowed:
                    continue
            best = (key, path, markers)
    if best is None:
        return {"do": "end_moves"}
    _, path, markers = best
    action: dict[str, Any] = {"do": "move", "unit": unit.id, "to": st.hex_name(path[-1]),
                              "path": [st.hex_name(h) for h in path]}
    if markers:
        action["markers"] = markers
    return action


def _entering_move(st: GameState, uid: str, entry: Hex) -> dict[str, Any]:
    """New Flight Plan: an air unit deployed onto an occupied hex flies off it, placing markers
    on the enemy hexes from its entry hex on (the most it can), nearest the enemy at the end."""
    from companion.game.errors import IllegalAction

    assert st.air is not None
    dep = st.air.entering[uid]
    pos = st.position
    options: list[tuple[tuple[int, int, int], list[Hex], list[dict[str, str]]]] = []
    paths: list[list[Hex]] = [[entry]]
    frontier = [[entry]]
    for _ in range(3):
        frontier = [[*p, n] for p in frontier for n in st.board.neighbours(p[-1]) if n not in p]
        paths += frontier
    for path in paths[1:]:
        if pos.is_occupied(path[-1]):
            continue
        left = dict(dep["ammo"])
        markers: list[dict[str, str]] = []
        for h in path:
            t = pos.unit_at(h)
            kind = _marker_ammo(t, left) if (t is not None and t.side is not st.active
                                              and not t.spec.air) else None
            if kind is None or len(markers) == 3:
                if markers:
                    break
                continue
            markers.append({"hex": st.hex_name(h), "ammo": kind})
            left[kind] -= 1
        options.append(((-len(markers), _nearest_enemy(st, path[-1], st.active), len(path)),
                        path, markers))
    for _, path, markers in sorted(options, key=lambda o: o[0]):
        action: dict[str, Any] = {"do": "move", "unit": uid, "to": st.hex_name(path[-1]),
                                  "path": [st.hex_name(h) for h in path]}
        if markers:
            action["markers"] = markers
        try:
            airflow.enter_move(st, uid, path[-1], action)
        except IllegalAction:
            continue
        return action
    raise RuntimeError(f"the auto player finds no way for {uid} to fly off {st.hex_name(entry)}")


def _air_pack_move(st: GameState, unit: Any) -> dict[str, Any]:
    pos = st.position
    best: tuple[tuple[int, int, int, int], list[Hex]] | None = None
    for path in _flight_paths(st, unit, 4 - unit.moved):
        end = path[-1]
        if pos.is_occupied(end):
            continue
        targets = sum(1 for n in st.board.neighbours(end)
                      if (o := pos.unit_at(n)) is not None and o.side is not unit.side
                      and not (o.spec.air and o.airborne))
        key = (-min(targets, 3), _nearest_enemy(st, end, unit.side), len(path), end.col)
        if (best is None or key < best[0]) and _valid_flight(st, unit, path):
            best = (key, path)
    if best is None:
        return {"do": "end_moves"}
    path = best[1]
    return {"do": "move", "unit": unit.id, "to": st.hex_name(path[-1]),
            "path": [st.hex_name(h) for h in path]}


def _air_pack_action(st: GameState, plane: Any) -> dict[str, Any] | None:
    """Strafe the best run of up to 3 contiguous hexes next to the plane, or dive (Zero)."""
    from companion.rules.air import airpack
    from companion.rules.air.aircraft import AIRPACK_MODELS, AirAction

    model = AIRPACK_MODELS.get(plane.model or "")
    if model is None:
        return None
    pos = st.position
    ring = st.board.neighbours(plane.hex)
    enemies = [h for h in ring if (o := pos.unit_at(h)) is not None and o.side is not plane.side
               and not (o.spec.air and o.airborne)]
    if not enemies:
        return None
    if AirAction.KAMIKAZE in model.actions:
        target = max((pos.unit_at(h) for h in enemies), key=lambda o: (o.figures if o else 0))
        if target is not None and not target.spec.air:
            return {"do": "kamikaze", "unit": plane.id, "target": target.id}
    if AirAction.STRAFING not in model.actions:
        return None
    rules = airpack.AirPackRules()
    best: tuple[int, list[Hex]] | None = None
    for start in enemies:
        chain = [start]
        for _ in range(2):
            nxt = [h for h in ring if h not in chain and distance(h, chain[-1]) == 1]
            if not nxt:
                break
            nxt.sort(key=lambda h: (0 if h in enemies else 1, h.row, h.col))
            chain.append(nxt[0])
        for n in range(len(chain), 0, -1):
            check = airpack.strafe_check(rules, pos, plane.id, chain[:n])
            if check.allowed:
                if best is None or len(check.targets) > best[0]:
                    best = (len(check.targets), chain[:n])
                break
    if best is None:
        return None
    return {"do": "strafe", "unit": plane.id, "hexes": [st.hex_name(h) for h in best[1]]}


# --- the air rules, as the auto player plays them (one set of tactics per rule set) --------------
class _Tactics:
    """A game without air rules: no air fields, no air moves."""

    air_power_sorties = False  # Air Power is played as an Air Sortie

    def card_action(self, player: AutoPlayer, st: GameState, action: dict[str, Any]
                    ) -> dict[str, Any]:
        return action

    def air_orders(self, player: AutoPlayer, st: GameState, own: list[Any], ids: list[str],
                   action: dict[str, Any]) -> tuple[list[str], str | None, bool]:
        """(units to order, the air deploy's section, the order is complete as it stands)."""
        return ids, None, False

    def air_move(self, player: AutoPlayer, st: GameState) -> dict[str, Any] | None:
        """The next air move: an action after a flight, an air unit entering, one to fly."""
        air = st.air
        if air is None:
            return None
        pos = st.position
        for uid in st.ordered:
            u = pos.units.get(uid)
            if u is None or not u.spec.air or uid not in st.moved or air.actions.get(uid):
                continue
            act = self.after_move(st, u)
            if act is not None:
                return act
        for uid, entry in airflow.entering_units(st):
            return _entering_move(st, uid, st.board.parse(entry))
        for uid in st.ordered:
            u = pos.units.get(uid)
            if u is None or not u.spec.air or uid in st.moved:
                continue
            return self.fly(st, u)
        return None

    def after_move(self, st: GameState, unit: Any) -> dict[str, Any] | None:
        """What an air unit that has moved does next (None: nothing)."""
        return None

    def fly(self, st: GameState, unit: Any) -> dict[str, Any]:
        """The flight of an ordered air unit that has not moved yet."""
        raise AssertionError("a game without air rules has no air units to fly")


def _flying(st: GameState) -> bool:
    return any(u.side is st.active and u.spec.air and u.airborne for u in st.position.units.values())


class _AirPackTactics(_Tactics):
    """Air Pack: an Air Sortie with a section card (or by itself), strafe or dive after moving,
    and always move a flying airplane."""

    air_power_sorties = True

    def card_action(self, player: AutoPlayer, st: GameState, action: dict[str, Any]
                    ) -> dict[str, Any]:
        air = st.air
        assert air is not None
        card, side = action["card"], st.active
        if (card_rules.card(card).kind.value == "section" and air.sorties.get(side.value, 0) > 0
                and not _flying(st) and player._sortie_hex(st, card) is not None):
            action["air_sortie"] = True
        elif (card_rules.card(card).kind.value != "section" and card != "air_power"
              and air.sorties.get(side.value, 0) > 0 and not _flying(st)
              and player._sortie_hex(st, airflow.STANDALONE_SORTIE) is not None):
            # keep the tactic card and play the Air Sortie card by itself (Air Pack p.3)
            return {"do": "play_card", "card": airflow.STANDALONE_SORTIE}
        return action

    def air_orders(self, player: AutoPlayer, st: GameState, own: list[Any], ids: list[str],
                   action: dict[str, Any]) -> tuple[list[str], str | None, bool]:
        air = st.air
        assert air is not None
        flying = [u.id for u in own if u.spec.air and u.airborne]
        grounded = {u.id for u in own if u.spec.air and not u.airborne}
        if any(f in ids for f in flying):
            # one airborne airplane per side (Air Pack p.4-5): none takes off beside it
            ids = [i for i in ids if i not in grounded]
        kept: list[str] = []  # nor two grounded airplanes or Ready-to-Take-off stacks at once
        for i in ids:
            if airflow.airborne_limit_problem(st, [*kept, i]) is None:
                kept.append(i)
        ids = kept
        if not air.sortie:
            return ids, None, False
        recon = airflow.played_as_sortie_section(st)
        if flying and recon is not None and recon not in st.board.sections(
                st.position.units[flying[0]].hex, st.active):
            # a Recon 1 played as the Air Sortie orders only an airplane over its own section
            # (seed 000 p.3): the one flying elsewhere leaves and a fresh one enters there
            where = player._sortie_hex(st, st.card or "air_power")
            if where is not None:
                action["sortie_hex"] = where
                action["units"] = []
                return [], None, True
        if not flying:
            where = player._sortie_hex(st, st.card or "air_power") if st.card != "air_power" \
                else player._sortie_hex(st, "air_power")
            if where is not None:
                action["sortie_hex"] = where
                # the fresh airplane is the side's one airborne airplane: none takes off beside it
                ids = [i for i in ids if i not in grounded
                       and airflow.airborne_limit_problem(st, [i], sortie=True) is None]
        if st.card in ("air_power", airflow.STANDALONE_SORTIE):
            action["units"] = flying[:1]
            return ids, None, True
        try:
            ids, _, deploy = flow_of(st).order_extras(st, action, ids, "auto")
        except ValueError:
            deploy = None
        return ids, deploy, False

    def after_move(self, st: GameState, unit: Any) -> dict[str, Any] | None:
        return _air_pack_action(st, unit) if unit.airborne else None

    def fly(self, st: GameState, unit: Any) -> dict[str, Any]:
        return _air_pack_move(st, unit)


class _FlightPlanTactics(_Tactics):
    """New Flight Plan: an Air Combat card with a run, air units back in by deploy, the path
    that places the most ammo markers, strategic bombing."""

    def card_action(self, player: AutoPlayer, st: GameState, action: dict[str, Any]
                    ) -> dict[str, Any]:
        air = st.air
        assert air is not None
        side = st.active
        types = {u.type for u in st.position.units.values() if u.side is side and u.spec.air}
        for title in air.cards.get(side.value, []):
            spec = AIR_COMBAT_CARDS[title]
            if spec.run is not None and spec.restriction in types:
                action["air_card"] = title
                break
        return action

    def air_orders(self, player: AutoPlayer, st: GameState, own: list[Any], ids: list[str],
                   action: dict[str, Any]) -> tuple[list[str], str | None, bool]:
        deploy: str | None = None
        player._deploy(st, action)
        if "deploy" in action:
            try:
                _, _, deploy = flow_of(st).order_extras(st, action, [], "auto")
            except ValueError:
                del action["deploy"]
        return ids, deploy, False

    def after_move(self, st: GameState, unit: Any) -> dict[str, Any] | None:
        if unit.id in airflow.bombers(st):
            return {"do": "bomb", "unit": unit.id}  # strategic bombing of the objective below
        return None

    def fly(self, st: GameState, unit: Any) -> dict[str, Any]:
        return _flight_plan_move(st, unit)


_TACTICS: dict[str | None, _Tactics] = {
    None: _Tactics(), airflow.AIR_PACK: _AirPackTactics(), airflow.FLIGHT_PLAN: _FlightPlanTactics(),
}


def _tactics(st: GameState) -> _Tactics:
    """The auto player's tactics for the rule set of the game's flow."""
    return _TACTICS[flow_of(st).rules]
