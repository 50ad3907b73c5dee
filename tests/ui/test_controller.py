"""The table logic behind the screens, without a window: taps, dice, refusals, resume."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.ui import dicesources
from companion.ui.controller import SETTINGS_FILE, STATE_FILE, Settings, Table
from companion.ui.demo import auto_until
from companion.ui.i18n import LOCALE_DIR, _, extract_messages, read_po
from tests.ui.taps import tap_first_battle


def new_table(tmp_path: Path, dice: str = "manual") -> Table:
    t = Table.open(tmp_path)
    t.settings.dice = dice
    assert t.new_game("orchard-ridge", deck_seed=5, seed=5)
    return t


def to_battle(t: Table) -> None:
    assert auto_until(t, "battle", seed=5)


def test_new_game_starts_on_the_board_with_a_plain_prompt(tmp_path: Path) -> None:
    t = new_table(tmp_path)
    assert t.screen == "board"
    assert t.prompt_line() == "Allies: play a command card."
    assert t.card_choices(), "the virtual hand is offered"


def test_order_by_tapping_units_then_the_button(tmp_path: Path) -> None:
    t = new_table(tmp_path)
    assert t.act({"do": "play_card", "card": t.card_choices()[0][0]})
    p = t.prompt()
    assert p is not None and p.kind == "order"
    first = p.choices[0]
    assert t.tap_hex(first.hex or "")
    assert t.picked == [first.key]
    assert t.highlights()[first.hex or ""] == "picked"
    t.tap_hex(first.hex or "")  # a second tap takes it back
    assert t.picked == []
    t.tap_hex("A9")  # an enemy / empty hex is refused with words
    assert "your own units" in t.message
    legal, st = t.legal(), t.state
    assert legal is not None and st is not None
    lit = {u.id for u in legal.orderable}
    assert lit == {c.key for c in p.choices}  # the prompt lights what the legal actions offer
    other = [u for u in st.position.units.values() if u.side is st.active and u.id not in lit]
    if other:  # a unit the card cannot order is refused at the tap, not at the order
        assert not t.tap_hex(st.hex_name(other[0].hex))
        assert "cannot order this unit" in t.message and t.picked == []


def test_a_unit_past_the_cards_orders_is_refused_at_the_tap(tmp_path: Path) -> None:
    """Probe Left orders 2 units: the third unit of the left flank tapped is refused with the
    reason (its orders are used), nothing is picked, and a tap on a picked unit makes room."""
    from companion.rules.board import Side
    from companion.scenarios import Scenario, ScenarioText, SideSetup, UnitSetup

    A, X = Side.ALLIES, Side.AXIS
    units = [UnitSetup("a1", A, "infantry", "A1"), UnitSetup("a2", A, "infantry", "B1"),
             UnitSetup("a3", A, "infantry", "C1"), UnitSetup("x1", X, "infantry", "M9")]
    sc = Scenario(id="three", text={"en": ScenarioText("Three")}, units=units,
                  sides={A: SideSetup(medals_to_win=4), X: SideSetup(medals_to_win=4)}, starts=A)
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    assert t.new_game(sc, seed=1)
    assert t.act({"do": "play_card", "card": "probe_left"}, any_side=True) or t.act(
        {"do": "play_card", "card": "probe_left"})
    assert t.tap_hex("A1") and t.tap_hex("B1") and t.picked == ["a1", "a2"]
    assert not t.tap_hex("C1")
    assert t.picked == ["a1", "a2"] and "Probe Left" in t.message and "C1" in t.message
    assert "a3" not in t.message  # units by type and hex, not by id
    assert t.tap_hex("B1") and t.tap_hex("C1") and t.picked == ["a1", "a3"]
    label = next(lb for lb, a in t.buttons() if a.get("do") == "order")
    assert label.startswith("Order 2 unit(s)")


def test_illegal_move_is_explained_and_records_nothing(tmp_path: Path) -> None:
    t = new_table(tmp_path)
    assert auto_until(t, "move", seed=5)
    p = t.prompt()
    assert p is not None and p.choices
    unit_hex = p.choices[0].hex or ""
    seq = t.session.log.last_seq if t.session else 0
    assert t.tap_hex(unit_hex)
    assert "reach" in t.highlights().values()
    assert not t.tap_hex("A1" if unit_hex[0] > "F" else "M1")
    assert "may not end its move" in t.message
    assert t.session is not None and t.session.log.last_seq == seq


def test_battle_by_two_taps_then_the_manual_pad(tmp_path: Path) -> None:
    t = new_table(tmp_path)
    to_battle(t)
    st = t.state
    p = t.prompt()
    assert st is not None and p is not None
    for c in p.choices:
        t.tap_hex(c.hex or "")
        targets = t.target_dice()
        if targets:
            break
    else:
        pytest.skip("no ordered unit has a target in this seed")
    target_hex, dice = next(iter(targets.items()))
    assert t.tap_hex(target_hex)
    p = t.prompt()
    assert p is not None and p.kind == "dice" and p.dice is not None and p.dice.count == dice
    assert "Waiting for dice from: tap the dice" in t.prompt_line()
    assert not t.submit_dice(["flag"] * (dice + 1))  # wrong count: refused, nothing recorded
    assert "dice are due" in t.message
    assert t.submit_dice(["grenade"] * dice)
    assert t.flash is not None and t.flash.hits >= 1
    assert t.dice_shown == ["grenade"] * dice


def test_unreadable_die_asks_the_player(tmp_path: Path) -> None:
    t = new_table(tmp_path)
    to_battle(t)
    tap_first_battle(t)
    p = t.prompt()
    if p is None or p.kind != "dice" or p.dice is None:
        pytest.skip("no battle in this seed")
    n = p.dice.count
    assert t.act({"do": "dice", "faces": [None] * n, "source": "camera:0"})
    assert t.prompt().kind == "review_dice"  # type: ignore[union-attr]
    for i in range(n):
        assert t.correct_die(i, "infantry")
    assert "apply_dice" in [a["do"] for _label, a in t.buttons()]


def test_simulated_source_answers_through_the_dice_interface(tmp_path: Path) -> None:
    t = Table.open(tmp_path, sim_delay=0.0)
    t.settings.dice = "sim"
    assert t.new_game("orchard-ridge", deck_seed=5, seed=5)
    to_battle(t)
    tap_first_battle(t)
    assert t.session is not None
    reads = [e for e in t.store.events(t.session.game_id) if e.kind == "dice_read"]
    assert reads and reads[-1].data["source"] == "sim"


def test_comes_back_where_it_was_after_a_kill(tmp_path: Path) -> None:
    t = new_table(tmp_path)
    to_battle(t)
    t.go("air")
    seq = t.session.log.last_seq if t.session else 0
    gid = t.session.game_id if t.session else ""
    # no close(): as if the process was killed
    again = Table.open(tmp_path)
    assert again.restore()
    assert again.session is not None and again.session.game_id == gid
    assert again.session.log.last_seq == seq
    assert again.screen == "air"
    assert again.prompt_line() == t.prompt_line()


def test_finished_game_is_not_resumed(tmp_path: Path) -> None:
    t = new_table(tmp_path)
    assert auto_until(t, "over", seed=5)
    assert t.screen == "victory"
    again = Table.open(tmp_path)
    assert not again.restore()
    assert again.screen == "start"


def test_settings_survive_and_a_broken_file_gives_defaults(tmp_path: Path) -> None:
    t = Table.open(tmp_path)
    t.settings.speak = True
    t.settings.dice = "mqtt:mqtt://127.0.0.1:1883"
    t.save_settings()
    assert Table.open(tmp_path).settings.dice == "mqtt:mqtt://127.0.0.1:1883"
    (tmp_path / SETTINGS_FILE).write_text("{not json")
    assert Table.open(tmp_path).settings == Settings()
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"dice": "sim", "colour": "red"}))
    assert Table.open(tmp_path).settings.dice == "sim"
    (tmp_path / STATE_FILE).write_text("[]")
    assert not Table.open(tmp_path).restore()


def test_bad_scenario_is_a_message_not_a_crash(tmp_path: Path) -> None:
    t = Table.open(tmp_path)
    assert not t.new_game("no-such-scenario")
    assert "built-in" in t.message
    bad = tmp_path / "broken.m44"
    bad.write_text("{")
    assert not t.new_game(str(bad))
    assert t.session is None and t.store.list_games() == []


def test_unknown_dice_source_falls_back_to_the_pad() -> None:
    opened = dicesources.open_source("pigeon:3")
    try:
        assert opened.spec == "manual" and "unknown dice source" in opened.note
    finally:
        opened.close()
    assert dicesources.validate("pigeon") is not None
    assert dicesources.validate("camera:0") is None


def test_every_string_is_in_the_english_catalogue() -> None:
    catalogue = read_po(LOCALE_DIR / "en" / "LC_MESSAGES" / "companion.po")
    missing = [m for m in extract_messages() if m not in catalogue and m != ""]
    assert not missing, f"run `python -m companion.ui.i18n` to add: {missing[:5]}"
    assert _("Undo") == "Undo"


def test_cli_refuses_bad_arguments_with_a_message(tmp_path: Path) -> None:
    env = {**os.environ, "KIVY_HOME": str(tmp_path / "kivy"), "KIVY_NO_CONSOLELOG": "1",
           "KIVY_NO_ARGS": "1"}
    for args, words in ((["--size", "tiny"], "WIDTHxHEIGHT"), (["--dice", "pigeon"], "unknown dice"),
                        (["--screenshot", str(tmp_path / "x.jpg")], ".png"),
                        (["--scenario", "no-such-place", "--data-dir", str(tmp_path / "d")],
                         "neither a file nor a built-in")):
        proc = subprocess.run([sys.executable, "-m", "companion", "app", *args],
                              capture_output=True, text=True, timeout=60, env=env)
        assert proc.returncode == 2
        assert words in proc.stderr and "Traceback" not in proc.stderr


def test_a_fault_behind_the_screen_is_a_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    t = new_table(tmp_path)
    assert t.session is not None

    def broken(action: dict[str, object]) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(t.session, "act", broken)
    assert not t.act({"do": "play_card", "card": "attack_center"})
    assert "disk on fire" in t.message


def test_undo_before_the_throw_withdraws_the_dice_request(tmp_path: Path) -> None:
    t = Table.open(tmp_path, sim_delay=3600.0)
    t.settings.dice = "sim"
    assert t.new_game("orchard-ridge", deck_seed=5, seed=5)
    to_battle(t)
    tap_first_battle(t)
    assert t._source is not None
    waiting = t._source.source.pending()
    assert len(waiting) == 1
    assert t.act({"do": "undo"})
    assert t.prompt().kind == "battle"  # type: ignore[union-attr]
    assert t._source.source.pending() == []


def test_a_translation_is_used_when_its_catalogue_exists(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.ui import i18n

    po = tmp_path / "fr" / "LC_MESSAGES" / "companion.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n\nmsgid "Undo"\nmsgstr "Annuler"\n\n'
                  'msgid "End turn"\nmsgstr ""\n', "utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    try:
        assert i18n.set_language("fr") == "fr"
        assert i18n._("Undo") == "Annuler"
        assert i18n._("End turn") == "End turn"  # untranslated: the English text
        assert i18n.set_language("de") == "de"  # no catalogue: English
        assert i18n._("Undo") == "Undo"
    finally:
        monkeypatch.undo()
        i18n.set_language("en")


def test_a_damaged_save_opens_the_start_screen_with_a_message(tmp_path: Path) -> None:
    t = new_table(tmp_path)
    assert t.session is not None
    gid = t.session.game_id
    t.store.append(gid, t.session.log.last_seq + 1, "unit_moved", {"unit": "zz9"})  # nonsense
    again = Table.open(tmp_path)
    assert not again.restore()
    assert again.screen == "start" and again.session is None
    assert "could not be resumed" in again.message


def test_objectives_say_who_holds_them(tmp_path: Path) -> None:
    t = new_table(tmp_path)
    st = t.state
    assert st is not None
    assert t.objective_holders() == {}  # the Axis sits on towns only the Allies may win
    # put an Allied unit in Vellecourt (west) and two Axis units on Chapel Ridge
    st.position.remove_unit("x2")
    st.position.move_unit("a1", st.board.parse("F7"))
    st.position.move_unit("x1", st.board.parse("c6"))
    assert t.objective_holders() == {"vellecourt-west": "allies", "chapel-ridge": "axis"}
    assert any("held by Allies" in line for line in t.objective_lines())


def test_cli_join_without_a_broker_is_one_line(tmp_path: Path) -> None:
    from companion.tray.broker import free_port

    env = {**os.environ, "KIVY_HOME": str(tmp_path / "kivy"), "KIVY_NO_CONSOLELOG": "1",
           "KIVY_NO_ARGS": "1"}
    url = f"mqtt://127.0.0.1:{free_port()}"  # nothing listens there
    proc = subprocess.run([sys.executable, "-m", "companion", "app", "--join", "t1", "--tablet",
                           "bob", "--side", "axis", "--broker", url, "--data-dir",
                           str(tmp_path / "d")], capture_output=True, text=True, timeout=60,
                          env=env)
    assert proc.returncode == 1
    assert "Cannot join the table" in proc.stderr and url.split("//")[1] in proc.stderr
    assert "Traceback" not in proc.stderr
    from companion.ui.controller import Settings

    kept = Settings.load(tmp_path / "d" / "app-settings.json")  # the options were kept
    assert (kept.table_id, kept.tablet_id, kept.table_side) == ("t1", "bob", "axis")


def test_a_bad_table_id_is_a_message(tmp_path: Path) -> None:
    t = new_table(tmp_path)
    t.settings.table_id = "Not A Table!"
    assert not t.host_table()
    assert t.message.startswith("Cannot host the table:") and "table" in t.message
    assert t.link is None and t.game is not None  # the game goes on on this tablet


def test_a_mine_turned_over_is_answered_by_a_button_per_number(tmp_path: Path) -> None:
    # Gull Point Landing's minefield on d4 is laid face down: entering it asks the number
    def entered(seed: int) -> Table | None:  # an auto-played game whose unit enters it
        t = Table.open(tmp_path / str(seed))
        t.settings.dice = "manual"
        assert t.new_game("gull-point-landing", deck_seed=seed, seed=seed)
        ok = auto_until(t, "rule_step", seed=seed) and any(
            a.get("do") == "mine_number" for _label, a in t.buttons())
        return t if ok else None

    t = next(t for seed in range(1, 40) if (t := entered(seed)) is not None)
    buttons = t.buttons()
    mines = [(label, a) for label, a in buttons if a.get("do") == "mine_number"]
    assert [a["number"] for _label, a in mines] == [0, 1, 2, 3, 4]
    assert mines[0][0] == "The mine turned over shows: 0 (a decoy)"
    assert all("_" not in label for label, _a in buttons)
    seq = t.session.log.last_seq if t.session else 0
    assert t.act(mines[2][1])  # a 2: the unit rolls 2 dice at once
    assert t.session is not None and t.session.log.last_seq > seq
    assert t.prompt() is not None and t.prompt().kind != "rule_step"


def test_an_airdrop_is_answered_by_tapping_where_each_figure_landed(tmp_path: Path) -> None:
    """Sainte-Mere-Eglise: the players drop 4 figures on the table, then tap the hex each one
    landed on (again to take it back); the figures not tapped are off the board. The game's
    prompt says the step is answered by hexes (``Prompt.pick``); the app names no rule."""
    from companion.scenarios import load

    bga = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"
    t = Table.open(tmp_path)
    assert t.new_game(load(bga / "3-SainteMereEglise.m44"))
    p = t.prompt()
    assert p is not None and p.kind == "rule_step" and p.pick is not None and p.pick.count == 4

    def drop_button() -> tuple[str, dict[str, object]]:
        found = [b for b in t.buttons() if b[1].get("do") == "airdrop"]
        assert len(found) == 1  # one button, not the auto player's guesses
        return found[0]

    assert drop_button() == ("Airdrop: 4 off the board", {"do": "airdrop", "hexes": "off off off off"})
    for h in ("g6", "G5", "f6", "F5"):
        assert t.tap_hex(h)
    assert t.highlights()["f6"] == "picked"
    assert not t.tap_hex("e6")  # a fifth: refused with a word, nothing changes
    assert "placed" in t.message and "e6" not in t.landed
    assert t.tap_hex("F5")  # taken back
    label, action = drop_button()
    assert label == "Airdrop: g6, G5, f6 + 1 off the board"
    assert action == {"do": "airdrop", "hexes": "g6 G5 f6 off"}
    assert t.press(action)
    st = t.state
    assert st is not None and t.landed == []
    dropped = sorted(st.hex_name(u.hex) for u in st.position.units.values() if u.id.startswith("adrop"))
    assert dropped == ["f6", "g6"]  # G5 holds the Axis: that figure is out of action
    assert t.prompt() is not None and t.prompt().kind == "play_card"


def test_general_winter_losses_are_told_by_tapping_the_unit(tmp_path: Path) -> None:
    """Nach Moskau's General Winter: the Axis roll 2 dice at the start of their turn; for each
    grenade they tap the unit of theirs that loses a figure (lit on the board), one at a time; a
    tap on an Allied unit is refused with a word and changes nothing."""
    from companion.scenarios import load

    bga = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"
    t = new_table(tmp_path)
    assert t.new_game(load(bga / "4717-NachMoskau.m44"), deck_seed=1)
    p = t.prompt()
    assert p is not None and p.kind == "dice" and "General Winter" in p.text
    assert t.act({"do": "dice", "faces": ["grenade", "grenade"]})
    if t.prompt() is not None and t.prompt().kind == "review_dice":
        assert t.act({"do": "apply_dice"})
    p = t.prompt()
    assert p is not None and p.kind == "rule_step" and p.pick is not None
    st = t.state
    assert st is not None
    axis = {st.hex_name(u.hex): u for u in st.position.units.values() if u.side.value == "axis"}
    allied = next(st.hex_name(u.hex) for u in st.position.units.values()
                  if u.side.value == "allies")
    assert {h for h, kind in t.highlights().items() if kind} >= set(axis)
    first = sorted(axis)[0]
    before = axis[first].figures
    assert t.tap_hex(first)
    loss = [b for b in t.buttons() if b[1].get("do") == "winter_loss"]
    assert loss == [(f"General Winter takes a figure from: {first}",
                     {"do": "winter_loss", "hex": first})]
    assert t.press(loss[0][1])
    assert t.state is not None and t.state.position.units[axis[first].id].figures == before - 1
    p = t.prompt()
    assert p is not None and p.kind == "rule_step" and "1 figure to take" in p.text
    seq = t.session.log.last_seq if t.session else 0
    assert t.tap_hex(allied)
    assert not t.press({"do": "winter_loss", "hex": allied})
    assert "not a unit of the Axis" in t.message
    assert t.session is not None and t.session.log.last_seq == seq


@pytest.mark.parametrize("kind", ["retreat", "take_ground"])
def test_the_battle_stays_ringed_while_its_retreat_or_ground_is_chosen(tmp_path: Path,
                                                                      kind: str) -> None:
    # docs/app.md: attacker and target ringed in orange through the battle's steps, not only
    # while the dice are due (the retreat's choices alone were lit before)
    t = new_table(tmp_path)
    assert auto_until(t, kind, seed=5) or auto_until(t, kind, seed=6)
    st, p = t.state, t.prompt()
    assert st is not None and p is not None and st.battle is not None
    lit = t.highlights()
    for uid in (st.battle.attacker, st.battle.target):
        unit = st.position.units.get(uid or "")
        if unit is not None:
            assert lit[st.hex_name(unit.hex)] == "battle", (uid, lit)
    assert all(lit[h] == "choice" for h in p.highlight if h in lit and lit[h] != "battle")
    assert any(lit[h] == "choice" for h in p.highlight)


def _british_table(tmp_path: Path, clock: Any = None) -> Table:
    """The Axis infantry on g6 close-assaults the British infantry on G5 (3 figures)."""
    from companion.rules.board import Side
    from companion.scenarios import Scenario, ScenarioText, SideSetup, UnitSetup

    A, X = Side.ALLIES, Side.AXIS
    units = [UnitSetup("b1", A, "infantry", "G5", figures=3, nation="gb"),
             UnitSetup("b2", A, "infantry", "A1", nation="gb"),
             UnitSetup("x1", X, "infantry", "g6"), UnitSetup("x2", X, "infantry", "A9")]
    sc = Scenario(id="brit", text={"en": ScenarioText("British")}, units=units,
                  sides={A: SideSetup(medals_to_win=4), X: SideSetup(medals_to_win=4)}, starts=X)
    t = Table.open(tmp_path)
    if clock is not None:
        t.clock, t.end_guard_s = clock, 0.5
    t.settings.dice = "manual"
    assert t.new_game(sc, seed=1)
    for action in ({"do": "play_card", "card": "attack_center"}, {"do": "order", "units": ["x1"]},
                   {"do": "end_moves"}, {"do": "battle", "attacker": "x1", "target": "b1"}):
        assert t.act(action), t.message
    assert t.submit_dice(["infantry", "infantry", "star"])  # 2 hits: the British hold with 1
    return t


def test_the_british_battle_back_is_two_buttons_then_the_dice_pad(tmp_path: Path) -> None:
    t = _british_table(tmp_path)
    p = t.prompt()
    assert p is not None and p.kind == "battle_back" and p.side == "allies"
    assert "holds with 1 figure" in t.prompt_line()
    buttons = t.buttons()
    assert (_("Battle back") + " (1 die)", {"do": "battle_back"}) in buttons
    assert (_("Decline"), {"do": "battle_back", "decline": True}) in buttons
    st = t.state
    assert st is not None and st.battle is not None
    lit = t.highlights()  # the battle stays ringed; the assaulter is the hex to tap
    assert lit["G5"] == "battle" and lit["g6"] == "choice"
    assert t.press({"do": "battle_back"}), t.message
    p = t.prompt()
    assert p is not None and p.kind == "dice" and p.dice is not None and p.dice.count == 1
    assert p.dice.thrower == "allies"
    assert not t.submit_dice(["grenade", "grenade"])  # 1 die is due: refused, nothing recorded
    assert "dice are due" in t.message
    assert t.submit_dice(["grenade"])
    st = t.state
    assert st is not None and st.position.units["x1"].figures == 3
    p = t.prompt()
    assert p is not None and p.kind == "battle" and st.active.value == "axis"


def test_the_battle_back_is_declined_or_made_by_tapping_the_assaulter(tmp_path: Path) -> None:
    t = _british_table(tmp_path)
    assert t.press({"do": "battle_back", "decline": True}), t.message
    p = t.prompt()
    assert p is not None and p.kind == "battle"
    assert t.press({"do": "undo"}), t.message  # the answer is taken back, not the assault's dice
    p = t.prompt()
    assert p is not None and p.kind == "battle_back"
    assert t.tap_hex("g6")  # the assaulter tapped: battle back at it
    p = t.prompt()
    assert p is not None and p.kind == "dice" and p.dice is not None and p.dice.count == 1


def test_a_double_tap_on_battle_back_counts_once(tmp_path: Path) -> None:
    clock = [1000.0]
    t = _british_table(tmp_path, lambda: clock[0])
    t.guard_watch()
    clock[0] += 1
    assert t.press({"do": "battle_back"}), t.message
    clock[0] += 0.1
    assert not t.press({"do": "battle_back", "decline": True})  # the second tap: dropped
    p = t.prompt()
    assert p is not None and p.kind == "dice" and t.guard_dropped == 1


def test_a_smoke_screen_is_laid_by_tapping_its_three_hexes(tmp_path: Path) -> None:
    """4086 Opportunity at Falaise (Actions 21): before their first turn the Allies tap the
    three hexes of their smoke screen; two hexes apart are refused with a word and nothing is
    recorded; the board then shows the markers (the live terrain) until the smoke lifts."""
    from companion.scenarios import load
    from companion.ui.widgets import live_terrain

    bga = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"
    t = Table.open(tmp_path)
    assert t.new_game(load(bga / "4086-OpportunityAtFalaise.m44"))
    p = t.prompt()
    assert p is not None and p.kind == "rule_step" and p.pick is not None
    assert "smoke screen" in t.prompt_line()

    def smoke_button() -> tuple[str, dict[str, object]]:
        found = [b for b in t.buttons() if b[1].get("do") == "smoke"]
        assert len(found) == 1
        return found[0]

    assert smoke_button() == ("Smoke screen: 3 left off", {"do": "smoke", "hexes": "none none none"})
    assert t.session is not None
    seq = t.session.log.last_seq
    for h in ("E5", "G5", "K5"):
        assert t.tap_hex(h)
    assert not t.press(smoke_button()[1])  # not side by side: refused, nothing recorded
    assert "side by side" in t.message and t.session.log.last_seq == seq
    assert t.tap_hex("K5") and t.tap_hex("F5")  # K5 taken back, F5 instead
    label, action = smoke_button()
    assert label == "Smoke screen: E5, G5, F5" and action == {"do": "smoke", "hexes": "E5 G5 F5"}
    assert t.press(action)
    st = t.state
    assert st is not None and t.session.log.last_seq > seq
    shown = live_terrain(st.scenario, st.position)
    assert sorted(n for n, ps in shown.items() if any(x.type == "smoke_screen" for x in ps)) == \
        ["E5", "F5", "G5"]
    p = t.prompt()
    assert p is not None and p.kind == "play_card" and p.side == "allies"
