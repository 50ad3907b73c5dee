"""HQ & Supply Tents (companion/rules/hq.py, card 56): a captured HQ costs its owner a command
card until its side takes it back (docs/rules-sources.md)."""

from __future__ import annotations

from companion.rules.board import Side
from companion.rules.hq import captured_hqs, hand_size, hq_hexes
from companion.rules.referee import position_from_json
from companion.rules.terrain import TERRAIN


def test_hq_card_56_a_captured_hq_costs_a_card_until_taken_back() -> None:
    pos = position_from_json({
        "units": [{"id": "a1", "side": "allies", "type": "infantry", "hex": "F3"},
                  {"id": "x1", "side": "axis", "type": "infantry", "hex": "F7"}],
        "terrain": [{"hex": "F5", "type": "headquarters", "owner": "axis"}]})
    hq = pos.board.parse("F5")
    assert hq_hexes(pos) == {hq: Side.AXIS}
    assert captured_hqs(pos) == frozenset()
    pos.move_unit("a1", hq, "move")
    captured = captured_hqs(pos)
    assert captured == {hq}
    assert hand_size(pos, Side.AXIS, 5, captured) == 4
    assert hand_size(pos, Side.ALLIES, 5, captured) == 5
    # the Allied unit leaves: the HQ stays lost until an Axis unit takes it back
    pos.move_unit("a1", pos.board.parse("F3"), "move")
    captured = captured_hqs(pos, captured)
    assert captured == {hq}
    pos.move_unit("x1", hq, "move")
    assert captured_hqs(pos, captured) == frozenset()


def test_hq_without_an_owner_is_captured_by_nobody() -> None:
    pos = position_from_json({
        "units": [{"id": "a1", "side": "allies", "type": "infantry", "hex": "F5"}],
        "terrain": [{"hex": "F5", "type": "headquarters"}]})
    assert hq_hexes(pos) == {} and captured_hqs(pos) == frozenset()


def test_a_town_that_is_an_hq_and_an_hq_held_at_the_start_belongs_to_its_holder() -> None:
    # 8044 Rzhev: "The town of Noshkino is a Permanent Medal Objective for the Allied forces. In
    # addition the town is the German's HQ. HQ/Supply rules are in effect" (buildings with the
    # behaviour HEADQUARTER, a German unit on it; the file names no original_owner)
    from companion.scenarios import import_m44, to_position

    s = import_m44({"game_info": {"side_player1": "AXIS", "side_player2": "ALLIES"},
                    "board": {"hexagons": [
                        {"row": 0, "col": 4, "terrain": {"name": "buildings",
                                                         "behavior": "HEADQUARTER"},
                         "unit": {"name": "inf2ger", "badge": "badge4"}},
                        {"row": 0, "col": 8, "terrain": {"name": "pheadquarter"}},
                        {"row": 8, "col": 0, "unit": {"name": "infru"}}]}})
    owners = {t.hex: (t.type, t.owner) for t in s.terrain}
    assert owners == {"C9": ("town_headquarters", Side.AXIS), "E9": ("headquarters", None)}
    assert s.notes == []
    pos = to_position(s)
    assert hq_hexes(pos) == {pos.board.parse("C9"): Side.AXIS}
    # still a town for movement and battle
    town, hq = TERRAIN["town"], TERRAIN["town_headquarters"]
    assert (hq.protection, hq.stop_on_enter, hq.blocks_los) == (
        town.protection, town.stop_on_enter, town.blocks_los)
