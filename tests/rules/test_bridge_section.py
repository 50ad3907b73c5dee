"""Bridge sections (terrain card 9b), the editor's bridge with behaviour BRIDGE_SECTION: "You
can only enter from the enter/exit hex" (bga-memoir `modules/php/Terrains/BridgeSection.php`);
25 Arnhem Bridge's rules: "Units may only enter or exit Arnhem Bridge from or onto the hexes as
noted at the ends of the bridge. Movement along the span of bridge is normal."

A section is open along its span: at orientation 1 north-east, north-west, south-west and
south-east (the tile points at the hex's corners), each orientation step turning it 30
degrees clockwise (bga-memoir's `blockedDirections` 0, 1, 5, 6, 7, 11 with `deltaAngle` -1,
docs/rules-sources.md). A side onto another bridge is open too.

The hexes around G5 (col 12, row 4): H5 east, g6 north-east, f6 north-west, F5 west,
f4 south-west, g4 south-east.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.rules.battle import battle_check, resolve_battle, retreat_options
from companion.rules.board import Hex, Side, direction
from companion.rules.movement import move_destinations
from companion.rules.position import Position, Unit
from companion.rules.referee import answer
from companion.rules.terrain import TERRAIN
from tests.rules.query_parts import position, t, unit

REAL = Path(__file__).resolve().parents[1] / "scenarios" / "data" / "real" / "bga-memoir"

# bga-memoir's other encoding of the same card (BridgeSection::areCellsContiguous, the version
# that asks the cells themselves): per orientation, the (x, y) steps along the span, each
# also taken the other way. Written down here apart from the angles the rules core uses.
BGA_SPAN_STEPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1), (-1, 1)),
    2: ((-1, 1),),
    3: ((2, 0), (-1, 1)),
    4: ((2, 0),),
    5: ((2, 0), (-1, -1)),
    6: ((-1, -1),),
}


def ends(pos: Position, uid: str, **kw: Any) -> set[str]:
    """Where the unit may end a move of one hex."""
    return {pos.board.name(h) for h in move_destinations(pos, uid, **{"max_hexes": 1, **kw})}


@pytest.mark.parametrize("orientation", range(1, 7))
def test_a_section_is_open_along_its_span_as_bga_memoir_encodes_it_both_ways(orientation: int) -> None:
    spec = TERRAIN["bridge_section"]
    want = {direction(Hex(0, 0), Hex(sx * k, sy * k))
            for sx, sy in BGA_SPAN_STEPS[orientation] for k in (1, -1)}
    got = {d for d in range(6) if not spec.closes(d, orientation)}
    assert got == want
    # a span has two ends: one or two sides at each, opposite each other
    assert {(d + 3) % 6 for d in got} == got and len(got) in (2, 4)


def test_a_section_is_entered_and_left_only_at_its_ends() -> None:
    # G5 at orientation 4 runs east-west: entered from H5 and F5 only
    for side in ("g6", "f6", "f4", "g4"):
        pos = position(unit("a1", "allies", "infantry", side),
                       terrain=(t("G5", "bridge_section", orientation=4),))
        assert "G5" not in ends(pos, "a1"), side
    pos = position(unit("a1", "allies", "infantry", "H5"),
                   terrain=(t("G5", "bridge_section", orientation=4),))
    assert "G5" in ends(pos, "a1")
    pos = position(unit("a1", "allies", "armor", "G5"),
                   terrain=(t("G5", "bridge_section", orientation=4),))
    assert ends(pos, "a1") == {"G5", "H5", "F5"}
    # armor on the side goes round by an end: g4 -> H5 -> G5, two hexes
    pos = position(unit("a1", "allies", "armor", "g4"),
                   terrain=(t("G5", "bridge_section", orientation=4),))
    found = move_destinations(pos, "a1")
    g5 = pos.board.parse("G5")
    assert g5 in found and found[g5].path_length == 2


def test_movement_along_the_span_is_normal_even_where_the_sections_turn() -> None:
    # a span that bends: G5 runs east-west (4), H5 north-east / south-west (2); G5-H5 is open
    # along G5 but across H5's side, and stays open because both are bridges
    span = (t("G5", "bridge_section", orientation=4), t("H5", "bridge_section", orientation=2))
    pos = position(unit("a1", "allies", "infantry", "G5"), terrain=span)
    assert "H5" in ends(pos, "a1")
    pos = position(unit("a1", "allies", "infantry", "H5"), terrain=span)
    assert "G5" in ends(pos, "a1")
    # a plain hex in the same place is still across H5's side
    pos = position(unit("a1", "allies", "infantry", "G5"),
                   terrain=(t("H5", "bridge_section", orientation=2),))
    assert "H5" not in ends(pos, "a1")


def test_a_retreat_goes_off_a_section_only_at_its_ends() -> None:
    # the Allies retreat down the board, onto f4 or g4; a section at orientation 4 (east-west)
    # closes both, so the flag costs a figure
    pos = position(unit("a1", "allies", "infantry", "G5"),
                   terrain=(t("G5", "bridge_section", orientation=4),))
    (only,) = retreat_options(pos, "a1", 1)
    assert pos.board.name(only.hex) == "G5" and only.figures_lost == 1
    # orientation 2 runs north-east / south-west: out by its south-west end, f4
    pos = position(unit("a1", "allies", "infantry", "G5"),
                   terrain=(t("G5", "bridge_section", orientation=2),))
    assert [(pos.board.name(o.hex), o.figures_lost) for o in retreat_options(pos, "a1", 1)] == [
        ("f4", 0)]


def test_the_referee_says_why_a_retreat_off_a_section_is_closed() -> None:
    q = {"units": [unit("a1", "allies", "infantry", "H5"), unit("x1", "axis", "infantry", "G5")],
         "terrain": [t("G5", "bridge_section", orientation=4)],
         "ask": {"battle": {"attacker": "a1", "target": "x1"}}, "dice": ["flag", "star", "star"]}
    out = answer(q)
    assert out["battle"]["dice"] == 3  # a bridge takes no die
    # the Axis retreats up the board, onto f6 or g6: both across the section's sides
    assert [(r["hex"], r["figures_lost"]) for r in out["result"]["retreat"]] == [("G5", 1)]
    assert any("bridge section" in e for e in out["result"]["explain"])


def test_take_ground_onto_a_section_only_from_an_end() -> None:
    def taken(attacker_hex: str, kind: str) -> Any:
        pos = position(unit("a1", "allies", kind, attacker_hex),
                       unit("x1", "axis", "infantry", "G5", figures=1),
                       terrain=(t("G5", "bridge_section", orientation=4),))
        check = battle_check(pos, "a1", "x1")
        assert check.allowed and check.close_assault
        return resolve_battle(pos, "a1", "x1", ["grenade"] * check.dice)

    side = taken("g4", "infantry")
    assert side.eliminated and not side.take_ground
    assert any("bridge section" in e for e in side.explain)
    assert taken("H5", "infantry").take_ground
    armor = taken("g4", "armor")
    assert not armor.take_ground and not armor.armor_overrun
    assert taken("H5", "armor").take_ground


def test_a_section_without_its_orientation_is_a_plain_bridge() -> None:
    pos = position(unit("a1", "allies", "infantry", "g4"), terrain=(t("G5", "bridge_section"),))
    assert "G5" in ends(pos, "a1")
    assert pos.terrain_orientations == {}
    # and it is a bridge: it crosses the river under it
    pos = position(unit("a1", "allies", "infantry", "H5"),
                   terrain=(t("G5", "river"), t("G5", "bridge_section")))
    assert "G5" in ends(pos, "a1")


def test_arnhem_bridge_is_crossed_only_from_end_to_end() -> None:
    """25 Arnhem Bridge (bga-memoir's scenario folder): three sections at orientation 2, from
    I7 north of the Rhine over h6 (the river) and H5 to g4, its ends I7 and G3."""
    from companion.scenarios import load, to_position

    pos = to_position(load(REAL / "25-ArnhemBridge.m44"))
    b = pos.board
    span = [b.parse(n) for n in ("h6", "H5", "g4")]
    assert {h for (h, name) in pos.terrain_orientations if name == "bridge_section"} == set(span)
    # each section opens onto the next one and the end hexes, nowhere else
    opens = {b.name(h): {b.name(n) for n in b.neighbours(h) if pos.closed_side(h, n) is None}
             for h in span}
    assert opens == {"h6": {"I7", "H5"}, "H5": {"h6", "g4"}, "g4": {"H5", "G3"}}
    # a unit beside the span walks round to an end: from G5, west of H5, H5 is no step
    for u in list(pos.units):
        pos.remove_unit(u)
    pos.add_unit(Unit(id="a1", side=Side.ALLIES, type="infantry", hex=b.parse("G5"), figures=4))
    reach = {b.name(h) for h in move_destinations(pos, "a1")}
    assert "H5" not in reach and "g4" not in reach
    assert "G3" in reach  # infantry moves 2: G5-f4-G3; g4 would be a third hex
