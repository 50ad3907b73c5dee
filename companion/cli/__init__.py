"""The ``companion`` command line: one module per sub-command, imported only when used."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

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


def version() -> str:
    """The installed package's version (the source tree's when it is not installed)."""
    from importlib import metadata

    try:
        return metadata.version("m44-companion")
    except metadata.PackageNotFoundError:
        from companion import __version__

        return __version__


def _load(name: str) -> object | None:
    module, _ = COMMANDS[name]
    try:
        return importlib.import_module(f"companion.cli.{module}")
    except ModuleNotFoundError as exc:
        if exc.name == f"companion.cli.{module}":
            return None
        raise


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    parser.add_argument("--version", action="version", version=f"companion {version()}")
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
