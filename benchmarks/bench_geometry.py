"""Benchmark: line of sight and move destinations on busy boards. Prints medians.

    .venv/bin/python benchmarks/bench_geometry.py
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from companion.rules.board import Board, Side
from companion.rules.los import clear_line_cache, line_of_sight, sight_report
from companion.rules.movement import move_destinations
from companion.rules.position import Position, Unit


def busy_position(board: Board, rng: random.Random) -> Position:
    hexes = list(board.all_hexes)
    rng.shuffle(hexes)
    terrain = {h: (rng.choice(["forest", "hill", "town", "river", "hedgerow", "beach"]),) for h in hexes[:40]}
    p = Position(board, terrain=terrain)
    for i, h in enumerate(hexes[40:70]):
        p.add_unit(Unit(f"u{i}", rng.choice([Side.ALLIES, Side.AXIS]),
                        rng.choice(["infantry", "armor", "artillery", "armored_car"]), h, 1))
    return p


def median_us(fn: Callable[[], object], reps: int, per: int) -> float:
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e6 / per)
    return statistics.median(times)


def bench_board(kind: str, rng: random.Random) -> str:
    board = Board.of(kind)
    p = busy_position(board, rng)
    pairs = [(rng.choice(board.all_hexes), rng.choice(board.all_hexes)) for _ in range(300)]

    def sight_all(clear_cache: bool) -> None:
        if clear_cache:
            clear_line_cache()
        for a, b in pairs:
            line_of_sight(p, a, b)

    def reports() -> None:
        for a, b in pairs:
            sight_report(p, a, b)

    cold = median_us(lambda: sight_all(True), 7, len(pairs))
    warm = median_us(lambda: sight_all(False), 7, len(pairs))
    report = median_us(reports, 7, len(pairs))
    ids = list(p.units)
    mv = median_us(lambda: [move_destinations(p, u) for u in ids], 7, len(ids))
    return (f"{kind}: line_of_sight {cold:.0f} us uncached, {warm:.1f} us with cached geometry, "
            f"sight_report (with reasons) {report:.1f} us; "
            f"move_destinations {mv:.0f} us per unit (medians of 7 runs)")


def main() -> None:
    rng = random.Random(44)
    for kind in ("standard", "overlord"):
        print(bench_board(kind, rng))


if __name__ == "__main__":
    main()
