# The tray's main loop: links in, state machine, hardware events, LEDs, heartbeats.
# Shared by firmware/main.py (the board) and firmware/unix_main.py (the unix port).
# No fixed sleep: between passes the loop waits in select.poll on the links' streams and
# sockets (and stdin on the unix port) until the next timer is due, so a command is
# answered in the pass right after it arrives.
import gc
import select
import time

from tray_core import Tray
from tray_dice import CameraReader, TrueRandom, VirtualDice
from tray_leds import LedAnimator
from tray_proto import COMMAND, DROP, NAK, V, check_command, printable

# The longest wait between passes while nothing is due (hardware without a pollable
# stream, such as pin interrupts, is looked at least this often).
MAX_WAIT_MS = 20
# `log` messages on the links: at most this many per LOG_WINDOW_MS (a fault repeating
# every pass must not flood the companion).
LOG_BURST = 8
LOG_WINDOW_MS = 2000


class Clock:
    """Milliseconds since start that never wrap (ticks_ms wraps on the boards)."""

    def __init__(self):
        self._last = time.ticks_ms()
        self._ms = 0

    def now(self):
        t = time.ticks_ms()
        self._ms += time.ticks_diff(t, self._last)
        self._last = t
        return self._ms


class App:
    def __init__(self, dev, boot, dice, hw, reader=None, leds=True, auto_throw_ms=None,
                 default_n=2, roll_ms=800, seed=None, pixels=12, wdt=None, camera=None):
        self.dev = dev
        self.boot = boot
        self.hw = hw
        self.links = []
        self.seq = 0
        self.drops = {}
        self.clock = Clock()
        self.stop = False
        self.wdt = wdt
        self.leds = LedAnimator(pixels) if leds else None
        self._frame = None
        self._led_name = None
        self._led_due = 0
        self.max_wait_ms = getattr(hw, "max_wait_ms", MAX_WAIT_MS)
        self.pass_us = 0  # the longest loop pass since the last heartbeat (microseconds)
        self.passes = 0
        self._poller = None
        self._polled = None
        self._logging = False
        self._log_window = 0
        self._log_count = 0
        self.log_dropped = 0
        self._pending_logs = []  # said before any link was up: sent at the first announce
        if reader is None:
            if camera is not None:
                reader = camera
            else:
                reader = VirtualDice(dice, TrueRandom(seed), roll_ms)
        caps = [reader.kind]
        caps.extend(getattr(hw, "caps", ["button"]))
        if self.leds is not None:
            caps.append("led")
        self.tray = Tray(dev, dice, self, reader, self.leds, caps, default_n, auto_throw_ms)
        self.tray.log = self.note

    # --- the `out` side of the tray ----------------------------------------------------

    def stamp(self, typ, fields, seq=None):
        if seq is None:
            self.seq += 1
            seq = self.seq
        msg = {"v": V, "type": typ, "dev": self.dev, "boot": self.boot, "seq": seq}
        for k in fields:
            msg[k] = fields[k]
        return msg

    def emit(self, typ, fields):
        msg = self.stamp(typ, fields)
        for link in self.links:
            link.send(msg)
        return msg

    def emit_to(self, link, typ, fields):
        msg = self.stamp(typ, fields)
        link.send(msg)
        return msg

    def resend(self, msg):
        for link in self.links:
            link.send(msg)

    def last_will(self):
        return self.stamp("status", {"state": "offline"}, seq=0)

    def note(self, text):
        """Chatter (a throw began): on the console only."""
        self.hw.log(text)

    def log(self, text, wire=True):
        """A diagnostic line: on the hardware's console (stderr on the unix port, the USB
        console on a board when serial is not the protocol line) and, unless `wire` is
        False, as a `log` message on every link that is up (rate-limited)."""
        self.hw.log(text)
        if not wire or self._logging or not self.links:
            return
        now = self.clock.now()
        if now - self._log_window >= LOG_WINDOW_MS:
            self._log_window = now
            self._log_count = 0
        if not any(link.up for link in self.links):
            self._pending_logs.append(text)
            if len(self._pending_logs) > LOG_BURST:
                self._pending_logs.pop(0)
            return
        self._log_count += 1
        if self._log_count > LOG_BURST:
            self.log_dropped += 1
            return
        self._logging = True
        try:
            self.emit("log", {"text": printable(text, 200) or "?"})
        finally:
            self._logging = False

    # --- the loop ----------------------------------------------------------------------

    def add_link(self, link):
        self.links.append(link)

    def dropped(self):
        n = 0
        for k in self.drops:
            n += self.drops[k]
        for link in self.links:
            n += link.reader.dropped() + link.out_dropped
        return n

    def _count(self, reason):
        self.drops[reason] = self.drops.get(reason, 0) + 1

    def on_line(self, line, now):
        kind, detail = check_command(line, self.dev)
        if kind == COMMAND:
            self.tray.handle(detail, now)
        elif kind == NAK:
            cid, reason, why = detail
            self._count(reason)
            self.log("nak %s" % why, wire=False)
            self.tray.nak_line(cid, why)
        elif kind == DROP:
            self._count(detail)
            self.log("dropped a line: %s" % detail, wire=False)

    def on_hardware(self, ev, now):
        what = ev[0]
        err = None
        if what in ("press", "shake"):
            err = self.tray.throw(now, what)
        elif what == "keys":
            err = self.tray.keys(ev[1], now)
        elif what == "key":
            err = self.tray.key_face(ev[1], now)
        elif what == "fail":
            self.tray.fail(ev[1], now)
        elif what == "get_state":
            self.tray.announce()
        elif what == "quit":
            self.stop = True
        if err:
            self.log(err)
            if self.leds is not None:
                self.leds.on_pattern("error", now)

    def step(self):
        t0 = time.ticks_us()
        now = self.clock.now()
        for link in self.links:
            for line in link.poll(now):
                self.on_line(line, now)
            if getattr(link, "gone", False):
                self.log("%s link gone: stopping" % link.name)
                self.stop = True
            if link.announce_due:
                link.announce_due = False
                link.last_heartbeat = now
                self.tray.announce()
                pending, self._pending_logs = self._pending_logs, []
                for text in pending:
                    self.log(text)
        for ev in self.hw.poll(now, self.tray):
            self.on_hardware(ev, now)
        self.tray.tick(now)
        for link in self.links:
            if link.up and link.heartbeat_ms:
                if link.last_heartbeat is None or now - link.last_heartbeat >= link.heartbeat_ms:
                    link.last_heartbeat = now
                    self.emit_to(link, "heartbeat", {"up": now / 1000, "dropped": self.dropped(),
                                                     "pass_ms": self.pass_us // 100 / 10})
                    self.pass_us = 0
        leds = self.leds
        if leds is not None and (leds.dirty or now - self._led_due >= 0):
            # a frame is built only when it can have changed, written only when it did
            leds.dirty = False
            frame = leds.frame(now)
            self._led_due = now + leds.next_change(now)
            if frame != self._frame:
                self._frame = frame
                self.hw.show(frame)
            if leds.name != self._led_name:
                self._led_name = leds.name
                self.log("led " + self._led_name, wire=False)
        for link in self.links:
            link.end_pass()
        if self.wdt is not None:
            self.wdt.feed()
        took = time.ticks_diff(time.ticks_us(), t0)
        if took > self.pass_us:
            self.pass_us = took
        self.passes += 1

    def wait_ms(self, now):
        """How long the loop may wait for input before something is due."""
        due = self.max_wait_ms
        for link in self.links:
            due = min(due, link.due_in(now))
            if link.up and link.heartbeat_ms:
                if link.last_heartbeat is None:
                    return 0
                due = min(due, link.last_heartbeat + link.heartbeat_ms - now)
        tray = self.tray
        if tray.state == "rolling":
            due = min(due, getattr(tray.reader, "due_in", lambda t: 5)(now))
        if tray._auto_at is not None:
            due = min(due, tray._auto_at - now)
        if self.leds is not None:
            due = min(due, self._led_due - now)
        hw_due = getattr(self.hw, "due_in", None)
        if hw_due is not None:
            due = min(due, hw_due(now))
        return max(0, due)

    def wait(self):
        """Sleep until input arrives on a link or the hardware, or the next timer."""
        ms = self.wait_ms(self.clock.now())
        want = []
        for link in self.links:
            w = link.wait_on()
            if w is not None:
                want.append(w)
        hw_on = getattr(self.hw, "wait_on", None)
        w = hw_on() if hw_on is not None else None
        if w is not None:
            want.append(w)
        if not want:
            if ms:
                self.hw.idle(ms)
            return
        if want != self._polled:
            self._poller = select.poll()
            for o, ev in want:
                self._poller.register(o, ev)
            self._polled = want
        self._poller.poll(ms)

    def run(self):
        while not self.stop:
            try:
                self.step()
            except MemoryError:
                # a small heap under a burst: drop this pass's work, say so, go on
                gc.collect()
                try:
                    self.log("out of memory in a loop pass (%d bytes free after collect)"
                             % gc.mem_free())
                except MemoryError:
                    pass
            if not self.stop:
                self.wait()

    def close(self):
        for link in self.links:
            try:
                link.close()
            except Exception:
                pass

