"""`companion scenario show|check|list|import`: exit codes and output."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.scenarios import load_json

DATA = Path(__file__).parent / "data"


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["scenario", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_show_builtin_by_name(capsys):
    code, out, err = _run(capsys, "show", "orchard-ridge", "--color", "never")
    assert code == 0, err
    assert out.startswith("Orchard Ridge\n=============")
    assert "Legend:" in out
    assert " 9  " in out and " 1  " in out
    assert "\x1b[" not in out


def test_show_m44_file(capsys):
    code, out, _ = _run(capsys, "show", str(DATA / "full.m44"), "--lang", "fr")
    assert code == 0
    assert out.startswith("Passage d'essai\n")
    assert "import note" not in out  # every code of the file is played
    code, out, _ = _run(capsys, "show", str(DATA / "unknown_codes.m44"))
    assert "5 import note(s)" in out


def test_check_clean_builtin(capsys):
    code, out, _ = _run(capsys, "check", "gull-point-landing")
    assert code == 0
    assert out.strip() == "gull-point-landing: Gull Point Landing: no problems"


def test_check_lists_unknown_codes_with_hexes_and_exits_2(capsys):
    code, out, _ = _run(capsys, "check", str(DATA / "unknown_codes.m44"))
    assert code == 2  # it reports errors: the scenario does not play fully
    assert "5 error(s)" in out
    assert "error: C7: unknown terrain code 'zeppelinfield'; left out" in out
    assert "error: D7: unknown unit code 'robotger'; left out" in out


@pytest.mark.parametrize("name", ["truncated.m44", "wrong_row.m44", "wrong_board.m44"])
def test_check_broken_file_exits_2_with_a_message(capsys, name):
    code, out, err = _run(capsys, "check", str(DATA / name))
    assert code == 2
    assert out == ""
    assert err.startswith(f"companion scenario: cannot load {DATA / name}")
    assert "Traceback" not in err


def test_check_missing_file_or_name_exits_2(capsys):
    code, _, err = _run(capsys, "check", "no-such-battle")
    assert code == 2
    assert "neither a file nor a built-in scenario" in err
    assert "orchard-ridge" in err


def test_list(capsys):
    code, out, _ = _run(capsys, "list")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) >= 3
    assert any(line.startswith("orchard-ridge") and "(demo)" in line for line in lines)
    assert any("air: flight-plan" in line for line in lines)


def test_import_writes_our_format(capsys, tmp_path):
    target = tmp_path / "crossing.json"
    code, out, _ = _run(capsys, "import", str(DATA / "full.m44"), "-o", str(target))
    assert code == 0
    assert "0 import notes" in out
    s = load_json(target)
    assert s.name() == "Test Crossing"
    assert s.notes == []
    code, out, _ = _run(capsys, "import", str(DATA / "unknown_codes.m44"), "-o", str(target))
    assert "5 import notes" in out and len(load_json(target).notes) == 5


def test_import_to_unwritable_place_exits_2(capsys, tmp_path):
    code, _, err = _run(capsys, "import", str(DATA / "full.m44"), "-o",
                        str(tmp_path / "no" / "such" / "dir.json"))
    assert code == 2
    assert "cannot write" in err


def test_no_action_exits_2(capsys):
    code, _, err = _run(capsys)
    assert code == 2
    assert "choose an action" in err


def test_real_command_line_entry_point():
    result = subprocess.run([sys.executable, "-m", "companion", "scenario", "check",
                             str(DATA / "wrong_hexagons.m44")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "field board.hexagons" in result.stderr
    assert "Traceback" not in result.stderr


def test_show_on_a_terminal_that_only_speaks_ascii():
    import os

    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    result = subprocess.run([sys.executable, "-m", "companion", "scenario", "show",
                             str(DATA / "full.m44"), "--lang", "fr"],
                            capture_output=True, timeout=60, env=env)
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode("ascii")  # would fail on any non-ASCII byte
    assert "Une bataille invent?e." in out
    assert "$ objective medal" in out
