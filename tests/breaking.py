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


def broken(rnd: Any, doc: Any, odd: list[Any], pool: dict[str, list[Any]],
           breaks: tuple[int, ...] = (1, 1, 2, 3)) -> Any:
    """A copy of ``doc`` broken a few times (how many: a pick of ``breaks``) at places picked by
    ``rnd``: a key or item dropped, a value swapped for one of ``odd``, a list item doubled, or a
    value swapped for one another document had under the same key (``pool``)."""
    import copy

    d = copy.deepcopy(doc)
    for _ in range(rnd.choice(breaks)):
        spots = list(places(d))[1:]
        if not spots:
            break
        p = rnd.choice(spots)
        parent, key = at(d, p[:-1]), p[-1]
        roll = rnd.random()
        if roll < 0.2:
            del parent[key]
        elif roll < 0.55:
            parent[key] = copy.deepcopy(rnd.choice(odd))
        elif roll < 0.65 and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
        elif isinstance(key, str) and key in pool:
            parent[key] = copy.deepcopy(rnd.choice(pool[key]))
    return d
