"""The serial link end to end over real pseudo-terminals with the Python virtual tray."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import serial

from companion.dice.base import DiceRequest
from companion.dice.tray import TrayDiceSource
from companion.tray import codec
from companion.tray.hub import TrayHub
from companion.tray.serial_link import TRAY_USB_IDS, SerialLink, candidate_ports
from companion.tray.simulator import SerialTraySide, VirtualTray, open_pty

from .conftest import PtyTray, Recorder, Results, wait_for


@pytest.fixture
def hub() -> TrayHub:
    return TrayHub("companion-test", boot=1000)


@pytest.fixture
def link(hub: TrayHub, pty_tray: PtyTray) -> Iterator[SerialLink]:
    lk = SerialLink(hub, pty_tray.path).start()
    assert wait_for(lambda: hub.online_trays() == ["tray-1"])
    yield lk
    lk.close()


def test_a_roll_thrown_arrives_exactly_once(hub: TrayHub, link: SerialLink,
                                            pty_tray: PtyTray) -> None:
    src = TrayDiceSource(hub, "tray-1")
    res = Results()
    src.request(DiceRequest("battle-1", 3), res)
    assert wait_for(lambda: pty_tray.tray.state == "armed")
    thrown = pty_tray.tray.throw(["infantry", None, "flag"])
    assert thrown is not None and thrown["rid"] == "battle-1"
    assert res.event.wait(5)
    # the same roll again (a resend after a reconnect) must not answer anything twice
    pty_tray.side.write(thrown)
    assert wait_for(lambda: hub.dropped["duplicate"] >= 1)
    assert len(res.got) == 1
    r = res.got[0]
    assert r.faces == ["infantry", None, "flag"]
    assert r.dice[1].confidence == 0.0
    assert r.meta["seq"] == thrown.seq and r.meta["boot"] == 3
    src.close()


def test_noise_on_the_line_is_counted_and_the_next_roll_still_arrives(
        hub: TrayHub, link: SerialLink, pty_tray: PtyTray) -> None:
    rec = Recorder(hub)
    noise = (b"\x00\xff\xfe garbage\n" + b"A" * 10_240 + b"\n" + b"not json\n"
             + b'{"v":1,"type":"roll","dev":"tray-1","boot":3,"seq":"x"}\n'
             + b'{"v":1,"type":"dance","dev":"tray-1","boot":3,"seq":99}\n'
             + b'{"v":7,"type":"roll"}\r\n')
    for i in range(0, len(noise), 700):  # written in pieces, as a UART would
        os.write(pty_tray.master, noise[i:i + 700])
    msg = pty_tray.tray.throw(["star"])
    assert msg is not None
    assert wait_for(lambda: len(rec.rolls()) == 1)
    d = link.reader.dropped
    assert d["non_ascii"] == 1 and d["too_long"] == 1 and d["bad_json"] == 1
    assert d["bad_schema"] == 1 and d["unknown_type"] == 1 and d["version"] == 1
    assert hub.dropped["too_long"] == 1  # the hub counts what every link dropped
    assert rec.rolls()[0].message == msg


def test_duplicate_and_out_of_order_lines_act_once(hub: TrayHub, link: SerialLink,
                                                   pty_tray: PtyTray) -> None:
    rec = Recorder(hub)
    # well ahead of the tray's own numbering: its heartbeats and statuses go on meanwhile
    base = pty_tray.tray.seq + 100
    lines = [codec.roll("tray-1", 3, base + s, f"r{s}", ["armor"]) for s in (3, 1, 2, 3, 1)]
    for m in lines:
        os.write(pty_tray.master, codec.encode(m))
    assert wait_for(lambda: hub.dropped["duplicate"] >= 2)
    assert sorted(e.message.seq for e in rec.rolls() if e.message) == \
        [base + 1, base + 2, base + 3]


def test_the_port_is_opened_exclusively(link: SerialLink, pty_tray: PtyTray) -> None:
    assert link.connected.wait(5)
    with pytest.raises(serial.SerialException):
        serial.Serial(pty_tray.path, exclusive=True)


def test_a_tray_reboot_mid_roll_rearms_and_the_roll_arrives_once(
        hub: TrayHub, link: SerialLink, pty_tray: PtyTray) -> None:
    rec = Recorder(hub)
    src = TrayDiceSource(hub, "tray-1")
    res = Results()
    src.request(DiceRequest("battle-2", 2), res)
    assert wait_for(lambda: pty_tray.tray.state == "armed")
    # power cut: a new life with a higher boot on the same wire, not armed any more
    reborn = VirtualTray("tray-1", seed=1, boot=4)
    reborn.send = pty_tray.side.write
    pty_tray.side.tray = reborn
    pty_tray.side.reader.on_drop = reborn.on_drop
    reborn.announce()
    assert wait_for(lambda: reborn.state == "armed" and reborn.rid == "battle-2")
    assert [e.detail for e in rec.kinds("reboot")] == ["boot 3 -> 4"]
    reborn.throw(["grenade", "grenade"])
    assert res.event.wait(5)
    assert len(res.got) == 1 and res.got[0].meta["boot"] == 4
    assert res.got[0].faces == ["grenade", "grenade"]
    src.close()


def test_unplug_replug_reconnects_and_a_roll_lost_on_the_way_is_resent(
        hub: TrayHub, tmp_path: Path) -> None:
    port = tmp_path / "ttyTRAY"
    master, slave, path = open_pty()
    tray = VirtualTray("tray-9", seed=2, boot=11)
    side = SerialTraySide(tray, master, keep=[slave]).start()
    port.symlink_to(path)
    lk = SerialLink(hub, str(port), retry=0.1).start()
    src = TrayDiceSource(hub, "tray-9")
    res = Results()
    try:
        src.request(DiceRequest("battle-3", 1), res)
        assert wait_for(lambda: tray.state == "armed")
        side.close()  # unplugged: the tray (on its battery) keeps its state
        assert wait_for(lambda: hub.online_trays() == [])
        lost = tray.throw(["flag"])  # thrown while unplugged: this copy never arrives
        assert lost is not None
        master2, slave2, path2 = open_pty()
        side2 = SerialTraySide(tray, master2, keep=[slave2]).start()
        port.unlink()
        port.symlink_to(path2)  # plugged back in (the same name, like a udev rule)
        assert res.event.wait(10)
        assert lk.connects == 2
        assert len(res.got) == 1 and res.got[0].meta["seq"] == lost.seq
        assert res.got[0].faces == ["flag"]
        side2.close()
    finally:
        src.close()
        lk.close()


def test_cancel_disarms_the_tray(hub: TrayHub, link: SerialLink, pty_tray: PtyTray) -> None:
    rec = Recorder(hub)
    src = TrayDiceSource(hub, "tray-1")
    res = Results()
    src.request(DiceRequest("battle-4", 2), res)
    assert wait_for(lambda: pty_tray.tray.state == "armed")
    src.cancel("battle-4")
    assert wait_for(lambda: pty_tray.tray.state == "idle")
    pty_tray.tray.press()  # thrown anyway: rid null, answers nothing
    assert wait_for(lambda: len(rec.rolls()) == 1)
    roll = rec.rolls()[0].message
    assert roll is not None and roll["rid"] is None and len(roll["faces"]) == 2
    assert res.got == [] and src.pending() == []
    src.close()


def test_the_usb_ids_are_documented() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "tray-protocol.md").read_text()
    for vid, pid in TRAY_USB_IDS:
        assert f"{vid:04X}:{pid:04X}" in doc
    assert isinstance(candidate_ports(), list)  # no trays on a CI box, and no crash


def test_a_silent_tray_counts_as_offline_until_it_speaks(hub: TrayHub) -> None:
    master, slave, path = open_pty()
    tray = VirtualTray("tray-quiet", boot=1)
    side = SerialTraySide(tray, master, heartbeat=3600, keep=[slave]).start()
    rec = Recorder(hub)
    lk = SerialLink(hub, path, silence=0.3).start()
    try:
        assert wait_for(lambda: hub.online_trays() == ["tray-quiet"])
        side.reader.on_drop = None
        tray.handle = lambda msg: None  # type: ignore[method-assign]  # hung: answers nothing
        assert wait_for(lambda: hub.online_trays() == [], timeout=5)
        assert rec.kinds("offline")
        tray.heartbeat()
        assert wait_for(lambda: hub.online_trays() == ["tray-quiet"])
    finally:
        lk.close()
        side.close()


def test_a_port_is_confirmed_as_a_tray_by_its_hello(pty_tray: PtyTray) -> None:
    from companion.tray.serial_link import confirm_tray

    assert confirm_tray(pty_tray.path, timeout=5) == "tray-1"
    quiet_master, quiet_slave, quiet_path = open_pty()  # a port with nothing behind it
    try:
        assert confirm_tray(quiet_path, timeout=0.3) is None
    finally:
        os.close(quiet_master)
        os.close(quiet_slave)
    assert confirm_tray("/nonexistent/ttyACM9", timeout=0.1) is None
