"""The in-memory MQTT stand-in: topic filters, retained messages, last wills, delivery order;
and the layer above on it (a table with an authority and a mirror, no broker running)."""

from __future__ import annotations

import threading

from companion.game.auto import AutoPlayer
from companion.tray.memory_mqtt import MemoryBroker, topic_matches
from companion.tray.mqtt_config import BrokerConfig


def test_topic_filters_follow_the_mqtt_rules() -> None:
    assert topic_matches("m44/v1/tray/+/status", "m44/v1/tray/tray-1/status")
    assert not topic_matches("m44/v1/tray/+/status", "m44/v1/tray/tray-1/event")
    assert not topic_matches("m44/v1/tray/+", "m44/v1/tray/tray-1/status")
    assert topic_matches("m44/v1/#", "m44/v1/tray/tray-1/status")
    assert topic_matches("a/b", "a/b") and not topic_matches("a/b", "a/b/c")


def test_retained_messages_wills_and_order() -> None:
    broker = MemoryBroker()
    got: list[tuple[str, bytes]] = []
    done = threading.Event()
    pub = broker.connect(client_id="pub", will=("t/status", b"gone")).start()
    pub.publish("t/status", b"ready", retain=True)
    for i in range(20):
        pub.publish("t/event", str(i).encode())
    sub = broker.connect(client_id="sub")
    sub.subscribe("t/#", lambda t, p: (got.append((t, p)), done.set() if p == b"gone" else None))
    sub.start()  # the retained status arrives on subscribing; the events before it do not
    broker.drain()
    assert got == [("t/status", b"ready")]
    for i in range(20):
        pub.publish("t/event", str(i).encode())
    pub.drop()  # gone without a goodbye: the will is published (and retained)
    assert done.wait(5)
    assert [p for _, p in got[1:21]] == [str(i).encode() for i in range(20)]
    assert broker.retained["t/status"] == b"gone"
    broker.close()


def test_a_table_on_the_memory_broker_mirrors_a_game() -> None:
    from companion.sync.table import TableSync
    from tests.helpers.mosquitto import wait_for
    from tests.sync.conftest import new_game

    broker = MemoryBroker()
    config = BrokerConfig("memory", 1883, allow_anonymous=True)
    host = TableSync(config, "t1", "host", connect=broker.connect).start()
    session = new_game(4)
    host.host(session)
    mirror = TableSync(config, "t1", "m0", connect=broker.connect).start()
    assert wait_for(lambda: mirror.seq == host.seq, 5), "the mirror did not load the table"
    player = AutoPlayer(4)
    for _ in range(25):
        with mirror.lock:
            view = mirror.view()
            assert view is not None
            action, expect = player.next_action(view), mirror.seq
        reply = mirror.request(action, timeout=5, expect=expect)
        assert reply.ok, reply.reason
        assert wait_for(lambda r=reply: mirror.seq >= r.seq, 5)
    assert mirror.state is not None and host.state is not None
    assert mirror.state.medals == host.state.medals and mirror.seq == host.seq
    stale = mirror.request({"do": "end_turn"}, timeout=5, expect=mirror.seq - 1)
    assert not stale.ok and stale.stale
    mirror.close()
    host.close()
    broker.close()
