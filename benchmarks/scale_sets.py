"""Make labelled folders of the same dice at other camera scales, to measure the reader there.

    python benchmarks/scale_sets.py SRC_DIR OUT_DIR [--sets up2,up3,up4,canvas,far] [--holdout]

From a labelled folder (contract format: image + same-stem JSON), each set is a folder
``OUT_DIR/<set>`` of new labelled photos (JPEG 95), then measured with
``python -m vision eval --profile pips OUT_DIR/<set>``:

- ``upK`` (K = 2, 3, 4): the 1/K of each photo around its dice's centre, scaled K times
  up (bicubic): a camera K times nearer, dice K times bigger (dice of 18-68 px at 640
  become 54-200 px at 3x). A die cut by the crop keeps its label (clipped) when 0.9 of
  its box or more is in view; a die with less in view is painted out of the photo first
  (``cv2.inpaint``): half a die cut by the frame's edge shows part of its face (half a 5
  is a 3), and such a die, unlabelled, counted as a false die when read (the first
  version of this set, which labelled only the dice wholly in view, had 0.73 false dice a
  photo on the held-back dev photos, 33 of its 35 such dice cut by the edge).
- ``canvas``: each photo 2x up in the middle of a 12 MP (4000x3000) frame of its own
  median colour (plus sensor noise): a phone photo of a wide table, dice about 12 px at
  the reader's 640 px working size.
- ``far``: each photo scaled so its median die is 12 px wide, in the middle of a 640x480
  frame (a webcam far above the table).

``--holdout`` takes only the photos training leaves out (every 4th by sorted name, as
``vision.labelled.split_holdout``). The same photos give the same sets (no randomness
but the canvas noise, seeded by the photo's index).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.labelled import LabelledImage, load_folder, split_holdout

SETS = ("up2", "up3", "up4", "canvas", "far")
KEEP_SHARE = 0.9  # a die cut by the crop keeps its label with this share of its box in view
CANVAS = (4000, 3000)
FAR = (640, 480)
FAR_DIE = 12.0  # px: the median die's width in a "far" frame

Box = tuple[float, float, float, float]
Labelled = list[tuple[object, Box]]


def _write(out: Path, stem: str, img: NDArray[np.uint8], dice: Labelled) -> None:
    out.mkdir(parents=True, exist_ok=True)
    name = stem + ".jpg"
    cv2.imwrite(str(out / name), img, [cv2.IMWRITE_JPEG_QUALITY, 95])
    h, w = img.shape[:2]
    rows = [{"face": f, "box": [round(v) for v in b]} for f, b in dice]
    (out / (stem + ".json")).write_text(json.dumps({"image": name, "width": w, "height": h, "dice": rows}))


def zoomed(img: NDArray[np.uint8], dice: Labelled, k: int) -> tuple[NDArray[np.uint8], Labelled]:
    """The 1/k of ``img`` around the dice's centre, k times up, and the dice in view."""
    h, w = img.shape[:2]
    boxes = np.array([b for _f, b in dice], float).reshape(-1, 4)
    cx, cy = boxes[:, [0, 2]].mean(), boxes[:, [1, 3]].mean()
    cw, ch = w // k, h // k
    x0 = int(np.clip(cx - cw / 2, 0, w - cw))
    y0 = int(np.clip(cy - ch / 2, 0, h - ch))
    kept: Labelled = []
    paint = np.zeros((h, w), np.uint8)
    for face, (bx0, by0, bx1, by1) in dice:
        ix0, iy0 = max(bx0, x0), max(by0, y0)
        ix1, iy1 = min(bx1, x0 + cw), min(by1, y0 + ch)
        area = max(1.0, (bx1 - bx0) * (by1 - by0))
        seen = max(0.0, ix1 - ix0) * max(0.0, iy1 - iy0) / area
        if seen >= KEEP_SHARE:
            kept.append((face, ((ix0 - x0) * k, (iy0 - y0) * k, (ix1 - x0) * k, (iy1 - y0) * k)))
        elif seen > 0:  # a sliver in view: painted out, not counted either way
            pad = 0.15 * max(bx1 - bx0, by1 - by0)
            cv2.rectangle(paint, (int(bx0 - pad), int(by0 - pad)), (int(bx1 + pad), int(by1 + pad)), 255, -1)
    src = cv2.inpaint(img, paint, 5, cv2.INPAINT_TELEA) if paint.any() else img
    crop = src[y0:y0 + ch, x0:x0 + cw]
    up = cv2.resize(crop, (cw * k, ch * k), interpolation=cv2.INTER_CUBIC)
    return up, kept


def placed(img: NDArray[np.uint8], dice: Labelled, scale: float, size: tuple[int, int],
           seed: int) -> tuple[NDArray[np.uint8], Labelled]:
    """``img`` scaled by ``scale`` in the middle of a ``size`` frame of its median colour."""
    w, h = size
    sw, sh = max(1, round(img.shape[1] * scale)), max(1, round(img.shape[0] * scale))
    inter = cv2.INTER_CUBIC if scale > 1 else cv2.INTER_AREA
    small = cv2.resize(img, (sw, sh), interpolation=inter)
    if sw > w or sh > h:
        raise ValueError(f"a {sw}x{sh} photo does not fit a {w}x{h} frame")
    colour = np.median(img.reshape(-1, img.shape[2]), axis=0)
    rng = np.random.default_rng(seed)
    canvas = np.clip(colour + rng.normal(0, 3, (h, w, img.shape[2])), 0, 255).astype(np.uint8)
    x0, y0 = (w - sw) // 2, (h - sh) // 2
    canvas[y0:y0 + sh, x0:x0 + sw] = small
    out: Labelled = [(f, (x0 + b[0] * scale, y0 + b[1] * scale, x0 + b[2] * scale, y0 + b[3] * scale))
                     for f, b in dice]
    return canvas, out


def make_sets(items: list[LabelledImage], out: Path, sets: tuple[str, ...]) -> dict[str, int]:
    """Write each set's photos under ``out``; how many photos each set got."""
    counts = dict.fromkeys(sets, 0)
    for i, it in enumerate(items):
        img = it.load().pixels
        if img.ndim == 2:
            img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
        dice: Labelled = [(d.face, tuple(float(v) for v in d.box)) for d in it.dice]  # type: ignore[misc]
        if not dice:
            continue
        widths = [max(b[2] - b[0], b[3] - b[1]) for _f, b in dice]
        for name in sets:
            if name.startswith("up"):
                made, kept = zoomed(img, dice, int(name[2:]))
            elif name == "canvas":
                made, kept = placed(img, dice, min(2.0, 0.95 * min(CANVAS[0] / img.shape[1],
                                                                   CANVAS[1] / img.shape[0])), CANVAS, i)
            else:
                scale = min(FAR_DIE / float(np.median(widths)), FAR[0] / img.shape[1], FAR[1] / img.shape[0])
                made, kept = placed(img, dice, scale, FAR, i)
            if kept:
                _write(out / name, it.image.stem, made, kept)
                counts[name] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("src", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--sets", default=",".join(SETS), help="comma-separated: " + ", ".join(SETS))
    ap.add_argument("--holdout", action="store_true", help="only the held-back photos (every 4th)")
    args = ap.parse_args(argv)
    sets = tuple(s.strip() for s in args.sets.split(",") if s.strip())
    bad = [s for s in sets if s not in SETS]
    if bad:
        print(f"unknown set {bad[0]!r}: choose from {', '.join(SETS)}", file=sys.stderr)
        return 2
    items = load_folder(args.src)
    if args.holdout:
        items = split_holdout(items)[1]
    for name, n in make_sets(items, args.out, sets).items():
        print(f"{args.out / name}: {n} photos")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
