"""`companion play` as a real process: reproducible auto games, kill -9 and resume, bad input."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

from companion.scenarios.jsonformat import save
from companion.store import GameStore
from tests.game.conftest import duel_scenario
from tests.game.crash import RESULT, play_with_kills


def companion(*args: str, data_dir: Path, stdin: str | None = None,
              timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args, "--data-dir", str(data_dir)],
        input=stdin, capture_output=True, text=True, timeout=timeout,
    )


def test_auto_game_is_reproducible_and_ends_with_the_result_line(tmp_path: Path) -> None:
    a = companion("play", "--auto", "--seed", "7", data_dir=tmp_path / "a")
    b = companion("play", "--auto", "--seed", "7", "--quiet", data_dir=tmp_path / "b")
    assert a.returncode == 0, a.stderr
    last = a.stdout.strip().splitlines()[-1]
    assert RESULT.match(last), last
    assert b.stdout.strip() == last
    # it printed the prompts as it went
    assert "play a command card" in a.stdout and "throw" in a.stdout


def test_kill_9_thirty_times_then_resume_gives_the_uninterrupted_result(tmp_path: Path) -> None:
    seed = "11"
    clean = companion("play", "--auto", "--seed", seed, "--quiet", data_dir=tmp_path / "clean")
    assert clean.returncode == 0, clean.stderr
    finished, kills = play_with_kills(["play", "--auto", "--seed", seed], tmp_path / "crashy",
                                      30, random.Random(2024), (1, 3))
    assert kills == 30
    assert finished == clean.stdout.strip()


def test_bad_input_at_the_prompts_changes_nothing(tmp_path: Path) -> None:
    scenario = tmp_path / "duel.json"
    save(duel_scenario(medals=1, x1_figures=3), scenario)
    script = "\n".join([
        "card win_the_war",          # not a card
        "card attack_center",
        "order zz",                   # no such unit
        "order a1",
        "move a1 Q42",               # not a hex
        "move a1 A1",                # out of reach
        "dance",                     # unknown command
        "done",
        "battle a1",                 # missing target
        "battle a1 x1",
        "dice flag",                 # wrong number of dice
        "dice flag flag banana",     # not a face
        "dice infantry infantry grenade",
    ]) + "\n"
    r = companion("play", "--scenario", str(scenario), data_dir=tmp_path / "d", stdin=script)
    assert r.returncode == 0, r.stderr
    errors = [line for line in r.stdout.splitlines() if re.match(r"^(> )?! ", line)]
    assert len(errors) == 8, r.stdout
    assert any("3 dice are due, 1 were given" in e for e in errors)
    assert any("unknown command 'dance'" in e for e in errors)
    assert RESULT.match(r.stdout.strip().splitlines()[-1])
    assert "winner=allies" in r.stdout
    # only the legal steps were recorded
    store = GameStore(tmp_path / "d")
    kinds = [e.kind for e in store.events(store.list_games()[0].id)]
    store.close()
    assert kinds[:5] == ["game_started", "card_played", "units_ordered", "moves_done",
                         "battle_declared"]
    assert kinds.count("dice_read") == 1
