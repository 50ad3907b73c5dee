"""Line of sight: base rules p.9 ("Line of Sight"), hills p.14, Air Pack p.10, New Flight Plan."""

from __future__ import annotations

from companion.rules.board import Board, Hex, Side
from companion.rules.los import line_hexes, line_of_sight, los_blockers, sight_report
from companion.rules.position import Position, Unit

STD = Board.of("standard")


def pos(terrain: dict[str, tuple[str, ...]] | None = None,
        units: list[tuple[str, str, str, str]] | None = None,
        air: str | None = None, airborne: bool = True) -> Position:
    p = Position(STD, terrain={STD.parse(k): v for k, v in (terrain or {}).items()}, air_rules=air)
    for uid, side, kind, name in units or []:
        spec_air = kind in ("airplane", "fighter", "fighter_bomber", "bomber")
        p.add_unit(Unit(uid, Side(side), kind, STD.parse(name), 1, airborne=spec_air and airborne))
    return p


def sees(p: Position, a: str, b: str) -> bool:
    return line_of_sight(p, STD.parse(a), STD.parse(b))


def test_open_ground_is_clear_and_a_hex_sees_itself_and_its_neighbours() -> None:
    p = pos()
    assert sees(p, "A1", "M9") and sees(p, "G5", "G5") and sees(p, "G5", "g4")


def test_units_of_either_side_block_line_of_sight() -> None:
    friendly = pos(units=[("f", "allies", "infantry", "D1")])
    enemy = pos(units=[("e", "axis", "armor", "D1")])
    assert not sees(friendly, "A1", "G1") and not sees(enemy, "A1", "G1")
    assert los_blockers(friendly, STD.parse("A1"), STD.parse("G1")) == [STD.parse("D1")]


def test_blocking_terrain_between_blocks_forest_town_hedgerow() -> None:
    for kind in ("forest", "town", "hedgerow", "bunker", "church"):
        assert not sees(pos({"C3": (kind,)}), "A3", "E3"), kind


def test_the_target_hex_terrain_does_not_block() -> None:
    p = pos({"E3": ("forest",), "A3": ("town",)})
    assert sees(p, "A3", "E3") and sees(p, "E3", "A3")


def test_the_infantry_unit_can_fire_over_the_river() -> None:
    # base rules p.15 picture: rivers, oceans and beaches do not block line of sight
    p = pos({"C3": ("river",), "c4": ("river",), "D3": ("beach",), "d4": ("ocean",)})
    assert sees(p, "A3", "G3") and sees(p, "a4", "f4")


def test_line_along_hex_edges_blocked_only_with_obstructions_on_both_sides() -> None:
    # G5 -> G1 runs straight down through G3 and along the edges of f4/g4 and f2/g2
    lh = line_hexes(STD.shape, STD.parse("G5"), STD.parse("G1"))
    assert STD.parse("G3") in lh.crossed
    assert {STD.parse("f4"), STD.parse("f2")} == set(lh.left) or {STD.parse("f4"), STD.parse("f2")} == set(
        lh.right)
    one_side = pos({"f4": ("forest",), "f2": ("town",)})
    assert sees(one_side, "G5", "G1")
    both_sides = pos({"f4": ("forest",), "g2": ("town",)})
    assert not sees(both_sides, "G5", "G1")
    assert set(los_blockers(both_sides, STD.parse("G5"), STD.parse("G1"))) == {STD.parse("f4"),
                                                                               STD.parse("g2")}
    units_both = pos(units=[("x", "axis", "infantry", "f4"), ("y", "allies", "armor", "g4")])
    assert not sees(units_both, "G5", "G1")


def test_diagonal_edge_line_blocked_only_when_both_flanks_obstructed() -> None:
    # A9 -> M1 runs along hex edges between crossed hexes (b8, D7, ...)
    lh = line_hexes(STD.shape, STD.parse("A9"), STD.parse("M1"))
    assert STD.parse("G5") in lh.crossed and lh.left and lh.right
    flank_a, flank_b = STD.name(lh.left[2]), STD.name(lh.right[2])
    assert sees(pos({flank_a: ("forest",)}), "A9", "M1")
    assert not sees(pos({flank_a: ("forest",), flank_b: ("forest",)}), "A9", "M1")


def test_hill_blocks_looking_over_it() -> None:
    p = pos({"D3": ("hill",)})
    assert not sees(p, "B3", "F3")  # both low, the hill is between


def test_hill_does_not_block_a_unit_on_it_or_its_target_on_it() -> None:
    p = pos({"D3": ("hill",)})
    assert sees(p, "D3", "F3") and sees(p, "B3", "D3")


def test_plateau_units_at_the_same_height_on_the_same_hill_see_each_other() -> None:
    p = pos({"B3": ("hill",), "C3": ("hill",), "D3": ("hill",), "E3": ("hill",)})
    assert sees(p, "B3", "E3")


def test_looking_from_a_hill_over_another_hill_hex_to_low_ground_is_blocked() -> None:
    p = pos({"B3": ("hill",), "C3": ("hill",)})
    assert not sees(p, "B3", "D3")


def test_two_separate_hills_do_not_make_a_plateau() -> None:
    p = pos({"B3": ("hill",), "D3": ("hill",), "F3": ("hill",)})  # C3, E3 low ground between
    assert not sees(p, "B3", "F3")


def test_forest_on_the_plateau_still_blocks() -> None:
    p = pos({"B3": ("hill",), "C3": ("hill", "forest"), "D3": ("hill",)})
    assert not sees(p, "B3", "D3")


def test_air_pack_airborne_airplane_does_not_block_grounded_one_does() -> None:
    flying = pos(units=[("p", "axis", "airplane", "D3")], air="air-pack", airborne=True)
    grounded = pos(units=[("p", "axis", "airplane", "D3")], air="air-pack", airborne=False)
    assert sees(flying, "A3", "G3") and not sees(grounded, "A3", "G3")


def test_flight_plan_air_unit_occupies_its_hex_and_blocks() -> None:
    p = pos(units=[("f", "allies", "fighter", "D3")], air="flight-plan", airborne=True)
    assert not sees(p, "A3", "G3")


def test_report_explains_why() -> None:
    p = pos({"C3": ("forest",)}, units=[("u", "axis", "infantry", "E3")])
    r = sight_report(p, STD.parse("A3"), STD.parse("G3"))
    assert not r.clear and r.distance == 6
    assert r.blockers == (STD.parse("C3"), STD.parse("E3"))
    assert any("forest on C3" in e for e in r.explain) and any("unit u on E3" in e for e in r.explain)


def test_line_hexes_of_a_straight_row_are_the_hexes_between() -> None:
    lh = line_hexes(STD.shape, Hex(0, 8), Hex(24, 8))
    assert lh.crossed == tuple(Hex(c, 8) for c in range(2, 24, 2)) and not lh.left and not lh.right


def test_allies_can_battle_because_they_are_on_the_same_height() -> None:
    # base rules p.14 picture: two units on one hill see each other over the hill hex between
    p = pos({"F5": ("hill",), "G5": ("hill",), "H5": ("hill",)},
            [("a", "allies", "infantry", "F5"), ("x", "axis", "infantry", "H5")])
    assert sees(p, "F5", "H5")
    low = pos({"G5": ("hill",), "H5": ("hill",)},
              [("a", "allies", "infantry", "F5"), ("x", "axis", "infantry", "H5")])
    assert not sees(low, "F5", "H5")  # from below, the line looks over the hill hex G5


def test_lake_card_26_two_contiguous_lake_hexes_on_the_line_block_it() -> None:
    # card 26: "Two or more contiguous adjacent Lake hexes block the line of sight"
    assert sees(pos({"D3": ("lake",)}), "B3", "F3")  # one lake hex on the line
    assert not sees(pos({"C3": ("lake",), "D3": ("lake",)}), "A3", "F3")  # two, touching
    # a line over one hex of a larger lake sees across it: only D3 lies on the line
    assert sees(pos({"D3": ("lake",), "d4": ("lake",), "c4": ("lake",)}), "B3", "F3")
    # two lake hexes on the line that do not touch do not block either
    assert sees(pos({"C3": ("lake",), "E3": ("lake",)}), "A3", "G3")


def test_mountain_blocks_looking_over_except_along_contiguous_mountains() -> None:
    assert not sees(pos({"D3": ("mountain",)}), "B3", "F3")
    ridge = {"C3": ("mountain",), "D3": ("mountain",), "E3": ("mountain",)}
    assert sees(pos(ridge), "C3", "E3")
    assert not sees(pos({"C3": ("hill",), "D3": ("mountain",), "E3": ("hill",)}), "C3", "E3")


def test_a_hex_touched_only_at_a_corner_intercepts_the_line() -> None:
    # "any hex (or part of a hex) intercepting this imaginary line": M1 -> h2 passes exactly
    # through a corner of k2 (between L1 and K1) without running along an edge of it
    lh = line_hexes(STD.shape, STD.parse("M1"), STD.parse("h2"))
    assert STD.parse("k2") in lh.corners
    assert not sees(pos({"k2": ("forest",)}), "M1", "h2")
    assert not sees(pos({"k2": ("forest",)}), "h2", "M1")
