"""The referee's card asks: orders, card_attack and the battle ask's card field."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from companion.rules.referee import QueryError, answer, answer_or_error


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


UNITS = [
    unit("a1", "allies", "infantry", "B1"), unit("a2", "allies", "armor", "b2"),
    unit("a3", "allies", "infantry", "G1"), unit("a4", "allies", "infantry", "F3", figures=2),
    unit("x1", "axis", "infantry", "B3"), unit("x2", "axis", "infantry", "F5"),
    unit("x3", "axis", "armor", "G5"),
]


def ask(body: dict[str, Any], dice: list[Any] | None = None, **query: Any) -> dict[str, Any]:
    q: dict[str, Any] = {"units": UNITS, "ask": body, **query}
    if dice is not None:
        q["dice"] = dice
    return answer(q)


def error(body: dict[str, Any], dice: list[Any] | None = None) -> tuple[str, str]:
    q: dict[str, Any] = {"units": UNITS, "ask": body}
    if dice is not None:
        q["dice"] = dice
    code, out = answer_or_error(q)
    assert code == 2, out
    return out["error"]["field"], out["error"]["message"]


# --- orders --------------------------------------------------------------------------------------
def test_orders_ask_reports_valid_rejected_and_lost_orders() -> None:
    out = ask({"orders": {"card": "attack_left", "side": "allies", "units": ["a1", "a2", "a3"]}})
    o = out["orders"]
    assert o["valid"] == ["a1", "a2"]
    assert o["rejected"][0]["unit"] == "a3" and "center" in o["rejected"][0]["reason"]
    assert o["orderable"] == ["a1", "a2"]
    assert o["orders_available"] == 3 and o["orders_lost"] == 1 and o["orders_unused"] == 0
    assert o["units"]["a1"]["move"] == 2 and o["units"]["a1"]["move_and_battle"] == 1


def test_orders_ask_shows_card_reach_for_each_ordered_unit() -> None:
    out = ask({"orders": {"card": "infantry_assault", "side": "allies", "units": ["a3", "a4"],
                          "section": "center"}})
    o = out["orders"]
    assert o["valid"] == ["a3", "a4"] and o["section"] == "center"
    assert o["units"]["a3"] == {"move": 3, "move_and_battle": 2, "battles": 1,
                                "move_after_battle": 0, "ignore_terrain_movement": False,
                                "extra_dice": 0}


def test_orders_ask_their_finest_hour_takes_the_roll_from_dice() -> None:
    out = ask({"orders": {"card": "their_finest_hour", "side": "allies", "units": ["a1", "a2"],
                          "hand_size": 3}}, dice=["armor", "flag", "grenade"])
    o = out["orders"]
    assert o["valid"] == ["a2"] and o["dice_ignored"] == 2 and o["units"]["a2"]["extra_dice"] == 1


def test_orders_ask_medics_reports_figures_returned() -> None:
    out = ask({"orders": {"card": "medics_and_mechanics", "side": "allies", "units": ["a4"]}},
              dice=["infantry", "star", "infantry", "armor"])
    assert out["orders"]["medics"] == {"unit": "a4", "figures_returned": 2, "figures_after": 4,
                                       "ordered": True}


def test_orders_ask_counter_attack_mirrors_the_section() -> None:
    out = ask({"orders": {"card": "counter_attack", "counters": "probe_right", "side": "allies",
                          "units": ["a1"]}})
    assert out["orders"]["card"] == "probe_left" and out["orders"]["valid"] == ["a1"]


@pytest.mark.parametrize("body, dice, field", [
    ({"card": "attack_sideways", "side": "allies"}, None, "ask.orders.card"),
    ({"card": "attack_left", "side": "germans"}, None, "ask.orders.side"),
    ({"card": "attack_left", "side": "allies", "units": ["a1", "zz"]}, None, "ask.orders.units.1"),
    ({"card": "attack_left", "side": "allies", "units": "a1"}, None, "ask.orders.units"),
    ({"card": "infantry_assault", "side": "allies"}, None, "ask.orders.section"),
    ({"card": "their_finest_hour", "side": "allies"}, None, "dice"),
    ({"card": "their_finest_hour", "side": "allies", "hand_size": 4}, ["star"], "dice"),
    ({"card": "counter_attack", "side": "allies"}, None, "ask.orders.counters"),
    ({"card": "attack_left", "side": "allies", "colour": "red"}, None, "ask.orders.colour"),
    ({"card": "attack_left"}, None, "ask.orders.side"),
])
def test_orders_ask_errors_name_the_field(body: dict[str, Any], dice: list[Any] | None, field: str) -> None:
    got_field, message = error({"orders": body}, dice)
    assert got_field == field and message


# --- battle with a card ----------------------------------------------------------------------------
def test_battle_ask_with_armor_assault_rolls_an_extra_die_in_close_assault() -> None:
    plain = ask({"battle": {"attacker": "a2", "target": "x1"}})["battle"]
    carded = ask({"battle": {"attacker": "a2", "target": "x1", "card": "armor_assault"}})["battle"]
    assert carded["dice"] == plain["dice"] + 1 and carded["card"] == "armor_assault"
    assert "odds" in carded


def test_battle_ask_with_a_card_resolves_the_dice() -> None:
    out = ask({"battle": {"attacker": "a2", "target": "x1", "card": "armor_assault"}},
              dice=["infantry", "infantry", "flag", "star"])
    assert out["result"]["hits"] == 2 and out["result"]["flags"] == 1


def test_battle_ask_close_assault_card_refuses_a_ranged_target() -> None:
    out = ask({"battle": {"attacker": "a4", "target": "x3", "card": "close_assault"}})["battle"]
    assert not out["allowed"] and out["dice"] == 0 and "adjacent" in out["reason"]


def test_battle_ask_overrun_gets_no_close_assault_bonus() -> None:
    first = ask({"battle": {"attacker": "a2", "target": "x1", "card": "close_assault"}})["battle"]
    over = ask({"battle": {"attacker": "a2", "target": "x1", "card": "close_assault",
                           "overrun": True}})["battle"]
    assert first["dice"] == over["dice"] + 1


def test_battle_ask_barrage_needs_no_attacker() -> None:
    out = ask({"battle": {"target": "x2", "card": "barrage", "side": "allies"}},
              dice=["infantry", "grenade", "flag", "armor"])
    assert out["battle"]["dice"] == 4 and out["result"]["hits"] == 2
    assert out["result"]["take_ground"] is False


def test_battle_ask_barrage_needs_a_side() -> None:
    assert error({"battle": {"target": "x2", "card": "barrage"}})[0] == "ask.battle.side"


def test_battle_ask_without_card_is_the_plain_battle() -> None:
    out = ask({"battle": {"attacker": "a1", "target": "x1", "card": None}})
    assert out["battle"]["allowed"] and out["battle"]["dice"] == 2


@pytest.mark.parametrize("body, dice, field", [
    ({"attacker": "a2", "target": "x1", "card": "armor_charge"}, None, "ask.battle.card"),
    ({"attacker": "a2", "target": "x1", "card": "counter_attack"}, None, "ask.battle.counters"),
    ({"attacker": "a2", "target": "x1", "card": "armor_assault"}, ["star"], "dice"),
    ({"target": "x1", "card": "armor_assault"}, None, "ask.battle.attacker"),
])
def test_battle_ask_card_errors_name_the_field(body: dict[str, Any], dice: list[Any] | None,
                                               field: str) -> None:
    assert error({"battle": body}, dice)[0] == field


# --- card_attack (Air Power, Barrage) ----------------------------------------------------------------
def test_card_attack_air_power_rolls_per_target_hex() -> None:
    out = ask({"card_attack": {"card": "air_power", "side": "allies", "targets": ["x2", "x3"]}},
              dice=[["star", "flag"], ["armor", "grenade"]])
    ca = out["card_attack"]
    assert ca["dice"] == [2, 2]
    assert [r["hits"] for r in ca["results"]] == [1, 2]
    assert ca["results"][0]["flags"] == 1


def test_card_attack_axis_air_power_rolls_one_die_per_hex() -> None:
    out = ask({"card_attack": {"card": "air_power", "side": "axis", "targets": ["a4"]}})
    assert out["card_attack"]["dice"] == [1]


def test_card_attack_targets_must_be_adjacent_to_each_other() -> None:
    field, message = error({"card_attack": {"card": "air_power", "side": "allies",
                                            "targets": ["x1", "x2"]}})
    assert field == "ask.card_attack.targets" and "adjacent" in message


def test_card_attack_barrage_has_one_target_and_checks_dice_per_target() -> None:
    assert error({"card_attack": {"card": "barrage", "side": "allies",
                                  "targets": ["x2", "x3"]}})[0] == "ask.card_attack.targets"
    assert error({"card_attack": {"card": "barrage", "side": "allies", "targets": ["x2"]}},
                 [["star"]])[0] == "dice.0"
    assert error({"card_attack": {"card": "attack_left", "side": "allies",
                                  "targets": ["x2"]}})[0] == "ask.card_attack.card"


def test_query_errors_are_query_errors_not_tracebacks() -> None:
    with pytest.raises(QueryError):
        ask({"orders": {"card": 7, "side": "allies"}})


def test_cli_answers_an_orders_query_and_exits_2_on_a_bad_one() -> None:
    good = {"units": UNITS, "ask": {"orders": {"card": "probe_left", "side": "allies",
                                               "units": ["a1"]}}}
    run = subprocess.run([sys.executable, "-m", "companion", "rules", "-"], input=json.dumps(good),
                         capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["orders"]["valid"] == ["a1"]
    bad = {**good, "ask": {"orders": {"card": "probe_left", "side": "allies", "units": ["nope"]}}}
    run = subprocess.run([sys.executable, "-m", "companion", "rules", "-"], input=json.dumps(bad),
                         capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert json.loads(run.stdout)["error"]["field"] == "ask.orders.units.0"


# --- move with a card ------------------------------------------------------------------------------
MOVE_UNITS = [unit("a1", "allies", "infantry", "F1"), unit("x1", "axis", "infantry", "F9")]
FORESTS = [{"hex": "f2", "type": "forest"}, {"hex": "F3", "type": "forest"}]


def move(body: dict[str, Any]) -> dict[str, Any]:
    out = answer({"units": MOVE_UNITS, "terrain": FORESTS, "ask": {"move": body}})["move"]
    assert isinstance(out, dict)
    return out


def dests(out: dict[str, Any]) -> dict[str, bool]:
    return {d["hex"]: d["can_battle"] for d in out["destinations"]}


def test_move_ask_infantry_assault_reaches_3_and_battles_after_2() -> None:
    plain, card_move = dests(move({"unit": "a1"})), dests(move({"unit": "a1", "card": "infantry_assault"}))
    assert "G3" not in plain and card_move["H1"] is True  # 2 hexes: may battle
    assert card_move["I1"] is False  # 3 hexes: may not battle
    assert card_move["F3"] is False  # forest entered: no battle


def test_move_ask_behind_enemy_lines_passes_through_forest() -> None:
    out = move({"unit": "a1", "card": "behind_enemy_lines"})
    got = dests(out)
    assert got["f4"] is True  # through the forests on f2 and F3, 3 hexes, then battle
    assert got["F3"] is False  # ending in a forest still forbids the battle
    assert got["F1"] is True
    assert any("again" in e for e in out["explain"])


def test_move_ask_firefight_unit_does_not_move() -> None:
    out = move({"unit": "a1", "card": "firefight"})
    assert out["destinations"] == [] and out["max_hexes"] == 0


def test_move_ask_card_and_max_hexes_together_is_an_error() -> None:
    code, out = answer_or_error({"units": MOVE_UNITS,
                                 "ask": {"move": {"unit": "a1", "card": "move_out", "max_hexes": 3}}})
    assert code == 2 and out["error"]["field"] == "ask.move.max_hexes"


# --- victory ---------------------------------------------------------------------------------------
VICTORY_UNITS = [unit("a1", "allies", "infantry", "F5"), unit("a2", "allies", "armor", "D9"),
                 unit("x1", "axis", "infantry", "G9")]


def victory(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    return answer_or_error({"units": VICTORY_UNITS, "ask": {"victory": body}})


def test_victory_ask_adds_recorded_and_board_medals() -> None:
    code, out = victory({"target": {"allies": 5, "axis": 4}, "eliminated": {"allies": 2},
                         "objectives": [
                             {"id": "town", "kind": "temporary", "hexes": ["F5"], "side": "allies"},
                             {"id": "exit", "kind": "exit", "hexes": ["C9", "D9"], "side": "allies"},
                             {"id": "bridge", "kind": "permanent", "hexes": ["F5"]}]})
    assert code == 0
    v = out["victory"]
    assert v["medals"]["allies"]["total"] == 4 and v["medals"]["allies"]["temporary"] == 1
    assert v["permanent"] == {"bridge": "allies"} and v["may_exit"] == ["a2"]
    assert v["over"] is False and v["winner"] is None


def test_victory_ask_reports_the_winner_and_sudden_death() -> None:
    code, out = victory({"target": 6, "active": "axis", "objectives": [
        {"id": "hq", "kind": "sudden_death", "hexes": ["G9"], "side": "axis"}]})
    assert code == 0 and out["victory"]["winner"] == "axis"
    assert out["victory"]["sudden_death"] == "axis"


def test_victory_ask_exits_needed_holds_the_win_until_a_unit_has_exited() -> None:
    """bga-memoir must_have_unit_exit: 3 kill medals of 3 are no win without the exit."""
    code, out = victory({"target": 3, "eliminated": {"axis": 3}, "exits_needed": {"axis": 1}})
    assert code == 0 and out["victory"]["over"] is False
    assert out["victory"]["exits_needed"] == {"axis": 1}
    code, out = victory({"target": 3, "eliminated": {"axis": 2}, "exited": {"axis": 1},
                         "exits_needed": {"axis": 1}})
    assert code == 0 and out["victory"]["winner"] == "axis"


@pytest.mark.parametrize("body, field", [
    ({}, "ask.victory.target"),
    ({"target": 4, "exits_needed": {"axis": -1}}, "ask.victory.exits_needed.axis"),
    ({"target": 0}, "ask.victory.target"),
    ({"target": 4, "objectives": [{"id": "t", "kind": "tmp", "hexes": ["F5"]}]},
     "ask.victory.objectives.0.kind"),
    ({"target": 4, "objectives": [{"id": "t", "kind": "temporary", "hexes": ["F4"]}]},
     "ask.victory.objectives.0.hexes.0"),
    ({"target": 4, "permanent": {"nope": "allies"}}, "ask.victory.permanent.nope"),
    ({"target": 4, "eliminated": {"allies": -1}}, "ask.victory.eliminated.allies"),
])
def test_victory_ask_errors_name_the_field(body: dict[str, Any], field: str) -> None:
    code, out = victory(body)
    assert code == 2 and out["error"]["field"] == field


@pytest.mark.parametrize("air, words", [("air-pack", "Air Sortie"), ("flight-plan", "removes")])
def test_air_power_is_not_played_as_printed_under_air_rules(air: str, words: str) -> None:
    code, out = answer_or_error({"rules": {"air": air}, "units": UNITS, "ask": {"card_attack": {
        "card": "air_power", "side": "allies", "targets": ["x2"]}}})
    assert code == 2 and out["error"]["field"] == "ask.card_attack.card"
    assert words in out["error"]["message"]


# --- a card that orders units of some classes only (card audit crd10, session 10) --------------
def _class_query(attacker: str, card: str, ask_kind: str = "battle") -> dict[str, Any]:
    units = [unit("a1", "allies", attacker, "G3"), unit("a9", "allies", "infantry", "A1"),
             unit("a8", "allies", "armor", "C1"), unit("x1", "axis", "infantry", "g4")]
    body: dict[str, Any] = {"move": {"unit": "a1", "card": card}}
    if ask_kind == "battle":
        body = {"battle": {"attacker": "a1", "target": "x1", "card": card}}
    return answer({"units": units, "ask": body})


@pytest.mark.parametrize("attacker, card", [("artillery", "close_assault"), ("armor", "move_out"),
                                            ("infantry", "armor_assault"), ("artillery", "armor_assault")])
def test_card_that_cannot_order_the_unit_lets_it_neither_battle_nor_move(attacker: str, card: str) -> None:
    # Close Assault: "Issue an order to all infantry and/or armor units adjacent to enemy units";
    # base rules, Order Units: "Only those units that are issued an order may move, battle ..."
    b = _class_query(attacker, card)["battle"]
    assert not b["allowed"] and b["dice"] == 0 and "not ordered" in b["reason"]
    m = _class_query(attacker, card, "move")["move"]
    assert m["destinations"] == [] and m["max_hexes"] == 0


def test_card_fallback_unit_keeps_its_own_battle_and_move() -> None:
    # Artillery Bombard with no artillery on the board: the infantry is the 1 unit of your choice
    b = _class_query("infantry", "artillery_bombard")["battle"]
    assert b["allowed"] and b["dice"] == 3
    # Move Out!: "If you do not command any infantry units, issue an order to 1 unit of your choice."
    units = [unit("a1", "allies", "armor", "G3"), unit("x1", "axis", "infantry", "g4")]
    ask_b = {"battle": {"attacker": "a1", "target": "x1", "card": "move_out"}}
    b = answer({"units": units, "ask": ask_b})["battle"]
    assert b["allowed"] and b["dice"] == 3
    m = answer({"units": units, "ask": {"move": {"unit": "a1", "card": "move_out"}}})["move"]
    assert m["max_hexes"] == 3


def test_section_card_unit_that_has_not_moved_must_stand_in_the_cards_section() -> None:
    # seed 003: "Section cards are used to order a move and/or battle in a specific section";
    # "Ordered units may move from one section of the battlefield into another."
    def battle_with(hexname: str, moved: int, card: str) -> dict[str, Any]:
        units = [unit("a1", "allies", "infantry", hexname, moved=moved), unit("x1", "axis", "infantry", "G5")]
        body = {"battle": {"attacker": "a1", "target": "x1", "card": card}}
        return answer({"units": units, "ask": body})["battle"]

    assert battle_with("g4", 0, "probe_center")["allowed"]
    refused = battle_with("g4", 0, "probe_left")
    assert not refused["allowed"] and "not ordered" in refused["reason"]
    assert battle_with("g4", 1, "probe_left")["allowed"]  # it may have come from the left flank
    units = [unit("a1", "allies", "armor", "G1")]

    def moves(card: str) -> list[Any]:
        got = answer({"units": units, "ask": {"move": {"unit": "a1", "card": card}}})
        out: list[Any] = got["move"]["destinations"]
        return out

    assert moves("attack_right") == [] and moves("attack_center")
