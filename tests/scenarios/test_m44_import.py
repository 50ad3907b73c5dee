"""The .m44 importer on files written for these tests (tests/scenarios/data/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.board import Board, BoardKind, Hex, Side
from companion.scenarios import (
    AirRules,
    BoardFace,
    ObjectiveKind,
    ScenarioError,
    import_m44,
    load,
    load_m44,
    loads_m44,
    to_position,
)
from companion.scenarios.check import problems
from companion.scenarios.m44_codes import TERRAIN_CODES, TILE_ALSO
from companion.scenarios.model import known_terrain

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def full():
    return load_m44(DATA / "full.m44")


def _pieces(s, hex_name):
    return sorted((p.type, p.orientation) for p in s.terrain if p.hex == hex_name)


def _unit(s, hex_name):
    found = [u for u in s.units if u.hex == hex_name]
    assert len(found) == 1, f"expected one unit on {hex_name}, found {found}"
    return found[0]


# --- coordinates ------------------------------------------------------------------------
@pytest.mark.parametrize(("kind", "row", "col", "name"), [
    ("standard", 0, 0, "A9"),
    ("standard", 0, 24, "M9"),
    ("standard", 1, 1, "a8"),
    ("standard", 8, 24, "M1"),
    ("standard", 4, 12, "G5"),
    ("breakthrough", 0, 0, "A17"),
    ("breakthrough", 16, 24, "M1"),
    ("overlord", 0, 50, "Z9"),
    ("overlord", 1, 49, "y8"),
])
def test_editor_row_col_are_our_doubled_width_coordinates(kind, row, col, name):
    board = Board.of(kind)
    assert board.name(Hex(col, row)) == name
    assert board.parse(name) == Hex(col, row)


def test_full_file_coordinates_land_on_the_named_hexes(full):
    # row 0 col 0 carries buildings and an Axis infantry; row 8 col 24 a Soviet infantry
    assert _pieces(full, "A9") == [("town", None)]
    assert _unit(full, "A9").type == "infantry"
    assert _unit(full, "M1").nation == "ru"


def test_breakthrough_file_corners():
    s = load_m44(DATA / "breakthrough.m44")
    assert s.board is BoardKind.BREAKTHROUGH
    assert s.face is BoardFace.WINTER
    # player 1 (the Allies here) sits at the top, so the Axis hold the bottom edge
    assert s.bottom is Side.AXIS
    assert _unit(s, "A17").side is Side.ALLIES
    assert _unit(s, "M1").side is Side.AXIS
    assert _pieces(s, "g8") == [("frozen_river", 2)]
    assert s.starts is Side.ALLIES


# --- game_info and text ---------------------------------------------------------------
def test_game_info_sides_cards_victory_and_starting_player(full):
    assert full.id == "m44-9001"
    assert full.bottom is Side.ALLIES
    assert full.starts is Side.ALLIES  # PLAYER2 sits at the bottom
    assert full.sides[Side.AXIS].cards == 4
    assert full.sides[Side.ALLIES].cards == 6
    assert full.sides[Side.AXIS].medals_to_win == 5
    assert full.sides[Side.ALLIES].medals_to_win == 7
    assert full.sides[Side.AXIS].country == "de"
    assert full.sides[Side.ALLIES].country == "us"
    assert full.date == "1944-08-15"
    assert full.front == "western"
    assert full.board is BoardKind.STANDARD
    assert full.face is BoardFace.COUNTRYSIDE


def test_text_in_every_language(full):
    assert set(full.text) == {"en", "fr"}
    en = full.texts("en")
    assert en.name == "Test Crossing"
    assert en.description == "A made-up battle for the importer tests."
    assert "Allies: 6 cards" in en.special_rules
    assert "Conditions of victory: 7 medals" in en.special_rules
    assert full.texts("fr").name == "Passage d'essai"
    assert full.texts("de").name == "Test Crossing"  # falls back to English


# --- terrain layers -------------------------------------------------------------------
@pytest.mark.parametrize(("hex_name", "expected"), [
    ("C9", [("hill", None), ("sandbags", 1)]),
    ("D9", [("winter_forest", None)]),
    ("E9", [("desert_hill", None)]),
    ("F9", [("airfield", None)]),
    ("a8", [("river", 2)]),
    ("b8", [("river", 4)]),
    ("c8", [("bridge", 5), ("river", 2)]),
    ("d8", [("marsh", None)]),
    ("e8", [("hedgerow", None)]),
    ("f8", [("bunker", None)]),
    ("A7", [("road", 3)]),
    ("B7", [("road", 1)]),
    ("C7", [("railway", 2)]),
    ("D7", [("barbed_wire", 1)]),
    ("E7", [("hedgehogs", None)]),
    ("F7", [("aircraft_carrier", 1)]),
    ("h6", [("minefield", None)]),
])
def test_terrain_rect_terrain_and_obstacle_layers(full, hex_name, expected):
    assert _pieces(full, hex_name) == expected


def test_bunker_and_minefield_keep_their_owner(full):
    bunker = next(p for p in full.terrain if p.type == "bunker")
    mines = next(p for p in full.terrain if p.type == "minefield")
    assert bunker.owner is Side.AXIS
    assert mines.owner is Side.AXIS


@pytest.mark.parametrize("code", sorted(TERRAIN_CODES))
def test_every_editor_terrain_code_loads_as_its_rules_or_is_named_as_not_played(code):
    doc = {"board": {"hexagons": [{"row": 4, "col": 12, "terrain": {"name": code}}]}}
    s = import_m44(doc)
    entry = TERRAIN_CODES[code]
    if entry.type in known_terrain():
        assert [p.type for p in s.terrain] == [entry.type, *TILE_ALSO.get(code, ())]
        assert not s.notes
    else:
        assert s.terrain == []
        assert s.notes == [f"G5: {entry.label} ({code!r}) is not played yet; left out"]


# --- units ----------------------------------------------------------------------------
@pytest.mark.parametrize(("hex_name", "side", "type_", "figures", "badges"), [
    ("A9", Side.AXIS, "infantry", None, ()),
    ("B9", Side.AXIS, "special_forces", None, ()),
    ("C9", Side.AXIS, "artillery", None, ()),
    ("D9", Side.AXIS, "armor", 2, ()),
    ("E9", Side.AXIS, "elite_armor", None, ("badge2",)),
    ("A3", Side.ALLIES, "infantry", None, ()),
    ("B3", Side.ALLIES, "special_forces", None, ()),
    ("C3", Side.ALLIES, "armor", None, ()),
    ("D3", Side.ALLIES, "elite_armor", None, ("badge1",)),
    ("E3", Side.ALLIES, "artillery", None, ()),
    ("F3", Side.ALLIES, "french_resistance", None, ("badge3",)),
    ("G3", Side.ALLIES, "anti_tank_late", None, ("badge37",)),  # a 1944 battle: late war
    ("H3", Side.ALLIES, "combat_engineer", None, ("badge12",)),
    ("a2", Side.ALLIES, "special_forces", None, ("badge4",)),  # badge 4: an insignia
    ("b2", Side.ALLIES, "french_resistance", None, ()),
    ("M1", Side.ALLIES, "infantry", 3, ()),
])
def test_unit_codes_badges_and_figures(full, hex_name, side, type_, figures, badges):
    u = _unit(full, hex_name)
    assert (u.side, u.type, u.figures, u.badges) == (side, type_, figures, badges)


def test_unit_ids_are_unique_and_by_side(full):
    ids = [u.id for u in full.units]
    assert len(ids) == len(set(ids))
    assert all(u.id.startswith("a" if u.side is Side.ALLIES else "x") for u in full.units)


def test_combat_engineers_are_played_so_no_note(full):
    assert full.notes == []


# --- tags: medals, exits, mines, sudden death ------------------------------------------
def test_medal_tags_become_objectives(full):
    by_hex = {o.hexes[0]: o for o in full.objectives if o.kind is not ObjectiveKind.SUDDEN_DEATH}
    assert by_hex["F9"].kind is ObjectiveKind.PERMANENT
    assert by_hex["F9"].sides == (Side.AXIS,)
    assert by_hex["F9"].medals == 2
    assert by_hex["c8"].kind is ObjectiveKind.TEMPORARY
    assert by_hex["c8"].sides == (Side.ALLIES,)
    majority = by_hex["G7"]
    assert majority.kind is ObjectiveKind.TEMPORARY_MAJORITY
    assert majority.hexes == ("G7", "H7")
    assert majority.sides == (Side.ALLIES, Side.AXIS)
    last = by_hex["g6"]
    assert last.kind is ObjectiveKind.LAST_TO_OCCUPY
    assert last.at_turn_start is True


def test_sudden_death_condition(full):
    sd = [o for o in full.objectives if o.kind is ObjectiveKind.SUDDEN_DEATH]
    assert len(sd) == 1
    assert sd[0].hexes == ("F9", "G9", "f8")
    assert sd[0].hexes_needed == 2
    assert sd[0].sides == (Side.ALLIES,)


def test_exit_marker(full):
    assert [(x.hex, x.side) for x in full.exits] == [("M5", Side.ALLIES)]


def test_the_standard_deck_option_is_no_problem(full):
    assert not any("deck_name" in n for n in full.notes)


def test_options_become_rule_variants_and_unknown_options_are_named_once():
    doc = {"board": {}, "game_info": {"options": {
        "blitz_rules": True, "russian_commissar_rule": "ALLIES", "gung_ho": False,
        "deck_name": "SOMETHING_ELSE", "fog_of_war": True, "smoke_screen": True}}}
    s = import_m44(doc)
    assert s.variants == {"blitz": "", "russian_commissar": "allies"}
    notes = "\n".join(s.notes)
    assert "option 'fog_of_war' is not played" in notes
    # a smoke screen (Actions 21) is laid by one side: without one it is said, not played
    assert "option 'smoke_screen' names no side ('True'); it is not played" in notes
    doc["game_info"]["options"] = {"smoke_screen": {"side": "ALLIES"}}
    assert import_m44(doc).variants == {"smoke_screen": "allies"}
    assert "option 'deck_name' = 'SOMETHING_ELSE' is not played" in notes
    assert "gung_ho" not in notes


def test_full_file_builds_a_rules_position(full):
    position = to_position(full)
    assert len(position.units) == len(full.units)
    assert position.unit_at(Board.of("standard").parse("D9")).figures == 2


# --- board faces and air --------------------------------------------------------------
def test_beach_face_adds_beach_and_ocean_rows_under_the_tiles():
    s = load_m44(DATA / "beach.m44")
    assert s.face is BoardFace.BEACH
    assert _pieces(s, "A5") == [("hill", None)]  # a terrain tile replaces the printed beach
    assert _pieces(s, "B5") == [("beach", None)]
    assert _pieces(s, "a4") == [("beach", None)]
    assert _pieces(s, "A3") == [("beach", None)]
    assert _pieces(s, "a2") == [("ocean", None)]
    assert _pieces(s, "M1") == [("ocean", None)]
    assert _pieces(s, "a6") == []
    assert s.starts is Side.AXIS


def test_air_option_and_plane_code():
    s = load_m44(DATA / "beach.m44")
    assert s.air.rules is AirRules.AIR_PACK
    plane = _unit(s, "c2")
    assert plane.type == "airplane"
    assert plane.side is Side.ALLIES


@pytest.mark.parametrize(("nation", "model"), [("us", "p38"), ("ger", "storch"), ("ru", "yak1"),
                                               ("jp", "zero"), ("brit", "spitfire")])
def test_the_editors_pln_figure_is_an_airplane_pre_positioned_on_the_ground(nation, model):
    # the editor names its airplane figures pln + nation (its image list: mp_plnus.png ...);
    # Air Pack p.5 "Pre-positioned and On the Ground Airplanes": placed on its hex at set-up,
    # "considered landed or on the ground", and the Air Pack rules are then in play
    data = {"board": {"type": "STANDARD", "face": "COUNTRY", "hexagons": [
        {"row": 8, "col": 0, "unit": {"name": "infus"}},
        {"row": 0, "col": 0, "unit": {"name": "infger"}},
        {"row": 4, "col": 12, "terrain": {"name": "airfield"}, "unit": {"name": "pln" + nation}}]},
        "game_info": {"side_player1": "AXIS", "side_player2": "ALLIES",
                      "date_begin": "1942-06-01"}}
    s = import_m44(data)
    plane = _unit(s, "G5")
    assert plane.type == "airplane" and not plane.airborne
    # the figure names a nation, not a model: the first the Air Pack's selection guidelines give
    # the nation in June 1942 in Europe (p.4; as the game picks a sortie's airplane)
    assert plane.model == model
    assert plane.side is (Side.AXIS if nation in ("ger", "jp") else Side.ALLIES)
    assert s.air.rules is AirRules.AIR_PACK
    assert not problems(s)


def test_a_pre_positioned_airplane_flies_its_theatres_and_dates_model_and_the_game_plays_it():
    # the crash this fixes: a Japanese airplane on the board with no model stopped the game
    data = {"board": {"type": "STANDARD", "face": "COUNTRY", "hexagons": [
        *({"row": 8, "col": c, "unit": {"name": "infus"}} for c in (0, 4, 8)),
        *({"row": 0, "col": c, "unit": {"name": "infjp"}} for c in (0, 4, 8)),
        {"row": 1, "col": 13, "terrain": {"name": "pairfield"}, "unit": {"name": "plnjp"}},
        {"row": 7, "col": 13, "terrain": {"name": "pcarrier"}, "unit": {"name": "plnus"}}]},
        "game_info": {"side_player1": "AXIS", "side_player2": "ALLIES", "front": "PACIFIC",
                      "date_begin": "1943-10-01", "victory_player1": 3, "victory_player2": 3}}
    s = import_m44(data)
    assert [(u.nation, u.model) for u in s.units if u.type == "airplane"] == [
        ("jp", "zero"), ("us", "corsair")]  # a carrier-based Corsair from September 1943 (p.4)
    from companion.game.auto import AutoPlayer
    from companion.game.session import GameSession
    session, player = GameSession.new(s, deck_seed=3), AutoPlayer(3)
    for _ in range(20000):
        if session.over:
            break
        session.act(player.next_action(session))
    assert session.over


# --- unknown codes: reported by name with the hex; the rest loads ------------------------
def test_unknown_codes_are_named_with_their_hex_and_the_rest_loads():
    s = load_m44(DATA / "unknown_codes.m44")
    notes = "\n".join(s.notes)
    assert "C7: unknown terrain code 'zeppelinfield'" in notes
    assert "D7: unknown unit code 'robotger'" in notes
    assert "E7: unit code 'infxx' has an unknown nation 'xx'" in notes
    assert "b6: unknown tag 'tag9'" in notes
    assert _pieces(s, "c6") == [("mountain", None)]
    assert "row 3 col 4 is not a hex" in notes
    assert s.face is BoardFace.DESERT
    assert [(u.hex, u.type) for u in s.units] == [("C5", "infantry"), ("E1", "armor")]
    assert _pieces(s, "C5") == [("forest", None)]


# --- malformed files: a clear error naming the field, never a traceback --------------------
@pytest.mark.parametrize(("name", "field", "words"), [
    ("truncated.m44", "", "not valid JSON"),
    ("wrong_row.m44", "board.hexagons[3].row", "whole number"),
    ("wrong_hexagons.m44", "board.hexagons", "must be a list"),
    ("wrong_board.m44", "board.type", "STANDARD, BRKTHRU, BREAKTHROUGH, OVERLORD"),
    ("wrong_cards.m44", "game_info.cards_player2", "whole number"),
    ("wrong_unit.m44", "board.hexagons[0].unit", "must be an object"),
])
def test_malformed_files_name_the_field(name, field, words):
    with pytest.raises(ScenarioError) as info:
        load_m44(DATA / name)
    assert info.value.field == field
    assert words in info.value.message


@pytest.mark.parametrize(("doc", "field"), [
    ([], ""),
    ({}, "board"),
    ({"board": {"type": "STANDARD", "face": "MOON"}}, "board.face"),
    ({"board": {}, "game_info": {"side_player1": "AXIS", "side_player2": "AXIS"}},
     "game_info.side_player2"),
    ({"board": {}, "game_info": {"starting": "PLAYER3"}}, "game_info.starting"),
    ({"board": {"hexagons": [{"row": 0}]}}, "board.hexagons[0].col"),
    ({"board": {"hexagons": [{"row": 0, "col": 0, "terrain": {}}]}},
     "board.hexagons[0].terrain.name"),
    ({"board": {"hexagons": [{"row": 0, "col": 0, "terrain": {"name": 7}}]}},
     "board.hexagons[0].terrain.name"),
    ({"board": {"hexagons": [{"row": 0, "col": 0, "unit": {"name": "infus",
                                                           "nbr_units": "lots"}}]}},
     "board.hexagons[0].unit.nbr_units"),
    ({"board": {"hexagons": [{"row": 0, "col": 0, "tags": [{"name": "medal1",
                                                            "group": ["Q99"]}]}]}},
     "board.hexagons[0].tags[0].group[0]"),
    ({"board": {}, "game_info": {"victory": {"condition": [
        {"group_sudden_death": {"side": "NOBODY", "group": ["A9"]}}]}}},
     "game_info.victory.condition[0].group_sudden_death.side"),
    ({"board": {}, "text": {"en": {"name": ["x"]}}}, "text.en.name"),
    # a side dealt no command card could never play a turn (the game waited for a card forever)
    ({"board": {}, "game_info": {"cards_player2": 0}}, "game_info.cards_player2"),
])
def test_wrong_types_name_the_field(doc, field):
    with pytest.raises(ScenarioError) as info:
        import_m44(doc)
    assert info.value.field == field


def test_php_style_numbered_objects_are_read_as_lists():
    doc = {"board": {"hexagons": {"0": {"row": 0, "col": 0, "unit": {"name": "infger"}},
                                  "1": {"row": 8, "col": 0, "unit": {"name": "infus"}}}}}
    s = import_m44(doc)
    assert [u.hex for u in s.units] == ["A9", "A1"]


def test_load_picks_the_importer_by_suffix_and_by_content(tmp_path):
    text = (DATA / "full.m44").read_text()
    as_json = tmp_path / "editor-export.json"
    as_json.write_text(text)
    assert load(as_json).name() == "Test Crossing"
    assert load(DATA / "full.m44") == loads_m44(text, default_id="full")


def test_an_airdrop_whose_side_is_not_a_name_is_left_out_with_a_note():
    """Found by breaking real files at random: a side written as an object raised TypeError."""
    doc = {"board": {}, "game_info": {"options": {"airdrop": {"side": {"ALLIES": 1}, "nbr_units": 2}}}}
    s = import_m44(doc)
    assert any("airdrop without a side" in n for n in s.notes)
