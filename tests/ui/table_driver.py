"""One of two app windows at a synced table, driven by simulated touches; run by
``test_window_table.py`` twice at once (two processes, one Xvfb display, one mosquitto).

    python table_driver.py ROLE REPORT.json DATA_DIR SCREENSHOT_DIR BROKER_URL MEET_DIR

``host`` (tablet alice, plays the Allies): starts a game, hosts it from the settings screen,
plays the Allies' turn by touches (dice from the simulated source, thrown on this tablet for
both sides), then follows the Axis turn played on the other window.
``join`` (tablet bob, plays the Axis): joins from the settings screen, follows the Allies'
turn, refuses to act for the Allies, plays the Axis turn by touches; at its first battle the
host's dice land while it still shows the dice prompt, and its Undo, pressed on that screen,
is refused as stale: it catches up by itself and shows the current prompt.
The two meet through small JSON files in MEET_DIR (each window's state id and position).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kivy.config import Config

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "800")
Config.set("input", "mouse", "mouse,disable_multitouch")

from driver_kit import answer_end_anyway, check, report, run, tap, walk  # noqa: E402  (tests/ui, beside this script)
from driver_kit import press as press_any  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.uix.button import Button  # noqa: E402

from companion.game.auto import AutoPlayer  # noqa: E402
from companion.ui.app import CompanionApp  # noqa: E402
from companion.ui.controller import Table  # noqa: E402

ROLE, REPORT, DATA, SHOTS, BROKER, MEET = (sys.argv[1], Path(sys.argv[2]), sys.argv[3],
                                           Path(sys.argv[4]), sys.argv[5], Path(sys.argv[6]))
SEED = 7
SIDE = {"host": "allies", "join": "axis"}[ROLE]
TABLET = {"host": "alice", "join": "bob"}[ROLE]
OTHER = {"host": "join", "join": "host"}[ROLE]
def shot(name: str) -> Iterator[float]:
    """Save the window as drawn now: two fresh frames first (the screenshot reads a buffer
    that may hold the frame before the last)."""
    for _ in range(2):
        Window.canvas.ask_update()
        yield 0.05
    path = SHOTS / f"table-{ROLE}-{name}.png"
    made = Window.screenshot(name=str(path))
    if made:
        Path(made).replace(path)
        report["shots"].append(str(path))


def press(app: CompanionApp, want: Callable[[Any], bool]) -> bool:
    """Tap the first button of the screen on show whose ``action`` matches (two windows draw
    the same screens: a button of a screen not shown must not be taken)."""
    return press_any(app, want, shown_only=True)


def position(t: Table) -> dict[str, Any]:
    st = t.state
    if st is None:
        return {}
    return {u.id: [st.hex_name(u.hex), u.figures] for u in st.position.units.values()}


def meet(t: Table, **more: Any) -> None:
    """Tell the other window where this one stands."""
    data = {"seq": t.shown_seq, "position": position(t), "log": t.log[-4:], **more}
    tmp = MEET / f"{ROLE}.tmp"
    tmp.write_text(json.dumps(data))
    tmp.replace(MEET / f"{ROLE}.json")


def other() -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads((MEET / f"{OTHER}.json").read_text())
        return data
    except (OSError, ValueError):
        return {}


def join_from_settings(app: CompanionApp) -> Iterator[float]:
    """The settings screen, filled in and pressed like a player would."""
    t = app.table
    t.go("settings")
    yield 0.2
    ids = app.screen("settings").ids
    ids.table_broker.text = BROKER
    ids.table_id.text = "t1"
    ids.tablet_id.text = TABLET
    for _ in range(20):  # a tap lands where the button is once the screen is laid out
        press(app, lambda x: x == ("side", SIDE))
        yield 0.1
        if t.settings.table_side == SIDE:
            break
    check("side button on the settings screen", t.settings.table_side == SIDE,
          t.settings.table_side)
    verb = "host" if ROLE == "host" else "join"
    for _ in range(20):
        press(app, lambda x, v=verb: x == ("table", v))
        yield 0.2
        if t.link is not None:
            break
    check(f"{verb} button on the settings screen", t.link is not None, t.message)
    yield 0.3


def play_by_touch(app: CompanionApp, a: dict[str, Any]) -> Iterator[float]:
    """Touches for one action the auto player chose."""
    t = app.table
    board = app.screen("board").ids.board
    st = t.state
    assert st is not None
    do = a["do"]

    def hex_of(uid: str) -> str:
        return st.hex_name(st.position.units[uid].hex)

    if do == "play_card":
        report["pressed"] = press(app, lambda x: x == a)
    elif do == "order":
        for uid in a["units"]:
            tap(*board.hex_center(hex_of(uid)))
            yield 0.02
        if "section" in a:
            press(app, lambda x: isinstance(x, dict) and x.get("do") == "order"
                  and x.get("section") == a["section"])
        else:
            press(app, lambda x: isinstance(x, dict) and x.get("do") == "order")
    elif do == "move":
        tap(*board.hex_center(hex_of(a["unit"])))
        yield 0.02
        tap(*board.hex_center(a["to"]))
    elif do == "battle":
        tap(*board.hex_center(hex_of(a["attacker"])))
        yield 0.02
        tap(*board.hex_center(hex_of(a["target"])))
    elif do == "retreat":
        tap(*board.hex_center(a["hex"]))
    elif do in ("end_moves", "end_turn", "apply_dice"):
        found = press(app, lambda x: isinstance(x, dict) and x.get("do") == do)
        if found and t.confirm is not None:  # units left that could act: "End anyway"
            yield from answer_end_anyway(app)
            found = bool(report["answered"])
        report["log"].append(f"pressed {do}: found={found} seq={t.shown_seq} msg={t.message!r}")
    elif do == "take_ground":
        press(app, lambda x: isinstance(x, dict) and x.get("do") == "take_ground"
              and x.get("advance") == a["advance"])
    else:
        t.act(a)
    yield 0.05


def host_steps(app: CompanionApp) -> Iterator[float]:
    t = app.table
    yield from join_from_settings(app)
    check("hosting: this tablet is the table's authority",
          t.link is not None and t.link.is_authority and t.screen == "board", t.message)
    meet(t)
    for _ in range(200):  # the other window joins before the game goes on
        if other().get("joined"):
            break
        yield 0.05
    check("the other window joined", bool(other().get("joined")))
    player = AutoPlayer(SEED)
    s = t.session
    assert s is not None
    for _step in range(300):  # the Allies' turn, by touches
        yield 0.03
        st = t.state
        if st is None or st.active.value != "allies":
            break
        p = t.prompt()
        assert p is not None
        if p.kind == "dice" or t.to_act() is not None:  # the simulated source throws them;
            yield 0.1  # an Axis retreat is the other window's
            continue
        before = t.game.seq if t.game else 0
        a = player.next_action(s)
        yield from play_by_touch(app, a)
        if t.game is None or t.game.seq == before:
            report["errors"].append(f"touch for {a} did nothing: {t.message}")
            return
        meet(t)
    check("the Allies' turn was played on this window", t.state is not None
          and t.state.active.value == "axis", t.prompt_line())
    # the Axis turn is played on the other window: this one follows it
    start = t.shown_seq
    waited_bar = ""
    for _step in range(1500):
        yield 0.05
        meet(t)
        if t.shown_seq > start + 2 and not waited_bar:
            waited_bar = app.screen("board").ids.prompt.text
            yield from shot("following")
        if other().get("done"):
            break
        p = t.prompt()
        if p is not None and p.kind != "dice" and t.to_act() is None and t.state is not None \
                and t.state.active.value == "axis":  # an Allied retreat: this window's
            a = player.next_action(s)
            yield from play_by_touch(app, a)
    them = other()
    check("the other window's Axis moves reached this one", t.shown_seq > start + 2,
          f"{start} -> {t.shown_seq}")
    check("the bar says whose turn it is", waited_bar.startswith("AXIS TO PLAY, ON THEIR TABLET"),
          waited_bar)
    yield 0.3
    meet(t, done=True)
    them = other()
    check("both windows end on the same state id", them.get("seq") == t.shown_seq,
          f"{them.get('seq')} vs {t.shown_seq}")
    check("both windows show the same position", them.get("position") == position(t))
    kinds = [e.kind for e in t.game.events] if t.game else []
    check("the stale undo was not recorded", "undo" not in kinds, kinds[-12:])
    stale = t.link.stats.stale_refused if t.link is not None else 0
    check("the authority refused one stale action", stale == 1, stale)
    yield from shot("end")
    report["log"].append(f"seq={t.shown_seq} events={len(kinds)} refreshes={app.refreshes}")


def join_steps(app: CompanionApp) -> Iterator[float]:
    t = app.table
    for _ in range(100):  # the host first
        if other():
            break
        yield 0.1
    yield from join_from_settings(app)
    for _ in range(100):
        if t.state is not None:
            break
        yield 0.05
    check("joined: the table's game arrived", t.state is not None and t.screen == "board"
          and t.link is not None and not t.link.is_authority, t.message)
    board_screen = app.screen("board")
    yield 0.3
    if t.to_act() == "allies":  # before the host plays on: a tap here is refused
        bar = board_screen.ids.prompt.text
        check("the bar says whose turn it is", bar.startswith("ALLIES TO PLAY, ON THEIR TABLET"),
              bar)
        st = t.state
        assert st is not None and t.link is not None
        own = next(u for u in st.position.units.values() if u.side.value == "axis")
        seq = t.link.seq
        tap(*board_screen.ids.board.hex_center(st.hex_name(own.hex)))
        yield 0.3
        refused = "Allies is to play now" in board_screen.ids.message.text \
            and other().get("seq", seq) == seq == t.link.seq
        check("a tap on the other side's turn is refused here, nothing sent", refused,
              board_screen.ids.message.text)
        yield from shot("waiting")
    meet(t, joined=True)
    for _step in range(1500):  # the Allies' turn, on the other window
        yield 0.05
        st = t.state
        if st is None:
            continue
        if st.active.value == "axis" and t.to_act() is None:
            break
        p = t.prompt()
        if p is not None and p.kind != "dice" and t.to_act() is None and t.link is not None:
            with t.link.lock:  # an Axis retreat in the Allies' turn: this window's
                view = t.link.view()
                assert view is not None
                a = AutoPlayer(SEED + 4).next_action(view)
            yield from play_by_touch(app, a)
    followed = False
    for _ in range(60):  # the host stands still in the Axis turn: both windows agree
        them = other()
        if them.get("seq") == t.shown_seq and them.get("position") == position(t):
            followed = t.shown_seq > 2
            break
        yield 0.05
    check("this window followed the other's moves", followed,
          f"{other().get('seq')} vs {t.shown_seq}")
    player = AutoPlayer(SEED + 4)
    stale_seen = False
    for _step in range(400):  # the Axis turn, by touches on this window
        yield 0.05
        st = t.state
        if st is None or st.active.value != "axis" or t.link is None:
            break
        p = t.prompt()
        assert p is not None
        if p.kind == "dice" and t.to_act() is None and not stale_seen:
            # the host's dice land while this window still shows the dice prompt: the player
            # presses Undo on that screen (this thread holds the window until the event is here)
            shown = t.shown_seq
            end = time.monotonic() + 10
            while t.link.seq <= shown and time.monotonic() < end:
                time.sleep(0.01)
            check("the host's dice reached this tablet first", t.link.seq > shown,
                  f"{shown} / {t.link.seq}")
            pressed = press(app, lambda x: x == {"do": "undo"})
            check("Undo pressed on the dice prompt shown", pressed)
            check("a stale action is refused", t.resyncs == 1
                  and "stale" in board_screen.ids.message.text, board_screen.ids.message.text)
            yield 0.5
            now = t.prompt()
            bar = board_screen.ids.prompt.text
            check("it resyncs and shows the current prompt", now is not None and now.kind != "dice"
                  and t.shown_seq == t.link.seq and bar == t.prompt_line(), f"{bar} / {now}")
            for _ in range(40):  # what happened meanwhile is told here as on the host
                if other().get("seq") == t.shown_seq:
                    break
                yield 0.05
            check("the log after the resync is the host's", other().get("log") == t.log[-4:],
                  f"{t.log[-4:]} vs {other().get('log')}")
            from kivy.uix.label import Label
            texts = [w.text for w in walk(board_screen.ids.panel) if isinstance(w, Label)]
            report["log"].append(f"log {t.log[-6:]} host {other().get('log')} flash {t.flash}")
            report["log"].append(f"panel after resync: {texts[:9]} versions "
                                 f"{app.panel.panel_version} drawn {board_screen._drawn}")
            yield from shot("resynced")
            stale_seen = True
            continue
        if p.kind == "dice" or t.to_act() is not None:  # the host's dice, or the Allies retreat
            yield 0.1
            continue
        before = t.link.seq
        with t.link.lock:
            view = t.link.view()
            assert view is not None
            a = player.next_action(view)
        yield from play_by_touch(app, a)
        for _ in range(40):
            if t.link.seq > before and t.shown_seq == t.link.seq:
                break
            yield 0.05
        if t.link.seq == before:
            shown = [getattr(w, "action", None) for w in walk(app.root) if isinstance(w, Button)]
            report["errors"].append(f"touch for {a} did nothing: {t.message!r}; "
                                    f"bar {t.prompt_line()!r}; buttons {shown}")
            return
        meet(t)
    check("the Axis turn was played on this window", t.state is not None
          and t.state.active.value == "allies", t.prompt_line())
    check("a battle gave the stale case", stale_seen)
    yield 0.5
    meet(t, done=True)
    for _ in range(100):  # the host checks both ends, then this one stops
        yield 0.05
        if other().get("done"):
            break
    report["log"].append(f"seq={t.shown_seq} resyncs={t.resyncs} refreshes={app.refreshes}")


def main() -> None:
    # the host's simulated dice take their time: the other window sees the dice prompt first
    table = Table.open(DATA, sim_delay=3.0)  # long enough for a loaded machine to show it
    table.settings.dice = "sim"
    table.settings.sound = False  # no audio device under Xvfb
    table.end_guard_s = 0.0  # these steps tap at machine speed; flow_driver.py tests the guard
    if ROLE == "host":
        table.new_game("orchard-ridge", deck_seed=SEED, seed=SEED)
    steps_for = {"host": host_steps, "join": join_steps}[ROLE]

    run(table, steps_for, REPORT, SHOTS, watchdog_s=150)


main()
