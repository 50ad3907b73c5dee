"""The turn's flow as the game plays it (base rules p.4-5): the phase table, and the cards that
change a turn's shape, read through the legal actions."""

from __future__ import annotations

import pytest

from companion.game.legal import PHASES
from companion.game.session import GameSession, IllegalAction
from companion.game.state import Phase
from companion.rules.board import Side
from companion.scenarios import UnitSetup

from .conftest import duel_scenario


def _ordering(g: GameSession, unit: str, cards: tuple[str, ...]) -> str:
    """Play the first of ``cards`` that may order ``unit``, and order it."""
    for card in cards:
        g.act({"do": "play_card", "card": card})
        found = [u for u in g.legal().orderable if u.id == unit]
        if found:
            order: dict[str, object] = {"do": "order", "units": [unit]}
            if found[0].section:
                order["section"] = found[0].section
            g.act(order)
            return card
        g.act({"do": "undo"})
    raise AssertionError(f"none of {cards} orders {unit}")


SECTION_CARDS = ("attack_left", "attack_center", "attack_right")


def test_turn_sequence_play_order_move_battle_draw() -> None:
    g = GameSession.new(duel_scenario())
    kinds = []
    for step in ({"do": "play_card", "card": "attack_center"}, {"do": "order", "units": []},
                 {"do": "end_moves"}, {"do": "end_turn"}):
        legal = g.legal()
        assert set(legal.actions) <= set(PHASES[legal.phase].moves) | {"undo"}
        kinds.append(legal.phase)
        g.act(step)
    assert kinds == [Phase.PLAY_CARD, Phase.ORDER, Phase.MOVE, Phase.BATTLE]
    assert g.state.phase is Phase.PLAY_CARD and g.state.active is Side.AXIS and g.state.turn == 2


def test_only_ordered_units_move_and_each_moves_once() -> None:
    g = GameSession.new(duel_scenario())
    _ordering(g, "a1", SECTION_CARDS)
    assert [u.id for u in g.legal().movers] == ["a1"] and not g.legal().moves("a2")
    with pytest.raises(IllegalAction, match="not ordered"):
        g.act({"do": "move", "unit": "a2", "to": "D4"})
    to = sorted(g.legal().moves("a1"))[0]
    g.act({"do": "move", "unit": "a1", "to": to})
    assert not g.legal().movers and not g.legal().moves("a1")
    with pytest.raises(IllegalAction, match="already moved"):
        g.act({"do": "move", "unit": "a1", "to": to})


def test_a_unit_battles_once_per_turn() -> None:
    g = GameSession.new(duel_scenario())
    _ordering(g, "a1", SECTION_CARDS)
    g.act({"do": "end_moves"})
    targets = g.legal().targets("a1")
    assert targets, "the duel's infantry has a target"
    g.act({"do": "battle", "attacker": "a1", "target": targets[0].target})
    g.act({"do": "dice", "faces": ["star"] * targets[0].dice})
    assert [u.id for u in g.legal().attackers] == []
    with pytest.raises(IllegalAction, match="already battled"):
        g.act({"do": "battle", "attacker": "a1", "target": targets[0].target})


def test_infantry_that_moved_2_may_not_battle() -> None:
    g = GameSession.new(duel_scenario())
    _ordering(g, "a1", SECTION_CARDS)
    moves = g.legal().moves("a1")
    assert {m.hexes for m in moves.values()} == {1, 2}
    assert all(m.can_battle == (m.hexes == 1) for m in moves.values())
    two = next(m for m in moves.values() if m.hexes == 2)
    g.act({"do": "move", "unit": "a1", "to": two.hex})
    g.act({"do": "end_moves"})
    assert g.legal().targets("a1") == ()


def test_infantry_assault_moves_3_and_battles_after_2() -> None:
    g = GameSession.new(duel_scenario())
    _ordering(g, "a1", ("infantry_assault",))
    moves = g.legal().moves("a1")
    assert max(m.hexes for m in moves.values()) == 3
    assert all(m.can_battle == (m.hexes <= 2) for m in moves.values())


def test_artillery_bombard_move_forfeits_the_battle() -> None:
    g = GameSession.new(duel_scenario(extra_units=[UnitSetup("a3", Side.ALLIES, "artillery", "E3")]))
    _ordering(g, "a3", ("artillery_bombard",))
    moves = g.legal().moves("a3")
    assert moves and all(not m.can_battle for m in moves.values())


def test_firefight_skips_movement() -> None:
    g = GameSession.new(duel_scenario())
    g.act({"do": "play_card", "card": "firefight"})
    assert "a1" not in {u.id for u in g.legal().orderable}  # next to an enemy: no firefight
    g.act({"do": "order", "units": ["a2"]})
    assert g.legal().moves("a2") == {}
    g.act({"do": "end_moves"})
    assert g.state.phase is Phase.BATTLE


def test_dig_in_neither_moves_nor_battles() -> None:
    g = GameSession.new(duel_scenario())
    _ordering(g, "a1", ("dig_in",))
    assert g.legal().moves("a1") == {}
    g.act({"do": "end_moves"})
    assert g.legal().targets("a1") == ()
