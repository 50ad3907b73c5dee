"""A river navigable by one side's infantry in boats, played as a ford (terrain
``navigable_river``, owned): bga-memoir 1340 Across the River Roer, "The River Roer is a
Navigable River by Allied infantry units in boats. Play the river as a Ford" (and the newer
file's isImpassable {AXIS: true, ALLIES: [armor, artillery]}). Its owner's infantry enter it as
a ford (stop; battling out of it -1, Terrain Pack card 41); every other unit meets a river."""

from __future__ import annotations

from typing import Any

from companion.rules.board import Side
from companion.rules.referee import answer
from companion.scenarios import Scenario, ScenarioText, TerrainPiece, UnitSetup
from companion.scenarios.check import errors

# a river across row 4 (E5, F5, G5), the Allies' own
RIVER = [{"hex": h, "type": "navigable_river", "owner": "allies"} for h in ("E5", "F5", "G5")]


def _moves(side: str, kind: str, at: str, terrain: list[dict[str, Any]] = RIVER) -> set[str]:
    units = [{"id": "u", "side": side, "type": kind, "hex": at},
             {"id": "z", "side": "axis" if side == "allies" else "allies", "type": "infantry",
              "hex": "A9" if side == "allies" else "A1"}]
    out = answer({"terrain": terrain, "units": units, "ask": {"move": {"unit": "u"}}})
    return {d["hex"] for d in out["move"]["destinations"]}


def test_the_owners_infantry_fords_it_and_stops_there():
    reach = _moves("allies", "infantry", "f4")
    assert {"F5", "G5"} <= reach
    assert "f6" not in reach  # it stopped on the river: no further across in the same move


def test_the_owners_armor_and_artillery_and_the_other_sides_infantry_meet_a_river():
    for side, kind, at in (("allies", "armor", "f4"), ("allies", "artillery", "f4"),
                           ("axis", "infantry", "f6"), ("axis", "armor", "f6")):
        assert not {"E5", "F5", "G5"} & _moves(side, kind, at), (side, kind)


def test_without_an_owner_it_is_a_river_to_everyone():
    unowned = [{"hex": t["hex"], "type": "navigable_river"} for t in RIVER]
    assert not {"E5", "F5", "G5"} & _moves("allies", "infantry", "f4", unowned)


def _battle(attacker: dict[str, Any], target: dict[str, Any], dice: list[str]) -> dict[str, Any]:
    return answer({"terrain": RIVER, "units": [attacker, target],
                   "ask": {"battle": {"attacker": attacker["id"], "target": target["id"]}},
                   "dice": dice})


def test_infantry_battling_out_of_it_loses_a_die():
    out = _battle({"id": "a", "side": "allies", "type": "infantry", "hex": "F5"},
                  {"id": "x", "side": "axis", "type": "infantry", "hex": "f6"}, ["star"] * 2)
    assert out["battle"]["dice"] == 2  # 3 at range 1, -1 out of the ford


def test_the_owners_infantry_retreats_across_it_and_the_others_may_not():
    # an Allied unit on e6 retreats toward the bottom edge: its steps are E5 and F5, the river
    target = {"id": "a", "side": "allies", "type": "infantry", "hex": "e6"}
    axis = {"id": "x", "side": "axis", "type": "infantry", "hex": "E7"}
    out = _battle(axis, target, ["flag", "star", "star"])
    assert {r["hex"] for r in out["result"]["retreat"]} == {"E5", "F5"}
    target = {"id": "a", "side": "allies", "type": "armor", "hex": "e6"}
    axis = {"id": "x", "side": "axis", "type": "infantry", "hex": "E7"}
    out = _battle(axis, target, ["flag", "star", "star"])
    assert [(r["hex"], r["figures_lost"]) for r in out["result"]["retreat"]] == [("e6", 1)]


def test_taking_ground_onto_it_is_the_owners_infantrys_alone():
    # an Axis unit set up on F5 is eliminated: the Allied infantry on f4 may advance onto the
    # river, Allied armor may not
    for kind, may in (("infantry", True), ("armor", False)):
        out = _battle({"id": "a", "side": "allies", "type": kind, "hex": "f4"},
                      {"id": "x", "side": "axis", "type": "infantry", "hex": "F5",
                       "figures": 1}, ["grenade", "star", "star"])
        assert out["result"]["take_ground"] is may, kind


def test_the_check_lets_only_the_owners_infantry_stand_in_it():
    def on_river(side: Side, kind: str) -> list[str]:
        river = [TerrainPiece("F5", "navigable_river", owner=Side.ALLIES)]
        s = Scenario(id="t", text={"en": ScenarioText("T")}, terrain=river,
                     units=[UnitSetup("u", side, kind, "F5"),
                            UnitSetup("a", Side.ALLIES, "infantry", "A1"),
                            UnitSetup("x", Side.AXIS, "infantry", "A9")])
        return [p.message for p in errors(s) if p.where == "F5"]

    assert on_river(Side.ALLIES, "infantry") == []
    assert on_river(Side.AXIS, "infantry") and on_river(Side.ALLIES, "armor")
