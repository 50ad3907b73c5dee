"""No lost turns, without a window: a double tap on an ending button counts once, and ending
the movement or the turn with ordered units that could still act asks first."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.ui.controller import Table
from companion.ui.demo import auto_until


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def guarded_table(tmp_path: Path) -> tuple[Table, FakeClock]:
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    clock = FakeClock()
    t.clock = clock
    t.end_guard_s = 0.5
    assert t.new_game("orchard-ridge", deck_seed=5, seed=5)
    return t, clock


def order_all(t: Table, clock: FakeClock) -> None:
    """Play the first card, pick every unit it may order, press the order button."""
    clock.now += 1
    assert t.press(t.play_card_action(t.card_choices()[0][0])), t.message
    legal = t.legal()
    assert legal is not None
    for u in legal.orderable:
        t.tap_hex(u.hex)
    clock.now += 1
    assert t.press(t.order_action()), t.message


def test_a_second_tap_within_the_guard_is_dropped(tmp_path: Path) -> None:
    t, clock = guarded_table(tmp_path)
    assert t.guard_left() == 0.5  # the panel just appeared
    card = t.play_card_action(t.card_choices()[0][0])
    assert not t.press(card), "a tap as the game appears is taken for a stray one"
    clock.now += 0.6
    assert t.press(card)
    assert t.prompt().kind == "order"  # type: ignore[union-attr]
    clock.now += 0.15  # the second tap of a double tap lands on "Order 0 units"
    seq = t.shown_seq
    assert not t.press(t.order_action())
    assert t.shown_seq == seq and t.prompt().kind == "order"  # type: ignore[union-attr]
    assert t.guard_dropped == 2
    clock.now += 0.5
    assert t.press(t.order_action())
    assert t.prompt().kind in ("move", "battle")  # type: ignore[union-attr]


def test_taps_that_end_nothing_are_never_held(tmp_path: Path) -> None:
    t, clock = guarded_table(tmp_path)
    clock.now += 1
    assert t.press(t.play_card_action(t.card_choices()[0][0]))
    legal = t.legal()
    assert legal is not None and legal.orderable
    assert t.tap_hex(legal.orderable[0].hex)  # picking a unit right away works
    assert t.picked == [legal.orderable[0].id]


def test_ending_the_movement_with_units_that_could_move_asks_first(tmp_path: Path) -> None:
    t, clock = guarded_table(tmp_path)
    order_all(t, clock)
    assert t.prompt().kind == "move"  # type: ignore[union-attr]
    legal = t.legal()
    assert legal is not None
    could = [u for u in legal.movers if legal.moves(u.id)]
    assert could
    clock.now += 1
    seq = t.shown_seq
    assert not t.press({"do": "end_moves"})
    assert t.confirm is not None and t.shown_seq == seq
    assert t.confirm.action == {"do": "end_moves"}
    # units in players' words, never their ids
    st = t.state
    assert st is not None
    first = st.position.units[could[0].id]
    assert any(line.endswith(f" on {st.hex_name(first.hex)}") for line in t.confirm.lines), \
        t.confirm.lines
    assert not any(u.id in t.confirm.lines for u in could)
    assert not t.answer_confirm(False), "the second tap of the press must not answer"
    assert t.confirm is not None
    clock.now += 0.6
    assert not t.answer_confirm(False)  # "Go back"
    assert t.confirm is None and t.prompt().kind == "move"  # type: ignore[union-attr]
    clock.now += 1
    assert not t.press({"do": "end_moves"})
    clock.now += 0.6
    assert t.answer_confirm(True)  # "End anyway"
    assert t.confirm is None and t.prompt().kind != "move"  # type: ignore[union-attr]


def test_ending_with_nothing_left_undone_does_not_ask(tmp_path: Path) -> None:
    t, clock = guarded_table(tmp_path)
    clock.now += 1
    t.press(t.play_card_action(t.card_choices()[0][0]))
    clock.now += 1
    assert t.press(t.order_action())  # no unit ordered: nothing could move or battle
    clock.now += 1
    if t.prompt().kind == "move":  # type: ignore[union-attr]
        assert t.press({"do": "end_moves"}) and t.confirm is None
    clock.now += 1
    assert t.press({"do": "end_turn"}) and t.confirm is None
    assert t.prompt().kind == "play_card"  # type: ignore[union-attr]


def test_ending_the_turn_with_an_attacker_that_has_a_target_asks_first(tmp_path: Path) -> None:
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    assert t.new_game("orchard-ridge", deck_seed=5, seed=5)
    assert auto_until(t, "battle", seed=5)
    undone = t.left_undone("end_turn")
    legal = t.legal()
    assert legal is not None
    assert len(undone) == sum(1 for u in legal.attackers if legal.targets(u.id)) > 0
    assert not t.press({"do": "end_turn"}) and t.confirm is not None
    assert t.confirm.title == "End the turn?"
    active = t.state.active  # type: ignore[union-attr]
    assert t.answer_confirm(True)
    assert t.prompt().kind == "play_card" and t.state.active is not active  # type: ignore[union-attr]


@pytest.mark.parametrize("action", [
    {"do": "play_card", "card": "attack_right", "air_sortie": True},  # Air Pack: with the sortie
    {"do": "order", "units": ["a9"], "sortie_hex": "J9"},
    {"do": "order", "units": [], "roll": ["star", "flag"]},  # Their Finest Hour's pad
    {"do": "end_turn", "keep": "probe_left"},  # Air Pack recon: end turn, keep a card
    {"do": "end_moves"},
    {"do": "apply_dice"},  # then Retreat to... sits under the finger
    {"do": "retreat", "hex": "A7"},  # then Take ground / Stay
    {"do": "take_ground", "advance": False},
    {"do": "battle_back"}, {"do": "battle_back", "decline": True},  # British Commonwealth
    {"do": "undo"},
])
def test_every_ending_button_is_guarded(tmp_path: Path, action: dict[str, object]) -> None:
    t = Table.open(tmp_path)
    clock = FakeClock()
    t.clock, t.end_guard_s = clock, 0.5
    t.guard_watch()
    assert t.is_ending(action)
    assert not t.guard_takes(action)  # just appeared
    clock.now += 0.6
    assert t.guard_takes(action)
    clock.now += 0.15
    assert not t.guard_takes(action)  # the second tap of a double tap
    assert t.guard_dropped == 2


@pytest.mark.parametrize("action", [{"ui": "marker", "hex": "f6", "ammo": "bomb"},
                                    {"do": "move", "unit": "a1", "to": "F5"},
                                    {"do": "exit", "unit": "a1"}])
def test_steps_within_a_phase_are_not_held(tmp_path: Path, action: dict[str, object]) -> None:
    t = Table.open(tmp_path)
    t.clock, t.end_guard_s = FakeClock(), 0.5
    t.guard_watch()
    assert not t.is_ending(action) and t.guard_takes(action)


def test_a_double_tap_on_a_rule_steps_answer_answers_one_step(tmp_path: Path) -> None:
    """Drop in the Night drops three times: the second tap of a double tap on the Airdrop
    button would tell the next drop that all its figures fell off the board."""
    from companion.scenarios import load

    bga = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"
    t = Table.open(tmp_path)
    clock = FakeClock()
    t.clock = clock
    t.end_guard_s = 0.5
    assert t.new_game(load(bga / "6687-DropInTheNight82nd.m44"))
    p = t.prompt()
    if p is not None and p.kind == "dice" and p.dice is not None:  # the night's roll first
        clock.now += 1
        assert t.submit_dice(["infantry"] * p.dice.count), t.message
        p = t.prompt()
    assert p is not None and p.kind == "rule_step" and p.pick is not None
    clock.now += 1
    drop = next(a for _, a in t.buttons() if a.get("do") == "airdrop")
    assert t.press(drop)
    dropped = [e for e in t.session.events if e.kind == "units_dropped"]  # type: ignore[union-attr]
    assert len(dropped) == 1
    p = t.prompt()
    assert p is not None and p.kind == "rule_step"  # the next drop
    clock.now += 0.15  # the second tap lands on the next drop's button
    again = next(a for _, a in t.buttons() if a.get("do") == "airdrop")
    assert not t.press(again)
    assert len([e for e in t.session.events if e.kind == "units_dropped"]) == 1  # type: ignore[union-attr]
    clock.now += 0.5
    assert t.press(again)
    assert len([e for e in t.session.events if e.kind == "units_dropped"]) == 2  # type: ignore[union-attr]


def test_a_double_tap_on_a_lit_hex_moves_once_and_selects_nothing(tmp_path: Path) -> None:
    t, clock = guarded_table(tmp_path)
    order_all(t, clock)
    legal = t.legal()
    assert legal is not None
    unit = next(u for u in legal.movers if legal.moves(u.id))
    to = sorted(h for h in legal.moves(unit.id) if h != unit.hex)[0]
    clock.now += 1
    assert t.tap_hex(unit.hex) and t.selected == unit.id
    clock.now += 1
    seq = t.shown_seq
    assert t.tap_hex(to)  # the move
    after = t.shown_seq
    assert after > seq
    clock.now += 0.15  # the double tap's second tap lands on the unit just moved there
    assert not t.tap_hex(to)
    assert t.shown_seq == after and t.selected is None and t.message == "", t.message
    clock.now += 0.5  # a tap of its own on that hex later is a tap: the moved unit may not move
    assert not t.tap_hex(to)
    assert "cannot move now" in t.message


def test_a_double_tap_on_a_unit_picks_it_and_a_later_tap_takes_it_back(tmp_path: Path) -> None:
    t, clock = guarded_table(tmp_path)
    clock.now += 1
    assert t.press(t.play_card_action(t.card_choices()[0][0]))
    legal = t.legal()
    assert legal is not None and legal.orderable
    hex_name = legal.orderable[0].hex
    assert t.tap_hex(hex_name)
    clock.now += 0.2
    assert not t.tap_hex(hex_name)
    assert t.picked == [legal.orderable[0].id]
    clock.now += 0.6
    assert t.tap_hex(hex_name)
    assert t.picked == []


def test_without_a_guard_two_taps_are_two_taps(tmp_path: Path) -> None:
    t, clock = guarded_table(tmp_path)
    clock.now += 1
    assert t.press(t.play_card_action(t.card_choices()[0][0]))
    t.end_guard_s = 0.0  # a table without an app (scripts, tests) taps at machine speed
    legal = t.legal()
    assert legal is not None and legal.orderable
    hex_name = legal.orderable[0].hex
    assert t.tap_hex(hex_name) and t.tap_hex(hex_name)
    assert t.picked == []
