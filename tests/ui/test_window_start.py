"""The app's start (issue 18): the first screen is made alone, the others when first shown or
once the first frame is drawn, each with its own .kv rules applied."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui.conftest import kivy_env

pytestmark = pytest.mark.gui

CHILD = r"""
import json, sys
from pathlib import Path
from kivy.clock import Clock
from companion.scenarios import DEMO_SCENARIO
from companion.ui.app import SCREEN_CLASSES, CompanionApp
from companion.ui.controller import Table

table = Table.open(sys.argv[2])
table.settings.dice = "sim"
assert table.new_game(DEMO_SCENARIO), table.message
out = {}

def ready(app):
    out["modules"] = sorted(sys.modules)
    out["at_start"] = list(app.sm.screen_names)
    out["board_drawn_ids"] = sorted(app.screen("board").ids)
    settings = app.screen("settings")  # not made yet: made now, with its kv rules
    out["settings_ids"] = len(settings.ids)
    out["after_asking"] = sorted(app.sm.screen_names)
    out["current"] = app.sm.current
    waited = [0.0]
    def later(dt):  # every screen made, one per frame, without being asked for (or 30 s passed)
        waited[0] += dt
        if len(app.sm.screen_names) < len(SCREEN_CLASSES) and waited[0] < 30:
            return
        out["later"] = sorted(app.sm.screen_names)
        out["all"] = sorted(SCREEN_CLASSES)
        app.stop()
        return False
    Clock.schedule_interval(later, 0.1)

CompanionApp(table, on_ready=ready).run()
Path(sys.argv[1]).write_text(json.dumps(out))
"""


def test_the_first_screen_alone_then_the_others(xvfb: str, tmp_path: Path) -> None:
    script = tmp_path / "start_child.py"  # a file: Kivy's App looks for its class's source
    script.write_text(CHILD)
    report = tmp_path / "start.json"
    proc = subprocess.run([sys.executable, str(script), str(report), str(tmp_path / "data")],
                          env=kivy_env(xvfb, tmp_path), capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert report.exists(), proc.stderr[-3000:]
    out = json.loads(report.read_text())
    assert out["at_start"] == ["board"]  # a game in progress: its board, nothing else made
    assert "board" in out["board_drawn_ids"]
    assert out["settings_ids"] > 0  # settings.kv parsed before the screen was made
    assert out["after_asking"] == ["board", "settings"]
    assert out["current"] == "board"  # asking for a screen does not show it
    assert out["later"] == out["all"]  # the rest made after the first frame
    # what the first board does not need is not imported for it: camera, trays, sync
    unused = {m for m in out["modules"]
              if m.split(".")[0] in {"cv2", "numpy", "serial", "paho", "onnxruntime", "vision"}
              or m.startswith(("companion.sync", "companion.tray", "companion.dice.camera",
                               "companion.dice.tray"))}
    assert not unused, sorted(unused)


FRAME_CHILD = r"""
import json, sys
from pathlib import Path
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics.context import get_context
from kivy.graphics.instructions import InstructionGroup
from companion.scenarios import DEMO_SCENARIO
from companion.ui.app import CompanionApp
from companion.ui.controller import Table

table = Table.open(sys.argv[2])
table.settings.dice = "sim"
assert table.new_game(DEMO_SCENARIO), table.message
out = {}
shots = Path(sys.argv[3])

def count(canvas):
    return sum(1 + (count(c) if isinstance(c, InstructionGroup) else 0) for c in canvas.children)

class Watched(CompanionApp):
    def build(self):
        sm = super().build()
        def flip(*_):
            screen = self.sm.current_screen
            board = screen.ids.get("board") if screen is not None else None
            if board is not None and board.draws:
                Window.unbind(on_flip=flip)
                out["first"] = {"instructions": count(board.canvas), "panel": len(screen.ids.panel.children),
                                "units": len(board.position.units)}
        Window.bind(on_flip=flip)
        return sm

def ready(app):
    board = app.sm.current_screen.ids.board
    out["ready_panel"] = len(app.sm.current_screen.ids.panel.children)
    out["board_box"] = [int(v) for v in (*board.to_window(board.x, board.y), board.width, board.height)]
    out["window"] = list(Window.size)
    def before(dt):
        out["before"] = Window.screenshot(name=str(shots / "before.png"))
        get_context().reload()  # as when an Android tablet resumes: every GL object made again
        Clock.schedule_once(after, 0.5)
    def after(dt):
        out["after"] = Window.screenshot(name=str(shots / "after.png"))
        app.stop()
    Clock.schedule_once(before, 0.5)

Watched(table, on_ready=ready).run()
Path(sys.argv[1]).write_text(json.dumps(out))
"""


def test_the_first_frame_draws_the_board_in_a_few_instructions(xvfb: str, tmp_path: Path) -> None:
    """The board of the first frame is a few dozen meshes (each shape its own instruction made
    ~2,000), the side panel comes the frame after it, and the board's texts, drawn from
    textures of the app's own, are all there again after the GL context is made anew."""
    cv2 = pytest.importorskip("cv2")
    script = tmp_path / "frame_child.py"
    script.write_text(FRAME_CHILD)
    report = tmp_path / "frame.json"
    proc = subprocess.run([sys.executable, str(script), str(report), str(tmp_path / "data"),
                           str(tmp_path)], env=kivy_env(xvfb, tmp_path), capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert report.exists(), proc.stderr[-3000:]
    out = json.loads(report.read_text())
    assert out["first"]["units"] > 10
    assert 20 < out["first"]["instructions"] <= 300, out["first"]
    assert out["first"]["panel"] == 0  # the board first ...
    assert out["ready_panel"] > 0  # ... the panel on the next frame, before on_ready
    before, after = cv2.imread(out["before"]), cv2.imread(out["after"])
    x, y, w, h = out["board_box"]
    top = out["window"][1] - (y + h)  # window y grows upwards, the picture's rows downwards
    a = before[top:top + h, x:x + w].astype(int)
    b = after[top:top + h, x:x + w].astype(int)
    assert a.std() > 20  # a drawn board, not an empty box
    changed = (abs(a - b).max(axis=2) > 40).mean()
    assert changed < 0.002, changed
