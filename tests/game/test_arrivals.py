"""Units the card orders onto the board, played by the game (issue 16): 4090 Closing the Gap's
Armor Breakthrough and 4683 Manado Landings' paradrops on the starred hexes."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.game.session import GameSession, IllegalAction
from companion.game.state import GameLog, Phase
from companion.rules.board import Side
from companion.scenarios import load
from companion.scenarios.check import errors
from companion.scenarios.jsonformat import from_dict, to_dict

BGA = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"


def _gap() -> GameSession:
    s = load(BGA / "4090-ClosingTheGap.m44")
    assert s.variants["armor_breakthrough"] == "allies:2:armor:us;axis:2:elite_armor:ger:cannot_exit"
    assert errors(s) == []
    assert from_dict(to_dict(s)).variants == s.variants
    return GameSession.new(s)


def test_armor_breakthrough_two_elite_armor_ordered_onto_the_allied_baseline_stop_there() -> None:
    g = _gap()
    assert g.state.active is Side.AXIS and "armor_breakthrough" in g.state.scenario.variants
    g.act({"do": "play_card", "card": "probe_right"})
    assert any("Armor Breakthrough" in d for d in g.prompt().detail)
    with pytest.raises(IllegalAction, match="baseline"):
        g.act({"do": "order", "units": [], "arrive": ["D5"]})
    g.act({"do": "order", "units": [], "arrive": ["C1", "D1"]})
    st = g.state
    came = [u for u in st.position.units.values() if u.id.startswith("xbrk")]
    assert sorted(st.hex_name(u.hex) for u in came) == ["C1", "D1"]
    assert all(u.type == "elite_armor" and u.figures == 4 and u.nation == "ger" for u in came)
    assert all({"cannot_exit", "arrived"} <= set(u.variants) for u in came)
    assert set(st.ordered) == {u.id for u in came}  # ordered by the card's two orders...
    assert st.phase is Phase.MOVE
    assert not {u.id for u in came} & {m.id for m in g.legal().movers}  # ...and stopped
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    assert all("arrived" not in u.variants for u in came)  # the turn over, overrun again
    assert all("cannot_exit" in u.variants for u in came)
    again = GameSession(GameLog.replay(g.events), "replay")
    assert sorted(u for u in again.state.position.units if u.startswith("xbrk")) == \
        ["xbrk1", "xbrk2"]


def test_armor_breakthrough_each_unit_takes_an_order_and_all_come_in_one_turn() -> None:
    g = _gap()
    g.act({"do": "play_card", "card": "recon_right"})  # one order on the right flank
    with pytest.raises(IllegalAction, match="arrival on D1"):
        g.act({"do": "order", "units": [], "arrive": ["C1", "D1"]})
    with pytest.raises(IllegalAction, match="2 units at most"):
        g.act({"do": "order", "units": [], "arrive": ["C1", "D1", "E1"]})
    g.act({"do": "order", "units": [], "arrive": ["C1"]})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "recon_center"})  # the Allies' turn
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "probe_right"})
    with pytest.raises(IllegalAction, match="all its units come in one turn"):
        g.act({"do": "order", "units": [], "arrive": ["D1"]})
    assert not any("Armor Breakthrough" in d for d in g.prompt().detail)


def _manado(daylight: bool) -> GameSession:
    s = load(BGA / "4683-ManadoLandings.m44")
    assert s.variants["paradrops"] == "axis:5:special_forces:jp:d16 i16 f14 H13 f12"
    if daylight:
        del s.variants["night_visibility"]
    return GameSession.new(s)


def test_paradrops_wait_for_full_daylight() -> None:
    g = _manado(daylight=False)
    while g.state.active is not Side.AXIS or g.state.phase is not Phase.PLAY_CARD:
        p = g.prompt()
        if p.kind == "dice":
            g.act({"do": "dice", "rid": g.legal().roll.rid, "faces": ["flag"] * 4})
            continue
        if p.kind == "review_dice":
            g.act({"do": "apply_dice"})
            continue
        g.act({"do": "play_card", "card": "recon_center"} if p.kind == "play_card"
              else {"do": "order", "units": []} if p.kind == "order"
              else {"do": "end_moves"} if p.kind == "move" else {"do": "end_turn"})
    g.act({"do": "play_card", "card": "attack_center"})
    assert not any("Paradrop" in d for d in g.prompt().detail)
    with pytest.raises(IllegalAction, match="full daylight"):
        g.act({"do": "order", "units": [], "arrive": ["f12"]})


def test_paradrops_each_order_drops_a_figure_over_a_star_and_a_landing_removes_it() -> None:
    g = _manado(daylight=True)
    assert g.state.active is Side.AXIS and "paradrops" in g.state.scenario.variants
    g.act({"do": "play_card", "card": "general_advance"})  # 2 orders in each section
    detail = " ".join(g.prompt().detail)
    assert "Paradrop" in detail and "d16, i16, f14, H13, f12" in detail
    with pytest.raises(IllegalAction, match="starred"):
        g.act({"do": "order", "units": [], "arrive": ["e16"]})
    # one figure lands on its star, one drifts onto an empty hex, one falls off the board
    g.act({"do": "order", "units": [], "arrive": ["f14", "i16=h16", "f12=off"]})
    st = g.state
    ev = [e for e in g.events if e.kind == "units_arrived"][-1]
    assert [u["hex"] for u in ev.data["units"]] == ["f14", "h16"]
    assert ev.data["lost"] == [{"aim": "f12", "why": "off the board"}]
    # the log the players read says where each figure came down and which one drifted
    from companion.game.narrate import Narrator
    said = Narrator().line(ev, st)
    assert "f14" in said and "h16, drifted from i16" in said and "f14, drifted" not in said
    assert "aimed at f12: off the board" in said
    came = [u for u in st.position.units.values() if u.id.startswith("xpara")]
    assert all(u.type == "special_forces" and u.nation == "jp" for u in came)
    assert not set(st.ordered) & {u.id for u in came}  # they may not move or battle this turn
    assert st.rules_state is not None and st.rules_state.data["stars_gone"] == ["f14", "i16"]
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "recon_center"})
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "general_advance"})
    with pytest.raises(IllegalAction, match="not a starred drop hex still held"):
        g.act({"do": "order", "units": [], "arrive": ["f14"]})
    g.act({"do": "order", "units": [], "arrive": ["f12"]})  # the star of the lost one stays
    assert "xpara4" in g.state.position.units


def test_a_bad_arrival_or_reinforcement_value_in_our_json_format_names_its_field() -> None:
    from companion.scenarios.model import ScenarioError

    data = to_dict(load(BGA / "4090-ClosingTheGap.m44"))
    for name, value, words in (
            ("armor_breakthrough", "allies:0:armor:us", "units must be 1 to 20"),
            ("paradrops", "axis:2:special_forces:jp:Z99", "Z99"),
            ("baseline_reinforcements", "allies:5:infantry:gb", "medals"),
            ("reinforcements_at_medals", "lots", "1 to 30")):
        bad = {**data, "variants": {name: value}}
        with pytest.raises(ScenarioError, match=words) as exc:
            from_dict(bad)
        assert f"variants.{name}" in str(exc.value)
