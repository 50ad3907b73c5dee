"""The tablet's table logic without Kivy: what a tap means now, dice requests, resume.

The Kivy screens render a :class:`Table` and forward taps to it; the table turns them into
session actions (``companion/game/session.py``) and keeps what the screens show: the prompt,
the selected unit, the hexes to highlight, the last refusal in plain words, the game log.
Everything here runs on the UI thread; a dice source's callback is handed to ``post`` (the
Kivy clock in the app, a direct call in tests) before it touches the session.
"""

from __future__ import annotations

import contextlib
import json
import logging
import zlib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from companion.dice.base import DiceResult
from companion.game import airflow
from companion.game.events import Event
from companion.game.legal import LegalActions
from companion.game.narrate import describe
from companion.game.prompts import Prompt
from companion.game.session import GameSession, IllegalAction
from companion.game.state import GameState
from companion.rules import cards as card_rules
from companion.rules import victory
from companion.rules.air.aircraft import AIRPACK_MODELS, AirAction
from companion.rules.board import Side
from companion.scenarios import AirRules, Scenario, ScenarioError, resolve
from companion.store import GameStore, StoreError
from companion.ui import dicesources
from companion.ui.i18n import _

log = logging.getLogger("companion.ui")

SCREENS: tuple[str, ...] = ("start", "board", "air", "settings", "teach", "victory", "dashboard")
SETTINGS_FILE = "app-settings.json"
STATE_FILE = "app-state.json"
# Actions that need no more than a button press: the button's words.
BUTTON_ACTIONS: dict[str, str] = {
    "end_moves": "Done moving",
    "end_turn": "End turn",
    "apply_dice": "Apply the dice",
    "undo": "Undo",
}
_BUTTON_WORDS = (_("Done moving"), _("End turn"), _("Apply the dice"), _("Undo"), _("Take ground"),
                 _("Stay"))
AMMO_WORDS: dict[str, str] = {"machine_gun": _("machine gun"), "bomb": _("bomb")}
# Air Pack special actions, by the session's action name
SPECIAL_ACTIONS: dict[str, AirAction] = {
    "strafe": AirAction.STRAFING, "kamikaze": AirAction.KAMIKAZE, "rescue": AirAction.RESCUE,
    "ground_support": AirAction.GROUND_SUPPORT, "interdiction": AirAction.GROUND_INTERDICTION,
    "recon": AirAction.RECON,
}
# Special actions whose hexes or target are picked on the board before they are sent
TOOLS: dict[str, str] = {
    "strafe": _("tap 1 to 3 hexes next to it, in a row, then Strafe"),
    "kamikaze": _("tap the enemy ground unit next to it it dives on"),
    "rescue": _("tap the one-figure infantry unit next to it to lift out"),
    "card_attack": _("tap the enemy units it attacks, then Attack"),
}
SPECIAL_WORDS: dict[str, str] = {
    "strafe": _("Strafe"), "kamikaze": _("Kamikaze"), "rescue": _("Rescue"),
    "ground_support": _("Ground support"), "interdiction": _("Ground interdiction"),
    "recon": _("Recon (draw 2 cards, keep 1)"),
}


@dataclass
class Settings:
    """The player's choices, kept in the data folder."""

    dice: str = "sim"  # manual | sim | serial[:PORT] | mqtt[:URL] | camera:INDEX
    sound: bool = True
    speak: bool = False  # read prompts aloud when a speech engine is present
    air_rules: str = "scenario"  # scenario | none | air-pack | flight-plan
    mqtt_url: str = ""  # empty: the embedded broker
    serial_port: str = ""  # empty: find the tray by its USB id
    camera: str = "0"
    camera_profile: str = ""  # a profile taught from the player's own dice (teach screen)
    language: str = "en"

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


@dataclass
class Flash:
    """Hits and flags to show on the board after a battle."""

    hex: str
    hits: int
    flags: int
    eliminated: bool


@dataclass
class Table:
    """One tablet's view of the table: a session, a dice source and what the screens show."""

    store: GameStore
    settings: Settings = field(default_factory=Settings)
    post: Callable[[Callable[[], None]], None] = lambda fn: fn()
    sim_delay: float = 0.8
    session: GameSession | None = None
    screen: str = "start"
    selected: str | None = None  # a unit picked on the board (mover or attacker)
    last_hex: str | None = None  # the hex tapped last (fills actions the app knows only by name)
    picked: list[str] = field(default_factory=list)  # units picked for orders
    message: str = ""  # the last refusal or note, in plain words
    log: list[str] = field(default_factory=list)
    flash: Flash | None = None
    dice_shown: list[Any] = field(default_factory=list)  # the dice as last read
    dice_source_name: str = ""
    listeners: list[Callable[[], None]] = field(default_factory=list)
    cue: str = ""  # a sound to play once: "dice", "medal" or "over" (the app clears it)
    dashboard: Any = None  # companion.sync.dashboard.DashboardModel once tables are watched
    _feed: Any = None
    speaker: Callable[[str], None] | None = None
    _source: dicesources.OpenSource | None = None
    _requested: str | None = None  # the rid asked of the source
    _spoken: str = ""
    # Air actions being built by taps (nothing is sent before the player says so)
    flight: list[str] = field(default_factory=list)  # the selected air unit's path, hex by hex
    markers: dict[str, str] = field(default_factory=dict)  # path hex -> machine_gun / bomb
    air_card: str | None = None  # New Flight Plan: an Air Combat card beside the command card
    with_sortie: bool = False  # Air Pack: the Air Sortie card joins the section card
    sortie_hex: str | None = None  # Air Pack: the edge hex where a fresh airplane enters
    deploy_unit: str | None = None  # New Flight Plan: an air unit off the board to deploy
    deploy_hex: str | None = None
    tool: str | None = None  # strafe / kamikaze / rescue: the next taps pick its hexes
    tool_unit: str | None = None
    tool_hexes: list[str] = field(default_factory=list)

    # --- files ---------------------------------------------------------------------------
    @property
    def data_dir(self) -> Path:
        return self.store.data_dir

    def save_settings(self) -> None:
        self.settings.save(self.data_dir / SETTINGS_FILE)

    def _save_state(self) -> None:
        data = {"game_id": self.session.game_id if self.session else None, "screen": self.screen}
        path = self.data_dir / STATE_FILE
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data), "utf-8")
        tmp.replace(path)

    def _load_state(self) -> dict[str, Any]:
        try:
            data = json.loads((self.data_dir / STATE_FILE).read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    # --- lifecycle -----------------------------------------------------------------------
    @classmethod
    def open(cls, data_dir: Path | str | None = None, **kw: Any) -> Table:
        store = GameStore(data_dir)
        settings = Settings.load(store.data_dir / SETTINGS_FILE)
        return cls(store, settings, **kw)

    def restore(self) -> bool:
        """Resume the latest unfinished game on the screen it was on; False if there is none."""
        latest = self.store.latest_game("playing")
        if latest is None:
            self.screen = "start"
            return False
        try:
            self._attach(GameSession.resume(self.store, latest.id))
        except Exception as exc:  # a damaged save must not stop the app from starting
            log.exception("resuming %s failed", latest.id)
            self.session = None
            self.message = _("The saved game could not be resumed:") + f" {exc}"
            self.screen = "start"
            return False
        saved = self._load_state()
        screen = saved.get("screen") if saved.get("game_id") == latest.id else None
        self.screen = screen if screen in SCREENS and screen != "start" else "board"
        if self.session is not None and self.session.over:
            self.screen = "victory"
        self._after_change()
        return True

    def watch_tables(self, url: str) -> bool:
        """Convention mode: follow every table on the broker at ``url`` (the dashboard screen)."""
        from companion.sync.connection import BrokerConfig
        from companion.sync.dashboard import DashboardFeed, DashboardModel

        if self._feed is not None:
            self._feed.close()
            self._feed = None
        if self.dashboard is None:
            self.dashboard = DashboardModel()
        try:
            config = BrokerConfig.from_url(url, allow_anonymous=True)
            self._feed = DashboardFeed(config, self.dashboard).start()
        except Exception as exc:  # a broker that is not there is a message
            self.message = _("Cannot watch the tables on") + f" {url}: {exc}"
            self._after_change()
            return False
        self.message = ""
        self._after_change()
        return True

    def close(self) -> None:
        if self._feed is not None:
            self._feed.close()
            self._feed = None
        if self._source is not None:
            self._source.close()
            self._source = None
        self.store.close()

    def new_game(self, scenario: Scenario | str, air_rules: str | None = None,
                 dice: str | None = None, seed: int | None = None,
                 deck_seed: int | None = None) -> bool:
        """Start a game; False (with :attr:`message`) when the scenario cannot be played."""
        try:
            sc = resolve(scenario) if isinstance(scenario, str) else scenario
        except (ScenarioError, OSError, ValueError) as exc:
            self.message = str(exc)
            self._after_change()
            return False
        air = air_rules if air_rules is not None else self.settings.air_rules
        if air == "none":
            sc.air.rules = None
        elif air in ("air-pack", "flight-plan"):
            sc.air.rules = AirRules(air)
        if dice is not None:
            self.settings.dice = dice
        options: dict[str, Any] = {"dice": self.settings.dice, "air_rules": air, "app": True}
        if seed is not None:
            options["seed"] = seed
        try:
            session = GameSession.new(sc, self.store, options=options, deck_seed=deck_seed)
        except (ScenarioError, StoreError, ValueError) as exc:
            self.message = _("This scenario cannot be played:") + f" {exc}"
            self._after_change()
            return False
        self.log = []
        self._attach(session)
        self.screen = "board"
        self.message = ""
        self._after_change()
        return True

    def resume(self, game_id: str) -> bool:
        try:
            session = GameSession.resume(self.store, game_id)
        except Exception as exc:  # a damaged save is a message, not a crash
            log.exception("resuming %s failed", game_id)
            self.message = _("The saved game could not be resumed:") + f" {exc}"
            self._after_change()
            return False
        self._attach(session)
        self.screen = "victory" if session.over else "board"
        self._after_change()
        return True

    def _attach(self, session: GameSession) -> None:
        if self._source is not None:
            self._source.close()
            self._source = None
        self._requested = None
        self.session = session
        session.settle()
        stored = session.store.events(session.game_id) if session.store else []
        events = [Event(e.seq, e.kind, e.data) for e in stored] or [session.log.start]
        self.log = [describe(e) for e in events][-200:]
        session.listeners.append(self._on_event)
        self.selected, self.picked, self.flash, self.dice_shown = None, [], None, []
        self.open_dice_source(self.settings.dice)

    def open_dice_source(self, spec: str) -> None:
        """Switch the dice source (settings); a waiting request is asked again of the new one."""
        if self._source is not None:
            self._source.close()
        self._requested = None
        seed = None
        if self.session is not None and isinstance(self.session.state.options.get("seed"), int):
            # a seeded game throws the same simulated dice again (demos, tests)
            seed = zlib.crc32(f"{self.session.state.options['seed']}:{self.session.state.rolls}".encode())
        self._source = dicesources.open_source(spec, sim_delay=self.sim_delay, seed=seed,
                                               profile=self.settings.camera_profile or None)
        self.settings.dice = self._source.spec
        self.dice_source_name = dicesources.describe(self._source.spec)
        if self._source.note:
            self.message = self._source.note
        self._ask_dice()  # dice already due are asked of the new source

    # --- listeners -----------------------------------------------------------------------
    def _on_event(self, ev: Event, st: GameState) -> None:
        self.log.append(describe(ev))
        del self.log[:-200]
        if ev.kind == "battle_resolved":
            d = ev.data
            self.flash = Flash(d["target_hex"], d["hits"], d["flags"] - d["flags_ignored"],
                               d["eliminated"])
        elif ev.kind == "dice_read":
            self.dice_shown = list(ev.data["faces"])
            self.cue = self.cue or "dice"
        elif ev.kind == "medal_won":
            self.cue = "medal"
        elif ev.kind == "battle_declared":
            self.flash, self.dice_shown = None, []
        elif ev.kind == "game_over" and self.session is not None:
            self.screen = "victory"
            self.cue = "over"
            with contextlib.suppress(StoreError):
                self.store.set_status(self.session.game_id, "over", ev.data.get("winner"))

    def _after_change(self) -> None:
        """After anything changed: ask for due dice, switch to victory, save, tell the screens."""
        s = self.session
        if s is not None:
            self._ask_dice()
            p = s.prompt()
            if self.speaker is not None and self.settings.speak and p.text != self._spoken:
                self._spoken = p.text
                self.speaker(p.text)
        self._save_state()
        for fn in list(self.listeners):
            fn()

    # --- reading the state -----------------------------------------------------------------
    @property
    def state(self) -> GameState | None:
        return self.session.state if self.session else None

    def prompt(self) -> Prompt | None:
        return self.session.prompt() if self.session else None

    def prompt_line(self) -> str:
        """Who does what next, in plain words."""
        p = self.prompt()
        if p is None:
            return _("Choose a scenario to start a game.")
        if p.kind == "dice" and p.dice is not None:
            st = self.state
            text = p.text
            if st is not None and p.dice.thrower != st.active.value:  # the opponent throws
                own = f"{p.dice.thrower.title()}: "
                text = p.dice.thrower.upper() + " " + _("PLAYER, YOUR THROW:") + " " + \
                    (text[len(own):] if text.startswith(own) else text)
            if self.is_confirmation():  # a second roll, not a new battle
                text = _("CONFIRMATION ROLL.") + " " + text
            return text + " " + _("Waiting for dice from:") + f" {self.dice_source_name}."
        if self.tool == "card_attack":
            return f"{self._card_name()}: {TOOLS[self.tool]}."
        if self.tool and self.tool_unit:
            return f"{SPECIAL_WORDS.get(self.tool, self.tool)} ({self.tool_unit}): {TOOLS[self.tool]}."
        if p.kind == "move" and self.selected and self._is_air(self.selected):
            left = self.moves_left()
            if not self.flight:
                return f"{self.selected}: " + _("tap the hexes it flies over, one at a time, up to") + \
                    f" {left}; " + _("then Fly.")
            return f"{self.selected}: " + _("path") + f" {' > '.join(self.flight)}" + \
                (f" ({_('tap a lit hex to go on')}, {_('tap the last hex to take it back')})"
                 if len(self.flight) < left else f" ({_('all its movement')})")
        if p.kind == "play_card" and (self.air_card or self.with_sortie):
            extra = [self.air_card] if self.air_card else []
            if self.with_sortie:
                extra.append(_("the Air Sortie card (with a Section card)"))
            return p.text + " " + _("With it:") + " " + ", ".join(extra) + "."
        if p.kind == "order" and self.needs_sortie_hex() and not self.sortie_hex:
            return p.text + " " + _("Tap the edge hex (blue) where the Air Sortie's airplane enters.")
        if p.kind == "order" and self.deploy_unit and not self.deploy_hex:
            return _("Tap the hex (blue) where") + f" {self.deploy_unit} " + _("enters.")
        if p.kind in ("move", "battle") and self.selected and not self._reach_or_targets(self.selected):
            return f"{self.selected}: " + (_("it cannot move anywhere now; pick another unit.")
                                           if p.kind == "move" else
                                           _("no enemy it may battle; pick another unit or end the turn."))
        if p.kind == "move" and self.selected:
            return f"{self.selected}: " + _("tap the lit hex where it goes, or drag it there.")
        if p.kind == "battle" and self.selected:
            return f"{self.selected}: " + _("tap the enemy it battles (red outline; the dice are shown).")
        if p.kind == "order" and self.picked:
            return p.text + " " + _("Picked:") + " " + ", ".join(self.picked)
        return p.text

    def highlights(self) -> dict[str, str]:
        """Hex name -> why it is lit: ``choice`` (tap me), ``target``, ``reach``, ``picked``,
        ``selected``, ``battle``."""
        out: dict[str, str] = {}
        st, p = self.state, self.prompt()
        if st is None or p is None:
            return out
        for h in p.highlight:
            out[h] = "battle" if p.kind == "dice" else "choice"
        name = st.hex_name
        if p.kind == "order":
            for uid in self.picked:
                if uid in st.position.units:
                    out[name(st.position.units[uid].hex)] = "picked"
        if p.kind == "order":
            for h in self.entry_hexes():
                out[h] = "entry"
            for chosen in (self.sortie_hex, self.deploy_hex):
                if chosen:
                    out[chosen] = "selected"
        if self.tool and (self.tool == "card_attack" or self.tool_unit in st.position.units):
            for h in self.tool_choices():
                out[h] = "target" if self.tool != "strafe" else "choice"
            for h in self.tool_hexes:
                out[h] = "selected"
            return out
        flyer = self.flyer() if p.kind == "move" else None
        if flyer is not None:
            for h in self.flight_next():
                out[h] = "reach"
            out[flyer.start] = "selected"
            return out
        legal = self.legal()
        if self.selected and self.selected in st.position.units and legal is not None:
            if p.kind == "move":
                for dest in legal.moves(self.selected):
                    out[dest] = "reach"
            elif p.kind == "battle":
                for t in legal.targets(self.selected):
                    out[t.hex] = "target"
            out[name(st.position.units[self.selected].hex)] = "selected"
        return out

    def legal(self) -> LegalActions | None:
        """What may be done now (the session's one answer), or None without a game."""
        return self.session.legal() if self.session else None

    def _reach_or_targets(self, unit_id: str) -> list[str]:
        """Hexes a unit may move to (move phase) or enemies it may battle (battle phase)."""
        st, p, legal = self.state, self.prompt(), self.legal()
        if st is None or p is None or legal is None or unit_id not in st.position.units:
            return []
        if p.kind == "move":
            return list(legal.moves(unit_id))
        if p.kind == "battle":
            return [t.target for t in legal.targets(unit_id)]
        return []

    def target_dice(self) -> dict[str, int]:
        """Hex name -> dice the selected attacker would throw there (shown on targets)."""
        p, legal = self.prompt(), self.legal()
        if legal is None or p is None or p.kind != "battle" or not self.selected:
            return {}
        return {t.hex: t.dice for t in legal.targets(self.selected)}

    def medals(self) -> dict[str, tuple[int, int]]:
        """Side -> (medals now, medals to win)."""
        st = self.state
        if st is None:
            return {}
        m = st.medals
        return {s.value: (m[s], st.medals_to_win(s)) for s in (Side.ALLIES, Side.AXIS)}

    def objective_holders(self) -> dict[str, str]:
        """Objective id -> the side that holds it now (its medal counts for that side)."""
        st = self.state
        if st is None:
            return {}
        out: dict[str, str] = {}
        for o in st.objectives:
            side: Side | None = None
            try:
                kind = o.kind.value
                if kind == "temporary":
                    side = victory.temporary_holder(st.position, o)
                elif kind == "temporary_majority":
                    side = victory.majority_holder(st.position, o.hexes, o.majority)
                elif kind == "permanent":
                    side = st.ledger.permanent.get(o.id)
                elif kind == "last_to_occupy":
                    side = st.ledger.last_occupant.get(o.id, o.initial)
            except (AttributeError, ValueError):
                side = None
            if side is not None and o.claimable_by(side):
                out[o.id] = side.value
        return out

    def objective_lines(self) -> list[str]:
        st = self.state
        if st is None:
            return []
        out = []
        held = self.objective_holders()
        for o in st.scenario.objectives:
            who = " / ".join(s.value.title() for s in o.sides)
            label = o.label or o.id
            worth = _("wins the game") if o.kind.value == "sudden_death" else \
                f"{o.medals} " + (_("medal") if o.medals == 1 else _("medals"))
            now = f" - {_('held by')} {held[o.id].title()}" if o.id in held else ""
            out.append(f"{label} ({', '.join(o.hexes)}): {who}, {worth}{now}")
        for x in st.scenario.exits:
            out.append(_("Exit") + f" {x.hex}: {x.side.value.title()}, {x.medals} " + _("medal"))
        return out

    def card_choices(self) -> list[tuple[str, str]]:
        """Cards the active side may say it plays: its virtual hand, else every card type."""
        st, p = self.state, self.prompt()
        if st is None or p is None or p.kind != "play_card":
            return []
        if p.choices:
            return [(c.key, c.label) for c in p.choices]
        air = st.scenario.air.rules.value if st.scenario.air.rules else None
        seen: dict[str, str] = {}
        for cid in card_rules.deck_list(air):
            seen.setdefault(cid, airflow.command_card(cid).name)
        return list(seen.items())

    def buttons(self) -> list[tuple[str, dict[str, Any]]]:
        """Buttons for the prompt: label -> action, rendered generically from the prompt."""
        p = self.prompt()
        if p is None:
            return []
        out: list[tuple[str, dict[str, Any]]] = []
        if self.tool:
            return self._tool_buttons(p)
        if p.kind == "move" and self.selected and self._is_air(self.selected):
            out += self._flight_buttons()
        if p.kind == "order":
            st = self.state
            spec = airflow.command_card(st.card) if st is not None and st.card else None
            entering = ""  # an air unit entering with the order, said on the button
            if self.sortie_hex:
                entering = " + " + _("airplane entering on") + f" {self.sortie_hex}"
            elif self.deploy_unit and self.deploy_hex:
                entering = f" + {self.deploy_unit} " + _("deployed on") + f" {self.deploy_hex}"
            if spec is not None and spec.one_section:  # the player names the section too
                for sec, words in (("left", _("left")), ("center", _("center")), ("right", _("right"))):
                    out.append((_("Order") + f" {len(self.picked)} " + _("unit(s)") + f" ({words})"
                                + entering, self.order_action(sec)))
            else:
                out.append((_("Order") + f" {len(self.picked)} " + _("unit(s)") + entering,
                            self.order_action()))
        if p.kind == "retreat":
            for c in p.choices:
                label = _("Retreat to") + f" {c.label}" + (f" ({c.detail})" if c.detail else "")
                out.append((label, {"do": "retreat", "hex": c.key}))
        if p.kind == "take_ground":
            for c in p.choices:
                out.append((_(c.label) if c.label in ("Take ground", "Stay") else c.label,
                            {"do": "take_ground", "advance": c.key == "yes"}))
        if p.kind == "move" and self.selected and "exit" in p.actions:
            st = self.state
            if st is not None and victory.may_exit(st.position, st.objectives, self.selected):
                out.append((_("Leave the board:") + f" {self.selected}",
                            {"do": "exit", "unit": self.selected}))
        out += self._air_buttons(p)
        keep = self.recon_cards()
        for a in p.actions:
            if a == "end_turn" and keep:  # Air Pack recon: 2 cards drawn, the player keeps one
                for cid in keep:
                    out.append((_("End turn, keep") + f" {airflow.command_card(cid).name}",
                                {"do": "end_turn", "keep": cid}))
            elif a in BUTTON_ACTIONS:
                out.append((_(BUTTON_ACTIONS[a]), {"do": a}))
        known = {"play_card", "order", "move", "exit", "battle", "dice", "correct", "retreat",
                 "take_ground", "attack_run", "withdraw", "bomb", "ambush", "card_attack",
                 *SPECIAL_ACTIONS,
                 *BUTTON_ACTIONS}
        for a in p.actions:  # actions this app has no special screen for: a button each that
            if a not in known:  # sends what the board shows picked; a refusal says what is missing
                out.append((a.replace("_", " ").capitalize() + (f": {self.selected}" if self.selected
                                                                else ""), self.generic_action(a)))
        return out

    def generic_action(self, do: str) -> dict[str, Any]:
        """An action the app knows only by name, filled from the board: the selected unit, the
        unit on the last tapped hex (``target``) and that hex (``hex``, ``hexes``)."""
        action: dict[str, Any] = {"do": do}
        st = self.state
        if self.selected:
            action["unit"] = self.selected
        if self.last_hex and st is not None:
            action["hex"] = self.last_hex
            action["hexes"] = [self.last_hex]
            other = next((u for u in st.position.units.values()
                          if st.hex_name(u.hex) == self.last_hex), None)
            if other is not None and other.id != self.selected:
                action["target"] = other.id
        return action

    def order_roll_dice(self) -> int:
        """Dice the card in play wants rolled with its order (Their Finest Hour, Medics &
        Mechanics: one per command card held, this one included); 0 for other cards."""
        st, p = self.state, self.prompt()
        if st is None or p is None or p.kind != "order" or not st.card:
            return 0
        spec = airflow.command_card(st.card)
        if not (spec.orders_from_roll or spec.restores_figures):
            return 0
        return st.scenario.sides[st.active].cards

    # --- acting ----------------------------------------------------------------------------
    def act(self, action: dict[str, Any]) -> bool:
        """Send one action; a refusal is kept in :attr:`message` in plain words."""
        if self.session is None:
            self.message = _("No game is in progress.")
            self._after_change()
            return False
        try:
            self.session.act(action)
        except IllegalAction as exc:
            self.message = str(exc)
            self._after_change()
            return False
        except Exception as exc:  # a fault behind the screen must not close the app mid-game
            log.exception("action %r failed", action)
            self.message = _("That did not work:") + f" {exc or type(exc).__name__}"
            self._after_change()
            return False
        self.message = ""
        kind = self.session.prompt().kind
        if kind not in ("move", "battle") or action.get("do") in ("move", "battle", "exit", "undo"):
            self.selected = None
        if action.get("do") in ("order", "undo"):
            self.picked = []
        self.clear_air()
        self._after_change()
        return True

    def press(self, action: dict[str, Any]) -> bool:
        """A panel button: a session action, or (``ui`` key) a step of an air action being built."""
        ui = action.get("ui")
        if ui is None:
            if action.get("do") == "order":  # the units picked by the time the button is pressed
                return self.act(self.order_action(action.get("section")))
            return self.act(action)
        ok = self._ui_step(str(ui), action)
        self._after_change()
        return ok

    def tap_hex(self, hex_name: str) -> bool:
        """A tap on the board; True when it did something."""
        st, p = self.state, self.prompt()
        if st is None or p is None:
            return False
        unit = next((u for u in st.position.units.values() if st.hex_name(u.hex) == hex_name), None)
        kind = p.kind
        self.last_hex = hex_name
        if self.tool and kind in ("move", "battle"):
            return self._tool_tap(hex_name, unit)
        if kind == "move" and self.selected and self._is_air(self.selected):
            return self._flight_tap(hex_name, unit, p)
        if kind == "order" and (unit is None or hex_name == self.deploy_hex or (
                self.deploy_unit and not self.deploy_hex)) and self._entry_tap(hex_name):
            return True
        if kind == "move" and not self.selected:
            entering = dict((h, u) for u, h in self._entering_units())
            if hex_name in entering:  # an air unit deployed onto this hex flies off it first
                self.selected, self.flight, self.markers = entering[hex_name], [hex_name], {}
                self.message = ""
                self._after_change()
                return True
        if kind == "order":
            if unit is None or unit.side is not st.active:
                self.message = _("Tap your own units to order them.")
            elif unit.id in self.picked:
                self.picked.remove(unit.id)
                self.message = ""
            else:
                self.picked.append(unit.id)
                self.message = ""
            self._after_change()
            return unit is not None
        if kind == "move":
            if self.selected and (unit is None or unit.id == self.selected or unit.side is not st.active):
                if unit is not None and unit.id == self.selected:
                    self.selected = None
                    self._after_change()
                    return True
                return self.act({"do": "move", "unit": self.selected, "to": hex_name})
            return self._select(unit, [c.key for c in p.choices], _("This unit cannot move now."))
        if kind == "battle":
            if self.selected and unit is not None and unit.side is not st.active:
                return self.act({"do": "battle", "attacker": self.selected, "target": unit.id})
            if unit is not None and unit.id == self.selected:
                self.selected = None
                self._after_change()
                return True
            return self._select(unit, [c.key for c in p.choices], _("This unit cannot battle now."))
        if kind == "retreat":
            return self.act({"do": "retreat", "hex": hex_name})
        if kind == "take_ground" and hex_name in p.highlight:
            return self.act({"do": "take_ground", "advance": True})
        return False

    def drag(self, from_hex: str, to_hex: str) -> bool:
        """A drag from one hex to another: a move, or a battle declared by dragging."""
        st, p = self.state, self.prompt()
        if st is None or p is None or from_hex == to_hex:
            return False
        unit = next((u for u in st.position.units.values() if st.hex_name(u.hex) == from_hex), None)
        if unit is None:
            return False
        if p.kind == "move":
            self.selected = unit.id
            return self.act({"do": "move", "unit": unit.id, "to": to_hex})
        if p.kind == "battle":
            target = next((u for u in st.position.units.values() if st.hex_name(u.hex) == to_hex), None)
            if target is not None:
                self.selected = unit.id
                return self.act({"do": "battle", "attacker": unit.id, "target": target.id})
        return False

    def _select(self, unit: Any, allowed: list[str], refusal: str) -> bool:
        if unit is None:
            self.message = _("Tap one of the lit units first.")
        elif unit.id not in allowed:
            self.message = f"{unit.id}: {refusal}"
        else:
            self.selected = unit.id
            self.message = ""
        self._after_change()
        return unit is not None and unit.id in allowed


    # --- air actions built by taps ---------------------------------------------------------
    def clear_air(self) -> None:
        """Forget every air action being built (after it was sent, or on Undo / Cancel)."""
        self.flight, self.markers = [], {}
        self.air_card, self.with_sortie, self.sortie_hex = None, False, None
        self.deploy_unit, self.deploy_hex = None, None
        self.tool, self.tool_unit, self.tool_hexes = None, None, []

    def air_rules(self) -> str | None:
        """``air-pack``, ``flight-plan`` or None: the game's air rules."""
        st = self.state
        air = getattr(st, "air", None) if st is not None else None
        return str(air.rules) if air is not None else None

    def _entering_units(self) -> list[tuple[str, str]]:
        """(air unit, entry hex) deployed onto an occupied hex, still to fly off it."""
        st = self.state
        if st is None or st.air is None:
            return []
        return [(str(u), str(d.get("hex"))) for u, d in getattr(st.air, "entering", {}).items()]

    def _is_air(self, unit_id: str | None) -> bool:
        st = self.state
        if st is None or self.air_rules() is None or unit_id is None:
            return False
        if any(u == unit_id for u, _h in self._entering_units()):
            return True
        return unit_id in st.position.units and st.position.units[unit_id].spec.air

    def flyer(self) -> Flyer | None:
        """The selected air unit, when it is one (on the board or entering)."""
        st = self.state
        uid = self.selected
        if st is None or st.air is None or not self._is_air(uid):
            return None
        assert uid is not None
        entering = getattr(st.air, "entering", {})
        if uid in entering:
            d = entering[uid]
            return Flyer(uid, st.active, str(d["hex"]), 0, dict(d.get("ammo", {})), True, True)
        u = st.position.units[uid]
        ammo = dict(u.ammo)
        if self.air_rules() == airflow.FLIGHT_PLAN:
            from companion.rules.air import flightplan

            with contextlib.suppress(ValueError):
                ammo = dict(flightplan.FlightPlanRules().ammo_of(u))
        return Flyer(uid, u.side, st.hex_name(u.hex), u.moved, ammo, u.airborne)

    def moves_left(self) -> int:
        """Hexes the selected air unit may still fly this turn (an entry hex counts as one)."""
        st, f = self.state, self.flyer()
        if st is None or f is None:
            return 0
        return max(0, airflow.rules_of(st).max_move - f.moved)

    def flight_next(self) -> list[str]:
        """Hexes the path may go on to: next to its last hex, not flown over yet, on the board."""
        st, f = self.state, self.flyer()
        if st is None or f is None or len(self.flight) >= self.moves_left():
            return []
        if f.entering and not self.flight:
            return [f.start]  # an entering air unit's path starts on its entry hex
        b = st.board
        last = b.parse(self.flight[-1] if self.flight else f.start)
        rules = airflow.rules_of(st)
        seen = set(self.flight)
        if rules.start_counts_as_visited:
            seen.add(f.start)
        out = []
        for h in b.neighbours(last):
            name = st.hex_name(h)
            other = st.position.unit_at(h)
            if name in seen or (not rules.may_pass_enemy_air and other is not None
                                and other.side is not f.side and other.spec.air):
                continue
            out.append(name)
        return out

    def _flight_tap(self, hex_name: str, unit: Any, p: Prompt) -> bool:
        st, plane = self.state, self.flyer()
        assert st is not None and plane is not None
        start = [plane.start] if plane.entering else []
        if hex_name == plane.start:
            if self.flight != start:  # start again
                self.flight, self.markers = list(start), {}
            elif plane.entering and unit is not None and unit.id in [c.key for c in p.choices]:
                self.selected, self.flight = unit.id, []  # the ground unit on the entry hex
            else:
                self.selected, self.flight = None, []
            self.message = ""
        elif hex_name in self.flight:  # take the path back to this hex (the last one: off)
            i = self.flight.index(hex_name)
            self.flight = self.flight[:i] if i == len(self.flight) - 1 else self.flight[:i + 1]
            self.markers = {h: a for h, a in self.markers.items() if h in self.flight}
            self.message = ""
        elif hex_name in self.flight_next():
            self.flight.append(hex_name)
            self.message = ""
        elif self.flight == start and unit is not None and unit.side is st.active and \
                unit.id in [c.key for c in p.choices]:
            self.selected, self.flight = unit.id, []  # another unit picked instead
            self.message = ""
        elif len(self.flight) >= self.moves_left():
            self.message = f"{plane.id} " + _("flies at most") + f" {self.moves_left()} " + \
                _("hexes; tap the last hex of the path to take it back.")
        else:
            last = self.flight[-1] if self.flight else plane.start
            self.message = f"{hex_name} " + _("is not next to") + f" {last}: " + \
                _("the path goes hex by hex, never twice over a hex.")
        self._after_change()
        return not self.message

    def marker_options(self) -> list[tuple[str, str, str | None]]:
        """New Flight Plan: (hex, enemy unit, ammo placed or None) for each hex of the path
        holding an enemy ground unit, in path order."""
        st, plane = self.state, self.flyer()
        if st is None or self.air_rules() != airflow.FLIGHT_PLAN or plane is None:
            return []
        out = []
        for h in self.flight:
            u = st.position.unit_at(st.board.parse(h))
            if u is not None and u.side is not plane.side and not u.spec.air:
                out.append((h, u.id, self.markers.get(h)))
        return out

    def ammo_left(self) -> dict[str, int]:
        """The selected air unit's ammo less the markers placed on the path being built."""
        plane = self.flyer()
        if self.air_rules() != airflow.FLIGHT_PLAN or plane is None:
            return {}
        ammo = dict(plane.ammo)
        for a in self.markers.values():
            ammo[a] = ammo.get(a, 0) - 1
        return ammo

    def flight_action(self) -> dict[str, Any]:
        """The ``move`` action of the path and markers built so far."""
        action: dict[str, Any] = {"do": "move", "unit": self.selected, "to": self.flight[-1],
                                  "path": list(self.flight)}
        if self.markers:
            action["markers"] = [{"hex": h, "ammo": self.markers[h]} for h in self.flight
                                 if h in self.markers]
        return action

    def flight_overlay(self) -> dict[str, Any] | None:
        """What the board draws over the map: the path from the air unit, its markers, and the
        hexes picked for a special action."""
        st = self.state
        if st is None:
            return None
        entering = self.sortie_hex or (self.deploy_hex if self.deploy_unit else None)
        p = self.prompt()
        if entering and p is not None and p.kind == "order":  # where the air unit will enter
            return {"start": entering, "path": [], "markers": {}, "strafe": [], "ghost": entering,
                    "side": st.active.value}
        if self.tool == "card_attack" and self.tool_hexes:
            return {"start": self.tool_hexes[0], "path": [], "markers": {}, "strafe": [],
                    "rings": list(self.tool_hexes)}
        if self.tool and self.tool_unit in st.position.units:
            return {"start": st.hex_name(st.position.units[self.tool_unit].hex), "path": [],
                    "markers": {}, "strafe": list(self.tool_hexes)}
        plane = self.flyer()
        if not self.flight or plane is None:
            return None
        return {"start": plane.start, "path": list(self.flight), "markers": dict(self.markers),
                "strafe": []}

    def _flight_buttons(self) -> list[tuple[str, dict[str, Any]]]:
        st = self.state
        if st is None or not self.flight:
            return []
        end = self.flight[-1]
        n = len(self.flight)
        words = _("Fly") + f" {self.selected} " + _("to") + f" {end} ({n} " + \
            (_("hex") if n == 1 else _("hexes"))
        if self.markers:
            words += f", {len(self.markers)} " + (_("marker") if len(self.markers) == 1 else _("markers"))
        words += ")"
        plane = self.flyer()
        if plane is not None and not plane.airborne:
            words += " - " + _("takes off")
        if "airfield" in st.position.terrain_names(st.board.parse(end)):
            words += " - " + _("lands on the airfield")
        out = [(words, {**self.flight_action()})]
        for h, uid, placed in self.marker_options():  # the one placed is shown picked
            for ammo in ("machine_gun", "bomb"):
                out.append((f"{AMMO_WORDS[ammo].capitalize()} " + _("on") + f" {h} ({uid})",
                            {"ui": "marker", "hex": h, "ammo": ammo, "placed": placed == ammo}))
        out.append((_("Take back the last hex"), {"ui": "path_back"}))
        return out

    # --- cards, orders and start-of-turn air choices -----------------------------------------
    def air_card_options(self) -> list[str]:
        """New Flight Plan: the Air Combat cards the active side holds (one may join the card)."""
        st = self.state
        if st is None or self.air_rules() != airflow.FLIGHT_PLAN or st.air is None:
            return []
        return list(dict.fromkeys(st.air.cards.get(st.active.value, [])))

    def sortie_cards(self) -> int:
        """Air Pack: the Air Sortie cards the active side holds."""
        st = self.state
        if st is None or self.air_rules() != airflow.AIR_PACK or st.air is None:
            return 0
        return int(st.air.sorties.get(st.active.value, 0))

    def play_card_action(self, card: str) -> dict[str, Any]:
        action: dict[str, Any] = {"do": "play_card", "card": card}
        if self.air_card:
            action["air_card"] = self.air_card
        if self.with_sortie and airflow.command_card(card).kind.value == "section":
            action["air_sortie"] = True
        return action

    def needs_sortie_hex(self) -> bool:
        """Air Pack: an Air Sortie is in play and none of the side's airplanes flies: the fresh
        airplane's edge hex is needed before the order."""
        st = self.state
        if st is None or self.air_rules() != airflow.AIR_PACK or st.air is None or not st.air.sortie:
            return False
        return not any(u.side is st.active and u.spec.air and u.airborne
                       for u in st.position.units.values())

    def deploy_options(self) -> list[str]:
        """New Flight Plan: the active side's air units off the board (one may deploy)."""
        st = self.state
        if st is None or self.air_rules() != airflow.FLIGHT_PLAN or st.air is None or not st.card:
            return []
        if airflow.command_card(st.card).kind.value != "section":
            return []
        from companion.rules.air import flightplan

        rules = flightplan.FlightPlanRules()
        out = []
        for r in st.air.reserve.get(st.active.value, []):
            try:
                ok = rules.deploy_check(st.position, st.active, str(r["type"]),
                                        order=flightplan.OrderKind.SECTION,
                                        withdrew_this_turn=st.air.withdrew,
                                        banned_types=frozenset(st.air.banned.get(st.active.value, [])))
            except ValueError:
                continue
            if ok.allowed:  # only deployments the rules allow now are offered
                out.append(str(r["id"]))
        return out

    def entry_hexes(self) -> list[str]:
        """Hexes (vacant) where an Air Sortie's airplane or a deployed air unit may enter now."""
        st = self.state
        p = self.prompt()
        if st is None or p is None or p.kind != "order" or st.air is None or not st.card:
            return []
        card = st.card
        spec = airflow.command_card(card)
        if self.air_rules() == airflow.AIR_PACK and st.air.sortie:
            from companion.rules.air import airpack

            hexes = airpack.AirPackRules().edge_hexes(st.position, None, st.active)
        elif self.deploy_unit:
            hexes = frozenset(st.board.all_hexes)
        else:
            return []
        out = []
        for h in hexes:
            other = st.position.unit_at(h)
            # an Air Sortie enters on a vacant hex; a deployment may start on a ground unit's hex
            if other is not None and (st.air.sortie or other.spec.air):
                continue
            secs = st.board.sections(h, st.active)
            if card != "air_power" and spec.sections and not any(x in spec.sections for x in secs):
                continue
            out.append(st.hex_name(h))
        return sorted(out)

    def _entry_tap(self, hex_name: str) -> bool:
        if hex_name not in self.entry_hexes():
            return False
        st = self.state
        assert st is not None and st.air is not None
        if st.air.sortie:
            self.sortie_hex = None if self.sortie_hex == hex_name else hex_name
        else:
            self.deploy_hex = None if self.deploy_hex == hex_name else hex_name
        self.message = ""
        self._after_change()
        return True

    def order_action(self, section: str | None = None) -> dict[str, Any]:
        """The ``order`` action of the units picked, with the air unit entering, if any."""
        action: dict[str, Any] = {"do": "order", "units": list(self.picked)}
        if section:
            action["section"] = section
        if self.sortie_hex:
            action["sortie_hex"] = self.sortie_hex
        if self.deploy_unit and self.deploy_hex:
            action["deploy"] = {"unit": self.deploy_unit, "hex": self.deploy_hex}
        return action

    # --- special actions, attack runs, withdrawals -------------------------------------------
    def special_planes(self, do: str) -> list[str]:
        """Air Pack: the ordered, flying airplanes of the active side that may make ``do``."""
        st = self.state
        want = SPECIAL_ACTIONS.get(do)
        if st is None or st.air is None or want is None:
            return []
        out = []
        for uid in st.ordered:
            u = st.position.units.get(uid)
            if u is None or not u.spec.air or not u.airborne or st.air.actions.get(uid):
                continue
            model = AIRPACK_MODELS.get(u.model or "")
            if model is not None and want in model.actions:
                out.append(uid)
        return out

    def tool_choices(self) -> list[str]:
        """Hexes a special action being built may pick: next to the airplane (enemy ground units
        for kamikaze, friendly one-figure infantry for rescue)."""
        st = self.state
        if st is not None and self.tool == "card_attack":  # a card attacking by itself: any enemy
            return sorted(st.hex_name(u.hex) for u in st.position.units.values()
                          if u.side is not st.active)
        if st is None or self.tool_unit not in st.position.units:
            return []
        plane = st.position.units[self.tool_unit or ""]
        out = []
        for h in st.board.neighbours(plane.hex):
            u = st.position.unit_at(h)
            if self.tool == "kamikaze" and (u is None or u.side is plane.side or u.spec.air):
                continue
            if self.tool == "rescue" and (u is None or u.side is not plane.side or u.spec.air):
                continue
            out.append(st.hex_name(h))
        return out

    def _tool_tap(self, hex_name: str, unit: Any) -> bool:
        st = self.state
        assert st is not None and self.tool is not None
        if hex_name not in self.tool_choices():
            self.message = f"{hex_name}: " + TOOLS[self.tool] + "."
            self._after_change()
            return False
        if self.tool in ("strafe", "card_attack"):
            most = 3 if self.tool == "strafe" else self._card_targets_max()
            if hex_name in self.tool_hexes:
                self.tool_hexes.remove(hex_name)
            elif len(self.tool_hexes) < most:
                self.tool_hexes.append(hex_name)
            self.message = ""
            self._after_change()
            return True
        return self.act({"do": self.tool, "unit": self.tool_unit, "target": unit.id})

    def _tool_buttons(self, p: Prompt) -> list[tuple[str, dict[str, Any]]]:
        out: list[tuple[str, dict[str, Any]]] = []
        if self.tool == "strafe" and self.tool_hexes:
            out.append((_("Strafe") + f" {', '.join(self.tool_hexes)}",
                        {"do": "strafe", "unit": self.tool_unit, "hexes": list(self.tool_hexes)}))
        st = self.state
        if self.tool == "card_attack" and self.tool_hexes and st is not None:
            ids = [u.id for h in self.tool_hexes
                   if (u := st.position.unit_at(st.board.parse(h))) is not None]
            out.append((_("Attack") + f" {', '.join(ids)}", {"do": "card_attack", "targets": ids}))
        out.append((_("Cancel"), {"ui": "cancel"}))
        return out

    def _card_name(self) -> str:
        st = self.state
        from companion.game.queries import card_spec_in_force

        spec = card_spec_in_force(st) if st is not None else None
        return spec.name if spec is not None else _("The card")

    def _card_targets_max(self) -> int:
        st = self.state
        from companion.game.queries import card_spec_in_force

        spec = card_spec_in_force(st) if st is not None else None
        attack = getattr(spec, "direct_attack", None)
        return int(getattr(attack, "max_targets", 1) or 1)

    def _air_buttons(self, p: Prompt) -> list[tuple[str, dict[str, Any]]]:
        st = self.state
        out: list[tuple[str, dict[str, Any]]] = []
        if st is None:
            return out
        if "ambush" in p.actions:
            out += self._ambush_buttons(p)
        if "card_attack" in p.actions:  # Barrage, Air Power without Air Pack rules
            live = [u for u in getattr(st, "card_targets", []) if u in st.position.units]
            if live:
                out.append((self._card_name() + " " + _("rolls at") + f" {live[0]}",
                            {"do": "card_attack"}))
            else:
                out.append((self._card_name() + ": " + _("pick its targets"),
                            {"ui": "tool", "tool": "card_attack", "unit": ""}))
        if st.air is None:
            return out
        if "withdraw" in p.actions:  # New Flight Plan, before the command card
            for u in sorted(st.position.units.values(), key=lambda u: u.id):
                if u.side is st.active and u.spec.air:
                    out.append((_("Withdraw") + f" {u.id} " + _("(it leaves, no medal)"),
                                {"do": "withdraw", "unit": u.id}))
        bombs = list(getattr(st.air, "bombs", []))
        if "attack_run" in p.actions and st.air.runs:
            run = st.air.runs[0]
            n = len(run.get("markers", []))
            out.append((_("Resolve the attack run of") + f" {run['unit']} ({n} "
                        + (_("marker") if n == 1 else _("markers")) + ")",
                        {"do": "attack_run", "unit": run["unit"]}))
        elif "attack_run" in p.actions and bombs:  # strategic bombing, after the runs
            out.append((_("Resolve the strategic bombing of") + f" {bombs[0].get('unit')} ("
                        + f"{bombs[0].get('objective', bombs[0].get('hex', ''))})",
                        {"do": "attack_run", "unit": bombs[0].get("unit")}))
        if "bomb" in p.actions:  # New Flight Plan: a bomb on the objective hex it ended on
            declared = {b.get("unit") for b in bombs}
            for uid in st.ordered:
                u = st.position.units.get(uid)
                if u is None or not u.spec.air or u.side is not st.active or uid not in st.moved \
                        or uid in declared or not self._may_bomb(u.type):
                    continue
                on_objective = getattr(airflow, "bombing_objective", None)
                if on_objective is not None and on_objective(st, u.hex) is None:
                    continue  # only over an objective hex
                out.append((_("Strategic bombing:") + f" {uid} " + _("bombs the objective on")
                            + f" {st.hex_name(u.hex)}", {"do": "bomb", "unit": uid}))
        if p.kind == "order":
            for uid in self.deploy_options():
                chosen = uid == self.deploy_unit
                out.append(((_("Deploying") if chosen else _("Deploy")) + f" {uid}"
                            + (" " + _("on") + f" {self.deploy_hex}" if chosen and self.deploy_hex else ""),
                            {"ui": "deploy", "unit": uid}))
        for do in p.actions:
            if do not in SPECIAL_ACTIONS:
                continue
            if not self.special_planes(do):  # an airplane this app cannot tell: the generic way
                out.append((SPECIAL_WORDS[do] + (f": {self.selected}" if self.selected else ""),
                            self.generic_action(do)))
            for uid in self.special_planes(do):
                if do in TOOLS:
                    out.append((f"{SPECIAL_WORDS[do]}: {uid}", {"ui": "tool", "tool": do, "unit": uid}))
                else:
                    out.append((f"{SPECIAL_WORDS[do]}: {uid}", {"do": do, "unit": uid}))
        return out

    def _may_bomb(self, air_type: str) -> bool:
        from companion.rules.air import flightplan

        try:
            return bool(flightplan.FlightPlanRules().profile(air_type).strategic_bombing)
        except ValueError:
            return False

    def _ambush_buttons(self, p: Prompt) -> list[tuple[str, dict[str, Any]]]:
        """Ambush, played by the side that does not move: against an air unit's ammo markers in
        the move phase (one button per marked unit), or against a close assault before its dice."""
        st = self.state
        if st is None:
            return []
        defender = st.active.other.value.title()
        if p.kind == "move" and st.air is not None:
            done = set(getattr(st.air, "ambushed", []))
            out = []
            for run in st.air.runs:
                if run.get("unit") in done:
                    continue
                for target in run.get("targets", []):
                    if target in st.position.units:
                        out.append((_("Ambush") + f" ({defender}): {target} " + _("fires at")
                                    + f" {run['unit']} " + _("first"), {"do": "ambush", "unit": target}))
            return out
        b = st.battle
        if b is not None:
            return [(_("Ambush") + f" ({defender}): {b.target} " + _("battles first"),
                     {"do": "ambush"})]
        return [(_("Ambush") + f" ({defender})", {"do": "ambush"})]

    def recon_cards(self) -> list[str]:
        """Air Pack recon: the two cards drawn at the end of the turn (the player keeps one)."""
        st = self.state
        if st is None or st.deck is None or len(st.deck) < 2 or not airflow.recon_active(st):
            return []
        return list(st.deck[:2])

    def _ui_step(self, ui: str, action: dict[str, Any]) -> bool:
        st = self.state
        if st is None:
            return False
        self.message = ""
        if ui == "marker":  # a tap places the marker, a second tap on the same one takes it off
            h, ammo = str(action.get("hex")), action.get("ammo")
            if ammo is None or self.markers.get(h) == ammo:
                self.markers.pop(h, None)
                return True
            if self.ammo_left().get(str(ammo), 0) < 1:
                self.message = f"{self.selected} " + _("has no") + f" {AMMO_WORDS.get(str(ammo), ammo)} " \
                    + _("ammo left for this marker.")
                return False
            self.markers[h] = str(ammo)
            return True
        if ui == "path_back":
            if self.flight:
                gone = self.flight.pop()
                self.markers.pop(gone, None)
            return True
        if ui == "air_card":
            title = action.get("card")
            self.air_card = None if self.air_card == title else str(title)
            return True
        if ui == "sortie":
            self.with_sortie = not self.with_sortie
            return True
        if ui == "deploy":
            uid = str(action.get("unit"))
            self.deploy_unit = None if self.deploy_unit == uid else uid
            self.deploy_hex = None
            return True
        if ui == "tool":
            self.selected, self.flight, self.markers = None, [], {}
            self.tool, self.tool_unit, self.tool_hexes = str(action["tool"]), str(action["unit"]), []
            return True
        if ui == "cancel":
            self.tool, self.tool_unit, self.tool_hexes = None, None, []
            return True
        self.message = _("Unknown step:") + f" {ui}"
        return False

    def dice_heading(self) -> str:
        """What a roll is for, in a few words: a battle, an air check, a confirmation..."""
        st, p = self.state, self.prompt()
        if st is None or p is None or p.dice is None:
            return ""
        roll = st.air.roll if st.air is not None else None
        if roll is not None:
            return {"air_check": _("Air check of") + f" {roll.unit}",
                    "confirm": _("Confirmation roll:") + f" {', '.join(roll.targets)}",
                    "attack_run": _("Attack run of") + f" {roll.unit}",
                    "strafe": _("Strafing by") + f" {roll.unit}",
                    "kamikaze": _("Kamikaze:") + f" {roll.unit}",
                    "bombing": _("Strategic bombing by") + f" {roll.unit}",
                    "ambush": _("Ambush:") + f" {roll.unit} → {', '.join(roll.targets)}",
                    }.get(roll.kind, p.dice.purpose)
        b = st.battle
        if b is not None and b.confirm_dice:
            return _("Confirmation roll:") + f" {b.target}"
        if b is not None and getattr(b, "card_attack", False):
            return f"{self._card_name()} " + _("attacks") + f" {b.target}"
        if b is not None:
            units = st.position.units
            a, tgt = units.get(b.attacker), units.get(b.target)
            if a is not None and tgt is not None and tgt.spec.air:
                return (_("Dogfight:") if a.spec.air else _("Ground to air:")) + \
                    f" {b.attacker} → {b.target}"
            return _("Battle:") + f" {b.attacker} → {b.target}"
        return p.dice.purpose

    def is_confirmation(self) -> bool:
        """The dice due confirm hits already scored (an air unit's, an armored car's)."""
        st = self.state
        if st is None:
            return False
        roll = st.air.roll if st.air is not None else None
        if roll is not None:
            return roll.kind == "confirm"
        return st.battle is not None and bool(st.battle.confirm_dice)

    def thrower_note(self) -> str:
        """When the opponent throws (an air check next to his units, an ambush), say so."""
        st, p = self.state, self.prompt()
        if st is None or p is None or p.dice is None or p.dice.thrower == st.active.value:
            return ""
        return p.dice.thrower.title() + " " + _("player: this throw is yours") + \
            f" ({_('it is the')} {st.active.value.title()}' {_('turn')})."

    # --- dice ----------------------------------------------------------------------------------
    def submit_dice(self, faces: list[Any], source: str = "manual") -> bool:
        """Dice from the pad (always at hand), whatever source is waiting."""
        p = self.prompt()
        if p is None or p.dice is None or p.kind != "dice":
            self.message = _("No dice are due now.")
            self._after_change()
            return False
        if self._source is not None and self._requested == p.dice.rid:
            self._source.source.cancel(p.dice.rid)
        ok = self.act({"do": "dice", "faces": faces, "source": source, "rid": p.dice.rid})
        if not ok:
            self._requested = None
            self._ask_dice()
        return ok

    def correct_die(self, index: int, face: str) -> bool:
        return self.act({"do": "correct", "index": index, "face": face})

    def _ask_dice(self) -> None:
        s = self.session
        if s is None or self._source is None:
            return
        req = s.dice_request()
        due = req.request_id if req is not None else None
        if self._requested is not None and self._requested != due:
            self._source.source.cancel(self._requested)  # undone or answered by the pad: stand down
            self._requested = None
        if req is None or self._requested == req.request_id:
            return
        if self._source.spec == "manual":
            self._requested = req.request_id
            return  # the pad is the source
        self._requested = req.request_id
        try:
            self._source.source.request(req, lambda r: self.post(lambda: self._dice_arrived(r)))
        except ValueError as exc:
            self.message = str(exc)

    def _dice_arrived(self, result: DiceResult) -> None:
        s = self.session
        if s is None:
            return
        req = s.dice_request()
        if req is None or req.request_id != result.request_id:
            return  # answered meanwhile (the pad) or undone
        self.act({"do": "dice", "faces": result.faces, "source": result.source,
                  "confidence": [d.confidence for d in result.dice], "rid": result.request_id})

    # --- screens -----------------------------------------------------------------------------
    def go(self, screen: str) -> None:
        if screen not in SCREENS:
            self.message = _("There is no screen called") + f" {screen!r}"
            return
        self.screen = screen
        self._after_change()

    def air_sides(self) -> dict[str, dict[str, Any]]:
        """Each side's air units with ammo, and whatever air facts the state exposes."""
        st = self.state
        out: dict[str, dict[str, Any]] = {}
        if st is None:
            return out
        for side in (Side.ALLIES, Side.AXIS):
            units = [u for u in st.position.units.values() if u.side is side and u.spec.air]
            info: dict[str, Any] = {
                "units": [(u.id, u.type, u.model or "", st.hex_name(u.hex), dict(u.ammo),
                           u.airborne) for u in units],
                "banned": [], "cards": [],
            }
            air = getattr(st, "air", None)  # the session's AirState in a game with air rules
            for key in ("banned", "cards", "sorties"):
                value: Any = getattr(air, key, None) if air is not None else None
                if isinstance(value, dict):
                    value = value.get(side.value, value.get(side))
                if isinstance(value, int) and not isinstance(value, bool):
                    info[key] = value
                elif isinstance(value, list | tuple | set):
                    info[key] = list(value)
            if air is not None:
                info["reserve"] = [f"{r.get('id')} ({str(r.get('type', '')).replace('_', ' ')})"
                                   for r in getattr(air, "reserve", {}).get(side.value, [])]
                info["runs"] = [str(r.get("unit")) for r in getattr(air, "runs", [])
                                if st.active is side]
                info["full_ammo"] = {u.id: self._full_ammo(u.type) for u in units}
            out[side.value] = info
        return out

    def _full_ammo(self, air_type: str) -> dict[str, int]:
        if self.air_rules() != airflow.FLIGHT_PLAN:
            return {}
        from companion.rules.air import flightplan

        try:
            return flightplan.FlightPlanRules().full_ammo(air_type)
        except ValueError:
            return {}

    def air_help(self) -> list[str]:
        """How to enter the air actions of this game's rules by touch, in plain words."""
        rules = self.air_rules()
        fly = _("Fly: tap an ordered air unit, then each hex it flies over in turn (up to 4; the "
                "path is drawn, a second tap on the last hex takes it back), then press Fly.")
        if rules == airflow.FLIGHT_PLAN:
            return [fly,
                    _("Attack run: on each enemy hex of the path choose Machine gun or Bomb (the "
                      "ammo left is shown); the runs are resolved in the battle phase."),
                    _("Dogfight: in the battle phase tap your air unit, then the enemy air unit; "
                      "possible hits are confirmed by a second roll."),
                    _("Withdraw an air unit before playing the card; deploy one with a Section "
                      "card: press Deploy, then tap a blue hex. An Air Combat card may join the "
                      "command card.")]
        if rules == airflow.AIR_PACK:
            return [fly,
                    _("Air Sortie: press it beside a Section card; with no airplane flying, tap "
                      "the blue edge hex where the fresh airplane enters."),
                    _("Air check: when enemy units are next to the airplane, the opponent throws "
                      "it; the prompt bar names him."),
                    _("Strafe, kamikaze, rescue: press the action, then tap the hexes next to the "
                      "airplane. Ground support, interdiction and recon are one press.")]
        return []
