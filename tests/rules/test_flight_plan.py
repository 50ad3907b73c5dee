"""New Flight Plan (2019) air rules, one test per rule, with the rulebook's worked examples."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.air.air_combat_cards import (
    AIR_COMBAT_CARDS,
    AirCombatPlays,
    CardPlayError,
    air_combat_cards_at_setup,
)
from companion.rules.air.aircraft import AIR_SUPERIORITY, AIR_SUPERIORITY_YEARS, AIRCRAFT_PROFILES
from companion.rules.air.common import AirRulesError
from companion.rules.air.flightplan import (
    AIR_COMBAT_DRAWS,
    COMMAND_CARD_CHANGES,
    COMPATIBILITY,
    FlightPlanRules,
    Marker,
    OrderKind,
)
from companion.rules.board import Board, Hex, Section, Side
from companion.rules.position import Position, Unit

BOARD = Board.of("standard", "allies")
RULES = FlightPlanRules()


def h(name: str) -> Hex:
    return BOARD.parse(name)


def pos(*units: tuple[str, str, str, str], terrain: dict[str, tuple[str, ...]] | None = None,
        **extra: dict[str, object]) -> Position:
    """units: (id, side, type, hex); air units are airborne unless extra says otherwise."""
    made = []
    for uid, side, kind, where in units:
        u = Unit(uid, Side(side), kind, h(where), 1 if kind in AIRCRAFT_PROFILES else
                 {"infantry": 4, "armor": 3, "artillery": 2}.get(kind, 4),
                 airborne=kind in AIRCRAFT_PROFILES)
        for k, v in extra.get(uid, {}).items():
            setattr(u, k, v)
        made.append(u)
    p = Position(BOARD, {h(k): v for k, v in (terrain or {}).items()}, air_rules="flight-plan")
    for u in made:
        p.add_unit(u)
    return p


# --- air superiority and setup ---

def test_air_superiority_by_front_and_year() -> None:
    year = AIR_SUPERIORITY_YEARS.index
    assert AIR_SUPERIORITY["western"][year(1943)] == "axis"
    assert AIR_SUPERIORITY["western"][year(1944)] == "allies"
    assert AIR_SUPERIORITY["eastern"][year(1942)] == "axis"
    assert AIR_SUPERIORITY["eastern"][year(1943)] is None
    assert AIR_SUPERIORITY["pacific"][year(1943)] is None
    assert AIR_SUPERIORITY["pacific"][year(1944)] == "allies"


def test_air_combat_cards_dealt_at_setup_with_superiority_bonus() -> None:
    assert air_combat_cards_at_setup(Side.AXIS, beach_map=False) == {Side.ALLIES: 2, Side.AXIS: 3}
    assert air_combat_cards_at_setup(None, beach_map=False) == {Side.ALLIES: 2, Side.AXIS: 2}


def test_beach_map_deals_one_fewer_air_combat_card_to_both() -> None:
    assert air_combat_cards_at_setup(Side.ALLIES, beach_map=True) == {Side.ALLIES: 2, Side.AXIS: 1}


def test_one_air_combat_card_per_player_per_turn_each_way() -> None:
    plays = AirCombatPlays(active=Side.ALLIES)
    plays.play(Side.ALLIES)
    plays.play(Side.AXIS)  # one during his opponent's turn
    with pytest.raises(CardPlayError, match="own turn"):
        plays.play(Side.ALLIES)
    with pytest.raises(CardPlayError, match="opponent's turn"):
        plays.play(Side.AXIS)


def test_air_combat_deck_is_data_with_title_restriction_phase_and_action() -> None:
    for title, card in AIR_COMBAT_CARDS.items():
        assert card.title == title and card.action and card.source
        assert card.restriction in (None, "fighter", "fighter_bomber", "bomber")
    assert AIR_COMBAT_CARDS["Fighter-Bomber Boom & Zoom"].restriction == "fighter_bomber"


def test_aircraft_profiles_are_data_with_sources() -> None:
    for profile in AIRCRAFT_PROFILES.values():
        assert profile.move == 4
        assert set(profile.ammo) == {"machine_gun", "bomb"}
        assert {"move", "dogfight_dice", "ammo"} <= set(profile.sources)
    assert AIRCRAFT_PROFILES["fighter"].dogfight_dice == 3  # the dogfight example
    assert not AIRCRAFT_PROFILES["bomber"].carrier
    assert not AIRCRAFT_PROFILES["fighter"].strategic_bombing


# --- deploying ---

def test_deploy_with_a_section_card() -> None:
    p = pos(("a1", "allies", "infantry", "B1"))
    assert RULES.deploy_check(p, Side.ALLIES, "fighter", order=OrderKind.SECTION).allowed


def test_deploy_never_with_a_tactic_card() -> None:
    check = RULES.deploy_check(pos(), Side.ALLIES, "fighter", order=OrderKind.TACTIC)
    assert not check.allowed and "Tactic" in (check.reason or "")


def test_deploy_only_one_air_unit_per_side() -> None:
    p = pos(("f1", "allies", "fighter", "E5"))
    assert not RULES.deploy_check(p, Side.ALLIES, "bomber", order=OrderKind.SECTION).allowed
    assert RULES.deploy_check(p, Side.AXIS, "bomber", order=OrderKind.SECTION).allowed


def test_deploy_not_on_the_turn_of_a_withdrawal() -> None:
    check = RULES.deploy_check(pos(), Side.ALLIES, "fighter", order=OrderKind.SECTION,
                               withdrew_this_turn=True)
    assert not check.allowed


def test_deploy_refused_for_a_type_shot_down_earlier() -> None:
    check = RULES.deploy_check(pos(), Side.AXIS, "bomber", order=OrderKind.SECTION,
                               banned_types=frozenset({"bomber"}))
    assert not check.allowed
    assert RULES.deploy_check(pos(), Side.AXIS, "fighter", order=OrderKind.SECTION,
                              banned_types=frozenset({"bomber"})).allowed


def test_night_battles_no_deploy_before_full_daylight() -> None:
    assert not RULES.deploy_check(pos(), Side.ALLIES, "fighter", order=OrderKind.SECTION,
                                  full_daylight=False).allowed


def test_on_the_move_orders_never_deploy_and_never_battle() -> None:
    assert not RULES.deploy_check(pos(), Side.ALLIES, "fighter", order=OrderKind.MOVE_ONLY).allowed
    p = pos(("f1", "allies", "fighter", "D5"), ("x1", "axis", "infantry", "E5"))
    assert not RULES.run_check(p, "f1", [Marker(h("E5"), "machine_gun")], move_only=True).allowed


def test_deploy_hexes_are_the_section_of_the_card() -> None:
    hexes = RULES.deploy_hexes(pos(), Side.ALLIES, Section.LEFT)
    assert h("A1") in hexes and h("A9") in hexes and h("M5") not in hexes


def test_example_saturation_bombing_deploys_a_fighter_without_its_effect() -> None:
    # Probe Left + Saturation Bombing: a fighter is deployed on the left; it fights as normal.
    card, why = RULES.special_action("Saturation Bombing", "fighter")
    assert card is None and "ignored" in why
    p = pos(("f1", "allies", "fighter", "B5"), ("x1", "axis", "infantry", "C5"))
    check = RULES.run_check(p, "f1", [Marker(h("C5"), "machine_gun")],
                            path=[h("B5"), h("C5"), h("D5")], deploying=True,
                            card="Saturation Bombing")
    assert check.allowed and check.dice == (1,)


def test_example_rake_the_enemy_matches_a_fighter() -> None:
    assert AIR_COMBAT_CARDS["Rake the Enemy"].special_action_allowed("fighter")
    assert not AIR_COMBAT_CARDS["Rake the Enemy"].special_action_allowed("bomber")


def test_unknown_air_combat_card_is_an_error() -> None:
    with pytest.raises(AirRulesError, match="unknown Air Combat card"):
        RULES.special_action("Carpet of Doom", "bomber")


# --- movement ---

def test_air_unit_moves_up_to_four_hexes() -> None:
    p = pos(("f1", "allies", "fighter", "A5"))
    path = [h("B5"), h("C5"), h("D5"), h("E5")]
    assert RULES.check_flight(p, p.units["f1"], path).allowed
    assert not RULES.check_flight(p, p.units["f1"], [*path, h("F5")]).allowed


def test_deployed_start_hex_counts_as_first_hex() -> None:
    p = pos(("f1", "allies", "fighter", "A5"))
    path = [h("B5"), h("C5"), h("D5"), h("E5"), h("F5")]
    assert not RULES.check_flight(p, p.units["f1"], path, entering=True).allowed
    assert RULES.check_flight(p, p.units["f1"], path[:4], entering=True).allowed


def test_no_hex_twice_including_the_start() -> None:
    p = pos(("f1", "allies", "fighter", "C5"))
    back = [h("D5"), h("c6"), h("C5"), h("b4")]  # flies back over its start hex
    check = RULES.check_flight(p, p.units["f1"], back)
    assert not check.allowed and "twice" in (check.reason or "")


def test_not_through_an_enemy_air_unit() -> None:
    p = pos(("f1", "allies", "fighter", "C5"), ("f2", "axis", "fighter", "D5"))
    check = RULES.check_flight(p, p.units["f1"], [h("D5"), h("E5")])
    assert not check.allowed and "enemy air unit" in (check.reason or "")


def test_flies_over_ground_units_but_never_ends_on_one() -> None:
    p = pos(("f1", "allies", "fighter", "C5"), ("x1", "axis", "infantry", "D5"),
            ("a1", "allies", "infantry", "E5"))
    assert RULES.check_flight(p, p.units["f1"], [h("D5"), h("E5"), h("F5")]).allowed
    assert not RULES.check_flight(p, p.units["f1"], [h("D5")]).allowed


def test_air_unit_ignores_terrain_when_moving() -> None:
    p = pos(("f1", "allies", "fighter", "C5"), terrain={"D5": ("river",), "E5": ("forest",)})
    assert RULES.check_flight(p, p.units["f1"], [h("D5"), h("E5")]).allowed


def test_may_not_leave_the_board() -> None:
    p = pos(("f1", "allies", "fighter", "A5"))
    assert not RULES.check_flight(p, p.units["f1"], [Hex(-2, 4)]).allowed


def test_landing_on_friendly_airfield() -> None:
    p = pos(("f1", "allies", "fighter", "C5"), terrain={"D5": ("airfield",)})
    assert RULES.check_flight(p, p.units["f1"], [h("D5")]).landed
    enemy = RULES.check_flight(p, p.units["f1"], [h("D5")], enemy_bases=frozenset({h("D5")}))
    assert enemy.allowed and not enemy.landed


def test_carrier_landing_fighters_and_fighter_bombers_only() -> None:
    p = pos(("f1", "allies", "fighter", "C5"), ("b1", "axis", "bomber", "C7"),
            terrain={"D5": ("ocean", "aircraft_carrier"), "D7": ("ocean", "aircraft_carrier")})
    assert RULES.check_flight(p, p.units["f1"], [h("D5")]).landed
    assert not RULES.check_flight(p, p.units["b1"], [h("D7")]).landed


# --- attack runs ---

def _boom_position() -> Position:
    # Seed 001 p.VI: infantry (1), armor (2), infantry (3) in a row; the fighter-bomber deploys
    # on (1) and ends its move on the empty hex (4).
    p = pos(("x1", "axis", "infantry", "E5"), ("x2", "axis", "armor", "F5"),
            ("x3", "axis", "infantry", "G5"), ("fb", "allies", "fighter_bomber", "H5"))
    return p


RUN = [Marker(h("E5"), "machine_gun"), Marker(h("F5"), "bomb"), Marker(h("G5"), "machine_gun")]
PATH = [h("E5"), h("F5"), h("G5"), h("H5")]


def test_example_boom_and_zoom_three_targets() -> None:
    p = _boom_position()
    check = RULES.run_check(p, "fb", RUN, path=PATH, deploying=True,
                            card="Fighter-Bomber Boom & Zoom")
    assert check.allowed
    assert check.targets == ("x1", "x2", "x3")
    assert check.dice == (2, 1, 2)  # 2 dice per machine-gun marker, 1 for the bomb
    assert dict(check.ammo_left) == {"machine_gun": 1, "bomb": 2}
    results = RULES.run_result(p, check, [["star", "grenade"], ["grenade"], ["infantry", "flag"]])
    # machine gun: star hits thanks to the card, grenade does not
    assert [r.hits for r in results] == [1, 1, 1]
    assert results[2].flags == 1 and results[2].retreat


def test_standard_attack_run_rolls_one_die_per_marker() -> None:
    check = RULES.run_check(_boom_position(), "fb", RUN, path=PATH, deploying=True)
    assert check.allowed and check.dice == (1, 1, 1)


def test_machine_gun_grenades_do_not_hit() -> None:
    p = _boom_position()
    check = RULES.run_check(p, "fb", RUN[:1], path=PATH, deploying=True)
    assert RULES.run_result(p, check, [["grenade"]])[0].hits == 0
    assert RULES.run_result(p, check, [["infantry"]])[0].hits == 1
    assert RULES.run_result(p, check, [["star"]])[0].hits == 0


def test_bomb_hits_on_symbol_and_grenade() -> None:
    p = _boom_position()
    check = RULES.run_check(p, "fb", [Marker(h("E5"), "bomb")], path=PATH, deploying=True)
    assert RULES.run_result(p, check, [["grenade"]])[0].hits == 1
    assert RULES.run_result(p, check, [["armor"]])[0].hits == 0


def test_machine_gun_cannot_hit_artillery() -> None:
    p = pos(("art", "axis", "artillery", "E5"), ("f1", "allies", "fighter", "F5"))
    check = RULES.run_check(p, "f1", [Marker(h("E5"), "machine_gun")])
    assert check.allowed
    assert RULES.run_result(p, check, [["grenade"]])[0].hits == 0


def test_attack_run_ignores_terrain_dice_reductions() -> None:
    p = pos(("x1", "axis", "infantry", "E5"), ("f1", "allies", "fighter", "F5"),
            terrain={"E5": ("forest",)})
    assert RULES.run_check(p, "f1", [Marker(h("E5"), "machine_gun")]).dice == (1,)


def test_attack_run_flag_ignoring_terrain_still_applies() -> None:
    p = pos(("x1", "axis", "infantry", "E5"), ("f1", "allies", "fighter", "F5"),
            terrain={"E5": ("sandbags",)})
    check = RULES.run_check(p, "f1", [Marker(h("E5"), "machine_gun")])
    r = RULES.run_result(p, check, [["flag"]])[0]
    assert r.flags == 1 and r.flags_ignored == 1 and r.retreat == ()


def test_attack_run_at_most_three_markers() -> None:
    p = pos(*[(f"x{i}", "axis", "infantry", n) for i, n in enumerate(["C5", "D5", "E5", "F5"])],
            ("f1", "allies", "fighter", "G5"))
    markers = [Marker(h(n), "machine_gun") for n in ["C5", "D5", "E5", "F5"]]
    assert not RULES.run_check(p, "f1", markers).allowed


def test_attack_run_hexes_contiguous_no_skip() -> None:
    p = _boom_position()
    markers = [Marker(h("E5"), "machine_gun"), Marker(h("G5"), "machine_gun")]
    check = RULES.run_check(p, "fb", markers, path=PATH, deploying=True)
    assert not check.allowed and "contiguous" in (check.reason or "")


def test_attack_run_markers_on_hexes_flown_over_in_order() -> None:
    p = _boom_position()
    backwards = [Marker(h("F5"), "bomb"), Marker(h("E5"), "machine_gun")]
    assert not RULES.run_check(p, "fb", backwards, path=PATH, deploying=True).allowed


def test_attack_run_one_ammo_marker_each() -> None:
    p = _boom_position()
    p.units["fb"].ammo = {"machine_gun": 1, "bomb": 3}
    check = RULES.run_check(p, "fb", RUN, path=PATH, deploying=True)
    assert not check.allowed and "ammo" in (check.reason or "")


def test_bomber_has_no_machine_gun_in_default_profile_and_fighter_no_bomb() -> None:
    p = pos(("x1", "axis", "infantry", "E5"), ("f1", "allies", "fighter", "F5"))
    assert not RULES.run_check(p, "f1", [Marker(h("E5"), "bomb")]).allowed


def test_attack_run_targets_enemy_ground_units_only() -> None:
    p = pos(("a1", "allies", "infantry", "E5"), ("f1", "allies", "fighter", "F5"))
    assert not RULES.run_check(p, "f1", [Marker(h("E5"), "machine_gun")]).allowed


def test_attack_run_marker_dropped_when_target_left_or_died() -> None:
    p = _boom_position()
    check = RULES.run_check(p, "fb", RUN, path=PATH, deploying=True)
    results = RULES.run_result(p, check, [["infantry"], ["armor"], ["infantry"]],
                               gone=frozenset({"x2"}))
    assert [r.dropped for r in results] == [False, True, False]
    assert results[0].hits == 1 and results[2].hits == 1


def test_attack_run_must_fit_the_move_without_a_path() -> None:
    p = pos(("x1", "axis", "infantry", "B5"), ("f1", "allies", "fighter", "G5"))
    assert not RULES.run_check(p, "f1", [Marker(h("B5"), "machine_gun")]).allowed


def test_their_finest_hour_one_extra_die_per_marker() -> None:
    check = RULES.run_check(_boom_position(), "fb", RUN, path=PATH, deploying=True,
                            their_finest_hour=True)
    assert check.dice == (2, 2, 2)


def test_air_unit_never_takes_ground() -> None:
    check = RULES.run_check(_boom_position(), "fb", RUN, path=PATH, deploying=True)
    assert all(not m.take_ground_allowed for m in check.modifiers)
    assert not RULES.may_take_ground_after_run()


def test_wrong_number_of_dice_for_a_marker_is_an_error() -> None:
    p = _boom_position()
    check = RULES.run_check(p, "fb", RUN, path=PATH, deploying=True)
    with pytest.raises(AirRulesError, match="due"):
        RULES.run_result(p, check, [["infantry", "armor"], ["armor"], ["infantry"]])


# --- strategic bombing ---

def test_strategic_bombing_by_bomber_or_fighter_bomber_only() -> None:
    p = pos(("b1", "allies", "bomber", "E5"), ("f1", "axis", "fighter", "G5"))
    assert RULES.strategic_bombing_check(p, "b1").allowed
    assert not RULES.strategic_bombing_check(p, "f1").allowed


def test_strategic_bombing_grenade_claims_the_medal() -> None:
    assert RULES.strategic_bombing_claims(["grenade"])
    assert not RULES.strategic_bombing_claims(["star"])


def test_strategic_bombing_not_majority_objectives_nor_reclaiming() -> None:
    p = pos(("b1", "allies", "bomber", "E5"))
    assert not RULES.strategic_bombing_check(p, "b1", majority_objective=True).allowed
    assert not RULES.strategic_bombing_check(p, "b1", claimed_by_opponent_bombing=True).allowed


# --- dogfights and confirmation ---

def test_example_dogfight_two_grenades_confirmed_by_one() -> None:
    p = pos(("f1", "allies", "fighter", "E5"), ("b1", "axis", "bomber", "F5"))
    check = RULES.dogfight_check(p, "f1", "b1")
    assert check.allowed and check.dice == 3
    assert RULES.possible_hits(["grenade", "grenade", "star"]) == 2
    c = RULES.confirm(p, "b1", ["grenade", "infantry"])
    assert c.shot_down and not c.retires
    assert c.medal_to is Side.ALLIES and c.air_combat_card_to is Side.ALLIES
    assert c.banned_type == "bomber" and c.ammo_returned


def test_confirmation_flag_makes_it_retire_without_medal() -> None:
    p = pos(("b1", "axis", "bomber", "F5"))
    c = RULES.confirm(p, "b1", ["flag", "infantry"])
    assert c.retires and not c.shot_down
    assert c.medal_to is None and c.banned_type is None and c.ammo_returned


def test_confirmation_without_grenade_or_flag_changes_nothing() -> None:
    c = RULES.confirm(pos(("b1", "axis", "bomber", "F5")), "b1", ["star", "armor"])
    assert not c.shot_down and not c.retires and not c.ammo_returned


def test_dogfight_needs_adjacent_flying_enemy() -> None:
    p = pos(("f1", "allies", "fighter", "E5"), ("b1", "axis", "bomber", "G5"))
    assert not RULES.dogfight_check(p, "f1", "b1").allowed
    p2 = pos(("f1", "allies", "fighter", "E5"), ("b1", "axis", "bomber", "F5"),
             b1={"airborne": False})
    assert not RULES.dogfight_check(p2, "f1", "b1").allowed


def test_no_dogfight_when_landing() -> None:
    p = pos(("f1", "allies", "fighter", "E5"), ("b1", "axis", "bomber", "F5"))
    assert not RULES.dogfight_check(p, "f1", "b1", landed=True).allowed


# --- ground to air ---

def test_ground_to_air_infantry_adjacent_three_dice() -> None:
    p = pos(("a1", "allies", "infantry", "E5"), ("b1", "axis", "bomber", "F5"))
    check = RULES.ground_to_air_check(p, "a1", "b1")
    assert check.allowed and check.dice == 3


def test_ground_to_air_infantry_not_at_range_two() -> None:
    p = pos(("a1", "allies", "infantry", "E5"), ("b1", "axis", "bomber", "G5"))
    assert not RULES.ground_to_air_check(p, "a1", "b1").allowed


def test_ground_to_air_artillery_one_or_two_hexes_four_dice_no_los() -> None:
    # a friendly unit in a forest between them would block any line of sight
    p = pos(("art", "allies", "artillery", "E5"), ("a2", "allies", "infantry", "F5"),
            ("b1", "axis", "bomber", "G5"), terrain={"F5": ("forest",)})
    check = RULES.ground_to_air_check(p, "art", "b1")
    assert check.allowed and check.dice == 4
    far = pos(("art", "allies", "artillery", "E5"), ("b1", "axis", "bomber", "H5"))
    assert not RULES.ground_to_air_check(far, "art", "b1").allowed


def test_close_assault_card_adds_a_die_against_adjacent_air_unit() -> None:
    p = pos(("a1", "allies", "armor", "E5"), ("b1", "axis", "bomber", "F5"))
    assert RULES.ground_to_air_check(p, "a1", "b1", close_assault_card=True).dice == 4


def test_ground_to_air_landed_target_is_a_ground_battle_destroyed_by_grenade_or_flag() -> None:
    p = pos(("a1", "allies", "infantry", "E5"), ("b1", "axis", "bomber", "F5"),
            b1={"airborne": False})
    check = RULES.ground_to_air_check(p, "a1", "b1")
    assert check.landed_target and not check.allowed
    assert RULES.landed_destroyed(["flag"]) and RULES.landed_destroyed(["grenade"])
    assert not RULES.landed_destroyed(["infantry", "star"])
    with pytest.raises(AirRulesError, match="without a confirmation"):
        RULES.confirm(p, "b1", ["grenade"])


def test_ground_to_air_grenades_are_possible_hits_stars_never() -> None:
    assert RULES.possible_hits(["star", "star", "infantry"]) == 0
    assert not RULES.star_hits_air(attacker_star_hits=True)


# --- withdrawing, landing, resupply ---

def test_withdraw_forced_when_out_of_ammo() -> None:
    p = pos(("f1", "allies", "fighter", "E5"), f1={"ammo": {"machine_gun": 0, "bomb": 0}})
    assert RULES.must_withdraw(p.units["f1"])
    full = pos(("f1", "allies", "fighter", "E5"))
    assert not RULES.must_withdraw(full.units["f1"])


def test_withdraw_only_at_the_start_of_the_turn() -> None:
    assert RULES.withdraw_check(start_of_turn=True, command_card_played=False).allowed
    assert not RULES.withdraw_check(start_of_turn=True, command_card_played=True).allowed


def test_landed_air_unit_resupplied_at_start_of_next_turn() -> None:
    p = pos(("f1", "allies", "fighter_bomber", "E5"),
            f1={"ammo": {"machine_gun": 0, "bomb": 1}, "airborne": False})
    assert RULES.resupply(p.units["f1"], landed_at_turn_start=True) == {"machine_gun": 3, "bomb": 3}
    p.units["f1"].airborne = True
    assert RULES.resupply(p.units["f1"], landed_at_turn_start=False) == {"machine_gun": 0, "bomb": 1}


# --- command cards, nation rules, compatibility ---

def test_nation_rules_cannot_target_air_units() -> None:
    p = pos(("b1", "axis", "bomber", "F5"), ("x1", "axis", "infantry", "E5"))
    assert not RULES.nation_rules_may_target(p.units["b1"])
    assert RULES.nation_rules_may_target(p.units["x1"])


def test_command_card_changes_and_air_combat_draws() -> None:
    assert set(COMMAND_CARD_CHANGES) == {"Recon 1", "Close Assault", "Ambush",
                                         "Their Finest Hour", "Barrage"}
    assert AIR_COMBAT_DRAWS["Recon 1"] == (1, 0)
    assert AIR_COMBAT_DRAWS["Their Finest Hour"] == (1, 1)


def test_compatibility_rules_listed() -> None:
    assert {"night", "breakthrough", "on_the_move", "d_day", "overlord"} <= set(COMPATIBILITY)


def test_flying_air_unit_counts_as_adjacent_for_close_assault_rule() -> None:
    from companion.rules.battle import battle_check

    p = pos(("a1", "allies", "infantry", "E5"), ("b1", "axis", "bomber", "F5"),
            ("x1", "axis", "infantry", "e6"), ("x2", "axis", "infantry", "E7"))
    check = battle_check(p, "a1", "x2")
    assert not check.allowed and "b1" in (check.reason or "")


def test_ammo_is_tracked_state_spent_by_markers() -> None:
    p = _boom_position()
    check = RULES.run_check(p, "fb", RUN, path=PATH, deploying=True)
    RULES.spend_ammo(p.units["fb"], check)
    assert p.units["fb"].ammo == {"machine_gun": 1, "bomb": 2}
    again = RULES.run_check(p, "fb", RUN, path=PATH, deploying=True)
    assert not again.allowed and "ammo" in (again.reason or "")


def test_ground_units_cannot_pass_an_enemy_air_unit() -> None:
    from companion.rules.movement import move_destinations

    p = pos(("a1", "allies", "infantry", "E5"), ("b1", "axis", "bomber", "F5"),
            ("x1", "axis", "infantry", "e6"), ("x2", "axis", "infantry", "e4"))
    assert h("G5") not in move_destinations(p, "a1")
    friendly = pos(("a1", "allies", "infantry", "E5"), ("b1", "allies", "bomber", "F5"),
                   ("x1", "axis", "infantry", "e6"), ("x2", "axis", "infantry", "e4"))
    assert h("G5") in move_destinations(friendly, "a1")


def test_anti_tank_stars_do_not_hit_air_units() -> None:
    from companion.rules.battle import score_dice
    from companion.rules.units import UNITS

    hits, _ = score_dice(["star", "star"], UNITS["bomber"], None, UNITS["anti_tank"])
    assert hits == 0


def test_close_assault_card_ground_on_adjacent_air_only() -> None:
    p = pos(("a1", "allies", "infantry", "E5"), ("b1", "axis", "bomber", "F5"),
            ("x1", "axis", "infantry", "D5"))
    assert RULES.close_assault_card_allowed(p.units["a1"], p.units["b1"])
    assert not RULES.close_assault_card_allowed(p.units["b1"], p.units["a1"])


def test_ambush_by_ground_units_only() -> None:
    p = pos(("a1", "allies", "infantry", "E5"), ("b1", "axis", "bomber", "F5"),
            ("f1", "allies", "fighter", "C5"))
    assert RULES.ambush_allowed(p.units["a1"], p.units["b1"])
    assert not RULES.ambush_allowed(p.units["f1"], p.units["b1"])


def test_barrage_has_no_effect_on_flying_air_units() -> None:
    p = pos(("b1", "axis", "bomber", "F5"), ("x1", "axis", "infantry", "E5"))
    assert not RULES.barrage_may_target(p.units["b1"])
    assert RULES.barrage_may_target(p.units["x1"])


def test_their_finest_hour_orders_but_never_deploys() -> None:
    p = pos(("b1", "axis", "bomber", "F5"))
    assert RULES.their_finest_hour_may_order(p.units["b1"], on_board=True)
    assert not RULES.their_finest_hour_may_order(p.units["b1"], on_board=False)


# --- properties ---------------------------------------------------------------------------------

_ALL = list(BOARD.all_hexes)


@settings(max_examples=200, deadline=None)
@given(start=st.sampled_from(_ALL), steps=st.lists(st.integers(0, 5), min_size=0, max_size=6),
       blockers=st.sets(st.sampled_from(_ALL), max_size=6))
def test_any_allowed_flight_obeys_every_movement_rule(start: Hex, steps: list[int],
                                                      blockers: set[Hex]) -> None:
    p = Position(BOARD, air_rules="flight-plan")
    p.add_unit(Unit("f1", Side.ALLIES, "fighter", start, 1, airborne=True))
    for i, b in enumerate(sorted(blockers - {start})):
        kind, side = ("bomber", Side.AXIS) if i % 2 else ("infantry", Side.AXIS)
        p.add_unit(Unit(f"x{i}", side, kind, b, 1, airborne=kind == "bomber"))
    path: list[Hex] = []
    at = start
    for s in steps:
        nbrs = BOARD.neighbours(at)
        at = nbrs[s % len(nbrs)]
        path.append(at)
    check = RULES.check_flight(p, p.units["f1"], path)
    if check.allowed:
        assert 1 <= len(path) <= 4
        assert len({start, *path}) == len(path) + 1
        assert p.unit_at(path[-1]) is None
        assert all(not (u := p.unit_at(x)) or not u.spec.air for x in path)
    else:
        assert check.reason


@settings(max_examples=200, deadline=None)
@given(faces=st.lists(st.sampled_from(["infantry", "armor", "grenade", "star", "flag"]),
                      min_size=1, max_size=2),
       figures=st.integers(1, 4), ammo=st.sampled_from(["machine_gun", "bomb"]))
def test_a_marker_never_removes_more_figures_than_the_target_has(
        faces: list[str], figures: int, ammo: str) -> None:
    p = pos(("x1", "axis", "infantry", "E5"), ("fb", "allies", "fighter_bomber", "F5"))
    p.units["x1"].figures = figures
    check = RULES.run_check(p, "fb", [Marker(h("E5"), ammo)],
                            card="Fighter-Bomber Boom & Zoom")
    res = RULES.run_result(p, check, [faces[:check.dice[0]] + ["flag"] * (check.dice[0] - len(faces))])[0]
    assert 0 <= res.figures_removed <= figures
    assert res.eliminated == (res.figures_removed == figures)
    if res.eliminated:
        assert res.retreat == ()


# --- the battle engine's entry point for air targets -------------------------------------------

def test_air_target_check_flying_air_unit_uses_ground_to_air_rules() -> None:
    from companion.rules.air.targets import air_target_check, needs_confirmation

    p = pos(("a1", "allies", "infantry", "E5"), ("b1", "axis", "bomber", "G5"),
            ("x1", "axis", "infantry", "C5"))
    far = air_target_check(p, "a1", "b1")
    assert far is not None and not far.allowed  # infantry must be adjacent
    assert air_target_check(p, "a1", "x1") is None  # not an air target
    near = pos(("a1", "allies", "infantry", "E5"), ("b1", "axis", "bomber", "F5"),
               terrain={"F5": ("forest",)})
    check = air_target_check(near, "a1", "b1")
    assert check is not None and check.allowed and check.dice == 3  # no terrain protection
    assert check.hit_faces == frozenset({"grenade"}) and not check.flag_faces
    assert needs_confirmation(near, "b1")


def test_air_target_check_landed_air_unit_grenade_or_flag() -> None:
    from companion.rules.air.targets import air_target_check, needs_confirmation

    p = pos(("a1", "allies", "infantry", "E5"), ("b1", "axis", "bomber", "G5"),
            b1={"airborne": False})
    check = air_target_check(p, "a1", "b1")
    assert check is not None and check.allowed and check.dice == 2  # ordinary range
    assert check.hit_faces == frozenset({"grenade", "flag"})
    assert not needs_confirmation(p, "b1")


def test_ground_to_air_artillery_adjacent_to_an_enemy_must_close_assault() -> None:
    p = pos(("art", "allies", "artillery", "E5"), ("x1", "axis", "infantry", "D5"),
            ("b1", "axis", "bomber", "G5"))
    check = RULES.ground_to_air_check(p, "art", "b1")
    assert not check.allowed and "x1" in (check.reason or "")


def test_air_superiority_lookup_for_a_scenario() -> None:
    from companion.rules.air.aircraft import UnknownFrontError, air_superiority

    assert air_superiority("Western", 1944) == "allies"
    assert air_superiority("eastern", 1944) is None
    with pytest.raises(UnknownFrontError, match="allowed"):
        air_superiority("mediterranean", 1942)
    with pytest.raises(UnknownFrontError):
        air_superiority("western", 1950)
