"""The session writes each action's events in one transaction, and a failing store changes
nothing the players see."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession
from companion.scenarios import load_builtin
from companion.store import GameStore, StoreError


def _play_until_battle(g: GameSession, player: AutoPlayer) -> dict[str, Any]:
    """Play until the next action is a roll that resolves a battle (several events at once)."""
    while True:
        action = player.next_action(g)
        if action["do"] == "dice":
            return action
        g.act(action)


def test_one_action_is_one_transaction_and_a_failing_store_changes_nothing(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    g = GameSession.new(load_builtin("orchard-ridge"), store, options={"seed": 4}, deck_seed=4)
    player = AutoPlayer(4)
    calls: list[int] = []
    real = store.append_events

    def counting(game_id: str, events: Any) -> None:
        calls.append(len(events))
        real(game_id, events)

    store.append_events = counting  # type: ignore[method-assign]
    dice = _play_until_battle(g, player)
    calls.clear()
    recorded = g.act(dice)
    assert len(recorded) >= 2 and calls == [len(recorded)]  # dice_read, battle_resolved, ...
    assert [e.seq for e in store.events(g.game_id)][-len(recorded):] == [e.seq for e in recorded]

    dice = _play_until_battle(g, player)
    before_seq, before_phase = g.log.last_seq, g.state.phase
    units = {u.id: (u.hex, u.figures) for u in g.state.position.units.values()}
    heard: list[str] = []
    g.listeners.append(lambda ev, st: heard.append(ev.kind))

    def failing(game_id: str, events: Any) -> None:
        raise StoreError("the disk is full: nothing of this action was saved")

    store.append_events = failing  # type: ignore[method-assign]
    with pytest.raises(StoreError, match="disk is full"):
        g.act(dice)
    assert g.log.last_seq == before_seq and g.state.phase is before_phase
    assert {u.id: (u.hex, u.figures) for u in g.state.position.units.values()} == units
    assert heard == []  # nothing was announced that was not saved
    assert len(store.events(g.game_id)) == before_seq
    store.append_events = real  # type: ignore[method-assign]
    assert g.act(dice)  # the same roll, once the store works again
    resumed = GameSession.resume(store, g.game_id)
    assert [e.to_json() for e in resumed.events] == [e.to_json() for e in g.events]
    store.close()
