"""Session gaps the rules engineers reported: the armored car's confirmation roll, the
Counter-Attack's copied card, Behind Enemy Lines' move, overrun restrictions, position odds."""

from __future__ import annotations

import pytest

from companion.game.prompter import unit_label
from companion.game.queries import destinations, modifiers_for
from companion.game.session import GameSession, IllegalAction
from companion.rules.board import Side
from companion.scenarios import TerrainPiece, UnitSetup
from tests.game.conftest import duel_scenario, play_turn


def test_hits_on_an_armored_car_ask_for_a_second_roll_that_confirms_the_kill() -> None:
    car = UnitSetup("xc", Side.AXIS, "armored_car", "g4")
    g = GameSession.new(duel_scenario(extra_units=[car]))
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    g.act({"do": "battle", "attacker": "a1", "target": "xc"})
    first_rid = g.prompt().dice.rid  # type: ignore[union-attr]
    events = g.act({"do": "dice", "faces": ["infantry", "star", "star"]})
    assert [e.kind for e in events] == ["dice_read", "confirm_due"]
    p = g.prompt()
    assert p.kind == "dice" and p.dice is not None and p.dice.count == events[1].data["dice"]
    assert p.dice.rid != first_rid and "confirm" in p.dice.purpose
    assert "xc" in g.state.position.units  # nothing removed before the confirmation
    events = g.act({"do": "dice", "faces": ["grenade"] * p.dice.count})
    resolved = next(e for e in events if e.kind == "battle_resolved")
    assert resolved.data["eliminated"] and resolved.data["faces"] == ["infantry", "star", "star"]
    assert "xc" not in g.state.position.units


def test_an_armored_car_survives_a_confirmation_without_a_grenade() -> None:
    car = UnitSetup("xc", Side.AXIS, "armored_car", "g4")
    g = GameSession.new(duel_scenario(extra_units=[car]))
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    g.act({"do": "battle", "attacker": "a1", "target": "xc"})
    g.act({"do": "dice", "faces": ["infantry", "star", "star"]})
    n = g.prompt().dice.count  # type: ignore[union-attr]
    g.act({"do": "dice", "faces": ["star"] * n})
    assert "xc" in g.state.position.units and g.prompt().kind == "battle"


def test_counter_attack_battles_with_the_copied_cards_effect() -> None:
    tank = UnitSetup("a3", Side.ALLIES, "armor", "g4")
    g = GameSession.new(duel_scenario(extra_units=[tank]))
    play_turn(g, "attack_center")
    play_turn(g, "armor_assault")
    g.act({"do": "play_card", "card": "counter_attack"})
    # the Axis played Armor Assault: the Allies' Counter-Attack orders armor with +1 die in close
    # assault (the copied card's effect, not a plain order)
    assert modifiers_for(g.state, "a3", "x1", False).extra_dice == 1


def test_behind_enemy_lines_moves_through_terrain_and_may_not_battle_after_entering_a_forest() -> None:
    forest = TerrainPiece("e4", "forest")
    g = GameSession.new(duel_scenario(terrain=[forest]))
    g.act({"do": "play_card", "card": "behind_enemy_lines"})
    g.act({"do": "order", "units": ["a1"]})
    dests = destinations(g.state, "a1")
    e4 = g.state.board.parse("e4")
    assert e4 in dests and dests[e4][1] is False
    assert any(h.row != e4.row for h in dests)  # it goes on past the forest rules' stop


def test_french_resistance_behind_enemy_lines_may_battle_after_entering_a_forest() -> None:
    # seed 004, French Resistance: "May always battle when they penetrate a new terrain type
    # (Woods, Villages, Hedgerows) where standard Infantry would stop and not battle"; Behind
    # Enemy Lines keeps the terrain's battle line, which they ignore. The game said no battle
    # (the referee's move ask said yes: found by tests/game/test_game_vs_referee.py)
    forest = TerrainPiece("e4", "forest")
    resistance = UnitSetup("a3", Side.ALLIES, "french_resistance", "E3")
    g = GameSession.new(duel_scenario(terrain=[forest], extra_units=[resistance]))
    g.act({"do": "play_card", "card": "behind_enemy_lines"})
    g.act({"do": "order", "units": ["a3"]})
    e4 = g.state.board.parse("e4")
    assert destinations(g.state, "a3")[e4][1] is True
    g.act({"do": "move", "unit": "a3", "to": "e4"})
    g.act({"do": "end_moves"})
    _, check = g.legal().battle_check("a3", "x1")
    assert check.allowed, check.reason


def test_artillery_bombard_battles_twice_and_no_more() -> None:
    gun = UnitSetup("a3", Side.ALLIES, "artillery", "F3")
    g = GameSession.new(duel_scenario(extra_units=[gun]))
    g.act({"do": "play_card", "card": "artillery_bombard"})
    g.act({"do": "order", "units": ["a3"]})
    g.act({"do": "end_moves"})
    for _ in range(2):
        g.act({"do": "battle", "attacker": "a3", "target": "x1"})
        g.act({"do": "dice", "faces": ["star"] * g.prompt().dice.count})  # type: ignore[union-attr]
        assert g.prompt().kind == "battle"
    with pytest.raises(IllegalAction, match="already battled this turn"):
        g.act({"do": "battle", "attacker": "a3", "target": "x1"})


def test_medics_return_figures_and_dig_in_places_sandbags_as_recorded_events() -> None:
    g = GameSession.new(duel_scenario(x1_figures=2))
    events = g.act({"do": "play_card", "card": "dig_in"})
    events = g.act({"do": "order", "units": ["a1"]})
    assert events[0].data["sandbags"] == ["f4"]
    assert "sandbags" in g.state.position.terrain_names(g.state.board.parse("f4"))
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "medics_and_mechanics"})
    p = g.prompt()
    # the card's roll is due first: 1 die per command card held (5 in this scenario)
    assert p.kind == "dice" and p.dice is not None and p.dice.count == 5 and "order" in p.actions
    with pytest.raises(IllegalAction, match="5 dice are due"):
        g.act({"do": "order", "units": ["x1"], "roll": ["infantry", "star", "flag"]})
    events = g.act({"do": "dice", "faces": ["infantry", "star", "flag", "flag", "armor"]})
    assert [e.kind for e in events] == ["dice_read", "order_rolled"]
    assert g.prompt().kind == "order"
    with pytest.raises(IllegalAction, match="the roll was"):
        g.act({"do": "order", "units": ["x1"], "roll": ["star"] * 5})
    events = g.act({"do": "order", "units": ["x1"]})
    assert events[0].data["medics"] == {"unit": "x1", "figures_returned": 2}
    assert events[0].data["units"] == ["x1"] and g.state.position.units["x1"].figures == 4


def test_behind_enemy_lines_moves_again_after_its_battle_once() -> None:
    g = GameSession.new(duel_scenario())
    g.act({"do": "play_card", "card": "behind_enemy_lines"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    assert "move" not in g.prompt().actions  # not before its battle
    g.act({"do": "battle", "attacker": "a1", "target": "x1"})
    g.act({"do": "dice", "faces": ["star", "star", "star", "star"]})
    assert "move" in g.prompt().actions
    with pytest.raises(IllegalAction, match="may reach"):
        g.act({"do": "move", "unit": "a1", "to": "A1"})
    events = g.act({"do": "move", "unit": "a1", "to": "E3"})
    assert events[0].data["after_battle"] and g.state.hex_name(g.state.position.units["a1"].hex) == "E3"
    assert "move" not in g.prompt().actions


def test_barrage_attacks_by_itself_with_four_dice_and_no_attacking_unit() -> None:
    g = GameSession.new(duel_scenario())
    g.act({"do": "play_card", "card": "barrage"})
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    p = g.prompt()
    assert "card_attack" in p.actions and "Barrage" in p.text
    for bad in ({"do": "card_attack"}, {"do": "card_attack", "targets": ["x1", "x2"]},
                {"do": "card_attack", "targets": ["a1"]}):
        with pytest.raises(IllegalAction):
            g.act(bad)
    events = g.act({"do": "card_attack", "targets": ["x1"]})
    assert events[0].data["card_attack"] and events[0].data["dice"] == 4
    p = g.prompt()
    assert p.kind == "dice" and p.dice is not None and (
        "Barrage attacks " + unit_label(g.state, "x1")) in p.dice.purpose
    assert p.dice.odds is not None and p.dice.odds["p_hit"] > 0
    events = g.act({"do": "dice", "faces": ["infantry", "grenade", "star", "armor"]})
    resolved = next(e for e in events if e.kind == "battle_resolved")
    assert resolved.data["figures_removed"] == 2 and not resolved.data["take_ground"]
    assert g.prompt().kind == "battle" and "card_attack" not in g.prompt().actions


def test_air_power_rolls_at_a_group_of_adjacent_enemy_units_one_after_another() -> None:
    third = UnitSetup("x3", Side.AXIS, "infantry", "H5")
    g = GameSession.new(duel_scenario(extra_units=[third]))
    g.act({"do": "play_card", "card": "air_power"})
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    with pytest.raises(IllegalAction):
        g.act({"do": "card_attack", "targets": ["x1", "x2"]})  # not next to each other
    g.act({"do": "card_attack", "targets": ["x1", "x3"]})
    assert g.prompt().dice.count == 2  # type: ignore[union-attr]  # Allies: 2 dice per hex
    g.act({"do": "dice", "faces": ["star", "star"]})
    p = g.prompt()
    assert "card_attack" in p.actions and unit_label(g.state, "x3") in p.text
    assert "end_turn" not in p.actions  # every target named is rolled at
    with pytest.raises(IllegalAction):
        g.act({"do": "end_turn"})
    g.act({"do": "card_attack"})
    events = g.act({"do": "dice", "faces": ["grenade", "grenade"]})
    assert g.state.position.units["x3"].figures == 2
    assert "card_attack" not in g.prompt().actions
    assert any(e.kind == "battle_resolved" for e in events)


def test_ambush_strikes_first_and_the_assault_goes_on_only_if_the_assaulter_stands() -> None:
    g = GameSession.new(duel_scenario())
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    g.act({"do": "battle", "attacker": "a1", "target": "x1"})
    p = g.prompt()
    assert "ambush" in p.actions and "may play Ambush" in p.text
    events = g.act({"do": "ambush"})
    assert events[0].kind == "ambush_played" and events[0].data["unit"] == "x1"
    p = g.prompt()
    assert p.kind == "dice" and p.side == "axis" and p.dice is not None
    assert p.dice.thrower == "axis" and "Ambush" in p.dice.purpose and "ambush" not in p.actions
    g.act({"do": "dice", "faces": ["star"] * p.dice.count})  # a miss: a1 stands
    p = g.prompt()
    assert p.kind == "dice" and p.side == "allies" and p.dice is not None
    assert p.dice.purpose == (
        f"{unit_label(g.state, 'a1')} battles {unit_label(g.state, 'x1')}")  # the assault goes on
    g.act({"do": "dice", "faces": ["star"] * p.dice.count})
    assert g.prompt().kind == "battle"


def test_an_ambush_that_forces_the_assaulter_back_cancels_the_assault() -> None:
    g = GameSession.new(duel_scenario())
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    g.act({"do": "battle", "attacker": "a1", "target": "x1"})
    g.act({"do": "ambush"})
    n = g.prompt().dice.count  # type: ignore[union-attr]
    g.act({"do": "dice", "faces": ["flag"] + ["star"] * (n - 1)})
    if g.prompt().kind == "retreat":
        g.act({"do": "retreat", "hex": g.prompt().choices[0].key})
    assert g.prompt().kind == "battle" and g.state.battle is None
    assert g.state.hex_name(g.state.position.units["a1"].hex) != "f4"


def test_the_dice_odds_count_figures_lost_to_a_blocked_retreat() -> None:
    from companion.rules import odds as odds_rules

    blockers = [UnitSetup("x3", Side.AXIS, "infantry", "f6"), UnitSetup("x4", Side.AXIS, "infantry", "g6")]
    g = GameSession.new(duel_scenario(extra_units=blockers, x1_figures=2))
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    g.act({"do": "battle", "attacker": "a1", "target": "x1"})
    odds = g.prompt().dice.odds  # type: ignore[union-attr]
    dice_only = odds_rules.battle_odds(3, frozenset({"infantry", "grenade"}), 2)
    assert odds is not None and odds["p_eliminate"] > float(dice_only.p_eliminate)


def test_a_unit_on_low_ground_does_not_retreat_up_onto_a_mountain_in_the_game() -> None:
    """Card 30 (Mountains): "Infantry may only ... retreat onto ... a mountain from ... an adjacent
    hill or mountain". x1 on G5 (countryside) has mountains on f6 and g6, both its retreat
    hexes: its flag costs a figure and it stays (audit case ter9-mountain-no-retreat-up-from-low)."""
    behind = [TerrainPiece("f6", "mountain"), TerrainPiece("g6", "mountain")]
    g = GameSession.new(duel_scenario(terrain=behind))
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    g.act({"do": "battle", "attacker": "a1", "target": "x1"})
    g.act({"do": "dice", "faces": ["flag", "star", "star"]})
    if g.prompt().kind == "retreat":
        g.act({"do": "retreat", "hex": g.prompt().choices[0].key})
    x1 = g.state.position.units["x1"]
    assert g.state.hex_name(x1.hex) == "G5"
    assert x1.figures == 3


def test_infantry_that_climbed_a_mountain_comes_down_only_onto_a_hill_in_the_game() -> None:
    """Card 30 (Mountains): "Infantry may only move up ... / move down ... a mountain from / to an
    adjacent hill or mountain" (audit cases ter12-mountain-down-mid-move-*): a1 on a hill on f4
    climbs the mountain on e4, and may not go on down to d4 (countryside) in the same move."""
    climb = [TerrainPiece("f4", "hill"), TerrainPiece("e4", "mountain")]
    g = GameSession.new(duel_scenario(terrain=climb))
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    with pytest.raises(IllegalAction):
        g.act({"do": "move", "unit": "a1", "to": "d4"})
    # a hill on d4: the way down is open
    g = GameSession.new(duel_scenario(terrain=[*climb, TerrainPiece("d4", "hill")]))
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "move", "unit": "a1", "to": "d4"})
    assert g.state.hex_name(g.state.position.units["a1"].hex) == "d4"


def test_armor_climbs_a_steep_hill_from_a_hill_for_one_hex_in_the_game() -> None:
    """Card 13 (Steep Hills): "Movement up onto steep hill is a 2 hex move", from below only
    (audit cases ter12-steep-hill-from-hill-*): a2 drives D3 -> d2 (hill) -> e2 (steep hill, 1 from
    the hill) -> f2, 3 hexes, though e2 is also met from E3 (countryside) at 3."""
    climb = [TerrainPiece("d2", "hill"), TerrainPiece("e2", "steep_hill"), TerrainPiece("F3", "steep_hill")]
    g = GameSession.new(duel_scenario(terrain=climb))
    g.act({"do": "play_card", "card": "attack_left"})
    g.act({"do": "order", "units": ["a2"]})
    g.act({"do": "move", "unit": "a2", "to": "f2"})
    assert g.state.hex_name(g.state.position.units["a2"].hex) == "f2"


def test_armor_crosses_a_railroad_on_a_road_without_stopping_in_the_game() -> None:
    """Card 38 (Railroads): "Road crossing a railroad plays as standard road" (audit case
    ter9-road-rail-crossing-plays-as-road): a2 drives D3 -> G3 along the road over the crossing."""
    road = [TerrainPiece(h, "road") for h in ("D3", "E3", "F3", "G3")]
    g = GameSession.new(duel_scenario(terrain=[*road, TerrainPiece("E3", "railway")]))
    g.act({"do": "play_card", "card": "attack_left"})
    g.act({"do": "order", "units": ["a2"]})
    g.act({"do": "move", "unit": "a2", "to": "G3"})
    assert g.state.hex_name(g.state.position.units["a2"].hex) == "G3"
    # the railway without the road stops it on E3
    g = GameSession.new(duel_scenario(terrain=[TerrainPiece("E3", "railway")]))
    g.act({"do": "play_card", "card": "attack_left"})
    g.act({"do": "order", "units": ["a2"]})
    with pytest.raises(IllegalAction):
        g.act({"do": "move", "unit": "a2", "to": "G3"})


def test_a_counter_attack_of_a_counter_attack_copies_the_card_the_first_one_became() -> None:
    # Counter-Attack: "When you play this card, it becomes a copy of the card your opponent
    # played on his or her last turn" (the card text; docs/rules-sources.md). The Axis' Attack
    # Right became the Allies' Attack Left; an Axis Counter-Attack of that copies Attack Left,
    # mirrored back to Attack Right. The game kept "counter_attack" as the Allies' last card and
    # then refused every order of the second Counter-Attack (found by the orders comparison in
    # tests/game/test_game_vs_referee.py)
    from companion.game.queries import card_spec_in_force, counters_for

    g = GameSession.new(duel_scenario())
    play_turn(g, "attack_center", ["a1"])  # allies
    play_turn(g, "attack_right", [])  # axis
    g.act({"do": "play_card", "card": "counter_attack"})  # allies: plays Attack Left
    assert counters_for(g.state) == "attack_right"
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "counter_attack"})  # axis: counters the Attack Left
    assert counters_for(g.state) == "attack_left"
    spec = card_spec_in_force(g.state)
    assert spec is not None and spec.id == "attack_right"
    # x1 on G5 is in the Axis' center, x2 on A9 on the Axis' right (the mirrored board)
    offered = {u.id for u in g.legal().orderable}
    assert offered == {"x2"}
    g.act({"do": "order", "units": ["x2"]})
    assert g.state.ordered == ["x2"]


def test_a_counter_attack_with_nothing_to_copy_orders_no_unit_and_the_turn_goes_on() -> None:
    # the opponent has played no command card yet: the Counter-Attack copies nothing and orders
    # nothing (bga-memoir CounterAttack.php: no copied card, straight to the draw). The game
    # refused every order, even none, and the turn could only be undone
    g = GameSession.new(duel_scenario())
    g.act({"do": "play_card", "card": "counter_attack"})
    legal = g.legal()
    assert legal.orderable == ()
    with pytest.raises(IllegalAction, match="played none it can copy"):
        g.act({"do": "order", "units": ["a1"]})
    assert g.state.ordered == [] and g.state.card == "counter_attack"
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    assert g.state.active is Side.AXIS
    # and the Axis' Counter-Attack of it copies nothing either
    g.act({"do": "play_card", "card": "counter_attack"})
    assert g.legal().orderable == ()
    g.act({"do": "order", "units": []})
