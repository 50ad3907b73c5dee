"""docs/rules-coverage.md lists every terrain card, troop and rule variant with its tests."""

from __future__ import annotations

from pathlib import Path

from tests.rules.coverage_tables import HEADING, section


def test_coverage_doc_lists_every_terrain_troop_and_variant_with_a_test() -> None:
    generated = section()
    assert "**none**" not in generated, "a terrain, troop or variant has no test naming it"
    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules-coverage.md").read_text()
    assert HEADING in doc
    assert generated in doc, "regenerate with: python -m tests.rules.coverage_tables"
