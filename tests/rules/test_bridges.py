"""Blowing up bridges, option 2 (companion/rules/bridges.py), from 6687 Drop in the Night's rules
text: "A bridge may be blown up only if an Allied infantry unit is on an adjacent hex", and
bga-memoir's play of the option (docs/rules-sources.md): a bridge that can be blown, in a
section the Section card orders, 2 dice, a star blows it."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.board import Section, Side
from companion.rules.bridges import BlowError, blow, blowable_bridges
from companion.rules.position import Position
from companion.rules.referee import position_from_json


def _pos(*units: dict[str, Any], medal: int | None = 1) -> Position:
    bridge: dict[str, Any] = {"hex": "F5", "type": "blowable_bridge"}
    if medal is not None:
        bridge["value"] = medal
    return position_from_json({"units": list(units), "terrain": [
        {"hex": "F5", "type": "river"}, bridge, {"hex": "B5", "type": "river"},
        {"hex": "B5", "type": "bridge"}]})


def _u(uid: str, side: str, kind: str, h: str) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": h}


def test_a_bridge_that_can_be_blown_with_friendly_infantry_next_to_it_in_the_cards_section() -> None:
    pos = _pos(_u("a1", "allies", "infantry", "f4"), _u("a2", "allies", "infantry", "a4"))
    f5 = pos.board.parse("F5")
    assert blowable_bridges(pos, Side.ALLIES, [Section.CENTER]) == [f5]
    assert blowable_bridges(pos, Side.ALLIES, [Section.LEFT, Section.RIGHT]) == []  # its section
    # B5's plain bridge cannot be blown, though a2 stands next to it
    assert blowable_bridges(pos, Side.ALLIES, list(Section)) == [f5]
    # an infantry unit must be next to it: armor is not enough, nor an enemy's infantry
    assert blowable_bridges(_pos(_u("a1", "allies", "armor", "f4")), Side.ALLIES,
                            [Section.CENTER]) == []
    assert blowable_bridges(_pos(_u("x1", "axis", "infantry", "f4")), Side.ALLIES,
                            [Section.CENTER]) == []


def test_two_dice_a_star_blows_it_a_unit_on_it_is_lost_and_its_medal_is_won() -> None:
    pos = _pos(_u("a1", "allies", "infantry", "f4"), _u("x1", "axis", "infantry", "F5"))
    f5 = pos.board.parse("F5")
    held = blow(pos, f5, ["flag", "grenade"])
    assert not held.blown and held.medals == 0 and held.eliminated is None
    done = blow(pos, f5, ["infantry", "star"])
    assert done.blown and done.bridge == "blowable_bridge"
    assert done.eliminated == "x1" and done.medals == 1
    # a bridge the scenario gives no medal for
    assert blow(_pos(medal=None), f5, ["star", "star"]).medals == 0
    with pytest.raises(BlowError, match="2 dice"):
        blow(pos, f5, ["star"])
    with pytest.raises(BlowError, match="no bridge"):
        blow(pos, pos.board.parse("B5"), ["star", "star"])
