"""Importing a scenario file by choosing it, not by typing its path (issue 14): on the start
screen "Choose a file..." opens Kivy's file chooser (plyer's system picker on Android), which
lists scenario files only; a tap on a real editor file and on "Import and play" starts it;
Cancel changes nothing. Real window under Xvfb, simulated touches."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui.conftest import kivy_env

pytestmark = pytest.mark.gui
HERE = Path(__file__).resolve().parent
REAL = HERE.parent / "scenarios" / "data" / "real"

CHILD = r"""
import json, sys
from pathlib import Path
from kivy.config import Config
Config.set("graphics", "width", "1024")
Config.set("graphics", "height", "600")
Config.set("input", "mouse", "mouse,disable_multitouch")
sys.path.insert(0, sys.argv[4])  # tests/ui: the drivers' kit
from driver_kit import check, report, run, tap, walk
from kivy.uix.button import Button
from kivy.uix.label import Label
from companion.ui.controller import Table

folder = sys.argv[3]
table = Table.open(sys.argv[2])
table.settings.dice = "sim"
table.screen = "start"

def find_button(root, text):
    return next((w for w in walk(root) if isinstance(w, Button) and w.text == text), None)

def tap_widget(w):
    x, y = w.to_window(*w.center)
    tap(x, y)

def steps(app):
    start = app.screen("start")
    app.sm.current = "start"
    yield 0.5
    chooser_button = find_button(start, "Choose a file...")
    check("the start screen has a Choose a file button", chooser_button is not None)
    tap_widget(chooser_button)
    yield 0.5
    picker = getattr(start, "picker", None)
    check("the picker opened", picker is not None and picker.get_parent_window() is not None)
    picker.chooser.path = folder
    yield 1.0
    names = sorted(Path(f).name for f in picker.chooser.files if Path(f).is_file())
    check("only scenario files are listed", names == ["one.m44"], names)
    # Cancel first: nothing changes
    before = table.state
    tap_widget(find_button(picker, "Cancel"))
    for _ in range(40):  # the view closes with a short animation
        yield 0.05
        if picker.get_parent_window() is None:
            break
    check("Cancel closed the picker and left the table as it was",
          picker.get_parent_window() is None and table.state is before and app.sm.current == "start",
          (picker.get_parent_window(), table.state is before, app.sm.current))
    tap_widget(find_button(start, "Choose a file..."))
    yield 0.5
    picker = start.picker
    picker.chooser.path = folder
    yield 1.0
    entry = next((w for w in walk(picker.chooser) if isinstance(w, Label)
                  and w.text == "one.m44"), None)
    check("the file is shown in the list", entry is not None)
    tap_widget(entry)
    for _ in range(40):  # the list scrolls: Kivy hands the tap on after its scroll timeout
        yield 0.05
        if picker.chooser.selection:
            break
    check("a tap selects it", [Path(s).name for s in picker.chooser.selection] == ["one.m44"],
          picker.chooser.selection)
    tap_widget(find_button(picker, "Import and play"))
    for _ in range(60):
        yield 0.05
        if table.state is not None and app.sm.current == "board":
            break
    st = table.state
    check("the chosen file is imported and played", st is not None and app.sm.current == "board"
          and start.ids.m44_path.text.endswith("one.m44"), (app.sm.current, table.message))
    report["log"].append(st.scenario.name() if st is not None else "")

run(table, steps, Path(sys.argv[1]), Path(sys.argv[2]) / "shots", watchdog_s=90)
"""


def test_a_scenario_file_is_chosen_and_played_by_touch(xvfb: str, tmp_path: Path) -> None:
    real = sorted(REAL.glob("*.m44"))
    assert real, "the real editor files are part of the repository"
    folder = tmp_path / "files"
    folder.mkdir()
    shutil.copy(real[0], folder / "one.m44")
    (folder / "readme.txt").write_text("not a scenario")
    script = tmp_path / "picker_child.py"  # a file: Kivy's App looks for its class's source
    script.write_text(CHILD)
    report_path = tmp_path / "picker.json"
    proc = subprocess.run([sys.executable, str(script), str(report_path), str(tmp_path / "data"),
                           str(folder), str(HERE)],
                          env=kivy_env(xvfb, tmp_path), capture_output=True, text=True,
                          timeout=150, cwd=tmp_path)
    assert report_path.exists(), proc.stderr[-3000:]
    report = json.loads(report_path.read_text())
    assert not report["errors"], report["errors"]
    failed = {k: v["detail"] for k, v in report["checks"].items() if not v["ok"]}
    assert not failed, json.dumps(failed, indent=1)
    assert len(report["checks"]) == 7
