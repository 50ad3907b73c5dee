"""A picture of every screen (artifacts/screenshots/), each a real, non-blank 1280x800 image."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.conftest import SCREENSHOTS, run_driver

SCREENS = ("start", "board", "card", "order", "move", "battle", "retreat", "air", "settings",
           "settings-camera", "teach", "victory", "dashboard")


pytestmark = pytest.mark.gui

@pytest.fixture(scope="module")
def screens(xvfb: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_driver(xvfb, tmp_path_factory.mktemp("screens"), "screens")


def test_driver_ran_without_errors(screens: dict[str, Any]) -> None:
    assert screens["errors"] == [], screens["errors"]
    failed = {k: v for k, v in screens["checks"].items() if not v["ok"]}
    assert not failed, failed


@pytest.mark.parametrize("name", SCREENS)
def test_screenshot_is_a_real_picture(screens: dict[str, Any], name: str) -> None:
    cv2 = pytest.importorskip("cv2")
    path = SCREENSHOTS / f"{name}.png"
    assert str(path) in screens["shots"], f"no screenshot of {name}"
    img = cv2.imread(str(path))
    assert img is not None, f"{path} is not a PNG"
    assert img.shape[:2] == (800, 1280)
    colours = {tuple(int(c) // 16 for c in px) for px in img[::8, ::8].reshape(-1, 3)}
    assert len(colours) >= 6, f"{name}: only {len(colours)} colours: blank?"


def test_cli_screenshot(xvfb: str, tmp_path: Path) -> None:
    """``companion app --screenshot`` draws a screen, saves it and exits 0."""
    import subprocess
    import sys

    from tests.ui.conftest import kivy_env

    out = tmp_path / "settings.png"
    proc = subprocess.run([sys.executable, "-m", "companion", "app", "--screen", "settings",
                           "--screenshot", str(out)], env=kivy_env(xvfb, tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_size > 10_000
