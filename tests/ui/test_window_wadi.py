"""A wadi's side slope in a real window (card 44): in Knightsbridge, a real editor file, the hex
across a slope from a unit about to move is not lit, a double tap on it is refused, says why
and moves nothing, and a double tap on a lit hex moves the unit once, on a small landscape and a portrait
tablet."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver_at


@pytest.fixture(scope="module", params=["1024x600", "800x1280"])
def wadi(request: pytest.FixtureRequest, big_xvfb: str,
         tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver_at(request.param, big_xvfb, tmp_path_factory, "wadi")


def test_the_driver_ran_without_errors(wadi: dict[str, Any]) -> None:
    assert_ran(wadi)


@pytest.mark.parametrize("name", ["a unit beside a side slope", "the slope's hex not lit",
                                  "other hexes lit", "the slope refused, nothing moved",
                                  "the refusal says why",
                                  "a double tap on a lit hex moves once"])
def test_wadi_check(wadi: dict[str, Any], name: str) -> None:
    assert_check(wadi, name)
