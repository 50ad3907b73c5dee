"""The layout at the tablet sizes: every screen fits, nothing overlaps, touch targets are at
least 48 dp, and a zoomed Overlord board hears the hex under the finger (layout_driver.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.ui.conftest import SCREENSHOTS, kivy_env

pytestmark = pytest.mark.gui

SIZES = ("1024x600", "1280x800", "1920x1200", "2560x1600", "800x1280", "1200x1920")


def run_layout(display: str, tmp: Path, size: str) -> dict[str, Any]:
    out = tmp / "layout.json"
    env = kivy_env(display, tmp)
    env.pop("KIVY_METRICS_DENSITY", None)
    proc = subprocess.run([sys.executable, str(Path(__file__).with_name("layout_driver.py")), size,
                           str(out), str(tmp / "data"), str(SCREENSHOTS)], env=env,
                          capture_output=True, text=True, timeout=240, cwd=tmp)
    if not out.exists():
        raise AssertionError(f"layout driver wrote no report (exit {proc.returncode}):\n"
                             f"{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    report: dict[str, Any] = json.loads(out.read_text())
    return report


@pytest.mark.parametrize("size", SIZES)
def test_layout_fits(big_xvfb: str, tmp_path: Path, size: str) -> None:
    report = run_layout(big_xvfb, tmp_path, size)
    assert report["errors"] == [], report["errors"]
    failed = {k: v["detail"] for k, v in report["checks"].items() if not v["ok"]}
    assert not failed, json.dumps(failed, indent=1)
    assert any(k.startswith("overlord: taps") for k in report["checks"])
    w, h, density = report["size"]
    assert [w, h] == [int(v) for v in size.split("x")]
    assert density == (2.0 if size == "2560x1600" else 1.5 if size in ("1920x1200", "1200x1920")
                       else 1.0)
