# Input logic for the tray's switches, apart from the pins themselves: any object with a
# value() method will do (a machine.Pin on the board, a fake in the unit tests).


class Debounced:
    """A push button. update(now) returns "press" once per push (after the contact has
    been steady for debounce_ms), "long" instead when it was held for long_ms or more
    (reported at release), else None."""

    def __init__(self, pin, active_low=True, debounce_ms=30, long_ms=1500):
        self.pin = pin
        self.active_low = active_low
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self._raw = self._read()
        self._since = 0
        self.down = self._raw  # a button held at power-up counts as already down
        self._down_at = None

    def settling(self):
        """True while the contact changed and is not yet taken (the loop keeps looking)."""
        return self._raw != self.down

    def _read(self):
        v = bool(self.pin.value())
        return not v if self.active_low else v

    def update(self, now):
        raw = self._read()
        if raw != self._raw:
            self._raw = raw
            self._since = now
            return None
        if raw == self.down or now - self._since < self.debounce_ms:
            return None
        self.down = raw
        if raw:
            self._down_at = now
            return None
        held = None if self._down_at is None else now - self._down_at
        self._down_at = None
        if held is None:
            return None
        return "long" if held >= self.long_ms else "press"


class ShakeDetector:
    """A vibration or tilt-ball switch: it chatters while the tray is shaken. `hits`
    level changes within `window_ms` make one "shake"; then it rests for `rest_ms` so one
    shake is one throw."""

    def __init__(self, pin, hits=4, window_ms=600, rest_ms=1500):
        self.pin = pin
        self.hits = hits
        self.window_ms = window_ms
        self.rest_ms = rest_ms
        self._last = pin.value()
        self._edges = []
        self._rest_until = None

    def update(self, now):
        v = self.pin.value()
        if v == self._last:
            return None
        self._last = v
        if self._rest_until is not None and now - self._rest_until < 0:
            return None
        self._edges.append(now)
        while self._edges and now - self._edges[0] > self.window_ms:
            self._edges.pop(0)
        if len(self._edges) >= self.hits:
            self._edges = []
            self._rest_until = now + self.rest_ms
            return "shake"
        return None


M44_KEYS = ("infantry", "armor", "grenade", "star", "flag", None)
PIPS_KEYS = (1, 2, 3, 4, 5, 6)


class Keypad:
    """One push button per face (m44: infantry, armor, grenade, star, flag, unreadable;
    pips: 1..6). update(now) returns the faces pushed since the last call."""

    def __init__(self, pins, dice="m44", debounce_ms=30):
        faces = PIPS_KEYS if dice == "pips" else M44_KEYS
        self.keys = [(Debounced(p, True, debounce_ms, 10**9), faces[i]) for i, p in enumerate(pins[:6])]

    def update(self, now):
        out = []
        for button, face in self.keys:
            if button.update(now) is not None:
                out.append(face)
        return out
