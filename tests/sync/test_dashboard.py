"""Convention mode: the dashboard model, and 200 tables publishing at once on a real mosquitto."""

from __future__ import annotations

import json
import subprocess
import sys

from companion.sync.convention import Convention
from companion.sync.dashboard import DashboardFeed, DashboardModel, TableRow, render
from companion.tray.mqtt_config import BrokerConfig
from tests.helpers.mosquitto import Mosquitto, wait_for


def summary(table: str, seq: int, turn: int = 1, medals: tuple[int, int] = (0, 0), **extra: object
            ) -> bytes:
    body = {"table": table, "game": "g1", "scenario": "orchard-ridge", "title": "Orchard Ridge",
            "turn": turn, "active": "allies", "phase": "move", "seq": seq,
            "medals": {"allies": medals[0], "axis": medals[1]}, "to_win": {"allies": 6, "axis": 6},
            "over": False, "winner": None, "authority": "host", "updated": 100.0, **extra}
    return json.dumps(body).encode()


def test_model_folds_summaries_presence_and_control() -> None:
    m = DashboardModel()
    calls: list[int] = []
    m.listeners.append(lambda model: calls.append(model.version))
    assert m.apply("m44/v1/table/t1/summary", summary("t1", 5, 2, (1, 0)), now=1000.0)
    assert m.apply("m44/v1/table/t1/presence/host", b'{"online": true}')
    row = m.row("t1")
    assert row is not None and row.turn == 2 and row.medals == (1, 0) and row.online
    assert row.age(now=1010.0) == 910.0  # by the authority's stamp (updated=100)
    ahead = TableRow("t9", updated=2000.0, received=1000.0)
    assert ahead.age(now=1010.0) == 10.0  # a clock running ahead: by arrival instead
    assert TableRow("t8").age(now=5.0) is None
    # an older summary arriving late changes nothing
    assert not m.apply("m44/v1/table/t1/summary", summary("t1", 3, 1))
    assert m.row("t1") == row
    # the authority goes (its last will); another tablet stays: the table shows offline
    m.apply("m44/v1/table/t1/presence/bob", b'{"online": true}')
    m.apply("m44/v1/table/t1/presence/host", b'{"online": false}')
    row = m.row("t1")
    assert row is not None and not row.online and row.tablets_online == 1
    # handover: bob is named; the table is online again
    m.apply("m44/v1/table/t1/control", b'{"authority": "bob", "epoch": 2, "seq": 5, "game": "g1"}')
    row = m.row("t1")
    assert row is not None and row.online and row.authority == "bob"
    assert calls == list(range(1, len(calls) + 1))


def test_model_counts_bad_messages_and_keeps_its_rows() -> None:
    m = DashboardModel()
    m.apply("m44/v1/table/t1/summary", summary("t1", 5))
    before = m.rows()
    for topic, payload in [("m44/v1/table/t1/summary", b"{not json"),
                           ("m44/v1/table/t1/summary", b"[1]"),
                           ("m44/v1/table/t1/summary", b'{"turn": "two", "seq": 1}'),
                           ("m44/v1/table/T1!/summary", summary("x", 1)),
                           ("elsewhere/t1", b"{}"),
                           ("m44/v1/table/t1/summary", b"[" * 100_000 + b"]" * 100_000),
                           ("m44/v1/table/t1/summary",
                            b'{"turn": 1, "seq": 9, "updated": 1' + b"0" * 400 + b"}"),
                           ("m44/v1/table/t1/control", b'{"authority": "x", "pad": "'
                            + b"x" * 300_000 + b'"}')]:
        assert not m.apply(topic, payload)
    assert m.bad_messages == 8 and m.rows() == before
    # an empty retained payload (a cleared topic) is not an error
    assert not m.apply("m44/v1/table/t1/summary", b"")
    assert m.bad_messages == 8


def test_render_shows_every_table() -> None:
    rows = [TableRow("t1", scenario="s", title="Orchard Ridge", turn=3, active="axis",
                     medals=(2, 1), to_win=(6, 6), received=95.0, tablets={"host": True}),
            TableRow("t2", title="Varenne", turn=9, over=True, winner="allies",
                     tablets={"host": False}),
            TableRow("t3", title="Gull Point", turn=1, tablets={"host": False})]
    text = render(rows, now=100.0)
    lines = text.splitlines()
    assert lines[2].startswith("t1") and "2-1" in lines[2] and "5s" in lines[2]
    assert "over: allies wins" in lines[3] and "OFFLINE" in lines[4]
    assert lines[-1] == "3 tables, 1 playing, 1 finished"


def test_two_hundred_tables_publishing_at_once(mosquitto: Mosquitto,
                                               broker_config: BrokerConfig) -> None:
    feed = DashboardFeed(broker_config).start()
    conv = Convention(broker_config, 200, seed=11, connections=4)
    try:
        assert feed.conn.wait_connected(10)
        conv.start()
        published = conv.play(6)
        assert conv.flush(60)
        finals = conv.finals()
        assert published >= 200 * 5

        def shown() -> bool:
            for table, fin in finals.items():
                row = feed.model.row(table)
                if row is None or row.seq != fin["seq"]:
                    return False
            return True

        assert wait_for(shown, 60), "the dashboard missed a table's latest state"
        for table, fin in finals.items():
            row = feed.model.row(table)
            assert row is not None
            assert (row.turn, row.active, row.phase) == (fin["turn"], fin["active"], fin["phase"])
            assert row.medals == (fin["medals"]["allies"], fin["medals"]["axis"])
            assert row.online and row.scenario == fin["scenario"]
        assert len(feed.model) == 200 and feed.model.bad_messages == 0
        # a table's tablet drops off: the dashboard says so
        conv.leave("table-007")
        assert wait_for(lambda: not (r := feed.model.row("table-007")) or not r.online, 10)
        row = feed.model.row("table-007")
        assert row is not None and not row.online
        # a dashboard started now sees every table at once from the retained messages
        out = subprocess.run([sys.executable, "-m", "companion", "dashboard", "--broker",
                              mosquitto.url, "--once", "--tables", "200", "--wait", "20"],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        lines = out.stdout.splitlines()
        assert lines[-1].startswith("200 tables")
        assert sum(1 for line in lines if line.startswith("table-")) == 200
        assert any(line.startswith("table-007") and "OFFLINE" in line for line in lines)
    finally:
        conv.close()
        feed.close()
