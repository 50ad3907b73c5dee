"""A tray on a serial port (USB CDC, a USB-serial bridge, or a pseudo-terminal).

The link opens the port exclusively, reads lines with :class:`~companion.tray.codec.LineReader`
and hands messages to a :class:`~companion.tray.hub.TrayHub`. When the port goes away
(unplug) it closes, tells the hub, and tries again every ``retry`` seconds, so a replugged
tray is back within 2 s. Without a fixed port it looks for known tray USB ids and confirms
each candidate with ``get_state`` -> ``hello``.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time

import serial
from serial.tools import list_ports

from companion.tray import codec
from companion.tray.codec import LineReader, Message
from companion.tray.hub import TrayHub

log = logging.getLogger("companion.tray.serial")

BAUD = 115200

# USB (VID, PID) of boards a tray is built on; see docs/tray-protocol.md section 9.
TRAY_USB_IDS: dict[tuple[int, int], str] = {
    (0x2E8A, 0x0005): "Raspberry Pi Pico (MicroPython)",
    (0x303A, 0x1001): "ESP32-S2/S3/C3 native USB",
    (0x10C4, 0xEA60): "Silicon Labs CP210x (ESP32 boards)",
    (0x1A86, 0x7523): "WCH CH340 (ESP32 boards)",
    (0x1A86, 0x55D4): "WCH CH9102 (ESP32 boards)",
    (0x0403, 0x6001): "FTDI FT232R",
}


def serial_ports() -> list[tuple[str, str]]:
    """USB serial devices present now: (device, description), for a settings screen."""
    return [(p.device, p.description or "") for p in list_ports.comports()]


def candidate_ports() -> list[str]:
    """Serial ports whose USB ids belong to a board a tray is built on."""
    return sorted(p.device for p in list_ports.comports()
                  if p.vid is not None and (p.vid, p.pid) in TRAY_USB_IDS)


def confirm_tray(port: str, timeout: float = 2.0, sender: str = "companion-probe") -> str | None:
    """Open ``port``, ask ``get_state`` and return the tray's ``dev`` if it says ``hello``."""
    try:
        with serial.Serial(port, BAUD, timeout=0.1, exclusive=True) as ser:
            ser.write(codec.encode(codec.get_state(sender, int(time.time()), 1, "probe")))
            reader = LineReader()
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                for msg in reader.feed(ser.read(256)):
                    if msg.type == "hello":
                        return msg.dev
    except (serial.SerialException, OSError, ValueError) as exc:
        log.debug("probe of %s failed: %s", port, exc)
    return None


def find_trays(timeout: float = 2.0) -> dict[str, str]:
    """``{port: dev}`` of every confirmed tray on USB."""
    found: dict[str, str] = {}
    for port in candidate_ports():
        dev = confirm_tray(port, timeout)
        if dev is not None:
            found[port] = dev
    return found


class SerialLink:
    """One serial port kept open (and reopened) in a background thread."""

    def __init__(self, hub: TrayHub, port: str | None = None, *, retry: float = 0.25,
                 baud: int = BAUD, silence: float = 3.0) -> None:
        self.hub = hub
        self.port = port
        self.retry = retry
        self.silence = silence  # no byte for this long: the tray is hung (heartbeats are 1 s)
        self.baud = baud
        self.name = f"serial:{port or 'auto'}"
        self.connects = 0
        self.reader = LineReader(on_drop=self._on_drop)
        self._ser: serial.Serial | None = None
        self._write_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.connected = threading.Event()

    def _on_drop(self, reason: str, detail: str) -> None:
        self.hub.drop(reason, detail, self.name)

    def start(self) -> SerialLink:
        self.hub.attach(self)
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        self._close_port()
        self.hub.detach(self)

    def send(self, msg: Message) -> bool:
        data = codec.encode(msg)
        with self._write_lock:
            ser = self._ser
            if ser is None:
                return False
            try:
                ser.write(data)
                return True
            except (serial.SerialException, OSError, TypeError, ValueError) as exc:
                log.info("%s: write failed: %s", self.name, exc)
                return False

    def _open(self) -> serial.Serial | None:
        port = self.port
        if port is None:
            found = find_trays(timeout=1.0)
            if not found:
                return None
            port = sorted(found)[0]
        try:
            return serial.Serial(port, self.baud, timeout=0.05, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as exc:
            log.debug("%s: cannot open: %s", self.name, exc)
            return None

    def _close_port(self) -> None:
        with self._write_lock:
            ser, self._ser = self._ser, None
        self.connected.clear()
        if ser is not None:
            with contextlib.suppress(serial.SerialException, OSError):  # gone with the unplug
                ser.close()

    def _run(self) -> None:
        while not self._stop.is_set():
            ser = self._open()
            if ser is None:
                self._stop.wait(self.retry)
                continue
            self.reader.reset()
            with self._write_lock:
                self._ser = ser
            self.connects += 1
            self.connected.set()
            log.info("%s: open (%s)", self.name, ser.port)
            self.send(self.hub.command("get_state", None))
            heard = time.monotonic()
            quiet = False
            try:
                while not self._stop.is_set():
                    data = ser.read(ser.in_waiting or 1)
                    if data:
                        heard = time.monotonic()
                        quiet = False
                        for msg in self.reader.feed(data):
                            self.hub.receive(msg, self.name)
                    elif not quiet and time.monotonic() - heard > self.silence:
                        quiet = True
                        log.warning("%s: silent for %.1f s; its trays count as offline",
                                    self.name, self.silence)
                        self.hub.link_lost(self.name)
                        self.send(self.hub.command("get_state", None))
            except (serial.SerialException, OSError, TypeError, ValueError) as exc:
                log.info("%s: lost (%s); retrying every %.2f s", self.name, exc, self.retry)
            self._close_port()
            self.hub.link_lost(self.name)
            if not self._stop.is_set():
                self._stop.wait(self.retry)
