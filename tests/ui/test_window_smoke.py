"""A smoke screen laid by taps in a real window: Opportunity at Falaise (4086, Actions 21), the
Allies tap the three hexes before their first turn; hexes not side by side are refused and
nothing is recorded; the button tapped twice at once lays it once; the board draws the markers;
Undo tapped twice at once takes them back once, and they are laid again where meant.
Landscape and portrait tablets, a small screen and a large one."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver_at


@pytest.fixture(scope="module", params=["1280x800", "800x1280", "1024x600", "2560x1600"])
def smoke(request: pytest.FixtureRequest, big_xvfb: str,
          tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver_at(request.param, big_xvfb, tmp_path_factory, "smoke")


def test_the_driver_ran_without_errors(smoke: dict[str, Any]) -> None:
    assert_ran(smoke)


@pytest.mark.parametrize("name", ["smoke button before any tap", "refused apart", "smoke pressed",
                                  "a double tap lays it once, no card played",
                                  "the markers are on the board", "the Allies' first card next",
                                  "undo offered before the card",
                                  "a double tap on Undo takes the screen back once, the step again",
                                  "laid again on the hexes meant", "the new markers are on the board"])
def test_smoke_check(smoke: dict[str, Any], name: str) -> None:
    assert_check(smoke, name)
