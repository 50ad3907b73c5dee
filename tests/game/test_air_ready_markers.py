"""Air Pack Ready-to-Take-off markers (seed 000, "Pre-positioned and On the Ground Airplanes",
"Air Check Roll"): a stack on an airfield (an airplane unit with one ``ready_to_take_off`` badge
per marker) launches a fresh airplane when ordered (one marker spent, the take-off's air check
applies, one airborne airplane per side); a grenade against the stack loses all its markers
for a single medal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.game.session import GameSession, IllegalAction
from companion.rules.board import Side
from companion.scenarios import TerrainPiece, UnitSetup
from companion.scenarios.model import AirRules, AirSetup
from companion.store import GameStore
from tests.game.conftest import duel_scenario, play_turn


def snapshot(g: GameSession) -> tuple[Any, ...]:
    st = g.state
    units = sorted((u.id, st.hex_name(u.hex), u.figures, u.badges, u.airborne)
                   for u in st.position.units.values())
    return (g.log.last_seq, st.phase, st.turn, units, st.ordered, st.medals, repr(st.air))


def stack_game(store: GameStore | None = None, enemy_next_to_it: bool = False) -> GameSession:
    units = [UnitSetup("r1", Side.ALLIES, "airplane", "D1", model="p40",
                       badges=("ready_to_take_off",) * 2)]
    if enemy_next_to_it:
        units.append(UnitSetup("x3", Side.AXIS, "infantry", "E1"))
    sc = duel_scenario(extra_units=units, terrain=[TerrainPiece("D1", "airfield")])
    sc.air = AirSetup(rules=AirRules.AIR_PACK)
    return GameSession.new(sc, store)


def test_an_ordered_stack_launches_a_fresh_airplane_and_keeps_its_other_marker(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    g = stack_game(store)
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["r1"]})
    ev = g.act({"do": "move", "unit": "r1", "to": "E3"})
    new = ev[0].data["launched"]["id"]
    st = g.state
    assert st.ordered == [new] and st.position.units[new].airborne
    assert st.hex_name(st.position.units[new].hex) == "E3" and st.position.units[new].model == "p40"
    assert st.position.units["r1"].badges == ("ready_to_take_off",)  # one marker left on D1
    assert "strafe" in g.prompt().actions
    g.act({"do": "undo"})
    assert g.state.position.units["r1"].badges == ("ready_to_take_off",) * 2
    g.act({"do": "move", "unit": "r1", "to": "E3"})
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    assert snapshot(GameSession.resume(store, g.game_id)) == snapshot(g)
    play_turn(g, "probe_left")
    # one airborne airplane per side: the flying one and the stack may not both be ordered
    g.act({"do": "play_card", "card": "direct_from_hq"})
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="one airplane of a side may be airborne"):
        g.act({"do": "order", "units": [new, "r1"]})
    assert snapshot(g) == before


def test_a_lost_take_off_costs_one_marker_and_a_grenade_on_the_stack_loses_all_for_one_medal() -> None:
    g = stack_game(enemy_next_to_it=True)
    g.act({"do": "play_card", "card": "direct_from_hq"})
    ev = g.act({"do": "order", "units": ["r1"]})
    assert ev[0].data["air_checks"][0]["thrower"] == "axis"  # x3 is next to the airfield
    ev = g.act({"do": "dice", "faces": ["grenade"]})
    assert [e.kind for e in ev][-2:] == ["air_check", "medal_won"]
    assert g.state.position.units["r1"].badges == ("ready_to_take_off",)
    assert g.state.ordered == [] and g.state.medals[Side.AXIS] == 1
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["x3"]})
    g.act({"do": "end_moves"})
    g.act({"do": "battle", "attacker": "x3", "target": "r1"})
    ev = g.act({"do": "dice", "faces": ["grenade", "star", "flag"]})
    assert ev[1].kind == "battle_resolved" and ev[1].data["eliminated"]
    assert "r1" not in g.state.position.units and g.state.medals[Side.AXIS] == 2


def test_a_launched_airplane_lands_back_among_its_markers_and_joins_the_stack() -> None:
    g = stack_game()
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["r1"]})
    new = g.act({"do": "move", "unit": "r1", "to": "E3"})[0].data["launched"]["id"]
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    play_turn(g, "probe_left")
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": [new]})
    before = snapshot(g)
    with pytest.raises(IllegalAction):  # ammo markers are no Air Pack rule
        g.act({"do": "move", "unit": new, "to": "D1", "path": ["d2", "D1"], "markers": [{}]})
    assert snapshot(g) == before
    ev = g.act({"do": "move", "unit": new, "to": "D1", "path": ["d2", "D1"]})
    assert ev[0].data["joined_stack"] == "r1" and ev[0].data["landed"]
    from companion.game.narrate import describe

    assert describe(ev[0]).endswith("lands on D1 and joins the stack there.")
    assert new not in g.state.position.units
    assert g.state.position.units["r1"].badges == ("ready_to_take_off",) * 2
    g.act({"do": "end_moves"})
    assert "end_turn" in g.prompt().actions


def test_an_airplane_on_the_ground_may_not_take_off_while_another_of_its_side_flies() -> None:
    """Seed 000, Pre-positioned and On the Ground Airplanes: "The limit of one airborne Airplane
    for each side at any given time still applies, though!" A pre-positioned model (no markers)
    and a flying airplane may not both be ordered; the model alone may."""
    units = [UnitSetup("g1", Side.ALLIES, "airplane", "D1", model="p38"),
             UnitSetup("f1", Side.ALLIES, "airplane", "H5", model="p40", airborne=True)]
    sc = duel_scenario(extra_units=units, terrain=[TerrainPiece("D1", "airfield")])
    sc.air = AirSetup(rules=AirRules.AIR_PACK)
    g = GameSession.new(sc)
    assert not g.state.position.units["g1"].airborne
    g.act({"do": "play_card", "card": "direct_from_hq"})
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="one airplane of a side may be airborne"):
        g.act({"do": "order", "units": ["f1", "g1"]})
    assert snapshot(g) == before
    g.act({"do": "order", "units": ["g1"]})  # the flying one is not ordered: it leaves the board
    assert "f1" not in g.state.position.units


def test_an_air_sortie_and_an_airplane_on_the_ground_may_not_both_fly_this_turn() -> None:
    """Seed 000 p.4-5, one airborne airplane per side: the fresh airplane of an Air Sortie played
    with a Section card is the side's one; a pre-positioned airplane may not take off beside it.
    (The golden logs of kestrel-field 2, 5, 9-13 recorded both flying and were re-recorded.)"""
    units = [UnitSetup("g1", Side.ALLIES, "airplane", "D1", model="p38")]
    sc = duel_scenario(extra_units=units, terrain=[TerrainPiece("D1", "airfield")])
    sc.air = AirSetup(rules=AirRules.AIR_PACK)
    g = GameSession.new(sc)
    g.act({"do": "play_card", "card": "attack_left", "air_sortie": True})
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="one airplane of a side may be airborne"):
        g.act({"do": "order", "units": ["g1"], "sortie_hex": "A5"})
    assert snapshot(g) == before
    events = g.act({"do": "order", "units": [], "sortie_hex": "A5"})
    assert events[0].data["units"] == ["allies-plane-1"]


def test_the_auto_player_never_orders_two_grounded_airplanes_of_a_side_at_once() -> None:
    """Editor files made at random put two grounded airplanes of a side on the board; with a
    card ordering several units (Firefight, Direct from HQ) the auto player ordered both and
    the session refused it (one airborne airplane per side): it now keeps one of them down."""
    from companion.game.auto import AutoPlayer

    units = [UnitSetup("r1", Side.ALLIES, "airplane", "D1", model="p40"),
             UnitSetup("r2", Side.ALLIES, "airplane", "F1", model="p40")]
    checked = 0
    for seed in range(60):
        sc = duel_scenario(extra_units=units, terrain=[TerrainPiece("D1", "airfield"),
                                                       TerrainPiece("F1", "airfield")])
        sc.air = AirSetup(rules=AirRules.AIR_PACK)
        g = GameSession.new(sc, deck_seed=seed)
        card = next((c for c in ("firefight", "direct_from_hq")
                     if c in g.state.hands[g.state.active]), None)
        if g.state.active is not Side.ALLIES or card is None:
            continue
        g.act({"do": "play_card", "card": card})
        action = AutoPlayer(seed).next_action(g)
        assert action["do"] == "order"
        assert not {"r1", "r2"} <= set(action["units"]), (card, action)
        g.act(action)  # and the session takes it
        checked += 1
    assert checked >= 3
