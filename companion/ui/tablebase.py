"""What the parts of the app's :class:`~companion.ui.controller.Table` share: the player's
settings, what the board flashes, the air unit being flown, and :class:`TableBase`, the fields
of a table and the methods one part calls on another (for the type checker; the parts are
:mod:`~companion.ui.lifecycle`, :mod:`~companion.ui.board_input` and
:mod:`~companion.ui.air_input`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.game.client import GameClient
from companion.game.legal import LegalActions
from companion.game.narrate import Narrator
from companion.game.prompts import Prompt
from companion.game.session import GameSession
from companion.game.state import GameState
from companion.rules.board import Side
from companion.rules.records import dataclass, fields
from companion.store import GameStore
from companion.ui import dicesources


@dataclass
class Settings:
    """The player's choices, kept in the data folder."""

    dice: str = "sim"  # manual | sim | serial[:PORT] | mqtt[:URL] | camera:INDEX
    sound: bool = True
    speak: bool = False  # read prompts aloud when a speech engine is present
    hex_labels: bool = True  # the hex names (A1...) printed on the board
    air_rules: str = "scenario"  # scenario | none | air-pack | flight-plan
    mqtt_url: str = ""  # empty: the embedded broker
    serial_port: str = ""  # empty: find the tray by its USB id
    camera: str = "0"
    camera_profile: str = ""  # a profile taught from the player's own dice (teach screen)
    language: str = "en"
    # Dice read by a camera or a tray are shown for review before they apply (a die can be
    # changed, hits and flags overridden): on by default for the camera, a choice for a tray
    review_camera: bool = True
    review_tray: bool = False
    # A synced table (as `companion sync host|join` takes it, docs/sync.md)
    table_broker: str = "mqtt://127.0.0.1:1883"  # mqtt[s]://[USER:PASS@]HOST[:PORT]
    table_id: str = ""  # a-z, 0-9, -
    tablet_id: str = ""  # this tablet's id at the table (empty: from the machine's name)
    table_side: str = "both"  # the side this tablet plays at a table: allies | axis | both
    table_user: str = ""  # or in the URL, or COMPANION_MQTT_USER
    table_password_file: str = ""  # or in the URL, or COMPANION_MQTT_PASSWORD
    table_tls_ca: str = ""  # a CA certificate: connect with TLS
    table_key_file: str = ""  # the table's key (companion sync acl writes one per table)
    table_anonymous: bool = False  # a broker on another machine without credentials

    @classmethod
    def load(cls, path: Path) -> Settings:
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            return cls()
        known = {f.name: f.type for f in fields(cls)}
        kept = {k: v for k, v in data.items() if k in known} if isinstance(data, dict) else {}
        try:
            return cls(**kept)
        except TypeError:
            return cls()

    def save(self, path: Path) -> None:
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(self), indent=1), "utf-8")
        tmp.replace(path)


@dataclass
class Flash:
    """Hits and flags to show on the board after a battle."""

    hex: str
    hits: int
    flags: int
    eliminated: bool


@dataclass(frozen=True)
class Flyer:
    """The air unit whose flight is being built: on the board, or deployed onto an occupied hex
    and entering with its move (the entry hex is then the first hex of its path)."""

    id: str
    side: Side
    start: str  # hex name: where it is, or its entry hex
    moved: int
    ammo: dict[str, int]
    airborne: bool
    entering: bool = False



class TableBase:
    """The fields every part of a table reads (declared with their defaults on
    :class:`~companion.ui.controller.Table`)."""

    store: GameStore
    settings: Settings
    post: Callable[[Callable[[], None]], None]
    sim_delay: float
    game: GameClient | None
    session: GameSession | None
    link: Any
    shown_seq: int
    shown_to_act: str | None
    screen: str
    selected: str | None
    last_hex: str | None
    picked: list[str]
    landed: list[str]
    arriving: list[str]
    message: str
    log: list[str]
    _narrator: Narrator
    flash: Flash | None
    dice_shown: list[Any]
    dice_source_name: str
    listeners: list[Callable[[], None]]
    cue: str
    dashboard: Any
    _feed: Any
    speaker: Callable[[str], None] | None
    _source: dicesources.OpenSource | None
    _desk: Any
    _spoken: str
    _ui_thread: int
    _prompt_cache: tuple[tuple[int, int], Prompt | None] | None
    _acting: bool
    resyncs: int
    # Air actions being built by taps (nothing is sent before the player says so)
    flight: list[str]
    markers: dict[str, str]
    air_card: str | None
    with_sortie: bool
    sortie_hex: str | None
    deploy_unit: str | None
    deploy_hex: str | None
    tool: str | None
    tool_unit: str | None
    tool_hexes: list[str]
    tool_count: int
    # No lost turns (companion.ui.turn_guard)
    end_guard_s: float | None
    clock: Callable[[], float]
    _guard_from: float
    _guard_key: Any
    guard_dropped: int
    _last_tap: tuple[str, float] | None
    confirm: Any
    _namer_cache: Any
    refusal: list[str]

    if TYPE_CHECKING:  # methods one part calls on another, defined in the part named
        # air_input
        def _air_buttons(self, p: Prompt) -> list[tuple[str, dict[str, Any]]]: ...
        def _card_name(self) -> str: ...
        def _entering_units(self) -> list[tuple[str, str]]: ...
        def _entry_tap(self, hex_name: str) -> bool: ...
        def _flight_buttons(self) -> list[tuple[str, dict[str, Any]]]: ...
        def _flight_tap(self, hex_name: str, unit: Any, p: Prompt) -> bool: ...
        def _is_air(self, unit_id: str | None) -> bool: ...
        def _tool_buttons(self, p: Prompt) -> list[tuple[str, dict[str, Any]]]: ...
        def _tool_tap(self, hex_name: str, unit: Any) -> bool: ...
        def _ui_step(self, ui: str, action: dict[str, Any]) -> bool: ...
        def clear_air(self) -> None: ...
        def entry_hexes(self) -> list[str]: ...
        def flight_next(self) -> list[str]: ...
        def flyer(self) -> Flyer | None: ...
        def moves_left(self) -> int: ...
        def needs_sortie_hex(self) -> bool: ...
        def order_action(self, section: str | None=None) -> dict[str, Any]: ...
        def recon_cards(self) -> list[str]: ...
        def tool_choices(self) -> list[str]: ...
        # board_input
        def generic_action(self, do: str) -> dict[str, Any]: ...
        # turn_guard
        def guard_takes(self, action: dict[str, Any]) -> bool: ...
        def guard_seconds(self) -> float: ...
        def guard_watch(self) -> None: ...
        def refused(self, reason: str, action: dict[str, Any]) -> None: ...
        def ask_first(self, action: dict[str, Any]) -> bool: ...
        def unit_words(self, unit_id: str | None) -> str: ...
        def said(self, unit_id: str | None) -> str: ...
        def said_kind(self, unit_id: str) -> str: ...
        def said_objective(self, objective_id: str) -> str: ...
        def words(self, text: str, units: list[str] | tuple[str, ...] = ()) -> str: ...
        # lifecycle
        def _after_change(self) -> None: ...
        def _not_mine(self) -> bool: ...
        def act(self, action: dict[str, Any], *, any_side: bool=False) -> bool: ...
        def legal(self) -> LegalActions | None: ...
        def prompt(self) -> Prompt | None: ...
        @property
        def state(self) -> GameState | None: ...
        def to_act(self) -> str | None: ...
