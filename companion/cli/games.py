"""``companion games``: the saved games, and what to do with a damaged store.

    companion games                  # id, scenario, turn, status, when last played
    companion games check            # is the store sound? which games are intact?
    companion games export ID [-o FILE]   # the game as JSON lines (a damaged one: its intact events)
    companion games import FILE      # load an exported game

Exit 0 on success, 2 with a one-line message on stderr when the store cannot be read.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.store import GameStore

# companion packages are imported by the functions that use them: --help loads none (issue 18)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", help="where games are saved (default: COMPANION_DATA_DIR or "
                                           "the user's data folder)")
    parser.add_argument("--all", action="store_true", help="list games without any event too")
    sub = parser.add_subparsers(dest="games_command", metavar="ACTION")
    sub.add_parser("list", help="list the saved games (the default)")
    sub.add_parser("check", help="check the store and every game's events")
    exp = sub.add_parser("export", help="write a game as JSON lines (a damaged one: its intact events)")
    exp.add_argument("game_id")
    exp.add_argument("-o", "--output", help="file to write (default: stdout)")
    imp = sub.add_parser("import", help="load a game exported as JSON lines")
    imp.add_argument("file")
    imp.add_argument("--copy", action="store_true", help="give it a new id")


def _when(stamp: str, now: datetime | None = None) -> str:
    """An ISO time as a short local phrase: 'just now', '5 min ago', '3 h ago', or the date."""
    try:
        then = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if then.tzinfo is None:
        then = then.replace(tzinfo=UTC)
    seconds = ((now or datetime.now(UTC)) - then).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    return then.astimezone().strftime("%Y-%m-%d %H:%M")


def _list(store: GameStore, include_empty: bool) -> int:
    games = store.list_games(include_empty=include_empty)
    if not games:
        print(f"no saved games in {store.data_dir}")
        return 0
    rows = [("id", "scenario", "turn", "status", "last played", "events")]
    for g in games:
        status = g.status
        if g.status == "over":
            status = f"over: {g.winner} won" if g.winner else "over: no winner"
        rows.append((g.id, g.scenario, str(g.turn), status, _when(g.updated), str(g.events)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    return 0


def _check(store: GameStore) -> int:
    report = store.check()
    if report.file_ok:
        print(f"{store.path}: sound ({len(store.list_games(include_empty=True))} games)")
        return 0
    print(f"{store.path}: damaged", file=sys.stderr)
    for p in report.problems:
        print(f"  {p}", file=sys.stderr)
    for gid, intact in report.damaged_games.items():
        print(f"  game {gid}: events 1-{intact} intact; save them with "
              f"`companion games export {gid} -o {gid}.jsonl`", file=sys.stderr)
    return 1


def _export(store: GameStore, game_id: str, output: str | None) -> int:
    with contextlib.ExitStack() as stack:
        out = sys.stdout if output is None else stack.enter_context(
            open(output, "w", encoding="utf-8"))
        n = store.export_jsonl(game_id, out, intact_only=True)
    report_damage = store.intact_events(game_id)[1]
    if report_damage is not None:
        print(f"companion games: game {game_id} is damaged ({report_damage}); exported its "
              f"{n} intact events", file=sys.stderr)
    elif output is not None:
        print(f"exported {n} events of game {game_id} to {output}", file=sys.stderr)
    return 0


def _import(store: GameStore, path: str, copy: bool) -> int:
    try:
        with open(path, encoding="utf-8") as fh:
            gid = store.import_jsonl(fh, new_id=copy)
    except OSError as exc:
        print(f"companion games: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"companion games: {path} is not UTF-8 text", file=sys.stderr)
        return 2
    print(f"imported game {gid}")
    return 0


def run(args: argparse.Namespace) -> int:
    from companion.store import GameStore, StoreCorrupt, StoreError

    action = args.games_command or "list"
    try:
        # a damaged file is still opened (no quick_check refusal) so what is intact can be saved
        store = GameStore(Path(args.data_dir) if args.data_dir else None, check=action == "list",
                          allow_read_only=action != "import")
    except StoreCorrupt as exc:
        print(f"companion games: {exc}", file=sys.stderr)
        return 2
    except StoreError as exc:
        print(f"companion games: cannot open the game store: {exc}", file=sys.stderr)
        return 2
    try:
        if action == "check":
            return _check(store)
        if action == "export":
            return _export(store, args.game_id, args.output)
        if action == "import":
            return _import(store, args.file, args.copy)
        return _list(store, args.all)
    except StoreError as exc:
        print(f"companion games: {exc}", file=sys.stderr)
        return 2
    finally:
        store.close()
