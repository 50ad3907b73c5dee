"""Wrong taps and garbled commands (the brief: "a wrong tap ... changes nothing already recorded").

Auto-played games of the built-in scenarios; before each of the auto player's actions, broken
copies of it are tried (a field dropped, a value of the wrong type, a list item swapped for
garbage). Each is either refused with ``IllegalAction``/``DiceError``, the log and the state as
they were, or, when the broken copy is still a legal action, carried out. Nothing else is ever
raised. Seeded; a longer run (150 games, 38,000 broken actions) found one fault, ``{"do": []}``
raising TypeError (its own case in ``test_session.py``).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from companion.game.auto import AutoPlayer
from companion.game.dicetypes import DiceError
from companion.game.errors import IllegalAction
from companion.game.session import GameSession
from companion.scenarios import list_builtins, load_builtin

ODD: list[Any] = [None, True, 0, -1, 99, 1.5, "", "x", "A1", "Z9", "allies", [], {}, [None],
                  ["A1"], ["infantry"] * 9, "🙂"]


def _state(g: GameSession) -> tuple[Any, ...]:
    st = g.state
    units = sorted((u.id, st.hex_name(u.hex), u.figures) for u in st.position.units.values())
    return g.log.last_seq, st.phase, st.turn, units, dict(st.medals)


def _broken(rnd: random.Random, action: dict[str, Any]) -> dict[str, Any]:
    b = copy.deepcopy(action)
    key = rnd.choice([k for k in b if k != "do"] + ["do", "extra"])
    roll = rnd.random()
    if roll < 0.3 and key in b:
        del b[key]
    elif roll < 0.6 and isinstance(b.get(key), list) and b[key]:
        b[key][rnd.randrange(len(b[key]))] = copy.deepcopy(rnd.choice(ODD))
    else:
        b[key] = copy.deepcopy(rnd.choice(ODD))
    return b


@pytest.mark.parametrize("name", list_builtins())
def test_broken_actions_are_refused_and_change_nothing(name: str) -> None:
    rnd = random.Random(name)
    g = GameSession.new(load_builtin(name), deck_seed=7)
    player = AutoPlayer(7)
    refused = steps = 0
    while not g.over and g.state.turn <= 6 and steps < 300:
        action = player.next_action(g)
        for _ in range(3):
            broken = _broken(rnd, action)
            before = _state(g)
            try:
                g.act(broken)
            except (IllegalAction, DiceError) as exc:
                refused += 1
                assert str(exc), json.dumps(broken)
                assert _state(g) == before, json.dumps(broken)
                continue
            except Exception as exc:  # the test's point: nothing else ever escapes
                pytest.fail(f"{type(exc).__name__}: {exc} on {json.dumps(broken)}")
            action = {}  # the broken copy was a legal action and was played
            break
        if action:
            g.act(action)
        steps += 1
    assert refused > 50
