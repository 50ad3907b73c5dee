"""Units the card brings onto the board, in a real window: 4090 Closing the Gap's Armor
Breakthrough (the lit baseline hexes tapped, a double tap at once taking one back, the order
button, the log saying where the tanks came in), on a landscape and a portrait tablet."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver_at


@pytest.fixture(scope="module", params=["1280x800", "800x1280"])
def arrivals(request: pytest.FixtureRequest, big_xvfb: str,
             tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver_at(request.param, big_xvfb, tmp_path_factory, "arrivals")


def test_the_driver_ran_without_errors(arrivals: dict[str, Any]) -> None:
    assert_ran(arrivals)


@pytest.mark.parametrize("name", ["the baseline hexes lit", "taps picked two hexes",
                                  "the prompt names them", "order pressed", "two tanks came in",
                                  "the log says where"])
def test_arrival_check(arrivals: dict[str, Any], name: str) -> None:
    assert_check(arrivals, name)
