"""Two app windows under Xvfb at one synced table on a real mosquitto, driven by touches."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.mosquitto import Mosquitto, find_mosquitto, start_broker
from tests.ui.conftest import SCREENSHOTS, kivy_env

pytestmark = [pytest.mark.gui, pytest.mark.mosquitto]


@pytest.fixture(scope="module")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Mosquitto]:
    binary = find_mosquitto()
    if binary is None:
        pytest.skip("mosquitto is not installed (apt install mosquitto)")
    b = start_broker(binary, tmp_path_factory.mktemp("broker"))
    yield b
    b.stop()


@pytest.fixture(scope="module")
def windows(xvfb: str, broker: Mosquitto,
            tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """Both windows at once, each in its own process with its own data folder."""
    meet = tmp_path_factory.mktemp("meet")
    driver = str(Path(__file__).with_name("table_driver.py"))
    procs = {}
    for role in ("host", "join"):
        tmp = tmp_path_factory.mktemp(role)
        out = tmp / "report.json"
        procs[role] = (out, subprocess.Popen(
            [sys.executable, driver, role, str(out), str(tmp / "data"), str(SCREENSHOTS),
             broker.url, str(meet)], env=kivy_env(xvfb, tmp), cwd=tmp,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    reports = {}
    for role, (out, proc) in procs.items():
        try:
            _stdout, stderr = proc.communicate(timeout=200)
        except subprocess.TimeoutExpired:
            proc.kill()
            _stdout, stderr = proc.communicate()
        if not out.exists():
            raise AssertionError(f"the {role} window wrote no report (exit {proc.returncode}):\n"
                                 f"{stderr[-3000:]}")
        report: dict[str, Any] = json.loads(out.read_text())
        report["returncode"] = proc.returncode
        report["stderr"] = stderr[-3000:]
        reports[role] = report
    return reports


@pytest.mark.parametrize("role", ["host", "join"])
def test_window_ran_without_errors(windows: dict[str, dict[str, Any]], role: str) -> None:
    assert windows[role]["errors"] == [], windows[role]["errors"]
    assert windows[role]["returncode"] == 0, windows[role]["stderr"]


@pytest.mark.parametrize(("role", "name"), [
    ("host", "hosting: this tablet is the table's authority"),
    ("host", "the Allies' turn was played on this window"),
    ("host", "the other window's Axis moves reached this one"),
    ("host", "the bar says whose turn it is"),
    ("host", "both windows end on the same state id"),
    ("host", "both windows show the same position"),
    ("host", "the stale undo was not recorded"),
    ("host", "the authority refused one stale action"),
    ("join", "joined: the table's game arrived"),
    ("join", "this window followed the other's moves"),
    ("join", "the bar says whose turn it is"),
    ("join", "a tap on the other side's turn is refused here, nothing sent"),
    ("join", "the Axis turn was played on this window"),
    ("join", "a battle gave the stale case"),
    ("join", "the host's dice reached this tablet first"),
    ("join", "Undo pressed on the dice prompt shown"),
    ("join", "a stale action is refused"),
    ("join", "it resyncs and shows the current prompt"),
    ("join", "the log after the resync is the host's"),
])
def test_table_check(windows: dict[str, dict[str, Any]], role: str, name: str) -> None:
    got = windows[role]["checks"].get(name)
    assert got is not None, f"the {role} window never reached {name!r}: {sorted(windows[role]['checks'])}"
    assert got["ok"], f"{role}: {name}: {got['detail']}"


@pytest.mark.parametrize("name", ["table-host-following", "table-join-waiting",
                                  "table-join-resynced"])
def test_screenshot_of_each_window(windows: dict[str, dict[str, Any]], name: str) -> None:
    path = SCREENSHOTS / f"{name}.png"
    shots = windows["host"]["shots"] + windows["join"]["shots"]
    assert str(path) in shots
    assert path.stat().st_size > 20_000  # a drawn board, not a blank window
