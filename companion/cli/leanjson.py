"""JSON for the referee's one query per process, without importing :mod:`json`.

``import json`` imports :mod:`re` (and through it :mod:`enum`...) and compiles its regular
expressions: on Python 3.11 that is most of a bare interpreter's start again, for a query
that takes a tenth of a millisecond to answer (issue 18). The parsing and writing are done by
the C accelerator the :mod:`json` package itself uses (``_json``'s scanner and encoder), set up
exactly as ``json.loads``/``json.dumps`` set it up; anything unusual (no accelerator, a
document that does not parse) goes to :mod:`json` itself, so the answers and the error
messages are the same as :mod:`json`'s. ``tests/cli/test_leanjson.py`` compares the two.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

try:
    import _json
except ImportError:  # pragma: no cover - an interpreter without the accelerator
    _json = None  # type: ignore[assignment]

_WHITESPACE = " \t\n\r"
_CONSTANTS = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}


class _Context:
    """What ``_json.make_scanner`` reads from a ``json.JSONDecoder``."""

    def __init__(self, parse_int: Callable[[str], Any] | None) -> None:
        self.strict = True
        self.object_hook = None
        self.object_pairs_hook = None
        self.parse_float = float
        self.parse_int = parse_int or int
        self.parse_constant = _CONSTANTS.__getitem__
        self.memo: dict[str, str] = {}


def loads(text: str, parse_int: Callable[[str], Any] | None = None) -> Any:
    """As ``json.loads(text, parse_int=parse_int)``, and raises what it raises."""
    if _json is not None and not text.startswith("\ufeff"):
        try:
            scan = _json.make_scanner(_Context(parse_int))  # type: ignore[arg-type]
            start = len(text) - len(text.lstrip(_WHITESPACE))
            value, end = scan(text, start)
        except (StopIteration, ValueError, TypeError, SystemError):
            # let json say what is wrong, in its own words (the accelerator alone cannot: its
            # errors import json.decoder, and on 3.11 that fails with a SystemError when json
            # was never imported)
            pass
        else:
            if len(text[end:].lstrip(_WHITESPACE)) == 0:
                return value
    import json

    return json.loads(text, parse_int=parse_int)


def dumps(value: Any, ensure_ascii: bool = True, default: Callable[[Any], Any] | None = None,
          indent: int | None = None) -> str:
    """As ``json.dumps(value, ensure_ascii=..., default=..., indent=...)``."""
    if _json is not None and indent is None and not isinstance(value, str):
        try:
            encode = _json.make_encoder(
                {}, default or _no_default,
                _json.encode_basestring_ascii if ensure_ascii else _json.encode_basestring,
                None, ": ", ", ", False, False, True)
            return "".join(encode(value, 0))
        except (TypeError, ValueError, RecursionError):
            pass  # json raises (or writes) it in its own words
    import json

    return json.dumps(value, ensure_ascii=ensure_ascii, default=default, indent=indent)


def _no_default(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
