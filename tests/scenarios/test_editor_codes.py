"""Every code of the scenario editor that bga-memoir recognises, fed to the importer one by one.

The codes are data in ``tests/scenarios/data/bga_codes.json`` (each with the bga-memoir file and
commit it was read in). For each code a minimal ``.m44`` file is built and imported; the code
must then be *played* (loaded as terrain, a unit, an objective or a rule variant that the rules
core plays, and ``scenario check`` finds no problem), or — for the few listed in ``KNOWN_GAPS``
with the rule that is missing — *named* by ``scenario check`` as not played. Nothing may be
dropped silently, refused, or crash.

``python -m tests.scenarios.test_editor_codes`` prints the numbers per kind.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.rules.terrain import TERRAIN
from companion.rules.units import UNITS, UnitClass
from companion.rules.variants import VARIANTS
from companion.scenarios import ScenarioError, import_m44
from companion.scenarios.check import problems
from companion.scenarios.m44_codes import PICTURE_TILES, TILE_BADGES
from companion.scenarios.model import COSMETIC_TERRAIN, Scenario

CODES = json.loads((Path(__file__).parent / "data" / "bga_codes.json").read_text())

WHERE = {"row": 4, "col": 12}  # G5 on a standard board
HEX = "G5"
# the two units every test file has, far from G5 (a file without units is a problem of its own)
UNITS_AT_HOME = [{"row": 8, "col": 0, "unit": {"name": "infus"}},
                 {"row": 0, "col": 0, "unit": {"name": "infger"}}]

# code id -> the rule we do not have (scenario check must name the code as not played)
KNOWN_GAPS: dict[str, str] = {
    **{f"tile abatis as {layer}": "no public text of the Abatis card"
       for layer in ("terrain", "rect_terrain")},
    "tile abatis": "no public text of the Abatis card (bga-memoir's validateTerrain refuses it)",
    "tag tag1": "a battle-star token means what the briefing says (boats, reinforcements, a "
                "unit's mark); alone, with no briefing, it is named",
}


def _file(hexes: list[dict[str, Any]], *, board: dict[str, Any] | None = None,
          **info: Any) -> dict[str, Any]:
    return {"board": {"type": "STANDARD", "face": "COUNTRY", **(board or {}),
                      "hexagons": UNITS_AT_HOME + hexes},
            "game_info": {"side_player1": "AXIS", "side_player2": "ALLIES",
                          "starting": "PLAYER2", "date_begin": "1942-06-01", **info}}


def _cases() -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(code id, the file, what it must load as)."""
    for t in CODES["terrain_tiles"]:
        # bga-memoir reads the three layers alike (Managers/Terrains.php loadScenario)
        for layer in (t["layer"], *(x for x in ("terrain", "rect_terrain", "obstacle")
                                    if x != t["layer"])):
            hexagon: dict[str, Any] = {**WHERE, layer: {"name": t["code"]}}
            want: dict[str, Any] = {"terrain": t["code"] not in PICTURE_TILES}
            if t["code"] in TILE_BADGES:  # a craft: the unit of its hex carries its badge
                hexagon["unit"] = {"name": "infus"}
                want = {"unit": True, "badge": TILE_BADGES[t["code"]]}
            yield (f"tile {t['code']}" + ("" if layer == t["layer"] else f" as {layer}"),
                   _file([hexagon]), want)
    for k in CODES["terrain_keys"]:
        layer = "obstacle" if k["tile"] == "bunker" else "terrain"
        yield (f"tile {k['tile']} {k['key']}={k['value']}",
               _file([{**WHERE, layer: {"name": k["tile"], k["key"]: k["value"]}}]),
               {"terrain": True, k["key"]: k["value"]})
    for b in CODES["terrain_behaviors"]:
        layer = "obstacle" if b["tile"] in ("bridge", "sand") else "terrain"
        yield (f"tile {b['tile']} behaviour {b['behavior']}",
               _file([{**WHERE, layer: {"name": b["tile"], "behavior": b["behavior"]}}]),
               {"terrain": True})
    for u in CODES["unit_bases"]:
        for nation in ("us", "ger"):
            yield (f"unit {u['code']}{nation}", _file([{**WHERE, "unit": {"name": u["code"] + nation}}]),
                   {"unit": True})
    for u in CODES["tile_units"]:
        yield (f"tile unit {u['code']}", _file([{**WHERE, "rect_terrain": {"name": u["code"]},
                                                 "terrain": {"name": "ocean"}}]),
               {"unit": True})
    for b in CODES["badges"]:
        late = b["badge"].endswith("lw")
        badge = "badge" + b["badge"].removesuffix("lw")
        for nation in ("us", "ger"):
            yield (f"unit {b['base']}{nation} {b['badge']}",
                   _file([{**WHERE, "unit": {"name": b["base"] + nation, "badge": badge}}],
                         date_begin="1944-06-06" if late else "1941-06-22"),
                   {"unit": True, "not_base": True})
    for b in CODES["badges"][:3]:  # bga-memoir reads the number after any 5 letters
        yield (f"unit {b['base']}us Badge{b['badge']} written in capitals",
               _file([{**WHERE, "unit": {"name": b["base"] + "us", "badge": f"Badge{b['badge']}"}}]),
               {"unit": True, "not_base": True})
    for b in CODES["badge_nations"]:
        yield (f"badge nation {b['badge']}",
               _file([{**WHERE, "unit": {"name": "infger", "badge": b["badge"]}}]),
               {"unit": True, "nation": b["nation"]})
    for n in CODES["nations"]:
        yield (f"nation {n['code']}", _file([{**WHERE, "unit": {"name": "inf" + n["code"]}}]),
               {"unit": True, "side": n["side"].lower()})
    for b in CODES["unit_behaviors"]:
        name = {"ARMOR_MOVE_TWO": "tankus", "ELITE_ARMOR_MOVE_TWO": "tank2us",
                "GERMAN_2VICTANK": "tank2ger", "IS_WITTMANN": "tigerger"}.get(b["code"], "infus")
        yield (f"unit behaviour {b['code']}",
               _file([{**WHERE, "unit": {"name": name, "behavior": b["code"]}}]), {"unit": True})
    for t in CODES["tags"]:
        yield (f"tag {t['code']}", _file([{**WHERE, "tags": [{"name": t["code"]}]}]), {})
    for b in CODES["tag_behaviors"]:
        tag: dict[str, Any] = {"name": b.get("tag", "tag4"), "behavior": b["code"],
                               "side": "ALLIES"}
        # on the Axis baseline (row 0), where an Allied exit belongs
        yield (f"tag behaviour {tag['name']} {b['code']}",
               _file([{"row": 0, "col": 12, "tags": [tag]}]), {})
    for m in CODES["medal_behaviors"]:
        yield (f"medal behaviour {m['tag']} {m['behavior']}",
               _file([{**WHERE, "tags": [{"name": m["tag"], "behavior": m["behavior"]}]}]),
               {"objective": ("permanent", m["side"].lower())})
    for k in CODES["medal_keys"]:
        medal = {k["key"]: k["value"]}
        yield (f"medal key {k['key']}",
               _file([{**WHERE, "tags": [{"name": "medal1", "medal": medal, "group": [HEX, "H5"]}]}]),
               {"objective": (k["kind"], "allies")})
    for o in CODES["options"]:
        shown = f"={o['value']}" if isinstance(o["value"], str) else ""
        yield (f"option {o['key']}{shown}",
               _file([], options={o["key"]: o["value"]}), {})
    for v in CODES["victory_conditions"]:
        cond = {v["key"]: v["value"]}
        want_v: dict[str, Any] = ({"objective": ("sudden_death", "allies")}
                                  if v["key"] == "group_sudden_death" else {})
        for shape, victory in (("object", {"condition": [cond]}), ("list", [cond])):
            yield (f"victory {v['key']} as {shape}", _file([], victory=victory), want_v)
        # the other spelling the editor writes (bga-memoir 18 Montelimar, 1518 Sugar Loaf)
        yield (f"victory_conditions {v['key']} as list",
               _file([], victory_conditions=[cond]), want_v)
        yield (f"victory_conditions {v['key']} as object",
               _file([], victory_conditions={"0": cond, "options": {}}), want_v)
    for g in CODES["game_info_spellings"]:
        yield f"game_info {g['field']}={g['value']}", _file([], **{g["field"]: g["value"]}), {}
    for k in CODES["board_types"]:
        for code in (k["code"], k["code"].lower()):
            yield f"board type {code}", _file([], board={"type": code}), {}
    for f in CODES["board_faces"]:
        for code in (f["code"], f["code"].lower()):
            yield f"board face {code}", _file([], board={"face": code}), {}


CASES = list(_cases())


def _played(s: Scenario, want: dict[str, Any]) -> str:
    """"" when the file loaded as ``want`` says, else what is wrong."""
    if want.get("terrain"):
        here = [p for p in s.terrain if p.hex == HEX]
        if not here:
            return "no terrain on the hex"
        for p in here:
            if p.type not in TERRAIN and p.type not in COSMETIC_TERRAIN:
                return f"terrain {p.type!r} is not in the rules core"
        if "original_owner" in want and [p.owner.name if p.owner else None for p in here] != \
                [want["original_owner"]]:
            return f"owner {[p.owner for p in here]}"
        if "orientation" in want and [p.orientation for p in here] != [want["orientation"]]:
            return f"orientation {[p.orientation for p in here]}"
    if want.get("unit"):
        here_u = [u for u in s.units if u.hex == HEX]
        if len(here_u) != 1:
            return f"{len(here_u)} units on the hex"
        u = here_u[0]
        if u.type not in UNITS:
            return f"unit type {u.type!r} is not in the rules core"
        if want.get("not_base") and u.type in ("infantry", "special_forces", "armor",
                                               "elite_armor", "artillery"):
            return f"loaded as plain {u.type}"
        if "badge" in want and want["badge"] not in u.badges:
            return f"badges {u.badges}"
        if "nation" in want and u.nation != want["nation"]:
            return f"nation {u.nation!r}"
        if "side" in want and u.side.value != want["side"]:
            return f"side {u.side.value!r}"
    if "objective" in want:
        kind, side = want["objective"]
        here_o = [o for o in s.objectives if HEX in o.hexes]
        if len(here_o) != 1:
            return f"{len(here_o)} objectives on the hex"
        o = here_o[0]
        if o.kind.value != kind or [x.value for x in o.sides] != [side]:
            return f"objective {o.kind.value} for {[x.value for x in o.sides]}"
    for name in s.variants:
        if name not in VARIANTS:
            return f"variant {name!r} unknown"
    return ""


def classify(case_id: str, data: dict[str, Any], want: dict[str, Any]) -> tuple[str, str]:
    """("played" | "named" | "silent" | "refused" | "crash", detail)."""
    try:
        s = import_m44(data)
    except ScenarioError as exc:
        return "refused", str(exc)
    except Exception as exc:  # the sweep reports every crash by name
        return "crash", f"{type(exc).__name__}: {exc}"
    found = [str(p) for p in problems(s)]
    wrong = _played(s, want)
    if not found and not wrong:
        return "played", ""
    if found:
        return "named", "; ".join(found)
    return "silent", wrong


@pytest.mark.parametrize(("case_id", "data", "want"), CASES, ids=[c[0] for c in CASES])
def test_every_editor_code_is_played_or_named(case_id, data, want):
    verdict, detail = classify(case_id, data, want)
    if case_id in KNOWN_GAPS:
        assert verdict == "named", f"{case_id}: known gap ({KNOWN_GAPS[case_id]}) must be " \
                                   f"named by scenario check, got {verdict}: {detail}"
        return
    assert verdict == "played", f"{case_id}: {verdict}: {detail}"


def test_the_known_gaps_are_codes_of_the_sweep():
    assert set(KNOWN_GAPS) <= {c[0] for c in CASES}


def test_the_scenario_files_the_fixture_cites_are_the_copies_in_the_tests():
    root = Path(__file__).parents[2]
    copies = {src["copy"] for entries in CODES.values() if isinstance(entries, list)
              for e in entries for src in e["from"] if "copy" in src}
    assert copies
    for copy in copies:
        assert (root / copy).is_file(), copy


def test_the_fixture_cites_a_bga_memoir_file_for_every_code():
    for kind, entries in CODES.items():
        if not isinstance(entries, list):
            continue
        for e in entries:
            assert e["from"], (kind, e)
            assert all(src["file"].startswith("modules/") for src in e["from"]), (kind, e)


# bga-memoir's terrain class (Scenario::validateTerrain's comment on each line) -> the terrain
# types of this program a tile of that class may load as: its own card, or the winter/desert
# board's copy of it; the winter railroad bridge ('wrailbridge', listed under Bridge) and the
# pond (listed under River) keep their own cards (Railroad Bridges, card 37; a single lake hex)
CLASS_TYPES: dict[str, set[str]] = {
    "AirField": {"airfield"}, "Barracks": {"barracks"}, "Beach": {"beach"},
    "Bridge": {"bridge", "railroad_bridge"}, "Bunker": {"bunker"}, "Cemetery": {"cemetery"},
    "Church": {"church"}, "CoastLine": {"coast"}, "Dam": {"dam"},
    "DragonTeeth": {"dragons_teeth"}, "Erg": {"ridge"}, "Escarpment": {"escarpment"},
    "FactoryComplex": {"factory"}, "FieldBunker": {"field_bunker"}, "Ford": {"ford"},
    "Forest": {"forest", "winter_forest"}, "Fortress": {"fortress"},
    "FrozenRiver": {"frozen_river"}, "HQ": {"headquarters"}, "Hedgehog": {"hedgehogs"},
    "Hedgerow": {"hedgerow"}, "HighGround": {"high_ground"},
    "Hill": {"hill", "winter_hill", "desert_hill"}, "HillCave": {"cave"},
    "HillForest": {"hill_forest"}, "HillVillage": {"hill_village"}, "Hospital": {"hospital"},
    "Jungle": {"jungle"}, "Lake": {"lake"}, "Lighthouse": {"lighthouse"}, "Marshes": {"marsh"},
    "Mountain": {"mountain"}, "MountainCave": {"mountain_cave"}, "Oasis": {"oasis"},
    "PalmForest": {"palm_forest"}, "Pier": {"pier"}, "Pontoon": {"pontoon_bridge"},
    "PowerPlant": {"power_plant"}, "PrisonCamp": {"prison_camp"},
    "RadarStation": {"radar_station"}, "Rail": {"railway"}, "RailStation": {"railway_station"},
    "RailroadBridge": {"railroad_bridge"}, "Ravine": {"ravine"},
    "RicePaddies": {"rice_paddies"}, "River": {"river", "pond"}, "Road": {"road"},
    "RoadBlock": {"roadblock"}, "RoadHill": {"hill_road"}, "Ruins": {"ruins"},
    "Sandbag": {"sandbags"}, "SupplyDepot": {"supply_depot"}, "Trenches": {"trenches"},
    "Village": {"town", "winter_village", "desert_village"}, "Wadi": {"wadi", "curved_wadi"},
    "Wire": {"barbed_wire"},
}


@pytest.mark.parametrize("tile", [t for t in CODES["terrain_tiles"] if "class" in t],
                         ids=lambda t: t["code"])
def test_every_tile_loads_as_the_card_of_its_bga_memoir_class(tile):
    s = import_m44(_file([{**WHERE, tile["layer"]: {"name": tile["code"]}}]))
    types = {p.type for p in s.terrain if p.hex == HEX}
    assert types and types <= CLASS_TYPES[tile["class"]], (tile, types)


# --- the codes the sweep found missing, each read as the terrain card it is ----------------
def _pieces_at(hexes: list[dict[str, Any]]) -> list[str]:
    s = import_m44(_file(hexes))
    assert not problems(s), [str(p) for p in problems(s)]
    return sorted(p.type for p in s.terrain if p.hex == HEX)


@pytest.mark.parametrize("code", ["railroad", "wrailroad"])
def test_a_railroad_road_crossing_is_a_railroad_and_a_road(code):
    # bga-memoir's tile catalogue: "Railroad / Road Crossing", road and rail at once; the
    # Railroads card (armor and artillery entering must stop) and the Roads card both apply
    assert _pieces_at([{**WHERE, "terrain": {"name": code, "orientation": 2}}]) == ["railway", "road"]
    assert UnitClass.ARMOR in TERRAIN["railway"].stop_on_enter_for
    assert TERRAIN["road"].road


def test_a_broken_bridge_is_no_bridge_the_river_under_it_plays():
    hexes = [{**WHERE, "terrain": {"name": "river"}, "obstacle": {"name": "brkbridge"}}]
    assert _pieces_at(hexes) == ["river"]


@pytest.mark.parametrize(("code", "plays_as"), [("ravine", "wadi"), ("cravine", "curved_wadi"),
                                               ("wadi", "wadi"), ("wcurve", "curved_wadi")])
def test_a_gully_is_the_wadis_and_gullies_card(code, plays_as):
    # Terrain Pack card 44 "Wadis & Gullies": bga-memoir's catalogue names the country tiles
    # 'ravine' Gully and 'cravine' Curved Gully (the desert ones are 'wadi' and 'wcurve'); the
    # curved tiles keep their shape, which says where the open ends are (bga-memoir Wadi.php)
    assert _pieces_at([{**WHERE, "terrain": {"name": code}}]) == [plays_as]
    assert TERRAIN[plays_as].battle_adjacent_only


@pytest.mark.parametrize(("code", "layer", "plays_as"), [
    ("cairfield", "terrain", "airfield"),
    ("wchurch", "terrain", "church"),
    ("wroadblock", "obstacle", "roadblock"),
    ("wpontoon", "obstacle", "pontoon_bridge"),
    ("wrailFR", "terrain", "railway"),
    ("wcastle", "terrain", "fortress"),
])
def test_the_country_and_winter_tiles_are_their_terrain_card(code, layer, plays_as):
    assert _pieces_at([{**WHERE, layer: {"name": code}}]) == [plays_as]


def test_the_abatis_is_named_as_not_played_and_the_rest_of_the_file_loads():
    s = import_m44(_file([{**WHERE, "obstacle": {"name": "abatis"}}]))
    assert s.notes == ["G5: abatis ('abatis') is not played yet; left out"]
    assert len(s.units) == 2


def report() -> str:
    counts: dict[str, Counter[str]] = {}
    lines = []
    for case_id, data, want in CASES:
        verdict, detail = classify(case_id, data, want)
        kind = case_id.rsplit(" ", 1)[0] if case_id.startswith(("board", "nation", "game_info")) \
            else \
            " ".join(case_id.split(" ")[:2]) if case_id.startswith(("tile unit", "unit behaviour",
                                                                       "tag behaviour",
                                                                       "badge nation",
                                                                       "medal behaviour",
                                                                       "medal key")) \
            else case_id.split(" ")[0]
        if case_id.startswith("tile ") and " as " in case_id:
            kind = "tile, other layer"
        elif case_id.endswith("written in capitals"):
            kind = "badge (capitals)"
        elif case_id.startswith("tile ") and "=" in case_id:
            kind = "tile key"
        elif case_id.startswith("tile ") and " behaviour " in case_id:
            kind = "tile behaviour"
        elif case_id.startswith("unit ") and case_id.count(" ") == 2 and kind == "unit":
            kind = "badge"
        counts.setdefault(kind, Counter())[verdict] += 1
        if verdict != "played":
            lines.append(f"  {verdict:8} {case_id}: {detail[:150]}")
    head = [f"{k:16} {sum(c.values()):4} codes: " + ", ".join(f"{v} {n}" for v, n in
                                                             sorted(c.items()))
            for k, c in counts.items()]
    return "\n".join(head + lines)


if __name__ == "__main__":
    print(report())


# --- the editor's own list of pieces (sed_names.json): every name imports, played or named ----
SED = json.loads((Path(__file__).parent / "data" / "sed_names.json").read_text())
# the names of it that no rule plays: scenario check must name them (never drop them silently)
SED_NAMED: dict[str, str] = {
    "abatis": "no public text of the Abatis card",
    "tag1": "the battle star: its meaning is the briefing's",
    **{f"tag{n}": "no public meaning" for n in range(9, 14)},
    "tag4": "an exit marker needs a side", "tag5": "an exit marker needs a side",
}


def _sed_cases() -> Iterator[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    """(case id, the name, the file, what it must load as)."""
    tile_units = {u["code"] for u in CODES["tile_units"]}  # troops drawn as tiles, at sea
    for t in SED["tiles"]:
        if t in tile_units:
            yield (f"sed tile unit {t}", t, _file([{**WHERE, "rect_terrain": {"name": t},
                                                     "terrain": {"name": "ocean"}}]),
                   {"unit": True})
            continue
        for layer in ("terrain", "rect_terrain", "obstacle"):
            hexagon: dict[str, Any] = {**WHERE, layer: {"name": t}}
            want: dict[str, Any] = {"terrain": t not in PICTURE_TILES}
            if t in TILE_BADGES:
                hexagon["unit"] = {"name": "infus"}
                want = {"unit": True, "badge": TILE_BADGES[t]}
            yield f"sed tile {t} as {layer}", t, _file([hexagon]), want
    for u in SED["units"]:
        yield f"sed unit {u}", u, _file([{**WHERE, "unit": {"name": u}}]), {"unit": True}
    for t in SED["tags"]:
        yield f"sed tag {t}", t, _file([{**WHERE, "tags": [{"name": t}]}]), {}
    for b in SED["badges"]:
        for base in ("infus", "tankus", "gunus"):
            yield (f"sed badge {b} on {base}", b,
                   _file([{**WHERE, "unit": {"name": base, "badge": b}}]), {"unit": True})


SED_CASES = list(_sed_cases())


@pytest.mark.parametrize(("case_id", "name", "data", "want"), SED_CASES,
                         ids=[c[0] for c in SED_CASES])
def test_every_piece_of_the_editors_own_list_is_played_or_named(case_id, name, data, want):
    verdict, detail = classify(case_id, data, want)
    if name in SED_NAMED:
        assert verdict == "named", f"{case_id} ({SED_NAMED[name]}): {verdict}: {detail}"
        assert name in detail or "exit marker" in detail, detail  # named by what it is
        return
    assert verdict == "played", f"{case_id}: {verdict}: {detail}"


def test_the_editors_list_holds_what_bga_memoir_reads_and_the_airplane():
    bga = {t["code"] for t in CODES["terrain_tiles"]}
    assert len(set(SED["tiles"]) & bga) > 100  # the same editor, read two ways
    assert {"plnus", "plnger", "plnru", "plnjp", "plnbrit"} <= set(SED["units"])
