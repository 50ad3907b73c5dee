"""Sync benchmarks on a real mosquitto (started on a free port; the benchmark needs it).

1. Delay from an event recorded on the authority to the same event applied on each mirror,
   p50 / p95, with 2 and 5 mirrors, over one AutoPlayer game (each action waits until every
   mirror holds the previous one, so the numbers are latency, not queueing).
2. The same delay as the log grows: one game padded with undo/redo pairs to ``--events``
   (3,000) events, 2 mirrors, the median per stretch of 500 events. Flat means the cost of an
   event does not depend on how long the game already is.
3. Convention mode: 200 simulated tables publishing at once; the dashboard's update rate
   (model updates per second) and how long after the last publish it shows every table's
   final state.

    .venv/bin/python benchmarks/bench_sync.py [--actions 300] [--events 3000] [--tables 200]
        [--steps 10] [--only growth]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.game.auto import AutoPlayer
from companion.game.events import Event
from companion.game.session import GameSession
from companion.scenarios import DEMO_SCENARIO, resolve
from companion.sync.convention import Convention
from companion.sync.dashboard import DashboardFeed
from companion.sync.table import Reply, SyncUpdate, TableSync
from companion.tray.mqtt_config import BrokerConfig
from tests.helpers.mosquitto import Mosquitto, find_mosquitto, wait_for
from tests.helpers.mosquitto import start_broker as start_mosquitto


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def start_broker(folder: Path) -> Mosquitto:
    binary = find_mosquitto()
    if binary is None:
        raise SystemExit("bench_sync needs mosquitto (apt install mosquitto)")
    return start_mosquitto(binary, folder, "allow_anonymous true\nset_tcp_nodelay true\n"
                           "max_queued_messages 100000\n")


def event_delay(config: BrokerConfig, mirrors: int, actions: int, seed: int = 3) -> list[float]:
    sent: dict[int, float] = {}
    got: list[dict[int, float]] = [{} for _ in range(mirrors)]
    table = f"bench-{mirrors}"
    authority = TableSync(config, table, "host").start()
    ms = [TableSync(config, table, f"m{i}").start() for i in range(mirrors)]
    try:
        for t in (authority, *ms):
            assert t.conn.wait_connected(10)

        def on_sent(ev: Event, state: object) -> None:
            sent[ev.seq] = time.perf_counter()  # before the table publishes it
        for i, m in enumerate(ms):
            def on_got(u: SyncUpdate, box: dict[int, float] = got[i]) -> None:
                now = time.perf_counter()
                for ev in u.events:
                    box[ev.seq] = now
            m.listeners.append(on_got)
        session = GameSession.new(resolve(DEMO_SCENARIO), options={"seed": seed}, deck_seed=seed)
        authority.host(session)
        session.listeners.insert(0, on_sent)
        assert wait_for(lambda: all(m.seq == authority.seq for m in ms), 10)
        player = AutoPlayer(seed)
        for _ in range(actions):
            if session.over:
                break
            authority.send(player.next_action(session))
            assert wait_for(lambda: all(m.seq == authority.seq for m in ms), 10, step=0.0005)
        return [box[s] - sent[s] for box in got for s in box if s in sent]
    finally:
        for t in (authority, *ms):
            t.close()


def delay_as_the_log_grows(config: BrokerConfig, target: int, mirrors: int = 2,
                           seed: int = 3, pairs: int = 12
                           ) -> tuple[dict[int, list[float]], dict[int, float], int, int]:
    """Per event seq, the delays to each mirror, over one game padded to ``target`` events:
    after each action the auto player takes that recorded one undoable event, it is undone and
    played again (up to ``pairs`` times) until the log reaches ``target``. Returns (delays by seq,
    time from each action to every mirror holding it by seq, events, bytes published)."""
    sent: dict[int, float] = {}
    got: list[dict[int, float]] = [{} for _ in range(mirrors)]
    table = f"grow-{mirrors}"
    authority = TableSync(config, table, "host").start()
    ms = [TableSync(config, table, f"m{i}").start() for i in range(mirrors)]
    try:
        for t in (authority, *ms):
            assert t.conn.wait_connected(10)

        def on_sent(ev: Event, state: object) -> None:
            sent[ev.seq] = time.perf_counter()  # before the table publishes it
        for i, m in enumerate(ms):
            def on_got(u: SyncUpdate, box: dict[int, float] = got[i]) -> None:
                now = time.perf_counter()
                for ev in u.events:
                    box[ev.seq] = now
            m.listeners.append(on_got)
        session = GameSession.new(resolve(DEMO_SCENARIO), options={"seed": seed}, deck_seed=seed)
        authority.host(session)
        session.listeners.insert(0, on_sent)
        assert wait_for(lambda: all(m.seq == authority.seq for m in ms), 10)
        player = AutoPlayer(seed)
        published = [0]
        rounds: dict[int, float] = {}  # state id after an action -> action to every mirror
        publish = authority.conn.publish

        def counted(topic: str, payload: bytes | str, **kw: Any) -> None:
            published[0] += len(payload)
            publish(topic, payload, **kw)

        authority.conn.publish = counted  # type: ignore[method-assign]

        def send(action: dict[str, object]) -> Reply:
            t0 = time.perf_counter()
            reply = authority.request(action)
            assert wait_for(lambda: all(m.seq == authority.seq for m in ms), 10, step=0.0002), \
                f"a mirror fell behind at {authority.seq}"
            rounds[authority.seq] = time.perf_counter() - t0
            return reply

        while not session.over and authority.seq < target:
            action = player.next_action(session)
            reply = send(action)
            for _ in range(pairs):
                if not (reply.ok and len(reply.events) == 1 and session.log.undoable() is not None
                        and authority.seq < target - 1):
                    break
                if not send({"do": "undo"}).ok:
                    break
                reply = send(action)
        out: dict[int, list[float]] = {}
        for box in got:
            for s, t in box.items():
                if s in sent:
                    out.setdefault(s, []).append(t - sent[s])
        return out, rounds, authority.seq, published[0]
    finally:
        for t in (authority, *ms):
            t.close()


def dashboard_rate(config: BrokerConfig, tables: int, steps: int) -> tuple[float, float, int, float]:
    """(updates/s seen by the dashboard, seconds after the last publish until every final state
    shows, updates, publish rate/s)."""
    feed = DashboardFeed(config).start()
    assert feed.conn.wait_connected(10)
    stamps: list[float] = []
    lock = threading.Lock()

    def on_change(model: object) -> None:
        with lock:
            stamps.append(time.perf_counter())

    feed.model.listeners.append(on_change)
    conv = Convention(config, tables, seed=21).start()
    t0 = time.perf_counter()
    published = conv.play(steps)
    conv.flush(60)
    t1 = time.perf_counter()
    finals = conv.finals()

    def all_shown() -> bool:
        for table, fin in finals.items():
            row = feed.model.row(table)
            if row is None or row.seq != fin["seq"]:
                return False
        return True

    ok = wait_for(all_shown, 60, step=0.001)
    t2 = time.perf_counter()
    conv.close()
    feed.close()
    if not ok:
        raise SystemExit("the dashboard did not show every table's final state")
    with lock:
        first, last, n = stamps[0], stamps[-1], len(stamps)
    return n / max(last - first, 1e-9), t2 - t1, n, published / max(t1 - t0, 1e-9)


def dashboard_flood(config: BrokerConfig, tables: int, rounds: int) -> tuple[float, int]:
    """The dashboard's own ceiling: ``rounds`` ready-made summaries per table published as fast
    as paho can; (updates/s until every table shows its last one, updates)."""
    from companion.sync import protocol
    from companion.sync.topics import table_topic
    from companion.tray.mqtt_client import Connection

    feed = DashboardFeed(config).start()
    pubs = [Connection(config, f"flood-{i}").start() for i in range(4)]
    assert feed.conn.wait_connected(10) and all(c.wait_connected(10) for c in pubs)
    session = GameSession.new(resolve(DEMO_SCENARIO), options={"seed": 1}, deck_seed=1)
    base = protocol.summary("x", "g", session.state, "host")
    before = feed.model.version
    t0 = time.perf_counter()
    for r in range(1, rounds + 1):
        for i in range(tables):
            name = f"flood-{i:03d}"
            body = dict(base, table=name, seq=r, turn=r)
            pubs[i % 4].publish(table_topic(name, "summary"), protocol.dumps(body), retain=True)
    ok = wait_for(lambda: all((row := feed.model.row(f"flood-{i:03d}")) is not None
                              and row.seq == rounds for i in range(tables)), 120, step=0.005)
    t1 = time.perf_counter()
    n = feed.model.version - before
    for c in pubs:
        for i in range(tables):
            c.publish(table_topic(f"flood-{i:03d}", "summary"), b"", retain=True)
        c.flush(10)
        c.close()
    feed.close()
    if not ok:
        raise SystemExit("the dashboard did not show every flooded table's last summary")
    return n / (t1 - t0), n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=300)
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=50, help="summaries per table in the flood")
    ap.add_argument("--events", type=int, default=3000, help="length of the growing game")
    ap.add_argument("--only", choices=("delay", "growth", "dashboard"), help="run one part")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        broker = start_broker(Path(tmp))
        config = BrokerConfig("127.0.0.1", broker.port)
        try:
            for mirrors in (2, 5) if args.only in (None, "delay") else ():
                d = event_delay(config, mirrors, args.actions)
                print(f"event delay, {mirrors} mirrors: p50 {statistics.median(d) * 1000:.2f} ms, "
                      f"p95 {pct(d, 95) * 1000:.2f} ms over {len(d)} event deliveries", flush=True)
            if args.only in (None, "growth"):
                by_seq, rounds, n, sent_bytes = delay_as_the_log_grows(config, args.events)
                print(f"event delay as the log grows (2 mirrors, one game of {n} events; the "
                      f"authority published {sent_bytes / 1e6:.1f} MB):", flush=True)
                step = 500
                for lo in range(0, n, step):
                    d = [x for s in range(lo + 1, lo + step + 1) for x in by_seq.get(s, [])]
                    r = [rounds[s] for s in range(lo + 1, lo + step + 1) if s in rounds]
                    if d and r:
                        print(f"  events {lo + 1:>5}-{min(lo + step, n):>5}: event delay p50 "
                              f"{statistics.median(d) * 1000:.2f} ms, p95 {pct(d, 95) * 1000:.2f} ms"
                              f" ({len(d)} deliveries); action to every mirror p50 "
                              f"{statistics.median(r) * 1000:.2f} ms", flush=True)
            if args.only not in (None, "dashboard"):
                return
            rate, catch_up, n, pub = dashboard_rate(config, args.tables, args.steps)
            print(f"dashboard, {args.tables} tables: {rate:.0f} updates/s ({n} updates; tables "
                  f"published {pub:.0f}/s), every final state shown {catch_up * 1000:.0f} ms "
                  "after the last publish", flush=True)
            rate, n = dashboard_flood(config, args.tables, args.rounds)
            print(f"dashboard flood, {args.tables} tables x {args.rounds} summaries: {rate:.0f} "
                  f"updates/s ({n} updates, all final states shown)", flush=True)
        finally:
            broker.stop()


if __name__ == "__main__":
    main()
