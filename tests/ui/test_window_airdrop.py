"""A scenario step answered by taps on the board, in a real window: Sainte-Mere-Eglise's
airdrop (the players tap the hex each dropped figure landed on; the rest are off the board)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver_at


@pytest.fixture(scope="module", params=["1280x800", "800x1280"])
def airdrop(request: pytest.FixtureRequest, big_xvfb: str,
            tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver_at(request.param, big_xvfb, tmp_path_factory, "airdrop")  # both tablets


def test_the_driver_ran_without_errors(airdrop: dict[str, Any]) -> None:
    assert_ran(airdrop)


@pytest.mark.parametrize("name", ["airdrop button before any tap", "taps placed three figures",
                                  "the prompt fits its bar", "a long prompt shrinks to fit its bar",
                                  "the bar's font grows back for a short prompt",
                                  "airdrop pressed", "two figures landed as units",
                                  "the Allies' first card next"])
def test_airdrop_check(airdrop: dict[str, Any], name: str) -> None:
    assert_check(airdrop, name)
