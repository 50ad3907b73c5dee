"""The layer contracts in pyproject.toml can fail: in a copy of the packages, one import up
the table (the rules core importing the game layer) breaks them, and so does an import down
the table that GUIDE's map does not allow (the store reaching past the game layer into the
rules), and lint-imports says so."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("lint-imports")
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run([str(exe), "--config", str(tree / "pyproject.toml")], cwd=tree, env=env,
                          capture_output=True, text=True, timeout=120)


def _copy(tmp_path: Path) -> None:
    """The packages and their contracts, copied to be broken."""
    for name in ("companion", "vision"):
        shutil.copytree(ROOT / name, tmp_path / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.onnx", "*.npz"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")


def test_an_import_up_the_table_breaks_the_contracts(tmp_path: Path) -> None:
    _copy(tmp_path)
    kept = _lint(tmp_path)
    assert kept.returncode == 0 and "0 broken" in kept.stdout, kept.stdout[-2000:]
    odds = tmp_path / "companion" / "rules" / "odds.py"
    odds.write_text(odds.read_text() + "\nfrom companion.game import state as _probe  # noqa\n")
    broken = _lint(tmp_path)
    assert broken.returncode != 0
    assert "companion.rules.odds -> companion.game.state" in broken.stdout
    assert "2 broken" in broken.stdout  # the layers and "the rules core imports ... only"


def test_the_store_reaching_past_the_game_layer_breaks_its_contract(tmp_path: Path) -> None:
    """The layers allow any import down the table; GUIDE allows the store the game layer only.
    A direct import of the rules (even of their record helper) breaks the store's contract."""
    _copy(tmp_path)
    store = tmp_path / "companion" / "store" / "sqlite_store.py"
    store.write_text(store.read_text() + "\nfrom companion.rules import records as _probe  # noqa\n")
    broken = _lint(tmp_path)
    assert broken.returncode != 0
    assert "The store keeps the game's events and knows no wire BROKEN" in broken.stdout
    assert "companion.store.sqlite_store -> companion.rules.records" in broken.stdout
    assert "1 broken" in broken.stdout


@pytest.mark.parametrize("probe, edge", [
    ("from companion.store import GameStore as _probe", "companion.sync.table -> companion.store"),
    ("from companion.tray.mqtt_client import Connection as _probe",
     "companion.sync.table -> companion.tray.mqtt_client"),
])
def test_sync_reaching_past_the_game_layer_breaks_its_contract(tmp_path: Path, probe: str,
                                                               edge: str) -> None:
    """GUIDE lets sync import the game layer only: its rules, scenarios and store come through
    the game layer (``game.scenario``, ``game.sink.GameCopy``) and its MQTT client is handed to
    it (``sync.connection.Broker``); a direct import of the store or the tray breaks it."""
    _copy(tmp_path)
    table = tmp_path / "companion" / "sync" / "table.py"
    table.write_text(table.read_text() + f"\n{probe}  # noqa\n")
    broken = _lint(tmp_path)
    assert broken.returncode != 0
    assert "Sync knows the game layer only: its MQTT client is handed to it BROKEN" in broken.stdout
    assert edge in broken.stdout


@pytest.mark.parametrize("module, probe, contract, edge", [
    # third-party packages count: GUIDE gives the rules core the standard library only
    ("companion/rules/odds.py", "import numpy as _probe",
     "The rules core imports the standard library only BROKEN", "companion.rules.odds -> numpy"),
    # the camera reader reaching an MQTT client through the tray's simulator (indirect)
    ("vision/tray.py", "from companion.tray.simulator import MqttTraySide as _probe",
     "The camera reader takes the tray's codec and its tray state machine only BROKEN",
     "vision.tray -> companion.tray.simulator"),
    # the app opening a serial port or a camera itself, past the tray and the camera reader
    ("companion/ui/dicesources.py", "import serial as _probe",
     "The app and dice sources open no port or camera themselves BROKEN",
     "companion.ui.dicesources -> serial"),
    ("companion/tray/codec.py", "import cv2 as _probe",
     "The tray speaks its protocol and knows no game BROKEN", "companion.tray.codec -> cv2"),
    # the reader needing PyTorch (only the training tools may: they run off the tablet)
    ("vision/reader.py", "import torch as _probe",
     "The camera reader runs without PyTorch and onnx (its training tools only) BROKEN",
     "vision.reader -> torch"),
    # teach loading a training tool, which would bring PyTorch onto the tablet
    ("vision/teach.py", "from vision import train_face as _probe",
     "The reader, teach and the camera tray never load the training tools BROKEN",
     "vision.teach -> vision.train_face"),
    # the app reading the camera itself, past the dice source that owns the reader
    ("companion/ui/dicesources.py", "from vision import reader as _probe",
     "The app reaches the camera reader through the dice sources BROKEN",
     "companion.ui.dicesources -> vision.reader"),
    # a dice source driving the game session instead of answering its dice types
    ("companion/dice/manual.py", "from companion.game import session as _probe",
     "Dice sources take the game's dice types only BROKEN",
     "companion.dice.manual -> companion.game.session"),
    # a command other than `companion app` importing the app
    ("companion/cli/play.py", "from companion.ui import controller as _probe",
     "Nothing imports the app but the companion app command BROKEN",
     "companion.cli.play -> companion.ui.controller"),
])
def test_a_package_past_guides_map_breaks_its_contract(tmp_path: Path, module: str, probe: str,
                                                       contract: str, edge: str) -> None:
    _copy(tmp_path)
    path = tmp_path / module
    path.write_text(path.read_text() + f"\n{probe}  # noqa\n")
    broken = _lint(tmp_path)
    assert broken.returncode != 0
    assert contract in broken.stdout, broken.stdout[-3000:]
    assert edge in broken.stdout
