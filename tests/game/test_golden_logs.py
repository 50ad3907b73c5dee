"""The golden logs (tests/game/golden): recorded games replay to the same events and states.

Every recorded action is sent again to a new session: an accepted one must record exactly the
events it recorded then and leave the game looking the same (board, medals, phase, hands, air
state, prompt); a refused probe must still be refused, recording nothing. The finished log is
then resumed from its events alone and must give the same final state.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from companion.game.events import Event
from companion.game.session import GameSession, IllegalAction
from companion.game.state import GameLog
from companion.scenarios import load_builtin
from tests.game.golden.record import SCENARIOS, SEEDS, digest, path_for, prompt_view, view

GAMES = [(sid, seed) for sid in SCENARIOS for seed in SEEDS]


def _load(sid: str, seed: int) -> dict[str, Any]:
    with gzip.open(path_for(sid, seed), "rt", encoding="utf-8") as f:
        return json.load(f)  # type: ignore[no-any-return]


def test_there_are_enough_golden_games() -> None:
    assert len(GAMES) >= 50
    assert all(Path(path_for(sid, seed)).exists() for sid, seed in GAMES)


@pytest.mark.parametrize(("sid", "seed"), GAMES, ids=[f"{s}-{n}" for s, n in GAMES])
def test_golden_game_replays_to_the_same_events_and_states(sid: str, seed: int) -> None:
    game = _load(sid, seed)
    g = GameSession.new(load_builtin(sid), options=game["options"], deck_seed=game["deck_seed"])
    assert g.log.start.to_json() == game["start"]
    recorded: list[Event] = [g.log.start]
    for i, step in enumerate(game["steps"]):
        if step.get("refused"):
            before = g.log.last_seq
            with pytest.raises(IllegalAction):
                g.act(step["action"])
            assert g.log.last_seq == before, f"step {i}: a refused action recorded events"
            continue
        events = g.act(step["action"])
        recorded.extend(events)
        got = [e.to_json() for e in events]
        assert got == step["events"], f"step {i} ({step['action']}): other events"
        assert digest(view(g)) == step["view"], f"step {i} ({step['action']}): another state"
        assert prompt_view(g) == step["prompt"], f"step {i} ({step['action']}): another prompt"
    assert g.over == game["over"]
    resumed = GameSession(GameLog.replay(recorded), "resumed")
    last = [s for s in game["steps"] if not s.get("refused")][-1]
    assert digest(view(resumed)) == last["view"]
