"""Touching dice: how the reader does on the labelled dice whose boxes touch or overlap.

    python benchmarks/touching_dice.py [--profile pips] [--held-back] [--gap 2] [--why] DIR...

A labelled die "touches" when its box, grown by ``--gap`` px (at the photo's own size),
meets another die's box. For each folder it prints the photos holding such dice, then
found / right among the touching dice alone and among the other dice, and the eval-style
numbers of those photos only. ``--why`` also says, for every touching die missed, what
the candidate search did there (``vision.detect``'s blobs at the working size): the
search's centres near the die, the blob its centre lies in, how many labelled dice share
that blob and how many dice of the frame's single-die area it holds.
``--held-back`` keeps only every 4th photo by sorted name (``split_holdout``: the photos
the shipped ``pips`` network never saw).
"""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from collections.abc import Sequence

import cv2
import numpy as np

from vision import detect
from vision.evaluate import match
from vision.labelled import LabelledDie, LabelledImage, load_folder, split_holdout
from vision.profile import Profile, load_profile
from vision.reader import prepare, read_loaded


def touching(dice: Sequence[LabelledDie], gap: float) -> list[bool]:
    """Which dice's boxes, grown by ``gap`` px, meet another die's box."""
    out = [False] * len(dice)
    for i, a in enumerate(dice):
        for j in range(i + 1, len(dice)):
            b = dice[j]
            if (a.box[0] - gap <= b.box[2] and b.box[0] - gap <= a.box[2]
                    and a.box[1] - gap <= b.box[3] and b.box[1] - gap <= a.box[3]):
                out[i] = out[j] = True
    return out


def why_missed(it: LabelledImage, profile: Profile, die: LabelledDie) -> str:
    """What the search did at a missed die (the working frame is the photo's own pixels
    scaled to 640 px: tray markers are not looked for)."""
    img = it.load()
    work, to_frame, _ = prepare(img.pixels, use_tray_markers=False)
    k = 1.0 / float(to_frame[0, 0])
    cx, cy = (die.box[0] + die.box[2]) / 2 * k, (die.box[1] + die.box[3]) / 2 * k
    half = (die.box[2] - die.box[0] + die.box[3] - die.box[1]) / 4 * k
    cands = detect.find_candidates(work, profile.detect)
    near = [c for c in cands if np.hypot(c.x - cx, c.y - cy) < 0.8 * half]
    # The search's mask at half size, as vision.detect._search makes it.
    h, w = work.shape[:2]
    small = cv2.resize(work, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    p = profile.detect
    score = detect.foreground_score(small, p.edge_weight, p.edge_relative)
    _, mask = cv2.threshold(score, p.threshold, 255, cv2.THRESH_BINARY)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((4, 4), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    _n, labels, stats, _ = detect._components(mask)
    die_area = detect._single_die_area(stats, p, 0.5)
    lab = int(labels[min(h // 2 - 1, int(cy / 2)), min(w // 2 - 1, int(cx / 2))])
    if lab == 0:
        return f"{len(near)} candidates near; its centre is off the mask"
    sharing = sum(
        1 for d in it.dice
        if labels[min(h // 2 - 1, int((d.box[1] + d.box[3]) / 4 * k)),
                  min(w // 2 - 1, int((d.box[0] + d.box[2]) / 4 * k))] == lab)
    area = int(stats[lab, cv2.CC_STAT_AREA])
    dice_in = area / die_area if die_area else float("nan")
    return (f"{len(near)} candidates near; blob area {area} px (half size) holds {sharing} "
            f"labelled dice, {dice_in:.2f} single-die areas")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="+", metavar="DIR")
    ap.add_argument("--profile", default="pips")
    ap.add_argument("--held-back", action="store_true")
    ap.add_argument("--gap", type=float, default=2.0)
    ap.add_argument("--why", action="store_true")
    ap.add_argument("--list", action="store_true", help="print the photos with touching dice")
    a = ap.parse_args()
    profile = load_profile(a.profile)
    cv2.setNumThreads(1)
    for folder in a.folders:
        items = load_folder(folder)
        if a.held_back:
            items = split_holdout(items)[1]
        counts = {"touch": [0, 0, 0], "alone": [0, 0, 0]}  # labelled, found, right
        photos = right = labelled = extra = 0
        names: list[str] = []
        missed: list[str] = []
        for it in items:
            touch = touching(it.dice, a.gap)
            if not any(touch):
                continue
            names.append(it.image.name)
            reading = read_loaded(it.load(), profile)
            hits = match([d.box for d in reading.dice], it.dice)
            photos += 1
            extra += len(reading.dice) - sum(h is not None for h in hits)
            for die, t, hit in zip(it.dice, touch, hits, strict=True):
                c = counts["touch" if t else "alone"]
                c[0] += 1
                labelled += 1
                if hit is None:
                    if t:
                        note = why_missed(it, profile, die) if a.why else ""
                        missed.append(f"  missed {it.image.name} face {die.face} box {die.box} {note}")
                    continue
                c[1] += 1
                if reading.dice[hit].face == die.face:
                    c[2] += 1
                    right += 1
        print(f"{folder}: {photos} of {len(items)} photos with touching dice (gap {a.gap:g} px)")
        if a.list:
            for n in names:
                print(f"  {n}")
        for key, (n, f, r) in counts.items():
            if n:
                print(f"  {key:5s} dice {n:4d}: found {f / n:.3f}, right {r / n:.3f} ({n - f} missed)")
        if labelled:
            print(f"  those photos: accuracy {right / labelled:.3f}, extra {extra / photos:.2f} a photo")
        for m in missed:
            print(m)


if __name__ == "__main__":
    main()
