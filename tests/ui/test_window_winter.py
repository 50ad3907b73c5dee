"""General Winter's losses told by taps on the board, in a real window: Nach Moskau's Axis roll
two grenades and tap the unit that loses each figure (an Allied unit is refused)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver_at


@pytest.fixture(scope="module", params=["1280x800", "800x1280", "1024x600", "2560x1600"])
def winter(request: pytest.FixtureRequest, big_xvfb: str,
           tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver_at(request.param, big_xvfb, tmp_path_factory, "winter")  # four windows


def test_the_driver_ran_without_errors(winter: dict[str, Any]) -> None:
    assert_ran(winter)


@pytest.mark.parametrize("name", ["the winter roll asked", "the loss asked in the bar",
                                  "the prompt fits its bar", "the Axis units lit",
                                  "the button names the tapped hex", "first loss pressed",
                                  "the unit lost a figure", "an Allied unit refused",
                                  "second loss pressed", "a double tap takes one figure",
                                  "the Axis card next"])
def test_winter_check(winter: dict[str, Any], name: str) -> None:
    assert_check(winter, name)
