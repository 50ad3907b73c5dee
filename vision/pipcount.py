"""Counting the pips on one die, from first principles (no learning).

A classifier trained on a few hundred real photos does not carry over to dice it has
not seen; counting does. For one die (centre and half-size in the working image):

1. The die is cut out upright (its rotation is the dominant four-fold edge direction,
   :func:`vision.features.die_angle`) into a ``SIZE`` x ``SIZE`` square that shows a
   little tray round it.
2. The die's silhouette: what differs from the tray colour (the square's outer ring),
   the part holding the centre, holes filled. Its rim is dropped (the die's outline is
   the strongest contrast in the square and is no pip).
3. The pip map: each pixel's Lab difference to the local body colour (a median of the
   die with the tray painted over), projected on the main direction of the strongest
   differences. One die has one pip colour, so white pips on a dark die, black pips on
   a light die and red pips on a blue die all come out bright, while marbling of other
   colours mostly does not.
4. At three thresholds (fractions of the strongest pip contrast) the blobs are counted:
   a blob must be pip-sized for the die, round and filled (a single pip), or hold two or
   three peaks of the smoothed map (pips that touch at this size); blobs much smaller
   than the biggest (pips on a side face, foreshortened) are dropped.
5. The counts at the three thresholds are votes. :func:`fuse` weighs them with a
   classifier's face probabilities: the votes decide where the classifier is unsure,
   and where the three agree the classifier must be very sure to overrule them.

The answer is ``None`` when nothing is counted or the count is not 1..6.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.features import die_angle

SIZE = 48  # the die is read at SIZE x SIZE pixels
MARGIN = 1.15  # the square's half-size over the die's: a little tray shows round it
LEVELS = (0.4, 0.5, 0.6)  # thresholds, as fractions of the strongest contrast on the die
MIN_CONTRAST = 18.0  # Lab units; a die whose strongest contrast is below has no pips
ASPECT = 1.5  # a single pip's bounding box is at most this elongated
FILL = 0.6  # and fills at least this share of it
MIN_AREA = 0.004  # a pip's area as a share of the die's (inner) area, at least
MAX_AREA = 0.08  # and at most
SIZE_RATIO = 0.45  # a pip is at least this share of the biggest pip's area
ERODE = 3  # pixels of the die's rim left out (its outline is no pip)
BG_CELLS = 12  # the body colour is a median over a BG_CELLS x BG_CELLS thumbnail
BG_BLUR = 5  # of this many cells
CHROMA = 2.0  # weight of colour (a, b) over lightness in the pip map
TOP_SHARE = 6.0  # per cent of the die's pixels that set the pip colour direction
PEAK_SIGMA = 1.5  # smoothing before looking for one peak per pip
_PEAK_KERNEL = np.ones((5, 5), np.uint8)
_ERODE_KERNEL = np.ones((ERODE, ERODE), np.uint8)
_CHANNEL_WEIGHTS = (1.0, CHROMA, CHROMA, 0.0)
_DIST_WEIGHTS = np.array([[1.0, 1.0, 1.0]], np.float32)  # city-block colour distance
MIN_DIE_SHARE = 0.15  # of the square; a smaller silhouette is not trusted
ALPHA = 0.3  # vote smoothing in :func:`fuse`
# Above this classifier confidence the count is not taken (it saves time). Above
# (L + ALPHA) / (L + 2 ALPHA) = 0.92 the count could not change the face at all; between
# 0.7 and 0.92 it made no read face better on the training photos.
TRUST = 0.7
LAYOUT = True  # a count whose pips are off its layout casts no vote
LAYOUT_TOL = 0.6  # how far a pip may sit from its spot, in pip spacings


@dataclass(frozen=True, slots=True)
class PipReading:
    face: int | None  # the count most thresholds agree on, None when none is 1..6
    confidence: float  # share of thresholds that agree on it
    counts: tuple[int, ...]  # the count at each threshold

    def votes(self) -> NDArray[np.float64]:
        """Votes for faces 1..6 (one per threshold whose count is 1..6)."""
        v = np.zeros(6)
        for k in self.counts:
            if 1 <= k <= 6:
                v[k - 1] += 1.0
        return v


NO_READING = PipReading(None, 0.0, ())


def cut_upright(bgr: NDArray[np.uint8], x: float, y: float, half: float) -> NDArray[np.uint8]:
    """The square of half-size ``half`` round (x, y), turned so the die is upright."""
    angle = die_angle(bgr, x, y, half / MARGIN)
    m = cv2.getRotationMatrix2D((x, y), angle, SIZE / (2.0 * max(half, 1.0)))
    m[0, 2] += SIZE / 2.0 - x
    m[1, 2] += SIZE / 2.0 - y
    out = cv2.warpAffine(
        bgr, m, (SIZE, SIZE), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return np.asarray(out, dtype=np.uint8)


def die_mask(lab: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """The die's silhouette (255) in a square that shows some tray round it, holes filled.

    The tray's colour is the median of the square's outer ring; the die is what differs
    from it (Otsu's threshold on the distance), the part holding the centre, with its
    pips (which may be tray-coloured) filled in.
    """
    n = lab.shape[0]
    ring = np.concatenate([lab[:2].reshape(-1, 3), lab[-2:].reshape(-1, 3),
                           lab[:, :2].reshape(-1, 3), lab[:, -2:].reshape(-1, 3)])
    half_count = (ring.shape[0] + 1) // 2
    tray = [int(np.searchsorted(np.cumsum(np.bincount(ring[:, ch], minlength=256)), half_count))
            for ch in range(3)]  # the median of each channel, by histogram
    d = cv2.absdiff(lab, (*tray, 0))  # type: ignore[call-overload]
    d8 = np.asarray(cv2.transform(d, _DIST_WEIGHTS), dtype=np.uint8)
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
    if share < MIN_DIE_SHARE:
        # A die much like the tray (white on white): trust the middle of the square.
        body = np.zeros((n, n), np.uint8)
        lo = round(n * (1.0 - 0.75 / MARGIN) / 2.0)
        body[lo:n - lo, lo:n - lo] = 255
    return np.asarray(body, dtype=np.uint8)


def pip_map(square: NDArray[np.uint8]) -> tuple[NDArray[np.float32], NDArray[np.uint8]]:
    """How much each pixel looks like a pip (0 off the die), and the die's inner silhouette."""
    lab = np.asarray(cv2.cvtColor(square, cv2.COLOR_BGR2YCrCb), dtype=np.uint8)
    mask = die_mask(lab)
    inner = np.asarray(cv2.erode(mask, _ERODE_KERNEL), dtype=np.uint8)
    n = lab.shape[0]
    filled = np.empty_like(lab)
    filled[:] = [round(v) for v in cv2.mean(lab, mask)[:3]]
    cv2.copyTo(lab, mask, filled)  # the die, with the tray painted in the die's colour
    small = cv2.resize(filled, (BG_CELLS, BG_CELLS), interpolation=cv2.INTER_AREA)
    bg = cv2.resize(cv2.medianBlur(small, BG_BLUR), (n, n), interpolation=cv2.INTER_LINEAR)
    d = np.asarray(cv2.multiply(cv2.subtract(lab, bg, dtype=cv2.CV_32F),  # type: ignore[call-overload]
                                _CHANNEL_WEIGHTS),
                   dtype=np.float32)
    on_face = inner > 0
    diffs = d[on_face]
    if diffs.shape[0] < 20:
        return np.zeros((n, n), np.float32), inner
    mags = np.einsum("ij,ij->i", diffs, diffs)
    k = max(1, round(diffs.shape[0] * TOP_SHARE / 100.0))
    strong = diffs[np.argpartition(mags, -k)[-k:]]
    # the pip colour's direction: the strongest differences, each turned to agree with
    # the strongest one, averaged (one die has one pip colour)
    lead = strong[int(np.argmax(np.einsum("ij,ij->i", strong, strong)))]
    signs = np.where(strong @ lead >= 0, 1.0, -1.0).astype(np.float32)
    axis = (strong * signs[:, None]).mean(axis=0)
    axis /= max(float(np.linalg.norm(axis)), 1e-6)
    if float(axis @ strong.mean(axis=0)) < 0:
        axis = -axis
    proj = d @ axis.astype(np.float32)
    proj[~on_face] = 0.0
    return np.maximum(proj, np.float32(0.0)).astype(np.float32), inner


def read_square(square: NDArray[np.uint8]) -> PipReading:
    """Count the pips on an upright die square from :func:`cut_upright`."""
    raw, inner = pip_map(square)
    cmap = cv2.GaussianBlur(raw, (3, 3), 0)
    vals = cmap[inner > 0]
    if vals.size < 50:
        return NO_READING
    top = max(0, round(0.99 * (vals.size - 1)))
    peak = float(np.partition(vals, top)[top])
    if peak < MIN_CONTRAST:
        return NO_READING
    die_area = float(vals.size)
    smooth = cv2.GaussianBlur(raw, (0, 0), PEAK_SIGMA)
    tops = (smooth >= cv2.dilate(smooth, _PEAK_KERNEL)) & (smooth >= MIN_CONTRAST)
    counts: list[int] = []
    for level in LEVELS:
        mask = (cmap >= max(MIN_CONTRAST, level * peak)).astype(np.uint8)
        n, labels, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=4)
        if n <= 1:
            counts.append(0)
            continue
        w = stats[1:, cv2.CC_STAT_WIDTH].astype(np.float64)
        h = stats[1:, cv2.CC_STAT_HEIGHT].astype(np.float64)
        area = stats[1:, cv2.CC_STAT_AREA].astype(np.float64)
        k = np.minimum(np.maximum(np.bincount(labels[tops], minlength=n)[1:], 1), 3)
        one = area / k
        ok = (one >= MIN_AREA * die_area) & (one <= MAX_AREA * die_area)
        single = (np.maximum(w, h) <= ASPECT * np.minimum(w, h)) & (area >= FILL * w * h)
        ok &= np.where(k == 1, single, area >= 0.3 * w * h)
        if ok.any():
            ok &= one >= SIZE_RATIO * float(one[ok].max())
        count = int(k[ok].sum())
        if LAYOUT and 2 <= count <= 6 and not fits_layout(
                _pip_centres(ok, k, cents, labels, tops, smooth), count):
            count = -1  # pips off the face's grid: this threshold casts no vote
        counts.append(count)
    values, freq = np.unique(np.array(counts), return_counts=True)
    best = int(values[int(np.argmax(freq))])
    agree = float(freq.max()) / len(counts)
    if not 1 <= best <= 6:
        return PipReading(None, 0.0, tuple(counts))
    return PipReading(best, agree, tuple(counts))


def _pip_centres(ok: NDArray[np.bool_], k: NDArray[Any], cents: NDArray[Any],
                 labels: NDArray[Any], tops: NDArray[np.bool_],
                 smooth: NDArray[Any]) -> NDArray[np.float64]:
    """Centres of the counted pips: a blob's centre, or its peaks when it holds several."""
    pts: list[tuple[float, float]] = []
    for i in np.flatnonzero(ok):
        if k[i] == 1:
            pts.append((float(cents[i + 1][0]), float(cents[i + 1][1])))
            continue
        ys, xs = np.nonzero(tops & (labels == i + 1))
        order = np.argsort(-smooth[ys, xs])[: int(k[i])]
        pts.extend((float(xs[j]), float(ys[j])) for j in order)
    return np.array(pts, dtype=np.float64).reshape(-1, 2)


# Pip layouts on the face's 3x3 grid (units of the pip spacing, from the face centre),
# each in the ways an upright die can show it.
_LAYOUTS: dict[int, tuple[NDArray[np.float64], ...]] = {
    2: (np.array([[-1, -1], [1, 1]], float), np.array([[-1, 1], [1, -1]], float)),
    3: (np.array([[-1, -1], [0, 0], [1, 1]], float), np.array([[-1, 1], [0, 0], [1, -1]], float)),
    4: (np.array([[-1, -1], [1, -1], [-1, 1], [1, 1]], float),),
    5: (np.array([[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], float),),
    6: (np.array([[-1, -1], [-1, 0], [-1, 1], [1, -1], [1, 0], [1, 1]], float),
        np.array([[-1, -1], [0, -1], [1, -1], [-1, 1], [0, 1], [1, 1]], float)),
}


def fits_layout(pts: NDArray[np.float64], count: int) -> bool:
    """Whether ``count`` pip centres sit on that count's layout (any size, small tilt)."""
    if count not in _LAYOUTS:
        return True
    if pts.shape[0] != count:
        return False
    rel = pts - pts.mean(axis=0)  # every layout of 2..6 is centred on the face
    for layout in _LAYOUTS[count]:
        # the layout's size from the pips' spread, then every pip near its own spot
        scale = float(np.sqrt((rel * rel).sum() / (layout * layout).sum()))
        if scale <= 0:
            continue
        d = np.linalg.norm(rel[:, None, :] - scale * layout[None, :, :], axis=2)
        nearest = d.argmin(axis=1)
        if len(set(nearest.tolist())) == count and float(d.min(axis=1).max()) <= LAYOUT_TOL * scale:
            return True
    return False


def read_die(bgr: NDArray[np.uint8], x: float, y: float, half: float) -> PipReading:
    """Count the pips on the die of half-size ``half`` centred at (x, y) of ``bgr``."""
    if not (np.isfinite(x) and np.isfinite(y) and np.isfinite(half)) or half < 3.0:
        return NO_READING
    return read_square(cut_upright(bgr, x, y, half * MARGIN))


def fuse(face_probs: Sequence[float] | NDArray[Any], reading: PipReading) -> tuple[int, float]:
    """Index of the face (0 for a 1) and its confidence, from a classifier and a count.

    Each face's score is its classifier probability times its smoothed share of the
    count's votes; with no votes the classifier alone decides.
    """
    p = np.asarray(face_probs, dtype=np.float64)
    votes = reading.votes()
    if votes.sum() == 0:
        best = int(np.argmax(p))
        return best, float(p[best])
    score = p * (votes + ALPHA) / (len(LEVELS) + 6 * ALPHA)
    total = float(score.sum())
    if total <= 0:
        best = int(np.argmax(votes))
        return best, float(votes[best]) / len(LEVELS)
    best = int(np.argmax(score))
    return best, float(score[best]) / total


def frame_half(radii: Sequence[float]) -> float:
    """The half-size to read every die of one frame at: the frame's typical die.

    A detector's radius for one die varies much more than real dice sizes in one photo
    do; the median over the frame's dice is the steadier size.
    """
    return 1.3 * float(np.median(np.asarray(radii, dtype=np.float64))) if len(radii) else 0.0
