"""Nation rules and scenario options as rule variants: data that changes units, never
branches through the engine.

A variant is a set of :class:`UnitChange` rows: which units it concerns (by nation, side,
class or type) and which :class:`~companion.rules.units.UnitSpec` fields it sets. A unit's
rules are its type's spec with the changes of every variant that applies to it (its
nation's own rules always; a scenario's options when the scenario switches them on, named
in ``Unit.variants``). What a variant does that no data field expresses yet is named in
``not_played`` so that ``scenario check`` reports it.

Sources: bga-memoir ``Managers/Units.php::loadScenario`` (blitz, partial blitz, Italian
Royal Army, Japanese infantry), ``States/AttackUnitsTrait`` (British battle back),
``Scenario::setup`` (the option keys); docs/rules-sources.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from companion.rules.board import Side
from companion.rules.records import dataclass, field, replace
from companion.rules.units import UNITS, UnitClass, UnitSpec

_GROUND = frozenset({UnitClass.INFANTRY, UnitClass.ARMOR, UnitClass.ARTILLERY})


@dataclass(frozen=True, slots=True)
class UnitChange:
    """Field values a variant gives the units it concerns. ``None`` filters match any unit."""

    changes: Mapping[str, Any]
    classes: frozenset[UnitClass] = _GROUND
    sides: frozenset[Side] | None = None
    nations: frozenset[str] | None = None
    types: frozenset[str] | None = None
    except_types: frozenset[str] = frozenset()

    def applies(self, spec: UnitSpec, side: Side, nation: str | None) -> bool:
        return (spec.unit_class in self.classes and not spec.air
                and (self.sides is None or side in self.sides)
                and (self.nations is None or nation in self.nations)
                and (self.types is None or spec.name in self.types)
                and spec.name not in self.except_types)


@dataclass(frozen=True, slots=True)
class RuleVariant:
    name: str
    label: str
    unit_changes: tuple[UnitChange, ...] = ()
    always_for_nations: frozenset[str] = frozenset()  # a nation's own rules: no option needed
    side_from_option: bool = False  # the option's value names the side it applies to
    not_played: str = ""
    source: str = ""
    # the game layer sequences it (a roll each turn, a card held back, an extra move): where
    played_by: str = ""
    # --- rules of a side, carried by its units (so that the rules core reads them from the
    # position alone): the variant applies to the units of ``for_sides`` (None: both)
    for_sides: frozenset[Side] | None = None
    extra_section_orders: int = 0  # a Section card orders this many more units (Gung Ho!)
    # command cards a side may play as another card (Blitz: the Axis plays Recon 1 as Air Power)
    plays_as: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    plays_as_sides: frozenset[Side] = frozenset()
    # command cards that are another card in this scenario's deck, for both sides (an Air Power
    # card played as Artillery Bombard)
    card_becomes: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def side_rules(self) -> bool:
        return self.extra_section_orders > 0


def _c(**changes: Any) -> Mapping[str, Any]:
    return MappingProxyType(changes)


_ARMOR = frozenset({UnitClass.ARMOR})


def _recon_as(card: str) -> Mapping[str, str]:
    """Each Recon 1 card played as ``card``."""
    return MappingProxyType(dict.fromkeys(("recon_left", "recon_center", "recon_right"), card))


_BGA_UNITS = "bga-memoir Managers/Units.php loadScenario"
# the early-war Special Weapon Assets (move or battle): no Banzai for them (bga-memoir
# loadScenario: "if SWA (Early War) is equipped banzai does not apply")
_EARLY_SWA = frozenset({"anti_tank", "mortar", "machine_gun"})

VARIANTS: dict[str, RuleVariant] = {v.name: v for v in (
    RuleVariant(
        "blitz", "Blitz rules",
        (UnitChange(_c(move=2, move_and_battle=2), classes=_ARMOR,
                    sides=frozenset({Side.ALLIES})),),
        plays_as=_recon_as("air_power"),
        plays_as_sides=frozenset({Side.AXIS}),
        source=f"{_BGA_UNITS}: with blitz_rules, Allied armor moves 2 and battles after 2 "
               "(the early-war Blitz rules); the Axis may play a Recon 1 card as Air Power "
               "(bga-memoir Player::canHill317; Terrain Pack \"Calling in Air Strikes (Hill "
               "317 rule)\"); the game offers it (companion.game.ruleflows.BlitzFlow)"),
    RuleVariant(
        "air_strikes", "Air strikes (a Recon 1 card played as Air Power)",
        side_from_option=True,
        plays_as=_recon_as("air_power"),
        plays_as_sides=frozenset({Side.ALLIES, Side.AXIS}),
        source="bga-memoir option air_strikes_rules = ALLIES or AXIS (4152 Panzer Lehr Counter "
               "Attacks: \"The Allied player may call in Air Strikes (Actions 3 - Air Strikes & "
               "Blitz)\"); the side named may play a Recon 1 card as Air Power, as under the "
               "Blitz rules (bga-memoir Player::canHill317; Terrain Pack \"Calling in Air "
               "Strikes (Hill 317 rule)\"); the game offers it (companion.game.ruleflows.BlitzFlow)"),
    RuleVariant(
        "recon_as_barrage", "A Recon 1 card played as Barrage",
        plays_as=_recon_as("barrage"),
        plays_as_sides=frozenset({Side.ALLIES, Side.AXIS}),
        source="bga-memoir 13 Omaha Beach Overlord's briefing: \"Either side may choose to play "
               "a 'Recon' command card as a Barrage Tactic card instead: 'Target any enemy unit "
               "and roll 4 dice' (see Barrage card for more details)\"; the Barrage card as the "
               "deck has it (companion.rules.cards); the game offers it "
               "(companion.game.ruleflows.BlitzFlow, a card played as another)"),
    RuleVariant(
        "hill_317", "Hill 317 (air strikes while the Allies hold it)",
        played_by="companion.game.ruleflows.BlitzFlow",
        source="bga-memoir option hill317 (its hexes) and Player::canHill317: while an Allied "
               "unit stands on one of them, the Allies may play a Recon 1 card as Air Power "
               "(16 Counter-attack on Mortain's text; companion.rules.hill317)"),
    RuleVariant(
        "partial_blitz", "Partial blitz (armor of one side slowed)",
        (UnitChange(_c(move=2, move_and_battle=2), classes=_ARMOR),),
        side_from_option=True,
        source=f"{_BGA_UNITS}: partial_blitz_rules = ALLIES, AXIS or all: that side's armor "
               "moves 2 and battles after 2"),
    RuleVariant(
        "italian_royal_army", "Italian Royal Army",
        (UnitChange(_c(retreat_hexes=3), nations=frozenset({"it"})),
         UnitChange(_c(retreat_hexes=3, ignore_flags=1), classes=frozenset({UnitClass.ARTILLERY}),
                    nations=frozenset({"it"}))),
        source=f"{_BGA_UNITS}: Italian infantry, armor and artillery retreat 1 to 3 hexes per "
               "flag; Italian artillery ignores 1 flag (Mediterranean Theater)"),
    RuleVariant(
        "imperial_japanese_army", "Imperial Japanese Army",
        (UnitChange(_c(ignore_flags=1, close_assault_bonus_at_full_strength=1,
                       close_assault_after_move=2),
                    classes=frozenset({UnitClass.INFANTRY}), nations=frozenset({"jp"}),
                    except_types=frozenset({"sniper"} | _EARLY_SWA)),
         UnitChange(_c(ignore_flags=1, close_assault_bonus_at_full_strength=1),
                    classes=frozenset({UnitClass.INFANTRY}), nations=frozenset({"jp"}),
                    types=_EARLY_SWA)),
        always_for_nations=frozenset({"jp"}),
        source=f"{_BGA_UNITS}: Japanese infantry (not snipers) ignores 1 flag (Seishin "
               "Kyoiku), battles at +1 die in close assault at full strength (Yamato "
               "Damashii), and may move 2 and still battle, in a close assault only (Banzai: "
               "bga-memoir Board::getTargetableCells 'if banzai, unit can only attack in close "
               "assault'; the memoir44 wikia 'Japanese Imperial Army': 'Infantry may move 2 "
               "hexes and battle, if it engages in Close Assault'), except with an early-war "
               "Special Weapon Asset (Pacific Theater)"),
    RuleVariant(
        "british_commonwealth", "British Commonwealth Forces",
        (UnitChange(_c(battles_back_at_one_figure=True), nations=frozenset({"brit", "gb"}),
                    except_types=frozenset({"sniper"})),),
        always_for_nations=frozenset({"brit", "gb"}),
        source="bga-memoir States/AttackUnitsTrait: a British unit left with a single figure "
               "by a close assault, without retreating, battles back at once (Mediterranean "
               "Theater, British Commonwealth Forces); bga-memoir applies it to every British "
               "unit"),
    RuleVariant(
        "armor_move_two", "Armor moving 2 (unit behaviour)",
        (UnitChange(_c(move=2, move_and_battle=2), classes=_ARMOR),),
        source=f"{_BGA_UNITS}: the editor's unit behaviours ARMOR_MOVE_TWO and "
               "ELITE_ARMOR_MOVE_TWO: the unit moves 2 and battles after 2"),
    RuleVariant(
        "ignore_one_flag", "Unit ignores one flag (unit behaviour)",
        (UnitChange(_c(ignore_flags=1)),),
        source=f"{_BGA_UNITS}: the editor's unit behaviour CAN_IGNORE_ONE_FLAG"),
    RuleVariant(
        "blow_bridges", "Blowing up bridges (option 2)", side_from_option=True,
        played_by="companion.game.ruleflows.BridgeFlow",
        source="Actions 2, Blowing Up Bridges, option 2, as bga-memoir plays the editor's "
               "option blowbridge_opt2 (Models/SectionCard.php blowBridgeFilters, "
               "States/TacticCardTrait.php actBlowBridge): instead of ordering units with a "
               "Section card, the side tries to blow a bridge of the card's sections with its "
               "infantry adjacent, 2 dice, a star blows it (companion.rules.bridges; 6687 Drop "
               "in the Night's rules text)"),
    RuleVariant(
        "wittmann", "Michael Wittmann's Tiger (unit behaviour)",
        (UnitChange(_c(ignore_flags=1, stationary_bonus_dice=1), classes=_ARMOR),),
        source="bga-memoir 17 Villers-Bocage, its rules text: \"The Tiger tank marked with a "
               "Battle Star is Michael Wittmann: It may ignore 1 flag, battle at +1d when not "
               "moving, and its Battle Star does not count as an additional Victory medal for "
               "the enemy\" (the editor's unit behaviour IS_WITTMANN; bga-memoir Units/Tiger.php "
               "getAttackModifier: +1 when it has neither moved nor taken ground)"),
    RuleVariant(
        "two_medals", "Unit worth 2 medals (unit behaviour)",
        (UnitChange(_c(medal_worth=2)),),
        source="bga-memoir Units/EliteArmor.php getMedalsWorth: the editor's unit behaviour "
               "GERMAN_2VICTANK, an elite armor unit whose elimination gives 2 medals (5 Mont "
               "Mouchet: \"Eliminating an Axis tank unit counts as two victory medals\")"),
    RuleVariant(
        "mine_sweeper", "Clears minefields as combat engineers do",
        (UnitChange(_c(sweeps_mines=True)),),
        source="6541 Breakthrough to the Beach's briefing: \"Place a badge on the two flame "
               "thrower tank units. These tanks are Churchill AVRE and behave like Combat Engineers "
               "when entering minefields (Troops 4 - Combat Engineers)\" (troop card 4: a combat "
               "engineer entering a minefield may clear it instead of battling, and rolls no dice "
               "for it)"),
    RuleVariant(
        "fires_afloat", "Fires from the water",
        (UnitChange(_c(battles_on=frozenset({"ocean"}))),),
        source="6541 Breakthrough to the Beach's briefing: \"Place a badge on the Mobile "
               "Artillery units on the ocean's baseline (Troops 14 - Mobile Artillery). They can "
               "move and fire, even when on water\" (those units battle from an ocean hex)"),
    RuleVariant(
        "no_medal", "Unit worth no medal when eliminated",
        (UnitChange(_c(medal_worth=0, figures_per_medal=0)),),
        source="6541 Breakthrough to the Beach's briefing: \"The Flak 88 Gun in the beach "
               "bunker does not grant a medal to the Allied player, even if destroyed\" (the "
               "units a briefing names so)"),
    RuleVariant(
        "no_kill_medals", "Units of a side worth no medal when eliminated",
        (UnitChange(_c(medal_worth=0, figures_per_medal=0)),), side_from_option=True,
        source="6433 Breakthrough at Mortain's victory text: \"Allied units killed give the Axis "
               "player no medals in this scenario\" (the side named: the side whose units are "
               "worth none; supply-truck figures too)"),
    RuleVariant(
        "us_marines_gung_ho", "US Marine Corps (Gung Ho!)",
        for_sides=frozenset({Side.ALLIES}), extra_section_orders=1,
        source="Pacific Theater rules, US Marine Corps Command (Gung Ho!): a card that "
               "orders a set number of units lets the Marine player order one more (a Section "
               "card: in a section it orders); cards ordering every unit of a kind or by a roll "
               "order no more (bga-memoir option gung_ho; the Marines are the Allies)"),
    RuleVariant(
        "russian_commissar", "Soviet Political Commissar", side_from_option=True,
        played_by="companion.game.ruleflows.CommissarFlow",
        source="Eastern Front, Russian Command rules (companion.rules.commissar; bga-memoir "
               "ST_COMMISSAR)"),
    RuleVariant(
        "italian_high_command", "Italian High Command",
        played_by="companion.game.ruleflows.HighCommandFlow",
        source="Mediterranean Theater, Italian High Command (bga-memoir italy_high_command): the "
               "Axis start with 6 command cards (Teams::loadScenario) and, each time one of "
               "their units is eliminated while they hold more than 3, discard one at random, "
               "not replaced (AttackUnitsTrait, discardItalianHighCommand)"),
    RuleVariant(
        "north_african_desert", "North African Desert rules",
        played_by="companion.game.ruleflows.DesertFlow",
        source="Terrain Pack p.3, North African Desert Rules (companion.rules.desert; "
               "bga-memoir ST_DESERT_MOVE)"),
    RuleVariant(
        "night_visibility", "Night attacks", side_from_option=True,
        played_by="companion.game.ruleflows.NightFlow",
        source="Pacific Theater rules, Night Attacks and the Night Visibility chart "
               "(companion.rules.night; bga-memoir night_visibility_rules, "
               "night_visibility_team_turn)"),
    RuleVariant(
        "night_visibility_reverse", "Night attacks, day fading into night",
        side_from_option=True, played_by="companion.game.ruleflows.NightFlow",
        source="bga-memoir option night_visibility_reverse_rule (4089 Night Withdrawal: \"At the "
               "start of each turn, the Axis player rolls 4 Battle dice ... For each star rolled, "
               "reduce the visibility range by 1\"; States/NightVisibility: no more rolls at 1); "
               "companion.rules.night with reverse=True: from 6 hexes down to close assault only"),
    RuleVariant(
        "mine_tokens", "Minefields laid face down (mine tokens)",
        played_by="companion.game.ruleflows.EntryFlow",
        source="Terrain Pack rules p.7, Minefields (mine tokens are laid face down and turned "
               "over when a unit enters; 0 is a decoy); bga-memoir Terrains/Minefield.php (the "
               "hidden mineX tile is revealed on entering, undo is no longer possible); the "
               "editor's MINE_FIELD tags are such tokens"),
    RuleVariant(
        "infantry_exit_counts_2", "Infantry exits count 2 medals",
        played_by="companion.game.ruleflows.ExitFlow",
        source="bga-memoir option infantry_exit_counts_2 (1434 Breakout to Lisyanka: \"An Axis "
               "unit that ... exits off the Russian side of the battlefield counts as Victory "
               "Medal, infantry count as 2 and armor 1\")"),
    RuleVariant(
        "supply_truck_exit_per_figure", "Each supply-truck figure exiting is a medal",
        side_from_option=True, played_by="companion.game.ruleflows.ExitFlow",
        source="6380 Noville to Foy's victory text: \"The baseline road hex with an Exit marker "
               "is worth 1 Victory Medal for each Allied truck figure that manages to exit the "
               "board\" (m44_codes.EXIT_BRIEFINGS)"),
    RuleVariant(
        "camouflage", "Camouflage (Actions 16)",
        played_by="companion.game.ruleflows.CamouflageFlow",
        source="Actions 16 Camouflage as bga-memoir's camouflage card says it (modules/js/"
               "Board.js): \"A camouflaged unit may only be targeted in a Close Assault\", \"A "
               "Camouflaged unit that moves or battles lose its Camouflage\"; the units under the "
               "editor's camouflage tags (tag14, tag15) start camouflaged (the badge "
               "'camouflaged': companion.rules.camouflage)"),
    RuleVariant(
        "smoke_screen", "Smoke screen (Actions 21)", side_from_option=True,
        played_by="companion.game.ruleflows.SmokeFlow",
        source="Actions 21 Smoke Screen as bga-memoir plays the option smoke_screen = {side} "
               "(4086 Opportunity at Falaise: \"The Allies may place a Smoke Screen (Actions 21 - "
               "Smoke Screen) before their first turn\"): the side \"may place 3 adjacent smoke "
               "screen markers\" (states.inc.php ST_SMOKE_SCREEN); a marker blocks line of sight "
               "(Terrains/SmokeScreen.php) and is removed at the end of the game's third turn "
               "(States/TurnTrait.php stEndTurn), our reading for a side that moves second: at "
               "the end of its own second turn"),
    RuleVariant(
        "re_supply", "Re-supply by supply trucks (Actions 24)",
        played_by="companion.game.ruleflows.ResupplyFlow",
        source="troop card 17 Supply Trucks, Re-Supply: an ordered truck next to a weakened "
               "friendly ground unit gives it figures, one for each truck figure removed, never "
               "above its strength; neither battles that turn; the figures given are no medal "
               "(companion.rules.supply_trucks.resupply_check); 6433 Breakthrough at Mortain: "
               "\"Re-supply rules (Actions 24 - Re-Supply) are in effect\""),
    RuleVariant(
        "decoy_lane", "A supply lane: a decoy mine of the enemy's revealed is a medal, once",
        side_from_option=True, played_by="companion.game.ruleflows.EntryFlow",
        source="4237 Into the Cauldron's victory text: \"Opening a supply lane through the "
               "British-laid minefields is a Permanent Medal Objective for the Axis forces. To "
               "successfully open a supply line, the Germans must reveal a minefield decoy (\"0\" "
               "strength). Only one such Medal can be won during the game\" (the side named: a "
               "mine the other side laid, turned over by its unit, that is a 0)"),
    RuleVariant(
        "exits_to_win", "Medals win only with units exited",
        played_by="companion.game.state.initial_state (victory.MedalLedger.exits_needed)",
        source="bga-memoir option must_have_unit_exit {side, min_nbr_units} "
               "(Managers/Teams.php checkVictory: the side wins by medals only when at least "
               "min_nbr_units of its medals are exit medals; 3496 Breakthrough to Gembloux: "
               "\"12 Medals, with at least one collected by a German unit exiting the board\"); "
               "its value \"side:units\" (companion.rules.victory.parse_exits_to_win)"),
    RuleVariant(
        "empty_section_medals", "Medals for empty sections",
        played_by="companion.game.ruleflows.EmptySectionFlow",
        source="bga-memoir option empty_section_medals {side, sections, count_for} "
               "(Medals::checkEmptySectionMedal: the side holds count_for medals while a "
               "listed section holds no enemy unit; companion.rules.empty_section)"),
    RuleVariant(
        "supply_train", "Supply train", side_from_option=True,
        played_by="companion.game.ruleflows.SupplyTrainFlow (companion.rules.trains)",
        source="Terrain Pack p.12 Trains (bga-memoir supply_train_rules {side, unit, nbr_units}: "
               "the units each car carries get off next to the train at a station); its value "
               "\"side\" or \"side:unit:n,n\" (companion.rules.trains.parse_supply_train)"),
    RuleVariant(
        "air_power_as_artillery_bombard", "Air Power played as Artillery Bombard",
        card_becomes=MappingProxyType({"air_power": "artillery_bombard"}),
        played_by="companion.game.ruleflows.DeckFlow",
        source="bga-memoir deck_name AIR_POWER_AS_ARTILLERY_BOMBARD_DECK (scenarios before air "
               "support was common; both sides); 6433 Breakthrough at Mortain's briefing: \"If "
               "the Axis player draws an Air Power during the game, he must play it as an "
               "Artillery Bombard instead\" (the side named only)"),
    RuleVariant(
        "collapsible_boats", "Collapsible rafts & boats (unit's equipment)",
        (UnitChange(_c(boat_water=frozenset({"river"}), boat_dice_penalty=1),
                    classes=frozenset({UnitClass.INFANTRY})),),
        played_by="companion.game.ruleflows.BoatFlow",
        source="Terrain Pack Actions card Collapsible Rafts & Boats, as the Days of Wonder cards "
               "compendium rules on it (action_5), and bga-memoir Terrains/River.php, "
               "Units/Infantry.php (equipment 'boat'): the unit may enter a river hex and "
               "stops; afloat it moves 1 hex (to land, never a bridge, or along the river), "
               "battles at -1 die and loses a figure per flag instead of retreating; its boats "
               "are removed when it lands (companion.rules.boats)"),
    RuleVariant(
        "held_back", "Reinforcements held back (unit)",
        (UnitChange(_c(order_barred="held back as a reinforcement until its side has the "
                                    "medals the scenario names"),
                    classes=frozenset({UnitClass.INFANTRY, UnitClass.ARMOR,
                                       UnitClass.ARTILLERY})),),
        played_by="companion.game.ruleflows.ReinforcementFlow",
        source="6541 Breakthrough to the Beach: \"The Axis player's reinforcements are the 5 "
               "units with a Battle Star ... These units cannot be ordered until the Axis "
               "player reaches 5 medals\"; the scenario's reinforcements_at_medals names the "
               "count"),
    RuleVariant(
        "reinforcements_at_medals", "Reinforcements when a side reaches a medal count",
        played_by="companion.game.ruleflows.ReinforcementFlow",
        source="6541 Breakthrough to the Beach: \"As soon as a player reaches 5 medals, he "
               "may call reinforcements in\" (its value: the medals); the units held back "
               "(variant held_back) may then be ordered"),
    RuleVariant(
        "armor_breakthrough", "Armor Breakthrough (armor ordered onto the board)",
        played_by="companion.game.ruleflows.ArrivalFlow",
        source="Actions 22 Armor Breakthrough as bga-memoir plays it (option "
               "armor_breakthrough_rules, OrderUnitsTrait::actArmorBreakthroughDeploy, its rules "
               "summary): during a single turn a side may order up to its nbr_units new armor "
               "units onto empty hexes of the opponent's baseline, one order each; they stop "
               "there, may battle and take ground but not overrun (companion.rules.arrivals)"),
    RuleVariant(
        "paradrops", "Paradrops during play (one order each, on the starred hexes)",
        played_by="companion.game.ruleflows.ArrivalFlow",
        source="Actions 20 Paradrop as 4683 Manado Landings' rules give it: in full daylight "
               "each paradrop takes an order, aimed at a hex with a battle star, removed when a "
               "unit lands; the dropped units are elite paratroopers (companion.rules.arrivals)"),
    RuleVariant(
        "airfield_reinforcements", "Reinforcements landed on an airfield (Direct from HQ)",
        played_by="companion.game.ruleflows.ArrivalFlow",
        source="rules database seed (004), Airfields: \"If indicated in the Special Rules of "
               "the scenario, a player may land reinforcements on an airfield hex when there "
               "are no enemy units on any of the airfield hexes. When a Direct from HQ command "
               "card is played, for one order, one infantry unit is placed on an airfield hex. "
               "The unit may not move or battle the turn it lands\" (its value: "
               "side:units:type:nation, the most units that land; companion.rules.arrivals)"),
    RuleVariant(
        "baseline_reinforcements", "Reinforcements deployed on the baseline at a medal count",
        played_by="companion.game.ruleflows.DeploymentFlow",
        source="6541 Breakthrough to the Beach: 'The Allied player's reinforcements are not on "
               "the battlefield at game start; instead, he may deploy 5 new infantry units and "
               "2 new armor units on his baseline as soon as he gets his first 5 medals. This "
               "deployment is free' (companion.rules.arrivals)"),
    RuleVariant(
        "arrived", "Arrived this turn (unit)",
        (UnitChange(_c(overrun=False), classes=_ARMOR),),
        played_by="companion.game.ruleflows.ArrivalFlow",
        source="Armor Breakthrough (bga-memoir cannotArmorOverrun): armor that arrived this "
               "turn may take ground but not make an armor overrun; the game removes the "
               "variant when the turn ends"),
    RuleVariant(
        "cannot_exit", "May not exit (unit)",
        (UnitChange(_c(may_exit=False)),),
        source="4090 Closing the Gap: 'Axis armor units that breakthrough ... cannot escape "
               "through any of the Exit hexes' (bga-memoir behavior CANNOT_EXIT)"),
    RuleVariant(
        "deck_reshuffling", "No deck reshuffling: the game ends when the deck runs out",
        side_from_option=True, played_by="companion.game.ruleflows.DeckEndFlow",
        source="bga-memoir option deck_reshuffling = false (Scenario::setup: the deck is not "
               "reshuffled, no default winner but for scenario 19); 19 Vassieux's victory text: "
               "\"When 'Their Finest Hour' command card is played, do not reshuffle the command "
               "deck. Should the command card deck run out of cards and the Allied player has "
               "not won, the battle ends as an Axis player victory\": the side named wins, else "
               "the side with more medals"),
    RuleVariant(
        "heavy_fog", "Heavy fog",
        (UnitChange(_c(symbol_hits_close_only=True)),),
        source="6380 Noville to Foy's briefing: \"'Heavy Fog' rules are in effect, reducing "
               "combat effectiveness. Dice symbols rolled that match a unit being targeted only "
               "score hits when battling the unit in Close Assault. All Grenades rolled still "
               "score hits as normal\" (every ground unit of both sides)"),
    RuleVariant(
        "wide_river", "A river too wide to fire across: infantry may not target the other bank",
        (UnitChange(_c(no_target_across_river=True), classes=frozenset({UnitClass.INFANTRY})),),
        source="25 Arnhem Bridge's briefing: \"Infantry units may not target units on the "
               "opposite side of the Rhine River, which is too wide in this section\" (both "
               "sides' infantry; the banks are the land either side of the board's river hexes, "
               "companion.rules.battle.river_banks: a unit on a river hex, a bridge, is on "
               "neither bank)"),
    RuleVariant(
        "general_winter", "General Winter", side_from_option=True,
        played_by="companion.game.ruleflows.WinterFlow",
        source="4717 Nach Moskau's briefing: at the start of each of its turns the side rolls 2 "
               "dice and loses a figure of a unit of its choice per grenade; a unit so wiped "
               "out is a medal for the other side (companion.rules.winter)"),
    RuleVariant(
        "banned_cards", "Command cards a side may not play",
        played_by="companion.game.ruleflows.CardBanFlow",
        source="5142 Counter-attack of the BEF's briefing: \"The 'Air Power' card cannot be "
               "played by the Allied player. If he draws it, he must immediately discard it and "
               "draw a new one\" (companion.rules.card_bans)"),
)}


MINE_TOKENS_VARIANT = "mine_tokens"
# a supply lane through the minefields: a decoy of them turned over is a medal (4237)
DECOY_LANE_VARIANT = "decoy_lane"
HELD_BACK_VARIANT = "held_back"  # a unit no card orders until its side has the medals of...
REINFORCEMENTS_VARIANT = "reinforcements_at_medals"  # ...this one's value
EXIT_PER_FIGURE_VARIANT = "supply_truck_exit_per_figure"
NO_RESHUFFLE_VARIANT = "deck_reshuffling"  # its value: the side that wins when the deck runs out
HIGH_COMMAND_VARIANT = "italian_high_command"
HIGH_COMMAND_CARDS = 6  # the Axis hand under the Italian High Command
HIGH_COMMAND_FLOOR = 3  # no discard once the hand is down to this


class VariantError(ValueError):
    """An unknown variant name."""


_SPECS: dict[tuple[str, Side, str | None, tuple[str, ...]], UnitSpec] = {}


def unit_spec(type_: str, side: Side, nation: str | None = None,
              variants: Iterable[str] = ()) -> UnitSpec:
    """The rules of a unit of ``type_``: its type's spec with the changes of its nation's own
    rules and of the ``variants`` switched on for it, in the order of VARIANTS."""
    names = tuple(variants)
    key = (type_, side, nation, names)
    found = _SPECS.get(key)
    if found is not None:
        return found
    for n in names:
        if n not in VARIANTS:
            raise VariantError(f"unknown rule variant {n!r}; allowed: {', '.join(VARIANTS)}")
    spec = UNITS[type_]
    for v in VARIANTS.values():
        if v.name not in names and (nation is None or nation not in v.always_for_nations):
            continue
        for change in v.unit_changes:
            if change.applies(spec, side, nation):
                spec = replace(spec, **dict(change.changes))
    if len(_SPECS) < 4096:
        _SPECS[key] = spec
    return spec


def unit_variants(variants: Mapping[str, str], side: Side) -> tuple[str, ...]:
    """The variant names of a scenario (name -> "", "allies", "axis" or "all") that apply to
    units of ``side``."""
    out = []
    for name, who in variants.items():
        v = VARIANTS.get(name)
        if v is None or not (v.unit_changes or v.side_rules):
            continue
        if v.side_from_option and who not in ("", "all") and who != side.value:
            continue
        if v.for_sides is not None and side not in v.for_sides:
            continue
        out.append(name)
    return tuple(out)


def names_other_side(who: str, side: Side) -> bool:
    """Whether a variant's value ``who`` names the other side than ``side`` (a value that
    names no side, "" or "all", applies to both)."""
    return who in ("allies", "axis") and who != side.value


def card_plays_as(card_id: str, side: Side, variants: Mapping[str, str]) -> tuple[str, ...]:
    """The cards ``side`` may play a held ``card_id`` as under the scenario's ``variants``
    (name -> side or ""): the card itself first, then any other (Blitz: the Axis may play a
    Recon 1 card as Air Power)."""
    out = [card_id]
    for name, who in variants.items():
        v = VARIANTS.get(name)
        if v is None or side not in v.plays_as_sides:
            continue
        if v.side_from_option and names_other_side(who, side):
            continue  # the option names the one side that may
        other = v.plays_as.get(card_id)
        if other is not None and other not in out:
            out.append(other)
    return tuple(out)


def card_becomes(card_id: str, variants: Mapping[str, str], side: Side | None = None) -> str:
    """The card a held ``card_id`` is played as by ``side`` in a scenario with ``variants``
    (its deck may make one card another: Air Power as Artillery Bombard); the card itself
    otherwise. A variant whose value names a side ("axis", "allies") changes that side's card
    only (6433: "If the Axis player draws an Air Power during the game, he must play it as an
    Artillery Bombard instead"); ``side`` None asks whether it changes anyone's."""
    for name, who in variants.items():
        v = VARIANTS.get(name)
        if v is None or card_id not in v.card_becomes:
            continue
        if side is not None and names_other_side(who, side):
            continue
        return v.card_becomes[card_id]
    return card_id


def extra_section_orders(units: Iterable[Any], side: Side) -> int:
    """How many more units a Section card orders for ``side``: the largest
    ``extra_section_orders`` among the variants its units carry (US Marines: 1)."""
    best = 0
    for u in units:
        if u.side is side:
            for name in u.variants:
                v = VARIANTS.get(name)
                if v is not None and v.extra_section_orders > best:
                    best = v.extra_section_orders
    return best


__all__ = ["VARIANTS", "RuleVariant", "UnitChange", "VariantError", "card_becomes", "card_plays_as",
           "extra_section_orders", "unit_spec", "unit_variants"]
