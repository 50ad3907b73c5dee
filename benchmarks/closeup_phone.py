"""Close-up phone photos from a labelled folder: the part of each photo around its dice
blown up to a 12 MP frame, so the dice are up to ``--zoom`` times as big (a phone held near
the tray), as far as every die stays whole in the frame (photos whose dice allow under
1.25x are left out). Labels are mapped with it; photos are written as shown (EXIF turns
applied).

    python benchmarks/closeup_phone.py --zoom 2.5 SRC_DIR OUT_DIR

With ``--zoom 2.5`` the rendered phone dice (150-400 px of a 4000 px frame) come out up to
375-1000 px: 60-160 px at the reader's 640 px working size, the "big dice" of issue 15.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np

from vision.labelled import load_folder


def closeup(src: Path, out: Path, zoom: float, size: tuple[int, int] = (4000, 3000),
            min_zoom: float = 1.25) -> int:
    out.mkdir(parents=True, exist_ok=True)
    n = 0
    for it in load_folder(src):
        loaded = it.load()
        img = loaded.pixels
        boxes = np.array([d.box for d in it.dice], np.float64).reshape(-1, 4)
        boxes[:, 0::2] /= loaded.scale_x  # the labels' pixels as decoded pixels
        boxes[:, 1::2] /= loaded.scale_y
        fw, fh = size if img.shape[1] >= img.shape[0] else size[::-1]
        # The window whose blow-up to the full frame makes the dice ``zoom`` times as big as
        # they are in the frame now; centred on the dice, kept inside the photo.
        # At most ``zoom``, and no more than keeps every die whole in the frame (with a
        # margin of a tenth): a die cut by the frame's edge shows only some of its pips.
        x_lo, y_lo = boxes[:, 0].min(), boxes[:, 1].min()
        x_hi, y_hi = boxes[:, 2].max(), boxes[:, 3].max()
        z = min(zoom, img.shape[1] / (1.1 * (x_hi - x_lo)), img.shape[0] / (1.1 * (y_hi - y_lo)))
        if z < min_zoom:
            continue
        ww, wh = img.shape[1] / z, img.shape[0] / z
        cx, cy = (x_lo + x_hi) / 2, (y_lo + y_hi) / 2
        x0 = float(np.clip(cx - ww / 2, 0, img.shape[1] - ww))
        y0 = float(np.clip(cy - wh / 2, 0, img.shape[0] - wh))
        k = fw / ww
        m = np.float64([[k, 0, -k * x0], [0, fh / wh, -fh / wh * y0]])
        big = cv2.warpAffine(img, m, (fw, fh), flags=cv2.INTER_CUBIC)
        dice = []
        for d, b in zip(it.dice, boxes, strict=True):
            x_0, y_0 = k * (b[0] - x0), fh / wh * (b[1] - y0)
            x_1, y_1 = k * (b[2] - x0), fh / wh * (b[3] - y0)
            dice.append({"face": d.face, "box": [round(max(0.0, x_0)), round(max(0.0, y_0)),
                                                 round(min(fw - 1.0, x_1)), round(min(fh - 1.0, y_1))]})
        if not dice:
            continue
        name = f"{it.image.stem}-x{z:.2f}.jpg"
        cv2.imwrite(str(out / name), big, [cv2.IMWRITE_JPEG_QUALITY, 90])
        (out / name).with_suffix(".json").write_text(
            json.dumps({"image": name, "width": fw, "height": fh, "dice": dice}))
        n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--zoom", type=float, default=2.5)
    ap.add_argument("src")
    ap.add_argument("out")
    a = ap.parse_args()
    print(f"wrote {closeup(Path(a.src), Path(a.out), a.zoom)} close-up photos to {a.out}")


if __name__ == "__main__":
    main()
