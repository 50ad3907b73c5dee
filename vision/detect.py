"""Finding dice in a frame: the optional tray warp and the candidate search.

Candidates come from how far each pixel is from a smooth estimate of the tray background
(colour difference plus local edge strength), so any fairly plain tray works without
setup. Touching dice are split by the peaks of the distance transform of that mask. The
search is deliberately generous: the profile's classifier rejects what is not a die.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

Image = NDArray[np.uint8]

# ArUco markers (4x4 dictionary, ids 0..3 clockwise from top-left) mark a tray's corners.
TRAY_MARKER_DICT = cv2.aruco.DICT_4X4_50
TRAY_MARKER_IDS = (0, 1, 2, 3)


@dataclass(frozen=True, slots=True)
class DetectParams:
    """Tuning of the candidate search, stored in each profile."""

    threshold: float = 40.0  # score above which a pixel is "not background"
    edge_weight: float = 1.5  # weight of the local edge strength against colour difference
    min_radius: float = 7.0  # smallest half-width of a die, pixels at 640 px
    max_radius: float = 40.0  # largest half-width of a single die
    separation: float = 1.4  # peaks closer than this many radii are one die
    crop_scale: float = 1.45  # crop half-size as a multiple of the peak radius


@dataclass(frozen=True, slots=True)
class Candidate:
    """A place that may hold a die: centre and half-size in the frame's pixels."""

    x: float
    y: float
    radius: float


def as_bgr(img: NDArray[np.uint8]) -> Image:
    """Accept grey, BGR or BGRA frames; return BGR."""
    if img.ndim == 2:
        return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)  # type: ignore[no-any-return]
    if img.shape[2] == 4:
        return cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)  # type: ignore[no-any-return]
    return img


def foreground_score(bgr: Image) -> Image:
    """How unlike the tray background each pixel is (0..255)."""
    h, w = bgr.shape[:2]
    lab = cv2.cvtColor(bgr, cv2.COLOR_BGR2Lab)
    # A coarse median is the tray: dice are small next to the 15-cell window.
    small = cv2.resize(lab, (80, 80), interpolation=cv2.INTER_AREA)
    bg = cv2.resize(cv2.medianBlur(small, 15), (w, h), interpolation=cv2.INTER_LINEAR)
    d_l, d_a, d_b = cv2.split(cv2.absdiff(lab, bg))
    colour = cv2.addWeighted(d_l, 0.5, cv2.add(d_a, d_b), 2.0, 0)
    edges = cv2.morphologyEx(lab[:, :, 0], cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    return cv2.max(colour, cv2.convertScaleAbs(edges, alpha=1.5))  # type: ignore[no-any-return]


def find_candidates(bgr: Image, params: DetectParams, scale: float = 1.0) -> list[Candidate]:
    """Every blob centre that may be a die, strongest first. ``scale`` = frame size / 640."""
    score = foreground_score(bgr)
    _, mask = cv2.threshold(score, params.threshold, 255, cv2.THRESH_BINARY)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    dist = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    local_max = cv2.dilate(dist, np.ones((5, 5), np.uint8))
    rmin, rmax = params.min_radius * scale, params.max_radius * scale
    ys, xs = np.nonzero((dist >= local_max) & (dist >= rmin) & (dist <= rmax))
    if len(xs) == 0:
        return []
    vals = dist[ys, xs]
    order = np.argsort(-vals, kind="stable")
    kept: list[Candidate] = []
    sep = params.separation
    for i in order[:2000]:  # a noise frame must not make this quadratic loop explode
        x, y, r = float(xs[i]), float(ys[i]), float(vals[i])
        if any((x - c.x) ** 2 + (y - c.y) ** 2 < (sep * max(r, c.radius)) ** 2 for c in kept):
            continue
        kept.append(Candidate(x, y, r))
        if len(kept) >= 200:
            break
    return kept


def find_tray(bgr: Image) -> NDArray[np.float64] | None:
    """The homography from the frame to a top-down 640x640 tray, when its 4 markers show."""
    grey = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(TRAY_MARKER_DICT))
    corners, ids, _ = detector.detectMarkers(grey)
    if ids is None:
        return None
    found: dict[int, NDArray[np.float32]] = {}
    for c, i in zip(corners, ids.ravel(), strict=True):
        if int(i) in TRAY_MARKER_IDS:
            found[int(i)] = c.reshape(4, 2)
    if len(found) < 4:
        return None
    # The inner corner of each marker is the tray corner: TL uses the marker's BR, etc.
    inner = [found[0][2], found[1][3], found[2][0], found[3][1]]
    src = np.array(inner, dtype=np.float32)
    dst = np.array([[0, 0], [639, 0], [639, 639], [0, 639]], dtype=np.float32)
    return cv2.getPerspectiveTransform(src, dst)  # type: ignore[no-any-return]
