"""Bad input to the referee (the brief: "bad input gets a clear message ... never crashes").

The audit cases' queries, each broken a few ways at random (a key dropped, a value of the wrong
type, a list item doubled, a value another query had under the same key): every answer is
either an answer that is plain JSON or the contract's error (``QueryError``), never another
exception. Seeded, so a failure names the query that broke it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.rules.referee import QueryError, answer
from tests.breaking import broken, pool_by_key

DATA = Path(__file__).resolve().parent / "data" / "audit_cases.json"
QUERIES: list[dict[str, Any]] = [c["query"] for c in json.loads(DATA.read_text("utf-8"))["cases"]
                                 if isinstance(c.get("query"), dict)]
ODD: list[Any] = [None, True, False, 0, -1, 2, 99, 10**12, -10**12, 1.5, 1e308, "", "x", "Z99",
                  "a0", "A1", "allies", "ALLIES", [], {}, [None], [[]], {"x": 1}, ["A1"], "🙂"]


POOL = pool_by_key(QUERIES)


def test_variants_listing_something_not_a_name_is_an_error_not_a_crash() -> None:
    """Found by the run below: ``"variants": [[]]`` raised TypeError (a list is no dict key)."""
    with pytest.raises(QueryError) as info:
        answer({"units": [], "rules": {"variants": [[]]}, "ask": {"los": {"from": "A1", "to": "B1"}}})
    assert info.value.field == "rules.variants"


@pytest.mark.parametrize("seed", range(4))
def test_broken_queries_get_an_answer_or_the_contracts_error(seed: int) -> None:
    rnd = random.Random(seed)
    answered = 0
    for _ in range(2500):
        q = broken(rnd, rnd.choice(QUERIES), ODD, POOL)
        try:
            json.dumps(answer(q), allow_nan=False)
            answered += 1
        except QueryError as exc:
            assert exc.field and exc.message, json.dumps(q)[:400]
        except Exception as exc:  # the test's point: nothing else ever escapes
            pytest.fail(f"{type(exc).__name__}: {exc} on {json.dumps(q)[:1500]}")
    assert answered > 100  # the broken queries still reach the rules, not only the parser
