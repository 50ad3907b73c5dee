"""The tablet's table logic without Kivy: what a tap means now, dice requests, resume, sync.

The Kivy screens render a :class:`Table` and forward taps to it. The table is made of four
parts, each in its own module:

- :mod:`companion.ui.lifecycle`: new game, resume, host or join a synced table, the store, the
  dice sources; every action goes to the game through one
  :class:`~companion.game.client.GameClient` (a local game, or a synced table).
- :mod:`companion.ui.board_input`: taps, drags and panel buttons turned into actions, with the
  options read from the game's legal actions only.
- :mod:`companion.ui.air_input`: flight paths, ammo markers, entry hexes, strafing and card
  targets built by taps (rule questions behind :mod:`companion.ui.ruleslookup`).
- :mod:`companion.ui.turn_guard`: no lost turns (a double tap on an ending button counts
  once; ending with units that could still move or battle asks first) and units named in
  players' words.
- :mod:`companion.ui.panel`: the view model (Kivy properties) the screens bind to.

:mod:`companion.ui.tablebase` holds what they share (the settings, the fields).

Everything here runs on the UI thread; a dice source's callback and a synced table's updates
are handed to ``post`` (the Kivy clock in the app, a direct call in tests) before they touch
the table.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.game.client import GameClient
from companion.game.narrate import Narrator
from companion.game.prompts import Prompt
from companion.game.session import GameSession
from companion.rules.records import dataclass, field
from companion.store import GameStore
from companion.ui import dicesources
from companion.ui.air_input import AMMO_WORDS, SPECIAL_WORDS, TOOLS, AirInput
from companion.ui.board_input import BUTTON_ACTIONS, BoardInput
from companion.ui.lifecycle import SCREENS, SETTINGS_FILE, STATE_FILE, TableLifecycle
from companion.ui.ruleslookup import SPECIAL_ACTIONS
from companion.ui.tablebase import Flash, Flyer, Settings
from companion.ui.turn_guard import Confirm, TurnGuard

__all__ = ["AMMO_WORDS", "BUTTON_ACTIONS", "SCREENS", "SETTINGS_FILE", "SPECIAL_ACTIONS",
           "SPECIAL_WORDS", "STATE_FILE", "TOOLS", "Flash", "Flyer", "Settings", "Table"]


@dataclass
class Table(TableLifecycle, BoardInput, AirInput, TurnGuard):
    """One tablet's view of the table: a game client, a dice source and what the screens show."""

    store: GameStore
    settings: Settings = field(default_factory=Settings)
    post: Callable[[Callable[[], None]], None] = lambda fn: fn()
    sim_delay: float = 0.8
    game: GameClient | None = None  # the game shown: a LocalGame, or a SyncedGame at a table
    session: GameSession | None = None  # the session on this device (local or hosted), if any
    link: Any = None  # companion.sync.table.TableSync when this tablet hosts or joins a table
    shown_seq: int = 0  # the state id the screens last showed: actions are sent for it
    shown_to_act: str | None = None  # ... and the other side that was to play in it, if any
    screen: str = "start"
    selected: str | None = None  # a unit picked on the board (mover or attacker)
    last_hex: str | None = None  # the hex tapped last (fills actions the app knows only by name)
    picked: list[str] = field(default_factory=list)  # units picked for orders
    landed: list[str] = field(default_factory=list)  # hexes tapped for a step answered by hexes
    # hexes tapped for units the order brings onto the board (Armor Breakthrough, paradrops)
    arriving: list[str] = field(default_factory=list)
    message: str = ""  # the last refusal or note, in plain words
    log: list[str] = field(default_factory=list)
    _narrator: Narrator = field(default_factory=Narrator)  # names units in the log's words
    flash: Flash | None = None
    dice_shown: list[Any] = field(default_factory=list)  # the dice as last read
    dice_source_name: str = ""
    listeners: list[Callable[[], None]] = field(default_factory=list)
    cue: str = ""  # a sound to play once: "dice", "medal" or "over" (the app clears it)
    dashboard: Any = None  # companion.sync.dashboard.DashboardModel once tables are watched
    _feed: Any = None
    speaker: Callable[[str], None] | None = None
    _source: dicesources.OpenSource | None = None
    _desk: Any = None  # companion.dice.desk.DiceDesk: the source bound to this game
    _spoken: str = ""
    _ui_thread: int = field(default_factory=threading.get_ident)  # the thread that made it
    _prompt_cache: tuple[tuple[int, int], Prompt | None] | None = None  # a table's prompt, by state id
    _acting: bool = False  # an action is on its way to the game
    resyncs: int = 0  # stale refusals this tablet caught up from (a joined table)
    # Air actions being built by taps (nothing is sent before the player says so)
    flight: list[str] = field(default_factory=list)  # the selected air unit's path, hex by hex
    markers: dict[str, str] = field(default_factory=dict)  # path hex -> machine_gun / bomb
    air_card: str | None = None  # New Flight Plan: an Air Combat card beside the command card
    with_sortie: bool = False  # Air Pack: the Air Sortie card joins the section card
    sortie_hex: str | None = None  # Air Pack: the edge hex where a fresh airplane enters
    deploy_unit: str | None = None  # New Flight Plan: an air unit off the board to deploy
    deploy_hex: str | None = None
    tool: str | None = None  # strafe / kamikaze / rescue / unload: the next taps pick its hexes
    tool_unit: str | None = None
    tool_hexes: list[str] = field(default_factory=list)
    tool_count: int = 0  # hexes the tool needs, when it says (a train's units getting off)
    # No lost turns (companion.ui.turn_guard): an ending button ignores taps for end_guard_s
    # seconds after the game changed under it and after its own press (None: the front end's
    # default; the app uses turn_guard.DEFAULT_GUARD_S, a table without an app none)
    end_guard_s: float | None = None
    clock: Callable[[], float] = time.monotonic
    _guard_from: float = -1e9
    _guard_key: Any = None
    guard_dropped: int = 0  # taps the guard dropped: on an ending button, or a hex's echo
    _last_tap: tuple[str, float] | None = None  # the last hex tap that did something, and when
    confirm: Confirm | None = None  # a question before ending with something left undone
    _namer_cache: Any = None
    refusal: list[str] = field(default_factory=list)  # every problem of the last refusal

    @classmethod
    def open(cls, data_dir: Path | str | None = None, **kw: Any) -> Table:
        """The table of the data folder ``data_dir`` (default: the user's), with its settings."""
        store = GameStore(data_dir)
        settings = Settings.load(store.data_dir / SETTINGS_FILE)
        return cls(store, settings, **kw)
