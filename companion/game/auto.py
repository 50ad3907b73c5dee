"""A simple built-in player that follows the session's prompts (demos, tests, soak runs).

It is deterministic: every choice depends only on the game's state, and its dice come from the
seed and the position of the roll in the game's history, so a game replays identically after
a crash and resume.
"""

from __future__ import annotations

import random
from typing import Any

from companion.game.session import (
    GameSession,
    battle_targets,
    destinations,
    orders_check,
)
from companion.game.state import GameState
from companion.rules import cards as card_rules
from companion.rules.board import Hex, distance
from companion.rules.odds import DIE_SIDES, FACE_WEIGHTS

_FACES = [f for f, w in FACE_WEIGHTS.items() for _ in range(w)]


def seeded_faces(seed: int, roll: int, count: int) -> list[str]:
    """Simulated battle dice for the game's ``roll``-th roll, fixed by the game's seed."""
    rng = random.Random(f"{seed}:roll:{roll}")
    return [_FACES[rng.randrange(DIE_SIDES)] for _ in range(count)]


def _playable(card_id: str) -> bool:
    """Cards whose whole effect the session drives (the others are played as a last resort)."""
    spec = card_rules.card(card_id)
    return not (spec.direct_attack or spec.orders_from_roll or spec.restores_figures
                or spec.reaction or spec.places_sandbags or not spec.orders_units)


_SECTIONS = ("left", "center", "right")


def _nearest_enemy(st: GameState, h: Hex, side: Any) -> int:
    enemies = [u.hex for u in st.position.units.values() if u.side is not side]
    return min((distance(h, e) for e in enemies), default=99)


class AutoPlayer:
    """Chooses the next action for whichever side the prompt names."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def next_action(self, session: GameSession) -> dict[str, Any]:
        st = session.state
        p = session.prompt()
        kind = p.kind
        if kind == "play_card":
            return {"do": "play_card", "card": self._choose_card(st)}
        if kind == "order":
            return self._choose_units(st)
        if kind == "move":
            return self._move(st)
        if kind == "battle":
            return self._battle(st)
        if kind == "dice":
            assert p.dice is not None
            return {"do": "dice", "faces": seeded_faces(self.seed, p.dice.roll, p.dice.count),
                    "source": "sim"}
        if kind == "review_dice":
            return {"do": "apply_dice"}
        if kind == "retreat":
            return {"do": "retreat", "hex": p.choices[0].key}
        if kind == "take_ground":
            return {"do": "take_ground", "advance": True}
        raise RuntimeError(f"the auto player cannot answer a {kind!r} prompt")

    def _choose_card(self, st: GameState) -> str:
        hand = st.hands.get(st.active, [])
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
            if not _playable(c) or (problems and not ordered):
                continue
            score = len(ordered)
            if best is None or score > best[0]:
                best = (score, c)
        return best[1] if best else (fallback or hand[0])

    def _orders(self, st: GameState, unit_ids: list[str]) -> tuple[list[str], int, list[str]]:
        """The orders for the card in play; for a one-section card, the best section."""
        if st.card is not None and card_rules.card(st.card).one_section:
            results = [orders_check(st, unit_ids, section) for section in _SECTIONS]
            return max(results, key=lambda r: len(r[0]))
        return orders_check(st, unit_ids)

    def _choose_units(self, st: GameState) -> dict[str, Any]:
        own = sorted((u for u in st.position.units.values() if u.side is st.active),
                     key=lambda u: (_nearest_enemy(st, u.hex, u.side), u.id))
        ids = [u.id for u in own]
        action: dict[str, Any] = {"do": "order", "units": []}
        if st.card is not None and card_rules.card(st.card).one_section:
            best = max(_SECTIONS, key=lambda sec: len(orders_check(st, ids, sec)[0]))
            action["section"] = best
            action["units"] = orders_check(st, ids, best)[0]
        else:
            ordered, _, problems = orders_check(st, ids)
            action["units"] = ordered if not problems or ordered else []
        return action

    def _move(self, st: GameState) -> dict[str, Any]:
        for uid in st.ordered:
            if uid in st.moved or uid not in st.position.units:
                continue
            unit = st.position.units[uid]
            if battle_targets(st, uid):
                continue  # already has something to shoot at: stay and battle
            here = _nearest_enemy(st, unit.hex, unit.side)
            best: tuple[tuple[int, int, int, int], Hex] | None = None
            for h, (_, can_battle) in destinations(st, uid).items():
                d = _nearest_enemy(st, h, unit.side)
                key = (0 if can_battle else 1, d, h.row, h.col)
                if d < here and (best is None or key < best[0]):
                    best = (key, h)
            if best is not None:
                return {"do": "move", "unit": uid, "to": st.hex_name(best[1])}
        return {"do": "end_moves"}

    def _battle(self, st: GameState) -> dict[str, Any]:
        ready = [u for u in st.ordered if u in st.position.units and u not in st.battled]
        if st.may_overrun and st.may_overrun in st.position.units:
            ready.insert(0, st.may_overrun)
        for uid in ready:
            overrun = uid == st.may_overrun
            options = battle_targets(st, uid, overrun)
            if options:
                def value(item: tuple[str, Any]) -> tuple[float, str]:
                    tid, check = item
                    p_hit = sum(FACE_WEIGHTS.get(f, 0) for f in check.hit_faces) / DIE_SIDES
                    figures = st.position.units[tid].figures
                    return (-(check.dice * p_hit) + figures * 0.1, tid)
                target = min(options, key=value)[0]
                return {"do": "battle", "attacker": uid, "target": target}
        return {"do": "end_turn"}
