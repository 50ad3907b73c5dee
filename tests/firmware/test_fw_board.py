"""The BOARD entry firmware/main.py, run on the unix port with stand-in machine, neopixel
and network modules (firmware/tests/board_stubs): config.json, boot counter, the button
and the keypad read through pins, USB serial on stdin/stdout, MQTT over the stand-in Wi-Fi."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import FIRMWARE, Mosquitto, wait_for

pytestmark = pytest.mark.micropython
RUN_BOARD = FIRMWARE / "tests" / "board_stubs" / "run_board.py"


class Board:
    def __init__(self, binary: str, cwd: Path, config: dict[str, Any],
                 lib: Path | None = None, heap: str | None = None) -> None:
        self.cwd = cwd
        (cwd / "config.json").write_text(json.dumps(config))
        env = {**os.environ, **({"M44_LIB": str(lib)} if lib else {})}
        pre = ["-X", f"heapsize={heap}"] if heap else []
        self.proc = subprocess.Popen([binary, *pre, str(RUN_BOARD)], cwd=cwd, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.messages: list[dict[str, Any]] = []
        self.junk: list[bytes] = []
        self._t = threading.Thread(target=self._read, daemon=True)
        self._t.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            try:
                self.messages.append(json.loads(line))
            except ValueError:
                self.junk.append(line)

    def send(self, **msg: Any) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"v": 1, "dev": "companion-t", **msg}).encode() + b"\n")
        self.proc.stdin.flush()

    def pin(self, n: int, level: int) -> None:
        (self.cwd / f"pin{n}").write_text(str(level))

    def tap(self, n: int) -> None:
        self.pin(n, 0)
        time.sleep(0.15)  # held down like a finger would
        self.pin(n, 1)

    def of(self, typ: str, **match: Any) -> list[dict[str, Any]]:
        return [m for m in list(self.messages) if m["type"] == typ
                and all(m.get(k) == v for k, v in match.items())]

    def wait(self, typ: str, timeout: float = 10, **match: Any) -> dict[str, Any]:
        got = wait_for(lambda: self.of(typ, **match), timeout)
        assert got, f"no {typ} {match}; got {self.messages[-6:]}; junk {self.junk[-3:]}"
        first: dict[str, Any] = got[0]
        return first

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait(5)
        self._t.join(2)


@pytest.fixture
def board(micropython: str, tmp_path: Path) -> Iterator[Any]:
    made: list[Board] = []

    def make(config: dict[str, Any], sub: str = "b", uid: str | None = None,
             lib: Path | None = None, heap: str | None = None) -> Board:
        cwd = tmp_path / sub
        cwd.mkdir(exist_ok=True)
        if uid is not None:
            (cwd / "uid").write_text(uid)
        b = Board(micropython, cwd, config, lib, heap)
        made.append(b)
        return b

    yield make
    for b in made:
        b.stop()


def test_board_boots_from_config_and_rolls_on_the_button(board: Any) -> None:
    b = board({"dev": "board-1", "dice": "pips", "roll_ms": 100})
    hello = b.wait("hello")
    assert (hello["dev"], hello["dice"], hello["boot"]) == ("board-1", "pips", 1)
    assert {"button", "shake", "keypad", "led", "virtual"} <= set(hello["caps"])
    b.wait("status", state="idle")
    assert (b.cwd / "boot.dat").read_text().strip() == "1"
    b.send(type="expect", id="c1", n=3, rid="r-b")
    b.wait("status", state="armed")
    b.tap(14)  # the throw button on GP14
    roll = b.wait("roll", rid="r-b")
    assert len(roll["faces"]) == 3 and all(1 <= f <= 6 for f in roll["faces"])
    assert not b.junk  # nothing but protocol lines on the USB serial


def test_board_keypad_enters_faces(board: Any) -> None:
    b = board({"dev": "board-2", "pins": {"keypad": [2, 3, 4, 5, 6, 7], "neopixel": None,
                                          "shake": None}})
    caps = set(b.wait("hello")["caps"])
    assert "keypad" in caps and "led" not in caps and "shake" not in caps  # parts left out
    b.wait("status", state="idle")
    b.send(type="expect", id="c1", n=2, rid="keyed")
    b.wait("status", state="armed")
    b.tap(5)  # 4th key: star
    b.tap(7)  # 6th key: a die nobody can read
    assert b.wait("roll", rid="keyed")["faces"] == ["star", None]


def test_board_with_a_bad_config_reports_error_and_still_talks(board: Any) -> None:
    b = board({"dev": "Not Valid!"})
    err = b.wait("status", state="error")
    assert err["why"].startswith("config: dev")
    assert err["dev"] == "tray-4104035a2b2c"  # ran on the defaults: dev from the board's id
    # logged before any link is up, the line waits (TrayApp._pending_logs) and may come after the status
    assert wait_for(lambda: any(m["text"].startswith("config: dev") for m in b.of("log")), 10)
    b.send(type="get_state", id="g1")
    b.wait("ack", id="g1")
    b.wait("status", state="idle")


@pytest.mark.parametrize(("config", "why"), [
    ({"production": True, "watchdog_ms": 9000}, "config: watchdog_ms 9000"),
    ({"production": True, "watchdog_ms": 0}, "config: watchdog_ms 0"),
    ({"pins": {"button": 40}}, "config: pins.button 40"),
    ({"pins": {"keypad": [2, 3, "x"]}}, "config: pins.keypad 'x'"),
    ({"pins": {"button": 3, "keypad": [2, 3]}}, "config: pins: GPIO 3 is used twice"),
    ({"mqtt": {"port": "1883"}}, "config: mqtt.port '1883'"),
    ({"wifi": "club"}, "config: mqtt and wifi must be objects"),
])
def test_board_reports_every_config_error_and_stays_reachable(board: Any, config: dict[str, Any],
                                                              why: str) -> None:
    b = board(config)
    err = b.wait("status", state="error")
    assert err["why"].startswith(why), err
    assert b.proc.poll() is None  # not at the REPL, not reset
    b.send(type="get_state", id="g1")
    b.wait("ack", id="g1")
    b.wait("status", state="idle")
    assert not b.junk


def test_board_pin_the_stand_in_refuses_is_a_config_error(board: Any) -> None:
    # passes the config check (a GPIO number the file may name) but the port refuses it
    b = board({"pins": {"button": 30}})
    err = b.wait("status", state="error")
    assert err["why"] == "config: pins.button 30: invalid pin", err
    assert "button" not in b.wait("hello")["caps"]  # ran without its pins, still talks
    b.send(type="get_state", id="g1")
    b.wait("ack", id="g1")


def test_two_boards_get_two_device_ids_by_default(board: Any) -> None:
    devs = []
    for sub, uid in (("one", "e66141040350aa11"), ("two", "e66141040350bb22")):
        b = board({}, sub=sub, uid=uid)
        devs.append(b.wait("hello")["dev"])
    assert devs == ["tray-41040350aa11", "tray-41040350bb22"]


def test_board_without_serial_logs_on_the_usb_console(board: Any) -> None:
    b = board({"serial": False, "dev": "quiet-1", "watchdog_ms": 99999, "production": True})
    assert wait_for(lambda: any(b"config: watchdog_ms 99999" in j for j in b.junk), 10), b.junk
    assert all(j.startswith(b"tray: ") for j in b.junk)
    assert not b.messages  # the protocol is not on the console


def test_board_second_power_up_counts_a_boot(board: Any) -> None:
    first = board({"dev": "board-3"}, sub="same")
    first.wait("hello")
    first.stop()
    again = board({"dev": "board-3"}, sub="same")
    assert again.wait("hello")["boot"] == 2


@pytest.mark.mosquitto
def test_board_over_wifi_and_mqtt(board: Any, mosquitto: Mosquitto) -> None:
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    got: list[dict[str, Any]] = []
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="board-test")
    c.on_message = lambda cl, u, m: got.append(json.loads(m.payload))
    c.connect("127.0.0.1", mosquitto.port)
    c.subscribe("m44/v1/tray/board-4/#", 1)
    c.loop_start()
    try:
        # a production build: the watchdog runs (stand-in) and is fed around the connect
        b = board({"dev": "board-4", "serial": False, "production": True,
                   "wifi": {"ssid": "club", "password": "x"},
                   "mqtt": {"host": "127.0.0.1", "port": mosquitto.port}})
        assert wait_for(lambda: any(m["type"] == "hello" for m in got), 10), b.proc.stderr
        assert not b.messages  # serial off: nothing on the USB line
    finally:
        c.loop_stop()
        c.disconnect()
