"""What the window drivers (kivy_driver.py, table_driver.py) share: the report and its checks,
finding widgets, taps and drags by simulated touches, pressing a button by its action, and
running a generator of steps in the app with a watchdog. Imported after the driver has set
Kivy's Config (window size, input)."""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.tests.common import UnitTestTouch
from kivy.uix.button import Button
from kivy.uix.widget import Widget

from companion.ui.app import CompanionApp
from companion.ui.controller import Table

report: dict[str, Any] = {"checks": {}, "errors": [], "shots": [], "log": []}


def check(name: str, ok: bool, detail: Any = "") -> None:
    report["checks"][name] = {"ok": bool(ok), "detail": str(detail)[:500]}


def screenshot(path: Path) -> None:
    """The window as it is now, saved as ``path`` (Kivy adds a counter to the name it is given)
    and listed in the report's shots."""
    from kivy.core.window import Window

    made = Window.screenshot(name=str(path))
    if made:
        Path(made).replace(path)
        report["shots"].append(str(path))


def walk(w: Widget) -> Iterator[Widget]:
    yield w
    for c in w.children:
        yield from walk(c)


def tap(x: float, y: float) -> None:
    t = UnitTestTouch(x, y)
    t.touch_down()
    t.touch_up()


def drag(a: tuple[float, float], b: tuple[float, float]) -> None:
    t = UnitTestTouch(*a)
    t.touch_down()
    t.touch_move(*b)
    t.touch_up()


def press(app: CompanionApp, want: Callable[[Any], bool], *, shown_only: bool = False) -> bool:
    """Tap the centre of the first button whose ``action`` matches (``shown_only``: of the
    buttons in a window, not those of a screen not on show); a question (ModalView) above
    the screens is looked at first."""
    from kivy.core.window import Window

    roots = [r for r in Window.children if r is not app.root] + [app.root]
    for w in (x for r in roots for x in walk(r)):
        if isinstance(w, Button) and want(getattr(w, "action", None)) and \
                (not shown_only or w.get_root_window()):
            x, y = w.to_window(*w.center)
            tap(x, y)
            return True
    return False


def question_ready() -> bool:
    """A question (ModalView) is on show and laid out (centred in the window)."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    for w in Window.children:
        if isinstance(w, ModalView):
            cx, cy = w.center
            return abs(cx - Window.width / 2) < 2 and abs(cy - Window.height / 2) < 2 \
                and w.width > 10
    return False


def answer_end_anyway(app: CompanionApp) -> Iterator[float]:
    """When the table asks before ending (units left that could act), tap *End anyway* once
    the question is laid out; its ``report["answered"]`` says whether it was tapped."""
    report["answered"] = False
    if app.table.confirm is None:
        return
    for _ in range(60):
        yield 0.05
        if question_ready():
            break
    report["answered"] = press(app, lambda x: x == ("confirm", True))
    if not report["answered"]:
        from kivy.core.window import Window
        report["log"].append(f"no answer: confirm={app.table.confirm} windows={Window.children} "
                             f"screen={app.sm.current if app.sm else None}")
    yield 0.05


def run(table: Table, steps: Callable[[CompanionApp], Iterator[float]], report_path: Path,
        shots: Path, watchdog_s: float) -> None:
    """Start the app on ``table``, play ``steps`` (each yields the seconds to wait before the
    next), stop when they end, fail, or run out of time; write the report."""
    def ready(app: CompanionApp) -> None:
        todo = steps(app)

        def advance(dt: float) -> None:
            try:
                wait = next(todo)
            except StopIteration:
                app.stop()
                return
            except Exception:
                report["errors"].append(traceback.format_exc())
                app.stop()
                return
            Clock.schedule_once(advance, wait)

        Clock.schedule_once(advance, 0.1)

    def watchdog(dt: float) -> None:
        report["errors"].append("the driver ran out of time")
        from kivy.app import App

        running = App.get_running_app()
        if running is not None:
            running.stop()

    Clock.schedule_once(watchdog, watchdog_s)
    shots.mkdir(parents=True, exist_ok=True)
    try:
        CompanionApp(table, on_ready=ready).run()
    except Exception:
        report["errors"].append(traceback.format_exc())
    report_path.write_text(json.dumps(report, indent=1))
