"""Encode, decode and validate the dice-tray protocol (``docs/tray-protocol.md``).

Pure standard library: the firmware's peers (the companion, the vision package's camera
tray, the simulator) all import this module. The public surface is

- :class:`Message` - one decoded message (envelope + fields), immutable;
- :func:`decode` (a line or an MQTT payload) and :func:`from_dict`, raising
  :class:`ProtocolError` whose ``reason`` is one of :data:`DROP_REASONS`;
- :func:`encode` (a line ending in ``\\n``) and :func:`payload` (MQTT, no newline);
- constructors for each message: :func:`hello`, :func:`status`, :func:`roll`,
  :func:`heartbeat`, :func:`ack`, :func:`nak`, :func:`expect`, :func:`cancel`,
  :func:`led`, :func:`get_state`;
- :class:`LineReader` - turns arbitrary byte chunks into messages, never raises.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

VERSION = 1
SPOKEN_VERSIONS: tuple[int, ...] = (1,)
MAX_LINE = 512  # bytes of JSON text per line, not counting the \r\n
MAX_DICE = 8
MAX_ID = 40

TRAY_TYPES = frozenset({"hello", "status", "roll", "heartbeat", "ack", "nak", "log"})
MAX_LOG_TEXT = 200  # a tray's `log` line: printable ASCII, at most this long
COMMAND_TYPES = frozenset({"expect", "cancel", "led", "get_state"})
ALL_TYPES = TRAY_TYPES | COMMAND_TYPES
STATES = ("idle", "armed", "rolling", "settled", "error", "offline")
LED_PATTERNS = ("off", "ready", "hit", "miss", "error")
DICE_KINDS = ("m44", "pips")
M44_FACES = ("infantry", "armor", "grenade", "star", "flag")
NAK_CODES = ("bad_json", "bad_schema", "unknown_type", "version", "busy", "bad_args", "not_armed")
# why a line or message was dropped (reader and receiver counters use these keys)
DROP_REASONS = (
    "too_long", "non_ascii", "bad_json", "bad_schema", "unknown_type", "version",
)

_DEV_RE = re.compile(r"[a-z0-9-]{1,32}")
_ID_RE = re.compile(r"[\x21-\x7e][\x20-\x7e]{0,39}")

Face = str | int | None


class ProtocolError(ValueError):
    """A line or object that is not a valid protocol message; ``reason`` names why."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Message:
    """One protocol message. ``fields`` holds everything beyond the envelope."""

    type: str
    dev: str
    boot: int
    seq: int
    fields: Mapping[str, Any] = field(default_factory=dict)
    v: int = VERSION

    @property
    def key(self) -> tuple[str, int, int]:
        """``(dev, boot, seq)``: the identity a receiver acts on at most once."""
        return (self.dev, self.boot, self.seq)

    @property
    def is_command(self) -> bool:
        return self.type in COMMAND_TYPES

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "v": self.v, "type": self.type, "dev": self.dev, "boot": self.boot, "seq": self.seq,
        }
        out.update(self.fields)
        return out

    def with_seq(self, boot: int, seq: int) -> Message:
        return Message(self.type, self.dev, boot, seq, self.fields, self.v)


# --- validation -----------------------------------------------------------------------

def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _need(cond: bool, detail: str) -> None:
    if not cond:
        raise ProtocolError("bad_schema", detail)


def _check_id(obj: Mapping[str, Any], name: str, nullable: bool = False) -> None:
    if name not in obj:
        raise ProtocolError("bad_schema", f"{name} is missing")
    val = obj[name]
    if val is None and nullable:
        return
    _need(isinstance(val, str) and _ID_RE.fullmatch(val) is not None,
          f"{name} must be a string of 1..{MAX_ID} printable characters")


def valid_dev(dev: object) -> bool:
    return isinstance(dev, str) and _DEV_RE.fullmatch(dev) is not None


def face_kind(faces: Iterable[Face]) -> str | None:
    """``"m44"`` or ``"pips"`` for faces of one kind, None when all are unread.

    Raises :class:`ProtocolError` for a face of neither kind or a mix of kinds.
    """
    kinds: set[str] = set()
    for i, f in enumerate(faces):
        if f is None:
            continue
        if isinstance(f, str) and f in M44_FACES:
            kinds.add("m44")
        elif _is_int(f) and 1 <= f <= 6:  # type: ignore[operator]
            kinds.add("pips")
        else:
            raise ProtocolError("bad_schema", f"face {i + 1} ({f!r}) is not a die face")
    if len(kinds) > 1:
        raise ProtocolError("bad_schema", "faces mix m44 symbols and pips")
    return kinds.pop() if kinds else None


def _check_body(t: str, obj: Mapping[str, Any]) -> None:
    if t == "hello":
        _need(isinstance(obj.get("fw"), str), "hello.fw must be a string")
        caps = obj.get("caps")
        _need(isinstance(caps, list) and all(isinstance(c, str) for c in caps),
              "hello.caps must be a list of strings")
        _need(obj.get("dice") in DICE_KINDS, "hello.dice must be m44 or pips")
        if "proto" in obj:
            p = obj["proto"]
            _need(isinstance(p, list) and len(p) > 0 and all(_is_int(x) for x in p),
                  "hello.proto must be a list of ints")
        if "max_dice" in obj:
            _need(_is_int(obj["max_dice"]) and obj["max_dice"] >= 1, "hello.max_dice must be >= 1")
    elif t == "status":
        _need(obj.get("state") in STATES, f"status.state must be one of {', '.join(STATES)}")
        if "why" in obj:
            _need(isinstance(obj["why"], str), "status.why must be a string")
        if "n" in obj:
            _need(_is_int(obj["n"]) and 0 <= obj["n"] <= 64, "status.n must be an int")
        if "rid" in obj:
            _check_id(obj, "rid", nullable=True)
    elif t == "roll":
        _check_id(obj, "rid", nullable=True)
        faces: Any = obj.get("faces")
        _need(isinstance(faces, list) and 1 <= len(faces) <= MAX_DICE,
              f"roll.faces must be a list of 1..{MAX_DICE} faces")
        face_kind(faces)
    elif t == "heartbeat":
        up: Any = obj.get("up")
        _need((_is_int(up) or isinstance(up, float)) and 0 <= up < 1e12,
              "heartbeat.up must be a number >= 0")
    elif t == "ack":
        _check_id(obj, "id", nullable=True)
    elif t == "log":
        text: Any = obj.get("text")
        _need(isinstance(text, str) and 0 < len(text) <= MAX_LOG_TEXT,
              f"log.text must be a string of 1..{MAX_LOG_TEXT} characters")
    elif t == "nak":
        _check_id(obj, "id", nullable=True)
        _need(isinstance(obj.get("why"), str) and len(obj["why"]) > 0, "nak.why must be a string")
    else:  # commands
        _check_id(obj, "id")
        if "to" in obj:
            _need(valid_dev(obj["to"]), "to must be a device id")
        if t == "expect":
            n: Any = obj.get("n")
            _need(_is_int(n) and 1 <= n <= MAX_DICE, f"expect.n must be an int 1..{MAX_DICE}")
            _check_id(obj, "rid")
        elif t == "led":
            _need(obj.get("pattern") in LED_PATTERNS,
                  f"led.pattern must be one of {', '.join(LED_PATTERNS)}")


_ENVELOPE = ("v", "type", "dev", "boot", "seq")


def from_dict(obj: object) -> Message:
    """Validate a decoded JSON value and build a :class:`Message`."""
    if not isinstance(obj, dict):
        raise ProtocolError("bad_json", "a message is a JSON object")
    v = obj.get("v")
    if not _is_int(v):
        raise ProtocolError("bad_schema", "v must be an integer")
    if v not in SPOKEN_VERSIONS:
        raise ProtocolError("version", f"v {v} is not spoken (speaks {list(SPOKEN_VERSIONS)})")
    t = obj.get("type")
    if not isinstance(t, str):
        raise ProtocolError("bad_schema", "type must be a string")
    if t not in ALL_TYPES:
        raise ProtocolError("unknown_type", f"type {t[:32]!r} is unknown")
    dev = obj.get("dev")
    _need(valid_dev(dev), "dev must be 1..32 of a-z, 0-9, -")
    boot: Any = obj.get("boot")
    seq: Any = obj.get("seq")
    _need(_is_int(boot) and boot >= 0, "boot must be an int >= 0")
    _need(_is_int(seq) and seq >= 0, "seq must be an int >= 0")
    _check_body(t, obj)
    fields = {k: val for k, val in obj.items() if k not in _ENVELOPE}
    return Message(t, dev, boot, seq, fields, v)  # type: ignore[arg-type]


def decode(line: bytes | bytearray | str) -> Message:
    """Decode one line (with or without its ``\\r\\n``) or one MQTT payload."""
    raw = line.encode("latin-1", "replace") if isinstance(line, str) else bytes(line)
    raw = raw.rstrip(b"\n").rstrip(b"\r")
    if len(raw) > MAX_LINE:
        raise ProtocolError("too_long", f"{len(raw)} bytes, at most {MAX_LINE}")
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError as exc:
        raise ProtocolError("non_ascii", f"byte {exc.start}") from None
    try:
        obj = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("bad_json", str(exc)[:80]) from None
    return from_dict(obj)


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def payload(msg: Message) -> bytes:
    """The JSON text of ``msg`` (an MQTT payload), validated, at most 512 bytes."""
    from_dict(msg.to_dict())  # refuse to send what a reader would drop
    text = json.dumps(msg.to_dict(), separators=(",", ":"), ensure_ascii=True)
    data = text.encode("ascii")
    if len(data) > MAX_LINE:
        raise ProtocolError("too_long", f"{len(data)} bytes, at most {MAX_LINE}")
    return data


def encode(msg: Message) -> bytes:
    """One line for a serial link: the JSON text and ``\\n``."""
    return payload(msg) + b"\n"


# --- constructors ------------------------------------------------------------------------

def _msg(t: str, dev: str, boot: int, seq: int, **fields: Any) -> Message:
    return Message(t, dev, boot, seq, {k: v for k, v in fields.items() if v is not _ABSENT})


_ABSENT: Any = object()


def hello(dev: str, boot: int, seq: int, *, fw: str, caps: Iterable[str], dice: str,
          proto: Iterable[int] = SPOKEN_VERSIONS, max_dice: int = MAX_DICE) -> Message:
    return _msg("hello", dev, boot, seq, fw=fw, caps=list(caps), dice=dice,
                proto=list(proto), max_dice=max_dice)


def status(dev: str, boot: int, seq: int, state: str, *, why: str | None = None,
           n: int | None = None, rid: str | None = _ABSENT) -> Message:
    return _msg("status", dev, boot, seq, state=state,
                why=_ABSENT if why is None else why, n=_ABSENT if n is None else n, rid=rid)


def roll(dev: str, boot: int, seq: int, rid: str | None, faces: Iterable[Face]) -> Message:
    return _msg("roll", dev, boot, seq, rid=rid, faces=list(faces))


def heartbeat(dev: str, boot: int, seq: int, up: float) -> Message:
    return _msg("heartbeat", dev, boot, seq, up=up)


def ack(dev: str, boot: int, seq: int, id: str | None) -> Message:
    return _msg("ack", dev, boot, seq, id=id)


def nak(dev: str, boot: int, seq: int, id: str | None, why: str) -> Message:
    return _msg("nak", dev, boot, seq, id=id, why=why)


def expect(dev: str, boot: int, seq: int, id: str, n: int, rid: str,
           to: str | None = None) -> Message:
    return _msg("expect", dev, boot, seq, id=id, to=_ABSENT if to is None else to, n=n, rid=rid)


def cancel(dev: str, boot: int, seq: int, id: str, to: str | None = None) -> Message:
    return _msg("cancel", dev, boot, seq, id=id, to=_ABSENT if to is None else to)


def led(dev: str, boot: int, seq: int, id: str, pattern: str,
        to: str | None = None) -> Message:
    return _msg("led", dev, boot, seq, id=id, to=_ABSENT if to is None else to, pattern=pattern)


def get_state(dev: str, boot: int, seq: int, id: str, to: str | None = None) -> Message:
    return _msg("get_state", dev, boot, seq, id=id, to=_ABSENT if to is None else to)


def nak_code(why: str) -> str:
    """The code part of a ``nak.why`` (``"bad_args: n must be 1..8"`` -> ``"bad_args"``)."""
    return why.split(":", 1)[0].strip()


# --- the line reader ------------------------------------------------------------------------

DropCallback = Callable[[str, str], None]


class LineReader:
    """Split a byte stream into protocol messages; never raises on any input.

    Holds at most :data:`MAX_LINE` bytes of an unfinished line. A longer line is dropped
    (counted ``too_long``) and everything up to the next ``\\n`` is skipped. ``dropped``
    counts every dropped line by reason; ``on_drop(reason, detail)`` is told of each.
    """

    def __init__(self, on_drop: DropCallback | None = None, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self.on_drop = on_drop
        self.dropped: Counter[str] = Counter()
        self.lines = 0  # complete, non-empty lines seen
        self._buf = bytearray()
        self._skipping = False

    def reset(self) -> None:
        """Forget a half-read line (a link that reconnected starts afresh)."""
        self._buf.clear()
        self._skipping = False

    def _drop(self, reason: str, detail: str) -> None:
        self.dropped[reason] += 1
        if self.on_drop is not None:
            with contextlib.suppress(Exception):  # a listener's bug must not stop the reader
                self.on_drop(reason, detail)

    def feed_lines(self, data: bytes | bytearray) -> list[bytes]:
        """Complete lines (without ``\\r\\n``) found after adding ``data``."""
        out: list[bytes] = []
        start = 0
        n = len(data)
        while start < n:
            nl = data.find(b"\n", start)
            end = n if nl < 0 else nl
            chunk = data[start:end]
            if self._skipping:
                if nl >= 0:
                    self._skipping = False
            elif len(self._buf) + len(chunk) > self.max_line + 1:  # +1 for a possible \r
                self._buf.clear()
                self._drop("too_long", f"line over {self.max_line} bytes")
                self._skipping = nl < 0
            else:
                self._buf += chunk
                if nl >= 0:
                    line = bytes(self._buf)
                    self._buf.clear()
                    if line.endswith(b"\r"):
                        line = line[:-1]
                    if len(line) > self.max_line:
                        self._drop("too_long", f"line over {self.max_line} bytes")
                    elif line.strip():
                        self.lines += 1
                        out.append(line)
            if nl < 0:
                break
            start = nl + 1
        return out

    def feed(self, data: bytes | bytearray) -> list[Message]:
        """Messages completed by ``data``; bad lines are counted and skipped."""
        out: list[Message] = []
        for line in self.feed_lines(data):
            try:
                out.append(decode(line))
            except ProtocolError as exc:
                self._drop(exc.reason, exc.detail)
            except Exception as exc:  # never raise on input
                self._drop("bad_json", repr(exc)[:80])
        return out
