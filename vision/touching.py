"""Touching dice: the part of a blob that no die read in it explains.

The candidate search (``vision/detect.py``) gives each blob of its mask centres from its
distance-transform peaks, and splits a merged blob by k-means only when the frame has two
lone dice to measure one die on (or a taught die size). Dice thrown at a real table land
in clusters of 2-4: when every die of a frame lies in one, no die is measured, the blob's
peaks sit where the blob is deepest, and a cluster of four gave one centre. A die partly
under another leaves no peak of its own either.

After the network has read the frame, the dice it read tell their own size and place, so
each blob that holds a read die is looked at once more (:func:`leftover_candidates`): the
mask there, with a disc of :data:`COVER` half-sizes cleared around each die read, keeps
what no die explains. Where that is :data:`LEFTOVER_DEPTH` of a die half-size deep (room
for the half of a die that shows; a side face or a shadow beside a die is thinner) a new
candidate is placed, and those few are read by the network as any other; a die among them
is kept when it is not one already read (``vision/reader.py: SAME_DIE``).
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.detect import Candidate, SearchMaps, _one_big_square, _split_clusters
from vision.profile import Face

Image = NDArray[np.uint8]
Answer = tuple[Face | None, float, float, float, float]  # face, x, y, half-size, confidence

# A read die explains its blob out to this many of its half-sizes (a die's corners reach
# 1.41, its side face and shadow a little past: the thin rest is under LEFTOVER_DEPTH).
COVER = 1.2
# A leftover holds a die when somewhere this many die half-sizes from its edge.
LEFTOVER_DEPTH = 0.6
# A blob over the boxes of the dice read in it and this many more is a surface (a keyboard,
# a book, a row of keys) with a die on it, not a cluster of 2-4: dice on it are the search
# on clutter's.
MORE_DICE = 3
# At most this many new candidates a frame (a cluster of four with one die read gives 3).
MAX_EXTRA = 12
# A blob that fits in this share of the boxes of the dice read in it is explained.
EXPLAINED = 0.9
# Blobs deeper than one die: a candidate when at most DEEP_SPAN times the deepest die the
# search knows and about the square their depth spans (at most DEEP_FILL of it); MAX_DEEP
# a frame.
DEEP_SPAN = 2.2
DEEP_FILL = 2.5
MAX_DEEP = 4
LOOKED_INTO = 16  # blobs whose depth is measured, at most
# With dice read elsewhere in the frame (their box side ``d``), a blob of four is at most
# DEEP_SIDE d deep and 2-5 d^2 in area (a card or a book beside dice is not).
DEEP_SIDE = 1.2
# A die read at a new candidate is kept when its half-size is within this range of the
# half-size the candidate asked for.
SIZE_RANGE = (0.7, 1.4)
# A new candidate's radius, as the search's are: about 0.88 of a die's half-size.
RADIUS = 0.88


def deep_candidates(maps: SearchMaps, max_radius: float, found: list[Answer]) -> list[Candidate]:
    """Centres for each compact blob deeper than one die may be (``max_radius``, the
    search's, in pixels at 640 px: the search gives such a blob no peak), up to
    :data:`DEEP_SPAN` times that: a cluster of four dice lying two by two. Such a blob is
    about two dice wide, its depth one die's side: it is split by k-means into as many
    dice of that side as its area holds (a square of four turned alike, 4), each centre
    half its depth in radius. A blob that is one filled square is left alone (a die too
    big for this working size: a coarser one reads it whole), and so is one that holds a
    die of ``found`` (the dice read: :func:`leftover_candidates` knows their size there).
    In the frame's pixels."""
    rmax = max_radius * maps.scale
    stats = maps.stats
    side = np.minimum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    area = stats[:, cv2.CC_STAT_AREA].astype(np.float64)
    # Only blobs that can be that deep and still that compact are looked into.
    maybe = (side > 2 * rmax) & (area <= DEEP_FILL * (2 * DEEP_SPAN * rmax) ** 2)
    maybe[0] = False
    if found:
        h, w = maps.labels.shape[:2]
        at = np.array([(x, y) for _f, x, y, _r, _c in found], np.float64) * maps.scale
        maybe[maps.labels[np.clip(at[:, 1].astype(np.intp), 0, h - 1),
                          np.clip(at[:, 0].astype(np.intp), 0, w - 1)]] = False
        # The dice read elsewhere tell a die's side here: four of them two by two are
        # about one side deep and two to five boxes in area.
        die = 2 * float(np.median([r for _f, _x, _y, r, _c in found])) * maps.scale
    else:
        die = 0.0
    out: list[Candidate] = []
    split = 0
    for blob in np.nonzero(maybe)[0][:LOOKED_INTO]:
        x0, y0, bw, bh = (int(v) for v in stats[blob, :4])
        inside = (maps.labels[y0:y0 + bh, x0:x0 + bw] == blob).astype(np.uint8) * 255
        depth = float(cv2.minMaxLoc(maps.dist[y0:y0 + bh, x0:x0 + bw], inside)[1])
        # Compact: about the square the depth spans (a band, a keyboard, a book is more).
        if depth <= rmax or depth > DEEP_SPAN * rmax or area[blob] > DEEP_FILL * (2 * depth) ** 2:
            continue
        if die and not (depth <= DEEP_SIDE * die and 2 * die ** 2 <= area[blob] <= 5 * die ** 2):
            continue
        if _one_big_square(inside):
            continue
        k = int(np.clip(np.rint(area[blob] / depth ** 2), 2, 8))
        out += [Candidate(c.x / maps.scale + 0.5, c.y / maps.scale + 0.5, c.radius / maps.scale)
                for c in _split_clusters(maps.labels, stats, {int(blob): k}, RADIUS * 0.5 * depth)]
        split += 1
        if split == MAX_DEEP:
            break
    return out


def leftover_candidates(maps: SearchMaps, found: list[Answer]) -> list[Candidate]:
    """Candidates where a blob of the search's ``maps`` holds more than the dice ``found``
    in it (centres and half-sizes in the frame's pixels) explain; in the frame's pixels."""
    if not found:
        return []
    scale = maps.scale
    labels, stats = maps.labels, maps.stats
    h, w = labels.shape[:2]
    xyr = np.array([(x, y, r) for _f, x, y, r, _c in found], np.float64) * scale
    col = np.clip(xyr[:, 0].astype(np.intp), 0, w - 1)
    row = np.clip(xyr[:, 1].astype(np.intp), 0, h - 1)
    held = labels[row, col]
    out: list[Candidate] = []
    for blob in np.unique(held[held > 0]):
        mine = held == blob
        r = float(np.median(xyr[mine, 2]))  # the dice of one cluster are of one size
        area = float(stats[blob, cv2.CC_STAT_AREA])
        # A die's blob is about 0.8 of its box (4 r^2) on tray photos: one that fits in the
        # boxes of the dice read in it is explained; one of many more dice's is a surface.
        n = int(mine.sum())
        if area <= EXPLAINED * n * (2 * r) ** 2 or area > (n + MORE_DICE) * (2 * r) ** 2:
            continue
        x0, y0, bw, bh = (int(v) for v in stats[blob, :4])
        # The blob in its box with a margin of one pixel: the distance transform takes what
        # lies past the array's edge as inside.
        x0, y0, bw, bh = x0 - 1, y0 - 1, bw + 2, bh + 2
        inside = np.zeros((bh, bw), np.uint8)
        inside[1:-1, 1:-1] = (labels[y0 + 1:y0 + bh - 1, x0 + 1:x0 + bw - 1] == blob).astype(np.uint8) * 255
        near = ((xyr[:, 0] >= x0 - 2 * xyr[:, 2]) & (xyr[:, 0] <= x0 + bw + 2 * xyr[:, 2])
                & (xyr[:, 1] >= y0 - 2 * xyr[:, 2]) & (xyr[:, 1] <= y0 + bh + 2 * xyr[:, 2]))
        for x, y, rr in xyr[near]:  # every die read in or beside this blob explains its disc
            cv2.circle(inside, (round(float(x) - x0), round(float(y) - y0)), round(COVER * float(rr)), 0, -1)
        dist = cv2.distanceTransform(inside, cv2.DIST_L2, 3)
        deep = LEFTOVER_DEPTH * r
        if float(dist.max()) < deep:
            continue
        # The deepest places first, each a die apart (a leftover may hold two dice).
        size = 2 * max(1, int(0.5 * r)) + 1
        peak = (dist >= cv2.dilate(dist, np.ones((size, size), np.uint8))) & (dist >= deep)
        ys, xs = np.nonzero(peak)
        taken: list[tuple[float, float]] = []
        for k in np.argsort(-dist[ys, xs], kind="stable"):
            px, py = float(xs[k] + x0), float(ys[k] + y0)
            if any((px - tx) ** 2 + (py - ty) ** 2 < (1.4 * r) ** 2 for tx, ty in taken):
                continue
            taken.append((px, py))
            out.append(Candidate(px / scale + 0.5, py / scale + 0.5, RADIUS * r / scale))
            if len(out) >= MAX_EXTRA:
                return out
    return out


def new_dice(found: list[Answer], more: list[Answer], looked: list[Candidate],
             same: float) -> list[Answer]:
    """The answers of ``more`` (read at the candidates ``looked``) that are new dice: of
    about the size the candidate nearest to each asked for (:data:`SIZE_RANGE`: the
    network, cut a crop on a keyboard's keys or over a whole cluster, can answer one die
    the size of them all) and no die of ``found`` (closer than ``same`` times the bigger
    half-size); surest first, each also apart from the ones taken before it."""
    if not more or not looked:
        return []
    cx = np.array([c.x for c in looked])
    cy = np.array([c.y for c in looked])
    want = np.array([c.radius for c in looked]) / RADIUS
    kept = list(found)
    out: list[Answer] = []
    lo, hi = SIZE_RANGE
    for d in sorted(more, key=lambda a: -a[4]):
        _f, x, y, r, _c = d
        ask = float(want[int(np.argmin((cx - x) ** 2 + (cy - y) ** 2))])
        if not lo * ask <= r <= hi * ask:
            continue
        if any((x - kx) ** 2 + (y - ky) ** 2 < (same * max(r, kr)) ** 2 for _g, kx, ky, kr, _k in kept):
            continue
        kept.append(d)
        out.append(d)
    return out
