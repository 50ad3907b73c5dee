"""The referee reads terrain and unit type names as people write them (companion/rules/names.py):
either number, spaces or hyphens, British spelling, the other names of the same piece; the
answer is the one its own name gets. A name in capitals, and a name nothing matches, is refused
with the nearest; the contract's own words (faces, sides, boards, air rules, asks) are exact."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from companion.rules.names import (
    TERRAIN_ALIASES,
    UNIT_ALIASES,
    normalise,
    resolve,
    suggest,
)
from companion.rules.referee import answer, answer_or_error
from companion.rules.terrain import TERRAIN
from companion.rules.units import UNITS
from companion.scenarios.m44_codes import TERRAIN_CODES, TILE_UNITS, UNIT_BASES


def test_normalise_joins_words_and_spells_armor_the_referees_way() -> None:
    assert normalise("Barbed Wire") == "barbed_wire"
    assert normalise("  Dragon's Teeth ") == "dragon_s_teeth"
    assert normalise("HillForest") == "hill_forest"
    assert normalise("Anti-Tank Gun") == "anti_tank_gun"
    assert normalise("Armoured Car") == "armored_car"
    assert normalise("504th PIR") == "504th_pir"


@pytest.mark.parametrize(("written", "meant"), [
    ("forests", "forest"), ("mountains", "mountain"),
    ("cliffs", "cliff"), ("barbed wire", "barbed_wire"), ("barbed-wire", "barbed_wire"),
    ("wire", "barbed_wire"),
    ("hedgehog", "hedgehogs"), ("trench", "trenches"), ("rice paddy", "rice_paddies"),
    ("marshes", "marsh"), ("dragon's teeth", "dragons_teeth"),
    ("railroad", "railway"), ("rail bridge", "railroad_bridge"),
    ("train station", "railway_station"), ("frozen river", "frozen_river"),
    ("frozen-river", "frozen_river"), ("casemate", "field_bunker"), ("mines", "minefield"),
    ("gully", "wadi"), ("hq", "headquarters"), ("bridges", "bridge"),
])
def test_terrain_names_as_written(written: str, meant: str) -> None:
    assert resolve(written, TERRAIN, TERRAIN_ALIASES) == meant


@pytest.mark.parametrize(("written", "meant"), [
    ("armour", "armor"), ("elite armour", "elite_armor"),
    ("special forces", "special_forces"), ("engineers", "combat_engineer"), ("snipers", "sniper"),
    ("ski troop", "ski_troops"), ("anti-tank gun", "anti_tank"), ("at gun", "anti_tank"),
    ("tigers", "tiger"), ("flamethrower tank", "flame_thrower_tank"), ("big guns", "big_gun"),
    ("armoured car", "armored_car"), ("destroyers", "destroyer"), ("loco", "locomotive"),
    ("french resistance", "french_resistance"), ("inf2", "special_forces"), ("tank2", "elite_armor"),
    ("504th pir", "504th_pir"), ("mobile artillery", "mobile_artillery"),
])
def test_unit_names_as_written(written: str, meant: str) -> None:
    assert resolve(written, UNITS, UNIT_ALIASES) == meant


def test_every_alias_names_a_known_type_and_hides_none() -> None:
    for aliases, known in ((TERRAIN_ALIASES, TERRAIN), (UNIT_ALIASES, UNITS)):
        for alias, target in aliases.items():
            assert target in known, (alias, target)
            assert alias not in known, f"{alias} is a type of its own; an alias would hide nothing"
            assert normalise(alias) == alias, alias  # looked up by the normalised form only


# The scenario editor's tile names and the referee's types differ only here: 'woods' and
# 'buildings' are the referee's own names (the forest and town card under their editor
# spelling, same rules), and the editor's 'ravine' tile is the gully (a wadi), where the
# referee's 'ravine' is the Winter Wars card.
_OWN_NAMES = {"woods", "buildings", "ravine"}


def test_the_referee_reads_editor_names_as_the_importer_does() -> None:
    read = 0
    for code, tile in TERRAIN_CODES.items():
        found = resolve(code, TERRAIN, TERRAIN_ALIASES)
        if tile.type is None or found is None or code in _OWN_NAMES:
            continue
        assert found == tile.type, code
        read += 1
    assert read >= 40
    for code, kind in (*UNIT_BASES, *TILE_UNITS.items()):
        if code in ("inf", "tank", "gun", "plane"):  # everyday words: refused rather than guessed
            assert resolve(code, UNITS, UNIT_ALIASES) is None, code
        else:
            assert resolve(code, UNITS, UNIT_ALIASES) == kind, code


def _battle(terrain: str = "forest", attacker: str = "infantry") -> dict[str, Any]:
    query: dict[str, Any] = {
        "board": "standard", "bottom": "allies",
        "terrain": [{"hex": "F5", "type": terrain}, {"hex": "G5", "type": "hill"}],
        "units": [{"id": "a1", "side": "allies", "type": attacker, "hex": "F3"},
                  {"id": "x1", "side": "axis", "type": "infantry", "hex": "F5"}],
        "ask": {"battle": {"attacker": "a1", "target": "x1"}},
    }
    due = answer(query)["battle"]["dice"]
    assert due >= 1
    return {**query, "dice": ["infantry", "grenade", "flag", "star"][:due]}


@pytest.mark.parametrize(("field", "written", "meant"), [
    ("terrain", "forests", "forest"), ("terrain", "sandbag", "sandbags"),
    ("terrain", "hedgerows", "hedgerow"), ("terrain", "dragon's teeth", "dragons_teeth"),
    ("attacker", "armour", "armor"), ("attacker", "snipers", "sniper"),
    ("attacker", "special forces", "special_forces"), ("attacker", "engineers", "combat_engineer"),
])
def test_a_name_as_written_gets_the_answer_its_own_name_gets(field: str, written: str,
                                                              meant: str) -> None:
    assert answer(_battle(**{field: written})) == answer(_battle(**{field: meant}))


def test_the_contracts_own_words_are_exact() -> None:
    """Faces, sides, boards, air rules and asks are the contract's words: another case is an
    error (as an outside tester's cases expect: tests/rules/data/audit_cases.json), which
    offers the word meant."""
    fields = {"dice.0": lambda q: q.update(dice=["FLAG", *q["dice"][1:]]),
              "units.0.side": lambda q: q["units"][0].update(side="Allies"),
              "board": lambda q: q.update(board="Standard"),
              "rules.air": lambda q: q.update(rules={"air": "Air-Pack"}),
              "ask.Battle": lambda q: q.update(ask={"Battle": q["ask"]["battle"]})}
    for path, spoil in fields.items():
        query = copy.deepcopy(_battle())
        spoil(query)
        code, out = answer_or_error(query)
        assert code == 2 and out["error"]["field"] == path, (path, out)
        assert "did you mean " in out["error"]["message"], out  # the word meant, offered


@pytest.mark.parametrize(("written", "meant"), [
    ("Forest", "forest"), ("MOUNTAINS", "mountain"), ("Barbed Wire", "barbed_wire"),
])
def test_a_type_in_capitals_is_refused_with_the_name_meant(written: str, meant: str) -> None:
    assert resolve(written, TERRAIN, TERRAIN_ALIASES) is None
    query = _battle()
    query["terrain"][0]["type"] = written
    code, out = answer_or_error(query)
    assert code == 2 and out["error"]["field"] == "terrain.0.type"
    assert f"did you mean {meant}" in out["error"]["message"]


@pytest.mark.parametrize(("field", "written", "path", "near"), [
    ("terrain", "Forrest", "terrain.0.type", "forest"),
    ("terrain", "montain", "terrain.0.type", "mountain"),
    ("attacker", "infantery", "units.0.type", "infantry"),
    ("attacker", "snipper", "units.0.type", "sniper"),
])
def test_a_name_nothing_matches_is_refused_with_the_nearest(field: str, written: str, path: str,
                                                            near: str) -> None:
    query = _battle()
    if field == "terrain":
        query["terrain"][0]["type"] = written
    else:
        query["units"][0]["type"] = written
    code, out = answer_or_error(query)
    assert code == 2
    assert out["error"]["field"] == path
    message = out["error"]["message"]
    assert message.startswith(f"'{written}' is not a")
    assert f"did you mean {near}" in message
    assert "allowed:" in message


def test_ambiguous_or_empty_names_stay_unknown() -> None:
    for name in ("water", "stream", "tank", "sea", "swamp", "gun", "plane", "", "   "):
        assert resolve(name, TERRAIN, TERRAIN_ALIASES) is None, name
        assert resolve(name, UNITS, UNIT_ALIASES) is None, name
    assert resolve(3, TERRAIN, TERRAIN_ALIASES) is None
    assert suggest("", TERRAIN) == []
    query = _battle()
    query["terrain"][0]["type"] = "water"
    code, out = answer_or_error(query)
    assert code == 2 and "did you mean" not in out["error"]["message"]
