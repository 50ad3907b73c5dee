# The tray's main loop: links in, state machine, hardware events, LEDs, heartbeats.
# Shared by firmware/main.py (the board) and firmware/unix_main.py (the unix port).
import time

from tray_core import Tray
from tray_dice import CameraReader, TrueRandom, VirtualDice
from tray_leds import LedAnimator
from tray_proto import COMMAND, DROP, NAK, V, check_command

LOOP_MS = 5


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
        self.tray.log = self.log

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

    def log(self, text):
        self.hw.log(text)

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
            self.log("nak %s" % why)
            self.tray.nak_line(cid, why)
        elif kind == DROP:
            self._count(detail)
            self.log("dropped a line: %s" % detail)

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
        for ev in self.hw.poll(now, self.tray):
            self.on_hardware(ev, now)
        self.tray.tick(now)
        for link in self.links:
            if link.up and link.heartbeat_ms:
                if link.last_heartbeat is None or now - link.last_heartbeat >= link.heartbeat_ms:
                    link.last_heartbeat = now
                    self.emit_to(link, "heartbeat", {"up": now / 1000, "dropped": self.dropped()})
        if self.leds is not None:
            frame = self.leds.frame(now)
            if frame != self._frame:
                self._frame = frame
                self.hw.show(frame)
            if self.leds.name != self._led_name:
                self._led_name = self.leds.name
                self.log("led " + self._led_name)
        if self.wdt is not None:
            self.wdt.feed()

    def run(self):
        while not self.stop:
            self.step()
            self.hw.idle(LOOP_MS)

    def close(self):
        for link in self.links:
            try:
                link.close()
            except Exception:
                pass

