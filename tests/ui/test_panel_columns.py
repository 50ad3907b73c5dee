"""The side panel's columns (``PanelColumns``): a heading goes with what it heads, never
alone at the foot of a column (the portrait board's panel once ended its first column with
"What happened" and showed the log at the top of the second)."""

from __future__ import annotations

import os

os.environ.setdefault("KIVY_NO_ARGS", "1")

from kivy.uix.widget import Widget

from companion.ui.widgets import BoardSplit, PanelColumns


def _box(h: float, heading: bool = False) -> Widget:
    w = Widget(size_hint_y=None, height=h)
    if heading:
        w.keep_with_next = True
    return w


def _panel(*kids: Widget) -> PanelColumns:
    panel = PanelColumns(size_hint=(None, None), size=(760, 500), column_width=340,
                         padding=[0, 0, 0, 0], spacing=0)
    for k in kids:
        panel.add_widget(k)
    panel.do_layout()
    return panel


def test_a_heading_at_a_columns_foot_starts_the_next_column_with_what_it_heads() -> None:
    first, heading, log = _box(440), _box(40, heading=True), _box(200)
    _panel(first, heading, log)
    assert first.x == 0 and heading.x == log.x > first.x  # the heading moved over with the log
    assert heading.top == 500 and log.top == heading.y  # at the top of the second column


def test_a_plain_widget_stays_where_it_fits() -> None:
    first, note, log = _box(440), _box(40), _box(200)
    _panel(first, note, log)
    assert note.x == first.x == 0 and log.x > 0  # no heading: it stays in the first column


def test_a_group_that_starts_a_column_keeps_together_in_the_next_one() -> None:
    # the battle's heading and odds fit the first column, and so would the dice pad's first
    # rows: the pad starts the second column whole (its Clear / Send were split off before)
    heading, odds, waiting, faces, send = _box(60), _box(130), _box(30), _box(80), _box(60)
    waiting.starts_column = True
    _panel(heading, odds, waiting, faces, send)
    assert heading.x == odds.x == 0
    assert waiting.x == faces.x == send.x > 0 and waiting.top == 500
    assert faces.top == waiting.y and send.top == faces.y


def test_starts_column_is_ignored_in_a_one_column_panel() -> None:
    first, waiting = _box(60), _box(30)
    waiting.starts_column = True
    panel = PanelColumns(size_hint=(None, None), size=(400, 500), column_width=340,
                         padding=[0, 0, 0, 0], spacing=0)
    for k in (first, waiting):
        panel.add_widget(k)
    panel.do_layout()
    assert first.x == waiting.x == 0 and waiting.top == first.y


def _split(width: float, height: float, aspect: float, readable: float) -> tuple[Widget, Widget]:
    split = BoardSplit(size_hint=(None, None), size=(width, height), aspect=aspect,
                       min_panel=460, max_panel=760, readable=readable)
    board, panel = Widget(), Widget()
    split.add_widget(board)
    split.add_widget(panel)
    split.do_layout()
    return board, panel


def test_a_board_drawn_zoomed_gets_all_but_the_panels_least_width() -> None:
    # Operation Crusader's Breakthrough board (13 x 17) at 1024x600: its hexes would be 19 px
    # whole, so it is drawn zoomed; its proportions gave it 389 px and the panel 635
    aspect = (15 / 2 * 3 ** 0.5) / (1.5 * 17 + 0.5)
    board, panel = _split(1024, 504, aspect, readable=(1.5 * 17 + 0.5) * 26)
    assert panel.width == min(460, 1024 * 0.42) and board.width == 1024 - panel.width
    # the same board where it reads whole keeps the width of its proportions
    board, panel = _split(1024, 800, aspect, readable=(1.5 * 17 + 0.5) * 26)
    assert board.width == 800 * aspect


def test_a_board_that_reads_whole_keeps_its_proportions() -> None:
    aspect = (15 / 2 * 3 ** 0.5) / (1.5 * 9 + 0.5)  # the standard board
    board, panel = _split(1024, 504, aspect, readable=(1.5 * 9 + 0.5) * 26)
    assert board.width + panel.width == 1024
    assert panel.width == max(min(460, 1024 * 0.42), min(760, 1024 * 0.62, 1024 - 504 * aspect))
