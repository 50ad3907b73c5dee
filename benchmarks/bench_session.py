"""Game session benchmark: replaying a 2,000-event log, resuming from the store, and events per
second through the session with simulated dice.

    .venv/bin/python benchmarks/bench_session.py [SCENARIO]   (e.g. varenne-bridges, kestrel-field)

Prints medians (machines here are shared and noisy: compare ratios within one run).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.game.auto import AutoPlayer
from companion.game.events import Event
from companion.game.session import GameSession
from companion.game.state import GameLog
from companion.scenarios import DEMO_SCENARIO, load_builtin
from companion.store import GameStore


def main() -> None:
    scenario = load_builtin(sys.argv[1] if len(sys.argv) > 1 else DEMO_SCENARIO)
    print(f"scenario: {scenario.id}")
    # --- events per second through the session (no store, then with the SQLite store) ---------
    for label, with_store in (("in memory", False), ("with store", True)):
        rates = []
        act_costs: list[float] = []
        for seed in range(1, 6):
            tmp = tempfile.mkdtemp()
            store = GameStore(tmp) if with_store else None
            g = GameSession.new(scenario, store, options={"seed": seed}, deck_seed=seed)
            player = AutoPlayer(seed)
            in_session = 0.0
            while not g.over:
                action = player.next_action(g)  # the player's thinking is not the session's time
                t0 = time.perf_counter()
                g.act(action)
                t1 = time.perf_counter()
                g.prompt()
                in_session += time.perf_counter() - t0
                act_costs.append(t1 - t0)
            rates.append(g.log.last_seq / in_session)
            if store:
                store.close()
        print(f"events/s through the session ({label}, simulated dice, act + prompt): "
              f"median {statistics.median(rates):,.0f}")
        print(f"cost of one act ({label}): median {statistics.median(act_costs) * 1e6:,.0f} us, "
              f"mean {statistics.mean(act_costs) * 1e6:,.0f} us over {len(act_costs)} actions")

    # --- the same actions again, with nothing asked before each one --------------------------
    # (above, the auto player asks the legal actions for its options first, as the app does
    # when it lights them; a typed command or a tablet's action over sync comes cold)
    played = []
    for seed in range(1, 6):
        g = GameSession.new(scenario, options={"seed": seed}, deck_seed=seed)
        player = AutoPlayer(seed)
        actions = []
        while not g.over:
            actions.append(player.next_action(g))
            g.act(actions[-1])
        played.append((seed, actions))
    cold: list[float] = []
    by_kind: dict[str, list[float]] = {}
    for _ in range(3):
        for seed, actions in played:
            g = GameSession.new(scenario, options={"seed": seed}, deck_seed=seed)
            for action in actions:
                t0 = time.perf_counter()
                g.act(action)
                cold.append(time.perf_counter() - t0)
                by_kind.setdefault(action["do"], []).append(cold[-1])
                g.prompt()
    print(f"cost of one act (in memory, cold: no options asked first): median "
          f"{statistics.median(cold) * 1e6:,.0f} us over {len(cold)} actions")
    print("  by action: " + ", ".join(
        f"{k} {statistics.median(v) * 1e6:,.0f}" for k, v in
        sorted(by_kind.items(), key=lambda kv: -len(kv[1]))) + " (us, medians)")

    # --- a 2,000-event log: replay, and resume from the store ------------------------------
    # one long game: played with a high medal target so it runs past 2,000 events
    g = GameSession.new(scenario, options={"seed": 3}, deck_seed=3)
    for s in g.state.scenario.sides.values():
        s.medals_to_win = 30  # the format's maximum: the game runs long
    g = GameSession.new(g.state.scenario, options={"seed": 3}, deck_seed=3)
    events: list[Event] = [g.log.start]
    g.listeners.append(lambda ev, st: events.append(ev))
    player = AutoPlayer(3)
    while len(events) < 2000 and not g.over:
        g.act(player.next_action(g))
    print(f"log length: {len(events)} events, {g.state.turn} turns")
    times = []
    for _ in range(15):
        t0 = time.perf_counter()
        GameLog.replay(events)
        times.append(time.perf_counter() - t0)
    print(f"replay of {len(events)} events: median {statistics.median(times) * 1000:.1f} ms")

    tmp = tempfile.mkdtemp()
    store = GameStore(tmp)
    gid = store.create_game(scenario.id)
    for ev in events:
        store.append(gid, ev.seq, ev.kind, ev.data)
    store.close()
    times = []
    for _ in range(15):
        t0 = time.perf_counter()
        s = GameStore(tmp)
        session = GameSession.resume(s, gid)
        session.prompt()
        times.append(time.perf_counter() - t0)
        s.close()
    print(f"resume from the store ({len(events)} events, open + read + replay + prompt): "
          f"median {statistics.median(times) * 1000:.1f} ms (goal < 200 ms)")


if __name__ == "__main__":
    main()
