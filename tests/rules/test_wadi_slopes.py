"""Wadis' side slopes, from terrain card 44 (Wadis & Gullies) as bga-memoir prints it
(`modules/php/Terrains/Wadi.php`): "Side slopes impassable, both in and out"; "No movement
restrictions through open ends". The straight tile is open east and west at orientation 1, the
curved tile north-east and south-east; each orientation step turns it 60 degrees
counter-clockwise (bga-memoir `Models/Terrain.php`, docs/rules-sources.md).

The hexes around G5 (col 12, row 4): H5 east, g6 north-east, f6 north-west, F5 west,
f4 south-west, g4 south-east.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.battle import battle_check, resolve_battle, retreat_options
from companion.rules.movement import move_destinations
from companion.rules.position import Position
from companion.rules.referee import QueryError, answer
from tests.rules.query_parts import position, t, unit


def ends(pos: Position, uid: str, **kw: Any) -> set[str]:
    """Where the unit may end a move of one hex (infantry may move two, round a wadi's end)."""
    return {pos.board.name(h) for h in move_destinations(pos, uid, **{"max_hexes": 1, **kw})}


def test_entering_a_wadi_through_a_side_slope_is_refused_through_an_open_end_allowed() -> None:
    # G5 faces east-west (orientation 1): g4 lies across a side slope, H5 at an open end
    slope = position(unit("a1", "allies", "infantry", "g4"), terrain=(t("G5", "wadi", orientation=1),))
    assert "G5" not in ends(slope, "a1")
    assert {"H5", "f4", "G3"} <= ends(slope, "a1")  # the other sides of g4 stay open
    end = position(unit("a1", "allies", "infantry", "H5"), terrain=(t("G5", "wadi", orientation=1),))
    assert "G5" in ends(end, "a1")
    # armor goes round to the open end: g4 -> H5 -> G5, two hexes
    armor = position(unit("a1", "allies", "armor", "g4"), terrain=(t("G5", "wadi", orientation=1),))
    found = move_destinations(armor, "a1")  # armor moves 3
    g5 = armor.board.parse("G5")
    assert g5 in found and found[g5].path_length == 2
    assert armor.board.name(found[g5].path[0]) in ("H5", "F5")


def test_leaving_a_wadi_only_through_its_open_ends() -> None:
    pos = position(unit("a1", "allies", "infantry", "G5"), terrain=(t("G5", "wadi", orientation=1),))
    assert ends(pos, "a1") == {"G5", "H5", "F5"}
    # turned one step (60 degrees counter-clockwise): open north-east and south-west
    pos = position(unit("a1", "allies", "infantry", "G5"), terrain=(t("G5", "wadi", orientation=2),))
    assert ends(pos, "a1") == {"G5", "g6", "f4"}


def test_a_curved_wadi_is_open_north_east_and_south_east_turned_by_its_orientation() -> None:
    pos = position(unit("a1", "allies", "infantry", "G5"),
                   terrain=(t("G5", "curved_wadi", orientation=1),))
    assert ends(pos, "a1") == {"G5", "g6", "g4"}
    pos = position(unit("a1", "allies", "infantry", "G5"),
                   terrain=(t("G5", "curved_wadi", orientation=4),))
    assert ends(pos, "a1") == {"G5", "f4", "f6"}
    # the curved tile is a wadi in battle too: close assault only, in or out
    pos = position(unit("a1", "allies", "infantry", "G5"), unit("x1", "axis", "infantry", "G7"),
                   terrain=(t("G5", "curved_wadi", orientation=1),))
    assert not battle_check(pos, "a1", "x1").allowed


def test_a_move_runs_along_a_chain_of_wadis_through_their_open_ends() -> None:
    chain = (t("F5", "wadi", orientation=1), t("G5", "wadi", orientation=1),
             t("H5", "wadi", orientation=1))
    pos = position(unit("a1", "allies", "armor", "F5"), terrain=chain)
    along = ends(pos, "a1", max_hexes=2)
    assert along >= {"G5", "H5", "E5", "D5", "e6", "e4"}
    assert not along & {"f6", "f4", "g6", "g4"}
    # two wadis side by side that face the same way do not open onto each other
    pos = position(unit("a1", "allies", "infantry", "G5"),
                   terrain=(t("G5", "wadi", orientation=1), t("g6", "wadi", orientation=1)))
    assert "g6" not in ends(pos, "a1")


def test_behind_enemy_lines_does_not_cross_a_side_slope() -> None:
    # bga-memoir Board::getDeplacementCost refuses a blocked side before the card's shortcut
    pos = position(unit("a1", "allies", "infantry", "g4"), terrain=(t("G5", "wadi", orientation=1),))
    assert "G5" not in ends(pos, "a1", max_hexes=1, ignore_terrain_movement=True)


def test_a_retreat_cannot_go_out_of_a_wadi_through_a_slope() -> None:
    # the Allies retreat down the board: from G5 onto f4 or g4, both across the east-west
    # wadi's slopes, so the flag costs a figure
    pos = position(unit("a1", "allies", "infantry", "G5"), terrain=(t("G5", "wadi", orientation=1),))
    (only,) = retreat_options(pos, "a1", 1)
    assert pos.board.name(only.hex) == "G5" and only.figures_lost == 1
    # turned north-east / south-west, the retreat goes out through its south-west end
    pos = position(unit("a1", "allies", "infantry", "G5"), terrain=(t("G5", "wadi", orientation=2),))
    assert [(pos.board.name(o.hex), o.figures_lost) for o in retreat_options(pos, "a1", 1)] == [
        ("f4", 0)]
    # nor into one through a slope: from g6 down, G5 is closed, H5 open
    pos = position(unit("a1", "allies", "infantry", "g6"), terrain=(t("G5", "wadi", orientation=1),))
    assert [pos.board.name(o.hex) for o in retreat_options(pos, "a1", 1)] == ["H5"]


def test_the_referee_says_a_retreat_is_blocked_by_a_side_slope() -> None:
    q = {"units": [unit("a1", "allies", "infantry", "H5"), unit("x1", "axis", "infantry", "G5")],
         "terrain": [t("G5", "wadi", orientation=1)],
         "ask": {"battle": {"attacker": "a1", "target": "x1"}}, "dice": ["flag", "star"]}
    # the Axis retreats up the board: onto f6 or g6, both across slopes
    out = answer(q)
    assert out["battle"]["dice"] == 2  # close assault 3, -1 for the wadi
    assert [(r["hex"], r["figures_lost"]) for r in out["result"]["retreat"]] == [("G5", 1)]
    q["terrain"] = [t("G5", "wadi", orientation=2)]  # open to the north-east: g6
    assert [r["hex"] for r in answer(q)["result"]["retreat"]] == ["g6"]


def test_take_ground_does_not_cross_a_side_slope_in_or_out() -> None:
    def taken(attacker_hex: str, kind: str, target_hex: str, wadi_hex: str) -> Any:
        pos = position(unit("a1", "allies", kind, attacker_hex),
                       unit("x1", "axis", "infantry", target_hex, figures=1),
                       terrain=(t(wadi_hex, "wadi", orientation=1),))
        check = battle_check(pos, "a1", "x1")
        assert check.allowed and check.close_assault
        return resolve_battle(pos, "a1", "x1", ["grenade"] * check.dice)

    into_slope = taken("g4", "infantry", "G5", "G5")
    assert into_slope.eliminated and not into_slope.take_ground
    assert any("side slope" in e for e in into_slope.explain)
    into_end = taken("H5", "infantry", "G5", "G5")
    assert into_end.eliminated and into_end.take_ground
    # armor: no taking of ground across the slope, so no overrun either
    armor = taken("g4", "armor", "G5", "G5")
    assert not armor.take_ground and not armor.armor_overrun
    assert taken("H5", "armor", "G5", "G5").armor_overrun
    # out of the wadi through a slope: a1 in G5 takes neither g6 nor g4's ground
    out_slope = taken("G5", "infantry", "g6", "G5")
    assert out_slope.eliminated and not out_slope.take_ground
    assert taken("G5", "infantry", "F5", "G5").take_ground


def test_a_wadi_without_its_orientation_keeps_every_side_open() -> None:
    # a hand-written scenario or a query that gives no orientation: no slopes (as before)
    pos = position(unit("a1", "allies", "infantry", "g4"), terrain=(t("G5", "wadi"),))
    assert "G5" in ends(pos, "a1")
    pos = position(unit("a1", "allies", "infantry", "G5"), terrain=(t("G5", "curved_wadi"),))
    assert ends(pos, "a1") == {"G5", "H5", "g6", "f6", "F5", "f4", "g4"}
    assert pos.terrain_orientations == {}


def test_the_referee_reads_an_orientation_1_to_6_and_keeps_it_only_where_it_plays() -> None:
    pos = position(terrain=(t("G5", "wadi", orientation=3), t("F5", "forest", orientation=2)))
    assert pos.terrain_orientations == {(pos.board.parse("G5"), "wadi"): 3}
    for bad in (0, 7, "2", True):
        with pytest.raises(QueryError) as info:
            position(terrain=(t("G5", "wadi", orientation=bad),))
        assert info.value.field == "terrain.0.orientation"
    q = {"units": [unit("a1", "allies", "infantry", "G5")],
         "terrain": [t("G5", "curved_wadi", orientation=1)], "ask": {"move": {"unit": "a1"}}}
    found = {d["hex"] for d in answer(q)["move"]["destinations"]}
    # F5, west, is three hexes away round the open ends (G5-g4-f4-F5): out of a 2-hex reach
    assert {"g6", "g4", "f4", "f6"} <= found and "F5" not in found


def test_removing_a_piece_forgets_its_orientation() -> None:
    pos = position(terrain=(t("G5", "wadi", orientation=1),))
    pos.remove_terrain(pos.board.parse("G5"), "wadi")
    assert pos.terrain_orientations == {}


def test_a_curved_wadi_and_a_straight_one_are_both_wadis_for_the_protection() -> None:
    """Card 44: no protection against an attacker in a wadi too; a curved tile is as much a
    wadi as a straight one (one card, two shapes)."""
    from companion.rules.battle import target_protection

    def protection(attacker_terrain: str) -> int:
        pos = position(unit("a1", "allies", "infantry", "F5"), unit("x1", "axis", "infantry", "G5"),
                       terrain=(t("F5", attacker_terrain), t("G5", "wadi")))
        return target_protection(pos, pos.units["a1"], pos.units["x1"])[0]

    assert protection("curved_wadi") == 0
    assert protection("wadi") == 0
    assert protection("hill") == 1


@pytest.mark.parametrize("name", ["1346-Knightsbridge.m44", "4246-SidiRezeghAirfield.m44"])
def test_a_real_files_wadi_chain_connects_through_its_open_ends(name: str) -> None:
    """The strongest check of the facing convention: in a real editor file (bga-memoir's
    scenario folder) a wadi of three tiles, straight and curved, runs end to end, so every
    two wadi hexes that touch meet at open ends, and each tile has exactly two of them. (The
    other reading, turned clockwise, breaks the Knightsbridge chain.)"""
    from pathlib import Path

    from companion.scenarios import load, to_position

    real = Path(__file__).resolve().parents[1] / "scenarios" / "data" / "real" / "bga-memoir"
    pos = to_position(load(real / name))
    wadis = {h for h, names in pos.terrain.items() if {"wadi", "curved_wadi"} & set(names)}
    assert len(wadis) == 3 and len(pos.terrain_orientations) == 3
    for h in wadis:
        open_to = [n for n in pos.board.neighbours(h) if pos.closed_side(h, n) is None]
        assert len(open_to) == 2, pos.board.name(h)
        touching = [n for n in pos.board.neighbours(h) if n in wadis]
        assert touching and all(pos.closed_side(h, n) is None for n in touching), pos.board.name(h)
