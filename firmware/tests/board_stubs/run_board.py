# Runs firmware/main.py (the board entry) on the unix port with the stand-in machine,
# neopixel and network modules: `micropython run_board.py` in a directory holding
# config.json. The USB serial link is then this process's stdin/stdout.
import sys

_here = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
sys.path[:0] = [_here, _here + "/../../lib"]
with open(_here + "/../../main.py") as f:
    exec(f.read())
