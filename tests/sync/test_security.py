"""Credentials and the generated ACL on a real mosquitto: a tablet stays inside its own table."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.sync import security
from companion.sync.table import TableSync
from companion.sync.topics import table_topic
from companion.tray.mqtt_client import Connection
from companion.tray.mqtt_config import BrokerConfig
from companion.tray.mqtt_config import BrokerConfigError as SyncConfigError
from tests.helpers.mosquitto import Mosquitto, wait_for

from .conftest import new_game, start_mosquitto

SPEC = "t1=alice,bob+tray-1;t2=carol"


@pytest.fixture
def secured(tmp_path: Path) -> Iterator[tuple[Mosquitto, dict[str, str]]]:
    tables = security.parse_tables(SPEC)
    passwords = {u: f"pw-{i}-{u}" for i, u in enumerate(security.accounts(tables))}
    (tmp_path / "passwd").write_text(security.password_file(passwords))
    (tmp_path / "acl").write_text(security.acl_text(tables))
    broker = start_mosquitto(tmp_path, security.mosquitto_conf(tmp_path))
    yield broker, passwords
    broker.stop()


def cfg(broker: Mosquitto, passwords: dict[str, str], user: str, password: str | None = None
        ) -> BrokerConfig:
    return BrokerConfig("127.0.0.1", broker.port, user, password or passwords[user])


def test_a_tablet_cannot_publish_or_read_another_tables_topics(
        secured: tuple[Mosquitto, dict[str, str]]) -> None:
    broker, pw = secured
    alice = TableSync(cfg(broker, pw, "t1.alice"), "t1", "alice").start()
    bob = TableSync(cfg(broker, pw, "t1.bob"), "t1", "bob").start()
    carol = Connection(cfg(broker, pw, "t2.carol"), "t2.carol").start()
    conns = [alice.conn, bob.conn, carol]
    try:
        assert all(c.wait_connected(10) for c in conns), [c.refused for c in conns]
        session = new_game()
        alice.host(session)
        assert wait_for(lambda: bob.synced and bob.seq == alice.seq, 10)
        # the table works for its own tablets: bob plays a card through alice
        card = session.prompt().choices[0].key
        assert bob.request({"do": "play_card", "card": card}, timeout=10).ok
        assert wait_for(lambda: bob.seq == alice.seq, 10)
        seen_by_carol: list[str] = []
        carol.subscribe("m44/v1/table/t1/#", lambda t, p: seen_by_carol.append(t))
        seq = alice.seq
        # carol (table t2) forges an action, an event, a snapshot and a takeover on t1
        carol.publish(table_topic("t1", "action", "carol"), b'{"id":"x","expect":null,'
                      b'"action":{"do":"undo"}}')
        carol.publish(table_topic("t1", "action", "bob"), b'{"id":"x","expect":null,'
                      b'"action":{"do":"undo"}}')
        carol.publish(table_topic("t1", "event"), b'{"game":"x","epoch":99,"event":{}}')
        carol.publish(table_topic("t1", "control"), b'{"game":"x","epoch":99,"authority":"carol",'
                      b'"seq":1}')
        carol.publish(table_topic("t1", "snapshot"), b"{}")
        # bob forges an action in alice's name (only its own action topic is writable)
        bob.conn.publish(table_topic("t1", "action", "alice"), b'{"id":"y","expect":null,'
                         b'"action":{"do":"undo"}}')
        # a marker bob may send proves the broker passed what it allowed before we look
        marker = bob.request({"do": "end_moves"}, timeout=10)  # refused: not the moment
        assert marker.reason is not None and marker.seq == seq
        time.sleep(0.3)
        assert alice.seq == seq and bob.seq == seq, "a forged message changed the game"
        assert alice.authority == "alice" and alice.epoch == 1 and bob.authority == "alice"
        assert alice.stats.bad_messages == 0 and bob.stats.bad_messages == 0
        assert seen_by_carol == [], "carol could read table t1"
    finally:
        alice.close()
        bob.close()
        carol.close()


def test_another_tables_account_cannot_take_a_tablets_client_id(
        secured: tuple[Mosquitto, dict[str, str]]) -> None:
    broker, pw = secured
    alice = TableSync(cfg(broker, pw, "t1.alice"), "t1", "alice").start()
    assert alice.conn.wait_connected(10)
    alice.host(new_game())
    # carol (table t2) connects under alice's client id: the broker names her t2.carol
    kickers = [Connection(cfg(broker, pw, "t2.carol"), "t1.alice").start()]
    try:
        assert kickers[0].wait_connected(10)
        time.sleep(1.0)
        assert alice.conn.connected.is_set() and alice.conn.connects == 1, \
            "table t2's account pushed table t1's authority off the broker"
        assert alice.role.value == "authority"
    finally:
        for k in kickers:
            k.close()
        alice.close()


def test_wrong_password_and_no_password_are_refused(secured: tuple[Mosquitto, dict[str, str]]) -> None:
    broker, pw = secured
    bad = Connection(cfg(broker, pw, "t1.alice", "guess"), "t1.alice-x").start()
    anon = Connection(BrokerConfig("127.0.0.1", broker.port), "anon").start()
    try:
        assert wait_for(lambda: bad.refused is not None and anon.refused is not None, 10)
        assert not bad.connected.is_set() and not anon.connected.is_set()
        assert "authori" in (bad.refused or "").lower()
    finally:
        bad.close()
        anon.close()


def test_the_dashboard_account_reads_summaries_only(secured: tuple[Mosquitto, dict[str, str]]) -> None:
    broker, pw = secured
    alice = TableSync(cfg(broker, pw, "t1.alice"), "t1", "alice").start()
    dash = Connection(cfg(broker, pw, "dashboard"), "dashboard").start()
    got: list[str] = []
    try:
        assert alice.conn.wait_connected(10) and dash.wait_connected(10)
        dash.subscribe("m44/v1/table/+/summary", lambda t, p: got.append(t))
        dash.subscribe("m44/v1/table/+/snapshot", lambda t, p: got.append(t))
        time.sleep(0.2)
        alice.host(new_game())
        assert wait_for(lambda: "m44/v1/table/t1/summary" in got, 10)
        dash.publish(table_topic("t1", "summary"), b'{"turn": 99, "seq": 99}', retain=True)
        time.sleep(0.3)
        assert got.count("m44/v1/table/t1/summary") == 1 and "m44/v1/table/t1/snapshot" not in got
    finally:
        alice.close()
        dash.close()


def test_acl_text_confines_each_account() -> None:
    tables = security.parse_tables(SPEC)
    text = security.acl_text(tables)
    block = text.split("user t1.alice\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert "topic read m44/v1/table/t1/#" in block
    assert "topic write m44/v1/table/t1/action/alice" in block
    assert "topic write m44/v1/table/t1/request/alice" in block
    assert not any("action/bob" in line or "/t2/" in line for line in block)
    assert "topic write m44/v1/tray/tray-1/cmd" in block
    tray = text.split("user tray.tray-1\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert tray == ["topic write m44/v1/tray/tray-1/status", "topic write m44/v1/tray/tray-1/event",
                    "topic read m44/v1/tray/tray-1/cmd"]
    assert security.accounts(tables) == ["t1.alice", "t1.bob", "t2.carol", "t1.alice.dice",
                                         "t1.bob.dice", "tray.tray-1", "dashboard"]
    dice = text.split("user t1.bob.dice\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert dice == ["topic read m44/v1/tray/tray-1/status", "topic read m44/v1/tray/tray-1/event",
                    "topic write m44/v1/tray/tray-1/cmd"]
    assert "use_username_as_clientid true" in security.mosquitto_conf(Path("/x"))


@pytest.mark.parametrize("spec", ["", "t1", "t1=", "T1=alice", "t1=al/ice", "t1=alice+tray#"])
def test_bad_table_specs_say_what_is_allowed(spec: str) -> None:
    with pytest.raises(ValueError):
        security.parse_tables(spec)


def test_a_remote_broker_needs_credentials() -> None:
    with pytest.raises(SyncConfigError, match="username and password"):
        BrokerConfig.from_url("mqtt://club.example:1883")
    ok = BrokerConfig.from_url("mqtts://u:p%40ss@club.example")
    assert ok.tls and ok.port == 8883 and ok.password == "p@ss"
    assert BrokerConfig.from_url("club.example", allow_anonymous=True).username is None
    assert BrokerConfig.from_url("127.0.0.1:1884").port == 1884
    with pytest.raises(SyncConfigError):
        BrokerConfig.from_url("http://x")
    with pytest.raises(SyncConfigError):
        BrokerConfig.from_url("mqtt://x:99999", allow_anonymous=True)


def test_credentials_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_MQTT_USER", "t1.alice")
    monkeypatch.setenv("COMPANION_MQTT_PASSWORD", "secret")
    c = BrokerConfig.from_url("mqtt://club.example")
    assert (c.username, c.password) == ("t1.alice", "secret")


def test_password_hash_is_mosquittos_format() -> None:
    h = security.mosquitto_hash("pw", salt=b"0123456789ab")
    parts = h.split("$")
    assert parts[1] == "7" and parts[2] == "101" and len(parts) == 5
    assert h == security.mosquitto_hash("pw", salt=b"0123456789ab")
    assert h != security.mosquitto_hash("pw2", salt=b"0123456789ab")
