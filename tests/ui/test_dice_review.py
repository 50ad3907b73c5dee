"""Dice you can trust, without a window: dice from a tray (a virtual tray on a real
pseudo-terminal) stop for review when the settings say so, a die is changed, then they apply;
the players overrule hits and flags with a reason that the log keeps."""

from __future__ import annotations

import contextlib
import queue
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession, IllegalAction
from companion.scenarios import load_builtin
from companion.tray.simulator import SerialTraySide, VirtualTray, open_pty
from companion.ui.controller import Settings, Table
from companion.ui.demo import auto_until
from tests.ui.taps import tap_first_battle


def test_camera_dice_are_reviewed_by_default_tray_dice_by_choice() -> None:
    s = Settings()
    assert s.review_camera and not s.review_tray
    t = Table.__new__(Table)  # only the settings are read
    t.settings = s
    assert t.reviews_dice("camera:0") and not t.reviews_dice("serial:tray-7")
    assert not t.reviews_dice("sim") and not t.reviews_dice("manual")
    s.review_tray = True
    assert t.reviews_dice("serial:tray-7") and t.reviews_dice("mqtt:tray-2")


def test_tray_dice_stop_for_review_a_die_is_changed_then_applied(tmp_path: Path) -> None:
    master, slave, path = open_pty()
    tray = VirtualTray("tray-7", seed=3, boot=2, auto_throw=0.05)
    side = SerialTraySide(tray, master, keep=[slave]).start()
    inbox: queue.Queue[Callable[[], None]] = queue.Queue()
    t = Table.open(tmp_path, post=inbox.put)
    t.settings.dice = f"serial:{path}"
    t.settings.review_tray = True
    try:
        assert t.new_game("orchard-ridge", deck_seed=5, seed=5)
        assert auto_until(t, "battle", seed=5)
        tap_first_battle(t)
        deadline = time.monotonic() + 15
        while t.prompt().kind == "dice" and time.monotonic() < deadline:  # type: ignore[union-attr]
            with contextlib.suppress(queue.Empty):
                inbox.get(timeout=0.2)()
        p = t.prompt()
        assert p is not None and p.kind == "review_dice", t.prompt_line()
        assert t.session is not None
        read = [e for e in t.store.events(t.session.game_id) if e.kind == "dice_read"][-1]
        assert read.data["source"] == "serial:tray-7" and t.dice_shown == read.data["faces"]
        was = t.dice_shown[0]
        face = "grenade" if was != "grenade" else "flag"
        assert t.correct_die(0, face), t.message
        assert t.dice_shown[0] == face  # the row shows the corrected die
        assert t.press({"do": "apply_dice"}), t.message
        resolved = [e for e in t.store.events(t.session.game_id) if e.kind == "battle_resolved"][-1]
        assert resolved.data["faces"][0] == face
        assert any("Die 1 set to" in line for line in t.log[-6:]), t.log[-6:]
    finally:
        t.close()
        side.close()


def _in_review(tmp_path: Path) -> Table:
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    assert t.new_game("orchard-ridge", deck_seed=5, seed=5)
    assert auto_until(t, "battle", seed=5)
    tap_first_battle(t)
    p = t.prompt()
    assert p is not None and p.dice is not None
    assert t.act({"do": "dice", "faces": ["star"] * p.dice.count, "rid": p.dice.rid,
                  "source": "camera:0", "review": True})
    assert t.prompt().kind == "review_dice" and t.may_override()  # type: ignore[union-attr]
    return t


def test_the_players_overrule_hits_and_flags_with_a_reason_the_log_keeps(tmp_path: Path) -> None:
    t = _in_review(tmp_path)
    st = t.state
    assert st is not None and st.battle is not None
    target = st.battle.target
    figures = st.position.units[target].figures
    assert not t.override_dice(1, 0, " "), "no reason, no override"
    assert "reason" in t.message
    assert t.override_dice(1, 0, "a die was under the box lid")
    st = t.state
    assert st is not None
    assert target not in st.position.units or st.position.units[target].figures == figures - 1
    assert t.session is not None
    events = t.store.events(t.session.game_id)
    kinds = [e.kind for e in events]
    i = kinds.index("result_overridden")
    assert kinds[i + 1] == "battle_resolved"
    assert events[i].data["reason"] == "a die was under the box lid"
    assert events[i].data["dice"] == {"hits": 0, "flags": 0}
    assert events[i + 1].data["hits"] == 1 and events[i + 1].data["faces"] == ["star"] * len(
        events[i + 1].data["faces"])  # the dice as thrown stay in the log
    said = [line for line in t.log if "overrule" in line]
    assert said and "a die was under the box lid" in said[-1] and " on " in said[-1], t.log[-4:]


def test_a_bad_override_is_refused_and_records_nothing(tmp_path: Path) -> None:
    g = GameSession.new(load_builtin("orchard-ridge"), options={"seed": 5}, deck_seed=5)
    player = AutoPlayer(5)
    while g.prompt().kind != "dice":
        g.act(player.next_action(g))
    roll = g.legal().roll
    assert roll is not None
    g.act({"do": "dice", "rid": roll.rid, "faces": ["star"] * roll.dice, "review": True})
    before = g.log.last_seq
    for bad, words in (({"do": "apply_dice", "hits": 1}, "reason"),
                       ({"do": "apply_dice", "hits": roll.dice + 1, "reason": "x"}, "at most"),
                       ({"do": "apply_dice", "reason": "x"}, "hits or flags"),
                       ({"do": "apply_dice", "hits": -1, "reason": "x"}, "from 0")):
        with pytest.raises(IllegalAction, match=words):
            g.act(bad)
        assert g.log.last_seq == before
    applied = [e.kind for e in g.act({"do": "apply_dice"})]  # the dice as read: no override
    assert "battle_resolved" in applied and "result_overridden" not in applied
