"""Dice read by a camera over the tray, in-process (``--dice camera:INDEX`` or a video file).

Each request opens the capture, waits for a throw (motion) and for the dice to stop,
reads them once with the profile that fits the request's kind (``m44`` or ``pips``
unless a profile file is given) and answers. A die the reader cannot read with
confidence stays ``None``: the front end asks the player. When the camera sees a
different number of dice than were asked for, the surest are kept, missing ones are
``None``, and ``meta["seen"]`` says how many were seen.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from companion.dice.base import DiceRequest, DiceResult, DiceSource, DieReading, Face


class CameraDiceSource(DiceSource):
    """A :class:`DiceSource` on ``cv2.VideoCapture`` (camera index or video file)."""

    def __init__(
        self,
        capture: int | str = 0,
        profile: str | None = None,
        need_motion: bool = True,
        still_frames: int = 5,
    ) -> None:
        super().__init__()
        self.capture = capture
        self.profile_name = profile
        self.need_motion = need_motion
        self.still_frames = still_frames
        self.name = f"camera:{capture}"
        self._stops: dict[str, threading.Event] = {}
        self._profiles: dict[str, Any] = {}
        self.last_error: str | None = None

    @classmethod
    def from_spec(cls, spec: str, profile: str | None = None) -> CameraDiceSource:
        """``camera:0`` (device index) or ``camera:/path/video.mp4``."""
        _, _, where = spec.partition(":")
        where = where or "0"
        return cls(int(where) if where.isdigit() else where, profile)

    def _profile(self, kind: str) -> Any:
        from vision.profile import load_profile

        name = self.profile_name or kind
        if name not in self._profiles:
            self._profiles[name] = load_profile(name)
        return self._profiles[name]

    def _start(self, req: DiceRequest) -> None:
        stop = threading.Event()
        self._stops[req.request_id] = stop
        threading.Thread(target=self._watch, args=(req, stop), name=f"camera-{req.request_id}",
                         daemon=True).start()

    def _stop(self, request_id: str) -> None:
        stop = self._stops.pop(request_id, None)
        if stop is not None:
            stop.set()

    def _watch(self, req: DiceRequest, stop: threading.Event) -> None:
        from vision.camera_loop import open_capture
        from vision.reader import read_frame
        from vision.settle import SettleDetector

        try:
            profile = self._profile(req.kind)
            cap = open_capture(self.capture)
        except ValueError as exc:  # ProfileError is a ValueError too
            self.last_error = str(exc)
            self._deliver(self._unread(req, seen=0, error=str(exc)))
            return
        settle = SettleDetector(still_frames=self.still_frames, need_motion=self.need_motion)
        try:
            while not stop.is_set():
                ok, frame = cap.read()
                if not ok or frame is None:
                    # The source ended without a settled throw: ask the player for every die.
                    self._deliver(self._unread(req, seen=0, error="camera gave no settled roll"))
                    return
                if not settle.feed(frame):
                    continue
                reading = read_frame(frame, profile)
                if not reading.dice and req.count > 0:
                    continue  # an empty tray is not the throw we wait for
                self._deliver(self._result(req, reading))
                return
        finally:
            cap.release()
            self._stops.pop(req.request_id, None)

    def _result(self, req: DiceRequest, reading: Any) -> DiceResult:
        dice = sorted(reading.dice, key=lambda d: -d.confidence)[: req.count]
        dice.sort(key=lambda d: (d.box[1], d.box[0]))
        # a taught symbol face is told as the face it stands for (a star printed for the 6)
        as_base = self._profile(req.kind).base_face
        faces: list[DieReading] = [DieReading(_face(as_base(d.face), req), float(d.confidence))
                                   for d in dice]
        faces += [DieReading(None, 0.0)] * (req.count - len(faces))
        meta: dict[str, object] = {"seen": len(reading.dice), "ms": round(reading.ms, 1),
                                   "boxes": [list(d.box) for d in dice]}
        return DiceResult(req.request_id, tuple(faces), self.name, meta)

    def _unread(self, req: DiceRequest, seen: int, error: str) -> DiceResult:
        return DiceResult(req.request_id, tuple(DieReading(None, 0.0) for _ in range(req.count)),
                          self.name, {"seen": seen, "error": error})


def _face(face: Face, req: DiceRequest) -> Face:
    """Only faces of the requested kind pass; anything else is left for the player."""
    if face is None:
        return None
    if req.kind == "pips":
        return face if isinstance(face, int) and not isinstance(face, bool) and 1 <= face <= 6 else None
    return face if isinstance(face, str) else None


# --- what the app asks of the camera besides dice (it reaches the reader only through here) ---
def open_preview(index: int | str) -> Any:
    """The capture the settings screen's live picture reads (``cv2.VideoCapture``-like:
    ``read()``, ``release()``). Raises ValueError when no camera is there."""
    from vision.camera_loop import open_capture

    return open_capture(index)


def teach_folder(folder: str, log: Callable[[str], None] = print) -> tuple[Any, str]:
    """``teach`` on a folder of labelled photos of the user's dice: the profile (pips as its
    base when the labels are numbers, else Memoir '44 symbols) and teach's report."""
    from vision.labelled import load_folder
    from vision.teach import teach

    items = load_folder(folder)
    pips = any(isinstance(d.face, int) for it in items for d in it.dice)
    return teach(items, "pips" if pips else "m44", log=log)
