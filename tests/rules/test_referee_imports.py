"""The referee imports what an ask needs and no more (issue 18), and its table of asks that
other modules register says truly which module registers which ask."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_python(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_plugin_table_names_what_each_module_registers() -> None:
    found = json.loads(run_python("""
        import importlib, json
        from companion.rules import referee
        built_in = dict(referee.ASKS)
        by_module = {}
        for module in dict.fromkeys(referee.PLUGIN_ASKS.values()):
            before = dict(referee.ASKS)
            importlib.import_module(module)
            by_module[module] = sorted(k for k, v in referee.ASKS.items() if before.get(k) is not v)
        print(json.dumps({"built_in": sorted(built_in), "by_module": by_module,
                          "table": referee.PLUGIN_ASKS}))
    """))
    expected: dict[str, list[str]] = {}
    for ask, module in found["table"].items():
        expected.setdefault(module, []).append(ask)
    assert found["by_module"] == {m: sorted(a) for m, a in expected.items()}
    assert {"battle", "move", "line_of_sight"} == set(found["built_in"])


def test_a_plain_battle_loads_no_card_terrain_air_variant_or_odds_tables() -> None:
    loaded = json.loads(run_python("""
        import json, sys
        from companion.rules.referee import answer
        q = {"board": "standard", "units": [
                {"id": "a1", "side": "allies", "type": "infantry", "hex": "F3"},
                {"id": "x1", "side": "axis", "type": "infantry", "hex": "F5"}],
             "ask": {"battle": {"attacker": "a1", "target": "x1"}}, "dice": ["flag", "infantry"]}
        assert answer(q)["result"]["hits"] == 1
        print(json.dumps(sorted(m for m in sys.modules if m.startswith("companion"))))
    """))
    assert "companion.rules.card_referee" in loaded  # the battle ask's card-aware front door
    for module in ("companion.rules.cards", "companion.rules.orders", "companion.rules.victory",
                   "companion.rules.terrain_referee", "companion.rules.entry",
                   "companion.rules.air", "companion.rules.variants", "companion.rules.odds"):
        assert module not in loaded


def test_an_air_ask_still_answers_in_a_fresh_process() -> None:
    # the first ask of a process is an air ask: its module is imported then, not before
    out = json.loads(run_python("""
        import json
        from companion.rules.referee import answer_or_error
        print(json.dumps(answer_or_error({"board": "standard", "units": [],
                                          "ask": {"air_check": {}}})))
    """))
    assert out[0] == 2 and out[1]["error"]["field"] == "rules.air"
