"""Broken scenario files (the brief: "a corrupt scenario file ... gets a clear message").

The real editor files, each broken a few ways at random (a key dropped, a value of the wrong
type, a value another file had under the same key, a list item doubled): import gives a
scenario or a ``ScenarioError``, ``scenario check`` runs on what imports, and some of those
start a game the auto player plays for a few turns, never raising anything else. Seeded, so a
failure names what broke it; skipped when the real files are absent. A longer run of the same
breaks (60,000) found two faults, each now a test of its own in ``test_m44_import.py`` (a side
dealt no card, an airdrop side written as an object); these 2,100 a run keep the sweep going.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession
from companion.scenarios.check import problems
from companion.scenarios.m44 import import_m44
from companion.scenarios.model import ScenarioError
from tests.breaking import broken, pool_by_key

REAL = Path(__file__).resolve().parent / "data" / "real"
FILES = sorted(REAL.rglob("*.m44"))
ODD: list[Any] = [None, True, 0, -1, 99, 10**9, 1.5, "", "x", "allies", "AXIS", [], {}, [None],
                  {"x": 1}, "🙂", "None", "1"]


@pytest.fixture(scope="module")
def docs() -> tuple[list[Any], dict[str, list[Any]]]:
    if not FILES:
        pytest.skip("no real scenario files")
    loaded = [json.loads(f.read_text("utf-8")) for f in FILES]
    return loaded, pool_by_key(loaded, longest=300)


@pytest.mark.parametrize("seed", range(3))
def test_broken_real_files_import_or_name_the_field_and_their_games_play(docs, seed):
    loaded, pool = docs
    rnd = random.Random(seed)
    imported = played = 0
    for i in range(700):
        d = broken(rnd, rnd.choice(loaded), ODD, pool, breaks=(1, 2, 3))
        try:
            s = import_m44(d)
        except ScenarioError as exc:
            assert exc.message, exc
            continue
        imported += 1
        problems(s)
        if i % 25:
            continue
        session = GameSession.new(s, deck_seed=i)
        player = AutoPlayer(i)
        acts = 0
        while not session.over and session.state.turn <= 3 and acts < 300:
            session.act(player.next_action(session))
            acts += 1
        played += 1
    assert imported > 100 and played > 3  # the breaks still reach the rules and the game
