"""Air Pack components in the session (seed 000): landing craft (up to 2 hexes over ocean and onto
the beach, removed on landing with no medal, no battle while in the craft or in the landing
turn) and exit hexes (ground units leaving by them score a medal; airplanes do not)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.game.session import GameSession, IllegalAction
from companion.rules.board import Side
from companion.scenarios import TerrainPiece, UnitSetup
from tests.game.conftest import duel_scenario, play_turn


def snapshot(g: GameSession) -> tuple[Any, ...]:
    st = g.state
    units = sorted((u.id, st.hex_name(u.hex), u.figures, u.badges) for u in st.position.units.values())
    return (g.log.last_seq, st.phase, st.turn, units, st.landed, st.medals)


def beach_game() -> GameSession:
    ocean = [TerrainPiece(h, "ocean") for h in ("A1", "B1", "C1", "D1", "E1", "F1", "G1", "a2", "b2",
                                                 "c2", "d2", "e2", "f2")]
    beach = [TerrainPiece(h, "beach") for h in ("B3", "C3", "D3", "E3", "F3")]
    units = [UnitSetup("lc", Side.ALLIES, "infantry", "E1", badges=("landing_craft",)),
             UnitSetup("x9", Side.AXIS, "infantry", "E5")]
    sc = duel_scenario(extra_units=units, terrain=ocean + beach)
    sc.units = [u for u in sc.units if u.id != "a2"]  # a2 (armor on D3) would block the beach
    return GameSession.new(sc)


def test_a_landing_craft_carries_its_unit_over_the_water_and_is_removed_on_the_beach() -> None:
    g = beach_game()
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["lc"]})
    before = snapshot(g)
    for bad in ("E5", "F5", "e4"):  # farther than 2 hexes
        with pytest.raises(IllegalAction, match="may reach"):
            g.act({"do": "move", "unit": "lc", "to": bad})
        assert snapshot(g) == before, bad
    ev = g.act({"do": "move", "unit": "lc", "to": "E3"})  # e2 (ocean), then the beach
    assert ev[0].data["craft_landed"] is True and ev[0].data["hexes"] == 2
    from companion.game.narrate import describe

    assert "lands from its landing craft" in describe(ev[0])
    assert g.state.position.units["lc"].badges == () and g.state.landed == ["lc"]
    g.act({"do": "end_moves"})
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="landed from its landing craft"):
        g.act({"do": "battle", "attacker": "lc", "target": "x9"})
    assert snapshot(g) == before
    g.act({"do": "end_turn"})
    assert g.state.landed == []
    assert g.state.medals == {Side.ALLIES: 0, Side.AXIS: 0}  # the craft gives no medal


def test_a_unit_afloat_stays_in_its_craft_and_may_not_battle_and_undo_puts_the_craft_back() -> None:
    g = beach_game()
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["lc"]})
    g.act({"do": "move", "unit": "lc", "to": "E3"})
    g.act({"do": "undo"})
    assert g.state.position.units["lc"].badges == ("landing_craft",) and g.state.landed == []
    ev = g.act({"do": "move", "unit": "lc", "to": "e2"})
    assert "craft_landed" not in ev[0].data
    g.act({"do": "end_moves"})
    with pytest.raises(IllegalAction, match="in a landing craft"):
        g.act({"do": "battle", "attacker": "lc", "target": "x9"})


def test_an_airplane_on_an_exit_hex_may_not_leave_by_it_for_a_medal() -> None:
    from companion.scenarios.model import AirRules, AirSetup, ExitHex

    units = [UnitSetup("p1", Side.ALLIES, "airplane", "A7", airborne=True, model="p40")]
    sc = duel_scenario(extra_units=units)
    sc.exits = [ExitHex("A9", Side.AXIS), ExitHex("B9", Side.ALLIES), ExitHex("A7", Side.ALLIES)]
    sc.air = AirSetup(rules=AirRules.AIR_PACK)
    g = GameSession.new(sc)
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["a1", "p1"]})
    assert "exit" not in g.prompt().actions
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.act({"do": "exit", "unit": "p1"})
    assert snapshot(g) == before


def test_a_ground_unit_leaving_by_an_exit_hex_scores_a_medal_and_resumes_the_same(tmp_path: Any) -> None:
    from companion.scenarios.model import ExitHex
    from companion.store import GameStore

    sc = duel_scenario()
    sc.exits = [ExitHex("D1", Side.ALLIES)]
    store = GameStore(tmp_path)
    g = GameSession.new(sc, store)
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["a2", "a1"]})
    assert "exit" not in g.prompt().actions
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.act({"do": "exit", "unit": "a2"})  # not on the exit hex yet
    assert snapshot(g) == before
    g.act({"do": "move", "unit": "a2", "to": "D1"})
    assert "exit" in g.prompt().actions
    ev = g.act({"do": "exit", "unit": "a2"})
    assert [e.kind for e in ev] == ["unit_exited", "medal_won"]
    assert g.state.medals[Side.ALLIES] == 1 and "a2" not in g.state.position.units
    assert snapshot(GameSession.resume(store, g.game_id)) == snapshot(g)


def test_a_unit_in_its_landing_craft_retreats_over_ocean() -> None:
    ocean = [TerrainPiece(h, "ocean") for h in ("D1", "E1", "F1", "d2", "e2", "f2")]
    units = [UnitSetup("lc", Side.ALLIES, "infantry", "e2", badges=("landing_craft",)),
             UnitSetup("x9", Side.AXIS, "infantry", "E3")]
    sc = duel_scenario(extra_units=units, terrain=ocean)
    g = GameSession.new(sc)
    play_turn(g, "probe_left")
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["x9"]})
    g.act({"do": "end_moves"})
    g.act({"do": "battle", "attacker": "x9", "target": "lc"})
    ev = g.act({"do": "dice", "faces": ["flag", "star", "star"]})
    options = {o["hex"]: o["figures_lost"] for o in ev[1].data["retreat"]}
    assert options == {"E1": 0, "F1": 0}  # over ocean, in its craft, no figure lost
    g.act({"do": "retreat", "hex": "F1"})
    lc = g.state.position.units["lc"]
    assert g.state.hex_name(lc.hex) == "F1" and lc.figures == 4 and lc.badges == ("landing_craft",)
