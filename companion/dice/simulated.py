"""Dice thrown by a seeded random generator, with the real dice's odds (demos, tests, AI play).

A Memoir '44 battle die has six sides: two infantry, one each of armor, grenade, star and
flag; a pip die is 1..6, even odds.
"""

from __future__ import annotations

import random
import threading

from companion.dice.base import DiceRequest, DiceResult, DiceSource, DieReading, Face

# one entry per side of the die: the odds follow from the repeats
M44_SIDES: tuple[str, ...] = ("infantry", "infantry", "armor", "grenade", "star", "flag")
PIP_SIDES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


class SimulatedDiceSource(DiceSource):
    """Answers each request with random faces, at once (``delay`` 0) or after ``delay`` s."""

    name = "sim"

    def __init__(self, seed: int | None = None, delay: float = 0.0) -> None:
        super().__init__()
        if delay < 0:
            raise ValueError("delay must be 0 or more seconds")
        self.rng = random.Random(seed)
        self.delay = delay
        self._timers: dict[str, threading.Timer] = {}
        self._rng_lock = threading.Lock()

    def throw(self, req: DiceRequest) -> list[Face]:
        """Faces for ``req`` drawn from the die's sides."""
        sides: tuple[Face, ...] = M44_SIDES if req.kind == "m44" else PIP_SIDES
        with self._rng_lock:
            return [self.rng.choice(sides) for _ in range(req.count)]

    def _answer(self, req: DiceRequest) -> None:
        with self._lock:
            self._timers.pop(req.request_id, None)
        faces = self.throw(req)
        self._deliver(DiceResult(req.request_id, tuple(DieReading(f) for f in faces), self.name,
                                 {"seeded": True}))

    def _start(self, req: DiceRequest) -> None:
        if self.delay == 0:
            self._answer(req)
            return
        timer = threading.Timer(self.delay, self._answer, args=(req,))
        timer.daemon = True
        with self._lock:
            self._timers[req.request_id] = timer
        timer.start()

    def _stop(self, request_id: str) -> None:
        with self._lock:
            timer = self._timers.pop(request_id, None)
        if timer is not None:
            timer.cancel()
