"""The JSON messages tablets exchange about one table, and how each is checked on arrival.

Every decoder returns the message as a dict or raises :class:`BadMessage` naming what was
wrong; a bad message is dropped and counted, never applied.
"""

from __future__ import annotations

import json
import time
from typing import Any

from companion.game.events import EVENT_KINDS, Event
from companion.game.state import GameState
from companion.rules.board import Side

VERSION = 1


class BadMessage(ValueError):
    """A message that does not follow the sync protocol."""


def dumps(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


def event_json(ev: Event) -> str:
    """One event as compact JSON (kept per event so a snapshot is a cheap join)."""
    return json.dumps(ev.to_json(), separators=(",", ":"))


def _load(payload: bytes, what: str) -> dict[str, Any]:
    try:
        obj = json.loads(payload)
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadMessage(f"{what}: not JSON ({exc})") from None
    if not isinstance(obj, dict):
        raise BadMessage(f"{what}: a JSON object was expected")
    return obj


def _int(obj: dict[str, Any], key: str, what: str, minimum: int = 0) -> int:
    v = obj.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < minimum:
        raise BadMessage(f"{what}: {key!r} must be a whole number >= {minimum}")
    return v


def _str(obj: dict[str, Any], key: str, what: str) -> str:
    v = obj.get(key)
    if not isinstance(v, str) or not v:
        raise BadMessage(f"{what}: {key!r} must be a non-empty string")
    return v


def check_event(obj: Any, what: str = "event") -> Event:
    if not isinstance(obj, dict):
        raise BadMessage(f"{what}: a JSON object was expected")
    seq = _int(obj, "seq", what, 1)
    kind = _str(obj, "kind", what)
    if kind not in EVENT_KINDS:
        raise BadMessage(f"{what}: unknown event kind {kind!r}")
    data = obj.get("data", {})
    if not isinstance(data, dict):
        raise BadMessage(f"{what}: 'data' must be an object")
    return Event(seq, kind, data)


# --- event stream ---------------------------------------------------------------------------
def event_message(game: str, epoch: int, ev_json: str) -> bytes:
    return (f'{{"v":{VERSION},"game":{json.dumps(game)},"epoch":{epoch},"event":{ev_json}}}').encode()


def decode_event(payload: bytes) -> tuple[str, int, Event]:
    obj = _load(payload, "event message")
    return (_str(obj, "game", "event message"), _int(obj, "epoch", "event message"),
            check_event(obj.get("event"), "event message"))


# --- snapshot ---------------------------------------------------------------------------------
def snapshot_message(game: str, epoch: int, authority: str, events_json: list[str]) -> bytes:
    head = json.dumps({"v": VERSION, "game": game, "epoch": epoch, "authority": authority,
                       "seq": len(events_json)}, separators=(",", ":"))
    return (head[:-1] + ',"events":[' + ",".join(events_json) + "]}").encode()


def decode_snapshot(payload: bytes) -> tuple[str, int, str, list[Event]]:
    """(game, epoch, authority, events); the events must be 1, 2, ... seq with no gap."""
    what = "snapshot"
    obj = _load(payload, what)
    game = _str(obj, "game", what)
    epoch = _int(obj, "epoch", what)
    authority = _str(obj, "authority", what)
    raw = obj.get("events")
    if not isinstance(raw, list) or not raw:
        raise BadMessage(f"{what}: 'events' must be a non-empty list")
    events = [check_event(e, f"{what} event {i + 1}") for i, e in enumerate(raw)]
    for i, ev in enumerate(events, start=1):
        if ev.seq != i:
            raise BadMessage(f"{what}: event {i} has seq {ev.seq}; the log must be 1, 2, 3...")
    if events[0].kind != "game_started":
        raise BadMessage(f"{what}: the log must start with game_started")
    return game, epoch, authority, events


# --- control (who is the authority) -----------------------------------------------------------
def control_message(game: str, epoch: int, authority: str, seq: int, previous: str | None) -> bytes:
    return dumps({"v": VERSION, "game": game, "epoch": epoch, "authority": authority, "seq": seq,
                  "from": previous})


def decode_control(payload: bytes) -> dict[str, Any]:
    what = "control"
    obj = _load(payload, what)
    _str(obj, "game", what)
    _str(obj, "authority", what)
    _int(obj, "epoch", what)
    _int(obj, "seq", what)
    return obj


# --- actions and replies ----------------------------------------------------------------------
def action_message(req_id: str, expect: int | None, action: dict[str, Any]) -> bytes:
    return dumps({"v": VERSION, "id": req_id, "expect": expect, "action": action})


def decode_action(payload: bytes) -> tuple[str, int | None, dict[str, Any]]:
    what = "action request"
    obj = _load(payload, what)
    req_id = _str(obj, "id", what)
    expect = obj.get("expect")
    if expect is not None:
        expect = _int(obj, "expect", what)
    action = obj.get("action")
    if not isinstance(action, dict):
        raise BadMessage(f"{what}: 'action' must be an object like {{\"do\": \"end_turn\"}}")
    return req_id, expect, action


def reply_message(req_id: str, ok: bool, seq: int, reason: str | None,
                  events: list[int] | None = None) -> bytes:
    return dumps({"v": VERSION, "id": req_id, "ok": ok, "seq": seq, "reason": reason,
                  "events": events or []})


def decode_reply(payload: bytes) -> dict[str, Any]:
    what = "reply"
    obj = _load(payload, what)
    _str(obj, "id", what)
    _int(obj, "seq", what)
    if not isinstance(obj.get("ok"), bool):
        raise BadMessage(f"{what}: 'ok' must be true or false")
    return obj


# --- presence and the dashboard summary -------------------------------------------------------
def presence_message(tablet: str, online: bool, role: str) -> bytes:
    return dumps({"v": VERSION, "tablet": tablet, "online": online, "role": role,
                  "at": round(time.time(), 3)})


def summary(table: str, game: str, state: GameState, authority: str,
            now: float | None = None) -> dict[str, Any]:
    """What a convention dashboard shows about one table."""
    medals = state.medals
    return {
        "v": VERSION, "table": table, "game": game, "scenario": state.scenario.id,
        "title": state.scenario.name(), "turn": state.turn, "active": state.active.value,
        "phase": state.phase.value, "seq": state.seq,
        "medals": {s.value: medals[s] for s in (Side.ALLIES, Side.AXIS)},
        "to_win": {s.value: state.medals_to_win(s) for s in (Side.ALLIES, Side.AXIS)},
        "over": state.phase.value == "over",
        "winner": state.winner.value if state.winner else None,
        "authority": authority, "updated": round(time.time() if now is None else now, 3),
    }
