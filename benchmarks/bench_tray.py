"""Tray benchmarks: roll latency (tray emits -> companion callback) over a pty and over
MQTT, p50/p95 over N rolls, and the broker's own publish-to-receive floor measured
side by side with the MQTT rolls (their ratio is printed); codec throughput; the real
firmware's expect -> roll over a pty; serial reconnect time after a replug.

    .venv/bin/python benchmarks/bench_tray.py [--rolls 1000]

MQTT uses mosquitto on a free port when installed, else the embedded amqtt broker.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import socket
import statistics
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from companion.tray import codec
from companion.tray.broker import EmbeddedBroker, free_port
from companion.tray.hub import TrayEvent, TrayHub
from companion.tray.mqtt_link import MqttLink
from companion.tray.serial_link import SerialLink
from companion.tray.simulator import MqttTraySide, SerialTraySide, VirtualTray, open_pty


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def measure_rolls(hub: TrayHub, tray: VirtualTray, rolls: int, gap: float = 0.005) -> list[float]:
    """Throw ``rolls`` times; seconds from the roll leaving the tray to the hub's listener."""
    sent_at: dict[int, float] = {}
    got = threading.Event()
    lat: list[float] = []
    inner = tray.send

    def timed_send(msg: codec.Message) -> None:
        if msg.type == "roll":
            sent_at[msg.seq] = time.perf_counter()
        inner(msg)

    def on_event(ev: TrayEvent) -> None:
        m = ev.message
        if ev.kind == "message" and m is not None and m.type == "roll":
            lat.append(time.perf_counter() - sent_at[m.seq])
            got.set()

    tray.send = timed_send
    hub.add_listener(on_event)
    for _ in range(rolls):
        # Not back to back: a roll's status follows it, and the next throw would wait for
        # the companion to finish with that status (players do not throw 0.1 ms apart).
        time.sleep(gap)
        got.clear()
        tray.throw(["infantry", "armor", "star"])
        if not got.wait(10):
            raise RuntimeError("a roll did not arrive")
    hub.remove_listener(on_event)
    tray.send = inner
    return lat


def wait(cond: Callable[[], bool], timeout: float = 10) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise RuntimeError("timed out")
        time.sleep(0.005)


def bench_serial(rolls: int) -> list[float]:
    master, slave, path = open_pty()
    tray = VirtualTray("bench-serial", boot=1)
    side = SerialTraySide(tray, master, keep=[slave]).start()
    hub = TrayHub("companion-bench", boot=1)
    link = SerialLink(hub, path).start()
    wait(lambda: hub.online_trays() == ["bench-serial"])
    try:
        return measure_rolls(hub, tray, rolls)
    finally:
        link.close()
        side.close()


class BrokerFloor:
    """The broker's own publish-to-receive time: one paho client publishes a roll-sized
    payload at QoS 1, another (subscribed at QoS 1) receives it; the same broker, the same
    machine, measured between the tray's rolls so both see the same load."""

    def __init__(self, port: int) -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.got = threading.Event()
        self.sub = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-floor-sub")
        self.sub.on_message = lambda c, u, m: self.got.set()
        self.sub.connect("127.0.0.1", port)
        self.sub.subscribe("bench/floor", 1)
        self.sub.loop_start()
        self.pub = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-floor-pub")
        self.pub.connect("127.0.0.1", port)
        self.pub.loop_start()
        self.payload = codec.payload(codec.roll("bench-mqtt", 1, 1, "r-1",
                                                ["infantry", "armor", "star"]))
        time.sleep(0.3)  # both connected and subscribed

    def once(self, gap: float = 0.005) -> float:
        time.sleep(gap)  # spaced like the rolls
        self.got.clear()
        t = time.perf_counter()
        self.pub.publish("bench/floor", self.payload, qos=1)
        if not self.got.wait(10):
            raise RuntimeError("the broker did not deliver")
        return time.perf_counter() - t

    def close(self) -> None:
        for c in (self.pub, self.sub):
            c.loop_stop()
            c.disconnect()


def bench_mqtt(rolls: int) -> tuple[str, list[float], list[float]]:
    """(broker name, roll latencies, broker floor latencies), interleaved in one run."""
    binary = shutil.which("mosquitto") or ("/usr/sbin/mosquitto"
                                           if os.access("/usr/sbin/mosquitto", os.X_OK) else None)
    proc: subprocess.Popen[bytes] | None = None
    broker: EmbeddedBroker | None = None
    tmp = tempfile.TemporaryDirectory()
    if binary:
        port = free_port()
        conf = Path(tmp.name) / "m.conf"
        conf.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\n")
        proc = subprocess.Popen([binary, "-c", str(conf)], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        end = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                if time.monotonic() > end:
                    raise
                time.sleep(0.05)
        name = "mosquitto"
    else:
        broker = EmbeddedBroker().start()
        port = broker.port
        name = "amqtt (embedded)"
    hub = TrayHub("companion-bench", boot=1)
    link = MqttLink(hub, "127.0.0.1", port).start()
    tray = VirtualTray("bench-mqtt", boot=1)
    side = MqttTraySide(tray, "127.0.0.1", port, heartbeat=60).start()
    floor = BrokerFloor(port)
    try:
        wait(lambda: hub.online_trays() == ["bench-mqtt"])
        lat: list[float] = []
        base: list[float] = []
        for _ in range(rolls // 10):  # side by side: ten rolls, ten floor samples, again
            lat += measure_rolls(hub, tray, 10)
            base += [floor.once() for _ in range(10)]
        return name, lat, base
    finally:
        floor.close()
        side.close()
        link.close()
        if proc is not None:
            proc.terminate()
            proc.wait(5)
        if broker is not None:
            broker.stop()
        tmp.cleanup()


def bench_codec(n: int = 50_000) -> tuple[float, float, float]:
    msgs = [codec.roll("tray-1", 3, i + 1, f"r{i}", ["infantry", "armor", None, "flag"])
            for i in range(n)]
    t = time.perf_counter()
    lines = [codec.encode(m) for m in msgs]
    enc = n / (time.perf_counter() - t)
    t = time.perf_counter()
    for line in lines:
        codec.decode(line)
    dec = n / (time.perf_counter() - t)
    stream = b"".join(lines)
    reader = codec.LineReader()
    t = time.perf_counter()
    count = 0
    for i in range(0, len(stream), 4096):
        count += len(reader.feed(stream[i:i + 4096]))
    feed = count / (time.perf_counter() - t)
    return enc, dec, feed


def bench_replug(times: int) -> list[float]:
    """Seconds from a pty tray reappearing under the port's name to the link being open."""
    hub = TrayHub("companion-bench", boot=1)
    tmp = tempfile.TemporaryDirectory()
    port = Path(tmp.name) / "ttyTRAY"
    master, slave, path = open_pty()
    tray = VirtualTray("bench-replug", boot=1)
    side = SerialTraySide(tray, master, keep=[slave]).start()
    port.symlink_to(path)
    link = SerialLink(hub, str(port)).start()
    wait(lambda: link.connected.is_set())
    out: list[float] = []
    for _ in range(times):
        side.close()
        wait(lambda: not link.connected.is_set())
        master, slave, path = open_pty()
        side = SerialTraySide(tray, master, keep=[slave]).start()
        port.unlink()
        t = time.perf_counter()
        port.symlink_to(path)
        wait(lambda: link.connected.is_set())
        out.append(time.perf_counter() - t)
    link.close()
    side.close()
    tmp.cleanup()
    return out


def bench_firmware_serial(rolls: int) -> list[float] | None:
    """Round trip with the real firmware over bridged ptys: ``expect`` sent -> roll callback
    (auto-throw 0, roll-ms 0). None when the firmware or micropython is missing."""
    import select
    import sys

    root = Path(__file__).resolve().parents[1]
    main_py = root / "firmware" / "unix_main.py"
    mp = Path(sys.executable).parent / "micropython"
    if not main_py.exists() or not os.access(mp, os.X_OK):
        return None
    ma, sa, tray_path = open_pty()
    mb, sb, comp_path = open_pty()
    stop = threading.Event()

    def pump() -> None:
        pair = {ma: mb, mb: ma}
        while not stop.is_set():
            try:
                for fd in select.select(list(pair), [], [], 0.05)[0]:
                    data = os.read(fd, 4096)
                    if data:
                        os.write(pair[fd], data)
            except OSError:
                stop.wait(0.01)

    threading.Thread(target=pump, daemon=True).start()
    proc = subprocess.Popen([str(mp), str(main_py), "--dev", "bench-fw", "--serial", tray_path,
                             "--auto-throw", "0", "--roll-ms", "0"], cwd=root / "firmware",
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    hub = TrayHub("companion-bench", boot=2)
    link = SerialLink(hub, comp_path).start()
    got = threading.Event()
    hub.add_listener(lambda ev: got.set() if ev.kind == "message" and ev.message is not None
                     and ev.message.type == "roll" else None)
    out: list[float] = []
    try:
        wait(lambda: hub.online_trays() == ["bench-fw"], 20)
        for i in range(rolls):
            got.clear()
            t = time.perf_counter()
            hub.send("bench-fw", "expect", n=3, rid=f"b{i}")
            if not got.wait(10):
                raise RuntimeError("the firmware did not roll")
            out.append(time.perf_counter() - t)
    finally:
        link.close()
        proc.terminate()
        proc.wait(5)
        stop.set()
        for fd in (ma, sa, mb, sb):
            with contextlib.suppress(OSError):
                os.close(fd)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rolls", type=int, default=1000)
    ap.add_argument("--replugs", type=int, default=10)
    args = ap.parse_args()
    ms = 1000.0
    lat = bench_serial(args.rolls)
    print(f"serial (pty)  {len(lat)} rolls: p50 {statistics.median(lat) * ms:.3f} ms, "
          f"p95 {pct(lat, 95) * ms:.3f} ms")
    name, lat, base = bench_mqtt(args.rolls)
    print(f"mqtt ({name})  {len(lat)} rolls: p50 {statistics.median(lat) * ms:.3f} ms, "
          f"p95 {pct(lat, 95) * ms:.3f} ms")
    print(f"mqtt broker floor (paho -> broker -> paho, QoS 1, {len(base)} msgs): "
          f"p50 {statistics.median(base) * ms:.3f} ms, p95 {pct(base, 95) * ms:.3f} ms; "
          f"roll p50 / floor p50 = {statistics.median(lat) / statistics.median(base):.2f}")
    enc, dec, feed = bench_codec()
    print(f"codec: encode {enc:,.0f} msg/s, decode {dec:,.0f} msg/s, "
          f"LineReader.feed {feed:,.0f} msg/s")
    fw = bench_firmware_serial(min(args.rolls, 200))
    if fw is None:
        print("firmware round trip: skipped (no firmware/unix_main.py or micropython)")
    else:
        print(f"firmware round trip over pty (expect -> roll callback, {len(fw)} rolls): "
              f"p50 {statistics.median(fw) * ms:.2f} ms, p95 {pct(fw, 95) * ms:.2f} ms")
    rep = bench_replug(args.replugs)
    print(f"serial replug -> open ({len(rep)} times): median {statistics.median(rep) * ms:.0f} ms, "
          f"max {max(rep) * ms:.0f} ms")


if __name__ == "__main__":
    main()
