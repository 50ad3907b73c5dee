"""The dice desk: one dice source bound to one game.

After every change of the game, the front end tells the desk which roll is due now
(:meth:`DiceDesk.due`, with the request the game states). The desk asks the source for it once,
stands the source down when the roll is answered another way (a tap, an undo), and turns the
source's answer into the game's ``dice`` action, handed to ``deliver``. An answer to a roll
that is no longer due is dropped. The app and the terminal both use it, so the request and
arrival logic exists once.

``deliver`` and ``on_status`` run on the source's thread: a front end hops to its own loop
there (Kivy's ``Clock.schedule_once``, a queue in the terminal).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from companion.dice.base import DiceError, DiceRequest, DiceResult, DiceSource

DiceAction = dict[str, Any]


class DiceDesk:
    """Asks ``source`` for the roll due and delivers its answer as a ``dice`` action."""

    def __init__(self, source: DiceSource, deliver: Callable[[DiceAction], None],
                 on_status: Callable[[str], None] | None = None, *, asks: bool = True) -> None:
        self.source = source
        self.deliver = deliver
        self.on_status = on_status
        self.asks = asks  # False: the players tap the dice in (manual); the desk only tracks
        self._lock = threading.Lock()
        self._asked: str | None = None

    @property
    def asked(self) -> str | None:
        """The request id the source is working on, if any."""
        return self._asked

    def due(self, request: DiceRequest | None) -> None:
        """The roll due now (None: no dice are due). Asks the source once per request id."""
        wanted = request.request_id if request is not None else None
        with self._lock:
            stale = self._asked if self._asked not in (None, wanted) else None
            if stale is not None:
                self._asked = None
            ask = request is not None and self._asked != wanted
            if ask:
                self._asked = wanted
        if stale is not None:
            self.source.cancel(stale)  # answered another way, or undone: stand down
        if ask and self.asks and request is not None:
            try:
                self.source.request(request, self._arrived)
            except (DiceError, ValueError) as exc:
                with self._lock:
                    self._asked = None
                self._status(f"the dice source cannot take this roll: {exc}")

    def close(self) -> None:
        with self._lock:
            asked, self._asked = self._asked, None
        if asked is not None:
            self.source.cancel(asked)

    def _arrived(self, result: DiceResult) -> None:
        with self._lock:
            if result.request_id != self._asked:
                return  # a roll that is no longer due
            self._asked = None
        self.deliver(dice_action(result))

    def _status(self, text: str) -> None:
        if self.on_status is not None:
            self.on_status(text)


def dice_action(result: DiceResult) -> DiceAction:
    """The game's ``dice`` action for a source's answer (faces, source, confidences, rid)."""
    return {"do": "dice", "faces": result.faces, "source": result.source,
            "confidence": [d.confidence for d in result.dice], "rid": result.request_id}
