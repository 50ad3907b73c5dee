"""17 Villers-Bocage's two rules (bga-memoir ``Scenarios/17-VillersBocage.php``, its rules text,
quoted in docs/rules-sources.md): "all forest and village hexes are considered impassable.
Those Axis units that do start in a forest hex may not enter any other forest or village hex
once they leave their initial position" (the editor's behaviour IMPASSABLE_HILL on woods and
buildings), and "The Tiger tank marked with a Battle Star is Michael Wittmann: It may ignore 1
flag, battle at +1d when not moving, and its Battle Star does not count as an additional
Victory medal for the enemy" (unit behaviour IS_WITTMANN)."""

from __future__ import annotations

from typing import Any

from companion.rules.battle import battle_check, ignorable_flags, retreat_blocks
from companion.rules.movement import move_destinations
from companion.rules.position import Position
from companion.rules.referee import position_from_json
from companion.scenarios import import_m44
from companion.scenarios.check import errors


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def position(*units: dict[str, Any], terrain: tuple[tuple[str, str], ...] = ()) -> Position:
    return position_from_json({"units": list(units),
                               "terrain": [{"hex": h, "type": k} for h, k in terrain]})


def dests(pos: Position, uid: str) -> set[str]:
    return {pos.board.name(h) for h in move_destinations(pos, uid)}


def test_a_unit_that_starts_in_an_impassable_forest_leaves_it_but_enters_no_forest_or_village(
) -> None:
    pos = position(unit("x1", "axis", "tiger", "F7"),
                   terrain=(("F7", "impassable_forest"), ("E7", "impassable_forest"),
                            ("f6", "impassable_town"), ("g6", "impassable_forest")))
    reach = dests(pos, "x1")
    assert {"G7", "e6", "F5"} <= reach  # it leaves its initial position
    assert not reach & {"E7", "f6", "g6"}  # and enters no other forest or village
    # nor does any other unit, of either side, by a move or a retreat
    pos = position(unit("a1", "allies", "infantry", "F3"),
                   terrain=(("f4", "impassable_forest"), ("g4", "impassable_town")))
    assert not dests(pos, "a1") & {"f4", "g4"}
    pos = position(unit("a1", "allies", "infantry", "F5"),
                   terrain=(("e4", "impassable_forest"), ("f4", "impassable_town")))
    closed = retreat_blocks(pos, pos.units["a1"], pos.board.parse("F5"))
    assert len(closed) == 2 and all("impassable" in c for c in closed)
    # the forest is still a forest for battle: protection 1 against infantry, 2 against armor
    pos = position(unit("a1", "allies", "armor", "F3"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("F5", "impassable_forest"),))
    assert battle_check(pos, "a1", "x1").dice == 3 - 2


def test_the_editors_impassable_forests_and_villages_and_a_unit_set_up_in_one_check_clean(
) -> None:
    s = import_m44({"board": {"type": "STANDARD", "face": "COUNTRY", "hexagons": [
        {"row": 1, "col": 9, "terrain": {"name": "woods", "behavior": "IMPASSABLE_HILL"},
         "unit": {"name": "tank2ger", "nbr_units": "1", "behavior": "IS_WITTMANN"},
         "tags": [{"name": "tag1"}]},
        {"row": 0, "col": 18, "terrain": {"name": "buildings", "behavior": "IMPASSABLE_HILL"}},
        {"row": 8, "col": 0, "unit": {"name": "infbrit"}}]},
        "game_info": {"side_player1": "AXIS", "side_player2": "ALLIES"}})
    assert sorted(p.type for p in s.terrain) == ["impassable_forest", "impassable_town"]
    tiger = next(u for u in s.units if u.type == "tiger")
    assert tiger.variants == ("wittmann",)
    # the star marks Wittmann and is no rule of its own; a unit may be set up on the forest
    assert errors(s) == [] and s.notes == []


def test_wittmann_ignores_a_flag_and_battles_at_plus_one_die_only_when_he_has_not_moved() -> None:
    pos = position(unit("x1", "axis", "tiger", "F7"), unit("x2", "axis", "tiger", "H7"),
                   unit("a1", "allies", "armor", "F5"), unit("a2", "allies", "armor", "H5"))
    pos.units["x1"].variants = ("wittmann",)
    assert battle_check(pos, "x1", "a1").dice == 4  # 3 for a Tiger, +1 not moving
    assert battle_check(pos, "x2", "a2").dice == 3  # another Tiger: no bonus
    assert ignorable_flags(pos, pos.units["x1"]) == 1
    assert ignorable_flags(pos, pos.units["x2"]) == 0
    pos.units["x1"].moved = 1
    assert battle_check(pos, "x1", "a1").dice == 3  # moved: no bonus
    pos.units["x1"].moved = 0
    # an overrun after taking ground is no battle "when not moving"
    assert battle_check(pos, "x1", "a1", overrun=True).dice == 3
