"""Records (``companion.rules.records``) against ``dataclasses``, in one run: making the class
and what every lookup does with its instances.

    .venv/bin/python benchmarks/bench_records.py [--rounds 7]

Two class bodies, each made both ways: ``Hex`` (frozen, slotted, ordered: the rules' dict key)
and a 40-field frozen spec (as ``TerrainSpec``). Prints, for each, the median time to make the
class (records with their compiled methods found in the process's cache, as a process finds
them in the cache ``scripts/setup`` writes), to make an instance, to hash it, to compare two
equal ones, and a dict lookup by it; and the ratio records / dataclasses. Never fails on
timings.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.rules import _records

FIELDS = 40


def make_hex(dc: Callable[..., Any]) -> type:
    @dc(frozen=True, slots=True, order=True)
    class Hex:
        col: int
        row: int

    return Hex


def make_spec(dc: Callable[..., Any]) -> type:
    namespace: dict[str, Any] = {"__annotations__": {f"f{i}": "int" for i in range(FIELDS)}}
    namespace.update({f"f{i}": i for i in range(1, FIELDS)})
    return dc(frozen=True, slots=True)(type("Spec", (), namespace))  # type: ignore[no-any-return]


def per_call(stmt: str, env: dict[str, Any], number: int) -> float:
    return timeit.timeit(stmt, globals=env, number=number) / number * 1e9


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    ways = {"dataclasses": dataclasses.dataclass, "records": _records.dataclass}
    for label, maker, init in (("Hex", make_hex, "(3, 4)"), (f"spec, {FIELDS} fields", make_spec, "(0)")):
        times: dict[str, dict[str, list[float]]] = {w: {} for w in ways}
        for _ in range(args.rounds):
            for way, dc in ways.items():  # taking turns, so a busy machine slows both alike
                t0 = time.perf_counter()
                for _ in range(20):
                    cls = maker(dc)
                made = (time.perf_counter() - t0) / 20 * 1e6
                a, b = eval(f"cls{init}"), eval(f"cls{init}")
                env = {"cls": cls, "a": a, "b": b, "d": {a: 1}}
                row = times[way]
                row.setdefault("make the class (us)", []).append(made)
                row.setdefault("new instance (ns)", []).append(per_call(f"cls{init}", env, 50_000))
                row.setdefault("hash (ns)", []).append(per_call("hash(a)", env, 200_000))
                row.setdefault("== (ns)", []).append(per_call("a == b", env, 200_000))
                row.setdefault("dict lookup (ns)", []).append(per_call("d[b]", env, 200_000))
        print(f"{label}: medians of {args.rounds} rounds")
        for what in times["dataclasses"]:
            old = statistics.median(times["dataclasses"][what])
            new = statistics.median(times["records"][what])
            print(f"  {what:22s} dataclasses {old:9.1f}   records {new:9.1f}   ratio {new / old:5.2f}")


if __name__ == "__main__":
    main()
