"""Air strikes for the side a scenario names (bga-memoir option air_strikes_rules; 4152 Panzer
Lehr Counter Attacks: "The Allied player may call in Air Strikes (Actions 3 - Air Strikes &
Blitz)"): that side may play a Recon 1 card as Air Power, as the Axis may under the Blitz rules
(Terrain Pack "Calling in Air Strikes (Hill 317 rule)"); the other side may not."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.game.session import GameSession, IllegalAction
from companion.rules.board import Side
from companion.rules.variants import card_plays_as
from companion.scenarios import load
from companion.scenarios.check import errors

BGA = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"
A, X = Side.ALLIES, Side.AXIS


def test_only_the_side_named_may_play_recon_as_air_power() -> None:
    v = {"air_strikes": "allies"}
    assert card_plays_as("recon_left", A, v) == ("recon_left", "air_power")
    assert card_plays_as("recon_left", X, v) == ("recon_left",)
    assert card_plays_as("attack_left", A, v) == ("attack_left",)
    assert card_plays_as("recon_right", X, {"air_strikes": "axis"}) == ("recon_right", "air_power")


def test_panzer_lehr_gives_the_allies_air_strikes_and_not_the_axis() -> None:
    s = load(BGA / "4152-PanzerLehrCounterAttack.m44")
    assert s.variants == {"air_strikes": "allies"}
    assert errors(s) == []
    assert len(s.exits) == 10  # the exit marker's rule, listed on a hex given again for its tag
    g = GameSession.new(s)  # the Axis move first; the players hold their own cards
    assert g.state.active is X
    with pytest.raises(IllegalAction, match="may not be played as air_power"):
        g.act({"do": "play_card", "card": "recon_center", "as_card": "air_power"})
    g.act({"do": "play_card", "card": "recon_center"})


def _mortain(units_on_hill: bool) -> GameSession:
    s = load(BGA / "16-CounterattackOnMortain.m44")
    assert s.variants == {"hill_317": "L5 k4"}
    if not units_on_hill:
        s.units = [u for u in s.units if u.hex not in ("L5", "k4")]
    g = GameSession.new(s)  # the Axis move first
    g.act({"do": "play_card", "card": "recon_center"})
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    return g


def test_hill_317_held_the_allies_play_recon_as_air_power() -> None:
    # 16 Counter-attack on Mortain: "As long as either hex of Hill 317 has an allied unit on it,
    # the Allied player may play his 'Recon' cards as an Air Power strike"
    g = _mortain(units_on_hill=True)
    assert g.state.active is A
    assert any("may be played as Air Power" in d for d in g.prompt().detail)
    g.act({"do": "play_card", "card": "recon_left", "as_card": "air_power"})
    played = [e for e in g.events if e.kind == "card_played"][-1]
    assert played.data["card"] == "air_power" and played.data["held"] == "recon_left"


def test_hill_317_empty_the_recon_card_is_only_a_recon_card() -> None:
    g = _mortain(units_on_hill=False)
    with pytest.raises(IllegalAction):
        g.act({"do": "play_card", "card": "recon_left", "as_card": "air_power"})
    s = load(BGA / "16-CounterattackOnMortain.m44")
    assert s.variants["hill_317"] == "L5 k4" and errors(s) == []
