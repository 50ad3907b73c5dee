"""What sync needs of an MQTT client, as small interfaces: sync imports the game layer only
(GUIDE), so the client itself comes from whoever starts sync.

The real one is the tray package's: ``companion.tray.mqtt_config.BrokerConfig`` (URL,
credentials, TLS, secure by default) is a :class:`Broker` whose ``connect`` makes a
``companion.tray.mqtt_client.Connection``, the one paho client the tray links use too; the
command line and the app pass it in. Unit tests pass ``companion.tray.memory_mqtt``'s.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol

MessageHandler = Callable[[str, bytes], None]
Will = tuple[str, bytes]


class Link(Protocol):
    """One client's connection to the broker: subscriptions kept across reconnects."""

    connected: threading.Event
    on_connect: list[Callable[[], None]]
    refused: str | None  # the broker's reason when it refused this client
    failed: str | None  # why the latest attempt to connect failed (a TLS check...)

    def start(self) -> Link: ...
    def wait_connected(self, timeout: float = 10.0) -> bool: ...
    def close(self) -> None: ...
    def subscribe(self, topic_filter: str, handler: MessageHandler, qos: int = 1) -> None: ...
    def resubscribe(self, topic_filter: str) -> None: ...
    def unsubscribe(self, topic_filter: str) -> None: ...
    def publish(self, topic: str, payload: bytes | str, *, retain: bool = False,
                qos: int = 1) -> None: ...
    def flush(self, timeout: float = 10.0) -> bool: ...


class Broker(Protocol):
    """Where and how to connect: makes a :class:`Link` for a client id (and its last will)."""

    @property
    def url(self) -> str: ...

    def connect(self, client_id: str, will: Will | None = None) -> Link: ...


# (broker, client id, will) -> a link: an in-memory broker's clients in unit tests
Connect = Callable[..., Link]

__all__ = ["Broker", "Connect", "Link", "MessageHandler", "Will"]
