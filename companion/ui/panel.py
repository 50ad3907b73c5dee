"""The board's view model: what the board screen shows, as Kivy properties it binds to.

:meth:`PanelModel.update` reads a :class:`~companion.ui.controller.Table` after every change
and sets the properties; Kivy tells the widgets bound to them only when a value really
changed. The prompt bar, the message line, the title, the medal tracks and the table status are
bound in ``kv/board.kv``; the side panel and the map are rebuilt only when ``panel_version`` /
``board_version`` move on (what they show changed), not on every refresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.ui import theme
from companion.ui.i18n import _

if TYPE_CHECKING:
    from companion.ui.controller import Table


class PanelModel(EventDispatcher):
    """The board screen's values (see the module docstring)."""

    title = StringProperty("")
    prompt_text = StringProperty("")
    prompt_color = ListProperty(list(theme.TEXT))
    prompt_font = StringProperty("26sp")
    message = StringProperty("")
    table_status = StringProperty("")  # "Table t1 · bob (joined, plays Axis)" at a synced table
    my_turn = BooleanProperty(True)  # False on a joined tablet while another side is to play
    allies_medals = ListProperty([0, 0])  # won, needed
    axis_medals = ListProperty([0, 0])
    prompt_kind = StringProperty("")
    seq = NumericProperty(0)  # the state id shown
    panel_version = NumericProperty(0)  # moves on when the side panel must be rebuilt
    board_version = NumericProperty(0)  # ... and the map redrawn

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._panel_key: Any = None
        self._board_key: Any = None

    def update(self, t: Table) -> None:
        st = t.state
        p = t.prompt()
        self.table_status = t.table_status()
        self.message = t.message
        line = t.prompt_line()
        self.prompt_text = line
        self.prompt_font = "26sp" if len(line) <= 95 else "21sp" if len(line) <= 150 else "18sp"
        other = t.to_act()
        self.my_turn = other is None
        thrower = p.dice.thrower if p is not None and p.dice is not None else ""
        if other is not None:  # another tablet's turn: the bar in that side's colour
            self.prompt_color = list(theme.SIDE_LIGHT.get(other, theme.MUTED))
        elif thrower and t.thrower_note():  # the opponent's throw: the bar takes his colour
            self.prompt_color = list(theme.SIDE_LIGHT.get(thrower, theme.TEXT))
        else:
            self.prompt_color = list(theme.TEXT)
        if st is None:
            self.title = _("Waiting for the table's game...") if t.link is not None else ""
            self.prompt_kind = ""
            return
        self.title = f"{st.scenario.name()}  -  " + _("turn") + f" {st.turn}"
        m = t.medals()
        self.allies_medals = list(m["allies"])
        self.axis_medals = list(m["axis"])
        self.prompt_kind = p.kind if p is not None else ""
        self.seq = t.shown_seq
        board_key = (t.shown_seq, t.selected, tuple(t.picked), tuple(t.flight),
                     tuple(sorted(t.markers.items())), t.tool, tuple(t.tool_hexes), t.sortie_hex,
                     t.deploy_unit, t.deploy_hex, t.flash, tuple(t.landed), tuple(t.arriving))
        if board_key != self._board_key:
            self._board_key = board_key
            self.board_version += 1
        panel_key = (board_key, t.air_card, t.with_sortie, tuple(t.dice_shown), other,
                     tuple(t.refusal) if t.refusal and t.refusal[0] == t.message else (),
                     t.dice_source_name, len(t.log), t.log[-1] if t.log else "")
        if panel_key != self._panel_key:
            self._panel_key = panel_key
            self.panel_version += 1
