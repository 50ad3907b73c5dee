"""Turning one die into a fixed-length feature vector.

A die is cut out of the frame by one affine warp (centre, size, optional rotation for
teaching) into a small square, normalised for light, and described by gradient
histograms (HOG). Unsigned gradients make light-on-dark and dark-on-light faces look
alike, so one profile serves dice of any colour.
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

PATCH = 32
_BIG = 48
_INNER = np.zeros((_BIG, _BIG), np.uint8)
_INNER[7:41, 7:41] = 255
_g = cv2.getGaussianKernel(_BIG, _BIG / 4.0)
_WINDOW = (_g @ _g.T).astype(np.float32)  # weighs the die's own edges over its neighbours'
CELL = 8
BINS = 9
_CELLS = PATCH // CELL
BLOB_LEVELS = (40.0, 80.0)  # contrast steps for the blob counts
MAX_BLOBS = 10
FEATURE_SIZE = (_CELLS - 1) ** 2 * 4 * BINS + 64 + 2 * len(BLOB_LEVELS) * (MAX_BLOBS + 1) + 8 + MAX_BLOBS + 3
_ROW, _COL = np.divmod(np.arange(PATCH * PATCH), PATCH)
_CELL_OF = ((_ROW // CELL) * _CELLS + (_COL // CELL)) * BINS  # first histogram slot per pixel


def cut_patch(
    bgr: NDArray[np.uint8], x: float, y: float, half: float, angle: float = 0.0
) -> NDArray[np.uint8]:
    """The colour square of half-size ``half`` around (x, y), rotated by ``angle`` degrees."""
    m = cv2.getRotationMatrix2D((x, y), angle, _BIG / (2.0 * max(half, 1.0)))
    m[0, 2] += _BIG / 2.0 - x
    m[1, 2] += _BIG / 2.0 - y
    return cv2.warpAffine(  # type: ignore[no-any-return]
        bgr, m, (_BIG, _BIG), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )


def die_angle(bgr: NDArray[np.uint8], x: float, y: float, half: float) -> float:
    """The die's rotation in degrees (0..90): the dominant direction of its straight edges.

    Angles are taken four-fold (a square looks the same every 90 degrees); round pips
    pull every way at once and cancel out, the die's edges do not.
    """
    grey = cv2.cvtColor(cut_patch(bgr, x, y, half), cv2.COLOR_BGR2GRAY).astype(np.float32)
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)
    mag, ang = cv2.cartToPolar(gx, gy)
    w = mag * _WINDOW
    c = float((w * np.cos(4 * ang)).sum())
    s = float((w * np.sin(4 * ang)).sum())
    return float(np.degrees(np.arctan2(s, c)) / 4.0)


def describe(patch_bgr: NDArray[np.uint8]) -> NDArray[np.float32]:
    """Feature vector of one die patch (from :func:`cut_patch`)."""
    grey = cv2.cvtColor(patch_bgr, cv2.COLOR_BGR2GRAY)
    patch = cv2.resize(grey, (PATCH, PATCH), interpolation=cv2.INTER_AREA)
    p = patch.astype(np.float32)
    lo, hi = np.percentile(p, (5, 95))
    p = (p - lo) * (255.0 / max(hi - lo, 8.0))
    norm = np.clip(p, 0, 255).astype(np.uint8)
    hog = _hog(norm.astype(np.float32))
    centre = p[8:24, 8:24]
    dev = np.abs(p - np.median(centre))
    coarse = cv2.resize(dev, (8, 8), interpolation=cv2.INTER_AREA).ravel() / 255.0
    return np.concatenate([hog, coarse, _blobs(norm), _colour_marks(patch_bgr)]).astype(np.float32)


def _colour_marks(patch_bgr: NDArray[np.uint8]) -> NDArray[np.float32]:
    """Marks that differ in colour from the face's own colour, counted and one-hot coded."""
    lab = cv2.cvtColor(patch_bgr, cv2.COLOR_BGR2Lab).astype(np.float32)
    face = np.median(lab[_M:-_M, _M:-_M].reshape(-1, 3), axis=0)
    d = np.abs(lab - face)
    dist = np.clip(d[:, :, 0] + 1.5 * (d[:, :, 1] + d[:, :, 2]), 0, 255).astype(np.uint8)
    t, _ = cv2.threshold(dist[_M:-_M, _M:-_M], 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    mask = (dist > max(t, 25.0)).astype(np.uint8)
    n, _, st, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    areas = []
    for i in range(1, n):
        x, y, w, h, a = st[i]
        if x <= _M or y <= _M or x + w >= _BIG - _M or y + h >= _BIG - _M:
            continue
        if 8 <= a <= 200 and a >= 0.4 * w * h and 0.4 <= w / h <= 2.5:
            areas.append(float(a))
    count = 0
    if areas:
        med = float(np.median(areas))
        count = sum(max(1, round(a / med)) for a in areas)
    onehot = np.zeros(MAX_BLOBS + 1, np.float32)
    onehot[min(count, MAX_BLOBS)] = 1.0
    return np.concatenate([onehot, [len(areas) / 6.0, t / 100.0]]).astype(np.float32)


_M = 6  # margin of the colour patch ignored when judging the face


def _blobs(norm: NDArray[np.uint8]) -> NDArray[np.float32]:
    """Counts of small round marks (pips, symbol parts) of either polarity, one-hot coded.

    Counting is what tells pip faces apart; gradients alone blur 4, 5 and 6 together.
    """
    big = cv2.resize(norm, (_BIG, _BIG), interpolation=cv2.INTER_LINEAR)
    face = int(np.median(big[12:36, 12:36]))  # the face's own colour: pips are the minority
    out: list[NDArray[np.float32]] = []
    sizes: list[float] = []
    for level in BLOB_LEVELS:
        for sign in (1, -1):
            diff = (big.astype(np.int16) - face) * sign
            mask = np.where(diff > level, 255, 0).astype(np.uint8)
            mask = cv2.bitwise_and(mask, _INNER)
            n, _, st, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
            count = 0
            areas = []
            for i in range(1, n):
                x, y, w, h, a = st[i]
                inside = x > 7 and y > 7 and x + w < 41 and y + h < 41
                if inside and 6 <= a <= 120 and 0.5 <= w / h <= 2.0 and a >= 0.45 * w * h:
                    count += 1
                    areas.append(float(a))
            onehot = np.zeros(MAX_BLOBS + 1, np.float32)
            onehot[min(count, MAX_BLOBS)] = 1.0
            out.append(onehot)
            mean_a = float(np.mean(areas)) / 60.0 if areas else 0.0
            sizes += [mean_a, float(np.std(areas)) / 60.0 if areas else 0.0]
    out.append(np.array(sizes, np.float32))
    return np.concatenate(out)


def _hog(p: NDArray[np.float32]) -> NDArray[np.float32]:
    """Unsigned-gradient histograms of 8x8 cells, L2-normalised over 2x2-cell blocks."""
    gx = cv2.Sobel(p, cv2.CV_32F, 1, 0, ksize=1)
    gy = cv2.Sobel(p, cv2.CV_32F, 0, 1, ksize=1)
    mag, ang = cv2.cartToPolar(gx, gy, angleInDegrees=True)
    pos = (ang % 180.0) * (BINS / 180.0)
    lo = np.floor(pos).astype(np.int32)
    frac = pos - lo
    m, lo_f, fr = mag.ravel(), lo.ravel() % BINS, frac.ravel()
    idx = np.concatenate([_CELL_OF + lo_f, _CELL_OF + (lo_f + 1) % BINS])
    wts = np.concatenate([m * (1 - fr), m * fr])
    hist = np.bincount(idx, wts, _CELLS * _CELLS * BINS).reshape(_CELLS, _CELLS, BINS)
    blocks = np.concatenate(
        [hist[:-1, :-1], hist[:-1, 1:], hist[1:, :-1], hist[1:, 1:]], axis=2
    )
    norms = np.sqrt((blocks**2).sum(axis=2, keepdims=True) + 1e-6)
    return np.minimum(blocks / norms, 0.2).ravel().astype(np.float32)
