"""Data tables: the official scenario editor's codes and what they are in this program.

Sources (public code that reads ``.m44`` files; see ``docs/scenario-format.md``):
bga-devs/bga-memoir ``modules/php/constants.inc.php`` (TERRAIN_CLASSES, TROOP_CLASSES),
``modules/php/Terrains/*.php`` (tile names each terrain class accepts),
``modules/php/Managers/{Units,Terrains,Tokens}.php`` (how a file's layers are read) and
the scenario files under ``modules/php/Scenarios/``. Codes marked "by analogy" follow the
editor's naming pattern (w = winter, d = desert, p = pacific) without a file seen using them.
"""

from __future__ import annotations

from companion.rules.board import BoardKind, Side
from companion.rules.records import dataclass
from companion.scenarios.model import BoardFace


@dataclass(frozen=True, slots=True)
class TerrainCode:
    type: str | None  # our terrain name; None: a known piece the rules do not support yet
    label: str  # what the piece is, for messages


def _t(type_: str | None, label: str, *codes: str) -> dict[str, TerrainCode]:
    return {code: TerrainCode(type_, label) for code in codes}


# Every layer of a hexagon (terrain, rect_terrain, obstacle) is looked up here, by the tile
# name and then, when the layer has a ``behavior``, in BEHAVIOR_TERRAIN. The tile names are
# those bga-memoir's ``Scenario::validateTerrain`` accepts (every tile the editor writes).
TERRAIN_CODES: dict[str, TerrainCode] = {
    **_t("forest", "forest", "woods"),
    **_t("winter_forest", "winter forest", "wforest"),
    **_t("palm_forest", "palm forest", "palmforest", "palmtrees"),
    **_t("jungle", "jungle", "pjungle"),
    **_t("hill", "hill", "hills"),
    **_t("desert_hill", "desert hill", "dhill"),
    **_t("winter_hill", "winter hill", "whill"),
    **_t("high_ground", "high ground", "highground"),
    **_t("town", "town or village", "buildings", "pvillage"),
    **_t("barracks", "barracks", "barracks"),
    **_t("winter_village", "winter village", "wvillage"),
    **_t("desert_village", "North-African village", "bled"),
    **_t("church", "church", "church"),
    **_t("hedgerow", "hedgerow", "hedgerow"),
    **_t("river", "river", "river", "riverFL", "riverFR", "riverY", "curve", "pmouth"),
    **_t("frozen_river", "frozen river", "wriver", "wriverFR", "wcurved"),
    **_t("pond", "pond", "pond"),
    **_t("lake", "lake", "lakeA", "lakeB", "lakeC"),
    **_t("ford", "ford", "ford"),
    # the straight and the curved tile differ in their open ends (bga-memoir Terrains/Wadi.php)
    **_t("wadi", "wadi", "wadi"),
    **_t("curved_wadi", "curved wadi", "wcurve"),
    **_t("ocean", "ocean", "ocean", "pocean"),
    **_t("beach", "beach", "beach", "pbeach"),
    **_t("bridge", "bridge", "bridge", "pbridge", "wbridge"),
    **_t("railroad_bridge", "railroad bridge", "railbridge", "wrailbridge"),
    **_t("pontoon_bridge", "pontoon bridge", "pontoon", "poontoon"),
    **_t("road", "road", "road", "roadcurve", "roadFL", "roadFR", "roadX", "roadY", "droad",
         "droadcurve", "droadFL", "droadFR", "droadX", "wroad", "wroadcurve", "wroadFL",
         "wroadFR", "wroadX", "wroadY"),
    **_t("railway", "railway", "rail", "railcurve", "railFL", "railFR", "railX", "wrail",
         "wrailcurve"),
    **_t("sandbags", "sandbags", "sand"),
    **_t("barbed_wire", "barbed wire", "wire"),
    **_t("hedgehogs", "hedgehogs", "hedgehog"),
    **_t("dragons_teeth", "dragon's teeth", "dragonteeth"),
    **_t("bunker", "bunker", "bunker"),
    **_t("field_bunker", "field bunker", "fieldbunker", "casemate", "wbunker", "dbunker",
         "pbunker"),
    **_t("minefield", "minefield", "mines", "mine", "mineX", "mine0", "mine1", "mine2", "mine3",
         "mine4"),
    **_t("marsh", "marsh", "marshes", "wmarshes"),
    **_t("airfield", "airfield", "airfield", "airfieldX", "dairfield", "dairfieldX",
         "pairfield", "pairfieldX", "wairfield"),
    **_t("aircraft_carrier", "aircraft carrier", "pcarrier"),
    **_t("mountain", "mountain", "mountain"),
    **_t("fortress", "fortress", "fortress"),
    **_t("dam", "dam", "dam"),
    **_t("cemetery", "cemetery", "cemetery"),
    **_t("factory", "factory complex", "factory", "wfactory"),
    **_t("railway_station", "railway station", "station"),
    **_t("lighthouse", "lighthouse", "lighthouse"),
    **_t("oasis", "oasis", "oasis"),
    **_t("prison_camp", "prison camp", "camp"),
    **_t("supply_depot", "supply depot", "depot"),
    **_t("power_plant", "power plant", "powerplant"),
    **_t("radar_station", "radar station", "radar"),
    **_t("hill_road", "road over a hill", "hillroad", "hillcurve"),
    **_t("roadblock", "roadblock", "roadblock", "droadblock"),
    **_t("headquarters", "headquarters", "dcamp", "pheadquarter"),
    **_t("trenches", "trenches", "wtrenches", "ptrenches"),
    **_t("ruins", "ruins", "wruins"),
    **_t("coast", "coastline", "coast", "coastcurve"),
    **_t("ridge", "ridge (erg)", "dridge"),
    **_t("escarpment", "escarpment", "descarpment"),
    **_t("cave", "cave on a hill", "pcave"),
    **_t("mountain_cave", "cave on a mountain", "pmcave"),
    **_t("hill_forest", "forest on a hill", "whillforest"),
    **_t("hill_village", "village on a hill", "whillvillage"),
    **_t("hospital", "field hospital", "phospital"),
    **_t("pier", "pier", "ppier"),
    **_t("ravine", "ravine", "wravine"),
    **_t("rice_paddies", "rice paddies", "price"),
    # tiles bga-memoir's board draws (modules/js/Board.js TERRAINS, OBSTACLES) that its
    # Scenario::validateTerrain does not list; the names are those of bga-memoir's tile catalogue
    # (Terrains/*.php at 4e00b611: 'cairfield' Country Airfield, 'wchurch' Winter Church,
    # 'wroadblock' Winter Roadblock, 'ravine' Gully, 'cravine' Curved Gully, 'railroad' and
    # 'wrailroad' Railroad / Road Crossing); 'wpontoon', 'wrailFR' and 'wcastle' by analogy
    # (w = winter: the winter pontoon, rail fork and fortress tiles)
    **_t("airfield", "country airfield", "cairfield"),
    **_t("church", "winter church", "wchurch"),
    **_t("roadblock", "winter roadblock", "wroadblock"),
    **_t("pontoon_bridge", "winter pontoon bridge", "wpontoon"),
    **_t("railway", "winter railway", "wrailFR"),
    # Wadis & Gullies are one terrain card (Terrain Pack card 44): the gully is the country wadi
    # (bga-memoir's Wadi class reads only 'wadi' and 'wcurve'; the gullies are taken to face as
    # the wadi tiles of the same shape do)
    **_t("wadi", "gully", "ravine"),
    **_t("curved_wadi", "curved gully", "cravine"),
    **_t("railway", "railroad / road crossing", "railroad", "wrailroad"),
    **_t("fortress", "winter fortress", "wcastle"),
    # no public text of the Abatis card was found (docs/rules-sources.md): said, not guessed
    **_t(None, "abatis", "abatis"),
}
# Tiles that are two terrains at once: the crossing is a railroad hex and a road hex (bga-memoir
# Terrains/RailroadRoadCrossing.php: road and rail)
TILE_ALSO: dict[str, tuple[str, ...]] = {"railroad": ("road",), "wrailroad": ("road",)}
# Tiles that are a picture only, nothing on the table plays: a broken bridge (bga-memoir
# Terrains/BrokenBridge.php, 'brkbridge', drawn over the water) is no bridge; the river of its
# hex plays as it is
PICTURE_TILES: dict[str, str] = {"brkbridge": "broken bridge"}

# (tile name, behaviour) -> what the layer is instead (bga-memoir Terrains/*::isTileOfType).
# A behaviour that names the tile's own plain type (HILL on hills) changes nothing.
BEHAVIOR_TERRAIN: dict[tuple[str, str], TerrainCode] = {
    **{(c, "CLIFF"): TerrainCode("cliff", "cliff") for c in ("hills", "whill")},
    ("hills", "BLUFF"): TerrainCode("sea_bluff", "sea bluff"),
    ("hills", "STEEP_HILL"): TerrainCode("steep_hill", "steep hill"),
    **{(c, b): TerrainCode("impassable_hill", "impassable hill")
       for c in ("hills", "whill", "dhill", "mountain") for b in ("IMPASSABLE_HILL",)},
    # bga-memoir Terrains: IMPASSABLE_HILL sets isImpassable on any tile (17 Villers-Bocage's
    # forests and villages)
    **{(c, "IMPASSABLE_HILL"): TerrainCode("impassable_forest", "impassable forest")
       for c in ("woods",)},
    **{(c, "IMPASSABLE_HILL"): TerrainCode("impassable_town", "impassable town or village")
       for c in ("buildings",)},
    **{(c, "IMPASSABLE_BLOCKING_HILL"): TerrainCode("impassable_blocking_hill",
                                                    "impassable hill that blocks sight")
       for c in ("hills", "whill", "dhill", "mountain")},
    ("sand", "SEAWALL"): TerrainCode("sea_wall", "sea wall"),
    ("oasis", "OASIS_RECOVERY"): TerrainCode("oasis_recovery", "oasis (Oasis Recovery)"),
    # 3129 Operation Crusader: "Oasis Recovery rules ... also apply to each camp's Campaign HQ"
    ("dcamp", "OASIS_RECOVERY"): TerrainCode("headquarters_recovery",
                                             "headquarters (Oasis Recovery)"),
    ("bridge", "BRIDGE_SECTION"): TerrainCode("bridge_section", "bridge section"),
    # 8044 Rzhev: "the town is the German's HQ. HQ/Supply rules are in effect (Actions 17)"
    ("buildings", "HEADQUARTER"): TerrainCode("town_headquarters", "town that is an HQ"),
    # 6687 Drop in the Night: bridges the Allies may blow up (option blowbridge_opt2)
    ("bridge", "CAN_BE_BLOWN"): TerrainCode("blowable_bridge", "bridge that can be blown up"),
    **{(c, "FORDABLE_STREAM"): TerrainCode("fordable_stream", "fordable stream")
       for c in ("river", "riverFL", "riverFR", "riverY", "curve", "pond", "pmouth")},
    **{(c, "WIDE_RIVER"): TerrainCode("river", "wide river")
       for c in ("river", "riverFL", "riverFR", "riverY", "curve", "pond", "pmouth")},
}
# bga-memoir's terrain manager makes any tile with IMPASSABLE_HILL or IMPASSABLE_BLOCKING_HILL
# impassable (Managers/Terrains.php loadScenario: isImpassable; the blocking one also blocks
# sight, which forests and towns do anyway): the other forest and village tiles too
BEHAVIOR_TERRAIN.update({
    **{(c, b): TerrainCode("impassable_forest", "impassable forest")
       for c in ("wforest", "palmtrees", "palmforest") for b in ("IMPASSABLE_HILL",
                                                                 "IMPASSABLE_BLOCKING_HILL")},
    ("woods", "IMPASSABLE_BLOCKING_HILL"): TerrainCode("impassable_forest", "impassable forest"),
    **{(c, b): TerrainCode("impassable_town", "impassable town or village")
       for c in ("pvillage", "wvillage", "bled") for b in ("IMPASSABLE_HILL",
                                                          "IMPASSABLE_BLOCKING_HILL")},
    ("buildings", "IMPASSABLE_BLOCKING_HILL"): TerrainCode("impassable_town",
                                                           "impassable town or village"),
})
# A second behaviour (behavior2) of a bridge that can be blown: blowing it is worth a medal.
BLOWN_MEDAL_BEHAVIOR = "ONE_MEDAL_IF_BLOWN"
# Behaviours that repeat what the tile already is.
PLAIN_BEHAVIORS: frozenset[str] = frozenset({"HILL", "MOUNTAIN"})
# A layer with behaviour FORD is a ford whatever its tile (bga-memoir Terrains/Ford.php).
FORD_BEHAVIOR = "FORD"

# Unit name = base code + nation suffix (``infger``, ``tank2us``). Longest base first.
UNIT_BASES: tuple[tuple[str, str], ...] = (
    ("inf2", "special_forces"),
    ("tank2", "elite_armor"),
    ("tiger", "tiger"),  # bga-memoir TROOP_CLASSES 'tiger'
    ("plane", "airplane"),  # Air Pack airplanes, as the format doc spells them
    # the editor's own airplane figures: plnus, plnger, plnru, plnjp, plnbrit (its image list,
    # sed_images mp_pln*.png, as dderevjanik/m44 images_sed.json keeps it)
    ("pln", "airplane"),
    ("inf", "infantry"),
    ("tank", "armor"),
    ("gun", "artillery"),
    ("veh", "supply_truck"),  # Troops 17 Supply Trucks (6380 Noville to Foy: 'vehus')
)

NATION_SIDES: dict[str, Side] = {
    "ger": Side.AXIS, "jp": Side.AXIS, "it": Side.AXIS, "fin": Side.AXIS, "hu": Side.AXIS,
    "ro": Side.AXIS,
    "us": Side.ALLIES, "brit": Side.ALLIES, "gb": Side.ALLIES, "fr": Side.ALLIES,
    "ru": Side.ALLIES, "ch": Side.ALLIES, "pl": Side.ALLIES, "ca": Side.ALLIES,
    "au": Side.ALLIES, "nz": Side.ALLIES,
}
# A badge that names the unit's nation (bga-memoir TROOP_NATION_MAPPING: badge38 is Italian).
BADGE_NATIONS: dict[str, str] = {"badge38": "it"}


@dataclass(frozen=True, slots=True)
class BadgeRule:
    type: str  # the unit type it makes (a key of the rules core's UNITS when it plays it)
    label: str
    fallback: str  # loaded as this while the rules core does not know ``type`` ("": the base's)


def _b(type_: str, label: str, fallback: str, *keys: tuple[str, str]) -> dict[
        tuple[str, str], BadgeRule]:
    return {k: BadgeRule(type_, label, fallback) for k in keys}


# (base code, badge id after "badge") -> what the unit becomes (bga-memoir TROOP_CLASSES and
# Scenario::validateUnit: "type + badge number if non decorative"). Other badges are insignia,
# kept as the unit's badges without changing its type.
BADGE_RULES: dict[tuple[str, str], BadgeRule] = {
    **_b("french_resistance", "French resistance", "", ("inf2", "3"), ("inf", "3")),
    **_b("anti_tank", "anti-tank gun", "", ("inf", "37")),
    **_b("anti_tank_late", "late-war anti-tank gun", "anti_tank", ("inf", "37lw")),
    # the engineers' badges of each nation: 6 German, 8 British, 12 US, 28 Soviet (bga-memoir
    # Scenario::validateUnit). Badge 4 is the German elite insignia, not an engineer: an older
    # constants.inc.php listed 'inf2_4' as CombatEngineer, validateUnit dropped it, and every
    # real file puts badge 4 on units its briefing calls elite (8044: "All German Infantry are
    # elite units"; 18, 25, 4152, 4172, 5841, 6541 ...; the German engineers of 6370 and 6380
    # carry badge 6)
    **_b("combat_engineer", "combat engineers", "",
         *((base, n) for base in ("inf2", "inf") for n in ("6", "8", "12", "28"))),
    **_b("sniper", "sniper", "", ("inf", "26"), ("inf", "27")),
    **_b("cavalry", "cavalry", "", ("inf", "29")),
    **_b("ski_troops", "ski troops", "", ("inf2", "30"), ("inf", "30")),
    **_b("mortar", "mortar", "", ("inf", "41")),
    **_b("mortar_late", "late-war mortar", "", ("inf", "41lw")),
    **_b("machine_gun", "machine gun", "", ("inf", "45")),
    **_b("machine_gun_late", "late-war machine gun", "", ("inf", "45lw")),
    **_b("big_gun", "big gun", "", ("gun", "5")),
    **_b("mobile_artillery", "mobile artillery", "", ("gun", "35")),
    **_b("heavy_anti_tank_gun", "heavy anti-tank gun", "", ("gun", "46")),
    **_b("flame_thrower_tank", "flame-thrower tank", "", ("tank2", "33")),
}

# Special Weapon Asset badges that are the late-war kind in a battle after 1942 (bga-memoir
# Managers/Units.php: badge 37, 41, 45 + "lw" when date_begin's year > 1942).
LATE_WAR_BADGES: frozenset[str] = frozenset({"37", "41", "45"})
LATE_WAR_AFTER = 1942

# Unit "behavior" values that change the type (editor 1.2+; bga-memoir TROOP_BADGE_MAPPING).
BEHAVIOR_TYPES: dict[str, str] = {"FRENCH_RESISTANCE": "french_resistance"}
# Unit "behavior" values that are a rule variant of that unit (bga-memoir Units.php).
BEHAVIOR_VARIANTS: dict[str, str] = {
    "ARMOR_MOVE_TWO": "armor_move_two",
    "ELITE_ARMOR_MOVE_TWO": "armor_move_two",
    "CAN_IGNORE_ONE_FLAG": "ignore_one_flag",
    "GERMAN_2VICTANK": "two_medals",  # bga-memoir Units/EliteArmor.php getMedalsWorth
    "IS_WITTMANN": "wittmann",  # bga-memoir Units/Tiger.php (17 Villers-Bocage)
}
# Unit variants whose battle-star token (tag1) on the unit's hex only marks the unit.
STAR_MARKED_VARIANTS: frozenset[str] = frozenset({"wittmann"})
# Tiles that are troops (bga-memoir Units::loadScenario: a rect_terrain 'pdestroyer', 'loco'
# or 'wagon' is a unit of player 2's side) -> the unit type.
TILE_UNITS: dict[str, str] = {"pdestroyer": "destroyer", "loco": "locomotive",
                              "wagon": "wagon"}

# Tiles that are a craft carrying the unit of their hex -> the badge the unit gets: the
# editor's 'barge' (bga-memoir Terrains/LandingCrafts.php: type 'barge', "Landing Crafts", a
# transport on water) is the Air Pack's Landing Craft (Troops 15; seed 000 "Landing Craft"),
# played by companion.game.landing on a unit with the badge 'landing_craft'
TILE_BADGES: dict[str, str] = {"barge": "landing_craft"}

# Board types and faces are read whatever their case (files in the wild write "brkthru");
# bga-memoir upper-cases both before reading them (Scenario::loadId).
# game_info.starting: PLAYER1, PLAYER2, or SPECIAL, the editor's third choice (its starting-player
# list: dderevjanik/m44 packages/shared/shared.ts EStartingPlayer), where the description says
# who moves first ("Allied Player: Take 6 command cards. You move first.")
STARTING_SPECIAL = "SPECIAL"
FIRST_MOVE_PATTERN = r"\b(moves?|goes|plays?) first\b"
# the words of a description that name a side (a nation's army is its side's)
SIDE_WORDS: dict[str, Side] = {
    **dict.fromkeys(("axis", "german", "germans", "japanese", "italian", "italians"), Side.AXIS),
    **dict.fromkeys(("allied", "allies", "american", "americans", "british", "soviet", "soviets",
                     "russian", "russians", "french"), Side.ALLIES),
}

# the editor's minefield token: every tag3 of bga-memoir's 109 scenario files carries the
# behaviour MINE_FIELD (face down, the side that laid it as "side"); a tag3 written bare (a
# writer that drops the behaviour) is the same token, laid by no side named
MINE_TOKEN_TAG = "tag3"
# bga-memoir 4237 Into the Cauldron (a newer file): the minefields a supply lane opens through,
# the tag's side the one that laid them; a decoy of them turned over is the other side's medal
DECOY_LANE_BEHAVIOR = "DECOY_MEDAL_MINE_FIELD"
# the rules core's river that one side's infantry ford in boats (1340 Across the River Roer)
NAVIGABLE_RIVER = "navigable_river"

BOARD_TYPES: dict[str, BoardKind] = {
    "STANDARD": BoardKind.STANDARD,
    "BRKTHRU": BoardKind.BREAKTHROUGH,
    "BREAKTHROUGH": BoardKind.BREAKTHROUGH,
    "OVERLORD": BoardKind.OVERLORD,
}

BOARD_FACES: dict[str, BoardFace] = {
    "COUNTRY": BoardFace.COUNTRYSIDE,
    "COUNRY": BoardFace.COUNTRYSIDE,  # bga-memoir's constant is spelt so
    "COUNTRYSIDE": BoardFace.COUNTRYSIDE,
    "BEACH": BoardFace.BEACH,
    "WINTER": BoardFace.WINTER,
    "DESERT": BoardFace.DESERT,
}

# The beach face prints ocean on the last two rows and beach on the three rows above them,
# counted from the board's last row (row 8 of a 9-row board is 0 here): bga-memoir
# modules/js/Board.js getBackgroundTile draws the beach face by b = dim.y - y, the rows from
# the bottom edge, for every board (the Breakthrough's 17 rows too: ocean rows 15-16, beach
# 12-14); Managers/Terrains.php getBackgroundSpecialTerrains plays rows 4-8 of the 9-row boards
# as the same beach and ocean.
BEACH_FACE_ROWS: dict[int, str] = {0: "ocean", 1: "ocean", 2: "beach", 3: "beach", 4: "beach"}

# Medal tag names -> the sides that may win the medal (bga-memoir Managers/Tokens.php).
MEDAL_TAG_SIDES: dict[str, tuple[Side, ...]] = {
    "medal0": (Side.ALLIES, Side.AXIS),
    "medal1": (Side.ALLIES,), "medal4": (Side.ALLIES,), "medal6": (Side.ALLIES,),
    "medal2": (Side.AXIS,), "medal5": (Side.AXIS,), "medal7": (Side.AXIS,),
}

# Medal tag behaviours: a permanent medal objective of that side (bga-memoir 8044 Rzhev: medal6
# "PERMANENT_MEDAL_ALLIES", medal2 "PERMANENT_MEDAL_AXIS", written with no medal object; its
# briefing: "The town of Sweklino is a Permanent Medal Objective for the Axis forces")
MEDAL_BEHAVIORS: dict[str, Side] = {"PERMANENT_MEDAL_ALLIES": Side.ALLIES,
                                    "PERMANENT_MEDAL_AXIS": Side.AXIS}

# Tags that change nothing the rules play (none now: the camouflage tags are CAMOUFLAGE_TAGS).
COSMETIC_TAGS: frozenset[str] = frozenset()
# Camouflage tags: the unit of the hex starts camouflaged (Actions 16; bga-memoir
# Managers/Tokens.php reads tag14 and tag15 as TOKEN_CAMOUFLAGE; companion.rules.camouflage)
CAMOUFLAGE_TAGS: frozenset[str] = frozenset({"tag14", "tag15"})

# The exit-marker pictures (bga-memoir scenarios 1412, 4089, 4245 put the EXIT_MARKER behaviour on
# tag4 or tag5; a second tag5 with no behaviour marks the far end of the range the first one's
# group lists).
EXIT_MARKER_TAGS: frozenset[str] = frozenset({"tag4", "tag5"})

# Bare exit-marker pictures (a tag4 or tag5 without the EXIT_MARKER behaviour, with no side):
# bga-memoir's Scenario::validateScenario refuses such a file (a tag must be a medal, a mine,
# camouflage or an EXIT_MARKER), so whose exit it is comes from the briefing, as the printed
# scenario says it (two on a baseline, with nothing said, are the other side's range).
@dataclass(frozen=True)
class ExitBriefing:
    """A briefing sentence about exits. ``pattern`` (case-insensitive) has a group ``side``
    (allied or axis): the side whose units exit there, or with ``baseline`` the side whose
    baseline it is (the other side exits). ``count`` names a group ``n``: that side wins only
    by exiting n units (its medals count only with them: victory.MedalLedger.exits_needed).
    ``per_figure``: each figure of a unit of that type exiting is a medal."""

    pattern: str
    baseline: bool = False
    count: bool = False
    per_figure: str = ""


EXIT_BRIEFINGS: tuple[ExitBriefing, ...] = (
    # 4241 Escape via the Coastal Road: "Exit markers are in effect on the two road hexes at
    # the board's edges, for the Allied forces"; 4230: "... for the Axis forces"
    ExitBriefing(r"\bexit markers? (are|is) in effect\b.{0,160}?\bfor the (?P<side>allied|axis) "
                 r"(forces|player|units|troops)"),
    # 5841 The Surrender of Elster's Column: "exit 3 of his units through the Exit markers on
    # the Allied player's baseline"
    ExitBriefing(r"\bexit markers? on the (?P<side>allied|axis) player'?s baseline", baseline=True),
    ExitBriefing(r"\b(?P<side>allied|axis) player achieves victory if,? and only if,? he manages "
                 r"to exit (?P<n>[0-9]{1,2}|one|two|three|four|five|six) ", count=True),
    # 42 Utah Beach: "An Allied unit that exits off the Axis side of the battlefield counts as
    # one Victory Medal" (its exit tokens name no side)
    ExitBriefing(r"\ban? (?P<side>allied|axis) unit that exits off the (allied|axis) side of the "
                 r"battlefield\b.{0,40}?\bcounts as (one|a|1) victory medal"),
    # 6380 Noville to Foy: "1 Victory Medal for each Allied truck figure that manages to exit"
    ExitBriefing(r"\bvictory medal for each (?P<side>allied|axis) truck figure that (manages to )?"
                 r"exits?", per_figure="supply_truck"),
)
NUMBER_WORDS: dict[str, int] = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}

# game_info.options keys that switch on air rules (not seen in a published file; our guess,
# documented as such).
AIR_OPTION_KEYS: dict[str, str] = {
    "air_rules": "air-pack",
    "air_pack": "air-pack",
    "flight_plan": "flight-plan",
    "new_flight_plan": "flight-plan",
}


# the option of an airdrop before the side's first turn (companion.scenarios.model.Airdrop);
# airdrop2 (a later drop by a command card, in full daylight) is not played and is noted
AIRDROP_OPTION = "airdrop"
# 6687's later glider drop: {side, option: NEED_FULL_DAY_VISIBILITY, center, range, nbr_units,
# unit}, dropped once at the start of the side's turn in full daylight (bga-memoir RoundTrait)
DAYLIGHT_AIRDROP_OPTION = "airdrop2"
DAYLIGHT_AIRDROP_CONDITION = "NEED_FULL_DAY_VISIBILITY"

# game_info.options keys that switch on a scenario rule (bga-memoir Scenario::setup reads
# these names) -> the rule variant's name in this program (``companion.rules.variants``).
SCENARIO_OPTIONS: dict[str, str] = {
    "blitz_rules": "blitz",
    "partial_blitz_rules": "partial_blitz",  # its value: ALLIES, AXIS or all
    "air_strikes_rules": "air_strikes",  # its value: the side that may call in air strikes
    "hill317": "hill_317",  # its value: the hexes of the hill (companion.rules.hill317)
    "russian_commissar_rule": "russian_commissar",
    "north_african_desert_rules": "north_african_desert",
    "italy_royal_army": "italian_royal_army",
    "italy_high_command": "italian_high_command",
    "british_commonwealth": "british_commonwealth",
    "gung_ho": "us_marines_gung_ho",
    "night_visibility_rules": "night_visibility",
    "blowbridge_opt2": "blow_bridges",  # {side, option: NEED_NEIGHBOUR_UNIT} (6687)
    "night_visibility_reverse_rule": "night_visibility_reverse",  # day fading into night (4089)
    "empty_section_medals": "empty_section_medals",
    "supply_train_rules": "supply_train",
    "infantry_exit_counts_2": "infantry_exit_counts_2",  # its value: {"side": ..., "nbr_units": ...}
    # its value {"side": ..., "min_nbr_units": n}: the side wins by medals only with n exits
    "must_have_unit_exit": "exits_to_win",
    "smoke_screen": "smoke_screen",  # its value {"side": ...}: the side that may place it (4086)
}
# variants of SCENARIO_OPTIONS that one side plays: an option that names no side is noted, not
# played (a smoke screen with nobody to lay it)
SIDED_OPTIONS: frozenset[str] = frozenset({"smoke_screen"})
# game_info.options keys whose value names the side of another option's variant
# (bga-memoir 4089: night_visibility_team_turn = AXIS, the side that rolls for visibility)
SIDE_OPTIONS: dict[str, tuple[str, ...]] = {
    "night_visibility_team_turn": ("night_visibility", "night_visibility_reverse")}
# deck_name values that are a rule variant (the Air Power card played as Artillery Bombard)
DECK_VARIANTS: dict[str, str] = {
    "AIR_POWER_AS_ARTILLERY_BOMBARD_DECK": "air_power_as_artillery_bombard",
}
# Options whose value false switches a variant on (bga-memoir deck_reshuffling = false: the deck
# is not reshuffled; true is the standard game).
FALSE_OPTIONS: dict[str, str] = {"deck_reshuffling": "deck_reshuffling"}
# Options that name the standard game: nothing to play differently.
STANDARD_OPTION_VALUES: dict[str, frozenset[str]] = {
    "deck_name": frozenset({"STANDARD_DECK", "STANDARD", "BRKTHRU", "BRKTHRU_DECK",
                            "BREAKTHROUGH_DECK", "OVERLORD", "OVERLORD_DECK"}),
    # the minefields are the Terrain Pack's mine tokens, laid face down (bga-memoir 12498):
    # what the table does anyway; the rules core asks for a mine's number when a unit enters
    # the mine tokens the players lay face down: the table's own tokens, turned over as units
    # enter (the game asks their numbers), whichever set the scenario names
    "mine_deck_name": frozenset({"TERRAIN", "PACIFIC"}),
}


@dataclass(frozen=True)
class BriefingRule:
    """A rule a file names only in its briefing (``text.*.rules``), not in ``game_info.options``
    (files of the old web editor: bga-memoir 1290 "Blitz Rules are in effect", 1340 "Play the
    river as a Ford"). ``pattern`` is matched case-insensitively on the briefing; the rule then
    switches on ``variant`` (for ``side``: "", "allies" or "axis"; the first rule naming a
    variant wins), plays every piece of terrain ``terrain_from`` as ``terrain_to``, or every
    unit of a type of ``unit_from`` of ``unit_side`` as ``unit_to``."""

    pattern: str
    variant: str = ""
    side: str = ""
    terrain_from: str = ""
    terrain_to: str = ""
    terrain_owner: str = ""  # the side the pieces played as ``terrain_to`` then belong to
    unit_from: tuple[str, ...] = ()  # units of these types (of ``unit_side``): ``unit_to``
    unit_to: str = ""
    unit_variant: str = ""  # or, instead of a new type, this variant on each of those units
    unit_on: str = ""  # only those units that stand on this terrain at the start
    # a bare medal tag on the hex of a unit the rule marks is that unit's marker, no hex to
    # hold (18261: the medals on the batteries worth the additional medal)
    medals_mark_units: bool = False
    unit_side: str = ""
    not_played: str = ""  # an action card the briefing names that no rule of ours plays
    sudden_death_for: str = ""  # that side's medal objectives win the game at once
    unless_read: str = ""  # ``not_played`` is not said when this reader understood the text


BRIEFING_RULES: tuple[BriefingRule, ...] = (
    # bga-memoir 13 Omaha Beach Overlord: "Either side may choose to play a 'Recon' command card
    # as a Barrage Tactic card instead" (both sides; the card's own text follows in the briefing)
    BriefingRule(r"\bplay an? ['\"]?recon['\"]? (command )?card as an? ['\"]?barrage\b",
                 variant="recon_as_barrage"),
    BriefingRule(r"\bblitz rules (are|is) in effect", variant="blitz"),
    # bga-memoir 1311 Bug River: "The Train is a Supply Train. Refer to p.12 of the Terrain Pack
    # rules" (its cargo: SUPPLY_TRAIN_CARGO_PATTERN)
    BriefingRule(r"\b(the )?trains? (is|are) (a )?supply trains?\b", variant="supply_train"),
    # an armored train battles from its wagon (the memoir44 wikia "Train": "When artillery is in
    # the wagon, it may always fire"); no source gives its dice: said, not guessed
    BriefingRule(r"\barmou?red trains?\b", not_played="armored train (Terrain Pack p.12)"),
    BriefingRule(r"\bbritish commonwealth forces? command rules (are|is) in effect",
                 variant="british_commonwealth"),
    # bga-memoir 4241 Escape via the Coastal Road: "British Commonwealth Forces and Italian Royal
    # Army command rules are in effect" (two nations' rules in one sentence)
    BriefingRule(r"\bbritish commonwealth forces? and [a-z ]{3,40}? command rules (are|is) in "
                 r"effect", variant="british_commonwealth"),
    BriefingRule(r"\bitalian royal army\b[a-z ]{0,40}? command rules (are|is) in effect",
                 variant="italian_royal_army"),
    BriefingRule(r"\bnorth africa(n)? desert rules (are|is) in effect",
                 variant="north_african_desert"),
    # bga-memoir 1346 Knightsbridge: "An ordered Allied Armor unit may move up to 2 hexes and
    # battle" (the Axis keeps 3): partial blitz for the Allies; 4241: "Allied Armor units may
    # only move 2 hexes and battle, not the normal 3 hexes"; 8044 Rzhev: "Allied Armor may only
    # move 1-2 hexes and battle"; 4237 Into the Cauldron: "all armor units may only move 2
    # hexes and battle, not the normal 3 hexes" (both sides)
    BriefingRule(r"\ballied armou?r( units?)? may (only )?move (up to |1-|1 or )?2 hexes and "
                 r"(still )?battle", variant="partial_blitz", side="allies"),
    BriefingRule(r"\b(axis|german) armou?r( units?)? may (only )?move (up to |1-|1 or )?2 hexes "
                 r"and (still )?battle", variant="partial_blitz", side="axis"),
    BriefingRule(r"\ball armou?r units? may (only )?move (up to |1-|1 or )?2 hexes and "
                 r"(still )?battle", variant="partial_blitz"),
    # 5841 The Surrender of Elster's Column: "The Allied player alone is able to conduct Air
    # Strikes (Actions 3 - Air Strikes)"; 6433 Breakthrough at Mortain: "The Allied player alone
    # is also able to conduct Air Strikes (Actions 3 - Air Strikes) when playing Recon 1 cards"
    # (4152 says it and sets the option air_strikes_rules, which wins)
    BriefingRule(r"\bthe allied player( alone)? (is (also )?able to conduct|may (also )?call in) "
                 r"air strikes\b", variant="air_strikes", side="allies"),
    BriefingRule(r"\bthe axis player( alone)? (is (also )?able to conduct|may (also )?call in) "
                 r"air strikes\b", variant="air_strikes", side="axis"),
    # 6433: "If the Axis player draws an Air Power during the game, he must play it as an
    # Artillery Bombard instead" (that side's Air Power only)
    BriefingRule(r"\bif the axis player draws an? \W?air power\W?( card)?\b[^.]{0,40}?\bplay it "
                 r"as an? \W?artillery bombard", variant="air_power_as_artillery_bombard",
                 side="axis"),
    BriefingRule(r"\bif the allied player draws an? \W?air power\W?( card)?\b[^.]{0,40}?\bplay "
                 r"it as an? \W?artillery bombard", variant="air_power_as_artillery_bombard",
                 side="allies"),
    BriefingRule(r"\bus marine corps command rules (are|is) in effect",
                 variant="us_marines_gung_ho"),
    # the Soviets are the Allies (bga-memoir 1312 Lipovec: "Russian Command rules are in effect")
    BriefingRule(r"\brussian command rules (are|is) in effect", variant="russian_commissar",
                 side="allies"),
    # bga-memoir 18261 Soviet Raid on Grigorevka: "Red Army rules (Nations 2) are in effect"
    BriefingRule(r"\bred army rules\b[^.]{0,30}?\b(are|is) in effect", variant="russian_commissar",
                 side="allies"),
    # 18261: "Night Attacks rules (Actions 19) are in effect" (4085 says it and sets the option)
    BriefingRule(r"\bnight attacks? rules\b[^.]{0,30}?\b(are|is) in effect",
                 variant="night_visibility"),
    # 18261: "Use the Paradrop rules (Actions 20): on the first turn, the Allied player drops 6
    # Elite Infantry units on the board"; 6369 Operation Amherst: "Before the Axis player takes
    # his first turn, the Allied player makes three paradrops, each with 3 figures (Actions 20
    # - Paradrop)" (no option of these files says how many or where: the briefing alone does)
    BriefingRule(r"\bparadrops?\b[^.]{0,80}?\(actions ?20\b",
                 not_played="paradrop (Actions 20)", unless_read="paradrops"),
    # 6369: "All German infantry units are Special Forces (Troops 2 - Specialized Units)"; "All
    # Allied infantry units are Special Forces Para units"; 18261: "All Allied Infantry units
    # are Elite": the side's infantry are special forces (the elite infantry of Troops 2)
    BriefingRule(r"\ball (german|axis) infantry units are (special forces|elite)\b",
                 unit_from=("infantry",), unit_to="special_forces", unit_side="axis"),
    BriefingRule(r"\ball (allied|american|british|soviet|russian) infantry units are "
                 r"(special forces|elite)\b",
                 unit_from=("infantry",), unit_to="special_forces", unit_side="allies"),
    # 12508 Tenaru: "The Japanese Special Forces Infantry unit is an Engineer unit" (its figure
    # carries a badge no table reads as an engineer's); 12500 and 1517 say it of the Marines,
    # whose badge 12 already is
    BriefingRule(r"\bthe (japanese|german|axis|italian) special forces? infantry units? (is|are) "
                 r"(an? )?(combat )?engineers?( units?)?\b", unit_from=("special_forces",),
                 unit_to="combat_engineer", unit_side="axis"),
    BriefingRule(r"\bthe (marine|allied|american|us|british|soviet|russian|french) special forces? "
                 r"infantry units? (is|are) (an? )?(combat )?engineers?( units?)?\b",
                 unit_from=("special_forces",), unit_to="combat_engineer", unit_side="allies"),
    # 1340 Across the River Roer: "The River Roer is a Navigable River by Allied infantry units
    # in boats. Play the river as a Ford": a ford for the Allied infantry, a river to the rest
    # (before the rule below, which would play it as a ford for all)
    BriefingRule(r"\bis a navigable river by allied infantry( units)? in boats\b",
                 terrain_from="river", terrain_to=NAVIGABLE_RIVER, terrain_owner="allies"),
    BriefingRule(r"\bis a navigable river by (axis|german|japanese) infantry( units)? in boats\b",
                 terrain_from="river", terrain_to=NAVIGABLE_RIVER, terrain_owner="axis"),
    BriefingRule(r"\bplay the rivers? as (a )?fords?\b", terrain_from="river", terrain_to="ford"),
    # bga-memoir 19 Vassieux: "do not reshuffle the command deck. Should the command card deck
    # run out of cards and the Allied player has not won, the battle ends as an Axis player
    # victory"
    BriefingRule(r"\bdo not reshuffle the command (card )?deck\b.{0,200}?\bends as an axis",
                 variant="deck_reshuffling", side="axis"),
    BriefingRule(r"\bdo not reshuffle the command (card )?deck\b.{0,200}?\bends as an allied",
                 variant="deck_reshuffling", side="allies"),
    BriefingRule(r"\bdo not reshuffle the command (card )?deck\b", variant="deck_reshuffling"),
    # 19 Vassieux: "All the Allied units are French Resistance infantry"
    BriefingRule(r"\bactions? ?2 ?[-\u2013?]+ ?blowing up bridges",
                 not_played="blowing up bridges (Actions 2)"),
    # 4000 The Tatsinskaya Raid: "All German units are camouflaged at the start of the battle
    # (Actions 16 - Camouflage)": the camouflage tags mark the units (CAMOUFLAGE_TAGS)
    BriefingRule(r"\bactions? ?16 ?[-\u2013?]+ ?camouflage", variant="camouflage"),
    # 6433 Breakthrough at Mortain: "Re-supply rules (Actions 24 - Re-Supply) are in effect for
    # the Supply Trucks" (6380 Noville to Foy: "Re-supply rules are not in effect")
    BriefingRule(r"\bre-?supply rules \(actions? ?24\b[^)]*\) (are|is) in effect",
                 variant="re_supply"),
    # 6433 Breakthrough at Mortain: "Allied units killed give the Axis player no medals in this
    # scenario" (the side named is the side whose units are worth none)
    BriefingRule(r"\ballied units (killed|eliminated) give the axis player no medals?",
                 variant="no_kill_medals", side="allies"),
    BriefingRule(r"\baxis units (killed|eliminated) give the allied player no medals?",
                 variant="no_kill_medals", side="axis"),
    # 4086 Opportunity at Falaise: "The Allies may place a Smoke Screen (Actions 21 - Smoke
    # Screen) before their first turn" (newer copies write the option smoke_screen = {side})
    BriefingRule(r"\b(the )?(allies|allied player) may (place|lay) a smoke screen\b",
                 variant="smoke_screen", side="allies"),
    BriefingRule(r"\b(the )?(axis|axis player|germans|german player) may (place|lay) a smoke "
                 r"screen\b", variant="smoke_screen", side="axis"),
    # a smoke screen whose side the briefing does not name: said, not guessed
    BriefingRule(r"\bsmoke screen\W{0,3}\s*\(?actions? ?21\b|\bactions? ?21 ?[-\u2013?]+ ?smoke screen",
                 not_played="smoke screen (Actions 21)", unless_read="smoke_screen"),
    # 25 Arnhem Bridge: "Infantry units may not target units on the opposite side of the Rhine
    # River, which is too wide in this section"
    BriefingRule(r"\binfantry( units)? (may|can) ?not (target|fire (at|on)|battle) (enemy )?"
                 r"units (on|across) the (opposite|other|far) (side|bank)s? of the\b[^.]{0,40}?"
                 r"\briver\b", variant="wide_river"),
    # 4237 Into the Cauldron: "Opening a supply lane through the British-laid minefields is a
    # Permanent Medal Objective for the Axis forces. To successfully open a supply line, the
    # Germans must reveal a minefield decoy"
    BriefingRule(r"\bopening a supply (lane|line) through the (british|allied|american|soviet|"
                 r"russian)-laid minefields is a permanent medal objective for the axis",
                 variant="decoy_lane", side="axis"),
    BriefingRule(r"\bopening a supply (lane|line) through the (german|axis|italian|japanese)-laid "
                 r"minefields is a permanent medal objective for the allie", variant="decoy_lane",
                 side="allies"),
    # 6541 Breakthrough to the Beach: "Place a badge on the two flame thrower tank units. These
    # tanks are Churchill AVRE and behave like Combat Engineers when entering minefields"
    BriefingRule(r"\bflame[- ]?thrower tank units?\b[^.]{0,80}?\.\s*these tanks\b[^.]{0,60}?\bbehave "
                 r"like combat engineers when entering minefields", unit_from=("flame_thrower_tank",),
                 unit_variant="mine_sweeper"),
    # 6541 Breakthrough to the Beach: "Place a badge on the Mobile Artillery units on the ocean's
    # baseline (Troops 14 - Mobile Artillery). They can move and fire, even when on water"
    BriefingRule(r"\bmobile artillery units?\b[^.]{0,80}?\.\s*they (can|may) move and (fire|battle),? "
                 r"even (when|while) on (the )?(water|ocean)", unit_from=("mobile_artillery",),
                 unit_variant="fires_afloat"),
    # 6541 Breakthrough to the Beach: "The Flak 88 Gun in the beach bunker does not grant a medal
    # to the Allied player, even if destroyed" (the heavy anti-tank gun in a bunker)
    BriefingRule(r"\bthe flak 88 ?(mm )?gun in the (beach )?bunker does not (grant|give) a medal",
                 unit_from=("heavy_anti_tank_gun",), unit_side="axis", unit_on="bunker",
                 unit_variant="no_medal"),
    # 8044 Rzhev: "The river is frozen (Terrain 47 - Frozen Rivers)"; 29 Saverne Gap: "The hills
    # are impassable" (those files' tiles say so already; a copy with plain tiles is played as
    # its briefing says, a river or hill the sentence does not name left as it is)
    BriefingRule(r"\bthe rivers? (is|are) frozen\b(?! and may be crossed)", terrain_from="river",
                 terrain_to="frozen_river"),
    BriefingRule(r"\b(the|all) hills (hexes )?are (considered )?impassable\b", terrain_from="hill",
                 terrain_to="impassable_hill"),
    # 12507 Strasbourg: "The Rhone-Rhine Canal is frozen and may be crossed. There are no other
    # movement or battle restrictions in regard to the canal" (card 47's risky crossing not
    # played there: its frozen-river tiles are the canal)
    BriefingRule(r"\bcanal (is|are) frozen and may be crossed\.? there are no other movement or "
                 r"battle restrictions", terrain_from="frozen_river", terrain_to="frozen_canal"),
    # 18261 Soviet Raid on Grigorevka's victory text: "Each artillery battery destroyed is worth
    # an additional permanent medal objective for the Allied player": the Axis artillery is
    # worth 2 medals
    BriefingRule(r"\beach artillery (battery|unit) (destroyed|eliminated) is worth an additional "
                 r"(permanent )?(victory )?medal\b[^.]{0,30}?\bfor the allied player",
                 unit_from=("artillery", "big_gun", "mobile_artillery"), unit_side="axis",
                 unit_variant="two_medals", medals_mark_units=True),
    BriefingRule(r"\beach artillery (battery|unit) (destroyed|eliminated) is worth an additional "
                 r"(permanent )?(victory )?medal\b[^.]{0,30}?\bfor the axis player",
                 unit_from=("artillery", "big_gun", "mobile_artillery"), unit_side="allies",
                 unit_variant="two_medals", medals_mark_units=True),
    # 6380 Noville to Foy: "'Heavy Fog' rules are in effect ... Dice symbols rolled that match a
    # unit being targeted only score hits when battling the unit in Close Assault" (both sides)
    BriefingRule(r"\bheavy fog\W{0,3}\s*rules (are|is) in effect", variant="heavy_fog"),
    BriefingRule(r"\bwinter weather\W{0,3}\s*(rules\s*)?\(?actions? ?26\b"
                 r"|\bactions? ?26 ?[-\u2013?]+ ?winter",
                 not_played="winter weather (Actions 26)"),
    # the Equipment Pack's French Army card (Nations 7: bga-memoir 3129 numbers the British
    # Commonwealth Nation 5 and the Italian Royal Army Nation 6, 5841 the French Resistance
    # Nations 1): Days of Wonder editor scenarios 20411, 20426, 20799 'Use "French Infantry"
    # rules (Nations 7) to all Allied infantry units', 11810 "Apply rule army - Nation 7". No
    # public text of the card was found (docs/rules-sources.md): said, not guessed
    BriefingRule(r"\bfrench (infantry|army)\W{0,3}\s*(command\s*)?rules\b"
                 r"|\bnations? ?[-\u2013?]? ?7\b",
                 not_played="French Army rules (Nations 7)"),
    BriefingRule(r"\ball the allied units are french resistance",
                 unit_from=("infantry", "special_forces"), unit_to="french_resistance",
                 unit_side="allies"),
    # bga-memoir 1312 Lipovec: "The River Szob is a fordable river. ... A unit may enter a River
    # hex that is a fordable stream, but must stop": the Pacific Theater's fordable stream;
    # 1367 Prokhorovka Overlord: "The River Psel is Fordable. Movement: A unit may enter a
    # Fordable River hex but must stop ... Battle: ... reduce the number of Battle dice ... by 1"
    BriefingRule(r"\bis (a )?fordable( river| stream)?\b", terrain_from="river",
                 terrain_to="fordable_stream"),
    # bga-memoir 4717 Nach Moskau: "'General Winter' rules are in effect. At the start of each
    # of his turn, the Axis player rolls 2 dice. For any Grenade roll, he must remove 1 figure"
    BriefingRule(r"\bgeneral winter\W{0,3}\s*rules (are|is) in effect.{0,200}?\ballied player "
                 r"rolls", variant="general_winter", side="allies"),
    BriefingRule(r"\bgeneral winter\W{0,3}\s*rules (are|is) in effect", variant="general_winter",
                 side="axis"),
    # 4717 Nach Moskau: "The Allied player suffers Sudden Death the instant a German unit enters
    # the Moscow hex marked with a Medal" (the file writes a plain Axis medal there)
    BriefingRule(r"\bsuffers? sudden death the instant an? (german|axis|italian|japanese) units? "
                 r"enters? the [^.]{0,60}?hexe?s? marked with an? (victory |objective )?medal",
                 sudden_death_for="axis"),
    BriefingRule(r"\bsuffers? sudden death the instant an? (allied|american|british|russian|soviet|"
                 r"us|french) units? enters? the [^.]{0,60}?hexe?s? marked with an? "
                 r"(victory |objective )?medal", sudden_death_for="allies"),
)
# bga-memoir 1311 Bug River: "The Supply Train, locomotive and car, are each loaded with one
# Infantry unit" (the units each car of the supply train carries)
SUPPLY_TRAIN_CARGO_PATTERN = (r"\bsupply train\b[^.]{0,60}?\b(are|is) (each )?loaded with "
                              r"(?P<n>one|two|three|[1-6]) (?P<unit>infantry|armou?r|artillery) "
                              r"units?")
# Command cards a briefing bars (companion.rules.card_bans), each pattern naming the card and
# the side ("side" absent: both sides). bga-memoir 5142: 'The "Air Power" card cannot be played
# by the Allied player. If he draws it, he must immediately discard it and draw a new one.';
# 6541 Breakthrough to the Beach: "the Axis player cannot use the Air Power card. When drawn, he
# must immediately discard it and draw a new one"; 5841 The Surrender of Elster's Column:
# "Remove the Barrage card from the deck before starting the game" (a card drawn by neither
# side is discarded and another drawn: the same deck as one without it)
CARD_BAN_PATTERNS: tuple[str, ...] = (
    r"\bthe \W?(?P<card>[a-z0-9' ]{3,40}?)\W? (command )?card (cannot|can not|may not) be played "
    r"by the (?P<side>allied|allies|axis) player",
    r"\bthe (?P<side>allied|allies|axis) player (cannot|can not|may not) (use|play) the "
    r"\W?(?P<card>[a-z0-9' ]{3,40}?)\W? (command )?card\b",
    r"\bremove the \W?(?P<card>[a-z0-9' ]{3,40}?)\W? (command )?card from the (command )?deck\b",
)
# bga-memoir 23 Toulon, 29 Saverne Gap: "If Allied units occupy 3 town hexes in Toulon at the
# end of their turn, they win immediately" (the place is a label of the map)
TOWN_SUDDEN_DEATH_PATTERN = (r"\bif (?P<side>allied|axis) units occupy (?P<n>\d+) town hexes in "
                             r"(?P<place>[A-Z][\w' .-]{1,40}?) at the end of their turn, they win "
                             r"immediately")
# the terrain of "town hexes": towns and villages of every front
TOWN_TYPES = frozenset({"town", "buildings", "village", "winter_village", "desert_village",
                        "hill_village"})
# A medal the briefing calls permanent where the editor wrote a bare medal tag (no medal object,
# no behaviour: bga-memoir reads it as a temporary one): 3129 Operation Crusader "The British
# Medal in Tobruk is a Permanent Medal Objective for British units starting on the Allied player
# side of the board only", "The German Medal in the Campaign Headquarters on the Allied baseline
# is a Permanent Medal Objective for the Axis player"; 6541 Breakthrough to the Beach
# "Lion-sur-Mer is a Permanent Medal Objective for the Armored Axis units". Group ``who``: the
# units it is for (PERMANENT_FOR_WORDS)
PERMANENT_MEDAL_PATTERNS: tuple[str, ...] = (
    r"\bthe (british|german|allied|axis|american|us|soviet|russian|japanese|italian|french) medal "
    r"in [^.]{1,80}? is a permanent medal objective for (the )?(?P<who>[^.]{1,160})",
    r"(^|[.!?] )(?!the (british|german|allied|axis|american|us|soviet|russian|japanese|italian|"
    r"french) medal in )[A-Z][^.]{0,80}? is a permanent medal objective for (the )?"
    r"(?P<who>[^.]{1,160})",
)
# 1517 Peleliu Landings: "If the Marine player captures and holds three of the four buildings
# around the Airfield, it counts as one Victory Medal. The medal once gained continues to count
# toward the Allied victory" (its one medal tag stands on the airfield): a permanent group of the
# town hexes around the airfield, ``n`` of them held at once
HOLD_AROUND_PATTERN = (r"\bif the (?P<side>marine|allied|american|us|british|soviet|russian|axis|"
                       r"german|japanese|italian) player captures and holds (?P<n>two|three|four|"
                       r"five|[2-9]) of the (?P<m>two|three|four|five|six|[2-9]) (buildings|towns?|"
                       r"town hexes|villages?) around the (?P<what>airfield)\b[^.]*\.\s*the medal,? "
                       r"once gained,? continues to count")
# Who laid a file's minefields, as its briefing says: "The British player lays out the
# Minefields" (4237), "The Japanese player will lay Minefields out" (1517). A MINE_FIELD tag's
# side is the side that laid it ("'Only Allies' means that mines are placed by Allies and will
# hit Axis", the Scenario Editor 1.2 note bga-memoir's Terrains/Minefield.php quotes, adding it
# "created confusion previously"): older copies of 4237, 1517, 4625, 6370 and 6541 name the
# other side on every tag, and the briefing's one side is then taken
MINE_LAYER_PATTERN = (r"\bthe (?P<side>allied|allies|axis|british|german|japanese|american|us|"
                      r"soviet|russian|italian) player (lays?|will lay) (out )?(the )?minefields?"
                      r"(?! around)")
# How a briefing deals the Air Pack's two Air Sortie cards "if air rules are used" (Air Pack
# p.3's default: one to each player), read by the importer into AirSetup.sorties and
# .sorties_in_deck: (pattern, cards to the side named (to each player where the pattern names
# none), cards to the other side, cards shuffled into the command deck). The real files' words:
# 17, 4232, 5841, 6367... "The Air Sortie cards are set aside and (are) not used"; 4185, 4187,
# 4625 "shuffle both Air Sortie cards into the deck"; 4000 "shuffle the two Air Sortie cards in
# the deck"; 1558, 3129, 4186, 4717 "give the Allied player one Air Sortie card and shuffle the
# other (one) in the deck"; 4683, 8043 "give the Axis player both Air Sortie cards"; 6433 "Give
# both Air Sortie cards to the Allied player"; 5913 "give each player one Air Sortie card"
_SORTIE_SIDE = r"(?P<side>allied|allies|axis|british|german|japanese|american|us|soviet|russian|" \
               r"italian|french)"
SORTIE_DEALS: tuple[tuple[str, int, int, int], ...] = (
    (r"\bthe air sortie cards are set aside and (are )?not used", 0, 0, 0),
    (r"\bshuffle (both|the two) air sortie cards (in|into) the deck", 0, 0, 2),
    (rf"\bgive (the )?{_SORTIE_SIDE} player one air sortie card,? and shuffle the other( one)? "
     r"(in|into) the deck", 1, 0, 1),
    (rf"\bgive one air sortie card to the {_SORTIE_SIDE} player,? and shuffle the other( one)? "
     r"(in|into) the deck", 1, 0, 1),
    (rf"\bgive (the )?{_SORTIE_SIDE} player both air sortie cards", 2, 0, 0),
    (rf"\bgive both air sortie cards to the {_SORTIE_SIDE} player", 2, 0, 0),
    (r"\bgive each player one air sortie card", 1, 1, 0),
)
# 8044, 6367, 6541 and 8 more: "Air Rules are not in effect." The players may still choose air
# rules in the app; the game then says once, as it starts, that the briefing does not use them
AIR_RULES_OFF_PATTERN = r"\bair rules are not in effect\b"
# 3496 Breakthrough to Gembloux: "The Air Sortie card is unusable by the French player. Discard
# it and draw a new Command card instead." (AirSetup.sortie_unusable)
SORTIE_UNUSABLE_PATTERN = rf"\bthe air sortie cards? (is|are) unusable by the {_SORTIE_SIDE} player"
# the words of ``who`` that narrow the units (a side's word names the side)
PERMANENT_FOR_SIDES: dict[str, Side] = {
    "axis": Side.AXIS, "german": Side.AXIS, "germans": Side.AXIS, "japanese": Side.AXIS,
    "italian": Side.AXIS, "allied": Side.ALLIES, "allies": Side.ALLIES, "british": Side.ALLIES,
    "american": Side.ALLIES, "us": Side.ALLIES, "soviet": Side.ALLIES, "russian": Side.ALLIES,
    "french": Side.ALLIES, "marine": Side.ALLIES, "marines": Side.ALLIES,
}
# bga-memoir 4258 Mont Pincon: "The Axis hold the Medal unless any Objective hex is occupied by an
# Allied unit": the other side's temporary objective is the Axis' while no Allied unit is on it
HELD_BY_DEFAULT_PATTERN = (r"\bthe (?P<side>axis|allies) holds? the (objective )?medal unless any "
                           r"objective hex is occupied by an? (allied|axis) unit")


@dataclass(frozen=True)
class StarRule:
    """What the battle-star tokens (``tag1``) of a file mark, as its briefing says (the editor
    writes the token alone; bga-memoir 1302, 6541). ``pattern`` is matched case-insensitively
    on the briefing; the units standing on a starred hex (of ``unit_side``, "" for either) then
    carry ``unit_variant``, and ``scenario_variant`` is switched on with the value the
    pattern's group ``value`` caught (a medal count)."""

    pattern: str
    unit_variant: str = ""
    unit_side: str = ""
    scenario_variant: str = ""
    # the starred hexes with no unit are where units of this type drop during play, for the
    # side the pattern's group ``side`` names (``scenario_variant`` paradrops; one star a unit)
    drop_type: str = ""


STAR_RULES: tuple[StarRule, ...] = (
    # 1302 Nijmegen Bridges: "The three Allied Infantry units on the left flank have
    # collapsible, flat-bottom boats. Place a Battle Star token in the same hex with these units"
    StarRule(r"\bcollapsible,? (flat-bottom(ed)? )?(rafts? (and|&) )?boats\b.{0,200}?battle star",
             unit_variant="collapsible_boats"),
    # 6541 Breakthrough to the Beach: "The Axis player's reinforcements are the 5 units with a
    # Battle Star ... These units cannot be ordered until the Axis player reaches 5 medals"
    StarRule(r"\breinforcements are the [0-9]+ units with a battle star\b.{0,200}?cannot be "
             r"ordered until the (axis|allied) player reaches (?P<value>[0-9]{1,2}) medals",
             unit_variant="held_back", scenario_variant="reinforcements_at_medals"),
    # 4683 Manado Landings: "as long as the Axis player has enough figures to form full
    # airborne units, he may attempt to airdrop units on hexes marked with a battle star each
    # turn (Actions 20 - Paradrop) ... All airdropped units are elite Paratrooper units"
    StarRule(r"\b(?P<side>axis|allied) player\b.{0,80}?\bairdrop units on (the )?hexes marked "
             r"with a battle star", scenario_variant="paradrops", drop_type="special_forces"),
)

# 6541 Breakthrough to the Beach: "The Allied player's reinforcements are not on the
# battlefield at game start; instead, he may deploy 5 new infantry units and 2 new armor units
# on his baseline as soon as he gets his first 5 medals": the variant baseline_reinforcements
BASELINE_REINFORCEMENTS = (r"\bthe (?P<side>allied|axis) player's reinforcements are not on the "
                           r"battlefield at game start; instead, he may deploy (?P<what>.{1,120}?) "
                           r"on his baseline as soon as he gets his first (?P<medals>[0-9]{1,2}) "
                           r"medals")
# the units of such a sentence: "5 new infantry units and 2 new armor units"
BASELINE_UNITS = r"\b(?P<n>[0-9]{1,2}) new (?P<kind>infantry|armou?r|artillery) units?\b"

# Reinforcements landed on an airfield, in the words of the rules database seed (004), Airfields:
# "a player may land reinforcements on an airfield hex" (the side named first, a number of units
# when the briefing gives one: "The Allied player may land up to 3 infantry units as
# reinforcements on the airfield"); companion.rules.arrivals AIRFIELD
AIRFIELD_REINFORCEMENTS = (r"\bthe (?P<side>allied|allies|axis) player may land (up to "
                           r"(?P<n>[0-9]{1,2}) )?(infantry )?(units? )?(as )?reinforcements? "
                           r"on (an|the) airfield")
AIRFIELD_REINFORCEMENTS_MOST = 20  # no number given: one a Direct from HQ order, 20 at most

# game_info.options armor_breakthrough_rules: {side: {nbr_units, name, badge, behavior}} (4090)
ARMOR_BREAKTHROUGH_OPTION = "armor_breakthrough_rules"
# Paradrops a briefing asks before the first turns (Actions 20), played as the base game's
# airdrop (3 Sainte-Mere-Eglise: each figure dropped over the board that lands on an empty hex
# where it may stand is a full unit there; the card's own text is not public): 6369 Operation
# Amherst "Before the Axis player takes his first turn, the Allied player makes three
# paradrops, each with 3 figures"; 18261 "on the first turn, the Allied player drops 6 Elite
# Infantry units on the board, one at a time" (one figure a unit)
PARADROP_BRIEFINGS: tuple[str, ...] = (
    r"\bbefore the (?P<first>allied|axis) player takes his first turn, the (?P<side>allied|axis) "
    r"player makes (?P<drops>[0-9]|one|two|three|four|five|six) paradrops?,? each with "
    r"(?P<n>[0-9]{1,2}) figures",
    r"\bon the first turn, the (?P<side>allied|axis) player drops (?P<n>[0-9]{1,2}) "
    r"(?P<kind>elite infantry|infantry|special forces|paratroopers?)? ?units? on the board",
)
