"""Air actions by touch in a real window: a New Flight Plan attack run and an Air Pack air check."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.conftest import run_driver

pytestmark = pytest.mark.gui


def test_attack_run_by_touches_then_the_opponents_air_check(xvfb: str, tmp_path: Path) -> None:
    report = run_driver(xvfb, tmp_path, "air")
    assert not report["errors"], report["errors"]
    failed = {k: v for k, v in report["checks"].items() if not v["ok"]}
    assert not failed, failed
    for name in ("path drawn while being built", "markers drawn on the path", "ammo left shown",
                 "ammo spent on the board", "runs resolved", "the opponent told to throw the air check"):
        assert name in report["checks"], name
