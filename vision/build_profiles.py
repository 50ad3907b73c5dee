"""Rebuild the built-in profiles: ``python -m vision.build_profiles [--only m44|pips] [--holdout]``.

Both built-ins are die networks trained by :mod:`vision.train_net` (PyTorch, a development
tool: ``pip install -e '.[train]'``); the app only runs them, on OpenCV. The recipes:

- ``pips``: the labelled real photos of ``../shared/data/pipdice-dev`` (all 200; with
  ``--holdout`` every 4th photo by sorted name is left out, which is how the held-out
  accuracy in ``docs/vision.md`` is measured), 36 rounds of 40,960 random views.
- ``m44``: photos rendered by :mod:`vision.render`: 300 in the ``m44mix`` style (every die
  its own colours, filled or outlined symbols, thin or bold strokes) and 100 ``classic``,
  plus 200 photos of dice with 22 other symbols (``vision.render.GLYPHS``) as classes used
  in training only, so the network learns shapes in general and ``teach`` can name new ones.
  The ``olive`` style (other symbol shapes) is never used, so teaching ``olive`` dice
  measures teaching dice the network has not seen.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from vision.profile import BUILTIN_DIR

DEFAULT_PIPS = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "pipdice-dev"

RECIPES: dict[str, list[str]] = {
    "pips": ["--base", "pips", "--views", "2", "--epochs", "36", "--per-epoch", "40960", "--seed", "1"],
    "m44": ["--base", "m44", "--views", "2", "--epochs", "24", "--per-epoch", "40960",
            "--rendered", "m44mix:300:44", "--rendered", "classic:100:45", "--glyphs", "200:46"],
}


def main(argv: list[str] | None = None) -> int:
    from vision import train_net

    ap = argparse.ArgumentParser(prog="python -m vision.build_profiles", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pips-data", type=Path, default=DEFAULT_PIPS,
                    help="labelled real pip-dice photos (default ../shared/data/pipdice-dev)")
    ap.add_argument("--only", choices=sorted(RECIPES), help="rebuild just one profile")
    ap.add_argument("--holdout", action="store_true", help="pips: leave every 4th photo out")
    ap.add_argument("--out-dir", type=Path, default=BUILTIN_DIR)
    a = ap.parse_args(argv)
    a.out_dir.mkdir(parents=True, exist_ok=True)
    for name in [a.only] if a.only else sorted(RECIPES):
        args = [*RECIPES[name], "--name", name, "--out", str(a.out_dir / f"{name}.npz")]
        if name == "pips":
            if not a.pips_data.is_dir():
                print(f"pips needs the labelled photos: {a.pips_data} is not a folder", file=sys.stderr)
                return 2
            args += ["--holdout"] * a.holdout + [str(a.pips_data)]
        t = time.time()
        train_net.main(args)
        print(f"{name} built in {time.time() - t:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
