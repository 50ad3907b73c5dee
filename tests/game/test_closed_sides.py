"""A move refused across a closed side says why: a wadi's side slope (card 44) on Knightsbridge,
a bridge section's side (card 9b) on Arnhem Bridge, both real editor files auto-played to the
first move phase where a unit stands beside such a side. The refusal records nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession, IllegalAction
from companion.rules.terrain import hex_passable
from companion.scenarios import load

REAL = Path(__file__).resolve().parents[1] / "scenarios" / "data" / "real" / "bga-memoir"


def beside_a_closed_side(s: GameSession) -> tuple[str, str, str] | None:
    """A unit that may move now, a neighbour across a closed side, and the piece."""
    st, legal = s.state, s.legal()
    if legal.phase.value != "move":
        return None
    for u in legal.movers:
        h = st.position.units[u.id].hex
        for n in st.board.neighbours(h):
            piece = st.position.closed_side(h, n)
            if (piece is not None and legal.moves(u.id) and st.hex_name(n) not in legal.moves(u.id)
                    and hex_passable(st.position.terrain_at(n), st.position.units[u.id].spec.unit_class)
                    and not st.position.is_occupied(n)):  # a hex it could enter but for the side
                return u.id, st.hex_name(n), piece
    return None


@pytest.mark.parametrize(("name", "words"), [
    ("1346-Knightsbridge.m44", "across a side slope of the wadi, card 44"),
    ("25-ArnhemBridge.m44", "across a side of the bridge section, card 9b"),
])
def test_a_move_across_a_closed_side_is_refused_with_its_reason(name: str, words: str) -> None:
    found = None
    for seed in range(1, 6):
        s = GameSession.new(load(REAL / name), deck_seed=seed)
        player = AutoPlayer(seed)
        for _ in range(600):
            if s.over or (found := beside_a_closed_side(s)) is not None:
                break
            s.act(player.next_action(s))
        if found is not None:
            break
    assert found is not None, "no unit came beside a closed side"
    uid, there, _piece = found
    before = len(s.events)
    with pytest.raises(IllegalAction) as info:
        s.act({"do": "move", "unit": uid, "to": there})
    message = str(info.value)
    assert f"may not end its move on {there}: {there} lies {words}" in message, message
    assert "it may reach:" in message
    assert len(s.events) == before


def test_a_river_beside_a_bridge_section_is_not_blamed_on_its_side() -> None:
    from companion.rules.movement import closed_step

    s = GameSession.new(load(REAL / "25-ArnhemBridge.m44"), deck_seed=1)
    pos = s.state.position
    board = s.state.board
    uid = next(iter(pos.units))
    pos.move_unit(uid, board.parse("h6"))  # on the section over the Rhine
    assert pos.closed_side(board.parse("h6"), board.parse("i6")) == "bridge_section"
    assert closed_step(pos, uid, board.parse("i6")) is None  # i6 is the river itself
    assert closed_step(pos, uid, board.parse("I5")) is not None  # open ground across the side
