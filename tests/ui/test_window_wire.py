"""Barbed wire lifted in a real window: Gull Point Landing's Allied infantry on wire gets a
*Remove the obstacle* button in the battle phase; tapped twice at once it removes the wire once,
the board no longer has it and the unit's battle is spent, on a small landscape and a portrait
tablet."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver_at


@pytest.fixture(scope="module", params=["1024x600", "800x1280"])
def wire(request: pytest.FixtureRequest, big_xvfb: str,
         tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver_at(request.param, big_xvfb, tmp_path_factory, "wire")


def test_the_driver_ran_without_errors(wire: dict[str, Any]) -> None:
    assert_ran(wire)


@pytest.mark.parametrize("name", ["the remove button", "remove pressed", "the wire is gone, once",
                                  "its battle is spent", "the log says it"])
def test_wire_check(wire: dict[str, Any], name: str) -> None:
    assert_check(wire, name)
