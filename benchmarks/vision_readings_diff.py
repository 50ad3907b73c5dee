"""Which dice another checkout of the reader reads differently: every photo of the given
folders read by the reader of ``--old`` (a checkout, e.g. a detached worktree of main) and
by this checkout's, each in its own process (two ``vision`` packages cannot share one),
then every photo whose dice differ listed, die by die.

    .venv/bin/python benchmarks/vision_readings_diff.py --old /tmp/wt-main DIR [DIR...]
        [--profile pips] [--runtime auto|onnxruntime|cv2] [--confidence 0.001]

A photo's reading is its dice as ``read`` gives them (face, box, confidence, sorted as
``read_frame`` sorts them). A die "changed" when its face or box did; confidences that
moved by more than ``--confidence`` are counted apart. Exit code 0 when nothing changed,
1 when some photo's dice did (a speed change that must read the same can be checked so).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
PHOTOS = (".jpg", ".jpeg", ".png", ".bmp", ".webp")

# Run in a child process with the checkout first on the path: reads every photo, writes JSON.
_CHILD = """
import json, sys
import cv2
cv2.setNumThreads(1)
from pathlib import Path
from vision.images import load_image
from vision.profile import load_profile
from vision.reader import read_loaded
out_path, profile, runtime, *files = sys.argv[1:]
prof = load_profile(profile, runtime)
out = {}
for f in files:
    r = read_loaded(load_image(Path(f)), prof)
    out[f] = [[d.face, list(d.box), d.confidence] for d in r.dice]
Path(out_path).write_text(json.dumps(out))
"""


def _read_all(root: Path, files: list[str], profile: str, runtime: str) -> dict[str, list[list[object]]]:
    env = {**os.environ, "PYTHONPATH": str(root), "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1",
           "PYTHONDONTWRITEBYTECODE": "1"}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "readings.json"
        # From the temporary folder: ``python -c`` puts the current folder first on the path.
        subprocess.run([sys.executable, "-c", _CHILD, str(out), profile, runtime, *files],
                       env=env, cwd=tmp, check=True)
        return json.loads(out.read_text())  # type: ignore[no-any-return]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("--old", type=Path, required=True, help="the other checkout (its root folder)")
    ap.add_argument("--new", type=Path, default=HERE, help="this checkout by default")
    ap.add_argument("--profile", default="pips")
    ap.add_argument("--runtime", default="auto")
    ap.add_argument("--confidence", type=float, default=0.001,
                    help="count confidences that moved by more than this")
    a = ap.parse_args()
    for root in (a.old, a.new):
        if not (root / "vision" / "reader.py").is_file():
            print(f"{root} holds no vision/reader.py", file=sys.stderr)
            return 2
    files = []
    for folder in a.folders:
        if not folder.is_dir():
            print(f"{folder} is not a folder", file=sys.stderr)
            return 2
        files += [str(p.resolve()) for p in sorted(folder.iterdir()) if p.suffix.lower() in PHOTOS]
    old = _read_all(a.old, files, a.profile, a.runtime)
    new = _read_all(a.new, files, a.profile, a.runtime)
    changed = moved = dice = 0
    for f in files:
        was, now = old[f], new[f]
        dice += len(was)
        if [(d[0], d[1]) for d in was] != [(d[0], d[1]) for d in now]:
            changed += 1
            print(f"{f}:")
            print("  old: " + "; ".join(f"{d[0]} {d[1]} {d[2]:.3f}" for d in was))
            print("  new: " + "; ".join(f"{d[0]} {d[1]} {d[2]:.3f}" for d in now))
        elif any(abs(float(p[2]) - float(q[2])) > a.confidence  # type: ignore[arg-type]
                 for p, q in zip(was, now, strict=True)):
            moved += 1
    print(f"{len(files)} photos, {dice} dice (old): {changed} photos with a die read differently "
          f"(face or box), {moved} more with a confidence moved by over {a.confidence}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
