"""Camouflage (Actions 16), as bga-memoir's camouflage card says it: "A camouflaged unit may only
be targeted in a Close Assault"; "A Camouflaged unit that moves or battles lose its Camouflage"
(the second half is the game's: tests/game/test_trucks_and_exits.py)."""

from __future__ import annotations

from typing import Any

from companion.rules.battle import battle_check
from companion.rules.board import Side
from companion.rules.cards import direct_attack_check
from companion.rules.referee import answer_or_error, position_from_json


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


CAMO = ["camouflaged"]


def test_a_camouflaged_unit_may_only_be_targeted_in_a_close_assault() -> None:
    pos = position_from_json({"units": [
        unit("a1", "allies", "infantry", "F3"), unit("a2", "allies", "artillery", "F1"),
        unit("a3", "allies", "infantry", "e4"),
        unit("x1", "axis", "infantry", "F5", badges=CAMO),
        unit("x2", "axis", "infantry", "H5")]})
    ranged = battle_check(pos, "a1", "x1")  # two hexes away
    assert not ranged.allowed and "camouflaged" in (ranged.reason or "")
    assert not battle_check(pos, "a2", "x1").allowed  # artillery neither
    assert battle_check(pos, "a1", "x2").allowed  # an uncamouflaged unit as usual
    assert battle_check(pos, "a3", "x1").allowed  # adjacent: a close assault


def test_a_card_attack_is_no_close_assault_on_a_camouflaged_unit() -> None:
    pos = position_from_json({"units": [
        unit("a1", "allies", "infantry", "A1"),
        unit("x1", "axis", "infantry", "F5", badges=CAMO), unit("x2", "axis", "infantry", "H5")]})
    assert not direct_attack_check("barrage", pos, Side.ALLIES, "x1").allowed
    assert direct_attack_check("barrage", pos, Side.ALLIES, "x2").allowed


def test_the_referee_reads_the_camouflaged_badge() -> None:
    code, out = answer_or_error({"units": [
        unit("a1", "allies", "infantry", "F3"),
        unit("x1", "axis", "infantry", "F5", badges=CAMO)],
        "ask": {"battle": {"attacker": "a1", "target": "x1"}}})
    assert code == 0 and out["battle"]["allowed"] is False
    assert "close assault" in out["battle"]["reason"]


# No air attack is a close assault: New Flight Plan, Close Assault card: it "may not, however,
# be used by an air unit against a ground unit" (seed 001). So a camouflaged unit is no target
# for an attack run's marker, strafing or a kamikaze dive, even from the next hex.

def test_an_attack_runs_marker_may_not_go_on_a_camouflaged_unit() -> None:
    def run(badges: list[str]) -> dict[str, Any]:
        code, out = answer_or_error({"units": [
            unit("p1", "allies", "fighter_bomber", "E5", airborne=True),
            unit("x1", "axis", "infantry", "F5", badges=badges)],
            "ask": {"attack_run": {"plane": "p1", "markers": [{"hex": "F5", "ammo": "machine_gun"}]}},
            "rules": {"air": "flight-plan"}})
        assert code == 0
        return dict(out["attack_run"])
    hidden, seen = run(CAMO), run([])
    assert hidden["allowed"] is False and "camouflaged" in hidden["reason"]
    assert seen["allowed"] is True and seen["targets"] == ["x1"]


def test_strafing_rolls_no_die_against_a_camouflaged_unit() -> None:
    code, out = answer_or_error({"units": [
        unit("p1", "allies", "airplane", "G5", model="spitfire", airborne=True),
        unit("x1", "axis", "infantry", "F5", badges=CAMO), unit("x2", "axis", "armor", "f6"),
        unit("x3", "axis", "infantry", "g6", badges=CAMO)],
        "ask": {"strafe": {"plane": "p1", "hexes": ["F5", "f6", "g6"]}}, "rules": {"air": "air-pack"}})
    assert code == 0
    assert out["strafe"]["allowed"] is True and out["strafe"]["targets"] == ["x2"]
    assert out["strafe"]["dice"] == 1
    assert any("camouflaged" in line for line in out["strafe"]["explain"])
    code, out = answer_or_error({"units": [
        unit("p1", "allies", "airplane", "G5", model="spitfire", airborne=True),
        unit("x1", "axis", "infantry", "F5", badges=CAMO)],
        "ask": {"strafe": {"plane": "p1", "hexes": ["F5"]}}, "rules": {"air": "air-pack"}})
    assert code == 0 and out["strafe"]["allowed"] is False


def test_a_kamikaze_may_not_dive_on_a_camouflaged_unit() -> None:
    def dive(badges: list[str]) -> dict[str, Any]:
        code, out = answer_or_error({"units": [
            unit("p1", "axis", "airplane", "G5", model="zero", airborne=True),
            unit("x1", "allies", "infantry", "g4", badges=badges)],
            "ask": {"kamikaze": {"plane": "p1", "target": "x1"}}, "rules": {"air": "air-pack"}})
        assert code == 0
        return dict(out["kamikaze"])
    assert dive(CAMO)["allowed"] is False and "camouflaged" in dive(CAMO)["reason"]
    assert dive([])["allowed"] is True
