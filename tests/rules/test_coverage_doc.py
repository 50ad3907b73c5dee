"""docs/rules-coverage.md lists every terrain card, troop and rule variant with its tests."""

from __future__ import annotations

import re
from pathlib import Path

from companion.rules.terrain import TERRAIN
from companion.rules.units import UNITS
from companion.rules.variants import VARIANTS
from tests.rules.coverage_tables import HEADING, name_uses

_ROW = re.compile(r"^\| `([a-z0-9_]+)` \| .* \| (.+) \|$")


def test_coverage_doc_lists_every_terrain_troop_and_variant_with_a_test() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules-coverage.md").read_text()
    assert HEADING in doc
    rows: dict[str, list[str]] = {}
    for line in doc[doc.index(HEADING):].splitlines():
        m = _ROW.match(line)
        if m:
            rows[m.group(1)] = re.findall(r"`([^`]+::[^`]+)`", m.group(2))
    using = name_uses()
    for name in (*TERRAIN, *UNITS, *VARIANTS):
        assert name in rows, f"{name} has no row (python -m tests.rules.coverage_tables)"
        assert rows[name], f"{name} names no test"
        for test in rows[name]:
            assert test in using.get(name, []), f"{test} does not use {name!r}"
