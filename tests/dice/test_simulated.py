"""SimulatedDiceSource: seeded, with the dice's real odds, at once or on a timer."""

from __future__ import annotations

import threading
from collections import Counter

import pytest

from companion.dice.base import DiceRequest, DiceResult, roll_blocking, validate_faces
from companion.dice.simulated import M44_SIDES, SimulatedDiceSource


def test_the_die_has_two_infantry_sides_and_one_of_each_other() -> None:
    assert Counter(M44_SIDES) == {"infantry": 2, "armor": 1, "grenade": 1, "star": 1, "flag": 1}


def test_same_seed_same_dice() -> None:
    a = SimulatedDiceSource(seed=44)
    b = SimulatedDiceSource(seed=44)
    ra = [roll_blocking(a, DiceRequest(f"r{i}", 4)).faces for i in range(20)]
    rb = [roll_blocking(b, DiceRequest(f"r{i}", 4)).faces for i in range(20)]
    assert ra == rb
    for faces in ra:
        validate_faces(faces, 4, "m44", allow_unread=False)


def test_odds_follow_the_die() -> None:
    src = SimulatedDiceSource(seed=1)
    faces = roll_blocking(src, DiceRequest("big", 60_000)).faces
    counts = Counter(faces)
    # 60 000 throws: each share within 1.5 points of its true odds (6 sigma is ~0.9)
    assert abs(counts["infantry"] / 60_000 - 2 / 6) < 0.015
    for f in ("armor", "grenade", "star", "flag"):
        assert abs(counts[f] / 60_000 - 1 / 6) < 0.015


def test_pip_dice() -> None:
    src = SimulatedDiceSource(seed=3)
    faces = roll_blocking(src, DiceRequest("p", 600, kind="pips")).faces
    assert set(faces) == {1, 2, 3, 4, 5, 6}


def test_immediate_answer_comes_inside_request() -> None:
    src = SimulatedDiceSource(seed=0)
    got: list[DiceResult] = []
    src.request(DiceRequest("now", 2), got.append)
    assert len(got) == 1 and src.pending() == []


def test_delayed_answer_and_cancel() -> None:
    src = SimulatedDiceSource(seed=0, delay=0.05)
    done = threading.Event()
    got: list[DiceResult] = []

    def keep(r: DiceResult) -> None:
        got.append(r)
        done.set()

    src.request(DiceRequest("later", 2), keep)
    assert got == []  # not answered inside request()
    assert done.wait(5) and len(got) == 1
    src2 = SimulatedDiceSource(seed=0, delay=0.05)
    late: list[DiceResult] = []
    src2.request(DiceRequest("x", 1), late.append)
    src2.cancel("x")
    assert not threading.Event().wait(0.2)
    assert late == [] and src2.pending() == []


def test_negative_delay_is_refused() -> None:
    with pytest.raises(ValueError, match="delay"):
        SimulatedDiceSource(delay=-1)
