"""Rebuild the built-in profiles: ``python -m vision.build_profiles [--pips-data DIR]``.

- ``m44`` is trained on photos rendered by :mod:`vision.render` in the ``classic`` style.
- ``pips`` is trained on rendered pip dice plus, when the folder is given (default
  ``../shared/data/pipdice-dev`` if present), the labelled real photos of its training
  split: every 4th photo by sorted name is held out and never used here, so ``eval`` on
  that split is an honest check.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from vision.detect import DetectParams
from vision.labelled import load_folder, split_holdout
from vision.profile import BUILTIN_DIR, M44_FACES, PIP_FACES, Profile
from vision.render import render_scene
from vision.train import build_classifier, load_items

DEFAULT_PIPS = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "pipdice-dev"


def rendered(style: str, count: int, seed: int, faces: tuple[object, ...] | None = None) -> list:  # type: ignore[type-arg]
    rng = np.random.default_rng(seed)
    kw = {} if faces is None else {"faces": faces}
    return [render_scene(rng, style, **kw) for _ in range(count)]  # type: ignore[arg-type]


def build_m44(out: Path, scenes: int = 240) -> Profile:
    # Symbols fill the face: a tight crop of the face alone, and peaks kept well apart.
    params = DetectParams(crop_scale=0.9, face_fraction=1.0, separation=1.4)
    items = rendered("classic", scenes, seed=44)
    clf = build_classifier(items, M44_FACES, params, copies=6, hidden=64, epochs=25)
    prof = Profile("m44", "m44", M44_FACES, clf, params, min_confidence=0.5,
                   notes={"built_from": f"{scenes} rendered photos, style classic, seed 44"})
    prof.save(out)
    return prof


def build_pips(out: Path, data: Path | None, scenes: int = 120) -> Profile:
    # Crop settings chosen on an inner validation split of the training photos (every 4th
    # training photo), never on the held-out photos.
    params = DetectParams(crop_scale=1.15, face_fraction=0.9)
    items = rendered("pipwhite", scenes, seed=6, faces=PIP_FACES)
    note = f"{scenes} rendered photos (style pipwhite)"
    if data is not None:
        train, _held = split_holdout(load_folder(data))
        items += load_items(train)
        note += f" + {len(train)} labelled photos of {data.name} (every 4th photo held out)"
    clf = build_classifier(items, PIP_FACES, params, copies=12, hidden=64, epochs=25)
    prof = Profile("pips", "pips", PIP_FACES, clf, params, min_confidence=0.4,
                   notes={"built_from": note})
    prof.save(out)
    return prof


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m vision.build_profiles", description=__doc__)
    ap.add_argument("--pips-data", type=Path, default=DEFAULT_PIPS if DEFAULT_PIPS.is_dir() else None,
                    help="labelled real pip-dice photos to train on (training split only)")
    ap.add_argument("--only", choices=("m44", "pips"), help="rebuild just one profile")
    ap.add_argument("--out-dir", type=Path, default=BUILTIN_DIR)
    a = ap.parse_args(argv)
    a.out_dir.mkdir(parents=True, exist_ok=True)
    if a.only in (None, "m44"):
        t = time.time()
        build_m44(a.out_dir / "m44.npz")
        print(f"m44 built in {time.time() - t:.0f} s", file=sys.stderr)
    if a.only in (None, "pips"):
        t = time.time()
        build_pips(a.out_dir / "pips.npz", a.pips_data)
        print(f"pips built in {time.time() - t:.0f} s (data: {a.pips_data})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
