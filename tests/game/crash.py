"""Kill `companion play` with SIGKILL at random moments and resume it until the game ends."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from companion.store import GameStore

RESULT = re.compile(r"^winner=(allies|axis|none) medals=\d+-\d+ turns=\d+$")


def stored_events(data_dir: Path) -> int:
    store = GameStore(data_dir)
    try:
        games = store.list_games()
        return games[0].events if games else 0
    finally:
        store.close()


def play_with_kills(first_args: list[str], data: Path, kills_wanted: int, rng: random.Random,
                    events_between: tuple[int, int]) -> tuple[str, int]:
    """Run ``companion <first_args>``, kill it after a random number of acknowledged events
    (``events_between``) plus a little, resume with ``play --resume``; repeat ``kills_wanted``
    times, then let it finish. Returns (the final result line, kills made).

    Every run checks that each event it printed (printed only after its commit) is still in
    the store after the kill.
    """
    kills = 0
    first = True
    finished_id: str | None = None
    for _run in range(kills_wanted + 20):
        # a kill after the game's last event was stored but before its result was printed
        # leaves no unfinished game: that finished game is asked for by its id
        args = first_args if first else ["play", "--resume", *([finished_id] if finished_id else [])]
        first = False
        stored_before = stored_events(data)
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", *args, "--data-dir", str(data)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        acked: list[str] = []
        tail: list[str] = []
        enough = threading.Event()
        want = rng.randint(*events_between)

        def read(p: subprocess.Popen[str] = proc, acked: list[str] = acked,
                 tail: list[str] = tail, want: int = want, enough: threading.Event = enough) -> None:
            assert p.stdout is not None
            for line in p.stdout:
                if line.startswith("  · "):
                    acked.append(line)
                    if len(acked) >= want:
                        enough.set()
                tail.append(line.strip())
            enough.set()

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        if kills < kills_wanted:
            enough.wait(timeout=60)
            time.sleep(rng.uniform(0, 0.002))  # a few events at most: acting takes ~0.1 ms
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)
                kills += 1
        proc.wait(timeout=120)
        reader.join(timeout=10)
        assert stored_events(data) >= stored_before + len(acked), \
            (stored_before, len(acked), stored_events(data))
        if proc.returncode == 0 and tail and RESULT.match(tail[-1]):
            return tail[-1], kills
        assert proc.stderr is not None
        if "no unfinished game to resume" in proc.stderr.read():
            finished_id = last_game_id(data)
    raise AssertionError(f"the game never finished after {kills} kills")


def last_game_id(data_dir: Path) -> str | None:
    store = GameStore(data_dir)
    try:
        games = store.list_games()
        return games[0].id if games else None
    finally:
        store.close()
