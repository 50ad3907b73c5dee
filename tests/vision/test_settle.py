"""Settle detection on a synthetic frame sequence."""

from __future__ import annotations

import numpy as np

from vision.render import render_scene
from vision.settle import SettleDetector


def _sequence() -> tuple[list[np.ndarray], list[int]]:
    """Still tray, a throw (dice jumping about), still dice, a second throw, still again."""
    rng = np.random.default_rng(11)
    frames: list[np.ndarray] = []
    rests: list[int] = []
    first, _ = render_scene(np.random.default_rng(1), "classic", dice=3)
    frames += [first] * 8
    for throw in range(2):
        for _ in range(6):  # motion: a new scene each frame
            frames.append(render_scene(rng, "classic", dice=3)[0])
        rest, _ = render_scene(rng, "classic", dice=3)
        rests.append(len(frames))
        # still, with a little sensor noise
        for _ in range(10):
            noise = rng.integers(-2, 3, rest.shape)
            frames.append(np.clip(rest.astype(np.int16) + noise, 0, 255).astype(np.uint8))
        assert throw in (0, 1)
    return frames, rests


def test_each_throw_is_read_once_after_it_stops() -> None:
    frames, rests = _sequence()
    det = SettleDetector(still_frames=4, need_motion=True)
    fired = [i for i, f in enumerate(frames) if det.feed(f)]
    assert len(fired) == 2
    for f, start in zip(fired, rests, strict=True):
        assert start + 3 <= f < start + 10  # after the dice stopped, within the still run


def test_without_need_motion_the_first_still_view_is_a_roll() -> None:
    frames, _ = _sequence()
    det = SettleDetector(still_frames=4, need_motion=False)
    fired = [i for i, f in enumerate(frames) if det.feed(f)]
    assert len(fired) == 3
    assert fired[0] < 8


def test_a_still_tray_is_never_read_twice() -> None:
    img, _ = render_scene(np.random.default_rng(2), "classic", dice=2)
    det = SettleDetector(still_frames=3)
    assert sum(det.feed(img) for _ in range(50)) == 1
