"""Dice sources by name, as the settings screen and ``--dice`` give them.

``manual`` (the pad), ``sim`` (simulated), ``serial`` / ``serial:PORT`` (USB tray),
``mqtt`` (embedded broker) / ``mqtt:URL`` (Wi-Fi tray through a broker), ``camera:INDEX``.
Opening a source that needs hardware may fail; the app then falls back to the manual pad and
says why.
"""

from __future__ import annotations

from companion.dice import factory
from companion.dice.factory import OpenSource
from companion.ui.i18n import _

KINDS: tuple[str, ...] = ("camera", "serial", "mqtt", "manual", "sim")


kind_of = factory.kind_of
__all__ = ["KINDS", "OpenSource", "describe", "kind_of", "open_source", "serial_ports", "validate"]


def describe(spec: str) -> str:
    """The source in plain words for the battle panel ("Dice: USB tray /dev/ttyACM0")."""
    kind, _sep, where = spec.partition(":")
    names = {
        "camera": _("camera"), "serial": _("USB dice tray"), "mqtt": _("Wi-Fi dice tray"),
        "manual": _("tap the dice"), "sim": _("simulated dice"),
    }
    label = names.get(kind, spec)
    return f"{label} {factory.redact(where)}".strip()  # never show a broker password


def validate(spec: str) -> str | None:
    """A reason the spec is not usable, or None."""
    kind = kind_of(spec)
    if kind not in KINDS:
        return _("unknown dice source; choose one of: ") + ", ".join(KINDS)
    return None


def serial_ports() -> list[tuple[str, str]]:
    """USB serial devices present now: (device, description)."""
    try:
        from companion.tray.serial_link import serial_ports as ports
    except ImportError:  # no pyserial on this device
        return []
    return ports()


def open_source(spec: str, sim_delay: float = 0.8, seed: int | None = None,
                profile: str | None = None) -> OpenSource:
    """Open the source named by ``spec``; on failure the manual pad, with ``note`` saying why."""
    return factory.open_source(spec, sim_delay=sim_delay, seed=seed, profile=profile)
