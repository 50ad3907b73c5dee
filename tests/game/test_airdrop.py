"""Airdrops before a side's first turn (base game 3 Sainte-Mere-Eglise, bga-memoir option
airdrop): "Drop the figures. If a figure falls off the board or lands in a hex with another
friendly or enemy unit, this figure is out of action ... No Victory Medal is awarded to the Axis
player on this occasion. If the figure is not out-of-action, place an additional 3 figures from
the box into the Infantry figure's hex." The table drops them; the players say where each landed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession, IllegalAction
from companion.game.state import GameLog, Phase
from companion.rules.board import Side
from companion.scenarios import Airdrop, load
from companion.scenarios.check import errors
from companion.scenarios.jsonformat import from_dict, to_dict

BGA = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"
A, X = Side.ALLIES, Side.AXIS


def test_sainte_mere_eglise_drops_four_figures_over_g5_before_the_allies_first_turn() -> None:
    s = load(BGA / "3-SainteMereEglise.m44")
    assert s.airdrops == [Airdrop(A, 4, "infantry", "G5", 4, "us")]
    assert errors(s) == []
    g = GameSession.new(s)
    p = g.prompt()
    assert g.state.phase is Phase.RULE_STEP and p.actions == ("airdrop",)
    assert p.side == "allies" and "drop 4 figures (infantry) over G5" in p.text
    before = len(g.state.position.units)
    # one on G5 (the Axis infantry's town), one off the board, two land on empty hexes
    g.act({"do": "airdrop", "hexes": "g6 G5 off f6"})
    st = g.state
    dropped = [u for u in st.position.units.values() if u.id.startswith("adrop")]
    assert sorted(st.hex_name(u.hex) for u in dropped) == ["f6", "g6"]
    assert all(u.figures == 4 and u.side is A and u.type == "infantry" for u in dropped)
    assert len(st.position.units) == before + 2
    assert st.medals[X] == 0  # figures out of action are no medal
    assert st.phase is Phase.PLAY_CARD and st.active is A
    ev = [e for e in g.events if e.kind == "units_dropped"][-1]
    assert [x["why"] for x in ev.data["lost"]] == ["on G5, a hex with another unit", "off the board"]
    again = GameSession(GameLog.replay(g.events), "replay")
    assert sorted(u.id for u in again.state.position.units.values()) == \
        sorted(u.id for u in st.position.units.values())


def test_the_drop_says_where_each_figure_landed_and_two_on_one_hex_lose_the_second() -> None:
    g = GameSession.new(load(BGA / "3-SainteMereEglise.m44"))
    with pytest.raises(IllegalAction, match="where each of the 4 figures landed"):
        g.act({"do": "airdrop", "hexes": "g6 f6"})
    with pytest.raises(IllegalAction, match="hexes"):
        g.act({"do": "airdrop", "hexes": "g6 f6 Z99 off"})
    g.act({"do": "airdrop", "hexes": "g6 g6 f6 F5"})
    ev = [e for e in g.events if e.kind == "units_dropped"][-1]
    assert [u["hex"] for u in ev.data["units"]] == ["g6", "f6", "F5"]
    assert ev.data["lost"][0]["why"] == "on g6, a hex with another figure of the drop"


def test_drop_in_the_night_drops_three_times_then_plays_to_a_result() -> None:
    s = load(BGA / "6687-DropInTheNight82nd.m44")
    assert [(d.center, d.units, d.daylight) for d in s.airdrops] == [
        ("f14", 3, False), ("i12", 3, False), ("j6", 3, False), ("c6", 3, True)]
    g = GameSession.new(s, deck_seed=1)
    player = AutoPlayer(1)
    while not g.over and g.state.turn <= 150:
        g.act(player.next_action(g))
    drops = [e for e in g.events if e.kind == "units_dropped"]
    assert [e.data["index"] for e in drops][:3] == [0, 1, 2]
    # the glider drop over Les Forges (airdrop2) comes once, after the night is over
    events = list(g.events)
    glider = [i for i, e in enumerate(events)
              if e.kind == "units_dropped" and e.data["index"] == 3]
    assert len(glider) <= 1
    if glider:
        night = [e.data["visibility"] for e in events[:glider[0]] if e.kind == "night_rolled"]
        assert night and night[-1] is None
    assert g.over


def test_the_daylight_drop_waits_for_full_daylight_then_drops_at_the_start_of_the_turn() -> None:
    # 6687 Drop in the Night: "Once in full daylight, the Allied player can drop up to 3
    # additional Infantry units ... over the hex at Les Forges" (airdrop2, NEED_FULL_DAY_VISIBILITY)
    s = load(BGA / "6687-DropInTheNight82nd.m44")
    s.airdrops[:] = s.airdrops[3:]  # the night's three drops done: only the glider drop left
    g = GameSession.new(s)
    assert g.state.phase is Phase.RULE_DICE  # the night roll of the Allies' turn, no drop yet
    g.act({"do": "dice", "faces": ["star"] * 4})  # visibility 5: still night
    assert g.state.phase is Phase.PLAY_CARD and g.state.position.visibility == 5
    for _ in range(2):
        g.act({"do": "play_card", "card": "recon_center"})
        g.act({"do": "order", "units": []})
        g.act({"do": "end_moves"})
        g.act({"do": "end_turn"})
    g.act({"do": "dice", "faces": ["star", "flag", "flag", "flag"]})  # full daylight
    assert g.state.position.visibility is None
    p = g.prompt()
    assert g.state.phase is Phase.RULE_STEP and p.actions == ("airdrop",)
    assert "drop 3 figures" in p.text and "c6" in p.text
    g.act({"do": "airdrop", "hexes": "c6 d6 off"})
    dropped = [u for u in g.state.position.units.values() if u.id.startswith("adrop")]
    assert sorted(g.state.hex_name(u.hex) for u in dropped) == ["c6", "d6"]
    assert all(u.type == "special_forces" for u in dropped)
    assert g.state.phase is Phase.PLAY_CARD  # once: no drop is due any more


def test_airdrops_survive_our_json_format() -> None:
    s = load(BGA / "3-SainteMereEglise.m44")
    assert from_dict(to_dict(s)).airdrops == s.airdrops


def test_paradrops_named_only_in_the_briefing_drop_before_the_first_turn() -> None:
    """6369 Operation Amherst: "Before the Axis player takes his first turn, the Allied player
    makes three paradrops, each with 3 figures (Actions 20 - Paradrop)", and "All Allied
    infantry units are Special Forces Para units": three drops of 3 special forces, made before
    the Axis' first turn although the Axis move first (Actions 20 played as the base game's
    airdrop: its own text is not public)."""
    s = load(BGA / "6369-OperationAmherst.m44")
    assert s.starts is Side.AXIS
    assert [(d.side, d.units, d.unit_type, d.at_start) for d in s.airdrops] == \
        [(Side.ALLIES, 3, "special_forces", True)] * 3
    assert errors(s) == []
    assert from_dict(to_dict(s)).airdrops == s.airdrops
    g = GameSession.new(s, deck_seed=1)
    p = g.prompt()
    assert p.kind == "rule_step" and p.side == "allies" and g.legal().side is Side.ALLIES
    assert g.state.active is Side.AXIS  # the Axis' turn, before its card
    g.act({"do": "airdrop", "hexes": "G5 off off"})
    assert g.prompt().kind == "rule_step"  # the second drop at once
    g.act({"do": "airdrop", "hexes": "off off off"})
    g.act({"do": "airdrop", "hexes": "off off off"})
    p = g.prompt()
    assert p.kind == "play_card" and p.side == "axis"
    dropped = [u for u in g.state.position.units.values() if u.id.startswith("adrop")]
    assert [(g.state.hex_name(u.hex), u.type) for u in dropped] == [("G5", "special_forces")]


def test_a_first_turn_drop_of_elite_infantry_from_the_briefing() -> None:
    """18261 Soviet Raid on Grigorevka: "on the first turn, the Allied player drops 6 Elite
    Infantry units on the board, one at a time"; the Allies move first."""
    s = load(BGA / "18261-SovietRaidOnGrigorevka.m44")
    assert [(d.side, d.units, d.unit_type, d.at_start) for d in s.airdrops] == \
        [(Side.ALLIES, 6, "special_forces", False)]
    assert errors(s) == []
