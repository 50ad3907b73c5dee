"""Opening image files safely: exact messages, a size cap read from the header, no half files.

Every photo the reader, ``eval``, ``teach`` and training open comes through :func:`load_image`:

- the path is checked first, with a message that says what is wrong: it does not exist, it
  is a symlink to nothing, a symlink loop, a folder, not a regular file (a FIFO would block),
  or cannot be opened;
- the width and height are read from the file's header (PNG, JPEG, BMP, WebP) before any
  pixel is decoded; an image of more than :data:`MAX_PIXELS` decoded pixels is refused;
  large JPEGs are decoded at 1/2, 1/4 or 1/8 size by libjpeg itself
  (``cv2.IMREAD_REDUCED_COLOR_*``), never at full size, since the reader works at 640 px;
- a truncated file (a JPEG without its end-of-image marker after the image data, a PNG
  without its ``IEND`` chunk) is refused instead of being read as half a photo.

A decoded image longer than :data:`KEEP_SIDE` is shrunk to it at once; ``scale_x`` and
``scale_y`` say how many file pixels one decoded pixel is, so that boxes can be given in the
file's own pixels (:meth:`LoadedImage.to_file`).

A JPEG's EXIF orientation (a phone held upright stores its pixels turned and says so) is
applied, as every photo viewer does: the image "as given" is the image as shown, and its
width and height are the shown ones. A labelled file whose JSON gives the stored (turned)
width and height was labelled on the stored pixels: :func:`load_image` with that
``labelled_size`` reads it without turning, so its boxes still fit.
"""

from __future__ import annotations

import errno
import os
import stat
import struct
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

MAX_FILE_BYTES = 256 * 1024 * 1024  # no photo file is bigger; reading one costs its size in memory
MAX_PIXELS = 50_000_000  # decoded pixels (a 50 MP phone photo; 150 MB as BGR)
MAX_SIDE = 65_535  # JPEG's own limit; a header claiming more is damaged
KEEP_SIDE = 2560  # longest side kept after decoding: 4x the reader's 640 px working size
JPEG_MIN_SIDE = 1280  # a JPEG is decoded reduced as far as this longest side allows (2x 640 px)
REDUCED = ((8, cv2.IMREAD_REDUCED_COLOR_8), (4, cv2.IMREAD_REDUCED_COLOR_4), (2, cv2.IMREAD_REDUCED_COLOR_2))


class ImageError(ValueError):
    """An image file that cannot be used; the message is one line naming the file."""


@dataclass(frozen=True, slots=True)
class LoadedImage:
    pixels: NDArray[np.uint8]  # BGR
    width: int  # of the image as stored in the file
    height: int
    scale_x: float  # file pixels per decoded pixel, across (>= 1)
    scale_y: float  # and down

    def to_file(self, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        """A box in decoded pixels as a box in the file's own pixels."""
        if self.scale_x == 1.0 and self.scale_y == 1.0:
            return box
        x0, y0, x1, y1 = box
        return (min(self.width - 1, round(x0 * self.scale_x)), min(self.height - 1, round(y0 * self.scale_y)),
                min(self.width - 1, round((x1 + 1) * self.scale_x) - 1),
                min(self.height - 1, round((y1 + 1) * self.scale_y) - 1))


def _open_bytes(path: Path) -> bytes:
    name = str(path)
    try:
        st = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ImageError(f"image {name} is a symlink loop") from None
        if exc.errno == errno.ENOENT:
            if path.is_symlink():
                raise ImageError(f"image {name} is a symlink to {os.readlink(path)}, which does not exist") \
                    from None
            raise ImageError(f"image {name} does not exist") from None
        if exc.errno == errno.ENOTDIR:
            raise ImageError(f"image {name} does not exist (a part of its path is not a folder)") from None
        raise ImageError(f"image {name} cannot be opened ({exc.strerror})") from None
    if stat.S_ISDIR(st.st_mode):
        raise ImageError(f"image {name} is a folder, not an image file")
    if not stat.S_ISREG(st.st_mode):
        raise ImageError(f"image {name} is not a regular file")
    if st.st_size > MAX_FILE_BYTES:
        raise ImageError(f"image {name} is {st.st_size / 2**20:.0f} MB: more than the "
                         f"{MAX_FILE_BYTES // 2**20} MB an image file may have")
    try:
        with open(path, "rb") as fh:
            return fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ImageError(f"image {name} cannot be opened ({exc.strerror})") from None


# JPEG start-of-frame markers (they carry the size): C0..CF except C4 (DHT), C8 (JPG), CC (DAC).
_SOF = {m for m in range(0xC0, 0xD0)} - {0xC4, 0xC8, 0xCC}


def exif_orientation(data: bytes) -> int:
    """The EXIF orientation (1..8; 1 when absent or unreadable) of a JPEG file's bytes."""
    i, n = 2, len(data)
    while i + 4 <= n and data[i] == 0xFF:
        marker = data[i + 1]
        if marker in (0xD8, 0x01, *range(0xD0, 0xD8)) or marker == 0xFF:
            i += 1 if marker == 0xFF else 2
            continue
        if marker in (0xDA, 0xD9):
            break
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        seg = data[i + 4:i + 2 + length]
        if marker == 0xE1 and seg[:6] == b"Exif\x00\x00":
            return _tiff_orientation(seg[6:])
        i += 2 + length
    return 1


def _tiff_orientation(tiff: bytes) -> int:
    try:
        end = {b"II": "<", b"MM": ">"}[tiff[:2]]
        (ifd,) = struct.unpack(end + "I", tiff[4:8])
        (count,) = struct.unpack(end + "H", tiff[ifd:ifd + 2])
        for k in range(count):
            at = ifd + 2 + 12 * k
            tag, kind = struct.unpack(end + "HH", tiff[at:at + 4])
            if tag == 0x0112 and kind == 3:  # Orientation, a SHORT
                (value,) = struct.unpack(end + "H", tiff[at + 8:at + 10])
                return value if 1 <= value <= 8 else 1
    except (KeyError, struct.error):
        pass
    return 1


def _jpeg_info(data: bytes) -> tuple[int, int, bool]:
    """Width, height and whether the file ends its image data (EOI after the first scan)."""
    i, n = 2, len(data)
    size: tuple[int, int] | None = None
    while i + 4 <= n:
        if data[i] != 0xFF:
            raise ValueError("a JPEG marker was expected")
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            i += 2
            continue
        if marker == 0xD9:
            break
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if length < 2:
            raise ValueError("a JPEG segment has a length under 2")
        if marker in _SOF:
            if i + 9 > n:
                break
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            size = (w, h)
        if marker == 0xDA:  # start of scan: entropy-coded data follows, where 0xFF is stuffed
            if size is None:
                raise ValueError("image data before the frame header")
            # Inside entropy-coded data FF is followed by 00 or a restart marker, so the first
            # FF D9 after the scan is the real end of image (trailers after it are allowed).
            return size[0], size[1], data.find(b"\xff\xd9", i + 2 + length) != -1
        i += 2 + length
    if size is None:
        raise ValueError("no frame header")
    return size[0], size[1], False


def _png_info(data: bytes) -> tuple[int, int, bool]:
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise ValueError("no IHDR chunk")
    w, h = struct.unpack(">II", data[16:24])
    return w, h, data.rfind(b"IEND\xaeB`\x82") > 24


def _bmp_info(data: bytes) -> tuple[int, int, bool]:
    if len(data) < 26:
        raise ValueError("header cut short")
    header = struct.unpack("<I", data[14:18])[0]
    if header == 12:
        w, h = struct.unpack("<HH", data[18:22])
    else:
        w, h = struct.unpack("<ii", data[18:26])
    declared = struct.unpack("<I", data[2:6])[0]
    return abs(w), abs(h), len(data) >= declared


def _webp_info(data: bytes) -> tuple[int, int, bool]:
    if len(data) < 30:
        raise ValueError("header cut short")
    chunk = data[12:16]
    if chunk == b"VP8X":
        w = 1 + int.from_bytes(data[24:27], "little")
        h = 1 + int.from_bytes(data[27:30], "little")
    elif chunk == b"VP8 ":
        w, h = (v & 0x3FFF for v in struct.unpack("<HH", data[26:30]))
    elif chunk == b"VP8L":
        bits = int.from_bytes(data[21:25], "little")
        w, h = 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    else:
        raise ValueError("unknown WebP chunk")
    declared = 8 + struct.unpack("<I", data[4:8])[0]
    return w, h, len(data) >= declared


def image_info(data: bytes) -> tuple[str, int, int, bool]:
    """Format, width, height and whether the file is complete, from the header alone."""
    if data[:3] == b"\xff\xd8\xff":
        return ("JPEG", *_jpeg_info(data))
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return ("PNG", *_png_info(data))
    if data[:2] == b"BM":
        return ("BMP", *_bmp_info(data))
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return ("WebP", *_webp_info(data))
    raise LookupError


def load_image(path: str | Path, labelled_size: tuple[int, int] | None = None) -> LoadedImage:
    """Decode one image file as BGR, or raise :class:`ImageError` with a one-line reason.

    A JPEG is turned as its EXIF orientation says, unless ``labelled_size`` (the width and
    height a label file gives) is its stored size and not the turned one."""
    p = Path(path)
    data = _open_bytes(p)
    try:
        kind, w, h, complete = image_info(data)
    except LookupError:
        raise ImageError(f"image {p} cannot be read as an image (not a JPEG, PNG, BMP or WebP file)") \
            from None
    except (ValueError, struct.error) as exc:
        raise ImageError(f"image {p} cannot be read as an image (damaged header: {exc})") from None
    if w < 1 or h < 1 or w > MAX_SIDE or h > MAX_SIDE:
        raise ImageError(f"image {p} cannot be read as an image (its header says {w}x{h} pixels)")
    if not complete:
        raise ImageError(f"image {p} cannot be read as an image (the {kind} file is truncated)")
    reduce, flag = 1, cv2.IMREAD_COLOR
    if kind == "JPEG":  # libjpeg scales while decoding: the full size is never in memory
        for factor, f in REDUCED:
            if max(w, h) / factor >= JPEG_MIN_SIDE:
                reduce, flag = factor, f
                break
    decoded = -(-w // reduce) * -(-h // reduce)
    if decoded > MAX_PIXELS:
        raise ImageError(f"image {p} is {w}x{h} pixels: more than the {MAX_PIXELS // 1_000_000} "
                         f"megapixels the reader decodes")
    if kind == "JPEG" and exif_orientation(data) >= 5:  # shown a quarter turn from how it is stored
        if labelled_size is not None and tuple(labelled_size) == (w, h) and w != h:
            flag |= cv2.IMREAD_IGNORE_ORIENTATION  # labelled on the stored pixels
        else:
            w, h = h, w
    img = cv2.imdecode(np.frombuffer(data, np.uint8), flag)
    if img is None or img.size == 0:
        raise ImageError(f"image {p} cannot be read as an image (the {kind} data is damaged)")
    dh, dw = img.shape[:2]
    if max(dh, dw) > KEEP_SIDE:
        f = KEEP_SIDE / max(dh, dw)
        img = cv2.resize(img, (max(1, round(dw * f)), max(1, round(dh * f))), interpolation=cv2.INTER_AREA)
    return LoadedImage(np.asarray(img, np.uint8), w, h, w / img.shape[1], h / img.shape[0])
