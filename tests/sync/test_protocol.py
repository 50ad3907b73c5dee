"""The sync messages and topics, without a broker."""

from __future__ import annotations

import json

import pytest

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
