"""Air Pack in the session (seed 000): the Air Sortie card played on its own (not beside a
Section card) brings an airplane in on an edge hex, lies face up and is not replaced at the end
of the turn; and an airplane lost on its air check gives the opponent a medal only when one of
his units was adjacent, recorded as a medal, not as a unit he eliminated."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.cli.play import parse_command
from companion.game.session import GameSession, IllegalAction
from companion.rules.board import Section, Side
from companion.scenarios import resolve
from companion.store import GameStore
from tests.game.conftest import play_turn


def snapshot(g: GameSession) -> tuple[Any, ...]:
    st = g.state
    units = sorted((u.id, st.hex_name(u.hex), u.figures, u.airborne) for u in st.position.units.values())
    return (g.log.last_seq, st.phase, st.turn, units, repr(st.air), st.medals,
            {s.value: list(h) for s, h in st.hands.items()}, st.deck)


def test_the_air_sortie_card_alone_brings_an_airplane_in_and_is_not_replaced(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    g = GameSession.new(resolve("kestrel-field"), store, deck_seed=1, options={"seed": 1})
    hand = list(g.state.hands[Side.ALLIES])
    deck = list(g.state.deck or [])
    ev = g.act(parse_command("card air_sortie"))
    assert ev[0].data["standalone"] and ev[0].data["card"] == "air_sortie"
    from companion.game.narrate import describe

    assert describe(ev[0]) == "The Allies play the Air Sortie card."
    assert g.state.air is not None and g.state.air.sorties["allies"] == 0
    p = g.prompt()
    assert p.kind == "order" and "Air Sortie" in p.text
    before = snapshot(g)
    for bad in ({"do": "order", "units": ["a1"]},  # a sortie orders no ground unit
                {"do": "order", "units": [], "sortie_hex": "E5"},  # not an edge hex
                {"do": "order", "units": []}):  # no edge hex named
        with pytest.raises(IllegalAction):
            g.act(bad)
        assert snapshot(g) == before, bad
    ev = g.act({"do": "order", "units": [], "sortie_hex": "A1"})
    plane = ev[0].data["sortie_plane"]
    assert ev[0].data["units"] == [plane] and ev[0].data["new_airplane"]["model"] == "yak1"
    assert "air_checks" not in ev[0].data
    g.act({"do": "move", "unit": plane, "to": "B3"})
    g.act({"do": "end_moves"})
    ev = g.act({"do": "end_turn"})
    assert ev[0].data["drawn"] is None  # no card replaces the Air Sortie
    assert g.state.hands[Side.ALLIES] == hand and g.state.deck == deck
    assert g.state.discard == ["air_sortie"]  # played, it is discarded (and may come back)
    assert GameSession.resume(store, g.game_id).state.hands == g.state.hands
    assert snapshot(GameSession.resume(store, g.game_id)) == snapshot(g)
    # the axis play theirs alone too; the allies hold none any more
    g.act({"do": "play_card", "card": "air_sortie"})
    g.act({"do": "undo"})  # the card goes back to the axis
    assert g.state.air.sorties["axis"] == 1
    play_turn(g, "probe_right")
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="holds no Air Sortie"):
        g.act({"do": "play_card", "card": "air_sortie"})
    assert snapshot(g) == before


def test_an_air_sortie_alone_orders_the_flying_airplane_without_an_air_check() -> None:
    g = GameSession.new(resolve("kestrel-field"))
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a7"]})  # the Yak takes off from its airfield
    g.act({"do": "move", "unit": "a7", "to": "G5"})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    play_turn(g, "probe_left")
    ev = g.act({"do": "play_card", "card": "air_sortie"})
    ev = g.act({"do": "order", "units": []})
    assert ev[0].data["units"] == ["a7"] and "air_checks" not in ev[0].data
    assert g.prompt().kind == "move"


def test_the_air_sortie_card_belongs_to_air_pack_games() -> None:
    g = GameSession.new(resolve("varenne-bridges"))
    before = (g.log.last_seq, g.state.phase)
    with pytest.raises(IllegalAction, match="no Air Sortie"):
        g.act({"do": "play_card", "card": "air_sortie"})
    assert (g.log.last_seq, g.state.phase) == before


def test_an_airplane_lost_on_its_air_check_is_a_medal_not_an_elimination() -> None:
    g = GameSession.new(resolve("kestrel-field"))
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["a7"]})
    g.act({"do": "move", "unit": "a7", "to": "f6"})  # next to x5 (e6)
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    play_turn(g, "probe_left")
    g.act({"do": "play_card", "card": "direct_from_hq"})
    ev = g.act({"do": "order", "units": ["a7"]})
    assert ev[0].data["air_checks"][0]["thrower"] == "axis"
    ev = g.act({"do": "dice", "faces": ["grenade"] * ev[0].data["air_checks"][0]["dice"]})
    assert [e.kind for e in ev][-2:] == ["air_check", "medal_won"]
    counts = g.state.medal_counts[Side.AXIS]
    assert counts.total == 1 and counts.extra == 1 and counts.eliminated == 0
    assert "a7" not in g.state.position.units and "a7" not in g.state.eliminated


def test_the_auto_player_plays_an_air_sortie_card_alone_and_the_game_resumes_the_same(
        tmp_path: Path) -> None:
    from companion.game.auto import AutoPlayer

    store = GameStore(tmp_path)
    g = GameSession.new(resolve("kestrel-field"), store, deck_seed=1, options={"seed": 1})
    player = AutoPlayer(1)
    standalone = 0
    while not g.over and g.log.last_seq < 3000:
        for e in g.act(player.next_action(g)):
            standalone += bool(e.kind == "card_played" and e.data.get("standalone"))
    assert standalone >= 1 and g.over
    assert snapshot(GameSession.resume(store, g.game_id)) == snapshot(g)


def test_a_counter_attack_of_an_air_sortie_is_played_as_an_air_sortie() -> None:
    g = GameSession.new(resolve("kestrel-field"))
    g.act({"do": "play_card", "card": "air_sortie"})
    ev = g.act({"do": "order", "units": [], "sortie_hex": "A1"})
    g.act({"do": "move", "unit": ev[0].data["sortie_plane"], "to": "B3"})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    ev = g.act({"do": "play_card", "card": "counter_attack"})
    assert ev[0].data["air_sortie"] and ev[0].data["counters_sortie"]
    before = snapshot(g)
    for bad in ({"do": "order", "units": ["x1"]}, {"do": "order", "units": []}):
        with pytest.raises(IllegalAction, match="sortie_hex"):
            g.act(bad)
        assert snapshot(g) == before
    ev = g.act({"do": "order", "units": [], "sortie_hex": "M9"})
    plane = ev[0].data["sortie_plane"]
    assert ev[0].data["units"] == [plane] and ev[0].data["new_airplane"]["model"] == "me109"
    assert g.state.air is not None and g.state.air.sorties["axis"] == 1  # his own card is kept


def test_a_counter_attack_of_air_power_played_as_an_air_sortie_is_an_air_sortie_too() -> None:
    # seed 000, p.3: "When an Air Sortie equivalent is countered with a Counter-Attack, it must be
    # played the same way as the initial card was; i.e., as an Air Sortie if the card was played
    # that way". Air Power is played as an Air Sortie under the Air Pack; its Counter-Attack was
    # played as Air Power (an attack of 4 dice a hex) and ordered nothing
    from companion.game.queries import card_spec_in_force

    g = GameSession.new(resolve("kestrel-field"))
    assert g.act({"do": "play_card", "card": "air_power"})[0].data["air_sortie"]
    ev = g.act({"do": "order", "units": [], "sortie_hex": "A1"})
    g.act({"do": "move", "unit": ev[0].data["sortie_plane"], "to": "B3"})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    ev = g.act({"do": "play_card", "card": "counter_attack"})
    assert ev[0].data["air_sortie"] and ev[0].data["counters_sortie"]
    spec = card_spec_in_force(g.state)
    assert spec is None or spec.direct_attack is None  # no Air Power attack of its own
    with pytest.raises(IllegalAction, match="sortie_hex"):
        g.act({"do": "order", "units": []})
    ev = g.act({"do": "order", "units": [], "sortie_hex": "M9"})
    assert ev[0].data["units"] == [ev[0].data["sortie_plane"]]
    assert g.state.air is not None and g.state.air.sorties["axis"] == 1  # his own card is kept


def test_a_counter_attack_of_a_section_card_played_with_an_air_sortie_counters_the_section_card() -> None:
    # seed 000, p.3: "the Counter-Attack card only lets you counter his Section card, not the Air
    # Sortie played along with it"
    from companion.game.queries import counters_for

    g = GameSession.new(resolve("kestrel-field"))
    ev = g.act({"do": "play_card", "card": "probe_left", "air_sortie": True})
    assert ev[0].data["sortie_card"]
    ev = g.act({"do": "order", "units": [], "sortie_hex": "A1"})
    g.act({"do": "move", "unit": ev[0].data["sortie_plane"], "to": "B3"})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    ev = g.act({"do": "play_card", "card": "counter_attack"})
    assert not ev[0].data.get("air_sortie")
    assert counters_for(g.state) == "probe_left"


def test_air_power_played_as_an_air_sortie_makes_no_attack_of_its_own() -> None:
    # seed 000, p.3: "when Air Rules are in effect, Air Power cards must be played as if they were
    # Air Sortie cards instead". The game ordered the airplane and then offered Air Power's own
    # attack as well (found comparing the game's card attacks with the referee, which refuses
    # Air Power under the Air Pack)
    g = GameSession.new(resolve("kestrel-field"))
    g.act({"do": "play_card", "card": "air_power"})
    ev = g.act({"do": "order", "units": [], "sortie_hex": "A1"})
    g.act({"do": "move", "unit": ev[0].data["sortie_plane"], "to": "B3"})
    g.act({"do": "end_moves"})
    assert "card_attack" not in g.prompt().actions
    x = next(u for u in g.state.position.units.values() if u.side is Side.AXIS)
    with pytest.raises(IllegalAction, match="not possible now"):
        g.act({"do": "card_attack", "targets": [x.id]})


def test_a_recon_played_as_air_power_under_air_strikes_is_an_air_sortie_with_the_air_pack() -> None:
    # seed 000, p.3: "cards that are deemed equivalent by the Scenario's Special rules - such as a
    # Recon 1 card when Air Strikes & Blitz rules are in effect -, may be played ... as indicated
    # on the card (e.g. a Recon 1) OR as an Air Sortie card instead". The game played such a Recon
    # as Air Power's attack of 1 die a hex, beside the airplanes
    scenario = resolve("kestrel-field")
    scenario.variants = {**scenario.variants, "air_strikes": "allies"}
    g = GameSession.new(scenario)
    assert g.state.active is Side.ALLIES
    ev = g.act({"do": "play_card", "card": "recon_left", "as_card": "air_power"})
    assert ev[0].data["card"] == "air_power" and ev[0].data["air_sortie"]
    ev = g.act({"do": "order", "units": [], "sortie_hex": "A1"})
    assert ev[0].data["units"] == [ev[0].data["sortie_plane"]]
    g.act({"do": "move", "unit": ev[0].data["sortie_plane"], "to": "B3"})
    g.act({"do": "end_moves"})
    assert "card_attack" not in g.prompt().actions


def test_a_recon_played_as_an_air_sortie_enters_in_its_own_section() -> None:
    # seed 000, p.3: "If the card played as an Air Sortie is a Recon 1 card ... the card can only
    # be played to start an Air Sortie from an edge hex of the matching board's section"
    from companion.game import airflow

    scenario = resolve("kestrel-field")
    scenario.variants = {**scenario.variants, "air_strikes": "allies"}
    g = GameSession.new(scenario)
    g.act({"do": "play_card", "card": "recon_left", "as_card": "air_power"})
    st = g.state
    entries = airflow.sortie_edge_hexes(st)
    assert entries and all(st.board.sections(h, Side.ALLIES) & {Section.LEFT} for h in entries)
    before = snapshot(g)
    for outside in ("M1", "G1"):  # the right and the centre sections' edge
        with pytest.raises(IllegalAction, match="not an edge hex where this Air Sortie may enter"):
            g.act({"do": "order", "units": [], "sortie_hex": outside})
        assert snapshot(g) == before
    ev = g.act({"do": "order", "units": [], "sortie_hex": "A1"})
    assert ev[0].data["new_airplane"]["hex"] == "A1"


def test_an_air_sortie_with_a_section_card_offers_the_edge_of_that_section_only() -> None:
    # seed 000, p.3: played with a Section card, the Air Sortie uses "one order from the Section
    # card just played to make an Air Sortie in the corresponding section"; the order refused
    # the other edges, but the hexes offered to the app (flows' entry_hexes) held every edge
    from companion.game import airflow

    g = GameSession.new(resolve("kestrel-field"))
    g.act({"do": "play_card", "card": "probe_left", "air_sortie": True})
    st = g.state
    entries = airflow.sortie_edge_hexes(st)
    assert st.board.parse("A1") in entries and st.board.parse("M1") not in entries
    assert all(Section.LEFT in st.board.sections(h, Side.ALLIES) for h in entries)
    with pytest.raises(IllegalAction, match="not an edge hex where this Air Sortie may enter"):
        g.act({"do": "order", "units": [], "sortie_hex": "M1"})


def test_an_air_sortie_card_drawn_from_the_deck_goes_face_up_and_another_card_is_drawn() -> None:
    g = GameSession.new(resolve("kestrel-field"), deck_seed=1, options={"seed": 1})
    g.act({"do": "play_card", "card": "air_sortie"})
    g.act({"do": "order", "units": [], "sortie_hex": "A1"})
    plane = g.state.ordered[0]
    g.act({"do": "move", "unit": plane, "to": "B3"})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    card = g.state.hands[Side.AXIS][0]
    g.act({"do": "play_card", "card": card})
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    st = g.state
    assert st.deck is not None and st.air is not None
    # the discarded Air Sortie card comes up on top of the deck (as after a reshuffle)
    st.deck.insert(0, st.discard.pop(st.discard.index("air_sortie")))
    second = st.deck[1]
    ev = g.act({"do": "end_turn"})
    assert ev[0].data["sortie_drawn"] is True and ev[0].data["drawn"] == second
    assert g.state.air is not None and g.state.air.sorties == {"allies": 0, "axis": 2}
    assert second in g.state.hands[Side.AXIS] and len(g.state.hands[Side.AXIS]) == 5
    assert "air_sortie" not in (g.state.deck or []) and "air_sortie" not in g.state.hands[Side.AXIS]


def test_an_air_sortie_card_on_top_of_the_deck_is_never_drawn_into_a_hand_to_replace_ambush() -> None:
    from companion.game.airflow import replacement_draw

    assert replacement_draw(["air_sortie", "probe_left", "ambush"]) == {"drawn": "probe_left",
                                                                        "sortie_drawn": True}
    assert replacement_draw(["probe_left"]) == {"drawn": "probe_left"}
    assert replacement_draw([]) == {"drawn": None}
    assert replacement_draw(["air_sortie"]) == {"drawn": None, "sortie_drawn": True}
