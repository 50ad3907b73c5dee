"""Training examples for the die network (vision/examples.py): what each kind of crop means."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.detect import DetectParams
from vision.examples import sample, shot_from_frame
from vision.net import CROP
from vision.profile import M44_FACES, load_profile
from vision.render import render_scene


def _shot(seed: int = 4):  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(seed)
    img, labels = render_scene(rng, "classic", dice=3, touching=0.0)
    return shot_from_frame(img, labels, M44_FACES, DetectParams()), labels


def test_shot_keeps_the_labelled_dice_in_working_pixels() -> None:
    shot, labels = _shot()
    assert len(shot.dice) == len(labels) == 3
    for (face, (x0, y0, x1, y1)), (cls, cx, cy, half) in zip(labels, shot.dice, strict=True):
        assert M44_FACES[int(cls) - 1] == face
        assert (cx, cy) == ((x0 + x1) / 2, (y0 + y1) / 2)
        assert half == (x1 - x0 + y1 - y0) / 4
    assert len(shot.cands) >= 3  # the search's candidates, for hard examples


def test_sample_kinds_and_targets() -> None:
    shot, _ = _shot()
    rng = np.random.default_rng(0)
    crops, kind, reg, regw = sample([shot], 600, rng, mirror=False)
    assert crops.shape == (600, CROP, CROP, 3) and crops.dtype == np.uint8
    # All three kinds occur: faces (1..5), a die off-centre (0), not a die (-1).
    assert {-1, 0} <= set(np.unique(kind).tolist()) and 1 <= kind.max() <= len(M44_FACES)
    assert ((kind == -1) == (regw == 0)).all()  # where a die is, is learnt only where one is
    centred = kind > 0
    assert np.abs(reg[centred, :2]).max() < 0.25  # a face is taught on a centred die
    assert np.abs(reg[centred, 2]).max() < 0.5
    off = kind == 0
    assert np.hypot(reg[off, 0], reg[off, 1]).max() <= 1.0 / np.exp(-0.7) + 1e-6


def test_the_built_in_recipes_are_arguments_train_net_takes() -> None:
    # PyTorch is not installed for the tests: the recipes are checked up to the training.
    from vision.build_profiles import RECIPES, _placed
    from vision.render import STYLES
    from vision.train_net import parser

    for name, stages in RECIPES.items():
        for k, stage in enumerate(stages):
            a = parser().parse_args([*stage, "--out", f"{name}.npz"])
            assert a.base == name and 1 <= a.views <= 4 and a.epochs > 0
            assert all(spec.split(":")[0] in STYLES for spec in a.rendered)
            assert a.minutes is None or a.minutes <= 40  # each run bounded: the machine is shared
            if a.mine == "{prev}" or a.init_state is not None or a.init_profile == "{prev}":
                assert k > 0  # only a later stage builds on an earlier one
            for arg in stage:  # {stageN}: an earlier stage's profile
                if arg.startswith("{stage"):
                    assert 1 <= int(arg[6:-1]) <= k
            # held-back photos never trained on (an averaging stage trains nothing)
            assert name != "pips" or "--holdout" in stage or a.average
    tmp = Path("/build")
    assert _placed("{stage3}", "p.npz", tmp) == str(tmp / "stage3.npz")
    want = f"a{tmp / 'stage12.npz'}bp.npz{tmp / 'state.pt'}"
    assert _placed("a{stage12}b{prev}{state}", "p.npz", tmp) == want


def test_mined_hard_places_are_away_from_every_die_and_sampled_as_not_a_die() -> None:
    from vision.examples import AWAY, mine_hard
    from vision.profile import PIP_FACES, load_profile

    prof = load_profile("pips")
    rng = np.random.default_rng(21)
    shots = []
    for _ in range(3):
        img, labels = render_scene(rng, "pipwhite", dice=4, faces=PIP_FACES, clutter=8)
        shot = shot_from_frame(img, labels, PIP_FACES, prof.detect)
        mine_hard(shot, prof)
        for x, y, _h in shot.hard:
            d = np.hypot(shot.dice[:, 1] - x, shot.dice[:, 2] - y) / shot.dice[:, 3]
            assert d.min() > AWAY
        shots.append(shot)
    assert sum(len(s.hard) for s in shots) > 0  # clutter the network looks at twice
    _crops, kind, _, _ = sample(shots, 2000, np.random.default_rng(0), mirror=True)
    assert 0.3 < (kind < 0).mean() < 0.4  # a third of the examples are not a die, hard ones among them


def test_training_goes_on_from_a_shipped_network_computing_exactly_what_it_computes() -> None:
    # The shipped file holds ONNX with the batch norms folded into the convolutions;
    # train_net --init-profile unfolds them. Needs the training extra: skipped without it.
    torch = pytest.importorskip("torch")
    pytest.importorskip("onnx")
    from vision.net import CROP, DieNet
    from vision.profile import faces_of, load_profile
    from vision.train_net import export, load_onnx_weights, make_model

    shipped = load_profile("pips")
    assert shipped.net is not None
    model = make_model(len(faces_of("pips")) + 1)
    rng = np.random.default_rng(3)
    load_onnx_weights(model, shipped.net.onnx.tobytes(),
                      torch.from_numpy(rng.standard_normal((256, 3, CROP, CROP)).astype(np.float32)))
    again = DieNet(export(model), shipped.net.classes)
    x = rng.standard_normal((256, 3, CROP, CROP)).astype(np.float32)
    want = shipped.net.forward(x)
    for a, b in zip(want, again.forward(x), strict=True):
        assert np.abs(a - b).max() < 1e-4
    model.train()  # batch statistics of the same kind of crops: close to the same answers
    with torch.no_grad():
        y, _ = model(torch.from_numpy(x))
    assert float((y.numpy() - want[0]).std()) < 0.1 * float(want[0].std())


def test_teach_views_faces_at_the_spread_of_the_readers_crops(monkeypatch: pytest.MonkeyPatch) -> None:
    # A centred face's crop size varies as face_scale says (the log of the size target is
    # its spread); teach asks for the reader's spread (TEACH_FACE_SCALE), not the 0.08 the
    # base networks learnt at.
    from vision import teach

    shot, _ = _shot()
    spreads = []
    for scale in (0.08, 0.16):
        _c, kind, reg, _w = sample([shot], 3000, np.random.default_rng(1), mirror=False, face_scale=scale)
        spreads.append(float(reg[kind > 0, 2].std()))
    assert spreads[0] == pytest.approx(0.08, rel=0.15) and spreads[1] == pytest.approx(0.16, rel=0.15)
    asked: list[float] = []

    def spy(*args: object, **kw: float) -> object:
        asked.append(kw["face_scale"])
        raise RuntimeError("enough")

    monkeypatch.setattr(teach, "sample", spy)
    monkeypatch.setattr(teach, "MINE", False)
    with pytest.raises(RuntimeError, match="enough"):
        teach.fit_tuned([shot], load_profile("m44"))
    assert asked == [teach.TEACH_FACE_SCALE] and teach.TEACH_FACE_SCALE > 0.08


def test_going_on_from_a_profile_can_keep_its_face_network(tmp_path: Path) -> None:
    # build_profiles' last pips stage retrains the die network only: --keep-face-net carries
    # the face network of --init-profile over unchanged; without it none is carried.
    pytest.importorskip("torch")
    pytest.importorskip("onnx")
    from vision import train_net

    shipped = load_profile("pips")
    assert shipped.face_net is not None
    common = ["--base", "pips", "--rendered", "pipwhite:2:5", "--epochs", "1", "--per-epoch", "512",
              "--threads", "1", "--init-profile", "pips", "--lr", "1e-5"]
    assert train_net.main([*common, "--keep-face-net", "--out", str(tmp_path / "kept.npz")]) == 0
    assert train_net.main([*common, "--out", str(tmp_path / "plain.npz")]) == 0
    kept, plain = load_profile(str(tmp_path / "kept.npz")), load_profile(str(tmp_path / "plain.npz"))
    assert plain.face_net is None
    assert kept.face_net is not None and kept.face_net.below == shipped.face_net.below
    assert kept.face_net.net.onnx.tobytes() == shipped.face_net.net.onnx.tobytes()
    assert "face network kept" in kept.notes["built_from"]
    assert kept.notes["face_net_from"] == shipped.notes["face_net_from"]
    assert train_net.main(["--base", "pips", "--rendered", "pipwhite:1:5", "--keep-face-net",
                           "--out", str(tmp_path / "no.npz")]) == 2


def test_averaging_die_networks_takes_the_mean_of_every_weight(tmp_path: Path) -> None:
    # build_profiles' pips recipe averages runs trained on from one network ("model soup").
    onnx = pytest.importorskip("onnx")
    from onnx import numpy_helper

    from vision import train_net

    shipped = load_profile("pips")
    assert shipped.net is not None
    model = onnx.load_from_string(shipped.net.onnx.tobytes())
    moved = {}
    for init in model.graph.initializer:
        w = numpy_helper.to_array(init)
        if w.dtype.kind == "f":
            moved[init.name] = w
            init.CopyFrom(numpy_helper.from_array((w + 0.02).astype(w.dtype), init.name))
    other = model.SerializeToString()
    mean = onnx.load_from_string(train_net.average_onnx([shipped.net.onnx.tobytes(), other]))
    for init in mean.graph.initializer:
        if init.name in moved:
            assert np.allclose(numpy_helper.to_array(init), moved[init.name] + 0.01, atol=1e-6)
    same = train_net.average_onnx([shipped.net.onnx.tobytes()] * 3)
    x = np.random.default_rng(4).standard_normal((16, 3, CROP, CROP)).astype(np.float32)
    from vision.net import DieNet

    for a, b in zip(shipped.net.forward(x), DieNet(same, shipped.net.classes).forward(x), strict=True):
        assert np.abs(a - b).max() < 1e-5
    m44 = load_profile("m44")
    assert m44.net is not None
    with pytest.raises(ValueError, match="not one architecture"):
        train_net.average_onnx([shipped.net.onnx.tobytes(), m44.net.onnx.tobytes()])
    # the command line: the first profile kept, its die network the mean
    out = tmp_path / "mean.npz"
    assert train_net.main(["--base", "pips", "--out", str(out), "--average", "pips", "pips"]) == 0
    saved = load_profile(str(out))
    assert saved.face_net is not None and "averaged" in saved.notes["built_from"]
    assert train_net.main(["--base", "m44", "--out", str(out), "--average", "pips"]) == 2
