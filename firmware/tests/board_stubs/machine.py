# Stand-in `machine` for running firmware/main.py on the unix port (tests only), shaped
# like the RP2040 port where it matters: Pin(n) refuses n > 29, WDT refuses a timeout
# over 8388 ms, unique_id() is 8 bytes (from the file "uid" as hex, if there is one).
# A pin's input level is read from the file "pin<N>" in the current directory ("0" or
# "1"; no file = pulled up = 1). Pin interrupts are real: a thread looks at the files
# every 5 ms and calls the handler on a change, as the hardware would.
import time

try:
    import _thread
except ImportError:
    _thread = None

_irqs = []
_started = [False]


def _level(n):
    try:
        with open(f"pin{n}") as f:
            return 0 if f.read().strip() == "0" else 1
    except OSError:
        return 1


def _watch():
    last = {}
    while True:
        for pin, handler in list(_irqs):
            v = _level(pin.n)
            pin._level = v
            if last.get(pin.n, v) != v:
                try:  # noqa: SIM105 (no contextlib in MicroPython)
                    handler(pin)
                except Exception:
                    pass
            last[pin.n] = v
        time.sleep_ms(5)


# The watcher starts with the module, while the heap is fresh (a thread needs a few KB).
if _thread is not None:
    try:
        _thread.start_new_thread(_watch, ())
        _started[0] = True
    except Exception:
        pass


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, n, mode=0, pull=None):
        if type(n) is not int or not 0 <= n <= 29:
            raise ValueError("invalid pin")
        self.n = n
        self._level = _level(n)
        self._irq = False

    def value(self, v=None):
        if v is not None:
            return None
        if self._irq:
            return self._level  # kept fresh by the watcher, like a register read
        return _level(self.n)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING):
        if not _started[0]:
            raise OSError("no interrupts in this stand-in")
        _irqs.append((self, handler))
        self._irq = True


class WDT:
    feeds = 0

    def __init__(self, id=0, timeout=5000):
        if not 1 <= timeout <= 8388:
            raise ValueError("timeout exceeds maximum")
        self.timeout = timeout

    def feed(self):
        WDT.feeds += 1


def unique_id():
    try:
        with open("uid") as f:
            text = f.read().strip()
        return bytes(int(text[i : i + 2], 16) for i in range(0, len(text), 2))
    except OSError:
        return b"\xe6\x61\x41\x04\x03\x5a\x2b\x2c"


def reset():
    raise SystemExit(3)
