"""Rules a file names only in its briefing are played (m44_codes.BRIEFING_RULES).

bga-memoir 1290 Counter-Attack at Arras says "Blitz Rules are in effect ... British
Commonwealth Forces Command rules are in effect" in its rules text and sets no option; 1340
Across the River Roer says "The River Roer is a Navigable River by Allied infantry units in
boats. Play the river as a Ford" and puts Allied infantry on the river.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.game.session import GameSession
from companion.rules.board import Side
from companion.rules.variants import card_plays_as
from companion.scenarios import import_m44, load, to_position
from companion.scenarios.check import errors

BGA = Path(__file__).parent / "data" / "real" / "bga-memoir"


def _file(rules: str, options: dict[str, object] | None = None) -> dict[str, object]:
    info: dict[str, object] = {"side_player1": "AXIS", "side_player2": "ALLIES"}
    if options:
        info["options"] = options
    return {"game_info": info, "text": {"en": {"name": "t", "rules": rules}}, "board": {
        "hexagons": [
            {"row": 8, "col": 0, "terrain": {"name": "river", "orientation": 1},
             "unit": {"name": "infus"}},
            {"row": 0, "col": 0, "unit": {"name": "tankger"}},
            {"row": 8, "col": 4, "unit": {"name": "tankus"}}]}}


def test_arras_plays_blitz_and_the_commonwealth_from_its_briefing():
    s = load(BGA / "1290-CounterAttackAtArras.m44")
    assert s.variants == {"blitz": "", "british_commonwealth": ""}
    pos = to_position(s)
    allied_armor = [u for u in pos.units.values() if u.side is Side.ALLIES and u.type == "armor"]
    axis_armor = [u for u in pos.units.values() if u.side is Side.AXIS and u.type == "armor"]
    # Blitz: Allied armor moves 2; the Axis keeps 3. Commonwealth: Allied units battle back.
    assert {u.spec.move for u in allied_armor} == {2}
    assert {u.spec.move for u in axis_armor} == {3}
    assert all(u.spec.battles_back_at_one_figure for u in pos.units.values()
               if u.side is Side.ALLIES)
    assert not any(u.spec.battles_back_at_one_figure for u in axis_armor)
    assert errors(s) == []


def test_roer_river_is_a_ford_for_the_allied_infantry_in_boats_so_the_boats_may_stand_on_it():
    # "The River Roer is a Navigable River by Allied infantry units in boats. Play the river
    # as a Ford": a ford to the Allied infantry alone (tests/rules/test_navigable_river.py)
    s = load(BGA / "1340-AcrossTheRiverRoer.m44")
    assert not any(t.type in ("river", "ford") for t in s.terrain)
    crossing = [t for t in s.terrain if t.type == "navigable_river"]
    assert len(crossing) >= 10 and {t.owner for t in crossing} == {Side.ALLIES}
    assert errors(s) == []


def test_a_river_played_as_a_ford_without_the_boats_is_a_ford_for_all():
    s = import_m44(_file("Play the river as a Ford (see p. 6)"))
    assert [(t.type, t.owner) for t in s.terrain] == [("ford", None)]


def test_without_the_sentence_the_river_stays_a_river_and_the_check_says_so():
    s = import_m44(_file("See p. 7 to learn about Minefields."))
    assert [t.type for t in s.terrain] == ["river"]
    assert any("stands on river" in p.message for p in errors(s))
    assert s.variants == {}


def test_an_option_the_file_sets_wins_over_its_briefing():
    s = import_m44(_file("Russian Command rules are in effect for the Allied player.",
                         {"russian_commissar_rule": "AXIS"}))
    assert s.variants == {"russian_commissar": "axis"}
    s = import_m44(_file("Russian Command rules are in effect for the Allied player."))
    assert s.variants == {"russian_commissar": "allies"}


def test_the_sentence_is_found_whatever_its_case_and_line_breaks():
    s = import_m44(_file("BLITZ RULES\nare in effect. Play the river\nas a Ford."))
    assert "blitz" in s.variants
    assert [t.type for t in s.terrain] == ["ford"]


def test_knightsbridge_slows_the_allied_armor_as_its_briefing_amends():
    # "An ordered Axis Armor unit may move up to 3 hexes and battle. An ordered Allied Armor
    # unit may move up to 2 hexes and battle. North Africa Desert rules are in effect"
    s = load(BGA / "1346-Knightsbridge.m44")
    assert s.variants == {"north_african_desert": "", "partial_blitz": "allies"}
    pos = to_position(s)
    moves = {(u.side, u.spec.move, u.spec.move_and_battle) for u in pos.units.values()
             if u.type in ("armor", "elite_armor")}
    assert moves == {(Side.ALLIES, 2, 2), (Side.AXIS, 3, 3)}


def test_lipovec_river_is_a_fordable_stream_and_the_soviets_have_their_commissar():
    # "The River Szob is a fordable river ... Blitz Rules are in effect ... Russian Command
    # rules are in effect"
    s = load(BGA / "1312-Lipovec.m44")
    assert s.variants == {"blitz": "", "russian_commissar": "allies"}
    kinds = {t.type for t in s.terrain}
    assert "fordable_stream" in kinds and "river" not in kinds
    assert errors(s) == []


def test_the_commonwealth_rules_stay_with_the_british_units_where_the_file_names_them():
    # 5142 Counter-attack of the BEF: "British Commonwealth Forces command rules are in
    # effect, for British units"; its French units are written as US ones and battle as usual
    pos = to_position(load(BGA / "5142-CounterattackOfTheBEF.m44"))
    allied = [u for u in pos.units.values() if u.side is Side.ALLIES]
    assert {u.spec.battles_back_at_one_figure for u in allied if u.nation == "brit"} == {True}
    assert {u.spec.battles_back_at_one_figure for u in allied if u.nation == "us"} == {False}
    # Arras names no unit British: the briefing's Commonwealth rules make its Allies British
    arras = to_position(load(BGA / "1290-CounterAttackAtArras.m44"))
    assert {u.nation for u in arras.units.values() if u.side is Side.ALLIES} == {"brit"}


def test_an_action_card_the_briefing_names_and_no_rule_plays_is_said_once_by_name():
    # (4000 The Tatsinskaya Raid's camouflage, Actions 16, is played now: its tags mark the
    # units; tests/scenarios/test_exits_trucks_barges.py)
    s = import_m44(_file("Blowing up bridges (Actions 2 - Blowing Up Bridges), option 2. "
                         "Again: Actions 2 - Blowing Up Bridges."))
    assert s.notes.count("text.rules: the briefing's blowing up bridges (Actions 2) is not "
                         "played") == 1


def test_the_french_army_rules_nations_7_a_briefing_names_are_said_not_played():
    # Days of Wonder editor scenarios 20411, 20426 and 20799 (FFM44): 'Use "French Infantry"
    # rules (Nations 7) to all Allied infantry units'; 11810: "Apply rule army - Nation 7".
    # No public text of the card was found: the check says so rather than guessing.
    note = "text.rules: the briefing's French Army rules (Nations 7) is not played"
    for sentence in ('- Use "French Infantry" rules (Nations 7) to all Allied infantry units.',
                     "Apply rule army - Nation 7",
                     "French Army command rules are in effect."):
        s = import_m44(_file(sentence))
        assert s.notes.count(note) == 1, sentence
        assert any("French Army rules (Nations 7)" in str(p) for p in errors(s))
        # nothing else of the file changes: the units stay as written
        assert [u.type for u in s.units] == ["infantry", "armor", "armor"]
    # French units without the sentence, and the other nations' numbers, say nothing of it
    for sentence in ("The French infantry holds the village.",
                     "Red Army rules (Nations 2) are in effect.",
                     "Italian Royal Army command rules (Nation 6 - Italian Royal Army) are in "
                     "effect. 17 medals."):
        assert not any("Nations 7" in n for n in import_m44(_file(sentence)).notes), sentence


def test_fordable_red_army_night_and_paradrop_briefings_of_1367_18261_and_6369():
    # 1367 Prokhorovka Overlord: "The River Psel is Fordable. Movement: A unit may enter a
    # Fordable River hex but must stop ..." (the Pacific Theater's fordable stream)
    s = import_m44(_file("The River Psel is Fordable. \nMovement: A unit may enter a Fordable "
                         "River hex but must stop and may move no further on that turn."))
    assert [t.type for t in s.terrain] == ["fordable_stream"]
    s = load(BGA / "1367-ProkhorovkaOverlord.m44")
    assert "fordable_stream" in {t.type for t in s.terrain} and "river" not in {
        t.type for t in s.terrain}
    # 18261 Soviet Raid on Grigorevka: "Red Army rules (Nations 2) are in effect", "Night
    # Attacks rules (Actions 19) are in effect", "Use the Paradrop rules (Actions 20): on the
    # first turn ..."
    s = load(BGA / "18261-SovietRaidOnGrigorevka.m44")
    assert s.variants == {"russian_commissar": "allies", "night_visibility": ""}
    assert not any("paradrop" in n for n in s.notes)  # read: one drop (tests/game/test_airdrop)
    assert [d.units for d in s.airdrops] == [6]
    # 6369 Operation Amherst: "the Allied player makes three paradrops, each with 3 figures
    # (Actions 20 - Paradrop)"; 4683's "attempt to airdrop units on hexes marked with a battle
    # star each turn (Actions 20 - Paradrop)" (during play, on the stars: another rule) is not
    s = load(BGA / "6369-OperationAmherst.m44")
    assert not any("paradrop" in n for n in s.notes) and len(s.airdrops) == 3
    # a paradrop sentence no reader understands is still said
    odd = import_m44(_file("The Allies may paradrop at will (Actions 20 - Paradrop)."))
    assert "text.rules: the briefing's paradrop (Actions 20) is not played" in odd.notes
    assert not any("paradrop" in n for n in load(BGA / "4683-ManadoLandings.m44").notes)
    # a plain river stays a river
    assert [t.type for t in import_m44(_file("The river is deep.")).terrain] == ["river"]


def test_coastal_road_plays_both_nations_rules_and_slowed_allied_armor_from_its_briefing():
    # bga-memoir 4241: "Allied Armor units may only move 2 hexes and battle, not the normal 3
    # hexes. British Commonwealth Forces and Italian Royal Army command rules are in effect."
    s = load(BGA / "4241-EscapeViaTheCoastalRoad.m44")
    assert s.variants == {"north_african_desert": "", "british_commonwealth": "",
                          "italian_royal_army": "", "partial_blitz": "allies"}
    pos = to_position(s)
    armor = {u.side: u.spec for u in pos.units.values() if u.type == "armor"}
    assert armor[Side.ALLIES].move == 2 and armor[Side.AXIS].move == 3
    italians = [u.spec for u in pos.units.values() if u.nation == "it"]
    germans = [u.spec for u in pos.units.values() if u.nation == "ger"]
    assert italians and all(spec.retreat_hexes == 3 for spec in italians)
    assert germans and all(spec.retreat_hexes == 1 for spec in germans)
    assert errors(s) == []


def test_omaha_either_side_may_play_a_recon_card_as_barrage_and_it_rolls_four_dice() -> None:
    # 13 Omaha Beach Overlord: "Either side may choose to play a 'Recon' command card as a
    # Barrage Tactic card instead: 'Target any enemy unit and roll 4 dice'"
    s = load(BGA / "13-OmahaBeachOverlord.m44")
    assert s.variants == {"recon_as_barrage": ""}
    assert errors(s) == []
    for side in (Side.ALLIES, Side.AXIS):
        assert card_plays_as("recon_right", side, s.variants) == ("recon_right", "barrage")
        assert card_plays_as("probe_right", side, s.variants) == ("probe_right",)
    g = GameSession.new(s)  # the Axis move first; the players hold their own cards
    assert any("may be played as Barrage" in d for d in g.prompt().detail)
    g.act({"do": "play_card", "card": "recon_left", "as_card": "barrage"})
    played = [e for e in g.events if e.kind == "card_played"][-1]
    assert played.data["card"] == "barrage" and played.data["held"] == "recon_left"
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    target = next(u.id for u in g.state.position.units.values() if u.side is Side.ALLIES)
    events = g.act({"do": "card_attack", "targets": [target]})
    assert events[0].data["card_attack"] and events[0].data["dice"] == 4


def test_without_the_sentence_a_recon_card_is_only_a_recon_card() -> None:
    assert card_plays_as("recon_left", Side.AXIS, {}) == ("recon_left",)
    s = load(BGA / "15-OperationCobra.m44")
    assert "recon_as_barrage" not in s.variants


def test_a_supply_train_and_its_cargo_come_from_the_briefing_an_armored_train_is_named():
    # 1311 Bug River: "The Train is a Supply Train. ... The Supply Train, locomotive and car,
    # are each loaded with one Infantry unit"
    s = import_m44(_file("The Train is a Supply Train. The Supply Train, locomotive and car, "
                         "are each loaded with two Infantry units."))
    assert s.variants["supply_train"] == ":infantry:2,2"
    assert not any("train" in p.message for p in errors(s))
    plain = import_m44(_file("The Train is a Supply Train."))
    assert plain.variants["supply_train"] == ""  # no cargo said: it carries none
    # an option that gives the cargo wins over the briefing
    opt = import_m44(_file("The Train is a Supply Train, loaded with one Infantry unit.",
                           {"supply_train_rules": {"side": "ALLIES", "unit": {"name": "tankus"},
                                                   "nbr_units": [1, 0]}}))
    assert opt.variants["supply_train"] == "allies:armor:1,0"
    armored = import_m44(_file("The Train is an Armored Train."))
    assert any("armored train" in p.message for p in errors(armored))


def _armor_moves(name: str) -> set[tuple[Side, int, int]]:
    pos = to_position(load(BGA / name))
    return {(u.side, u.spec.move, u.spec.move_and_battle) for u in pos.units.values()
            if u.spec.unit_class.value == "armor" and u.type != "heavy_anti_tank_gun"}


def test_armor_slowed_in_the_other_words_briefings_use():
    # 8044 Rzhev: "Allied Armor may only move 1-2 hexes and battle"
    assert load(BGA / "8044-Rzhev.m44").variants["partial_blitz"] == "allies"
    assert _armor_moves("8044-Rzhev.m44") == {(Side.ALLIES, 2, 2), (Side.AXIS, 3, 3)}
    # 4237 Into the Cauldron: "all armor units may only move 2 hexes and battle, not the normal
    # 3 hexes" (both sides)
    assert load(BGA / "4237-IntoTheCauldron.m44").variants["partial_blitz"] == ""
    moves = _armor_moves("4237-IntoTheCauldron.m44")
    assert {m[1:] for m in moves} == {(2, 2)} and {m[0] for m in moves} == {Side.ALLIES, Side.AXIS}
    s = import_m44(_file("German armor units may move up to 2 hexes and battle."))
    assert s.variants == {"partial_blitz": "axis"}


def test_air_strikes_a_briefing_gives_one_side():
    # 5841: "The Allied player alone is able to conduct Air Strikes (Actions 3 - Air Strikes)";
    # 6433: "The Allied player alone is also able to conduct Air Strikes ... when playing Recon
    # 1 cards"
    for name in ("5841-TheSurrenderOfElstersColumn.m44", "6433-BreakthroughAtMortain.m44"):
        v = load(BGA / name).variants
        assert v["air_strikes"] == "allies", name
        assert card_plays_as("recon_center", Side.ALLIES, v) == ("recon_center", "air_power")
        assert card_plays_as("recon_center", Side.AXIS, v) == ("recon_center",)
    # 4152 says it and sets the option: the option's side
    assert load(BGA / "4152-PanzerLehrCounterAttack.m44").variants["air_strikes"] == "allies"


def test_mortain_the_axis_alone_plays_air_power_as_artillery_bombard():
    """6433: "If the Axis player draws an Air Power during the game, he must play it as an
    Artillery Bombard instead"; the Allies' Air Power stays an Air Power."""
    from companion.rules.variants import card_becomes

    v = load(BGA / "6433-BreakthroughAtMortain.m44").variants
    assert v["air_power_as_artillery_bombard"] == "axis"
    assert card_becomes("air_power", v, Side.AXIS) == "artillery_bombard"
    assert card_becomes("air_power", v, Side.ALLIES) == "air_power"
    assert card_becomes("air_power", {"air_power_as_artillery_bombard": ""}, Side.ALLIES) == \
        "artillery_bombard"  # the deck option: both sides
    # in the game: the Axis plays it as the bombard, the Allies as itself
    from dataclasses import replace

    for side, want in ((Side.AXIS, "artillery_bombard"), (Side.ALLIES, "air_power")):
        # the table's own cards, the side under test moving first
        g = GameSession.new(replace(load(BGA / "6433-BreakthroughAtMortain.m44"), starts=side))
        assert g.state.active is side
        g.act({"do": "play_card", "card": "air_power"})
        assert g.state.card == want, side


def test_grigorevka_axis_artillery_is_worth_two_medals():
    # 18261: "Each artillery battery destroyed is worth an additional permanent medal objective
    # for the Allied player"
    pos = to_position(load(BGA / "18261-SovietRaidOnGrigorevka.m44"))
    guns = [u for u in pos.units.values() if u.type == "artillery"]
    assert guns and all(u.side is Side.AXIS and u.spec.medal_worth == 2 for u in guns)
    assert all(u.spec.medal_worth == 1 for u in pos.units.values()
               if u.type == "infantry" and u.side is Side.AXIS)


def test_strasbourg_frozen_canal_is_crossed_with_no_roll():
    """12507: "The Rhone-Rhine Canal is frozen and may be crossed. There are no other movement
    or battle restrictions in regard to the canal": its frozen-river tiles play as a canal
    crossed freely, not card 47's risky crossing (2 dice, a figure lost per star)."""
    from companion.rules.entry import entry_rolls
    from companion.rules.movement import move_destinations
    from companion.rules.position import Unit
    from companion.rules.terrain import TERRAIN

    s = load(BGA / "12507-Strasbourg.m44")
    kinds = {t.type for t in s.terrain}
    assert "frozen_canal" in kinds and "frozen_river" not in kinds
    assert errors(s) == []
    canal = TERRAIN["frozen_canal"]
    assert canal.entry_roll_dice == 0 and not canal.impassable and not canal.stop_on_enter
    pos = to_position(s)
    h = next(pos.board.parse(t.hex) for t in s.terrain if t.type == "frozen_canal")
    for u in list(pos.units):
        pos.remove_unit(u)
    pos.add_unit(Unit(id="a1", side=Side.ALLIES, type="armor", hex=h, figures=3))
    canal_hexes = {pos.board.parse(t.hex) for t in s.terrain if t.type == "frozen_canal"}
    found = move_destinations(pos, "a1")
    along = [info for to, info in found.items() if to in canal_hexes and to != h]
    assert along and all(info.can_battle for info in along)  # no stop, battles after
    # standing on it owes no roll (a frozen river's would be 2 dice)
    assert entry_rolls(pos, "a1") == []
    pos.terrain[h] = ("frozen_river",)
    assert entry_rolls(pos, "a1")
    # the 4000 Tatsinskaya river is card 47 as ever
    assert "frozen_river" in {t.type for t in load(BGA / "4000-TheTatsinskayaRaid.m44").terrain}


def test_bare_medals_the_briefing_calls_permanent_are_permanent_for_the_units_it_names():
    """3129 Operation Crusader: "The British Medal in Tobruk is a Permanent Medal Objective for
    British units starting on the Allied player side of the board only" and "The German Medal in
    the Campaign Headquarters ... is a Permanent Medal Objective for the Axis player"; 6541:
    "Lion-sur-Mer is a Permanent Medal Objective for the Armored Axis units", "Pegasus Bridge
    ... for the British commandos starting on the ocean baseline (but not for the paratroopers
    next to the bridge)". The editor wrote all four as bare medal tags (temporary)."""
    from companion.game.state import scenario_objectives
    from companion.rules import victory
    from companion.rules.position import Unit

    s = load(BGA / "3129-OperationCrusader.m44")
    tobruk, hq = sorted(s.objectives, key=lambda o: o.sides[0].value)
    assert tobruk.kind.value == hq.kind.value == "permanent"
    board = s.geometry
    garrison = {u.id for u in s.units if u.side is Side.ALLIES
                and board.parse(u.hex).row < board.height // 2}
    assert garrison and not garrison & set(tobruk.units)  # the garrison is not "for" it
    assert len(tobruk.units) == sum(1 for u in s.units if u.side is Side.ALLIES) - len(garrison)
    assert hq.units == ()  # the Axis player: every Axis unit
    assert "starting on the Allied player side" in tobruk.units_said
    # in play: a garrison unit on Tobruk captures nothing, a relieving unit captures it for good
    objs = [o for o in scenario_objectives(s) if o.id == tobruk.id]
    pos = to_position(s)
    h = board.parse(tobruk.hexes[0])
    for u in list(pos.units):
        pos.remove_unit(u)
    g = next(iter(garrison))
    pos.add_unit(Unit(id=g, side=Side.ALLIES, type="infantry", hex=h, figures=4))
    ledger = victory.observe(victory.new_ledger(12, 12), pos, objs)
    assert tobruk.id not in ledger.permanent
    pos.remove_unit(g)
    pos.add_unit(Unit(id=tobruk.units[0], side=Side.ALLIES, type="armor", hex=h, figures=3))
    ledger = victory.observe(ledger, pos, objs)
    assert ledger.permanent[tobruk.id] is Side.ALLIES
    # "Only a single medal can be won that way, regardless of how many British units reach
    # Tobruk": the first leaves, a second relieving unit comes; still one medal
    pos.remove_unit(tobruk.units[0])
    pos.add_unit(Unit(id=tobruk.units[1], side=Side.ALLIES, type="infantry", hex=h, figures=4))
    ledger = victory.observe(ledger, pos, objs)
    assert victory.medal_counts(ledger, pos, objs)[Side.ALLIES].permanent == 1

    s = load(BGA / "6541-BreakthroughToTheBeach.m44")
    by_side = {o.sides[0]: o for o in s.objectives}
    lion, pegasus = by_side[Side.AXIS], by_side[Side.ALLIES]
    assert lion.kind.value == pegasus.kind.value == "permanent"
    kinds = {u.id: u.type for u in s.units}
    assert lion.units and {kinds[i] for i in lion.units} <= {"armor", "elite_armor", "tiger"}
    assert {kinds[i] for i in pegasus.units} == {"special_forces"} and len(pegasus.units) == 3
    paratroopers = [u.id for u in s.units if u.side is Side.ALLIES and u.type == "special_forces"
                    and u.id not in pegasus.units]
    assert paratroopers  # the one by the bridge is not one of them


def test_grigorevka_medals_on_the_batteries_mark_them_and_are_no_hexes_to_hold():
    # 18261: four bare medal tags, on the Romanian HQ and on the three Axis batteries; "Each
    # artillery battery destroyed is worth an additional permanent medal objective" and "The hex
    # with the Romanian HQ is a temporary Medal Objective"
    s = load(BGA / "18261-SovietRaidOnGrigorevka.m44")
    assert len(s.objectives) == 1
    (hq,) = s.objectives
    assert hq.kind.value == "temporary" and "headquarters" in {
        t.type for t in s.terrain if t.hex == hq.hexes[0]}


def test_an_objective_narrowed_to_some_units_round_trips_through_the_json_format():
    from companion.scenarios import ScenarioError
    from companion.scenarios.jsonformat import from_dict, to_dict

    s = load(BGA / "6541-BreakthroughToTheBeach.m44")
    back = from_dict(to_dict(s))
    assert [(o.units, o.units_said) for o in back.objectives] == [
        (o.units, o.units_said) for o in s.objectives]
    d = to_dict(s)
    d["objectives"][0]["units"] = ["nobody"]
    with pytest.raises(ScenarioError, match="no unit of this scenario"):
        from_dict(d)



def test_breakthrough_to_the_beach_flak_88_in_its_bunker_gives_no_medal():
    # 6541: "The Flak 88 Gun in the beach bunker does not grant a medal to the Allied player,
    # even if destroyed" (the other Flak 88, on a hill, does)
    from companion.game.session import GameSession

    s = load(BGA / "6541-BreakthroughToTheBeach.m44")
    pos = to_position(s)
    guns = {u.id: u for u in pos.units.values() if u.type == "heavy_anti_tank_gun"}
    in_bunker = [g for g in guns.values() if "bunker" in pos.terrain_names(g.hex)]
    assert len(guns) == 2 and len(in_bunker) == 1
    assert in_bunker[0].variants == ("no_medal",) and in_bunker[0].spec.medal_worth == 0
    assert [g.spec.medal_worth for g in guns.values() if g not in in_bunker] == [1]
    # in the game: eliminating it (the game's own elimination) gives the Allies nothing, the
    # other gun one medal
    from companion.game.state import _eliminate

    g = GameSession.new(s, deck_seed=1)
    before = g.state.medals[Side.ALLIES]
    _eliminate(g.state, in_bunker[0].id, Side.ALLIES)
    assert g.state.medals[Side.ALLIES] == before
    other = next(i for i in guns if i != in_bunker[0].id)
    _eliminate(g.state, other, Side.ALLIES)
    assert g.state.medals[Side.ALLIES] == before + 1


def test_tenaru_japanese_special_forces_unit_is_an_engineer():
    # 12508: "The Japanese Special Forces Infantry unit is an Engineer unit" (its badge 31 is
    # read by no table)
    s = load(BGA / "12508-Tenaru.m44")
    assert [u.type for u in s.units if u.side is Side.AXIS and "badge31" in u.badges] == [
        "combat_engineer"]
    assert errors(s) == []


def test_peleliu_three_of_the_four_buildings_around_the_airfield_is_a_permanent_medal():
    # 1517: "If the Marine player captures and holds three of the four buildings around the
    # Airfield, it counts as one Victory Medal. The medal once gained continues to count toward
    # the Allied victory" (the file's one medal tag stands on the airfield's centre)
    s = load(BGA / "1517-PeleliuLandingsOverlord.m44")
    (o,) = s.objectives
    towns = {t.hex for t in s.terrain if t.type == "town"}
    assert o.kind.value == "permanent" and o.sides == (Side.ALLIES,)
    assert set(o.hexes) == towns and len(towns) == 4 and o.hexes_needed == 3
    assert errors(s) == []
    # the same sentence with buildings the map does not have is said, not guessed
    s = import_m44(_file("If the Marine player captures and holds three of the four buildings "
                         "around the Airfield, it counts as one Victory Medal. The medal once "
                         "gained continues to count toward the Allied victory."))
    assert any("buildings around the airfield" in n for n in s.notes)



def test_breakthrough_to_the_beach_mobile_artillery_fires_from_the_water():
    # 6541: "Place a badge on the Mobile Artillery units on the ocean's baseline (Troops 14 -
    # Mobile Artillery). They can move and fire, even when on water"
    from companion.rules.battle import battle_check
    from companion.rules.position import Unit

    s = load(BGA / "6541-BreakthroughToTheBeach.m44")
    guns = [u for u in s.units if u.type == "mobile_artillery"]
    assert guns and all(u.variants == ("fires_afloat",) for u in guns)
    pos = to_position(s)
    b = pos.board
    for u in list(pos.units):
        pos.remove_unit(u)
    here, there = b.parse("E1"), b.parse("E3")  # ocean, and the beach two hexes on
    assert "ocean" in pos.terrain_names(here)
    for variants, allowed in ((("fires_afloat",), True), ((), False)):
        pos.add_unit(Unit(id="a1", side=Side.ALLIES, type="mobile_artillery", hex=here, figures=2,
                          variants=variants))
        pos.add_unit(Unit(id="x1", side=Side.AXIS, type="infantry", hex=there, figures=4))
        assert battle_check(pos, "a1", "x1").allowed is allowed, variants
        pos.remove_unit("a1")
        pos.remove_unit("x1")


def test_breakthrough_to_the_beach_avre_tanks_enter_minefields_as_combat_engineers():
    # 6541: "These tanks are Churchill AVRE and behave like Combat Engineers when entering
    # minefields (Troops 4 - Combat Engineers)"
    from companion.rules.entry import entry_rolls, may_clear
    from companion.rules.position import Unit

    s = load(BGA / "6541-BreakthroughToTheBeach.m44")
    avre = [u for u in s.units if u.type == "flame_thrower_tank"]
    assert len(avre) == 2 and all(u.variants == ("mine_sweeper",) for u in avre)
    pos = to_position(s)
    mine = next(h for h, names in pos.terrain.items() if "minefield" in names
                and pos.terrain_owner(h, "minefield") is Side.AXIS)  # the Axis laid it
    pos.terrain_values[(mine, "minefield")] = 2
    for u in list(pos.units):
        pos.remove_unit(u)
    for uid, variants, sweeps in (("a1", ("mine_sweeper",), True), ("a2", (), False)):
        pos.add_unit(Unit(id=uid, side=Side.ALLIES, type="flame_thrower_tank", hex=mine,
                          figures=3, variants=variants))
        assert ("minefield" in may_clear(pos, uid)) is sweeps
        (roll,) = entry_rolls(pos, uid)
        assert roll.sweep is sweeps and (roll.dice == 0) is sweeps  # cleared, not rolled for
        pos.remove_unit(uid)


@pytest.mark.parametrize(("name", "layer"), [
    ("4237-IntoTheCauldron.m44", Side.ALLIES), ("1517-PeleliuLandingsOverlord.m44", Side.AXIS),
    ("4625-ColdstreamHill.m44", Side.AXIS), ("6370-BattleOfAlamElHalfa.m44", Side.ALLIES),
    ("6541-BreakthroughToTheBeach.m44", Side.AXIS)])
def test_the_minefields_belong_to_the_side_the_briefing_says_lays_them(name, layer):
    """A MINE_FIELD tag's side is the side that laid it (the Scenario Editor 1.2 note bga-memoir
    quotes: "'Only Allies' means that mines are placed by Allies and will hit Axis"); these
    copies name the other side on every tag while the briefing says who lays them ("The British
    player lays out the Minefields", 4237), so the briefing's side owns them, and its units
    pass them unharmed."""
    from companion.rules.entry import entry_rolls
    from companion.rules.position import Unit

    s = load(BGA / name)
    assert {t.owner for t in s.terrain if t.type == "minefield"} == {layer}
    pos = to_position(s)
    mine = next(pos.board.parse(t.hex) for t in s.terrain if t.type == "minefield")
    for u in list(pos.units):
        pos.remove_unit(u)
    for side, spared in ((layer, True), (layer.other, False)):
        pos.add_unit(Unit(id="u1", side=side, type="infantry", hex=mine, figures=4))
        assert (entry_rolls(pos, "u1") == []) is spared, side
        pos.remove_unit("u1")


def test_minefields_a_briefing_gives_two_layers_or_one_the_tags_agree_with_are_as_written():
    # 3129: "The Allied player lays out the minefields around Tobruk and the Axis player those
    # around Sidi Omar" (two layers); 23806: "The Axis player lays out the minefields", its tags
    # the Axis too
    owners = [t.owner for t in load(BGA / "3129-OperationCrusader.m44").terrain
              if t.type == "minefield"]
    assert owners.count(Side.ALLIES) == 10 and owners.count(Side.AXIS) == 6
    assert {t.owner for t in load(BGA / "23806-GermanCounterattackAtChaumont.m44").terrain
            if t.type == "minefield"} == {Side.AXIS}


def test_a_frozen_river_and_impassable_hills_the_briefing_names_in_a_file_of_plain_tiles():
    # 8044: "The river is frozen (Terrain 47 - Frozen Rivers)"; 29: "The hills are impassable"
    s = import_m44(_file("The river is frozen (Terrain 47 - Frozen Rivers)."))
    assert [t.type for t in s.terrain] == ["frozen_river"]
    data = _file("The hills are impassable.")
    data["board"]["hexagons"].append({"row": 4, "col": 12, "terrain": {"name": "hills"}})
    assert "impassable_hill" in {t.type for t in import_m44(data).terrain}
    # a named river, or a canal crossed freely, is no sentence about every river
    assert [t.type for t in import_m44(_file("The Bystrava is frozen.")).terrain] == ["river"]
    assert {t.type for t in load(BGA / "29-SaverneGap.m44").terrain} >= {"impassable_blocking_hill"}


def test_air_sortie_deals_read_from_any_case_and_two_deals_that_disagree_are_noted():
    s = import_m44(_file("AIR RULES ARE OPTIONAL: if used, give one Air Sortie card to the "
                         "Axis player, and shuffle the other in the deck, at game start."))
    assert s.air.sorties == {Side.AXIS: 1, Side.ALLIES: 0} and s.air.sorties_in_deck == 1
    assert s.notes == []
    two = import_m44(_file("Give the Axis player both Air Sortie cards. Give each player one "
                           "Air Sortie card."))
    assert two.air.sorties is None and two.air.sorties_in_deck == 0  # the Air Pack's own deal
    assert [n for n in two.notes if "deals the Air Sortie cards two ways" in n]
    barred = import_m44(_file("The Air Sortie card is unusable by the German player."))
    assert barred.air.sortie_unusable == (Side.AXIS,) and barred.air.sorties is None
    plain = import_m44(_file("Blitz rules are in effect."))
    assert plain.air.sorties is None and plain.air.sortie_unusable == ()
