"""Rules benchmarks: medians of a battle ask on a crowded standard board and of exact odds.

    .venv/bin/python benchmarks/bench_rules.py [--repeat 2000]
    .venv/bin/python benchmarks/bench_rules.py --baseline DIR [--repeat 2000]

Goals (issue 2): a battle ask with line of sight and retreat options < 100 µs; exact odds for
1..8 dice < 1 ms each. Prints medians; never fails on timings.

``--baseline DIR`` compares the referee rows with another version of the code: DIR holds its
``companion`` package, e.g. ``git archive <commit> companion | tar -x -C DIR``. Both versions
are loaded in this process and take turns every 100 calls, so a busy machine slows both alike.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from companion.rules.battle import battle_check, resolve_battle
from companion.rules.odds import battle_odds, clear_odds_cache, odds_json, position_odds
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


def referee_rows(mods: dict[str, Any]) -> list[tuple[str, Callable[[], object]]]:
    """The referee rows for one version of the code (``mods``: its functions by name)."""
    mods["load_plugins"]()
    query = crowded_query()
    position = mods["position_from_json"](query)
    sight = dict(query, ask={"line_of_sight": {"from": "F3", "to": "F5"}})
    sight.pop("dice")
    odds = dict(query)
    odds.pop("dice")
    answer_, parse, check, resolve, p_odds, to_json = (mods[k] for k in (
        "answer", "parse_query", "battle_check", "resolve_battle", "position_odds", "odds_json"))
    checked = check(position, "a1", "x1")
    odds_now = p_odds(position, "a1", "x1")
    return [
        ("referee answer(query dict), parse included", lambda: answer_(query)),
        ("query parsing alone", lambda: parse(query)),
        ("battle_check + resolve_battle on a Position", lambda: resolve(
            position, "a1", "x1", ["flag", "flag"])),
        ("battle_check alone", lambda: check(position, "a1", "x1")),
        ("position_odds (cached distribution)", lambda: p_odds(position, "a1", "x1")),
        ("position_odds, battle_check given", lambda: p_odds(position, "a1", "x1", None, checked)),
        ("odds_json of one BattleOdds", lambda: to_json(odds_now)),
        ("answer: battle ask without dice (odds)", lambda: answer_(odds)),
        ("answer: line_of_sight ask", lambda: answer_(sight)),
        ("referee answer(query dict) again, last", lambda: answer_(query)),
    ]


def odds_rows(mods: dict[str, Any]) -> list[tuple[str, Callable[[], object]]]:
    """Exact odds for 1, 4 and 8 dice computed afresh (every cache cleared), and their JSON."""
    rows: list[tuple[str, Callable[[], object]]] = []
    for n in (1, 4, 8):
        def fresh(n: int = n) -> object:
            mods["clear_odds_cache"]()
            return mods["odds_json"](mods["battle_odds"](n, {"infantry", "grenade"}, 4,
                                                         retreat_losses=[0] + [1] * n))

        rows.append((f"{n} dice: odds + odds_json, caches cleared", fresh))
    return rows


def _package_modules() -> dict[str, Any]:
    return {n: m for n, m in sys.modules.items() if n == "companion" or n.startswith("companion.")}


class Version:
    """One version of the ``companion`` package, with its own modules in ``sys.modules`` while it
    runs (the referee imports some modules inside functions, at call time)."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.modules: dict[str, Any] = {}

    @contextlib.contextmanager
    def active(self) -> Iterator[None]:
        others = _package_modules()
        for n in others:
            del sys.modules[n]
        sys.modules.update(self.modules)
        sys.path.insert(0, str(self.root))
        try:
            yield
        finally:
            sys.path.remove(str(self.root))
            self.modules = _package_modules()
            for n in self.modules:
                del sys.modules[n]
            sys.modules.update(others)

    def functions(self) -> dict[str, Any]:
        with self.active():
            battle = importlib.import_module("companion.rules.battle")
            odds = importlib.import_module("companion.rules.odds")
            ref = importlib.import_module("companion.rules.referee")
            if not Path(ref.__file__ or "").resolve().is_relative_to(self.root):
                raise SystemExit(f"{self.root} holds no companion package")
            return {"answer": ref.answer, "parse_query": ref.parse_query,
                    "battle_check": battle.battle_check, "resolve_battle": battle.resolve_battle,
                    "position_odds": odds.position_odds, "position_from_json": ref.position_from_json,
                    "load_plugins": ref.load_plugins, "odds_json": odds.odds_json,
                    "battle_odds": odds.battle_odds, "clear_odds_cache": odds.clear_odds_cache}


THIS_VERSION = {"answer": answer, "parse_query": parse_query, "battle_check": battle_check,
                "resolve_battle": resolve_battle, "position_odds": position_odds,
                "position_from_json": position_from_json, "load_plugins": load_plugins,
                "odds_json": odds_json, "battle_odds": battle_odds, "clear_odds_cache": clear_odds_cache}


def compare(baseline: Path, repeat: int) -> None:
    """Both versions in this process, taking turns every 100 calls, so that a busy machine
    slows both alike; medians of the single calls."""
    old_version = Version(baseline)
    old_functions = old_version.functions()
    with old_version.active():
        old_rows = referee_rows(old_functions)
    new_rows = referee_rows(THIS_VERSION)
    old_rows += odds_rows(old_functions)
    new_rows += odds_rows(THIS_VERSION)
    print(f"medians of {repeat} calls each, the two versions taking turns (µs); baseline {baseline}:")
    print(f"  {'':<48} {'baseline':>9} {'this tree':>10} {'speed-up':>9}")
    for (label, old_fn), (_, new_fn) in zip(old_rows, new_rows, strict=True):
        times: dict[str, list[float]] = {"old": [], "new": []}
        for _ in range(max(1, repeat // 100)):
            for key, fn in (("old", old_fn), ("new", new_fn)):
                with old_version.active() if key == "old" else contextlib.nullcontext():
                    for i in range(110):
                        t0 = time.perf_counter()
                        fn()
                        if i >= 10:  # the first calls after a switch warm the caches up
                            times[key].append(time.perf_counter() - t0)
        old = statistics.median(times["old"]) * 1e6
        new = statistics.median(times["new"]) * 1e6
        print(f"  {label:<48} {old:9.1f} {new:10.1f} {old / new:8.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=2000)
    ap.add_argument("--baseline", type=Path, help="directory holding another version's companion/")
    args = ap.parse_args()
    if args.baseline is not None:
        compare(args.baseline, args.repeat)
        return
    load_plugins()
    query = crowded_query()
    out = answer(query)
    assert out["battle"]["line_of_sight"] and out["result"]["retreat"], out
    n_units = len(query["units"])
    print(f"battle on a crowded standard board ({n_units} units, {len(query['terrain'])} terrain "
          f"entries), infantry at 2 hexes, line of sight, 2 flags "
          f"({len(out['result']['retreat'])} retreat options):")
    for label, fn in referee_rows(THIS_VERSION):
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
