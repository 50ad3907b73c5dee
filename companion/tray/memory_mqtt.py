"""An in-memory MQTT broker and client with :class:`~companion.tray.mqtt_client.Connection`'s
interface, for unit tests of the layers above (sync, tray links) where no broker runs.

It is a stand-in, not a broker: QoS, sessions and the network are not modelled. What it keeps
of MQTT: topic filters with ``+`` and ``#``, retained messages (delivered on subscribe; an
empty payload clears one), a last will published when a client goes away without closing, and
delivery on one network thread per broker in publish order, as paho's loop thread would. The
tests of the real wires run a real mosquitto.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger("companion.mqtt.memory")

MessageHandler = Callable[[str, bytes], None]


def topic_matches(topic_filter: str, topic: str) -> bool:
    """MQTT's topic filter rules: ``+`` is one level, ``#`` (last) the rest."""
    f, t = topic_filter.split("/"), topic.split("/")
    for i, part in enumerate(f):
        if part == "#":
            return True
        if i >= len(t) or (part != "+" and part != t[i]):
            return False
    return len(f) == len(t)


class MemoryBroker:
    """The broker: retained messages and the clients connected to it."""

    def __init__(self) -> None:
        self.retained: dict[str, bytes] = {}
        self.published: list[tuple[str, bytes, bool]] = []  # everything, in order (for tests)
        self._clients: list[MemoryConnection] = []
        self._lock = threading.RLock()
        self._queue: queue.Queue[tuple[MemoryConnection, str, bytes] | None] = queue.Queue()
        self._marks: list[threading.Event] = []
        self._thread = threading.Thread(target=self._deliver, name="memory-mqtt", daemon=True)
        self._thread.start()

    def connect(self, config: Any = None, client_id: str = "client",
                will: tuple[str, bytes] | None = None, **_: Any) -> MemoryConnection:
        """A client of this broker (the signature of ``Connection``'s constructor)."""
        return MemoryConnection(self, client_id, will)

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=5)

    def drain(self, timeout: float = 5.0) -> None:
        """Wait until every message published so far has been handed to its handlers."""
        done = threading.Event()
        self._queue.put((_MARK, "", b""))
        self._marks.append(done)
        done.wait(timeout)

    def publish(self, sender: MemoryConnection, topic: str, payload: bytes, retain: bool) -> None:
        with self._lock:
            self.published.append((topic, payload, retain))
            if retain:
                if payload:
                    self.retained[topic] = payload
                else:
                    self.retained.pop(topic, None)
            for client in self._clients:
                if client.wants(topic):
                    self._queue.put((client, topic, payload))

    def subscribed(self, client: MemoryConnection, topic_filter: str) -> None:
        with self._lock:
            for topic, payload in self.retained.items():
                if topic_matches(topic_filter, topic):
                    self._queue.put((client, topic, payload))

    def attach(self, client: MemoryConnection) -> None:
        with self._lock:
            if client not in self._clients:
                self._clients.append(client)

    def detach(self, client: MemoryConnection, clean: bool) -> None:
        with self._lock:
            if client in self._clients:
                self._clients.remove(client)
        if not clean and client.will is not None:
            self.publish(client, client.will[0], client.will[1], True)

    def _deliver(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            client, topic, payload = item
            if client is _MARK:
                self._marks.pop(0).set()
                continue
            client.handle(topic, payload)


class MemoryConnection:
    """One client: ``Connection``'s interface over a :class:`MemoryBroker`."""

    def __init__(self, broker: MemoryBroker, client_id: str,
                 will: tuple[str, bytes] | None = None) -> None:
        self.broker = broker
        self.client_id = client_id
        self.will = will
        self.connected = threading.Event()
        self.connects = 0
        self.refused: str | None = None
        self.failed: str | None = None
        self.on_connect: list[Callable[[], None]] = []
        self.on_disconnect: list[Callable[[], None]] = []
        self.on_refused: list[Callable[[str], None]] = []
        self._subs: dict[str, MessageHandler] = {}
        self._lock = threading.RLock()

    def start(self) -> MemoryConnection:
        self.broker.attach(self)
        self.connects += 1
        self.connected.set()
        for hook in list(self.on_connect):
            hook()
        with self._lock:
            filters = list(self._subs)
        for f in filters:
            self.broker.subscribed(self, f)
        return self

    def wait_connected(self, timeout: float = 10.0) -> bool:
        return self.connected.wait(timeout)

    def close(self) -> None:
        self.connected.clear()
        self.broker.detach(self, clean=True)

    def drop(self) -> None:
        """The network goes away without a goodbye: the broker publishes the last will."""
        self.connected.clear()
        self.broker.detach(self, clean=False)
        for hook in list(self.on_disconnect):
            hook()

    def subscribe(self, topic_filter: str, handler: MessageHandler, qos: int = 1) -> None:
        with self._lock:
            self._subs[topic_filter] = handler
        if self.connected.is_set():
            self.broker.subscribed(self, topic_filter)

    def resubscribe(self, topic_filter: str) -> None:
        if topic_filter in self._subs and self.connected.is_set():
            self.broker.subscribed(self, topic_filter)

    def unsubscribe(self, topic_filter: str) -> None:
        with self._lock:
            self._subs.pop(topic_filter, None)

    def publish(self, topic: str, payload: bytes | str, *, retain: bool = False, qos: int = 1) -> None:
        data = payload.encode() if isinstance(payload, str) else bytes(payload)
        self.broker.publish(self, topic, data, retain)

    def flush(self, timeout: float = 10.0) -> bool:
        return True

    def wants(self, topic: str) -> bool:
        with self._lock:
            return any(topic_matches(f, topic) for f in self._subs)

    def handle(self, topic: str, payload: bytes) -> None:
        with self._lock:
            handlers = [h for f, h in self._subs.items() if topic_matches(f, topic)]
        for handler in handlers:
            try:
                handler(topic, payload)
            except Exception:  # as the real client: logged, never fatal
                log.exception("%s: handling %s failed", self.client_id, topic)


_MARK: Any = object()
