"""Actions 21 Smoke Screen, as bga-memoir plays the option smoke_screen (docs/rules-sources.md,
"Smoke screen"): before its first turn the side named "may place 3 adjacent smoke screen markers"
(states.inc.php ST_SMOKE_SCREEN); a marker blocks line of sight (Terrains/SmokeScreen.php) and
is removed at the end of the game's third turn (States/TurnTrait.php stEndTurn). 4086
Opportunity at Falaise: "The Allies may place a Smoke Screen (Actions 21 - Smoke Screen) before
their first turn"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.game.auto import AutoPlayer
from companion.game.errors import IllegalAction
from companion.game.narrate import Narrator
from companion.game.session import GameSession
from companion.rules.board import Side
from companion.rules.board import distance as _distance
from companion.rules.los import line_of_sight
from companion.rules.referee import answer
from companion.scenarios import Scenario, load, loads_m44
from companion.scenarios.check import problems
from companion.store import GameStore

FALAISE = Path(__file__).resolve().parents[1] / "scenarios" / "data" / "real" / "bga-memoir" / \
    "4086-OpportunityAtFalaise.m44"


def _smoked(g: GameSession) -> list[str]:
    st = g.state
    return sorted(st.hex_name(h) for h, names in st.position.terrain.items() if "smoke_screen" in names)


def _snapshot(g: GameSession) -> tuple[Any, ...]:
    st = g.state
    return g.log.last_seq, st.phase, st.turn, _smoked(g), repr(st.rules_state)


def test_falaise_briefing_gives_the_allies_the_smoke_screen_and_the_check_is_clean() -> None:
    s = load(FALAISE)
    assert s.variants.get("smoke_screen") == "allies"
    assert not [p for p in problems(s) if p.severity == "error"], problems(s)


def test_newer_files_option_names_the_side() -> None:
    """bga-memoir's newer copy of 4086 writes game_info.options smoke_screen = {side: ALLIES}."""
    raw = json.loads(FALAISE.read_text(encoding="utf-8"))
    raw["game_info"]["options"] = {"smoke_screen": {"side": "AXIS"}}
    for lang in raw.get("text", {}).values():
        if isinstance(lang, dict):
            lang["rules"] = ""
    s = loads_m44(json.dumps(raw))
    assert s.variants.get("smoke_screen") == "axis"


def test_the_step_comes_before_the_first_turn_and_bad_hexes_change_nothing() -> None:
    g = GameSession.new(load(FALAISE))
    p = g.prompt()
    assert p.kind == "rule_step" and p.side == "allies" and p.actions == ("smoke",)
    assert p.pick is not None and p.pick.count == 3 and p.pick.rest == "none"
    assert p.pick.rest_words == "left off"
    assert "side by side" in p.text
    before = _snapshot(g)
    for bad, why in (("E5 F5", "2 given"), ("E5 F5 K5", "side by side"), ("E5 E5 F5", "twice"),
                     ("E5 F5 Z9", "hexes:"), ("A1 C1 E1", "side by side")):
        with pytest.raises(IllegalAction, match=why):
            g.act({"do": "smoke", "hexes": bad})
        assert _snapshot(g) == before, bad
    with pytest.raises(IllegalAction):
        g.act({"do": "play_card", "card": "probe_left"})  # the step first
    assert _snapshot(g) == before


def test_markers_block_sight_through_their_hexes_not_into_them() -> None:
    g = GameSession.new(load(FALAISE))
    ev = g.act({"do": "smoke", "hexes": "E5 F5 e4"})  # a triangle touches too
    assert [e.kind for e in ev] == ["smoke_placed"] and ev[0].data["until_turn"] == 3
    assert _smoked(g) == ["E5", "F5", "e4"]
    pos, b = g.state.position, g.state.board
    assert not line_of_sight(pos, b.parse("D5"), b.parse("G5"))  # across F5 and E5
    assert line_of_sight(pos, b.parse("D5"), b.parse("E5"))  # into the smoke: as a forest
    assert g.prompt().kind == "play_card" and g.state.active is Side.ALLIES


def test_the_referee_reads_a_marker_as_blocking_terrain() -> None:
    q: dict[str, Any] = {
        "units": [{"id": "a", "side": "allies", "type": "armor", "hex": "E5"},
                  {"id": "x", "side": "axis", "type": "infantry", "hex": "G5"}],
        "terrain": [{"hex": "F5", "type": "smoke_screen"}],
        "ask": {"battle": {"attacker": "a", "target": "x"}}}
    assert answer(q)["battle"]["line_of_sight"] is False
    q["terrain"] = [{"hex": "G5", "type": "smoke_screen"}]  # on the target: seen, full dice
    got = answer(q)["battle"]
    assert got["allowed"] and got["dice"] == 3
    q["terrain"] = []
    assert answer(q)["battle"]["line_of_sight"] is True


def test_none_places_nothing_and_play_goes_on() -> None:
    g = GameSession.new(load(FALAISE))
    ev = g.act({"do": "smoke", "hexes": "none none none"})
    assert ev[0].kind == "smoke_placed" and ev[0].data["hexes"] == []
    assert _smoked(g) == [] and g.prompt().kind == "play_card"


def test_the_smoke_lifts_at_the_end_of_the_placing_sides_second_turn(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    g = GameSession.new(load(FALAISE), store, deck_seed=4)
    g.act({"do": "smoke", "hexes": "E5 F5 G5"})
    auto = AutoPlayer(2)
    lifted_in: list[int] = []
    said: list[str] = []
    while g.state.turn <= 3 and g.prompt().kind != "over":
        turn = g.state.turn
        for e in g.act(auto.next_action(g)):
            if e.kind == "smoke_lifted":
                lifted_in.append(turn)
                assert e.data["hexes"] == ["E5", "F5", "G5"]
                said.append(Narrator(g.state).line(e))
        if g.state.turn <= 3:
            assert _smoked(g) == ["E5", "F5", "G5"], g.state.turn
    assert lifted_in == [3] and _smoked(g) == []
    assert said == ["The smoke screen lifts (E5, F5, G5)."]
    resumed = GameSession.resume(store, g.game_id)  # a flat battery: the same game back
    assert _snapshot(resumed) == _snapshot(g)


def test_a_side_that_moves_second_places_it_before_its_own_first_turn() -> None:
    raw = json.loads(FALAISE.read_text(encoding="utf-8"))
    raw["game_info"]["options"] = {"smoke_screen": {"side": "AXIS"}}
    s: Scenario = loads_m44(json.dumps(raw))
    g = GameSession.new(s, deck_seed=5)
    auto = AutoPlayer(3)
    assert g.prompt().kind == "play_card" and g.state.active is Side.ALLIES
    while g.prompt().kind != "rule_step":
        g.act(auto.next_action(g))
    p = g.prompt()
    assert p.side == "axis" and g.state.turn == 2 and p.actions == ("smoke",)
    ev = g.act({"do": "smoke", "hexes": "E5 F5 G5"})
    assert ev[0].data["until_turn"] == 4


def test_the_terminal_lays_it_as_the_tablet_does() -> None:
    """`companion play`: "smoke E5 F5 G5" (or "smoke none") answers the step."""
    from companion.cli.play import parse_command

    g = GameSession.new(load(FALAISE))
    assert parse_command("smoke none") == {"do": "smoke", "hexes": "none"}
    g.act(parse_command("smoke E5 F5 G5"))
    assert _smoked(g) == ["E5", "F5", "G5"]


def test_a_marker_is_no_obstacle_a_unit_in_the_smoke_may_dig_in() -> None:
    """One obstacle per hex (Dig-In places no sandbag where one stands); the smoke marker only
    blocks sight (SmokeScreen.php), so a unit in it still digs in."""
    from companion.rules.cards import dig_in_hexes

    g = GameSession.new(load(FALAISE))
    st = g.state
    uid, unit = next((i, u) for i, u in st.position.units.items()
                     if u.side is Side.ALLIES and not st.position.terrain.get(u.hex))
    g.act({"do": "smoke", "hexes": "none"})
    st.position.terrain[unit.hex] = ("smoke_screen",)
    assert dig_in_hexes(st.position, [uid]) == [unit.hex]
    st.position.terrain[unit.hex] = ("barbed_wire",)
    assert dig_in_hexes(st.position, [uid]) == []


def test_a_smoke_screen_laid_wrong_is_taken_back_before_the_card_and_laid_again() -> None:
    g = GameSession.new(load(FALAISE))
    step = _snapshot(g)
    g.act({"do": "smoke", "hexes": "E5 F5 e4"})  # a wrong tap: the markers it meant were J5..
    assert "undo" in g.prompt().actions and g.prompt().kind == "play_card"
    g.act({"do": "undo"})
    assert _snapshot(g)[1:] == step[1:] and g.prompt().actions == ("smoke",)
    g.act({"do": "smoke", "hexes": "I5 J5 K5"})
    assert _smoked(g) == ["I5", "J5", "K5"]
    g.act({"do": "play_card", "card": "probe_left"})
    assert g.prompt().kind != "play_card"
    g.act({"do": "undo"})  # the card first, then the smoke: each within the turn
    assert g.prompt().kind == "play_card" and _smoked(g) == ["I5", "J5", "K5"]
    g.act({"do": "undo"})
    assert g.prompt().actions == ("smoke",) and _smoked(g) == []


def test_a_game_without_a_step_offers_no_undo_before_its_first_card() -> None:
    g = GameSession.new(load(FALAISE))
    g.act({"do": "smoke", "hexes": "none"})
    assert "undo" in g.prompt().actions  # "none" is a choice of the turn too
    plain = GameSession.new(loads_m44(json.dumps({"board": {"type": "STANDARD", "hexagons": [
        {"row": 8, "col": 0, "unit": {"name": "infus"}}, {"row": 0, "col": 0, "unit": {
            "name": "infger"}}]}, "game_info": {"side_player1": "AXIS", "side_player2": "ALLIES"}})))
    assert plain.prompt().kind == "play_card" and "undo" not in plain.prompt().actions


def test_the_auto_player_lays_it_where_it_hides_its_units_from_the_enemy() -> None:
    """The auto player's smoke (used by the auto-played games): three empty hexes side by side
    in a row, laid through the game; and no other such row, laid the same way, blocks more of
    the sight lines between its units and enemies 3 hexes or nearer that saw them."""
    first = GameSession.new(load(FALAISE))
    pos = first.state.position
    seen = [(a.hex, b.hex) for a in pos.units.values() for b in pos.units.values()
            if a.side is Side.ALLIES and b.side is Side.AXIS
            and 2 <= _distance(a.hex, b.hex) <= 3 and line_of_sight(pos, a.hex, b.hex)]
    assert seen  # Falaise's set-up has Allied units in the sight of Axis ones

    def blocked(hexes: list[str]) -> int:
        g = GameSession.new(load(FALAISE))
        g.act({"do": "smoke", "hexes": " ".join(hexes)})
        return sum(not line_of_sight(g.state.position, a, b) for a, b in seen)

    first.act(AutoPlayer(1).next_action(first))
    laid = _smoked(first)
    assert len(laid) == 3
    rows = {first.state.board.parse(h).row for h in laid}
    assert len(rows) == 1
    best = blocked(laid)
    assert best >= 1, "the smoke hides no unit from any enemy"
    board = first.state.board
    for h in board.all_hexes:
        row = [type(h)(h.col + 2 * k, h.row) for k in range(3)]
        if all(board.contains(x) and not pos.is_occupied(x) for x in row):
            assert blocked([board.name(x) for x in row]) <= best, row
