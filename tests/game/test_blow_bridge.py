"""Blowing up bridges, option 2 (Actions 2), played by the game (ruleflows.BridgeFlow), from
6687 Drop in the Night's rules text: "The Allied player may attempt to blow up the two bridges
over the Douve River using option 2 (Actions 2 - Blowing Up Bridges). A bridge may be blown up
only if an Allied infantry unit is on an adjacent hex"; its victory text: "The destruction of
the bridges ... are Permanent Medal Objectives for the Allied forces". As bga-memoir plays it
(docs/rules-sources.md): a Section card, instead of ordering units; 2 dice, a star blows it."""

from __future__ import annotations

from typing import Any

import pytest

from companion.game.session import GameSession, IllegalAction
from companion.game.state import Phase
from companion.rules.board import Side
from companion.scenarios import Scenario, ScenarioText, SideSetup, TerrainPiece, UnitSetup, load
from companion.scenarios.check import errors
from tests.scenarios.test_real_scenarios_play import REAL

A, X = Side.ALLIES, Side.AXIS


def _game(*extra: UnitSetup, infantry: str = "infantry", side: str = "allies") -> GameSession:
    units = [UnitSetup("a1", A, infantry, "f4"), UnitSetup("x1", X, "infantry", "A9"),
             UnitSetup("x2", X, "infantry", "M9"), *extra]
    s = Scenario(id="bridges", text={"en": ScenarioText("Bridges")}, units=units,
                 terrain=[TerrainPiece("F5", "river"), TerrainPiece("F5", "blowable_bridge",
                                                                    value=1)],
                 sides={A: SideSetup(cards=5, medals_to_win=4),
                        X: SideSetup(cards=5, medals_to_win=4)},
                 variants={"blow_bridges": side}, starts=A)
    return GameSession.new(s)


def _names(g: GameSession, h: str) -> tuple[str, ...]:
    return tuple(g.state.position.terrain_names(g.state.board.parse(h)))


def test_a_section_card_may_blow_the_bridge_instead_of_ordering_a_star_blows_it() -> None:
    g = _game()
    g.act({"do": "play_card", "card": "attack_center"})
    assert "blow_bridge" in g.legal().actions and "order" in g.legal().actions
    assert any("blown up" in d for d in g.prompt().detail)
    g.act({"do": "blow_bridge", "hex": "F5"})
    p = g.prompt()
    assert p.kind == "dice" and p.dice is not None and p.dice.count == 2
    g.act({"do": "dice", "faces": ["flag", "star"]})
    assert "blowable_bridge" not in _names(g, "F5") and "river" in _names(g, "F5")
    assert g.state.medals[A] == 1  # the bridge's permanent medal
    assert g.state.phase is Phase.BATTLE and not g.legal().attackers  # no unit was ordered
    g.act({"do": "end_turn"})
    assert g.state.active is X


def test_without_a_star_the_bridge_holds_and_the_card_is_spent() -> None:
    g = _game()
    g.act({"do": "play_card", "card": "probe_center"})
    g.act({"do": "blow_bridge", "hex": "F5"})
    g.act({"do": "dice", "faces": ["flag", "grenade"]})
    assert "blowable_bridge" in _names(g, "F5") and g.state.medals[A] == 0
    assert g.state.phase is Phase.BATTLE and not g.state.ordered


def test_a_unit_on_the_bridge_blown_is_eliminated() -> None:
    g = _game(UnitSetup("x3", X, "infantry", "F5"))
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "blow_bridge", "hex": "F5"})
    g.act({"do": "dice", "faces": ["star", "star"]})
    assert "x3" not in g.state.position.units
    assert g.state.medals[A] == 2  # the unit and the bridge


@pytest.mark.parametrize(("card", "kw", "why"), [
    ("attack_left", {}, "a card that orders no unit in the bridge's section"),
    ("attack_center", {"infantry": "armor"}, "armor, not infantry, next to the bridge"),
    ("attack_center", {"side": "axis"}, "the rule is the Axis's"),
    ("air_power", {}, "no Section card"),
])
def test_the_bridge_is_offered_only_with_a_section_card_of_its_section_and_infantry_by_it(
        card: str, kw: dict[str, Any], why: str) -> None:
    g = _game(**kw)
    g.act({"do": "play_card", "card": card})
    assert "blow_bridge" not in g.legal().actions, why
    if g.state.phase is Phase.ORDER:
        with pytest.raises(IllegalAction, match="not possible now"):
            g.act({"do": "blow_bridge", "hex": "F5"})


def test_drop_in_the_night_reads_its_two_blowable_bridges_and_their_medals() -> None:
    s = load(REAL / "bga-memoir" / "6687-DropInTheNight82nd.m44")
    blowable = sorted((t.hex, t.value) for t in s.terrain if t.type == "blowable_bridge")
    assert blowable == [("C13", 1), ("c16", 1)]
    assert s.variants["blow_bridges"] == "allies"
    assert not [e for e in errors(s) if "CAN_BE_BLOWN" in e.message or "blowbridge" in e.message]


def test_the_command_line_types_blow_hex_and_the_prompt_says_so() -> None:
    from companion.cli.play import parse_command

    assert parse_command("blow c16") == {"do": "blow_bridge", "hex": "c16"}
    g = _game()
    g.act({"do": "play_card", "card": "attack_center"})
    from companion.game.prompter import options_lines

    assert any("blow HEX" in line for line in options_lines(g.legal()))
