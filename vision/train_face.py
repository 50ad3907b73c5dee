"""Training the face network (:mod:`vision.facenet`) of a profile. A development tool.

Needs PyTorch and onnx, which the app does not (``pip install -e '.[train]'``)::

    python -m vision.train_face --profile pips --out pips.npz DIR [DIR ...] [--holdout]

The examples are the labelled dice of the photos (and of any rendered ones), cut on the fly
with the reader's own ``vision.net.cut`` at FACE_CROP px, centred as the reader's last look
centres them (off by up to 0.22 die half-sizes, the crop exp(N(0, 0.12)) times the centred
size), at any angle, mirrored (pip dice), with the same light, colour, blur and noise as the
die network's examples (:mod:`vision.examples`). Dice the profile's die network reads badly
(the right face unlikely on a centred crop) are drawn more often, 1 + 3 (1 - p) times.

The output is the given profile with the face network added (its die network unchanged);
``--holdout`` leaves every 4th photo by sorted name out, as ``vision.labelled.split_holdout``.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from vision.detect import DetectParams
from vision.examples import Shot, _colour, load_shots, mine_hard, shot_from_frame
from vision.facenet import FACE_BELOW, FACE_CROP
from vision.labelled import LabelledImage, load_folder, split_holdout
from vision.net import CROP_MARGIN, cut
from vision.render import render_scene

FACE_SCALE = 0.12  # a training view's crop is exp(N(0, FACE_SCALE)) times the centred size
FACE_SHIFT = 0.22  # and its centre up to this many die half-sizes off


def make_face_model(faces: int, crop: int = FACE_CROP, embed: int = 128) -> Any:
    import torch
    from torch import nn

    def block(i: int, o: int) -> list[nn.Module]:
        return [nn.Conv2d(i, o, 3, padding=1, bias=False), nn.BatchNorm2d(o), nn.ReLU(), nn.MaxPool2d(2)]

    class FaceModel(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.body = nn.Sequential(*block(3, 16), *block(16, 32), *block(32, 64), *block(64, 64),
                                      nn.Flatten(), nn.Linear(64 * (crop // 16) ** 2, embed), nn.ReLU(),
                                      nn.Dropout(0.2))
            self.cls = nn.Linear(embed, faces)

        def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            e = self.body(x)
            return self.cls(e), e

    return FaceModel()


def sample_faces(shots: Sequence[Shot], n: int, rng: np.random.Generator, mirror: bool,
                 crop: int = FACE_CROP) -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """``n`` centred views of labelled dice and their face (0-based)."""
    with_dice = [s for s in shots if len(s.dice)]
    index = [(i, j) for i, s in enumerate(with_dice) for j in range(len(s.dice))]
    weights = np.concatenate([s.die_weight if s.die_weight is not None else np.ones(len(s.dice))
                              for s in with_dice])
    picks = rng.choice(len(index), size=n, p=weights / weights.sum())
    crops = np.zeros((n, crop, crop, 3), np.uint8)
    label = np.zeros(n, np.int64)
    for k, p in enumerate(picks):
        si, dj = index[p]
        shot = with_dice[si]
        cls, tx, ty, half_die = shot.dice[dj]
        r, t = rng.uniform(0, FACE_SHIFT) * half_die, rng.uniform(0, 2 * np.pi)
        half = CROP_MARGIN * half_die * float(np.exp(rng.normal(0, FACE_SCALE)))
        view = cut(shot.work, float(tx + r * np.cos(t)), float(ty + r * np.sin(t)), float(half),
                   float(rng.uniform(0, 2 * np.pi)), crop)
        if mirror and rng.random() < 0.5:
            view = view[:, ::-1]
        crops[k] = _colour(view, rng)
        label[k] = int(cls) - 1
    return crops, label


def train_faces(shots: Sequence[Shot], faces: int, mirror: bool, minutes: float, per_epoch: int = 20480,
                epochs: int = 200, seed: int = 0, lr: float = 3e-3, log: Any = print,
                crop: int = FACE_CROP, init_state: Path | None = None,
                save_state: Path | None = None) -> bytes:
    """Train a face network for ``minutes`` (learning rate by the clock: a warm-up over the
    first 15 %, then a cosine to zero) and return it as ONNX bytes. ``init_state`` goes on
    from the PyTorch weights an earlier run saved to ``save_state``."""
    import torch
    import torch.nn.functional as F

    from vision.net import normalise

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    model = make_face_model(faces, crop)
    if init_state is not None:
        model.load_state_dict(torch.load(init_state, weights_only=True))
        log(f"starting from {init_state}")
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    start = time.time()
    for ep in range(epochs):
        t0 = time.time()
        crops, label = sample_faces(shots, per_epoch, rng, mirror, crop)
        x_all, y_all = torch.from_numpy(normalise(crops)), torch.from_numpy(label)
        order = torch.randperm(per_epoch)
        model.train()
        tot, right, seen, done = 0.0, 0, 0, False
        for b in range(per_epoch // 256):
            frac = (time.time() - start) / (60.0 * minutes)
            if frac >= 1.0:
                done = True
                break
            rate = lr * ((0.04 + 0.96 * frac / 0.15) if frac < 0.15
                         else 0.5 * (1 + np.cos(np.pi * (frac - 0.15) / 0.85)))
            for g in opt.param_groups:
                g["lr"] = rate
            idx = order[b * 256:(b + 1) * 256]
            logits, _ = model(x_all[idx])
            loss = F.cross_entropy(logits, y_all[idx], label_smoothing=0.05)
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot += float(loss.detach()) * len(idx)
            right += int((logits.argmax(1) == y_all[idx]).sum())
            seen += len(idx)
        if seen:
            log(f"epoch {ep + 1}: loss {tot / seen:.4f}, right {right / seen:.3f} ({time.time() - t0:.0f} s)")
        if done:
            break
    model.eval()
    if save_state is not None:
        torch.save(model.state_dict(), save_state)
    buf = io.BytesIO()
    torch.onnx.export(model, torch.zeros(1, 3, crop, crop), buf, input_names=["x"],
                      output_names=["y", "e"], dynamo=False,
                      dynamic_axes={"x": {0: "n"}, "y": {0: "n"}, "e": {0: "n"}})
    return buf.getvalue()


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m vision.train_face", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--profile", required=True, help="the profile to add the face network to (name or file)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--holdout", action="store_true", help="leave every 4th photo out")
    ap.add_argument("--minutes", type=float, default=20.0)
    ap.add_argument("--per-epoch", type=int, default=20480)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--below", type=float, default=FACE_BELOW,
                    help="the reader asks the face network about dice read under this confidence")
    ap.add_argument("--rendered", action="append", default=[], metavar="STYLE:COUNT:SEED")
    ap.add_argument("--clutter", type=int, default=0, metavar="N")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--init-state", type=Path, help="start from the PyTorch weights of an earlier run")
    ap.add_argument("--save-state", type=Path, help="also save the PyTorch weights, to go on later")
    ap.add_argument("--crop", type=int, default=FACE_CROP, choices=(32, 48, 64),
                    help=f"crop size in px (default {FACE_CROP})")
    ap.add_argument("folders", nargs="*", type=Path)
    return ap


def main(argv: list[str] | None = None) -> int:
    from vision.facenet import FaceNet
    from vision.net import DieNet
    from vision.profile import ProfileError, load_profile
    from vision.train_net import rendered_spec_problem

    a = parser().parse_args(argv)
    problem = rendered_spec_problem(a.rendered)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    try:
        prof = load_profile(a.profile)
    except ProfileError as exc:
        print(exc, file=sys.stderr)
        return 2
    if prof.net is None or prof.net.head is not None:
        print(f"--profile {a.profile}: a face network is added to a built-in kind of die network "
              "profile (not a taught one)", file=sys.stderr)
        return 2
    import torch

    torch.set_num_threads(a.threads)
    faces = prof.faces
    items: list[LabelledImage] = []
    for f in a.folders:
        got = load_folder(f)
        items += split_holdout(got)[0] if a.holdout else got
    params = DetectParams(separation=1.0, cluster_seeds=2.0)
    t0 = time.time()
    shots = load_shots(items, faces, params)
    for spec in a.rendered:
        style, count, seed = spec.split(":")
        rng = np.random.default_rng(int(seed))
        for _ in range(int(count)):
            img, labels = render_scene(rng, style, faces=faces,
                                       clutter=int(rng.integers(0, a.clutter + 1)))
            shots.append(shot_from_frame(img, labels, faces, params))
    for s in shots:
        mine_hard(s, prof)  # only its die weights are used here
    print(f"{len(shots)} photos, {sum(len(s.dice) for s in shots)} dice ({time.time() - t0:.0f} s)",
          file=sys.stderr)
    mirror = prof.base == "pips"
    onnx = train_faces(shots, len(faces), mirror, a.minutes, a.per_epoch, seed=a.seed, lr=a.lr,
                       log=lambda m: print(m, file=sys.stderr), crop=a.crop,
                       init_state=a.init_state, save_state=a.save_state)
    # Read upright and a quarter turn round, not mirrored too: on the held-back tray photos
    # the mirrored views read the same dice at twice the cost.
    prof.face_net = FaceNet(DieNet(onnx, len(faces)), len(faces), a.below, a.crop, mirror=False)
    source = ", ".join([f"{len(items)} labelled photos of {', '.join(f.name for f in a.folders)}"]
                       * bool(a.folders) + [f"rendered {r}" for r in a.rendered]
                       + [f"clutter {a.clutter}"] * bool(a.clutter))
    if a.holdout:
        source += " (every 4th photo held out)"
    prof.notes = {**prof.notes,
                  "face_net_from": f"{source}; {a.crop} px crops, {a.minutes:g} minutes, seed {a.seed}"}
    prof.save(a.out)
    print(f"saved {a.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
