"""New Flight Plan deployment in the session (seed 001, "Deploy an Air Unit onto the
Battlefield"): the air unit may start on any hex of the card's section, occupied by a ground
unit or not; the hex it starts on counts as the first hex of its movement and may carry an ammo
marker when an enemy ground unit is there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.game.session import GameSession, IllegalAction
from companion.scenarios import resolve
from companion.store import GameStore
from tests.game.conftest import play_turn


def snapshot(g: GameSession) -> tuple[Any, ...]:
    st = g.state
    units = sorted((u.id, st.hex_name(u.hex), u.figures, u.airborne, u.moved,
                    tuple(sorted(u.ammo.items()))) for u in st.position.units.values())
    return (g.log.last_seq, st.phase, st.turn, units, repr(st.air))


def withdrawn_a9(g: GameSession) -> None:
    g.act({"do": "withdraw", "unit": "a9"})
    g.act({"do": "withdraw", "unit": "a10"})
    play_turn(g, "probe_left")
    play_turn(g, "probe_left")


def test_deployed_onto_an_enemy_unit_the_entry_hex_is_the_first_hex_and_takes_a_marker(
        tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    g = GameSession.new(resolve("varenne-bridges"), store)
    withdrawn_a9(g)
    g.act({"do": "play_card", "card": "attack_center"})
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="holds air unit"):
        g.act({"do": "order", "units": [], "deploy": {"unit": "a9", "hex": "G9"}})  # x8 is there
    assert snapshot(g) == before
    ev = g.act({"do": "order", "units": [], "deploy": {"unit": "a9", "hex": "f6"}})  # x5 is there
    assert ev[0].data["deploy"]["entering"] is True and ev[0].data["units"] == ["a9"]
    assert "a9" not in g.state.position.units  # it appears with its move
    p = g.prompt()
    assert p.kind == "move" and "f6" in p.highlight
    before = snapshot(g)
    bad: list[dict[str, Any]] = [
        {"do": "end_moves"},  # it must fly off the occupied hex
        {"do": "move", "unit": "a9", "to": "f6"},
        {"do": "move", "unit": "a9", "to": "h6", "path": ["g6", "h6"]},  # not from the entry hex
        {"do": "move", "unit": "a9", "to": "i6", "path": ["f6", "g6", "x"]},  # no such hex
        {"do": "move", "unit": "a9", "to": "i7", "path": ["f6", "g6", "h6", "i6", "i7"]},  # 5 hexes
        {"do": "move", "unit": "a9", "to": "h6", "path": ["f6", "g6", "h6"],
         "markers": [{"hex": "g6", "ammo": "bomb"}, {"hex": "f6", "ammo": "machine_gun"}]},
    ]
    for action in bad:
        with pytest.raises(IllegalAction):
            g.act(action)
        assert snapshot(g) == before, action
    ev = g.act({"do": "move", "unit": "a9", "to": "h6", "path": ["f6", "g6", "h6"],
                "markers": [{"hex": "f6", "ammo": "machine_gun"}, {"hex": "g6", "ammo": "bomb"}]})
    assert [e.kind for e in ev] == ["unit_moved", "ammo_spent"]
    assert ev[1].data["targets"] == ["x5", "x7"]
    a9 = g.state.position.units["a9"]
    assert g.state.hex_name(a9.hex) == "h6" and a9.moved == 3 and a9.airborne
    assert a9.ammo == {"machine_gun": 2, "bomb": 2}
    g.act({"do": "undo"})
    g.act({"do": "undo"})
    assert "a9" not in g.state.position.units and g.state.air is not None
    assert "a9" in g.state.air.entering
    g.act({"do": "move", "unit": "a9", "to": "h6", "path": ["f6", "g6", "h6"],
           "markers": [{"hex": "f6", "ammo": "machine_gun"}, {"hex": "g6", "ammo": "bomb"}]})
    g.act({"do": "end_moves"})
    g.act({"do": "attack_run"})
    g.act({"do": "dice", "faces": ["infantry", "flag"]})
    assert snapshot(GameSession.resume(store, g.game_id)) == snapshot(g)


def test_deployed_onto_a_vacant_hex_the_unit_stands_there_with_one_hex_moved() -> None:
    g = GameSession.new(resolve("varenne-bridges"))
    withdrawn_a9(g)
    g.act({"do": "play_card", "card": "attack_center"})
    ev = g.act({"do": "order", "units": [], "deploy": {"unit": "a9", "hex": "F5"}})
    assert "entering" not in ev[0].data["deploy"]
    assert g.state.position.units["a9"].moved == 1
    with pytest.raises(IllegalAction, match="3 hexes of movement left"):
        g.act({"do": "move", "unit": "a9", "to": "J5", "path": ["G5", "H5", "I5", "J5"]})


def test_the_auto_player_deploys_onto_an_enemy_unit_and_marks_it_first(tmp_path: Path) -> None:
    from companion.game.auto import AutoPlayer

    store = GameStore(tmp_path)
    # a seed whose game deploys onto an enemy (seed 3 did while the section lines cut E and I)
    g = GameSession.new(resolve("varenne-bridges"), store, deck_seed=4, options={"seed": 4})
    player = AutoPlayer(4)
    entered: list[dict[str, Any]] = []
    while not g.over and g.log.last_seq < 4000:
        for e in g.act(player.next_action(g)):
            if e.kind == "unit_moved" and e.data.get("entered"):
                entered.append(e.data)
    assert entered and g.over
    assert all(e["path"][0] == e["entered"]["hex"] for e in entered)
    assert snapshot(GameSession.resume(store, g.game_id)) == snapshot(g)
