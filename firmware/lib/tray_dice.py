# Dice readers: where a roll's faces come from. Every reader has the same three calls:
#   start(n, now_ms)   a throw of n dice has begun
#   poll(now_ms)       None while still rolling / reading, else the list of n faces
#                      (a face may be None: a die seen but not read); raises ReaderError
#   cancel()           forget the current throw
# No machine import: the hardware layer and the app feed them.
import os

from tray_proto import M44_DIE, face_ok


class ReaderError(Exception):
    """The reader failed; str(e) becomes the `why` of the error status."""


class TrueRandom:
    """Unbiased die numbers from os.urandom (the board's hardware RNG), or from a seeded
    pseudo-random generator when a seed is given (tests, demos)."""

    def __init__(self, seed=None):
        self._rng = None
        if seed is not None:
            import random

            random.seed(seed)
            self._rng = random
        self._pool = b""

    def _byte(self):
        if self._rng is not None:
            return self._rng.getrandbits(8)
        if not self._pool:
            self._pool = os.urandom(32)
        b = self._pool[0]
        self._pool = self._pool[1:]
        return b

    def below(self, k):
        """A uniform integer in 0..k-1 (k <= 256), by rejection so no side is favoured."""
        top = 256 - (256 % k)
        while True:
            b = self._byte()
            if b < top:
                return b % k


def draw_face(rng, dice):
    if dice == "pips":
        return rng.below(6) + 1
    return M44_DIE[rng.below(6)]


class VirtualDice:
    """The electronic dice tray: throws n virtual dice with true random faces.

    The roll lasts `roll_ms` so the LED ring can play its animation; the faces are drawn
    when the roll ends.
    """

    kind = "virtual"

    def __init__(self, dice="m44", rng=None, roll_ms=800):
        self.dice = dice
        self.rng = rng or TrueRandom()
        self.roll_ms = roll_ms
        self._n = 0
        self._until = None

    def start(self, n, now):
        self._n = n
        self._until = now + self.roll_ms

    def poll(self, now):
        if self._until is None:
            return None
        if now - self._until < 0:
            return None
        self._until = None
        return [draw_face(self.rng, self.dice) for _ in range(self._n)]

    def due_in(self, now):
        """ms until poll() has the faces (the loop sleeps until then)."""
        return 0 if self._until is None else max(0, self._until - now)

    def cancel(self):
        self._until = None


class CameraReader:
    """The interface a camera tray fills in.

    The tray calls `start(n, now)` when a throw begins. The camera side (a vision loop on
    the same board, or a co-processor on a UART) calls `submit(faces)` once the dice are
    at rest and read, or `fail(why)` if it cannot read them. If nothing arrives within
    `timeout_ms`, the roll fails with `camera: no result`.
    `seeing_dice()` may be set by the camera to throw without a button (dice landed).
    """

    kind = "camera"

    def __init__(self, dice="m44", timeout_ms=10000):
        self.dice = dice
        self.timeout_ms = timeout_ms
        self._n = 0
        self._deadline = None
        self._faces = None
        self._why = None
        self.landed = False  # set by the camera when it sees fresh dice in the tray

    def start(self, n, now):
        self._n = n
        self._deadline = now + self.timeout_ms
        self._faces = None
        self._why = None

    def submit(self, faces):
        """The camera's reading: a list of faces (None for a die it saw but could not read)."""
        if type(faces) is not list or not faces:
            raise ValueError("faces must be a non-empty list")
        for f in faces:
            if not face_ok(f, self.dice):
                raise ValueError("%r is not a %s face" % (f, self.dice))
        self._faces = list(faces)

    def fail(self, why):
        self._why = "camera: " + str(why)

    def poll(self, now):
        if self._deadline is None:
            return None
        if self._why is not None:
            why, self._why, self._deadline = self._why, None, None
            raise ReaderError(why)
        if self._faces is not None:
            faces, self._faces, self._deadline = self._faces, None, None
            # The camera may see more or fewer dice than expected: report what it saw.
            return faces
        if now - self._deadline >= 0:
            self._deadline = None
            raise ReaderError("camera: no result")
        return None

    def cancel(self):
        self._deadline = None
        self._faces = None


class KeypadEntry:
    """Faces entered one key at a time (players who read their own dice, or who cannot
    use the camera). Complete when `n` faces are in; `take()` ends the entry early."""

    kind = "keypad"

    def __init__(self, dice="m44"):
        self.dice = dice
        self.faces = []

    def key(self, face):
        if not face_ok(face, self.dice):
            raise ValueError("%r is not a %s face" % (face, self.dice))
        self.faces.append(face)

    def undo(self):
        if self.faces:
            self.faces.pop()

    def complete(self, n):
        return n is not None and len(self.faces) >= n

    def take(self):
        faces, self.faces = self.faces, []
        return faces

    def clear(self):
        self.faces = []
