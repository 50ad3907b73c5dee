"""Units the battle-star tokens mark (issue 16): collapsible boats (companion/rules/boats.py,
the Terrain Pack's Collapsible Rafts & Boats as the Days of Wonder compendium rules on it, and
bga-memoir's River/Infantry) and reinforcements held back until a medal count (6541's
briefing), from the texts docs/rules-sources.md quotes."""

from __future__ import annotations

from typing import Any

from companion.rules import boats
from companion.rules.battle import battle_check, retreat_options
from companion.rules.board import Side
from companion.rules.movement import move_destinations
from companion.rules.orders import check_orders
from companion.rules.position import Position
from companion.rules.referee import position_from_json

BOATS = ("collapsible_boats",)  # the rule variant (boats.VARIANT)
# e4 and d4 are river hexes next to E5; f4 is a bridged river hex next to e4 (not to E5);
# E3 and F3 are the land on the far bank of e4
RIVER = ({"hex": "e4", "type": "river"}, {"hex": "d4", "type": "river"},
         {"hex": "f4", "type": "river"}, {"hex": "f4", "type": "bridge"})


def position(*units: dict[str, Any]) -> Position:
    return position_from_json({"units": list(units), "terrain": list(RIVER)})


def boat_unit(pos: Position, uid: str = "a1") -> None:
    pos.units[uid].variants = BOATS


def dests(pos: Position, uid: str) -> set[str]:
    return {pos.board.name(h) for h in move_destinations(pos, uid)} - {
        pos.board.name(pos.units[uid].hex)}


def test_collapsible_boats_carry_infantry_onto_a_river_hex_where_it_must_stop() -> None:
    pos = position({"id": "a1", "side": "allies", "type": "infantry", "hex": "E5"})
    assert "e4" not in dests(pos, "a1")  # without boats a river is impassable
    boat_unit(pos)
    found = dests(pos, "a1")
    assert {"e4", "d4"} <= found
    # it stops on the river: the far bank is not reached in the same move
    assert "E3" not in found and "F3" not in found


def test_afloat_a_unit_moves_one_hex_to_either_bank_or_along_the_river_never_onto_a_bridge() -> None:
    pos = position({"id": "a1", "side": "allies", "type": "infantry", "hex": "e4"})
    boat_unit(pos)
    assert boats.afloat(pos, pos.units["a1"])
    found = dests(pos, "a1")
    assert {"E3", "F3", "E5", "d4"} <= found  # the far bank, back, or along the river
    assert "f4" not in found  # "a unit may only enter a bridge hex from a land hex"
    board = pos.board
    assert all(len(move_destinations(pos, "a1")[board.parse(h)].path) == 1 for h in found)


def test_a_unit_that_reached_the_river_this_turn_moves_no_further() -> None:
    pos = position({"id": "a1", "side": "allies", "type": "infantry", "hex": "e4", "moved": 1})
    boat_unit(pos)
    assert dests(pos, "a1") == set()


def test_afloat_a_unit_battles_at_one_die_less() -> None:
    pos = position({"id": "a1", "side": "allies", "type": "infantry", "hex": "e4"},
                   {"id": "x1", "side": "axis", "type": "infantry", "hex": "E3"})
    boat_unit(pos)
    check = battle_check(pos, "a1", "x1")
    assert check.allowed and check.dice == 2  # close assault 3, -1 in the boats
    assert any("boats" in line for line in check.explain)
    pos.move_unit("a1", pos.board.parse("F5"))  # a boat unit on land battles as usual
    pos.move_unit("x1", pos.board.parse("E5"))
    assert battle_check(pos, "a1", "x1").dice == 3


def test_afloat_a_unit_cannot_retreat_and_loses_a_figure_for_each_flag() -> None:
    pos = position({"id": "a1", "side": "allies", "type": "infantry", "hex": "e4"})
    boat_unit(pos)
    (only,) = retreat_options(pos, "a1", 2)
    assert pos.board.name(only.hex) == "e4" and only.figures_lost == 2
    (gone,) = retreat_options(pos, "a1", 2, figures=1)
    assert gone.eliminated


def test_boats_are_lost_on_landing_not_on_a_move_over_land() -> None:
    pos = position({"id": "a1", "side": "allies", "type": "infantry", "hex": "e4"})
    boat_unit(pos)
    board = pos.board
    pos.move_unit("a1", board.parse("E3"), how="move")
    assert boats.landed(pos, pos.units["a1"], board.parse("e4"))
    pos.move_unit("a1", board.parse("D3"), how="move")
    assert not boats.landed(pos, pos.units["a1"], board.parse("E3"))


def test_reinforcements_held_back_cannot_be_ordered_until_they_are_released() -> None:
    pos = position_from_json({"units": [
        {"id": "a1", "side": "allies", "type": "armor", "hex": "G7"},
        {"id": "a2", "side": "allies", "type": "infantry", "hex": "H7"}]})
    pos.units["a1"].variants = ("held_back",)
    check = check_orders(pos, "general_advance", Side.ALLIES, ["a1", "a2"])
    assert check.valid == ("a2",)
    assert "held back" in dict(check.rejected)["a1"]
    assert "a1" not in check.orderable
    # an Armor Assault finds no armor it may order: the card's one unit of any choice
    fallback = check_orders(pos, "armor_assault", Side.ALLIES, ["a2"])
    assert fallback.valid == ("a2",)
    pos.units["a1"].variants = ()  # released
    assert check_orders(pos, "general_advance", Side.ALLIES, ["a1", "a2"]).valid == ("a1", "a2")


def test_the_referee_reads_a_units_own_variants_its_boats() -> None:
    from companion.rules.referee import QueryError, answer

    query: dict[str, Any] = {
        "units": [{"id": "a1", "side": "allies", "type": "infantry", "hex": "E5",
                   "variants": ["collapsible_boats"]}],
        "terrain": list(RIVER), "ask": {"move": {"unit": "a1"}}}
    found = {d["hex"] for d in answer(query)["move"]["destinations"]}
    assert {"e4", "d4"} <= found and "E3" not in found
    query["units"][0]["variants"] = []
    assert "e4" not in {d["hex"] for d in answer(query)["move"]["destinations"]}
    query["units"][0]["variants"] = ["no_such_rule"]
    try:
        answer(query)
    except QueryError as exc:
        assert exc.field == "units.0.variants.0"
    else:
        raise AssertionError("an unknown variant was accepted")
