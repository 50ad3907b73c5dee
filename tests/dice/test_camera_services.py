"""What the app asks of the camera besides dice, through the camera dice source (the app never
imports the reader itself: pyproject's contract "The app reaches the camera reader through the
dice sources")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.dice import camera


def _folder(tmp_path: Path, faces: list[Any]) -> Path:
    cv2.imwrite(str(tmp_path / "a.png"), np.zeros((64, 64, 3), np.uint8))
    dice = [{"face": f, "box": [4 + 20 * i, 4, 20 + 20 * i, 20]} for i, f in enumerate(faces)]
    (tmp_path / "a.json").write_text(json.dumps({"dice": dice}))
    return tmp_path


@pytest.mark.parametrize(("faces", "base"), [([3, 5], "pips"), (["star", "flag"], "m44")])
def test_teach_folder_starts_from_the_base_the_labels_call_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, faces: list[Any], base: str) -> None:
    import vision.teach

    seen: dict[str, Any] = {}

    def fake_teach(items: Any, base: str, log: Any) -> tuple[str, str]:
        seen.update(items=items, base=base)
        return "profile", "report"

    monkeypatch.setattr(vision.teach, "teach", fake_teach)
    assert camera.teach_folder(str(_folder(tmp_path, faces)), log=print) == ("profile", "report")
    assert seen["base"] == base and [d.face for d in seen["items"][0].dice] == faces


def test_teach_folder_on_a_folder_that_is_not_one_says_so(tmp_path: Path) -> None:
    from vision.labelled import LabelError

    with pytest.raises(LabelError, match="is not a folder"):
        camera.teach_folder(str(tmp_path / "none"))


def test_open_preview_with_no_camera_there_is_a_value_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        camera.open_preview(str(tmp_path / "no-such-video.avi"))
