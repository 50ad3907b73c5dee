"""Many simulated tables on one broker (convention-mode tests, benchmarks, demos).

Each simulated table is a real game (:class:`~companion.game.session.GameSession` played by the
built-in :class:`~companion.game.auto.AutoPlayer`) whose authority publishes exactly what a
tablet's :class:`~companion.sync.table.TableSync` publishes for the dashboard: presence, control
and the retained summary after every action. Tables share a few MQTT connections so hundreds
fit on a small machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.game.auto import AutoPlayer
from companion.game.scenario import Scenario, demo_scenario
from companion.game.session import GameSession
from companion.sync import protocol
from companion.sync.connection import Broker, Link
from companion.sync.topics import table_topic


@dataclass
class SimulatedTable:
    table: str
    session: GameSession
    player: AutoPlayer
    conn: Link
    tablet: str = "host"
    published: int = 0
    last_summary: dict[str, Any] | None = None

    def publish_summary(self) -> None:
        body = protocol.summary(self.table, self.session.game_id, self.session.state, self.tablet)
        self.last_summary = body
        self.conn.publish(table_topic(self.table, "summary"), protocol.dumps(body), retain=True)
        self.published += 1

    def step(self) -> bool:
        """One action by the auto player; False when the game is over."""
        if self.session.over:
            return False
        self.session.act(self.player.next_action(self.session))
        self.publish_summary()
        return True


class Convention:
    """``tables`` simulated tables named ``<prefix>-001``... on ``connections`` MQTT clients."""

    def __init__(self, config: Broker, tables: int, *, seed: int = 1, connections: int = 4,
                 prefix: str = "table", scenario: Scenario | None = None) -> None:
        if tables < 1:
            raise ValueError("a convention needs at least one table")
        scen = scenario or demo_scenario()
        self.config = config
        self.conns = [config.connect(f"convention-{prefix}-{i}") for i in range(max(1, connections))]
        self.tables: list[SimulatedTable] = []
        for i in range(tables):
            name = f"{prefix}-{i + 1:03d}"
            s = seed + i
            session = GameSession.new(scen, options={"seed": s, "auto": True}, deck_seed=s,
                                      game_id=f"{name}-g{s}")
            self.tables.append(SimulatedTable(name, session, AutoPlayer(s),
                                              self.conns[i % len(self.conns)]))

    def start(self, timeout: float = 10.0) -> Convention:
        for c in self.conns:
            c.start()
        for c in self.conns:
            if not c.wait_connected(timeout):
                raise RuntimeError(f"could not reach the broker at {self.config.url}"
                                   + (f" ({c.refused})" if c.refused else ""))
        for t in self.tables:
            t.conn.publish(table_topic(t.table, "presence", t.tablet),
                           protocol.presence_message(t.tablet, True, "authority"), retain=True)
            t.conn.publish(table_topic(t.table, "control"),
                           protocol.control_message(t.session.game_id, 1, t.tablet,
                                                    t.session.log.last_seq, None), retain=True)
            t.publish_summary()
        return self

    def play(self, steps: int) -> int:
        """Every table takes up to ``steps`` actions, in turn (all tables at once); returns the
        number of summaries published."""
        total = 0
        for _ in range(steps):
            moved = False
            for t in self.tables:
                if t.step():
                    total += 1
                    moved = True
            if not moved:
                break
        return total

    def finals(self) -> dict[str, dict[str, Any]]:
        """The latest summary each table published."""
        return {t.table: dict(t.last_summary or {}) for t in self.tables}

    def leave(self, table: str) -> None:
        """A table's tablet goes offline (what its last will would say)."""
        for t in self.tables:
            if t.table == table:
                t.conn.publish(table_topic(t.table, "presence", t.tablet),
                               protocol.presence_message(t.tablet, False, "offline"), retain=True)

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every connection's messages have reached the broker."""
        return all(c.flush(timeout) for c in self.conns)

    def close(self) -> None:
        """Stop: every table's tablet says it is offline (what its last will would say)."""
        for t in self.tables:
            if t.conn.connected.is_set():
                t.conn.publish(table_topic(t.table, "presence", t.tablet),
                               protocol.presence_message(t.tablet, False, "offline"), retain=True)
        self.flush()
        for c in self.conns:
            c.close()

    def clear_retained(self) -> None:
        """Remove this convention's retained messages from the broker (an empty retained payload)."""
        for t in self.tables:
            for kind in ("summary", "control"):
                t.conn.publish(table_topic(t.table, kind), b"", retain=True)
            t.conn.publish(table_topic(t.table, "presence", t.tablet), b"", retain=True)
