"""TLS as an option: a table over mosquitto with a certificate, verified by the tablets."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.sync.table import TableSync
from companion.tray.mqtt_client import Connection
from companion.tray.mqtt_config import BrokerConfig, parse_broker_url
from companion.tray.mqtt_config import BrokerConfigError as SyncConfigError
from tests.helpers.mosquitto import wait_for

from .conftest import new_game, start_mosquitto


def self_signed(folder: Path, name: str = "IP:127.0.0.1") -> tuple[Path, Path]:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed (needed to make a test certificate)")
    cert, key = folder / "server.crt", folder / "server.key"
    subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                    "-subj", f"/CN={name.split(':', 1)[1]}", "-addext", f"subjectAltName={name}",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def companion(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


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


def test_a_ca_file_that_is_not_a_certificate_gets_a_clear_message(tmp_path: Path) -> None:
    junk = tmp_path / "ca.pem"
    junk.write_text("this is not a certificate\n")
    url = f"mqtts://127.0.0.1:8883?ca={junk}"
    for config in (BrokerConfig.from_url(url), parse_broker_url(url)[0]):  # sync and tray alike
        assert config.tls and config.tls_ca == str(junk)
        with pytest.raises(SyncConfigError, match="holds no usable certificate"):
            Connection(config, "x")
    for args in (["sync", "join", "--broker", url, "--table", "t1", "--tablet", "b"],
                 ["sync", "join", "--broker", "mqtts://127.0.0.1:8883", "--tls-ca", str(junk),
                  "--table", "t1", "--tablet", "b"],
                 ["dashboard", "--broker", url, "--once"]):
        out = companion(*args)
        assert out.returncode == 2, out.stderr
        assert "holds no usable certificate" in out.stderr and "Traceback" not in out.stderr


def test_verification_failures_say_which_check_failed(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    (tmp_path / "other").mkdir()
    other, _ = self_signed(tmp_path / "other")  # a certificate the broker does not have
    (tmp_path / "named").mkdir()
    named, named_key = self_signed(tmp_path / "named", "DNS:broker.example")
    broker = start_mosquitto(tmp_path, f"allow_anonymous true\ncertfile {cert}\nkeyfile {key}\n")
    (tmp_path / "b2").mkdir()
    misnamed = start_mosquitto(tmp_path / "b2", f"allow_anonymous true\ncertfile {named}\n"
                                                f"keyfile {named_key}\n")
    try:
        wrong_ca = BrokerConfig.from_url(f"mqtts://127.0.0.1:{broker.port}", tls_ca=str(other))
        assert "self-signed and not the one in the CA file" in (wrong_ca.probe() or "")
        wrong_name = BrokerConfig.from_url(f"mqtts://127.0.0.1:{misnamed.port}", tls_ca=str(named))
        assert "for another address than 127.0.0.1" in (wrong_name.probe() or "")
        plain = BrokerConfig("127.0.0.1", broker.port)
        assert plain.probe() is None
        assert BrokerConfig.from_url(f"mqtts://127.0.0.1:{broker.port}", tls_ca=str(cert)
                                     ).probe() is None
        conn = Connection(wrong_ca, "doubter").start()
        try:  # the connection itself says why it cannot get in
            assert wait_for(lambda: conn.failed is not None, 10)
            assert "TLS: the broker's certificate is self-signed" in (conn.failed or "")
        finally:
            conn.close()
        t0 = time.monotonic()
        out = companion("sync", "join", "--broker", f"mqtts://127.0.0.1:{misnamed.port}",
                        "--tls-ca", str(named), "--table", "t1", "--tablet", "b")
        assert out.returncode == 1 and "for another address" in out.stderr, out.stderr
        assert time.monotonic() - t0 < 9, "the reason came only after the connect timeout"
    finally:
        broker.stop()
        misnamed.stop()


def test_ca_in_a_sync_url_as_in_a_tray_url(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    broker = start_mosquitto(tmp_path, f"allow_anonymous true\ncertfile {cert}\nkeyfile {key}\n")
    url = f"mqtts://127.0.0.1:{broker.port}?ca={cert}"
    assert BrokerConfig.from_url(url) == parse_broker_url(url)[0]
    with pytest.raises(SyncConfigError, match="names no tray"):
        BrokerConfig.from_url(url + "&dev=tray-1")
    with pytest.raises(SyncConfigError, match="names no tray"):
        BrokerConfig.from_url(url + "#tray-1")
    a = TableSync(BrokerConfig.from_url(url), "t1", "alice").start()
    b = TableSync(BrokerConfig.from_url(url), "t1", "bob").start()
    try:
        assert a.conn.wait_connected(10) and b.conn.wait_connected(10)
        a.host(new_game())
        assert wait_for(lambda: b.synced and b.seq == a.seq, 10)
    finally:
        a.close()
        b.close()
        broker.stop()
