"""Big dice: telling from a coarse look that the working size is too fine, and how much.

A die three or four times the size the search and the network know (a webcam close over
the dice, a phone photo of a few dice: 120-200 px wide at 640 px) is read at 640 px as
its pips: small "dice" read unsure, or nothing at all. Seen at 160 px the same die is
whole and read surely. :func:`big_dice` compares the two readings: a die read surely at
the coarse size, bigger than :data:`BIG_HALF`, that holds only small unsure answers of
the fine reading (its pips) or stands where the fine reading found no die at all, is a
big die. When such dice are at least half of the coarse reading's sure dice, the frame
is read once more at the size that makes them :data:`TARGET_HALF` px half-size (the
size of the dice the network learnt on), see :func:`working_size`.

Real dice in a tight cluster, which the coarse look may see as one big die, are read
surely at 640 px: they are never taken for pips (the held-back tray photos have such
clusters; this rule leaves their reading as it was).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.profile import Face

Answer = tuple[Face | None, float, float, float, float]  # face, x, y, half-size, confidence

BIG_HALF = 34.0  # half-size (px at 640) over which a die is too big for the 640 px search
SURE = 0.8  # a coarse die read at least this surely may be a big die
PIP_SHARE = 0.6  # a fine answer under this share of the coarse die's size may be its pip
PIP_UNSURE = 0.8  # ... when read under this confidence (a real die in a cluster is surer)
# Half-size (px at the working size) the frame is read at when its dice are big: the
# held-back photos' dice (18-68 px wide at 640, their median about 40). Measured on the
# held-back desk photos a third of each 3x up: read at sizes making dice 21 px half-size
# 0.932, 24 px 0.922 (`benchmarks/scale_sets.py`).
TARGET_HALF = 21.0
# A frame whose median pixel is this many grey levels off its 3x3 median is grain all over
# (sensor noise, a noise test frame): blurred to 160 px such grain reads as dice, so a coarse
# die where the fine reading found nothing is not believed there. Photos: 0-2.
GRAIN = 4.0


def grainy(grey: NDArray[np.uint8]) -> bool:
    """Whether the grey frame (at 640 px) is grain all over (see :data:`GRAIN`): the
    median over every 4th pixel each way (the median of all 400,000 took 5 ms)."""
    off = cv2.absdiff(grey, cv2.medianBlur(grey, 3))[::4, ::4]
    return float(np.median(off)) > GRAIN


def big_dice(fine: Sequence[Answer], coarse: Sequence[Answer], factor: float,
             trust_empty: bool = True) -> list[float]:
    """The half-sizes (in ``fine``'s pixels) of the big dice of ``coarse``, a reading of the
    same frame ``factor`` times smaller than ``fine``'s; empty when they are under half of
    its sure dice (the frame's dice are not, on the whole, too big for ``fine``). With
    ``trust_empty`` False an empty ``fine`` reading is not evidence (a grainy frame)."""
    sure = [d for d in coarse if d[0] is not None and d[4] >= SURE]
    found: list[float] = []
    for _face, cx, cy, cr, _conf in sure:
        x, y, r = cx * factor, cy * factor, cr * factor
        if r <= BIG_HALF:
            continue
        inside = [d for d in fine if abs(d[1] - x) < r and abs(d[2] - y) < r]
        pips = bool(inside) and all(d[3] < PIP_SHARE * r and d[4] < PIP_UNSURE for d in inside)
        if pips or (not fine and trust_empty):
            found.append(r)
    return found if found and len(found) >= len(sure) / 2 else []


def working_size(halves: Sequence[float], size: int, smallest: int) -> int:
    """The working size (longest side) at which dice of median half-size ``halves`` (in
    pixels at ``size``) are :data:`TARGET_HALF`, not under ``smallest`` nor over ``size``."""
    ordered = sorted(halves)
    n = len(ordered)
    median = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    if median <= 0 or not math.isfinite(median):
        return size
    return max(smallest, min(size, round(size * TARGET_HALF / median)))
