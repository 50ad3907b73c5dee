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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

M44_FACES: tuple[str, ...] = ("infantry", "armor", "grenade", "star", "flag")
PIP_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

DiceKind = Literal["m44", "pips"]
Face = str | int | None


class DiceError(ValueError):
    """Dice that cannot be accepted (wrong count, a face of the wrong kind...)."""


@dataclass(frozen=True, slots=True)
class DiceRequest:
    """A request for ``count`` dice: ``purpose`` is shown to players ("battle: a1 on x1")."""

    request_id: str
    count: int
    purpose: str = ""
    kind: DiceKind = "m44"
    thrower: str | None = None  # the side that throws ("allies"/"axis"), when it matters


@dataclass(frozen=True, slots=True)
class DieReading:
    face: Face
    confidence: float = 1.0


@dataclass(frozen=True, slots=True)
class DiceResult:
    request_id: str
    dice: tuple[DieReading, ...]
    source: str  # "manual", "sim", "serial:/dev/ttyACM0", "mqtt:tray-1", "camera:0"...
    meta: dict[str, object] = field(default_factory=dict)  # e.g. tray (dev, boot, seq, rid)

    @property
    def faces(self) -> list[Face]:
        return [d.face for d in self.dice]


ResultCallback = Callable[[DiceResult], None]


def validate_faces(faces: list[Face], count: int, kind: DiceKind, allow_unread: bool = True) -> None:
    """Raise :class:`DiceError` naming what is wrong when ``faces`` cannot answer a request."""
    if len(faces) != count:
        raise DiceError(f"{count} dice are due, {len(faces)} were given")
    allowed: tuple[object, ...] = M44_FACES if kind == "m44" else PIP_FACES
    for i, f in enumerate(faces):
        if f is None:
            if not allow_unread:
                raise DiceError(f"die {i + 1} is unread; give its face")
            continue
        if isinstance(f, bool) or f not in allowed:
            names = ", ".join(str(a) for a in allowed)
            raise DiceError(f"die {i + 1}: {f!r} is not a face of {kind} dice ({names})")


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
