"""``companion rules [FILE]``: the rules referee, one JSON query in, one JSON answer out.

Reads the query from FILE, or from stdin when FILE is absent or ``-``. Exit 0 with the answer,
or exit 2 with ``{"error": {"field": ..., "message": ...}}``; never a traceback.
See ``docs/rules-referee.md``.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a referee query's start)

if TYPE_CHECKING:
    import argparse
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
    try:  # utf-8-sig by hand: its codec is one more import for every query
        return data.removeprefix(b"\xef\xbb\xbf").decode("utf-8"), None
    except UnicodeDecodeError:
        return None, _error("", "the query is not UTF-8 text")


_SURROGATE_STARTS = frozenset(f"d{c}" for c in "89abcdef")


def _surrogate_escape(text: str) -> bool:
    """Whether the JSON text may hold a ``\\ud800``-``\\udfff`` escape (without :mod:`re`):
    then :func:`_lone_surrogate` looks for a lone one in the parsed query."""
    at = text.find("\\u")
    while at >= 0:
        if text[at + 2:at + 4].lower() in _SURROGATE_STARTS:
            return True
        at = text.find("\\u", at + 2)
    return False


def _lone_surrogate(value: object) -> str | None:
    """The dotted path of the first string (or key) holding a lone UTF-16 surrogate, or None."""
    stack: list[tuple[str, object]] = [("", value)]
    while stack:
        path, v = stack.pop()
        if isinstance(v, str):
            if _has_surrogate(v):
                return path
        elif isinstance(v, dict):
            items = list(v.items())
            for k, sub in reversed(items):
                if _has_surrogate(k):
                    return path  # the key itself cannot be printed: name the object holding it
                stack.append((f"{path}.{k}" if path else k, sub))
        elif isinstance(v, list):
            stack.extend((f"{path}.{i}" if path else str(i), sub) for i, sub in reversed(list(enumerate(v))))
    return None


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def answer_text(text: str) -> tuple[int, dict[str, Any]]:
    """Exit code and JSON object for one query text (used by the CLI and tests)."""
    from companion.cli import leanjson
    from companion.rules.referee import MAX_INT_DIGITS, HugeNumber, answer_or_error

    def read_int(digits: str) -> int | HugeNumber:
        # an integer too long for Python to read becomes a marker the referee names in its error
        return HugeNumber(len(digits.lstrip("-"))) if len(digits) > MAX_INT_DIGITS else int(digits)

    try:
        query = leanjson.loads(text, parse_int=read_int)
    except RecursionError:
        return 2, _error("", "malformed JSON: nested too deeply")
    except ValueError as exc:  # json.JSONDecodeError
        line, col, msg = getattr(exc, "lineno", 1), getattr(exc, "colno", 1), getattr(exc, "msg", str(exc))
        return 2, _error("", f"malformed JSON at line {line} column {col}: {msg}")
    if _surrogate_escape(text):
        where = _lone_surrogate(query)
        if where is not None:
            return 2, _error(where, "a text or key here holds a lone UTF-16 surrogate (a \\ud800-"
                                    "\\udfff escape that is not half of a pair), which is no character")
    try:
        return answer_or_error(query)
    except Exception as exc:  # the boundary: a bug must still give a clean, honest answer
        return 2, _error("", f"the referee could not answer this query ({type(exc).__name__}: {exc})")


def dump_answer(out: dict[str, Any], indent: int | None = None) -> bytes:
    """The answer as UTF-8 bytes, one JSON document and a newline, whatever the locale.

    A string that cannot be UTF-8 (a lone surrogate given through the Python API) is written
    as a JSON escape instead of failing, or of a raw byte under a C locale."""
    from companion.cli import leanjson

    text = leanjson.dumps(out, indent=indent, ensure_ascii=False, default=repr)
    try:
        return (text + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (leanjson.dumps(out, indent=indent, ensure_ascii=True, default=repr) + "\n").encode("ascii")


def run(args: argparse.Namespace) -> int:
    text, err = _read(args.file)
    if err is not None or text is None:
        code, out = 2, err or _error("", "no query")
    else:
        code, out = answer_text(text)
    sys.stdout.flush()
    sys.stdout.buffer.write(dump_answer(out, args.indent))
    sys.stdout.buffer.flush()
    return code
