"""Frames with nothing to read: no dice, no crash."""

from __future__ import annotations

import numpy as np
import pytest

from vision.profile import load_profile
from vision.reader import read_frame


@pytest.mark.parametrize("profile", ["m44", "pips"])
@pytest.mark.parametrize(
    "frame",
    [
        np.zeros((640, 640, 3), np.uint8),
        np.full((640, 640, 3), 255, np.uint8),
        np.full((480, 640, 3), 128, np.uint8),
        np.zeros((0, 0, 3), np.uint8),
        np.zeros((1, 1), np.uint8),
        np.zeros((640, 640, 4), np.uint8),
    ],
    ids=["black", "white", "grey-480p", "empty", "one-pixel", "bgra"],
)
def test_plain_frames_have_no_dice(frame: np.ndarray, profile: str) -> None:
    assert read_frame(frame, load_profile(profile)).dice == ()


@pytest.mark.parametrize("profile", ["m44", "pips"])
def test_pure_noise_has_no_dice(profile: str) -> None:
    rng = np.random.default_rng(3)
    for _ in range(3):
        noise = rng.integers(0, 256, (640, 640, 3), dtype=np.uint8)
        assert read_frame(noise, load_profile(profile)).dice == ()
