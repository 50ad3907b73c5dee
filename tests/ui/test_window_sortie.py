"""An Air Sortie card drawn from a real deck, told by a tap, in a real window: Capturing the
Crossing (4185) with the Air Pack, both Air Sortie cards shuffled into the deck, played with real
cards; at every tablet size the card panel asks whether one was drawn, and its *by itself*
button plays it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver_at


@pytest.fixture(scope="module", params=["1280x800", "800x1280", "1024x600", "2560x1600"])
def sortie(request: pytest.FixtureRequest, big_xvfb: str,
           tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver_at(request.param, big_xvfb, tmp_path_factory, "sortie")


def test_the_driver_ran_without_errors(sortie: dict[str, Any]) -> None:
    assert_ran(sortie)


@pytest.mark.parametrize("name", ["no Air Sortie card held", "the panel asks whether one was drawn",
                                  "its button lies in the window", "the Air Sortie played by itself",
                                  "the card in play is the Air Sortie",
                                  "the prompt asks for its edge hex"])
def test_sortie_check(sortie: dict[str, Any], name: str) -> None:
    assert_check(sortie, name)
