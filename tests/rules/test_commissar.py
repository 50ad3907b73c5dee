"""The Soviet Political Commissar (companion/rules/commissar.py), from the Russian Command rule
text in docs/rules-sources.md."""

from __future__ import annotations

import pytest

from companion.rules.board import Side
from companion.rules.cards import CardError
from companion.rules.commissar import commissar_may_place, commissar_may_play, commissar_side


def test_commissar_the_card_under_the_chip_is_the_one_played() -> None:
    assert commissar_may_play("attack_left", "attack_left", from_hand=False) is None
    refused = commissar_may_play("attack_right", "attack_left", from_hand=False)
    assert refused is not None and "Attack Left" in refused
    assert commissar_may_play("attack_left", None, from_hand=False) is not None


def test_commissar_a_card_from_the_hand_must_wait_a_turn_except_recon_1_and_ambush() -> None:
    refused = commissar_may_play("general_advance", "attack_left", from_hand=True)
    assert refused is not None and "Commissar chip" in refused
    assert commissar_may_play("recon_center", "attack_left", from_hand=True) is None
    assert commissar_may_play("ambush", "attack_left", from_hand=True) is None
    # in Overlord, Recon 1 cards go under the chip too
    assert commissar_may_play("recon_center", "attack_left", from_hand=True,
                              overlord=True) is not None


def test_commissar_one_card_under_the_chip_and_the_side_from_the_option() -> None:
    assert commissar_may_place("attack_left", None) is None
    assert commissar_may_place("attack_left", "probe_center") is not None
    assert commissar_side({}) is None
    assert commissar_side({"russian_commissar": "allies"}) is Side.ALLIES
    assert commissar_side({"russian_commissar": ""}) is Side.ALLIES
    assert commissar_side({"russian_commissar": "axis"}) is Side.AXIS
    with pytest.raises(CardError):
        commissar_may_play("no_such_card", None, from_hand=True)
