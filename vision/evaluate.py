"""Measuring a profile against a labelled folder (the numbers of ``eval``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from vision.labelled import LabelledImage
from vision.profile import Face, Profile
from vision.reader import read_loaded


@dataclass
class EvalReport:
    labelled: int = 0
    found: int = 0
    right: int = 0
    unreadable: int = 0
    extra: int = 0  # detections that match no labelled die
    images: int = 0
    ms: list[float] = field(default_factory=list)
    confusion: Counter[tuple[str, str]] = field(default_factory=Counter)
    per_image: list[tuple[str, int, int]] = field(default_factory=list)  # name, right, labelled

    @property
    def accuracy(self) -> float:
        return self.right / self.labelled if self.labelled else 0.0

    def last_line(self) -> str:
        n = max(self.labelled, 1)
        med = float(np.median(self.ms)) if self.ms else 0.0
        return (f"accuracy={self.right / n:.3f} found={self.found / n:.3f} "
                f"unreadable={self.unreadable / n:.3f} ms_median={med:.1f} "
                f"extra={self.extra / max(self.images, 1):.2f}")


def evaluate(
    items: Sequence[LabelledImage],
    profile: Profile,
    progress: Callable[[int, int], None] | None = None,
) -> EvalReport:
    rep = EvalReport()
    for k, it in enumerate(items):
        reading = read_loaded(it.load(), profile)
        rep.images += 1
        rep.ms.append(reading.ms)
        used: set[int] = set()
        right_here = 0
        for die in it.dice:
            rep.labelled += 1
            hit = None
            for j, d in enumerate(reading.dice):
                if j in used:
                    continue
                cx, cy = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
                if die.contains(cx, cy):
                    hit = j
                    break
            if hit is None:
                rep.confusion[(str(die.face), "missed")] += 1
                continue
            used.add(hit)
            rep.found += 1
            got: Face | None = reading.dice[hit].face
            if got is None:
                rep.unreadable += 1
            elif got == die.face:
                rep.right += 1
                right_here += 1
            rep.confusion[(str(die.face), "null" if got is None else str(got))] += 1
        rep.extra += len(reading.dice) - len(used)
        rep.per_image.append((it.image.name, right_here, len(it.dice)))
        if progress:
            progress(k + 1, len(items))
    return rep
