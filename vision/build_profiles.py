"""Rebuild the built-in profiles: ``python -m vision.build_profiles [--only m44|pips]``.

Both built-ins are die networks trained by :mod:`vision.train_net` (PyTorch, a development
tool: ``pip install -e '.[train]'``); the app only runs them. A recipe is a list of stages,
each one bounded run of ``train_net`` (under ``nice -n 19``: the machine is shared); a
stage may mine hard "not a die" examples with the network of the stage before it
(``{prev}``) and go on from its PyTorch weights (``{state}``).

- ``pips``: the labelled real photos of ``../shared/data/pipdice-dev`` (200 photos, top-down
  tray) and ``../shared/data/pipdice-wood`` (310 webcam photos of a desk with clutter),
  always without every 4th photo by sorted name (``vision.labelled.split_holdout``): those
  are kept back for measuring, so the shipped network has never seen them. Plus 240
  rendered pip-dice photos with up to 6 things that are not dice on the table. Stage 1
  mines hard examples with the built-in ``pips`` of the time; stage 2 trains afresh with
  stage 1's; stage 3 goes on from stage 2's weights with stage 2's hard examples. Each
  stage learns for 17-19 minutes by the clock (learning rate by the clock too). Stages 4 and 5
  go on from stage 3 with ``pipwild`` renders added (marbled and translucent dice, any pip
  colour, wood, felt, cork, cloth, paper and dark mats, glare: 240 and 360 photos, peak rates
  1e-3 and 3e-4, 40 and 38 minutes); stage 6 averages the networks of stages 3-5 weight by
  weight (``train_net --average``); then the face network (:mod:`vision.train_face`, 48 px
  crops of the same labelled and rendered dice, ``pipwild`` too, 30 minutes) is added: the
  reader asks it about the faces it is unsure of. Stage 7 goes on from stage 6 for 30
  minutes at 3e-4 with other ``pipwild`` renders and the tray photos counted twice, keeping
  that face network (``--keep-face-net``).
- ``m44``: photos rendered by :mod:`vision.render`: 300 in the ``m44mix`` style (every die
  its own colours, filled or outlined symbols, thin or bold strokes) and 100 ``classic``,
  plus 200 photos of dice with 22 other symbols (``vision.render.GLYPHS``) as classes used
  in training only, so the network learns shapes in general and ``teach`` can name new ones.
  Stage 2 goes on from stage 1's network for 25 minutes (peak rate 1e-3) with up to 6
  things that are not dice on each rendered table (cables, keys, cards, coins: ``render
  --clutter``) and the hard "not a die" places stage 1 looked twice at.
  The ``olive`` style (other symbol shapes) is never used, so teaching ``olive`` dice
  measures teaching dice the network has not seen.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

from vision.profile import BUILTIN_DIR

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
PIP_FOLDERS = ("pipdice-dev", "pipdice-wood")

_PIPS = ["--base", "pips", "--views", "2", "--epochs", "60", "--per-epoch", "40960", "--seed", "1",
         "--holdout", "--clutter", "6", "--rendered", "pipwhite:120:61", "--rendered", "pipmix:120:62"]
_M44 = ["--base", "m44", "--views", "2", "--per-epoch", "40960",
        "--rendered", "m44mix:300:44", "--rendered", "classic:100:45", "--glyphs", "200:46"]
_WILD = ["--epochs", "200", "--threads", "1"]  # bounded by --minutes, not by epochs
RECIPES: dict[str, list[list[str]]] = {
    "pips": [
        [*_PIPS, "--minutes", "17", "--mine", "pips"],
        [*_PIPS, "--minutes", "19", "--mine", "{prev}", "--save-state", "{state}"],
        [*_PIPS, "--minutes", "19", "--mine", "{prev}", "--init-state", "{state}"],
        # Dice as they come (pipwild: marbled, translucent, any pip colour, any table): two runs
        # on from stage 3, averaged with it, then a gentler run on from that average.
        [*_PIPS, *_WILD, "--rendered", "pipwild:240:63", "--seed", "21", "--init-profile", "{stage3}",
         "--lr", "1e-3", "--mine", "{stage3}", "--minutes", "40"],
        [*_PIPS, *_WILD, "--rendered", "pipwild:360:64", "--seed", "22", "--init-profile", "{stage3}",
         "--lr", "3e-4", "--mine", "{stage3}", "--minutes", "38"],
        ["--base", "pips", "--views", "2", "--average", "{stage3}", "{stage4}", "{stage5}"],
        [*_PIPS, *_WILD, "--rendered", "pipwild:240:65", "--seed", "23", "--init-profile", "{prev}",
         "--keep-face-net", "--lr", "3e-4", "--mine", "{prev}", "--minutes", "30"],
    ],
    "m44": [[*_M44, "--epochs", "24"],
            [*_M44, "--epochs", "60", "--seed", "5", "--clutter", "6", "--init-profile", "{prev}",
             "--lr", "1e-3", "--mine", "{prev}", "--minutes", "25", "--threads", "1"]],
}
# The face network added to the profile (vision/facenet.py), after the stage FACE_AFTER names.
FACE_RECIPES: dict[str, list[str]] = {
    "pips": ["--crop", "48", "--holdout", "--clutter", "6", "--rendered", "pipwhite:120:61",
             "--rendered", "pipmix:120:62", "--rendered", "pipwild:240:63", "--minutes", "30",
             "--seed", "2", "--threads", "1"],
}
# The stage after which the face network is added (default: the last); later stages keep it.
FACE_AFTER: dict[str, int] = {"pips": 6}
# Folders a stage reads once more (counted twice): the last pips stage weighs the tray photos
# as much as the desk's (150 and 232 photos otherwise).
TWICE: dict[tuple[str, int], tuple[str, ...]] = {("pips", 7): ("pipdice-dev",)}


def _placed(arg: str, prev: str, tmp: Path) -> str:
    """A recipe argument with its places filled in: ``{prev}`` the stage before's profile,
    ``{stageN}`` stage N's, ``{state}`` the PyTorch weights a stage saved."""
    arg = arg.replace("{prev}", prev).replace("{state}", str(tmp / "state.pt"))
    return re.sub(r"\{stage(\d+)\}", lambda m: str(tmp / f"stage{m[1]}.npz"), arg)


def main(argv: list[str] | None = None) -> int:
    from vision import train_net

    ap = argparse.ArgumentParser(prog="python -m vision.build_profiles", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DATA,
                    help=f"folder holding {' and '.join(PIP_FOLDERS)} (default ../shared/data)")
    ap.add_argument("--only", choices=sorted(RECIPES), help="rebuild just one profile")
    ap.add_argument("--out-dir", type=Path, default=BUILTIN_DIR)
    a = ap.parse_args(argv)
    a.out_dir.mkdir(parents=True, exist_ok=True)
    for name in [a.only] if a.only else sorted(RECIPES):
        folders: list[str] = []
        if name == "pips":
            missing = [f for f in PIP_FOLDERS if not (a.data / f).is_dir()]
            if missing:
                print(f"pips needs the labelled photos: {', '.join(missing)} not in {a.data}",
                      file=sys.stderr)
                return 2
            folders = [str(a.data / f) for f in PIP_FOLDERS]
        t = time.time()
        with tempfile.TemporaryDirectory() as tmp:
            prev = ""
            stages = RECIPES[name]
            for k, stage in enumerate(stages):
                out = a.out_dir / f"{name}.npz" if k == len(stages) - 1 else Path(tmp) / f"stage{k + 1}.npz"
                args = [_placed(v, prev, Path(tmp)) for v in stage]
                again = [str(a.data / f) for f in TWICE.get((name, k + 1), ())]
                if train_net.main([*args, "--name", name, "--out", str(out),
                                   *([] if "--average" in args else [*folders, *again])]) != 0:
                    print(f"{name}: stage {k + 1} failed", file=sys.stderr)
                    return 2
                prev = str(out)
                if name in FACE_RECIPES and k + 1 == FACE_AFTER.get(name, len(stages)):
                    from vision import train_face

                    train_face.main([*FACE_RECIPES[name], "--profile", prev, "--out", prev, *folders])
        print(f"{name} built in {time.time() - t:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
