"""Dice sources by name, as the settings screen and ``--dice`` give them.

``manual`` (the pad), ``sim`` (simulated), ``serial`` / ``serial:PORT`` (USB tray),
``mqtt`` (embedded broker) / ``mqtt:URL`` (Wi-Fi tray through a broker), ``camera:INDEX``.
Opening a source that needs hardware may fail; the app then falls back to the manual pad and
says why.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

from companion.dice.base import DiceSource
from companion.dice.manual import ManualDiceSource
from companion.dice.simulated import SimulatedDiceSource
from companion.ui.i18n import _

KINDS: tuple[str, ...] = ("camera", "serial", "mqtt", "manual", "sim")


def kind_of(spec: str) -> str:
    return spec.partition(":")[0]


def describe(spec: str) -> str:
    """The source in plain words for the battle panel ("Dice: USB tray /dev/ttyACM0")."""
    kind, _sep, where = spec.partition(":")
    names = {
        "camera": _("camera"), "serial": _("USB dice tray"), "mqtt": _("Wi-Fi dice tray"),
        "manual": _("tap the dice"), "sim": _("simulated dice"),
    }
    label = names.get(kind, spec)
    return f"{label} {where}".strip()


def validate(spec: str) -> str | None:
    """A reason the spec is not usable, or None."""
    kind = kind_of(spec)
    if kind not in KINDS:
        return _("unknown dice source; choose one of: ") + ", ".join(KINDS)
    return None


def serial_ports() -> list[tuple[str, str]]:
    """USB serial devices present now: (device, description)."""
    try:
        from serial.tools import list_ports
    except ImportError:
        return []
    return [(p.device, p.description or "") for p in list_ports.comports()]


@dataclass
class OpenSource:
    """A dice source and what must be closed with it (tray links, a broker)."""

    source: DiceSource
    spec: str
    closers: list[Any] = field(default_factory=list)
    note: str = ""  # why a fallback was taken

    def close(self) -> None:
        self.source.close()
        for c in self.closers:
            with contextlib.suppress(Exception):
                c.close()


def open_source(spec: str, sim_delay: float = 0.8, seed: int | None = None,
                profile: str | None = None) -> OpenSource:
    """Open the source named by ``spec``; on failure the manual pad, with ``note`` saying why."""
    kind, _sep, where = spec.partition(":")
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
        if kind == "camera":
            from companion.dice.camera import CameraDiceSource

            return OpenSource(CameraDiceSource.from_spec(spec, profile), spec)
    except Exception as exc:
        return OpenSource(ManualDiceSource(), "manual",
                          note=_("could not open the dice source") + f" {spec}: {exc}")
    return OpenSource(ManualDiceSource(), "manual", note=validate(spec) or "")
