# Runs first at every power-up, before main.py: make /lib importable, free memory.
import gc
import sys

if "/lib" not in sys.path:
    sys.path.append("/lib")
gc.collect()
