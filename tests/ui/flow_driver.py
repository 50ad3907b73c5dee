"""Drives the real app in a real window to check the flow at the table; run by tests in a
subprocess (``test_window_flow.py``).

    python flow_driver.py MODE REPORT.json DATA_DIR SCREENSHOT_DIR

``ends``: every button that ends a phase or the turn (a card, "Order N units", "Done
moving", "End turn", "End anyway") tapped twice, 150 ms apart, at the same spot, like a
nervous finger: each double tap must end one phase, never two. Ending the movement and the
turn with units that could still act asks first; both answers are tapped.
``dice``: dice from the camera shown for review before they apply: a die changed by a tap,
then applied; hits and flags overridden with a reason, which the log keeps.
``cards``: at 1024x600, real cards on the table: the card picker as printed (section cards by
count and section, the tactic cards by name, one group at a time), every button inside the
panel without scrolling, no reaction card offered; a card played by a tap.
The report is JSON, as kivy_driver.py writes it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kivy.config import Config

SIZE = (1024, 600) if sys.argv[1] == "cards" else (1280, 800)  # cards: the smallest tablet
Config.set("graphics", "width", str(SIZE[0]))
Config.set("graphics", "height", str(SIZE[1]))
Config.set("input", "mouse", "mouse,disable_multitouch")

from driver_kit import check, run, screenshot, tap, walk  # noqa: E402  (tests/ui, beside this script)
from kivy.core.window import Window  # noqa: E402
from kivy.uix.button import Button  # noqa: E402
from kivy.uix.modalview import ModalView  # noqa: E402
from kivy.uix.widget import Widget  # noqa: E402

from companion.ui.app import CompanionApp  # noqa: E402
from companion.ui.controller import Table  # noqa: E402

MODE, REPORT, DATA, SHOTS = sys.argv[1], Path(sys.argv[2]), sys.argv[3], Path(sys.argv[4])
GAP = 0.15  # seconds between the two taps of a double tap
SETTLE = 0.65  # a player's pause: longer than the guard (0.5 s)


class PlayerClock:
    """The table's clock, moved on by the player's pauses: a double tap is 150 ms apart even
    when the shared machine draws a frame in more than that (the touches are real)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


CLOCK = PlayerClock()


def pause(seconds: float) -> float:
    """Let ``seconds`` pass on the table's clock; the real wait lets the window catch up. The
    clock moves on halfway through the real wait: after what the last tap scheduled has run."""
    from kivy.clock import Clock

    real = 0.35 if seconds >= 0.5 else 0.06

    def advance(dt: float) -> None:
        CLOCK.now += seconds

    Clock.schedule_once(advance, real / 2)
    return real


def find(want: Callable[[Any], bool]) -> Button | None:
    """The first button on show (a question's first) whose ``action`` matches."""
    for root in Window.children:  # a ModalView sits above the screens
        for w in walk(root):
            if isinstance(w, Button) and want(getattr(w, "action", None)):
                return w
    return None


def spot(w: Widget) -> tuple[float, float]:
    x, y = w.to_window(*w.center)
    return x, y


def question() -> ModalView | None:
    return next((w for w in Window.children if isinstance(w, ModalView)), None)


def shot(name: str) -> None:
    screenshot(SHOTS / f"{name}.png")


def is_do(do: str) -> Callable[[Any], bool]:
    return lambda x: isinstance(x, dict) and x.get("do") == do


def section_card(x: Any) -> bool:
    """A section card's button (it needs no more than its units)."""
    return isinstance(x, dict) and x.get("do") == "play_card" and \
        str(x.get("card")).startswith(("probe_", "attack_", "recon_left", "recon_center",
                                       "recon_right"))


def ends_steps(app: CompanionApp) -> Iterator[float]:
    t = app.table
    s = t.session
    assert s is not None
    board = app.screen("board").ids.board
    check("the app guards ending buttons", t.end_guard_s == 0.5, t.end_guard_s)
    yield pause(SETTLE)

    def double_tap(at: tuple[float, float]) -> Iterator[float]:
        tap(*at)
        yield pause(GAP)
        tap(*at)
        yield pause(SETTLE)

    def phase() -> tuple[str, str, int]:
        p = s.prompt()
        return p.kind, s.state.active.value, s.state.turn

    # a card: one tap plays it; the second lands on the order panel and does nothing
    card = find(section_card)
    check("card button shown", card is not None)
    assert card is not None
    yield from double_tap(spot(card))
    check("double tap on a card: one card played", phase()[0] == "order", phase())
    # as many of the units the card may order as it orders together, then "Order N units" twice
    legal = s.legal()
    picked: list[str] = []
    for u in legal.orderable:
        if legal.order_together_problem([*picked, u.id]) is not None:
            continue
        picked.append(u.id)
        tap(*board.hex_center(u.hex))
        yield 0.05
    yield pause(SETTLE)
    # one more unit the card orders, but not with these: two quick taps on it pick nothing
    extra = next((u for u in legal.orderable if u.id not in picked), None)
    if extra is not None:
        tap(*board.hex_center(extra.hex))
        yield pause(GAP)
        tap(*board.hex_center(extra.hex))
        yield pause(SETTLE)
        check("a unit past the card's orders, tapped twice, is refused with words",
              t.picked == picked and extra.id not in t.message and "Tap a picked unit" in t.message,
              (t.picked, t.message))
    order = find(is_do("order"))
    assert order is not None
    check("order button names the units", f"Order {len(picked)}" in order.text, order.text)
    at = spot(order)
    seq = s.log.last_seq
    tap(*at)
    yield pause(GAP)
    ending = find(is_do("end_moves"))
    check("the next ending button is held under the finger",
          ending is not None and getattr(ending, "held", False) and ending.opacity < 1,
          ending.opacity if ending else None)
    tap(*at)
    yield pause(SETTLE)
    check("double tap on Order: only the order", phase()[0] == "move" and s.log.last_seq > seq,
          phase())
    # "Done moving" with units that could still move: the question, and a double tap on it
    done = find(is_do("end_moves"))
    assert done is not None
    check("Done moving takes taps again after the pause", t.guard_left() == 0)
    seq = s.log.last_seq
    yield from double_tap(spot(done))
    view = question()
    check("Done moving with units left to move asks first", view is not None and t.confirm is not None
          and s.log.last_seq == seq and phase()[0] == "move", t.confirm)
    texts = [w.text for w in walk(view) if hasattr(w, "text")] if view is not None else []
    st = s.state
    unit_ids = set(st.position.units)
    check("the question names units by type and hex", any(" on " in x for x in texts)
          and not any(x in unit_ids for x in texts), texts)
    sizes = [b.height for b in walk(view) if isinstance(b, Button)] if view else []
    from kivy.metrics import dp

    check("the answers are 48 dp or more", sizes and min(sizes) >= dp(48), sizes)
    shot("flow-confirm")
    back = find(lambda x: x == ("confirm", False))
    assert back is not None
    tap(*spot(back))
    yield pause(SETTLE)
    check("Go back: still moving, nothing recorded", question() is None and t.confirm is None
          and phase()[0] == "move" and s.log.last_seq == seq,
          (phase(), question(), t.confirm, s.log.last_seq - seq))
    done = find(is_do("end_moves"))
    assert done is not None
    tap(*spot(done))
    yield pause(0.05)
    anyway = find(lambda x: x == ("confirm", True))
    check("End anyway is held as the question opens", anyway is not None
          and getattr(anyway, "held", False) and t.confirm_left() > 0)
    yield pause(SETTLE)
    anyway = find(lambda x: x == ("confirm", True))
    assert anyway is not None
    yield from double_tap(spot(anyway))
    check("double tap on End anyway: the movement ends, the turn does not",
          question() is None and phase()[0] == "battle", phase())
    # "End turn": with an attacker that has a target it asks; the answer ends one turn
    before = phase()
    end = find(is_do("end_turn"))
    assert end is not None
    yield from double_tap(spot(end))
    undone = t.left_undone("end_turn")
    if question() is not None:
        check("End turn with attackers left asks first", bool(undone) and phase() == before,
              undone)
        anyway = find(lambda x: x == ("confirm", True))
        assert anyway is not None
        yield from double_tap(spot(anyway))
    after = phase()
    check("double tap on End turn: one turn ended",
          after[0] == "play_card" and after[1] != before[1], (before, after))
    # the next side's card, twice: one card, then its order panel
    card = find(section_card)
    assert card is not None
    yield from double_tap(spot(card))
    check("double tap on the next card: one card played", phase()[0] == "order", phase())
    order = find(is_do("order"))
    assert order is not None
    yield from double_tap(spot(order))  # no unit picked: the order, then nothing more
    kind = phase()[0]
    check("double tap on Order 0 units: one phase", kind in ("move", "battle"), phase())
    ending = find(is_do("end_moves" if kind == "move" else "end_turn"))
    assert ending is not None
    yield from double_tap(spot(ending))
    check("double tap on the last ending button: one phase",
          phase()[0] == ("battle" if kind == "move" else "play_card"), phase())
    kinds = [e.kind for e in t.game.events] if t.game is not None else []
    check("no undo by a second tap", "card_played" in kinds and "undo" not in kinds, kinds[-12:])


def cards_steps(app: CompanionApp) -> Iterator[float]:
    t = app.table
    s = t.session
    assert s is not None
    screen = app.screen("board")
    panel = screen.ids.panel
    yield pause(SETTLE)
    from kivy.uix.scrollview import ScrollView

    def inside() -> list[str]:
        """Buttons of the panel not wholly on show in it."""
        px, py = panel.to_window(*panel.pos)
        out = []
        for b in walk(panel):
            if isinstance(b, Button):
                x, y = b.to_window(*b.pos)
                if x < px - 1 or y < py - 1 or x + b.width > px + panel.width + 1 \
                        or y + b.height > py + panel.height + 1:
                    out.append(b.text)
        return out

    cards = lambda: [w.action["card"] for w in walk(panel) if isinstance(w, Button)  # noqa: E731
                     and isinstance(getattr(w, "action", None), dict)
                     and w.action.get("do") == "play_card"]
    check("the window is 1024x600", tuple(Window.size) == SIZE, Window.size)
    check("no scrolling in the card panel", not any(isinstance(w, ScrollView) for w in walk(panel)))
    shown = cards()
    check("section cards first, in a table of 12", len(shown) == 12
          and all(c.split("_")[0] in ("recon", "probe", "attack", "assault") for c in shown), shown)
    check("section cards fit the panel", not inside(), inside())
    shot("cards-section-1024x600")
    tab = find(lambda x: x == ("cards", "other"))
    check("a tab for the tactic cards", tab is not None)
    assert tab is not None
    tap(*spot(tab))
    yield pause(SETTLE)
    tactics = cards()
    check("tactic cards by name, no reaction card", "ambush" not in tactics and len(tactics) >= 15
          and "their_finest_hour" in tactics, tactics)
    check("tactic cards fit the panel", not inside(), inside())
    shot("cards-tactic-1024x600")
    tab = find(lambda x: x == ("cards", "section"))
    assert tab is not None
    tap(*spot(tab))
    yield pause(SETTLE)
    probe = find(lambda x: isinstance(x, dict) and x.get("card") == "probe_left")
    check("Probe Left under Left, in the Probe row", probe is not None and probe.text == "Left")
    assert probe is not None
    tap(*spot(probe))
    yield pause(SETTLE)
    check("a tap plays the card", s.state.card == "probe_left" and s.prompt().kind == "order",
          s.state.card)


def dice_steps(app: CompanionApp) -> Iterator[float]:
    from companion.ui.demo import auto_until
    from companion.ui.widgets import DieIcon

    t = app.table
    s = t.session
    assert s is not None
    board = app.screen("board").ids.board
    panel = app.screen("board").ids.panel
    check("dice from the USB tray", t.dice_source_name.startswith("USB dice tray"),
          t.dice_source_name)

    def battle_by_taps() -> Iterator[float]:
        """Pick an attacker that has a target, tap it and its target; wait for the tray."""
        legal = s.legal()
        for u in legal.attackers:
            found = legal.targets(u.id)
            if found:
                tap(*board.hex_center(u.hex))
                yield pause(0.05)
                tap(*board.hex_center(found[0].hex))
                break
        for _ in range(60):  # the tray throws as soon as it is asked
            yield pause(0.2)
            if s.prompt().kind == "review_dice":
                break
        yield pause(SETTLE)

    assert auto_until(t, "battle", seed=5)
    yield pause(SETTLE)
    yield from battle_by_taps()
    check("tray dice stop for review", s.prompt().kind == "review_dice", t.prompt_line())
    def dice_row() -> list[DieIcon]:
        return sorted((w for w in walk(panel) if isinstance(w, DieIcon) and w.face
                       and w.parent is not None and not isinstance(w.parent, Button)),
                      key=lambda w: w.index)

    icons = dice_row()
    check("the dice are shown as read", [w.face for w in icons] == list(t.dice_shown),
          ([w.face for w in icons], t.dice_shown))
    shot("dice-review")
    before = list(t.dice_shown)
    assert icons
    tap(*spot(icons[0]))
    yield pause(SETTLE)
    check("a tap changes a die", t.dice_shown[0] != before[0] and t.dice_shown[1:] == before[1:]
          and s.prompt().kind == "review_dice", (before, t.dice_shown))
    icons = dice_row()
    check("the changed die is drawn", bool(icons) and icons[0].face == t.dice_shown[0],
          [w.face for w in icons])
    changed = t.dice_shown[0]
    apply = find(lambda x: x == {"do": "apply_dice"})
    assert apply is not None
    tap(*spot(apply))
    yield pause(SETTLE)
    resolved = [e for e in t.game.events if e.kind == "battle_resolved"] if t.game else []
    check("applied with the changed die", bool(resolved) and resolved[-1].data["faces"][0] == changed,
          resolved[-1].data["faces"] if resolved else None)
    # the next battle: the players overrule its result, with a reason
    for _ in range(3):
        if s.prompt().kind == "battle" and any(s.legal().targets(u.id) for u in s.legal().attackers):
            break
        t.act({"do": "end_turn"}) if s.prompt().kind == "battle" else None
        assert auto_until(t, "battle", seed=6)
    yield pause(SETTLE)
    yield from battle_by_taps()
    check("the next tray dice in review", s.prompt().kind == "review_dice", t.prompt_line())
    st = s.state
    target = st.battle.target
    named = t.unit_words(target)
    opened = find(lambda x: x == ("override", "open"))
    check("Overrule offered in a battle's review", opened is not None)
    assert opened is not None
    tap(*spot(opened))
    yield pause(SETTLE)
    want = {"hits": 1, "flags": 1 if st.battle.dice >= 2 else 0}  # at most one per die
    for key in [k for k, n in want.items() if n]:
        plus = find(lambda x, k=key: x == ("override", k, 1))
        assert plus is not None
        tap(*spot(plus))
        yield pause(0.2)
    why = find(lambda x: isinstance(x, tuple) and x[:2] == ("override", "reason"))
    assert why is not None
    reason = why.action[2]
    tap(*spot(why))
    yield pause(0.2)
    shot("dice-override")
    go = find(lambda x: x == ("override", "apply"))
    assert go is not None
    tap(*spot(go))
    yield pause(SETTLE)
    events = list(t.game.events) if t.game else []
    over = [e for e in events if e.kind == "result_overridden"]
    check("the override is recorded with its reason", bool(over) and over[-1].data["reason"] == reason
          and over[-1].data["set"] == want, over[-1].data if over else (t.message, events[-3:]))
    after = events[events.index(over[-1]) + 1] if over else None
    check("the battle follows the players' count", after is not None and after.kind == "battle_resolved"
          and after.data["hits"] == 1, after.data if after else None)
    check("the log says it, in words", any(reason in line and named.split(" on ")[0] in line
                                           for line in t.log[-8:]), t.log[-8:])
    check("the question is closed", question() is None)
    shot("dice-after-override")


def main() -> None:
    table = Table.open(DATA, sim_delay=3600.0)
    table.settings.dice = "manual"
    table.settings.sound = False  # no audio device under Xvfb
    table.clock = CLOCK
    tray_side = None
    if MODE == "dice":  # a virtual USB tray on a real pseudo-terminal, its dice reviewed
        from companion.tray.simulator import SerialTraySide, VirtualTray, open_pty

        master, slave, path = open_pty()
        tray = VirtualTray("tray-7", seed=3, boot=2, auto_throw=0.05)
        tray_side = SerialTraySide(tray, master, keep=[slave]).start()
        table.settings.dice = f"serial:{path}"
        table.settings.review_tray = True
        table.new_game("orchard-ridge", deck_seed=5, seed=5)
    elif MODE == "cards":  # real cards on the table: no virtual deck
        table.new_game("orchard-ridge", seed=6)
    else:
        table.new_game("orchard-ridge", deck_seed=6, seed=6)
    steps_for = {"ends": ends_steps, "cards": cards_steps, "dice": dice_steps}[MODE]
    try:
        run(table, steps_for, REPORT, SHOTS, watchdog_s=75)
    finally:
        if tray_side is not None:
            tray_side.close()


main()
