"""A scenario step answered by taps on the board, in a real window: Sainte-Mere-Eglise's
airdrop (the players tap the hex each dropped figure landed on; the rest are off the board)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver


@pytest.fixture(scope="module")
def airdrop(xvfb: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver(xvfb, tmp_path_factory.mktemp("airdrop"), "airdrop")


def test_the_driver_ran_without_errors(airdrop: dict[str, Any]) -> None:
    assert_ran(airdrop)


@pytest.mark.parametrize("name", ["airdrop button before any tap", "taps placed three figures",
                                  "airdrop pressed", "two figures landed as units",
                                  "the Allies' first card next"])
def test_airdrop_check(airdrop: dict[str, Any], name: str) -> None:
    assert_check(airdrop, name)
