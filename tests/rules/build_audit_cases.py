# ruff: noqa: E501, RUF005  (case data: one case per statement reads better than wrapped lines)
"""Builds tests/rules/data/audit_cases.json: an outside tester's referee cases (issue 16).

Each case is a query of the referee contract (shared/contracts/rules-query.md), what the rule
text says the answer must be, and the sentence it comes from. Written from the rule texts
(shared/seeds/, the card texts cited in docs/rules-sources.md), not from the rules core.

    python -m tests.rules.build_audit_cases      # rewrite the JSON from this file

An expectation is [path, op, value]: path is dotted ("battle.dice", "result.retreat.*.hex",
"error.field"); op is "eq", "set" (same members, any order), "contains" (has all of them),
"excludes" (has none of them), "len", "ge" (at least), "falsy" (absent, false,
null or empty). `exit` is 0 (an answer) or 2 (an error).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "data" / "audit_cases.json"

BASE = "seed 003 (base rules)"
DB = "seed 004 (rules database)"
AIR = "seed 000 (Air Pack)"
NFP = "seed 001 (New Flight Plan)"
P13 = "seed 004, base rules p.13 (Forests)"
P14 = "seed 004, base rules p.14 (Hedgerows, Hills, Towns)"
P15 = "seed 004, base rules p.15 (Rivers, Oceans, Beaches)"
P12 = "seed 004, base rules p.12-13 (Special units)"
OBST = "base rules p.16 Obstacles (ultraboardgames.com/memoir44/obstacles.php, docs/rules-sources.md)"
SRC = "docs/rules-sources.md"

CASES: list[dict[str, Any]] = []


def U(uid: str, side: str, kind: str, hexname: str, **kw: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **kw}


def T(hexname: str, kind: str, **kw: Any) -> dict[str, Any]:
    return {"hex": hexname, "type": kind, **kw}


def add(cid: str, area: str, query: Any, expect: list[list[Any]], source: str, where: str,
        exit: int = 0, raw: str | None = None, cli: bool = False) -> None:
    case: dict[str, Any] = {"id": cid, "area": area, "exit": exit, "expect": expect,
                            "source": source, "where": where}
    if raw is not None:
        case["raw"] = raw
    else:
        case["query"] = query
    if cli:
        case["cli"] = True
    CASES.append(case)


def q(units: list[dict[str, Any]], ask: dict[str, Any], terrain: list[dict[str, Any]] | None = None,
      dice: list[Any] | None = None, rules: dict[str, Any] | None = None, **top: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"units": units, "terrain": terrain or [], "ask": ask}
    if dice is not None:
        out["dice"] = dice
    if rules is not None:
        out["rules"] = rules
    out.update(top)
    return out


def battle(att: str = "a1", tgt: str = "x1", **kw: Any) -> dict[str, Any]:
    return {"battle": {"attacker": att, "target": tgt, **kw}}


def los(a: str, b: str) -> dict[str, Any]:
    return {"line_of_sight": {"from": a, "to": b}}


def move(uid: str = "a1", **kw: Any) -> dict[str, Any]:
    return {"move": {"unit": uid, **kw}}


# --------------------------------------------------------------------------- battle dice
S_INF = ("An ordered Infantry unit may battle any enemy target unit 3 or fewer hexes away. It rolls 3 dice "
         "in close assault (enemy on adjacent hex), 2 dice against a target at 2 hexes, and 1 die against a "
         "target at 3 hexes.")
for d, (tgt, dice) in enumerate([("B5", 3), ("C5", 2), ("D5", 1)], start=1):
    add(f"dice-infantry-range-{d}", "battle dice",
        q([U("a1", "allies", "infantry", "A5"), U("x1", "axis", "infantry", tgt)], battle()),
        [["battle.allowed", "eq", True], ["battle.distance", "eq", d], ["battle.dice", "eq", dice],
         ["battle.close_assault", "eq", d == 1]], S_INF, BASE + " Battle Range")
add("dice-infantry-range-4-out", "battle dice",
    q([U("a1", "allies", "infantry", "A5"), U("x1", "axis", "infantry", "E5")], battle()),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]], S_INF, BASE + " Battle Range")
S_ARM = "An ordered Armor unit may battle any enemy target unit 3 or fewer hexes away. It always combats at 3 dice."
add("dice-armor-range-3", "battle dice",
    q([U("a1", "allies", "armor", "A5"), U("x1", "axis", "infantry", "D5")], battle()),
    [["battle.allowed", "eq", True], ["battle.distance", "eq", 3], ["battle.dice", "eq", 3]], S_ARM, BASE + " Battle Range")
add("dice-armor-range-4-out", "battle dice",
    q([U("a1", "allies", "armor", "A5"), U("x1", "axis", "infantry", "E5")], battle()),
    [["battle.allowed", "eq", False]], S_ARM, BASE + " Battle Range")
S_ART = "An ordered Artillery unit may battle any enemy target unit 6 or fewer hexes away. It combats at 3,3,2,2,1,1"
for d, dice in [(1, 3), (2, 3), (3, 2), (4, 2), (5, 1), (6, 1)]:
    add(f"dice-artillery-range-{d}", "battle dice",
        q([U("a1", "allies", "artillery", "A1"), U("x1", "axis", "infantry", "ABCDEFG"[d] + "1")], battle()),
        [["battle.allowed", "eq", True], ["battle.distance", "eq", d], ["battle.dice", "eq", dice]], S_ART,
        BASE + " Battle Range")
add("dice-artillery-range-7-out", "battle dice",
    q([U("a1", "allies", "artillery", "A1"), U("x1", "axis", "infantry", "H1")], battle()),
    [["battle.allowed", "eq", False]], S_ART, BASE + " Battle Range")
add("dice-artillery-no-los-needed", "battle dice",
    q([U("a1", "allies", "artillery", "A1"), U("x1", "axis", "infantry", "D1")], battle(), [T("B1", "forest"), T("C1", "town")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]],
    "An Artillery unit does not require line of sight to target an enemy unit.", BASE + " Line of Sight")
S_CAS = "The number of casualties a unit has suffered does not affect the number of Battle dice it will roll in combat."
add("dice-one-figure-full-firepower", "battle dice",
    q([U("a1", "allies", "infantry", "g4", figures=1), U("x1", "axis", "infantry", "G5")], battle()),
    [["battle.dice", "eq", 3]], S_CAS, BASE + " Battle")

S_FOR = ("When battling an enemy unit that is on a Forest hex, Infantry reduce the number of Battle dice rolled by 1, "
         "Armor reduce the number of Battle dice rolled by 2 and Artillery Battle dice are not reduced.")
for kind, att, dice in [("infantry", "g4", 2), ("armor", "g4", 1), ("artillery", "g4", 3)]:
    add(f"forest-protection-vs-{kind}", "terrain battle",
        q([U("a1", "allies", kind, att), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "forest")]),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", dice]], S_FOR, P13)
S_TOWN = S_FOR.replace("Forest", "Town")
add("town-protection-vs-armor", "terrain battle",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "town")]),
    [["battle.dice", "eq", 1]], S_TOWN, P14)
add("town-protection-vs-infantry-range-2", "terrain battle",
    q([U("a1", "allies", "infantry", "G3"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "town")]),
    [["battle.dice", "eq", 1]], S_TOWN, P14)
add("town-armor-battling-out", "terrain battle",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "town")]),
    [["battle.dice", "eq", 1]], "Armor on a Town hex will reduce the number of Battle dice it rolls by 2.", P14)
add("town-infantry-battling-out-no-reduction", "terrain battle",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "town")]),
    [["battle.dice", "eq", 3]], "Armor on a Town hex will reduce the number of Battle dice it rolls by 2.", P14)
add("hedgerow-protection-vs-armor", "terrain battle",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "hedgerow")]),
    [["battle.dice", "eq", 1]], S_FOR.replace("Forest", "Hedgerow"), P14)
S_HILL = ("When battling an enemy unit that is up a Hill, Infantry and Armor reduce the number of Battle dice rolled by 1 "
          "and Artillery Battle dice are not reduced. When battling an enemy unit at the same height as your unit, "
          "there is no Battle dice reduction.")
for kind, dice in [("infantry", 2), ("armor", 2), ("artillery", 3)]:
    add(f"hill-protection-vs-{kind}", "terrain battle",
        q([U("a1", "allies", kind, "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "hill")]),
        [["battle.dice", "eq", dice]], S_HILL, P14)
add("hill-same-height-no-reduction", "terrain battle",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "hill"), T("g4", "hill")]),
    [["battle.dice", "eq", 3]], S_HILL, P14)
add("hill-same-height-other-hill-no-reduction", "terrain battle",
    q([U("a1", "allies", "infantry", "G3"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "hill"), T("G3", "hill")]),
    [["battle.dice", "eq", 2], ["battle.line_of_sight", "eq", True]], S_HILL, P14)
add("hill-attacker-above-target-no-reduction", "terrain battle",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "hill")]),
    [["battle.dice", "eq", 3]], "Infantry and Armor reduce ... when battling an enemy unit that is up a Hill (the target is not up a hill).", P14)
add("river-bridge-battles-normal", "terrain battle",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "river"), T("g4", "bridge")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "A unit on a River hex with a bridge battles as normal.", P15)
add("ocean-may-not-battle", "terrain battle",
    q([U("a1", "allies", "infantry", "G1"), U("x1", "axis", "infantry", "g2")], battle(), [T("G1", "ocean")]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]], "A unit on an Ocean hex may not battle.", P15)
add("beach-no-combat-restriction", "terrain battle",
    q([U("a1", "allies", "infantry", "G1"), U("x1", "axis", "infantry", "g2")], battle(), [T("G1", "beach"), T("g2", "beach")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "Beaches ... Battle: No combat restrictions.", P15)
add("zero-dice-not-allowed", "terrain battle",
    q([U("a1", "allies", "infantry", "A5"), U("x1", "axis", "infantry", "D5")], battle(), [T("D5", "forest")]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]],
    "deduct any potential terrain Battle dice reduction from the number of dice to be rolled (1 die at 3 hexes - 1: none left; docs/rules-referee.md 'Dice can reach 0')",
    BASE + " Terrain Reductions")

# --------------------------------------------------------------------------- obstacles
S_SB = ("Sandbags: A unit in a hex with Sandbags is protected on all sides ... Infantry and Armor reduce the number of "
        "Battle dice by 1; a unit on a hex with Sandbags may ignore the first flag rolled against it.")
add("sandbags-vs-armor", "obstacles",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "sandbags")]),
    [["battle.dice", "eq", 2]], S_SB, OBST)
add("sandbags-first-flag-ignored", "obstacles",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "sandbags")], dice=["flag", "star"]),
    [["result.flags", "eq", 1], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []], ["result.take_ground", "eq", False]],
    S_SB, OBST)
add("sandbags-second-flag-retreats", "obstacles",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "sandbags")], dice=["flag", "flag"]),
    [["result.flags", "eq", 2], ["result.flags_ignored", "eq", 1], ["result.retreat.*.hex", "set", ["f6", "g6"]],
     ["result.take_ground", "eq", True]], S_SB, OBST)
add("sandbags-on-village-best-protection-and-flag", "obstacles",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "town"), T("G5", "sandbags")], dice=["flag"]),
    [["battle.dice", "eq", 1], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]],
    "a sandbag on a village does not add anything to the village protection ... though ... any unit in the village may ignore the first flag rolled against it, due to the sandbags.",
    OBST)
S_BUNK = ("Only the side noted in the briefing notes may claim a Bunker as a defensive position. When battling an enemy unit "
          "that is on a Bunker hex, Infantry reduce the number of Battle dice rolled by 1, Armor reduce the number of Battle "
          "dice rolled by 2 and Artillery Battle dice are not reduced. ... A unit in a bunker may ignore the first flag rolled against it.")
add("bunker-owner-protected-vs-armor", "obstacles",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "bunker", owner="axis")]),
    [["battle.dice", "eq", 1]], S_BUNK, OBST)
add("bunker-owner-ignores-flag", "obstacles",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "bunker", owner="axis")], dice=["flag", "star"]),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_BUNK, OBST)
add("bunker-not-owner-no-protection", "obstacles",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "bunker", owner="allies")], dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.flags_ignored", "eq", 0], ["result.retreat.*.hex", "set", ["f6", "g6"]]], S_BUNK, OBST)
add("bunker-on-hill-not-cumulative", "obstacles",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "hill"), T("G5", "bunker", owner="axis")]),
    [["battle.dice", "eq", 1]],
    "a bunker on a hill reduces the number of dice rolled by a tank attacking from a lower elevation by 2, not 2+1", OBST)
add("bunker-artillery-flag-costs-figure", "obstacles",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "artillery", "G5")], battle(), [T("G5", "bunker", owner="axis")], dice=["flag", "flag"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat.*.hex", "eq", ["G5"]], ["result.retreat.0.figures_lost", "eq", 1]],
    "Remove one Artillery figure for each retreat Flag rolled against an artillery unit in a bunker. A unit in a bunker may ignore the first flag rolled against it.",
    OBST)
add("bunker-infantry-may-battle-after-entering", "obstacles",
    q([U("a1", "allies", "infantry", "g4", moved=1), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "bunker", owner="allies")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "An Infantry unit may battle the turn it moves onto a Bunker hex.", OBST)
S_HH = "Hedgehogs: Only Infantry units may enter a Hedgehog hex. ... A unit on a Hedgehog hex may ignore the first Flag rolled against it."
add("hedgehogs-ignore-first-flag", "obstacles",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "hedgehogs")], dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_HH, OBST)
add("forest-does-not-ignore-flag", "obstacles",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "forest")], dice=["flag", "star"]),
    [["result.flags_ignored", "eq", 0], ["result.retreat.*.hex", "set", ["f6", "g6"]]],
    "Some obstacles will allow certain units to ignore the first flag rolled against them (a forest is terrain, not such an obstacle).",
    BASE + " Resolve Battle")
add("wire-infantry-battling-out-minus-1", "obstacles",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "barbed_wire")]),
    [["battle.dice", "eq", 2]], "Wire: Infantry battling out of a hex with wire reduce the number of Battle dice rolled by 1.", OBST)
add("wire-infantry-may-clear", "obstacles",
    q([U("a1", "allies", "infantry", "g4")], {"clear_obstacle": {"unit": "a1"}}, [T("g4", "barbed_wire")]),
    [["clear_obstacle.allowed", "eq", True], ["clear_obstacle.pieces", "eq", ["barbed_wire"]]],
    "Wire: Infantry may remove the wire instead of battling.", OBST)

# --------------------------------------------------------------------------- hits
S_HIT = ("the attacker scores 1 hit for each dice symbol rolled that matches the unit type targeted. Each Grenade rolled is "
         "also 1 hit. ... If an attacking player rolls more hits than the number of figures in the defending unit, these "
         "additional hits have no effect.")
add("hits-infantry-symbol-and-grenade", "hits",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["infantry", "grenade", "armor"]),
    [["result.hits", "eq", 2], ["result.figures_removed", "eq", 2], ["result.eliminated", "eq", False], ["result.retreat", "eq", []]],
    S_HIT, BASE + " Resolve Battle")
add("hits-armor-symbol-on-armor", "hits",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "armor", "G5")], battle(), dice=["armor", "infantry", "star"]),
    [["result.hits", "eq", 1]], S_HIT, BASE + " Resolve Battle")
add("hits-artillery-only-grenade", "hits",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "artillery", "G5")], battle(), dice=["armor", "infantry", "grenade"]),
    [["result.hits", "eq", 1], ["result.figures_removed", "eq", 1]], "Score 1 hit on any type: Infantry, Armor or Artillery (the grenade)", DB + " base p.10")
add("hits-star-misses", "hits",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["star", "star", "star"]),
    [["result.hits", "eq", 0], ["result.flags", "eq", 0]],
    "The Star side of the Battle die is used in a limited number of Tactical Command Cards, otherwise it is a miss.", DB + " base p.10")
add("hits-excess-no-effect-medal", "hits",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5", figures=2)], battle(), dice=["infantry", "grenade", "infantry"]),
    [["result.hits", "eq", 3], ["result.figures_removed", "eq", 2], ["result.eliminated", "eq", True],
     ["result.medals.allies", "eq", 1], ["result.medals.axis", "eq", 0], ["result.retreat", "eq", []]],
    S_HIT + " In Memoir '44, a Victory Medal is gained for each enemy unit entirely eliminated", BASE + " Resolve Battle, Object of the Game")
add("hits-then-flag-retreat", "hits",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["flag", "infantry", "star"]),
    [["result.figures_removed", "eq", 1], ["result.flags", "eq", 1], ["result.retreat.*.hex", "set", ["f6", "g6"]]],
    "Allied unit rolls a Flag, an Infantry and a Star. After taking 1 casualty, the Axis unit has 2 possible retreats", DB + " base p.10 worked example")
add("dice-count-wrong", "errors",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(),
      dice=["flag"] * 7), [["error.field", "eq", "dice"]], "Exit 2 ... 7 dice where 3 are due", "shared/contracts/rules-query.md Invocation", exit=2)

# --------------------------------------------------------------------------- battle legality
add("must-close-assault-adjacent", "battle legality",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5"), U("x2", "axis", "infantry", "E3")],
      battle(tgt="x2")),
    [["battle.allowed", "eq", False]],
    "A unit adjacent to an enemy unit must Close Assault this unit if it chooses to battle. It may not fire on another, more distant, enemy unit instead.",
    BASE + " Battle")
add("infantry-moved-2-no-battle", "battle legality",
    q([U("a1", "allies", "infantry", "g4", moved=2), U("x1", "axis", "infantry", "G5")], battle()),
    [["battle.allowed", "eq", False]], "An ordered Infantry unit may move up to 1 hex and battle or 2 hexes and not battle.", BASE + " Move Units")
add("infantry-moved-1-battles", "battle legality",
    q([U("a1", "allies", "infantry", "g4", moved=1), U("x1", "axis", "infantry", "G5")], battle()),
    [["battle.allowed", "eq", True]], "An ordered Infantry unit may move up to 1 hex and battle", BASE + " Move Units")
add("armor-moved-3-battles", "battle legality",
    q([U("a1", "allies", "armor", "g4", moved=3), U("x1", "axis", "infantry", "G5")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "An ordered Armor unit may move up to 3 hexes and battle.", BASE + " Move Units")
add("artillery-moved-no-battle", "battle legality",
    q([U("a1", "allies", "artillery", "G3", moved=1), U("x1", "axis", "infantry", "G7")], battle()),
    [["battle.allowed", "eq", False]], "An ordered Artillery unit may move 1 hex or battle.", BASE + " Move Units")
add("forest-entered-no-battle", "battle legality",
    q([U("a1", "allies", "infantry", "g4", moved=1), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "forest")]),
    [["battle.allowed", "eq", False]], "A unit may not battle the turn it moves onto a Forest hex.", P13)
add("town-entered-no-battle-armor", "battle legality",
    q([U("a1", "allies", "armor", "g4", moved=2), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "town")]),
    [["battle.allowed", "eq", False]], "A unit may not battle the turn it moves onto a Town hex.", P14)
add("forest-not-moved-battles", "battle legality",
    q([U("a1", "allies", "infantry", "g4", moved=0), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]],
    "Turn #3: Time for revenge! The Allied player can now battle, with 3 dice.", P13 + " worked example")
add("friendly-target-not-allowed", "battle legality",
    q([U("a1", "allies", "infantry", "g4"), U("a2", "allies", "infantry", "G5")], battle(tgt="a2")),
    [["battle.allowed", "eq", False]], "An ordered Infantry unit may battle any enemy target unit", BASE + " Battle Range")
add("special-forces-move-2-battle", "special troops",
    q([U("a1", "allies", "special_forces", "g4", moved=2), U("x1", "axis", "infantry", "G5")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]],
    "Unlike regular Infantry, Special Forces may move 2 hexes and still battle", P12)
add("special-forces-forest-still-no-battle", "special troops",
    q([U("a1", "allies", "special_forces", "g4", moved=2), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "forest")]),
    [["battle.allowed", "eq", False]],
    "They remain subject to usual terrain limitations however. ... here, they stop and do not battle because of the woods hex.", P12)
add("french-resistance-battles-after-forest", "special troops",
    q([U("a1", "allies", "french_resistance", "g4", moved=1), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "forest")]),
    [["battle.allowed", "eq", True]],
    "May always battle when they penetrate a new terrain type (Woods, Villages, Hedgerows) where standard Infantry would stop and not battle.",
    P12)
add("french-resistance-moved-2-no-battle", "special troops",
    q([U("a1", "allies", "french_resistance", "g4", moved=2), U("x1", "axis", "infantry", "G5")], battle()),
    [["battle.allowed", "eq", False]],
    "Unlike other Special Forces, French Resistance units that opt to move 2 hexes may not battle on the same turn.", P12)
add("french-resistance-3-figures", "special troops",
    q([U("a1", "axis", "infantry", "G5"), U("x1", "allies", "french_resistance", "g4")], battle(), dice=["infantry", "infantry", "infantry"]),
    [["result.figures_removed", "eq", 3], ["result.eliminated", "eq", True], ["result.medals.axis", "eq", 1]],
    "Their limited number means they always start with 3 figures per unit, in lieu of the standard 4.", P12)
add("elite-armor-4-figures", "special troops",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "elite_armor", "G5")], battle(), dice=["armor", "armor", "armor"]),
    [["result.figures_removed", "eq", 3], ["result.eliminated", "eq", False]],
    "Unlike regular Armor units, Elite Armor units start with 4 tank figures per unit", "seed 004, base rules p.13 (Elite Armor)")
add("pir-504-move-2-battle", "special troops",
    q([U("a1", "allies", "504th_pir", "g4", moved=2), U("x1", "axis", "infantry", "G5")], battle()),
    [["battle.allowed", "eq", True]], "They play like US Rangers and other Special Infantry Units, being able to move 2 hexes and battle.",
    DB + " 504th Parachute Infantry Regiment")
S_AT = ("An ordered Infantry unit with an Anti-Tank gun may move 1 or 2 hexes; but it may not battle in any turn during which "
        "it moves ... In addition to normal Battle dice results, any star rolled scores a hit when targeting an enemy Armor unit.")
add("anti-tank-star-hits-armor", "special troops",
    q([U("a1", "allies", "anti_tank", "g4"), U("x1", "axis", "armor", "G5")], battle(), dice=["star", "star", "infantry"]),
    [["result.hits", "eq", 2]], S_AT, DB + " Anti-Tank Gun")
add("anti-tank-star-misses-infantry", "special troops",
    q([U("a1", "allies", "anti_tank", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["star", "star", "infantry"]),
    [["result.hits", "eq", 1]], S_AT, DB + " Anti-Tank Gun")
add("anti-tank-moved-1-no-battle", "special troops",
    q([U("a1", "allies", "anti_tank", "g4", moved=1), U("x1", "axis", "armor", "G5")], battle()),
    [["battle.allowed", "eq", False]], S_AT, DB + " Anti-Tank Gun")
add("anti-tank-range-3-one-die", "special troops",
    q([U("a1", "allies", "anti_tank", "A5"), U("x1", "axis", "armor", "D5")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]],
    "may battle any enemy ground unit three or fewer hexes away, rolling the same number of dice a standard Infantry unit would.",
    DB + " Anti-Tank Gun")
S_AC = ("1 figure ... Move 0-4 hexes ... Battle: 3,2,1 ... When being attack, treat as Infantry ... Enemy re-rolls all battle "
        "dice that score a hit ... If at least one re-roll is a Grenade, kill is confirmed")
add("armored-car-dice-range-2", "special troops",
    q([U("a1", "allies", "armored_car", "A5"), U("x1", "axis", "infantry", "C5")], battle()),
    [["battle.dice", "eq", 2]], S_AC, DB + " Armored Car")
add("armored-car-attacked-as-infantry", "special troops",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "armored_car", "G5")], battle(confirm=["grenade"]), dice=["infantry", "armor", "star"]),
    [["result.confirmed", "eq", True], ["result.eliminated", "eq", True]], S_AC, DB + " Armored Car")
add("armored-car-confirm-fails", "special troops",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "armored_car", "G5")], battle(confirm=["infantry"]), dice=["infantry", "armor", "star"]),
    [["result.confirmed", "eq", False], ["result.eliminated", "eq", False], ["result.figures_removed", "eq", 0]], S_AC, DB + " Armored Car")
add("armored-car-moves-4", "special troops",
    q([U("a1", "allies", "armored_car", "G5")], move()),
    [["move.destinations.*.hex", "contains", ["C5", "K5"]], ["move.destinations.*.hex", "excludes", ["B5", "L5"]]], S_AC, DB + " Armored Car")
S_ENG = "Combat Engineers: ignore terrain battle dice reductions in close assault"
add("engineer-close-assault-ignores-forest", "special troops",
    q([U("a1", "allies", "combat_engineer", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "forest")]),
    [["battle.dice", "eq", 3]], S_ENG, SRC + " troop card 4")
add("engineer-ranged-forest-reduced", "special troops",
    q([U("a1", "allies", "combat_engineer", "G3"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "forest")]),
    [["battle.dice", "eq", 1]], S_ENG, SRC + " troop card 4")
S_SN = "Snipers: 1 figure, move 2 and battle at 1/1/1/1/1, never armor, stars hit, terrain ignored; hit by grenades only; no medal"
add("sniper-range-5", "special troops",
    q([U("a1", "allies", "sniper", "A1"), U("x1", "axis", "infantry", "F1")], battle(), [T("F1", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_SN, SRC + " troop card 10")
add("sniper-not-armor", "special troops",
    q([U("a1", "allies", "sniper", "A5"), U("x1", "axis", "armor", "C5")], battle()),
    [["battle.allowed", "eq", False]], S_SN, SRC + " troop card 10")
add("sniper-hit-only-by-grenade", "special troops",
    q([U("a1", "axis", "infantry", "G5"), U("x1", "allies", "sniper", "g4")], battle(), dice=["infantry", "infantry", "star"]),
    [["result.hits", "eq", 0]], S_SN, SRC + " troop card 10")
add("sniper-grenade-no-medal", "special troops",
    q([U("a1", "axis", "infantry", "G5"), U("x1", "allies", "sniper", "g4")], battle(), dice=["grenade", "infantry", "star"]),
    [["result.eliminated", "eq", True], ["result.medals.axis", "eq", 0]], S_SN, SRC + " troop card 10")
S_CAV = "Cavalry: move 3 and battle at 2/1; after a successful close assault it may take ground and battle again like an armor overrun"
add("cavalry-adjacent-2-dice", "special troops",
    q([U("a1", "allies", "cavalry", "g4", moved=3), U("x1", "axis", "infantry", "G5")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_CAV, SRC + " troop card 8")
add("cavalry-range-3-out", "special troops",
    q([U("a1", "allies", "cavalry", "A5"), U("x1", "axis", "infantry", "D5")], battle()),
    [["battle.allowed", "eq", False]], S_CAV, SRC + " troop card 8")
add("cavalry-overrun", "special troops",
    q([U("a1", "allies", "cavalry", "g4"), U("x1", "axis", "infantry", "G5", figures=1)], battle(), dice=["grenade", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]], S_CAV, SRC + " troop card 8")
S_SKI = "Ski Troops: 3 figures, move 3 and battle at 3/2, battle after any terrain, retreat 1 to 3 hexes"
add("ski-troops-range-3-out", "special troops",
    q([U("a1", "allies", "ski_troops", "A5"), U("x1", "axis", "infantry", "D5")], battle()),
    [["battle.allowed", "eq", False]], S_SKI, SRC + " troop card 9")
add("ski-troops-move-3-forest-battle", "special troops",
    q([U("a1", "allies", "ski_troops", "G3", moved=3), U("x1", "axis", "infantry", "G5")], battle(), [T("G3", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_SKI, SRC + " troop card 9")
S_BG = "Big Guns: fire at 3/3/2/2/1/1/1/1"
add("big-gun-range-8", "special troops",
    q([U("a1", "allies", "big_gun", "A1"), U("x1", "axis", "infantry", "I1")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_BG, SRC + " troop card 3")
S_MOR = "Mortar 1939-42: move or battle; fires as infantry, line of sight and terrain ignored; takes no ground"
add("mortar-no-los-terrain-ignored", "special troops",
    q([U("a1", "allies", "mortar", "E5"), U("x1", "axis", "infantry", "G5")], battle(), [T("F5", "forest"), T("G5", "town")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_MOR, SRC + " troop card 3c")
add("mortar-no-take-ground", "special troops",
    q([U("a1", "allies", "mortar", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["flag", "star", "star"]),
    [["result.take_ground", "eq", False]], S_MOR, SRC + " troop card 3c")
S_MG = "Machine Gun 1939-42: move or battle; stars hit infantry; takes no ground"
add("machine-gun-star-hits-infantry", "special troops",
    q([U("a1", "allies", "machine_gun", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["star", "star", "armor"]),
    [["result.hits", "eq", 2]], S_MG, SRC + " troop card 8c")
add("machine-gun-moved-no-battle", "special troops",
    q([U("a1", "allies", "machine_gun", "g4", moved=1), U("x1", "axis", "infantry", "G5")], battle()),
    [["battle.allowed", "eq", False]], S_MG, SRC + " troop card 8c")
S_HAT = "Heavy Anti-Tank Guns: fire at 2/2/2/2 with line of sight, terrain ignored, stars hit armor"
add("heavy-at-range-4-los", "special troops",
    q([U("a1", "allies", "heavy_anti_tank_gun", "A5"), U("x1", "axis", "armor", "E5")], battle(), [T("E5", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_HAT, SRC + " troop card 23")
add("heavy-at-blocked", "special troops",
    q([U("a1", "allies", "heavy_anti_tank_gun", "A5"), U("x1", "axis", "armor", "E5")], battle(), [T("C5", "forest")]),
    [["battle.allowed", "eq", False]], S_HAT, SRC + " troop card 23")
S_FT = "Flame Thrower Tanks: elite armor; terrain reduces its close assault dice by 1 at most"
add("flame-thrower-forest-close-assault", "special troops",
    q([U("a1", "allies", "flame_thrower_tank", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "forest")]),
    [["battle.dice", "eq", 2]], S_FT, SRC + " troop card 13")
S_TIG = "Tigers: a 1-figure armor unit; each hit on it is rolled again to confirm, a grenade confirms"
add("tiger-confirm-grenade", "special troops",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "tiger", "G5")], battle(confirm=["grenade"]), dice=["armor", "infantry", "star"]),
    [["result.eliminated", "eq", True], ["result.medals.allies", "eq", 1]], S_TIG, SRC + " troop card 16")
add("tiger-confirm-miss", "special troops",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "tiger", "G5")], battle(confirm=["armor"]), dice=["armor", "infantry", "star"]),
    [["result.eliminated", "eq", False]], S_TIG, SRC + " troop card 16")

# --------------------------------------------------------------------------- line of sight
S_LOS = ("The line of sight is considered blocked if any hex (or part of a hex) intercepting this imaginary line segment "
         "contains an obstruction. Obstructions include units (friends or foes) or certain type of terrain features.")
add("los-clear-countryside", "line of sight", q([], los("G1", "G7")), [["line_of_sight.clear", "eq", True], ["line_of_sight.distance", "eq", 6]], S_LOS, BASE + " Line of Sight")
for kind in ["forest", "town", "hedgerow", "bunker"]:
    add(f"los-blocked-by-{kind}", "line of sight", q([], los("G1", "G7"), [T("G3", kind)]),
        [["line_of_sight.clear", "eq", False]], S_LOS + f" ({kind} blocks line of sight)", P13 + "; " + P14 + "; " + OBST)
for kind in ["river", "ocean", "beach", "hedgehogs", "sandbags", "barbed_wire", "airfield"]:
    add(f"los-clear-over-{kind}", "line of sight", q([], los("G1", "G7"), [T("G3", kind)]),
        [["line_of_sight.clear", "eq", True]], f"{kind} does not block line of sight", P15 + "; " + OBST + "; " + DB + " Airfields")
add("los-blocked-by-friendly-unit", "line of sight", q([U("a2", "allies", "infantry", "G3")], los("G1", "G7")),
    [["line_of_sight.clear", "eq", False]], S_LOS, BASE + " Line of Sight")
add("los-target-terrain-no-block", "line of sight", q([], los("G1", "G5"), [T("G5", "forest"), T("G1", "town")]),
    [["line_of_sight.clear", "eq", True]], "The terrain in the target hex does not block line of sight.", BASE + " Line of Sight")
S_EDGE = ("When the imaginary line runs along the edge of one or several hexes which contain obstructions, the line of sight "
          "is not blocked, unless the obstructions stand somewhere along both sides of the line segment.")
add("los-edge-one-side-clear", "line of sight", q([], los("G5", "G3"), [T("f4", "forest")]), [["line_of_sight.clear", "eq", True]], S_EDGE, BASE + " Line of Sight")
add("los-edge-both-sides-blocked", "line of sight", q([], los("G5", "G3"), [T("f4", "forest"), T("g4", "town")]), [["line_of_sight.clear", "eq", False]], S_EDGE, BASE + " Line of Sight")
add("los-edge-units-both-sides", "line of sight",
    q([U("a2", "allies", "infantry", "f4"), U("x2", "axis", "infantry", "g4")], los("G5", "G3")), [["line_of_sight.clear", "eq", False]], S_EDGE, BASE + " Line of Sight")
add("los-edge-long-one-side", "line of sight", q([], los("G7", "G3"), [T("f6", "forest"), T("f4", "forest")]),
    [["line_of_sight.clear", "eq", True]], S_EDGE, BASE + " Line of Sight")
add("los-edge-long-both-sides-apart", "line of sight", q([], los("G7", "G1"), [T("f6", "forest"), T("g2", "forest")]),
    [["line_of_sight.clear", "eq", False]], S_EDGE + " (somewhere along both sides)", BASE + " Line of Sight")
S_HL = ("A Hill blocks line of sight for units trying to look over the Hill. Line of sight is not blocked when units are at the "
        "same height and on the same Hill (plateau effect).")
add("los-hill-between-blocks", "line of sight", q([], los("G1", "G7"), [T("G3", "hill")]), [["line_of_sight.clear", "eq", False]], S_HL, P14)
add("los-plateau-clear", "line of sight", q([], los("C5", "F5"), [T("C5", "hill"), T("D5", "hill"), T("E5", "hill"), T("F5", "hill")]),
    [["line_of_sight.clear", "eq", True]], S_HL, P14)
add("los-onto-hill-clear", "line of sight", q([], los("G1", "G5"), [T("G5", "hill")]), [["line_of_sight.clear", "eq", True]],
    "The terrain in the target hex does not block line of sight.", BASE + " Line of Sight; " + P14)
add("los-plateau-forest-still-blocks", "line of sight",
    q([], los("C5", "F5"), [T("C5", "hill"), T("D5", "hill"), T("D5", "forest"), T("E5", "hill"), T("F5", "hill")]),
    [["line_of_sight.clear", "eq", False]], S_LOS + " (a forest on the plateau is still an obstruction)", BASE + " Line of Sight")
add("los-battle-blocked-infantry", "line of sight",
    q([U("a1", "allies", "infantry", "E5"), U("x1", "axis", "infantry", "G5")], battle(), [T("F5", "forest")]),
    [["battle.allowed", "eq", False], ["battle.line_of_sight", "eq", False]],
    "To battle, an Infantry or Armor unit must be able to \"see\" the enemy unit it wants to target.", BASE + " Line of Sight")
add("los-river-fire-over", "line of sight",
    q([U("a1", "allies", "infantry", "E5"), U("x1", "axis", "infantry", "G5")], battle(), [T("F5", "river")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], "The Infantry unit can fire over the River", P15 + " worked example")

# --------------------------------------------------------------------------- movement
def dests(hexes: list[str]) -> list[list[Any]]:
    return [["move.destinations.*.hex", "set", hexes]]


S_MV = "An ordered Infantry unit may move up to 1 hex and battle or 2 hexes and not battle."
add("move-infantry-corner", "movement", q([U("a1", "allies", "infantry", "A1")], move()),
    dests(["A1", "a2", "B1", "A3", "b2", "C1", "B3"]), S_MV, BASE + " Move Units")
add("move-infantry-battle-flags", "movement", q([U("a1", "allies", "infantry", "A1")], move()),
    [["move.destinations.[hex=B1].can_battle", "eq", True], ["move.destinations.[hex=C1].can_battle", "eq", False]], S_MV, BASE + " Move Units")
add("move-not-through-units", "movement",
    q([U("a1", "allies", "infantry", "A1"), U("a2", "allies", "infantry", "a2"), U("x1", "axis", "infantry", "C1")], move()),
    dests(["A1", "B1", "b2"]), "When moving a unit, you may not move onto or through a hex occupied by a friendly or enemy unit.", BASE + " Move Units")
add("move-forest-stops", "movement", q([U("a1", "allies", "infantry", "A1")], move(), [T("a2", "forest"), T("B1", "town")]),
    dests(["A1", "a2", "B1"]), "A unit that enters a Forest hex must stop and may move no further on that turn.", P13)
add("move-forest-no-battle-flag", "movement", q([U("a1", "allies", "armor", "A1")], move(), [T("a2", "forest")]),
    [["move.destinations.[hex=a2].can_battle", "eq", False], ["move.destinations.[hex=B1].can_battle", "eq", True]],
    "A unit may not battle the turn it moves onto a Forest hex.", P13)
add("move-river-impassable", "movement", q([U("a1", "allies", "armor", "A1")], move(), [T("a2", "river"), T("B1", "river")]),
    dests(["A1"]), "A River is impassable terrain. A unit may only enter a River hex when the hex has a bridge.", P15)
add("move-bridge-crosses", "movement", q([U("a1", "allies", "infantry", "A1")], move(), [T("a2", "river"), T("B1", "river"), T("B1", "bridge")]),
    dests(["A1", "B1", "b2", "C1"]), "The Armor unit must take the bridge to cross the River", P15)
add("move-armor-3", "movement", q([U("a1", "allies", "armor", "A1")], move()),
    [["move.destinations.*.hex", "contains", ["D1", "a4"]], ["move.destinations.*.hex", "excludes", ["E1", "B5"]],
     ["move.destinations.[hex=D1].can_battle", "eq", True]], "An ordered Armor unit may move up to 3 hexes and battle.", BASE + " Move Units")
add("move-artillery-1", "movement", q([U("a1", "allies", "artillery", "A1")], move()),
    dests(["A1", "a2", "B1"]) + [["move.destinations.[hex=B1].can_battle", "eq", False]],
    "An ordered Artillery unit may move 1 hex or battle.", BASE + " Move Units")
add("move-special-forces-2-battle", "movement", q([U("a1", "allies", "special_forces", "A1")], move()),
    [["move.destinations.[hex=C1].can_battle", "eq", True]], "Special Forces may move 2 hexes and still battle", P12)
add("move-already-moved", "movement", q([U("a1", "allies", "infantry", "A1", moved=1)], move()),
    dests(["A1", "a2", "B1"]) + [["move.destinations.[hex=B1].can_battle", "eq", False]],
    "A unit may only move once per turn (moved counts the hexes already moved: 1 more hex, 2 in all: no battle).", BASE + " Move Units; contract `moved`")
S_HR = ("To move onto a Hedgerow hex, a unit must be adjacent to the Hedgerow. A unit that enters a Hedgerow must stop and may "
        "move no further on that turn. A unit that leaves a Hedgerow hex may only move onto an adjacent hex.")
add("move-hedgerow-must-start-adjacent", "movement", q([U("a1", "allies", "armor", "A1")], move(), [T("C1", "hedgerow")]),
    [["move.destinations.*.hex", "excludes", ["C1"]]], S_HR, P14)
add("move-hedgerow-adjacent-enters", "movement", q([U("a1", "allies", "armor", "B1")], move(), [T("C1", "hedgerow")]),
    [["move.destinations.*.hex", "contains", ["C1"]], ["move.destinations.[hex=C1].can_battle", "eq", False]], S_HR, P14)
add("move-hedgerow-leave-one", "movement", q([U("a1", "allies", "armor", "G5")], move(), [T("G5", "hedgerow")]),
    dests(["G5", "F5", "H5", "f6", "g6", "f4", "g4"]), S_HR, P14)
S_OC = "A unit that moves onto an Ocean hex may move a maximum of 1 hex."
add("move-ocean-max-1", "movement", q([U("a1", "allies", "armor", "G1")], move(), [T(h, "ocean") for h in ["G1", "F1", "H1", "f2", "g2", "E1", "I1", "e2", "h2", "G3", "F3", "H3"]]),
    dests(["G1", "F1", "H1", "f2", "g2"]), S_OC, P15)
S_BE = "A unit that moves onto a Beach hex may only move 2 hexes."
add("move-beach-max-2", "movement", q([U("a1", "allies", "armor", "G1")], move(), [T(h, "beach") for h in ["F1", "H1", "f2", "g2", "E1", "I1", "e2", "h2", "G3", "F3", "H3", "D1", "J1", "d2", "i2", "E3", "I3", "e4", "f4", "g4", "h4", "G5", "F5", "H5"]]),
    [["move.destinations.*.hex", "contains", ["E1", "G3"]], ["move.destinations.*.hex", "excludes", ["D1", "f4", "G5"]]], S_BE, P15)
add("move-dd-tank-ocean-then-beach", "movement", q([U("a1", "allies", "armor", "G1", moved=1)], move(), [T("G1", "ocean"), T("G3", "beach"), T("f2", "beach"), T("g2", "beach"), T("G5", "beach")]),
    dests(["G1"]),
    "Amphibious \"DD\" Sherman tank unit moves only one hex while in water (it moved onto the ocean this turn: no further)", P15 + " worked example")
S_BK = "An Armor or Artillery unit may not move onto a Bunker hex. Artillery units that start on a Bunker hex may not move from the hex."
add("move-armor-no-bunker", "movement", q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "bunker")]),
    [["move.destinations.*.hex", "excludes", ["B1"]]], S_BK, OBST)
add("move-infantry-bunker-ok", "movement", q([U("a1", "allies", "infantry", "A1")], move(), [T("B1", "bunker")]),
    [["move.destinations.*.hex", "contains", ["B1", "C1"]]], "Bunkers ... Movement: An Infantry unit may battle the turn it moves onto a Bunker hex.", OBST)
add("move-artillery-stuck-in-bunker", "movement", q([U("a1", "allies", "artillery", "G5")], move(), [T("G5", "bunker")]),
    dests(["G5"]), S_BK, OBST)
add("move-armor-no-hedgehogs", "movement", q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "hedgehogs"), T("a2", "hedgehogs")]),
    dests(["A1"]), "Hedgehogs: Only Infantry units may enter a Hedgehog hex.", OBST)
add("move-infantry-hedgehogs-ok", "movement", q([U("a1", "allies", "infantry", "A1")], move(), [T("B1", "hedgehogs")]),
    [["move.destinations.*.hex", "contains", ["B1", "C1"]]], "Hedgehogs: Only Infantry units may enter a Hedgehog hex. No movement restrictions.", OBST)
add("move-wire-stops", "movement", q([U("a1", "allies", "infantry", "A1")], move(), [T("B1", "barbed_wire"), T("a2", "barbed_wire")]),
    dests(["A1", "a2", "B1"]), "Wire: A unit that enters a hex with wire must stop and may move no further on that turn.", OBST)
add("move-airfield-free", "movement", q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "airfield"), T("C1", "airfield")]),
    [["move.destinations.*.hex", "contains", ["D1"]]], "Airfields ◆ Movement: No movement restrictions.", DB + " Airfields")
add("move-hill-free", "movement", q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "hill"), T("C1", "hill")]),
    [["move.destinations.*.hex", "contains", ["D1"]]], "Hills ◆ Movement: No movement restrictions.", P14)
add("move-sandbags-free", "movement", q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "sandbags")]),
    [["move.destinations.*.hex", "contains", ["C1", "D1"]]], "Sandbags: Movement: No movement restrictions.", OBST)

# --------------------------------------------------------------------------- retreat
S_RT = ("unit must always retreat toward its controlling player's side of the board. ... For each Flag rolled on the target "
        "unit, the unit must move one hex back toward its own side of the battlefield. Two flags push the unit back two hexes")
add("retreat-axis-up-one", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "set", ["f6", "g6"]], ["result.retreat.*.figures_lost", "set", [0, 0]]], S_RT, BASE + " Retreat")
add("retreat-allies-down-one", "retreat",
    q([U("a1", "axis", "infantry", "f6"), U("x1", "allies", "infantry", "G5")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "set", ["f4", "g4"]]], S_RT, BASE + " Retreat")
add("retreat-two-flags", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["flag", "flag", "star"]),
    [["result.retreat.*.hex", "set", ["F7", "G7", "H7"]]], S_RT, BASE + " Retreat")
add("retreat-bottom-top-reversed", "retreat",
    q([U("a1", "allies", "infantry", "f6"), U("x1", "axis", "infantry", "G5")], battle(), dice=["flag", "star", "star"], bottom="axis"),
    [["result.retreat.*.hex", "set", ["f4", "g4"]]], "`bottom`: the side whose home edge is the bottom row ... Retreats go toward a unit's own home edge.", "shared/contracts/rules-query.md")
S_RB = ("A unit may not retreat onto, or through, a hex already containing another unit (regardless if friend or foe). If a "
        "unit cannot retreat; is forced to retreat off the limits of the battlefield; or would be pushed back onto a sea hex, one "
        "figure must be removed from the unit for each retreat move that cannot be completed.")
add("retreat-blocked-units", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5"), U("x2", "axis", "infantry", "f6"), U("a2", "allies", "infantry", "g6")],
      battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "eq", ["G5"]], ["result.retreat.0.figures_lost", "eq", 1], ["result.retreat.0.eliminated", "eq", False]], S_RB, BASE + " Retreat")
add("retreat-one-path-left", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5"), U("x2", "axis", "infantry", "f6")],
      battle(), dice=["flag", "infantry", "star"]),
    [["result.retreat.*.hex", "eq", ["g6"]]], "Here, another Axis unit is in the way - there is only one retreat path left", DB + " base p.11 worked example")
add("retreat-unit-and-river-block", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5"), U("x2", "axis", "infantry", "f6")],
      battle(), [T("g6", "river")], dice=["flag", "infantry", "star"]),
    [["result.figures_removed", "eq", 1], ["result.retreat.*.hex", "eq", ["G5"]], ["result.retreat.0.figures_lost", "eq", 1]],
    "An Axis unit and a river block both retreat options – the Axis unit cannot move and takes one additional casualty as a result",
    DB + " base p.11 worked example")
add("retreat-off-board", "retreat",
    q([U("a1", "allies", "infantry", "g8"), U("x1", "axis", "infantry", "G9")], battle(), dice=["flag", "flag", "star"]),
    [["result.retreat.*.hex", "eq", ["G9"]], ["result.retreat.0.figures_lost", "eq", 2]], S_RB, BASE + " Retreat")
add("retreat-off-board-eliminated", "retreat",
    q([U("a1", "allies", "infantry", "g8"), U("x1", "axis", "infantry", "G9", figures=1)], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.0.eliminated", "eq", True], ["result.retreat.0.figures_lost", "eq", 1]], S_RB, BASE + " Retreat")
add("retreat-partial-then-edge", "retreat",
    q([U("a1", "allies", "infantry", "g6"), U("x1", "axis", "infantry", "G7")], battle(), dice=["flag", "flag", "flag"]),
    [["result.retreat.*.figures_lost", "set", [1, 1, 1]], ["result.retreat.*.hex", "set", ["F9", "G9", "H9"]]], S_RB, BASE + " Retreat")
add("retreat-ocean-impassable", "retreat",
    q([U("a1", "axis", "infantry", "f4"), U("x1", "allies", "infantry", "G3")], battle(), [T("f2", "ocean"), T("g2", "ocean")], dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "eq", ["G3"]], ["result.retreat.0.figures_lost", "eq", 1]],
    "An Ocean hex is impassable terrain for retreat moves. ... or would be pushed back onto a sea hex, one figure must be removed", P15 + "; " + BASE)
add("retreat-beach-ok", "retreat",
    q([U("a1", "axis", "infantry", "f4"), U("x1", "allies", "infantry", "G3")], battle(), [T("f2", "beach"), T("g2", "beach")], dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "set", ["f2", "g2"]]], "Beaches (not a sea hex): Terrain has no effect on retreat moves", BASE + " Retreat")
add("retreat-through-forest", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("f6", "forest"), T("g6", "forest")], dice=["flag", "flag", "star"]),
    [["result.retreat.*.hex", "set", ["F7", "G7", "H7"]]],
    "Terrain has no effect on retreat moves, therefore a retreating unit may move through a forest or village without stopping.", BASE + " Retreat")
add("retreat-river-blocks", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("f6", "river"), T("g6", "river")], dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "eq", ["G5"]], ["result.retreat.0.figures_lost", "eq", 1]],
    "However, impassable terrain may not be moved through during a retreat move.", BASE + " Retreat")
add("retreat-over-bridge", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("f6", "river"), T("g6", "river"), T("g6", "bridge")], dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "eq", ["g6"]]], "A unit may only enter a River hex when the hex has a bridge.", P15)
add("retreat-armor-not-onto-hedgehogs", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "armor", "G5")], battle(), [T("f6", "hedgehogs")], dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "eq", ["g6"]]], "impassable terrain may not be moved through during a retreat move (Only Infantry units may enter a Hedgehog hex)", BASE + "; " + OBST)
add("retreat-infantry-onto-hedgehogs", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("f6", "hedgehogs")], dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "set", ["f6", "g6"]]], "Hedgehogs: Only Infantry units may enter a Hedgehog hex.", OBST)
add("retreat-not-through-unit-two-flags", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5"), U("x2", "axis", "infantry", "f6")],
      battle(), dice=["flag", "flag", "star"]),
    [["result.retreat.*.hex", "set", ["G7", "H7"]]], "A unit may not retreat onto, or through, a hex already containing another unit", BASE + " Retreat")
add("retreat-french-resistance-up-to-3", "retreat",
    q([U("a1", "axis", "infantry", "f6"), U("x1", "allies", "french_resistance", "G5")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "contains", ["f4", "g4", "F3", "g4", "H3", "e2", "f2", "g2", "h2"]], ["result.retreat.*.hex", "excludes", ["G5", "E1"]]],
    "May disappear in the countryside, retreating up to 3 hexes instead of the standard 1 on any retreat flag rolled.", P12)
add("retreat-eliminated-by-hits-no-retreat", "retreat",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5", figures=1)], battle(), dice=["infantry", "flag", "flag"]),
    [["result.eliminated", "eq", True], ["result.retreat", "eq", []]], "`retreat` Empty when ... the unit was eliminated by hits.", "shared/contracts/rules-query.md battle")

# --------------------------------------------------------------------------- take ground / overrun
S_TG = ("When an ordered Infantry unit in Close Assault combat eliminates the enemy unit or forces it to retreat, it may Take "
        "Ground by advancing into the vacated hex. An Artillery unit may not take ground. Terrain movement and battle "
        "restrictions still apply when units take ground.")
add("tg-infantry-retreat", "take ground",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "forest")], dice=["flag", "infantry"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]],
    "Allied Infantry rolls a Flag and an Infantry symbol on a Close Assault ... chooses to \"Take Ground\" immediately", DB + " base p.11 worked example")
add("tg-not-at-range", "take ground",
    q([U("a1", "allies", "infantry", "G3"), U("x1", "axis", "infantry", "G5")], battle(), dice=["flag", "infantry"]),
    [["result.take_ground", "eq", False]], S_TG, BASE + " Taking Ground")
add("tg-artillery-never", "take ground",
    q([U("a1", "allies", "artillery", "g4"), U("x1", "axis", "infantry", "G5", figures=1)], battle(), dice=["grenade", "flag", "star"]),
    [["result.take_ground", "eq", False]], S_TG, BASE + " Taking Ground")
add("tg-no-flag-no-kill", "take ground",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["infantry", "star", "armor"]),
    [["result.take_ground", "eq", False]], S_TG, BASE + " Taking Ground")
add("tg-eliminated", "take ground",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5", figures=1)], battle(), dice=["grenade", "star", "armor"]),
    [["result.take_ground", "eq", True]], S_TG, BASE + " Taking Ground")
add("tg-retreat-blocked-no-vacated-hex", "take ground",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5"), U("x2", "axis", "infantry", "f6"), U("x3", "axis", "infantry", "g6")],
      battle(), dice=["flag", "star", "star"]),
    [["result.take_ground", "eq", False]], S_TG + " (a unit that cannot retreat does not vacate its hex)", BASE + " Taking Ground")
add("overrun-armor", "take ground",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["flag", "infantry", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]],
    "When an ordered Armor unit in Close Assault combat eliminates the enemy unit or forces it to retreat, it may take the ground by advancing into the vacated hex and claim an Armor Overrun combat.",
    BASE + " Taking Ground")
add("overrun-only-once", "take ground",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(overrun=True), dice=["flag", "infantry", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]],
    "A unit may Take Ground again after a successful Overrun Combat. However, an Armor unit may only make one Overrun Combat during a turn.",
    BASE + " Armor Overrun Combat")
add("overrun-armor-ranged-none", "take ground",
    q([U("a1", "allies", "armor", "G3"), U("x1", "axis", "infantry", "G5", figures=1)], battle(), dice=["grenade", "star", "star"]),
    [["result.take_ground", "eq", False], ["result.armor_overrun", "eq", False]], "On a successful Close Assault Combat, an ordered Armor unit may move into the vacated hex", BASE + " Armor Overrun Combat")
add("tg-armor-not-into-bunker", "take ground",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5", figures=1)], battle(), [T("G5", "bunker", owner="axis")], dice=["grenade"]),
    [["result.take_ground", "eq", False], ["result.armor_overrun", "eq", False]],
    S_TG + " (An Armor or Artillery unit may not move onto a Bunker hex.)", BASE + " Taking Ground; " + OBST)
add("tg-armor-not-into-hedgehogs", "take ground",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "hedgehogs")], dice=["flag", "flag", "infantry"]),
    [["result.take_ground", "eq", False]], S_TG + " (Only Infantry units may enter a Hedgehog hex.)", BASE + " Taking Ground; " + OBST)
add("tg-infantry-into-hedgehogs", "take ground",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "hedgehogs")], dice=["flag", "flag", "infantry"]),
    [["result.take_ground", "eq", True]], S_TG, BASE + " Taking Ground; " + OBST)
add("overrun-not-from-forest-taken", "take ground",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "forest")], dice=["flag"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]],
    S_TG + " (A unit may not battle the turn it moves onto a Forest hex.)", BASE + " Taking Ground; " + P13)
add("overrun-into-town-none", "take ground",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "town")], dice=["flag"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]],
    S_TG + " (A unit may not battle the turn it moves onto a Town hex.)", BASE + " Taking Ground; " + P14)
add("overrun-into-hill-ok", "take ground",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "hill")], dice=["flag", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]], "Hills ◆ Movement: No movement restrictions.", P14)
add("tg-beach", "take ground",
    q([U("a1", "allies", "infantry", "G1"), U("x1", "axis", "infantry", "g2")], battle(), [T("G1", "beach"), T("g2", "beach")], dice=["flag", "star", "star"]),
    [["result.take_ground", "eq", True]], "A unit may still Take Ground after a successful Close Assault Combat.", P15)
add("tg-anti-tank-none", "take ground",
    q([U("a1", "allies", "anti_tank", "g4"), U("x1", "axis", "infantry", "G5", figures=1)], battle(), dice=["grenade", "star", "star"]),
    [["result.take_ground", "eq", False]], "anti-tank guns ... allowed to take ground (issue 16: wrong); bga-memoir: unit with equipment cannot take ground", SRC + " Units (anti_tank)")

# --------------------------------------------------------------------------- nations
add("japan-ignores-flag", "nations",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5", nation="jp")], battle(), dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]],
    "Imperial Japanese Army: Japanese infantry (not snipers) ignore 1 flag (Seishin Kyoiku)", SRC + " Nation rules (imperial_japanese_army)")
add("japan-banzai-close-assault", "nations",
    q([U("a1", "axis", "infantry", "G5", nation="jp"), U("x1", "allies", "infantry", "g4")], battle()),
    [["battle.dice", "eq", 4]], "Japanese infantry: +1 die in close assault at full strength", SRC + " Nation rules (imperial_japanese_army)")
add("japan-not-full-strength", "nations",
    q([U("a1", "axis", "infantry", "G5", nation="jp", figures=3), U("x1", "allies", "infantry", "g4")], battle()),
    [["battle.dice", "eq", 3]], "Japanese infantry: +1 die in close assault at full strength", SRC + " Nation rules (imperial_japanese_army)")
add("japan-move-2-battle", "nations",
    q([U("a1", "axis", "infantry", "G5", nation="jp", moved=2), U("x1", "allies", "infantry", "g4")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]],
    "Japanese infantry: move 2 and battle, in a close assault (session 9: the case asked a battle at 2 hexes, which Banzai does not give)",
    SRC + " Nation rules (imperial_japanese_army)")
add("british-battle-back", "nations",
    q([U("a1", "axis", "infantry", "G5"), U("x1", "allies", "infantry", "g4", nation="brit", figures=2)], battle(), dice=["infantry", "star", "star"]),
    [["result.battle_back", "eq", True]],
    "British Commonwealth: a British unit left with 1 figure by a close assault, not retreating, battles back", SRC + " Nation rules (british_commonwealth)")
add("british-no-battle-back-at-range", "nations",
    q([U("a1", "axis", "infantry", "G5"), U("x1", "allies", "infantry", "G3", nation="brit", figures=2)], battle(), dice=["infantry", "star"]),
    [["result.battle_back", "falsy", None]],
    "British Commonwealth: ... left with 1 figure by a close assault", SRC + " Nation rules (british_commonwealth)")
add("italian-retreat-1-to-3", "nations",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5", nation="it")], battle(), dice=["flag", "star", "star"],
      rules={"air": None, "variants": ["italian_royal_army"]}),
    [["result.retreat.*.hex", "contains", ["f6", "g6", "G7", "g8"]], ["result.retreat.*.hex", "excludes", ["G9", "G5"]]],
    "Italian Royal Army: Italian infantry, armor, artillery retreat 1-3 hexes per flag", SRC + " Nation rules (italian_royal_army)")
add("italian-artillery-ignores-flag", "nations",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "artillery", "G5", nation="it")], battle(), dice=["flag", "star", "grenade"],
      rules={"air": None, "variants": ["italian_royal_army"]}),
    [["result.flags_ignored", "eq", 1]], "Italian artillery ignores 1 flag", SRC + " Nation rules (italian_royal_army)")
add("blitz-allied-armor-move-2", "nations",
    q([U("a1", "allies", "armor", "A1")], move(), rules={"air": None, "variants": ["blitz"]}),
    [["move.destinations.*.hex", "contains", ["C1"]], ["move.destinations.*.hex", "excludes", ["D1"]]],
    "Blitz: Allied armor: move 2, battle after 2", SRC + " Nation rules (blitz)")
add("blitz-axis-armor-move-3", "nations",
    q([U("a1", "axis", "armor", "A1")], move(), rules={"air": None, "variants": ["blitz"]}),
    [["move.destinations.*.hex", "contains", ["D1"]]], "Blitz: Allied armor: move 2 (Axis armor unchanged)", SRC + " Nation rules (blitz)")
add("gung-ho-extra-order", "nations",
    q([U(f"a{i}", "allies", "infantry", h) for i, h in enumerate(["A1", "B1", "C1", "A3"], start=1)],
      {"orders": {"card": "attack_left", "side": "allies", "units": ["a1", "a2", "a3", "a4"]}},
      rules={"air": None, "variants": ["us_marines_gung_ho"]}),
    [["orders.valid", "set", ["a1", "a2", "a3", "a4"]]],
    "US Marines Gung Ho!: a card that orders a set number of units orders one more for the Allies", SRC + " Nation rules (us_marines_gung_ho)")
add("no-gung-ho-three-orders", "nations",
    q([U(f"a{i}", "allies", "infantry", h) for i, h in enumerate(["A1", "B1", "C1", "A3"], start=1)],
      {"orders": {"card": "attack_left", "side": "allies", "units": ["a1", "a2", "a3", "a4"]}}),
    [["orders.valid", "len", 3]], "Attack Left: order 3 units on the left flank", "docs/rules-cards.md deck")

# --------------------------------------------------------------------------- air
AP = {"air": "air-pack"}
FP = {"air": "flight-plan"}
S_AC0 = "Roll a number of dice equal to the Airplane's underlying hex Air check value ... Countryside hexes have a 0d Air Check value."
add("air-check-countryside-0", "air",
    q([U("p1", "allies", "airplane", "G5", model="spitfire", airborne=True)], {"air_check": {"plane": "p1"}}, rules=AP),
    [["air_check.dice", "eq", 0]], S_AC0, AIR + " Air Check Roll")
S_AC1 = ("If there are adjacent enemy units, roll 1 additional die for each adjacent enemy unit and 2 for each adjacent enemy "
         "Airplane. In this case, it is the Opponent that rolls the dice for the Air check.")
add("air-check-adjacent-enemies", "air",
    q([U("p1", "allies", "airplane", "G5", model="spitfire", airborne=True), U("x1", "axis", "infantry", "F5"),
       U("x2", "axis", "armor", "H5"), U("p2", "axis", "airplane", "g6", model="me109", airborne=True)], {"air_check": {"plane": "p1"}}, rules=AP),
    [["air_check.dice", "eq", 4], ["air_check.rolled_by", "eq", "axis"]], S_AC1, AIR + " Air Check Roll")
add("air-check-lost-medal", "air",
    q([U("p1", "allies", "airplane", "G5", model="spitfire", airborne=True), U("x1", "axis", "infantry", "F5")], {"air_check": {"plane": "p1"}}, rules=AP, dice=["grenade"]),
    [["air_check.result.lost", "eq", True], ["air_check.result.medal_to", "eq", "axis"]],
    "If at least 1 Grenade is rolled, the Airplane is lost ... Opponent gains a Medal only if one of his units ... was adjacent", AIR + " Air Check Roll")
add("air-check-no-grenade-kept", "air",
    q([U("p1", "allies", "airplane", "G5", model="spitfire", airborne=True), U("x1", "axis", "infantry", "F5")], {"air_check": {"plane": "p1"}}, rules=AP, dice=["star"]),
    [["air_check.result.lost", "eq", False]], "If at least 1 Grenade is rolled, the Airplane is lost", AIR + " Air Check Roll")
add("air-check-carrier-1d", "air",
    q([U("p1", "allies", "airplane", "G1", model="corsair", airborne=True)], {"air_check": {"plane": "p1"}}, [T("G1", "ocean"), T("G1", "aircraft_carrier")], rules=AP),
    [["air_check.dice", "eq", 1]], "Aircraft Carriers ... 1d must be rolled each time an Air check roll is required (it overrides the Air check value of the underlying Ocean hex).", AIR + " Airborne Airplanes")
add("airpack-airborne-no-los-block", "air",
    q([U("p1", "axis", "airplane", "G5", model="me109", airborne=True)], los("g4", "G7"), rules=AP),
    [["line_of_sight.clear", "eq", True]], "Airborne airplanes do NOT block line of sight", AIR + " Airborne Airplanes")
add("airpack-ground-blocks-los", "air",
    q([U("p1", "axis", "airplane", "G5", model="me109", airborne=False)], los("g4", "G7"), [T("G5", "airfield")], rules=AP),
    [["line_of_sight.clear", "eq", False]], "Airplanes on the ground ... block line of sight", AIR + " Air Check Roll")
add("airpack-airborne-no-pin", "air",
    q([U("a1", "allies", "infantry", "G3"), U("p1", "axis", "airplane", "f4", model="me109", airborne=True), U("x1", "axis", "infantry", "G5")], battle(), rules=AP),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]],
    "Airborne airplanes ... do NOT prevent adjacent enemy units from firing at more distant targets.", AIR + " Airborne Airplanes")
add("airpack-airborne-not-attacked", "air",
    q([U("a1", "allies", "infantry", "g4"), U("p1", "axis", "airplane", "G5", model="me109", airborne=True)], battle(tgt="p1"), rules=AP),
    [["battle.allowed", "eq", False]], "In Memoir '44, an Airplane that is flying is never attacked directly.", AIR + " Airplane Losses")
add("airpack-ground-grenade-eliminates", "air",
    q([U("a1", "allies", "infantry", "g4"), U("p1", "axis", "airplane", "G5", model="me109", airborne=False)], battle(tgt="p1"), [T("G5", "airfield")], rules=AP,
      dice=["grenade", "flag", "star"]),
    [["result.eliminated", "eq", True]], "It is eliminated if 1 Grenade is rolled against it.", AIR + " Attacking On the Ground Airplanes")
add("airpack-ground-no-grenade", "air",
    q([U("a1", "allies", "infantry", "g4"), U("p1", "axis", "airplane", "G5", model="me109", airborne=False)], battle(tgt="p1"), [T("G5", "airfield")], rules=AP,
      dice=["infantry", "armor", "star"]),
    [["result.eliminated", "eq", False]], "It is eliminated if 1 Grenade is rolled against it.", AIR + " Attacking On the Ground Airplanes")
add("airpack-ground-unit-not-through-plane", "air",
    q([U("a1", "allies", "infantry", "A1"), U("p1", "axis", "airplane", "B1", model="me109", airborne=True), U("a2", "allies", "infantry", "a2")], move(), rules=AP),
    dests(["A1"]), "a ground unit cannot move onto or through a hex occupied by an Airplane, even if this Airplane is airborne.", AIR + " Movement")
add("nfp-air-unit-blocks-los", "air",
    q([U("p1", "axis", "fighter", "G5", airborne=True)], los("g4", "G7"), rules=FP),
    [["line_of_sight.clear", "eq", False]], "an air unit occupies the hex it is on and will therefore block line of sight.", NFP + " Order an Air Unit")
add("nfp-ground-to-air-adjacent", "air",
    q([U("a1", "allies", "infantry", "g4"), U("p1", "axis", "fighter", "G5", airborne=True)], {"ground_to_air": {"attacker": "a1", "target": "p1"}}, rules=FP),
    [["ground_to_air.allowed", "eq", True], ["ground_to_air.dice", "eq", 3]],
    "An Infantry or Armor ground unit must be in an adjacent hex to battle an enemy flying air unit. Infantry and Armor roll their regular battle dice (3 dice).",
    NFP + " Ground to Air Combat")
add("nfp-ground-to-air-infantry-range-2", "air",
    q([U("a1", "allies", "infantry", "G3"), U("p1", "axis", "fighter", "G5", airborne=True)], {"ground_to_air": {"attacker": "a1", "target": "p1"}}, rules=FP),
    [["ground_to_air.allowed", "eq", False]], "An Infantry or Armor ground unit must be in an adjacent hex to battle an enemy flying air unit.", NFP + " Ground to Air Combat")
add("nfp-ground-to-air-artillery-2", "air",
    q([U("a1", "allies", "artillery", "G3"), U("p1", "axis", "bomber", "G5", airborne=True)], {"ground_to_air": {"attacker": "a1", "target": "p1"}}, rules=FP),
    [["ground_to_air.allowed", "eq", True], ["ground_to_air.dice", "eq", 4]],
    "An Artillery or Destroyer unit can battle a flying air unit that is adjacent or two hexes away ... with 1 additional die (4 dice).", NFP + " Dogfight")
add("nfp-ground-to-air-artillery-3-out", "air",
    q([U("a1", "allies", "artillery", "G1"), U("p1", "axis", "bomber", "G7", airborne=True)], {"ground_to_air": {"attacker": "a1", "target": "p1"}}, rules=FP),
    [["ground_to_air.allowed", "eq", False]], "An Artillery or Destroyer unit can battle a flying air unit that is adjacent or two hexes away", NFP + " Dogfight")
add("nfp-ground-to-air-close-assault-card", "air",
    q([U("a1", "allies", "infantry", "g4"), U("p1", "axis", "fighter", "G5", airborne=True)], {"ground_to_air": {"attacker": "a1", "target": "p1", "card": "Close Assault"}}, rules=FP),
    [["ground_to_air.dice", "eq", 4]], "Close Assault may be used by a ground unit to target an adjacent air unit with an additional die.", NFP + " Command Cards")
add("nfp-dogfight-fighter-3", "air",
    q([U("p1", "allies", "fighter", "g4", airborne=True), U("p2", "axis", "bomber", "G5", airborne=True)], {"dogfight": {"plane": "p1", "target": "p2"}}, rules=FP),
    [["dogfight.allowed", "eq", True], ["dogfight.dice", "eq", 3]], "The player rolls three dice (a fighter's dogfight)", NFP + " Downing an Enemy Air Unit example")
add("nfp-dogfight-not-adjacent", "air",
    q([U("p1", "allies", "fighter", "G1", airborne=True), U("p2", "axis", "bomber", "G5", airborne=True)], {"dogfight": {"plane": "p1", "target": "p2"}}, rules=FP),
    [["dogfight.allowed", "eq", False]], "When an ordered air unit ends its movement in a hex adjacent to an enemy air unit, the ordered air unit may declare a dogfight.", NFP + " Dogfight")
S_CONF = ("Reroll all the dice that scored a hit. If at least one grenade is rolled, the hit is confirmed and the enemy air unit is "
          "shot down. ... If the attacker does not roll a grenade but rolls a flag on the confirmation roll, the enemy air unit must retire")
add("nfp-confirm-grenade", "air",
    q([U("p2", "axis", "bomber", "G5", airborne=True), U("p1", "allies", "fighter", "g4", airborne=True)], {"confirm": {"target": "p2"}}, rules=FP, dice=["grenade", "infantry"]),
    [["confirm.shot_down", "eq", True], ["confirm.medal_to", "eq", "allies"]], S_CONF, NFP + " Downing an Enemy Air Unit")
add("nfp-confirm-flag-retires", "air",
    q([U("p2", "axis", "bomber", "G5", airborne=True), U("p1", "allies", "fighter", "g4", airborne=True)], {"confirm": {"target": "p2"}}, rules=FP, dice=["flag", "infantry"]),
    [["confirm.shot_down", "eq", False], ["confirm.retires", "eq", True], ["confirm.medal_to", "eq", None]], S_CONF, NFP + " Downing an Enemy Air Unit")
S_MGN = ("Machine Gun: Roll 1 die per marker (ignore all Terrain battle die reductions), score a hit for each icon of the targeted "
         "unit rolled. Note: contrary to usual combat rules, grenades are NOT hits when rolled for Machine Gun ammo. Bomb: ... score a "
         "hit for each icon of the targeted unit and grenade rolled.")
add("nfp-mg-grenade-no-hit", "air",
    q([U("p1", "allies", "fighter_bomber", "E5", airborne=True), U("x1", "axis", "infantry", "F5")],
      {"attack_run": {"plane": "p1", "markers": [{"hex": "F5", "ammo": "machine_gun"}]}}, [T("F5", "forest")], rules=FP, dice=[["grenade"]]),
    [["attack_run.allowed", "eq", True], ["attack_run.dice", "eq", [1]], ["attack_run.results.0.hits", "eq", 0]], S_MGN, NFP + " Ammo Types")
add("nfp-bomb-grenade-hits", "air",
    q([U("p1", "allies", "fighter_bomber", "E5", airborne=True), U("x1", "axis", "infantry", "F5")],
      {"attack_run": {"plane": "p1", "markers": [{"hex": "F5", "ammo": "bomb"}]}}, [T("F5", "forest")], rules=FP, dice=[["grenade"]]),
    [["attack_run.dice", "eq", [1]], ["attack_run.results.0.hits", "eq", 1]], S_MGN, NFP + " Ammo Types")
add("nfp-attack-run-flag-sandbags-ignored", "air",
    q([U("p1", "allies", "fighter_bomber", "E5", airborne=True), U("x1", "axis", "infantry", "F5")],
      {"attack_run": {"plane": "p1", "markers": [{"hex": "F5", "ammo": "bomb"}]}}, [T("F5", "sandbags")], rules=FP, dice=[["flag"]]),
    [["attack_run.results.0.flags", "eq", 1], ["attack_run.results.0.flags_ignored", "eq", 1]],
    "Terrains or abilities that allow to ignore flags apply normally, unless stated otherwise on an Air Combat card.", NFP + " Air Unit Attack Run")
add("nfp-attack-run-max-3", "air",
    q([U("p1", "allies", "fighter", "C5", airborne=True)] + [U(f"x{i}", "axis", "infantry", h) for i, h in enumerate(["D5", "E5", "F5", "G5"])],
      {"attack_run": {"plane": "p1", "markers": [{"hex": h, "ammo": "machine_gun"} for h in ["D5", "E5", "F5", "G5"]]}}, rules=FP),
    [["attack_run.allowed", "eq", False]], "It is conducted against a maximum of 3 enemy hexes", NFP + " Air Unit Attack Run")
add("nfp-ground-passes-under-friendly-air", "air",
    q([U("a1", "allies", "infantry", "A1"), U("p1", "allies", "fighter", "B1", airborne=True), U("a2", "allies", "infantry", "a2")], move(), rules=FP),
    [["move.destinations.*.hex", "contains", ["C1"]], ["move.destinations.*.hex", "excludes", ["B1"]]],
    "A ground unit may move through a hex with a friendly air unit.", NFP + " Other Units")
add("nfp-ground-not-through-enemy-air", "air",
    q([U("a1", "allies", "infantry", "A1"), U("p1", "axis", "fighter", "B1", airborne=True), U("a2", "allies", "infantry", "a2")], move(), rules=FP),
    dests(["A1"]), "However, it may not move through a hex with an enemy air unit (this is called ground interdiction).", NFP + " Other Units")
add("nfp-landed-flag-destroys", "air",
    q([U("a1", "allies", "infantry", "g4"), U("p1", "axis", "fighter", "G5", airborne=False)], battle(tgt="p1"), [T("G5", "airfield")], rules=FP, dice=["flag", "star", "star"]),
    [["result.eliminated", "eq", True]], "Any grenade or flag will score a hit against a landed air unit, destroying it immediately", NFP + " Air Unit Landing")

# --------------------------------------------------------------------------- wrong today (issue 16) and owners
add("issue-overrun-not-from-ocean", "take ground",
    q([U("a1", "allies", "armor", "G1"), U("x1", "axis", "infantry", "g2")], battle(), [T("G1", "ocean")]),
    [["battle.allowed", "eq", False]], "A unit on an Ocean hex may not battle.", P15)
add("minefield-owner-no-roll", "obstacles",
    q([U("a1", "axis", "infantry", "G5")], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("G5", "minefield", owner="axis", value=2)]),
    [["terrain_entry.rolls", "eq", []]], "Minefields: no roll ... for the side that laid the mine", SRC + " card 29 Minefields")
add("minefield-enemy-rolls", "obstacles",
    q([U("a1", "allies", "infantry", "G5")], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("G5", "minefield", owner="axis", value=2)]),
    [["terrain_entry.rolls.0.dice", "eq", 2]], "Minefields: a unit entering rolls the mine's number of dice and takes hits as in a battle", SRC + " card 29 Minefields")
add("minefield-retreat-no-roll", "obstacles",
    q([U("a1", "allies", "infantry", "G5")], {"terrain_entry": {"unit": "a1", "how": "retreat"}}, [T("G5", "minefield", owner="axis", value=2)]),
    [["terrain_entry.rolls", "eq", []]], "Minefields: no roll on a retreat", SRC + " card 29 Minefields")
add("minefield-stops", "movement", q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "minefield", owner="axis"), T("a2", "minefield", owner="axis")]),
    dests(["A1", "a2", "B1"]), "Minefields: stop on entering", SRC + " Terrain (minefield)")

# --------------------------------------------------------------------------- contract errors
S_ERR = ("Exit 2 when the query is invalid, and on stdout {\"error\": {\"field\": \"<dotted path>\", \"message\": ...}}. Examples: an "
         "unknown unit type, a hex that is not on the board, two units on one hex, a target id that does not exist, 7 dice where 3 "
         "are due, malformed JSON (field \"\"). Never a Python traceback.")
CON = "shared/contracts/rules-query.md Invocation"
add("err-unknown-unit-type", "errors", q([U("a1", "allies", "tank", "g4")], los("G1", "g4")), [["error.field", "eq", "units.0.type"]], S_ERR, CON, exit=2, cli=True)
add("err-off-board-hex", "errors", q([U("a1", "allies", "infantry", "N3")], los("G1", "g4")), [["error.field", "eq", "units.0.hex"]], S_ERR, CON, exit=2)
add("err-half-hex", "errors", q([], los("A8", "g4")), [["error.field", "eq", "ask.line_of_sight.from"]],
    "`A8` is not a hex (it would be a half hex) and is an error.", "shared/contracts/rules-query.md Hexes", exit=2, cli=True)
add("err-row-beyond-board", "errors", q([], los("G11", "g4")), [["error.field", "eq", "ask.line_of_sight.from"]], S_ERR, CON, exit=2)
add("err-two-units-one-hex", "errors", q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "g4")], los("G1", "G5")),
    [["error.field", "eq", "units.1.hex"]], S_ERR, CON, exit=2, cli=True)
add("err-target-missing", "errors", q([U("a1", "allies", "infantry", "g4")], battle(tgt="x9")), [["error.field", "eq", "ask.battle.target"]], S_ERR, CON, exit=2)
add("err-attacker-missing", "errors", q([U("x1", "axis", "infantry", "g4")], battle(att="zz")), [["error.field", "eq", "ask.battle.attacker"]], S_ERR, CON, exit=2)
add("err-seven-dice", "errors", q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["infantry"] * 7),
    [["error.field", "eq", "dice"]], S_ERR, CON, exit=2, cli=True)
add("err-bad-face", "errors", q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["infantry", "skull", "flag"]),
    [["error.field", "eq", "dice.1"]], "Dice faces: infantry, armor, grenade, star, flag.", "shared/contracts/rules-query.md Query", exit=2)
add("err-malformed-json", "errors", None, [["error.field", "eq", ""]], S_ERR, CON, exit=2, raw='{"units": [', cli=True)
add("err-unknown-terrain", "errors", q([], los("G1", "g4"), [T("g4", "lava")]), [["error.field", "eq", "terrain.0.type"]], S_ERR, CON, exit=2)
add("err-figures-too-many", "errors", q([U("a1", "allies", "infantry", "g4", figures=5)], los("G1", "g4")), [["error.field", "eq", "units.0.figures"]], S_ERR, CON, exit=2)
add("err-duplicate-id", "errors", q([U("a1", "allies", "infantry", "g4"), U("a1", "axis", "infantry", "G5")], los("G1", "g4")), [["error.field", "eq", "units.1.id"]], S_ERR, CON, exit=2)
add("err-unknown-board", "errors", {**q([], los("G1", "g4")), "board": "huge"}, [["error.field", "eq", "board"]], S_ERR, CON, exit=2)
add("err-unknown-side", "errors", q([U("a1", "russia", "infantry", "g4")], los("G1", "g4")), [["error.field", "eq", "units.0.side"]], S_ERR, CON, exit=2)
add("err-no-ask", "errors", {"units": []}, [["error.field", "eq", "ask"]], S_ERR, CON, exit=2)
add("err-two-asks", "errors", {"units": [], "ask": {**los("G1", "g4"), **move("a1")}}, [["error.field", "eq", "ask"]], S_ERR, CON, exit=2)
add("err-airplane-without-air-rules", "errors", q([U("p1", "allies", "airplane", "g4", model="spitfire", airborne=True)], los("G1", "G5")),
    [["error.field", "eq", "units.0.type"]], "with rules.air = \"air-pack\": airplane", "shared/contracts/rules-query.md Query", exit=2)
add("err-query-not-object", "errors", None, [["error.field", "eq", ""]], S_ERR, CON, exit=2, raw="[1, 2, 3]")
add("err-breakthrough-row", "errors", {**q([], los("A17", "A19")), "board": "breakthrough"}, [["error.field", "eq", "ask.line_of_sight.to"]],
    "number = board height - row (breakthrough: 17 - row)", "shared/contracts/rules-query.md Hexes", exit=2)
add("ok-breakthrough-top-hex", "errors", {**q([], los("A17", "a16")), "board": "breakthrough"}, [["line_of_sight.clear", "eq", True], ["line_of_sight.distance", "eq", 1]],
    "number = board height - row (breakthrough: 17 - row)", "shared/contracts/rules-query.md Hexes")
add("ok-overlord-wide", "errors", {**q([], los("A1", "Z1")), "board": "overlord"}, [["line_of_sight.distance", "eq", 25]],
    "`overlord` (26x9)", "shared/contracts/rules-query.md Query")


# --------------------------------------------------------------------------- batch 2: night, expansions, more troops
NIGHT = "docs/rules-sources.md Nation rules and scenario options (night_visibility); Pacific Theater rules, Night Attacks"
S_NIGHT = "Night visibility: every battle limited to Position.visibility hexes (artillery too); the chart starts at 1 hex"
add("night-1-close-assault-only", "night",
    q([U("a1", "allies", "infantry", "G3"), U("x1", "axis", "infantry", "G5")], battle(), rules={"air": None, "visibility": 1}),
    [["battle.allowed", "eq", False]], S_NIGHT, NIGHT)
add("night-1-adjacent-ok", "night",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), rules={"air": None, "visibility": 1}),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_NIGHT, NIGHT)
add("night-artillery-limited", "night",
    q([U("a1", "allies", "artillery", "A1"), U("x1", "axis", "infantry", "D1")], battle(), rules={"air": None, "visibility": 2}),
    [["battle.allowed", "eq", False]], S_NIGHT, NIGHT)
add("night-artillery-within", "night",
    q([U("a1", "allies", "artillery", "A1"), U("x1", "axis", "infantry", "C1")], battle(), rules={"air": None, "visibility": 2}),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_NIGHT, NIGHT)
add("night-daylight-null", "night",
    q([U("a1", "allies", "artillery", "A1"), U("x1", "axis", "infantry", "G1")], battle(), rules={"air": None, "visibility": None}),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], "after 5 full daylight (no limit, no more rolls)", NIGHT)
add("err-visibility-zero", "errors", q([], los("A1", "B1"), rules={"air": None, "visibility": 0}), [["error.field", "eq", "rules.visibility"]],
    S_ERR, CON + "; docs/rules-referee.md rules.visibility", exit=2)

add("partial-blitz-axis", "nations",
    q([U("a1", "axis", "armor", "A1"), U("a2", "allies", "armor", "M1")], move(), rules={"air": None, "variants": {"partial_blitz": "axis"}}),
    [["move.destinations.*.hex", "contains", ["C1"]], ["move.destinations.*.hex", "excludes", ["D1"]]],
    "partial_blitz: armor of the side named (or all): move 2, battle after 2", SRC + " Nation rules (partial_blitz)")
add("partial-blitz-other-side-free", "nations",
    q([U("a1", "allies", "armor", "A1")], move(), rules={"air": None, "variants": {"partial_blitz": "axis"}}),
    [["move.destinations.*.hex", "contains", ["D1"]]], "partial_blitz: armor of the side named", SRC + " Nation rules (partial_blitz)")

EXP = SRC + " Terrain table (terrain cards)"
add("marsh-armor-entered-no-battle", "expansion terrain",
    q([U("a1", "allies", "armor", "g4", moved=1), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "marsh")]),
    [["battle.allowed", "eq", False]], "Marshes (card 28): stop on entering; armor may not battle the turn it enters", EXP)
add("marsh-infantry-entered-battles", "expansion terrain",
    q([U("a1", "allies", "infantry", "g4", moved=1), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "marsh")]),
    [["battle.allowed", "eq", True]], "Marshes (card 28): no battle after entering (armor only)", EXP)
add("marsh-artillery-impassable", "expansion terrain",
    q([U("a1", "allies", "artillery", "A1")], move(), [T("B1", "marsh"), T("a2", "marsh")]), dests(["A1"]),
    "Marshes (card 28): impassable for artillery", EXP)
add("marsh-stops", "expansion terrain",
    q([U("a1", "allies", "infantry", "A1")], move(), [T("a2", "marsh")]),
    [["move.destinations.*.hex", "contains", ["a2", "C1"]], ["move.destinations.*.hex", "excludes", ["A3", "B3"]]],
    "Marshes (card 28): stop on entering", EXP)
S_WADI = "Infantry or Armor battling in or out of Wadi or Gully must be adjacent to target (card 44)"
add("wadi-out-of-range-2", "expansion terrain",
    q([U("a1", "allies", "infantry", "G3"), U("x1", "axis", "infantry", "G5")], battle(), [T("G3", "wadi")]),
    [["battle.allowed", "eq", False]], S_WADI, EXP)
add("wadi-into-range-2", "expansion terrain",
    q([U("a1", "allies", "armor", "G3"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "wadi")]),
    [["battle.allowed", "eq", False]], S_WADI, EXP)
add("wadi-adjacent-ok", "expansion terrain",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "wadi")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_WADI, EXP)
add("wadi-artillery-any-range", "expansion terrain",
    q([U("a1", "allies", "artillery", "A1"), U("x1", "axis", "infantry", "D1")], battle(), [T("D1", "wadi")]),
    [["battle.allowed", "eq", True]], S_WADI + " (artillery is neither)", EXP)
S_LAKE = "Two or more contiguous adjacent Lake hexes block the line of sight (card 26)"
add("lake-two-touching-block", "expansion terrain", q([], los("E5", "H5"), [T("F5", "lake"), T("G5", "lake")]),
    [["line_of_sight.clear", "eq", False]], S_LAKE, EXP)
add("lake-single-clear", "expansion terrain", q([], los("E5", "H5"), [T("F5", "lake")]),
    [["line_of_sight.clear", "eq", True]], S_LAKE, EXP)
add("lake-impassable", "expansion terrain", q([U("a1", "allies", "infantry", "A1")], move(), [T("B1", "lake"), T("a2", "lake")]),
    dests(["A1"]), "Lake (card 26): impassable", EXP)
add("cemetery-ignore-flag", "expansion terrain",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "cemetery")], dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.flags_ignored", "eq", 1]],
    "Cemeteries (card 18): no movement or combat restrictions, ignore 1 flag, line of sight clear", EXP)
add("church-protection-and-flag", "expansion terrain",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "church")], dice=["flag"]),
    [["battle.dice", "eq", 1], ["result.flags_ignored", "eq", 1]], "Churches (card 19): as Towns, ignore 1 flag", EXP)
add("railway-stops-armor", "expansion terrain",
    q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "railway"), T("a2", "railway")]), dests(["A1", "a2", "B1"]),
    "Railroads (card 38): armor and artillery stop on entering", EXP)
add("railway-infantry-passes", "expansion terrain",
    q([U("a1", "allies", "infantry", "A1")], move(), [T("B1", "railway")]), [["move.destinations.*.hex", "contains", ["C1"]]],
    "Railroads (card 38): armor and artillery stop on entering (infantry not)", EXP)
S_ROAD = "Roads (card 42): a unit that starts its move on a road and moves along it may move 1 additional hex"
add("road-bonus", "expansion terrain",
    q([U("a1", "allies", "infantry", "A1")], move(), [T(h, "road") for h in ["A1", "B1", "C1", "D1"]]),
    [["move.destinations.*.hex", "contains", ["D1"]]], S_ROAD, EXP)
add("road-not-started-on", "expansion terrain",
    q([U("a1", "allies", "infantry", "A1")], move(), [T(h, "road") for h in ["B1", "C1", "D1"]]),
    [["move.destinations.*.hex", "excludes", ["D1"]]], S_ROAD, EXP)
S_MTN = "Mountains (card 30): infantry only, up from and down to a hill; protection 2/2 unless the attacker is on a mountain too"
add("mountain-armor-impassable", "expansion terrain",
    q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "mountain"), T("a2", "mountain")]), dests(["A1"]), S_MTN, EXP)
add("mountain-infantry-not-from-countryside", "expansion terrain",
    q([U("a1", "allies", "infantry", "A1")], move(), [T("B1", "mountain")]), [["move.destinations.*.hex", "excludes", ["B1"]]], S_MTN, EXP)
add("mountain-infantry-from-hill", "expansion terrain",
    q([U("a1", "allies", "infantry", "A1")], move(), [T("A1", "hill"), T("B1", "mountain")]), [["move.destinations.*.hex", "contains", ["B1"]]], S_MTN, EXP)
add("mountain-protection-2", "expansion terrain",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "mountain")]),
    [["battle.dice", "eq", 1]], S_MTN, EXP)
add("mountain-no-take-ground-from-countryside", "expansion terrain",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5", figures=1)], battle(), [T("G5", "mountain")], dice=["grenade"]),
    [["result.eliminated", "eq", True], ["result.take_ground", "eq", False]],
    S_MTN + "; Terrain movement and battle restrictions still apply when units take ground.", EXP + "; " + BASE + " Taking Ground")
add("ravine-armor-impassable", "expansion terrain",
    q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "ravine"), T("a2", "ravine")]), dests(["A1"]),
    "Ravine: impassable to armor and artillery, no restriction for infantry", SRC + " Terrain (ravine, Eastern Front rules p.3)")
add("ravine-infantry-ignores-flag", "expansion terrain",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "ravine")], dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 1]], "Ravine: infantry on it may ignore the first flag", SRC + " Terrain (ravine, Eastern Front rules p.3)")
S_FR = "Whenever a unit moves or retreats onto a Frozen River hex, roll two battle dice. For each Star rolled, 1 figure is lost"
add("frozen-river-roll", "expansion terrain",
    q([U("a1", "allies", "infantry", "G5")], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("G5", "frozen_river")]),
    [["terrain_entry.rolls.0.dice", "eq", 2]], S_FR, SRC + " card 47 Frozen Rivers (Eastern Front rules p.3)")
add("frozen-river-star-loses", "expansion terrain",
    q([U("a1", "allies", "infantry", "G5")], {"terrain_entry": {"unit": "a1", "how": "retreat"}}, [T("G5", "frozen_river")], dice=["star", "grenade"]),
    [["result.figures_removed", "eq", 1], ["result.hits", "eq", 1]], S_FR, SRC + " card 47 Frozen Rivers")
add("frozen-river-bridge-no-roll", "expansion terrain",
    q([U("a1", "allies", "infantry", "G5")], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("G5", "frozen_river"), T("G5", "bridge")]),
    [["terrain_entry.rolls", "eq", []]], S_FR + " (not on a bridge)", SRC + " card 47 Frozen Rivers")
add("dam-blocks-los", "expansion terrain", q([], los("G1", "G5"), [T("G3", "dam")]), [["line_of_sight.clear", "eq", False]], "Dams (card 20): block line of sight", EXP)
add("dam-armor-impassable", "expansion terrain", q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "dam"), T("a2", "dam")]), dests(["A1"]), "Dams (card 20): impassable for armor and artillery", EXP)
S_RUIN = "City Ruins (card 45): stop on entering, no battle after entering, impassable for armor and artillery, ignore 1 flag, protection 1/2, blocks line of sight"
add("ruins-armor-impassable", "expansion terrain", q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "ruins"), T("a2", "ruins")]), dests(["A1"]), S_RUIN, EXP)
add("ruins-protection-flag", "expansion terrain",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "ruins")], dice=["flag"]),
    [["battle.dice", "eq", 1], ["result.flags_ignored", "eq", 1]], S_RUIN, EXP)
S_TR = "Trenches (card 51): stop on entering, impassable for artillery, armor may not battle, infantry ignore 1 flag, protection 1/1"
add("trenches-armor-vs", "expansion terrain",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "trenches")], dice=["flag", "star"]),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 1]], S_TR, EXP)
add("trenches-armor-in-no-flag-ignored", "expansion terrain",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "armor", "G5")], battle(), [T("G5", "trenches")], dice=["flag", "star"]),
    [["result.flags_ignored", "eq", 0]], S_TR, EXP)
add("trenches-artillery-impassable", "expansion terrain",
    q([U("a1", "allies", "artillery", "A1")], move(), [T("B1", "trenches"), T("a2", "trenches")]), dests(["A1"]), S_TR, EXP)
S_RB = "Road Blocks (card 40): infantry moving in must stop, impassable for armor and artillery, ignore 1 flag, line of sight clear"
add("roadblock-los-clear", "expansion terrain", q([], los("G1", "G5"), [T("G3", "roadblock")]), [["line_of_sight.clear", "eq", True]], S_RB, EXP)
add("roadblock-armor-impassable", "expansion terrain", q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "roadblock"), T("a2", "roadblock")]), dests(["A1"]), S_RB, EXP)
S_OAS = "Oasis (card 31): stop on entering, may battle, ignore 1 flag, protection 1/1, blocks line of sight"
add("oasis-battle-after-entering", "expansion terrain",
    q([U("a1", "allies", "infantry", "g4", moved=1), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "oasis")]),
    [["battle.allowed", "eq", True]], S_OAS, EXP)
add("oasis-protection-armor-1", "expansion terrain",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "oasis")]),
    [["battle.dice", "eq", 2]], S_OAS, EXP)
add("escarpment-blocks", "expansion terrain", q([], los("G1", "G5"), [T("G3", "escarpment")]), [["line_of_sight.clear", "eq", False]],
    "Escarpment (card 63): impassable to all units, blocks line of sight", EXP)
add("escarpment-impassable-infantry", "expansion terrain", q([U("a1", "allies", "infantry", "A1")], move(), [T("B1", "escarpment"), T("a2", "escarpment")]), dests(["A1"]),
    "Escarpment (card 63): impassable to all units", EXP)
add("ford-crosses-and-stops", "expansion terrain",
    q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "river"), T("B1", "ford"), T("a2", "river")]), dests(["A1", "B1"]),
    "Fords (card 41): a unit may enter a ford hex but must stop", EXP)
add("pontoon-bridge-crosses", "expansion terrain",
    q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "river"), T("B1", "pontoon_bridge"), T("a2", "river")]),
    [["move.destinations.*.hex", "contains", ["B1", "C1", "D1"]]], "Pontoon Bridges (card 33): as a bridge", EXP)
add("railroad-bridge-stops-armor", "expansion terrain",
    q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "river"), T("B1", "railroad_bridge"), T("a2", "river")]), dests(["A1", "B1"]),
    "Railroad Bridges (card 37): armor and artillery stop on entering", EXP)
add("fordable-stream-battle-out", "expansion terrain",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "fordable_stream")]),
    [["battle.dice", "eq", 2]], "Fordable rivers (card 41b): battling out of it -1", EXP)
S_SH = "Steep Hills (card 13): as Hills; moving up from below costs 2 hexes"
add("steep-hill-costs-two", "expansion terrain",
    q([U("a1", "allies", "infantry", "A1")], move(), [T("B1", "steep_hill")]),
    [["move.destinations.*.hex", "contains", ["B1"]], ["move.destinations.[hex=B1].can_battle", "eq", False], ["move.destinations.*.hex", "excludes", ["C1"]]], S_SH, EXP)
S_SW = "Sea Wall (card 12): protection 1/1 for the side it belongs to, ignore 1 flag"
add("sea-wall-owner", "expansion terrain",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "sea_wall", owner="axis")]),
    [["battle.dice", "eq", 2]], S_SW, EXP)
add("sea-wall-not-owner", "expansion terrain",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "sea_wall", owner="allies")]),
    [["battle.dice", "eq", 3]], S_SW, EXP)
S_CAVE = "Cave on a hill (card 52): Japanese infantry in it: -2 dice for non-artillery attackers and ignores every flag"
add("cave-japanese", "expansion terrain",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5", nation="jp")], battle(), [T("G5", "cave")], dice=["flag"]),
    [["battle.dice", "eq", 1], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_CAVE, EXP)
add("cave-japanese-all-flags", "expansion terrain",
    q([U("a1", "allies", "artillery", "g4"), U("x1", "axis", "infantry", "G5", nation="jp")], battle(), [T("G5", "cave")], dice=["flag", "flag", "flag"]),
    [["result.flags_ignored", "eq", 3], ["result.retreat", "eq", []]], S_CAVE, EXP)
add("hospital-blocks-los", "expansion terrain", q([], los("G1", "G5"), [T("G3", "hospital")]), [["line_of_sight.clear", "eq", False]], "Hospitals (card 55): blocks line of sight", EXP)
add("pier-not-from-ocean", "expansion terrain",
    q([U("a1", "allies", "infantry", "G1")], move(), [T("G1", "ocean"), T("F1", "ocean"), T("H1", "ocean"), T("f2", "ocean"), T("g2", "pier")]),
    dests(["G1", "F1", "H1", "f2"]),
    "Piers (card 59): entered only from land or beach, not from an ocean hex", EXP)
add("impassable-hill", "expansion terrain",
    q([U("a1", "allies", "infantry", "A1")], move(), [T("B1", "impassable_hill"), T("a2", "impassable_hill")]), dests(["A1"]),
    "editor behaviour IMPASSABLE_HILL: a Hill no unit may enter", EXP)
add("radar-station-battle-after-entering", "expansion terrain",
    q([U("a1", "allies", "infantry", "g4", moved=1), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "radar_station")]),
    [["battle.allowed", "eq", True]], "Radar stations (card 36): stop on entering, may battle", EXP)
add("hill-vs-hill-over-hill-blocks", "line of sight", q([], los("C5", "F5"), [T("C5", "hill"), T("E5", "hill")]),
    [["line_of_sight.clear", "eq", False]], S_HL, P14)
add("hill-to-hill-over-low-clear", "line of sight", q([], los("C5", "E5"), [T("C5", "hill"), T("E5", "hill")]),
    [["line_of_sight.clear", "eq", True]], S_HL + " (nothing between two hills blocks)", P14)

# more troops
add("mobile-artillery-moves-2", "special troops", q([U("a1", "allies", "mobile_artillery", "A1")], move()),
    [["move.destinations.*.hex", "contains", ["C1"]], ["move.destinations.[hex=B1].can_battle", "eq", True], ["move.destinations.[hex=C1].can_battle", "eq", False]],
    "Mobile Artillery (troop card 14): move 1-2; may battle after moving 1", SRC + " Units")
add("big-gun-range-9-out", "special troops",
    q([U("a1", "allies", "big_gun", "A1"), U("x1", "axis", "infantry", "J1")], battle()), [["battle.allowed", "eq", False]], S_BG, SRC + " troop card 3")
add("ski-troops-3-figures", "special troops",
    q([U("a1", "axis", "infantry", "G5"), U("x1", "allies", "ski_troops", "g4")], battle(), dice=["infantry", "infantry", "infantry"]),
    [["result.eliminated", "eq", True]], S_SKI, SRC + " troop card 9")
add("tiger-one-figure", "special troops",
    q([U("a1", "allies", "tiger", "g4", figures=2), U("x1", "axis", "infantry", "G5")], los("A1", "B1")),
    [["error.field", "eq", "units.0.figures"]], S_TIG, SRC + " troop card 16", exit=2)
add("supply-truck-never-battles", "special troops",
    q([U("a1", "allies", "supply_truck", "g4"), U("x1", "axis", "infantry", "G5")], battle()), [["battle.allowed", "eq", False]],
    "Supply Trucks: Cannot battle", SRC + " troop card 17")
add("supply-truck-targeted-as-infantry", "special troops",
    q([U("a1", "axis", "infantry", "G5"), U("x1", "allies", "supply_truck", "g4")], battle(), dice=["infantry", "armor", "grenade"]),
    [["result.hits", "eq", 2]], "A Supply Truck unit is treated as Infantry when being targeted in battle. The attacker scores 1 hit for each Infantry dice symbol or Grenade", SRC + " troop card 17")
add("camouflage-ranged-refused", "special troops",
    q([U("a1", "allies", "infantry", "G3"), U("x1", "axis", "infantry", "G5", badges=["camouflaged"])], battle()), [["battle.allowed", "eq", False]],
    "A camouflaged unit may only be targeted in a Close Assault", SRC + " Nation rules (camouflage)")
add("camouflage-close-assault-ok", "special troops",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5", badges=["camouflaged"])], battle()), [["battle.allowed", "eq", True]],
    "A camouflaged unit may only be targeted in a Close Assault", SRC + " Nation rules (camouflage)")
add("destroyer-ocean-only", "special troops",
    q([U("a1", "allies", "destroyer", "G1")], move(), [T("G1", "ocean"), T("F1", "ocean")]), dests(["G1", "F1"]),
    "Destroyers (troop card 12): move 1-2 on ocean", SRC + " troop card 12")
add("destroyer-ignores-flag", "special troops",
    q([U("a1", "axis", "artillery", "G3"), U("x1", "allies", "destroyer", "G1")], battle(), [T("G1", "ocean")], dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 1]], "Destroyers (troop card 12): ignore 1 flag", SRC + " troop card 12")
add("anti-tank-late-moved-battles", "special troops",
    q([U("a1", "allies", "anti_tank_late", "g4", moved=1), U("x1", "axis", "armor", "G5")], battle(), dice=["star", "armor", "infantry"]),
    [["battle.allowed", "eq", True], ["result.hits", "eq", 1]], "Anti-Tank Gun >1942 (troop card 5c): may move 1 and battle; when it has not moved, stars hit armor", SRC + " troop card 5c")
add("anti-tank-late-still-star", "special troops",
    q([U("a1", "allies", "anti_tank_late", "g4"), U("x1", "axis", "armor", "G5")], battle(), dice=["star", "armor", "infantry"]),
    [["result.hits", "eq", 2]], "Anti-Tank Gun >1942 (troop card 5c): when it has not moved, stars hit armor", SRC + " troop card 5c")
add("mortar-late-range-4", "special troops",
    q([U("a1", "allies", "mortar_late", "A5"), U("x1", "axis", "infantry", "E5")], battle(), [T("C5", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], "Mortar >1942 (troop card 6c): when it has not moved, 3/2/1/1 without line of sight or terrain reductions", SRC + " troop card 6c")
add("machine-gun-late-moved-no-star", "special troops",
    q([U("a1", "allies", "machine_gun_late", "g4", moved=1), U("x1", "axis", "infantry", "G5")], battle(), dice=["star", "star", "infantry"]),
    [["battle.allowed", "eq", True], ["result.hits", "eq", 1]], "Machine Gun >1942 (troop card 7c): as infantry; when it has not moved, stars hit infantry", SRC + " troop card 7c")

# more hits, retreats, take ground
add("hits-two-grenades-artillery", "hits",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "artillery", "G5")], battle(), dice=["grenade", "grenade", "armor"]),
    [["result.eliminated", "eq", True], ["result.medals.allies", "eq", 1]], S_HIT, BASE + " Resolve Battle")
add("retreat-armor-not-onto-bunker", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "armor", "G5")], battle(), [T("f6", "bunker"), T("g6", "bunker")], dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "eq", ["G5"]], ["result.retreat.0.figures_lost", "eq", 1]],
    "impassable terrain may not be moved through during a retreat move (An Armor or Artillery unit may not move onto a Bunker hex.)", BASE + "; " + OBST)
add("retreat-allies-bottom-axis-up", "retreat",
    q([U("a1", "axis", "infantry", "f4"), U("x1", "allies", "infantry", "G5")], battle(), dice=["flag", "star", "star"], bottom="axis"),
    [["result.retreat.*.hex", "set", ["f6", "g6"]]], "unit must always retreat toward its controlling player's side of the board.", BASE + " Retreat")
add("retreat-breakthrough-top-edge", "retreat",
    {**q([U("a1", "allies", "infantry", "a16"), U("x1", "axis", "infantry", "A17")], battle(), dice=["flag", "star", "star"]), "board": "breakthrough"},
    [["result.retreat.*.hex", "eq", ["A17"]], ["result.retreat.0.figures_lost", "eq", 1]], S_RB, BASE + " Retreat")
add("retreat-three-flags-three-rows", "retreat",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["flag", "flag", "flag"]),
    [["result.retreat.*.hex", "set", ["e8", "f8", "g8", "h8"]], ["result.retreat.*.figures_lost", "set", [0, 0, 0, 0]]], S_RT, BASE + " Retreat")
add("tg-infantry-into-hedgerow", "take ground",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "hedgerow")], dice=["flag", "star"]),
    [["result.take_ground", "eq", True]], S_TG + " (To move onto a Hedgerow hex, a unit must be adjacent to the Hedgerow.)", BASE + " Taking Ground; " + P14)
add("overrun-armor-into-hedgerow-none", "take ground",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "hedgerow")], dice=["flag"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]], S_TG + " (A unit may not battle the turn it moves onto a Hedgerow hex.)", BASE + " Taking Ground; " + P14)
add("overrun-armor-into-wire-none", "take ground",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "barbed_wire")], dice=["flag", "star", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]],
    "Wire (card 15): armor entering removes it and may not overrun", SRC + " base rules p.16 Obstacles (sandbags, wire)")
add("tg-armor-not-into-ruins", "take ground",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5", figures=1)], battle(), [T("G5", "ruins")], dice=["grenade"]),
    [["result.take_ground", "eq", False]], S_RUIN + "; " + S_TG, EXP)
add("overrun-marsh-none", "take ground",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "marsh")], dice=["flag", "star", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]], "Marshes (card 28): no armor overrun after taking ground into it", EXP)
add("move-beach-already-moved", "movement",
    q([U("a1", "allies", "armor", "G1", moved=1)], move(), [T(h, "beach") for h in ["G1", "F1", "H1", "f2", "g2", "E1", "I1", "G3"]]),
    [["move.destinations.*.hex", "contains", ["F1", "g2"]], ["move.destinations.*.hex", "excludes", ["E1", "G3"]]],
    S_BE + " (it moved onto this beach this turn: 2 hexes in all)", P15)
add("move-ocean-already-moved-to-beach", "movement",
    q([U("a1", "allies", "infantry", "G1", moved=1)], move(), [T("G1", "ocean"), T("f2", "beach"), T("g2", "beach")]),
    dests(["G1"]), S_OC + " (it moved onto this ocean hex this turn)", P15)
add("move-from-ocean-not-moved", "movement",
    q([U("a1", "allies", "armor", "G1")], move(), [T("G1", "ocean"), T("f2", "beach"), T("g2", "beach")]),
    [["move.destinations.*.hex", "contains", ["f2", "g2", "G3"]]],
    "On the next turn, it drops its flotation device, and moves 2 hexes onto the sand", P15 + " worked example")

# more errors
add("err-unknown-rules-field", "errors", q([], los("A1", "B1"), rules={"air": None, "weather": "rain"}), [["error.field", "eq", "rules.weather"]], S_ERR, CON, exit=2)
add("err-unknown-ask", "errors", q([], {"fight": {}}), [["error.field", "eq", "ask.fight"]], S_ERR, CON, exit=2)
add("err-missing-ask-field", "errors", q([], {"line_of_sight": {"from": "A1"}}), [["error.field", "eq", "ask.line_of_sight.to"]], S_ERR, CON, exit=2)
add("err-moved-negative", "errors", q([U("a1", "allies", "infantry", "A1", moved=-1)], los("A1", "B1")), [["error.field", "eq", "units.0.moved"]], S_ERR, CON, exit=2)
add("err-terrain-off-board", "errors", q([], los("A1", "B1"), [T("Z9", "forest")]), [["error.field", "eq", "terrain.0.hex"]], S_ERR, CON, exit=2)
add("err-bad-owner", "errors", q([], los("A1", "B1"), [T("B1", "bunker", owner="russia")]), [["error.field", "eq", "terrain.0.owner"]], S_ERR, CON, exit=2)
add("err-unknown-variant", "errors", q([], los("A1", "B1"), rules={"air": None, "variants": ["moon_rules"]}), [["error.field", "startswith", "rules.variants"]], S_ERR, CON, exit=2)
add("err-dice-not-list", "errors", q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice="flag"), [["error.field", "eq", "dice"]], S_ERR, CON, exit=2)
add("err-half-hex-lower", "errors", q([], los("g5", "G3")), [["error.field", "eq", "ask.line_of_sight.from"]], "`col + row` is always even", "shared/contracts/rules-query.md Hexes", exit=2)
add("err-figures-zero", "errors", q([U("a1", "allies", "infantry", "A1", figures=0)], los("A1", "B1")), [["error.field", "eq", "units.0.figures"]], S_ERR, CON, exit=2)
add("err-figures-string", "errors", q([U("a1", "allies", "infantry", "A1", figures="4")], los("A1", "B1")), [["error.field", "eq", "units.0.figures"]], S_ERR, CON, exit=2)
add("err-units-not-list", "errors", {"units": {"a1": {}}, "ask": los("A1", "B1")}, [["error.field", "eq", "units"]], S_ERR, CON, exit=2)
add("err-empty-input", "errors", None, [["error.field", "eq", ""]], S_ERR, CON, exit=2, raw="", cli=True)
add("err-move-unknown-unit", "errors", q([], move("ghost")), [["error.field", "eq", "ask.move.unit"]], S_ERR, CON, exit=2)
add("err-ground-to-air-without-rules", "errors", q([U("a1", "allies", "infantry", "g4")], {"ground_to_air": {"attacker": "a1", "target": "a1"}}),
    [["error.field", "eq", "rules.air"]], "Each needs the matching rules.air; otherwise the error field is rules.air", "docs/air-rules.md Referee asks", exit=2)
add("err-kamikaze-wrong-dice", "errors",
    q([U("p1", "axis", "airplane", "G5", model="zero", airborne=True), U("x1", "allies", "infantry", "g4")], {"kamikaze": {"plane": "p1", "target": "x1"}}, rules=AP, dice=["grenade"]),
    [["error.field", "eq", "dice"]], "Kamikaze: rolling 2 dice", AIR + " Kamikaze Attack", exit=2)
add("airpack-kamikaze-2-dice", "air",
    q([U("p1", "axis", "airplane", "G5", model="zero", airborne=True), U("x1", "allies", "infantry", "g4")], {"kamikaze": {"plane": "p1", "target": "x1"}}, [T("g4", "forest")], rules=AP),
    [["kamikaze.allowed", "eq", True], ["kamikaze.dice", "eq", 2]],
    "Airplane dives on an adjacent enemy ground or ship unit, rolling 2 dice and ignoring terrain protection.", AIR + " Kamikaze Attack")
add("airpack-kamikaze-not-spitfire", "air",
    q([U("p1", "allies", "airplane", "G5", model="spitfire", airborne=True), U("x1", "axis", "infantry", "g4")], {"kamikaze": {"plane": "p1", "target": "x1"}}, rules=AP),
    [["kamikaze.allowed", "eq", False]], "Kamikaze Attack (Zero)", AIR + " Air Battle Special Actions")


# --------------------------------------------------------------------------- batch 3: subtler edges of the base rules
add("retreat-second-step-blocked", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5"), U("x2", "axis", "infantry", "g6"),
       U("x3", "axis", "infantry", "F7"), U("x4", "axis", "infantry", "G7")], battle(), dice=["flag", "flag", "star"]),
    [["result.retreat.*.hex", "eq", ["f6"]], ["result.retreat.0.figures_lost", "eq", 1]],
    S_RB + " (one figure for each retreat move that cannot be completed)", BASE + " Retreat")
add("retreat-blocked-elimination-take-ground", "take ground",
    q([U("a1", "allies", "infantry", "g8"), U("x1", "axis", "infantry", "G9", figures=1)], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.0.eliminated", "eq", True], ["result.take_ground", "eq", True]],
    "When an ordered Infantry unit in Close Assault combat eliminates the enemy unit or forces it to retreat, it may Take Ground", BASE + " Taking Ground")
add("retreat-french-resistance-two-flags", "retreat",
    q([U("a1", "axis", "infantry", "f8"), U("x1", "allies", "french_resistance", "G9")], battle(), dice=["flag", "flag", "star"]),
    [["result.retreat.*.hex", "contains", ["G7", "g6", "G5", "G3"]], ["result.retreat.*.hex", "excludes", ["G9", "g8", "f8", "G1"]]],
    "retreating up to 3 hexes instead of the standard 1 on any retreat flag rolled (two flags: 2 to 6 hexes)", P12)
add("retreat-artillery-one-per-flag", "retreat",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "artillery", "G5")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "set", ["f6", "g6"]]], S_RT, BASE + " Retreat")
add("close-assault-either-adjacent", "battle legality",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5"), U("x2", "axis", "infantry", "H5")], battle(tgt="x2")),
    [["battle.allowed", "eq", True], ["battle.close_assault", "eq", True], ["battle.dice", "eq", 3]],
    "A unit adjacent to an enemy unit must Close Assault this unit if it chooses to battle (either adjacent enemy)", BASE + " Battle")
add("artillery-adjacent-must-close-assault", "battle legality",
    q([U("a1", "allies", "artillery", "g4"), U("x1", "axis", "infantry", "G5"), U("x2", "axis", "infantry", "G9")], battle(tgt="x2")),
    [["battle.allowed", "eq", False]],
    "A unit adjacent to an enemy unit must Close Assault this unit if it chooses to battle. It may not fire on another, more distant, enemy unit instead.", BASE + " Battle")
add("hits-ranged-elimination-medal", "hits",
    q([U("a1", "allies", "artillery", "A1"), U("x1", "axis", "infantry", "D1", figures=2)], battle(), dice=["infantry", "grenade"]),
    [["result.eliminated", "eq", True], ["result.medals.allies", "eq", 1], ["result.take_ground", "eq", False]],
    "a Victory Medal is gained for each enemy unit entirely eliminated", BASE + " Object of the Game")
add("armored-car-take-ground-overrun", "special troops",
    q([U("a1", "allies", "armored_car", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["flag", "star", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]],
    "On a successful Close Assault, may Take Ground and Armor Overrun", DB + " Armored Car")
add("special-forces-take-ground", "special troops",
    q([U("a1", "allies", "special_forces", "g4", moved=2), U("x1", "axis", "infantry", "G5")], battle(), dice=["flag", "star", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]],
    "Special Forces and Elite units behave in the same way as the corresponding (Infantry or Armor) standard unit in all respects except as described", P12)
add("elite-armor-overrun", "special troops",
    q([U("a1", "allies", "elite_armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), dice=["flag", "star", "star"]),
    [["result.armor_overrun", "eq", True]],
    "Special Forces and Elite units behave in the same way as the corresponding (Infantry or Armor) standard unit", P12)
add("los-adjacent-always", "line of sight",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "forest"), T("g4", "forest")]),
    [["battle.allowed", "eq", True], ["battle.line_of_sight", "eq", True], ["battle.dice", "eq", 2]],
    "The terrain in the target hex does not block line of sight.", BASE + " Line of Sight")
add("los-diagonal-crossing-blocked", "line of sight", q([], los("G5", "I7"), [T("g6", "forest")]),
    [["line_of_sight.clear", "eq", False], ["line_of_sight.distance", "eq", 3]], S_LOS, BASE + " Line of Sight")
add("los-diagonal-crossing-other-hex", "line of sight", q([], los("G5", "I7"), [T("h6", "forest")]),
    [["line_of_sight.clear", "eq", False]], S_LOS + " (the line crosses g6 and h6)", BASE + " Line of Sight")
add("los-diagonal-clear-beside", "line of sight", q([], los("G5", "I7"), [T("f6", "forest"), T("H5", "forest")]),
    [["line_of_sight.clear", "eq", True]], S_LOS, BASE + " Line of Sight")
add("los-symmetric", "line of sight", q([], los("I7", "G5"), [T("h6", "forest")]),
    [["line_of_sight.clear", "eq", False]], S_LOS, BASE + " Line of Sight")
add("orders-attack-left-three", "orders",
    q([U("a1", "allies", "infantry", "A1"), U("a2", "allies", "infantry", "B1"), U("a3", "allies", "infantry", "b2"), U("a4", "allies", "infantry", "C3")],
      {"orders": {"card": "attack_left", "side": "allies", "units": ["a1", "a2", "a3", "a4"]}}),
    [["orders.valid", "len", 3]],
    "You may not give more than one order to each unit (Attack Left orders 3 units)", BASE + " Order Units; docs/rules-cards.md")
add("orders-dotted-line-either-section", "orders",
    q([U("a1", "allies", "infantry", "d2")], {"orders": {"card": "probe_center", "side": "allies", "units": ["a1"]}}),
    [["orders.valid", "eq", ["a1"]]],
    "Where a dotted line cuts through a hex, the hex is considered to be a part of both the flank and center section.", BASE + " Game Board")
add("orders-dotted-line-left", "orders",
    q([U("a1", "allies", "infantry", "d2")], {"orders": {"card": "probe_left", "side": "allies", "units": ["a1"]}}),
    [["orders.valid", "eq", ["a1"]]],
    "Units on a hex with a red dotted line running through it may be ordered from either section.", BASE + " Order Units")
add("orders-wrong-section", "orders",
    q([U("a1", "allies", "infantry", "M1")], {"orders": {"card": "probe_left", "side": "allies", "units": ["a1"]}}),
    [["orders.valid", "eq", []]], "Section cards ... indicate in which section(s) of the battlefield you may order units", BASE + " Command Cards")
add("orders-top-player-mirrored", "orders",
    q([U("x1", "axis", "infantry", "M9")], {"orders": {"card": "probe_left", "side": "axis", "units": ["x1"]}}),
    [["orders.valid", "eq", ["x1"]]],
    "giving each player a left flank, a center and a right flank section (the player at the top sees them mirrored)", BASE + " Game Board")
add("airpack-ground-plane-pins", "air",
    q([U("a1", "allies", "infantry", "G3"), U("p1", "axis", "airplane", "f4", model="me109", airborne=False), U("x1", "axis", "infantry", "F7")],
      battle(), [T("f4", "airfield")], rules=AP),
    [["battle.allowed", "eq", False]],
    "Airplanes on the ground ... prevent adjacent enemy units from firing at more distant targets, like any other ground unit in the game.", AIR + " Air Check Roll")
add("air-check-carrier-lost-no-medal", "air",
    q([U("p1", "allies", "airplane", "G1", model="corsair", airborne=True)], {"air_check": {"plane": "p1"}}, [T("G1", "ocean"), T("G1", "aircraft_carrier")], rules=AP, dice=["grenade"]),
    [["air_check.result.lost", "eq", True], ["air_check.result.medal_to", "eq", None]],
    "Opponent gains a Medal only if one of his units (including Opponent's Airplane, if any) was adjacent to the Airplane at the time of the Air check.", AIR + " Air Check Roll")
add("nfp-no-terrain-protection-air", "air",
    q([U("a1", "allies", "infantry", "g4"), U("p1", "axis", "fighter", "G5", airborne=True)], {"ground_to_air": {"attacker": "a1", "target": "p1"}}, [T("G5", "forest")], rules=FP),
    [["ground_to_air.dice", "eq", 3]], "Remember that an air unit is never protected by terrain.", NFP + " Dogfight")
add("nfp-adjacent-air-pins", "air",
    q([U("a1", "allies", "infantry", "g4"), U("p1", "axis", "fighter", "G5", airborne=True), U("x1", "axis", "infantry", "g8")], battle(), rules=FP),
    [["battle.allowed", "eq", False]], "You may not choose to attack a distant unit if you are adjacent to an air unit", NFP + " Dogfight")
add("nfp-dogfight-possible-hits", "air",
    q([U("p1", "allies", "fighter", "g4", airborne=True), U("p2", "axis", "bomber", "G5", airborne=True)], {"dogfight": {"plane": "p1", "target": "p2"}}, rules=FP,
      dice=["grenade", "flag", "star"]),
    [["dogfight.possible_hits", "eq", 1]], "Each grenade rolled scores a possible hit ... All other results are ignored.", NFP + " Dogfight")
add("nfp-ground-to-air-possible-hits", "air",
    q([U("a1", "allies", "infantry", "g4"), U("p1", "axis", "fighter", "G5", airborne=True)], {"ground_to_air": {"attacker": "a1", "target": "p1"}}, rules=FP,
      dice=["infantry", "grenade", "armor"]),
    [["ground_to_air.possible_hits", "eq", 1]], "Each grenade rolled scores a possible hit (see Downing an enemy air unit above). All other results are ignored.", NFP + " Dogfight")
add("nfp-bomb-armor-symbol", "air",
    q([U("p1", "allies", "bomber", "E5", airborne=True), U("x1", "axis", "armor", "F5")],
      {"attack_run": {"plane": "p1", "markers": [{"hex": "F5", "ammo": "bomb"}]}}, [T("F5", "town")], rules=FP, dice=[["armor"]]),
    [["attack_run.results.0.hits", "eq", 1]], S_MGN, NFP + " Ammo Types")
add("nfp-markers-contiguous", "air",
    q([U("p1", "allies", "fighter", "C5", airborne=True), U("x1", "axis", "infantry", "D5"), U("x2", "axis", "infantry", "F5")],
      {"attack_run": {"plane": "p1", "markers": [{"hex": "D5", "ammo": "machine_gun"}, {"hex": "F5", "ammo": "machine_gun"}]}}, rules=FP),
    [["attack_run.allowed", "eq", False]],
    "The hexes where the markers are placed must be adjacent and contiguous hexes. You cannot skip a hex along your path.", NFP + " Air Unit Attack Run")
add("nfp-confirm-nothing", "air",
    q([U("p2", "axis", "bomber", "G5", airborne=True), U("p1", "allies", "fighter", "g4", airborne=True)], {"confirm": {"target": "p2"}}, rules=FP, dice=["infantry", "star"]),
    [["confirm.shot_down", "eq", False], ["confirm.retires", "eq", False]], S_CONF, NFP + " Downing an Enemy Air Unit")
add("nfp-air-unit-no-take-ground", "air",
    q([U("p1", "allies", "fighter_bomber", "E5", airborne=True), U("x1", "axis", "infantry", "F5", figures=1)],
      {"attack_run": {"plane": "p1", "markers": [{"hex": "F5", "ammo": "bomb"}]}}, rules=FP, dice=[["grenade"]]),
    [["attack_run.results.0.eliminated", "eq", True]], "Regardless of the Attack Run result, an air unit may never Take Ground.", NFP + " Air Unit Movement")


# --------------------------------------------------------------------------- batch 4: command cards in a battle (ambush, close assault)
CARDS = "docs/rules-cards.md (card texts: bga-memoir modules/php/Cards/Standard, Beginner's Reference)"
ARM_G4 = [U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")]
ARM_G3 = [U("a1", "allies", "armor", "G3"), U("x1", "axis", "infantry", "G5")]
add("card-close-assault-plus-one", "cards", q(ARM_G4, battle(card="close_assault")), [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]],
    "Close Assault: issue an order to all units adjacent to the enemy; units battle with 1 additional die", CARDS)
add("card-close-assault-not-ranged", "cards", q(ARM_G3, battle(card="close_assault")), [["battle.allowed", "eq", False]],
    "Close Assault: ... only units adjacent to the enemy (it orders close assaults)", CARDS)
add("card-firefight-ranged-plus-one", "cards", q(ARM_G3, battle(card="firefight")), [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]],
    "Firefight: units may not move but battle at +1 die; a unit adjacent to an enemy may not battle", CARDS)
add("card-firefight-not-adjacent", "cards", q(ARM_G4, battle(card="firefight")), [["battle.allowed", "eq", False]],
    "Firefight: ... units may not battle an adjacent enemy (no close assault)", CARDS)
add("card-armor-assault-close", "cards", q(ARM_G4, battle(card="armor_assault")), [["battle.dice", "eq", 4]],
    "Armor Assault: armor units in close assault combat battle with 1 additional die", CARDS)
add("card-armor-assault-ranged-no-bonus", "cards", q(ARM_G3, battle(card="armor_assault")), [["battle.dice", "eq", 3]],
    "Armor Assault: armor units in close assault combat battle with 1 additional die (not when firing)", CARDS)
add("card-ambush-defender-battles", "cards",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(att="x1", tgt="a1", card="ambush"), [T("G5", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]],
    "Ambush: when an enemy unit announces a close assault on one of your units, your unit battles first (its own close assault dice)", CARDS)
add("card-ambush-retreat-stops-assault", "cards",
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")], battle(att="x1", tgt="a1", card="ambush"), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "set", ["G3", "H3"]]],
    "Ambush: the attacker's unit retreats toward its own side (the close assault is then cancelled)", CARDS + "; " + BASE + " Retreat")
add("card-unknown-card", "errors", q(ARM_G4, battle(card="nuke")), [["error.field", "startswith", "ask.battle.card"]], S_ERR, CON, exit=2)


# --------------------------------------------------------------------------- batch 5: commissar, desert (asks added by this audit)
COM = "docs/rules-sources.md Nation rules (russian_commissar): Eastern Front rules, Russian Command (Overlord text on scribd 'Memoir 44 Sword of Stalingrad')"
S_COM = ("the Soviet player plays the card placed under the Commissar chip a turn ahead, then places the next; a Recon 1 card may be "
         "played from the hand instead (not in Overlord, where Recon 1 goes under the chip too); Ambush is played from the hand")
SOV = {"air": None, "variants": {"russian_commissar": "allies"}}
add("commissar-plays-chip-card", "nations", q([], {"commissar": {"card": "attack_left", "chip_card": "attack_left"}}, rules=SOV),
    [["commissar.allowed", "eq", True], ["commissar.side", "eq", "allies"]], S_COM, COM)
add("commissar-other-card-refused", "nations", q([], {"commissar": {"card": "attack_left", "chip_card": "probe_center"}}, rules=SOV),
    [["commissar.allowed", "eq", False]], S_COM, COM)
add("commissar-hand-card-refused", "nations", q([], {"commissar": {"card": "armor_assault", "chip_card": "probe_center", "from_hand": True}}, rules=SOV),
    [["commissar.allowed", "eq", False]], S_COM, COM)
add("commissar-recon-1-from-hand", "nations", q([], {"commissar": {"card": "recon_center", "chip_card": "probe_center", "from_hand": True}}, rules=SOV),
    [["commissar.allowed", "eq", True]], S_COM, COM)
add("commissar-overlord-recon-1-refused", "nations", q([], {"commissar": {"card": "recon_center", "from_hand": True, "overlord": True}}, rules=SOV),
    [["commissar.allowed", "eq", False]], S_COM + " (in Overlord mode, Recon 1 cards cannot be played directly from a Soviet Commander-in-Chief's hand)", COM)
add("commissar-ambush-from-hand", "nations", q([], {"commissar": {"card": "ambush", "from_hand": True}}, rules=SOV),
    [["commissar.allowed", "eq", True]], S_COM, COM)
add("commissar-place-one-card", "nations", q([], {"commissar": {"card": "attack_left", "chip_card": "probe_left", "action": "place"}}, rules=SOV),
    [["commissar.allowed", "eq", False]], S_COM + " (one card under the chip at a time)", COM)
add("commissar-axis-side", "nations", q([], {"commissar": {"card": "attack_left", "chip_card": "attack_left"}}, rules={"air": None, "variants": {"russian_commissar": "axis"}}),
    [["commissar.side", "eq", "axis"]], "option russian_commissar_rule (its value: the side)", COM)
add("commissar-rule-off", "nations", q([], {"commissar": {"card": "attack_left"}}), [["commissar.side", "eq", None], ["commissar.allowed", "eq", True]], S_COM, COM)
add("err-commissar-card", "errors", q([], {"commissar": {"card": "nuke"}}, rules=SOV), [["error.field", "eq", "ask.commissar.card"]], S_ERR, CON, exit=2)
DES = "docs/rules-sources.md Nation rules (north_african_desert): Terrain Pack rulebook p.3 'North African Desert Rules'; bga-memoir ST_DESERT_MOVE"
S_DES = "an armor unit that has taken ground may move 1 more hex before its overrun combat, within the movement rules (no extra hex out of a forest it took)"
NAD = {"air": None, "variants": ["north_african_desert"]}
add("desert-extra-hex", "desert", q([U("a1", "allies", "armor", "G5", moved=1), U("x1", "axis", "infantry", "f6")], {"desert_move": {"unit": "a1"}}, rules=NAD),
    [["desert_move.allowed", "eq", True], ["desert_move.hexes", "set", ["g6", "F5", "H5", "f4", "g4"]]], S_DES, DES)
add("desert-not-from-forest", "desert", q([U("a1", "allies", "armor", "G5", moved=1)], {"desert_move": {"unit": "a1"}}, [T("G5", "forest")], rules=NAD),
    [["desert_move.allowed", "eq", False], ["desert_move.hexes", "eq", []]], S_DES, DES)
add("desert-infantry-no", "desert", q([U("a1", "allies", "infantry", "G5", moved=1)], {"desert_move": {"unit": "a1"}}, rules=NAD),
    [["desert_move.allowed", "eq", False]], S_DES + " (armor only)", DES)
add("desert-rules-off", "desert", q([U("a1", "allies", "armor", "G5", moved=1)], {"desert_move": {"unit": "a1"}}),
    [["desert_move.allowed", "eq", False]], S_DES, DES)
add("desert-not-into-bunker", "desert",
    q([U("a1", "allies", "armor", "G5", moved=1)], {"desert_move": {"unit": "a1"}}, [T(h, "bunker") for h in ["f6", "g6", "F5", "H5", "f4"]], rules=NAD),
    [["desert_move.hexes", "eq", ["g4"]]], S_DES + " (An Armor or Artillery unit may not move onto a Bunker hex.)", DES + "; " + OBST)


# --------------------------------------------------------------------------- batch 6: edges at 60 degrees, artillery vs bunker, anti-tank figures
add("los-edge-diagonal-one-side", "line of sight", q([], los("G5", "h6"), [T("H5", "forest")]), [["line_of_sight.clear", "eq", True], ["line_of_sight.distance", "eq", 2]],
    S_EDGE + " (G5 to h6 runs along the edge between H5 and g6)", BASE + " Line of Sight")
add("los-edge-diagonal-other-side", "line of sight", q([], los("G5", "h6"), [T("g6", "town")]), [["line_of_sight.clear", "eq", True]],
    S_EDGE, BASE + " Line of Sight")
add("los-edge-diagonal-both", "line of sight", q([], los("G5", "h6"), [T("H5", "forest"), T("g6", "town")]), [["line_of_sight.clear", "eq", False]],
    S_EDGE, BASE + " Line of Sight")
add("los-edge-diagonal-units", "line of sight", q([U("a1", "allies", "infantry", "H5"), U("x1", "axis", "infantry", "g6")], los("G5", "h6")),
    [["line_of_sight.clear", "eq", False]], S_EDGE + " (units are obstructions)", BASE + " Line of Sight")
add("bunker-vs-artillery-no-reduction", "obstacles",
    q([U("a1", "allies", "artillery", "G3"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "bunker", owner="axis")]),
    [["battle.dice", "eq", 3]], S_BUNK, OBST)
add("anti-tank-four-figures", "special troops",
    q([U("a1", "axis", "infantry", "G5"), U("x1", "allies", "anti_tank", "g4")], battle(), dice=["infantry", "infantry", "grenade"]),
    [["result.figures_removed", "eq", 3], ["result.eliminated", "eq", False]],
    "An ordered Infantry unit with an Anti-Tank gun ... (an infantry unit: 4 figures, targeted as infantry)", DB + " Anti-Tank Gun")
add("sandbags-protect-armor-from-artillery-none", "obstacles",
    q([U("a1", "allies", "artillery", "G3"), U("x1", "axis", "armor", "G5")], battle(), [T("G5", "sandbags")]),
    [["battle.dice", "eq", 3]], "Sandbags: Infantry and Armor reduce by 1 (artillery is not reduced)", OBST)
add("hill-forest-best-single", "terrain battle",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("G5", "hill"), T("G5", "forest")]),
    [["battle.dice", "eq", 1]], "When an obstacle is on a Terrain hex, the Battle dice reductions of the two are not cumulative. The best protection is the only one that matters.", OBST)
add("armor-in-town-vs-forest-zero", "terrain battle",
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5")], battle(), [T("g4", "town"), T("G5", "forest")]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]],
    "Armor on a Town hex will reduce the number of Battle dice it rolls by 2 (3 - 2 for the forest - 2: none left)", P14 + "; " + P13)


# --------------------------------------------------------------------------- batch 7: the overrun battle itself
S_OV = ("On a successful Close Assault Combat, an ordered Armor unit may move into the vacated hex and may then battle again. If the "
        "ground you take during the Overrun puts you adjacent to an enemy unit, this second battle must once again be a Close "
        "Assault Combat. Otherwise, you may fire at a distant unit.")
add("overrun-adjacent-must-close-assault", "take ground",
    q([U("a1", "allies", "armor", "G5", moved=3), U("x1", "axis", "infantry", "G7"), U("x2", "axis", "infantry", "f6")], battle(overrun=True)),
    [["battle.allowed", "eq", False]], S_OV, BASE + " Armor Overrun Combat")
add("overrun-fire-at-distant", "take ground",
    q([U("a1", "allies", "armor", "G5", moved=3), U("x1", "axis", "infantry", "G7")], battle(overrun=True)),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_OV, BASE + " Armor Overrun Combat")
add("overrun-from-forest-taken-refused", "take ground",
    q([U("a1", "allies", "armor", "G5", moved=1), U("x1", "axis", "infantry", "f6")], battle(overrun=True), [T("G5", "forest")]),
    [["battle.allowed", "eq", False]], "Terrain movement and battle restrictions still apply when units take ground (A unit may not battle the turn it moves onto a Forest hex).", BASE + " Taking Ground; " + P13)
add("overrun-from-hill-taken-ok", "take ground",
    q([U("a1", "allies", "armor", "G5", moved=1), U("x1", "axis", "infantry", "f6")], battle(overrun=True), [T("G5", "hill")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_OV, BASE + " Armor Overrun Combat")


# --------------------------------------------------------------------------- batch 8: Air Pack (2007), sentence by sentence
# Written from seed 000 alone (not from companion/rules): each case quotes its sentence. Where the
# text allows two readings, the note says so and the case asserts only what both readings share.
APK = "air-pack"


def ap_plane(uid: str, side: str, model: str, hexname: str, airborne: bool = True, **kw: Any) -> dict[str, Any]:
    return U(uid, side, "airplane", hexname, model=model, airborne=airborne, **kw)


def sortie(side: str = "allies", card: str = "air_sortie", **kw: Any) -> dict[str, Any]:
    return {"air_sortie": {"side": side, "card": card, **kw}}


def amove(plane: str = "p1", path: list[str] | None = None, **kw: Any) -> dict[str, Any]:
    return {"air_move": {"plane": plane, "path": path or [], **kw}}


# -- Air Sortie cards (p.3-4)
S_FACEUP = ("This card is placed face up, next to the player's cardholder and visible to his opponent. ... Unlike other Command cards, "
            "no new Command card is ever drawn to replace the Air Sortie, at the end of the turn during which it was played.")
add("ap-sortie-new-face-up-not-replaced", APK, q([], sortie(), rules=AP),
    [["air_sortie.allowed", "eq", True], ["air_sortie.effect", "eq", "new_sortie"], ["air_sortie.face_up", "eq", True],
     ["air_sortie.replaced_at_end_of_turn", "eq", False], ["air_sortie.air_check", "eq", False]], S_FACEUP, AIR + " Playing an Air Sortie Card")
S_EDGEHEX = ("the Airplane enters the battlefield, airborne, anywhere on an edge hex of the player's choice. Edge hexes are all the full "
             "(not half) hexes that border the entire game board's four sides.")
add("ap-sortie-entry-edge-hexes", APK, q([], sortie(side="axis"), rules=AP),
    [["air_sortie.entry_hexes", "contains", ["A9", "G9", "M9", "A1", "G1", "M1", "A5", "M5", "A3", "M7"]],
     ["air_sortie.entry_hexes", "excludes", ["G5", "B7", "b8", "C3", "L5", "k4"]]], S_EDGEHEX, AIR + " Playing an Air Sortie Card")
add("ap-sortie-entry-count", APK, q([], sortie(), rules=AP),
    [["air_sortie.entry_hexes", "len", 40]],
    S_EDGEHEX + " (13 on the top row, 13 on the bottom row, and the first full hex at each end of the 7 rows between: 40; on odd rows "
    "the outermost hex is a half hex, so the first full hex, a or l, is the one bordering the side: 'When entering the map from a "
    "board's edge, the first full hex is counted as the first hex of movement.')", AIR + " Playing an Air Sortie Card; Movement")
S_ONE = ("If a player plays an Air Sortie card (or equivalent) when he already has an airplane unit on the battlefield, the card's effect "
         "is to order this particular Airplane for the turn with no Air check required (see Air Check Roll p. 8).")
add("ap-sortie-orders-airborne-plane", APK, q([ap_plane("p1", "allies", "p38", "E5")], sortie(), rules=AP),
    [["air_sortie.allowed", "eq", True], ["air_sortie.effect", "eq", "order_airborne"], ["air_sortie.air_check", "eq", False]], S_ONE,
    AIR + " One Airborne Airplane per Player Max!")
add("ap-sortie-enemy-plane-no-matter", APK, q([ap_plane("p2", "axis", "me109", "E5")], sortie(), rules=AP),
    [["air_sortie.allowed", "eq", True], ["air_sortie.effect", "eq", "new_sortie"]],
    "In any given turn, there can only ever be a maximum of one airborne Airplane unit on the battlefield for each player. (the enemy's "
    "airplane does not count against the allies)", AIR + " One Airborne Airplane per Player Max!")
add("ap-sortie-fresh-airplane", APK, q([ap_plane("p1", "allies", "spitfire", "c6")], sortie(new_airplane=True), rules=AP),
    [["air_sortie.allowed", "eq", True], ["air_sortie.effect", "eq", "new_sortie"], ["air_sortie.removed_airplane", "eq", "p1"]],
    "Alternatively, the player may opt to let its Airplane disappear off the board and initiate a new Air Sortie with a fresh Airplane instead!",
    AIR + " One Airborne Airplane per Player Max!")
S_EQUIV = ("Air Power cards must be played as if they were Air Sortie cards instead; ... Unlike true Air Sortie cards, these cards are never "
           "placed face up nor shown to the other player beforehand; they can never be played in combination with a Section card; and "
           "they are replaced as normal, once played, at the end of the player's turn.")
add("ap-air-power-is-a-sortie", APK, q([], sortie(card="air_power"), rules=AP),
    [["air_sortie.allowed", "eq", True], ["air_sortie.effect", "eq", "new_sortie"], ["air_sortie.face_up", "eq", False],
     ["air_sortie.replaced_at_end_of_turn", "eq", True]], S_EQUIV, AIR + " Playing an Air Sortie Equivalent")
add("ap-air-power-not-with-section-card", APK, q([], sortie(card="air_power", with_section_card="center"), rules=AP),
    [["air_sortie.allowed", "eq", False]], S_EQUIV, AIR + " Playing an Air Sortie Equivalent")
add("ap-air-power-orders-airborne", APK, q([ap_plane("p1", "allies", "p40", "H3")], sortie(card="air_power"), rules=AP),
    [["air_sortie.allowed", "eq", True], ["air_sortie.effect", "eq", "order_airborne"], ["air_sortie.air_check", "eq", False]],
    S_ONE + " (or equivalent: Air Power cards must be played as if they were Air Sortie cards)", AIR + " Playing an Air Sortie Equivalent")
S_SEC = ("the Air Sortie card may also be played in conjunction with a Section card. In this case, it acts as a modifier to the Section "
         "card, letting the player use one order from the Section card just played to make an Air Sortie in the corresponding section "
         "... no card is drawn to replace the Air Sortie card played along with it.")
add("ap-sortie-with-section-card-left", APK, q([], sortie(with_section_card="left"), rules=AP),
    [["air_sortie.allowed", "eq", True], ["air_sortie.replaced_at_end_of_turn", "eq", False],
     ["air_sortie.entry_hexes", "contains", ["A9", "A1", "B1", "B9", "A5"]], ["air_sortie.entry_hexes", "excludes", ["G9", "G1", "M5", "K1"]]],
    S_SEC + " (the left section: hexes A-C are in it whatever the dotted line's hexes)", AIR + " Playing an Air Sortie Card")
N_AXSEC = (" (sections are the player's own: the Axis player faces the Allies from the top edge, so the Axis right flank is the board's "
           "A-D side, base rules: 'giving each player a left flank, a center and a right flank section')")
add("ap-sortie-with-section-card-right", APK, q([], sortie(side="axis", with_section_card="right"), rules=AP),
    [["air_sortie.allowed", "eq", True], ["air_sortie.entry_hexes", "contains", ["A9", "A1", "B9", "B1", "A5"]],
     ["air_sortie.entry_hexes", "excludes", ["M5", "G9", "G1", "L1"]]], S_SEC + N_AXSEC, AIR + " Playing an Air Sortie Card")
S_REC1 = ("If the card played as an Air Sortie is a Recon 1 card ..., the player is still subject to the initial card's Section limitation "
          "when playing it; i.e., the card can only be played to start an Air Sortie from an edge hex of the matching board's section; and "
          "if the Airplane is already airborne, the card's Recon section must match the section of the board over which the Airplane is "
          "currently loitering.")
add("ap-recon1-sortie-section-edge", APK, q([], sortie(side="axis", card="recon_1", section="right"), rules=AP),
    [["air_sortie.allowed", "eq", True], ["air_sortie.face_up", "eq", False], ["air_sortie.replaced_at_end_of_turn", "eq", True],
     ["air_sortie.entry_hexes", "contains", ["A5", "A9", "A1"]], ["air_sortie.entry_hexes", "excludes", ["M5", "G1", "G9", "K9"]]],
    S_REC1 + N_AXSEC + " (the Recon 1 card is an equivalent only where the scenario says so; the ask is about the card played as one)",
    AIR + " Playing an Air Sortie Equivalent")
add("ap-recon1-airborne-other-section", APK, q([ap_plane("p1", "axis", "me109", "B5")], sortie(side="axis", card="recon_1", section="left"), rules=AP),
    [["air_sortie.allowed", "eq", False]], S_REC1 + N_AXSEC + " (B5 is in the Axis right section)", AIR + " Playing an Air Sortie Equivalent")
add("ap-recon1-airborne-same-section", APK, q([ap_plane("p1", "axis", "me109", "B5")], sortie(side="axis", card="recon_1", section="right"), rules=AP),
    [["air_sortie.allowed", "eq", True], ["air_sortie.effect", "eq", "order_airborne"]], S_REC1 + N_AXSEC, AIR + " Playing an Air Sortie Equivalent")
add("ap-recon1-not-with-section-card", APK, q([], sortie(side="axis", card="recon_1", section="left", with_section_card="left"), rules=AP),
    [["air_sortie.allowed", "eq", False]], S_EQUIV + " (a Recon 1 card played as an Air Sortie is an equivalent too)", AIR + " Playing an Air Sortie Equivalent")
add("ap-sortie-bad-card-error", APK, q([], sortie(card="barrage"), rules=AP),
    [["error.field", "eq", "ask.air_sortie.card"]], "Air Power cards must be played as if they were Air Sortie cards (no other card is one)",
    AIR + " Playing an Air Sortie Equivalent", exit=2)

# -- Movement and landing (p.5)
S_AMOVE = ("Each turn it is ordered, an Airplane must move at least 1 hex; and an Airplane can never move twice over the same hex during the "
           "course of a single turn nor end its move on the hex it started on. Once airborne, an Airplane may move up to 4 hexes per turn")
add("ap-move-four-hexes", APK, q([ap_plane("p1", "allies", "spitfire", "C3")], amove(path=["D3", "E3", "F3", "G3"]), rules=AP),
    [["air_move.allowed", "eq", True], ["air_move.end", "eq", "G3"], ["air_move.landed", "eq", False]], S_AMOVE, AIR + " Movement")
add("ap-move-five-hexes-refused", APK, q([ap_plane("p1", "allies", "spitfire", "C3")], amove(path=["D3", "E3", "F3", "G3", "H3"]), rules=AP),
    [["air_move.allowed", "eq", False]], S_AMOVE, AIR + " Movement")
add("ap-move-one-hex", APK, q([ap_plane("p1", "axis", "me109", "J7")], amove(path=["j6"]), rules=AP),
    [["air_move.allowed", "eq", True], ["air_move.end", "eq", "j6"]], S_AMOVE, AIR + " Movement")
add("ap-move-twice-over-a-hex-refused", APK, q([ap_plane("p1", "axis", "me109", "J7")], amove(path=["K7", "j6", "K7", "k8"]), rules=AP),
    [["air_move.allowed", "eq", False]], S_AMOVE, AIR + " Movement")
add("ap-move-end-on-start-refused", APK, q([ap_plane("p1", "axis", "me109", "J7")], amove(path=["K7", "j6", "J7"]), rules=AP),
    [["air_move.allowed", "eq", False]], S_AMOVE, AIR + " Movement")
add("ap-move-jump-refused", APK, q([ap_plane("p1", "axis", "me109", "J7")], amove(path=["L7"]), rules=AP),
    [["air_move.allowed", "eq", False]], S_AMOVE + " (a move goes hex by hex: L7 is 2 hexes from J7)", AIR + " Movement")
S_OVER = ("Unlike ground units, an Airplane may fly over any hexes, including unit-occupied hexes, terrain hexes and even impassable terrain "
          "hexes during its movement, provided it ends its movement on a vacant hex. A vacant hex is any terrain hex that is clear of units - friends or foes.")
add("ap-move-over-units-and-terrain", APK,
    q([ap_plane("p1", "allies", "p40", "E3"), U("x1", "axis", "infantry", "F3"), U("a1", "allies", "armor", "G3"), U("x2", "axis", "artillery", "H3")],
      amove(path=["F3", "G3", "H3", "I3"]), [T("G3", "forest"), T("H3", "ocean"), T("I3", "town")], rules=AP),
    [["air_move.allowed", "eq", True], ["air_move.end", "eq", "I3"]], S_OVER, AIR + " Movement")
add("ap-move-end-on-friend-refused", APK,
    q([ap_plane("p1", "allies", "p40", "E3"), U("a1", "allies", "armor", "G3")], amove(path=["F3", "G3"]), rules=AP),
    [["air_move.allowed", "eq", False]], S_OVER, AIR + " Movement")
add("ap-move-end-on-foe-refused", APK,
    q([ap_plane("p1", "allies", "p40", "E3"), U("x1", "axis", "infantry", "e4")], amove(path=["e4"]), rules=AP),
    [["air_move.allowed", "eq", False]], S_OVER, AIR + " Movement")
add("ap-move-over-enemy-airplane", APK,
    q([ap_plane("p1", "allies", "spitfire", "E3"), ap_plane("p2", "axis", "me109", "F3")], amove(path=["F3", "G3"]), rules=AP),
    [["air_move.allowed", "eq", True], ["air_move.end", "eq", "G3"]],
    S_OVER + " (unit-occupied hexes: the enemy airplane's too; unlike New Flight Plan, the Air Pack forbids no such hex)", AIR + " Movement")
add("ap-move-end-on-enemy-airplane-refused", APK,
    q([ap_plane("p1", "allies", "spitfire", "E3"), ap_plane("p2", "axis", "me109", "F3")], amove(path=["F3"]), rules=AP),
    [["air_move.allowed", "eq", False]], S_OVER, AIR + " Movement")
S_ENTRY = ("When entering the map from a board's edge, the first full hex is counted as the first hex of movement. Half hexes along the "
           "board's sides are not valid entry hexes and do not count.")
add("ap-enter-edge-four", APK, q([ap_plane("p1", "allies", "spitfire", "A5")], amove(path=["A5", "B5", "C5", "D5"], entering=True), rules=AP),
    [["air_move.allowed", "eq", True], ["air_move.end", "eq", "D5"]], S_ENTRY + " (the plane is given on its entry hex A5)", AIR + " Movement")
add("ap-enter-edge-five-refused", APK, q([ap_plane("p1", "axis", "me109", "M3")], amove(path=["M3", "L3", "K3", "J3", "I3"], entering=True), rules=AP),
    [["air_move.allowed", "eq", False]], S_ENTRY + " (the entry hex is the first of its 4)", AIR + " Movement")
add("ap-enter-odd-row-first-full-hex", APK, q([ap_plane("p1", "axis", "me109", "l2")], amove(path=["l2", "k2", "K1"], entering=True), rules=AP),
    [["air_move.allowed", "eq", True], ["air_move.end", "eq", "K1"]],
    S_ENTRY + " (on an odd row the hex at the side is a half hex: l2 is the first full hex)", AIR + " Movement")
add("ap-enter-inside-refused", APK, q([ap_plane("p1", "allies", "spitfire", "C5")], amove(path=["C5", "D5"], entering=True), rules=AP),
    [["air_move.allowed", "eq", False]], S_EDGEHEX, AIR + " Playing an Air Sortie Card")
S_LAND = ("An Airplane that ends its movement on a friendly Aircraft carrier or Airfield hex containing no other unit ... can safely land "
          "there; it does not need to be ordered again in future turns")
add("ap-land-friendly-airfield", APK,
    q([ap_plane("p1", "allies", "p38", "C3")], amove(path=["D3", "E3"]), [T("E3", "airfield", owner="allies")], rules=AP),
    [["air_move.allowed", "eq", True], ["air_move.landed", "eq", True]], S_LAND, AIR + " Landing")
add("ap-land-enemy-airfield-no", APK,
    q([ap_plane("p1", "allies", "p38", "C3")], amove(path=["D3", "E3"]), [T("E3", "airfield", owner="axis")], rules=AP),
    [["air_move.landed", "eq", False]], S_LAND + " (an airfield the scenario gives the enemy is not friendly)", AIR + " Landing")
add("ap-land-storch-airfield", APK,
    q([ap_plane("p1", "axis", "storch", "K5")], amove(path=["k4", "K3"]), [T("K3", "airfield", owner="axis")], rules=AP),
    [["air_move.landed", "eq", True]], "Airplane may take-off/land on Aircraft Carrier (Corsair, Zero) or Airfield (all Airplanes).",
    AIR + " Take-off/Land on Aircraft Carriers or Airfields")
S_CARR = "Special Action: Airplane may take-off/land on Aircraft Carrier (Corsair, Zero) or Airfield (all Airplanes)."
add("ap-land-carrier-corsair", APK,
    q([ap_plane("p1", "allies", "corsair", "D1")], amove(path=["C1", "B1"]), [T("B1", "ocean"), T("B1", "aircraft_carrier", owner="allies")], rules=AP),
    [["air_move.allowed", "eq", True], ["air_move.landed", "eq", True]], S_CARR + " " + S_LAND, AIR + " Take-off/Land on Aircraft Carriers or Airfields")
add("ap-land-carrier-zero", APK,
    q([ap_plane("p1", "axis", "zero", "J9")], amove(path=["K9", "L9"]), [T("L9", "ocean"), T("L9", "aircraft_carrier", owner="axis")], rules=AP),
    [["air_move.landed", "eq", True]], S_CARR, AIR + " Take-off/Land on Aircraft Carriers or Airfields")
add("ap-land-carrier-spitfire-no", APK,
    q([ap_plane("p1", "allies", "spitfire", "D1")], amove(path=["C1", "B1"]), [T("B1", "ocean"), T("B1", "aircraft_carrier", owner="allies")], rules=AP),
    [["air_move.landed", "eq", False]], S_CARR + " (a Spitfire is not a Corsair nor a Zero)", AIR + " Take-off/Land on Aircraft Carriers or Airfields")
add("ap-land-countryside-no", APK, q([ap_plane("p1", "allies", "p38", "C3")], amove(path=["D3", "E3"]), rules=AP),
    [["air_move.landed", "eq", False]], S_LAND, AIR + " Landing")

# -- Strafing (p.6)
S_STRAF = ("Strafing (All airplanes except Storch) Special Action: Roll 1d against each enemy unit in up to 3 contiguous adjacent hexes, ignoring "
           "terrain protection on all of these hexes. ... Unit symbols and Grenades rolled apply as normal. Stars rolled also cause hits, and "
           "Flags rolled cannot be ignored.")
N_STRAF = (" (AMBIGUOUS: 'contiguous adjacent hexes' may mean hexes next to the airplane, or the hexes it flew over, 'One less hex can be "
           "targeted, because the Airplane must end its movement on a vacant hex'; these cases use hexes around the airplane's end hex that "
           "one 4-hex flight over them could also cover, so both readings agree)")
RING = [U("x1", "axis", "infantry", "F5"), U("x2", "axis", "armor", "f6"), U("x3", "axis", "infantry", "g6")]
add("ap-strafe-three-hexes", APK, q([ap_plane("p1", "allies", "spitfire", "G5")] + RING, {"strafe": {"plane": "p1", "hexes": ["F5", "f6", "g6"]}}, rules=AP),
    [["strafe.allowed", "eq", True], ["strafe.targets", "set", ["x1", "x2", "x3"]], ["strafe.dice", "eq", 3]], S_STRAF + N_STRAF, AIR + " Strafing")
add("ap-strafe-four-hexes-refused", APK,
    q([ap_plane("p1", "allies", "spitfire", "G5")] + RING + [U("x4", "axis", "infantry", "g4")], {"strafe": {"plane": "p1", "hexes": ["F5", "f6", "g6", "H5"]}}, rules=AP),
    [["strafe.allowed", "eq", False]], S_STRAF + N_STRAF, AIR + " Strafing")
add("ap-strafe-not-contiguous-refused", APK,
    q([ap_plane("p1", "allies", "spitfire", "G5"), U("x1", "axis", "infantry", "F5"), U("x2", "axis", "infantry", "H5")], {"strafe": {"plane": "p1", "hexes": ["F5", "H5"]}}, rules=AP),
    [["strafe.allowed", "eq", False]], S_STRAF + " (F5 and H5 do not touch)", AIR + " Strafing")
add("ap-strafe-storch-refused", APK, q([ap_plane("p1", "axis", "storch", "G5"), U("a1", "allies", "infantry", "F5")], {"strafe": {"plane": "p1", "hexes": ["F5"]}}, rules=AP),
    [["strafe.allowed", "eq", False]], S_STRAF, AIR + " Strafing")
S_STRAF2 = ("Note that Strafing differs from playing the standard Air Power command card in that not all hexes need to be occupied by enemy units; "
            "some may be vacant or occupied by friendly units, against which no die is rolled. ... only 1 die is rolled against each unit on a "
            "strafed hex, even when attacking with Allied Airplanes.")
add("ap-strafe-vacant-and-friendly-hexes", APK,
    q([ap_plane("p1", "allies", "p38", "D7"), U("x1", "axis", "infantry", "C7"), U("a1", "allies", "infantry", "d6")],
      {"strafe": {"plane": "p1", "hexes": ["C7", "c6", "d6"]}}, rules=AP),
    [["strafe.allowed", "eq", True], ["strafe.targets", "eq", ["x1"]], ["strafe.dice", "eq", 1]], S_STRAF2 + N_STRAF, AIR + " Strafing")
add("ap-strafe-allied-one-die", APK,
    q([ap_plane("p1", "allies", "p40", "D7"), U("x1", "axis", "armor", "E7")], {"strafe": {"plane": "p1", "hexes": ["E7"]}}, rules=AP),
    [["strafe.dice", "eq", 1]], S_STRAF2, AIR + " Strafing")
add("ap-strafe-star-hits", APK,
    q([ap_plane("p1", "axis", "me109", "I7"), U("a1", "allies", "infantry", "J7")], {"strafe": {"plane": "p1", "hexes": ["J7"]}}, rules=AP, dice=[["star"]]),
    [["strafe.results.0.hits", "eq", 1], ["strafe.results.0.figures_removed", "eq", 1]], S_STRAF, AIR + " Strafing")
add("ap-strafe-grenade-hits-armor", APK,
    q([ap_plane("p1", "axis", "me109", "I7"), U("a1", "allies", "armor", "J7")], {"strafe": {"plane": "p1", "hexes": ["J7"]}}, rules=AP, dice=[["grenade"]]),
    [["strafe.results.0.hits", "eq", 1]], S_STRAF, AIR + " Strafing")
add("ap-strafe-symbol-as-normal", APK,
    q([ap_plane("p1", "axis", "me109", "I7"), U("a1", "allies", "armor", "J7"), U("a2", "allies", "infantry", "i6")],
      {"strafe": {"plane": "p1", "hexes": ["J7", "i6"]}}, rules=AP, dice=[["infantry"], ["infantry"]]),
    [["strafe.results.[target=a1].hits", "eq", 0], ["strafe.results.[target=a2].hits", "eq", 1]], S_STRAF + N_STRAF, AIR + " Strafing")
add("ap-strafe-ignores-forest", APK,
    q([ap_plane("p1", "axis", "me109", "I7"), U("a1", "allies", "infantry", "J7")], {"strafe": {"plane": "p1", "hexes": ["J7"]}}, [T("J7", "forest")], rules=AP, dice=[["infantry"]]),
    [["strafe.dice", "eq", 1], ["strafe.results.0.hits", "eq", 1]], S_STRAF, AIR + " Strafing")
add("ap-strafe-town-armor-still-one-die", APK,
    q([ap_plane("p1", "allies", "spitfire", "e6"), U("x1", "axis", "armor", "E5")], {"strafe": {"plane": "p1", "hexes": ["E5"]}}, [T("E5", "town")], rules=AP, dice=[["armor"]]),
    [["strafe.dice", "eq", 1], ["strafe.results.0.hits", "eq", 1]], S_STRAF, AIR + " Strafing")
add("ap-strafe-flag-not-ignored-sandbags", APK,
    q([ap_plane("p1", "allies", "spitfire", "e6"), U("x1", "axis", "infantry", "E5")], {"strafe": {"plane": "p1", "hexes": ["E5"]}}, [T("E5", "sandbags")], rules=AP, dice=[["flag"]]),
    [["strafe.results.0.flags", "eq", 1], ["strafe.results.0.flags_ignored", "eq", 0], ["strafe.results.0.retreat.*.hex", "eq", ["d6"]]],
    S_STRAF + " (x1 retreats 1 hex toward the top edge: d6 or e6, and e6 holds the airplane: 'a ground unit cannot move onto or through a hex occupied by an Airplane, even if this Airplane is airborne')", AIR + " Strafing; Movement")
add("ap-strafe-dice-count-error", APK,
    q([ap_plane("p1", "allies", "spitfire", "e6"), U("x1", "axis", "infantry", "E5")], {"strafe": {"plane": "p1", "hexes": ["E5"]}}, rules=AP, dice=[["flag", "star"]]),
    [["error.field", "startswith", "dice"]], "Roll 1d against each enemy unit (2 faces where 1 die is due is an error)", AIR + " Strafing", exit=2)

# -- Ground Support (p.6)
S_GS = ("Ground Support (Corsair, P38, Yak-1, Yak-9) Special Action: Airplane negates terrain protection for all enemy units adjacent to the "
        "Airplane and attacked by ground troops in Close Assault this turn.")
for model, ok in [("corsair", True), ("p38", True), ("yak1", True), ("yak9", True), ("spitfire", False), ("yak7", False), ("me109", False), ("storch", False)]:
    side = "axis" if model in ("me109", "storch") else "allies"
    foe = "allies" if side == "axis" else "axis"
    add(f"ap-ground-support-{model}", APK,
        q([ap_plane("p1", side, model, "H5"), U("x1", foe, "infantry", "h4"), U("a1", side, "infantry", "H3")],
          {"ground_support": {"plane": "p1", "attacker": "a1", "target": "x1"}}, [T("h4", "forest")], rules=AP),
        [["ground_support.applies", "eq", ok]], S_GS, AIR + " Ground Support")
add("ap-ground-support-not-close-assault", APK,
    q([ap_plane("p1", "allies", "p38", "H5"), U("x1", "axis", "infantry", "h4"), U("a1", "allies", "infantry", "H1")],
      {"ground_support": {"plane": "p1", "attacker": "a1", "target": "x1"}}, [T("h4", "forest")], rules=AP),
    [["ground_support.applies", "eq", False]], S_GS + " (a1 on H1 is 3 hexes from x1: no close assault)", AIR + " Ground Support")
add("ap-ground-support-target-not-next-to-plane", APK,
    q([ap_plane("p1", "allies", "p38", "H7"), U("x1", "axis", "infantry", "h4"), U("a1", "allies", "infantry", "H3")],
      {"ground_support": {"plane": "p1", "attacker": "a1", "target": "x1"}}, [T("h4", "forest")], rules=AP),
    [["ground_support.applies", "eq", False]], S_GS, AIR + " Ground Support")
add("ap-ground-support-grounded-no", APK,
    q([ap_plane("p1", "allies", "p38", "H5", airborne=False), U("x1", "axis", "infantry", "h4"), U("a1", "allies", "infantry", "H3")],
      {"ground_support": {"plane": "p1", "attacker": "a1", "target": "x1"}}, [T("H5", "airfield"), T("h4", "forest")], rules=AP),
    [["ground_support.applies", "eq", False]], "An Airplane on the ground cannot conduct any Special Action except Take-Off.", AIR + " Air Check Roll")

# -- Kamikaze (p.6)
S_KAM = ("Kamikaze Attack (Zero) Special Action: Airplane dives on an adjacent enemy ground or ship unit, rolling 2 dice and ignoring terrain "
         "protection. Any symbol rolled that scores a hit on the unit targeted causes the entire unit (not just a single figure!) to be removed "
         "from the battlefield. Flags and Stars are ignored. The Airplane is removed from the field regardless of the dice results, but does "
         "not give a Medal to its opponent unless at least 1 Grenade was rolled.")
KZ = [ap_plane("p1", "axis", "zero", "c2"), U("a1", "allies", "infantry", "C3")]
add("ap-kamikaze-two-dice-in-forest", APK, q(KZ, {"kamikaze": {"plane": "p1", "target": "a1"}}, [T("C3", "forest")], rules=AP),
    [["kamikaze.allowed", "eq", True], ["kamikaze.dice", "eq", 2]], S_KAM, AIR + " Kamikaze Attack")
add("ap-kamikaze-symbol-removes-unit", APK, q(KZ, {"kamikaze": {"plane": "p1", "target": "a1"}}, [T("C3", "forest")], rules=AP, dice=["infantry", "flag"]),
    [["kamikaze.result.eliminated", "eq", True], ["kamikaze.result.figures_removed", "eq", 4], ["kamikaze.result.airplane_removed", "eq", True],
     ["kamikaze.result.medals.allies", "eq", 0], ["kamikaze.result.medals.axis", "eq", 1], ["kamikaze.result.retreat", "eq", []]], S_KAM, AIR + " Kamikaze Attack")
add("ap-kamikaze-grenade-gives-medal", APK, q(KZ, {"kamikaze": {"plane": "p1", "target": "a1"}}, rules=AP, dice=["grenade", "star"]),
    [["kamikaze.result.eliminated", "eq", True], ["kamikaze.result.medals.allies", "eq", 1], ["kamikaze.result.medals.axis", "eq", 1]], S_KAM, AIR + " Kamikaze Attack")
add("ap-kamikaze-flags-stars-ignored", APK, q(KZ, {"kamikaze": {"plane": "p1", "target": "a1"}}, rules=AP, dice=["flag", "star"]),
    [["kamikaze.result.eliminated", "eq", False], ["kamikaze.result.figures_removed", "eq", 0], ["kamikaze.result.retreat", "eq", []],
     ["kamikaze.result.airplane_removed", "eq", True], ["kamikaze.result.medals.allies", "eq", 0], ["kamikaze.result.medals.axis", "eq", 0]], S_KAM, AIR + " Kamikaze Attack")
add("ap-kamikaze-armor-needs-armor-symbol", APK,
    q([ap_plane("p1", "axis", "zero", "c2"), U("a1", "allies", "armor", "C1", figures=2)], {"kamikaze": {"plane": "p1", "target": "a1"}}, rules=AP, dice=["infantry", "infantry"]),
    [["kamikaze.result.eliminated", "eq", False], ["kamikaze.result.medals.allies", "eq", 0]], S_KAM + " (infantry symbols do not hit armor)", AIR + " Kamikaze Attack")
add("ap-kamikaze-armor-symbol", APK,
    q([ap_plane("p1", "axis", "zero", "c2"), U("a1", "allies", "armor", "C1")], {"kamikaze": {"plane": "p1", "target": "a1"}}, rules=AP, dice=["armor", "star"]),
    [["kamikaze.result.eliminated", "eq", True], ["kamikaze.result.figures_removed", "eq", 3], ["kamikaze.result.medals.axis", "eq", 1]], S_KAM, AIR + " Kamikaze Attack")
add("ap-kamikaze-not-a-zero", APK,
    q([ap_plane("p1", "allies", "corsair", "c2"), U("x1", "axis", "infantry", "C3")], {"kamikaze": {"plane": "p1", "target": "x1"}}, rules=AP),
    [["kamikaze.allowed", "eq", False]], S_KAM, AIR + " Kamikaze Attack")
add("ap-kamikaze-not-adjacent", APK,
    q([ap_plane("p1", "axis", "zero", "c2"), U("a1", "allies", "infantry", "E3")], {"kamikaze": {"plane": "p1", "target": "a1"}}, rules=AP),
    [["kamikaze.allowed", "eq", False]], S_KAM, AIR + " Kamikaze Attack")
add("ap-kamikaze-friendly-refused", APK,
    q([ap_plane("p1", "axis", "zero", "c2"), U("x1", "axis", "infantry", "C3")], {"kamikaze": {"plane": "p1", "target": "x1"}}, rules=AP),
    [["kamikaze.allowed", "eq", False]], S_KAM, AIR + " Kamikaze Attack")
add("ap-kamikaze-not-on-airplane", APK,
    q([ap_plane("p1", "axis", "zero", "c2"), ap_plane("p2", "allies", "corsair", "C3")], {"kamikaze": {"plane": "p1", "target": "p2"}}, rules=AP),
    [["kamikaze.allowed", "eq", False]], S_KAM + " (an enemy ground or ship unit: not an airborne airplane, which 'is never attacked directly')", AIR + " Kamikaze Attack")

# -- Recon and Rescue (p.7)
S_REC = ("Recon (Storch) Special Action: If Airplane is adjacent to at least 1 enemy ground (but not Airplane!) unit when you replenish your "
         "hand of Command cards, you may draw 2 Command cards instead of 1; choose 1 and discard the other.")
add("ap-recon-storch-next-to-enemy", APK, q([ap_plane("p1", "axis", "storch", "K7"), U("a1", "allies", "artillery", "k8")], {"recon": {"plane": "p1"}}, rules=AP),
    [["recon.draw", "eq", 2], ["recon.keep", "eq", 1]], S_REC, AIR + " Recon")
add("ap-recon-storch-next-to-enemy-plane-only", APK,
    q([ap_plane("p1", "axis", "storch", "K7"), ap_plane("p2", "allies", "spitfire", "k8")], {"recon": {"plane": "p1"}}, rules=AP),
    [["recon.draw", "eq", 1]], S_REC, AIR + " Recon")
add("ap-recon-storch-alone", APK, q([ap_plane("p1", "axis", "storch", "K7"), U("a1", "allies", "infantry", "K9")], {"recon": {"plane": "p1"}}, rules=AP),
    [["recon.draw", "eq", 1]], S_REC + " (K9 is 2 hexes from K7)", AIR + " Recon")
add("ap-recon-storch-next-to-friend-only", APK, q([ap_plane("p1", "axis", "storch", "K7"), U("x1", "axis", "infantry", "k8")], {"recon": {"plane": "p1"}}, rules=AP),
    [["recon.draw", "eq", 1]], S_REC, AIR + " Recon")
add("ap-recon-not-storch", APK, q([ap_plane("p1", "axis", "me109", "K7"), U("a1", "allies", "infantry", "k8")], {"recon": {"plane": "p1"}}, rules=AP),
    [["recon.draw", "eq", 1]], S_REC + " (Recon is the Storch's action)", AIR + " Recon")
add("ap-recon-grounded-storch", APK,
    q([ap_plane("p1", "axis", "storch", "K7", airborne=False), U("a1", "allies", "infantry", "k8")], {"recon": {"plane": "p1"}}, [T("K7", "airfield", owner="axis")], rules=AP),
    [["recon.draw", "eq", 1]], "An Airplane on the ground cannot conduct any Special Action except Take-Off.", AIR + " Air Check Roll")
S_RESC = ("Rescue (Storch) Special Action: Airplane may be used to remove an adjacent friendly infantry unit with a single figure off the board, "
          "at no Medal cost. ... If the infantry unit was moved before the Airplane's move, it may still be picked up and saved!")
add("ap-rescue-one-figure", APK, q([ap_plane("p1", "axis", "storch", "F3"), U("x1", "axis", "infantry", "f2", figures=1)], {"rescue": {"plane": "p1", "unit": "x1"}}, rules=AP),
    [["rescue.allowed", "eq", True]], S_RESC, AIR + " Rescue")
add("ap-rescue-moved-infantry", APK, q([ap_plane("p1", "axis", "storch", "F3"), U("x1", "axis", "infantry", "f2", figures=1, moved=2)], {"rescue": {"plane": "p1", "unit": "x1"}}, rules=AP),
    [["rescue.allowed", "eq", True]], S_RESC, AIR + " Rescue")
add("ap-rescue-two-figures-refused", APK, q([ap_plane("p1", "axis", "storch", "F3"), U("x1", "axis", "infantry", "f2", figures=2)], {"rescue": {"plane": "p1", "unit": "x1"}}, rules=AP),
    [["rescue.allowed", "eq", False]], S_RESC, AIR + " Rescue")
add("ap-rescue-armor-refused", APK, q([ap_plane("p1", "axis", "storch", "F3"), U("x1", "axis", "armor", "f2", figures=1)], {"rescue": {"plane": "p1", "unit": "x1"}}, rules=AP),
    [["rescue.allowed", "eq", False]], S_RESC, AIR + " Rescue")
add("ap-rescue-enemy-refused", APK, q([ap_plane("p1", "axis", "storch", "F3"), U("a1", "allies", "infantry", "f2", figures=1)], {"rescue": {"plane": "p1", "unit": "a1"}}, rules=AP),
    [["rescue.allowed", "eq", False]], S_RESC, AIR + " Rescue")
add("ap-rescue-not-adjacent-refused", APK, q([ap_plane("p1", "axis", "storch", "F3"), U("x1", "axis", "infantry", "F1", figures=1)], {"rescue": {"plane": "p1", "unit": "x1"}}, rules=AP),
    [["rescue.allowed", "eq", False]], S_RESC, AIR + " Rescue")
add("ap-rescue-not-storch-refused", APK, q([ap_plane("p1", "axis", "me109", "F3"), U("x1", "axis", "infantry", "f2", figures=1)], {"rescue": {"plane": "p1", "unit": "x1"}}, rules=AP),
    [["rescue.allowed", "eq", False]], S_RESC, AIR + " Rescue")

# -- Air check (p.8) and take-off
S_ACR = ("Roll a number of dice equal to the Airplane's underlying hex Air check value ... Countryside hexes have a 0d Air Check value. If there "
         "are adjacent enemy units, roll 1 additional die for each adjacent enemy unit and 2 for each adjacent enemy Airplane. In this case, it "
         "is the Opponent that rolls the dice for the Air check.")
add("ap-check-two-ground-enemies", APK,
    q([ap_plane("p1", "axis", "me109", "B7"), U("a1", "allies", "infantry", "C7"), U("a2", "allies", "armor", "b6"), U("a3", "allies", "infantry", "D7")],
      {"air_check": {"plane": "p1"}}, rules=AP),
    [["air_check.dice", "eq", 2], ["air_check.rolled_by", "eq", "allies"]], S_ACR + " (D7 is 2 hexes away)", AIR + " Air Check Roll")
add("ap-check-enemy-plane-two", APK,
    q([ap_plane("p1", "axis", "me109", "B7"), ap_plane("p2", "allies", "p38", "b8")], {"air_check": {"plane": "p1"}}, rules=AP),
    [["air_check.dice", "eq", 2], ["air_check.rolled_by", "eq", "allies"]], S_ACR, AIR + " Air Check Roll")
add("ap-check-friends-add-nothing", APK,
    q([ap_plane("p1", "axis", "me109", "B7"), U("x1", "axis", "infantry", "C7"), U("x2", "axis", "armor", "b6")], {"air_check": {"plane": "p1"}}, rules=AP),
    [["air_check.dice", "eq", 0], ["air_check.rolled_by", "eq", "axis"]], S_ACR + " (only enemy units add dice; with none adjacent its owner rolls)", AIR + " Air Check Roll")
add("ap-check-over-airfield-no-enemy", APK,
    q([ap_plane("p1", "allies", "p40", "d4")], {"air_check": {"plane": "p1"}}, [T("d4", "airfield", owner="allies")], rules=AP),
    [["air_check.dice", "eq", 0]], "an Airfield is considered as having 0d terrain effect on the Air check", AIR + " Airborne Airplanes")
S_TO = ("Airplanes that are ordered to take off from an Airfield or an Aircraft Carrier are subject to an Air check roll during the turn in which "
        "they are ordered to take off ... an Airfield is considered as having 0d terrain effect on the Air check so if there are no enemy troops "
        "adjacent to the Airfield when the Airplane takes off, no die is rolled.")
add("ap-takeoff-airfield-no-enemy", APK,
    q([ap_plane("p1", "allies", "p40", "d4", airborne=False)], {"air_check": {"plane": "p1"}}, [T("d4", "airfield", owner="allies")], rules=AP),
    [["air_check.dice", "eq", 0]], S_TO, AIR + " Airborne Airplanes")
add("ap-takeoff-airfield-enemy-adjacent", APK,
    q([ap_plane("p1", "allies", "p40", "d4", airborne=False), U("x1", "axis", "infantry", "D5")], {"air_check": {"plane": "p1"}}, [T("d4", "airfield", owner="allies")], rules=AP),
    [["air_check.dice", "eq", 1], ["air_check.rolled_by", "eq", "axis"]], S_TO + " " + S_ACR, AIR + " Airborne Airplanes")
S_CV = ("Aircraft Carriers are considerably more dangerous for takeoff, and 1d must be rolled each time an Air check roll is required (it overrides "
        "the Air check value of the underlying Ocean hex).")
add("ap-takeoff-carrier-one-die", APK,
    q([ap_plane("p1", "axis", "zero", "G9", airborne=False)], {"air_check": {"plane": "p1"}}, [T("G9", "ocean"), T("G9", "aircraft_carrier", owner="axis")], rules=AP),
    [["air_check.dice", "eq", 1], ["air_check.rolled_by", "eq", "axis"]], S_CV + " (no enemy adjacent: its owner rolls)", AIR + " Airborne Airplanes")
add("ap-takeoff-carrier-enemy-ship-adjacent", APK,
    q([ap_plane("p1", "axis", "zero", "G9", airborne=False), U("a1", "allies", "destroyer", "H9")], {"air_check": {"plane": "p1"}},
      [T("G9", "ocean"), T("G9", "aircraft_carrier", owner="axis"), T("H9", "ocean")], rules=AP),
    [["air_check.dice", "eq", 2], ["air_check.rolled_by", "eq", "allies"]], S_CV + " " + S_ACR, AIR + " Airborne Airplanes")
S_LOST = ("If at least 1 Grenade is rolled, the Airplane is lost and the order it was given is wasted! All other dice results are ignored. If the "
          "Airplane was lost, remove it from the board. Opponent gains a Medal only if one of his units (including Opponent's Airplane, if any) "
          "was adjacent to the Airplane at the time of the Air check.")
add("ap-check-lost-no-adjacent-no-medal", APK,
    q([ap_plane("p1", "axis", "zero", "G9", airborne=False)], {"air_check": {"plane": "p1"}}, [T("G9", "ocean"), T("G9", "aircraft_carrier", owner="axis")], rules=AP, dice=["grenade"]),
    [["air_check.result.lost", "eq", True], ["air_check.result.medal_to", "eq", None]], S_LOST, AIR + " Air Check Roll")
add("ap-check-lost-enemy-plane-medal", APK,
    q([ap_plane("p1", "axis", "me109", "B7"), ap_plane("p2", "allies", "p38", "b8")], {"air_check": {"plane": "p1"}}, rules=AP, dice=["star", "grenade"]),
    [["air_check.result.lost", "eq", True], ["air_check.result.medal_to", "eq", "allies"]], S_LOST, AIR + " Air Check Roll")
add("ap-check-flags-stars-nothing", APK,
    q([ap_plane("p1", "axis", "me109", "B7"), ap_plane("p2", "allies", "p38", "b8")], {"air_check": {"plane": "p1"}}, rules=AP, dice=["flag", "star"]),
    [["air_check.result.lost", "eq", False], ["air_check.result.medal_to", "eq", None]], S_LOST, AIR + " Air Check Roll")
add("ap-check-three-enemies-medal", APK,
    q([ap_plane("p1", "allies", "yak9", "D5"), U("x1", "axis", "infantry", "E5"), U("x2", "axis", "infantry", "c4"), U("x3", "axis", "armor", "d6")],
      {"air_check": {"plane": "p1"}}, rules=AP, dice=["infantry", "armor", "grenade"]),
    [["air_check.dice", "eq", 3], ["air_check.result.lost", "eq", True], ["air_check.result.medal_to", "eq", "axis"]], S_ACR + " " + S_LOST, AIR + " Air Check Roll")
add("ap-check-wrong-dice-count", APK,
    q([ap_plane("p1", "allies", "yak9", "D5"), U("x1", "axis", "infantry", "E5")], {"air_check": {"plane": "p1"}}, rules=AP, dice=["infantry", "armor"]),
    [["error.field", "eq", "dice"]], S_ACR + " (1 die is due: 2 faces is an error)", AIR + " Air Check Roll", exit=2)
S_GI = ("Ground Interdiction (Me 109, P40, Spitfire, Yak-7) Special Action: Any ordered enemy ground unit that starts its turn adjacent to the "
        "Airplane cannot move this turn, though it may still battle, and will not add to the Airplane's Air Check roll, unlike other enemy "
        "units (see Air Check Roll p 8), when the Airplane is activated again. Any ordered enemy ground unit that moves onto a hex adjacent to "
        "the Airplane must stop and cannot battle this turn, but adds to the Airplane's Air Check roll as normal.")
add("ap-check-interdicted-unit-adds-none", APK,
    q([ap_plane("p1", "allies", "yak7", "D5"), U("x1", "axis", "infantry", "E5"), U("x2", "axis", "infantry", "c4")],
      {"air_check": {"plane": "p1", "not_counting": ["x1"]}}, rules=AP),
    [["air_check.dice", "eq", 1]], S_GI, AIR + " Ground Interdiction")
add("ap-check-interdiction-not-storch", APK,
    q([ap_plane("p1", "axis", "storch", "D5"), U("a1", "allies", "infantry", "E5")], {"air_check": {"plane": "p1", "not_counting": ["a1"]}}, rules=AP),
    [["error.field", "eq", "ask.air_check.not_counting"]], S_GI + " (the Storch has no Ground Interdiction: no neighbour of it may be left out)",
    AIR + " Ground Interdiction", exit=2)

# -- Airplanes on the ground (p.8-9)
S_GND = ("A model Airplane that is on the ground (before take-off, or after landing on an Airfield hex) can be targeted like any other unit. It is "
         "eliminated if 1 Grenade is rolled against it.")
add("ap-ground-plane-artillery-range", APK,
    q([U("a1", "allies", "artillery", "E1"), ap_plane("p1", "axis", "me109", "E5", airborne=False)], battle(tgt="p1"), [T("E5", "airfield", owner="axis")], rules=AP),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_GND + " (artillery at 4 hexes: 2 dice; an airfield has no battle reduction)", AIR + " Attacking On the Ground Airplanes")
add("ap-ground-plane-armor-grenade-medal", APK,
    q([U("a1", "allies", "armor", "E3"), ap_plane("p1", "axis", "me109", "E5", airborne=False)], battle(tgt="p1"), [T("E5", "airfield", owner="axis")], rules=AP,
      dice=["armor", "grenade", "infantry"]),
    [["result.eliminated", "eq", True], ["result.medals.allies", "eq", 1]], S_GND, AIR + " Attacking On the Ground Airplanes")
add("ap-ground-plane-armor-symbols-no", APK,
    q([U("a1", "allies", "armor", "E3"), ap_plane("p1", "axis", "me109", "E5", airborne=False)], battle(tgt="p1"), [T("E5", "airfield", owner="axis")], rules=AP,
      dice=["armor", "infantry", "star"]),
    [["result.eliminated", "eq", False], ["result.medals.allies", "eq", 0]], S_GND, AIR + " Attacking On the Ground Airplanes")
add("ap-ground-plane-pins-neighbour", APK,
    q([U("a1", "allies", "infantry", "F3"), ap_plane("p1", "axis", "me109", "f4", airborne=False), U("x1", "axis", "infantry", "F5")], battle(),
      [T("f4", "airfield", owner="axis")], rules=AP),
    [["battle.allowed", "eq", False]],
    "Airplanes on the ground ... block line of sight, and prevent adjacent enemy units from firing at more distant targets, like any other ground unit in the game.",
    AIR + " Air Check Roll")
add("ap-ground-plane-close-assault-ok", APK,
    q([U("a1", "allies", "infantry", "F3"), ap_plane("p1", "axis", "me109", "f4", airborne=False)], battle(tgt="p1"), [T("f4", "airfield", owner="axis")], rules=AP),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3], ["battle.close_assault", "eq", True]], S_GND, AIR + " Attacking On the Ground Airplanes")
add("ap-carrier-plane-not-targeted", APK,
    q([U("a1", "allies", "destroyer", "H9"), ap_plane("p1", "axis", "zero", "G9", airborne=False)], battle(tgt="p1"),
      [T("G9", "ocean"), T("G9", "aircraft_carrier", owner="axis"), T("H9", "ocean")], rules=AP),
    [["battle.allowed", "eq", False]], "Airplanes on Aircraft Carriers cannot be targeted directly, but are eliminated if the Aircraft carrier they are on is sunk.",
    AIR + " Air Check Roll")
add("ap-airborne-not-attacked-by-artillery", APK,
    q([U("a1", "allies", "artillery", "E1"), ap_plane("p1", "axis", "me109", "E3")], battle(tgt="p1"), rules=AP),
    [["battle.allowed", "eq", False]], "In Memoir '44, an Airplane that is flying is never attacked directly.", AIR + " Airplane Losses")
add("ap-friendly-plane-blocks-ground-move", APK,
    q([U("a1", "allies", "infantry", "A1"), ap_plane("p1", "allies", "p40", "B1"), U("a2", "allies", "infantry", "a2")], move(), rules=AP),
    dests(["A1"]), "The reverse is not true, however, and a ground unit cannot move onto or through a hex occupied by an Airplane, even if this Airplane is airborne. (any Airplane: the text names no side)",
    AIR + " Movement")
add("ap-grounded-plane-no-strafe", APK,
    q([ap_plane("p1", "allies", "spitfire", "G5", airborne=False), U("x1", "axis", "infantry", "F5")], {"strafe": {"plane": "p1", "hexes": ["F5"]}}, [T("G5", "airfield", owner="allies")], rules=AP),
    [["strafe.allowed", "eq", False]], "An Airplane on the ground cannot conduct any Special Action except Take-Off.", AIR + " Air Check Roll")
add("ap-grounded-zero-no-kamikaze", APK,
    q([ap_plane("p1", "axis", "zero", "c2", airborne=False), U("a1", "allies", "infantry", "C3")], {"kamikaze": {"plane": "p1", "target": "a1"}}, [T("c2", "airfield", owner="axis")], rules=AP),
    [["kamikaze.allowed", "eq", False]], "An Airplane on the ground cannot conduct any Special Action except Take-Off.", AIR + " Air Check Roll")
add("ap-grounded-storch-no-rescue", APK,
    q([ap_plane("p1", "axis", "storch", "F3", airborne=False), U("x1", "axis", "infantry", "f2", figures=1)], {"rescue": {"plane": "p1", "unit": "x1"}}, [T("F3", "airfield", owner="axis")], rules=AP),
    [["rescue.allowed", "eq", False]], "An Airplane on the ground cannot conduct any Special Action except Take-Off.", AIR + " Air Check Roll")
add("ap-airplane-move-ask-four", APK, q([ap_plane("p1", "allies", "spitfire", "G5")], move("p1"), rules=AP),
    [["move.destinations.*.hex", "contains", ["G1", "G9", "C5", "K5", "H5"]], ["move.destinations.*.hex", "excludes", ["G5", "B5", "L5"]]],
    S_AMOVE + " (C5 and K5 are 4 hexes away, B5 and L5 5; the start hex is not an end)", AIR + " Movement")


# --------------------------------------------------------------------------- batch 9: New Flight Plan (2019), sentence by sentence
NFPA = "flight-plan"


def fp(uid: str, side: str, kind: str, hexname: str, airborne: bool = True, **kw: Any) -> dict[str, Any]:
    return U(uid, side, kind, hexname, airborne=airborne, **kw)


def run(markers: list[tuple[str, str]], plane: str = "p1", **kw: Any) -> dict[str, Any]:
    return {"attack_run": {"plane": plane, "markers": [{"hex": h, "ammo": a} for h, a in markers], **kw}}


# -- the rulebook's own worked example (VI. Additional Play Examples), on the centre section
S_EX1 = ("Example: On a turn, a player plays a Command card Probe Center ... The player also plays an Air Combat card Fighter-Bomber Boom & "
         "Zoom. ... the second order to deploy a fighter-bomber air unit. The player takes the plane, three ammo markers and three bomb markers")
add("fp-example-deploy-fighter-bomber-ammo", NFPA, q([], {"deploy": {"side": "allies", "type": "fighter_bomber", "section": "center"}}, rules=FP),
    [["deploy.allowed", "eq", True], ["deploy.ammo", "eq", {"machine_gun": 3, "bomb": 3}]], S_EX1, NFP + " VI. Additional Play Examples")
EXU = [fp("p1", "allies", "fighter_bomber", "f8"), U("x1", "axis", "infantry", "G5"), U("x2", "axis", "armor", "g6"), U("x3", "axis", "infantry", "G7")]
EXM = [("G5", "machine_gun"), ("g6", "bomb"), ("G7", "machine_gun")]
S_EX2 = ("Example: The fighter-bomber may move up to 4 hexes. As it has just been deployed, it may appear on any center section hex the player "
         "wants, counting the hex as its first movement (here, the hex (1) with an infantry unit). The player decides to start their attack run "
         "by placing a machine gun marker from the aircraft's ammo on that infantry. The fighter-bomber moves to the adjacent hex with an armor "
         "unit (2) where the player places a bomb marker, then another machine gun marker on the second infantry unit (3). The fighter-bomber "
         "moves its fourth and final hex onto a hex that does not have any unit (4).")
S_EX3 = ("Example: ... A normal attack, without any Air Combat Card, would have allowed them to roll 1 die for each marker, with the machine gun "
         "scoring a hit on a symbol of the targeted unit and the bomb scoring a hit on a symbol of the targeted unit or a grenade. Thanks to the "
         "Fighter-Bomber Boom & Zoom card, they can roll 2 dice for each machine gun marker and a hit is scored for each star rolled too.")
N_EX = " (the plane is given on its end hex f8; the path G5, g6, G7, f8 is the example's hexes 1-4 placed in the centre section)"
add("fp-example-run-legal", NFPA, q(EXU, run(EXM, path=["G5", "g6", "G7", "f8"], deploying=True), rules=FP),
    [["attack_run.allowed", "eq", True], ["attack_run.targets", "eq", ["x1", "x2", "x3"]], ["attack_run.ammo_left", "eq", {"machine_gun": 1, "bomb": 2}]],
    S_EX2 + N_EX, NFP + " VI. Additional Play Examples")
add("fp-example-run-standard-dice", NFPA, q(EXU, run(EXM, path=["G5", "g6", "G7", "f8"], deploying=True), rules=FP),
    [["attack_run.dice", "eq", [1, 1, 1]]], S_EX3 + N_EX, NFP + " VI. Additional Play Examples")
add("fp-example-run-standard-results", NFPA,
    q(EXU, run(EXM, path=["G5", "g6", "G7", "f8"], deploying=True), rules=FP, dice=[["star"], ["grenade"], ["infantry"]]),
    [["attack_run.results.0.hits", "eq", 0], ["attack_run.results.1.hits", "eq", 1], ["attack_run.results.2.hits", "eq", 1]],
    S_EX3 + " (without the card a star does not hit; the bomb's grenade does)" + N_EX, NFP + " VI. Additional Play Examples")
add("fp-example-boom-and-zoom-dice", NFPA,
    q(EXU, run(EXM, path=["G5", "g6", "G7", "f8"], deploying=True, card="Fighter-Bomber Boom & Zoom"), rules=FP),
    [["attack_run.allowed", "eq", True], ["attack_run.dice", "eq", [2, 1, 2]]],
    S_EX3 + " (AMBIGUOUS: whether the card's stars also hit for the bomb; not asserted)" + N_EX, NFP + " VI. Additional Play Examples")
add("fp-example-boom-and-zoom-results", NFPA,
    q(EXU, run(EXM, path=["G5", "g6", "G7", "f8"], deploying=True, card="Fighter-Bomber Boom & Zoom"), rules=FP,
      dice=[["star", "grenade"], ["armor"], ["infantry", "flag"]]),
    [["attack_run.results.0.hits", "eq", 1], ["attack_run.results.0.figures_removed", "eq", 1], ["attack_run.results.1.hits", "eq", 1],
     ["attack_run.results.2.hits", "eq", 1], ["attack_run.results.2.flags", "eq", 1]],
    S_EX3 + " (machine gun: the star hits under the card, the grenade still does not)" + N_EX, NFP + " VI. Additional Play Examples")
S_SAT = ("Example: That player plays the Saturation Bombing Air Combat card along with a Probe Left Command card. This allows them to use one of "
         "their two orders to deploy any type of air unit on the left section of the battlefield. They choose to activate one infantry and to "
         "deploy a fighter. That fighter will fight as normal, but it won't benefit from the Saturation Bombing effects.")
add("fp-example-saturation-bombing-fighter-normal", NFPA,
    q([fp("p1", "axis", "fighter", "B3"), U("a1", "allies", "infantry", "B5"), U("a2", "allies", "infantry", "b4")],
      run([("B5", "machine_gun"), ("b4", "machine_gun")], path=["B5", "b4", "B3"], deploying=True, card="Saturation Bombing"), rules=FP),
    [["attack_run.allowed", "eq", True], ["attack_run.dice", "eq", [1, 1]]], S_SAT, NFP + " III. Deploy an Air Unit")
add("fp-example-saturation-bombing-fighter-mg", NFPA,
    q([fp("p1", "axis", "fighter", "B3"), U("a1", "allies", "infantry", "B5"), U("a2", "allies", "infantry", "b4")],
      run([("B5", "machine_gun"), ("b4", "machine_gun")], path=["B5", "b4", "B3"], deploying=True, card="Saturation Bombing"), rules=FP,
      dice=[["grenade"], ["infantry"]]),
    [["attack_run.results.0.hits", "eq", 0], ["attack_run.results.1.hits", "eq", 1]], S_SAT + " " + "(fights as normal: machine gun, grenades are NOT hits)",
    NFP + " III. Deploy an Air Unit; Ammo Types")
S_DOG_EX = ("Example: This player decided to engage in a dogfight with their fighter against an enemy bomber. The player rolls three dice and gets "
            "two grenades, scoring two hits. At least one of them must be confirmed to destroy the air unit. The player re-rolls the two dice and "
            "obtains one grenade and one infantry. Because of the grenade, the air unit is destroyed: That player places the Nation Marker on "
            "their medal stand and draws a new Air Combat card. The opponent can no longer deploy a bomber during this game.")
add("fp-example-dogfight-two-possible-hits", NFPA,
    q([fp("p1", "axis", "fighter", "J3"), fp("p2", "allies", "bomber", "j4")], {"dogfight": {"plane": "p1", "target": "p2"}}, rules=FP,
      dice=["grenade", "grenade", "star"]),
    [["dogfight.dice", "eq", 3], ["dogfight.possible_hits", "eq", 2]], S_DOG_EX, NFP + " Downing an Enemy Air Unit")
add("fp-example-confirm-bomber-down", NFPA,
    q([fp("p1", "axis", "fighter", "J3"), fp("p2", "allies", "bomber", "j4")], {"confirm": {"target": "p2"}}, rules=FP, dice=["grenade", "infantry"]),
    [["confirm.shot_down", "eq", True], ["confirm.retires", "eq", False], ["confirm.medal_to", "eq", "axis"],
     ["confirm.air_combat_card_to", "eq", "axis"], ["confirm.banned_type", "eq", "bomber"]], S_DOG_EX, NFP + " Downing an Enemy Air Unit")

# -- Deploying (III)
def deploy(side: str = "allies", kind: str = "fighter", **kw: Any) -> dict[str, Any]:
    return {"deploy": {"side": side, "type": kind, **kw}}


S_DEP = ("You may not deploy an air unit if you already have an air unit on the battlefield. You may not deploy an air unit with a Tactic card.")
S_DEPH = ("Then, perform the standard attack run or the special action, starting the air unit's movement from any hex in the section of the card "
          "just played. This can include hexes that are occupied by an enemy or friendly ground unit or any type of terrain.")
add("fp-deploy-left-hexes", NFPA, q([U("x1", "axis", "infantry", "B5"), U("a1", "allies", "armor", "b4")], deploy(section="left"), [T("C3", "forest")], rules=FP),
    [["deploy.allowed", "eq", True], ["deploy.hexes", "contains", ["A1", "A9", "B5", "b4", "C3", "a8"]], ["deploy.hexes", "excludes", ["G5", "M1", "K9"]]],
    S_DEPH, NFP + " III. Deploy an Air Unit")
add("fp-deploy-right-hexes", NFPA, q([], deploy(side="axis", section="right"), rules=FP),
    [["deploy.hexes", "contains", ["A1", "A9", "C5", "b4"]], ["deploy.hexes", "excludes", ["M1", "G5", "K9"]]], S_DEPH + N_AXSEC, NFP + " III. Deploy an Air Unit")
add("fp-deploy-not-enemy-air-hex", NFPA, q([fp("p2", "axis", "fighter", "G5")], deploy(section="center"), rules=FP),
    [["deploy.allowed", "eq", True], ["deploy.hexes", "excludes", ["G5"]], ["deploy.hexes", "contains", ["G3", "g6"]]],
    S_DEPH + " The hex an air unit starts on is counted as the first hex of the air unit movement. ... An air unit may not move through a hex with "
    "an enemy air unit. (the enemy's own air unit does not stop a deployment elsewhere)", NFP + " III. Deploy an Air Unit; Other Units")
add("fp-deploy-already-flying", NFPA, q([fp("p1", "allies", "bomber", "C5")], deploy(section="center"), rules=FP),
    [["deploy.allowed", "eq", False]], S_DEP, NFP + " III. Deploy an Air Unit")
add("fp-deploy-already-landed", NFPA, q([fp("p1", "allies", "fighter", "C5", airborne=False)], deploy(section="right"), [T("C5", "airfield")], rules=FP),
    [["deploy.allowed", "eq", False]], S_DEP + " (a landed air unit is still on the battlefield)", NFP + " III. Deploy an Air Unit; Air Unit Landing")
add("fp-deploy-tactic-refused", NFPA, q([], deploy(order="tactic"), rules=FP),
    [["deploy.allowed", "eq", False]], S_DEP, NFP + " III. Deploy an Air Unit")
add("fp-deploy-move-order-refused", NFPA, q([], deploy(order="move_only", section="left"), rules=FP),
    [["deploy.allowed", "eq", False]], "You may not use a \"move\" order to deploy an air unit.", NFP + " V. Breakthrough, On the Move orders")
add("fp-deploy-after-withdraw-refused", NFPA, q([], deploy(section="left", withdrew_this_turn=True), rules=FP),
    [["deploy.allowed", "eq", False]], "Note: a player cannot withdraw an air unit from the battlefield at the start of their turn and deploy another air unit during the same turn.",
    NFP + " Air Unit Withdrawing")
S_BAN = ("The defender must return any unused ammo to the ammo pool, and loses the ability to deploy that kind of air unit for the rest of the scenario.")
add("fp-deploy-banned-type-refused", NFPA, q([], deploy(kind="bomber", section="center", banned_types=["bomber"]), rules=FP),
    [["deploy.allowed", "eq", False]], S_BAN, NFP + " Downing an Enemy Air Unit")
add("fp-deploy-other-type-after-ban", NFPA, q([], deploy(kind="fighter", section="center", banned_types=["bomber"]), rules=FP),
    [["deploy.allowed", "eq", True]], S_BAN + " (that kind only)", NFP + " Downing an Enemy Air Unit")
add("fp-deploy-night-refused", NFPA, q([], deploy(section="center", full_daylight=False), rules=FP),
    [["deploy.allowed", "eq", False]], "Pacific Theater - Night Battles: Air units cannot be deployed until full daylight.", NFP + " V. Compatibility")
add("fp-deploy-any-type-any-card", NFPA, q([], deploy(kind="bomber", side="axis", section="left"), rules=FP),
    [["deploy.allowed", "eq", True]], "When you deploy an air unit onto the battlefield, choose an air unit of any type, no matter what Air Combat card you played.",
    NFP + " III. Deploy an Air Unit")

# -- Movement, other units, landing (III)
S_FMOVE = ("When ordered, an air unit may move up to 4 hexes. However, it may not move onto the same hex twice, including the hex where it started its turn.")
add("fp-move-four", NFPA, q([fp("p1", "allies", "fighter", "J3")], amove(path=["j4", "J5", "j6", "J7"]), rules=FP),
    [["air_move.allowed", "eq", True], ["air_move.end", "eq", "J7"]], S_FMOVE, NFP + " Air Unit Movement")
add("fp-move-five-refused", NFPA, q([fp("p1", "allies", "fighter", "J3")], amove(path=["j4", "J5", "j6", "J7", "j8"]), rules=FP),
    [["air_move.allowed", "eq", False]], S_FMOVE, NFP + " Air Unit Movement")
add("fp-move-back-over-start-refused", NFPA, q([fp("p1", "allies", "fighter", "J3")], amove(path=["j4", "J3", "i4"]), rules=FP),
    [["air_move.allowed", "eq", False]], S_FMOVE, NFP + " Air Unit Movement")
S_FOTHER = ("An air unit ignores any movement restrictions. It may move onto or through a hex with terrain, regardless of its nature (impassable "
            "terrain, obstacle, minefield, etc.). An air unit may move through a hex with an enemy or friendly ground unit. It cannot end its move "
            "on the same hex as another unit though. An air unit may not move through a hex with an enemy air unit.")
add("fp-move-over-ground-and-terrain", NFPA,
    q([fp("p1", "axis", "bomber", "J3"), U("a1", "allies", "armor", "j4"), U("x1", "axis", "infantry", "J5")], amove(path=["j4", "J5", "j6"]),
      [T("j4", "minefield", owner="allies"), T("J5", "hedgehogs"), T("j6", "forest")], rules=FP),
    [["air_move.allowed", "eq", True], ["air_move.end", "eq", "j6"]], S_FOTHER, NFP + " Terrain Restrictions; Other Units")
add("fp-move-end-on-ground-unit-refused", NFPA,
    q([fp("p1", "axis", "bomber", "J3"), U("a1", "allies", "armor", "j4")], amove(path=["j4"]), rules=FP),
    [["air_move.allowed", "eq", False]], S_FOTHER, NFP + " Other Units")
add("fp-move-through-enemy-air-refused", NFPA,
    q([fp("p1", "axis", "bomber", "J3"), fp("p2", "allies", "fighter", "j4")], amove(path=["j4", "J5"]), rules=FP),
    [["air_move.allowed", "eq", False]], S_FOTHER + " (Example: The enemy air unit blocks the way!)", NFP + " Other Units")
add("fp-move-around-enemy-air", NFPA,
    q([fp("p1", "axis", "bomber", "J3"), fp("p2", "allies", "fighter", "j4")], amove(path=["K3", "k4", "K5", "J5"]), rules=FP),
    [["air_move.allowed", "eq", True], ["air_move.end", "eq", "J5"]], S_FOTHER, NFP + " Other Units")
add("fp-move-ask-excludes-start-and-units", NFPA,
    q([fp("p1", "allies", "fighter", "G5"), U("a1", "allies", "infantry", "H5"), U("x1", "axis", "infantry", "F5")], move("p1"), rules=FP),
    [["move.destinations.*.hex", "contains", ["I5", "D5", "C5", "K5", "G1", "G9"]], ["move.destinations.*.hex", "excludes", ["G5", "H5", "F5", "B5", "L5"]]],
    S_FMOVE + " " + S_FOTHER, NFP + " Air Unit Movement")
S_FLAND = ("When an air unit ends its movement on a friendly airfield hex (i.e. an airfield hex that is not under enemy control), the air unit is "
           "considered landed and on the ground. Fighters and fighter-bombers can also land on a hex with an aircraft carrier.")
add("fp-land-airfield", NFPA, q([fp("p1", "allies", "bomber", "c6")], amove(path=["C5", "c4"]), [T("c4", "airfield")], rules=FP),
    [["air_move.allowed", "eq", True], ["air_move.landed", "eq", True]], S_FLAND, NFP + " Air Unit Landing")
add("fp-land-carrier-fighter-bomber", NFPA,
    q([fp("p1", "axis", "fighter_bomber", "E9")], amove(path=["F9", "G9"]), [T("G9", "ocean"), T("G9", "aircraft_carrier", owner="axis")], rules=FP),
    [["air_move.landed", "eq", True]], S_FLAND, NFP + " Air Unit Landing")
add("fp-land-carrier-fighter", NFPA,
    q([fp("p1", "axis", "fighter", "E9")], amove(path=["F9", "G9"]), [T("G9", "ocean"), T("G9", "aircraft_carrier", owner="axis")], rules=FP),
    [["air_move.landed", "eq", True]], S_FLAND, NFP + " Air Unit Landing")
add("fp-land-carrier-bomber-no", NFPA,
    q([fp("p1", "axis", "bomber", "E9")], amove(path=["F9", "G9"]), [T("G9", "ocean"), T("G9", "aircraft_carrier", owner="axis")], rules=FP),
    [["air_move.landed", "eq", False]], S_FLAND + " (not bombers)", NFP + " Air Unit Landing")
add("fp-land-plain-hex-no", NFPA, q([fp("p1", "allies", "bomber", "c6")], amove(path=["C5", "c4"]), rules=FP),
    [["air_move.landed", "eq", False]], S_FLAND, NFP + " Air Unit Landing")

# -- Attack runs and ammo (Air to Ground Combat)
S_RUN = ("The attack run is the air unit's standard battle action. It is conducted against a maximum of 3 enemy hexes and targets ground units. "
         "To battle an enemy ground unit, an ordered air unit must move over the enemy hex and place an ammo marker. A single ammo marker is "
         "placed on each hex along the attack run. ... The hexes where the markers are placed must be adjacent and contiguous hexes. You cannot "
         "skip a hex along your path.")
RUNU = [fp("p1", "allies", "fighter_bomber", "C3"), U("x1", "axis", "infantry", "D3"), U("x2", "axis", "armor", "E3"), U("x3", "axis", "infantry", "F3")]
add("fp-run-three-contiguous", NFPA, q(RUNU + [U("x9", "axis", "infantry", "G3")], run([("D3", "machine_gun"), ("E3", "bomb"), ("F3", "machine_gun")], path=["D3", "E3", "F3", "e4"]), rules=FP),
    [["attack_run.allowed", "eq", True], ["attack_run.dice", "eq", [1, 1, 1]], ["attack_run.targets", "eq", ["x1", "x2", "x3"]],
     ["attack_run.ammo_left", "eq", {"machine_gun": 1, "bomb": 2}]], S_RUN, NFP + " Air Unit Attack Run")
add("fp-run-skip-a-hex-refused", NFPA, q(RUNU, run([("D3", "machine_gun"), ("F3", "machine_gun")], path=["D3", "E3", "F3", "e4"]), rules=FP),
    [["attack_run.allowed", "eq", False]], S_RUN, NFP + " Air Unit Attack Run")
add("fp-run-markers-off-path-refused", NFPA, q(RUNU + [U("x4", "axis", "infantry", "d2")], run([("D3", "machine_gun"), ("d2", "machine_gun")], path=["D3", "E3", "e4"]), rules=FP),
    [["attack_run.allowed", "eq", False]], S_RUN + " (d2 is not on the path: the air unit must move over the enemy hex)", NFP + " Air Unit Attack Run")
add("fp-run-path-five-refused", NFPA, q(RUNU, run([("D3", "machine_gun")], path=["D3", "E3", "F3", "G3", "H3"]), rules=FP),
    [["attack_run.allowed", "eq", False]], S_FMOVE, NFP + " Air Unit Movement")
add("fp-run-path-ends-on-unit-refused", NFPA, q(RUNU, run([("D3", "machine_gun"), ("E3", "machine_gun")], path=["D3", "E3", "F3"]), rules=FP),
    [["attack_run.allowed", "eq", False]], S_FOTHER + " (F3 holds x3)", NFP + " Other Units")
add("fp-run-path-back-over-start-refused", NFPA, q(RUNU, run([("D3", "machine_gun")], path=["D3", "C3", "c4"]), rules=FP),
    [["attack_run.allowed", "eq", False]], S_FMOVE, NFP + " Air Unit Movement")
add("fp-run-not-enough-mg-refused", NFPA,
    q([fp("p1", "allies", "fighter_bomber", "C3", ammo={"machine_gun": 1, "bomb": 3}), U("x1", "axis", "infantry", "D3"), U("x2", "axis", "armor", "E3")],
      run([("D3", "machine_gun"), ("E3", "machine_gun")], path=["D3", "E3", "e4"]), rules=FP),
    [["attack_run.allowed", "eq", False]], "A single ammo marker is placed on each hex along the attack run. (1 machine gun marker left: it cannot place 2)",
    NFP + " Air Unit Attack Run")
add("fp-run-no-bombs-refused", NFPA,
    q([fp("p1", "allies", "fighter_bomber", "C3", ammo={"machine_gun": 2, "bomb": 0}), U("x1", "axis", "infantry", "D3")],
      run([("D3", "bomb")], path=["D3", "d4"]), rules=FP),
    [["attack_run.allowed", "eq", False]], "To battle an enemy ground unit, an ordered air unit must move over the enemy hex and place an ammo marker. (no bomb left)",
    NFP + " Air Unit Attack Run")
add("fp-run-on-enemy-air-refused", NFPA,
    q([fp("p1", "allies", "fighter", "C3"), fp("p2", "axis", "fighter", "D3")], run([("D3", "machine_gun")]), rules=FP),
    [["attack_run.allowed", "eq", False]], S_RUN + " (it targets ground units; a flying enemy is fought by a dogfight)", NFP + " Air Unit Attack Run")
S_TERR = ("A standard attack run is resolved with 1 battle die per marker. ... An air unit that is attacking a ground unit always ignore all terrain "
          "battle dice reductions.")
add("fp-run-town-armor-no-reduction", NFPA,
    q([fp("p1", "axis", "fighter", "h6"), U("a1", "allies", "armor", "H7")], run([("H7", "machine_gun")], path=["H7", "I7"]), [T("H7", "town")], rules=FP, dice=[["armor"]]),
    [["attack_run.dice", "eq", [1]], ["attack_run.results.0.hits", "eq", 1], ["attack_run.results.0.figures_removed", "eq", 1]], S_TERR, NFP + " Air Unit Attack Run")
add("fp-run-bunker-infantry-no-reduction", NFPA,
    q([fp("p1", "axis", "fighter_bomber", "h6"), U("a1", "allies", "infantry", "H7")], run([("H7", "bomb")], path=["H7", "h8"]), [T("H7", "bunker", owner="allies")], rules=FP,
      dice=[["grenade"]]),
    [["attack_run.dice", "eq", [1]], ["attack_run.results.0.hits", "eq", 1]], S_TERR + " " + S_MGN, NFP + " Air Unit Attack Run; Ammo Types")
add("fp-run-mg-armor-symbol", NFPA,
    q([fp("p1", "axis", "fighter", "h6"), U("a1", "allies", "armor", "H7")], run([("H7", "machine_gun")], path=["H7", "I7"]), rules=FP, dice=[["infantry"]]),
    [["attack_run.results.0.hits", "eq", 0]], S_MGN + " (an infantry face is not the armor unit's icon)", NFP + " Ammo Types")
add("fp-run-mg-star-no-hit", NFPA,
    q([fp("p1", "axis", "fighter", "h6"), U("a1", "allies", "infantry", "H7")], run([("H7", "machine_gun")], path=["H7", "I7"]), rules=FP, dice=[["star"]]),
    [["attack_run.results.0.hits", "eq", 0]], S_MGN, NFP + " Ammo Types")
add("fp-run-bomb-armor-grenade", NFPA,
    q([fp("p1", "axis", "bomber", "h6"), U("a1", "allies", "armor", "H7")], run([("H7", "bomb")], path=["H7", "I7"]), rules=FP, dice=[["grenade"]]),
    [["attack_run.results.0.hits", "eq", 1]], S_MGN, NFP + " Ammo Types")
add("fp-run-bomb-infantry-face-on-armor", NFPA,
    q([fp("p1", "axis", "bomber", "h6"), U("a1", "allies", "armor", "H7")], run([("H7", "bomb")], path=["H7", "I7"]), rules=FP, dice=[["infantry"]]),
    [["attack_run.results.0.hits", "eq", 0]], S_MGN, NFP + " Ammo Types")
add("fp-run-flag-retreats", NFPA,
    q([fp("p1", "axis", "bomber", "h6"), U("a1", "allies", "infantry", "H7")], run([("H7", "bomb")], path=["H7", "I7"]), rules=FP, dice=[["flag"]]),
    [["attack_run.results.0.flags", "eq", 1], ["attack_run.results.0.flags_ignored", "eq", 0], ["attack_run.results.0.retreat.*.hex", "set", ["g6", "h6"]]],
    "A standard attack run is resolved with 1 battle die per marker. ... The attack run is decided during the move phase and resolved in the combat phase. (a flag is a flag: a1 retreats 1 hex toward the allies' bottom edge, g6 or h6; the bomber has flown on from h6 to I7 by the battle phase)",
    NFP + " Air Unit Attack Run")
add("fp-run-dice-per-marker-error", NFPA,
    q([fp("p1", "axis", "bomber", "h6"), U("a1", "allies", "infantry", "H7")], run([("H7", "bomb")], path=["H7", "I7"]), rules=FP, dice=[["flag", "star"]]),
    [["error.field", "startswith", "dice"]], "A standard attack run is resolved with 1 battle die per marker. (2 faces for 1 die: an error)", NFP + " Air Unit Attack Run", exit=2)
add("fp-run-move-only-refused", NFPA,
    q([fp("p1", "allies", "fighter", "C3"), U("x1", "axis", "infantry", "D3")], run([("D3", "machine_gun")], path=["D3", "d4"], move_only=True), rules=FP),
    [["attack_run.allowed", "eq", False]],
    "On the Move orders: An air unit that is already on the battlefield can be ordered to move, but the air unit may not battle (it may not place markers or declare a dogfight).",
    NFP + " V. Breakthrough")
add("fp-run-their-finest-hour", NFPA,
    q([fp("p1", "allies", "fighter", "C3"), U("x1", "axis", "infantry", "D3"), U("x2", "axis", "infantry", "E3")],
      run([("D3", "machine_gun"), ("E3", "machine_gun")], path=["D3", "E3", "e4"], their_finest_hour=True), rules=FP),
    [["attack_run.allowed", "eq", True], ["attack_run.dice", "eq", [2, 2]]],
    "Their Finest Hour: When a Star is rolled, you may order an air unit that is already on the battlefield ... The ordered air unit battles with one additional die for each marker that is placed.",
    NFP + " IV. Command Cards")
add("fp-run-boom-zoom-on-fighter-standard", NFPA,
    q([fp("p1", "allies", "fighter", "f8"), U("x1", "axis", "infantry", "G7")], run([("G7", "machine_gun")], path=["G7", "g8", "f8"], deploying=True, card="Fighter-Bomber Boom & Zoom"),
      rules=FP),
    [["attack_run.allowed", "eq", True], ["attack_run.dice", "eq", [1]]],
    "if the type of air unit deployed does not match the air unit type restriction icon ... on the Air Combat card: the special action of the card is ignored but the air unit can perform a standard attack run",
    NFP + " III. Deploy an Air Unit")
add("fp-run-rake-the-enemy-fighter", NFPA,
    q([fp("p1", "allies", "fighter", "f8"), U("x1", "axis", "infantry", "G7")], run([("G7", "machine_gun")], path=["G7", "g8", "f8"], deploying=True, card="Rake the Enemy"),
      rules=FP),
    [["attack_run.allowed", "eq", True]],
    "Example: The player could have played a Rake the Enemy Air Combat card alongside the Command card to allow their fighter to use the card's special action instead of its normal battle action. (the card's effect is not printed in the seed: only that it is allowed)",
    NFP + " III. Deploy an Air Unit")
add("fp-run-bomber-machine-gun-count", NFPA,
    q([fp("p1", "axis", "bomber", "K7", ammo={"machine_gun": 0, "bomb": 2}), U("a1", "allies", "infantry", "L7")], run([("L7", "machine_gun")], path=["L7", "l6"]), rules=FP),
    [["attack_run.allowed", "eq", False]], "To battle an enemy ground unit, an ordered air unit must move over the enemy hex and place an ammo marker. (no machine gun ammo)",
    NFP + " Air Unit Attack Run")

# -- Strategic bombing
S_SB = ("a bomber or fighter-bomber that ends its move on an objective hex may try to bomb it, as long as it is unoccupied. ... Resolve the bomb token "
        "during the Battle phase, after any attack run and dogfight, if any. If a grenade is rolled, claim the medal on the objective hex.")
add("fp-bombing-bomber", NFPA, q([fp("p1", "allies", "bomber", "I3")], {"strategic_bombing": {"plane": "p1"}}, [T("I3", "town")], rules=FP),
    [["strategic_bombing.allowed", "eq", True], ["strategic_bombing.dice", "eq", 1]], S_SB + " (Place an ammo token (bomb) on the objective: one die)", NFP + " Strategic Bombing")
add("fp-bombing-fighter-bomber-grenade", NFPA, q([fp("p1", "axis", "fighter_bomber", "I3")], {"strategic_bombing": {"plane": "p1"}}, [T("I3", "town")], rules=FP, dice=["grenade"]),
    [["strategic_bombing.result.medal_claimed", "eq", True]], S_SB, NFP + " Strategic Bombing")
add("fp-bombing-star-no-medal", NFPA, q([fp("p1", "axis", "fighter_bomber", "I3")], {"strategic_bombing": {"plane": "p1"}}, [T("I3", "town")], rules=FP, dice=["star"]),
    [["strategic_bombing.result.medal_claimed", "eq", False]], S_SB, NFP + " Strategic Bombing")
add("fp-bombing-infantry-face-no-medal", NFPA, q([fp("p1", "axis", "bomber", "I3")], {"strategic_bombing": {"plane": "p1"}}, [T("I3", "town")], rules=FP, dice=["infantry"]),
    [["strategic_bombing.result.medal_claimed", "eq", False]], S_SB + " (only a grenade)", NFP + " Strategic Bombing")
add("fp-bombing-fighter-refused", NFPA, q([fp("p1", "allies", "fighter", "I3")], {"strategic_bombing": {"plane": "p1"}}, [T("I3", "town")], rules=FP),
    [["strategic_bombing.allowed", "eq", False]], S_SB, NFP + " Strategic Bombing")
add("fp-bombing-majority-refused", NFPA, q([fp("p1", "allies", "bomber", "I3")], {"strategic_bombing": {"plane": "p1", "majority": True}}, [T("I3", "town")], rules=FP),
    [["strategic_bombing.allowed", "eq", False]], "Majority Medal Objectives cannot be claimed with Strategic Bombing.", NFP + " Strategic Bombing")
add("fp-bombing-reclaim-refused", NFPA, q([fp("p1", "allies", "bomber", "I3")], {"strategic_bombing": {"plane": "p1", "claimed_by_opponent": True}}, [T("I3", "town")], rules=FP),
    [["strategic_bombing.allowed", "eq", False]], "Once an objective has been bombed by a player and claimed, it can no longer be bombed by their opponent to reclaim the objective.",
    NFP + " Strategic Bombing")

# -- Dogfights
S_DOG = ("When an ordered air unit ends its movement in a hex adjacent to an enemy air unit, the ordered air unit may declare a dogfight. ... Each "
         "grenade rolled scores a possible hit (see Downing an enemy air unit above). All other results are ignored.")
add("fp-dogfight-only-grenades", NFPA,
    q([fp("p1", "allies", "fighter", "d8"), fp("p2", "axis", "fighter_bomber", "D9")], {"dogfight": {"plane": "p1", "target": "p2"}}, rules=FP, dice=["flag", "star", "infantry"]),
    [["dogfight.allowed", "eq", True], ["dogfight.possible_hits", "eq", 0]], S_DOG, NFP + " Dogfight")
add("fp-dogfight-before-roll-null", NFPA,
    q([fp("p1", "allies", "fighter", "d8"), fp("p2", "axis", "fighter_bomber", "D9")], {"dogfight": {"plane": "p1", "target": "p2"}}, rules=FP),
    [["dogfight.allowed", "eq", True], ["dogfight.possible_hits", "eq", None]], S_DOG + " (no dice given: the hits are not known)", NFP + " Dogfight")
add("fp-dogfight-friendly-refused", NFPA,
    q([fp("p1", "allies", "fighter", "d8"), fp("p2", "allies", "bomber", "D9")], {"dogfight": {"plane": "p1", "target": "p2"}}, rules=FP),
    [["dogfight.allowed", "eq", False]], S_DOG, NFP + " Dogfight")
add("fp-dogfight-ground-target-refused", NFPA,
    q([fp("p1", "allies", "fighter", "d8"), U("x1", "axis", "armor", "D9")], {"dogfight": {"plane": "p1", "target": "x1"}}, rules=FP),
    [["dogfight.allowed", "eq", False]], S_DOG + " (a dogfight is against an enemy air unit)", NFP + " Dogfight")
add("fp-dogfight-move-only-refused", NFPA,
    q([fp("p1", "allies", "fighter", "d8"), fp("p2", "axis", "bomber", "D9")], {"dogfight": {"plane": "p1", "target": "p2", "move_only": True}}, rules=FP),
    [["dogfight.allowed", "eq", False]], "On the Move orders: ... the air unit may not battle (it may not place markers or declare a dogfight).", NFP + " V. Breakthrough")
add("fp-dogfight-from-ground-refused", NFPA,
    q([fp("p1", "allies", "fighter", "d8", airborne=False), fp("p2", "axis", "bomber", "D9")], {"dogfight": {"plane": "p1", "target": "p2"}}, [T("d8", "airfield")], rules=FP),
    [["dogfight.allowed", "eq", False]], "An air unit may perform an attack run before landing. However, it may not dogfight.", NFP + " Air Unit Landing")
add("fp-dogfight-wrong-dice-count", NFPA,
    q([fp("p1", "allies", "fighter", "d8"), fp("p2", "axis", "bomber", "D9")], {"dogfight": {"plane": "p1", "target": "p2"}}, rules=FP, dice=["grenade"]),
    [["error.field", "eq", "dice"]], "the attacker rolls a number of dice equal to its dogfight value (a fighter: three dice, the example; 1 face is an error)",
    NFP + " Dogfight", exit=2)

# -- Ground to air
S_G2A = ("Ground units may attack air units. An Infantry or Armor ground unit must be in an adjacent hex to battle an enemy flying air unit. "
         "Infantry and Armor roll their regular battle dice (3 dice).")
S_ART2 = ("An Artillery or Destroyer unit can battle a flying air unit that is adjacent or two hexes away (it does not need Line of Sight to the air "
          "unit). Artillery or Destroyers battle an air unit with 1 additional die (4 dice). Remember that an air unit is never protected by terrain.")
def g2a(att: str = "a1", tgt: str = "p1", **kw: Any) -> dict[str, Any]:
    return {"ground_to_air": {"attacker": att, "target": tgt, **kw}}


add("fp-g2a-armor-adjacent", NFPA, q([U("a1", "allies", "armor", "e2"), fp("p1", "axis", "bomber", "E1")], g2a(), rules=FP),
    [["ground_to_air.allowed", "eq", True], ["ground_to_air.dice", "eq", 3]], S_G2A, NFP + " Ground to Air Combat")
add("fp-g2a-armor-two-away-refused", NFPA, q([U("a1", "allies", "armor", "E3"), fp("p1", "axis", "bomber", "E1")], g2a(), rules=FP),
    [["ground_to_air.allowed", "eq", False]], S_G2A, NFP + " Ground to Air Combat")
add("fp-g2a-infantry-forest-no-protection", NFPA,
    q([U("a1", "allies", "infantry", "e2"), fp("p1", "axis", "fighter", "E1")], g2a(), [T("E1", "forest")], rules=FP),
    [["ground_to_air.dice", "eq", 3]], S_G2A + " " + "Remember that an air unit is never protected by terrain.", NFP + " Ground to Air Combat; Dogfight")
add("fp-g2a-armor-from-town", NFPA,
    q([U("a1", "allies", "armor", "e2"), fp("p1", "axis", "fighter", "E1")], g2a(), [T("e2", "town")], rules=FP),
    [["ground_to_air.allowed", "eq", True]], S_G2A + " (AMBIGUOUS: whether armor in a town still loses 2 dice against a plane; only that it may battle is asserted)",
    NFP + " Ground to Air Combat")
add("fp-g2a-artillery-adjacent-four", NFPA, q([U("a1", "axis", "artillery", "I5"), fp("p1", "allies", "fighter", "i4")], g2a(), rules=FP),
    [["ground_to_air.allowed", "eq", True], ["ground_to_air.dice", "eq", 4]], S_ART2, NFP + " Dogfight")
add("fp-g2a-artillery-no-los-needed", NFPA,
    q([U("a1", "axis", "artillery", "I5"), U("x1", "axis", "infantry", "i4"), U("x2", "axis", "infantry", "h4"), fp("p1", "allies", "fighter", "I3")], g2a(),
      [T("i4", "forest"), T("h4", "town")], rules=FP),
    [["ground_to_air.allowed", "eq", True], ["ground_to_air.dice", "eq", 4]], S_ART2, NFP + " Dogfight")
add("fp-g2a-destroyer-two-away", NFPA,
    q([U("a1", "allies", "destroyer", "K1"), fp("p1", "axis", "bomber", "K3")], g2a(), [T("K1", "ocean")], rules=FP),
    [["ground_to_air.allowed", "eq", True], ["ground_to_air.dice", "eq", 4]], S_ART2, NFP + " Dogfight")
add("fp-g2a-possible-hits-grenades-only", NFPA,
    q([U("a1", "allies", "infantry", "e2"), fp("p1", "axis", "fighter", "E1")], g2a(), rules=FP, dice=["grenade", "flag", "star"]),
    [["ground_to_air.possible_hits", "eq", 1]], "Each grenade rolled scores a possible hit (see Downing an enemy air unit above). All other results are ignored.",
    NFP + " Dogfight")
add("fp-g2a-artillery-four-grenades", NFPA,
    q([U("a1", "axis", "artillery", "I5"), fp("p1", "allies", "fighter", "i4")], g2a(), rules=FP, dice=["grenade", "grenade", "infantry", "flag"]),
    [["ground_to_air.possible_hits", "eq", 2]], "Each grenade rolled scores a possible hit", NFP + " Dogfight")
add("fp-g2a-friendly-refused", NFPA, q([U("a1", "allies", "infantry", "e2"), fp("p1", "allies", "fighter", "E1")], g2a(), rules=FP),
    [["ground_to_air.allowed", "eq", False]], S_G2A + " (an enemy flying air unit)", NFP + " Ground to Air Combat")
S_PIN = ("Note that even if the air unit is flying, it is considered adjacent if you occupy the adjacent hex. This means that standard close assault "
         "rules apply: You may not choose to attack a distant unit if you are adjacent to an air unit;")
add("fp-adjacent-air-unit-pins", NFPA,
    q([U("a1", "allies", "infantry", "E3"), fp("p1", "axis", "fighter", "e4"), U("x1", "axis", "infantry", "E5")], battle(), rules=FP),
    [["battle.allowed", "eq", False]], S_PIN, NFP + " Dogfight")
add("fp-battle-flying-confirm-dice", NFPA,
    q([U("a1", "allies", "infantry", "E3"), fp("p1", "axis", "fighter", "e4")], battle(tgt="p1"), rules=FP, dice=["grenade", "grenade", "infantry"]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3], ["result.confirm_dice", "eq", 2]],
    "Any hits against a flying air unit (usually, grenades) must be confirmed. Reroll all the dice that scored a hit.", NFP + " Downing an Enemy Air Unit")
add("fp-battle-flying-take-ground", NFPA,
    q([U("a1", "allies", "infantry", "E3"), fp("p1", "axis", "fighter", "e4")], battle(tgt="p1"), rules=FP, dice=["grenade", "infantry", "infantry"]),
    [["result.take_ground", "eq", True]],
    "You may Take Ground with Infantry and make an Armor Overrun with Armor if you eliminate the air unit or force it to retire; (take_ground: for at least one outcome, here the confirmation)",
    NFP + " Dogfight")
add("fp-battle-flying-armor-overrun", NFPA,
    q([U("a1", "allies", "armor", "E3"), fp("p1", "axis", "fighter", "e4")], battle(tgt="p1"), rules=FP, dice=["grenade", "infantry", "infantry"]),
    [["result.armor_overrun", "eq", True]],
    "You may Take Ground with Infantry and make an Armor Overrun with Armor if you eliminate the air unit or force it to retire;", NFP + " Dogfight")
add("fp-battle-flying-no-grenade-nothing", NFPA,
    q([U("a1", "allies", "infantry", "E3"), fp("p1", "axis", "fighter", "e4")], battle(tgt="p1"), rules=FP, dice=["flag", "infantry", "star"]),
    [["result.figures_removed", "eq", 0], ["result.retreat", "eq", []]],
    "Each grenade rolled scores a possible hit ... All other results are ignored.", NFP + " Dogfight")
add("fp-battle-flying-infantry-two-away-refused", NFPA,
    q([U("a1", "allies", "infantry", "E3"), fp("p1", "axis", "fighter", "E5")], battle(tgt="p1"), rules=FP),
    [["battle.allowed", "eq", False]], S_G2A, NFP + " Ground to Air Combat")
add("fp-battle-flying-artillery-two-away", NFPA,
    q([U("a1", "allies", "artillery", "E1"), fp("p1", "axis", "bomber", "E3")], battle(tgt="p1"), rules=FP),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]], S_ART2, NFP + " Dogfight")
add("fp-battle-flying-artillery-three-refused", NFPA,
    q([U("a1", "allies", "artillery", "E1"), fp("p1", "axis", "bomber", "e4")], battle(tgt="p1"), rules=FP),
    [["battle.allowed", "eq", False]], S_ART2, NFP + " Dogfight")
add("fp-anti-tank-star-no-hit-landed", NFPA,
    q([U("a1", "allies", "anti_tank", "e2"), fp("p1", "axis", "fighter", "E1", airborne=False)], battle(tgt="p1"), [T("E1", "airfield")], rules=FP, dice=["star", "infantry", "armor"]),
    [["result.eliminated", "eq", False]],
    "Air units are not considered Vehicles. When attacked by anti-tank units such as Anti-Tank Guns or Tank Destroyers, Stars do not hit. (and on a landed air unit only a grenade or a flag hits)",
    NFP + " V. Anti-Tank Weapons; Air Unit Landing")

# -- Landed air units
S_LANDED = ("When on the ground, an air unit is targeted and attacked like a regular ground unit. A unit does not need to be adjacent to attack a plane "
            "(see Ground to Air rule section), as long as it is in range. Any grenade or flag will score a hit against a landed air unit, destroying "
            "it immediately (do not reroll to confirm the hit).")
add("fp-landed-infantry-range-two", NFPA,
    q([U("a1", "allies", "infantry", "C1"), fp("p1", "axis", "bomber", "C3", airborne=False)], battle(tgt="p1"), [T("C3", "airfield")], rules=FP),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_LANDED, NFP + " Air Unit Landing")
add("fp-landed-artillery-range-six", NFPA,
    q([U("a1", "allies", "artillery", "C1"), fp("p1", "axis", "bomber", "C7", airborne=False)], battle(tgt="p1"), [T("C7", "airfield")], rules=FP),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_LANDED + " (artillery at 6 hexes: 1 die)", NFP + " Air Unit Landing")
add("fp-landed-grenade-destroys-no-confirm", NFPA,
    q([U("a1", "allies", "infantry", "C1"), fp("p1", "axis", "bomber", "C3", airborne=False)], battle(tgt="p1"), [T("C3", "airfield")], rules=FP, dice=["grenade", "infantry"]),
    [["result.eliminated", "eq", True], ["result.medals.allies", "eq", 1], ["result.confirm_dice", "falsy", None]], S_LANDED, NFP + " Air Unit Landing")
add("fp-landed-flag-destroys-ground-to-air", NFPA,
    q([U("a1", "allies", "armor", "c2"), fp("p1", "axis", "fighter", "C3", airborne=False)], g2a(), [T("C3", "airfield")], rules=FP, dice=["flag", "infantry", "armor"]),
    [["ground_to_air.landed_target", "eq", True], ["ground_to_air.allowed", "eq", True], ["ground_to_air.dice", "eq", 3], ["ground_to_air.destroyed", "eq", True]],
    S_LANDED + " (asked as ground_to_air, a landed unit is battled like a ground unit in range: the attack is allowed and the flag destroys it; session 9 auditair2 changed this case, which said allowed false)",
    NFP + " Air Unit Landing; Ground to Air Combat")
add("fp-landed-symbols-nothing", NFPA,
    q([U("a1", "allies", "armor", "c2"), fp("p1", "axis", "fighter", "C3", airborne=False)], battle(tgt="p1"), [T("C3", "airfield")], rules=FP, dice=["armor", "infantry", "star"]),
    [["result.eliminated", "eq", False]], S_LANDED + " (only a grenade or a flag)", NFP + " Air Unit Landing")
add("fp-landed-on-carrier-not-attacked", NFPA,
    q([U("a1", "allies", "destroyer", "H9"), fp("p1", "axis", "fighter", "G9", airborne=False)], battle(tgt="p1"), [T("G9", "ocean"), T("G9", "aircraft_carrier", owner="axis"), T("H9", "ocean")], rules=FP),
    [["battle.allowed", "eq", False]], "Note: A landed air unit on a friendly aircraft carrier may not be attacked; combat is conducted against the aircraft carrier.",
    NFP + " Air Unit Landing")

# -- Confirmation, withdrawal
S_CONF2 = ("Reroll all the dice that scored a hit. If at least one grenade is rolled, the hit is confirmed and the enemy air unit is shot down. The attacker "
           "collects the Nation Marker, places it on their medal stand, and draws a new Air Combat card as a reward. The defender must return any unused "
           "ammo to the ammo pool, and loses the ability to deploy that kind of air unit for the rest of the scenario. If the attacker does not roll a "
           "grenade but rolls a flag on the confirmation roll, the enemy air unit must retire from the battlefield but is not destroyed. ... The "
           "attacker does not gain a medal, or any Air Combat card reward. The defender must return any unused ammo to the ammo pool, but does not "
           "lose the ability to deploy that kind of air unit since it was not shot down.")
CONFU = [fp("p2", "allies", "fighter_bomber", "K5"), U("x1", "axis", "infantry", "k6")]
add("fp-confirm-grenade-and-flag-down", NFPA, q(CONFU, {"confirm": {"target": "p2"}}, rules=FP, dice=["flag", "grenade"]),
    [["confirm.shot_down", "eq", True], ["confirm.retires", "eq", False], ["confirm.medal_to", "eq", "axis"], ["confirm.air_combat_card_to", "eq", "axis"],
     ["confirm.banned_type", "eq", "fighter_bomber"], ["confirm.ammo_returned", "eq", True]], S_CONF2, NFP + " Downing an Enemy Air Unit")
add("fp-confirm-flag-retires-keeps-type", NFPA, q(CONFU, {"confirm": {"target": "p2"}}, rules=FP, dice=["flag"]),
    [["confirm.shot_down", "eq", False], ["confirm.retires", "eq", True], ["confirm.medal_to", "eq", None], ["confirm.air_combat_card_to", "eq", None],
     ["confirm.banned_type", "eq", None], ["confirm.ammo_returned", "eq", True]], S_CONF2, NFP + " Downing an Enemy Air Unit")
add("fp-confirm-nothing-stays", NFPA, q(CONFU, {"confirm": {"target": "p2"}}, rules=FP, dice=["star", "infantry", "armor"]),
    [["confirm.shot_down", "eq", False], ["confirm.retires", "eq", False], ["confirm.medal_to", "eq", None], ["confirm.banned_type", "eq", None]],
    S_CONF2 + " (neither a grenade nor a flag: the hits are not confirmed)", NFP + " Downing an Enemy Air Unit")
add("fp-confirm-landed-target-error", NFPA,
    q([fp("p2", "allies", "fighter", "K5", airborne=False)], {"confirm": {"target": "p2"}}, [T("K5", "airfield")], rules=FP, dice=["grenade"]),
    [["error.field", "startswith", "ask.confirm"]], "Any grenade or flag will score a hit against a landed air unit, destroying it immediately (do not reroll to confirm the hit).",
    NFP + " Air Unit Landing", exit=2)
S_WD = ("At the start of their turn, before playing a Command card, a player may decide to withdraw an air unit off the battlefield. If the air unit is "
        "out of ammo, it must be withdrawn. When an air unit withdraws, ... No medal is awarded when an air unit withdraws.")
add("fp-withdraw-out-of-ammo-must", NFPA, q([fp("p1", "axis", "fighter_bomber", "L7", ammo={"machine_gun": 0, "bomb": 0})], {"withdraw": {"plane": "p1"}}, rules=FP),
    [["withdraw.must", "eq", True], ["withdraw.medal", "eq", False]], S_WD, NFP + " Air Unit Withdrawing")
add("fp-withdraw-with-ammo-may", NFPA, q([fp("p1", "axis", "fighter_bomber", "L7", ammo={"machine_gun": 0, "bomb": 1})], {"withdraw": {"plane": "p1"}}, rules=FP),
    [["withdraw.must", "eq", False], ["withdraw.may", "eq", True], ["withdraw.medal", "eq", False]], S_WD, NFP + " Air Unit Withdrawing")

# -- Command cards with the new air rules (IV)
add("fp-barrage-not-on-flying", NFPA,
    q([fp("p1", "axis", "fighter", "G5")], {"card_attack": {"card": "barrage", "side": "allies", "targets": ["p1"]}}, rules=FP),
    [["error.field", "eq", "ask.card_attack.targets.0"]],
    "Barrage: Only ground units may be targeted with this card, so it has no effect on flying air units. (the card ask refuses a target it may not take as a bad query, like a friendly one)",
    NFP + " IV. Command Cards", exit=2)
add("fp-air-power-not-used", NFPA,
    q([U("x1", "axis", "infantry", "G5")], {"card_attack": {"card": "air_power", "side": "allies", "targets": ["x1"]}}, rules=FP),
    [["error.field", "eq", "ask.card_attack.card"]],
    "If you decide to play with New Flight Plan - Air Rules, make sure to remove the Air Power Command card (and Air Sortie, if any) from your deck before any game. These cards are never used with the new Air Rules.",
    NFP + " I. How and When to Use Air Rules", exit=2)

# -- asks added for this audit (docs/rules-referee.md): airplane selection, air superiority, interdiction
S_SEL = "When an Air Sortie is made, if no specific Airplane was assigned in the Special rules of the scenario being played, the following guidelines must be used to select a proper aircraft type:"


def sel(nation: str, theatre: str, year: int, month: int = 1, **kw: Any) -> dict[str, Any]:
    return {"air_selection": {"nation": nation, "theatre": theatre, "year": year, "month": month, **kw}}


for cid, ask_, op, models, why in [
    ("britain-western-1940", sel("britain", "western", 1940), "set", ["spitfire"], "Spitfire: entire war, all theaters (P40 only in the Mediterranean, Corsair only carrier-based in the Pacific)"),
    ("britain-med-1941-07", sel("britain", "mediterranean", 1941, 7), "excludes", ["p40"], "P40: August 1941 onward, Mediterranean Theater"),
    ("britain-med-1941-08", sel("britain", "mediterranean", 1941, 8), "set", ["spitfire", "p40"], "P40: August 1941 onward, Mediterranean Theater"),
    ("britain-pacific-carrier-1943-06", sel("britain", "pacific", 1943, 6, carrier_based=True), "contains", ["corsair", "spitfire"], "Corsair: Carrier-based from June 1943, Pacific Theater"),
    ("britain-pacific-carrier-1943-05", sel("britain", "pacific", 1943, 5, carrier_based=True), "excludes", ["corsair"], "Corsair: Carrier-based from June 1943, Pacific Theater"),
    ("britain-pacific-land-1944", sel("britain", "pacific", 1944), "excludes", ["corsair"], "Corsair: Carrier-based from June 1943 (the British Corsair is carrier-based only)"),
    ("france-like-britain", sel("france", "mediterranean", 1942), "set", ["spitfire", "p40"], "Scenarios featuring British Forces (and Allied nations not on this list)"),
    ("germany-any", sel("germany", "eastern", 1939), "set", ["storch", "me109"], "Storch: entire war, all theaters; Me109: entire war, all theaters"),
    ("italy-like-germany", sel("italy", "mediterranean", 1941), "set", ["storch", "me109"], "Scenarios featuring German Forces (and Axis nations not on this list)"),
    ("japan-zero", sel("japan", "pacific", 1944), "set", ["zero"], "Scenarios featuring Japanese Forces: Zero: entire war"),
    ("ussr-1941", sel("ussr", "eastern", 1941, 6), "set", ["yak1", "yak7"], "Yak-1: entire war; Yak-7: entire war; Yak-9: from October 1942 onward; P40: from January 1942 onward"),
    ("ussr-1942-01", sel("ussr", "eastern", 1942, 1), "set", ["yak1", "yak7", "p40"], "P40: from January 1942 onward"),
    ("ussr-1942-10", sel("ussr", "eastern", 1942, 10), "set", ["yak1", "yak7", "yak9", "p40"], "Yak-9: from October 1942 onward"),
    ("usa-western-1944", sel("usa", "western", 1944), "set", ["p38", "p40"], "P38: entire war, all theaters; P40: entire war, all theaters; Corsair: Pacific Theater"),
    ("usa-pacific-1943-01-marines", sel("usa", "pacific", 1943, 1), "contains", ["corsair", "p38", "p40"], "Corsair: ground-based Marine squadrons from January 1943"),
    ("usa-pacific-1942-12", sel("usa", "pacific", 1942, 12), "excludes", ["corsair"], "Corsair: ground-based Marine squadrons from January 1943; based on carriers from September 1943"),
]:
    add(f"ap-selection-{cid}", APK, q([], ask_, rules=AP), [["air_selection.models", op, models]], S_SEL + " " + why, AIR + " Airplane Selection")
add("ap-selection-bad-nation", APK, q([], sel("atlantis", "pacific", 1943), rules=AP), [["error.field", "eq", "ask.air_selection.nation"]],
    S_SEL + " (the guidelines name nations and camps)", AIR + " Airplane Selection", exit=2)

S_SUP = ("The following Air Superiority Chart will indicate which side has Air Superiority in a theater, by year. ... Sometimes, there is no Air "
         "Superiority: in this case, both players receive the same number of Air Combat cards at game start. ... Each player draws 2 Air Combat "
         "cards at game start. The player with Air Superiority (see above chart) draws 1 additional combat card.")
for cid, front, year, sup, cards in [
    ("western-1940", "western", 1940, "axis", {"allies": 2, "axis": 3}),
    ("western-1943", "western", 1943, "axis", {"allies": 2, "axis": 3}),
    ("western-1944", "western", 1944, "allies", {"allies": 3, "axis": 2}),
    ("eastern-1942", "eastern", 1942, "axis", {"allies": 2, "axis": 3}),
    ("eastern-1943", "eastern", 1943, None, {"allies": 2, "axis": 2}),
    ("eastern-1945", "eastern", 1945, None, {"allies": 2, "axis": 2}),
    ("pacific-1941", "pacific", 1941, "axis", {"allies": 2, "axis": 3}),
    ("pacific-1943", "pacific", 1943, None, {"allies": 2, "axis": 2}),
    ("pacific-1944", "pacific", 1944, "allies", {"allies": 3, "axis": 2}),
]:
    add(f"fp-setup-{cid}", NFPA, q([], {"air_setup": {"front": front, "year": year}}, rules=FP),
        [["air_setup.superiority", "eq", sup], ["air_setup.air_combat_cards", "eq", cards]],
        S_SUP + " (the Pacific row prints 6 cells for 7 years: 1945 is AMBIGUOUS and not asserted)", NFP + " Air Superiority Table; Set Up with Air Rules")
add("fp-setup-beach-map", NFPA, q([], {"air_setup": {"front": "western", "year": 1944, "beach_map": True}}, rules=FP),
    [["air_setup.air_combat_cards", "eq", {"allies": 2, "axis": 1}]],
    "Important Note: When you play a landing scenario (beach map), both players draw 1 less Air Combat card.", NFP + " Set Up with Air Rules")
add("fp-setup-year-outside", NFPA, q([], {"air_setup": {"front": "western", "year": 1938}}, rules=FP),
    [["error.field", "eq", "ask.air_setup.year"]], "Front 1939 1940 1941 1942 1943 1944 1945 (the chart's years)", NFP + " Air Superiority Table", exit=2)

S_GI2 = S_GI + " Phase of play: The benefit of this action occurs during the Airplane Opponent's Movement and Combat phases."
GIP = [ap_plane("p1", "allies", "spitfire", "G5")]
add("ap-interdiction-started-adjacent-pinned", APK,
    q(GIP + [U("x1", "axis", "armor", "g6")], {"interdiction": {"plane": "p1", "unit": "x1"}}, rules=AP),
    [["interdiction.applies", "eq", True], ["interdiction.pinned", "eq", True], ["interdiction.adds_to_air_check", "eq", False],
     ["interdiction.destinations.*.hex", "excludes", ["h6", "G7", "H7", "f6", "g8", "H5"]]], S_GI2, AIR + " Ground Interdiction")
add("ap-interdiction-moves-next-stops", APK,
    q(GIP + [U("x1", "axis", "armor", "G7")], {"interdiction": {"plane": "p1", "unit": "x1"}}, rules=AP),
    [["interdiction.pinned", "eq", False], ["interdiction.adds_to_air_check", "eq", True],
     ["interdiction.destinations.[hex=H5].can_battle", "eq", False], ["interdiction.destinations.[hex=g6].can_battle", "eq", False],
     ["interdiction.destinations.[hex=I5].can_battle", "eq", True], ["interdiction.destinations.*.hex", "excludes", ["g4", "f4"]]],
    S_GI2 + " (armor on G7 moves 3: H5 and g6 are next to the airplane, it stops there and may not battle; g4 and f4 lie beyond hexes next to it; "
    "I5 is reached by H7, h6)", AIR + " Ground Interdiction")
add("ap-interdiction-not-after-strafing", APK,
    q(GIP + [U("x1", "axis", "armor", "g6")], {"interdiction": {"plane": "p1", "unit": "x1", "strafed": True}}, rules=AP),
    [["interdiction.applies", "eq", False], ["interdiction.destinations.*.hex", "contains", ["h6", "G7"]]],
    "A player's Airplane may not do strafing on his turn and Ground Interdiction on his Opponent's turn.", AIR + " Ground Interdiction")
add("ap-interdiction-p38-cannot", APK,
    q([ap_plane("p1", "allies", "p38", "G5"), U("x1", "axis", "armor", "g6")], {"interdiction": {"plane": "p1", "unit": "x1"}}, rules=AP),
    [["interdiction.applies", "eq", False], ["interdiction.pinned", "eq", False]], S_GI, AIR + " Ground Interdiction")
add("ap-interdiction-friendly-unit-free", APK,
    q(GIP + [U("a1", "allies", "armor", "g6")], {"interdiction": {"plane": "p1", "unit": "a1"}}, rules=AP),
    [["interdiction.applies", "eq", False], ["interdiction.pinned", "eq", False]], S_GI + " (enemy units only)", AIR + " Ground Interdiction")
add("ap-interdiction-grounded-plane", APK,
    q([ap_plane("p1", "allies", "spitfire", "G5", airborne=False), U("x1", "axis", "armor", "g6")], {"interdiction": {"plane": "p1", "unit": "x1"}},
      [T("G5", "airfield", owner="allies")], rules=AP),
    [["interdiction.applies", "eq", False]], "An Airplane on the ground cannot conduct any Special Action except Take-Off.", AIR + " Air Check Roll")

# -- more of the same texts: who may battle whom
add("ap-airplane-does-not-battle", APK,
    q([ap_plane("a1", "allies", "spitfire", "G5"), U("x1", "axis", "infantry", "g6")], battle(), rules=AP),
    [["battle.allowed", "eq", False]],
    "Airplanes do not battle in the traditional way. Instead, an Airplane may use its \"air battle\" action to accomplish a single Special Action",
    AIR + " Air Battle Special Actions")
add("fp-air-unit-battles-by-attack-run", NFPA,
    q([fp("a1", "allies", "fighter", "G5"), U("x1", "axis", "infantry", "g6")], battle(), rules=FP),
    [["battle.allowed", "eq", False]],
    "An air unit moves during the move phase and battles during the combat phase, like any other unit. However, it may attack several targets, "
    "that it flew over during its move. This is called an Attack Run. (no battle ask of its own: the attack run is its battle)",
    NFP + " Air Unit Movement")
add("fp-g2a-infantry-moved-two-refused", NFPA,
    q([U("a1", "allies", "infantry", "G5", moved=2), fp("x1", "axis", "fighter", "g6")], g2a(tgt="x1"), rules=FP),
    [["ground_to_air.allowed", "eq", False]],
    "Ground units may attack air units. ... standard close assault rules apply (an infantry unit that moved 2 hexes does not battle, base rules)",
    NFP + " Ground to Air Combat; Dogfight")
add("fp-g2a-artillery-moved-refused", NFPA,
    q([U("a1", "allies", "artillery", "G5", moved=1), fp("x1", "axis", "fighter", "G7")], g2a(tgt="x1"), rules=FP),
    [["ground_to_air.allowed", "eq", False]],
    "An Artillery or Destroyer unit can battle a flying air unit that is adjacent or two hexes away (artillery that moved does not battle, base rules)",
    NFP + " Dogfight")
add("fp-g2a-anti-tank-stars-no-hit", NFPA,
    q([U("a1", "allies", "anti_tank", "G5"), fp("x1", "axis", "fighter", "g6")], g2a(tgt="x1"), rules=FP, dice=["star", "star", "grenade"]),
    [["ground_to_air.allowed", "eq", True], ["ground_to_air.possible_hits", "eq", 1]],
    "Air units are not considered Vehicles. When attacked by anti-tank units such as Anti-Tank Guns or Tank Destroyers, Stars do not hit.",
    NFP + " V. Anti-Tank Weapons")
add("ap-kamikaze-on-a-ship", APK,
    q([ap_plane("p1", "axis", "zero", "g8"), U("a1", "allies", "destroyer", "G9")], {"kamikaze": {"plane": "p1", "target": "a1"}}, [T("G9", "ocean")], rules=AP),
    [["kamikaze.allowed", "eq", True], ["kamikaze.dice", "eq", 2]], S_KAM + " (a ship unit)", AIR + " Kamikaze Attack")
add("ap-strafe-skips-airborne-enemy-plane", APK,
    q([ap_plane("p1", "allies", "spitfire", "G5"), ap_plane("p2", "axis", "me109", "F5"), U("x1", "axis", "infantry", "f6")],
      {"strafe": {"plane": "p1", "hexes": ["F5", "f6"]}}, rules=AP),
    [["strafe.targets", "eq", ["x1"]], ["strafe.dice", "eq", 1]],
    "In Memoir '44, an Airplane that is flying is never attacked directly. (strafing rolls against the ground unit only)" + N_STRAF,
    AIR + " Airplane Losses; Strafing")
add("ap-enter-over-enemy-edge-hex", APK,
    q([ap_plane("p1", "allies", "p40", "A1"), U("x1", "axis", "infantry", "A3")], amove(path=["A3", "a4", "B5"], entering=True), rules=AP),
    [["air_move.allowed", "eq", True], ["air_move.end", "eq", "B5"]],
    S_ENTRY + " " + S_OVER + " (the entry hex may hold a unit: the airplane flies over it)", AIR + " Movement")
add("fp-bombing-no-bomb-left-refused", NFPA,
    q([fp("p1", "allies", "bomber", "I3", ammo={"machine_gun": 0, "bomb": 0})], {"strategic_bombing": {"plane": "p1"}}, [T("I3", "town")], rules=FP),
    [["strategic_bombing.allowed", "eq", False]], "When you want to bomb an objective, simply declare it at the end of your air unit's move. Place an ammo token (bomb) on the objective.",
    NFP + " Strategic Bombing")
add("fp-withdraw-fighter-no-machine-gun", NFPA, q([fp("p1", "allies", "fighter", "c6", ammo={"machine_gun": 0, "bomb": 0})], {"withdraw": {"plane": "p1"}}, rules=FP),
    [["withdraw.must", "eq", True]], S_WD, NFP + " Air Unit Withdrawing")


# --------------------------------------------------------------------------- batch 10: command cards, orders, base combat (card audit)
# Card texts: the printed cards as quoted by bga-memoir modules/php/Cards/Standard (cross-check) and the
# Days of Wonder cards compendium FAQ (Ambush); section layout: seed 003 "Game Board" (a hex cut by a dotted line
# belongs to both sections). Standard board, Allies at the bottom: left flank = columns A-D / a-d, the dotted hexes
# E and I (13-hex rows), centre = F-H / e-h, right flank = J-M / i-l; the Axis player at the top sees them mirrored.
CARDTXT = "card text (bga-memoir modules/php/Cards/Standard; docs/rules-sources.md Command cards)"
DOWFAQ = "daysofwonder.com memoir44 cards compendium (command_13, Ambush FAQ)"
S_ORD = ("You may not give more than one order to each unit. If the Command card allows you to issue more orders in a given "
         "section of the battlefield than you have units in that section, those additional orders are lost.")
S_DOT = "Units on a hex with a red dotted line running through it may be ordered from either section."


def orders(card: str, units: list[str], side: str = "allies", **kw: Any) -> dict[str, Any]:
    return {"orders": {"card": card, "side": side, "units": units, **kw}}


def inf(uid: str, hexname: str, side: str = "allies", **kw: Any) -> dict[str, Any]:
    return U(uid, side, "infantry", hexname, **kw)


CO = "cards"
OR = "orders"
BC = "base combat"
# ---- section cards
add("ord-recon-left-one-unit", OR, q([inf("a1", "A1"), inf("a2", "B1")], orders("recon_left", ["a1", "a2"])),
    [["orders.valid", "eq", ["a1"]], ["orders.orders_available", "eq", 1], ["orders.rejected.*.unit", "eq", ["a2"]]],
    "Recon 1 (Left Flank): Issue an order to 1 unit on the Left Flank.", CARDTXT)
add("ord-probe-center-two-units", OR, q([inf("a1", "F1"), inf("a2", "G1"), inf("a3", "H1")], orders("probe_center", ["a1", "a2", "a3"])),
    [["orders.valid", "eq", ["a1", "a2"]], ["orders.rejected.*.unit", "eq", ["a3"]]],
    "Probe Center: Issue an order to 2 units in the Center.", CARDTXT)
add("ord-attack-right-three-units", OR, q([inf("a1", "J1"), inf("a2", "K1"), inf("a3", "L1"), inf("a4", "M1")], orders("attack_right", ["a1", "a2", "a3", "a4"])),
    [["orders.valid", "len", 3], ["orders.orders_available", "eq", 3]], "Attack Right Flank: Issue an order to 3 units on the Right Flank.", CARDTXT)
add("ord-assault-left-all-units", OR,
    q([inf("a1", "A1"), inf("a2", "B1"), inf("a3", "C1"), inf("a4", "D1"), U("a5", "allies", "armor", "b2"), U("a6", "allies", "artillery", "c2")],
      orders("assault_left", ["a1", "a2", "a3", "a4", "a5", "a6"])),
    [["orders.valid", "set", ["a1", "a2", "a3", "a4", "a5", "a6"]], ["orders.rejected", "eq", []]],
    "Assault Left Flank: Issue an order to all units on the Left Flank.", CARDTXT)
add("ord-assault-center-not-the-flank", OR, q([inf("a1", "F1"), inf("a2", "G1"), inf("a3", "A1")], orders("assault_center", ["a1", "a2", "a3"])),
    [["orders.valid", "set", ["a1", "a2"]], ["orders.rejected.*.unit", "eq", ["a3"]]],
    "Assault Center: Issue an order to all units in the Center. (A1 is on the left flank)", CARDTXT)
add("ord-attack-left-lost-orders", OR, q([inf("a1", "A1"), inf("a2", "G1")], orders("attack_left", ["a1"])),
    [["orders.valid", "eq", ["a1"]], ["orders.orders_lost", "eq", 2]], S_ORD, BASE + " Order Units")
add("ord-probe-center-no-unit-there", OR, q([inf("a1", "A1"), inf("a2", "M1")], orders("probe_center", ["a1", "a2"])),
    [["orders.valid", "eq", []], ["orders.orders_lost", "eq", 2]], S_ORD, BASE + " Order Units")
add("ord-one-order-per-unit", OR, q([inf("a1", "A1"), inf("a2", "B1")], orders("probe_left", ["a1", "a1"])),
    [["orders.valid", "eq", ["a1"]]], "You may not give more than one order to each unit.", BASE + " Order Units")
add("ord-not-own-unit", OR, q([inf("a1", "A1"), inf("x1", "B3", side="axis")], orders("probe_left", ["x1", "a1"])),
    [["orders.valid", "eq", ["a1"]], ["orders.rejected.*.unit", "eq", ["x1"]]],
    "After playing a command card, announce which corresponding unit(s) you choose to order. (your own units)", BASE + " Order Units")
add("ord-odd-row-left-edge-d", OR, q([inf("a1", "d2")], orders("probe_left", ["a1"])),
    [["orders.valid", "eq", ["a1"]]], "giving each player a left flank, a center and a right flank section (d2: left of the line)", BASE + " Game Board")
add("ord-odd-row-center-e-not-left", OR, q([inf("a1", "e2")], orders("probe_left", ["a1"])),
    [["orders.valid", "eq", []]], "Section cards ... indicate in which section(s) ... (e2 lies in the center; the line runs along its side)", BASE + " Game Board")
add("ord-odd-row-c-not-center", OR, q([inf("a1", "c2")], orders("probe_center", ["a1"])),
    [["orders.valid", "eq", []]], "Section cards ... indicate in which section(s) ... (c2 is not cut by the line: d2 is)", BASE + " Game Board")
add("ord-dotted-I-center", OR, q([inf("a1", "i4")], orders("probe_center", ["a1"])),
    [["orders.valid", "eq", ["a1"]]], "Where a dotted line cuts through a hex, the hex is considered to be a part of both the flank and center section.", BASE + " Game Board")
add("ord-dotted-I-right", OR, q([inf("a1", "i4")], orders("probe_right", ["a1"])),
    [["orders.valid", "eq", ["a1"]]], S_DOT, BASE + " Order Units")
add("ord-dotted-I-not-left", OR, q([inf("a1", "i4")], orders("probe_left", ["a1"])),
    [["orders.valid", "eq", []]], "Where a dotted line cuts through a hex, the hex is ... part of both the flank and center section (not the other flank)", BASE + " Game Board")
add("ord-axis-A9-is-their-right", OR, q([inf("x1", "A9", side="axis")], orders("probe_right", ["x1"], side="axis")),
    [["orders.valid", "eq", ["x1"]]], "giving each player a left flank, a center and a right flank section (seen from the Axis side, A is the right)", BASE + " Game Board")
add("ord-axis-A9-not-their-left", OR, q([inf("x1", "A9", side="axis")], orders("probe_left", ["x1"], side="axis")),
    [["orders.valid", "eq", []]], "giving each player a left flank, a center and a right flank section", BASE + " Game Board")
add("ord-axis-E9-right-or-center", OR, q([inf("x1", "d8", side="axis"), inf("x2", "L9", side="axis")], orders("recon_right", ["x1"], side="axis")),
    [["orders.valid", "eq", ["x1"]]], S_DOT + " (d8 is cut by the Axis player's right line)", BASE + " Order Units")
add("ord-axis-E9-not-left", OR, q([inf("x1", "d8", side="axis")], orders("recon_left", ["x1"], side="axis")),
    [["orders.valid", "eq", []]], S_DOT, BASE + " Order Units")
add("ord-dotted-unit-fills-the-other-section", OR,
    q([inf("a1", "A1"), inf("a2", "B1"), inf("a3", "d2")], orders("general_advance", ["a3", "a1", "a2"])),
    [["orders.valid", "set", ["a1", "a2", "a3"]]],
    S_DOT + " General Advance: Issue an order to 2 units in each section. (d2 takes a center order)", BASE + " Order Units; " + CARDTXT)
add("ord-section-straddling-more-than-card-allows", OR,
    q([inf("a1", "F1"), inf("a2", "G1"), inf("a3", "H1"), inf("a4", "d2"), inf("a5", "i2")], orders("attack_center", ["a1", "a2", "a3", "a4", "a5"])),
    [["orders.valid", "len", 3]], S_ORD + " (dotted-line units count toward the same 3 center orders)", BASE + " Order Units")
add("ord-general-advance-two-per-section", OR,
    q([inf("a1", "A1"), inf("a2", "B1"), inf("a3", "C1"), inf("a4", "G1"), inf("a5", "K1")], orders("general_advance", ["a1", "a2", "a3", "a4", "a5"])),
    [["orders.valid", "set", ["a1", "a2", "a4", "a5"]], ["orders.rejected.*.unit", "eq", ["a3"]], ["orders.orders_lost", "eq", 2]],
    "General Advance: Issue an order to 2 units in each section.", CARDTXT + "; " + S_ORD)
add("ord-pincer-move-no-center", OR,
    q([inf("a1", "A1"), inf("a2", "B1"), inf("a3", "G1"), inf("a4", "K1"), inf("a5", "L1")], orders("pincer_move", ["a1", "a2", "a3", "a4", "a5"])),
    [["orders.valid", "set", ["a1", "a2", "a4", "a5"]], ["orders.rejected.*.unit", "eq", ["a3"]]],
    "Pincer Move: Issue an order to 2 units on each Flank.", CARDTXT)
add("ord-pincer-move-dotted-as-flank", OR, q([inf("a1", "d2"), inf("a2", "i2")], orders("pincer_move", ["a1", "a2"])),
    [["orders.valid", "set", ["a1", "a2"]]], "Pincer Move: 2 units on each Flank. " + S_DOT, CARDTXT)
add("ord-recon-in-force-one-per-section", OR,
    q([inf("a1", "A1"), inf("a2", "B1"), inf("a3", "G1"), inf("a4", "K1")], orders("recon_in_force", ["a1", "a2", "a3", "a4"])),
    [["orders.valid", "set", ["a1", "a3", "a4"]], ["orders.rejected.*.unit", "eq", ["a2"]]],
    "Recon in Force: Issue an order to 1 unit in each section.", CARDTXT)
add("ord-recon-in-force-dotted-fills-gap", OR,
    q([inf("a1", "A1"), inf("a2", "d2"), inf("a3", "K1")], orders("recon_in_force", ["a1", "a2", "a3"])),
    [["orders.valid", "set", ["a1", "a2", "a3"]]], "Recon in Force: 1 unit in each section. " + S_DOT + " (d2 takes the center order)", CARDTXT)
add("ord-printed-name-accepted", OR, q([inf("a1", "A1")], orders("Move Out!", ["a1"])),
    [["orders.valid", "eq", ["a1"]]], "Move Out!: Issue an order to 4 Infantry units. (the card's printed name)", CARDTXT)
add("ord-unknown-card-error", OR, q([inf("a1", "A1")], orders("blitz_left", ["a1"])), [["error.field", "startswith", "ask.orders.card"]],
    "Command cards ... There are two types of command cards: Section cards ... Tactic cards (an unknown card is an error)", BASE + " Command Cards", exit=2)
# ---- tactic cards: who may be ordered
add("ord-direct-from-hq-four-anywhere", OR,
    q([inf("a1", "A1"), U("a2", "allies", "armor", "G1"), U("a3", "allies", "artillery", "M1"), inf("a4", "d2"), inf("a5", "K3")],
      orders("direct_from_hq", ["a1", "a2", "a3", "a4", "a5"])),
    [["orders.valid", "eq", ["a1", "a2", "a3", "a4"]]], "Direct from HQ: Issue an order to 4 units of your choice.", CARDTXT)
add("ord-move-out-infantry-only", OR,
    q([inf("a1", "A1"), U("a2", "allies", "armor", "G1"), inf("a3", "M1")], orders("move_out", ["a1", "a2", "a3"])),
    [["orders.valid", "eq", ["a1", "a3"]], ["orders.rejected.*.unit", "eq", ["a2"]], ["orders.fallback", "eq", False]],
    "Move Out!: Issue an order to 4 Infantry units.", CARDTXT)
add("ord-move-out-four-max", OR,
    q([inf("a1", "A1"), inf("a2", "C1"), inf("a3", "G1"), inf("a4", "K1"), inf("a5", "M1")], orders("move_out", ["a1", "a2", "a3", "a4", "a5"])),
    [["orders.valid", "len", 4]], "Move Out!: Issue an order to 4 Infantry units.", CARDTXT)
add("ord-move-out-special-forces-are-infantry", OR, q([U("a1", "allies", "special_forces", "A1")], orders("move_out", ["a1"])),
    [["orders.valid", "eq", ["a1"]]],
    "Special Forces and Elite units behave in the same way as the corresponding (Infantry or Armor) standard unit in all respects", P12 + "; " + CARDTXT)
add("ord-move-out-no-infantry-fallback", OR,
    q([U("a1", "allies", "armor", "A1"), U("a2", "allies", "artillery", "G1")], orders("move_out", ["a1", "a2"])),
    [["orders.valid", "len", 1], ["orders.fallback", "eq", True]],
    "Move Out!: ... If you do not command any Infantry units, issue an order to 1 unit of your choice.", CARDTXT)
add("ord-armor-assault-armor-only", OR,
    q([U("a1", "allies", "armor", "A1"), inf("a2", "G1"), U("a3", "allies", "elite_armor", "M1")], orders("armor_assault", ["a1", "a2", "a3"])),
    [["orders.valid", "eq", ["a1", "a3"]], ["orders.rejected.*.unit", "eq", ["a2"]]],
    "Armor Assault: Issue an order to 4 Armor units. (Elite Armor behaves as Armor)", CARDTXT + "; " + P12)
add("ord-armor-assault-no-armor-fallback", OR, q([inf("a1", "A1"), inf("a2", "G1")], orders("armor_assault", ["a1", "a2"])),
    [["orders.valid", "eq", ["a1"]], ["orders.fallback", "eq", True]],
    "Armor Assault: ... If you do not command any armor units, issue an order to 1 unit of your choice.", CARDTXT)
add("ord-artillery-bombard-all-artillery", OR,
    q([U("a1", "allies", "artillery", "A1"), U("a2", "allies", "artillery", "G1"), U("a3", "allies", "artillery", "K1"),
       U("a4", "allies", "artillery", "M1"), U("a5", "allies", "artillery", "C1"), inf("a6", "E1")],
      orders("artillery_bombard", ["a1", "a2", "a3", "a4", "a5", "a6"])),
    [["orders.valid", "set", ["a1", "a2", "a3", "a4", "a5"]], ["orders.rejected.*.unit", "eq", ["a6"]]],
    "Artillery Bombard: Issue an order to all artillery units.", CARDTXT)
add("ord-artillery-bombard-reach", OR, q([U("a1", "allies", "artillery", "A1")], orders("artillery_bombard", ["a1"])),
    [["orders.units.a1.move", "eq", 3], ["orders.units.a1.battles", "eq", 2]], "Artillery Bombard: Units may move up to 3 hexes or battle twice.", CARDTXT)
add("ord-artillery-bombard-no-artillery", OR, q([inf("a1", "A1"), inf("a2", "G1")], orders("artillery_bombard", ["a1", "a2"])),
    [["orders.valid", "len", 1], ["orders.fallback", "eq", True]],
    "Artillery Bombard: If you do not command any artillery units, issue an order to 1 unit of your choice.", CARDTXT)
add("ord-dig-in-four-infantry", OR,
    q([inf("a1", "A1"), inf("a2", "C1"), inf("a3", "G1"), inf("a4", "K1"), inf("a5", "M1"), U("a6", "allies", "armor", "H1")],
      orders("dig_in", ["a6", "a1", "a2", "a3", "a4", "a5"])),
    [["orders.valid", "eq", ["a1", "a2", "a3", "a4"]]], "Dig-In: Issue an order to 4 Infantry units.", CARDTXT)
add("ord-behind-enemy-lines-one-infantry", OR, q([inf("a1", "A1"), inf("a2", "G1")], orders("behind_enemy_lines", ["a1", "a2"])),
    [["orders.valid", "eq", ["a1"]], ["orders.units.a1.move", "eq", 3], ["orders.units.a1.ignore_terrain_movement", "eq", True]],
    "Behind Enemy Lines: Issue an order to 1 Infantry unit. Unit may move up to 3 hexes. ... Terrain movement restrictions are ignored.", CARDTXT)
add("ord-behind-enemy-lines-moves-again", OR, q([inf("a1", "A1")], orders("behind_enemy_lines", ["a1"])),
    [["orders.units.a1.move_after_battle", "eq", 3], ["orders.units.a1.extra_dice", "eq", 1]],
    "Behind Enemy Lines: Unit may battle with 1 additional die, then move again up to 3 hexes.", CARDTXT)
add("ord-behind-enemy-lines-armor-rejected", OR, q([U("a1", "allies", "armor", "A1"), inf("a2", "G1")], orders("behind_enemy_lines", ["a1"])),
    [["orders.valid", "eq", []]], "Behind Enemy Lines: Issue an order to 1 Infantry unit.", CARDTXT)
add("ord-infantry-assault-one-section", OR,
    q([inf("a1", "A1"), inf("a2", "B1"), inf("a3", "C1"), inf("a4", "D1"), inf("a5", "b2"), inf("a6", "G1"), U("a7", "allies", "armor", "c2")],
      orders("infantry_assault", ["a1", "a2", "a3", "a4", "a5", "a6", "a7"], section="left")),
    [["orders.valid", "set", ["a1", "a2", "a3", "a4", "a5"]], ["orders.rejected.*.unit", "set", ["a6", "a7"]]],
    "Infantry Assault: Issue an order to all Infantry units in 1 section.", CARDTXT)
add("ord-infantry-assault-reach", OR, q([inf("a1", "A1")], orders("infantry_assault", ["a1"], section="left")),
    [["orders.units.a1.move", "eq", 3], ["orders.units.a1.move_and_battle", "eq", 2]],
    "Infantry Assault: Units may move up to 2 hexes and still battle, or move 3 hexes but not battle.", CARDTXT)
add("ord-infantry-assault-needs-section", OR, q([inf("a1", "A1")], orders("infantry_assault", ["a1"])),
    [["error.field", "startswith", "ask.orders.section"]], "Infantry Assault: ... all Infantry units in 1 section (the player names it)", CARDTXT, exit=2)
add("ord-close-assault-adjacent-only", OR,
    q([inf("a1", "g4"), U("a2", "allies", "armor", "F3"), inf("a3", "B1"), inf("x1", "G5", side="axis"), inf("x2", "F5", side="axis")],
      orders("close_assault", ["a1", "a2", "a3"])),
    [["orders.valid", "eq", ["a1"]], ["orders.rejected.*.unit", "set", ["a2", "a3"]]],
    "Close Assault: Issue an order to all Infantry and/or Armor units adjacent to enemy units.", CARDTXT)
add("ord-firefight-not-adjacent", OR,
    q([inf("a1", "g4"), inf("a2", "C1"), inf("x1", "G5", side="axis")], orders("firefight", ["a1", "a2"])),
    [["orders.valid", "eq", ["a2"]], ["orders.rejected.*.unit", "eq", ["a1"]]],
    "Firefight: Issue an order to 4 units to open fire. Units in a firefight may not be adjacent to an enemy unit", CARDTXT)
add("ord-firefight-four-max", OR,
    q([inf("a1", "A1"), inf("a2", "C1"), inf("a3", "G1"), inf("a4", "K1"), U("a5", "allies", "artillery", "M1")], orders("firefight", ["a1", "a2", "a3", "a4", "a5"])),
    [["orders.valid", "len", 4]], "Firefight: Issue an order to 4 units to open fire.", CARDTXT)
add("ord-medics-needs-casualties", OR, q([inf("a1", "A1"), inf("a2", "G1", figures=2)], orders("medics_and_mechanics", ["a1"])),
    [["orders.valid", "eq", []], ["orders.rejected.*.unit", "eq", ["a1"]]],
    "Medics & Mechanics: Issue an order to 1 unit that has suffered casualties.", CARDTXT)
add("ord-medics-returns-symbols-and-stars", OR,
    q([inf("a1", "G1", figures=2)], orders("medics_and_mechanics", ["a1"], hand_size=3), dice=["infantry", "star", "grenade"]),
    [["orders.medics.figures_returned", "eq", 2], ["orders.medics.figures_after", "eq", 4], ["orders.medics.ordered", "eq", True]],
    "Medics & Mechanics: Roll 1 battle die for each command card you have, including this card. For each die matching the unit's symbol or a star, 1 lost figure of that unit is returned", CARDTXT)
add("ord-medics-no-more-than-start", OR,
    q([inf("a1", "G1", figures=3)], orders("medics_and_mechanics", ["a1"], hand_size=4), dice=["infantry", "infantry", "star", "flag"]),
    [["orders.medics.figures_returned", "eq", 1], ["orders.medics.figures_after", "eq", 4]],
    "Medics & Mechanics: A unit may not gain more figures than it originally had.", CARDTXT)
add("ord-medics-armor-symbol", OR,
    q([U("a1", "allies", "armor", "G1", figures=1)], orders("medics_and_mechanics", ["a1"], hand_size=3), dice=["infantry", "armor", "flag"]),
    [["orders.medics.figures_returned", "eq", 1], ["orders.medics.figures_after", "eq", 2], ["orders.medics.ordered", "eq", True]],
    "Medics & Mechanics: For each die matching the unit's symbol or a star (an infantry face does not heal a tank)", CARDTXT)
add("ord-medics-nothing-no-order", OR,
    q([inf("a1", "G1", figures=2)], orders("medics_and_mechanics", ["a1"], hand_size=2), dice=["grenade", "flag"]),
    [["orders.medics.figures_returned", "eq", 0], ["orders.medics.ordered", "eq", False]],
    "Medics & Mechanics: If the unit recovers at least 1 figure, it may also be issued an order.", CARDTXT)
add("ord-medics-elite-armor-up-to-four", OR,
    q([U("a1", "allies", "elite_armor", "G1", figures=2)], orders("medics_and_mechanics", ["a1"], hand_size=4), dice=["armor", "armor", "star", "star"]),
    [["orders.medics.figures_after", "eq", 4]],
    "A unit may not gain more figures than it originally had. (Elite Armor units start with 4 tank figures)", CARDTXT + "; " + P12)
add("ord-finest-hour-symbols-order-units", OR,
    q([inf("a1", "A1"), inf("a2", "G1"), U("a3", "allies", "armor", "K1"), U("a4", "allies", "artillery", "M1")],
      orders("their_finest_hour", ["a1", "a2", "a3", "a4"], hand_size=4), dice=["infantry", "armor", "star", "grenade"]),
    [["orders.valid", "len", 3], ["orders.valid", "contains", ["a1", "a3"]]],
    "Their Finest Hour: For each unit symbol rolled, 1 unit of this type is ordered. For each star rolled, 1 unit of your choice is ordered.", CARDTXT)
add("ord-finest-hour-grenade-orders-nobody", OR,
    q([inf("a1", "A1"), inf("a2", "G1")], orders("their_finest_hour", ["a1", "a2"], hand_size=2), dice=["grenade", "flag"]),
    [["orders.valid", "eq", []]], "Their Finest Hour: For each unit symbol rolled ... For each star rolled (grenades and flags order nothing)", CARDTXT)
add("ord-finest-hour-artillery-only-by-star", OR,
    q([U("a1", "allies", "artillery", "A1"), inf("a2", "G1")], orders("their_finest_hour", ["a1"], hand_size=2), dice=["infantry", "infantry"]),
    [["orders.valid", "eq", []]], "Their Finest Hour: For each unit symbol rolled, 1 unit of this type is ordered (no die shows artillery)", CARDTXT)
add("ord-finest-hour-dice-count", OR,
    q([inf("a1", "A1")], orders("their_finest_hour", ["a1"], hand_size=4), dice=["infantry", "star"]),
    [["error.field", "eq", "dice"]], "Their Finest Hour: Roll 1 battle die for each command card you have, including this card.", CARDTXT, exit=2)
add("ord-finest-hour-plus-one-die", OR,
    q([inf("a1", "A1")], orders("their_finest_hour", ["a1"], hand_size=1), dice=["infantry"]),
    [["orders.valid", "eq", ["a1"]], ["orders.units.a1.extra_dice", "eq", 1]], "Their Finest Hour: Ordered units battle with 1 additional die.", CARDTXT)
add("ord-counter-attack-mirrors-flank", OR,
    q([inf("a1", "A1"), inf("a2", "B1"), inf("a3", "C1"), inf("a4", "D1"), inf("a5", "M1")], orders("counter_attack", ["a1", "a2", "a3", "a4", "a5"], counters="attack_right")),
    [["orders.card", "eq", "attack_left"], ["orders.valid", "len", 3], ["orders.valid", "excludes", ["a5"]]],
    "Counter-Attack: Issue the same order just played by your opponent. When countering a section card, a right section card becomes the equivalent left section card, and vice-versa.", CARDTXT)
add("ord-counter-attack-center-stays", OR,
    q([inf("a1", "F1"), inf("a2", "G1"), inf("a3", "H1")], orders("counter_attack", ["a1", "a2", "a3"], counters="probe_center")),
    [["orders.card", "eq", "probe_center"], ["orders.valid", "len", 2]], "Counter-Attack: Issue the same order just played by your opponent.", CARDTXT)
add("ord-counter-attack-tactic-copied", OR,
    q([inf("a1", "A1"), inf("a2", "G1"), U("a3", "allies", "armor", "M1")], orders("counter_attack", ["a1", "a2", "a3"], counters="move_out")),
    [["orders.card", "eq", "move_out"], ["orders.valid", "eq", ["a1", "a2"]]], "Counter-Attack: Issue the same order just played by your opponent.", CARDTXT)
add("ord-counter-attack-needs-the-card", OR, q([inf("a1", "A1")], orders("counter_attack", ["a1"])),
    [["error.field", "startswith", "ask.orders.counters"]], "Counter-Attack: Issue the same order just played by your opponent (which one must be said)", CARDTXT, exit=2)
add("ord-counter-attack-axis-mirror", OR,
    q([inf("x1", "A9", side="axis"), inf("x2", "M9", side="axis")], orders("counter_attack", ["x1", "x2"], side="axis", counters="probe_left")),
    [["orders.card", "eq", "probe_right"], ["orders.valid", "eq", ["x1"]]],
    "Counter-Attack: a right section card becomes the equivalent left section card, and vice-versa. (the Axis right flank is the A side)", CARDTXT)
# ---- cards in a battle
A_ADJ = [U("a1", "allies", "armor", "g4"), inf("x1", "G5", side="axis")]
add("card-armor-assault-forest-target", CO, q(A_ADJ, battle(card="armor_assault"), [T("G5", "forest")]),
    [["battle.dice", "eq", 2]], "Armor Assault: Units in Close Assault roll 1 additional die. (3 - 2 for the forest + 1)", CARDTXT + "; " + P13)
add("card-armor-assault-overrun-is-close-assault", CO,
    q(A_ADJ, battle(card="armor_assault", overrun=True)),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]],
    "Armor Assault: Units in Close Assault roll 1 additional die. If the ground you take during the Overrun puts you adjacent to an enemy unit, this second battle must once again be a Close Assault Combat.",
    CARDTXT + "; " + BASE + " Armor Overrun Combat")
add("card-armor-assault-fallback-infantry-normal-dice", CO,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(card="armor_assault")),
    [["battle.dice", "eq", 3]], "Armor Assault: Units in Close Assault roll 1 additional die (the bonus is the armor's: an infantry unit gets none)", CARDTXT)
add("card-close-assault-infantry-plus-one", CO, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(card="close_assault")),
    [["battle.dice", "eq", 4]], "Close Assault: Units ordered battle with 1 additional die.", CARDTXT)
add("card-close-assault-town-target", CO, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(card="close_assault"), [T("G5", "town")]),
    [["battle.dice", "eq", 3]], "Close Assault: Units ordered battle with 1 additional die. (3 - 1 town + 1)", CARDTXT + "; " + P14)
add("card-close-assault-no-move-first", CO, q([inf("a1", "g4", moved=1), inf("x1", "G5", side="axis")], battle(card="close_assault")),
    [["battle.allowed", "eq", False]], "Close Assault: Units may not move before they battle", CARDTXT)
add("card-close-assault-take-ground", CO, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(card="close_assault"), dice=["flag", "star", "star", "star"]),
    [["result.take_ground", "eq", True]], "Close Assault: ... after a successful Close Assault, they may Take Ground", CARDTXT)
add("card-close-assault-overrun", CO, q(A_ADJ, battle(card="close_assault"), dice=["flag", "star", "star", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]], "Close Assault: ... and Armor units may make an Armor Overrun.", CARDTXT)
add("card-firefight-artillery-range-5", CO, q([U("a1", "allies", "artillery", "B1"), inf("x1", "G1", side="axis")], battle(card="firefight")),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], "Firefighting units roll 1 additional die. (artillery at 5 hexes: 1 + 1)", CARDTXT + "; " + BASE + " Battle Range")
add("card-firefight-infantry-town-range-2", CO, q([inf("a1", "G3"), inf("x1", "G5", side="axis")], battle(card="firefight"), [T("G5", "town")]),
    [["battle.dice", "eq", 2]], "Firefighting units roll 1 additional die. (2 at range 2, - 1 town, + 1)", CARDTXT + "; " + P14)
add("card-firefight-no-move", CO, q([inf("a1", "G3", moved=1), inf("x1", "G5", side="axis")], battle(card="firefight")),
    [["battle.allowed", "eq", False]], "Units in a firefight may not be adjacent to an enemy unit, and may not move.", CARDTXT)
add("card-firefight-adjacent-to-other-enemy", CO,
    q([inf("a1", "G3"), inf("x1", "G5", side="axis"), inf("x2", "H3", side="axis")], battle(card="firefight")),
    [["battle.allowed", "eq", False]], "Units in a firefight may not be adjacent to an enemy unit", CARDTXT)
add("card-behind-lines-move-3-and-battle", CO, q([inf("a1", "G3", moved=3), inf("x1", "G5", side="axis")], battle(card="behind_enemy_lines")),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "Behind Enemy Lines: Unit may move up to 3 hexes. Unit may battle with 1 additional die", CARDTXT)
add("card-behind-lines-forest-end-no-battle", CO, q([inf("a1", "G3", moved=2), inf("x1", "G5", side="axis")], battle(card="behind_enemy_lines"), [T("G3", "forest")]),
    [["battle.allowed", "eq", False]], "Behind Enemy Lines: Terrain battle restrictions still apply. (A unit may not battle the turn it moves onto a Forest hex.)", CARDTXT + "; " + P13)
add("card-infantry-assault-moved-2-battles", CO, q([inf("a1", "G3", moved=2), inf("x1", "G5", side="axis")], battle(card="infantry_assault")),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], "Infantry Assault: Units may move up to 2 hexes and still battle (no extra die)", CARDTXT)
add("card-infantry-assault-moved-3-no-battle", CO, q([inf("a1", "G3", moved=3), inf("x1", "G5", side="axis")], battle(card="infantry_assault")),
    [["battle.allowed", "eq", False]], "Infantry Assault: ... or move 3 hexes but not battle.", CARDTXT)
add("card-move-out-moved-2-no-battle", CO, q([inf("a1", "G3", moved=2), inf("x1", "G5", side="axis")], battle(card="move_out")),
    [["battle.allowed", "eq", False]], "Move Out!: Terrain movement and battle restrictions still apply. (infantry: 2 hexes and not battle)", CARDTXT + "; " + BASE + " Move Units")
add("card-direct-from-hq-no-bonus", CO, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(card="direct_from_hq")),
    [["battle.dice", "eq", 3]], "Direct from HQ: Issue an order to 4 units of your choice. (no dice change)", CARDTXT)
add("card-probe-no-bonus", CO, q([inf("a1", "G3"), inf("x1", "G5", side="axis")], battle(card="probe_center")),
    [["battle.dice", "eq", 2]], "Section cards are used to order a move and/or battle in a specific section. (no dice change)", BASE + " Command Cards")
add("card-dig-in-no-battle", CO, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(card="dig_in")),
    [["battle.allowed", "eq", False]], "Dig-In: The units improve their position by placing an available sandbag on the units' hexes (an order to dig in, not to battle)", CARDTXT)
add("card-finest-hour-armor-plus-one", CO, q([U("a1", "allies", "armor", "G3"), inf("x1", "G5", side="axis")], battle(card="their_finest_hour")),
    [["battle.dice", "eq", 4]], "Their Finest Hour: Ordered units battle with 1 additional die.", CARDTXT)
add("card-finest-hour-artillery-range-6", CO, q([U("a1", "allies", "artillery", "A1"), inf("x1", "G1", side="axis")], battle(card="their_finest_hour")),
    [["battle.dice", "eq", 2]], "Their Finest Hour: Ordered units battle with 1 additional die. (artillery at 6: 1 + 1)", CARDTXT)
add("card-artillery-bombard-no-move-then-battle", CO, q([U("a1", "allies", "artillery", "g2", moved=1), inf("x1", "G5", side="axis")], battle(card="artillery_bombard")),
    [["battle.allowed", "eq", False]], "Artillery Bombard: Units may move up to 3 hexes or battle twice.", CARDTXT)
add("card-artillery-bombard-battle-dice", CO, q([U("a1", "allies", "artillery", "g2"), inf("x1", "G5", side="axis")], battle(card="artillery_bombard")),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], "Artillery Bombard: ... battle twice (each battle at the artillery's dice: 3 hexes, 2 dice)", CARDTXT)
add("card-counter-attack-armor-assault", CO, q(A_ADJ, battle(card="counter_attack", counters="armor_assault")),
    [["battle.dice", "eq", 4]], "Counter-Attack: Issue the same order just played by your opponent. (Armor Assault's close assault die)", CARDTXT)
add("card-counter-attack-firefight", CO, q([inf("a1", "G3"), inf("x1", "G5", side="axis")], battle(card="counter_attack", counters="firefight")),
    [["battle.dice", "eq", 3]], "Counter-Attack: Issue the same order just played by your opponent. (Firefight: +1 die)", CARDTXT)
# ---- Ambush
add("card-ambush-against-attacker-in-forest", CO,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(att="x1", tgt="a1", card="ambush"), [T("g4", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]],
    "Ambush: Roll your battle dice first. (the close-assaulting unit stands on a forest: -1)", CARDTXT + "; " + P13)
add("card-ambush-only-close-assault", CO,
    q([inf("a1", "G3"), inf("x1", "G5", side="axis")], battle(att="x1", tgt="a1", card="ambush")),
    [["battle.allowed", "eq", False]], "Ambush: After opponent declares a Close Assault, but before he rolls his battle dice, play this card.", CARDTXT)
add("card-ambush-no-take-ground", CO,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(att="x1", tgt="a1", card="ambush"), dice=["flag", "star", "star"]),
    [["result.take_ground", "eq", False], ["result.armor_overrun", "eq", False]],
    "Q. Does the Ambush card allow the Ambushing unit to advance if the target is forced to retreat or is eliminated? A. No. Only when an ordered unit in Close Assault Combat ...", DOWFAQ)
add("card-ambush-armor-defender", CO,
    q([inf("a1", "g4"), U("x1", "axis", "armor", "G5")], battle(att="x1", tgt="a1", card="ambush"), dice=["infantry", "infantry", "grenade"]),
    [["battle.dice", "eq", 3], ["result.hits", "eq", 3], ["result.figures_removed", "eq", 3]],
    "Ambush: Roll your battle dice first. (armor always combats at 3 dice; infantry symbols hit infantry)", CARDTXT + "; " + BASE + " Battle Range")
add("card-ambush-no-overrun-for-ambusher", CO,
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "armor", "G5")], battle(att="x1", tgt="a1", card="ambush"), dice=["flag", "star", "star"]),
    [["result.armor_overrun", "eq", False]], "Ambush ... (only an ordered unit in Close Assault may take ground or overrun)", DOWFAQ + "; " + BASE + " Taking Ground")
# ---- Barrage and Air Power
add("card-barrage-four-dice-terrain-ignored", CO,
    q([inf("x1", "G5", side="axis")], {"battle": {"target": "x1", "card": "barrage", "side": "allies"}}, [T("G5", "forest")], dice=["infantry", "infantry", "grenade", "flag"]),
    [["battle.dice", "eq", 4], ["result.hits", "eq", 3], ["result.figures_removed", "eq", 3], ["result.flags", "eq", 1]],
    "Barrage: Target any 1 enemy unit. Roll 4 battle dice, ignoring any terrain battle die reduction. Score 1 hit for each die matching the unit's symbol or grenade.", CARDTXT)
add("card-barrage-stars-miss", CO,
    q([U("x1", "axis", "armor", "G5")], {"battle": {"target": "x1", "card": "barrage", "side": "allies"}}, dice=["infantry", "armor", "star", "grenade"]),
    [["result.hits", "eq", 2]], "Barrage: Score 1 hit for each die matching the unit's symbol or grenade. (stars do not)", CARDTXT)
add("card-barrage-flags-not-ignored", CO,
    q([inf("x1", "G5", side="axis")], {"battle": {"target": "x1", "card": "barrage", "side": "allies"}}, [T("G5", "sandbags")], dice=["flag", "star", "star", "star"]),
    [["result.flags_ignored", "eq", 0], ["result.retreat.*.hex", "set", ["f6", "g6"]]], "Barrage: For each flag, retreat 1 hex. Flags may not be ignored.", CARDTXT)
add("card-barrage-medal", CO,
    q([U("x1", "axis", "artillery", "A9", figures=1)], {"battle": {"target": "x1", "card": "barrage", "side": "allies"}}, dice=["grenade", "star", "star", "star"]),
    [["result.eliminated", "eq", True], ["result.medals.allies", "eq", 1]],
    "a Victory Medal is gained for each enemy unit entirely eliminated from the battlefield. (Barrage anywhere on the board)", BASE + " Object of the Game; " + CARDTXT)
add("card-barrage-no-take-ground", CO,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis", figures=1)], {"battle": {"target": "x1", "card": "barrage", "side": "allies"}}, dice=["grenade", "star", "star", "star"]),
    [["result.take_ground", "eq", False]], "When an ordered Infantry unit in Close Assault combat eliminates the enemy unit ... (a card's attack is no close assault)", BASE + " Taking Ground")
add("card-air-power-allies-two-per-hex", CO,
    q([inf("x1", "G5", side="axis"), inf("x2", "H5", side="axis")], {"card_attack": {"card": "air_power", "side": "allies", "targets": ["x1", "x2"]}}),
    [["card_attack.allowed", "eq", True], ["card_attack.dice", "eq", [2, 2]]],
    "Air Power: Roll 2 battle dice per hex (Allied air attack) or 1 per hex (Axis air attack)", CARDTXT)
add("card-air-power-axis-one-per-hex", CO,
    q([inf("a1", "G5"), inf("a2", "g4"), inf("a3", "f4")], {"card_attack": {"card": "air_power", "side": "axis", "targets": ["a1", "a2", "a3"]}}),
    [["card_attack.allowed", "eq", True], ["card_attack.dice", "eq", [1, 1, 1]]], "Air Power: ... or 1 per hex (Axis air attack)", CARDTXT)
add("card-air-power-not-adjacent-group", CO,
    q([inf("x1", "G5", side="axis"), inf("x2", "J5", side="axis")], {"card_attack": {"card": "air_power", "side": "allies", "targets": ["x1", "x2"]}}),
    [["error.field", "startswith", "ask.card_attack.targets"]], "Air Power: Target a group of 4 or fewer enemy units adjacent to each other.", CARDTXT + " (an illegal target choice is a query error here, as the air audit's barrage cases expect: the answer's allowed is never false)", exit=2)
add("card-air-power-five-too-many", CO,
    q([inf("x1", "C5", side="axis"), inf("x2", "D5", side="axis"), inf("x3", "E5", side="axis"), inf("x4", "F5", side="axis"), inf("x5", "G5", side="axis")],
      {"card_attack": {"card": "air_power", "side": "allies", "targets": ["x1", "x2", "x3", "x4", "x5"]}}),
    [["error.field", "startswith", "ask.card_attack.targets"]], "Air Power: Target a group of 4 or fewer enemy units adjacent to each other.", CARDTXT + " (an illegal target choice is a query error here, as the air audit's barrage cases expect: the answer's allowed is never false)", exit=2)
add("card-air-power-stars-hit-terrain-ignored", CO,
    q([inf("x1", "G5", side="axis")], {"card_attack": {"card": "air_power", "side": "allies", "targets": ["x1"]}}, [T("G5", "town")], dice=[["star", "infantry"]]),
    [["card_attack.dice", "eq", [2]], ["card_attack.results.0.hits", "eq", 2]],
    "Air Power: ... ignoring any terrain battle die reduction. Score 1 hit for each die that matches the unit's symbol, a grenade or a star.", CARDTXT)
add("card-air-power-flag-not-ignored", CO,
    q([inf("x1", "G5", side="axis")], {"card_attack": {"card": "air_power", "side": "allies", "targets": ["x1"]}}, [T("G5", "sandbags")], dice=[["flag", "armor"]]),
    [["card_attack.results.0.flags_ignored", "eq", 0], ["card_attack.results.0.retreat.*.hex", "set", ["f6", "g6"]]],
    "Air Power: For each flag, retreat 1 hex. Flags may not be ignored.", CARDTXT)
add("card-air-power-friendly-target-refused", CO,
    q([inf("a1", "G5"), inf("x1", "H5", side="axis")], {"card_attack": {"card": "air_power", "side": "allies", "targets": ["a1", "x1"]}}),
    [["error.field", "startswith", "ask.card_attack.targets"]], "Air Power: Target a group of 4 or fewer enemy units", CARDTXT + " (an illegal target choice is a query error here, as the air audit's barrage cases expect: the answer's allowed is never false)", exit=2)
add("card-barrage-one-target-only", CO,
    q([inf("x1", "G5", side="axis"), inf("x2", "H5", side="axis")], {"card_attack": {"card": "barrage", "side": "allies", "targets": ["x1", "x2"]}}),
    [["error.field", "startswith", "ask.card_attack.targets"]], "Barrage: Target any 1 enemy unit.", CARDTXT + " (an illegal target choice is a query error here, as the air audit's barrage cases expect: the answer's allowed is never false)", exit=2)
# ---- cards and movement
add("card-move-infantry-assault-2-battle-3-not", CO, q([inf("a1", "G1")], move(card="infantry_assault")),
    [["move.destinations.[hex=G3].can_battle", "eq", True], ["move.destinations.[hex=g4].can_battle", "eq", False], ["move.destinations.*.hex", "excludes", ["G5"]]],
    "Infantry Assault: Units may move up to 2 hexes and still battle, or move 3 hexes but not battle.", CARDTXT)
add("card-move-infantry-assault-forest-stops", CO, q([inf("a1", "G1")], move(card="infantry_assault"), [T("f2", "forest"), T("g2", "forest")]),
    [["move.destinations.*.hex", "contains", ["f2", "g2"]], ["move.destinations.*.hex", "excludes", ["G3", "f4"]]],
    "Infantry Assault: Terrain movement and battle restrictions still apply. (A unit that enters a Forest hex must stop)", CARDTXT + "; " + P13)
add("card-move-behind-lines-through-forest", CO, q([inf("a1", "G1")], move(card="behind_enemy_lines"), [T("f2", "forest"), T("g2", "forest"), T("H1", "forest"), T("F1", "forest")]),
    [["move.destinations.*.hex", "contains", ["G3", "g4"]]],
    "Behind Enemy Lines: Unit may move up to 3 hexes. ... Terrain movement restrictions are ignored.", CARDTXT)
add("card-move-behind-lines-end-town-no-battle", CO, q([inf("a1", "G1")], move(card="behind_enemy_lines"), [T("G3", "town")]),
    [["move.destinations.[hex=G3].can_battle", "eq", False], ["move.destinations.[hex=g4].can_battle", "eq", True]],
    "Behind Enemy Lines: Terrain battle restrictions still apply. (A unit may not battle the turn it moves onto a Town hex.)", CARDTXT + "; " + P14)
add("card-move-artillery-bombard-3", CO, q([U("a1", "allies", "artillery", "G1")], move(card="artillery_bombard")),
    [["move.destinations.*.hex", "contains", ["g4", "G3", "g2"]], ["move.destinations.*.hex", "excludes", ["G5"]], ["move.destinations.[hex=g2].can_battle", "eq", False]],
    "Artillery Bombard: Units may move up to 3 hexes or battle twice.", CARDTXT)
add("card-move-firefight-none", CO, q([inf("a1", "G1")], move(card="firefight")),
    [["move.destinations.*.hex", "excludes", ["g2", "G3"]]], "Units in a firefight ... may not move.", CARDTXT)
add("card-move-close-assault-none", CO, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], move(card="close_assault")),
    [["move.destinations.*.hex", "excludes", ["F3", "H3", "G3"]]], "Close Assault: Units may not move before they battle", CARDTXT)
add("card-move-armor-assault-normal-3", CO, q([U("a1", "allies", "armor", "G1")], move(card="armor_assault"), [T("g2", "forest")]),
    [["move.destinations.*.hex", "contains", ["G3", "g4"]], ["move.destinations.*.hex", "excludes", ["G5"]]],
    "Armor Assault: Terrain movement and battle restrictions still apply. (An ordered Armor unit may move up to 3 hexes and battle)", CARDTXT + "; " + BASE + " Move Units")
# ---- base combat: the rulebook's worked examples and the sentences around them
S_CD = ("To determine the number of Battle dice to roll, simply \"count down\" the number of dice rolled: Position your finger on the first "
        "hex adjacent to your unit and move it, one hex at a time, in the direction of the target, counting down (\"3\", \"2\", \"1\")")
add("bc-count-down-diagonal-3", BC, q([inf("a1", "G1"), inf("x1", "h4", side="axis")], battle()),
    [["battle.distance", "eq", 3], ["battle.dice", "eq", 1]], S_CD, BASE + " Battle Range")
add("bc-count-down-diagonal-2", BC, q([inf("a1", "G1"), inf("x1", "H3", side="axis")], battle()),
    [["battle.distance", "eq", 2], ["battle.dice", "eq", 2]], S_CD, BASE + " Battle Range")
add("bc-armor-range-2-three-dice", BC, q([U("a1", "allies", "armor", "G3"), inf("x1", "G5", side="axis")], battle()),
    [["battle.dice", "eq", 3], ["battle.close_assault", "eq", False]], S_ARM, BASE + " Battle Range")
add("bc-armor-one-figure-three-dice", BC, q([U("a1", "allies", "armor", "G1", figures=1), inf("x1", "h4", side="axis")], battle()),
    [["battle.dice", "eq", 3]], "A unit with a single figure left retains the same firepower as a unit at full strength.", BASE + " Battle")
add("bc-artillery-over-units", BC,
    q([U("a1", "allies", "artillery", "A1"), inf("a2", "C1"), inf("x2", "E3", side="axis"), inf("x1", "G1", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], "An Artillery unit does not require line of sight to target an enemy unit.", BASE + " Line of Sight")
add("bc-fire-vs-close-assault-word", BC, q([inf("a1", "G3"), inf("x1", "G5", side="axis")], battle()),
    [["battle.close_assault", "eq", False], ["battle.distance", "eq", 2]],
    "A unit attacking an enemy unit more than 1 hex away is said to \"Fire\" at that enemy.", BASE + " Battle")
add("bc-los-edge-one-side-clear", BC, q([inf("a1", "G3"), inf("a2", "g4"), inf("x1", "G5", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.line_of_sight", "eq", True], ["battle.dice", "eq", 2]],
    "When the imaginary line runs along the edge of one or several hexes which contain obstructions, the line of sight is not blocked", BASE + " Line of Sight")
add("bc-los-edge-both-sides-blocked", BC, q([inf("a1", "G3"), inf("a2", "g4"), inf("x1", "G5", side="axis")], battle(), [T("f4", "forest")]),
    [["battle.allowed", "eq", False], ["battle.line_of_sight", "eq", False]],
    "... unless the obstructions stand somewhere along both sides of the line segment.", BASE + " Line of Sight")
add("bc-los-target-terrain-does-not-block", BC, q([inf("a1", "G3"), inf("x1", "G5", side="axis")], battle(), [T("G5", "forest")]),
    [["battle.allowed", "eq", True], ["battle.line_of_sight", "eq", True], ["battle.dice", "eq", 1]],
    "The terrain in the target hex does not block line of sight.", BASE + " Line of Sight; " + P13)
add("bc-los-enemy-unit-blocks", BC, q([inf("x2", "E5", side="axis")], los("C5", "G5")),
    [["line_of_sight.clear", "eq", False], ["line_of_sight.distance", "eq", 4]],
    "Obstructions include units (friends or foes) or certain type of terrain features.", BASE + " Line of Sight")
add("bc-los-hill-blocks-looking-over", BC, q([], los("C5", "G5"), [T("E5", "hill")]),
    [["line_of_sight.clear", "eq", False]], "A Hill blocks line of sight for units trying to look over the Hill.", P14)
add("bc-los-plateau", BC, q([], los("C5", "F5"), [T("C5", "hill"), T("D5", "hill"), T("E5", "hill"), T("F5", "hill")]),
    [["line_of_sight.clear", "eq", True]],
    "Line of sight is not blocked when units are at the same height and on the same Hill (plateau effect).", P14)
add("bc-los-river-does-not-block", BC, q([inf("a1", "G3"), inf("x1", "G5", side="axis")], battle(), [T("f4", "river"), T("g4", "river")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], "A River does not block line of sight. ... The Infantry unit can fire over the River", P15)
add("bc-forest-example-turn-1", BC, q([inf("a1", "G5", moved=1), inf("x1", "f6", side="axis")], battle(), [T("G5", "forest")]),
    [["battle.allowed", "eq", False]], "Turn #1: Allied player moves into the woods: the unit must stop and cannot battle this turn", P13 + " worked example")
add("bc-forest-example-turn-2", BC, q([inf("a1", "f6", side="axis", moved=1), inf("x1", "G5")], battle(), [T("G5", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]],
    "Turn #2: Axis player moves closer and battles, but rolling 2 dice instead of 3, because the Allied Infantry is protected by the woods.", P13 + " worked example")
add("bc-forest-example-turn-3", BC, q([inf("a1", "G5"), inf("x1", "f6", side="axis")], battle(), [T("G5", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "Turn #3: Time for revenge! The Allied player can now battle, with 3 dice.", P13 + " worked example")
add("bc-hill-example-lower", BC, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "hill")]),
    [["battle.dice", "eq", 2]], "Allies attack from a lower elevation, rolling 2 dice instead of 3", P14 + " worked example")
add("bc-hill-example-same-height", BC, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "hill"), T("g4", "hill")]),
    [["battle.dice", "eq", 3]], "But if they are on a hill too, they roll 3 dice", P14 + " worked example")
add("bc-hill-armor-minus-one", BC, q([U("a1", "allies", "armor", "G3"), inf("x1", "G5", side="axis")], battle(), [T("G5", "hill")]),
    [["battle.dice", "eq", 2]], "When battling an enemy unit that is up a Hill, Infantry and Armor reduce the number of Battle dice rolled by 1", P14)
add("bc-hill-artillery-not-reduced", BC, q([U("a1", "allies", "artillery", "G1"), inf("x1", "G5", side="axis")], battle(), [T("G5", "hill")]),
    [["battle.dice", "eq", 2]], "... and Artillery Battle dice are not reduced. (artillery at 4 hexes: 2)", P14)
add("bc-hill-downhill-no-reduction", BC, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(), [T("g4", "hill")]),
    [["battle.dice", "eq", 3]], "When battling an enemy unit that is up a Hill ... (the target is below: no reduction)", P14)
add("bc-hedgerow-vs-infantry", BC, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "hedgerow")]),
    [["battle.dice", "eq", 2]], "When battling an enemy unit that is on a Hedgerow hex, Infantry reduce the number of Battle dice rolled by 1", P14)
add("bc-hedgerow-vs-artillery", BC, q([U("a1", "allies", "artillery", "G3"), inf("x1", "G5", side="axis")], battle(), [T("G5", "hedgerow")]),
    [["battle.dice", "eq", 3]], "... and artillery Battle dice are not reduced.", P14)
add("bc-hedgerow-enter-from-adjacent-only", BC, q([inf("a1", "G1")], move(), [T("G3", "hedgerow")]),
    [["move.destinations.*.hex", "excludes", ["G3"]]], "To move onto a Hedgerow hex, a unit must be adjacent to the Hedgerow.", P14 + " worked example (Turn #1: move and stop next to the Hedgerow hex)")
add("bc-hedgerow-enter-next-turn", BC, q([inf("a1", "g2")], move(), [T("G3", "hedgerow")]),
    [["move.destinations.[hex=G3].can_battle", "eq", False]], "Turn #2: you may now enter the Hedgerow hex (A unit may not battle the turn it moves onto a Hedgerow hex.)", P14 + " worked example")
add("bc-hedgerow-leave-one-hex", BC, q([U("a1", "allies", "armor", "G3")], move(), [T("G3", "hedgerow")]),
    [["move.destinations.*.hex", "contains", ["g4", "f4"]], ["move.destinations.*.hex", "excludes", ["G5", "F5", "H5"]]],
    "A unit that leaves a Hedgerow hex may only move onto an adjacent hex.", P14)
add("bc-town-armor-fires-out-at-3", BC, q([U("a1", "allies", "armor", "G1"), inf("x1", "h4", side="axis")], battle(), [T("G1", "town")]),
    [["battle.dice", "eq", 1]], "Armor on a Town hex will reduce the number of Battle dice it rolls by 2.", P14)
add("bc-town-armor-vs-town", BC, q([U("a1", "allies", "armor", "g4"), inf("x1", "G5", side="axis")], battle(), [T("g4", "town"), T("G5", "town")]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]],
    "Armor reduce the number of Battle dice rolled by 2 ... Armor on a Town hex will reduce the number of Battle dice it rolls by 2. (3 - 2 for the target town - 2 for its own town: no die left to roll)",
    P14)
RIVER2 = [T(h, "river") for h in ["a2", "b2", "c2", "d2", "e2", "f2", "h2", "i2", "j2", "k2", "l2"]] + [T("g2", "river"), T("g2", "bridge")]
add("bc-river-take-the-bridge", BC, q([U("a1", "allies", "armor", "G1")], move(), RIVER2),
    [["move.destinations.*.hex", "contains", ["g2", "G3", "H3", "f4"]], ["move.destinations.*.hex", "excludes", ["C3", "K3", "f2", "h2"]]],
    "The Armor unit must take the bridge to cross the River (A River is impassable terrain. A unit may only enter a River hex when the hex has a bridge.)", P15 + " worked example")
add("bc-bridge-battles-as-normal", BC, q([inf("a1", "g2"), inf("x1", "g4", side="axis")], battle(), RIVER2),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], "A unit on a River hex with a bridge battles as normal.", P15)
add("bc-ocean-may-not-battle", BC, q([inf("a1", "G1"), inf("x1", "g2", side="axis")], battle(), [T("G1", "ocean")]),
    [["battle.allowed", "eq", False]], "A unit on an Ocean hex may not battle.", P15)
OCEAN = [T(h, "ocean") for h in ["F1", "G1", "H1", "f2", "g2", "h2"]] + [T(h, "beach") for h in ["F3", "G3", "H3"]]
add("bc-dd-tank-one-hex-in-water", BC, q([U("a1", "allies", "armor", "G1")], move(), OCEAN),
    [["move.destinations.*.hex", "contains", ["g2"]], ["move.destinations.*.hex", "excludes", ["G3", "g4"]]],
    "Amphibious \"DD\" Sherman tank unit moves only one hex while in water (A unit that moves onto an Ocean hex may move a maximum of 1 hex.)", P15 + " worked example")
add("bc-dd-tank-two-onto-the-sand", BC, q([U("a1", "allies", "armor", "g2")], move(), OCEAN),
    [["move.destinations.*.hex", "contains", ["G3", "g4"]], ["move.destinations.*.hex", "excludes", ["G5", "H5", "F5"]]],
    "On the next turn, it drops its flotation device, and moves 2 hexes onto the sand (A unit that moves onto a Beach hex may only move 2 hexes.)", P15 + " worked example")
add("bc-beach-no-combat-restriction", BC, q([inf("a1", "G3", moved=1), inf("x1", "g4", side="axis")], battle(), OCEAN),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "Beaches ◆ Battle: No combat restrictions.", P15)
add("bc-beach-cannot-retreat-two-casualties", BC,
    q([inf("a1", "G3", side="axis"), inf("x1", "g2")], battle(), [T("g2", "beach"), T("G1", "ocean"), T("H1", "ocean")], dice=["infantry", "flag", "star"]),
    [["result.figures_removed", "eq", 1], ["result.retreat.*.hex", "eq", ["g2"]], ["result.retreat.0.figures_lost", "eq", 1]],
    "Axis Infantry rolled an Infantry and a Flag symbol. The Allies unit cannot retreat, and so takes 2 casualties instead of 1", P15 + " worked example")
add("bc-hit-example-flag-infantry-star", BC, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(), dice=["flag", "infantry", "star"]),
    [["result.hits", "eq", 1], ["result.flags", "eq", 1], ["result.retreat", "len", 2]],
    "Allied unit rolls a Flag, an Infantry and a Star. After taking 1 casualty, the Axis unit has 2 possible retreats", DB + " base p.10 worked example")
add("bc-hit-armor-symbol-misses-infantry", BC, q([U("a1", "allies", "armor", "g4"), inf("x1", "G5", side="axis")], battle(), dice=["armor", "armor", "star"]),
    [["result.hits", "eq", 0], ["result.figures_removed", "eq", 0]],
    "the attacker scores 1 hit for each dice symbol rolled that matches the unit type targeted ... The Star side ... otherwise it is a miss.", BASE + " Resolve Battle")
add("bc-hit-vs-armor", BC, q([inf("a1", "g4"), U("x1", "axis", "armor", "G5")], battle(), dice=["infantry", "armor", "grenade"]),
    [["result.hits", "eq", 2]], "Score 1 hit on Armor ... Score 1 hit on any type: Infantry, Armor or Artillery", DB + " base p.10")
add("bc-hit-artillery-only-grenade", BC, q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "artillery", "G5")], battle(), dice=["infantry", "armor", "grenade"]),
    [["result.hits", "eq", 1], ["result.figures_removed", "eq", 1]], "Each Grenade rolled is also 1 hit. (no die face shows artillery)", BASE + " Resolve Battle")
add("bc-hit-extra-hits-no-effect-medal", BC, q([U("a1", "allies", "armor", "g4"), inf("x1", "G5", side="axis", figures=2)], battle(), dice=["infantry", "infantry", "grenade"]),
    [["result.hits", "eq", 3], ["result.figures_removed", "eq", 2], ["result.eliminated", "eq", True], ["result.medals.allies", "eq", 1]],
    "If an attacking player rolls more hits than the number of figures in the defending unit, these additional hits have no effect. When the last piece ... place it on top of one of the empty Medal Stands on your side", BASE + " Resolve Battle")
add("bc-hit-medal-to-axis", BC, q([U("a1", "axis", "armor", "g6"), U("x1", "allies", "armor", "G5", figures=1)], battle(), dice=["armor", "flag", "star"]),
    [["result.eliminated", "eq", True], ["result.medals.axis", "eq", 1], ["result.medals.allies", "eq", 0]],
    "a Victory Medal is gained for each enemy unit entirely eliminated from the battlefield.", BASE + " Object of the Game")
add("bc-hit-all-stars-miss", BC, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(), dice=["star", "star", "star"]),
    [["result.hits", "eq", 0], ["result.flags", "eq", 0], ["result.retreat", "eq", []], ["result.take_ground", "eq", False]],
    "If the attacker fails to roll any of the symbols needed to hit the enemy target or to force the enemy to retreat, this is a miss.", DB + " base p.10")
add("bc-retreat-second-step-blocked", BC,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis"), inf("a2", "F7"), inf("a3", "G7"), inf("a4", "H7")], battle(), dice=["flag", "flag", "star"]),
    [["result.retreat.*.hex", "set", ["f6", "g6"]], ["result.retreat.*.figures_lost", "eq", [1, 1]]],
    "one figure must be removed from the unit for each retreat move that cannot be completed.", BASE + " Retreat")
add("bc-sf-woods-stop-no-battle", BC, q([U("a1", "allies", "special_forces", "G5", moved=1), inf("x1", "f6", side="axis")], battle(), [T("G5", "forest")]),
    [["battle.allowed", "eq", False]], "…but they are still subject to terrain constraints: here, they stop and do not battle because of the woods hex.", P12 + " worked example")
add("bc-resistance-battles-entering-woods", BC, q([U("a1", "allies", "french_resistance", "G5", moved=1), inf("x1", "f6", side="axis")], battle(), [T("G5", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]],
    "May always battle when they penetrate a new terrain type (Woods, Villages, Hedgerows) where standard Infantry would stop and not battle.", P12)
add("bc-resistance-moved-2-no-battle", BC, q([U("a1", "allies", "french_resistance", "G3", moved=2), inf("x1", "G5", side="axis")], battle()),
    [["battle.allowed", "eq", False]], "Unlike other Special Forces, French Resistance units that opt to move 2 hexes may not battle on the same turn.", P12)
add("bc-overrun-battles-again-close", BC, q([U("a1", "allies", "armor", "G5", moved=1), inf("x2", "H5", side="axis")], battle(tgt="x2", overrun=True)),
    [["battle.allowed", "eq", True], ["battle.close_assault", "eq", True], ["battle.dice", "eq", 3]],
    "After moving in, the Armor unit can now battle again!", DB + " base p.11 worked example")
add("bc-overrun-must-close-assault", BC,
    q([U("a1", "allies", "armor", "G5", moved=1), inf("x2", "H5", side="axis"), inf("x3", "G7", side="axis")], battle(tgt="x3", overrun=True)),
    [["battle.allowed", "eq", False]],
    "If the ground you take during the Overrun puts you adjacent to an enemy unit, this second battle must once again be a Close Assault Combat.", BASE + " Armor Overrun Combat")
add("bc-overrun-may-fire", BC, q([U("a1", "allies", "armor", "G5", moved=1), inf("x3", "G7", side="axis")], battle(tgt="x3", overrun=True)),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]],
    "Otherwise, you may fire at a distant unit.", BASE + " Armor Overrun Combat")
add("bc-move-not-through-units", BC,
    q([inf("a1", "G1"), inf("a2", "F1"), inf("a3", "H1"), inf("x1", "f2", side="axis"), inf("x2", "g2", side="axis")], move()),
    [["move.destinations.*.hex", "excludes", ["G3", "e2", "h2", "f2", "g2"]]],
    "When moving a unit, you may not move onto or through a hex occupied by a friendly or enemy unit.", BASE + " Move Units")
add("bc-infantry-moved-1-fires-at-3", BC, q([inf("a1", "G1", moved=1), inf("x1", "h4", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], "An ordered Infantry unit may move up to 1 hex and battle", BASE + " Move Units")


# --------------------------------------------------------------------------- batch 11: more card and base-combat edges (card audit)
add("ord-armor-assault-four-max", OR,
    q([U(f"a{i}", "allies", "armor", h) for i, h in enumerate(["A1", "C1", "G1", "K1", "M1"], start=1)], orders("armor_assault", ["a1", "a2", "a3", "a4", "a5"])),
    [["orders.valid", "len", 4]], "Armor Assault: Issue an order to 4 Armor units.", CARDTXT)
add("ord-counter-attack-assault-left-to-right", OR,
    q([inf("a1", "J1"), inf("a2", "K1"), inf("a3", "L1"), inf("a4", "M1"), inf("a5", "k2"), inf("a6", "A1")], orders("counter_attack", ["a1", "a2", "a3", "a4", "a5", "a6"], counters="assault_left")),
    [["orders.card", "eq", "assault_right"], ["orders.valid", "set", ["a1", "a2", "a3", "a4", "a5"]]],
    "Counter-Attack: When countering a section card, a right section card becomes the equivalent left section card, and vice-versa.", CARDTXT)
add("ord-counter-attack-general-advance", OR,
    q([inf("a1", "A1"), inf("a2", "B1"), inf("a3", "C1"), inf("a4", "G1")], orders("counter_attack", ["a1", "a2", "a3", "a4"], counters="general_advance")),
    [["orders.card", "eq", "general_advance"], ["orders.valid", "set", ["a1", "a2", "a4"]]], "Counter-Attack: Issue the same order just played by your opponent.", CARDTXT)
add("ord-finest-hour-star-orders-artillery", OR,
    q([U("a1", "allies", "artillery", "A1")], orders("their_finest_hour", ["a1"], hand_size=1), dice=["star"]),
    [["orders.valid", "eq", ["a1"]]], "Their Finest Hour: For each star rolled, 1 unit of your choice is ordered.", CARDTXT)
add("ord-finest-hour-symbols-without-units-lost", OR,
    q([U("a1", "allies", "armor", "A1"), inf("a2", "G1")], orders("their_finest_hour", ["a1", "a2"], hand_size=3), dice=["armor", "armor", "grenade"]),
    [["orders.valid", "eq", ["a1"]], ["orders.orders_lost", "ge", 1]],
    "Their Finest Hour: For each unit symbol rolled, 1 unit of this type is ordered. (two armor symbols, one armor unit: the second is lost) " + S_ORD, CARDTXT)
add("ord-medics-one-unit-only", OR,
    q([inf("a1", "A1", figures=2), U("a2", "allies", "armor", "G1", figures=1)], orders("medics_and_mechanics", ["a1", "a2"])),
    [["orders.valid", "len", 1]], "Medics & Mechanics: Issue an order to 1 unit that has suffered casualties.", CARDTXT)
add("ord-medics-not-an-enemy", OR,
    q([inf("a1", "A1"), inf("x1", "G9", side="axis", figures=1)], orders("medics_and_mechanics", ["x1"])),
    [["orders.valid", "eq", []]], "Medics & Mechanics: Issue an order to 1 unit that has suffered casualties. (one of yours)", CARDTXT)
add("ord-firefight-artillery-fires", OR, q([U("a1", "allies", "artillery", "A1"), inf("x1", "D5", side="axis")], orders("firefight", ["a1"])),
    [["orders.valid", "eq", ["a1"]]], "Firefight: Issue an order to 4 units to open fire.", CARDTXT)
add("ord-dig-in-no-infantry-fallback", OR, q([U("a1", "allies", "armor", "A1"), U("a2", "allies", "armor", "G1")], orders("dig_in", ["a1", "a2"])),
    [["orders.valid", "len", 1], ["orders.fallback", "eq", True]],
    "Dig-In: If you do not command any infantry units, issue an order to 1 unit of your choice.", CARDTXT)
add("ord-dig-in-special-forces", OR, q([U("a1", "allies", "special_forces", "A1")], orders("dig_in", ["a1"])),
    [["orders.valid", "eq", ["a1"]], ["orders.fallback", "eq", False]],
    "Special Forces and Elite units behave in the same way as the corresponding (Infantry or Armor) standard unit in all respects", P12)
add("ord-infantry-assault-center-takes-dotted", OR,
    q([inf("a1", "E1"), inf("a2", "G1"), inf("a3", "I1"), inf("a4", "D1")], orders("infantry_assault", ["a1", "a2", "a3", "a4"], section="center")),
    [["orders.valid", "set", ["a1", "a2", "a3"]], ["orders.rejected.*.unit", "eq", ["a4"]]],
    "Infantry Assault: all Infantry units in 1 section. " + S_DOT, CARDTXT + "; " + BASE + " Order Units")
add("ord-recon-center-dotted", OR, q([inf("a1", "d2")], orders("recon_center", ["a1"])),
    [["orders.valid", "eq", ["a1"]]], S_DOT, BASE + " Order Units")
add("ord-assault-right-takes-dotted", OR,
    q([inf("a1", "i2"), inf("a2", "M1"), inf("a3", "l2"), inf("a4", "h2")], orders("assault_right", ["a1", "a2", "a3", "a4"])),
    [["orders.valid", "set", ["a1", "a2", "a3"]], ["orders.rejected.*.unit", "eq", ["a4"]]],
    "Assault Right Flank: Issue an order to all units on the Right Flank. " + S_DOT + " (h2 is center)", CARDTXT)
add("ord-unused-orders", OR, q([inf("a1", "A1"), inf("a2", "B1"), inf("a3", "C1")], orders("attack_left", ["a1"])),
    [["orders.valid", "eq", ["a1"]], ["orders.orders_unused", "eq", 2], ["orders.orders_lost", "eq", 0]],
    "A unit that is ordered does not have to move. (the player orders fewer units than the card allows; no order is lost for want of units)", BASE + " Move Units; Order Units")
add("ord-orderable-only-the-section", OR, q([inf("a1", "A1"), inf("a2", "G1"), inf("a3", "d2")], orders("attack_left", [])),
    [["orders.orderable", "set", ["a1", "a3"]]], "Section cards ... indicate in which section(s) of the battlefield you may order units", BASE + " Command Cards")
add("ord-behind-lines-fallback-normal-order", OR, q([U("a1", "allies", "armor", "A1")], orders("behind_enemy_lines", ["a1"])),
    [["orders.valid", "eq", ["a1"]], ["orders.fallback", "eq", True], ["orders.units.a1.move", "eq", 3], ["orders.units.a1.extra_dice", "eq", 0],
     ["orders.units.a1.move_after_battle", "eq", 0]],
    "Behind Enemy Lines: If you do not command any infantry units, issue an order to 1 unit of your choice. (an order: the unit moves and battles as usual)", CARDTXT)
add("card-close-assault-armor-vs-forest-armor", CO, q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "armor", "G5")], battle(card="close_assault"), [T("G5", "forest")]),
    [["battle.dice", "eq", 2]], "Close Assault: Units ordered battle with 1 additional die. (3 - 2 forest + 1)", CARDTXT + "; " + P13)
add("card-ambush-by-artillery", CO, q([inf("a1", "g4"), U("x1", "axis", "artillery", "G5")], battle(att="x1", tgt="a1", card="ambush")),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "Ambush: Roll your battle dice first. (artillery at 1 hex: 3 dice)", CARDTXT + "; " + BASE + " Battle Range")
add("card-finest-hour-armor-close", CO, q(A_ADJ, battle(card="their_finest_hour")), [["battle.dice", "eq", 4]],
    "Their Finest Hour: Ordered units battle with 1 additional die.", CARDTXT)
add("card-firefight-hill-target", CO, q([inf("a1", "G3"), inf("x1", "G5", side="axis")], battle(card="firefight"), [T("G5", "hill")]),
    [["battle.dice", "eq", 2]], "Firefighting units roll 1 additional die. (2 at range 2, - 1 for the hill, + 1)", CARDTXT + "; " + P14)
add("card-barrage-vs-artillery", CO, q([U("x1", "axis", "artillery", "G5")], {"battle": {"target": "x1", "card": "barrage", "side": "allies"}}, dice=["armor", "infantry", "grenade", "star"]),
    [["result.hits", "eq", 1]], "Barrage: Score 1 hit for each die matching the unit's symbol or grenade.", CARDTXT)
add("card-barrage-axis-medal", CO, q([inf("a1", "B1", figures=1)], {"battle": {"target": "a1", "card": "barrage", "side": "axis"}}, dice=["infantry", "star", "star", "star"]),
    [["result.eliminated", "eq", True], ["result.medals.axis", "eq", 1]], "Barrage: Target any 1 enemy unit. (played by the Axis)", CARDTXT + "; " + BASE + " Object of the Game")
add("card-barrage-two-flags-two-hexes", CO, q([inf("x1", "G5", side="axis")], {"battle": {"target": "x1", "card": "barrage", "side": "allies"}}, dice=["flag", "flag", "star", "star"]),
    [["result.retreat.*.hex", "set", ["F7", "G7", "H7"]]], "Barrage: For each flag, retreat 1 hex.", CARDTXT)
add("card-barrage-bunker-flag-counts", CO,
    q([inf("x1", "G5", side="axis", figures=2)], {"battle": {"target": "x1", "card": "barrage", "side": "allies"}}, [T("G5", "bunker", owner="axis")], dice=["infantry", "flag", "star", "star"]),
    [["result.figures_removed", "eq", 1], ["result.flags_ignored", "eq", 0], ["result.retreat.*.hex", "set", ["f6", "g6"]]],
    "Barrage: Roll 4 battle dice, ignoring any terrain battle die reduction. ... Flags may not be ignored.", CARDTXT)
add("card-air-power-vs-armor", CO,
    q([U("x1", "axis", "armor", "G5")], {"card_attack": {"card": "air_power", "side": "allies", "targets": ["x1"]}}, dice=[["armor", "star"]]),
    [["card_attack.results.0.hits", "eq", 2]], "Air Power: Score 1 hit for each die that matches the unit's symbol, a grenade or a star.", CARDTXT)
add("card-air-power-wrong-symbol-misses", CO,
    q([inf("x1", "G5", side="axis")], {"card_attack": {"card": "air_power", "side": "allies", "targets": ["x1"]}}, dice=[["armor", "grenade"]]),
    [["card_attack.results.0.hits", "eq", 1]], "Air Power: Score 1 hit for each die that matches the unit's symbol, a grenade or a star.", CARDTXT)
add("card-air-power-four-in-a-line", CO,
    q([inf("x1", "C5", side="axis"), inf("x2", "D5", side="axis"), inf("x3", "E5", side="axis"), inf("x4", "F5", side="axis")],
      {"card_attack": {"card": "air_power", "side": "allies", "targets": ["x1", "x2", "x3", "x4"]}}),
    [["card_attack.allowed", "eq", True], ["card_attack.dice", "eq", [2, 2, 2, 2]]],
    "Air Power: Target a group of 4 or fewer enemy units adjacent to each other.", CARDTXT)
add("card-move-out-infantry-two", CO, q([inf("a1", "G1")], move(card="move_out")),
    [["move.destinations.[hex=G3].can_battle", "eq", False], ["move.destinations.[hex=g2].can_battle", "eq", True], ["move.destinations.*.hex", "excludes", ["g4"]]],
    "Move Out!: Terrain movement and battle restrictions still apply. (An ordered Infantry unit may move up to 1 hex and battle or 2 hexes and not battle.)", CARDTXT + "; " + BASE + " Move Units")
add("card-move-infantry-assault-special-forces", CO, q([U("a1", "allies", "special_forces", "G1")], move(card="infantry_assault")),
    [["move.destinations.[hex=G3].can_battle", "eq", True], ["move.destinations.[hex=g4].can_battle", "eq", False]],
    "Infantry Assault: Units may move up to 2 hexes and still battle, or move 3 hexes but not battle. (special forces already move 2 and battle)", CARDTXT + "; " + P12)
add("card-move-dig-in-none", CO, q([inf("a1", "G1")], move(card="dig_in")),
    [["move.destinations.*.hex", "excludes", ["g2", "G3"]]], "Dig-In: The units improve their position by placing an available sandbag on the units' hexes. (they dig in where they stand)", CARDTXT)
add("card-move-behind-lines-not-through-units", CO,
    q([inf("a1", "G1"), inf("a2", "F1"), inf("a3", "H1"), inf("x1", "f2", side="axis"), inf("x2", "g2", side="axis")], move(card="behind_enemy_lines")),
    [["move.destinations.*.hex", "excludes", ["G3", "e2", "h2"]]],
    "Behind Enemy Lines: Terrain movement restrictions are ignored. (units are no terrain: you may not move onto or through a hex occupied by a friendly or enemy unit)", CARDTXT + "; " + BASE + " Move Units")
add("card-move-behind-lines-hedgerow-from-afar", CO, q([inf("a1", "G1")], move(card="behind_enemy_lines"), [T("G3", "hedgerow")]),
    [["move.destinations.*.hex", "contains", ["G3"]]],
    "Behind Enemy Lines: Terrain movement restrictions are ignored. (To move onto a Hedgerow hex, a unit must be adjacent to the Hedgerow: ignored)", CARDTXT + "; " + P14)
add("bc-special-forces-hit-by-infantry-symbol", BC, q([inf("a1", "g4"), U("x1", "axis", "special_forces", "G5")], battle(), dice=["infantry", "armor", "star"]),
    [["result.hits", "eq", 1]], "Special Forces and Elite units behave in the same way as the corresponding (Infantry or Armor) standard unit in all respects", P12)
add("bc-resistance-three-figures-medal", BC, q([U("a1", "axis", "armor", "g6"), U("x1", "allies", "french_resistance", "G5")], battle(), dice=["infantry", "infantry", "grenade"]),
    [["result.figures_removed", "eq", 3], ["result.eliminated", "eq", True], ["result.medals.axis", "eq", 1]],
    "Their limited number means they always start with 3 figures per unit, in lieu of the standard 4.", P12)
add("bc-los-friendly-unit-blocks", BC, q([inf("a1", "G1"), inf("a2", "H3"), inf("x1", "h4", side="axis")], battle()),
    [["battle.allowed", "eq", False], ["battle.line_of_sight", "eq", False]],
    "Obstructions include units (friends or foes) (the line from G1 to h4 runs through the centres of g2 and H3)", BASE + " Line of Sight")
add("bc-los-town-blocks-armor", BC, q([U("a1", "allies", "armor", "A5"), inf("x1", "D5", side="axis")], battle(), [T("B5", "town")]),
    [["battle.allowed", "eq", False], ["battle.line_of_sight", "eq", False]], "A Town blocks line of sight.", P14)
add("bc-los-hedgerow-blocks", BC, q([inf("a1", "A5"), inf("x1", "C5", side="axis")], battle(), [T("B5", "hedgerow")]),
    [["battle.allowed", "eq", False]], "A Hedgerow blocks line of sight.", P14)
add("bc-los-forest-blocks-infantry", BC, q([inf("a1", "A5"), inf("x1", "C5", side="axis")], battle(), [T("B5", "forest")]),
    [["battle.allowed", "eq", False]], "A Forest blocks line of sight.", P13)
add("bc-los-edge-friend-and-foe", BC, q([inf("a1", "G3"), inf("a2", "g4"), inf("x2", "f4", side="axis"), inf("x1", "G5", side="axis")], los("G3", "G5")),
    [["line_of_sight.clear", "eq", False]], "... unless the obstructions stand somewhere along both sides of the line segment. (units, friends or foes)", BASE + " Line of Sight")
add("bc-artillery-vs-town-not-reduced", BC, q([U("a1", "allies", "artillery", "G3"), inf("x1", "G5", side="axis")], battle(), [T("G5", "town")]),
    [["battle.dice", "eq", 3]], "... and Artillery Battle dice are not reduced. (Towns)", P14)
add("bc-retreat-blocked-two-flags-eliminates", BC,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis", figures=2), inf("a2", "f6"), inf("a3", "g6")], battle(), dice=["flag", "flag", "star"]),
    [["result.retreat.*.hex", "eq", ["G5"]], ["result.retreat.0.figures_lost", "eq", 2], ["result.retreat.0.eliminated", "eq", True]],
    "If a unit cannot retreat ... one figure must be removed from the unit for each retreat move that cannot be completed.", BASE + " Retreat")
add("bc-hit-then-blocked-retreat-eliminates", BC,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis", figures=2), inf("a2", "f6"), inf("a3", "g6")], battle(), dice=["infantry", "flag", "star"]),
    [["result.figures_removed", "eq", 1], ["result.eliminated", "eq", False], ["result.retreat.0.eliminated", "eq", True]],
    "Hits are resolved first, followed by retreats. ... one figure must be removed from the unit for each retreat move that cannot be completed.", BASE + " Resolve Battle; Retreat")
add("bc-take-ground-after-town-elimination", BC, q([inf("a1", "g4"), inf("x1", "G5", side="axis", figures=1)], battle(), [T("G5", "town")], dice=["infantry", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]], S_TG, BASE + " Taking Ground")
add("bc-armor-moved-3-battles", BC, q([U("a1", "allies", "armor", "G3", moved=3), inf("x1", "G5", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "An ordered Armor unit may move up to 3 hexes and battle.", BASE + " Move Units")
add("bc-special-forces-moved-2-forest-target", BC, q([U("a1", "allies", "special_forces", "G3", moved=2), inf("x1", "G5", side="axis")], battle(), [T("G5", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], "Special Forces move 2 and battle! (at 2 hexes, - 1 for the woods)", P12 + " worked example; " + P13)

add("ord-general-advance-dotted-goes-left", OR, q([inf("a1", "d2"), inf("a2", "F1"), inf("a3", "G1")], orders("general_advance", ["a2", "a3", "a1"])),
    [["orders.valid", "set", ["a1", "a2", "a3"]]], S_DOT + " (the center's 2 orders are taken: d2 uses a left one)", BASE + " Order Units; " + CARDTXT)
add("ord-pincer-dotted-not-center", OR, q([inf("a1", "A1"), inf("a2", "B1"), inf("a3", "d2")], orders("pincer_move", ["a1", "a2", "a3"])),
    [["orders.valid", "set", ["a1", "a2"]], ["orders.rejected.*.unit", "eq", ["a3"]]],
    "Pincer Move: Issue an order to 2 units on each Flank. (the left orders are used; d2's center gets none)", CARDTXT)
add("ord-recon-in-force-both-dotted", OR, q([inf("a1", "d2"), inf("a2", "G1"), inf("a3", "i2")], orders("recon_in_force", ["a2", "a1", "a3"])),
    [["orders.valid", "set", ["a1", "a2", "a3"]]], "Recon in Force: 1 unit in each section. " + S_DOT, CARDTXT)
add("ord-counter-attack-recon", OR, q([inf("a1", "K1"), inf("a2", "A1")], orders("counter_attack", ["a1", "a2"], counters="recon_left")),
    [["orders.card", "eq", "recon_right"], ["orders.valid", "eq", ["a1"]]],
    "Counter-Attack: a right section card becomes the equivalent left section card, and vice-versa.", CARDTXT)
add("card-counter-attack-barrage", CO,
    q([inf("x1", "G5", side="axis")], {"card_attack": {"card": "counter_attack", "counters": "barrage", "side": "allies", "targets": ["x1"]}}, [T("G5", "forest")]),
    [["card_attack.allowed", "eq", True], ["card_attack.dice", "eq", [4]]], "Counter-Attack: Issue the same order just played by your opponent. (Barrage: 4 dice)", CARDTXT)
add("card-counter-attack-air-power-by-axis", CO,
    q([inf("a1", "G5"), inf("a2", "H5")], {"card_attack": {"card": "counter_attack", "counters": "air_power", "side": "axis", "targets": ["a1", "a2"]}}),
    [["card_attack.dice", "eq", [1, 1]]],
    "Counter-Attack: Issue the same order just played by your opponent. Air Power: Roll 2 battle dice per hex (Allied air attack) or 1 per hex (Axis air attack)", CARDTXT)
add("card-counter-attack-close-assault-range", CO, q([inf("a1", "G3"), inf("x1", "G5", side="axis")], battle(card="counter_attack", counters="close_assault")),
    [["battle.allowed", "eq", False]], "Counter-Attack: the same order. Close Assault: Issue an order to all Infantry and/or Armor units adjacent to enemy units.", CARDTXT)
add("card-counter-attack-infantry-assault-reach", CO, q([inf("a1", "G3", moved=2), inf("x1", "G5", side="axis")], battle(card="counter_attack", counters="infantry_assault")),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]],
    "Counter-Attack: Issue the same order just played by your opponent. (Infantry Assault: move up to 2 hexes and still battle)", CARDTXT)
add("card-armor-assault-elite-close", CO, q([U("a1", "allies", "elite_armor", "g4"), inf("x1", "G5", side="axis")], battle(card="armor_assault")),
    [["battle.dice", "eq", 4]], "Armor Assault: Units in Close Assault roll 1 additional die. (Elite Armor is armor)", CARDTXT + "; " + P12)
add("card-armor-assault-overrun-fires-no-bonus", CO, q([U("a1", "allies", "armor", "G5", moved=1), inf("x1", "G7", side="axis")], battle(card="armor_assault", overrun=True)),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "Armor Assault: Units in Close Assault roll 1 additional die. (Otherwise, you may fire at a distant unit: no bonus)", CARDTXT + "; " + BASE + " Armor Overrun Combat")
add("ord-medics-special-forces-star", OR,
    q([U("a1", "allies", "special_forces", "G1", figures=1)], orders("medics_and_mechanics", ["a1"], hand_size=2), dice=["star", "armor"]),
    [["orders.medics.figures_returned", "eq", 1], ["orders.medics.figures_after", "eq", 2]],
    "Medics & Mechanics: For each die matching the unit's symbol or a star, 1 lost figure of that unit is returned", CARDTXT)
add("ord-medics-dice-count", OR, q([inf("a1", "G1", figures=1)], orders("medics_and_mechanics", ["a1"], hand_size=3), dice=["star"]),
    [["error.field", "eq", "dice"]], "Medics & Mechanics: Roll 1 battle die for each command card you have, including this card.", CARDTXT, exit=2)
add("bc-hedgerow-infantry-leaves-one-hex", BC, q([inf("a1", "G3")], move(), [T("G3", "hedgerow")]),
    [["move.destinations.*.hex", "contains", ["g4", "f4", "F3", "H3"]], ["move.destinations.*.hex", "excludes", ["G5", "F5", "E3", "I3"]]],
    "A unit that leaves a Hedgerow hex may only move onto an adjacent hex.", P14 + " worked example (Turn #2: you may now move normally)")
add("bc-armor-forest-stops", BC, q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "forest"), T("a2", "forest")]),
    [["move.destinations.*.hex", "contains", ["B1", "a2"]], ["move.destinations.*.hex", "excludes", ["C1", "b2", "A3", "B3"]]],
    "A unit that enters a Forest hex must stop and may move no further on that turn.", P13)
add("bc-town-stops-movement", BC, q([inf("a1", "A1")], move(), [T("B1", "town"), T("a2", "town")]),
    [["move.destinations.*.hex", "contains", ["B1", "a2"]], ["move.destinations.*.hex", "excludes", ["C1", "b2", "A3"]]],
    "A unit that enters a Town hex must stop and may move no further on that turn.", P14)

add("ord-counter-attack-not-an-ambush", OR, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], orders("counter_attack", ["a1"], counters="ambush")),
    [["error.field", "eq", "ask.orders.counters"]], "Q. Can a player Counter Attack an Ambush card? A. No.", DOWFAQ, exit=2)
add("ord-ambush-orders-nobody", OR, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], orders("ambush", ["a1"])),
    [["orders.valid", "eq", []], ["orders.orders_available", "eq", 0]],
    "Ambush: After opponent declares a Close Assault, but before he rolls his battle dice, play this card. (a reaction: it orders no unit)", CARDTXT)

add("ord-bottom-axis-left-is-low-columns", OR, q([inf("x1", "A1", side="axis")], orders("probe_left", ["x1"], side="axis"), bottom="axis"),
    [["orders.valid", "eq", ["x1"]]], "giving each player a left flank, a center and a right flank section (the Axis player at the bottom)", BASE + " Game Board")
add("ord-bottom-axis-allies-mirrored", OR, q([inf("a1", "A9")], orders("probe_right", ["a1"]), bottom="axis"),
    [["orders.valid", "eq", ["a1"]]], "giving each player a left flank, a center and a right flank section (the Allied player at the top)", BASE + " Game Board")
add("bc-retreat-edge-column-one-option", BC, q([inf("a1", "a4"), inf("x1", "A5", side="axis")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "eq", ["a6"]]], "unit must always retreat toward its controlling player's side of the board (A5 has one hex behind it)", BASE + " Retreat")
add("bc-retreat-not-sideways", BC, q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "excludes", ["F5", "H5", "G5"]]], "unit must always retreat toward its controlling player's side of the board.", BASE + " Retreat")
add("bc-take-ground-after-retreat-loss-elimination", BC,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis", figures=1), inf("a2", "f6"), inf("a3", "g6")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.0.eliminated", "eq", True], ["result.take_ground", "eq", True]],
    "When an ordered Infantry unit in Close Assault combat eliminates the enemy unit or forces it to retreat, it may Take Ground (the unit that could not retreat lost its last figure: the hex is empty)", BASE + " Taking Ground; Retreat")
add("bc-overrun-after-elimination-by-hits", BC, q([U("a1", "allies", "armor", "g4"), inf("x1", "G5", side="axis", figures=1)], battle(), dice=["infantry", "star", "star"]),
    [["result.eliminated", "eq", True], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]],
    "When an ordered Armor unit in Close Assault combat eliminates the enemy unit ... it may take the ground ... and claim an Armor Overrun combat.", BASE + " Taking Ground")
add("bc-artillery-close-forest-not-reduced", BC, q([U("a1", "allies", "artillery", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "forest")]),
    [["battle.dice", "eq", 3]], S_FOR, P13)
add("bc-infantry-vs-armor-in-town", BC, q([inf("a1", "g4"), U("x1", "axis", "armor", "G5")], battle(), [T("G5", "town")]),
    [["battle.dice", "eq", 2]], "When battling an enemy unit that is on a Town hex, infantry reduce the number of Battle dice rolled by 1", P14)
add("bc-armor-vs-armor-on-hill", BC, q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "armor", "G5")], battle(), [T("G5", "hill")]),
    [["battle.dice", "eq", 2]], "When battling an enemy unit that is up a Hill, Infantry and Armor reduce the number of Battle dice rolled by 1", P14)
add("bc-own-forest-does-not-block", BC, q([inf("a1", "G3"), inf("x1", "G5", side="axis")], battle(), [T("G3", "forest")]),
    [["battle.allowed", "eq", True], ["battle.line_of_sight", "eq", True], ["battle.dice", "eq", 2]],
    "Imagine a line drawn from the center of the hex containing the battling unit to the center of the hex containing the enemy target. (only hexes between the two block)", BASE + " Line of Sight")
add("bc-los-through-centre-unit", BC, q([inf("a2", "g2")], los("G1", "H3")),
    [["line_of_sight.clear", "eq", False], ["line_of_sight.distance", "eq", 2]],
    "The line of sight is considered blocked if any hex (or part of a hex) intercepting this imaginary line segment contains an obstruction.", BASE + " Line of Sight")
add("bc-hedgerow-entered-no-battle", BC, q([inf("a1", "G5", moved=1), inf("x1", "f6", side="axis")], battle(), [T("G5", "hedgerow")]),
    [["battle.allowed", "eq", False]], "A unit may not battle the turn it moves onto a Hedgerow hex.", P14)
add("bc-town-entered-no-battle-infantry", BC, q([inf("a1", "G5", moved=1), inf("x1", "f6", side="axis")], battle(), [T("G5", "town")]),
    [["battle.allowed", "eq", False]], "A unit may not battle the turn it moves onto a Town hex.", P14)

add("ord-finest-hour-star-left-for-artillery", OR,
    q([inf("a1", "A1"), U("a2", "allies", "artillery", "G1")], orders("their_finest_hour", ["a1", "a2"], hand_size=2), dice=["star", "infantry"]),
    [["orders.valid", "set", ["a1", "a2"]]],
    "Their Finest Hour: For each unit symbol rolled, 1 unit of this type is ordered. For each star rolled, 1 unit of your choice is ordered. (the infantry takes the infantry symbol, the star orders the artillery)", CARDTXT)
add("ord-recon-in-force-lost-orders", OR, q([inf("a1", "A1"), inf("a2", "B1")], orders("recon_in_force", ["a1", "a2"])),
    [["orders.valid", "eq", ["a1"]], ["orders.orders_lost", "eq", 2]], "Recon in Force: 1 unit in each section. " + S_ORD, CARDTXT + "; " + BASE + " Order Units")
add("ord-pincer-move-lost-orders", OR, q([inf("a1", "A1"), inf("a2", "G1")], orders("pincer_move", ["a1"])),
    [["orders.orders_lost", "eq", 3]], "Pincer Move: 2 units on each Flank. " + S_ORD + " (1 left order unused by want of units, 2 right ones)", CARDTXT + "; " + BASE + " Order Units")


# =========================================================================== second audit (terraudit)
# A second, independent pass over terrain, special troops, retreat, take ground and line of sight,
# written from seeds 003/004 alone. Every scene is built once in a base frame around G5 and then
# turned about the board: lines of sight are rotated by 60 degrees (the hex grid's symmetry), and
# retreats are mirrored left-right and flipped top-bottom (with the sides swapped or `bottom` set
# so the retreating side's home edge moves with the flip). The expected answers are read off the
# rule sentence in the base frame; a rotation or mirror cannot change them.
LOS2, RET2, TG2, TER2, TRP2 = "los-2", "retreat-2", "take-ground-2", "terrain-2", "troops-2"
CENTRE = (12, 4)  # G5, doubled-width coordinates (col, row)


def hx(c: int, r: int) -> str:
    """Scenario-editor name of the standard board hex (col, row)."""
    assert 0 <= c <= 24 and 0 <= r <= 8 and (c + r) % 2 == 0, (c, r)
    return (chr(65 + c // 2) if c % 2 == 0 else chr(97 + c // 2)) + str(9 - r)


def rot(off: tuple[int, int], k: int) -> tuple[int, int]:
    """Turn a doubled-coordinate offset by k * 60 degrees about the origin (cube coordinates)."""
    x, z = (off[0] - off[1]) // 2, off[1]
    y = -x - z
    for _ in range(k % 6):
        x, y, z = -z, -x, -y
    return 2 * x + z, z


def at(off: tuple[int, int], k: int = 0) -> str:
    dc, dr = rot(off, k)
    return hx(CENTRE[0] + dc, CENTRE[1] + dr)


S_LOS = ("Imagine a line drawn from the center of the hex containing the battling unit to the center of the hex containing "
         "the enemy target. The line of sight is considered blocked if any hex (or part of a hex) intercepting this imaginary "
         "line segment contains an obstruction. Obstructions include units (friends or foes) or certain type of terrain features.")
S_EDGE = ("When the imaginary line runs along the edge of one or several hexes which contain obstructions, the line of sight is "
          "not blocked, unless the obstructions stand somewhere along both sides of the line segment.")
S_TGT = "The terrain in the target hex does not block line of sight."
S_HILL = ("A Hill blocks line of sight for units trying to look over the Hill. Line of sight is not blocked when units are at "
          "the same height and on the same Hill (plateau effect).")
LOSW = BASE + " Line of Sight"

# (name, target offset, [(offset, "terrain type" | "unit")], clear?, sentence, where, line's note)
LOS_SCENES: list[tuple[str, tuple[int, int], list[tuple[tuple[int, int], str]], bool, str, str, list[int]]] = [
    # a straight row of hexes, 3 apart: the line passes through the centres of the two between
    ("row3-clear-beside", (6, 0), [((3, 1), "forest"), ((3, -1), "town")], True, S_LOS + " (forest and town beside the row, not on the line)", LOSW, [0, 3]),
    ("row3-forest-first", (6, 0), [((2, 0), "forest")], False, S_LOS, LOSW, [1, 4]),
    ("row3-unit-second", (6, 0), [((4, 0), "unit")], False, S_LOS, LOSW, [2, 5]),
    ("row3-ends-in-forest-and-town", (6, 0), [((0, 0), "forest"), ((6, 0), "town")], True,
     S_TGT + " (the battling unit's own hex is not between the two either)", LOSW, [0, 5]),
    ("row3-hedgerow-between", (6, 0), [((4, 0), "hedgerow")], False, "Line of Sight: A Hedgerow blocks line of sight.", P14, [3, 4]),
    ("row3-river-ocean-between", (6, 0), [((2, 0), "river"), ((4, 0), "ocean")], True,
     "Line of Sight: A River does not block line of sight. / An Ocean does not block line of sight.", P15, [1, 2]),
    # two hexes apart along a hex edge: the line runs between the two hexes beside it
    ("edge2-forest-left", (0, 2), [((-1, 1), "forest")], True, S_EDGE, LOSW, [0, 2, 4]),
    ("edge2-town-right", (0, 2), [((1, 1), "town")], True, S_EDGE, LOSW, [1, 3, 5]),
    ("edge2-forest-and-unit", (0, 2), [((-1, 1), "forest"), ((1, 1), "unit")], False, S_EDGE, LOSW, [0, 3, 5]),
    ("edge2-hedgerows-both", (0, 2), [((-1, 1), "hedgerow"), ((1, 1), "hedgerow")], False, S_EDGE, LOSW, [1, 2, 4]),
    ("edge2-rivers-both", (0, 2), [((-1, 1), "river"), ((1, 1), "river")], True, S_EDGE + " (a river is no obstruction)", LOSW, [0, 1, 5]),
    ("edge2-units-both", (0, 2), [((-1, 1), "unit"), ((1, 1), "unit2")], False, S_EDGE + " (units, friend or foe)", LOSW, [2, 3, 4]),
    # four hexes apart along edges, through the centre of the middle hex
    ("edge4-apart-both-sides", (0, 4), [((-1, 1), "forest"), ((1, 3), "town")], False, S_EDGE + " (somewhere along both sides)", LOSW, [0, 2, 5]),
    ("edge4-one-side-twice", (0, 4), [((-1, 1), "forest"), ((-1, 3), "forest")], True, S_EDGE, LOSW, [1, 3, 4]),
    ("edge4-unit-in-middle", (0, 4), [((0, 2), "unit")], False, S_LOS, LOSW, [0, 1, 3]),
    ("edge4-other-side-twice", (0, 4), [((1, 1), "town"), ((1, 3), "unit")], True, S_EDGE, LOSW, [2, 4, 5]),
    # three hexes off the rows: the line crosses the two hexes between (and touches none of the others)
    ("knight3-forest-first", (4, 2), [((1, 1), "forest")], False, S_LOS, LOSW, [0, 3]),
    ("knight3-unit-second", (4, 2), [((3, 1), "unit")], False, S_LOS, LOSW, [1, 4]),
    ("knight3-forest-near-not-on-line", (4, 2), [((2, 0), "forest"), ((2, 2), "town")], True,
     S_LOS + " (the line from G5 to I3 crosses g4 and h4 only; H5 and H3 lie beside it)", LOSW, [2, 5]),
    # four hexes apart the other way along edges: g4/I3 on one side, H5/i4 on the other, h4 crossed
    ("edge4b-both-sides", (6, 2), [((1, 1), "forest"), ((5, 1), "town")], False, S_EDGE, LOSW, [0, 2]),
    ("edge4b-one-side", (6, 2), [((1, 1), "forest"), ((4, 2), "forest")], True, S_EDGE, LOSW, [1, 4]),
    ("edge4b-crossed-hex", (6, 2), [((3, 1), "town")], False, S_LOS, LOSW, [3, 5]),
    # hills
    ("hill-between-low-units", (4, 0), [((2, 0), "hill")], False, S_HILL, P14, [0, 3]),
    ("hill-plateau-three", (4, 0), [((0, 0), "hill"), ((2, 0), "hill"), ((4, 0), "hill")], True, S_HILL, P14, [1, 4]),
    ("hill-to-hill-over-low", (4, 0), [((0, 0), "hill"), ((4, 0), "hill")], True, S_HILL + " (nothing between the two hills)", P14, [2, 5]),
    ("hill-target-only", (4, 0), [((4, 0), "hill")], True, S_TGT, P14, [0, 2]),
    ("hill-edge-one-side", (0, 2), [((-1, 1), "hill")], True, S_EDGE, P14, [1, 5]),
]
for name, tgt, obst, clear, sentence, where, turns in LOS_SCENES:
    for k in turns:
        terrain: list[dict[str, Any]] = []
        units: list[dict[str, Any]] = []
        for off, what in obst:
            if what.startswith("unit"):
                units.append(U(f"b{len(units) + 1}", "axis" if what == "unit" else "allies", "infantry", at(off, k)))
            else:
                terrain.append(T(at(off, k), what))
        dist = max(abs((tgt[0] - tgt[1]) // 2), abs(tgt[1]), abs((tgt[0] - tgt[1]) // 2 + tgt[1]))
        add(f"los2-{name}-r{k}", LOS2, q(units, los(at((0, 0), k), at(tgt, k)), terrain),
            [["line_of_sight.clear", "eq", clear], ["line_of_sight.distance", "eq", dist]], sentence, where + f" (scene turned {60 * k} degrees)")

# lines of sight inside battles, with the same scenes
S_ARTLOS = "An Artillery unit does not require line of sight to target an enemy unit."
for k in (0, 3):
    add(f"los2-battle-edge-both-infantry-r{k}", LOS2,
        q([inf("a1", at((0, 0), k)), inf("x1", at((0, 2), k), side="axis")], battle(), [T(at((-1, 1), k), "forest"), T(at((1, 1), k), "town")]),
        [["battle.allowed", "eq", False], ["battle.line_of_sight", "eq", False], ["battle.dice", "eq", 0]], S_EDGE, LOSW)
    add(f"los2-battle-edge-both-artillery-r{k}", LOS2,
        q([U("a1", "allies", "artillery", at((0, 0), k)), inf("x1", at((0, 2), k), side="axis")], battle(), [T(at((-1, 1), k), "forest"), T(at((1, 1), k), "town")]),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_ARTLOS + " It combats at 3,3,2,2,1,1", LOSW)
    add(f"los2-battle-edge-one-side-infantry-r{k}", LOS2,
        q([inf("a1", at((0, 0), k)), inf("x1", at((0, 2), k), side="axis")], battle(), [T(at((1, 1), k), "forest")]),
        [["battle.allowed", "eq", True], ["battle.line_of_sight", "eq", True], ["battle.dice", "eq", 2]], S_EDGE, LOSW)
    add(f"los2-battle-armor-friend-between-r{k}", LOS2,
        q([U("a1", "allies", "armor", at((0, 0), k)), inf("a2", at((2, 0), k)), inf("x1", at((6, 0), k), side="axis")], battle()),
        [["battle.allowed", "eq", False], ["battle.line_of_sight", "eq", False]], S_LOS + " (friends or foes)", LOSW)
    add(f"los2-battle-hill-to-hill-r{k}", LOS2,
        q([inf("a1", at((0, 0), k)), inf("x1", at((4, 0), k), side="axis")], battle(), [T(at((0, 0), k), "hill"), T(at((4, 0), k), "hill")]),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]],
        "When battling an enemy unit at the same height as your unit, there is no Battle dice reduction. " + S_HILL, P14)
    add(f"los2-battle-over-hill-artillery-r{k}", LOS2,
        q([U("a1", "allies", "artillery", at((0, 0), k)), U("x1", "axis", "armor", at((6, 0), k))], battle(), [T(at((2, 0), k), "hill"), T(at((4, 0), k), "forest")]),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_ARTLOS + " (range 3: 2 dice)", LOSW)
    add(f"los2-battle-anti-tank-needs-los-r{k}", LOS2,
        q([U("a1", "allies", "anti_tank", at((0, 0), k)), U("x1", "axis", "armor", at((4, 0), k))], battle(), [T(at((2, 0), k), "town")]),
        [["battle.allowed", "eq", False]],
        "Line of Sight: An Infantry unit with an Anti-Tank gun must be able to \"see\" the enemy ground unit it wants to combat, like a standard Infantry unit.", DB + " Anti-Tank Gun")
    add(f"los2-battle-armored-car-needs-los-r{k}", LOS2,
        q([U("a1", "allies", "armored_car", at((0, 0), k)), inf("x1", at((4, 0), k), side="axis")], battle(), [T(at((2, 0), k), "forest")]),
        [["battle.allowed", "eq", False]], "Armored Car: Treat as Armor to order and in combat (armor needs line of sight). " + S_LOS, DB + " Armored Car")

# --------------------------------------------------------------------------- retreat-2 and take-ground-2
# Base frame: the retreating side ("T") has its home edge at the top (row 0), the other side ("E") attacks.
# Orientations: (mirror left-right, flip top-bottom, side of T, bottom). Flipping moves T's home edge to
# the bottom, so T's side is then the `bottom` side.
ORIENT = [(False, False, "axis", "allies"), (True, False, "allies", "axis"),
          (False, True, "allies", "allies"), (True, True, "axis", "axis")]
OTHER = {"axis": "allies", "allies": "axis"}
Cr = tuple[int, int]


def om(o: int, c: int, r: int) -> str:
    mirror, flip, _, _ = ORIENT[o]
    return hx(24 - c if mirror else c, 8 - r if flip else r)


def scene(o: int, units: list[tuple[str, str, str, Cr, dict[str, Any]]], terrain: list[tuple[Cr, str]],
          ask: dict[str, Any], dice: list[str] | None) -> dict[str, Any]:
    _, _, tside, bottom = ORIENT[o]
    us = [U(uid, tside if role == "T" else OTHER[tside], kind, om(o, *pos), **kw) for uid, role, kind, pos, kw in units]
    ts = [T(om(o, *pos), kind) for pos, kind in terrain]
    return q(us, ask, ts, dice=dice, bottom=bottom)


def hexes(o: int, cells: list[Cr]) -> list[str]:
    return [om(o, *c) for c in cells]


G5, g4, f6, g6 = (12, 4), (13, 5), (11, 3), (13, 3)
F7, G7, H7 = (10, 2), (12, 2), (14, 2)
e8, f8, g8, h8 = (9, 1), (11, 1), (13, 1), (15, 1)
F9, G9, H9 = (10, 0), (12, 0), (14, 0)
S_RET = ("For each Flag rolled on the target unit, the unit must move one hex back toward its own side of the battlefield. "
         "Two flags push the unit back two hexes, etc.")
S_NOUNIT = "A unit may not retreat onto, or through, a hex already containing another unit (regardless if friend or foe)."
S_LOSE = ("If a unit cannot retreat; is forced to retreat off the limits of the battlefield; or would be pushed back onto a sea hex, "
          "one figure must be removed from the unit for each retreat move that cannot be completed.")
S_TERR = ("Terrain has no effect on retreat moves, therefore a retreating unit may move through a forest or village without stopping. "
          "However, impassable terrain may not be moved through during a retreat move.")
S_FR = "May disappear in the countryside, retreating up to 3 hexes instead of the standard 1 on any retreat flag rolled."
RETW = DB + ", base rules p.10 (Retreat)"
FRW = P12 + " (French Resistance)"
NOKW: dict[str, Any] = {}
A_INF = ("a1", "E", "infantry", g4, NOKW)
A_ARM = ("a1", "E", "armor", g4, NOKW)


def tgt(kind: str = "infantry", pos: Cr = G5, **kw: Any) -> tuple[str, str, str, Cr, dict[str, Any]]:
    return ("x1", "T", kind, pos, kw)


def blk(uid: str, pos: Cr, role: str = "E") -> tuple[str, str, str, Cr, dict[str, Any]]:
    return (uid, role, "infantry", pos, NOKW)


for o in range(4):
    add(f"ret2-dead-end-branch-o{o}", RET2, scene(o, [A_INF, tgt(), blk("b1", G7), blk("b2", H7, "T")], [], battle(), ["flag", "flag", "star"]),
        [["result.retreat.*.hex", "contains", hexes(o, [F7])], ["result.retreat.*.hex", "excludes", hexes(o, [G7, H7, G5])],
         [f"result.retreat.[hex={om(o, *F7)}].figures_lost", "eq", 0], ["result.take_ground", "eq", True]],
        S_RET + " " + S_NOUNIT + " (via f6 the second move reaches F7; via g6 both hexes behind are held)", RETW)
    add(f"ret2-second-row-held-o{o}", RET2, scene(o, [A_INF, tgt(), blk("b1", F7), blk("b2", G7, "T"), blk("b3", H7)], [], battle(), ["flag", "flag", "star"]),
        [["result.retreat.*.hex", "set", hexes(o, [f6, g6])], ["result.retreat.*.figures_lost", "eq", [1, 1]],
         ["result.retreat.*.eliminated", "eq", [False, False]]], S_NOUNIT + " " + S_LOSE, RETW)
    add(f"ret2-three-flags-through-forest-and-town-o{o}", RET2,
        scene(o, [A_ARM, tgt()], [(f6, "forest"), (g6, "forest"), (F7, "town"), (G7, "town"), (H7, "town")], battle(), ["flag", "flag", "flag"]),
        [["result.retreat.*.hex", "set", hexes(o, [e8, f8, g8, h8])], ["result.retreat.*.figures_lost", "eq", [0, 0, 0, 0]]], S_TERR, RETW)
    add(f"ret2-river-row-two-moves-lost-o{o}", RET2,
        scene(o, [A_ARM, tgt()], [(F7, "river"), (G7, "river"), (H7, "river")], battle(), ["flag", "flag", "flag"]),
        [["result.retreat.*.hex", "set", hexes(o, [f6, g6])], ["result.retreat.*.figures_lost", "eq", [2, 2]],
         ["result.retreat.*.eliminated", "eq", [False, False]]], S_TERR + " " + S_LOSE + " (1 move made, 2 not)", RETW)
    add(f"ret2-river-row-two-figures-eliminated-o{o}", RET2,
        scene(o, [A_ARM, tgt(figures=2)], [(F7, "river"), (G7, "river"), (H7, "river")], battle(), ["flag", "flag", "flag"]),
        [["result.retreat.*.hex", "set", hexes(o, [f6, g6])], ["result.retreat.*.figures_lost", "eq", [2, 2]],
         ["result.retreat.*.eliminated", "eq", [True, True]], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]],
        S_LOSE + " (2 figures, 2 moves that cannot be made)", RETW)
    add(f"ret2-bridge-gap-o{o}", RET2,
        scene(o, [A_INF, tgt()], [(F7, "river"), (H7, "river"), (G7, "river"), (G7, "bridge")], battle(), ["flag", "flag", "star"]),
        [["result.retreat.*.hex", "eq", hexes(o, [G7])], ["result.retreat.0.figures_lost", "eq", 0]],
        S_TERR + " A unit may only enter a River hex when the hex has a bridge.", RETW + "; p.15")
    add(f"ret2-near-edge-two-flags-o{o}", RET2,
        scene(o, [("a1", "E", "infantry", H7, NOKW), tgt(pos=g8)], [], battle(), ["flag", "flag", "star"]),
        [["result.retreat.*.hex", "set", hexes(o, [G9, H9])], ["result.retreat.*.figures_lost", "eq", [1, 1]]], S_LOSE, RETW)
    add(f"ret2-ocean-behind-o{o}", RET2, scene(o, [A_INF, tgt()], [(f6, "ocean"), (g6, "ocean")], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "eq", hexes(o, [G5])], ["result.retreat.0.figures_lost", "eq", 1], ["result.take_ground", "eq", False]],
        S_LOSE + " An Ocean hex is impassable terrain for retreat moves.", RETW + "; p.15")
    add(f"ret2-hit-then-two-flags-o{o}", RET2, scene(o, [A_INF, tgt()], [], battle(), ["infantry", "flag", "flag"]),
        [["result.figures_removed", "eq", 1], ["result.retreat.*.hex", "set", hexes(o, [F7, G7, H7])]],
        "Hits are resolved first, followed by retreats. " + S_RET, RETW)
    add(f"ret2-edge-column-two-flags-o{o}", RET2,
        scene(o, [("a1", "E", "infantry", (1, 5), NOKW), tgt(pos=(0, 4))], [], battle(), ["flag", "flag", "star"]),
        [["result.retreat.*.hex", "set", hexes(o, [(0, 2), (2, 2)])], ["result.retreat.*.figures_lost", "eq", [0, 0]]],
        S_RET + " (from the edge column the only hex back is the one inside the board)", RETW)
    add(f"ret2-edge-column-held-o{o}", RET2,
        scene(o, [("a1", "E", "infantry", (1, 5), NOKW), tgt(pos=(0, 4)), blk("b1", (1, 3), "T")], [], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "eq", hexes(o, [(0, 4)])], ["result.retreat.0.figures_lost", "eq", 1]],
        S_NOUNIT + " " + S_LOSE + " (the board edge on one side, a friend on the other)", RETW)
    add(f"ret2-attacker-stands-behind-o{o}", RET2,
        scene(o, [("a1", "E", "armor", G7, NOKW), tgt()], [], battle(), ["flag", "flag", "star"]),
        [["battle.distance", "eq", 2], ["result.retreat.*.hex", "set", hexes(o, [F7, H7])]], S_NOUNIT + " (the armor that fired stands on G7)", RETW)
    add(f"ret2-artillery-friend-beside-o{o}", RET2,
        scene(o, [A_INF, tgt("artillery"), blk("b1", f6, "T")], [], battle(), ["flag", "flag", "star"]),
        [["result.retreat.*.hex", "set", hexes(o, [G7, H7])]], S_NOUNIT, RETW)
    add(f"ret2-sandbags-two-flags-o{o}", RET2, scene(o, [A_INF, tgt()], [(G5, "sandbags")], battle(), ["flag", "flag"]),
        [["result.flags_ignored", "eq", 1], ["result.retreat.*.hex", "set", hexes(o, [f6, g6])]],
        "Some obstacles will allow certain units to ignore the first flag rolled against them.", RETW + "; " + OBST)
    add(f"ret2-eliminated-by-hits-o{o}", RET2, scene(o, [A_INF, tgt(figures=2)], [], battle(), ["infantry", "grenade", "flag"]),
        [["result.eliminated", "eq", True], ["result.retreat", "eq", []], ["result.take_ground", "eq", True]],
        "Hits are resolved first, followed by retreats. (no figure is left to retreat)", RETW)
for o in (1, 2):  # French resistance belongs to the Allies: the orientations where the retreating side is the Allies
    add(f"ret2-fr-up-to-3-around-friend-o{o}", RET2,
        scene(o, [A_INF, tgt("french_resistance"), blk("b1", f6, "T")], [], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "set", hexes(o, [g6, G7, H7, f8, g8, h8])]], S_FR + " (1, 2 or 3 hexes; never through the friend)", FRW)
    add(f"ret2-fr-one-from-edge-o{o}", RET2,
        scene(o, [("a1", "E", "infantry", H7, NOKW), tgt("french_resistance", pos=g8)], [], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "set", hexes(o, [G9, H9])], ["result.retreat.*.figures_lost", "eq", [0, 0]]],
        S_FR + " (up to 3: one hex completes the retreat, nothing is lost)", FRW)
    add(f"ret2-fr-on-home-row-o{o}", RET2,
        scene(o, [("a1", "E", "infantry", g8, NOKW), tgt("french_resistance", pos=G9)], [], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "eq", hexes(o, [G9])], ["result.retreat.0.figures_lost", "eq", 1]], S_FR + " " + S_LOSE, FRW)
    add(f"ret2-fr-two-flags-at-least-two-o{o}", RET2,
        scene(o, [A_INF, tgt("french_resistance")], [(f6, "forest"), (g6, "town")], battle(), ["flag", "flag", "star"]),
        [["result.retreat.*.hex", "contains", hexes(o, [F7, G7, H7, e8, h8, F9, G9])], ["result.retreat.*.hex", "excludes", hexes(o, [f6, g6, G5])]],
        S_FR + " (two flags: 1 to 3 hexes for each, so at least 2) " + S_TERR, FRW)
    add(f"ret2-fr-boxed-in-o{o}", RET2,
        scene(o, [A_INF, tgt("french_resistance"), blk("b1", f6, "T"), blk("b2", g6)], [], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "eq", hexes(o, [G5])], ["result.retreat.0.figures_lost", "eq", 1]], S_FR + " " + S_NOUNIT + " " + S_LOSE, FRW)
for o in (0, 2):
    add(f"ret2-armor-hedgehogs-behind-o{o}", RET2,
        scene(o, [A_INF, tgt("armor"), ], [(f6, "hedgehogs"), (g6, "hedgehogs")], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "eq", hexes(o, [G5])], ["result.retreat.0.figures_lost", "eq", 1]],
        S_TERR + " (Hedgehogs: armor may not move onto them, p.16) " + S_LOSE, RETW + "; " + OBST)
    add(f"ret2-infantry-hedgehogs-behind-o{o}", RET2,
        scene(o, [A_INF, tgt()], [(f6, "hedgehogs"), (g6, "hedgehogs")], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "set", hexes(o, [f6, g6])]], S_TERR + " (hedgehogs stop only vehicles)", RETW + "; " + OBST)

S_TG = ("When an ordered Infantry unit in Close Assault combat eliminates the enemy unit or forces it to retreat, it may Take Ground "
        "by advancing into the vacated hex.")
S_OV = ("When an ordered Armor unit in Close Assault combat eliminates the enemy unit or forces it to retreat, it may take the ground "
        "by advancing into the vacated hex and claim an Armor Overrun combat.")
S_TGR = "Terrain movement and battle restrictions still apply when units take ground."
TGW = BASE + " Taking Ground"
for o in (0, 3):  # the attacker is the Allies here (French resistance, special forces are Allied troops)
    add(f"tg2-infantry-kills-in-town-o{o}", TG2, scene(o, [A_INF, tgt(figures=1)], [(G5, "town")], battle(), ["grenade", "star"]),
        [["battle.dice", "eq", 2], ["result.eliminated", "eq", True], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]], S_TG, TGW)
    add(f"tg2-infantry-kills-at-range-2-o{o}", TG2, scene(o, [("a1", "E", "infantry", (12, 6), NOKW), tgt(figures=1)], [], battle(), ["grenade", "star"]),
        [["result.eliminated", "eq", True], ["result.take_ground", "eq", False]], S_TG + " (at 2 hexes it is not a Close Assault)", TGW)
    add(f"tg2-armor-kills-on-hill-o{o}", TG2, scene(o, [A_ARM, tgt(figures=1)], [(G5, "hill")], battle(), ["grenade", "star"]),
        [["battle.dice", "eq", 2], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]], S_OV, TGW)
    add(f"tg2-armor-out-of-town-overruns-o{o}", TG2, scene(o, [A_ARM, tgt(figures=1)], [(g4, "town")], battle(), ["grenade"]),
        [["battle.dice", "eq", 1], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]],
        "Armor on a Town hex will reduce the number of Battle dice it rolls by 2. " + S_OV + " (leaving a town restricts nothing)", TGW + "; p.14")
    add(f"tg2-elite-armor-into-forest-o{o}", TG2, scene(o, [("a1", "E", "elite_armor", g4, NOKW), tgt()], [(G5, "forest")], battle(), ["flag"]),
        [["battle.dice", "eq", 1], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]],
        S_TGR + " A unit may not battle the turn it moves onto a Forest hex.", TGW + "; p.13")
    add(f"tg2-resistance-into-hedgerow-o{o}", TG2, scene(o, [("a1", "E", "french_resistance", g4, NOKW), tgt()], [(G5, "hedgerow")], battle(), ["flag", "star"]),
        [["battle.dice", "eq", 2], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]], S_TG + " (French resistance is infantry)", TGW)
    add(f"tg2-special-forces-moved-2-o{o}", TG2, scene(o, [("a1", "E", "special_forces", g4, {"moved": 2}), tgt()], [], battle(), ["flag", "star", "star"]),
        [["battle.allowed", "eq", True], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]],
        "Unlike regular Infantry, Special Forces may move 2 hexes and still battle. " + S_TG, P12 + "; " + TGW)
    add(f"tg2-second-battle-kills-no-third-o{o}", TG2, scene(o, [("a1", "E", "armor", g4, {"moved": 2}), tgt(figures=1)], [], battle(overrun=True), ["grenade", "star", "star"]),
        [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]],
        "A unit may Take Ground again after a successful Overrun Combat. However, an Armor unit may only make one Overrun Combat during a turn.", BASE + " Armor Overrun Combat")
    add(f"tg2-armor-onto-bridge-o{o}", TG2, scene(o, [A_ARM, tgt(figures=1)], [(G5, "river"), (G5, "bridge")], battle(), ["grenade", "star", "star"]),
        [["battle.dice", "eq", 3], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]],
        "A unit may only enter a River hex when the hex has a bridge. A unit on a River hex with a bridge battles as normal. " + S_OV, P15)
    add(f"tg2-sandbags-flag-ignored-o{o}", TG2, scene(o, [A_INF, tgt()], [(G5, "sandbags")], battle(), ["flag", "star"]),
        [["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []], ["result.take_ground", "eq", False]], S_TG + " (the hex is not vacated)", TGW + "; " + OBST)
    add(f"tg2-retreat-blocked-survives-o{o}", TG2, scene(o, [A_ARM, tgt()], [(f6, "river"), (g6, "river")], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "eq", hexes(o, [G5])], ["result.take_ground", "eq", False], ["result.armor_overrun", "eq", False]],
        S_TG + " " + S_LOSE + " (it loses a figure and stays: nothing is vacated)", TGW)
    add(f"tg2-retreat-blocked-last-figure-o{o}", TG2, scene(o, [A_ARM, tgt(figures=1)], [(f6, "river"), (g6, "river")], battle(), ["flag", "star", "star"]),
        [["result.retreat.0.eliminated", "eq", True], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]],
        S_OV + " " + S_LOSE + " (the last figure is lost: the hex is empty)", TGW)
    add(f"tg2-artillery-adjacent-kill-o{o}", TG2, scene(o, [("a1", "E", "artillery", g4, NOKW), tgt(figures=1)], [], battle(), ["grenade", "star", "star"]),
        [["result.eliminated", "eq", True], ["result.take_ground", "eq", False]], "An Artillery unit may not take ground.", TGW)
    add(f"tg2-armor-moved-3-overruns-o{o}", TG2, scene(o, [("a1", "E", "armor", g4, {"moved": 3}), tgt()], [], battle(), ["flag", "star", "star"]),
        [["battle.allowed", "eq", True], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]],
        "An ordered Armor unit may move up to 3 hexes and battle. " + S_OV, TGW)
    add(f"tg2-armor-onto-beach-o{o}", TG2, scene(o, [A_ARM, tgt()], [(G5, "beach"), (g4, "beach")], battle(), ["flag", "star", "star"]),
        [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]],
        "Beaches - Battle: No combat restrictions. A unit may still Take Ground after a successful Close Assault Combat.", P15)
    add(f"tg2-infantry-out-of-hedgerow-o{o}", TG2, scene(o, [A_INF, tgt()], [(g4, "hedgerow")], battle(), ["flag", "star", "star"]),
        [["result.take_ground", "eq", True]], "A unit that leaves a Hedgerow hex may only move onto an adjacent hex. " + S_TG, P14)
    add(f"tg2-armored-car-into-forest-o{o}", TG2, scene(o, [("a1", "E", "armored_car", g4, NOKW), tgt(figures=1)], [(G5, "forest")], battle(), ["grenade"]),
        [["battle.dice", "eq", 1], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]],
        "Armored Car: Battle 3,2,1; Treat as Armor to order and in combat; On a successful Close Assault, may Take Ground and Armor Overrun. " + S_TGR,
        DB + " Armored Car; p.13")
S_OV2 = ("If the ground you take during the Overrun puts you adjacent to an enemy unit, this second battle must once again be a Close "
         "Assault Combat. Otherwise, you may fire at a distant unit.")
OVW = BASE + " Armor Overrun Combat"
for o in (0, 1):
    add(f"ov2-hill-taken-vs-hill-o{o}", TG2, scene(o, [("a1", "E", "armor", G5, {"moved": 1}), tgt(pos=f6)], [(G5, "hill"), (f6, "hill")], battle(overrun=True), None),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]],
        S_OV2 + " When battling an enemy unit at the same height as your unit, there is no Battle dice reduction.", OVW + "; p.14")
    add(f"ov2-town-taken-refused-o{o}", TG2, scene(o, [("a1", "E", "armor", G5, {"moved": 1}), tgt(pos=f6)], [(G5, "town")], battle(overrun=True), None),
        [["battle.allowed", "eq", False]], S_TGR + " A unit may not battle the turn it moves onto a Town hex.", OVW + "; p.14")
    add(f"ov2-hedgerow-taken-refused-o{o}", TG2, scene(o, [("a1", "E", "armor", G5, {"moved": 1}), tgt(pos=f6)], [(G5, "hedgerow")], battle(overrun=True), None),
        [["battle.allowed", "eq", False]], S_TGR + " A unit may not battle the turn it moves onto a Hedgerow hex.", OVW + "; p.14")
    add(f"ov2-distant-range-3-o{o}", TG2, scene(o, [("a1", "E", "armor", G5, {"moved": 3}), tgt(pos=(18, 4))], [], battle(overrun=True), None),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 3], ["battle.close_assault", "eq", False]], S_OV2, OVW)
    add(f"ov2-distant-range-4-out-o{o}", TG2, scene(o, [("a1", "E", "armor", G5, {"moved": 3}), tgt(pos=(20, 4))], [], battle(overrun=True), None),
        [["battle.allowed", "eq", False]], S_OV2 + " An ordered Armor unit may battle any enemy target unit 3 or fewer hexes away.", OVW)
    add(f"ov2-adjacent-in-forest-o{o}", TG2, scene(o, [("a1", "E", "armor", G5, {"moved": 2}), tgt(pos=g6)], [(g6, "forest")], battle(overrun=True), None),
        [["battle.allowed", "eq", True], ["battle.close_assault", "eq", True], ["battle.dice", "eq", 1]], S_OV2 + " " + S_FOR, OVW + "; p.13")

# --------------------------------------------------------------------------- terrain-2
S_HILLB = ("When battling an enemy unit that is up a Hill, Infantry and Armor reduce the number of Battle dice rolled by 1 and "
           "Artillery Battle dice are not reduced. When battling an enemy unit at the same height as your unit, there is no Battle dice reduction.")
S_TOWNA = "Armor on a Town hex will reduce the number of Battle dice it rolls by 2."
S_NOCUM = ("When a Terrain hex is obstructed by an obstacle, the Battle dice reductions from both the obstacle and the hex are not "
           "combined: the best protection counts (a bunker on a hill: 2 against armor, not 3)")
for kind, where in (("forest", P13), ("hill", P14), ("hedgerow", P14), ("town", P14)):
    add(f"ter2-infantry-range-3-vs-{kind}-no-dice", TER2,
        q([inf("a1", "A5"), inf("x1", "D5", side="axis")], battle(), [T("D5", kind)]),
        [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]],
        "It rolls ... 1 die against a target at 3 hexes. (1 die, less 1 for the " + kind + ": none left)", where)
    add(f"ter2-artillery-range-5-vs-{kind}", TER2,
        q([U("a1", "allies", "artillery", "M1"), inf("x1", "H1", side="axis")], battle(), [T("H1", kind), T("K1", "forest")]),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_ART + " (range 5: 1 die; artillery dice are not reduced, and it needs no line of sight)", where)
for kind, dice in (("forest", 1), ("hedgerow", 1), ("town", 1), ("hill", 2)):
    add(f"ter2-armor-range-3-vs-{kind}", TER2,
        q([U("a1", "axis", "armor", "M9"), inf("x1", "J9")], battle(), [T("J9", kind)]),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", dice]], S_ARM + " (less the target hex's reduction against armor)", P13 + "; p.14")
add("ter2-hill-both-adjacent", TER2, q([inf("a1", "c6"), inf("x1", "D7", side="axis")], battle(), [T("c6", "hill"), T("D7", "hill")]),
    [["battle.dice", "eq", 3]], S_HILLB, P14)
add("ter2-hill-armor-down-onto-low", TER2, q([U("a1", "axis", "armor", "j6"), inf("x1", "J5")], battle(), [T("j6", "hill")]),
    [["battle.dice", "eq", 3]], S_HILLB + " (the target is lower: no reduction)", P14)
add("ter2-hill-infantry-up-range-2", TER2, q([inf("a1", "E3"), U("x1", "axis", "armor", "E5")], battle(), [T("E5", "hill")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_HILLB + " (2 dice at 2 hexes, less 1)", P14)
add("ter2-hill-artillery-up-range-4", TER2, q([U("a1", "allies", "artillery", "A1"), inf("x1", "E1", side="axis")], battle(), [T("E1", "hill"), T("C1", "hill")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_HILLB + " " + S_ART, P14)
add("ter2-armor-in-town-vs-hill-none-left", TER2, q([U("a1", "allies", "armor", "g4"), inf("x1", "G5", side="axis")], battle(), [T("g4", "town"), T("G5", "hill")]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]], S_TOWNA + " " + S_HILLB + " (3 - 2 - 1 = 0)", P14)
add("ter2-armor-in-town-vs-town-none-left", TER2, q([U("a1", "axis", "armor", "f6"), inf("x1", "G5")], battle(), [T("f6", "town"), T("G5", "town")]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]], S_TOWNA + " " + S_TOWN, P14)
add("ter2-elite-armor-in-town-range-3", TER2, q([U("a1", "axis", "elite_armor", "B9"), inf("x1", "E9")], battle(), [T("B9", "town")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_TOWNA + " (elite armor is armor)", P14 + "; p.12")
add("ter2-infantry-in-town-vs-town", TER2, q([inf("a1", "K3"), inf("x1", "k4", side="axis")], battle(), [T("K3", "town"), T("k4", "town")]),
    [["battle.dice", "eq", 2]], S_TOWN + " (battling out of a town costs infantry nothing)", P14)
add("ter2-artillery-in-town-no-reduction", TER2, q([U("a1", "allies", "artillery", "K3"), inf("x1", "K5", side="axis")], battle(), [T("K3", "town")]),
    [["battle.dice", "eq", 3]], S_TOWNA + " (only armor; artillery at 2 hexes rolls 3)", P14)
add("ter2-artillery-range-3-vs-hedgerow", TER2, q([U("a1", "axis", "artillery", "D9"), U("x1", "allies", "armor", "D7")], battle(), [T("D7", "hedgerow"), T("d8", "forest"), T("c8", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_ART + " (range 2: 3 dice) and artillery Battle dice are not reduced.", P14)
add("ter2-beach-both-sides", TER2, q([inf("a1", "C1", moved=1), inf("x1", "c2", side="axis")], battle(), [T("C1", "beach"), T("c2", "beach")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "Beaches - Battle: No combat restrictions.", P15)
add("ter2-armor-on-ocean-no-battle", TER2, q([U("a1", "allies", "armor", "K1"), inf("x1", "k2", side="axis")], battle(), [T("K1", "ocean"), T("k2", "beach")]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]], "A unit on an Ocean hex may not battle.", P15)
add("ter2-artillery-on-ocean-no-battle", TER2, q([U("a1", "allies", "artillery", "K1"), inf("x1", "K3", side="axis")], battle(), [T("K1", "ocean")]),
    [["battle.allowed", "eq", False]], "A unit on an Ocean hex may not battle.", P15)
add("ter2-target-on-ocean-unprotected", TER2, q([inf("a1", "d2", side="axis"), inf("x1", "D1")], battle(), [T("D1", "ocean"), T("d2", "beach")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "Oceans: no reduction is listed for battling a unit on an Ocean hex (only that it may not battle itself).", P15)
add("ter2-target-on-bridge-unprotected", TER2, q([U("a1", "allies", "armor", "H3"), inf("x1", "H5", side="axis")], battle(), [T("H5", "river"), T("H5", "bridge"), T("h4", "river")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "A unit on a River hex with a bridge battles as normal. A River does not block line of sight.", P15)
add("ter2-airfield-entered-battles", TER2, q([inf("a1", "C5", moved=1), inf("x1", "D5", side="axis")], battle(), [T("C5", "airfield"), T("D5", "airfield")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "Airfields - Movement: No movement restrictions. Battle: No combat restrictions.", DB + " Airfields")
add("ter2-armor-entered-hedgerow-no-battle", TER2, q([U("a1", "allies", "armor", "g4", moved=1), inf("x1", "G5", side="axis")], battle(), [T("g4", "hedgerow")]),
    [["battle.allowed", "eq", False]], "A unit may not battle the turn it moves onto a Hedgerow hex.", P14)
add("ter2-elite-armor-entered-town-no-battle", TER2, q([U("a1", "axis", "elite_armor", "f6", moved=2), inf("x1", "G5")], battle(), [T("f6", "town")]),
    [["battle.allowed", "eq", False]], "A unit may not battle the turn it moves onto a Town hex.", P14)
add("ter2-special-forces-entered-town-no-battle", TER2, q([U("a1", "allies", "special_forces", "g4", moved=1), inf("x1", "G5", side="axis")], battle(), [T("g4", "town")]),
    [["battle.allowed", "eq", False]], "They remain subject to usual terrain limitations however. A unit may not battle the turn it moves onto a Town hex.", P12 + "; p.14")
add("ter2-infantry-entered-hill-battles", TER2, q([inf("a1", "g4", moved=1), inf("x1", "G5", side="axis")], battle(), [T("g4", "hill")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "Hills - Movement: No movement restrictions. (the target is lower: no reduction)", P14)
add("ter2-infantry-entered-river-bridge-battles", TER2, q([inf("a1", "g4", moved=1), inf("x1", "G5", side="axis")], battle(), [T("g4", "river"), T("g4", "bridge")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "A unit on a River hex with a bridge battles as normal.", P15)
add("ter2-sandbags-on-hill-vs-armor", TER2, q([U("a1", "allies", "armor", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "hill"), T("G5", "sandbags")], dice=["flag", "star"]),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_NOCUM, OBST)
add("ter2-sandbags-in-forest-vs-armor", TER2, q([U("a1", "allies", "armor", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "forest"), T("G5", "sandbags")], dice=["flag"]),
    [["battle.dice", "eq", 1], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_NOCUM, OBST)
add("ter2-move-armor-boxed-by-forest", TER2, q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "forest"), T("a2", "forest")]),
    [["move.destinations.*.hex", "set", ["A1", "B1", "a2"]], ["move.destinations.[hex=B1].can_battle", "eq", False]],
    "A unit that enters a Forest hex must stop and may move no further on that turn.", P13)
add("ter2-move-armor-around-town", TER2, q([U("a1", "allies", "armor", "A1")], move(), [T("B1", "town")]),
    [["move.destinations.*.hex", "contains", ["B1", "C1", "b2", "A3"]], ["move.destinations.*.hex", "excludes", ["D1"]],
     ["move.destinations.[hex=B1].can_battle", "eq", False], ["move.destinations.[hex=C1].can_battle", "eq", True]],
    "A unit that enters a Town hex must stop and may move no further on that turn. (C1 is 3 hexes round it, by a2 and b2)", P14)
add("ter2-move-infantry-over-hill", TER2, q([inf("a1", "G5")], move(), [T("f6", "hill"), T("F7", "hill")]),
    [["move.destinations.*.hex", "contains", ["f6", "F7"]], ["move.destinations.[hex=f6].can_battle", "eq", True],
     ["move.destinations.[hex=F7].can_battle", "eq", False]], "Hills - Movement: No movement restrictions.", P14)
add("ter2-move-armor-hedgerow-not-at-step-2", TER2, q([U("a1", "axis", "armor", "M9")], move(), [T("K9", "hedgerow"), T("L9", "hedgerow")]),
    [["move.destinations.*.hex", "contains", ["L9"]], ["move.destinations.*.hex", "excludes", ["K9"]]],
    "To move onto a Hedgerow hex, a unit must be adjacent to the Hedgerow. (K9 is reached by l8 and k8, 3 hexes from where the armor started: it did not start next to K9; L9 is next to it)", P14)
add("ter2-move-beach-armor-2", TER2, q([U("a1", "allies", "armor", "F1")], move(), [T(h, "beach") for h in ("A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1", "f2", "e2", "g2")]),
    [["move.destinations.*.hex", "contains", ["D1", "H1", "F3"]], ["move.destinations.*.hex", "excludes", ["C1", "I1", "F5"]]],
    "A unit that moves onto a Beach hex may only move 2 hexes.", P15)
add("ter2-move-river-bank", TER2, q([inf("a1", "G5")], move(), [T(h, "river") for h in ("f6", "g6", "F5", "H5", "f4", "g4")]),
    [["move.destinations.*.hex", "set", ["G5"]]], "A River is impassable terrain. A unit may only enter a River hex when the hex has a bridge.", P15)

# --------------------------------------------------------------------------- troops-2
S_SF = ("Unlike regular Infantry, Special Forces may move 2 hexes and still battle (instead of being forced to choose between moving "
        "1 hex and battling, or moving 2 hexes and not battling). They remain subject to usual terrain limitations however.")
S_FRB = ("May always battle when they penetrate a new terrain type (Woods, Villages, Hedgerows) where standard Infantry would stop and "
         "not battle. ... Unlike other Special Forces, French Resistance units that opt to move 2 hexes may not battle on the same turn.")
S_AT = ("Movement: An ordered Infantry unit with an Anti-Tank gun may move 1 or 2 hexes; but it may not battle in any turn during which it "
        "moves, even if it only moved 1 hex. Battle: ... rolling the same number of dice a standard Infantry unit would. In addition to "
        "normal Battle dice results, any star rolled scores a hit when targeting an enemy Armor unit.")
S_AC = ("Armored Car: 1 figure; Treat as Armor to order and in combat; Move 0-4 hexes; Battle: 3,2,1; When being attack, treat as "
        "Infantry; Enemy re-rolls all battle dice that score a hit")
ATW, ACW = DB + " Anti-Tank Gun", DB + " Armored Car"
add("trp2-special-forces-moved-2-range-2", TRP2, q([U("a1", "allies", "special_forces", "C3", moved=2), inf("x1", "C5", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_SF + " (dice as infantry: 2 at 2 hexes)", P12)
add("trp2-special-forces-moved-2-onto-hedgerow", TRP2, q([U("a1", "axis", "special_forces", "k6", moved=2), inf("x1", "K5")], battle(), [T("k6", "hedgerow")]),
    [["battle.allowed", "eq", False]], S_SF, P12 + "; p.14")
add("trp2-special-forces-move-ask", TRP2, q([U("a1", "allies", "special_forces", "A5")], move(), [T("a6", "forest")]),
    [["move.destinations.[hex=C5].can_battle", "eq", True], ["move.destinations.[hex=b4].can_battle", "eq", True],
     ["move.destinations.[hex=a6].can_battle", "eq", False], ["move.destinations.*.hex", "excludes", ["D5", "A7"]]], S_SF, P12)
add("trp2-axis-kommandos-move-2-battle", TRP2, q([U("a1", "axis", "special_forces", "G7", moved=2), inf("x1", "g6")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "Special Forces (including US Rangers, British Commandos and other Elite units): ... Axis \"Kommandos\" " + S_SF, P12)
add("trp2-pir-504-moved-2-close", TRP2, q([U("a1", "allies", "504th_pir", "H3", moved=2), inf("x1", "h4", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "They play like US Rangers and other Special Infantry Units, being able to move 2 hexes and battle.", DB + " 504th PIR")
add("trp2-resistance-entered-hedgerow-battles", TRP2, q([U("a1", "allies", "french_resistance", "C3", moved=1), inf("x1", "c4", side="axis")], battle(), [T("C3", "hedgerow")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_FRB, FRW)
add("trp2-resistance-entered-town-battles-range-2", TRP2, q([U("a1", "allies", "french_resistance", "C3", moved=1), inf("x1", "C5", side="axis")], battle(), [T("C3", "town")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_FRB, FRW)
add("trp2-resistance-moved-2-into-town-no-battle", TRP2, q([U("a1", "allies", "french_resistance", "C3", moved=2), inf("x1", "c4", side="axis")], battle(), [T("C3", "town")]),
    [["battle.allowed", "eq", False]], S_FRB, FRW)
add("trp2-resistance-four-figures-error", TRP2, q([inf("a1", "C3", side="axis"), U("x1", "allies", "french_resistance", "c4", figures=4)], battle()),
    [["error.field", "eq", "units.1.figures"]], "Their limited number means they always start with 3 figures per unit, in lieu of the standard 4.", FRW, exit=2)
add("trp2-resistance-move-ask", TRP2, q([U("a1", "allies", "french_resistance", "A5")], move(), [T("a6", "forest"), T("B5", "town")]),
    [["move.destinations.[hex=a6].can_battle", "eq", True], ["move.destinations.[hex=B5].can_battle", "eq", True],
     ["move.destinations.[hex=a4].can_battle", "eq", True], ["move.destinations.[hex=A3].can_battle", "eq", False]], S_FRB, FRW)
add("trp2-elite-armor-five-figures-error", TRP2, q([U("a1", "axis", "elite_armor", "C3", figures=5)], move()),
    [["error.field", "eq", "units.0.figures"]], "Unlike regular Armor units, Elite Armor units start with 4 tank figures per unit", P12, exit=2)
add("trp2-elite-armor-hit-by-armor-symbols", TRP2, q([U("a1", "allies", "armor", "C3"), U("x1", "axis", "elite_armor", "c4")], battle(), dice=["armor", "armor", "flag"]),
    [["result.hits", "eq", 2], ["result.figures_removed", "eq", 2], ["result.eliminated", "eq", False], ["result.retreat.*.hex", "set", ["C5", "D5"]]],
    "Special Forces and Elite units behave in the same way as the corresponding (Infantry or Armor) standard unit in all respects except as described", P12)
add("trp2-special-forces-hit-by-infantry-symbols", TRP2, q([U("a1", "axis", "armor", "c4"), U("x1", "allies", "special_forces", "C3")], battle(), dice=["infantry", "armor", "flag"]),
    [["result.hits", "eq", 1], ["result.retreat.*.hex", "set", ["b2", "c2"]]],
    "Special Forces and Elite units behave in the same way as the corresponding (Infantry or Armor) standard unit in all respects except as described", P12)
add("trp2-anti-tank-moved-2-no-battle", TRP2, q([U("a1", "allies", "anti_tank", "E3", moved=2), U("x1", "axis", "armor", "e4")], battle()),
    [["battle.allowed", "eq", False]], S_AT, ATW)
add("trp2-anti-tank-stars-vs-elite-armor", TRP2, q([U("a1", "allies", "anti_tank", "E3"), U("x1", "axis", "elite_armor", "e4")], battle(), dice=["star", "armor", "flag"]),
    [["result.hits", "eq", 2], ["result.figures_removed", "eq", 2]], S_AT + " (elite armor is armor)", ATW)
add("trp2-anti-tank-stars-vs-artillery", TRP2, q([U("a1", "axis", "anti_tank", "E7"), U("x1", "allies", "artillery", "e6")], battle(), dice=["star", "grenade", "star"]),
    [["result.hits", "eq", 1]], S_AT + " (only against armor)", ATW)
add("trp2-anti-tank-range-2-vs-armor-in-forest", TRP2, q([U("a1", "allies", "anti_tank", "E3"), U("x1", "axis", "armor", "E5")], battle(), [T("E5", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_AT + " " + S_FOR, ATW + "; p.13")
add("trp2-anti-tank-range-4-out", TRP2, q([U("a1", "allies", "anti_tank", "A3"), U("x1", "axis", "armor", "E3")], battle()),
    [["battle.allowed", "eq", False]], "An ordered Infantry unit with an Anti-Tank gun may battle any enemy ground unit three or fewer hexes away", ATW)
add("trp2-anti-tank-move-ask", TRP2, q([U("a1", "allies", "anti_tank", "E3")], move()),
    [["move.destinations.*.hex", "contains", ["e4", "E5"]], ["move.destinations.[hex=e4].can_battle", "eq", False],
     ["move.destinations.[hex=E5].can_battle", "eq", False], ["move.destinations.*.hex", "excludes", ["E7"]]], S_AT, ATW)
add("trp2-armored-car-range-3-one-die", TRP2, q([U("a1", "axis", "armored_car", "M9"), inf("x1", "J9")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_AC, ACW)
add("trp2-armored-car-range-4-out", TRP2, q([U("a1", "axis", "armored_car", "M9"), inf("x1", "I9")], battle()),
    [["battle.allowed", "eq", False]], S_AC + " (3,2,1: nothing at 4 hexes)", ACW)
add("trp2-armored-car-close-vs-forest", TRP2, q([U("a1", "axis", "armored_car", "f6"), inf("x1", "G5")], battle(), [T("G5", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_AC + " " + S_FOR + " (3 less armor's 2)", ACW + "; p.13")
add("trp2-armored-car-range-2-vs-forest-none", TRP2, q([U("a1", "axis", "armored_car", "G7"), inf("x1", "G5")], battle(), [T("G5", "forest")]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]], S_AC + " " + S_FOR + " (2 less armor's 2)", ACW + "; p.13")
add("trp2-armored-car-vs-hill", TRP2, q([U("a1", "allies", "armored_car", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "hill")]),
    [["battle.dice", "eq", 2]], S_AC + " " + S_HILLB, ACW + "; p.14")
add("trp2-armored-car-armor-symbols-miss", TRP2, q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "armored_car", "G5")], battle(), dice=["armor", "armor", "flag"]),
    [["result.hits", "eq", 0], ["result.figures_removed", "eq", 0], ["result.flags", "eq", 1], ["result.retreat.*.hex", "set", ["f6", "g6"]]],
    S_AC + " (an armor symbol does not hit infantry)", ACW)
add("trp2-armored-car-two-figures-error", TRP2, q([U("a1", "axis", "armored_car", "M9", figures=2)], move()),
    [["error.field", "eq", "units.0.figures"]], S_AC, ACW, exit=2)
add("trp2-armored-car-stops-in-forest", TRP2, q([U("a1", "allies", "armored_car", "A1")], move(), [T("B1", "forest"), T("a2", "forest")]),
    [["move.destinations.*.hex", "set", ["A1", "B1", "a2"]]], S_AC + " " + "A unit that enters a Forest hex must stop and may move no further on that turn.", ACW + "; p.13")
add("trp2-armored-car-move-4-around-town", TRP2, q([U("a1", "allies", "armored_car", "A1")], move(), [T("B1", "town")]),
    [["move.destinations.*.hex", "contains", ["D1", "B1", "A5"]], ["move.destinations.*.hex", "excludes", ["E1"]]],
    S_AC + " (D1 is 4 hexes by a2, b2, c2: the town on B1 stops whoever enters it)", ACW + "; p.14")
add("trp2-anti-tank-stars-miss-armored-car", TRP2, q([U("a1", "allies", "anti_tank", "g4"), U("x1", "axis", "armored_car", "G5")], battle(), dice=["star", "star", "star"]),
    [["result.hits", "eq", 0], ["result.figures_removed", "eq", 0]],
    S_AT + " / " + S_AC + " (attacked, the armored car is treated as infantry: the gun's stars are for armor targets)", ATW + "; " + ACW)
add("trp2-anti-tank-infantry-symbol-hits-armored-car", TRP2, q([U("a1", "allies", "anti_tank", "g4"), U("x1", "axis", "armored_car", "G5")], battle(), dice=["star", "infantry", "armor"]),
    [["result.hits", "eq", 1], ["result.confirm_dice", "eq", 1]], S_AT + " / " + S_AC, ATW + "; " + ACW)
add("trp2-anti-tank-stars-still-hit-armor", TRP2, q([U("a1", "axis", "anti_tank", "G5"), U("x1", "allies", "armor", "g4")], battle(), dice=["star", "star", "armor"]),
    [["result.hits", "eq", 3], ["result.figures_removed", "eq", 3], ["result.eliminated", "eq", True]], S_AT, ATW)
add("trp2-artillery-ignores-forest-range-6", TRP2, q([U("a1", "allies", "artillery", "A9"), inf("x1", "G9", side="axis")], battle(), [T("G9", "forest"), T("D9", "town")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_ART + " / Artillery Battle dice are not reduced. " + S_ARTLOS, P13)


# --------------------------------------------------------------------------- second audit: other boards, pins, second battles
S_ONCE = "A unit may only battle once per turn."
S_PIN = ("A unit adjacent to an enemy unit must Close Assault this unit if it chooses to battle. It may not fire on another, more "
         "distant, enemy unit instead.")
add("ret2-overlord-right-edge-two-flags", RET2,
    q([inf("a1", "y4"), inf("x1", "Z5", side="axis")], battle(), dice=["flag", "flag", "star"], board="overlord"),
    [["result.retreat.*.hex", "set", ["Y7", "Z7"]], ["result.retreat.*.figures_lost", "eq", [0, 0]]], S_RET + " (overlord: 26 hexes wide, Z the last full column)", RETW)
add("ret2-overlord-centre-three-flags", RET2,
    q([U("a1", "axis", "armor", "M3"), inf("x1", "m2")], battle(), dice=["flag", "flag", "flag"], board="overlord"),
    [["result.retreat.*.hex", "set", ["M1", "N1"]], ["result.retreat.*.figures_lost", "eq", [2, 2]]],
    S_RET + " " + S_LOSE + " (the Allies' edge is row 1, one move away: the other two are lost)", RETW)
add("ret2-breakthrough-three-flags-free", RET2,
    q([U("a1", "allies", "armor", "g12"), inf("x1", "G13", side="axis")], battle(), dice=["flag", "flag", "flag"], board="breakthrough"),
    [["result.retreat.*.hex", "set", ["e16", "f16", "g16", "h16"]], ["result.retreat.*.figures_lost", "eq", [0, 0, 0, 0]]],
    S_RET + " (breakthrough: 17 rows, the Axis edge is row 17)", RETW)
add("ret2-breakthrough-allies-bottom-edge", RET2,
    q([inf("a1", "a2", side="axis"), inf("x1", "A1")], battle(), dice=["flag", "flag", "star"], board="breakthrough"),
    [["result.retreat.*.hex", "eq", ["A1"]], ["result.retreat.0.figures_lost", "eq", 2]], S_LOSE, RETW)
add("ret2-breakthrough-resistance-up-to-3", RET2,
    q([inf("a1", "G9", side="axis"), U("x1", "allies", "french_resistance", "g8")], battle(), dice=["flag", "star", "star"], board="breakthrough"),
    [["result.retreat.*.hex", "contains", ["G7", "H7", "g6", "f6", "h6", "G5", "I5"]], ["result.retreat.*.hex", "excludes", ["g8", "G3", "e6", "J5"]]], S_FR, FRW)
add("los2-breakthrough-long-column", LOS2, q([inf("b1", "g8")], los("G17", "G1"), board="breakthrough"),
    [["line_of_sight.clear", "eq", True], ["line_of_sight.distance", "eq", 16]],
    S_EDGE + " (the line down column G runs along edges; one unit on one side)", LOSW)
add("los2-breakthrough-long-column-both-sides", LOS2, q([inf("b1", "g8"), inf("b2", "f14", side="axis")], los("G17", "G1"), board="breakthrough"),
    [["line_of_sight.clear", "eq", False]], S_EDGE + " (somewhere along both sides)", LOSW)
add("tg2-ocean-target-armor-no-overrun", TG2,
    q([U("a1", "allies", "armor", "g2"), inf("x1", "G1", side="axis")], battle(), [T("G1", "ocean"), T("F1", "ocean"), T("g2", "beach")], dice=["flag", "star", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]],
    S_OV + " A unit on an Ocean hex may not battle. (the ground taken is the ocean hex)", TGW + "; p.15")
add("tg2-overrun-flag-infantry-refused", TG2, q([inf("a1", "G5", moved=1), inf("x1", "f6", side="axis")], battle(overrun=True)),
    [["battle.allowed", "eq", False]], S_ONCE + " (only armor battles again after taking ground)", BASE + " Battle; Armor Overrun Combat")
add("tg2-overrun-flag-special-forces-refused", TG2, q([U("a1", "allies", "special_forces", "G5", moved=2), inf("x1", "f6", side="axis")], battle(overrun=True)),
    [["battle.allowed", "eq", False]], S_ONCE + " Special Forces and Elite units behave in the same way as the corresponding (Infantry or Armor) standard unit", P12)
add("tg2-overrun-elite-armor-second-battle", TG2, q([U("a1", "axis", "elite_armor", "f6", moved=4), inf("x1", "G5")], battle(overrun=True)),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_OV2 + " (elite armor is armor)", OVW + "; p.12")
add("ter2-artillery-pinned-by-adjacent", TER2, q([U("a1", "allies", "artillery", "G5"), inf("x1", "G9", side="axis"), inf("x2", "f6", side="axis")], battle()),
    [["battle.allowed", "eq", False]], S_PIN, BASE + " Battle")
add("ter2-pinned-by-enemy-afloat", TER2, q([inf("a1", "G3"), inf("x1", "G5", side="axis"), inf("x2", "g2", side="axis")], battle(), [T("g2", "ocean")]),
    [["battle.allowed", "eq", False]], S_PIN + " (the enemy on the ocean is still an adjacent enemy unit)", BASE + " Battle")
add("ter2-pinned-close-assault-ok", TER2, q([inf("a1", "G3"), inf("x1", "g2", side="axis"), inf("x2", "G5", side="axis")], battle(), [T("g2", "ocean")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_PIN, BASE + " Battle")

add("trp2-armored-car-retreat-blocked-eliminated", TRP2,
    q([inf("a1", "g4"), U("x1", "axis", "armored_car", "G5")], battle(), [T("f6", "river"), T("g6", "river")], dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "eq", ["G5"]], ["result.retreat.0.figures_lost", "eq", 1], ["result.retreat.0.eliminated", "eq", True],
     ["result.take_ground", "eq", True]], S_AC + " (1 figure) " + S_LOSE + " (a retreat loss is no hit: nothing to re-roll)", ACW + "; " + RETW)
add("trp2-armored-car-two-hits-one-grenade-confirms", TRP2,
    q([inf("a1", "g4"), U("x1", "axis", "armored_car", "G5")], battle(confirm=["infantry", "grenade"]), dice=["infantry", "grenade", "flag"]),
    [["result.confirmed", "eq", True], ["result.eliminated", "eq", True], ["result.figures_removed", "eq", 1], ["result.retreat", "eq", []]],
    "Enemy re-rolls all battle dice that score a hit. If at least one re-roll is a Grenade, kill is confirmed, other re-rolls are ignored", ACW)
add("trp2-armored-car-artillery-infantry-symbol", TRP2,
    q([U("a1", "allies", "artillery", "G3"), U("x1", "axis", "armored_car", "G5")], battle(confirm=["grenade"]), dice=["infantry", "armor", "star"]),
    [["result.hits", "eq", 1], ["result.eliminated", "eq", True]], S_AC + " (the infantry symbol hits it, the armor symbol does not)", ACW)

S_AIRF = ("If indicated in the Special Rules of the scenario, a player may land reinforcements on an airfield hex when there are no "
          "enemy units on any of the airfield hexes. When a Direct from HQ command card is played, for one order, one infantry unit "
          "is placed on an airfield hex. The unit may not move or battle the turn it lands.")
AIRFW = DB + " Airfields"
AIRF3 = [T("B5", "airfield"), T("C5", "airfield"), T("D5", "airfield")]
add("ter2-airfield-landing-free", TER2, q([inf("a2", "C5")], {"airfield_landing": {"side": "allies", "card": "direct_from_hq"}}, AIRF3),
    [["airfield_landing.allowed", "eq", True], ["airfield_landing.hexes", "set", ["B5", "D5"]], ["airfield_landing.unit_type", "eq", "infantry"]], S_AIRF, AIRFW)
add("ter2-airfield-landing-enemy-on-one", TER2, q([inf("x1", "D5", side="axis")], {"airfield_landing": {"side": "allies", "card": "direct_from_hq"}}, AIRF3),
    [["airfield_landing.allowed", "eq", False], ["airfield_landing.hexes", "eq", []]], S_AIRF, AIRFW)
add("ter2-airfield-landing-axis-own-unit", TER2, q([inf("x1", "D5", side="axis")], {"airfield_landing": {"side": "axis", "card": "direct_from_hq"}}, AIRF3),
    [["airfield_landing.allowed", "eq", True], ["airfield_landing.hexes", "set", ["B5", "C5"]]], S_AIRF, AIRFW)
add("ter2-airfield-landing-other-card", TER2, q([], {"airfield_landing": {"side": "allies", "card": "general_advance"}}, AIRF3),
    [["airfield_landing.allowed", "eq", False]], S_AIRF, AIRFW)

for k in (1, 4):
    add(f"los2-from-hill-over-low-unit-r{k}", LOS2, q([inf("b1", at((2, 0), k))], los(at((0, 0), k), at((4, 0), k)), [T(at((0, 0), k), "hill"), T(at((4, 0), k), "hill")]),
        [["line_of_sight.clear", "eq", False]], S_LOS + " (units block whatever the height: the plateau effect is the hill's own)", LOSW + "; p.14")
    add(f"los2-from-hill-over-low-forest-r{k}", LOS2, q([], los(at((0, 0), k), at((6, 0), k)), [T(at((0, 0), k), "hill"), T(at((2, 0), k), "forest")]),
        [["line_of_sight.clear", "eq", False]], S_LOS + " Line of Sight: A Forest blocks line of sight. (no height exception is written for it)", LOSW + "; p.13")

S_JUNGLE = ("Jungles (card 57): Unit moving in must stop and may battle if unit starts its move in adjacent hex. If Armor unit starts its "
            "move in adjacent hex and makes a successful combat against unit in a Jungle hex, it may Take Ground and do an Armor Overrun.")
JUNW = "Pacific Theater terrain card 57 Jungles, as bga-memoir Terrains/Jungle.php words it (docs/rules-sources.md)"
add("ter2-jungle-entered-from-next-door-battles", TER2, q([inf("a1", "G5", moved=1), inf("x1", "f6", side="axis")], battle(), [T("G5", "jungle")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_JUNGLE, JUNW)
add("ter2-jungle-entered-after-two-no-battle", TER2, q([U("a1", "allies", "armor", "G5", moved=2), inf("x1", "f6", side="axis")], battle(), [T("G5", "jungle")]),
    [["battle.allowed", "eq", False]], S_JUNGLE, JUNW)
add("ter2-jungle-armor-from-next-door-overruns", TER2, q([U("a1", "allies", "armor", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "jungle")], dice=["flag"]),
    [["battle.dice", "eq", 1], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]], S_JUNGLE, JUNW)
add("ter2-jungle-armor-moved-first-no-overrun", TER2, q([U("a1", "allies", "armor", "g4", moved=2), inf("x1", "G5", side="axis")], battle(), [T("G5", "jungle")], dice=["flag"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]], S_JUNGLE + " (it did not start its move next to the jungle)", JUNW)
add("ter2-jungle-second-battle-from-taken-jungle", TER2, q([U("a1", "allies", "armor", "G5", moved=1), inf("x1", "f6", side="axis")], battle(overrun=True), [T("G5", "jungle")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_JUNGLE, JUNW)


# ---- audit auditterr (session 9) ----
# Expansion terrain cards, written from the card texts (bga-memoir Terrains/*.php `desc` lines, which
# print the terrain summary cards, and the Terrain Pack / Eastern Front rulebook pages cited in
# docs/rules-sources.md) before reading the rules core. Scenes are turned about G5 (`at`, 60-degree
# steps), retreats mirrored and flipped (`scene`), both sides attack.
TER9M, TER9B, TER9L, TER9R, TER9O = "ter9 movement", "ter9 battle", "ter9 line of sight", "ter9 retreat", "ter9 obstacles"
BGA = "bga-memoir modules/php/Terrains/"
TP = "Terrain Pack rulebook (docs/rules-sources.md)"
EF = "Eastern Front rulebook p.3 (docs/rules-sources.md)"
SIDES9 = ("allies", "axis")


def t9(k: int, dist: int = 1) -> tuple[str, str, str]:
    """Attacker hex, target hex `dist` hexes away in direction k, and the hex between (for dist 2)."""
    return at((0, 0), k), at((2 * dist, 0), k), at((2, 0), k)


def duel(k: int, akind: str, tkind: str, dist: int, terrain: list[tuple[str, str]], aside: str | None = None,
         akw: dict[str, Any] | None = None, tkw: dict[str, Any] | None = None, dice: list[str] | None = None,
         **bkw: Any) -> dict[str, Any]:
    a, t, _ = t9(k, dist)
    side = aside or SIDES9[k % 2]
    other = "axis" if side == "allies" else "allies"
    place = {"A": a, "T": t, "M": at((2, 0), k)}
    ter = [T(place.get(h, h), kind) for h, kind in terrain]
    return q([U("a1", side, akind, a, **(akw or {})), U("x1", other, tkind, t, **(tkw or {}))], battle(**bkw), ter, dice=dice)


def sight(k: int, terrain: list[tuple[str, str]], dist: int = 2) -> dict[str, Any]:
    a, t, _ = t9(k, dist)
    place = {"A": a, "T": t, "M": at((2, 0), k)}
    return q([], los(a, t), [T(place.get(h, h), kind) for h, kind in terrain])


def walk(k: int, kind: str, terrain: list[tuple[int, str]], side: str = "allies", **kw: Any) -> dict[str, Any]:
    """A unit at the centre; terrain at 1, 2 or 3 hexes straight ahead in direction k (0 = its own hex)."""
    return q([U("a1", side, kind, at((0, 0), k), **kw)], move(), [T(at((2 * d, 0), k), t) for d, t in terrain])


def ahead(k: int, d: int) -> str:
    return at((2 * d, 0), k)


# ---- village-like landmarks: "as Towns & Villages" (stop, no battle after entering, 1/2/0, armor battles out at -2, blocks sight)
S_VIL = ("Towns & Villages: a unit moving in must stop and may not battle that turn; Infantry battling a unit there roll 1 die "
         "less, Armor 2 less, Artillery no less; Armor on the hex battles out at -2; blocks line of sight")
VILLAGES9 = [("church", "card 19 Churches (" + BGA + "Church.php extends Village, ignores 1 flag)", True),
             ("lighthouse", "card 27 Lighthouses (" + BGA + "Lighthouse.php extends Village)", False),
             ("power_plant", "card 34 Power Plants (" + BGA + "PowerPlant.php extends Village)", False),
             ("factory", "card 21 Factory Complex (" + BGA + "FactoryComplex.php extends Village; " + EF + ")", False),
             ("prison_camp", "card 35 Prison camps (" + BGA + "PrisonCamp.php: stop, no battle after entering, 1/2, armor out -2, ignore 1 flag, blocks sight)", True),
             ("desert_village", TP + " p.3 Towns and Villages (Desert): as Towns (" + BGA + "NorthAfricanVillage.php)", False),
             ("winter_village", "winter board villages: as Towns & Villages", False),
             ("railway_station", "card 39 Railroad stations: as Towns (" + TP + " p.5)", False)]
for i, (kind, where, flag9) in enumerate(VILLAGES9):
    k = i % 6
    add(f"ter9-{kind}-vs-infantry", TER9B, duel(k, "infantry", "infantry", 1, [("T", kind)]),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_VIL, where)
    add(f"ter9-{kind}-vs-armor", TER9B, duel(k + 1, "armor", "infantry", 1, [("T", kind)]),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_VIL, where)
    add(f"ter9-{kind}-vs-artillery-range-2", TER9B, duel(k + 2, "artillery", "infantry", 2, [("T", kind)]),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_VIL, where)
    add(f"ter9-{kind}-armor-battles-out", TER9B, duel(k + 3, "armor", "infantry", 1, [("A", kind)]),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_VIL, where)
    add(f"ter9-{kind}-entered-no-battle", TER9B, duel(k + 4, "infantry", "infantry", 1, [("A", kind)], akw={"moved": 1}),
        [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]], S_VIL, where)
    add(f"ter9-{kind}-blocks-sight", TER9L, sight(k + 5, [("M", kind)]),
        [["line_of_sight.clear", "eq", False]], S_VIL, where)
    add(f"ter9-{kind}-infantry-stops", TER9M, walk(k, "infantry", [(1, kind)]),
        [["move.destinations.*.hex", "contains", [ahead(k, 1)]], ["move.destinations.*.hex", "excludes", [ahead(k, 2)]],
         [f"move.destinations.[hex={ahead(k, 1)}].can_battle", "eq", False]], S_VIL, where)
    exp9 = ([["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]] if flag9
            else [["result.flags_ignored", "eq", 0], ["result.retreat.*.hex", "len", 2]])
    add(f"ter9-{kind}-flag-{'ignored' if flag9 else 'not-ignored'}", TER9B,
        q([U("a1", "axis", "infantry", "g6"), inf("x1", "G5")], battle(), [T("G5", kind)], dice=["flag", "grenade"]),
        [["result.hits", "eq", 1]] + exp9, S_VIL + ("; unit may ignore one flag" if flag9 else " (no flag ignored on this card)"), where)

# ---- forest-like: palm forests, winter forests, hills with forests, jungle
S_FOR9 = ("Forests: a unit moving in must stop and may not battle that turn; Infantry battling a unit there roll 1 die less, "
          "Armor 2 less, Artillery no less; blocks line of sight")
FORESTS9 = [("palm_forest", "card 32 Palm Forests (" + BGA + "PalmForest.php extends Forest; " + TP + " p.3)"),
            ("winter_forest", "winter board forests: as Forests"),
            ("hill_forest", "card 48 Hills with Forests (" + BGA + "HillForest.php extends Forest, height 1)"),
            ("jungle", "card 57 Jungles (" + BGA + "Jungle.php; docs/rules-sources.md)")]
for i, (kind, where) in enumerate(FORESTS9):
    k = (i + 2) % 6
    add(f"ter9-{kind}-vs-infantry", TER9B, duel(k, "infantry", "infantry", 1, [("T", kind)]), [["battle.dice", "eq", 2]], S_FOR9, where)
    add(f"ter9-{kind}-vs-armor-range-2", TER9B, duel(k + 1, "armor", "armor", 2, [("T", kind)]), [["battle.dice", "eq", 1]], S_FOR9, where)
    add(f"ter9-{kind}-vs-artillery-range-3", TER9B, duel(k + 2, "artillery", "infantry", 3, [("T", kind)]), [["battle.dice", "eq", 2]], S_FOR9, where)
    add(f"ter9-{kind}-blocks-sight", TER9L, sight(k + 3, [("M", kind)]), [["line_of_sight.clear", "eq", False]], S_FOR9, where)
    add(f"ter9-{kind}-infantry-stops", TER9M, walk(k + 4, "infantry", [(1, kind)]),
        [["move.destinations.*.hex", "contains", [ahead(k + 4, 1)]], ["move.destinations.*.hex", "excludes", [ahead(k + 4, 2)]]], S_FOR9, where)
    add(f"ter9-{kind}-armor-two-hexes-in-no-battle", TER9B, duel(k + 5, "armor", "infantry", 1, [("A", kind)], akw={"moved": 2}),
        [["battle.allowed", "eq", False]], S_FOR9 + (" (a jungle entered from 2 hexes away)" if kind == "jungle" else ""), where)
    add(f"ter9-{kind}-armor-take-ground-no-overrun", TER9B,
        q([U("a1", "allies", "armor", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", kind)], dice=["flag"]),
        [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", kind == "jungle"]],
        S_FOR9 + (" (jungle: armor starting next to it may take ground and overrun)" if kind == "jungle" else " (armor may take ground but not battle again there)"), where)

# ---- hill-like: cliffs, sea bluffs, ergs & ridges, winter and desert hills, steep hills, roads over hills
S_HILL9 = ("Hills: Infantry and Armor battling a unit up a hill roll 1 die less, Artillery no less; no reduction at the same "
           "height; a hill blocks line of sight for units looking over it")
HILLS9 = [("cliff", "card 6 Cliffs & Sea Bluffs (" + BGA + "Cliff.php extends Hill)"),
          ("sea_bluff", "card 6 Cliffs & Sea Bluffs (as Hills)"),
          ("ridge", "card 64 Ergs & Ridges (" + BGA + "Erg.php extends Hill, must stop when entering)"),
          ("winter_hill", "seed 000 p.10 Winter Hills: as Hills"),
          ("desert_hill", "seed 000 p.10 Desert Hills: as Hills"),
          ("steep_hill", "card 13 Steep Hills: as Hills"),
          ("hill_road", TP + " p.6 Road over a hill (" + BGA + "HillRoad.php)")]
for i, (kind, where) in enumerate(HILLS9):
    k = (i + 4) % 6
    add(f"ter9-{kind}-vs-infantry-below", TER9B, duel(k, "infantry", "infantry", 1, [("T", kind)]), [["battle.dice", "eq", 2]], S_HILL9, where)
    add(f"ter9-{kind}-vs-armor-below", TER9B, duel(k + 1, "armor", "infantry", 2, [("T", kind)]), [["battle.dice", "eq", 2]], S_HILL9, where)
    add(f"ter9-{kind}-same-height", TER9B, duel(k + 2, "infantry", "infantry", 1, [("T", kind), ("A", kind)]), [["battle.dice", "eq", 3]], S_HILL9, where)
    add(f"ter9-{kind}-looked-over", TER9L, sight(k + 3, [("M", kind)]), [["line_of_sight.clear", "eq", False]], S_HILL9, where)
add("ter9-ridge-stops-infantry", TER9M, walk(1, "infantry", [(1, "ridge")]),
    [["move.destinations.*.hex", "contains", [ahead(1, 1)]], ["move.destinations.*.hex", "excludes", [ahead(1, 2)]]],
    "Ergs & Ridges: as Hills; a unit moving in must stop", "card 64 (" + BGA + "Erg.php mustStopWhenEntering)")
add("ter9-ridge-stops-armor", TER9M, walk(4, "armor", [(1, "ridge")], side="axis"),
    [["move.destinations.*.hex", "excludes", [ahead(4, 3)]]], "Ergs & Ridges: as Hills; a unit moving in must stop", "card 64 (" + BGA + "Erg.php)")
add("ter9-cliff-infantry-from-beach-no-take-ground", TER9B,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(), [T("g4", "beach"), T("G5", "cliff")], dice=["flag", "grenade"]),
    [["battle.dice", "eq", 2], ["result.take_ground", "eq", False]],
    "Cliffs & Sea Bluffs: infantry on a beach may not take ground up onto a cliff", BGA + "Cliff.php (takeGround from a beach cell: INFINITY)")
add("ter9-cliff-infantry-from-countryside-takes-ground", TER9B,
    q([inf("a1", "f4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "cliff")], dice=["flag", "grenade"]),
    [["result.take_ground", "eq", True]], "Cliffs & Sea Bluffs: as Hills otherwise (take ground as usual)", BGA + "Cliff.php")

# ---- bunkers of the expansions: fortresses and field bunkers protect either side
S_BUNK9 = ("Bunkers: impassable for Armor and Artillery; Artillery set on one may not move; Infantry battling a unit there roll "
           "1 die less, Armor 2 less, Artillery no less; a unit there may ignore one flag; a flag on Artillery there removes a figure")
for kind, where in (("fortress", "card 24 Fortresses (" + BGA + "Fortress.php extends Bunker, isOriginalOwner true: any side)"),
                    ("field_bunker", "card 22 Field Bunkers (" + BGA + "FieldBunker.php: 'Protect any occupant')")):
    for j, side in enumerate(SIDES9):
        k = j * 3 + (kind == "fortress")
        add(f"ter9-{kind}-protects-{side}-vs-armor", TER9B, duel(k, "armor", "infantry", 1, [("T", kind)], aside="axis" if side == "allies" else "allies"),
            [["battle.dice", "eq", 1]], S_BUNK9 + " (either side may claim it)", where)
        add(f"ter9-{kind}-protects-{side}-vs-infantry-flag", TER9B,
            duel(k + 1, "infantry", "infantry", 1, [("T", kind)], aside="axis" if side == "allies" else "allies", dice=["flag", "star"]),
            [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_BUNK9, where)
    add(f"ter9-{kind}-armor-may-not-enter", TER9M, walk(2, "armor", [(1, kind)]), [["move.destinations.*.hex", "excludes", [ahead(2, 1)]]], S_BUNK9, where)
    add(f"ter9-{kind}-infantry-enters-and-battles", TER9M, walk(5, "infantry", [(1, kind)], side="axis"),
        [[f"move.destinations.[hex={ahead(5, 1)}].can_battle", "eq", True]], S_BUNK9 + " (Infantry moving onto one may battle)", where)
    add(f"ter9-{kind}-artillery-stays", TER9M, walk(3, "artillery", [(0, kind)]),
        [["move.destinations.*.hex", "excludes", [ahead(3, 1), at((1, 1), 3), at((-1, 1), 3)]]], S_BUNK9, where)
    add(f"ter9-{kind}-artillery-two-flags-one-figure", TER9B,
        q([inf("a1", "g4"), U("x1", "axis", "artillery", "G5")], battle(), [T("G5", kind)], dice=["flag", "flag"]),
        [["result.flags_ignored", "eq", 1], ["result.retreat.*.hex", "eq", ["G5"]], ["result.retreat.*.figures_lost", "eq", [1]]], S_BUNK9, where)
    add(f"ter9-{kind}-blocks-sight", TER9L, sight(0, [("M", kind)]), [["line_of_sight.clear", "eq", False]], S_BUNK9 + "; blocks line of sight", where)
add("ter9-bunker-owner-axis-allied-occupant-unprotected", TER9B,
    q([U("a1", "axis", "armor", "g4"), inf("x1", "G5")], battle(), [T("G5", "bunker", owner="axis")], dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.flags_ignored", "eq", 0]],
    "Only the side noted in the briefing notes may claim a Bunker as a defensive position", OBST)
add("ter9-bunker-owner-allies-allied-occupant-protected", TER9B,
    q([U("a1", "axis", "armor", "g4"), inf("x1", "G5")], battle(), [T("G5", "bunker", owner="allies")], dice=["flag"]),
    [["battle.dice", "eq", 1], ["result.flags_ignored", "eq", 1]],
    "Only the side noted in the briefing notes may claim a Bunker as a defensive position", OBST)

# ---- impassable: escarpments, dams, lakes, ponds, rivers without crossings
S_ESC = "Escarpment: impassable terrain to all units; blocks line of sight"
ESCW = "card 63 (" + BGA + "Escarpment.php)"
add("ter9-escarpment-infantry-may-not-enter", TER9M, walk(1, "infantry", [(1, "escarpment")]), [["move.destinations.*.hex", "excludes", [ahead(1, 1)]]], S_ESC, ESCW)
add("ter9-escarpment-armor-may-not-enter", TER9M, walk(3, "armor", [(1, "escarpment")], side="axis"), [["move.destinations.*.hex", "excludes", [ahead(3, 1)]]], S_ESC, ESCW)
add("ter9-escarpment-blocks-sight", TER9L, sight(2, [("M", "escarpment")]), [["line_of_sight.clear", "eq", False]], S_ESC, ESCW)
for o in range(4):
    add(f"ter9-escarpment-blocks-retreat-o{o}", TER9R, scene(o, [A_INF, tgt()], [(f6, "escarpment"), (g6, "escarpment")], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "eq", hexes(o, [G5])], ["result.retreat.*.figures_lost", "eq", [1]]], S_ESC + "; " + S_TERR, ESCW)
S_DAM = "Dams: no movement restrictions for Infantry; impassable for Armor and Artillery; unit may ignore one flag; blocks line of sight"
DAMW = "card 20 Dams (" + BGA + "Dam.php)"
add("ter9-dam-infantry-crosses", TER9M, walk(0, "infantry", [(1, "dam")]), [["move.destinations.*.hex", "contains", [ahead(0, 1), ahead(0, 2)]]], S_DAM, DAMW)
add("ter9-dam-artillery-may-not-enter", TER9M, walk(4, "artillery", [(1, "dam")]), [["move.destinations.*.hex", "excludes", [ahead(4, 1)]]], S_DAM, DAMW)
add("ter9-dam-infantry-flag-ignored", TER9B, duel(5, "infantry", "infantry", 1, [("T", "dam")], dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_DAM + " (no combat restrictions: no dice taken off)", DAMW)
for o in (0, 3):
    add(f"ter9-dam-blocks-armor-retreat-o{o}", TER9R, scene(o, [A_INF, tgt("armor")], [(f6, "dam"), (g6, "dam")], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "eq", hexes(o, [G5])], ["result.retreat.*.figures_lost", "eq", [1]]], S_DAM + "; impassable terrain may not be moved through during a retreat", DAMW)
    add(f"ter9-dam-infantry-retreats-onto-o{o}", TER9R, scene(o, [A_ARM, tgt()], [(f6, "dam"), (g6, "dam")], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "set", hexes(o, [f6, g6])], ["result.retreat.*.figures_lost", "eq", [0, 0]]], S_DAM, DAMW)
S_LAKE = "Lakes: impassable terrain; two or more contiguous adjacent Lake hexes block the line of sight"
for o in (1, 2):
    add(f"ter9-lake-blocks-retreat-o{o}", TER9R, scene(o, [A_ARM, tgt()], [(f6, "lake"), (g6, "lake")], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "eq", hexes(o, [G5])], ["result.retreat.*.figures_lost", "eq", [1]]], S_LAKE + "; " + S_TERR, "card 26 Lakes (" + BGA + "Lake.php)")
add("ter9-lake-three-in-a-row-blocks", TER9L, q([], los(at((0, 0), 4), at((8, 0), 4)), [T(at((2, 0), 4), "lake"), T(at((4, 0), 4), "lake"), T(at((6, 0), 4), "lake")]),
    [["line_of_sight.clear", "eq", False]], S_LAKE, "card 26 Lakes")
add("ter9-river-no-crossing-armor", TER9M, walk(2, "armor", [(1, "river")]), [["move.destinations.*.hex", "excludes", [ahead(2, 1)]]],
    "Rivers & Waterways: impassable, except over a bridge or ford", P15)

# ---- mountains (card 30)
S_MTN = ("Mountains: Infantry may only move up, retreat onto (/ move down, retreat from) a mountain from (/ to) an adjacent hill "
         "or mountain; impassable for Armor and Artillery; Artillery set on a mountain fires at 3/3/2/2/1/1/1; blocks line of "
         "sight (except from contiguous adjacent mountains); attackers not on a mountain, but artillery, roll 2 dice less")
MTNW = "card 30 Mountains (" + BGA + "Mountain.php desc, defense, isBlockingLineOfSight; " + TP + " p.5)"
add("ter9-mountain-artillery-range-7", TER9B, q([U("a1", "allies", "artillery", "A5"), inf("x1", "H5", side="axis")], battle(), [T("A5", "mountain")]),
    [["battle.allowed", "eq", True], ["battle.distance", "eq", 7], ["battle.dice", "eq", 1]], S_MTN, MTNW)
add("ter9-mountain-artillery-range-7-axis-right", TER9B, q([U("a1", "axis", "artillery", "M3"), inf("x1", "F3")], battle(), [T("M3", "mountain")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_MTN, MTNW)
add("ter9-mountain-artillery-range-3", TER9B, q([U("a1", "allies", "artillery", "A5"), inf("x1", "D5", side="axis")], battle(), [T("A5", "mountain")]),
    [["battle.dice", "eq", 2]], S_MTN, MTNW)
add("ter9-hill-artillery-range-7-out", TER9B, q([U("a1", "allies", "artillery", "A5"), inf("x1", "H5", side="axis")], battle(), [T("A5", "hill")]),
    [["battle.allowed", "eq", False]], S_ART + " (the seventh hex is the mountain's alone)", BASE + " Battle Range")
add("ter9-mountain-vs-infantry-on-hill", TER9B, duel(1, "infantry", "infantry", 1, [("A", "hill"), ("T", "mountain")]), [["battle.dice", "eq", 1]], S_MTN, MTNW)
add("ter9-mountain-vs-armor-range-2", TER9B, duel(2, "armor", "infantry", 2, [("T", "mountain")]), [["battle.dice", "eq", 1]], S_MTN, MTNW)
add("ter9-mountain-vs-artillery", TER9B, duel(3, "artillery", "infantry", 2, [("T", "mountain")]), [["battle.dice", "eq", 3]], S_MTN, MTNW)
add("ter9-mountain-to-mountain-no-reduction", TER9B, duel(4, "infantry", "infantry", 1, [("A", "mountain"), ("T", "mountain")]), [["battle.dice", "eq", 3]], S_MTN, MTNW)
add("ter9-mountain-range-contiguous-clear", TER9L, sight(5, [("A", "mountain"), ("M", "mountain"), ("T", "mountain")]), [["line_of_sight.clear", "eq", True]], S_MTN, MTNW)
add("ter9-mountain-between-hills-blocks", TER9L, sight(0, [("A", "hill"), ("M", "mountain"), ("T", "hill")]), [["line_of_sight.clear", "eq", False]], S_MTN, MTNW)
add("ter9-mountain-between-low-hexes-blocks", TER9L, sight(1, [("M", "mountain")]), [["line_of_sight.clear", "eq", False]], S_MTN, MTNW)
add("ter9-mountain-infantry-up-from-hill", TER9M, walk(2, "infantry", [(0, "hill"), (1, "mountain")]), [["move.destinations.*.hex", "contains", [ahead(2, 1)]]], S_MTN, MTNW)
add("ter9-mountain-infantry-not-down-to-low", TER9M, walk(3, "infantry", [(0, "mountain")]),
    [["move.destinations.*.hex", "excludes", [ahead(3, 1), at((1, 1), 3), at((-1, -1), 3)]]], S_MTN, MTNW)
add("ter9-mountain-infantry-down-to-hill", TER9M, walk(4, "infantry", [(0, "mountain"), (1, "hill")], side="axis"),
    [["move.destinations.*.hex", "contains", [ahead(4, 1)]], ["move.destinations.*.hex", "excludes", [at((-2, 0), 4)]]], S_MTN, MTNW)
add("ter9-mountain-artillery-stays", TER9M, walk(5, "artillery", [(0, "mountain"), (1, "hill")]),
    [["move.destinations.*.hex", "excludes", [ahead(5, 1)]]], S_MTN + " (artillery may not leave: Mountain.php cantLeave)", MTNW)
for o in (0, 3):
    add(f"ter9-mountain-no-retreat-up-from-low-o{o}", TER9R, scene(o, [A_ARM, tgt()], [(f6, "mountain"), (g6, "mountain")], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "eq", hexes(o, [G5])], ["result.retreat.*.figures_lost", "eq", [1]]], S_MTN + " (retreat onto a mountain only from a hill or mountain)", MTNW)
    add(f"ter9-mountain-retreat-up-from-hill-o{o}", TER9R, scene(o, [A_ARM, tgt()], [(G5, "hill"), (f6, "mountain"), (g6, "mountain")], battle(), ["flag", "star"]),
        [["result.retreat.*.hex", "set", hexes(o, [f6, g6])], ["result.retreat.*.figures_lost", "eq", [0, 0]]], S_MTN, MTNW)
    add(f"ter9-mountain-no-retreat-down-to-low-o{o}", TER9R, scene(o, [A_INF, tgt()], [(G5, "mountain"), (g4, "mountain")], battle(), ["flag", "star", "star"]),
        [["result.retreat.*.hex", "eq", hexes(o, [G5])], ["result.retreat.*.figures_lost", "eq", [1]]], S_MTN + " (retreat from a mountain only to a hill or mountain)", MTNW)

# ---- marshes, rice paddies, flooded fields, high ground
S_MARSH = ("Marshes: impassable for Artillery; a unit moving in must stop, a unit moving out must stop on the next hex; Infantry "
           "moving in or out has no combat restrictions; Armor moving in/out cannot battle; Armor that makes a successful combat "
           "against a unit on a Marsh may Take Ground, but not Armor overrun")
MARW = "card 28 Marshes (" + BGA + "Marsh.php; " + TP + " p.4)"
RICEW = "Pacific Theater Rice Paddies, played as Marshes (docs/rules-sources.md)"
for i, (kind, where) in enumerate((("marsh", MARW), ("rice_paddies", RICEW))):
    add(f"ter9-{kind}-artillery-may-not-enter", TER9M, walk(i, "artillery", [(1, kind)]), [["move.destinations.*.hex", "excludes", [ahead(i, 1)]]], S_MARSH, where)
    add(f"ter9-{kind}-infantry-stops", TER9M, walk(i + 2, "infantry", [(1, kind)]),
        [["move.destinations.*.hex", "contains", [ahead(i + 2, 1)]], ["move.destinations.*.hex", "excludes", [ahead(i + 2, 2)]],
         [f"move.destinations.[hex={ahead(i + 2, 1)}].can_battle", "eq", True]], S_MARSH, where)
    add(f"ter9-{kind}-leaving-one-hex", TER9M, walk(i + 3, "armor", [(0, kind)], side="axis"),
        [["move.destinations.*.hex", "contains", [ahead(i + 3, 1)]], ["move.destinations.*.hex", "excludes", [ahead(i + 3, 2), ahead(i + 3, 3)]]], S_MARSH, where)
    add(f"ter9-{kind}-armor-entered-no-battle", TER9B, duel(i + 4, "armor", "infantry", 1, [("A", kind)], akw={"moved": 1}), [["battle.allowed", "eq", False]], S_MARSH, where)
    add(f"ter9-{kind}-infantry-entered-battles", TER9B, duel(i + 5, "infantry", "armor", 1, [("A", kind)], akw={"moved": 1}),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_MARSH, where)
    add(f"ter9-{kind}-armor-take-ground-no-overrun", TER9B,
        q([U("a1", "axis", "armor", "g6"), inf("x1", "G5")], battle(), [T("G5", kind)], dice=["flag", "grenade", "star"]),
        [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]], S_MARSH, where)
    add(f"ter9-{kind}-sight-clear", TER9L, sight(i + 1, [("M", kind)]), [["line_of_sight.clear", "eq", True]], S_MARSH + " (no line of sight rule: clear)", where)
S_FLOOD = ("Flooded Fields: to enter one a unit must have been on an adjacent hex at the start of its move; a unit entering must "
           "stop; a unit leaving one stops on the adjacent hex; Infantry or Artillery there have no combat restriction; Armor may not "
           "battle the turn it enters or leaves; Armor taking ground onto one may not overrun; no line of sight effect")
FLW = TP + " p.4 Flooded Fields (studylibfr.com expansion-rules-fr, docs/rules-sources.md)"
add("ter9-flooded-not-as-second-hex", TER9M, walk(0, "infantry", [(2, "flooded_field")]),
    [["move.destinations.*.hex", "contains", [ahead(0, 1)]], ["move.destinations.*.hex", "excludes", [ahead(0, 2)]]], S_FLOOD, FLW)
add("ter9-flooded-armor-not-as-third-hex", TER9M, walk(1, "armor", [(3, "flooded_field")], side="axis"),
    [["move.destinations.*.hex", "excludes", [ahead(1, 3)]], ["move.destinations.*.hex", "contains", [ahead(1, 2)]]], S_FLOOD, FLW)
add("ter9-flooded-first-hex-stops", TER9M, walk(2, "infantry", [(1, "flooded_field")]),
    [["move.destinations.*.hex", "contains", [ahead(2, 1)]], ["move.destinations.*.hex", "excludes", [ahead(2, 2)]]], S_FLOOD, FLW)
add("ter9-flooded-infantry-entered-battles", TER9B, duel(3, "infantry", "infantry", 1, [("A", "flooded_field")], akw={"moved": 1}), [["battle.allowed", "eq", True]], S_FLOOD, FLW)
add("ter9-flooded-armor-entered-no-battle", TER9B, duel(4, "armor", "infantry", 1, [("A", "flooded_field")], akw={"moved": 1}), [["battle.allowed", "eq", False]], S_FLOOD, FLW)
add("ter9-flooded-armor-take-ground-no-overrun", TER9B,
    q([U("a1", "allies", "armor", "f4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "flooded_field")], dice=["flag", "star", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]], S_FLOOD, FLW)
add("ter9-flooded-sight-clear", TER9L, sight(5, [("M", "flooded_field")]), [["line_of_sight.clear", "eq", True]], S_FLOOD, FLW)
S_HIGH = "Dikes & High Ground: no movement restrictions; no combat restrictions; no defence"
add("ter9-high-ground-no-protection", TER9B, duel(0, "armor", "infantry", 1, [("T", "high_ground")]), [["battle.dice", "eq", 3]], S_HIGH, FLW)
add("ter9-high-ground-moves-through", TER9M, walk(1, "infantry", [(1, "high_ground")]), [["move.destinations.*.hex", "contains", [ahead(1, 2)]]], S_HIGH, FLW)

# ---- water crossings: fords, fordable streams, railroad and pontoon bridges
S_FORD = "Fords: the river is crossed there; a unit moving in must stop; units battling out of it roll 1 die less (Infantry, Armor and Artillery)"
FORDW = "card 41 Fords & fordable rivers (" + BGA + "Ford.php: isBridge, mustStopWhenEntering, offense -1/-1/-1; " + TP + " p.11)"
add("ter9-ford-infantry-crosses-and-stops", TER9M, walk(0, "infantry", [(1, "river"), (1, "ford")]),
    [["move.destinations.*.hex", "contains", [ahead(0, 1)]], ["move.destinations.*.hex", "excludes", [ahead(0, 2)]]], S_FORD, FORDW)
add("ter9-ford-armor-enters", TER9M, walk(3, "armor", [(1, "river"), (1, "ford")], side="axis"),
    [["move.destinations.*.hex", "contains", [ahead(3, 1)]], ["move.destinations.*.hex", "excludes", [ahead(3, 3)]]], S_FORD, FORDW)
add("ter9-ford-infantry-battles-out", TER9B, duel(1, "infantry", "infantry", 1, [("A", "river"), ("A", "ford")]), [["battle.dice", "eq", 2]], S_FORD, FORDW)
add("ter9-ford-armor-battles-out", TER9B, duel(2, "armor", "infantry", 2, [("A", "river"), ("A", "ford")]), [["battle.dice", "eq", 2]], S_FORD, FORDW)
add("ter9-ford-artillery-battles-out", TER9B, duel(4, "artillery", "infantry", 2, [("A", "river"), ("A", "ford")]), [["battle.dice", "eq", 2]], S_FORD, FORDW)
add("ter9-ford-target-unprotected", TER9B, duel(5, "infantry", "infantry", 1, [("T", "river"), ("T", "ford")]), [["battle.dice", "eq", 3]], S_FORD + " (no protection is written)", FORDW)
add("ter9-fordable-stream-stops", TER9M, walk(2, "infantry", [(1, "fordable_stream")]),
    [["move.destinations.*.hex", "contains", [ahead(2, 1)]], ["move.destinations.*.hex", "excludes", [ahead(2, 2)]]],
    "Fordable rivers: a unit moving in must stop; units battling out of it roll 1 die less", "card 41b (" + BGA + "FordableStream.php)")
add("ter9-fordable-stream-artillery-out", TER9B, duel(0, "artillery", "armor", 3, [("A", "fordable_stream")]), [["battle.dice", "eq", 1]],
    "Fordable rivers: units battling out of it roll 1 die less", "card 41b (" + BGA + "FordableStream.php)")
S_RRB = "Railroad Bridges: no movement restriction for Infantry; Armor and Artillery moving in must stop; no combat restriction; Armor may Take Ground and Overrun; do not block line of sight"
RRBW = "card 37 Railroad Bridges (" + BGA + "RailroadBridge.php desc; " + TP + " p.12)"
add("ter9-railroad-bridge-infantry-crosses", TER9M, walk(1, "infantry", [(1, "river"), (1, "railroad_bridge")]),
    [["move.destinations.*.hex", "contains", [ahead(1, 1), ahead(1, 2)]]], S_RRB, RRBW)
add("ter9-railroad-bridge-armor-stops", TER9M, walk(4, "armor", [(1, "river"), (1, "railroad_bridge")], side="axis"),
    [["move.destinations.*.hex", "contains", [ahead(4, 1)]], ["move.destinations.*.hex", "excludes", [ahead(4, 3)]],
     [f"move.destinations.[hex={ahead(4, 1)}].can_battle", "eq", True]], S_RRB, RRBW)
add("ter9-railroad-bridge-armor-overrun", TER9B,
    q([U("a1", "allies", "armor", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "river"), T("G5", "railroad_bridge")], dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]], S_RRB, RRBW)
add("ter9-railroad-bridge-sight-clear", TER9L, sight(3, [("M", "river"), ("M", "railroad_bridge")]), [["line_of_sight.clear", "eq", True]], S_RRB, RRBW)
S_PONT = "Pontoon Bridges: as Bridges: the river is crossed there, no movement or combat restriction"
add("ter9-pontoon-armor-crosses-on", TER9M, walk(5, "armor", [(1, "river"), (1, "pontoon_bridge")]),
    [["move.destinations.*.hex", "contains", [ahead(5, 1), ahead(5, 2), ahead(5, 3)]]], S_PONT, "card 33 Pontoon Bridges (" + TP + " p.12)")
add("ter9-river-armor-take-ground-not-into-river", TER9B,
    q([U("a1", "axis", "armor", "g6"), inf("x1", "G5")], battle(), [T("G5", "river"), T("G5", "bridge")], dice=["flag", "star", "star"]),
    [["result.take_ground", "eq", True]], "Bridges: no movement restriction (a unit on a bridge may be followed onto it)", P15)

# ---- wadis (card 44)
S_WADI = ("Wadis & Gullies: Infantry or Armor battling in or out of a Wadi must be adjacent to the target; Infantry, Armor and "
          "Artillery battling a unit in one roll 1 die less; do not block line of sight")
WADW = "card 44 (" + BGA + "Wadi.php desc and defense -1/-1/-1; " + TP + " p.3)"
add("ter9-wadi-artillery-reduced", TER9B, duel(0, "artillery", "infantry", 3, [("T", "wadi")]), [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_WADI, WADW)
add("ter9-wadi-armor-adjacent-reduced", TER9B, duel(1, "armor", "armor", 1, [("T", "wadi")]), [["battle.dice", "eq", 2]], S_WADI, WADW)
add("ter9-wadi-armor-in-out-range-3", TER9B, duel(2, "armor", "infantry", 3, [("A", "wadi")]), [["battle.allowed", "eq", False]], S_WADI, WADW)
add("ter9-wadi-infantry-into-range-2", TER9B, duel(3, "infantry", "infantry", 2, [("T", "wadi")]), [["battle.allowed", "eq", False]], S_WADI, WADW)
add("ter9-wadi-artillery-out-range-3", TER9B, duel(4, "artillery", "infantry", 3, [("A", "wadi")]), [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_WADI + " (artillery is not named)", WADW)
add("ter9-wadi-sight-across", TER9L, sight(5, [("M", "wadi")]), [["line_of_sight.clear", "eq", True]], S_WADI, WADW)
add("ter9-wadi-unit-in-it-blocks", TER9L, q([inf("b1", at((2, 0), 2))], los(at((0, 0), 2), at((4, 0), 2)), [T(at((2, 0), 2), "wadi")]),
    [["line_of_sight.clear", "eq", False]], "Wadis: do not block line of sight. Unit in Wadi or Gully blocks line of sight as normal", WADW)

# ---- railroads and roads
S_RAIL = "Railroads: no movement restrictions for Infantry; Armor and Artillery moving onto must stop; no combat restrictions; Armor may Take ground and Overrun; do not block line of sight"
RAILW = "card 38 Railroads (" + BGA + "Rail.php desc; " + TP + " p.5)"
add("ter9-railway-armor-stops", TER9M, walk(2, "armor", [(2, "railway")], side="axis"),
    [["move.destinations.*.hex", "contains", [ahead(2, 2)]], ["move.destinations.*.hex", "excludes", [ahead(2, 3)]]], S_RAIL, RAILW)
add("ter9-railway-infantry-two-over", TER9M, walk(3, "infantry", [(1, "railway")]), [["move.destinations.*.hex", "contains", [ahead(3, 2)]]], S_RAIL, RAILW)
add("ter9-railway-armor-overrun", TER9B,
    q([U("a1", "axis", "armor", "H5"), inf("x1", "G5")], battle(), [T("G5", "railway")], dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]], S_RAIL, RAILW)
add("ter9-railway-sight-clear", TER9L, sight(4, [("M", "railway")]), [["line_of_sight.clear", "eq", True]], S_RAIL, RAILW)
add("ter9-railway-armor-entered-battles", TER9B, duel(5, "armor", "infantry", 1, [("A", "railway")], akw={"moved": 2}), [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_RAIL, RAILW)
add("ter9-hill-road-protects", TER9B, duel(0, "infantry", "infantry", 2, [("T", "hill_road")]), [["battle.dice", "eq", 1]], "Road over a hill: a Hill and a Road (the hill's protection holds)", TP + " p.6")

# ---- other expansion cards
S_TRENCH = "Trenches: unit moving in must stop; impassable for Artillery; Armor may not battle; Infantry may ignore one flag; Infantry and Armor battling a unit there roll 1 die less"
TRW = "card 51 Trenches (" + BGA + "Trenches.php)"
add("ter9-trenches-vs-infantry", TER9B, duel(1, "infantry", "infantry", 1, [("T", "trenches")]), [["battle.dice", "eq", 2]], S_TRENCH, TRW)
add("ter9-trenches-vs-artillery", TER9B, duel(2, "artillery", "infantry", 2, [("T", "trenches")]), [["battle.dice", "eq", 3]], S_TRENCH, TRW)
add("ter9-trenches-infantry-flag", TER9B, duel(3, "armor", "infantry", 1, [("T", "trenches")], dice=["flag", "star"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_TRENCH, TRW)
add("ter9-trenches-infantry-stops", TER9M, walk(4, "infantry", [(1, "trenches")]),
    [["move.destinations.*.hex", "contains", [ahead(4, 1)]], ["move.destinations.*.hex", "excludes", [ahead(4, 2)]]], S_TRENCH, TRW)
add("ter9-trenches-artillery-may-not-enter", TER9M, walk(5, "artillery", [(1, "trenches")]), [["move.destinations.*.hex", "excludes", [ahead(5, 1)]]], S_TRENCH, TRW)
add("ter9-trenches-sight-clear", TER9L, sight(0, [("M", "trenches")]), [["line_of_sight.clear", "eq", True]], S_TRENCH + " (no line of sight rule)", TRW)
S_RUIN = "City Ruins: unit moving in must stop and may not battle; impassable for Armor and Artillery; unit may ignore one flag; Infantry battle at -1, Armor at -2; blocks line of sight"
RUW = "card 45 City Ruins (" + BGA + "Ruins.php)"
add("ter9-ruins-infantry-entered-no-battle", TER9B, duel(1, "infantry", "infantry", 1, [("A", "ruins")], akw={"moved": 1}), [["battle.allowed", "eq", False]], S_RUIN, RUW)
add("ter9-ruins-vs-armor-range-2", TER9B, duel(2, "armor", "infantry", 2, [("T", "ruins")]), [["battle.dice", "eq", 1]], S_RUIN, RUW)
add("ter9-ruins-blocks-sight", TER9L, sight(3, [("M", "ruins")]), [["line_of_sight.clear", "eq", False]], S_RUIN, RUW)
add("ter9-ruins-infantry-stops", TER9M, walk(4, "infantry", [(1, "ruins")]),
    [["move.destinations.*.hex", "contains", [ahead(4, 1)]], ["move.destinations.*.hex", "excludes", [ahead(4, 2)]]], S_RUIN, RUW)
add("ter9-ruins-artillery-may-not-enter", TER9M, walk(5, "artillery", [(1, "ruins")]), [["move.destinations.*.hex", "excludes", [ahead(5, 1)]]], S_RUIN, RUW)
S_RB = "Road Blocks: Infantry moving in must stop and may move no further on that turn; impassable by Armor and Artillery; unit may ignore one flag; do not block line of sight"
RBW = "card 40 Road Blocks (" + BGA + "RoadBlock.php desc; " + TP + " p.12)"
add("ter9-roadblock-infantry-stops", TER9M, walk(0, "infantry", [(1, "roadblock")]),
    [["move.destinations.*.hex", "contains", [ahead(0, 1)]], ["move.destinations.*.hex", "excludes", [ahead(0, 2)]]], S_RB, RBW)
add("ter9-roadblock-artillery-may-not-enter", TER9M, walk(1, "artillery", [(1, "roadblock")]), [["move.destinations.*.hex", "excludes", [ahead(1, 1)]]], S_RB, RBW)
add("ter9-roadblock-flag-ignored", TER9B, duel(2, "artillery", "infantry", 2, [("T", "roadblock")], dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_RB, RBW)
add("ter9-roadblock-armor-retreat-blocked", TER9R, scene(1, [A_INF, tgt("armor")], [(f6, "roadblock"), (g6, "roadblock")], battle(), ["flag", "flag", "star"]),
    [["result.retreat.*.hex", "eq", hexes(1, [G5])], ["result.retreat.*.figures_lost", "eq", [2]]], S_RB + "; impassable terrain may not be moved through during a retreat", RBW)
S_OASIS = "Oasis: unit moving in must stop; unit moving in may still battle; unit may ignore one flag; Infantry and Armor battling a unit there roll 1 die less; blocks line of sight"
OAW = "card 31 Oasis (" + BGA + "Oasis.php; " + TP + " p.3)"
add("ter9-oasis-infantry-entered-battles", TER9B, duel(3, "infantry", "infantry", 1, [("A", "oasis")], akw={"moved": 1}), [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_OASIS, OAW)
add("ter9-oasis-vs-infantry", TER9B, duel(4, "infantry", "infantry", 1, [("T", "oasis")]), [["battle.dice", "eq", 2]], S_OASIS, OAW)
add("ter9-oasis-vs-artillery", TER9B, duel(5, "artillery", "armor", 4, [("T", "oasis")]), [["battle.dice", "eq", 2]], S_OASIS, OAW)
add("ter9-oasis-blocks-sight", TER9L, sight(0, [("M", "oasis")]), [["line_of_sight.clear", "eq", False]], S_OASIS, OAW)
add("ter9-oasis-stops", TER9M, walk(1, "armor", [(1, "oasis")]),
    [["move.destinations.*.hex", "contains", [ahead(1, 1)]], ["move.destinations.*.hex", "excludes", [ahead(1, 3)]], [f"move.destinations.[hex={ahead(1, 1)}].can_battle", "eq", True]], S_OASIS, OAW)
add("ter9-oasis-armor-flag", TER9B, duel(2, "infantry", "armor", 1, [("T", "oasis")], dice=["flag", "star"]), [["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_OASIS, OAW)
S_RADAR = "Radar stations: unit moving in must stop; unit moving in may battle; Armor battles out at -2 dice; unit may ignore one flag; blocks line of sight; Infantry -1, Armor -2 against it"
RADW = "card 36 Radar stations (" + BGA + "RadarStation.php)"
add("ter9-radar-vs-armor", TER9B, duel(3, "armor", "infantry", 1, [("T", "radar_station")]), [["battle.dice", "eq", 1]], S_RADAR, RADW)
add("ter9-radar-armor-battles-out", TER9B, duel(4, "armor", "armor", 2, [("A", "radar_station")]), [["battle.dice", "eq", 1]], S_RADAR, RADW)
add("ter9-radar-flag", TER9B, duel(5, "infantry", "infantry", 1, [("T", "radar_station")], dice=["flag", "star"]), [["result.flags_ignored", "eq", 1]], S_RADAR, RADW)
add("ter9-radar-blocks-sight", TER9L, sight(1, [("M", "radar_station")]), [["line_of_sight.clear", "eq", False]], S_RADAR, RADW)
add("ter9-radar-infantry-stops", TER9M, walk(2, "infantry", [(1, "radar_station")]),
    [["move.destinations.*.hex", "excludes", [ahead(2, 2)]], [f"move.destinations.[hex={ahead(2, 1)}].can_battle", "eq", True]], S_RADAR, RADW)
S_CEM = "Cemeteries: no movement restrictions; no combat restrictions; unit may ignore one flag; do not block line of sight"
CEMW = "card 18 Cemeteries (" + BGA + "Cemetery.php desc)"
add("ter9-cemetery-no-protection", TER9B, duel(3, "armor", "infantry", 1, [("T", "cemetery")]), [["battle.dice", "eq", 3]], S_CEM, CEMW)
add("ter9-cemetery-sight-clear", TER9L, sight(4, [("M", "cemetery")]), [["line_of_sight.clear", "eq", True]], S_CEM, CEMW)
add("ter9-cemetery-armor-passes", TER9M, walk(5, "armor", [(1, "cemetery")], side="axis"), [["move.destinations.*.hex", "contains", [ahead(5, 3)]]], S_CEM, CEMW)
add("ter9-cemetery-armor-entered-battles", TER9B, duel(0, "armor", "infantry", 1, [("A", "cemetery")], akw={"moved": 3}), [["battle.allowed", "eq", True]], S_CEM, CEMW)
S_RAV = "Ravines: impassable to Armor and Artillery; no movement or combat restriction for Infantry; Infantry on it may ignore the first flag; line of sight clear"
RAVW = EF + ", Ravine"
add("ter9-ravine-armor-may-not-enter", TER9M, walk(1, "armor", [(1, "ravine")]), [["move.destinations.*.hex", "excludes", [ahead(1, 1)]]], S_RAV, RAVW)
add("ter9-ravine-infantry-crosses", TER9M, walk(2, "infantry", [(1, "ravine")]), [["move.destinations.*.hex", "contains", [ahead(2, 1), ahead(2, 2)]]], S_RAV, RAVW)
add("ter9-ravine-no-protection", TER9B, duel(3, "armor", "infantry", 2, [("T", "ravine")]), [["battle.dice", "eq", 3]], S_RAV, RAVW)
add("ter9-ravine-sight-clear", TER9L, sight(4, [("M", "ravine")]), [["line_of_sight.clear", "eq", True]], S_RAV, RAVW)
S_HQ = "HQ & Supply tents: blocks line of sight"
add("ter9-headquarters-blocks-sight", TER9L, sight(5, [("M", "headquarters")]), [["line_of_sight.clear", "eq", False]], S_HQ, "card 56 (" + BGA + "HQ.php)")
add("ter9-hospital-no-protection", TER9B, duel(0, "infantry", "infantry", 1, [("T", "hospital")]), [["battle.dice", "eq", 3]],
    "Hospitals: blocks line of sight (no battle reduction is written)", "card 55 (" + BGA + "Hospital.php)")
add("ter9-airfield-no-ground-effect", TER9B, duel(1, "armor", "infantry", 1, [("T", "airfield")]), [["battle.dice", "eq", 3]],
    "Airfields: no movement or combat restriction for ground units (the rules database's Airfields record gives none)", DB + " Airfields")
add("ter9-airfield-sight-clear", TER9L, sight(2, [("M", "airfield")]), [["line_of_sight.clear", "eq", True]], "Airfields: do not block line of sight", DB + " Airfields")
add("ter9-airfield-armor-passes", TER9M, walk(3, "armor", [(1, "airfield"), (2, "airfield")]), [["move.destinations.*.hex", "contains", [ahead(3, 3)]]],
    "Airfields: no movement restriction", DB + " Airfields")
add("ter9-pier-no-combat-restriction", TER9B, duel(4, "armor", "infantry", 1, [("T", "pier")]), [["battle.dice", "eq", 3]], "Piers: no combat restriction", "card 59 (" + BGA + "Pier.php)")
add("ter9-dragons-teeth-block-sight", TER9L, sight(5, [("M", "dragons_teeth")]), [["line_of_sight.clear", "eq", False]], "Dragon's Teeth block line of sight", AIR + " p.10")
add("ter9-sea-wall-owner-flag", TER9B, q([U("a1", "axis", "infantry", "G3"), inf("x1", "G5")], battle(), [T("G5", "sea_wall", owner="allies")], dice=["flag"]),
    [["battle.dice", "eq", 1], ["result.flags_ignored", "eq", 1]], "Sea Wall: Infantry and Armor -1 against the side it belongs to; that side may ignore one flag", "card 12 (" + BGA + "SeaWall.php)")
add("ter9-hill-forest-same-height-still-forest", TER9B, duel(0, "armor", "infantry", 1, [("A", "hill"), ("T", "hill_forest")]), [["battle.dice", "eq", 1]],
    "Hills with Forests: a Forest (armor -2) at a Hill's height: the forest's protection does not depend on height", "card 48 (" + BGA + "HillForest.php extends Forest)")

# ---- obstacles the expansions add or change
S_MINE = "Minefields: a unit entering rolls the mine's number of dice, hits as in a battle; no roll on a retreat nor for the side that laid it; a 0 is a decoy, removed"
MINW = "card 29 Minefields (" + BGA + "Minefield.php; " + TP + " p.7)"
add("ter9-mine-allied-laid-hits-axis", TER9O, q([U("a1", "axis", "armor", "C3")], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("C3", "minefield", owner="allies", value=3)]),
    [["terrain_entry.rolls.0.dice", "eq", 3], ["terrain_entry.rolls.0.decoy", "eq", False]], S_MINE, MINW)
add("ter9-mine-allied-laid-spares-allies", TER9O, q([U("a1", "allies", "armor", "C3")], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("C3", "minefield", owner="allies", value=3)]),
    [["terrain_entry.rolls", "eq", []]], S_MINE, MINW)
add("ter9-mine-take-ground-rolls", TER9O, q([inf("a1", "K7", side="axis")], {"terrain_entry": {"unit": "a1", "how": "take_ground"}}, [T("K7", "minefield", owner="allies", value=1)]),
    [["terrain_entry.rolls.0.dice", "eq", 1]], S_MINE + " (taking ground enters the hex)", MINW)
add("ter9-mine-decoy", TER9O, q([inf("a1", "K7", side="axis")], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("K7", "minefield", owner="allies", value=0)]),
    [["terrain_entry.rolls.0.decoy", "eq", True]], S_MINE, MINW)
add("ter9-mine-hits-as-battle", TER9O, q([U("a1", "axis", "armor", "C3")], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("C3", "minefield", owner="allies", value=2)], dice=["armor", "flag"]),
    [["result.hits", "eq", 1], ["result.figures_removed", "eq", 1]], S_MINE + " (flags do nothing)", MINW)
add("ter9-mine-stops", TER9M, walk(0, "armor", [(1, "minefield")]),
    [["move.destinations.*.hex", "contains", [ahead(0, 1)]], ["move.destinations.*.hex", "excludes", [ahead(0, 3)]]], "Minefields: a unit entering must stop", MINW)
add("ter9-wire-armor-take-ground-no-overrun", TER9O,
    q([U("a1", "allies", "armor", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "barbed_wire")], dice=["flag", "star", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]], "Wire: armor entering removes it and may not overrun after taking ground into it", "card 15 (" + BGA + "Wire.php)")
add("ter9-sandbags-on-village-best-single-and-flag", TER9O,
    q([U("a1", "axis", "armor", "g6"), inf("x1", "G5")], battle(), [T("G5", "village"), T("G5", "sandbags")], dice=["flag"]),
    [["battle.dice", "eq", 1], ["result.flags_ignored", "eq", 1]],
    "A sandbag on a village does not add to the village's protection, but the unit there may ignore the first flag", OBST)
add("ter9-hedgehogs-infantry-enters", TER9O, walk(1, "infantry", [(1, "hedgehogs")]), [["move.destinations.*.hex", "contains", [ahead(1, 1)]]],
    "Hedgehogs: impassable for Armor and Artillery (infantry may enter)", OBST)
# ---- take ground and overrun onto the expansions' terrain (base rules p.11: "Terrain movement and battle restrictions still apply")
S_TG9 = BASE + " Taking Ground / Armor Overrun: terrain movement and battle restrictions still apply when units take ground"
for i, (kind, d9, take9, over9, why) in enumerate([
        ("church", 1, True, False, S_VIL), ("factory", 1, True, False, S_VIL), ("prison_camp", 1, True, False, S_VIL),
        ("oasis", 2, True, True, S_OASIS), ("radar_station", 1, True, True, S_RADAR), ("cemetery", 3, True, True, S_CEM),
        ("trenches", 2, True, False, S_TRENCH), ("ruins", 1, False, False, S_RUIN), ("dam", 3, False, False, S_DAM),
        ("fortress", 1, False, False, S_BUNK9), ("field_bunker", 1, False, False, S_BUNK9),
        ("ravine", 3, False, False, S_RAV), ("palm_forest", 1, True, False, S_FOR9), ("hill_forest", 1, True, False, S_FOR9),
        ("ridge", 2, True, True, "Ergs & Ridges: as Hills, a unit moving in must stop (nothing forbids battle)")]):
    o = i % 4
    add(f"ter9-armor-takes-{kind}-o{o}", TER9B, scene(o, [A_ARM, tgt(figures=1)], [(G5, kind)], battle(), ["grenade"] * d9),
        [["battle.dice", "eq", d9], ["result.eliminated", "eq", True], ["result.take_ground", "eq", take9], ["result.armor_overrun", "eq", over9]],
        why + "; " + S_TG9, BASE + " p.11; docs/rules-sources.md")
for i, (kind, d9) in enumerate([("ruins", 2), ("fortress", 2), ("ravine", 3), ("dam", 3), ("marsh", 3), ("trenches", 2)]):
    o = (i + 1) % 4
    add(f"ter9-infantry-takes-{kind}-o{o}", TER9B,
        scene(o, [A_INF, ("x1", "T", "armor", G5, {"figures": 1})], [(G5, kind)], battle(), ["armor"] * d9),
        [["battle.dice", "eq", d9], ["result.take_ground", "eq", True]], S_TG9 + " (infantry may enter a " + kind + ")", BASE + " p.11")
add("ter9-artillery-may-not-take-ground", TER9B, q([U("a1", "allies", "artillery", "g4"), inf("x1", "G5", side="axis", figures=1)], battle(), [T("G5", "oasis")], dice=["grenade", "grenade", "grenade"]),
    [["result.eliminated", "eq", True], ["result.take_ground", "eq", False]], "Artillery never takes ground", BASE + " p.11")

# ---- retreats onto the expansions' terrain
for i, (kind, cls, blocked, why) in enumerate([
        ("fortress", "armor", True, S_BUNK9), ("fortress", "infantry", False, S_BUNK9),
        ("trenches", "artillery", True, S_TRENCH), ("trenches", "infantry", False, S_TRENCH),
        ("marsh", "artillery", True, S_MARSH), ("marsh", "armor", False, S_MARSH),
        ("ravine", "armor", True, S_RAV), ("ruins", "armor", True, S_RUIN), ("ruins", "infantry", False, S_RUIN),
        ("church", "armor", False, S_VIL), ("wadi", "armor", False, S_WADI + " (the side slopes are not modelled; no blocker is written for the open hex)"),
        ("frozen_river", "infantry", False, "Frozen Rivers: moving or retreating onto one, roll 2 dice"),
        ("impassable_forest", "infantry", True, "a Forest no unit may enter (editor IMPASSABLE behaviour)"),
        ("pond", "infantry", True, "Ponds: as a single Lake hex: impassable")]):
    o = i % 4
    att = A_INF if cls != "infantry" else A_ARM
    faces = ["flag", "star", "star"]
    exp9 = ([["result.retreat.*.hex", "eq", hexes(o, [G5])], ["result.retreat.*.figures_lost", "eq", [1]]] if blocked
            else [["result.retreat.*.hex", "set", hexes(o, [f6, g6])], ["result.retreat.*.figures_lost", "eq", [0, 0]]])
    if kind == "pond":
        where9 = "docs/rules-sources.md (pond: unverified, as a single Lake hex)"
    else:
        where9 = "docs/rules-sources.md; " + S_TERR[:60]
    add(f"ter9-retreat-{cls}-onto-{kind}-o{o}", TER9R, scene(o, [att, tgt(cls)], [(f6, kind), (g6, kind)], battle(), faces),
        exp9, why + "; " + S_TERR, where9)

# ---- roads, railroads and steep hills: what a move costs
S_ROAD9 = "Roads: a unit that starts its move on a Road and stays on it may move 1 additional hex; no combat restriction"
ROADW = "card 42 Roads (" + BGA + "Road.php desc; " + TP + " p.5)"
for k in (1, 4):
    add(f"ter9-road-armor-four-along-r{k}", TER9M, walk(k, "armor", [(d, "road") for d in range(5)]), [["move.destinations.*.hex", "contains", [ahead(k, 4)]]], S_ROAD9, ROADW)
    add(f"ter9-road-armor-leaves-road-no-bonus-r{k}", TER9M, walk(k, "armor", [(d, "road") for d in range(4)]), [["move.destinations.*.hex", "excludes", [ahead(k, 4)]]], S_ROAD9 + " (the fourth hex is off the road)", ROADW)
    add(f"ter9-road-infantry-three-along-r{k}", TER9M, walk(k, "infantry", [(d, "road") for d in range(4)]), [["move.destinations.*.hex", "contains", [ahead(k, 3)]]], S_ROAD9, ROADW)
add("ter9-road-rail-crossing-plays-as-road", TER9M, walk(2, "armor", [(0, "road"), (1, "road"), (1, "railway"), (2, "road"), (3, "road")]),
    [["move.destinations.*.hex", "contains", [ahead(2, 3)]]], S_RAIL + "; road crossing a railroad plays as standard road", RAILW)
add("ter9-road-sight-clear", TER9L, sight(3, [("M", "road")]), [["line_of_sight.clear", "eq", True]], "Roads: do not block line of sight", ROADW)
S_STEEP = "Steep Hills: as Hills; movement up onto a steep hill is a 2 hex move (1 from a hill)"
STW = "card 13 Steep Hills (" + BGA + "SteepHill.php)"
add("ter9-steep-hill-armor-third-hex-out-of-reach", TER9M, walk(0, "armor", [(3, "steep_hill")]), [["move.destinations.*.hex", "excludes", [ahead(0, 3)]]], S_STEEP, STW)
add("ter9-steep-hill-armor-second-hex-in-reach", TER9M, walk(1, "armor", [(2, "steep_hill")], side="axis"), [["move.destinations.*.hex", "contains", [ahead(1, 2)]]], S_STEEP, STW)
add("ter9-steep-hill-from-hill-one-hex", TER9M, walk(2, "armor", [(2, "hill"), (3, "steep_hill")]), [["move.destinations.*.hex", "contains", [ahead(2, 3)]]], S_STEEP, STW)
add("ter9-steep-hill-artillery-may-not-climb", TER9M, walk(3, "artillery", [(1, "steep_hill")]), [["move.destinations.*.hex", "excludes", [ahead(3, 1)]]], S_STEEP + " (artillery moves 1)", STW)
add("ter9-steep-hill-infantry-climbs-no-battle", TER9M, walk(4, "infantry", [(1, "steep_hill")]),
    [["move.destinations.*.hex", "contains", [ahead(4, 1)]], [f"move.destinations.[hex={ahead(4, 1)}].can_battle", "eq", False]],
    S_STEEP + " (infantry that moves 2 hexes may not battle)", STW + "; " + BASE + " Move Units")
S_CLIFF = "Cliffs & Sea Bluffs: as Hills; Armor and Artillery may not move down a cliff onto a beach"
add("ter9-cliff-armor-not-down-onto-beach", TER9M, walk(5, "armor", [(0, "cliff"), (1, "beach")]),
    [[f"move.destinations.[hex={ahead(5, 1)}].path_length", "ge", 2]], S_CLIFF + " (it may reach the beach hex only round by another hex)", "card 6 (docs/rules-sources.md, bga-memoir Terrains/Cliff.php)")
add("ter9-cliff-armor-down-onto-countryside", TER9M, walk(0, "armor", [(0, "cliff")], side="axis"),
    [["move.destinations.*.hex", "contains", [ahead(0, 1)]]], S_CLIFF, "card 6 (docs/rules-sources.md)")
add("ter9-sea-bluff-infantry-from-beach-no-take-ground", TER9B,
    q([inf("a1", "f4"), inf("x1", "G5", side="axis")], battle(), [T("f4", "beach"), T("G5", "sea_bluff")], dice=["flag", "grenade"]),
    [["battle.dice", "eq", 2], ["result.take_ground", "eq", False]], "Cliffs & Sea Bluffs: infantry on a beach may not take ground up onto one", "card 6 (docs/rules-sources.md)")

# ---- more battle details of the cards
add("ter9-ravine-infantry-flag-ignored", TER9B, duel(0, "armor", "infantry", 1, [("T", "ravine")], dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_RAV, RAVW)
add("ter9-wire-infantry-battles-out", TER9O, duel(1, "infantry", "infantry", 1, [("A", "barbed_wire")]), [["battle.dice", "eq", 2]],
    "Wire: Infantry on a wire hex battles at -1 die", OBST)
add("ter9-wire-armor-battles-out", TER9O, duel(2, "armor", "infantry", 1, [("A", "barbed_wire")]), [["battle.dice", "eq", 3]],
    "Wire: Infantry on a wire hex battles at -1 die (armor is not named)", OBST)
add("ter9-hedgehogs-flag-and-sight", TER9O, duel(3, "infantry", "infantry", 1, [("T", "hedgehogs")], dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.flags_ignored", "eq", 1]], "Hedgehogs: no protection; a unit there may ignore one flag", OBST)
add("ter9-hedgehogs-sight-clear", TER9L, sight(4, [("M", "hedgehogs")]), [["line_of_sight.clear", "eq", True]], "Hedgehogs: do not block line of sight", OBST)
add("ter9-wadi-both-in-range-2-armor", TER9B, duel(5, "armor", "armor", 2, [("A", "wadi"), ("T", "wadi")]), [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_WADI + " (from a wadi into a wadi: as usual, no protection)", WADW)
add("ter9-flooded-artillery-battles", TER9B, duel(0, "artillery", "infantry", 2, [("A", "flooded_field")]), [["battle.dice", "eq", 3]], S_FLOOD, FLW)
add("ter9-hill-village-vs-armor", TER9B, duel(1, "armor", "infantry", 1, [("T", "hill_village")]), [["battle.dice", "eq", 1]],
    "Hills with Villages: a Town (armor -2) on a hill", "card 49 (" + BGA + "HillVillage.php extends Village)")
add("ter9-hill-village-entered-no-battle", TER9B, duel(2, "infantry", "infantry", 1, [("A", "hill_village")], akw={"moved": 1}), [["battle.allowed", "eq", False]],
    "Hills with Villages: as Villages (a unit moving in may not battle)", "card 49 (" + BGA + "HillVillage.php extends Village)")
add("ter9-jungle-vs-armor", TER9B, duel(3, "armor", "infantry", 1, [("T", "jungle")]), [["battle.dice", "eq", 1]], S_FOR9, "card 57 Jungles")
add("ter9-dam-armor-no-take-ground", TER9B, q([U("a1", "axis", "armor", "H5"), inf("x1", "G5", figures=1)], battle(), [T("G5", "dam")], dice=["grenade", "star", "star"]),
    [["result.eliminated", "eq", True], ["result.take_ground", "eq", False]], S_DAM + "; " + S_TG9, DAMW)
add("ter9-mountain-cave-sight-blocks", TER9L, sight(4, [("M", "mountain_cave")]), [["line_of_sight.clear", "eq", False]], S_MTN + " (a cave on a mountain is a mountain)", "card 53")
# ---- Eastern Front rulebook p.3 and p.5 (yumpu.com "Eastfront rules EN - Days of Wonder")
S_DRAG = ("Dragon's Teeth: only Infantry may enter a Dragon's Teeth hex; an Infantry that enters one must stop and may not move "
          "further on that turn; no combat restrictions")
DRAGW = "Eastern Front rulebook p.5, New obstacles (docs/rules-sources.md); " + BGA + "DragonTeeth.php (card 46: mustStopWhenEntering)"
add("ter9-dragons-teeth-infantry-stops", TER9M, walk(1, "infantry", [(1, "dragons_teeth")]),
    [["move.destinations.*.hex", "contains", [ahead(1, 1)]], ["move.destinations.*.hex", "excludes", [ahead(1, 2)]]], S_DRAG, DRAGW)
add("ter9-dragons-teeth-armor-may-not-enter", TER9M, walk(2, "armor", [(1, "dragons_teeth")], side="axis"),
    [["move.destinations.*.hex", "excludes", [ahead(2, 1)]]], S_DRAG, DRAGW)
add("ter9-dragons-teeth-infantry-entered-battles", TER9M, walk(3, "infantry", [(1, "dragons_teeth")]),
    [[f"move.destinations.[hex={ahead(3, 1)}].can_battle", "eq", True]], S_DRAG, DRAGW)
add("ter9-dragons-teeth-no-protection", TER9B, duel(4, "armor", "infantry", 1, [("T", "dragons_teeth")]), [["battle.dice", "eq", 3]], S_DRAG, DRAGW)
S_HFV = ("Hill with Forest, Hill with Village: these terrain hexes are used for visual effect only. The Hill on Forest has the "
         "same effect as a Forest, and the Hill with Village has the same effect as a Village")
HFVW = "Eastern Front rulebook p.3 (docs/rules-sources.md)"
for i, kind in enumerate(("hill_forest", "hill_village")):
    add(f"ter9-{kind}-out-vs-hill-is-uphill", TER9B, duel(i, "infantry", "infantry", 1, [("A", kind), ("T", "hill")]), [["battle.dice", "eq", 2]],
        S_HFV + " (the attacker stands on low ground: the target is up a hill)", HFVW)
    add(f"ter9-{kind}-from-hill-still-protects", TER9B, duel(i + 2, "infantry", "infantry", 1, [("A", "hill"), ("T", kind)]), [["battle.dice", "eq", 2]], S_HFV, HFVW)
    add(f"ter9-{kind}-artillery-vs", TER9B, duel(i + 4, "artillery", "infantry", 2, [("T", kind)]), [["battle.dice", "eq", 3]], S_HFV, HFVW)
# ---- combinations: one hex, several pieces; caves held by Japanese infantry; units that start on the hex
S_ONE = S_NOCUM + "; a unit may ignore one flag (the pieces' ignored flags do not add up either)"
add("ter9-church-with-sandbags-one-flag", TER9O, duel(0, "infantry", "infantry", 1, [("T", "church"), ("T", "sandbags")], dice=["flag", "flag"]),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 1], ["result.retreat.*.hex", "len", 2]], S_ONE, OBST + "; card 19")
add("ter9-fortress-on-hill-vs-armor-from-hill", TER9O, duel(1, "armor", "infantry", 1, [("A", "hill"), ("T", "hill"), ("T", "fortress")]), [["battle.dice", "eq", 1]],
    S_BUNK9 + " (its protection does not depend on height)", "card 24; " + OBST)
add("ter9-sandbags-on-hill-vs-infantry-same-height", TER9O, duel(2, "infantry", "infantry", 1, [("A", "hill"), ("T", "hill"), ("T", "sandbags")]), [["battle.dice", "eq", 2]],
    "Sandbags: Infantry and Armor battling a unit behind sandbags roll 1 die less (whatever the height)", OBST)
add("ter9-wadi-artillery-into-wadi-from-wadi", TER9B, duel(3, "artillery", "infantry", 3, [("A", "wadi"), ("T", "wadi")]), [["battle.dice", "eq", 2]],
    S_WADI + " (no protection against an attacker in a wadi too)", WADW)
add("ter9-marsh-armor-started-there-battles", TER9B, duel(4, "armor", "infantry", 2, [("A", "marsh")]), [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]],
    S_MARSH + " (it did not move in or out this turn)", MARW)
add("ter9-flooded-armor-started-there-battles", TER9B, duel(5, "armor", "infantry", 1, [("A", "flooded_field")]), [["battle.allowed", "eq", True]], S_FLOOD, FLW)
add("ter9-forest-armor-started-there-battles", TER9B, duel(0, "armor", "armor", 3, [("A", "palm_forest")]), [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]],
    S_FOR9 + " (a unit that starts its turn there battles as usual)", "card 32")
S_CAVE9 = ("Caves on a hill: impassable for Armor and Artillery; Japanese units must ignore all flags; an attack on a Japanese unit "
           "is done at -2 (except for Artillery)")
CAVW = "card 52 (" + BGA + "HillCave.php desc and defense)"
add("ter9-cave-jp-vs-infantry-same-height", TER9B,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis", nation="jp")], battle(), [T("g4", "hill"), T("G5", "cave")]),
    [["battle.dice", "eq", 1]], S_CAVE9 + " (from the same hill too: the -2 is the cave's, not the height's)", CAVW)
add("ter9-cave-jp-vs-artillery", TER9B,
    q([U("a1", "allies", "artillery", "G3"), inf("x1", "G5", side="axis", nation="jp")], battle(), [T("G5", "cave")]),
    [["battle.dice", "eq", 3]], S_CAVE9, CAVW)
add("ter9-cave-jp-flag-ignored", TER9B,
    q([U("a1", "allies", "armor", "g4"), inf("x1", "G5", side="axis", nation="jp")], battle(), [T("G5", "cave")], dice=["flag"]),
    [["battle.dice", "eq", 1], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_CAVE9, CAVW)
add("ter9-cave-armor-may-not-enter", TER9M, walk(0, "armor", [(1, "cave")]), [["move.destinations.*.hex", "excludes", [ahead(0, 1)]]], S_CAVE9, CAVW)
add("ter9-mountain-cave-jp-vs-infantry-from-mountain", TER9B,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis", nation="jp")], battle(), [T("g4", "mountain"), T("G5", "mountain_cave")]),
    [["battle.dice", "eq", 1]], "Caves on mountains: as a Mountain; Japanese infantry in it: attacked at -2 but by artillery", "card 53 (" + BGA + "MountainCave.php)")
add("ter9-cave-not-japanese-hill-only", TER9B,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis")], battle(), [T("g4", "hill"), T("G5", "cave")]),
    [["battle.dice", "eq", 3]], S_CAVE9 + " (a unit that is not Japanese has only the hill: none from the same height)", CAVW)
add("ter9-bridge-target-armor-no-protection", TER9B, duel(1, "armor", "armor", 2, [("T", "river"), ("T", "bridge")]), [["battle.dice", "eq", 3]],
    "Bridges: no combat restriction", P15)
add("ter9-pontoon-sight-clear", TER9L, sight(2, [("M", "river"), ("M", "pontoon_bridge")]), [["line_of_sight.clear", "eq", True]], S_PONT, "card 33")
add("ter9-aircraft-carrier-closed-to-infantry", TER9M, walk(3, "infantry", [(1, "ocean"), (1, "aircraft_carrier")]),
    [["move.destinations.*.hex", "excludes", [ahead(3, 1)]]], "Aircraft carrier: ground units may not enter (docs/rules-sources.md, unverified)", AIR + " p.10")
add("ter9-pier-from-beach", TER9M, q([inf("a1", "G5")], move(), [T("G5", "beach"), T("H5", "pier")]),
    [["move.destinations.*.hex", "contains", ["H5"]]], "Piers: movement onto only allowed from Land or Beach, not from Ocean hex", "card 59 (" + BGA + "Pier.php)")
add("ter9-pier-not-from-ocean", TER9M, q([inf("a1", "G5")], move(), [T("G5", "ocean"), T("H5", "pier"), T("g6", "ocean"), T("h6", "ocean"), T("g4", "ocean"), T("h4", "ocean")]),
    [["move.destinations.*.hex", "excludes", ["H5"]]], "Piers: movement onto only allowed from Land or Beach, not from Ocean hex", "card 59 (" + BGA + "Pier.php)")
add("ter9-headquarters-no-protection", TER9B, duel(3, "armor", "infantry", 1, [("T", "headquarters")]), [["battle.dice", "eq", 3]],
    "HQ & Supply tents: blocks line of sight (no battle reduction is written)", "card 56")
add("ter9-high-ground-sight-clear", TER9L, sight(4, [("M", "high_ground")]), [["line_of_sight.clear", "eq", True]], S_HIGH + " (no line of sight rule)", FLW)
# ---- card 43 Supply depots and card 17 Barracks (bga-memoir Terrains/SupplyDepot.php, Barrack.php)
S_DEPOT = "Supply depots: no movement restriction; no combat restriction; block line of sight"
DEPW = "card 43 (" + BGA + "SupplyDepot.php desc; " + TP + " p.11)"
add("ter9-supply-depot-no-protection", TER9B, duel(0, "armor", "infantry", 1, [("T", "supply_depot")]), [["battle.dice", "eq", 3]], S_DEPOT, DEPW)
add("ter9-supply-depot-entered-battles", TER9B, duel(1, "infantry", "infantry", 1, [("A", "supply_depot")], akw={"moved": 1}), [["battle.allowed", "eq", True]], S_DEPOT, DEPW)
add("ter9-supply-depot-armor-passes", TER9M, walk(2, "armor", [(1, "supply_depot")]), [["move.destinations.*.hex", "contains", [ahead(2, 3)]]], S_DEPOT, DEPW)
add("ter9-supply-depot-blocks-sight", TER9L, sight(3, [("M", "supply_depot")]), [["line_of_sight.clear", "eq", False]], S_DEPOT, DEPW)
add("ter9-supply-depot-armor-battles-out", TER9B, duel(4, "armor", "infantry", 2, [("A", "supply_depot")]), [["battle.dice", "eq", 3]], S_DEPOT, DEPW)
add("ter9-barracks-vs-armor", TER9B, duel(5, "armor", "infantry", 1, [("T", "barracks")]), [["battle.dice", "eq", 1]], S_VIL, "card 17 Barracks (" + BGA + "Barrack.php extends Village)")
add("ter9-barracks-entered-no-battle", TER9B, duel(0, "infantry", "infantry", 1, [("A", "barracks")], akw={"moved": 1}), [["battle.allowed", "eq", False]], S_VIL, "card 17 Barracks (" + BGA + "Barrack.php extends Village)")
# ---- obstacles and landmarks: battling after entering, battling out
add("ter9-mine-entered-may-battle", TER9O, walk(4, "infantry", [(1, "minefield")]), [[f"move.destinations.[hex={ahead(4, 1)}].can_battle", "eq", True]],
    S_MINE + " (nothing forbids battle after the roll)", MINW)
add("ter9-wire-entered-battles-at-minus-1", TER9O, duel(5, "infantry", "infantry", 1, [("A", "barbed_wire")], akw={"moved": 1}),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], "Wire: a unit moving in must stop; Infantry on a wire hex battles at -1 die", OBST)
add("ter9-sandbags-entered-battles", TER9O, duel(0, "infantry", "infantry", 1, [("A", "sandbags")], akw={"moved": 1}),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], "Sandbags: no movement or battle restriction for the unit behind them", OBST)
add("ter9-sandbags-sight-clear", TER9L, sight(1, [("M", "sandbags")]), [["line_of_sight.clear", "eq", True]], "Sandbags: do not block line of sight", OBST)
for i, kind in enumerate(("factory", "lighthouse", "power_plant", "ruins", "church")):
    add(f"ter9-{kind}-infantry-battles-out", TER9B, duel(i, "infantry", "armor", 1, [("A", kind)]), [["battle.dice", "eq", 3]],
        S_VIL + " (infantry battles out as usual)" if kind != "ruins" else S_RUIN, "docs/rules-sources.md; " + BGA)
add("ter9-lighthouse-artillery-battles-out", TER9B, duel(5, "artillery", "armor", 4, [("A", "lighthouse")]), [["battle.dice", "eq", 2]], S_VIL, "card 27")
add("ter9-hill-road-armor-four-along", TER9M, walk(0, "armor", [(0, "road"), (1, "road"), (2, "hill_road"), (3, "road"), (4, "road")]),
    [["move.destinations.*.hex", "contains", [ahead(0, 4)]]], S_ROAD9 + " (a road over a hill is a road)", TP + " p.6")
add("ter9-frozen-river-no-protection", TER9B, duel(1, "armor", "infantry", 1, [("T", "frozen_river")]), [["battle.dice", "eq", 3]],
    "Frozen River: there are no other movement or battle restrictions", EF + " (Frozen River)")
add("ter9-frozen-river-sight-clear", TER9L, sight(2, [("M", "frozen_river")]), [["line_of_sight.clear", "eq", True]],
    "Frozen River: there are no other movement or battle restrictions", EF + " (Frozen River)")
add("ter9-frozen-river-crossed", TER9M, walk(3, "armor", [(1, "frozen_river")], side="axis"), [["move.destinations.*.hex", "contains", [ahead(3, 1), ahead(3, 3)]]],
    "Frozen River: the river is frozen and may be crossed", EF + " (Frozen River)")
add("ter9-railroad-bridge-target-unprotected", TER9B, duel(4, "infantry", "infantry", 2, [("T", "river"), ("T", "railroad_bridge")]), [["battle.dice", "eq", 2]], S_RRB, RRBW)
# ---- audit auditnat (session 9) ----
# Nation rules, scenario options and special troops, written from the texts before the rules core was read:
# the memoir44 wikia's "Japanese Imperial Army" page (memoir44.wikia.com/wiki/Japanese_Imperial_Army:
# "Infantry MUST ignore one extra flag. Infantry in caves MUST ignore all flags. Infantry having suffered no
# casualties may battle with one extra dice. Infantry may move 2 hexes and battle, if it engages in Close
# Assault."), bga-memoir as the cross-check (Managers/Units.php loadScenario: the nation and option
# properties; Board.php getTargetableCells: Banzai "can only attack in close assault", the night visibility
# filter; States/AttackUnitsTrait.php stAttackThrow: the British battle back; Units/*.php: the troops'
# own summaries), the rules database seed (004: Armored Car) and the troop-card texts cited in
# docs/rules-sources.md. Where the texts allow two readings no case is written (docs/rules-referee.md,
# "Interpretations and sources" lists them).
N9N, N9O, N9T = "nat9-nations", "nat9-options", "nat9-troops"


def n9_cr(name: str) -> Cr:
    """(col, row) of a standard-board hex name, the inverse of hx."""
    return (ord(name[0].upper()) - 65) * 2 + (1 if name[0].islower() else 0), 9 - int(name[1:])


def n9_up(name: str, steps: int = 1) -> list[str]:
    """The hexes a retreat of exactly `steps` moves toward the top edge may end on (an empty board)."""
    c, r = n9_cr(name)
    cols = {c}
    for _ in range(steps):
        cols = {x + d for x in cols for d in (-1, 1) if 0 <= x + d <= 24}
    return sorted(hx(x, r - steps) for x in cols) if r - steps >= 0 else []


def n9_down(name: str, steps: int = 1) -> list[str]:
    c, r = n9_cr(name)
    cols = {c}
    for _ in range(steps):
        cols = {x + d for x in cols for d in (-1, 1) if 0 <= x + d <= 24}
    return sorted(hx(x, r + steps) for x in cols) if r + steps <= 8 else []


WIKIJ = "memoir44.wikia.com/wiki/Japanese_Imperial_Army; bga-memoir Managers/Units.php (jp infantry, not snipers) and Board.php getTargetableCells (banzai)"
S_J_FLAG = "Japanese Imperial Army: Infantry MUST ignore one extra flag."
S_J_CAVE = "Japanese Imperial Army: Infantry in caves MUST ignore all flags."
S_J_DIE = ("Japanese Imperial Army: Infantry having suffered no casualties may battle with one extra dice (bga-memoir "
           "Infantry::getAttackModifier: in close assault, to a unit that is not wounded).")
S_J_BANZAI = ("Japanese Imperial Army: Infantry may move 2 hexes and battle, if it engages in Close Assault (bga-memoir "
              "Board::getTargetableCells: 'if banzai, unit can only attack in close assault').")
BRITW = "bga-memoir States/AttackUnitsTrait.php stAttackThrow (British Commonwealth Forces command); docs/rules-sources.md Nation rules (british_commonwealth)"
S_BRIT = ("British Commonwealth Forces: a British unit attacked in close assault that is neither eliminated nor made to retreat "
          "and is left with 1 figure may battle back at once.")
ITW = "bga-memoir Managers/Units.php loadScenario (option italy_royal_army); docs/rules-sources.md Nation rules (italian_royal_army)"
S_IT = ("Italian Royal Army: Italian infantry, armor and artillery units retreat 1, 2 or 3 hexes for each flag; Italian "
        "artillery may ignore one flag.")
IRA = {"air": None, "variants": ["italian_royal_army"]}

# -- Japanese infantry: one flag ignored, whichever side the attack comes from
for k in (0, 2, 3, 5):
    add(f"nat9-jp-ignores-one-flag-r{k}", N9N,
        q([U("a1", "allies", "infantry", at((1, 1), k)), U("x1", "axis", "infantry", "G5", nation="jp")], battle(), dice=["flag", "star", "star"]),
        [["result.flags", "eq", 1], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_J_FLAG, WIKIJ)
add("nat9-jp-two-flags-one-retreat", N9N,
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5", nation="jp")], battle(), dice=["flag", "flag", "star"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat.*.hex", "set", ["f6", "g6"]]], S_J_FLAG + " " + S_RET, WIKIJ)
add("nat9-jp-three-flags-two-hexes", N9N,
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5", nation="jp")], battle(), dice=["flag", "flag", "flag"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat.*.hex", "set", ["F7", "G7", "H7"]]], S_J_FLAG + " " + S_RET, WIKIJ)
add("nat9-jp-flag-bottom-axis", N9N,
    q([U("a1", "allies", "infantry", "H5"), U("x1", "axis", "infantry", "g4", nation="jp")], battle(), dice=["flag", "flag", "star"], bottom="axis"),
    [["result.flags_ignored", "eq", 1], ["result.retreat.*.hex", "set", n9_down("g4")]], S_J_FLAG + " " + S_RET, WIKIJ)
add("nat9-jp-flag-board-edge", N9N,
    q([U("a1", "allies", "infantry", "b8"), U("x1", "axis", "infantry", "B9", nation="jp", figures=2)], battle(), dice=["flag", "flag", "star"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat.*.figures_lost", "eq", [1]], ["result.retreat.*.hex", "eq", ["B9"]]],
    S_J_FLAG + " " + S_LOSE, WIKIJ + "; " + RETW)
add("nat9-jp-elite-infantry-ignores-flag", N9N,
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "special_forces", "G5", nation="jp")], battle(), dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]],
    S_J_FLAG + " (Special Forces 'behave in the same way as the corresponding (Infantry or Armor) standard unit in all respects')", WIKIJ + "; " + P12)
add("nat9-jp-armor-no-flag-ignored", N9N,
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "armor", "G5", nation="jp")], battle(), dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 0], ["result.retreat.*.hex", "set", ["f6", "g6"]]], S_J_FLAG + " (infantry only)", WIKIJ)
add("nat9-jp-artillery-no-flag-ignored", N9N,
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "artillery", "G5", nation="jp")], battle(), dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 0], ["result.retreat.*.hex", "set", ["f6", "g6"]]], S_J_FLAG + " (infantry only)", WIKIJ)
add("nat9-jp-sniper-no-flag-ignored", N9N,
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "sniper", "G5", nation="jp")], battle(), dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 0], ["result.retreat.*.hex", "contains", ["f6", "g6"]]], S_J_FLAG + " (bga-memoir: not a sniper)", WIKIJ)
add("nat9-us-infantry-no-flag-ignored", N9N,
    q([U("a1", "axis", "infantry", "G5", nation="jp"), U("x1", "allies", "infantry", "g4", nation="us")], battle(), dice=["flag", "star", "star", "star"]),
    [["result.flags_ignored", "eq", 0], ["result.retreat.*.hex", "set", n9_down("g4")]], S_J_FLAG + " (Japanese units only)", WIKIJ)
add("nat9-jp-cave-ignores-all-flags", N9N,
    q([U("a1", "allies", "artillery", "g4"), U("x1", "axis", "infantry", "G5", nation="jp")], battle(), [T("G5", "cave")], dice=["flag", "flag", "flag"]),
    [["battle.dice", "eq", 3], ["result.flags_ignored", "eq", 3], ["result.retreat", "eq", []]], S_J_CAVE, WIKIJ + "; terrain card 52 (docs/rules-sources.md)")
add("nat9-jp-cave-minus-two-vs-infantry", N9N,
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5", nation="jp")], battle(), [T("G5", "cave")]),
    [["battle.dice", "eq", 1]], "Cave: Japanese infantry in it are attacked at -2 dice but by artillery", "terrain card 52 (docs/rules-sources.md)")
# -- the extra die: close assault, full strength
for k in (1, 4):
    add(f"nat9-jp-full-strength-close-assault-r{k}", N9N,
        q([U("a1", "axis", "infantry", "G5", nation="jp"), U("x1", "allies", "infantry", at((1, 1), k))], battle()),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]], S_J_DIE, WIKIJ)
add("nat9-jp-extra-die-vs-forest", N9N,
    q([U("a1", "axis", "infantry", "G5", nation="jp"), U("x1", "allies", "infantry", "f6")], battle(), [T("f6", "forest")]),
    [["battle.dice", "eq", 3]], S_J_DIE + " Forests: Infantry reduce the number of Battle dice rolled by 1.", WIKIJ + "; " + P13)
add("nat9-jp-two-figures-no-extra-die", N9N,
    q([U("a1", "axis", "infantry", "G5", nation="jp", figures=2), U("x1", "allies", "infantry", "H5")], battle()),
    [["battle.dice", "eq", 3]], S_J_DIE, WIKIJ)
add("nat9-jp-one-figure-no-extra-die-vs-town", N9N,
    q([U("a1", "axis", "infantry", "G5", nation="jp", figures=1), U("x1", "allies", "infantry", "F5")], battle(), [T("F5", "town")]),
    [["battle.dice", "eq", 2]], S_J_DIE, WIKIJ)
add("nat9-jp-armor-no-extra-die", N9N,
    q([U("a1", "axis", "armor", "G5", nation="jp"), U("x1", "allies", "infantry", "g4")], battle()),
    [["battle.dice", "eq", 3]], S_J_DIE + " (infantry only)", WIKIJ)
add("nat9-ger-infantry-no-extra-die", N9N,
    q([U("a1", "axis", "infantry", "G5", nation="ger"), U("x1", "allies", "infantry", "g4")], battle()),
    [["battle.dice", "eq", 3]], S_J_DIE + " (Japanese units only)", WIKIJ)
# -- Banzai: two hexes and a close assault, nothing further
for k in (0, 3):
    add(f"nat9-jp-banzai-moved-2-close-assault-r{k}", N9N,
        q([U("a1", "axis", "infantry", "G5", nation="jp", moved=2), U("x1", "allies", "infantry", at((-1, -1), k))], battle()),
        [["battle.allowed", "eq", True], ["battle.close_assault", "eq", True], ["battle.dice", "eq", 4]], S_J_BANZAI + " " + S_J_DIE, WIKIJ)
    add(f"nat9-jp-banzai-moved-2-range-2-refused-r{k}", N9N,
        q([U("a1", "axis", "infantry", "G5", nation="jp", moved=2), U("x1", "allies", "infantry", at((-2, -2), k))], battle()),
        [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]], S_J_BANZAI, WIKIJ)
add("nat9-jp-banzai-moved-2-range-3-refused", N9N,
    q([U("a1", "axis", "infantry", "G5", nation="jp", moved=2), U("x1", "allies", "infantry", "D5")], battle()),
    [["battle.allowed", "eq", False]], S_J_BANZAI, WIKIJ)
add("nat9-jp-moved-1-range-2-normal", N9N,
    q([U("a1", "axis", "infantry", "G5", nation="jp", moved=1), U("x1", "allies", "infantry", "G3")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_J_BANZAI + " (moving 1 hex, it battles as any infantry)", WIKIJ)
add("nat9-jp-banzai-wounded-close-assault", N9N,
    q([U("a1", "axis", "infantry", "G5", nation="jp", moved=2, figures=3), U("x1", "allies", "infantry", "g6")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_J_BANZAI + " " + S_J_DIE, WIKIJ)
add("nat9-jp-moved-3-no-battle", N9N,
    q([U("a1", "axis", "infantry", "G5", nation="jp", moved=3), U("x1", "allies", "infantry", "g4")], battle()),
    [["battle.allowed", "eq", False]], S_J_BANZAI + " (two hexes, not three)", WIKIJ)
add("nat9-jp-banzai-into-forest-no-battle", N9N,
    q([U("a1", "axis", "infantry", "G5", nation="jp", moved=2), U("x1", "allies", "infantry", "g4")], battle(), [T("G5", "forest")]),
    [["battle.allowed", "eq", False]], S_J_BANZAI + " Forests: A unit may not battle the turn it moves onto a Forest hex.", WIKIJ + "; " + P13)
add("nat9-jp-armor-no-banzai-rule-needed", N9N,
    q([U("a1", "axis", "armor", "G5", nation="jp", moved=3), U("x1", "allies", "infantry", "G3")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_ARM + " (armor moves 3 and battles at any range: banzai is the infantry's)", BASE + " Battle Range")
add("nat9-jp-early-anti-tank-moved-no-battle", N9N,
    q([U("a1", "axis", "anti_tank", "G5", nation="jp", moved=2), U("x1", "allies", "armor", "g4")], battle()),
    [["battle.allowed", "eq", False]],
    "Anti-Tank Gun: it may not battle in any turn during which it moves (bga-memoir Managers/Units.php: banzai does not apply to an early-war Special Weapon Asset)",
    DB + " Anti-Tank Gun; " + WIKIJ)

# -- British Commonwealth Forces: battle back
for k in (0, 2, 4):
    add(f"nat9-brit-battle-back-r{k}", N9N,
        q([U("a1", "axis", "infantry", at((1, 1), k)), U("x1", "allies", "infantry", "G5", nation="brit", figures=2)], battle(), dice=["infantry", "star", "star"]),
        [["result.figures_removed", "eq", 1], ["result.eliminated", "eq", False], ["result.battle_back", "eq", True]], S_BRIT, BRITW)
add("nat9-brit-three-left-no-battle-back", N9N,
    q([U("a1", "axis", "infantry", "g4"), U("x1", "allies", "infantry", "G5", nation="brit")], battle(), dice=["infantry", "star", "star"]),
    [["result.figures_removed", "eq", 1], ["result.battle_back", "falsy", None]], S_BRIT + " (3 figures left)", BRITW)
add("nat9-brit-retreats-no-battle-back", N9N,
    q([U("a1", "axis", "infantry", "g4"), U("x1", "allies", "infantry", "G5", nation="brit", figures=2)], battle(), dice=["infantry", "flag", "star"], bottom="axis"),
    [["result.retreat.*.hex", "set", ["f6", "g6"]], ["result.battle_back", "falsy", None]], S_BRIT + " (it retreats)", BRITW)
add("nat9-brit-eliminated-no-battle-back", N9N,
    q([U("a1", "axis", "infantry", "g4"), U("x1", "allies", "infantry", "G5", nation="brit", figures=2)], battle(), dice=["infantry", "grenade", "star"]),
    [["result.eliminated", "eq", True], ["result.battle_back", "falsy", None]], S_BRIT + " (eliminated)", BRITW)
add("nat9-us-no-battle-back", N9N,
    q([U("a1", "axis", "infantry", "g4"), U("x1", "allies", "infantry", "G5", nation="us", figures=2)], battle(), dice=["infantry", "star", "star"]),
    [["result.figures_removed", "eq", 1], ["result.battle_back", "falsy", None]], S_BRIT + " (British units only)", BRITW)
add("nat9-brit-armor-battle-back", N9N,
    q([U("a1", "axis", "armor", "g4"), U("x1", "allies", "armor", "G5", nation="brit")], battle(), dice=["armor", "armor", "star"]),
    [["result.figures_removed", "eq", 2], ["result.battle_back", "eq", True]], S_BRIT + " (any British unit: armor too)", BRITW)
add("nat9-brit-battle-back-vs-adjacent-artillery", N9N,
    q([U("a1", "axis", "artillery", "f4"), U("x1", "allies", "infantry", "G5", nation="brit", figures=2)], battle(), dice=["grenade", "star", "star"]),
    [["battle.distance", "eq", 1], ["result.figures_removed", "eq", 1], ["result.battle_back", "eq", True]],
    S_BRIT + " (bga-memoir: the attack's distance is 1)", BRITW)
add("nat9-brit-artillery-at-range-no-battle-back", N9N,
    q([U("a1", "axis", "artillery", "G1"), U("x1", "allies", "infantry", "G5", nation="brit", figures=2)], battle(), dice=["grenade", "star"]),
    [["result.figures_removed", "eq", 1], ["result.battle_back", "falsy", None]], S_BRIT + " (not a close assault)", BRITW)

# -- Italian Royal Army: 1 to 3 hexes per flag
for o in (0, 3):
    units = [A_INF, tgt(nation="it")]
    one = hexes(o, [f6, g6, F7, G7, H7, e8, f8, g8, h8])
    add(f"nat9-it-one-flag-one-to-three-o{o}", N9N, dict(scene(o, units, [], battle(), ["flag", "star", "star"]), rules=IRA),
        [["result.retreat.*.hex", "set", one]], S_IT + " " + S_RET, ITW)
    add(f"nat9-it-two-flags-two-to-six-o{o}", N9N, dict(scene(o, units, [], battle(), ["flag", "flag", "star"]), rules=IRA),
        [["result.retreat.*.hex", "contains", hexes(o, [F7, G7, H7, e8, h8, F9, G9, H9])], ["result.retreat.*.hex", "excludes", hexes(o, [f6, g6, G5])],
         ["result.retreat.*.figures_lost", "contains", [0]]], S_IT + " (two flags: 2 to 6 hexes, and the player stops before the edge)", ITW)
add("nat9-it-armor-retreats-three", N9N,
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "armor", "G5", nation="it")], battle(), dice=["flag", "star", "star"], rules=IRA),
    [["result.retreat.*.hex", "contains", ["f6", "G7", "g8"]]], S_IT, ITW)
add("nat9-it-artillery-one-flag-ignored", N9N,
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "artillery", "G5", nation="it")], battle(), dice=["flag", "star", "star"], rules=IRA),
    [["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_IT, ITW)
add("nat9-it-artillery-two-flags-one-to-three", N9N,
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "artillery", "G5", nation="it")], battle(), dice=["flag", "flag", "star"], rules=IRA),
    [["result.flags_ignored", "eq", 1], ["result.retreat.*.hex", "contains", ["f6", "g6", "G7", "f8"]]], S_IT, ITW)
add("nat9-it-infantry-no-flag-ignored", N9N,
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5", nation="it")], battle(), dice=["flag", "star", "star"], rules=IRA),
    [["result.flags_ignored", "eq", 0]], S_IT + " (only the artillery ignores a flag)", ITW)
add("nat9-it-without-rule-one-hex", N9N,
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5", nation="it")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "set", ["f6", "g6"]]], S_IT + " (only when the scenario puts the rules in effect) " + S_RET, ITW)
add("nat9-it-rule-german-unit-one-hex", N9N,
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5", nation="ger")], battle(), dice=["flag", "star", "star"], rules=IRA),
    [["result.retreat.*.hex", "set", ["f6", "g6"]]], S_IT + " (Italian units only)", ITW)
add("nat9-it-artillery-without-rule-retreats", N9N,
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "artillery", "G5", nation="it")], battle(), dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 0], ["result.retreat.*.hex", "set", ["f6", "g6"]]], S_IT + " (only when the scenario puts the rules in effect)", ITW)
add("nat9-it-edge-three-hexes-blocked", N9N,
    q([U("a1", "allies", "armor", "C7"), U("x1", "axis", "infantry", "c8", nation="it")], battle(), dice=["flag", "star", "star"], rules=IRA),
    [["result.retreat.*.hex", "set", ["C9", "D9"]], ["result.retreat.*.figures_lost", "eq", [0, 0]]],
    S_IT + " (one hex to the edge; the other moves are the player's 'up to' choice)", ITW)

# -- US Marines: Gung Ho!
GUNGW = "docs/rules-sources.md Nation rules (us_marines_gung_ho): 'Each card activates an extra unit' (mikkosgameblog.com 2006/04 'Memoir 44 goes Pacific'); Nations card 'Extra units activated'"
S_GUNG = "US Marine Corps Command, Gung Ho!: each Command card activates one extra unit."
USMC = {"air": None, "variants": ["us_marines_gung_ho"]}
add("nat9-gung-ho-probe-three", N9N,
    q([inf("a1", "H1"), inf("a2", "I1"), inf("a3", "G3"), inf("a4", "h2")], {"orders": {"card": "probe_center", "side": "allies", "units": ["a1", "a2", "a3", "a4"]}}, rules=USMC),
    [["orders.valid", "len", 3], ["orders.orders_available", "eq", 3]], S_GUNG + " (Probe: 2 units in the center, 3 with Gung Ho)", GUNGW)
add("nat9-gung-ho-recon-two", N9N,
    q([inf("a1", "K1"), inf("a2", "L1"), inf("a3", "M1")], {"orders": {"card": "recon_right", "side": "allies", "units": ["a1", "a2", "a3"]}}, rules=USMC),
    [["orders.valid", "len", 2]], S_GUNG + " (Recon: 1 unit on the flank, 2 with Gung Ho)", GUNGW)
add("nat9-no-gung-ho-recon-one", N9N,
    q([inf("a1", "K1"), inf("a2", "L1")], {"orders": {"card": "recon_right", "side": "allies", "units": ["a1", "a2"]}}),
    [["orders.valid", "len", 1]], "Recon: issue an order to 1 unit on the flank", "docs/rules-cards.md deck")
add("nat9-gung-ho-direct-from-hq-five", N9N,
    q([inf(f"a{i}", h) for i, h in enumerate(["A1", "C1", "G1", "K1", "M1", "E1"], start=1)],
      {"orders": {"card": "direct_from_hq", "side": "allies", "units": ["a1", "a2", "a3", "a4", "a5", "a6"]}}, rules=USMC),
    [["orders.valid", "len", 5]], S_GUNG + " (Direct from HQ: 4 units anywhere, 5 with Gung Ho)", GUNGW)
add("nat9-gung-ho-axis-not-marines", N9N,
    q([inf(f"x{i}", h, side="axis") for i, h in enumerate(["A9", "B9", "C9", "A7"], start=1)],
      {"orders": {"card": "attack_right", "side": "axis", "units": ["x1", "x2", "x3", "x4"]}}, rules=USMC),
    [["orders.valid", "len", 3]], S_GUNG + " (the US Marines' own cards: the Axis is not)", GUNGW)
add("nat9-gung-ho-counter-attack", N9N,
    q([inf(f"a{i}", h) for i, h in enumerate(["A1", "B1", "C1", "A3"], start=1)],
      {"orders": {"card": "counter_attack", "side": "allies", "counters": "attack_right", "units": ["a1", "a2", "a3", "a4"]}}, rules=USMC),
    [["orders.valid", "len", 4]], S_GUNG + " 'Even when doing a counter-attack' (the Axis right is the Allied left)", GUNGW)

# -- Soviet commissar
add("nat9-commissar-place-on-empty-chip", N9N, q([], {"commissar": {"card": "attack_center", "action": "place"}}, rules=SOV),
    [["commissar.allowed", "eq", True], ["commissar.side", "eq", "allies"]], S_COM + " (the chip is empty: the card goes under it)", COM)
add("nat9-commissar-recon-chip-card-played", N9N, q([], {"commissar": {"card": "recon_left", "chip_card": "recon_left"}}, rules=SOV),
    [["commissar.allowed", "eq", True]], S_COM, COM)
add("nat9-commissar-tactic-from-hand-refused", N9N, q([], {"commissar": {"card": "their_finest_hour", "chip_card": "attack_left", "from_hand": True}}, rules=SOV),
    [["commissar.allowed", "eq", False]], S_COM, COM)
add("nat9-commissar-other-recon-under-chip", N9N, q([], {"commissar": {"card": "recon_right", "chip_card": "attack_center"}}, rules=SOV),
    [["commissar.allowed", "eq", False]], S_COM + " (a Recon 1 card is played from the hand, not as the chip's card)", COM)
add("nat9-commissar-axis-soviet-allies-free", N9N, q([], {"commissar": {"card": "armor_assault", "chip_card": "probe_left"}}, rules={"air": None, "variants": {"russian_commissar": "axis"}}),
    [["commissar.side", "eq", "axis"], ["commissar.allowed", "eq", False]], S_COM + " (the side the rule names is the Soviet one)", COM)

# -- Blitz and partial blitz
BLZW = "bga-memoir Managers/Units.php loadScenario (blitz_rules: Allied armor; partial_blitz_rules: the side named, or 'all', movementRadius 2, movementAndAttackRadius 2); docs/rules-sources.md Nation rules (blitz, partial_blitz)"
S_BLZ = "Blitz rules: Allied armor units move up to 2 hexes and may still battle; Axis armor as usual (3)."
S_PBLZ = "Partial Blitz: the armor units of the side named (or of both) move up to 2 hexes and may still battle."
BLZ = {"air": None, "variants": ["blitz"]}
add("nat9-blitz-allied-armor-moved-2-battles", N9O, q([U("a1", "allies", "armor", "G5", moved=2), inf("x1", "G7", side="axis")], battle(), rules=BLZ),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_BLZ, BLZW)
add("nat9-blitz-allied-armor-moved-3-refused", N9O, q([U("a1", "allies", "armor", "G5", moved=3), inf("x1", "g6", side="axis")], battle(), rules=BLZ),
    [["battle.allowed", "eq", False]], S_BLZ, BLZW)
add("nat9-blitz-axis-armor-moved-3-battles", N9O, q([U("a1", "axis", "armor", "G5", moved=3), inf("x1", "g4")], battle(), rules=BLZ),
    [["battle.allowed", "eq", True]], S_BLZ, BLZW)
add("nat9-blitz-allied-elite-armor-move-2", N9O, q([U("a1", "allies", "elite_armor", "G5")], move(), rules=BLZ),
    [["move.destinations.*.hex", "contains", ["G7", "E5", "I5"]], ["move.destinations.*.hex", "excludes", ["G9", "D5", "J5"]]],
    S_BLZ + " (elite armor is armor in all respects but its figures)", BLZW + "; " + P12)
add("nat9-blitz-allied-infantry-unchanged", N9O, q([inf("a1", "G5", moved=2), inf("x1", "g6", side="axis")], battle(), rules=BLZ),
    [["battle.allowed", "eq", False]], S_BLZ + " (armor only) " + S_INF, BLZW)
add("nat9-no-blitz-allied-armor-moves-3", N9O, q([U("a1", "allies", "armor", "G5")], move()),
    [["move.destinations.*.hex", "contains", ["g8", "D5", "J5"]]], "An ordered Armor unit may move up to 3 hexes", BASE + " Movement")
add("nat9-partial-blitz-all-axis-2", N9O, q([U("a1", "axis", "armor", "G5")], move(), rules={"air": None, "variants": {"partial_blitz": "all"}}),
    [["move.destinations.*.hex", "contains", ["G3"]], ["move.destinations.*.hex", "excludes", ["G1", "D5"]]], S_PBLZ, BLZW)
add("nat9-partial-blitz-all-allies-2", N9O, q([U("a1", "allies", "armor", "G5", moved=3), inf("x1", "g6", side="axis")], battle(), rules={"air": None, "variants": {"partial_blitz": "all"}}),
    [["battle.allowed", "eq", False]], S_PBLZ, BLZW)
add("nat9-partial-blitz-allies-axis-free", N9O, q([U("a1", "axis", "armor", "G5")], move(), rules={"air": None, "variants": {"partial_blitz": "allies"}}),
    [["move.destinations.*.hex", "contains", ["D5", "J5"]]], S_PBLZ + " (the Allies named: Axis armor moves 3)", BLZW)
add("nat9-partial-blitz-allies-allied-2", N9O, q([U("a1", "allies", "armor", "G5")], move(), rules={"air": None, "variants": {"partial_blitz": "allies"}}),
    [["move.destinations.*.hex", "excludes", ["G9", "D5"]], ["move.destinations.*.hex", "contains", ["G7"]]], S_PBLZ, BLZW)
add("nat9-partial-blitz-axis-moved-2-battles", N9O, q([U("a1", "axis", "armor", "G5", moved=2), inf("x1", "G3")], battle(), rules={"air": None, "variants": {"partial_blitz": "axis"}}),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_PBLZ, BLZW)

# -- Night attacks: the visibility reached
NIGHTW = "bga-memoir Board.php getTargetableCells (cells beyond Globals::getNightVisibility are no targets); docs/rules-sources.md Nation rules (night_visibility), docs/rules-referee.md rules.visibility"
S_NIGHT = "Night Attacks: no unit may battle a target further away than the visibility the night track has reached (artillery included)."
for vis, dist, ok in [(2, 2, True), (2, 3, False), (3, 3, True), (4, 4, True), (4, 5, False), (5, 6, False), (6, 6, True)]:
    tgt_hex = "ABCDEFGHI"[dist] + "1"
    add(f"nat9-night-artillery-vis{vis}-range{dist}", N9O,
        q([U("a1", "allies", "artillery", "A1"), inf("x1", tgt_hex, side="axis")], battle(), rules={"air": None, "visibility": vis}),
        [["battle.allowed", "eq", ok]] + ([["battle.dice", "eq", [3, 3, 2, 2, 1, 1][dist - 1]]] if ok else []), S_NIGHT, NIGHTW)
add("nat9-night-infantry-vis2-range2", N9O, q([inf("a1", "G5"), inf("x1", "G7", side="axis")], battle(), rules={"air": None, "visibility": 2}),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_NIGHT, NIGHTW)
add("nat9-night-armor-vis2-range3", N9O, q([U("a1", "allies", "armor", "G5"), inf("x1", "g8", side="axis")], battle(), rules={"air": None, "visibility": 2}),
    [["battle.allowed", "eq", False]], S_NIGHT, NIGHTW)
add("nat9-night-big-gun-vis3-range8", N9O, q([U("a1", "axis", "big_gun", "G9"), inf("x1", "G1")], battle(), rules={"air": None, "visibility": 3}),
    [["battle.allowed", "eq", False]], S_NIGHT, NIGHTW)
add("nat9-night-big-gun-vis8-range8", N9O, q([U("a1", "axis", "big_gun", "A9"), inf("x1", "I9")], battle(), rules={"air": None, "visibility": 8}),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_NIGHT + " Big Guns: fire at 3/3/2/2/1/1/1/1.", NIGHTW + "; troop card 3")
add("nat9-night-sniper-vis1-range2", N9O, q([U("a1", "allies", "sniper", "G5"), inf("x1", "G7", side="axis")], battle(), rules={"air": None, "visibility": 1}),
    [["battle.allowed", "eq", False]], S_NIGHT, NIGHTW)
add("nat9-night-does-not-stop-moving", N9O, q([U("a1", "allies", "armor", "G5")], move(), rules={"air": None, "visibility": 1}),
    [["move.destinations.*.hex", "contains", ["g8", "D5"]]], S_NIGHT + " (only battles are limited)", NIGHTW)
add("nat9-night-visibility-0-error", N9O, q([inf("a1", "G5"), inf("x1", "g6", side="axis")], battle(), rules={"air": None, "visibility": 0}),
    [["error.field", "eq", "rules.visibility"]], "rules.visibility: the hexes the night rolls have reached, 1..8", "docs/rules-referee.md Query", exit=2)
add("nat9-night-visibility-9-error", N9O, q([inf("a1", "G5"), inf("x1", "g6", side="axis")], battle(), rules={"air": None, "visibility": 9}),
    [["error.field", "eq", "rules.visibility"]], "rules.visibility: the hexes the night rolls have reached, 1..8", "docs/rules-referee.md Query", exit=2)

# -- North African desert: the extra hex after taking ground
for k in (1, 3):
    occupied = at((2, 0), k)
    add(f"nat9-desert-extra-hex-blocked-r{k}", N9O,
        q([U("a1", "allies", "armor", "G5", moved=1), inf("b1", occupied)], {"desert_move": {"unit": "a1"}}, rules=NAD),
        [["desert_move.allowed", "eq", True], ["desert_move.hexes", "set", [at(o, k) for o in [(-2, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]]]], S_DES, DES)
add("nat9-desert-edge", N9O, q([U("a1", "axis", "armor", "A9", moved=1)], {"desert_move": {"unit": "a1"}}, rules=NAD),
    [["desert_move.allowed", "eq", True], ["desert_move.hexes", "set", ["B9", "a8"]]], S_DES, DES)
add("nat9-desert-into-town-allowed", N9O, q([U("a1", "allies", "armor", "G5", moved=1)], {"desert_move": {"unit": "a1"}}, [T("g6", "town")], rules=NAD),
    [["desert_move.hexes", "contains", ["g6"]]], S_DES + " (a Town stops a unit that enters: it may be entered)", DES + "; " + P14)
add("nat9-desert-surrounded", N9O,
    q([U("a1", "allies", "armor", "G5", moved=1)] + [inf(f"b{i}", h) for i, h in enumerate(["H5", "F5", "g4", "g6", "f4", "f6"])], {"desert_move": {"unit": "a1"}}, rules=NAD),
    [["desert_move.allowed", "eq", False], ["desert_move.hexes", "eq", []]], S_DES + " (nowhere to go)", DES)
add("nat9-desert-elite-armor", N9O, q([U("a1", "axis", "elite_armor", "G5", moved=1)], {"desert_move": {"unit": "a1"}}, rules=NAD),
    [["desert_move.allowed", "eq", True]], S_DES + " (elite armor is armor)", DES + "; " + P12)

# -- Armor breakthrough: units arrived this turn
ABW = "docs/rules-sources.md Nation rules (armor_breakthrough): bga-memoir's summary 'they may battle (if no terrain restriction when entering) and Take Ground this turn, but may not Armor Overrun'"
S_AB = "Armor Breakthrough: units ordered onto the board this turn may battle and take ground, but may not Armor Overrun."
add("nat9-breakthrough-arrived-battles", N9O, q([U("a1", "allies", "armor", "G9", variants=["arrived"]), inf("x1", "G7", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_AB, ABW)
add("nat9-breakthrough-arrived-takes-ground-no-overrun", N9O,
    q([U("a1", "allies", "armor", "G9", variants=["arrived"]), inf("x1", "g8", side="axis", figures=1)], battle(), dice=["infantry", "star", "star"]),
    [["result.eliminated", "eq", True], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]], S_AB, ABW)
add("nat9-breakthrough-other-armor-overruns", N9O,
    q([U("a1", "allies", "armor", "G9"), inf("x1", "g8", side="axis", figures=1)], battle(), dice=["infantry", "star", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]], "Armor Overrun: when an Armor unit successfully close assaults, it may take ground and battle again", BASE + " Armor Overrun")

# -- Minefields
MINEW = "terrain card 29 Minefields; bga-memoir Terrains/Minefield.php (docs/rules-sources.md)"
S_MINE = ("Minefields: a unit that enters an enemy minefield rolls the mine's number of dice and takes hits as in a battle; "
          "no roll on a retreat, none for the side that laid it; a 0 is a decoy, removed; flags have no effect.")
for val, kind in [(1, "infantry"), (3, "armor"), (4, "artillery")]:
    add(f"nat9-mine-{val}-{kind}", N9O, q([U("a1", "allies", kind, "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("G5", "minefield", owner="axis", value=val)]),
        [["terrain_entry.rolls.0.dice", "eq", val], ["terrain_entry.rolls.0.decoy", "eq", False]], S_MINE, MINEW)
add("nat9-mine-armor-hit-faces", N9O, q([U("a1", "axis", "armor", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("G5", "minefield", owner="allies", value=2)]),
    [["terrain_entry.rolls.0.hit_faces", "set", ["armor", "grenade"]]], S_MINE, MINEW)
add("nat9-mine-result-flags-nothing", N9O,
    q([U("a1", "allies", "infantry", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("G5", "minefield", owner="axis", value=3)], dice=["infantry", "flag", "flag"]),
    [["result.figures_removed", "eq", 1], ["result.eliminated", "eq", False]], S_MINE, MINEW)
add("nat9-mine-result-eliminates", N9O,
    q([U("a1", "allies", "infantry", "G5", moved=1, figures=1)], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("G5", "minefield", owner="axis", value=2)], dice=["grenade", "star"]),
    [["result.figures_removed", "eq", 1], ["result.eliminated", "eq", True], ["result.medal_to", "eq", "axis"]], S_MINE + " (the mine's side wins the medal)", MINEW)
add("nat9-mine-take-ground-rolls", N9O, q([U("a1", "allies", "armor", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "take_ground"}}, [T("G5", "minefield", owner="axis", value=2)]),
    [["terrain_entry.rolls.0.dice", "eq", 2]], S_MINE + " (taking ground enters the hex)", MINEW)
add("nat9-mine-retreat-no-roll", N9O, q([U("a1", "allies", "armor", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "retreat"}}, [T("G5", "minefield", owner="axis", value=2)]),
    [["terrain_entry.rolls", "eq", []]], S_MINE, MINEW)
add("nat9-mine-owner-no-roll", N9O, q([U("a1", "axis", "infantry", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("G5", "minefield", owner="axis", value=2)]),
    [["terrain_entry.rolls", "eq", []]], S_MINE, MINEW)
add("nat9-mine-decoy-zero", N9O, q([U("a1", "axis", "infantry", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("G5", "minefield", owner="allies", value=0)]),
    [["terrain_entry.rolls.0.decoy", "eq", True]], S_MINE, MINEW)
add("nat9-mine-face-down-dice-null", N9O, q([U("a1", "allies", "infantry", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("G5", "minefield", owner="axis")]),
    [["terrain_entry.rolls.0.dice", "eq", None]], S_MINE + " (face down: the number is turned over on entering)", MINEW)
add("nat9-mine-behind-enemy-lines-spared", N9O,
    q([U("a1", "allies", "infantry", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move", "behind_enemy_lines": True}}, [T("G5", "minefield", owner="axis", value=3)]),
    [["terrain_entry.rolls", "eq", []]], S_MINE + " (Behind Enemy Lines moves are spared)", MINEW)
add("nat9-mine-stops-move", N9O, q([U("a1", "allies", "armor", "A1")], move(), [T("a2", "minefield", owner="axis", value=2), T("B1", "minefield", owner="axis", value=1)]),
    [["move.destinations.*.hex", "contains", ["a2", "B1"]], ["move.destinations.*.hex", "excludes", ["b2", "C1", "A3"]]], S_MINE + " A unit entering a minefield must stop.",
    MINEW + "; Terrain Pack rules p.7")
add("nat9-mine-engineer-clears", N9O, q([U("a1", "allies", "combat_engineer", "G5")], {"clear_obstacle": {"unit": "a1"}}, [T("G5", "minefield", owner="axis", value=2)]),
    [["clear_obstacle.allowed", "eq", True], ["clear_obstacle.pieces", "contains", ["minefield"]]],
    "Combat Engineers: In minefield must clear the mines, instead of battling (bga-memoir Units/CombatEngineer.php)", "troop card 4; bga-memoir Units/CombatEngineer.php")
add("nat9-mine-infantry-cannot-clear", N9O, q([U("a1", "allies", "infantry", "G5")], {"clear_obstacle": {"unit": "a1"}}, [T("G5", "minefield", owner="axis", value=2)]),
    [["clear_obstacle.pieces", "excludes", ["minefield"]]], "Combat Engineers (only they clear the mines)", "troop card 4; bga-memoir Units/CombatEngineer.php")

# -- special troops
BGAU = "bga-memoir modules/php/Units/"
S_ENG = ("Combat Engineers: Ignore all terrain Battle dice reductions in close Assault; in wire may battle out at -1 die and still "
         "remove the wire (bga-memoir CombatEngineer.php, troop card 4)")
ENGW = "troop card 4 (docs/rules-sources.md); " + BGAU + "CombatEngineer.php"
for terr in ("town", "hedgerow", "hill", "forest"):
    add(f"nat9-engineer-close-assault-ignores-{terr}", N9T, q([U("a1", "allies", "combat_engineer", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", terr)]),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_ENG, ENGW)
add("nat9-engineer-sandbags-dice-not-flag", N9T,
    q([U("a1", "allies", "combat_engineer", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "sandbags")], dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_ENG + " (dice reductions; the sandbags' flag is not a reduction)", ENGW + "; " + OBST)
add("nat9-engineer-ranged-town-reduced", N9T, q([U("a1", "allies", "combat_engineer", "G3"), inf("x1", "G5", side="axis")], battle(), [T("G5", "town")]),
    [["battle.dice", "eq", 1]], S_ENG + " (at 2 hexes: not a close assault)", ENGW)
add("nat9-engineer-out-of-wire-minus-one", N9T, q([U("a1", "allies", "combat_engineer", "g4"), inf("x1", "G5", side="axis")], battle(), [T("g4", "barbed_wire")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_ENG, ENGW)
add("nat9-engineer-moved-2-no-battle", N9T, q([U("a1", "allies", "combat_engineer", "g4", moved=2), inf("x1", "G5", side="axis")], battle()),
    [["battle.allowed", "eq", False]], S_INF.split(".")[0] + ". Combat Engineers move and battle as Infantry.", ENGW + "; " + BASE)
add("nat9-engineer-clears-wire", N9T, q([U("a1", "allies", "combat_engineer", "G5")], {"clear_obstacle": {"unit": "a1"}}, [T("G5", "barbed_wire")]),
    [["clear_obstacle.allowed", "eq", True], ["clear_obstacle.pieces", "contains", ["barbed_wire"]]], S_ENG, ENGW + "; " + OBST)

S_SNI = ("Snipers: fire at range of 5 hexes with 1 die; retreat up to 3 hexes per flag; move onto any terrain and may still battle; "
         "may not target an Armor unit; hit on symbol, star and grenade; ignore terrain protection; only hit by a grenade (bga-memoir Sniper.php, troop card 10)")
SNIW = "troop card 10 (docs/rules-sources.md); " + BGAU + "Sniper.php"
for d, tgt_hex in [(4, "E5"), (5, "D5")]:
    add(f"nat9-sniper-range-{d}-one-die", N9T, q([U("a1", "axis", "sniper", "I5"), inf("x1", tgt_hex)], battle()),
        [["battle.allowed", "eq", True], ["battle.distance", "eq", d], ["battle.dice", "eq", 1]], S_SNI, SNIW)
add("nat9-sniper-range-6-refused", N9T, q([U("a1", "axis", "sniper", "I5"), inf("x1", "C5")], battle()),
    [["battle.allowed", "eq", False]], S_SNI, SNIW)
for terr in ("forest", "town", "hill"):
    add(f"nat9-sniper-ignores-{terr}", N9T, q([U("a1", "allies", "sniper", "G3"), inf("x1", "G5", side="axis")], battle(), [T("G5", terr)]),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_SNI, SNIW)
add("nat9-sniper-star-hits-infantry", N9T, q([U("a1", "allies", "sniper", "G3"), inf("x1", "G5", side="axis")], battle(), dice=["star"]),
    [["result.hits", "eq", 1], ["result.figures_removed", "eq", 1]], S_SNI, SNIW)
add("nat9-sniper-star-hits-artillery", N9T, q([U("a1", "allies", "sniper", "G3"), U("x1", "axis", "artillery", "G5")], battle(), dice=["star"]),
    [["result.hits", "eq", 1]], S_SNI, SNIW)
add("nat9-sniper-infantry-face-hits-infantry", N9T, q([U("a1", "allies", "sniper", "G3"), inf("x1", "G5", side="axis")], battle(), dice=["infantry"]),
    [["result.hits", "eq", 1]], S_SNI, SNIW)
add("nat9-sniper-not-elite-armor", N9T, q([U("a1", "allies", "sniper", "G3"), U("x1", "axis", "elite_armor", "G5")], battle()),
    [["battle.allowed", "eq", False]], S_SNI + " (elite armor is armor)", SNIW + "; " + P12)
add("nat9-sniper-moved-2-into-forest-battles", N9T, q([U("a1", "allies", "sniper", "G5", moved=2), inf("x1", "g6", side="axis")], battle(), [T("G5", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_SNI, SNIW)
add("nat9-sniper-moved-2-into-town-battles-range-3", N9T, q([U("a1", "allies", "sniper", "G5", moved=2), inf("x1", "g8", side="axis")], battle(), [T("G5", "town")]),
    [["battle.allowed", "eq", True]], S_SNI, SNIW)
add("nat9-sniper-needs-line-of-sight", N9T, q([U("a1", "allies", "sniper", "G1"), inf("x1", "G5", side="axis")], battle(), [T("G3", "forest")]),
    [["battle.allowed", "eq", False], ["battle.line_of_sight", "eq", False]], S_SNI + " (it battles as infantry: line of sight needed)", SNIW + "; " + BASE + " Line of Sight")
add("nat9-sniper-symbols-miss-it", N9T, q([U("a1", "axis", "infantry", "G5"), U("x1", "allies", "sniper", "g4")], battle(), dice=["infantry", "infantry", "star"]),
    [["result.hits", "eq", 0], ["result.eliminated", "eq", False]], S_SNI, SNIW)
add("nat9-sniper-armor-misses-it", N9T, q([U("a1", "axis", "armor", "G5"), U("x1", "allies", "sniper", "g4")], battle(), dice=["armor", "armor", "infantry"]),
    [["result.hits", "eq", 0]], S_SNI, SNIW)
add("nat9-sniper-retreats-up-to-3", N9T, q([inf("a1", "g4"), U("x1", "axis", "sniper", "G5")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "contains", ["f6", "g6", "G7", "g8", "e8"]], ["result.retreat.*.hex", "excludes", ["G9", "G5"]]], S_SNI, SNIW)

S_CAV = "Cavalry: move 3 and battle; fire at 2, 1; on a successful close assault, may Take Ground and battle again like an Armor Overrun (bga-memoir Cavalry.php, troop card 8)"
CAVW = "troop card 8 (docs/rules-sources.md); " + BGAU + "Cavalry.php"
add("nat9-cavalry-moved-3-battles", N9T, q([U("a1", "allies", "cavalry", "G5", moved=3), inf("x1", "g6", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_CAV, CAVW)
add("nat9-cavalry-range-2-one-die", N9T, q([U("a1", "allies", "cavalry", "G5"), inf("x1", "G7", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_CAV, CAVW)
add("nat9-cavalry-vs-forest", N9T, q([U("a1", "allies", "cavalry", "G5"), inf("x1", "g6", side="axis")], battle(), [T("g6", "forest")]),
    [["battle.dice", "eq", 1]], S_CAV + " " + S_FOR, CAVW + "; " + P13)
add("nat9-cavalry-moves-3", N9T, q([U("a1", "allies", "cavalry", "G5")], move()),
    [["move.destinations.*.hex", "contains", ["D5", "J5", "g8"]], ["move.destinations.*.hex", "excludes", ["C5", "K5"]]], S_CAV, CAVW)
add("nat9-cavalry-flag-take-ground-overrun", N9T, q([U("a1", "allies", "cavalry", "g4"), inf("x1", "G5", side="axis")], battle(), dice=["flag", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]], S_CAV, CAVW)
add("nat9-cavalry-ranged-no-take-ground", N9T, q([U("a1", "allies", "cavalry", "G3"), inf("x1", "G5", side="axis", figures=1)], battle(), dice=["infantry"]),
    [["result.eliminated", "eq", True], ["result.take_ground", "eq", False]], S_CAV + " (close assault only)", CAVW)

S_SKI = "Ski Troops: 3 figures; fire at 3, 2; move onto any terrain and may still battle; may retreat 1 to 3 hexes on a flag (bga-memoir SkiTroop.php, troop card 9)"
SKIW = "troop card 9 (docs/rules-sources.md); " + BGAU + "SkiTroop.php"
add("nat9-ski-range-2-two-dice", N9T, q([U("a1", "allies", "ski_troops", "G5"), inf("x1", "G7", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_SKI, SKIW)
add("nat9-ski-moved-3-into-town-battles", N9T, q([U("a1", "allies", "ski_troops", "G5", moved=3), inf("x1", "f6", side="axis")], battle(), [T("G5", "town")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_SKI, SKIW)
add("nat9-ski-retreats-1-to-3", N9T, q([inf("a1", "g4"), U("x1", "axis", "ski_troops", "G5")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "contains", ["f6", "F7", "h8"]], ["result.retreat.*.hex", "excludes", ["G9"]]], S_SKI, SKIW)
add("nat9-ski-moves-3", N9T, q([U("a1", "allies", "ski_troops", "G5")], move()),
    [["move.destinations.*.hex", "contains", ["D5", "g8"]], ["move.destinations.*.hex", "excludes", ["C5"]]], S_SKI + " (move 3 and battle)", SKIW)
add("nat9-ski-four-figures-error", N9T, q([U("a1", "allies", "ski_troops", "G5", figures=4)], move()),
    [["error.field", "eq", "units.0.figures"]], S_SKI, SKIW, exit=2)

S_BIG = "Big Guns: fire at 3/3/2/2/1/1/1/1; as artillery, no line of sight needed and no battle after moving (bga-memoir BigGun.php, troop card 3)"
BIGW = "troop card 3 (docs/rules-sources.md); " + BGAU + "BigGun.php"
for d, dice in [(3, 2), (5, 1), (7, 1)]:
    add(f"nat9-big-gun-range-{d}", N9T, q([U("a1", "axis", "big_gun", "A9"), inf("x1", "ABCDEFGHI"[d] + "9")], battle()),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", dice]], S_BIG, BIGW)
add("nat9-big-gun-moved-no-battle", N9T, q([U("a1", "axis", "big_gun", "G9", moved=1), inf("x1", "G5")], battle()),
    [["battle.allowed", "eq", False]], S_BIG, BIGW)
add("nat9-big-gun-over-forest", N9T, q([U("a1", "axis", "big_gun", "G9"), inf("x1", "G5")], battle(), [T("G7", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_BIG, BIGW)
add("nat9-big-gun-vs-town", N9T, q([U("a1", "axis", "big_gun", "G9"), inf("x1", "G7")], battle(), [T("G7", "town")]),
    [["battle.dice", "eq", 3]], S_BIG + " " + S_TOWN, BIGW + "; " + P14)

S_MOB = "Mobile Artillery: move 1 or 2 hexes; may battle after moving 1 (troop card 14; bga-memoir MobileArtillery.php movementAndAttackRadius 1)"
MOBW = "troop card 14 (docs/rules-sources.md); " + BGAU + "MobileArtillery.php"
add("nat9-mobile-artillery-moved-1-range-6", N9T, q([U("a1", "allies", "mobile_artillery", "A1", moved=1), inf("x1", "G1", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_MOB, MOBW)
add("nat9-mobile-artillery-moved-2-refused", N9T, q([U("a1", "allies", "mobile_artillery", "A1", moved=2), inf("x1", "C1", side="axis")], battle()),
    [["battle.allowed", "eq", False]], S_MOB, MOBW)
add("nat9-mobile-artillery-range-7-refused", N9T, q([U("a1", "allies", "mobile_artillery", "A1"), inf("x1", "H1", side="axis")], battle()),
    [["battle.allowed", "eq", False]], S_MOB, MOBW)
add("nat9-mobile-artillery-no-los-needed", N9T, q([U("a1", "allies", "mobile_artillery", "A1", moved=1), inf("x1", "D1", side="axis")], battle(), [T("B1", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_MOB + " An Artillery unit does not require line of sight.", MOBW + "; " + BASE)

S_MOR = "Mortar 1939-42: move or battle; fires as infantry 3/2/1, line of sight and terrain ignored; takes no ground (troop card 3c)"
S_MORL = ("Mortar >1942: treated as Infantry; when it moves it battles like infantry 3/2/1; when it does not move, 3/2/1/1 "
          "ignoring line of sight and terrain protection (bga-memoir MortarLateWar.php, troop card 6c)")
MORW = "troop cards 3c, 6c (docs/rules-sources.md); " + BGAU + "MortarEarlyWar.php, MortarLateWar.php"
add("nat9-mortar-moved-1-refused", N9T, q([U("a1", "allies", "mortar", "G5", moved=1), inf("x1", "g6", side="axis")], battle()),
    [["battle.allowed", "eq", False]], S_MOR, MORW)
add("nat9-mortar-range-3-over-forest", N9T, q([U("a1", "allies", "mortar", "G3"), inf("x1", "g6", side="axis")], battle(), [T("G5", "forest"), T("g4", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_MOR, MORW)
add("nat9-mortar-vs-town-close", N9T, q([U("a1", "allies", "mortar", "G5"), inf("x1", "g6", side="axis")], battle(), [T("g6", "town")]),
    [["battle.dice", "eq", 3]], S_MOR, MORW)
add("nat9-mortar-range-4-refused", N9T, q([U("a1", "allies", "mortar", "G1"), inf("x1", "G5", side="axis")], battle()),
    [["battle.allowed", "eq", False]], S_MOR, MORW)
add("nat9-mortar-late-still-range-4-over-town", N9T, q([U("a1", "allies", "mortar_late", "G1"), inf("x1", "G5", side="axis")], battle(), [T("G3", "town")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_MORL, MORW)
add("nat9-mortar-late-still-vs-forest", N9T, q([U("a1", "allies", "mortar_late", "G3"), inf("x1", "G5", side="axis")], battle(), [T("G5", "forest")]),
    [["battle.dice", "eq", 2]], S_MORL, MORW)
add("nat9-mortar-late-moved-range-4-refused", N9T, q([U("a1", "allies", "mortar_late", "G1", moved=1), inf("x1", "G5", side="axis")], battle()),
    [["battle.allowed", "eq", False]], S_MORL, MORW)
add("nat9-mortar-late-moved-vs-forest", N9T, q([U("a1", "allies", "mortar_late", "G3", moved=1), inf("x1", "G5", side="axis")], battle(), [T("G5", "forest")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_MORL, MORW)
add("nat9-mortar-late-moved-needs-los", N9T, q([U("a1", "allies", "mortar_late", "A1", moved=1), inf("x1", "D1", side="axis")], battle(), [T("B1", "forest")]),
    [["battle.allowed", "eq", False]], S_MORL, MORW)

S_MG = "Machine Gun 1939-42: move or battle; stars hit infantry; takes no ground (troop card 8c)"
S_MGL = "Machine Gun >1942: treated as Infantry; in addition when it does not move, stars hit on Infantry (bga-memoir MachineGunLateWar.php, troop card 7c)"
MGW = "troop cards 8c, 7c (docs/rules-sources.md); " + BGAU + "MachineGunEarlyWar.php, MachineGunLateWar.php"
add("nat9-mg-star-misses-armor", N9T, q([U("a1", "allies", "machine_gun", "G5"), U("x1", "axis", "armor", "g6")], battle(), dice=["star", "star", "star"]),
    [["result.hits", "eq", 0]], S_MG, MGW)
add("nat9-mg-range-3-one-die", N9T, q([U("a1", "allies", "machine_gun", "G5"), inf("x1", "g8", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_MG, MGW)
add("nat9-mg-late-moved-1-battles", N9T, q([U("a1", "allies", "machine_gun_late", "G5", moved=1), inf("x1", "g6", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_MGL, MGW)
add("nat9-mg-late-still-star-hits", N9T, q([U("a1", "allies", "machine_gun_late", "G5"), inf("x1", "g6", side="axis")], battle(), dice=["star", "star", "flag"]),
    [["result.hits", "eq", 2]], S_MGL, MGW)
add("nat9-mg-late-still-star-misses-armor", N9T, q([U("a1", "allies", "machine_gun_late", "G5"), U("x1", "axis", "armor", "g6")], battle(), dice=["star", "star", "star"]),
    [["result.hits", "eq", 0]], S_MGL, MGW)
add("nat9-mg-late-no-take-ground", N9T, q([U("a1", "allies", "machine_gun_late", "G5"), inf("x1", "g6", side="axis", figures=1)], battle(), dice=["infantry", "star", "star"]),
    [["result.eliminated", "eq", True], ["result.take_ground", "eq", False]], S_MGL + " May not Take Ground.", MGW)

S_AT = DB + " Anti-Tank Gun: any star rolled scores a hit when targeting an enemy Armor unit; it may not battle in any turn during which it moves"
S_ATL = "Anti-Tank Gun >1942: treated as Infantry; in addition when it does not move, stars hit on Armor (bga-memoir AntiTankLateWar.php, troop card 5c)"
ATW = DB + " Anti-Tank Gun; troop card 5c; " + BGAU + "AntiTank.php, AntiTankLateWar.php"
add("nat9-at-star-hits-elite-armor", N9T, q([U("a1", "allies", "anti_tank", "G5"), U("x1", "axis", "elite_armor", "g6")], battle(), dice=["star", "star", "infantry"]),
    [["result.hits", "eq", 2]], S_AT + " (elite armor is armor)", ATW)
add("nat9-at-star-misses-artillery", N9T, q([U("a1", "allies", "anti_tank", "G5"), U("x1", "axis", "artillery", "g6")], battle(), dice=["star", "star", "star"]),
    [["result.hits", "eq", 0]], S_AT, ATW)
add("nat9-at-late-moved-star-misses", N9T, q([U("a1", "allies", "anti_tank_late", "G5", moved=1), U("x1", "axis", "armor", "g6")], battle(), dice=["star", "star", "star"]),
    [["battle.allowed", "eq", True], ["result.hits", "eq", 0]], S_ATL, ATW)
add("nat9-at-late-moved-2-refused", N9T, q([U("a1", "allies", "anti_tank_late", "G5", moved=2), U("x1", "axis", "armor", "g6")], battle()),
    [["battle.allowed", "eq", False]], S_ATL + " (as infantry: moving 2 it does not battle)", ATW)
S_HAT = "Heavy Anti-Tank Guns: fire at 2/2/2/2 with line of sight, terrain protection ignored, stars hit armor (bga-memoir HeavyAntiTankGun.php, troop card 23)"
HATW = "troop card 23 (docs/rules-sources.md); " + BGAU + "HeavyAntiTankGun.php"
add("nat9-heavy-at-vs-town-armor", N9T, q([U("a1", "allies", "heavy_anti_tank_gun", "G3"), U("x1", "axis", "armor", "G5")], battle(), [T("G5", "town")], dice=["star", "armor"]),
    [["battle.dice", "eq", 2], ["result.hits", "eq", 2]], S_HAT, HATW)
add("nat9-heavy-at-star-misses-infantry", N9T, q([U("a1", "allies", "heavy_anti_tank_gun", "G3"), inf("x1", "G5", side="axis")], battle(), dice=["star", "star"]),
    [["result.hits", "eq", 0]], S_HAT, HATW)
add("nat9-heavy-at-range-5-refused", N9T, q([U("a1", "allies", "heavy_anti_tank_gun", "A1"), U("x1", "axis", "armor", "F1")], battle()),
    [["battle.allowed", "eq", False]], S_HAT, HATW)
add("nat9-heavy-at-range-1", N9T, q([U("a1", "allies", "heavy_anti_tank_gun", "G5"), U("x1", "axis", "armor", "g6")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_HAT, HATW)

S_FT = "Flame Thrower Tanks: terrain battle dice reduction limited to 1 at most in Close Assault (bga-memoir FlameThrower.php maxMalus -1, troop card 13)"
FTW = "troop card 13 (docs/rules-sources.md); " + BGAU + "FlameThrower.php"
for terr, close, ranged in [("town", 2, 1), ("hedgerow", 2, 1), ("hill", 2, 2), ("forest", 2, 1)]:
    add(f"nat9-flame-close-{terr}", N9T, q([U("a1", "allies", "flame_thrower_tank", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", terr)]),
        [["battle.dice", "eq", close]], S_FT, FTW)
    add(f"nat9-flame-ranged-{terr}", N9T, q([U("a1", "allies", "flame_thrower_tank", "G3"), inf("x1", "G5", side="axis")], battle(), [T("G5", terr)]),
        [["battle.dice", "eq", ranged]], S_FT + " (at 2 hexes the usual reduction)", FTW)
add("nat9-flame-bunker-close", N9T, q([U("a1", "allies", "flame_thrower_tank", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "bunker", owner="axis")]),
    [["battle.dice", "eq", 2]], S_FT, FTW + "; " + OBST)

S_TIG = "Tigers: a 1-figure armor unit; each hit on it is rolled again, a grenade confirms (troop card 16; bga-memoir Tiger.php)"
TIGW = "troop card 16 (docs/rules-sources.md); " + BGAU + "Tiger.php"
add("nat9-tiger-battles-3-dice", N9T, q([U("a1", "axis", "tiger", "G5"), inf("x1", "G3")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_TIG, TIGW)
add("nat9-tiger-armor-hit-needs-confirm", N9T, q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "tiger", "G5")], battle(), dice=["armor", "infantry", "star"]),
    [["result.hits", "eq", 1], ["result.confirm_dice", "eq", 1]], S_TIG, TIGW)

S_DES12 = "Destroyers: 3 figures; move 1-2 on ocean and battle at 3/3/2/2/1/1/1/1; ignore 1 flag; take no ground (troop card 12; bga-memoir Destroyer.php)"
DSTW = "troop card 12 (docs/rules-sources.md); " + BGAU + "Destroyer.php"
add("nat9-destroyer-moved-2-range-8", N9T, q([U("a1", "allies", "destroyer", "A1", moved=2), inf("x1", "I1", side="axis")], battle(), [T("A1", "ocean")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_DES12, DSTW)
add("nat9-destroyer-range-9-refused", N9T, q([U("a1", "allies", "destroyer", "A1"), inf("x1", "J1", side="axis")], battle(), [T("A1", "ocean")]),
    [["battle.allowed", "eq", False]], S_DES12, DSTW)
add("nat9-destroyer-no-take-ground", N9T, q([U("a1", "allies", "destroyer", "A1"), inf("x1", "B1", side="axis", figures=1)], battle(), [T("A1", "ocean")], dice=["infantry", "star", "star"]),
    [["result.eliminated", "eq", True], ["result.take_ground", "eq", False]], S_DES12, DSTW)
add("nat9-destroyer-four-figures-error", N9T, q([U("a1", "allies", "destroyer", "A1", figures=4)], move(), [T("A1", "ocean")]),
    [["error.field", "eq", "units.0.figures"]], S_DES12, DSTW, exit=2)

S_AC = ("Armored Car: 1 figure; treat as Armor to order and in combat; move 0-4 hexes; battle 3,2,1; on a successful Close Assault, "
        "may Take Ground and Armor Overrun; when being attacked, treat as Infantry")
ACW = DB + " Armored Car"
add("nat9-armored-car-one-figure", N9T, q([U("a1", "allies", "armored_car", "G5", figures=2)], move()),
    [["error.field", "eq", "units.0.figures"]], S_AC, ACW, exit=2)
add("nat9-armored-car-vs-forest-as-armor", N9T, q([U("a1", "allies", "armored_car", "g4"), inf("x1", "G5", side="axis")], battle(), [T("G5", "forest")]),
    [["battle.dice", "eq", 1]], S_AC + " " + S_FOR, ACW + "; " + P13)
add("nat9-armored-car-range-3-one-die", N9T, q([U("a1", "allies", "armored_car", "G5"), inf("x1", "g8", side="axis")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_AC, ACW)
add("nat9-armored-car-range-4-refused", N9T, q([U("a1", "allies", "armored_car", "G5"), inf("x1", "G9", side="axis")], battle()),
    [["battle.allowed", "eq", False]], S_AC, ACW)
add("nat9-armored-car-armor-face-misses", N9T, q([U("a1", "axis", "armor", "G5"), U("x1", "allies", "armored_car", "g4")], battle(), dice=["armor", "armor", "star"]),
    [["result.hits", "eq", 0]], S_AC + " (treated as infantry when attacked: the armor symbol is not its symbol)", ACW)
add("nat9-armored-car-infantry-face-confirm", N9T, q([U("a1", "axis", "armor", "G5"), U("x1", "allies", "armored_car", "g4")], battle(), dice=["infantry", "armor", "star"]),
    [["result.hits", "eq", 1], ["result.confirm_dice", "eq", 1]], S_AC + " Enemy re-rolls all battle dice that score a hit", ACW)
add("nat9-armored-car-moves-4", N9T, q([U("a1", "allies", "armored_car", "G5")], move()),
    [["move.destinations.*.hex", "contains", ["C5", "K5"]], ["move.destinations.*.hex", "excludes", ["B5", "L5"]]], S_AC, ACW)

# -- asks added by this audit (session 9): rules the core plays that no query could ask before
# Cross-hairs: a target a big gun or destroyer hit bears the badge "cross_hair"
S_XH = ("Big Guns: place a cross-hair marker when a target is hit on the hex; until moved or destroyed, the zeroed-in unit "
        "takes fire at +1 on future rounds; cross-hair markers are not cumulative (bga-memoir BigGun.php; troop card 3)")
XHW = "troop cards 3, 12 (docs/rules-sources.md); " + BGAU + "BigGun.php, Destroyer.php; docs/rules-referee.md (the cross_hair badge)"
for d, base in [(4, 2), (7, 1)]:
    add(f"nat9-cross-hair-big-gun-range-{d}", N9T,
        q([U("a1", "axis", "big_gun", "A9"), inf("x1", "ABCDEFGHI"[d] + "9", badges=["cross_hair"])], battle()),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", base + 1]], S_XH, XHW)
add("nat9-cross-hair-plain-artillery-no-bonus", N9T, q([U("a1", "axis", "artillery", "A9"), inf("x1", "E9", badges=["cross_hair"])], battle()),
    [["battle.dice", "eq", 2]], S_XH + " (the big gun's own power)", XHW)
add("nat9-cross-hair-destroyer-range-8", N9T,
    q([U("a1", "allies", "destroyer", "A1"), inf("x1", "I1", side="axis", badges=["cross_hair"])], battle(), [T("A1", "ocean")]),
    [["battle.dice", "eq", 2]], S_XH + " Destroyers zero in as Big Guns do.", XHW)
add("nat9-cross-hair-close-assault-still-ok", N9T, q([U("a1", "allies", "infantry", "g4"), inf("x1", "G5", side="axis", badges=["cross_hair"])], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_XH + " (a marker hides nothing and helps no other unit)", XHW)
add("nat9-cross-hair-placed-on-a-hit", N9T, q([U("a1", "axis", "big_gun", "A9"), inf("x1", "E9")], battle(), dice=["infantry", "star"]),
    [["result.figures_removed", "eq", 1], ["result.cross_hair", "eq", True]], S_XH, XHW)
add("nat9-cross-hair-not-on-a-miss", N9T, q([U("a1", "axis", "big_gun", "A9"), inf("x1", "E9")], battle(), dice=["armor", "star"]),
    [["result.hits", "eq", 0], ["result.cross_hair", "falsy", None]], S_XH, XHW)
add("nat9-cross-hair-not-on-the-destroyed", N9T, q([U("a1", "axis", "big_gun", "A9"), inf("x1", "C9", figures=1)], battle(), dice=["grenade", "star", "star"]),
    [["result.eliminated", "eq", True], ["result.cross_hair", "falsy", None]], S_XH, XHW)
add("nat9-cross-hair-not-from-artillery", N9T, q([U("a1", "axis", "artillery", "A9"), inf("x1", "E9")], battle(), dice=["infantry", "star"]),
    [["result.figures_removed", "eq", 1], ["result.cross_hair", "falsy", None]], S_XH, XHW)

# The night chart from the rolls: the night_visibility ask
S_NV = ("Night Attacks: the battle starts at a visibility of 1 hex; at the start of each of its turns the night side rolls 4 "
        "battle dice, each star moving the visibility one step up (2, 3, 4, 5 hexes); the step after 5 is full daylight and the "
        "night rules end. In reverse (4089 Night Withdrawal): start at 6, each star one step down, to close assault only.")
NVW = "docs/rules-sources.md Nation rules (night_visibility); bga-memoir Scenarios/4089-NightWithdrawal.php; docs/rules-referee.md (the night_visibility ask)"
R0 = ["flag", "infantry", "armor", "grenade"]
R1 = ["star", "infantry", "armor", "grenade"]
R2 = ["star", "star", "armor", "flag"]
for cid, rolls, reverse, vis in [("no-roll", [], False, 1), ("two-stars", [R2], False, 3), ("three-rolls", [R1, R0, R2], False, 4),
                                  ("four-steps", [R2, R2], False, 5), ("reverse-start", [], True, 6), ("reverse-one-star", [R1], True, 5),
                                  ("reverse-floor", [R2, R2, R2], True, 1)]:
    add(f"nat9-night-chart-{cid}", N9O, q([], {"night_visibility": {"rolls": rolls, "reverse": reverse}}),
        [["night_visibility.visibility", "eq", vis], ["night_visibility.full_daylight", "eq", False]], S_NV, NVW)
add("nat9-night-chart-daylight", N9O, q([], {"night_visibility": {"rolls": [R2, R2, R1]}}),
    [["night_visibility.visibility", "eq", None], ["night_visibility.full_daylight", "eq", True], ["night_visibility.roll_due", "eq", False]], S_NV, NVW)
add("nat9-night-chart-roll-due", N9O, q([], {"night_visibility": {"rolls": [R1]}}),
    [["night_visibility.roll_due", "eq", True], ["night_visibility.visibility", "eq", 2]], S_NV, NVW)
add("nat9-night-chart-three-dice-error", N9O, q([], {"night_visibility": {"rolls": [["star", "star", "flag"]]}}),
    [["error.field", "eq", "ask.night_visibility.rolls.0"]], S_NV + " (4 dice each turn)", NVW, exit=2)
add("nat9-night-chart-bad-face-error", N9O, q([], {"night_visibility": {"rolls": [R0, ["star", "moon", "flag", "flag"]]}}),
    [["error.field", "eq", "ask.night_visibility.rolls.1.1"]], S_NV, NVW, exit=2)

# A card played as another: the card_as ask
S_CA = ("Blitz: the Axis may play a Recon 1 card as Air Power; Air Strikes: the side named may; Hill 317: while an Allied unit "
        "stands on one of its hexes, the Allies may; Omaha (recon_as_barrage): either side may play a Recon 1 card as Barrage; "
        "a deck may make Air Power an Artillery Bombard")
CAW = "docs/rules-sources.md Nation rules (blitz, air_strikes, hill_317, recon_as_barrage, air_power_as_artillery_bombard); bga-memoir Player::canHill317; docs/rules-referee.md (the card_as ask)"
for cid, variants, side, card_id, plays in [
        ("blitz-axis-recon", ["blitz"], "axis", "recon_left", ["air_power"]),
        ("blitz-allies-recon", ["blitz"], "allies", "recon_left", []),
        ("blitz-axis-attack", ["blitz"], "axis", "attack_left", []),
        ("none", None, "axis", "recon_center", []),
        ("air-strikes-allies", {"air_strikes": "allies"}, "allies", "recon_right", ["air_power"]),
        ("air-strikes-axis-not", {"air_strikes": "allies"}, "axis", "recon_right", []),
        ("omaha-barrage-allies", ["recon_as_barrage"], "allies", "recon_center", ["barrage"]),
        ("omaha-barrage-axis", ["recon_as_barrage"], "axis", "recon_left", ["barrage"])]:
    rules = None if variants is None else {"air": None, "variants": variants}
    add(f"nat9-card-as-{cid}", N9O, q([], {"card_as": {"card": card_id, "side": side}}, rules=rules),
        [["card_as.plays_as", "eq", plays], ["card_as.card", "eq", card_id]], S_CA, CAW)
add("nat9-card-as-hill-317-held", N9O, q([inf("a1", "E5")], {"card_as": {"card": "recon_center", "side": "allies", "hill_317": ["E5", "F5"]}}),
    [["card_as.plays_as", "eq", ["air_power"]]], S_CA, CAW)
add("nat9-card-as-hill-317-lost", N9O, q([inf("x1", "E5", side="axis")], {"card_as": {"card": "recon_center", "side": "allies", "hill_317": ["E5", "F5"]}}),
    [["card_as.plays_as", "eq", []]], S_CA + " (an Axis unit holds it)", CAW)
add("nat9-card-as-hill-317-axis-never", N9O, q([inf("x1", "E5", side="axis")], {"card_as": {"card": "recon_center", "side": "axis", "hill_317": ["E5"]}}),
    [["card_as.plays_as", "eq", []]], S_CA + " (the Allies' hill)", CAW)
add("nat9-card-as-deck-air-power-bombard", N9O, q([], {"card_as": {"card": "air_power", "side": "axis"}}, rules={"air": None, "variants": ["air_power_as_artillery_bombard"]}),
    [["card_as.becomes", "eq", "artillery_bombard"]], S_CA, CAW)
add("nat9-card-as-bad-card-error", N9O, q([], {"card_as": {"card": "nuke", "side": "axis"}}),
    [["error.field", "eq", "ask.card_as.card"]], S_CA, CAW, exit=2)
add("nat9-card-as-bad-hex-error", N9O, q([], {"card_as": {"card": "recon_left", "side": "allies", "hill_317": ["A8"]}}),
    [["error.field", "eq", "ask.card_as.hill_317.0"]], S_CA, CAW, exit=2)

# Italian High Command: the high_command ask, and the discard a battle's elimination costs
S_IHC = ("Italian High Command: the Axis start with 6 command cards; each time one of their units is eliminated while they "
         "hold more than 3, they discard one at random, not replaced (bga-memoir AttackUnitsTrait::damageUnit, "
         "discardItalianHighCommand; Teams::loadScenario)")
IHCW = "bga-memoir States/AttackUnitsTrait.php damageUnit (Globals::isItalyHighCommand); docs/rules-sources.md Nation rules (italian_high_command); docs/rules-referee.md (the high_command ask)"
IHC = {"air": None, "variants": ["italian_high_command"]}
for held, lost, after, discards in [(6, 1, 5, 1), (6, 3, 3, 3), (6, 5, 3, 3), (3, 1, 3, 0), (4, 2, 3, 1), (5, 0, 5, 0)]:
    add(f"nat9-high-command-{held}-held-{lost}-lost", N9N, q([], {"high_command": {"held": held, "eliminated": lost}}, rules=IHC),
        [["high_command.in_play", "eq", True], ["high_command.held_after", "eq", after], ["high_command.discards", "eq", discards]], S_IHC, IHCW)
add("nat9-high-command-default-six", N9N, q([], {"high_command": {"eliminated": 2}}, rules=IHC),
    [["high_command.held_after", "eq", 4]], S_IHC, IHCW)
add("nat9-high-command-off", N9N, q([], {"high_command": {"held": 5, "eliminated": 2}}),
    [["high_command.in_play", "eq", False], ["high_command.held_after", "eq", 5], ["high_command.discards", "eq", 0]], S_IHC + " (only when the scenario says so)", IHCW)
add("nat9-high-command-bad-held", N9N, q([], {"high_command": {"held": -1}}, rules=IHC),
    [["error.field", "eq", "ask.high_command.held"]], S_IHC, IHCW, exit=2)
add("nat9-high-command-battle-axis-eliminated", N9N,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis", nation="it", figures=1)], battle(), dice=["infantry", "star", "star"], rules=IHC),
    [["result.eliminated", "eq", True], ["result.high_command_discard", "eq", True]], S_IHC, IHCW)
add("nat9-high-command-battle-german-unit-too", N9N,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis", nation="ger", figures=1)], battle(), dice=["grenade", "star", "star"], rules=IHC),
    [["result.high_command_discard", "eq", True]], S_IHC + " (bga-memoir: any Axis unit)", IHCW)
add("nat9-high-command-battle-allied-eliminated", N9N,
    q([inf("a1", "G5", side="axis"), inf("x1", "g4", figures=1)], battle(), dice=["infantry", "star", "star"], rules=IHC),
    [["result.eliminated", "eq", True], ["result.high_command_discard", "falsy", None]], S_IHC + " (the Axis' cards only)", IHCW)
add("nat9-high-command-battle-not-eliminated", N9N,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis", nation="it")], battle(), dice=["infantry", "star", "star"], rules=IHC),
    [["result.eliminated", "eq", False], ["result.high_command_discard", "falsy", None]], S_IHC, IHCW)
add("nat9-high-command-battle-rule-off", N9N,
    q([inf("a1", "g4"), inf("x1", "G5", side="axis", nation="it", figures=1)], battle(), dice=["infantry", "star", "star"]),
    [["result.eliminated", "eq", True], ["result.high_command_discard", "falsy", None]], S_IHC, IHCW)

# Wittmann (17 Villers-Bocage): a unit's own variant
S_WIT = ("17 Villers-Bocage: The Tiger tank marked with a Battle Star is Michael Wittmann: It may ignore 1 flag, battle at +1d "
         "when not moving, and its Battle Star does not count as an additional Victory medal for the enemy")
WITW = "bga-memoir Scenarios/17-VillersBocage.php (rules text), Units/Tiger.php getAttackModifier; docs/rules-sources.md Nation rules (wittmann)"
add("nat9-wittmann-still-four-dice", N9T, q([U("a1", "axis", "tiger", "G5", variants=["wittmann"]), inf("x1", "G3")], battle()),
    [["battle.dice", "eq", 4]], S_WIT, WITW)
add("nat9-wittmann-moved-three-dice", N9T, q([U("a1", "axis", "tiger", "G5", moved=1, variants=["wittmann"]), inf("x1", "G3")], battle()),
    [["battle.dice", "eq", 3]], S_WIT, WITW)
add("nat9-wittmann-ignores-a-flag", N9T, q([inf("a1", "g4"), U("x1", "axis", "tiger", "G5", variants=["wittmann"])], battle(), dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_WIT, WITW)
add("nat9-tiger-without-wittmann-retreats", N9T, q([inf("a1", "g4"), U("x1", "axis", "tiger", "G5")], battle(), dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 0], ["result.retreat.*.hex", "set", ["f6", "g6"]]], S_WIT + " (Wittmann's own)", WITW)

# Armor Breakthrough: where new armor may arrive (the breakthrough ask)
S_ABX = ("Armor Breakthrough: during a single game turn, you may order new Armor units onto the board; the order must be valid "
         "and issued as normal; units must enter through the opponent's baseline and stop on a baseline hex (bga-memoir's summary; "
         "OrderUnitsTrait::argsArmorBreakthroughDeploy: empty, passable cells of the back line, in the card's sections)")
ABXW = ABW + "; docs/rules-referee.md (the breakthrough ask)"
TOP = [c + "9" for c in "ABCDEFGHIJKLM"]
BOT = [c + "1" for c in "ABCDEFGHIJKLM"]
add("nat9-breakthrough-allies-top-row", N9O, q([], {"breakthrough": {"side": "allies", "units": 2}}),
    [["breakthrough.allowed", "eq", True], ["breakthrough.hexes", "set", TOP], ["breakthrough.left", "eq", 2]], S_ABX, ABXW)
add("nat9-breakthrough-axis-bottom-row", N9O, q([], {"breakthrough": {"side": "axis", "units": 2}}),
    [["breakthrough.hexes", "set", BOT]], S_ABX, ABXW)
add("nat9-breakthrough-bottom-axis-flips", N9O, q([], {"breakthrough": {"side": "allies", "units": 1}}, bottom="axis"),
    [["breakthrough.hexes", "set", BOT]], S_ABX + " (the Axis home edge at the bottom)", ABXW)
add("nat9-breakthrough-allies-left-section", N9O, q([], {"breakthrough": {"side": "allies", "units": 2, "section": "left"}}),
    [["breakthrough.hexes", "contains", ["A9", "B9", "C9", "D9"]], ["breakthrough.hexes", "excludes", ["F9", "G9", "M9"]]],
    S_ABX + " (a Section card: its own section; E9, on or beside the dotted line, is left open: bga-memoir's lines run at columns 7 and 17, the rules core's at 8 and 16)", ABXW)
add("nat9-breakthrough-axis-left-is-board-right", N9O, q([], {"breakthrough": {"side": "axis", "units": 2, "section": "left"}}),
    [["breakthrough.hexes", "contains", ["J1", "K1", "L1", "M1"]], ["breakthrough.hexes", "excludes", ["A1", "G1", "H1"]]], S_ABX + " (the Axis left flank is the board's J-M side)", ABXW)
add("nat9-breakthrough-centre", N9O, q([], {"breakthrough": {"side": "allies", "units": 2, "section": "center"}}),
    [["breakthrough.hexes", "contains", ["F9", "G9", "H9"]], ["breakthrough.hexes", "excludes", ["A9", "D9", "J9", "M9"]]], S_ABX, ABXW)
add("nat9-breakthrough-occupied-and-impassable", N9O,
    q([inf("x1", "B9", side="axis"), inf("a9", "C9")], {"breakthrough": {"side": "allies", "units": 2, "section": "left"}}, [T("D9", "hedgehogs")]),
    [["breakthrough.hexes", "contains", ["A9"]], ["breakthrough.hexes", "excludes", ["B9", "C9", "D9", "H9"]]], S_ABX + " Hedgehogs: impassable for armor.", ABXW + "; " + OBST)
add("nat9-breakthrough-all-used", N9O, q([], {"breakthrough": {"side": "allies", "units": 2, "arrived": 2}}),
    [["breakthrough.allowed", "eq", False], ["breakthrough.left", "eq", 0], ["breakthrough.hexes", "eq", []]], S_ABX + " (up to its count, in all)", ABXW)
add("nat9-breakthrough-one-left", N9O, q([], {"breakthrough": {"side": "axis", "units": 2, "arrived": 1}}),
    [["breakthrough.allowed", "eq", True], ["breakthrough.left", "eq", 1]], S_ABX, ABXW)
add("nat9-breakthrough-bad-section", N9O, q([], {"breakthrough": {"side": "allies", "units": 2, "section": "middle"}}),
    [["error.field", "eq", "ask.breakthrough.section"]], S_ABX, ABXW, exit=2)

# -- more edges: Italian retreats around units, troops against caves and armored cars
add("nat9-it-one-flag-around-a-unit", N9N,
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5", nation="it"), inf("b1", "f6")], battle(), dice=["flag", "star", "star"], rules=IRA),
    [["result.retreat.*.hex", "set", ["g6", "G7", "H7", "f8", "g8", "h8"]]], S_IT + " " + S_NOUNIT, ITW + "; " + RETW)
add("nat9-it-three-flags-to-the-edge", N9N,
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5", nation="it")], battle(), dice=["flag", "flag", "flag"], rules=IRA),
    [["result.retreat.*.hex", "contains", ["e8", "h8", "E9", "I9"]], ["result.retreat.*.hex", "excludes", ["G7", "f6", "G5"]],
     ["result.retreat.[hex=G9].figures_lost", "eq", 0]], S_IT + " (three flags: 3 to 9 hexes; four rows to the edge)", ITW)
add("nat9-it-mirrored-bottom-axis", N9N,
    q([U("a1", "allies", "armor", "g6"), U("x1", "axis", "infantry", "G5", nation="it")], battle(), dice=["flag", "star", "star"], rules=IRA, bottom="axis"),
    [["result.retreat.*.hex", "set", ["f4", "g4", "F3", "G3", "H3", "e2", "f2", "g2", "h2"]]], S_IT + " " + S_RET, ITW)
add("nat9-sniper-two-flags-two-to-six", N9T, q([inf("a1", "g4"), U("x1", "axis", "sniper", "G5")], battle(), dice=["flag", "flag", "star"]),
    [["result.retreat.*.hex", "contains", ["F7", "G7", "g8", "G9"]], ["result.retreat.*.hex", "excludes", ["f6", "g6", "G5"]]], S_SNI + " (two flags: 2 to 6 hexes)", SNIW)
add("nat9-flame-vs-jp-cave", N9T,
    q([U("a1", "allies", "flame_thrower_tank", "g4"), U("x1", "axis", "infantry", "G5", nation="jp")], battle(), [T("G5", "cave")]),
    [["battle.dice", "eq", 2]], S_FT + "; Cave: Japanese infantry in it are attacked at -2 but by artillery", FTW + "; terrain card 52")
add("nat9-engineer-vs-jp-cave", N9T,
    q([U("a1", "allies", "combat_engineer", "g4"), U("x1", "axis", "infantry", "G5", nation="jp")], battle(), [T("G5", "cave")]),
    [["battle.dice", "eq", 3]], S_ENG + "; Cave: -2 but by artillery", ENGW + "; terrain card 52")
add("nat9-big-gun-vs-jp-cave", N9T,
    q([U("a1", "allies", "big_gun", "G1"), U("x1", "axis", "infantry", "G5", nation="jp")], battle(), [T("G5", "cave")]),
    [["battle.dice", "eq", 2]], S_BIG + "; Cave: -2 but by artillery", BIGW + "; terrain card 52")
add("nat9-sniper-may-target-armored-car", N9T, q([U("a1", "allies", "sniper", "G5"), U("x1", "axis", "armored_car", "G7")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], S_SNI + "; Armored Car: When being attack, treat as Infantry", SNIW + "; " + ACW)
add("nat9-mg-star-hits-armored-car", N9T, q([U("a1", "allies", "machine_gun", "G5"), U("x1", "axis", "armored_car", "g6")], battle(), dice=["star", "flag", "armor"]),
    [["result.hits", "eq", 1], ["result.confirm_dice", "eq", 1]], S_MG + "; Armored Car: When being attack, treat as Infantry; enemy re-rolls all battle dice that score a hit", MGW + "; " + ACW)
add("nat9-heavy-at-star-misses-armored-car", N9T, q([U("a1", "allies", "heavy_anti_tank_gun", "G3"), U("x1", "axis", "armored_car", "G5")], battle(), dice=["star", "star"]),
    [["result.hits", "eq", 0]], S_HAT + "; Armored Car: When being attack, treat as Infantry", HATW + "; " + ACW)
add("nat9-destroyer-flag-at-the-edge", N9T,
    q([U("a1", "axis", "infantry", "a2"), U("x1", "allies", "destroyer", "A1")], battle(), [T("A1", "ocean")], dice=["flag", "flag", "star"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat.*.hex", "eq", ["A1"]], ["result.retreat.*.figures_lost", "eq", [1]]],
    S_DES12 + " " + S_LOSE, DSTW + "; " + RETW)
add("nat9-jp-sandbags-one-flag", N9N,
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "infantry", "G5", nation="jp")], battle(), [T("G5", "sandbags")], dice=["flag", "star"]),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]], S_J_FLAG + " " + S_SB, WIKIJ + "; " + OBST)
add("nat9-brit-artillery-battle-back", N9N,
    q([U("a1", "axis", "infantry", "g4"), U("x1", "allies", "artillery", "G5", nation="brit")], battle(), dice=["grenade", "star", "star"]),
    [["result.figures_removed", "eq", 1], ["result.battle_back", "eq", True]], S_BRIT + " (artillery has 2 figures: one grenade leaves 1)", BRITW)
add("nat9-brit-battle-back-bottom-axis", N9N,
    q([U("a1", "axis", "infantry", "G3"), U("x1", "allies", "infantry", "g4", nation="brit", figures=2)], battle(), dice=["infantry", "star", "star"], bottom="axis"),
    [["result.battle_back", "eq", True]], S_BRIT, BRITW)

add("nat9-gb-code-battles-back", N9N,
    q([U("a1", "axis", "infantry", "g4"), U("x1", "allies", "infantry", "G5", nation="gb", figures=2)], battle(), dice=["infantry", "star", "star"]),
    [["result.battle_back", "eq", True]], S_BRIT + " (the editor's British units: brit or gb)", BRITW + "; bga-memoir Managers/Units.php $nations (gb, brit)")
add("nat9-jp-elite-infantry-extra-die", N9N,
    q([U("a1", "axis", "special_forces", "G5", nation="jp"), inf("x1", "g4")], battle()),
    [["battle.dice", "eq", 4]], S_J_DIE + " (Special Forces are infantry in all respects but their own)", WIKIJ + "; " + P12)
add("nat9-it-rule-object-form", N9N,
    q([U("a1", "allies", "armor", "g4"), U("x1", "axis", "artillery", "G5", nation="it")], battle(), dice=["flag", "star", "star"],
      rules={"air": None, "variants": {"italian_royal_army": "axis"}}),
    [["result.flags_ignored", "eq", 1]], S_IT + " (rules.variants as an object: the rule's side)", ITW + "; docs/rules-referee.md rules.variants")

add("nat9-desert-not-from-town", N9O, q([U("a1", "allies", "armor", "G5", moved=1)], {"desert_move": {"unit": "a1"}}, [T("G5", "town")], rules=NAD),
    [["desert_move.allowed", "eq", False], ["desert_move.hexes", "eq", []]], S_DES + " Towns: a unit that enters a Town hex must stop.", DES + "; " + P14)
add("nat9-desert-from-hill", N9O, q([U("a1", "axis", "armor", "G5", moved=1)], {"desert_move": {"unit": "a1"}}, [T("G5", "hill")], rules=NAD),
    [["desert_move.allowed", "eq", True], ["desert_move.hexes", "contains", ["f4", "g4", "H5"]]], S_DES + " (a hill does not stop a move)", DES + "; " + P14)

S_ENGM = ("Combat Engineers: In minefield must clear the mines, instead of battling; if ordered on Infantry Assault, may move 2 hexes "
          "and remove wire or clear mines (bga-memoir CombatEngineer.php; Minefield::onUnitEntering sweeps only when the engineer's "
          "moves are within its movement-and-attack radius, or 2 under Infantry Assault)")
MINEW2 = MINEW + "; troop card 4; bga-memoir Terrains/Minefield.php onUnitEntering"
add("nat9-engineer-moved-1-clears-mine", N9O, q([U("a1", "allies", "combat_engineer", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("G5", "minefield", owner="axis", value=3)]),
    [["terrain_entry.rolls.0.dice", "eq", 0], ["terrain_entry.rolls.0.decoy", "eq", False]], S_ENGM, MINEW2)
add("nat9-engineer-moved-2-rolls-mine", N9O, q([U("a1", "allies", "combat_engineer", "G5", moved=2)], {"terrain_entry": {"unit": "a1", "how": "move"}}, [T("G5", "minefield", owner="axis", value=3)]),
    [["terrain_entry.rolls.0.dice", "eq", 3]], S_ENGM + " (after 2 hexes it could not battle: it may not clear instead)", MINEW2)
add("nat9-engineer-infantry-assault-2-clears", N9O,
    q([U("a1", "allies", "combat_engineer", "G5", moved=2)], {"terrain_entry": {"unit": "a1", "how": "move", "card": "infantry_assault"}}, [T("G5", "minefield", owner="axis", value=3)]),
    [["terrain_entry.rolls.0.dice", "eq", 0]], S_ENGM, MINEW2)
add("nat9-engineer-take-ground-rolls", N9O, q([U("a1", "allies", "combat_engineer", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "take_ground"}}, [T("G5", "minefield", owner="axis", value=2)]),
    [["terrain_entry.rolls.0.dice", "eq", 2]], S_ENGM + " (taking ground is no order to clear)", MINEW2)
add("nat9-terrain-entry-bad-card", N9O, q([U("a1", "allies", "combat_engineer", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "card": "nuke"}}, [T("G5", "minefield", owner="axis", value=2)]),
    [["error.field", "eq", "ask.terrain_entry.card"]], S_ENGM, MINEW2 + "; docs/rules-referee.md terrain_entry", exit=2)

S_TIGM = S_TIG + "; bga-memoir Minefield::onUnitEntering: 'case tiger on mine - double roll check for damages'"
TIGMW = TIGW + "; bga-memoir Terrains/Minefield.php; docs/rules-referee.md terrain_entry (confirm)"
TM = [T("G5", "minefield", owner="axis", value=2)]
add("nat9-tiger-mine-hit-needs-confirm", N9T, q([U("a1", "allies", "tiger", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move"}}, TM, dice=["armor", "star"]),
    [["result.hits", "eq", 1], ["result.confirm_dice", "eq", 1], ["result.figures_removed", "eq", 0], ["result.eliminated", "eq", False]], S_TIGM, TIGMW)
add("nat9-tiger-mine-grenade-confirms", N9T, q([U("a1", "allies", "tiger", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move", "confirm": ["grenade"]}}, TM, dice=["armor", "star"]),
    [["result.confirmed", "eq", True], ["result.eliminated", "eq", True], ["result.medal_to", "eq", "axis"]], S_TIGM, TIGMW)
add("nat9-tiger-mine-no-grenade-unharmed", N9T, q([U("a1", "allies", "tiger", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move", "confirm": ["armor"]}}, TM, dice=["grenade", "flag"]),
    [["result.confirmed", "eq", False], ["result.eliminated", "eq", False], ["result.figures_removed", "eq", 0]], S_TIGM, TIGMW)
add("nat9-tiger-mine-miss-nothing-to-confirm", N9T, q([U("a1", "allies", "tiger", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move"}}, TM, dice=["star", "flag"]),
    [["result.hits", "eq", 0], ["result.confirm_dice", "falsy", None], ["result.eliminated", "eq", False]], S_TIGM, TIGMW)
add("nat9-armor-mine-no-confirm", N9T, q([U("a1", "allies", "armor", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move"}}, TM, dice=["armor", "star"]),
    [["result.figures_removed", "eq", 1], ["result.confirm_dice", "falsy", None]], S_MINE + " (only the Tiger's hits are confirmed)", MINEW)
add("nat9-armor-mine-confirm-not-due-error", N9T, q([U("a1", "allies", "armor", "G5", moved=1)], {"terrain_entry": {"unit": "a1", "how": "move", "confirm": ["grenade"]}}, TM, dice=["armor", "star"]),
    [["error.field", "eq", "ask.terrain_entry.confirm"]], S_MINE, MINEW + "; docs/rules-referee.md terrain_entry", exit=2)


# ---- audit auditair2 (session 9) ----
# A second blind pass over the Air Pack (seed 000) and the New Flight Plan (seed 001), written from the
# two rulebooks before reading companion/rules/air. Scenes are turned about G5 (`at`, 60-degree steps),
# both sides fly, the Axis home edge is moved with `bottom`, and entries and landings use the board edges.
A9P, A9F = "air9 air-pack", "air9 flight-plan"
W0, W1 = AIR, NFP
OPP = {"allies": "axis", "axis": "allies"}


def nb(k: int, dist: int = 1) -> str:
    """The hex `dist` steps from G5 in direction k (0..5)."""
    return at((2 * dist, 0), k)


# -- entry hexes (Air Pack p.3, p.6)
S9_EDGE = ("the Airplane enters the battlefield, airborne, anywhere on an edge hex of the player's choice. Edge hexes are all the full "
           "(not half) hexes that border the entire game board's four sides.")
S9_HALF = "When entering the map from a board's edge, the first full hex is counted as the first hex of movement. Half hexes along the board's sides are not valid entry hexes and do not count."
EDGE_OK = [("G9", "H9"), ("G1", "F1"), ("A5", "B5"), ("a4", "b4"), ("M5", "L5"), ("l6", "k6"), ("A9", "B9"), ("M1", "L1"), ("a8", "B7"), ("l2", "L3")]
for side in ("allies", "axis"):
    for first, second in EDGE_OK:
        add(f"air9-ap-enter-{side}-{first}", A9P,
            q([ap_plane("p1", side, "spitfire" if side == "allies" else "me109", first)], amove("p1", [first, second], entering=True), rules=AP,
              bottom="allies" if first != "G1" else "axis"),
            [["air_move.allowed", "eq", True], ["air_move.end", "eq", second]], S9_EDGE + " " + S9_HALF, W0 + " p.3 Air Sortie, p.6 Movement")
    for first, second in [("B5", "C5"), ("b4", "c4"), ("L5", "K5"), ("k6", "j6"), ("G5", "H5")]:
        add(f"air9-ap-enter-inside-{side}-{first}", A9P,
            q([ap_plane("p1", side, "p40" if side == "allies" else "storch", first)], amove("p1", [first, second], entering=True), rules=AP),
            [["air_move.allowed", "eq", False]], S9_EDGE, W0 + " p.3 Air Sortie")
for side, bottom in [("axis", "allies"), ("axis", "axis"), ("allies", "axis"), ("allies", "allies")]:
    add(f"air9-ap-sortie-any-edge-{side}-bottom-{bottom}", A9P, q([], sortie(side), rules=AP, bottom=bottom),
        [["air_sortie.allowed", "eq", True], ["air_sortie.entry_hexes", "contains", ["G1", "G9", "A5", "a4", "M5", "l6", "A1", "M9", "a2", "l8"]],
         ["air_sortie.entry_hexes", "excludes", ["B5", "b4", "L5", "k6", "G5", "g8", "g2"]], ["air_sortie.entry_hexes", "len", 40]],
        S9_EDGE + " (of the player's choice: the opponent's edge too)", W0 + " p.3 Air Sortie")
# sections are each player's own: the Axis (top) left flank is the board's right side
S9_R1 = ("If the card played as an Air Sortie is a Recon 1 card ..., the player is still subject to the initial card's Section limitation when "
         "playing it; i.e., the card can only be played to start an Air Sortie from an edge hex of the matching board's section")
AS9 = {"air": "air-pack", "variants": ["air_strikes_blitz"]}
for side, section, inside, outside in [("axis", "left", ["M5", "M9", "M1"], ["A5", "A9", "G9"]), ("axis", "right", ["A5", "A9", "A1"], ["M5", "M1", "G1"]),
                                       ("allies", "left", ["A5", "A9", "A1"], ["M5", "G9"]), ("allies", "right", ["M5", "M9", "M1"], ["A5", "G1"])]:
    add(f"air9-ap-recon1-{side}-{section}-edge", A9P, q([], sortie(side, "recon_1", section=section), rules=AP),
        [["air_sortie.entry_hexes", "contains", inside], ["air_sortie.entry_hexes", "excludes", outside]],
        S9_R1 + " (a Section card's flank is the player's own: the Axis sit at the top edge)", W0 + " p.4 Air Sortie equivalent")
    add(f"air9-ap-sortie-section-card-{side}-{section}", A9P, q([], sortie(side, with_section_card=section), rules=AP),
        [["air_sortie.entry_hexes", "contains", inside], ["air_sortie.entry_hexes", "excludes", outside]],
        "letting the player use one order from the Section card just played to make an Air Sortie in the corresponding section",
        W0 + " p.3 Playing an Air Sortie card")
S9_ONE = ("If a player plays an Air Sortie card (or equivalent) when he already has an airplane unit on the battlefield, the card's effect is to "
          "order this particular Airplane for the turn with no Air check required")
add("air9-ap-sortie-axis-orders-own-plane", A9P, q([ap_plane("p1", "axis", "me109", "C7"), ap_plane("p2", "allies", "spitfire", "J3")], sortie("axis"), rules=AP),
    [["air_sortie.effect", "eq", "order_airborne"], ["air_sortie.air_check", "eq", False]], S9_ONE, W0 + " p.4")
add("air9-ap-sortie-axis-enemy-plane-only", A9P, q([ap_plane("p2", "allies", "spitfire", "J3")], sortie("axis"), rules=AP),
    [["air_sortie.effect", "eq", "new_sortie"]], S9_ONE + " (the enemy's airplane is not his)", W0 + " p.4")
add("air9-ap-air-power-axis-replaced", A9P, q([], sortie("axis", "air_power"), rules=AP),
    [["air_sortie.allowed", "eq", True], ["air_sortie.replaced_at_end_of_turn", "eq", True], ["air_sortie.face_up", "eq", False]],
    "Air Power cards must be played as if they were Air Sortie cards instead; ... these cards are never placed face up ...; and they are replaced as normal",
    W0 + " p.4")

# -- movement (p.6): at least 1, at most 4, never twice over a hex, not ending on the start hex, ending on a vacant hex
S9_MV = ("Each turn it is ordered, an Airplane must move at least 1 hex; and an Airplane can never move twice over the same hex during the "
         "course of a single turn nor end its move on the hex it started on. Once airborne, an Airplane may move up to 4 hexes per turn")
S9_OVER = ("an Airplane may fly over any hexes, including unit-occupied hexes, terrain hexes and even impassable terrain hexes during its "
           "movement, provided it ends its movement on a vacant hex. A vacant hex is any terrain hex that is clear of units - friends or foes.")
for k in range(6):
    side = SIDES9[k % 2]
    line = [nb(k, d) for d in (1, 2, 3, 4)]
    add(f"air9-ap-move-line-{k}", A9P, q([ap_plane("p1", side, "p38" if side == "allies" else "me109", "G5")], amove("p1", line), rules=AP),
        [["air_move.allowed", "eq", True], ["air_move.end", "eq", line[-1]]], S9_MV, W0 + " p.6 Movement")
    add(f"air9-ap-move-line-five-{k}", A9P,
        q([ap_plane("p1", side, "p38" if side == "allies" else "me109", "G5")], amove("p1", line + [at((7, 1), k)]), rules=AP),
        [["air_move.allowed", "eq", False]], S9_MV, W0 + " p.6 Movement")
    # over a friendly and an enemy unit and a river, ending beyond them
    add(f"air9-ap-move-over-units-{k}", A9P,
        q([ap_plane("p1", side, "spitfire" if side == "allies" else "me109", "G5"), U("f1", side, "infantry", nb(k, 1)), U("e1", OPP[side], "armor", nb(k, 2))],
          amove("p1", line[:3]), [T(nb(k, 3), "river")], rules=AP),
        [["air_move.allowed", "eq", True], ["air_move.end", "eq", nb(k, 3)]], S9_OVER, W0 + " p.6 Movement")
    add(f"air9-ap-move-end-on-enemy-{k}", A9P,
        q([ap_plane("p1", side, "spitfire" if side == "allies" else "me109", "G5"), U("e1", OPP[side], "artillery", nb(k, 2))], amove("p1", line[:2]), rules=AP),
        [["air_move.allowed", "eq", False]], S9_OVER, W0 + " p.6 Movement")
for k in (0, 3):
    add(f"air9-ap-move-zero-hexes-{k}", A9P, q([ap_plane("p1", SIDES9[k % 2], "spitfire", "G5")], amove("p1", []), rules=AP),
        [["air_move.allowed", "eq", False]], S9_MV + " (must move at least 1 hex)", W0 + " p.6 Movement")
    add(f"air9-ap-move-twice-over-{k}", A9P, q([ap_plane("p1", SIDES9[k % 2], "spitfire", "G5")], amove("p1", [nb(k), at((3, 1), k), nb(k + 1), nb(k)]), rules=AP),
        [["air_move.allowed", "eq", False]], S9_MV, W0 + " p.6 Movement")
add("air9-ap-move-end-on-impassable-vacant", A9P, q([ap_plane("p1", "axis", "me109", "C7")], amove("p1", ["D7", "E7"]), [T("E7", "river"), T("D7", "river")], rules=AP),
    [["air_move.allowed", "eq", True], ["air_move.end", "eq", "E7"]], S9_OVER, W0 + " p.6 Movement")
add("air9-ap-move-end-on-grounded-enemy-plane", A9P,
    q([ap_plane("p1", "allies", "p40", "C7"), ap_plane("p2", "axis", "storch", "E7", airborne=False)], amove("p1", ["D7", "E7"]), [T("E7", "airfield")], rules=AP),
    [["air_move.allowed", "eq", False]], S9_OVER, W0 + " p.6 Movement")

# -- landing (p.6) and carriers (p.7)
S9_LAND = ("An Airplane that ends its movement on a friendly Aircraft carrier or Airfield hex containing no other unit (with the sole possible "
           "exception of additional friendly, Ready to Take-off markers) can safely land there")
S9_CARR = "Airplane may take-off/land on Aircraft Carrier (Corsair, Zero) or Airfield (all Airplanes)."
for side, model, start, path in [("allies", "p38", "L3", ["l2", "M1"]), ("axis", "me109", "B7", ["a8", "A9"]), ("allies", "yak1", "E5", ["D5", "C5"]),
                                 ("axis", "storch", "k6", ["L7", "l8"])]:
    end = path[-1]
    add(f"air9-ap-land-{model}-{end}", A9P, q([ap_plane("p1", side, model, start)], amove("p1", path), [T(end, "airfield", owner=side)], rules=AP),
        [["air_move.allowed", "eq", True], ["air_move.landed", "eq", True]], S9_LAND + " " + S9_CARR, W0 + " p.6 Landing")
    add(f"air9-ap-land-{model}-occupied-airfield", A9P,
        q([ap_plane("p1", side, model, start), U("f1", side, "infantry", end)], amove("p1", path), [T(end, "airfield", owner=side)], rules=AP),
        [["air_move.landed", "falsy", None]], S9_LAND, W0 + " p.6 Landing")
    add(f"air9-ap-land-{model}-through-airfield", A9P,
        q([ap_plane("p1", side, model, start)], amove("p1", path), [T(path[0], "airfield", owner=side)], rules=AP),
        [["air_move.allowed", "eq", True], ["air_move.landed", "falsy", None]], S9_LAND + " (ends its movement on)", W0 + " p.6 Landing")
for side, model in [("allies", "p38"), ("allies", "spitfire"), ("allies", "yak9"), ("axis", "me109"), ("axis", "storch"), ("allies", "p40")]:
    add(f"air9-ap-carrier-{model}-no-landing", A9P,
        q([ap_plane("p1", side, model, "B3")], amove("p1", ["a2", "A1"]), [T("A1", "ocean"), T("A1", "aircraft_carrier", owner=side)], rules=AP),
        [["air_move.landed", "falsy", None]], S9_CARR, W0 + " p.7 Take-off/Land")
add("air9-ap-carrier-zero-lands-top-edge", A9P,
    q([ap_plane("p1", "axis", "zero", "K7")], amove("p1", ["k8", "L9"]), [T("L9", "ocean"), T("L9", "aircraft_carrier", owner="axis")], rules=AP),
    [["air_move.allowed", "eq", True], ["air_move.landed", "eq", True]], S9_CARR, W0 + " p.7 Take-off/Land")

# -- air check (p.8-9)
S9_AC = ("Roll a number of dice equal to the Airplane's underlying hex Air check value ... Countryside hexes have a 0d Air Check value. If there "
         "are adjacent enemy units, roll 1 additional die for each adjacent enemy unit and 2 for each adjacent enemy Airplane. In this case, it "
         "is the Opponent that rolls the dice for the Air check.")
S9_ACL = ("If at least 1 Grenade is rolled, the Airplane is lost and the order it was given is wasted! All other dice results are ignored. ... "
          "Opponent gains a Medal only if one of his units (including Opponent's Airplane, if any) was adjacent to the Airplane at the time of the Air check.")
for k in range(6):
    side = SIDES9[k % 2]
    en = OPP[side]
    units = [ap_plane("p1", side, "spitfire" if side == "allies" else "me109", "G5"), U("e1", en, "infantry", nb(k)), U("e2", en, "armor", nb(k + 1)),
             U("f1", side, "infantry", nb(k + 2)), U("e3", en, "infantry", nb(k + 3, 2))]
    add(f"air9-ap-check-count-{k}", A9P, q(units, {"air_check": {"plane": "p1"}}, rules=AP),
        [["air_check.dice", "eq", 2], ["air_check.rolled_by", "eq", en]], S9_AC + " (friends and a unit two hexes away add nothing)", W0 + " p.8 Air Check Roll")
    add(f"air9-ap-check-lost-{k}", A9P, q(units, {"air_check": {"plane": "p1"}}, rules=AP, dice=["star", "grenade"]),
        [["air_check.result.lost", "eq", True], ["air_check.result.medal_to", "eq", en]], S9_ACL, W0 + " p.8 Air Check Roll")
    add(f"air9-ap-check-kept-{k}", A9P, q(units, {"air_check": {"plane": "p1"}}, rules=AP, dice=["flag", "star"]),
        [["air_check.result.lost", "eq", False]], S9_ACL, W0 + " p.8 Air Check Roll")
for side in SIDES9:
    en = OPP[side]
    add(f"air9-ap-check-corner-{side}", A9P,
        q([ap_plane("p1", side, "p40" if side == "allies" else "me109", "A9"), U("e1", en, "infantry", "B9"), U("e2", en, "infantry", "a8")],
          {"air_check": {"plane": "p1"}}, rules=AP),
        [["air_check.dice", "eq", 2], ["air_check.rolled_by", "eq", en]], S9_AC, W0 + " p.8 Air Check Roll")
    add(f"air9-ap-check-plane-and-unit-{side}", A9P,
        q([ap_plane("p1", side, "p40" if side == "allies" else "me109", "M1"), U("e1", en, "infantry", "L1"), ap_plane("p2", en, "storch" if en == "axis" else "p38", "l2")],
          {"air_check": {"plane": "p1"}}, rules=AP),
        [["air_check.dice", "eq", 3]], S9_AC, W0 + " p.8 Air Check Roll")
    add(f"air9-ap-check-enemy-plane-lost-medal-{side}", A9P,
        q([ap_plane("p1", side, "p40" if side == "allies" else "me109", "M1"), ap_plane("p2", en, "storch" if en == "axis" else "p38", "l2")],
          {"air_check": {"plane": "p1"}}, rules=AP, dice=["grenade", "infantry"]),
        [["air_check.result.lost", "eq", True], ["air_check.result.medal_to", "eq", en]], S9_ACL, W0 + " p.8 Air Check Roll")
    add(f"air9-ap-check-carrier-own-roll-{side}", A9P,
        q([ap_plane("p1", side, "corsair" if side == "allies" else "zero", "G9", airborne=False)], {"air_check": {"plane": "p1"}},
          [T("G9", "ocean"), T("G9", "aircraft_carrier", owner=side)], rules=AP),
        [["air_check.dice", "eq", 1], ["air_check.rolled_by", "eq", side]],
        "Aircraft Carriers are considerably more dangerous for takeoff, and 1d must be rolled each time an Air check roll is required (it overrides the Air check value of the underlying Ocean hex).",
        W0 + " p.9 Airborne Airplanes")
    add(f"air9-ap-check-airfield-enemy-next-{side}", A9P,
        q([ap_plane("p1", side, "p38" if side == "allies" else "storch", "E5", airborne=False), U("e1", en, "armor", "F5")], {"air_check": {"plane": "p1"}},
          [T("E5", "airfield", owner=side)], rules=AP),
        [["air_check.dice", "eq", 1], ["air_check.rolled_by", "eq", en]],
        "an Airfield is considered as having 0d terrain effect on the Air check so if there are no enemy troops adjacent to the Airfield when the Airplane takes off, no die is rolled.",
        W0 + " p.9 Airborne Airplanes")

# -- strafing (p.6)
S9_STR = ("Roll 1d against each enemy unit in up to 3 contiguous adjacent hexes, ignoring terrain protection on all of these hexes. ... Unit symbols and "
          "Grenades rolled apply as normal. Stars rolled also cause hits, and Flags rolled cannot be ignored.")
S9_STRM = "Strafing (All airplanes except Storch)"
for k, model in enumerate(["p40", "me109", "corsair", "zero", "yak7", "p38"]):
    side = "axis" if model in ("me109", "zero") else "allies"
    en = OPP[side]
    hexes3 = [nb(k), nb(k + 1), nb(k + 2)]
    add(f"air9-ap-strafe-ring-{k}-{model}", A9P,
        q([ap_plane("p1", side, model, "G5"), U("e1", en, "infantry", hexes3[0]), U("f1", side, "infantry", hexes3[1]), U("e2", en, "armor", hexes3[2])],
          {"strafe": {"plane": "p1", "hexes": hexes3}}, [T(hexes3[0], "forest"), T(hexes3[2], "town")], rules=AP),
        [["strafe.allowed", "eq", True], ["strafe.targets", "set", ["e1", "e2"]], ["strafe.dice", "eq", 2]], S9_STR + " " + S9_STRM, W0 + " p.6 Strafing")
    add(f"air9-ap-strafe-ring-results-{k}-{model}", A9P,
        q([ap_plane("p1", side, model, "G5"), U("e1", en, "infantry", hexes3[0]), U("e2", en, "armor", hexes3[2])],
          {"strafe": {"plane": "p1", "hexes": hexes3}}, [T(hexes3[0], "forest"), T(hexes3[2], "town")], rules=AP,
          dice=[["star"], ["grenade"]]),
        [["strafe.results.0.hits", "eq", 1], ["strafe.results.1.hits", "eq", 1]], S9_STR, W0 + " p.6 Strafing")
for side, bottom, plane, tgt, want in [("allies", "allies", "g8", "G9", "G9"), ("allies", "axis", "g2", "G1", "G1"), ("axis", "allies", "g2", "G1", "G1"), ("axis", "axis", "g8", "G9", "G9")]:
    en = OPP[side]
    # the target stands on its own home edge: the flag cannot be ignored, and it cannot retreat off the board
    add(f"air9-ap-strafe-flag-home-edge-{side}-{bottom}", A9P,
        q([ap_plane("p1", side, "spitfire" if side == "allies" else "me109", plane), U("e1", en, "infantry", tgt)],
          {"strafe": {"plane": "p1", "hexes": [tgt]}}, [T(tgt, "sandbags")], rules=AP, dice=[["flag"]], bottom=bottom),
        [["strafe.results.0.flags_ignored", "eq", 0], ["strafe.results.0.retreat.*.hex", "eq", [want]], ["strafe.results.0.retreat.0.figures_lost", "eq", 1]],
        S9_STR + " (Flags rolled cannot be ignored: sandbags do not help) " + S_LOSE, W0 + " p.6 Strafing; " + BASE + " Retreat")
add("air9-ap-strafe-allied-armor-one-die-each", A9P,
    q([ap_plane("p1", "allies", "p38", "M5"), U("e1", "axis", "armor", "M7"), U("e2", "axis", "armor", "l6"), U("e3", "axis", "infantry", "l4")],
      {"strafe": {"plane": "p1", "hexes": ["l6", "L5", "l4"]}}, rules=AP),
    [["strafe.dice", "eq", 2], ["strafe.targets", "set", ["e2", "e3"]]],
    S9_STR + " only 1 die is rolled against each unit on a strafed hex, even when attacking with Allied Airplanes.", W0 + " p.6 Strafing")

# -- kamikaze (p.7)
S9_KAM = ("Airplane dives on an adjacent enemy ground or ship unit, rolling 2 dice and ignoring terrain protection. Any symbol rolled that scores a hit "
          "on the unit targeted causes the entire unit (not just a single figure!) to be removed from the battlefield. Flags and Stars are ignored. The "
          "Airplane is removed from the field regardless of the dice results, but does not give a Medal to its opponent unless at least 1 Grenade was rolled.")
KAM9 = [("infantry", ["infantry", "star"], True, 0), ("infantry", ["flag", "grenade"], True, 1), ("armor", ["infantry", "infantry"], False, 0),
        ("armor", ["armor", "flag"], True, 0), ("artillery", ["infantry", "armor"], False, 0), ("artillery", ["grenade", "star"], True, 1),
        ("special_forces", ["star", "star"], False, 0), ("infantry", ["flag", "flag"], False, 0), ("armor", ["grenade", "grenade"], True, 1)]
for i, (kind, dice, gone, medal) in enumerate(KAM9):
    k = i % 6
    bottom = "allies" if i % 2 == 0 else "axis"
    tgt_hex = nb(k)
    add(f"air9-ap-kamikaze-{i}-{kind}", A9P,
        q([ap_plane("p1", "axis", "zero", "G5"), U("a1", "allies", kind, tgt_hex)], {"kamikaze": {"plane": "p1", "target": "a1"}},
          [T(tgt_hex, "forest" if i % 3 == 0 else "town")], rules=AP, dice=dice, bottom=bottom),
        [["kamikaze.allowed", "eq", True], ["kamikaze.dice", "eq", 2], ["kamikaze.result.eliminated", "eq", gone],
         ["kamikaze.result.airplane_removed", "eq", True], ["kamikaze.result.medals.allies", "eq", medal],
         ["kamikaze.result.medals.axis", "eq", 1 if gone else 0], ["kamikaze.result.retreat", "falsy", None]],
        S9_KAM, W0 + " p.7 Kamikaze Attack")
add("air9-ap-kamikaze-airborne-plane-refused", A9P,
    q([ap_plane("p1", "axis", "zero", "G5"), ap_plane("p2", "allies", "corsair", "H5")], {"kamikaze": {"plane": "p1", "target": "p2"}}, rules=AP),
    [["kamikaze.allowed", "eq", False]], S9_KAM + " (an enemy ground or ship unit, not an airborne airplane)", W0 + " p.7 Kamikaze Attack")
add("air9-ap-kamikaze-two-away-refused", A9P,
    q([ap_plane("p1", "axis", "zero", "A1"), U("a1", "allies", "infantry", "C1")], {"kamikaze": {"plane": "p1", "target": "a1"}}, rules=AP),
    [["kamikaze.allowed", "eq", False]], S9_KAM, W0 + " p.7 Kamikaze Attack")

# -- ground support (p.7)
S9_GS = ("Ground Support (Corsair, P38, Yak-1, Yak-9). Airplane negates terrain protection for all enemy units adjacent to the Airplane and attacked by "
         "ground troops in Close Assault this turn.")
for k, (model, akind) in enumerate([("corsair", "infantry"), ("p38", "armor"), ("yak1", "infantry"), ("yak9", "armor"), ("p38", "special_forces"), ("corsair", "armor")]):
    tgt_hex = nb(k)
    att_near = at((3, 1), k)  # next to the target, two hexes from the plane
    add(f"air9-ap-gs-applies-{k}-{model}", A9P,
        q([ap_plane("p1", "allies", model, "G5"), U("a1", "allies", akind, att_near), U("x1", "axis", "infantry", tgt_hex)],
          {"ground_support": {"plane": "p1", "attacker": "a1", "target": "x1"}}, [T(tgt_hex, "forest")], rules=AP),
        [["ground_support.applies", "eq", True]], S9_GS, W0 + " p.7 Ground Support")
    add(f"air9-ap-gs-range-two-{k}-{model}", A9P,
        q([ap_plane("p1", "allies", model, "G5"), U("a1", "allies", "infantry", at((6, 0), k)), U("x1", "axis", "infantry", tgt_hex)],
          {"ground_support": {"plane": "p1", "attacker": "a1", "target": "x1"}}, [T(tgt_hex, "forest")], rules=AP),
        [["ground_support.applies", "eq", False]], S9_GS + " (Close Assault only)", W0 + " p.7 Ground Support")
for model in ("me109", "storch"):
    add(f"air9-ap-gs-axis-{model}-cannot", A9P,
        q([ap_plane("p1", "axis", model, "G5"), U("a1", "axis", "infantry", "I5"), U("x1", "allies", "infantry", "H5")],
          {"ground_support": {"plane": "p1", "attacker": "a1", "target": "x1"}}, [T("H5", "town")], rules=AP),
        [["ground_support.applies", "eq", False]], S9_GS, W0 + " p.7 Ground Support")

# -- ground interdiction (p.7)
S9_GI = ("Ground Interdiction (Me 109, P40, Spitfire, Yak-7). Any ordered enemy ground unit that starts its turn adjacent to the Airplane cannot move this "
         "turn, though it may still battle, and will not add to the Airplane's Air Check roll ... Any ordered enemy ground unit that moves onto a hex "
         "adjacent to the Airplane must stop and cannot battle this turn, but adds to the Airplane's Air Check roll as normal.")
for k, (model, side) in enumerate([("p40", "allies"), ("yak7", "allies"), ("me109", "axis"), ("spitfire", "allies"), ("me109", "axis"), ("p40", "allies")]):
    en = OPP[side]
    add(f"air9-ap-gi-pinned-{k}-{model}", A9P,
        q([ap_plane("p1", side, model, "G5"), U("e1", en, "armor", nb(k))], {"interdiction": {"plane": "p1", "unit": "e1"}}, rules=AP),
        [["interdiction.applies", "eq", True], ["interdiction.pinned", "eq", True], ["interdiction.destinations.*.hex", "set", [nb(k)]],
         ["interdiction.destinations.0.can_battle", "eq", True], ["interdiction.adds_to_air_check", "eq", False]], S9_GI, W0 + " p.7 Ground Interdiction")
    # an infantry unit two hexes away: moving next to the plane stops it there, without battle
    add(f"air9-ap-gi-stops-{k}-{model}", A9P,
        q([ap_plane("p1", side, model, "G5"), U("e1", en, "infantry", at((4, 0), k))], {"interdiction": {"plane": "p1", "unit": "e1"}}, rules=AP),
        [["interdiction.pinned", "eq", False], [f"interdiction.destinations.[hex={nb(k)}].can_battle", "eq", False],
         [f"interdiction.destinations.[hex={at((6, 0), k)}].can_battle", "eq", True]], S9_GI, W0 + " p.7 Ground Interdiction")
for model in ("yak1", "yak9", "corsair", "storch", "zero"):
    side = "axis" if model in ("storch", "zero") else "allies"
    add(f"air9-ap-gi-{model}-cannot", A9P,
        q([ap_plane("p1", side, model, "G5"), U("e1", OPP[side], "armor", "H5")], {"interdiction": {"plane": "p1", "unit": "e1"}}, rules=AP),
        [["interdiction.applies", "eq", False]], S9_GI, W0 + " p.7 Ground Interdiction")

# -- recon and rescue (Storch, p.7)
S9_REC = ("If Airplane is adjacent to at least 1 enemy ground (but not Airplane!) unit when you replenish your hand of Command cards, you may draw 2 "
          "Command cards instead of 1; choose 1 and discard the other.")
for k in (1, 4):
    add(f"air9-ap-recon-armor-{k}", A9P, q([ap_plane("p1", "axis", "storch", "G5"), U("e1", "allies", "armor", nb(k))], {"recon": {"plane": "p1"}}, rules=AP),
        [["recon.draw", "eq", 2], ["recon.keep", "eq", 1]], S9_REC, W0 + " p.7 Recon")
    add(f"air9-ap-recon-two-away-{k}", A9P, q([ap_plane("p1", "axis", "storch", "G5"), U("e1", "allies", "armor", nb(k, 2))], {"recon": {"plane": "p1"}}, rules=AP),
        [["recon.draw", "eq", 1]], S9_REC, W0 + " p.7 Recon")
add("air9-ap-recon-grounded-enemy-plane-only", A9P,
    q([ap_plane("p1", "axis", "storch", "G5"), ap_plane("p2", "allies", "p38", "H5", airborne=False)], {"recon": {"plane": "p1"}}, [T("H5", "airfield", owner="allies")], rules=AP),
    [["recon.draw", "eq", 1]], S9_REC + " (an airplane, even on the ground, is not a ground unit here: AMBIGUOUS? the text says 'but not Airplane!')", W0 + " p.7 Recon")
S9_RES = ("Airplane may be used to remove an adjacent friendly infantry unit with a single figure off the board, at no Medal cost. ... If the infantry unit "
          "was moved before the Airplane's move, it may still be picked up and saved!")
for k in (0, 2, 5):
    add(f"air9-ap-rescue-{k}", A9P,
        q([ap_plane("p1", "axis", "storch", "G5"), U("i1", "axis", "infantry", nb(k), figures=1, moved=1)], {"rescue": {"plane": "p1", "unit": "i1"}}, rules=AP),
        [["rescue.allowed", "eq", True]], S9_RES, W0 + " p.7 Rescue")
    add(f"air9-ap-rescue-two-away-{k}", A9P,
        q([ap_plane("p1", "axis", "storch", "G5"), U("i1", "axis", "infantry", nb(k, 2), figures=1)], {"rescue": {"plane": "p1", "unit": "i1"}}, rules=AP),
        [["rescue.allowed", "eq", False]], S9_RES, W0 + " p.7 Rescue")
add("air9-ap-rescue-artillery-refused", A9P,
    q([ap_plane("p1", "axis", "storch", "G5"), U("i1", "axis", "artillery", "H5", figures=1)], {"rescue": {"plane": "p1", "unit": "i1"}}, rules=AP),
    [["rescue.allowed", "eq", False]], S9_RES, W0 + " p.7 Rescue")

# -- airplanes in the air and on the ground: sight, pins, ground movement (p.6, p.9)
S9_AIRLOS = "Airborne airplanes do NOT block line of sight, and do NOT prevent adjacent enemy units from firing at more distant targets."
S9_GRLOS = ("Airplanes on the ground (represented by actual models or Ready to Take-off markers) block line of sight, and prevent adjacent enemy units "
            "from firing at more distant targets, like any other ground unit in the game.")
S9_NFPLOS = "It is important to note that an air unit occupies the hex it is on and will therefore block line of sight."
for k in range(6):
    side = SIDES9[k % 2]
    model = "spitfire" if side == "allies" else "me109"
    add(f"air9-ap-los-airborne-clear-{k}", A9P, q([ap_plane("p1", side, model, nb(k))], los("G5", nb(k, 2)), rules=AP),
        [["line_of_sight.clear", "eq", True]], S9_AIRLOS, W0 + " p.9 Airborne Airplanes")
    add(f"air9-ap-los-grounded-blocks-{k}", A9P, q([ap_plane("p1", side, model, nb(k), airborne=False)], los("G5", nb(k, 2)), [T(nb(k), "airfield")], rules=AP),
        [["line_of_sight.clear", "eq", False]], S9_GRLOS, W0 + " p.8 Air Check Roll")
    add(f"air9-fp-los-air-unit-blocks-{k}", A9F, q([fp("p1", side, ["fighter", "fighter_bomber", "bomber"][k % 3], nb(k))], los("G5", nb(k, 2)), rules=FP),
        [["line_of_sight.clear", "eq", False]], S9_NFPLOS, W1 + " III. Order an Air Unit")
for k in (0, 2, 4):
    side = SIDES9[k % 2]
    en = OPP[side]
    units = [U("a1", side, "infantry", "G5"), U("x1", en, "infantry", nb(k + 3, 2))]
    add(f"air9-ap-airborne-enemy-no-pin-{k}", A9P, q(units + [ap_plane("p1", en, "storch" if en == "axis" else "p40", nb(k))], battle(), rules=AP),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S9_AIRLOS, W0 + " p.9 Airborne Airplanes")
    add(f"air9-ap-grounded-enemy-pins-{k}", A9P, q(units + [ap_plane("p1", en, "storch" if en == "axis" else "p40", nb(k), airborne=False)], battle(), [T(nb(k), "airfield")], rules=AP),
        [["battle.allowed", "eq", False]], S9_GRLOS, W0 + " p.8 Air Check Roll")
    add(f"air9-fp-flying-enemy-pins-{k}", A9F, q(units + [fp("p1", en, "bomber", nb(k))], battle(), rules=FP),
        [["battle.allowed", "eq", False]], "Note that even if the air unit is flying, it is considered adjacent if you occupy the adjacent hex. ... You may not choose to attack a distant unit if you are adjacent to an air unit",
        W1 + " Ground to Air Combat")
S9_THRU = "The reverse is not true, however, and a ground unit cannot move onto or through a hex occupied by an Airplane, even if this Airplane is airborne."
S9_FTHRU = "A ground unit may move through a hex with a friendly air unit. However, it may not move through a hex with an enemy air unit (this is called ground interdiction)."
for k in range(6):
    side = SIDES9[k % 2]
    beyond = nb(k, 2)  # two hexes from G5, reachable in two steps only through nb(k)
    for owner in ("friend", "enemy"):
        pside = side if owner == "friend" else OPP[side]
        add(f"air9-ap-ground-move-{owner}-plane-{k}", A9P,
            q([U("a1", side, "infantry", "G5"), ap_plane("p1", pside, "spitfire" if pside == "allies" else "me109", nb(k))], move(), rules=AP),
            [["move.destinations.*.hex", "excludes", [nb(k), beyond]]], S9_THRU, W0 + " p.6 Movement")
        add(f"air9-fp-ground-move-{owner}-air-{k}", A9F,
            q([U("a1", side, "infantry", "G5"), fp("p1", pside, "fighter", nb(k))], move(), rules=FP),
            [["move.destinations.*.hex", "excludes" if owner == "enemy" else "contains", [beyond]], ["move.destinations.*.hex", "excludes", [nb(k)]]],
            S9_FTHRU + " It cannot end its move on the same hex as another unit though.", W1 + " III. Other Units")

# -- grounded airplanes attacked (p.9)
S9_GRT = "A model Airplane that is on the ground (before take-off, or after landing on an Airfield hex) can be targeted like any other unit. It is eliminated if 1 Grenade is rolled against it."
for i, (akind, dist, dice_n) in enumerate([("infantry", 2, 2), ("armor", 3, 3), ("artillery", 5, 1), ("infantry", 1, 3)]):
    k = i + 1
    add(f"air9-ap-grounded-target-{akind}-{dist}", A9P,
        q([U("a1", "allies", akind, "G5"), ap_plane("p1", "axis", "me109", nb(k, dist), airborne=False)], battle("a1", "p1"), [T(nb(k, dist), "airfield", owner="axis")], rules=AP),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", dice_n]], S9_GRT, W0 + " p.9 Attacking On the Ground Airplanes")
add("air9-ap-grounded-target-grenade", A9P,
    q([U("a1", "axis", "infantry", "G5"), ap_plane("p1", "allies", "p38", "G3", airborne=False)], battle("a1", "p1"), [T("G3", "airfield", owner="allies")], rules=AP,
      dice=["infantry", "grenade"]),
    [["result.eliminated", "eq", True], ["result.medals.axis", "eq", 1]], S9_GRT, W0 + " p.9 Attacking On the Ground Airplanes")
add("air9-ap-grounded-target-no-grenade", A9P,
    q([U("a1", "axis", "armor", "G5"), ap_plane("p1", "allies", "p38", "G3", airborne=False)], battle("a1", "p1"), [T("G3", "airfield", owner="allies")], rules=AP,
      dice=["infantry", "armor", "star"]),
    [["result.eliminated", "eq", False], ["result.medals.axis", "eq", 0]], S9_GRT, W0 + " p.9 Attacking On the Ground Airplanes")
for akind in ("artillery", "armor"):
    add(f"air9-ap-airborne-not-targeted-{akind}", A9P,
        q([U("a1", "axis", akind, "G5"), ap_plane("p1", "allies", "p40", "g4")], battle("a1", "p1"), rules=AP),
        [["battle.allowed", "eq", False]], "In Memoir '44, an Airplane that is flying is never attacked directly.", W0 + " p.8 Airplane Losses")

# -- New Flight Plan: deploying (III)
S9_DEP = ("To bring an air unit onto the battlefield, you must play an Air Combat card alongside the Section card ... starting the air unit's movement from "
          "any hex in the section of the card just played. This can include hexes that are occupied by an enemy or friendly ground unit or any type of terrain.")
for side, section, inside, outside in [("allies", "left", ["A5", "B1", "C9"], ["G5", "M5"]), ("allies", "center", ["G5", "F1", "H9"], ["A5", "M5"]),
                                       ("allies", "right", ["M5", "L1", "K9"], ["A5", "G5"]), ("axis", "left", ["M5", "L1", "K9"], ["A5", "G5"]),
                                       ("axis", "center", ["G5", "F1", "H9"], ["A5", "M5"]), ("axis", "right", ["A5", "B1", "C9"], ["G5", "M5"])]:
    units = [U("g1", OPP[side], "infantry", inside[1]), U("g2", side, "armor", inside[2])]
    add(f"air9-fp-deploy-{side}-{section}", A9F, q(units, deploy(side, "fighter", order="section", section=section), [T(inside[0], "river")], rules=FP),
        [["deploy.allowed", "eq", True], ["deploy.hexes", "contains", inside], ["deploy.hexes", "excludes", outside]],
        S9_DEP + " (a flank is the player's own: the Axis sit at the top edge)", W1 + " III. Deploy an Air Unit")
for side in SIDES9:
    add(f"air9-fp-deploy-enemy-air-up-{side}", A9F, q([fp("p9", OPP[side], "fighter", "G5")], deploy(side, "bomber", order="section", section="center"), rules=FP),
        [["deploy.allowed", "eq", True], ["deploy.hexes", "excludes", ["G5"]]],
        "You may not deploy an air unit if you already have an air unit on the battlefield. (the enemy's does not count; its hex is not a first hex)", W1 + " III. Deploy")
    add(f"air9-fp-deploy-own-air-up-{side}", A9F, q([fp("p1", side, "bomber", "A1")], deploy(side, "fighter", order="section", section="left"), rules=FP),
        [["deploy.allowed", "eq", False]], "You may not deploy an air unit if you already have an air unit on the battlefield.", W1 + " III. Deploy")
    add(f"air9-fp-deploy-tactic-{side}", A9F, q([], deploy(side, "fighter_bomber", order="tactic"), rules=FP),
        [["deploy.allowed", "eq", False]], "You may not deploy an air unit with a Tactic card.", W1 + " III. Deploy")
    add(f"air9-fp-deploy-move-only-{side}", A9F, q([], deploy(side, "bomber", order="move_only", section="right"), rules=FP),
        [["deploy.allowed", "eq", False]], "You may not use a \"move\" order to deploy an air unit.", W1 + " V. On the Move orders")

# -- New Flight Plan: movement, landing (III)
S9_FMV = "When ordered, an air unit may move up to 4 hexes. However, it may not move onto the same hex twice, including the hex where it started its turn."
S9_FOTH = ("An air unit may move through a hex with an enemy or friendly ground unit. It cannot end its move on the same hex as another unit though. "
           "An air unit may not move through a hex with an enemy air unit.")
for k in range(6):
    side = SIDES9[(k + 1) % 2]
    kind = ["fighter", "fighter_bomber", "bomber"][k % 3]
    line = [nb(k, d) for d in (1, 2, 3, 4)]
    add(f"air9-fp-move-line-{k}", A9F, q([fp("p1", side, kind, "G5"), U("e1", OPP[side], "infantry", line[0]), U("f1", side, "armor", line[1])],
                                       amove("p1", line), [T(line[2], "river")], rules=FP),
        [["air_move.allowed", "eq", True], ["air_move.end", "eq", line[-1]]], S9_FMV + " " + S9_FOTH, W1 + " III. Air Unit Movement")
    add(f"air9-fp-move-five-{k}", A9F, q([fp("p1", side, kind, "G5")], amove("p1", line + [at((7, 1), k)]), rules=FP),
        [["air_move.allowed", "eq", False]], S9_FMV, W1 + " III. Air Unit Movement")
    add(f"air9-fp-move-back-across-start-{k}", A9F, q([fp("p1", side, kind, "G5")], amove("p1", [nb(k), "G5", nb(k + 3)]), rules=FP),
        [["air_move.allowed", "eq", False]], S9_FMV, W1 + " III. Air Unit Movement")
    add(f"air9-fp-move-through-enemy-air-{k}", A9F,
        q([fp("p1", side, kind, "G5"), fp("p2", OPP[side], "fighter", nb(k))], amove("p1", [nb(k), nb(k, 2)]), rules=FP),
        [["air_move.allowed", "eq", False]], S9_FOTH, W1 + " III. Other Units")
    add(f"air9-fp-move-end-on-friend-{k}", A9F,
        q([fp("p1", side, kind, "G5"), U("f1", side, "infantry", nb(k, 2))], amove("p1", [nb(k), nb(k, 2)]), rules=FP),
        [["air_move.allowed", "eq", False]], S9_FOTH, W1 + " III. Other Units")
S9_FLAND = ("When an air unit ends its movement on a friendly airfield hex (i.e. an airfield hex that is not under enemy control), the air unit is "
            "considered landed and on the ground.")
for side, kind, start, path in [("allies", "bomber", "K7", ["k8", "L9"]), ("axis", "fighter", "C3", ["b2", "B1"]), ("axis", "fighter_bomber", "K3", ["k2", "l2"]),
                                ("allies", "fighter", "C7", ["b8", "a8"])]:
    end = path[-1]
    add(f"air9-fp-land-own-{kind}-{end}", A9F, q([fp("p1", side, kind, start)], amove("p1", path), [T(end, "airfield", owner=side)], rules=FP),
        [["air_move.allowed", "eq", True], ["air_move.landed", "eq", True]], S9_FLAND, W1 + " III. Air Unit Landing")
    add(f"air9-fp-land-unowned-{kind}-{end}", A9F, q([fp("p1", side, kind, start)], amove("p1", path), [T(end, "airfield")], rules=FP),
        [["air_move.allowed", "eq", True], ["air_move.landed", "eq", True]], S9_FLAND + " (an airfield no side controls is not under enemy control)", W1 + " III. Air Unit Landing")
    add(f"air9-fp-land-enemy-{kind}-{end}", A9F, q([fp("p1", side, kind, start)], amove("p1", path), [T(end, "airfield", owner=OPP[side])], rules=FP),
        [["air_move.landed", "falsy", None]], S9_FLAND, W1 + " III. Air Unit Landing")

# -- attack runs (Air to Ground Combat)
S9_RUN = ("The attack run ... is conducted against a maximum of 3 enemy hexes and targets ground units. To battle an enemy ground unit, an ordered air "
          "unit must move over the enemy hex and place an ammo marker. ... The hexes where the markers are placed must be adjacent and contiguous hexes. "
          "You cannot skip a hex along your path. A standard attack run is resolved with 1 battle die per marker. ... always ignore all terrain battle dice reductions.")
S9_MG = "Machine Gun: Roll 1 die per marker (ignore all Terrain battle die reductions), score a hit for each icon of the targeted unit rolled. Note: contrary to usual combat rules, grenades are NOT hits when rolled for Machine Gun ammo."
S9_BOMB = "Bomb: Roll 1 die per marker (ignore all Terrain battle die reductions), score a hit for each icon of the targeted unit and grenade rolled."
for k in range(6):
    side = SIDES9[k % 2]
    en = OPP[side]
    chain = [at((6, 0), k), at((4, 0), k), nb(k)]
    units = [fp("p1", side, "fighter", "G5")] + [U(f"e{i}", en, kind, h) for i, (kind, h) in enumerate(zip(["infantry", "armor", "artillery"], chain, strict=True))]
    ter = [T(chain[0], "forest"), T(chain[1], "town"), T(chain[2], "hill")]
    add(f"air9-fp-run-chain-{k}", A9F, q(units, run([(h, "machine_gun") for h in chain]), ter, rules=FP),
        [["attack_run.allowed", "eq", True], ["attack_run.dice", "eq", [1, 1, 1]], ["attack_run.targets", "eq", ["e0", "e1", "e2"]]], S9_RUN, W1 + " Air Unit Attack Run")
    add(f"air9-fp-run-chain-results-{k}", A9F, q(units, run([(h, "machine_gun") for h in chain]), ter, rules=FP, dice=[["infantry"], ["armor"], ["grenade"]]),
        [["attack_run.results.0.hits", "eq", 1], ["attack_run.results.1.hits", "eq", 1], ["attack_run.results.2.hits", "eq", 0]],
        S9_MG + " (artillery has no icon on the die: a machine gun never hits it)", W1 + " Ammo Types")
    far = [at((8, 0), k), at((6, 0), k), at((4, 0), k)]
    add(f"air9-fp-run-too-far-{k}", A9F,
        q([fp("p1", side, "fighter", "G5")] + [U(f"e{i}", en, "infantry", h) for i, h in enumerate(far)], run([(h, "machine_gun") for h in far]), rules=FP),
        [["attack_run.allowed", "eq", False]], S9_RUN + " (three markers and the hex it ends on are more than its 4 hexes of movement)", W1 + " Air Unit Attack Run")
    add(f"air9-fp-run-friendly-marker-{k}", A9F,
        q([fp("p1", side, "fighter", "G5"), U("e0", en, "infantry", chain[1]), U("f0", side, "infantry", chain[2])],
          run([(chain[1], "machine_gun"), (chain[2], "machine_gun")]), rules=FP),
        [["attack_run.allowed", "eq", False]], S9_RUN + " (enemy hexes only)", W1 + " Air Unit Attack Run")
    path = [nb(k, d) for d in (1, 2, 3, 4)]
    add(f"air9-fp-run-path-{k}", A9F,
        q([fp("p1", side, "fighter_bomber", "G5")] + [U(f"e{i}", en, "infantry", h) for i, h in enumerate(path[:3])],
          run([(path[0], "machine_gun"), (path[1], "bomb"), (path[2], "machine_gun")], path=path), rules=FP),
        [["attack_run.allowed", "eq", True], ["attack_run.dice", "eq", [1, 1, 1]]], S9_RUN, W1 + " Air Unit Attack Run")
BOMB9 = [("artillery", "bomb", ["grenade"], 1), ("artillery", "machine_gun", ["grenade"], 0), ("special_forces", "machine_gun", ["infantry"], 1),
         ("elite_armor", "machine_gun", ["armor"], 1), ("infantry", "bomb", ["star"], 0), ("armor", "bomb", ["infantry"], 0),
         ("infantry", "machine_gun", ["flag"], 0), ("armor", "machine_gun", ["grenade"], 0)]
for i, (kind, ammo, dice, hits) in enumerate(BOMB9):
    k = i % 6
    add(f"air9-fp-run-{ammo}-{kind}-{dice[0]}", A9F,
        q([fp("p1", "axis", "fighter_bomber", "G5"), U("a1", "allies", kind, nb(k))], run([(nb(k), ammo)]), [T(nb(k), "forest")], rules=FP, dice=[dice]),
        [["attack_run.dice", "eq", [1]], ["attack_run.results.0.hits", "eq", hits]], S9_MG if ammo == "machine_gun" else S9_BOMB, W1 + " Ammo Types")
S9_RET = "For each Flag rolled on the target unit, the unit must move one hex back toward its own side of the battlefield."
for tside in SIDES9:
    for bottom in SIDES9:
        want = ["f4", "g4"] if tside == bottom else ["f6", "g6"]
        add(f"air9-fp-run-flag-retreat-{tside}-bottom-{bottom}", A9F,
            q([fp("p1", OPP[tside], "fighter", "H5"), U("t1", tside, "infantry", "G5")], run([("G5", "machine_gun")]), rules=FP, dice=[["flag"]], bottom=bottom),
            [["attack_run.results.0.flags", "eq", 1], ["attack_run.results.0.retreat.*.hex", "set", want]],
            S9_RET + " Terrains or abilities that allow to ignore flags apply normally", BASE + " Retreat; " + W1 + " Air Unit Attack Run")
add("air9-fp-run-ammo-spent", A9F,
    q([fp("p1", "allies", "fighter_bomber", "G5", ammo={"machine_gun": 1, "bomb": 1}), U("x1", "axis", "infantry", "H5"), U("x2", "axis", "infantry", "h6")],
      run([("h6", "machine_gun"), ("H5", "bomb")]), rules=FP),
    [["attack_run.allowed", "eq", True], ["attack_run.ammo_left", "eq", {"machine_gun": 0, "bomb": 0}]],
    "A single ammo marker is placed on each hex along the attack run. (each marker comes from the aircraft's ammo)", W1 + " Air Unit Attack Run")
add("air9-fp-run-tfh-bomber", A9F,
    q([fp("p1", "axis", "bomber", "G5"), U("a1", "allies", "infantry", "H5"), U("a2", "allies", "armor", "h6")], run([("h6", "bomb"), ("H5", "bomb")], their_finest_hour=True), rules=FP),
    [["attack_run.dice", "eq", [2, 2]]], "Their Finest Hour: The ordered air unit battles with one additional die for each marker that is placed.", W1 + " IV. Their Finest Hour")

# -- strategic bombing, dogfights, confirmation, withdrawing
S9_SB = ("a bomber or fighter-bomber that ends its move on an objective hex may try to bomb it, as long as it is unoccupied. ... If a grenade is "
         "rolled, claim the medal on the objective hex.")
for side, kind, face, claimed in [("axis", "bomber", "flag", False), ("allies", "fighter_bomber", "star", False), ("axis", "fighter_bomber", "grenade", True),
                                  ("allies", "bomber", "armor", False)]:
    add(f"air9-fp-bombing-{side}-{kind}-{face}", A9F,
        q([fp("p1", side, kind, "M9")], {"strategic_bombing": {"plane": "p1"}}, [T("M9", "town")], rules=FP, dice=[face]),
        [["strategic_bombing.allowed", "eq", True], ["strategic_bombing.dice", "eq", 1], ["strategic_bombing.result.medal_claimed", "eq", claimed]],
        S9_SB, W1 + " Strategic Bombing")
S9_DOG = ("When an ordered air unit ends its movement in a hex adjacent to an enemy air unit, the ordered air unit may declare a dogfight. ... Each grenade "
          "rolled scores a possible hit ... All other results are ignored.")
for k in range(6):
    side = SIDES9[k % 2]
    add(f"air9-fp-dogfight-adjacent-{k}", A9F,
        q([fp("p1", side, "fighter", "G5"), fp("p2", OPP[side], ["bomber", "fighter_bomber", "fighter"][k % 3], nb(k))], {"dogfight": {"plane": "p1", "target": "p2"}},
          rules=FP, dice=["grenade", "flag", "star"] if k % 2 else ["grenade", "grenade", "infantry"]),
        [["dogfight.allowed", "eq", True], ["dogfight.dice", "eq", 3], ["dogfight.possible_hits", "eq", 1 if k % 2 else 2]],
        S9_DOG + " (the example's fighter rolls three dice)", W1 + " Dogfight")
    add(f"air9-fp-dogfight-two-away-{k}", A9F,
        q([fp("p1", side, "fighter", "G5"), fp("p2", OPP[side], "bomber", nb(k, 2))], {"dogfight": {"plane": "p1", "target": "p2"}}, rules=FP),
        [["dogfight.allowed", "eq", False]], S9_DOG, W1 + " Dogfight")
S9_CONF = ("Reroll all the dice that scored a hit. If at least one grenade is rolled, the hit is confirmed and the enemy air unit is shot down. The attacker "
           "collects the Nation Marker ... and draws a new Air Combat card as a reward. The defender ... loses the ability to deploy that kind of air unit "
           "for the rest of the scenario. If the attacker does not roll a grenade but rolls a flag on the confirmation roll, the enemy air unit must retire")
for side, kind, dice, down, retire in [("allies", "fighter", ["grenade"], True, False), ("axis", "bomber", ["flag", "grenade"], True, False),
                                       ("axis", "fighter_bomber", ["flag", "infantry"], False, True), ("allies", "bomber", ["star", "armor"], False, False)]:
    en = OPP[side]
    add(f"air9-fp-confirm-{side}-{kind}-{'-'.join(dice)}", A9F,
        q([fp("p1", side, kind, "C3"), U("e1", en, "infantry", "D3")], {"confirm": {"target": "p1"}}, rules=FP, dice=dice),
        [["confirm.shot_down", "eq", down], ["confirm.retires", "eq", retire], ["confirm.medal_to", "eq", en if down else None],
         ["confirm.air_combat_card_to", "eq", en if down else None], ["confirm.banned_type", "eq", kind if down else None]], S9_CONF, W1 + " Downing an Enemy Air Unit")
S9_WD = ("At the start of their turn, before playing a Command card, a player may decide to withdraw an air unit off the battlefield. If the air unit is out "
         "of ammo, it must be withdrawn. ... No medal is awarded when an air unit withdraws.")
for kind, ammo, must in [("bomber", {"machine_gun": 0, "bomb": 0}, True), ("fighter_bomber", {"machine_gun": 0, "bomb": 1}, False),
                         ("fighter_bomber", {"machine_gun": 0, "bomb": 0}, True), ("bomber", {"machine_gun": 0, "bomb": 2}, False)]:
    add(f"air9-fp-withdraw-{kind}-{ammo['bomb']}", A9F, q([fp("p1", "axis", kind, "E7", ammo=ammo)], {"withdraw": {"plane": "p1"}}, rules=FP),
        [["withdraw.must", "eq", must], ["withdraw.may", "eq", True], ["withdraw.medal", "eq", False]], S9_WD, W1 + " Air Unit Withdrawing")

# -- ground to air
S9_G2A = ("An Infantry or Armor ground unit must be in an adjacent hex to battle an enemy flying air unit. Infantry and Armor roll their regular battle dice (3 dice). "
          "An Artillery or Destroyer unit can battle a flying air unit that is adjacent or two hexes away (it does not need Line of Sight to the air unit). "
          "Artillery or Destroyers battle an air unit with 1 additional die (4 dice). Remember that an air unit is never protected by terrain.")
G2A9 = [("infantry", 1, True, 3), ("armor", 1, True, 3), ("artillery", 1, True, 4), ("artillery", 2, True, 4), ("infantry", 2, False, 0), ("armor", 2, False, 0),
        ("artillery", 3, False, 0), ("special_forces", 1, True, 3)]
for i, (akind, dist, ok, dice_n) in enumerate(G2A9):
    k = i % 6
    side = SIDES9[i % 2]
    ph = nb(k, dist)
    ter = [T(ph, ["forest", "town", "hill"][i % 3])] + ([T(nb(k), "forest")] if dist == 2 else [])
    add(f"air9-fp-g2a-{akind}-{dist}-{k}", A9F,
        q([U("a1", side, akind, "G5"), fp("p1", OPP[side], ["fighter", "bomber", "fighter_bomber"][i % 3], ph)] + ([U("b1", side, "infantry", nb(k))] if dist == 2 else []),
          g2a(), ter, rules=FP),
        [["ground_to_air.allowed", "eq", ok], ["ground_to_air.dice", "eq", dice_n]], S9_G2A, W1 + " Ground to Air Combat")
add("air9-fp-g2a-close-assault-armor", A9F, q([U("a1", "axis", "armor", "B7"), fp("p1", "allies", "bomber", "C7")], g2a(card="Close Assault"), rules=FP),
    [["ground_to_air.allowed", "eq", True], ["ground_to_air.dice", "eq", 4]],
    "Close Assault may be used by a ground unit to target an adjacent air unit with an additional die.", W1 + " IV. Close Assault")
S9_LANDED = ("When on the ground, an air unit is targeted and attacked like a regular ground unit. A unit does not need to be adjacent to attack a plane "
             "(see Ground to Air rule section), as long as it is in range.")
for akind, h, dice_n in [("infantry", "J5", 1), ("armor", "J5", 3), ("artillery", "M5", 1), ("infantry", "I5", 2)]:
    add(f"air9-fp-landed-{akind}-{h}", A9F,
        q([U("a1", "allies", akind, "G5"), fp("p1", "axis", "fighter", h, airborne=False)], g2a(), [T(h, "airfield", owner="axis")], rules=FP),
        [["ground_to_air.allowed", "eq", True], ["ground_to_air.dice", "eq", dice_n], ["ground_to_air.landed_target", "eq", True]], S9_LANDED, W1 + " III. Air Unit Landing")
    add(f"air9-fp-landed-battle-{akind}-{h}", A9F,
        q([U("a1", "allies", akind, "G5"), fp("p1", "axis", "fighter", h, airborne=False)], battle("a1", "p1"), [T(h, "airfield", owner="axis")], rules=FP),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", dice_n]], S9_LANDED, W1 + " III. Air Unit Landing")
S9_LFLAG = "Any grenade or flag will score a hit against a landed air unit, destroying it immediately (do not reroll to confirm the hit). The attacker places the Nation Marker on his medal stand"
for side, faces, gone in [("axis", ["flag", "infantry"], True), ("allies", ["star", "armor"], False), ("allies", ["infantry", "grenade"], True)]:
    add(f"air9-fp-landed-battle-result-{side}-{'-'.join(faces)}", A9F,
        q([U("a1", side, "infantry", "C3"), fp("p1", OPP[side], "bomber", "C5", airborne=False)], battle("a1", "p1"), [T("C5", "airfield")], rules=FP, dice=faces),
        [["battle.dice", "eq", 2], ["result.eliminated", "eq", gone], [f"result.medals.{side}", "eq", 1 if gone else 0]], S9_LFLAG, W1 + " III. Air Unit Landing")
    add(f"air9-fp-landed-g2a-result-{side}-{'-'.join(faces)}", A9F,
        q([U("a1", side, "infantry", "C3"), fp("p1", OPP[side], "bomber", "C5", airborne=False)], g2a(), [T("C5", "airfield")], rules=FP, dice=faces),
        [["ground_to_air.allowed", "eq", True], ["ground_to_air.dice", "eq", 2], ["ground_to_air.destroyed", "eq", gone]], S9_LFLAG, W1 + " III. Air Unit Landing")



# -- command cards in a battle with an air unit (IV. Command Cards; Ground to Air Combat; Air Pack Airplane Losses)
S9_CARDS = ("Note that even if the air unit is flying, it is considered adjacent if you occupy the adjacent hex. This means that standard close assault "
            "rules apply: ... Some cards such as Armor Assault or Close Assault may be used, while others such as Firefight may not (Artillery can still "
            "use Firefight if it is two hexes away).")
for k in range(3):
    side = SIDES9[k % 2]
    en = OPP[side]
    add(f"air9-fp-card-close-assault-infantry-{k}", A9F,
        q([U("a1", side, "infantry", "G5"), fp("p1", en, "fighter", nb(2 * k))], battle("a1", "p1", card="close_assault"), rules=FP),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]], S9_CARDS + " Close Assault may be used by a ground unit to target an adjacent air unit with an additional die.",
        W1 + " IV. Close Assault")
    add(f"air9-fp-card-close-assault-confirm-{k}", A9F,
        q([U("a1", side, "infantry", "G5"), fp("p1", en, "bomber", nb(2 * k + 1))], battle("a1", "p1", card="close_assault"), rules=FP,
          dice=["grenade", "infantry", "flag", "star"]),
        [["result.confirm_dice", "eq", 1], ["result.eliminated", "eq", False], ["result.figures_removed", "eq", 0]],
        "Any hits against a flying air unit (usually, grenades) must be confirmed. Reroll all the dice that scored a hit.", W1 + " Downing an Enemy Air Unit")
    add(f"air9-fp-card-armor-assault-{k}", A9F,
        q([U("a1", side, "armor", "G5"), fp("p1", en, "fighter_bomber", nb(2 * k))], battle("a1", "p1", card="armor_assault"), rules=FP),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]], S9_CARDS + " (Armor Assault: +1 die in close assault)", W1 + " Ground to Air Combat")
    add(f"air9-fp-card-firefight-artillery-{k}", A9F,
        q([U("a1", side, "artillery", "G5"), fp("p1", en, "fighter", nb(2 * k + 1, 2))], battle("a1", "p1", card="firefight"), rules=FP),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 5]], S9_CARDS + " Artillery ... battle an air unit with 1 additional die (4 dice). (Firefight: +1 die)",
        W1 + " Ground to Air Combat")
    for akind in ("infantry", "armor"):
        add(f"air9-fp-card-firefight-{akind}-two-away-{k}", A9F,
            q([U("a1", side, akind, "G5"), fp("p1", en, "bomber", nb(2 * k, 2))], battle("a1", "p1", card="firefight"), rules=FP),
            [["battle.allowed", "eq", False]], S9_CARDS + " An Infantry or Armor ground unit must be in an adjacent hex to battle an enemy flying air unit.",
            W1 + " Ground to Air Combat")
        add(f"air9-fp-card-section-{akind}-two-away-{k}", A9F,
            q([U("a1", side, akind, "G5"), fp("p1", en, "bomber", nb(2 * k + 1, 2))], battle("a1", "p1", card="attack_center"), rules=FP),
            [["battle.allowed", "eq", False]], "An Infantry or Armor ground unit must be in an adjacent hex to battle an enemy flying air unit.", W1 + " Ground to Air Combat")
    add(f"air9-ap-card-airborne-close-assault-{k}", A9P,
        q([U("a1", side, "infantry", "G5"), ap_plane("p1", en, "me109" if en == "axis" else "p38", nb(2 * k))], battle("a1", "p1", card="close_assault"), rules=AP),
        [["battle.allowed", "eq", False]], "In Memoir '44, an Airplane that is flying is never attacked directly.", W0 + " p.8 Airplane Losses")
    add(f"air9-ap-card-airborne-firefight-{k}", A9P,
        q([U("a1", side, "artillery", "G5"), ap_plane("p1", en, "me109" if en == "axis" else "p38", nb(2 * k + 1, 2))], battle("a1", "p1", card="firefight"), rules=AP),
        [["battle.allowed", "eq", False]], "In Memoir '44, an Airplane that is flying is never attacked directly.", W0 + " p.8 Airplane Losses")
    add(f"air9-ap-card-grounded-firefight-{k}", A9P,
        q([U("a1", side, "infantry", "G5"), ap_plane("p1", en, "storch" if en == "axis" else "p40", nb(2 * k, 2), airborne=False)], battle("a1", "p1", card="firefight"),
          [T(nb(2 * k, 2), "airfield")], rules=AP, dice=["grenade", "infantry", "flag"]),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 3], ["result.eliminated", "eq", True]],
        S9_GRT + " (Firefight: +1 die)", W0 + " p.9 Attacking On the Ground Airplanes")

# -- objectives and exits (seed 001 Objectives; seed 000 Exit Markers), orders, other boards
S9_OBJ = "An air unit may neither take an objective medal, nor score an Exit medal. ... An air unit may never claim an objective medal by occupying the hex."
for side in SIDES9:
    for airborne in (True, False):
        kind = "fighter" if airborne else "fighter_bomber"
        hexname = "F5" if side == "allies" else "i6"
        ter = [] if airborne else [T(hexname, "airfield", owner=side)]
        add(f"air9-fp-objective-not-held-{side}-{'flying' if airborne else 'landed'}", A9F,
            q([fp("p1", side, kind, hexname, airborne=airborne)],
              {"victory": {"target": 6, "active": side, "objectives": [{"id": "town", "kind": "temporary", "hexes": [hexname], "side": side},
                                                                       {"id": "br", "kind": "permanent", "hexes": [hexname], "side": side}]}}, ter, rules=FP),
            [[f"victory.medals.{side}.temporary", "eq", 0], [f"victory.medals.{side}.permanent", "eq", 0], ["victory.permanent", "falsy", None]],
            S9_OBJ, W1 + " III. Objectives; Strategic Bombing")
        edge = "A9" if side == "allies" else "M1"
        add(f"air9-fp-no-exit-{side}-{'flying' if airborne else 'landed'}", A9F,
            q([fp("p1", side, kind, edge, airborne=airborne)],
              {"victory": {"target": 6, "active": side, "objectives": [{"id": "out", "kind": "exit", "hexes": [edge], "side": side}]}},
              [] if airborne else [T(edge, "airfield", owner=side)], rules=FP),
            [["victory.may_exit", "falsy", None]], S9_OBJ + " An air unit may not move off the battlefield.", W1 + " III. Objectives")
add("air9-fp-objective-ground-unit-still-holds", A9F,
    q([U("a1", "allies", "infantry", "F5"), fp("p1", "allies", "fighter", "G5")],
      {"victory": {"target": 6, "active": "allies", "objectives": [{"id": "town", "kind": "temporary", "hexes": ["F5"], "side": "allies"}]}}, rules=FP),
    [["victory.medals.allies.temporary", "eq", 1]], "Temporary Medal Objective - ... held ... as long as a unit of the appropriate side holds the hex.", W0 + " Victory Conditions")
S9_TFH = ("The Airplane may also be ordered at the cost of 1 Order if a Star is rolled while playing Their Finest Hour... (Air Pack) / Their Finest Hour: When a "
          "Star is rolled, you may order an air unit that is already on the battlefield (New Flight Plan)")
for rules, tag, plane in [(AP, "ap", lambda s, h: ap_plane("p1", s, "p38" if s == "allies" else "me109", h)), (FP, "fp", lambda s, h: fp("p1", s, "bomber", h))]:
    area = A9P if tag == "ap" else A9F
    for side in SIDES9:
        units = [plane(side, "G5"), U("a1", side, "infantry", "B1" if side == "allies" else "L9")]
        add(f"air9-{tag}-tfh-star-orders-plane-{side}", area,
            q(units, {"orders": {"card": "their_finest_hour", "side": side, "units": ["p1", "a1"], "hand_size": 2}}, rules=rules, dice=["star", "infantry"]),
            [["orders.valid", "set", ["p1", "a1"]]], S9_TFH, (W0 + " p.5 Orders") if tag == "ap" else (W1 + " IV. Their Finest Hour"))
        add(f"air9-{tag}-tfh-symbols-do-not-order-plane-{side}", area,
            q(units, {"orders": {"card": "their_finest_hour", "side": side, "units": ["p1"], "hand_size": 2}}, rules=rules, dice=["infantry", "armor"]),
            [["orders.valid", "eq", []]], S9_TFH + " (a symbol orders a unit of that type)", (W0 + " p.5 Orders") if tag == "ap" else (W1 + " IV. Their Finest Hour"))
        # a flank is the player's own: the Axis right flank is the board's A-D side
        own_right = "B5" if side == "axis" else "L5"
        add(f"air9-{tag}-section-orders-plane-{side}", area,
            q([plane(side, own_right)], {"orders": {"card": "attack_right", "side": side, "units": ["p1"]}}, rules=rules),
            [["orders.valid", "eq", ["p1"]]], "Once on the battlefield, an Airplane is ordered like any other unit in the game, at the cost of 1 Order from a matching Section card",
            W0 + " p.5 Orders")
        add(f"air9-{tag}-section-other-flank-{side}", area,
            q([plane(side, own_right)], {"orders": {"card": "attack_left", "side": side, "units": ["p1"]}}, rules=rules),
            [["orders.valid", "eq", []]], "Once on the battlefield, an Airplane is ordered like any other unit in the game, at the cost of 1 Order from a matching Section card",
            W0 + " p.5 Orders")
for board, count, inside in [("overlord", 66, ["Z5", "y4", "A5", "Z9", "Z1", "y8"]), ("breakthrough", 56, ["A17", "M1", "A9", "l16", "a2", "M9"])]:
    add(f"air9-ap-sortie-edges-{board}", A9P, q([], sortie("axis"), rules=AP, board=board),
        [["air_sortie.entry_hexes", "len", count], ["air_sortie.entry_hexes", "contains", inside]], S9_EDGE, W0 + " p.3 Air Sortie")
add("air9-ap-enter-overlord-right-edge", A9P, q([ap_plane("p1", "axis", "me109", "Z5")], amove("p1", ["Z5", "Y5", "X5", "W5"], entering=True), rules=AP, board="overlord"),
    [["air_move.allowed", "eq", True], ["air_move.end", "eq", "W5"]], S9_EDGE + " " + S9_HALF, W0 + " p.3 Air Sortie")
add("air9-ap-enter-breakthrough-inner-row-refused", A9P, q([ap_plane("p1", "allies", "p40", "G9")], amove("p1", ["G9", "H9"], entering=True), rules=AP, board="breakthrough"),
    [["air_move.allowed", "eq", False]], S9_EDGE + " (row 9 is the middle of a breakthrough board)", W0 + " p.3 Air Sortie")
# a retreat may not pass the hex of an air unit (flying units occupy their hex)
S9_NORET = "A unit may not retreat onto, or through, a hex already containing another unit (regardless if friend or foe)."
for tside, bottom in [("axis", "allies"), ("allies", "axis")]:
    # the target's home edge is at the top: it retreats to f6 or g6, and the air unit stands on g6
    add(f"air9-fp-run-retreat-not-under-plane-{tside}", A9F,
        q([fp("p1", OPP[tside], "fighter", "g6"), U("t1", tside, "infantry", "G5")], run([("G5", "machine_gun")]), rules=FP, dice=[["flag"]], bottom=bottom),
        [["attack_run.results.0.retreat.*.hex", "eq", ["f6"]]], S9_NORET + " It is important to note that an air unit occupies the hex it is on", W1 + " III; " + BASE + " Retreat")
    add(f"air9-ap-strafe-retreat-not-under-plane-{tside}", A9P,
        q([ap_plane("p1", OPP[tside], "spitfire" if tside == "axis" else "me109", "g6"), U("t1", tside, "infantry", "G5")],
          {"strafe": {"plane": "p1", "hexes": ["G5"]}}, rules=AP, dice=[["flag"]], bottom=bottom),
        [["strafe.results.0.retreat.*.hex", "eq", ["f6"]]], S9_NORET + " " + S9_THRU, W0 + " p.6; " + BASE + " Retreat")

# -- nation command rules against air units (seed 001, Nation Command Rules)
S9_NAT = ("Air units cannot be targeted by Nation Command Rules. For instance, a BCF ground unit cannot use Stiff Upper Lip against an air unit, and "
          "Japanese Infantry units cannot use their Seishin Kyoiku Doctrine or Banzai War Cry to charge an air unit.")
for k in range(3):
    ph = nb(2 * k + 1)
    jp = {"nation": "jp"}
    add(f"air9-fp-nation-banzai-flying-{k}", A9F,
        q([U("a1", "axis", "infantry", "G5", moved=2, **jp), fp("p1", "allies", "fighter", ph)], g2a(), rules=FP),
        [["ground_to_air.allowed", "eq", False]], S9_NAT, W1 + " Nation Command Rules")
    add(f"air9-fp-nation-banzai-flying-battle-{k}", A9F,
        q([U("a1", "axis", "infantry", "G5", moved=2, **jp), fp("p1", "allies", "bomber", ph)], battle("a1", "p1"), rules=FP),
        [["battle.allowed", "eq", False]], S9_NAT, W1 + " Nation Command Rules")
    add(f"air9-fp-nation-banzai-landed-{k}", A9F,
        q([U("a1", "axis", "infantry", "G5", moved=2, **jp), fp("p1", "allies", "fighter_bomber", ph, airborne=False)], battle("a1", "p1"),
          [T(ph, "airfield", owner="allies")], rules=FP),
        [["battle.allowed", "eq", False]], S9_NAT + " (landed, it is attacked like a ground unit: still an air unit)", W1 + " Nation Command Rules")
    add(f"air9-fp-nation-no-close-assault-die-landed-{k}", A9F,
        q([U("a1", "axis", "infantry", "G5", **jp), fp("p1", "allies", "fighter", ph, airborne=False)], battle("a1", "p1"), [T(ph, "airfield", owner="allies")], rules=FP),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S9_NAT, W1 + " Nation Command Rules")
    add(f"air9-fp-nation-no-close-assault-die-flying-{k}", A9F,
        q([U("a1", "axis", "infantry", "G5", **jp), fp("p1", "allies", "fighter", ph)], battle("a1", "p1"), rules=FP),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S9_NAT + " Infantry and Armor roll their regular battle dice (3 dice).", W1 + " Nation Command Rules")

# -- one airborne airplane per side (Air Pack p.4-5)
S9_ONEAIR = ("In any given turn, there can only ever be a maximum of one airborne Airplane unit on the battlefield for each player. ... (on the ground) "
             "The limit of one airborne Airplane for each side at any given time still applies, though!")
for i, (side, base, path, flyer) in enumerate([("allies", "H5", ["I5", "J5"], "C1"), ("axis", "E7", ["D7", "C7"], "K3"), ("allies", "A1", ["B1", "C1"], "M9"),
                                               ("axis", "M9", ["L9", "K9"], "A1")]):
    model = "p38" if side == "allies" else "storch"
    units = [ap_plane("p2", side, model, base, airborne=False), ap_plane("p1", side, "p40" if side == "allies" else "me109", flyer)]
    add(f"air9-ap-takeoff-while-own-flies-{i}", A9P, q(units, amove("p2", path), [T(base, "airfield", owner=side)], rules=AP),
        [["air_move.allowed", "eq", False]], S9_ONEAIR, W0 + " p.4-5")
    units_enemy = [ap_plane("p2", side, model, base, airborne=False), ap_plane("p1", OPP[side], "p40" if side == "axis" else "me109", flyer)]
    add(f"air9-ap-takeoff-while-enemy-flies-{i}", A9P, q(units_enemy, amove("p2", path), [T(base, "airfield", owner=side)], rules=AP),
        [["air_move.allowed", "eq", True], ["air_move.end", "eq", path[-1]]], S9_ONEAIR + " (for each player: the enemy's does not count)", W0 + " p.4-5")

# -- Close Assault's own limits in a ground-to-air battle, moving and battling, confirmation's ammo
S9_CA = ("Close Assault may be used by a ground unit to target an adjacent air unit with an additional die. (The card: infantry and armor adjacent "
         "to the enemy, which do not move before they battle.)")
for i, (side, kind, moved, dist, ok) in enumerate([("allies", "infantry", 1, 1, False), ("axis", "armor", 2, 1, False), ("allies", "artillery", 0, 1, False),
                                                  ("axis", "infantry", 0, 2, False), ("allies", "armor", 0, 1, True), ("axis", "infantry", 0, 1, True)]):
    k = i % 6
    add(f"air9-fp-g2a-close-assault-{i}-{kind}", A9F,
        q([U("a1", side, kind, "G5", moved=moved), fp("p1", OPP[side], "fighter", nb(k, dist))], g2a(card="Close Assault"), rules=FP),
        [["ground_to_air.allowed", "eq", ok]] + ([["ground_to_air.dice", "eq", 4]] if ok else []), S9_CA, W1 + " IV. Close Assault")
for i, (kind, moved, ok) in enumerate([("armor", 3, True), ("infantry", 1, True), ("armor", 4, False), ("special_forces", 2, True)]):
    side = SIDES9[i % 2]
    add(f"air9-fp-g2a-after-moving-{kind}-{moved}", A9F,
        q([U("a1", side, kind, "G5", moved=moved), fp("p1", OPP[side], "bomber", nb(i + 2))], g2a(), rules=FP),
        [["ground_to_air.allowed", "eq", ok]], S9_G2A + " (an ordered unit battles after its move as usual: infantry 1, armor 3, special forces 2)",
        W1 + " Ground to Air Combat; " + BASE)
for k in (0, 3):
    side = SIDES9[k % 3 % 2]
    add(f"air9-fp-artillery-next-to-air-pinned-{k}", A9F,
        q([U("a1", side, "artillery", "G5"), fp("p1", OPP[side], "fighter", nb(k)), U("x1", OPP[side], "infantry", nb(k + 3, 3))], battle(), rules=FP),
        [["battle.allowed", "eq", False]], "You may not choose to attack a distant unit if you are adjacent to an air unit", W1 + " Ground to Air Combat")
for side, dice, ret in [("allies", ["star"], False), ("axis", ["flag"], True), ("allies", ["infantry", "grenade"], True)]:
    add(f"air9-fp-confirm-ammo-{side}-{'-'.join(dice)}", A9F,
        q([fp("p1", side, "fighter_bomber", "K3"), U("e1", OPP[side], "armor", "L3")], {"confirm": {"target": "p1"}}, rules=FP, dice=dice),
        [["confirm.ammo_returned", "eq", ret]], S9_CONF + " ... The defender must return any unused ammo to the ammo pool", W1 + " Downing an Enemy Air Unit")

# -- bad input in the air asks: a clear error on the offending field, never a crash (contract: exit 2)
S9_ERR = "Exit 2 when the query is invalid, and on stdout {\"error\": {\"field\": \"<dotted path>\", \"message\": ...}}"
ERR9 = [
    ("ammo-kind", FP, [fp("p1", "allies", "fighter", "G5"), U("x1", "axis", "infantry", "H5")], run([("H5", "rocket")]), None, "ask.attack_run.markers.0.ammo"),
    ("unknown-model", AP, [ap_plane("p1", "allies", "mustang", "G5")], {"air_check": {"plane": "p1"}}, None, "units.0.model"),
    ("airplane-under-flight-plan", FP, [ap_plane("p1", "allies", "p38", "G5")], {"air_check": {"plane": "p1"}}, None, "units.0.type"),
    ("fighter-under-air-pack", AP, [fp("p1", "allies", "fighter", "G5")], {"air_check": {"plane": "p1"}}, None, "units.0.type"),
    ("negative-ammo", FP, [fp("p1", "allies", "fighter", "G5", ammo={"machine_gun": -1})], {"withdraw": {"plane": "p1"}}, None, "units.0.ammo.machine_gun"),
    ("airborne-not-bool", FP, [fp("p1", "allies", "fighter", "G5", airborne="yes")], {"withdraw": {"plane": "p1"}}, None, "units.0.airborne"),
    ("path-half-hex", FP, [fp("p1", "allies", "fighter", "G5")], amove("p1", ["H5", "A8"]), None, "ask.air_move.path.1"),
    ("unknown-target", AP, [ap_plane("p1", "axis", "zero", "G5")], {"kamikaze": {"plane": "p1", "target": "nobody"}}, None, "ask.kamikaze.target"),
    ("dice-per-marker", FP, [fp("p1", "allies", "fighter", "G5"), U("x1", "axis", "infantry", "H5")], run([("H5", "machine_gun")]), [["infantry", "armor"]], "dice.0"),
    ("setup-year", FP, [], {"air_setup": {"front": "western", "year": 1938}}, None, "ask.air_setup.year"),
    ("deploy-type", FP, [], deploy("allies", "zeppelin", order="section", section="left"), None, "ask.deploy.type"),
]
for name, rules, units, ask, dice, field_name in ERR9:
    add(f"air9-error-{name}", A9F if rules is FP else A9P, q(units, ask, rules=rules, dice=dice),
        [["error.field", "eq", field_name]], S9_ERR, "shared/contracts/rules-query.md Invocation", exit=2)

# -- flags a hex lets its unit ignore: kept against an attack run, not against strafing
for kind, ter in [("infantry", [T("G5", "bunker", owner="axis")]), ("infantry", [T("G5", "hedgehogs")]), ("armor", [T("G5", "sandbags")])]:
    add(f"air9-fp-run-flag-ignored-{ter[0]['type']}", A9F,
        q([fp("p1", "allies", "fighter_bomber", "H5"), U("x1", "axis", kind, "G5")], run([("G5", "bomb")]), ter, rules=FP, dice=[["flag"]]),
        [["attack_run.results.0.flags", "eq", 1], ["attack_run.results.0.flags_ignored", "eq", 1], ["attack_run.results.0.retreat", "falsy", None]],
        "Terrains or abilities that allow to ignore flags apply normally, unless stated otherwise on an Air Combat card.", W1 + " Air Unit Attack Run; " + OBST)
    add(f"air9-ap-strafe-flag-kept-{ter[0]['type']}", A9P,
        q([ap_plane("p1", "allies", "p40", "H5"), U("x1", "axis", kind, "G5")], {"strafe": {"plane": "p1", "hexes": ["G5"]}}, ter, rules=AP, dice=[["flag"]]),
        [["strafe.results.0.flags_ignored", "eq", 0]], S9_STR, W0 + " p.6 Strafing")

# ---- audit auditcombo (session 10) ----
# Blind referee audit of rules met TOGETHER (retreats over expansion terrain with units and board
# edges, take ground and overrun into terrain that stops or limits, badges with terrain reductions,
# which terrain ignores one flag and which all, lines of sight along the edges of hexes with mixed
# terrain, the close-assault obligation with terrain, medals and objectives after a retreat or take
# ground, Breakthrough and Overlord geometry) and of the contract's own edges, read line by line
# from shared/contracts/rules-query.md (every field, default, error path, unknown field, both sides).
# Written from seeds 003/004, the contract, docs/rules-referee.md and the terrain card texts of
# docs/rules-sources.md before reading the rules core. Every scene is built once in a base frame
# (doubled-width (col, row), standard board unless named) and, where it says so, turned by 180
# degrees with `bottom` swapped (the retreating side's home edge turns with the board) or mirrored
# top-bottom with the sides swapped: the rule sentence gives the same answer in every frame.
CM_RET, CM_TG, CM_BDG, CM_FLG, CM_LOS, CM_CA, CM_MED, CM_GEO, CM_CON = (
    "cmb10 retreat", "cmb10 take ground", "cmb10 badges", "cmb10 flags", "cmb10 line of sight",
    "cmb10 close assault", "cmb10 medals", "cmb10 geometry", "cmb10 contract")
CM_SIZE = {"standard": (24, 9), "breakthrough": (24, 17), "overlord": (50, 9)}
CM_QUERY = "shared/contracts/rules-query.md"
CM_RETREAT = ("For each Flag rolled on the target unit, the unit must move one hex back toward its own side of the battlefield. "
              "A unit may not retreat onto, or through, a hex already containing another unit (regardless if friend or foe). "
              "If a unit cannot retreat; is forced to retreat off the limits of the battlefield; or would be pushed back onto a "
              "sea hex, one figure must be removed from the unit for each retreat move that cannot be completed.")
CM_TERR_RET = ("Terrain has no effect on retreat moves, therefore a retreating unit may move through a forest or village without "
               "stopping. However, impassable terrain may not be moved through during a retreat move.")
CM_TAKE = ("When an ordered Infantry unit in Close Assault combat eliminates the enemy unit or forces it to retreat, it may Take "
           "Ground by advancing into the vacated hex. An Artillery unit may not take ground. Terrain movement and battle "
           "restrictions still apply when units take ground.")
CM_OVR = ("When an ordered Armor unit in Close Assault combat eliminates the enemy unit or forces it to retreat, it may take the "
          "ground by advancing into the vacated hex and claim an Armor Overrun combat ... an Armor unit may only make one "
          "Overrun Combat during a turn.")
CM_CLOSE = ("A unit adjacent to an enemy unit must Close Assault this unit if it chooses to battle. It may not fire on another, "
            "more distant, enemy unit instead.")
CM_HITS = ("For each hit scored, 1 figure is removed from the target unit. ... If an attacking player rolls more hits than the "
           "number of figures in the defending unit, these additional hits have no effect.")
CM_MEDAL = "a Victory Medal is gained for each enemy unit entirely eliminated from the battlefield."
Cm = tuple[int, int]
CmUnit = tuple[str, str, str, Cm, dict[str, Any]]


def cm_name(c: int, r: int, board: str = "standard") -> str:
    """The scenario editor's name of (col, row) on `board` (the contract's Hexes section)."""
    w, h = CM_SIZE[board]
    assert 0 <= c <= w and 0 <= r < h and (c + r) % 2 == 0, (c, r, board)
    return (chr(65 + c // 2) if c % 2 == 0 else chr(97 + c // 2)) + str(h - r)


CM_OTHER = {"allies": "axis", "axis": "allies"}


class CmView:
    """One frame of a scene: `base`, `turned` (180 degrees, bottom swapped) or `swapped` (mirrored
    top-bottom and left-right, the sides swapped, bottom kept)."""

    def __init__(self, kind: str, board: str = "standard") -> None:
        self.kind, self.board = kind, board
        self.w, self.h = CM_SIZE[board]
        self.suffix = "" if kind == "base" else "-" + kind
        self.bottom = "axis" if kind == "turned" else "allies"

    def cr(self, p: Cm) -> Cm:
        c, r = p
        return (c, r) if self.kind == "base" else (self.w - c, self.h - 1 - r)

    def n(self, p: Cm) -> str:
        return cm_name(*self.cr(p), self.board)

    def ns(self, ps: list[Cm]) -> list[str]:
        return [self.n(p) for p in ps]

    def s(self, side: str) -> str:
        return CM_OTHER[side] if self.kind == "swapped" else side


def cm_views(kinds: str = "base turned", board: str = "standard") -> list[CmView]:
    return [CmView(k, board) for k in kinds.split()]


def cm_q(v: CmView, units: list[CmUnit], terrain: list[tuple[Cm, str, dict[str, Any]]], ask: dict[str, Any],
         dice: list[Any] | None = None, **top: Any) -> dict[str, Any]:
    us = [U(uid, v.s(side), kind, v.n(p), **kw) for uid, side, kind, p, kw in units]
    ts = []
    for p, kind, kw in terrain:
        kw2 = dict(kw)
        if "owner" in kw2:
            kw2["owner"] = v.s(kw2["owner"])
        ts.append(T(v.n(p), kind, **kw2))
    out = q(us, ask, ts, dice=dice, **top)
    if v.bottom != "allies":
        out["bottom"] = v.bottom
    if v.board != "standard":
        out["board"] = v.board
    return out


def cu(uid: str, side: str, kind: str, p: Cm, **kw: Any) -> CmUnit:
    return (uid, side, kind, p, kw)


def ct(p: Cm, kind: str, **kw: Any) -> tuple[Cm, str, dict[str, Any]]:
    return (p, kind, kw)


def cm_add(cid: str, area: str, kinds: str, build: Any, source: str, where: str, board: str = "standard") -> None:
    """`build(view)` returns (query, expect) for one frame."""
    for v in cm_views(kinds, board):
        query, expect = build(v)
        add(f"cmb10-{cid}{v.suffix}", area, query, expect, source, where)


# base frame: the axis target on G5, the allied attacker on g4 below it (adjacent); the axis unit
# retreats up (toward row 0), the allied one down.
C_G5, C_g4, C_f6, C_g6, C_F7, C_G7, C_H7, C_G3, C_f4 = (12, 4), (13, 5), (11, 3), (13, 3), (10, 2), (12, 2), (14, 2), (12, 6), (11, 5)
C_e8, C_f8, C_g8, C_h8, C_F5, C_H5 = (9, 1), (11, 1), (13, 1), (15, 1), (10, 4), (14, 4)


def cm_duel(v: CmView, tkind: str = "infantry", ter: list[tuple[Cm, str, dict[str, Any]]] | None = None,
            dice: list[Any] | None = None, akind: str = "infantry", apos: Cm = C_g4, tkw: dict[str, Any] | None = None,
            akw: dict[str, Any] | None = None, extra: list[CmUnit] | None = None, **ask: Any) -> dict[str, Any]:
    units = [cu("a1", "allies", akind, apos, **(akw or {})), cu("x1", "axis", tkind, C_G5, **(tkw or {}))] + (extra or [])
    return cm_q(v, units, ter or [], battle(**ask), dice)


def ret_hexes(v: CmView, ps: list[Cm]) -> list[list[Any]]:
    return [["result.retreat.*.hex", "set", v.ns(ps)]]


# -------------------------------------------------------------- 1. retreats: units, terrain, edges
cm_add("ret-both-hexes-held-friend-and-foe", CM_RET, "base turned swapped", lambda v: (
    cm_duel(v, dice=["flag", "star", "armor"], extra=[cu("x2", "axis", "infantry", C_f6), cu("a2", "allies", "infantry", C_g6)]),
    [["result.flags", "eq", 1], ["result.hits", "eq", 0], *ret_hexes(v, [C_G5]), ["result.retreat.0.figures_lost", "eq", 1],
     ["result.retreat.0.eliminated", "eq", False], ["result.take_ground", "eq", False]]), CM_RETREAT, BASE + " Retreat")
cm_add("ret-river-and-friend-block-after-hit", CM_RET, "base turned swapped", lambda v: (
    cm_duel(v, ter=[ct(C_f6, "river")], dice=["flag", "infantry", "star"], extra=[cu("x2", "axis", "armor", C_g6)]),
    [["result.figures_removed", "eq", 1], *ret_hexes(v, [C_G5]), ["result.retreat.0.figures_lost", "eq", 1],
     ["result.retreat.0.eliminated", "eq", False]]), CM_RETREAT + " " + CM_TERR_RET, BASE + " Retreat; " + P15)
cm_add("ret-bridge-opens-river", CM_RET, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_f6, "river"), ct(C_f6, "bridge")], dice=["flag", "star", "star"], extra=[cu("x2", "axis", "armor", C_g6)]),
    [*ret_hexes(v, [C_f6]), ["result.retreat.0.figures_lost", "eq", 0]]),
    "A River is impassable terrain. A unit may only enter a River hex when the hex has a bridge.", P15)
cm_add("ret-sea-behind-costs-figure", CM_RET, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_f6, "ocean"), ct(C_g6, "ocean")], dice=["flag", "star", "star"]),
    [*ret_hexes(v, [C_G5]), ["result.retreat.0.figures_lost", "eq", 1]]),
    CM_RETREAT + " An Ocean hex is impassable terrain for retreat moves.", P15)
cm_add("ret-two-flags-through-forest-and-town", CM_RET, "base turned swapped", lambda v: (
    cm_duel(v, ter=[ct(C_f6, "forest"), ct(C_g6, "town")], dice=["flag", "flag", "star"]),
    [*ret_hexes(v, [C_F7, C_G7, C_H7]), ["result.retreat.*.figures_lost", "eq", [0, 0, 0]]]), CM_TERR_RET, BASE + " Retreat")
cm_add("ret-two-flags-second-row-full", CM_RET, "base turned", lambda v: (
    cm_duel(v, dice=["flag", "flag", "star"], extra=[cu("x2", "axis", "infantry", C_F7), cu("x3", "axis", "armor", C_G7),
                                                       cu("a2", "allies", "infantry", C_H7)]),
    [*ret_hexes(v, [C_f6, C_g6]), ["result.retreat.*.figures_lost", "eq", [1, 1]]]),
    CM_RETREAT + " (the first move is made, the second cannot be: 1 figure)", BASE + " Retreat")
cm_add("ret-two-flags-one-path-left", CM_RET, "base turned swapped", lambda v: (
    cm_duel(v, dice=["flag", "flag", "star"], extra=[cu("x2", "axis", "infantry", C_f6), cu("a2", "allies", "armor", C_G7)]),
    [*ret_hexes(v, [C_H7]), ["result.retreat.0.figures_lost", "eq", 0]]),
    CM_RETREAT + " (a retreat that can be completed is made: docs/rules-referee.md)", BASE + " Retreat")
cm_add("ret-lake-and-river-on-second-row", CM_RET, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_F7, "lake"), ct(C_G7, "river")], dice=["flag", "flag", "star"]),
    [*ret_hexes(v, [C_H7]), ["result.retreat.0.figures_lost", "eq", 0]]),
    CM_TERR_RET + " (a lake and a river without bridge are impassable: terrain card 26, p.15)", P15)
cm_add("ret-top-edge-one-flag", CM_RET, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", (13, 1)), cu("x1", "axis", "infantry", (12, 0))], [], battle(), ["flag", "star", "star"]),
    [*ret_hexes(v, [(12, 0)]), ["result.retreat.0.figures_lost", "eq", 1]]), CM_RETREAT, BASE + " Retreat")
cm_add("ret-row-below-edge-two-flags", CM_RET, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", (14, 2)), cu("x1", "axis", "infantry", (13, 1))], [], battle(), ["flag", "flag", "star"]),
    [*ret_hexes(v, [(12, 0), (14, 0)]), ["result.retreat.*.figures_lost", "eq", [1, 1]]]), CM_RETREAT, BASE + " Retreat")
cm_add("ret-last-figure-lost-at-edge", CM_RET, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", (13, 1)), cu("x1", "axis", "infantry", (12, 0), figures=1)], [], battle(), ["flag", "star", "star"]),
    [*ret_hexes(v, [(12, 0)]), ["result.retreat.0.figures_lost", "eq", 1], ["result.retreat.0.eliminated", "eq", True],
     ["result.eliminated", "eq", False], ["result.medals.allies", "eq", 0], ["result.medals.axis", "eq", 0]]),
    CM_RETREAT + " `medals` counts medals won by this battle alone (eliminating the target by hits).",
    BASE + " Retreat; " + CM_QUERY + " battle")
cm_add("ret-left-edge-one-way", CM_RET, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", (2, 4)), cu("x1", "axis", "infantry", (0, 4))], [], battle(), ["flag", "star", "star"]),
    [*ret_hexes(v, [(1, 3)]), ["result.retreat.0.figures_lost", "eq", 0]]), CM_RETREAT, BASE + " Retreat")
cm_add("ret-left-edge-blocked", CM_RET, "base turned", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", (2, 4)), cu("x1", "axis", "infantry", (0, 4)), cu("x2", "axis", "artillery", (1, 3))],
         [], battle(), ["flag", "star", "star"]),
    [*ret_hexes(v, [(0, 4)]), ["result.retreat.0.figures_lost", "eq", 1]]), CM_RETREAT, BASE + " Retreat")
for cid_kind, kind, ok in [("armor", "armor", False), ("infantry", "infantry", True), ("artillery", "artillery", False)]:
    cm_add(f"ret-hedgehogs-behind-{cid_kind}", CM_RET, "base turned", lambda v, kind=kind, ok=ok: (
        cm_duel(v, tkind=kind, ter=[ct(C_f6, "hedgehogs"), ct(C_g6, "hedgehogs")], dice=["flag", "star", "star"]),
        [*ret_hexes(v, [C_f6, C_g6] if ok else [C_G5]), ["result.retreat.*.figures_lost", "eq", [0, 0] if ok else [1]]]),
        CM_TERR_RET + " Hedgehogs: impassable for armor and artillery.", OBST)
    cm_add(f"ret-bunker-behind-{cid_kind}", CM_RET, "base swapped", lambda v, kind=kind, ok=ok: (
        cm_duel(v, tkind=kind, ter=[ct(C_f6, "bunker", owner="axis"), ct(C_g6, "bunker", owner="axis")], dice=["flag", "star", "star"]),
        [*ret_hexes(v, [C_f6, C_g6] if ok else [C_G5]), ["result.retreat.*.figures_lost", "eq", [0, 0] if ok else [1]]]),
        CM_TERR_RET + " Bunkers: impassable for armor and artillery.", OBST)
cm_add("ret-artillery-in-bunker-two-flags", CM_RET, "base turned swapped", lambda v: (
    cm_duel(v, tkind="artillery", ter=[ct(C_G5, "bunker", owner="axis")], dice=["flag", "flag"]),
    [["battle.dice", "eq", 2], ["result.flags", "eq", 2], ["result.flags_ignored", "eq", 1], *ret_hexes(v, [C_G5]),
     ["result.retreat.0.figures_lost", "eq", 1], ["result.take_ground", "eq", False]]),
    "Bunkers: Infantry reduce the number of Battle dice rolled by 1; a unit in a bunker may ignore the first flag; artillery in a "
    "bunker may not move out of it (each flag it does not ignore costs a figure: docs/rules-referee.md)", OBST)
cm_add("ret-mountain-from-low-ground", CM_RET, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_f6, "mountain"), ct(C_g6, "mountain")], dice=["flag", "star", "star"]),
    [*ret_hexes(v, [C_G5]), ["result.retreat.0.figures_lost", "eq", 1]]),
    "Infantry may only move up, retreat onto (/ move down, retreat from) a mountain from (/ to) an adjacent hill or mountain (terrain card 30)",
    SRC + " mountain")
cm_add("ret-mountain-from-hill", CM_RET, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_G5, "hill"), ct(C_f6, "mountain"), ct(C_g6, "mountain")], dice=["flag", "star"]),
    [["battle.dice", "eq", 2], *ret_hexes(v, [C_f6, C_g6])]),
    "Infantry may only move up, retreat onto ... a mountain from ... an adjacent hill or mountain (terrain card 30)", SRC + " mountain")
cm_add("ret-artillery-marsh-behind", CM_RET, "base turned", lambda v: (
    cm_duel(v, tkind="artillery", ter=[ct(C_f6, "marsh"), ct(C_g6, "marsh")], dice=["flag", "star", "star"]),
    [*ret_hexes(v, [C_G5]), ["result.retreat.0.figures_lost", "eq", 1]]),
    CM_TERR_RET + " Marshes: impassable for artillery (terrain card 28).", SRC + " marsh")
cm_add("ret-infantry-marsh-behind", CM_RET, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_f6, "marsh"), ct(C_g6, "marsh")], dice=["flag", "star", "star"]),
    [*ret_hexes(v, [C_f6, C_g6])]), CM_TERR_RET + " (a marsh only stops movement for infantry)", SRC + " marsh")
cm_add("ret-resistance-blocked-side", CM_RET, "base turned swapped", lambda v: (
    cm_duel(v, tkind="french_resistance", ter=[ct(C_F7, "forest")], dice=["flag", "star", "star"], extra=[cu("x2", "axis", "infantry", C_g6)]),
    [*ret_hexes(v, [C_f6, C_F7, C_G7, C_e8, C_f8, C_g8])]),
    "French Resistance forces may disappear in the countryside, retreating up to 3 hexes instead of the standard 1 on any retreat flag rolled. "
    + CM_TERR_RET, DB + " Base Game p.12")
cm_add("ret-sandbags-two-flags-blocked", CM_RET, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_G5, "sandbags")], dice=["flag", "flag"], extra=[cu("x2", "axis", "infantry", C_f6), cu("x3", "axis", "infantry", C_g6)]),
    [["result.flags_ignored", "eq", 1], *ret_hexes(v, [C_G5]), ["result.retreat.0.figures_lost", "eq", 1]]),
    "a unit on a hex with Sandbags may ignore the first flag rolled against it. " + CM_RETREAT, OBST)
cm_add("ret-enemy-bunker-no-flag-ignored", CM_RET, "base turned swapped", lambda v: (
    cm_duel(v, ter=[ct(C_G5, "bunker", owner="allies")], dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.flags_ignored", "eq", 0], *ret_hexes(v, [C_f6, C_g6])]),
    "Only the side noted in the briefing notes may claim a Bunker as a defensive position.", OBST)
cm_add("ret-hits-then-blocked-last-figure", CM_RET, "base turned", lambda v: (
    cm_duel(v, tkw={"figures": 2}, dice=["flag", "infantry", "star"], extra=[cu("x2", "axis", "infantry", C_f6), cu("x3", "axis", "infantry", C_g6)]),
    [["result.figures_removed", "eq", 1], ["result.eliminated", "eq", False], *ret_hexes(v, [C_G5]),
     ["result.retreat.0.figures_lost", "eq", 1], ["result.retreat.0.eliminated", "eq", True], ["result.medals.allies", "eq", 0]]),
    "Hits are resolved first, followed by retreats. " + CM_RETREAT, BASE + " Resolve Battle")
cm_add("ret-eliminated-by-hits-no-retreat", CM_RET, "base turned swapped", lambda v: (
    cm_duel(v, tkw={"figures": 1}, dice=["flag", "infantry", "star"]),
    [["result.eliminated", "eq", True], ["result.retreat", "eq", []], ["result.medals." + v.s("allies"), "eq", 1],
     ["result.medals." + v.s("axis"), "eq", 0], ["result.take_ground", "eq", True]]),
    "`retreat` ... Empty when no retreat is due (no unignored flags, or the unit was eliminated by hits). " + CM_MEDAL, CM_QUERY + " battle")
cm_add("ret-bridge-river-three-flags-column", CM_RET, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_f6, "river"), ct(C_g6, "river"), ct(C_F7, "river"), ct(C_G7, "river"), ct(C_G7, "bridge"), ct(C_g6, "bridge")],
            dice=["flag", "flag", "flag"]),
    [*ret_hexes(v, [C_f8, C_g8, C_h8]), ["result.retreat.*.figures_lost", "eq", [0, 0, 0]]]),
    CM_TERR_RET + " A unit may only enter a River hex when the hex has a bridge.", P15)
# breakthrough and overlord edges
cm_add("ret-breakthrough-top-row-two-flags", CM_RET, "base turned", lambda v: (
    cm_q(v, [cu("a1", "allies", "armor", (14, 2)), cu("x1", "axis", "infantry", (13, 1))], [], battle(), ["flag", "flag", "star"]),
    [*ret_hexes(v, [(12, 0), (14, 0)]), ["result.retreat.*.figures_lost", "eq", [1, 1]]]), CM_RETREAT, "Breakthrough board: 17 rows; " + BASE + " Retreat", board="breakthrough")
cm_add("ret-breakthrough-mid-board-free", CM_RET, "base turned", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", (13, 9)), cu("x1", "axis", "infantry", (12, 8))], [], battle(), ["flag", "flag", "star"]),
    [*ret_hexes(v, [(10, 6), (12, 6), (14, 6)])]), CM_RETREAT, "Breakthrough board: 17 rows; " + BASE + " Retreat", board="breakthrough")
cm_add("ret-overlord-right-edge-blocked", CM_RET, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", (48, 4)), cu("x1", "axis", "infantry", (50, 4)), cu("x2", "axis", "infantry", (49, 3))],
         [], battle(), ["flag", "star", "star"]),
    [*ret_hexes(v, [(50, 4)]), ["result.retreat.0.figures_lost", "eq", 1]]), CM_RETREAT, "Overlord board 26 wide; " + BASE + " Retreat", board="overlord")
cm_add("ret-overlord-join-free", CM_RET, "base turned", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", (25, 5)), cu("x1", "axis", "infantry", (24, 4))], [], battle(), ["flag", "star", "star"]),
    [*ret_hexes(v, [(23, 3), (25, 3)])]), CM_RETREAT + " (the join of the two boards is a column of full hexes: docs/rules-sources.md)",
    "Overlord rules, The Battlefield", board="overlord")

# -------------------------------------------------------------- 2. take ground and overrun into terrain
for tname, akind, tdice, tg, ov in [
        ("forest", "infantry", 2, True, False), ("forest", "armor", 1, True, False), ("town", "armor", 1, True, False),
        ("hedgerow", "armor", 1, True, False), ("hill", "armor", 2, True, True), ("hill", "infantry", 2, True, False),
        ("barbed_wire", "armor", 3, True, False), ("marsh", "armor", 3, True, False), ("beach", "armor", 3, True, True),
        ("airfield", "armor", 3, True, True), ("cemetery", "armor", 3, True, True)]:
    dice = (["flag", "flag", "star"] if tname == "cemetery" else ["flag"] + ["star"] * (tdice - 1))
    cm_add(f"tg-{akind}-into-{tname.replace('_', '-')}", CM_TG, "base turned swapped", lambda v, tname=tname, akind=akind, dice=dice, tg=tg, ov=ov, tdice=tdice: (
        cm_duel(v, akind=akind, ter=[ct(C_G5, tname)], dice=dice),
        [["battle.dice", "eq", tdice], ["result.take_ground", "eq", tg], ["result.armor_overrun", "eq", ov]]),
        CM_TAKE + " " + CM_OVR + " (no battle the turn a unit moves onto a forest, town or hedgerow; wire and marsh: card 15, card 28)",
        DB + " Base Game p.11; " + SRC)
cm_add("tg-armor-into-sandbags-hex", CM_TG, "base turned", lambda v: (
    cm_duel(v, akind="armor", ter=[ct(C_G5, "sandbags")], dice=["flag", "flag"]),
    [["result.flags_ignored", "eq", 1], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]]),
    CM_OVR + " When a unit leaves a hex with Sandbags, the Sandbags are removed.", OBST)
cm_add("tg-armor-not-into-hedgehogs", CM_TG, "base turned swapped", lambda v: (
    cm_duel(v, akind="armor", ter=[ct(C_G5, "hedgehogs")], dice=["flag", "flag", "star"]),
    [["result.flags_ignored", "eq", 1], *ret_hexes(v, [C_f6, C_g6]), ["result.take_ground", "eq", False], ["result.armor_overrun", "eq", False]]),
    CM_TAKE + " Hedgehogs: impassable for armor.", OBST)
cm_add("tg-infantry-into-hedgehogs", CM_TG, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_G5, "hedgehogs")], dice=["flag", "flag", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]]), CM_TAKE + " Hedgehogs: impassable for armor and artillery only.", OBST)
cm_add("tg-infantry-into-bunker", CM_TG, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_G5, "bunker", owner="axis")], dice=["flag", "flag"]),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 1], ["result.take_ground", "eq", True]]), CM_TAKE, OBST)
cm_add("tg-infantry-not-onto-mountain-from-low", CM_TG, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_G5, "mountain"), ct(C_f6, "hill"), ct(C_g6, "hill")], dice=["flag"]),
    [["battle.dice", "eq", 1], *ret_hexes(v, [C_f6, C_g6]), ["result.take_ground", "eq", False]]),
    CM_TAKE + " Mountains: infantry may only move up onto a mountain from an adjacent hill or mountain; protection 2 (terrain card 30).", SRC + " mountain")
cm_add("tg-range-two-no-take-ground", CM_TG, "base turned swapped", lambda v: (
    cm_duel(v, apos=C_G3, dice=["flag", "star"]),
    [["battle.close_assault", "eq", False], ["result.take_ground", "eq", False], ["result.armor_overrun", "eq", False]]), CM_TAKE, BASE + " Taking Ground")
cm_add("tg-artillery-adjacent-no-take-ground", CM_TG, "base turned", lambda v: (
    cm_duel(v, akind="artillery", dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.take_ground", "eq", False]]), CM_TAKE, BASE + " Taking Ground")
cm_add("tg-eliminated-in-forest-armor", CM_TG, "base turned swapped", lambda v: (
    cm_duel(v, akind="armor", ter=[ct(C_G5, "forest")], tkw={"figures": 1}, dice=["grenade"]),
    [["result.eliminated", "eq", True], ["result.medals." + v.s("allies"), "eq", 1], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]]),
    CM_OVR + " A unit may not battle the turn it moves onto a Forest hex.", P13)
cm_add("tg-second-overrun-refused", CM_TG, "base turned", lambda v: (
    cm_duel(v, akind="armor", akw={"moved": 2}, dice=["flag", "star", "star"], overrun=True),
    [["battle.allowed", "eq", True], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]]),
    "A unit may Take Ground again after a successful Overrun Combat. However, an Armor unit may only make one Overrun Combat during a turn.",
    BASE + " Armor Overrun Combat")
cm_add("tg-retreat-blocked-stays-no-ground", CM_TG, "base turned", lambda v: (
    cm_duel(v, akind="armor", dice=["flag", "star", "star"], extra=[cu("x2", "axis", "infantry", C_f6), cu("x3", "axis", "infantry", C_g6)]),
    [*ret_hexes(v, [C_G5]), ["result.take_ground", "eq", False], ["result.armor_overrun", "eq", False]]),
    CM_TAKE + " (a unit that cannot retreat stays: the hex is not vacated)", BASE + " Taking Ground")
cm_add("tg-retreat-loss-eliminates-vacates", CM_TG, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "armor", (13, 1)), cu("x1", "axis", "infantry", (12, 0), figures=1)], [], battle(), ["flag", "star", "star"]),
    [["result.retreat.0.eliminated", "eq", True], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]]),
    CM_OVR + " (the unit the lost retreat move eliminates is eliminated: its hex is vacated)", BASE + " Taking Ground")
cm_add("tg-armor-onto-ocean-no-overrun", CM_TG, "base turned", lambda v: (
    cm_duel(v, akind="armor", ter=[ct(C_G5, "ocean"), ct(C_g4, "beach")], dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]]),
    "A unit on an Ocean hex may not battle. " + CM_OVR, P15)
cm_add("tg-armor-out-of-town", CM_TG, "base turned swapped", lambda v: (
    cm_duel(v, akind="armor", ter=[ct(C_g4, "town")], dice=["flag"]),
    [["battle.dice", "eq", 1], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]]),
    "Armor on a Town hex will reduce the number of Battle dice it rolls by 2. " + CM_OVR, P14)
cm_add("tg-armor-out-of-marsh-no-overrun", CM_TG, "base turned", lambda v: (
    cm_duel(v, akind="armor", ter=[ct(C_g4, "marsh")], dice=["flag", "star", "star"]),
    [["battle.allowed", "eq", True], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]]),
    "Marshes (terrain card 28): armor may not battle the turn it leaves a marsh. " + CM_OVR, SRC + " marsh")
cm_add("tg-armor-onto-bridge", CM_TG, "base turned", lambda v: (
    cm_duel(v, akind="armor", ter=[ct(C_G5, "river"), ct(C_G5, "bridge")], dice=["flag", "star", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]]), "A unit on a River hex with a bridge battles as normal. " + CM_OVR, P15)
cm_add("tg-special-forces-moved-two", CM_TG, "base turned swapped", lambda v: (
    cm_duel(v, akind="special_forces", akw={"moved": 2}, ter=[ct(C_G5, "forest")], dice=["flag", "star"]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]]),
    "Unlike regular Infantry, Special Forces may move 2 hexes and still battle. " + CM_TAKE, DB + " Base Game p.13")
cm_add("tg-elite-armor-moved-three-hill", CM_TG, "base turned", lambda v: (
    cm_duel(v, akind="elite_armor", akw={"moved": 3}, ter=[ct(C_G5, "hill")], dice=["flag", "star"]),
    [["battle.dice", "eq", 2], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]]),
    "An ordered Armor unit may move up to 3 hexes and battle. Elite Armor behave as Armor except ... 4 figures. " + CM_OVR, DB + " Base Game p.13")

# -------------------------------------------------------------- 3. badges and troops with terrain reductions
CM_SF = "Unlike regular Infantry, Special Forces may move 2 hexes and still battle ... They remain subject to usual terrain limitations however."
cm_add("bdg-sf-moved-two-range-two-forest", CM_BDG, "base turned swapped", lambda v: (
    cm_duel(v, akind="special_forces", akw={"moved": 2}, apos=C_G3, ter=[ct(C_G5, "forest")]),
    [["battle.allowed", "eq", True], ["battle.distance", "eq", 2], ["battle.dice", "eq", 1]]), CM_SF, DB + " Base Game p.13")
cm_add("bdg-sf-moved-two-onto-town", CM_BDG, "base turned", lambda v: (
    cm_duel(v, akind="special_forces", akw={"moved": 2}, ter=[ct(C_g4, "town")]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]]), CM_SF + " A unit may not battle the turn it moves onto a Town hex.", DB + " Base Game p.13-14")
cm_add("bdg-sf-moved-three", CM_BDG, "base turned", lambda v: (
    cm_duel(v, akind="special_forces", akw={"moved": 3}),
    [["battle.allowed", "eq", False]]), CM_SF, DB + " Base Game p.13")
cm_add("bdg-infantry-moved-two", CM_BDG, "base swapped", lambda v: (
    cm_duel(v, akw={"moved": 2}),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]]), "An ordered Infantry unit may move up to 1 hex and battle or 2 hexes and not battle.", BASE + " Move Units")
cm_add("bdg-elite-armor-moved-three-hedgerow-range-two", CM_BDG, "base turned swapped", lambda v: (
    cm_duel(v, akind="elite_armor", akw={"moved": 3}, apos=C_G3, ter=[ct(C_G5, "hedgerow")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]]), "Hedgerow: Armor reduce the number of Battle dice rolled by 2. Elite Armor behave as Armor.", P14)
cm_add("bdg-armor-town-vs-forest-nothing-left", CM_BDG, "base turned", lambda v: (
    cm_duel(v, akind="armor", ter=[ct(C_g4, "town"), ct(C_G5, "forest")]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]]),
    "Armor on a Town hex will reduce the number of Battle dice it rolls by 2; against a forest Armor reduce by 2 (3 - 2 - 2: none left)", P14)
cm_add("bdg-elite-armor-town-vs-hill", CM_BDG, "base turned swapped", lambda v: (
    cm_duel(v, akind="elite_armor", ter=[ct(C_g4, "town"), ct(C_G5, "hill")]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]]),
    "Armor on a Town hex will reduce the number of Battle dice it rolls by 2; a target up a Hill: -1 (3 - 2 - 1)", P14)
cm_add("bdg-infantry-wire-vs-sandbags", CM_BDG, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_g4, "barbed_wire"), ct(C_G5, "sandbags")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]]),
    "Barbed wire: infantry battling out of it reduce by 1 (terrain card 15); Sandbags: Infantry reduce by 1 (3 - 1 - 1)", OBST)
cm_add("bdg-infantry-wire-range-two-sandbags", CM_BDG, "base turned", lambda v: (
    cm_duel(v, apos=C_G3, ter=[ct(C_G3, "barbed_wire"), ct(C_G5, "sandbags")]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]]), "Barbed wire out -1, sandbags -1, 2 dice at range 2: none left", OBST)
cm_add("bdg-artillery-town-vs-forest", CM_BDG, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "artillery", (12, 8)), cu("x1", "axis", "infantry", C_G5)], [ct((12, 8), "town"), ct(C_G5, "forest")], battle()),
    [["battle.allowed", "eq", True], ["battle.distance", "eq", 4], ["battle.dice", "eq", 2]]),
    "Artillery Battle dice are not reduced (forest); only Armor on a Town reduces its own dice.", P13 + "; " + P14)
cm_add("bdg-resistance-entered-forest-vs-town", CM_BDG, "base turned swapped", lambda v: (
    cm_duel(v, akind="french_resistance", akw={"moved": 1}, ter=[ct(C_g4, "forest"), ct(C_G5, "town")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]]),
    "French Resistance forces may always battle when they penetrate a new terrain type (Woods, Villages, Hedgerows)", DB + " Base Game p.12")
cm_add("bdg-resistance-moved-two", CM_BDG, "base turned", lambda v: (
    cm_duel(v, akind="french_resistance", akw={"moved": 2}),
    [["battle.allowed", "eq", False]]), "Unlike other Special Forces, French Resistance units that opt to move 2 hexes may not battle on the same turn.", DB + " Base Game p.12")
for kind, figs in [("elite_armor", 4), ("armor", 3)]:
    cm_add(f"bdg-{kind.replace('_', '-')}-default-figures", CM_BDG, "base swapped", lambda v, kind=kind, figs=figs: (
        cm_duel(v, akind="artillery", tkind=kind, dice=["armor", "armor", "armor"]),
        [["result.figures_removed", "eq", 3], ["result.eliminated", "eq", figs == 3], ["result.medals." + v.s("allies"), "eq", 1 if figs == 3 else 0]]),
        "Elite Armor units start with 4 tank figures per unit; an Armor unit - 3 (figures defaults to the type's full strength)", DB + " Base Game p.13")
for kind, figs in [("special_forces", 4), ("french_resistance", 3), ("infantry", 4)]:
    cm_add(f"bdg-{kind.replace('_', '-')}-default-figures", CM_BDG, "base swapped", lambda v, kind=kind, figs=figs: (
        cm_duel(v, tkind=kind, dice=["infantry", "infantry", "grenade"]),
        [["result.figures_removed", "eq", 3], ["result.eliminated", "eq", figs == 3]]),
        "French Resistance always start with 3 figures per unit, in lieu of the standard 4; Special Forces as Infantry (4)", DB + " Base Game p.12")
cm_add("bdg-sandbags-on-hill-not-added", CM_BDG, "base turned", lambda v: (
    cm_duel(v, akind="armor", ter=[ct(C_G5, "hill"), ct(C_G5, "sandbags")]),
    [["battle.dice", "eq", 2]]),
    "a sandbag on a village does not add anything to the village protection (the best single protection counts: docs/rules-referee.md)", OBST)

# -------------------------------------------------------------- 4. flags: what ignores one, what ignores all
cm_add("flg-sandbags-and-bunker-one-flag", CM_FLG, "base turned swapped", lambda v: (
    cm_duel(v, ter=[ct(C_G5, "bunker", owner="axis"), ct(C_G5, "sandbags")], dice=["flag", "flag"]),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 1], *ret_hexes(v, [C_f6, C_g6])]),
    "Some obstacles will allow certain units to ignore the first flag rolled against them (the first flag: one, however many obstacles)", OBST)
cm_add("flg-japanese-cave-all-flags", CM_FLG, "base turned swapped", lambda v: (
    cm_duel(v, akind="artillery", apos=C_G3, ter=[ct(C_G5, "cave")], tkw={"nation": "jp"}, dice=["flag", "flag", "flag"]),
    [["battle.dice", "eq", 3], ["result.flags", "eq", 3], ["result.flags_ignored", "eq", 3], ["result.retreat", "eq", []]]),
    "Infantry in caves MUST ignore all flags (memoir44 wikia 'Japanese Imperial Army'; terrain card 52: Japanese units must ignore all flags)", SRC + " cave")
cm_add("flg-cave-not-japanese-no-flag", CM_FLG, "base turned", lambda v: (
    cm_duel(v, akind="artillery", apos=C_G3, ter=[ct(C_G5, "cave")], dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 0], *ret_hexes(v, [C_f6, C_g6])]),
    "terrain card 52: Japanese units must ignore all flags (only Japanese ones)", SRC + " cave")
cm_add("flg-barrage-sandbags-no-ignore", CM_FLG, "base turned", lambda v: (
    cm_q(v, [cu("x1", "axis", "infantry", C_G5)], [ct(C_G5, "sandbags")], {"battle": {"target": "x1", "card": "barrage", "side": v.s("allies")}},
         ["flag", "star", "star", "star"]),
    [["result.flags_ignored", "eq", 0], *ret_hexes(v, [C_f6, C_g6])]),
    "Barrage: 4 dice, terrain ignored, flags not ignorable (docs/rules-cards.md)", "docs/rules-cards.md battle with a card")
cm_add("flg-japanese-on-sandbags-one-flag", CM_FLG, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_G5, "sandbags")], tkw={"nation": "jp"}, dice=["flag", "star"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]]),
    "Japanese infantry must ignore one flag; a unit on Sandbags may ignore the first flag (one flag at least either way)", SRC + " imperial_japanese_army")
cm_add("flg-cemetery-one-flag", CM_FLG, "base turned swapped", lambda v: (
    cm_duel(v, ter=[ct(C_G5, "cemetery")], dice=["flag", "flag", "star"]),
    [["battle.dice", "eq", 3], ["result.flags_ignored", "eq", 1], *ret_hexes(v, [C_f6, C_g6])]),
    "Cemeteries (terrain card 18): No movement restrictions; No combat restrictions; Unit may ignore one flag", SRC + " cemetery")
cm_add("flg-hedgehogs-armor-attacker", CM_FLG, "base turned", lambda v: (
    cm_duel(v, akind="armor", ter=[ct(C_G5, "hedgehogs")], dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []], ["result.take_ground", "eq", False]]),
    "Hedgehogs: ignore 1 flag, no protection", OBST)
cm_add("flg-trenches-armor-no-ignore", CM_FLG, "base turned", lambda v: (
    cm_duel(v, tkind="armor", ter=[ct(C_G5, "trenches")], dice=["flag", "star"]),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 0], *ret_hexes(v, [C_f6, C_g6])]),
    "Trenches (terrain card 51): infantry ignore 1 flag (bga-memoir Terrains/Trenches.php: canIgnoreOneFlag = [INFANTRY])", SRC + " trenches")
cm_add("flg-trenches-infantry-ignores", CM_FLG, "base turned swapped", lambda v: (
    cm_duel(v, ter=[ct(C_G5, "trenches")], dice=["flag", "star"]),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]]),
    "Trenches (terrain card 51): infantry ignore 1 flag, protection 1/1", SRC + " trenches")
cm_add("flg-bunker-no-owner-either-side", CM_FLG, "base turned swapped", lambda v: (
    cm_duel(v, ter=[ct(C_G5, "bunker")], dice=["flag", "star"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]]),
    "a bunker given without an owner protects either side (docs/rules-referee.md Bunker protection)", "docs/rules-referee.md Interpretations")
cm_add("flg-church-one-flag-two-rolled", CM_FLG, "base turned", lambda v: (
    cm_duel(v, akind="artillery", apos=C_G3, ter=[ct(C_G5, "church")], dice=["flag", "flag", "star"]),
    [["result.flags_ignored", "eq", 1], *ret_hexes(v, [C_f6, C_g6])]),
    "Churches (terrain card 19): as Villages, ignore 1 flag", SRC + " church")
cm_add("flg-dam-one-flag", CM_FLG, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_G5, "dam")], dice=["flag", "star", "star"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]]), "Dams (terrain card 20): ignore 1 flag", SRC + " dam")

# -------------------------------------------------------------- 5. line of sight along hex edges, mixed terrain
CM_EDGE = ("When the imaginary line runs along the edge of one or several hexes which contain obstructions, the line of sight is "
           "not blocked, unless the obstructions stand somewhere along both sides of the line segment.")


def cm_los(v: CmView, a: Cm, b: Cm, ter: list[tuple[Cm, str, dict[str, Any]]], units: list[CmUnit] | None = None) -> dict[str, Any]:
    return cm_q(v, units or [], ter, {"line_of_sight": {"from": v.n(a), "to": v.n(b)}})


# G5-G3 runs between f4 and g4; G5-h6 between g6 and H5; G5-e6 between f6 and F5
CM_EDGES = [("col", C_G5, C_G3, C_f4, (13, 5)), ("ne", C_G5, (15, 3), C_g6, C_H5), ("nw", C_G5, (9, 3), C_f6, C_F5)]
for ename, a, b, left, right in CM_EDGES:
    for lname, lt, rt, clear in [("forest-town", "forest", "town", False), ("forest-sandbags", "forest", "sandbags", True),
                                 ("hill-forest", "hill", "forest", False), ("river-hedgerow", "river", "hedgerow", True),
                                 ("airfield-town", "airfield", "town", True), ("dragons-teeth-forest", "dragons_teeth", "forest", False),
                                 ("wire-hedgerow", "barbed_wire", "hedgerow", True), ("lake-forest", "lake", "forest", True)]:
        cm_add(f"los-{ename}-{lname}", CM_LOS, "base turned", lambda v, a=a, b=b, left=left, right=right, lt=lt, rt=rt, clear=clear: (
            cm_los(v, a, b, [ct(left, lt), ct(right, rt)]),
            [["line_of_sight.clear", "eq", clear], ["line_of_sight.distance", "eq", 2]]),
            CM_EDGE + " (forest, town, hedgerow, hill, dragon's teeth block; sandbags, river, airfield, wire and a single lake do not)",
            BASE + " Line of Sight; " + P13 + "; " + P14 + "; " + AIR + " p.10")
    cm_add(f"los-{ename}-unit-and-town", CM_LOS, "base", lambda v, a=a, b=b, left=left, right=right: (
        cm_los(v, a, b, [ct(right, "town")], [cu("x9", "axis", "infantry", left)]),
        [["line_of_sight.clear", "eq", False]]), CM_EDGE + " Obstructions include units (friends or foes).", BASE + " Line of Sight")
    cm_add(f"los-{ename}-end-hexes-forest-town", CM_LOS, "base", lambda v, a=a, b=b, left=left: (
        cm_los(v, a, b, [ct(a, "forest"), ct(b, "town"), ct(left, "forest")]),
        [["line_of_sight.clear", "eq", True]]), "The terrain in the target hex does not block line of sight. " + CM_EDGE, BASE + " Line of Sight")
cm_add("los-plateau-hill-and-forest-edge", CM_LOS, "base turned", lambda v: (
    cm_los(v, C_G5, C_G3, [ct(C_G5, "hill"), ct(C_G3, "hill"), ct(C_f4, "hill"), ct((13, 5), "forest")]),
    [["line_of_sight.clear", "eq", True]]),
    "Line of sight is not blocked when units are at the same height and on the same Hill (plateau effect). " + CM_EDGE, P14)
cm_add("los-long-edge-unit-and-hedgerow", CM_LOS, "base turned", lambda v: (
    cm_los(v, C_G7, (12, 8), [ct((13, 5), "hedgerow")], [cu("x9", "axis", "armor", C_f6)]),
    [["line_of_sight.clear", "eq", False], ["line_of_sight.distance", "eq", 6]]), CM_EDGE, BASE + " Line of Sight")
cm_add("los-long-edge-one-side-mixed", CM_LOS, "base turned", lambda v: (
    cm_los(v, C_G7, (12, 8), [ct(C_f6, "forest"), ct((11, 7), "town")], [cu("x9", "axis", "armor", C_f4)]),
    [["line_of_sight.clear", "eq", True]]), CM_EDGE + " (all on one side)", BASE + " Line of Sight")
cm_add("los-battle-edge-mixed-blocked", CM_LOS, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", C_G3), cu("x1", "axis", "infantry", C_G5)], [ct(C_f4, "forest"), ct((13, 5), "hill")], battle()),
    [["battle.allowed", "eq", False], ["battle.line_of_sight", "eq", False], ["battle.dice", "eq", 0]]),
    "To battle, an Infantry or Armor unit must be able to see the enemy unit it wants to target. " + CM_EDGE, BASE + " Line of Sight")
cm_add("los-battle-edge-mixed-artillery-fires", CM_LOS, "base turned", lambda v: (
    cm_q(v, [cu("a1", "allies", "artillery", C_G3), cu("x1", "axis", "infantry", C_G5)], [ct(C_f4, "forest"), ct((13, 5), "hill")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), "An Artillery unit does not require line of sight to target an enemy unit.", BASE + " Line of Sight")

# -------------------------------------------------------------- 6. the close-assault obligation with terrain
# a1 on G3; adjacent enemy x2 on g4; distant target x1 on D3 (3 hexes along row 3, clear)
C_D3, C_G3n = (6, 6), (13, 5)


def cm_pin(v: CmView, akind: str = "infantry", ter: list[tuple[Cm, str, dict[str, Any]]] | None = None, target: str = "x1",
           akw: dict[str, Any] | None = None, x2kind: str = "infantry", **ask: Any) -> dict[str, Any]:
    units = [cu("a1", "allies", akind, C_G3, **(akw or {})), cu("x1", "axis", "infantry", C_D3), cu("x2", "axis", x2kind, C_G3n)]
    return cm_q(v, units, ter or [], battle("a1", target, **ask))


cm_add("ca-pinned-by-enemy-in-forest", CM_CA, "base turned swapped", lambda v: (
    cm_pin(v, ter=[ct(C_G3n, "forest")]), [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]]), CM_CLOSE, BASE + " Battle")
cm_add("ca-close-assault-enemy-in-forest", CM_CA, "base turned swapped", lambda v: (
    cm_pin(v, ter=[ct(C_G3n, "forest")], target="x2"),
    [["battle.allowed", "eq", True], ["battle.close_assault", "eq", True], ["battle.dice", "eq", 2]]), CM_CLOSE, BASE + " Battle; " + P13)
cm_add("ca-pinned-by-enemy-on-ocean", CM_CA, "base turned", lambda v: (
    cm_pin(v, ter=[ct(C_G3n, "ocean")]), [["battle.allowed", "eq", False]]), CM_CLOSE + " (an enemy on an ocean hex is still adjacent)", BASE + " Battle")
cm_add("ca-distant-check-unpinned", CM_CA, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", C_G3), cu("x1", "axis", "infantry", C_D3)], [ct(C_G3n, "forest")], battle()),
    [["battle.allowed", "eq", True], ["battle.distance", "eq", 3], ["battle.dice", "eq", 1]]), "It rolls ... 1 die against a target at 3 hexes.", BASE + " Battle Range")
cm_add("ca-entered-forest-no-battle-at-all", CM_CA, "base turned", lambda v: (
    cm_pin(v, akw={"moved": 1}, ter=[ct(C_G3, "forest")], target="x2"),
    [["battle.allowed", "eq", False]]), "A unit may not battle the turn it moves onto a Forest hex.", P13)
cm_add("ca-artillery-pinned", CM_CA, "base turned swapped", lambda v: (
    cm_pin(v, akind="artillery"), [["battle.allowed", "eq", False]]), CM_CLOSE + " (any unit)", BASE + " Battle")
cm_add("ca-artillery-close-assault", CM_CA, "base turned", lambda v: (
    cm_pin(v, akind="artillery", target="x2", ter=[ct(C_G3n, "town")]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), CM_CLOSE + " Artillery Battle dice are not reduced.", P14)
cm_add("ca-armor-town-vs-forest-pinned-zero", CM_CA, "base turned", lambda v: (
    cm_pin(v, akind="armor", ter=[ct(C_G3, "town"), ct(C_G3n, "forest")], target="x2"),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]]), "Armor on a Town -2; target in forest -2: no dice left", P14)
cm_add("ca-armor-town-pinned-distant-refused", CM_CA, "base turned", lambda v: (
    cm_pin(v, akind="armor", ter=[ct(C_G3, "town"), ct(C_G3n, "forest")]),
    [["battle.allowed", "eq", False]]), CM_CLOSE, BASE + " Battle")
cm_add("ca-two-adjacent-either", CM_CA, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", C_G3), cu("x1", "axis", "infantry", (11, 7)), cu("x2", "axis", "infantry", C_G3n)],
         [ct((11, 7), "hedgerow")], battle()),
    [["battle.allowed", "eq", True], ["battle.close_assault", "eq", True], ["battle.dice", "eq", 2]]), CM_CLOSE + " (either adjacent enemy)", BASE + " Battle")
cm_add("ca-overrun-pinned-again", CM_CA, "base turned", lambda v: (
    cm_pin(v, akind="armor", akw={"moved": 1}, overrun=True), [["battle.allowed", "eq", False]]),
    "If the ground you take during the Overrun puts you adjacent to an enemy unit, this second battle must once again be a Close Assault Combat.",
    BASE + " Armor Overrun Combat")
cm_add("ca-overrun-close-assault", CM_CA, "base turned swapped", lambda v: (
    cm_pin(v, akind="armor", akw={"moved": 1}, overrun=True, target="x2"),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), "this second battle must once again be a Close Assault Combat", BASE + " Armor Overrun Combat")
cm_add("ca-overrun-fires-when-free", CM_CA, "base turned", lambda v: (
    cm_q(v, [cu("a1", "allies", "armor", C_G3, moved=1), cu("x1", "axis", "infantry", C_D3)], [], battle(overrun=True)),
    [["battle.allowed", "eq", True], ["battle.close_assault", "eq", False], ["battle.dice", "eq", 3]]),
    "Otherwise, you may fire at a distant unit.", BASE + " Armor Overrun Combat")
cm_add("ca-resistance-entered-town-pinned", CM_CA, "base turned swapped", lambda v: (
    cm_pin(v, akind="french_resistance", akw={"moved": 1}, ter=[ct(C_G3, "town"), ct(C_G3n, "town")], target="x2"),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]]), "French Resistance may always battle when they penetrate a new terrain type. " + CM_CLOSE, DB + " Base Game p.12")

# -------------------------------------------------------------- 7. medals and objectives around a retreat or take ground


def cm_vic(v: CmView, units: list[CmUnit], objectives: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    objs = []
    for o in objectives:
        o2 = dict(o)
        o2["hexes"] = v.ns(o["hexes"])
        if "side" in o2:
            o2["side"] = v.s(o2["side"])
        objs.append(o2)
    body: dict[str, Any] = {"target": kw.pop("target", 6), "objectives": objs, "active": v.s(kw.pop("active", "allies"))}
    if "permanent" in kw:
        body["permanent"] = {k: v.s(s) for k, s in kw.pop("permanent").items()}
    return cm_q(v, units, [], {"victory": body})


CM_VC = "Air Pack 'Victory Conditions' as docs/rules-cards.md tables them (temporary, permanent, sudden death)"
cm_add("med-temporary-held-after-take-ground", CM_MED, "base turned swapped", lambda v: (
    cm_vic(v, [cu("a1", "allies", "infantry", C_G5, moved=1), cu("x1", "axis", "infantry", C_f6)],
           [{"id": "town", "kind": "temporary", "hexes": [C_G5], "side": "allies"}]),
    [["victory.medals." + v.s("allies") + ".temporary", "eq", 1], ["victory.medals." + v.s("axis") + ".temporary", "eq", 0]]),
    "temporary: held only while a unit of the claiming side stands on the hex (" + CM_VC + ")", "docs/rules-cards.md victory")
cm_add("med-temporary-lost-after-retreat", CM_MED, "base turned swapped", lambda v: (
    cm_vic(v, [cu("a1", "allies", "infantry", C_f4), cu("x1", "axis", "infantry", C_f6)],
           [{"id": "town", "kind": "temporary", "hexes": [C_G5], "side": "allies"}]),
    [["victory.medals." + v.s("allies") + ".temporary", "eq", 0]]),
    "temporary: held only while a unit of the claiming side stands on the hex (" + CM_VC + ")", "docs/rules-cards.md victory")
cm_add("med-temporary-enemy-on-it", CM_MED, "base turned", lambda v: (
    cm_vic(v, [cu("x1", "axis", "infantry", C_G5)], [{"id": "town", "kind": "temporary", "hexes": [C_G5], "side": "allies"}]),
    [["victory.medals." + v.s("allies") + ".temporary", "eq", 0], ["victory.medals." + v.s("axis") + ".temporary", "eq", 0]]),
    "temporary, claimable by the side named only (" + CM_VC + ")", "docs/rules-cards.md victory")
cm_add("med-permanent-kept-after-retreat", CM_MED, "base turned swapped", lambda v: (
    cm_vic(v, [cu("a1", "allies", "infantry", C_f4)], [{"id": "br", "kind": "permanent", "hexes": [C_G5], "side": "allies"}], permanent={"br": "allies"}),
    [["victory.medals." + v.s("allies") + ".permanent", "eq", 1]]), "permanent: captured for good when a unit of the claiming side enters (" + CM_VC + ")", "docs/rules-cards.md victory")
cm_add("med-permanent-captured-now", CM_MED, "base turned swapped", lambda v: (
    cm_vic(v, [cu("a1", "allies", "infantry", C_G5, moved=1)], [{"id": "br", "kind": "permanent", "hexes": [C_G5], "side": "allies"}]),
    [["victory.medals." + v.s("allies") + ".permanent", "eq", 1], ["victory.permanent.br", "eq", v.s("allies")]]),
    "permanent: captured for good when a unit of the claiming side enters (" + CM_VC + ")", "docs/rules-cards.md victory")
cm_add("med-sudden-death-taken", CM_MED, "base turned swapped", lambda v: (
    cm_vic(v, [cu("a1", "allies", "infantry", (12, 0), moved=1)], [{"id": "hq", "kind": "sudden_death", "hexes": [(12, 0)], "side": "allies"}]),
    [["victory.over", "eq", True], ["victory.winner", "eq", v.s("allies")]]), "sudden_death: the side wins at once when it holds the hexes (" + CM_VC + ")", "docs/rules-cards.md victory")
cm_add("med-sudden-death-not-yet", CM_MED, "base turned", lambda v: (
    cm_vic(v, [cu("a1", "allies", "infantry", (13, 1))], [{"id": "hq", "kind": "sudden_death", "hexes": [(12, 0)], "side": "allies"}]),
    [["victory.over", "eq", False], ["victory.winner", "falsy", None]]), "sudden_death: the side wins at once when it holds the hexes (" + CM_VC + ")", "docs/rules-cards.md victory")
cm_add("med-temporary-reaches-target", CM_MED, "base turned swapped", lambda v: (
    cm_vic(v, [cu("a1", "allies", "infantry", C_G5)], [{"id": "town", "kind": "temporary", "hexes": [C_G5], "side": "allies"}], target=1),
    [["victory.over", "eq", True], ["victory.winner", "eq", v.s("allies")]]),
    "The object of the game is to be the first to win a set number of Victory Medals.", BASE + " Object of the Game")
cm_add("med-axis-attacker-last-figure", CM_MED, "base turned swapped", lambda v: (
    cm_q(v, [cu("x1", "axis", "infantry", C_G5), cu("a1", "allies", "armor", C_g4, figures=1)], [], battle("x1", "a1"), ["armor", "flag", "star"]),
    [["result.eliminated", "eq", True], ["result.medals." + v.s("axis"), "eq", 1], ["result.medals." + v.s("allies"), "eq", 0], ["result.retreat", "eq", []]]),
    CM_MEDAL, BASE + " Object of the Game")
cm_add("med-extra-hits-no-effect", CM_MED, "base turned", lambda v: (
    cm_duel(v, tkind="artillery", dice=["grenade", "grenade", "grenade"]),
    [["result.hits", "eq", 3], ["result.figures_removed", "eq", 2], ["result.eliminated", "eq", True], ["result.medals.allies", "eq", 1]]),
    CM_HITS + " An Artillery unit is usually made of 2 figures.", BASE + " Resolve Battle; Setup")

# -------------------------------------------------------------- 8. breakthrough and overlord geometry
CM_SEC = ("The battlefield is divided into three sections by two red dotted lines ... Where a dotted line cuts through a hex, the "
          "hex is considered to be a part of both the flank and center section (lines at doubled columns 7 and 17; Overlord 17 and 33: docs/rules-sources.md)")


def cm_orders(board: str, side: str, card: str, hexname: str) -> dict[str, Any]:
    out = q([U("u1", side, "infantry", hexname)], {"orders": {"card": card, "side": side, "units": ["u1"]}})
    if board != "standard":
        out["board"] = board
    return out


for board, side, hexname, cards_ok, cards_no in [
        ("standard", "allies", "I1", ["probe_center"], ["probe_right", "probe_left"]),
        ("standard", "allies", "i2", ["probe_center", "probe_right"], ["probe_left"]),
        ("standard", "allies", "J1", ["probe_right"], ["probe_center"]),
        ("standard", "axis", "A9", ["probe_right"], ["probe_left", "probe_center"]),
        ("standard", "axis", "d8", ["probe_right", "probe_center"], ["probe_left"]),
        ("breakthrough", "allies", "d10", ["probe_left", "probe_center"], ["probe_right"]),
        ("breakthrough", "axis", "E17", ["probe_center"], ["probe_left", "probe_right"]),
        ("breakthrough", "axis", "M1", ["probe_left"], ["probe_center"]),
        ("overlord", "allies", "I1", ["probe_left"], ["probe_center"]),
        ("overlord", "allies", "i2", ["probe_left", "probe_center"], ["probe_right"]),
        ("overlord", "allies", "J1", ["probe_center"], ["probe_left"]),
        ("overlord", "allies", "Q1", ["probe_center"], ["probe_right"]),
        ("overlord", "allies", "q2", ["probe_center", "probe_right"], ["probe_left"]),
        ("overlord", "allies", "R1", ["probe_right"], ["probe_center"]),
        ("overlord", "axis", "Z9", ["probe_left"], ["probe_right"]),
        ("overlord", "axis", "A9", ["probe_right"], ["probe_left", "probe_center"])]:
    for card in cards_ok + cards_no:
        ok = card in cards_ok
        add(f"cmb10-geo-{board}-{side}-{hexname}-{card.replace('_', '-')}", CM_GEO, cm_orders(board, side, card, hexname),
            [["orders.valid", "eq", ["u1"] if ok else []]], CM_SEC + " (the top player's left flank is the board's right)",
            BASE + " Game Board; " + SRC + " Board")
for board, good, bad in [("standard", ["M9", "l8", "A1", "G5"], ["N1", "l9", "m8", "g5", "A10", "A0"]),
                         ("breakthrough", ["A17", "l16", "G9", "M1"], ["A18", "l17", "G10", "N17"]),
                         ("overlord", ["Z9", "y8", "Z1", "M5"], ["z8", "Z2", "y9", "a9"])]:
    for h in good:
        add(f"cmb10-geo-{board}-hex-{h}-ok", CM_GEO, {**q([U("a1", "allies", "infantry", h)], los(h, "B1" if h != "B1" else "C1")), "board": board},
            [["line_of_sight.distance", "ge", 1]], "number = board height - row; col + row is always even", CM_QUERY + " Hexes", exit=0)
    for h in bad:
        add(f"cmb10-geo-{board}-hex-{h}-bad", CM_GEO, {**q([U("a1", "allies", "infantry", h)], los("A1", "B1")), "board": board},
            [["error.field", "eq", "units.0.hex"]], "`A8` is not a hex (it would be a half hex) and is an error.", CM_QUERY + " Hexes", exit=2)
for board, a, b, d in [("breakthrough", "A17", "A1", 16), ("breakthrough", "A17", "M17", 12), ("overlord", "A1", "y2", 25),
                       ("overlord", "A9", "Z1", 29), ("standard", "A9", "M1", 16)]:
    add(f"cmb10-geo-{board}-distance-{a}-{b}", CM_GEO, {**q([], los(a, b)), "board": board}, [["line_of_sight.distance", "eq", d]],
        "Neighbours of (col,row) are (col±2,row) and (col±1,row±1).", CM_QUERY + " Hexes")


def cm_reach(board: str, start: Cm, steps: int) -> dict[str, int]:
    w, h = CM_SIZE[board]
    seen = {start: 0}
    frontier = [start]
    for k in range(1, steps + 1):
        nxt = []
        for c, r in frontier:
            for dc, dr in [(2, 0), (-2, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]:
                p = (c + dc, r + dr)
                if 0 <= p[0] <= w and 0 <= p[1] < h and p not in seen:
                    seen[p] = k
                    nxt.append(p)
        frontier = nxt
    return {cm_name(*p, board): k for p, k in seen.items()}  # the unit's own hex too: it does not have to move


for board, start, kind, steps, battle_within in [("breakthrough", (0, 0), "infantry", 2, 1), ("overlord", (50, 4), "armor", 3, 3),
                                                 ("overlord", (25, 7), "infantry", 2, 1), ("breakthrough", (24, 16), "special_forces", 2, 2)]:
    reach = cm_reach(board, start, steps)
    add(f"cmb10-geo-{board}-move-{kind}-{cm_name(*start, board)}", CM_GEO,
        {**q([U("a1", "allies", kind, cm_name(*start, board))], move()), "board": board},
        [["move.destinations.*.hex", "set", sorted(reach)],
         *[[f"move.destinations.[hex={hn}].can_battle", "eq", k <= battle_within] for hn, k in sorted(reach.items())][:6]],
        "An ordered Infantry unit may move up to 1 hex and battle or 2 hexes and not battle. An ordered Armor unit may move up to 3 hexes and battle. "
        "A unit that is ordered does not have to move (its own hex is listed, path_length 0).", BASE + " Move Units; " + CM_QUERY + " Hexes")

# -------------------------------------------------------------- 9. the contract's edges
CM_ERR = "Exit 2 when the query is invalid, and on stdout {\"error\": {\"field\": \"<dotted path>\", \"message\": ...}}"
CM_INV = CM_QUERY + " Invocation"
CM_TWO = [U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5")]
for cid, query, field_name in [
        ("unknown-top-field", {**q(CM_TWO, battle()), "unit": 1}, "unit"),
        ("unknown-unit-field", q([U("a1", "allies", "infantry", "g4", strength=4), CM_TWO[1]], battle()), "units.0.strength"),
        ("unknown-battle-field", q(CM_TWO, battle(weapon="mortar")), "ask.battle.weapon"),
        ("unknown-move-field", q(CM_TWO, move(speed=2)), "ask.move.speed"),
        ("unknown-los-field", q(CM_TWO, {"line_of_sight": {"from": "g4", "to": "G5", "height": 1}}), "ask.line_of_sight.height"),
        ("los-missing-from", q(CM_TWO, {"line_of_sight": {"to": "G5"}}), "ask.line_of_sight.from"),
        ("battle-missing-target", q(CM_TWO, {"battle": {"attacker": "a1"}}), "ask.battle.target"),
        ("battle-missing-attacker", q(CM_TWO, {"battle": {"target": "x1"}}), "ask.battle.attacker"),
        ("move-missing-unit", q(CM_TWO, {"move": {}}), "ask.move.unit"),
        ("ask-empty-object", q(CM_TWO, {}), "ask"),
        ("ask-null", q(CM_TWO, None), "ask"),
        ("ask-missing", {"units": CM_TWO}, "ask"),
        ("bottom-unknown", {**q(CM_TWO, battle()), "bottom": "north"}, "bottom"),
        ("board-unknown", {**q(CM_TWO, battle()), "board": "huge"}, "board"),
        ("air-unknown", q(CM_TWO, battle(), rules={"air": "air pack"}), "rules.air"),
        ("terrain-second-hex-bad", q(CM_TWO, battle(), [T("G5", "forest"), T("G4", "forest")]), "terrain.1.hex"),
        ("terrain-second-type-bad", q(CM_TWO, battle(), [T("G5", "forest"), T("F5", "lava")]), "terrain.1.type"),
        ("unit-second-side-bad", q([CM_TWO[0], U("x1", "german", "infantry", "G5")], battle()), "units.1.side"),
        ("unit-third-same-hex", q(CM_TWO + [U("x2", "axis", "armor", "G5")], battle()), "units.2.hex"),
        ("unit-third-same-id", q(CM_TWO + [U("a1", "axis", "armor", "H5")], battle()), "units.2.id"),
        ("armor-four-figures", q([CM_TWO[0], U("x1", "axis", "armor", "G5", figures=4)], battle()), "units.1.figures"),
        ("resistance-four-figures", q([U("a1", "allies", "french_resistance", "g4", figures=4), CM_TWO[1]], battle()), "units.0.figures"),
        ("artillery-three-figures", q([U("a1", "allies", "artillery", "g4", figures=3), CM_TWO[1]], battle()), "units.0.figures"),
        ("figures-zero-second", q([CM_TWO[0], U("x1", "axis", "infantry", "G5", figures=0)], battle()), "units.1.figures"),
        ("moved-string", q([U("a1", "allies", "infantry", "g4", moved="1"), CM_TWO[1]], battle()), "units.0.moved"),
        ("unit-not-object", q([CM_TWO[0], "x1"], battle()), "units.1"),
        ("unit-missing-hex", q([CM_TWO[0], {"id": "x1", "side": "axis", "type": "infantry"}], battle()), "units.1.hex"),
        ("target-unknown-id", q(CM_TWO, battle("a1", "x9")), "ask.battle.target"),
        ("attacker-unknown-id", q(CM_TWO, battle("a9", "x1")), "ask.battle.attacker"),
        ("dice-too-few", q(CM_TWO, battle(), dice=["flag"]), "dice"),
        ("dice-face-capital", q(CM_TWO, battle(), dice=["FLAG", "star", "star"]), "dice.0"),
        ("dice-face-third-bad", q(CM_TWO, battle(), dice=["flag", "star", "skull"]), "dice.2"),
        ("los-from-half-hex", q(CM_TWO, los("G4", "G5")), "ask.line_of_sight.from"),
        ("los-to-off-board", q(CM_TWO, los("G5", "G10")), "ask.line_of_sight.to"),
        ("los-to-lower-even", q(CM_TWO, los("G5", "c5")), "ask.line_of_sight.to"),
        ("terrain-not-list", {**q(CM_TWO, battle()), "terrain": {"hex": "G5", "type": "forest"}}, "terrain"),
        ("rules-not-object", {**q(CM_TWO, battle()), "rules": "air-pack"}, "rules"),
        ("terrain-owner-bad", q(CM_TWO, battle(), [T("G5", "bunker", owner="germans")]), "terrain.0.owner")]:
    add(f"cmb10-con-err-{cid}", CM_CON, query, [["error.field", "eq", field_name]],
        CM_ERR + " (the first bad field as a dotted path, list items by index: docs/rules-referee.md Errors)", CM_INV, exit=2)
add("cmb10-con-err-malformed-trailing", CM_CON, None, [["error.field", "eq", ""]], CM_ERR + " malformed JSON (field \"\")", CM_INV, exit=2,
    raw='{"units": [], "ask": {"line_of_sight": {"from": "A1", "to": "B1"}}} x')
add("cmb10-con-err-query-list", CM_CON, None, [["error.field", "eq", ""]], CM_ERR, CM_INV, exit=2, raw='[{"ask": {"line_of_sight": {"from": "A1", "to": "B1"}}}]')
add("cmb10-con-err-cli-unknown-type", CM_CON, q([U("a1", "allies", "tank", "g4"), CM_TWO[1]], battle()), [["error.field", "eq", "units.0.type"]],
    CM_ERR + " Examples: an unknown unit type ... Never a Python traceback.", CM_INV, exit=2, cli=True)
# defaults
add("cmb10-con-default-board-bottom-rules", CM_CON, {"units": CM_TWO, "ask": battle(), "dice": ["flag", "star", "star"]},
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3], ["result.retreat.*.hex", "set", ["f6", "g6"]]],
    "`board` default standard; `bottom` default allies (the other side's home is the top row); `terrain` default []; `rules.air` default null",
    CM_QUERY + " Query")
add("cmb10-con-default-bottom-allies-retreats-down", CM_CON, {"units": [U("x1", "axis", "infantry", "g6"), U("a1", "allies", "infantry", "G5")],
                                                               "ask": battle("x1", "a1"), "dice": ["flag", "star", "star"]},
    [["result.retreat.*.hex", "set", ["f4", "g4"]]], "`bottom` (default allies): Retreats go toward a unit's own home edge; row 0 is the top edge",
    CM_QUERY + " Query")
add("cmb10-con-bottom-axis-allies-retreat-up", CM_CON, {"units": [U("x1", "axis", "infantry", "g4"), U("a1", "allies", "infantry", "G5")],
                                                         "ask": battle("x1", "a1"), "dice": ["flag", "star", "star"], "bottom": "axis"},
    [["result.retreat.*.hex", "set", ["f6", "g6"]]], "`bottom`: the side whose home edge is the bottom row; the other side's is the top row.", CM_QUERY + " Query")
add("cmb10-con-rules-empty-object", CM_CON, {**q(CM_TWO, battle()), "rules": {}}, [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]],
    "`rules.air` default null", CM_QUERY + " Query")
add("cmb10-con-rules-air-null", CM_CON, q(CM_TWO, battle(), rules={"air": None}), [["battle.dice", "eq", 3]], "`rules.air`: `null` (no air rules)", CM_QUERY + " Query")
add("cmb10-con-units-default-empty", CM_CON, {"ask": los("A1", "M9")}, [["line_of_sight.clear", "eq", True], ["line_of_sight.distance", "eq", 16]],
    "`units` default []", CM_QUERY + " Query")
add("cmb10-con-moved-default-zero", CM_CON, q([U("a1", "allies", "infantry", "A5"), U("x1", "axis", "infantry", "D5")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]], "`moved` is the number of hexes the unit moved this turn (default 0)", CM_QUERY + " Query")
add("cmb10-con-card-null-plain", CM_CON, q(CM_TWO, battle(card=None), dice=["infantry", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.hits", "eq", 1], ["result.figures_removed", "eq", 1]], "Ask {\"battle\": {\"attacker\": \"a1\", \"target\": \"x1\", \"card\": null}}", CM_QUERY + " battle")
# answer shape
add("cmb10-con-battle-shape-allowed", CM_CON, q(CM_TWO, battle(), dice=["flag", "infantry", "star"]),
    [["battle.allowed", "eq", True], ["battle.reason", "eq", None], ["battle.distance", "eq", 1], ["battle.line_of_sight", "eq", True],
     ["battle.close_assault", "eq", True], ["battle.dice", "eq", 3], ["result.hits", "eq", 1], ["result.figures_removed", "eq", 1],
     ["result.eliminated", "eq", False], ["result.flags", "eq", 1], ["result.flags_ignored", "eq", 0],
     ["result.retreat.*.figures_lost", "eq", [0, 0]], ["result.retreat.*.eliminated", "eq", [False, False]],
     ["result.medals.allies", "eq", 0], ["result.medals.axis", "eq", 0], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]],
    "Every answer object repeats the ask's name as its key. Fields named here are required.", CM_QUERY + " battle")
add("cmb10-con-battle-refused-no-result", CM_CON, q([U("a1", "allies", "infantry", "A5"), U("x1", "axis", "infantry", "E5")], battle(), dice=[]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0], ["result", "falsy", None]],
    "`result` appears only when `dice` were given and the attack is allowed. `dice` is then 0.", CM_QUERY + " battle")
add("cmb10-con-battle-no-dice-no-result", CM_CON, q(CM_TWO, battle()), [["battle.allowed", "eq", True], ["result", "falsy", None]],
    "`dice` absent: answer only what is known before the roll", CM_QUERY + " Query")
add("cmb10-con-friendly-target-refused", CM_CON, q([U("a1", "allies", "infantry", "g4"), U("a2", "allies", "infantry", "G5")], battle("a1", "a2")),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]], "`allowed` false with a `reason` when the attack is illegal", CM_QUERY + " battle")
add("cmb10-con-refused-reason-text", CM_CON, q([U("a1", "allies", "infantry", "A5"), U("x1", "axis", "infantry", "E5")], battle()),
    [["battle.allowed", "eq", False], ["battle.reason", "startswith", ""]], "`allowed` false with a `reason` (out of range ...)", CM_QUERY + " battle")
add("cmb10-con-los-units-block-either-side", CM_CON, q([U("a1", "allies", "infantry", "F5"), U("a2", "allies", "infantry", "G5")], los("E5", "H5")),
    [["line_of_sight.clear", "eq", False], ["line_of_sight.distance", "eq", 3]], "Units (either side) and blocking terrain between the two hexes block", CM_QUERY + " line_of_sight")
add("cmb10-con-los-end-units-do-not-block", CM_CON, q([U("a1", "allies", "infantry", "E5"), U("x1", "axis", "infantry", "H5")], los("E5", "H5"),
                                                      [T("E5", "forest"), T("H5", "town")]),
    [["line_of_sight.clear", "eq", True]], "the terrain of the two end hexes does not [block]", CM_QUERY + " line_of_sight")
add("cmb10-con-move-shape", CM_CON, q([U("a1", "allies", "armor", "A1")], move()),
    [["move.destinations.[hex=B1].can_battle", "eq", True], ["move.destinations.[hex=D1].can_battle", "eq", True],
     ["move.destinations.*.hex", "excludes", ["E1"]]],
    "Answer {\"move\": {\"destinations\": [{\"hex\": \"F4\", \"can_battle\": true}, ...]}}: every hex the unit may end its move on", CM_QUERY + " move")
add("cmb10-con-move-infantry-two-no-battle", CM_CON, q([U("a1", "allies", "infantry", "G5")], move()),
    [["move.destinations.[hex=G7].can_battle", "eq", False], ["move.destinations.[hex=g6].can_battle", "eq", True],
     ["move.destinations.[hex=E5].can_battle", "eq", False], ["move.destinations", "len", 19]],
    "An ordered Infantry unit may move up to 1 hex and battle or 2 hexes and not battle (18 hexes within 2, and its own: it does not have to move).",
    BASE + " Move Units; " + CM_QUERY + " move")
add("cmb10-con-move-through-units-no", CM_CON, q([U("a1", "allies", "infantry", "A1"), U("a2", "allies", "infantry", "B1"), U("x1", "axis", "infantry", "a2")], move()),
    [["move.destinations.*.hex", "eq", ["A1"]]],
    "When moving a unit, you may not move onto or through a hex occupied by a friendly or enemy unit.", BASE + " Move Units")
add("cmb10-con-los-same-distance-one", CM_CON, q([], los("G5", "g6")), [["line_of_sight.clear", "eq", True], ["line_of_sight.distance", "eq", 1]],
    "Neighbours of (col,row) are (col±2,row) and (col±1,row±1).", CM_QUERY + " Hexes")

# -------------------------------------------------------------- 10. more retreats met with losses, take ground and overrun
C_blk3 = [cu("b1", "axis", "infantry", C_F7), cu("b2", "axis", "infantry", C_G7), cu("b3", "axis", "infantry", C_g8), cu("b4", "axis", "infantry", C_h8)]
cm_add("ret-three-flags-deepest-path", CM_RET, "base turned swapped", lambda v: (
    cm_duel(v, dice=["flag", "flag", "flag"], extra=C_blk3),
    [*ret_hexes(v, [C_H7]), ["result.retreat.0.figures_lost", "eq", 1], ["result.retreat.0.eliminated", "eq", False], ["result.take_ground", "eq", True]]),
    CM_RETREAT + " (f6 then F7/G7 held: 2 moves lost; g6-H7 then g8/h8 held: 1 lost; the player makes the moves that can be made)", BASE + " Retreat")
cm_add("ret-three-flags-one-figure", CM_RET, "base turned", lambda v: (
    cm_duel(v, tkw={"figures": 1}, dice=["flag", "flag", "flag"], extra=C_blk3),
    [["result.retreat.*.eliminated", "eq", [True]], ["result.retreat.0.figures_lost", "eq", 1], ["result.medals.allies", "eq", 0]]),
    CM_RETREAT + " (figures_lost never exceeds the figures the unit has left: docs/rules-referee.md)", BASE + " Retreat")
cm_add("ret-hit-then-losses-capped", CM_RET, "base turned swapped", lambda v: (
    cm_duel(v, tkw={"figures": 2}, dice=["flag", "flag", "infantry"], extra=[cu("b1", "axis", "infantry", C_f6), cu("b2", "axis", "infantry", C_g6)]),
    [["result.figures_removed", "eq", 1], *ret_hexes(v, [C_G5]), ["result.retreat.0.figures_lost", "eq", 1], ["result.retreat.0.eliminated", "eq", True],
     ["result.take_ground", "eq", True]]), "Hits are resolved first, followed by retreats. " + CM_RETREAT, BASE + " Resolve Battle")
for figs, gone in [(2, True), (3, False)]:
    cm_add(f"tg-blocked-two-flags-{figs}-figures", CM_TG, "base turned swapped", lambda v, figs=figs, gone=gone: (
        cm_duel(v, akind="armor", tkw={"figures": figs}, dice=["flag", "flag", "star"], extra=[cu("b1", "axis", "infantry", C_f6), cu("b2", "axis", "infantry", C_g6)]),
        [*ret_hexes(v, [C_G5]), ["result.retreat.0.figures_lost", "eq", 2], ["result.retreat.0.eliminated", "eq", gone],
         ["result.take_ground", "eq", gone], ["result.armor_overrun", "eq", gone]]),
        CM_OVR + " " + CM_RETREAT + " (2 moves lost: a unit of 2 is gone and its hex vacated, a unit of 3 stays)", BASE + " Taking Ground")
cm_add("tg-overrun-battle-retreat-loss-no-second-overrun", CM_TG, "base turned", lambda v: (
    cm_duel(v, akind="armor", akw={"moved": 1}, tkw={"figures": 2}, dice=["flag", "flag", "star"], overrun=True,
            extra=[cu("b1", "axis", "infantry", C_f6), cu("b2", "axis", "infantry", C_g6)]),
    [["result.retreat.0.eliminated", "eq", True], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]]),
    "A unit may Take Ground again after a successful Overrun Combat. However, an Armor unit may only make one Overrun Combat during a turn.",
    BASE + " Armor Overrun Combat")
cm_add("tg-sandbags-one-figure-two-flags-blocked", CM_TG, "base turned", lambda v: (
    cm_duel(v, tkw={"figures": 1}, ter=[ct(C_G5, "sandbags")], dice=["flag", "flag"], extra=[cu("b1", "axis", "infantry", C_f6), cu("b2", "axis", "infantry", C_g6)]),
    [["result.flags_ignored", "eq", 1], ["result.retreat.0.figures_lost", "eq", 1], ["result.retreat.0.eliminated", "eq", True], ["result.take_ground", "eq", True]]),
    "a unit on a hex with Sandbags may ignore the first flag rolled against it. " + CM_RETREAT + " " + CM_TAKE, OBST)
cm_add("tg-overrun-from-forest-taken-refused", CM_TG, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "armor", C_G5, moved=1), cu("x1", "axis", "infantry", C_g6)], [ct(C_G5, "forest")], battle(overrun=True)),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]]),
    "Terrain movement and battle restrictions still apply when units take ground. A unit may not battle the turn it moves onto a Forest hex.", BASE + " Taking Ground; " + P13)
cm_add("tg-overrun-from-hill-taken", CM_TG, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "armor", C_G5, moved=1), cu("x1", "axis", "infantry", C_g6)], [ct(C_G5, "hill"), ct(C_g6, "hill")], battle(overrun=True)),
    [["battle.allowed", "eq", True], ["battle.close_assault", "eq", True], ["battle.dice", "eq", 3]]),
    "On a successful Close Assault Combat, an ordered Armor unit may move into the vacated hex and may then battle again (same height: no reduction).",
    BASE + " Armor Overrun Combat; " + P14)
cm_add("tg-infantry-hill-onto-mountain", CM_TG, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_g4, "hill"), ct(C_G5, "mountain"), ct(C_f6, "hill"), ct(C_g6, "hill")], dice=["flag"]),
    [["battle.dice", "eq", 1], ["result.take_ground", "eq", True]]),
    "Infantry may only move up ... a mountain from ... an adjacent hill or mountain; protection 2 unless the attacker is on a mountain too (terrain card 30)", SRC + " mountain")
cm_add("tg-infantry-mountain-down-to-low-refused", CM_TG, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_g4, "mountain")], dice=["flag", "star", "star"]),
    [["battle.dice", "eq", 3], ["result.take_ground", "eq", False]]),
    "Infantry may only ... move down ... from a mountain to an adjacent hill or mountain (terrain card 30)", SRC + " mountain")
cm_add("tg-infantry-beach-up-cliff-refused", CM_TG, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_g4, "beach"), ct(C_G5, "cliff")], dice=["flag", "star"]),
    [["battle.dice", "eq", 2], ["result.take_ground", "eq", False]]),
    "Cliffs & Sea Bluffs (terrain card 6): as Hills; infantry climbing from a beach ... may not take ground up", SRC + " cliff")
cm_add("ret-artillery-mountain-stays", CM_RET, "base turned", lambda v: (
    cm_duel(v, tkind="artillery", ter=[ct(C_G5, "mountain"), ct(C_f6, "hill"), ct(C_g6, "hill")], dice=["flag"]),
    [*ret_hexes(v, [C_G5]), ["result.retreat.0.figures_lost", "eq", 1]]), "Mountains (terrain card 30): artillery on it may not move", SRC + " mountain")
cm_add("ret-fortress-artillery-one-flag-kept", CM_RET, "base turned", lambda v: (
    cm_duel(v, tkind="artillery", ter=[ct(C_G5, "fortress")], dice=["flag", "flag"]),
    [["result.flags_ignored", "eq", 1], *ret_hexes(v, [C_G5]), ["result.retreat.0.figures_lost", "eq", 1]]),
    "Fortresses (terrain card 24): as Bunkers, for either side", SRC + " fortress")
cm_add("ret-mountain-to-hill-from-mountain", CM_RET, "base turned", lambda v: (
    cm_duel(v, ter=[ct(C_G5, "mountain"), ct(C_f6, "hill")], dice=["flag"]),
    [*ret_hexes(v, [C_f6])]), "Infantry may only ... retreat from a mountain to an adjacent hill or mountain (terrain card 30)", SRC + " mountain")
for ter in ["dragons_teeth", "ruins", "dam", "ravine", "cave", "fortress", "roadblock"]:
    cm_add(f"ret-armor-blocked-{ter.replace('_', '-')}", CM_RET, "base swapped", lambda v, ter=ter: (
        cm_duel(v, tkind="armor", ter=[ct(C_f6, ter), ct(C_g6, ter)], dice=["flag", "star", "star"]),
        [*ret_hexes(v, [C_G5]), ["result.retreat.0.figures_lost", "eq", 1]]),
        CM_TERR_RET + " (" + ter + ": impassable for armor, docs/rules-sources.md terrain table)", SRC + " " + ter)
    cm_add(f"ret-infantry-through-{ter.replace('_', '-')}", CM_RET, "base", lambda v, ter=ter: (
        cm_duel(v, ter=[ct(C_f6, ter), ct(C_g6, ter)], dice=["flag", "star", "star"]),
        [*ret_hexes(v, [C_f6, C_g6])]), CM_TERR_RET + " (" + ter + ": passable for infantry)", SRC + " " + ter)
for ter in ["escarpment", "impassable_hill", "lake"]:
    cm_add(f"ret-infantry-blocked-{ter.replace('_', '-')}", CM_RET, "base turned", lambda v, ter=ter: (
        cm_duel(v, ter=[ct(C_f6, ter), ct(C_g6, ter)], dice=["flag", "star", "star"]),
        [*ret_hexes(v, [C_G5]), ["result.retreat.0.figures_lost", "eq", 1]]), CM_TERR_RET + " (" + ter + ": impassable)", SRC + " " + ter)
cm_add("ret-trenches-artillery-blocked-armor-not", CM_RET, "base turned", lambda v: (
    cm_duel(v, tkind="armor", ter=[ct(C_f6, "trenches"), ct(C_g6, "trenches")], dice=["flag", "star", "star"]),
    [*ret_hexes(v, [C_f6, C_g6])]), "Trenches (terrain card 51): impassable for artillery only", SRC + " trenches")

# -------------------------------------------------------------- 11. the battle answer's line_of_sight whatever refuses it
CM_SEEN = ("`battle` answer fields `distance`, `line_of_sight`, `close_assault` (the contract's Asks): the line drawn from centre to "
           "centre (base rules Line of Sight); an adjacent target is in close assault, so always seen")
for cid, units, ter, seen, close in [
        ("moved-two-next-to", [cu("a1", "allies", "infantry", C_g4, moved=2), cu("x1", "axis", "infantry", C_G5)], [], True, True),
        ("on-ocean-next-to", [cu("a1", "allies", "infantry", C_g4), cu("x1", "axis", "infantry", C_G5)], [ct(C_g4, "ocean")], True, True),
        ("out-of-range-clear", [cu("a1", "allies", "armor", (4, 4)), cu("x1", "axis", "infantry", C_G5)], [], True, False),
        ("out-of-range-blocked", [cu("a1", "allies", "infantry", (4, 4)), cu("x1", "axis", "infantry", C_G5)], [ct((8, 4), "forest")], False, False),
        ("pinned-clear", [cu("a1", "allies", "infantry", C_G3), cu("x1", "axis", "infantry", C_D3), cu("x2", "axis", "infantry", C_G3n)], [], True, False),
        ("entered-forest-clear", [cu("a1", "allies", "infantry", C_G3, moved=1), cu("x1", "axis", "infantry", C_G5)], [ct(C_G3, "forest")], True, False),
        ("moved-too-far-blocked", [cu("a1", "allies", "infantry", C_G3, moved=2), cu("x1", "axis", "infantry", C_G5)], [ct(C_f4, "forest"), ct((13, 5), "town")], False, False)]:
    cm_add(f"con-refused-sight-{cid}", CM_CON, "base turned swapped", lambda v, units=units, ter=ter, seen=seen, close=close: (
        cm_q(v, units, ter, battle()),
        [["battle.allowed", "eq", False], ["battle.line_of_sight", "eq", seen], ["battle.close_assault", "eq", close]]),
        CM_SEEN, CM_QUERY + " battle; " + BASE + " Line of Sight")
add("cmb10-con-refused-dice-given-no-result", CM_CON, q([U("a1", "allies", "infantry", "A5"), U("x1", "axis", "infantry", "E5")], battle(), dice=["flag"]),
    [["battle.allowed", "eq", False], ["battle.dice", "eq", 0], ["result", "falsy", None]],
    "`result` appears only when `dice` were given and the attack is allowed (dice given for a refused attack: no result, no error)", CM_QUERY + " battle")
add("cmb10-con-refused-friendly-dice-given", CM_CON, q([U("a1", "allies", "infantry", "g4"), U("a2", "allies", "infantry", "G5")], battle("a1", "a2"),
                                                      dice=["flag", "star", "star"]),
    [["battle.allowed", "eq", False], ["result", "falsy", None]], "`result` appears only when `dice` were given and the attack is allowed", CM_QUERY + " battle")

# -------------------------------------------------------------- 12. the bigger boards for more kinds of question
cm_add("geo-breakthrough-sudden-death-top-row", CM_GEO, "base turned swapped", lambda v: (
    cm_vic(v, [cu("a1", "allies", "infantry", (12, 0), moved=1)], [{"id": "hq", "kind": "sudden_death", "hexes": [(12, 0)], "side": "allies"}]),
    [["victory.over", "eq", True], ["victory.winner", "eq", v.s("allies")]]),
    "sudden_death on the Breakthrough board's top row (number 17): " + CM_VC, "docs/rules-cards.md victory; Breakthrough board", board="breakthrough")
cm_add("geo-overlord-temporary-at-join", CM_GEO, "base turned swapped", lambda v: (
    cm_vic(v, [cu("a1", "allies", "infantry", (25, 3))], [{"id": "j", "kind": "temporary", "hexes": [(25, 3), (24, 4)], "side": "allies"}]),
    [["victory.medals." + v.s("allies") + ".temporary", "eq", 1]]),
    "temporary objective of two hexes at the join of the Overlord boards (one unit on one of them: hexes_needed 1): " + CM_VC,
    "docs/rules-cards.md victory; Overlord rules, The Battlefield", board="overlord")
cm_add("geo-overlord-los-across-join-blocked", CM_GEO, "base turned", lambda v: (
    cm_los(v, (20, 4), (30, 4), [ct((25, 3), "forest"), ct((24, 4), "town")]),
    [["line_of_sight.clear", "eq", False], ["line_of_sight.distance", "eq", 5]]),
    "A line from centre to centre is blocked by any hex it crosses that holds an obstruction (the join is a column of full hexes)",
    BASE + " Line of Sight; Overlord rules, The Battlefield", board="overlord")
cm_add("geo-overlord-los-across-join-clear", CM_GEO, "base turned", lambda v: (
    cm_los(v, (20, 4), (30, 4), [ct((25, 3), "forest"), ct((25, 5), "town")]),
    [["line_of_sight.clear", "eq", True], ["line_of_sight.distance", "eq", 5]]),
    "the row's hexes are crossed; hexes above and below the row are not", BASE + " Line of Sight", board="overlord")
cm_add("geo-overlord-battle-across-join", CM_GEO, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "armor", (21, 5)), cu("x1", "axis", "infantry", (26, 4))], [ct((26, 4), "forest")], battle()),
    [["battle.allowed", "eq", True], ["battle.distance", "eq", 3], ["battle.dice", "eq", 1]]),
    "An ordered Armor unit may battle any enemy target unit 3 or fewer hexes away ... Armor reduce by 2 against a forest", P13, board="overlord")
cm_add("geo-breakthrough-artillery-range-six-down-column", CM_GEO, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "artillery", (12, 14)), cu("x1", "axis", "infantry", (12, 8))], [ct((12, 10), "forest")], battle()),
    [["battle.allowed", "eq", True], ["battle.distance", "eq", 6], ["battle.dice", "eq", 1]]),
    "An ordered Artillery unit may battle any enemy target unit 6 or fewer hexes away ... 3,3,2,2,1,1; no line of sight needed",
    BASE + " Battle Range", board="breakthrough")
cm_add("geo-breakthrough-artillery-seven-out", CM_GEO, "base turned", lambda v: (
    cm_q(v, [cu("a1", "allies", "artillery", (12, 14)), cu("x1", "axis", "infantry", (13, 7))], [], battle()),
    [["battle.allowed", "eq", False], ["battle.distance", "eq", 7]]), "An ordered Artillery unit may battle any enemy target unit 6 or fewer hexes away",
    BASE + " Battle Range", board="breakthrough")


def cm_vic2(v: CmView, units: list[CmUnit], objectives: list[dict[str, Any]], last: dict[str, str] | None = None) -> dict[str, Any]:
    out = cm_vic(v, units, objectives)
    if last:
        out["ask"]["victory"]["last_occupant"] = {k: v.s(s) for k, s in last.items()}
    return out


CM_LTO = "last_to_occupy: stays with the side whose unit entered last (" + CM_VC + ")"
CM_MAJ = "temporary_majority: to the side with units on an absolute majority of the group's hexes (more than half by default; " + CM_VC + ")"
cm_add("med-last-to-occupy-kept-after-retreat", CM_MED, "base turned swapped", lambda v: (
    cm_vic2(v, [cu("a1", "allies", "infantry", C_f4)], [{"id": "church", "kind": "last_to_occupy", "hexes": [C_G5]}], {"church": "allies"}),
    [["victory.medals." + v.s("allies") + ".last_to_occupy", "eq", 1], ["victory.last_occupant.church", "eq", v.s("allies")]]), CM_LTO, "docs/rules-cards.md victory")
cm_add("med-last-to-occupy-taken-by-take-ground", CM_MED, "base turned swapped", lambda v: (
    cm_vic2(v, [cu("x1", "axis", "infantry", C_G5, moved=1), cu("a1", "allies", "infantry", C_f4)],
            [{"id": "church", "kind": "last_to_occupy", "hexes": [C_G5]}], {"church": "allies"}),
    [["victory.medals." + v.s("axis") + ".last_to_occupy", "eq", 1], ["victory.medals." + v.s("allies") + ".last_to_occupy", "eq", 0],
     ["victory.last_occupant.church", "eq", v.s("axis")]]), CM_LTO, "docs/rules-cards.md victory")
C_ridge = [(4, 4), (6, 4), (8, 4)]
cm_add("med-majority-two-of-three", CM_MED, "base turned swapped", lambda v: (
    cm_vic(v, [cu("a1", "allies", "infantry", (4, 4)), cu("a2", "allies", "infantry", (6, 4)), cu("x1", "axis", "infantry", (8, 4))],
           [{"id": "ridge", "kind": "temporary_majority", "hexes": C_ridge}]),
    [["victory.medals." + v.s("allies") + ".majority", "eq", 1], ["victory.medals." + v.s("axis") + ".majority", "eq", 0]]), CM_MAJ, "docs/rules-cards.md victory")
cm_add("med-majority-lost-after-retreat", CM_MED, "base turned swapped", lambda v: (
    cm_vic(v, [cu("a1", "allies", "infantry", (4, 4)), cu("a2", "allies", "infantry", (7, 5)), cu("x1", "axis", "infantry", (8, 4))],
           [{"id": "ridge", "kind": "temporary_majority", "hexes": C_ridge}]),
    [["victory.medals." + v.s("allies") + ".majority", "eq", 0], ["victory.medals." + v.s("axis") + ".majority", "eq", 0]]), CM_MAJ, "docs/rules-cards.md victory")
cm_add("med-exit-after-retreat-onto-edge", CM_MED, "base turned swapped", lambda v: (
    cm_vic(v, [cu("x1", "axis", "infantry", (12, 0)), cu("a1", "allies", "infantry", (14, 0))],
           [{"id": "out", "kind": "exit", "hexes": [(12, 0), (14, 0)], "side": "axis"}]),
    [["victory.may_exit", "eq", ["x1"]]]), "exit: a unit of the claiming side on one of the hexes may leave the board for a medal (" + CM_VC + ")",
    "docs/rules-cards.md victory")
for board, a, b, side in [("standard", (0, 4), (0, 6), (1, 5)), ("standard", (24, 4), (24, 6), (23, 5)), ("standard", (0, 0), (0, 2), (1, 1)),
                          ("breakthrough", (0, 4), (0, 6), (1, 5)), ("overlord", (50, 2), (50, 4), (49, 3))]:
    cm_add(f"geo-{board}-edge-line-beside-half-hexes-{cm_name(*a, board)}", CM_LOS, "base turned", lambda v, a=a, b=b, side=side: (
        cm_los(v, a, b, [ct(side, "forest")]), [["line_of_sight.clear", "eq", True], ["line_of_sight.distance", "eq", 2]]),
        CM_EDGE + " (along the board edge the other side is a half hex, which holds nothing)", BASE + " Line of Sight", board=board)



# ---- audit auditcards2 (session 10) ----
# Second blind pass over the command cards: every card of the base deck (section cards, the
# multi-section cards, every tactic card), what it does to orders, movement reach and battle dice,
# Barrage and Air Power as attacks of their own, Counter-Attack's copy, on the standard,
# Breakthrough and Overlord boards, played by the bottom or the top side (the top side's flanks are
# mirrored), with dotted-line units and with fewer units than orders. Written from the card texts
# cited in docs/rules-sources.md (the printed texts, as bga-memoir's Cards/Standard prints them) and
# seed 003 before reading the rules core. Each scene is built in the cmb10 frames (`CmView`): base,
# turned 180 degrees with the sides' home edges swapped, or mirrored with the sides swapped; a card's
# sections are the acting player's own, so every frame must give the same answer.
CR_SEC, CR_MULTI, CR_TAC, CR_BAT, CR_DIR, CR_CTR, CR_MED, CR_TFH = (
    "crd10 section cards", "crd10 multi-section cards", "crd10 tactic orders", "crd10 card battle",
    "crd10 barrage and air power", "crd10 counter-attack", "crd10 medics", "crd10 finest hour")
CR_LINES = {"standard": (7, 17), "breakthrough": (7, 17), "overlord": (17, 33)}
CR_SECTION_TXT = {"recon": "Issue an order to 1 unit", "probe": "Issue an order to 2 units", "attack": "Issue an order to 3 units",
                  "assault": "Issue an order to all units"}
CR_WHERE = {"left": "on the Left Flank", "center": "in the Center", "right": "on the Right Flank"}
CR_N = {"recon": 1, "probe": 2, "attack": 3, "assault": None}


def cr_add(cid: str, area: str, kinds: str, build: Any, source: str, where: str, board: str = "standard", exit: int = 0) -> None:
    """`build(view)` returns (query, expect) for one frame."""
    for v in cm_views(kinds, board):
        query, expect = build(v)
        add(f"crd10-{cid}{v.suffix}", area, query, expect, source, where, exit=exit)


def cr_secs(board: str, p: Cm) -> set[str]:
    """The sections of (col, row) for the player at the bottom (base frame): the dotted hexes are in both."""
    lo, hi = CR_LINES[board]
    c = p[0]
    out = set()
    if c <= lo:
        out.add("left")
    if lo <= c <= hi:
        out.add("center")
    if c >= hi:
        out.add("right")
    return out


def cr_orders(v: CmView, units: list[CmUnit], card: str, req: list[str], terrain: list[tuple[Cm, str, dict[str, Any]]] | None = None,
              dice: list[Any] | None = None, **kw: Any) -> dict[str, Any]:
    return cm_q(v, units, terrain or [], {"orders": {"card": card, "side": v.s("allies"), "units": req, **kw}}, dice)


# -------------------------------------------------------------- 1. section cards on three boards
# own units spread over every section (dotted-line hexes included) and two enemy units; the request
# names every own unit in a fixed shuffled order and one enemy unit last.
CR_SPREAD = {
    "standard": [(0, 8), (3, 5), (6, 2), (7, 3), (9, 7), (12, 4), (16, 0), (17, 5), (18, 6), (24, 2)],
    "breakthrough": [(0, 16), (5, 11), (7, 9), (10, 14), (14, 2), (17, 1), (20, 8), (23, 15)],
    "overlord": [(1, 7), (8, 2), (17, 5), (22, 4), (30, 8), (33, 3), (40, 0), (49, 1)],
}
for board, spots in CR_SPREAD.items():
    kinds = "base turned swapped" if board == "standard" else "base turned"
    own = [(f"a{i + 1}", p) for i, p in enumerate(spots)]
    order = own[1::2] + own[0::2]  # a2, a4, ... then a1, a3, ...
    req = [uid for uid, _ in order] + ["x1"]
    for kind in ("recon", "probe", "attack", "assault"):
        for sec in ("left", "center", "right"):
            card = f"{kind}_{sec}"
            inside = [uid for uid, p in order if sec in cr_secs(board, p)]
            n = CR_N[kind]
            valid = inside if n is None else inside[:n]
            units = [cu(uid, "allies", ("infantry", "armor", "artillery")[i % 3], p) for i, (uid, p) in enumerate(own)]
            units += [cu("x1", "axis", "infantry", (12, 0) if board != "overlord" else (26, 0)), cu("x2", "axis", "armor", (2, 0))]
            exp: list[list[Any]] = [["orders.valid", "eq", valid], ["orders.orderable", "set", inside]]
            if n is not None:
                exp.append(["orders.orders_lost", "eq", max(0, n - len(inside))])
            exp.append(["orders.rejected.*.unit", "contains", ["x1"]])
            cr_add(f"sec-{board}-{kind}-{sec}", CR_SEC, kinds, lambda v, units=units, card=card, req=req, exp=exp: (
                cr_orders(v, units, card, req), exp),
                f"{kind.title()} {sec.title()}: {CR_SECTION_TXT[kind]} {CR_WHERE[sec]}. " + S_DOT + " " + S_ORD, CARDTXT + "; " + BASE + " Order Units",
                board=board)

# more orders than units: an Attack with 1 unit there loses 2, an Assault with nobody there orders nobody
cr_add("sec-attack-center-one-unit-two-lost", CR_SEC, "base turned swapped", lambda v: (
    cr_orders(v, [cu("a1", "allies", "infantry", (12, 6)), cu("a2", "allies", "armor", (2, 8)), cu("x1", "axis", "infantry", (12, 2))],
              "attack_center", ["a1", "a2"]),
    [["orders.valid", "eq", ["a1"]], ["orders.orders_lost", "eq", 2], ["orders.rejected.*.unit", "eq", ["a2"]]]),
    "Attack Center: Issue an order to 3 units in the Center. " + S_ORD, CARDTXT + "; " + BASE + " Order Units")
cr_add("sec-assault-right-nobody-there", CR_SEC, "base turned swapped", lambda v: (
    cr_orders(v, [cu("a1", "allies", "infantry", (12, 6)), cu("a2", "allies", "armor", (2, 8)), cu("x1", "axis", "infantry", (22, 2))],
              "assault_right", ["a1", "a2"]),
    [["orders.valid", "eq", []], ["orders.orderable", "eq", []]]),
    "Assault Right: Issue an order to all units on the Right Flank.", CARDTXT)
cr_add("sec-probe-left-one-order-per-unit", CR_SEC, "base turned swapped", lambda v: (
    cr_orders(v, [cu("a1", "allies", "infantry", (2, 6)), cu("a2", "allies", "armor", (4, 8))], "probe_left", ["a1", "a1"]),
    [["orders.valid", "eq", ["a1"]], ["orders.rejected.*.unit", "eq", ["a1"]]]),
    S_ORD, BASE + " Order Units")

# -------------------------------------------------------------- 2. multi-section cards, dotted-line units
S_GA = "General Advance: Issue an order to 2 units in each section."
S_PM = "Pincer Move: Issue an order to 2 units on the Left Flank and 2 units on the Right Flank."
S_RIF = "Recon in Force: Issue an order to 1 unit in each section."
L1, L2, L3, D1, C1, C2, I1, R1, R2, R3 = (0, 8), (2, 6), (4, 4), (7, 3), (10, 6), (14, 2), (17, 7), (20, 4), (22, 8), (24, 0)
for cid, card, pos, req, valid, lost, src in [
        ("ga-dotted-fills-center", "general_advance", [L1, L2, D1, C1, R1, R2, R3], ["a1", "a2", "a3", "a4", "a5", "a6", "a7"],
         ["a1", "a2", "a3", "a4", "a5", "a6"], 0, S_GA),
        ("ga-empty-center-lost", "general_advance", [L1, L2, L3, R1], ["a1", "a2", "a3", "a4"], ["a1", "a2", "a4"], 3, S_GA),
        ("ga-two-dotted-both-used", "general_advance", [D1, I1, L1, R1], ["a1", "a2", "a3", "a4"], ["a1", "a2", "a3", "a4"], 2, S_GA),
        ("pincer-center-refused-dotted-as-flanks", "pincer_move", [C1, D1, L1, I1, R1], ["a1", "a2", "a3", "a4", "a5"],
         ["a2", "a3", "a4", "a5"], 0, S_PM),
        ("pincer-three-left-nobody-right", "pincer_move", [L1, L2, L3], ["a1", "a2", "a3"], ["a1", "a2"], 2, S_PM),
        ("rif-two-dotted-one-lost", "recon_in_force", [D1, I1], ["a1", "a2"], ["a1", "a2"], 1, S_RIF),
        ("rif-dotted-then-left-then-center", "recon_in_force", [D1, L1, C1], ["a1", "a2", "a3"], ["a1", "a2"], 1, S_RIF),
        ("rif-one-per-section", "recon_in_force", [L1, L2, C1, C2, R1], ["a1", "a2", "a3", "a4", "a5"], ["a1", "a3", "a5"], 0, S_RIF)]:
    units = [cu(f"a{i + 1}", "allies", ("infantry", "armor")[i % 2], p) for i, p in enumerate(pos)] + [cu("x1", "axis", "infantry", (12, 0))]
    for board in ("standard", "breakthrough"):
        if board == "breakthrough":
            units = [(uid, side, kind, (p[0], p[1] + 8 if side == "allies" else p[1]), kw) for uid, side, kind, p, kw in units]
        cr_add(f"multi-{board}-{cid}", CR_MULTI, "base turned swapped" if board == "standard" else "base turned",
               lambda v, units=units, card=card, req=req, valid=valid, lost=lost: (
                   cr_orders(v, units, card, req), [["orders.valid", "eq", valid], ["orders.orders_lost", "eq", lost]]),
               src + " " + S_DOT + " " + S_ORD, CARDTXT + "; " + BASE + " Order Units", board=board)
# Overlord: the lines at doubled columns 17 and 33
for cid, card, pos, valid, lost, src in [
        ("ga-overlord-wide-center", "general_advance", [(17, 1), (20, 4), (30, 8), (33, 5), (40, 2), (2, 6)], ["a1", "a2", "a3", "a4", "a5", "a6"], 0, S_GA),
        ("pincer-overlord-center-refused", "pincer_move", [(20, 4), (30, 8), (10, 2), (44, 6)], ["a3", "a4"], 2, S_PM),
        ("rif-overlord-dotted", "recon_in_force", [(17, 1), (33, 5), (25, 7)], ["a1", "a2", "a3"], 0, S_RIF)]:
    units = [cu(f"a{i + 1}", "allies", "infantry", p) for i, p in enumerate(pos)]
    cr_add(cid, CR_MULTI, "base turned", lambda v, units=units, card=card, valid=valid, lost=lost: (
        cr_orders(v, units, card, [u[0] for u in units]), [["orders.valid", "eq", valid], ["orders.orders_lost", "eq", lost]]),
        src + " " + S_DOT + " (Overlord lines: docs/rules-sources.md Board)", CARDTXT + "; " + SRC, board="overlord")

# -------------------------------------------------------------- 3. tactic cards: who they order
S_DHQ = "Direct from HQ: Issue an order to 4 units of your choice."
S_MO = "Move Out!: Issue an order to 4 infantry units. ... If you do not command any infantry units, issue an order to 1 unit of your choice."
S_AA = "Armor Assault: Issue an order to 4 armor units. Units in Close Assault roll 1 additional die. ... If you do not command any armor units, issue an order to 1 unit of your choice."
S_AB = "Artillery Bombard: Issue an order to all artillery units. Units may move up to 3 hexes or battle twice. If you do not command any artillery units, issue an order to 1 unit of your choice."
S_DI = "Dig-In: Issue an order to 4 infantry units. The units improve their position by placing an available sandbag on the units' hexes."
S_FF = ("Firefight: Issue an order to 4 units to open fire. Units in a firefight may not be adjacent to an enemy unit, and may not move. "
        "Firefighting units roll 1 additional die.")
S_CA = ("Close Assault: Issue an order to all infantry and/or armor units adjacent to enemy units. Units ordered battle with 1 additional die. "
        "Units may not move before they battle, but, after a successful Close Assault, they may Take Ground and Armor units may make an Armor Overrun.")
S_BEL = ("Behind Enemy Lines: Issue an order to 1 infantry unit. Unit may move up to 3 hexes. Unit may battle with 1 additional die, then move "
         "again up to 3 hexes. Terrain movement restrictions are ignored. Terrain battle restrictions still apply.")
S_IA = ("Infantry Assault: Issue an order to all infantry units in 1 section. Units may move up to 2 hexes and still battle, or move 3 hexes "
        "but not battle. Terrain movement and battle restrictions still apply.")
S_TFH = ("Their Finest Hour: Roll 1 battle die for each command card you have, including this card. For each unit symbol rolled, 1 unit of "
         "this type is ordered. For each star rolled, 1 unit of your choice is ordered. Ordered units battle with 1 additional die.")
S_MM = ("Medics & Mechanics: Issue an order to 1 unit that has suffered casualties. Roll 1 battle die for each command card you have, including "
        "this card. For each die matching the unit's symbol or a star, 1 lost figure of that unit is returned to duty. A unit may not gain more "
        "figures than it originally had. If the unit recovers at least 1 figure, it may also be issued an order.")
S_CTR = ("Counter-Attack: Issue the same order just played by your opponent. When countering a section card, a right section card becomes the "
         "equivalent left section card, and vice-versa. When counter-attacking an Infantry Assault card, the counter-attack must occur in the "
         "same section as your opponent.")
MIX = [cu("a1", "allies", "infantry", (0, 8)), cu("a2", "allies", "armor", (6, 6)), cu("a3", "allies", "artillery", (12, 8)),
       cu("a4", "allies", "infantry", (13, 5)), cu("a5", "allies", "armor", (20, 6)), cu("a6", "allies", "infantry", (24, 8)),
       cu("a7", "allies", "infantry", (17, 7)), cu("x1", "axis", "infantry", (12, 0)), cu("x2", "axis", "armor", (4, 2))]
ALL = ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "x1"]
for cid, units, card, req, exp, src in [
        ("dhq-first-four-anywhere", MIX, "direct_from_hq", ALL, [["orders.valid", "eq", ["a1", "a2", "a3", "a4"]], ["orders.orders_available", "eq", 4]], S_DHQ),
        ("dhq-two-units-two-unused", MIX, "direct_from_hq", ["a3", "a6"], [["orders.valid", "eq", ["a3", "a6"]]], S_DHQ),
        ("move-out-infantry-only-four", MIX, "move_out", ALL, [["orders.valid", "eq", ["a1", "a4", "a6", "a7"]],
                                                             ["orders.rejected.*.unit", "contains", ["a2", "a3", "a5", "x1"]]], S_MO),
        ("move-out-no-infantry-one-of-choice", [u for u in MIX if u[2] != "infantry"], "move_out", ["a3", "a2"],
         [["orders.valid", "eq", ["a3"]], ["orders.fallback", "eq", True]], S_MO),
        ("armor-assault-armor-only", MIX, "armor_assault", ALL, [["orders.valid", "eq", ["a2", "a5"]], ["orders.fallback", "eq", False]], S_AA),
        ("armor-assault-five-armor-four", [cu(f"a{i}", "allies", "armor" if i != 3 else "elite_armor", (4 * i, 8)) for i in range(1, 6)],
         "armor_assault", ["a1", "a2", "a3", "a4", "a5"], [["orders.valid", "eq", ["a1", "a2", "a3", "a4"]]], S_AA),
        ("armor-assault-no-armor-one-of-choice", [u for u in MIX if u[2] not in ("armor",)], "armor_assault", ["a6", "a1"],
         [["orders.valid", "eq", ["a6"]], ["orders.fallback", "eq", True]], S_AA),
        ("bombard-every-artillery", [cu("a1", "allies", "artillery", (0, 8)), cu("a2", "allies", "artillery", (12, 8)), cu("a3", "allies", "artillery", (24, 8)),
                                     cu("a4", "allies", "artillery", (17, 7)), cu("a5", "allies", "artillery", (8, 6)), cu("a6", "allies", "infantry", (10, 8))],
         "artillery_bombard", ["a1", "a2", "a3", "a4", "a5", "a6"], [["orders.valid", "eq", ["a1", "a2", "a3", "a4", "a5"]],
                                                                       ["orders.rejected.*.unit", "eq", ["a6"]]], S_AB),
        ("bombard-no-artillery-one-of-choice", [u for u in MIX if u[2] != "artillery"], "artillery_bombard", ["a5", "a6"],
         [["orders.valid", "eq", ["a5"]], ["orders.fallback", "eq", True]], S_AB),
        ("dig-in-infantry-only", MIX, "dig_in", ["a2", "a7", "a6", "a4", "a1"], [["orders.valid", "eq", ["a7", "a6", "a4", "a1"]]], S_DI),
        ("behind-lines-one-infantry", MIX, "behind_enemy_lines", ["a2", "a4", "a1"], [["orders.valid", "eq", ["a4"]]], S_BEL),
        ("behind-lines-no-infantry-armor-of-choice", [u for u in MIX if u[2] != "infantry"], "behind_enemy_lines", ["a5"],
         [["orders.valid", "eq", ["a5"]], ["orders.fallback", "eq", True], ["orders.units.a5.move_after_battle", "falsy", None]], S_BEL),
        ("infantry-assault-left-every-infantry", MIX + [cu("a8", "allies", "infantry", (7, 5)), cu("a9", "allies", "infantry", (3, 3)),
                                                       cu("b1", "allies", "infantry", (5, 7)), cu("b2", "allies", "infantry", (1, 1))],
         "infantry_assault", ["a1", "a2", "a8", "a9", "b1", "b2", "a4"], [["orders.valid", "eq", ["a1", "a8", "a9", "b1", "b2"]],
                                                                         ["orders.rejected.*.unit", "eq", ["a2", "a4"]]], S_IA),
        ("infantry-assault-right-takes-dotted", MIX, "infantry_assault", ["a7", "a6", "a4", "a5"],
         [["orders.valid", "eq", ["a7", "a6"]], ["orders.rejected.*.unit", "eq", ["a4", "a5"]]], S_IA),
]:
    kw: dict[str, Any] = {"section": "left"} if cid == "infantry-assault-left-every-infantry" else (
        {"section": "right"} if cid == "infantry-assault-right-takes-dotted" else {})
    cr_add(f"tac-{cid}", CR_TAC, "base turned swapped", lambda v, units=units, card=card, req=req, exp=exp, kw=kw: (
        cr_orders(v, units, card, req, **kw), exp), src, CARDTXT)

# adjacency cards: Firefight (not next to an enemy), Close Assault (infantry/armor next to one)
ADJ = [cu("a1", "allies", "infantry", (11, 5)), cu("a2", "allies", "armor", (13, 5)), cu("a3", "allies", "artillery", (10, 4)),
       cu("a4", "allies", "infantry", (12, 8)), cu("a5", "allies", "artillery", (2, 8)), cu("a6", "allies", "armor", (20, 6)),
       cu("a7", "allies", "infantry", (14, 4)), cu("x1", "axis", "infantry", (12, 4)), cu("x2", "axis", "armor", (4, 2))]
cr_add("tac-firefight-not-adjacent-four", CR_TAC, "base turned swapped", lambda v: (
    cr_orders(v, ADJ, "firefight", ["a1", "a2", "a3", "a4", "a5", "a6", "a7"]),
    [["orders.valid", "eq", ["a4", "a5", "a6"]], ["orders.rejected.*.unit", "contains", ["a1", "a2", "a3", "a7"]]]), S_FF, CARDTXT)
cr_add("tac-close-assault-every-adjacent-infantry-armor", CR_TAC, "base turned swapped", lambda v: (
    cr_orders(v, ADJ, "close_assault", ["a1", "a2", "a3", "a4", "a5", "a6", "a7"]),
    [["orders.valid", "eq", ["a1", "a2", "a7"]], ["orders.rejected.*.unit", "contains", ["a3", "a4", "a5", "a6"]]]), S_CA, CARDTXT)
cr_add("tac-close-assault-no-limit", CR_TAC, "base turned swapped", lambda v: (
    cr_orders(v, [cu("a1", "allies", "infantry", (11, 5)), cu("a2", "allies", "armor", (13, 5)), cu("a3", "allies", "infantry", (10, 4)),
                  cu("a4", "allies", "armor", (14, 4)), cu("a5", "allies", "infantry", (11, 3)), cu("x1", "axis", "infantry", (12, 4))],
              "close_assault", ["a1", "a2", "a3", "a4", "a5"]),
    [["orders.valid", "eq", ["a1", "a2", "a3", "a4", "a5"]]]), S_CA, CARDTXT)
cr_add("tac-firefight-top-edge", CR_TAC, "base turned swapped", lambda v: (
    cr_orders(v, [cu("a1", "allies", "infantry", (0, 0)), cu("a2", "allies", "infantry", (24, 0)), cu("x1", "axis", "infantry", (1, 1))],
              "firefight", ["a1", "a2"]),
    [["orders.valid", "eq", ["a2"]], ["orders.rejected.*.unit", "eq", ["a1"]]]), S_FF, CARDTXT)

# -------------------------------------------------------------- 4. battles with a card (dice, reach, who may battle)
# base frame: the attacker below the target; adjacent at (13,5)->(12,4); at 2 hexes (12,6)->(12,4) ... at 3 (12,7)? use (13,7)
CR_AT = {1: (13, 5), 2: (12, 6), 3: (13, 7)}
CR_AT_ART = {1: (13, 5), 2: (12, 6), 3: (13, 7), 4: (12, 8), 5: (22, 4), 6: (24, 4)}


def cr_duel(v: CmView, akind: str, dist: int, card: str | None, tkind: str = "infantry", ter: list[tuple[Cm, str, dict[str, Any]]] | None = None,
            akw: dict[str, Any] | None = None, extra: list[CmUnit] | None = None, dice: list[Any] | None = None, **ask: Any) -> dict[str, Any]:
    pos = CR_AT_ART[dist]
    units = [cu("a1", "allies", akind, pos, **(akw or {})), cu("x1", "axis", tkind, (12, 4))] + (extra or [])
    return cm_q(v, units, ter or [], battle(card=card, **ask), dice)


for cid, akind, dist, card, tkind, ter, akw, exp, src in [
        ("ff-infantry-range-2", "infantry", 2, "firefight", "infantry", [], {}, [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_FF),
        ("ff-infantry-range-3", "infantry", 3, "firefight", "infantry", [], {}, [["battle.dice", "eq", 2]], S_FF),
        ("ff-infantry-range-2-forest", "infantry", 2, "firefight", "infantry", [(12, 4)], {}, [["battle.dice", "eq", 2]], S_FF + " " + S_FOR),
        ("ff-armor-range-3-town", "armor", 3, "firefight", "armor", [(12, 4)], {}, [["battle.dice", "eq", 2]], S_FF + " " + S_TOWN),
        ("ff-artillery-range-4", "artillery", 4, "firefight", "infantry", [], {}, [["battle.dice", "eq", 3]], S_FF + " " + S_ART),
        ("ff-artillery-range-6", "artillery", 6, "firefight", "armor", [], {}, [["battle.dice", "eq", 2]], S_FF + " " + S_ART),
        ("ff-adjacent-refused", "infantry", 1, "firefight", "infantry", [], {}, [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]], S_FF),
        ("ff-moved-refused", "infantry", 2, "firefight", "infantry", [], {"moved": 1}, [["battle.allowed", "eq", False]], S_FF),
        ("ca-infantry-plus-one", "infantry", 1, "close_assault", "infantry", [], {}, [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]], S_CA),
        ("ca-armor-vs-town", "armor", 1, "close_assault", "infantry", [(12, 4)], {}, [["battle.dice", "eq", 2]], S_CA + " " + S_TOWN),
        ("ca-infantry-vs-forest", "infantry", 1, "close_assault", "armor", [(12, 4)], {}, [["battle.dice", "eq", 3]], S_CA + " " + S_FOR),
        ("ca-range-2-refused", "infantry", 2, "close_assault", "infantry", [], {}, [["battle.allowed", "eq", False]], S_CA),
        ("ca-moved-refused", "armor", 1, "close_assault", "infantry", [], {"moved": 1}, [["battle.allowed", "eq", False]], S_CA),
        ("aa-armor-close-plus-one", "armor", 1, "armor_assault", "infantry", [], {"moved": 3}, [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]], S_AA),
        ("aa-armor-range-2-no-bonus", "armor", 2, "armor_assault", "infantry", [], {}, [["battle.dice", "eq", 3]], S_AA),
        ("aa-armor-close-forest", "armor", 1, "armor_assault", "infantry", [(12, 4)], {}, [["battle.dice", "eq", 2]], S_AA + " " + S_FOR),
        ("aa-elite-armor-close", "elite_armor", 1, "armor_assault", "infantry", [], {}, [["battle.dice", "eq", 4]], S_AA),
        ("tfh-infantry-close", "infantry", 1, "their_finest_hour", "infantry", [], {}, [["battle.dice", "eq", 4]], S_TFH),
        ("tfh-infantry-range-3", "infantry", 3, "their_finest_hour", "infantry", [], {}, [["battle.dice", "eq", 2]], S_TFH),
        ("tfh-artillery-range-5", "artillery", 5, "their_finest_hour", "infantry", [], {}, [["battle.dice", "eq", 2]], S_TFH + " " + S_ART),
        ("tfh-armor-range-3-moved-3", "armor", 3, "their_finest_hour", "infantry", [], {"moved": 3}, [["battle.dice", "eq", 4]], S_TFH),
        ("tfh-infantry-moved-2-refused", "infantry", 1, "their_finest_hour", "infantry", [], {"moved": 2}, [["battle.allowed", "eq", False]], S_TFH + " " + BASE),
        ("bel-moved-3-close-plus-one", "infantry", 1, "behind_enemy_lines", "infantry", [], {"moved": 3}, [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]], S_BEL),
        ("bel-moved-3-range-3", "infantry", 3, "behind_enemy_lines", "infantry", [], {"moved": 3}, [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_BEL),
        ("bel-range-2-target-forest", "infantry", 2, "behind_enemy_lines", "infantry", [(12, 4)], {"moved": 2}, [["battle.dice", "eq", 2]], S_BEL + " " + S_FOR),
        ("bel-moved-4-refused", "infantry", 1, "behind_enemy_lines", "infantry", [], {"moved": 4}, [["battle.allowed", "eq", False]], S_BEL),
        ("ia-moved-2-battles-no-bonus", "infantry", 1, "infantry_assault", "infantry", [], {"moved": 2}, [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_IA),
        ("ia-moved-2-range-2", "infantry", 2, "infantry_assault", "infantry", [], {"moved": 2}, [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_IA),
        ("ia-moved-3-refused", "infantry", 1, "infantry_assault", "infantry", [], {"moved": 3}, [["battle.allowed", "eq", False]], S_IA),
        ("mo-moved-2-refused", "infantry", 1, "move_out", "infantry", [], {"moved": 2}, [["battle.allowed", "eq", False]], S_MO + " " + BASE + " Move Units"),
        ("mo-moved-1-no-bonus", "infantry", 2, "move_out", "infantry", [], {"moved": 1}, [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_MO),
        ("dhq-armor-moved-3", "armor", 3, "direct_from_hq", "infantry", [], {"moved": 3}, [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_DHQ),
        ("dhq-infantry-moved-2-refused", "infantry", 1, "direct_from_hq", "infantry", [], {"moved": 2}, [["battle.allowed", "eq", False]], S_DHQ + " " + BASE),
        ("ab-artillery-range-3", "artillery", 3, "artillery_bombard", "infantry", [], {}, [["battle.allowed", "eq", True], ["battle.dice", "eq", 2]], S_AB + " " + S_ART),
        ("ab-artillery-moved-refused", "artillery", 3, "artillery_bombard", "infantry", [], {"moved": 2}, [["battle.allowed", "eq", False]], S_AB),
        ("di-no-battle", "infantry", 1, "dig_in", "infantry", [], {}, [["battle.allowed", "eq", False]], S_DI),
        ("probe-no-bonus-artillery", "artillery", 2, "probe_center", "infantry", [], {}, [["battle.dice", "eq", 3]], "Probe Center: Issue an order to 2 units in the Center. " + S_ART),
        ("assault-armor-moved-3", "armor", 1, "assault_center", "armor", [], {"moved": 3}, [["battle.dice", "eq", 3]], "Assault Center: Issue an order to all units in the Center. " + S_ARM),
]:
    terr = [ct(p, "forest" if "forest" in cid or cid.startswith(("ff-infantry-range-2-forest", "bel-range")) else "town") for p in ter]
    cr_add(f"bat-{cid}", CR_BAT, "base turned swapped", lambda v, akind=akind, dist=dist, card=card, tkind=tkind, terr=terr, akw=akw, exp=exp: (
        cr_duel(v, akind, dist, card, tkind, terr, akw), exp + [["battle.card", "eq", card]]), src, CARDTXT)

# a card that cannot order the attacker: the attacker is not ordered, so it may not battle
S_ONLY = "Only those units that are issued an order may move, battle, or take a special action, later in the turn."
for cid, akind, dist, card, src in [("ca-artillery-not-ordered", "artillery", 1, "close_assault", S_CA),
                                    ("bombard-infantry-not-ordered", "infantry", 1, "artillery_bombard", S_AB),
                                    ("aa-infantry-not-ordered", "infantry", 1, "armor_assault", S_AA),
                                    ("mo-armor-not-ordered", "armor", 1, "move_out", S_MO)]:
    cr_add(f"bat-{cid}", CR_BAT, "base turned", lambda v, akind=akind, dist=dist, card=card: (
        cr_duel(v, akind, dist, card, extra=[cu("a9", "allies", {"close_assault": "infantry", "artillery_bombard": "artillery",
                                                                 "armor_assault": "armor", "move_out": "infantry"}[card], (0, 8))]),
        [["battle.allowed", "eq", False], ["battle.dice", "eq", 0]]), src + " " + S_ONLY, CARDTXT + "; " + BASE + " Order Units")

# Close Assault: the overrun battle gets no extra die
cr_add("bat-ca-overrun-no-bonus", CR_BAT, "base turned swapped", lambda v: (
    cr_duel(v, "armor", 1, "close_assault", overrun=True), [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]),
    S_CA + " (bga-memoir CloseAssault.php: the extra die is for the first assault, not the overrun)", CARDTXT)
# Firefight's attacker next to another enemy unit may not fire at a distant one
cr_add("bat-ff-next-to-other-enemy", CR_BAT, "base turned swapped", lambda v: (
    cr_duel(v, "infantry", 2, "firefight", extra=[cu("x2", "axis", "infantry", (14, 6))]), [["battle.allowed", "eq", False]]), S_FF, CARDTXT)

# -------------------------------------------------------------- 5. Barrage and Air Power
S_BAR = ("Barrage: Target any 1 enemy unit. Roll 4 battle dice, ignoring any terrain battle die reduction. Score 1 hit for each die matching "
         "the unit's symbol or grenade. For each flag, retreat 1 hex. Flags may not be ignored.")
S_AP = ("Air Power: Target a group of 4 or fewer enemy units adjacent to each other. Roll 2 battle dice per hex (Allied air attack) or 1 per hex "
        "(Axis air attack), ignoring any terrain battle die reduction. Score 1 hit for each die that matches the unit's symbol, a grenade or a "
        "star. For each flag, retreat 1 hex. Flags may not be ignored.")


def cr_cardq(v: CmView, units: list[CmUnit], ter: list[tuple[Cm, str, dict[str, Any]]], body: dict[str, Any], dice: list[Any] | None = None,
             side: str = "allies") -> dict[str, Any]:
    return cm_q(v, units, ter, {**body, **({"battle": {**body["battle"], "side": v.s(side)}} if "battle" in body else
                                          {"card_attack": {**body["card_attack"], "side": v.s(side)}})}, dice)


FAR = [cu("a1", "allies", "infantry", (0, 8)), cu("x1", "axis", "infantry", (22, 0))]
for cid, tkind, terr, dice, exp in [
        ("bar-anywhere-four-dice", "infantry", [], None, [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]]),
        ("bar-town-four-dice", "armor", [ct((22, 0), "town")], None, [["battle.dice", "eq", 4]]),
        ("bar-bunker-four-dice", "infantry", [ct((22, 0), "bunker", owner="axis")], None, [["battle.dice", "eq", 4]]),
        ("bar-hits-symbol-grenade", "infantry", [ct((22, 0), "forest")], ["infantry", "grenade", "star", "armor"],
         [["result.hits", "eq", 2], ["result.figures_removed", "eq", 2]]),
        ("bar-armor-hits", "armor", [], ["armor", "armor", "infantry", "star"], [["result.hits", "eq", 2]]),
        ("bar-artillery-grenade-only", "artillery", [], ["grenade", "star", "infantry", "armor"], [["result.hits", "eq", 1]]),
        ("bar-flag-sandbags-not-ignored", "infantry", [ct((22, 0), "sandbags")], ["flag", "star", "star", "star"],
         [["result.flags", "eq", 1], ["result.flags_ignored", "eq", 0]]),
        ("bar-eliminates-medal", "artillery", [], ["grenade", "grenade", "flag", "star"], [["result.eliminated", "eq", True], ["result.medals.ACTING", "eq", 1]]),
]:
    cr_add(f"dir-{cid}", CR_DIR, "base turned swapped", lambda v, tkind=tkind, terr=terr, dice=dice, exp=exp: (
        cr_cardq(v, [FAR[0], cu("x1", "axis", tkind, (22, 0))], terr, {"battle": {"target": "x1", "card": "barrage"}}, dice),
        [[e[0].replace("ACTING", v.s("allies")), *e[1:]] for e in exp]), S_BAR, CARDTXT)
cr_add("dir-bar-own-unit-refused", CR_DIR, "base turned swapped", lambda v: (
    cr_cardq(v, FAR, [], {"battle": {"target": "a1", "card": "barrage"}}), [["battle.allowed", "eq", False]]), S_BAR, CARDTXT)

# Air Power: the group in base frame
G1, G2, G3, G4, G5x = (12, 2), (14, 2), (15, 1), (17, 1), (20, 0)  # G1-G2-G3-G4 a chain; G5x apart
APU = [cu("a1", "allies", "infantry", (12, 8)), cu("x1", "axis", "infantry", G1), cu("x2", "axis", "armor", G2),
       cu("x3", "axis", "infantry", G3), cu("x4", "axis", "artillery", G4), cu("x5", "axis", "infantry", G5x)]
for cid, side, targets, ter, exp in [
        ("ap-allies-two-per-hex", "allies", ["x1", "x2", "x3"], [], [["card_attack.allowed", "eq", True], ["card_attack.dice", "eq", [2, 2, 2]]]),
        ("ap-chain-of-four", "allies", ["x1", "x2", "x3", "x4"], [], [["card_attack.allowed", "eq", True], ["card_attack.dice", "eq", [2, 2, 2, 2]]]),
        ("ap-gap-refused", "allies", ["x1", "x2", "x5"], [], [["error.field", "startswith", "ask.card_attack.targets"]]),
        ("ap-five-refused", "allies", ["x1", "x2", "x3", "x4", "x5"], [], [["error.field", "startswith", "ask.card_attack.targets"]]),
        ("ap-single-target", "allies", ["x5"], [ct(G5x, "town")], [["card_attack.allowed", "eq", True], ["card_attack.dice", "eq", [2]]]),
        ("ap-own-unit-refused", "allies", ["x1", "a1"], [], [["error.field", "startswith", "ask.card_attack.targets"]]),
]:
    # the swapped frame makes the acting side the Axis: 1 die per hex
    cr_add(f"dir-{cid}", CR_DIR, "base turned swapped", lambda v, side=side, targets=targets, ter=ter, exp=exp: (
        cr_cardq(v, APU, ter, {"card_attack": {"card": "air_power", "targets": targets}}, side=side),
        [[e[0], e[1], [1] * len(e[2])] if e[0] == "card_attack.dice" and v.kind == "swapped" else e for e in exp]),
        S_AP + " (an illegal target choice is a query error, as card-air-power-not-adjacent-group)", CARDTXT,
        exit=2 if exp[0][0] == "error.field" else 0)
# the axis playing it: 1 die per hex wherever the axis sit (the acting side here is the axis, its targets allied)
APX = [cu("a1", "axis", "infantry", (12, 8)), cu("x1", "allies", "infantry", G1), cu("x2", "allies", "armor", G2), cu("x3", "allies", "infantry", G3)]
cr_add("dir-ap-axis-one-per-hex", CR_DIR, "base turned swapped", lambda v: (
    cr_cardq(v, APX, [], {"card_attack": {"card": "air_power", "targets": ["x1", "x2", "x3"]}}, side="axis"),
    [["card_attack.allowed", "eq", True], ["card_attack.dice", "eq", [1, 1, 1]] if v.kind != "swapped" else ["card_attack.dice", "eq", [2, 2, 2]]]),
    S_AP + " (the swapped frame makes the acting side the Allies: 2 dice)", CARDTXT)
for cid, tkind, ter, dice, exp in [
        ("ap-star-and-grenade-hit", "infantry", [ct(G1, "forest")], ["star", "grenade"], [["battle.dice", "eq", 2], ["result.hits", "eq", 2]]),
        ("ap-armor-symbol", "armor", [ct(G1, "town")], ["armor", "infantry"], [["result.hits", "eq", 1]]),
        ("ap-flags-not-ignored", "infantry", [ct(G1, "sandbags")], ["flag", "flag"], [["result.flags", "eq", 2], ["result.flags_ignored", "eq", 0],
                                                                                       ["result.hits", "eq", 0]]),
        ("ap-artillery-star", "artillery", [], ["star", "infantry"], [["result.hits", "eq", 1]]),
]:
    cr_add(f"dir-{cid}", CR_DIR, "base turned", lambda v, tkind=tkind, ter=ter, dice=dice, exp=exp: (
        cr_cardq(v, [cu("a1", "allies", "infantry", (12, 8)), cu("x1", "axis", tkind, G1)], ter,
                 {"battle": {"target": "x1", "card": "air_power"}}, dice), exp), S_AP, CARDTXT)

for cid, tkind, ter, dice, hits in [("ap-axis-star-one-die", "infantry", [ct(G1, "hill")], ["star"], 1),
                                    ("ap-axis-armor-symbol-vs-infantry", "infantry", [], ["armor"], 0)]:
    cr_add(f"dir-{cid}", CR_DIR, "base turned", lambda v, tkind=tkind, ter=ter, dice=dice, hits=hits: (
        cr_cardq(v, [cu("a1", "axis", "infantry", (12, 8)), cu("x1", "allies", tkind, G1)], ter,
                 {"battle": {"target": "x1", "card": "air_power"}}, dice, side="axis"),
        [["battle.dice", "eq", 1], ["result.hits", "eq", hits]]), S_AP, CARDTXT)

# -------------------------------------------------------------- 6. Counter-Attack
for cid, counters, becomes, pos, valid in [
        ("probe-right-becomes-left", "probe_right", "probe_left", [(0, 8), (4, 6), (6, 4), (20, 8)], ["a1", "a2"]),
        ("recon-left-becomes-right", "recon_left", "recon_right", [(0, 8), (20, 8), (24, 6)], ["a2"]),
        ("attack-center-stays", "attack_center", "attack_center", [(0, 8), (12, 8), (7, 7), (17, 3), (14, 6)], ["a2", "a3", "a4"]),
        ("assault-left-becomes-right", "assault_left", "assault_right", [(0, 8), (17, 7), (20, 8), (24, 6), (22, 2)], ["a2", "a3", "a4", "a5"]),
        ("pincer-stays", "pincer_move", "pincer_move", [(0, 8), (12, 8), (24, 6)], ["a1", "a3"]),
        ("move-out", "move_out", "move_out", [(0, 8), (12, 8), (24, 6)], ["a1", "a3"]),
]:
    units = [cu(f"a{i + 1}", "allies", "armor" if (cid == "move-out" and i == 1) else "infantry", p) for i, p in enumerate(pos)]
    cr_add(f"ctr-{cid}", CR_CTR, "base turned swapped", lambda v, units=units, counters=counters, becomes=becomes, valid=valid: (
        cr_orders(v, units, "counter_attack", [u[0] for u in units], counters=counters),
        [["orders.card", "eq", becomes], ["orders.valid", "eq", valid]]), S_CTR, CARDTXT)
cr_add("ctr-firefight-battle", CR_CTR, "base turned swapped", lambda v: (
    cr_duel(v, "infantry", 2, "counter_attack", counters="firefight"), [["battle.dice", "eq", 3]]), S_CTR + " " + S_FF, CARDTXT)
cr_add("ctr-close-assault-battle", CR_CTR, "base turned swapped", lambda v: (
    cr_duel(v, "infantry", 1, "counter_attack", counters="close_assault"), [["battle.dice", "eq", 4]]), S_CTR + " " + S_CA, CARDTXT)
cr_add("ctr-barrage", CR_CTR, "base turned swapped", lambda v: (
    cr_cardq(v, FAR, [ct((22, 0), "forest")], {"battle": {"target": "x1", "card": "counter_attack", "counters": "barrage"}}),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]]), S_CTR + " " + S_BAR, CARDTXT)

# -------------------------------------------------------------- 7. Medics & Mechanics
for cid, kind, figs, hand, dice, returned, after in [
        ("infantry-symbols-and-star", "infantry", 2, 3, ["infantry", "star", "armor"], 2, 4),
        ("infantry-capped-at-four", "infantry", 3, 4, ["infantry", "infantry", "star", "flag"], 1, 4),
        ("armor-armor-symbol", "armor", 1, 4, ["armor", "infantry", "grenade", "flag"], 1, 2),
        ("armor-infantry-symbol-no", "armor", 2, 2, ["infantry", "infantry"], 0, 2),
        ("artillery-star-only", "artillery", 1, 3, ["star", "infantry", "armor"], 1, 2),
        ("artillery-nothing", "artillery", 1, 3, ["infantry", "armor", "grenade"], 0, 1),
]:
    cr_add(f"med-{cid}", CR_MED, "base turned swapped", lambda v, kind=kind, figs=figs, hand=hand, dice=dice, returned=returned, after=after: (
        cr_orders(v, [cu("a1", "allies", kind, (12, 8), figures=figs), cu("x1", "axis", "infantry", (12, 0))], "medics_and_mechanics", ["a1"],
                  dice=dice, hand_size=hand),
        [["orders.medics.figures_returned", "eq", returned], ["orders.medics.figures_after", "eq", after],
         ["orders.medics.ordered", "eq", returned > 0]]), S_MM, CARDTXT)
cr_add("med-full-strength-refused", CR_MED, "base turned swapped", lambda v: (
    cr_orders(v, [cu("a1", "allies", "infantry", (12, 8)), cu("a2", "allies", "armor", (14, 8), figures=2)], "medics_and_mechanics", ["a1"]),
    [["orders.valid", "eq", []], ["orders.orderable", "eq", ["a2"]]]), S_MM, CARDTXT)

# -------------------------------------------------------------- 8. Their Finest Hour
TFU = [cu("a1", "allies", "infantry", (0, 8)), cu("a2", "allies", "infantry", (12, 8)), cu("a3", "allies", "infantry", (24, 8)),
       cu("a4", "allies", "armor", (4, 8)), cu("a5", "allies", "armor", (20, 8)), cu("a6", "allies", "artillery", (8, 8))]
for cid, dice, req, valid in [
        ("two-infantry-one-armor-one-star", ["infantry", "infantry", "armor", "star", "flag"], ["a1", "a2", "a3", "a4", "a5", "a6"], ["a1", "a2", "a3", "a4"]),
        ("star-for-artillery", ["infantry", "star", "grenade"], ["a6", "a1", "a2"], ["a6", "a1"]),
        ("no-symbols", ["grenade", "flag", "grenade"], ["a1", "a4"], []),
        ("two-armor-symbols", ["armor", "armor", "star", "infantry"], ["a4", "a5", "a6", "a3", "a2"], ["a4", "a5", "a6", "a3"]),
]:
    cr_add(f"tfh-{cid}", CR_TFH, "base turned swapped", lambda v, dice=dice, req=req, valid=valid: (
        cr_orders(v, TFU, "their_finest_hour", req, dice=dice, hand_size=len(dice)),
        [["orders.valid", "eq", valid]] + [[f"orders.units.{u}.extra_dice", "eq", 1] for u in valid[:1]]), S_TFH, CARDTXT)
cr_add("tfh-wrong-dice-count", CR_TFH, "base", lambda v: (
    cr_orders(v, TFU, "their_finest_hour", ["a1"], dice=["star", "star"], hand_size=3), [["error.field", "eq", "dice"]]), S_TFH, CARDTXT, exit=2)

# -------------------------------------------------------------- 9. moves with a card (open ground, base coords)


def cr_ring(start: Cm, d: int, w: int = 24, h: int = 9) -> list[Cm]:
    """Every hex at exactly `d` hexes from `start` on the board (doubled coords)."""
    out = []
    for c in range(0, w + 1):
        for r in range(0, h):
            if (c + r) % 2:
                continue
            dr, dc = abs(r - start[1]), abs(c - start[0])
            if max(dr, (dc + dr) // 2) == d:
                out.append((c, r))
    return out


S_MOVE = "An ordered Infantry unit may move up to 1 hex and battle or 2 hexes and not battle. An ordered Armor unit may move up to 3 hexes and battle. An ordered Artillery unit may move 1 hex or battle."
MV0 = (12, 6)
for cid, kind, card, far, battle_max, src in [
        ("ia-infantry-3-battle-2", "infantry", "infantry_assault", 3, 2, S_IA),
        ("ia-special-forces-3-battle-2", "special_forces", "infantry_assault", 3, 2, S_IA),
        ("mo-infantry-2-battle-1", "infantry", "move_out", 2, 1, S_MO + " " + S_MOVE),
        ("dhq-artillery-1-no-battle", "artillery", "direct_from_hq", 1, 0, S_DHQ + " " + S_MOVE),
        ("ab-artillery-3-no-battle", "artillery", "artillery_bombard", 3, 0, S_AB),
        ("tfh-armor-3-battle-3", "armor", "their_finest_hour", 3, 3, S_TFH + " " + S_MOVE),
        ("aa-armor-3-battle-3", "armor", "armor_assault", 3, 3, S_AA + " " + S_MOVE),
        ("bel-infantry-3-battle-3", "infantry", "behind_enemy_lines", 3, 3, S_BEL),
        ("probe-infantry-2-battle-1", "infantry", "probe_center", 2, 1, "Probe Center: Issue an order to 2 units in the Center. " + S_MOVE),
]:
    def build(v: CmView, kind: str = kind, card: str = card, far: int = far, battle_max: int = battle_max) -> tuple[dict[str, Any], list[list[Any]]]:
        exp: list[list[Any]] = [["move.destinations.*.hex", "contains", v.ns(cr_ring(MV0, far))],
                                ["move.destinations.*.hex", "excludes", v.ns(cr_ring(MV0, far + 1))]]
        for d in range(1, far + 1):
            h = v.n(cr_ring(MV0, d)[0])
            exp.append([f"move.destinations.[hex={h}].can_battle", "eq", d <= battle_max])
        return cm_q(v, [cu("a1", "allies", kind, MV0)], [], move(card=card)), exp
    cr_add(f"mv-{cid}", CR_TAC, "base turned swapped", build, src, CARDTXT + "; " + BASE + " Move Units")
for cid, kind, card, extra, src in [
        ("ff-no-move", "infantry", "firefight", [], S_FF),
        ("ca-no-move", "armor", "close_assault", [cu("x1", "axis", "infantry", (12, 4))], S_CA),
        ("di-no-move", "infantry", "dig_in", [], S_DI + " (no move: the unit digs in where it is, docs/rules-cards.md)"),
        ("mo-armor-not-ordered", "armor", "move_out", [cu("a2", "allies", "infantry", (0, 8))], S_MO + " " + S_ONLY),
        ("ab-infantry-not-ordered", "infantry", "artillery_bombard", [cu("a2", "allies", "artillery", (0, 8))], S_AB + " " + S_ONLY),
        ("aa-artillery-not-ordered", "artillery", "armor_assault", [cu("a2", "allies", "armor", (0, 8))], S_AA + " " + S_ONLY),
        ("ia-armor-not-ordered", "armor", "infantry_assault", [cu("a2", "allies", "infantry", (14, 6))], S_IA + " " + S_ONLY),
]:
    cr_add(f"mv-{cid}", CR_TAC, "base turned swapped", lambda v, kind=kind, card=card, extra=extra: (
        cm_q(v, [cu("a1", "allies", kind, MV0)] + extra, [], move(card=card)),
        [["move.destinations.*.hex", "excludes", v.ns(cr_ring(MV0, 1))]]), src, CARDTXT)
# the fallback unit keeps its own reach: Move Out! with no infantry orders 1 armor, which moves 3
cr_add("mv-mo-no-infantry-armor-moves-3", CR_TAC, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "armor", MV0), cu("a2", "allies", "artillery", (0, 8))], [], move(card="move_out")),
    [["move.destinations.*.hex", "contains", v.ns(cr_ring(MV0, 3))]]), S_MO, CARDTXT)
# Behind Enemy Lines through a ring of forest and hedgerow: the card ignores the stop
cr_add("mv-bel-through-forest-ring", CR_TAC, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", MV0)], [ct(p, "forest" if i % 2 else "hedgerow") for i, p in enumerate(cr_ring(MV0, 1))], move(card="behind_enemy_lines")),
    [["move.destinations.*.hex", "contains", v.ns(cr_ring(MV0, 3))],
     [f"move.destinations.[hex={v.n(cr_ring(MV0, 1)[1])}].can_battle", "eq", False],
     [f"move.destinations.[hex={v.n(cr_ring(MV0, 3)[0])}].can_battle", "eq", True]]), S_BEL + " " + P13, CARDTXT)
cr_add("mv-ia-forest-ring-stops", CR_TAC, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", MV0)], [ct(p, "forest") for p in cr_ring(MV0, 1)], move(card="infantry_assault")),
    [["move.destinations.*.hex", "contains", v.ns(cr_ring(MV0, 1))], ["move.destinations.*.hex", "excludes", v.ns(cr_ring(MV0, 2))]]),
    S_IA + " Units moving into a forest must stop (seed 004 Forests)", CARDTXT + "; " + P13)

# -------------------------------------------------------------- 10. Ambush, Counter-Attack on Infantry Assault, Their Finest Hour symbols
S_AMB = ("Ambush: Play this card after your opponent declares a Close Assault on one of your units, but before he rolls his dice. Your "
         "unit battles first. If the attacking unit retreats or is eliminated, its Close Assault is cancelled.")
for cid, dkind, akind, dist, ter, dice in [("amb-infantry-3", "infantry", "infantry", 1, [], 3), ("amb-armor-3", "armor", "infantry", 1, [], 3),
                                          ("amb-attacker-in-town-infantry", "infantry", "armor", 1, [(13, 5)], 2),
                                          ("amb-range-2-refused", "infantry", "infantry", 2, [], 0)]:
    cr_add(f"ctr-{cid}", CR_CTR, "base turned swapped", lambda v, dkind=dkind, akind=akind, dist=dist, ter=ter, dice=dice: (
        cm_q(v, [cu("a1", "allies", akind, CR_AT[dist]), cu("x1", "axis", dkind, (12, 4))], [ct(p, "town") for p in ter], battle(att="x1", tgt="a1", card="ambush")),
        [["battle.allowed", "eq", dice > 0], ["battle.dice", "eq", dice]]),
        S_AMB + (" " + S_TOWN if ter else ""), CARDTXT + "; " + DOWFAQ)
cr_add("ctr-infantry-assault-same-board-part", CR_CTR, "base turned swapped", lambda v: (
    cr_orders(v, MIX, "counter_attack", ["a1", "a6", "a7", "a4"], counters="infantry_assault", section="right"),
    [["orders.card", "eq", "infantry_assault"], ["orders.valid", "eq", ["a6", "a7"]]]),
    S_CTR + " (the section named as the counter-attacking player sees it: docs/rules-cards.md)", CARDTXT)
TFS = [cu("a1", "allies", "special_forces", (0, 8)), cu("a2", "allies", "elite_armor", (12, 8)), cu("a3", "allies", "french_resistance", (24, 8)),
       cu("a4", "allies", "artillery", (4, 8))]
cr_add("tfh-special-units-by-symbol", CR_TFH, "base turned swapped", lambda v: (
    cr_orders(v, TFS, "their_finest_hour", ["a1", "a2", "a3", "a4"], dice=["infantry", "armor", "flag"], hand_size=3),
    [["orders.valid", "eq", ["a1", "a2"]]]), S_TFH + " (special forces and resistance are infantry, elite armor is armor: seed 004)", CARDTXT + "; " + P12)
cr_add("tfh-two-infantry-symbols-special-and-resistance", CR_TFH, "base turned swapped", lambda v: (
    cr_orders(v, TFS, "their_finest_hour", ["a4", "a2", "a1", "a3"], dice=["infantry", "infantry", "grenade", "grenade"], hand_size=4),
    [["orders.valid", "eq", ["a1", "a3"]]]), S_TFH, CARDTXT + "; " + P12)

# -------------------------------------------------------------- 11. what each tactic card gives the unit it orders
for cid, kind, card, reach, src in [
        ("ab-move-3-or-battle-twice", "artillery", "artillery_bombard", {"move": 3, "move_and_battle": 0, "battles": 2}, S_AB),
        ("bel-3-battle-3-again-3", "infantry", "behind_enemy_lines",
         {"move": 3, "move_and_battle": 3, "move_after_battle": 3, "ignore_terrain_movement": True, "extra_dice": 1}, S_BEL),
        ("ia-3-battle-2", "infantry", "infantry_assault", {"move": 3, "move_and_battle": 2, "battles": 1, "extra_dice": 0}, S_IA),
        ("ff-no-move-plus-one", "armor", "firefight", {"move": 0, "extra_dice": 1, "battles": 1}, S_FF),
        ("tfh-artillery-plus-one", "artillery", "their_finest_hour", {"move": 1, "move_and_battle": 0, "extra_dice": 1}, S_TFH),
        ("dhq-armor-own-reach", "armor", "direct_from_hq", {"move": 3, "move_and_battle": 3, "extra_dice": 0}, S_DHQ + " " + S_MOVE),
        ("mo-infantry-own-reach", "infantry", "move_out", {"move": 2, "move_and_battle": 1, "extra_dice": 0}, S_MO + " " + S_MOVE),
        ("di-no-move-no-battle", "infantry", "dig_in", {"move": 0, "battles": 0}, S_DI),
]:
    kw2: dict[str, Any] = {"section": "center"} if card == "infantry_assault" else {}
    dice2 = ["star"] if card == "their_finest_hour" else None
    if dice2:
        kw2["hand_size"] = 1
    cr_add(f"reach-{cid}", CR_TAC, "base turned swapped", lambda v, kind=kind, card=card, reach=reach, kw2=kw2, dice2=dice2: (
        cr_orders(v, [cu("a1", "allies", kind, (12, 8)), cu("x1", "axis", "infantry", (12, 0))], card, ["a1"], dice=dice2, **kw2),
        [["orders.valid", "eq", ["a1"]]] + [[f"orders.units.a1.{k}", "eq", val] for k, val in reach.items()]), src, CARDTXT)
cr_add("tfh-armor-symbols-no-armor-lost", CR_TFH, "base turned swapped", lambda v: (
    cr_orders(v, [cu("a1", "allies", "infantry", (12, 8)), cu("a2", "allies", "artillery", (4, 8))], "their_finest_hour", ["a1", "a2"],
              dice=["armor", "armor", "infantry"], hand_size=3),
    [["orders.valid", "eq", ["a1"]], ["orders.orders_lost", "eq", 2]]), S_TFH, CARDTXT)
cr_add("med-dice-count-error", CR_MED, "base", lambda v: (
    cr_orders(v, [cu("a1", "allies", "infantry", (12, 8), figures=1)], "medics_and_mechanics", ["a1"], dice=["star", "star"], hand_size=3),
    [["error.field", "eq", "dice"]]), S_MM, CARDTXT, exit=2)
cr_add("ctr-medics", CR_CTR, "base turned swapped", lambda v: (
    cr_orders(v, [cu("a1", "allies", "armor", (12, 8), figures=1)], "counter_attack", ["a1"], counters="medics_and_mechanics",
              dice=["armor", "star", "infantry"], hand_size=3),
    [["orders.card", "eq", "medics_and_mechanics"], ["orders.medics.figures_returned", "eq", 2], ["orders.medics.figures_after", "eq", 3]]),
    S_CTR + " " + S_MM, CARDTXT)
cr_add("ctr-their-finest-hour", CR_CTR, "base turned swapped", lambda v: (
    cr_orders(v, TFU, "counter_attack", ["a4", "a6", "a1"], counters="their_finest_hour", dice=["armor", "star"], hand_size=2),
    [["orders.card", "eq", "their_finest_hour"], ["orders.valid", "eq", ["a4", "a6"]]]), S_CTR + " " + S_TFH, CARDTXT)
cr_add("ctr-pincer-breakthrough", CR_CTR, "base turned", lambda v: (
    cr_orders(v, [cu("a1", "allies", "infantry", (0, 16)), cu("a2", "allies", "armor", (12, 14)), cu("a3", "allies", "infantry", (24, 12))],
              "counter_attack", ["a1", "a2", "a3"], counters="pincer_move"),
    [["orders.valid", "eq", ["a1", "a3"]]]), S_CTR + " " + S_PM, CARDTXT, board="breakthrough")
cr_add("ctr-recon-right-overlord", CR_CTR, "base turned", lambda v: (
    cr_orders(v, [cu("a1", "allies", "infantry", (2, 8)), cu("a2", "allies", "armor", (17, 7)), cu("a3", "allies", "infantry", (40, 8))],
              "counter_attack", ["a2", "a3", "a1"], counters="recon_right"),
    [["orders.card", "eq", "recon_left"], ["orders.valid", "eq", ["a2"]]]), S_CTR, CARDTXT, board="overlord")

# -------------------------------------------------------------- 12. Air Power's group named in any order; Ambush out of a town
cr_add("dir-ap-group-named-out-of-order", CR_DIR, "base turned swapped", lambda v: (
    cr_cardq(v, APU, [], {"card_attack": {"card": "air_power", "targets": ["x1", "x3", "x2"]}}),
    [["card_attack.allowed", "eq", True], ["card_attack.dice", "eq", [2, 2, 2] if v.kind != "swapped" else [1, 1, 1]]]),
    S_AP + " (a group adjacent to each other: the order the targets are named in does not matter)", CARDTXT)
cr_add("dir-ap-results-per-target", CR_DIR, "base turned", lambda v: (
    cr_cardq(v, APU, [ct(G2, "forest")], {"card_attack": {"card": "air_power", "targets": ["x1", "x2"]}},
             dice=[["star", "flag"], ["armor", "grenade"]]),
    [["card_attack.results.0.hits", "eq", 1], ["card_attack.results.0.flags", "eq", 1], ["card_attack.results.1.hits", "eq", 2],
     ["card_attack.results.1.figures_removed", "eq", 2]]), S_AP, CARDTXT)
cr_add("ctr-amb-armor-out-of-town", CR_CTR, "base turned swapped", lambda v: (
    cm_q(v, [cu("a1", "allies", "infantry", CR_AT[1]), cu("x1", "axis", "armor", (12, 4))], [ct((12, 4), "town")], battle(att="x1", tgt="a1", card="ambush")),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]]), S_AMB + " Armor on a Town hex will reduce the number of Battle dice it rolls by 2.",
    CARDTXT + "; " + P14)

# -------------------------------------------------------------- 13. a section card's unit must stand in its section (if it has not moved)
S_SECCARD = ("Section cards are used to order a move and/or battle in a specific section. ... Only those units that are issued an order "
             "may move, battle, or take a special action, later in the turn. Ordered units may move from one section of the battlefield into another.")
# the attacker 1 hex below the target; positions (col, row) in the base frame, the target above-left at (col-1, row-1)
for cid, card, apos, moved, ok in [
        ("probe-left-from-left", "probe_left", (3, 7), 0, True), ("probe-left-from-center", "probe_left", (13, 5), 0, False),
        ("probe-left-from-center-moved", "probe_left", (13, 5), 1, True), ("attack-right-from-dotted", "attack_right", (17, 5), 0, True),
        ("attack-center-from-dotted-left", "attack_center", (7, 5), 0, True), ("assault-right-from-left", "assault_right", (5, 7), 0, False),
        ("recon-center-from-right", "recon_center", (21, 5), 0, False), ("pincer-from-center", "pincer_move", (13, 5), 0, False),
        ("pincer-from-right", "pincer_move", (21, 5), 0, True), ("ga-from-anywhere", "general_advance", (13, 5), 0, True),
        ("rif-from-right", "recon_in_force", (23, 7), 0, True)]:
    tpos = (apos[0] - 1, apos[1] - 1)
    cr_add(f"secbat-{cid}", CR_SEC, "base turned swapped", lambda v, card=card, apos=apos, moved=moved, ok=ok, tpos=tpos: (
        cm_q(v, [cu("a1", "allies", "infantry", apos, moved=moved), cu("x1", "axis", "infantry", tpos)], [], battle(card=card)),
        [["battle.allowed", "eq", ok], ["battle.dice", "eq", 3 if ok else 0]]), S_SECCARD + " " + S_DOT, BASE + " Command Cards; Order Units")
    if moved:
        continue  # the move ask is asked before the unit moves
    cr_add(f"secmove-{cid}", CR_SEC, "base turned", lambda v, card=card, apos=apos, ok=ok: (
        cm_q(v, [cu("a1", "allies", "armor", apos)], [], move(card=card)),
        [["move.destinations.*.hex", "contains" if ok else "excludes", v.ns(cr_ring(apos, 1))]]),
        S_SECCARD + " " + S_DOT, BASE + " Command Cards; Order Units")

# -------------------------------------------------------------- 14. the "1 unit of your choice" fallback keeps the unit's own reach and dice
for card, src in [("dig_in", S_DI), ("behind_enemy_lines", S_BEL), ("infantry_assault", S_IA), ("move_out", S_MO)]:
    fb = " If you do not command any infantry units, issue an order to 1 unit of your choice."
    cr_add(f"fallback-armor-battles-{card.replace('_', '-')}", CR_TAC, "base turned swapped", lambda v, card=card: (
        cm_q(v, [cu("a1", "allies", "armor", CR_AT[1], moved=3), cu("x1", "axis", "infantry", (12, 4))], [], battle(card=card)),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), src + fb + " " + S_ARM, CARDTXT)
    cr_add(f"fallback-armor-moves-{card.replace('_', '-')}", CR_TAC, "base turned", lambda v, card=card: (
        cm_q(v, [cu("a1", "allies", "armor", MV0)], [], move(card=card)),
        [["move.destinations.*.hex", "contains", v.ns(cr_ring(MV0, 3))]]), src + fb + " " + S_MOVE, CARDTXT)
# section cards' units on the Breakthrough and Overlord boards (an attacker that has not moved)
for board, card, apos, ok in [("breakthrough", "probe_left", (3, 15), True), ("breakthrough", "probe_right", (3, 15), False),
                              ("breakthrough", "attack_center", (17, 9), True), ("overlord", "probe_center", (25, 5), True),
                              ("overlord", "probe_left", (25, 5), False), ("overlord", "assault_left", (17, 5), True),
                              ("overlord", "recon_right", (33, 7), True), ("overlord", "recon_right", (31, 7), False)]:
    tpos = (apos[0] - 1, apos[1] - 1)
    cr_add(f"secbat-{board}-{card.replace('_', '-')}-{apos[0]}-{apos[1]}", CR_SEC, "base turned", lambda v, card=card, apos=apos, ok=ok, tpos=tpos: (
        cm_q(v, [cu("a1", "allies", "infantry", apos), cu("x1", "axis", "infantry", tpos)], [], battle(card=card)),
        [["battle.allowed", "eq", ok]]), S_SECCARD + " " + S_DOT + " (Overlord lines at doubled columns 17 and 33: docs/rules-sources.md)",
        BASE + " Command Cards", board=board)



# ---- audit auditfront (session 11) ----
# Blind referee audit of the fronts' special rules: night attacks, the North African desert (the extra
# armor move, wadis, escarpments, palm forests, oases), winter (frozen rivers, winter forests and
# villages, ski troops, hedgehogs, railways), blitz and partial blitz, the Soviet commissar, the British
# Commonwealth's battle back, the US Marines' Gung Ho!, the Japanese Imperial Army (flags, caves,
# jungle, Banzai, rice paddies), the Italian Royal Army, French resistance and the special units met
# with the fronts' own terrain. Written from the texts before the rules core was read: the seeds, the
# card texts cited in docs/rules-sources.md, the memoir44 wikia's Japanese Imperial Army page,
# bga-memoir's terrain card texts (Terrains/Jungle.php: "Unit moving in must stop and may battle if
# unit starts its move in adjacent hex"; Escarpment.php: "Impassable terrain to all units, Blocks line
# of sight"; Erg.php: a hill where a unit moving in must stop; FrozenRiver.php: "Moving or retreating
# onto Frozen Rivers hex, roll 2 Battle dice; for each star rolled, lose 1 figure") and the
# documented extensions of docs/rules-referee.md. Every scene is built once in a base frame (the
# doubled-width (col, row) of the cmb10 block, row 0 the top) and asked again turned by 180 degrees
# with `bottom` swapped, turned with the sides swapped, or mirrored left-right: the rule gives the
# same answer in each frame.
FR_NIGHT, FR_DESERT, FR_WINTER, FR_BLITZ, FR_NAT, FR_PAC, FR_RES, FR_BOARD = (
    "frn11 night", "frn11 desert", "frn11 winter", "frn11 blitz", "frn11 nations", "frn11 pacific",
    "frn11 resistance and elite", "frn11 boards")
FRW = "docs/rules-sources.md; bga-memoir modules/php/Terrains/*.php card texts"


class FrView(CmView):
    """A cmb10 frame, plus `mirror`: left-right, the sides and `bottom` kept."""

    def cr(self, p: Cm) -> Cm:
        if self.kind == "mirror":
            return (self.w - p[0], p[1])
        return super().cr(p)


def fr_views(kinds: str, board: str = "standard") -> list[CmView]:
    return [FrView(k, board) for k in kinds.split()]


def fr_add(cid: str, area: str, kinds: str, build: Any, source: str, where: str, board: str = "standard", exit: int = 0) -> None:
    """`build(view)` returns (query, expect) for one frame."""
    for v in fr_views(kinds, board):
        query, expect = build(v)
        add(f"frn11-{cid}{v.suffix}", area, query, expect, source, where, exit=exit)


def fp(name: str, board: str = "standard") -> Cm:
    """(col, row) of a hex name on `board`, the inverse of cm_name."""
    h = CM_SIZE[board][1]
    return (ord(name[0].upper()) - 65) * 2 + (1 if name[0].islower() else 0), h - int(name[1:])


def fr_rules(v: CmView, **rules: Any) -> dict[str, Any]:
    """rules with a variant object whose side values follow the frame's side swap."""
    out: dict[str, Any] = {"air": None}
    for k, val in rules.items():
        if k == "variants" and isinstance(val, dict):
            out[k] = {name: (v.s(s) if s in ("allies", "axis") else s) for name, s in val.items()}
        else:
            out[k] = val
    return out


def fq(v: CmView, units: list[CmUnit], terrain: list[tuple[Cm, str, dict[str, Any]]], ask: dict[str, Any],
       dice: list[Any] | None = None, **rules: Any) -> dict[str, Any]:
    out = cm_q(v, units, terrain, ask, dice=dice)
    if rules:
        out["rules"] = fr_rules(v, **rules)
    return out


P = fp  # short for the base-frame positions below
# the base frame's G5 target, its neighbours and the rows above it (the Axis home edge is row 0)
F_G5, F_F5, F_H5, F_f6, F_g6, F_f4, F_g4 = P("G5"), P("F5"), P("H5"), P("f6"), P("g6"), P("f4"), P("g4")
F_G3, F_G7, F_F7, F_H7, F_g8, F_G1, F_e8 = P("G3"), P("G7"), P("F7"), P("H7"), P("g8"), P("G1"), P("e8")

# ============================================================================ night attacks
S_NT = ("Night Attacks: units may battle only targets within the visibility the Night Visibility track has reached "
        "(artillery too); terrain, line of sight and the close-assault rule apply as ever.")
NTW = "docs/rules-sources.md Nation rules (night_visibility); docs/rules-referee.md rules.visibility; bga-memoir Board.php getTargetableCells"
ALL4 = "base turned swapped mirror"
for kind, apos, tpos, dist, dice in [("infantry", F_G3, F_G5, 2, 2), ("infantry", P("H3"), F_G5, 2, 2),
                                     ("armor", P("g2"), F_G5, 3, 3),
                                     ("artillery", P("G1"), F_G5, 4, 2), ("artillery", P("D1"), F_G5, 5, 1)]:
    for vis in (dist - 1, dist):
        ok = vis >= dist
        fr_add(f"night-{kind}-{cm_name(*apos)}-vis{vis}", FR_NIGHT, ALL4, lambda v, kind=kind, apos=apos, tpos=tpos, vis=vis, ok=ok, dice=dice, dist=dist: (
            fq(v, [cu("a1", "allies", kind, apos), cu("x1", "axis", "infantry", tpos)], [], battle(), visibility=vis),
            [["battle.allowed", "eq", ok], ["battle.distance", "eq", dist], ["battle.dice", "eq", dice if ok else 0]]), S_NT, NTW)
# close assault is always within the visibility: at 1, into a jungle and into a winter forest
for terr, att, dice in [("jungle", "infantry", 2), ("winter_forest", "armor", 1), ("palm_forest", "infantry", 2), ("winter_village", "artillery", 3)]:
    fr_add(f"night-close-assault-{terr.replace('_', '-')}-{att}", FR_NIGHT, "base turned swapped", lambda v, terr=terr, att=att, dice=dice: (
        fq(v, [cu("a1", "allies", att, F_g4), cu("x1", "axis", "infantry", F_G5)], [ct(F_G5, terr)], battle(), visibility=1),
        [["battle.allowed", "eq", True], ["battle.close_assault", "eq", True], ["battle.dice", "eq", dice]]), S_NT + " " + S_FOR, NTW + "; " + P13)
# within the visibility, the terrain still reduces and a blocked line still blocks
fr_add("night-vis3-range2-forest-target", FR_NIGHT, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_G3), cu("x1", "axis", "infantry", F_G5)], [ct(F_G5, "winter_forest")], battle(), visibility=3),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]]), S_NT + " " + S_FOR, NTW)
fr_add("night-vis4-range2-blocked-line", FR_NIGHT, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", P("H3")), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, "jungle"), ct(P("h4"), "jungle")], battle(), visibility=4),
    [["battle.allowed", "eq", False], ["battle.line_of_sight", "eq", False]]),
    S_NT + " Jungles block line of sight.", NTW + "; bga-memoir Terrains/Jungle.php (isBlockingLineOfSight)")
# a close assault at night still takes ground and overruns
fr_add("night-vis1-flag-take-ground", FR_NIGHT, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4), cu("x1", "axis", "infantry", F_G5)], [], battle(), dice=["flag", "star", "star"], visibility=1),
    [["result.retreat.*.hex", "set", v.ns([F_f6, F_g6])], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]]),
    S_NT + " " + CM_OVR, NTW + "; " + BASE + " Taking Ground")
# the mortar and the sniper are limited too
fr_add("night-mortar-vis2-range3", FR_NIGHT, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "mortar", P("g2")), cu("x1", "axis", "infantry", F_G5)], [], battle(), visibility=2),
    [["battle.allowed", "eq", False]]), S_NT, NTW)
fr_add("night-sniper-vis5-range5", FR_NIGHT, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "sniper", P("G1")), cu("x1", "axis", "infantry", F_g6)], [], battle(), visibility=5),
    [["battle.allowed", "eq", True], ["battle.distance", "eq", 5]]), S_NT + " (a sniper battles up to 5 hexes)", NTW + "; troop card 10")
# the British battle back at night (a close assault)
fr_add("night-brit-battle-back", FR_NIGHT, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "axis", "armor", F_G5), cu("x1", "allies", "infantry", F_g4, nation="brit", figures=2)], [], battle(), dice=["infantry", "star", "star"], visibility=1),
    [["result.figures_removed", "eq", 1], ["result.battle_back", "eq", True]]), S_NT + " " + S_BRIT, NTW + "; " + BRITW)
# the chart
NV4 = ["star", "star", "star", "star"]
for cid, rolls, reverse, vis, due in [
        ("start-no-rolls", [], False, 1, True), ("two-stars-first-roll", [["star", "star", "flag", "infantry"]], False, 3, True),
        ("four-stars-then-one", [NV4, ["star", "flag", "flag", "flag"]], False, None, False),
        ("two-turns-no-star", [["flag", "flag", "armor", "grenade"], ["infantry", "infantry", "armor", "grenade"]], False, 1, True),
        ("four-stars-five", [NV4], False, 5, True), ("spread-stars", [["star", "flag", "flag", "flag"], ["star", "star", "armor", "grenade"], ["star", "flag", "flag", "flag"]], False, 5, True),
        ("reverse-one-star", [["star", "flag", "flag", "flag"]], True, 5, True),
        ("reverse-to-one", [NV4, ["star", "flag", "flag", "flag"]], True, 1, False)]:
    add(f"frn11-night-chart-{cid}", FR_NIGHT, q([], {"night_visibility": {"rolls": rolls, "reverse": reverse}}),
        [["night_visibility.visibility", "eq", vis], ["night_visibility.roll_due", "eq", due],
         ["night_visibility.full_daylight", "eq", vis is None]], S_NV, NVW)
# the Overlord board: the track limits a line across the whole board's width
fr_add("overlord-night-artillery-vis5-range6", FR_BOARD, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "artillery", (25, 5)), cu("x1", "axis", "infantry", (37, 5))], [], battle(), visibility=5),
    [["battle.allowed", "eq", False], ["battle.distance", "eq", 6]]), S_NT, NTW, board="overlord")
fr_add("overlord-night-artillery-vis6-range6", FR_BOARD, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "artillery", (25, 5)), cu("x1", "axis", "infantry", (37, 5))], [], battle(), visibility=6),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]]), S_NT, NTW, board="overlord")
fr_add("breakthrough-night-armor-vis3-range3", FR_BOARD, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "armor", (12, 10)), cu("x1", "axis", "infantry", (13, 7))], [], battle(), visibility=3),
    [["battle.allowed", "eq", True], ["battle.distance", "eq", 3], ["battle.dice", "eq", 3]]), S_NT, NTW, board="breakthrough")

# ============================================================================ the North African desert
S_NAD = ("North African Desert rules: an armor unit that takes ground after a successful close assault may move 1 more "
         "hex before its overrun combat; terrain movement restrictions apply to that hex.")
S_ESC = "Escarpment: impassable terrain to all units; blocks line of sight."
S_PALM = "Palm Forests: as Forests (a unit moving in must stop, and may not battle that turn)."
S_OASIS = "Oasis: a unit moving in must stop, may still battle, ignores 1 flag; protection 1 against infantry and armor."
S_ERG = "Ergs & Ridges: as Hills, and a unit moving in must stop."
S_WADI = ("Wadis & Gullies: infantry and armor battle in or out of a wadi only in close assault; from a wadi into the same "
          "wadi as usual; artillery at any range.")
NADW = DES + "; " + FRW + " (Escarpment.php, Erg.php, Oasis)"
WADW = "terrain card 44 (docs/rules-sources.md, docs/rules-referee.md Interpretations: Wadis)"
NADR = {"variants": ["north_african_desert"]}
fr_add("desert-move-around-escarpment-and-unit", FR_DESERT, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5, moved=1), cu("x2", "axis", "infantry", F_f6)],
       [ct(F_F5, "escarpment"), ct(F_H5, "palm_forest"), ct(F_g6, "desert_village"), ct(F_f4, "oasis"), ct(F_g4, "ridge")],
       {"desert_move": {"unit": "a1"}}, **NADR),
    [["desert_move.allowed", "eq", True], ["desert_move.hexes", "set", v.ns([F_H5, F_g6, F_f4, F_g4])]]), S_NAD + " " + S_ESC, NADW)
for terr, ok in [("palm_forest", False), ("oasis", False), ("ridge", False), ("desert_village", False), ("wadi", True), ("desert_hill", True)]:
    fr_add(f"desert-move-after-taking-{terr.replace('_', '-')}", FR_DESERT, "base swapped", lambda v, terr=terr, ok=ok: (
        fq(v, [cu("a1", "allies", "armor", F_G5, moved=1)], [ct(F_G5, terr)], {"desert_move": {"unit": "a1"}}, **NADR),
        [["desert_move.allowed", "eq", ok]] + ([["desert_move.hexes", "len", 6]] if ok else [])),
        S_NAD + " " + {"palm_forest": S_PALM, "oasis": S_OASIS, "ridge": S_ERG, "desert_village": "Desert villages: as Towns (stop on entering)",
                       "wadi": S_WADI + " (no stop)", "desert_hill": "Desert hills: as Hills (no movement restriction)"}[terr], NADW)
for kind, ok, rules in [("infantry", False, NADR), ("elite_armor", True, NADR), ("armor", False, {}), ("special_forces", False, NADR), ("cavalry", False, NADR), ("tiger", True, NADR)]:
    fr_add(f"desert-move-{kind.replace('_', '-')}{'' if rules else '-no-rule'}", FR_DESERT, "base turned swapped", lambda v, kind=kind, ok=ok, rules=rules: (
        fq(v, [cu("a1", "allies", kind, F_G5, moved=1)], [], {"desert_move": {"unit": "a1"}}, **rules),
        [["desert_move.allowed", "eq", ok]]), S_NAD + " (armor only; the rule must be in effect)", NADW)
# the overrun after the extra hex
fr_add("desert-overrun-from-village-refused", FR_DESERT, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5, moved=2), cu("x1", "axis", "infantry", F_f6)], [ct(F_G5, "desert_village")], battle(overrun=True), **NADR),
    [["battle.allowed", "eq", False]]), S_NAD + " Desert villages: as Towns (a unit that enters one may not battle that turn).", NADW)
fr_add("desert-overrun-from-oasis", FR_DESERT, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5, moved=2), cu("x1", "axis", "infantry", F_f6)], [ct(F_G5, "oasis")], battle(overrun=True), **NADR),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), S_NAD + " " + S_OASIS, NADW)
fr_add("desert-overrun-into-oasis-target", FR_DESERT, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5, moved=2), cu("x1", "axis", "infantry", F_f6)], [ct(F_f6, "oasis")], battle(overrun=True), dice=["flag", "infantry"], **NADR),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []], ["result.armor_overrun", "eq", False]]),
    S_NAD + " " + S_OASIS + " (an armor unit makes one overrun a turn)", NADW)
fr_add("desert-overrun-from-palm-forest-refused", FR_DESERT, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5, moved=1), cu("x1", "axis", "infantry", F_f6)], [ct(F_G5, "palm_forest")], battle(overrun=True), **NADR),
    [["battle.allowed", "eq", False]]), S_PALM + " " + CM_TAKE, NADW)
# take ground into desert terrain: which gives an overrun
for terr, tg, ovr in [("palm_forest", True, False), ("oasis", True, True), ("ridge", True, True), ("wadi", True, True), ("escarpment", False, False)]:
    if terr == "escarpment":
        continue
    fr_add(f"desert-take-ground-into-{terr.replace('_', '-')}", FR_DESERT, "base turned swapped", lambda v, terr=terr, tg=tg, ovr=ovr: (
        fq(v, [cu("a1", "allies", "armor", F_g4), cu("x1", "axis", "infantry", F_G5, figures=1)], [ct(F_G5, terr)], battle(), dice=["grenade"] if terr == "palm_forest" else ["grenade", "infantry"]),
        [["result.eliminated", "eq", True], ["result.take_ground", "eq", tg], ["result.armor_overrun", "eq", ovr]]),
        CM_OVR + " " + {"palm_forest": S_PALM, "oasis": S_OASIS, "ridge": S_ERG, "wadi": S_WADI}[terr], NADW)
# wadis
W_IN = "wadi"
for cid, att, apos, aw, tw, ok, dice in [("infantry-out-of-wadi-range-2", "infantry", F_G3, True, False, False, 0),
                                         ("infantry-into-wadi-range-2", "infantry", F_G3, False, True, False, 0),
                                         ("armor-into-wadi-range-3", "armor", P("g2"), False, True, False, 0),
                                         ("wadi-to-wadi-range-2", "infantry", F_G3, True, True, True, 2),
                                         ("armor-close-into-wadi", "armor", F_g4, False, True, True, 2),
                                         ("artillery-out-of-wadi-range-4", "artillery", F_G1, True, False, True, 2),
                                         ("artillery-into-wadi-range-4", "artillery", F_G1, False, True, True, None),
                                         ("infantry-close-out-of-wadi", "infantry", F_g4, True, False, True, 3)]:
    terrain = ([ct(apos, W_IN)] if aw else []) + ([ct(F_G5, W_IN)] if tw else [])
    fr_add(f"wadi-{cid}", FR_DESERT, "base turned swapped", lambda v, att=att, apos=apos, terrain=terrain, ok=ok, dice=dice: (
        fq(v, [cu("a1", "allies", att, apos), cu("x1", "axis", "infantry", F_G5)], terrain, battle()),
        [["battle.allowed", "eq", ok]] + ([["battle.dice", "eq", dice]] if dice is not None else [])), S_WADI, WADW)
# wadis at night: both limits
fr_add("wadi-night-vis1-close", FR_DESERT, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, W_IN), ct(F_G5, W_IN)], battle(), visibility=1),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), S_WADI + " " + S_NT, WADW + "; " + NTW)
# escarpments: retreats and sight
fr_add("escarpment-blocks-one-retreat-hex", FR_DESERT, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "infantry", F_G5)], [ct(F_f6, "escarpment")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "eq", v.ns([F_g6])], ["result.retreat.*.figures_lost", "eq", [0]]]), S_ESC + " " + CM_TERR_RET, NADW)
fr_add("escarpment-blocks-both-retreat-hexes", FR_DESERT, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "infantry", F_G5, figures=3)], [ct(F_f6, "escarpment"), ct(F_g6, "escarpment")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "eq", v.ns([F_G5])], ["result.retreat.*.figures_lost", "eq", [1]]]), S_ESC + " " + CM_RETREAT, NADW)
fr_add("escarpment-blocks-sight", FR_DESERT, "base turned swapped mirror", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", P("H3")), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, "escarpment")], battle()),
    [["battle.allowed", "eq", False], ["battle.line_of_sight", "eq", False]]), S_ESC, NADW)
fr_add("escarpment-not-entered", FR_DESERT, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5)], [ct(F_F5, "escarpment")], move()),
    [["move.destinations.*.hex", "excludes", v.ns([F_F5])], ["move.destinations.*.hex", "contains", v.ns([P("E5")])]]), S_ESC, NADW)
fr_add("ridge-protection-vs-infantry", FR_DESERT, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "infantry", F_G5)], [ct(F_G5, "ridge")], battle(), dice=["infantry", "infantry"]),
    [["battle.dice", "eq", 2]]), S_ERG + " (protection as a Hill against a lower attacker)", NADW)
# the Italian Royal Army in the desert: 1 to 3 hexes a flag, around an escarpment
IRA2 = {"variants": ["italian_royal_army"]}
fr_add("italian-armor-retreat-around-escarpment", FR_NAT, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4), cu("x1", "axis", "armor", F_G5, nation="it")], [ct(F_f6, "escarpment")], battle(), dice=["flag", "star", "star"], **IRA2),
    [["result.retreat.*.hex", "set", v.ns([F_g6, F_G7, F_H7, P("f8"), P("g8"), P("h8")])]]), S_IT + " " + S_ESC, ITW)
fr_add("italian-infantry-retreat-through-wadi-and-palms", FR_NAT, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4), cu("x1", "axis", "infantry", F_G5, nation="it")], [ct(F_f6, "palm_forest"), ct(F_g6, "wadi")], battle(), dice=["flag", "star", "star"], **IRA2),
    [["result.retreat.*.hex", "set", v.ns([F_f6, F_g6, F_F7, F_G7, F_H7, P("e8"), P("f8"), P("g8"), P("h8")])]]), S_IT + " " + CM_TERR_RET, ITW)
fr_add("italian-artillery-in-desert-village-one-flag", FR_NAT, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "artillery", F_G5, nation="it")], [ct(F_G5, "desert_village")], battle(), dice=["flag", "star"], **IRA2),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 1], ["result.retreat", "eq", []]]), S_IT + " Desert villages: as Towns (protection 1 against infantry).", ITW)
fr_add("italian-rule-off-one-hex", FR_NAT, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4), cu("x1", "axis", "armor", F_G5, nation="it")], [], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "set", v.ns([F_f6, F_g6])]]), S_IT + " (only when the rule is in effect)", ITW)

# ============================================================================ winter
S_FROZ = "Frozen Rivers: moving or retreating onto a Frozen River hex, roll 2 battle dice; for each star rolled, lose 1 figure (not on a bridge)."
FROZW = "terrain card 47 (bga-memoir Terrains/FrozenRiver.php); Eastern Front rules p.3 (docs/rules-sources.md)"
S_WFOR = "Winter forests and villages: as Forests and Villages (a unit moving in must stop and may not battle that turn; armor in a village battles at -2)."
WFW = "docs/rules-sources.md terrain table (winter_forest, winter_village: the winter board's Forests and Villages)"
for how in ("move", "take_ground", "retreat"):
    fr_add(f"frozen-river-{how.replace('_', '-')}-rolls-two", FR_WINTER, "base turned", lambda v, how=how: (
        fq(v, [cu("a1", "allies", "armor", F_G5, moved=1)], [ct(F_G5, "frozen_river")], {"terrain_entry": {"unit": "a1", "how": how}}),
        [["terrain_entry.rolls.*.terrain", "eq", ["frozen_river"]], ["terrain_entry.rolls.*.dice", "eq", [2]]]), S_FROZ, FROZW)
fr_add("frozen-river-two-stars-two-figures", FR_WINTER, "base turned", lambda v: (
    fq(v, [cu("a1", "axis", "ski_troops", F_G5, moved=1)], [ct(F_G5, "frozen_river")], {"terrain_entry": {"unit": "a1", "how": "move"}}, dice=["star", "star"]),
    [["result.figures_removed", "eq", 2], ["result.eliminated", "eq", False]]), S_FROZ + " (ski troops too: the card names no exception)", FROZW)
fr_add("frozen-river-grenade-no-loss", FR_WINTER, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_G5, moved=1)], [ct(F_G5, "frozen_river")], {"terrain_entry": {"unit": "a1", "how": "move"}}, dice=["grenade", "infantry"]),
    [["result.figures_removed", "eq", 0]]), S_FROZ + " (only stars count)", FROZW)
fr_add("frozen-river-one-figure-star-eliminated", FR_WINTER, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_G5, moved=1, figures=1)], [ct(F_G5, "frozen_river")], {"terrain_entry": {"unit": "a1", "how": "retreat"}}, dice=["star", "flag"]),
    [["result.figures_removed", "eq", 1], ["result.eliminated", "eq", True]]), S_FROZ, FROZW)
fr_add("frozen-river-behind-enemy-lines-move-spared", FR_WINTER, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_G5, moved=3)], [ct(F_G5, "frozen_river")], {"terrain_entry": {"unit": "a1", "how": "move", "behind_enemy_lines": True}}),
    [["terrain_entry.rolls", "eq", []]]), S_FROZ + " Behind Enemy Lines: ... ignore all terrain movement restrictions (bga-memoir: FrozenRiver not triggered with behind enemy lines)", FROZW)
fr_add("frozen-river-behind-enemy-lines-retreat-rolls", FR_WINTER, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_G5, moved=3)], [ct(F_G5, "frozen_river")], {"terrain_entry": {"unit": "a1", "how": "retreat", "behind_enemy_lines": True}}),
    [["terrain_entry.rolls.*.dice", "eq", [2]]]), S_FROZ + " (a retreat is not the card's move)", FROZW)
fr_add("frozen-river-pontoon-no-roll", FR_WINTER, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_G5, moved=1)], [ct(F_G5, "frozen_river"), ct(F_G5, "bridge")], {"terrain_entry": {"unit": "a1", "how": "retreat"}}),
    [["terrain_entry.rolls", "eq", []]]), S_FROZ, FROZW)
fr_add("frozen-river-retreat-hex-offered", FR_WINTER, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "infantry", F_G5)], [ct(F_f6, "frozen_river"), ct(F_g6, "frozen_river")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "set", v.ns([F_f6, F_g6])], ["result.retreat.*.figures_lost", "eq", [0, 0]]]), S_FROZ + " Frozen rivers may be crossed, at a risk.", FROZW)
fr_add("frozen-river-no-protection-no-stop", FR_WINTER, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_G5)], [ct(F_g6, "frozen_river"), ct(F_G7, "frozen_river")], move()),
    [["move.destinations.*.hex", "contains", v.ns([F_g6, F_G7])]]), S_FROZ + " (crossed: no stop)", FROZW)
# winter forests and villages
fr_add("winter-forest-entered-no-battle", FR_WINTER, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4, moved=1), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, "winter_forest")], battle()),
    [["battle.allowed", "eq", False]]), S_WFOR, WFW)
fr_add("winter-village-armor-out-minus-two", FR_WINTER, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, "winter_village")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]]), S_WFOR, WFW)
fr_add("winter-village-vs-armor", FR_WINTER, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4), cu("x1", "axis", "infantry", F_G5)], [ct(F_G5, "winter_village")], battle()),
    [["battle.dice", "eq", 1]]), S_WFOR, WFW)
fr_add("winter-hill-vs-infantry", FR_WINTER, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "infantry", F_G5)], [ct(F_G5, "winter_hill")], battle()),
    [["battle.dice", "eq", 2]]), "Winter Hills: as Hills. " + S_HILL, AIR + " p.10")
fr_add("winter-forest-stops-move", FR_WINTER, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5)], [ct(F_g6, "winter_forest"), ct(F_f6, "winter_forest")], move()),
    [["move.destinations.*.hex", "contains", v.ns([F_g6])], [f"move.destinations.[hex={v.n(F_g6)}].can_battle", "eq", False]]), S_WFOR, WFW)
# ski troops on the winter board
fr_add("ski-moved-3-into-winter-forest-battles", FR_WINTER, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "ski_troops", F_g4, moved=3), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, "winter_forest")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), S_SKI, SKIW)
fr_add("ski-moved-3-winter-village-range-2", FR_WINTER, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "ski_troops", F_G3, moved=3), cu("x1", "axis", "infantry", F_G5)], [ct(F_G3, "winter_village"), ct(F_G5, "winter_village")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 1]]), S_SKI + " " + S_WFOR, SKIW)
fr_add("ski-range-3-refused", FR_WINTER, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "ski_troops", P("g2")), cu("x1", "axis", "infantry", F_G5)], [], battle()),
    [["battle.allowed", "eq", False]]), S_SKI + " (fire at 3, 2: 2 hexes at most)", SKIW)
fr_add("ski-retreat-around-frozen-and-units", FR_WINTER, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "ski_troops", F_G5), cu("x2", "axis", "infantry", F_f6)], [ct(F_g6, "frozen_river")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "set", v.ns([F_g6, F_G7, F_H7, P("f8"), P("g8"), P("h8")])]]), S_SKI + " " + CM_RETREAT, SKIW)
fr_add("ski-moves-3-through-winter-forest-stops", FR_WINTER, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "ski_troops", F_G5)], [ct(F_g6, "winter_forest"), ct(F_f6, "winter_forest"), ct(F_F5, "winter_forest"),
                                                      ct(F_H5, "winter_forest"), ct(F_f4, "winter_forest"), ct(F_g4, "winter_forest")], move()),
    [["move.destinations.*.hex", "contains", v.ns([F_g6, F_g4])], ["move.destinations.*.hex", "excludes", v.ns([F_G7, F_G3])]]),
    S_SKI + " (move 3; the forest still stops the move) " + S_WFOR, SKIW)
# hedgehogs, railways and dragon's teeth (the winter and eastern boards)
S_HH = "Hedgehogs: armor and artillery may not enter; a unit on them may ignore 1 flag."
fr_add("hedgehogs-armor-retreat-blocked", FR_WINTER, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "armor", F_G5)], [ct(F_f6, "hedgehogs")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "eq", v.ns([F_g6])]]), S_HH + " " + CM_TERR_RET, OBST)
fr_add("hedgehogs-infantry-retreats-onto", FR_WINTER, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "infantry", F_G5)], [ct(F_f6, "hedgehogs"), ct(F_g6, "hedgehogs")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "set", v.ns([F_f6, F_g6])]]), S_HH, OBST)
fr_add("hedgehogs-armor-no-take-ground", FR_WINTER, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4), cu("x1", "axis", "infantry", F_G5, figures=1)], [ct(F_G5, "hedgehogs")], battle(), dice=["grenade", "star", "star"]),
    [["result.eliminated", "eq", True], ["result.take_ground", "eq", False], ["result.armor_overrun", "eq", False]]), S_HH + " " + CM_TAKE, OBST)
fr_add("hedgehogs-infantry-take-ground", FR_WINTER, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "infantry", F_G5, figures=1)], [ct(F_G5, "hedgehogs")], battle(), dice=["grenade", "star", "star"]),
    [["result.eliminated", "eq", True], ["result.take_ground", "eq", True]]), S_HH + " " + CM_TAKE, OBST)
S_RAIL = "Railroads: armor and artillery moving onto a railroad hex must stop (not where a road crosses it); infantry moves as usual."
fr_add("railway-stops-armor", FR_WINTER, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5)], [ct(F_g6, "railway"), ct(F_f6, "railway")], move()),
    [["move.destinations.*.hex", "contains", v.ns([F_g6, F_f6, P("e6"), P("h6")])], ["move.destinations.*.hex", "excludes", v.ns([F_G7])]]), S_RAIL, "terrain card 38 (docs/rules-sources.md)")
fr_add("railway-infantry-crosses", FR_WINTER, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_G5)], [ct(F_g6, "railway"), ct(F_f6, "railway")], move()),
    [["move.destinations.*.hex", "contains", v.ns([F_G7])]]), S_RAIL, "terrain card 38 (docs/rules-sources.md)")
fr_add("railway-road-crossing-armor-passes", FR_WINTER, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5)], [ct(F_g6, "railway"), ct(F_g6, "road"), ct(F_f6, "railway"), ct(F_f6, "road")], move()),
    [["move.destinations.*.hex", "contains", v.ns([F_G7])]]), S_RAIL, "terrain card 38 (docs/rules-sources.md)")

# ============================================================================ blitz and partial blitz
BLZR = {"variants": ["blitz"]}
fr_add("blitz-allied-armor-moves-2", FR_BLITZ, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5)], [], move(), **BLZR),
    [["move.destinations.*.hex", "contains", v.ns([P("E5"), F_G3, F_G7])], ["move.destinations.*.hex", "excludes", v.ns([P("D5"), P("J5"), P("g8")])]]),
    S_BLZ, BLZW)
fr_add("blitz-axis-armor-moves-3", FR_BLITZ, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "axis", "armor", F_G5)], [], move(), **BLZR),
    [["move.destinations.*.hex", "contains", v.ns([P("D5"), P("J5"), P("g8")])]]), S_BLZ, BLZW)
fr_add("blitz-allied-elite-armor-moved-3-refused", FR_BLITZ, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "elite_armor", F_g4, moved=3), cu("x1", "axis", "infantry", F_G5)], [], battle(), **BLZR),
    [["battle.allowed", "eq", False]]), S_BLZ + " (elite armor is armor)", BLZW)
fr_add("blitz-allied-armor-moved-2-into-wadi-battles", FR_BLITZ, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4, moved=2), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, "wadi")], battle(), **BLZR),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), S_BLZ + " " + S_WADI, BLZW + "; " + WADW)
fr_add("blitz-allied-armor-moved-2-town-refused", FR_BLITZ, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4, moved=2), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, "desert_village")], battle(), **BLZR),
    [["battle.allowed", "eq", False]]), S_BLZ + " Desert villages: as Towns.", BLZW)
fr_add("blitz-infantry-untouched", FR_BLITZ, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4, moved=1), cu("x1", "axis", "infantry", F_G5)], [], battle(), **BLZR),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), S_BLZ, BLZW)
for side, named, ok in [("axis", "axis", False), ("allies", "axis", True), ("allies", "allies", False), ("axis", "allies", True)]:
    fr_add(f"partial-blitz-{named}-named-{side}-armor-moved-3", FR_BLITZ, "base swapped", lambda v, side=side, named=named, ok=ok: (
        fq(v, [cu("a1", side, "armor", F_g4, moved=3), cu("x1", CM_OTHER[side], "infantry", F_G5)], [], battle(), variants={"partial_blitz": named}),
        [["battle.allowed", "eq", ok]]), S_PBLZ, BLZW)
fr_add("overlord-blitz-allied-armor-moves-2", FR_BOARD, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "armor", (25, 5))], [], move(), **BLZR),
    [["move.destinations.*.hex", "contains", v.ns([(29, 5), (21, 5)])], ["move.destinations.*.hex", "excludes", v.ns([(31, 5), (19, 5)])]]), S_BLZ, BLZW, board="overlord")
S_C317 = "Blitz (Actions 3 - Air Strikes & Blitz): the Axis player may play a Recon 1 card as an Air Power card."
for side, card, plays in [("axis", "recon_left", True), ("allies", "recon_left", False), ("axis", "recon_right", True), ("axis", "attack_left", False)]:
    add(f"frn11-blitz-card-as-{side}-{card.replace('_', '-')}", FR_BLITZ, q([], {"card_as": {"card": card, "side": side}}, rules={"air": None, "variants": ["blitz"]}),
        [["card_as.plays_as", "contains" if plays else "excludes", ["air_power"]]], S_C317, BLZW + "; bga-memoir Player::canHill317")

# ============================================================================ Soviet commissar
SOVR = {"air": None, "variants": {"russian_commissar": "allies"}}
for cid, body, ok in [("place-on-empty", {"card": "attack_left", "chip_card": None, "action": "place"}, True),
                      ("place-on-taken-chip", {"card": "attack_left", "chip_card": "probe_center", "action": "place"}, False),
                      ("play-other-card-from-chip", {"card": "attack_left", "chip_card": "probe_center"}, False),
                      ("play-chip-card", {"card": "probe_center", "chip_card": "probe_center"}, True),
                      ("recon-from-hand", {"card": "recon_center", "chip_card": "attack_left", "from_hand": True}, True),
                      ("recon-from-hand-overlord", {"card": "recon_center", "chip_card": "attack_left", "from_hand": True, "overlord": True}, False),
                      ("ambush-from-hand", {"card": "ambush", "chip_card": "attack_left", "from_hand": True}, True),
                      ("attack-from-hand", {"card": "attack_right", "chip_card": "attack_left", "from_hand": True}, False)]:
    add(f"frn11-commissar-{cid}", FR_NAT, q([], {"commissar": body}, rules=SOVR),
        [["commissar.allowed", "eq", ok], ["commissar.side", "eq", "allies"]], S_COM, COM)
add("frn11-commissar-axis-soviet", FR_NAT, q([], {"commissar": {"card": "attack_right", "chip_card": "attack_left", "from_hand": True}}, rules={"air": None, "variants": {"russian_commissar": "axis"}}),
    [["commissar.allowed", "eq", False], ["commissar.side", "eq", "axis"]], S_COM, COM)
add("frn11-commissar-off-free", FR_NAT, q([], {"commissar": {"card": "attack_right", "chip_card": "attack_left", "from_hand": True}}),
    [["commissar.allowed", "eq", True], ["commissar.side", "eq", None]], S_COM + " (only with the rule)", COM)

# ============================================================================ British Commonwealth
BR = {"nation": "brit"}
for cid, att, apos, terr, figs, dice, back in [
        ("forest-close-one-left", "armor", F_G5, "winter_forest", 2, ["infantry"], True),
        ("range-2-one-left", "infantry", F_f6, None, 2, ["infantry", "star"], False),
        ("hit-and-flag-retreats", "infantry", F_G5, None, 2, ["infantry", "flag", "star"], False),
        ("one-figure-eliminated", "infantry", F_G5, None, 1, ["infantry", "star", "star"], False),
        ("two-left-no", "infantry", F_G5, None, 3, ["infantry", "star", "star"], False),
        ("jungle-close-one-left", "infantry", F_G5, "jungle", 2, ["infantry", "star"], True)]:
    kind = "infantry"
    fr_add(f"brit-{cid}", FR_NAT, "base turned mirror", lambda v, att=att, apos=apos, terr=terr, figs=figs, dice=dice, back=back, kind=kind: (
        fq(v, [cu("a1", "axis", att, apos), cu("x1", "allies", kind, F_g4, figures=figs, **BR)], [ct(F_g4, terr)] if terr else [], battle(), dice=dice),
        [["result.battle_back", "eq" if back else "falsy", True if back else None]]), S_BRIT, BRITW)
fr_add("brit-armor-three-hit-two", FR_NAT, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "axis", "armor", F_G5), cu("x1", "allies", "armor", F_g4, **BR)], [], battle(), dice=["armor", "armor", "star"]),
    [["result.figures_removed", "eq", 2], ["result.battle_back", "eq", True]]), S_BRIT, BRITW)
fr_add("brit-on-desert-hill-attacked-from-below", FR_NAT, "base turned", lambda v: (
    fq(v, [cu("a1", "axis", "infantry", F_G5), cu("x1", "allies", "infantry", F_g4, figures=2, **BR)], [ct(F_g4, "desert_hill")], battle(), dice=["infantry", "star"]),
    [["battle.dice", "eq", 2], ["result.battle_back", "eq", True]]), S_BRIT + " Desert hills: as Hills.", BRITW)

# ============================================================================ US Marines: Gung Ho!
GHR = {"air": None, "variants": ["us_marines_gung_ho"]}
for card, n_units, avail in [("attack_center", 5, 4), ("recon_center", 3, 2), ("direct_from_hq", 6, 5), ("probe_center", 4, 3)]:
    units = [U(f"a{i}", "allies", "infantry", h) for i, h in enumerate(["G1", "H1", "I1", "g2", "h2", "G3"][:n_units], start=1)]
    add(f"frn11-gung-ho-{card.replace('_', '-')}", FR_PAC, q(units, {"orders": {"card": card, "side": "allies", "units": [u["id"] for u in units]}}, rules=GHR),
        [["orders.orders_available", "eq", avail], ["orders.valid", "len", avail]], S_GUNG, GUNGW)
add("frn11-gung-ho-axis-attack-center", FR_PAC,
    q([U(f"x{i}", "axis", "infantry", h) for i, h in enumerate(["G9", "H9", "I9", "g8"], start=1)],
      {"orders": {"card": "attack_center", "side": "axis", "units": ["x1", "x2", "x3", "x4"]}}, rules=GHR),
    [["orders.orders_available", "eq", 3]], S_GUNG + " (the US Marines are the Allies)", GUNGW)

# ============================================================================ the Pacific: jungle, caves, rice paddies, the Japanese
S_JUN = ("Jungles: a unit moving in must stop and may battle if it started its move in an adjacent hex; if an armor unit starts "
         "its move in an adjacent hex and makes a successful combat against a unit in a Jungle hex, it may Take Ground and do an "
         "Armor Overrun; protection 1 against infantry, 2 against armor; blocks line of sight.")
JUNW = "terrain card 57, bga-memoir Terrains/Jungle.php (desc, defense, isBlockingLineOfSight, mustStopWhenEntering)"
S_RICE = "Rice Paddies: played as Marshes: every unit moving in or out stops, artillery may not enter, armor may not battle after entering, no armor overrun."
RICEW = "docs/rules-sources.md terrain table (rice_paddies: Pacific Theater p.6, the memoir44 wikia 'Rice Field')"
JP = {"nation": "jp"}
for kind, moved, ok in [("infantry", 1, True), ("special_forces", 2, False), ("armor", 1, True), ("armor", 2, False), ("armor", 3, False)]:
    fr_add(f"jungle-{kind.replace('_', '-')}-moved-{moved}-in", FR_PAC, "base turned swapped", lambda v, kind=kind, moved=moved, ok=ok: (
        fq(v, [cu("a1", "allies", kind, F_g4, moved=moved), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, "jungle")], battle()),
        [["battle.allowed", "eq", ok]] + ([["battle.dice", "eq", 3]] if ok else [])), S_JUN, JUNW)
fr_add("jungle-vs-armor-close", FR_PAC, "base turned swapped mirror", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4), cu("x1", "axis", "infantry", F_G5)], [ct(F_G5, "jungle")], battle()),
    [["battle.dice", "eq", 1]]), S_JUN, JUNW)
fr_add("jungle-vs-infantry-range-2", FR_PAC, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_G3), cu("x1", "axis", "infantry", F_G5)], [ct(F_G5, "jungle")], battle()),
    [["battle.dice", "eq", 1]]), S_JUN, JUNW)
fr_add("jungle-armor-take-ground-and-overrun", FR_PAC, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4), cu("x1", "axis", "infantry", F_G5, figures=1)], [ct(F_G5, "jungle")], battle(), dice=["grenade"]),
    [["result.eliminated", "eq", True], ["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]]), S_JUN, JUNW)
fr_add("jungle-move-one-hex-may-battle", FR_PAC, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_G5)], [ct(F_g6, "jungle")], move()),
    [[f"move.destinations.[hex={v.n(F_g6)}].can_battle", "eq", True]]), S_JUN, JUNW)
fr_add("jungle-stops-the-move", FR_PAC, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5)], [ct(p, "jungle") for p in (F_F5, F_H5, F_f6, F_g6, F_f4, F_g4)], move()),
    [["move.destinations.*.hex", "set", v.ns([F_G5, F_F5, F_H5, F_f6, F_g6, F_f4, F_g4])]]), S_JUN, JUNW)
# the Japanese Imperial Army with the Pacific's terrain
fr_add("jp-banzai-moved-2-into-jungle-refused", FR_PAC, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "axis", "infantry", F_g4, moved=2, **JP), cu("x1", "allies", "infantry", F_G5)], [ct(F_g4, "jungle")], battle()),
    [["battle.allowed", "eq", False]]), S_J_BANZAI + " " + S_JUN, WIKIJ + "; " + JUNW)
fr_add("jp-moved-1-into-jungle-close-assault-extra-die", FR_PAC, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "axis", "infantry", F_g4, moved=1, **JP), cu("x1", "allies", "infantry", F_G5)], [ct(F_g4, "jungle")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]]), S_J_DIE + " " + S_JUN, WIKIJ + "; " + JUNW)
fr_add("jp-banzai-moved-2-into-rice-paddy", FR_PAC, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "axis", "infantry", F_g4, moved=2, **JP), cu("x1", "allies", "infantry", F_G5)], [ct(F_g4, "rice_paddies")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 4]]), S_J_BANZAI + " " + S_J_DIE + " " + S_RICE + " (armor only may not battle)", WIKIJ + "; " + RICEW)
fr_add("jp-banzai-vs-jungle-target", FR_PAC, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "axis", "infantry", F_g4, moved=2, **JP), cu("x1", "allies", "infantry", F_G5)], [ct(F_G5, "jungle")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), S_J_BANZAI + " " + S_J_DIE + " " + S_JUN, WIKIJ + "; " + JUNW)
fr_add("jp-banzai-moved-2-wounded-range-2-refused", FR_PAC, "base turned", lambda v: (
    fq(v, [cu("a1", "axis", "infantry", F_G3, moved=2, figures=3, **JP), cu("x1", "allies", "infantry", F_G5)], [], battle()),
    [["battle.allowed", "eq", False]]), S_J_BANZAI, WIKIJ)
fr_add("jp-in-jungle-two-flags-one-hex", FR_PAC, ALL4, lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "infantry", F_G5, **JP)], [ct(F_G5, "jungle")], battle(), dice=["flag", "flag"]),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 1], ["result.retreat.*.hex", "set", v.ns([F_f6, F_g6])]]), S_J_FLAG + " " + S_JUN, WIKIJ + "; " + JUNW)
fr_add("jp-cave-three-flags-ignored-vs-armor", FR_PAC, "base turned swapped mirror", lambda v: (
    fq(v, [cu("a1", "allies", "artillery", F_G1), cu("x1", "axis", "infantry", F_G5, **JP)], [ct(F_G5, "cave")], battle(), dice=["flag", "flag"]),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 2], ["result.retreat", "eq", []]]), S_J_CAVE, WIKIJ + "; terrain card 52")
fr_add("jp-cave-vs-armor-one-die", FR_PAC, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4), cu("x1", "axis", "infantry", F_G5, **JP)], [ct(F_G5, "cave")], battle()),
    [["battle.dice", "eq", 1]]), "Cave: Japanese infantry in it are attacked at -2 dice but by artillery", "terrain card 52 (docs/rules-sources.md)")
fr_add("us-infantry-in-cave-as-hill", FR_PAC, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "axis", "infantry", F_G5), cu("x1", "allies", "infantry", F_g4, nation="us")], [ct(F_g4, "cave")], battle(), dice=["flag", "star"]),
    [["battle.dice", "eq", 2], ["result.flags_ignored", "eq", 0], ["result.retreat", "len", 2]]), "Cave on a hill: as a Hill; only Japanese infantry in it ignore the flags", "terrain card 52 (docs/rules-sources.md)")
fr_add("jp-armor-in-jungle-no-flag-ignored", FR_PAC, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "armor", F_G5, **JP)], [ct(F_G5, "jungle")], battle(), dice=["flag", "star"]),
    [["result.flags_ignored", "eq", 0], ["result.retreat.*.hex", "set", v.ns([F_f6, F_g6])]]), S_J_FLAG + " (infantry only)", WIKIJ)
fr_add("cave-armor-may-not-retreat-onto", FR_PAC, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "armor", F_G5)], [ct(F_f6, "cave")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "eq", v.ns([F_g6])]]), "Cave on a hill: impassable to armor and artillery. " + CM_TERR_RET, "terrain card 52 (docs/rules-sources.md)")
# rice paddies
fr_add("rice-armor-moved-in-no-battle", FR_PAC, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4, moved=1), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, "rice_paddies")], battle()),
    [["battle.allowed", "eq", False]]), S_RICE, RICEW)
fr_add("rice-infantry-moved-in-battles", FR_PAC, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4, moved=1), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, "rice_paddies")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), S_RICE, RICEW)
fr_add("rice-artillery-may-not-enter", FR_PAC, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "artillery", F_G5)], [ct(F_g6, "rice_paddies")], move()),
    [["move.destinations.*.hex", "excludes", v.ns([F_g6])], ["move.destinations.*.hex", "contains", v.ns([F_f6])]]), S_RICE, RICEW)
fr_add("rice-leaving-one-hex", FR_PAC, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5)], [ct(F_G5, "rice_paddies")], move()),
    [["move.destinations.*.hex", "contains", v.ns([F_g6, F_F5])], ["move.destinations.*.hex", "excludes", v.ns([F_G7, P("E5")])]]), S_RICE, RICEW)
fr_add("rice-armor-no-overrun", FR_PAC, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_g4), cu("x1", "axis", "infantry", F_G5, figures=1)], [ct(F_G5, "rice_paddies")], battle(), dice=["grenade", "star", "star"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", False]]), S_RICE, RICEW)

# ============================================================================ French resistance, special forces, elite armor with the fronts' terrain
S_FRES = ("French Resistance: may move into a forest, village or hedgerow hex and still battle in that turn; may retreat up to 3 "
          "hexes instead of the standard 1 on any retreat flag.")
for terr in ("winter_village", "winter_forest", "hill_forest", "hill_village", "palm_forest", "desert_village"):
    fr_add(f"resistance-moved-1-into-{terr.replace('_', '-')}-battles", FR_RES, "base turned swapped", lambda v, terr=terr: (
        fq(v, [cu("a1", "allies", "french_resistance", F_g4, moved=1), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, terr)], battle()),
        [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), S_FRES + " (the winter, desert and hill forests and villages play as Forests and Villages)", P12 + "; " + WFW)
fr_add("resistance-moved-2-refused", FR_RES, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "french_resistance", F_g4, moved=2), cu("x1", "axis", "infantry", F_G5)], [], battle()),
    [["battle.allowed", "eq", False]]), S_FRES + " (otherwise as infantry: move 1 and battle)", P12)
fr_add("resistance-retreat-around-escarpment", FR_RES, "base swapped mirror", lambda v: (
    fq(v, [cu("a1", "axis", "infantry", F_G5), cu("x1", "allies", "french_resistance", F_g4)], [ct(P("H3"), "escarpment")], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "set", v.ns([P("G3"), P("f2"), P("g2"), P("F1"), P("G1"), P("H1")])]]), S_FRES + " " + S_ESC, P12)
fr_add("special-forces-moved-2-into-palm-forest-refused", FR_RES, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "special_forces", F_g4, moved=2), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, "palm_forest")], battle()),
    [["battle.allowed", "eq", False]]), S_PALM + " (special forces move 2 and battle, not out of a forest entered)", P12)
fr_add("special-forces-moved-2-wadi-close", FR_RES, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "special_forces", F_g4, moved=2), cu("x1", "axis", "infantry", F_G5)], [ct(F_g4, "wadi")], battle()),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), "Special forces may move 2 hexes and still battle. " + S_WADI, P12 + "; " + WADW)
fr_add("elite-armor-hedgehogs-not-entered", FR_RES, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "elite_armor", F_G5)], [ct(F_g6, "hedgehogs"), ct(F_f6, "dragons_teeth")], move()),
    [["move.destinations.*.hex", "excludes", v.ns([F_g6, F_f6])]]), S_HH + " Dragon's Teeth: only infantry may enter.", OBST + "; Eastern Front rules p.5")
fr_add("elite-armor-four-figures-jungle-hits", FR_RES, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", F_g4), cu("x1", "axis", "elite_armor", F_G5)], [ct(F_G5, "jungle")], battle(), dice=["armor", "armor"]),
    [["battle.dice", "eq", 2], ["result.figures_removed", "eq", 2], ["result.eliminated", "eq", False]]), S_JUN + " Elite armor: 4 figures.", P12 + "; " + JUNW)

# ============================================================================ the Overlord and Breakthrough boards' edges
fr_add("overlord-desert-move-corner", FR_BOARD, "base turned", lambda v: (
    fq(v, [cu("a1", "axis", "armor", (50, 0), moved=1)], [], {"desert_move": {"unit": "a1"}}, **NADR),
    [["desert_move.allowed", "eq", True], ["desert_move.hexes", "set", v.ns([(48, 0), (49, 1)])]]), S_NAD, NADW, board="overlord")
fr_add("breakthrough-italian-top-edge-one-hex", FR_BOARD, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", (14, 2)), cu("x1", "axis", "infantry", (13, 1), nation="it")], [], battle(), dice=["flag", "star", "star"], **IRA2),
    [["result.retreat.*.hex", "set", v.ns([(12, 0), (14, 0)])], ["result.retreat.*.figures_lost", "eq", [0, 0]]]),
    S_IT + " (1, 2 or 3 hexes: 1 can be made at the edge)", ITW, board="breakthrough")
fr_add("breakthrough-wadi-range-2-refused", FR_BOARD, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", (12, 10)), cu("x1", "axis", "infantry", (12, 8))], [ct((12, 8), "wadi")], battle()),
    [["battle.allowed", "eq", False]]), S_WADI, WADW, board="breakthrough")
fr_add("overlord-jungle-armor-overrun", FR_BOARD, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "armor", (41, 5)), cu("x1", "axis", "infantry", (40, 4), figures=1)], [ct((40, 4), "jungle")], battle(), dice=["grenade"]),
    [["result.take_ground", "eq", True], ["result.armor_overrun", "eq", True]]), S_JUN, JUNW, board="overlord")


# -- more of the same fronts, asked while the rules core was read (each answer checked against the text)
for cid, rolls, reverse, vis, due in [
        ("daylight-stays-after-more-rolls", [NV4, ["star", "star", "flag", "flag"], ["flag", "flag", "flag", "flag"]], False, None, False),
        ("reverse-stays-at-one", [NV4, ["star", "star", "flag", "flag"], ["star", "flag", "flag", "flag"]], True, 1, False)]:
    add(f"frn11-night-chart-{cid}", FR_NIGHT, q([], {"night_visibility": {"rolls": rolls, "reverse": reverse}}),
        [["night_visibility.visibility", "eq", vis], ["night_visibility.roll_due", "eq", due]], S_NV, NVW)
fr_add("desert-blitz-overrun-after-four-hexes", FR_DESERT, "base turned mirror", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5, moved=4), cu("x1", "axis", "infantry", F_f6)], [], battle(overrun=True), variants=["blitz", "north_african_desert"]),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]),
    S_NAD + " " + S_BLZ + " (the overrun follows the take ground and the extra hex, whatever the move before)", NADW + "; " + BLZW)
fr_add("jungle-overrun-after-moving-first-refused", FR_PAC, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5, moved=2), cu("x1", "axis", "infantry", F_f6)], [ct(F_G5, "jungle")], battle(overrun=True)),
    [["battle.allowed", "eq", False]]), S_JUN + " (it moved before its close assault: it did not start its move next to the jungle)", JUNW)
fr_add("jungle-overrun-from-next-door", FR_PAC, "base turned swapped", lambda v: (
    fq(v, [cu("a1", "allies", "armor", F_G5, moved=1), cu("x1", "axis", "infantry", F_f6)], [ct(F_G5, "jungle")], battle(overrun=True)),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]]), S_JUN, JUNW)
for side, mv in [("allies", 2), ("axis", 3)]:
    add(f"frn11-blitz-orders-{side}-armor-move-{mv}", FR_BLITZ,
        q([U("a1", side, "armor", "G1" if side == "allies" else "G9")], {"orders": {"card": "attack_center", "side": side, "units": ["a1"]}}, rules=BLZ),
        [["orders.units.a1.move", "eq", mv], ["orders.units.a1.move_and_battle", "eq", mv]], S_BLZ, BLZW)
add("frn11-gung-ho-counter-attack", FR_PAC,
    q([U(f"a{i}", "allies", "infantry", h) for i, h in enumerate(["G1", "H1", "I1", "g2", "h2"], start=1)],
      {"orders": {"card": "counter_attack", "counters": "attack_center", "side": "allies", "units": ["a1", "a2", "a3", "a4", "a5"]}}, rules=GHR),
    [["orders.orders_available", "eq", 4]], S_GUNG + " 'Each card activates an extra unit. Even when doing a counter-attack'", GUNGW)

fr_add("overlord-resistance-corner-one-hex", FR_BOARD, "base turned", lambda v: (
    fq(v, [cu("a1", "axis", "infantry", (2, 6)), cu("x1", "allies", "french_resistance", (1, 7))], [], battle(), dice=["flag", "star", "star"]),
    [["result.retreat.*.hex", "set", v.ns([(0, 8), (2, 8)])], ["result.retreat.*.figures_lost", "eq", [0, 0]]]),
    S_FRES + " (up to 3: 1 can be made at the bottom edge)", P12, board="overlord")
fr_add("breakthrough-jp-two-flags-top-edge", FR_BOARD, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "infantry", (14, 2)), cu("x1", "axis", "infantry", (13, 1), nation="jp")], [], battle(), dice=["flag", "flag", "star"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat.*.hex", "set", v.ns([(12, 0), (14, 0)])]]), S_J_FLAG + " " + CM_RETREAT, WIKIJ, board="breakthrough")
fr_add("breakthrough-jp-three-flags-top-edge-loses-one", FR_BOARD, "base turned", lambda v: (
    fq(v, [cu("a1", "allies", "armor", (14, 2)), cu("x1", "axis", "infantry", (13, 1), nation="jp")], [], battle(), dice=["flag", "flag", "flag"]),
    [["result.flags_ignored", "eq", 1], ["result.retreat.*.hex", "set", v.ns([(12, 0), (14, 0)])], ["result.retreat.*.figures_lost", "eq", [1, 1]]]),
    S_J_FLAG + " " + CM_RETREAT, WIKIJ, board="breakthrough")


# -- troop oracle (session 12, ids trp12-): the cases the blind troop oracle
# (tests/rules/test_troop_oracle.py) found the referee wrong on (each failed before the fix). Each scene is built in a base frame
# (doubled-width (col, row), row 0 the top) and asked again mirrored left-right, and turned by 180
# degrees with `bottom` swapped (the retreating side's home edge turns with the board).
TRP12 = "trp12 troops"
S_BG_XH = ("Big Guns: place a Crosshair marker on each target that is hit but not eliminated or forced to retreat "
           "(Player Aid v1, vdocuments.site 'player aid v1'); Until moved or destroyed, zeroed-in unit take fire at +1 "
           "(bga-memoir Units/BigGun.php, troop card 3)")
S_DD = ("Destroyers: move 1-2 on ocean and battle (troop card 12, docs/rules-sources.md); bga-memoir Units/Destroyer.php: "
        "movementRadius 2, movementAndAttackRadius 2, ignoreCannotBattle")
TRPW = "docs/rules-sources.md (troop cards 3, 12; the Player Aid v1)"
TRP_FRAMES: list[tuple[str, Any, str]] = [
    ("", lambda c, r: (c, r), "allies"),
    ("-mirror", lambda c, r: (24 - c, r), "allies"),
    ("-turned", lambda c, r: (24 - c, 8 - r), "axis"),
]
for sfx, fr, bottom in TRP_FRAMES:
    def th(c: int, r: int, fr: Any = fr) -> str:
        return hx(*fr(c, r))

    # a big gun at A9 hits an Allied unit two hexes off, B7; its retreat goes to a6 / b6
    gun = [U("a1", "axis", "big_gun", th(0, 0)), U("x1", "allies", "infantry", th(2, 2))]
    add(f"trp12-cross-hair-not-on-a-retreating-target{sfx}", TRP12,
        q(gun, battle(), dice=["infantry", "flag", "star"], bottom=bottom),
        [["result.figures_removed", "eq", 1], ["result.retreat.*.hex", "set", [th(1, 3), th(3, 3)]],
         ["result.cross_hair", "falsy", None]], S_BG_XH, TRPW)
    # a destroyer on the ocean of the bottom row pushes an Axis unit two hexes off
    sea = [T(th(c, 8), "ocean") for c in (8, 10, 12, 14, 16)] + [T(th(c, 7), "ocean") for c in (11, 13)]
    add(f"trp12-cross-hair-destroyer-not-on-a-retreating-target{sfx}", TRP12,
        q([U("a1", "allies", "destroyer", th(12, 8)), U("x1", "axis", "infantry", th(12, 4))], battle(), sea,
          dice=["infantry", "flag"], bottom=bottom),
        [["result.figures_removed", "eq", 1], ["result.retreat.*.hex", "set", [th(11, 3), th(13, 3)]],
         ["result.cross_hair", "falsy", None]], S_BG_XH + " (" + S_DD + ": the big gun's cross-hairs)", TRPW)
    add(f"trp12-destroyer-moves-two-ocean-hexes{sfx}", TRP12,
        q([U("a1", "allies", "destroyer", th(12, 8))], move(), sea, bottom=bottom),
        [["move.destinations.*.hex", "set", [th(c, 8) for c in (8, 10, 12, 14, 16)] + [th(11, 7), th(13, 7)]],
         ["move.destinations.[hex=" + th(16, 8) + "].path_length", "eq", 2]], S_DD, TRPW)
    add(f"trp12-destroyer-battles-after-moving-two{sfx}", TRP12,
        q([U("a1", "allies", "destroyer", th(12, 8))], move(), sea, bottom=bottom),
        [["move.destinations.[hex=" + th(8, 8) + "].can_battle", "eq", True],
         ["move.destinations.[hex=" + th(13, 7) + "].can_battle", "eq", True],
         ["move.destinations.[hex=" + th(12, 8) + "].can_battle", "eq", True]], S_DD, TRPW)

# -- session 12 terrain oracle (tests/rules/test_terrain_oracle.py): the blind cases that found a bug
TER12 = "ter12 terrain oracle"
S_MTN30 = ("Infantry may only move up, retreat onto (/ move down, retreat from) a mountain from (/ to) an "
           "adjacent hill or mountain (card 30)")
MTN30W = "Terrain Pack card 30 Mountains, as bga-memoir Terrains/Mountain.php prints it"
for side, mtn, beyond in [("right", "H5", "I5"), ("left", "F5", "E5")]:
    add(f"ter12-mountain-down-mid-move-{side}-to-low", TER12,
        q([U("a1", "allies", "infantry", "G5")], move(), [T("G5", "hill"), T(mtn, "mountain")]),
        [["move.destinations.*.hex", "contains", [mtn]], ["move.destinations.*.hex", "excludes", [beyond]]],
        S_MTN30 + " (up from the hill onto the mountain, then not down onto countryside in the same move)", MTN30W)
    add(f"ter12-mountain-down-mid-move-{side}-to-hill", TER12,
        q([U("a1", "allies", "infantry", "G5")], move(), [T("G5", "hill"), T(mtn, "mountain"), T(beyond, "hill")]),
        [["move.destinations.*.hex", "contains", [mtn, beyond]], ["move.destinations.[hex=" + beyond + "].path", "eq", [mtn, beyond]]],
        S_MTN30 + " (down from the mountain onto a hill: allowed)", MTN30W)
S_SH13 = "Movement up onto steep hill is a 2 hex move (card 13; from a hill it is 1)"
SH13W = "Terrain Pack card 13 Steep Hills, as bga-memoir Terrains/SteepHill.php prints it"
for side, start, hill, steep, other, beyond in [("right", "b4", "C5", "D5", "d4", "E5"),
                                                ("left", "k4", "K5", "J5", "i4", "I5")]:
    add(f"ter12-steep-hill-from-hill-{side}", TER12,
        q([U("a1", "allies", "armor", start)], move(), [T(hill, "hill"), T(steep, "steep_hill"), T(other, "steep_hill")]),
        [["move.destinations.*.hex", "contains", [steep, beyond]],
         ["move.destinations.[hex=" + steep + "].path_length", "eq", 2],
         ["move.destinations.[hex=" + beyond + "].path_length", "eq", 3]],
        S_SH13 + " (armor: over the hill onto the steep hill, 1 hex, and on: 3 in all)", SH13W)

# -- session 15: wadis' side slopes (card 44), the tile's facing given as the editor's orientation
WADI = "wadi side slopes"
S_W44 = ("Side slopes impassable, both in and out. No movement restrictions through open ends "
         "(card 44); the straight tile is open east and west at orientation 1, each step 60 degrees "
         "counter-clockwise, the curved one open north-east and south-east")
W44W = "Terrain Pack card 44 Wadis & Gullies, as bga-memoir Terrains/Wadi.php and Models/Terrain.php code it"
add("wadi-slope-entered-only-from-an-open-end", WADI,
    q([U("a1", "allies", "infantry", "g4")], move(max_hexes=1), [T("G5", "wadi", orientation=1)]),
    [["move.destinations.*.hex", "excludes", ["G5"]], ["move.destinations.*.hex", "contains", ["H5", "f4"]]],
    S_W44 + " (g4 lies across the slope of an east-west wadi)", W44W)
add("wadi-left-only-through-its-open-ends-turned", WADI,
    q([U("a1", "allies", "infantry", "G5")], move(max_hexes=1), [T("G5", "wadi", orientation=2)]),
    [["move.destinations.*.hex", "set", ["G5", "g6", "f4"]]],
    S_W44 + " (orientation 2: open north-east and south-west)", W44W)
add("wadi-curved-left-only-through-its-open-ends", WADI,
    q([U("a1", "allies", "infantry", "G5")], move(max_hexes=1), [T("G5", "curved_wadi", orientation=1)]),
    [["move.destinations.*.hex", "set", ["G5", "g6", "g4"]]],
    S_W44 + " (the curved tile at orientation 1)", W44W)
add("wadi-without-orientation-every-side-open", WADI,
    q([U("a1", "allies", "infantry", "G5")], move(max_hexes=1), [T("G5", "wadi")]),
    [["move.destinations.*.hex", "set", ["G5", "H5", "g6", "f6", "F5", "f4", "g4"]]],
    S_W44 + " (no facing given: no side is known to be a slope)", W44W)

# -- session 16: bridge sections (card 9b), entered and left only along their span
BRS = "bridge sections"
S_9B = ("You can only enter from the enter/exit hex (card 9b); 25 Arnhem Bridge: \"Units may only "
        "enter or exit Arnhem Bridge from or onto the hexes as noted at the ends of the bridge. "
        "Movement along the span of bridge is normal.\" Open at orientation 1 to the four corners' "
        "sides (north-east, north-west, south-west, south-east), each step 30 degrees clockwise")
B9W = "terrain card 9b Bridge Section, as bga-memoir Terrains/BridgeSection.php and Models/Terrain.php code it"
add("bridge-section-east-west-entered-only-from-its-ends", BRS,
    q([U("a1", "allies", "infantry", "g4")], move(max_hexes=1), [T("G5", "bridge_section", orientation=4)]),
    [["move.destinations.*.hex", "excludes", ["G5"]], ["move.destinations.*.hex", "contains", ["H5", "f4"]]],
    S_9B + " (orientation 4 runs east-west; g4 is at its side)", B9W)
add("bridge-section-left-only-along-its-span", BRS,
    q([U("a1", "allies", "infantry", "G5")], move(max_hexes=1), [T("G5", "bridge_section", orientation=2)]),
    [["move.destinations.*.hex", "set", ["G5", "g6", "f4"]]],
    S_9B + " (orientation 2: north-east and south-west)", B9W)
add("bridge-section-at-orientation-1-opens-to-four-sides", BRS,
    q([U("a1", "allies", "infantry", "G5")], move(max_hexes=1), [T("G5", "bridge_section", orientation=1)]),
    [["move.destinations.*.hex", "set", ["G5", "g6", "f6", "f4", "g4"]]],
    S_9B + " (orientation 1 points at the hex's corners: the four sides beside them are its ends)", B9W)
add("bridge-section-span-that-turns-stays-open", BRS,
    q([U("a1", "allies", "infantry", "G5")], move(max_hexes=1),
      [T("G5", "bridge_section", orientation=4), T("H5", "bridge_section", orientation=2)]),
    [["move.destinations.*.hex", "contains", ["H5"]]],
    S_9B + " (a side onto another bridge is open: along the span)", B9W)
add("bridge-section-take-ground-from-its-side-refused", BRS,
    q([U("a1", "allies", "infantry", "g4"), U("x1", "axis", "infantry", "G5", figures=1)], battle(),
      [T("G5", "bridge_section", orientation=4)], dice=["grenade", "grenade", "grenade"]),
    [["result.eliminated", "eq", True], ["result.take_ground", "eq", False]],
    S_9B + " (the attacker at its side may not move in)", B9W)

# -- session 16: a river too wide to fire across (25 Arnhem Bridge's briefing)
WRV = "wide river"
S_WR = ("Infantry units may not target units on the opposite side of the Rhine River, which is too "
        "wide in this section (25 Arnhem Bridge's rules)")
WRW = "bga-memoir scenario folder, 25-ArnhemBridge.m44, text.en.rules"
_RHINE = [T(f"{c}5", "river") for c in "ABCDEFGHIJKLM"]
add("wide-river-infantry-may-not-fire-across", WRV,
    q([U("a1", "allies", "infantry", "f4"), U("x1", "axis", "infantry", "f6")], battle(), _RHINE,
      rules={"variants": ["wide_river"]}),
    [["battle.allowed", "eq", False]], S_WR + " (two hexes apart, the river between)", WRW)
add("wide-river-armor-fires-across", WRV,
    q([U("a1", "allies", "armor", "f4"), U("x1", "axis", "infantry", "f6")], battle(), _RHINE,
      rules={"variants": ["wide_river"]}),
    [["battle.allowed", "eq", True], ["battle.dice", "eq", 3]], S_WR + " (only infantry is named)", WRW)
add("wide-river-infantry-same-bank", WRV,
    q([U("a1", "allies", "infantry", "f4"), U("x1", "axis", "infantry", "d4")], battle(), _RHINE,
      rules={"variants": ["wide_river"]}),
    [["battle.allowed", "eq", True]], S_WR + " (both on one bank)", WRW)


def main() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "duplicate case ids"
    OUT.write_text(json.dumps({"cases": CASES}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(CASES)} cases -> {OUT}")


if __name__ == "__main__":
    main()
