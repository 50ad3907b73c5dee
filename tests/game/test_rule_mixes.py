"""Rules met together in one game, as the random editor-file benchmark
(`benchmarks/random_editor_files.py`) found them breaking: each time the session or the auto
player answered one rule as if the other were not there."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.game import ruleflows
from companion.game.auto import AutoPlayer
from companion.game.session import GameSession, IllegalAction
from companion.rules.board import Side
from companion.scenarios import AirRules, AirSetup, load
from tests.game.test_scenario_rules import _u, scenario

A, X = Side.ALLIES, Side.AXIS
GAP = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir" / "4090-ClosingTheGap.m44"


def _seed_holding(make: object, side: Side, card: str) -> GameSession:
    """A new game of ``make()`` whose virtual deck deals ``side`` the ``card``."""
    for seed in range(200):
        g = GameSession.new(make(), deck_seed=seed)  # type: ignore[operator]
        if card in g.state.hands[side]:
            return g
    raise AssertionError(f"no deck seed under 200 deals {card}")


def test_medics_and_mechanics_brings_no_unit_onto_the_board() -> None:
    # 4090 Closing the Gap has Armor Breakthrough and Medics & Mechanics in one deck: the
    # card orders a unit on the board that has lost figures; a held-back tank has none
    g = _seed_holding(lambda: load(GAP), X, "medics_and_mechanics")
    assert g.state.active is X
    g.act({"do": "play_card", "card": "medics_and_mechanics"})
    assert ruleflows.arrival_hexes(g.state) == ()
    assert g.legal().arrival_hexes == ()
    due = g.prompt().dice
    assert due is not None
    before = len(g.events)
    with pytest.raises(IllegalAction, match="Medics & Mechanics"):
        g.act({"do": "order", "units": [], "arrive": ["C1"], "roll": ["star"] * due.count})
    assert len(g.events) == before  # nothing recorded


def _commissar_deck() -> object:
    return scenario([_u("a1", A, "artillery", "D3"), _u("a2", A, "infantry", "f4"),
                     _u("x1", X, "infantry", "F7"), _u("x2", X, "infantry", "A9")],
                    variants={"russian_commissar": "allies", "air_power_as_artillery_bombard": ""})


def test_a_card_played_as_another_leaves_the_hand_under_the_commissar() -> None:
    # Air Power placed under the chip and played as Artillery Bombard (the scenario's deck):
    # the Air Power card is the one spent, so it may not go under the chip again
    g = _seed_holding(_commissar_deck, A, "air_power")
    assert g.state.hands[A].count("air_power") == 1
    g.act({"do": "commissar_card", "card": "air_power"})
    g.act({"do": "play_card", "card": "air_power"})
    assert g.state.card == "artillery_bombard"
    g.act({"do": "order", "units": ["a1"]})
    offered = [c["card"] for c in g.legal().candidates() if c["do"] == "commissar_card"]
    assert offered and "air_power" not in offered
    with pytest.raises(IllegalAction, match="do not hold Air Power"):
        g.act({"do": "commissar_card", "card": "air_power"})


def test_air_power_played_as_artillery_bombard_flies_no_sortie() -> None:
    def make() -> object:
        s = scenario([_u("a1", A, "artillery", "D3"), _u("a2", A, "infantry", "f4"),
                      _u("x1", X, "infantry", "F7"), _u("x2", X, "infantry", "A9")],
                     variants={"air_power_as_artillery_bombard": ""})
        s.air = AirSetup(rules=AirRules.AIR_PACK)
        return s

    g = _seed_holding(make, A, "air_power")
    g.act({"do": "play_card", "card": "air_power"})
    assert g.state.card == "artillery_bombard"
    assert g.state.air is not None and not g.state.air.sortie
    g.act({"do": "order", "units": ["a1"]})  # no edge hex for an airplane is asked
    assert g.state.ordered == ["a1"]


def test_the_commissar_passes_an_air_sortie_card_to_the_air_pack() -> None:
    def make() -> object:
        s = scenario([_u("a1", A, "infantry", "D3"), _u("x1", X, "infantry", "F7")],
                     variants={"russian_commissar": "allies"})
        s.air = AirSetup(rules=AirRules.AIR_PACK)
        return s

    g = GameSession.new(make(), deck_seed=1)  # type: ignore[arg-type]
    # an Air Sortie card is no command card of the hand: the chip has no say over it
    assert ruleflows.playable_cards(g.state, ["air_sortie"]) == ["air_sortie"]
    player = AutoPlayer(1)
    for _ in range(400):  # the auto player's whole game is legal moves
        if g.over or g.state.turn > 12:
            break
        g.act(player.next_action(g))


def test_a_retreat_whose_battled_hex_was_filled_after_it_plays_on() -> None:
    """Random editor file 1571 (`--air`): a barrage sent a unit back, and another unit stood on
    the battled hex by the time the frozen-river check looked for the retreat's way (it put the
    retreating unit back there and met it: PositionError). The game now plays to its end."""
    import importlib.util
    import json

    path = Path(__file__).parents[2] / "benchmarks" / "random_editor_files.py"
    spec = importlib.util.spec_from_file_location("random_editor_files", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    sed = json.loads((bench.DATA / "sed_names.json").read_text())
    codes = json.loads((bench.DATA / "bga_codes.json").read_text())
    assert bench.play(bench.editor_file(1571, sed, codes, True), 1571, 60) == ""
