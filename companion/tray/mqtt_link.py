"""Trays over MQTT (paho-mqtt 2.x): topics ``m44/v1/tray/<dev>/{status,event,cmd}``.

Subscribes in ``on_connect`` (so every reconnect resubscribes) with QoS 1, follows each
tray's online/offline state from its retained status, drops a message whose ``dev``
differs from its topic's, and hands the rest to the hub, which drops duplicates by
``(dev, boot, seq)``. paho reconnects by itself (0.25..2 s back-off).
"""

from __future__ import annotations

import logging
import os
import threading
from urllib.parse import urlparse

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.tray import codec
from companion.tray.codec import Message
from companion.tray.hub import TrayHub

log = logging.getLogger("companion.tray.mqtt")

PREFIX = "m44/v1/tray"


def topic(dev: str, kind: str) -> str:
    """``m44/v1/tray/<dev>/<kind>`` (kind: status, event, cmd)."""
    return f"{PREFIX}/{dev}/{kind}"


def parse_topic(name: str) -> tuple[str, str] | None:
    """``(dev, kind)`` of a tray topic, None for anything else."""
    parts = name.split("/")
    if len(parts) != 5 or "/".join(parts[:3]) != PREFIX:
        return None
    return parts[3], parts[4]


def parse_url(url: str) -> tuple[str, int]:
    """``mqtt://host:port`` or ``host:port`` or ``host`` -> (host, port); ValueError if bad."""
    text = url if "://" in url else f"mqtt://{url}"
    u = urlparse(text)
    if u.scheme not in ("mqtt", "tcp") or not u.hostname:
        raise ValueError(f"{url!r} is not a broker address (mqtt://HOST:PORT)")
    try:
        port = u.port or 1883
    except ValueError:
        raise ValueError(f"{url!r} has a bad port") from None
    return u.hostname, port


class MqttLink:
    """The companion's MQTT connection to every tray on one broker."""

    def __init__(self, hub: TrayHub, host: str, port: int = 1883, *, dev: str | None = None,
                 keepalive: int = 10) -> None:
        self.hub = hub
        self.host, self.port = host, port
        self.only_dev = dev
        self.name = f"mqtt:{host}:{port}"
        self.connected = threading.Event()
        self.connects = 0
        self.keepalive = keepalive
        client_id = f"{hub.dev}-{os.getpid()}-{id(self) % 100000}"
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                                  clean_session=True)
        self.client.reconnect_delay_set(min_delay=1, max_delay=2)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message

    @classmethod
    def from_url(cls, hub: TrayHub, url: str, dev: str | None = None) -> MqttLink:
        host, port = parse_url(url)
        return cls(hub, host, port, dev=dev)

    def start(self) -> MqttLink:
        self.hub.attach(self)
        self.client.connect_async(self.host, self.port, keepalive=self.keepalive)
        self.client.loop_start()
        return self

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
        self.hub.detach(self)

    def send(self, msg: Message) -> bool:
        to = msg.get("to")
        if not isinstance(to, str):
            return False  # a command over MQTT needs its tray's topic
        info = self.client.publish(topic(to, "cmd"), codec.payload(msg), qos=1)
        # while disconnected paho queues QoS 1 messages and sends them after reconnecting
        return info.rc in (mqtt.MQTT_ERR_SUCCESS, mqtt.MQTT_ERR_NO_CONN)

    def _on_connect(self, client: mqtt.Client, userdata: object, flags: object,
                    reason_code: object, properties: object) -> None:
        if getattr(reason_code, "is_failure", False):
            log.warning("%s: broker refused the connection: %s", self.name, reason_code)
            return
        dev = self.only_dev or "+"
        client.subscribe([(topic(dev, "status"), 1), (topic(dev, "event"), 1)])
        self.connects += 1
        self.connected.set()
        log.info("%s: connected", self.name)

    def _on_disconnect(self, client: mqtt.Client, userdata: object, flags: object,
                       reason_code: object, properties: object) -> None:
        self.connected.clear()
        log.info("%s: disconnected (%s); paho reconnects", self.name, reason_code)
        self.hub.link_lost(self.name)

    def _on_message(self, client: mqtt.Client, userdata: object,
                    message: mqtt.MQTTMessage) -> None:
        try:
            where = parse_topic(message.topic)
            if where is None or where[1] not in ("status", "event"):
                self.hub.drop("bad_topic", message.topic[:80], self.name)
                return
            self.hub.receive_payload(message.payload, self.name, topic_dev=where[0])
        except Exception:  # paho would swallow it; log and carry on
            log.exception("%s: handling a message failed", self.name)
