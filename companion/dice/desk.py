"""The dice desk: one dice source bound to one game.

After every change of the game, the front end tells the desk which roll is due now
(:meth:`DiceDesk.due`, with the request the game states). The desk asks the source for it once,
stands the source down when the roll is answered another way (a tap, an undo), and turns the
source's answer into the game's ``dice`` action, handed to ``deliver``. An answer to a roll
that is no longer due is dropped. The app and the terminal both use it, so the request and
arrival logic exists once.

``deliver`` and ``on_status`` run on the source's thread: a front end hops to its own loop
there (Kivy's ``Clock.schedule_once``, a queue in the terminal).

A tray that goes away is said once, with what to do instead (``offline_hint``: "tap the dice
instead" in the app, "type them" in the terminal), when a roll is due and no tray is online
or when the tray drops off; its return is said once too.
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
                 on_status: Callable[[str], None] | None = None, *, asks: bool = True,
                 offline_hint: str = "tap the dice instead") -> None:
        self.source = source
        self.deliver = deliver
        self.on_status = on_status
        self.asks = asks  # False: the players tap the dice in (manual); the desk only tracks
        self.offline_hint = offline_hint
        self._lock = threading.Lock()
        self._asked: str | None = None
        # a tray source: whether a tray is online (None: not known yet) and said to be offline
        self._hub: Any = getattr(source, "hub", None)
        if not (callable(getattr(self._hub, "online_trays", None))
                and callable(getattr(self._hub, "add_listener", None))):
            self._hub = None
        self._online: bool | None = None
        self._said_offline = False
        if self._hub is not None:
            self._hub.add_listener(self._on_tray_event)

    @property
    def online(self) -> bool | None:
        """Whether the tray is online (None: not a tray, or not known yet)."""
        return self._online

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
            if self._hub is not None and not self._tray_online():
                self._offline()
            try:
                self.source.request(request, self._arrived)
            except (DiceError, ValueError) as exc:
                with self._lock:
                    self._asked = None
                self._status(f"the dice source cannot take this roll ({exc}): "
                             f"{self.offline_hint}")

    def close(self) -> None:
        with self._lock:
            asked, self._asked = self._asked, None
        if asked is not None:
            self.source.cancel(asked)
        if self._hub is not None:
            self._hub.remove_listener(self._on_tray_event)

    # --- is the tray there? -------------------------------------------------------------------
    def _tray_online(self) -> bool:
        dev = getattr(self.source, "dev", None)
        online = list(self._hub.online_trays())
        return dev in online if dev else bool(online)

    def _on_tray_event(self, ev: Any) -> None:
        if getattr(ev, "kind", None) not in ("online", "offline", "reboot"):
            return
        now = self._tray_online()
        was, self._online = self._online, now
        if now and self._said_offline:
            self._said_offline = False
            self._status("tray back online: throw the dice in the tray (typing them still works)")
        elif not now and was:
            self._offline()

    def _offline(self) -> None:
        self._online = False
        if not self._said_offline:
            self._said_offline = True
            self._status(f"tray offline: {self.offline_hint}")

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
