"""The firmware (MicroPython unix port) over a real pseudo-terminal: boot, the roll
cycle, commands, bad input, restarts. The test plays the companion on the pty master."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import MAIN, SerialTray, wait_for

pytestmark = pytest.mark.micropython

M44 = {"infantry", "armor", "grenade", "star", "flag"}
Make = Callable[..., SerialTray]


def test_boot_says_hello_then_idle_status_and_heartbeats(serial_tray: Make) -> None:
    t = serial_tray("--heartbeat", "0.2")
    t.wait("status")
    first = [m for m in t.messages if m["type"] != "heartbeat"][:2]
    assert [m["type"] for m in first] == ["hello", "status"]
    hello, status = first
    assert hello["seq"] == 1 and status["seq"] == 2
    assert hello["dev"] == "tray-s" and hello["boot"] == 1 and hello["v"] == 1
    assert hello["dice"] == "m44" and hello["proto"] == [1] and hello["max_dice"] == 8
    assert {"virtual", "button", "led"} <= set(hello["caps"])
    assert status["state"] == "idle"
    assert wait_for(lambda: len(t.of("heartbeat")) >= 3)
    ups = [m["up"] for m in t.of("heartbeat")]
    assert ups == sorted(ups) and ups[-1] > ups[0]
    seqs = [m["seq"] for m in t.messages]
    assert seqs == list(range(1, len(seqs) + 1))  # one counter, no gaps, no repeats


def test_expect_ack_armed_roll_with_rid_and_n_faces(serial_tray: Make) -> None:
    t = serial_tray("--auto-throw", "0.05", "--roll-ms", "50")
    t.wait("status", state="idle")
    mark = t.last_seq()
    cid = t.command("expect", n=3, rid="r-41", to="tray-s")
    roll = t.wait("roll", rid="r-41")
    assert len(roll["faces"]) == 3 and set(roll["faces"]) <= M44
    t.wait("status", state="idle", seq=roll["seq"] + 1)
    seen = [(m["type"], m.get("state")) for m in t.after(mark)]
    assert seen == [("ack", None), ("status", "armed"), ("status", "rolling"),
                    ("status", "settled"), ("roll", None), ("status", "idle")]
    ack = t.after(mark)[0]
    assert ack["id"] == cid
    armed = t.after(mark)[1]
    assert (armed["n"], armed["rid"]) == (3, "r-41")
    assert "led rolling" in t.log()  # the ring played its roll animation


def test_pips_tray_rolls_numbers(serial_tray: Make) -> None:
    t = serial_tray("--dice", "pips", "--auto-throw", "0", "--roll-ms", "0", "--seed", "5")
    assert t.wait("hello")["dice"] == "pips"
    t.command("expect", n=8, rid="p")
    faces = t.wait("roll", rid="p")["faces"]
    assert len(faces) == 8 and all(type(f) is int and 1 <= f <= 6 for f in faces)


def test_button_press_without_expect_rolls_with_null_rid(serial_tray: Make) -> None:
    t = serial_tray("--roll-ms", "0")
    t.wait("status")
    t.hardware("press")
    roll = t.wait("roll")
    assert roll["rid"] is None and len(roll["faces"]) == 2  # the tray's default


def test_keys_and_cancel_and_get_state(serial_tray: Make) -> None:
    t = serial_tray()
    t.wait("status")
    t.command("expect", n=2, rid="k")
    t.wait("status", state="armed")
    t.hardware("keys star ?")
    assert t.wait("roll", rid="k")["faces"] == ["star", None]
    t.hardware("keys dragon")  # a typo on the keypad: nothing is sent
    t.command("expect", n=2, rid="k2")
    t.wait("status", state="armed", rid="k2")
    mark = t.last_seq()
    cid = t.command("cancel")
    t.wait("ack", id=cid)
    t.wait("status", state="idle", seq=t.of("ack", id=cid)[0]["seq"] + 1)
    cid = t.command("get_state")
    t.wait("ack", id=cid)
    assert wait_for(lambda: [m["type"] for m in t.after(mark)][-3:] == ["ack", "hello", "status"])
    assert not t.of("roll", rid="k2")
    assert "not a face" in t.log()


def test_repeated_expect_and_duplicate_commands(serial_tray: Make) -> None:
    t = serial_tray("--roll-ms", "0")
    t.wait("status")
    t.command("expect", n=2, rid="same")
    t.wait("status", state="armed")
    t.command("expect", n=2, rid="same")  # the companion repeats after a reconnect
    assert wait_for(lambda: len(t.of("ack")) == 2)
    assert len(t.of("status", state="armed")) == 1
    t.hardware("press")
    roll = t.wait("roll", rid="same")
    t.command("expect", n=2, rid="same")  # it missed the roll: the same message again
    assert wait_for(lambda: len(t.of("roll", rid="same")) == 2)
    assert t.of("roll", rid="same")[1] == roll
    # the very same command line twice (two links): answered twice, acted on once
    line = (b'{"v":1,"type":"expect","dev":"companion-b","boot":5,"seq":9,"id":"d9",'
            b'"n":1,"rid":"dup"}\n')
    t.write(line + line)
    assert wait_for(lambda: len(t.of("ack", id="d9")) == 2)
    acks = t.of("ack", id="d9")
    assert acks[0] == acks[1]
    assert len(t.of("status", state="armed", rid="dup")) == 1


def test_bad_input_is_nakked_or_dropped_never_fatal(serial_tray: Make) -> None:
    t = serial_tray("--heartbeat", "0.2", "--auto-throw", "0", "--roll-ms", "0")
    t.wait("status")
    t.write(b"\x00\x01\xfe\xff garbage bytes\n")
    t.write(b"{" + b"A" * 10_240 + b"}\n")
    t.write(b"not json at all\r\n")
    base = b'{"v":1,"dev":"companion-x","boot":1,'
    t.write(base + b'"seq":1,"id":"w1","type":"expect","n":"three","rid":"r"}\n')
    t.write(base + b'"seq":2,"id":"w2","type":"expect","n":99,"rid":"r"}\n')
    t.write(base + b'"seq":3,"id":"w3","type":"teleport"}\n')
    t.write(b'{"v":2,"dev":"companion-x","boot":1,"seq":4,"id":"w4","type":"cancel"}\n')
    t.write(base + b'"seq":5,"id":"w5","type":"led","pattern":"disco"}\n')
    t.write(base + b'"seq":6,"id":"w6","type":"cancel","to":"tray-other"}\n')
    t.write(b'{"v":1,"type":"roll","dev":"tray-other","boot":1,"seq":1,"rid":null,"faces":[]}\n')
    t.write(b'"just a string"\n')
    t.write(base + b'"seq":7,"id":"w7","type":"led","pattern":"hit"}\n')
    t.wait("ack", id="w7")
    why = {m["id"]: m["why"].split(":")[0] for m in t.of("nak")}
    assert why["w1"] == "bad_schema"
    assert why["w2"] == "bad_args"
    assert why["w3"] == "unknown_type"
    assert why["w4"] == "version"
    assert why["w5"] == "bad_args"
    assert "w6" not in why and not t.of("ack", id="w6")  # another tray's command
    assert [m["why"].split(":")[0] for m in t.of("nak", id=None)] == ["bad_json", "bad_json"]
    assert t.alive()
    assert wait_for(lambda: t.of("heartbeat") and t.of("heartbeat")[-1]["dropped"] >= 9)
    # after all that, it still rolls
    t.command("expect", n=4, rid="after")
    assert len(t.wait("roll", rid="after")["faces"]) == 4
    # nothing the tray wrote was longer than a line may be
    assert all(len(line) <= 512 for line in bytes(t.raw).split(b"\n"))


def test_boot_counter_increments_on_restart(serial_tray: Make, tmp_path: Path) -> None:
    t = serial_tray(dev="tray-b")
    assert t.wait("hello")["boot"] == 1
    t.close()
    t2 = serial_tray(dev="tray-b")
    assert t2.wait("hello")["boot"] == 2
    assert (tmp_path / "tray-b.boot").read_text().strip() == "2"


def test_stdin_closing_stops_it_cleanly(serial_tray: Make) -> None:
    t = serial_tray()
    t.wait("status")
    assert t.proc is not None and t.proc.stdin is not None
    t.proc.stdin.close()
    assert t.proc.wait(10) == 0


def test_bad_command_line_exits_2_with_one_clear_line(micropython: str) -> None:
    for args in (["--serial", "/dev/null"], ["--dev", "Bad Name", "--serial", "x"],
                 ["--dev", "t", "--mqtt", "nohost"], ["--dev", "t", "--serial", "x", "--dice", "d20"],
                 ["--dev", "t", "--serial", "x", "--auto-throw", "soon"]):
        run = subprocess.run([micropython, str(MAIN), *args], capture_output=True, text=True,
                             timeout=20, stdin=subprocess.DEVNULL)
        assert run.returncode == 2, args
        assert "Traceback" not in run.stderr
        assert run.stderr.splitlines()[0] and "usage:" in run.stderr
