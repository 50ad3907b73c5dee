"""The one paho-mqtt 2.x client the tray links and sync both use.

:class:`Connection` keeps its subscriptions across reconnects, routes each message to the
handler of its topic filter (an exception in one is logged, never fatal), says a refusal once
with the broker's reason, finds out why a connect failed (paho swallows TLS errors), and sends
small messages at once (no Nagle delay). Broker settings (URL, credentials, TLS) are
``companion.tray.mqtt_config.BrokerConfig``. ``companion.tray.memory_mqtt`` is an in-memory
stand-in with the same interface, for unit tests of the layers above; the tests of these wires
use a real mosquitto.
"""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
from collections.abc import Callable

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.tray.mqtt_config import BrokerConfig

log = logging.getLogger("companion.mqtt")

MessageHandler = Callable[[str, bytes], None]


class Connection:
    """One paho client: subscriptions renewed on every (re)connect, handlers by topic filter.

    Handlers run in paho's network thread; an exception in one is logged, never fatal.
    """

    def __init__(self, config: BrokerConfig, client_id: str,
                 will: tuple[str, bytes] | None = None, *, probe_failures: bool = True) -> None:
        self.config = config
        self.probe_failures = probe_failures  # find out why a connect failed (a TLS check...)
        self.client_id = client_id
        self.connected = threading.Event()
        self.connects = 0
        self.refused: str | None = None  # the broker's reason when it refused us
        self.failed: str | None = None  # why the latest attempt to connect failed (TLS: which check)
        self.on_connect: list[Callable[[], None]] = []
        self.on_disconnect: list[Callable[[], None]] = []
        self.on_refused: list[Callable[[str], None]] = []  # told the broker's reason
        self._subs: dict[str, int] = {}
        self._lock = threading.RLock()
        self._last: mqtt.MQTTMessageInfo | None = None
        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=True)
        c.max_queued_messages_set(0)
        c.reconnect_delay_set(min_delay=1, max_delay=2)
        config.apply(c)
        if will is not None:
            c.will_set(will[0], will[1], qos=1, retain=True)
        c.on_connect = self._on_connect
        c.on_disconnect = self._on_disconnect
        c.on_connect_fail = self._on_connect_fail
        c.on_message = self._on_unrouted
        c.on_socket_open = self._no_delay
        self.client = c

    def start(self) -> Connection:
        self.client.connect_async(self.config.host, self.config.port, keepalive=self.config.keepalive)
        self.client.loop_start()
        return self

    def wait_connected(self, timeout: float = 10.0) -> bool:
        return self.connected.wait(timeout)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()

    def subscribe(self, topic_filter: str, handler: MessageHandler, qos: int = 1) -> None:
        """Follow ``topic_filter``; kept across reconnects until :meth:`unsubscribe`."""
        def route(client: mqtt.Client, userdata: object, msg: mqtt.MQTTMessage) -> None:
            try:
                handler(msg.topic, bytes(msg.payload))
            except Exception:  # paho would swallow it; say so and carry on
                log.exception("%s: handling %s failed", self.client_id, msg.topic)

        with self._lock:
            self.client.message_callback_add(topic_filter, route)
            self._subs[topic_filter] = qos
            if self.connected.is_set():
                self.client.subscribe(topic_filter, qos)

    def resubscribe(self, topic_filter: str) -> None:
        """Subscribe again so the broker sends the topic's retained message once more."""
        with self._lock:
            if topic_filter in self._subs and self.connected.is_set():
                self.client.unsubscribe(topic_filter)
                self.client.subscribe(topic_filter, self._subs[topic_filter])

    def unsubscribe(self, topic_filter: str) -> None:
        with self._lock:
            if self._subs.pop(topic_filter, None) is not None:
                self.client.message_callback_remove(topic_filter)
                if self.connected.is_set():
                    self.client.unsubscribe(topic_filter)

    def publish(self, topic: str, payload: bytes | str, *, retain: bool = False, qos: int = 1) -> None:
        """Publish; while disconnected paho keeps QoS 1 messages and sends them on reconnect."""
        self._last = self.client.publish(topic, payload, qos=qos, retain=retain)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until the latest message published has left (QoS 1: the broker acknowledged it;
        paho sends in order, so everything before it too). False on timeout or no connection."""
        info = self._last
        if info is None:
            return True
        try:
            info.wait_for_publish(timeout)
        except (RuntimeError, ValueError):
            return False
        return info.is_published()

    def _on_connect(self, client: mqtt.Client, userdata: object, flags: object,
                    reason_code: object, properties: object) -> None:
        if getattr(reason_code, "is_failure", False):
            said = self.refused
            self.refused = str(reason_code)
            if said != self.refused:  # paho retries every 1-2 s: say it once
                log.warning("%s: the broker refused the connection: %s", self.client_id,
                            reason_code)
                for refused in list(self.on_refused):
                    try:
                        refused(self.refused)
                    except Exception:
                        log.exception("%s: refusal hook failed", self.client_id)
            return
        self.refused = self.failed = None
        with self._lock:
            if self._subs:
                client.subscribe(list(self._subs.items()))
            self.connects += 1
            self.connected.set()
        for hook in list(self.on_connect):
            try:
                hook()
            except Exception:
                log.exception("%s: connect hook failed", self.client_id)

    def _on_connect_fail(self, client: mqtt.Client, userdata: object) -> None:
        """paho swallows the reason (a TLS check, a refused port): find it out again, once."""
        if self.failed is None and self.probe_failures:
            self.failed = self.config.probe(timeout=2) or "the connection failed"
            log.warning("%s: cannot connect to %s: %s", self.client_id, self.config.url, self.failed)

    def _on_disconnect(self, client: mqtt.Client, userdata: object, flags: object,
                       reason_code: object, properties: object) -> None:
        self.connected.clear()
        for hook in list(self.on_disconnect):
            try:
                hook()
            except Exception:
                log.exception("%s: disconnect hook failed", self.client_id)

    @staticmethod
    def _no_delay(client: mqtt.Client, userdata: object, sock: object) -> None:
        """Small messages go out at once (no Nagle delay): an action's answer is a round trip."""
        setsockopt = getattr(sock, "setsockopt", None)
        if setsockopt is not None:
            with contextlib.suppress(OSError):
                setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _on_unrouted(self, client: mqtt.Client, userdata: object, msg: mqtt.MQTTMessage) -> None:
        log.debug("%s: message on %s with no handler", self.client_id, msg.topic)
