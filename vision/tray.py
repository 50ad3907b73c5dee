"""A camera tray: a Raspberry Pi (or any computer) with a camera speaks the tray protocol.

    python -m vision tray --camera 0 --serial /dev/ttyGS0
    companion tray camera --camera 0 --mqtt mqtt://host:1883   (over MQTT)

The protocol's tray side (states, commands, acks, dedup of repeated ``expect``) is the
shared :class:`companion.tray.virtual.VirtualTray` state machine with the shared codec;
this module only replaces its random throw with what the camera reads. Each settled
roll becomes one ``roll`` message: with the ``rid`` of an armed ``expect`` (its ``n``
dice, the surest kept, unreadable or unseen ones ``null``), or ``rid`` null when nobody
asked.

The camera reader knows the tray's codec and state machine, never an MQTT client (GUIDE):
over MQTT the tray end is handed in (``open_mqtt``) by ``companion tray camera``.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from companion.tray import codec
from companion.tray.codec import Face
from companion.tray.virtual import SerialTraySide, VirtualTray
from vision.camera_loop import open_capture
from vision.profile import Profile
from vision.reader import FrameReading, read_frame
from vision.settle import SettleDetector

FW_VERSION = "camtray-0.1"


def roll_faces(reading: FrameReading, n: int | None) -> list[Face]:
    """The faces a ``roll`` carries: ``n`` of them when armed (surest first kept), else all seen."""
    dice = list(reading.dice)
    if n is not None:
        dice = sorted(dice, key=lambda d: -d.confidence)[:n]
        dice.sort(key=lambda d: (d.box[1], d.box[0]))
    faces: list[Face] = [d.face for d in dice][: codec.MAX_DICE]
    if n is not None:
        faces += [None] * (n - len(faces))
    return faces


class CameraTray(VirtualTray):
    """The tray state machine, thrown by the camera instead of a random generator."""

    def __init__(self, dev: str, profile: Profile, **kw: Any) -> None:
        super().__init__(dev, dice=profile.base, caps=("camera", "led"), **kw)
        self.profile = profile

    def hello(self) -> codec.Message:
        return self._emit(lambda s: codec.hello(self.dev, self.boot, s, fw=FW_VERSION,
                                                caps=self.caps, dice=self.dice))

    def settled(self, reading: FrameReading) -> codec.Message | None:
        if not reading.dice:
            return None  # an empty tray (dice taken out) is not a roll
        with self._lock:
            n = self.n if self.state == "armed" else None
            # a taught symbol goes on the wire as the face it stands for (a star for the 6)
            faces = [self.profile.base_face(f) for f in roll_faces(reading, n)]
            if not faces:
                return None
            return self.throw(faces)


def run_camera(tray: CameraTray, cap: Any, stop: threading.Event,
               settle: SettleDetector | None = None) -> int:
    """Feed camera frames to the tray until the source ends or ``stop`` is set; rolls sent."""
    detector = settle or SettleDetector(need_motion=True)  # dice left from before are not a roll
    rolls = 0
    while not stop.is_set():
        ok, frame = cap.read()
        if not ok or frame is None:
            break
        if detector.feed(frame) and tray.settled(read_frame(frame, tray.profile)) is not None:
            rolls += 1
    return rolls


def run_tray(a: argparse.Namespace, profile: Profile,
             open_mqtt: Callable[[VirtualTray, str], Any] | None = None) -> int:
    """The camera tray: ``a.camera``, ``a.device`` and ``a.serial`` or ``a.mqtt``; the MQTT end
    comes from ``open_mqtt(tray, url)`` (started, connected), which ``python -m vision`` lacks."""
    if not codec.valid_dev(a.device):
        raise ValueError(f"device id {a.device!r} must be 1..32 of a-z, 0-9, -")
    if getattr(a, "mqtt", None) and open_mqtt is None:
        raise ValueError("over MQTT the camera tray runs as: companion tray camera --camera "
                         f"{a.camera} --mqtt {a.mqtt}")
    cap = open_capture(a.camera)
    tray = CameraTray(a.device, profile, boot=int(time.time()))
    side: Any
    if getattr(a, "mqtt", None):
        assert open_mqtt is not None
        try:
            side = open_mqtt(tray, a.mqtt)
        except ValueError:
            cap.release()
            raise
    else:
        try:
            side = SerialTraySide.on_path(tray, a.serial).start()
        except OSError as exc:
            cap.release()
            raise ValueError(f"serial port {a.serial}: {exc.strerror}") from None
    stop = threading.Event()
    print(f"camera tray {a.device}: {profile.base} dice, camera {a.camera}", file=sys.stderr)
    try:
        rolls = run_camera(tray, cap, stop)
        time.sleep(0.5)  # let the last messages leave
        print(f"camera tray {a.device}: source ended after {rolls} rolls", file=sys.stderr)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        cap.release()
        side.close()
    return 0


__all__: Sequence[str] = ("CameraTray", "roll_faces", "run_camera", "run_tray")
