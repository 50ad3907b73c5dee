"""An outside tester's referee cases (issue 16, "held-out referee cases").

`tests/rules/data/audit_cases.json` (built by `tests/rules/build_audit_cases.py`) holds each case
as a contract query, what the rule text says the answer must be, and the sentence it comes from.
Every case runs through `companion.cli.rules.answer_text`, the function the `companion rules`
command runs; the ones marked `cli` also run through the real command in a subprocess.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli.rules import answer_text

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data" / "audit_cases.json"
CASES: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["cases"]
_MISSING = object()


def resolve(value: Any, path: str) -> list[Any]:
    """Every value at `path`: `*` maps over a list, `[key=value]` picks the list item that matches."""
    values = [value]
    for part in path.split("."):
        nxt: list[Any] = []
        for v in values:
            if part == "*":
                if not isinstance(v, list):
                    return [_MISSING]
                nxt.extend(v)
            elif part.startswith("[") and part.endswith("]"):
                key, _, want = part[1:-1].partition("=")
                items = v if isinstance(v, list) else []
                found = [item for item in items if isinstance(item, dict) and str(item.get(key)) == want]
                nxt.append(found[0] if found else _MISSING)
            elif isinstance(v, list) and part.isdigit():
                nxt.append(v[int(part)] if int(part) < len(v) else _MISSING)
            elif isinstance(v, dict):
                nxt.append(v.get(part, _MISSING))
            else:
                nxt.append(_MISSING)
        values = nxt
    return values


def check(answer: Any, path: str, op: str, want: Any) -> str | None:
    """None when the expectation holds, else what went wrong."""
    got = resolve(answer, path)
    star = "*" in path.split(".")
    if op == "falsy":
        if all(g is _MISSING or not g for g in got):
            return None
        return f"{path} should be absent or false: got {got!r}"
    if not star:
        if got[0] is _MISSING:
            return f"{path}: missing"
        got_one = got[0]
    if _MISSING in got:
        return f"{path}: missing"
    if op == "eq":
        ok = (got if star else got_one) == want
    elif op == "set":
        ok = sorted(map(json.dumps, got if star else got_one)) == sorted(map(json.dumps, want))
    elif op == "contains":
        have = got if star else got_one
        ok = all(w in have for w in want)
    elif op == "excludes":
        have = got if star else got_one
        ok = not any(w in have for w in want)
    elif op == "len":
        ok = len(got if star else got_one) == want
    elif op == "startswith":
        ok = isinstance(got_one, str) and got_one.startswith(want)
    elif op == "ge":
        ok = (got if star else got_one) >= want
    else:
        return f"unknown op {op}"
    return None if ok else f"{path} {op} {want!r}: got {(got if star else got_one)!r}"


def run_case(case: dict[str, Any], answer: dict[str, Any], code: int) -> list[str]:
    problems: list[str] = []
    if code != case["exit"]:
        problems.append(f"exit {code}, expected {case['exit']}: {json.dumps(answer)[:400]}")
        return problems
    for path, op, want in case["expect"]:
        bad = check(answer, path, op, want)
        if bad:
            problems.append(bad)
    return problems


def case_text(case: dict[str, Any]) -> str:
    return case["raw"] if "raw" in case else json.dumps(case["query"])


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_audit_case(case: dict[str, Any]) -> None:
    code, answer = answer_text(case_text(case))
    problems = run_case(case, answer, code)
    assert not problems, f"{case['id']} ({case['source']} — {case['where']}): " + "; ".join(problems)


CLI_CASES = [c for c in CASES if c.get("cli")] + [c for c in CASES if c["area"] == "retreat"][:2]


@pytest.mark.parametrize("case", CLI_CASES, ids=[c["id"] for c in CLI_CASES])
def test_audit_case_through_the_command(case: dict[str, Any]) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "companion", "rules"], input=case_text(case),
                          capture_output=True, text=True, env=env, timeout=60, check=False)
    assert "Traceback" not in proc.stderr
    assert "Traceback" not in proc.stdout
    problems = run_case(case, json.loads(proc.stdout), proc.returncode)
    assert not problems, f"{case['id']}: " + "; ".join(problems)


def test_cases_name_their_sources() -> None:
    assert len(CASES) >= 120
    for doc in ("rules-referee.md", "rules-coverage.md"):  # the docs say how many there are
        assert f"{len(CASES)} " in (ROOT / "docs" / doc).read_text(encoding="utf-8"), doc
    assert len({c["id"] for c in CASES}) == len(CASES)
    for case in CASES:
        assert case["source"] and case["where"], case["id"]
        assert case["expect"], case["id"]
