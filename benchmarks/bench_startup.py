"""Start-up benchmark: whole ``companion`` processes against a bare interpreter, in one run.

    .venv/bin/python benchmarks/bench_startup.py [--rounds 15] [--only rules,help]
    .venv/bin/python benchmarks/bench_startup.py --baseline DIR [--rounds 15]

Runs, as separate processes, a bare interpreter (``python -I -S -c pass``), ``companion
--help``, every sub-command's ``--help``, one referee query (``companion rules FILE``, a battle
with dice) and ``companion play --resume`` of a short saved game (which then reads ``quit``).
The commands take turns, round after round, so a busy machine slows them all alike; it prints
each one's median wall time and its ratio to the bare interpreter's median of the same run, and
the same for the CPU time the process used (user + system), which other jobs move less.

The ``companion`` command is the installed console script beside this interpreter
(``.venv/bin/companion``), or ``python -m companion`` where there is none. Goals (issue 18):
a referee query within 3x the bare interpreter, ``companion --help`` within 2x. Never fails
on timings.

``--baseline DIR`` runs every command of another version too, in the same rounds: DIR is a
checkout with its own ``.venv`` (``git worktree add DIR COMMIT && (cd DIR && scripts/setup)``),
and its ``DIR/.venv/bin/companion`` is timed beside this one's.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# A battle on the standard board with line of sight, dice and retreat options: the referee's
# everyday question (no cards, no air rules).
QUERY = {
    "board": "standard", "bottom": "allies",
    "terrain": [{"hex": "C5", "type": "hill"}, {"hex": "I5", "type": "town"},
                {"hex": "c2", "type": "forest"}],
    "units": [{"id": "a1", "side": "allies", "type": "infantry", "hex": "F3"},
              {"id": "a2", "side": "allies", "type": "armor", "hex": "H3"},
              {"id": "x1", "side": "axis", "type": "infantry", "hex": "F5"},
              {"id": "x2", "side": "axis", "type": "armor", "hex": "J7"}],
    "ask": {"battle": {"attacker": "a1", "target": "x1"}},
    "dice": ["infantry", "flag"],
}

# the opening of the demo scenario, then quit: the game stays unfinished in the store
GAME_SCRIPT = "options\nquit\n"


def companion_command(python: Path) -> list[str]:
    script = python.with_name("companion")
    return [str(script)] if script.exists() else [str(python), "-m", "companion"]


def sub_commands() -> list[str]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from companion.cli import COMMANDS

    return list(COMMANDS)


def make_saved_game(cmd: list[str], data_dir: str, env: dict[str, str]) -> None:
    """Starts a game of the demo scenario with simulated dice and leaves it unfinished."""
    out = subprocess.run([*cmd, "play", "--dice", "sim", "--data-dir", data_dir], input=GAME_SCRIPT,
                         env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"could not make a saved game: {out.stderr.strip()}")


def command_cases(cmd: list[str], tmp: str, names: list[str]) -> list[tuple[str, list[str], str | None]]:
    query_file = Path(tmp, "query.json")
    query_file.write_text(json.dumps(QUERY))
    cases: list[tuple[str, list[str], str | None]] = [("--help", [*cmd, "--help"], None)]
    cases += [(f"{name} --help", [*cmd, name, "--help"], None) for name in names]
    cases += [
        ("rules QUERY", [*cmd, "rules", str(query_file)], None),
        ("play --resume", [*cmd, "play", "--resume", "--data-dir", tmp], "quit\n"),
    ]
    return cases


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=15, help="runs of each command (default 15)")
    ap.add_argument("--only", default="", help="comma-separated labels to run (with 'bare' always)")
    ap.add_argument("--baseline", type=Path, help="a checkout with its own .venv to time beside")
    args = ap.parse_args()

    names = sub_commands()
    versions: dict[str, list[str]] = {"": companion_command(Path(sys.executable))}
    if args.baseline is not None:
        versions["baseline"] = companion_command(args.baseline.resolve() / ".venv" / "bin" / "python")
    bare = ("bare", [sys.executable, "-I", "-S", "-c", "pass"], None)
    cases: list[tuple[str, list[str], str | None]] = [bare]
    envs: dict[str, dict[str, str]] = {}
    for version, cmd in versions.items():
        tmp = tempfile.mkdtemp(prefix="bench-startup-")
        env = dict(os.environ, COMPANION_DATA_DIR=tmp)
        make_saved_game(cmd, tmp, env)
        for label, argv, stdin in command_cases(cmd, tmp, names):
            full = f"{label} [{version}]" if version else label
            envs[full] = env
            cases.append((full, argv, stdin))
    envs["bare"] = dict(os.environ)
    if args.only:
        keep = {w.strip() for w in args.only.split(",")} - {"bare"}
        cases = [c for c in cases if c[0] == "bare" or any(k in c[0] for k in keep)]

    # check each command works before timing it (a failing command is no start-up figure)
    for label, argv, stdin in cases:
        out = subprocess.run(argv, input=stdin, env=envs[label], capture_output=True, text=True)
        if out.returncode != 0:
            raise SystemExit(f"{label}: exit {out.returncode}: {out.stderr.strip()[-400:]}")

    times: dict[str, list[float]] = {label: [] for label, _, _ in cases}
    cpu: dict[str, list[float]] = {label: [] for label, _, _ in cases}
    for _ in range(args.rounds):
        for label, argv, stdin in cases:
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(argv, input=stdin, env=envs[label], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, text=True)
            times[label].append(time.perf_counter() - t0)
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[label].append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)

    bare_median = statistics.median(times["bare"])
    bare_cpu = statistics.median(cpu["bare"])
    for version, cmd in versions.items():
        print(f"companion{f' [{version}]' if version else ''}: {' '.join(cmd)}")
    print(f"python: {sys.version.split()[0]}, {args.rounds} rounds, medians (ratio to bare); "
          "cpu: the process's user + system time (less moved by other jobs on the machine)")
    width = max(len(label) for label in times)
    for label, ts in times.items():
        med = statistics.median(ts)
        med_cpu = statistics.median(cpu[label])
        print(f"  {label:<{width}}  {med * 1000:7.1f} ms  {med / bare_median:5.2f}x"
              f"   [min {min(ts) * 1000:.1f}, max {max(ts) * 1000:.1f}]"
              f"   cpu {med_cpu * 1000:6.1f} ms {med_cpu / bare_cpu:5.2f}x")


if __name__ == "__main__":
    main()
