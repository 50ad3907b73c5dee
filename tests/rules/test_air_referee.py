"""The referee's air asks: the contract's answer fields, errors with a field, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from companion.rules.referee import answer, answer_or_error


def fp(units: list[dict[str, Any]], ask: dict[str, Any], dice: list[Any] | None = None,
       terrain: list[dict[str, str]] | None = None) -> dict[str, Any]:
    q: dict[str, Any] = {"rules": {"air": "flight-plan"}, "units": units, "ask": ask,
                         "terrain": terrain or []}
    if dice is not None:
        q["dice"] = dice
    return q


def ap(units: list[dict[str, Any]], ask: dict[str, Any], dice: list[Any] | None = None,
       terrain: list[dict[str, str]] | None = None) -> dict[str, Any]:
    q = fp(units, ask, dice, terrain)
    q["rules"] = {"air": "air-pack"}
    return q


def u(uid: str, side: str, kind: str, where: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": where, **extra}


BOOM = [u("fb", "allies", "fighter_bomber", "H5", airborne=True),
        u("x1", "axis", "infantry", "E5"), u("x2", "axis", "armor", "F5"),
        u("x3", "axis", "infantry", "G5")]
MARKERS = [{"hex": "E5", "ammo": "machine_gun"}, {"hex": "F5", "ammo": "bomb"},
           {"hex": "G5", "ammo": "machine_gun"}]


def error(query: dict[str, Any]) -> dict[str, str]:
    code, out = answer_or_error(query)
    assert code == 2, out
    return out["error"]  # type: ignore[no-any-return]


# --- contract asks ---------------------------------------------------------------------------

def test_air_check_contract_fields() -> None:
    q = ap([u("p1", "allies", "airplane", "E5", model="spitfire", airborne=True),
            u("x1", "axis", "infantry", "F5"), u("x2", "axis", "infantry", "D5")],
           {"air_check": {"plane": "p1"}}, ["grenade", "star"])
    out = answer(q)["air_check"]
    assert out["dice"] == 2 and out["rolled_by"] == "axis"
    assert out["result"] == {"lost": True, "medal_to": "axis"}


def test_air_check_without_dice_has_no_result() -> None:
    q = ap([u("p1", "allies", "airplane", "E5", model="spitfire", airborne=True)],
           {"air_check": {"plane": "p1"}})
    out = answer(q)["air_check"]
    assert out["dice"] == 0 and out["rolled_by"] == "allies" and "result" not in out


def test_attack_run_contract_boom_and_zoom() -> None:
    q = fp(BOOM, {"attack_run": {"plane": "fb", "markers": MARKERS,
                                 "card": "Fighter-Bomber Boom & Zoom",
                                 "path": ["E5", "F5", "G5", "H5"], "deploying": True}},
           [["infantry", "star"], ["grenade"], ["grenade", "armor"]])
    out = answer(q)["attack_run"]
    assert out["allowed"] is True and out["reason"] is None
    assert out["dice"] == [2, 1, 2]
    assert [r["target"] for r in out["results"]] == ["x1", "x2", "x3"]
    assert [r["hits"] for r in out["results"]] == [2, 1, 0]
    for r in out["results"]:
        assert {"target", "hits", "figures_removed", "eliminated", "flags"} <= set(r)


def test_attack_run_contract_without_path_or_card() -> None:
    units = [u("p1", "allies", "fighter", "D5", airborne=True), u("x1", "axis", "infantry", "E5"),
             u("x2", "axis", "armor", "F5")]
    q = fp(units, {"attack_run": {"plane": "p1", "markers": [
        {"hex": "E5", "ammo": "machine_gun"}, {"hex": "F5", "ammo": "machine_gun"}],
        "card": None}}, [["infantry"], ["grenade"]])
    out = answer(q)["attack_run"]
    assert out["dice"] == [1, 1]
    assert out["results"][0]["figures_removed"] == 1 and out["results"][1]["hits"] == 0


def test_attack_run_refused_names_the_reason() -> None:
    units = [u("p1", "allies", "fighter", "D5", airborne=True), u("a1", "allies", "infantry", "E5")]
    out = answer(fp(units, {"attack_run": {"plane": "p1", "markers": [
        {"hex": "E5", "ammo": "machine_gun"}]}}))["attack_run"]
    assert out["allowed"] is False and "enemy ground unit" in out["reason"]


def test_dogfight_contract() -> None:
    units = [u("f1", "allies", "fighter", "E5", airborne=True),
             u("b1", "axis", "bomber", "F5", airborne=True)]
    out = answer(fp(units, {"dogfight": {"plane": "f1", "target": "b1"}},
                    ["grenade", "grenade", "star"]))["dogfight"]
    assert out["allowed"] is True and out["reason"] is None
    assert out["dice"] == 3 and out["possible_hits"] == 2


def test_ground_to_air_contract() -> None:
    units = [u("a1", "allies", "infantry", "E5"), u("b1", "axis", "bomber", "F5", airborne=True)]
    out = answer(fp(units, {"ground_to_air": {"attacker": "a1", "target": "b1"}},
                    ["grenade", "infantry", "flag"]))["ground_to_air"]
    assert out["allowed"] is True and out["dice"] == 3 and out["possible_hits"] == 1


def test_ground_to_air_artillery_four_dice_at_two() -> None:
    units = [u("g1", "allies", "artillery", "E5"), u("b1", "axis", "bomber", "G5", airborne=True)]
    out = answer(fp(units, {"ground_to_air": {"attacker": "g1", "target": "b1"}}))
    assert out["ground_to_air"]["dice"] == 4 and out["ground_to_air"]["possible_hits"] is None


def test_confirm_contract() -> None:
    units = [u("b1", "axis", "bomber", "F5", airborne=True)]
    out = answer(fp(units, {"confirm": {"target": "b1"}}, ["grenade", "infantry"]))["confirm"]
    assert out["shot_down"] is True and out["retires"] is False and out["medal_to"] == "allies"
    assert out["banned_type"] == "bomber"
    retire = answer(fp(units, {"confirm": {"target": "b1"}}, ["flag"]))["confirm"]
    assert retire == {**retire, "shot_down": False, "retires": True, "medal_to": None}


# --- the other air asks -----------------------------------------------------------------------

def test_strafe_ask() -> None:
    units = [u("p1", "allies", "airplane", "E5", model="spitfire", airborne=True),
             u("x1", "axis", "infantry", "D5"), u("x2", "axis", "armor", "d6")]
    out = answer(ap(units, {"strafe": {"plane": "p1", "hexes": ["D5", "d6"]}},
                    ["star", "flag"]))["strafe"]
    assert out["dice"] == 2 and out["targets"] == ["x1", "x2"]
    assert out["results"][0]["hits"] == 1 and out["results"][1]["flags"] == 1


def test_kamikaze_ask() -> None:
    units = [u("z1", "axis", "airplane", "E5", model="zero", airborne=True),
             u("a1", "allies", "infantry", "F5")]
    out = answer(ap(units, {"kamikaze": {"plane": "z1", "target": "a1"}},
                    ["grenade", "star"]))["kamikaze"]
    assert out["dice"] == 2 and out["result"]["eliminated"] is True
    assert out["result"]["medals"] == {"axis": 1, "allies": 1}


def test_air_sortie_and_air_move_asks() -> None:
    out = answer(ap([], {"air_sortie": {"side": "allies"}}))["air_sortie"]
    assert out["effect"] == "new_sortie" and "A9" in out["entry_hexes"]
    units = [u("p1", "allies", "airplane", "A5", model="spitfire", airborne=True)]
    move = answer(ap(units, {"air_move": {"plane": "p1", "path": ["A5", "B5"],
                                          "entering": True}}))["air_move"]
    assert move["allowed"] is True and move["end"] == "B5"


def test_deploy_strategic_bombing_and_withdraw_asks() -> None:
    out = answer(fp([], {"deploy": {"side": "axis", "type": "bomber", "order": "tactic"}}))
    assert out["deploy"]["allowed"] is False
    units = [u("b1", "allies", "bomber", "E5", airborne=True)]
    bomb = answer(fp(units, {"strategic_bombing": {"plane": "b1"}}, ["grenade"]))
    assert bomb["strategic_bombing"]["result"] == {"medal_claimed": True}
    empty = [u("f1", "allies", "fighter", "E5", airborne=True,
               ammo={"machine_gun": 0, "bomb": 0})]
    assert answer(fp(empty, {"withdraw": {"plane": "f1"}}))["withdraw"]["must"] is True


# --- errors -------------------------------------------------------------------------------

def test_air_ask_needs_matching_air_rules() -> None:
    q = fp([u("a1", "allies", "infantry", "E5")], {"air_check": {"plane": "a1"}})
    assert error(q)["field"] == "rules.air"


def test_unknown_air_combat_card_is_an_error() -> None:
    q = fp(BOOM, {"attack_run": {"plane": "fb", "markers": MARKERS[:1], "card": "Nope"}})
    err = error(q)
    assert err["field"] == "ask.attack_run.card" and "Boom & Zoom" in err["message"]


def test_wrong_dice_count_is_an_error() -> None:
    units = [u("f1", "allies", "fighter", "E5", airborne=True),
             u("b1", "axis", "bomber", "F5", airborne=True)]
    err = error(fp(units, {"dogfight": {"plane": "f1", "target": "b1"}}, ["grenade"] * 7))
    assert err["field"] == "dice" and "7" in err["message"]


def test_attack_run_needs_one_list_per_marker() -> None:
    q = fp(BOOM, {"attack_run": {"plane": "fb", "markers": MARKERS,
                                 "path": ["E5", "F5", "G5", "H5"], "deploying": True}},
           [["infantry"], ["grenade"]])
    assert error(q)["field"] == "dice"


@pytest.mark.parametrize("ask, field", [
    ({"attack_run": {"plane": "zz", "markers": MARKERS}}, "ask.attack_run.plane"),
    ({"attack_run": {"plane": "fb", "markers": [{"hex": "E5", "ammo": "rockets"}]}},
     "ask.attack_run.markers.0.ammo"),
    ({"attack_run": {"plane": "fb", "markers": [{"hex": "E4", "ammo": "bomb"}]}},
     "ask.attack_run.markers.0.hex"),
    ({"attack_run": {"plane": "fb", "markers": MARKERS, "speed": 3}}, "ask.attack_run.speed"),
    ({"confirm": {"target": "x1"}}, "dice"),
    ({"dogfight": {"plane": "fb"}}, "ask.dogfight.target"),
])
def test_bad_air_asks_name_the_field(ask: dict[str, Any], field: str) -> None:
    assert error(fp(BOOM, ask))["field"] == field


def test_confirm_on_a_landed_air_unit_is_an_error() -> None:
    units = [u("b1", "axis", "bomber", "F5", airborne=False)]
    err = error(fp(units, {"confirm": {"target": "b1"}}, ["grenade"]))
    assert err["field"] == "ask.confirm.target"


def test_cli_answers_an_air_ask_and_reports_errors_without_traceback() -> None:
    q = fp([u("b1", "axis", "bomber", "F5", airborne=True)], {"confirm": {"target": "b1"}},
           ["grenade"])
    ok = subprocess.run([sys.executable, "-m", "companion", "rules", "-"], input=json.dumps(q),
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["confirm"]["shot_down"] is True
    q["dice"] = ["grenade", "bazooka"]
    bad = subprocess.run([sys.executable, "-m", "companion", "rules", "-"], input=json.dumps(q),
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert json.loads(bad.stdout)["error"]["field"] == "dice.1"


def test_air_pack_airplane_needs_a_known_model() -> None:
    q = ap([u("x1", "axis", "infantry", "F5"),
            u("p1", "allies", "airplane", "E5", model="concorde", airborne=True)],
           {"air_check": {"plane": "p1"}})
    err = error(q)
    assert err["field"] == "units.1.model" and "spitfire" in err["message"]


# --- a refused battle against an air unit says what the attacker sees -----------------------
# The battle answer's `line_of_sight` is said whatever refuses the battle (docs/rules-referee.md,
# "battle": true next to the target and for a unit that needs none, otherwise the line from hex
# to hex as the `line_of_sight` ask draws it). The air refusals (`air.targets._refuse`) said
# false in every case, next to the target and in plain view alike.

def _battle(query: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = answer(query)["battle"]
    return out


def test_refused_battle_on_a_flying_airplane_next_to_it_sees_it() -> None:
    # Air Pack: "Airborne Airplanes ... may not be targeted" by ground units: refused, but the
    # airplane is adjacent, and an adjacent target is always in sight
    q = ap([u("a1", "allies", "infantry", "F5"),
            u("p1", "axis", "airplane", "G5", model="bf109", airborne=True)],
           {"battle": {"attacker": "a1", "target": "p1"}})
    out = _battle(q)
    assert out["allowed"] is False and out["distance"] == 1
    assert out["close_assault"] is True and out["line_of_sight"] is True


def test_refused_battle_on_a_flying_airplane_reads_the_line_in_between() -> None:
    plane = u("p1", "axis", "airplane", "G5", model="bf109", airborne=True)
    clear = _battle(ap([u("a1", "allies", "infantry", "E5"), plane],
                       {"battle": {"attacker": "a1", "target": "p1"}}))
    assert clear["allowed"] is False and clear["distance"] == 2
    assert clear["line_of_sight"] is True  # nothing stands on F5
    blocked = _battle(ap([u("a1", "allies", "infantry", "E5"), plane],
                         {"battle": {"attacker": "a1", "target": "p1"}},
                         terrain=[{"hex": "F5", "type": "forest"}]))
    assert blocked["allowed"] is False and blocked["line_of_sight"] is False
    sight = answer(ap([u("a1", "allies", "infantry", "E5"), plane],
                      {"line_of_sight": {"from": "E5", "to": "G5"}},
                      terrain=[{"hex": "F5", "type": "forest"}]))["line_of_sight"]
    assert sight["clear"] is blocked["line_of_sight"]


def test_refused_battle_on_a_carrier_plane_reads_the_line_and_artillery_needs_none() -> None:
    # a plane parked on its aircraft carrier: "attack the carrier instead" (refused); armor three
    # hexes away behind a town does not see it, artillery needs no line of sight
    units = [u("p1", "axis", "airplane", "G5", model="bf109", airborne=False),
             u("t1", "allies", "armor", "A5"), u("g1", "allies", "artillery", "a6")]
    terrain = [{"hex": "G5", "type": "aircraft_carrier"}, {"hex": "E5", "type": "town"}]
    armor = _battle(ap(units, {"battle": {"attacker": "t1", "target": "p1"}}, terrain=terrain))
    assert armor["allowed"] is False and armor["line_of_sight"] is False
    terrain_clear = [{"hex": "G5", "type": "aircraft_carrier"}]
    armor2 = _battle(ap(units, {"battle": {"attacker": "t1", "target": "p1"}}, terrain=terrain_clear))
    assert armor2["allowed"] is False and armor2["line_of_sight"] is True
    art = _battle(ap(units, {"battle": {"attacker": "g1", "target": "p1"}}, terrain=terrain))
    assert art["allowed"] is False and art["line_of_sight"] is True
