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
