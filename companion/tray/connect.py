"""One call that wires the companion to its trays: a hub, serial links, an MQTT link.

With no broker URL, an embedded broker (amqtt) is started on 127.0.0.1 so Wi-Fi trays
on the same machine (or pointed at this tablet) still have somewhere to talk. A broker URL
may carry credentials, TLS and one tray id (``mqtts://user:pass@host#tray-1``, see
``companion/tray/mqtt_config.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.tray.broker import EmbeddedBroker
from companion.tray.hub import TrayHub
from companion.tray.mqtt_link import MqttLink
from companion.tray.serial_link import SerialLink


@dataclass
class TrayConnections:
    hub: TrayHub
    serial: list[SerialLink] = field(default_factory=list)
    mqtt: MqttLink | None = None
    broker: EmbeddedBroker | None = None

    @property
    def broker_url(self) -> str | None:
        """The broker's address without credentials (safe to show)."""
        return None if self.mqtt is None else self.mqtt.config.url

    def close(self) -> None:
        for link in self.serial:
            link.close()
        if self.mqtt is not None:
            self.mqtt.close()
        if self.broker is not None:
            self.broker.stop()


def connect(*, serial_ports: list[str | None] | None = None, mqtt_url: str | None = None,
            use_mqtt: bool = True, hub: TrayHub | None = None, dev: str | None = None,
            username: str | None = None, password: str | None = None,
            tls_ca: str | None = None, allow_anonymous: bool = False,
            wait: float = 0.0) -> TrayConnections:
    """Start links: each serial port (None = find trays by USB id) and one MQTT broker.

    ``mqtt_url`` None with ``use_mqtt`` starts the embedded broker. ``dev`` (or ``#dev`` in
    the URL) follows one tray only; ``username``/``password``/``tls_ca``/``allow_anonymous``
    as in :meth:`BrokerConfig.from_url`. With ``wait`` > 0 it waits that long for the
    broker's answer and raises PermissionError when the broker refuses the login. Raises
    ValueError for a bad URL or a remote broker without credentials, RuntimeError when the
    embedded broker cannot start.
    """
    conns = TrayConnections(hub or TrayHub())
    try:
        for port in serial_ports or []:
            conns.serial.append(SerialLink(conns.hub, port).start())
        if use_mqtt:
            if mqtt_url is None:
                conns.broker = EmbeddedBroker().start()
                mqtt_url = conns.broker.url
            conns.mqtt = MqttLink.from_url(conns.hub, mqtt_url, dev, username=username,
                                           password=password, tls_ca=tls_ca,
                                           allow_anonymous=allow_anonymous).start()
            if wait > 0:
                refused = conns.mqtt.wait_ready(wait)
                if refused is not None:
                    raise PermissionError(refused)
    except Exception:
        conns.close()
        raise
    return conns
