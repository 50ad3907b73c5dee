"""The dice a game asks for and what comes back: the types every dice source answers with.

They belong to the game (a roll is a chance node of the game: who throws, how many dice, for
what), so the game layer needs no dice source to state a request or check an answer; the
sources in ``companion.dice`` implement the asking.
"""

from __future__ import annotations

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
