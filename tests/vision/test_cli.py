"""The contract's command line: output shape and exit codes on bad input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from tests.vision.conftest import write_png
from vision.cli import main


def test_read_json_prints_one_object_per_image(classic_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    images = sorted(classic_dir.glob("*.png"))[:2]
    assert main(["read", "--profile", "m44", "--json", *map(str, images)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2
    for line, img in zip(lines, images, strict=True):
        doc = json.loads(line)
        assert doc["image"] == img.name
        assert doc["ms"] >= 0
        for die in doc["dice"]:
            assert die["face"] in (None, "infantry", "armor", "grenade", "star", "flag")
            x0, y0, x1, y1 = die["box"]
            assert 0 <= x0 < x1 < 640 and 0 <= y0 < y1 < 640
            assert 0.0 <= die["confidence"] <= 1.0


def _fails_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert words in err
    assert "Traceback" not in err


def test_missing_image_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _fails_with_one_line(capsys, ["read", str(tmp_path / "nope.jpg")], "does not exist")


def test_unreadable_image_exits_2_and_reads_nothing(tmp_path: Path, classic_dir: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(b"not a jpeg at all")
    good = sorted(classic_dir.glob("*.png"))[0]
    _fails_with_one_line(capsys, ["read", "--json", str(good), str(bad)], "cannot be read")
    assert capsys.readouterr().out == ""  # the good image was not half-reported


def test_unknown_profile_exits_2(classic_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    img = str(sorted(classic_dir.glob("*.png"))[0])
    _fails_with_one_line(capsys, ["read", "--profile", "chess", img], "unknown profile")


@pytest.mark.parametrize("content", [b"", b"PK\x03\x04garbage", b"\x93NUMPY garbage"])
def test_corrupt_profile_exits_2(tmp_path: Path, classic_dir: Path, content: bytes,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    prof = tmp_path / "mine.npz"
    prof.write_bytes(content)
    img = str(sorted(classic_dir.glob("*.png"))[0])
    _fails_with_one_line(capsys, ["read", "--profile", str(prof), img], "corrupt")


def test_profile_with_wrong_arrays_is_corrupt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prof = tmp_path / "wrong.npz"
    np.savez(prof, meta=np.array('{"format": 1}'))
    _fails_with_one_line(capsys, ["eval", "--profile", str(prof), str(tmp_path)], "corrupt")


def test_empty_folder_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _fails_with_one_line(capsys, ["eval", "--profile", "pips", str(tmp_path)], "no labelled images")
    _fails_with_one_line(capsys, ["teach", "--base", "m44", "--out", str(tmp_path / "p.npz"),
                                  str(tmp_path)], "no labelled images")
    assert not (tmp_path / "p.npz").exists()


def test_missing_folder_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _fails_with_one_line(capsys, ["eval", str(tmp_path / "none")], "not a folder")


def test_eval_last_line_is_the_contract(classic_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--profile", "m44", str(classic_dir)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    keys = [kv.split("=")[0] for kv in last.split()]
    assert keys == ["accuracy", "found", "unreadable", "ms_median", "extra"]
    values = dict(kv.split("=") for kv in last.split())
    assert 0.0 <= float(values["accuracy"]) <= 1.0
    assert float(values["extra"]) >= 0.0


def test_extra_counts_detections_of_no_labelled_die_per_photo(classic_dir: Path, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Labels with every die removed from two of four photos: each die read there is extra."""
    folder = tmp_path / "lab"
    shutil.copytree(classic_dir, folder)
    stems = sorted(p.stem for p in folder.glob("*.json"))[:4]
    for p in folder.glob("*.json"):
        if p.stem not in stems:
            p.unlink()
    assert main(["eval", "--profile", "m44", str(folder)]) == 0
    base = dict(kv.split("=") for kv in capsys.readouterr().out.strip().splitlines()[-1].split())
    dropped = 0
    for stem in stems[:2]:
        doc = json.loads((folder / f"{stem}.json").read_text())
        dropped += len(doc["dice"])
        doc["dice"] = []
        (folder / f"{stem}.json").write_text(json.dumps(doc))
    assert main(["eval", "--profile", "m44", str(folder)]) == 0
    after = dict(kv.split("=") for kv in capsys.readouterr().out.strip().splitlines()[-1].split())
    # The renderer's dice are all found (found=1.000 on these), so each removed label is one more extra.
    assert float(base["found"]) == 1.0
    assert float(after["extra"]) == pytest.approx(float(base["extra"]) + dropped / 4, abs=0.006)


def test_teach_with_wrong_faces_exits_2(tmp_path: Path, classic_dir: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "lab"
    shutil.copytree(classic_dir, folder)
    _fails_with_one_line(capsys, ["teach", "--base", "pips", "--out", str(tmp_path / "p.npz"),
                                  str(folder)], "not pips faces")


def test_read_of_a_black_png_finds_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    img = write_png(tmp_path / "black.png", np.zeros((480, 640, 3), np.uint8))
    assert main(["read", "--json", "--profile", "pips", str(img)]) == 0
    assert json.loads(capsys.readouterr().out)["dice"] == []


def test_teach_takes_a_seed_and_hands_it_to_teach(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``teach --seed S`` picks teach's random views and starting weights (default 0)."""
    import vision.teach as teach_mod
    from vision.profile import load_profile
    from vision.render import write_labelled

    seen: list[int] = []

    def fake(items: object, base: str, name: str = "", log: object = print, seed: int = 0) -> object:
        seen.append(seed)
        return load_profile("m44"), "report"

    monkeypatch.setattr(teach_mod, "teach", fake)
    folder = write_labelled(tmp_path / "d", 1, "classic", seed=1)
    assert main(["teach", "--base", "m44", "--seed", "7", "--out", str(tmp_path / "a.npz"), str(folder)]) == 0
    assert main(["teach", "--base", "m44", "--out", str(tmp_path / "b.npz"), str(folder)]) == 0
    assert seen == [7, 0]
