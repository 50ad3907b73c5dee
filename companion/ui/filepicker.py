"""Choosing a scenario file to import: the system picker on Android (plyer), Kivy's own file
chooser elsewhere. Either way the path chosen is handed to ``on_chosen``; cancelling hands
nothing and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.utils import platform

from companion.ui import theme
from companion.ui.i18n import _

PATTERNS = ("*.m44", "*.json")  # the scenario editor's files and the project's own format


def system_picker() -> Any | None:
    """plyer's file chooser on Android (the system's document picker), else None."""
    if platform != "android":
        return None
    try:
        from plyer import filechooser  # type: ignore[import-not-found]
    except ImportError:
        return None
    return filechooser


def start_folder(last: str | None = None) -> str:
    """Where the chooser opens: the folder of the last file chosen, else Downloads or home."""
    for candidate in (Path(last).expanduser().parent if last else None,
                      Path.home() / "Downloads", Path.home()):
        if candidate is not None and candidate.is_dir():
            return str(candidate)
    return str(Path.cwd())


class FilePicker(ModalView):
    """Kivy's list file chooser in a window over the start screen, scenario files only."""

    def __init__(self, on_chosen: Callable[[str], Any], folder: str, **kw: Any) -> None:
        super().__init__(size_hint=(0.9, 0.9), auto_dismiss=True, **kw)
        from kivy.uix.filechooser import FileChooserListView

        self.on_chosen = on_chosen
        box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8))
        box.add_widget(Label(text=_("Choose a scenario file (.m44 or .json)"), font_size="20sp",
                             size_hint_y=None, height=dp(40), color=theme.TEXT))
        self.chooser = FileChooserListView(path=folder, filters=list(PATTERNS))
        self.chooser.bind(on_submit=lambda _w, sel, _t: self.choose(sel))
        box.add_widget(self.chooser)
        row = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(8))
        self.open_button = Button(text=_("Import and play"), font_size="18sp")
        self.open_button.bind(on_release=lambda *_a: self.choose(self.chooser.selection))
        cancel = Button(text=_("Cancel"), font_size="18sp")
        cancel.bind(on_release=lambda *_a: self.dismiss())
        row.add_widget(self.open_button)
        row.add_widget(cancel)
        box.add_widget(row)
        self.add_widget(box)

    def choose(self, selection: list[str]) -> None:
        """A file chosen (a double tap on it, or Import): close and hand its path on."""
        files = [s for s in selection if Path(s).is_file()]
        if not files:
            return  # a folder or nothing: the chooser stays open
        self.dismiss()
        self.on_chosen(files[0])


def pick_scenario(on_chosen: Callable[[str], Any], last: str | None = None) -> Any:
    """Open the picker for this platform; ``on_chosen(path)`` runs on Kivy's thread."""
    system = system_picker()
    if system is not None:
        def chosen(selection: list[str] | None) -> None:
            if selection:
                Clock.schedule_once(lambda _dt: on_chosen(str(selection[0])), 0)
        system.open_file(on_selection=chosen, filters=[["Scenario", *PATTERNS]])
        return system
    picker = FilePicker(on_chosen, start_folder(last))
    picker.open()
    return picker
