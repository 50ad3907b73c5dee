"""The camera loop: settled rolls from a ``cv2.VideoCapture`` (a device index or a video file)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2

from vision.profile import Profile
from vision.reader import read_frame
from vision.settle import SettleDetector


def open_capture(source: str | int) -> Any:
    """Open a camera index ("0", 0) or a video file; :class:`ValueError` when it cannot."""
    if isinstance(source, int) or str(source).isdigit():
        cap = cv2.VideoCapture(int(source))
        what = f"camera {source}"
    else:
        if not Path(source).is_file():
            raise ValueError(f"video file {source} does not exist")
        cap = cv2.VideoCapture(str(source))
        what = f"video {source}"
    if not cap.isOpened():
        cap.release()
        raise ValueError(f"{what} cannot be opened")
    return cap


def watch(
    cap: Any,
    profile: Profile,
    max_rolls: int | None = None,
    settle: SettleDetector | None = None,
    skip_empty: bool = True,
) -> Iterator[dict[str, object]]:
    """Yield one JSON-ready dict per settled roll until the source ends or ``max_rolls``."""
    detector = settle or SettleDetector()
    rolls = 0
    index = -1
    while max_rolls is None or rolls < max_rolls:
        ok, frame = cap.read()
        if not ok or frame is None:
            return
        index += 1
        if not detector.feed(frame):
            continue
        reading = read_frame(frame, profile)
        if skip_empty and not reading.dice:
            continue  # a tray emptied by hand is not a roll
        rolls += 1
        yield {"roll": rolls, "frame": index, "ms": round(reading.ms, 1),
               "dice": [d.as_json() for d in reading.dice]}
