# Tray protocol codec (docs/tray-protocol.md): line framing, command checks, encoding.
# Pure MicroPython/CPython: no machine, no sockets, no clock.
import json

V = 1
PROTO = [1]
MAX_LINE = 512
MAX_DICE = 8
MAX_ID = 40
M44_FACES = ("infantry", "armor", "grenade", "star", "flag")
# A Memoir '44 die: two infantry sides, one of each other symbol.
M44_DIE = ("infantry", "infantry", "armor", "grenade", "star", "flag")
COMMANDS = ("expect", "cancel", "led", "get_state")
TRAY_TYPES = ("hello", "status", "roll", "heartbeat", "ack", "nak", "log")
PATTERNS = ("off", "ready", "hit", "miss", "error")
STATES = ("idle", "armed", "rolling", "settled", "error", "offline")
DROP_REASONS = ("too_long", "non_ascii", "bad_json", "bad_schema", "unknown_type", "version")

_DEV_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-"


def is_int(x):
    # bool is not an int here (MicroPython already agrees; CPython needs the check).
    return type(x) is int


def valid_dev(s):
    if type(s) is not str or not 1 <= len(s) <= 32:
        return False
    for c in s:
        if c not in _DEV_CHARS:
            return False
    return True


def valid_id(s):
    """A command id or roll id: 1..40 printable ASCII characters, not starting with a space."""
    if type(s) is not str or not 1 <= len(s) <= MAX_ID:
        return False
    if not 0x21 <= ord(s[0]) <= 0x7E:
        return False
    for c in s:
        if not 0x20 <= ord(c) <= 0x7E:
            return False
    return True


def printable(text, limit=200):
    """Text cut to printable ASCII (anything else becomes '?'), at most `limit` chars."""
    text = str(text)[:limit]
    for c in text:
        if not 0x20 <= ord(c) <= 0x7E:
            break
    else:
        return text  # the usual case: nothing to replace, nothing allocated
    out = []
    for c in text:
        o = ord(c)
        out.append(c if 0x20 <= o <= 0x7E else "?")
    return "".join(out)


def face_ok(face, dice):
    if face is None:
        return True
    if dice == "pips":
        return is_int(face) and 1 <= face <= 6
    return face in M44_FACES


def parse_face(word, dice):
    """One face typed by a person: m44 names (or their first letters), 1..6 for pips,
    `null`/`?`/`-` for a die that could not be read. Raises ValueError with a readable text."""
    w = word.strip().lower()
    if w in ("null", "?", "-", "none"):
        return None
    if dice == "pips":
        if len(w) == 1 and w in "123456":
            return int(w)
        raise ValueError("%r is not a pip face (1..6)" % word)
    for f in M44_FACES:
        if w == f or (len(w) >= 1 and f.startswith(w) and w != ""):
            return f
    if w == "tank":
        return "armor"
    raise ValueError("%r is not a face (%s)" % (word, ", ".join(M44_FACES)))


class LineReader:
    """Splits a byte stream into lines of at most `limit` bytes (not counting CR LF).

    Bytes are fed one at a time, so memory stays bounded by `limit`; a longer line is
    dropped up to the next newline and counted as `too_long`. Never raises.
    """

    def __init__(self, limit=MAX_LINE):
        self.limit = limit
        self.buf = bytearray()
        self.overflow = False
        self.drops = {}

    def count(self, reason):
        self.drops[reason] = self.drops.get(reason, 0) + 1

    def dropped(self):
        n = 0
        for k in self.drops:
            n += self.drops[k]
        return n

    def feed_byte(self, b):
        """Feed one byte (int); returns a complete line (bytes, CR stripped) or None."""
        if b == 10:
            if self.overflow:
                self.overflow = False
                self.buf = bytearray()
                self.count("too_long")
                return None
            line = bytes(self.buf)
            self.buf = bytearray()
            if line.endswith(b"\r"):
                line = line[:-1]
            if len(line) > self.limit:
                self.count("too_long")
                return None
            return line
        if self.overflow:
            return None
        # limit + 1 leaves room for the CR of a full-length line.
        if len(self.buf) >= self.limit + 1:
            self.overflow = True
            self.buf = bytearray()
            return None
        self.buf.append(b)
        return None

    def feed(self, data):
        lines = []
        for b in data:
            line = self.feed_byte(b)
            if line is not None:
                lines.append(line)
        return lines


# Results of check_command: what the tray should do with a line.
IGNORE = "ignore"  # not for us, or not a command: no answer
DROP = "drop"  # counted, no answer (reason in detail)
NAK = "nak"  # answer nak (id, why)
COMMAND = "command"  # a valid command (the decoded dict)


def _ascii_text(line):
    for b in line:
        if b < 0x20 or b > 0x7E:
            if b != 9:
                return None
    try:
        return line.decode()
    except Exception:
        return None


def check_command(line, own_dev):
    """Decide what a received line (bytes, no newline) is.

    Returns (IGNORE, None), (DROP, reason), (NAK, (id, reason, why)) or (COMMAND, dict).
    """
    if isinstance(line, str):
        line = line.encode()
    if not line.strip():
        return IGNORE, None
    text = _ascii_text(line)
    if text is None:
        return DROP, "non_ascii"
    try:
        obj = json.loads(text)
    except Exception:
        return NAK, (None, "bad_json", "bad_json: not JSON")
    if type(obj) is not dict:
        return NAK, (None, "bad_json", "bad_json: not a JSON object")
    to = obj.get("to")
    if type(to) is str and to != own_dev:
        return IGNORE, None
    typ = obj.get("type")
    if typ in TRAY_TYPES:
        return IGNORE, None  # an echo or another tray's message: never answered
    cid = obj.get("id")
    if not valid_id(cid):
        cid = None
    v = obj.get("v")
    if not is_int(v):
        return NAK, (cid, "bad_schema", "bad_schema: v must be an integer")
    if v != V:
        return NAK, (cid, "version", "version: this tray speaks v 1")
    if type(typ) is not str:
        return NAK, (cid, "bad_schema", "bad_schema: type must be a string")
    if typ not in COMMANDS:
        return NAK, (cid, "unknown_type", "unknown_type: " + printable(typ, 40))
    if cid is None:
        return NAK, (None, "bad_schema", "bad_schema: id must be 1..40 printable characters")
    if not valid_dev(obj.get("dev")):
        return NAK, (cid, "bad_schema", "bad_schema: dev must be a-z 0-9 - (1..32)")
    if to is not None and type(to) is not str:
        return NAK, (cid, "bad_schema", "bad_schema: to must be a string")
    for k in ("boot", "seq"):
        if k in obj and not (is_int(obj[k]) and obj[k] >= 0):
            return NAK, (cid, "bad_schema", "bad_schema: %s must be an integer >= 0" % k)
    if typ == "expect":
        n = obj.get("n")
        if not is_int(n):
            return NAK, (cid, "bad_schema", "bad_schema: n must be an integer")
        if not 1 <= n <= MAX_DICE:
            return NAK, (cid, "bad_args", "bad_args: n must be 1..%d" % MAX_DICE)
        if not valid_id(obj.get("rid")):
            return NAK, (cid, "bad_schema", "bad_schema: rid must be 1..40 printable characters")
    elif typ == "led":
        p = obj.get("pattern")
        if type(p) is not str:
            return NAK, (cid, "bad_schema", "bad_schema: pattern must be a string")
        if p not in PATTERNS:
            return NAK, (cid, "bad_args", "bad_args: pattern must be one of " + " ".join(PATTERNS))
    return COMMAND, obj


def encode(msg):
    """One message as a line (bytes with the newline). Raises ValueError past 512 bytes."""
    data = json.dumps(msg, separators=(",", ":")).encode()
    if len(data) > MAX_LINE:
        raise ValueError("message longer than %d bytes" % MAX_LINE)
    return data + b"\n"


def payload(msg):
    """One message as an MQTT payload (no newline)."""
    return encode(msg)[:-1]
