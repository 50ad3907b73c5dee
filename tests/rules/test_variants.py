"""Nation rules and scenario options as rule variants (companion/rules/variants.py), each
built from its rule text (docs/rules-sources.md), through the rules core, the referee and a
scenario."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.battle import (
    BattleError,
    battle_back_check,
    battle_check,
    ignorable_flags,
    resolve_battle,
    resolve_battle_back,
)
from companion.rules.board import Side
from companion.rules.movement import move_destinations
from companion.rules.position import Position
from companion.rules.referee import QueryError, answer, position_from_json
from companion.rules.variants import VARIANTS, VariantError, unit_spec
from companion.scenarios import import_m44, to_position
from companion.scenarios.check import problems


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def position(*units: dict[str, Any], variants: Any = None) -> Position:
    rules = {} if variants is None else {"variants": variants}
    return position_from_json({"units": list(units), "rules": rules})


def test_blitz_slows_allied_armor_to_two_hexes_and_not_axis_armor() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"), unit("x1", "axis", "armor", "F7"),
                   variants=["blitz"])
    assert (pos.units["a1"].spec.move, pos.units["a1"].spec.move_and_battle) == (2, 2)
    assert pos.units["x1"].spec.move == 3
    reach = {pos.board.name(h) for h in move_destinations(pos, "a1")}
    assert "F5" in reach and "F9" not in reach and "G6" not in reach


def test_partial_blitz_slows_the_side_it_names() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"), unit("x1", "axis", "armor", "F7"),
                   variants={"partial_blitz": "axis"})
    assert pos.units["x1"].spec.move == 2 and pos.units["a1"].spec.move == 3


def test_italian_royal_army_retreats_up_to_three_and_its_artillery_ignores_a_flag() -> None:
    pos = position(unit("x1", "axis", "infantry", "F5", nation="it"),
                   unit("x2", "axis", "artillery", "H5", nation="it"),
                   unit("x3", "axis", "infantry", "K5", nation="ger"),
                   variants=["italian_royal_army"])
    assert pos.units["x1"].spec.retreat_hexes == 3
    assert ignorable_flags(pos, pos.units["x2"]) == 1
    assert pos.units["x3"].spec.retreat_hexes == 1
    # without the option, Italians are as everyone
    plain = position(unit("x1", "axis", "infantry", "F5", nation="it"))
    assert plain.units["x1"].spec.retreat_hexes == 1


def test_japanese_infantry_ignores_a_flag_and_gains_a_die_in_close_assault_at_full_strength() -> None:
    pos = position(unit("x1", "axis", "infantry", "F5", nation="jp"),
                   unit("a1", "allies", "infantry", "f4"))
    x1 = pos.units["x1"]
    assert ignorable_flags(pos, x1) == 1
    assert battle_check(pos, "x1", "a1").dice == 4  # 3 + 1 at full strength
    weak = position(unit("x1", "axis", "infantry", "F5", nation="jp", figures=3),
                    unit("a1", "allies", "infantry", "f4"))
    assert battle_check(weak, "x1", "a1").dice == 3
    assert unit_spec("infantry", Side.AXIS, "jp").close_assault_after_move == 2  # Banzai
    assert unit_spec("infantry", Side.AXIS, "jp").move_and_battle == 1  # ranged: as infantry
    assert unit_spec("sniper", Side.AXIS, "jp").ignore_flags == 0  # not snipers


def test_japanese_banzai_two_hexes_then_a_close_assault_only() -> None:
    """memoir44 wikia "Japanese Imperial Army": "Infantry may move 2 hexes and battle, if it engages
    in Close Assault"; bga-memoir: no Banzai for an early-war Special Weapon Asset (audit cases
    nat9-jp-banzai-*, nat9-jp-early-anti-tank-moved-no-battle)."""
    near = position(unit("x1", "axis", "infantry", "G5", nation="jp", moved=2),
                    unit("a1", "allies", "infantry", "g4"))
    check = battle_check(near, "x1", "a1")
    assert check.allowed and check.dice == 4
    far = position(unit("x1", "axis", "infantry", "G5", nation="jp", moved=2),
                   unit("a1", "allies", "infantry", "G3"))
    refused = battle_check(far, "x1", "a1")
    assert not refused.allowed and "close assault" in (refused.reason or "")
    one = position(unit("x1", "axis", "infantry", "G5", nation="jp", moved=1),
                   unit("a1", "allies", "infantry", "G3"))
    assert battle_check(one, "x1", "a1").dice == 2  # a 1-hex move: any range, as infantry
    three = position(unit("x1", "axis", "infantry", "G5", nation="jp", moved=3),
                     unit("a1", "allies", "infantry", "g4"))
    assert not battle_check(three, "x1", "a1").allowed
    gun = position(unit("x1", "axis", "anti_tank", "G5", nation="jp", moved=2),
                   unit("a1", "allies", "armor", "g4"))
    assert not battle_check(gun, "x1", "a1").allowed  # move or battle: no Banzai
    plain = position(unit("x1", "axis", "infantry", "G5", moved=2),
                     unit("a1", "allies", "infantry", "g4"))
    assert not battle_check(plain, "x1", "a1").allowed  # not Japanese


def test_british_unit_left_with_one_figure_battles_back() -> None:
    pos = position(unit("a1", "allies", "infantry", "F5", nation="brit"),
                   unit("x1", "axis", "infantry", "f6"))
    result = resolve_battle(pos, "x1", "a1", ["infantry", "infantry", "grenade"])
    assert result.figures_removed == 3 and result.battle_back
    two = resolve_battle(pos, "x1", "a1", ["infantry", "infantry", "armor"])
    assert not two.battle_back  # 2 figures left
    weak = position(unit("a1", "allies", "infantry", "F5", nation="brit", figures=3),
                    unit("x1", "axis", "infantry", "f6"))
    gone = resolve_battle(weak, "x1", "a1", ["infantry", "infantry", "grenade"])
    assert gone.eliminated and not gone.battle_back
    fled = resolve_battle(weak, "x1", "a1", ["infantry", "infantry", "flag"])
    assert fled.retreat and not fled.battle_back
    us = position(unit("a1", "allies", "infantry", "F5", nation="us"),
                  unit("x1", "axis", "infantry", "f6"))
    assert not resolve_battle(us, "x1", "a1", ["infantry"] * 3).battle_back


def test_the_battle_back_throws_one_die_at_the_assaulter_whatever_the_terrain() -> None:
    # bga-memoir actBattleBack: "battles back with 1 die" at the assaulting unit; its hits and
    # flags as in any battle; nobody takes ground after it and it is not battled back in turn
    assert {"brit", "gb"} <= VARIANTS["british_commonwealth"].always_for_nations
    pos = position(unit("a1", "allies", "infantry", "F5", nation="brit", figures=1),
                   unit("x1", "axis", "infantry", "f6", nation="brit", figures=2))
    check = battle_back_check(pos, "a1", "x1")
    assert check.allowed and check.dice == 1 and check.close_assault
    hit = resolve_battle_back(pos, "a1", "x1", ["infantry"])
    assert hit.figures_removed == 1 and not hit.eliminated
    # the assaulter, British too and left with 1 figure, does not answer the battle back
    assert not hit.battle_back and not hit.take_ground and not hit.armor_overrun
    assert resolve_battle(pos, "a1", "x1", ["infantry", "star", "star"]).battle_back  # a battle would
    flag = resolve_battle_back(pos, "a1", "x1", ["flag"])
    assert flag.retreat and not flag.take_ground  # the assaulter is pushed back, no one advances
    kill = resolve_battle_back(position(unit("a1", "allies", "infantry", "F5", nation="brit"),
                                        unit("x1", "axis", "infantry", "f6", figures=1)),
                               "a1", "x1", ["grenade"])
    assert kill.eliminated and kill.medals[Side.ALLIES] == 1 and not kill.take_ground
    with pytest.raises(BattleError, match="1 are due"):
        resolve_battle_back(pos, "a1", "x1", ["infantry", "infantry"])
    far = position(unit("a1", "allies", "infantry", "F5", nation="brit", figures=1),
                   unit("x1", "axis", "infantry", "F7"))
    assert not battle_back_check(far, "a1", "x1").allowed  # it answers a close assault only


def test_the_battle_back_die_is_not_reduced_by_the_assaulters_terrain() -> None:
    pos = position_from_json({"units": [
        unit("a1", "allies", "infantry", "F5", nation="brit", figures=1),
        unit("x1", "axis", "infantry", "f6")], "terrain": [{"hex": "f6", "type": "forest"}]})
    assert battle_check(pos, "a1", "x1").dice == 2  # a battle into the forest: 3 - 1
    assert battle_back_check(pos, "a1", "x1").dice == 1


def test_the_referee_takes_variants_and_names_unknown_ones() -> None:
    q = {"rules": {"variants": ["blitz"]}, "units": [unit("a1", "allies", "armor", "F3")],
         "ask": {"move": {"unit": "a1"}}}
    hexes = {d["hex"] for d in answer(q)["move"]["destinations"]}
    assert "F7" not in hexes
    q["rules"] = {"variants": ["zeppelins"]}
    with pytest.raises(QueryError) as info:
        answer(q)
    assert info.value.field == "rules.variants"
    with pytest.raises(VariantError):
        unit_spec("infantry", Side.AXIS, None, ("zeppelins",))


def test_a_scenario_option_becomes_the_units_variant_and_check_names_what_is_not_played() -> None:
    s = import_m44({"board": {"hexagons": [
        {"row": 0, "col": 0, "unit": {"name": "tankus"}},
        {"row": 8, "col": 0, "unit": {"name": "tankger"}}]},
        "game_info": {"side_player1": "ALLIES", "side_player2": "AXIS",
                      "options": {"blitz_rules": True, "russian_commissar_rule": "ALLIES"}}})
    pos = to_position(s)
    allied = next(u for u in pos.units.values() if u.side is Side.ALLIES)
    assert allied.spec.move == 2
    msgs = [str(p) for p in problems(s)]
    # both are played by the game now (companion.game.ruleflows): check names neither
    assert not any("Political Commissar" in m for m in msgs)
    assert not any("Recon card as Air Power" in m for m in msgs)
    s.variants["supply_train"] = ""  # played by the game now (companion.rules.trains)
    assert not any("supply train" in str(p) for p in problems(s))


def test_every_variant_has_a_source_and_says_what_it_does() -> None:
    for v in VARIANTS.values():
        assert v.source and (v.unit_changes or v.side_rules or v.not_played or v.played_by
                             or v.plays_as), v.name


NOT_PLAYED: list[str] = []  # every option is played now (the supply train the last)


def test_the_list_of_options_not_played_is_complete() -> None:
    computed = sorted(n for n, v in VARIANTS.items() if v.not_played and not v.always_for_nations)
    assert computed == NOT_PLAYED


def test_scenario_check_names_an_option_it_does_not_play(monkeypatch: pytest.MonkeyPatch) -> None:
    # no option of the editor's is left unplayed now; one that a later editor adds goes in
    # the table with ``not_played`` and is said by name, as this stand-in is
    from companion.rules.variants import RuleVariant

    name = "a_later_option"
    monkeypatch.setitem(VARIANTS, name, RuleVariant(name, "A later option",
                                                    not_played="what it asks", source="a test"))
    s = import_m44({"board": {"hexagons": [
        {"row": 0, "col": 0, "unit": {"name": "infger"}},
        {"row": 8, "col": 0, "unit": {"name": "infus"}}]}})
    s.variants = {name: ""}
    found = [p for p in problems(s) if p.severity == "error"]
    assert [p.message for p in found] == ["A later option: what it asks is not played"]


def test_nation_rules_apply_without_an_option() -> None:
    # the Japanese and British rules come with the nation (bga-memoir loadScenario)
    assert "jp" in VARIANTS["imperial_japanese_army"].always_for_nations
    assert "brit" in VARIANTS["british_commonwealth"].always_for_nations
    assert unit_spec("infantry", Side.ALLIES, "brit").battles_back_at_one_figure
    assert unit_spec("infantry", Side.AXIS, "jp").close_assault_bonus_at_full_strength == 1


def test_unit_behaviours_armor_move_two_and_ignore_one_flag() -> None:
    pos = position(unit("a1", "allies", "elite_armor", "F3"), unit("x1", "axis", "infantry", "F7"))
    pos.units["a1"].variants = ("armor_move_two",)
    pos.units["x1"].variants = ("ignore_one_flag",)
    assert pos.units["a1"].spec.move == 2
    assert ignorable_flags(pos, pos.units["x1"]) == 1


def test_unit_behaviour_two_medals_gives_two_medals_when_the_unit_is_eliminated() -> None:
    # 5 Mont Mouchet: "Eliminating an Axis tank unit counts as two victory medals"
    # (GERMAN_2VICTANK, bga-memoir Units/EliteArmor.php getMedalsWorth)
    pos = position(unit("a1", "allies", "infantry", "F5"),
                   unit("x1", "axis", "elite_armor", "G5", figures=1),
                   unit("x2", "axis", "elite_armor", "f6", figures=1))
    pos.units["x1"].variants = ("two_medals",)
    assert pos.units["x1"].spec.medal_worth == 2 and pos.units["x2"].spec.medal_worth == 1
    two = resolve_battle(pos, "a1", "x1", ["armor", "armor", "armor"])
    one = resolve_battle(pos, "a1", "x2", ["armor", "armor", "armor"])
    assert two.eliminated and two.medals[Side.ALLIES] == 2
    assert one.eliminated and one.medals[Side.ALLIES] == 1


def test_the_editors_german_2victank_is_the_two_medals_variant() -> None:
    s = import_m44({"board": {"type": "STANDARD", "face": "COUNTRY", "hexagons": [
        {"row": 0, "col": 0, "unit": {"name": "tank2ger", "behavior": "GERMAN_2VICTANK",
                                      "badge": "badge4"}},
        {"row": 0, "col": 2, "unit": {"name": "tank2ger", "badge": "badge4"}},
        {"row": 8, "col": 0, "unit": {"name": "infus"}}]},
        "game_info": {"side_player1": "AXIS", "side_player2": "ALLIES"}})
    assert not [p for p in problems(s) if p.severity == "error"]
    worth = sorted(u.spec.medal_worth for u in to_position(s).units.values()
                   if u.side is Side.AXIS)
    assert worth == [1, 2]


def _marines(*extra: dict[str, Any], variants: Any = None) -> Position:
    # five Allied infantry units in their left section (A1-D1 and A2: columns A-D are the left
    # section for the player at the bottom) and two Axis units in the Axis left section
    allied = [unit(f"a{i}", "allies", "infantry", h, nation="us")
              for i, h in enumerate(("A1", "B1", "C1", "D1", "A3"), 1)]
    axis = [unit("x1", "axis", "infantry", "L9"), unit("x2", "axis", "infantry", "M9")]
    return position(*allied, *axis, *extra, variants=variants)


def test_gung_ho_a_section_card_orders_one_more_marine_unit() -> None:
    from companion.rules.orders import check_orders

    five = ["a1", "a2", "a3", "a4", "a5"]
    plain = check_orders(_marines(), "attack_left", Side.ALLIES, five)
    assert plain.orders_available == 3 and len(plain.valid) == 3
    gung_ho = check_orders(_marines(variants=["us_marines_gung_ho"]), "attack_left",
                           Side.ALLIES, five)
    assert gung_ho.orders_available == 4 and len(gung_ho.valid) == 4
    assert any("Gung Ho" in e for e in gung_ho.explain)
    # the extra unit must stand in a section the card orders
    away = check_orders(_marines(unit("a6", "allies", "infantry", "J1", nation="us"),
                                 variants=["us_marines_gung_ho"]),
                        "attack_left", Side.ALLIES, ["a1", "a2", "a3", "a6"])
    assert "a6" not in away.valid


def test_gung_ho_is_the_marines_own_rule_and_a_set_number_of_orders_only() -> None:
    from companion.rules.orders import check_orders

    pos = _marines(variants=["us_marines_gung_ho"])
    assert check_orders(pos, "attack_left", Side.AXIS, ["x1", "x2"]).orders_available == 3
    # a Tactic card that orders a set number orders one more (Direct from HQ: 4, and 1);
    # one that orders every unit of a kind in a section orders no more (Infantry Assault)
    direct = check_orders(pos, "direct_from_hq", Side.ALLIES, ["a1", "a2", "a3", "a4", "a5"])
    assert direct.orders_available == 5 and len(direct.valid) == 5
    plain = check_orders(_marines(), "direct_from_hq", Side.ALLIES, ["a1", "a2", "a3", "a4", "a5"])
    assert plain.orders_available == 4
    assault = check_orders(pos, "infantry_assault", Side.ALLIES, ["a1", "a2", "a3", "a4", "a5"],
                           section="left")
    assert assault.orders_available == 5  # the five infantry units of the section, no more


def test_gung_ho_through_a_real_scenario_file() -> None:
    from pathlib import Path

    from companion.rules.orders import check_orders
    from companion.scenarios.m44 import load_m44

    real = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "1412-matanikau-river.m44"
    s = load_m44(real)
    assert s.variants == {"us_marines_gung_ho": ""}
    assert not [p for p in problems(s) if "Gung Ho" in p.message]
    pos = to_position(s)
    marines = [u.id for u in pos.units.values() if u.side is Side.ALLIES]
    check = check_orders(pos, "recon_center", Side.ALLIES, marines)
    assert check.orders_available == 2  # Recon 1: one unit, and one more


def test_blitz_the_axis_may_play_a_recon_1_card_as_air_power() -> None:
    from companion.rules.variants import card_plays_as

    blitz = {"blitz": ""}
    assert card_plays_as("recon_center", Side.AXIS, blitz) == ("recon_center", "air_power")
    assert card_plays_as("recon_center", Side.ALLIES, blitz) == ("recon_center",)
    assert card_plays_as("attack_left", Side.AXIS, blitz) == ("attack_left",)
    assert card_plays_as("recon_center", Side.AXIS, {}) == ("recon_center",)


def test_heavy_fog_unit_symbols_hit_only_in_close_assault_grenades_always() -> None:
    """6380's Heavy Fog: "Dice symbols rolled that match a unit being targeted only score hits
    when battling the unit in Close Assault. All Grenades rolled still score hits as normal."""
    pos = position(unit("a1", "allies", "infantry", "F3"), unit("x1", "axis", "infantry", "F5"),
                   unit("a2", "allies", "armor", "B3"), unit("x2", "axis", "armor", "b4"),
                   variants=["heavy_fog"])
    far = battle_check(pos, "a1", "x1")  # 2 hexes away
    assert far.allowed and far.hit_faces == frozenset({"grenade"})
    assert any("heavy fog" in line for line in far.explain)
    res = resolve_battle(pos, "a1", "x1", ["infantry", "grenade"][:far.dice])
    assert res.hits == (1 if far.dice > 1 else 0)
    near = battle_check(pos, "a2", "x2")  # adjacent: a close assault
    assert near.close_assault and near.hit_faces == frozenset({"grenade", "armor"})
    plain = position(unit("a1", "allies", "infantry", "F3"), unit("x1", "axis", "infantry", "F5"))
    assert battle_check(plain, "a1", "x1").hit_faces == frozenset({"grenade", "infantry"})
    # the referee answers it the same way
    q = {"units": [unit("a1", "allies", "infantry", "F3"), unit("x1", "axis", "infantry", "F5")],
         "rules": {"variants": ["heavy_fog"]}, "ask": {"battle": {"attacker": "a1", "target": "x1"}},
         "dice": ["infantry", "infantry"]}
    assert answer(q)["result"]["hits"] == 0
