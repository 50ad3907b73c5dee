"""A river too wide to fire across (`wide_river`), from 25 Arnhem Bridge's briefing:
"Infantry units may not target units on the opposite side of the Rhine River, which is too wide
in this section." The banks are the land either side of the board's river hexes
(`battle.river_banks`); a unit on a river hex (on a bridge) is on neither bank.

The test river runs along row 5 (A5 .. M5) across a standard board, bridged at G5.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.rules.battle import battle_check, river_banks
from companion.rules.board import Side
from companion.rules.position import Position
from companion.rules.referee import answer, position_from_json
from tests.rules.query_parts import t, unit

REAL = Path(__file__).resolve().parents[1] / "scenarios" / "data" / "real" / "bga-memoir"
RIVER = (*(t(f"{c}5", "river") for c in "ABCDEFGHIJKLM"), t("G5", "bridge"))


def across(*units: dict[str, Any], wide: bool = True) -> Position:
    q: dict[str, Any] = {"units": list(units), "terrain": list(RIVER)}
    if wide:
        q["rules"] = {"variants": ["wide_river"]}
    return position_from_json(q)


def test_the_river_splits_the_board_into_two_banks_and_its_hexes_are_on_neither() -> None:
    pos = across()
    banks = river_banks(pos)
    b = pos.board
    assert len(set(banks.values())) == 2
    assert banks[b.parse("f4")] == banks[b.parse("A1")] != banks[b.parse("f6")]
    assert b.parse("G5") not in banks and b.parse("A5") not in banks  # the bridge, the river
    assert river_banks(pos) is banks  # the same river: worked out once


def test_infantry_may_not_target_the_other_bank_but_its_own_and_the_river_hexes() -> None:
    pos = across(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "f6"),
                 unit("x2", "axis", "infantry", "d4"))
    refused = battle_check(pos, "a1", "x1")  # two hexes, over the river
    assert not refused.allowed
    assert "other bank of the river" in (refused.reason or "")
    assert battle_check(pos, "a1", "x2").allowed  # the same bank
    # on the bridge, two hexes off: on neither bank
    pos = across(unit("a1", "allies", "infantry", "E3"), unit("x3", "axis", "infantry", "G5"))
    assert battle_check(pos, "a1", "x3").allowed
    # the unit on the bridge fires at both banks
    pos = across(unit("a1", "allies", "infantry", "G5"), unit("x1", "axis", "infantry", "f6"),
                 unit("x2", "axis", "infantry", "f4"))
    assert battle_check(pos, "a1", "x1").allowed and battle_check(pos, "a1", "x2").allowed


def test_armor_and_artillery_still_fire_across_and_without_the_rule_infantry_does() -> None:
    pos = across(unit("a1", "allies", "armor", "f4"), unit("a2", "allies", "artillery", "E3"),
                 unit("x1", "axis", "infantry", "f6"))
    assert battle_check(pos, "a1", "x1").allowed
    assert battle_check(pos, "a2", "x1").allowed
    plain = across(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "f6"),
                   wide=False)
    assert battle_check(plain, "a1", "x1").allowed
    # special forces are infantry units too
    sf = across(unit("a1", "allies", "special_forces", "f4"), unit("x1", "axis", "infantry", "f6"))
    assert not battle_check(sf, "a1", "x1").allowed


def test_the_referee_answers_with_the_rule_named_in_its_query() -> None:
    q = {"units": [unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "f6")],
         "terrain": list(RIVER), "rules": {"variants": ["wide_river"]},
         "ask": {"battle": {"attacker": "a1", "target": "x1"}}}
    out = answer(q)
    assert out["battle"]["allowed"] is False
    assert "other bank" in out["battle"]["reason"]
    del q["rules"]
    assert answer(q)["battle"]["allowed"] is True


def test_arnhem_bridge_reads_the_rule_from_its_briefing_and_plays_it() -> None:
    from companion.rules.position import Unit
    from companion.scenarios import load, to_position
    from companion.scenarios.check import errors

    s = load(REAL / "25-ArnhemBridge.m44")
    assert "wide_river" in s.variants
    assert errors(s) == []
    pos = to_position(s)
    b = pos.board
    banks = river_banks(pos)
    # the Rhine runs the board's width: the Axis baseline north of it, the town south of it
    assert len(set(banks.values())) == 2
    assert banks[b.parse("A9")] != banks[b.parse("G1")]
    for u in list(pos.units):
        pos.remove_unit(u)
    # H7 is north of the river hex g6 (the river turns at f8 / g6), F5 south of it
    pos.add_unit(Unit(id="a1", side=Side.ALLIES, type="special_forces", hex=b.parse("G5"), figures=4,
                      variants=("wide_river",)))
    pos.add_unit(Unit(id="x1", side=Side.AXIS, type="infantry", hex=b.parse("H7"), figures=4,
                      variants=("wide_river",)))
    assert banks[b.parse("G5")] != banks[b.parse("H7")]
    assert not battle_check(pos, "a1", "x1").allowed
    assert not battle_check(pos, "x1", "a1").allowed
