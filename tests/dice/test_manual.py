"""ManualDiceSource: faces typed or tapped, checked before they are accepted."""

from __future__ import annotations

import pytest

from companion.dice.base import DiceError, DiceRequest, DiceResult
from companion.dice.manual import ManualDiceSource, parse_faces


def test_submit_answers_the_request_once() -> None:
    prompts: list[DiceRequest] = []
    src = ManualDiceSource(on_prompt=prompts.append)
    got: list[DiceResult] = []
    src.request(DiceRequest("b1", 3, "battle: a1 on x1"), got.append)
    assert [p.request_id for p in prompts] == ["b1"]
    res = src.submit("b1", ["infantry", "grenade", "flag"])
    assert got == [res] and res.faces == ["infantry", "grenade", "flag"]
    assert res.source == "manual" and src.pending() == []
    with pytest.raises(DiceError, match="no dice request"):
        src.submit("b1", ["star", "star", "star"])


@pytest.mark.parametrize(("faces", "message"), [
    (["infantry", "grenade"], "3 dice are due, 2 were given"),
    (["infantry", "grenade", "banana"], "'banana' is not a face"),
    (["infantry", None, "star"], "die 2 is unread"),
    (["infantry", 3, "star"], "is not a face of m44"),
])
def test_bad_faces_are_refused_and_change_nothing(faces: list[object], message: str) -> None:
    src = ManualDiceSource()
    got: list[DiceResult] = []
    src.request(DiceRequest("b1", 3), got.append)
    with pytest.raises(DiceError, match=message):
        src.submit("b1", faces)  # type: ignore[arg-type]
    assert got == [] and [r.request_id for r in src.pending()] == ["b1"]


def test_typed_faces_are_parsed() -> None:
    assert parse_faces("i, A g s F") == ["infantry", "armor", "grenade", "star", "flag"]
    assert parse_faces("tank soldier") == ["armor", "infantry"]
    assert parse_faces("3 6 1", "pips") == [3, 6, 1]
    with pytest.raises(DiceError, match="'x' is not a die face"):
        parse_faces("i x")
    with pytest.raises(DiceError, match="'7' is not a pip face"):
        parse_faces("7", "pips")


def test_submit_text_for_pip_dice() -> None:
    src = ManualDiceSource()
    got: list[DiceResult] = []
    src.request(DiceRequest("p", 2, kind="pips"), got.append)
    src.submit("p", "6 6")
    assert got[0].faces == [6, 6]


def test_a_cancelled_request_takes_no_faces() -> None:
    src = ManualDiceSource()
    got: list[DiceResult] = []
    src.request(DiceRequest("b1", 1), got.append)
    src.cancel("b1")
    with pytest.raises(DiceError):
        src.submit("b1", ["star"])
    assert got == []
