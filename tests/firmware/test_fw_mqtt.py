"""The firmware over a real mosquitto: retained status, commands on `cmd`, the last will,
reconnect and resubscribe after a broker restart. The firmware speaks MQTT through its own
small client (firmware/lib/mqttlite.py); the test listens with paho-mqtt."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from .conftest import Mosquitto, Tray, wait_for

pytestmark = [pytest.mark.micropython, pytest.mark.mosquitto]


class Listener:
    """A paho client subscribed to one tray's topics, keeping (topic, retained, message)."""

    def __init__(self, port: int, dev: str, name: str = "listener") -> None:
        self.dev = dev
        self.got: list[tuple[str, bool, dict[str, Any]]] = []
        self.lock = threading.Lock()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=name)
        self.client.on_message = self._on_message
        self.client.on_connect = self._on_connect
        self.client.on_subscribe = self._on_subscribe
        self.subscriptions = 0  # grows at each (re)subscribe that the broker confirmed
        self.client.reconnect_delay_set(1, 1)
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()
        self.seq = 0

    def _on_connect(self, client: mqtt.Client, *args: object) -> None:
        client.subscribe(f"m44/v1/tray/{self.dev}/#", 1)

    def _on_subscribe(self, *args: object) -> None:
        self.subscriptions += 1

    def _on_message(self, client: mqtt.Client, userdata: object, m: mqtt.MQTTMessage) -> None:
        with self.lock:
            self.got.append((m.topic.rsplit("/", 1)[1], bool(m.retain), json.loads(m.payload)))

    def of(self, topic: str, typ: str, **match: Any) -> list[dict[str, Any]]:
        with self.lock:
            return [msg for t, _, msg in self.got if t == topic and msg["type"] == typ
                    and all(msg.get(k) == v for k, v in match.items())]

    def wait(self, topic: str, typ: str, timeout: float = 10.0, **match: Any) -> dict[str, Any]:
        got = wait_for(lambda: self.of(topic, typ, **match), timeout)
        assert got, f"no {typ} {match} on {topic}; got {self.got[-6:]}"
        first: dict[str, Any] = got[0]
        return first

    def command(self, typ: str, **fields: Any) -> str:
        self.seq += 1
        msg = {"v": 1, "type": typ, "dev": "companion-test", "boot": 5, "seq": self.seq,
               "id": f"m{self.seq}", "to": self.dev, **fields}
        self.client.publish(f"m44/v1/tray/{self.dev}/cmd", json.dumps(msg), qos=1)
        return str(msg["id"])

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


@pytest.fixture
def mqtt_tray(micropython: str, tmp_path: Path, mosquitto: Mosquitto) -> Iterator[tuple[Tray, Listener]]:
    listener = Listener(mosquitto.port, "tray-m")
    tray = Tray(micropython, tmp_path, "tray-m", ["--mqtt", f"127.0.0.1:{mosquitto.port}"],
                "--roll-ms", "0", "--heartbeat", "0.3").start()
    yield tray, listener
    tray.stop(kill=True)
    listener.close()


def retained_status(port: int, dev: str) -> dict[str, Any]:
    """What a newcomer sees on the status topic: the retained message."""
    late = Listener(port, dev, "late-joiner")
    try:
        got = wait_for(lambda: [m for t, r, m in late.got if t == "status" and r], 10)
        assert got, "no retained status"
        last: dict[str, Any] = got[-1]
        return last
    finally:
        late.close()


def test_hello_retained_status_and_a_roll_over_mqtt(mqtt_tray: tuple[Tray, Listener],
                                                      mosquitto: Mosquitto) -> None:
    tray, lis = mqtt_tray
    hello = lis.wait("event", "hello")
    assert hello["dev"] == "tray-m" and hello["seq"] >= 1 and hello["dice"] == "m44"
    lis.wait("status", "status", state="idle")
    retained = retained_status(mosquitto.port, "tray-m")
    assert retained["state"] == "idle" and retained["dev"] == "tray-m"
    cid = lis.command("expect", n=3, rid="mq-1")
    lis.wait("event", "ack", id=cid)
    lis.wait("status", "status", state="armed", rid="mq-1")
    tray.hardware("press")
    roll = lis.wait("event", "roll", rid="mq-1")
    assert len(roll["faces"]) == 3
    assert wait_for(lambda: lis.of("event", "heartbeat"))
    # statuses go out retained on `status` only; a roll is one message on `event`, and the
    # status that follows it (idle) comes after it, never a rolling/settled before it
    assert not lis.of("event", "status")
    with lis.lock:
        order = [(t, m["type"], m.get("state"), m["seq"]) for t, _, m in lis.got]
    at = next(i for i, o in enumerate(order) if o[1] == "roll")
    assert [o for o in order[:at] if o[2] in ("rolling", "settled")] == []
    after = [o for o in order[at + 1:] if o[1] == "status"]
    assert after and after[0][2] == "idle" and after[0][3] > roll["seq"]
    bad = lis.command("expect", n=0, rid="x")
    assert lis.wait("event", "nak", id=bad)["why"].startswith("bad_args")


def test_last_will_says_offline_when_the_process_dies(mqtt_tray: tuple[Tray, Listener],
                                                      mosquitto: Mosquitto) -> None:
    tray, lis = mqtt_tray
    hello = lis.wait("event", "hello")
    tray.stop(kill=True)  # SIGKILL: no goodbye from the tray itself
    will = lis.wait("status", "status", state="offline")
    assert (will["seq"], will["boot"], will["dev"]) == (0, hello["boot"], "tray-m")
    assert retained_status(mosquitto.port, "tray-m")["state"] == "offline"


def test_reconnects_and_resubscribes_after_a_broker_restart(mqtt_tray: tuple[Tray, Listener],
                                                            mosquitto: Mosquitto) -> None:
    tray, lis = mqtt_tray
    lis.wait("event", "hello")
    assert wait_for(lambda: lis.subscriptions >= 1)
    mosquitto.stop()
    assert tray.alive()
    mosquitto.start()  # same port, no persistence: the broker forgot the subscription
    assert wait_for(lambda: tray.log().count("mqtt: connected") >= 2, 20), tray.log()
    assert "connection lost" in tray.log()
    assert wait_for(lambda: lis.subscriptions >= 2, 20)
    # the tray answers on `cmd` again only if it subscribed again
    cid = lis.command("expect", n=2, rid="after-restart")
    lis.wait("event", "ack", id=cid, timeout=10)
    tray.hardware("press")
    assert len(lis.wait("event", "roll", rid="after-restart")["faces"]) == 2
    assert retained_status(mosquitto.port, "tray-m")["state"] == "idle"


def test_roll_thrown_while_the_broker_is_down_arrives_after(mqtt_tray: tuple[Tray, Listener],
                                                            mosquitto: Mosquitto) -> None:
    tray, lis = mqtt_tray
    lis.wait("event", "hello")  # the tray subscribes to `cmd` before it says hello
    lis.command("expect", n=2, rid="storm")
    lis.wait("status", "status", state="armed", rid="storm")
    mosquitto.stop()
    tray.hardware("press")  # thrown while the Wi-Fi side is down
    assert wait_for(lambda: "throw (press)" in tray.log(), 5)
    mosquitto.start()
    assert wait_for(lambda: tray.log().count("mqtt: connected") >= 2, 20), tray.log()
    assert wait_for(lambda: lis.subscriptions >= 2, 20)
    # The tray re-published the roll the broker had not acknowledged. The listener may
    # have come back after that copy; the protocol's answer is to ask again with the rid,
    # and the tray sends the very same roll message.
    if not wait_for(lambda: lis.of("event", "roll", rid="storm"), 2):
        lis.command("expect", n=2, rid="storm")
    roll = lis.wait("event", "roll", rid="storm", timeout=10)
    assert len(roll["faces"]) == 2
    assert all(r == roll for r in lis.of("event", "roll", rid="storm"))
    assert not lis.of("status", "status", state="armed", seq=roll["seq"] + 1)
