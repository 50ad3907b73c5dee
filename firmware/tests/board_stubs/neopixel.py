# Stand-in `neopixel` (tests only): keeps the pixels, counts writes.
class NeoPixel:
    writes = 0

    def __init__(self, pin, n):
        self.n = n
        self.buf = [(0, 0, 0)] * n

    def __setitem__(self, i, rgb):
        self.buf[i] = rgb

    def write(self):
        NeoPixel.writes += 1
