"""A closed side in a real window: a wadi's side slope (card 44) in Knightsbridge and a bridge
section's side (card 9b) in Arnhem Bridge, both real editor files. The hex across the side
from a unit about to move is not lit, a double tap on it is refused, says why and moves nothing,
and a double tap on a lit hex moves the unit once (its second tap selects nothing), at every
tablet size the app is drawn at (landscape, portrait, a small screen and a big one)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver_at

RUNS = [(mode, size) for mode in ("wadi", "bridge")
        for size in ("1280x800", "800x1280", "1024x600", "2560x1600")]


@pytest.fixture(scope="module", params=RUNS, ids=[f"{m}-{s}" for m, s in RUNS])
def closed(request: pytest.FixtureRequest, big_xvfb: str,
           tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    mode, size = request.param
    return run_driver_at(size, big_xvfb, tmp_path_factory, mode)


def test_the_driver_ran_without_errors(closed: dict[str, Any]) -> None:
    assert_ran(closed)


@pytest.mark.parametrize("name", ["a unit beside a side slope", "the slope's hex not lit",
                                  "other hexes lit", "the slope refused, nothing moved",
                                  "the refusal says why",
                                  "a double tap on a lit hex moves once",
                                  "its second tap selects nothing, refuses nothing"])
def test_closed_side_check(closed: dict[str, Any], name: str) -> None:
    assert_check(closed, name)
