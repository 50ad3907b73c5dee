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
the target and the side playing it. Not compared, because the game knows what a query cannot
say: an Ambush roll (the order of battles), the re-roll that confirms an armored car's or an
airplane's hits, and air units' flights (their own asks).
What the game knows of the turn's history and a query must be told: a unit that left its
landing craft this turn bears the badge ``landed`` (the bridge adds it from ``GameState.landed``).

Found and fixed with it (seed 000, Air Pack, Landing Craft): the referee let a unit that
landed this turn battle, and moved a unit in a craft as a plain unit on ocean (1 hex);
"the units they carry may not battle while in them or during the turn in which they land on
the shore" and "They (and the unit they carry) can move up to 2 hexes, on Ocean hexes and
onto the beach hexes that are the closest to shore" (tests/rules/test_air_pack.py).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.game import queries
from companion.game.auto import AutoPlayer
from companion.game.legal import LegalActions
from companion.game.session import GameSession
from companion.game.state import Phase
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
        if st.card is None or st.card == "air_sortie":
            return {}
        out: dict[str, Any] = {"card": st.card}
        copied = queries.counters_for(st)
        if copied:
            out["counters"] = copied
        return out

    def moves(self, g: GameSession, legal: LegalActions) -> None:
        st = g.state
        if st.phase is not Phase.MOVE:
            return
        for mover in legal.movers:
            unit = st.position.units[mover.id]
            if unit.spec.air:
                continue
            game = {h: m.can_battle for h, m in legal.moves(mover.id).items()}
            ref = self._ask(state_to_query(st, {"move": {"unit": mover.id,
                                                         **self.card_fields(g)}}), st.seq)
            if ref is None:
                continue
            own = st.hex_name(unit.hex)
            said = {d["hex"]: d["can_battle"] for d in ref["move"]["destinations"]
                    if d["hex"] != own}
            self.compared["move"] += 1
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
                or b.confirm_dice or queries.is_ambush(st) or queries.is_battle_back(st)
                or (st.air is not None and st.air.roll is not None)
                or b.target not in st.position.units):
            return None
        body: dict[str, Any]
        if b.card_attack:  # Barrage, Air Power: the card attacks by itself, the side names it
            body = {"target": b.target, **self.card_fields(g), "side": st.active.value}
        elif b.attacker not in st.position.units:
            return None
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


def _elimination_medals(g: GameSession) -> dict[str, int]:
    """Each side's medals for enemy units eliminated so far (the ledger's, worth included)."""
    ledger = g.state.ledger
    return {side.value: sum(ledger.worth.get(u, 1) for u in ledger.eliminated.get(side, ()))
            for side in Side}


def play_and_compare(scenario: Scenario, name: str, seed: int) -> Differ:
    g = GameSession.new(scenario, deck_seed=seed)
    player = AutoPlayer(seed)
    differ = Differ(name)
    steps = 0
    while not g.over and steps < MAX_STEPS:
        legal = g.legal()
        differ.moves(g, legal)
        differ.battles(g, legal)
        action = player.next_action(g)
        before = differ.before_roll(g, action)
        seq = g.log.last_seq
        g.act(action)
        if before is not None:
            differ.after_roll(g, before, seq)
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
