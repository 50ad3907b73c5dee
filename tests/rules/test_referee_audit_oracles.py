"""The outside audit's independent oracles: the base rules' movement and retreat written again
from the rule text alone, compared with the referee's answers on random standard-board
positions (seeded, bounded: ORACLE_POSITIONS each).

Movement (base rules "Move Units", p.13-15): infantry 2 (battle after 1), armor 3 (battle
after 3), artillery 1 (no battle after moving); no moving onto or through a unit; a river
without bridge is impassable; forest, town and hedgerow stop the move and forbid a battle
that turn; a hedgerow is entered only as the first hex of a move; a unit leaving a hedgerow
moves one hex. Retreat (p.10-11): one hex toward the own edge per flag, never onto or
through a unit, a river or the ocean; every move that cannot be made costs a figure.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

from companion.rules.referee import answer
from tests.rules.oracle_hexes import Hexish, hex_name, hex_neighbours

W, H = 25, 9
ALL: list[Hexish] = [(c, r) for r in range(H) for c in range(W) if (c + r) % 2 == 0]
POSITIONS = int(os.environ.get("ORACLE_POSITIONS", "300"))
SPEC = {"infantry": (2, 1), "armor": (3, 3), "artillery": (1, 0)}
STOP = {"forest", "town", "hedgerow"}


ON_BOARD = set(ALL)


def name(h: Hexish) -> str:
    return hex_name(h, H)


def neighbours(h: Hexish) -> Iterator[Hexish]:
    return hex_neighbours(h, ON_BOARD)


def move_oracle(kind: str, start: Hexish, terrain: dict[Hexish, str],
                occupied: set[Hexish]) -> dict[str, bool]:
    allowance, limit = SPEC[kind]
    if terrain.get(start) == "hedgerow":
        allowance = 1
    best = {start: 0}
    frontier = [start]
    for step in range(1, allowance + 1):
        nxt = []
        for h in frontier:
            if h != start and terrain.get(h) in STOP:
                continue
            for n in neighbours(h):
                if n in occupied or terrain.get(n) == "river" or n in best:
                    continue
                if terrain.get(n) == "hedgerow" and step > 1:
                    continue
                best[n] = step
                nxt.append(n)
        frontier = nxt
    return {name(h): steps <= limit and (h == start or terrain.get(h) not in STOP)
            for h, steps in best.items()}


def retreat_oracle(target: Hexish, home_up: bool, flags: int, terrain: dict[Hexish, str],
                   occupied: set[Hexish], figures: int) -> list[tuple[str, int, bool]]:
    dr = -1 if home_up else 1
    layer, depth = {target}, 0
    for step in range(1, flags + 1):
        nxt = {(c + dc, r + dr) for c, r in layer for dc in (-1, 1)
               if 0 <= c + dc < W and 0 <= r + dr < H and (c + dc, r + dr) not in occupied
               and terrain.get((c + dc, r + dr)) not in ("river", "ocean")}
        if not nxt:
            break
        layer, depth = nxt, step
    lost = flags - depth
    return sorted((name(h), min(lost, figures), lost >= figures) for h in layer)


def scatter(rng: random.Random, kinds: list[str], most: int, keep: set[Hexish]) -> dict[Hexish, str]:
    return {h: rng.choice(kinds) for h in rng.sample(ALL, rng.randint(0, most)) if h not in keep}


@pytest.mark.parametrize("seed", [1, 2])
def test_move_destinations_match_the_rule_text(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(POSITIONS):
        kind = rng.choice(list(SPEC))
        start = rng.choice(ALL)
        terrain = scatter(rng, ["forest", "town", "hedgerow", "river"], 40, {start})
        if rng.random() < 0.3 and kind != "artillery":
            terrain[start] = rng.choice(sorted(STOP))
        occupied = set(scatter(rng, ["x"], 20, {start}))
        units = [{"id": "u0", "side": "allies", "type": kind, "hex": name(start)}] + [
            {"id": f"o{i}", "side": rng.choice(["allies", "axis"]), "type": "infantry", "hex": name(h)}
            for i, h in enumerate(sorted(occupied))]
        query = {"units": units, "terrain": [{"hex": name(h), "type": t} for h, t in terrain.items()],
                 "ask": {"move": {"unit": "u0"}}}
        got = {d["hex"]: d["can_battle"] for d in answer(query)["move"]["destinations"]}
        assert got == move_oracle(kind, start, terrain, occupied), query


@pytest.mark.parametrize("seed", [1, 2])
def test_retreat_options_match_the_rule_text(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    while checked < POSITIONS:
        side = rng.choice(["axis", "allies"])
        target = rng.choice(ALL)
        away = 1 if side == "axis" else -1  # the attacker stands on the side away from home
        attacker = (target[0] + rng.choice([-1, 1]), target[1] + away)
        if attacker not in set(ALL):
            continue
        terrain = scatter(rng, ["forest", "town", "river", "ocean", "hill"], 40, {target, attacker})
        occupied = set(scatter(rng, ["x"], 25, {target, attacker}))
        flags, figures = rng.randint(1, 3), rng.randint(1, 4)
        other = "allies" if side == "axis" else "axis"
        units = [{"id": "a1", "side": other, "type": "artillery", "hex": name(attacker)},
                 {"id": "x1", "side": side, "type": "infantry", "hex": name(target), "figures": figures}] + [
            {"id": f"o{i}", "side": rng.choice(["allies", "axis"]), "type": "infantry", "hex": name(h)}
            for i, h in enumerate(sorted(occupied))]
        query = {"units": units, "terrain": [{"hex": name(h), "type": t} for h, t in terrain.items()],
                 "ask": {"battle": {"attacker": "a1", "target": "x1"}},
                 "dice": ["flag"] * flags + ["star"] * (3 - flags)}
        result = answer(query)["result"]
        got = sorted((o["hex"], o["figures_lost"], o["eliminated"]) for o in result["retreat"])
        want = retreat_oracle(target, side == "axis", flags, terrain, occupied | {attacker}, figures)
        assert got == want, query
        checked += 1


# Battle dice (base rules "Battle Range", "Terrain Reductions", p.13-16): infantry 3/2/1, armor 3
# at any range to 3, artillery 3/3/2/2/1/1; the target's best single protection against the
# attacker's class (forest, town, hedgerow 1/2/0; sandbags 1/1/0; a bunker 1/2/0 for its owner
# only; a hill 1/1/0 unless the attacker is on a hill too); armor battling out of a town -2.
DICE = {"infantry": (3, 2, 1), "armor": (3, 3, 3), "artillery": (3, 3, 2, 2, 1, 1)}
PROTECTION = {"forest": (1, 2, 0), "town": (1, 2, 0), "hedgerow": (1, 2, 0), "sandbags": (1, 1, 0),
              "bunker": (1, 2, 0), "hill": (1, 1, 0)}
CLASS_INDEX = {"infantry": 0, "armor": 1, "artillery": 2}


def distance(a: Hexish, b: Hexish) -> int:
    dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dr + max(0, (dc - dr) // 2)


def dice_oracle(kind: str, d: int, target_terrain: list[str], own_terrain: list[str],
                bunker_owner: str, target_side: str) -> int:
    protection = 0
    for t in target_terrain:
        if (t == "hill" and "hill" in own_terrain) or (t == "bunker" and bunker_owner != target_side):
            continue
        protection = max(protection, PROTECTION.get(t, (0, 0, 0))[CLASS_INDEX[kind]])
    own = 2 if kind == "armor" and "town" in own_terrain else 0
    base = DICE[kind][d - 1] if d <= len(DICE[kind]) else 0
    return max(0, base - protection - own)


@pytest.mark.parametrize("seed", [1, 2])
def test_battle_dice_match_the_rule_text(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    while checked < POSITIONS:
        kind = rng.choice(list(DICE))
        attacker = rng.choice(ALL)
        if kind == "artillery":  # no line of sight needed: any hex up to 7 away
            target = rng.choice([h for h in ALL if 1 <= distance(attacker, h) <= 7])
        else:  # next to it: nothing stands between
            target = rng.choice(list(neighbours(attacker)))
        pieces = rng.sample(["forest", "town", "hedgerow", "sandbags", "bunker", "hill", "hedgehogs"],
                            rng.randint(0, 2))
        if len(set(pieces) & {"forest", "town", "hedgerow"}) > 1:
            continue  # one terrain tile per hex
        own = rng.sample(["town", "hill", "forest"], rng.randint(0, 1))
        owner, target_side = rng.choice(["axis", "allies"]), rng.choice(["axis", "allies"])
        terrain = [{"hex": name(target), "type": p, **({"owner": owner} if p == "bunker" else {})}
                   for p in pieces]
        terrain += [{"hex": name(attacker), "type": p} for p in own]
        other = "allies" if target_side == "axis" else "axis"
        query = {"units": [{"id": "a1", "side": other, "type": kind, "hex": name(attacker)},
                           {"id": "x1", "side": target_side, "type": rng.choice(list(DICE)),
                            "hex": name(target)}],
                 "terrain": terrain, "ask": {"battle": {"attacker": "a1", "target": "x1"}}}
        want = dice_oracle(kind, distance(attacker, target), pieces, own, owner, target_side)
        got = answer(query)["battle"]
        assert (got["dice"], got["allowed"]) == (want, want > 0), query
        checked += 1
