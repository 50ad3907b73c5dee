"""Place names printed on the scenario's map (the editor's ``board.labels``) are kept, drawn
and read by the victory text that names a place: 23 Toulon's "If Allied units occupy 3 town
hexes in Toulon at the end of their turn, they win immediately" (29 Saverne Gap the same with
2 hexes in Saverne)."""

from __future__ import annotations

from pathlib import Path

from companion.game.session import GameSession
from companion.rules.board import Side
from companion.scenarios import dumps, import_m44, load, loads
from companion.scenarios.check import errors

BGA = Path(__file__).parent / "data" / "real" / "bga-memoir"


def _toulon_like(victory: str, labels: list[dict[str, object]]) -> dict[str, object]:
    towns = [{"row": r, "col": c, "terrain": {"name": "buildings"}}
             for r, c in ((0, 12), (1, 15), (1, 17), (2, 12), (3, 5))]
    return {"game_info": {"side_player1": "AXIS", "side_player2": "ALLIES"},
            "text": {"en": {"name": "t", "victory": victory}},
            "board": {"hexagons": [*towns, {"row": 8, "col": 0, "unit": {"name": "infus"}},
                                   {"row": 0, "col": 24, "unit": {"name": "infger"}}],
                      "labels": labels}}


SENTENCE = "6 Medals\nIf Allied units occupy 3 town hexes in Toulon at the end of their turn, " \
           "they win immediately."


def test_the_town_hexes_by_the_label_are_the_group_the_allies_must_hold_at_turn_end() -> None:
    s = import_m44(_toulon_like(SENTENCE, [{"row": 1, "col": 13, "text": ["Toulon"]},
                                           {"row": 2, "col": 4, "text": ["Hyeres"]}]))
    assert [(lb.hex, lb.text) for lb in s.labels] == [("g8", "Toulon"), ("C7", "Hyeres")]
    [o] = s.objectives
    # the town hexes next to the label and those joined to them; not Hyeres' (3,5)
    assert o.kind.value == "sudden_death" and set(o.hexes) == {"G9", "h8", "i8", "G7"}
    assert o.sides == (Side.ALLIES,) and o.hexes_needed == 3 and o.at_turn_end
    assert o.label == "Toulon" and s.notes == []
    again = loads(dumps(s))  # the labels and the timing survive our own format
    assert again.labels == s.labels and again.objectives == s.objectives


def test_a_place_no_label_shows_is_said_and_nothing_invented() -> None:
    s = import_m44(_toulon_like(SENTENCE, []))
    assert s.objectives == []
    assert any("Toulon" in n and "no label" in n for n in s.notes)
    bad = import_m44(_toulon_like("", [{"row": 40, "col": 3, "text": ["Nowhere"]},
                                       {"row": 1}, "junk", {"row": 1, "col": 1, "text": []}]))
    assert bad.labels == []
    said = " ".join(bad.notes)  # each bad label named (notes of one kind share a line)
    assert all(f"board.labels[{i}]" in said for i in range(4))


def test_toulon_and_saverne_check_clean_and_their_sudden_death_waits_for_the_turn_end() -> None:
    toulon = load(BGA / "23-Toulon.m44")
    assert errors(toulon) == []
    [o] = toulon.objectives
    assert o.at_turn_end and o.hexes_needed == 3 and len(o.hexes) == 4
    saverne = load(BGA / "29-SaverneGap.m44")
    [o] = saverne.objectives  # the file's own condition, now checked when the turn ends
    assert o.at_turn_end and o.hexes_needed == 2 and set(o.hexes) == {"g8", "G9", "F9"}


def test_in_play_holding_the_towns_wins_only_when_the_allied_turn_ends() -> None:
    s = load(BGA / "23-Toulon.m44")
    [o] = s.objectives
    g = GameSession.new(s, deck_seed=1)
    st = g.state
    # three Allied units on three of Toulon's town hexes, as if they had fought their way in
    axis = [u for u in st.position.units.values() if u.side is Side.AXIS]
    for u in axis:
        if st.hex_name(u.hex) in o.hexes:
            st.position.remove_unit(u.id)
    allied = [u for u in st.position.units.values() if u.side is Side.ALLIES][:3]
    for u, h in zip(allied, o.hexes, strict=False):
        st.position.move_unit(u.id, st.board.parse(h))
    st.observe()
    assert st.ledger.sudden_death is None  # mid-turn: not yet
    assert st.active is Side.ALLIES
    g.act({"do": "play_card", "card": st.hands[Side.ALLIES][0]})
    while not g.over and st.active is Side.ALLIES:
        legal = g.legal()
        do = next(a for a in ("end_turn", "end_moves") if a in legal.actions) \
            if {"end_turn", "end_moves"} & set(legal.actions) else None
        if do is None:
            g.act({"do": "order", "units": []})
            continue
        g.act({"do": do})
    assert g.over and g.state.winner is Side.ALLIES
