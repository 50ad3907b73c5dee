# The board's hardware (Raspberry Pi Pico W or ESP32): the only firmware module that
# imports machine. Pins come from config.json ("pins"); docs/hardware.md has the wiring.
# The switches raise pin interrupts; the loop looks at a switch only after an edge (or
# while its debounce is still settling), never by reading every pin every pass.
import sys
import time

from machine import Pin

from tray_inputs import Debounced, Keypad, ShakeDetector


class Edge:
    """Set by a pin interrupt on either edge; the loop clears it when it has looked."""

    def __init__(self, pin):
        self.hit = True  # look once at start
        self.irq = False
        try:
            pin.irq(trigger=Pin.IRQ_FALLING | Pin.IRQ_RISING, handler=self._on)
            self.irq = True
        except Exception:
            pass  # a port without pin interrupts: the loop reads the pin every pass

    def _on(self, pin):
        self.hit = True

    def take(self):
        if not self.irq:
            return True
        hit = self.hit
        self.hit = False
        return hit


class BoardHardware:
    """Raises ValueError naming the part when a pin cannot be set up (main.py reports it
    as a config error and carries on without that part)."""

    def __init__(self, cfg, console=False):
        pins = cfg["pins"]
        self.brightness = cfg.get("brightness", 0.4)
        # stdout is the protocol line in serial mode: the log then only goes out as `log`
        # messages (and stays in `logs`); without serial it is printed on the USB console.
        self.console = console
        self.logs = []
        self.caps = []
        self.button = None
        self.shake = None
        self.keypad = None
        self.np = None
        self.edges = []
        self.max_wait_ms = 20
        if pins.get("button") is not None:
            pin = self._pin("button", pins["button"])
            self.button = Debounced(pin, True, cfg["debounce_ms"])
            self.button_edge = self._edge(pin)
            self.caps.append("button")
        if pins.get("shake") is not None:
            pin = self._pin("shake", pins["shake"])
            self.shake = ShakeDetector(pin, cfg["shake_hits"], cfg["shake_window_ms"])
            self.shake_edge = self._edge(pin)
            if not self.shake_edge.irq:
                self.max_wait_ms = 5  # chatter is only seen by reading often
            self.caps.append("shake")
        if pins.get("keypad"):
            kpins = [self._pin("keypad", p) for p in pins["keypad"]]
            self.keypad = Keypad(kpins, cfg["dice"], cfg["debounce_ms"])
            self.key_edges = [self._edge(p) for p in kpins]
            self.caps.append("keypad")
        if pins.get("neopixel") is not None and cfg.get("pixels"):
            import neopixel

            try:
                self.np = neopixel.NeoPixel(Pin(pins["neopixel"], Pin.OUT), cfg["pixels"])
            except Exception as e:
                raise ValueError("pins.neopixel %r: %s" % (pins["neopixel"], e))

    @staticmethod
    def _pin(name, n):
        try:
            return Pin(n, Pin.IN, Pin.PULL_UP)
        except Exception as e:
            raise ValueError("pins.%s %r: %s" % (name, n, e))

    def _edge(self, pin):
        e = Edge(pin)
        self.edges.append(e)
        return e

    def log(self, text):
        self.logs.append(text)
        if len(self.logs) > 30:
            self.logs.pop(0)
        if self.console:
            try:
                print("tray:", text)
            except Exception:
                pass

    def button_held(self):
        return self.button is not None and self.button.down

    def poll(self, now, tray):
        events = []
        b = self.button
        if b is not None and (self.button_edge.take() or b.settling()):
            r = b.update(now)
            if r == "press":
                events.append(("press",))
            elif r == "long":
                tray.entry.clear()  # a long press wipes a half-typed keypad entry
                self.log("keypad entry cleared")
        if self.shake is not None and self.shake_edge.take():
            if self.shake.update(now) == "shake":
                events.append(("shake",))
        if self.keypad is not None:
            look = False
            for e in self.key_edges:
                if e.take():
                    look = True
            for button, _face in self.keypad.keys:
                if button.settling():
                    look = True
            if look:
                for face in self.keypad.update(now):
                    events.append(("key", face))
        return events

    def due_in(self, now):
        """ms until the loop must look again: at once after an interrupt, soon while a
        switch is settling, else the longest wait."""
        for e in self.edges:
            if e.irq and e.hit:
                return 0
        if self.button is not None and self.button.settling():
            return 2
        if self.keypad is not None:
            for button, _face in self.keypad.keys:
                if button.settling():
                    return 2
        return self.max_wait_ms

    def show(self, frame):
        if self.np is None:
            return
        k = self.brightness
        for i in range(min(len(frame), self.np.n)):
            r, g, b = frame[i]
            self.np[i] = (int(r * k), int(g * k), int(b * k))
        self.np.write()

    def idle(self, ms):
        time.sleep_ms(ms)


def usb_serial():
    """The USB CDC serial line: MicroPython's own stdin/stdout."""
    return sys.stdin.buffer, sys.stdout.buffer


def start_wifi(ssid, password, retry_ms=15000, log=None):
    """Start joining the network; returns a callable telling whether it is up. While the
    network is down, asking again re-joins at most every `retry_ms` (not every driver
    rejoins by itself after the access point went away). Power saving is turned off: on
    the Pico W it holds incoming packets for up to a beacon interval (a command would
    wait 100 ms or more)."""
    import network

    wlan = network.WLAN(network.STA_IF)
    wlan.active(True)
    pm = getattr(network.WLAN, "PM_NONE", None)
    if pm is None and sys.platform == "rp2":
        pm = 0xA11140  # the CYW43 driver's "no power saving" before PM_NONE had a name
    if pm is not None:
        try:
            wlan.config(pm=pm)
            if log is not None:
                log("wifi: power saving off")
        except Exception as e:
            if log is not None:
                log("wifi: power saving stays on (%s)" % e)
    last = [time.ticks_ms()]
    if not wlan.isconnected():
        wlan.connect(ssid, password)

    def up():
        if wlan.isconnected():
            return True
        now = time.ticks_ms()
        if time.ticks_diff(now, last[0]) >= retry_ms:
            last[0] = now
            try:
                wlan.connect(ssid, password)
            except OSError:
                pass
        return False

    return up
