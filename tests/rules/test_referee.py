"""The referee contract (shared/contracts/rules-query.md): answers, and every error names its field."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli.rules import answer_text
from companion.rules.referee import ASKS, QueryError, answer, load_plugins

ROOT = Path(__file__).resolve().parents[2]


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def battle_query(**changes: Any) -> dict[str, Any]:
    q: dict[str, Any] = {
        "board": "standard",
        "bottom": "allies",
        "rules": {"air": None},
        "terrain": [{"hex": "F5", "type": "forest"}],
        "units": [unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5")],
        "ask": {"battle": {"attacker": "a1", "target": "x1", "card": None}},
    }
    q.update(changes)
    return q


def error_field(query: object) -> str:
    with pytest.raises(QueryError) as info:
        answer(query)
    assert info.value.message
    return info.value.field


# --- answers -------------------------------------------------------------------------------------
def test_referee_battle_answer_has_the_contract_fields() -> None:
    out = answer(battle_query(dice=["infantry", "flag"]))
    b = out["battle"]
    assert b == {**b, "allowed": True, "reason": None, "distance": 1, "line_of_sight": True,
                 "close_assault": True, "dice": 2}
    assert b["explain"] and all(isinstance(s, str) for s in b["explain"])
    r = out["result"]
    assert set(r) >= {"hits", "figures_removed", "eliminated", "flags", "flags_ignored", "retreat",
                      "medals", "take_ground", "armor_overrun"}
    assert r["hits"] == 1 and r["figures_removed"] == 1 and r["flags"] == 1
    assert {o["hex"] for o in r["retreat"]} == {"e6", "f6"}
    assert all(set(o) >= {"hex", "figures_lost", "eliminated"} for o in r["retreat"])
    assert r["medals"] == {"allies": 0, "axis": 0}
    assert r["take_ground"] is True and r["armor_overrun"] is False
    json.dumps(out)  # plain JSON types only


def test_referee_battle_not_allowed_has_reason_and_zero_dice_and_no_result() -> None:
    q = battle_query(dice=["flag"])
    q["units"][0]["moved"] = 2
    out = answer(q)
    assert out["battle"]["allowed"] is False and out["battle"]["dice"] == 0
    assert out["battle"]["reason"]
    assert "result" not in out


def test_referee_battle_without_dice_gives_odds() -> None:
    out = answer(battle_query())
    assert "result" not in out
    assert out["battle"]["odds"]["dice"] == 2


def test_referee_line_of_sight_ask() -> None:
    q = battle_query(ask={"line_of_sight": {"from": "C1", "to": "E1"}})
    q["units"].append(unit("b", "allies", "infantry", "D1"))
    out = answer(q)["line_of_sight"]
    assert out["clear"] is False and out["distance"] == 2 and out["blockers"] == ["D1"]
    q["units"].pop()
    assert answer(q)["line_of_sight"]["clear"] is True


def test_referee_move_ask() -> None:
    out = answer(battle_query(ask={"move": {"unit": "a1"}}))
    dests = {d["hex"]: d["can_battle"] for d in out["move"]["destinations"]}
    assert dests  # infantry moves up to 2 hexes
    assert "F5" not in dests  # occupied
    assert all(isinstance(v, bool) for v in dests.values())


def test_referee_registry_has_the_base_asks_and_plugins() -> None:
    load_plugins()
    assert {"battle", "line_of_sight", "move"} <= set(ASKS)


# --- errors: each one names its field --------------------------------------------------------------
def test_error_unknown_unit_type() -> None:
    q = battle_query()
    q["units"][0]["type"] = "tank"
    assert error_field(q) == "units.0.type"


def test_error_hex_not_on_the_board() -> None:
    q = battle_query()
    q["units"][1]["hex"] = "A8"  # a half hex
    assert error_field(q) == "units.1.hex"
    q = battle_query(terrain=[{"hex": "Z99", "type": "forest"}])
    assert error_field(q) == "terrain.0.hex"


def test_error_two_units_on_one_hex() -> None:
    q = battle_query()
    q["units"][1]["hex"] = "f4"
    assert error_field(q) == "units.1.hex"


def test_error_duplicate_unit_id() -> None:
    q = battle_query()
    q["units"][1]["id"] = "a1"
    assert error_field(q) == "units.1.id"


def test_error_target_that_does_not_exist() -> None:
    q = battle_query(ask={"battle": {"attacker": "a1", "target": "x9"}})
    assert error_field(q) == "ask.battle.target"


def test_error_seven_dice_where_three_are_due() -> None:
    q = battle_query(terrain=[], dice=["flag"] * 7)
    with pytest.raises(QueryError) as info:
        answer(q)
    assert info.value.field == "dice"
    assert "7 dice" in info.value.message and "3" in info.value.message


def test_error_a_face_that_is_not_a_face() -> None:
    assert error_field(battle_query(dice=["flag", "skull"])) == "dice.1"


def test_error_ask_must_be_exactly_one_known_ask() -> None:
    assert error_field(battle_query(ask={})) == "ask"
    two = {"battle": {"attacker": "a1", "target": "x1"}, "move": {"unit": "a1"}}
    assert error_field(battle_query(ask=two)) == "ask"
    assert error_field(battle_query(ask={"fight": {}})) == "ask.fight"
    q = battle_query()
    del q["ask"]
    assert error_field(q) == "ask"


def test_error_unknown_board_side_air_rules_and_terrain() -> None:
    assert error_field(battle_query(board="huge")) == "board"
    assert error_field(battle_query(bottom="russians")) == "bottom"
    assert error_field(battle_query(rules={"air": "jets"})) == "rules.air"
    assert error_field(battle_query(terrain=[{"hex": "F5", "type": "lava"}])) == "terrain.0.type"


def test_error_figures_and_moved_out_of_range() -> None:
    q = battle_query()
    q["units"][0]["figures"] = 5
    assert error_field(q) == "units.0.figures"
    q = battle_query()
    q["units"][0]["moved"] = -1
    assert error_field(q) == "units.0.moved"
    q = battle_query()
    q["units"][0]["figures"] = True
    assert error_field(q) == "units.0.figures"


def test_error_air_unit_needs_its_air_rules() -> None:
    q = battle_query()
    q["units"].append(unit("p1", "allies", "airplane", "A1", model="spitfire", airborne=True))
    assert error_field(q) == "units.2.type"


def test_error_unknown_fields_are_named() -> None:
    assert error_field(battle_query(unit=[])) == "unit"
    q = battle_query()
    q["units"][0]["strength"] = 4
    assert error_field(q) == "units.0.strength"
    assert error_field(battle_query(ask={"line_of_sight": {"from": "C1"}})) == "ask.line_of_sight.to"


def test_error_query_not_an_object() -> None:
    assert error_field([1, 2]) == ""


def test_errors_change_nothing_and_answers_repeat() -> None:
    q = battle_query(dice=["infantry", "flag"])
    first = answer(q)
    with pytest.raises(QueryError):
        answer(battle_query(dice=["infantry"] * 5))
    assert answer(q) == first


# --- the command line ----------------------------------------------------------------------------
def test_cli_malformed_json_names_the_empty_field() -> None:
    code, out = answer_text("{\"units\": [")
    assert code == 2 and out["error"]["field"] == ""


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "companion", "rules", *args], input=stdin,
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)


def test_cli_reads_a_file_and_stdin(tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    path.write_text(json.dumps(battle_query(dice=["infantry", "flag"])))
    done = run_cli(str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["result"]["hits"] == 1
    done = run_cli("-", stdin=json.dumps(battle_query()))
    assert done.returncode == 0 and "odds" in json.loads(done.stdout)["battle"]


def test_cli_errors_exit_2_with_a_json_error_and_no_traceback() -> None:
    for text, field in (("not json", ""), (json.dumps(battle_query(dice=["flag"] * 7)), "dice"),
                        (json.dumps({"ask": {"move": {"unit": "nobody"}}}), "ask.move.unit")):
        done = run_cli(stdin=text)
        assert done.returncode == 2
        assert json.loads(done.stdout)["error"]["field"] == field
        assert "Traceback" not in done.stderr + done.stdout


def test_demo_tours_the_referee_and_exits_0() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "companion", "demo", "--color", "never"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "roll 2 dice" in out and "target on forest: -1" in out  # explanations
    assert "#" in out and "%" in out  # odds bars
    assert "retreats; its player chooses" in out  # a retreat choice
    assert "must close-assault" in out
    assert "Traceback" not in done.stderr


def test_rules_coverage_doc_names_only_tests_that_exist() -> None:
    import re

    doc = (ROOT / "docs" / "rules-coverage.md").read_text()
    missing = []
    for line in doc.splitlines():
        current = None
        # `test_x.py::test_y` (tests/rules), `game/test_x.py::test_y` or `tests/game/...`; a
        # following `::test_z` is in the file named last
        for m in re.finditer(r"`((?:tests/)?(?:\w+/)*test_\w+\.py)::(test_\w+)`|`::(test_\w+)`", line):
            current = m.group(1) or current
            name = m.group(2) or m.group(3)
            assert current is not None, line
            where = current.removeprefix("tests/")
            source = ROOT / "tests" / (where if "/" in where else f"rules/{where}")
            if not source.exists() or f"def {name}(" not in source.read_text():
                missing.append(f"{current}::{name}")
    assert missing == []


def test_referee_armored_car_confirmation_field() -> None:
    q = battle_query(terrain=[], dice=["infantry", "star", "star"])
    q["units"][1] = unit("car", "axis", "armored_car", "F5")
    q["ask"] = {"battle": {"attacker": "a1", "target": "car"}}
    pending = answer(q)["result"]
    assert pending["confirm_dice"] == 1 and pending["figures_removed"] == 0
    q["ask"]["battle"]["confirm"] = ["grenade"]
    done = answer(q)["result"]
    assert done["confirmed"] is True and done["eliminated"] is True
    q["ask"]["battle"]["confirm"] = ["grenade", "flag"]
    assert error_field(q) == "ask.battle.confirm"
    q["ask"]["battle"]["confirm"] = ["tank"]
    assert error_field(q) == "ask.battle.confirm.0"


def test_referee_battle_against_air_units_uses_the_air_rules() -> None:
    pytest.importorskip("companion.rules.air.targets")
    q: dict[str, Any] = {
        "rules": {"air": "air-pack"},
        "units": [unit("a1", "allies", "infantry", "f4"),
                  unit("p", "axis", "airplane", "F5", model="bf109", airborne=True)],
        "ask": {"battle": {"attacker": "a1", "target": "p"}},
    }
    flying = answer(q)["battle"]
    assert flying["allowed"] is False and flying["dice"] == 0
    q["units"][1]["airborne"] = False
    q["dice"] = ["flag", "infantry", "star"]
    grounded = answer(q)["result"]
    assert grounded["hits"] == 0 and grounded["flags"] == 0 and grounded["retreat"] == []
    q["units"][1]["airborne"] = True
    q["rules"] = {"air": "flight-plan"}
    q["units"][1] = unit("p", "axis", "fighter", "F5", airborne=True)
    q["dice"] = ["grenade"] * answer({**q, "dice": None})["battle"]["dice"]
    shot = answer(q)["result"]
    assert shot["confirm_dice"] == shot["hits"] > 0 and shot["figures_removed"] == 0


def test_referee_other_boards_and_axis_at_the_bottom_retreat_down() -> None:
    q: dict[str, Any] = {
        "board": "breakthrough", "bottom": "axis",
        "units": [unit("a", "allies", "infantry", "F15"), unit("x", "axis", "infantry", "f14")],
        "ask": {"battle": {"attacker": "a", "target": "x"}}, "dice": ["flag", "star", "star"],
    }
    assert [o["hex"] for o in answer(q)["result"]["retreat"]] == ["F13", "G13"]
    q["board"] = "overlord"
    q["units"][0]["hex"], q["units"][1]["hex"] = "Y5", "y4"
    assert [o["hex"] for o in answer(q)["result"]["retreat"]] == ["Y3", "Z3"]
