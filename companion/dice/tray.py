"""Dice from a tray (USB serial or MQTT) as a :class:`~companion.dice.base.DiceSource`.

On a request the source sends ``expect`` (``n`` dice, ``rid`` = the request id) to its
tray and answers the request with the first ``roll`` carrying that ``rid`` - exactly
once, whichever link it came over (the hub drops copies by ``(dev, boot, seq)``). Faces
are checked against the dice the tray announced; an unread die (``null``) stays ``None``
for the front end to ask about. A cancelled request sends ``cancel``. When the tray
reboots or comes back online while a request waits, ``expect`` is sent again; without an
``ack`` it is repeated every ``resend`` seconds.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from dataclasses import dataclass

from companion.dice.base import (
    DiceError,
    DiceRequest,
    DiceResult,
    DiceSource,
    DieReading,
    ResultCallback,
    validate_faces,
)
from companion.tray.codec import MAX_ID, Message, nak_code
from companion.tray.hub import TrayEvent, TrayHub

log = logging.getLogger("companion.dice.tray")


@dataclass
class _Waiting:
    req: DiceRequest
    dev: str | None
    rid: str  # the rid on the wire
    attempt: int = 1
    acked: bool = False
    busy: bool = False  # the tray said busy: ask again when it is idle
    cmd_id: str | None = None


def wire_rid(request_id: str, attempt: int = 1) -> str:
    """The ``rid`` sent for a request: its id when that fits the protocol, else a digest.

    A re-throw after a refused roll gets ``~2``, ``~3``... so the tray arms afresh.
    """
    ok = 0 < len(request_id) <= MAX_ID - 4 and request_id.isascii() and request_id.isprintable()
    base = request_id if ok and not request_id[0].isspace() else (
        "r" + hashlib.sha1(request_id.encode("utf-8", "replace")).hexdigest()[:16])
    return base if attempt == 1 else f"{base}~{attempt}"


class TrayDiceSource(DiceSource):
    """Asks tray ``dev`` (or the first tray online) for each throw."""

    def __init__(self, hub: TrayHub, dev: str | None = None, *, resend: float = 1.5,
                 max_resends: int = 5) -> None:
        super().__init__()
        self.hub = hub
        self.dev = dev
        self.resend = resend
        self.max_resends = max_resends
        self.name = f"tray:{dev}" if dev else "tray"
        self.refused = 0  # rolls that could not answer their request (wrong count/kind)
        self._waiting: dict[str, _Waiting] = {}  # by wire rid
        self._wlock = threading.Lock()
        self._stopped = threading.Event()
        self._resender = threading.Thread(target=self._resend_loop, daemon=True,
                                          name="tray-expect-resend")
        hub.add_listener(self._on_event)
        self._resender.start()

    # --- requests --------------------------------------------------------------------------

    def _tray_for(self, req: DiceRequest) -> str | None:
        if self.dev is not None:
            return self.dev
        online = self.hub.online_trays()
        for dev in online:
            info = self.hub.tray(dev)
            if info is not None and info.dice in (None, req.kind):
                return dev
        return online[0] if online else None

    def request(self, req: DiceRequest, on_result: ResultCallback) -> None:
        dev = self._tray_for(req)
        info = self.hub.tray(dev) if dev else None
        if info is not None and info.dice is not None and info.dice != req.kind:
            raise DiceError(f"tray {dev} throws {info.dice} dice, this request needs {req.kind}")
        if info is not None and req.count > info.max_dice:
            raise DiceError(f"tray {dev} throws at most {info.max_dice} dice, not {req.count}")
        super().request(req, on_result)

    def _start(self, req: DiceRequest) -> None:
        if req.count == 0:
            self._deliver(DiceResult(req.request_id, (), self.name))
            return
        w = _Waiting(req, self._tray_for(req), wire_rid(req.request_id))
        with self._wlock:
            self._waiting[w.rid] = w
        self._send_expect(w)

    def _send_expect(self, w: _Waiting) -> None:
        msg = self.hub.command("expect", w.dev, n=w.req.count, rid=w.rid)
        with self._wlock:
            w.cmd_id = msg["id"]  # set before sending: the ack may beat send()'s return
            w.acked = False
        self.hub.send_command(msg)

    def _stop(self, request_id: str) -> None:
        with self._wlock:
            found = [w for w in self._waiting.values() if w.req.request_id == request_id]
            for w in found:
                del self._waiting[w.rid]
        for w in found:
            self.hub.send(w.dev, "cancel")

    def close(self) -> None:
        super().close()
        self._stopped.set()
        self.hub.remove_listener(self._on_event)

    # --- what the trays say ----------------------------------------------------------------

    def _on_event(self, ev: TrayEvent) -> None:
        if ev.kind in ("reboot", "online") and ev.dev is not None:
            self._rearm(ev.dev, ev.kind)
        elif ev.kind == "message" and ev.message is not None:
            msg = ev.message
            if msg.type == "roll":
                self._on_roll(msg, ev.link)
            elif msg.type in ("ack", "nak"):
                self._on_answer(msg)
            elif msg.type == "status" and msg.get("state") == "idle":
                self._retry_busy(msg.dev)

    def _rearm(self, dev: str, why: str) -> None:
        with self._wlock:
            due = [w for w in self._waiting.values() if w.dev in (dev, None)]
            for w in due:
                w.dev = dev
        for w in due:
            log.info("tray %s %s: asking again for %s", dev, why, w.rid)
            self._send_expect(w)

    def _on_answer(self, msg: Message) -> None:
        with self._wlock:
            for w in self._waiting.values():
                if w.cmd_id is not None and w.cmd_id == msg.get("id"):
                    w.acked = True
                    if msg.type == "nak":
                        w.busy = nak_code(str(msg.get("why"))) == "busy"
                        log.log(logging.INFO if w.busy else logging.WARNING,
                                "tray %s refused expect for %s: %s", msg.dev, w.rid,
                                msg.get("why"))

    def _retry_busy(self, dev: str) -> None:
        with self._wlock:
            due = [w for w in self._waiting.values() if w.busy and w.dev == dev]
            for w in due:
                w.busy = False
        for w in due:
            self._send_expect(w)

    def _on_roll(self, msg: Message, link: str) -> None:
        rid = msg.get("rid")
        if rid is None:
            log.info("tray %s: a roll without expect (button pressed); not a dice request",
                     msg.dev)
            return
        with self._wlock:
            w = self._waiting.get(rid)
            if w is None or (w.dev is not None and w.dev != msg.dev):
                return
            faces = list(msg["faces"])
            info = self.hub.tray(msg.dev)
            kind = info.dice if info is not None and info.dice is not None else w.req.kind
            try:
                if kind != w.req.kind:
                    raise DiceError(f"the tray throws {kind} dice, {w.req.kind} are due")
                validate_faces(faces, w.req.count, w.req.kind, allow_unread=True)
            except DiceError as exc:
                self.refused += 1
                del self._waiting[rid]
                w.attempt += 1
                w.rid = wire_rid(w.req.request_id, w.attempt)
                w.dev = msg.dev
                self._waiting[w.rid] = w
                retry: _Waiting | None = w
                log.warning("tray %s roll %s refused (%s); asking for a new throw", msg.dev,
                            rid, exc)
            else:
                del self._waiting[rid]
                retry = None
        if retry is not None:
            self.hub.drop("bad_roll", f"{rid}: does not answer its request", link, msg.dev)
            self._send_expect(retry)
            return
        dice = tuple(DieReading(f, 1.0 if f is not None else 0.0) for f in faces)
        meta: dict[str, object] = {"dev": msg.dev, "boot": msg.boot, "seq": msg.seq, "rid": rid,
                                   "link": link}
        self._deliver(DiceResult(w.req.request_id, dice, f"{link.split(':')[0]}:{msg.dev}", meta))

    def _resend_loop(self) -> None:
        counts: dict[str, int] = {}
        while not self._stopped.wait(self.resend):
            with self._wlock:
                due = [w for w in self._waiting.values() if not w.acked or w.busy]
            for w in due:
                k = counts.get(w.rid, 0)
                if k >= self.max_resends:
                    continue
                counts[w.rid] = k + 1
                self._send_expect(w)
