"""Training examples cut from labelled photos, for the die network and for ``teach``.

Every example is a crop cut on the fly with the same ``vision.net.cut`` the reader uses,
at a random angle, mirror, light, colour, blur and noise:

- a die nearly centred, at about the size the reader's second look uses: its face;
- a die off-centre or at the wrong size, like the reader's first look at a candidate: "a
  die" (face not trained) plus where its centre and size really are;
- bare tray, tray edges, shadows, a die's side faces and surroundings, candidates of the
  search that are no die, and places where a network took a die likely but none is (mined
  hard examples): "not a die".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.detect import DetectParams, find_candidates
from vision.labelled import LabelledImage
from vision.net import CROP, CROP_MARGIN, cut, cut_many
from vision.profile import Face, Profile
from vision.reader import FIRST_LOOK, box_in_work, prepare

# "Not a die" examples are centred at least this many die half-sizes from every labelled
# die. A die's side faces, seen by a webcam at an angle, lie 1.2-1.6 half-sizes from its
# top face's centre; touching dice are 2 apart, and a crop within 1 of a die is "a die".
AWAY = 1.25
HARD_FACE_WEIGHT = 3.0  # a die whose face a network gets wholly wrong is drawn this much more


@dataclass
class Shot:
    """One labelled photo in the reader's working pixels."""

    work: NDArray[np.uint8]
    dice: NDArray[np.float64]  # (n, 4): class id (1..), centre x, centre y, half-size
    cands: NDArray[np.float64]  # (m, 3): the search's candidates x, y, radius
    die_half: float  # typical half-size of a die in this photo
    # (k, 3): x, y, crop half-size of second looks a network took at no die (:func:`mine_hard`)
    hard: NDArray[np.float64] = field(default_factory=lambda: np.zeros((0, 3)))
    # (n,): how often each die is drawn, relative (:func:`mine_hard`: more for dice a network misreads)
    die_weight: NDArray[np.float64] | None = None


def load_shots(items: Sequence[LabelledImage], faces: Sequence[Face], params: DetectParams) -> list[Shot]:
    """Decode each labelled photo once."""
    shots = []
    for it in items:
        img = it.load()
        sx, sy = img.scale_x, img.scale_y
        boxes = [(d.face, (d.box[0] / sx, d.box[1] / sy, d.box[2] / sx, d.box[3] / sy)) for d in it.dice]
        shots.append(shot_from_frame(img.pixels, boxes, faces, params))
    return shots


def shot_from_frame(
    frame: NDArray[np.uint8], dice: Sequence[tuple[Face, Sequence[float]]], faces: Sequence[Face],
    params: DetectParams,
) -> Shot:
    """One photo and its labels (face, box in the photo's pixels), in the reader's working pixels."""
    work, to_frame, _ = prepare(frame)
    to_work = np.linalg.inv(to_frame)
    rows = []
    for face, box in dice:
        if face not in faces:
            continue
        a0, b0, a1, b1 = box_in_work(box, to_work)
        rows.append((faces.index(face) + 1, (a0 + a1) / 2, (b0 + b1) / 2, (a1 - a0 + b1 - b0) / 4))
    cands = [(c.x, c.y, c.radius) for c in find_candidates(work, params)]
    arr = np.array(rows, np.float64).reshape(-1, 4)
    half = float(np.median(arr[:, 3])) if len(arr) else 20.0
    return Shot(work, arr, np.array(cands, np.float64).reshape(-1, 3), half)


def mine_hard(shot: Shot, profile: Profile, weigh: bool = True) -> None:
    """Keep in ``shot.hard`` every place where ``profile``'s network takes a second look (it
    thought a die likely) more than :data:`AWAY` die half-sizes from every labelled die: clutter that
    looks like a die to it, the "not a die" examples worth most."""
    from vision.reader import SECOND_LOOK, _looks

    assert profile.net is not None
    if not len(shot.cands):
        return
    xs, ys = shot.cands[:, 0], shot.cands[:, 1]
    first, x1, y1, h1 = _looks(shot.work, profile.net, xs, ys, shot.cands[:, 2] * FIRST_LOOK)
    again = first.base_die >= SECOND_LOOK
    pts = np.column_stack([x1, y1, h1])[again]
    if len(shot.dice) and len(pts):
        d = np.hypot(shot.dice[None, :, 1] - pts[:, None, 0], shot.dice[None, :, 2] - pts[:, None, 1])
        pts = pts[(d / shot.dice[None, :, 3]).min(axis=1) > AWAY]
    shot.hard = pts
    if weigh and len(shot.dice):
        # Dice the network reads badly (the right face unlikely on a centred crop) are
        # drawn more often: dark marbled dice, merged pips. Weight 1 + 3 * (1 - p(right)).
        d = shot.dice
        crops = cut_many(shot.work, d[:, 1], d[:, 2], CROP_MARGIN * d[:, 3])
        probs = profile.net.run(crops).probs
        faces = probs[:, 1:] / np.maximum(probs[:, 1:].sum(axis=1, keepdims=True), 1e-6)
        right = faces[np.arange(len(d)), d[:, 0].astype(int) - 1]
        shot.die_weight = 1.0 + HARD_FACE_WEIGHT * (1.0 - right.astype(np.float64))


def _colour(crop: NDArray[np.uint8], rng: np.random.Generator, swap: float = 0.5) -> NDArray[np.uint8]:
    x = crop.astype(np.float32)
    if rng.random() < swap:
        x = x[:, :, rng.permutation(3)]
    x = x * rng.uniform(0.8, 1.2, 3) * rng.uniform(0.6, 1.4) + rng.uniform(-40, 40)
    if rng.random() < 0.3:
        g = float(rng.uniform(0.7, 1.4))
        x = 255.0 * (np.clip(x, 0, 255) / 255.0) ** g
    if rng.random() < 0.25:
        x = cv2.GaussianBlur(x, (0, 0), float(rng.uniform(0.4, 1.1)))
    if rng.random() < 0.3:
        x = x + rng.normal(0, rng.uniform(2, 8), x.shape)
    return np.clip(x, 0, 255).astype(np.uint8)


def sample(
    shots: Sequence[Shot], n: int, rng: np.random.Generator, mirror: bool, face_scale: float = 0.08,
    swap: float = 0.5,
) -> tuple[NDArray[np.uint8], NDArray[np.int64], NDArray[np.float32], NDArray[np.float32]]:
    """``n`` crops with kind (-1: not a die, 0: a die off-centre, 1..: a centred face),
    regression targets (dx, dy, log size) and their weights. A centred face's crop is
    ``exp(N(0, face_scale))`` times the centred size; ``swap`` of all crops have their
    colour channels swapped (teach with a colour mix: none)."""
    crops = np.zeros((n, CROP, CROP, 3), np.uint8)
    kind = np.zeros(n, np.int64)
    reg = np.zeros((n, 3), np.float32)
    regw = np.zeros(n, np.float32)
    with_dice = [s for s in shots if len(s.dice)]
    die_index = [(i, j) for i, s in enumerate(with_dice) for j in range(len(s.dice))]
    weights = np.concatenate([s.die_weight if s.die_weight is not None else np.ones(len(s.dice))
                              for s in with_dice]) if with_dice else np.zeros(0)
    die_cdf = np.cumsum(weights) / max(float(weights.sum()), 1e-9)
    hard = [s for s in shots if len(s.hard)]
    hard_index = [(i, j) for i, s in enumerate(hard) for j in range(len(s.hard))]
    k = 0
    while k < n:
        u = rng.random()
        angle = float(rng.uniform(0, 2 * np.pi))
        if u < 0.65:  # a die, centred or not
            si, dj = die_index[min(int(np.searchsorted(die_cdf, rng.random(), side="right")),
                                   len(die_index) - 1)]
            shot = with_dice[si]
            cls, tx, ty, half_die = shot.dice[dj]
            if u < 0.4:
                r = rng.uniform(0, 0.22) * half_die
                scale = float(np.exp(rng.normal(0, face_scale)))
                label = int(cls)
            else:
                near = [c for c in shot.cands if abs(c[0] - tx) < half_die and abs(c[1] - ty) < half_die]
                if near and rng.random() < 0.5:  # as the search found it
                    cx, cy, cr = near[rng.integers(len(near))]
                    r = float(np.hypot(cx - tx, cy - ty))
                    scale = FIRST_LOOK * float(cr) / (CROP_MARGIN * half_die)
                else:
                    r = rng.uniform(0.15, 0.95) * half_die
                    scale = float(np.exp(rng.uniform(-0.7, 0.35)))
                label = 0
            t = rng.uniform(0, 2 * np.pi)
            x, y = tx + r * np.cos(t), ty + r * np.sin(t)
            half = CROP_MARGIN * half_die * scale
            c, s = np.cos(angle), np.sin(angle)
            dx, dy = (tx - x) / half, (ty - y) / half
            a = np.array([c * dx + s * dy, -s * dx + c * dy])  # R(angle)^T @ d
            target = (float(a[0]), float(a[1]), float(np.log(1.0 / scale)))
            w = 1.0
        elif u < 0.73 and hard_index:  # not a die: where a network thought one likely
            si, hj = hard_index[rng.integers(len(hard_index))]
            shot = hard[si]
            hx, hy, hh = shot.hard[hj]
            x, y = hx + rng.normal(0, 0.1 * hh), hy + rng.normal(0, 0.1 * hh)
            half = hh * float(np.exp(rng.normal(0, 0.15)))
            label, target, w = -1, (0.0, 0.0, 0.0), 0.0
        else:  # not a die
            shot = shots[rng.integers(len(shots))]
            h, wd = shot.work.shape[:2]
            for _ in range(20):
                if u < 0.80 and len(shot.cands):
                    x, y, _r = shot.cands[rng.integers(len(shot.cands))]
                    x, y = x + rng.normal(0, 2), y + rng.normal(0, 2)
                elif u < 0.87 and len(shot.dice):  # just beside a die: its side faces, its shadow
                    _c, dx, dy, dh = shot.dice[rng.integers(len(shot.dice))]
                    t, dist = rng.uniform(0, 2 * np.pi), rng.uniform(AWAY, 1.8) * dh
                    x, y = dx + dist * np.cos(t), dy + dist * np.sin(t)
                else:
                    x, y = rng.uniform(0, wd), rng.uniform(0, h)
                if not len(shot.dice):
                    break
                d = np.hypot(shot.dice[:, 1] - x, shot.dice[:, 2] - y) / shot.dice[:, 3]
                if d.min() > AWAY:
                    break
            else:
                continue
            half = CROP_MARGIN * shot.die_half * float(np.exp(rng.uniform(-0.7, 0.35)))
            label, target, w = -1, (0.0, 0.0, 0.0), 0.0
        crop = cut(shot.work, float(x), float(y), float(half), angle)
        if mirror and rng.random() < 0.5:
            crop = crop[:, ::-1]
            target = (-target[0], target[1], target[2])
        crops[k] = _colour(crop, rng, swap)
        kind[k], reg[k], regw[k] = label, target, w
        k += 1
    return crops, kind, reg, regw
