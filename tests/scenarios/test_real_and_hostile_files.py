"""The importer on a real editor file, on the shapes files in the wild take, and on hostile input.

``data/real/*.m44`` are scenarios as bga-memoir keeps them (1311, 1412, 4245; each names its
source in the file's ``_source`` field). Hostile inputs come from issue 17: each is a one-line ScenarioError
(exit 2 from the command line), never a traceback, and a repeated hexagon costs linear time.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.rules.board import BoardKind, Side
from companion.scenarios import BoardFace, ScenarioError, import_m44, load, loads_m44, to_position
from companion.scenarios.check import errors, problems
from companion.scenarios.m44 import load_m44

REAL = Path(__file__).parent / "data" / "real"


def test_bug_river_loads_with_its_field_bunkers_and_its_supply_train():
    s = load_m44(REAL / "1311-bug-river.m44")
    assert s.id == "m44-1311"
    assert s.bottom is Side.ALLIES and s.starts is Side.AXIS
    assert {p.type for p in s.terrain if p.hex in ("c6", "h6")} == {"field_bunker"}
    assert [u.type for u in s.units if u.hex == "c6"] == ["armor"]
    assert s.objectives[0].hexes == ("e2",) and s.objectives[0].sides == (Side.AXIS,)
    assert [p.type for p in s.terrain if p.hex == "e4"] == ["railway_station"]
    # the standard victory condition is no note; the train is player 2's (the Russians'):
    # its locomotive and wagon on the track, a supply train loaded with one infantry unit a car
    assert s.notes == []
    assert not errors(s)
    assert [(u.type, u.hex, u.side) for u in s.units if u.type in ("locomotive", "wagon")] == [
        ("locomotive", "L3", Side.ALLIES), ("wagon", "M3", Side.ALLIES)]
    assert s.variants["supply_train"] == ":infantry:1,1"
    to_position(s)  # what loads, plays


@pytest.mark.parametrize(("written", "kind"), [
    ("brkthru", BoardKind.BREAKTHROUGH), ("Standard", BoardKind.STANDARD),
    ("overlord", BoardKind.OVERLORD), ("BREAKTHROUGH", BoardKind.BREAKTHROUGH),
])
def test_board_type_is_read_in_any_case(written, kind):
    s = import_m44({"board": {"type": written, "face": "winter"}})
    assert s.board is kind
    assert s.face is BoardFace.WINTER


def test_sides_starting_and_owners_in_lower_case():
    s = import_m44({"board": {"hexagons": [
        {"row": 0, "col": 0, "obstacle": {"name": "bunker", "original_owner": "axis"}}]},
        "game_info": {"side_player1": "axis", "side_player2": "allies", "starting": "player2"}})
    assert s.bottom is Side.ALLIES and s.starts is Side.ALLIES
    assert s.terrain[0].owner is Side.AXIS


@pytest.mark.parametrize("victory", [
    [{"group_sudden_death": {"side": "ALLIES", "group": ["A9"]}}],
    {"condition": [{"group_sudden_death": {"side": "ALLIES", "group": ["A9"]}}]},
    {"condition": {"group_sudden_death": {"side": "ALLIES", "group": ["A9"]}}},
    {"group_sudden_death": {"side": "ALLIES", "group": ["A9"]}},
])
def test_victory_as_a_list_or_an_object(victory):
    s = import_m44({"board": {}, "game_info": {"victory": victory}})
    assert [o.hexes for o in s.objectives] == [("A9",)]


def test_behaviours_make_cliffs_fords_and_wide_rivers():
    s = import_m44({"board": {"hexagons": [
        {"row": 0, "col": 0, "terrain": {"name": "hills", "behavior": "CLIFF"}},
        {"row": 0, "col": 2, "terrain": {"name": "river", "behavior": "FORD"}},
        {"row": 0, "col": 4, "terrain": {"name": "river", "behavior": "WIDE_RIVER"}},
        {"row": 0, "col": 6, "terrain": {"name": "hills", "behavior": "HILL"}},
    ]}})
    assert [p.type for p in s.terrain] == ["cliff", "ford", "river", "hill"]
    assert s.notes == []


def test_a_mine_tag_and_camouflage_tags():
    s = import_m44({"board": {"hexagons": [{"row": 4, "col": 12, "tags": [
        {"name": "tag4", "behavior": "MINE_FIELD", "side": "AXIS"}, {"name": "tag14"}]}]}})
    assert [(p.type, p.owner) for p in s.terrain] == [("minefield", Side.AXIS)]
    assert s.notes == []


def test_badge_nation_and_late_war_badges():
    s = import_m44({"board": {"hexagons": [
        {"row": 0, "col": 0, "unit": {"name": "infger", "badge": "badge38"}},
        {"row": 8, "col": 0, "unit": {"name": "infus", "badge": "badge37lw"}}]}})
    assert s.units[0].nation == "it"
    assert s.units[1].badges == ("badge37lw",)


# --- hostile input (issue 17) ------------------------------------------------------------
def test_an_integer_of_5000_digits_is_a_one_line_error():
    text = '{"board": {"hexagons": [{"row": ' + "9" * 5000 + ', "col": 0}]}}'
    with pytest.raises(ScenarioError) as info:
        loads_m44(text)
    assert info.value.field == ""
    assert "\n" not in str(info.value) and len(str(info.value)) < 200


def test_a_huge_integer_in_parsed_data_is_named_without_printing_it():
    with pytest.raises(ScenarioError) as info:
        import_m44({"board": {"hexagons": [{"row": 10**5000, "col": 0}]}})
    assert info.value.field == "board.hexagons[0].row"
    assert "larger number" in info.value.message


@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_deep_nesting_is_a_one_line_error(opener):
    closer = "]" if opener == "[" else "}"
    text = opener * 100_000 + closer * 100_000
    with pytest.raises(ScenarioError) as info:
        loads_m44(text)
    assert "nested deeper than 64 levels" in info.value.message


def test_superscript_digits_are_not_numbers():
    with pytest.raises(ScenarioError) as info:
        import_m44({"board": {"hexagons": [{"row": "²", "col": 0}]}})
    assert info.value.field == "board.hexagons[0].row"


def test_a_hexagon_repeated_ten_thousand_times_is_one_note_and_loads_once():
    one = {"row": 4, "col": 12, "terrain": {"name": "woods"}, "unit": {"name": "infger"}}
    other = {"row": 8, "col": 0, "unit": {"name": "infus"}}
    doc = {"board": {"hexagons": [one] * 10_000 + [other]}}
    s = import_m44(doc)
    assert len(s.units) == 2 and len(s.terrain) == 1
    assert s.notes == ["board.hexagons: 9999 hexagons repeat a hex already listed (first "
                       "board.hexagons[1]: G5, listed at board.hexagons[0]); the repeats were "
                       "skipped"]
    assert len(problems(s)) == 1


def test_the_command_line_says_one_line_and_exits_2_on_hostile_files(tmp_path, capsys):
    deep = tmp_path / "deep.m44"
    deep.write_text("[" * 50_000 + "]" * 50_000)
    big = tmp_path / "big.m44"
    big.write_text(json.dumps({"board": {}}).replace("{}", '{"type": ' + "7" * 4400 + "}"))
    for path in (deep, big):
        assert main(["scenario", "check", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err


def test_variants_and_mine_values_survive_our_json_format(tmp_path):
    from companion.scenarios import load, save

    s = import_m44({"board": {"hexagons": [
        {"row": 0, "col": 0, "unit": {"name": "infger"}},
        {"row": 4, "col": 12, "obstacle": {"name": "mine3", "original_owner": "AXIS"}},
        {"row": 8, "col": 0, "unit": {"name": "tankus"}}]},
        "game_info": {"options": {"partial_blitz_rules": "ALLIES"}}})
    assert s.variants == {"partial_blitz": "allies"}
    assert [(p.type, p.value, p.owner) for p in s.terrain] == [("minefield", 3, Side.AXIS)]
    target = tmp_path / "s.json"
    save(s, target)
    again = load(target)
    assert again.variants == s.variants and again.terrain == s.terrain
    pos = to_position(again)
    assert pos.terrain_values == {(pos.board.parse("G5"), "minefield"): 3}
    tank = next(u for u in pos.units.values() if u.side is Side.ALLIES)
    assert tank.spec.move == 2


def test_a_destroyer_tile_is_player_twos_destroyer_and_unit_behaviours_are_variants():
    s = import_m44({"board": {"hexagons": [
        {"row": 8, "col": 0, "terrain": {"name": "ocean"},
         "rect_terrain": {"name": "pdestroyer", "orientation": 1}},
        {"row": 0, "col": 0, "unit": {"name": "tankger", "behavior": "ARMOR_MOVE_TWO"}},
        {"row": 0, "col": 2, "unit": {"name": "infger", "behavior": "CAN_IGNORE_ONE_FLAG"}}]},
        "game_info": {"side_player1": "AXIS", "side_player2": "ALLIES"}})
    assert [(u.type, u.side) for u in s.units if u.hex == "A1"] == [("destroyer", Side.ALLIES)]
    assert s.notes == []
    pos = to_position(s)
    tank = pos.unit_at(pos.board.parse("A9"))
    inf = pos.unit_at(pos.board.parse("B9"))
    assert tank is not None and tank.spec.move == 2
    assert inf is not None and inf.spec.ignore_flags == 1


def test_unknown_variant_names_are_load_errors_naming_the_field():
    from companion.scenarios.jsonformat import from_dict, to_dict

    s = import_m44({"board": {"hexagons": [{"row": 0, "col": 0, "unit": {"name": "infger"}}]}})
    doc = to_dict(s)
    doc["variants"] = {"zeppelins": ""}
    with pytest.raises(ScenarioError) as info:
        from_dict(doc)
    assert info.value.field == "variants.zeppelins"
    doc = to_dict(s)
    doc["units"][0]["variants"] = ["zeppelins"]
    with pytest.raises(ScenarioError) as info:
        from_dict(doc)
    assert info.value.field == "units[0].variants[0]"
    s.units[0].variants = ("zeppelins",)
    with pytest.raises(ScenarioError):
        to_position(s)


def test_real_option_shapes_a_supply_train_object_and_a_deck_variant():
    # as bga-memoir's scenarios write them (Scenarios/*.php game_info.options)
    s = import_m44({"board": {}, "game_info": {"options": {
        "russian_commissar_rule": "ALLIES", "blitz_rules": True,
        "supply_train_rules": {"side": "ALLIES", "nbr_units": [1, 1]},
        "deck_name": "AIR_POWER_AS_ARTILLERY_BOMBARD_DECK"}}})
    # the supply train carries one unit per car: infantry, the editor's default unit
    assert s.variants == {"russian_commissar": "allies", "blitz": "",
                          "supply_train": "allies:infantry:1,1",
                          "air_power_as_artillery_bombard": ""}
    assert s.notes == []


def test_an_exit_range_lists_each_exit_once():
    # Matanikau River (bga-memoir 1412): the exit marker's group lists the marker's own hex and
    # the far marker's, which carries the same EXIT_MARKER tag
    s = load_m44(REAL / "1412-matanikau-river.m44")
    axis_exits = [x.hex for x in s.exits if x.side is Side.AXIS]
    assert sorted(axis_exits) == sorted(["E1", "F1", "G1", "H1", "I1", "J1", "K1", "L1", "M1"])
    assert not [p for p in problems(s) if "listed twice" in p.message]


def test_an_exit_marker_picture_at_the_end_of_a_range_is_no_unknown_tag():
    # Hellfire Pass (bga-memoir 4245): a bare tag5 marks I9, the far end of the Allied exits
    s = load_m44(REAL / "4245-hellfire-pass.m44")
    assert "I9" in {x.hex for x in s.exits if x.side is Side.ALLIES}
    assert not [n for n in s.notes if "tag5" in n]


def test_an_exit_marker_picture_alone_is_named():
    s = import_m44({"board": {"hexagons": [
        {"row": 0, "col": 4, "tags": [{"name": "tag4"}]},
        {"row": 0, "col": 0, "unit": {"name": "infger"}},
        {"row": 8, "col": 0, "unit": {"name": "infus"}}]}})
    assert s.exits == []
    assert s.notes == ["C9: exit marker without a side or a group; left out"]


def test_two_bare_exit_markers_on_a_baseline_mark_the_exits_between_them():
    # bga-memoir 4230 Flanking Maneuver at Bir Hakeim: two tag5 on the Allied baseline, "Exit
    # markers are in effect on the portion of the Allied baseline in between the 2 Exit
    # markers, for the Axis forces"
    s = import_m44({"game_info": {"side_player1": "AXIS", "side_player2": "ALLIES"},
                    "board": {"hexagons": [
                        {"row": 8, "col": 4, "tags": [{"name": "tag5"}]},
                        {"row": 8, "col": 8, "tags": [{"name": "tag5"}]},
                        {"row": 0, "col": 0, "unit": {"name": "infger"}},
                        {"row": 7, "col": 1, "unit": {"name": "infus"}}]}})
    assert [(x.hex, x.side) for x in s.exits] == [("C1", Side.AXIS), ("D1", Side.AXIS),
                                                  ("E1", Side.AXIS)]
    assert s.notes == []


def test_a_single_tag_written_as_one_object_under_tag_is_read_as_the_tags_list():
    # bga-memoir 42 Utah Beach (the DoW web scenario editor): 'tag' => ['name' => 'tag4'] on
    # A9, E9 and J9, where other files write 'tags' => [[...]]
    def hexes(key: str) -> list[dict[str, object]]:
        one: object = {"name": "tag5"} if key == "tag" else [{"name": "tag5"}]
        return [{"row": 8, "col": 4, key: one}, {"row": 8, "col": 8, key: one},
                {"row": 0, "col": 0, "unit": {"name": "infger"}},
                {"row": 7, "col": 1, "unit": {"name": "infus"}}]
    info = {"side_player1": "AXIS", "side_player2": "ALLIES"}
    one = import_m44({"game_info": info, "board": {"hexagons": hexes("tag")}})
    listed = import_m44({"game_info": info, "board": {"hexagons": hexes("tags")}})
    assert [(x.hex, x.side) for x in one.exits] == [(x.hex, x.side) for x in listed.exits]
    assert len(one.exits) == 3 and one.notes == []
    medal = import_m44({"game_info": info, "board": {"hexagons": [
        {"row": 4, "col": 4, "terrain": {"name": "buildings"}, "tag": {"name": "medal1"}},
        *hexes("tags")[2:]]}})
    assert len(medal.objectives) == 1


def test_options_written_inside_victory_conditions_are_read():
    # bga-memoir 1518 Sugar Loaf and Half Moon writes gung_ho under victory_conditions
    s = import_m44({"game_info": {"victory_conditions": {"0": {"standard": []},
                                                         "options": {"gung_ho": True}}},
                    "board": {"hexagons": [{"row": 0, "col": 0, "unit": {"name": "infjp"}},
                                           {"row": 8, "col": 0, "unit": {"name": "infus"}}]}})
    assert s.variants == {"us_marines_gung_ho": ""}


def test_the_terrain_pack_mine_deck_is_the_standard_game():
    # bga-memoir 12498 Bretel Wood: mine_deck_name TERRAIN, minefields laid face down
    s = import_m44({"game_info": {"options": {"mine_deck_name": "TERRAIN"}},
                    "board": {"hexagons": [
                        {"row": 2, "col": 16, "tags": [{"name": "tag3", "behavior": "MINE_FIELD",
                                                        "side": "ALLIES"}]},
                        {"row": 0, "col": 0, "unit": {"name": "infger"}},
                        {"row": 8, "col": 0, "unit": {"name": "infus"}}]}})
    # the face-down tokens are turned over in play (the mine_tokens variant, ruleflows)
    assert s.notes == [] and s.variants == {"mine_tokens": ""}
    mine = next(p for p in s.terrain if p.type == "minefield")
    assert mine.owner is Side.ALLIES and mine.value is None
    other = import_m44({"game_info": {"options": {"mine_deck_name": "SOMETHING_ELSE"}},
                        "board": {"hexagons": []}})
    assert [n for n in other.notes if "mine_deck_name" in n]


def test_the_real_scenarios_benchmark_loads_checks_and_plays_each_file_to_a_result(capsys):
    # benchmarks/real_scenarios.py on the real files kept here: every one loads and its
    # auto-played game ends by its own victory conditions (not the turn limit)
    import importlib.util
    import sys

    path = Path(__file__).parents[2] / "benchmarks" / "real_scenarios.py"
    spec = importlib.util.spec_from_file_location("real_scenarios", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules["real_scenarios"] = bench  # its dataclass looks its module up
    try:
        spec.loader.exec_module(bench)
    finally:
        del sys.modules["real_scenarios"]
    rows = [bench.run_one(p, seed=1, max_turns=150) for p in sorted(REAL.glob("*.m44"))]
    assert len(rows) == 3 and all(r.loaded and r.by_victory for r in rows), rows
    clean = {r.name for r in rows if r.errors == 0}
    # Bug River's supply train is played (companion.rules.trains), as is Hellfire Pass's
    # desert move (ruleflows)
    assert clean == {"1311-bug-river.m44", "1412-matanikau-river.m44", "4245-hellfire-pass.m44"}
    bench.main([str(REAL), "--quiet"])
    out = capsys.readouterr().out
    assert "files tried 3, loaded 3, clean 3, auto-played to a result 3" in out


# --- boards set up in the editor with no units (data/boards: other repositories' files) -----
BOARDS = Path(__file__).parent / "data" / "boards"
BOARD_FILES = sorted(p for p in BOARDS.glob("*.m44") if p.name != "small-countryside-blank.m44")


@pytest.mark.parametrize("path", BOARD_FILES, ids=[p.stem for p in BOARD_FILES])
def test_a_board_with_no_units_loads_every_piece_and_the_check_says_it_has_none(path, capsys):
    # a terrain-only board or a blank template the editor saved (MatthewRDangle's board set-ups,
    # dderevjanik's blank boards): every piece imports, nothing is noted, and the check names
    # the one real problem, no units on either side (exit 2: it does not play)
    data = json.loads(path.read_text())
    s = load_m44(path)
    assert s.notes == []
    pieces = sum(layer in h for h in data["board"]["hexagons"]
                 for layer in ("terrain", "rect_terrain", "obstacle"))
    assert len(s.terrain) >= pieces  # a road and a bridge are pieces too; a beach adds its rows
    assert [f"{p.where}: {p.message}" for p in errors(s)] == [
        "allies: has no units", "axis: has no units"]
    assert main(["scenario", "check", str(path)]) == 2
    assert "has no units" in capsys.readouterr().out


def test_a_board_type_the_editor_does_not_write_is_refused_by_name(capsys):
    # dderevjanik/m44's 'SMALL' blank board: no board of the game has that name or a known size
    path = BOARDS / "small-countryside-blank.m44"
    with pytest.raises(ScenarioError, match="board.type.*'SMALL' is not allowed"):
        load_m44(path)
    assert main(["scenario", "check", str(path)]) == 2
    assert "'SMALL' is not allowed" in capsys.readouterr().err


# --- shapes other tools write: each loads as the editor's file would ------------------------
def _small(hexes: list[dict], **board) -> dict:
    return {"board": {"type": "STANDARD", "face": "COUNTRY", **board, "hexagons": [
        {"row": 8, "col": 0, "unit": {"name": "infus"}},
        {"row": 0, "col": 0, "unit": {"name": "infger"}}, *hexes]},
        "game_info": {"side_player1": "AXIS", "side_player2": "ALLIES"}}


def test_a_tile_name_in_another_case_is_the_editors_tile():
    # units are read whatever their case (bga-memoir's stripos); so now are tiles: "River",
    # "ROADX" and "lakea" are the editor's river, roadX and lakeA
    s = import_m44(_small([{"row": 4, "col": 12, "terrain": {"name": "River", "orientation": 2}},
                           {"row": 4, "col": 14, "terrain": {"name": "HILLS"}},
                           {"row": 4, "col": 16, "terrain": {"name": "lakea"}}]))
    assert s.notes == []
    assert {p.hex: p.type for p in s.terrain} == {"G5": "river", "H5": "hill", "I5": "lake"}
    assert [p.orientation for p in s.terrain if p.hex == "G5"] == [2]


def test_a_layer_unit_or_tag_list_written_as_null_is_absent():
    # JavaScript and PHP exports write the empty slots of a hexagon as null
    s = import_m44(_small([{"row": 4, "col": 12, "terrain": {"name": "woods"},
                            "rect_terrain": None, "obstacle": None, "unit": None, "tags": None}]))
    assert s.notes == [] and not problems(s)
    assert [(p.hex, p.type) for p in s.terrain] == [("G5", "forest")]
    assert len(s.units) == 2


def test_labels_written_as_numbered_entries_are_the_labels_list():
    s = import_m44(_small([], labels={"0": {"row": 4, "col": 12, "text": ["Galatos"]},
                                      "1": {"row": 2, "col": 16, "text": "Pink"}}))
    assert s.notes == []
    assert [(lb.hex, lb.text) for lb in s.labels] == [("G5", "Galatos"), ("I7", "Pink")]


def test_a_badge_written_as_its_number_is_that_badge():
    s = import_m44(_small([{"row": 4, "col": 12, "unit": {"name": "infus", "badge": 12}}]))
    assert [u.type for u in s.units if u.hex == "G5"] == ["combat_engineer"]  # badge12


def test_badge_4_is_the_german_elite_insignia_not_an_engineer() -> None:
    """bga-memoir's older constants.inc.php read 'inf2_4' as combat engineers; its
    Scenario::validateUnit does not, and every real file that puts badge 4 on infantry calls
    those units elite in its briefing (while its German engineers carry badge 6)."""
    real = Path(__file__).parent / "data" / "real" / "bga-memoir"
    for name, says in (("8044-Rzhev.m44", "All German Infantry are elite units"),
                       ("18-Montelimar.m44", "elite Panzer Grenadier units"),
                       ("4172-MartinvilleRidge.m44", "All Axis infantry are Fallschirm"),
                       ("6541-BreakthroughToTheBeach.m44", "German elite infantry")):
        s = load(real / name)
        assert says in s.text["en"].special_rules, name
        badged = [u for u in s.units if "badge4" in u.badges and u.side is Side.AXIS]
        assert badged and {u.type for u in badged} <= {"special_forces", "elite_armor"}, name
    engineers = [u for u in load(real / "6370-BattleOfAlamElHalfa.m44").units
                 if u.type == "combat_engineer"]
    assert len(engineers) == 3 and all("badge6" in u.badges for u in engineers)


def test_a_byte_order_mark_before_the_text_is_read_past():
    text = "\ufeff" + json.dumps(_small([]))
    assert len(loads_m44(text).units) == 2


# --- game_info.starting: SPECIAL, the editor's third choice: the description says who starts --
def _special(description: str | None) -> dict:
    data = _small([])
    data["game_info"]["starting"] = "SPECIAL"
    if description is not None:
        data["text"] = {"en": {"name": "X", "description": description}}
    return data


def test_starting_special_is_the_side_the_description_says_moves_first():
    # the description as the editor writes it (bga-memoir 7 Pointe-du-Hoc's own text)
    s = import_m44(_special("Axis Player: Take 4 command cards\n\nAllied Player: Take 6 "
                            "command cards.\nYou move first."))
    assert s.starts is Side.ALLIES and s.notes == []
    s = import_m44(_special("Allied player: take 5 command cards. Axis player: take 5 command "
                            "cards. The German player moves first."))
    assert s.starts is Side.AXIS and s.notes == []


def test_starting_special_with_a_silent_description_is_said_and_player_1_starts():
    s = import_m44(_special("Both players: take 5 command cards."))
    assert s.starts is Side.AXIS  # player 1
    assert [f"{p.where}: {p.message}" for p in errors(s)] == [
        "game_info.starting: 'SPECIAL' and the description does not say who moves first; the "
        "Axis (player 1) move first"]
    assert import_m44(_special(None)).starts is Side.AXIS


def test_every_tag3_of_the_real_files_is_a_minefield_and_a_bare_tag3_is_one_too():
    # the evidence: each tag3 of bga-memoir's files carries the behaviour MINE_FIELD
    tags = [t for p in sorted((REAL / "bga-memoir").glob("*.m44"))
            for h in json.loads(p.read_text())["board"]["hexagons"]
            for t in (h.get("tags") or []) if t.get("name") == "tag3"]
    assert len(tags) > 100 and {t.get("behavior") for t in tags} == {"MINE_FIELD"}
    # a writer that drops the behaviour: the same face-down mine, laid by no side named
    s = import_m44(_small([{"row": 4, "col": 12, "tags": [{"name": "tag3"}]},
                           {"row": 4, "col": 14, "tags": [{"name": "tag3", "side": "AXIS"}]}]))
    assert s.notes == [] and not problems(s)
    assert [(p.hex, p.type, p.owner) for p in s.terrain] == [("G5", "minefield", None),
                                                             ("H5", "minefield", Side.AXIS)]
    assert "mine_tokens" in s.variants


def test_badge_3_is_the_french_resistance_unless_the_briefing_calls_the_french_elite() -> None:
    """bga-memoir reads infantry with badge 3 as French resistance, and so do 5841, 19 and 5 (the
    Resistance is in their briefings). 4643 Abbeville (May 1940: "the French elite infantry units
    of the 4th BCP (Troops 2)") and 6541 ("the French commando unit") put the same French badge
    on the French army's elite units, and never speak of resistance: they stay special forces."""
    real = Path(__file__).parent / "data" / "real" / "bga-memoir"
    for name in ("4643-BattleOfAbbeville.m44", "6541-BreakthroughToTheBeach.m44"):
        badged = [u for u in load(real / name).units if "badge3" in u.badges
                  and u.type != "elite_armor"]
        assert badged and {u.type for u in badged} == {"special_forces"}, name
    for name in ("5841-TheSurrenderOfElstersColumn.m44", "19-Vassieux.m44",
                 "5-MontMouchet.m44"):
        assert {u.type for u in load(real / name).units if u.side is Side.ALLIES} == {
            "french_resistance"}, name
    # a file that says nothing keeps bga-memoir's reading
    s = import_m44(_small([{"row": 4, "col": 12, "unit": {"name": "inf2fr", "badge": "badge3"}}]))
    assert [u.type for u in s.units if u.hex == "G5"] == ["french_resistance"]


# Other stored versions of bga-memoir's files (modules/php/Scenarios, the commits named in each
# test) write some rules where the versions kept here write them otherwise; the same scenario
# plays the same either way.
BGA = REAL / "bga-memoir"


def _bga(stem: str) -> dict:
    return json.loads(next(BGA.glob(f"{stem}-*.m44")).read_text())


def test_a_supply_lane_written_as_decoy_medal_minefields_is_the_decoy_lane_of_the_other_side():
    # 4237 Into the Cauldron at fe38fdab: the seven row-0 mine tags are DECOY_MEDAL_MINE_FIELD,
    # side ALLIES (the British lay them); the victory text is not in the file
    data = _bga("4237")
    data["text"] = {"en": {"name": "Into the Cauldron"}}
    for h in data["board"]["hexagons"]:
        for tag in h.get("tags", []):
            if tag["name"] == "tag3":
                tag.update(behavior="DECOY_MEDAL_MINE_FIELD", side="ALLIES")
    sc = loads_m44(json.dumps(data))
    mines = [t for t in sc.terrain if t.type == "minefield"]
    assert len(mines) == 7 and {t.owner for t in mines} == {Side.ALLIES}
    assert sc.variants["decoy_lane"] == "axis" and "mine_tokens" in sc.variants
    assert errors(sc) == []


def test_an_airdrop_option_plays_the_paradrop_the_briefing_names():
    # 18261 Soviet Raid on Grigorevka at c54cbee6 sets the airdrop its briefing describes
    # ("Use the Paradrop rules (Actions 20)"): the option plays it, nothing is left unplayed
    data = _bga("18261")
    data["game_info"]["options"] = {
        "russian_commissar_rule": "ALLIES", "night_visibility_rules": True,
        "airdrop": {"side": "ALLIES", "range": 4, "nbr_units": 6, "center": "G5",
                    "unit": {"name": "inf2ru", "badge": "badge25"}}}
    sc = loads_m44(json.dumps(data))
    assert [(d.side, d.units, d.center, d.unit_type) for d in sc.airdrops] == [
        (Side.ALLIES, 6, "G5", "special_forces")]
    assert problems(sc) == []


def test_drops_named_by_one_star_each_land_on_the_stars_not_the_editors_centre():
    # 6687 Drop in the Night at 96d8e8fc: three drops centred on "G5" (the editor's default)
    # while its three battle stars mark the drop zones; the version kept here names the stars
    data = _bga("6687")
    kept = [d.center for d in loads_m44(json.dumps(data)).airdrops if not d.daylight]
    drop = data["game_info"]["options"]["airdrop"]
    drop["center"] = "G5"
    del drop["option2"]
    del data["game_info"]["options"]["airdrop2"]
    sc = loads_m44(json.dumps(data))
    assert [d.center for d in sc.airdrops] == kept == ["f14", "i12", "j6"]
    assert problems(sc) == []


@pytest.mark.parametrize("side", ["ALLIES", "allies", "\\ALLIES"])
def test_a_tags_side_is_read_in_any_case_and_as_a_php_constant(side):
    # bga-memoir 41850 / 4089 write an exit marker's side as the constant \ALLIES / \AXIS
    data = _small([{"row": 8, "col": 6, "tags": [
        {"name": "tag4", "behavior": "EXIT_MARKER", "group": [], "side": side}]}])
    assert [(e.hex, e.side) for e in loads_m44(json.dumps(data)).exits] == [("D1", Side.ALLIES)]


def test_the_roer_is_a_river_the_allied_infantry_ford_in_boats_in_either_version():
    # 1340 Across the River Roer: the version kept here says it in its briefing ("Navigable
    # River by Allied infantry units in boats. Play the river as a Ford"); the one at fe38fdab
    # writes each river hex with the FORD behaviour and isImpassable {AXIS: true, ALLIES: [2, 3]}
    kept = _bga("1340")
    newer = json.loads(json.dumps(kept))
    newer["text"] = {"en": {"name": "Across the River Roer"}}
    for h in newer["board"]["hexagons"]:
        if h.get("terrain", {}).get("name") == "river":
            h["terrain"].update(behavior="FORD", properties={
                "isImpassable": {"AXIS": True, "ALLIES": [2, 3]}})
    for data in (kept, newer):
        sc = loads_m44(json.dumps(data))
        river = [t for t in sc.terrain if t.type in ("river", "ford", "navigable_river")]
        assert len(river) == 13 and {(t.type, t.owner) for t in river} == {("navigable_river", Side.ALLIES)}
        assert problems(sc) == []  # Allied infantry set up on it, in their boats, is no error


def test_terrain_properties_no_rule_reads_are_named():
    data = _small([{"row": 4, "col": 6, "terrain": {"name": "river", "behavior": "FORD",
                                                    "properties": {"isImpassable": True}}}])
    sc = loads_m44(json.dumps(data))
    assert any("properties isImpassable are not played" in p.message for p in problems(sc))
