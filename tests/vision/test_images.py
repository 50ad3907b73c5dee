"""Image files from outside: exact messages, a size cap before decoding, no half files, thin images."""

from __future__ import annotations

import json
import os
import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.vision.conftest import write_png
from vision.cli import main
from vision.images import MAX_PIXELS, ImageError, image_info, load_image
from vision.profile import load_profile
from vision.reader import read_frame, read_loaded
from vision.render import render_scene


def _one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert len(err.splitlines()) == 1, err
    assert words in err, err
    assert "Traceback" not in err
    assert captured.out == ""  # nothing of the images before it was printed


@pytest.fixture(scope="module")
def scene_jpeg() -> bytes:
    img, _ = render_scene(np.random.default_rng(3), "pipwhite", dice=5, faces=(1, 2, 3, 4, 5, 6))
    return bytes(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 92])[1])


@pytest.mark.parametrize("shape", [(1, 641, 3), (641, 1, 3), (640, 1, 3), (1, 640, 3), (1, 1, 3),
                                   (2, 5000, 3), (31, 640, 3)])
def test_thin_images_read_as_no_dice(tmp_path: Path, shape: tuple[int, int, int],
                                     capsys: pytest.CaptureFixture[str]) -> None:
    good = write_png(tmp_path / "a.png", np.full((64, 64, 3), 90, np.uint8))
    thin = write_png(tmp_path / "thin.png", np.random.default_rng(0).integers(0, 256, shape, dtype=np.uint8))
    assert main(["read", "--json", "--profile", "pips", str(good), str(thin)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [json.loads(x)["image"] for x in lines] == ["a.png", "thin.png"]
    assert json.loads(lines[1])["dice"] == []


def test_truncated_jpeg_is_refused(tmp_path: Path, scene_jpeg: bytes,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.jpg"
    good.write_bytes(scene_jpeg)
    half = tmp_path / "half.jpg"
    half.write_bytes(scene_jpeg[: len(scene_jpeg) // 2])
    _one_line_exit_2(capsys, ["read", "--json", str(good), str(half)], "truncated")


def test_truncated_png_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = bytes(cv2.imencode(".png", np.full((100, 100, 3), 7, np.uint8))[1])
    cut = tmp_path / "cut.png"
    cut.write_bytes(data[:-20])
    _one_line_exit_2(capsys, ["read", str(cut)], "truncated")


def test_a_folder_and_a_symlink_loop_say_what_they_are(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    good = write_png(tmp_path / "a.png", np.zeros((64, 64, 3), np.uint8))
    (tmp_path / "dir.png").mkdir()
    _one_line_exit_2(capsys, ["read", str(good), str(tmp_path / "dir.png")], "is a folder")
    os.symlink(tmp_path / "loop2.png", tmp_path / "loop1.png")
    os.symlink(tmp_path / "loop1.png", tmp_path / "loop2.png")
    _one_line_exit_2(capsys, ["read", str(good), str(tmp_path / "loop1.png")], "symlink loop")
    os.symlink(tmp_path / "gone.png", tmp_path / "dangling.png")
    _one_line_exit_2(capsys, ["read", str(tmp_path / "dangling.png")], "which does not exist")
    _one_line_exit_2(capsys, ["read", str(tmp_path / "nope.png")], "does not exist")
    os.mkfifo(tmp_path / "fifo.png")
    _one_line_exit_2(capsys, ["read", str(tmp_path / "fifo.png")], "not a regular file")


def _png(w: int, h: int) -> bytes:
    """A PNG whose header says w x h, with one tiny (wrong) data chunk and its end chunk."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 16)) + \
        chunk(b"IEND", b"")


def test_a_huge_image_is_refused_from_its_header(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.png"
    big.write_bytes(_png(32768, 32768))  # decoding it would take 3 GB and half a minute
    _one_line_exit_2(capsys, ["read", str(big)], "megapixels")
    assert image_info(_png(32768, 32768))[1:] == (32768, 32768, True)
    side = int(np.sqrt(MAX_PIXELS)) + 10
    with pytest.raises(ImageError, match="megapixels"):
        load_image(_write(tmp_path / "b.png", _png(side, side)))


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_a_big_jpeg_is_decoded_reduced_and_boxes_are_in_its_own_pixels(tmp_path: Path) -> None:
    """A 640 px scene blown up 8x (5120 px): libjpeg decodes it at 1/4, the reader reads it at 640,
    and its boxes come back 8x those of the small photo."""
    img, _ = render_scene(np.random.default_rng(4), "pipwhite", dice=4, touching=0.0,
                          faces=(1, 2, 3, 4, 5, 6))
    big = cv2.resize(img, (5120, 5120), interpolation=cv2.INTER_CUBIC)
    path = tmp_path / "big.jpg"
    cv2.imwrite(str(path), big, [cv2.IMWRITE_JPEG_QUALITY, 95])
    loaded = load_image(path)
    assert (loaded.width, loaded.height) == (5120, 5120)
    assert max(loaded.pixels.shape[:2]) == 1280 and loaded.scale_x == loaded.scale_y == 4.0
    prof = load_profile("pips")
    small = read_frame(img, prof)
    got = read_loaded(loaded, prof)
    assert len(small.dice) == len(got.dice) == 4
    assert sorted(str(d.face) for d in got.dice) == sorted(str(d.face) for d in small.dice)
    for a in small.dice:
        ca = np.array([(a.box[0] + a.box[2]) / 2, (a.box[1] + a.box[3]) / 2]) * 8
        best = min(np.hypot((b.box[0] + b.box[2]) / 2 - ca[0], (b.box[1] + b.box[3]) / 2 - ca[1])
                   for b in got.dice)
        assert best < 40  # within 5 px of the small photo's centre, at its scale


def test_other_formats_and_garbage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    img = np.full((50, 70, 3), 128, np.uint8)
    for ext in (".bmp", ".webp"):
        path = tmp_path / f"x{ext}"
        cv2.imwrite(str(path), img)
        assert load_image(path).pixels.shape == (50, 70, 3)
    _one_line_exit_2(capsys, ["read", str(_write(tmp_path / "t.jpg", b"GIF89a" + b"\0" * 40))],
                     "not a JPEG, PNG, BMP or WebP")
    _one_line_exit_2(capsys, ["read", str(_write(tmp_path / "e.jpg", b""))], "cannot be read")


@pytest.fixture(scope="module")
def seeds(scene_jpeg: bytes) -> list[bytes]:
    png = bytes(cv2.imencode(".png", np.full((40, 30, 3), 200, np.uint8))[1])
    return [scene_jpeg, png]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(which=st.integers(0, 1), cut=st.integers(0, 10**6), flips=st.lists(
    st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=6))
@example(which=0, cut=10**6, flips=[])  # the whole photo
@example(which=0, cut=500_000, flips=[])  # cut in half (issue 17: read as a roll with 18 of 28 dice)
def test_fuzzed_files_are_read_or_refused_never_crash(tmp_path_factory: pytest.TempPathFactory,
                                                      seeds: list[bytes], which: int, cut: int,
                                                      flips: list[tuple[int, int]]) -> None:
    data = bytearray(seeds[which])
    for at, value in flips:
        data[at % len(data)] = value
    data = data[: max(1, len(data) * cut // 10**6)]
    path = tmp_path_factory.mktemp("fuzz") / "f.jpg"
    path.write_bytes(bytes(data))
    try:
        loaded = load_image(path)
    except ImageError as exc:
        assert "\n" not in str(exc) and str(path) in str(exc)
        return
    assert loaded.pixels.ndim == 3 and loaded.pixels.shape[2] == 3
    read_loaded(loaded, load_profile("pips"))


@settings(max_examples=60, deadline=None)
@given(h=st.integers(1, 700), w=st.integers(1, 700), channels=st.sampled_from([1, 3, 4]))
@example(h=1, w=641, channels=3)
@example(h=640, w=1, channels=3)
def test_any_frame_shape_reads_without_error(h: int, w: int, channels: int) -> None:
    rng = np.random.default_rng(h * 1000 + w)
    shape = (h, w) if channels == 1 else (h, w, channels)
    frame = rng.integers(0, 256, shape, dtype=np.uint8)
    reading = read_frame(frame, load_profile("pips"))
    for d in reading.dice:
        assert 0 <= d.box[0] <= d.box[2] < w and 0 <= d.box[1] <= d.box[3] < h
