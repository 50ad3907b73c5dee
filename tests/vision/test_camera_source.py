"""The camera DiceSource and the watch loop, on a real video file written with cv2.VideoWriter."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.dice.base import DiceRequest, roll_blocking
from companion.dice.camera import CameraDiceSource
from vision.cli import main
from vision.render import render_scene


def _video(path: Path, dice: int, throws: int = 1) -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (640, 640))
    if not writer.isOpened():
        pytest.skip("this OpenCV build cannot write MJPG video")
    rng = np.random.default_rng(21)
    tray, _ = render_scene(np.random.default_rng(3), "classic", dice=0)
    for _ in range(6):
        writer.write(tray)
    for _ in range(throws):
        for _ in range(5):
            writer.write(render_scene(rng, "classic", dice=dice, touching=0.0)[0])
        rest, _ = render_scene(rng, "classic", dice=dice, touching=0.0)
        for _ in range(10):
            writer.write(rest)
    writer.release()
    return path


def test_camera_source_reads_a_settled_throw(tmp_path: Path) -> None:
    video = _video(tmp_path / "throw.avi", dice=3)
    source = CameraDiceSource.from_spec(f"camera:{video}")
    assert source.name == f"camera:{video}"
    result = roll_blocking(source, DiceRequest("r1", 3, "battle", kind="m44"), timeout=60)
    assert result.request_id == "r1"
    assert len(result.dice) == 3
    assert result.meta["seen"] >= 1
    read = [d.face for d in result.dice if d.face is not None]
    assert all(f in ("infantry", "armor", "grenade", "star", "flag") for f in read)
    assert len(read) >= 1  # the reader should read at least one of three clear dice


def test_camera_source_without_a_throw_asks_the_player(tmp_path: Path) -> None:
    path = tmp_path / "still.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (640, 640))
    tray, _ = render_scene(np.random.default_rng(3), "classic", dice=0)
    for _ in range(10):
        writer.write(tray)
    writer.release()
    result = roll_blocking(CameraDiceSource(str(path)), DiceRequest("r2", 2, kind="m44"), timeout=60)
    assert [d.face for d in result.dice] == [None, None]


def test_camera_source_missing_video_answers_unread(tmp_path: Path) -> None:
    source = CameraDiceSource(str(tmp_path / "none.avi"))
    result = roll_blocking(source, DiceRequest("r3", 1, kind="pips"), timeout=30)
    assert result.faces == [None]
    assert "does not exist" in str(result.meta["error"])


def test_watch_prints_one_line_per_settled_roll(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    video = _video(tmp_path / "two.avi", dice=2, throws=2)
    assert main(["watch", str(video), "--profile", "m44"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2
    rolls = [json.loads(x) for x in lines]
    assert [r["roll"] for r in rolls] == [1, 2]
    assert rolls[0]["frame"] < rolls[1]["frame"]


def test_watch_missing_video_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", str(tmp_path / "none.mp4")]) == 2
    assert "does not exist" in capsys.readouterr().err
