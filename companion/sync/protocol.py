"""The JSON messages tablets exchange about one table, and how each is checked on arrival.

Every decoder returns the message as a dict or raises :class:`BadMessage` naming what was
wrong; a bad message is dropped and counted, never applied. Messages are bounded in size and
nesting before anything looks inside them.

With a table key, every message that carries the game (events, snapshots, catch-ups, control,
actions, requests, replies) is sealed by :class:`Seal`: an HMAC-SHA256 over the topic and the
message, written as the message's first field, ``{"sig":"<64 hex>",...}``, so checking it needs
no second serialisation and the message stays plain JSON.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import Any

from companion.game.events import EVENT_KINDS, Event
from companion.game.state import GameState

VERSION = 2
MAX_DEPTH = 32  # nesting of objects and lists; real events nest 6 deep at most
MAX_MESSAGE = 256 * 1024  # an event, an action, a reply, a control message
MAX_LOG_MESSAGE = 32 * 1024 * 1024  # a snapshot or a catch-up (a whole log: ~100 B per event)


class BadMessage(ValueError):
    """A message that does not follow the sync protocol."""


def dumps(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


def event_json(ev: Event) -> str:
    """One event as compact JSON (kept per event so a snapshot is a cheap join)."""
    return json.dumps(ev.to_json(), separators=(",", ":"))


def digest(ev_json: str) -> str:
    """A short fingerprint of one event, so two tablets can tell whether their logs agree."""
    return hashlib.sha256(ev_json.encode()).hexdigest()[:32]


class Seal:
    """Proof of authorship with the table's key (``None``: no key, messages go unsealed).

    Only the table's tablets hold the key, so a message sealed with it came from one of them,
    for this topic: a message copied to another topic or table fails the check."""

    _HEAD = b'{"sig":"'
    _CUT = len(_HEAD) + 64  # then '",' and the rest of the message

    def __init__(self, key: bytes | None) -> None:
        self.key = key

    def _mac(self, topic: str, body: bytes) -> bytes:
        assert self.key is not None
        return hmac.new(self.key, topic.encode() + b"\n" + body, hashlib.sha256).hexdigest().encode()

    def seal(self, topic: str, body: bytes) -> bytes:
        """``body`` (a JSON object) with its seal as the first field."""
        if self.key is None:
            return body
        return self._HEAD + self._mac(topic, body) + b'",' + body[1:]

    def check(self, topic: str, payload: bytes, what: str) -> bytes:
        """``payload`` when its seal is right (or when this tablet holds no key)."""
        if self.key is None:
            return payload
        cut = self._CUT
        if not payload.startswith(self._HEAD) or payload[cut:cut + 2] != b'",':
            raise BadMessage(f"{what}: not sealed with the table's key")
        body = b"{" + payload[cut + 2:]
        if not hmac.compare_digest(payload[len(self._HEAD):cut], self._mac(topic, body)):
            raise BadMessage(f"{what}: the seal does not match the table's key")
        return payload


def _depth_ok(obj: Any, limit: int) -> bool:
    """True when ``obj`` nests objects and lists at most ``limit`` deep (no recursion)."""
    stack: list[tuple[Any, int]] = [(obj, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return False
        stack.extend((c, depth + 1) for c in children if isinstance(c, (dict, list)))
    return True


def _load(payload: bytes, what: str, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    if len(payload) > limit:
        raise BadMessage(f"{what}: {len(payload)} bytes, more than the {limit} allowed")
    try:
        obj = json.loads(payload)
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadMessage(f"{what}: not JSON ({exc})") from None
    except RecursionError:
        raise BadMessage(f"{what}: nested more than {MAX_DEPTH} deep") from None
    if not isinstance(obj, dict):
        raise BadMessage(f"{what}: a JSON object was expected")
    if not _depth_ok(obj, MAX_DEPTH):
        raise BadMessage(f"{what}: nested more than {MAX_DEPTH} deep")
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
    obj = _load(payload, what, MAX_LOG_MESSAGE)
    game = _str(obj, "game", what)
    epoch = _int(obj, "epoch", what)
    authority = _str(obj, "authority", what)
    return game, epoch, authority, _events_from(obj, 0, what)


def _events_from(obj: dict[str, Any], after: int, what: str) -> list[Event]:
    """The message's events: after+1, after+2, ... with no gap (from game_started when 0)."""
    raw = obj.get("events")
    if not isinstance(raw, list) or (after == 0 and not raw):
        raise BadMessage(f"{what}: 'events' must be a {'non-empty ' if after == 0 else ''}list")
    events = [check_event(e, f"{what} event {after + i + 1}") for i, e in enumerate(raw)]
    for i, ev in enumerate(events, start=after + 1):
        if ev.seq != i:
            raise BadMessage(f"{what}: event {i} has seq {ev.seq}; the log must be 1, 2, 3...")
    if after == 0 and events[0].kind != "game_started":
        raise BadMessage(f"{what}: the log must start with game_started")
    return events


# --- catching up: a mirror asks, the authority answers with what the mirror lacks -------------
def catchup_request(game: str | None, have: int, last_digest: str | None) -> bytes:
    """A mirror holding ``have`` events of ``game`` (the last with ``last_digest``) asks for the
    rest; ``have`` 0 asks for the whole log."""
    return dumps({"v": VERSION, "game": game, "from": have, "digest": last_digest})


def decode_catchup_request(payload: bytes) -> tuple[str | None, int, str | None]:
    what = "catch-up request"
    obj = _load(payload, what)
    game = obj.get("game")
    if game is not None and not isinstance(game, str):
        raise BadMessage(f"{what}: 'game' must be a string or null")
    have = _int(obj, "from", what)
    dig = obj.get("digest")
    if dig is not None and not isinstance(dig, str):
        raise BadMessage(f"{what}: 'digest' must be a string or null")
    return game, have, dig


def catchup_message(game: str, epoch: int, authority: str, after: int,
                    events_json: list[str]) -> bytes:
    """Events ``after`` + 1 onwards (the whole log when ``after`` is 0): the answer to one
    tablet's request, sent to that tablet only."""
    head = json.dumps({"v": VERSION, "game": game, "epoch": epoch, "authority": authority,
                       "from": after, "seq": after + len(events_json)}, separators=(",", ":"))
    return (head[:-1] + ',"events":[' + ",".join(events_json) + "]}").encode()


def decode_catchup(payload: bytes) -> tuple[str, int, str, int, list[Event]]:
    """(game, epoch, authority, after, events after it)."""
    what = "catch-up"
    obj = _load(payload, what, MAX_LOG_MESSAGE)
    game = _str(obj, "game", what)
    epoch = _int(obj, "epoch", what)
    authority = _str(obj, "authority", what)
    after = _int(obj, "from", what)
    return game, epoch, authority, after, _events_from(obj, after, what)


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
    reason = obj.get("reason")
    if reason is not None and not isinstance(reason, str):
        raise BadMessage(f"{what}: 'reason' must be a string or null")
    events = obj.get("events", [])
    if not isinstance(events, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in events):
        raise BadMessage(f"{what}: 'events' must be a list of seqs")
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
        "medals": {s.value: medals[s] for s in medals},
        "to_win": {s.value: state.medals_to_win(s) for s in medals},
        "over": state.phase.value == "over",
        "winner": state.winner.value if state.winner else None,
        "authority": authority, "updated": round(time.time() if now is None else now, 3),
    }
