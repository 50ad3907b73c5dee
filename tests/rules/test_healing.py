"""Healing on terrain (companion/rules/healing.py): hospitals (card 55) and oases under the
Oasis Recovery rule, from the rule text in docs/rules-sources.md."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.board import Side
from companion.rules.healing import HealError, heal, heal_check, heal_dice
from companion.rules.hq import hq_hexes
from companion.rules.position import Position
from companion.rules.referee import position_from_json
from companion.scenarios import import_m44


def _pos(kind: str, *extra: dict[str, Any], figures: int = 2, moved: int = 0,
         unit_type: str = "infantry") -> Position:
    return position_from_json({"units": [
        {"id": "a1", "side": "allies", "type": unit_type, "hex": "F3", "figures": figures,
         "moved": moved}, *extra],
        "terrain": [{"hex": "F3", "type": kind}]})


def test_hospital_card_55_six_dice_infantry_symbols_and_stars_return_figures() -> None:
    pos = _pos("hospital", figures=1)
    assert heal_check(pos, "a1") is None
    assert heal_dice(pos, "a1", hand_size=5) == 6
    result = heal(pos, "a1", ["infantry", "star", "flag", "armor", "grenade", "infantry"], 5)
    assert (result.figures_returned, result.figures_after, result.ordered) == (3, 4, True)
    # never above the starting strength
    assert heal(_pos("hospital", figures=3), "a1", ["infantry"] * 6, 5).figures_after == 4


def test_hospital_heals_only_a_wounded_infantry_unit_that_did_not_move_with_no_enemy_near() -> None:
    assert "lost no figures" in (heal_check(_pos("hospital", figures=4), "a1") or "")
    assert "moved" in (heal_check(_pos("hospital", moved=1), "a1") or "")
    near = _pos("hospital", {"id": "x1", "side": "axis", "type": "infantry", "hex": "G3"})
    assert "adjacent" in (heal_check(near, "a1") or "")
    assert heal_check(_pos("hospital", unit_type="armor"), "a1") is not None
    assert heal_check(_pos("town"), "a1") is not None
    with pytest.raises(HealError):
        heal(_pos("hospital"), "a1", ["star"] * 5, 5)  # six dice, not five


def test_oasis_recovery_rolls_a_die_per_card_held_a_plain_oasis_heals_no_one() -> None:
    pos = _pos("oasis_recovery")
    assert heal_dice(pos, "a1", hand_size=4) == 4
    assert heal(pos, "a1", ["star", "flag", "flag", "grenade"], 4).figures_returned == 1
    assert heal_check(_pos("oasis"), "a1") is not None
    # the editor's behaviour OASIS_RECOVERY makes the oasis a healing one
    s = import_m44({"board": {"hexagons": [
        {"row": 7, "col": 21, "terrain": {"name": "oasis", "behavior": "OASIS_RECOVERY"}},
        {"row": 0, "col": 0, "unit": {"name": "infger"}},
        {"row": 8, "col": 0, "unit": {"name": "infus"}}]}})
    assert [p.type for p in s.terrain] == ["oasis_recovery"] and s.notes == []


def test_oasis_recovery_on_a_campaign_hq_heals_there_and_the_hq_is_still_an_hq() -> None:
    # 3129 Operation Crusader: "Oasis Recovery rules are in effect at ... Those rules also apply
    # to each camp's Campaign HQ" (the editor: dcamp with behaviour OASIS_RECOVERY)
    pos = _pos("headquarters_recovery")
    assert heal_dice(pos, "a1", hand_size=3) == 3
    assert heal(pos, "a1", ["infantry", "flag", "star"], 3).figures_returned == 2
    assert heal_check(_pos("headquarters"), "a1") is not None  # a plain HQ heals no one
    owned = position_from_json({"units": [], "terrain": [
        {"hex": "F3", "type": "headquarters_recovery", "owner": "axis"}]})
    assert list(hq_hexes(owned).values()) == [Side.AXIS]
    s = import_m44({"board": {"hexagons": [
        {"row": 7, "col": 21, "terrain": {"name": "dcamp", "behavior": "OASIS_RECOVERY"}},
        {"row": 0, "col": 0, "unit": {"name": "infger"}},
        {"row": 8, "col": 0, "unit": {"name": "infus"}}]}})
    assert [p.type for p in s.terrain] == ["headquarters_recovery"] and s.notes == []
