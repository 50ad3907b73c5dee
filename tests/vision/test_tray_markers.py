"""The optional ArUco tray markers: a tilted photo of a marked tray is read top-down."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.detect import TRAY_MARKER_DICT, find_tray
from vision.profile import load_profile
from vision.reader import read_frame
from vision.render import render_scene


def _marked_tray(tilt: bool) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """A rendered tray with markers 0..3 outside its corners, photographed at an angle."""
    scene, labels = render_scene(np.random.default_rng(8), "classic", dice=4, touching=0.0)
    canvas = np.full((900, 900, 3), 255, np.uint8)
    canvas[130:770, 130:770] = scene
    d = cv2.aruco.getPredefinedDictionary(TRAY_MARKER_DICT)
    spots = {0: (30, 30), 1: (770, 30), 2: (770, 770), 3: (30, 770)}  # x, y of each marker
    for mid, (x, y) in spots.items():
        canvas[y : y + 100, x : x + 100] = cv2.aruco.generateImageMarker(d, mid, 100)[:, :, None]
    centres = [((b[0] + b[2]) / 2 + 130, (b[1] + b[3]) / 2 + 130) for _, b in labels]
    if not tilt:
        return canvas, centres
    src = np.float32([[0, 0], [899, 0], [899, 899], [0, 899]])
    dst = np.float32([[40, 10], [860, 60], [899, 899], [0, 840]])
    m = cv2.getPerspectiveTransform(src, dst)
    photo = cv2.warpPerspective(canvas, m, (900, 900), borderValue=(255, 255, 255))
    pts = cv2.perspectiveTransform(np.float32(centres).reshape(-1, 1, 2), m).reshape(-1, 2)
    return photo, [tuple(p) for p in pts]


def test_markers_are_found_and_boxes_map_back_to_the_photo() -> None:
    photo, centres = _marked_tray(tilt=True)
    small = cv2.resize(photo, (640, 640), interpolation=cv2.INTER_AREA)
    assert find_tray(small) is not None
    reading = read_frame(photo, load_profile("m44"))
    assert reading.tray_found
    assert len(reading.dice) >= 3
    for x, y in centres[:3]:
        assert any(d.box[0] <= x <= d.box[2] and d.box[1] <= y <= d.box[3] for d in reading.dice)


def test_without_markers_the_whole_frame_is_used() -> None:
    scene, _ = render_scene(np.random.default_rng(8), "classic", dice=4, touching=0.0)
    reading = read_frame(scene, load_profile("m44"))
    assert not reading.tray_found
    assert find_tray(scene) is None
    assert len(reading.dice) >= 3


def test_markers_can_be_switched_off() -> None:
    photo, _ = _marked_tray(tilt=False)
    assert not read_frame(photo, load_profile("m44"), use_tray_markers=False).tray_found


def test_marker_sheet_holds_the_four_markers(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from vision.cli import main
    from vision.detect import _aruco

    out = tmp_path / "markers.png"
    assert main(["markers", str(out)]) == 0
    _, ids, _ = _aruco().detectMarkers(cv2.imread(str(out), cv2.IMREAD_GRAYSCALE))
    assert sorted(int(i) for i in ids.ravel()) == [0, 1, 2, 3]
    assert main(["markers", "--size", "5", str(out)]) == 2


@pytest.mark.parametrize("size", [60, 100, 160, 240])
@pytest.mark.parametrize("light", [1.0, 0.45])
def test_markers_of_any_printable_size_in_dim_light_are_found(size: int, light: float) -> None:
    # Markers from small (a sixth of the tray's side at 640 px is ~40 px) to large, at full
    # and at under half the light, with a light gradient across the photo.
    scene, _ = render_scene(np.random.default_rng(9), "classic", dice=3, touching=0.0)
    canvas = np.full((900, 900, 3), 255, np.uint8)
    canvas[170:730, 170:730] = cv2.resize(scene, (560, 560))
    d = cv2.aruco.getPredefinedDictionary(TRAY_MARKER_DICT)
    for mid, (x, y) in {0: (10, 10), 1: (890 - size, 10), 2: (890 - size, 890 - size),
                        3: (10, 890 - size)}.items():
        canvas[y : y + size, x : x + size] = cv2.aruco.generateImageMarker(d, mid, size)[:, :, None]
    ramp = np.linspace(light, min(1.0, light * 1.6), 900, dtype=np.float32)[None, :, None]
    photo = np.clip(canvas.astype(np.float32) * ramp, 0, 255).astype(np.uint8)
    small = cv2.resize(photo, (640, 640), interpolation=cv2.INTER_AREA)
    assert find_tray(small) is not None
