from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.render import render_scene, write_labelled

REPO = Path(__file__).resolve().parents[2]
PIPDICE = REPO / ".." / "shared" / "data" / "pipdice-dev"


@pytest.fixture(scope="session")
def classic_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_labelled(tmp_path_factory.mktemp("classic"), 6, "classic", seed=101)


@pytest.fixture(scope="session")
def tray_frames() -> list[np.ndarray]:
    """An empty tray, then dice: used for settle and camera tests."""
    rng = np.random.default_rng(5)
    img, _ = render_scene(rng, "classic", dice=3, touching=0.0)
    return [img]


def write_png(path: Path, img: np.ndarray) -> Path:
    cv2.imwrite(str(path), img)
    return path
