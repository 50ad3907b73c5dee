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
    while True:
        args = first_args if first else ["play", "--resume"]
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
            time.sleep(rng.uniform(0, 0.02))
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)
                kills += 1
        proc.wait(timeout=120)
        reader.join(timeout=10)
        assert stored_events(data) >= stored_before + len(acked), \
            (stored_before, len(acked), stored_events(data))
        if proc.returncode == 0 and tail and RESULT.match(tail[-1]):
            return tail[-1], kills
