"""The rule set is chosen once, as a flow: no code of the game layer, the auto player or the
app compares a rule set's name to decide what to do (issue 13, "Air rules as flows").

An AST scan of ``companion/game`` and ``companion/ui``: a comparison (``==``, ``!=``, ``in``)
with ``AIR_PACK``/``FLIGHT_PLAN`` or the literal names ``"air-pack"``/``"flight-plan"`` is a
branch on the rule set. The only ones allowed are where a player's setting is checked."""

from __future__ import annotations

import ast
from pathlib import Path

from companion.game import flows

ROOT = Path(__file__).resolve().parents[2] / "companion"
NAMES = {"AIR_PACK", "FLIGHT_PLAN"}
LITERALS = {"air-pack", "flight-plan"}
# (file, function): a player's setting validated, not a rule decided
ALLOWED = {("ui/lifecycle.py", "new_game")}


def _mentions_rule_set(node: ast.AST) -> bool:
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and n.id in NAMES:
            return True
        if isinstance(n, ast.Attribute) and n.attr in NAMES:
            return True
        if isinstance(n, ast.Constant) and n.value in LITERALS:
            return True
    return False


def _branches(path: Path, rel: str | None = None) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    rel = rel or path.relative_to(ROOT).as_posix()
    found: list[str] = []

    def visit(node: ast.AST, func: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else func
            if isinstance(child, ast.Compare) and (rel, name) not in ALLOWED and any(
                    _mentions_rule_set(x) for x in (child.left, *child.comparators)):
                found.append(f"{rel}:{child.lineno} ({name})")
            visit(child, name)

    visit(tree, "")
    return found


def test_no_code_branches_on_the_rule_sets_name() -> None:
    files = sorted((ROOT / "game").glob("*.py")) + sorted((ROOT / "ui").glob("*.py"))
    assert len(files) > 20
    found = [b for f in files for b in _branches(f)]
    assert found == []


def test_the_scan_sees_a_branch_when_there_is_one(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("def f(st):\n    return st.air.rules == FLIGHT_PLAN\n\n\n"
                     "def g(rules):\n    if rules in ('air-pack',):\n        return 1\n")
    assert _branches(probe, "game/probe.py") == ["game/probe.py:2 (f)", "game/probe.py:6 (g)"]


def test_each_flow_answers_the_apps_air_questions() -> None:
    plain, airpack, flightplan = (flows.FLOWS[k] for k in (None, "air-pack", "flight-plan"))
    assert plain.help_topics == () and plain.air_card_holdings == ()
    assert not plain.places_ammo_markers() and not plain.joins_ready_stacks()
    assert airpack.joins_ready_stacks() and not airpack.places_ammo_markers()
    assert "air_sortie" in airpack.air_card_holdings and "air_check" in airpack.help_topics
    assert flightplan.places_ammo_markers() and not flightplan.joins_ready_stacks()
    assert "air_combat" in flightplan.air_card_holdings and "dogfight" in flightplan.help_topics
    assert flightplan.full_ammo("fighter") and plain.full_ammo("fighter") == {}
