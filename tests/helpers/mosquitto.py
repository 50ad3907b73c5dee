"""A real mosquitto broker for tests: started on a free port on 127.0.0.1, stopped after."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


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


def start_broker(binary: str, folder: Path, settings: str = "allow_anonymous true\n") -> Mosquitto:
    """A started mosquitto on a free loopback port, its config in ``folder``: the listener,
    no persistence, and ``settings`` (authentication, TLS, queues, Nagle) as given."""
    from companion.tray.broker import free_port

    port = free_port()
    conf = folder / "mosquitto.conf"
    # As root, mosquitto drops to the 'mosquitto' user, who cannot read files in a temp folder.
    run_as = "user root\n" if hasattr(os, "geteuid") and os.geteuid() == 0 else ""
    conf.write_text(f"listener {port} 127.0.0.1\npersistence false\n{run_as}{settings}")
    broker = Mosquitto(binary, port, conf)
    broker.start()
    return broker
