"""The terminal at a game night: units named by their hex, hexes in any case, the map, the
refusals and help in players' words (issue "A game night at the table")."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli.play import HELP, TerminalTable, board_text, parse_command, refusal_words, resolve_names
from companion.game.session import GameSession, IllegalAction
from companion.rules.board import Board, BoardKind
from companion.scenarios import load_builtin


@pytest.mark.parametrize("kind", list(BoardKind))
def test_no_two_hex_names_differ_only_by_case_so_any_case_reads_one_hex(kind: BoardKind) -> None:
    board = Board.of(kind)
    names = [board.name(h) for h in board.all_hexes]
    assert len({n.lower() for n in names}) == len(names)
    for h, n in zip(board.all_hexes, names, strict=True):
        assert board.parse_any_case(n.lower()) == h
        assert board.parse_any_case(n.upper()) == h
        assert board.parse_any_case(n) == board.parse(n) == h
    with pytest.raises(ValueError):
        board.parse_any_case("zz9")
    assert board.parse_any_case("A1") == board.parse("A1")


def _ordered_game() -> GameSession:
    g = GameSession.new(load_builtin("orchard-ridge"), options={"seed": 1})
    g.act({"do": "play_card", "card": "probe_left"})
    return g


def test_units_are_named_by_their_hex_in_any_case_and_ids_still_work() -> None:
    g = _ordered_game()
    st = g.state
    by_hex = {st.hex_name(u.hex): u.id for u in st.position.units.values()}
    a = resolve_names(g, parse_command("order c2 c1"))  # c2 is a hex; c1 means C1
    assert a["units"] == [by_hex["c2"], by_hex["C1"]]
    g.act(a)
    move = resolve_names(g, parse_command("move C2 c3"))
    assert move == {"do": "move", "unit": by_hex["c2"], "to": "C3"}
    g.act(move)
    assert st.hex_name(g.state.position.units[by_hex["c2"]].hex) == "C3"
    # a script's ids are left as they are
    assert resolve_names(g, parse_command(f"move {by_hex['C1']} B3"))["unit"] == by_hex["C1"]
    with pytest.raises(ValueError, match="no unit stands on D5"):
        resolve_names(g, parse_command("move d5 D4"))


def test_a_word_that_is_a_unit_id_and_a_hex_is_the_hex_unless_only_the_id_fits() -> None:
    """Unit a2 and hex a2 are different things on the board (the issue's clash)."""
    import dataclasses

    from companion.cli import play

    sc = load_builtin("gull-point-landing")
    units = [dataclasses.replace(u, hex="a2") if u.id == "a1" else u for u in sc.units]
    g = GameSession.new(dataclasses.replace(sc, units=units), options={"seed": 1})
    pos = g.state.position
    assert g.state.hex_name(pos.units["a1"].hex) == "a2" and "a2" in pos.units
    assert play._unit(g, "a2", None) == "a1"  # no step to tell: the hex wins
    assert play._unit(g, "A2", None) == "a1"
    assert play._unit(g, "a2", {"a2"}) == "a2"  # only the id's unit fits the step
    assert play._unit(g, "a2", {"a1", "a2"}) == "a1"


def test_the_board_command_draws_the_map_with_units_terrain_and_a_legend() -> None:
    g = GameSession.new(load_builtin("orchard-ridge"), options={"seed": 1})
    text = board_text(g.state)
    lines = text.splitlines()
    assert lines[0].split()[:3] == ["A", "a", "B"]
    assert any(line.startswith(" 9") for line in lines) and any(line.startswith(" 1") for line in lines)
    assert "Legend:" in text and "sandbags" in text
    assert not re.search(r"\b[a-z]+_[a-z]+\b", text)  # "special forces", not special_forces
    n_units = len(g.state.position.units)
    cells = re.findall(r"[A-Za-z][1-9]", "\n".join(lines[1:10]))
    assert len(cells) == n_units
    assert board_text(g.state, ascii_only=True).isascii()


def test_a_refusal_names_the_commands_that_fit_not_the_action_ids() -> None:
    g = _ordered_game()
    with pytest.raises(IllegalAction) as exc:
        g.act({"do": "end_turn"})
    said = refusal_words(g, str(exc.value))
    assert "end_turn" not in said and "You may type: order" in said
    assert not re.search(r"\b[a-z]+_[a-z]+\b", said)


def test_help_explains_the_hex_names_once() -> None:
    assert HELP.count("bottom edge") == 1 and "any case" in HELP and "A1" in HELP


def test_the_dice_prompt_says_what_it_waits_for_and_why_that_many() -> None:
    g = GameSession.new(load_builtin("orchard-ridge"), options={"seed": 3}, deck_seed=3)
    from companion.game.auto import AutoPlayer

    out = io.StringIO()
    table = TerminalTable(g, out)
    player = AutoPlayer(3)
    for _ in range(400):
        if g.prompt().kind == "dice" and g.state.battle is not None:
            break
        g.act(player.next_action(g))
    else:
        pytest.fail("no battle in 400 steps")
    table.show_prompt()
    shown = out.getvalue().splitlines()[-12:]
    assert any(line.strip().startswith("why: ") and "at range" in line for line in shown)
    assert any("waiting for" in line and "type: dice" in line for line in shown)


def test_a_game_typed_in_the_terminal_by_hexes(tmp_path: Path) -> None:
    script = "card probe left\norder c2 C1\nmove c2 C3\nmove c1 b2\ndone\nboard\nend\nstatus\nquit\n"
    r = subprocess.run([sys.executable, "-m", "companion", "play", "--data-dir", str(tmp_path)],
                       input=script, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "Ordered: infantry on c2 and armor on C1." in r.stdout
    assert "Infantry moves c2 → C3" in r.stdout and "Armor moves C1 → b2." in r.stdout
    assert "The Allies end turn 1." in r.stdout and "Legend:" in r.stdout
    assert "!" not in r.stdout.replace("Move Out!", "")


def test_companion_version_prints_the_package_version() -> None:
    import companion

    r = subprocess.run([sys.executable, "-m", "companion", "--version"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == f"companion {companion.__version__}"


def test_a_flag_ignored_says_why_and_the_dice_count_names_the_sandbags() -> None:
    """Orchard Ridge: special forces close-assault the infantry on the hill with sandbags on
    j6: the hill takes 1 die (the sandbags do not add), a flag is ignored for the sandbags."""
    from companion.game.narrate import Narrator
    from companion.game.prompter import prompt_for

    g = GameSession.new(load_builtin("orchard-ridge"), options={"seed": 1})
    narrator = Narrator(g.state, g.log.start)
    lines: list[str] = []
    g.listeners.append(lambda ev, st: lines.append(narrator.line(ev, st)))
    for typed in ("card probe right", "order J3 k2", "move J3 J5", "done", "battle J5 j6"):
        g.act(resolve_names(g, parse_command(typed)))
    p = prompt_for(g.legal())
    assert p.kind == "dice" and p.dice is not None and p.dice.count == 2
    assert "target on hill: -1" in p.detail and p.detail[-1] == "roll 2 dice"
    assert any(d.startswith("sandbags on j6 do not add to the hill") for d in p.detail)
    assert any("may ignore 1 flag (sandbags on j6" in d for d in p.detail)
    g.act(resolve_names(g, parse_command("dice grenade flag")))
    assert lines[-1] == ("1 hit: infantry on j6 loses 1 figure; 1 flag ignored (sandbags on j6: "
                         "1 flag may be ignored).")


def test_a_refusal_names_the_units_of_the_action_even_when_their_ids_look_like_hexes() -> None:
    g = GameSession.new(load_builtin("orchard-ridge"), options={"seed": 1})
    g.act({"do": "play_card", "card": "probe_right"})
    action = resolve_names(g, parse_command("order J3 k2 i2"))
    assert "a4" in action["units"]  # the infantry on i2 is unit a4, and a4 is also a hex
    with pytest.raises(IllegalAction) as exc:
        g.act(action)
    said = refusal_words(g, str(exc.value), action)
    assert "infantry on i2" in said and not re.search(r"\ba4\b", said)


def test_a_flag_that_may_not_be_ignored_says_so_in_the_log() -> None:
    from companion.game.events import Event
    from companion.game.narrate import describe

    data = {"attacker": "a1", "target": "x1", "target_hex": "j6", "hits": 0,
            "figures_removed": 0, "eliminated": False, "flags": 1, "flags_ignored": 0,
            "explain": ["rolled flag", "flags may not be ignored in this battle"]}
    line = describe(Event(9, "battle_resolved", data))
    assert line == ("0 hits: x1 loses 0 figures; 1 flag to retreat (flags may not be ignored "
                    "in this battle).")


def test_the_terminal_overrules_a_battles_dice_with_a_reason() -> None:
    """`apply hits=N flags=N reason="..."` in the dice review: the app's override, typed; the
    log keeps the reason, and a bad one changes nothing."""
    from tests.game.conftest import duel_scenario
    from tests.game.test_session import start_battle

    assert parse_command('apply hits=2 flags=0 reason="a die fell off the tray"') == {
        "do": "apply_dice", "hits": 2, "flags": 0, "reason": "a die fell off the tray"}
    assert parse_command("apply") == {"do": "apply_dice"}
    for bad, words in (("apply hits=2", "say why"), ("apply hits=two reason=x", "whole number"),
                       ("apply faces=3 reason=x", "usage"), ("apply 2", "usage")):
        with pytest.raises(ValueError, match=words):
            parse_command(bad)
    g = GameSession.new(duel_scenario(), options={"review_dice": True})
    start_battle(g)
    g.act({"do": "dice", "faces": ["flag", "star", "star"], "source": "tray:t1"})
    assert g.prompt().kind == "review_dice"
    before = g.log.last_seq
    with pytest.raises(IllegalAction):  # 3 dice cannot give 3 hits and a flag
        g.act(resolve_names(g, parse_command('apply hits=3 flags=1 reason="miscount"')))
    assert g.log.last_seq == before
    events = g.act(resolve_names(g, parse_command('apply hits=1 flags=0 reason="the flag die was cocked"')))
    kinds = [e.kind for e in events]
    assert "result_overridden" in kinds
    over = events[kinds.index("result_overridden")].data
    assert over["reason"] == "the flag die was cocked" and over["set"] == {"hits": 1, "flags": 0}
    assert g.state.position.units["x1"].figures == 3
    assert "apply hits=N flags=N" in HELP


def test_a_game_in_the_terminal_overrules_its_dice(tmp_path: Path) -> None:
    """The whole way, as typed: --review-dice stops after the throw, `options` says how to
    overrule, and the log line says who overruled what and why."""
    script = ("card attack center\norder G1\ndone\nbattle G1 F7\ndice star\noptions\n"
              'apply hits=1 reason="the die landed on its edge"\nquit\n')
    out = subprocess.run([sys.executable, "-m", "companion", "play", "--review-dice",
                          "--data-dir", str(tmp_path)], input=script, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    assert "Dice read: star" in text
    assert 'apply hits=N flags=N reason="why"' in text
    assert ("The players overrule the dice against infantry on F7: 1 hit and 0 flags (the dice "
            "said 0 hits and 0 flags), because: the die landed on its edge") in text
    assert "infantry on F7 loses 1 figure" in text
