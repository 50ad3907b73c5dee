"""The sync messages and topics, without a broker."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.game.auto import AutoPlayer
from companion.game.events import Event
from companion.game.state import GameLog
from companion.sync import protocol, topics
from companion.sync.protocol import BadMessage

from .conftest import new_game


def test_topics_round_trip_and_refuse_wildcards() -> None:
    assert topics.table_topic("t1", "snapshot") == "m44/v1/table/t1/snapshot"
    assert topics.table_topic("t1", "action", "bob") == "m44/v1/table/t1/action/bob"
    assert topics.table_topic("t1", "action") == "m44/v1/table/t1/action/+"
    assert topics.parse("m44/v1/table/t1/action/bob") == ("t1", "action", "bob")
    assert topics.parse("m44/v1/table/t1/summary") == ("t1", "summary", None)
    for bad in ("m44/v1/table/t1/summary/x", "m44/v1/table/t1/nope", "m44/v1/tray/x/event",
                "m44/v1/table/T1/summary", "m44/v1/table/t1/action"):
        assert topics.parse(bad) is None
    for bad_id in ("", "T1", "a/b", "a+", "#", "-x", "x" * 33):
        with pytest.raises(ValueError, match="a-z, 0-9"):
            topics.check_id(bad_id)
    with pytest.raises(ValueError):
        topics.table_topic("t1", "secrets")


def test_snapshot_rebuilds_the_same_game() -> None:
    session = new_game(5)
    events = [session.log.start]
    session.listeners.append(lambda ev, st: events.append(ev))
    player = AutoPlayer(5)
    for _ in range(120):
        if session.over:
            break
        session.act(player.next_action(session))
    payload = protocol.snapshot_message("g1", 2, "host", [protocol.event_json(e) for e in events])
    game, epoch, authority, got = protocol.decode_snapshot(payload)
    assert (game, epoch, authority) == ("g1", 2, "host")
    assert got == events
    log = GameLog.replay(got)
    assert log.last_seq == session.log.last_seq
    assert log.state.medals == session.state.medals and log.state.turn == session.state.turn
    s = protocol.summary("t1", "g1", session.state, "host", now=5.0)
    assert s["seq"] == session.log.last_seq and s["turn"] == session.state.turn
    assert json.loads(protocol.dumps(s)) == s


@pytest.mark.parametrize("payload, why", [
    (b"nope", "not JSON"),
    (b"[]", "JSON object"),
    (b'{"game": "g", "epoch": 1, "authority": "a", "events": []}', "non-empty list"),
    (b'{"game": "g", "epoch": 1, "authority": "a", "events": [{"seq": 2, "kind": "game_started"}]}',
     "1, 2, 3"),
    (b'{"game": "g", "epoch": 1, "authority": "a", "events": [{"seq": 1, "kind": "turn_ended"}]}',
     "start with game_started"),
    (b'{"game": "g", "epoch": -1, "authority": "a", "events": [{"seq": 1, "kind": "x"}]}', "epoch"),
    (b'{"game": "g", "epoch": 1, "authority": "a", "events": [{"seq": 1, "kind": "boom"}]}',
     "unknown event kind"),
])
def test_bad_snapshots_name_the_problem(payload: bytes, why: str) -> None:
    with pytest.raises(BadMessage, match=why):
        protocol.decode_snapshot(payload)


def test_event_action_reply_messages() -> None:
    ev = Event(7, "moves_done", {})
    game, epoch, got = protocol.decode_event(protocol.event_message("g", 3, protocol.event_json(ev)))
    assert (game, epoch, got) == ("g", 3, ev)
    req = protocol.decode_action(protocol.action_message("bob-1", 7, {"do": "end_turn"}))
    assert req == ("bob-1", 7, {"do": "end_turn"})
    assert protocol.decode_action(protocol.action_message("bob-1", None, {"do": "x"}))[1] is None
    with pytest.raises(BadMessage, match="'action' must be an object"):
        protocol.decode_action(b'{"id": "x", "expect": 1, "action": "end_turn"}')
    with pytest.raises(BadMessage, match="'expect'"):
        protocol.decode_action(b'{"id": "x", "expect": true, "action": {}}')
    rep = protocol.decode_reply(protocol.reply_message("bob-1", False, 9, "stale"))
    assert rep["reason"] == "stale" and rep["seq"] == 9
    with pytest.raises(BadMessage):
        protocol.decode_reply(b'{"id": "x", "seq": 1, "ok": "yes"}')
    with pytest.raises(BadMessage):
        protocol.decode_event(b'{"game": "g", "epoch": 1, "event": {"seq": 0, "kind": "undo"}}')


def test_a_seal_binds_the_message_to_its_topic_and_key() -> None:
    seal = protocol.Seal(b"k" * 32)
    body = protocol.control_message("g", 2, "alice", 7, None)
    sealed = seal.seal("m44/v1/table/t1/control", body)
    assert json.loads(sealed)["authority"] == "alice"  # still plain JSON
    assert seal.check("m44/v1/table/t1/control", sealed, "control") == sealed
    assert protocol.decode_control(sealed)["epoch"] == 2
    for topic, payload, why in (
            ("m44/v1/table/t2/control", sealed, "does not match"),  # another table's topic
            ("m44/v1/table/t1/control", sealed.replace(b'"epoch":2', b'"epoch":3'),
             "does not match"),
            ("m44/v1/table/t1/control", body, "not sealed"),
            ("m44/v1/table/t1/control", protocol.Seal(b"x" * 32).seal(
                "m44/v1/table/t1/control", body), "does not match"),
            ("m44/v1/table/t1/control", b'{"sig":"short","v":2}', "not sealed")):
        with pytest.raises(BadMessage, match=why):
            seal.check(topic, payload, "control")
    assert protocol.Seal(None).check("any", body, "control") == body


def test_catch_up_messages_carry_the_events_after_a_seq() -> None:
    events = [protocol.event_json(Event(1, "game_started", {})),
              protocol.event_json(Event(2, "moves_done", {})),
              protocol.event_json(Event(3, "turn_ended", {}))]
    game, epoch, who, after, got = protocol.decode_catchup(
        protocol.catchup_message("g", 4, "alice", 1, events[1:]))
    assert (game, epoch, who, after, [e.seq for e in got]) == ("g", 4, "alice", 1, [2, 3])
    assert protocol.decode_catchup(protocol.catchup_message("g", 4, "a", 3, []))[4] == []
    with pytest.raises(BadMessage, match="1, 2, 3"):
        protocol.decode_catchup(protocol.catchup_message("g", 4, "a", 0, events[1:]))
    with pytest.raises(BadMessage, match="non-empty"):
        protocol.decode_catchup(protocol.catchup_message("g", 4, "a", 0, []))
    req = protocol.catchup_request("g", 2, protocol.digest(events[1]))
    assert protocol.decode_catchup_request(req) == ("g", 2, protocol.digest(events[1]))
    assert protocol.digest(events[1]) != protocol.digest(events[2])


@pytest.mark.parametrize("payload, why", [
    (b"[" * 100_000 + b"]" * 100_000, "nested more than"),
    (b'{"a":' * 40 + b"1" + b"}" * 40, "nested more than"),
    (b'{"id": "x", "action": {"do": "x", "n": ' + b"9" * 5000 + b"}}", "not JSON"),
    (b"{" + b" " * (protocol.MAX_MESSAGE + 1) + b"}", "more than the"),
    (b'{"id": "\xff"}', "not JSON"),
])
def test_hostile_payloads_are_bad_messages(payload: bytes, why: str) -> None:
    for decode in (protocol.decode_action, protocol.decode_event, protocol.decode_control,
                   protocol.decode_reply, protocol.decode_catchup_request):
        with pytest.raises(BadMessage, match=why):
            decode(payload)


def test_replies_with_wrong_field_types_are_bad() -> None:
    for payload in (b'{"id":"x","seq":1,"ok":true,"events":"abc"}',
                    b'{"id":"x","seq":1,"ok":true,"events":[true]}',
                    b'{"id":"x","seq":1,"ok":true,"reason":5}'):
        with pytest.raises(BadMessage):
            protocol.decode_reply(payload)


def _json_values() -> st.SearchStrategy[object]:
    scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
    return st.recursive(scalars, lambda kids: st.lists(kids, max_size=4)
                        | st.dictionaries(st.text(max_size=8), kids, max_size=4), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.binary(max_size=300),
    _json_values().map(lambda v: json.dumps(v).encode()),
    st.fixed_dictionaries({"v": st.just(2), "game": st.text(max_size=5),
                           "epoch": st.integers(-2, 5), "authority": st.text(max_size=5),
                           "from": st.integers(-1, 3), "seq": st.integers(-1, 3),
                           "id": st.text(max_size=5), "ok": st.booleans(),
                           "expect": st.none() | st.integers(-1, 3), "digest": _json_values(),
                           "event": _json_values(), "events": st.lists(_json_values(), max_size=3),
                           "action": _json_values(), "reason": _json_values()}).map(
        lambda d: json.dumps(d).encode())))
def test_fuzzed_messages_decode_or_are_bad_never_crash(payload: bytes) -> None:
    for decode in (protocol.decode_action, protocol.decode_event, protocol.decode_control,
                   protocol.decode_reply, protocol.decode_snapshot, protocol.decode_catchup,
                   protocol.decode_catchup_request):
        with contextlib.suppress(BadMessage):  # anything else fails the test
            decode(payload)
    with contextlib.suppress(BadMessage):
        protocol.Seal(b"k" * 32).check("t", payload, "x")
