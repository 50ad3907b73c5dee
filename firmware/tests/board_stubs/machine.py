# Stand-in `machine` for running firmware/main.py on the unix port (tests only).
# A pin's input level is read from the file "pin<N>" in the current directory ("0" or
# "1"; no file = pulled up = 1), checked at most every 20 ms.
import time

_cache = {}


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 2

    def __init__(self, n, mode=0, pull=None):
        self.n = n

    def value(self, v=None):
        if v is not None:
            return None
        now = time.ticks_ms()
        hit = _cache.get(self.n)
        if hit is not None and time.ticks_diff(now, hit[0]) < 20:
            return hit[1]
        try:
            with open(f"pin{self.n}") as f:
                level = 0 if f.read().strip() == "0" else 1
        except OSError:
            level = 1
        _cache[self.n] = (now, level)
        return level


class WDT:
    feeds = 0

    def __init__(self, timeout=5000):
        self.timeout = timeout

    def feed(self):
        WDT.feeds += 1


def reset():
    raise SystemExit(3)
