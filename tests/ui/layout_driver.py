"""Opens the app at one window size and checks the layout of every screen; run by
``test_window_layout.py`` in a subprocess.

    python layout_driver.py WxH REPORT.json DATA_DIR SCREENSHOT_DIR

For each screen (the board at several steps) it checks that no widget a player reads or
touches leaves the window or overlaps another (widgets in a scrolling area count where they
are laid out), that the board, its panel, the top bar and the prompt bar do not overlap, and
that every button is at least 48 dp each way; that a label's wrapped text fits its box, a
drawn widget (a die, a medal track) draws inside its box and the medals chart keeps 120 dp.
On an Overlord board it zooms in with the + button and a pinch, pans by dragging an empty
hex, and taps hexes: each tap must name the hex under the finger. The board must be drawn in
a few instructions (its shapes batched) and its hex names rendered as big as labels of their
own would be. Startup goes through ``companion.ui.startup.quiet_kivy`` as ``companion app``
does (density of a large window, quiet logs).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SIZE, REPORT, DATA, SHOTS = sys.argv[1], Path(sys.argv[2]), sys.argv[3], Path(sys.argv[4])
W, H = (int(v) for v in SIZE.split("x"))

from companion.ui.startup import quiet_kivy  # noqa: E402

quiet_kivy((W, H), screenshot=True)

from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", str(W))
Config.set("graphics", "height", str(H))
Config.set("input", "mouse", "mouse,disable_multitouch")

from driver_kit import check, drag, press, report, run, screenshot, tap, walk  # noqa: E402
from kivy.core.text import Label as CoreLabel  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.graphics.instructions import InstructionGroup  # noqa: E402
from kivy.metrics import dp  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402
from kivy.uix.button import Button  # noqa: E402
from kivy.uix.checkbox import CheckBox  # noqa: E402
from kivy.uix.label import Label  # noqa: E402
from kivy.uix.scrollview import ScrollView  # noqa: E402
from kivy.uix.textinput import TextInput  # noqa: E402
from kivy.uix.widget import Widget  # noqa: E402

from companion.ui.app import CompanionApp  # noqa: E402
from companion.ui.batch import glyphs  # noqa: E402
from companion.ui.controller import Table  # noqa: E402
from companion.ui.demo import overlord_demo, prepare  # noqa: E402
from companion.ui.widgets import FitLabel, HexBoard  # noqa: E402

SCREENS = ("start", "board", "card", "battle", "retreat", "air", "settings", "teach", "victory",
           "dashboard")
TOUCHED = (Button, CheckBox, TextInput)


def box(w: Widget) -> tuple[float, float, float, float]:
    x, y = w.to_window(w.x, w.y)
    return x, y, x + w.width, y + w.height


def shown(w: Widget) -> bool:
    """On screen for the player: sized, not see-through, and every parent too."""
    node: Any = w
    while node is not None:
        if getattr(node, "opacity", 1) == 0 or node.width < 1 or node.height < 1:
            return False
        parent = node.parent
        if parent is node or isinstance(parent, type(Window)):
            break
        node = parent
    return w.get_root_window() is not None


def scroller(w: Widget) -> Widget | None:
    node = w.parent
    while node is not None and node is not node.parent:
        if isinstance(node, ScrollView):
            return node
        node = node.parent
    return None


def overlap(a: tuple[float, ...], b: tuple[float, ...], slack: float = 1.0) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > slack) and (min(a[3], b[3]) - max(a[1], b[1]) > slack)


def leaves(root: Widget) -> list[Widget]:
    """What a player reads or touches: buttons, check boxes, text fields, labels with text, the
    board and the drawn widgets; not the inside of a button or a text field."""
    out = []
    for w in walk(root):
        if not shown(w):
            continue
        if any(isinstance(p, (Button, TextInput)) for p in ancestors(w)):
            continue
        if isinstance(w, TOUCHED) or (isinstance(w, Label) and w.text.strip()) or \
                type(w).__name__ in ("HexBoard", "DieIcon", "OddsBars", "MedalTrack",
                                     "MedalTimeline"):
            out.append(w)
    return out


def ancestors(w: Widget) -> Iterator[Widget]:
    node = w.parent
    while node is not None and node is not node.parent:
        yield node
        node = node.parent


def check_screen(name: str, screen: Widget) -> None:
    items = leaves(screen)
    outside = []
    small = []
    for w in items:
        b = box(w)
        sv = scroller(w)
        if sv is None and (b[0] < -1 or b[1] < -1 or b[2] > W + 1 or b[3] > H + 1):
            outside.append((type(w).__name__, getattr(w, "text", "")[:30], [round(v) for v in b]))
        if isinstance(w, TOUCHED) and not isinstance(w, TextInput) and not w.disabled and \
                (w.width < dp(48) - 0.5 or w.height < dp(48) - 0.5):
            small.append((type(w).__name__, getattr(w, "text", "")[:30], round(w.width / dp(1)),
                          round(w.height / dp(1))))
    check(f"{name}: nothing leaves the window", not outside, outside)
    check(f"{name}: touch targets at least 48 dp", not small, small)
    clashes = []
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            if a in ancestors(b) or b in ancestors(a):
                continue
            sa, sb = scroller(a), scroller(b)
            if overlap(box(a), box(b)) and (sa is sb):
                clashes.append((type(a).__name__, getattr(a, "text", "")[:24],
                                type(b).__name__, getattr(b, "text", "")[:24]))
    check(f"{name}: no two widgets overlap", not clashes, clashes[:6])
    astray = []
    for w in items:  # a drawn widget's shapes where its box is (not where it was before a move)
        if type(w).__name__ not in ("DieIcon", "MedalTrack"):
            continue
        for ins in w.canvas.children:
            if hasattr(ins, "pos") and hasattr(ins, "size") and ins.size[0] > 0:
                x, y = ins.pos
                if x < w.x - 2 or y < w.y - 2 or x + ins.size[0] > w.right + 2 or \
                        y + ins.size[1] > w.top + 2:
                    astray.append((type(w).__name__, [round(v) for v in (x, y)],
                                   [round(v) for v in (w.x, w.y)]))
                    break
    check(f"{name}: drawn widgets draw inside their box", not astray, astray[:6])
    squeezed = [round(w.height / dp(1)) for w in items
                if type(w).__name__ == "MedalTimeline" and w.height < dp(120)]
    check(f"{name}: the medals chart keeps a readable height", not squeezed, squeezed)
    spilled = []
    for w in items:  # a label's wrapped text taller than its box runs over what is below it
        if isinstance(w, Label) and not isinstance(w, Button) and w.text_size[0] and \
                w.texture_size[1] > w.height + 2:
            spilled.append((w.text[:30], round(w.texture_size[1]), round(w.height)))
    check(f"{name}: every label's text fits its box", not spilled, spilled[:6])
    # the prompt bar shrinks its font to fit; its text cut short at the least font is lost
    cut = [(w.text[:40], round(w.needed_height(w.font_size)), round(w.height)) for w in items
           if isinstance(w, FitLabel) and w.text and w.needed_height(w.font_size) > w.height + 2]
    check(f"{name}: the prompt fits its bar", not cut, cut)


def check_board_frame(name: str, app: CompanionApp) -> None:
    s = app.screen("board")
    split = s.ids.split
    board_area, panel = list(reversed(split.children))
    parts = {"board": box(board_area), "panel": box(panel), "bar": box(s.ids.title.parent),
             "prompt": box(s.ids.prompt.parent)}
    bad = [(a, b) for a in parts for b in parts if a < b and overlap(parts[a], parts[b])]
    check(f"{name}: board, panel and bars apart", not bad, {k: [round(v) for v in p]
                                                          for k, p in parts.items()})
    portrait = H > W
    _bx, by, bx1, _by1 = parts["board"]
    px, _py, _px1, py1 = parts["panel"]
    check(f"{name}: board {'above' if portrait else 'beside'} the panel",
          (by >= py1 - 1) if portrait else (bx1 <= px + 1), (parts["board"], parts["panel"]))
    lay = s.ids.board.layout
    check(f"{name}: hexes big enough to read", lay is not None and lay.radius >= dp(26),
          lay.radius / dp(1) if lay else None)
    board = s.ids.board
    check(f"{name}: the zoom buttons cover no hex", not under_zoom_bar(app),
          under_zoom_bar(app)[:4])
    made = instructions(board.canvas)  # ~2,000 when every shape was its own (issue 18)
    check(f"{name}: the board drawn in a few instructions", 0 < made <= 300, made)
    if lay is not None and board.position is not None and board.show_names and lay.radius > 16:
        # the hex names rendered together: each the size a label of its own would be
        size = max(10, int(lay.radius * 0.26))
        wrong = []
        grid = board.position.board
        seen = [grid.name(h) for h in grid.hexes() if lay.visible(h)]
        for hex_name in seen[:: max(1, len(seen) // 5)]:
            got = glyphs(hex_name, size)
            alone = CoreLabel(text=hex_name, font_size=size)
            alone.refresh()
            if got is None or (got.w, got.h) != tuple(alone.texture.size):
                wrong.append((hex_name, got and (got.w, got.h), alone.texture.size))
        check(f"{name}: hex names rendered as labels would be", not wrong, wrong)


def instructions(canvas: Any) -> int:
    n = 0
    for c in canvas.children:
        n += 1 + (instructions(c) if isinstance(c, InstructionGroup) else 0)
    return n


def shot(name: str) -> None:
    screenshot(SHOTS / f"layout-{name}-{SIZE}.png")


def free(app: CompanionApp, x: float, y: float) -> bool:
    """A point of the board not under its zoom buttons."""
    bar = app.screen("board").ids.zoom_bar
    bx, by, bx1, by1 = box(bar)
    return not (bx - 4 <= x <= bx1 + 4 and by - 4 <= y <= by1 + 4)


def under_zoom_bar(app: CompanionApp) -> list[str]:
    """The hexes drawn (in view) with any part under a shown zoom button, and the buttons
    not wholly in the board's part of the screen (pushed under the panel or off it)."""
    s = app.screen("board")
    board, lay = s.ids.board, s.ids.board.layout
    if lay is None or board.position is None:
        return []
    grid = board.position.board
    buttons = [box(b) for b in s.ids.zoom_bar.children if b.width > 0 and b.height > 0]
    ax, ay, ax1, ay1 = box(s.ids.board_area)
    hit = [f"button {[round(v) for v in b]} outside {[round(ax), round(ay), round(ax1), round(ay1)]}"
           for b in buttons if not (ax - 1 <= b[0] and b[2] <= ax1 + 1 and ay - 1 <= b[1]
                                    and b[3] <= ay1 + 1)]
    for h in grid.hexes():
        if not lay.visible(h):
            continue
        corners = lay.corners(h)
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        x0, y0 = board.to_window(max(min(xs), board.x), max(min(ys), board.y))
        x1, y1 = board.to_window(min(max(xs), board.right), min(max(ys), board.top))
        if x0 < x1 and y0 < y1 and any(overlap((x0, y0, x1, y1), b) for b in buttons):
            hit.append(grid.name(h))
    return hit


def overlord_steps(app: CompanionApp) -> Iterator[float]:
    t = app.table
    t.new_game(overlord_demo(), seed=3, deck_seed=3)
    t.go("board")
    yield 0.3
    board: HexBoard = app.screen("board").ids.board
    lay = board.layout
    assert lay is not None
    check("overlord: starts readable (zoomed where needed)", lay.radius >= dp(26),
          round(lay.radius / dp(1), 1))
    if H > W:  # a portrait screen gives the zoomed board the height of its rows at 26 dp
        check("overlord: portrait, every row in view at the start",
              lay.top <= board.top + 1 and lay.bottom >= board.y - 1
              and board.height >= board.readable_height - 1,
              (round(lay.bottom), round(lay.top), round(board.y), round(board.top)))
    zoom0 = board.zoom
    check("overlord: + zooms in", press(app, lambda a: a == ("zoom", "in")))
    yield 0.1
    check("overlord: zoom grew", board.zoom > zoom0, (zoom0, board.zoom))
    check("overlord: zoomed, the three zoom buttons cover no hex", not under_zoom_bar(app)
          and sum(1 for b in app.screen("board").ids.zoom_bar.children if b.width > 0) == 3,
          under_zoom_bar(app)[:4])
    # a pinch: two fingers drawn apart zoom further about their middle
    cx, cy = board.to_window(*board.center)
    a, b = UnitTestTouch(cx - 40, cy), UnitTestTouch(cx + 40, cy)
    a.touch_down()
    b.touch_down()
    yield 0.02
    zoom1 = board.zoom
    a.touch_move(cx - 80, cy)
    b.touch_move(cx + 80, cy)
    yield 0.02
    a.touch_up()
    b.touch_up()
    yield 0.05
    check("overlord: a pinch zooms", board.zoom > zoom1 * 1.2 or board.zoom >= board.MAX_ZOOM - 1e-6,
          (zoom1, board.zoom))
    # pan: drag from a hex without a unit
    pos = t.state.position if t.state else None
    assert pos is not None and board.layout is not None
    lay = board.layout
    empty = next(h for h in pos.board.hexes() if pos.unit_at(h) is None and lay.visible(h)
                 and board.collide_point(*lay.center(h)) and free(app, *lay.center(h)) and
                 board.collide_point(lay.center(h)[0] + 120, lay.center(h)[1]) and
                 free(app, lay.center(h)[0] + 100, lay.center(h)[1]))
    name = pos.board.name(empty)
    before = board.hex_center(name)
    drag(before, (before[0] + 100, before[1]))
    yield 0.05
    after = board.hex_center(name)
    check("overlord: a drag from an empty hex pans", abs(after[0] - before[0] - 100) < 2 or
          abs(after[0] - before[0]) > 20, (before, after))
    # taps: every hex in view answers with its own name, at its centre and near its rim
    lay = board.layout
    seen = []
    wrong = []
    for h in pos.board.hexes():
        x, y = lay.center(h)
        if not board.collide_point(x, y) or not lay.visible(h):
            continue
        for dx, dy in ((0, 0), (lay.radius * 0.6, 0), (0, -lay.radius * 0.7)):
            got = board.hex_name_at(x + dx, y + dy)
            if got != pos.board.name(h) and board.collide_point(x + dx, y + dy):
                wrong.append((pos.board.name(h), got))
        seen.append(pos.board.name(h))
    check("overlord: the hex under each point is named", not wrong and len(seen) > 10,
          (len(seen), wrong[:5]))
    # a real tap through the window: the table hears the hex under the finger
    targets = [n for n in seen if board.collide_point(*board.hex_center(n))
               and free(app, *board.hex_center(n))][:: max(1, len(seen) // 6)]
    heard = []
    for n in targets[:6]:
        t.last_hex = None
        tap(*board.hex_center(n))
        yield 0.02
        heard.append((n, getattr(t, "last_hex", None)))
        t.selected, t.picked = None, []
    check("overlord: taps on the zoomed board reach the right hex",
          all(a == b for a, b in heard) and heard, heard)
    check_board_frame("overlord", app)
    yield 0.2
    shot("overlord")
    # the card that orders the most units, with real cards: every unit it may order picked
    t.new_game(overlord_demo(), seed=3)
    t.go("board")
    yield 0.2
    t.act({"do": "play_card", "card": "infantry_assault"})
    yield 0.2
    legal = t.legal()
    assert legal is not None
    for u in legal.orderable:
        if legal.order_together_problem([*t.picked, u.id]) is None:
            t.tap_hex(u.hex)
    yield 0.3
    check("overlord: Infantry Assault, many units picked", len(t.picked) >= 4, t.picked)
    check_screen("overlord order", app.screen("board"))
    shot("overlord-order")


def steps(app: CompanionApp) -> Iterator[float]:
    t = app.table
    for name in SCREENS:
        screen_name = prepare(t, name, seed=3)
        yield 0.3
        screen = app.screen(screen_name)
        check_screen(name, screen)
        if screen_name == "board":
            check_board_frame(name, app)
        shot(name)
        yield 0.02
    yield from overlord_steps(app)


def main() -> None:
    table = Table.open(DATA, sim_delay=3600.0)
    table.settings.dice = "sim"
    table.settings.sound = False
    report["size"] = [W, H, dp(1)]
    run(table, steps, REPORT, SHOTS, watchdog_s=150)


main()
