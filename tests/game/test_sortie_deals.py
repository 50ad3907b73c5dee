"""The Air Sortie cards as a scenario deals them, when the Air Pack is played.

Air Pack p.3: "each player receives one Air Sortie card". Real briefings deal them otherwise
"if air rules are used" (m44_codes.SORTIE_DEALS): 4185 Capturing the Crossing "shuffle both Air
Sortie cards into the deck, at game start"; 3129 Operation Crusader "give the Allied player one
Air Sortie card and shuffle the other one in the deck"; 4683 Manado Landings "give the Axis
player both Air Sortie cards"; 17 Villers-Bocage "The Air Sortie cards are set aside and are not
used in this mission"; 3496 Breakthrough to Gembloux "The Air Sortie card is unusable by the
French player. Discard it and draw a new Command card instead."
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.game.airflow import sortie_drawable
from companion.game.auto import AutoPlayer
from companion.game.errors import IllegalAction
from companion.game.session import GameSession
from companion.rules.board import Side
from companion.scenarios import AirRules, Scenario, ScenarioError, dumps, load, loads

BGA = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"


def _air_pack(name: str) -> Scenario:
    s = load(BGA / name)
    s.air.rules = AirRules.AIR_PACK  # the players chose the Air Pack ("if air rules are used")
    return s


@pytest.mark.parametrize(("name", "allies", "axis", "in_deck"), [
    ("4185-CapturingTheCrossing.m44", 0, 0, 2),
    ("3129-OperationCrusader.m44", 1, 0, 1),
    ("4717-NachMoskau.m44", 0, 1, 1),
    ("4683-ManadoLandings.m44", 0, 2, 0),
    ("6433-BreakthroughAtMortain.m44", 2, 0, 0),
    ("17-VillersBocage.m44", 0, 0, 0),
    ("5913-BattleOfProkhorovka.m44", 1, 1, 0),
    ("1290-CounterAttackAtArras.m44", 1, 1, 0),  # the Air Pack's own deal, said in full
])
def test_the_briefings_deal_is_the_games_deal(name: str, allies: int, axis: int,
                                               in_deck: int) -> None:
    g = GameSession.new(_air_pack(name), deck_seed=3)
    start = g.log.start.data
    assert start["air"]["sorties"] == {"allies": allies, "axis": axis}
    deck = start["deck"]
    assert deck.count("air_sortie") == in_deck
    assert all("air_sortie" not in hand for hand in start["hands"].values())


def test_without_air_rules_no_air_sortie_card_is_dealt_or_shuffled_in() -> None:
    g = GameSession.new(load(BGA / "4185-CapturingTheCrossing.m44"), deck_seed=3)
    assert "air_sortie" not in g.log.start.data["deck"]
    assert g.state.air is None


def test_a_shuffled_in_air_sortie_card_drawn_goes_face_up_beside_its_drawer() -> None:
    g = GameSession.new(_air_pack("4185-CapturingTheCrossing.m44"), deck_seed=3,
                        options={"seed": 1})
    player = AutoPlayer(1)
    for _ in range(3000):
        if g.over:
            break
        events = g.act(player.next_action(g))
        ended = [e.data for e in events if e.kind == "turn_ended" and e.data.get("sortie_drawn")]
        if ended:
            side = ended[0]["side"]
            assert g.state.air is not None and g.state.air.sorties[side] >= 1
            assert "air_sortie" not in g.state.hands[Side(side)]
            assert ended[0]["drawn"] != "air_sortie"
            return
    pytest.fail("no Air Sortie card came up from the deck in a whole game")


def test_the_side_that_may_not_use_it_discards_it_and_draws_the_next_card() -> None:
    s = _air_pack("3496-BreakthroughToGembloux.m44")
    assert s.air.sortie_unusable == (Side.ALLIES,)
    g = GameSession.new(s, deck_seed=5, options={"seed": 1})
    assert g.log.start.data["air"]["sorties"] == {"allies": 0, "axis": 1}
    player = AutoPlayer(1)
    while g.state.active is not Side.ALLIES:
        g.act(player.next_action(g))
    with pytest.raises(IllegalAction, match="holds no Air Sortie card"):
        g.act({"do": "play_card", "card": "air_sortie"})
    while "end_turn" not in g.prompt().actions:
        g.act(player.next_action(g))
    st = g.state
    assert st.deck is not None and st.air is not None
    st.deck.insert(0, "air_sortie")  # the Air Sortie card comes up for the French player
    nxt = st.deck[1]
    events = g.act({"do": "end_turn"})
    ended = next(e.data for e in events if e.kind == "turn_ended")
    assert ended["sortie_drawn"] and ended["drawn"] == nxt
    assert g.state.air is not None and g.state.air.sorties["allies"] == 0
    assert g.state.discard[-1] == "air_sortie" and nxt in g.state.hands[Side.ALLIES]
    assert "air_sortie" not in (g.state.deck or [])


def test_the_deal_round_trips_through_the_json_format_and_bad_deals_are_refused() -> None:
    s = load(BGA / "3129-OperationCrusader.m44")
    back = loads(dumps(s))
    assert back.air == s.air and back.air.sorties == {Side.ALLIES: 1, Side.AXIS: 0}
    data = json.loads(dumps(s))
    data["air"]["sorties"] = {"allies": 2, "axis": 1}
    with pytest.raises(ScenarioError, match="two Air Sortie cards"):
        loads(json.dumps(data))
    data["air"]["sorties"] = {"allies": 1, "the french": 1}
    with pytest.raises(ScenarioError, match="air.sorties"):
        loads(json.dumps(data))


def test_with_real_cards_an_air_sortie_card_no_side_holds_may_be_played_as_drawn() -> None:
    """The app does not see a real deck's draws: with both cards shuffled into it (4185), the
    active side may play one it says came up (Air Pack p.3: it lies face up beside it)."""
    g = GameSession.new(_air_pack("4185-CapturingTheCrossing.m44"), options={"seed": 1})
    st = g.state
    assert st.deck is None and st.air is not None and st.air.sorties == {"allies": 0, "axis": 0}
    events = g.act({"do": "play_card", "card": "air_sortie"})
    assert [e.data.get("standalone") for e in events if e.kind == "card_played"] == [True]
    assert g.state.air is not None and g.state.air.sorties == {"allies": 0, "axis": 0}


def test_with_real_cards_no_air_sortie_is_played_where_none_is_in_the_game() -> None:
    g = GameSession.new(_air_pack("17-VillersBocage.m44"), options={"seed": 1})  # set aside
    with pytest.raises(IllegalAction, match="holds no Air Sortie card"):
        g.act({"do": "play_card", "card": "air_sortie"})
    g = GameSession.new(_air_pack("4683-ManadoLandings.m44"), options={"seed": 1})
    assert g.state.air is not None and g.state.air.sorties == {"allies": 0, "axis": 2}
    assert not sortie_drawable(g.state)  # both held by the Axis: none can come up for anyone


def test_with_real_cards_the_barred_side_may_not_play_one_drawn() -> None:
    s = _air_pack("3496-BreakthroughToGembloux.m44")
    g = GameSession.new(s, options={"seed": 1})
    assert g.state.active is Side.AXIS  # "Axis player moves first"
    g.act({"do": "play_card", "card": "air_sortie"})  # the Axis' own card
    player = AutoPlayer(1)
    while g.state.active is not Side.ALLIES:
        g.act(player.next_action(g))
    with pytest.raises(IllegalAction, match="holds no Air Sortie card"):
        g.act({"do": "play_card", "card": "air_sortie"})


def test_with_a_dealt_deck_only_the_cards_held_may_be_played() -> None:
    g = GameSession.new(_air_pack("4185-CapturingTheCrossing.m44"), deck_seed=3)
    with pytest.raises(IllegalAction, match="holds no Air Sortie card"):
        g.act({"do": "play_card", "card": "air_sortie"})
