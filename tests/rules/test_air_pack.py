"""Air Pack (2007) air rules, one test per rule, built from the rulebook's own statements."""

from __future__ import annotations

import importlib.util

import pytest

from companion.rules.air.aircraft import AIRPACK_MODELS, AirAction, airplane_choices
from companion.rules.air.airpack import (
    READY_MARKERS_MEDALS,
    AirPackRules,
    AirPackSettings,
    SortieCard,
    SortieEffect,
    exit_interval,
    ground_support_applies,
    grounded_airplane_destroyed,
    interdiction_effect,
    kamikaze_check,
    kamikaze_result,
    landing_craft_move_check,
    may_do,
    may_target_on_carrier,
    recon_draws,
    rescue_check,
    strafe_check,
    strafe_result,
)
from companion.rules.air.common import AirRulesError
from companion.rules.board import Board, Hex, Section, Side
from companion.rules.position import Position, Unit

BOARD = Board.of("standard", "allies")
RULES = AirPackRules()
FIGURES = {"infantry": 4, "armor": 3, "artillery": 2, "airplane": 1}


def h(name: str) -> Hex:
    return BOARD.parse(name)


def plane(uid: str, side: str, model: str, where: str, airborne: bool = True) -> Unit:
    return Unit(uid, Side(side), "airplane", h(where), 1, airborne=airborne, model=model)


def ground(uid: str, side: str, kind: str, where: str, figures: int | None = None) -> Unit:
    return Unit(uid, Side(side), kind, h(where), figures or FIGURES[kind])


def pos(*units: Unit, terrain: dict[str, tuple[str, ...]] | None = None) -> Position:
    p = Position(BOARD, {h(k): v for k, v in (terrain or {}).items()}, air_rules="air-pack")
    for u in units:
        p.add_unit(u)
    return p


# --- airplane selection ---------------------------------------------------------------------

def test_eight_aircraft_types_and_their_special_actions() -> None:
    assert AirAction.KAMIKAZE in AIRPACK_MODELS["zero"].actions
    assert AirAction.STRAFING not in AIRPACK_MODELS["storch"].actions
    assert {AirAction.RECON, AirAction.RESCUE} <= AIRPACK_MODELS["storch"].actions
    assert AirAction.GROUND_SUPPORT in AIRPACK_MODELS["p38"].actions
    assert AirAction.GROUND_INTERDICTION in AIRPACK_MODELS["yak7"].actions
    assert AirAction.GROUND_SUPPORT in AIRPACK_MODELS["yak9"].actions
    carriers = {k for k, m in AIRPACK_MODELS.items() if m.carrier}
    assert carriers == {"corsair", "zero"}


def test_airplane_selection_by_nation_theatre_and_date() -> None:
    assert airplane_choices("britain", "mediterranean", 1941, 7) == ["spitfire"]
    assert airplane_choices("britain", "mediterranean", 1941, 8) == ["spitfire", "p40"]
    assert airplane_choices("britain", "western", 1944) == ["spitfire"]
    assert airplane_choices("ussr", "eastern", 1942, 9) == ["yak1", "yak7", "p40"]
    assert airplane_choices("ussr", "eastern", 1942, 10) == ["yak1", "yak7", "yak9", "p40"]
    assert airplane_choices("japan", "pacific", 1942) == ["zero"]
    assert "corsair" not in airplane_choices("usa", "pacific", 1942, 12)
    assert "corsair" in airplane_choices("usa", "pacific", 1943, 1)
    assert "corsair" in airplane_choices("usa", "pacific", 1943, 9, carrier_based=True)


def test_unlisted_nations_fly_like_their_camp() -> None:
    assert airplane_choices("italy", "mediterranean", 1942) == ["storch", "me109"]
    assert airplane_choices("france", "western", 1940) == ["spitfire"]


# --- Air Sortie cards -----------------------------------------------------------------------

def test_air_sortie_enters_from_any_edge_hex() -> None:
    play = RULES.play_sortie(pos(), Side.ALLIES, SortieCard.AIR_SORTIE)
    assert play.allowed and play.effect is SortieEffect.NEW_SORTIE
    assert h("A9") in play.entry_hexes and h("G1") in play.entry_hexes
    assert h("G5") not in play.entry_hexes
    assert play.face_up and not play.replaced_at_end_of_turn


def test_air_sortie_with_section_card_enters_in_that_section() -> None:
    play = RULES.play_sortie(pos(), Side.ALLIES, SortieCard.AIR_SORTIE,
                             with_section_card=Section.LEFT)
    assert h("A5") in play.entry_hexes and h("M5") not in play.entry_hexes


def test_air_sortie_with_airplane_flying_orders_it_without_air_check() -> None:
    p = pos(plane("p1", "allies", "spitfire", "E5"))
    play = RULES.play_sortie(p, Side.ALLIES, SortieCard.AIR_SORTIE)
    assert play.effect is SortieEffect.ORDER_AIRBORNE and not play.air_check


def test_air_sortie_may_replace_the_flying_airplane() -> None:
    p = pos(plane("p1", "allies", "spitfire", "E5"))
    play = RULES.play_sortie(p, Side.ALLIES, SortieCard.AIR_SORTIE, new_airplane=True)
    assert play.effect is SortieEffect.NEW_SORTIE and play.removed_airplane == "p1"


def test_air_power_played_as_air_sortie_never_with_section_card() -> None:
    play = RULES.play_sortie(pos(), Side.ALLIES, SortieCard.AIR_POWER,
                             with_section_card=Section.CENTER)
    assert not play.allowed
    alone = RULES.play_sortie(pos(), Side.ALLIES, SortieCard.AIR_POWER)
    assert alone.allowed and alone.replaced_at_end_of_turn and not alone.face_up


def test_recon_1_as_air_sortie_keeps_its_section_limit() -> None:
    # Card note: the Axis Recon 1 under Air Strikes & Blitz enters through its section's edge.
    play = RULES.play_sortie(pos(), Side.AXIS, SortieCard.RECON_1, section=Section.LEFT)
    assert play.allowed
    assert all(Section.LEFT in BOARD.sections(x, Side.AXIS) for x in play.entry_hexes)
    assert h("M9") in play.entry_hexes  # the Axis player's left is the far right column


def test_recon_1_must_match_the_section_of_the_flying_airplane() -> None:
    p = pos(plane("p1", "axis", "me109", "B5"))  # Axis right section
    assert not RULES.play_sortie(p, Side.AXIS, SortieCard.RECON_1, section=Section.LEFT).allowed
    assert RULES.play_sortie(p, Side.AXIS, SortieCard.RECON_1, section=Section.RIGHT).allowed


def test_recon_1_needs_a_section() -> None:
    with pytest.raises(AirRulesError):
        RULES.play_sortie(pos(), Side.AXIS, SortieCard.RECON_1)


def test_counter_attack_counters_only_the_section_card_of_a_combined_sortie() -> None:
    assert RULES.counter_attack_counters(sortie_with_section_card=True) == "section_card"
    assert RULES.counter_attack_counters(sortie_with_section_card=False) == "air_sortie"


def test_keep_em_flying_unordered_airborne_airplane_leaves() -> None:
    assert RULES.keep_em_flying(airborne=True, ordered_this_turn=False)
    assert not RULES.keep_em_flying(airborne=True, ordered_this_turn=True)
    assert not RULES.keep_em_flying(airborne=False, ordered_this_turn=False)


def test_one_airborne_airplane_per_side() -> None:
    p = pos(plane("p1", "allies", "spitfire", "E5"), plane("p2", "allies", "p40", "A1",
                                                                  airborne=False))
    assert [u.id for u in RULES.airborne_airplanes(p, Side.ALLIES)] == ["p1"]


# --- movement ---------------------------------------------------------------------------------

def test_movement_one_to_four_hexes() -> None:
    p = pos(plane("p1", "allies", "spitfire", "C5"))
    u = p.units["p1"]
    assert not RULES.check_flight(p, u, []).allowed
    assert RULES.check_flight(p, u, [h("D5")]).allowed
    five = [h("D5"), h("E5"), h("F5"), h("G5"), h("H5")]
    assert not RULES.check_flight(p, u, five).allowed


def test_never_end_on_the_start_hex() -> None:
    p = pos(plane("p1", "allies", "spitfire", "C5"))
    loop = [h("D5"), h("c6"), h("C5")]
    check = RULES.check_flight(p, p.units["p1"], loop)
    assert not check.allowed and "started" in (check.reason or "")


def test_never_twice_over_the_same_hex() -> None:
    p = pos(plane("p1", "allies", "spitfire", "C5"))
    check = RULES.check_flight(p, p.units["p1"], [h("D5"), h("E5"), h("D5")])
    assert not check.allowed and "twice" in (check.reason or "")


def test_may_fly_over_the_start_hex_without_ending_there() -> None:
    p = pos(plane("p1", "allies", "spitfire", "C5"))
    over = [h("c6"), h("C5"), h("b4")]
    assert RULES.check_flight(p, p.units["p1"], over).allowed


def test_flies_over_units_and_impassable_terrain_ends_on_vacant_hex() -> None:
    p = pos(plane("p1", "allies", "spitfire", "C5"), ground("x1", "axis", "infantry", "D5"),
            plane("p2", "axis", "me109", "E5"), terrain={"F5": ("river",)})
    u = p.units["p1"]
    assert RULES.check_flight(p, u, [h("D5"), h("E5"), h("F5"), h("G5")]).allowed
    assert not RULES.check_flight(p, u, [h("D5")]).allowed


def test_entry_from_an_edge_hex_counts_as_first_hex() -> None:
    p = pos(plane("p1", "allies", "spitfire", "A5"))
    u = p.units["p1"]
    assert RULES.check_flight(p, u, [h("A5"), h("B5"), h("C5"), h("D5")], entering=True).allowed
    assert not RULES.check_flight(p, u, [h("A5"), h("B5"), h("C5"), h("D5"), h("E5")],
                                  entering=True).allowed
    inland = RULES.check_flight(p, u, [h("C5"), h("D5")], entering=True)
    assert not inland.allowed and "edge" in (inland.reason or "")


def test_landing_on_friendly_airfield_or_carrier() -> None:
    p = pos(plane("p1", "allies", "spitfire", "C5"), plane("z1", "axis", "zero", "C7"),
            terrain={"D5": ("airfield",), "D7": ("ocean", "aircraft_carrier")})
    assert RULES.check_flight(p, p.units["p1"], [h("D5")]).landed
    assert RULES.check_flight(p, p.units["z1"], [h("D7")]).landed
    spit_on_carrier = RULES.check_flight(p, p.units["p1"], [h("c6"), h("D7")])
    assert spit_on_carrier.allowed and not spit_on_carrier.landed


# --- air check --------------------------------------------------------------------------------

def test_air_check_countryside_zero_dice_rolled_by_owner() -> None:
    check = RULES.air_check(pos(plane("p1", "allies", "spitfire", "E5")), "p1")
    assert check.dice == 0 and check.rolled_by is Side.ALLIES
    assert not check.result([]).lost


def test_air_check_one_die_per_adjacent_enemy_two_per_enemy_airplane() -> None:
    p = pos(plane("p1", "allies", "spitfire", "E5"), ground("x1", "axis", "infantry", "F5"),
            ground("x2", "axis", "armor", "D5"), plane("p2", "axis", "me109", "e6"),
            ground("a1", "allies", "infantry", "e4"))
    check = RULES.air_check(p, "p1")
    assert check.dice == 1 + 1 + 2
    assert check.rolled_by is Side.AXIS


def test_air_check_lost_on_grenade_medal_only_with_enemy_adjacent() -> None:
    p = pos(plane("p1", "allies", "spitfire", "E5"), ground("x1", "axis", "infantry", "F5"))
    res = RULES.air_check(p, "p1").result(["grenade"])
    assert res.lost and res.medal_to is Side.AXIS
    assert not RULES.air_check(p, "p1").result(["star"]).lost
    carrier = pos(plane("z1", "axis", "zero", "E5"), terrain={"E5": ("ocean", "aircraft_carrier")})
    lone = RULES.air_check(carrier, "z1").result(["grenade"])
    assert lone.lost and lone.medal_to is None


def test_air_check_airfield_zero_carrier_one_over_ocean() -> None:
    p = pos(plane("p1", "allies", "spitfire", "E5", airborne=False),
            plane("z1", "axis", "zero", "E7", airborne=False),
            terrain={"E5": ("airfield",), "E7": ("ocean", "aircraft_carrier")})
    assert RULES.air_check(p, "p1").dice == 0
    assert RULES.air_check(p, "z1").dice == 1


def test_air_check_values_are_a_per_game_setting() -> None:
    p = pos(plane("p1", "allies", "spitfire", "E5"), terrain={"E5": ("forest",)})
    mountains = AirPackRules(AirPackSettings(air_check_values={"forest": 2}))
    assert mountains.air_check(p, "p1").dice == 2


def test_air_check_interdicted_units_add_no_dice() -> None:
    p = pos(plane("p1", "allies", "spitfire", "E5"), ground("x1", "axis", "infantry", "F5"))
    check = RULES.air_check(p, "p1", not_counting=frozenset({"x1"}))
    assert check.dice == 0
    assert check.result([]).medal_to is None


def test_air_check_wrong_number_of_dice_is_an_error() -> None:
    p = pos(plane("p1", "allies", "spitfire", "E5"), ground("x1", "axis", "infantry", "F5"))
    with pytest.raises(AirRulesError, match="due"):
        RULES.air_check(p, "p1").result(["grenade", "star"])


def test_air_check_required_unless_ordered_by_air_sortie() -> None:
    assert RULES.air_check_required(True, False, ordered_by_air_sortie=False)
    assert not RULES.air_check_required(True, False, ordered_by_air_sortie=True)
    assert RULES.air_check_required(False, True, ordered_by_air_sortie=False)
    assert not RULES.air_check_required(False, True, ordered_by_air_sortie=True)
    assert not RULES.air_check_required(False, False, ordered_by_air_sortie=False)


# --- special actions ------------------------------------------------------------------------------

def _strafe_position() -> Position:
    return pos(plane("p1", "allies", "spitfire", "E5"), ground("x1", "axis", "infantry", "D5"),
               ground("x2", "axis", "armor", "d6"), ground("a1", "allies", "infantry", "e6"),
               terrain={"D5": ("sandbags",), "d6": ("forest",)})


def test_strafing_one_die_per_enemy_unit_on_three_contiguous_adjacent_hexes() -> None:
    p = _strafe_position()
    check = strafe_check(RULES, p, "p1", [h("D5"), h("d6"), h("e6")])
    assert check.allowed and check.targets == ("x1", "x2") and check.dice == 2


def test_strafing_hexes_must_be_contiguous_and_adjacent() -> None:
    p = _strafe_position()
    assert not strafe_check(RULES, p, "p1", [h("D5"), h("e6")]).allowed
    assert not strafe_check(RULES, p, "p1", [h("C5")]).allowed
    assert not strafe_check(RULES, p, "p1", [h("D5"), h("d6"), h("e6"), h("F5")]).allowed


def test_strafing_stars_hit_terrain_ignored_flags_not_ignorable() -> None:
    p = _strafe_position()
    check = strafe_check(RULES, p, "p1", [h("D5"), h("d6")])
    infantry, armor = strafe_result(p, check, [["flag"], ["star"]])
    assert infantry.flags == 1 and infantry.flags_ignored == 0 and infantry.retreat
    assert armor.hits == 1


def test_storch_cannot_strafe() -> None:
    p = pos(plane("s1", "axis", "storch", "E5"), ground("a1", "allies", "infantry", "F5"))
    assert not strafe_check(RULES, p, "s1", [h("F5")]).allowed


def test_grounded_airplane_may_only_take_off() -> None:
    p = pos(plane("p1", "allies", "spitfire", "E5", airborne=False))
    assert not may_do(RULES, p.units["p1"], AirAction.STRAFING).allowed
    assert may_do(RULES, p.units["p1"], AirAction.TAKE_OFF_LAND).allowed


def test_ground_support_negates_protection_in_close_assault_only() -> None:
    p = pos(plane("p1", "allies", "p38", "E5"), ground("x1", "axis", "infantry", "F5"),
            ground("a1", "allies", "infantry", "G5"))
    assert ground_support_applies(RULES, p, "p1", "x1", close_assault=True)
    assert not ground_support_applies(RULES, p, "p1", "x1", close_assault=False)
    spit = pos(plane("p1", "allies", "spitfire", "E5"), ground("x1", "axis", "infantry", "F5"))
    assert not ground_support_applies(RULES, spit, "p1", "x1", close_assault=True)


def test_kamikaze_any_hit_removes_the_whole_unit() -> None:
    p = pos(plane("z1", "axis", "zero", "E5"), ground("a1", "allies", "infantry", "F5"),
            terrain={"F5": ("forest",)})
    assert kamikaze_check(RULES, p, "z1", "a1").allowed
    res = kamikaze_result(p, "z1", "a1", ["infantry", "flag"])
    assert res.target.eliminated and res.target.figures_removed == 4
    assert res.airplane_removed and not res.medal_to_defender


def test_kamikaze_flags_and_stars_ignored_medal_only_on_grenade() -> None:
    p = pos(plane("z1", "axis", "zero", "E5"), ground("a1", "allies", "armor", "F5"))
    miss = kamikaze_result(p, "z1", "a1", ["flag", "star"])
    assert not miss.target.eliminated and miss.target.retreat == () and miss.airplane_removed
    boom = kamikaze_result(p, "z1", "a1", ["grenade", "infantry"])
    assert boom.target.eliminated and boom.medal_to_defender


def test_kamikaze_only_for_zero_and_adjacent_ground_target() -> None:
    p = pos(plane("p1", "allies", "spitfire", "E5"), ground("x1", "axis", "infantry", "F5"),
            plane("z1", "axis", "zero", "C5"), plane("p2", "allies", "p40", "D5"))
    assert not kamikaze_check(RULES, p, "p1", "x1").allowed
    assert not kamikaze_check(RULES, p, "z1", "p2").allowed  # not an airplane


def test_ground_interdiction_effects() -> None:
    started = interdiction_effect(started_adjacent=True, moved_adjacent=False)
    assert not started.may_move and started.may_battle and not started.adds_to_air_check
    moved = interdiction_effect(started_adjacent=False, moved_adjacent=True)
    assert moved.must_stop and not moved.may_battle and moved.adds_to_air_check


def test_recon_draws_two_next_to_enemy_ground_unit_not_airplane() -> None:
    p = pos(plane("s1", "axis", "storch", "E5"), ground("a1", "allies", "infantry", "F5"))
    assert recon_draws(RULES, p, "s1") == 2
    only_plane = pos(plane("s1", "axis", "storch", "E5"), plane("p1", "allies", "p40", "F5"))
    assert recon_draws(RULES, only_plane, "s1") == 1


def test_rescue_single_figure_friendly_infantry() -> None:
    p = pos(plane("s1", "axis", "storch", "E5"), ground("x1", "axis", "infantry", "F5", 1),
            ground("x2", "axis", "infantry", "D5", 2))
    assert rescue_check(RULES, p, "s1", "x1").allowed
    assert not rescue_check(RULES, p, "s1", "x2").allowed


# --- airplanes on the ground, landing craft, exit markers -----------------------------------------------

def test_grounded_airplane_and_ready_markers_lost_on_one_grenade() -> None:
    assert grounded_airplane_destroyed(["grenade", "infantry"])
    assert not grounded_airplane_destroyed(["flag", "star", "infantry"])
    assert READY_MARKERS_MEDALS == 1


def test_airplanes_on_carriers_cannot_be_targeted() -> None:
    assert not may_target_on_carrier()


def test_landing_craft_moves_two_over_ocean_and_lands_on_beach() -> None:
    p = pos(terrain={"C1": ("ocean",), "c2": ("ocean",), "C3": ("beach",), "C5": ("forest",)})
    assert landing_craft_move_check(p, [h("c2"), h("C3")]).allowed
    assert not landing_craft_move_check(p, [h("c2"), h("C3"), h("c4")]).allowed
    assert not landing_craft_move_check(p, [h("C5"), h("C3")]).allowed


def test_exit_markers_interval_includes_both_ends() -> None:
    hexes = exit_interval(pos(), h("C9"), h("F9"))
    assert hexes == [h("C9"), h("D9"), h("E9"), h("F9")]
    with pytest.raises(AirRulesError):
        exit_interval(pos(), h("C9"), h("F1"))


@pytest.mark.skipif(importlib.util.find_spec("companion.rules.los") is None,
                    reason="line of sight (A1's los.py) not present yet")
def test_airborne_airplanes_never_block_line_of_sight_grounded_ones_do() -> None:
    from companion.rules.los import line_of_sight

    flying = pos(plane("p1", "allies", "spitfire", "E5"))
    assert line_of_sight(flying, h("C5"), h("G5"))
    parked = pos(plane("p1", "allies", "spitfire", "E5", airborne=False))
    assert not line_of_sight(parked, h("C5"), h("G5"))


def test_airborne_airplane_does_not_stop_units_firing_past_it() -> None:
    from companion.rules.battle import battle_check

    p = pos(ground("a1", "allies", "infantry", "E5"), plane("p1", "axis", "me109", "F5"),
            ground("x1", "axis", "infantry", "E7"))
    assert battle_check(p, "a1", "x1").allowed


def test_special_actions_have_their_phase_of_play() -> None:
    from companion.rules.air.aircraft import ActionPhase
    from companion.rules.air.airpack import action_phase

    assert action_phase(AirAction.STRAFING) is ActionPhase.MOVEMENT
    assert action_phase(AirAction.GROUND_SUPPORT) is ActionPhase.COMBAT
    assert action_phase(AirAction.KAMIKAZE) is ActionPhase.MOVEMENT
    assert action_phase(AirAction.GROUND_INTERDICTION) is ActionPhase.OPPONENT_TURN
    assert action_phase(AirAction.RECON) is ActionPhase.END_OF_TURN
    assert action_phase(AirAction.RESCUE) is ActionPhase.MOVEMENT
    assert action_phase(AirAction.TAKE_OFF_LAND) is ActionPhase.FREE


def test_air_sortie_drawn_from_deck_gives_an_extra_card() -> None:
    from companion.rules.air.airpack import AIR_SORTIE_DRAWN_EXTRA_CARDS

    assert AIR_SORTIE_DRAWN_EXTRA_CARDS == 1


def test_ground_unit_cannot_move_through_an_airplane() -> None:
    from companion.rules.movement import move_destinations

    p = pos(ground("a1", "allies", "infantry", "E5"), plane("p1", "allies", "spitfire", "F5"),
            ground("x1", "axis", "infantry", "e6"), ground("x2", "axis", "infantry", "e4"))
    dests = move_destinations(p, "a1")
    assert h("F5") not in dests and h("G5") not in dests


def test_flying_airplane_is_never_attacked_grounded_one_lost_on_grenade() -> None:
    from companion.rules.air.targets import air_target_check

    flying = pos(ground("a1", "allies", "infantry", "E5"), plane("p1", "axis", "me109", "F5"))
    check = air_target_check(flying, "a1", "p1")
    assert check is not None and not check.allowed
    parked = pos(ground("a1", "allies", "infantry", "E5"),
                 plane("p1", "axis", "me109", "F5", airborne=False))
    ground_check = air_target_check(parked, "a1", "p1")
    assert ground_check is not None and ground_check.allowed
    assert ground_check.hit_faces == frozenset({"grenade"})
    carrier = pos(ground("a1", "allies", "infantry", "E5"),
                  plane("z1", "axis", "zero", "F5", airborne=False),
                  terrain={"F5": ("ocean", "aircraft_carrier")})
    on_carrier = air_target_check(carrier, "a1", "z1")
    assert on_carrier is not None and not on_carrier.allowed


def test_one_special_action_per_turn_take_off_is_free() -> None:
    from companion.rules.air.airpack import may_add_action

    took_off = frozenset({AirAction.TAKE_OFF_LAND})
    assert may_add_action(took_off, AirAction.STRAFING).allowed
    strafed = frozenset({AirAction.STRAFING})
    assert not may_add_action(strafed, AirAction.GROUND_INTERDICTION).allowed
    assert may_add_action(strafed, AirAction.TAKE_OFF_LAND).allowed


def _craft_query(ask: dict[str, object], badges: list[str]) -> dict[str, object]:
    """Allied infantry on the beach at C3 (or in its craft on the ocean at C1), Axis infantry
    adjacent to the beach at c4."""
    return {
        "rules": {"air": None},
        "terrain": [{"hex": "C1", "type": "ocean"}, {"hex": "c2", "type": "ocean"},
                    {"hex": "b2", "type": "ocean"}, {"hex": "C3", "type": "beach"},
                    {"hex": "B3", "type": "beach"}],
        "units": [{"id": "a1", "side": "allies", "type": "infantry",
                   "hex": "C1" if "landing_craft" in badges else "C3", "badges": badges},
                  {"id": "x1", "side": "axis", "type": "infantry", "hex": "c4"}],
        "ask": ask,
    }


def test_a_unit_landed_from_its_craft_this_turn_may_not_battle_in_the_referee() -> None:
    # seed 000, Landing Craft: "the units they carry may not battle while in them or during
    # the turn in which they land on the shore" (the game keeps it in GameState.landed; a
    # query says it with the badge "landed"; the differential test found the referee allowing it)
    from companion.rules.referee import answer

    ask = {"battle": {"attacker": "a1", "target": "x1"}}
    landed = answer(_craft_query(ask, ["landed"]))["battle"]
    assert not landed["allowed"] and "landed" in landed["reason"] and landed["dice"] == 0
    assert answer(_craft_query(ask, []))["battle"]["allowed"]  # next turn it battles


def test_a_unit_in_a_landing_craft_moves_two_over_ocean_onto_the_shore_in_the_referee() -> None:
    # seed 000, Landing Craft: "They (and the unit they carry) can move up to 2 hexes, on
    # Ocean hexes and onto the beach hexes that are the closest to shore" (a plain unit on
    # ocean moves 1 hex): the move ask, with or without a card, follows the craft
    from companion.rules.referee import answer

    for body in ({"unit": "a1"}, {"unit": "a1", "card": "assault_left"}):
        found = answer(_craft_query({"move": body}, ["landing_craft"]))["move"]["destinations"]
        by_hex = {d["hex"]: d for d in found}
        assert {"b2", "c2", "B3", "C3"} <= set(by_hex)  # 2 hexes: over ocean onto the beach
        assert all(not d["can_battle"] for d in found)  # no battle in a craft nor on landing
        assert by_hex["C3"]["path"] == ["c2", "C3"]
        assert by_hex["B1"]["path"] == ["B1"]  # land at once: the move ends there
        assert "B5" not in by_hex and "b4" not in by_hex  # never further than the first land hex


def test_a_unit_in_a_landing_craft_may_retreat_over_ocean_in_the_referee() -> None:
    # seed 000, Landing Craft: "They can also retreat, even on Ocean hexes" (base rules: an
    # ocean hex is impassable for retreat moves; the game lifted it, the referee did not)
    from companion.rules.referee import answer

    def retreat(badges: list[str]) -> list[str]:
        q: dict[str, object] = {
            "terrain": [{"hex": "c2", "type": "ocean"}, {"hex": "b2", "type": "ocean"},
                        {"hex": "C1", "type": "ocean"}, {"hex": "B1", "type": "ocean"},
                        {"hex": "D1", "type": "ocean"}, {"hex": "C3", "type": "beach"}],
            "units": [{"id": "a1", "side": "allies", "type": "infantry", "hex": "c2",
                       "badges": badges},
                      {"id": "x1", "side": "axis", "type": "infantry", "hex": "C3"}],
            "ask": {"battle": {"attacker": "x1", "target": "a1"}},
            "dice": ["flag", "grenade", "grenade"],
        }
        result = answer(q)["result"]
        return sorted(o["hex"] for o in result["retreat"])

    assert retreat(["landing_craft"]) == ["C1", "D1"]  # back over the ocean, toward its edge
    assert retreat([]) == ["c2"]  # a plain unit on ocean cannot move: it stays and loses one
