"""Where every tray link delivers: de-duplication by ``(dev, boot, seq)``, tray state, commands.

Serial and MQTT links hand each decoded message to one :class:`TrayHub`, so a message that
arrives twice (MQTT redelivery, a status on two topics, USB and Wi-Fi at once) is acted on
once. The hub follows each tray (its ``hello``, state, which links reach it), logs gaps and
reboots, counts what it drops and why, and tells listeners about what it accepted.
"""

from __future__ import annotations

import logging
import re
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.tray import codec
from companion.tray.codec import Message, ProtocolError

log = logging.getLogger("companion.tray")

SEQ_WINDOW = 1024
HELLO_RETRY = 2.0  # s between get_state asks to a tray whose hello we missed


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the tracker says about one message."""

    act: bool
    reason: str | None = None  # why not: duplicate, stale, old_boot
    reboot: tuple[int, int] | None = None  # (old boot, new boot)
    missed: int = 0  # messages skipped before this one (a gap)


class SeqTracker:
    """Per-device ``(boot, seq)`` bookkeeping: duplicates, gaps, reboots. Not thread-safe."""

    def __init__(self, window: int = SEQ_WINDOW) -> None:
        self.window = window
        self._boot: dict[str, int] = {}
        self._high: dict[str, int] = {}
        self._seen: dict[str, set[int]] = {}

    def check(self, dev: str, boot: int, seq: int) -> Verdict:
        """Decide whether to act on message ``(dev, boot, seq)`` and remember it if so."""
        old = self._boot.get(dev)
        reboot: tuple[int, int] | None = None
        if old is None or boot > old:
            if old is not None:
                reboot = (old, boot)
            self._boot[dev] = boot
            self._high[dev] = seq
            self._seen[dev] = {seq}
            missed = seq - 1 if reboot is not None and seq > 1 else 0
            return Verdict(True, reboot=reboot, missed=missed)
        if boot < old:
            return Verdict(False, "old_boot")
        high = self._high[dev]
        seen = self._seen[dev]
        if seq in seen:
            return Verdict(False, "duplicate")
        if seq == 0:  # the MQTT last will, composed at connect: once per boot, never stale
            seen.add(0)
            return Verdict(True)
        if seq <= high - self.window:
            return Verdict(False, "stale")
        seen.add(seq)
        missed = 0
        if seq > high:
            missed = seq - high - 1 if high > 0 or seq > 1 else 0
            self._high[dev] = seq
            if len(seen) > 2 * self.window:
                floor = seq - self.window
                self._seen[dev] = {s for s in seen if s > floor or s == 0}
        return Verdict(True, missed=missed)

    def forget(self, dev: str) -> None:
        self._boot.pop(dev, None)
        self._high.pop(dev, None)
        self._seen.pop(dev, None)


@dataclass
class TrayInfo:
    """What the companion knows of one tray."""

    dev: str
    boot: int | None = None
    fw: str | None = None
    caps: tuple[str, ...] = ()
    dice: str | None = None  # from hello: "m44" or "pips"
    proto: tuple[int, ...] = (1,)
    max_dice: int = codec.MAX_DICE
    state: str = "unknown"
    why: str | None = None
    links: set[str] = field(default_factory=set)
    last_seen: float = 0.0

    @property
    def online(self) -> bool:
        return bool(self.links)


@dataclass(frozen=True, slots=True)
class TrayEvent:
    """Told to listeners. ``kind``: message, online, offline, reboot, gap, drop."""

    kind: str
    dev: str | None
    link: str
    message: Message | None = None
    detail: str = ""


Listener = Callable[[TrayEvent], None]


class Link(Protocol):
    """A way to reach trays (a serial port, an MQTT broker)."""

    name: str

    def send(self, msg: Message) -> bool:
        """Send a command; False when the link is down."""
        ...


def companion_id() -> str:
    """``companion-<hostname>`` cut to the protocol's device-id alphabet."""
    host = re.sub(r"[^a-z0-9-]+", "-", socket.gethostname().lower()).strip("-") or "host"
    return ("companion-" + host)[:32].rstrip("-")


_DEBUG_DROPS = frozenset({"duplicate"})


class TrayHub:
    """Collects messages from every link; thread-safe."""

    def __init__(self, dev: str | None = None, *, boot: int | None = None) -> None:
        self.dev = dev if dev is not None else companion_id()
        if not codec.valid_dev(self.dev):
            raise ValueError(f"{self.dev!r} is not a device id (1..32 of a-z, 0-9, -)")
        self.boot = boot if boot is not None else int(time.time())
        self.dropped: Counter[str] = Counter()
        self.accepted = 0
        self._seq = 0
        self._lock = threading.RLock()
        self._tracker = SeqTracker()
        self._trays: dict[str, TrayInfo] = {}
        self._links: dict[str, Link] = {}
        self._listeners: list[Listener] = []
        self._asked: dict[str, float] = {}  # when each tray was last asked for its hello

    # --- links and listeners ---------------------------------------------------------------

    def attach(self, link: Link) -> None:
        with self._lock:
            self._links[link.name] = link

    def detach(self, link: Link) -> None:
        with self._lock:
            self._links.pop(link.name, None)
        self.link_lost(link.name)

    def add_listener(self, fn: Listener) -> None:
        with self._lock:
            self._listeners.append(fn)

    def remove_listener(self, fn: Listener) -> None:
        with self._lock:
            if fn in self._listeners:
                self._listeners.remove(fn)

    def _emit(self, events: list[TrayEvent]) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for ev in events:
            for fn in listeners:
                try:
                    fn(ev)
                except Exception:  # a listener's bug must not stop the links
                    log.exception("tray listener failed on %s", ev.kind)

    # --- state -----------------------------------------------------------------------------

    def trays(self) -> list[TrayInfo]:
        with self._lock:
            return [TrayInfo(**{**t.__dict__, "links": set(t.links)}) for t in self._trays.values()]

    def tray(self, dev: str) -> TrayInfo | None:
        with self._lock:
            t = self._trays.get(dev)
            return None if t is None else TrayInfo(**{**t.__dict__, "links": set(t.links)})

    def online_trays(self) -> list[str]:
        with self._lock:
            return sorted(d for d, t in self._trays.items() if t.links)

    # --- receiving -------------------------------------------------------------------------

    def drop(self, reason: str, detail: str, link: str, dev: str | None = None) -> None:
        """Count and log a line or message that is not acted on."""
        with self._lock:
            self.dropped[reason] += 1
        level = logging.DEBUG if reason in _DEBUG_DROPS else logging.WARNING
        log.log(level, "drop %s from %s%s: %s", reason, link, f" ({dev})" if dev else "", detail)
        self._emit([TrayEvent("drop", dev, link, None, f"{reason}: {detail}")])

    def receive_payload(self, data: bytes | bytearray, link: str, topic_dev: str | None = None) -> bool:
        """Decode one MQTT payload (or line) and :meth:`receive` it; never raises."""
        try:
            msg = codec.decode(data)
        except ProtocolError as exc:
            self.drop(exc.reason, exc.detail, link, topic_dev)
            return False
        except Exception as exc:  # never raise on input
            self.drop("bad_json", repr(exc)[:80], link, topic_dev)
            return False
        if topic_dev is not None and msg.dev != topic_dev:
            self.drop("dev_mismatch", f"dev {msg.dev!r} on the topic of {topic_dev!r}", link,
                      topic_dev)
            return False
        return self.receive(msg, link)

    def receive(self, msg: Message, link: str) -> bool:
        """Act on ``msg`` from ``link`` unless it was seen already; True when acted on."""
        if msg.is_command:
            if msg.dev != self.dev:
                self.drop("not_from_tray", f"a {msg.type} command from {msg.dev}", link, msg.dev)
            return False
        events: list[TrayEvent] = []
        drop: tuple[str, str] | None = None
        ask_hello = False
        with self._lock:
            info = self._trays.get(msg.dev)
            if info is None:
                info = self._trays[msg.dev] = TrayInfo(msg.dev)
            verdict = self._tracker.check(msg.dev, msg.boot, msg.seq)
            # presence follows every current message, duplicates included (a retained
            # status seen again after a reconnect still proves the tray is there)
            if verdict.reason not in ("old_boot", "stale"):
                was_online = info.online
                if msg.type == "status" and msg.get("state") == "offline":
                    if verdict.act or msg.seq == 0:
                        info.links.discard(link)
                else:
                    info.links.add(link)
                    info.last_seen = time.monotonic()
                if info.online != was_online:
                    events.append(TrayEvent("online" if info.online else "offline", msg.dev, link))
                now = time.monotonic()
                if (info.dice is None and msg.type != "hello" and info.online
                        and now - self._asked.get(msg.dev, -1e9) > HELLO_RETRY):
                    self._asked[msg.dev] = now
                    ask_hello = True
            if not verdict.act:
                drop = (verdict.reason or "duplicate", f"{msg.type} boot {msg.boot} seq {msg.seq}")
            else:
                faces_problem = self._faces_problem(info, msg)
                if faces_problem is not None:
                    drop = ("bad_faces", faces_problem)
                else:
                    self.accepted += 1
                    if verdict.reboot is not None:
                        log.info("tray %s rebooted (boot %d -> %d)", msg.dev, *verdict.reboot)
                        events.append(TrayEvent("reboot", msg.dev, link, msg,
                                                f"boot {verdict.reboot[0]} -> {verdict.reboot[1]}"))
                    if verdict.missed:
                        log.info("tray %s: %d message(s) missed before seq %d",
                                 msg.dev, verdict.missed, msg.seq)
                        events.append(TrayEvent("gap", msg.dev, link, msg,
                                                f"{verdict.missed} missed before seq {msg.seq}"))
                    self._apply(info, msg)
                    events.append(TrayEvent("message", msg.dev, link, msg))
        if drop is not None:
            self.drop(drop[0], drop[1], link, msg.dev)
        self._emit(events)
        if ask_hello:
            self.send(msg.dev, "get_state")  # its hello went by before we listened
        if drop is None and msg.type == "log":
            log.info("tray %s says: %s", msg.dev, msg.get("text"))
        if drop is None and msg.type == "nak":
            log.warning("tray %s refused command %s: %s", msg.dev, msg.get("id"), msg.get("why"))
        return drop is None

    @staticmethod
    def _faces_problem(info: TrayInfo, msg: Message) -> str | None:
        if msg.type != "roll" or info.dice is None:
            return None
        kind = codec.face_kind(msg["faces"])
        if kind is not None and kind != info.dice:
            return f"{kind} faces from a tray that announced {info.dice} dice"
        return None

    @staticmethod
    def _apply(info: TrayInfo, msg: Message) -> None:
        info.boot = msg.boot
        if msg.type == "hello":
            info.fw = msg["fw"]
            info.caps = tuple(msg["caps"])
            info.dice = msg["dice"]
            info.proto = tuple(msg.get("proto", [1]))
            info.max_dice = int(msg.get("max_dice", codec.MAX_DICE))
        elif msg.type == "status":
            info.state = msg["state"]
            info.why = msg.get("why")

    def link_lost(self, link: str) -> None:
        """A link went down: trays reached only through it are offline."""
        events: list[TrayEvent] = []
        with self._lock:
            for info in self._trays.values():
                if link in info.links:
                    info.links.discard(link)
                    if not info.links:
                        events.append(TrayEvent("offline", info.dev, link))
        self._emit(events)

    # --- sending ---------------------------------------------------------------------------

    def command(self, type_: str, to: str | None, **fields: Any) -> Message:
        """A command with the companion's envelope and a fresh ``id``."""
        with self._lock:
            self._seq += 1
            seq = self._seq
        body: dict[str, Any] = {"id": f"c{seq}"}
        if to is not None:
            body["to"] = to
        body.update(fields)
        msg = Message(type_, self.dev, self.boot, seq, body)
        codec.from_dict(msg.to_dict())  # refuse to send what a tray would nak as bad_schema
        return msg

    def send(self, to: str | None, type_: str, **fields: Any) -> Message | None:
        """Send a command to tray ``to`` (None: every link); the message, or None if unsent."""
        return self.send_command(self.command(type_, to, **fields))

    def send_command(self, msg: Message) -> Message | None:
        """Send a command built by :meth:`command` over the best link to its ``to``."""
        to: str | None = msg.get("to")
        type_ = msg.type
        with self._lock:
            info = self._trays.get(to) if to is not None else None
            names = sorted(info.links, key=lambda n: not n.startswith("serial")) if info else []
            links = [self._links[n] for n in names if n in self._links]
            if not links:
                links = list(self._links.values())
        sent = False
        for link in links:
            try:
                if link.send(msg):
                    sent = True
                    if info is not None and info.links:
                        break  # one link that reaches the tray is enough
            except Exception:  # a dying link reports itself; sending must not raise
                log.exception("sending %s on %s failed", type_, link.name)
        if not sent:
            log.warning("no link could take %s for %s", type_, to or "any tray")
        return msg if sent else None
