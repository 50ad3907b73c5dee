"""Shared by the tests that break good input at random (referee queries, scenario files): walk a
JSON value's every place, and read the value at one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def places(o: Any, p: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into ``o`` (keys and list indexes), the empty path first."""
    yield p
    if isinstance(o, dict):
        for k, v in o.items():
            yield from places(v, (*p, k))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from places(v, (*p, i))


def at(o: Any, p: tuple[Any, ...]) -> Any:
    for k in p:
        o = o[k]
    return o


def pool_by_key(docs: list[Any], longest: int | None = None) -> dict[str, list[Any]]:
    """Every value found under each key name in ``docs`` (short ones only, given ``longest``):
    a break swaps a value for one another document had under the same key."""
    import json

    pool: dict[str, list[Any]] = {}
    for d in docs:
        for p in places(d):
            if p and isinstance(p[-1], str):
                v = at(d, p)
                if longest is None or not isinstance(v, (dict, list)) or len(json.dumps(v)) < longest:
                    pool.setdefault(p[-1], []).append(v)
    return pool
