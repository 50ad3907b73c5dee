"""Reinforcements landed on an airfield, played by the game (issue 16: the referee answered
``airfield_landing`` but no game offered it). The rules database seed (004), Airfields: "If
indicated in the Special Rules of the scenario, a player may land reinforcements on an
airfield hex when there are no enemy units on any of the airfield hexes. When a Direct from HQ
command card is played, for one order, one infantry unit is placed on an airfield hex. The
unit may not move or battle the turn it lands." The scenario says so with the variant
``airfield_reinforcements`` (``side:units:type:nation``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.game.auto import AutoPlayer
from companion.game.narrate import Narrator
from companion.game.session import GameSession, IllegalAction
from companion.game.state import GameLog, Phase
from companion.rules.board import Side
from companion.scenarios import load
from companion.scenarios.check import errors
from companion.scenarios.jsonformat import from_dict, to_dict
from companion.scenarios.model import ScenarioError

BGA = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"


def _sidi_rezegh(rule: str = "allies:2:infantry:gb", enemy_on_field: bool = False
                 ) -> dict[str, Any]:
    """4246 Sidi Rezegh Airfield (its airfield g8, an Axis infantry unit on it) with two more
    airfield hexes, f8 and h8, and the scenario's special rule letting the Allies land
    reinforcements there."""
    data = to_dict(load(BGA / "4246-SidiRezeghAirfield.m44"))
    data["terrain"] = [*data["terrain"], {"hex": "f8", "type": "airfield"},
                       {"hex": "h8", "type": "airfield"}]
    if not enemy_on_field:
        data["units"] = [u for u in data["units"] if u["hex"] != "g8"]
    data["variants"] = {**data["variants"], "airfield_reinforcements": rule}
    return data


def _game(**kw: Any) -> GameSession:
    s = from_dict(_sidi_rezegh(**kw))
    assert errors(s) == []
    assert from_dict(to_dict(s)).variants == s.variants
    g = GameSession.new(s)
    assert g.state.active is Side.ALLIES and g.state.phase is Phase.PLAY_CARD
    return g


def test_each_order_of_direct_from_hq_lands_an_infantry_unit_that_may_not_move_or_battle() -> None:
    g = _game()
    g.act({"do": "play_card", "card": "direct_from_hq"})  # 4 orders, any units
    detail = " ".join(g.prompt().detail)
    assert "Airfield reinforcements" in detail and "f8, g8, h8" in detail
    assert set(g.legal().arrival_hexes) == {"f8", "g8", "h8"}
    with pytest.raises(IllegalAction, match="not an empty airfield hex"):
        g.act({"do": "order", "units": [], "arrive": ["e8"]})
    with pytest.raises(IllegalAction, match="2 units at most"):
        g.act({"do": "order", "units": [], "arrive": ["f8", "g8", "h8"]})
    with pytest.raises(IllegalAction, match="name only the airfield hexes"):
        g.act({"do": "order", "units": [], "arrive": ["f8=e8"]})
    # two orders land two units, two more order the armor on the board: four orders in all
    g.act({"do": "order", "units": ["a1", "a2"], "arrive": ["f8", "h8"]})
    st = g.state
    came = sorted((u for u in st.position.units.values() if u.id.startswith("aafld")),
                  key=lambda u: u.id)
    assert [(u.id, st.hex_name(u.hex)) for u in came] == [("aafld1", "f8"), ("aafld2", "h8")]
    assert all(u.type == "infantry" and u.figures == 4 and u.nation == "gb" and u.side is
               Side.ALLIES for u in came)
    assert set(st.ordered) == {"a1", "a2"}  # the landed units neither move nor battle
    assert not {u.id for u in came} & {m.id for m in g.legal().movers}
    ev = [e for e in g.events if e.kind == "units_arrived"][-1]
    assert ev.data["kind"] == "airfield_reinforcements"
    said = Narrator().line(ev, st)
    assert said.startswith("Reinforcements landed on the airfield: 2 units came in")
    assert "f8" in said and "h8" in said
    again = GameSession(GameLog.replay(g.events), "replay")
    assert sorted(u for u in again.state.position.units if u.startswith("aafld")) == \
        ["aafld1", "aafld2"]


def test_another_card_lands_nothing_and_no_more_land_than_the_rule_allows() -> None:
    g = _game(rule="allies:1:infantry:gb")
    g.act({"do": "play_card", "card": "attack_center"})
    assert not any("Airfield" in d for d in g.prompt().detail)
    assert g.legal().arrival_hexes == ()
    with pytest.raises(IllegalAction, match="only for an order of a Direct from HQ card"):
        g.act({"do": "order", "units": [], "arrive": ["f8"]})
    before = list(g.events)
    assert not [u for u in g.state.position.units if u.startswith("aafld")]
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    assert len(g.events) > len(before)
    g.act({"do": "play_card", "card": "recon_center"})  # the Axis' turn
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": [], "arrive": ["g8"]})
    assert "aafld1" in g.state.position.units
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "recon_center"})
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "direct_from_hq"})
    assert not any("Airfield" in d for d in g.prompt().detail)
    with pytest.raises(IllegalAction, match="all 1 unit of the rule have come in"):
        g.act({"do": "order", "units": [], "arrive": ["f8"]})


def test_no_reinforcements_land_while_an_enemy_unit_stands_on_an_airfield_hex() -> None:
    g = _game(enemy_on_field=True)
    g.act({"do": "play_card", "card": "direct_from_hq"})
    assert not any("Airfield" in d for d in g.prompt().detail)
    assert g.legal().arrival_hexes == ()
    with pytest.raises(IllegalAction, match=r"an enemy unit stands on an airfield hex \(g8\)"):
        g.act({"do": "order", "units": [], "arrive": ["f8"]})
    assert not [u for u in g.state.position.units if u.startswith("aafld")]


def test_the_auto_player_lands_reinforcements_with_direct_from_hq_and_plays_to_a_result() -> None:
    g = _game()
    g.act({"do": "play_card", "card": "direct_from_hq"})
    action = AutoPlayer(1).next_action(g)
    assert action["do"] == "order" and action["arrive"] == ["f8", "g8"]
    g.act(action)
    assert {"aafld1", "aafld2"} <= set(g.state.position.units)
    g = GameSession.new(from_dict(_sidi_rezegh()), deck_seed=4)  # the Allies draw the card
    player = AutoPlayer(4)
    while not g.over and g.state.turn <= 150:
        g.act(player.next_action(g))
    assert g.over
    assert any(e.kind == "units_arrived" for e in g.events)
    card = None
    for e in g.events:  # every landing came with a Direct from HQ card
        if e.kind == "card_played":
            card = e.data["card"]
        if e.kind == "units_arrived":
            assert e.data["kind"] == "airfield_reinforcements" and card == "direct_from_hq"


def test_a_bad_airfield_reinforcements_value_names_its_field() -> None:
    data = _sidi_rezegh()
    data["terrain"] = [t for t in data["terrain"] if t["type"] != "airfield"]
    assert [p.message for p in errors(from_dict(data))] == [
        "reinforcements land on an airfield, and the board has none"]
    for value, words in (("allies:2:armor:gb", "not an infantry type"),
                         ("allies:0:infantry:gb", "units must be 1 to 20"),
                         ("allies:2:infantry:gb:f8", "side:units:type")):
        with pytest.raises(ScenarioError, match=words) as exc:
            from_dict(_sidi_rezegh(rule=value))
        assert "variants.airfield_reinforcements" in str(exc.value)


def test_a_briefing_in_the_seeds_words_switches_the_rule_on() -> None:
    import json

    from companion.scenarios.m44 import import_m44

    raw = json.loads((BGA / "4246-SidiRezeghAirfield.m44").read_text(encoding="utf-8-sig"))
    raw["text"]["en"]["rules"] += ("\nThe Allied player may land up to 3 infantry units as "
                                   "reinforcements on the airfield.")
    s = import_m44(raw)
    assert s.variants["airfield_reinforcements"] == "allies:3:infantry"
    raw["text"]["en"]["rules"] = "The Axis player may land reinforcements on an airfield hex."
    assert import_m44(raw).variants["airfield_reinforcements"] == "axis:20:infantry:de"
    del raw["text"]["en"]["rules"]
    assert "airfield_reinforcements" not in import_m44(raw).variants


def test_the_terminal_lands_them_with_arrive_on_the_order_line() -> None:
    from companion.cli.play import parse_command, resolve_names

    g = _game()
    g.act(resolve_names(g, parse_command("play direct_from_hq")))
    action = resolve_names(g, parse_command("order a1 arrive=F8,h8"))
    assert action["arrive"] == ["f8", "h8"]
    g.act(action)
    assert sorted(g.state.hex_name(g.state.position.units[u].hex)
                  for u in ("aafld1", "aafld2")) == ["f8", "h8"]
