"""TLS as an option: a table over mosquitto with a certificate, verified by the tablets."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from companion.sync.connection import BrokerConfig, Connection
from companion.sync.table import TableSync
from tests.helpers.mosquitto import wait_for

from .conftest import new_game, start_mosquitto


def self_signed(folder: Path) -> tuple[Path, Path]:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed (needed to make a test certificate)")
    cert, key = folder / "server.crt", folder / "server.key"
    subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def test_tablets_follow_a_table_over_tls(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    broker = start_mosquitto(tmp_path, f"allow_anonymous true\ncertfile {cert}\nkeyfile {key}\n")
    config = BrokerConfig.from_url(f"mqtts://127.0.0.1:{broker.port}", tls_ca=str(cert))
    a = TableSync(config, "t1", "alice").start()
    b = TableSync(config, "t1", "bob").start()
    plain = Connection(BrokerConfig("127.0.0.1", broker.port), "plain").start()
    try:
        assert a.conn.wait_connected(10) and b.conn.wait_connected(10)
        session = new_game()
        a.host(session)
        card = session.prompt().choices[0].key
        assert wait_for(lambda: b.synced, 10)
        assert b.request({"do": "play_card", "card": card}, timeout=10).ok
        assert wait_for(lambda: b.seq == a.seq == 2, 10)
        assert not plain.wait_connected(1), "a plain-TCP client got in to a TLS listener"
    finally:
        a.close()
        b.close()
        plain.close()
        broker.stop()


def test_tls_refuses_a_broker_it_cannot_verify(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    (tmp_path / "other").mkdir()
    other, _ = self_signed(tmp_path / "other")  # a certificate the broker does not have
    broker = start_mosquitto(tmp_path, f"allow_anonymous true\ncertfile {cert}\nkeyfile {key}\n")
    conn = Connection(BrokerConfig.from_url(f"mqtts://127.0.0.1:{broker.port}", tls_ca=str(other)),
                      "doubter").start()
    try:
        assert not conn.wait_connected(2)
    finally:
        conn.close()
        broker.stop()
