"""``python -m vision``: read, teach, eval (the contract), plus watch, tray and render."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import cv2

from vision.images import ImageError, load_image
from vision.labelled import LabelError, load_folder
from vision.profile import Profile, ProfileError, load_profile


class UsageError(Exception):
    """Bad input: reported as one line on stderr with exit code 2."""


def _profile(name: str) -> Profile:
    try:
        return load_profile(name)
    except ProfileError as exc:
        raise UsageError(str(exc)) from None


def cmd_read(a: argparse.Namespace) -> int:
    from vision.reader import read_loaded

    prof = _profile(a.profile)
    frames = []
    for name in a.images:  # check every image first: bad input changes nothing
        try:
            frames.append((name, load_image(name)))
        except ImageError as exc:
            raise UsageError(str(exc)) from None
    for name, img in frames:
        r = read_loaded(img, prof, use_tray_markers=not a.no_markers)
        if a.json:
            doc = {"image": Path(name).name, "ms": round(r.ms, 1), "dice": [d.as_json() for d in r.dice]}
            print(json.dumps(doc), flush=True)
        else:
            faces = ", ".join("?" if d.face is None else str(d.face) for d in r.dice) or "no dice"
            print(f"{name}: {faces}  ({r.ms:.1f} ms)")
    return 0


def _labelled(folder: str) -> list:  # type: ignore[type-arg]
    try:
        return load_folder(folder)
    except LabelError as exc:
        raise UsageError(str(exc)) from None


def cmd_eval(a: argparse.Namespace) -> int:
    from vision.evaluate import evaluate

    prof = _profile(a.profile)
    items = _labelled(a.folder)
    try:
        rep = evaluate(items, prof)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    print(f"profile {prof.name} on {a.folder}: {rep.images} images, {rep.labelled} labelled dice")
    print(f"found {rep.found}, missed {rep.labelled - rep.found}, read right {rep.right}, "
          f"unreadable {rep.unreadable}, extra detections {rep.extra}")
    truths = sorted({t for t, _ in rep.confusion}, key=str)
    cols = [str(f) for f in prof.faces] + ["null", "missed"]
    print("confusion (rows: labelled face, columns: read as)")
    print("  " + "".join(f"{c:>9}" for c in ["label", *cols]))
    for t in truths:
        print("  " + f"{t:>9}" + "".join(f"{rep.confusion[(t, c)]:>9}" for c in cols))
    worst = max(rep.ms) if rep.ms else 0.0
    print(f"ms per image: worst {worst:.1f}")
    print(rep.last_line())
    return 0


def cmd_teach(a: argparse.Namespace) -> int:
    from vision.teach import teach

    items = _labelled(a.folder)
    try:
        prof, report = teach(items, a.base, name=Path(a.out).stem, log=lambda s: print(s, flush=True),
                              seed=a.seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    try:
        prof.save(a.out)
    except OSError as exc:
        raise UsageError(f"cannot write {a.out}: {exc.strerror}") from None
    print(report)
    return 0


def cmd_watch(a: argparse.Namespace) -> int:
    from vision.camera_loop import open_capture, watch

    prof = _profile(a.profile)
    try:
        cap = open_capture(a.source)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    try:
        for roll in watch(cap, prof, max_rolls=a.max_rolls):
            print(json.dumps(roll), flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        cap.release()
    return 0


def cmd_tray(a: argparse.Namespace) -> int:
    from vision.tray import run_tray

    prof = _profile(a.profile)
    try:
        return run_tray(a, prof)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def cmd_render(a: argparse.Namespace) -> int:
    from vision.render import STYLES, look_named, write_labelled, write_phone

    if a.style == "phone":  # 12 MP phone photos of one set of dice (--look), in a round tray
        try:
            look = look_named(a.look)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        if a.dice is not None and not 1 <= a.dice <= 12:
            raise UsageError("--dice must be 1..12")
        if a.touching:
            raise UsageError("--touching is for the tray styles, not --style phone")
        write_phone(a.out, a.count, look, seed=a.seed, dice=a.dice)
        print(f"wrote {a.count} labelled phone photos of {look.name} dice "
              f"(faces {', '.join(map(str, look.faces()))}) to {a.out}")
        return 0
    if a.style not in STYLES:
        raise UsageError(f"unknown style {a.style!r}: use phone or one of {', '.join(STYLES)}")
    kw: dict[str, object] = {}
    if a.dice is not None:
        if not 0 <= a.dice <= 12:
            raise UsageError("--dice must be 0..12")
        kw["dice"] = a.dice
    if a.style in ("pipwhite", "pipmix", "pipwild"):
        kw["faces"] = (1, 2, 3, 4, 5, 6)
    if not 0 <= a.clutter <= 30:
        raise UsageError("--clutter must be 0..30")
    if a.clutter:
        kw["clutter"] = a.clutter
    if a.touching:
        kw["clusters"] = True
    write_labelled(a.out, a.count, a.style, seed=a.seed, **kw)
    print(f"wrote {a.count} labelled photos to {a.out}")
    return 0


def cmd_markers(a: argparse.Namespace) -> int:
    import numpy as np

    from vision.detect import TRAY_MARKER_DICT

    if not 40 <= a.size <= 2000:
        raise UsageError("--size must be 40..2000 pixels")
    d = cv2.aruco.getPredefinedDictionary(TRAY_MARKER_DICT)
    gap = a.size // 2
    sheet = np.full((2 * a.size + 3 * gap, 2 * a.size + 3 * gap), 255, np.uint8)
    where = {0: "top-left", 1: "top-right", 2: "bottom-right", 3: "bottom-left"}
    spots = {0: (gap, gap), 1: (2 * gap + a.size, gap), 2: (2 * gap + a.size, 2 * gap + a.size),
             3: (gap, 2 * gap + a.size)}
    for mid, (x, y) in spots.items():
        sheet[y : y + a.size, x : x + a.size] = cv2.aruco.generateImageMarker(d, mid, a.size)
        cv2.putText(sheet, f"{mid}: {where[mid]}", (x, y + a.size + gap // 3),
                    cv2.FONT_HERSHEY_SIMPLEX, a.size / 250, 0, max(1, a.size // 120))
    if not cv2.imwrite(a.out, sheet):
        raise UsageError(f"cannot write {a.out} (use a .png or .jpg name in an existing folder)")
    print(f"wrote {a.out}: cut out the 4 markers and put each outside its corner of the tray, "
          "its inner corner touching the tray's corner")
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m vision", description="Read dice from photos and cameras.")
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("read", help="read the dice in images")
    p.add_argument("--profile", default="m44", help="m44, pips or a profile file (default m44)")
    p.add_argument("--json", action="store_true", help="one JSON object per image")
    p.add_argument("--no-markers", action="store_true", help="do not look for tray corner markers")
    p.add_argument("images", nargs="+", metavar="IMAGE")
    p.set_defaults(func=cmd_read)
    p = sub.add_parser("teach", help="build a profile from labelled photos of your dice")
    p.add_argument("--base", required=True, choices=("m44", "pips"))
    p.add_argument("--out", required=True, help="profile file to write (.npz)")
    p.add_argument("--seed", type=int, default=0,
                   help="seed of teach's random views and starting weights (default 0)")
    p.add_argument("folder", metavar="LABELLED_DIR")
    p.set_defaults(func=cmd_teach)
    p = sub.add_parser("eval", help="measure a profile on a labelled folder")
    p.add_argument("--profile", default="m44")
    p.add_argument("folder", metavar="LABELLED_DIR")
    p.set_defaults(func=cmd_eval)
    p = sub.add_parser("watch", help="print one JSON line per settled roll from a camera or video")
    p.add_argument("source", metavar="SOURCE", help="camera index (0, 1...) or a video file")
    p.add_argument("--profile", default="m44")
    p.add_argument("--max-rolls", type=int, default=None, help="stop after this many rolls")
    p.set_defaults(func=cmd_watch)
    p = sub.add_parser("tray", help="be a dice tray (tray protocol) using a camera")
    p.add_argument("--camera", required=True, help="camera index or video file")
    p.add_argument("--profile", default="m44")
    dest = p.add_mutually_exclusive_group(required=True)
    dest.add_argument("--mqtt", metavar="URL", help="mqtt://host[:port]")
    dest.add_argument("--serial", metavar="PORT", help="serial port or pseudo-terminal")
    p.add_argument("--device", default="camtray-1", help="tray id in the protocol")
    p.set_defaults(func=cmd_tray)
    p = sub.add_parser("markers", help="write a printable sheet of the 4 tray corner markers")
    p.add_argument("--size", type=int, default=200, help="marker side in pixels (default 200)")
    p.add_argument("out", metavar="IMAGE")
    p.set_defaults(func=cmd_markers)
    p = sub.add_parser("render", help="write synthetic labelled photos (tests, teaching)")
    p.add_argument("--style", default="classic")
    p.add_argument("--count", type=int, default=8)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--dice", type=int, default=None, help="dice per photo (default 1..8 at random)")
    p.add_argument("--clutter", type=int, default=0, help="things that are not dice on the table (0..30)")
    p.add_argument("--touching", action="store_true",
                   help="dice edge to edge, in clusters of 2-4 (default: a few touch at random)")
    p.add_argument("--look", default="blue",
                   help="--style phone: the set of dice (blue, amber, jade, or lookN for a random one)")
    p.add_argument("out", metavar="DIR")
    p.set_defaults(func=cmd_render)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        result: int = args.func(args)
        return result
    except UsageError as exc:
        print(f"vision {args.command}: {exc}", file=sys.stderr)
        return 2


