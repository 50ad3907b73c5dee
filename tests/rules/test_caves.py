"""Sealing caves (companion/rules/caves.py) and caves on mountains (card 53), from the rule text
in docs/rules-sources.md."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.battle import battle_check, ignorable_flags
from companion.rules.caves import SealError, seal_cave, seal_check, seal_dice
from companion.rules.position import Position
from companion.rules.referee import position_from_json


def _pos(kind: str, *units: dict[str, Any]) -> Position:
    return position_from_json({"units": list(units), "terrain": [{"hex": "F3", "type": kind}]})


MARINE = {"id": "a1", "side": "allies", "type": "infantry", "hex": "F3", "nation": "us"}


@pytest.mark.parametrize(("kind", "plain"), [("cave", "hill"), ("mountain_cave", "mountain")])
def test_sealing_a_cave_a_star_turns_it_into_plain_terrain(kind: str, plain: str) -> None:
    pos = _pos(kind, MARINE, {"id": "x1", "side": "axis", "type": "infantry", "hex": "F9"})
    assert seal_check(pos, "a1") is None and seal_dice(pos, "a1") == 3
    assert not seal_cave(pos, "a1", ["flag", "grenade", "infantry"])
    assert pos.terrain_names(pos.units["a1"].hex) == (kind,)
    assert seal_cave(pos, "a1", ["flag", "star", "infantry"])
    assert pos.terrain_names(pos.units["a1"].hex) == (plain,)


def test_sealing_only_allied_infantry_with_no_enemy_adjacent() -> None:
    near = _pos("cave", MARINE, {"id": "x1", "side": "axis", "type": "infantry", "hex": "G3"})
    assert "adjacent" in (seal_check(near, "a1") or "")
    axis = _pos("cave", {"id": "x1", "side": "axis", "type": "infantry", "hex": "F3"})
    assert seal_check(axis, "x1") is not None
    assert seal_check(_pos("hill", MARINE), "a1") is not None
    with pytest.raises(SealError):
        seal_cave(_pos("cave", MARINE), "a1", ["star"])  # three dice, not one


def test_mountain_cave_card_53_japanese_infantry_ignore_every_flag_and_gain_protection() -> None:
    pos = _pos("mountain_cave",
               {"id": "x1", "side": "axis", "type": "infantry", "hex": "F3", "nation": "jp"},
               {"id": "a1", "side": "allies", "type": "infantry", "hex": "F1"},
               {"id": "a2", "side": "allies", "type": "artillery", "hex": "F9"})
    assert ignorable_flags(pos, pos.units["x1"]) >= 2
    assert battle_check(pos, "a1", "x1").dice == 0 or not battle_check(pos, "a1", "x1").allowed
    assert battle_check(pos, "a2", "x1").dice == 1  # artillery at six hexes: 1, no reduction
