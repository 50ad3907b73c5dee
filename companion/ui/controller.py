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
from companion.game.events import Event
from companion.game.narrate import describe
from companion.game.prompts import Prompt
from companion.game.session import (
    GameSession,
    IllegalAction,
    battle_targets,
    destinations,
)
from companion.game.state import GameState
from companion.rules import cards as card_rules
from companion.rules import victory
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
            return p.text + " " + _("Waiting for dice from:") + f" {self.dice_source_name}."
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
        if self.selected and self.selected in st.position.units:
            if p.kind == "move":
                for dest in destinations(st, self.selected):
                    out[name(dest)] = "reach"
            elif p.kind == "battle":
                overrun = self.selected == st.may_overrun
                for tid, _check in battle_targets(st, self.selected, overrun):
                    out[name(st.position.units[tid].hex)] = "target"
            out[name(st.position.units[self.selected].hex)] = "selected"
        return out

    def _reach_or_targets(self, unit_id: str) -> list[str]:
        """Hexes a unit may move to (move phase) or enemies it may battle (battle phase)."""
        st, p = self.state, self.prompt()
        if st is None or p is None or unit_id not in st.position.units:
            return []
        if p.kind == "move":
            return [st.hex_name(h) for h in destinations(st, unit_id)]
        if p.kind == "battle":
            return [tid for tid, _c in battle_targets(st, unit_id, unit_id == st.may_overrun)]
        return []

    def target_dice(self) -> dict[str, int]:
        """Hex name -> dice the selected attacker would throw there (shown on targets)."""
        st, p = self.state, self.prompt()
        if st is None or p is None or p.kind != "battle" or not self.selected:
            return {}
        overrun = self.selected == st.may_overrun
        return {st.hex_name(st.position.units[tid].hex): check.dice
                for tid, check in battle_targets(st, self.selected, overrun)}

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
            seen.setdefault(cid, card_rules.card(cid).name)
        return list(seen.items())

    def buttons(self) -> list[tuple[str, dict[str, Any]]]:
        """Buttons for the prompt: label -> action, rendered generically from the prompt."""
        p = self.prompt()
        if p is None:
            return []
        out: list[tuple[str, dict[str, Any]]] = []
        if p.kind == "order":
            st = self.state
            spec = card_rules.card(st.card) if st is not None and st.card else None
            if spec is not None and spec.one_section:  # the player names the section too
                for sec, words in (("left", _("left")), ("center", _("center")), ("right", _("right"))):
                    out.append((_("Order") + f" {len(self.picked)} " + _("unit(s)") + f" ({words})",
                                {"do": "order", "units": list(self.picked), "section": sec}))
            else:
                out.append((_("Order") + f" {len(self.picked)} " + _("unit(s)"),
                            {"do": "order", "units": list(self.picked)}))
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
        for a in p.actions:
            if a in BUTTON_ACTIONS:
                out.append((_(BUTTON_ACTIONS[a]), {"do": a}))
        known = {"play_card", "order", "move", "exit", "battle", "dice", "correct", "retreat",
                 "take_ground", *BUTTON_ACTIONS}
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
        spec = card_rules.card(st.card)
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
        self._after_change()
        return True

    def tap_hex(self, hex_name: str) -> bool:
        """A tap on the board; True when it did something."""
        st, p = self.state, self.prompt()
        if st is None or p is None:
            return False
        unit = next((u for u in st.position.units.values() if st.hex_name(u.hex) == hex_name), None)
        kind = p.kind
        self.last_hex = hex_name
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
            out[side.value] = info
        return out
