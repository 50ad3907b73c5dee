"""Measuring a profile against a labelled folder (the numbers of ``eval``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from vision.labelled import LabelledDie, LabelledImage
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


def match(boxes: Sequence[tuple[int, int, int, int]], dice: Sequence[LabelledDie]) -> list[int | None]:
    """For each labelled die, the index of the detection (its box) matched to it, or None.

    A detection may match a die when its box centre lies in the die's box, and each
    detection matches one die (the contract's rule). Of the ways to pair them, one with
    the most pairs is taken, nearer centres first: touching dice's labelled boxes
    overlap, and a die's detection whose centre lies on its neighbour's box too must not
    leave that neighbour, whose own detection lies in its box only, unmatched (the
    first labelled die taking the first detection inside its box did)."""
    centres = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes]
    options: list[list[int]] = []
    for die in dice:
        mx, my = (die.box[0] + die.box[2]) / 2, (die.box[1] + die.box[3]) / 2
        inside = [j for j, (cx, cy) in enumerate(centres) if die.contains(cx, cy)]
        options.append(sorted(inside, key=lambda j: (centres[j][0] - mx) ** 2 + (centres[j][1] - my) ** 2))
    owner: dict[int, int] = {}  # detection -> labelled die

    def place(i: int, seen: set[int]) -> bool:  # an augmenting path from die i (Kuhn)
        for j in options[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or place(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(dice)):
        place(i, set())
    got: list[int | None] = [None] * len(dice)
    for j, i in owner.items():
        got[i] = j
    return got


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
        hits = match([d.box for d in reading.dice], it.dice)
        right_here = 0
        for die, hit in zip(it.dice, hits, strict=True):
            rep.labelled += 1
            if hit is None:
                rep.confusion[(str(die.face), "missed")] += 1
                continue
            rep.found += 1
            got: Face | None = reading.dice[hit].face
            if got is None:
                rep.unreadable += 1
            elif got == die.face:
                rep.right += 1
                right_here += 1
            rep.confusion[(str(die.face), "null" if got is None else str(got))] += 1
        rep.extra += len(reading.dice) - sum(h is not None for h in hits)
        rep.per_image.append((it.image.name, right_here, len(it.dice)))
        if progress:
            progress(k + 1, len(items))
    return rep
