"""Type names as people write them: the referee's terrain and unit types in the plural or the
singular, with spaces or hyphens between words, in British spelling, and under the other names
the rulebooks, the scenario editor and bga-memoir give the same piece ("mountains", "barbed
wire", "anti-tank gun", "engineers", "railroad").

A known name is taken as it is (the referee's fast path never gets here); only an unknown one
is looked up, so an alias can never hide a type. Only names in lower case are looked up: the
contract's names are lower case, and "Forest" or "ARMOR" is refused as written, with the
name meant offered ("did you mean forest?"), as is anything else no lookup finds
(``suggest``). Die faces, sides, boards, air rules and asks are the contract's own words and
are not looked up at all. docs/rules-referee.md lists the aliases;
tests/rules/test_referee_names.py checks that each names a known type, that a name as written
gets the answer its own name gets, and that the referee reads editor names as the importer does.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

# --- aliases, by their normalised form (see normalise) ---------------------------------------
# Each: another name for exactly that piece in a rulebook, on a terrain or troop card, in the
# scenario editor's tile and figure names or in bga-memoir's class names. No everyday word for
# something else ("tank" for armor, "sea", "swamp", "gun", "plane", "water") is here: a query that
# uses one asks for a type this referee does not name, and is refused with the nearest names.
TERRAIN_ALIASES: dict[str, str] = {
    "wood": "woods",
    "building": "buildings",
    "bocage": "hedgerow",
    "wire": "barbed_wire", "barbwire": "barbed_wire", "barb_wire": "barbed_wire",
    "barbedwire": "barbed_wire",
    "sandbag": "sandbags", "sand": "sandbags",
    "mine": "minefield", "mines": "minefield", "mine_field": "minefield",
    "mine_fields": "minefield",
    "dragon_teeth": "dragons_teeth", "dragons_tooth": "dragons_teeth",
    "dragon_s_teeth": "dragons_teeth", "dragonteeth": "dragons_teeth",
    "trench": "trenches",
    "fieldbunker": "field_bunker", "casemate": "field_bunker",
    "pontoon": "pontoon_bridge", "pontoons": "pontoon_bridge",
    "rail": "railway", "rails": "railway", "railroad": "railway", "railroads": "railway",
    "railway_line": "railway", "railroad_track": "railway", "railroad_tracks": "railway",
    "rail_track": "railway", "rail_tracks": "railway", "train_tracks": "railway",
    "rail_bridge": "railroad_bridge", "railway_bridge": "railroad_bridge",
    "railbridge": "railroad_bridge",
    "station": "railway_station", "train_station": "railway_station",
    "rail_station": "railway_station", "railroad_station": "railway_station",
    "road_block": "roadblock",
    "air_field": "airfield", "airstrip": "airfield",
    "carrier": "aircraft_carrier",
    "rice_paddy": "rice_paddies", "paddy": "rice_paddies", "paddies": "rice_paddies",
    "paddy_field": "rice_paddies", "paddy_fields": "rice_paddies",
    "highground": "high_ground", "flooded_fields": "flooded_field",
    "seawall": "sea_wall", "seabluff": "sea_bluff", "bluff": "sea_bluff", "bluffs": "sea_bluff",
    "hillroad": "hill_road", "road_over_a_hill": "hill_road",
    "hq": "headquarters", "campaign_hq": "headquarters",
    "camp": "prison_camp", "depot": "supply_depot", "radar": "radar_station",
    "powerplant": "power_plant", "power_station": "power_plant",
    "factory_complex": "factory", "fort": "fortress",
    "field_hospital": "hospital",
    "palm_trees": "palm_forest", "palmtrees": "palm_forest", "palm_forests": "palm_forest",
    "gully": "wadi", "gullies": "wadi",
}

UNIT_ALIASES: dict[str, str] = {
    "elite_tank": "elite_armor", "elite_tanks": "elite_armor",
    "field_artillery": "artillery",
    "special_force": "special_forces", "specialforces": "special_forces",
    "resistance": "french_resistance", "french_resistance_infantry": "french_resistance",
    "engineer": "combat_engineer", "engineers": "combat_engineer",
    "combat_engineers": "combat_engineer", "sapper": "combat_engineer",
    "sappers": "combat_engineer",
    "ski": "ski_troops", "ski_troop": "ski_troops", "skiers": "ski_troops",
    "anti_tank_gun": "anti_tank", "anti_tank_guns": "anti_tank", "antitank": "anti_tank",
    "antitank_gun": "anti_tank", "at_gun": "anti_tank", "at_guns": "anti_tank",
    "early_anti_tank": "anti_tank", "anti_tank_early": "anti_tank",
    "late_anti_tank": "anti_tank_late", "anti_tank_gun_late": "anti_tank_late",
    "heavy_at_gun": "heavy_anti_tank_gun", "heavy_anti_tank": "heavy_anti_tank_gun",
    "heavy_anti_tank_guns": "heavy_anti_tank_gun",
    "mg": "machine_gun", "machinegun": "machine_gun", "late_machine_gun": "machine_gun_late",
    "late_mortar": "mortar_late",
    "tiger_tank": "tiger", "tiger_tanks": "tiger", "tigers": "tiger",
    "flamethrower_tank": "flame_thrower_tank", "flame_tank": "flame_thrower_tank",
    "flamethrower": "flame_thrower_tank", "flame_thrower": "flame_thrower_tank",
    "flamethrower_tanks": "flame_thrower_tank",
    "biggun": "big_gun", "self_propelled_artillery": "mobile_artillery",
    "self_propelled_gun": "mobile_artillery", "spg": "mobile_artillery",
    "loco": "locomotive",
    "railway_wagon": "wagon",
    "fighterbomber": "fighter_bomber",
    "504th": "504th_pir", "504th_parachute_infantry_regiment": "504th_pir",
    # the scenario editor's own unit codes (its figures, without the nation suffix)
    "inf2": "special_forces", "tank2": "elite_armor", "pln": "airplane",
    "veh": "supply_truck", "pdestroyer": "destroyer",
}


def normalise(name: str) -> str:
    """``name`` in the referee's spelling: lower case, words joined by ``_`` (spaces, hyphens,
    apostrophes, CamelCase), British "armour" as "armor" (for suggestions; :func:`resolve`
    looks up lower-case names only). (No ``re``: a referee process imports none, test_leanjson.)"""
    out: list[str] = []
    before = ""
    for ch in name.strip():
        if ch.isupper() and (before.islower() or before.isdigit()):
            out.append("_")  # HillForest -> hill_forest
        low = ch.lower()
        if low.isascii() and low.isalnum():
            out.append(low)
        elif out and out[-1] != "_":
            out.append("_")
        before = ch
    return "".join(out).strip("_").replace("armour", "armor")


def _numbers(name: str) -> tuple[str, ...]:
    """``name`` and its other number: "mountains" -> "mountain", "trench" -> "trenches"."""
    out = [name]
    if name.endswith("ies"):
        out.append(name[:-3] + "y")
    if name.endswith("es"):
        out.append(name[:-2])
    if name.endswith("s"):
        out.append(name[:-1])
    else:
        out.append(name + "s")
        out.append(name[:-1] + "ies" if name.endswith("y") else name + "es")
    return tuple(out)


def resolve(name: object, known: Collection[str], aliases: Mapping[str, str] | None = None
            ) -> str | None:
    """The known name ``name`` stands for, or None: itself when known, else (written in lower
    case) its normalised form in either number, or an alias of either."""
    if not isinstance(name, str):
        return None
    if name in known:
        return name
    if name != name.lower():
        return None
    forms = _numbers(normalise(name))
    for form in forms:
        if form in known:
            return form
    table = aliases or {}
    for form in forms:
        found = table.get(form)
        if found is not None and found in known:
            return found
    return None


def suggest(name: object, known: Collection[str], aliases: Mapping[str, str] | None = None,
            count: int = 3) -> list[str]:
    """Up to ``count`` known names close to a name that no lookup found (a typing slip)."""
    if not isinstance(name, str) or not name.strip():
        return []
    import difflib  # only when a name is refused

    pool = {k: k for k in known}
    for alias, target in (aliases or {}).items():
        if target in pool:
            pool.setdefault(alias, target)
    close = difflib.get_close_matches(normalise(name), list(pool), n=count * 2, cutoff=0.75)
    return list(dict.fromkeys(pool[c] for c in close))[:count]


def did_you_mean(name: object, known: Collection[str], aliases: Mapping[str, str] | None = None
                 ) -> str:
    """"did you mean forest? " when there is a near name, else ""."""
    near = suggest(name, known, aliases)
    return f"did you mean {' or '.join(near)}? " if near else ""


__all__ = ["TERRAIN_ALIASES", "UNIT_ALIASES", "did_you_mean",
           "normalise", "resolve", "suggest"]
