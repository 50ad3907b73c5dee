"""``companion sync`` and ``companion dashboard`` as a user runs them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.helpers.mosquitto import Mosquitto


def companion(*args: str, timeout: float = 60, stdin: str | None = None
              ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=timeout, input=stdin)


def test_host_and_join_play_one_game_from_two_processes(mosquitto: Mosquitto,
                                                        tmp_path: Path) -> None:
    key = tmp_path / "t1.key"
    key.write_text("a-table-key-shared-by-both-tablets\n")
    common = ["--broker", mosquitto.url, "--table", "t1", "--seed", "4", "--timeout", "60",
              "--key-file", str(key)]  # every message between the two processes is sealed
    host = subprocess.Popen([sys.executable, "-m", "companion", "sync", "host", *common,
                             "--tablet", "alice", "--auto", "allies", "--max-turns", "6",
                             "--linger", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        join = companion("sync", "join", *common, "--tablet", "bob", "--auto", "axis")
        host_out, host_err = host.communicate(timeout=60)
    finally:
        if host.poll() is None:
            host.kill()
    assert host.returncode == 0, host_err
    assert join.returncode == 0, join.stderr
    final = host_out.strip().splitlines()[-1]
    # every line whole (the link's thread prints events while the main one prints the result);
    # the joiner's last event line may come just after its result line
    results = [line for line in join.stdout.splitlines() if "winner=" in line]
    assert final.startswith("winner=") and results == [final]
    assert "The Axis end turn" in join.stdout  # bob saw the game and played the axis turns
    dash = companion("dashboard", "--broker", mosquitto.url, "--once", "--tables", "1")
    assert dash.returncode == 0
    assert "t1" in dash.stdout and "over:" in dash.stdout


def test_acl_writes_files_mosquitto_can_use(tmp_path: Path) -> None:
    out = companion("sync", "acl", "t1=alice,bob+tray-1", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert "acl_file" in out.stdout
    passwd = (tmp_path / "passwd").read_text().splitlines()
    assert [line.split(":")[0] for line in passwd] == ["t1.alice", "t1.bob", "t1.alice.dice",
                                                      "t1.bob.dice", "tray.tray-1", "dashboard"]
    assert all(line.split(":", 1)[1].startswith("$7$") for line in passwd)
    assert (tmp_path / "passwords.txt").stat().st_mode & 0o077 == 0
    key = tmp_path / "t1.key"
    assert key.stat().st_mode & 0o077 == 0 and len(key.read_text().strip()) >= 40
    assert "use_username_as_clientid true" in (tmp_path / "mosquitto.conf").read_text()
    bad = companion("sync", "acl", "t1=Alice")
    assert bad.returncode == 2 and "a-z, 0-9" in bad.stderr and "Traceback" not in bad.stderr


def test_bad_settings_get_a_clear_message(tmp_path: Path) -> None:
    short = tmp_path / "short.key"
    short.write_text("abc\n")
    for args in (["sync", "join", "--broker", "http://x", "--table", "t1", "--tablet", "b"],
                 ["sync", "join", "--table", "t1", "--tablet", "b", "--key-file", str(short)],
                 ["sync", "join", "--table", "t1", "--tablet", "b", "--key-file",
                  str(tmp_path / "none.key")],
                 ["sync", "join", "--broker", "mqtt://club.example", "--table", "t1",
                  "--tablet", "b"],
                 ["sync", "join", "--table", "T 1", "--tablet", "b"],
                 ["dashboard", "--broker", "mqtt://club.example"]):
        out = companion(*args)
        assert out.returncode == 2, (args, out.stdout)
        assert out.stderr.strip() and "Traceback" not in out.stderr, out.stderr


def test_no_broker_is_an_error_not_a_hang(tmp_path: Path) -> None:
    from companion.tray.broker import free_port

    out = companion("dashboard", "--broker", f"mqtt://127.0.0.1:{free_port()}", "--once",
                    timeout=30)
    assert out.returncode == 1 and "cannot reach the broker" in out.stderr


def test_typed_commands_from_a_joined_tablet(mosquitto: Mosquitto) -> None:
    common = ["--broker", mosquitto.url, "--table", "t2", "--timeout", "60"]
    host = subprocess.Popen([sys.executable, "-m", "companion", "sync", "host", *common,
                             "--tablet", "alice"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        join = companion("sync", "join", *common, "--tablet", "bob",
                         stdin="card attack_center\nend\nnonsense\nquit\n")
        host_out, _ = host.communicate("quit\n", timeout=60)
    finally:
        if host.poll() is None:
            host.kill()
    assert join.returncode == 0, join.stderr
    assert "The Allies play Attack Center." in join.stdout
    assert "refused: 'end_turn' is not possible now" in join.stdout
    assert "> Allies: Attack Center" in join.stdout  # the prompt after the card
    assert "unknown command 'nonsense'" in join.stderr
    assert "The Allies play Attack Center." in host_out


def test_join_claim_takes_a_frozen_table_back(mosquitto: Mosquitto) -> None:
    from companion.sync import protocol
    from companion.sync.table import Role, TableSync
    from companion.sync.topics import table_topic
    from companion.tray.mqtt_client import Connection
    from companion.tray.mqtt_config import BrokerConfig
    from tests.helpers.mosquitto import wait_for

    from .conftest import new_game

    config = BrokerConfig("127.0.0.1", mosquitto.port)
    host = TableSync(config, "t3", "alice").start()
    evil = Connection(config, "intruder").start()
    try:
        assert host.conn.wait_connected(10) and evil.wait_connected(10)
        host.host(new_game(4))
        assert host.game_id is not None and host.conn.flush(10)  # its control is retained
        # a table without a key: a forged retained control freezes it (the host steps down)
        evil.publish(table_topic("t3", "control"),
                     protocol.control_message(host.game_id, 9, "ghost", 1, None), retain=True)
        assert wait_for(lambda: host.role is Role.MIRROR, 10)
        out = companion("sync", "join", "--broker", mosquitto.url, "--table", "t3", "--tablet",
                        "carol", "--claim", "--auto", "both", "--seed", "4", "--timeout", "60")
        assert out.returncode == 0, out.stderr
        assert "claimed table t3 at state 1 (epoch 10)" in out.stdout, out.stdout[:300]
        assert out.stdout.strip().splitlines()[-1].startswith("winner=")
        assert wait_for(lambda: host.state is not None and host.state.phase.value == "over", 10)
        assert host.authority == "carol"
    finally:
        host.close()
        evil.close()
