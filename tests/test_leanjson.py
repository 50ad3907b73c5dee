"""``companion.cli.leanjson`` reads and writes what :mod:`json` does, and fails as it fails
(the referee's query process uses it instead of importing :mod:`json`; issue 18)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import leanjson

ROOT = Path(__file__).resolve().parents[1]

SCALARS = st.none() | st.booleans() | st.integers() | st.text() | \
    st.floats(allow_nan=False)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(VALUES, st.sampled_from(["", " ", "\n\t ", "\r\n"]), st.booleans())
def test_reads_and_writes_as_json(value: Any, space: str, ascii_only: bool) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert leanjson.dumps(value, ensure_ascii=ascii_only) == text
    assert leanjson.loads(space + text + space) == json.loads(space + text + space)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_any_text_parses_or_fails_as_json_does(text: str) -> None:
    try:
        expected: Any = ("ok", json.loads(text))
    except (ValueError, RecursionError) as exc:
        expected = ("error", type(exc).__name__, str(exc))
    try:
        got: Any = ("ok", leanjson.loads(text))
    except (ValueError, RecursionError) as exc:
        got = ("error", type(exc).__name__, str(exc))
    if expected[0] == "ok" and isinstance(expected[1], float) and math.isnan(expected[1]):
        assert got[0] == "ok" and math.isnan(got[1])
    else:
        assert got == expected


@pytest.mark.parametrize("text", ['{"a": 1', "[1, 2,]", '{"a" 1}', "", "   ", '"\\ud800"',
                                  '{"a": 1} x', "\ufeff{}", "NaN", "[Infinity, -Infinity]",
                                  '{"a": 1, "a": 2}', "1e400", "-0", '"\\u00e9"'])
def test_edge_cases(text: str) -> None:
    try:
        expected: Any = repr(json.loads(text))
    except ValueError as exc:
        expected = ("error", type(exc), str(exc), getattr(exc, "lineno", None), getattr(exc, "colno", None))
    try:
        got: Any = repr(leanjson.loads(text))
    except ValueError as exc:
        got = ("error", type(exc), str(exc), getattr(exc, "lineno", None), getattr(exc, "colno", None))
    assert got == expected


def test_parse_int_hook_and_default_and_errors() -> None:
    seen: list[str] = []

    def read_int(digits: str) -> int:
        seen.append(digits)
        return int(digits)

    assert leanjson.loads('{"a": [12, -3, 4.5]}', parse_int=read_int) == {"a": [12, -3, 4.5]}
    assert seen == ["12", "-3"]
    assert leanjson.dumps({"x": {1, 2}}, default=lambda v: sorted(v)) == '{"x": [1, 2]}'
    assert leanjson.dumps({"x": object()}, default=repr).startswith('{"x": "<object object')
    with pytest.raises(TypeError, match="not JSON serializable"):
        leanjson.dumps({"x": object()})
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        leanjson.dumps(loop)
    assert leanjson.dumps({"a": [1]}, indent=2) == json.dumps({"a": [1]}, indent=2)
    assert leanjson.dumps(float("nan")) == "NaN"
    assert leanjson.dumps("é") == json.dumps("é")


def test_malformed_json_in_a_process_that_never_imported_json() -> None:
    """The accelerator's own errors need json.decoder: in a fresh process they must still come
    out as json's errors (on 3.11 the accelerator alone raises a SystemError there)."""
    docs = ['{"bad', '{"a": 1', "[1, 2,]", '{"a" 1}', '"\\x"', "[", "tru", '{"a": "\x01"}']
    code = textwrap.dedent(f"""
        import sys
        from companion.cli import leanjson
        assert "json" not in sys.modules
        for doc in {docs!r}:
            try:
                leanjson.loads(doc)
            except ValueError as exc:
                print(type(exc).__name__, exc.lineno, exc.colno, exc.msg)
    """)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    expected = []
    for doc in docs:
        try:
            json.loads(doc)
        except json.JSONDecodeError as exc:
            expected.append(f"JSONDecodeError {exc.lineno} {exc.colno} {exc.msg}")
    assert out.stdout.splitlines() == expected


def test_a_referee_query_process_imports_no_json_re_dataclasses_typing_or_inspect(tmp_path: Path) -> None:
    query = tmp_path / "q.json"
    query.write_text(json.dumps({"board": "standard", "units": [
        {"id": "a1", "side": "allies", "type": "infantry", "hex": "F3"},
        {"id": "x1", "side": "axis", "type": "infantry", "hex": "F5"}],
        "ask": {"battle": {"attacker": "a1", "target": "x1"}}, "dice": ["flag", "infantry"]}))
    code = textwrap.dedent(f"""
        import io, sys
        from companion.cli import main
        real = sys.stdout
        sys.stdout = io.TextIOWrapper(io.BytesIO())
        code = main(["rules", {str(query)!r}])
        sys.stdout = real
        print(code, " ".join(sorted(sys.modules)))
    """)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    code_word, *mods = out.stdout.split()
    assert code_word == "0"
    assert "companion.rules.battle" in mods
    assert not {"json", "re", "dataclasses", "typing", "inspect", "argparse"} & set(mods)
