"""What has to be settled before Kivy is first imported: its logging, its providers, and the
density of a desktop window (no Kivy import here)."""

from __future__ import annotations

import logging
import os
import shutil
import sys

from companion.ui.theme import desktop_density


def quiet_kivy(size: tuple[int, int] | None = None, *, screenshot: bool = False) -> None:
    """Make Kivy's start quiet and fit the window.

    Kivy reads these environment variables when it is first imported: no command line parsing
    of ours, no log file, console messages from warnings up (its DEBUG and INFO lines are for
    developers). On Linux the clipboard uses SDL2's own (xclip / xsel are seldom installed and
    Kivy tries them loudly). A desktop window larger than the design size gets a density so
    that it looks like a tablet of that size (``KIVY_METRICS_DENSITY`` set by the user wins).
    """
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    # Kivy's own console handler prints everything from INFO up as it starts, before any
    # level set afterwards could stop it; in PYTHON mode it leaves logging to us
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    if screenshot:
        os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    if sys.platform.startswith("linux") and "ANDROID_ARGUMENT" not in os.environ:
        os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")
    if size is not None and "KIVY_METRICS_DENSITY" not in os.environ \
            and "ANDROID_ARGUMENT" not in os.environ:
        density = desktop_density(*size)
        if density != 1.0:
            os.environ["KIVY_METRICS_DENSITY"] = f"{density:g}"
    from kivy.config import Config  # the first Kivy import: the settings above take effect

    level = os.environ.get("COMPANION_KIVY_LOG", "warning")
    Config.set("kivy", "log_level", level)
    from kivy.logger import LOG_LEVELS, Logger

    Logger.setLevel(LOG_LEVELS.get(level, logging.WARNING))
    if os.environ["KIVY_LOG_MODE"] == "PYTHON" and not screenshot and not Logger.handlers:
        out = logging.StreamHandler(sys.__stderr__)
        out.setFormatter(logging.Formatter("companion app: %(levelname)s %(message)s"))
        Logger.addHandler(out)
        Logger.propagate = False
    if not (shutil.which("xclip") or shutil.which("xsel")):
        Logger.addFilter(_no_cutbuffer)


def _no_cutbuffer(record: logging.LogRecord) -> bool:
    """Drop Kivy's complaint that neither xclip nor xsel is installed (with a traceback per
    tool): they only serve the X11 middle-click paste; the clipboard itself works without."""
    return not str(record.msg).startswith("Cutbuffer:")
