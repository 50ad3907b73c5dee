"""``companion app``: the tablet app (Kivy), landscape 1280x800 first.

Without ``--scenario`` it comes back where it was: the latest unfinished game, on the screen
it showed; with no game saved yet it starts the demo scenario (simulated dice by default).
``--screenshot FILE`` draws ``--screen`` (start, board, card, order, move, battle, retreat, air,
settings, teach, victory, dashboard) in a telling state, saves a PNG and exits; it plays in a
throw-away data folder unless ``--data-dir`` is given.

``--host TABLE`` makes this tablet the authority of a synced table for the game it opens;
``--join TABLE`` mirrors a table's game (it acts when ``--side`` is to play). The broker and
its credentials are given as ``companion sync host|join`` takes them (docs/sync.md); they are
kept in the settings, where the settings screen can change them.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

SCREEN_NAMES = ("start", "board", "card", "order", "move", "battle", "retreat", "air", "settings",
                "teach", "victory", "dashboard")
BOARD_SHOTS = {"battle": "board", "retreat": "board", "move": "board", "order": "board", "card": "board"}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scenario", help="start a new game: a built-in name or a scenario / .m44 file")
    p.add_argument("--dice", help="manual | sim | serial[:PORT] | mqtt[:URL] | camera:INDEX "
                                  "(URL: mqtt[s]://[USER:PASS@]HOST[:PORT][#TRAY])")
    p.add_argument("--screen", choices=SCREEN_NAMES, help="the screen to open on")
    p.add_argument("--screenshot", metavar="FILE", help="draw the screen, save it as PNG, exit")
    p.add_argument("--data-dir", help="where games and settings are kept (default: "
                                      "COMPANION_DATA_DIR or the user's data folder)")
    p.add_argument("--size", default="1280x800", help="window size WxH (default 1280x800)")
    p.add_argument("--seed", type=int, default=3, help="seed of the demo states for --screenshot")
    table = p.add_argument_group("a table of several tablets (docs/sync.md)")
    where = table.add_mutually_exclusive_group()
    where.add_argument("--host", metavar="TABLE", help="be this table's authority for the game shown")
    where.add_argument("--join", metavar="TABLE", help="mirror this table's game from the broker")
    table.add_argument("--tablet", help="this tablet's id at the table (a-z, 0-9, -)")
    table.add_argument("--side", choices=("allies", "axis", "both"),
                       help="the side this tablet plays at the table (default: both)")
    table.add_argument("--broker", help="mqtt://HOST:PORT or mqtts://HOST:PORT "
                                        "(default: the settings', mqtt://127.0.0.1:1883)")
    table.add_argument("--user", help="broker username (or COMPANION_MQTT_USER)")
    table.add_argument("--password-file", metavar="PATH",
                       help="file holding the broker password (or COMPANION_MQTT_PASSWORD)")
    table.add_argument("--tls-ca", metavar="PATH", help="CA certificate: connect with TLS")
    table.add_argument("--anonymous", action="store_true",
                       help="allow a broker on another machine without credentials")
    table.add_argument("--key-file", metavar="PATH", help="the table's key (companion sync acl)")


def _size(text: str) -> tuple[int, int] | None:
    w, sep, h = text.lower().partition("x")
    if not sep or not (w.isdigit() and h.isdigit()) or int(w) < 320 or int(h) < 240:
        return None
    return int(w), int(h)


def _table_settings(settings: Any, args: argparse.Namespace) -> bool:
    """Put the table options into the settings; True when the app is to host or join."""
    table = getattr(args, "host", None) or getattr(args, "join", None)
    if table:
        settings.table_id = table
    for arg, key in (("tablet", "tablet_id"), ("side", "table_side"), ("broker", "table_broker"),
                     ("user", "table_user"), ("password_file", "table_password_file"),
                     ("tls_ca", "table_tls_ca"), ("key_file", "table_key_file")):
        value = getattr(args, arg, None)
        if value is not None:
            setattr(settings, key, value)
    if getattr(args, "anonymous", False):
        settings.table_anonymous = True
    return bool(table)


class _Kept:
    """What a screenshot run in the player's own data folder must leave as it found: the saved
    games (the run's demo game is deleted), the settings and the screen it was on."""

    def __init__(self, table: Any) -> None:
        from companion.ui.controller import SETTINGS_FILE, STATE_FILE

        self.data_dir = Path(table.store.data_dir)
        self.games = {g.id for g in table.store.list_games(include_empty=True)}
        self.files = {self.data_dir / name: (self.data_dir / name).read_bytes()
                      if (self.data_dir / name).exists() else None
                      for name in (SETTINGS_FILE, STATE_FILE)}

    def restore(self) -> None:
        from companion.store import GameStore, StoreError

        try:
            store = GameStore(self.data_dir)
            try:
                for g in store.list_games(include_empty=True):
                    if g.id not in self.games:
                        store.delete_game(g.id)
            finally:
                store.close()
            for path, text in self.files.items():
                if text is None:
                    path.unlink(missing_ok=True)
                else:
                    path.write_bytes(text)
        except (OSError, StoreError) as exc:
            print(f"companion app: the screenshot's game could not be removed: {exc}",
                  file=sys.__stderr__)


def run(args: argparse.Namespace) -> int:
    size = _size(args.size)
    if size is None:
        print(f"companion app: --size {args.size!r} is not WIDTHxHEIGHT (at least 320x240)",
              file=sys.stderr)
        return 2
    if args.dice is not None:
        from companion.ui import dicesources

        why = dicesources.validate(args.dice)
        if why:
            print(f"companion app: --dice {args.dice!r}: {why}", file=sys.stderr)
            return 2
    shot = Path(args.screenshot).resolve() if args.screenshot else None
    if shot is not None and shot.suffix.lower() != ".png":
        print("companion app: --screenshot needs a .png file name", file=sys.stderr)
        return 2
    if shot is not None and not shot.parent.is_dir():
        print(f"companion app: folder {shot.parent} does not exist", file=sys.stderr)
        return 2
    from companion.ui.startup import quiet_kivy

    quiet_kivy(size, screenshot=shot is not None)
    try:
        from kivy.config import Config
    except ImportError:
        print("companion app: Kivy is not installed (scripts/setup app installs it)", file=sys.stderr)
        return 2
    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("input", "mouse", "mouse,disable_multitouch")
    Config.set("kivy", "exit_on_escape", "1")

    from companion.ui.controller import Table
    from companion.ui.demo import prepare

    data_dir: Any = args.data_dir
    tmp = None
    if shot is not None and data_dir is None:
        tmp = tempfile.TemporaryDirectory(prefix="companion-shot-")
        data_dir = tmp.name
    table = Table.open(data_dir)
    kept = _Kept(table) if shot is not None and tmp is None else None  # nothing left behind
    from companion.ui.i18n import set_language

    set_language(os.environ.get("COMPANION_LANG") or table.settings.language)  # before the screens load
    if args.dice is not None:
        table.settings.dice = args.dice
    at_table = _table_settings(table.settings, args)
    if shot is not None:
        table.sim_delay = 3600.0  # keep "waiting for dice" on the picture
        table.settings.sound = False
        table.settings.dice = args.dice or "sim"
        prepare(table, args.screen or "board", args.scenario, args.seed)
    elif args.scenario:
        if not table.new_game(args.scenario):  # Kivy holds sys.stderr by now: the real one
            print(f"companion app: {table.message}", file=sys.__stderr__)
            table.close()
            return 2
    else:
        if not table.restore() and (args.screen is None or args.screen in ("board", "air", *BOARD_SHOTS)):
            from companion.scenarios import DEMO_SCENARIO

            table.new_game(DEMO_SCENARIO)  # first start: the demo scenario, simulated dice
        if args.screen:
            table.screen = BOARD_SHOTS.get(args.screen, args.screen)
            if table.session is None and table.screen not in ("start", "settings", "dashboard"):
                table.screen = "start"
    if at_table and shot is None:
        table.save_settings()  # the table options are kept, as the settings screen keeps them
        ok = table.host_table() if args.host else table.join_table()
        if not ok:  # a broker that is not there: said once, the game goes on on this tablet
            print(f"companion app: {table.message}", file=sys.__stderr__)
            if args.join:
                table.close()
                return 1

    from companion.ui.app import CompanionApp

    result = {"code": 0}

    def ready(app: CompanionApp) -> None:
        if shot is None:
            return
        from kivy.clock import Clock
        from kivy.core.window import Window

        def take(dt: float) -> None:
            made = Window.screenshot(name=str(shot))  # Kivy adds a counter: rename
            if made:
                os.replace(made, shot)
                print(shot)
            else:
                result["code"] = 1
            app.stop()

        Clock.schedule_once(take, 0.5)

    try:
        CompanionApp(table, on_ready=ready).run()
    except Exception:  # Kivy takes over sys.stderr: say what broke on the real one
        import traceback

        traceback.print_exc(file=sys.__stderr__)
        return 1
    finally:
        if kept is not None:
            kept.restore()
        if tmp is not None:
            tmp.cleanup()
    return result["code"]
