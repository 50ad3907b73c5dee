"""Command cards: the deck, each card's effect on orders, movement and battle dice."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from companion.rules.battle import battle_check
from companion.rules.board import Section, Side
from companion.rules.cards import (
    CARDS,
    DECK,
    CardError,
    CardKind,
    card,
    card_battle_restriction,
    card_modifiers,
    counter_attack,
    deck_list,
    dig_in_hexes,
    direct_attack_check,
    move_allowance,
    resolve_direct_attack,
)
from companion.rules.position import Position
from companion.rules.referee import position_from_json
from companion.rules.units import UNITS


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def position(*units: dict[str, Any], terrain: tuple[tuple[str, str], ...] = ()) -> Position:
    return position_from_json({"units": list(units),
                               "terrain": [{"hex": h, "type": t} for h, t in terrain]})


# --- the deck ------------------------------------------------------------------------------------
def test_deck_has_60_cards_40_section_and_20_tactic() -> None:
    ids = deck_list()
    assert len(ids) == 60
    kinds = Counter(CARDS[i].kind for i in ids)
    assert kinds[CardKind.SECTION] == 40 and kinds[CardKind.TACTIC] == 20


def test_deck_section_cards_favour_the_center_13_to_11() -> None:
    # 308 Strategy Guide: left 11, center 13, right 11 single-section cards
    per_section: Counter[Section] = Counter()
    for c in DECK:
        if c.kind is CardKind.SECTION and len(c.sections) == 1:
            (s,) = c.sections
            per_section[s] += c.count
    assert per_section == {Section.LEFT: 11, Section.CENTER: 13, Section.RIGHT: 11}
    assert card("probe_center").count == 5 and card("attack_center").count == 4
    assert card("recon_in_force").count == 3 and card("general_advance").count == 1


def test_every_card_has_a_summary_and_a_source() -> None:
    for c in DECK:
        assert c.summary and c.source, c.id
    assert len({c.id for c in DECK}) == len(DECK)


def test_new_flight_plan_removes_air_power_from_the_deck() -> None:
    ids = deck_list("flight-plan")
    assert len(ids) == 59 and "air_power" not in ids
    assert "air_power" in deck_list("air-pack")


def test_card_names_are_found_by_id_or_printed_name() -> None:
    assert card("Move Out!").id == "move_out"
    assert card("Medics & Mechanics").id == "medics_and_mechanics"
    assert card("Counter-Attack").id == "counter_attack"
    assert card("Attack Left").id == "attack_left"


def test_unknown_card_names_the_allowed_ones() -> None:
    with pytest.raises(CardError, match=r"unknown card 'attack_middle'.*attack_left"):
        card("attack_middle")


def test_recon_draws_two_keeps_one_and_finest_hour_reshuffles() -> None:
    assert (card("recon_left").draw.draw, card("recon_left").draw.keep) == (2, 1)
    assert card("their_finest_hour").draw.reshuffle
    assert card("ambush").draw.draw_first and card("ambush").reaction


# --- Counter-Attack ------------------------------------------------------------------------------
def test_counter_attack_mirrors_a_flank_section_card() -> None:
    assert counter_attack("attack_right").id == "attack_left"
    assert counter_attack("recon_left").id == "recon_right"
    assert counter_attack("probe_center").id == "probe_center"
    assert counter_attack("pincer_move").id == "pincer_move"


def test_counter_attack_plays_a_tactic_card_unchanged() -> None:
    assert counter_attack("armor_assault").id == "armor_assault"
    with pytest.raises(CardError):
        counter_attack("counter_attack")
    with pytest.raises(CardError, match="reaction"):
        counter_attack("ambush")


# --- movement effects ----------------------------------------------------------------------------
def test_infantry_assault_lets_infantry_move_2_and_battle_or_3_without() -> None:
    reach = move_allowance(card("infantry_assault"), UNITS["infantry"])
    assert (reach.move, reach.move_and_battle) == (3, 2)
    # armor ordered otherwise keeps its own reach
    assert move_allowance(card("infantry_assault"), UNITS["armor"]).move == 3


def test_behind_enemy_lines_moves_3_ignoring_terrain_battles_then_moves_3_again() -> None:
    reach = move_allowance(card("behind_enemy_lines"), UNITS["infantry"])
    assert (reach.move, reach.move_and_battle, reach.move_after_battle) == (3, 3, 3)
    assert reach.ignore_terrain_movement


def test_artillery_bombard_moves_3_or_battles_twice() -> None:
    reach = move_allowance(card("artillery_bombard"), UNITS["artillery"])
    assert (reach.move, reach.move_and_battle, reach.battles) == (3, 0, 2)


def test_firefight_and_close_assault_units_may_not_move() -> None:
    for name in ("firefight", "close_assault"):
        reach = move_allowance(card(name), UNITS["infantry"])
        assert reach.move == 0 and reach.may_battle


def test_dig_in_units_neither_move_nor_battle() -> None:
    reach = move_allowance(card("dig_in"), UNITS["infantry"])
    assert reach.move == 0 and reach.battles == 0 and not reach.may_battle


def test_move_out_and_section_cards_keep_normal_moves() -> None:
    for name in ("move_out", "attack_left", "direct_from_hq"):
        reach = move_allowance(card(name), UNITS["infantry"])
        assert (reach.move, reach.move_and_battle, reach.battles) == (2, 1, 1)
    assert move_allowance(None, UNITS["special_forces"]).move_and_battle == 2


def test_dig_in_places_sandbags_except_where_an_obstacle_stands_or_on_ocean() -> None:
    pos = position(unit("a1", "allies", "infantry", "C3"), unit("a2", "allies", "infantry", "E3"),
                   unit("a3", "allies", "infantry", "G3"), unit("a4", "allies", "infantry", "I3"),
                   unit("a5", "allies", "infantry", "K3"),
                   terrain=(("E3", "sandbags"), ("G3", "barbed_wire"), ("I3", "ocean"),
                            ("K3", "forest")))
    assert [pos.board.name(h) for h in dig_in_hexes(pos, ["a1", "a2", "a3", "a4", "a5"])] == ["C3", "K3"]


# --- battle dice ---------------------------------------------------------------------------------
def _close_and_far() -> Position:
    # a1 armor at F3 next to x1 (F4? -> f4 is odd row); x2 two hexes away
    return position(unit("a1", "allies", "armor", "F3"), unit("x1", "axis", "infantry", "f4"),
                    unit("x2", "axis", "infantry", "H3"), unit("a2", "allies", "infantry", "C3"),
                    unit("x3", "axis", "infantry", "c4"))


def test_armor_assault_adds_a_die_in_close_assault_only() -> None:
    pos = _close_and_far()
    close = card_modifiers("armor_assault", pos, "a1", "x1")
    far = card_modifiers("armor_assault", pos, "a1", "x2")
    assert close.extra_dice == 1 and far.extra_dice == 0
    assert battle_check(pos, "a1", "x1", close).dice == 4


def test_armor_assault_gives_infantry_no_extra_die() -> None:
    pos = _close_and_far()
    assert card_modifiers("armor_assault", pos, "a2", "x3").extra_dice == 0


def test_close_assault_adds_a_die_but_not_to_the_overrun_battle() -> None:
    pos = _close_and_far()
    assert card_modifiers("close_assault", pos, "a1", "x1").extra_dice == 1
    assert card_modifiers("close_assault", pos, "a1", "x1", overrun=True).extra_dice == 0


def test_close_assault_forbids_firing_at_a_distant_enemy() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), unit("x2", "axis", "infantry", "F5"))
    reason = card_battle_restriction("close_assault", pos, "a1", "x2")
    assert reason is not None and "adjacent" in reason


def test_firefight_adds_a_die_and_forbids_close_assault() -> None:
    pos = _close_and_far()
    assert card_modifiers("firefight", pos, "a1", "x2").extra_dice == 1
    assert card_battle_restriction("firefight", pos, "a1", "x2") is None
    assert card_battle_restriction("firefight", pos, "a1", "x1") is not None


def test_their_finest_hour_and_behind_enemy_lines_add_a_die() -> None:
    pos = _close_and_far()
    assert card_modifiers("their_finest_hour", pos, "a1", "x2").extra_dice == 1
    assert card_modifiers("behind_enemy_lines", pos, "a2", "x3").extra_dice == 1


def test_dig_in_units_may_not_battle() -> None:
    pos = _close_and_far()
    assert card_battle_restriction("dig_in", pos, "a2", "x3") is not None


def test_section_and_move_out_cards_leave_the_dice_alone() -> None:
    pos = _close_and_far()
    for name in ("attack_center", "move_out", "infantry_assault", "direct_from_hq"):
        mods = card_modifiers(name, pos, "a1", "x1")
        assert mods.extra_dice == 0 and mods.fixed_dice is None


def test_barrage_rolls_4_dice_ignoring_terrain_and_flags_may_not_be_ignored() -> None:
    # target in a town behind sandbags: Barrage ignores the protection and the flag cover
    pos = position(unit("x1", "axis", "infantry", "F5"), terrain=(("F5", "town"), ("F5", "sandbags")))
    check = direct_attack_check("barrage", pos, Side.ALLIES, "x1")
    assert check.allowed and check.dice == 4
    result = resolve_direct_attack("barrage", pos, Side.ALLIES, "x1",
                                   ["infantry", "flag", "star", "armor"])
    assert result.hits == 1 and result.flags == 1 and result.flags_ignored == 0
    assert result.retreat and not result.take_ground


def test_barrage_eliminating_a_unit_gives_the_medal_to_the_player() -> None:
    pos = position(unit("x1", "axis", "artillery", "F5", figures=1))
    result = resolve_direct_attack("barrage", pos, Side.ALLIES, "x1", ["grenade", "flag", "flag", "star"])
    assert result.eliminated and result.medals[Side.ALLIES] == 1


def test_air_power_rolls_2_dice_per_hex_for_allies_1_for_axis_and_stars_hit() -> None:
    pos = position(unit("x1", "axis", "armor", "F5"), unit("a1", "allies", "armor", "B5"))
    assert direct_attack_check("air_power", pos, Side.ALLIES, "x1").dice == 2
    assert direct_attack_check("air_power", pos, Side.AXIS, "a1").dice == 1
    result = resolve_direct_attack("air_power", pos, Side.ALLIES, "x1", ["star", "armor"])
    assert result.hits == 2


def test_a_card_attack_on_a_friendly_unit_is_refused() -> None:
    pos = position(unit("a1", "allies", "armor", "B5"))
    check = direct_attack_check("barrage", pos, Side.ALLIES, "a1")
    assert not check.allowed and check.dice == 0


def test_resolve_direct_attack_rejects_the_wrong_number_of_dice() -> None:
    pos = position(unit("x1", "axis", "infantry", "F5"))
    with pytest.raises(CardError, match="3 dice given where 4"):
        resolve_direct_attack("barrage", pos, Side.ALLIES, "x1", ["star"] * 3)


def test_ambush_defender_battles_in_close_assault_only_and_takes_no_ground() -> None:
    pos = _close_and_far()
    mods = card_modifiers("ambush", pos, "x1", "a1")
    assert mods.take_ground_allowed is False
    assert card_battle_restriction("ambush", pos, "x1", "a1") is None
    assert card_battle_restriction("ambush", pos, "x2", "a1") is not None  # not adjacent


def test_ambush_is_never_played_by_or_against_an_airplane() -> None:
    pos = position_from_json({"rules": {"air": "air-pack"}, "units": [
        unit("p1", "allies", "airplane", "F3", airborne=False, model="spitfire"),
        unit("x1", "axis", "infantry", "f4")]})
    reason = card_battle_restriction("ambush", pos, "x1", "p1")
    assert reason is not None and "airplane" in reason


def test_cards_command_lists_the_deck_and_explains_a_card(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    assert main(["cards"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("60 command cards") and "5 x Probe Center" in out
    assert main(["cards", "--air", "flight-plan"]) == 0
    assert "Air Power" not in capsys.readouterr().out
    assert main(["cards", "Behind Enemy Lines"]) == 0
    assert "then move 3 again" in capsys.readouterr().out
    assert main(["cards", "nuke"]) == 2
    assert "unknown card 'nuke'" in capsys.readouterr().err


def test_flight_plan_ambush_may_hit_an_attacking_air_unit_but_air_units_may_not_ambush() -> None:
    pos = position_from_json({"rules": {"air": "flight-plan"}, "units": [
        unit("f1", "allies", "fighter", "F3", airborne=True),
        unit("x1", "axis", "infantry", "f4")]})
    assert card_battle_restriction("ambush", pos, "x1", "f1") is None
    reason = card_battle_restriction("ambush", pos, "f1", "x1")
    assert reason is not None and "air unit may not" in reason


def test_flight_plan_recon_and_finest_hour_draw_air_combat_cards() -> None:
    assert card("recon_center").draw.air_combat_cards == 1
    hour = card("their_finest_hour")
    assert hour.draw.air_combat_cards == 1 and hour.draw.air_combat_both_sides
    assert "flight-plan" in hour.air_rule_notes and "flight-plan" in card("barrage").air_rule_notes


def test_counter_attack_battles_with_the_copied_card_effect() -> None:
    pos = _close_and_far()
    assert card_modifiers("counter_attack", pos, "a1", "x1", counters="armor_assault").extra_dice == 1
    unknown = card_modifiers("counter_attack", pos, "a1", "x1")
    assert unknown.extra_dice == 0 and "not known" in unknown.explain[0]
    assert card_battle_restriction("counter_attack", pos, "a2", "x1", counters="close_assault")
