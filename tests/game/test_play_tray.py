"""End to end: the real tray firmware throws dice over a real mosquitto into `companion play`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.scenarios.jsonformat import save
from companion.store import GameStore
from tests.game.conftest import duel_scenario
from tests.helpers.mosquitto import find_mosquitto, start_broker

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware" / "unix_main.py"


def _micropython() -> str | None:
    for cand in (str(Path(sys.executable).parent / "micropython"), shutil.which("micropython")):
        if cand and os.access(cand, os.X_OK):
            return cand
    return None


@pytest.mark.mosquitto
@pytest.mark.micropython
def test_dice_thrown_on_the_firmware_tray_settle_a_battle_in_companion_play(tmp_path: Path) -> None:
    binary, mp = find_mosquitto(), _micropython()
    if binary is None or mp is None or not FIRMWARE.exists():
        pytest.skip("needs mosquitto, the micropython binary and firmware/unix_main.py")
    broker = start_broker(binary, tmp_path)
    port = broker.port
    tray = subprocess.Popen(
        [mp, str(FIRMWARE), "--dev", "table-tray", "--mqtt", f"127.0.0.1:{port}",
         "--auto-throw", "0.2", "--boot-file", str(tmp_path / "boot")],
        cwd=ROOT / "firmware", stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    scenario = tmp_path / "duel.json"
    save(duel_scenario(), scenario)
    data = tmp_path / "games"
    play = subprocess.Popen(
        [sys.executable, "-m", "companion", "play", "--scenario", str(scenario),
         "--dice", f"mqtt:{broker.url}", "--data-dir", str(data)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    out: list[str] = []
    got_dice = threading.Event()

    def read() -> None:
        assert play.stdout is not None
        for line in play.stdout:
            out.append(line)
            if "Dice from the tray" in line:
                got_dice.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        assert play.stdin is not None
        play.stdin.write("card attack_center\norder a1\ndone\nbattle a1 x1\n")
        play.stdin.flush()
        assert got_dice.wait(60), "".join(out)
        time.sleep(0.3)
        play.stdin.write("quit\n")
        play.stdin.flush()
        play.wait(15)
    finally:
        for p in (play, tray):
            if p.poll() is None:
                p.kill()
                p.wait(5)
        broker.stop()
    store = GameStore(data)
    events = store.events(store.list_games()[0].id)
    store.close()
    reads = [e for e in events if e.kind == "dice_read"]
    assert len(reads) == 1, "the roll must be applied exactly once"
    assert reads[0].data["source"] == "mqtt:table-tray"
    assert len(reads[0].data["faces"]) == 3
    assert any(e.kind == "battle_resolved" for e in events)
