"""Benchmark: orders validation, card-aware battle and victory checks on a full army. Prints medians.

    .venv/bin/python benchmarks/bench_cards.py
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from companion.rules.board import Board, Hex, Side
from companion.rules.cards import card_modifiers
from companion.rules.orders import check_orders
from companion.rules.position import Position, Unit
from companion.rules.referee import answer
from companion.rules.units import UNITS
from companion.rules.victory import Objective, ObjectiveKind, game_outcome, new_ledger, observe

BOARD = Board.of("standard", "allies")


def median_us(fn: Callable[[], object], reps: int = 7, per: int = 200) -> float:
    samples = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(per):
            fn()
        samples.append((time.perf_counter() - t0) / per * 1e6)
    return statistics.median(samples)


def army() -> tuple[Position, list[str]]:
    """A scenario-sized position: 14 units a side spread over the two home halves."""
    p = Position(BOARD)
    kinds = ("infantry", "infantry", "armor", "infantry", "artillery", "infantry", "armor")
    ids: list[str] = []
    for i in range(14):
        col = (i * 2) % 25
        for side, row in ((Side.ALLIES, 8 - (i // 13)), (Side.AXIS, i // 13)):
            c = col if (col + row) % 2 == 0 else col - 1
            h = Hex(max(0, c), row)
            kind = kinds[i % len(kinds)]
            uid = f"{'a' if side is Side.ALLIES else 'x'}{i}"
            p.add_unit(Unit(uid, side, kind, h, UNITS[kind].figures))
            if side is Side.ALLIES:
                ids.append(uid)
    return p, ids


def main() -> None:
    p, ids = army()
    objectives = [Objective("town", ObjectiveKind.TEMPORARY, (BOARD.parse("F5"),)),
                  Objective("ridge", ObjectiveKind.TEMPORARY_MAJORITY,
                            tuple(BOARD.parse(n) for n in ("C5", "D5", "E5"))),
                  Objective("hq", ObjectiveKind.SUDDEN_DEATH, (BOARD.parse("G9"),), Side.ALLIES)]
    ledger = new_ledger(6)
    query = {"units": [{"id": u.id, "side": u.side.value, "type": u.type,
                        "hex": BOARD.name(u.hex)} for u in p.units.values()],
             "ask": {"orders": {"card": "general_advance", "side": "allies", "units": ids}}}
    rows = [
        ("check_orders general_advance, 14 units asked",
         lambda: check_orders(p, "general_advance", Side.ALLIES, ids)),
        ("check_orders direct_from_hq", lambda: check_orders(p, "direct_from_hq", Side.ALLIES, ids[:6])),
        ("check_orders their_finest_hour (6 dice)",
         lambda: check_orders(p, "their_finest_hour", Side.ALLIES, ids,
                              roll=["infantry", "star", "armor", "grenade", "infantry", "flag"])),
        ("card_modifiers armor_assault", lambda: card_modifiers("armor_assault", p, "a2", "x2")),
        ("observe + game_outcome, 3 objectives",
         lambda: game_outcome(observe(ledger, p, objectives), p, objectives)),
        ("referee orders ask (parse + answer)", lambda: answer(query)),
    ]
    for name, fn in rows:
        print(f"{name:50s} median {median_us(fn):9.1f} us")


if __name__ == "__main__":
    main()
