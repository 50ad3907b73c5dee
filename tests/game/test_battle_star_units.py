"""Units the battle-star tokens mark, played by the game (issue 16): 1302 Nijmegen Bridges'
collapsible boats (the boats go when the unit lands) and 6541 Breakthrough to the Beach's
Axis reinforcements, held back until the Axis have 5 medals."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.game.auto import AutoPlayer
from companion.game.queries import destinations
from companion.game.session import GameSession, IllegalAction
from companion.game.state import GameLog
from companion.rules.board import Side
from companion.scenarios import load
from companion.scenarios.jsonformat import from_dict, to_dict

BGA = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"


def _names(g: GameSession, uid: str) -> list[str]:
    return sorted(g.state.hex_name(h) for h in destinations(g.state, uid))


def test_nijmegen_boats_cross_the_river_in_two_turns_and_are_removed_on_landing() -> None:
    s = load(BGA / "1302-NijmegenBridges.m44")
    boats = [(u.id, u.hex) for u in s.units if "collapsible_boats" in u.variants]
    assert boats == [("a1", "a2"), ("a2", "b2"), ("a3", "c2")]  # the three starred units
    g = GameSession.new(s)
    g.act({"do": "play_card", "card": "attack_left"})
    g.act({"do": "order", "units": ["a1"]})
    assert any("Collapsible boats (a2, b2, c2)" in d for d in g.prompt().detail)
    assert {"a4", "b4"} <= set(_names(g, "a1"))  # onto the river, where it stops
    g.act({"do": "move", "unit": "a1", "to": "a4"})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "recon_right"})
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "attack_left"})
    g.act({"do": "order", "units": ["a1"]})
    # afloat: one hex, to either bank or along the river
    assert _names(g, "a1") == ["A3", "A5", "B3", "B5", "b4"]
    events = g.act({"do": "move", "unit": "a1", "to": "B5"})
    assert [e.kind for e in events][-1] == "boat_landed"
    assert g.state.position.units["a1"].variants == ()
    assert not g.state.position.units["a1"].spec.boat_water  # the river is closed to it again
    g.act({"do": "undo"})
    assert g.state.position.units["a1"].variants == ("collapsible_boats",)
    g.act({"do": "move", "unit": "a1", "to": "B5"})
    again = GameSession(GameLog.replay(g.events), "replay")
    assert again.state.position.units["a1"].variants == ()


def test_breakthrough_to_the_beach_holds_the_starred_axis_units_until_5_medals() -> None:
    s = load(BGA / "6541-BreakthroughToTheBeach.m44")
    held = sorted(u.id for u in s.units if "held_back" in u.variants)
    assert held == ["x1", "x2", "x3", "x4", "x8"]
    assert s.variants["reinforcements_at_medals"] == "5"
    assert to_dict(from_dict(to_dict(s))) == to_dict(s)
    g = GameSession.new(s, deck_seed=1)
    player = AutoPlayer(1)
    said = released_at = False
    ordered_after: set[str] = set()
    while not g.over and g.state.turn <= 150:
        before = g.state.medals[Side.AXIS]
        for e in g.act(player.next_action(g)):
            if e.kind == "reinforcements_released":
                assert before < 5 <= g.state.medals[Side.AXIS]
                assert e.data["units"] == [u for u in held if u in g.state.position.units]
                released_at = True
            if e.kind == "units_ordered" and e.data["side"] == "axis":
                if released_at:
                    ordered_after |= set(e.data["units"]) & set(held)
                else:  # no card orders a held unit before the release
                    assert not set(e.data["units"]) & set(held)
        p = g.prompt()
        if not released_at and p.kind == "order" and g.state.active is Side.AXIS:
            said = said or any("Reinforcements held back" in d for d in p.detail)
            assert not {o.id for o in g.legal().orderable} & set(held)
    assert said and released_at and g.over
    assert ordered_after  # released, they are ordered like any unit


def test_breakthrough_to_the_beach_allied_reinforcements_deploy_free_on_their_baseline() -> None:
    s = load(BGA / "6541-BreakthroughToTheBeach.m44")
    assert s.variants["baseline_reinforcements"] == "allies:5:infantry:gb:5;allies:2:armor:gb:5"
    s.variants["baseline_reinforcements"] = "allies:5:infantry:gb:1;allies:2:armor:gb:1"
    # a seeded game that reaches the deployment with 5 baseline hexes free (2 units left off)
    g = GameSession.new(s, deck_seed=4)
    player = AutoPlayer(4)
    while not g.over and g.state.turn <= 150:
        if any(e.kind == "deployment_due" for e in g.act(player.next_action(g))):
            break
    st = g.state
    assert st.active is Side.ALLIES and st.medals[Side.ALLIES] >= 1
    p = g.prompt()
    assert p.kind == "rule_step" and p.actions == ("deploy",)
    assert "place 5 infantry and 2 armor on your baseline" in p.text
    assert p.pick is not None and p.pick.count == 7
    free = list(p.highlight)
    with pytest.raises(IllegalAction, match="a hex of your baseline for each of the 7 units"):
        g.act({"do": "deploy", "hexes": " ".join(free[:6])})
    with pytest.raises(IllegalAction, match="not an empty hex of the Allies baseline"):
        g.act({"do": "deploy", "hexes": " ".join(["E5", *free[1:], "-", "-"][:7])})
    with pytest.raises(IllegalAction, match="there is room"):
        g.act({"do": "deploy", "hexes": " ".join(["-", *free, "-", "-"][:7])})
    before = len(st.position.units)
    placed = free[:7]
    g.act({"do": "deploy", "hexes": " ".join(placed + ["-"] * (7 - len(placed)))})
    st = g.state
    came = [u for u in st.position.units.values() if u.id.startswith("arf")]
    assert len(st.position.units) == before + len(placed) and len(placed) >= 5
    # in the order the prompt names them: the infantry first, the armor with no room left off
    assert [u.type for u in came] == (["infantry"] * 5 + ["armor"] * 2)[:len(placed)]
    ev = [e for e in g.events if e.kind == "units_deployed"][-1]
    assert ev.data["left_off"] == 7 - len(placed)
    assert all(u.nation == "gb" and st.hex_name(u.hex) in free for u in came)
    assert g.prompt().kind == "play_card"  # the deployment is free: the card comes next
    while not g.over and g.state.turn <= 150:  # once only
        assert not any(e.kind == "deployment_due" for e in g.act(player.next_action(g)))
