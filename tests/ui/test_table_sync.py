"""Two app tables (the app's controller, no window) at one synced table on a real mosquitto:
the second follows the first, acts on its side's turn only, and a stale action from it is
refused and it catches up by itself."""

from __future__ import annotations

import contextlib
import queue
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.game.auto import AutoPlayer
from companion.game.client import LocalGame
from companion.sync.client import SyncedGame
from companion.ui.controller import Table
from tests.helpers.mosquitto import Mosquitto, find_mosquitto, start_broker, wait_for

pytestmark = pytest.mark.mosquitto

Inbox = queue.Queue[Callable[[], None]]


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Mosquitto]:
    binary = find_mosquitto()
    if binary is None:
        pytest.skip("mosquitto is not installed (apt install mosquitto)")
    b = start_broker(binary, tmp_path)
    yield b
    b.stop()


def pump(inbox: Inbox, until: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Run what the network threads handed to this tablet's UI thread, until ``until()`` and
    nothing is left to run."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if until() and inbox.empty():
            return True
        with contextlib.suppress(queue.Empty):
            inbox.get(timeout=0.02)()
    return until()


def units(t: Table) -> dict[str, tuple[str, int]]:
    st = t.state
    assert st is not None
    return {u.id: (st.hex_name(u.hex), u.figures) for u in st.position.units.values()}


def tablet(tmp_path: Path, name: str, side: str, url: str, inbox: Inbox) -> Table:
    t = Table.open(tmp_path / name, post=inbox.put, sim_delay=0.2)
    s = t.settings
    s.table_broker, s.table_id, s.tablet_id, s.table_side = url, "t1", name, side
    s.sound = False
    return t


def test_a_joined_tablet_follows_acts_on_its_turn_and_resyncs(broker: Mosquitto,
                                                              tmp_path: Path) -> None:
    inbox_a: Inbox = queue.Queue()
    inbox_b: Inbox = queue.Queue()
    a = tablet(tmp_path, "alice", "allies", broker.url, inbox_a)
    b = tablet(tmp_path, "bob", "axis", broker.url, inbox_b)
    try:
        assert a.new_game("orchard-ridge", dice="manual", seed=7, deck_seed=7)
        assert isinstance(a.game, LocalGame)
        assert a.host_table(), a.message
        assert isinstance(a.game, SyncedGame) and a.link.is_authority
        assert b.join_table(), b.message
        if b.state is None:  # the retained snapshot may be here already
            assert b.prompt_line().startswith("Waiting for the table's game")
        assert pump(inbox_b, lambda: b.state is not None and b.shown_seq == a.game.seq)
        assert units(b) == units(a)
        assert b.screen == "board"
        # the mirror works out what may be done from its own copy of the log: the same answer
        la, lb = a.game.legal(), b.game.legal()
        assert la is a.session.legal() and lb is not None  # type: ignore[union-attr]
        assert lb.actions == la.actions and lb.cards == la.cards and lb.side == la.side
        assert lb.seq == la.seq and b.game.legal() is lb  # kept until the next event
        assert "joined" in b.table_status() and "Axis" in b.table_status()

        # Allies to play: the Axis tablet says who must act and sends nothing
        assert b.prompt_line().startswith("ALLIES TO PLAY, ON THEIR TABLET:")
        before = a.game.seq
        st = b.state
        assert st is not None
        own = next(u for u in st.position.units.values() if u.side.value == "axis")
        assert not b.tap_hex(st.hex_name(own.hex))
        assert "Allies is to play now" in b.message
        assert a.game.seq == before

        # the host plays the Allies' turn; the joined tablet follows every event
        player = AutoPlayer(7)
        while a.state is not None and a.state.active.value == "allies":
            p = a.prompt()
            assert p is not None
            if p.kind == "dice":
                assert a.submit_dice(["grenade"] * p.dice.count), a.message  # type: ignore[union-attr]
            else:
                assert a.act(player.next_action(a.session)), a.message  # type: ignore[arg-type]
        assert pump(inbox_b, lambda: b.shown_seq == a.game.seq)
        assert units(b) == units(a)
        assert b.log[-1] == a.log[-1]
        la, lb = a.game.legal(), b.game.legal()
        assert la is not None and lb is not None and lb.actions == la.actions
        assert lb.candidates() == la.candidates()  # every option, as the authority has them

        # the Axis turn: the joined tablet acts, the host follows
        a.settings.dice = "sim"
        a.open_dice_source("sim")  # the table's dice: thrown on the host, whoever throws
        stale_seen = False
        for _step in range(80):
            view = b.link.view()
            st = b.state
            assert st is not None
            if st.active.value != "axis":
                break
            p = b.prompt()
            assert p is not None
            if p.kind == "dice" and not stale_seen:
                # the host's dice land while this tablet still shows the dice prompt: its Undo
                # is for a state the table has left
                shown = b.shown_seq
                assert pump(inbox_a, lambda shown=shown: a.game.seq > shown)
                # the events reach this tablet's link; its UI thread has not shown them yet
                assert wait_for(lambda shown=shown: b.link.seq > shown, 5)
                assert b.shown_seq == shown and not inbox_b.empty()
                assert not b.act({"do": "undo"})
                assert "stale" in b.message
                assert b.resyncs == 1
                assert pump(inbox_b, lambda: b.shown_seq == a.game.seq)
                assert units(b) == units(a)
                now = b.prompt()
                assert now is not None and now.kind != "dice"
                assert pump(inbox_a, lambda: a.shown_seq == a.game.seq)
                assert b.log[-4:] == a.log[-4:], (b.log[-6:], a.log[-6:])  # told on both
                assert b.flash == a.flash
                assert not any(e.kind == "undo" for e in a.game.events[shown:])
                stale_seen = True
                continue
            if p.kind == "dice":  # later throws: the host's source answers them
                seq = b.shown_seq
                assert pump(inbox_a, lambda seq=seq: a.game.seq > seq)
                assert pump(inbox_b, lambda: b.shown_seq == a.game.seq)
                continue
            action = AutoPlayer(11).next_action(view)
            seq = a.game.seq
            assert b.act(action), (action, b.message)
            assert a.game.seq > seq  # recorded by the authority
            assert pump(inbox_a, lambda: a.shown_seq == a.game.seq)
            assert pump(inbox_b, lambda: b.shown_seq == a.game.seq)
        assert stale_seen, "the Axis turn had no battle"
        assert units(b) == units(a)
        assert a.state is not None and a.state.active.value == "allies"
        assert a.prompt_line() == a.prompt().text  # type: ignore[union-attr]
    finally:
        b.close()
        a.close()


def test_leaving_the_table(broker: Mosquitto, tmp_path: Path) -> None:
    inbox_a: Inbox = queue.Queue()
    inbox_b: Inbox = queue.Queue()
    a = tablet(tmp_path, "alice", "both", broker.url, inbox_a)
    b = tablet(tmp_path, "bob", "axis", broker.url, inbox_b)
    try:
        assert a.new_game("orchard-ridge", dice="manual", seed=3, deck_seed=3)
        assert a.host_table(), a.message
        assert "plays both sides" in a.table_status()
        assert b.join_table(), b.message
        assert pump(inbox_b, lambda: b.state is not None and b.shown_seq == a.game.seq)
        assert a.to_act() is None  # a tablet playing both sides acts on every turn
        b.leave_table()
        assert b.link is None and b.game is None and b.screen == "start"
        seq = a.game.seq
        a.leave_table()  # the host goes on alone, from the same log
        assert a.link is None and isinstance(a.game, LocalGame) and a.game.seq == seq
        assert len(a.session.listeners) == 1  # type: ignore[union-attr]  # the LocalGame's only
        assert a.act(AutoPlayer(3).next_action(a.session)), a.message  # type: ignore[arg-type]
        assert a.game.seq > seq and a.table_status() == ""
    finally:
        b.close()
        a.close()


def test_joining_a_table_nobody_hosts_waits(broker: Mosquitto, tmp_path: Path) -> None:
    inbox: Inbox = queue.Queue()
    c = tablet(tmp_path, "carol", "allies", broker.url, inbox)
    try:
        assert c.join_table("t9"), c.message
        pump(inbox, lambda: False, 0.3)
        assert c.state is None and c.prompt() is None and c.legal() is None
        assert c.prompt_line().startswith("Waiting for the table's game")
        assert not c.act({"do": "end_turn"})
        assert "has not arrived yet" in c.message
        assert c.to_act() is None and "joined" in c.table_status()
    finally:
        c.close()
