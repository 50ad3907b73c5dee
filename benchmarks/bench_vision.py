"""Time the dice reader per image, single-threaded: median and p95 ms, both profiles.

    taskset -c 0 .venv/bin/python benchmarks/bench_vision.py [--images N] [--runtime auto|onnxruntime|cv2]

Each line prints the median and p95 ms per image (wall, and the thread's own CPU time,
which a busy machine inflates less) and how many candidates the search
handed the network (median, p95, max; at most ``vision.detect.MAX_CANDIDATES``).

Images: rendered Memoir '44 scenes (m44), rendered pip-dice scenes (pips), rendered
cluttered tables (pips), and the held-back photos (every 4th by sorted name, as
``vision.labelled.split_holdout``) of the real folders ``pipdice-dev`` (640x640) and
``pipdice-wood`` (640x480 webcam, clutter) when present. Black and noise frames too.
``--teach N`` also times ``teach`` on N rendered photos; ``--taught PROFILE=DIR`` times a
(taught) profile file on the photos of a folder (decoding excluded), e.g. a profile that
``teach`` made for the user's phone dice on new photos of them; ``--clutter-off`` also reads
every `pips` image with the search on clutter off, in turn with it on (what it costs);
``--face-off`` the same without the profile's face network (what its finer look costs);
``--touching-off`` the same without the touching dice's look (``vision/touching.py``).
On the real photos the stages are timed apart as well: the tray-marker search, the
candidate search, and the die network per crop (one batch of first looks per photo).
"""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # numpy's matrix products on one core too
os.environ.setdefault("OMP_NUM_THREADS", "1")

import statistics
import time
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from vision.detect import find_candidates, find_tray
from vision.net import cut_many
from vision.profile import Profile, load_profile
from vision.reader import FIRST_LOOK, prepare, read_frame
from vision.render import render_scene

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
REAL = ("pipdice-dev", "pipdice-wood")


def held_back(folder: Path) -> list[Path]:
    """The photos of a labelled folder that training leaves out (every 4th, by sorted name)."""
    from vision.labelled import load_folder, split_holdout

    return [it.image for it in split_holdout(load_folder(folder))[1]]


def _p95(vals: list[float]) -> float:
    vals = sorted(vals)
    return vals[min(len(vals) - 1, round(0.95 * (len(vals) - 1)))]


def _stats(name: str, ms: list[float], cands: list[int] | None = None,
           cpu: list[float] | None = None) -> None:
    line = f"{name:<28} n={len(ms):<4} median={statistics.median(ms):6.2f} ms  p95={_p95(ms):6.2f} ms"
    if cpu:  # the thread's own CPU time: what a busy machine's waiting does not inflate
        line += f"  cpu median={statistics.median(cpu):6.2f} p95={_p95(cpu):6.2f}"
    if cands:
        c95 = _p95([float(c) for c in cands])
        line += f"  candidates median={statistics.median(cands):.0f} p95={c95:.0f} max={max(cands)}"
    print(line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--images", type=int, default=40)
    ap.add_argument("--data", type=Path, default=DATA, help="folder holding pipdice-dev and pipdice-wood")
    ap.add_argument("--runtime", default="auto", help="the die network's runtime: auto, onnxruntime, cv2")
    ap.add_argument("--teach", type=int, default=0, metavar="N",
                    help="also time teach --base m44 on N rendered olive photos (wall and CPU seconds)")
    ap.add_argument("--taught", action="append", default=[], metavar="PROFILE=DIR",
                    help="also time this profile file on the photos of DIR (repeatable)")
    ap.add_argument("--clutter-off", action="store_true",
                    help="also time pips with the search on clutter off, each photo read both "
                         "ways in turn (what that search costs, in one run)")
    ap.add_argument("--face-off", action="store_true",
                    help="also time pips without its face network (vision/facenet.py), each photo "
                         "read both ways in turn (what the finer look at unsure faces costs)")
    ap.add_argument("--touching-off", action="store_true",
                    help="also time both profiles without the touching dice's look "
                         "(vision/touching.py), each photo read both ways in turn")
    a = ap.parse_args()
    cv2.setNumThreads(1)
    for spec in a.taught:
        _taught(spec, a.runtime)
    rng = np.random.default_rng(0)
    m44_imgs = [render_scene(rng, "classic")[0] for _ in range(a.images)]
    pip_imgs = [render_scene(rng, "pipwhite", faces=(1, 2, 3, 4, 5, 6))[0] for _ in range(a.images)]
    clutter = [render_scene(rng, "pipmix", faces=(1, 2, 3, 4, 5, 6), clutter=8)[0] for _ in range(a.images)]
    real: dict[str, list[np.ndarray]] = {}
    for name in REAL:
        folder = a.data / name
        real[f"held-back {name}"] = [cv2.imread(str(p)) for p in held_back(folder)] if folder.is_dir() else []
    real_imgs = [img for imgs in real.values() for img in imgs]
    black = [np.zeros((640, 640, 3), np.uint8)] * 10
    noise = [rng.integers(0, 256, (640, 640, 3), dtype=np.uint8) for _ in range(10)]
    for prof_name, sets in (("m44", {"rendered m44": m44_imgs, "black": black, "noise": noise}),
                            ("pips", {"rendered pips": pip_imgs, "rendered clutter": clutter, **real})):
        prof = load_profile(prof_name, a.runtime)
        assert prof.net is not None
        print(f"{prof_name}: network on {prof.net.runtime}")
        read_frame(m44_imgs[0], prof)  # warm-up
        ways = [(prof_name, prof)]
        if a.clutter_off and prof_name == "pips":
            ways.append(("pips, clutter search off",
                         replace(prof, detect=replace(prof.detect, clutter_search=False))))
        if a.face_off and prof_name == "pips":
            ways.append(("pips, face network off", replace(prof, face_net=None)))
        if a.touching_off:
            ways.append((f"{prof_name}, touching look off",
                         replace(prof, detect=replace(prof.detect, touching_look=False))))
        for label, imgs in sets.items():
            if not imgs:
                print(f"{prof_name}: {label}: none (folder absent)")
                continue
            timed: dict[str, tuple[list[float], list[int], list[float]]] = {
                name: ([], [], []) for name, _ in ways}
            for img in imgs:
                for name, way in ways:  # in turn, so the machine's moods fall on both alike
                    ms, cands, cpu = timed[name]
                    t, c = time.perf_counter(), time.thread_time()
                    read_frame(img, way)
                    ms.append((time.perf_counter() - t) * 1000)
                    cpu.append((time.thread_time() - c) * 1000)
                    work, _, _ = prepare(img)
                    cands.append(len(find_candidates(work, way.detect)))
            for name, (ms, cands, cpu) in timed.items():
                _stats(f"{name}: {label}", ms, cands, cpu)
    if real_imgs:
        _stages(real_imgs, load_profile("pips", a.runtime))
    if a.teach:
        _teach(a.teach)


def _taught(spec: str, runtime: str) -> None:
    """Time the profile file of ``spec`` (PROFILE=DIR) on every photo of DIR."""
    from vision.images import load_image

    path, _, folder = spec.partition("=")
    prof = load_profile(path, runtime)
    photos = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    imgs = [load_image(p).pixels for p in photos]
    if not imgs:
        print(f"{path}: no photos in {folder}")
        return
    read_frame(imgs[0], prof)  # warm-up
    ms, cpu = [], []
    for img in imgs:
        t, c = time.perf_counter(), time.thread_time()
        read_frame(img, prof)
        ms.append((time.perf_counter() - t) * 1000)
        cpu.append((time.thread_time() - c) * 1000)
    _stats(f"{Path(path).name} on {Path(folder).name}", ms, None, cpu)


def _teach(n: int) -> None:
    """teach on ``n`` rendered photos of dice the base never saw (``olive``), timed."""
    import tempfile

    from vision.labelled import load_folder
    from vision.render import write_labelled
    from vision.teach import teach

    with tempfile.TemporaryDirectory() as tmp:
        items = load_folder(write_labelled(tmp, n, "olive", seed=1))
        wall, cpu = time.perf_counter(), time.process_time()
        _prof, report = teach(items, "m44", name="olive", log=lambda _s: None)
        print(f"teach m44 on {n} olive photos: {time.perf_counter() - wall:.1f} s wall, "
              f"{time.process_time() - cpu:.1f} s CPU; {report}")


def _stages(imgs: list[np.ndarray], prof: Profile) -> None:
    """Where a real photo's time goes: tray markers, candidate search, one network crop."""
    assert prof.net is not None
    tray, search, per_crop = [], [], []
    for img in imgs:
        work, _, _ = prepare(img, use_tray_markers=False)
        t = time.perf_counter()
        find_tray(work)
        t1 = time.perf_counter()
        cands = find_candidates(work, prof.detect)
        t2 = time.perf_counter()
        tray.append((t1 - t) * 1000)
        search.append((t2 - t1) * 1000)
        if cands:
            crops = cut_many(work, np.array([c.x for c in cands]), np.array([c.y for c in cands]),
                             np.array([c.radius for c in cands]) * FIRST_LOOK)
            t3 = time.perf_counter()
            prof.net.run(crops)
            per_crop.append((time.perf_counter() - t3) * 1000 / len(cands))
    _stats("pips stage: tray markers", tray)
    _stats("pips stage: candidate search", search)
    _stats("pips stage: network, per crop", per_crop)


if __name__ == "__main__":
    main()
