"""Command cards in a battle with an air unit, and ground-to-air against a landed air unit
(session 9 air audit, branch auditair2).

Seed 001 (New Flight Plan), Ground to Air Combat: "An Infantry or Armor ground unit must be in
an adjacent hex to battle an enemy flying air unit ... Artillery or Destroyers battle an air unit
with 1 additional die (4 dice) ... standard close assault rules apply: ... Some cards such as
Armor Assault or Close Assault may be used, while others such as Firefight may not (Artillery can
still use Firefight if it is two hexes away)." Downing an Enemy Air Unit: "Any hits against a
flying air unit (usually, grenades) must be confirmed." Air Unit Landing: "When on the ground, an
air unit is targeted and attacked like a regular ground unit. A unit does not need to be adjacent
to attack a plane (see Ground to Air rule section), as long as it is in range. Any grenade or flag
will score a hit against a landed air unit, destroying it immediately."
Seed 000 (Air Pack), Airplane Losses: "an Airplane that is flying is never attacked directly."

Before this audit a battle that named a card skipped the air rules (the card-aware ask called the
ordinary check), and ``ground_to_air`` refused every landed target.
"""

from __future__ import annotations

from typing import Any

from companion.rules.referee import answer

FP = {"air": "flight-plan"}
AP = {"air": "air-pack"}


def _battle(rules: dict[str, Any], att: str, att_hex: str, target: dict[str, Any],
            card: str | None, dice: list[str] | None = None) -> dict[str, Any]:
    q: dict[str, Any] = {"rules": rules, "units": [{"id": "a1", "side": "allies", "type": att,
                                                    "hex": att_hex}, target],
                         "ask": {"battle": {"attacker": "a1", "target": "p1", "card": card}}}
    if dice is not None:
        q["dice"] = dice
    return answer(q)


def _fighter(hex_name: str, airborne: bool = True) -> dict[str, Any]:
    return {"id": "p1", "side": "axis", "type": "fighter", "hex": hex_name, "airborne": airborne}


def test_a_card_never_lets_infantry_or_armor_fire_at_a_flying_air_unit_two_hexes_away() -> None:
    for kind in ("infantry", "armor"):
        for card in ("firefight", "attack_center"):
            out = _battle(FP, kind, "G5", _fighter("I5"), card)["battle"]
            assert out["allowed"] is False and out["dice"] == 0, (kind, card)
            assert "adjacent" in out["reason"]


def test_firefight_adds_its_die_to_the_artillery_four_dice_two_hexes_away() -> None:
    out = _battle(FP, "artillery", "G5", _fighter("I5"), "firefight")["battle"]
    assert out["allowed"] is True and out["dice"] == 5
    plain = _battle(FP, "artillery", "G5", _fighter("I5"), None)["battle"]
    assert plain["dice"] == 4


def test_armor_assault_and_close_assault_add_a_die_and_hits_still_need_confirming() -> None:
    assert _battle(FP, "armor", "G5", _fighter("H5"), "armor_assault")["battle"]["dice"] == 4
    out = _battle(FP, "infantry", "G5", _fighter("H5"), "close_assault",
                  ["grenade", "grenade", "infantry", "flag"])
    assert out["battle"]["dice"] == 4
    result = out["result"]
    assert result["confirm_dice"] == 2 and result["eliminated"] is False
    assert result["figures_removed"] == 0 and result["medals"] == {"allies": 0, "axis": 0}


def test_an_airborne_air_pack_airplane_is_never_attacked_even_with_a_card() -> None:
    plane = {"id": "p1", "side": "axis", "type": "airplane", "model": "me109", "hex": "H5",
             "airborne": True}
    for att, card in (("infantry", "close_assault"), ("armor", "armor_assault")):
        out = _battle(AP, att, "G5", plane, card)["battle"]
        assert out["allowed"] is False and "never attacked" in out["reason"]
    plane["hex"] = "I5"
    assert _battle(AP, "artillery", "G5", plane, "firefight")["battle"]["allowed"] is False


def test_ground_to_air_against_a_landed_air_unit_uses_the_ground_range_and_a_flag_destroys_it() -> None:
    def g2a(att: str, att_hex: str, dice: list[str] | None = None) -> dict[str, Any]:
        q: dict[str, Any] = {"rules": FP, "units": [
            {"id": "a1", "side": "allies", "type": att, "hex": att_hex}, _fighter("J5", False)],
            "terrain": [{"hex": "J5", "type": "airfield", "owner": "axis"}],
            "ask": {"ground_to_air": {"attacker": "a1", "target": "p1"}}}
        if dice is not None:
            q["dice"] = dice
        return answer(q)["ground_to_air"]

    far = g2a("infantry", "G5")
    assert far["allowed"] is True and far["dice"] == 1 and far["landed_target"] is True
    assert g2a("armor", "G5")["dice"] == 3
    assert g2a("infantry", "I5", ["flag", "star", "armor"])["destroyed"] is True
    assert g2a("infantry", "I5", ["star", "armor", "armor"])["destroyed"] is False
    # the same numbers as the battle ask
    battle = _battle(FP, "infantry", "G5", _fighter("J5", False), None)["battle"]
    assert battle["dice"] == far["dice"]


def test_a_new_flight_plan_air_unit_holds_no_objective_and_scores_no_exit_flying_or_landed() -> None:
    """Seed 001, Objectives: "An air unit may neither take an objective medal, nor score an Exit
    medal." The victory ask used to count a landed air unit on its objective, and offered an
    exit to any air unit standing on an exit hex."""
    objectives = [{"id": "town", "kind": "temporary", "hexes": ["F5"], "side": "allies"},
                  {"id": "br", "kind": "permanent", "hexes": ["F5"], "side": "allies"},
                  {"id": "out", "kind": "exit", "hexes": ["F5"], "side": "allies"}]
    for airborne in (True, False):
        out = answer({"rules": FP, "units": [
            {"id": "p1", "side": "allies", "type": "fighter", "hex": "F5", "airborne": airborne}],
            "terrain": [{"hex": "F5", "type": "airfield", "owner": "allies"}],
            "ask": {"victory": {"target": 6, "active": "allies", "objectives": objectives}}})["victory"]
        assert out["medals"]["allies"]["temporary"] == 0 and out["medals"]["allies"]["permanent"] == 0
        assert out["permanent"] == {} and out["may_exit"] == []
    ground = answer({"rules": FP, "units": [
        {"id": "a1", "side": "allies", "type": "infantry", "hex": "F5"}],
        "ask": {"victory": {"target": 6, "active": "allies", "objectives": objectives}}})["victory"]
    assert ground["medals"]["allies"]["temporary"] == 1 and ground["may_exit"] == ["a1"]


def test_japanese_infantry_gets_no_banzai_move_nor_close_assault_die_against_an_air_unit() -> None:
    """Seed 001, Nation Command Rules: "Air units cannot be targeted by Nation Command Rules ...
    Japanese Infantry units cannot use their Seishin Kyoiku Doctrine or Banzai War Cry to charge
    an air unit." Against a ground unit the same infantry keeps both."""
    def ask(target: dict[str, Any], moved: int, kind: str = "battle") -> dict[str, Any]:
        body = {"attacker": "a1", "target": target["id"]}
        return answer({"rules": FP, "units": [
            {"id": "a1", "side": "axis", "type": "infantry", "hex": "H5", "nation": "jp",
             "moved": moved}, target],
            "terrain": [{"hex": "I5", "type": "airfield", "owner": "allies"}],
            "ask": {kind: body}})[kind]

    flying = {"id": "p1", "side": "allies", "type": "fighter", "hex": "I5", "airborne": True}
    landed = dict(flying, airborne=False)
    ground = {"id": "g1", "side": "allies", "type": "infantry", "hex": "I5"}
    for target in (flying, landed):
        assert ask(target, 0)["dice"] == 3  # no Yamato Damashii die at full strength
        assert ask(target, 2)["allowed"] is False  # no Banzai charge
    assert ask(flying, 2, "ground_to_air")["allowed"] is False
    assert ask(ground, 0)["dice"] == 4 and ask(ground, 2)["allowed"] is True


def test_an_air_pack_airplane_takes_off_or_enters_only_while_no_other_of_its_side_flies() -> None:
    """Seed 000: "In any given turn, there can only ever be a maximum of one airborne Airplane
    unit on the battlefield for each player"; on the ground: "The limit of one airborne Airplane
    for each side at any given time still applies, though!" The enemy's airplane does not count."""
    def move(flying_side: str, entering: bool = False) -> dict[str, Any]:
        grounded = {"id": "p2", "side": "allies", "type": "airplane", "model": "p38",
                    "hex": "A5" if entering else "H5", "airborne": entering}
        return answer({"rules": AP, "units": [
            {"id": "p1", "side": flying_side, "type": "airplane", "model": "p40", "hex": "C1",
             "airborne": True}, grounded],
            "terrain": [{"hex": "H5", "type": "airfield", "owner": "allies"}],
            "ask": {"air_move": {"plane": "p2", "path": ["A5", "B5"] if entering else ["I5", "J5"],
                                 "entering": entering}}})["air_move"]

    assert move("allies")["allowed"] is False and "one airborne" in move("allies")["reason"]
    assert move("allies", entering=True)["allowed"] is False
    assert move("axis")["allowed"] is True and move("axis", entering=True)["allowed"] is True


def test_ground_to_air_with_close_assault_keeps_the_cards_limits() -> None:
    """Seed 001, Close Assault: "may be used by a ground unit to target an adjacent air unit with
    an additional die"; the card itself orders infantry and armor next to an enemy that do not
    move first (docs/rules-cards.md). The battle ask already refused what the card forbids."""
    def g2a(kind: str, moved: int = 0, target_hex: str = "H5") -> dict[str, Any]:
        return answer({"rules": FP, "units": [
            {"id": "a1", "side": "allies", "type": kind, "hex": "G5", "moved": moved},
            _fighter(target_hex)],
            "ask": {"ground_to_air": {"attacker": "a1", "target": "p1", "card": "Close Assault"}}}
        )["ground_to_air"]

    assert g2a("infantry")["dice"] == 4 and g2a("armor")["dice"] == 4
    assert g2a("infantry", moved=1)["allowed"] is False
    assert g2a("artillery")["allowed"] is False
    assert g2a("infantry", target_hex="I5")["allowed"] is False
