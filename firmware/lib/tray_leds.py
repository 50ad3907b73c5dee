# LED ring patterns as pure functions of time: frame(now_ms) -> tuple of (r, g, b).
# The hardware layer writes a frame only when it changed. No machine import.

OFF = (0, 0, 0)
FACE_COLOURS = {
    "infantry": (0, 90, 0),
    "armor": (0, 0, 110),
    "grenade": (110, 0, 0),
    "star": (100, 70, 0),
    "flag": (80, 80, 80),
    None: (40, 0, 40),  # a die that could not be read
}
# How long the transient patterns run before the ring follows the tray's state again.
FLASH_MS = {"hit": 1500, "miss": 1500, "error": 3000, "faces": 4000}
# How often each animated pattern's frame changes (ms); the others are steady.
STEP_MS = {"armed": 125, "ready": 125, "rolling": 60, "hit": 150, "miss": 300, "error": 250}


def face_colour(face):
    if type(face) is int:
        return (face * 20, face * 20, face * 20)  # pips: brighter for higher
    return FACE_COLOURS.get(face, OFF)


def _scale(c, k):
    return (c[0] * k // 255, c[1] * k // 255, c[2] * k // 255)


class LedAnimator:
    """What the ring shows. `name` is the pattern on show (logged by the fake hardware)."""

    def __init__(self, pixels=12):
        self.pixels = pixels
        self.state = "idle"
        self.name = "idle"
        self._overlay = None  # (name, until or None, data)
        self._since = 0
        self.faces = []
        self.dirty = True  # something changed since the last frame was built

    def on_state(self, state, now):
        self.state = state
        self._since = now
        self.dirty = True
        # A state change ends a steady override (off/ready) but not a flash in progress.
        if self._overlay is not None and self._overlay[1] is None:
            self._overlay = None

    def on_pattern(self, pattern, now):
        """A `led` command: off/ready stay until the next state change, the rest flash."""
        until = None
        if pattern in FLASH_MS:
            until = now + FLASH_MS[pattern]
        self._overlay = (pattern, until)
        self._since = now
        self.dirty = True

    def on_faces(self, faces, now):
        self.faces = list(faces)
        self._overlay = ("faces", now + FLASH_MS["faces"])
        self._since = now
        self.dirty = True

    def next_change(self, now):
        """ms until the frame can look different without a new event (the loop builds
        and writes a frame only then, or when `dirty`)."""
        name = self.current(now)
        step = STEP_MS.get(name)
        wait = 60000 if step is None else step - (now - self._since) % step
        if self._overlay is not None and self._overlay[1] is not None:
            wait = min(wait, max(0, self._overlay[1] - now))
        return max(1, wait)

    def current(self, now):
        if self._overlay is not None:
            name, until = self._overlay
            if until is None or now - until < 0:
                return name
            self._overlay = None
        return self.state

    def frame(self, now):
        name = self.current(now)
        self.name = name
        n = self.pixels
        t = now - self._since
        if name in ("off",):
            return (OFF,) * n
        if name == "idle":
            # one dim pixel: powered and waiting
            return ((0, 0, 12),) + (OFF,) * (n - 1)
        if name in ("armed", "ready"):
            # slow green breathing, 2 s period, in 16 steps so frames repeat
            phase = (t // 125) % 16
            k = 40 + (phase if phase < 8 else 15 - phase) * 25
            return (_scale((0, 255, 0), k),) * n
        if name == "rolling":
            # a spinning yellow comet
            head = (t // 60) % n
            out = []
            for i in range(n):
                d = (head - i) % n
                out.append(_scale((255, 160, 0), (200, 90, 30)[d]) if d < 3 else OFF)
            return tuple(out)
        if name == "faces" or name == "settled":
            faces = self.faces or [None]
            out = []
            per = max(1, n // len(faces))
            for i in range(n):
                j = i // per
                out.append(face_colour(faces[j]) if j < len(faces) else OFF)
            return tuple(out)
        if name == "hit":
            on = (t // 150) % 2 == 0
            return ((160, 0, 0) if on else OFF,) * n
        if name == "miss":
            on = (t // 300) % 2 == 0
            return ((40, 40, 40) if on else OFF,) * n
        if name == "error":
            on = (t // 250) % 2 == 0
            return ((160, 0, 0) if on else OFF,) * n
        return (OFF,) * n
