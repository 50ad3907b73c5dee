"""The game plays medals for an empty section (bga-memoir empty_section_medals): the side named
holds the medals while a listed section holds no enemy unit, and gives them back when an enemy
unit comes into it again. The importer reads the option's {side, sections, count_for}."""

from __future__ import annotations

from companion.game.session import GameSession
from companion.game.state import GameLog
from companion.rules.board import Board, BoardKind, Hex, Side
from companion.scenarios import Scenario, ScenarioText, SideSetup, UnitSetup, import_m44
from companion.scenarios.check import errors

A, X = Side.ALLIES, Side.AXIS
BOARD = Board.of(BoardKind.STANDARD, A)


def _name(col: int, row: int) -> str:
    return BOARD.name(Hex(col, row))


def _game() -> GameSession:
    s = Scenario(id="sections", text={"en": ScenarioText("Sections")},
                 units=[UnitSetup("x1", X, "infantry", _name(9, 1)),
                        UnitSetup("a1", A, "infantry", _name(12, 8))],
                 sides={A: SideSetup(cards=5, medals_to_win=4), X: SideSetup(cards=5, medals_to_win=4)},
                 variants={"empty_section_medals": "allies:0:1"}, starts=X)
    return GameSession.new(s)


def test_the_side_holds_the_medal_while_the_section_is_empty_and_loses_it_when_entered() -> None:
    g = _game()
    assert g.state.medals[A] == 1  # the left section (columns 0-7) holds no Axis unit
    assert any("Empty sections" in d for d in g.prompt().detail)
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["x1"]})
    g.act({"do": "move", "unit": "x1", "to": _name(7, 1)})  # onto the dividing column
    assert g.state.medals[A] == 0
    ev = [e for e in g.events if e.kind == "section_medals"]
    assert [e.data["medals"] for e in ev] == [1, -1]
    again = GameSession(GameLog.replay(g.events), "replay")
    assert again.state.medals[A] == 0
    g.act({"do": "undo"})  # the move taken back: the section is empty again
    assert g.state.medals[A] == 1


def test_the_importer_reads_the_option_and_check_has_nothing_to_say() -> None:
    s = import_m44({"board": {"hexagons": [{"row": 0, "col": 10, "unit": {"name": "infger"}},
                                           {"row": 8, "col": 10, "unit": {"name": "infus"}}]},
                    "game_info": {"options": {"empty_section_medals": {
                        "side": "ALLIES", "sections": [0, 2], "count_for": 1}}}})
    assert s.variants == {"empty_section_medals": "allies:0,2:1"}
    assert errors(s) == []
    bad = import_m44({"board": {}, "game_info": {"options": {"empty_section_medals": {
        "side": "ALLIES", "sections": [5]}}}})
    assert "empty_section_medals" not in bad.variants
    assert any("empty section medals not understood" in n for n in bad.notes)
