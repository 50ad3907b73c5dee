"""The project's own JSON scenario format: round trip and errors that name the field."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.board import Board, BoardKind, Side
from companion.scenarios import (
    DEMO_SCENARIO,
    AirRules,
    AirSetup,
    BoardFace,
    ExitHex,
    Objective,
    ObjectiveKind,
    Scenario,
    ScenarioError,
    ScenarioText,
    SideSetup,
    TerrainPiece,
    UnitSetup,
    dumps,
    from_dict,
    load_builtin,
    load_json,
    loads,
    save,
)
from companion.scenarios.jsonformat import to_dict


def _rich() -> Scenario:
    return Scenario(
        id="rich-1",
        text={"en": ScenarioText("Rich", "desc", "rules"), "fr": ScenarioText("Riche")},
        board=BoardKind.BREAKTHROUGH, face=BoardFace.WINTER, bottom=Side.AXIS,
        sides={Side.ALLIES: SideSetup("ru", 6, 8), Side.AXIS: SideSetup("de", 4, 7)},
        starts=Side.AXIS,
        terrain=[TerrainPiece("A17", "forest"), TerrainPiece("b16", "river", 3),
                 TerrainPiece("b16", "bridge", 3), TerrainPiece("C15", "bunker", owner=Side.AXIS)],
        units=[UnitSetup("a1", Side.ALLIES, "infantry", "A17", 3, ("badge12",), "ru"),
               UnitSetup("x1", Side.AXIS, "fighter", "M1", None, (), "de", airborne=True,
                         ammo={"machine_gun": 2}),
               UnitSetup("x2", Side.AXIS, "airplane", "L1", model="bf109")],
        objectives=[Objective("o1", ObjectiveKind.LAST_TO_OCCUPY, ("b16", "C15"),
                              (Side.ALLIES, Side.AXIS), 2, 2, True, "the ford")],
        exits=[ExitHex("M17", Side.ALLIES, 2)],
        air=AirSetup(AirRules.FLIGHT_PLAN, "eastern", 1943),
        date="1943-02-01", front="eastern", notes=["X1: something"],
    )


def test_round_trip_of_every_field():
    s = _rich()
    assert loads(dumps(s)) == s


def test_save_and_load_a_file(tmp_path):
    s = _rich()
    path = tmp_path / "rich.json"
    save(s, path)
    assert load_json(path) == s
    assert not (tmp_path / "rich.json.tmp").exists()


def test_builtin_round_trips_byte_for_byte_stable():
    s = load_builtin(DEMO_SCENARIO)
    text = dumps(s)
    assert dumps(loads(text)) == text


def test_defaults_are_filled_in():
    s = from_dict({"format": "m44-companion-scenario", "version": 1, "id": "tiny",
                   "text": {"en": {"name": "Tiny"}}, "board": {}})
    assert s.board is BoardKind.STANDARD
    assert s.face is BoardFace.COUNTRYSIDE
    assert s.bottom is Side.ALLIES
    assert s.starts is Side.ALLIES
    assert s.sides[Side.AXIS] == SideSetup(None, 5, 6)
    assert s.air.rules is None
    assert s.units == [] and s.terrain == []


def _base() -> dict:
    return to_dict(_rich())


def _set(doc: dict, path: list, value) -> dict:
    doc = copy.deepcopy(doc)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


@pytest.mark.parametrize(("path", "value", "field", "words"), [
    (["format"], "something-else", "format", "m44-companion-scenario"),
    (["version"], 99, "version", "newer"),
    (["version"], "1", "version", "whole number"),
    (["id"], "has spaces", "id", "letters"),
    (["id"], KeyError, "id", "missing"),
    (["text"], {}, "text", "at least one language"),
    (["text", "en", "name"], "", "text.en.name", "empty"),
    (["board", "kind"], "hexagonal", "board.kind", "standard, breakthrough, overlord"),
    (["board", "face"], "moon", "board.face", "countryside"),
    (["board", "bottom"], "neutral", "board.bottom", "allies, axis"),
    (["sides", "allies", "cards"], 0, "sides.allies.cards", "from 1 to 12"),
    (["sides", "axis", "medals_to_win"], True, "sides.axis.medals_to_win", "whole number"),
    (["starts"], "both", "starts", "allies, axis"),
    (["air", "rules"], "jet-age", "air.rules", "air-pack, flight-plan"),
    (["air", "year"], 1950, "air.year", "1936 to 1946"),
    (["terrain", 0, "type"], "lava", "terrain[0].type", "unknown terrain 'lava'"),
    (["terrain", 0, "type"], "forrest", "terrain[0].type", "did you mean forest or fortress?"),
    (["terrain", 1, "hex"], "A16", "terrain[1].hex", "not a full hex"),
    (["terrain", 1, "orientation"], 7, "terrain[1].orientation", "from 1 to 6"),
    (["terrain", 0, "colour"], "green", "terrain[0].colour", "unknown field"),
    (["units", 0, "type"], "dragon", "units[0].type", "unknown unit type 'dragon'"),
    (["units", 0, "type"], "Armor", "units[0].type", "did you mean armor?"),
    (["units", 0, "type"], "engineers", "units[0].type", "did you mean combat_engineer?"),
    (["units", 0, "side"], "red", "units[0].side", "allies, axis"),
    (["units", 0, "hex"], "Z99", "units[0].hex", "not a full hex"),
    (["units", 0, "figures"], 0, "units[0].figures", "from 1 to 10"),
    (["units", 1, "id"], "a1", "units[1].id", "used by another unit"),
    (["units", 0, "badges"], "badge12", "units[0].badges", "must be a list"),
    (["units", 1, "ammo", "rockets"], 2, "units[1].ammo.rockets", "unknown field"),
    (["objectives", 0, "kind"], "eventual", "objectives[0].kind", "sudden_death"),
    (["objectives", 0, "hexes"], [], "objectives[0].hexes", "at least one hex"),
    (["objectives", 0, "hexes_needed"], 3, "objectives[0].hexes_needed", "from 1 to 2"),
    (["objectives", 0, "sides"], [], "objectives[0].sides", "at least one side"),
    (["exits", 0, "side"], KeyError, "exits[0].side", "missing"),
    (["units"], {"a1": {}}, "units", "must be a list"),
])
def test_bad_values_name_the_field(path, value, field, words):
    with pytest.raises(ScenarioError) as info:
        from_dict(_set(_base(), path, value))
    assert info.value.field == field
    assert words in info.value.message
    assert field in str(info.value)


def test_malformed_json_has_an_empty_field():
    with pytest.raises(ScenarioError) as info:
        loads('{"format": "m44-companion-scenario", ')
    assert info.value.field == ""
    assert "not valid JSON" in info.value.message


def test_unreadable_file(tmp_path):
    with pytest.raises(ScenarioError) as info:
        load_json(tmp_path / "missing.json")
    assert "cannot read" in info.value.message
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"name": "caf\xe9"}')
    with pytest.raises(ScenarioError, match="not UTF-8"):
        load_json(bad)


_BOARD = Board.of("standard")
_HEXES = [_BOARD.name(h) for h in _BOARD.hexes()]


@settings(max_examples=60, deadline=None)
@given(
    picks=st.lists(st.tuples(st.sampled_from(_HEXES), st.sampled_from(["forest", "hill", "town",
                                                                       "river", "sandbags"]),
                             st.one_of(st.none(), st.integers(1, 6))), max_size=12),
    unit_hexes=st.lists(st.sampled_from(_HEXES), unique=True, max_size=8),
    name=st.text(min_size=1, max_size=30).filter(lambda t: t.strip()),
    cards=st.integers(1, 12),
)
def test_round_trip_property(picks, unit_hexes, name, cards):
    s = Scenario(
        id="prop", text={"en": ScenarioText(name)},
        sides={Side.ALLIES: SideSetup(None, cards, 6), Side.AXIS: SideSetup("de", 4, 5)},
        terrain=[TerrainPiece(h, t, o) for h, t, o in picks],
        units=[UnitSetup(f"u{i}", Side.ALLIES if i % 2 else Side.AXIS, "infantry", h)
               for i, h in enumerate(unit_hexes)],
    )
    assert loads(dumps(s)) == s
    json.loads(dumps(s))  # always valid JSON


def test_validate_a_scenario_built_in_code():
    from companion.scenarios import validate

    s = _rich()
    validate(s)
    s.units.append(UnitSetup("a9", Side.ALLIES, "infantry", "A8"))
    with pytest.raises(ScenarioError) as info:
        validate(s)
    assert info.value.field == "units[3].hex"
