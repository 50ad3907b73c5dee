"""Dice the players type or tap: the front end shows a pad and calls :meth:`submit`.

Also the fallback for every other source: a die a tray or camera could not read arrives
as ``None`` and the player gives its face here.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.dice.base import (
    M44_FACES,
    DiceError,
    DiceKind,
    DiceRequest,
    DiceResult,
    DiceSource,
    DieReading,
    Face,
    validate_faces,
)

# short forms a player may type: first letters and common names
M44_ALIASES: dict[str, str] = {
    "i": "infantry", "inf": "infantry", "infantry": "infantry", "soldier": "infantry",
    "a": "armor", "arm": "armor", "armor": "armor", "armour": "armor", "tank": "armor",
    "g": "grenade", "gren": "grenade", "grenade": "grenade",
    "s": "star", "star": "star",
    "f": "flag", "flag": "flag",
}


def parse_faces(text: str, kind: DiceKind = "m44") -> list[Face]:
    """Faces typed as words or letters (``"i i g f"``, ``"inf,armor"``, ``"3 6 1"``).

    Raises :class:`DiceError` naming the word that is not a face.
    """
    words = text.replace(",", " ").split()
    faces: list[Face] = []
    for w in words:
        lw = w.lower()
        if kind == "m44":
            if lw not in M44_ALIASES:
                raise DiceError(f"{w!r} is not a die face (say {', '.join(M44_FACES)})")
            faces.append(M44_ALIASES[lw])
        else:
            if not (lw.isdigit() and 1 <= int(lw) <= 6):
                raise DiceError(f"{w!r} is not a pip face (1..6)")
            faces.append(int(lw))
    return faces


class ManualDiceSource(DiceSource):
    """Waits for the players to give the faces of each requested throw."""

    name = "manual"

    def __init__(self, on_prompt: Callable[[DiceRequest], None] | None = None) -> None:
        super().__init__()
        self.on_prompt = on_prompt  # told when a request starts (show the dice pad)

    def _start(self, req: DiceRequest) -> None:
        if self.on_prompt is not None:
            self.on_prompt(req)

    def request_for(self, request_id: str) -> DiceRequest:
        for req in self.pending():
            if req.request_id == request_id:
                return req
        raise DiceError(f"no dice request {request_id!r} is waiting")

    def submit(self, request_id: str, faces: list[Face] | str) -> DiceResult:
        """Answer a waiting request; bad faces raise :class:`DiceError` and change nothing."""
        req = self.request_for(request_id)
        if isinstance(faces, str):
            faces = parse_faces(faces, req.kind)
        validate_faces(list(faces), req.count, req.kind, allow_unread=False)
        result = DiceResult(req.request_id, tuple(DieReading(f) for f in faces), self.name)
        if not self._deliver(result):
            raise DiceError(f"dice request {request_id!r} was answered or cancelled meanwhile")
        return result
