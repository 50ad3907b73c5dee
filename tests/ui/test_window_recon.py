"""A Recon card's two-card draw in a real window: with the app dealing the deck, the two cards
drawn are offered as *End turn, keep ...* buttons; the second tapped twice at once ends the
turn once, keeps that card and discards the other, on a small landscape and a portrait tablet."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver_at


@pytest.fixture(scope="module", params=["1024x600", "800x1280"])
def recon(request: pytest.FixtureRequest, big_xvfb: str,
          tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver_at(request.param, big_xvfb, tmp_path_factory, "recon")


def test_the_driver_ran_without_errors(recon: dict[str, Any]) -> None:
    assert_ran(recon)


@pytest.mark.parametrize("name", ["two keep buttons", "keep pressed", "the turn ended once",
                                  "the card kept is in the hand, the other discarded"])
def test_recon_check(recon: dict[str, Any], name: str) -> None:
    assert_check(recon, name)
