"""Phone photos of the user's own dice: EXIF orientation, the renderer's phone scenes, and
``teach`` on pip dice with one face a symbol (a face the base has never had)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.cli import main
from vision.evaluate import evaluate
from vision.images import exif_orientation, load_image
from vision.labelled import LabelledDie, LabelledImage, load_folder
from vision.profile import ProfileError, load_profile
from vision.render import LOOKS, look_named, random_look, render_phone, with_orientation, write_phone
from vision.teach import symbol_stands_for, taught_faces


def _jpeg(img: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".jpg", img)
    assert ok
    return bytes(buf)


def test_exif_orientation_is_applied_and_labels_of_the_stored_pixels_still_fit(tmp_path: Path) -> None:
    shown = np.zeros((300, 400, 3), np.uint8)
    shown[:, :100] = 255  # the left quarter white, as a viewer shows the photo
    for orientation, rot in ((6, cv2.ROTATE_90_COUNTERCLOCKWISE), (8, cv2.ROTATE_90_CLOCKWISE)):
        path = tmp_path / f"o{orientation}.jpg"
        path.write_bytes(with_orientation(_jpeg(cv2.rotate(shown, rot)), orientation))
        assert exif_orientation(path.read_bytes()) == orientation
        img = load_image(path)
        assert (img.width, img.height) == (400, 300) and img.pixels.shape == (300, 400, 3)
        assert img.pixels[150, 50].min() > 200 and img.pixels[150, 300].max() < 50
        stored = load_image(path, labelled_size=(300, 400))  # labels made on the stored pixels
        assert (stored.width, stored.height) == (300, 400) and stored.pixels.shape == (400, 300, 3)
    plain = tmp_path / "plain.jpg"
    plain.write_bytes(_jpeg(shown))
    assert exif_orientation(plain.read_bytes()) == 1
    bad = bytearray(with_orientation(_jpeg(shown), 6))
    bad[10:12] = b"XX"  # a damaged TIFF header: no orientation, read as stored
    assert exif_orientation(bytes(bad)) == 1


def test_phone_scenes_are_12_mp_with_dice_150_to_400_px_of_one_set() -> None:
    rng = np.random.default_rng(3)
    look = LOOKS["blue"]
    img, labels = render_phone(rng, look, dice=6)
    assert img.shape[:2] in ((3000, 4000), (3024, 4032))
    assert 3 <= len(labels) <= 6
    for face, (x0, y0, x1, y1) in labels:
        assert face in look.faces() and face != 6  # the symbol replaced the 6
        assert 0 <= x0 < x1 < img.shape[1] and 0 <= y0 < y1 < img.shape[0]
        assert 120 <= x1 - x0 <= 520  # 150-400 px dice, their side faces and perspective
    assert look.faces() == (1, 2, 3, 4, 5, "star")
    assert random_look(7) == look_named("look7") != random_look(8)
    with pytest.raises(ValueError, match="unknown dice look"):
        look_named("plaid")


def test_a_look_whose_symbol_is_a_printed_digit_names_it_so_teach_takes_it() -> None:
    """A digit glyph labelled "3" on a die whose 5 it replaces was a label teach refuses (a
    digit is a pip count): such looks name the symbol ("digit3")."""
    digits = [random_look(n) for n in range(200) if random_look(n).symbol[-1:].isdigit()]
    assert digits  # some looks print a digit (look31 a 3 for its 5)
    for look in digits:
        assert look.label == f"digit{look.symbol[-1]}"
        assert not str(look.label).isdigit()
        faces = [f for f in look.faces()]
        item = LabelledImage(Path("x.jpg"), tuple(LabelledDie(f, (0, 0, 9, 9)) for f in faces))
        assert taught_faces([item], "pips")[-1] == look.label


def test_taught_faces_add_a_named_symbol_but_refuse_another_kind_of_dice() -> None:
    def items(*faces: object) -> list[LabelledImage]:
        return [LabelledImage(Path("x.jpg"), tuple(LabelledDie(f, (0, 0, 9, 9)) for f in faces))]  # type: ignore[arg-type]

    assert taught_faces(items(1, 2, 3, 4, 5, "star"), "pips") == (1, 2, 3, 4, 5, 6, "star")
    assert taught_faces(items(1, 2, 3, 4), "pips") == (1, 2, 3, 4, 5, 6)
    with pytest.raises(ValueError, match="not pips faces"):
        taught_faces(items("infantry", "armor", "star", 1), "pips")  # m44 dice, not pip dice
    with pytest.raises(ValueError, match="not pips faces"):
        taught_faces(items(1, 2, 3, 4, 7), "pips")  # a pip count is not a name
    with pytest.raises(ValueError, match="not m44 faces"):
        taught_faces(items("infantry", "star", "moon"), "m44", new_allowed=False)


def test_teach_on_phone_photos_of_pip_dice_with_a_symbol_face(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Rendered phone photos (EXIF-turned ones among them) of marbled dice whose 6 is a star:
    teach learns the new face, reads new photos better than its base, and says per face."""
    look = LOOKS["blue"]
    frame = (1200, 900)  # smaller than a phone's, to keep the test fast: the same scenes
    taught_dir = write_phone(tmp_path / "teach", 5, look, seed=11, dice=7, frame=frame, turned=0.5)
    fresh_dir = write_phone(tmp_path / "fresh", 3, look, seed=12, dice=7, frame=frame, turned=0.5)
    out = tmp_path / "mine.npz"
    assert main(["teach", "--base", "pips", "--out", str(out), str(taught_dir)]) == 0
    text = capsys.readouterr().out
    assert "star: base 0/" in text and "per face: 1: base" in text
    prof = load_profile(str(out))
    # taught: the tuned network or the classifier alone on the base one, whichever read better
    assert prof.faces == (1, 2, 3, 4, 5, 6, "star")
    assert prof.notes["chosen"] in ("taught", "taught, head only")
    # the star is printed instead of the six pips: the app, asking for pips, is told 6
    assert prof.stands_for == {"star": 6} and "the star stands for the 6" in text
    assert prof.base_face("star") == 6 and prof.base_face(3) == 3 and prof.base_face(None) is None
    fresh = load_folder(fresh_dir)
    mine, base = evaluate(fresh, prof), evaluate(fresh, load_profile("pips"))
    assert mine.accuracy > base.accuracy and mine.accuracy >= 0.6
    assert mine.confusion[("star", "star")] > 0  # the new face is read
    assert mine.found / mine.labelled >= 0.9  # the turned photos' dice are found where labelled


def test_a_profile_with_a_new_face_but_no_taught_classifier_is_corrupt(tmp_path: Path) -> None:
    prof = load_profile("pips")
    prof.faces = (*prof.faces, "star")
    path = tmp_path / "bad.npz"
    prof.save(path)
    with pytest.raises(ProfileError, match="faces do not match"):
        load_profile(str(path))
    meta_only = tmp_path / "gate.npz"
    ok = load_profile("pips")
    ok.second_look = 1.5
    ok.save(meta_only)
    with pytest.raises(ProfileError, match="second_look"):
        load_profile(str(meta_only))


def test_eval_reads_turned_phone_photos_where_they_are_labelled(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_phone(tmp_path / "lab", 2, LOOKS["amber"], seed=5, dice=4, frame=(1600, 1200), turned=1.0)
    doc = json.loads(next(folder.glob("*.json")).read_text())
    assert (doc["width"], doc["height"]) == (1600, 1200)  # labelled as shown, stored turned
    assert main(["eval", "--profile", "pips", str(folder)]) == 0
    last = dict(kv.split("=") for kv in capsys.readouterr().out.strip().splitlines()[-1].split())
    assert float(last["found"]) >= 0.75


def test_a_symbol_stands_for_the_one_base_face_the_labels_never_show(tmp_path: Path) -> None:
    faces = (1, 2, 3, 4, 5, 6, "star")
    seen = {"1": 3, "2": 1, "3": 2, "4": 2, "5": 1, "6": 0, "star": 2}
    assert symbol_stands_for(faces, "pips", seen) == {"star": 6}
    assert symbol_stands_for(faces, "pips", {**seen, "6": 1}) == {}  # a six shows too: unclear
    assert symbol_stands_for(faces, "pips", {**seen, "5": 0}) == {}  # two missing: unclear
    assert symbol_stands_for((*faces, "moon"), "pips", seen) == {}  # two symbols
    # kept in the profile file, and a file that maps a face it does not read is refused
    prof = load_profile("pips")
    prof.stands_for = {"star": 6}
    path = tmp_path / "bad.npz"
    prof.save(path)
    with pytest.raises(ProfileError, match="stands_for"):
        load_profile(str(path))


def test_the_camera_source_tells_the_app_the_face_a_symbol_stands_for() -> None:
    from types import SimpleNamespace

    from companion.dice.camera import CameraDiceSource
    from companion.game.dicetypes import DiceRequest

    src = CameraDiceSource(capture="none.mp4")
    mine = load_profile("pips")
    mine.faces = (*mine.faces, "star")
    mine.stands_for = {"star": 6}
    src._profiles[src.profile_name or "pips"] = mine
    dice = [SimpleNamespace(face=f, confidence=0.9, box=(10 * i, 0, 10 * i + 8, 8))
            for i, f in enumerate(["star", 2, "moon"])]
    got = src._result(DiceRequest("r1", 3, "attack", "pips"), SimpleNamespace(dice=dice, ms=5.0))
    assert got.faces == [6, 2, None]  # an unknown symbol is asked
