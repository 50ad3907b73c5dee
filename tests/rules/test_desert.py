"""North African Desert rules (companion/rules/desert.py): after taking ground, armor may move
one more hex before its overrun, within every movement rule (docs/rules-sources.md)."""

from __future__ import annotations

import pytest

from companion.rules.board import distance
from companion.rules.desert import desert_extra_move, desert_rules_on
from companion.rules.movement import MoveError
from companion.rules.position import Position
from companion.rules.referee import position_from_json


def _pos(terrain: list[dict[str, str]] | None = None, kind: str = "armor") -> Position:
    return position_from_json({"units": [
        {"id": "a1", "side": "allies", "type": kind, "hex": "F5", "moved": 1},
        {"id": "x1", "side": "axis", "type": "infantry", "hex": "G7"}],
        "terrain": terrain or []})


def test_desert_armor_moves_one_more_hex_after_taking_ground() -> None:
    pos = _pos()
    names = {pos.board.name(h) for h in desert_extra_move(pos, "a1")}
    assert len(names) == 6  # the six neighbours, one hex each
    assert all(distance(pos.board.parse(n), pos.board.parse("F5")) == 1 for n in names)
    crowded = position_from_json({"units": [
        {"id": "a1", "side": "allies", "type": "armor", "hex": "F5", "moved": 1},
        {"id": "x1", "side": "axis", "type": "infantry", "hex": "f6"}]})
    assert "f6" not in {crowded.board.name(h) for h in desert_extra_move(crowded, "a1")}


def test_desert_no_extra_hex_after_taking_ground_into_a_forest_nor_for_infantry() -> None:
    assert desert_extra_move(_pos([{"hex": "F5", "type": "forest"}]), "a1") == []
    assert desert_extra_move(_pos(kind="infantry"), "a1") == []
    with pytest.raises(MoveError):
        desert_extra_move(_pos(), "zz")


def test_desert_rules_are_a_scenario_variant() -> None:
    assert desert_rules_on({"north_african_desert": ""})
    assert not desert_rules_on({"blitz": ""})


def test_desert_extra_hex_is_armor_only_not_cavalry_that_overruns() -> None:
    """Terrain Pack p.3, North African Desert rules: "an armor unit that takes ground ... may move
    1 more hex" before its overrun. Cavalry takes ground and battles again "like an armor overrun"
    (troop card 8) but is infantry: no extra hex (bga-memoir actTakeGround, getType() == ARMOR).
    Found by the fronts audit (case frn11-desert-move-cavalry): the cavalry was given the hex."""
    assert desert_extra_move(_pos(kind="cavalry"), "a1") == []
    assert len(desert_extra_move(_pos(kind="elite_armor"), "a1")) == 6
    assert len(desert_extra_move(_pos(kind="tiger"), "a1")) == 6
