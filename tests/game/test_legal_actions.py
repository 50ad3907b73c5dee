"""Legal actions are the one answer to "what may be done now".

In random positions of random games, every concrete action the legal actions offer is accepted
by the session, and actions mutated away from what they offer are refused with a reason,
recording nothing. The prompt shows exactly the actions they offer.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.game.auto import AutoPlayer
from companion.game.events import Event
from companion.game.legal import PHASES, legal_actions
from companion.game.session import GameSession, IllegalAction
from companion.game.state import GameLog
from companion.scenarios import load_builtin

SCENARIOS = ("orchard-ridge", "gull-point-landing", "varenne-bridges", "kestrel-field")


def _game_at(sid: str, seed: int, steps: int) -> list[Event]:
    """The events of an auto-played game stopped after ``steps`` actions."""
    g = GameSession.new(load_builtin(sid), options={"seed": seed, "review_dice": seed % 2 == 0},
                        deck_seed=seed)
    events: list[Event] = [g.log.start]
    player = AutoPlayer(seed)
    for _ in range(steps):
        if g.over:
            break
        events += g.act(player.next_action(g))
    return events


def _fresh(events: list[Event]) -> GameSession:
    return GameSession(GameLog.replay(events), "probe")


def _mutations(g: GameSession, action: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """Actions close to ``action`` that the legal actions do not offer."""
    legal = g.legal()
    st_ = g.state
    out: list[dict[str, Any]] = []
    not_offered = [d for d in ("play_card", "order", "move", "battle", "dice", "retreat",
                               "take_ground", "end_moves", "end_turn", "apply_dice", "undo")
                   if d not in legal.actions]
    if not_offered:
        out.append({**action, "do": rng.choice(not_offered)})
    do = action["do"]
    if do == "move":
        far = [st_.hex_name(h) for h in st_.board.hexes()
               if st_.hex_name(h) not in legal.moves(action["unit"])]
        if far:
            out.append({**action, "to": rng.choice(far)})
    if do == "battle":
        attacker = st_.position.units[action["attacker"]]
        offered = {t.target for t in legal.targets(attacker.id)}
        others = [u.id for u in st_.position.units.values() if u.id not in offered]
        if others:
            out.append({**action, "target": rng.choice(others)})
    if do == "retreat":
        out.append({**action, "hex": "Z99"})
    if do == "play_card" and st_.deck is not None:
        held = set(legal.cards)
        others = [c for c in st_.deck if c not in held]
        if others:
            out.append({**action, "card": rng.choice(others)})
    if do == "dice":
        out.append({**action, "faces": [*action["faces"], "grenade"]})
        out.append({**action, "rid": "somebody-else"})
    return out


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sid=st.sampled_from(SCENARIOS), seed=st.integers(1, 500), steps=st.integers(0, 160),
       pick=st.integers(0, 10_000))
def test_every_offered_action_is_accepted_and_mutated_ones_are_refused(
        sid: str, seed: int, steps: int, pick: int) -> None:
    events = _game_at(sid, seed, steps)
    g = _fresh(events)
    if g.over:
        return
    legal = g.legal()
    assert set(legal.actions) <= set(PHASES[legal.phase].moves) | {"undo"}
    assert g.prompt().actions == legal.actions
    candidates = legal.candidates()
    assert candidates, f"nothing offered in phase {legal.phase}"
    rng = random.Random(pick)
    for action in rng.sample(candidates, min(6, len(candidates))):
        try:
            _fresh(events).act(action)
        except IllegalAction as exc:  # pragma: no cover - the failure we look for
            raise AssertionError(f"offered {action} but refused: {exc}") from None
    for action in rng.sample(candidates, min(3, len(candidates))):
        for bad in _mutations(g, action, rng):
            probe = _fresh(events)
            before = probe.log.last_seq
            try:
                probe.act(bad)
            except IllegalAction as exc:
                assert str(exc), f"{bad} refused without a reason"
            else:
                raise AssertionError(f"{bad} is not offered (from {action}) but was accepted")
            assert probe.log.last_seq == before


def test_the_phase_table_names_every_phase() -> None:
    from companion.game.state import Phase

    assert set(PHASES) == set(Phase)
    g = GameSession.new(load_builtin("orchard-ridge"), options={"seed": 1}, deck_seed=1)
    legal = legal_actions(g.state, False)
    assert legal.actions == ("play_card",)
    assert legal.side is g.state.active
    assert legal.cards == tuple(g.state.hands[g.state.active])


def test_options_say_what_may_be_done_in_the_players_words() -> None:
    from companion.game.prompter import options_lines

    g = GameSession.new(load_builtin("orchard-ridge"), options={"seed": 2}, deck_seed=2)
    first = options_lines(g.legal())
    assert first[0].startswith("Cards you may play: ")
    from companion.rules.cards import card

    assert all(card(c).name in first[0] for c in g.state.hands[g.state.active])
    assert "_" not in first[0]  # card names as printed, not ids
    player = AutoPlayer(2)
    g.act(player.next_action(g))  # a card: now the units it may order
    assert g.prompt().kind == "order"
    lines = options_lines(g.legal())
    orderable = [u.id for u in g.legal().orderable]
    assert orderable and lines[0].startswith("Units this card may order: ")
    assert all(f"on {g.state.hex_name(g.state.position.units[uid].hex)}" in lines[0]
               for uid in orderable)
    # the order prompt lights only those units
    assert [c.key for c in g.prompt().choices] == orderable
    g.act(player.next_action(g))  # the order: now the moves
    movers = g.legal().movers
    lines = options_lines(g.legal())
    for u in movers:
        reach = sorted(g.legal().moves(u.id))
        assert any(f" on {u.hex} may move to: " in line and ", ".join(reach) in line
                   for line in lines)


def test_every_event_kind_has_one_registry_entry_with_its_reducer() -> None:
    from companion.game.events import BARRIERS, EVENT_KINDS, EVENTS, UNDOABLE, Undo

    assert len(EVENTS) == len(EVENT_KINDS) >= 30
    assert not (UNDOABLE & BARRIERS)
    for name, kind in EVENTS.items():
        assert kind.name == name and kind.meaning
        assert (kind.reduce is None) == (name in ("game_started", "undo")), name
    assert EVENTS["dice_read"].undo is Undo.BARRIER and EVENTS["unit_moved"].undo is Undo.UNDOABLE
    assert EVENTS["unit_moved"].changes_board and not EVENTS["medal_won"].changes_board


def test_card_types_with_real_cards_are_every_playable_type_of_the_deck() -> None:
    """With real cards the legal actions still say which cards may be the turn's card (the
    app lists them; it used to work this out itself): every card type of the scenario's deck,
    once, no reaction card; with a virtual deck, the hand's types."""
    from companion.rules import cards as card_rules

    real = GameSession.new(load_builtin("orchard-ridge"))
    assert real.state.deck is None
    legal = real.legal()
    types = legal.card_types
    assert legal.cards == ()  # no hand to list: the players hold the cards
    assert len(types) == len(set(types))
    assert "ambush" not in types and all(not card_rules.card(c).reaction for c in types)
    deck_types = {c for c in card_rules.deck_list(None) if not card_rules.card(c).reaction}
    assert set(types) == deck_types
    assert {"recon_left", "attack_center", "air_power", "barrage"} <= set(types)
    for c in types[:3]:  # each offered type is accepted as the turn's card
        probe = GameSession(GameLog.replay(real.events), "probe")
        probe.act({"do": "play_card", "card": c})
        assert probe.state.card == c

    virtual = GameSession.new(load_builtin("orchard-ridge"), deck_seed=5)
    hand = virtual.state.hands[virtual.state.active.value]
    assert virtual.legal().card_types == tuple(dict.fromkeys(hand))
    virtual.act({"do": "play_card", "card": hand[0]})
    assert virtual.legal().card_types == ()  # not the card phase any more
