"""`companion play --auto` on the air scenarios: reproducible, and kill -9 then resume gives the
result of the uninterrupted game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.store import GameStore
from tests.game.crash import RESULT, play_with_kills
from tests.game.test_play_cli import companion


@pytest.mark.parametrize("scenario", ["varenne-bridges", "kestrel-field"])
def test_air_scenario_auto_game_is_reproducible_and_uses_the_air_rules(
        tmp_path: Path, scenario: str) -> None:
    a = companion("play", "--auto", "--seed", "4", "--scenario", scenario, data_dir=tmp_path / "a")
    b = companion("play", "--auto", "--seed", "4", "--scenario", scenario, "--quiet",
                  data_dir=tmp_path / "b")
    assert a.returncode == 0, a.stderr
    last = a.stdout.strip().splitlines()[-1]
    assert RESULT.match(last) and "winner=none" not in last, last
    assert b.stdout.strip() == last
    store = GameStore(tmp_path / "a")
    try:
        events = store.events(store.list_games()[0].id)
    finally:
        store.close()
    air = {e.kind for e in events} & {"ammo_spent", "air_attack_resolved", "air_check", "air_hits",
                                       "air_confirmed", "air_resupplied"}
    assert air, "the auto player used no air rule"


def test_kill_9_on_an_air_scenario_then_resume_gives_the_uninterrupted_result(tmp_path: Path) -> None:
    args0 = ["play", "--auto", "--seed", "9", "--scenario", "varenne-bridges"]
    clean = companion(*args0, "--quiet", data_dir=tmp_path / "clean")
    assert clean.returncode == 0, clean.stderr
    finished, kills = play_with_kills(args0, tmp_path / "crashy", 10, random.Random(44), (2, 12))
    assert kills == 10
    assert finished == clean.stdout.strip()


def test_air_commands_in_the_terminal_and_bad_input_at_the_air_prompts(tmp_path: Path) -> None:
    script = "\n".join([
        "card direct_from_hq", "order a9", "move a9 F5", "done", "end",
        "card probe_left", "order", "done", "end",
        "card direct_from_hq", "order a9",
        "move a9 h6 path=f6,g6,h6 markers=f6:machine_gun,g6:napalm",  # no such ammo
        "move a9 h6 path=f6,h6",                                       # not a chain
        "move a9 h6 path=f6,g6,h6 markers=f6:machine_gun,g6:bomb",
        "done",
        "end",                                                         # the run waits
        "run",
        "dice grenade",                                                # 2 dice are due
        "dice infantry grenade",
        "quit",
    ]) + "\n"
    r = companion("play", "--scenario", "varenne-bridges", data_dir=tmp_path / "d", stdin=script)
    assert r.returncode == 0, r.stderr
    errors = [line for line in r.stdout.splitlines() if line.lstrip("> ").startswith("! ")]
    assert len(errors) == 4, r.stdout
    assert any("2 dice are due" in e for e in errors)
    store = GameStore(tmp_path / "d")
    kinds = [e.kind for e in store.events(store.list_games()[0].id)]
    store.close()
    assert kinds.count("ammo_spent") == 1 and kinds.count("air_attack_resolved") == 1
