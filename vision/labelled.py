"""Labelled folders (contract format): images with a JSON file of the same stem beside each."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from vision.images import LoadedImage, load_image
from vision.profile import Face

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")


class LabelError(ValueError):
    """A labelled folder that cannot be used (missing, empty, bad JSON)."""


@dataclass(frozen=True, slots=True)
class LabelledDie:
    face: Face
    box: tuple[int, int, int, int]

    def contains(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.box
        return x0 <= x <= x1 and y0 <= y <= y1


@dataclass(frozen=True, slots=True)
class LabelledImage:
    image: Path
    dice: tuple[LabelledDie, ...]
    size: tuple[int, int] | None = None  # width and height the label file gives

    def load(self) -> LoadedImage:
        """The photo, decoded as its labels see it (:func:`vision.images.load_image`)."""
        return load_image(self.image, self.size)


def _face(raw: object, where: Path) -> Face:
    if isinstance(raw, bool) or not isinstance(raw, (str, int)):
        raise LabelError(f"{where}: face {raw!r} is neither a name nor a pip count")
    return raw


def load_folder(folder: str | Path) -> list[LabelledImage]:
    """Every labelled image in ``folder``, sorted by name; :class:`LabelError` when none."""
    root = Path(folder)
    if not root.is_dir():
        raise LabelError(f"{root} is not a folder")
    items: list[LabelledImage] = []
    for img in sorted(p for p in root.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES):
        js = img.with_suffix(".json")
        if not js.exists():
            continue
        try:
            data = json.loads(js.read_text())
            dice = tuple(
                LabelledDie(_face(d["face"], js), tuple(int(v) for v in d["box"]))  # type: ignore[arg-type]
                for d in data["dice"]
            )
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise LabelError(f"{js}: not a labelled-image file ({exc})") from None
        if any(len(d.box) != 4 for d in dice):
            raise LabelError(f"{js}: every box needs 4 numbers x0, y0, x1, y1")
        w, h = data.get("width"), data.get("height")
        size = (w, h) if isinstance(w, int) and isinstance(h, int) else None
        items.append(LabelledImage(img, dice, size))
    if not items:
        raise LabelError(f"{root} holds no labelled images (image + same-stem .json)")
    return items


def split_holdout(
    items: list[LabelledImage], every: int = 4
) -> tuple[list[LabelledImage], list[LabelledImage]]:
    """Deterministic split: every ``every``-th image (by sorted name) is held out."""
    train = [it for i, it in enumerate(items) if i % every != every - 1]
    held = [it for i, it in enumerate(items) if i % every == every - 1]
    return train, held
