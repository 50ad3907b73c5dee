"""Move destinations: base rules p.7-8 and the terrain pages' own worked examples."""

from __future__ import annotations

import pytest

from companion.rules.board import Board, Hex, Side
from companion.rules.movement import MoveError, MoveInfo, move_destinations
from companion.rules.position import Position, Unit

STD = Board.of("standard")
H = STD.parse


def pos(terrain: dict[str, tuple[str, ...]] | None = None,
        units: list[tuple[str, str, str, str]] | None = None,
        moved: dict[str, int] | None = None, air: str | None = None) -> Position:
    p = Position(STD, terrain={H(k): v for k, v in (terrain or {}).items()}, air_rules=air)
    for uid, side, kind, name in units or []:
        airborne = kind in ("airplane", "fighter", "fighter_bomber", "bomber")
        p.add_unit(Unit(uid, Side(side), kind, H(name), 1, moved=(moved or {}).get(uid, 0),
                        airborne=airborne))
    return p


def dests(p: Position, uid: str, max_hexes: int | None = None) -> dict[str, MoveInfo]:
    return {STD.name(h): info for h, info in move_destinations(p, uid, max_hexes).items()}


def battle_map(p: Position, uid: str) -> dict[str, bool]:
    return {n: i.can_battle for n, i in dests(p, uid).items()}


def test_infantry_moves_1_and_battles_or_2_and_does_not() -> None:
    d = dests(pos(units=[("i", "allies", "infantry", "G5")]), "i")
    assert len(d) == 1 + 6 + 12
    assert d["G5"].can_battle and d["H5"].can_battle and d["g4"].can_battle
    assert not d["I5"].can_battle and d["I5"].path_length == 2
    assert "at most 1" in (d["I5"].reason or "")


def test_armor_moves_up_to_3_and_battles() -> None:
    d = dests(pos(units=[("a", "allies", "armor", "G5")]), "a")
    assert len(d) == 1 + 6 + 12 + 18 and all(i.can_battle for i in d.values())


def test_artillery_moves_1_or_battles() -> None:
    d = dests(pos(units=[("r", "allies", "artillery", "G5")]), "r")
    assert len(d) == 7 and d["G5"].can_battle and not d["H5"].can_battle


def test_special_forces_move_2_and_battle() -> None:
    d = dests(pos(units=[("s", "allies", "special_forces", "G5")]), "s")
    assert d["I5"].can_battle and len(d) == 19


def test_anti_tank_moves_1_or_2_but_not_battle_after_moving() -> None:
    d = dests(pos(units=[("t", "allies", "anti_tank", "G5")]), "t")
    assert d["G5"].can_battle and not d["H5"].can_battle and not d["I5"].can_battle and len(d) == 19


def test_armored_car_moves_0_to_4_and_battles() -> None:
    d = dests(pos(units=[("c", "allies", "armored_car", "G5")]), "c")
    assert max(i.path_length for i in d.values()) == 4 and all(i.can_battle for i in d.values())
    assert "K5" in d and "L5" not in d


def test_no_moving_onto_or_through_units_of_either_side() -> None:
    # a wall of units: G5 infantry hemmed in on three sides can only go the other way
    p = pos(units=[("i", "allies", "infantry", "A1"), ("f", "allies", "armor", "B1"),
                   ("e", "axis", "infantry", "a2")])
    assert set(dests(p, "i")) == {"A1"}


def test_forest_turn_1_must_stop_and_cannot_battle() -> None:
    # base rules p.13 "Turn #1: Allied player moves into the woods: the unit must stop and cannot
    # battle this turn"
    p = pos({"g4": ("forest",)}, [("i", "allies", "infantry", "G3")])
    d = dests(p, "i")
    assert d["g4"].path_length == 1 and not d["g4"].can_battle and "forest" in (d["g4"].reason or "")
    assert all(STD.parse("g4") not in i.path[:-1] for i in d.values())  # never through the forest


def test_forest_turn_3_the_unit_in_the_woods_battles_with_3_dice() -> None:
    # "Turn #3: the Allied player can now battle": a unit starting in the woods may battle
    p = pos({"g4": ("forest",)}, [("i", "allies", "infantry", "g4")])
    d = dests(p, "i")
    assert d["g4"].can_battle and d["h4"].can_battle


def test_moved_onto_forest_earlier_this_turn_cannot_go_on() -> None:
    p = pos({"g4": ("forest",)}, [("i", "allies", "infantry", "g4")], moved={"i": 1})
    d = dests(p, "i")
    assert set(d) == {"g4"} and not d["g4"].can_battle


def test_hedgerow_turn_1_move_and_stop_next_to_it_turn_2_enter() -> None:
    # base rules p.14: "To move onto a Hedgerow hex, a unit must be adjacent to the Hedgerow."
    p1 = pos({"G5": ("hedgerow",)}, [("i", "allies", "infantry", "G3")])
    assert "G5" not in dests(p1, "i")  # two hexes away: cannot reach it this turn
    p2 = pos({"G5": ("hedgerow",)}, [("i", "allies", "infantry", "g4")])
    d = dests(p2, "i")
    assert "G5" in d and not d["G5"].can_battle and d["G5"].path_length == 1


def test_hedgerow_cannot_be_entered_as_the_second_hex() -> None:
    p = pos({"G5": ("hedgerow",)}, [("a", "allies", "armor", "G3")])
    assert "G5" not in dests(p, "a")


def test_leaving_a_hedgerow_moves_only_to_an_adjacent_hex() -> None:
    p = pos({"G5": ("hedgerow",)}, [("a", "allies", "armor", "G5")])
    d = dests(p, "a")
    assert max(i.path_length for i in d.values()) == 1 and len(d) == 7


def test_the_armor_unit_must_take_the_bridge_to_cross_the_river() -> None:
    river = {f"{c}5": ("river",) for c in "ABCDEFGHIJKLM"}
    no_bridge = pos(river, [("a", "allies", "armor", "G3")])
    assert all(STD.parse(n).row > 4 for n in dests(no_bridge, "a"))
    river["H5"] = ("river", "bridge")
    bridged = pos(river, [("a", "allies", "armor", "G3")])
    d = dests(bridged, "a")
    across = {n for n in d if STD.parse(n).row < 4}
    assert across and all(STD.parse("H5") in d[n].path for n in across)
    assert "H5" in d and "G5" not in d


def test_dd_tank_moves_only_one_hex_while_in_water() -> None:
    ocean = {f"{c}1": ("ocean",) for c in "ABCDEFGHIJKLM"} | {f"{c}2": ("ocean",) for c in "abcdefghijkl"}
    p = pos(ocean, [("a", "allies", "armor", "G1")])
    d = dests(p, "a")
    assert max(i.path_length for i in d.values()) == 1


def test_dd_tank_next_turn_drops_its_flotation_and_moves_2_onto_the_sand() -> None:
    terrain = {f"{c}2": ("ocean",) for c in "abcdefghijkl"} | {f"{c}1": ("ocean",) for c in "ABCDEFGHIJKLM"}
    terrain |= {f"{c}3": ("beach",) for c in "ABCDEFGHIJKLM"}
    terrain |= {f"{c}4": ("beach",) for c in "abcdefghijkl"}
    p = pos(terrain, [("a", "allies", "armor", "f2")])
    d = dests(p, "a")
    assert "f4" in d and d["f4"].path_length == 2
    assert max(i.path_length for i in d.values()) == 2  # armor moves 3, but not onto a beach


def test_a_unit_on_an_ocean_hex_may_not_battle() -> None:
    # base rules p.15 "Oceans - Battle: A unit on an Ocean hex may not battle."
    p = pos({"G1": ("ocean",), "H1": ("ocean",)}, [("a", "allies", "infantry", "G1")])
    d = dests(p, "a")
    assert not d["G1"].can_battle and not d["H1"].can_battle and "ocean" in (d["H1"].reason or "")
    assert d["g2"].can_battle


def test_french_resistance_battles_after_entering_a_forest() -> None:
    p = pos({"g4": ("forest",)}, [("r", "allies", "french_resistance", "G3")])
    assert dests(p, "r")["g4"].can_battle


def test_bunker_and_hedgehogs_closed_to_armor_open_to_infantry() -> None:
    t = {"H5": ("bunker",), "F5": ("hedgehogs",)}
    assert not {"H5", "F5"} & set(dests(pos(t, [("a", "allies", "armor", "G5")]), "a"))
    d = dests(pos(t, [("i", "allies", "infantry", "G5")]), "i")
    assert d["H5"].can_battle and d["F5"].can_battle


def test_beach_caps_the_whole_move_at_2() -> None:
    p = pos({"g4": ("beach",)}, [("a", "allies", "armor", "G3")])
    d = dests(p, "a")
    assert d["g4"].path_length == 1
    assert all(i.path_length <= 2 for i in d.values() if STD.parse("g4") in i.path)


def test_moved_already_counts_against_allowance_and_battle() -> None:
    p = pos(units=[("i", "allies", "infantry", "G5")], moved={"i": 1})
    d = dests(p, "i")
    assert len(d) == 7 and d["G5"].can_battle and not d["H5"].can_battle


def test_road_gives_one_more_hex_along_the_road() -> None:
    road = {f"{c}5": ("road",) for c in "ABCDEFGHIJKLM"}
    d = dests(pos(road, [("a", "allies", "armor", "C5")]), "a")
    assert "J5" not in d or d["J5"].path_length == 4
    assert "G5" in d and d["G5"].path_length == 4 and d["G5"].can_battle
    assert "g4" not in d or d["g4"].path_length <= 3


def test_card_may_extend_the_allowance() -> None:
    d = dests(pos(units=[("i", "allies", "infantry", "G5")]), "i", max_hexes=3)
    assert max(i.path_length for i in d.values()) == 3


def test_airplane_flies_over_units_and_terrain_ends_on_a_vacant_hex() -> None:
    p = pos({"H5": ("river",), "I5": ("forest",)},
            [("p", "allies", "airplane", "G5"), ("x", "axis", "infantry", "J5")], air="air-pack")
    d = dests(p, "p")
    assert "G5" not in d and "J5" not in d and "K5" in d and d["K5"].path_length == 2 + 2
    assert max(i.path_length for i in d.values()) == 4


def test_flight_plan_air_unit_may_not_fly_through_an_enemy_air_unit() -> None:
    units = [("f", "allies", "fighter", "A1"), ("e", "axis", "fighter", "B1"), ("g", "axis", "bomber", "a2")]
    d = dests(pos(units=units, air="flight-plan"), "f")
    assert d == {}


def test_ground_unit_may_pass_under_a_friendly_flight_plan_air_unit_not_an_enemy_one() -> None:
    friendly = pos(units=[("i", "allies", "armor", "A1"), ("f", "allies", "fighter", "B1")],
                   air="flight-plan")
    d = dests(friendly, "i")
    assert "B1" not in d and "C1" in d
    enemy = pos(units=[("i", "allies", "armor", "A1"), ("f", "axis", "fighter", "B1"),
                       ("g", "axis", "fighter", "a2")], air="flight-plan")
    assert set(dests(enemy, "i")) == {"A1"}


def test_unknown_unit_is_a_clear_error() -> None:
    with pytest.raises(MoveError, match="no unit has the id 'zz'"):
        move_destinations(pos(), "zz")


def test_destination_hexes_are_on_the_board() -> None:
    d = move_destinations(pos(units=[("a", "allies", "armored_car", "A1")]), "a")
    assert all(STD.contains(h) for h in d) and Hex(0, 8) in d


def test_hedgerow_turn_1_leave_and_stop_next_to_it_turn_2_move_normally() -> None:
    # base rules p.14: leaving a hedgerow the unit moves one hex; next turn it moves normally
    turn1 = dests(pos({"G5": ("hedgerow",)}, [("i", "allies", "infantry", "G5")]), "i")
    assert "g4" in turn1 and "G3" not in turn1
    turn2 = dests(pos({"G5": ("hedgerow",)}, [("i", "allies", "infantry", "g4")]), "i")
    assert "g2" in turn2 and turn2["g2"].path_length == 2



def test_marsh_stops_a_unit_closes_to_artillery_and_armor_may_not_battle_in_it() -> None:
    t = {"H5": ("marsh",)}
    inf = dests(pos(t, [("i", "allies", "infantry", "G5")]), "i")
    assert inf["H5"].can_battle and "I5" not in inf  # the only 2-hex path runs through the marsh
    arm = dests(pos(t, [("a", "allies", "armor", "G5")]), "a")
    assert not arm["H5"].can_battle
    assert "H5" not in dests(pos(t, [("r", "allies", "artillery", "G5")]), "r")


def test_leaving_a_marsh_armor_moves_one_hex_and_may_not_battle() -> None:
    d = dests(pos({"G5": ("marsh",)}, [("a", "allies", "armor", "G5")]), "a")
    assert max(i.path_length for i in d.values()) == 1 and not d["H5"].can_battle and d["G5"].can_battle


def test_railway_stops_armor_and_artillery_not_infantry() -> None:
    rail = {"H5": ("railway",)}
    arm = dests(pos(rail, [("a", "allies", "armor", "G5")]), "a")
    assert all(STD.parse("H5") not in i.path[:-1] for i in arm.values())
    inf = dests(pos(rail, [("i", "allies", "infantry", "G5")]), "i")
    assert STD.parse("H5") in inf["I5"].path or inf["I5"].path_length == 2


def test_mountain_climbed_only_from_a_hill_and_never_by_armor() -> None:
    t = {"H5": ("mountain",), "F5": ("hill",)}
    assert "H5" not in dests(pos(t, [("i", "allies", "infantry", "G5")]), "i")
    from_hill = dests(pos(t | {"G5": ("hill",)}, [("i", "allies", "infantry", "G5")]), "i")
    assert "H5" in from_hill
    assert "H5" not in dests(pos(t | {"G5": ("hill",)}, [("a", "allies", "armor", "G5")]), "a")
    down = dests(pos(t, [("i", "allies", "infantry", "H5")]), "i")
    assert set(down) == {"H5"}  # no hill next to it: it may not come down


def test_jungle_battle_only_when_entered_from_next_to_it() -> None:
    t = {"H5": ("jungle",)}
    d = dests(pos(t, [("s", "allies", "special_forces", "G5")]), "s")
    assert d["H5"].can_battle
    far = dests(pos(t, [("s", "allies", "special_forces", "F5")]), "s")
    assert not far["H5"].can_battle


def test_frozen_river_may_be_crossed_ordinary_river_may_not() -> None:
    assert "H5" in dests(pos({"H5": ("frozen_river",)}, [("a", "allies", "armor", "G5")]), "a")
    assert "H5" not in dests(pos({"H5": ("river",)}, [("a", "allies", "armor", "G5")]), "a")


def test_ford_crosses_the_river_but_stops_the_unit() -> None:
    river = {f"{c}5": ("river",) for c in "ABCDEFGHIJKLM"}
    river["H5"] = ("river", "ford")
    d = dests(pos(river, [("a", "allies", "armor", "H3")]), "a")
    assert "H5" in d and not any(STD.parse(n).row < 4 for n in d)


def test_behind_enemy_lines_ignores_terrain_movement_but_not_rivers_or_units() -> None:
    t = {"H5": ("forest",), "I5": ("hedgerow",), "h6": ("river",)}
    p = pos(t, [("i", "allies", "infantry", "G5"), ("x", "axis", "infantry", "g4")])
    d = move_destinations(p, "i", 3, battle_limit=3, ignore_terrain_movement=True)
    names = {STD.name(h): info for h, info in d.items()}
    assert names["J5"].path_length == 3 and names["J5"].can_battle
    assert names["H5"].can_battle and "h6" not in names and "g4" not in names
