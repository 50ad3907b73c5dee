# The boot counter: a small file holding one integer, incremented at each start, so every
# power-up gets a new `boot` in the envelope (receivers see a reboot).
import os


def next_boot(path):
    """Read the counter, add one, write it back (via a temporary file and rename, so a
    power cut leaves the old or the new value, never a torn one). Returns the new value.
    A missing or unreadable file starts the count again at 1."""
    n = 0
    try:
        with open(path) as f:
            n = int(f.read().strip() or "0")
    except (OSError, ValueError):
        n = 0
    if n < 0:
        n = 0
    n += 1
    tmp = path + ".tmp"
    try:
        with open(tmp, "w") as f:
            f.write("%d\n" % n)
        os.rename(tmp, path)
    except OSError:
        pass  # read-only storage: still run, the count just does not persist
    return n
