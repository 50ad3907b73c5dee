"""Settle detection: read a roll once, when the dice have stopped, and not again until they move."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

THUMB = 80  # motion is judged on a small grey thumbnail: cheap and blind to sensor noise


@dataclass
class SettleDetector:
    """Feed frames in order; :meth:`feed` returns True on the one frame to read per roll.

    ``moving`` is the mean absolute change (0..255) between thumbnails that counts as
    motion, ``still`` the change below which a frame counts as still, and ``still_frames``
    how many still frames in a row mean the dice have stopped. With ``need_motion`` the
    first settled view is not read: a roll must happen first (a camera dice source waits
    for the throw it asked for, not the dice left from the last one).
    """

    moving: float = 4.0
    still: float = 1.5
    still_frames: int = 5
    need_motion: bool = False

    def __post_init__(self) -> None:
        self._prev: NDArray[np.float32] | None = None
        self._still_run = 0
        self._armed = not self.need_motion  # True: the next settle is a new roll
        self.motion = 0.0

    def feed(self, frame: NDArray[np.uint8]) -> bool:
        grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        thumb = cv2.resize(grey, (THUMB, THUMB), interpolation=cv2.INTER_AREA).astype(np.float32)
        if self._prev is None:
            self._prev = thumb
            return False
        self.motion = float(np.mean(np.abs(thumb - self._prev)))
        self._prev = thumb
        if self.motion >= self.moving:
            self._armed = True
            self._still_run = 0
            return False
        if self.motion <= self.still:
            self._still_run += 1
        else:
            self._still_run = 0
        if self._armed and self._still_run >= self.still_frames:
            self._armed = False
            return True
        return False
