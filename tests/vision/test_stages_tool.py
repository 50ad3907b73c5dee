"""benchmarks/vision_stages.py times the reader by wrapping its functions: it must report
every stage and leave the reader as it found it (the same functions, the same readings)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import detect, reader
from vision.facenet import FaceNet
from vision.net import DieNet
from vision.profile import load_profile
from vision.render import render_scene

REPO = Path(__file__).resolve().parents[2]


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("vision_stages", REPO / "benchmarks" / "vision_stages.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_stages_are_reported_and_the_reader_is_left_unwrapped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    rng = np.random.default_rng(3)
    frames = [render_scene(rng, "pipmix", faces=(1, 2, 3, 4, 5, 6), clutter=4)[0] for _ in range(2)]
    for i, img in enumerate(frames):
        cv2.imwrite(str(tmp_path / f"f{i}.png"), img)
    prof = load_profile("pips")
    before = [reader.read_frame(img, prof).dice for img in frames]
    originals = (reader.find_tray, reader.find_candidates, reader._read_at, reader._looks, reader.keep_bodies,
                 detect._split_clusters, detect._dice_on_clutter, detect.cv2.kmeans, DieNet.run,
                 FaceNet.face_probs)
    monkeypatch.setattr(sys, "argv", ["vision_stages.py", str(tmp_path)])
    _tool().main()
    out = capsys.readouterr().out
    assert out.startswith("2 frames, profile pips")
    for stage in ("tray markers", "candidate search", "k-means", "network runs", "face net",
                  "body check",
                  "read at  640 px: 2 of 2 frames", "first looks from distance peaks"):
        assert stage in out
    assert (reader.find_tray, reader.find_candidates, reader._read_at, reader._looks, reader.keep_bodies,
            detect._split_clusters, detect._dice_on_clutter, detect.cv2.kmeans, DieNet.run,
            FaceNet.face_probs) == originals
    assert [reader.read_frame(img, prof).dice for img in frames] == before
