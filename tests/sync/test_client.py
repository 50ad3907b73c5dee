"""GameClient: one contract for a local game and for a synced table (authority and mirror),
the synced ones on a real mosquitto."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.game.auto import AutoPlayer
from companion.game.client import ActReply, GameClient, GameUpdate, LocalGame
from companion.game.events import Event
from companion.game.session import GameSession
from companion.game.state import GameLog
from companion.scenarios import DEMO_SCENARIO, resolve
from companion.store import GameStore
from companion.sync.client import SyncedGame
from companion.sync.table import TableSync
from companion.sync.topics import table_topic
from companion.tray.mqtt_config import BrokerConfig
from tests.helpers.mosquitto import wait_for

from .conftest import new_game

KEY = b"client-test-table-key-000000"


@pytest.fixture
def links(broker_config: BrokerConfig) -> Iterator[list[TableSync]]:
    made: list[TableSync] = []
    yield made
    for t in made:
        t.close()


def synced_pair(links: list[TableSync], config: BrokerConfig,
                session: GameSession) -> tuple[SyncedGame, SyncedGame]:
    host = TableSync(config, "t1", "host", key=KEY).start()
    mirror = TableSync(config, "t1", "m0", key=KEY).start()
    links += [host, mirror]
    assert host.conn.wait_connected(10) and mirror.conn.wait_connected(10)
    host.host(session)
    assert wait_for(lambda: mirror.synced and mirror.seq == host.seq, 10)
    return SyncedGame(host, timeout=10), SyncedGame(mirror, timeout=10)


@pytest.fixture(params=["local", "authority", "mirror"])
def client(request: pytest.FixtureRequest, links: list[TableSync]) -> GameClient:
    session = new_game()
    if request.param == "local":
        return LocalGame(session)
    config: BrokerConfig = request.getfixturevalue("broker_config")
    host, mirror = synced_pair(links, config, session)
    return host if request.param == "authority" else mirror


def test_every_client_keeps_the_game_client_promises(client: GameClient) -> None:
    updates: list[GameUpdate] = []
    client.add_listener(updates.append)
    client.add_listener(updates.append)  # added once
    prompt = client.prompt()
    assert prompt is not None and prompt.side == "allies"
    state = client.state
    assert state is not None and client.seq == 1 and [e.kind for e in client.events] == ["game_started"]
    # refused by the rules: the rule's words, nothing recorded, nobody told
    reply = client.act({"do": "end_turn"})
    assert not reply.ok and reply.reason and "not possible now" in reply.reason
    # (a mirror may still be told it loaded the table's log, a "reset": no events in it)
    assert client.seq == 1 and len(client.events) == 1
    assert [u for u in updates if u.kind != "reset"] == []
    # the same without waiting: the answer comes to a callback
    answers: list[ActReply] = []
    client.act_async({"do": "end_turn"}, answers.append)
    assert wait_for(lambda: len(answers) == 1, 10)
    assert not answers[0].ok and answers[0].reason and "not possible now" in answers[0].reason
    # refused as stale: an old state id
    card = prompt.choices[0].key
    stale = client.act({"do": "play_card", "card": card}, expect=0)
    assert not stale.ok and stale.stale and stale.seq == 1 and client.seq == 1
    # accepted: the events it recorded are the log's newest, and listeners hear of them
    reply = client.act({"do": "play_card", "card": card})
    assert reply.ok and reply.reason is None and reply.seq == client.seq > 1
    assert [e.seq for e in client.events][-len(reply.events):] == list(reply.events)
    assert wait_for(lambda: sum(len(u.events) for u in updates) == len(reply.events), 10)
    assert all(u.kind in ("events", "reset") for u in updates)
    assert [e.seq for u in updates if u.kind == "events" for e in u.events] == list(reply.events)
    assert client.events[-1].kind == "card_played" and client.events[-1].data["card"] == card
    p2 = client.prompt()
    assert p2 is not None and p2.kind != prompt.kind
    client.remove_listener(updates.append)
    n = len(updates)
    player = AutoPlayer(3)
    for _ in range(3):
        view_prompt = client.prompt()
        assert view_prompt is not None
        # the auto player reads a session: one over the client's own log
        session = GameSession(GameLog.replay(list(client.events)), "x")
        assert client.act(player.next_action(session)).ok
    assert len(updates) == n, "a removed listener was called"


def test_a_local_game_keeps_its_history_without_reading_the_store(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games")
    session = GameSession.new(resolve(DEMO_SCENARIO), store, options={"seed": 3}, deck_seed=3)
    player = AutoPlayer(3)
    for _ in range(10):
        session.act(player.next_action(session))
    resumed = GameSession.resume(store, session.game_id)
    game = LocalGame(resumed)  # reads the store once, here
    read = store.events

    def no_reads(game_id: str) -> object:
        raise AssertionError("the history was read from the store again")

    store.events = no_reads  # type: ignore[method-assign,assignment]
    for _ in range(10):
        assert game.act(player.next_action(resumed)).ok
    assert [e.seq for e in game.events] == list(range(1, game.seq + 1))
    store.events = read  # type: ignore[method-assign]
    assert [(e.seq, e.kind, e.data) for e in game.events] == \
        [(e.seq, e.kind, e.data) for e in store.events(session.game_id)]
    # events recorded outside act reach the log and the listeners too
    heard: list[GameUpdate] = []
    game.add_listener(heard.append)
    resumed.end_by_agreement("the players agree")
    assert heard and heard[-1].events[-1] == game.events[-1]
    game.close()
    store.close()
    with pytest.raises(ValueError, match="needs the session's events"):
        LocalGame(GameSession(resumed.log, "g"))


def test_a_stale_mirror_is_refused_and_resyncs(broker_config: BrokerConfig,
                                               links: list[TableSync]) -> None:
    session = new_game()
    host, mirror = synced_pair(links, broker_config, session)
    player = AutoPlayer(3)
    heard: list[GameUpdate] = []
    mirror.add_listener(heard.append)
    # the mirror stops hearing the event stream while the authority plays on
    mirror.link.conn.unsubscribe(table_topic("t1", "event"))
    for _ in range(5):
        assert host.act(player.next_action(session)).ok
    behind = mirror.seq
    assert behind < host.seq
    stale_prompt = mirror.prompt()
    assert stale_prompt is not None
    view = GameSession(mirror.link.log, "x")  # type: ignore[arg-type]
    reply = mirror.act(player.next_action(view))  # decided on the old state
    assert not reply.ok and reply.stale and reply.seq == host.seq
    assert wait_for(lambda: mirror.seq == host.seq, 10), "the mirror did not resync"
    assert list(mirror.events) == list(host.events)
    assert [e.seq for u in heard for e in u.events] == list(range(behind + 1, host.seq + 1))
    assert all(u.role == "mirror" for u in heard)
    # and it plays on from the state it now holds
    mirror.link.conn.subscribe(table_topic("t1", "event"), mirror.link._on_event)
    assert mirror.act(player.next_action(session)).ok
    assert wait_for(lambda: mirror.seq == host.seq, 10)
    assert isinstance(host.events[-1], Event)


def test_a_mirror_is_not_synced_while_a_catch_up_answer_is_out(broker_config: BrokerConfig,
                                                              links: list[TableSync]) -> None:
    # a mirror that asked twice (its snapshot came after the control message) waits for both
    # answers: the second may bring events; a test that acted the moment the first came raced it
    session = new_game()
    _, mirror = synced_pair(links, broker_config, session)
    link = mirror.link
    answers = table_topic("t1", "catchup", "m0")
    link.conn.unsubscribe(answers)  # the answers are lost on their way
    loaded = link.stats.catchups_loaded
    with link._lock:
        link._ask(force=True)
        link._ask(force=True)
    assert not link.synced
    # an answer that never comes does not hold the mirror back for ever
    assert wait_for(lambda: link.synced, 10)
    assert link.stats.catchups_loaded == loaded
    link.conn.subscribe(answers, link._on_catchup)
    with link._lock:
        link._ask(force=True)
    assert not link.synced
    assert wait_for(lambda: link.stats.catchups_loaded == loaded + 1, 10)
    assert link.synced  # answered at once: no wait for the time bound


def test_an_action_nobody_answers_gets_a_refusal_in_time(broker_config: BrokerConfig,
                                                         links: list[TableSync]) -> None:
    session = new_game()
    host, mirror = synced_pair(links, broker_config, session)
    host.link.close()  # the authority's tablet leaves
    links.remove(host.link)
    game = SyncedGame(mirror.link, timeout=0.5)
    answers: list[ActReply] = []
    game.act_async({"do": "undo"}, answers.append)
    assert wait_for(lambda: len(answers) == 1, 5)
    assert not answers[0].ok and "no answer" in (answers[0].reason or "")
    assert not game.act({"do": "undo"}).ok
