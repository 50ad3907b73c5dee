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
