"""Entry point of the Android package (buildozer.spec; python-for-android runs main.py)."""

from __future__ import annotations

from companion.cli import main

if __name__ == "__main__":
    raise SystemExit(main(["app"]))
