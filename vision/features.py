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


def _canonical_turn(patch_bgr: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """Turn an upright die by quarter turns so its marks' centre of mass points up.

    An upright die still has four ways to lie; putting its marks in a fixed direction
    spares the classifier learning each symbol four times (pips are near-symmetric and
    stay about where they were).
    """
    grey = cv2.cvtColor(patch_bgr, cv2.COLOR_BGR2GRAY)
    inner = grey[8:-8, 8:-8].astype(np.float32)
    ink = np.abs(inner - float(np.median(inner)))
    total = float(ink.sum())
    if total <= 0:
        return patch_bgr
    n = inner.shape[0]
    coords = np.arange(n, dtype=np.float32) - (n - 1) / 2.0
    cx = float((ink.sum(axis=0) * coords).sum()) / total
    cy = float((ink.sum(axis=1) * coords).sum()) / total
    if cx * cx + cy * cy < 0.25:
        return patch_bgr
    # np.rot90 turns counter-clockwise; pick the turn that brings (cx, cy) to "up" (-y).
    vertical = abs(cy) >= abs(cx)
    k = (0 if cy < 0 else 2) if vertical else (1 if cx > 0 else 3)
    return np.ascontiguousarray(np.rot90(patch_bgr, k))


_P5, _P95 = round(0.05 * (PATCH * PATCH - 1)), round(0.95 * (PATCH * PATCH - 1))


def _median_u8(a: NDArray[np.uint8]) -> int:
    """Median of a small uint8 array, by histogram (cheaper than a sort)."""
    hist = np.bincount(a.ravel(), minlength=256)
    return int(np.searchsorted(np.cumsum(hist), (a.size + 1) // 2))


def describe(patch_bgr: NDArray[np.uint8], face_fraction: float = 0.77) -> NDArray[np.float32]:
    """Feature vector of one die patch (from :func:`cut_patch`).

    Gradients and the contrast map look at the central ``face_fraction`` of the patch
    (the top face); the mark count looks at the whole patch so it can find the face's edge.
    """
    patch_bgr = _canonical_turn(patch_bgr)
    side = _BIG * face_fraction
    lo_i = round((_BIG - side) / 2)
    hi_i = max(lo_i + 4, _BIG - lo_i)
    grey = cv2.cvtColor(patch_bgr[lo_i:hi_i, lo_i:hi_i], cv2.COLOR_BGR2GRAY)
    patch = cv2.resize(grey, (PATCH, PATCH), interpolation=cv2.INTER_AREA)
    p = patch.astype(np.float32)
    flat = np.partition(p.ravel(), (_P5, _P95))
    lo, hi = float(flat[_P5]), float(flat[_P95])
    p = (p - lo) * (255.0 / max(hi - lo, 8.0))
    norm = np.clip(p, 0, 255).astype(np.uint8)
    hog = _hog(norm.astype(np.float32))
    centre = p[8:24, 8:24]
    dev = np.abs(p - float(np.median(centre)))
    coarse = cv2.resize(dev, (8, 8), interpolation=cv2.INTER_AREA).ravel() / 255.0
    return np.concatenate([hog, coarse, _blobs(norm), _face_marks(patch_bgr)]).astype(np.float32)


def _face_marks(patch_bgr: NDArray[np.uint8]) -> NDArray[np.float32]:
    """Count the marks (pips) enclosed by the top face, one-hot coded, plus the face's size.

    The face is the region around the centre whose colour is close to the face's median
    colour; marks are the holes it encloses, of a size that fits a pip on a face that big,
    and not much smaller than the biggest such hole (specks and reflections are).
    """
    b = _BIG
    # YCrCb: Lab is ten times dearer to convert in OpenCV 5 and no better here.
    lab = cv2.cvtColor(cv2.GaussianBlur(patch_bgr, (3, 3), 0), cv2.COLOR_BGR2YCrCb).astype(np.float32)
    q = b // 4
    face = np.median(lab[q : b - q, q : b - q].reshape(-1, 3), axis=0)
    d = np.abs(lab - face)
    dist = np.clip(d[:, :, 0] + 2.0 * (d[:, :, 1] + d[:, :, 2]), 0, 255).astype(np.uint8)
    r0, r1 = b * 3 // 16, b * 13 // 16
    t, _ = cv2.threshold(dist[r0:r1, r0:r1], 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    t = max(t, 30.0)
    near = cv2.compare(dist, t, cv2.CMP_LE)
    near = cv2.morphologyEx(near, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    _, lbl, st, _ = cv2.connectedComponentsWithStats(near, connectivity=4)
    out = np.zeros(MAX_BLOBS + 3, np.float32)
    c0, c1 = b * 3 // 8, b * 5 // 8
    centre = lbl[c0:c1, c0:c1]
    ids, counts = np.unique(centre[centre > 0], return_counts=True)
    if len(ids) == 0:
        return out
    k = int(ids[counts.argmax()])
    _, _, w, h, area = st[k]
    if w < b // 4 or h < b // 4:
        return out
    region = np.where(lbl == k, 255, 0).astype(np.uint8)
    filled = region.copy()
    mask = np.zeros((b + 2, b + 2), np.uint8)
    if filled[0, 0] == 0:
        cv2.floodFill(filled, mask, (0, 0), 255)
    holes = cv2.compare(filled, 0, cv2.CMP_EQ)  # enclosed by the face
    _, _, st2, _ = cv2.connectedComponentsWithStats(holes, connectivity=8)
    face_side = float(np.sqrt(area + cv2.countNonZero(holes)))
    expected = (face_side / 5.5) ** 2 * 0.785
    ww, hh, aa = (st2[1:, i].astype(np.float32) for i in (2, 3, 4))
    ok = ((aa >= 0.2 * expected) & (aa <= 3.5 * expected) & (aa >= 0.35 * ww * hh)
          & (ww >= 0.4 * hh) & (ww <= 2.5 * hh))
    areas = aa[ok]
    if len(areas):
        count = int((areas >= 0.4 * areas.max()).sum())
        out[min(count, MAX_BLOBS)] = 1.0
    out[MAX_BLOBS + 1] = face_side / b
    out[MAX_BLOBS + 2] = t / 255.0
    return out


_M = 6  # margin of the colour patch ignored when judging the face


def _blobs(norm: NDArray[np.uint8]) -> NDArray[np.float32]:
    """Counts of small round marks (pips, symbol parts) of either polarity, one-hot coded.

    Counting is what tells pip faces apart; gradients alone blur 4, 5 and 6 together.
    """
    big = cv2.resize(norm, (_BIG, _BIG), interpolation=cv2.INTER_LINEAR)
    face = _median_u8(big[12:36, 12:36])  # the face's own colour: pips are the minority
    out: list[NDArray[np.float32]] = []
    sizes: list[float] = []
    for level in BLOB_LEVELS:
        for sign in (1, -1):
            diff = (big.astype(np.int16) - face) * sign
            mask = np.where(diff > level, 255, 0).astype(np.uint8)
            mask = cv2.bitwise_and(mask, _INNER)
            _, _, st, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
            x, y, w, h, a = (st[1:, i].astype(np.float32) for i in range(5))
            ok = ((x > 7) & (y > 7) & (x + w < 41) & (y + h < 41) & (a >= 6) & (a <= 120)
                  & (w <= 2 * h) & (h <= 2 * w) & (a >= 0.45 * w * h))
            areas = a[ok]
            count = len(areas)
            onehot = np.zeros(MAX_BLOBS + 1, np.float32)
            onehot[min(count, MAX_BLOBS)] = 1.0
            out.append(onehot)
            mean_a = float(areas.mean()) / 60.0 if count else 0.0
            sizes += [mean_a, float(areas.std()) / 60.0 if count else 0.0]
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
