"""``eval``'s pairing of detections with labelled dice (the contract's rule, most pairs)."""

from __future__ import annotations

from vision.evaluate import match
from vision.labelled import LabelledDie


def _box(cx: int, cy: int, half: int = 20) -> tuple[int, int, int, int]:
    return (cx - half, cy - half, cx + half, cy + half)


def test_a_detection_goes_to_the_die_it_is_nearest() -> None:
    # Touching dice: their labelled boxes overlap. The right die's detection sits a little
    # left, inside both boxes, and comes first in the reading's order.
    dice = [LabelledDie(1, _box(20, 20)), LabelledDie(2, _box(50, 20))]
    boxes = [_box(36, 20, 15), _box(20, 20, 15)]
    assert match(boxes, dice) == [1, 0]


def test_the_most_pairs_are_taken() -> None:
    # A long box (a die labelled with its side face) holds both detections' centres, the
    # one also on its neighbour's box the nearer; the neighbour holds only that one. The
    # nearest-first choice alone would leave the neighbour unmatched: the pairing with
    # the most pairs is kept.
    dice = [LabelledDie(1, (0, 0, 60, 40)), LabelledDie(2, (50, 0, 90, 40))]
    boxes = [_box(52, 20, 10), _box(5, 20, 10)]
    assert match(boxes, dice) == [1, 0]


def test_a_centre_outside_every_box_matches_nothing_and_each_detection_once() -> None:
    dice = [LabelledDie(3, _box(20, 20)), LabelledDie(4, _box(22, 22))]
    assert match([_box(200, 200)], dice) == [None, None]
    got = match([_box(21, 21)], dice)
    assert sorted(g for g in got if g is not None) == [0] and got.count(None) == 1
