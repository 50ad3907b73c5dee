# The board's hardware (Raspberry Pi Pico W or ESP32): the only firmware module that
# imports machine. Pins come from config.json ("pins"); docs/hardware.md has the wiring.
import sys
import time

from machine import Pin

from tray_inputs import Debounced, Keypad, ShakeDetector


class BoardHardware:
    def __init__(self, cfg):
        pins = cfg["pins"]
        self.brightness = cfg.get("brightness", 0.4)
        self.logs = []  # the last lines of diagnostics (stdout belongs to the serial link)
        self.caps = []
        self.button = None
        self.shake = None
        self.keypad = None
        self.np = None
        if pins.get("button") is not None:
            self.button = Debounced(Pin(pins["button"], Pin.IN, Pin.PULL_UP), True, cfg["debounce_ms"])
            self.caps.append("button")
        if pins.get("shake") is not None:
            self.shake = ShakeDetector(Pin(pins["shake"], Pin.IN, Pin.PULL_UP),
                                       cfg["shake_hits"], cfg["shake_window_ms"])
            self.caps.append("shake")
        if pins.get("keypad"):
            self.keypad = Keypad([Pin(p, Pin.IN, Pin.PULL_UP) for p in pins["keypad"]],
                                 cfg["dice"], cfg["debounce_ms"])
            self.caps.append("keypad")
        if pins.get("neopixel") is not None and cfg.get("pixels"):
            import neopixel

            self.np = neopixel.NeoPixel(Pin(pins["neopixel"], Pin.OUT), cfg["pixels"])

    def log(self, text):
        self.logs.append(text)
        if len(self.logs) > 30:
            self.logs.pop(0)

    def button_held(self):
        return self.button is not None and self.button.down

    def poll(self, now, tray):
        events = []
        if self.button is not None:
            b = self.button.update(now)
            if b == "press":
                events.append(("press",))
            elif b == "long":
                tray.entry.clear()  # a long press wipes a half-typed keypad entry
                self.log("keypad entry cleared")
        if self.shake is not None and self.shake.update(now) == "shake":
            events.append(("shake",))
        if self.keypad is not None:
            for face in self.keypad.update(now):
                events.append(("key", face))
        return events

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


def start_wifi(ssid, password, retry_ms=15000):
    """Start joining the network; returns a callable telling whether it is up. While the
    network is down, asking again re-joins at most every `retry_ms` (not every driver
    rejoins by itself after the access point went away)."""
    import network

    wlan = network.WLAN(network.STA_IF)
    wlan.active(True)
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
