"""``companion scenario``: show, check, list and convert scenarios.

    companion scenario show FILE|NAME     summary and a Unicode map (exit 2 if it cannot load)
    companion scenario check FILE|NAME    list problems (exit 0 when it plays fully, 2 when it
                                          reports an error or cannot load)
    companion scenario list               the built-in scenarios
    companion scenario import FILE.m44 -o OUT.json   convert an editor file to our format
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.scenarios import ScenarioError

# companion packages are imported by the functions that use them: --help loads none (issue 18)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    show = sub.add_parser("show", help="print a summary and a map of a scenario")
    show.add_argument("scenario", help="a .m44 or .json file, or a built-in name")
    show.add_argument("--lang", default="en", help="language of the texts (default en)")
    show.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                      help="colour the units by side (default: when printing to a terminal)")
    show.add_argument("--ascii", action="store_true",
                      help="draw the map with ASCII characters only (automatic when the "
                           "terminal cannot print the symbols)")
    check = sub.add_parser("check", help="list the problems of a scenario")
    check.add_argument("scenario", help="a .m44 or .json file, or a built-in name")
    sub.add_parser("list", help="list the built-in scenarios")
    imp = sub.add_parser("import", help="convert a .m44 editor file to this program's format")
    imp.add_argument("scenario", help="a .m44 file")
    imp.add_argument("-o", "--output", required=True, help="the .json file to write")


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except BrokenPipeError:
        # the reader went away (`| head`); stop quietly like other command-line tools
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _run(args: argparse.Namespace) -> int:
    from companion.scenarios import ScenarioError, resolve, save
    from companion.scenarios.check import problems
    from companion.scenarios.render import draw_map, summary

    action = getattr(args, "action", None)
    if action is None:
        print("companion scenario: choose an action: show, check, list, import "
              "(companion scenario --help)", file=sys.stderr)
        return 2
    try:
        if action == "list":
            return _list()
        scenario = resolve(args.scenario)
    except ScenarioError as exc:
        _report_load_error(args.scenario, exc)
        return 2
    if action == "show":
        color = args.color == "always" or (args.color == "auto" and sys.stdout.isatty()
                                           and "NO_COLOR" not in os.environ)
        ascii_only = args.ascii or not _can_print("·♣∩⌂★")
        if ascii_only:
            _replace_unprintable()
        print(summary(scenario, args.lang))
        print()
        print(draw_map(scenario, color=color, ascii_only=ascii_only))
        return 0
    if action == "check":
        found = problems(scenario)
        name = scenario.name()
        if not found:
            print(f"{args.scenario}: {name}: no problems")
            return 0
        n_err = sum(p.severity == "error" for p in found)
        print(f"{args.scenario}: {name}: {n_err} error(s), {len(found) - n_err} warning(s)")
        for p in found:
            print(f"  {p}")
        return 2 if n_err else 0
    if action == "import":
        try:
            save(scenario, args.output)
        except OSError as exc:
            print(f"companion scenario import: cannot write {args.output}: "
                  f"{exc.strerror or exc}", file=sys.stderr)
            return 2
        print(f"wrote {args.output} ({len(scenario.units)} units, {len(scenario.terrain)} "
              f"terrain pieces, {len(scenario.notes)} import notes)")
        return 0
    return 2  # argparse only lets known actions through


def _can_print(text: str) -> bool:
    try:
        text.encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _replace_unprintable() -> None:
    # scenario texts may hold accents and dashes; print "?" rather than fail
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")


def _list() -> int:
    from companion.scenarios import DEMO_SCENARIO, list_builtins, load_builtin

    for name in list_builtins():
        s = load_builtin(name)
        demo = "  (demo)" if name == DEMO_SCENARIO else ""
        air = f", air: {s.air.rules.value}" if s.air.rules else ""
        print(f"{name:<22} {s.name()} — {s.board.value}, {s.face.value}{air}{demo}")
    return 0


def _report_load_error(source: str, exc: ScenarioError) -> None:
    where = f" (field {exc.field})" if exc.field else ""
    print(f"companion scenario: cannot load {source}{where}: {exc.message}", file=sys.stderr)
