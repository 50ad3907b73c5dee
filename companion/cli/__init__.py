"""The ``companion`` command line: one module per sub-command, imported only when used."""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads it the same)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, NoReturn

# argparse (and the re, gettext and shutil it brings) is imported only once a command runs:
# ``companion`` and ``companion --help`` print the same text from quick_help() (issue 18).

# name -> (module under companion.cli, one-line help). Each module defines
# ``add_arguments(parser)`` and ``run(args) -> int``.
COMMANDS: dict[str, tuple[str, str]] = {
    "demo": ("demo", "a short tour of the rules referee in the terminal"),
    "rules": ("rules", "the rules referee: one JSON query in, one JSON answer out"),
    "cards": ("cards", "the command-card deck, or what one card does"),
    "scenario": ("scenario", "show or check a scenario file"),
    "play": ("play", "play a game in the terminal"),
    "games": ("games", "the saved games: list, check, export, import"),
    "tray": ("tray", "simulate a dice tray or listen to one"),
    "app": ("app", "start the tablet app"),
    "dashboard": ("dashboard", "convention mode: every table's game at a glance"),
    "sync": ("sync", "one game on several tablets over MQTT: host, join, acl, simulate"),
}


def _columns() -> int:
    """The terminal width as argparse's help formatter takes it (shutil.get_terminal_size)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def _wrap(text: str, width: int) -> list[str] | None:
    """``text`` filled to ``width`` as textwrap does it, or None where textwrap might differ
    (a word longer than the line, or a hyphenated word that textwrap could split)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if len(word) > width:
            return None
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            if "-" in word:
                return None
            lines.append(line)
            line = word
    return [*lines, line] if line else lines


def quick_help(columns: int | None = None) -> str | None:
    """``companion --help`` without argparse: argparse's very text for this parser, or None
    when the terminal is so narrow that argparse would wrap more than the description
    (tests/test_cli_startup.py compares the two at every width)."""
    width = (_columns() if columns is None else columns) - 2
    max_help_position = min(24, max(width - 20, 4))
    action_max = max(max(len(name) for name in COMMANDS), len("-h, --help"), len("COMMAND")) + 2
    help_position = min(action_max + 2, max_help_position)
    help_width = width - help_position
    usage = "usage: companion [-h] [--version] COMMAND ..."
    own_help = "show this help message and exit"
    version_help = "show program's version number and exit"
    if help_width < 11 or len(usage) > width or help_position - 4 < len("-h, --help"):
        return None
    if any(len(h) > help_width for _, h in COMMANDS.values()) or \
            max(len(own_help), len(version_help)) > help_width:
        return None
    description = _wrap(" ".join((__doc__ or "").split()), max(width, 11))
    if description is None:
        return None
    out = [usage, "", *description, "", "positional arguments:", "  COMMAND"]
    name_width = help_position - 4 - 2
    for name, (_, help_text) in COMMANDS.items():
        if len(name) <= name_width:
            out.append(f"    {name:<{name_width}}  {help_text}")
        else:
            out += [f"    {name}", " " * help_position + help_text]
    out += ["", "options:", f"  {'-h, --help':<{help_position - 4}}  {own_help}",
            f"  {'--version':<{help_position - 4}}  {version_help}", ""]
    return "\n".join(out)


def version() -> str:
    """The installed package's version (the source tree's when it is not installed)."""
    from importlib import metadata

    try:
        return metadata.version("m44-companion")
    except metadata.PackageNotFoundError:
        from companion import __version__

        return __version__


def _version_action(argparse: Any) -> Any:
    """An argparse action printing ``companion VERSION``, reading the version only when run."""

    class VersionAction(argparse.Action):  # type: ignore[misc]
        def __call__(self, parser: Any, namespace: object, values: object,
                     option_string: str | None = None) -> None:
            parser._print_message(f"companion {version()}\n", sys.stdout)
            parser.exit()

    return VersionAction


def _load(name: str) -> object | None:
    import importlib

    module, _ = COMMANDS[name]
    try:
        return importlib.import_module(f"companion.cli.{module}")
    except ModuleNotFoundError as exc:
        if exc.name == f"companion.cli.{module}":
            return None
        raise


def _quick_rules(args_list: list[str], as_program: bool = False) -> int | None:
    """``companion rules [FILE]`` without argparse (a referee query is the command run most
    often, by other programs); any option goes the argparse way. None when not this case.
    Run as the program, the query's few allocations need no cycle collector."""
    if not args_list or args_list[0] != "rules" or len(args_list) > 2:
        return None
    file = args_list[1] if len(args_list) == 2 else "-"
    if file.startswith("-") and file != "-":
        return None
    if as_program:
        import gc

        gc.disable()
    from types import SimpleNamespace

    from companion.cli import rules

    return rules.run(SimpleNamespace(command="rules", file=file, indent=None))  # type: ignore[arg-type]


def _exit_now(code: int) -> NoReturn:
    """End a process whose answer is written without tearing the interpreter down (freeing
    every module and object one by one is a tenth of a referee query's time; issue 18).
    Only for the quick referee path: nothing else is pending there (no file open for writing,
    no thread, no atexit work wanted)."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:  # a closed pipe: let the interpreter's own exit say so
        raise SystemExit(code) from None
    os._exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or args_list in (["-h"], ["--help"]):
        text = quick_help()
        if text is not None:
            sys.stdout.write(text)
            if args_list:
                raise SystemExit(0)  # as argparse's --help does
            return 0
    quick = _quick_rules(args_list, as_program=argv is None)
    if quick is not None:
        if argv is None:
            _exit_now(quick)
        return quick
    import argparse

    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    # the version is read (importlib.metadata, email, zipfile...: tens of ms) only when asked for
    parser.add_argument("--version", action=_version_action(argparse), nargs=0,
                        help="show program's version number and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    wanted = args_list[0] if args_list and args_list[0] in COMMANDS else None
    for name, (_, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if name == wanted:
            mod = _load(name)
            if mod is not None:
                mod.add_arguments(p)  # type: ignore[attr-defined]
    args, rest = parser.parse_known_args(args_list)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command is None:
        parser.print_help()
        return 0
    mod = _load(args.command)
    if mod is None:
        print(f"companion {args.command}: not available in this version yet", file=sys.stderr)
        return 2
    result: int = mod.run(args)  # type: ignore[attr-defined]
    return result


if __name__ == "__main__":
    raise SystemExit(main())
