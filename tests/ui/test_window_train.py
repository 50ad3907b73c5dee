"""A supply train's units getting off, in a real window: the unload button, the empty hexes
next to the train lit, two tapped (a double tap at once taking one back), the units on the
board where they were tapped, on a landscape and a portrait tablet."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver_at


@pytest.fixture(scope="module", params=["1280x800", "800x1280", "1024x600", "2560x1600"])
def train(request: pytest.FixtureRequest, big_xvfb: str,
          tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver_at(request.param, big_xvfb, tmp_path_factory, "train")


def test_the_driver_ran_without_errors(train: dict[str, Any]) -> None:
    assert_ran(train)


@pytest.mark.parametrize("name", ["the unload button", "the free hexes lit", "taps picked two hexes",
                                  "unload pressed", "a double tap unloads once and ends nothing",
                                  "two units got off"])
def test_train_check(train: dict[str, Any], name: str) -> None:
    assert_check(train, name)
