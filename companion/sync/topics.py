"""Per-table MQTT topics: ``m44/v1/table/<table>/<kind>[/<tablet>]``.

| topic | retained | who publishes | what |
|---|---|---|---|
| ``.../snapshot`` | yes | the authority | the whole log, its state id and epoch (every N events) |
| ``.../event`` | no | the authority | one recorded event with its seq (QoS 1), sent once |
| ``.../control`` | yes | the authority | who holds authority now, from which state id (handover) |
| ``.../summary`` | yes | the authority | scenario, turn, medals: what a dashboard shows |
| ``.../action/<tablet>`` | no | that tablet | ``{"id", "expect", "action"}`` |
| ``.../reply/<tablet>`` | no | the authority | ``{"id", "ok", "seq", "reason"}`` |
| ``.../request/<tablet>`` | no | that tablet (a mirror) | ``{"game", "from", "digest"}``: what I lack |
| ``.../catchup/<tablet>`` | no | the authority | the events after ``from`` (or the whole log) |
| ``.../presence/<tablet>`` | yes | that tablet (last will: offline) | ``{"online", "role"}`` |

Table and tablet ids are what the tray protocol allows for a device id: ``a-z``, ``0-9``, ``-``,
at most 32 characters, so they never contain MQTT wildcards or separators.
"""

from __future__ import annotations

import re

PREFIX = "m44/v1/table"
KINDS_PLAIN = ("snapshot", "event", "control", "summary")
KINDS_PER_TABLET = ("action", "reply", "presence", "request", "catchup")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")


def check_id(value: str, what: str = "table") -> str:
    """``value`` when it is a valid table/tablet id; ValueError naming what is allowed."""
    if not isinstance(value, str) or not _ID.match(value):
        raise ValueError(f"{what} id {value!r}: use a-z, 0-9 and '-', at most 32 characters, "
                         "starting with a letter or digit")
    return value


def table_topic(table: str, kind: str, tablet: str | None = None) -> str:
    """The topic of ``kind`` for ``table`` (and ``tablet`` for per-tablet kinds; '+' allowed)."""
    if kind in KINDS_PLAIN:
        return f"{PREFIX}/{table}/{kind}"
    if kind in KINDS_PER_TABLET:
        return f"{PREFIX}/{table}/{kind}/{tablet or '+'}"
    raise ValueError(f"unknown topic kind {kind!r}")


def parse(topic: str) -> tuple[str, str, str | None] | None:
    """``(table, kind, tablet)`` of a table topic, None for anything else."""
    parts = topic.split("/")
    if len(parts) < 5 or "/".join(parts[:3]) != PREFIX:
        return None
    table, kind = parts[3], parts[4]
    if not _ID.match(table):
        return None
    if len(parts) == 5 and kind in KINDS_PLAIN:
        return table, kind, None
    if len(parts) == 6 and kind in KINDS_PER_TABLET and _ID.match(parts[5]):
        return table, kind, parts[5]
    return None
