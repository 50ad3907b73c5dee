"""The app's start, stage by stage, against a bare Kivy window drawing as many hexes, in one run.

    python benchmarks/bench_app_start.py [--runs 7] [--baseline DIR]

Every start is a fresh process under X (it starts ``Xvfb`` itself when DISPLAY is unset). Two
kinds of process take turns, run after run, so a busy machine slows both alike:

- **app**: what ``companion app`` does on a tablet that played before (the saved game comes
  back on the board screen): Kivy's window, the companion's imports, the table opened and its
  game restored, ``CompanionApp`` built, until the first frame in which the board is drawn.
- **bare**: a Kivy ``App`` whose one widget draws the same number of hexes (filled hexagon and
  outline, 113 on the standard board), until its first frame.

Stages, each from the end of the one before (wall time, medians over the runs):
``interpreter`` (process start to the first line of the script), ``kivy`` (``kivy.app`` and the
window), ``imports`` (the companion's modules), ``scenario`` (table opened, game restored),
``kv`` (``.kv`` files parsed by ``Builder.load_file`` before the first frame, counted out of
the build), ``build`` (the rest of ``App.build``), ``first frame`` (build's end to the swap of
the first frame showing the board, done). Prints the medians, the total of each kind and the ratio
app / bare (issue 18's goal: the first drawn board within 1.5x the bare window), and the CPU
time each process had used by then (user + system, its threads included: other jobs on the
machine move it less than wall time). Never fails on timings.

``--baseline DIR`` starts another checkout's app too, in the same rounds (``git worktree add DIR
COMMIT``; it runs with this interpreter and DIR first on ``PYTHONPATH``). The bytecode of both
checkouts' ``companion`` is compiled first (``compileall``), so that neither start pays for
compiling a module edited since (``PYTHONDONTWRITEBYTECODE`` would make it pay at every start).
"""

from __future__ import annotations

import argparse
import compileall
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from xdisplay import ensure_display  # benchmarks/, beside this script

ROOT = Path(__file__).resolve().parents[1]

# Shared by both children: stage stamps, the first-frame watch, the result line.
COMMON = r"""
import sys, time
T = {"start": float(sys.argv[1]), "interpreter": time.time()}
KV = [0.0]
def stamp(name):
    T[name] = time.time()
def done(app):
    Window.flip()  # the swap itself, then stamped: the frame is on the screen
    T["first frame"] = time.time()
    T["kv_seconds"] = KV[0]
    import resource
    use = resource.getrusage(resource.RUSAGE_SELF)
    T["cpu_seconds"] = use.ru_utime + use.ru_stime
    print("RESULT " + json.dumps(T), file=sys.__stdout__, flush=True)
    app.stop()
import json, os
from kivy.config import Config
Config.set("graphics", "width", "1280"); Config.set("graphics", "height", "800")
from kivy.app import App
from kivy.core.window import Window
stamp("kivy")
"""

APP = COMMON + r"""
from kivy.lang import Builder
_load_file = Builder.load_file
def timed_load_file(*a, **kw):
    t = time.perf_counter()
    try:
        return _load_file(*a, **kw)
    finally:
        KV[0] += time.perf_counter() - t
Builder.load_file = timed_load_file
from companion.ui.controller import Table
from companion.ui.app import CompanionApp
stamp("imports")
table = Table.open(sys.argv[2])
if not table.restore():
    raise SystemExit("no saved game to restore")
stamp("scenario")
KV[0] = 0.0

class Timed(CompanionApp):
    def build(self):
        sm = super().build()
        stamp("build")
        def flip(*_):
            screen = self.sm.current_screen if self.sm is not None else None
            board = screen.ids.get("board") if screen is not None and screen.name == "board" else None
            if board is not None and board.draws:
                Window.unbind(on_flip=flip)
                done(self)
                return True  # swapped already
        Window.bind(on_flip=flip)
        return sm

Timed(table).run()
"""

BARE = COMMON + r"""
import math
from kivy.graphics import Color, Line, Mesh
from kivy.uix.widget import Widget
stamp("imports")
stamp("scenario")

class Hexes(Widget):
    # a hex board of the standard shape: 13 full hexes in even rows, 12 in odd rows, 9 rows
    def draw(self, *_):
        self.canvas.clear()
        if self.width < 10:
            return
        r = min(self.width / 27, self.height / 14)
        with self.canvas:
            for row in range(9):
                for col in range(row % 2, 25, 2):
                    cx = self.x + r * 1.2 + col * r * math.sqrt(3) / 2
                    cy = self.top - r * 1.2 - row * r * 1.5
                    pts = [(cx + r * math.cos(math.pi / 6 + i * math.pi / 3),
                            cy + r * math.sin(math.pi / 6 + i * math.pi / 3)) for i in range(6)]
                    Color(0.55, 0.7, 0.4, 1)
                    verts = [v for x, y in pts for v in (x, y, 0, 0)]
                    Mesh(vertices=verts, indices=list(range(6)), mode="triangle_fan")
                    Color(0.2, 0.2, 0.2, 1)
                    Line(points=[c for p in pts for c in p], close=True, width=1)
                    self.hexes += 1

class Bare(App):
    def build(self):
        w = Hexes()
        w.hexes = 0
        w.bind(size=w.draw, pos=w.draw)
        stamp("build")
        def flip(*_):
            if w.hexes:
                Window.unbind(on_flip=flip)
                T["hexes"] = w.hexes
                done(self)
                return True  # swapped already
        Window.bind(on_flip=flip)
        return w

Bare().run()
"""

STAGES = ("interpreter", "kivy", "imports", "scenario", "kv", "build", "first frame")


def stages(t: dict[str, float]) -> dict[str, float]:
    """Seconds per stage from one child's stamps (kv is counted out of the build stage)."""
    order = ["start", "interpreter", "kivy", "imports", "scenario", "build", "first frame"]
    out = {b: t[b] - t[a] for a, b in itertools.pairwise(order)}
    out["kv"] = t.get("kv_seconds", 0.0)
    out["build"] -= out["kv"]
    out["total"] = t["first frame"] - t["start"]
    out["cpu"] = t["cpu_seconds"]
    return out


def make_saved_game(data_dir: str, env: dict[str, str]) -> None:
    """A table that played before: the demo game, left on the board screen."""
    code = ("import sys; from companion.ui.controller import Table\n"
            "t = Table.open(sys.argv[1]); t.settings.dice = 'sim'; t.save_settings()\n"
            "from companion.scenarios import DEMO_SCENARIO\n"
            "assert t.new_game(DEMO_SCENARIO), t.message\n"
            "t.close()\n")
    out = subprocess.run([sys.executable, "-c", code, data_dir], env=env, capture_output=True,
                         text=True, timeout=120)
    if out.returncode != 0:
        raise SystemExit(f"could not make a saved game: {out.stderr[-1500:]}")


def run_child(script: Path, data_dir: str, env: dict[str, str], path: Path = ROOT) -> dict[str, float]:
    env = dict(env, PYTHONPATH=str(path))
    proc = subprocess.run([sys.executable, str(script), repr(time.time()), data_dir], env=env,
                          capture_output=True, text=True, timeout=300)
    line = next((x for x in proc.stdout.splitlines() if x.startswith("RESULT ")), None)
    if line is None:
        raise SystemExit(f"a start gave no result (exit {proc.returncode}):\n{proc.stderr[-2500:]}")
    result: dict[str, float] = json.loads(line[7:])
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7, help="starts of each kind (default 7)")
    ap.add_argument("--baseline", type=Path, help="another checkout whose app to start beside")
    args = ap.parse_args()
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1")
    xvfb = None
    tmp = tempfile.TemporaryDirectory(prefix="bench-app-start-")
    try:
        xvfb = ensure_display(env)
        env["KIVY_HOME"] = str(Path(tmp.name) / "kivy")  # shared: made by the first start
        data_dir = str(Path(tmp.name) / "data")
        make_saved_game(data_dir, env)
        kinds: dict[str, tuple[Path, Path]] = {}
        for kind, text in (("app", APP), ("bare", BARE)):  # files: Kivy's App looks for its source
            kinds[kind] = (Path(tmp.name) / f"start_{kind}.py", ROOT)
            kinds[kind][0].write_text(text)
        if args.baseline is not None:
            kinds["baseline"] = (kinds["app"][0], args.baseline.resolve())
        for _script, path in kinds.values():  # what a tablet's install holds: bytecode
            if (path / "companion").is_dir():
                compileall.compile_dir(str(path / "companion"), quiet=1)
        for script, path in kinds.values():  # one start each first: Kivy's home, caches, fonts
            run_child(script, data_dir, env, path)
        runs: dict[str, list[dict[str, float]]] = {k: [] for k in kinds}
        hexes = 0
        for _ in range(args.runs):
            for kind, (script, path) in kinds.items():
                t = run_child(script, data_dir, env, path)
                hexes = int(t.get("hexes", hexes))
                runs[kind].append(stages(t))
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait()
        tmp.cleanup()
    med = {k: {s: statistics.median(r[s] for r in rs) for s in (*STAGES, "total", "cpu")}
           for k, rs in runs.items()}
    print(f"python {sys.version.split()[0]}, {args.runs} starts of each, medians in ms "
          f"(bare: a Kivy window drawing {hexes} hexes)")
    print(f"  {'stage':<12}" + "".join(f" {k:>9}" for k in runs))
    for s in (*STAGES, "total", "cpu"):
        print(f"  {s:<12}" + "".join(f" {med[k][s] * 1000:9.1f}" for k in runs))
    for k, rs in runs.items():
        totals = [r["total"] for r in rs]
        print(f"  {k}: total min {min(totals) * 1000:.1f} max {max(totals) * 1000:.1f}")
    bare = med["bare"]["total"]
    for k in runs:
        if k != "bare":
            print(f"first drawn board [{k}]: {med[k]['total'] / bare:.2f}x the bare window "
                  f"(goal: within 1.5x); its CPU time {med[k]['cpu'] / med['bare']['cpu']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
