"""Trays over MQTT (paho-mqtt 2.x): topics ``m44/v1/tray/<dev>/{status,event,cmd}``.

Subscribes in ``on_connect`` (so every reconnect resubscribes) with QoS 1, to one tray's
topics when scoped to a ``dev`` (what a secured broker's ACL lets a table's tablet read),
else to every tray's (``+``). Follows each tray's online/offline state from its retained
status, drops a message whose ``dev`` differs from its topic's, and hands the rest to the
hub, which drops duplicates by ``(dev, boot, seq)``. paho reconnects by itself (1..2 s).
Credentials and TLS come from a :class:`BrokerConfig` (``mqtt://user:pass@host``,
``mqtts://...``); a refused login is kept in ``refused`` and logged once, without the password.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from urllib.parse import urlsplit

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.tray import codec
from companion.tray.codec import Message
from companion.tray.hub import TrayHub
from companion.tray.mqtt_config import (
    TLS_SCHEMES,
    BrokerConfig,
    BrokerConfigError,
    parse_broker_url,
    redact,
)

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
    """``mqtt://host:port`` or ``host:port`` or ``host`` -> (host, port); ValueError if bad.

    The address only: a URL with a login, TLS, a ``#tray`` or options is refused (its caller
    would drop them silently); use :func:`parse_broker_url` and ``BrokerConfig.apply``.
    """
    text = url if "://" in url else f"mqtt://{url}"
    u = urlsplit(text)
    if "@" in u.netloc or u.scheme in TLS_SCHEMES or u.query or u.fragment:
        raise BrokerConfigError(f"{redact(url)!r}: only HOST:PORT here (this caller cannot log "
                                "in, use TLS or follow one tray)")
    cfg, _dev = parse_broker_url(url, allow_anonymous=True, options=False)
    return cfg.host, cfg.port


class MqttLink:
    """The companion's MQTT connection to the trays on one broker (one tray with ``dev``)."""

    def __init__(self, hub: TrayHub, host: str = "127.0.0.1", port: int = 1883, *,
                 dev: str | None = None, keepalive: int = 10,
                 config: BrokerConfig | None = None) -> None:
        """``config`` (credentials, TLS) wins over ``host``/``port``/``keepalive``."""
        if dev is not None and not codec.valid_dev(dev):
            raise BrokerConfigError(f"tray id {dev!r}: a device id is 1..32 of a-z, 0-9, -")
        self.config = config or BrokerConfig(host, port, keepalive=keepalive,
                                             allow_anonymous=True)
        self.hub = hub
        self.host, self.port = self.config.host, self.config.port
        self.only_dev = dev
        self.name = f"mqtt:{self.host}:{self.port}"
        self.connected = threading.Event()
        self.connects = 0
        self.keepalive = self.config.keepalive
        self.refused: str | None = None  # why the broker refused us (bad login, not authorised)
        self.failed: str | None = None  # why the last attempt did not reach the broker at all
        self.on_refused: Callable[[str], None] | None = None  # told each new refusal reason
        self._said: str | None = None
        client_id = f"{hub.dev}-{os.getpid()}-{id(self) % 100000}"
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                                  clean_session=True)
        self.config.apply(self.client)
        self.client.reconnect_delay_set(min_delay=1, max_delay=2)
        self.client.on_connect = self._on_connect
        self.client.on_connect_fail = self._on_connect_fail
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message

    @classmethod
    def from_url(cls, hub: TrayHub, url: str, dev: str | None = None, *,
                 username: str | None = None, password: str | None = None,
                 tls_ca: str | None = None, allow_anonymous: bool = False) -> MqttLink:
        """A link from ``mqtt[s]://[user:pass@]host[:port][?dev=ID&ca=PATH&anonymous][#ID]``.

        Raises :class:`BrokerConfigError` (a ValueError) for a bad URL or a broker on another
        machine without credentials (unless ``allow_anonymous``).
        """
        config, url_dev = parse_broker_url(url, username=username, password=password,
                                           tls_ca=tls_ca, allow_anonymous=allow_anonymous,
                                           dev=dev)
        return cls(hub, dev=url_dev, config=config)

    @property
    def scope(self) -> str:
        """Which trays this link follows: a device id or ``every tray``."""
        return self.only_dev or "every tray"

    def start(self) -> MqttLink:
        self.hub.attach(self)
        self.client.connect_async(self.host, self.port, keepalive=self.keepalive)
        self.client.loop_start()
        return self

    def wait_ready(self, timeout: float = 5.0) -> str | None:
        """Wait until connected (None) or refused (the reason). None also on timeout or when
        the broker cannot be reached (see ``failed``): paho keeps trying in the background."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and not self.connected.is_set() and self.refused is None \
                and self.failed is None:
            time.sleep(0.02)
        return None if self.connected.is_set() else self.refused

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
        self.hub.detach(self)

    def send(self, msg: Message) -> bool:
        to = msg.get("to")
        if not isinstance(to, str):
            return False  # a command over MQTT needs its tray's topic
        if self.only_dev is not None and to != self.only_dev:
            return False  # not this link's tray (a secured broker would refuse it anyway)
        info = self.client.publish(topic(to, "cmd"), codec.payload(msg), qos=1)
        # while disconnected paho queues QoS 1 messages and sends them after reconnecting
        return info.rc in (mqtt.MQTT_ERR_SUCCESS, mqtt.MQTT_ERR_NO_CONN)

    def _on_connect(self, client: mqtt.Client, userdata: object, flags: object,
                    reason_code: object, properties: object) -> None:
        if getattr(reason_code, "is_failure", False):
            self._refuse(str(reason_code))
            return
        self.refused = self.failed = self._said = None
        dev = self.only_dev or "+"
        client.subscribe([(topic(dev, "status"), 1), (topic(dev, "event"), 1)])
        self.connects += 1
        self.connected.set()
        log.info("%s: connected as %s, following %s", self.name,
                 self.config.username or "anonymous", self.scope)

    def _refuse(self, reason: str) -> None:
        self.refused = refusal_text(self.config, reason)
        if self._said != self.refused:  # paho retries every 1-2 s: say it once
            self._said = self.refused
            log.warning("%s: %s", self.name, self.refused)
            hook = self.on_refused
            if hook is not None:
                hook(self.refused)

    def _on_connect_fail(self, client: mqtt.Client, userdata: object) -> None:
        what = "TLS handshake or network" if self.config.tls else "network"
        self.failed = f"could not reach the broker {self.config.url} ({what}); retrying"
        log.debug("%s: %s", self.name, self.failed)

    def _on_disconnect(self, client: mqtt.Client, userdata: object, flags: object,
                       reason_code: object, properties: object) -> None:
        self.connected.clear()
        log.info("%s: disconnected (%s); paho reconnects", self.name, reason_code)
        self.hub.link_lost(self.name)

    def _on_message(self, client: mqtt.Client, userdata: object,
                    message: mqtt.MQTTMessage) -> None:
        try:
            where = parse_topic(message.topic)
            if where is None or where[1] not in ("status", "event") or \
                    (self.only_dev is not None and where[0] != self.only_dev):
                self.hub.drop("bad_topic", message.topic[:80], self.name)
                return
            self.hub.receive_payload(message.payload, self.name, topic_dev=where[0])
        except Exception:  # paho would swallow it; log and carry on
            log.exception("%s: handling a message failed", self.name)


def refusal_text(config: BrokerConfig, reason: str) -> str:
    """The broker's refusal in words a player can act on (never the password)."""
    low = reason.lower()
    if "password" in low or "authori" in low or "authent" in low:
        who = f"the login {config.username!r}" if config.username else "an anonymous login"
        return (f"the broker {config.url} refused {who}: {reason}; check the username and "
                "password (and that the broker's ACL lets this account read the tray)")
    return f"the broker {config.url} refused the connection: {reason}"
