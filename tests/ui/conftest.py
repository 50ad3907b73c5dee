"""Helpers for the app's tests: a private Xvfb display and a Kivy subprocess per module."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "artifacts" / "screenshots"


def _free_display() -> int:
    for n in range(140, 400):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    raise RuntimeError("no free X display number between :140 and :399")


def _xvfb(screen: str) -> Iterator[str]:
    """A fresh ``Xvfb :N -screen 0 SCREEN``; the test is skipped when Xvfb is missing."""
    exe = shutil.which("Xvfb")
    if exe is None:
        pytest.skip("Xvfb is not installed (Debian package xvfb); the app's window tests need it")
    for _attempt in range(3):
        n = _free_display()
        proc = subprocess.Popen([exe, f":{n}", "-screen", "0", screen, "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists() or proc.poll() is not None:
                break
            time.sleep(0.05)
        if proc.poll() is None:
            break
    else:
        pytest.skip("Xvfb would not start")
    try:
        yield f":{n}"
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def xvfb() -> Iterator[str]:
    """A private 1280x800 display."""
    yield from _xvfb("1280x800x24")


@pytest.fixture(scope="module")
def big_xvfb() -> Iterator[str]:
    """A display large enough for every window size the tests try (portrait tablets too)."""
    yield from _xvfb("2560x1920x24")


def kivy_env(display: str, tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update({"DISPLAY": display, "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1",
                "KIVY_NO_FILELOG": "1", "KIVY_HOME": str(tmp / "kivy-home"),
                "COMPANION_DATA_DIR": str(tmp / "data"), "LIBGL_ALWAYS_SOFTWARE": "1"})
    return env


def run_driver(display: str, tmp: Path, mode: str, timeout: float = 90,
               driver: str = "kivy_driver.py") -> dict[str, Any]:
    """Run ``tests/ui/DRIVER MODE`` (kivy_driver.py by default) in its own process; its JSON
    report."""
    out = tmp / f"{mode}.json"
    proc = subprocess.run(
        [sys.executable, str(Path(__file__).with_name(driver)), mode, str(out),
         str(tmp / "data"), str(SCREENSHOTS)],
        env=kivy_env(display, tmp), capture_output=True, text=True, timeout=timeout, cwd=tmp,
    )
    if not out.exists():
        raise AssertionError(f"driver {mode} wrote no report (exit {proc.returncode}):\n"
                             f"{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    report: dict[str, Any] = json.loads(out.read_text())
    report["returncode"] = proc.returncode
    report["stderr"] = proc.stderr[-3000:]
    return report


def assert_ran(report: dict[str, Any]) -> None:
    """A driver's run ended without a traceback and with exit status 0."""
    assert report["errors"] == [], report["errors"]
    assert report["returncode"] == 0, report["stderr"]


def assert_check(report: dict[str, Any], name: str) -> None:
    """One named check of a driver's report was reached and passed."""
    got = report["checks"].get(name)
    assert got is not None, f"the driver never reached {name!r}; it did: {sorted(report['checks'])}"
    assert got["ok"], f"{name}: {got['detail']}"


def run_driver_at(size: str, display: str, tmp_path_factory: pytest.TempPathFactory,
                  mode: str) -> dict[str, Any]:
    """``run_driver`` in a window of ``size`` (WxH: a landscape or a portrait tablet)."""
    with pytest.MonkeyPatch.context() as m:
        m.setenv("DRIVER_SIZE", size)
        return run_driver(display, tmp_path_factory.mktemp(mode), mode)
