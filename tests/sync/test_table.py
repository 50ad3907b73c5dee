"""Several tablets following one game through a real mosquitto."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession
from companion.store import GameStore
from companion.sync.table import Role, TableSync
from companion.sync.topics import table_topic
from companion.tray.mqtt_config import BrokerConfig
from tests.helpers.mosquitto import Mosquitto, wait_for

from .conftest import new_game

MAX_TURNS = 14


@pytest.fixture
def tablets(broker_config: BrokerConfig) -> Iterator[list[TableSync]]:
    made: list[TableSync] = []
    yield made
    for t in made:
        t.close()


def join(made: list[TableSync], config: BrokerConfig, name: str, table: str = "t1",
         store: GameStore | None = None) -> TableSync:
    t = TableSync(config, table, name, store=store).start()
    assert t.conn.wait_connected(10), "the tablet could not connect to mosquitto"
    made.append(t)
    return t


def host(made: list[TableSync], config: BrokerConfig, seed: int = 3) -> tuple[TableSync, GameSession]:
    a = join(made, config, "host")
    session = new_game(seed)
    a.host(session)
    return a, session


def step(link: TableSync, player: AutoPlayer) -> int:
    """The auto player's next action for the prompt this tablet shows, sent from this tablet.

    A tablet that is behind gets "stale", waits until it holds the table's state, and tries
    again, as a front end would."""
    for _ in range(3):
        with link.lock:
            view = link.view()
            assert view is not None, f"{link.tablet} holds no game"
            if view.state.turn > MAX_TURNS and link.role is Role.AUTHORITY:
                link.end_by_agreement("turn limit")
                return link.seq
            action = player.next_action(view)
            expect = link.seq
        reply = link.request(action, timeout=10, expect=expect)
        if reply.ok:
            return reply.seq
        assert reply.stale, f"{link.tablet}: {action} refused: {reply.reason}"
        assert wait_for(lambda r=reply: link.seq >= r.seq, 10), f"{link.tablet} did not catch up"
    raise AssertionError(f"{link.tablet} stayed stale")


def same_game(a: TableSync, b: TableSync) -> bool:
    if a.seq != b.seq or a.state is None or b.state is None:
        return False
    return (a.state.medals == b.state.medals and a.state.turn == b.state.turn
            and a.state.phase == b.state.phase
            and sorted((u.id, u.hex, u.figures) for u in a.state.position.units.values())
            == sorted((u.id, u.hex, u.figures) for u in b.state.position.units.values()))


def all_synced(a: TableSync, mirrors: list[TableSync], timeout: float = 10) -> bool:
    return wait_for(lambda: all(same_game(a, m) for m in mirrors), timeout)


@pytest.mark.parametrize("mirrors", [2, 5])
def test_tablets_follow_a_whole_game_and_act_from_their_own_tablet(
        broker_config: BrokerConfig, tablets: list[TableSync], mirrors: int) -> None:
    a, session = host(tablets, broker_config)
    ms = [join(tablets, broker_config, f"m{i}") for i in range(mirrors)]
    assert all_synced(a, ms), "mirrors did not load the snapshot"
    player = AutoPlayer(3)
    # the side to act plays from "its" tablet: allies from m0, axis from m1, sometimes the host
    turn_of = {"allies": ms[0], "axis": ms[1]}
    n = 0
    while not session.over:
        side = session.prompt().side or "allies"
        link = a if n % 5 == 0 else turn_of[side]
        assert wait_for(lambda link=link: link.seq == a.seq, 10)
        step(link, player)
        n += 1
    assert all_synced(a, ms)
    assert all(m.events == a.events for m in ms)
    assert all(m.stats.bad_messages == 0 for m in ms)
    assert all(m.state is not None and m.state.phase.value == "over" for m in ms)
    assert n > 50  # a real game, not a few steps


def test_stale_action_is_refused_and_the_tablet_resynchronises(
        broker_config: BrokerConfig, tablets: list[TableSync]) -> None:
    a, _session = host(tablets, broker_config)
    m = join(tablets, broker_config, "m0")
    assert all_synced(a, [m])
    player = AutoPlayer(3)
    # the mirror stops hearing the event stream (lost messages) while the table plays on
    m.conn.unsubscribe(table_topic("t1", "event"))
    for _ in range(4):
        step(a, player)
    assert m.seq < a.seq
    behind = m.seq
    with m.lock:
        view = m.view()
        assert view is not None
        action = player.next_action(view)
    before = a.seq
    reply = m.request(action, timeout=10)
    assert not reply.ok and reply.reason == "stale" and reply.seq == before
    assert a.seq == before, "a stale action recorded something"
    assert wait_for(lambda: same_game(a, m), 10), f"the mirror stayed at {m.seq} (was {behind})"
    # it caught up with the events it lacked, not with the whole log again
    assert m.stats.catchups_loaded >= 1 and m.stats.snapshots_loaded == 1
    assert a.stats.full_logs_sent == 0


def test_illegal_and_malformed_actions_change_nothing(
        broker_config: BrokerConfig, tablets: list[TableSync]) -> None:
    a, _ = host(tablets, broker_config)
    m = join(tablets, broker_config, "m0")
    assert all_synced(a, [m])
    before = a.seq
    reply = m.request({"do": "end_turn"}, timeout=10)
    assert not reply.ok and reply.reason is not None and "not possible now" in reply.reason
    reply = m.request({"do": "teleport"}, timeout=10)
    assert not reply.ok and reply.reason is not None and "unknown action" in reply.reason
    # garbage on the action topic: a refusal naming the problem, nothing recorded, no crash
    answers: list[bytes] = []
    m.conn.subscribe(table_topic("t1", "reply", "m0"), lambda t, p: answers.append(p))
    for junk in (b"not json", b"[1,2]", b'{"id": "x", "action": "end_turn"}'):
        m.conn.publish(table_topic("t1", "action", "m0"), junk)
    assert wait_for(lambda: len(answers) == 3, 10)
    assert all(b'"ok":false' in p for p in answers)
    assert a.seq == before and a.stats.bad_messages == 3
    # forged events with a bad shape are counted and ignored by the mirror
    m.conn.publish(table_topic("t1", "event"), b'{"game": "x"}')
    assert wait_for(lambda: m.stats.bad_messages == 1, 10)
    assert same_game(a, m)


def test_tablet_dropped_and_rejoined_catches_up(
        broker_config: BrokerConfig, tablets: list[TableSync]) -> None:
    a, _session = host(tablets, broker_config)
    m = join(tablets, broker_config, "m0")
    player = AutoPlayer(3)
    for _ in range(5):
        step(a, player)
    assert all_synced(a, [m])
    # 1. the tablet's connection breaks (Wi-Fi drop): paho reconnects, the mirror reloads
    sock = m.conn.client.socket()
    assert isinstance(sock, socket.socket)
    sock.shutdown(socket.SHUT_RDWR)
    assert wait_for(lambda: not m.conn.connected.is_set(), 10)
    for _ in range(6):
        step(a, player)
    assert wait_for(lambda: m.conn.connects >= 2, 15), "the mirror did not reconnect"
    assert all_synced(a, [m], 15)
    # 2. the tablet is switched off and a fresh app starts on it later
    m.close()
    tablets.remove(m)
    for _ in range(6):
        step(a, player)
    again = join(tablets, broker_config, "m0")
    assert all_synced(a, [again], 15)
    for _ in range(4):
        step(again, player)  # and it plays on from the rejoined tablet
    assert all_synced(a, [again])


def test_broker_restart_mid_game(mosquitto: Mosquitto, broker_config: BrokerConfig,
                                 tablets: list[TableSync]) -> None:
    a, session = host(tablets, broker_config)
    ms = [join(tablets, broker_config, f"m{i}") for i in range(2)]
    player = AutoPlayer(3)
    for _ in range(8):
        step(a, player)
    assert all_synced(a, ms)
    mosquitto.stop()  # retained snapshot and summary are lost with it (persistence off)
    assert wait_for(lambda: not any(t.conn.connected.is_set() for t in tablets), 10)
    for _ in range(5):  # the table goes on playing on the authority's tablet meanwhile
        step(a, player)
    mosquitto.start()
    assert wait_for(lambda: all(t.conn.connects >= 2 for t in tablets), 20), "no reconnect"
    assert all_synced(a, ms, 15)
    late = join(tablets, broker_config, "late")  # a newcomer after the restart
    assert all_synced(a, [late], 15)
    while not session.over:
        step(ms[session.state.turn % 2], player)
    assert all_synced(a, [*ms, late])


def test_authority_is_handed_over_and_claimed(broker_config: BrokerConfig,
                                              tablets: list[TableSync], tmp_path: Path) -> None:
    a, _session = host(tablets, broker_config)
    store = GameStore(tmp_path / "b")
    b = join(tablets, broker_config, "b", store=store)
    c = join(tablets, broker_config, "c")
    assert all_synced(a, [b, c])
    player = AutoPlayer(3)
    for _ in range(6):
        step(c, player)
    assert all_synced(a, [b, c])
    final = a.seq
    a.hand_over("b")
    assert a.role is Role.MIRROR
    assert wait_for(lambda: b.role is Role.AUTHORITY, 10), "b did not take over"
    assert b.seq == final and b.epoch == 2
    assert wait_for(lambda: c.authority == "b", 10)
    for link in (c, a, b, c):  # old authority, new authority and a mirror all act through b
        assert wait_for(lambda link=link: link.seq == b.seq, 10)
        step(link, player)
    assert all_synced(b, [a, c])
    assert [e.seq for e in store.events(b.game_id or "")] == list(range(1, b.seq + 1)), \
        "the new authority's local copy is not the whole log"
    # b's tablet dies without a word; c claims the table from its mirrored log
    b.conn.client.socket().close()  # type: ignore[union-attr]
    b.conn.client.loop_stop()
    tablets.remove(b)
    c.claim()
    assert c.role is Role.AUTHORITY and c.epoch == 3
    for _ in range(3):
        step(a, player)
    assert all_synced(c, [a])
    store.close()


def test_an_old_authority_coming_back_steps_down(broker_config: BrokerConfig,
                                                 tablets: list[TableSync]) -> None:
    a, _ = host(tablets, broker_config)
    b = join(tablets, broker_config, "b")
    player = AutoPlayer(3)
    for _ in range(3):
        step(a, player)
    assert all_synced(a, [b])
    b.claim()  # b believed the authority was gone
    assert wait_for(lambda: a.role is Role.MIRROR, 10), "two authorities at one table"
    reply = a.request({"do": "undo"}, timeout=10)  # a's own actions now go to b
    assert reply.reason != "stale" or reply.seq == b.seq
    step(a, player)
    assert all_synced(b, [a])


def test_a_new_game_at_the_table_replaces_the_mirrored_one(broker_config: BrokerConfig,
                                                           tablets: list[TableSync]) -> None:
    a, _ = host(tablets, broker_config)
    m = join(tablets, broker_config, "m0")
    player = AutoPlayer(3)
    for _ in range(10):
        step(a, player)
    assert all_synced(a, [m])
    # the same tablet hosts a fresh game (same default game id "local", fewer events)
    fresh = new_game(8)
    a.host(fresh)
    assert a.seq == 1 and a.epoch == 2
    assert wait_for(lambda: m.seq == 1 and m.events == a.events, 10), \
        "the mirror kept the old game"
    step(m, AutoPlayer(8))
    assert all_synced(a, [m])


def test_a_resumed_game_is_hosted_from_its_store(broker_config: BrokerConfig,
                                                 tablets: list[TableSync], tmp_path: Path) -> None:
    from companion.scenarios import DEMO_SCENARIO, resolve

    store = GameStore(tmp_path / "host")
    first = GameSession.new(resolve(DEMO_SCENARIO), store, options={"seed": 3}, deck_seed=3)
    player = AutoPlayer(3)
    for _ in range(12):
        first.act(player.next_action(first))
    resumed = GameSession.resume(store, first.game_id)  # the app restarted
    a = join(tablets, broker_config, "host")
    a.host(resumed)  # no events given: the snapshot comes from the store
    m = join(tablets, broker_config, "m0")
    assert all_synced(a, [m])
    assert m.seq == first.log.last_seq and m.events == a.events
    step(m, player)
    assert store.last_seq(first.game_id) == a.seq  # the authority still records every event
    with pytest.raises(ValueError, match="needs the session's events"):
        TableSync(broker_config, "t2", "x").host(GameSession(resumed.log, "g"))
    store.close()


def test_the_authoritys_tablet_restarting_takes_the_table_back(broker_config: BrokerConfig,
                                                               tablets: list[TableSync]) -> None:
    a, _ = host(tablets, broker_config)
    m = join(tablets, broker_config, "m0")
    assert all_synced(a, [m])
    player = AutoPlayer(3)
    for _ in range(5):
        step(m, player)
    assert all_synced(a, [m])
    seq = a.seq
    a.close()  # the app on the authority's tablet stops
    tablets.remove(a)
    assert m.request({"do": "undo"}, timeout=1).reason is not None  # nobody answers now
    again = join(tablets, broker_config, "host")  # and starts again, with no game of its own
    assert wait_for(lambda: again.role is Role.AUTHORITY, 10), "it did not take authority back"
    assert again.seq == seq and again.epoch == a.epoch
    step(m, player)
    assert all_synced(again, [m])


def test_an_authority_that_crashed_takes_the_table_back_and_mirrors_follow_its_log(
        broker_config: BrokerConfig, tablets: list[TableSync]) -> None:
    from companion.sync.table import SNAPSHOT_IDLE_S

    a, _ = host(tablets, broker_config)
    m = join(tablets, broker_config, "m0")
    player = AutoPlayer(3)
    for _ in range(5):
        step(a, player)
    assert all_synced(a, [m])
    time.sleep(SNAPSHOT_IDLE_S + 0.5)  # the table pauses: the retained snapshot catches up
    kept = a.seq
    for _ in range(3):
        step(m, player)
    assert all_synced(a, [m]) and m.seq > kept
    # the authority's tablet dies before the snapshot holds those last actions
    a.conn.client.socket().close()  # type: ignore[union-attr]
    a.conn.client.loop_stop()
    tablets.remove(a)
    again = join(tablets, broker_config, "host")  # restarted, no store: the snapshot is all
    assert wait_for(lambda: again.role is Role.AUTHORITY, 10), "it did not take authority back"
    assert again.seq == kept
    # the mirror held events the table no longer has: it follows the authority's log
    assert wait_for(lambda: m.seq == kept and m.events == again.events, 10), (m.seq, kept)
    assert m.stats.conflicts >= 1
    for _ in range(3):
        step(m, player)
    assert all_synced(again, [m])
