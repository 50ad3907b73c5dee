"""``companion rules [FILE]``: the rules referee, one JSON query in, one JSON answer out.

Reads the query from FILE, or from stdin when FILE is absent or ``-``. Exit 0 with the answer,
or exit 2 with ``{"error": {"field": ..., "message": ...}}``; never a traceback.
See ``docs/rules-referee.md``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", default="-",
                        help="a JSON query file; '-' or nothing reads stdin")
    parser.add_argument("--indent", type=int, default=None,
                        help="pretty-print the answer with this indent (default: one line)")


def _error(field: str, message: str) -> dict[str, Any]:
    return {"error": {"field": field, "message": message}}


def _read(path: str) -> tuple[str | None, dict[str, Any] | None]:
    """The query text, or an error object."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as fh:
                data = fh.read()
    except OSError as exc:
        return None, _error("", f"cannot read {path}: {exc.strerror or exc}")
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError:
        return None, _error("", "the query is not UTF-8 text")


def answer_text(text: str) -> tuple[int, dict[str, Any]]:
    """Exit code and JSON object for one query text (used by the CLI and tests)."""
    try:
        query = json.loads(text)
    except json.JSONDecodeError as exc:
        return 2, _error("", f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}")
    except RecursionError:
        return 2, _error("", "malformed JSON: nested too deeply")
    try:
        from companion.rules.referee import answer_or_error

        return answer_or_error(query)
    except Exception as exc:  # the boundary: a bug must still give a clean, honest answer
        return 2, _error("", f"the referee could not answer this query ({type(exc).__name__}: {exc})")


def run(args: argparse.Namespace) -> int:
    text, err = _read(args.file)
    if err is not None or text is None:
        code, out = 2, err or _error("", "no query")
    else:
        code, out = answer_text(text)
    sys.stdout.write(json.dumps(out, indent=args.indent, ensure_ascii=False) + "\n")
    sys.stdout.flush()
    return code
