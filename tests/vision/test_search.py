"""The candidate search on drawn frames: tray walls and cables do not flood it, dice stay found."""

from __future__ import annotations

import cv2
import numpy as np

from vision.detect import MAX_CANDIDATES, SPLIT_SHARE, DetectParams, _seed_budget, find_candidates
from vision.profile import load_profile
from vision.reader import read_frame

DIE = 40  # die side in pixels


def _die(img: np.ndarray, cx: int, cy: int, pips: int) -> None:
    h = DIE // 2
    cv2.rectangle(img, (cx - h, cy - h), (cx + h, cy + h), (245, 245, 245), -1)
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (-1, 1), (1, 1), (0, 0)],
             6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]}[pips]
    for sx, sy in spots:
        cv2.circle(img, (cx + sx * DIE // 4, cy + sy * DIE // 4), 3, (20, 20, 20), -1, cv2.LINE_AA)


def _tray_with_wall() -> tuple[np.ndarray, list[tuple[int, int]]]:
    img = np.full((640, 640, 3), (70, 120, 60), np.uint8)  # green felt
    cv2.rectangle(img, (40, 40), (600, 600), (30, 30, 110), 22)  # the tray's dark red wall
    dice = [(200, 200), (420, 260), (300, 420), (72, 320)]  # the last against the wall
    for k, (x, y) in enumerate(dice):
        _die(img, x, y, k + 2)
    return img, dice


def test_a_tray_wall_gives_few_candidates_and_dice_keep_theirs() -> None:
    img, dice = _tray_with_wall()
    cands = find_candidates(img, DetectParams())
    for x, y in dice:
        assert any(np.hypot(c.x - x, c.y - y) < DIE / 2 for c in cands), (x, y)
    on_wall = [c for c in cands if all(np.hypot(c.x - x, c.y - y) > DIE for x, y in dice)]
    # A peak every die or so along the wall's 2,200 px would be about 50.
    assert len(on_wall) <= 8, len(on_wall)


def test_a_cable_is_not_split_into_dice() -> None:
    img = np.full((640, 640, 3), (120, 165, 200), np.uint8)
    t = np.linspace(0, 1, 80)
    curve = np.column_stack([60 + 520 * t, 320 + 200 * np.sin(6 * t)]).astype(np.int32)
    cv2.polylines(img, [curve], False, (25, 25, 25), 9, cv2.LINE_AA)  # a cable of about 10 dice' area
    for k, (x, y) in enumerate([(150, 120), (191, 120), (450, 560), (560, 570), (330, 70)]):  # 2 touch
        _die(img, x, y, k % 6 + 1)
    cands = find_candidates(img, DetectParams(separation=1.0, cluster_seeds=2.0))
    near_cable = [c for c in cands if np.min(np.hypot(curve[:, 0] - c.x, curve[:, 1] - c.y)) < 8]
    assert len(near_cable) <= 4, len(near_cable)
    for x, y in [(150, 120), (191, 120), (450, 560), (560, 570), (330, 70)]:
        assert any(np.hypot(c.x - x, c.y - y) < DIE / 2 for c in cands), (x, y)


def test_the_pips_profile_reads_the_walled_tray() -> None:
    img, dice = _tray_with_wall()
    got = read_frame(img, load_profile("pips"))
    centres = [((d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2) for d in got.dice]
    for x, y in dice:
        assert any(np.hypot(cx - x, cy - y) < DIE / 2 for cx, cy in centres), (x, y)
    assert len(got.dice) == len(dice)


def test_split_centres_are_budgeted() -> None:
    few = {1: 3, 2: 2}
    assert _seed_budget(few, 2.0) == {1: 6, 2: 4}  # two per die while they fit
    many = {i: 12 for i in range(1, 8)}  # 7 blobs of 12 dice: 168 centres at 2 a die
    got = _seed_budget(many, 2.0)
    assert sum(got.values()) <= SPLIT_SHARE * MAX_CANDIDATES
    assert all(v == 12 for v in got.values()) and got  # one a die, as many blobs as fit


def test_a_dim_frame_is_brightened_for_the_search() -> None:
    from vision.detect import exposure_gain

    img = np.full((480, 640, 3), (190, 205, 220), np.uint8)  # a light desk, white dice
    dice = [(150, 150), (400, 300), (500, 120)]
    for k, (x, y) in enumerate(dice):
        _die(img, x, y, k + 3)
    img = cv2.GaussianBlur(img, (0, 0), 1.2)
    noise = np.random.default_rng(0).normal(0, 1.5, img.shape)
    dim = (img.astype(np.float32) * 0.3 + noise).clip(0, 255).astype(np.uint8)  # a third of the light
    assert exposure_gain(img) == 1.0 and exposure_gain(dim) > 2.0
    cands = find_candidates(dim, DetectParams())
    for x, y in dice:
        assert any(np.hypot(c.x - x, c.y - y) < DIE / 2 for c in cands), (x, y)
    got = read_frame(dim, load_profile("pips"))
    assert sorted(int(d.face) for d in got.dice if d.face is not None) == [3, 4, 5]



def test_a_taught_size_caps_the_frames_die_so_a_pair_is_split() -> None:
    # The median of the die-like blobs (the lone die and the askew pair) was the pair's
    # area; the side-by-side pair, under 1.6 of it, was one candidate between its dice.
    from vision.detect import _single_die_area

    stats = np.array([[0, 0, 640, 640, 0], [0, 0, 30, 30, 900], [0, 0, 42, 44, 1700]], np.int32)
    assert _single_die_area(stats, DetectParams(), 1.0) == 1300.0
    assert _single_die_area(stats, DetectParams(die_half=15.0), 1.0) == 900.0
    # (A pair of 1,820 px, 1.4 of the median, is a blob to split against 900, not 1,300.)
    # Fewer than two die-like blobs: the taught size alone, or none for a built-in.
    assert _single_die_area(stats[:2], DetectParams(die_half=20.0), 1.0) == 1600.0
    assert _single_die_area(stats[:2], DetectParams(), 1.0) is None


def test_the_search_labels_blobs_as_opencvs_default_does() -> None:
    # the search labels its masks with Grana's algorithm (faster on one thread): the same
    # labels, boxes and centres as the default, on masks of rendered cluttered tables
    from vision.detect import _components, foreground_score
    from vision.render import render_scene

    rng = np.random.default_rng(12)
    for _ in range(6):
        img, _labels = render_scene(rng, "pipmix", clutter=8)
        half = cv2.resize(img, (320, 320), interpolation=cv2.INTER_AREA)
        _, mask = cv2.threshold(foreground_score(half), 40, 255, cv2.THRESH_BINARY)
        n, labels, stats, centres = cv2.connectedComponentsWithStats(mask, connectivity=8)
        n2, labels2, stats2, centres2 = _components(mask)
        assert n2 == n > 2
        assert np.array_equal(labels2, labels) and np.array_equal(stats2, stats)
        assert np.allclose(centres2, centres)
