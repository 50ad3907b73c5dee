"""``companion tray simulate`` and ``companion tray listen`` as real processes."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
import tty
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .conftest import Mosquitto

ROOT = Path(__file__).parents[2]


def companion(*args: str, stdin: int | None = subprocess.PIPE) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "companion", "tray", *args], cwd=ROOT,
                            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)


@pytest.fixture
def procs() -> Iterator[list[subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    yield started
    for p in started:
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)


def rolls_of(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def test_listen_prints_each_roll_of_a_simulated_pty_tray_once(
        procs: list[subprocess.Popen[str]], tmp_path: Path) -> None:
    boot_file = tmp_path / "boot"
    boot_file.write_text("41\n")
    sim = companion("simulate", "--serial", "pty", "--dev", "tray-c", "--seed", "9",
                    "--auto-throw", "0.05", "--boot-file", str(boot_file))
    procs.append(sim)
    assert sim.stdout is not None
    path = sim.stdout.readline().strip()
    assert path.startswith("/dev/")
    lis = companion("listen", "--serial", path, "--arm", "2", "--count", "3")
    procs.append(lis)
    out, err = lis.communicate(timeout=60)
    assert lis.returncode == 0, err
    rolls = rolls_of(out)
    assert len(rolls) == 3
    assert {r["dev"] for r in rolls} == {"tray-c"} and {r["boot"] for r in rolls} == {42}
    assert len({r["seq"] for r in rolls}) == 3 and len({r["rid"] for r in rolls}) == 3
    for r in rolls:
        assert set(r) == {"dev", "boot", "seq", "rid", "faces"}
        assert isinstance(r["faces"], list) and len(r["faces"]) == 2
    assert boot_file.read_text().strip() == "42"


def test_listen_over_mosquitto_with_a_typed_roll(
        procs: list[subprocess.Popen[str]], mosquitto: Mosquitto) -> None:
    lis = companion("listen", "--mqtt", mosquitto.url, "--count", "1")
    procs.append(lis)
    sim = companion("simulate", "--mqtt", mosquitto.url, "--dev", "tray-q", "--dice", "pips")
    procs.append(sim)
    assert sim.stderr is not None and sim.stdin is not None
    # wait until the listener has seen the tray, then throw by hand
    assert lis.stderr is not None
    for line in lis.stderr:
        if "connected" in line:
            break
    time.sleep(0.5)  # the tray's hello reaches the listener
    sim.stdin.write("keys banana\nkeys 6 1 ?\n")
    sim.stdin.flush()
    out, _ = lis.communicate(timeout=30)
    rolls = rolls_of(out)
    assert rolls and rolls[0]["faces"] == [6, 1, None] and rolls[0]["rid"] is None
    sim.stdin.close()  # stdin closing stops the simulator
    assert sim.wait(10) == 0
    assert "'banana' is not a pip face" in sim.stderr.read()


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "--serial", "pty", "--dev", "Bad Name"], "a device id is"),
    (["simulate", "--mqtt", "http://nowhere"], "is not a broker address"),
    (["simulate", "--serial", "/nonexistent/tty"], "No such file"),
    (["listen", "--mqtt", "mqtt://h:notaport"], "bad port"),
    (["listen", "--serial", "pty", "--arm", "12"], "--arm takes 1..8"),
])
def test_bad_arguments_get_a_clear_message(args: list[str], message: str) -> None:
    p = companion(*args, stdin=subprocess.DEVNULL)
    _out, err = p.communicate(timeout=30)
    assert p.returncode == 2
    assert message in err and "Traceback" not in err


def test_listen_arm_prints_a_rebooted_trays_resent_roll_once(
        procs: list[subprocess.Popen[str]]) -> None:
    # A tray played by hand on a real pty: it rolls, reboots, and sends that roll again
    # under its new boot (as a tray that keeps its last roll across a power cut would).
    master, slave = os.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    path = os.ttyname(slave)
    buf = b""

    def say(boot: int, seq: int, typ: str, **fields: object) -> None:
        os.write(master, json.dumps({"v": 1, "type": typ, "dev": "tray-r", "boot": boot,
                                     "seq": seq, **fields}).encode() + b"\n")

    def expect_rid(timeout: float = 20, nudge: Callable[[], None] | None = None) -> str:
        nonlocal buf
        end = time.monotonic() + timeout
        next_nudge = 0.0
        while time.monotonic() < end:
            if nudge is not None and time.monotonic() > next_nudge:
                nudge()  # said again until heard (the listener may open the port late)
                next_nudge = time.monotonic() + 0.5
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                msg = json.loads(line)
                if msg.get("type") == "expect":
                    return str(msg["rid"])
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                buf += os.read(master, 4096)
        raise AssertionError("the listener sent no expect")

    try:
        lis = companion("listen", "--serial", path, "--arm", "2", "--count", "2")
        procs.append(lis)

        def boot_one() -> None:
            say(1, 1, "hello", fw="t", caps=["virtual"], dice="pips")
            say(1, 2, "status", state="idle")

        first = expect_rid(nudge=boot_one)
        say(1, 3, "roll", rid=first, faces=[3, 4])
        second = expect_rid()
        assert second != first
        # power cut: boot 2, and the last roll once more
        say(2, 1, "hello", fw="t", caps=["virtual"], dice="pips")
        say(2, 2, "status", state="idle")
        say(2, 3, "roll", rid=first, faces=[3, 4])
        again = expect_rid()  # re-armed after the reboot: the same rid, still due
        assert again == second
        say(2, 4, "roll", rid=second, faces=[6, 6])
        out, err = lis.communicate(timeout=30)
        assert lis.returncode == 0, err
        rolls = rolls_of(out)
        assert [(r["rid"], r["boot"], r["faces"]) for r in rolls] == [
            (first, 1, [3, 4]), (second, 2, [6, 6])]
        assert f"sent roll {first} again (boot 2 seq 3); printed once" in err
    finally:
        os.close(master)
        os.close(slave)


def test_the_camera_tray_over_mosquitto(procs: list[subprocess.Popen[str]], mosquitto: Mosquitto,
                                        tmp_path: Path) -> None:
    """`companion tray camera` is the camera reader as a tray on MQTT (the reader itself knows
    no MQTT client): a throw in front of its camera reaches a listener as one roll."""
    from tests.vision.test_camera_tray import _video

    video = _video(tmp_path / "throw.avi", dice=2)
    lis = companion("listen", "--mqtt", mosquitto.url, "--count", "1")
    procs.append(lis)
    assert lis.stderr is not None
    for line in lis.stderr:
        if "connected" in line:
            break
    cam = companion("camera", "--camera", str(video), "--mqtt", mosquitto.url,
                    "--device", "camtray-m")
    procs.append(cam)
    out, _ = lis.communicate(timeout=90)
    rolls = rolls_of(out)
    assert rolls and rolls[0]["dev"] == "camtray-m" and 1 <= len(rolls[0]["faces"]) <= 8
    assert cam.wait(60) == 0


def test_the_camera_reader_alone_points_mqtt_at_the_companion_command(tmp_path: Path) -> None:
    from tests.vision.test_camera_tray import _video

    video = _video(tmp_path / "v.avi", dice=1)
    run = subprocess.run([sys.executable, "-m", "vision", "tray", "--camera", str(video),
                          "--mqtt", "mqtt://127.0.0.1:1"], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 2 and "companion tray camera" in run.stderr
    assert "Traceback" not in run.stderr
    bad = subprocess.run([sys.executable, "-m", "companion", "tray", "camera", "--camera",
                          str(tmp_path / "none.avi"), "--mqtt", "mqtt://127.0.0.1:1"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "does not exist" in bad.stderr and "Traceback" not in bad.stderr
