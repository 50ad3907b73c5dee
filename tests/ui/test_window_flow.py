"""The flow at the table in the real app window (Xvfb), by simulated touches: double taps on
every button that ends a phase or the turn, the question before ending with units left to
act (both answers), the dice review (a die changed, then applied) and an override of hits
and flags with its reason in the log."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.conftest import assert_check, assert_ran, run_driver

pytestmark = pytest.mark.gui


def _failed(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report["checks"].items() if not v["ok"]}


@pytest.fixture(scope="module")
def ends(xvfb: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver(xvfb, tmp_path_factory.mktemp("ends"), "ends", driver="flow_driver.py")


def test_ends_driver_ran_without_errors(ends: dict[str, Any]) -> None:
    assert_ran(ends)


@pytest.mark.parametrize("name", [
    "the app guards ending buttons",
    "double tap on a card: one card played",
    "the next ending button is held under the finger",
    "a unit past the card's orders, tapped twice, is refused with words",
    "double tap on Order: only the order",
    "Done moving takes taps again after the pause",
    "Done moving with units left to move asks first",
    "the question names units by type and hex",
    "the answers are 48 dp or more",
    "Go back: still moving, nothing recorded",
    "End anyway is held as the question opens",
    "double tap on End anyway: the movement ends, the turn does not",
    "double tap on End turn: one turn ended",
    "double tap on the next card: one card played",
    "double tap on Order 0 units: one phase",
    "double tap on the last ending button: one phase",
    "no undo by a second tap",
])
def test_ends_check(ends: dict[str, Any], name: str) -> None:
    assert_check(ends, name)


@pytest.fixture(scope="module")
def cards(xvfb: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver(xvfb, tmp_path_factory.mktemp("cards"), "cards", driver="flow_driver.py")


def test_card_picker_at_1024x600(cards: dict[str, Any]) -> None:
    assert_ran(cards)
    assert len(cards["checks"]) >= 9, sorted(cards["checks"])
    assert not _failed(cards), _failed(cards)


@pytest.fixture(scope="module")
def dice(xvfb: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver(xvfb, tmp_path_factory.mktemp("dice"), "dice", driver="flow_driver.py")


@pytest.mark.parametrize("name", [
    "dice from the USB tray",
    "tray dice stop for review",
    "the dice are shown as read",
    "a tap changes a die",
    "the changed die is drawn",
    "applied with the changed die",
    "the next tray dice in review",
    "Overrule offered in a battle's review",
    "the override is recorded with its reason",
    "the battle follows the players' count",
    "the log says it, in words",
    "the question is closed",
])
def test_dice_check(dice: dict[str, Any], name: str) -> None:
    assert dice["errors"] == [], dice["errors"]
    assert_check(dice, name)
