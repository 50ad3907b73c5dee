"""Killed mid-battle (SIGKILL) and started again: the same game, step and screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.conftest import run_driver

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def runs(xvfb: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    tmp: Path = tmp_path_factory.mktemp("resume")
    killed = run_driver(xvfb, tmp, "kill")
    resumed = run_driver(xvfb, tmp, "resumed")
    return killed, resumed


def test_the_first_run_was_killed(runs: tuple[dict[str, Any], dict[str, Any]]) -> None:
    killed, _ = runs
    assert killed["returncode"] == -9, killed["stderr"]
    assert killed["errors"] == []
    assert killed["before"]["screen"] == "air"
    assert "throw" in killed["before"]["prompt"]  # a battle was declared: dice were due


def test_it_comes_back_where_it_was(runs: tuple[dict[str, Any], dict[str, Any]]) -> None:
    killed, resumed = runs
    assert resumed["errors"] == [], resumed["errors"]
    assert resumed["after"] == killed["before"]
