"""Big dice (a camera close over them): the coarse look that tells the working size is too
fine, the size chosen from it, and the scaled sets of ``benchmarks/scale_sets.py``."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import cv2
import numpy as np
import pytest

from vision import reader, scale
from vision.evaluate import match
from vision.labelled import LabelledDie, load_folder
from vision.profile import load_profile
from vision.reader import read_frame
from vision.render import render_scene, write_labelled

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / ".." / "shared" / "data"


def _scale_sets() -> ModuleType:
    spec = importlib.util.spec_from_file_location("scale_sets", REPO / "benchmarks" / "scale_sets.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["scale_sets"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_a_sure_coarse_die_holding_only_unsure_pips_is_a_big_die() -> None:
    pips = [(None, 90.0, 90.0, 15.0, 0.4), (2, 150.0, 150.0, 15.0, 0.6)]
    coarse = [(3, 30.0, 30.0, 16.0, 0.97)]  # at 160 px: 64 px half-size at 640
    assert scale.big_dice(pips, coarse, 4.0) == [64.0]
    # an unsure coarse die is no evidence
    assert scale.big_dice(pips, [(3, 30.0, 30.0, 16.0, 0.6)], 4.0) == []
    # a coarse die no bigger than the search knows is no evidence either
    assert scale.big_dice(pips, [(3, 30.0, 30.0, 8.0, 0.97)], 4.0) == []


def test_a_cluster_of_sure_dice_is_not_taken_for_a_big_die() -> None:
    # Real dice touching, seen at 160 px as one die: at 640 each is read surely.
    cluster = [(5, 80.0, 80.0, 18.0, 1.0), (3, 120.0, 100.0, 18.0, 0.97), (2, 100.0, 130.0, 18.0, 0.7)]
    assert scale.big_dice(cluster, [(4, 25.0, 26.0, 18.0, 1.0)], 4.0) == []
    # fine answers as big as a third of it are not its pips
    assert scale.big_dice([(None, 100.0, 100.0, 45.0, 0.4)], [(4, 25.0, 25.0, 18.0, 1.0)], 4.0) == []


def test_big_dice_must_be_half_the_coarse_reading() -> None:
    fine = [(None, 90.0, 90.0, 15.0, 0.4), (6, 400.0, 400.0, 18.0, 0.99)]
    coarse = [(3, 25.0, 25.0, 16.0, 0.97), (6, 100.0, 100.0, 4.5, 0.99), (1, 120.0, 60.0, 4.5, 0.9)]
    assert scale.big_dice(fine, coarse, 4.0) == []  # one big die among three sure ones
    assert scale.big_dice(fine, coarse[:2], 4.0) == [64.0]


def test_an_empty_fine_reading_is_believed_only_in_a_frame_without_grain() -> None:
    coarse = [(1, 40.0, 40.0, 20.0, 1.0)]
    assert scale.big_dice([], coarse, 4.0) == [80.0]
    assert scale.big_dice([], coarse, 4.0, trust_empty=False) == []
    rng = np.random.default_rng(1)
    assert scale.grainy(rng.integers(0, 256, (480, 640), dtype=np.uint8))
    smooth = np.tile(np.linspace(40, 200, 640).astype(np.uint8), (480, 1))
    assert not scale.grainy(smooth)


def test_the_working_size_makes_the_big_dice_the_size_the_network_knows() -> None:
    assert scale.working_size([63.0], 640, 160) == 213
    assert scale.working_size([60.0, 63.0, 80.0], 640, 160) == 213  # the median
    assert scale.working_size([150.0], 640, 160) == 160  # never under the coarsest
    assert scale.working_size([10.0], 640, 160) == 640  # never finer than 640 here
    assert scale.working_size([0.0], 640, 160) == 640


def _right(img: np.ndarray, kept: list[tuple[object, tuple[float, ...]]], **kw: bool) -> int:
    got = read_frame(img, load_profile("pips"), **kw)
    dice = [LabelledDie(f, tuple(int(v) for v in b)) for f, b in kept]  # type: ignore[arg-type]
    m = match([d.box for d in got.dice], dice)
    return sum(1 for d, j in zip(dice, m, strict=True) if j is not None and got.dice[j].face == d.face)


def test_a_rendered_die_three_times_up_is_read_at_the_size_that_suits_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A rendered table, the third around its dice 3x up (a die about 150 px at 640): the
    # 640 px reading sees the die's pips, and the coarser reads of before (320, 160 px,
    # the surer kept) missed it too; read where it is 21 px half-size, it is read right.
    img, labels = render_scene(np.random.default_rng(16), "pipmix", dice=3, faces=(1, 2, 3, 4, 5, 6),
                               touching=0.0)
    dice = [(int(f), tuple(float(v) for v in b)) for f, b in labels]
    up, kept = _scale_sets().zoomed(img, dice, 3)
    assert len(kept) == 1
    assert _right(up, kept) == 1
    monkeypatch.setattr(scale, "SURE", 2.0)  # no coarse die is sure enough: the old reader
    assert _right(up, kept) == 0
    assert _right(up, kept, auto_scale=False) == 0


def test_the_big_dice_look_is_not_taken_when_the_640_reading_is_sure(monkeypatch: pytest.MonkeyPatch) -> None:
    img, _labels = render_scene(np.random.default_rng(4), "pipwhite", dice=5, faces=(1, 2, 3, 4, 5, 6),
                               touching=0.0)
    calls: list[int] = []
    real = reader._read_at

    def spy(frame, profile, size, tray, cache, *searched):  # type: ignore[no-untyped-def]
        calls.append(size)
        return real(frame, profile, size, tray, cache, *searched)

    monkeypatch.setattr(reader, "_read_at", spy)
    got = read_frame(img, load_profile("pips"))
    assert len(got.dice) == 5 and all(d.confidence >= reader.PIP_LIKE for d in got.dice)
    assert calls == [reader.WORK_SIZE]  # one reading, as before


def test_scale_sets_writes_labelled_folders_of_each_set(tmp_path: Path) -> None:
    src = write_labelled(tmp_path / "src", 3, "pipwhite", seed=5)
    mod = _scale_sets()
    counts = mod.make_sets(load_folder(src), tmp_path / "out", mod.SETS)
    assert set(counts) == set(mod.SETS)
    for name in mod.SETS:
        items = load_folder(tmp_path / "out" / name)
        assert len(items) == counts[name] > 0
        for it in items:
            w, h = cv2.imread(str(it.image)).shape[1::-1]
            data = json.loads(it.image.with_suffix(".json").read_text())
            assert (data["width"], data["height"]) == (w, h)
            for d in it.dice:  # every label inside its photo
                assert 0 <= d.box[0] < d.box[2] <= w and 0 <= d.box[1] < d.box[3] <= h
    canvas = cv2.imread(str(load_folder(tmp_path / "out" / "canvas")[0].image))
    assert canvas.shape[:2] == (3000, 4000)
    far = load_folder(tmp_path / "out" / "far")
    widths = [max(d.box[2] - d.box[0], d.box[3] - d.box[1]) for it in far for d in it.dice]
    assert 9 <= float(np.median(widths)) <= 15
    up3 = load_folder(tmp_path / "out" / "up3")
    src_w = float(np.median([max(d.box[2] - d.box[0], d.box[3] - d.box[1]) for it in load_folder(src)
                             for d in it.dice]))
    up_w = float(np.median([max(d.box[2] - d.box[0], d.box[3] - d.box[1]) for it in up3 for d in it.dice]))
    assert 2.0 * src_w <= up_w <= 4.0 * src_w  # the dice in view, 3x up (not the same dice)


def test_scale_sets_refuses_an_unknown_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write_labelled(tmp_path / "src", 1, "pipwhite", seed=5)
    assert _scale_sets().main([str(src), str(tmp_path / "out"), "--sets", "up3,up9"]) == 2
    assert "unknown set 'up9'" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(not (DATA / "pipdice-wood").is_dir(), reason="the real desk photos are not here")
def test_held_back_desk_photos_three_times_up_are_read_near_their_own_size(tmp_path: Path) -> None:
    # The held-back webcam desk photos (every 4th), a third around the dice 3x up: dice
    # about 130 px wide, one pip on many (70 photos, 103 dice). Before the big-dice look
    # 0.845 of them were read right with 0.13 false dice a photo (the 640 px reading's
    # sure "dice" were pips); now 0.922 and 0.04 (0.992 at their own size).
    from vision.evaluate import evaluate
    from vision.labelled import split_holdout

    held = split_holdout(load_folder(DATA / "pipdice-wood"))[1]
    _scale_sets().make_sets(held, tmp_path, ("up3",))
    report = evaluate(load_folder(tmp_path / "up3"), load_profile("pips"))
    assert report.accuracy >= 0.9
    assert report.extra / report.images <= 0.1
