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

from companion.tray import codec
from companion.tray.codec import Message
from companion.tray.hub import TrayHub
from companion.tray.mqtt_client import Connection
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
        self.keepalive = self.config.keepalive
        self.refused: str | None = None  # why the broker refused us (bad login, not authorised)
        self.on_refused: Callable[[str], None] | None = None  # told each new refusal reason
        client_id = f"{hub.dev}-{os.getpid()}-{id(self) % 100000}"
        # the one MQTT client of the product (shared with sync): subscriptions kept across
        # reconnects, a refusal said once, why a connect failed found out
        self.conn = Connection(self.config, client_id)
        self.conn.on_connect.append(self._connected)
        self.conn.on_disconnect.append(self._disconnected)
        self.conn.on_refused.append(self._refuse)
        dev = self.only_dev or "+"
        for kind in ("status", "event"):
            self.conn.subscribe(topic(dev, kind), self._on_message)

    @property
    def connected(self) -> threading.Event:
        return self.conn.connected

    @property
    def connects(self) -> int:
        return self.conn.connects

    @property
    def failed(self) -> str | None:
        """Why the last attempt did not reach the broker at all (None: it did)."""
        why = self.conn.failed
        if why is None:
            return None
        what = "TLS handshake or network" if self.config.tls else "network"
        return f"could not reach the broker {self.config.url} ({what}: {why}); retrying"

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
        self.conn.start()
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
        self.conn.close()
        self.hub.detach(self)

    def send(self, msg: Message) -> bool:
        to = msg.get("to")
        if not isinstance(to, str):
            return False  # a command over MQTT needs its tray's topic
        if self.only_dev is not None and to != self.only_dev:
            return False  # not this link's tray (a secured broker would refuse it anyway)
        # while disconnected paho queues QoS 1 messages and sends them after reconnecting
        self.conn.publish(topic(to, "cmd"), codec.payload(msg), qos=1)
        return True

    def _connected(self) -> None:
        self.refused = None
        log.info("%s: connected as %s, following %s", self.name,
                 self.config.username or "anonymous", self.scope)

    def _refuse(self, reason: str) -> None:
        self.refused = refusal_text(self.config, reason)
        log.warning("%s: %s", self.name, self.refused)
        hook = self.on_refused
        if hook is not None:
            hook(self.refused)

    def _disconnected(self) -> None:
        log.info("%s: disconnected; paho reconnects", self.name)
        self.hub.link_lost(self.name)

    def _on_message(self, topic_name: str, payload: bytes) -> None:
        where = parse_topic(topic_name)
        if where is None or where[1] not in ("status", "event") or \
                (self.only_dev is not None and where[0] != self.only_dev):
            self.hub.drop("bad_topic", topic_name[:80], self.name)
            return
        self.hub.receive_payload(payload, self.name, topic_dev=where[0])


def refusal_text(config: BrokerConfig, reason: str) -> str:
    """The broker's refusal in words a player can act on (never the password)."""
    low = reason.lower()
    if "password" in low or "authori" in low or "authent" in low:
        who = f"the login {config.username!r}" if config.username else "an anonymous login"
        return (f"the broker {config.url} refused {who}: {reason}; check the username and "
                "password (and that the broker's ACL lets this account read the tray)")
    return f"the broker {config.url} refused the connection: {reason}"
