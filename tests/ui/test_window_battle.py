"""A whole battle in the real app window (Xvfb), driven by simulated touches."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver

pytestmark = pytest.mark.gui

@pytest.fixture(scope="module")
def battle(xvfb: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver(xvfb, tmp_path_factory.mktemp("battle"), "battle")


def test_driver_ran_without_errors(battle: dict[str, Any]) -> None:
    assert_ran(battle)


@pytest.mark.parametrize("name", [
    "prompt bar says what to do",
    "an illegal move is refused with the reason",
    "targets lit after picking an attacker",
    "odds drawn while dice are due",
    "manual dice pad at hand while a source waits",
    "hits shown on the board",
    "retreat hexes lit for the owner",
    "a move made by dragging",
    "a retreat chosen by a tap",
    "a medal won",
    "medal shown on the medal track",
    "dice came from the simulated source",
])
def test_battle_check(battle: dict[str, Any], name: str) -> None:
    assert_check(battle, name)
