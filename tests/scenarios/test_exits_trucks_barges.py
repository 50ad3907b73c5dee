"""Issue 16, rules7: exits without a side, exits needed to win, supply trucks, barges and the
beach face of a Breakthrough board, as the importer reads them from the editor's files.

Each case is built from the scenario's own text (the bga-memoir transcriptions in
data/real/bga-memoir) or a small file written from that text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.rules.board import Side
from companion.scenarios import BoardFace, import_m44, load, to_position
from companion.scenarios.check import errors

BGA = Path(__file__).parent / "data" / "real" / "bga-memoir"


def _file(hexagons: list[dict[str, Any]], *, rules: str = "", victory: str = "",
          options: dict[str, Any] | None = None, board: str = "STANDARD",
          face: str = "COUNTRY") -> dict[str, Any]:
    info: dict[str, Any] = {"side_player1": "AXIS", "side_player2": "ALLIES"}
    if options:
        info["options"] = options
    return {"game_info": info, "text": {"en": {"name": "t", "rules": rules, "victory": victory}},
            "board": {"type": board, "face": face, "hexagons": [
                {"row": 0, "col": 0, "unit": {"name": "tankger"}},
                {"row": 8, "col": 4, "unit": {"name": "tankus"}}, *hexagons]}}


# --- exits: must_have_unit_exit ----------------------------------------------------------
def test_gembloux_axis_needs_one_exit_among_its_medals():
    """3496: "Axis player: 12 Medals, with at least one collected by a German unit exiting the
    board through the Exit hex toward Gembloux" (option must_have_unit_exit)."""
    s = load(BGA / "3496-BreakthroughToGembloux.m44")
    assert s.variants["exits_to_win"] == "axis:1"
    assert [(x.hex, x.side) for x in s.exits] == [("K1", Side.AXIS)]
    assert errors(s) == []


def test_must_have_unit_exit_without_a_side_is_named_and_left_out():
    s = import_m44(_file([], options={"must_have_unit_exit": {"min_nbr_units": 1}}))
    assert "exits_to_win" not in s.variants
    assert any("must_have_unit_exit" in n and "left out" in n for n in s.notes)


# --- exits: bare markers -------------------------------------------------------------------
def test_coastal_road_exits_are_the_allies_as_its_briefing_says():
    """4241: "Exit markers are in effect on the two road hexes at the board's edges, for the
    Allied forces": two bare tag4 pictures, on the left and right edges."""
    s = load(BGA / "4241-EscapeViaTheCoastalRoad.m44")
    assert sorted((x.hex, x.side) for x in s.exits) == [("A1", Side.ALLIES), ("M5", Side.ALLIES)]
    assert not any("exit marker" in n for n in s.notes)


def test_utah_beach_exit_tokens_are_the_allies_as_its_victory_text_says():
    """42 Utah Beach: "An Allied unit that exits off the Axis side of the battlefield counts as
    one Victory Medal": three bare exit tokens (one object under 'tag') on the Axis baseline."""
    s = load(BGA / "42-UtahBeach.m44")
    assert sorted((x.hex, x.side) for x in s.exits) == [
        ("A9", Side.ALLIES), ("E9", Side.ALLIES), ("J9", Side.ALLIES)]
    assert errors(s) == []


def test_elster_axis_wins_only_by_exiting_three_units_on_the_allied_baseline():
    """5841: "The Axis player achieves Victory if, and only if, he manages to exit 3 of his
    units through the Exit markers on the Allied player's baseline"."""
    s = load(BGA / "5841-TheSurrenderOfElstersColumn.m44")
    assert sorted((x.hex, x.side) for x in s.exits) == [
        ("C1", Side.AXIS), ("G1", Side.AXIS), ("J1", Side.AXIS)]
    assert s.variants["exits_to_win"] == "axis:3"
    assert errors(s) == []


def test_noville_exit_is_the_allied_trucks_though_it_stands_on_their_own_baseline():
    """6380: "The baseline road hex with an Exit marker is worth 1 Victory Medal for each
    Allied truck figure that manages to exit the board toward Bastogne" (the marker stands on
    the Allies' own baseline)."""
    s = load(BGA / "6380-NovilleToFoy.m44")
    assert [(x.hex, x.side) for x in s.exits] == [("C1", Side.ALLIES)]
    assert s.variants["supply_truck_exit_per_figure"] == "allies"


def test_a_lone_bare_marker_with_a_silent_briefing_is_still_said_even_on_a_baseline():
    """Its baseline does not say whose it is (6380's marker on the Allied baseline is the
    Allies' own exit): only the briefing does, or a pair on a baseline (4230)."""
    s = import_m44(_file([{"row": 8, "col": 10, "tags": [{"name": "tag4"}]},
                          {"row": 4, "col": 0, "tags": [{"name": "tag4"}]}]))
    assert s.exits == []
    assert any(n.startswith("F1, A5: exit marker without a side") for n in s.notes)


def test_the_briefing_names_the_side_of_a_marker_on_a_baseline():
    s = import_m44(_file([{"row": 8, "col": 10, "tags": [{"name": "tag4"}]}],
                         victory="Exit markers are in effect on the road hex, for the Allied "
                                 "forces."))
    assert [(x.hex, x.side) for x in s.exits] == [("F1", Side.ALLIES)]


# --- supply trucks ---------------------------------------------------------------------------
def test_supply_trucks_load_with_their_figures_and_play_as_troops_17():
    """Troops 17: "1-3 figures, per scenario; treated as Infantry, for all purposes; move 0-2,
    +2 hexes when on a road; cannot battle"."""
    s = load(BGA / "6380-NovilleToFoy.m44")
    trucks = [u for u in s.units if u.type == "supply_truck"]
    assert [(u.hex, u.side, u.figures) for u in trucks] == [
        ("G13", Side.ALLIES, 2), ("h12", Side.ALLIES, 2), ("G9", Side.ALLIES, 2)]
    assert errors(s) == []
    spec = to_position(s).units[trucks[0].id].spec
    assert spec.unit_class.value == "infantry" and spec.dice == () and spec.road_bonus == 2
    assert spec.medal_worth == 0 and spec.figures_per_medal == 3


def test_mortain_allied_kills_give_the_axis_no_medal_and_its_trucks_resupply():
    """6433: "Allied units killed give the Axis player no medals in this scenario"; "Re-supply
    rules (Actions 24 - Re-Supply) are in effect for the Supply Trucks"."""
    s = load(BGA / "6433-BreakthroughAtMortain.m44")
    assert s.variants["no_kill_medals"] == "allies"
    assert s.variants["re_supply"] == ""
    pos = to_position(s)
    assert {u.spec.medal_worth for u in pos.units.values() if u.side is Side.ALLIES} == {0}
    assert {u.spec.medal_worth for u in pos.units.values()
            if u.side is Side.AXIS and u.type != "supply_truck"} == {1}
    allied_truck = next(u for u in pos.units.values()
                        if u.side is Side.ALLIES and u.type == "supply_truck")
    assert allied_truck.spec.figures_per_medal == 0  # its figures are no medal either
    assert errors(s) == []
    assert "re_supply" not in load(BGA / "6380-NovilleToFoy.m44").variants  # "not in effect"


# --- barges and the beach face --------------------------------------------------------------
def test_manado_barges_are_landing_craft_under_their_units():
    """4683: the editor's 'barge' (bga-memoir LandingCrafts, type barge) carries the Japanese
    unit of its hex: the Landing Craft of Troops 15 (seed 000, "Landing Craft")."""
    s = load(BGA / "4683-ManadoLandings.m44")
    crafts = [u for u in s.units if "landing_craft" in u.badges]
    assert sorted(u.hex for u in crafts) == ["a2", "c2", "e2", "g2", "i2", "k2"]
    assert {u.side for u in crafts} == {Side.AXIS}
    assert not any("barge" in n for n in s.notes)


def test_a_barge_with_no_unit_is_named_and_left_out():
    s = import_m44(_file([{"row": 7, "col": 3, "rect_terrain": {"name": "barge"}}]))
    assert any("landing craft ('barge') carrying no unit" in n for n in s.notes)


def test_the_beach_face_of_a_breakthrough_board_is_its_last_five_rows():
    """The beach face prints ocean on the two rows by the bottom edge and beach on the three
    above, on every board (bga-memoir Board.js getBackgroundTile: b = dim.y - y): on a
    17-row Breakthrough board, rows 1-2 ocean and 3-5 beach."""
    s = import_m44(_file([{"row": 12, "col": 0, "terrain": {"name": "hills"}}],
                         board="BRKTHRU", face="BEACH"))
    assert s.face is BoardFace.BEACH
    kinds = {p.hex: p.type for p in s.terrain}
    assert kinds["A1"] == "ocean" and kinds["a2"] == "ocean"
    assert kinds["A3"] == "beach" and kinds["a4"] == "beach"
    assert kinds["A5"] == "hill"  # a tile covers the printed beach
    assert kinds["B5"] == "beach"
    assert "a6" not in kinds and "A7" not in kinds
    assert not any("beach face" in n for n in s.notes)


# --- camouflage ------------------------------------------------------------------------------
def test_tatsinskaya_german_units_under_camouflage_tags_start_camouflaged():
    """4000: "All German units are camouflaged at the start of the battle (Actions 16 -
    Camouflage), except for the units in Tatsinskaya and in the field bunkers": the file's
    tag15 on each of them (bga-memoir reads tag14/tag15 as its camouflage token)."""
    s = load(BGA / "4000-TheTatsinskayaRaid.m44")
    hidden = [u for u in s.units if "camouflaged" in u.badges]
    assert len(hidden) == 11 and {u.side for u in hidden} == {Side.AXIS}
    assert any(u.side is Side.AXIS and "camouflaged" not in u.badges for u in s.units)
    assert s.variants["camouflage"] == ""
    assert errors(s) == []


def test_a_camouflage_briefing_with_no_tag_is_said_and_a_tag_alone_plays():
    told = import_m44(_file([], rules="Actions 16 - Camouflage: the Axis units are hidden."))
    assert "camouflage" not in told.variants
    assert any("camouflage (Actions 16) marks no unit" in n for n in told.notes)
    tagged = import_m44(_file([{"row": 2, "col": 2, "unit": {"name": "infger"},
                                "tags": [{"name": "tag14"}]}]))
    assert [u.badges for u in tagged.units if u.hex == "B7"] == [("camouflaged",)]
    assert tagged.variants == {"camouflage": ""} and tagged.notes == []
