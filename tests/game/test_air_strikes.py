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
