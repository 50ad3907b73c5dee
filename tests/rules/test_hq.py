"""HQ & Supply Tents (companion/rules/hq.py, card 56): a captured HQ costs its owner a command
card until its side takes it back (docs/rules-sources.md)."""

from __future__ import annotations

from companion.rules.board import Side
from companion.rules.hq import captured_hqs, hand_size, hq_hexes
from companion.rules.referee import position_from_json


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
