"""Dice sources by name, as ``--dice`` and the settings give them.

``manual`` (typed or tapped), ``sim`` (simulated), ``serial`` / ``serial:PORT`` (USB tray; no
port: find trays by USB id), ``mqtt`` (embedded broker) / ``mqtt:URL`` (Wi-Fi tray through a
broker), ``camera:INDEX`` or ``camera:VIDEO_FILE``. The MQTT URL may carry a login, TLS and
the table's tray: ``mqtt:mqtts://USER:PASS@HOST:PORT#TRAY`` or ``...?dev=TRAY&ca=CA.pem``,
``?anonymous`` for a remote broker without a login, ``mqtt:#TRAY`` for the embedded broker
(see docs/tray-protocol.md section 7). Hardware may be missing: ``open_source``
then falls back to manual dice and says why, so a game never stops for want of a tray.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

from companion.dice.base import DiceSource
from companion.dice.manual import ManualDiceSource
from companion.dice.simulated import SimulatedDiceSource

KINDS: tuple[str, ...] = ("manual", "sim", "serial", "mqtt", "camera")
MQTT_WAIT = 3.0  # seconds open_source waits for the broker's yes or no to a login


class DiceSourceError(ValueError):
    """A dice source name that is not one of :data:`KINDS`."""


def kind_of(spec: str) -> str:
    return spec.partition(":")[0]


def check_spec(spec: str) -> str:
    """The spec itself, or :class:`DiceSourceError` saying what is allowed."""
    if kind_of(spec) not in KINDS:
        raise DiceSourceError(f"unknown dice source {redact(spec)!r}; use manual, sim, "
                              "serial[:PORT], mqtt[:URL] (mqtt[s]://[USER:PASS@]HOST[:PORT]"
                              "[#TRAY]) or camera:INDEX")
    return spec


@dataclass
class OpenSource:
    """A dice source and what must be closed with it (tray links, an embedded broker)."""

    source: DiceSource
    spec: str
    closers: list[Any] = field(default_factory=list)
    note: str = ""  # why a fallback was taken

    def close(self) -> None:
        self.source.close()
        for c in self.closers:
            with contextlib.suppress(Exception):  # closing is best effort
                c.close()


def open_source(spec: str, sim_delay: float = 0.0, seed: int | None = None,
                profile: str | None = None) -> OpenSource:
    """Open the source named by ``spec``; on failure manual dice, with ``note`` saying why.

    ``profile`` is the camera's dice profile (a built-in name or a taught profile file).
    """
    try:
        check_spec(spec)
    except DiceSourceError as exc:
        return OpenSource(ManualDiceSource(), "manual", note=str(exc))
    kind, _, where = spec.partition(":")
    try:
        if kind == "sim":
            return OpenSource(SimulatedDiceSource(seed=seed, delay=sim_delay), spec)
        if kind == "manual":
            return OpenSource(ManualDiceSource(), spec)
        if kind in ("serial", "mqtt"):
            from companion.dice.tray import TrayDiceSource
            from companion.tray.connect import connect

            if kind == "serial":
                conns = connect(serial_ports=[where or None], use_mqtt=False)
            else:
                url, dev = mqtt_where(where)
                # a refused login is reported now (manual dice); an absent broker is retried
                conns = connect(mqtt_url=url, dev=dev, wait=MQTT_WAIT)
            return OpenSource(TrayDiceSource(conns.hub), spec, [conns])
        from companion.dice.camera import CameraDiceSource

        return OpenSource(CameraDiceSource.from_spec(spec, profile), spec)
    except Exception as exc:  # any failure falls back to manual dice, with the reason
        return OpenSource(ManualDiceSource(), "manual",
                          note=f"could not open the dice source {redact(spec)}: {exc}")


def mqtt_where(where: str) -> tuple[str | None, str | None]:
    """The part after ``mqtt:`` -> (broker URL or None for the embedded one, tray id or None).

    ``#TRAY`` alone scopes the embedded broker to one tray; a URL keeps its own ``#TRAY`` and
    options (parsed by the tray link).
    """
    if where.startswith("#"):
        return None, where[1:] or None
    return where or None, None


def redact(spec: str) -> str:
    """``spec`` with any broker password hidden, for messages and labels."""
    if "@" not in spec:  # no user info, nothing to hide (and no MQTT client imported for it)
        return spec
    from companion.tray.mqtt_config import redact as hide

    return hide(spec)
