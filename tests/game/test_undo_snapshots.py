"""Undo rebuilds the position from a snapshot taken several turns back (one every
``REPLAY_LIMIT`` events or so, not one a turn): wherever an undo lands, the game it leaves is
the game a fresh replay of the same log gives, and so is the game played on from it."""

from __future__ import annotations

import pytest

from companion.game.auto import AutoPlayer
from companion.game.events import Event
from companion.game.session import GameSession
from companion.game.state import REPLAY_LIMIT, GameLog
from companion.scenarios import load_builtin
from tests.game.golden.record import digest, view


class _Shadow:
    """The session's state seen through :func:`view`, without the session (replays its log)."""

    def __init__(self, g: GameSession) -> None:
        self.events: list[Event] = [g.log.start]
        g.listeners.append(lambda ev, st: self.events.append(ev))

    def replayed_view(self) -> str:
        log = GameLog.replay(list(self.events))
        g = GameSession.__new__(GameSession)
        g.log = log
        return digest(view(g))


@pytest.mark.parametrize("sid,seed", [("orchard-ridge", 2), ("kestrel-field", 5)])
def test_every_undo_gives_the_game_a_fresh_replay_gives(sid: str, seed: int) -> None:
    g = GameSession.new(load_builtin(sid), options={"seed": seed}, deck_seed=seed)
    shadow = _Shadow(g)
    player = AutoPlayer(seed)
    undos = turns_back = 0
    first_turn_of_snapshot = None
    for _ in range(3000):
        if g.over:
            break
        g.act(player.next_action(g))
        if g.log.undoable() is not None and len(shadow.events) % 3 == 0:
            snapshot = g.log._snapshot
            assert snapshot is not None
            if snapshot.turn < g.state.turn:
                turns_back += 1  # the snapshot is older than this turn: replayed across turns
            first_turn_of_snapshot = snapshot.turn
            g.act({"do": "undo"})
            undos += 1
            assert digest(view(g)) == shadow.replayed_view()
            g.act(player.next_action(g))  # and the game goes on from there
            assert digest(view(g)) == shadow.replayed_view()
    assert undos >= 20 and turns_back >= 5, (undos, turns_back, first_turn_of_snapshot)
    assert REPLAY_LIMIT >= 50


def test_the_snapshot_is_renewed_once_the_replay_would_be_long() -> None:
    scenario = load_builtin("orchard-ridge")
    for side in scenario.sides.values():
        side.medals_to_win = 30  # a long game
    g = GameSession.new(scenario, options={"seed": 3}, deck_seed=3)
    player = AutoPlayer(3)
    snapshots: list[object] = []  # kept alive, so identities are not reused
    while not g.over and g.log.last_seq < 1500:
        g.act(player.next_action(g))
        if g.log._snapshot is not None:
            if not snapshots or snapshots[-1] is not g.log._snapshot:
                snapshots.append(g.log._snapshot)
            assert len(g.log._settled) <= REPLAY_LIMIT + 60  # at most a turn beyond the limit
    assert g.log.last_seq > 2 * (REPLAY_LIMIT + 60)
    assert len(snapshots) >= g.log.last_seq // (REPLAY_LIMIT + 60)
