"""Random actions at every moment of air games: each is carried out or refused with
IllegalAction, and a refused one records nothing (no traceback, no half-recorded step)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession, IllegalAction
from companion.scenarios import load_builtin

DOS = ["play_card", "order", "move", "exit", "end_moves", "battle", "dice", "correct", "apply_dice",
       "retreat", "take_ground", "end_turn", "undo", "strafe", "kamikaze", "attack_run",
       "ground_support", "interdiction", "rescue", "withdraw", "card_attack", "bomb", "ambush",
       "recon", "nope"]


def random_action(rng: random.Random, units: list[Any], hexes: list[Any]) -> dict[str, Any]:
    a: dict[str, Any] = {"do": rng.choice(DOS)}
    for k in ("unit", "attacker", "target"):
        if rng.random() < 0.6:
            a[k] = rng.choice(units)
    for k in ("to", "hex"):
        if rng.random() < 0.5:
            a[k] = rng.choice(hexes)
    choices: dict[str, list[Any]] = {
        "units": [units[:2], "x", []], "hexes": [hexes[:2], hexes[:3], "x", []],
        "path": [hexes[:3], [None], "x"], "faces": [["grenade"], ["star", "flag"], [None], "x", [1]],
        "markers": [[{"hex": hexes[0], "ammo": "bomb"}], [{"hex": None, "ammo": "x"}], "bad", [1]],
        "card": ["barrage", "attack_center", "air_power", "air_sortie", 5],
        "targets": [["x1"], [], "x", [None]],
        "deploy": [{"unit": "a9", "hex": hexes[0]}, "x", {"unit": 5}], "sortie_hex": hexes,
        "index": [0, 9, "a"], "face": ["star", "x"], "air_card": ["Rake the Enemy", 3],
    }
    for k, options in choices.items():
        if rng.random() < 0.2:
            a[k] = rng.choice(options)
    return a


@pytest.mark.parametrize("name,seed", [("varenne-bridges", 1), ("kestrel-field", 2)])
def test_random_actions_are_done_or_refused_and_a_refusal_records_nothing(name: str, seed: int) -> None:
    rng = random.Random(seed)
    g = GameSession.new(load_builtin(name), options={"seed": seed}, deck_seed=seed)
    units: list[Any] = [*g.state.position.units, "zz", "", 3]
    hexes: list[Any] = [*[g.state.hex_name(h) for h in g.state.board.all_hexes][::3], "Q9", "", None]
    player = AutoPlayer(seed)
    refused = 0
    for _ in range(1500):
        if g.over:
            break
        if rng.random() < 0.5:
            before = (g.log.last_seq, g.prompt())
            try:
                g.act(random_action(rng, units, hexes))
            except IllegalAction:
                refused += 1
                assert (g.log.last_seq, g.prompt()) == before
        else:
            g.act(player.next_action(g))
    assert refused > 30
