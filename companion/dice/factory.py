"""Dice sources by name, as ``--dice`` and the settings give them.

``manual`` (typed or tapped), ``sim`` (simulated), ``serial`` / ``serial:PORT`` (USB tray; no
port: find trays by USB id), ``mqtt`` (embedded broker) / ``mqtt:URL`` (Wi-Fi tray through a
broker), ``camera:INDEX`` or ``camera:VIDEO_FILE``. Hardware may be missing: ``open_source``
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


class DiceSourceError(ValueError):
    """A dice source name that is not one of :data:`KINDS`."""


def kind_of(spec: str) -> str:
    return spec.partition(":")[0]


def check_spec(spec: str) -> str:
    """The spec itself, or :class:`DiceSourceError` saying what is allowed."""
    if kind_of(spec) not in KINDS:
        raise DiceSourceError(f"unknown dice source {spec!r}; use manual, sim, serial[:PORT], "
                              "mqtt[:URL] or camera:INDEX")
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
                conns = connect(mqtt_url=where or None)
            return OpenSource(TrayDiceSource(conns.hub), spec, [conns])
        from companion.dice.camera import CameraDiceSource

        return OpenSource(CameraDiceSource.from_spec(spec, profile), spec)
    except Exception as exc:  # any failure falls back to manual dice, with the reason
        return OpenSource(ManualDiceSource(), "manual",
                          note=f"could not open the dice source {spec}: {exc}")
