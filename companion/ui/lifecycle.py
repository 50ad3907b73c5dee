"""The table's lifecycle: new game, resume, host or join a synced table, the store, the dice
sources, and the one way actions reach the game: a :class:`~companion.game.client.GameClient`.

A game on this tablet alone is a :class:`~companion.game.client.LocalGame`. Hosting makes this
tablet the table's authority for the game it shows (a :class:`~companion.sync.table.TableSync`
that publishes every event, wrapped in a :class:`~companion.sync.client.SyncedGame`); joining
makes it a mirror of a table on the broker. A joined tablet acts only when its side (from the
settings) is to play; an action the table has moved past is refused as "stale", the tablet
catches up by itself and shows the current prompt.
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import threading
import zlib
from pathlib import Path
from typing import Any

from companion.dice.desk import DiceDesk
from companion.game.client import GameClient, GameUpdate, LocalGame
from companion.game.events import Event
from companion.game.legal import LegalActions
from companion.game.narrate import log_lines
from companion.game.prompts import Prompt
from companion.game.session import GameSession
from companion.game.state import GameState
from companion.scenarios import AirRules, Scenario, ScenarioError, resolve
from companion.store import StoreError
from companion.ui import dicesources
from companion.ui.i18n import _
from companion.ui.tablebase import Flash, TableBase

log = logging.getLogger("companion.ui")

SCREENS: tuple[str, ...] = ("start", "board", "air", "settings", "teach", "victory", "dashboard")
SETTINGS_FILE = "app-settings.json"
STATE_FILE = "app-state.json"


def default_tablet_id() -> str:
    """A tablet id from the machine's name (a-z, 0-9, -)."""
    name = "".join(c if c.isalnum() else "-" for c in socket.gethostname().lower()).strip("-")
    return (name or "tablet")[:40]


class TableLifecycle(TableBase):
    """The part of :class:`~companion.ui.controller.Table` that owns the game and its dice.

    Its fields are declared on :class:`~companion.ui.controller.Table`."""

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
            self.session = self.game = None
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
        from companion.sync.dashboard import DashboardFeed, DashboardModel
        from companion.tray.mqtt_config import BrokerConfig

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
        self._detach()
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
        """Show ``session``, a game on this tablet (a :class:`LocalGame`)."""
        self._detach()
        session.settle()
        self._follow(LocalGame(session), session)

    def _follow(self, game: GameClient, session: GameSession | None) -> None:
        self.game, self.session = game, session
        lines, self._narrator = log_lines(game.events)
        self.log = lines[-200:]
        game.add_listener(self._game_update)
        self.selected, self.picked, self.flash, self.dice_shown = None, [], None, []
        self.arriving = []
        self.clear_air()
        self.open_dice_source(self.settings.dice)

    def _detach(self) -> None:
        """Stop following the game shown (and leave its table, if any)."""
        self._close_dice_source()
        game = self.game
        if game is not None:
            game.remove_listener(self._game_update)
            if isinstance(game, LocalGame):
                game.close()
        if self.link is not None:
            link, self.link = self.link, None
            try:
                link.close()
            except Exception:  # a broker gone already is no reason to stop
                log.exception("leaving the table failed")
            hosted = link.session
            recorder = getattr(link, "_recorded", None)  # TableSync.close leaves it on the session
            if hosted is not None and recorder in hosted.listeners:
                hosted.listeners.remove(recorder)  # the game goes on here: publish nothing more
        self.game = None
        self.session = None

    def open_dice_source(self, spec: str) -> None:
        """Switch the dice source (settings); a waiting request is asked again of the new one.

        A tablet that joined a table throws with its pad: the table's dice source is on the
        tablet that hosts it (every throw is asked of it, whichever side throws)."""
        self._close_dice_source()
        if self.link is not None and self.session is None:
            self.settings.dice = spec
            self.dice_source_name = _("the dice pad here, or the host tablet's dice")
            return
        seed = None
        st = self.state
        if st is not None and isinstance(st.options.get("seed"), int):
            # a seeded game throws the same simulated dice again (demos, tests)
            seed = zlib.crc32(f"{st.options['seed']}:{st.rolls}".encode())
        self._source = dicesources.open_source(spec, sim_delay=self.sim_delay, seed=seed,
                                               profile=self.settings.camera_profile or None)
        self.settings.dice = self._source.spec
        # the dice desk asks the source for each roll due, once (the pad always works too)
        self._desk = DiceDesk(self._source.source,
                              lambda action: self.post(lambda: self._dice_arrived(action)),
                              asks=self._source.spec != "manual")
        self.dice_source_name = dicesources.describe(self._source.spec)
        if self._source.note:
            self.message = self._source.note
        self._ask_dice()  # dice already due are asked of the new source

    # --- a synced table ------------------------------------------------------------------------
    def _table_link(self, table: str | None, tablet: str | None, broker: str | None) -> Any:
        """A started :class:`~companion.sync.table.TableSync` for the table in the settings
        (arguments override them); ValueError says what is wrong, in words."""
        from companion.sync.security import read_table_key
        from companion.sync.table import TableSync
        from companion.sync.topics import check_id
        from companion.tray.mqtt_config import BrokerConfig

        s = self.settings
        table_id = check_id((table or s.table_id).strip(), "table")
        tablet_id = check_id((tablet or s.tablet_id).strip() or default_tablet_id(), "tablet")
        url = (broker or s.table_broker).strip()
        password = None
        if s.table_password_file:
            try:
                password = Path(s.table_password_file).read_text().strip()
            except OSError as exc:
                raise ValueError(f"cannot read the password file: {exc.strerror or exc}") from None
        config = BrokerConfig.from_url(url, username=s.table_user or None, password=password,
                                       tls_ca=s.table_tls_ca or None,
                                       allow_anonymous=s.table_anonymous)
        why = config.probe(timeout=2.0)
        if why is not None:
            raise ValueError(_("cannot reach the broker at") + f" {config.url}: {why}")
        key = read_table_key(s.table_key_file) if s.table_key_file else None
        s.table_id, s.tablet_id, s.table_broker = table_id, tablet_id, url
        return TableSync(config, table_id, tablet_id, key=key).start()

    def host_table(self, table: str | None = None, tablet: str | None = None,
                   broker: str | None = None) -> bool:
        """Be the authority of a table for the game shown: every event goes to the broker and
        other tablets can join. False (with :attr:`message`) when it cannot."""
        from companion.sync.client import SyncedGame

        game, session = self.game, self.session
        if game is None or session is None or self.link is not None:
            self.message = (_("Leave the table first.") if self.link is not None
                            else _("Start or resume a game first, then host it."))
            self._after_change()
            return False
        try:
            link = self._table_link(table, tablet, broker)
        except ValueError as exc:
            self.message = _("Cannot host the table:") + f" {exc}"
            self._after_change()
            return False
        events = list(game.events)
        if self._source is not None:
            self._source.close()
            self._source = None
        game.remove_listener(self._game_update)
        if isinstance(game, LocalGame):
            game.close()
        link.host(session, events)
        self.link = link
        self._follow(SyncedGame(link), session)
        self.save_settings()
        self.message = _("Hosting table") + f" {link.table} " + _("as") + f" {link.tablet}."
        self._after_change()
        return True

    def join_table(self, table: str | None = None, tablet: str | None = None,
                   broker: str | None = None) -> bool:
        """Mirror a table's game from the broker: the board follows it; this tablet acts when
        its side (``settings.table_side``) is to play."""
        from companion.sync.client import SyncedGame

        try:
            link = self._table_link(table, tablet, broker)
        except ValueError as exc:
            self.message = _("Cannot join the table:") + f" {exc}"
            self._after_change()
            return False
        self._detach()
        self.link = link
        self._follow(SyncedGame(link), None)
        self.save_settings()
        self.screen = "board"
        self.message = _("Joined table") + f" {link.table}; " + _("waiting for its game...")
        self._after_change()
        return True

    def leave_table(self) -> None:
        """Stop syncing: a hosting tablet goes on with the game on its own, a joined one
        returns to the start screen."""
        session, link = self.session, self.link
        if link is None:
            return
        self._detach()
        if session is not None:
            self._follow(LocalGame(session, events=list(link.events)), session)
            self.screen = "board"
        else:
            self.screen = "start"
        self.message = _("Left the table.")
        self._after_change()

    def table_status(self) -> str:
        """Where this tablet stands at a synced table, in a few words ('' when it is not)."""
        t = self
        link = t.link
        if link is None:
            return ""
        role = _("host") if link.is_authority else _("joined")
        side = t.settings.table_side
        plays = _("plays both sides") if side == "both" else _("plays") + f" {side.title()}"
        online = "" if link.conn.connected.is_set() else " · " + _("offline, reconnecting")
        return f"{_('Table')} {link.table} · {link.tablet} ({role}, {plays}){online}"

    def my_side(self) -> str | None:
        """The side this tablet plays at a table (None: every side, as on a tablet alone)."""
        t = self
        side = t.settings.table_side
        return None if t.link is None or side not in ("allies", "axis") else str(side)

    def to_act(self) -> str | None:
        """The side that must act now, when it is not this tablet's (None: this tablet may act)."""
        mine = self.my_side()
        legal = self.legal()
        if mine is None or legal is None or legal.side is None:
            return None
        return None if legal.side.value == mine else legal.side.value

    def _not_mine(self) -> bool:
        """True (with :attr:`message`) when another tablet's side is to play in the state the
        screens show (if the table has moved on since, the authority answers "stale")."""
        other = self.shown_to_act if self.link is not None else None
        if other is None:
            return False
        self.message = other.title() + " " + _("is to play now, on their tablet; this tablet "
                                               "plays") + f" {str(self.my_side()).title()}."
        self._after_change()
        return True

    def note(self, message: str) -> None:
        """Say ``message`` on the screens (a refusal, a hint)."""
        self.message = message
        self._after_change()

    # --- listeners -----------------------------------------------------------------------
    def _game_update(self, update: GameUpdate) -> None:
        """A game listener: called in the thread that acted (this tablet's own actions, on
        the UI thread) or in a synced table's network thread (handed on to the UI thread)."""
        if threading.get_ident() == self._ui_thread:
            self._on_update(update)
        else:
            self.post(lambda: self._on_update(update))

    def _on_update(self, update: GameUpdate) -> None:
        game = self.game
        if game is None:
            return
        if update.kind == "reset":  # a whole log loaded (joined, or caught up from far behind)
            lines, self._narrator = log_lines(game.events)
            self.log = lines[-200:]
            self.flash, self.dice_shown, self.selected, self.picked = None, [], None, []
            self.landed, self.arriving = [], []
            self.clear_air()
            if self.screen == "start":
                self.screen = "board"
            st = game.state
            if st is not None and self.message.endswith(_("waiting for its game...")):
                self.message = ""
            if st is not None and st.winner is not None:
                self.screen = "victory"
        elif update.kind == "events":
            for ev in update.events:
                self._on_event(ev)
        if not self._acting:  # act() tells the screens itself once it has the reply
            self._after_change()

    def _on_event(self, ev: Event) -> None:
        self.log.append(self._narrator.line(ev, self.game.state if self.game else None))
        del self.log[:-200]
        if ev.kind == "battle_resolved":
            d = ev.data
            self.flash = Flash(d["target_hex"], d["hits"], d["flags"] - d["flags_ignored"],
                               d["eliminated"])
        elif ev.kind == "dice_read":
            self.dice_shown = list(ev.data["faces"])
            self.cue = self.cue or "dice"
        elif ev.kind == "die_corrected" and 0 <= int(ev.data["index"]) < len(self.dice_shown):
            self.dice_shown[int(ev.data["index"])] = ev.data["face"]
        elif ev.kind == "medal_won":
            self.cue = "medal"
        elif ev.kind == "battle_declared":
            self.flash, self.dice_shown = None, []
        elif ev.kind == "game_over":
            self.screen = "victory"
            self.cue = "over"
            if self.session is not None:
                with contextlib.suppress(StoreError):
                    self.store.set_status(self.session.game_id, "over", ev.data.get("winner"))

    def _after_change(self) -> None:
        """After anything changed: ask for due dice, save, tell the screens."""
        game = self.game
        self.guard_watch()
        if game is not None:
            self.shown_seq = game.seq
            self.shown_to_act = self.to_act()
            self._ask_dice()
            p = game.prompt()
            if p is not None and self.speaker is not None and self.settings.speak \
                    and p.text != self._spoken:
                self._spoken = p.text
                self.speaker(p.text)
        self._save_state()
        for fn in list(self.listeners):
            fn()

    # --- reading the state -----------------------------------------------------------------
    @property
    def state(self) -> GameState | None:
        return self.game.state if self.game is not None else None

    def prompt(self) -> Prompt | None:
        game = self.game
        if game is None:
            return None
        if self.link is None:
            return game.prompt()  # the session keeps it until the next event
        with self.link.lock:  # a table's prompt is worked out afresh on each call: kept here
            key = (game.seq, id(game.state))  # a new log loaded brings a new state object
            cached = self._prompt_cache
            if cached is None or cached[0] != key:
                cached = self._prompt_cache = (key, game.prompt())
            return cached[1]

    def legal(self) -> LegalActions | None:
        """What may be done now (the game's one answer), or None without a game."""
        return self.game.legal() if self.game is not None else None

    # --- acting ----------------------------------------------------------------------------
    def act(self, action: dict[str, Any], *, any_side: bool = False) -> bool:
        """Send one action; a refusal is kept in :attr:`message` in plain words.

        At a table, an action is sent for the state id the screens showed: if the table moved
        on meanwhile it is refused as stale, and the tablet shows where the table is now.
        ``any_side``: dice from this tablet's dice source (they answer whoever throws)."""
        game = self.game
        if game is None or game.state is None:
            self.message = _("No game is in progress.") if game is None else \
                _("The table's game has not arrived yet.")
            self._after_change()
            return False
        if not any_side and self._not_mine():
            return False
        expect = self.shown_seq if self.link is not None else None
        self._acting = True
        try:
            reply = game.act(action, expect)
        except Exception as exc:  # a fault behind the screen must not close the app mid-game
            log.exception("action %r failed", action)
            self.message = _("That did not work:") + f" {exc or type(exc).__name__}"
            self._after_change()
            return False
        finally:
            self._acting = False
        if not reply.ok:
            if reply.stale:  # the table moved on: the link catches up, the screens follow
                self.resyncs += 1
                self.selected, self.picked, self.landed, self.arriving = None, [], [], []
                self.clear_air()
                self.message = _("The table moved on before this reached it (stale); here is "
                                 "where it is now.")
            else:
                self.refused(str(reply.reason), action)
            self._after_change()
            return False
        self.message = ""
        self.refusal = []
        p = game.prompt()
        kind = p.kind if p is not None else ""
        if kind not in ("move", "battle") or action.get("do") in ("move", "battle", "exit", "undo"):
            self.selected = None
        if action.get("do") in ("order", "undo"):
            self.picked, self.arriving = [], []
        if p is None or p.pick is None or p.pick.action == action.get("do"):
            self.landed = []  # a step answered (the next drop, the next loss starts with none)
        self.clear_air()
        self._after_change()
        return True

    # --- dice ----------------------------------------------------------------------------------
    def submit_dice(self, faces: list[Any], source: str = "manual") -> bool:
        """Dice from the pad (always at hand), whatever source is waiting."""
        p = self.prompt()
        if p is None or p.dice is None or p.kind != "dice":
            self.message = _("No dice are due now.")
            self._after_change()
            return False
        return self.act({"do": "dice", "faces": faces, "source": source, "rid": p.dice.rid})

    def correct_die(self, index: int, face: str) -> bool:
        return self.act({"do": "correct", "index": index, "face": face})

    def _close_dice_source(self) -> None:
        if self._desk is not None:
            self._desk.close()
            self._desk = None
        if self._source is not None:
            self._source.close()
            self._source = None

    def _ask_dice(self) -> None:
        """Tell the dice desk the roll due now (it asks the source once, stands it down when
        the pad answered or the roll was undone)."""
        s = self.session
        if s is not None and self._desk is not None:
            self._desk.due(s.dice_request())

    def _dice_arrived(self, action: dict[str, Any]) -> None:
        s = self.session
        if s is None:
            return
        req = s.dice_request()
        if req is None or req.request_id != action.get("rid"):
            return  # answered meanwhile (the pad) or undone
        if self.reviews_dice(str(action.get("source", ""))):
            action = {**action, "review": True}  # shown as read; the players apply them
        self.act(action, any_side=True)

    def reviews_dice(self, source: str) -> bool:
        """Whether dice read by ``source`` (``camera:0``, ``serial:tray-7``...) stop for review
        before they apply: the camera's by default, a tray's when the settings say so."""
        kind = source.split(":", 1)[0]
        if kind == "camera":
            return self.settings.review_camera
        if kind in ("serial", "mqtt", "tray"):
            return self.settings.review_tray
        return False

    def override_dice(self, hits: int | None, flags: int | None, reason: str) -> bool:
        """The players overrule the dice under review: these hits and flags, for this reason
        (the log keeps it)."""
        action: dict[str, Any] = {"do": "apply_dice", "reason": reason}
        if hits is not None:
            action["hits"] = hits
        if flags is not None:
            action["flags"] = flags
        return self.act(action)

    def may_override(self) -> bool:
        """Dice of a battle under review: their hits and flags may be overridden."""
        st, p = self.state, self.prompt()
        if st is None or p is None or p.kind != "review_dice" or st.battle is None:
            return False
        b = st.battle
        return (st.order_roll is None and (st.air is None or st.air.roll is None)
                and not b.card_attack and b.first_faces is None)

    # --- screens -----------------------------------------------------------------------------
    def go(self, screen: str) -> None:
        if screen not in SCREENS:
            self.message = _("There is no screen called") + f" {screen!r}"
            return
        self.screen = screen
        self._after_change()
