"""Building a profile's classifier from labelled images (used by teach and build_profiles)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.detect import DetectParams, find_candidates
from vision.features import cut_patch, describe, die_angle
from vision.labelled import LabelledImage
from vision.mlp import Ensemble, train
from vision.profile import Face
from vision.reader import BOX_SCALE, box_in_work, prepare

Progress = Callable[[int, int], None]


def samples_from_image(
    frame: NDArray[np.uint8],
    dice: Sequence[tuple[Face, tuple[int, int, int, int]]],
    faces: Sequence[Face],
    params: DetectParams,
    copies: int,
    rng: np.random.Generator,
    use_tray_markers: bool = True,
    mirror: bool = False,
) -> tuple[list[NDArray[np.float32]], list[int]]:
    """Feature rows and class ids (0 = not a die) for every candidate and every labelled die."""
    work, to_frame, _ = prepare(frame, use_tray_markers)
    to_work = np.linalg.inv(to_frame)
    labelled: list[tuple[int, float, float, float, float, float]] = []
    for face, box in dice:
        if face not in faces:
            continue
        a0, b0, a1, b1 = box_in_work(box, to_work)
        labelled.append((faces.index(face) + 1, a0, b0, a1, b1, 0.5 * max(a1 - a0, b1 - b0)))
        spots: list[tuple[float, float, float, int]] = []
    matched: set[int] = set()
    for c in find_candidates(work, params):
        cls = 0
        for j, (k, a0, b0, a1, b1, _) in enumerate(labelled):
            if a0 <= c.x <= a1 and b0 <= c.y <= b1:
                cls = k
                matched.add(j)
                break
        spots.append((c.x, c.y, c.radius, cls))
    for j, (k, a0, b0, a1, b1, half) in enumerate(labelled):
        if j not in matched:  # dice the search missed still teach what a face looks like
            spots.append(((a0 + a1) / 2, (b0 + b1) / 2, half / BOX_SCALE, k))
    # "Not a die" examples: views half off a die (between touching dice) and bare tray.
    h, w = work.shape[:2]

    def in_a_die(x: float, y: float) -> bool:
        return any(a0 <= x <= a1 and b0 <= y <= b1 for _, a0, b0, a1, b1, _ in labelled)

    for _, a0, b0, a1, b1, half in labelled:
        ang = rng.uniform(0, 2 * np.pi)
        x = (a0 + a1) / 2 + np.cos(ang) * half * 1.1
        y = (b0 + b1) / 2 + np.sin(ang) * half * 1.1
        if 0 <= x < w and 0 <= y < h and not in_a_die(x, y):
            spots.append((x, y, half / BOX_SCALE, 0))
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        if not in_a_die(x, y):
            spots.append((x, y, half / BOX_SCALE, 0))
    rows: list[NDArray[np.float32]] = []
    ids: list[int] = []
    for x, y, r, cls in spots:
        n = copies if cls else max(1, copies // 3)
        aligned = die_angle(work, x, y, r * params.crop_scale)
        for _ in range(n):
            jitter = rng.uniform(-0.12, 0.12, 2) * r
            half = r * params.crop_scale * rng.uniform(0.88, 1.12)
            turn = aligned + 90.0 * rng.integers(0, 4) + rng.normal(0, 4.0)
            patch = cut_patch(work, x + jitter[0], y + jitter[1], half, turn)
            patch = _photometric(patch, rng)
            if mirror and rng.random() < 0.5:  # a pip face's mirror image is the same face
                patch = np.ascontiguousarray(patch[:, ::-1])
            rows.append(describe(patch, params.face_fraction))
            ids.append(cls)
    return rows, ids


def _photometric(patch: NDArray[np.uint8], rng: np.random.Generator) -> NDArray[np.uint8]:
    """Another light, focus and sensor: blur, contrast, brightness and noise, each at random."""
    out = patch.astype(np.float32)
    if rng.random() < 0.5:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.4, 1.5))
    out = (out - 128.0) * rng.uniform(0.7, 1.2) + 128.0 + rng.uniform(-25, 25)
    if rng.random() < 0.5:
        out += rng.normal(0.0, rng.uniform(1.0, 6.0), out.shape).astype(np.float32)
    return np.clip(out, 0, 255).astype(np.uint8)


def build_classifier(
    items: Sequence[tuple[NDArray[np.uint8], Sequence[tuple[Face, tuple[int, int, int, int]]]]],
    faces: Sequence[Face],
    params: DetectParams,
    copies: int = 8,
    seed: int = 0,
    hidden: int = 64,
    epochs: int = 40,
    progress: Progress | None = None,
    members: int = 3,
) -> Ensemble:
    """Train ``members`` MLPs (different seeds) on every candidate and labelled die."""
    rng = np.random.default_rng(seed)
    rows: list[NDArray[np.float32]] = []
    ids: list[int] = []
    for i, (frame, dice) in enumerate(items):
        r, k = samples_from_image(frame, dice, faces, params, copies, rng,
                                  mirror=all(isinstance(f, int) for f in faces))
        rows += r
        ids += k
        if progress:
            progress(i + 1, len(items))
    x = np.stack(rows)
    y = np.array(ids, dtype=np.int64)
    return Ensemble([train(x, y, len(faces) + 1, hidden=hidden, epochs=epochs, seed=seed + k)
                     for k in range(members)])


Labels = list[tuple[Face, tuple[int, int, int, int]]]


def load_items(labelled: Sequence[LabelledImage]) -> list[tuple[NDArray[np.uint8], Labels]]:
    """Decode each labelled photo once, for training."""
    out: list[tuple[NDArray[np.uint8], Labels]] = []
    for it in labelled:
        img = it.load()
        sx, sy = img.scale_x, img.scale_y
        out.append((img.pixels, [(d.face, (round(d.box[0] / sx), round(d.box[1] / sy), round(d.box[2] / sx),
                                           round(d.box[3] / sy))) for d in it.dice]))
    return out
