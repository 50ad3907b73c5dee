"""Benchmark: air rules hot paths (flight checks, attack runs, referee air asks). Prints medians.

    .venv/bin/python benchmarks/bench_air.py
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from companion.rules.air.airpack import AirPackRules
from companion.rules.air.flightplan import FlightPlanRules, Marker
from companion.rules.board import Board, Side
from companion.rules.position import Position, Unit
from companion.rules.referee import answer

BOARD = Board.of("standard", "allies")


def median_us(fn: Callable[[], object], reps: int = 7, per: int = 500) -> float:
    samples = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(per):
            fn()
        samples.append((time.perf_counter() - t0) / per * 1e6)
    return statistics.median(samples)


def main() -> None:
    h = BOARD.parse
    p = Position(BOARD, air_rules="flight-plan")
    for uid, kind, where in (("x1", "infantry", "E5"), ("x2", "armor", "F5"),
                             ("x3", "infantry", "G5")):
        p.add_unit(Unit(uid, Side.AXIS, kind, h(where), 4 if kind == "infantry" else 3))
    p.add_unit(Unit("fb", Side.ALLIES, "fighter_bomber", h("H5"), 1, airborne=True))
    fp = FlightPlanRules()
    path = [h("E5"), h("F5"), h("G5"), h("H5")]
    markers = [Marker(h("E5"), "machine_gun"), Marker(h("F5"), "bomb"),
               Marker(h("G5"), "machine_gun")]
    check = fp.run_check(p, "fb", markers, path=path, deploying=True)
    faces = [["infantry"], ["grenade"], ["flag"]]

    ap = Position(BOARD, air_rules="air-pack")
    ap.add_unit(Unit("p1", Side.ALLIES, "airplane", h("E5"), 1, airborne=True, model="spitfire"))
    ap.add_unit(Unit("x1", Side.AXIS, "infantry", h("F5"), 4))
    apr = AirPackRules()
    query = {"rules": {"air": "flight-plan"},
             "units": [{"id": "fb", "side": "allies", "type": "fighter_bomber", "hex": "H5",
                        "airborne": True},
                       {"id": "x1", "side": "axis", "type": "infantry", "hex": "E5"}],
             "ask": {"attack_run": {"plane": "fb", "markers": [{"hex": "E5",
                                                                "ammo": "bomb"}]}},
             "dice": [["grenade"]]}
    rows = [
        ("flight check, 4 hexes", lambda: fp.check_flight(p, p.units["fb"], path, entering=True)),
        ("attack run check, 3 markers", lambda: fp.run_check(p, "fb", markers, path=path,
                                                             deploying=True)),
        ("attack run result, 3 markers", lambda: fp.run_result(p, check, faces)),
        ("air check (Air Pack)", lambda: apr.air_check(ap, "p1")),
        ("referee attack_run ask", lambda: answer(query)),
    ]
    for name, fn in rows:
        print(f"{name:32s} median {median_us(fn):8.1f} us")


if __name__ == "__main__":
    main()
