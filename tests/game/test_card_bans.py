"""A command card a scenario bars a side from playing (5142 Counter-attack of the BEF's briefing:
"The 'Air Power' card cannot be played by the Allied player. If he draws it, he must immediately
discard it and draw a new one.")."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.game.auto import AutoPlayer
from companion.game.errors import IllegalAction
from companion.game.session import GameSession
from companion.rules import card_bans
from companion.rules.board import Side
from companion.scenarios import Scenario, ScenarioText, SideSetup, UnitSetup, import_m44, load
from companion.scenarios.model import ScenarioError

A, X = Side.ALLIES, Side.AXIS
REAL = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"


def _duel(variants: dict[str, str]) -> Scenario:
    return Scenario(id="ban", text={"en": ScenarioText("Ban")},
                    units=[UnitSetup("a1", A, "infantry", "A1"), UnitSetup("x1", X, "infantry", "M9")],
                    sides={A: SideSetup(cards=5, medals_to_win=4),
                           X: SideSetup(cards=5, medals_to_win=4)},
                    variants=variants, starts=A)


def _seed_dealing_air_power(side: Side) -> int:
    import random

    from companion.rules.cards import deck_list

    for seed in range(1, 500):
        deck = deck_list()
        random.Random(seed).shuffle(deck)
        hand = deck[:5] if side is A else deck[5:10]
        if "air_power" in hand:
            return seed
    raise AssertionError("no seed deals Air Power")


def test_the_ban_is_read_and_checked() -> None:
    assert card_bans.parse("allies:air_power") == {(A, "air_power")}
    assert card_bans.banned({"banned_cards": "allies:air_power"}, A, "air_power")
    assert not card_bans.banned({"banned_cards": "allies:air_power"}, X, "air_power")
    with pytest.raises(card_bans.CardBanError):
        card_bans.parse("allies:no_such_card")
    with pytest.raises(ScenarioError, match="banned_cards"):
        GameSession.new(_duel({"banned_cards": "nobody:air_power"}), deck_seed=1)


def test_a_banned_card_dealt_is_discarded_and_another_drawn() -> None:
    seed = _seed_dealing_air_power(A)
    g = GameSession.new(_duel({"banned_cards": "allies:air_power"}), deck_seed=seed)
    hand = g.state.hands[A]
    assert "air_power" not in hand and len(hand) == 5
    assert "air_power" in g.state.discard
    swap = [e for e in g.events if e.kind == "banned_card_replaced"]
    assert swap and swap[0].data["drawn"] in hand
    detail = " ".join(g.prompt().detail)
    assert "may not play Air Power" in detail


def test_the_other_side_keeps_and_plays_it() -> None:
    seed = _seed_dealing_air_power(X)
    g = GameSession.new(_duel({"banned_cards": "allies:air_power"}), deck_seed=seed)
    assert "air_power" in g.state.hands[X]


def test_without_a_virtual_deck_the_card_is_refused_when_played() -> None:
    g = GameSession.new(_duel({"banned_cards": "allies:air_power"}))  # the table's own cards
    with pytest.raises(IllegalAction, match="may not play it in this scenario"):
        g.act({"do": "play_card", "card": "air_power"})
    assert g.state.card is None and g.state.phase.value == "play_card"
    g.act({"do": "play_card", "card": "attack_center"})
    assert g.state.card == "attack_center"


def test_counter_attack_of_the_bef_bars_the_allies_all_game() -> None:
    s = load(REAL / "5142-CounterattackOfTheBEF.m44")
    assert s.variants["banned_cards"] == "allies:air_power"
    for seed in (1, 2, 3):
        g = GameSession.new(s, deck_seed=seed)
        player = AutoPlayer(seed)
        while not g.over and g.state.turn <= 150:
            g.act(player.next_action(g))
            assert "air_power" not in g.state.hands[A]
        assert not [e for e in g.events if e.kind == "card_played"
                    and e.data.get("card") == "air_power" and e.data.get("side") == "allies"]


def test_elsters_column_bars_the_axis_air_power_and_takes_the_barrage_from_the_deck() -> None:
    """5841: 'The "Air Power" card cannot be played by the Axis player' and "Remove the Barrage
    card from the deck before starting the game": Barrage barred from both sides, so a Barrage
    dealt is discarded and another drawn (the deck plays as one without it)."""
    s = load(REAL / "5841-TheSurrenderOfElstersColumn.m44")
    assert card_bans.parse(s.variants["banned_cards"]) == {
        (X, "air_power"), (A, "barrage"), (X, "barrage")}
    for seed in (1, 2, 3):
        g = GameSession.new(s, deck_seed=seed)
        player = AutoPlayer(seed)
        while not g.over and g.state.turn <= 60:
            g.act(player.next_action(g))
            assert "barrage" not in g.state.hands[A] and "barrage" not in g.state.hands[X]
        assert not [e for e in g.events if e.kind == "card_played"
                    and e.data.get("card") == "barrage"]


def test_breakthrough_to_the_beach_bars_the_axis_air_power_in_its_own_words() -> None:
    # 6541: "the Axis player cannot use the Air Power card. When drawn, he must immediately
    # discard it and draw a new one"
    s = load(REAL / "6541-BreakthroughToTheBeach.m44")
    assert s.variants["banned_cards"] == "axis:air_power"
    s = import_m44({"board": {}, "text": {"en": {"rules": "The Allied player may not play the "
                                                        "'Barrage' card."}}})
    assert s.variants["banned_cards"] == "allies:barrage"


def test_a_card_no_deck_holds_is_said_and_nothing_banned() -> None:
    s = import_m44({"board": {}, "text": {"en": {"rules": "The \"Mystery\" card cannot be played "
                                                        "by the Axis player."}}})
    assert "banned_cards" not in s.variants
    assert any("Mystery" in n for n in s.notes)
