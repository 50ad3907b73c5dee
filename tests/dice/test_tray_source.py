"""TrayDiceSource against the Python virtual tray wired straight to a hub (no OS link)."""

from __future__ import annotations

import threading

import pytest

from companion.dice.base import DiceError, DiceRequest, DiceResult
from companion.dice.tray import TrayDiceSource, wire_rid
from companion.tray import codec
from companion.tray.codec import Message
from companion.tray.hub import TrayHub
from companion.tray.simulator import VirtualTray


class Wire:
    """A link in memory: commands go to the tray, the tray's messages come back."""

    name = "serial:mem"

    def __init__(self, hub: TrayHub, tray: VirtualTray) -> None:
        self.hub, self.tray = hub, tray
        self.sent: list[Message] = []
        tray.send = self.deliver
        hub.attach(self)

    def deliver(self, msg: Message) -> None:
        self.hub.receive(codec.decode(codec.encode(msg)), self.name)

    def send(self, msg: Message) -> bool:
        self.sent.append(msg)
        self.tray.handle(codec.decode(codec.encode(msg)))
        return True


@pytest.fixture
def setup() -> tuple[TrayHub, VirtualTray, Wire, TrayDiceSource]:
    hub = TrayHub("companion-test", boot=1)
    tray = VirtualTray("tray-1", boot=1, seed=5)
    wire = Wire(hub, tray)
    tray.announce()
    src = TrayDiceSource(hub, "tray-1", resend=60)
    return hub, tray, wire, src


def test_expect_carries_the_request(setup: tuple[TrayHub, VirtualTray, Wire, TrayDiceSource]
                                    ) -> None:
    _hub, tray, wire, src = setup
    got: list[DiceResult] = []
    src.request(DiceRequest("att-1", 3), got.append)
    exp = [m for m in wire.sent if m.type == "expect"]
    assert exp and exp[-1]["n"] == 3 and exp[-1]["rid"] == "att-1" and exp[-1]["to"] == "tray-1"
    assert tray.state == "armed"
    tray.throw(["star", "star", None])
    assert len(got) == 1 and got[0].faces == ["star", "star", None]
    assert got[0].meta["dev"] == "tray-1"
    src.close()


def test_a_roll_of_the_wrong_size_is_refused_and_the_tray_rearmed(
        setup: tuple[TrayHub, VirtualTray, Wire, TrayDiceSource]) -> None:
    hub, tray, _wire, src = setup
    got: list[DiceResult] = []
    src.request(DiceRequest("att-2", 3), got.append)
    tray.throw(["flag"])  # the tray read one die where three were due
    assert got == [] and src.refused == 1 and hub.dropped["bad_roll"] == 1
    assert tray.state == "armed" and tray.rid == "att-2~2"
    tray.throw(["flag", "armor", "infantry"])
    assert len(got) == 1 and got[0].request_id == "att-2"
    src.close()


def test_requests_the_tray_cannot_serve_are_refused_up_front(
        setup: tuple[TrayHub, VirtualTray, Wire, TrayDiceSource]) -> None:
    _hub, _tray, _wire, src = setup
    with pytest.raises(DiceError, match="throws m44 dice"):
        src.request(DiceRequest("p", 2, kind="pips"), lambda r: None)
    with pytest.raises(DiceError, match="at most 8"):
        src.request(DiceRequest("many", 9), lambda r: None)
    assert src.pending() == []
    src.close()


def test_zero_dice_answers_at_once_and_a_buttoned_roll_answers_nothing(
        setup: tuple[TrayHub, VirtualTray, Wire, TrayDiceSource]) -> None:
    _hub, tray, _wire, src = setup
    got: list[DiceResult] = []
    src.request(DiceRequest("none", 0), got.append)
    assert len(got) == 1 and got[0].faces == []
    src.request(DiceRequest("wait", 2), got.append)
    src.cancel("wait")
    assert tray.state == "idle"
    tray.press()
    assert len(got) == 1
    src.close()


def test_unacked_expect_is_repeated() -> None:
    hub = TrayHub("companion-test", boot=1)
    sent: list[Message] = []
    twice = threading.Event()

    class Deaf:
        name = "serial:deaf"

        def send(self, msg: Message) -> bool:
            sent.append(msg)
            if len([m for m in sent if m.type == "expect"]) >= 2:
                twice.set()
            return True

    hub.attach(Deaf())
    src = TrayDiceSource(hub, "tray-1", resend=0.05)
    src.request(DiceRequest("r", 1), lambda r: None)
    assert twice.wait(5)
    rids = {m["rid"] for m in sent if m.type == "expect"}
    assert rids == {"r"}
    src.close()


def test_wire_rid_fits_the_protocol() -> None:
    assert wire_rid("battle-7") == "battle-7"
    assert wire_rid("battle-7", 3) == "battle-7~3"
    long = wire_rid("x" * 100)
    odd = wire_rid("bataille é")
    for rid in (long, odd, wire_rid("x" * 100, 2)):
        codec.decode(codec.encode(codec.roll("t", 1, 1, rid, ["star"])))
    assert long != wire_rid("y" * 100)
