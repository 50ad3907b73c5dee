"""The camera tray: protocol messages from camera rolls, in-process and over a real pty."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.tray import codec
from companion.tray.simulator import open_pty
from tests.vision.test_camera_source import _video
from vision.camera_loop import open_capture
from vision.profile import load_profile
from vision.tray import CameraTray, run_camera

REPO = Path(__file__).resolve().parents[2]


def test_armed_tray_sends_the_roll_with_its_rid(tmp_path: Path) -> None:
    video = _video(tmp_path / "throw.avi", dice=3)
    sent: list[codec.Message] = []
    tray = CameraTray("camtray-t", load_profile("m44"), send=sent.append)
    tray.announce()
    tray.handle(codec.expect("companion", 1, 1, id="c1", n=4, rid="battle-7"))
    assert run_camera(tray, open_capture(str(video)), threading.Event()) == 1
    kinds = [m.type for m in sent]
    assert kinds[:2] == ["hello", "status"]
    assert sent[0]["caps"] == ["camera", "led"] and sent[0]["dice"] == "m44"
    assert "ack" in kinds
    rolls = [m for m in sent if m.type == "roll"]
    assert len(rolls) == 1
    assert rolls[0]["rid"] == "battle-7"
    faces = rolls[0]["faces"]
    assert len(faces) == 4  # three dice seen, the fourth asked for stays null
    assert faces.count(None) >= 1
    for m in sent:  # every message is one a receiver accepts
        codec.decode(codec.encode(m))
    assert [m.seq for m in sent] == sorted(m.seq for m in sent)


def _read_lines(fd: int, proc: subprocess.Popen[bytes], timeout: float) -> list[codec.Message]:
    reader = codec.LineReader()
    out: list[codec.Message] = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            out += reader.feed(chunk)
        elif proc.poll() is not None:
            break
    return out


def test_tray_command_over_a_pseudo_terminal(tmp_path: Path) -> None:
    video = _video(tmp_path / "throw.avi", dice=2)
    master, slave, path = open_pty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "vision", "tray", "--camera", str(video), "--serial", path,
         "--device", "camtray-pty"],
        cwd=REPO, stderr=subprocess.PIPE,
    )
    try:
        msgs = _read_lines(master, proc, timeout=90)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
        os.close(slave)
    assert proc.returncode == 0, proc.stderr.read().decode() if proc.stderr else ""
    assert msgs and msgs[0].type == "hello" and msgs[0].dev == "camtray-pty"
    rolls = [m for m in msgs if m.type == "roll"]
    assert len(rolls) == 1 and rolls[0]["rid"] is None
    assert 1 <= len(rolls[0]["faces"]) <= 8


def test_tray_rejects_a_bad_device_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vision.cli import main

    video = _video(tmp_path / "v.avi", dice=1)
    assert main(["tray", "--camera", str(video), "--serial", "/dev/null", "--device", "Bad Id"]) == 2
    assert "device id" in capsys.readouterr().err


def test_a_taught_symbol_goes_on_the_wire_as_the_face_it_stands_for() -> None:
    """A pip tray whose user's dice print a star instead of the six: the roll carries 6 (a
    receiver of pip dice accepts only 1..6), and a symbol standing for nothing is null."""
    from types import SimpleNamespace

    mine = load_profile("pips")
    mine.faces = (*mine.faces, "star", "moon")
    mine.stands_for = {"star": 6}
    sent: list[codec.Message] = []
    tray = CameraTray("camtray-s", mine, send=sent.append)
    tray.announce()
    tray.handle(codec.expect("companion", 1, 1, id="c1", n=3, rid="battle-9"))
    dice = [SimpleNamespace(face=f, confidence=0.9, box=(20 * i, 0, 20 * i + 10, 10))
            for i, f in enumerate(["star", 3, "moon"])]
    msg = tray.settled(SimpleNamespace(dice=dice, ms=4.0))
    assert msg is not None and msg["faces"] == [6, 3, None]
    codec.decode(codec.encode(msg))
