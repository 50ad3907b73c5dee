"""Start-up of the ``companion`` command (issue 18): the quick paths give exactly what the
argparse paths give, and import nothing the command does not use."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import companion.cli as cli

ROOT = Path(__file__).resolve().parents[1]


def argparse_help(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                  columns: int) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    with monkeypatch.context() as m:
        m.setattr(cli, "quick_help", lambda columns=None: None)
        with pytest.raises(SystemExit) as info:
            cli.main(["--help"])
    assert info.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("columns", [*range(1, 130), 200, 1000])
def test_quick_help_is_argparse_help(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str], columns: int) -> None:
    quick = cli.quick_help(columns)
    if quick is None:
        assert columns < 80  # only terminals narrower than the default go the long way
        return
    assert quick == argparse_help(monkeypatch, capsys, columns)


def test_help_and_no_command_print_the_help(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    expected = argparse_help(monkeypatch, capsys, 80)
    assert cli.main([]) == 0
    assert capsys.readouterr().out == expected
    for flag in ("-h", "--help"):
        with pytest.raises(SystemExit) as info:
            cli.main([flag])
        assert info.value.code == 0
        assert capsys.readouterr().out == expected


def loaded_modules(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert out.returncode == 0, out.stderr
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_help_imports_no_argparse_and_no_rules() -> None:
    mods = loaded_modules("""
        import json, sys
        from companion.cli import main
        try:
            main(["--help"])
        except SystemExit:
            pass
        print(json.dumps(sorted(sys.modules)))
    """)
    assert "argparse" not in mods
    assert not {m for m in mods if m.startswith("companion.") and m != "companion.cli"}


QUERY = {"board": "standard", "units": [
    {"id": "a1", "side": "allies", "type": "infantry", "hex": "F3"},
    {"id": "x1", "side": "axis", "type": "infantry", "hex": "F5"}],
    "ask": {"battle": {"attacker": "a1", "target": "x1"}}, "dice": ["flag", "infantry"]}


def run_cli(args: list[str], stdin: bytes, quick: bool) -> tuple[int, bytes, bytes]:
    code = ("import sys, companion.cli as c\n"
            + ("" if quick else "c._quick_rules = lambda a, as_program=False: None\n")
            + f"raise SystemExit(c.main({args!r}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, input=stdin,
                         capture_output=True, timeout=60)
    return out.returncode, out.stdout, out.stderr


def test_quick_rules_answers_as_the_argparse_way(tmp_path: Path) -> None:
    good = tmp_path / "q.json"
    good.write_text(json.dumps(QUERY))
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"board": ')
    cases = [(["rules", str(good)], b""), (["rules", "-"], good.read_bytes()),
             (["rules"], good.read_bytes()), (["rules", str(bad)], b""),
             (["rules", str(tmp_path / "missing.json")], b""), (["rules"], b"\xff\xfe")]
    for args, stdin in cases:
        quick = run_cli(args, stdin, quick=True)
        assert quick == run_cli(args, stdin, quick=False), args
    assert run_cli(["rules", str(good)], b"", quick=True)[0] == 0
    assert json.loads(run_cli(["rules", str(bad)], b"", quick=True)[1])["error"]


def test_a_referee_query_imports_no_argparse_and_no_card_or_air_rules(tmp_path: Path) -> None:
    good = tmp_path / "q.json"
    good.write_text(json.dumps(QUERY))
    mods = loaded_modules(f"""
        import io, json, sys
        from companion.cli import main
        real = sys.stdout
        sys.stdout = io.TextIOWrapper(io.BytesIO())
        assert main(["rules", {str(good)!r}]) == 0
        sys.stdout = real
        print(json.dumps(sorted(sys.modules)))
    """)
    assert "argparse" not in mods
    assert "companion.rules.battle" in mods
    assert not {"companion.rules.cards", "companion.rules.air", "companion.rules.orders"} & mods


def test_play_help_and_parse_command_load_no_game() -> None:
    from companion.cli import play
    from companion.scenarios import DEMO_SCENARIO

    assert play.DEFAULT_SCENARIO == DEMO_SCENARIO
    mods = loaded_modules("""
        import contextlib, io, json, sys
        from companion.cli import main
        from companion.cli.play import parse_command
        assert parse_command("move a1 F4") == {"do": "move", "unit": "a1", "to": "F4"}
        with contextlib.redirect_stdout(io.StringIO()) as out:
            try:
                main(["play", "--help"])
            except SystemExit:
                pass
        assert "--resume" in out.getvalue()
        print(json.dumps(sorted(sys.modules)))
    """)
    assert not {m for m in mods if m.startswith(("companion.game", "companion.dice",
                                                 "companion.store", "companion.scenarios"))}


@pytest.mark.parametrize("command", ["demo", "rules", "cards", "scenario", "play", "games", "app"])
def test_sub_command_help_loads_only_the_command_line(command: str) -> None:
    mods = loaded_modules(f"""
        import contextlib, io, json, sys
        from companion.cli import main
        with contextlib.redirect_stdout(io.StringIO()) as out:
            try:
                main([{command!r}, "--help"])
            except SystemExit:
                pass
        assert "usage: companion {command}" in out.getvalue()
        print(json.dumps(sorted(sys.modules)))
    """)
    assert {m for m in mods if m.startswith("companion.")} <= {"companion.cli", f"companion.cli.{command}"}


def test_the_version_is_read_only_when_asked_for() -> None:
    mods = loaded_modules("""
        import contextlib, io, json, sys
        from companion.cli import main
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                main(["games", "--help"])
            except SystemExit:
                pass
        print(json.dumps(sorted(sys.modules)))
    """)
    assert "importlib.metadata" not in mods
    out = subprocess.run([sys.executable, "-m", "companion", "--version"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0
    assert out.stdout.startswith("companion ") and out.stdout.split()[1][0].isdigit()


def test_naming_a_dice_source_imports_no_mqtt_client_unless_it_has_a_password() -> None:
    mods = loaded_modules("""
        import json, sys
        from companion.dice.factory import redact
        assert redact("sim") == "sim" and redact("serial:/dev/ttyACM0") == "serial:/dev/ttyACM0"
        print(json.dumps(sorted(sys.modules)))
    """)
    assert not {m for m in mods if m.startswith("paho")}
    from companion.dice.factory import redact

    assert redact("mqtt:mqtts://tray:secret@broker.local:8883#t1") == "mqtt:mqtts://tray:***@broker.local:8883#t1"


def test_the_catalogue_reader_quick_path_reads_what_literal_eval_reads(tmp_path: Path) -> None:
    import ast

    from companion.ui import i18n

    po = i18n.LOCALE_DIR / "en" / "LC_MESSAGES" / "companion.po"
    lines = [ln.strip() for ln in po.read_text("utf-8").splitlines()]
    quoted = [ln.partition(" ")[2] if ln.startswith("msg") else ln for ln in lines if '"' in ln]
    quoted += ['"a \\"quoted\\" word"', '"two\\nlines"', '"back\\\\slash"', '""']
    for text in quoted:
        assert i18n._unquote(text) == ast.literal_eval(text), text
    # one read per catalogue file: setting the language it holds again reads nothing
    fr = tmp_path / "fr" / "LC_MESSAGES" / "companion.po"
    fr.parent.mkdir(parents=True)
    fr.write_text('msgid "Undo"\nmsgstr "Annuler"\n', "utf-8")
    old_dir = i18n.LOCALE_DIR
    try:
        i18n.LOCALE_DIR = tmp_path
        i18n.set_language("fr")
        assert i18n._("Undo") == "Annuler"
        fr.write_text('msgid "Undo"\nmsgstr "Défaire"\n', "utf-8")
        i18n.set_language("fr")
        assert i18n._("Undo") == "Annuler"
    finally:
        i18n.LOCALE_DIR = old_dir
        i18n.set_language("en")
    assert i18n._("Undo") == "Undo"


def test_a_query_run_as_the_program_writes_all_of_its_answer_before_it_ends(tmp_path: Path) -> None:
    """``companion rules`` as the program ends without the interpreter's teardown (os._exit):
    the answer must still be whole, and the exit code the same, as when main() returns."""
    good = tmp_path / "q.json"
    good.write_text(json.dumps(QUERY))
    big = dict(QUERY, ask={"move": {"unit": "a1"}})  # a longer answer than a battle's
    bigf = tmp_path / "big.json"
    bigf.write_text(json.dumps(big))
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"units": [')
    for path in (good, bigf, bad, tmp_path / "missing.json"):
        as_program = subprocess.run([sys.executable, "-m", "companion", "rules", str(path)],
                                    cwd=ROOT, capture_output=True, timeout=60)
        as_function = run_cli(["rules", str(path)], b"", quick=True)
        assert (as_program.returncode, as_program.stdout, as_program.stderr) == as_function, path
        assert as_program.stdout.endswith(b"\n") and json.loads(as_program.stdout)
    piped = subprocess.run([sys.executable, "-m", "companion", "rules", "-"], cwd=ROOT,
                           input=good.read_bytes(), capture_output=True, timeout=60)
    assert piped.returncode == 0 and json.loads(piped.stdout)["battle"]["allowed"] is True
