# The tray's state machine (docs/tray-protocol.md section 5):
#   idle -expect-> armed -throw-> rolling -> settled (sends roll) -> idle
#   cancel -> idle; any failure -> error (with why), which recovers on get_state/cancel/expect.
# Pure logic: time comes in as `now` (ms, never wrapping), messages go out through `out`.
from tray_dice import KeypadEntry, ReaderError
from tray_proto import MAX_DICE, PROTO, face_ok, printable

FW = "0.1.0"
DEDUP_KEEP = 16  # replies kept for commands seen again (each a message: the heap is small)


class Tray:
    """One dice tray.

    `out` has `emit(type, fields) -> message` (stamps v/dev/boot/seq and sends it on every
    link) and `resend(message)` (sends an already stamped message again, unchanged).
    `reader` is a dice reader (tray_dice); `leds` a tray_leds.LedAnimator or None.
    """

    def __init__(self, dev, dice, out, reader, leds=None, caps=None, default_n=2, auto_throw_ms=None):
        self.dev = dev
        self.dice = dice
        self.out = out
        self.reader = reader
        self.leds = leds
        self.caps = list(caps) if caps else [reader.kind]
        self.state = "idle"
        self.why = None
        self.n = None
        self.rid = None
        self.last_n = default_n
        self.last_roll = None
        self.auto_throw_ms = auto_throw_ms
        self._auto_at = None
        self._rolling_rid = None
        self.entry = KeypadEntry(dice)
        self._replies = {}
        self._reply_order = []
        self.log = None  # optional callable(text) for local diagnostics

    # --- messages ----------------------------------------------------------------------

    def hello_fields(self):
        return {"fw": FW, "caps": self.caps, "dice": self.dice, "proto": PROTO, "max_dice": MAX_DICE}

    def status_fields(self):
        f = {"state": self.state}
        if self.state == "error" and self.why:
            f["why"] = self.why
        if self.state == "armed":
            f["n"] = self.n
            f["rid"] = self.rid
        return f

    def announce(self):
        """hello then status (at boot, on connect, on get_state)."""
        self.out.emit("hello", self.hello_fields())
        self.out.emit("status", self.status_fields())

    def _set(self, state, now, why=None):
        self.state = state
        self.why = why
        if self.leds is not None:
            self.leds.on_state(state, now)
        self.out.emit("status", self.status_fields())

    def _note(self, text):
        if self.log is not None:
            self.log(text)

    # --- commands ----------------------------------------------------------------------

    def nak_line(self, cid, why):
        """A line that could not be taken as a command gets nak (id may be None)."""
        return self.out.emit("nak", {"id": cid, "why": why})

    def handle(self, cmd, now):
        """Act on one checked command (tray_proto.check_command gave COMMAND)."""
        key = None
        if "boot" in cmd and "seq" in cmd:
            key = (cmd["dev"], cmd["boot"], cmd["seq"])
            old = self._replies.get(key)
            if old is not None:
                # The same command again (two links, redelivery): answer, do not act.
                self.out.resend(old)
                return
        reply = self._act(cmd, now)
        if key is not None and reply is not None:
            self._replies[key] = reply
            self._reply_order.append(key)
            if len(self._reply_order) > DEDUP_KEEP:
                del self._replies[self._reply_order.pop(0)]

    def _ack(self, cid):
        return self.out.emit("ack", {"id": cid})

    def _act(self, cmd, now):
        typ = cmd["type"]
        cid = cmd["id"]
        if typ == "get_state":
            if self.state == "error":
                self.state = "idle"
                self.why = None
                if self.leds is not None:
                    self.leds.on_state("idle", now)
            reply = self._ack(cid)
            self.announce()
            return reply
        if typ == "cancel":
            reply = self._ack(cid)
            if self.state != "idle":
                self.reader.cancel()
                self._clear_arming()
                self._set("idle", now)
            return reply
        if typ == "led":
            reply = self._ack(cid)
            if self.leds is not None:
                self.leds.on_pattern(cmd["pattern"], now)
            return reply
        if typ == "expect":
            return self._expect(cid, cmd["n"], cmd["rid"], now)
        return self.out.emit("nak", {"id": cid, "why": "unknown_type"})

    def _expect(self, cid, n, rid, now):
        if self.state in ("rolling", "settled"):
            return self.out.emit("nak", {"id": cid, "why": "busy: a roll is under way"})
        if self.last_roll is not None and self.last_roll.get("rid") == rid:
            # The companion missed this roll (link down): send the very same message again.
            reply = self._ack(cid)
            self.out.resend(self.last_roll)
            return reply
        if self.state == "armed" and self.rid == rid:
            return self._ack(cid)
        reply = self._ack(cid)
        self.n = n
        self.rid = rid
        self.last_n = n
        self.entry.clear()
        self._set("armed", now)
        if self.auto_throw_ms is not None:
            self._auto_at = now + self.auto_throw_ms
        return reply

    def _clear_arming(self):
        self.n = None
        self.rid = None
        self._auto_at = None
        self.entry.clear()

    # --- the hardware ------------------------------------------------------------------

    def throw(self, now, how="button"):
        """The button was pressed (or a shake, or auto-throw). None if a roll began, else
        a text saying why not. Faces already keyed in are sent instead of rolling."""
        if self.state not in ("idle", "armed"):
            return "cannot throw while " + self.state
        if self.entry.faces:
            return self.keys(self.entry.take(), now)
        n = self.n if self.state == "armed" else self.last_n
        self._rolling_rid = self.rid if self.state == "armed" else None
        self._auto_at = None
        self._note("throw (%s): %d dice" % (how, n))
        self._set("rolling", now)
        self.reader.start(n, now)
        return None

    def keys(self, faces, now):
        """A whole roll entered on the keypad (or typed `keys ...`). None, or a text why not.
        The count is not checked against `expect`: the companion judges a wrong count."""
        if self.state not in ("idle", "armed"):
            return "cannot take keys while " + self.state
        if not 1 <= len(faces) <= MAX_DICE:
            return "keys takes 1..%d faces" % MAX_DICE
        for f in faces:
            if not face_ok(f, self.dice):
                return "%r is not a %s face" % (f, self.dice)
        self._rolling_rid = self.rid if self.state == "armed" else None
        self._auto_at = None
        self._set("rolling", now)
        self._settle(list(faces), now)
        return None

    def key_face(self, face, now):
        """One face key on the hardware keypad; the roll goes out once `n` faces are in."""
        if self.state not in ("idle", "armed"):
            return "cannot take keys while " + self.state
        try:
            self.entry.key(face)
        except ValueError as e:
            return str(e)
        if self.state == "armed" and self.entry.complete(self.n):
            return self.keys(self.entry.take(), now)
        return None

    def fail(self, why, now):
        """Something went wrong (sensor, camera, storage): the error state, with why."""
        self.reader.cancel()
        self._clear_arming()
        self._set("error", now, printable(why, 120) or "failure")

    def tick(self, now):
        """Advance timers: auto-throw, and the reader of a roll under way."""
        if self.state == "armed" and self._auto_at is not None and now - self._auto_at >= 0:
            self._auto_at = None
            self.throw(now, "auto")
        if getattr(self.reader, "landed", False):
            # a camera saw fresh dice land: that is the throw
            self.reader.landed = False
            if self.state in ("idle", "armed"):
                self.throw(now, "camera")
        if self.state == "rolling":
            try:
                faces = self.reader.poll(now)
            except ReaderError as e:
                self.fail(str(e), now)
                return
            if faces is not None:
                self._settle(faces, now)

    def _settle(self, faces, now):
        rid = self._rolling_rid
        self._set("settled", now)
        if self.leds is not None:
            self.leds.on_faces(faces, now)
        self.last_roll = self.out.emit("roll", {"rid": rid, "faces": faces})
        self._rolling_rid = None
        self._clear_arming()
        self._set("idle", now)
