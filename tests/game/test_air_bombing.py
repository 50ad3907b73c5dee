"""New Flight Plan strategic bombing in the session (seed 001, "Strategic Bombing"): a bomber or
fighter-bomber that ends its move on an unoccupied objective declares a bomb (1 bomb spent), the
bomb is rolled after the attack runs in the battle phase (1 die), a grenade claims the medal, an
enemy ground unit on the hex takes it back, and the opponent may not bomb it back."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.game.session import GameSession, IllegalAction
from companion.rules.board import Side
from companion.scenarios import Scenario, resolve
from companion.scenarios.model import ObjectiveKind
from companion.store import GameStore
from tests.game.conftest import play_turn


def snapshot(g: GameSession) -> tuple[Any, ...]:
    st = g.state
    units = sorted((u.id, st.hex_name(u.hex), u.figures, u.airborne, tuple(sorted(u.ammo.items())))
                   for u in st.position.units.values())
    return (g.log.last_seq, st.phase, st.turn, units, repr(st.air), st.medals)


def fly_to_bridge(g: GameSession) -> None:
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["a9", "a10"]})


def test_a_fighter_bomber_bombs_a_bridge_and_a_grenade_claims_its_medal(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    g = GameSession.new(resolve("varenne-bridges"), store)
    fly_to_bridge(g)
    before = snapshot(g)
    for bad in ({"do": "bomb", "unit": "a9"},  # not moved yet
                {"do": "bomb", "unit": "x5"}, {"do": "bomb"}, {"do": "bomb", "unit": "a1"}):
        with pytest.raises(IllegalAction):
            g.act(bad)
        assert snapshot(g) == before, bad
    g.act({"do": "move", "unit": "a10", "to": "J5"})  # a fighter on the other bridge
    g.act({"do": "move", "unit": "a9", "to": "D5"})
    assert "bomb" in g.prompt().actions
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="fighter may not bomb"):
        g.act({"do": "bomb", "unit": "a10"})
    assert snapshot(g) == before
    ev = g.act({"do": "bomb", "unit": "a9"})
    assert [e.kind for e in ev] == ["bombing_declared"]
    assert ev[0].data["objective"] == "bridge-west" and ev[0].data["ammo_left"]["bomb"] == 0
    assert g.state.position.units["a9"].ammo["bomb"] == 0
    with pytest.raises(IllegalAction, match="not possible now"):
        g.act({"do": "bomb", "unit": "a9"})
    g.act({"do": "undo"})  # the declaration is undone: the bomb comes back
    assert g.state.position.units["a9"].ammo["bomb"] == 1 and "bomb" in g.prompt().actions
    g.act({"do": "bomb", "unit": "a9"})
    g.act({"do": "end_moves"})
    p = g.prompt()
    assert p.kind == "battle" and "strategic bombing" in p.text and "end_turn" not in p.actions
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.act({"do": "end_turn"})
    assert snapshot(g) == before
    g.act({"do": "attack_run"})
    p = g.prompt()
    assert p.kind == "dice" and p.dice is not None and p.dice.count == 1
    assert "grenade claims" in p.dice.purpose and p.dice.odds["p_claim"] == pytest.approx(1 / 6)
    before = snapshot(g)
    for bad in ({"do": "dice", "faces": ["grenade", "grenade"]}, {"do": "dice", "faces": ["tank"]},
                {"do": "end_turn"}):
        with pytest.raises(IllegalAction):
            g.act(bad)
        assert snapshot(g) == before, bad
    ev = g.act({"do": "dice", "faces": ["grenade"]})
    assert [e.kind for e in ev] == ["dice_read", "air_attack_resolved", "medal_won"]
    assert ev[1].data["claimed"] is True and ev[2].data["side"] == "allies"
    assert g.state.medals[Side.ALLIES] == 1
    assert g.state.air is not None and g.state.air.bombed_by == {"bridge-west": "allies"}
    g.act({"do": "end_turn"})
    live = snapshot(g)
    resumed = GameSession.resume(store, g.game_id)
    assert snapshot(resumed) == live  # resume equals live


def test_a_missed_bomb_claims_nothing_and_majority_objectives_cannot_be_bombed() -> None:
    g = GameSession.new(resolve("varenne-bridges"))
    fly_to_bridge(g)
    g.act({"do": "move", "unit": "a9", "to": "D5"})
    g.act({"do": "bomb", "unit": "a9"})
    g.act({"do": "end_moves"})
    g.act({"do": "attack_run"})
    ev = g.act({"do": "dice", "faces": ["flag"]})
    assert ev[-1].kind == "air_attack_resolved" and ev[-1].data["claimed"] is False
    assert g.state.medals[Side.ALLIES] == 0
    assert g.state.air is not None and g.state.air.bombed_by == {}
    assert "end_turn" in g.prompt().actions

    sc = _with_kind(resolve("varenne-bridges"), ObjectiveKind.TEMPORARY_MAJORITY)
    g = GameSession.new(sc)
    fly_to_bridge(g)
    g.act({"do": "move", "unit": "a9", "to": "D5"})
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="majority"):
        g.act({"do": "bomb", "unit": "a9"})
    assert snapshot(g) == before


def _with_kind(sc: Scenario, kind: ObjectiveKind) -> Scenario:
    objs = [replace(o, kind=kind) if o.id == "bridge-west" else o for o in sc.objectives]
    return replace(sc, objectives=objs)


def test_a_temporary_objective_claimed_by_bombing_is_lost_to_an_enemy_ground_unit() -> None:
    g = GameSession.new(_with_kind(resolve("varenne-bridges"), ObjectiveKind.TEMPORARY))
    fly_to_bridge(g)
    g.act({"do": "move", "unit": "a9", "to": "D5"})
    g.act({"do": "bomb", "unit": "a9"})
    g.act({"do": "end_moves"})
    g.act({"do": "attack_run"})
    g.act({"do": "dice", "faces": ["grenade"]})
    assert g.state.medals[Side.ALLIES] == 1 and g.state.medal_counts[Side.ALLIES].extra == 1
    g.act({"do": "end_turn"})
    assert g.state.medals[Side.ALLIES] == 1  # the plane flies on; the claim stays
    # axis: the plane still sits on D5; next allied turn it leaves and an axis unit walks in
    play_turn(g, "direct_from_hq")
    play_turn(g, "direct_from_hq", ["a9"], moves={"a9": "D1"})
    assert g.state.medals[Side.ALLIES] == 1
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["x1"]})
    ev = g.act({"do": "move", "unit": "x1", "to": "D5"})
    assert [e.kind for e in ev][-2:] == ["medal_lost", "medal_won"]
    assert g.state.medals == {Side.ALLIES: 0, Side.AXIS: 1}
    assert g.state.air is not None and g.state.air.bombed == {}


def test_terminal_bomb_command_and_an_auto_game_that_bombs(tmp_path: Path) -> None:
    from companion.cli.play import parse_command
    from companion.game.auto import AutoPlayer
    from companion.game.narrate import describe

    assert parse_command("bomb a9") == {"do": "bomb", "unit": "a9"}
    g = GameSession.new(resolve("varenne-bridges"))
    for line in ("card direct_from_hq", "order a9", "move a9 D5", "bomb a9", "done", "run",
                 "dice grenade"):
        events = g.act(parse_command(line))
    assert "medal claimed by the Allies" in describe(events[1])
    # the auto player flies to an objective and bombs it (seed picked where it does)
    store = GameStore(tmp_path)
    g = GameSession.new(resolve("varenne-bridges"), store, deck_seed=2, options={"seed": 2})
    player = AutoPlayer(2)
    seen: list[str] = []
    while not g.over and len(seen) < 2000:
        seen += [e.kind for e in g.act(player.next_action(g))]
    assert "bombing_declared" in seen and g.over
    assert snapshot(GameSession.resume(store, g.game_id)) == snapshot(g)
