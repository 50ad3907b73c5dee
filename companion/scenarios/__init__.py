"""Scenarios: the model, the project's JSON format, the ``.m44`` importer and the built-ins.

    from companion.scenarios import load_builtin, DEMO_SCENARIO, to_position
    scenario = load_builtin(DEMO_SCENARIO)
    position = to_position(scenario)
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from companion.scenarios.jsonformat import (
    dumps,
    from_dict,
    load_json,
    loads,
    read_text,
    save,
    validate,
)
from companion.scenarios.m44 import import_m44, load_m44, loads_m44
from companion.scenarios.model import (
    Airdrop,
    AirRules,
    AirSetup,
    BoardFace,
    ExitHex,
    MapLabel,
    Objective,
    ObjectiveKind,
    Scenario,
    ScenarioError,
    ScenarioText,
    SideSetup,
    TerrainPiece,
    UnitSetup,
    to_position,
)

__all__ = [
    "DEMO_SCENARIO",
    "AirRules",
    "AirSetup",
    "Airdrop",
    "BoardFace",
    "ExitHex",
    "MapLabel",
    "Objective",
    "ObjectiveKind",
    "Scenario",
    "ScenarioError",
    "ScenarioText",
    "SideSetup",
    "TerrainPiece",
    "UnitSetup",
    "dumps",
    "from_dict",
    "import_m44",
    "list_builtins",
    "load",
    "load_builtin",
    "load_json",
    "load_m44",
    "loads",
    "loads_m44",
    "resolve",
    "save",
    "to_position",
    "validate",
]

# The scenario the app opens on by default.
DEMO_SCENARIO = "orchard-ridge"

_BUILTIN_PACKAGE = "companion.scenarios.builtin"


def list_builtins() -> list[str]:
    """Names of the scenarios shipped with the program, sorted."""
    from importlib import resources  # only here: a resumed game reads no built-in (issue 18)

    folder = resources.files(_BUILTIN_PACKAGE)
    return sorted(p.name[: -len(".json")] for p in folder.iterdir() if p.name.endswith(".json"))


def load_builtin(name: str) -> Scenario:
    """A shipped scenario by name (see :func:`list_builtins`)."""
    names = list_builtins()
    if name not in names:
        raise ScenarioError("", f"no built-in scenario {name!r}; built-ins: {', '.join(names)}")
    from importlib import resources

    text = resources.files(_BUILTIN_PACKAGE).joinpath(f"{name}.json").read_text("utf-8")
    return loads(text)


def load(path: str | os.PathLike[str]) -> Scenario:
    """A scenario file: ``.m44`` files are imported, anything else is read as our JSON format
    (a JSON file that looks like an editor file is imported too)."""
    p = Path(path)
    if p.suffix.lower() == ".m44":
        return load_m44(p)
    text = read_text(p)
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return loads(text)  # reports the JSON error with its position
    if isinstance(data, dict) and "format" not in data and "game_info" in data:
        return import_m44(data, default_id=p.stem or "m44")
    return from_dict(data)


def resolve(file_or_name: str) -> Scenario:
    """A scenario from a file path, or else a built-in name."""
    if os.path.exists(file_or_name):
        return load(file_or_name)
    if file_or_name in list_builtins():
        return load_builtin(file_or_name)
    raise ScenarioError("", f"{file_or_name!r} is neither a file nor a built-in scenario; "
                            f"built-ins: {', '.join(list_builtins())}")
