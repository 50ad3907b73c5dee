"""Median time to import and check a .m44 file whose hexagon holding a unit is repeated N times.

    python benchmarks/bench_scenario_check.py [N ...]      (default 10000 30000)

Issue 17 measured 13 s for 10,000 copies and 120 s for 30,000 (quadratic); the importer now
skips repeats with one note, so the time grows linearly with the file.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from companion.scenarios import loads_m44
from companion.scenarios.check import problems


def one_run(copies: int) -> float:
    hexagon = {"row": 4, "col": 12, "terrain": {"name": "woods"}, "unit": {"name": "infger"}}
    text = json.dumps({"board": {"hexagons": [hexagon] * copies
                                 + [{"row": 8, "col": 0, "unit": {"name": "infus"}}]}})
    start = time.perf_counter()
    problems(loads_m44(text))
    return time.perf_counter() - start


def main(argv: list[str]) -> None:
    for copies in [int(a) for a in argv] or [10_000, 30_000]:
        times = [one_run(copies) for _ in range(5)]
        print(f"{copies} copies: median {statistics.median(times) * 1000:.1f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
