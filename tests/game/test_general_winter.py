"""General Winter (4717 Nach Moskau's briefing): "At the start of each of his turn, the Axis
player rolls 2 dice. For any Grenade roll, he must remove 1 figure from a German unit of his
choice. Any unit wiped out that way still counts as a medal for the Allied player."
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.game.auto import AutoPlayer
from companion.game.errors import IllegalAction
from companion.game.session import GameSession
from companion.rules import winter
from companion.rules.board import Side
from companion.scenarios import Scenario, ScenarioText, SideSetup, UnitSetup, import_m44, load

A, X = Side.ALLIES, Side.AXIS
MOSKAU = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir" / "4717-NachMoskau.m44"


def _winter(starts: Side = X, figures: int = 4) -> Scenario:
    return Scenario(id="winter", text={"en": ScenarioText("Winter")},
                    units=[UnitSetup("a1", A, "infantry", "A1"),
                           UnitSetup("x1", X, "infantry", "M9", figures=figures),
                           UnitSetup("x2", X, "armor", "K9")],
                    sides={A: SideSetup(cards=4, medals_to_win=2),
                           X: SideSetup(cards=4, medals_to_win=2)},
                    variants={"general_winter": "axis"}, starts=starts)


def _throw(g: GameSession, faces: list[str]) -> None:
    g.act({"do": "dice", "faces": faces})
    if "apply_dice" in g.legal().actions:
        g.act({"do": "apply_dice"})


def test_the_rule_counts_a_figure_per_grenade() -> None:
    assert winter.losses(["grenade", "grenade"]) == 2
    assert winter.losses(["star", "infantry"]) == 0
    assert winter.losses(["grenade", "flag"]) == 1


def test_the_axis_roll_two_dice_at_the_start_of_their_turn() -> None:
    g = GameSession.new(_winter(), deck_seed=1)
    p = g.prompt()
    assert p.kind == "dice" and p.side == "axis" and p.dice is not None and p.dice.count == 2
    assert "General Winter" in p.text
    _throw(g, ["star", "infantry"])  # no grenade: the turn goes on
    assert g.prompt().kind == "play_card"
    assert g.state.position.units["x1"].figures == 4


def test_each_grenade_takes_a_figure_from_a_unit_the_axis_choose() -> None:
    g = GameSession.new(_winter(), deck_seed=1)
    _throw(g, ["grenade", "grenade"])
    p = g.prompt()
    assert p.kind == "rule_step" and p.side == "axis" and "2 figures to take" in p.text
    assert p.pick is not None and p.pick.action == "winter_loss"
    assert set(p.highlight) == {"M9", "K9"}  # the Axis units only
    # a unit of the other side, or an empty hex, is refused and nothing changes
    with pytest.raises(IllegalAction, match="not a unit of the Axis"):
        g.act({"do": "winter_loss", "unit": "a1"})
    with pytest.raises(IllegalAction, match="no unit on"):
        g.act({"do": "winter_loss", "hex": "E5"})
    g.act(p.pick.answer(["K9"]))  # a tap on the board: the tank loses one
    assert g.state.position.units["x2"].figures == 2
    assert "1 figure to take" in g.prompt().text
    g.act({"do": "winter_loss", "unit": "x2"})  # the same unit may take the second
    assert g.state.position.units["x2"].figures == 1
    assert g.prompt().kind == "play_card"
    # one roll a turn: not again before the card
    assert not [e for e in g.events[-1:] if e.kind == "rule_roll_due"]


def test_a_unit_wiped_out_by_the_cold_is_a_medal_for_the_allies() -> None:
    g = GameSession.new(_winter(figures=1), deck_seed=1)
    _throw(g, ["grenade", "star"])
    g.act({"do": "winter_loss", "unit": "x1"})
    assert "x1" not in g.state.position.units
    assert g.state.medals[A] == 1 and g.state.medals[X] == 0
    assert any(e.kind == "winter_loss" and e.data["eliminated"] for e in g.events)


def test_the_allies_turn_has_no_winter_roll_and_the_axis_next_one_has() -> None:
    g = GameSession.new(_winter(starts=A), deck_seed=1)
    assert g.prompt().kind == "play_card" and g.prompt().side == "allies"
    player = AutoPlayer(2)
    while g.state.active is A and not g.over:
        g.act(player.next_action(g))
    p = g.prompt()
    assert p.kind == "dice" and p.side == "axis" and "General Winter" in p.text


def test_the_game_survives_a_resume_in_the_middle_of_the_losses(tmp_path: Path) -> None:
    from companion.store import GameStore

    store = GameStore(tmp_path)
    g = GameSession.new(_winter(), deck_seed=1, store=store)
    _throw(g, ["grenade", "grenade"])
    g.act({"do": "winter_loss", "unit": "x1"})
    again = GameSession.resume(store, g.game_id)
    assert again.prompt().kind == "rule_step" and "1 figure to take" in again.prompt().text
    assert again.state.position.units["x1"].figures == 3
    store.close()


def test_nach_moskau_reads_the_rule_and_its_sudden_death_from_the_briefing() -> None:
    s = load(MOSKAU)
    assert s.variants.get("general_winter") == "axis"
    assert [o.kind.value for o in s.objectives] == ["sudden_death"]
    assert s.objectives[0].sides == (X,)
    g = GameSession.new(s, deck_seed=1)
    player = AutoPlayer(1)
    while not g.over and g.state.turn <= 150:
        g.act(player.next_action(g))
    rolls = [e for e in g.events if e.kind == "winter_rolled"]
    axis_turns = {e.data["turn"] for e in g.events if e.kind == "turn_ended"
                  and e.data["side"] == "axis"}
    assert rolls and {e.data["turn"] for e in rolls} >= axis_turns
    assert sum(e.data["losses"] for e in rolls) == \
        len([e for e in g.events if e.kind == "winter_loss"])


def test_the_allies_roll_when_the_briefing_says_so() -> None:
    s = import_m44({"board": {}, "text": {"en": {"rules": "\"General Winter\" rules are in "
                                                        "effect. At the start of each of his "
                                                        "turn, the Allied player rolls 2 dice."}}})
    assert s.variants == {"general_winter": "allies"}


def test_the_terminal_answers_the_cold_with_winter_hex() -> None:
    from companion.cli.play import parse_command
    from companion.game.prompter import options_lines

    g = GameSession.new(_winter(), deck_seed=1)
    _throw(g, ["grenade", "star"])
    assert parse_command("winter K9") == {"do": "winter_loss", "hex": "K9"}
    assert any("winter HEX" in line for line in options_lines(g.legal()))
    g.act(parse_command("winter K9"))
    assert g.state.position.units["x2"].figures == 2 and g.prompt().kind == "play_card"
