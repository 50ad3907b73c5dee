"""Rules the outside audit (tests/rules/data/audit_cases.json) found the referee getting wrong.

Each test is named for the rule and built from its text; the case that found it is named too.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.referee import QueryError, answer


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def battle(units: list[dict[str, Any]], dice: list[str], terrain: list[dict[str, Any]] | None = None,
           rules: dict[str, Any] | None = None) -> dict[str, Any]:
    q: dict[str, Any] = {"units": units, "terrain": terrain or [], "dice": dice,
                         "ask": {"battle": {"attacker": "a1", "target": "x1"}}}
    if rules is not None:
        q["rules"] = rules
    return answer(q)


# --- a unit's own "ignore 1 flag" holds on plain countryside too (cases japan-ignores-flag,
# italian-artillery-ignores-flag, destroyer-ignores-flag): the speed work skipped the unit's
# rules along with the empty hex's terrain

def test_japanese_infantry_ignores_first_flag_on_countryside() -> None:
    """Imperial Japanese Army (Seishin Kyoiku): Japanese infantry ignores 1 flag, wherever it stands."""
    out = battle([unit("a1", "allies", "infantry", "g4"), unit("x1", "axis", "infantry", "G5", nation="jp")],
                 ["flag", "star", "star"])
    assert out["result"]["flags_ignored"] == 1
    assert out["result"]["retreat"] == []
    two = battle([unit("a1", "allies", "infantry", "g4"), unit("x1", "axis", "infantry", "G5", nation="jp")],
                 ["flag", "flag", "star"])
    assert two["result"]["flags_ignored"] == 1
    assert {o["hex"] for o in two["result"]["retreat"]} == {"f6", "g6"}


def test_italian_royal_army_artillery_ignores_first_flag_on_countryside() -> None:
    """Italian Royal Army: Italian artillery ignores 1 flag (on countryside as on any hex)."""
    units = [unit("a1", "allies", "infantry", "g4"), unit("x1", "axis", "artillery", "G5", nation="it")]
    out = battle(units, ["flag", "star", "infantry"], rules={"air": None, "variants": ["italian_royal_army"]})
    assert out["result"]["flags_ignored"] == 1
    plain = battle(units, ["flag", "star", "infantry"])  # without the option: a flag is a flag
    assert plain["result"]["flags_ignored"] == 0


def test_ignore_one_flag_behaviour_on_countryside_matches_forest() -> None:
    """The unit's own ignored flag does not depend on whether its hex carries terrain."""
    units = [unit("a1", "allies", "artillery", "g4"),
             unit("x1", "axis", "infantry", "G5", variants=["ignore_one_flag"])]
    bare = battle(units, ["flag", "star", "star"])
    wooded = battle(units, ["flag", "star", "star"], [{"hex": "G5", "type": "forest"}])
    assert bare["result"]["flags_ignored"] == wooded["result"]["flags_ignored"] == 1


# --- "A unit that moves onto an Ocean hex may move a maximum of 1 hex" / "A unit that moves onto
# a Beach hex may only move 2 hexes" (base rules p.15) count the hexes it already moved this turn
# (cases move-dd-tank-ocean-then-beach, move-beach-already-moved)

def move(uid: str, units: list[dict[str, Any]], terrain: list[dict[str, Any]]) -> set[str]:
    out = answer({"units": units, "terrain": terrain, "ask": {"move": {"unit": uid}}})
    return {d["hex"] for d in out["move"]["destinations"]}


def test_dd_tank_that_moved_into_the_water_goes_no_further() -> None:
    """'Amphibious DD Sherman tank unit moves only one hex while in water': moved onto ocean, it stops."""
    terrain = [{"hex": "G1", "type": "ocean"}, {"hex": "f2", "type": "beach"}, {"hex": "g2", "type": "beach"}]
    assert move("a1", [unit("a1", "allies", "armor", "G1", moved=1)], terrain) == {"G1"}
    # the next turn (nothing moved yet) it leaves the water: 'moves 2 hexes onto the sand'
    assert {"f2", "g2", "G3"} <= move("a1", [unit("a1", "allies", "armor", "G1")], terrain)


def test_unit_that_moved_onto_a_beach_moves_two_hexes_in_all() -> None:
    terrain = [{"hex": h, "type": "beach"} for h in ("G1", "F1", "H1", "f2", "g2", "E1", "I1", "G3")]
    got = move("a1", [unit("a1", "allies", "armor", "G1", moved=1)], terrain)
    assert {"F1", "g2"} <= got and not {"E1", "G3"} & got


# --- night attacks: the visibility is part of the query (rules.visibility), so the referee
# answers night battles (cases night-*)

def test_night_visibility_limits_every_battle() -> None:
    units = [unit("a1", "allies", "artillery", "A1"), unit("x1", "axis", "infantry", "D1")]
    q = {"units": units, "ask": {"battle": {"attacker": "a1", "target": "x1"}}}
    assert answer({**q, "rules": {"air": None, "visibility": 2}})["battle"]["allowed"] is False
    assert answer({**q, "rules": {"air": None, "visibility": 3}})["battle"]["dice"] == 2
    assert answer({**q, "rules": {"air": None, "visibility": None}})["battle"]["dice"] == 2


@pytest.mark.parametrize("bad", [0, -1, 9, "2", True, 1.5])
def test_night_visibility_out_of_range_is_an_error(bad: object) -> None:
    with pytest.raises(QueryError) as info:
        answer({"rules": {"air": None, "visibility": bad},
                "ask": {"line_of_sight": {"from": "A1", "to": "B1"}}})
    assert info.value.field == "rules.visibility"
