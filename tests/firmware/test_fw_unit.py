"""The firmware's unit tests, run inside the real MicroPython interpreter."""

from __future__ import annotations

import subprocess

import pytest

from .conftest import FIRMWARE

pytestmark = pytest.mark.micropython


def test_unit_suite_passes_inside_micropython(micropython: str) -> None:
    run = subprocess.run([micropython, str(FIRMWARE / "tests" / "run_unit.py")],
                         capture_output=True, text=True, timeout=60)
    lines = run.stdout.splitlines()
    failures = [line for line in lines if line.startswith("FAIL")]
    assert not failures, "\n".join(failures) + run.stderr
    result = [line for line in lines if line.startswith("RESULT")]
    assert result, f"the runner did not finish:\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}"
    passed, failed = map(int, result[0].split()[1:])
    assert failed == 0
    assert passed >= 30  # a test silently skipped by the runner shows up here
    assert run.returncode == 0


def test_unit_runner_reports_a_failure(micropython: str) -> None:
    # The runner must not pass when asked for a test that does not exist and pass nothing.
    run = subprocess.run([micropython, str(FIRMWARE / "tests" / "run_unit.py"), "no_such_test"],
                         capture_output=True, text=True, timeout=60)
    assert "RESULT 0 0" in run.stdout
