"""The scenario's own rules played by the game (companion.game.ruleflows): each driven through a
session as players would, from the prompt to the state it leaves.

Night visibility rolled at the start of the night side's turns, the Soviet Commissar's chip
card, the desert move after taking ground, minefield and frozen river entry rolls, big guns'
cross-hairs, HQ capture, healing on a hospital, sealing a cave, and Blitz's Recon 1 played as
Air Power. Rule sources: docs/rules-sources.md.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession, IllegalAction
from companion.game.state import GameLog, Phase
from companion.rules.board import Side
from companion.scenarios import Scenario, ScenarioText, SideSetup, TerrainPiece, UnitSetup
from companion.scenarios.check import problems
from tests.game.conftest import declare_battle


def scenario(units: list[UnitSetup], terrain: list[TerrainPiece] | None = None,
             variants: dict[str, str] | None = None, cards: int = 5,
             starts: Side = Side.ALLIES) -> Scenario:
    return Scenario(
        id="rules", text={"en": ScenarioText("Rules")}, units=units, terrain=list(terrain or []),
        sides={Side.ALLIES: SideSetup(cards=cards, medals_to_win=4),
               Side.AXIS: SideSetup(cards=cards, medals_to_win=4)},
        variants=dict(variants or {}), starts=starts,
    )


def _u(uid: str, side: Side, kind: str, hexname: str, **kw: Any) -> UnitSetup:
    return UnitSetup(uid, side, kind, hexname, **kw)


A, X = Side.ALLIES, Side.AXIS


def _not_played(s: Scenario) -> list[str]:
    return [str(p) for p in problems(s) if "not played" in p.message]


def _finish_turn(g: GameSession) -> None:
    if g.state.phase is Phase.MOVE:
        g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})


def _auto_game(s: Scenario, seed: int, max_turns: int = 60) -> GameSession:
    """An auto-played game: every action the auto player takes is legal; after ``max_turns``
    the players agree to end it (as the real-scenario benchmark does)."""
    g = GameSession.new(s, deck_seed=seed)
    player = AutoPlayer(seed)
    while not g.over and g.state.turn <= max_turns:
        g.act(player.next_action(g))
    g.end_by_agreement("turn limit")
    return g


# --- night visibility --------------------------------------------------------------------------
def _night() -> Scenario:
    return scenario([_u("a1", A, "infantry", "f4"), _u("x1", X, "infantry", "F7"),
                     _u("x2", X, "infantry", "A9")], variants={"night_visibility": "allies"})


def test_night_the_night_side_rolls_at_the_start_of_its_turn_and_sees_no_further() -> None:
    g = GameSession.new(_night())
    st = g.state
    assert st.phase is Phase.RULE_DICE and st.position.visibility == 1
    p = g.prompt()
    assert p.kind == "dice" and p.side == "allies" and p.dice is not None and p.dice.count == 4
    assert "night visibility" in p.text
    roll = g.legal().roll
    assert roll is not None and roll.step == "rule" and roll.rid == g.dice_request().request_id  # type: ignore[union-attr]
    g.act({"do": "dice", "faces": ["flag", "flag", "infantry", "armor"]})  # no star: still dark
    assert g.state.phase is Phase.PLAY_CARD and g.state.position.visibility == 1
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    assert g.legal().targets("a1") == ()  # x1 is 3 hexes away: unseen at night
    assert any("Night" in d for d in g.prompt().detail)
    g.act({"do": "end_turn"})
    assert g.state.phase is Phase.PLAY_CARD  # the Axis do not roll: the Allies are the night side
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    assert g.state.phase is Phase.RULE_DICE  # the Allies' next turn: a new roll
    g.act({"do": "dice", "faces": ["star", "star", "flag", "grenade"]})
    assert g.state.position.visibility == 3
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    assert [t.target for t in g.legal().targets("a1")] == ["x1"]


def test_night_full_daylight_ends_the_rolls_and_the_limit() -> None:
    g = GameSession.new(_night())
    g.act({"do": "dice", "faces": ["star"] * 4})
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": []})
    _finish_turn(g)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": []})
    _finish_turn(g)
    assert g.state.position.visibility == 5
    g.act({"do": "dice", "faces": ["star", "flag", "flag", "flag"]})
    assert g.state.position.visibility is None  # full daylight
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": []})
    _finish_turn(g)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": []})
    _finish_turn(g)
    assert g.state.phase is Phase.PLAY_CARD  # no more night rolls


def test_night_resumed_from_the_log_and_no_longer_named_not_played() -> None:
    g = GameSession.new(_night())
    g.act({"do": "dice", "faces": ["star", "flag", "flag", "flag"]})
    again = GameSession(GameLog.replay(g.events), "again")
    assert again.state.position.visibility == 2 and again.state.phase is Phase.PLAY_CARD
    assert not [p for p in _not_played(_night()) if "Night" in p]


# --- the Soviet Political Commissar -------------------------------------------------------------
def _commissar() -> Scenario:
    return scenario([_u("a1", A, "infantry", "f4"), _u("a2", A, "infantry", "D3"),
                     _u("x1", X, "infantry", "F7"), _u("x2", X, "infantry", "A9")],
                    variants={"russian_commissar": "allies"})


def test_commissar_the_card_under_the_chip_is_played_a_turn_later() -> None:
    g = GameSession.new(_commissar(), deck_seed=3)
    st = g.state
    hand = list(st.hands[A])
    assert "commissar_card" in g.legal().actions
    assert "Political Commissar chip" in g.prompt().text
    plain = next(c for c in hand if c not in ("recon_left", "recon_center", "recon_right"))
    with pytest.raises(IllegalAction, match="Commissar chip"):
        g.act({"do": "play_card", "card": plain})
    g.act({"do": "commissar_card", "card": plain})
    assert g.state.rules_state is not None and g.state.rules_state.chip == {"allies": plain}
    assert g.legal().cards[:1] == (plain,)
    other = next(c for c in hand if c != plain and c not in ("recon_left", "recon_center",
                                                              "recon_right", "ambush"))
    with pytest.raises(IllegalAction, match="must first be placed"):
        g.act({"do": "play_card", "card": other})
    g.act({"do": "play_card", "card": plain})
    assert g.state.rules_state.chip == {}
    g.act({"do": "order", "units": []})
    assert "commissar_card" in g.legal().actions  # the next card goes under the chip this turn
    g.act({"do": "commissar_card", "card": other})
    _finish_turn(g)
    assert g.state.rules_state.chip == {"allies": other}
    assert len(g.state.hands[A]) == 5  # four in hand and one under the chip
    # the Axis play as usual
    axis_card = g.state.hands[X][0]
    assert "commissar_card" not in g.legal().actions
    g.act({"do": "play_card", "card": axis_card})


def test_a_card_put_under_the_chip_by_a_wrong_tap_is_taken_back_before_any_card_is_played() -> None:
    g = GameSession.new(_commissar(), deck_seed=3)
    hand = list(g.state.hands[A])
    plain = [c for c in hand if c not in ("recon_left", "recon_center", "recon_right", "ambush")]
    g.act({"do": "commissar_card", "card": plain[0]})
    assert "undo" in g.legal().actions and g.state.rules_state is not None
    g.act({"do": "undo"})
    assert g.state.rules_state.chip == {} and "commissar_card" in g.legal().actions
    assert sorted(g.state.hands[A]) == sorted(hand)
    g.act({"do": "commissar_card", "card": plain[1]})
    assert g.state.rules_state.chip == {"allies": plain[1]}


def test_a_counter_attack_of_an_ambush_played_from_the_chip_orders_nothing() -> None:
    # with the players' own cards an Ambush may go under the chip and come out as the turn's
    # card (it orders nothing); "an Ambush cannot be counter-attacked" (the cards compendium's
    # FAQ, docs/rules-sources.md), so the Axis' Counter-Attack of it copies nothing. The game
    # refused every order of it (found by the orders comparison, random editor file 103)
    g = GameSession.new(_commissar())
    g.act({"do": "commissar_card", "card": "probe_center"})
    g.act({"do": "play_card", "card": "probe_center"})
    g.act({"do": "order", "units": []})
    g.act({"do": "commissar_card", "card": "ambush"})
    _finish_turn(g)
    g.act({"do": "play_card", "card": "attack_left"})
    g.act({"do": "order", "units": []})
    _finish_turn(g)
    g.act({"do": "play_card", "card": "ambush"})
    g.act({"do": "order", "units": []})
    g.act({"do": "commissar_card", "card": "probe_left"})
    _finish_turn(g)
    g.act({"do": "play_card", "card": "counter_attack"})
    assert g.legal().orderable == ()
    with pytest.raises(IllegalAction, match="played none it can copy"):
        g.act({"do": "order", "units": ["x1"]})
    g.act({"do": "order", "units": []})
    assert g.state.phase is Phase.MOVE


def test_commissar_auto_played_game_reaches_a_result() -> None:
    g = _auto_game(_commissar(), seed=5)
    assert g.over
    placed = [e for e in g.events if e.kind == "commissar_card_placed"]
    from_chip = [e for e in g.events if e.kind == "card_played" and e.data.get("side") == "allies"
                 and not e.data.get("from_chip")]
    assert placed and all(e.data["card"].startswith("recon") or e.data["card"] == "ambush"
                          for e in from_chip)
    assert not [p for p in _not_played(_commissar()) if "Commissar" in p]


# --- North African desert rules ---------------------------------------------------------------
def _desert(on: bool = True) -> Scenario:
    return scenario([_u("a1", A, "armor", "f4"), _u("x1", X, "infantry", "G5", figures=1),
                     _u("x2", X, "infantry", "A9"), _u("x3", X, "infantry", "G9")],
                    variants={"north_african_desert": ""} if on else {})


def _take_ground(g: GameSession) -> None:
    declare_battle(g, "a1", "x1")
    g.act({"do": "dice", "faces": ["infantry", "flag", "flag"]})
    assert "x1" not in g.state.position.units
    g.act({"do": "take_ground", "advance": True})


def test_desert_armor_that_took_ground_moves_one_more_hex_then_overruns() -> None:
    g = GameSession.new(_desert())
    _take_ground(g)
    legal = g.legal()
    assert "desert_move" in legal.actions
    moves = [c["to"] for c in legal.candidates() if c["do"] == "desert_move"]
    assert moves and all(m != "G5" for m in moves)
    assert any("Desert rules" in d for d in g.prompt().detail)
    with pytest.raises(IllegalAction, match="1 more hex"):
        g.act({"do": "desert_move", "unit": "a1", "to": "A9"})
    g.act({"do": "desert_move", "unit": "a1", "to": moves[0]})
    assert g.state.hex_name(g.state.position.units["a1"].hex) == moves[0]
    assert "desert_move" not in g.legal().actions  # one extra hex only
    assert g.state.may_overrun == "a1"  # the overrun battle is still due


def test_desert_move_is_not_offered_to_cavalry_that_overruns() -> None:
    """North African Desert rules (Terrain Pack p.3): the extra hex after taking ground is an armor
    unit's. Cavalry takes ground and may battle again "like an armor overrun" (troop card 8), but
    it is infantry: the overrun stays, no desert move (bga-memoir actTakeGround: ARMOR only)."""
    g = GameSession.new(scenario([_u("a1", A, "cavalry", "f4"), _u("x1", X, "infantry", "G5", figures=1),
                                  _u("x2", X, "infantry", "A9"), _u("x3", X, "infantry", "G9")],
                                 variants={"north_african_desert": ""}))
    declare_battle(g, "a1", "x1")
    g.act({"do": "dice", "faces": ["infantry", "flag"]})
    assert "x1" not in g.state.position.units
    g.act({"do": "take_ground", "advance": True})
    assert g.state.may_overrun == "a1"  # the cavalry's own battle again
    assert "desert_move" not in g.legal().actions
    with pytest.raises(IllegalAction, match="desert_move"):
        g.act({"do": "desert_move", "unit": "a1", "to": "G7"})


def test_desert_move_is_offered_only_under_the_desert_rules() -> None:
    g = GameSession.new(_desert(on=False))
    _take_ground(g)
    assert "desert_move" not in g.legal().actions
    with pytest.raises(IllegalAction):
        g.act({"do": "desert_move", "unit": "a1", "to": "G7"})
    assert not [p for p in _not_played(_desert()) if "Desert" in p]


# --- minefields and frozen rivers ------------------------------------------------------------
def test_minefield_entering_rolls_its_number_hits_as_in_battle() -> None:
    s = scenario([_u("a1", A, "infantry", "f4"), _u("x1", X, "infantry", "A9"),
                  _u("x2", X, "infantry", "G9")],
                 terrain=[TerrainPiece("G5", "minefield", owner=X, value=2)])
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "move", "unit": "a1", "to": "G5"})
    st = g.state
    assert st.phase is Phase.RULE_DICE
    p = g.prompt()
    assert p.kind == "dice" and p.dice is not None and p.dice.count == 2 and "minefield" in p.text
    assert "undo" in p.actions  # the move may still be taken back before the dice
    g.act({"do": "dice", "faces": ["infantry", "star"]})
    assert g.state.position.units["a1"].figures == 3 and g.state.phase is Phase.MOVE
    ev = [e for e in g.events if e.kind == "entry_rolled"][-1]
    assert ev.data["hits"] == 1 and ev.data["figures_removed"] == 1


def test_minefield_spares_its_owner_and_a_decoy_is_removed() -> None:
    s = scenario([_u("a1", A, "infantry", "f4"), _u("x1", X, "infantry", "F7"),
                  _u("x2", X, "infantry", "A9")],
                 terrain=[TerrainPiece("G5", "minefield", owner=A, value=3),
                          TerrainPiece("F5", "minefield", owner=X, value=0)])
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "move", "unit": "a1", "to": "G5"})
    assert g.state.phase is Phase.MOVE  # the Allies' own mines
    g.act({"do": "undo"})
    g.act({"do": "move", "unit": "a1", "to": "F5"})
    assert g.state.phase is Phase.MOVE
    assert "minefield" not in g.state.position.terrain_names(g.state.board.parse("F5"))


def test_frozen_river_a_retreat_onto_it_rolls_two_dice_a_star_a_figure() -> None:
    s = scenario([_u("a1", A, "infantry", "f4"), _u("x1", X, "infantry", "G5"),
                  _u("x2", X, "infantry", "A9")],
                 terrain=[TerrainPiece("f6", "frozen_river"), TerrainPiece("g6", "frozen_river")])
    g = GameSession.new(s)
    declare_battle(g, "a1", "x1")
    g.act({"do": "dice", "faces": ["flag", "armor", "armor"]})
    if g.state.phase is Phase.RETREAT:
        g.act({"do": "retreat", "hex": "g6"})
    st = g.state
    assert st.phase is Phase.RULE_DICE and g.prompt().side == "axis"  # the retreating unit's owner
    g.act({"do": "dice", "faces": ["star", "star"]})
    assert g.state.position.units["x1"].figures == 2
    assert g.state.phase in (Phase.TAKE_GROUND, Phase.BATTLE)


# --- big guns and destroyers -----------------------------------------------------------------
def test_big_gun_hit_places_a_cross_hair_and_the_next_battle_rolls_one_more() -> None:
    s = scenario([_u("a1", A, "big_gun", "f4"), _u("x1", X, "infantry", "F7"),
                  _u("x2", X, "infantry", "A9")])
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    before = {t.target: t.dice for t in g.legal().targets("a1")}["x1"]
    g.act({"do": "battle", "attacker": "a1", "target": "x1"})
    g.act({"do": "dice", "faces": ["infantry"] + ["armor"] * (before - 1)})
    assert g.state.position.cross_hairs == {"x1": 1}
    assert [e.kind for e in g.events].count("cross_hair_placed") == 1
    _finish_turn(g)
    g.act({"do": "play_card", "card": "attack_right"})
    g.act({"do": "order", "units": []})
    _finish_turn(g)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    assert {t.target: t.dice for t in g.legal().targets("a1")}["x1"] == before + 1
    assert not [p for p in _not_played(s) if "cross-hair" in p]


def test_a_miss_places_no_cross_hair() -> None:
    s = scenario([_u("a1", A, "big_gun", "f4"), _u("x1", X, "infantry", "F7"),
                  _u("x2", X, "infantry", "A9")])
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    n = g.legal().targets("a1")[0].dice
    g.act({"do": "battle", "attacker": "a1", "target": "x1"})
    g.act({"do": "dice", "faces": ["armor"] * n})
    assert g.state.position.cross_hairs == {}


# --- HQ capture --------------------------------------------------------------------------------
def test_hq_taken_by_the_enemy_costs_a_card_until_taken_back() -> None:
    s = scenario([_u("a1", A, "infantry", "f4"), _u("x1", X, "infantry", "A9"),
                  _u("x2", X, "infantry", "G9")],
                 terrain=[TerrainPiece("G5", "headquarters", owner=X)])
    g = GameSession.new(s, deck_seed=11)
    assert len(g.state.hands[X]) == 5
    card = next(c for c in g.state.hands[A] if c in ("attack_center", "probe_center",
                                                      "assault_center", "recon_center",
                                                      "general_advance", "infantry_assault"))
    g.act({"do": "play_card", "card": card})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "move", "unit": "a1", "to": "G5"})
    captured = [e for e in g.events if e.kind == "hq_captured"]
    assert captured and captured[0].data["side"] == "axis" and captured[0].data["hand"] == 4
    assert len(g.state.hands[X]) == 4
    assert not [p for p in _not_played(s) if "HQ" in p]


def test_hq_taken_costs_a_card_of_the_virtual_hand_at_random() -> None:
    # bga-memoir Terrains/HQ.php onUnitEntering: an enemy taking the HQ "remove[s] one random
    # card" of its side's hand; the game draws it from its seed, not the hand's last card
    lasts = []
    for seed in range(11, 23):
        s = scenario([_u("a1", A, "infantry", "f4"), _u("x1", X, "infantry", "A9"),
                      _u("x2", X, "infantry", "G9")],
                     terrain=[TerrainPiece("G5", "headquarters", owner=X)])
        g = GameSession.new(s, deck_seed=seed)
        hand = list(g.state.hands[X])
        card = next((c for c in g.state.hands[A] if c in (
            "attack_center", "probe_center", "assault_center", "recon_center",
            "general_advance")), None)
        if card is None:
            continue
        g.act({"do": "play_card", "card": card})
        g.act({"do": "order", "units": ["a1"]})
        g.act({"do": "move", "unit": "a1", "to": "G5"})
        ev = next(e for e in g.events if e.kind == "hq_captured")
        lost = ev.data["discarded"]
        assert lost in hand and sorted(g.state.hands[X]) == sorted(
            [*hand[:hand.index(lost)], *hand[hand.index(lost) + 1:]])
        assert g.state.discard[-1] == lost
        lasts.append(lost == hand[-1])
    assert len(lasts) >= 4 and not all(lasts)  # not always the last card of the hand


# --- healing and caves ---------------------------------------------------------------------
def test_hospital_a_wounded_unit_heals_instead_of_battling() -> None:
    s = scenario([_u("a1", A, "infantry", "f4", figures=2), _u("x1", X, "infantry", "A9"),
                  _u("x2", X, "infantry", "G9")],
                 terrain=[TerrainPiece("f4", "hospital")])
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    assert "heal" in g.legal().actions
    assert any("heal" in d for d in g.prompt().detail)
    g.act({"do": "heal", "unit": "a1"})
    p = g.prompt()
    assert p.kind == "dice" and p.dice is not None and p.dice.count == 6
    g.act({"do": "dice", "faces": ["star", "infantry", "infantry", "flag", "flag", "grenade"]})
    assert g.state.position.units["a1"].figures == 4  # 3 back, never above full strength
    assert "heal" not in g.legal().actions and not g.legal().attackers
    assert not [p for p in _not_played(s) if "healing" in p]


def test_cave_allied_infantry_seals_it_with_a_star() -> None:
    s = scenario([_u("a1", A, "infantry", "f4"), _u("x1", X, "infantry", "A9"),
                  _u("x2", X, "infantry", "G9")],
                 terrain=[TerrainPiece("f4", "cave")])
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    g.act({"do": "seal_cave", "unit": "a1"})
    assert g.prompt().dice is not None and g.prompt().dice.count == 3  # type: ignore[union-attr]
    g.act({"do": "dice", "faces": ["flag", "star", "armor"]})
    names = g.state.position.terrain_names(g.state.board.parse("f4"))
    assert "cave" not in names and "hill" in names
    assert not [p for p in _not_played(s) if "sealing" in p]


# --- Blitz: Recon 1 as Air Power -------------------------------------------------------------
def test_blitz_the_axis_play_a_recon_1_card_as_air_power() -> None:
    s = scenario([_u("a1", A, "infantry", "f4"), _u("a2", A, "infantry", "e4"),
                  _u("x1", X, "infantry", "A9")], variants={"blitz": ""}, starts=X)
    g = GameSession.new(s)
    with pytest.raises(IllegalAction, match="as_card"):
        GameSession.new(scenario(s.units)).act({"do": "play_card", "card": "recon_center",
                                                "as_card": "air_power"})
    g.act({"do": "play_card", "card": "recon_center", "as_card": "air_power"})
    assert g.state.card == "air_power"
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    assert "card_attack" in g.legal().actions
    g.act({"do": "card_attack", "targets": ["a1", "a2"]})
    assert g.prompt().kind == "dice"
    assert not [p for p in _not_played(s) if "Recon" in p]


def test_blitz_the_allies_may_not() -> None:
    s = scenario([_u("a1", A, "infantry", "f4"), _u("x1", X, "infantry", "A9")],
                 variants={"blitz": ""})
    g = GameSession.new(s)
    with pytest.raises(IllegalAction, match="may not be played as"):
        g.act({"do": "play_card", "card": "recon_center", "as_card": "air_power"})


@pytest.mark.parametrize("seed", [1, 2])
def test_auto_played_games_with_every_hook_reach_a_result(seed: int) -> None:
    s = scenario([_u("a1", A, "armor", "f4"), _u("a2", A, "infantry", "D3", figures=2),
                  _u("a3", A, "big_gun", "C1"), _u("x1", X, "infantry", "G5"),
                  _u("x2", X, "infantry", "A9"), _u("x3", X, "armor", "G9")],
                 terrain=[TerrainPiece("F7", "minefield", owner=X, value=1),
                          TerrainPiece("E5", "frozen_river"), TerrainPiece("D3", "hospital"),
                          TerrainPiece("I5", "headquarters", owner=X)],
                 variants={"night_visibility": "allies", "north_african_desert": "",
                           "blitz": ""})
    g = _auto_game(s, seed)
    assert g.over
    kinds = {e.kind for e in g.events}
    assert {"night_rolled", "rule_roll_due"} <= kinds


# --- a scenario's deck: Air Power played as Artillery Bombard --------------------------------
def test_deck_air_power_is_played_as_artillery_bombard_and_is_the_card_discarded() -> None:
    s = scenario([_u("a1", A, "artillery", "f4"), _u("x1", X, "infantry", "F7"),
                  _u("x2", X, "infantry", "A9")],
                 variants={"air_power_as_artillery_bombard": ""})
    seed = next(n for n in range(1, 500)
                if "air_power" in GameSession.new(s, deck_seed=n).state.hands[A])
    g = GameSession.new(s, deck_seed=seed)
    assert any("played as Artillery Bombard" in d for d in g.prompt().detail)
    g.act({"do": "play_card", "card": "air_power"})
    assert g.state.card == "artillery_bombard"
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    assert "card_attack" not in g.legal().actions  # no Air Power attack: the artillery fires
    g.act({"do": "end_turn"})
    assert g.state.discard[-1] == "air_power" and "air_power" not in g.state.hands[A]
    assert not [p for p in _not_played(s) if "Artillery Bombard" in p]


def test_night_in_reverse_day_fades_each_star_one_step_down_to_close_assault() -> None:
    s = scenario([_u("a1", A, "infantry", "f4"), _u("x1", X, "infantry", "F7"),
                  _u("x2", X, "infantry", "A9")],
                 variants={"night_visibility_reverse": "axis"}, starts=X)
    g = GameSession.new(s)
    assert g.state.position.visibility == 6 and g.state.phase is Phase.RULE_DICE
    assert "closer" in g.prompt().text and g.prompt().side == "axis"
    g.act({"do": "dice", "faces": ["star", "star", "star", "flag"]})
    assert g.state.position.visibility == 3
    for _ in range(2):
        g.act({"do": "play_card", "card": "attack_center"})
        g.act({"do": "order", "units": []})
        _finish_turn(g)
    g.act({"do": "dice", "faces": ["star"] * 4})
    assert g.state.position.visibility == 1  # fully night: close assault only, no more rolls
    for _ in range(2):
        g.act({"do": "play_card", "card": "attack_center"})
        g.act({"do": "order", "units": []})
        _finish_turn(g)
    assert g.state.phase is Phase.PLAY_CARD


def test_night_reverse_option_of_a_real_file_names_the_side_that_rolls() -> None:
    from companion.scenarios.m44 import import_m44

    s = import_m44({"board": {"hexagons": [
        {"row": 0, "col": 0, "unit": {"name": "infger"}},
        {"row": 8, "col": 0, "unit": {"name": "infus"}}]},
        "game_info": {"options": {"night_visibility_reverse_rule": True,
                                  "night_visibility_team_turn": "AXIS"}}})
    assert s.variants == {"night_visibility_reverse": "axis"}
    assert not _not_played(s)


# --- an Ambush and the assault it interrupted --------------------------------------------------
def test_an_assault_resumed_after_an_ambush_rolls_the_dice_its_attacker_has_now() -> None:
    # Japanese infantry close-assault with 1 more die at full strength; an Ambush that costs it
    # a figure leaves it 3 dice for the assault that goes on (bga-memoir 1413 crashed on this)
    s = scenario([_u("a1", A, "infantry", "f4"), _u("a2", A, "infantry", "A1"),
                  _u("x1", X, "infantry", "G5", nation="jp"), _u("x2", X, "infantry", "A9")],
                 starts=X)
    g = GameSession.new(s)
    declare_battle(g, "x1", "a1")
    assert g.legal().roll is not None and g.legal().roll.dice == 4  # type: ignore[union-attr]
    g.act({"do": "ambush"})
    g.act({"do": "dice", "faces": ["infantry", "armor", "armor"]})
    assert g.state.position.units["x1"].figures == 3
    roll = g.legal().roll
    assert roll is not None and roll.dice == 3 and roll.purpose.startswith("x1 battles a1")
    changed = [e for e in g.events if e.kind == "assault_dice_changed"]
    assert changed and changed[0].data["was"] == 4 and changed[0].data["rid"] == roll.rid
    g.act({"do": "dice", "faces": ["armor"] * 3})  # the three dice are accepted


def test_ambush_is_not_offered_to_a_unit_that_may_not_battle_the_assaulting_one() -> None:
    s = scenario([_u("a1", A, "sniper", "f4"), _u("a2", A, "infantry", "A1"),
                  _u("x1", X, "armor", "G5"), _u("x2", X, "infantry", "A9")], starts=X)
    g = GameSession.new(s)
    declare_battle(g, "x1", "a1")
    assert "ambush" not in g.legal().actions  # a sniper never targets armor


# --- exits worth more --------------------------------------------------------------------------
def test_infantry_exits_count_two_medals_armor_one() -> None:
    from companion.scenarios import ExitHex

    s = scenario([_u("a1", A, "infantry", "A9"), _u("x1", X, "infantry", "E1"),
                  _u("x2", X, "armor", "G1"), _u("x3", X, "infantry", "M9")],
                 variants={"infantry_exit_counts_2": ""}, starts=X)
    s.exits = [ExitHex("E1", X), ExitHex("G1", X)]
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["x1", "x2"]})
    g.act({"do": "exit", "unit": "x1"})
    assert g.state.medals[X] == 2
    g.act({"do": "exit", "unit": "x2"})
    assert g.state.medals[X] == 3
    assert [e.data["medals"] for e in g.events if e.kind == "exit_medals_added"] == [1]
    assert not _not_played(s)


def test_the_terminal_types_the_scenario_rules_steps() -> None:
    from companion.cli.play import parse_command

    assert parse_command("chip attack center") == {"do": "commissar_card", "card": "attack_center"}
    assert parse_command("desert f4 g4") == {"do": "desert_move", "unit": "f4", "to": "g4"}
    assert parse_command("heal f4") == {"do": "heal", "unit": "f4"}
    assert parse_command("seal f4") == {"do": "seal_cave", "unit": "f4"}
    assert parse_command("card recon center as=air_power") == {
        "do": "play_card", "card": "recon_center", "as_card": "air_power"}
    with pytest.raises(ValueError, match="usage"):
        parse_command("desert f4")


# --- the Italian High Command ------------------------------------------------------------------
def test_italian_high_command_an_axis_unit_lost_costs_a_card_at_random_down_to_three() -> None:
    s = scenario([_u("a1", A, "infantry", "f4"), _u("a2", A, "infantry", "A1"),
                  _u("x1", X, "infantry", "G5", figures=1), _u("x2", X, "infantry", "A9")],
                 variants={"italian_high_command": ""})
    s.sides[X].cards = 6
    g = GameSession.new(s, deck_seed=4)
    assert len(g.state.hands[X]) == 6
    card = next(c for c in g.state.hands[A] if c in (
        "attack_center", "probe_center", "assault_center", "recon_center", "general_advance",
        "infantry_assault", "direct_from_hq", "recon_in_force"))
    g.act({"do": "play_card", "card": card})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "end_moves"})
    g.act({"do": "battle", "attacker": "a1", "target": "x1"})
    g.act({"do": "dice", "faces": ["infantry", "flag", "star"]})
    assert "x1" not in g.state.position.units
    ev = [e for e in g.events if e.kind == "high_command_discard"]
    assert ev and ev[0].data["card"] in g.state.discard and len(g.state.hands[X]) == 5
    assert not _not_played(s)


def test_italian_high_command_from_a_real_file_deals_the_axis_six_cards() -> None:
    from companion.scenarios.m44 import import_m44

    s = import_m44({"board": {"hexagons": [
        {"row": 0, "col": 0, "unit": {"name": "infit"}},
        {"row": 8, "col": 0, "unit": {"name": "infbrit"}}]},
        "game_info": {"side_player1": "AXIS", "side_player2": "ALLIES", "cards_player1": 4,
                      "options": {"italy_high_command": True}}})
    assert s.variants == {"italian_high_command": ""} and s.sides[X].cards == 6


def test_the_log_says_the_scenario_rules_events_in_words_and_keeps_the_chip_card_secret() -> None:
    from companion.game.narrate import Narrator

    g = GameSession.new(_night())
    g.act({"do": "dice", "faces": ["star", "flag", "flag", "flag"]})
    lines = [Narrator(start=g.events[0]).line(e) for e in g.events]
    assert "Night: 1 star; units now see 2 hexes." in lines
    c = GameSession.new(_commissar(), deck_seed=3)
    card = next(x for x in c.state.hands[A] if not x.startswith("recon"))
    c.act({"do": "commissar_card", "card": card})
    said = Narrator(start=c.events[0]).line(c.events[-1])
    assert "Commissar chip" in said and card.replace("_", " ") not in said.lower()


# --- minefields laid face down (mine tokens) ----------------------------------------------------
def _face_down(variants: dict[str, str] | None = None) -> Scenario:
    return scenario([_u("a1", A, "infantry", "f4"), _u("x1", X, "infantry", "A9"),
                     _u("x2", X, "infantry", "G9")],
                    terrain=[TerrainPiece("G5", "minefield", owner=X),
                             TerrainPiece("F5", "minefield", owner=X)],
                    variants={"mine_tokens": ""} if variants is None else variants)


def test_mine_token_turned_over_gives_the_dice_it_rolls() -> None:
    g = GameSession.new(_face_down())
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "move", "unit": "a1", "to": "G5"})
    p = g.prompt()
    assert g.state.phase is Phase.RULE_STEP and p.kind == "rule_step" and p.side == "allies"
    assert "turn the mine over" in p.text and p.actions[0] == "mine_number"
    with pytest.raises(IllegalAction, match="0 to 4"):
        g.act({"do": "mine_number", "number": 9})
    g.act({"do": "mine_number", "number": 2})
    roll = g.legal().roll
    assert roll is not None and roll.dice == 2 and g.state.phase is Phase.RULE_DICE
    assert "undo" not in g.legal().actions  # the mine was seen: no taking the move back
    g.act({"do": "dice", "faces": ["grenade", "flag"]})
    assert g.state.position.units["a1"].figures == 3 and g.state.phase is Phase.MOVE


def test_mine_token_of_zero_is_a_decoy_removed_and_a_file_without_tokens_rolls_nothing() -> None:
    g = GameSession.new(_face_down())
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "move", "unit": "a1", "to": "F5"})
    g.act({"do": "mine_number", "number": 0})
    assert g.state.phase is Phase.MOVE
    assert "minefield" not in g.state.position.terrain_names(g.state.board.parse("F5"))
    plain = GameSession.new(_face_down(variants={}))
    plain.act({"do": "play_card", "card": "attack_center"})
    plain.act({"do": "order", "units": ["a1"]})
    plain.act({"do": "move", "unit": "a1", "to": "G5"})
    assert plain.state.phase is Phase.MOVE  # no number and no token to turn over


def test_a_supply_lane_a_decoy_of_the_enemys_mines_is_a_medal_once() -> None:
    """4237 Into the Cauldron: "Opening a supply lane through the British-laid minefields is a
    Permanent Medal Objective for the Axis forces. To successfully open a supply line, the
    Germans must reveal a minefield decoy ("0" strength). Only one such Medal can be won"."""
    from pathlib import Path

    from companion.game.narrate import Narrator
    from companion.game.ruleflows import _decoy_lane
    from companion.scenarios import load

    real = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"
    assert load(real / "4237-IntoTheCauldron.m44").variants["decoy_lane"] == "axis"
    def turn_over(lane_for: str, to: str, number: int) -> GameSession:
        """a1 moves onto an Axis mine and turns it over: ``number``."""
        g = GameSession.new(_face_down({"mine_tokens": "", "decoy_lane": lane_for}))
        g.act({"do": "play_card", "card": "attack_center"})
        g.act({"do": "order", "units": ["a1"]})
        g.act({"do": "move", "unit": "a1", "to": to})
        g.act({"do": "mine_number", "number": number})
        return g

    def lanes(g: GameSession) -> list[Any]:
        return [e for e in g.events if e.kind == "decoy_lane_opened"]

    # the Allies here turn over the Axis' mines: the lane is the Allies' in this test
    g = turn_over("allies", "F5", 0)
    (opened,) = lanes(g)
    assert g.state.medals[A] == 1  # no unit was eliminated: the lane's medal alone
    assert "supply lane" in Narrator(start=g.events[0]).line(opened)
    assert g.state.rules_state is not None and g.state.rules_state.data["decoy_lane_won"]
    assert _decoy_lane(g.state, "a1", "G5", "minefield", 0) is None  # once a game
    assert not lanes(turn_over("allies", "G5", 1))  # a mine that is no decoy opens nothing
    assert not lanes(turn_over("axis", "F5", 0))  # the Axis' lane gives the Allies nothing


def test_the_editors_mine_field_tags_are_tokens_and_a_decoy_tag_is_a_zero() -> None:
    from companion.scenarios.m44 import import_m44

    s = import_m44({"board": {"hexagons": [
        {"row": 0, "col": 0, "unit": {"name": "infger"}},
        {"row": 4, "col": 4, "tags": [{"name": "tag3", "behavior": "MINE_FIELD", "side": "AXIS"}]},
        {"row": 4, "col": 6, "tags": [{"name": "tag3", "behavior": "DECOY_MINE"}]},
        {"row": 8, "col": 0, "unit": {"name": "infus"}}]},
        "game_info": {"options": {"mine_deck_name": "PACIFIC"}}})
    assert s.variants == {"mine_tokens": ""} and not s.notes
    assert sorted(t.value for t in s.terrain if t.type == "minefield"
                  if t.value is not None) == [0]
    assert not _not_played(s)


def test_hq_taken_back_by_its_side_draws_the_card_it_lost() -> None:
    s = scenario([_u("a1", A, "infantry", "f4"), _u("x1", X, "infantry", "G7"),
                  _u("x2", X, "infantry", "A9")],
                 terrain=[TerrainPiece("G5", "headquarters", owner=X)])
    g = GameSession.new(s)  # real cards: the players discard and draw; the game says when
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "move", "unit": "a1", "to": "G5"})
    assert g.state.rules_state is not None and g.state.rules_state.hq_captured == ["G5"]
    _finish_turn(g)
    assert any("HQ on G5" in d for d in g.prompt().detail)  # the Axis are told their hand
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": []})
    _finish_turn(g)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "move", "unit": "a1", "to": "F5"})
    assert g.state.rules_state.hq_captured == ["G5"]  # left empty, it stays captured
    _finish_turn(g)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["x1"]})
    g.act({"do": "move", "unit": "x1", "to": "g6"})
    _finish_turn(g)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": []})
    _finish_turn(g)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["x1"]})
    g.act({"do": "move", "unit": "x1", "to": "G5"})
    assert g.state.rules_state.hq_captured == []
    assert [e.kind for e in g.events].count("hq_retaken") == 1


# --- Banzai: Japanese infantry that moved 2 hexes battles only in a close assault ---------------
@pytest.mark.parametrize(("target_hex", "legal"), [("f6", True), ("G5", False)])
def test_japanese_infantry_that_moved_two_battles_only_in_a_close_assault(target_hex: str,
                                                                          legal: bool) -> None:
    # memoir44 wikia "Japanese Imperial Army": "Infantry may move 2 hexes and battle, if it engages
    # in Close Assault" (bga-memoir getTargetableCells: "if banzai, unit can only attack in close
    # assault"); audit case nat9-jp-banzai-moved-2-range-2-refused-r0 found the game allowing 2 hexes
    s = scenario([_u("x1", X, "infantry", "G9", nation="jp"), _u("x2", X, "infantry", "A9"),
                  _u("a1", A, "infantry", target_hex), _u("a2", A, "infantry", "A1")], starts=X)
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["x1"]})
    g.act({"do": "move", "unit": "x1", "to": "G7"})
    g.act({"do": "end_moves"})
    assert g.state.position.units["x1"].moved == 2
    if legal:
        g.act({"do": "battle", "attacker": "x1", "target": "a1"})
        roll = g.legal().roll
        assert roll is not None and roll.dice == 4  # 3 + 1 at full strength
    else:
        with pytest.raises(IllegalAction, match="close assault"):
            g.act({"do": "battle", "attacker": "x1", "target": "a1"})


# --- a combat engineer clears a minefield only when it could still battle ---------------------
@pytest.mark.parametrize(("start", "card", "rolls"), [("g4", "attack_center", False),
                                                      ("G3", "attack_center", True),
                                                      ("G3", "infantry_assault", False)])
def test_combat_engineer_clears_a_minefield_only_within_its_battle_reach(start: str, card: str,
                                                                         rolls: bool) -> None:
    # bga-memoir CombatEngineer.php: "In minefield must clear the mines, instead of battling";
    # "If ordered on Infantry Assault, may move 2 hexes and remove wire or clear mines";
    # Minefield::onUnitEntering sweeps only within the engineer's movement-and-attack radius
    # (audit case nat9-engineer-moved-2-rolls-mine found a 2-hex move clearing it)
    s = scenario([_u("a1", A, "combat_engineer", start), _u("x1", X, "infantry", "A9"),
                  _u("x2", X, "infantry", "M9")],
                 terrain=[TerrainPiece("G5", "minefield", owner=X, value=2)])
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": card})
    if card == "infantry_assault":
        g.act({"do": "order", "units": ["a1"], "section": "center"})
    else:
        g.act({"do": "order", "units": ["a1"]})
    g.act({"do": "move", "unit": "a1", "to": "G5"})
    if rolls:
        assert g.state.phase is Phase.RULE_DICE
        p = g.prompt()
        assert p.dice is not None and p.dice.count == 2 and "minefield" in p.text
    else:
        assert g.state.phase is Phase.MOVE  # no roll: it clears the mines instead of battling


# --- a Tiger on a minefield: its hits are rolled again ----------------------------------------
@pytest.mark.parametrize(("again", "figures"), [(["grenade"], 0), (["armor"], 1)])
def test_tiger_on_a_minefield_rolls_its_hits_again_a_grenade_confirms(again: list[str],
                                                                      figures: int) -> None:
    # troop card 16 (each hit on a Tiger is re-rolled, a grenade confirms); bga-memoir
    # Minefield::onUnitEntering: "case tiger on mine - double roll check for damages"
    s = scenario([_u("x1", X, "tiger", "G7"), _u("x2", X, "infantry", "A9"),
                  _u("a1", A, "infantry", "A1"), _u("a2", A, "infantry", "M1")],
                 terrain=[TerrainPiece("G5", "minefield", owner=A, value=2)], starts=X)
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["x1"]})
    g.act({"do": "move", "unit": "x1", "to": "G5"})
    assert g.state.phase is Phase.RULE_DICE
    g.act({"do": "dice", "faces": ["armor", "star"]})
    assert g.state.phase is Phase.RULE_DICE  # the hit is rolled again
    p = g.prompt()
    assert p.dice is not None and p.dice.count == 1 and "confirm" in p.text
    assert g.state.position.units["x1"].figures == 1
    g.act({"do": "dice", "faces": again})
    if figures:
        assert g.state.position.units["x1"].figures == 1 and g.state.phase is Phase.MOVE
    else:
        assert "x1" not in g.state.position.units
        assert g.state.medals[A] == 1
