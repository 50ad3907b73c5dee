"""Where a frame's reading time goes, stage by stage (the thread's CPU time), and where the
die network's first looks come from: what to measure before trying to make the reader
faster. Times are taken by wrapping the reader's own functions; nothing is changed.

    taskset -c 1 .venv/bin/python benchmarks/vision_stages.py [--images 40] [--profile pips] [DIR...]

Without folders it reads the cluttered tables of ``benchmarks/bench_vision.py`` (the same
seed, so the same 40 frames); with folders, every photo in them. It prints, per frame on
average: the tray-marker search, the candidate search (at every working size read), the
network's runs (crops and ms; of them, the face network's dice), the body check; how many
frames were read at each working size and what a reading at 320 and 160 px costs; and, for
the readings' first looks, the crops per frame from each source of candidates (distance
peaks, split touching dice, the search on clutter) and the share the first look sends to a
second look.
"""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import collections
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision import detect, reader
from vision.facenet import FaceNet
from vision.images import load_image
from vision.net import DieNet
from vision.profile import load_profile
from vision.render import render_scene

PHOTOS = (".jpg", ".jpeg", ".png", ".bmp", ".webp")


def _frames(folders: list[Path], images: int) -> list[np.ndarray]:
    if folders:
        files = sorted(p for f in folders for p in f.iterdir() if p.suffix.lower() in PHOTOS)
        return [load_image(p).pixels for p in files]
    rng = np.random.default_rng(0)  # bench_vision.py's order: m44 scenes, pip scenes, then these
    for _ in range(images):
        render_scene(rng, "classic")
    for _ in range(images):
        render_scene(rng, "pipwhite", faces=(1, 2, 3, 4, 5, 6))
    return [render_scene(rng, "pipmix", faces=(1, 2, 3, 4, 5, 6), clutter=8)[0] for _ in range(images)]


class _Timer:
    """Thread CPU ms and counts per stage, by wrapping module functions."""

    def __init__(self) -> None:
        self.ms: collections.Counter[str] = collections.Counter()
        self.count: collections.Counter[str] = collections.Counter()
        self.undo: list[tuple[Any, str, Any]] = []

    def wrap(self, owner: Any, name: str, stage: str, count: Callable[..., int] | None = None) -> None:
        original = getattr(owner, name)

        def timed(*args: Any, **kw: Any) -> Any:
            t = time.thread_time()
            out = original(*args, **kw)
            self.ms[stage] += (time.thread_time() - t) * 1000
            self.count[stage] += count(args, out) if count else 1
            return out

        setattr(owner, name, timed)
        self.undo.append((owner, name, original))

    def restore(self) -> None:
        for owner, name, original in reversed(self.undo):
            setattr(owner, name, original)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="*", type=Path)
    ap.add_argument("--images", type=int, default=40)
    ap.add_argument("--profile", default="pips")
    a = ap.parse_args()
    cv2.setNumThreads(1)
    frames = _frames(a.folders, a.images)
    prof = load_profile(a.profile)
    reader.read_frame(frames[0], prof)  # warm-up
    total = []
    for img in frames:  # untimed stages first: the frames' own CPU time
        t = time.thread_time()
        reader.read_frame(img, prof)
        total.append((time.thread_time() - t) * 1000)

    timer = _Timer()
    timer.wrap(reader, "find_tray", "tray markers")
    timer.wrap(reader, "find_candidates", "candidate search", lambda args, out: len(out))
    timer.wrap(DieNet, "run", "network runs", lambda args, out: len(args[1]))
    timer.wrap(FaceNet, "face_probs", "  of it face net", lambda args, out: len(args[2]))
    timer.wrap(reader, "keep_bodies", "body check")
    timer.wrap(detect.cv2, "kmeans", "  of it k-means")
    sizes: collections.Counter[int] = collections.Counter()
    size_ms: collections.Counter[int] = collections.Counter()
    read_at = reader._read_at

    def timed_read_at(frame: Any, profile: Any, size: int, *rest: Any) -> Any:
        t = time.thread_time()
        out = read_at(frame, profile, size, *rest)
        sizes[size] += 1
        size_ms[size] += (time.thread_time() - t) * 1000
        return out

    reader._read_at = timed_read_at  # type: ignore[assignment]

    # Which source each candidate came from, and what the first look made of it.
    source: dict[tuple[float, float], str] = {}
    split, clutter = detect._split_clusters, detect._dice_on_clutter

    def split_seen(*args: Any) -> Any:
        out = split(*args)
        source.update({(c.x, c.y): "split touching dice" for c in out})
        return out

    def clutter_seen(*args: Any) -> Any:
        out = clutter(*args)
        source.update({(c.x, c.y): "search on clutter" for c in out})
        return out

    detect._split_clusters = split_seen  # type: ignore[assignment]
    detect._dice_on_clutter = clutter_seen  # type: ignore[assignment]
    pending: list[list[str]] = []
    search = reader.find_candidates

    def labelled_search(work: Any, params: Any, *more: Any) -> Any:
        source.clear()
        out = search(work, params, *more)  # more: where the search's maps are kept
        # find_candidates maps the half-size search's centres by 2x + 0.5.
        pending.append([source.get(((c.x - 0.5) / 2, (c.y - 0.5) / 2), "distance peaks") for c in out])
        return out

    reader.find_candidates = labelled_search  # type: ignore[assignment]
    looks = reader._looks
    crops: collections.Counter[str] = collections.Counter()
    passed: collections.Counter[str] = collections.Counter()

    def first_looks(work: Any, net: Any, xs: Any, ys: Any, halves: Any, views: int = 1,
                    mirror: bool = False) -> Any:
        out = looks(work, net, xs, ys, halves, views, mirror)
        if pending and views == 1 and not mirror and len(pending[-1]) == len(xs):
            for src, p in zip(pending.pop(), out[0].base_die, strict=True):
                crops[src] += 1
                passed[src] += bool(p >= prof.second_look)
        return out

    reader._looks = first_looks  # type: ignore[assignment]
    try:
        for img in frames:
            pending.clear()
            reader.read_frame(img, prof)
    finally:  # the wrappers made last undone first (find_candidates is wrapped twice)
        reader._read_at, reader.find_candidates, reader._looks = read_at, search, looks  # type: ignore[assignment]
        detect._split_clusters, detect._dice_on_clutter = split, clutter  # type: ignore[assignment]
        timer.restore()
    n = len(frames)
    print(f"{n} frames, profile {a.profile}: thread CPU per frame median {statistics.median(total):.2f} ms, "
          f"mean {statistics.mean(total):.2f} ms")
    for stage in ("tray markers", "candidate search", "  of it k-means", "network runs",
                  "  of it face net", "body check"):
        extra = {"candidate search": " candidates", "network runs": " crops",
                 "  of it face net": " dice"}.get(stage, " calls")
        print(f"  {stage:<18} {timer.ms[stage] / n:6.2f} ms a frame, "
              f"{timer.count[stage] / n:6.1f}{extra} a frame")
    for size in sorted(sizes, reverse=True):
        print(f"  read at {size:>4} px: {sizes[size]} of {n} frames, "
              f"{size_ms[size] / sizes[size]:.2f} ms a reading")
    for src in sorted(crops):
        print(f"  first looks from {src:<20} {crops[src] / n:5.1f} a frame, "
              f"{passed[src] / max(crops[src], 1):.2f} of them looked at again")


if __name__ == "__main__":
    main()
