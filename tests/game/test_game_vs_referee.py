"""The game and the rules referee, compared on the same positions (a differential test).

The game layer (GameSession, LegalActions) and the referee (``companion.rules.referee.answer``)
are two paths through the rules core: a player sees the first, an outside tester the second.
Auto-played games (the built-in scenarios and a sample of the real scenario files) are turned,
at every step, into referee queries (``tests/game/referee_bridge.py``) and compared:

- every ordered ground unit the game lets move: its destinations and whether it may battle
  after each, against the ``move`` ask with the card in play;
- every attacker the game lets battle, against every enemy: allowed or not and the dice,
  against the ``battle`` ask with the card in play (``overrun`` for an armor overrun; under
  the New Flight Plan an air unit against an air unit is the ``dogfight`` ask);
- every ordinary battle roll: hits, figures removed, elimination, flags, flags ignored, the
  retreat hexes with their losses, take ground and armor overrun, and the medals an
  elimination by hits wins, against the ``battle`` ask answered with the same dice.

A card's own attack (Barrage, Air Power) is compared too: the ``battle`` ask with the card,
the target and the side playing it. Session 11 added:

- the card's orders, the moment it is played: the units the game offers to order against the
  ``orders`` ask's ``orderable`` (over every section for Infantry Assault; Counter-Attack with
  the card it copies; Their Finest Hour and Medics with the roll), and the order the auto
  player gives (ordered units and orders lost) against its ``valid`` and ``orders_lost``; with
  the players' own cards every card type the side may play is tried (``sweep_cards``);
- Ambush: before a close assault's roll, whether the assaulted unit may strike first and with
  how many dice, against the ``battle`` ask with the card ``ambush`` (the assaulted unit the
  attacker), and the Ambush roll's outcome;
- air: an Air Sortie's entry hexes (``air_sortie``), the dice due, who throws and the outcome of
  an air check, strafing, a kamikaze attack, an attack run and a confirmation re-roll (their
  asks, with the same dice), and the moves left under an enemy plane's ground interdiction
  (``interdiction``).

Not compared, because the game knows what a query cannot say: the re-roll that confirms an
armored car's hits, an Ambush of an air unit's attack run (no ask: the game fires it from next
to the marked unit), a strategic bombing, and air units' flights (their own asks).
What the game knows of the turn's history and a query must be told: a unit that left its
landing craft this turn bears the badge ``landed`` (the bridge adds it from ``GameState.landed``).

Found and fixed with it in session 11 (tests named in docs/rules-coverage.md): a
Counter-Attack of a Counter-Attack, or with nothing to copy, refused every order; a
Counter-Attack of Air Power played as an Air Sortie was played as Air Power; Ambush was never
offered against an armor overrun's close assault; Air Power played as an Air Sortie still
attacked by itself, and so did a Recon 1 played as Air Power under Air Strikes (its sortie
now keeps the Recon's section); the air rules' refusals said ``line_of_sight: false`` whatever
the line.

Found and fixed with it (seed 000, Air Pack, Landing Craft): the referee let a unit that
landed this turn battle, and moved a unit in a craft as a plain unit on ocean (1 hex);
"the units they carry may not battle while in them or during the turn in which they land on
the shore" and "They (and the unit they carry) can move up to 2 hexes, on Ocean hexes and
onto the beach hexes that are the closest to shore" (tests/rules/test_air_pack.py).
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.game import airflow, queries
from companion.game.auto import AutoPlayer
from companion.game.legal import LegalActions
from companion.game.session import GameSession, IllegalAction
from companion.game.state import GameLog, Phase
from companion.rules import cards as card_rules
from companion.rules.board import Side
from companion.rules.referee import QueryError, answer
from companion.scenarios import Scenario, list_builtins, load, load_builtin
from tests.game.referee_bridge import state_to_query

REAL = Path(__file__).resolve().parents[1] / "scenarios" / "data" / "real"
# every fourth real file (sorted), and the one with landing craft: about 30 games
_ALL_REAL = sorted(REAL.rglob("*.m44"))
SAMPLE = sorted({*_ALL_REAL[::4], *(p for p in _ALL_REAL if "Manado" in p.name)})
MAX_STEPS = 300


class Differ:
    """Compares one game's answers with the referee's, keeping every disagreement."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.compared: Counter[str] = Counter()
        self.disagreements: list[str] = []

    def _differ(self, what: str, seq: int, detail: Any) -> None:
        self.disagreements.append(f"{self.name} @{seq} {what}: {detail}")

    def _ask(self, query: dict[str, Any], seq: int) -> dict[str, Any] | None:
        try:
            return answer(query)
        except QueryError as exc:  # the game's own position must always be a valid query
            self._differ("query refused", seq, (exc.as_json(), query["ask"]))
            return None

    @staticmethod
    def card_fields(g: GameSession) -> dict[str, Any]:
        st = g.state
        if st.card is None or airflow.orders_airplane_only(st):
            return {}  # an Air Sortie, or a card played as one: no command card's effects
        out: dict[str, Any] = {"card": st.card}
        copied = queries.counters_for(st)
        if copied:
            out["counters"] = copied
        return out

    def _orders_ask(self, g: GameSession, units: list[str], section: str | None
                    ) -> dict[str, Any] | QueryError:
        """The referee's ``orders`` answer for the card in play (or the error it gives)."""
        st = g.state
        body: dict[str, Any] = {"card": st.card, "side": st.active.value, "units": units}
        counters = queries.counters_for(st)
        if counters is not None:
            body["counters"] = counters
        if section is not None:
            body["section"] = section
        query = state_to_query(st, {"orders": body}, st.order_faces)
        try:
            return answer(query)["orders"]  # type: ignore[no-any-return]
        except QueryError as exc:
            return exc

    @staticmethod
    def _orders_comparable(g: GameSession) -> bool:
        st = g.state
        return (st.phase is Phase.ORDER and st.card is not None
                and st.card != airflow.STANDALONE_SORTIE and not airflow.counters_sortie(st)
                and not (st.air is not None and st.air.sortie)
                and not card_rules.card(st.card).reaction)

    def orders(self, g: GameSession, legal: LegalActions) -> None:
        """The units the game offers to order with the card just played, against the referee's
        ``orders`` ask (its ``orderable``, over every section for a one-section card)."""
        st = g.state
        if not self._orders_comparable(g) or "order" not in legal.actions:
            return
        game = {u.id for u in legal.orderable}
        said: set[str] = set()
        errors: list[dict[str, Any]] = []
        for section in (None, "left", "center", "right"):
            ref = self._orders_ask(g, [], section)
            if isinstance(ref, QueryError):
                if ref.field != "ask.orders.section":
                    errors.append(ref.as_json())
                continue
            said |= set(ref["orderable"])
        self.compared["orders"] += 1
        self.compared[f"card {st.card}"] += 1
        if errors and game:  # the referee refuses the card where the game offers orders
            self._differ(f"orders {st.card}", st.seq, {"game": sorted(game), "referee": errors})
        elif game != said:
            self._differ(f"orders {st.card} (counters {queries.counters_for(st)})", st.seq,
                         {"game only": sorted(game - said), "referee only": sorted(said - game)})

    def sortie(self, g: GameSession, legal: LegalActions) -> None:
        """An Air Sortie to order (Air Pack): the edge hexes the game offers for its airplane,
        against the ``air_sortie`` ask (the card played as one, a Recon 1 with its section, or a
        Section card with the sortie, section by section). Only with no airplane of the side
        flying: then the sortie orders that one."""
        st = g.state
        air = st.air
        if (st.phase is not Phase.ORDER or air is None or not air.sortie or st.card is None
                or st.position.air_rules != "air-pack" or "order" not in legal.actions
                or any(u.side is st.active and u.spec.air and u.airborne
                       for u in st.position.units.values())):
            return
        recon = airflow.played_as_sortie_section(st)
        bodies: list[dict[str, Any]]
        if recon is not None:
            bodies = [{"card": "recon_1", "section": recon.value}]
        elif airflow.orders_airplane_only(st):
            bodies = [{"card": "air_power" if st.card == "air_power" else "air_sortie"}]
        else:
            bodies = [{"card": "air_sortie", "with_section_card": sec.value}
                      for sec in airflow.command_card(st.card).sections]
        said: set[str] = set()
        for body in bodies:
            ref = self._ask(state_to_query(st, {"air_sortie": {"side": st.active.value, **body}}),
                            st.seq)
            if ref is None:
                return
            if not ref["air_sortie"]["allowed"]:
                self._differ(f"air sortie {body}", st.seq, ref["air_sortie"]["reason"])
                return
            said |= set(ref["air_sortie"]["entry_hexes"])
        game = {st.hex_name(h) for h in airflow.sortie_edge_hexes(st)}
        self.compared["air sortie"] += 1
        if game != said:
            self._differ(f"air sortie entry hexes ({st.card})", st.seq,
                         {"game only": sorted(game - said), "referee only": sorted(said - game)})

    def before_order(self, g: GameSession, action: dict[str, Any]) -> dict[str, Any] | None:
        """The referee's answer to the order ``action`` is about to give (plain orders only:
        no unit brought onto the board, no air unit deployed)."""
        st = g.state
        if (action.get("do") != "order" or not self._orders_comparable(g)
                or set(action) - {"do", "units", "section", "roll"}):
            return None  # units brought onto the board, an air unit deployed: the flows' own
        units = [u for u in action.get("units", []) if isinstance(u, str)]
        if any(st.position.units.get(u) is None or st.position.units[u].spec.air for u in units):
            return None
        st_faces = st.order_faces if st.order_faces is not None else action.get("roll")
        if st.order_roll is not None and st_faces is None:
            return None
        section = action.get("section") if isinstance(action.get("section"), str) else None
        body: dict[str, Any] = {"card": st.card, "side": st.active.value, "units": units}
        counters = queries.counters_for(st)
        if counters is not None:
            body["counters"] = counters
        if section is not None:
            body["section"] = section
        try:
            return answer(state_to_query(st, {"orders": body}, st_faces))["orders"]  # type: ignore[no-any-return]
        except QueryError as exc:
            return {"error": exc.as_json(), "units": units}

    def after_order(self, g: GameSession, ref: dict[str, Any], seq: int) -> None:
        ordered = [e for e in g.events if e.seq > seq and e.kind == "units_ordered"]
        if not ordered:
            return
        d = ordered[0].data
        self.compared["order"] += 1
        if "error" in ref:
            # a Counter-Attack with nothing to copy orders nothing in the game; the query must
            # name the card it copies (ask.orders.counters): both order no unit
            if not (d["units"] == [] and ref["error"]["error"]["field"] == "ask.orders.counters"):
                self._differ("order accepted, referee refuses", seq, ref)
            return
        want = list(ref["valid"])
        if ref.get("medics") is not None and not ref["medics"]["ordered"]:
            want = []
        if sorted(d["units"]) != sorted(want) or d.get("lost", 0) != ref["orders_lost"]:
            self._differ(f"order {ref['card']}", seq,
                         {"game": (sorted(d["units"]), d.get("lost", 0)),
                          "referee": (sorted(want), ref["orders_lost"], ref["rejected"])})

    def ambush(self, g: GameSession, legal: LegalActions) -> None:
        """A close assault declared, before its roll: whether the assaulted unit may strike first
        with Ambush and with how many dice, against the ``battle`` ask with the card ``ambush``
        (the assaulted unit the attacker). The game's other conditions (the card held, a battle
        not yet rolled) are its own."""
        st = g.state
        b = st.battle
        if (st.phase is not Phase.DICE or b is None or b.card_attack or b.faces is not None
                or b.confirm_dice or st.ambushed is not None
                or b.attacker not in st.position.units or b.target not in st.position.units):
            return
        a, t = st.position.units[b.attacker], st.position.units[b.target]
        if t.hex not in st.board.neighbours(a.hex):
            return
        _, check = queries.ambush_check(st, b.target, b.attacker)
        ref = self._ask(state_to_query(st, {"battle": {"attacker": b.target, "target": b.attacker,
                                                       "card": "ambush"}}), st.seq)
        if ref is None:
            return
        said = ref["battle"]
        self.compared["ambush"] += 1
        game_view = (check.allowed, check.dice if check.allowed else 0)
        ref_view = (said["allowed"], said["dice"] if said["allowed"] else 0)
        if game_view != ref_view:
            self._differ(f"ambush by {b.target} on {b.attacker}", st.seq,
                         {"game": (*game_view, check.reason), "referee": (*ref_view, said["reason"])})
        offered = "ambush" in legal.actions
        if offered and not said["allowed"]:
            self._differ(f"ambush offered by {b.target} on {b.attacker}", st.seq, said["reason"])

    def before_air_roll(self, g: GameSession, action: dict[str, Any]
                        ) -> tuple[str, dict[str, Any]] | None:
        """The referee's answer to the air roll ``action`` is about to give: an air check
        (``air_check``), strafing (``strafe``), a kamikaze attack (``kamikaze``), an attack run
        (``attack_run``) or a confirmation re-roll (``confirm``), with the same dice; the dice
        due and who throws them are compared now, the outcome after the roll."""
        st = g.state
        air = st.air
        if (st.phase is not Phase.AIR_DICE or action.get("do") != "dice" or air is None
                or air.roll is None or air.roll.unit not in st.position.units
                or any(f is None for f in action.get("faces", [None]))):
            return None
        r = air.roll
        faces = [str(f) for f in action["faces"]]
        pos = st.position
        query: dict[str, Any]
        if r.kind == "air_check":
            # units pinned by the plane's ground interdiction do not add to its air check
            skip = [u for u in air.not_counting.get(r.unit, []) if u in pos.units]
            query = state_to_query(st, {"air_check": {"plane": r.unit, "not_counting": skip}},
                                   faces)
        elif r.kind == "confirm":
            if not r.targets or r.targets[0] not in pos.units:
                return None
            query = state_to_query(st, {"confirm": {"target": r.targets[0]}}, faces)
        elif r.kind == "strafe":
            query = state_to_query(st, {"strafe": {"plane": r.unit, "hexes": r.data["hexes"]}})
            query["dice"] = airflow.cut_throw(faces, r.split)
        elif r.kind == "kamikaze":
            query = state_to_query(st, {"kamikaze": {"plane": r.unit, "target": r.targets[0]}},
                                   faces)
        elif r.kind == "attack_run" and air.runs:
            run = air.runs[0]
            body: dict[str, Any] = {"plane": run["unit"], "markers": run["markers"],
                                    "card": run.get("card")}
            if run.get("their_finest_hour"):
                body["their_finest_hour"] = True
            query = state_to_query(st, {"attack_run": body})
            query["dice"] = airflow.cut_throw(faces, r.split)
            # the markers' ammo was spent when they were placed: the run is asked with it back
            for u in query["units"]:
                if u["id"] == run["unit"] and "ammo" in u:
                    ammo = dict(u["ammo"])
                    for m in run["markers"]:
                        ammo[m["ammo"]] = ammo.get(m["ammo"], 0) + 1
                    u["ammo"] = ammo
        else:
            return None  # an Ambush of an air unit, a strategic bombing: no ask of their own
        ask = next(iter(query["ask"]))
        ref = self._ask(query, st.seq)
        if ref is None:
            return None
        said = ref[ask]
        self.compared[f"air {r.kind}"] += 1
        if r.kind == "air_check":
            game_due: Any = (r.dice, r.thrower)
            ref_due: Any = (said["dice"], said["rolled_by"])
        elif r.kind == "confirm":
            game_due = ref_due = None
        elif r.kind == "kamikaze":
            game_due, ref_due = (True, r.dice), (said["allowed"], said["dice"])
        elif r.kind == "strafe":  # the dice in all, 1 a unit strafed
            game_due = (True, r.dice, list(r.targets))
            ref_due = (said["allowed"], said["dice"], list(said["targets"]))
        else:
            game_due = (True, list(r.split), list(r.targets))
            ref_due = (said["allowed"], list(said["dice"]), list(said["targets"]))
        if game_due != ref_due:
            self._differ(f"air {r.kind} due ({r.unit})", st.seq,
                         {"game": game_due, "referee": (ref_due, said.get("reason"))})
            return None
        return r.kind, said

    def after_air_roll(self, g: GameSession, before: tuple[str, dict[str, Any]], seq: int) -> None:
        kind, said = before
        new = [e for e in g.events if e.seq > seq]
        if kind == "air_check":
            ev = next((e for e in new if e.kind == "air_check"), None)
            if ev is None:
                return
            game: Any = (ev.data["lost"], ev.data["medal_to"])
            ref: Any = (said["result"]["lost"], said["result"]["medal_to"])
        elif kind == "confirm":
            ev = next((e for e in new if e.kind == "air_confirmed"), None)
            if ev is None:
                return
            keys = ("shot_down", "retires", "medal_to", "banned_type", "ammo_returned")
            game = {k: ev.data.get(k) for k in keys}
            ref = {k: said.get(k) for k in keys}
        else:
            ev = next((e for e in new if e.kind == "air_attack_resolved"), None)
            if ev is None:
                return
            keys = ("target", "hits", "figures_removed", "eliminated", "flags", "flags_ignored",
                    "dropped")

            def view(rows: list[dict[str, Any]]) -> list[Any]:
                return [(tuple(r.get(k) for k in keys),
                         sorted((o["hex"], o["figures_lost"], bool(o["eliminated"]))
                                for o in r.get("retreat", [])))
                        for r in rows]

            results = said["results"] if "results" in said else [said["result"]]
            game, ref = view(ev.data["results"]), view(results)
        self.compared[f"air {kind} result"] += 1
        if game != ref:
            self._differ(f"air {kind} result", seq, {"game": game, "referee": ref})

    def moves(self, g: GameSession, legal: LegalActions) -> None:
        st = g.state
        if st.phase is not Phase.MOVE:
            return
        for mover in legal.movers:
            unit = st.position.units[mover.id]
            if unit.spec.air:
                continue
            game = {h: m.can_battle for h, m in legal.moves(mover.id).items()}
            planes = airflow._interdicting_planes(st) if st.air is not None else []
            if planes:
                # an enemy airplane holds ground interdiction this turn (Air Pack): the game knows
                # it from the plane's last turn; a query asks it with the ``interdiction`` ask,
                # which takes the unit's own reach (so no card that changes it)
                spec = queries.card_spec_in_force(st)
                reach = card_rules.move_allowance(spec, unit.spec) if spec is not None else None
                if len(planes) > 1 or (reach is not None and (
                        reach.move, reach.move_and_battle, reach.ignore_terrain_movement)
                        != (unit.spec.move, unit.spec.move_and_battle, False)):
                    continue
                ask: dict[str, Any] = {"interdiction": {"plane": planes[0].id, "unit": mover.id}}
            else:
                ask = {"move": {"unit": mover.id, **self.card_fields(g)}}
            ref = self._ask(state_to_query(st, ask), st.seq)
            if ref is None:
                continue
            own = st.hex_name(unit.hex)
            said = {d["hex"]: d["can_battle"] for d in ref[next(iter(ask))]["destinations"]
                    if d["hex"] != own}
            self.compared["interdiction" if planes else "move"] += 1
            if game != said:
                self._differ(f"move {mover.id} ({unit.type}, card {st.card})", st.seq,
                             {"game only": sorted(set(game) - set(said)),
                              "referee only": sorted(set(said) - set(game)),
                              "can_battle differs": sorted(h for h in game.keys() & said.keys()
                                                           if game[h] != said[h])})

    def battles(self, g: GameSession, legal: LegalActions) -> None:
        st = g.state
        if st.phase is not Phase.BATTLE or "battle" not in legal.actions:
            return
        for a in legal.attackers:
            attacker = st.position.units[a.id]
            for target in list(st.position.units.values()):
                if target.side is attacker.side:
                    continue
                _, check = legal.battle_check(a.id, target.id)
                if attacker.spec.air and target.spec.air and st.position.air_rules == "flight-plan":
                    # New Flight Plan: an air unit battling an air unit is a dogfight, its own
                    # ask (the battle
                    # ask refuses it and names the dogfight ask)
                    ask = "dogfight"
                    body: dict[str, Any] = {"plane": a.id, "target": target.id}
                else:
                    ask = "battle"
                    body = {"attacker": a.id, "target": target.id, **self.card_fields(g)}
                    if st.may_overrun == a.id:
                        body["overrun"] = True
                ref = self._ask(state_to_query(st, {ask: body}), st.seq)
                if ref is None:
                    continue
                said = ref[ask]
                self.compared["battle"] += 1
                game_view = (check.allowed, check.dice if check.allowed else 0)
                ref_view = (said["allowed"], said["dice"] if said["allowed"] else 0)
                if game_view != ref_view:
                    self._differ(f"battle {body}", st.seq,
                                 {"game": (*game_view, check.reason),
                                  "referee": (*ref_view, said["reason"])})

    def before_roll(self, g: GameSession, action: dict[str, Any]
                    ) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The referee's answer to the battle roll ``action`` is about to give, if ordinary."""
        st = g.state
        b = st.battle
        if (st.phase is not Phase.DICE or action.get("do") != "dice" or b is None
                or b.confirm_dice or queries.is_battle_back(st)
                or (st.air is not None and st.air.roll is not None)
                or b.target not in st.position.units):
            return None
        body: dict[str, Any]
        if b.card_attack:  # Barrage, Air Power: the card attacks by itself, the side names it
            body = {"target": b.target, **self.card_fields(g), "side": st.active.value}
        elif b.attacker not in st.position.units:
            return None
        elif queries.is_ambush(st):  # the assaulted unit battles first, with the card Ambush
            body = {"attacker": b.attacker, "target": b.target, "card": "ambush"}
            self.compared["ambush roll"] += 1
        else:
            body = {"attacker": b.attacker, "target": b.target, **self.card_fields(g)}
        if b.overrun:
            body["overrun"] = True
        ref = self._ask(state_to_query(st, {"battle": body}, action["faces"]), st.seq)
        if ref is None:
            return None
        ref["medals_before"] = _elimination_medals(g)
        return ref, body

    def after_roll(self, g: GameSession, before: tuple[dict[str, Any], dict[str, Any]],
                   seq: int) -> None:
        ref, body = before
        resolved = [e for e in g.events if e.seq > seq and e.kind == "battle_resolved"]
        if not resolved:
            return  # the hits wait for a confirmation re-roll (not compared)
        d = resolved[0].data
        r = ref.get("result")
        if r is None:
            self._differ(f"roll {body}", seq, ("the referee gives no result", ref["battle"]))
            return
        self.compared["result"] += 1
        for k in ("hits", "figures_removed", "eliminated", "flags", "flags_ignored",
                  "take_ground", "armor_overrun"):
            if d[k] != r[k]:
                self._differ(f"roll {body} {d['faces']} {k}", seq, {"game": d[k], "referee": r[k]})
        # the British battle back: the game offers it where the referee says it may be made
        if bool(d.get("battle_back")) != bool(r.get("battle_back")):
            self._differ(f"roll {body} {d['faces']} battle_back", seq,
                         {"game": d.get("battle_back"), "referee": r.get("battle_back")})

        if d["eliminated"]:  # the medals of an elimination by hits (the referee's "medals")
            # (the objectives the target held or left are the game's: a query has none)
            after = _elimination_medals(g)
            won = {s: after[s] - ref["medals_before"].get(s, 0) for s in after}
            if won != {s: r["medals"].get(s, 0) for s in after}:
                self._differ(f"roll {body} {d['faces']} medals", seq,
                             {"game": won, "referee": r["medals"]})

        def hexes(opts: list[dict[str, Any]]) -> list[tuple[str, int, bool]]:
            return sorted((o["hex"], o["figures_lost"], bool(o["eliminated"])) for o in opts)

        if hexes(d["retreat"]) != hexes(r["retreat"]):
            self._differ(f"roll {body} {d['faces']} retreat", seq,
                         {"game": hexes(d["retreat"]), "referee": hexes(r["retreat"])})


def try_card(differ: Differ, g: GameSession, card: str, player: AutoPlayer) -> None:
    """Play ``card`` (real cards: the players name it), compare what it lets the side order and
    the auto player's order with the referee's ``orders`` ask, and take the card back. A card
    that rolls for its orders (Their Finest Hour, Medics & Mechanics) is played on a copy of the
    game, whose roll cannot be undone; the faces come from the card and the game's step."""
    trial = _copy(g) if _rolls_for_orders(g, card) else g
    seq = trial.log.last_seq
    try:
        trial.act({"do": "play_card", "card": card})
    except IllegalAction as exc:
        differ._differ(f"card {card} offered, then refused", seq, str(exc))
        return
    legal = trial.legal()
    roll = legal.roll
    if trial.state.phase is Phase.ORDER_DICE and roll is not None:
        rng = random.Random(f"{card}:{seq}")
        trial.act({"do": "dice", "rid": roll.rid,
                   "faces": [rng.choice(FACES) for _ in range(roll.dice)]})
        legal = trial.legal()
    differ.orders(trial, legal)
    differ.sortie(trial, legal)
    if trial.state.phase is Phase.ORDER and "order" in legal.actions:
        action = player.next_action(trial)
        ref = differ.before_order(trial, action)
        before = trial.log.last_seq
        try:
            trial.act(action)
        except IllegalAction as exc:  # the game offered the order, then refused it
            differ._differ(f"{card}: order {action} refused", before, str(exc))
        else:
            if ref is not None:
                differ.after_order(trial, ref, before)
    if trial is g:
        while g.log.last_seq > seq:
            g.act({"do": "undo"})
            if g.state.phase is Phase.PLAY_CARD:
                break
        assert g.state.phase is Phase.PLAY_CARD, (card, g.state.phase)


def _copy(g: GameSession) -> GameSession:
    """Another session of the same game (its log replayed), to play on without undo."""
    events = list(g.events)
    return GameSession(GameLog.replay(events), "trial", events=events)


FACES = ("infantry", "infantry", "armor", "grenade", "star", "flag")


def _rolls_for_orders(g: GameSession, card: str) -> bool:
    st = g.state
    try:
        spec = card_rules.card(card)
    except card_rules.CardError:
        return True  # an air rule set's own card: played on a copy
    if spec.copies_last_card:
        last = st.last_card.get(st.active.other)
        try:
            spec = card_rules.card_in_force(spec, last)
        except card_rules.CardError:
            return False  # nothing it may copy (an Air Sortie, an Ambush): no roll either
    return bool(spec.orders_from_roll or spec.restores_figures)


def sweep_cards(scenario: Scenario, name: str, seed: int, moments: int) -> Differ:
    """A real-card game auto-played: at the first ``moments`` card plays, every card type the
    side may play is tried (``try_card``) before the auto player's own card is played."""
    g = GameSession.new(scenario)
    player = AutoPlayer(seed)
    differ = Differ(f"{name} (real cards)")
    steps = swept = 0
    while not g.over and steps < MAX_STEPS and swept < moments:
        legal = g.legal()
        if g.state.phase is Phase.PLAY_CARD and legal.card_types:
            for card in legal.card_types:
                try_card(differ, g, card, player)
            swept += 1
        g.act(player.next_action(g))
        steps += 1
    return differ


def _elimination_medals(g: GameSession) -> dict[str, int]:
    """Each side's medals for enemy units eliminated so far (the ledger's, worth included)."""
    ledger = g.state.ledger
    return {side.value: sum(ledger.worth.get(u, 1) for u in ledger.eliminated.get(side, ()))
            for side in Side}


def play_and_compare(scenario: Scenario, name: str, seed: int, real_cards: bool = False) -> Differ:
    """Auto-play ``scenario`` (a dealt deck from ``seed``, or with ``real_cards`` the players'
    own: every card may be played, and Ambush answers every close assault it may) and compare."""
    g = GameSession.new(scenario, deck_seed=None if real_cards else seed)
    player = AutoPlayer(seed)
    differ = Differ(name)
    steps = 0
    while not g.over and steps < MAX_STEPS:
        legal = g.legal()
        differ.orders(g, legal)
        differ.sortie(g, legal)
        differ.moves(g, legal)
        differ.battles(g, legal)
        differ.ambush(g, legal)
        action = player.next_action(g)
        before = differ.before_roll(g, action)
        order = differ.before_order(g, action)
        air_roll = differ.before_air_roll(g, action)
        seq = g.log.last_seq
        g.act(action)
        if before is not None:
            differ.after_roll(g, before, seq)
        if order is not None:
            differ.after_order(g, order, seq)
        if air_roll is not None:
            differ.after_air_roll(g, air_roll, seq)
        steps += 1
    return differ


@pytest.mark.parametrize("seed", [7, 11])
@pytest.mark.parametrize("name", list_builtins())
def test_game_and_referee_agree_on_builtin_games(name: str, seed: int) -> None:
    differ = play_and_compare(load_builtin(name), name, seed)
    assert not differ.disagreements, "\n".join(differ.disagreements[:10])
    # the game was played far enough to compare something of each kind
    assert differ.compared["move"] >= 20 and differ.compared["battle"] >= 100
    assert differ.compared["result"] >= 10


@pytest.mark.parametrize("path", SAMPLE, ids=[p.stem for p in SAMPLE])
def test_game_and_referee_agree_on_real_scenario_files(path: Path) -> None:
    differ = play_and_compare(load(path), path.stem, 7)
    assert not differ.disagreements, "\n".join(differ.disagreements[:10])
    assert differ.compared["move"] + differ.compared["battle"] > 0


def test_the_sample_holds_the_landing_craft_scenario() -> None:
    assert len(SAMPLE) >= 25
    assert any("Manado" in p.name for p in SAMPLE)


# --- orders, Ambush, Counter-Attack and air (session 11) ------------------------------------
BASE_CARDS = sorted({c for c in card_rules.deck_list(None) if not card_rules.card(c).reaction})


def test_every_card_of_the_base_deck_orders_what_the_referee_says() -> None:
    # real cards: at the first 12 card plays of each built-in game every card type the side may
    # play is played, its orders compared with the ``orders`` ask and taken back
    compared: Counter[str] = Counter()
    for name in list_builtins():
        differ = sweep_cards(load_builtin(name), name, 7, 12)
        assert not differ.disagreements, "\n".join(differ.disagreements[:10])
        compared.update(differ.compared)
    tried = {k.removeprefix("card ") for k in compared if k.startswith("card ")}
    assert tried >= set(BASE_CARDS) - {"air_power"}  # Air Power orders no unit (its own attack)
    assert compared["orders"] >= 500 and compared["order"] >= 400
    assert compared["air sortie"] > 0  # Air Power played as an Air Sortie (Air Pack)


@pytest.mark.parametrize("path", SAMPLE[::6], ids=[p.stem for p in SAMPLE[::6]])
def test_every_card_orders_what_the_referee_says_on_real_scenario_files(path: Path) -> None:
    differ = sweep_cards(load(path), path.stem, 7, 3)
    assert not differ.disagreements, "\n".join(differ.disagreements[:10])
    assert differ.compared["orders"] >= 20


@pytest.mark.parametrize("name", list_builtins())
def test_game_and_referee_agree_with_the_players_own_cards(name: str) -> None:
    # with real cards every card may be played and Ambush answers every close assault it may
    differ = play_and_compare(load_builtin(name), name, 7, real_cards=True)
    assert not differ.disagreements, "\n".join(differ.disagreements[:10])
    assert differ.compared["ambush"] >= 1 and differ.compared["ambush roll"] >= 1


def test_the_new_flight_plan_air_rolls_agree_with_the_air_asks() -> None:
    compared: Counter[str] = Counter()
    for seed in range(1, 7):
        for real in (False, True):
            differ = play_and_compare(load_builtin("varenne-bridges"), "varenne-bridges", seed, real)
            assert not differ.disagreements, "\n".join(differ.disagreements[:10])
            compared.update(differ.compared)
    for kind in ("attack_run", "confirm"):
        assert compared[f"air {kind}"] >= 10 and compared[f"air {kind} result"] >= 10


def _random_air_files(first: int, count: int) -> list[tuple[int, Scenario]]:
    """Editor files made at random with airplanes and air options (benchmarks/
    random_editor_files.py --air), the ones with air rules."""
    import json
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from random_editor_files import DATA, editor_file  # type: ignore[import-not-found]

    from companion.scenarios import ScenarioError, import_m44

    sed = json.loads((DATA / "sed_names.json").read_text())
    codes = json.loads((DATA / "bga_codes.json").read_text())
    out = []
    for seed in range(first, first + count):
        try:
            scenario = import_m44(editor_file(seed, sed, codes, True))
        except ScenarioError:
            continue
        if scenario.air.rules is not None:
            out.append((seed, scenario))
    return out


def test_the_air_pack_rolls_agree_with_the_air_asks_on_random_air_editor_files() -> None:
    compared: Counter[str] = Counter()
    files = _random_air_files(0, 48)
    assert len(files) >= 25
    for seed, scenario in files:
        differ = play_and_compare(scenario, f"air file {seed}", seed, real_cards=seed % 3 == 0)
        assert not differ.disagreements, "\n".join(differ.disagreements[:10])
        compared.update(differ.compared)
    for kind in ("air_check", "strafe", "kamikaze"):
        assert compared[f"air {kind}"] >= 5 and compared[f"air {kind} result"] >= 5
    assert compared["air sortie"] >= 20 and compared["interdiction"] >= 1
