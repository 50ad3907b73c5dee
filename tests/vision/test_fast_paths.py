"""The reader's fast paths give what the plain ways they replace give (docs/vision.md,
"2026-12-02 morning: the same readings for less"): each is checked against the plain
way written out here, on random and on rendered cluttered frames."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from numpy.typing import NDArray

from vision import detect
from vision.bodycheck import _median_rows
from vision.detect import (
    DIM,
    MAX_CANDIDATES,
    Candidate,
    _median_colour,
    _spaced,
    exposure_gain,
    find_candidates,
)
from vision.net import normalise
from vision.profile import load_profile
from vision.render import render_scene


def _spaced_one_by_one(split: list[Candidate], peaks: tuple[NDArray[np.float32], ...],
                       inner: list[Candidate], separation: float) -> list[Candidate]:
    """The candidates' spacing as the search did it before, one numpy test a candidate."""
    px, py, pr = peaks
    kept = list(split)
    total = len(kept) + len(px) + len(inner)
    kx, ky, kr = (np.zeros(total, np.float32) for _ in range(3))
    for j, c in enumerate(kept):
        kx[j], ky[j], kr[j] = c.x, c.y, c.radius
    n = len(kept)
    sep2 = separation**2
    room = MAX_CANDIDATES - min(len(inner), detect.INNER_SHARE)
    for x, y, r, last in [*((x, y, r, False) for x, y, r in zip(px, py, pr, strict=True)),
                          *((c.x, c.y, c.radius, True) for c in inner)]:
        if not last and len(kept) >= room:
            continue
        if n and np.any((kx[:n] - x) ** 2 + (ky[:n] - y) ** 2 < sep2 * np.maximum(kr[:n], r) ** 2):
            continue
        kx[n], ky[n], kr[n] = x, y, r
        n += 1
        kept.append(Candidate(float(x), float(y), float(r)))
        if len(kept) >= MAX_CANDIDATES:
            break
    return kept


@pytest.mark.parametrize("seed", range(40))
def test_the_spacing_keeps_the_candidates_one_by_one_keeps(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n_peaks = int(rng.choice([0, 5, 63, 64, 65, 150, 400]))
    spread = float(rng.choice([40.0, 320.0]))  # crowded plateaus or a whole frame
    px = rng.uniform(0, spread, n_peaks).astype(np.float32)
    py = rng.uniform(0, spread, n_peaks).astype(np.float32)
    pr = np.sort(rng.uniform(3, 20, n_peaks).astype(np.float32))[::-1].copy()
    split = [Candidate(*(float(v) for v in rng.uniform([0, 0, 3], [spread, spread, 20])))
             for _ in range(int(rng.integers(0, 50)))]
    inner = [Candidate(*(float(v) for v in rng.uniform([0, 0, 3], [spread, spread, 20])))
             for _ in range(int(rng.integers(0, 20)))]
    fast = _spaced(split, (px, py, pr), inner, 1.4)
    assert fast == _spaced_one_by_one(split, (px, py, pr), inner, 1.4)
    assert len(fast) <= MAX_CANDIDATES


def test_the_search_on_cluttered_tables_hands_over_the_one_by_one_candidates(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(5)
    params = load_profile("pips").detect
    for _ in range(6):
        img = render_scene(rng, "pipmix", faces=(1, 2, 3, 4, 5, 6), clutter=8)[0]
        fast = find_candidates(img, params)
        with monkeypatch.context() as m:
            m.setattr(detect, "_spaced", _spaced_one_by_one)
            assert find_candidates(img, params) == fast
        assert fast


def _normalise_plainly(crops: NDArray[np.uint8]) -> NDArray[np.float32]:
    x = crops.astype(np.float32)
    mean = x.mean(axis=(1, 2, 3), keepdims=True)
    std = x.std(axis=(1, 2, 3), keepdims=True)
    return np.ascontiguousarray(((x - mean) / (std + 8.0)).transpose(0, 3, 1, 2))


def test_normalise_is_the_plain_mean_and_spread_to_a_rounding() -> None:
    rng = np.random.default_rng(0)
    crops = rng.integers(0, 256, (50, 32, 32, 3), dtype=np.uint8)
    crops[3] = 7  # flat
    crops[4, :, :16] = 255  # half and half
    got = normalise(crops)
    assert got.flags.c_contiguous and got.dtype == np.float32 and got.shape == (50, 3, 32, 32)
    assert np.abs(got - _normalise_plainly(crops)).max() < 1e-5
    assert np.abs(got[3]).max() == 0.0  # a flat crop is all zeros, not a division by nought


@pytest.mark.parametrize("level", [10, 60, 79, 80, 81, 140, 255])
def test_a_bright_frames_gain_from_a_count_is_the_percentiles(level: int) -> None:
    rng = np.random.default_rng(level)
    for share in (0.0, 0.005, 0.0099, 0.0101, 0.02, 0.5):
        img = np.full((240, 320, 3), level, np.uint8)
        spots = rng.random(img.shape[:2]) < share
        img[spots] = rng.integers(0, 256, (int(spots.sum()), 3), dtype=np.uint8)
        small = cv2.resize(img, (80, 60), interpolation=cv2.INTER_AREA)
        bright = float(np.percentile(small.max(axis=2), 99))
        plain = 1.0 if bright >= DIM else min(3.0, 180.0 / max(bright, 1.0))
        assert exposure_gain(img) == plain


@pytest.mark.parametrize("m", [1, 2, 7, 224, 225])
def test_the_body_colour_median_is_numpys(m: int) -> None:
    rng = np.random.default_rng(m)
    v = rng.integers(0, 256, (9, m, 3)).astype(np.float32)
    assert np.array_equal(_median_rows(v), np.median(v, axis=1).astype(np.float32))


@pytest.mark.parametrize("m", [1, 2, 3, 1500, 1501])
def test_a_surfaces_median_colour_is_numpys(m: int) -> None:
    rng = np.random.default_rng(m)
    sample = rng.integers(0, 256, (m, 3), dtype=np.uint8)
    got = _median_colour(sample)
    assert got.dtype == np.float64 and np.array_equal(got, np.median(sample, axis=0))
