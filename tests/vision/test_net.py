"""The die network: crop geometry, what a profile stores, and what the network answers."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.net import CROP, CROP_MARGIN, crop_matrix, cut, normalise
from vision.profile import ProfileError, load_profile
from vision.reader import read_frame
from vision.render import render_scene


def _ramp() -> np.ndarray:
    """A frame whose blue channel is x / 3 and green channel y / 3: a crop shows where it looked."""
    yy, xx = np.mgrid[0:600, 0:600].astype(np.float64)
    img = np.zeros((600, 600, 3), np.uint8)
    img[:, :, 0] = np.round(xx / 3)
    img[:, :, 1] = np.round(yy / 3)
    return img


@pytest.mark.parametrize("angle", [0.0, np.pi / 2, 0.7])
def test_cut_samples_the_frame_where_crop_matrix_says(angle: float) -> None:
    img = _ramp()
    x, y, half = 300.0, 240.0, 60.0
    crop = cut(img, x, y, half, angle)
    m = crop_matrix(x, y, half, angle)
    for u, v in ((0, 0), (CROP - 1, 0), (5, 20), (CROP // 2, CROP // 2)):
        fx, fy = m @ np.array([u, v, 1.0])
        assert abs(int(crop[v, u, 0]) - fx / 3) <= 1.0
        assert abs(int(crop[v, u, 1]) - fy / 3) <= 1.0
    # The crop is centred on (x, y) and 2 * half wide.
    cx, cy = m @ np.array([(CROP - 1) / 2, (CROP - 1) / 2, 1.0])
    assert (cx, cy) == pytest.approx((x, y))
    left = m @ np.array([-0.5, (CROP - 1) / 2, 1.0])
    assert np.hypot(left[0] - x, left[1] - y) == pytest.approx(half)


def test_normalise_gives_each_crop_zero_mean_in_nchw() -> None:
    rng = np.random.default_rng(0)
    crops = rng.integers(0, 256, (3, CROP, CROP, 3), dtype=np.uint8)
    crops[1] = 200  # a flat crop must not blow up
    x = normalise(crops)
    assert x.shape == (3, 3, CROP, CROP) and x.dtype == np.float32
    assert np.abs(x.mean(axis=(1, 2, 3))).max() < 1e-4
    assert np.isfinite(x).all() and np.abs(x[1]).max() < 1e-4


def test_builtin_profiles_carry_a_network() -> None:
    for name, classes in (("pips", 7), ("m44", 6)):
        prof = load_profile(name)
        assert prof.method == "net" and prof.net is not None
        assert prof.net.classes == classes
        ans = prof.net.run(np.zeros((2, CROP, CROP, 3), np.uint8))
        assert ans.probs.shape == (2, classes) and ans.offsets.shape == (2, 3)
        assert np.allclose(ans.probs.sum(axis=1), 1.0, atol=1e-4)


def test_the_network_points_from_an_off_centre_crop_back_to_the_die() -> None:
    prof = load_profile("m44")
    assert prof.net is not None
    rng = np.random.default_rng(3)
    img, labels = render_scene(rng, "classic", dice=1, touching=0.0)
    (_face, (x0, y0, x1, y1)), = labels
    cx, cy, half_die = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0 + y1 - y0) / 4
    half = CROP_MARGIN * half_die
    shifts = [(0.35, 0.0), (-0.35, 0.0), (0.0, 0.35), (0.0, -0.35)]
    crops = np.stack([cut(img, cx + sx * half, cy + sy * half, half) for sx, sy in shifts])
    off = prof.net.run(crops).offsets
    for (sx, sy), (dx, dy, _ds) in zip(shifts, off, strict=True):
        # The answer points back towards the die, by roughly the shift.
        assert dx * -sx + dy * -sy > 0.5 * (sx * sx + sy * sy)
        assert np.hypot(dx + sx, dy + sy) < 0.2


def test_pips_network_reads_rendered_pip_dice_it_was_not_trained_on() -> None:
    rng = np.random.default_rng(11)
    right = total = 0
    for _ in range(6):
        img, labels = render_scene(rng, "pipwhite", dice=5, faces=(1, 2, 3, 4, 5, 6), touching=0.0)
        got = read_frame(img, load_profile("pips"))
        for face, (x0, y0, x1, y1) in labels:
            total += 1
            hit = [d for d in got.dice if x0 <= (d.box[0] + d.box[2]) / 2 <= x1
                   and y0 <= (d.box[1] + d.box[3]) / 2 <= y1]
            right += bool(hit) and hit[0].face == face
    assert right / total >= 0.8


def test_a_profile_whose_network_is_garbage_is_corrupt(tmp_path: Path) -> None:
    prof = load_profile("pips")
    assert prof.net is not None
    prof.net.onnx = np.frombuffer(b"not an onnx graph at all" * 4, np.uint8)
    path = tmp_path / "bad.npz"
    prof.save(path)
    with pytest.raises(ProfileError, match="corrupt"):
        load_profile(str(path))


def test_views_is_saved_and_checked(tmp_path: Path) -> None:
    prof = load_profile("pips")
    prof.views = 4
    path = tmp_path / "four.npz"
    prof.save(path)
    assert load_profile(str(path)).views == 4
    prof.views = 7
    prof.save(path)
    with pytest.raises(ProfileError, match="views"):
        load_profile(str(path))


def test_one_second_look_per_place_keeps_the_surest() -> None:
    from vision.reader import _distinct

    xs = np.array([100.0, 103.0, 200.0, 100.0])
    ys = np.array([100.0, 101.0, 100.0, 130.0])
    halves = np.full(4, 25.0)  # die half-size 20 after the crop margin: "same place" is < 10 px
    score = np.array([0.6, 0.9, 0.5, 0.7], np.float32)
    kept = _distinct(np.arange(4), score, xs, ys, halves)
    assert kept.tolist() == [1, 2, 3]  # 0 and 1 point at one place: the surer (1) stays
    assert _distinct(np.array([0, 2], np.intp), score, xs, ys, halves).tolist() == [0, 2]


def test_onnxruntime_and_cv2_dnn_give_the_same_readings() -> None:
    """The app runs the network on onnxruntime where installed, on cv2.dnn otherwise: same dice."""
    pytest.importorskip("onnxruntime")
    from vision.reader import read_frame
    from vision.render import render_scene

    rng = np.random.default_rng(11)
    scenes = [render_scene(rng, "pipmix", faces=(1, 2, 3, 4, 5, 6))[0] for _ in range(6)]
    scenes += [render_scene(rng, "m44mix")[0] for _ in range(6)]
    for name in ("pips", "m44"):
        ort, dnn = load_profile(name, "onnxruntime"), load_profile(name, "cv2")
        assert ort.net is not None and dnn.net is not None
        assert (ort.net.runtime, dnn.net.runtime) == ("onnxruntime", "cv2")
        crops = np.random.default_rng(1).integers(0, 256, (20, 32, 32, 3), dtype=np.uint8)
        a, b = ort.net.run(crops), dnn.net.run(crops)
        np.testing.assert_allclose(a.probs, b.probs, atol=1e-4)
        np.testing.assert_allclose(a.embedding, b.embedding, atol=1e-3)
        for img in scenes:
            ra, rb = read_frame(img, ort), read_frame(img, dnn)
            assert [d.face for d in ra.dice] == [d.face for d in rb.dice]
            # Float sums in another order move a box edge across a rounding point now and then.
            assert np.abs(np.array([d.box for d in ra.dice]) - np.array([d.box for d in rb.dice])).max(
                initial=0) <= 1
            assert [d.confidence for d in ra.dice] == pytest.approx([d.confidence for d in rb.dice], abs=0.01)


def test_both_runtimes_read_cluttered_tables_alike() -> None:
    """Cluttered tables hand the network its biggest batches (up to 80 first looks, the face
    network's finer looks, the coarser sizes read again): the same dice on either runtime."""
    pytest.importorskip("onnxruntime")
    from vision.reader import read_frame
    from vision.render import render_scene

    rng = np.random.default_rng(73)
    ort, dnn = load_profile("pips", "onnxruntime"), load_profile("pips", "cv2")
    assert ort.face_net is not None and ort.face_net.net.runtime == "onnxruntime"
    assert dnn.face_net is not None and dnn.face_net.net.runtime == "cv2"
    seen = 0
    for _ in range(6):
        img = render_scene(rng, "pipmix", faces=(1, 2, 3, 4, 5, 6), clutter=8)[0]
        ra, rb = read_frame(img, ort), read_frame(img, dnn)
        assert [d.face for d in ra.dice] == [d.face for d in rb.dice]
        assert np.abs(np.array([d.box for d in ra.dice]) - np.array([d.box for d in rb.dice])).max(
            initial=0) <= 1
        assert [d.confidence for d in ra.dice] == pytest.approx([d.confidence for d in rb.dice], abs=0.01)
        seen += len(ra.dice)
    assert seen >= 12  # dice were read, not two empty answers alike


def test_unknown_runtime_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from vision.net import _runtime

    assert _runtime("cv2") == "cv2"
    monkeypatch.setenv("VISION_RUNTIME", "cv2")
    assert _runtime("auto") == "cv2"
    with pytest.raises(ValueError, match="not one of"):
        _runtime("tensorflow")


def test_cut_many_cuts_what_cut_cuts() -> None:
    from vision.net import cut_many

    rng = np.random.default_rng(0)
    img = cv2.GaussianBlur(rng.integers(0, 256, (480, 640, 3), dtype=np.uint8), (0, 0), 2)
    xs, ys, hs = rng.uniform(-20, 660, 40), rng.uniform(-20, 500, 40), rng.uniform(3, 80, 40)
    one = np.stack([cut(img, x, y, h) for x, y, h in zip(xs, ys, hs, strict=True)])
    many = cut_many(img, xs, ys, hs)
    assert many.shape == one.shape == (40, CROP, CROP, 3)
    assert np.abs(one.astype(int) - many.astype(int)).max() <= 1  # fixed-point rounding only
