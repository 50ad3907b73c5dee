"""The tray's side of the protocol in Python, on the standard library and the codec alone.

:class:`VirtualTray` is the state machine (idle -> armed -> rolling -> settled -> idle,
error) answering commands as ``docs/tray-protocol.md`` says. It talks through a
``send(Message)`` function given by a transport: :class:`SerialTraySide` here (a tty path or a
pseudo-terminal it opens itself), or ``companion.tray.simulator.MqttTraySide`` (a broker, with
paho-mqtt). The camera tray (``vision.tray``) builds on this module only, so the camera reader
never reaches an MQTT client (GUIDE: vision imports the tray codec).
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import random
import select
import threading
import time
import tty
from collections.abc import Callable, Sequence
from typing import Any

from companion.tray import codec
from companion.tray.codec import Face, LineReader, Message

log = logging.getLogger("companion.tray.sim")

M44_ODDS: tuple[str, ...] = ("infantry", "infantry", "armor", "grenade", "star", "flag")
FW_VERSION = "sim-0.1"


def next_boot(path: str | None) -> int:
    """Increment and return the boot counter kept in ``path`` (the clock when no file)."""
    if path is None:
        return int(time.time())
    try:
        with open(path) as f:
            boot = int(f.read().strip() or 0) + 1
    except (OSError, ValueError):
        boot = 1
    with open(path, "w") as f:
        f.write(f"{boot}\n")
    return boot


class VirtualTray:
    """The tray's state machine. Thread-safe; every outgoing message goes to ``send``."""

    def __init__(self, dev: str, *, dice: str = "m44", boot: int = 1, seed: int | None = None,
                 auto_throw: float | None = None,
                 send: Callable[[Message], None] | None = None,
                 caps: Sequence[str] = ("virtual", "button", "shake", "keypad", "led")) -> None:
        if not codec.valid_dev(dev):
            raise ValueError(f"{dev!r} is not a device id (1..32 of a-z, 0-9, -)")
        if dice not in codec.DICE_KINDS:
            raise ValueError(f"dice must be m44 or pips, not {dice!r}")
        self.dev, self.dice, self.boot = dev, dice, boot
        self.caps = tuple(caps)
        self.rng = random.Random(seed)
        self.auto_throw = auto_throw
        self.send: Callable[[Message], None] = send or (lambda m: None)
        self.state = "idle"
        self.seq = 0
        self.n: int | None = None
        self.rid: str | None = None
        self.last_n = 2
        self.last_roll: Message | None = None
        self.led = "off"
        self.started = time.monotonic()
        self._lock = threading.RLock()
        self._timer: threading.Timer | None = None

    # --- outgoing --------------------------------------------------------------------------

    def _next(self) -> int:
        self.seq += 1
        return self.seq

    def _emit(self, build: Callable[[int], Message]) -> Message:
        with self._lock:
            msg = build(self._next())
            self.send(msg)
            return msg

    def hello(self) -> Message:
        return self._emit(lambda s: codec.hello(self.dev, self.boot, s, fw=FW_VERSION,
                                                caps=self.caps, dice=self.dice))

    def status(self) -> Message:
        with self._lock:
            state, n, rid = self.state, self.n, self.rid
        if state == "armed":
            return self._emit(lambda s: codec.status(self.dev, self.boot, s, state, n=n, rid=rid))
        return self._emit(lambda s: codec.status(self.dev, self.boot, s, state))

    def announce(self) -> None:
        """What a tray says at boot and on connect: ``hello`` then ``status``."""
        with self._lock:
            self.hello()
            self.status()

    def heartbeat(self) -> Message:
        up = round(time.monotonic() - self.started, 3)
        return self._emit(lambda s: codec.heartbeat(self.dev, self.boot, s, up))

    def last_will(self) -> Message:
        return codec.status(self.dev, self.boot, 0, "offline")

    def _set(self, state: str) -> None:
        self.state = state
        self.status()

    # --- commands --------------------------------------------------------------------------

    def on_drop(self, reason: str, detail: str) -> None:
        """A command line that could not be read gets ``nak`` with ``id`` null."""
        if reason in ("bad_json", "bad_schema", "unknown_type", "version"):
            self._emit(lambda s: codec.nak(self.dev, self.boot, s, None, f"{reason}: {detail}"[:200]))

    def handle(self, msg: Message) -> None:
        """Act on one decoded message; non-commands and other trays' commands are ignored."""
        if not msg.is_command:
            return
        to = msg.get("to")
        if to is not None and to != self.dev:
            return
        cid = msg["id"]

        def ack() -> None:
            self._emit(lambda s: codec.ack(self.dev, self.boot, s, cid))

        def nak(why: str) -> None:
            self._emit(lambda s: codec.nak(self.dev, self.boot, s, cid, why))

        with self._lock:
            if msg.type == "get_state":
                if self.state == "error":
                    self.state = "idle"
                ack()
                self.announce()
            elif msg.type == "cancel":
                self._cancel_timer()
                ack()
                if self.state in ("armed", "error"):
                    self.n = self.rid = None
                    self._set("idle")
            elif msg.type == "led":
                self.led = msg["pattern"]
                ack()
            elif msg.type == "expect":
                self._expect(msg["n"], msg["rid"], ack, nak)

    def _expect(self, n: int, rid: str, ack: Callable[[], None],
                nak: Callable[[str], None]) -> None:
        if self.state in ("rolling", "settled"):
            nak("busy: a roll is under way")
            return
        if self.last_roll is not None and self.last_roll["rid"] == rid:
            ack()
            self.send(self.last_roll)  # the same message again: the companion dedups it
            return
        if self.state == "armed" and self.rid == rid:
            ack()
            return
        ack()
        self.n, self.rid, self.last_n = n, rid, n
        self._set("armed")
        if self.auto_throw is not None:
            self._cancel_timer()
            self._timer = threading.Timer(self.auto_throw, self.press)
            self._timer.daemon = True
            self._timer.start()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # --- the hardware ----------------------------------------------------------------------

    def random_face(self) -> Face:
        if self.dice == "m44":
            return self.rng.choice(M44_ODDS)
        return self.rng.randint(1, 6)

    def press(self) -> Message | None:
        """The button (or a shake): throw random dice."""
        return self.throw(None)

    def throw(self, faces: Sequence[Face] | None) -> Message | None:
        """A throw that settles at once; ``faces`` None draws them. None if not possible now."""
        with self._lock:
            if self.state not in ("idle", "armed"):
                return None
            n = self.n if self.state == "armed" and self.n else self.last_n
            rid = self.rid if self.state == "armed" else None
            if faces is None:
                faces = [self.random_face() for _ in range(n)]
            self._cancel_timer()
            # The throw settles at once: rolling and settled last no time, so nothing is
            # said of them; the roll is the first message, its status (idle) follows. The
            # state is still `settled` while the roll goes out, so a command answered
            # from inside the send (an in-process link) finds the tray busy, as it is.
            self.state = "settled"
            faces_list = list(faces)
            msg = self._emit(lambda s: codec.roll(self.dev, self.boot, s, rid, faces_list))
            self.last_roll = msg
            self.n = self.rid = None
            self._set("idle")
            return msg

    def fail(self, why: str) -> None:
        with self._lock:
            self._cancel_timer()
            self.state = "error"
            self._emit(lambda s: codec.status(self.dev, self.boot, s, "error", why=why))

    def hardware_line(self, line: str) -> str | None:
        """``press``, ``shake`` or ``keys <faces...>`` typed on stdin; an error text if bad."""
        words = line.split()
        if not words:
            return None
        if words[0] in ("press", "shake"):
            return None if self.press() else f"cannot throw while {self.state}"
        if words[0] == "keys":
            faces: list[Face] = []
            for w in words[1:]:
                if w in ("null", "?", "-"):
                    faces.append(None)
                elif self.dice == "pips":
                    if not (w.isdigit() and 1 <= int(w) <= 6):
                        return f"{w!r} is not a pip face (1..6)"
                    faces.append(int(w))
                else:
                    if w not in codec.M44_FACES:
                        return f"{w!r} is not a face ({', '.join(codec.M44_FACES)})"
                    faces.append(w)
            if not 1 <= len(faces) <= codec.MAX_DICE:
                return f"keys takes 1..{codec.MAX_DICE} faces"
            return None if self.throw(faces) else f"cannot throw while {self.state}"
        if words[0] == "fail":
            self.fail(" ".join(words[1:]) or "simulated failure")
            return None
        return f"unknown hardware line {words[0]!r} (press, shake, keys FACES..., fail WHY)"


# --- transports ------------------------------------------------------------------------------

def open_pty() -> tuple[int, int, str]:
    """A raw pseudo-terminal pair: (master fd, slave fd, slave path)."""
    master, slave = os.openpty()
    tty.setraw(slave)
    tty.setraw(master)
    return master, slave, os.ttyname(slave)


class SerialTraySide:
    """The tray end of a serial link: an fd (a pty master or a tty path) plus heartbeats."""

    def __init__(self, tray: VirtualTray, fd: int, *, heartbeat: float = 1.0,
                 keep: Sequence[int] = ()) -> None:
        self.tray = tray
        self.fd = fd
        self.heartbeat_every = heartbeat
        self._keep = list(keep)  # fds to close with us (the pty slave we hold open)
        self.reader = LineReader(on_drop=tray.on_drop)
        self._stop = threading.Event()
        self._wlock = threading.Lock()
        self._threads: list[threading.Thread] = []
        os.set_blocking(fd, False)
        tray.send = self.write

    @classmethod
    def on_path(cls, tray: VirtualTray, path: str, **kw: Any) -> SerialTraySide:
        fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
        with contextlib.suppress(OSError):  # not every path is a tty (a FIFO in a test)
            tty.setraw(fd)
        return cls(tray, fd, **kw)

    def write(self, msg: Message) -> None:
        data = codec.encode(msg)
        with self._wlock:
            try:
                os.write(self.fd, data)
            except OSError as exc:  # nobody reading (buffer full) or the far end gone
                if exc.errno not in (errno.EAGAIN, errno.EIO):
                    log.debug("serial write failed: %s", exc)

    def start(self) -> SerialTraySide:
        self.tray.announce()
        for target in (self._read_loop, self._heartbeat_loop):
            t = threading.Thread(target=target, daemon=True)
            t.start()
            self._threads.append(t)
        return self

    def _read_loop(self) -> None:
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.1)
                if not ready:
                    continue
                data = os.read(self.fd, 4096)
            except (OSError, ValueError) as exc:
                if isinstance(exc, OSError) and exc.errno == errno.EAGAIN:
                    continue
                break
            if not data:
                time.sleep(0.05)
                continue
            for msg in self.reader.feed(data):
                self.tray.handle(msg)

    def _heartbeat_loop(self) -> None:
        while not self._stop.wait(self.heartbeat_every):
            self.tray.heartbeat()

    def close(self) -> None:
        self._stop.set()
        for t in self._threads:
            t.join(timeout=2)
        for fd in [self.fd, *self._keep]:
            with contextlib.suppress(OSError):
                os.close(fd)
