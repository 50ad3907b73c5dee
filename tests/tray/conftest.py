"""Shared fixtures for the tray tests: a real mosquitto, a virtual tray on a real pty."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.tray.broker import free_port
from companion.tray.hub import TrayEvent, TrayHub
from companion.tray.simulator import SerialTraySide, VirtualTray, open_pty


def wait_for(cond: Callable[[], object], timeout: float = 5.0, step: float = 0.01) -> bool:
    """Poll ``cond`` until true or ``timeout``; the result of the last poll."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(step)
    return bool(cond())


def find_mosquitto() -> str | None:
    for cand in (shutil.which("mosquitto"), "/usr/sbin/mosquitto"):
        if cand and os.access(cand, os.X_OK):
            return cand
    return None


@dataclass
class Mosquitto:
    binary: str
    port: int
    conf: Path
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.proc = subprocess.Popen([self.binary, "-c", str(self.conf)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None


@pytest.fixture
def mosquitto(tmp_path: Path) -> Iterator[Mosquitto]:
    binary = find_mosquitto()
    if binary is None:
        pytest.skip("mosquitto is not installed (apt install mosquitto)")
    port = free_port()
    conf = tmp_path / "mosquitto.conf"
    conf.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
    broker = Mosquitto(binary, port, conf)
    broker.start()
    yield broker
    broker.stop()


class Recorder:
    """Collects the hub's events for assertions."""

    def __init__(self, hub: TrayHub) -> None:
        self.events: list[TrayEvent] = []
        hub.add_listener(self.events.append)

    def rolls(self) -> list[TrayEvent]:
        return [e for e in self.events
                if e.kind == "message" and e.message is not None and e.message.type == "roll"]

    def kinds(self, kind: str) -> list[TrayEvent]:
        return [e for e in self.events if e.kind == kind]


@dataclass
class PtyTray:
    tray: VirtualTray
    side: SerialTraySide
    master: int
    path: str


@pytest.fixture
def pty_tray() -> Iterator[PtyTray]:
    master, slave, path = open_pty()
    tray = VirtualTray("tray-1", seed=7, boot=3)
    side = SerialTraySide(tray, master, heartbeat=0.5, keep=[slave]).start()
    yield PtyTray(tray, side, master, path)
    side.close()
