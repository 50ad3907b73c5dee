"""New Flight Plan Their Finest Hour (seed 001, Command cards): at the end of the turn the
Command deck and the Air Combat deck are reshuffled with their discard piles, then the player
draws his command card and both sides draw an Air Combat card. Played Air Combat cards go to
their discard pile."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession
from companion.scenarios import resolve
from companion.store import GameStore


def snapshot(g: GameSession) -> tuple[Any, ...]:
    st = g.state
    return (g.log.last_seq, st.phase, st.turn, st.deck, st.discard,
            {s.value: list(h) for s, h in st.hands.items()}, repr(st.air))


def test_their_finest_hour_reshuffles_both_decks_and_each_side_draws_an_air_combat_card(
        tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    g = GameSession.new(resolve("varenne-bridges"), store, deck_seed=1, options={"seed": 1})
    player = AutoPlayer(1)
    total = len(g.state.deck or []) + sum(len(h) for h in g.state.hands.values())
    air = g.state.air
    assert air is not None
    air_total = len(air.deck) + sum(len(c) for c in air.cards.values())
    ended: Any = None
    while ended is None and not g.over:
        before = g.state.clone()
        for e in g.act(player.next_action(g)):
            if e.kind == "turn_ended" and e.data.get("reshuffle_all"):
                ended, prior = e, before
    assert ended is not None, "seed 1 plays Their Finest Hour early"
    d = ended.data
    st = g.state
    assert st.air is not None and prior.air is not None and prior.deck is not None
    # the command deck: every card not in a hand, the Their Finest Hour card included
    assert Counter(d["reshuffled"]) == Counter([*prior.deck, *prior.discard, "their_finest_hour"])
    assert d["drawn"] == d["reshuffled"][0] and st.discard == [] and st.deck == d["reshuffled"][1:]
    assert len(st.deck) + sum(len(h) for h in st.hands.values()) == total
    # the Air Combat deck with the cards played so far, then one card for each side
    assert prior.air.discard and st.air.discard == []
    assert Counter(d["air_reshuffled"]) == Counter([*prior.air.deck, *prior.air.discard])
    drawn = d["air_combat_drawn"]
    assert [drawn["allies"][0], drawn["axis"][0]] == d["air_reshuffled"][:2]
    assert st.air.deck == d["air_reshuffled"][2:]
    held = sum(len(c) for c in st.air.cards.values())
    assert len(st.air.deck) + held + len(st.air.discard) == air_total
    assert snapshot(GameSession.resume(store, g.game_id)) == snapshot(g)


def test_played_air_combat_cards_go_to_their_discard_pile() -> None:
    g = GameSession.new(resolve("varenne-bridges"), deck_seed=3)
    assert g.state.air is not None
    title = g.state.air.cards["allies"][0]
    g.act({"do": "play_card", "card": (g.state.hands[g.state.active])[0], "air_card": title})
    assert g.state.air.discard == [title] and g.state.air.card_played == title
    g.act({"do": "undo"})
    assert g.state.air.discard == []
