"""The Kivy tablet app: screens that render a :class:`~companion.ui.controller.Table`.

Layout lives in one ``.kv`` file per screen (``companion/ui/kv/``); the screens here only fill
in what changes. Every tap goes to the table, which talks to the game session.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager

from companion.dice.base import M44_FACES
from companion.rules.board import Side
from companion.scenarios import list_builtins, load_builtin, to_position
from companion.ui import dicesources, theme
from companion.ui import ruleslookup as lookup
from companion.ui.controller import AMMO_WORDS, Table
from companion.ui.i18n import _
from companion.ui.panel import PanelModel
from companion.ui.turn_guard import DEFAULT_GUARD_S
from companion.ui.widgets import (
    BoardArea,
    BoardSplit,
    DieIcon,
    FitLabel,
    HexBoard,
    MedalTimeline,
    MedalTrack,
    OddsBars,
    PanelColumns,
    PanelScroll,
    medal_points,
)

KV_DIR = Path(__file__).with_name("kv")
Factory.register("HexBoard", cls=HexBoard)
Factory.register("MedalTrack", cls=MedalTrack)
Factory.register("OddsBars", cls=OddsBars)
Factory.register("DieIcon", cls=DieIcon)
Factory.register("MedalTimeline", cls=MedalTimeline)
Factory.register("BoardArea", cls=BoardArea)
Factory.register("BoardSplit", cls=BoardSplit)
Factory.register("PanelColumns", cls=PanelColumns)
Factory.register("PanelScroll", cls=PanelScroll)
Factory.register("FitLabel", cls=FitLabel)

AIR_CHOICES = (("scenario", _("As the scenario says")), ("none", _("No air")),
               ("air-pack", _("Air Pack")), ("flight-plan", _("New Flight Plan")))
TABLE_SIDE_CHOICES = (("both", _("Both sides")), ("allies", _("Allies")), ("axis", _("Axis")))
DICE_CHOICES = (("sim", _("Simulated")), ("manual", _("Tap the dice")), ("serial", _("USB tray")),
                ("mqtt", _("Wi-Fi tray")), ("camera", _("Camera")))


def button(text: str, on_press: Callable[[], Any], *, action: Any = None, height: int = 60,
           font: int = 20, color: theme.RGBA = (0.3, 0.36, 0.26, 1), selected: bool = False) -> Button:
    """A large, readable button; ``action`` is kept on it (tests find buttons by it)."""
    b = Button(text=text, font_size=f"{font}sp", size_hint_y=None, height=f"{height}dp",
               background_normal="", background_color=(0.75, 0.55, 0.12, 1) if selected else color,
               color=theme.TEXT, halign="center", valign="middle")
    b.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - 12, None)))
    b.action = action
    b.bind(on_release=lambda *_a: on_press())
    return b


def _hold(b: Button, left: Callable[[], float]) -> Button:
    """Grey ``b`` while ``left()`` (seconds, by the table's clock) is above 0: a tap that ended
    a phase must not land on what appears under the finger. The table drops such a tap
    itself (``Table.guard_takes``, ``answer_confirm``): the grey only shows it."""
    if left() <= 0:
        return b
    b.held, b.opacity = True, 0.5

    def free(dt: float) -> None:
        rest = left()
        if rest > 0:
            Clock.schedule_once(free, min(rest, 0.1) + 0.01)
            return
        b.held, b.opacity = False, 1.0

    Clock.schedule_once(free, min(left(), 0.1) + 0.01)
    return b


def heading(text: str) -> Label:
    """A heading that grows to two lines when units are named in it ("Battle: infantry on F7
    → armor on e6"), where the fixed-height Heading would overlap what follows."""
    return label(text, 22, theme.GOLD, bold=True)


def label(text: str, font: int = 18, color: theme.RGBA = theme.TEXT, bold: bool = False) -> Label:
    lb = Label(text=text, font_size=f"{font}sp", color=color, bold=bold, size_hint_y=None,
               halign="left", valign="top")
    lb.bind(width=lambda w, v: setattr(w, "text_size", (v, None)),
            texture_size=lambda w, v: setattr(w, "height", v[1] + 6))
    return lb


def use_wide_font() -> None:
    """Use DejaVu Sans when the system has it: Roboto lacks arrows and other symbols."""
    from kivy.core.text import DEFAULT_FONT, LabelBase

    for folder in ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu"):
        regular = Path(folder, "DejaVuSans.ttf")
        bold = Path(folder, "DejaVuSans-Bold.ttf")
        if regular.is_file():
            LabelBase.register(DEFAULT_FONT, str(regular), fn_bold=str(bold) if bold.is_file() else None)
            return


class TableScreen(Screen):
    table: Table
    panel = ObjectProperty(None, allownone=True)  # the PanelModel the kv binds to

    def table_go(self, name: str) -> None:
        self.table.go(name)

    def refresh(self) -> None:
        """Redraw from the table."""


class StartScreen(TableScreen):
    def refresh(self) -> None:
        t = self.table
        box = self.ids.scenarios
        box.clear_widgets()
        for name in list_builtins():
            try:
                sc = load_builtin(name)
                pos = to_position(sc)
            except ValueError:
                continue
            card = BoxLayout(orientation="vertical", spacing=dp(4))
            thumb = HexBoard(interactive=False, show_names=False)
            thumb.scenario, thumb.position = sc, pos
            card.add_widget(thumb)
            card.add_widget(button(sc.name(), partial(self.play, name), action=("play", name),
                                   height=56))
            box.add_widget(card)
        air = self.ids.air
        air.clear_widgets()
        for key, text in AIR_CHOICES:
            air.add_widget(button(text, partial(self.set_air, key), height=52, font=17,
                                  selected=t.settings.air_rules == key, action=("air", key)))
        dice = self.ids.dice
        dice.clear_widgets()
        current = dicesources.kind_of(t.settings.dice)
        for key, text in DICE_CHOICES:
            dice.add_widget(button(text, partial(self.set_dice, key), height=52, font=17,
                                   selected=current == key, action=("dice", key)))
        saved = self.ids.saved
        saved.clear_widgets()
        games = [g for g in t.store.list_games() if g.status == "playing"][:12]
        if not games:
            saved.add_widget(label(_("No saved game yet."), color=theme.MUTED))
        for g in games:
            when = g.updated[:16].replace("T", " ")
            saved.add_widget(button(f"{g.title or g.scenario}, " + _("turn") + f" {g.turn}\n"
                                    + _("last played") + f" {when}",
                                    partial(t.resume, g.id), height=64, font=17,
                                    action=("resume", g.id)))
        self.ids.message.text = t.message

    def play(self, name: str) -> None:
        self.table.new_game(name)

    def choose_file(self) -> Any:
        """The file picker (the system's on Android); the file chosen is imported and played."""
        from companion.ui.filepicker import pick_scenario

        def chosen(path: str) -> None:
            self.ids.m44_path.text = path
            self.import_file(path)

        self.picker = pick_scenario(chosen, self.ids.m44_path.text.strip() or None)
        return self.picker

    def import_file(self, path: str) -> None:
        path = path.strip()
        if not path:
            self.table.message = _("Give the path of a .m44 or scenario file first.")
            self.refresh()
            return
        if not self.table.new_game(path):
            self.refresh()

    def set_air(self, key: str) -> None:
        self.table.settings.air_rules = key
        self.table.save_settings()
        self.refresh()

    def set_dice(self, key: str) -> None:
        spec = {"serial": "serial", "mqtt": "mqtt", "camera": "camera:0"}.get(key, key)
        self.table.settings.dice = spec
        self.table.save_settings()
        self.refresh()


class BoardScreen(TableScreen):
    def on_kv_post(self, base_widget: Any) -> None:
        board: HexBoard = self.ids.board
        board.on_tap = self.table_tap
        board.on_drag = self.table_drag
        self.pad: list[str] = []
        self._drawn: tuple[float, float] = (-1, -1)  # the versions of the map and panel drawn

    def table_tap(self, hex_name: str) -> None:
        self.table.tap_hex(hex_name)

    def table_drag(self, a: str, b: str) -> None:
        self.table.drag(a, b)

    def refresh(self, force: bool = False) -> None:
        """The bar, title and medals follow the panel model by their bindings (kv); the map
        and the side panel are rebuilt when what they show changed (or ``force``)."""
        model = self.panel
        if model is None:
            return
        if force or self._drawn[0] != model.board_version:
            self._board()
        if force or self._drawn[1] != model.panel_version:
            app = App.get_running_app()
            if isinstance(app, CompanionApp) and not app.first_frame_drawn:
                # the board first, as early as the window allows; the panel the frame after
                app.after_first_frame(lambda: self.refresh(force))
            else:
                self._drawn = (self._drawn[0], model.panel_version)
                self._panel()
        self._confirm_view()

    def _board(self) -> None:
        t = self.table
        st = t.state
        if st is None:
            return
        self._drawn = (self.panel.board_version, self._drawn[1])
        board: HexBoard = self.ids.board
        board.scenario = st.scenario
        board.position = st.position
        board.highlights = t.highlights()
        board.target_dice = t.target_dice()
        board.flash = self._fresh_flash(t.flash, st.turn)
        board.show_names = t.settings.hex_labels
        board.held = t.objective_holders()
        board.flight = t.flight_overlay()
        board.redraw_soon()  # before the next frame, once: with a resize or relayout as well

    def _fresh_flash(self, flash: Any, turn: int) -> Any:
        """The last battle's hits and flags while that battle's turn lasts; gone after it."""
        if flash is None:
            return None
        seen = getattr(self, "_flash_seen", None)
        if seen is None or seen[0] is not flash:
            self._flash_seen = (flash, turn)
            return flash
        return flash if seen[1] == turn else None

    # --- the side panel, by what the prompt asks ----------------------------------------------
    def _panel(self) -> None:
        t = self.table
        p = t.prompt()
        panel = self.ids.panel
        panel.clear_widgets()
        if p is None:
            return
        if t.refusal and t.refusal[0] == t.message:  # every problem of the refusal, readable
            panel.add_widget(label(_("Not possible:"), 18, theme.WARN, bold=True))
            for line in t.refusal[1:6]:
                panel.add_widget(label("• " + line, 18, theme.WARN))
        other = t.to_act()
        if other is not None:  # another tablet's turn: neither its hand nor its buttons here
            panel.add_widget(Factory.Heading(text=other.title() + " " + _("to play, on their tablet")))
            panel.add_widget(label(p.text, 18))
            self._objectives(panel)
            return
        if p.kind == "play_card":
            self._card_picker(panel)
            self._air_card_choices(panel)
            self._buttons(panel)
            panel.add_widget(Label())
            return
        if p.kind in ("dice", "review_dice", "retreat", "take_ground", "battle_back"):
            self._battle_panel(panel)
            return
        if p.kind == "over":
            panel.add_widget(button(_("See the result"), lambda: self.table_go("victory"),
                                    action=("go", "victory")))
        roll = t.order_roll_dice()
        if roll:
            panel.add_widget(label(_("This card works with a roll: tap the units, then the faces "
                                     "rolled."), 16, theme.MUTED))
            self._dice_pad(panel, roll, lambda faces: t.press(  # guarded as any order
                {"do": "order", "units": list(t.picked), "roll": faces}))
            return
        self._buttons(panel)
        for line in t.held_back():  # why Done moving / End turn is not there yet
            panel.add_widget(label(line, 17, theme.WARN))
        if p.detail:
            for line in p.detail:
                panel.add_widget(label(line, 16, theme.MUTED))
        if t.flight or t.tool or len(t.buttons()) > 5:  # an air action being built needs the room
            panel.add_widget(Label())
            return
        self._objectives(panel)

    def _card_picker(self, panel: Any) -> None:
        """The cards that may be played now, as printed: the section cards in a table by count
        (rows) and section (columns), the other cards by name; copies held as "x2". A whole
        deck (real cards on the table) shows one group at a time, so that it fits one screen
        without scrolling (1024x600 included)."""
        t = self.table
        sections, others = t.card_groups()
        whole_deck = len(sections) + len(others) > 10
        group = getattr(self, "card_group", "section")
        if not sections:
            group = "other"
        elif not others:
            group = "section"
        if whole_deck and sections and others:
            tabs = BoxLayout(size_hint_y=None, height=dp(50), spacing=dp(4))
            for key, words in (("section", _("Section cards")), ("other", _("Tactic cards"))):
                tabs.add_widget(button(words, partial(self._card_tab, key), height=50, font=17,
                                       selected=group == key, color=(0.25, 0.28, 0.32, 1),
                                       action=("cards", key)))
            panel.add_widget(tabs)
        else:
            panel.add_widget(Factory.Heading(text=_("Which card is played?")))
        if sections and (group == "section" or not whole_deck):
            grid = GridLayout(cols=4, spacing=dp(3), size_hint_y=None)
            grid.bind(minimum_height=grid.setter("height"))
            grid.add_widget(Label(size_hint=(None, None), width=dp(96), height=dp(24)))
            for words in (_("Left"), _("Center"), _("Right")):
                grid.add_widget(label(words, 15, theme.GOLD, bold=True))
            for row, cells in sections:
                grid.add_widget(Label(text=row, font_size="15sp", color=theme.TEXT, halign="left",
                                      size_hint=(None, None), width=dp(96), height=dp(50)))
                for section in ("left", "center", "right"):
                    if section not in cells:
                        grid.add_widget(Label(size_hint_y=None, height=dp(50)))
                        continue
                    cid, n = cells[section]
                    action = t.play_card_action(cid)
                    text = t.card_name(cid).rsplit(" ", 1)[-1] + (f" x{n}" if n > 1 else "")
                    grid.add_widget(self._guarded(button(text, partial(self._press, action),
                                                         action=action, height=50, font=16), action))
            panel.add_widget(grid)
        if others and (group == "other" or not whole_deck):
            if not whole_deck and sections:
                heading = label(_("Tactic cards"), 15, theme.GOLD, bold=True)
                heading.keep_with_next = True  # with its cards, never alone at a column's foot
                panel.add_widget(heading)
            grid = GridLayout(cols=3 if whole_deck else 2, spacing=dp(3), size_hint_y=None)
            grid.bind(minimum_height=grid.setter("height"))
            for cid, name, n in others:
                action = t.play_card_action(cid)
                grid.add_widget(self._guarded(button(name + (f" x{n}" if n > 1 else ""),
                                                     partial(self._press, action), action=action,
                                                     height=50, font=15 if whole_deck else 16),
                                              action))
            panel.add_widget(grid)

    def _card_tab(self, key: str) -> None:
        self.card_group = key
        self._panel()

    def _objectives(self, panel: Any) -> None:
        panel.add_widget(Factory.Heading(text=_("Objectives")))
        for line in self.table.objective_lines() or [_("Medals for eliminated units only.")]:
            panel.add_widget(label(line, 16))
        self._log(panel)

    def _buttons(self, panel: Any) -> None:
        t = self.table
        buttons = t.buttons()
        markers = [(text, a) for text, a in buttons if a.get("ui") == "marker"]
        if markers or t.ammo_left():
            panel.add_widget(Factory.Heading(text=_("Ammo markers on the path")))
            left = ", ".join(f"{AMMO_WORDS.get(k, k)} {v}" for k, v in sorted(t.ammo_left().items()))
            panel.add_widget(label(_("Ammo left:") + f" {left or _('none')}", 20, theme.GOLD, bold=True))
            if not markers:
                panel.add_widget(label(_("Fly over an enemy ground unit to place a marker on it."),
                                       16, theme.MUTED))
            grid = GridLayout(cols=2, spacing=4, size_hint_y=None)
            grid.bind(minimum_height=grid.setter("height"))
            for text, action in markers:
                grid.add_widget(button(text, partial(self._press, action), action=action,
                                       height=52, font=16, color=(0.38, 0.3, 0.2, 1),
                                       selected=bool(action.get("placed"))))
            panel.add_widget(grid)
        for text, action in buttons:
            if action.get("ui") == "marker":
                continue
            colour = (0.45, 0.3, 0.2, 1) if action.get("do") == "undo" or action.get("ui") in (
                "cancel", "path_back") else (0.3, 0.36, 0.26, 1)
            if action.get("do") == "move" and "path" in action:
                colour = (0.2, 0.45, 0.6, 1)  # the flight being built: send it
            panel.add_widget(self._guarded(button(text, partial(self._press, action),
                                                  action=action, color=colour), action))

    def _press(self, action: dict[str, Any]) -> None:
        self.table.press(action)

    def _guarded(self, b: Button, action: dict[str, Any]) -> Button:
        """A button that ends a phase or the turn is drawn greyed and takes no tap until the
        guard allows (companion/ui/turn_guard.py): a double tap never ends two phases."""
        t = self.table
        return _hold(b, t.guard_left) if t.is_ending(action) else b

    # --- asking first: "End anyway" / "Go back" --------------------------------------------------
    def _confirm_view(self) -> None:
        """Open the table's question (ending with units that could still move or battle), or
        close it once it is answered or the game moved on."""
        asked = self.table.confirm
        view = getattr(self, "confirm_view", None)
        if view is not None and (asked is None or view.asked is not asked):
            self.confirm_view = None
            view.dismiss(animation=False)
            view = None
        if asked is None or view is not None:
            return
        view = ModalView(auto_dismiss=False, size_hint=(None, None), size=(dp(600), dp(340)),
                         background_color=(0, 0, 0, 0.6))
        view.asked = asked
        box = Factory.Dark(orientation="vertical", padding=dp(16), spacing=dp(8))
        box.add_widget(Factory.Heading(text=asked.title))
        for line in asked.lines[:7]:
            box.add_widget(label(line, 20))
        box.add_widget(Label())
        row = BoxLayout(size_hint_y=None, height=dp(64), spacing=dp(24))
        # "End anyway" on the left: away from the panel's ending buttons on the right
        row.add_widget(_hold(button(_("End anyway"), lambda: self.table.answer_confirm(True),
                                    action=("confirm", True), height=64, color=(0.55, 0.25, 0.2, 1)),
                             self.table.confirm_left))
        row.add_widget(_hold(button(_("Go back"), lambda: self.table.answer_confirm(False),
                                    action=("confirm", False), height=64),
                             self.table.confirm_left))
        box.add_widget(row)
        view.add_widget(box)
        self.confirm_view = view
        view.open(animation=False)

    def _air_card_choices(self, panel: Any) -> None:
        """Beside the command card: an Air Combat card (New Flight Plan) or the Air Sortie card
        (Air Pack); a tap chooses it, another tap takes it back."""
        t = self.table
        cards = t.air_card_options()
        if cards:
            panel.add_widget(Factory.Heading(text=_("Air Combat card with it?")))
            for title in cards:
                panel.add_widget(button(title, partial(t.press, {"ui": "air_card", "card": title}),
                                        action={"ui": "air_card", "card": title}, height=48,
                                        font=17, selected=t.air_card == title))
        held = t.sortie_cards()
        if held or t.sortie_drawable():  # held, or drawn from the real deck unseen by the app
            panel.add_widget(Factory.Heading(
                text=(_("Air Sortie cards held:") + f" {held}") if held
                else _("Drew an Air Sortie card from the deck?")))
            alone = {"do": "play_card", "card": "air_sortie"}
            panel.add_widget(button(_("Play the Air Sortie card by itself"),
                                    partial(t.press, alone), action=alone, height=52, font=17))
            panel.add_widget(button(_("Play the Air Sortie with a Section card"),
                                    lambda: t.press({"ui": "sortie"}), action={"ui": "sortie"},
                                    height=52, font=17, selected=t.with_sortie))

    def _log(self, panel: Any) -> None:
        panel.add_widget(Factory.Heading(text=_("What happened")))
        box = BoxLayout(orientation="vertical")
        for line in self.table.log[-7:]:
            box.add_widget(label(line, 15, theme.MUTED))
        box.add_widget(Label())
        panel.add_widget(box)

    def _battle_panel(self, panel: Any) -> None:
        t = self.table
        p = t.prompt()
        st = t.state
        assert p is not None and st is not None
        b = st.battle
        title = t.dice_heading() if p.kind == "dice" else ""
        if title:
            panel.add_widget(heading(title))
        elif b is not None:
            panel.add_widget(heading(_("Battle:") + f" {t.unit_words(b.attacker)} → "
                                     f"{t.unit_words(b.target)}"))
        note = t.thrower_note() if p.kind == "dice" else ""
        if note and p.dice is not None:  # the opponent throws: said big, in his colour
            panel.add_widget(label(note, 22, theme.SIDE_LIGHT.get(p.dice.thrower, theme.WARN),
                                   bold=True))
        if p.kind == "dice" and p.dice is not None:
            # a short screen (1024x600) keeps the dice pad and Undo in view: the explanation on
            # one line, a lower odds picture, Undo beside the pad's buttons
            compact = Window.height < dp(700)
            repeats = b is not None and all(t.unit_words(u) in title for u in (b.attacker, b.target)
                                            if u)
            if title and title != p.dice.purpose and not repeats:
                panel.add_widget(label(p.dice.purpose, 16))
            details = list(p.detail[:3])
            for line in ([" · ".join(details)] if compact and details else details):
                panel.add_widget(label(line, 15, theme.MUTED))
            odds = p.dice.odds or {}
            if odds.get("hits"):
                bars = OddsBars(size_hint_y=None, height=dp(84 if compact else 130))
                bars.odds = odds
                panel.add_widget(bars)
            for key, words in (("p_lost", _("Chance the airplane is lost:")),
                               ("p_shot_down", _("Chance it is shot down:")),
                               ("p_retires", _("Chance it retires:"))):
                if key in odds:
                    panel.add_widget(label(f"{words} {round(float(odds[key]) * 100)}%", 18, theme.GOLD))
            waiting = label(f"{p.dice.count} " + (_("die") if p.dice.count == 1 else _("dice"))
                            + " · " + _("waiting for:") + f" {t.dice_source_name}",
                            18, theme.WARN, bold=True)
            waiting.starts_column = True  # a portrait panel: the pad whole in its own column
            panel.add_widget(waiting)
            undo_button = None
            if "undo" in p.actions:  # a battle declared by mistake is taken back before the throw
                undo = {"do": "undo"}
                undo_button = self._guarded(button(_("Undo"), lambda: self._press(undo),
                                                   action=undo, color=(0.45, 0.3, 0.2, 1),
                                                   height=52), undo)
            self._dice_pad(panel, p.dice.count, lambda faces: t.submit_dice(faces, "manual"),
                           beside=undo_button if compact else None)
            for text, action in t.buttons():  # Ambush, played before these dice
                if action.get("do") == "ambush":
                    panel.add_widget(button(text, partial(self._press, action), action=action,
                                            color=(0.5, 0.25, 0.25, 1), height=52))
            if undo_button is not None and not compact:
                panel.add_widget(undo_button)
            return
        self._dice_row(panel, editable=p.kind == "review_dice")
        if b is not None and b.result is not None:
            r = b.result
            text = f"{r['hits']} " + _("hit(s)") + ", " + f"{r['flags'] - r['flags_ignored']} " + _("flag(s)")
            panel.add_widget(label(text, 20, bold=True))
            for line in r.get("explain", [])[:3]:  # the rules' lines name units by id
                panel.add_widget(label(t.words(line, [b.attacker, b.target]), 15, theme.MUTED))
        self._buttons(panel)
        if p.kind == "review_dice":
            panel.add_widget(label(_("Check the dice as read: tap a die to change its face, "
                                     "then apply them."), 16, theme.MUTED))
            if t.may_override():
                panel.add_widget(button(_("Overrule the hits or flags..."), self._override_open,
                                        action=("override", "open"), height=52, font=17,
                                        color=(0.38, 0.3, 0.2, 1)))
        panel.add_widget(Label())

    # --- the players overrule the dice (companion/game/overrides.py) -----------------------------
    OVERRIDE_REASONS = (_("A die was misread"), _("A die rolled off the table"),
                        _("We play this rule our way"))

    def _override_open(self) -> None:
        self.override: dict[str, Any] = {"hits": 0, "flags": 0, "reason": ""}
        view = ModalView(auto_dismiss=False, size_hint=(None, None), size=(dp(620), dp(500)),
                         background_color=(0, 0, 0, 0.6))
        self.override_view = view
        self._override_fill()
        view.open(animation=False)

    def _override_fill(self) -> None:
        view, o = self.override_view, self.override
        view.clear_widgets()
        box = Factory.Dark(orientation="vertical", padding=dp(14), spacing=dp(6))
        box.add_widget(Factory.Heading(text=_("Overrule the dice")))
        box.add_widget(label(_("The battle is resolved with these hits and flags (flags that "
                               "count); every other rule applies."), 16, theme.MUTED))
        for key, words in (("hits", _("Hits")), ("flags", _("Flags that count"))):
            row = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(8))
            row.add_widget(Label(text=words, font_size="20sp", color=theme.TEXT))
            row.add_widget(button("-", partial(self._override_step, key, -1), height=56,
                                  font=24, action=("override", key, -1)))
            row.add_widget(Label(text=str(o[key]), font_size="26sp", bold=True, color=theme.GOLD,
                                 size_hint_x=None, width=dp(60)))
            row.add_widget(button("+", partial(self._override_step, key, 1), height=56,
                                  font=24, action=("override", key, 1)))
            box.add_widget(row)
        box.add_widget(label(_("Why (the game log keeps it):"), 17))
        reasons = GridLayout(cols=3, spacing=dp(4), size_hint_y=None, height=dp(52))
        for why in self.OVERRIDE_REASONS:
            reasons.add_widget(button(why, partial(self._override_reason, why), height=52,
                                      font=15, selected=o["reason"] == why,
                                      action=("override", "reason", why)))
        box.add_widget(reasons)
        typed = Factory.TextInput(text=o["reason"] if o["reason"] not in self.OVERRIDE_REASONS
                                  else "", hint_text=_("or type the reason"), multiline=False,
                                  font_size="18sp", size_hint_y=None, height=dp(48))
        typed.bind(text=lambda w, v: o.__setitem__("reason", v.strip()) if v.strip() else None)
        box.add_widget(typed)
        box.add_widget(Label())
        row = BoxLayout(size_hint_y=None, height=dp(60), spacing=dp(24))
        row.add_widget(button(_("Apply with these"), self._override_apply, height=60,
                              action=("override", "apply"), color=(0.55, 0.25, 0.2, 1)))
        row.add_widget(button(_("Cancel"), self._override_close, height=60,
                              action=("override", "cancel")))
        box.add_widget(row)
        view.add_widget(box)

    def _override_step(self, key: str, by: int) -> None:
        self.override[key] = max(0, int(self.override[key]) + by)
        self._override_fill()

    def _override_reason(self, why: str) -> None:
        self.override["reason"] = why
        self._override_fill()

    def _override_apply(self) -> None:
        o = self.override
        if not str(o["reason"]).strip():
            self.table.note(_("Say why the dice are overruled: the game log keeps it."))
            return
        self._override_close()
        self.table.override_dice(int(o["hits"]), int(o["flags"]), str(o["reason"]))

    def _override_close(self) -> None:
        view = getattr(self, "override_view", None)
        self.override_view = None
        if view is not None:
            view.dismiss(animation=False)

    def _dice_row(self, panel: Any, editable: bool) -> None:
        faces = self.table.dice_shown
        if not faces:
            return
        row = BoxLayout(size_hint_y=None, height=dp(70), spacing=dp(6))
        for i, f in enumerate(faces):
            icon = DieIcon(face=f or "", index=i, size_hint_x=None, width=dp(66))
            if editable:
                icon.bind(on_touch_down=lambda w, touch, i=i: self._cycle_die(w, touch, i))
            row.add_widget(icon)
        row.add_widget(Label())
        panel.add_widget(row)

    def _cycle_die(self, w: Any, touch: Any, index: int) -> bool:
        if not w.collide_point(*touch.pos):
            return False
        faces = list(M44_FACES)
        now = w.face
        nxt = faces[(faces.index(now) + 1) % len(faces)] if now in faces else faces[0]
        Clock.schedule_once(lambda dt: self.table.correct_die(index, nxt), 0)
        return True

    def _dice_pad(self, panel: Any, count: int, send: Callable[[list[str]], Any],
                  beside: Any = None) -> None:
        """The manual dice pad: tap faces, then send (always at hand, whatever the source).
        ``beside``: a button that shares the row of Clear / Send (a short screen's Undo)."""
        compact = beside is not None
        if not compact:
            panel.add_widget(label(_("Or tap the dice as thrown:"), 16, theme.MUTED))
        row = BoxLayout(size_hint_y=None, height=dp(48 if compact else 70), spacing=dp(6))
        for f in self.pad:
            row.add_widget(DieIcon(face=f, size_hint_x=None, width=dp(44 if compact else 62)))
        tally = f"{len(self.pad)}/{count}"
        if compact and not self.pad:  # the hint and the tally on one line
            tally = _("Or tap the dice as thrown:") + f" {tally}"
        row.add_widget(Label(text=tally, font_size="18sp" if compact else "20sp",
                             color=theme.MUTED if compact and not self.pad else theme.TEXT))
        panel.add_widget(row)
        faces = GridLayout(cols=5, spacing=dp(4), size_hint_y=None, height=dp(78))
        for f in M44_FACES:
            d = Button(background_normal="", background_color=(0, 0, 0, 0))
            icon = DieIcon(face=f)
            d.add_widget(icon)
            d.bind(pos=lambda w, v, icon=icon: setattr(icon, "pos", v),
                   size=lambda w, v, icon=icon: setattr(icon, "size", v))
            d.action = ("face", f)
            d.bind(on_release=lambda *_a, f=f: self._pad_add(f, count))
            faces.add_widget(d)
        panel.add_widget(faces)
        ctl = BoxLayout(size_hint_y=None, height=dp(60), spacing=dp(6))
        ctl.add_widget(button(_("Clear"), self._pad_clear, action=("pad", "clear")))
        ctl.add_widget(button(_("Send the dice"), lambda: self._pad_send(count, send),
                              action=("pad", "send")))
        if beside is not None:
            beside.size_hint_y = 1
            ctl.add_widget(beside)
        panel.add_widget(ctl)
        panel.add_widget(Label())

    def _pad_add(self, face: str, count: int) -> None:
        if len(self.pad) < count:
            self.pad.append(face)
        self._panel()

    def _pad_clear(self) -> None:
        self.pad = []
        self._panel()

    def _pad_send(self, count: int, send: Callable[[list[str]], Any]) -> None:
        faces, self.pad = list(self.pad), []
        if len(faces) != count:
            self.pad = faces
            self.table.note(_("Tap one face per die:") + f" {count} " + _("dice are due."))
            self._panel()
            return
        send(faces)


class AirScreen(TableScreen):
    def refresh(self) -> None:
        t = self.table
        st = t.state
        box = self.ids.sides
        box.clear_widgets()
        rules = st.scenario.air.rules.value if st is not None and st.scenario.air.rules else None
        names = {"air-pack": _("Air Pack"), "flight-plan": _("New Flight Plan")}
        self.ids.rules.text = names.get(rules or "", _("No air rules in this game"))
        def fit(*_a: Any) -> None:  # the row of sides as tall as the taller column
            box.height = max([c.minimum_height for c in box.children] or [0])

        for side, info in t.air_sides().items():
            col = Factory.Dark(orientation="vertical", padding=dp(12), spacing=dp(4))
            col.bind(minimum_height=fit)
            col.add_widget(label(side.title(), 28, theme.SIDE_LIGHT[side], bold=True))
            col.add_widget(Factory.Heading(text=_("Air units")))
            if not info["units"]:
                col.add_widget(label(_("None on the board."), 20, theme.MUTED))
            for uid, utype, model, where, ammo, airborne in info["units"]:
                state = _("in the air") if airborne else _("landed")
                kind = " ".join(x for x in (utype.replace("_", " "), model) if x)
                col.add_widget(label(f"{kind.capitalize()}, {where}, {state}", 22, bold=True))
                full = info.get("full_ammo", {}).get(uid, {})
                if ammo or full:
                    # ammo as pips a player reads from across the table: filled = left
                    pips = "   ".join(
                        f"{AMMO_WORDS.get(k, k)} " + "●" * ammo.get(k, 0)
                        + "○" * max(0, full.get(k, 0) - ammo.get(k, 0))
                        for k in sorted(set(ammo) | set(full)) if ammo.get(k) or full.get(k))
                    col.add_widget(label(pips, 22, theme.GOLD))
            if info.get("reserve"):
                col.add_widget(Factory.Heading(text=_("Off the board (may deploy)")))
                col.add_widget(label(", ".join(info["reserve"]), 20))
            if info.get("runs"):
                col.add_widget(Factory.Heading(text=_("Attack runs to resolve")))
                col.add_widget(label(", ".join(info["runs"]), 20, theme.WARN))
            col.add_widget(Factory.Heading(text=_("Banned types")))
            col.add_widget(label(", ".join(str(b).replace("_", " ") for b in info["banned"])
                                 or _("None."), 20, theme.MUTED))
            holdings = lookup.air_card_holdings(st) if st is not None else ()
            if "air_combat" in holdings:
                col.add_widget(Factory.Heading(text=_("Air Combat cards held")))
                col.add_widget(label(", ".join(map(str, info["cards"])) or _("None."), 20))
            if "air_sortie" in holdings:
                col.add_widget(Factory.Heading(text=_("Air Sortie cards held")))
                col.add_widget(label(str(info.get("sorties", 0)), 20))
            col.add_widget(Label())
            box.add_widget(col)
        self.ids.help.text = "\n".join(f"• {line}" for line in t.air_help())


class SettingsScreen(TableScreen):
    def refresh(self) -> None:
        t = self.table
        kind = dicesources.kind_of(t.settings.dice)
        kinds = self.ids.kinds
        kinds.clear_widgets()
        for key, text in DICE_CHOICES:
            kinds.add_widget(button(text, partial(self.choose, key), selected=key == kind,
                                    action=("dice", key), height=56))
        self.ids.sound.active = t.settings.sound
        self.ids.speak.active = t.settings.speak
        self.ids.hex_labels.active = t.settings.hex_labels
        if self.manager is not None and getattr(self.manager, "speaker", None) is None:
            self.ids.speak_label.text = _("Read the prompts aloud (no speech engine found)")
        self._table_section()
        detail = self.ids.detail
        detail.clear_widgets()
        if kind == "serial":
            detail.add_widget(Factory.Heading(text=_("USB trays found")))
            ports = dicesources.serial_ports()
            if not ports:
                detail.add_widget(label(_("No USB serial device is connected. Plug the tray in, "
                                          "then look again."), 18, theme.MUTED))
            for dev, desc in ports:
                detail.add_widget(button(f"{dev}  {desc}", partial(self.use, f"serial:{dev}"),
                                         action=("serial", dev), height=52))
            detail.add_widget(button(_("Look again"), self.refresh, height=52))
        elif kind == "mqtt":
            detail.add_widget(Factory.Heading(text=_("Broker")))
            detail.add_widget(label(_("Leave empty to run the broker on this tablet."), 16, theme.MUTED))
            ti = Factory.TextInput(text=t.settings.mqtt_url, hint_text="mqtt://192.168.1.20:1883",
                                   multiline=False, font_size="20sp", size_hint_y=None, height=52)
            detail.add_widget(ti)
            detail.add_widget(button(_("Use this broker"),
                                     lambda: self.use("mqtt:" + ti.text.strip() if ti.text.strip()
                                                      else "mqtt"), height=52))
        elif kind == "camera":
            detail.add_widget(Factory.Heading(text=_("Camera")))
            self.preview = Factory.Image(size_hint_y=None, height=dp(240))
            detail.add_widget(self.preview)
            self.preview_note = label(_("Looking for a camera..."), 16, theme.MUTED)
            detail.add_widget(self.preview_note)
            detail.add_widget(button(_("Teach the camera my dice"), lambda: self.table_go("teach"),
                                     height=52))
            self._start_preview()
        elif kind == "manual":
            detail.add_widget(label(_("The battle panel shows a dice pad: tap the faces as thrown."), 18))
        else:
            detail.add_widget(label(_("The app throws the dice itself (demonstrations, practice)."), 18))
        review = {"camera": "review_camera", "serial": "review_tray", "mqtt": "review_tray"}.get(kind)
        if review is not None:  # dice read by the device: shown for review before they apply
            on = bool(getattr(t.settings, review))
            detail.add_widget(button((_("Check the dice before they apply: on") if on else
                                      _("Check the dice before they apply: off")),
                                     partial(self._set_review, review, not on), height=52,
                                     font=17, selected=on, action=("review", review)))
        detail.add_widget(label(_("In use now:") + f" {t.dice_source_name}", 18, theme.GOLD))
        detail.add_widget(Label())
        self.ids.status.text = t.message

    # --- a table of several tablets (companion sync host|join, docs/sync.md) ------------------
    def _table_section(self) -> None:
        t = self.table
        s = t.settings
        for key in ("table_broker", "table_id", "tablet_id", "table_key_file"):
            if not self.ids[key].focus:  # never under the player's fingers
                self.ids[key].text = str(getattr(s, key))
        sides = self.ids.table_sides
        sides.clear_widgets()
        for key, text in TABLE_SIDE_CHOICES:
            sides.add_widget(button(text, partial(self.set_side, key), height=48, font=16,
                                    selected=s.table_side == key, action=("side", key)))
        row = self.ids.table_buttons
        row.clear_widgets()
        if t.link is None:
            row.add_widget(button(_("Host this game"), self.host_table, height=52, font=17,
                                  action=("table", "host")))
            row.add_widget(button(_("Join the table"), self.join_table, height=52, font=17,
                                  action=("table", "join")))
        else:
            row.add_widget(button(_("Leave the table"), self.leave_table, height=52, font=17,
                                  color=(0.45, 0.3, 0.2, 1), action=("table", "leave")))

    def _table_fields(self) -> None:
        s = self.table.settings
        for key in ("table_broker", "table_id", "tablet_id", "table_key_file"):
            setattr(s, key, self.ids[key].text.strip())

    def set_side(self, side: str) -> None:
        self._table_fields()
        self.table.settings.table_side = side
        self.table.save_settings()
        self.table.note("")

    def host_table(self) -> None:
        self._table_fields()
        if self.table.host_table():
            self.table_go("board")
        else:
            self.refresh()

    def join_table(self) -> None:
        self._table_fields()
        if not self.table.join_table():
            self.refresh()

    def leave_table(self) -> None:
        self.table.leave_table()
        self.refresh()

    def choose(self, key: str) -> None:
        spec = {"serial": "serial" + (f":{self.table.settings.serial_port}"
                                      if self.table.settings.serial_port else ""),
                "mqtt": "mqtt" + (f":{self.table.settings.mqtt_url}" if self.table.settings.mqtt_url
                                  else ""),
                "camera": f"camera:{self.table.settings.camera}"}.get(key, key)
        self.use(spec)

    def use(self, spec: str) -> None:
        t = self.table
        kind, _sep, where = spec.partition(":")
        if kind == "mqtt":
            t.settings.mqtt_url = where
        elif kind == "serial":
            t.settings.serial_port = where
        t.message = ""
        if t.session is not None:
            t.open_dice_source(spec)
        else:
            t.settings.dice = spec
            t.dice_source_name = dicesources.describe(spec)
        t.save_settings()
        self.refresh()

    def _set_review(self, name: str, value: bool) -> None:
        self.set_flag(name, value)
        self.refresh()

    def set_flag(self, name: str, value: bool) -> None:
        if getattr(self.table.settings, name) != value:
            setattr(self.table.settings, name, value)
            self.table.save_settings()

    def done(self) -> None:
        self.table_go("board" if self.table.game is not None else "start")

    def _start_preview(self) -> None:
        """A live picture from the camera while this screen shows (about 10 frames a second)."""
        self._stop_preview()
        stop = threading.Event()
        latest: list[Any] = []
        self._preview_stop = stop
        index = self.table.settings.camera

        def grab() -> None:
            try:
                from companion.dice.camera import open_preview

                try:
                    cap = open_preview(index)
                except ValueError:
                    latest.append(_("No camera found at") + f" {index}.")
                    return
                try:
                    while not stop.is_set():
                        ok, frame = cap.read()
                        if not ok:
                            latest.append(_("The camera stopped sending pictures."))
                            return
                        latest[:] = [frame]
                        stop.wait(0.08)
                finally:
                    cap.release()
            except Exception as exc:  # no camera stack at all is a normal case
                latest.append(str(exc))

        def show(dt: float) -> None:
            if stop.is_set():
                return
            if latest:
                item = latest[-1]
                if isinstance(item, str):
                    self.preview_note.text = item
                    stop.set()
                    return
                self._show_frame(item)
            Clock.schedule_once(show, 0.1)

        threading.Thread(target=grab, daemon=True, name="camera-preview").start()
        Clock.schedule_once(show, 0.1)

    def _stop_preview(self) -> None:
        stop = getattr(self, "_preview_stop", None)
        if stop is not None:
            stop.set()

    def on_pre_leave(self, *args: Any) -> None:
        self._stop_preview()

    def _show_frame(self, frame: Any) -> None:
        from kivy.graphics.texture import Texture

        h, w = frame.shape[:2]
        tex = Texture.create(size=(w, h), colorfmt="bgr")
        tex.blit_buffer(frame[::-1].tobytes(), colorfmt="bgr", bufferfmt="ubyte")
        self.preview.texture = tex
        self.preview_frames = getattr(self, "preview_frames", 0) + 1
        self.preview_note.text = _("Live picture from camera") + f" {self.table.settings.camera}"


class TeachScreen(TableScreen):
    def refresh(self) -> None:
        taught = self.table.settings.camera_profile
        self.ids.current.text = (_("The camera reads with your taught dice:") + f" {taught}" if taught
                                 else _("The camera reads with the built-in profile."))
        if not self.ids.log.text:
            self.ids.log.text = _("Teaching runs in the background: about half a minute for a few "
                                  "photos, longer for many. The game can go on meanwhile.")

    def start_teach(self, folder: str) -> None:
        folder = folder.strip()
        if not folder or not Path(folder).is_dir():
            self.ids.log.text = _("Give a folder that exists.")
            return
        self.ids.progress.value = 5
        self.ids.log.text = _("Learning...")
        lines: list[str] = []

        def log(line: str) -> None:
            lines.append(line)
            Clock.schedule_once(lambda dt: self._progress(lines), 0)

        def work() -> None:
            try:
                from companion.dice.camera import teach_folder

                prof, report = teach_folder(folder, log=log)
                log(report)
                path = self.table.data_dir / "taught-dice.npz"
                prof.save(path)
                saved = str(path)

                def use(dt: float) -> None:  # the camera reads with it from now on
                    self.table.settings.camera_profile = saved
                    self.table.save_settings()

                Clock.schedule_once(use, 0)
                log(_("Saved; the camera now reads with this profile:") + f" {saved}")
            except Exception as exc:
                log(_("Teaching failed:") + f" {exc}")
            Clock.schedule_once(lambda dt: setattr(self.ids.progress, "value", 100), 0)

        threading.Thread(target=work, daemon=True).start()

    def _progress(self, lines: list[str]) -> None:
        self.ids.progress.value = min(95, 5 + 18 * len(lines))
        self.ids.log.text = "\n".join(lines[-12:])


class VictoryScreen(TableScreen):
    def refresh(self) -> None:
        st = self.table.state
        if st is None:
            return
        winner = st.winner.value.title() if st.winner else None
        self.ids.winner.text = (winner + " " + _("win!")) if winner else _("The game is over")
        m = st.medals
        self.ids.score.text = (_("Medals") + f": {_('Allies')} {m[Side.ALLIES]} - "
                               f"{m[Side.AXIS]} {_('Axis')}")
        for side in (Side.ALLIES, Side.AXIS):
            track = self.ids[f"{side.value}_medals"]
            track.won, track.needed = m[side], st.medals_to_win(side)
        game = self.table.game
        if game is not None:  # the log in memory: no store read (a joined tablet has none)
            self.ids.timeline.points = medal_points(list(game.events))
            self.ids.timeline.target = max(st.medals_to_win(Side.ALLIES), st.medals_to_win(Side.AXIS))
        over = [line for line in self.table.log if line.startswith("Game over")]
        self.ids.reason.text = (over[-1] if over else "") + "\n" + _("Turns played:") + f" {st.turn}"


class DashboardScreen(TableScreen):
    """Convention mode: every table on the broker, its scenario, turn and medals."""

    COLUMNS = (("table", 0.14), ("scenario", 0.3), ("turn", 0.1), ("to play", 0.14),
               ("medals", 0.16), ("tablets", 0.16))
    _listening: Any = None

    def watch(self, url: str) -> None:
        self.table.watch_tables(url.strip())

    def refresh(self) -> None:
        t = self.table
        model = t.dashboard
        if model is not None and self._listening is not model:
            self._listening = model
            model.listeners.append(lambda m: Clock.schedule_once(lambda dt: self._maybe_refresh(), 0))
        header = self.ids.header
        if not header.children:
            words = {"table": _("Table"), "scenario": _("Scenario"), "turn": _("Turn"),
                     "to play": _("To play"), "medals": _("Medals"), "tablets": _("Tablets")}
            for key, _w in self.COLUMNS:
                header.add_widget(label(words[key], 18, theme.GOLD, bold=True))
        rows = self.ids.rows
        rows.clear_widgets()
        feed = t._feed
        if t.message:
            self.ids.status.text = t.message
        elif feed is not None:
            online = feed.conn.connected.is_set()
            self.ids.status.text = (_("Connected to the broker.") if online
                                    else _("Waiting for the broker..."))
        else:
            self.ids.status.text = _("Give the broker of the convention and press Watch.")
        table_rows = model.rows() if model is not None else []
        if not table_rows:
            rows.add_widget(label(_("No table has reported yet."), 18, theme.MUTED))
            for _i in range(5):
                rows.add_widget(Label())
        for r in table_rows:
            medals = f"{r.medals[0]} - {r.medals[1]}" + (f"  ({_('of')} {r.to_win[0]})"
                                                          if any(r.to_win) else "")
            who = (r.winner or "").title() + " " + _("won") if r.over else r.active.title()
            colour = theme.TEXT if r.online else theme.MUTED
            for text in (r.table, r.title or r.scenario, str(r.turn), who, medals,
                         f"{r.tablets_online}/{len(r.tablets)}"):
                rows.add_widget(label(text, 20, colour))

    def _maybe_refresh(self) -> None:
        if self.manager is not None and self.manager.current == self.name:
            self.refresh()


# name -> class, in the order the screen manager lists them; ``kv/NAME.kv`` holds each one's
# layout (any other .kv file there is loaded before the first screen)
SCREEN_CLASSES: dict[str, type[TableScreen]] = {
    "start": StartScreen, "board": BoardScreen, "air": AirScreen, "settings": SettingsScreen,
    "teach": TeachScreen, "victory": VictoryScreen, "dashboard": DashboardScreen,
}


def _load_kv(path: Path) -> None:
    if path.is_file() and str(path) not in Builder.files:
        Builder.load_file(str(path))


class CompanionApp(App):
    """The app. ``on_ready`` runs once the first screen is drawn (screenshots, tests): on the
    frame after the first, with what was left for it (the board screen's side panel)."""

    title = "Memoir '44 companion"

    def __init__(self, table: Table, on_ready: Callable[[CompanionApp], Any] | None = None,
                 **kw: Any) -> None:
        super().__init__(**kw)
        self.table = table
        if table.end_guard_s is None:  # a tap on an ending button: the next one waits (turn_guard)
            table.end_guard_s = DEFAULT_GUARD_S
        self.on_ready = on_ready
        self.sm: ScreenManager | None = None
        self.panel = PanelModel()
        self.refreshes = 0
        self._sounds: dict[str, Any] = {}
        self.first_frame_drawn = False
        self._after_first: list[Callable[[], Any]] = []

    def build(self) -> ScreenManager:
        """The first screen only, so that the board is drawn as early as the window allows: its
        ``.kv`` (and ``common.kv``) parsed, its widgets made. The other screens are made when
        first shown (:meth:`screen`), or one per frame once the first frame is drawn (issue 18)."""
        Window.clearcolor = theme.BACKGROUND
        use_wide_font()
        for kv in sorted(KV_DIR.glob("*.kv"), key=lambda p: (p.name != "common.kv", p.name)):
            if kv.stem not in SCREEN_CLASSES:  # shared rules (common.kv): before any screen
                _load_kv(kv)
        self.table.post = lambda fn: Clock.schedule_once(lambda dt: fn(), 0)
        sm = ScreenManager(transition=NoTransition())
        from companion.ui.speech import find_speaker

        sm.speaker = find_speaker()
        self.table.speaker = sm.speaker
        for cls in SCREEN_CLASSES.values():
            cls.table = self.table
        self.sm = sm
        self._add_screen(self.table.screen if self.table.screen in SCREEN_CLASSES else "start")
        self.table.listeners.append(self.refresh)
        Clock.schedule_once(lambda dt: self.refresh(), 0)
        Window.bind(on_flip=self._after_first_frame)
        return sm

    def _add_screen(self, name: str) -> TableScreen:
        """The screen ``name``, made (its ``.kv`` parsed first) if it is not yet."""
        assert self.sm is not None
        if not self.sm.has_screen(name):
            _load_kv(KV_DIR / f"{name}.kv")
            self.sm.add_widget(SCREEN_CLASSES[name](name=name, panel=self.panel))
        screen = self.sm.get_screen(name)
        assert isinstance(screen, TableScreen)
        return screen

    def after_first_frame(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` on the frame after the first one (at once if that was drawn already)."""
        if self.first_frame_drawn:
            fn()
        else:
            self._after_first.append(fn)

    def _after_first_frame(self, *_args: Any) -> None:
        Window.unbind(on_flip=self._after_first_frame)
        self.first_frame_drawn = True
        waiting, self._after_first = self._after_first, []

        def run_waiting(_dt: float) -> None:
            for fn in waiting:
                fn()
            if self.on_ready is not None:  # after what waited for the first frame (the panel)
                self.on_ready(self)
            Clock.schedule_once(self._make_next_screen, 0)

        Clock.schedule_once(run_waiting, 0)

    def _make_next_screen(self, _dt: float = 0) -> None:
        """Make one screen not made yet, then the next one on the next frame (taps stay quick)."""
        sm = self.sm
        if sm is None:
            return
        missing = [name for name in SCREEN_CLASSES if not sm.has_screen(name)]
        if missing:
            self._add_screen(missing[0])
            if len(missing) > 1:
                Clock.schedule_once(self._make_next_screen, 0)

    def refresh(self) -> None:
        sm = self.sm
        if sm is None:
            return
        self.refreshes += 1
        self.panel.update(self.table)
        if self.table.cue:
            cue, self.table.cue = self.table.cue, ""
            if self.table.settings.sound:
                self.play(cue)
        if sm.current != self.table.screen:
            if self.table.screen in SCREEN_CLASSES:
                self._add_screen(self.table.screen)
            sm.current = self.table.screen
        screen = sm.current_screen
        if isinstance(screen, TableScreen):
            screen.refresh()

    def play(self, cue: str) -> None:
        """Play a short tone for ``cue``; silent when the device has no audio."""
        from companion.ui.speech import TONES, write_tone

        if cue not in self._sounds:
            sound = None
            try:
                from kivy.core.audio import SoundLoader

                path = self.table.data_dir / f"sound-{cue}.wav"
                if not path.exists():
                    write_tone(str(path), TONES[cue])
                sound = SoundLoader.load(str(path))
            except Exception:  # no audio is a normal case (tests, some tablets)
                sound = None
            self._sounds[cue] = sound
        sound = self._sounds.get(cue)
        if sound is not None:
            try:
                sound.play()
            except Exception:
                self._sounds[cue] = None

    def screen(self, name: str) -> TableScreen:
        """The screen ``name`` (made now if it was not yet)."""
        return self._add_screen(name)

    def on_stop(self) -> None:
        self.table.close()
