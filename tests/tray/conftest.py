"""Shared fixtures for the tray tests: a real mosquitto, a virtual tray on a real pty."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.dice.base import DiceResult
from companion.tray.hub import TrayEvent, TrayHub
from companion.tray.simulator import SerialTraySide, VirtualTray, open_pty
from tests.helpers.mosquitto import Mosquitto, find_mosquitto, start_broker, wait_for

__all__ = ["Mosquitto", "PtyTray", "Recorder", "find_mosquitto", "wait_for"]


@pytest.fixture
def mosquitto(tmp_path: Path) -> Iterator[Mosquitto]:
    binary = find_mosquitto()
    if binary is None:
        pytest.skip("mosquitto is not installed (apt install mosquitto)")
    broker = start_broker(binary, tmp_path)
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


class Results:
    """A dice-result callback that keeps what it got and signals each one."""

    def __init__(self) -> None:
        self.got: list[DiceResult] = []
        self.event = threading.Event()

    def __call__(self, r: DiceResult) -> None:
        self.got.append(r)
        self.event.set()
