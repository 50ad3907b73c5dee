"""Rules benchmarks: medians of a battle ask on a crowded standard board and of exact odds.

    .venv/bin/python benchmarks/bench_rules.py [--repeat 2000]
    .venv/bin/python benchmarks/bench_rules.py --baseline DIR [--rounds 3]

Goals (issue 2): a battle ask with line of sight and retreat options < 100 µs; exact odds for
1..8 dice < 1 ms each. Prints medians; never fails on timings.

``--baseline DIR`` compares with another version of the code: DIR holds its ``companion``
package, e.g. ``git archive <commit> companion | tar -x -C DIR``. Both versions run in child
processes, taking turns for ``--rounds`` rounds (so a busy machine slows both alike); the table
shows the median over rounds of each version's medians and their ratio.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.rules.battle import battle_check, resolve_battle
from companion.rules.odds import battle_odds, clear_odds_cache, position_odds
from companion.rules.referee import answer, load_plugins, parse_query, position_from_json


def crowded_query() -> dict[str, Any]:
    """About 30 units and 20 terrain hexes; a1 fires 2 hexes at x1, two flags rolled."""
    units: list[dict[str, Any]] = []
    for i, h in enumerate(["A1", "C1", "E1", "I1", "K1", "M1", "b2", "d2", "h2", "j2", "l2",
                           "B3", "D3", "H3", "J3"]):
        units.append({"id": f"a{i + 2}", "side": "allies", "type": ("infantry", "armor")[i % 2],
                      "hex": h})
    for i, h in enumerate(["A9", "C9", "E9", "G9", "I9", "K9", "M9", "b8", "d8", "h8", "j8", "l8",
                           "B7", "D7", "J7"]):
        units.append({"id": f"x{i + 2}", "side": "axis", "type": ("infantry", "armor")[i % 2],
                      "hex": h})
    units.append({"id": "a1", "side": "allies", "type": "infantry", "hex": "F3"})
    units.append({"id": "x1", "side": "axis", "type": "infantry", "hex": "F5"})
    terrain = [{"hex": h, "type": t} for h, t in [
        ("c2", "forest"), ("k2", "forest"), ("C5", "hill"), ("D5", "hill"), ("I5", "town"),
        ("J5", "town"), ("a4", "river"), ("b4", "river"), ("c4", "river"), ("d4", "bridge"),
        ("d4", "river"), ("k4", "hedgerow"), ("l4", "hedgerow"), ("H7", "forest"), ("L7", "forest"),
        ("M3", "sandbags"), ("A3", "sandbags"), ("g6", "hill"), ("G7", "town"), ("c6", "forest"),
    ]]
    return {"board": "standard", "bottom": "allies", "terrain": terrain, "units": units,
            "ask": {"battle": {"attacker": "a1", "target": "x1"}}, "dice": ["flag", "flag"]}


def median_us(fn: Callable[[], object], repeat: int) -> float:
    for _ in range(min(50, repeat)):
        fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def ask_rows(repeat: int) -> dict[str, float]:
    """Medians (µs) of the referee rows, keyed by label."""
    load_plugins()
    query = crowded_query()
    position = position_from_json(query)
    sight = dict(query, ask={"line_of_sight": {"from": "F3", "to": "F5"}})
    sight.pop("dice")
    odds = dict(query)
    odds.pop("dice")
    rows: list[tuple[str, Callable[[], object]]] = [
        ("referee answer(query dict), parse included", lambda: answer(query)),
        ("query parsing alone", lambda: parse_query(query)),
        ("battle_check + resolve_battle on a Position", lambda: resolve_battle(
            position, "a1", "x1", ["flag", "flag"])),
        ("battle_check alone", lambda: battle_check(position, "a1", "x1")),
        ("position_odds (cached distribution)", lambda: position_odds(position, "a1", "x1")),
        ("answer: battle ask without dice (odds)", lambda: answer(odds)),
        ("answer: line_of_sight ask", lambda: answer(sight)),
    ]
    return {label: median_us(fn, repeat) for label, fn in rows}


def compare(baseline: Path, repeat: int, rounds: int) -> None:
    here = Path(__file__).resolve()
    versions = {"baseline": baseline.resolve(), "this tree": here.parents[1]}
    got: dict[str, list[dict[str, float]]] = {name: [] for name in versions}
    for _ in range(rounds):
        for name, root in versions.items():
            env = dict(os.environ, PYTHONPATH=str(root))
            out = subprocess.run([sys.executable, str(here), "--json", "--repeat", str(repeat)],
                                 env=env, capture_output=True, text=True, check=True, cwd=root)
            got[name].append(json.loads(out.stdout))
    labels = list(got["this tree"][0])
    print(f"medians over {rounds} rounds of {repeat} calls (µs); baseline {baseline}:")
    print(f"  {'':<48} {'baseline':>9} {'this tree':>10} {'speed-up':>9}")
    for label in labels:
        old = statistics.median(r[label] for r in got["baseline"] if label in r) \
            if all(label in r for r in got["baseline"]) else float("nan")
        new = statistics.median(r[label] for r in got["this tree"])
        print(f"  {label:<48} {old:9.1f} {new:10.1f} {old / new:8.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=2000)
    ap.add_argument("--baseline", type=Path, help="directory holding another version's companion/")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true", help="print the referee rows as JSON (for --baseline)")
    args = ap.parse_args()
    if args.baseline is not None:
        compare(args.baseline, args.repeat, args.rounds)
        return
    if args.json:
        print(json.dumps(ask_rows(args.repeat)))
        return
    load_plugins()
    query = crowded_query()
    out = answer(query)
    assert out["battle"]["line_of_sight"] and out["result"]["retreat"], out
    n_units = len(query["units"])
    print(f"battle on a crowded standard board ({n_units} units, {len(query['terrain'])} terrain "
          f"entries), infantry at 2 hexes, line of sight, 2 flags "
          f"({len(out['result']['retreat'])} retreat options):")
    for label, us in ask_rows(args.repeat).items():
        print(f"  {label:<48} median {us:8.1f} µs")
    print("exact odds by dice (distribution recomputed every call, then cached):")
    for n in range(1, 9):
        def fresh(n: int = n) -> object:
            clear_odds_cache()
            return battle_odds(n, {"infantry", "grenade"}, 4)

        def cached(n: int = n) -> object:
            return battle_odds(n, {"infantry", "grenade"}, 4)

        print(f"  {n} dice: uncached median {median_us(fresh, args.repeat // 4):7.1f} µs, "
              f"cached median {median_us(cached, args.repeat // 4):7.1f} µs")


if __name__ == "__main__":
    with contextlib.suppress(BrokenPipeError):  # piped into head: fine
        main()
