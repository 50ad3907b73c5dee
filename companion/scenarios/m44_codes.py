"""Data tables: the official scenario editor's codes and what they are in this program.

Sources (public code that reads ``.m44`` files; see ``docs/scenario-format.md``):
bga-devs/bga-memoir ``modules/php/constants.inc.php`` (TERRAIN_CLASSES, TROOP_CLASSES),
``modules/php/Terrains/*.php`` (tile names each terrain class accepts),
``modules/php/Managers/{Units,Terrains,Tokens}.php`` (how a file's layers are read) and
the scenario files under ``modules/php/Scenarios/``. Codes marked "by analogy" follow the
editor's naming pattern (w = winter, d = desert, p = pacific) without a file seen using them.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.board import BoardKind, Side
from companion.scenarios.model import BoardFace


@dataclass(frozen=True, slots=True)
class TerrainCode:
    type: str | None  # our terrain name; None: a known piece the rules do not support yet
    label: str  # what the piece is, for messages


def _t(type_: str | None, label: str, *codes: str) -> dict[str, TerrainCode]:
    return {code: TerrainCode(type_, label) for code in codes}


# Every layer of a hexagon (terrain, rect_terrain, obstacle) is looked up here.
TERRAIN_CODES: dict[str, TerrainCode] = {
    **_t("forest", "forest", "woods"),
    **_t("winter_forest", "winter forest", "wforest"),
    **_t("palm_forest", "palm forest", "palmforest"),
    **_t("jungle", "jungle", "pjungle"),  # by analogy
    **_t("hill", "hill", "hills"),
    **_t("desert_hill", "desert hill", "dhill"),
    **_t("winter_hill", "winter hill", "whill"),  # by analogy
    **_t("high_ground", "high ground", "highground"),
    **_t("town", "town or village", "buildings", "pvillage", "barracks"),  # pvillage by analogy
    **_t("winter_village", "winter village", "wvillage"),  # by analogy
    **_t("desert_village", "North-African village", "bled"),
    **_t("church", "church", "church"),
    **_t("hedgerow", "hedgerow", "hedgerow"),
    **_t("river", "river", "river", "riverFL", "riverFR", "riverY", "curve", "pmouth"),
    **_t("frozen_river", "frozen river", "wriver", "wriverFR", "wcurved"),
    **_t("pond", "pond", "pond"),
    **_t("lake", "lake", "lakeA", "lakeB", "lakeC"),
    **_t("ford", "ford", "ford"),
    **_t("wadi", "wadi", "wadi"),
    **_t("ocean", "ocean", "ocean", "pocean"),
    **_t("beach", "beach", "beach", "pbeach"),
    **_t("bridge", "bridge", "bridge", "pbridge", "wbridge"),
    **_t("railroad_bridge", "railroad bridge", "railbridge", "wrailbridge"),
    **_t("pontoon_bridge", "pontoon bridge", "pontoon", "poontoon"),
    **_t("road", "road", "road", "roadcurve", "roadFL", "roadFR", "roadX", "roadY", "droad",
         "droadcurve", "droadFL", "droadFR", "droadX", "wroad", "wroadcurve"),
    **_t("railway", "railway", "rail", "railcurve", "railFL", "railFR", "railX", "wrail",
         "wrailcurve"),
    **_t("sandbags", "sandbags", "sand"),
    **_t("barbed_wire", "barbed wire", "wire"),
    **_t("hedgehogs", "hedgehogs", "hedgehog"),
    **_t("dragons_teeth", "dragon's teeth", "dragonteeth"),
    **_t("bunker", "bunker", "bunker", "pbunker", "dbunker"),  # dbunker by analogy
    **_t("field_bunker", "field bunker", "fieldbunker"),
    **_t("minefield", "minefield", "mines", "mine", "mineX", "mine0", "mine1", "mine2", "mine3",
         "mine4"),
    **_t("marsh", "marsh", "marshes", "wmarshes"),
    **_t("airfield", "airfield", "airfield", "airfieldX", "dairfield", "dairfieldX"),
    **_t("aircraft_carrier", "aircraft carrier", "pcarrier"),
    # Known pieces without rules support yet: reported, not loaded.
    **_t(None, "mountain", "mountain"),
    **_t(None, "trenches", "wtrenches", "ptrenches"),
    **_t(None, "cliff", "cliff"),
    **_t(None, "railway station", "station"),
    **_t(None, "cemetery", "cemetery"),
    **_t(None, "factory", "factory"),
    **_t(None, "fortress", "fortress"),
}

# Unit name = base code + nation suffix (``infger``, ``tank2us``). Longest base first.
UNIT_BASES: tuple[tuple[str, str], ...] = (
    ("inf2", "special_forces"),
    ("tank2", "elite_armor"),
    ("plane", "airplane"),  # Air Pack airplanes; not seen in a file, see the format doc
    ("inf", "infantry"),
    ("tank", "armor"),
    ("gun", "artillery"),
)

NATION_SIDES: dict[str, Side] = {
    "ger": Side.AXIS, "jp": Side.AXIS, "it": Side.AXIS,
    "us": Side.ALLIES, "brit": Side.ALLIES, "gb": Side.ALLIES, "fr": Side.ALLIES,
    "ru": Side.ALLIES, "ch": Side.ALLIES, "pl": Side.ALLIES,
}


@dataclass(frozen=True, slots=True)
class BadgeRule:
    base: str  # the unit base code it applies to
    type: str  # the unit type it makes
    label: str
    supported: bool = True  # False: loaded as ``type`` with a note that the rules differ


# (base code, badge number) -> what the unit becomes. Other badges are insignia and are kept
# as the unit's badges without changing its type.
BADGE_RULES: dict[tuple[str, int], BadgeRule] = {
    ("inf2", 3): BadgeRule("inf2", "french_resistance", "French resistance"),
    ("inf", 3): BadgeRule("inf", "french_resistance", "French resistance"),
    ("inf", 37): BadgeRule("inf", "anti_tank", "anti-tank gun"),
    **{("inf2", n): BadgeRule("inf2", "special_forces", "combat engineers", supported=False)
       for n in (4, 6, 8, 12, 28)},
    ("inf", 26): BadgeRule("inf", "infantry", "sniper", supported=False),
    ("inf", 27): BadgeRule("inf", "infantry", "sniper", supported=False),
    ("inf", 29): BadgeRule("inf", "infantry", "cavalry", supported=False),
    ("inf2", 30): BadgeRule("inf2", "special_forces", "ski troops", supported=False),
    ("gun", 5): BadgeRule("gun", "artillery", "big gun", supported=False),
}

# Unit "behavior" values that change the type (editor 1.2+).
BEHAVIOR_TYPES: dict[str, str] = {"FRENCH_RESISTANCE": "french_resistance"}

BOARD_TYPES: dict[str, BoardKind] = {
    "STANDARD": BoardKind.STANDARD,
    "BRKTHRU": BoardKind.BREAKTHROUGH,
    "OVERLORD": BoardKind.OVERLORD,
}

BOARD_FACES: dict[str, BoardFace] = {
    "COUNTRY": BoardFace.COUNTRYSIDE,
    "BEACH": BoardFace.BEACH,
    "WINTER": BoardFace.WINTER,
    "DESERT": BoardFace.DESERT,
}

# The beach face prints beach on rows 4-6 and ocean on rows 7-8 of a 9-row board
# (bga-memoir Managers/Terrains.php getBackgroundSpecialTerrains).
BEACH_FACE_ROWS: dict[int, str] = {4: "beach", 5: "beach", 6: "beach", 7: "ocean", 8: "ocean"}

# Medal tag names -> the sides that may win the medal (bga-memoir Managers/Tokens.php).
MEDAL_TAG_SIDES: dict[str, tuple[Side, ...]] = {
    "medal0": (Side.ALLIES, Side.AXIS),
    "medal1": (Side.ALLIES,), "medal4": (Side.ALLIES,), "medal6": (Side.ALLIES,),
    "medal2": (Side.AXIS,), "medal5": (Side.AXIS,), "medal7": (Side.AXIS,),
}

# game_info.options keys that switch on air rules (not seen in a published file; our guess,
# documented as such).
AIR_OPTION_KEYS: dict[str, str] = {
    "air_rules": "air-pack",
    "air_pack": "air-pack",
    "flight_plan": "flight-plan",
    "new_flight_plan": "flight-plan",
}
