"""Obstacles a unit removes from its own hex, played through a session.

Base rules p.16 Obstacles (barbed wire): infantry on a wire hex may remove the wire instead of
battling; troop card 4 (Combat Engineers): engineers battle out of wire and still remove it, and
clear a minefield instead of battling (docs/rules-sources.md). The rules core says what a unit
may remove (``entry.may_clear``); the session offers it in the battle phase, records it and
takes it back on undo.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.game.errors import IllegalAction
from companion.game.narrate import Narrator
from companion.game.session import GameSession
from companion.rules.board import Side
from companion.scenarios import Scenario, ScenarioText, SideSetup, TerrainPiece, UnitSetup

A, X = Side.ALLIES, Side.AXIS


def scenario(units: list[UnitSetup], terrain: list[TerrainPiece]) -> Scenario:
    return Scenario(id="wire", text={"en": ScenarioText("Wire")}, units=units, terrain=terrain,
                    sides={A: SideSetup(medals_to_win=4), X: SideSetup(medals_to_win=4)},
                    starts=A)


def _u(uid: str, side: Side, kind: str, hexname: str, **kw: Any) -> UnitSetup:
    return UnitSetup(uid, side, kind, hexname, **kw)


def _to_battles(g: GameSession, units: list[str], card: str = "attack_center") -> None:
    g.act({"do": "play_card", "card": card})
    g.act({"do": "order", "units": units})
    g.act({"do": "end_moves"})


def _attackers(g: GameSession) -> list[str]:
    return [u.id for u in g.legal().attackers]


def _pieces(g: GameSession, hexname: str) -> tuple[str, ...]:
    return g.state.position.terrain_names(g.state.board.parse(hexname))


def test_infantry_on_wire_removes_it_instead_of_battling_and_undo_puts_it_back() -> None:
    s = scenario([_u("a1", A, "infantry", "F3"), _u("a2", A, "infantry", "G3"),
                  _u("x1", X, "infantry", "f4"), _u("x2", X, "infantry", "M9")],
                 [TerrainPiece("F3", "barbed_wire")])
    g = GameSession.new(s)
    _to_battles(g, ["a1", "a2"])
    legal = g.legal()
    assert "clear_obstacle" in legal.actions
    assert [c for c in legal.candidates() if c["do"] == "clear_obstacle"] == [
        {"do": "clear_obstacle", "unit": "a1", "piece": "barbed_wire"}]  # a2 stands on no wire
    assert any("may remove the barbed wire instead of battling" in line
               for line in g.prompt().detail)
    g.act({"do": "clear_obstacle", "unit": "a1"})
    assert _pieces(g, "F3") == ()
    assert _attackers(g) == ["a2"]  # a1's battle is spent; the other one still battles
    last = g.events[-1]
    assert last.kind == "obstacle_cleared"
    assert Narrator(g.state).line(last) == "Infantry on F3 removes the barbed wire instead of battling."
    g.act({"do": "undo"})
    assert _pieces(g, "F3") == ("barbed_wire",)
    assert _attackers(g) == ["a1", "a2"] and [t.target for t in g.legal().targets("a1")] == ["x1"]


def test_a_unit_that_battled_or_was_not_ordered_or_is_armor_may_not_remove_wire() -> None:
    s = scenario([_u("a1", A, "infantry", "F3"), _u("a2", A, "infantry", "H3"),
                  _u("a3", A, "armor", "G3"), _u("x1", X, "infantry", "f4"),
                  _u("x2", X, "infantry", "M9")],
                 [TerrainPiece(h, "barbed_wire") for h in ("F3", "H3", "G3")])
    g = GameSession.new(s)
    _to_battles(g, ["a1", "a3"])
    assert [c["unit"] for c in g.legal().candidates() if c["do"] == "clear_obstacle"] == ["a1"]
    before = len(g.events)
    for uid, why in (("a2", "not an ordered unit"), ("a3", "nothing on its hex"),
                     ("zz", "no unit")):
        with pytest.raises(IllegalAction, match=why):
            g.act({"do": "clear_obstacle", "unit": uid})
    with pytest.raises(IllegalAction, match="may remove barbed wire, not 'minefield'"):
        g.act({"do": "clear_obstacle", "unit": "a1", "piece": "minefield"})
    assert len(g.events) == before  # nothing recorded
    g.act({"do": "battle", "attacker": "a1", "target": "x1"})
    g.act({"do": "dice", "faces": ["star", "star"]})  # 3 dice, 1 fewer out of wire
    if g.state.phase.value == "review_dice":
        g.act({"do": "apply_dice"})
    assert "clear_obstacle" not in g.legal().actions  # it battled: no wire lifted instead
    assert _pieces(g, "F3") == ("barbed_wire",)


def test_combat_engineers_clear_a_minefield_instead_of_battling() -> None:
    s = scenario([_u("a1", A, "combat_engineer", "F3"), _u("x1", X, "infantry", "f4"),
                  _u("x2", X, "infantry", "M9")],
                 [TerrainPiece("F3", "minefield", owner=X, value=2)])
    g = GameSession.new(s)
    _to_battles(g, ["a1"])
    assert [c for c in g.legal().candidates() if c["do"] == "clear_obstacle"] == [
        {"do": "clear_obstacle", "unit": "a1", "piece": "minefield"}]
    g.act({"do": "clear_obstacle", "unit": "a1", "piece": "minefield"})
    assert _pieces(g, "F3") == ()
    assert _attackers(g) == []


def test_combat_engineers_battle_out_of_wire_and_still_remove_it() -> None:
    s = scenario([_u("a1", A, "combat_engineer", "F3"), _u("x1", X, "infantry", "f4"),
                  _u("x2", X, "infantry", "M9")], [TerrainPiece("F3", "barbed_wire")])
    g = GameSession.new(s)
    _to_battles(g, ["a1"])
    assert any("may remove the barbed wire (clear)" in line for line in g.prompt().detail)
    g.act({"do": "battle", "attacker": "a1", "target": "x1"})
    g.act({"do": "dice", "faces": ["flag", "flag"]})  # 3 dice, 1 fewer out of wire
    if g.state.phase.value == "review_dice":
        g.act({"do": "apply_dice"})
    while "retreat" in g.legal().actions:  # x1 falls back; a1 stays on its wire
        g.act(g.legal().candidates()[0])
    if "take_ground" in g.legal().actions:
        g.act({"do": "take_ground", "advance": False})
    assert "clear_obstacle" in g.legal().actions  # after its battle
    g.act({"do": "clear_obstacle", "unit": "a1"})
    assert _pieces(g, "F3") == ()
    assert Narrator(g.state).line(g.events[-1]) == "Combat engineer on F3 removes the barbed wire."


def test_the_app_offers_the_wire_as_a_button_and_the_terminal_as_clear(tmp_path: Any) -> None:
    from companion.cli.play import parse_command, resolve_names
    from companion.ui.controller import Table

    s = scenario([_u("a1", A, "infantry", "F3"), _u("x1", X, "infantry", "f4"),
                  _u("x2", X, "infantry", "M9")], [TerrainPiece("F3", "barbed_wire")])
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    assert t.new_game(s, seed=3, deck_seed=3), t.message
    assert t.press(t.play_card_action("recon_in_force")), t.message
    t.tap_hex("F3")
    for want in ({"do": "order"}, {"do": "end_moves"}):
        action = next(a for _lb, a in t.buttons() if all(a.get(k) == v for k, v in want.items()))
        assert t.press(action) or t.answer_confirm(True)  # "a1 could still move": end anyway
    labels = {lb: a for lb, a in t.buttons()}
    assert "Remove the obstacle: infantry on F3, barbed wire" in labels, list(labels)
    assert t.press(labels["Remove the obstacle: infantry on F3, barbed wire"]), t.message
    assert t.state is not None and t.state.position.terrain_names(t.state.board.parse("F3")) == ()
    assert t.session is not None
    t.session.act({"do": "undo"})
    typed = resolve_names(t.session, parse_command("clear F3 barbed_wire"))
    assert typed == {"do": "clear_obstacle", "unit": "a1", "piece": "barbed_wire"}
