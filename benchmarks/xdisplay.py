"""A display for the app's benchmarks: the one in DISPLAY, else an Xvfb started for the run."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path


def ensure_display(env: dict[str, str]) -> subprocess.Popen[bytes] | None:
    """Sets ``env["DISPLAY"]``: the caller's, or a fresh Xvfb's, which is returned (terminate
    it when done). SystemExit(2) when there is neither."""
    if env.get("DISPLAY"):
        return None
    exe = shutil.which("Xvfb")
    if exe is None:
        raise SystemExit("no DISPLAY and no Xvfb: cannot draw the app")
    n = next(i for i in range(400, 600) if not Path(f"/tmp/.X{i}-lock").exists())
    xvfb = subprocess.Popen([exe, f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    env["DISPLAY"] = f":{n}"
    return xvfb
