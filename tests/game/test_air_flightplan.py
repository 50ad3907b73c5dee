"""New Flight Plan in the session, scripted on the built-in Skies over Varenne: attack runs with
ammo markers placed while moving and resolved in the battle phase, ground-to-air battles with
confirmation re-rolls (retire: ammo returned; shot down: medal, type banned), resupply on the
ground, deploying again, bad input at the air prompts, and the game played on to its winner."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.game.auto import AutoPlayer
from companion.game.events import Event
from companion.game.session import GameSession, IllegalAction
from companion.game.state import Phase
from companion.scenarios import resolve
from companion.store import GameStore
from tests.game.conftest import play_turn


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def snapshot(g: GameSession) -> tuple[Any, ...]:
    st = g.state
    units = sorted((u.id, st.hex_name(u.hex), u.figures, u.airborne, tuple(sorted(u.ammo.items())))
                   for u in st.position.units.values())
    return (g.log.last_seq, st.phase, st.turn, units, repr(st.air))


def opening(g: GameSession) -> None:
    """Allies fly a9 and a10 forward; the axis shoots at both from the ground."""
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["a9", "a10"]})
    ev = g.act({"do": "move", "unit": "a9", "to": "F5"})
    assert ev[0].data["path"][-1] == "F5" and ev[0].data["airborne"] is True
    g.act({"do": "move", "unit": "a10", "to": "H5"})
    g.act({"do": "end_moves"})
    events = g.act({"do": "end_turn"})
    # start of the axis turn: the fighter landed on its airfield gets full ammo again
    assert kinds(events) == ["turn_ended", "air_resupplied"]
    assert events[1].data == {"unit": "x8", "ammo": {"machine_gun": 6, "bomb": 0}}
    assert g.state.position.units["x8"].ammo == {"machine_gun": 6, "bomb": 0}


def test_ground_to_air_hits_are_confirmed_retire_returns_ammo_and_shot_down_bans_the_type() -> None:
    g = GameSession.new(resolve("varenne-bridges"))
    assert g.state.air is not None and g.state.air.rules == "flight-plan"
    assert g.state.air.superiority == "allies"  # western front, 1944
    opening(g)
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["x5", "x7"]})
    g.act({"do": "end_moves"})
    g.act({"do": "battle", "attacker": "x5", "target": "a9"})
    p = g.prompt()
    assert p.kind == "dice" and p.dice is not None and p.dice.thrower == "axis"
    assert p.dice.count == 3 and any("flying air unit" in line for line in p.detail)
    events = g.act({"do": "dice", "faces": ["grenade", "grenade", "infantry"]})
    assert kinds(events) == ["dice_read", "air_hits"] and events[1].data["possible_hits"] == 2
    p = g.prompt()
    # the grenades are re-rolled before the air unit is lost: a second dice prompt
    assert p.kind == "dice" and p.dice is not None and p.dice.count == 2
    assert "confirm" in p.dice.purpose and p.dice.thrower == "axis"
    assert p.dice.rid != events[0].data["rid"]
    before = snapshot(g)
    for bad in ({"do": "dice", "faces": ["flag"]}, {"do": "dice", "faces": ["flag", "smoke"]},
                {"do": "dice", "faces": ["flag", "star"], "rid": events[0].data["rid"]},
                {"do": "end_turn"}, {"do": "undo"}):
        with pytest.raises(IllegalAction):
            g.act(bad)
        assert snapshot(g) == before, bad
    events = g.act({"do": "dice", "faces": ["flag", "star"]})
    conf = events[-1]
    assert conf.kind == "air_confirmed" and conf.data["retires"] and conf.data["ammo_returned"]
    assert "a9" not in g.state.position.units and g.state.medals[g.state.active] == 0
    assert g.state.air.reserve == {"allies": [{"id": "a9", "type": "fighter_bomber"}]}

    g.act({"do": "battle", "attacker": "x7", "target": "a10"})
    assert g.prompt().dice.count == 4  # type: ignore[union-attr]  # artillery: 4 dice
    g.act({"do": "dice", "faces": ["grenade", "star", "star", "armor"]})
    events = g.act({"do": "dice", "faces": ["grenade"]})
    assert kinds(events) == ["dice_read", "air_confirmed", "medal_won"]
    assert events[1].data["shot_down"] and events[1].data["banned_type"] == "fighter"
    assert events[2].data["side"] == "axis"
    assert g.state.air.banned == {"allies": ["fighter"]}
    g.act({"do": "end_turn"})

    # a retired air unit deploys again with a Section card, with full ammo
    g.act({"do": "play_card", "card": "attack_center"})
    with pytest.raises(IllegalAction, match="not an air unit of the allies off the board"):
        g.act({"do": "order", "units": ["a2"], "deploy": {"unit": "a10", "hex": "F5"}})
    events = g.act({"do": "order", "units": ["a2"], "deploy": {"unit": "a9", "hex": "F5"}})
    assert events[0].data["units"] == ["a2", "a9"]
    a9 = g.state.position.units["a9"]
    assert a9.ammo == {"machine_gun": 3, "bomb": 3} and a9.airborne


def test_attack_run_markers_spend_ammo_while_moving_and_resolve_in_the_battle_phase(
        tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    g = GameSession.new(resolve("varenne-bridges"), store)
    play_turn(g, "direct_from_hq", ["a9"], moves={"a9": "F5"})
    play_turn(g, "probe_left")
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["a9"]})
    before = snapshot(g)
    bad: list[dict[str, Any]] = [
        {"do": "move", "unit": "a9", "to": "h6", "path": ["f6", "g6", "h6"],
         "markers": [{"hex": "f6", "ammo": "machine_gun"}, {"hex": "g6", "ammo": "machine_gun"}]},
        {"do": "move", "unit": "a9", "to": "h6", "path": ["f6", "g6", "h6"],
         "markers": [{"hex": "f6", "ammo": "napalm"}]},
        {"do": "move", "unit": "a9", "to": "h6", "path": ["f6", "h6"]},
        {"do": "move", "unit": "a9", "to": "h6", "path": ["f6", "g6", "h6"],
         "markers": [{"hex": "h6", "ammo": "bomb"}]},
        {"do": "move", "unit": "a9", "to": "h6", "path": "f6"},
        {"do": "move", "unit": "a9", "to": "f6"},
    ]
    for action in bad:
        with pytest.raises(IllegalAction):
            g.act(action)
        assert snapshot(g) == before, action
    events = g.act({"do": "move", "unit": "a9", "to": "h6", "path": ["f6", "g6", "h6"],
                    "markers": [{"hex": "f6", "ammo": "machine_gun"}, {"hex": "g6", "ammo": "bomb"}]})
    assert kinds(events) == ["unit_moved", "ammo_spent"]
    spent = events[1].data
    assert spent["targets"] == ["x5", "x7"] and spent["ammo_left"] == {"machine_gun": 0, "bomb": 0}
    assert g.state.position.units["a9"].ammo == {"machine_gun": 0, "bomb": 0}
    # undo takes the move and its markers back together, as one step each
    g.act({"do": "undo"})
    g.act({"do": "undo"})
    assert g.state.position.units["a9"].ammo == {"machine_gun": 1, "bomb": 1}
    assert g.state.hex_name(g.state.position.units["a9"].hex) == "F5"
    g.act({"do": "move", "unit": "a9", "to": "h6", "path": ["f6", "g6", "h6"],
           "markers": [{"hex": "f6", "ammo": "machine_gun"}, {"hex": "g6", "ammo": "bomb"}]})
    g.act({"do": "end_moves"})
    p = g.prompt()
    assert p.actions[0] == "attack_run" and "end_turn" not in p.actions
    with pytest.raises(IllegalAction):
        g.act({"do": "end_turn"})
    g.act({"do": "attack_run"})
    p = g.prompt()
    assert p.kind == "dice" and p.dice is not None and p.dice.count == 2
    assert p.dice.thrower == "allies" and "attack run" in p.dice.purpose
    before = snapshot(g)
    for action in ({"do": "dice", "faces": ["grenade"]}, {"do": "dice", "faces": ["x", "y"]},
                   {"do": "dice", "faces": "grenade"}, {"do": "battle", "attacker": "a9",
                                                        "target": "x5"}):
        with pytest.raises(IllegalAction):
            g.act(action)
        assert snapshot(g) == before
    x7 = g.state.position.units["x7"].figures
    events = g.act({"do": "dice", "faces": ["infantry", "grenade"]})
    res = next(e for e in events if e.kind == "air_attack_resolved")
    assert [r["target"] for r in res.data["results"]] == ["x5", "x7"]
    assert g.state.position.units["x5"].figures == 3
    assert g.state.position.units["x7"].figures == x7 - 1
    assert g.state.air is not None and g.state.air.runs == []
    assert "end_turn" in g.prompt().actions
    # the air unit out of ammo withdraws at the start of its next turn, with no medal
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "probe_left"})
    g.act({"do": "order", "units": []})
    g.act({"do": "end_moves"})
    events = g.act({"do": "end_turn"})
    assert ("air_withdrawn", "a9") in [(e.kind, e.data.get("unit")) for e in events]
    assert "a9" not in g.state.position.units and g.state.medals[g.state.active.other] == 0

    # the stored log resumes to the same game, and the auto player finishes it to a winner
    resumed = GameSession.resume(store, g.game_id)
    assert snapshot(resumed) == snapshot(g)
    player = AutoPlayer(5)
    while not g.over and g.state.turn < 150:
        g.act(player.next_action(g))
    assert g.over and g.state.phase is Phase.OVER and g.state.winner is not None



def test_a_crash_between_an_air_move_and_its_markers_is_settled_on_resume(tmp_path: Path) -> None:
    import io

    store = GameStore(tmp_path)
    g = GameSession.new(resolve("varenne-bridges"), store)
    play_turn(g, "direct_from_hq", ["a9"], moves={"a9": "F5"})
    play_turn(g, "probe_left")
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["a9"]})
    events = g.act({"do": "move", "unit": "a9", "to": "h6", "path": ["f6", "g6", "h6"],
                    "markers": [{"hex": "f6", "ammo": "machine_gun"}, {"hex": "g6", "ammo": "bomb"}]})
    assert [e.kind for e in events] == ["unit_moved", "ammo_spent"]
    out = io.StringIO()
    store.export_jsonl(g.game_id, out)
    lines = out.getvalue().splitlines()
    # the process died after committing the move and before its markers
    crashed = store.import_jsonl(lines[:-1], new_id=True)
    resumed = GameSession.resume(store, crashed)
    assert resumed.state.air is not None and resumed.state.air.runs == []
    resumed.settle()
    assert resumed.state.air.runs and resumed.state.air.runs[0]["targets"] == ["x5", "x7"]
    assert resumed.state.air.runs == g.state.air.runs  # type: ignore[union-attr]
    assert resumed.state.position.units["a9"].ammo == g.state.position.units["a9"].ammo


def test_a_crash_before_the_start_of_turn_resupply_is_settled_on_resume(tmp_path: Path) -> None:
    import io

    store = GameStore(tmp_path)
    g = GameSession.new(resolve("varenne-bridges"), store)
    opening(g)  # ends with turn_ended, air_resupplied
    out = io.StringIO()
    store.export_jsonl(g.game_id, out)
    crashed = store.import_jsonl(out.getvalue().splitlines()[:-1], new_id=True)
    resumed = GameSession.resume(store, crashed)
    assert resumed.state.position.units["x8"].ammo == {"machine_gun": 2}
    resumed.settle()
    assert resumed.state.position.units["x8"].ammo == {"machine_gun": 6, "bomb": 0}
    resumed.settle()  # settling twice changes nothing
    assert resumed.log.last_seq == g.log.last_seq


def test_a_fighter_takes_off_and_dogfights_an_adjacent_air_unit_but_never_battles_ground_units() -> None:
    g = GameSession.new(resolve("varenne-bridges"))
    opening(g)
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["x8"]})
    events = g.act({"do": "move", "unit": "x8", "to": "h6"})
    assert events[0].data.get("took_off") and g.state.position.units["x8"].airborne
    g.act({"do": "end_moves"})
    with pytest.raises(IllegalAction, match="attack run"):
        g.act({"do": "battle", "attacker": "x8", "target": "a3"})
    g.act({"do": "battle", "attacker": "x8", "target": "a10"})
    p = g.prompt()
    assert p.dice is not None and p.dice.count == 3 and p.dice.thrower == "axis"
    assert any("dogfight" in line for line in p.detail)
    events = g.act({"do": "dice", "faces": ["star", "flag", "armor"]})
    assert [e.kind for e in events] == ["dice_read", "air_hits"]
    assert events[1].data["possible_hits"] == 0 and g.prompt().kind == "battle"
    assert "a10" in g.state.position.units


def test_an_air_unit_may_withdraw_before_the_command_card_and_not_deploy_that_turn() -> None:
    g = GameSession.new(resolve("varenne-bridges"))
    assert "withdraw" in g.prompt().actions
    with pytest.raises(IllegalAction):
        g.act({"do": "withdraw", "unit": "x8"})  # not an allied unit
    events = g.act({"do": "withdraw", "unit": "a9"})
    assert events[0].kind == "air_withdrawn" and events[0].data["reason"] == "by choice"
    assert "a9" not in g.state.position.units and g.state.medals[g.state.active.other] == 0
    g.act({"do": "withdraw", "unit": "a10"})
    g.act({"do": "play_card", "card": "attack_center"})
    with pytest.raises(IllegalAction, match="withdrawn at the start of this turn"):
        g.act({"do": "order", "units": [], "deploy": {"unit": "a9", "hex": "F3"}})
    with pytest.raises(IllegalAction, match="not possible now"):
        g.act({"do": "withdraw", "unit": "a10"})


def test_air_combat_cards_are_dealt_at_setup_and_drawn_for_recon_and_their_finest_hour() -> None:
    from companion.game.airflow import air_combat_draws

    g = GameSession.new(resolve("varenne-bridges"), deck_seed=3)
    air = g.state.air
    assert air is not None
    # western front 1944: the Allies have air superiority (2 + 1); not a beach map
    assert len(air.cards["allies"]) == 3 and len(air.cards["axis"]) == 2
    top = air.deck[:2]
    g.state.card = "recon_center"
    assert air_combat_draws(g.state) == {"allies": top[:1]}
    g.state.card = "their_finest_hour"
    assert air_combat_draws(g.state) == {"allies": top[:1], "axis": top[1:2]}
    g.state.card = "attack_center"
    assert air_combat_draws(g.state) == {}


def test_firefight_adds_its_die_to_artillery_firing_at_a_flying_air_unit_two_hexes_away() -> None:
    """Seed 001, Ground to Air Combat: artillery battles an air unit with 4 dice, and "Artillery
    can still use Firefight if it is two hexes away" (Firefight: +1 die). The session used to
    drop the card's die against a flying target (4 dice)."""
    g = GameSession.new(resolve("varenne-bridges"))
    g.act({"do": "play_card", "card": "direct_from_hq"})
    g.act({"do": "order", "units": ["a10"]})
    g.act({"do": "move", "unit": "a10", "to": "I5"})  # two hexes from the artillery x7 on g6
    g.act({"do": "end_moves"})
    g.act({"do": "end_turn"})
    g.act({"do": "play_card", "card": "firefight"})
    g.act({"do": "order", "units": ["x7"]})
    g.act({"do": "end_moves"})
    events = g.act({"do": "battle", "attacker": "x7", "target": "a10"})
    assert events[-1].kind == "battle_declared" and events[-1].data["dice"] == 5
    p = g.prompt()
    assert p.kind == "dice" and p.dice is not None and p.dice.count == 5


def test_a_landed_air_unit_holds_no_objective_and_no_air_unit_exits() -> None:
    """Seed 001, Objectives: "An air unit may neither take an objective medal, nor score an Exit
    medal" (flying or landed). The axis fighter x8 starts landed on its airfield G9; a temporary
    objective there gives the axis nothing, one under the axis infantry x5 gives a medal."""
    from companion.rules import victory
    from companion.rules.board import Side

    g = GameSession.new(resolve("varenne-bridges"))
    st = g.state
    x8, x5 = st.position.units["x8"], st.position.units["x5"]
    assert x8.spec.air and not x8.airborne
    st.objectives.append(victory.Objective("on-airfield", victory.ObjectiveKind.TEMPORARY,
                                           (x8.hex,), side=Side.AXIS))
    st.objectives.append(victory.Objective("held", victory.ObjectiveKind.TEMPORARY,
                                           (x5.hex,), side=Side.AXIS))
    assert st.medals[Side.AXIS] == 1  # x5's objective only
    st.objectives.append(victory.Objective("way-out", victory.ObjectiveKind.EXIT, (x8.hex,),
                                           side=Side.AXIS))
    assert victory.may_exit(st.position, st.objectives, "x8") is None


def test_no_nation_rule_helps_a_ground_unit_against_an_air_unit_in_the_game() -> None:
    """Seed 001, Nation Command Rules: "Air units cannot be targeted by Nation Command Rules ...
    Japanese Infantry units cannot use their Seishin Kyoiku Doctrine or Banzai War Cry to charge
    an air unit." The axis infantry x5 (made Japanese here) stands next to the flying a9."""
    from companion.game import airflow
    from companion.rules.battle import BattleModifiers

    g = GameSession.new(resolve("varenne-bridges"))
    opening(g)  # a9 flies to F5, next to x5 on f6
    st = g.state
    x5 = st.position.units["x5"]
    x5.nation = "jp"
    check = airflow.flight_plan_battle_check(st, "x5", "a9", BattleModifiers())
    assert check is not None and check.allowed and check.dice == 3  # no Yamato Damashii die
    x5.moved = 2  # a Banzai charge
    check = airflow.flight_plan_battle_check(st, "x5", "a9", BattleModifiers())
    assert check is not None and not check.allowed
