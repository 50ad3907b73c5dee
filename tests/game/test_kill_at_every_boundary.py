"""kill -9 at every action boundary of a scripted game: the resumed log equals the
uninterrupted one, event for event.

A child process (fork) plays the game with a real SQLite store and kills itself with SIGKILL
right after the Nth action was committed, before anything else runs; the test then opens the
store as a restarted app would, resumes, finishes what a crash may leave (settle) and plays on
with the same player. Every N of the game is tried.
"""

from __future__ import annotations

import os
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession
from companion.scenarios import load_builtin
from companion.store import GameStore

SCENARIO, SEED = "kestrel-field", 1  # a short game with air rules: 135 actions


def _play_on(g: GameSession, seed: int) -> None:
    player = AutoPlayer(seed)
    while not g.over:
        g.act(player.next_action(g))


def _log(g: GameSession) -> list[tuple[int, str, Any]]:
    return [(e.seq, e.kind, e.data) for e in g.events]


def _uninterrupted(tmp: Path) -> tuple[list[tuple[int, str, Any]], int]:
    store = GameStore(tmp / "whole")
    g = GameSession.new(load_builtin(SCENARIO), store, options={"seed": SEED}, deck_seed=SEED,
                        game_id="kill-test")
    actions = 0
    player = AutoPlayer(SEED)
    while not g.over:
        g.act(player.next_action(g))
        actions += 1
    log = _log(g)
    store.close()
    return log, actions


def _killed_after(data: Path, n: int) -> None:
    pid = os.fork()
    if pid == 0:  # the child: play, and die at once after the nth committed action
        try:
            store = GameStore(data)
            g = GameSession.new(load_builtin(SCENARIO), store, options={"seed": SEED},
                                deck_seed=SEED, game_id="kill-test")
            player = AutoPlayer(SEED)
            for _ in range(n):
                g.act(player.next_action(g))
            os.kill(os.getpid(), signal.SIGKILL)
        finally:
            os._exit(3)  # never reached unless something above raised
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, status


@pytest.fixture
def fast_dir(tmp_path: Path) -> Iterator[Path]:
    """A folder in memory when the machine has one: the store's fsyncs cost nothing there, and
    a SIGKILL tests the same (the kernel keeps what was written)."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        with tempfile.TemporaryDirectory(dir=shm) as d:
            yield Path(d)
    else:
        yield tmp_path


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_kill_at_every_action_boundary_resumes_to_the_same_log(fast_dir: Path) -> None:
    tmp_path = fast_dir
    whole, actions = _uninterrupted(tmp_path)
    assert actions > 50
    for n in range(1, actions):
        data = tmp_path / f"kill-{n}"
        _killed_after(data, n)
        store = GameStore(data)
        latest = store.latest_game()
        assert latest is not None, n
        g = GameSession.resume(store, latest.id)
        g.settle()
        _play_on(g, SEED)
        assert _log(g) == whole, f"killed after action {n}"
        store.close()
