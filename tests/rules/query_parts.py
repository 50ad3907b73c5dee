"""The parts of a referee query the rules tests write by hand: a unit, a terrain piece and the
position of both (``companion.rules.referee.position_from_json``), in the contract's JSON."""

from __future__ import annotations

from typing import Any

from companion.rules.position import Position
from companion.rules.referee import position_from_json


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def t(hexname: str, kind: str, **extra: Any) -> dict[str, Any]:
    return {"hex": hexname, "type": kind, **extra}


def position(*units: dict[str, Any], terrain: tuple[dict[str, Any], ...] = ()) -> Position:
    return position_from_json({"units": list(units), "terrain": list(terrain)})
