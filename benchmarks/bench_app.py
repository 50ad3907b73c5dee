"""Benchmark of the tablet app: launch to the first drawn board, board redraw after a battle
(the whole map and side panel), a refresh with nothing new (the bound values only), memory
(RSS) after 40 auto-played turns (the app's table and screens live throughout). Prints medians.

    python benchmarks/bench_app.py [--runs 5]

Needs a display: run under Xvfb (``xvfb-run -s "-screen 0 1280x800x24" python ...``) or it
starts ``Xvfb`` itself when DISPLAY is unset. Each launch is a fresh process.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from xdisplay import ensure_display  # benchmarks/, beside this script

CHILD = r"""
import json, os, resource, sys, time
t0 = float(sys.argv[1])
from kivy.config import Config
Config.set("graphics", "width", "1280"); Config.set("graphics", "height", "800")
from kivy.clock import Clock
from companion.ui.app import CompanionApp
from companion.ui.controller import Table
from companion.ui.demo import auto_until
out = {}
table = Table.open(sys.argv[2], sim_delay=3600.0)
table.settings.dice = "sim"
table.new_game("orchard-ridge", deck_seed=11, seed=11)

def rss_mb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

def ready(app):
    board = app.screen("board").ids.board
    def first(dt):
        out["launch_to_board_s"] = time.time() - t0
        out["rss_start_mb"] = rss_mb()
        auto_until(table, "retreat", seed=11) or auto_until(table, "battle", seed=11)
        board_screen = app.screen("board")
        full = getattr(board_screen, "refresh")
        times = []
        for _ in range(20):  # the whole board and side panel drawn again
            a = time.perf_counter()
            try:
                full(force=True)
            except TypeError:  # before the panel view model: every refresh redraws
                app.refresh()
            times.append(time.perf_counter() - a)
        times.sort()
        out["redraw_after_battle_ms"] = 1000 * times[len(times) // 2]
        times = []
        for _ in range(20):  # a refresh with nothing new (bound values only)
            a = time.perf_counter(); app.refresh(); times.append(time.perf_counter() - a)
        times.sort()
        out["refresh_unchanged_ms"] = 1000 * times[len(times) // 2]
        # 40 player turns, auto-played through the app's table (a new game when one is won)
        from companion.game.auto import AutoPlayer
        turns, seed = 0, 11
        while turns < 40:
            s = table.session
            before = s.state.turn
            while not s.over and s.state.turn - before + turns < 40:
                table.act(AutoPlayer(seed).next_action(s))
                if table.message:
                    break
            turns += s.state.turn - before
            if s.over:
                seed += 1
                table.new_game("orchard-ridge", deck_seed=seed, seed=seed)
            elif table.message:
                break
        out["turns_played"] = turns
        out["rss_after_game_mb"] = rss_mb()
        app.stop()
    Clock.schedule_once(first, 0)

CompanionApp(table, on_ready=ready).run()
print("RESULT " + json.dumps(out), file=sys.__stdout__)
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1")
    xvfb = ensure_display(env)
    results: list[dict[str, float]] = []
    try:
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as tmp:
                env["KIVY_HOME"] = str(Path(tmp) / "kivy")
                proc = subprocess.run([sys.executable, "-c", CHILD, repr(time.time()), tmp], env=env,
                                      capture_output=True, text=True, timeout=600)
                line = next((x for x in proc.stdout.splitlines() if x.startswith("RESULT ")), None)
                if line is None:
                    print(proc.stderr[-2000:], file=sys.stderr)
                    return 1
                results.append(json.loads(line[7:]))
    finally:
        if xvfb is not None:
            xvfb.terminate()
    for key, unit in (("launch_to_board_s", "s"), ("redraw_after_battle_ms", "ms"),
                      ("refresh_unchanged_ms", "ms"),
                      ("rss_start_mb", "MB"), ("rss_after_game_mb", "MB"), ("turns_played", "")):
        values = [r[key] for r in results if key in r]
        if values:
            print(f"{key:26} median {statistics.median(values):8.2f} {unit}  (n={len(values)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
