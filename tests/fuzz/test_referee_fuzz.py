"""Fuzzing the rules referee: hostile queries get exit 2 and an error naming a field, never an
internal error, a traceback, bytes that are not UTF-8, or a hang.

The first examples are the inputs that once broke it (issue 17): a lone surrogate echoed in an
id or a key, an integer of more than 4,300 digits, a list as ``side``, ``section``, ``order`` or
``banned_types`` in the air asks, a superscript digit in a hex name, and a ``victory`` ask with
ten million eliminated units. Then hypothesis mutates valid queries of every ask: one field
replaced by a hostile value, a field added or removed, random bodies for every ask, and random
JSON text.

``FUZZ_EXAMPLES`` (default 200) sets the examples per test; the counts of inputs tried,
crashes and hangs are printed at the end of the module (``pytest -s``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.cli.rules import answer_text, dump_answer
from companion.rules.referee import ASKS, answer_or_error, load_plugins

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "200"))
HANG_SECONDS = 2.0  # no referee answer may take longer (the slowest real ones take ~1 ms)
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
INTERNAL = "could not answer this query"
TRIED = {"inputs": 0, "crashes": 0, "hangs": 0}


def u(uid: str, side: str, kind: str, where: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": where, **extra}


# one valid query per ask family; the mutations start from these
BASES: list[dict[str, Any]] = [
    {"board": "standard", "bottom": "allies", "rules": {"air": None},
     "terrain": [{"hex": "F5", "type": "forest"}, {"hex": "F5", "type": "sandbags"}],
     "units": [u("a1", "allies", "infantry", "F3", figures=4), u("x1", "axis", "armor", "F5", moved=0)],
     "ask": {"battle": {"attacker": "a1", "target": "x1", "card": None}},
     "dice": ["infantry", "grenade", "flag"]},
    {"units": [u("a1", "allies", "infantry", "F3"), u("x1", "axis", "infantry", "F5")],
     "ask": {"move": {"unit": "a1"}}},
    {"units": [u("a1", "allies", "infantry", "C3")], "ask": {"line_of_sight": {"from": "C3", "to": "F6"}}},
    {"units": [u("a1", "allies", "infantry", "F3"), u("a2", "allies", "armor", "B1")],
     "ask": {"orders": {"card": "attack_left", "side": "allies", "units": ["a2"]}}},
    {"units": [u("a1", "allies", "infantry", "F3"), u("x1", "axis", "infantry", "F5")],
     "ask": {"victory": {"target": 4, "eliminated": {"allies": 1, "axis": 2},
                         "exited": {"allies": 0}, "extra": {"axis": 1},
                         "objectives": [{"id": "town", "kind": "temporary", "hexes": ["F5"],
                                         "side": "allies"}]}}},
    {"units": [u("a1", "allies", "infantry", "F3"), u("x1", "axis", "infantry", "F5")],
     "ask": {"card_attack": {"card": "barrage", "side": "allies", "targets": ["x1"]}},
     "dice": [["grenade", "flag", "star", "infantry"]]},
    {"rules": {"air": "air-pack"},
     "units": [u("p1", "allies", "airplane", "E5", model="spitfire", airborne=True),
               u("x1", "axis", "infantry", "F6")],
     "ask": {"air_sortie": {"side": "allies", "section": "left", "card": "air_sortie"}}},
    {"rules": {"air": "air-pack"},
     "units": [u("p1", "allies", "airplane", "E5", model="spitfire", airborne=True),
               u("x1", "axis", "infantry", "F6")],
     "ask": {"air_check": {"plane": "p1"}}, "dice": ["grenade", "flag"]},
    {"rules": {"air": "flight-plan"},
     "units": [u("fb", "allies", "fighter_bomber", "H5", airborne=True,
                 ammo={"machine_gun": 1, "bomb": 1}),
               u("x1", "axis", "infantry", "E5"), u("x2", "axis", "armor", "F5")],
     "ask": {"attack_run": {"plane": "fb", "markers": [{"hex": "E5", "ammo": "machine_gun"},
                                                       {"hex": "F5", "ammo": "bomb"}]}},
     "dice": [["grenade"], ["grenade", "flag"]]},
    {"rules": {"air": "flight-plan"}, "units": [u("x1", "axis", "infantry", "E5")],
     "ask": {"deploy": {"side": "allies", "type": "fighter", "order": "section", "section": "left",
                        "banned_types": ["bomber"]}}},
]

HEXES = ["A9", "A1", "a8", "G5", "F3", "F5", "E5", "M1", "A8", "Z9", "G0", "G10", "A\u00b2",
         "A\u0663", "g\u2075", "", "G", "55"]
NAMES = ["allies", "axis", "left", "center", "right", "section", "tactic", "move_only", "fighter",
         "bomber", "infantry", "armor", "airplane", "spitfire", "barrage", "air_power",
         "attack_left", "counter_attack", "flag", "grenade", "star", "forest", "a1", "x1", "p1",
         "fb", "machine_gun", "bomb", "temporary", "permanent", "\ud800", "\udc80", "\x80",
         "\u0000", "x" * 300]
HUGE = 10**5000 + 1

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**6), 10**7),
    st.sampled_from([0, 1, 2]).map(lambda k: (HUGE, -HUGE, 10**30)[k]),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(NAMES), st.sampled_from(HEXES),
    st.text(max_size=12))


def _containers(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    keys = st.one_of(st.sampled_from(NAMES), st.text(max_size=8))
    return st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4))


json_values = st.recursive(json_scalars, _containers, max_leaves=12)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value (dict keys and list indexes), the root excluded."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield (*prefix, k)
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield (*prefix, i)
            yield from paths(v, (*prefix, i))


def copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


def parent_of(query: Any, path: tuple[Any, ...]) -> Any:
    node = query
    for step in path[:-1]:
        node = node[step]
    return node


@st.composite
def mutated_queries(draw: st.DrawFn) -> Any:
    query = copy_json(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        places = list(paths(query))
        if not places:
            break
        path = draw(st.sampled_from(places))
        parent = parent_of(query, path)
        how = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add"]))
        if how == "replace":
            parent[path[-1]] = draw(json_values)
        elif how == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(NAMES))] = draw(json_values)
        else:
            parent.append(draw(json_values))
    return query


def ask_fields() -> dict[str, tuple[str | None, list[str]]]:
    """Each ask's body fields, read from the referee's own "unknown field" answer, and the air
    rules it needs."""
    load_plugins()
    out: dict[str, tuple[str | None, list[str]]] = {}
    for name in sorted(ASKS):
        for air in (None, "air-pack", "flight-plan"):
            _, reply = answer_or_error({"rules": {"air": air}, "ask": {name: {"?": 1}}})
            message = reply.get("error", {}).get("message", "")
            found = re.search(r"unknown field; allowed: (.*)", message)
            if found:
                out[name] = (air, found.group(1).split(", "))
                break
    return out


FIELDS = ask_fields()


@st.composite
def random_bodies(draw: st.DrawFn) -> Any:
    name = draw(st.sampled_from(sorted(FIELDS)))
    air, fields = FIELDS[name]
    base = copy_json(draw(st.sampled_from([b for b in BASES if (b.get("rules") or {}).get("air") == air]
                                           or BASES[:1])))
    chosen = draw(st.lists(st.sampled_from(fields), max_size=len(fields), unique=True))
    base["ask"] = {name: {f: draw(st.one_of(json_values, st.sampled_from(NAMES + HEXES)))
                          for f in chosen}}
    if draw(st.booleans()):
        base["dice"] = draw(json_values)
    return base


def check_text(text: str) -> None:
    """One query text through the CLI's own function: a clean answer or a clean error."""
    TRIED["inputs"] += 1
    t0 = time.perf_counter()
    try:
        code, out = answer_text(text)
        raw = dump_answer(out)
    except BaseException:
        TRIED["crashes"] += 1
        raise
    took = time.perf_counter() - t0
    if took > HANG_SECONDS:
        TRIED["hangs"] += 1
    assert took <= HANG_SECONDS, f"{took:.1f} s for one query"
    assert code in (0, 2)
    back = json.loads(raw.decode("utf-8"))  # strict UTF-8, one JSON document
    if code == 2:
        err = back["error"]
        assert isinstance(err["field"], str) and isinstance(err["message"], str) and err["message"]
        if INTERNAL in err["message"]:
            TRIED["crashes"] += 1
        assert INTERNAL not in err["message"], err


def check_query(query: Any) -> None:
    """One query as Python objects: through answer_or_error (the Python API) and as JSON text."""
    TRIED["inputs"] += 1
    t0 = time.perf_counter()
    try:
        code, out = answer_or_error(query)
    except BaseException:
        TRIED["crashes"] += 1
        raise
    took = time.perf_counter() - t0
    if took > HANG_SECONDS:
        TRIED["hangs"] += 1
    assert took <= HANG_SECONDS, f"{took:.1f} s for one query"
    assert code in (0, 2)
    if code == 2:
        assert set(out) == {"error"} and isinstance(out["error"]["field"], str)
    TRIED["inputs"] -= 1  # the text form below counts as the same input
    try:
        text = json.dumps(query, allow_nan=True)
    except ValueError:  # an int too long to write as text: the Python API was the test
        TRIED["inputs"] += 1
        return
    check_text(text)


SURROGATE_ID = ('{"units": [{"id": "\\ud800", "side": "allies", "type": "infantry", "hex": "F3"}],'
                ' "ask": {"move": {"unit": "\\ud800"}}}')
SURROGATE_KEY = '{"ask": {"\\udc80": {}}}'
SURROGATE_TOP = '{"\\udc80": 1, "ask": {"move": {"unit": "a"}}}'
HUGE_FIGURES = ('{"units": [{"id": "a1", "side": "allies", "type": "infantry", "hex": "F3", '
                '"figures": ' + "9" * 5000 + '}], "ask": {"move": {"unit": "a1"}}}')
HUGE_DICE = '{"ask": {"move": {"unit": "a1"}}, "dice": [-' + "1" * 4301 + "]}"
AIR_PACK = {"rules": {"air": "air-pack"},
            "units": [u("p1", "allies", "airplane", "E5", model="spitfire", airborne=True)]}
FLIGHT_PLAN = {"rules": {"air": "flight-plan"}, "units": [u("x1", "axis", "infantry", "E5")]}
ISSUE_QUERIES: list[Any] = [
    {**AIR_PACK, "ask": {"air_sortie": {"side": ["allies"]}}},
    {**AIR_PACK, "ask": {"air_sortie": {"side": "allies", "section": ["left"]}}},
    {**AIR_PACK, "ask": {"air_sortie": {"side": "allies", "with_section_card": {"a": 1}}}},
    {**AIR_PACK, "ask": {"air_move": {"plane": "p1", "path": ["E5"], "section": ["left"]}}},
    {**FLIGHT_PLAN, "ask": {"deploy": {"side": ["allies"], "type": "fighter"}}},
    {**FLIGHT_PLAN, "ask": {"deploy": {"side": "allies", "type": "fighter", "order": ["section"]}}},
    {**FLIGHT_PLAN, "ask": {"deploy": {"side": "allies", "type": "fighter", "banned_types": [["x"]]}}},
    {**FLIGHT_PLAN, "ask": {"deploy": {"side": "allies", "type": "fighter", "section": ["left"]}}},
    {"ask": {"line_of_sight": {"from": "A\u00b2", "to": "G5"}}},
    {"units": [u("a1", "allies", "infantry", "G\u2075")], "ask": {"move": {"unit": "a1"}}},
    {"ask": {"victory": {"target": 4, "eliminated": {"allies": 10**7}}}},
    {"ask": {"victory": {"target": 4, "exited": {"axis": 10**8}}}},
    {"ask": {"victory": {"target": 10**9}}},
    {"units": [u("a1", "allies", "infantry", "F3", figures=HUGE)], "ask": {"move": {"unit": "a1"}}},
    {"units": [u("a1", "allies", "infantry", "F3")], "ask": {"move": {"unit": "a1", "max_hexes": [HUGE]}}},
]


@pytest.mark.parametrize("text", [SURROGATE_ID, SURROGATE_KEY, SURROGATE_TOP, HUGE_FIGURES, HUGE_DICE])
def test_issue_texts_are_clean_errors(text: str) -> None:
    check_text(text)
    code, out = answer_text(text)
    assert code == 2 and INTERNAL not in out["error"]["message"]


def test_issue_texts_name_their_field() -> None:
    assert answer_text(SURROGATE_ID)[1]["error"]["field"] == "units.0.id"
    assert answer_text(SURROGATE_KEY)[1]["error"]["field"] == "ask"
    assert answer_text(HUGE_FIGURES)[1]["error"] == {
        "field": "units.0.figures", "message": "expected a whole number, got a 5000-digit number"}
    assert answer_text(HUGE_DICE)[1]["error"]["field"] == "dice.0"


@pytest.mark.parametrize("query", ISSUE_QUERIES)
def test_issue_queries_are_clean_errors_naming_a_field(query: Any) -> None:
    check_query(query)
    code, out = answer_or_error(query)
    assert code == 2 and out["error"]["field"].startswith(("ask.", "units.")), out


def test_victory_counts_are_bounded() -> None:
    code, out = answer_or_error({"ask": {"victory": {"target": 4, "eliminated": {"allies": 10**7}}}})
    assert code == 2 and out["error"]["field"] == "ask.victory.eliminated.allies"
    assert "0..1000" in out["error"]["message"]


def test_a_lone_surrogate_given_through_python_is_still_utf8_on_the_way_out() -> None:
    raw = dump_answer({"error": {"field": "units.0.id", "message": "no unit has the id '\ud800'"}})
    assert json.loads(raw.decode("utf-8"))["error"]["message"].endswith("'\ud800'")


@pytest.mark.parametrize("locale", ["C", "C.UTF-8"])
def test_the_cli_writes_utf8_and_no_traceback_under_any_locale(locale: str) -> None:
    for text in (SURROGATE_KEY, SURROGATE_TOP, HUGE_FIGURES):
        env = {**os.environ, "LC_ALL": locale, "LANG": locale, "PYTHONIOENCODING": ""}
        proc = subprocess.run([sys.executable, "-m", "companion", "rules"], input=text.encode(),
                              capture_output=True, env=env, timeout=60)
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr == b""
        out = json.loads(proc.stdout.decode("utf-8"))
        assert set(out) == {"error"}


@FUZZ
@given(mutated_queries())
@example(ISSUE_QUERIES[0])
def test_fuzz_mutated_queries(query: Any) -> None:
    check_query(query)


@FUZZ
@given(random_bodies())
def test_fuzz_every_ask_with_random_bodies(query: Any) -> None:
    check_query(query)


@FUZZ
@given(st.one_of(st.text(max_size=60), json_values.map(lambda v: json.dumps(v, allow_nan=True)
                                                       if not _has_huge(v) else "[]"),
                 mutated_queries().map(lambda q: _garble(json.dumps(q, allow_nan=True))
                                       if not _has_huge(q) else "{")))
@example(SURROGATE_ID)
@example(HUGE_FIGURES)
@example("[" * 100_000)
def test_fuzz_query_text(text: str) -> None:
    check_text(text)


def _has_huge(value: Any) -> bool:
    if isinstance(value, int) and not isinstance(value, bool):
        return value.bit_length() > 10_000
    if isinstance(value, dict):
        return any(_has_huge(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_huge(v) for v in value)
    return False


def _garble(text: str) -> str:
    """Cut the text short at a point picked from its length (truncated input)."""
    return text[: len(text) * 2 // 3]


def test_zz_report() -> None:
    """Not a check: prints the counts for the notes (run with -s)."""
    print(f"\nreferee fuzz: {TRIED['inputs']} inputs tried, {TRIED['crashes']} crashes, "
          f"{TRIED['hangs']} hangs")
    assert TRIED["crashes"] == 0 and TRIED["hangs"] == 0
