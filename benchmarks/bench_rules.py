"""Rules benchmarks: medians of a battle ask on a crowded standard board and of exact odds.

    .venv/bin/python benchmarks/bench_rules.py [--repeat 2000]

Goals (issue 2): a battle ask with line of sight and retreat options < 100 µs; exact odds for
1..8 dice < 1 ms each. Prints medians; never fails on timings.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time
from collections.abc import Callable
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=2000)
    args = ap.parse_args()
    load_plugins()
    query = crowded_query()
    out = answer(query)
    assert out["battle"]["line_of_sight"] and out["result"]["retreat"], out
    position = position_from_json(query)
    n_units = len(query["units"])
    print(f"battle on a crowded standard board ({n_units} units, {len(query['terrain'])} terrain "
          f"entries), infantry at 2 hexes, line of sight, 2 flags "
          f"({len(out['result']['retreat'])} retreat options):")
    rows = [
        ("referee answer(query dict), parse included", lambda: answer(query)),
        ("query parsing alone", lambda: parse_query(query)),
        ("battle_check + resolve_battle on a Position", lambda: resolve_battle(
            position, "a1", "x1", ["flag", "flag"])),
        ("battle_check alone", lambda: battle_check(position, "a1", "x1")),
        ("position_odds (cached distribution)", lambda: position_odds(position, "a1", "x1")),
    ]
    for label, fn in rows:
        print(f"  {label:<48} median {median_us(fn, args.repeat):8.1f} µs")
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
