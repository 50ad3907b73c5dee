"""Golden game logs: auto-played games recorded action by action, replayed by the suite.

Each file holds one game: the actions the players took (the auto player, with undo detours,
refused probes and dice reviews mixed in), the events each action recorded, and a digest of
what a player can see after it (board, medals, phase, hands, air state, the prompt). The
redesign of the game layer must replay every one of them to the same events and the same
states. Re-record only when a change of behaviour is intended, and say so in the commit:

    .venv/bin/python -m tests.game.golden.record
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession, IllegalAction
from companion.game.state import GameState
from companion.scenarios import load_builtin

HERE = Path(__file__).resolve().parent
SCENARIOS = ("orchard-ridge", "gull-point-landing", "varenne-bridges", "kestrel-field")
SEEDS = range(1, 14)  # 13 seeds x 4 scenarios = 52 games
MAX_STEPS = 3000


def view(g: GameSession) -> dict[str, Any]:
    """What the players can see: the board, the medals, whose turn, the battle in progress."""
    st: GameState = g.state
    units = {u.id: [u.type, st.hex_name(u.hex), u.figures, u.airborne, u.model,
                    sorted(u.ammo.items()), list(u.badges)]
             for u in st.position.units.values()}
    air: Any = None
    if st.air is not None:
        a = st.air
        air = {"banned": a.banned, "reserve": a.reserve, "cards": a.cards, "deck": a.deck,
               "discard": a.discard, "card_played": a.card_played, "sorties": a.sorties,
               "runs": a.runs, "checks": a.checks, "bombs": a.bombs, "bombed": a.bombed,
               "entering": sorted(a.entering), "interdicting": a.interdicting,
               "roll": None if a.roll is None else [a.roll.kind, a.roll.unit, a.roll.dice,
                                                     a.roll.thrower, a.roll.rid, a.roll.faces]}
    b = st.battle
    return {
        "phase": st.phase.value, "active": st.active.value, "turn": st.turn, "card": st.card,
        "ordered": list(st.ordered), "moved": dict(st.moved), "battled": list(st.battled),
        "units": units, "medals": {s.value: n for s, n in st.medals.items()},
        "winner": st.winner.value if st.winner else None,
        "hands": {s.value: list(h) for s, h in st.hands.items()},
        "deck": None if st.deck is None else list(st.deck), "discard": list(st.discard),
        "battle": None if b is None else [b.attacker, b.target, b.dice, b.rid, b.faces,
                                          b.confirm_dice, b.result],
        "air": air,
    }


def prompt_view(g: GameSession) -> dict[str, Any]:
    """What the prompt offers: kept apart from the state, so that a change meant for the
    prompt alone shows as that when the logs are recorded again."""
    p = g.prompt()
    return {"kind": p.kind, "side": p.side, "actions": list(p.actions),
            "choices": [c.key for c in p.choices], "highlight": sorted(p.highlight),
            "dice": None if p.dice is None else [p.dice.rid, p.dice.count, p.dice.thrower,
                                                 p.dice.roll]}


def digest(v: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(v, sort_keys=True, default=str).encode()).hexdigest()[:20]


def _probes(g: GameSession, rng: random.Random) -> list[dict[str, Any]]:
    """Actions the moment does not allow (each must be refused with nothing recorded)."""
    st = g.state
    units = list(st.position.units)
    out: list[dict[str, Any]] = [
        {"do": "fly_away"}, {"do": "end_turn"} if st.phase.value != "battle" else {"do": "end_moves"},
        {"do": "move", "unit": rng.choice(units) if units else "a1", "to": "Z99"},
        {"do": "dice", "faces": ["banana"]},
    ]
    if units:
        u = st.position.units[rng.choice(units)]
        friends = [o.id for o in st.position.units.values() if o.side is u.side and o.id != u.id]
        if friends:
            out.append({"do": "battle", "attacker": u.id, "target": rng.choice(friends)})
    return out


def play(scenario_id: str, seed: int) -> dict[str, Any]:
    review = seed % 3 == 0  # every third game reviews each roll before it applies
    options: dict[str, Any] = {"seed": seed}
    if review:
        options["review_dice"] = True
    g = GameSession.new(load_builtin(scenario_id), options=options, deck_seed=seed)
    player = AutoPlayer(seed)
    rng = random.Random(seed * 7919 + len(scenario_id))
    steps: list[dict[str, Any]] = []
    undos = 0
    while not g.over and len(steps) < MAX_STEPS:
        if rng.random() < 0.05:
            probe = rng.choice(_probes(g, rng))
            try:
                g.act(probe)
            except IllegalAction:
                steps.append({"action": probe, "refused": True})
            else:
                raise RuntimeError(f"probe {probe} was accepted")
            continue
        if undos < 40 and g.log.undoable() is not None and rng.random() < 0.06:
            action: dict[str, Any] = {"do": "undo"}
            undos += 1
        else:
            action = player.next_action(g)
        events = g.act(action)
        v = view(g)
        steps.append({"action": action, "events": [e.to_json() for e in events], "view": digest(v),
                      "phase": v["phase"], "prompt": prompt_view(g)})
    return {"scenario": scenario_id, "seed": seed, "options": options, "deck_seed": seed,
            "start": g.log.start.to_json(), "steps": steps, "over": g.over}


def path_for(scenario_id: str, seed: int) -> Path:
    return HERE / f"{scenario_id}-{seed:02d}.json.gz"


def main() -> None:
    for sid in SCENARIOS:
        for seed in SEEDS:
            game = play(sid, seed)
            with gzip.open(path_for(sid, seed), "wt", encoding="utf-8") as f:
                json.dump(game, f, separators=(",", ":"), sort_keys=True)
            print(f"{sid} {seed}: {len(game['steps'])} steps, over={game['over']}", file=sys.stderr)


if __name__ == "__main__":
    main()
