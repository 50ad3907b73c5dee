"""(dev, boot, seq) bookkeeping and the hub: duplicates, gaps, reboots, links, drops."""

from __future__ import annotations

import json

from companion.tray import codec
from companion.tray.codec import Message
from companion.tray.hub import SeqTracker, TrayHub

from .conftest import Recorder


def test_tracker_acts_once_and_names_duplicates() -> None:
    t = SeqTracker()
    assert t.check("a", 1, 1).act
    v = t.check("a", 1, 1)
    assert not v.act and v.reason == "duplicate"


def test_tracker_reports_a_gap_and_fills_it_late_once() -> None:
    t = SeqTracker()
    t.check("a", 1, 1)
    v = t.check("a", 1, 5)
    assert v.act and v.missed == 3
    late = t.check("a", 1, 3)  # out of order, never seen: acted on once
    assert late.act and late.missed == 0
    assert t.check("a", 1, 3).reason == "duplicate"


def test_tracker_reboot_and_old_boot() -> None:
    t = SeqTracker()
    for s in range(1, 10):
        t.check("a", 4, s)
    v = t.check("a", 5, 1)
    assert v.act and v.reboot == (4, 5) and v.missed == 0
    assert t.check("a", 5, 1).reason == "duplicate"
    assert t.check("a", 4, 10).reason == "old_boot"  # a late message from the last life
    assert t.check("a", 5, 2).act


def test_tracker_window_drops_stale_and_keeps_memory_bounded() -> None:
    t = SeqTracker(window=16)
    for s in range(1, 200):
        assert t.check("a", 1, s).act
    assert t.check("a", 1, 150).reason == "stale"
    assert len(t._seen["a"]) <= 2 * 16 + 1


def test_tracker_devices_are_independent() -> None:
    t = SeqTracker()
    assert t.check("a", 1, 1).act and t.check("b", 1, 1).act


def roll(seq: int, rid: str | None = "r1", faces: list[object] | None = None,
         dev: str = "tray-1", boot: int = 2) -> Message:
    return codec.roll(dev, boot, seq, rid, faces or ["star", "flag"])  # type: ignore[arg-type]


def test_a_roll_over_two_links_is_acted_on_once() -> None:
    hub = TrayHub("companion-t", boot=1)
    rec = Recorder(hub)
    assert hub.receive(roll(3), "serial:/dev/x")
    assert not hub.receive(roll(3), "mqtt:h:1")
    assert len(rec.rolls()) == 1
    assert hub.dropped["duplicate"] == 1
    info = hub.tray("tray-1")
    assert info is not None and info.links == {"serial:/dev/x", "mqtt:h:1"}


def test_faces_must_fit_the_announced_dice() -> None:
    hub = TrayHub("companion-t", boot=1)
    rec = Recorder(hub)
    hub.receive(codec.hello("tray-1", 2, 1, fw="1", caps=[], dice="pips"), "l")
    assert not hub.receive(roll(2, faces=["star"]), "l")
    assert hub.receive(roll(3, faces=[4, None]), "l")
    assert hub.dropped["bad_faces"] == 1 and len(rec.rolls()) == 1


def test_payload_dev_must_match_the_topic() -> None:
    hub = TrayHub("companion-t", boot=1)
    data = codec.payload(roll(1, dev="tray-2"))
    assert not hub.receive_payload(data, "mqtt:h:1", topic_dev="tray-1")
    assert hub.dropped["dev_mismatch"] == 1
    assert hub.receive_payload(data + b"\r\n", "mqtt:h:1", topic_dev="tray-2")


def test_bad_payloads_are_counted_never_raised() -> None:
    hub = TrayHub("companion-t", boot=1)
    for data in (b"", b"\x00\xff", b"{", json.dumps({"v": 1}).encode(), b"9" * 5000,
                 json.dumps({"v": 3, "type": "roll"}).encode()):
        assert not hub.receive_payload(data, "mqtt:h:1", topic_dev="tray-1")
    assert sum(hub.dropped.values()) == 6
    assert hub.accepted == 0


def test_reboot_gap_and_presence_events() -> None:
    hub = TrayHub("companion-t", boot=1)
    rec = Recorder(hub)
    hub.receive(codec.status("tray-1", 2, 1, "idle"), "mqtt:h:1")
    hub.receive(codec.status("tray-1", 2, 4, "armed", n=2, rid="r"), "mqtt:h:1")
    assert [e.detail for e in rec.kinds("gap")] == ["2 missed before seq 4"]
    hub.receive(codec.status("tray-1", 2, 0, "offline"), "mqtt:h:1")  # the last will
    assert hub.online_trays() == []
    hub.receive(codec.hello("tray-1", 3, 1, fw="1", caps=[], dice="m44"), "mqtt:h:1")
    assert [e.detail for e in rec.kinds("reboot")] == ["boot 2 -> 3"]
    assert [e.kind for e in rec.events if e.kind in ("online", "offline")] == \
        ["online", "offline", "online"]
    hub.link_lost("mqtt:h:1")
    assert hub.online_trays() == [] and rec.events[-1].kind == "offline"


def test_commands_from_others_are_not_acted_on() -> None:
    hub = TrayHub("companion-t", boot=1)
    cmd = codec.expect("companion-other", 1, 1, "c1", 2, "r")
    assert not hub.receive(cmd, "serial:x")
    assert hub.dropped["not_from_tray"] == 1


def test_a_listener_bug_does_not_stop_the_hub() -> None:
    hub = TrayHub("companion-t", boot=1)

    def boom(ev: object) -> None:
        raise RuntimeError("bug")

    hub.add_listener(boom)
    rec = Recorder(hub)
    assert hub.receive(roll(1), "l")
    assert len(rec.rolls()) == 1


def test_commands_carry_the_companion_envelope() -> None:
    hub = TrayHub("companion-t", boot=99)
    sent: list[Message] = []

    class Wire:
        name = "serial:w"

        def send(self, msg: Message) -> bool:
            sent.append(msg)
            return True

    hub.attach(Wire())
    a = hub.send("tray-1", "expect", n=3, rid="r9")
    b = hub.send("tray-1", "cancel")
    assert a is not None and b is not None
    assert [m.type for m in sent] == ["expect", "cancel"]
    assert a.dev == "companion-t" and a.boot == 99 and b.seq == a.seq + 1
    assert a["to"] == "tray-1" and a["id"] != b["id"]
    assert codec.decode(codec.encode(a)) == a


def test_the_last_will_is_acted_on_after_a_long_session_once() -> None:
    t = SeqTracker(window=16)
    for s in range(1, 500):
        t.check("a", 1, s)
    assert t.check("a", 1, 0).act  # seq 0 is the will: older than the window, still current
    assert t.check("a", 1, 0).reason == "duplicate"
    for s in range(500, 600):
        t.check("a", 1, s)
    assert t.check("a", 1, 0).reason == "duplicate"


def test_a_tray_heard_without_its_hello_is_asked_for_it_once() -> None:
    hub = TrayHub("companion-t", boot=1)
    sent: list[Message] = []

    class Wire:
        name = "mqtt:w"

        def send(self, msg: Message) -> bool:
            sent.append(msg)
            return True

    hub.attach(Wire())
    hub.receive(codec.status("tray-1", 2, 5, "idle"), "mqtt:w")
    hub.receive(codec.heartbeat("tray-1", 2, 6, 3.0), "mqtt:w")
    assert [(m.type, m.get("to")) for m in sent] == [("get_state", "tray-1")]
    hub.receive(codec.hello("tray-1", 2, 7, fw="1", caps=[], dice="m44"), "mqtt:w")
    hub.receive(codec.heartbeat("tray-1", 2, 8, 4.0), "mqtt:w")
    assert len(sent) == 1
