"""Accuracy floors: real pip-dice photos (held-out split) and a taught profile on synthetic dice."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.vision.conftest import PIPDICE
from vision.evaluate import evaluate
from vision.labelled import load_folder, split_holdout
from vision.profile import load_profile
from vision.render import write_labelled
from vision.teach import teach


@pytest.mark.skipif(not PIPDICE.is_dir(), reason=f"real pip-dice photos not present at {PIPDICE}")
def test_pips_profile_on_real_photos() -> None:
    # The shipped network was trained on every photo of the folder, so this guards the
    # reader around it (search, two looks, decisions), not how it does on new photos:
    # docs/vision.md has the held-out measurement of the same recipe.
    _, held = split_holdout(load_folder(PIPDICE))
    rep = evaluate(held[:20], load_profile("pips"))
    assert rep.labelled > 100
    assert rep.found / rep.labelled >= 0.97
    assert rep.accuracy >= 0.93


def test_m44_profile_on_its_own_style(classic_dir: Path) -> None:
    rep = evaluate(load_folder(classic_dir), load_profile("m44"))
    assert rep.found / rep.labelled >= 0.93
    assert rep.accuracy >= 0.9


def test_teach_round_trip_on_a_new_style(tmp_path: Path) -> None:
    taught = write_labelled(tmp_path / "teach", 8, "olive", seed=1, dice=8)
    fresh = write_labelled(tmp_path / "fresh", 6, "olive", seed=2)
    prof, report = teach(load_folder(taught), "m44", name="olive", log=lambda s: None)
    assert "cross-validated" in report
    path = tmp_path / "olive.npz"
    prof.save(path)
    again = load_profile(str(path))
    assert again.faces == prof.faces and again.base == "m44"
    rep = evaluate(load_folder(fresh), again)
    base = evaluate(load_folder(fresh), load_profile("m44"))
    assert rep.accuracy >= 0.85
    assert rep.accuracy > base.accuracy  # teaching helped on dice the base never saw
