# Runs firmware/main.py (the board entry) on the unix port with the stand-in machine,
# neopixel and network modules: `micropython run_board.py` in a directory holding
# config.json. The USB serial link is then this process's stdin/stdout. With the
# environment variable M44_LIB set, the firmware's modules come from that folder (the
# .mpy files mpy-cross made, as on a board) instead of firmware/lib.
import os
import sys

_here = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
_lib = os.getenv("M44_LIB") or _here + "/../../lib"
# the compiled folder first: it may hold the stand-ins compiled too (built in on a board)
sys.path[:0] = [_lib, _here] if os.getenv("M44_LIB") else [_here, _lib]
with open(_here + "/../../main.py") as f:
    exec(f.read())
