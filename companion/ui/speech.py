"""Spoken prompts, when the device can speak: plyer's text-to-speech, else espeak; else nothing."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from collections.abc import Callable


def find_speaker() -> Callable[[str], None] | None:
    """A function that says a line without blocking, or None when nothing can speak."""
    try:
        from plyer import tts  # type: ignore[import-not-found]

        def plyer_say(text: str) -> None:
            with contextlib.suppress(Exception):
                tts.speak(text)

        return plyer_say
    except ImportError:
        pass
    for exe in ("espeak-ng", "espeak"):
        path = shutil.which(exe)
        if path:
            def espeak_say(text: str, path: str = path) -> None:
                with contextlib.suppress(OSError):
                    subprocess.Popen([path, "-s", "150", text], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)

            return espeak_say
    return None


# cue -> (frequency Hz, seconds) of a short tone; made once as WAV files in the data folder
TONES: dict[str, list[tuple[float, float]]] = {
    "dice": [(660.0, 0.08), (880.0, 0.08)],
    "medal": [(523.0, 0.12), (659.0, 0.12), (784.0, 0.2)],
    "over": [(392.0, 0.2), (523.0, 0.2), (659.0, 0.2), (784.0, 0.4)],
}


def write_tone(path: str, notes: list[tuple[float, float]], rate: int = 22050) -> None:
    """A mono 16-bit WAV of ``notes`` with soft edges (no clicks)."""
    import math
    import struct
    import wave

    frames = bytearray()
    for freq, secs in notes:
        n = int(rate * secs)
        for i in range(n):
            edge = min(1.0, i / 200, (n - i) / 200)
            frames += struct.pack("<h", int(9000 * edge * math.sin(2 * math.pi * freq * i / rate)))
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(bytes(frames))
