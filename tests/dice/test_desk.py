"""The dice desk binds one source to one game: it asks once per roll, stands the source down
when the roll is answered another way, and drops answers to rolls no longer due."""

from __future__ import annotations

import threading
from typing import Any

from companion.dice.desk import DiceDesk
from companion.dice.simulated import SimulatedDiceSource
from companion.game.auto import AutoPlayer
from companion.game.session import GameSession
from companion.scenarios import load_builtin


def test_the_desk_plays_a_whole_game_with_a_slow_source() -> None:
    g = GameSession.new(load_builtin("orchard-ridge"), options={"seed": 5}, deck_seed=5)
    arrived: list[dict[str, Any]] = []
    ready = threading.Event()

    def deliver(action: dict[str, Any]) -> None:
        arrived.append(action)
        ready.set()

    source = SimulatedDiceSource(seed=5, delay=0.001)
    desk = DiceDesk(source, deliver)
    player = AutoPlayer(5)
    rolls = 0
    while not g.over and rolls < 40:
        request = g.dice_request()
        desk.due(request)
        if request is None:
            g.act(player.next_action(g))
            continue
        assert [r.request_id for r in source.pending()] in ([request.request_id], [])
        assert ready.wait(5), "the source never answered"
        ready.clear()
        action = arrived.pop()
        roll = g.legal().roll
        assert roll is not None and action["rid"] == roll.rid
        assert len(action["faces"]) == roll.dice and action["source"] == source.name
        g.act(action)
        rolls += 1
    assert rolls >= 10
    desk.close()
    assert source.pending() == []


def test_an_answer_to_a_roll_no_longer_due_is_dropped() -> None:
    g = GameSession.new(load_builtin("orchard-ridge"), options={"seed": 6}, deck_seed=6)
    player = AutoPlayer(6)
    while g.dice_request() is None:
        g.act(player.next_action(g))
    arrived: list[dict[str, Any]] = []
    source = SimulatedDiceSource(seed=6, delay=30)  # it would answer far too late
    desk = DiceDesk(source, arrived.append)
    desk.due(g.dice_request())
    first = desk.asked
    assert first is not None and [r.request_id for r in source.pending()] == [first]
    desk.due(g.dice_request())  # asked again for the same roll: once only
    assert [r.request_id for r in source.pending()] == [first]
    g.act({"do": "undo"})  # the battle is taken back: the source stands down
    desk.due(g.dice_request())
    assert desk.asked is None and source.pending() == []
    # a late answer for the old request finds nobody waiting
    from companion.dice.base import DiceResult, DieReading

    desk._arrived(DiceResult(first, (DieReading("flag"),), "sim"))
    assert arrived == []
