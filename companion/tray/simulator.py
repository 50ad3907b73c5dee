"""A virtual dice tray in Python: the protocol's tray side, for demos, tests and benchmarks.

The state machine (:class:`VirtualTray`) and the serial end (:class:`SerialTraySide`) live in
``companion.tray.virtual`` (standard library and codec only); this module adds the MQTT end,
:class:`MqttTraySide` (a broker, with paho-mqtt), and keeps every name importable from here.
"""

from __future__ import annotations

import contextlib
import os
import threading

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.tray import codec
from companion.tray.codec import Message
from companion.tray.virtual import FW_VERSION, M44_ODDS, SerialTraySide, VirtualTray, next_boot, open_pty


class MqttTraySide:
    """The tray end over MQTT: last will, retained status, events and commands at QoS 1."""

    @classmethod
    def at_url(cls, tray: VirtualTray, url: str) -> MqttTraySide:
        """The tray end on the broker at ``mqtt://host:port`` (ValueError names what is wrong)."""
        from companion.tray.mqtt_link import parse_url

        host, port = parse_url(url)
        return cls(tray, host, port)

    def __init__(self, tray: VirtualTray, host: str, port: int, *, heartbeat: float = 5.0) -> None:
        from companion.tray.mqtt_link import topic

        self.tray = tray
        self.topic = topic
        self.heartbeat_every = heartbeat
        self.connected = threading.Event()
        self._stop = threading.Event()
        self._hb: threading.Thread | None = None
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2,
                                  client_id=f"{tray.dev}-{tray.boot}-{os.getpid()}")
        self.client.reconnect_delay_set(min_delay=1, max_delay=2)
        self.client.max_queued_messages_set(0)  # keep everything while the broker is away
        self.client.will_set(topic(tray.dev, "status"), codec.payload(tray.last_will()),
                             qos=1, retain=True)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.host, self.port = host, port
        tray.send = self.publish

    def publish(self, msg: Message) -> None:
        """Statuses retained on ``status`` only (the companion follows that topic too),
        everything else on ``event``: a roll is one message, as from the firmware."""
        data = codec.payload(msg)
        if msg.type == "status":
            self.client.publish(self.topic(self.tray.dev, "status"), data, qos=1, retain=True)
            return
        self.client.publish(self.topic(self.tray.dev, "event"), data, qos=1)

    def _on_connect(self, client: mqtt.Client, userdata: object, flags: object,
                    reason_code: object, properties: object) -> None:
        if getattr(reason_code, "is_failure", False):
            return
        client.subscribe(self.topic(self.tray.dev, "cmd"), qos=1)
        self.tray.announce()
        self.connected.set()

    def _on_disconnect(self, client: mqtt.Client, userdata: object, flags: object,
                       reason_code: object, properties: object) -> None:
        self.connected.clear()

    def _on_message(self, client: mqtt.Client, userdata: object,
                    message: mqtt.MQTTMessage) -> None:
        try:
            msg = codec.decode(message.payload)
        except codec.ProtocolError as exc:
            self.tray.on_drop(exc.reason, exc.detail)
            return
        self.tray.handle(msg)

    def start(self) -> MqttTraySide:
        self.client.connect_async(self.host, self.port, keepalive=10)
        self.client.loop_start()
        self._hb = threading.Thread(target=self._heartbeat_loop, daemon=True)
        self._hb.start()
        return self

    def _heartbeat_loop(self) -> None:
        while not self._stop.wait(self.heartbeat_every):
            if self.connected.is_set():
                self.tray.heartbeat()

    def close(self, clean: bool = True) -> None:
        """Stop; ``clean`` publishes ``offline`` ourselves, else the broker's will does."""
        self._stop.set()
        if clean:
            self.client.publish(self.topic(self.tray.dev, "status"),
                                codec.payload(self.tray.last_will()), qos=1, retain=True)
            self.client.disconnect()
        else:
            # drop the socket without DISCONNECT so the broker sends the last will
            sock = self.client.socket()
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.close()
        self.client.loop_stop()


__all__ = ["FW_VERSION", "M44_ODDS", "MqttTraySide", "SerialTraySide", "VirtualTray", "next_boot",
           "open_pty"]
