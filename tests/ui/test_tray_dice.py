"""Dice for the app's table from a USB tray: a virtual tray on a real pseudo-terminal."""

from __future__ import annotations

import contextlib
import queue
import time
from collections.abc import Callable
from pathlib import Path

from companion.tray.simulator import SerialTraySide, VirtualTray, open_pty
from companion.ui.controller import Table
from companion.ui.demo import auto_until
from tests.ui.taps import tap_first_battle


def test_a_battle_gets_its_dice_from_a_usb_tray(tmp_path: Path) -> None:
    master, slave, path = open_pty()
    tray = VirtualTray("tray-7", seed=3, boot=2, auto_throw=0.05)  # throws as soon as armed
    side = SerialTraySide(tray, master, keep=[slave]).start()
    inbox: queue.Queue[Callable[[], None]] = queue.Queue()  # the app's main loop, in small
    t = Table.open(tmp_path, post=inbox.put)
    t.settings.dice = f"serial:{path}"
    try:
        assert t.new_game("orchard-ridge", deck_seed=5, seed=5)
        assert t.dice_source_name.startswith("USB dice tray")
        assert auto_until(t, "battle", seed=5)
        tap_first_battle(t)
        assert t.prompt().kind == "dice"  # type: ignore[union-attr]
        deadline = time.monotonic() + 15
        while t.prompt().kind == "dice" and time.monotonic() < deadline:  # type: ignore[union-attr]
            with contextlib.suppress(queue.Empty):
                inbox.get(timeout=0.2)()  # run what the tray's thread handed over
        assert t.session is not None
        reads = [e for e in t.store.events(t.session.game_id) if e.kind == "dice_read"]
        assert reads, f"no dice arrived; prompt: {t.prompt_line()}"
        assert reads[-1].data["source"] == "serial:tray-7"
        assert reads[-1].data["faces"] == t.dice_shown
    finally:
        t.close()
        side.close()
