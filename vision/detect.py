"""Finding dice in a frame: the optional tray warp and the candidate search.

Candidates come from how far each pixel is from a smooth estimate of the tray background
(colour difference plus local edge strength), so any fairly plain tray works without
setup. Touching dice are split by the peaks of the distance transform of that mask. The
search is deliberately generous: the profile's classifier rejects what is not a die.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

Image = NDArray[np.uint8]

# ArUco markers (4x4 dictionary, ids 0..3 clockwise from top-left) mark a tray's corners.
TRAY_MARKER_DICT = cv2.aruco.DICT_4X4_50
TRAY_MARKER_IDS = (0, 1, 2, 3)
MAX_CANDIDATES = 80
CHROMA_WEIGHT = 3.0  # chroma differences are small numbers in YCrCb
# A merged blob is split as touching dice only when somewhere inside it is this thick
# (distance to its edge, in single-die half-widths): dice are, cables and pens are not.
CLUSTER_THICKNESS = 0.55
# At most this share of the candidates may come from splitting merged blobs.
# In blobs over BAND_AREA dice in area that are not split as touching dice (a tray's wall,
# a cable), a peak is a candidate only when at least BAND_DEPTH times as deep as one die's.
BAND_AREA = 2.5
BAND_DEPTH = 0.8
SPLIT_SHARE = 0.6
# A die-like blob fills at least this share of its upright box: a square die turned 45
# degrees fills half of it (0.6 left turned dice out of the frame's typical die size,
# so on a phone photo of a few turned dice touching ones were never split). Only for
# taught profiles (``die_half`` set): on the held-back dev photos the built-in `pips`
# read 2 dice fewer with it (0.945 against 0.950), so the built-ins keep 0.6.
DIE_FILL = 0.45


@dataclass(frozen=True, slots=True)
class DetectParams:
    """Tuning of the candidate search, stored in each profile."""

    threshold: float = 40.0  # score above which a pixel is "not background"
    edge_weight: float = 1.5  # weight of the local edge strength against colour difference
    min_radius: float = 7.0  # smallest half-width of a die, pixels at 640 px
    max_radius: float = 40.0  # largest half-width of a single die
    separation: float = 1.4  # peaks closer than this many radii are one die
    crop_scale: float = 1.3  # crop half-size as a multiple of the peak radius
    face_fraction: float = 0.77  # central part of the crop that shows the top face
    split_clusters: bool = True  # place touching dice by k-means on their merged blob
    # Centres tried per die a merged blob seems to hold: more than 1 when the reader can
    # re-centre (the die network), so that no die of a cluster is left without a centre.
    cluster_seeds: float = 1.0
    # The die half-size (pixels at the working size) that ``teach`` saw on the user's
    # photos; 0: unknown. A frame with fewer than two lone dice to measure one die's size on
    # (a few dice, touching) splits its merged blobs by this size instead.
    die_half: float = 0.0
    # Edges count only as far as they exceed the frame's usual edge strength around them
    # (a grained tray, a woven cloth: texture everywhere is not a die); ``teach`` turns
    # this on when it finds more of the labelled dice.
    edge_relative: bool = False
    # Dice lying on something that is not the tray (a keyboard, a card, a book): looked for
    # inside each big blob by how unlike that blob's own colour they are.
    clutter_search: bool = True
    # Touching dice: once the dice are read, what of their blobs they leave is looked at
    # again, and blobs too deep for one die are split (``vision/touching.py``).
    touching_look: bool = True


@dataclass(frozen=True, slots=True)
class Candidate:
    """A place that may hold a die: centre and half-size in the frame's pixels."""

    x: float
    y: float
    radius: float


@dataclass(frozen=True, slots=True)
class SearchMaps:
    """The search's blobs, at ``scale`` of the frame searched: its cleaned mask, the mask's
    components (labels, and stats as OpenCV gives them) and its distance transform."""

    mask: NDArray[np.uint8]
    labels: NDArray[np.int32]
    stats: NDArray[np.int32]
    dist: NDArray[np.float32]
    scale: float


def as_bgr(img: NDArray[np.uint8]) -> Image:
    """Accept grey, BGR or BGRA frames; return BGR."""
    if img.ndim == 2:
        return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)  # type: ignore[no-any-return]
    if img.shape[2] == 4:
        return cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)  # type: ignore[no-any-return]
    return img


def foreground_score(bgr: Image, edge_weight: float = 1.5, edge_relative: bool = False,
                     ycc: Image | None = None) -> Image:
    """How unlike the tray background each pixel is (0..255): colour distance to the tray,
    or ``edge_weight`` times the local edge strength where that is more (``edge_relative``:
    the edge strength above the tray's own, its texture). ``ycc``: ``bgr`` in YCrCb, when
    the caller has it already."""
    h, w = bgr.shape[:2]
    # YCrCb, not Lab: twenty times cheaper to convert, and as good at "unlike the tray".
    if ycc is None:
        ycc = cv2.cvtColor(bgr, cv2.COLOR_BGR2YCrCb)  # type: ignore[assignment]
    assert ycc is not None
    # A coarse median is the tray: dice are small next to its window (7 cells of w/40).
    small = cv2.resize(ycc, (max(8, w // 8), max(8, h // 8)), interpolation=cv2.INTER_AREA)
    bg = cv2.resize(cv2.medianBlur(small, 7), (w, h), interpolation=cv2.INTER_LINEAR)
    d_y, d_cr, d_cb = cv2.split(cv2.absdiff(ycc, bg))
    colour = cv2.addWeighted(d_y, 0.5, cv2.add(d_cr, d_cb), CHROMA_WEIGHT, 0)
    edges = cv2.morphologyEx(ycc[:, :, 0], cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    if edge_relative:  # the texture's edge level, estimated as the tray's colour is
        level = cv2.resize(edges, (max(8, w // 8), max(8, h // 8)), interpolation=cv2.INTER_AREA)
        level = cv2.resize(cv2.medianBlur(level, 7), (w, h), interpolation=cv2.INTER_LINEAR)
        edges = cv2.subtract(edges, level)
    return cv2.max(colour, cv2.convertScaleAbs(edges, alpha=edge_weight))  # type: ignore[no-any-return]


DIM = 80  # grey level under which a frame's brightest 1 % make it dim
DIM_TARGET = 180
MAX_GAIN = 3.0


def exposure_gain(bgr: Image) -> float:
    """How much to brighten a dim frame (its brightest 1 % under :data:`DIM`) so that the
    search's thresholds, set on well-lit photos, still tell dice from the table (webcam
    desk photos at a third of the light: accuracy 0.235 without, 0.975 with). Only quite
    dim frames: a dark tray with dark dice is not dim (rendered olive dice on dark trays,
    taught: 0.998 without, 0.980 when frames under 150 were brightened, 0.995 at 80)."""
    h, w = bgr.shape[:2]
    small = cv2.resize(bgr, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    # The brightest channel by two maxima: the same values as ``small.max(axis=2)``, a
    # twentieth of its time (numpy reduces a 3-wide last axis slowly).
    brightest = np.maximum(np.maximum(small[..., 0], small[..., 1]), small[..., 2])
    # The 99th percentile lies between the k-th sorted value and the next (k about 0.99 of
    # the count); with fewer than k values under DIM it is DIM or over: the frame is not
    # dim, known from one count (np.percentile sorts: a tenth of a small frame's search).
    k = int(0.99 * (brightest.size - 1))
    if np.count_nonzero(brightest < DIM) < k:
        return 1.0
    bright = float(np.percentile(brightest, 99))
    return 1.0 if bright >= DIM else min(MAX_GAIN, DIM_TARGET / max(bright, 1.0))


def find_candidates(bgr: Image, params: DetectParams,
                    maps: list[SearchMaps] | None = None) -> list[Candidate]:
    """Every blob centre that may be a die, in the frame's pixels (frames of about 640 px).

    The search runs at half resolution (a quarter of the pixels): a die is still 10+
    pixels wide there, and centres need no finer grain than the crop's jitter. ``maps``:
    the search's blobs (:class:`SearchMaps`, at half resolution) are appended to it
    (``vision/touching.py`` looks at them again once the dice are read).
    """
    h, w = bgr.shape[:2]
    if min(h, w) < 32:
        return []
    half = cv2.resize(bgr, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    gain = exposure_gain(half)
    if gain > 1.0:  # a dim frame: brightened for the search only (the network sees it as it is)
        half = cv2.convertScaleAbs(half, alpha=gain)
    return [Candidate(2 * c.x + 0.5, 2 * c.y + 0.5, 2 * c.radius)
            for c in _search(half, params, 0.5, maps)]


def _components(mask: Image) -> tuple[int, NDArray[np.int32], NDArray[np.int32], NDArray[np.float64]]:
    """8-connected components with their stats, by Grana's block-based labelling: the same
    labels as OpenCV's default (tested), which on one thread took 2-3x as long on the
    search's masks (its parallel algorithm, run serially)."""
    return cv2.connectedComponentsWithStatsWithAlgorithm(  # type: ignore[return-value]
        mask, 8, cv2.CV_32S, cv2.CCL_GRANA)


def _search(bgr: Image, params: DetectParams, scale: float,
            maps: list[SearchMaps] | None = None) -> list[Candidate]:
    ycc: Image = cv2.cvtColor(bgr, cv2.COLOR_BGR2YCrCb)  # type: ignore[assignment]  # once: for clutter too
    score = foreground_score(bgr, params.edge_weight, params.edge_relative, ycc)
    _, mask = cv2.threshold(score, params.threshold, 255, cv2.THRESH_BINARY)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((4, 4), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    _n, labels, stats, _ = _components(mask)
    die_area = _single_die_area(stats, params, scale)
    dist = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    if maps is not None:
        maps.append(SearchMaps(mask, labels, stats, dist, scale))  # type: ignore[arg-type]
    clusters: dict[int, int] = {}  # component -> number of dice it holds, for the big ones
    if die_area is not None and params.split_clusters:
        areas = stats[1:, cv2.CC_STAT_AREA].astype(np.float64)
        ks = np.rint(areas / die_area)
        die_r = 0.5 * float(np.sqrt(die_area))
        for i in np.nonzero((areas > 1.6 * die_area) & (ks >= 2) & (ks <= 12))[0] + 1:
            # Touching dice are as thick as a die; a cable, a pen or a keyboard's edge of
            # that area is not, and would only seed the network with up to 24 false centres.
            x0, y0, bw, bh = (int(v) for v in stats[i, :4])
            box = labels[y0:y0 + bh, x0:x0 + bw] == i
            if float(dist[y0:y0 + bh, x0:x0 + bw][box].max()) >= CLUSTER_THICKNESS * die_r:
                clusters[int(i)] = int(ks[i - 1])
        clusters = _seed_budget(clusters, params.cluster_seeds)  # now: centres per blob
    rmin, rmax = params.min_radius * scale, params.max_radius * scale
    # Local maxima over a die-sized window: a plateau gives few peaks, not thousands.
    size = 2 * int(rmin) + 1
    local_max = cv2.dilate(dist, np.ones((size, size), np.uint8))
    ys, xs = np.nonzero((dist >= local_max) & (dist >= rmin) & (dist <= rmax))
    if clusters:  # touching dice: their centres come from splitting the blob below
        keep = ~np.isin(labels[ys, xs], list(clusters))
        ys, xs = ys[keep], xs[keep]
    die_peak = 0.0  # the distance-transform peak of the frame's single dice
    if die_area is not None and len(xs):
        # A long band (a tray's wall, a cable, a keyboard's edge) gives a peak every die
        # or so along it: in blobs much bigger than a die keep only peaks about as deep
        # as a single die's (a die against the wall is; the band beside it is not).
        lab = labels[ys, xs]
        vals = dist[ys, xs]
        deepest = np.zeros(len(stats), np.float32)
        np.maximum.at(deepest, lab, vals)
        single = _die_like(stats, params, scale)
        single[1:] &= deepest[1:] > 0
        die_peak = float(np.median(deepest[single])) if single.any() else 0.5 * float(np.sqrt(die_area))
        big = stats[:, cv2.CC_STAT_AREA] > BAND_AREA * die_area
        keep = ~(big[lab] & (vals < BAND_DEPTH * die_peak))
        ys, xs = ys[keep], xs[keep]
    inner = _dice_on_clutter(ycc, labels, stats, dist, die_area, params,
                             scale) if params.clutter_search else []
    split: list[Candidate] = []
    if clusters and die_area:
        # Crop split dice like single ones: at the single dice's own peak radius (for a
        # taught profile that of the die-like blobs: the peaks left elsewhere also lie on
        # bands, a tray's rim, thinner than a die; the built-ins keep the median of all
        # peaks, which read the held-back dev photos 1 die better).
        singles = dist[ys, xs]
        radius = die_peak if die_peak > 0 and params.die_half > 0 else (
            float(np.median(singles)) if len(singles) else 0.5 * float(np.sqrt(die_area)))
        split = _split_clusters(labels, stats, clusters, radius)
    if len(xs) == 0 and not split and not inner:
        return []
    vals = dist[ys, xs]
    order = np.argsort(-vals, kind="stable")[:2000]
    px, py = xs[order].astype(np.float32), ys[order].astype(np.float32)
    pr = vals[order].astype(np.float32, copy=False)  # float32 already (a distance map)
    return _spaced(split, (px, py, pr), inner, params.separation)


SPACING_BLOCK = 64  # candidates whose spacing is checked together (see _spaced)


def _spaced(split: list[Candidate], peaks: tuple[NDArray[np.float32], NDArray[np.float32],
            NDArray[np.float32]], inner: list[Candidate], separation: float) -> list[Candidate]:
    """The candidates, at most :data:`MAX_CANDIDATES`: every split centre, then the peaks
    (deepest first) and the dice seen on clutter, each kept only when no kept one lies
    within ``separation`` times the bigger of their radii. The peaks stop where the share
    kept for clutter (:data:`INNER_SHARE`) begins.

    Kept one by one, in that order; the distances are worked out for a block of
    :data:`SPACING_BLOCK` candidates at a time, against the kept ones and each other, in
    the same float32 arithmetic as one at a time (the same candidates: tested), so a
    candidate costs a look-up and a kept one one row's ``or``, not a numpy reduction."""
    px, py, pr = peaks
    kept: list[Candidate] = list(split)
    total = len(kept) + len(px) + len(inner)
    kx, ky, kr = (np.zeros(total, np.float32) for _ in range(3))
    for j, c in enumerate(kept):
        kx[j], ky[j], kr[j] = c.x, c.y, c.radius
    n = len(kept)
    sep2 = np.float32(separation**2)
    # Dice seen on clutter come after the tray's own blobs, in a share kept for them.
    room = MAX_CANDIDATES - min(len(inner), INNER_SHARE)
    cx = np.concatenate([px, np.array([c.x for c in inner], np.float32)])
    cy = np.concatenate([py, np.array([c.y for c in inner], np.float32)])
    cr = np.concatenate([pr, np.array([c.radius for c in inner], np.float32)])
    peak_count = len(px)
    for start in range(0, len(cx), SPACING_BLOCK):
        if len(kept) >= room and start + SPACING_BLOCK <= peak_count:
            continue  # peaks only, and no room left for them
        block = slice(start, start + SPACING_BLOCK)
        bx, by, br = cx[block], cy[block], cr[block]
        # Near a kept one (before this block), or near one kept earlier in this block.
        blocked = ((kx[:n, None] - bx) ** 2 + (ky[:n, None] - by) ** 2
                   < sep2 * np.maximum(kr[:n, None], br) ** 2).any(axis=0)
        near = ((bx[:, None] - bx) ** 2 + (by[:, None] - by) ** 2
                < sep2 * np.maximum(br[:, None], br) ** 2)
        for i in range(len(bx)):
            k = start + i
            last = k >= peak_count
            if (not last and len(kept) >= room) or blocked[i]:
                continue
            blocked |= near[i]
            kx[n], ky[n], kr[n] = bx[i], by[i], br[i]
            n += 1
            kept.append(inner[k - peak_count] if last else
                        Candidate(float(px[k]), float(py[k]), float(pr[k])))
            if len(kept) >= MAX_CANDIDATES:  # a noise frame must not cost a classifier run per speck
                return kept
    return kept


# The search on clutter: in the CLUTTER_BLOBS biggest blobs (over BAND_AREA dice in area)
# somewhere at least SURFACE of the biggest die's half-width deep (something a die can lie
# on, not a cable), the pixels unlike the blob's own colour, opened by _OPEN_SUB (a
# keyboard's gaps between keys go), make die-like blobs, or peaks CLUTTER_PEAK times the
# smallest die's half-width deep. They take at most INNER_SHARE of the candidates, after
# the tray's own (rendered cluttered tables: found 0.901 -> 0.944; the held-back real
# photos read the same).
SURFACE = 0.5
CLUTTER_BLOBS = 4
CLUTTER_PEAK = 1.2
INNER_SHARE = 12
# A blob over this share of the frame is no thing on the tray but the tray misjudged (pure
# noise: 0.87-1.0; the biggest clutter of the rendered tables 0.26, of the desk photos 0.14).
SURFACE_MAX_SHARE = 0.5
# With no die size known, a surface is over this many times the biggest die's box.
SURFACE_ALONE = 3.0
# A blob whose smallest rectangle is this square and this full is one big die.
BIG_SQUARE_SIDES = 0.8
BIG_SQUARE_FILL = 0.85
_OPEN_SUB = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))


def _one_big_square(inside: Image) -> bool:
    """Whether a blob (its mask in its box) is one filled square: a die too big for this
    scale (its pips are no dice on a surface; a coarser reading sees it whole), not a card,
    keyboard or book."""
    contours, _ = cv2.findContours(inside, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    outline = max(contours, key=cv2.contourArea)
    (_c, (w, h), _a) = cv2.minAreaRect(outline)
    # Holes filled: a white die on a light tray shows as its outline and its pips.
    return bool(min(w, h) >= BIG_SQUARE_SIDES * max(w, h)
                and cv2.contourArea(outline) >= BIG_SQUARE_FILL * w * h)


def _surfaces(labels: NDArray[np.int32], stats: NDArray[np.int32], dist: NDArray[np.float32],
              floor: float, deep: float) -> list[tuple[int, Image]]:
    """The biggest blobs a die may lie on, each with its mask (255 inside) in its box: over
    ``floor`` in area, under half the frame, somewhere ``deep`` from their edge, no big die."""
    area = stats[1:, cv2.CC_STAT_AREA]
    big = np.nonzero((area > floor) & (area <= SURFACE_MAX_SHARE * labels.size))[0] + 1
    out: list[tuple[int, Image]] = []
    for i in big[np.argsort(-stats[big, cv2.CC_STAT_AREA], kind="stable")]:
        x0, y0, bw, bh = (int(v) for v in stats[i, :4])
        inside = (labels[y0:y0 + bh, x0:x0 + bw] == i).astype(np.uint8) * 255
        if cv2.minMaxLoc(dist[y0:y0 + bh, x0:x0 + bw], inside)[1] >= deep and \
                not _one_big_square(inside):
            out.append((int(i), inside))
            if len(out) == CLUTTER_BLOBS:
                break
    return out


def _median_colour(sample: NDArray[np.uint8]) -> NDArray[np.float64]:
    """``np.median(sample, axis=0)`` of (n, 3) pixels by one partition (the same values:
    of two middle ones the mean, exact for whole numbers; a sixth of the search on clutter
    went on np.median's checks)."""
    m = len(sample)
    if m % 2:
        return np.partition(sample, m // 2, axis=0)[m // 2].astype(np.float64)  # type: ignore[no-any-return]
    part = np.partition(sample, (m // 2 - 1, m // 2), axis=0)
    return (part[m // 2 - 1].astype(np.float64) + part[m // 2]) / 2.0  # type: ignore[no-any-return]


def _dice_on_clutter(ycc: Image, labels: NDArray[np.int32], stats: NDArray[np.int32],
                     dist: NDArray[np.float32], die_area: float | None, params: DetectParams,
                     scale: float) -> list[Candidate]:
    """Dice lying on something that is not the tray (a keyboard, a card, a book): inside
    each big blob wider than a die, the pixels unlike that blob's own colour, where they
    make die-like blobs or are as deep as a die."""
    rmin, rmax = params.min_radius * scale, params.max_radius * scale
    # Without two lone dice to measure a die on, a surface must be much bigger than the
    # biggest die: a die too big for this scale is a blob whose pips read as small dice.
    floor = BAND_AREA * die_area if die_area else SURFACE_ALONE * (2 * rmax) ** 2
    surfaces = _surfaces(labels, stats, dist, floor, SURFACE * rmax)
    if not surfaces:
        return []
    big = [i for i, _ in surfaces]
    # Only the box holding the chosen blobs is looked at.
    bx0 = int(stats[big, 0].min())
    by0 = int(stats[big, 1].min())
    bx1 = int((stats[big, 0] + stats[big, 2]).max())
    by1 = int((stats[big, 1] + stats[big, 3]).max())
    sub = np.zeros((by1 - by0, bx1 - bx0), np.uint8)
    for i, inside in surfaces:
        x0, y0, bw, bh = (int(v) for v in stats[i, :4])
        region = ycc[y0:y0 + bh, x0:x0 + bw]
        step = max(1, int(np.sqrt(bw * bh / 1500)))  # a sample is enough for the blob's colour
        sample = region[::step, ::step][inside[::step, ::step] > 0]
        if not len(sample):  # a blob too thin for the sample's grid has no colour to measure
            continue
        own = _median_colour(sample)
        d_y, d_cr, d_cb = cv2.split(cv2.absdiff(region, (*(float(v) for v in own), 0.0)))
        score = cv2.addWeighted(d_y, 0.5, cv2.add(d_cr, d_cb), CHROMA_WEIGHT, 0)
        _, unlike = cv2.threshold(score, params.threshold, 255, cv2.THRESH_BINARY)
        box = sub[y0 - by0:y0 - by0 + bh, x0 - bx0:x0 - bx0 + bw]
        cv2.bitwise_or(box, cv2.bitwise_and(unlike, inside), dst=box)
    sub = cv2.morphologyEx(sub, cv2.MORPH_OPEN, _OPEN_SUB)
    _n, sub_lab, sst, cen = _components(sub)
    like = _die_like(sst, params, scale, fill=DIE_FILL)
    out = [Candidate(float(cen[j, 0] + bx0), float(cen[j, 1] + by0),
                     0.5 * float(np.sqrt(sst[j, cv2.CC_STAT_AREA]))) for j in np.nonzero(like)[0]]
    # Touching dice on clutter, or a die joined to a patch of its own colour, make no
    # die-like blob: the peaks of that mask as deep as a die stand for them.
    sd = cv2.distanceTransform(sub, cv2.DIST_L2, 3)
    size = 2 * int(rmin) + 1
    lm = cv2.dilate(sd, np.ones((size, size), np.uint8))
    ys, xs = np.nonzero((sd >= lm) & (sd >= CLUTTER_PEAK * rmin) & (sd <= rmax))
    keep = ~like[sub_lab[ys, xs]]  # a die-like blob has its centre already
    ys, xs = ys[keep], xs[keep]
    order = np.argsort(-sd[ys, xs], kind="stable")  # the deepest first: the share is small
    out += [Candidate(float(xs[k] + bx0), float(ys[k] + by0), float(sd[ys[k], xs[k]]))
            for k in order]
    return out



def _die_like(stats: NDArray[np.int32], params: DetectParams, scale: float,
              fill: float = 0.0) -> NDArray[np.bool_]:
    """Which components (row 0, the background, never) are compact, die-sized blobs."""
    lo = (2 * params.min_radius * scale) ** 2
    hi = (2 * params.max_radius * scale) ** 2
    w, h, a = (stats[:, k].astype(np.float64) for k in (cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT,
                                                          cv2.CC_STAT_AREA))
    ratio = w / np.maximum(h, 1)
    fill = fill or (DIE_FILL if params.die_half > 0 else 0.6)
    out = (lo <= a) & (a <= hi) & (ratio >= 0.7) & (ratio <= 1.4) & (a >= fill * w * h)
    out[0] = False
    return out  # type: ignore[no-any-return]


def _single_die_area(stats: NDArray[np.int32], params: DetectParams, scale: float) -> float | None:
    """Typical blob area of one die in this frame: the median of compact, die-sized blobs
    (two at least), else the taught die size's. With a taught size, never more than it:
    two dice lying askew on each other can make one squarish blob, and with a single die
    beside such a pair the median was the pair's (a second pair, 1.4 of that, was then
    not split and one of its dice had no candidate). Dice nearer the camera than when
    taught are split in two then: the network puts both centres on the one die."""
    taught = (2.0 * params.die_half * scale) ** 2 if params.die_half > 0 else None
    areas = stats[_die_like(stats, params, scale), cv2.CC_STAT_AREA]
    if len(areas) >= 2:
        median = float(np.median(areas))
        return median if taught is None else min(median, taught)
    return taught


def _seed_budget(clusters: dict[int, int], seeds: float) -> dict[int, int]:
    """How many centres to seed in each merged blob (component -> dice it holds): ``seeds``
    per die while they all fit in :data:`SPLIT_SHARE` of the candidates, else one per die,
    biggest blobs first, as far as they fit."""
    budget = SPLIT_SHARE * MAX_CANDIDATES
    full = {comp: int(np.ceil(k * seeds)) for comp, k in clusters.items()}
    if sum(full.values()) <= budget:
        return full
    out: dict[int, int] = {}
    used = 0
    for comp, k in sorted(clusters.items(), key=lambda kv: -kv[1]):
        if used + k <= budget:
            out[comp] = k
            used += k
    return out


def _split_clusters(
    labels: NDArray[np.int32], stats: NDArray[np.int32], centres: dict[int, int], radius: float,
) -> list[Candidate]:
    """Centres of touching dice: k-means of a blob's pixels, k centres per blob as given
    (about its area over one die's)."""
    out: list[Candidate] = []
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    for comp, k in centres.items():
        x0, y0, bw, bh = (int(v) for v in stats[comp, :4])  # only the blob's box, not the frame
        ys, xs = np.nonzero(labels[y0:y0 + bh, x0:x0 + bw] == comp)
        pts = np.column_stack([xs + x0, ys + y0]).astype(np.float32)
        if len(pts) > 1500:  # a sample is enough to place the centres
            pts = pts[:: len(pts) // 1500 + 1]
        k = min(len(pts), k)
        cv2.setRNGSeed(comp)  # k-means++ seeding draws from OpenCV's global RNG: the same photo
        _, _, centres = cv2.kmeans(pts, k, None, crit, 2, cv2.KMEANS_PP_CENTERS)  # reads the same
        out += [Candidate(float(cx), float(cy), radius) for cx, cy in centres]
    return out


_DETECTOR: list[object] = []


def _aruco() -> Any:
    if not _DETECTOR:
        dictionary = cv2.aruco.getPredefinedDictionary(TRAY_MARKER_DICT)
        _DETECTOR.append(cv2.aruco.ArucoDetector(dictionary))
    return _DETECTOR[0]


def find_tray(bgr: Image) -> NDArray[np.float64] | None:
    """The homography from the frame to a top-down 640x640 tray, when its 4 markers show."""
    if min(bgr.shape[:2]) < 32:  # no room for four markers (and a thin frame has no half size)
        return None
    grey = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
    # Half resolution: markers are big, and this search runs on every frame.
    small = cv2.resize(grey, (grey.shape[1] // 2, grey.shape[0] // 2), interpolation=cv2.INTER_AREA)
    corners, ids, _ = _aruco().detectMarkers(small)
    if ids is None:
        return None
    found: dict[int, NDArray[np.float32]] = {}
    for c, i in zip(corners, ids.ravel(), strict=True):
        if int(i) in TRAY_MARKER_IDS:
            found[int(i)] = c.reshape(4, 2) * 2.0 + 0.5
    if len(found) < 4:
        return None
    # The inner corner of each marker is the tray corner: TL uses the marker's BR, etc.
    inner = [found[0][2], found[1][3], found[2][0], found[3][1]]
    src = np.array(inner, dtype=np.float32)
    dst = np.array([[0, 0], [639, 0], [639, 639], [0, 639]], dtype=np.float32)
    return cv2.getPerspectiveTransform(src, dst)  # type: ignore[no-any-return]
