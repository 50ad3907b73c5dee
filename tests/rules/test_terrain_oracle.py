"""An independent terrain oracle: the terrain cards the referee knows whose text is public, written
again from the card texts alone (before the rules core's terrain code was read), and compared with
`companion.rules.referee.answer` on random standard-board positions (seeded, bounded:
TERRAIN_ORACLE_POSITIONS per test and seed, default 150; run it at 20000 by hand).

Sources (docs/rules-sources.md "Terrain oracle"): the base rules and their Terrain appendix (seeds
003 and 004: Forests, Hedgerows, Hills, Towns & Villages, Rivers & Waterways, Oceans, Beaches,
Airfields), the base rules' obstacle page (Bunkers, Hedgehogs, Sandbags, Wire:
ultraboardgames.com/memoir44/obstacles.php), and the terrain cards as bga-memoir's
`modules/php/Terrains/*.php` print them. The table CARDS is the oracle; the tests only walk it.
Where a text allows two readings the generator leaves the case out (docs/rules-referee.md
"Outside audit cases", the ter12 paragraph): take ground onto the ocean or up a steep hill from
below, a hill against an attacker on a mountain, a line from a mountain over a hill, dragon's
teeth and ponds on a line, armor in trenches battling, a forest / town / hedgerow on a hill, a
line over a hill hex of only one end's hill, lakes on a line. Sea walls (card 12: for the side it
belongs to; bga-memoir's SeaWall::defense reads the same, its unit being the attacker, as in its
Bunker::defense) joined the works mix's beaches in session 18, owned as bunkers are; wadis (card
44: side slopes closed by the tile's facing, the query's `orientation`) joined then as the
"desert" mix, and bridge sections (card 9b, the same kind of facing) among the water mix's
crossings. Special troops are the troop oracle's (oracletroops), not this one's.
Five board mixes (MIXES): "all", "heights", since session 14 "water" and "works", since session 18
"desert" (docs/rules-referee.md, the terrain oracle paragraphs); frozen rivers
(FrozenRiver.php, card 47) and fordable streams (FordableStream.php, card 61, with the -1 of the
fordable river text in bga-memoir Scenarios/1367-ProkhorovkaOverlord.php) joined the table then.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from companion.rules.referee import answer
from tests.rules.oracle_hexes import Hexish, hex_name, hex_neighbours

W, H = 25, 9
ALL: list[Hexish] = [(c, r) for r in range(H) for c in range(W) if (c + r) % 2 == 0]
ALL_SET = set(ALL)
POSITIONS = int(os.environ.get("TERRAIN_ORACLE_POSITIONS", os.environ.get("ORACLE_POSITIONS", "150")))
CLASSES = ("infantry", "armor", "artillery")


@dataclass(frozen=True)
class Card:
    """One terrain card, per unit class: what the text says, nothing inferred from the code."""

    name: str
    source: str
    impassable: frozenset[str] = frozenset()  # classes that may not enter (nor retreat onto)
    stops: frozenset[str] = frozenset()  # classes that must stop on entering
    no_battle_after_entering: frozenset[str] = frozenset()
    no_battle_after_leaving: frozenset[str] = frozenset()
    leave_one_hex: bool = False  # "a unit that leaves ... may only move onto an adjacent hex"
    enter_first_step_only: bool = False  # hedgerow: "must be adjacent to the Hedgerow"
    move_cap: int | None = None  # ocean 1, beach 2: the whole move
    no_battle_on: frozenset[str] = frozenset()  # ocean: "A unit on an Ocean hex may not battle"
    protection: dict[str, int] = field(default_factory=dict)  # attacker class -> dice lost
    battling_out: dict[str, int] = field(default_factory=dict)  # attacker class on this hex -> dice lost
    blocks_sight: bool = False
    ignores_flag: frozenset[str] = frozenset()  # target classes that may ignore 1 flag here
    owned: bool = False  # protection and flag only for its owner (bunker)
    owner_crosses: frozenset[str] = frozenset()  # impassable but to its owner's units of these
    cannot_leave: frozenset[str] = frozenset()  # artillery that starts on a bunker
    hill: bool = False
    mountain: bool = False  # card 30: climbed only from a hill or mountain
    climb_cost: int = 1  # steep hill: "a 2 hex move" up from below
    battle_if_started_adjacent: bool = False  # jungle: may battle only after a 1-hex move in
    sight_unknown: bool = False  # the texts disagree on its line of sight
    artillery_dice: tuple[int, ...] | None = None  # artillery set on it fires at these
    # wadi, bridge section: the angles (degrees counter-clockwise from east, at orientation 1) of
    # its open sides; the others are closed both in and out. Empty: no closed sides.
    open_ends: tuple[int, ...] = ()
    turn: int = 60  # degrees counter-clockwise an orientation step turns the open ends
    open_to_bridges: bool = False  # bridge section: a side onto another bridge is open too
    no_protection_from_same: bool = False  # wadi: none against an attacker in one too
    battle_adjacent_only: frozenset[str] = frozenset()  # classes battling in or out only at 1 hex


INF, ARM, ART = "infantry", "armor", "artillery"
ALLC = frozenset(CLASSES)
SEED = "seed 004 (rules database: base rules p.13-15 Appendix 2 Terrain)"
OBST = "base rules p.16 Obstacles (ultraboardgames.com/memoir44/obstacles.php)"
BGA = "bga-memoir modules/php/Terrains/"


def town_like(name: str, source: str) -> Card:
    """A town's card (Towns & Villages: stop, no battle after entering, -1/-2, armor in it rolls
    2 fewer, blocks sight); the Terrain Pack's buildings that play as a village (bga-memoir's
    "a town (Village)") take it whole."""
    return Card(
        name,
        source,
        stops=ALLC,
        no_battle_after_entering=ALLC,
        protection={INF: 1, ARM: 2},
        battling_out={ARM: 2},
        blocks_sight=True,
    )


WADI = Card(
    "wadi",
    BGA + "Wadi.php (card 44): 'Side slopes impassable, both in and out', 'No movement "
    "restrictions through open ends', 'Infantry or Armor battling in or out of Wadi or Gully must "
    "be adjacent to target' (isBlockingWadi: not when both hexes are wadis); defense -1/-1/-1, "
    "none for a unit in a wadi itself; sight not blocked (its line is commented out); the open "
    "ends are blockedDirections' gaps, 0 and 6 of twelve 30-degree steps: east and west at "
    "orientation 1, each orientation 60 degrees counter-clockwise (the contract's words)",
    protection={INF: 1, ARM: 1, ART: 1},
    open_ends=(0, 180),
    no_protection_from_same=True,
    battle_adjacent_only=frozenset({INF, ARM}),
)
CARDS: dict[str, Card] = {
    c.name: c
    for c in [
        Card("countryside", "base rules: hexes not listed"),
        Card(
            "forest",
            SEED
            + " Forests: enter and stop; no battle the turn it moves onto; -1 inf, -2 armor; blocks sight",
            stops=ALLC,
            no_battle_after_entering=ALLC,
            protection={INF: 1, ARM: 2},
            blocks_sight=True,
        ),
        Card(
            "hedgerow",
            SEED + " Hedgerows: enter only from an adjacent hex, stop; leaving: one hex; no battle after "
            "entering; -1/-2; blocks sight",
            stops=ALLC,
            no_battle_after_entering=ALLC,
            leave_one_hex=True,
            enter_first_step_only=True,
            protection={INF: 1, ARM: 2},
            blocks_sight=True,
        ),
        Card(
            "hill",
            SEED
            + " Hills: no movement restrictions; -1 inf/armor against a unit up a hill unless at the same "
            "height; blocks sight except on the same hill",
            protection={INF: 1, ARM: 1},
            hill=True,
        ),
        town_like(
            "town",
            SEED + " Towns & Villages: stop; no battle after entering; -1/-2; armor on a town rolls 2 less; "
            "blocks sight",
        ),
        Card(
            "river", SEED + " Rivers: impassable except with a bridge; does not block sight", impassable=ALLC
        ),
        Card(
            "ocean",
            SEED + " Oceans: a unit that moves onto an ocean hex may move a maximum of 1 hex; impassable for "
            "retreat; a unit on an ocean hex may not battle; does not block sight",
            move_cap=1,
            no_battle_on=ALLC,
        ),
        Card(
            "beach",
            SEED + " Beaches: a unit that moves onto a beach hex may only move 2 hexes; no combat "
            "restrictions; take ground allowed",
            move_cap=2,
        ),
        Card(
            "airfield", "seed 004 Airfields: no movement restrictions, no combat restrictions, no sight block"
        ),
        Card(
            "sandbags",
            OBST + " Sandbags: no movement restrictions; protection 1/1 on all sides; ignore the first "
            "flag; " + BGA + "Sandbag.php defense INFANTRY -1 ARMOR -1, canIgnoreOneFlag",
            protection={INF: 1, ARM: 1},
            ignores_flag=ALLC,
        ),
        Card(
            "barbed_wire",
            OBST + " Wire; " + BGA + "Wire.php: mustStopWhenEntering, offense INFANTRY -1 (infantry "
            "battling out of wire)",
            stops=ALLC,
            battling_out={INF: 1},
        ),
        Card(
            "hedgehogs",
            OBST + " Hedgehogs: only infantry may enter, no movement restrictions, no combat restrictions, "
            "ignore the first flag, no sight block",
            impassable=frozenset({ARM, ART}),
            ignores_flag=ALLC,
        ),
        Card(
            "bunker",
            OBST + " Bunkers: infantry may battle after moving on; armor and artillery may not move onto; "
            "artillery starting on it may not move; claimed only by the side of the briefing; -1/-2; "
            "artillery loses a figure per flag; ignore the first flag; blocks sight",
            impassable=frozenset({ARM, ART}),
            protection={INF: 1, ARM: 2},
            blocks_sight=True,
            ignores_flag=ALLC,
            owned=True,
            cannot_leave=frozenset({ART}),
        ),
        Card("minefield", BGA + "Minefield.php (card 29): mustStopWhenEntering", stops=ALLC),
        Card(
            "marsh",
            BGA
            + "Marsh.php (card 28): impassable for artillery; must stop entering and leaving; armor moving "
            "in or out cannot battle; armor taking ground into it: no overrun",
            impassable=frozenset({ART}),
            stops=ALLC,
            leave_one_hex=True,
            no_battle_after_entering=frozenset({ARM}),
            no_battle_after_leaving=frozenset({ARM}),
        ),
        Card(
            "trenches",
            BGA + "Trenches.php (card 51): must stop; impassable for artillery; armor cannot battle; "
            "infantry ignore 1 flag; -1/-1",
            impassable=frozenset({ART}),
            stops=ALLC,
            no_battle_after_entering=frozenset({ARM}),
            protection={INF: 1, ARM: 1},
            ignores_flag=frozenset({INF}),
        ),
        Card("lake", BGA + "Lake.php (card 26): impassable", impassable=ALLC),
        # Terrain Pack and expansion cards, as bga-memoir's Terrains/*.php print them
        Card(
            "church",
            BGA + "Church.php (card 19): a town (Village) whose unit may ignore one flag",
            stops=ALLC,
            no_battle_after_entering=ALLC,
            protection={INF: 1, ARM: 2},
            battling_out={ARM: 2},
            blocks_sight=True,
            ignores_flag=ALLC,
        ),
        Card(
            "cemetery",
            BGA + "Cemetery.php (card 18): no movement restrictions, no combat restrictions, unit may "
            "ignore one flag, does not block line of sight",
            ignores_flag=ALLC,
        ),
        Card(
            "fortress",
            BGA + "Fortress.php (card 24): a bunker every side claims",
            impassable=frozenset({ARM, ART}),
            protection={INF: 1, ARM: 2},
            blocks_sight=True,
            ignores_flag=ALLC,
            cannot_leave=frozenset({ART}),
        ),
        town_like(
            "factory",
            BGA + "FactoryComplex.php (card 21): a town (Village)",
        ),
        town_like(
            "power_plant",
            BGA + "PowerPlant.php (card 34): a town (Village)",
        ),
        town_like(
            "lighthouse",
            BGA + "Lighthouse.php (card 27): a town (Village)",
        ),
        Card(
            "prison_camp",
            BGA + "PrisonCamp.php (card 35): stop, no battle after entering, -1/-2, armor battles out "
            "at -2, ignore one flag, blocks sight",
            stops=ALLC,
            no_battle_after_entering=ALLC,
            protection={INF: 1, ARM: 2},
            battling_out={ARM: 2},
            blocks_sight=True,
            ignores_flag=ALLC,
        ),
        Card(
            "radar_station",
            BGA + "RadarStation.php (card 36): 'Unit moving in must stop', 'Unit moving in may battle', "
            "'Armor battles out at -2 dice', 'Unit may ignore one flag', 'Block line of sight'; -1/-2",
            stops=ALLC,
            protection={INF: 1, ARM: 2},
            battling_out={ARM: 2},
            blocks_sight=True,
            ignores_flag=ALLC,
        ),
        Card(
            "dam",
            BGA + "Dam.php (card 20): 'No movement restrictions for Infantry', 'No combat restrictions'; "
            "armor and artillery may not enter; ignore one flag; blocks sight",
            impassable=frozenset({ARM, ART}),
            blocks_sight=True,
            ignores_flag=ALLC,
        ),
        Card(
            "oasis",
            BGA + "Oasis.php (card 31): stop, 'Unit moving in may still battle', ignore one flag, -1/-1, "
            "blocks sight",
            stops=ALLC,
            protection={INF: 1, ARM: 1},
            blocks_sight=True,
            ignores_flag=ALLC,
        ),
        Card(
            "ruins",
            BGA + "Ruins.php (card 45 City Ruins): stop, no battle after entering, impassable for armor and "
            "artillery, ignore one flag, blocks sight, -1/-2",
            impassable=frozenset({ARM, ART}),
            stops=ALLC,
            no_battle_after_entering=ALLC,
            protection={INF: 1, ARM: 2},
            blocks_sight=True,
            ignores_flag=ALLC,
        ),
        Card(
            "roadblock",
            BGA + "RoadBlock.php (card 40): 'Infantry moving in must stop', impassable for armor and "
            "artillery, 'Unit may ignore one flag', 'Do not block line of sight', -1/-1",
            impassable=frozenset({ARM, ART}),
            stops=ALLC,
            protection={INF: 1, ARM: 1},
            ignores_flag=ALLC,
        ),
        Card("hospital", BGA + "Hospital.php (card 55): blocks line of sight", blocks_sight=True),
        Card(
            "bridge",
            SEED + " Rivers: 'A unit may only enter a River hex when the hex has a bridge'; "
            "'A unit on a River hex with a bridge battles as normal'",
        ),
        Card("pontoon_bridge", BGA + "Poontoon.php (card 33): a bridge (isBridge)"),
        Card(
            "bridge_section",
            BGA + "BridgeSection.php (card 9b, the editor's bridge with behaviour BRIDGE_SECTION): 'You "
            "can only enter from the enter/exit hex'; blockedDirections 0, 1, 5, 6, 7, 11 of twelve "
            "30-degree steps, so open at 60-120 and 240-300 degrees at orientation 1, turned by "
            "deltaAngle -1 (30 degrees clockwise a step: the contract's words); a side onto another "
            "bridge open (Board::isBridgeCell; 25 Arnhem Bridge: 'Movement along the span of bridge "
            "is normal')",
            open_ends=(60, 90, 120, 240, 270, 300),
            turn=-30,
            open_to_bridges=True,
        ),
        Card(
            "railroad_bridge",
            BGA + "RailroadBridge.php (card 37): 'No movement restriction for Infantry', "
            "'Armor and Artillery moving in must stop', 'No combat restriction', 'Armor may Take Ground and "
            "Overrun', 'Do not block line of sight'",
            stops=frozenset({ARM, ART}),
        ),
        Card(
            "railway",
            BGA + "Rail.php (card 38): armor and artillery moving onto must stop; 'Armor may Take "
            "ground and Overrun'",
            stops=frozenset({ARM, ART}),
        ),
        Card(
            "ford",
            BGA + "Ford.php (card 41): a crossing (isBridge), must stop on entering, every class "
            "battles out at -1",
            stops=ALLC,
            battling_out={INF: 1, ARM: 1, ART: 1},
        ),
        Card(
            "navigable_river",
            "1340 Across the River Roer: 'The River Roer is a Navigable River by Allied infantry "
            "units in boats. Play the river as a Ford' (a newer bga-memoir file: isImpassable "
            "{AXIS: true, ALLIES: [armor, artillery]}): the owner's infantry cross it as the ford "
            "above (stop, battle out at -1); a river to every other unit, and to all unowned",
            impassable=ALLC,
            owner_crosses=frozenset({INF}),
            stops=ALLC,
            battling_out={INF: 1, ARM: 1, ART: 1},
        ),
        Card(
            "ridge",
            BGA + "Erg.php (card 64 Ergs & Ridges): a hill on which a unit moving in must stop",
            stops=ALLC,
            protection={INF: 1, ARM: 1},
            hill=True,
        ),
        Card(
            "steep_hill",
            BGA + "SteepHill.php (card 13): a hill; 'Movement up onto steep hill is a 2 hex "
            "move' (from a hex that is not a hill)",
            protection={INF: 1, ARM: 1},
            hill=True,
            climb_cost=2,
        ),
        town_like(
            "barracks",
            BGA + "Barrack.php (card 17): a town (Village)",
        ),
        Card(
            "jungle",
            BGA + "Jungle.php (card 57): 'Unit moving in must stop and may battle if unit starts its "
            "move in adjacent hex'; armor that starts adjacent may take ground and overrun; -1/-2; "
            "blocks sight",
            stops=ALLC,
            battle_if_started_adjacent=True,
            protection={INF: 1, ARM: 2},
            blocks_sight=True,
        ),
        Card(
            "mountain",
            BGA + "Mountain.php (card 30): 'Infantry may only move up, retreat onto (/ move down, "
            "retreat from) a mountain from (/ to) an adjacent hill or mountain', armor and artillery may not "
            "enter, artillery may not leave, 'Artillery set on a mountain fires at 3/3/2/2/1/1/1', 'Blocks "
            "line of sight (except from contiguous adjacent mountains)', -2/-2 unless the attacker is on a "
            "mountain",
            impassable=frozenset({ARM, ART}),
            cannot_leave=frozenset({ART}),
            protection={INF: 2, ARM: 2},
            mountain=True,
            artillery_dice=(3, 3, 2, 2, 1, 1, 1),
        ),
        Card(
            "impassable_hill",
            "the editor's IMPASSABLE_HILL behaviour on a hill (bga-memoir Managers/Terrains.php: "
            "properties isImpassable = true on the Hill tile): a hill no unit may enter",
            impassable=ALLC,
            protection={INF: 1, ARM: 1},
            hill=True,
        ),
        Card(
            "ravine",
            "Eastern Front rules p.3, Ravine: impassable to armor and artillery, no movement "
            "restriction for infantry, no combat restriction; infantry on it may ignore the first "
            "flag; line of sight not blocked",
            impassable=frozenset({ARM, ART}),
            ignores_flag=frozenset({INF}),
        ),
        Card(
            "escarpment",
            BGA + "Escarpment.php (card 63): 'Impassable terrain to all units', 'Blocks line of sight'",
            impassable=ALLC,
            blocks_sight=True,
        ),
        Card(
            "field_bunker",
            BGA + "FieldBunker.php (card 22): a bunker every side claims",
            impassable=frozenset({ARM, ART}),
            protection={INF: 1, ARM: 2},
            blocks_sight=True,
            ignores_flag=ALLC,
            cannot_leave=frozenset({ART}),
        ),
        Card(
            "dragons_teeth",
            BGA + "DragonTeeth.php (card 46): must stop, impassable for armor and artillery; "
            "its line of sight: seed 000 'They block line of sight' after naming bunkers and Dragon's Teeth, "
            "the Eastern Front rulebook: it does not",
            stops=ALLC,
            impassable=frozenset({ARM, ART}),
            sight_unknown=True,
        ),
        Card(
            "frozen_river",
            BGA + "FrozenRiver.php (card 47): 'Frozen Rivers may be crossed, at a risk' (no other movement, "
            "battle or sight line); the roll on entering is the entry test's",
        ),
        Card(
            "fordable_stream",
            BGA + "FordableStream.php (card 61 'Fordable rivers'): mustStopMovingWhenEntering; the "
            "battling-out -1 from the fordable river's text as a briefing prints it (bga-memoir "
            "Scenarios/1367-ProkhorovkaOverlord.php: 'A unit may enter a Fordable River hex but must stop "
            "... reduce the number of Battle dice it rolls by 1')",
            stops=ALLC,
            battling_out={INF: 1, ARM: 1, ART: 1},
        ),
        Card(
            "sea_wall",
            BGA + "SeaWall.php (card 12): a beach tile ('sand') with the behaviour SEAWALL; defense "
            "[INFANTRY -1, ARMOR -1] against a unit that is not its original owner, as Bunker::defense "
            "(the attacker is the unit asked), so for the side it belongs to; canIgnoreOneFlag; no "
            "movement or sight line of its own (the beach's apply)",
            protection={INF: 1, ARM: 1},
            ignores_flag=ALLC,
            owned=True,
        ),
        WADI,
        replace(
            WADI,
            name="curved_wadi",
            source=BGA + "Wadi.php (card 44), the 'wcurve' tile: as the wadi, open at steps 2 and 10 "
            "of blockedDirections (north-east and south-east at orientation 1)",
            open_ends=(60, 300),
        ),
        Card(
            "pond",
            BGA + "River.php lists the editor's 'pond' among river tiles: impassable; whether two "
            "touching ponds block sight as lakes do is not said",
            impassable=ALLC,
            sight_unknown=True,
        ),
    ]
}
CARDS["impassable_blocking_hill"] = replace(
    CARDS["impassable_hill"], name="impassable_blocking_hill", blocks_sight=True,
    source="the editor's IMPASSABLE_BLOCKING_HILL (bga-memoir Managers/Terrains.php: isImpassable, "
    "isBlockingLineOfSight, isBlockingLineOfAttack = true on the Hill tile): the impassable hill, "
    "blocking sight whoever looks across it",
)
# the editor's IMPASSABLE_HILL behaviour on a forest or a town (17 Villers-Bocage: "all forest and
# village hexes are considered impassable"): the card, and no unit may enter it
CARDS["impassable_forest"] = replace(
    CARDS["forest"], name="impassable_forest", impassable=ALLC,
    source="17 Villers-Bocage's briefing and the editor's IMPASSABLE_HILL on a forest: a forest no "
    "unit may enter",
)
CARDS["impassable_town"] = replace(
    CARDS["town"], name="impassable_town", impassable=ALLC,
    source="17 Villers-Bocage's briefing and the editor's IMPASSABLE_HILL on a town: a town no unit "
    "may enter",
)
# cards that name no movement or battle restriction
CARDS["supply_depot"] = Card(
    "supply_depot",
    "Terrain Pack p.11, card 43 Supply Depots: no movement restriction, no combat restriction, "
    "blocks line of sight",
    blocks_sight=True,
)
CARDS["headquarters"] = Card(
    "headquarters",
    "card 56 HQ & Supply Tents: no movement or combat restriction, blocks line of sight (its "
    "capture is the game's, not the position's)",
    blocks_sight=True,
)
CARDS["frozen_canal"] = Card(
    "frozen_canal",
    "12507 Strasbourg's rules: the frozen canal is crossed with no movement or battle restriction",
)
BRIDGES = {"bridge", "pontoon_bridge", "railroad_bridge"}
# Ford.php: isBridge, so a ford laid on a river hex crosses it as a bridge does (the editor's FORD)
CROSSINGS = BRIDGES | {"ford", "bridge_section"}
# The editor's tile names for the same cards (bga-memoir Forest::isTileOfType 'woods', 'wforest';
# Village::isTileOfType 'buildings').
ALIASES = {
    "woods": "forest",
    "winter_forest": "forest",
    "buildings": "town",
    "village": "town",
    "desert_hill": "hill",
    "winter_hill": "hill",
    # Eastern Front rules p.3, cards 48 and 49: "the hill is for visual effect only, it has the
    # same effect as a Forest" (/ "as a Village"); Terrain Pack p.3: Palm Forests as Forests,
    # desert Towns and Villages as Towns
    "hill_forest": "forest",
    "hill_village": "town",
    "palm_forest": "forest",
    "desert_village": "town",
    "winter_village": "town",  # Winter/Desert board: a village under snow
    "railway_station": "town",  # Terrain Pack p.5, card 39: "Railroad station ... as Towns"
}
# Tiles: one per hex. Obstacles: at most one, on the tiles their texts put them on.
TILES = [
    "forest",
    "hedgerow",
    "hill",
    "town",
    "river",
    "ocean",
    "beach",
    "airfield",
    "marsh",
    "trenches",
    "lake",
    "woods",
    "winter_forest",
    "buildings",
    "village",
    "church",
    "cemetery",
    "fortress",
    "factory",
    "power_plant",
    "lighthouse",
    "prison_camp",
    "radar_station",
    "dam",
    "oasis",
    "ruins",
    "roadblock",
    "hospital",
    "ridge",
    "desert_hill",
    "winter_hill",
    "steep_hill",
    "barracks",
    "railway",
    "ford",
    "jungle",
    "mountain",
    "escarpment",
    "hill_forest",
    "hill_village",
    "palm_forest",
    "desert_village",
    "impassable_hill",
    "impassable_blocking_hill",
    "ravine",
    "impassable_forest",
    "impassable_town",
    "winter_village",
    "railway_station",
    "supply_depot",
    "headquarters",
    "frozen_canal",
    "field_bunker",
    "dragons_teeth",
    "pond",
]
OBSTACLES = ["sandbags", "barbed_wire", "hedgehogs", "bunker", "minefield"]
OBSTACLE_TILES = {None, "hill", "beach"}

MOVE = {INF: (2, 1), ARM: (3, 3), ART: (1, 0)}  # base rules p.5: allowance, most hexes and still battle
DICE = {INF: (3, 2, 1), ARM: (3, 3, 3), ART: (3, 3, 2, 2, 1, 1)}


def card(t: str) -> Card:
    t = t.partition("@")[0]  # "wadi@3": a wadi at orientation 3
    return CARDS[ALIASES.get(t, t)]


# The angle of each step to a neighbour, degrees counter-clockwise from east (row 0 at the top).
STEP_ANGLE = {(2, 0): 0, (1, -1): 60, (-1, -1): 120, (-2, 0): 180, (-1, 1): 240, (1, 1): 300}


def name(h: Hexish) -> str:
    return hex_name(h, H)


def neighbours(h: Hexish) -> Iterator[Hexish]:
    return hex_neighbours(h, ALL_SET)


def distance(a: Hexish, b: Hexish) -> int:
    dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dr + max(0, (dc - dr) // 2)


class Board:
    """A random position's terrain: hex -> list of terrain names (a river with a bridge counts as both)."""

    def __init__(self, terrain: dict[Hexish, list[str]], owners: dict[Hexish, str]) -> None:
        self.terrain = terrain
        self.owners = owners

    def cards(self, h: Hexish) -> list[Card]:
        return [card(t) for t in self.terrain.get(h, [])]

    def bridged(self, h: Hexish) -> bool:
        return any(t.partition("@")[0] in CROSSINGS for t in self.terrain.get(h, []))

    def impassable(self, h: Hexish, kind: str, side: str | None = None) -> bool:
        """May a unit of ``kind`` (and ``side``, where the hex's owner matters) not enter ``h``?"""
        return any(
            kind in c.impassable
            and not (c.name == "river" and self.bridged(h))
            and not (kind in c.owner_crosses and side is not None and self.owners.get(h) == side)
            for c in self.cards(h)
        )

    def stops(self, h: Hexish, kind: str) -> bool:
        return any(kind in c.stops for c in self.cards(h))

    def has(self, h: Hexish, what: str) -> bool:
        return any(c.name == what for c in self.cards(h))

    def hill(self, h: Hexish) -> bool:
        return any(c.hill for c in self.cards(h))

    def mountain(self, h: Hexish) -> bool:
        return any(c.mountain for c in self.cards(h))

    def climb_blocked(self, src: Hexish, dst: Hexish) -> bool:
        """Card 30: onto a mountain only from a hill or mountain, off one only onto a hill or mountain."""
        return (self.mountain(dst) and not self.heights(src)) or (
            self.mountain(src) and not self.heights(dst)
        )

    def step_cost(self, src: Hexish, dst: Hexish) -> int:
        # "up onto": from a hill or a (higher) mountain the step onto a steep hill is not a climb
        return max([c.climb_cost for c in self.cards(dst)] + [1]) if not self.heights(src) else 1

    def heights(self, h: Hexish) -> bool:
        return self.hill(h) or self.mountain(h)

    def closed_towards(self, h: Hexish, n: Hexish) -> bool:
        """Whether the side of h facing its neighbour n is closed by a piece on h that has a
        facing: a wadi's side slope (card 44), a bridge section's parapet (card 9b, open onto
        another bridge). A piece without an orientation closes no side."""
        angle = STEP_ANGLE[(n[0] - h[0], n[1] - h[1])]
        for t in self.terrain.get(h, []):
            c, facing = card(t), t.partition("@")[2]
            if not c.open_ends or not facing:
                continue
            opened = {(a + c.turn * (int(facing) - 1)) % 360 for a in c.open_ends}
            if angle not in opened and not (c.open_to_bridges and self.bridged(n)):
                return True
        return False

    def edge_blocked(self, src: Hexish, dst: Hexish) -> bool:
        """A step from src to its neighbour dst that a card forbids: a climb (card 30), or a
        closed side of either hex ("both in and out", card 44)."""
        return self.climb_blocked(src, dst) or self.closed_towards(src, dst) or self.closed_towards(dst, src)

    def battles_adjacent_only(self, h: Hexish, kind: str) -> bool:
        return any(kind in c.battle_adjacent_only for c in self.cards(h))

    def query_terrain(self) -> list[dict[str, Any]]:
        out = []
        for h, ts in sorted(self.terrain.items()):
            for t in ts:
                piece, _, turn = t.partition("@")
                entry: dict[str, Any] = {"hex": name(h), "type": piece}
                if turn:
                    entry["orientation"] = int(turn)
                if (card(t).owned or card(t).owner_crosses) and h in self.owners:
                    entry["owner"] = self.owners[h]
                out.append(entry)
        return out


# "heights": a dense scatter of hills, mountains and what stops on them, where climbs meet.
# "water": rivers with their crossings (bridges, pontoon and railroad bridges, fords: Ford.php
# isBridge), fords and fordable streams, frozen rivers (some bridged), lakes, ponds, ocean, beaches
# (with the beach obstacles), marshes, dams. "works": the obstacles and field works, bunkers with
# owners, on open ground, hills and beaches (the obstacle page's bunker on a hill), sandbags on
# villages (its own example), trenches, roadblocks, dragon's teeth, fortresses, field bunkers, by
# towns, forests and the ocean.
MIXES: dict[str, list[str | None]] = {
    "all": [*TILES, None, None],
    "heights": [
        "hill",
        "hill",
        "mountain",
        "mountain",
        "steep_hill",
        "ridge",
        "desert_hill",
        "winter_hill",
        "impassable_hill",
        "impassable_blocking_hill",
        "hill_forest",
        "ravine",
        "forest",
        "town",
        "jungle",
        "marsh",
        None,
    ],
    "water": [
        "river",
        "river",
        "river",
        "ford",
        "fordable_stream",
        "frozen_river",
        "lake",
        "pond",
        "ocean",
        "ocean",
        "beach",
        "beach",
        "marsh",
        "dam",
        "navigable_river",
        None,
        None,
    ],
    "works": [
        None,
        None,
        None,
        "hill",
        "hill",
        "beach",
        "beach",
        "ocean",
        "town",
        "village",
        "forest",
        "trenches",
        "roadblock",
        "dragons_teeth",
        "fortress",
        "field_bunker",
    ],
    "desert": [
        "wadi",
        "wadi",
        "wadi",
        "curved_wadi",
        "curved_wadi",
        "hill",
        "village",
        "forest",
        None,
        None,
        None,
    ],
}
MIX_SEED = {"all": 0, "heights": 100, "water": 200, "works": 300, "desert": 400}


def dress(rng: random.Random, tile: str | None, mix: str) -> tuple[list[str], str | None]:
    """One hex's pieces (its tile and what the texts put on it) and a bunker's owner."""
    if tile and card(tile).open_ends and rng.random() < 0.9:
        tile = f"{tile}@{rng.randint(1, 6)}"  # a facing; without one every side is open
    pieces = [tile] if tile else []
    if mix in ("water", "works"):
        if tile == "river" and rng.random() < 0.4:
            crossing = rng.choice(sorted(CROSSINGS))
            if crossing == "bridge_section" and rng.random() < 0.9:
                crossing += f"@{rng.randint(1, 6)}"  # card 9b: its span's facing
            pieces.append(crossing)
        if tile == "frozen_river" and rng.random() < 0.2:
            pieces.append(rng.choice(sorted(BRIDGES)))
        if tile in OBSTACLE_TILES and rng.random() < (0.8 if mix == "works" else 0.5):
            pieces.append(rng.choice(OBSTACLES))
        if tile in ("town", "village") and rng.random() < 0.4:
            pieces.append("sandbags")
    else:
        if tile == "river" and rng.random() < 0.3:
            pieces.append(rng.choice(sorted(BRIDGES)))
        if tile in OBSTACLE_TILES and rng.random() < 0.5:
            pieces.append(rng.choice(OBSTACLES))
        if tile == "town" and rng.random() < 0.2:
            pieces.append("sandbags")  # the obstacle page's own example: a sandbag on a village
    if tile == "beach" and mix == "works" and "bunker" not in pieces and rng.random() < 0.3:
        pieces.append("sea_wall")  # card 12: a sea wall is a beach piece, most with an owner
    owner = None
    if ("bunker" in pieces or "sea_wall" in pieces or "navigable_river" in pieces) and rng.random() < 0.8:
        owner = rng.choice(["allies", "axis"])
    return pieces, owner


def random_board(
    rng: random.Random,
    most: int,
    keep: dict[Hexish, list[str]] | None = None,
    mix: str = "all",
    keep_owners: dict[Hexish, str] | None = None,
) -> Board:
    terrain: dict[Hexish, list[str]] = {}
    owners: dict[Hexish, str] = {}
    if mix != "all":
        most = max(most, 70)
    for h in rng.sample(ALL, rng.randint(0, most)):
        pieces, owner = dress(rng, rng.choice(MIXES[mix]), mix)
        if pieces:
            terrain[h] = pieces
            if owner:
                owners[h] = owner
    for h, ts in (keep or {}).items():
        if ts:
            terrain[h] = ts
        else:
            terrain.pop(h, None)
        if keep_owners is not None:
            owners.pop(h, None)
            if h in keep_owners:
                owners[h] = keep_owners[h]
    return Board(terrain, owners)


def stands_on(board: Board, h: Hexish, kind: str, side: str | None = None) -> bool:
    """May a unit of this class (and side) stand on this hex at all (a position the game can reach)?"""
    return not board.impassable(h, kind, side) or any(kind in c.cannot_leave for c in board.cards(h))


# --- movement (base rules p.5 and each card's Movement line) -----------------------------------


def move_oracle(
    board: Board, kind: str, start: Hexish, occupied: set[Hexish], side: str = "allies"
) -> dict[str, bool] | None:
    allowance, battle_reach = MOVE[kind]
    if any(kind in c.cannot_leave for c in board.cards(start)):
        allowance = 0
    if any(c.leave_one_hex for c in board.cards(start)):
        allowance = min(allowance, 1)
    start_cap = None  # a unit that starts on the ocean or a beach (moved 0) moves as usual
    # state: (hex, steps, capped at, left a hex that forbids battle)
    results: dict[Hexish, set[bool]] = {start: {not any(kind in c.no_battle_on for c in board.cards(start))}}
    frontier: list[tuple[Hexish, int, int | None, bool, frozenset[Hexish]]] = [
        (start, 0, start_cap, False, frozenset({start}))
    ]
    while frontier:
        nxt = []
        for h, steps, cap, left_bad, seen in frontier:
            if steps >= allowance or (cap is not None and steps >= cap):
                continue
            if h != start and board.stops(h, kind):
                continue
            if h != start and any(c.leave_one_hex for c in board.cards(h)):
                continue
            for n in neighbours(h):
                if n in occupied or n in seen or board.impassable(n, kind, side) or board.edge_blocked(h, n):
                    continue
                step = steps + board.step_cost(h, n)
                if step > allowance:
                    continue
                if h != start and any(c.enter_first_step_only for c in board.cards(n)):
                    continue
                new_cap = cap
                for c in board.cards(n):
                    if c.move_cap is not None:
                        new_cap = c.move_cap if new_cap is None else min(new_cap, c.move_cap)
                if new_cap is not None and step > new_cap:
                    continue
                bad = left_bad or (
                    h == start and any(kind in c.no_battle_after_leaving for c in board.cards(start))
                )
                can = (
                    step <= battle_reach
                    and not bad
                    and not (h != start and any(c.battle_if_started_adjacent for c in board.cards(n)))
                    and not any(
                        kind in c.no_battle_after_entering or kind in c.no_battle_on for c in board.cards(n)
                    )
                )
                results.setdefault(n, set()).add(can)
                nxt.append((n, step, new_cap, bad, seen | {n}))
        frontier = nxt
    return {name(h): any(v) for h, v in results.items()}


@pytest.mark.parametrize("mix", sorted(MIXES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_terrain_moves_match_the_cards(seed: int, mix: str) -> None:
    rng = random.Random(1000 + seed + MIX_SEED[mix])
    checked = 0
    while checked < POSITIONS:
        kind = rng.choice(CLASSES)
        start = rng.choice(ALL)
        board = random_board(rng, 45, mix=mix)
        if not stands_on(board, start, kind, "allies") or (kind == ARM and board.has(start, "trenches")):
            continue
        occupied = {h for h in rng.sample(ALL, rng.randint(0, 12)) if h != start and stands_on(board, h, INF)}
        units = [{"id": "u0", "side": "allies", "type": kind, "hex": name(start)}] + [
            {"id": f"o{i}", "side": "allies", "type": "infantry", "hex": name(h)}
            for i, h in enumerate(sorted(occupied))
        ]
        query = {"units": units, "terrain": board.query_terrain(), "ask": {"move": {"unit": "u0"}}}
        want = move_oracle(board, kind, start, occupied)
        got = {d["hex"]: d["can_battle"] for d in answer(query)["move"]["destinations"]}
        assert got == want, query
        checked += 1


# --- line of sight (base rules p.9, Hills p.14, the cards' Line of Sight lines) -----------------
# Exact geometry in whole numbers: a pointy-top hex (c, r) has its centre at (c, 3r) and its corners
# at (c, 3r-2), (c+1, 3r-1), (c+1, 3r+1), (c, 3r+2), (c-1, 3r+1), (c-1, 3r-1) (x scaled by
# 2/sqrt(3), y by 2: straight lines stay straight).


def corners(h: Hexish) -> list[tuple[int, int]]:
    c, r = h
    y = 3 * r
    return [(c, y - 2), (c + 1, y - 1), (c + 1, y + 1), (c, y + 2), (c - 1, y + 1), (c - 1, y - 1)]


def cross(o: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def crossing(a: Hexish, b: Hexish, h: Hexish) -> tuple[str, int]:
    """How the segment between the centres of a and b meets hex h: ("through", 0) when it enters
    the hex's interior, ("corner", 0) when it passes through one corner only, ("edge", side) when
    it runs along one of its edges, ("none", 0) otherwise."""
    p, q = (a[0], 3 * a[1]), (b[0], 3 * b[1])
    poly = corners(h)
    sides = [cross(p, q, v) for v in poly]
    if all(s >= 0 for s in sides) or all(s <= 0 for s in sides):
        for i in range(6):
            u, v = poly[i], poly[(i + 1) % 6]
            if cross(p, q, u) == 0 and cross(p, q, v) == 0:
                d = (q[0] - p[0], q[1] - p[1])
                t = sorted(
                    [(u[0] - p[0]) * d[0] + (u[1] - p[1]) * d[1], (v[0] - p[0]) * d[0] + (v[1] - p[1]) * d[1]]
                )
                if min(t[1], d[0] * d[0] + d[1] * d[1]) - max(t[0], 0) > 0:
                    centre = (h[0], 3 * h[1])
                    return "edge", (1 if cross(p, q, centre) > 0 else -1)
        d = (q[0] - p[0], q[1] - p[1])
        for v in poly:  # through one corner only: "any hex (or part of a hex) intercepting" the line
            along = (v[0] - p[0]) * d[0] + (v[1] - p[1]) * d[1]
            if cross(p, q, v) == 0 and 0 < along < d[0] * d[0] + d[1] * d[1]:
                return "corner", 0
        return "none", 0
    for i in range(6):  # separating axes: each edge's outward normal
        u, v = poly[i], poly[(i + 1) % 6]
        n = (v[1] - u[1], -(v[0] - u[0]))
        proj_poly = [n[0] * w[0] + n[1] * w[1] for w in poly]
        proj_seg = [n[0] * w[0] + n[1] * w[1] for w in (p, q)]
        if max(proj_seg) <= min(proj_poly) or min(proj_seg) >= max(proj_poly):
            return "none", 0
    return "through", 0


def hill_groups(board: Board, mountains: bool = False) -> dict[Hexish, int]:
    group: dict[Hexish, int] = {}
    member = board.mountain if mountains else board.hill
    for h in ALL:
        if member(h) and h not in group:
            stack, group[h] = [h], len(group) + 1
            gid = group[h]
            while stack:
                x = stack.pop()
                for n in neighbours(x):
                    if member(n) and n not in group:
                        group[n] = gid
                        stack.append(n)
    return group


def sight_oracle(board: Board, a: Hexish, b: Hexish, units: set[Hexish]) -> bool | None:
    """True clear, False blocked, None where the texts allow two readings."""
    groups = hill_groups(board)
    peaks = hill_groups(board, mountains=True)
    sides: set[int] = set()
    lo, hi = min(a[1], b[1]), max(a[1], b[1])
    for h in ALL:
        if h in (a, b) or not lo - 1 <= h[1] <= hi + 1:
            continue
        how, side = crossing(a, b, h)
        if how == "none":
            continue
        blocks = h in units or any(c.blocks_sight for c in board.cards(h))
        if any(c.sight_unknown for c in board.cards(h)):
            return None
        if board.mountain(h):  # card 30: blocks "except from contiguous adjacent mountains"
            same = [peaks.get(a) == peaks[h], peaks.get(b) == peaks[h]]
            if any(same) and not all(same):
                return None
            blocks = blocks or not all(same)
        if board.hill(h) and (board.mountain(a) or board.mountain(b)):
            return None  # a line from a mountain over a lower hill: left open (cmb10)
        if board.hill(h):
            same = [groups.get(a) == groups[h], groups.get(b) == groups[h]]
            if all(same):
                pass
            elif any(same):
                return None  # over a hill of only one end: los-2 left it open
            else:
                blocks = True
        if board.has(h, "lake"):
            return None
        if blocks:
            if how in ("through", "corner"):
                return False
            sides.add(side)
    return len(sides) < 2


@pytest.mark.parametrize("mix", sorted(MIXES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_terrain_line_of_sight_matches_the_cards(seed: int, mix: str) -> None:
    rng = random.Random(2000 + seed + MIX_SEED[mix])
    checked = 0
    while checked < POSITIONS:
        a = rng.choice(ALL)
        b = rng.choice([h for h in ALL if 1 <= distance(a, h) <= 7])
        board = random_board(rng, 50, mix=mix)
        units = {h for h in rng.sample(ALL, rng.randint(0, 6)) if h not in (a, b)}
        want = sight_oracle(board, a, b, units)
        if want is None:
            continue
        query = {
            "units": [
                {"id": f"o{i}", "side": "axis", "type": "infantry", "hex": name(h)}
                for i, h in enumerate(sorted(units))
                if stands_on(board, h, INF)
            ],
            "terrain": board.query_terrain(),
            "ask": {"line_of_sight": {"from": name(a), "to": name(b)}},
        }
        if len(query["units"]) != len(units):
            continue
        got = answer(query)["line_of_sight"]
        assert (got["clear"], got["distance"]) == (want, distance(a, b)), query
        checked += 1


# --- battle dice (base rules p.9-10; the cards' Battle lines; obstacles: best single protection) --


def protection(board: Board, target: Hexish, attacker: Hexish, kind: str, target_side: str) -> int | None:
    best = 0
    for c in board.cards(target):
        if c.hill and board.mountain(attacker):
            return None  # a mountain over a hill: no text says which is higher for the rule
        if (c.hill and board.hill(attacker)) or (c.mountain and board.mountain(attacker)):
            continue
        if c.owned and target in board.owners and board.owners[target] != target_side:
            continue
        if c.no_protection_from_same and any(o.no_protection_from_same for o in board.cards(attacker)):
            continue
        best = max(best, c.protection.get(kind, 0))
    return best


def dice_oracle(
    board: Board, kind: str, attacker: Hexish, target: Hexish, target_side: str, sight: bool, moved: int = 0
) -> tuple[bool, int] | None:
    d = distance(attacker, target)
    if any(kind in c.no_battle_on for c in board.cards(attacker)):
        return False, 0
    own_cards = board.cards(attacker)
    if moved and (
        moved > MOVE[kind][1]
        or any(kind in c.no_battle_after_entering for c in own_cards)
        or (moved > 1 and any(c.battle_if_started_adjacent for c in own_cards))
    ):
        return False, 0  # moved too far, or moved onto a hex where it may not battle that turn
    table = DICE[kind]
    if kind == ART:
        table = next((c.artillery_dice for c in own_cards if c.artillery_dice), table)
    if d > len(table) or (kind != ART and d > 1 and not sight):
        return False, 0
    if d > 1 and board.battles_adjacent_only(attacker, kind) != board.battles_adjacent_only(target, kind):
        return False, 0  # card 44: in or out of a wadi only at 1 hex; both in wadis, as usual
    shield = protection(board, target, attacker, kind, target_side)
    if shield is None:
        return None
    own = max([c.battling_out.get(kind, 0) for c in board.cards(attacker)] + [0])
    n = max(0, table[d - 1] - shield - own)
    return n > 0, n


def reachable_after(board: Board, h: Hexish, kind: str, moved: int, side: str | None = None) -> bool:
    """Could a unit have ended a move of `moved` hexes on h (a state the game can reach)?"""
    cards = board.cards(h)
    if any(c.enter_first_step_only for c in cards) and moved > 1:
        return False
    if any(c.move_cap is not None and moved > c.move_cap for c in cards):
        return False
    return not board.impassable(h, kind, side)


def target_kind(rng: random.Random, board: Board, h: Hexish) -> str | None:
    kinds = [k for k in CLASSES if stands_on(board, h, k)]
    return rng.choice(kinds) if kinds else None


def battle_scene(
    rng: random.Random, mix: str = "all"
) -> tuple[Board, str, Hexish, Hexish, str, str, str, set[Hexish]] | None:
    kind = rng.choice(CLASSES)
    attacker = rng.choice(ALL)
    if rng.random() < 0.6:
        target = rng.choice(list(neighbours(attacker)))
    else:
        target = rng.choice([h for h in ALL if 2 <= distance(attacker, h) <= (7 if kind == ART else 3)])
    keep: dict[Hexish, list[str]] = {}
    keep_owners: dict[Hexish, str] | None = None
    if mix in ("water", "works", "desert"):
        keep_owners = {}
        if rng.random() < 0.8:
            keep[target], owner = dress(rng, rng.choice(MIXES[mix]), mix)
            if owner:
                keep_owners[target] = owner
        if rng.random() < 0.6:
            keep[attacker], owner = dress(rng, rng.choice([t for t in MIXES[mix] if t]), mix)
            if owner:
                keep_owners[attacker] = owner
        board = random_board(rng, 30, keep, mix=mix, keep_owners=keep_owners)
    else:
        if rng.random() < 0.7:
            tile = rng.choice([*TILES, None])
            pieces = [tile] if tile else []
            if tile in OBSTACLE_TILES and rng.random() < 0.6:
                pieces.append(rng.choice(OBSTACLES))
            keep[target] = pieces
        if rng.random() < 0.5:
            keep[attacker] = [
                rng.choice(
                    [
                        "town",
                        "hill",
                        "forest",
                        "barbed_wire",
                        "ocean",
                        "beach",
                        "marsh",
                        "bunker",
                        "sandbags",
                        "village",
                    ]
                )
            ]
        board = random_board(rng, 30, keep, mix=mix)
    if not stands_on(board, attacker, kind) or (kind == ARM and board.has(attacker, "trenches")):
        return None
    tkind = target_kind(rng, board, target)
    if tkind is None:
        return None
    target_side = rng.choice(["allies", "axis"])
    att_side = "axis" if target_side == "allies" else "allies"
    friends = {
        h
        for h in rng.sample(ALL, rng.randint(0, 8))
        if h not in (attacker, target) and stands_on(board, h, INF)
    }
    return board, kind, attacker, target, tkind, att_side, target_side, friends


def scene_query(
    board: Board,
    kind: str,
    attacker: Hexish,
    target: Hexish,
    tkind: str,
    att_side: str,
    target_side: str,
    friends: set[Hexish],
    figures: int | None = None,
) -> dict[str, Any]:
    units = [
        {"id": "a1", "side": att_side, "type": kind, "hex": name(attacker)},
        {
            "id": "x1",
            "side": target_side,
            "type": tkind,
            "hex": name(target),
            **({"figures": figures} if figures else {}),
        },
    ]
    units += [
        {"id": f"f{i}", "side": att_side, "type": "infantry", "hex": name(h)}
        for i, h in enumerate(sorted(friends))
    ]
    return {
        "units": units,
        "terrain": board.query_terrain(),
        "ask": {"battle": {"attacker": "a1", "target": "x1"}},
    }


@pytest.mark.parametrize("mix", sorted(MIXES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_terrain_battle_dice_match_the_cards(seed: int, mix: str) -> None:
    rng = random.Random(3000 + seed + MIX_SEED[mix])
    checked = 0
    while checked < POSITIONS:
        scene = battle_scene(rng, mix)
        if scene is None:
            continue
        board, kind, attacker, target, _tkind, _att_side, target_side, friends = scene
        sight = sight_oracle(board, attacker, target, friends)
        if sight is None and kind != ART and distance(attacker, target) > 1:
            continue
        moved = rng.choice([0, 0, *list(range(1, MOVE[kind][0] + 1))])
        if moved and not reachable_after(board, attacker, kind, moved):
            continue
        want = dice_oracle(board, kind, attacker, target, target_side, bool(sight), moved)
        if want is None:
            continue
        query = scene_query(*scene)
        query["units"][0]["moved"] = moved
        got = answer(query)["battle"]
        assert (got["allowed"], got["dice"]) == want, query
        checked += 1


# --- retreat, flags ignored, take ground, overrun (base rules p.10-11; obstacle and card texts) --


def ignored_flags(board: Board, target: Hexish, tkind: str, target_side: str) -> int:
    for c in board.cards(target):
        if tkind in c.ignores_flag and not (
            c.owned and target in board.owners and board.owners[target] != target_side
        ):
            return 1
    return 0


def retreat_oracle(
    board: Board,
    target: Hexish,
    tkind: str,
    home_up: bool,
    flags: int,
    occupied: set[Hexish],
    figures: int,
    tside: str | None = None,
) -> list[tuple[str, int, bool]]:
    dr = -1 if home_up else 1
    layer, depth = {target}, 0
    stuck = any(tkind in c.cannot_leave for c in board.cards(target))
    for step in range(1, flags + 1):
        if stuck:
            break
        nxt = {
            (c + dc, r + dr)
            for c, r in layer
            for dc in (-1, 1)
            if (c + dc, r + dr) in ALL_SET
            and (c + dc, r + dr) not in occupied
            and not board.impassable((c + dc, r + dr), tkind, tside)
            and not board.has((c + dc, r + dr), "ocean")
            and not board.edge_blocked((c, r), (c + dc, r + dr))
        }
        if not nxt:
            break
        layer, depth = nxt, step
    lost = flags - depth
    return sorted((name(h), min(lost, figures), lost >= figures) for h in layer)


def take_ground_oracle(
    board: Board,
    kind: str,
    attacker: Hexish,
    target: Hexish,
    options: list[tuple[str, int, bool]],
    side: str | None = None,
) -> tuple[bool, bool] | None:
    if kind == ART or distance(attacker, target) != 1:
        return False, False
    vacated = any(h != name(target) or eliminated for h, _, eliminated in options)
    if not vacated or board.impassable(target, kind, side) or board.edge_blocked(attacker, target):
        return False, False
    if board.step_cost(attacker, target) > 1:
        return None  # up a steep hill from below ("a 2 hex move") by a 1-hex advance: no text
    if any(kind in c.cannot_leave for c in board.cards(attacker)):
        return False, False
    overrun = (
        kind == ARM
        and not any(ARM in c.no_battle_after_entering or ARM in c.no_battle_on for c in board.cards(target))
        and not any(ARM in c.no_battle_after_leaving for c in board.cards(attacker))
        and not board.has(target, "barbed_wire")
    )
    return True, overrun


@pytest.mark.parametrize("mix", sorted(MIXES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_terrain_retreat_and_take_ground_match_the_cards(seed: int, mix: str) -> None:
    rng = random.Random(4000 + seed + MIX_SEED[mix])
    checked = 0
    while checked < POSITIONS:
        scene = battle_scene(rng, mix)
        if scene is None:
            continue
        board, kind, attacker, target, tkind, att_side, target_side, friends = scene
        if board.has(target, "ocean"):
            continue  # take ground onto the ocean: no text either way
        sight = sight_oracle(board, attacker, target, friends)
        if sight is None and kind != ART and distance(attacker, target) > 1:
            continue
        dice = dice_oracle(board, kind, attacker, target, target_side, bool(sight))
        if dice is None:
            continue
        allowed, n = dice
        if not allowed:
            continue
        figures = rng.randint(1, {INF: 4, ARM: 3, ART: 2}[tkind])
        grenades = rng.randint(0, min(figures, n - 1)) if rng.random() < 0.4 else 0
        if rng.random() < 0.15 and n >= figures:
            grenades = figures  # eliminated by hits: nothing retreats, the hex is empty
        rest = n - grenades
        flags = rng.randint(0 if grenades >= figures else 1, min(3, rest)) if rest else 0
        query = scene_query(*scene, figures=figures)
        query["dice"] = ["grenade"] * grenades + ["flag"] * flags + ["star"] * (rest - flags)
        result = answer(query)["result"]
        left = figures - min(grenades, figures)
        assert (result["hits"], result["figures_removed"], result["eliminated"]) == (
            grenades,
            min(grenades, figures),
            left == 0,
        ), query
        ignored = ignored_flags(board, target, tkind, target_side)
        due = flags - min(flags, ignored)
        home_up = target_side == "axis"  # bottom: allies
        if left == 0:
            want: list[tuple[str, int, bool]] = []
            vacated = [(name(target), 0, True)]
        else:
            want = (
                retreat_oracle(board, target, tkind, home_up, due, friends | {attacker}, left, target_side)
                if due
                else []
            )
            vacated = want
            assert (result["flags"], result["flags_ignored"]) == (flags, min(flags, ignored)), query
        got = sorted((o["hex"], o["figures_lost"], o["eliminated"]) for o in result["retreat"])
        assert got == want, query
        advance = take_ground_oracle(board, kind, attacker, target, vacated, att_side)
        if advance is not None:
            assert (result["take_ground"], result["armor_overrun"]) == advance, query
        checked += 1


# --- rolls on entering (terrain_entry): Minefields card 29, Frozen Rivers card 47 ------------------
# bga-memoir Minefield::onUnitEntering: no roll on a retreat nor for the side that laid the mine (an
# ownerless mine hits any side, the editor's note); the mine's number of dice, hits as in a battle;
# a 0 is a decoy. Frozen Rivers (card 47): "Whenever a unit moves or retreats onto a Frozen River hex,
# roll two battle dice. For each Star rolled, 1 figure is lost" (a take ground: left out, no text).
HIT_FACES = {INF: {"infantry", "grenade"}, ARM: {"armor", "grenade"}, ART: {"grenade"}}


@pytest.mark.parametrize("mix", ["all", "water"])
@pytest.mark.parametrize("seed", [1, 2])
def test_terrain_entry_rolls_match_the_cards(seed: int, mix: str) -> None:
    rng = random.Random(5000 + seed + MIX_SEED[mix])
    for _ in range(POSITIONS):
        kind, side = rng.choice(CLASSES), rng.choice(["allies", "axis"])
        h = rng.choice(ALL)
        piece = rng.choice(["minefield", "frozen_river"])
        # water: a frozen river under a bridge (FrozenRiver::onUnitEntering: no roll on a bridge cell)
        bridge = None
        if mix == "water" and piece == "frozen_river" and rng.random() < 0.5:
            bridge = rng.choice(sorted(BRIDGES))
        how = rng.choice(
            ["move", "retreat"] + (["take_ground"] if piece == "minefield" and kind != ART else [])
        )
        entry: dict[str, Any] = {"hex": name(h), "type": piece}
        owner = rng.choice([None, "allies", "axis"])
        value = rng.choice([None, 0, 1, 2, 3])
        if piece == "minefield":
            if owner:
                entry["owner"] = owner
            if value is not None:
                entry["value"] = value
        query = {
            "units": [{"id": "u1", "side": side, "type": kind, "hex": name(h), "moved": 1}],
            "terrain": [entry] + ([{"hex": name(h), "type": bridge}] if bridge else []),
            "ask": {"terrain_entry": {"unit": "u1", "how": how}},
        }
        rolls = answer(query)["terrain_entry"]["rolls"]
        got = [(r["terrain"], r["dice"], r["decoy"], set(r["hit_faces"])) for r in rolls]
        want: list[tuple[str, int | None, bool, set[str]]]
        if piece == "frozen_river" and bridge:
            want = []
        elif piece == "frozen_river":
            want = [("frozen_river", 2, False, {"star"})]
        elif how == "retreat" or owner == side:
            want = []
        else:
            want = [("minefield", value, value == 0, HIT_FACES[kind])]
        assert got == want, query


# --- the overrun battle (base rules p.11: "an ordered Armor unit may move into the vacated hex and may
# then battle again"; "Terrain movement and battle restrictions still apply when units take ground"):
# from the hex it took, armor battles again unless that hex forbids battle after entering (forest,
# town, hedgerow, marsh, trenches...), forbids battle on it (ocean), or is wire (bga-memoir Wire.php:
# no overrun after taking ground into it), or is a jungle the armor did not start its move next to
# (card 57); dice as from that hex.


@pytest.mark.parametrize("mix", sorted(MIXES))
@pytest.mark.parametrize("seed", [1, 2])
def test_terrain_overrun_battle_matches_the_cards(seed: int, mix: str) -> None:
    rng = random.Random(6000 + seed + MIX_SEED[mix])
    checked = 0
    while checked < POSITIONS:
        scene = battle_scene(rng, mix)
        if scene is None or scene[1] != ARM:
            continue
        board, kind, attacker, target, _tkind, _att_side, target_side, friends = scene
        if board.has(attacker, "trenches"):
            continue  # armor battling in trenches: left open
        sight = sight_oracle(board, attacker, target, friends)
        if sight is None and distance(attacker, target) > 1:
            continue
        want = dice_oracle(board, kind, attacker, target, target_side, bool(sight))
        if want is None:
            continue
        own = board.cards(attacker)
        moved = rng.randint(1, 3)  # the hex it took counts: 1 when it did not move before its assault
        if any(ARM in c.no_battle_after_entering for c in own) or board.has(attacker, "barbed_wire"):
            want = (False, 0)
        if moved > 1 and any(c.battle_if_started_adjacent for c in own):
            want = (False, 0)  # jungle: "If Armor unit starts its move in adjacent hex" only
        query = scene_query(*scene)
        query["units"][0]["moved"] = moved
        query["ask"]["battle"]["overrun"] = True
        got = answer(query)["battle"]
        assert (got["allowed"], got["dice"]) == want, query
        checked += 1
