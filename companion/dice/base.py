"""The one interface every dice source implements (manual, simulated, camera, trays).

A source is asked for ``n`` dice for a stated purpose and answers once, through a callback
that may run on any thread (front ends hop to their own loop). A request can be cancelled.
Faces are the rules contract's names for Memoir '44 dice (``infantry``, ``armor``,
``grenade``, ``star``, ``flag``) or the integers 1..6 for pip dice; ``None`` is a die the
source saw but could not read, which the front end asks the player about.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod

# the request and result types are the game's (a roll is part of the game); re-exported here
from companion.game.dicetypes import (
    M44_FACES,
    PIP_FACES,
    DiceError,
    DiceKind,
    DiceRequest,
    DiceResult,
    DieReading,
    Face,
    ResultCallback,
    validate_faces,
)

__all__ = [
    "M44_FACES",
    "PIP_FACES",
    "DiceError",
    "DiceKind",
    "DiceRequest",
    "DiceResult",
    "DiceSource",
    "DieReading",
    "Face",
    "ResultCallback",
    "roll_blocking",
    "validate_faces",
]


class DiceSource(ABC):
    """A source of dice results. Subclasses implement :meth:`_start` and :meth:`_stop`."""

    name: str = "dice"

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending: dict[str, tuple[DiceRequest, ResultCallback]] = {}

    def request(self, req: DiceRequest, on_result: ResultCallback) -> None:
        """Ask for dice; ``on_result`` is called once, unless the request is cancelled."""
        if req.count < 0:
            raise DiceError("a dice request needs 0 or more dice")
        with self._lock:
            if req.request_id in self._pending:
                raise DiceError(f"request {req.request_id!r} is already waiting")
            self._pending[req.request_id] = (req, on_result)
        self._start(req)

    def cancel(self, request_id: str) -> None:
        with self._lock:
            found = self._pending.pop(request_id, None)
        if found is not None:
            self._stop(request_id)

    def pending(self) -> list[DiceRequest]:
        with self._lock:
            return [r for r, _ in self._pending.values()]

    def close(self) -> None:
        for req in self.pending():
            self.cancel(req.request_id)

    def _deliver(self, result: DiceResult) -> bool:
        """Hand a result to its requester, once. False when nobody waits for it any more."""
        with self._lock:
            found = self._pending.pop(result.request_id, None)
        if found is None:
            return False
        found[1](result)
        return True

    @abstractmethod
    def _start(self, req: DiceRequest) -> None:
        """Begin producing dice for ``req`` (arm a tray, watch a camera, show a pad...)."""

    def _stop(self, request_id: str) -> None:  # noqa: B027 - optional hook
        """Stop working on a cancelled request."""


def roll_blocking(source: DiceSource, req: DiceRequest, timeout: float | None = None) -> DiceResult:
    """Request dice and wait for the answer (terminal play, tests)."""
    done = threading.Event()
    box: list[DiceResult] = []

    def got(result: DiceResult) -> None:
        box.append(result)
        done.set()

    source.request(req, got)
    if not done.wait(timeout):
        source.cancel(req.request_id)
        raise TimeoutError(f"no dice from {source.name} within {timeout} s")
    return box[0]
