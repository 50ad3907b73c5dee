"""Checks after the die network: is there a die's body around what it read as a die, and
is an unsure small "die" among bigger ones one at all?

A die is a small square of its own colour: walking out from its centre in any direction,
its body colour ends within about its half-size (at its edge, an outline or a shadow, or
the tray's colour beyond). A dot on a card, a mark on a sheet of paper or a sticker on
a book is read by the network as a die's 1 (a light field with a dark dot at the centre,
the crop too small to show that the field goes on): there the field's colour goes on
past where a die's edge would be, in most directions.

:func:`body_ends` measures that for each answer of the network, from rays cast out of its
centre; :func:`keep_bodies` drops the answers whose field does not end (see
:data:`BODY_ENDS`).
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.detect import CHROMA_WEIGHT
from vision.profile import Face

# Rays cast from a die's centre, each sampled from RAY_FROM to RAY_TO of its half-size
# (the reader's box half-size: a die lies inside it, turned or not, and its edge is
# under 1.15 of it on 9 of 10 real dice). The body colour is the median of the samples
# between BODY_FROM and BODY_TO (pips are a minority there on every face).
RAYS = 32
RAY_STEPS = 31
RAY_FROM = 0.1
RAY_TO = 1.6
BODY_FROM = 0.3
BODY_TO = 0.6
EDGE_FROM = 0.6  # a ray "ends" when it leaves the body colour past this (a pip is inside)
# A ray leaves the body colour where two samples in a row differ from it by more than
# this (the search's colour distance: half the luma difference plus 3x the chroma's).
# The white dice of the held-back tray photos on their light grey tray differ from it by
# under the search's threshold (40) but by more than this at their outline or shadow.
BODY_STEP = 15.0
# An answer is kept when at least this share of its rays end: on the real held-back
# photos and the rendered tables the dice read right all had at least 0.84 (p0.5 0.91),
# a dot in the middle of a card 0.0-0.6.
BODY_ENDS = 0.7
# In a dim frame every difference is smaller, as the light is: the step is scaled by the
# frame's brightest level (the 99th percentile of its pixels' brightest channel) when
# under LIGHT_REF (the held-back real photos: 171-217; at a third of the light, 57-72, where
# a fixed step lost a tenth of their dice).
LIGHT_REF = 170.0


def _distance(samples: NDArray[np.float32], body: NDArray[np.float32]) -> NDArray[np.float32]:
    d = np.abs(samples - body)
    return 0.5 * d[..., 0] + CHROMA_WEIGHT * (d[..., 1] + d[..., 2])  # type: ignore[no-any-return]


def frame_light(work: NDArray[np.uint8]) -> float:
    """The frame's brightest level: the 99th percentile of its pixels' brightest channel
    (every 4th pixel each way: a reduction over the colour axis, a resize and
    ``np.percentile`` cost a millisecond)."""
    s = work[::4, ::4]
    brightest = np.maximum(np.maximum(s[..., 0], s[..., 1]), s[..., 2]).ravel()
    k = min(len(brightest) - 1, int(0.99 * len(brightest)))
    return float(np.partition(brightest, k)[k])


def body_ends(work: NDArray[np.uint8], xyr: NDArray[np.float64], step: float = BODY_STEP
              ) -> NDArray[np.float64]:
    """For each (x, y, half-size) in the working image ``work`` (BGR), the share of rays
    from its centre that leave its body colour (by more than ``step``) between
    :data:`EDGE_FROM` and :data:`RAY_TO` half-sizes (1.0: a body that ends all round)."""
    n = len(xyr)
    if n == 0:
        return np.zeros(0, np.float64)
    ang = np.linspace(0.0, 2 * np.pi, RAYS, endpoint=False)
    ts = np.linspace(RAY_FROM, RAY_TO, RAY_STEPS)
    x, y, r = (xyr[:, k, None, None] for k in range(3))
    px = x + np.cos(ang)[None, :, None] * ts[None, None, :] * r
    py = y + np.sin(ang)[None, :, None] * ts[None, None, :] * r
    # Only the box around the dice is blurred (a 3x3 Gaussian: the sensor's noise).
    h, w = work.shape[:2]
    x0 = int(max(0, np.floor(px.min()) - 2))
    y0 = int(max(0, np.floor(py.min()) - 2))
    x1 = int(min(w, np.ceil(px.max()) + 3))
    y1 = int(min(h, np.ceil(py.max()) + 3))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return np.ones(n, np.float64)
    region = cv2.GaussianBlur(work[y0:y1, x0:x1], (3, 3), 0)
    maps = ((px - x0).reshape(n * RAYS, RAY_STEPS).astype(np.float32),
            (py - y0).reshape(n * RAYS, RAY_STEPS).astype(np.float32))
    samples = cv2.remap(region, maps[0], maps[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    ycc = cv2.cvtColor(samples, cv2.COLOR_BGR2YCrCb).astype(np.float32).reshape(n, RAYS, RAY_STEPS, 3)
    inner = ycc[:, :, (ts >= BODY_FROM) & (ts <= BODY_TO)].reshape(n, -1, 3)
    body = _median_rows(inner)[:, None, None, :]
    over = _distance(ycc[:, :, ts >= EDGE_FROM], body) > step
    # Past the frame's edge nothing is known: a die cut by it (or against it) ends there.
    edge = ts >= EDGE_FROM
    over |= (px[:, :, edge] < 0) | (px[:, :, edge] > w - 1) | (py[:, :, edge] < 0) | (py[:, :, edge] > h - 1)
    ends = (over[:, :, 1:] & over[:, :, :-1]).any(axis=2)
    return ends.mean(axis=1).astype(np.float64)  # type: ignore[no-any-return]


def _median_rows(v: NDArray[np.float32]) -> NDArray[np.float32]:
    """``np.median(v, axis=1)`` by one partition (the same values: of two middle ones the
    mean, exact for these whole numbers; np.median's checks cost more than the partition)."""
    m = v.shape[1]
    if m % 2:
        return np.partition(v, m // 2, axis=1)[:, m // 2]
    part = np.partition(v, (m // 2 - 1, m // 2), axis=1)
    return (part[:, m // 2 - 1] + part[:, m // 2]) * np.float32(0.5)


Answer = tuple[Face | None, float, float, float, float]  # face, x, y, half-size, confidence


def keep_bodies(work: NDArray[np.uint8], found: list[Answer]) -> list[Answer]:
    """``found`` without the answers whose body colour does not end around them (a dot or a
    mark on a card, paper, a book: see the module's text)."""
    if not found:
        return found
    xyr = np.array([(x, y, r) for _f, x, y, r, _c in found], np.float64)
    step = BODY_STEP * min(1.0, frame_light(work) / LIGHT_REF)
    ends = body_ends(work, xyr, step)
    return [d for d, e in zip(found, ends, strict=True) if e >= BODY_ENDS]


# A frame's dice are mostly of one size. Among UNSURE_AMONG or more answers, one read under
# UNSURE (its face's probability) and under SMALL_SHARE of the median answer's size is no
# die: stickers and specks on cluttered tables were (7 of the 8 false dice read under 0.8
# on two rendered sets of cluttered tables); the real dice read right that unsure were all
# at least 0.85 of their frame's median, and small dice read surely are kept.
UNSURE = 0.8
SMALL_SHARE = 0.75
UNSURE_AMONG = 3


def drop_small_unsure(found: list[Answer]) -> list[Answer]:
    """``found`` without its small unsure answers (see :data:`SMALL_SHARE`)."""
    if len(found) < UNSURE_AMONG:
        return found
    median = float(np.median([r for _f, _x, _y, r, _c in found]))
    return [d for d in found if d[4] >= UNSURE or d[3] >= SMALL_SHARE * median]
