"""No reshuffle: the game ends when the command deck runs out (variant ``deck_reshuffling``).

19 Vassieux's victory text: "When 'Their Finest Hour' command card is played, do not reshuffle
the command deck. Should the command card deck run out of cards and the Allied player has not
won, the battle ends as an Axis player victory." bga-memoir's option ``deck_reshuffling`` =
false is the same rule without a side named: then the side with more medals wins.
"""

from __future__ import annotations

from pathlib import Path

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession
from companion.rules.board import Side
from companion.scenarios import Scenario, ScenarioText, SideSetup, UnitSetup, import_m44, load

A, X = Side.ALLIES, Side.AXIS
VASSIEUX = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir" / "19-Vassieux.m44"


def _far_apart(variants: dict[str, str]) -> Scenario:
    # one unit a side, in opposite corners: neither can reach 4 medals, only the deck ends it
    return Scenario(id="deck", text={"en": ScenarioText("Deck")},
                    units=[UnitSetup("a1", A, "infantry", "A1"), UnitSetup("x1", X, "infantry", "M9")],
                    sides={A: SideSetup(cards=4, medals_to_win=4),
                           X: SideSetup(cards=4, medals_to_win=4)},
                    variants=variants, starts=A)


def _play(s: Scenario, seed: int = 3, max_turns: int = 200) -> GameSession:
    g = GameSession.new(s, deck_seed=seed)
    player = AutoPlayer(seed)
    while not g.over and g.state.turn <= max_turns:
        g.act(player.next_action(g))
    return g


def test_the_game_ends_when_the_deck_runs_out_won_by_the_side_named() -> None:
    g = _play(_far_apart({"deck_reshuffling": "axis"}))
    assert g.over
    end = [e for e in g.events if e.kind == "game_over"][-1]
    assert "deck ran out" in end.data["reason"]
    assert g.state.winner is X
    # it ended at the first draw from an empty deck: 60 cards, 8 dealt
    assert [e for e in g.events if e.kind == "turn_ended" and e.data.get("reshuffled")] == \
        [e for e in g.events if e.kind == "turn_ended"][-1:]


def test_with_no_side_named_the_side_with_more_medals_wins() -> None:
    g = _play(_far_apart({"deck_reshuffling": ""}))
    end = [e for e in g.events if e.kind == "game_over"][-1]
    m = end.data["medals"]
    want = None if m["allies"] == m["axis"] else ("allies" if m["allies"] > m["axis"] else "axis")
    assert "deck ran out" in end.data["reason"] and end.data["winner"] == want


def test_without_the_rule_the_deck_is_reshuffled_and_play_goes_on() -> None:
    g = _play(_far_apart({}), max_turns=70)
    assert any(e.data.get("reshuffled") for e in g.events if e.kind == "turn_ended")
    assert not g.over


def test_the_prompt_says_the_deck_will_not_be_reshuffled() -> None:
    g = GameSession.new(_far_apart({"deck_reshuffling": "axis"}), deck_seed=1)
    detail = " ".join(g.prompt().detail)
    assert "No reshuffle" in detail and "the Axis win" in detail and "52 cards left" in detail


def test_vassieux_names_the_axis_from_its_victory_text_and_plays_resistance() -> None:
    s = load(VASSIEUX)
    assert s.variants == {"deck_reshuffling": "axis"}
    assert {u.type for u in s.units if u.side is A} == {"french_resistance"}


def test_the_option_false_is_the_rule_and_true_the_standard_game() -> None:
    off = import_m44({"board": {}, "game_info": {"options": {"deck_reshuffling": False}}})
    on = import_m44({"board": {}, "game_info": {"options": {"deck_reshuffling": True}}})
    assert off.variants == {"deck_reshuffling": ""} and off.notes == []
    assert on.variants == {} and on.notes == []
