"""The British battle back in a real window: Gull Point Landing's British infantry held with 1
figure by a close assault gets *Battle back (1 die)* / *Decline*; *Battle back* tapped twice at
once answers once, the dice pad asks for the one die the Allies throw, and it is applied to the
assaulting unit, on a small landscape and a portrait tablet."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver_at


@pytest.fixture(scope="module", params=["1024x600", "800x1280"])
def battleback(request: pytest.FixtureRequest, big_xvfb: str,
               tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver_at(request.param, big_xvfb, tmp_path_factory, "battleback")


def test_the_driver_ran_without_errors(battleback: dict[str, Any]) -> None:
    assert_ran(battleback)


@pytest.mark.parametrize("name", ["battle back and decline", "the prompt says it",
                                  "battle back pressed", "answered once, 1 die due",
                                  "the die applied", "the assaulter was battled back"])
def test_battleback_check(battleback: dict[str, Any], name: str) -> None:
    assert_check(battleback, name)
