"""The turn as data: phase order, what each phase allows, card-shaped turns."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.board import Side
from companion.rules.position import Position
from companion.rules.referee import position_from_json
from companion.rules.turn import (
    ALLOWED,
    Action,
    Phase,
    TurnError,
    armor_overrun,
    battle,
    battle_allowed,
    card_attack,
    draw_cards,
    draw_rule,
    end_battles,
    end_moves,
    move_unit,
    new_turn,
    order_units,
    play_card,
)


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def position() -> Position:
    return position_from_json({"units": [
        unit("i1", "allies", "infantry", "B1"), unit("i2", "allies", "infantry", "C1"),
        unit("t1", "allies", "armor", "D1"), unit("g1", "allies", "artillery", "G1"),
        unit("x1", "axis", "infantry", "G9"),
    ]})


def test_turn_sequence_play_order_move_battle_draw() -> None:
    pos = position()
    s = new_turn(Side.ALLIES)
    assert s.phase is Phase.PLAY_CARD and s.allowed == {Action.PLAY_CARD}
    s = play_card(s, "attack_left")
    assert s.phase is Phase.ORDER
    s = order_units(s, pos, ["i1", "t1"])
    assert s.phase is Phase.MOVE
    s = move_unit(s, pos, "i1", 1)
    s = end_moves(s, pos)
    assert s.phase is Phase.BATTLE
    s = battle(s, pos, "i1")
    s = end_battles(s, pos)
    assert s.phase is Phase.DRAW
    s = draw_cards(s)
    assert s.phase is Phase.OVER and s.allowed == frozenset()


def test_every_phase_lists_its_allowed_actions() -> None:
    assert set(ALLOWED) == set(Phase)
    assert Action.MOVE_UNIT not in ALLOWED[Phase.BATTLE]  # all moves come before battles


def test_actions_out_of_phase_are_refused_with_what_is_allowed() -> None:
    s = new_turn(Side.ALLIES)
    with pytest.raises(TurnError, match="allowed now: play_card"):
        battle(s, position(), "i1")


def test_only_ordered_units_move_and_each_moves_once() -> None:
    pos = position()
    s = order_units(play_card(new_turn(Side.ALLIES), "attack_left"), pos, ["i1"])
    with pytest.raises(TurnError, match="not ordered"):
        move_unit(s, pos, "i2", 1)
    s = move_unit(s, pos, "i1", 1)
    with pytest.raises(TurnError, match="moves once per turn"):
        move_unit(s, pos, "i1", 1)


def test_infantry_that_moved_2_may_not_battle() -> None:
    pos = position()
    s = order_units(play_card(new_turn(Side.ALLIES), "attack_left"), pos, ["i1"])
    s = end_moves(move_unit(s, pos, "i1", 2), pos)
    assert battle_allowed(s, pos, "i1") is not None
    with pytest.raises(TurnError, match="moved 2 hexes"):
        battle(s, pos, "i1")


def test_infantry_assault_moves_3_and_battles_after_2() -> None:
    pos = position()
    s = order_units(play_card(new_turn(Side.ALLIES), "infantry_assault"), pos, ["i1", "i2"])
    with pytest.raises(TurnError, match="at most 3"):
        move_unit(s, pos, "i2", 4)
    s = move_unit(move_unit(s, pos, "i1", 2), pos, "i2", 3)
    s = end_moves(s, pos)
    assert battle_allowed(s, pos, "i1") is None
    assert battle_allowed(s, pos, "i2") is not None


def test_a_unit_battles_once_but_artillery_bombard_battles_twice() -> None:
    pos = position()
    s = order_units(play_card(new_turn(Side.ALLIES), "artillery_bombard"), pos, ["g1"])
    s = end_moves(s, pos)
    s = battle(battle(s, pos, "g1"), pos, "g1")
    with pytest.raises(TurnError, match="already battled 2 times"):
        battle(s, pos, "g1")
    s2 = order_units(play_card(new_turn(Side.ALLIES), "attack_center"), pos, ["g1"])
    s2 = battle(end_moves(s2, pos), pos, "g1")
    with pytest.raises(TurnError, match="already battled once"):
        battle(s2, pos, "g1")


def test_artillery_bombard_move_forfeits_the_battle() -> None:
    pos = position()
    s = order_units(play_card(new_turn(Side.ALLIES), "artillery_bombard"), pos, ["g1"])
    s = end_moves(move_unit(s, pos, "g1", 3), pos)
    assert battle_allowed(s, pos, "g1") is not None


def test_armor_overrun_gives_one_more_battle_once_per_turn() -> None:
    pos = position()
    s = order_units(play_card(new_turn(Side.ALLIES), "attack_left"), pos, ["t1", "i1"])
    s = end_moves(s, pos)
    with pytest.raises(TurnError, match="has not battled"):
        armor_overrun(s, pos, "t1")
    s = battle(s, pos, "t1")
    with pytest.raises(TurnError, match="only armor"):
        armor_overrun(battle(s, pos, "i1"), pos, "i1")
    s = battle(armor_overrun(s, pos, "t1"), pos, "t1")
    with pytest.raises(TurnError, match="already made its overrun"):
        armor_overrun(s, pos, "t1")


def test_behind_enemy_lines_moves_again_after_battle() -> None:
    pos = position()
    s = order_units(play_card(new_turn(Side.ALLIES), "behind_enemy_lines"), pos, ["i1"])
    s = end_moves(move_unit(s, pos, "i1", 3), pos)
    assert battle_allowed(s, pos, "i1") is None
    s = end_battles(battle(s, pos, "i1"), pos)
    assert s.phase is Phase.MOVE_AFTER_BATTLE
    with pytest.raises(TurnError, match="at most 3"):
        move_unit(s, pos, "i1", 4)
    s = move_unit(s, pos, "i1", 3)
    with pytest.raises(TurnError, match="second move"):
        move_unit(s, pos, "i1", 1)
    assert end_moves(s, pos).phase is Phase.DRAW


def test_firefight_skips_movement() -> None:
    pos = position()
    s = order_units(play_card(new_turn(Side.ALLIES), "firefight"), pos, ["i1", "g1"])
    assert s.phase is Phase.BATTLE


def test_dig_in_goes_straight_to_the_draw() -> None:
    pos = position()
    s = order_units(play_card(new_turn(Side.ALLIES), "dig_in"), pos, ["i1", "i2"])
    assert s.phase is Phase.DRAW


def test_barrage_attacks_once_without_orders() -> None:
    s = play_card(new_turn(Side.ALLIES), "barrage")
    assert s.phase is Phase.BATTLE
    s = card_attack(s)
    with pytest.raises(TurnError, match="already made its attack"):
        card_attack(s)
    with pytest.raises(TurnError, match="does not attack by itself"):
        card_attack(order_units(play_card(new_turn(Side.ALLIES), "firefight"), position(), ["i1"]))


def test_ambush_and_counter_attack_are_not_played_as_such_on_your_turn() -> None:
    with pytest.raises(TurnError, match="opponent's turn"):
        play_card(new_turn(Side.ALLIES), "ambush")
    with pytest.raises(TurnError, match="Counter-Attack copies"):
        play_card(new_turn(Side.ALLIES), "counter_attack")
    with pytest.raises(TurnError, match="unknown card"):
        play_card(new_turn(Side.ALLIES), "nuke")


def test_recon_draw_rule_is_draw_two_keep_one() -> None:
    s = play_card(new_turn(Side.ALLIES), "recon_center")
    rule = draw_rule(s)
    assert (rule.draw, rule.keep) == (2, 1)


def test_a_unit_gets_one_order() -> None:
    with pytest.raises(TurnError, match="only one order"):
        order_units(play_card(new_turn(Side.ALLIES), "attack_left"), position(), ["i1", "i1"])
