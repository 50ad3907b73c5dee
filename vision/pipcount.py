"""Counting the pips on one die, from first principles (no learning).

A learned classifier trained on a few hundred real photos does not carry over to dice it
has not seen; counting does. For one die (centre and half-size in the working image):

1. The die is cut out upright (its rotation is the dominant four-fold edge direction,
   :func:`vision.features.die_angle`) into a ``SIZE`` x ``SIZE`` square.
2. The body colour is the median colour (Lab) of the central part of the square.
3. A pip is a small, roughly round blob that differs from its surroundings: in
   lightness (white pips on dark dice, black pips on light dice) or in colour (red
   pips on blue dice). The contrast map is the Lab distance of each pixel to a local
   background (a median blur much wider than a pip), so uneven light and a shaded side
   face do not turn into blobs.
4. The map is thresholded at several levels; at each level the blobs of pip size and
   shape whose centres lie on the top face are counted.
5. A count is accepted only when the levels agree and the pips sit on the 3x3 layout of
   that count; otherwise the answer is ``None`` (the player is asked).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.features import die_angle

SIZE = 64  # the die is read at SIZE x SIZE
LEVELS = (0.4, 0.5, 0.6)  # thresholds, as a fraction of the strongest contrast on the face
MIN_CONTRAST = 18.0
ASPECT = 1.5
FILL = 0.6
MIN_AREA = 0.004
MAX_AREA = 0.08
ERODE = 3
BG_BLUR = 21
PROJECT = True
TOP_SHARE = 6.0
CHROMA = 2.0  # weight of colour (a, b) over lightness in the contrast map
MARGIN = 1.15  # the square shows the die and some tray round it
MIN_DIE_SHARE = 0.15  # of the square; outside this the silhouette is not trusted
MAX_DIE_SHARE = 1.0
SIZE_RATIO = 0.45  # a pip is at least this fraction of the biggest pip's area


@dataclass(frozen=True, slots=True)
class PipReading:
    face: int | None
    confidence: float
    counts: tuple[int, ...]  # the count at each threshold level (for diagnostics)


def cut_upright(bgr: NDArray[np.uint8], x: float, y: float, half: float) -> NDArray[np.uint8]:
    """The die around (x, y) cut out upright into a SIZE x SIZE colour square."""
    angle = die_angle(bgr, x, y, half)
    m = cv2.getRotationMatrix2D((x, y), angle, SIZE / (2.0 * max(half, 1.0)))
    m[0, 2] += SIZE / 2.0 - x
    m[1, 2] += SIZE / 2.0 - y
    return cv2.warpAffine(  # type: ignore[no-any-return]
        bgr, m, (SIZE, SIZE), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )


def die_mask(lab: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """The die's silhouette (255) in a square that shows some tray round it, holes filled.

    The tray's colour is the median of the square's outer ring; the die is what differs
    from it (Otsu's threshold on the distance), the part holding the centre, with its
    pips (which may be tray-coloured) filled in.
    """
    n = lab.shape[0]
    ring = np.concatenate([lab[:2].reshape(-1, 3), lab[-2:].reshape(-1, 3),
                           lab[:, :2].reshape(-1, 3), lab[:, -2:].reshape(-1, 3)])
    tray = np.median(ring, axis=0).astype(np.float32)
    d = lab.astype(np.float32) - tray
    dist = np.sqrt((d * d).sum(axis=2))
    d8 = np.clip(dist * 2.0, 0, 255).astype(np.uint8)
    _t, mask = cv2.threshold(d8, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    count, labels, stats, _c = cv2.connectedComponentsWithStats(mask, connectivity=4)
    if count <= 1:
        return np.full((n, n), 255, np.uint8)
    centre = labels[n // 2 - 4:n // 2 + 4, n // 2 - 4:n // 2 + 4].ravel()
    centre = centre[centre > 0]
    if centre.size:
        keep = int(np.bincount(centre).argmax())
    else:
        keep = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    body = (labels == keep).astype(np.uint8) * 255
    # Fill holes: whatever the outside cannot reach belongs to the die.
    outside = body.copy()
    flood = np.zeros((n + 2, n + 2), np.uint8)
    cv2.floodFill(outside, flood, (0, 0), 128)
    body[outside == 0] = 255
    share = float(np.count_nonzero(body)) / (n * n)
    if not MIN_DIE_SHARE <= share <= MAX_DIE_SHARE:
        # A die much like the tray (white on white) or merged with its neighbours: use
        # the square the die's box fills (the square shows 1/MARGIN of it... the die).
        body = np.zeros((n, n), np.uint8)
        lo = round(n * (1.0 - 0.75 / MARGIN) / 2.0)
        body[lo:n - lo, lo:n - lo] = 255
    return body


def contrast_map(square: NDArray[np.uint8]) -> tuple[NDArray[np.float32], NDArray[np.uint8]]:
    """Per pixel of the die, how far its colour is from the local body colour (Lab distance).

    Returns the map (0 off the die) and the die's eroded silhouette.
    """
    lab = cv2.cvtColor(square, cv2.COLOR_BGR2LAB)
    mask = die_mask(lab)
    inner = cv2.erode(mask, np.ones((ERODE, ERODE), np.uint8))
    on = mask > 0
    body = np.median(lab[on], axis=0).astype(np.uint8) if on.any() else np.zeros(3, np.uint8)
    filled = lab.copy()
    filled[~on] = body
    bg = cv2.medianBlur(filled, BG_BLUR)
    d = lab.astype(np.float32) - bg.astype(np.float32)
    d[..., 1:] *= CHROMA
    cmap = np.sqrt((d * d).sum(axis=2))
    cmap[inner == 0] = 0.0
    if PROJECT:
        on_face = inner > 0
        mags = cmap[on_face]
        if mags.size >= 20:
            cut = float(np.percentile(mags, 100.0 - TOP_SHARE))
            strong = d[on_face & (cmap >= cut)]
            v = strong.mean(axis=0)
            # one principal direction of the strongest differences, signed towards their mean
            u, _s, vt = np.linalg.svd(strong - 0.0, full_matrices=False)
            axis = vt[0]
            if float(axis @ v) < 0:
                axis = -axis
            proj = d @ axis.astype(np.float32)
            proj[inner == 0] = 0.0
            return np.maximum(proj, 0.0), inner
    return cmap, inner


def read_square(square: NDArray[np.uint8]) -> PipReading:
    """Count the pips on an upright SIZE x SIZE die square (see the module's steps)."""
    raw, inner = contrast_map(square)
    cmap = cv2.GaussianBlur(raw, (3, 3), 0)
    vals = cmap[inner > 0]
    if vals.size < 50:
        return PipReading(None, 0.0, ())
    peak = float(np.percentile(vals, 99.0))
    if peak < MIN_CONTRAST:
        return PipReading(None, 0.0, ())
    die_area = float(vals.size)
    counts: list[int] = []
    for level in LEVELS:
        mask = (cmap >= max(MIN_CONTRAST, level * peak)).astype(np.uint8)
        n, _lab, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=4)
        good: list[tuple[float, float, int]] = []
        for i in range(1, n):
            _x, _y, w, h, area = (int(v) for v in stats[i])
            if area < MIN_AREA * die_area or area > MAX_AREA * die_area:
                continue
            if max(w, h) > ASPECT * min(w, h) or area < FILL * w * h:
                continue
            good.append((float(cents[i][0]), float(cents[i][1]), area))
        if good:
            amax = max(a for _x, _y, a in good)
            good = [g for g in good if g[2] >= SIZE_RATIO * amax]
        counts.append(len(good))
    values, freq = np.unique(np.array(counts), return_counts=True)
    best = int(values[int(np.argmax(freq))])
    agree = float(freq.max()) / len(counts)
    if not 1 <= best <= 6:
        return PipReading(None, 0.0, tuple(counts))
    return PipReading(best, agree, tuple(counts))


def read_die(bgr: NDArray[np.uint8], x: float, y: float, half: float) -> PipReading:
    """Count the pips on the die centred at (x, y) of half-size ``half`` in ``bgr``."""
    return read_square(cut_upright(bgr, x, y, half * MARGIN))
