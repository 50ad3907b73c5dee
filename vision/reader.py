"""Reading every die in one frame against a profile."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from vision import pipcount
from vision.bodycheck import drop_small_unsure, keep_bodies
from vision.detect import Candidate, DetectParams, SearchMaps, as_bgr, find_candidates, find_tray
from vision.facenet import refine
from vision.features import FEATURE_SIZE, cut_patch, describe, die_angle
from vision.images import LoadedImage
from vision.net import CROP_MARGIN, DieNet, NetAnswer, cut_many
from vision.profile import Face, Profile
from vision.scale import big_dice, grainy, working_size
from vision.touching import deep_candidates, leftover_candidates, new_dice

WORK_SIZE = 640  # frames are read at this longest side; dice sizes in profiles assume it
BOX_SCALE = 1.25  # reported box half-size as a multiple of the candidate radius
# The die network's first look at a candidate: crop half-size per candidate radius (the
# search's radius is about 0.88 of a die's half-size on real photos, so this is centred
# crops' margin). Its second look is re-centred and re-sized by the first one's answer.
FIRST_LOOK = CROP_MARGIN / 0.88
SECOND_LOOK = 0.25  # candidates this likely to be a die get the second look
HEAD_LOOK = 0.5  # a taught classifier's "not a die" under this also sends a candidate to a second look
SAME_PLACE = 0.5  # first looks pointing closer than this many die half-sizes: one second look
SAME_DIE = 1.0  # two answers closer than this many die half-sizes are one die (touching: 2)
LEFTOVER_ROUNDS = 3  # looks at what the dice read leave of their blobs (vision/touching.py)
# A second look that says the die is not where its crop was centred (moved by more than
# THIRD_MOVE of the crop's half-size, or THIRD_GROW off in size, as a log) is taken again
# there: the third look's answer replaces it (see read_with_net).
THIRD_MOVE = 0.2
THIRD_GROW = 0.1
FULL_LOOK = 4  # quarter turns of the crop for a die the reader would otherwise decline


@dataclass(frozen=True, slots=True)
class DieFound:
    face: Face | None  # None: a die is there but its face is not certain
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 in the frame as given
    confidence: float

    def as_json(self) -> dict[str, object]:
        return {"face": self.face, "box": list(self.box), "confidence": round(self.confidence, 3)}


@dataclass(frozen=True, slots=True)
class FrameReading:
    dice: tuple[DieFound, ...]
    ms: float
    tray_found: bool = False

    def faces(self) -> list[Face | None]:
        return [d.face for d in self.dice]


def candidate_features(
    bgr: NDArray[np.uint8], cands: list[Candidate], params: DetectParams
) -> NDArray[np.float32]:
    if not cands:
        return np.zeros((0, FEATURE_SIZE), np.float32)
    rows = []
    for c in cands:
        half = c.radius * params.crop_scale
        patch = cut_patch(bgr, c.x, c.y, half, die_angle(bgr, c.x, c.y, half))
        rows.append(describe(patch, params.face_fraction))
    return np.stack(rows)


def _scaled(frame: NDArray[np.uint8], size: int, cache: dict[int, NDArray[np.uint8]]) -> NDArray[np.uint8]:
    """``frame`` (BGR) resized to a longest side of ``size``; sizes under 640 are made from
    the 640 px one when it is in ``cache`` (cheaper than from a big frame)."""
    if size in cache:
        return cache[size]
    h, w = frame.shape[:2]
    factor = size / max(h, w)
    src = cache[WORK_SIZE] if size < WORK_SIZE and WORK_SIZE in cache else frame
    img = src
    if (src.shape[0], src.shape[1]) != (max(1, round(h * factor)), max(1, round(w * factor))):
        shrink = size < max(src.shape[:2])
        img = cv2.resize(src, (max(1, round(w * factor)), max(1, round(h * factor))),
                         interpolation=cv2.INTER_AREA if shrink else cv2.INTER_LINEAR)
    cache[size] = img
    return img


def _warp(frame: NDArray[np.uint8], size: int, tray: NDArray[np.float64] | None,
          cache: dict[int, NDArray[np.uint8]]) -> tuple[NDArray[np.uint8], NDArray[np.float64]]:
    """The working image at ``size`` and its map back to the frame; ``tray`` is the
    markers' homography found at 640 px (None: no markers), applied at this size."""
    factor = size / max(frame.shape[:2])
    work = _scaled(frame, size, cache)
    to_frame = np.diag([1.0 / factor, 1.0 / factor, 1.0])
    if tray is not None:
        k = size / WORK_SIZE
        homography = np.diag([k, k, 1.0]) @ tray @ np.diag([1.0 / k, 1.0 / k, 1.0])
        work = cv2.warpPerspective(work, homography, (size, size))
        to_frame = to_frame @ np.linalg.inv(homography)
    return work, to_frame


def prepare(
    frame: NDArray[np.uint8], use_tray_markers: bool = True
) -> tuple[NDArray[np.uint8], NDArray[np.float64], bool]:
    """The working image (640 px, top-down when the tray's markers show) and the map back."""
    bgr = as_bgr(np.ascontiguousarray(frame, dtype=np.uint8))
    cache: dict[int, NDArray[np.uint8]] = {}
    base = _scaled(bgr, WORK_SIZE, cache)
    tray = find_tray(base) if use_tray_markers else None
    work, to_frame = _warp(bgr, WORK_SIZE, tray, cache)
    return work, to_frame, tray is not None


# The working scale is chosen from the image: when the 640 px reading finds no die, or
# dice whose half-size is under SMALL_DIE (over BIG_DIE) px, the frame is read again at
# twice (half) the size, up to 2,560 px and 1.5x the frame's own size (down to 160),
# and the reading with the surer dice kept (the sum of their confidences). The search
# and the network know dice of 14-80 px at the working size; this reads dice of about
# 7 to 300 px at 640 px. A third of the dice unreadable (two at least) also tries
# coarser: dice too big for the search show as their pips.
SMALL_DIE = 9.0
BIG_DIE = 34.0
FINEST = 2560
COARSEST = 160
# A die read under this confidence may be a pip of a die too big for the working size: a
# die seen at a coarser size (read at PIP_LIKE or surer) takes over the ones it holds
# when they are under PIP_SHARE of its size (see _absorb).
PIP_LIKE = 0.8
PIP_SHARE = 0.6
FLAT = 24  # a 640 px frame whose grey levels span less than this holds no die: no other scale

Found = list[tuple[Face | None, float, float, float, float]]
Reading = tuple[Found, NDArray[np.float64]]


def _read_at(frame: NDArray[np.uint8], profile: Profile, size: int, tray: NDArray[np.float64] | None,
             cache: dict[int, NDArray[np.uint8]], searched: dict[int, Searched] | None = None) -> Reading:
    """The dice at one working size (``searched``: the working frame and the search's blobs
    are kept there by size, for the touching dice's look at the size chosen)."""
    work, to_frame = _warp(frame, size, tray, cache)
    assert profile.net is not None
    detect = _detect_at(profile, size)
    maps: list[SearchMaps] = []
    found = read_with_net(work, find_candidates(work, detect, maps), profile.net, profile)
    if searched is not None and maps:
        searched[size] = (work, to_frame, maps[0])
    # A die has a body that ends around it; a dot on a card does not (vision/bodycheck.py).
    found = keep_bodies(work, found)
    return _big_enough(found, detect.die_half), to_frame


Searched = tuple[NDArray[np.uint8], NDArray[np.float64], SearchMaps]


def _detect_at(profile: Profile, size: int) -> DetectParams:
    detect = profile.detect
    if detect.die_half > 0 and size != WORK_SIZE:  # the taught die size, at this scale
        detect = replace(detect, die_half=detect.die_half * size / WORK_SIZE)
    return detect


def _touching(profile: Profile, reading: Reading, searched: dict[int, Searched]) -> Found:
    """The chosen reading's dice and the touching dice it missed (``vision/touching.py``):
    blobs too deep for one die (four dice two by two) and what of a blob the dice read in
    it leave, looked at while that finds dice (a cluster of four read one die at a time).
    Only at the working size chosen, whose search is in ``searched``: the choice of size
    is made as before, and the dice read are kept, with new ones beside them."""
    found, to_frame = reading
    size = next((k for k, (_w, t, _m) in searched.items() if t is to_frame), None)
    if size is None or profile.net is None or not profile.detect.touching_look:
        return found
    work, _t, maps = searched[size]
    detect = _detect_at(profile, size)
    found = list(found)
    extra = deep_candidates(maps, detect.max_radius, found)
    for _round in range(LEFTOVER_ROUNDS):
        extra += leftover_candidates(maps, found)
        more = new_dice(found, read_with_net(work, extra, profile.net, profile), extra,
                        SAME_DIE) if extra else []
        more = _big_enough(keep_bodies(work, more), detect.die_half)
        if not more:
            break
        found += more
        extra = []
    return found


# A taught profile knows its dice's size (the labelled dice's median half-size): a "die"
# under this share of it is not one of them (a network tuned on a few photos read the
# noise of a dark tray as dice a third of the size of the real ones). The user may hold
# the camera nearer or farther than when teaching: 2.5x smaller is still read.
TAUGHT_SIZE_FLOOR = 0.4


def _big_enough(found: Found, die_half: float) -> Found:
    """``found`` without the dice under :data:`TAUGHT_SIZE_FLOOR` of ``die_half`` (a taught
    profile's dice size at this scale; 0, as for the built-ins: all kept)."""
    if die_half <= 0:
        return found
    return [d for d in found if d[3] >= TAUGHT_SIZE_FLOOR * die_half]


def _sure(found: Found) -> float:
    return sum(conf for face, *_xyr, conf in found if face is not None)


def _median_half(found: Found) -> float:
    return float(np.median([r for _f, _x, _y, r, _c in found])) if found else 0.0


def _unsure(found: Found) -> bool:
    """Whether a third of the dice (two at least) are unreadable: dice too big for the
    working size show as their pips, read as small unsure "dice"."""
    return sum(face is None for face, *_rest in found) >= max(2, len(found) / 3)


def _unsure_any(found: Found) -> bool:
    """Whether any die is unreadable: the pips of a die too big for the working size are
    read as small, unsure "dice" (a big 1's pip is one such). (Any die under
    :data:`PIP_LIKE` read twice as many frames of the held-back dev photos again, for
    two more desk dice 3x up, and took the dev photos' p95 past 33 ms.)"""
    return any(face is None for face, *_rest in found)


def _at(found: Found, factor: float) -> Found:
    """A reading's dice with centres and sizes multiplied by ``factor`` (another scale)."""
    return [(f, x * factor, y * factor, r * factor, c) for f, x, y, r, c in found]


def _absorb(fine: Found, coarse: Found) -> Found:
    """``fine`` with the dice of ``coarse`` (same pixels) that hold its smaller ones: at a
    coarser scale a die too big for the fine one is seen whole, where the fine one read
    its pips as dice. A coarse die read at :data:`PIP_LIKE` or surer takes over the fine
    dice whose centres lie on it when each is under :data:`PIP_SHARE` of its size and
    they are unsure (read under :data:`PIP_LIKE`) or, on a pip die showing 2 or more, as
    many as its pips, and no other fine die overlaps it (a cluster of dice seen as one big die has other
    dice on its edge, and more dice than its face has pips)."""
    out = list(fine)
    for face, x, y, r, conf in coarse:
        if face is None or conf < PIP_LIKE:
            continue
        inside = [d for d in out if abs(d[1] - x) < r and abs(d[2] - y) < r]
        if not inside or not all(d[3] < PIP_SHARE * r for d in inside):
            continue
        # (A lone die seen from a coarser scale looks like a 1's pip: one sure die is kept.)
        pips = isinstance(face, int) and face >= 2 and len(inside) == face
        if not pips and not all(d[4] < PIP_LIKE for d in inside):
            continue
        rest = [d for d in out if d not in inside]
        if any(abs(d[1] - x) < r + d[3] and abs(d[2] - y) < r + d[3] for d in rest):
            continue
        out = [*rest, (face, x, y, r, conf)]
    return out


def _rescale(frame: NDArray[np.uint8], profile: Profile, tray: NDArray[np.float64] | None,
             cache: dict[int, NDArray[np.uint8]], first: Reading,
             known: dict[int, Reading] | None = None,
             searched: dict[int, Searched] | None = None) -> Reading:
    """The reading at the working scale that suits the dice, starting from 640 px's
    (``known``: readings at other sizes already made)."""
    known = known or {}
    best = first
    best_size = WORK_SIZE
    half = _median_half(first[0])
    unsure = _unsure(first[0])
    pip_like = _unsure_any(first[0])
    if first[0] and SMALL_DIE <= half <= BIG_DIE and not unsure and not pip_like:
        return best
    grey = cv2.cvtColor(cache[WORK_SIZE], cv2.COLOR_BGR2GRAY)
    lo, hi, _, _ = cv2.minMaxLoc(grey)
    if hi - lo < FLAT:
        return best
    if not first[0] or half < SMALL_DIE:  # small dice (or none): finer
        size = WORK_SIZE
        # Never blown up past 1.5x the frame's own pixels: a finer look at a frame that has
        # no finer detail finds nothing new, or worse, the pips of big dice read as 1s.
        finest = min(FINEST, 1.5 * max(frame.shape[:2]))
        while size * 2 <= finest:
            size *= 2
            got = _read_at(frame, profile, size, tray, cache, searched)
            cache.pop(size, None)  # big: not kept
            if _sure(got[0]) <= _sure(best[0]):
                break
            best, best_size = got, size
            if _median_half(got[0]) >= SMALL_DIE:
                break
    coarser = not first[0] or half > BIG_DIE or unsure  # big dice (or none)
    if coarser or pip_like:
        # Coarser sizes, each a quarter of the pixels of the one before. When the dice
        # looked big or unsure, a surer coarser reading replaces the one so far (with no
        # die at 640 px only as long as each size is surer: noise blurred to 160 px looks
        # like dice). Coarser sizes are read while unsure dice are left: a die three times
        # too big shows whole only at the coarsest, its pips as dice at every size
        # between, and a die seen whole takes over the pips read as dice
        # (:func:`_absorb`).
        size = WORK_SIZE
        switching = coarser
        while size // 2 >= COARSEST:
            size //= 2
            got = known[size] if size in known else _read_at(frame, profile, size, tray, cache, searched)
            merged = (_absorb(best[0], _at(got[0], best_size / size)), best[1])
            if switching and _sure(got[0]) > _sure(merged[0]):
                best, best_size = got, size
                if _median_half(got[0]) <= BIG_DIE and not _unsure(got[0]):
                    switching = False
                continue
            switching = switching and bool(first[0])
            best = merged
            if not _unsure_any(best[0]):
                break
    return best


def _big_dice(frame: NDArray[np.uint8], profile: Profile, tray: NDArray[np.float64] | None,
              cache: dict[int, NDArray[np.uint8]], first: Reading,
              known: dict[int, Reading], searched: dict[int, Searched] | None = None) -> Reading | None:
    """The reading at the size that suits the frame's big dice, or None when it has none
    (:mod:`vision.scale`): looked for only when the 640 px reading is empty or has half
    its dice or more read under :data:`PIP_LIKE` (a big die's pips are read so; on the
    held-back tray photos 2 frames of 50, 21 if one such die sent the frame to it), in a
    frame that is not flat (nor, when empty, grainy). The coarse reading it makes is left
    in ``known``."""
    if first[0] and 2 * sum(d[4] < PIP_LIKE for d in first[0]) < len(first[0]):
        return None
    grey = cv2.cvtColor(cache[WORK_SIZE], cv2.COLOR_BGR2GRAY)
    lo, hi, _, _ = cv2.minMaxLoc(grey)
    if hi - lo < FLAT or (not first[0] and grainy(grey)):
        return None
    probe = _read_at(frame, profile, COARSEST, tray, cache, searched)
    known[COARSEST] = probe
    halves = big_dice(first[0], probe[0], WORK_SIZE / COARSEST)
    if not halves:
        return None
    size = working_size(halves, WORK_SIZE, COARSEST)
    return probe if size == COARSEST else _read_at(frame, profile, size, tray, cache, searched)


def read_frame(
    frame: NDArray[np.uint8], profile: Profile, use_tray_markers: bool = True,
    auto_scale: bool = True,
) -> FrameReading:
    """Find and read every die in ``frame``; boxes are in the frame's own pixels.

    With ``auto_scale`` (network profiles) the working scale follows the dice: see
    :data:`SMALL_DIE`."""
    t0 = time.perf_counter()
    if frame is None or frame.size == 0 or frame.ndim not in (2, 3):
        return FrameReading((), 0.0)
    h, w = frame.shape[:2]
    if profile.net is not None:
        bgr = as_bgr(np.ascontiguousarray(frame, dtype=np.uint8))
        cache: dict[int, NDArray[np.uint8]] = {}
        base = _scaled(bgr, WORK_SIZE, cache)
        tray = find_tray(base) if use_tray_markers else None
        searched: dict[int, Searched] = {}
        reading = _read_at(bgr, profile, WORK_SIZE, tray, cache, searched)
        if auto_scale and min(h, w) >= 32:
            known: dict[int, Reading] = {}
            big = _big_dice(bgr, profile, tray, cache, reading, known, searched)
            reading = big if big is not None else _rescale(bgr, profile, tray, cache, reading, known,
                                                           searched)
        found, to_frame = _touching(profile, reading, searched), reading[1]
        found = drop_small_unsure(found)  # after the scale is chosen: unsure pips lead it
        boxes = _boxes(np.array([(x, y, r / BOX_SCALE) for _f, x, y, r, _c in found]).reshape(-1, 3),
                       to_frame, w, h)
        dice = [DieFound(f, b, conf) for (f, _x, _y, _r, conf), b in zip(found, boxes, strict=True)]
        dice.sort(key=lambda d: (d.box[1], d.box[0]))
        return FrameReading(tuple(dice), (time.perf_counter() - t0) * 1000.0, tray is not None)
    work, to_frame, tray_found = prepare(frame, use_tray_markers)
    cands = find_candidates(work, profile.detect)
    feats = candidate_features(work, cands, profile.detect)
    dice: list[DieFound] = []
    if len(cands):
        probs = profile.classifier.probabilities(feats)
        dieness = 1.0 - probs[:, 0]
        keep = [i for i in np.argsort(-dieness) if probs[i, 0] <= profile.max_background]
        taken: list[tuple[float, float, float]] = []
        kept: list[int] = []
        for i in keep:
            c = cands[i]
            # One die may give two peaks: keep the surer one.
            if any(abs(c.x - x) < r and abs(c.y - y) < r for x, y, r in taken):
                continue
            taken.append((c.x, c.y, c.radius * BOX_SCALE * 0.9))
            kept.append(int(i))
        counting = profile.counts_pips()
        half = pipcount.frame_half([cands[i].radius for i in kept]) if counting else 0.0
        for i in kept:
            c = cands[i]
            face_p = probs[i, 1:] / max(float(dieness[i]), 1e-6)
            best = int(np.argmax(face_p))
            conf = float(face_p[best])
            if counting and conf < pipcount.TRUST:  # the classifier is unsure: count pips
                best, conf = pipcount.fuse(face_p, pipcount.read_die(work, c.x, c.y, half))
            face: Face | None = profile.faces[best] if conf >= profile.min_confidence else None
            dice.append(DieFound(face, _box(c, to_frame, w, h), conf))
    dice.sort(key=lambda d: (d.box[1], d.box[0]))
    ms = (time.perf_counter() - t0) * 1000.0
    return FrameReading(tuple(dice), ms, tray_found)


def read_loaded(img: LoadedImage, profile: Profile, use_tray_markers: bool = True) -> FrameReading:
    """:func:`read_frame` on a decoded file (:mod:`vision.images`), boxes in the file's pixels."""
    r = read_frame(img.pixels, profile, use_tray_markers)
    dice = tuple(DieFound(d.face, img.to_file(d.box), d.confidence) for d in r.dice)
    return FrameReading(dice, r.ms, r.tray_found)


def box_in_work(box: Sequence[float], to_work: NDArray[np.float64]) -> tuple[float, float, float, float]:
    """A box in the frame's pixels as an upright box in the working image's pixels."""
    x0, y0, x1, y1 = box
    pts = np.array([[[x0, y0]], [[x1, y0]], [[x1, y1]], [[x0, y1]]], dtype=np.float64)
    q = cv2.perspectiveTransform(pts, to_work).reshape(4, 2)
    (a0, b0), (a1, b1) = q.min(axis=0), q.max(axis=0)
    return float(a0), float(b0), float(a1), float(b1)


def _box(c: Candidate, to_frame: NDArray[np.float64], w: int, h: int) -> tuple[int, int, int, int]:
    return _boxes(np.array([[c.x, c.y, c.radius]]), to_frame, w, h)[0]


def _boxes(xyr: NDArray[np.float64], to_frame: NDArray[np.float64], w: int, h: int
           ) -> list[tuple[int, int, int, int]]:
    """Frame boxes of candidates (x, y, radius) in the working image, all in one transform."""
    if not len(xyr):
        return []
    r = xyr[:, 2:3] * BOX_SCALE
    signs = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float64)
    pts = xyr[:, None, :2] + signs[None] * r[:, :, None]  # (n, 4, 2)
    mapped = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), to_frame).reshape(-1, 4, 2)
    lo = np.rint(mapped.min(axis=1))
    hi = np.rint(mapped.max(axis=1))
    lo = np.clip(lo, 0, [w - 1, h - 1]).astype(int)
    hi = np.clip(hi, 0, [w - 1, h - 1]).astype(int)
    return [(int(a), int(b), int(c), int(d)) for (a, b), (c, d) in zip(lo, hi, strict=True)]


def _looks(work: NDArray[np.uint8], net: DieNet, xs: NDArray[np.float64], ys: NDArray[np.float64],
           halves: NDArray[np.float64], views: int = 1, mirror: bool = False
           ) -> tuple[NetAnswer, NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """The network on crops at (xs, ys, halves), and where it says the dice are (centre x, y
    and a centred crop's half-size). With ``views`` > 1 the face is the average over the
    crop turned by quarter turns (a die reads the same turned; a network nearly does);
    ``mirror`` adds those views mirrored (pip dice: training mirrors them)."""
    crops = cut_many(work, xs, ys, halves)
    n = len(crops)
    turned = [np.rot90(crops, k, axes=(1, 2)) for k in range(1, views)]
    if mirror:
        flipped = crops[:, :, ::-1]
        turned += [np.rot90(flipped, k, axes=(1, 2)) for k in range(views)]
    looks = 1 + len(turned)
    if turned:
        crops = np.concatenate([crops, *turned])
    ans = net.run(crops)
    if looks > 1:
        probs = ans.probs.reshape(looks, n, -1).mean(axis=0)
        ans = NetAnswer(probs, ans.base_die[:n], ans.offsets[:n], ans.embedding[:n])
    off = ans.offsets.astype(np.float64)
    nx = xs + np.clip(off[:, 0], -1.5, 1.5) * halves
    ny = ys + np.clip(off[:, 1], -1.5, 1.5) * halves
    nh = halves * np.exp(np.clip(off[:, 2], -0.9, 0.9))
    return ans, nx, ny, nh


def _distinct(idx: NDArray[np.intp], score: NDArray[np.float32], xs: NDArray[np.float64],
              ys: NDArray[np.float64], halves: NDArray[np.float64]) -> NDArray[np.intp]:
    """Of first looks that point at the same place (within half a die half-size), the surest:
    two candidates on one die need one second look, not two."""
    kept: list[int] = []
    for i in idx[np.argsort(-score[idx], kind="stable")]:
        r = SAME_PLACE * halves[i] / CROP_MARGIN
        if all((xs[i] - xs[j]) ** 2 + (ys[i] - ys[j]) ** 2 >= r * r for j in kept):
            kept.append(int(i))
    return np.array(sorted(kept), np.intp)


def read_with_net(
    work: NDArray[np.uint8], cands: list[Candidate], net: DieNet, profile: Profile
) -> list[tuple[Face | None, float, float, float, float]]:
    """Face (or None), centre, half-size and confidence of every die among ``cands``."""
    if not cands:
        return []
    xs = np.array([c.x for c in cands], np.float64)
    ys = np.array([c.y for c in cands], np.float64)
    halves = np.array([c.radius for c in cands], np.float64) * FIRST_LOOK
    first, x1, y1, h1 = _looks(work, net, xs, ys, halves)
    looked = first.base_die >= profile.second_look
    if net.head is not None:
        # A taught profile's own classifier knows the user's dice, which the base network
        # may doubt (a colour or art it has never seen): its "a die" counts as much.
        looked |= first.probs[:, 0] < HEAD_LOOK
    again = np.nonzero(looked)[0]
    if net.head is None:
        # One second look per place saves time. A taught profile keeps them all: its own
        # classifier picks among them better than the base network's first answer can
        # (rendered olive dice after teach: 0.991 with all, 0.982 with one per place).
        again = _distinct(again, first.base_die, x1, y1, h1)
    if len(again) == 0:
        return []
    xs2, ys2 = x1[again], y1[again]
    second, x2, y2, h2 = _looks(work, net, xs2, ys2, h1[again], profile.views)
    p2 = second.probs
    # A second look that finds a die, but off its crop's centre (the first look's placing
    # was off: a die beside another, a side face in view, a die too big for the first
    # crop), read the face from a crop that does not frame it. Those few are looked at
    # once more where the second look puts them. (Not the candidates it calls no die:
    # on cluttered tables that cost time and gave more false dice than dice.)
    moved = np.hypot(x2 - xs2, y2 - ys2) / h1[again]
    off_centre = (moved > THIRD_MOVE) | (np.abs(np.log(h2 / h1[again])) > THIRD_GROW)
    off = np.nonzero(off_centre & (p2[:, 0] <= profile.max_background))[0]
    crop = h1[again]  # the half-size of the crop each face was read from
    if len(off):
        third, _x3, _y3, h3 = _looks(work, net, x2[off], y2[off], h2[off], profile.views)
        p2 = p2.copy()
        p2[off] = third.probs
        xs2, ys2, h2, crop = xs2.copy(), ys2.copy(), h2.copy(), crop.copy()
        xs2[off], ys2[off], crop[off] = x2[off], y2[off], h2[off]
        h2[off] = h3
    # A die about to be declined (its face under min_confidence) is looked at from every
    # side first: the same crop at four quarter turns, mirrored too for pip dice, averaged.
    # One or two views of a die whose pips barely show (dark marbled dice, red pips) can
    # lean to a wrong face where the eight agree.
    face_sure = (p2[:, 1:] / np.maximum(1.0 - p2[:, :1], 1e-6)).max(axis=1)
    unsure = np.nonzero((face_sure < profile.min_confidence) & (p2[:, 0] <= profile.max_background))[0]
    if len(unsure) and profile.views < FULL_LOOK:
        full, *_ = _looks(work, net, xs2[unsure], ys2[unsure], crop[unsure], FULL_LOOK,
                          mirror=profile.base == "pips")
        p2 = p2.copy()
        p2[unsure] = full.probs
    if profile.face_net is not None and net.head is None:  # a finer look at faces still unsure
        p2 = refine(work, profile.face_net, xs2, ys2, crop, p2, profile.max_background)
    die = 1.0 - p2[:, 0]
    order = [i for i in np.argsort(-die, kind="stable") if p2[i, 0] <= profile.max_background]
    out: list[tuple[Face | None, float, float, float, float]] = []
    taken: list[tuple[float, float, float]] = []
    for i in order:
        # Where the last look was taken (a die centred already), at the size it saw.
        x, y, r = float(xs2[i]), float(ys2[i]), float(h2[i]) / CROP_MARGIN
        if any((x - tx) ** 2 + (y - ty) ** 2 < (SAME_DIE * max(r, tr)) ** 2 for tx, ty, tr in taken):
            continue
        taken.append((x, y, r))
        face_p = p2[i, 1:] / max(float(die[i]), 1e-6)
        best = int(np.argmax(face_p))
        conf = float(face_p[best])
        out.append((profile.faces[best] if conf >= profile.min_confidence else None, x, y, r, conf))
    return out

