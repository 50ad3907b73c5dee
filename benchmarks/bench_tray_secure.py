"""Tray links on a secured mosquitto (logins + the generated ACL): what a login and TLS cost.

Roll latency (the roll leaves the Python tray -> the companion's hub listener) and the time
from ``MqttLink.start()`` to connected, plain MQTT vs TLS, both logged in and scoped to the
table's tray. Prints medians and p95.

    .venv/bin/python benchmarks/bench_tray_secure.py [--rolls 500] [--connects 20]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_tray import measure_rolls, pct

from companion.sync import security
from companion.tray.hub import TrayHub
from companion.tray.mqtt_config import BrokerConfig
from companion.tray.mqtt_link import MqttLink
from companion.tray.simulator import MqttTraySide, VirtualTray
from tests.helpers.mosquitto import Mosquitto, find_mosquitto, start_broker, wait_for


def start(folder: Path, tls: bool) -> tuple[Mosquitto, dict[str, str], Path | None]:
    binary = find_mosquitto()
    if binary is None:
        raise SystemExit("mosquitto is not installed")
    cert = key = None
    if tls:
        cert, key = folder / "server.crt", folder / "server.key"
        subprocess.run([shutil.which("openssl") or "openssl", "req", "-x509", "-newkey", "ec",
                        "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                        "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                        "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    tables = security.parse_tables("t1=alice+tray-1")
    passwords = {u: security.new_password() for u in security.accounts(tables)}
    (folder / "passwd").write_text(security.password_file(passwords))
    (folder / "acl").write_text(security.acl_text(tables))
    broker = start_broker(binary, folder, f"set_tcp_nodelay true\nallow_anonymous false\n"
                          f"password_file {folder / 'passwd'}\nacl_file {folder / 'acl'}\n"
                          + (f"certfile {cert}\nkeyfile {key}\n" if tls else ""))
    return broker, passwords, cert


def run(tls: bool, rolls: int, connects: int) -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        broker, pw, cert = start(Path(tmp), tls)
        scheme = "mqtts" if tls else "mqtt"
        ca = str(cert) if cert else None

        def cfg(user: str) -> BrokerConfig:
            return BrokerConfig.from_url(f"{scheme}://127.0.0.1:{broker.port}", username=user,
                                         password=pw[user], tls_ca=ca)

        try:
            connect_times = []
            for _ in range(connects):
                hub = TrayHub("companion-bench", boot=1)
                t = time.perf_counter()
                link = MqttLink(hub, dev="tray-1", config=cfg("t1.alice")).start()
                if not link.connected.wait(10):
                    raise SystemExit(f"no connection: {link.refused or link.failed}")
                connect_times.append(time.perf_counter() - t)
                link.close()
            hub = TrayHub("companion-bench", boot=1)
            link = MqttLink(hub, dev="tray-1", config=cfg("t1.alice")).start()
            tray = VirtualTray("tray-1", boot=1)
            side = MqttTraySide(tray, "127.0.0.1", broker.port, heartbeat=60)
            cfg("tray.tray-1").apply(side.client)
            side.start()
            try:
                if not wait_for(lambda: hub.online_trays() == ["tray-1"], 10):
                    raise SystemExit("the tray never came online")
                return connect_times, measure_rolls(hub, tray, rolls)
            finally:
                side.close()
                link.close()
        finally:
            broker.stop()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rolls", type=int, default=500)
    ap.add_argument("--connects", type=int, default=20)
    a = ap.parse_args()
    for tls in (False, True):
        connect_times, lat = run(tls, a.rolls, a.connects)
        name = "TLS + login" if tls else "plain + login"
        print(f"{name:14} roll -> listener: p50 {statistics.median(lat) * 1000:.2f} ms, "
              f"p95 {pct(lat, 95) * 1000:.2f} ms ({len(lat)} rolls); start -> connected: "
              f"p50 {statistics.median(connect_times) * 1000:.1f} ms, "
              f"p95 {pct(connect_times, 95) * 1000:.1f} ms ({len(connect_times)} connects)")


if __name__ == "__main__":
    main()
