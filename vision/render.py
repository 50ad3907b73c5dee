"""Synthetic photos of Memoir '44 battle dice (and pip dice) on a tray, for tests and profiles.

The symbol art is the project's own, drawn with OpenCV primitives: an infantry soldier,
a tank, a grenade, a star and a flag. Two styles exist so a profile can be taught on
dice it was not built from: ``classic`` (ivory dice, dark navy symbols) and ``olive``
(olive-drab dice, pale yellow outlined symbols, different shapes and strokes).
Scenes vary light, shadow, perspective, blur, noise and rotation, and dice may touch.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.profile import Face

Image = NDArray[np.uint8]
TEX = 96  # face texture size in pixels
# A Memoir '44 die has two infantry faces and one of each other symbol.
M44_DIE: tuple[str, ...] = ("infantry", "infantry", "armor", "grenade", "star", "flag")


@dataclass(frozen=True, slots=True)
class Style:
    name: str
    die: tuple[int, int, int]  # BGR of the die body
    ink: tuple[int, int, int]  # BGR of the symbols or pips
    stroke: int  # line thickness at TEX size
    outlined: bool  # symbols drawn as outlines rather than filled
    rounded: int  # corner radius of the die at TEX size


STYLES: dict[str, Style] = {
    "classic": Style("classic", (200, 225, 235), (90, 40, 20), 5, False, 14),
    "olive": Style("olive", (60, 110, 95), (150, 235, 245), 7, True, 22),
    # A third art: dark red dice, cream outlines of other shapes again (a helmet, a tank
    # seen from the side with a round turret, a potato-masher grenade with a band, a
    # four-pointed star, a square flag with stripes). Never used to build a network.
    "stencil": Style("stencil", (40, 35, 140), (190, 230, 240), 6, True, 10),
    "pipwhite": Style("pipwhite", (235, 238, 240), (30, 30, 30), 0, False, 16),
    "pipmix": Style("pipmix", (235, 238, 240), (30, 30, 30), 0, False, 16),  # colours vary per die
    # Symbol dice of any colours, filled or outlined, thin or bold: builds a network that
    # looks at shapes, so teaching it another set of dice has less to learn.
    "m44mix": Style("m44mix", (200, 225, 235), (90, 40, 20), 5, False, 14),
    # Pip dice as they come: opaque, marbled or translucent bodies, any pip colour and size,
    # on wood, felt, cork, cloth, paper or a dark mat, dim or bright, with glare.
    "pipwild": Style("pipwild", (235, 238, 240), (30, 30, 30), 0, False, 16),
}
MIXED = ("pipmix", "m44mix", "pipwild")  # styles whose every die gets its own colours
SURFACES = ("wood", "felt", "cork", "cloth", "paper", "mat")



def square_corners(angle: float, side: float) -> np.ndarray:
    """The corners of a square die face of ``side`` pixels turned by ``angle``, about (0, 0)."""
    k = np.arange(4) * np.pi / 2 + np.pi / 4 + angle
    return np.stack([np.cos(k), np.sin(k)], axis=1) * side / 2 * np.sqrt(2)

def _random_colours(rng: np.random.Generator, st: Style) -> Style:
    """A die of any colour with pips that contrast (white, black, red, yellow...)."""
    hsv = np.uint8([[[rng.integers(0, 180), rng.integers(0, 256), rng.integers(20, 256)]]])
    die = tuple(int(v) for v in cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0])
    light = sum(die) / 3 > 120
    inks = [(25, 25, 25), (40, 30, 160)] if light else [(240, 240, 240), (60, 220, 240), (50, 50, 200)]
    ink = inks[rng.integers(0, len(inks))]
    if st.name == "m44mix":
        return Style(st.name, die, ink, int(rng.integers(3, 9)), bool(rng.random() < 0.4),  # type: ignore[arg-type]
                     int(rng.integers(6, 26)))
    return Style(st.name, die, ink, st.stroke, st.outlined, int(rng.integers(10, 24)))  # type: ignore[arg-type]


def _poly(img: Image, pts: list[tuple[float, float]], style: Style) -> None:
    arr = np.array([[round(x * TEX), round(y * TEX)] for x, y in pts], np.int32)
    if style.outlined:
        cv2.polylines(img, [arr], True, style.ink, max(2, style.stroke // 2), cv2.LINE_AA)
    else:
        cv2.fillPoly(img, [arr], style.ink, cv2.LINE_AA)


def _circle(img: Image, cx: float, cy: float, r: float, style: Style) -> None:
    c, rr = (round(cx * TEX), round(cy * TEX)), max(1, round(r * TEX))
    if style.outlined:
        cv2.circle(img, c, rr, style.ink, max(2, style.stroke // 2), cv2.LINE_AA)
    else:
        cv2.circle(img, c, rr, style.ink, -1, cv2.LINE_AA)


def _line(img: Image, a: tuple[float, float], b: tuple[float, float], style: Style, w: float = 1.0) -> None:
    pa = (round(a[0] * TEX), round(a[1] * TEX))
    pb = (round(b[0] * TEX), round(b[1] * TEX))
    cv2.line(img, pa, pb, style.ink, max(1, round(style.stroke * w)), cv2.LINE_AA)


# Other symbols, never a Memoir '44 face: the die network also learns to tell these apart
# while it is trained (vision/train_net.py --glyphs), so that what it has learnt about
# shapes carries over to symbol dice it has never seen, which ``teach`` then names.
GLYPHS: tuple[str, ...] = tuple(f"glyph:{c}" for c in "AKRXZ57#&?HMW3") + tuple(
    f"glyph:{g}" for g in ("ring", "triangle", "cross", "arrow", "crescent", "bars", "diamond", "bolt"))
_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
          cv2.FONT_HERSHEY_TRIPLEX)


def _draw_glyph(img: Image, name: str, style: Style) -> None:
    if len(name) == 1:  # a letter, digit or sign, in a font chosen by the style's stroke
        font = _FONTS[style.stroke % len(_FONTS)]
        thick = max(2, style.stroke // 2 + 1)
        (w, h), _ = cv2.getTextSize(name, font, 2.4, thick)
        cv2.putText(img, name, ((TEX - w) // 2, (TEX + h) // 2), font, 2.4, style.ink, thick, cv2.LINE_AA)
    elif name == "ring":
        cv2.circle(img, (TEX // 2, TEX // 2), round(0.3 * TEX), style.ink, max(3, style.stroke), cv2.LINE_AA)
    elif name == "triangle":
        _poly(img, [(0.5, 0.18), (0.82, 0.78), (0.18, 0.78)], style)
    elif name == "cross":
        _line(img, (0.25, 0.25), (0.75, 0.75), style, 1.4)
        _line(img, (0.75, 0.25), (0.25, 0.75), style, 1.4)
    elif name == "arrow":
        _line(img, (0.2, 0.5), (0.7, 0.5), style, 1.2)
        _poly(img, [(0.62, 0.3), (0.85, 0.5), (0.62, 0.7)], style)
    elif name == "crescent":
        cv2.circle(img, (TEX // 2, TEX // 2), round(0.3 * TEX), style.ink, -1, cv2.LINE_AA)
        cv2.circle(img, (round(0.62 * TEX), round(0.42 * TEX)), round(0.26 * TEX), style.die, -1, cv2.LINE_AA)
    elif name == "bars":
        for y in (0.3, 0.5, 0.7):
            _line(img, (0.22, y), (0.78, y), style, 0.9)
    elif name == "diamond":
        _poly(img, [(0.5, 0.15), (0.8, 0.5), (0.5, 0.85), (0.2, 0.5)], style)
    elif name == "bolt":
        _poly(img, [(0.55, 0.12), (0.3, 0.55), (0.48, 0.55), (0.42, 0.88), (0.72, 0.42), (0.53, 0.42)], style)
    else:
        raise ValueError(f"no art for glyph {name!r}")


def draw_symbol(img: Image, face: Face, style: Style) -> None:
    """Draw one face's symbol (or pips) on a TEX x TEX die face, in place."""
    if isinstance(face, str) and face.startswith("glyph:"):
        _draw_glyph(img, face[len("glyph:"):], style)
        return
    if style.name == "stencil" and isinstance(face, str):
        _draw_stencil(img, face, style)
        return
    alt = style.name == "olive"  # the second style also draws different shapes
    if isinstance(face, int):
        spots = {1: [(0.5, 0.5)], 2: [(0.28, 0.28), (0.72, 0.72)],
                 3: [(0.26, 0.26), (0.5, 0.5), (0.74, 0.74)],
                 4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)]}
        spots[5] = [*spots[4], (0.5, 0.5)]
        spots[6] = [(0.28, 0.25), (0.28, 0.5), (0.28, 0.75), (0.72, 0.25), (0.72, 0.5), (0.72, 0.75)]
        for x, y in spots[face]:
            cv2.circle(img, (round(x * TEX), round(y * TEX)), TEX // 11, style.ink, -1, cv2.LINE_AA)
        return
    if face == "infantry":
        if alt:  # a helmeted head and shoulders
            _poly(img, [(0.25, 0.48), (0.32, 0.3), (0.5, 0.22), (0.68, 0.3), (0.75, 0.48)], style)
            _circle(img, 0.5, 0.56, 0.1, style)
            _poly(img, [(0.25, 0.85), (0.32, 0.7), (0.68, 0.7), (0.75, 0.85)], style)
        else:  # a soldier with a rifle
            _circle(img, 0.45, 0.24, 0.09, style)
            _poly(img, [(0.35, 0.36), (0.55, 0.36), (0.58, 0.62), (0.32, 0.62)], style)
            _line(img, (0.38, 0.62), (0.32, 0.86), style)
            _line(img, (0.52, 0.62), (0.58, 0.86), style)
            _line(img, (0.62, 0.2), (0.7, 0.7), style, 0.6)
    elif face == "armor":
        hull = [(0.14, 0.58), (0.86, 0.58), (0.8, 0.72), (0.2, 0.72)]
        _poly(img, hull, style)
        _poly(img, [(0.32, 0.44), (0.62, 0.44), (0.62, 0.57), (0.32, 0.57)], style)
        _line(img, (0.6, 0.48), (0.9, 0.42 if alt else 0.48), style, 0.6)
        for x in (0.27, 0.42, 0.58, 0.73):
            _circle(img, x, 0.78, 0.05, style)
    elif face == "grenade":
        if alt:  # a stick grenade
            _poly(img, [(0.42, 0.18), (0.58, 0.18), (0.6, 0.42), (0.4, 0.42)], style)
            _line(img, (0.5, 0.42), (0.5, 0.86), style, 1.1)
        else:  # a round grenade with lever and pin ring
            cv2.ellipse(img, (TEX // 2, round(0.6 * TEX)), (round(0.2 * TEX), round(0.24 * TEX)),
                        0, 0, 360, style.ink, -1, cv2.LINE_AA)
            _poly(img, [(0.42, 0.3), (0.58, 0.3), (0.58, 0.38), (0.42, 0.38)], style)
            _line(img, (0.58, 0.32), (0.72, 0.48), style, 0.6)
            cv2.circle(img, (round(0.34 * TEX), round(0.28 * TEX)), round(0.07 * TEX),
                       style.ink, max(2, style.stroke // 2), cv2.LINE_AA)
    elif face == "star":
        pts = []
        for k in range(10):
            r = 0.38 if k % 2 == 0 else (0.17 if alt else 0.15)
            a = -np.pi / 2 + k * np.pi / 5
            pts.append((0.5 + r * np.cos(a), 0.53 + r * np.sin(a)))
        _poly(img, pts, style)
    elif face == "flag":
        _line(img, (0.3, 0.15), (0.3, 0.88), style, 0.8)
        if alt:  # a pennant
            _poly(img, [(0.32, 0.17), (0.82, 0.32), (0.32, 0.47)], style)
        else:
            _poly(img, [(0.32, 0.17), (0.78, 0.2), (0.72, 0.33), (0.78, 0.47), (0.32, 0.45)], style)
    else:
        raise ValueError(f"no art for face {face!r}")


def _draw_stencil(img: Image, face: str, style: Style) -> None:
    """The ``stencil`` style's own shapes for the five Memoir '44 faces."""
    if face == "infantry":  # a helmet with its brim
        cv2.ellipse(img, (TEX // 2, round(0.58 * TEX)), (round(0.28 * TEX), round(0.26 * TEX)), 0, 180, 360,
                    style.ink, style.stroke // 2 + 1, cv2.LINE_AA)
        _line(img, (0.14, 0.6), (0.86, 0.6), style, 0.8)
    elif face == "armor":  # a tank from the side: hull, round turret, long gun
        _poly(img, [(0.12, 0.55), (0.8, 0.55), (0.88, 0.7), (0.2, 0.75)], style)
        _circle(img, 0.45, 0.45, 0.1, style)
        _line(img, (0.52, 0.43), (0.92, 0.33), style, 0.5)
    elif face == "grenade":  # a potato masher: a head with a band, a handle
        _poly(img, [(0.3, 0.2), (0.7, 0.2), (0.7, 0.45), (0.3, 0.45)], style)
        _line(img, (0.3, 0.32), (0.7, 0.32), style, 0.4)
        _poly(img, [(0.45, 0.45), (0.55, 0.45), (0.55, 0.85), (0.45, 0.85)], style)
    elif face == "star":  # four points
        pts = []
        for k in range(8):
            r = 0.4 if k % 2 == 0 else 0.12
            a = k * np.pi / 4
            pts.append((0.5 + r * np.cos(a), 0.5 + r * np.sin(a)))
        _poly(img, pts, style)
    elif face == "flag":  # a square flag with two stripes on a pole
        _line(img, (0.22, 0.12), (0.22, 0.9), style, 0.8)
        _poly(img, [(0.24, 0.15), (0.8, 0.15), (0.8, 0.5), (0.24, 0.5)], style)
        _line(img, (0.26, 0.27), (0.78, 0.27), style, 0.4)
        _line(img, (0.26, 0.39), (0.78, 0.39), style, 0.4)
    else:
        raise ValueError(f"no stencil art for face {face!r}")


def face_texture(face: Face, style: Style) -> Image:
    tex = np.zeros((TEX, TEX, 3), np.uint8)
    tex[:] = style.die
    draw_symbol(tex, face, style)
    return tex


def _tray(rng: np.random.Generator, size: int) -> Image:
    base = np.array(
        [(60, 110, 50), (50, 70, 130), (40, 40, 45), (200, 200, 205), (80, 100, 140), (120, 60, 40)][
            rng.integers(0, 6)
        ],
        np.float32,
    ) + rng.uniform(-20, 20, 3)
    img = np.empty((size, size, 3), np.float32)
    img[:] = base
    grain = cv2.GaussianBlur(rng.normal(0, 1, (size, size)).astype(np.float32), (0, 0), 1.5)
    img += grain[:, :, None] * rng.uniform(3, 10)
    return img


def _surface(rng: np.random.Generator, size: int) -> NDArray[np.float32]:
    """A table or tray of one of :data:`SURFACES`, each with its own texture."""
    kind = SURFACES[rng.integers(len(SURFACES))]
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    noise = rng.normal(0, 1, (size, size)).astype(np.float32)
    if kind == "wood":
        base = np.array([90, 140, 185], np.float32) * rng.uniform(0.6, 1.15)
        ang = rng.uniform(0, np.pi)
        u = xx * np.cos(ang) + yy * np.sin(ang)
        v = -xx * np.sin(ang) + yy * np.cos(ang)
        rings = np.sin(v / rng.uniform(4, 14) + 2.5 * np.sin(u / rng.uniform(80, 240)))
        tex = rings * rng.uniform(8, 22) + cv2.GaussianBlur(noise, (0, 0), 1.0) * 4
    elif kind == "felt":
        felts = [(60, 110, 50), (110, 50, 40), (50, 40, 120), (40, 40, 40)]
        base = np.array(felts[rng.integers(4)], np.float32)
        tex = cv2.GaussianBlur(noise, (0, 0), 0.7) * rng.uniform(4, 9)
    elif kind == "cork":
        base = np.array([95, 140, 175], np.float32) * rng.uniform(0.8, 1.1)
        speck = cv2.GaussianBlur(noise, (0, 0), 1.6)
        tex = np.where(speck > 0.35, -35.0, 0.0).astype(np.float32) + speck * 12
    elif kind == "cloth":
        base = rng.uniform(60, 220, 3).astype(np.float32)
        period = rng.uniform(3, 7)
        weave = np.sin(xx * 2 * np.pi / period) * np.sin(yy * 2 * np.pi / period)
        tex = weave * rng.uniform(6, 15) + noise * 3
    elif kind == "paper":
        base = rng.uniform(215, 250, 3).astype(np.float32)
        tex = cv2.GaussianBlur(noise, (0, 0), 2.0) * 3
    else:  # a dark rubber mat
        base = rng.uniform(15, 45, 3).astype(np.float32)
        tex = cv2.GaussianBlur(noise, (0, 0), 0.8) * 3
    return base[None, None, :] + tex[:, :, None]


def _body(rng: np.random.Generator, colour: tuple[int, int, int]) -> tuple[NDArray[np.float32], float]:
    """A die body texture (TEX x TEX, BGR float) and its opacity: solid, marbled (two
    colours swirled), or translucent (the table shows through the body, not the pips)."""
    body = np.empty((TEX, TEX, 3), np.float32)
    body[:] = colour
    u = rng.random()
    if u < 0.35:  # marbled: swirls of a second colour, as strong as the pips sometimes
        other = np.array(colour, np.float32) * rng.uniform(0.2, 0.6) if rng.random() < 0.6 \
            else rng.uniform(0, 255, 3).astype(np.float32)
        yy, xx = np.mgrid[0:TEX, 0:TEX].astype(np.float32) / TEX
        warp = cv2.GaussianBlur(rng.normal(0, 1, (TEX, TEX)).astype(np.float32), (0, 0), 8) * 40
        a = rng.uniform(0, np.pi)
        veins = np.sin((xx * np.cos(a) + yy * np.sin(a)) * rng.uniform(6, 18) + warp)
        mix = np.clip((veins - rng.uniform(-0.2, 0.6)) * 2.5, 0, 1)[:, :, None]
        body = body * (1 - mix) + other[None, None, :] * mix
        return body, 1.0
    if u < 0.6:  # translucent
        return body, float(rng.uniform(0.45, 0.8))
    return body, 1.0


CLUTTER_KINDS = ("cable", "keys", "coin", "card", "sticker", "pen", "hand", "grain")


def _clutter(img: NDArray[np.float32], rng: np.random.Generator, n: int) -> None:
    """Draw ``n`` things that are not dice: cables, keyboard keys, coins, cards, stickers, pens,
    a hand, wood grain. Dice go on top of them."""
    size = img.shape[0]
    for _ in range(n):
        kind = CLUTTER_KINDS[rng.integers(len(CLUTTER_KINDS))]
        dark = rng.random() < 0.5
        col = rng.uniform(10, 60, 3) if dark else rng.uniform(180, 250, 3)
        if kind == "cable":  # a smooth curve, with a highlight along it
            pts = np.cumsum(rng.normal(0, size * 0.12, (6, 2)), axis=0) + rng.uniform(0, size, 2)
            t = np.linspace(0, 1, 60)[:, None]
            curve = (1 - t) ** 2 * pts[0] + 2 * (1 - t) * t * pts[2] + t**2 * pts[5]
            w = int(rng.integers(3, 14))
            cv2.polylines(img, [curve.astype(np.int32)], False, col.tolist(), w, cv2.LINE_AA)
            cv2.polylines(img, [(curve - w / 4).astype(np.int32)], False, (col * 0.5 + 120).tolist(),
                          max(1, w // 4), cv2.LINE_AA)
        elif kind == "keys":  # a patch of keyboard: square keys with a letter or a dot on each
            key = rng.uniform(22, 50)
            x0, y0 = rng.uniform(-key, size, 2)
            rows, cols = int(rng.integers(1, 5)), int(rng.integers(2, 9))
            ink = (230, 230, 230) if dark else (30, 30, 30)
            for r in range(rows):
                for c in range(cols):
                    kx, ky = x0 + c * key * 1.15 + r * key * 0.3, y0 + r * key * 1.15
                    corner, far = (int(kx), int(ky)), (int(kx + key), int(ky + key))
                    cv2.rectangle(img, corner, far, col.tolist(), -1, cv2.LINE_AA)
                    cv2.rectangle(img, (int(kx), int(ky)), (int(kx + key), int(ky + key)),
                                  (col * 0.7).tolist(), 1, cv2.LINE_AA)
                    if rng.random() < 0.3:
                        mid = (int(kx + key / 2), int(ky + key / 2))
                        cv2.circle(img, mid, max(1, int(key / 10)), ink, -1)
                    else:  # a letter's strokes (putText draws on 8-bit images only)
                        for _s in range(int(rng.integers(1, 4))):
                            a = np.array([kx, ky]) + key * rng.uniform(0.25, 0.75, 2)
                            b = np.array([kx, ky]) + key * rng.uniform(0.25, 0.75, 2)
                            cv2.line(img, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), ink, 1, cv2.LINE_AA)
        elif kind == "coin":
            r = rng.uniform(10, 30)
            c = tuple(int(v) for v in rng.uniform(r, size - r, 2))
            metal = np.array([(60, 140, 190), (170, 170, 175), (50, 90, 150)][rng.integers(3)], np.float64)
            cv2.circle(img, c, int(r), metal.tolist(), -1, cv2.LINE_AA)
            cv2.circle(img, c, int(r * 0.8), (metal * 0.75).tolist(), 1, cv2.LINE_AA)
        elif kind in ("card", "sticker"):  # a rectangle with lines of text or a few marks
            w, h = (rng.uniform(60, 200, 2) if kind == "card" else rng.uniform(15, 50, 2))
            centre, ang = tuple(rng.uniform(0, size, 2)), rng.uniform(0, 180)
            box = cv2.boxPoints((centre, (w, h), ang)).astype(np.int32)
            paper = rng.uniform(200, 250, 3) if kind == "card" else rng.uniform(30, 250, 3)
            cv2.fillConvexPoly(img, box, paper.tolist(), cv2.LINE_AA)
            for _k in range(int(rng.integers(1, 6))):
                p = box[0] + (box[2] - box[0]) * rng.uniform(0.15, 0.85)
                if rng.random() < 0.5:
                    cv2.circle(img, tuple(int(v) for v in p), int(rng.integers(2, 6)), (30, 30, 30), -1)
                else:
                    q = p + rng.normal(0, 12, 2)
                    cv2.line(img, tuple(int(v) for v in p), tuple(int(v) for v in q), (40, 40, 40), 2)
        elif kind == "pen":
            a = rng.uniform(0, size, 2)
            b = a + rng.normal(0, 90, 2)
            cv2.line(img, tuple(int(v) for v in a), tuple(int(v) for v in b), col.tolist(),
                     int(rng.integers(5, 12)), cv2.LINE_AA)
        elif kind == "hand":  # a skin-coloured blob from the edge, with finger-like lobes
            skin = np.array([(120, 150, 200), (90, 120, 170), (60, 80, 120)][rng.integers(3)], np.float64)
            edge = rng.integers(4)
            c = np.array([rng.uniform(0, size), rng.uniform(0, size)])
            c[edge % 2] = 0 if edge < 2 else size
            axes = (int(rng.uniform(60, 140)), int(rng.uniform(40, 90)))
            cv2.ellipse(img, tuple(int(v) for v in c), axes, rng.uniform(0, 180), 0, 360, skin.tolist(), -1,
                        cv2.LINE_AA)
            for _f in range(4):
                f = c + rng.normal(0, 70, 2)
                axes = (int(rng.uniform(25, 45)), int(rng.uniform(8, 14)))
                cv2.ellipse(img, tuple(int(v) for v in f), axes, rng.uniform(0, 180), 0, 360,
                            (skin * 0.95).tolist(), -1, cv2.LINE_AA)
        else:  # wood grain: long wavy darker streaks
            streak = rng.uniform(0.75, 0.92)
            ang = rng.uniform(0, np.pi)
            yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
            u = xx * np.cos(ang) + yy * np.sin(ang)
            v = -xx * np.sin(ang) + yy * np.cos(ang)
            wave = np.sin(v / rng.uniform(6, 20) + 3 * np.sin(u / rng.uniform(60, 200)))
            img *= np.where(wave > 0.8, streak, 1.0).astype(np.float32)[:, :, None]


def render_scene(
    rng: np.random.Generator,
    style: str = "classic",
    dice: int | None = None,
    size: int = 640,
    faces: tuple[Face, ...] = M44_DIE,
    touching: float = 0.3,
    clutter: int = 0,
    clusters: bool = False,
) -> tuple[Image, list[tuple[Face, tuple[int, int, int, int]]]]:
    """One synthetic photo and its labels: (face, [x0, y0, x1, y1]) per die; ``clutter``
    things that are not dice (cables, keys, coins, cards, stickers, pens, a hand, grain)
    are drawn on the table first. ``clusters``: the dice lie in clusters of 2-4, each die
    edge to edge with one of its cluster (turned as it is, give or take a few degrees,
    and in a quarter of them a sliver under it), as thrown dice land at a real table;
    ``touching`` is not used then."""
    st = STYLES[style]
    img = _surface(rng, size) if style == "pipwild" else _tray(rng, size)
    if clutter:
        if rng.random() < 0.4:  # a light wooden desk
            img[:] = np.array([120, 165, 200], np.float32) + rng.uniform(-25, 25, 3)
            grain = cv2.GaussianBlur(rng.normal(0, 1, (size, size)).astype(np.float32), (0, 0), 1.5)
            img += grain[:, :, None] * 4
        _clutter(img, rng, clutter)
    shadow = np.ones((size, size), np.float32)
    n = int(dice if dice is not None else rng.integers(2 if clusters else 1, 9))
    die_px = rng.uniform(24, 60) if style in MIXED else rng.uniform(34, 60)
    placed: list[tuple[float, float, float]] = []
    labels: list[tuple[Face, tuple[int, int, int, int]]] = []
    light = rng.uniform(-1, 1, 2)
    light = light / (np.linalg.norm(light) + 1e-6)
    groups = _cluster_sizes(rng, n) if clusters else []
    turns: list[float] = []  # each placed die's angle (clusters only)
    group_of: list[int] = []
    for k in range(n):
        s = die_px * rng.uniform(0.92, 1.08)
        if clusters:
            spot = _cluster_spot(rng, s, size, placed, turns, group_of, groups[k])
            if spot is None:
                continue
            cx, cy, turn = spot
            turns.append(turn)
            group_of.append(groups[k])
        else:
            for _try in range(60):
                if placed and rng.random() < touching:  # put it against a die already down
                    px, py, ps = placed[rng.integers(0, len(placed))]
                    a = rng.uniform(0, 2 * np.pi)
                    d = (ps + s) * 0.5 * rng.uniform(1.02, 1.12)
                    cx, cy = px + d * np.cos(a), py + d * np.sin(a)
                else:
                    cx, cy = rng.uniform(s, size - s, 2)
                ok = s <= cx <= size - s and s <= cy <= size - s and all(
                    np.hypot(cx - px, cy - py) > (ps + s) * 0.5 * 1.0 for px, py, ps in placed)
                if ok:
                    break
            else:
                continue
        placed.append((cx, cy, s))
        face = faces[rng.integers(0, len(faces))]
        ang = rng.uniform(0, 2 * np.pi)
        if clusters:
            ang = turns[-1]
        corners = square_corners(ang, s)
        corners += rng.normal(0, s * 0.025, (4, 2))  # a touch of perspective
        quad = (corners + np.array([cx, cy])).astype(np.float32)
        # Drop shadow away from the light, and a visible side face.
        off = -light * s * rng.uniform(0.12, 0.25)
        cv2.fillConvexPoly(shadow, (quad + off).astype(np.int32), rng.uniform(0.45, 0.7), cv2.LINE_AA)
        die_st = _random_colours(rng, st) if style in MIXED else st
        side = np.array(die_st.die, np.float32) * rng.uniform(0.55, 0.75)
        body = np.concatenate([quad, quad + off * 0.35])
        cv2.fillConvexPoly(img, cv2.convexHull(body.astype(np.int32)), side.tolist(), cv2.LINE_AA)
        tex = face_texture(face, die_st).astype(np.float32)
        opacity = 1.0
        if style == "pipwild":  # marbled or translucent bodies, pips of any size
            skin, opacity = _body(rng, die_st.die)
            ink = np.zeros((TEX, TEX), np.uint8)
            draw_symbol(ink, face, Style("mask", (0, 0, 0), (255, 255, 255), 0, False, 0))  # type: ignore[arg-type]
            if rng.random() < 0.5:  # bigger or smaller pips than the art's
                k = int(rng.choice([3, 5]))
                kernel = np.ones((k, k) if rng.random() < 0.5 else (3, 3), np.uint8)
                ink = cv2.dilate(ink, kernel) if kernel.shape[0] == k else cv2.erode(ink, kernel)
            pip = (ink.astype(np.float32) / 255.0)[:, :, None]
            tex = skin * (1 - pip) + np.array(die_st.ink, np.float32) * pip
        # Rounded corners: fade the texture to the side colour outside a rounded square.
        alpha = np.zeros((TEX, TEX), np.float32)
        r = die_st.rounded
        cv2.rectangle(alpha, (r, 0), (TEX - 1 - r, TEX - 1), 1.0, -1)
        cv2.rectangle(alpha, (0, r), (TEX - 1, TEX - 1 - r), 1.0, -1)
        for x, y in ((r, r), (TEX - 1 - r, r), (r, TEX - 1 - r), (TEX - 1 - r, TEX - 1 - r)):
            cv2.circle(alpha, (x, y), r, 1.0, -1, cv2.LINE_AA)
        src = np.array([[0, 0], [TEX - 1, 0], [TEX - 1, TEX - 1], [0, TEX - 1]], np.float32)
        m = cv2.getPerspectiveTransform(src, quad)
        warped = cv2.warpPerspective(tex, m, (size, size), flags=cv2.INTER_LINEAR)
        if opacity < 1.0:  # translucent: the body lets the table through, the pips do not
            alpha = alpha * (opacity + (1 - opacity) * pip[:, :, 0])
        wa = cv2.warpPerspective(alpha, m, (size, size), flags=cv2.INTER_LINEAR)[:, :, None]
        tilt = 1.0 + 0.12 * rng.uniform(-1, 1)  # each top face catches the light a bit differently
        img = img * (1 - wa) + warped * tilt * wa
        x0, y0 = body.min(axis=0)
        x1, y1 = body.max(axis=0)
        labels.append((face, (int(x0), int(y0), int(x1), int(y1))))
    shadow = cv2.GaussianBlur(shadow, (0, 0), rng.uniform(2, 5))
    img *= shadow[:, :, None]
    # Uneven light across the tray, overall exposure, blur and sensor noise.
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) / size
    grad = 1.0 + rng.uniform(-0.25, 0.25) * (xx - 0.5) + rng.uniform(-0.25, 0.25) * (yy - 0.5)
    img *= grad[:, :, None] * (rng.uniform(0.3, 1.3) if style == "pipwild" else rng.uniform(0.7, 1.25))
    if style == "pipwild" and rng.random() < 0.4:  # glare: a bright soft spot from a lamp
        gx, gy = rng.uniform(0, 1, 2)
        spot = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * rng.uniform(0.05, 0.2) ** 2))
        img += (spot * rng.uniform(60, 160))[:, :, None].astype(np.float32)
    sigma = rng.uniform(0.0, 1.4)
    if sigma > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    img += rng.normal(0, rng.uniform(1, 6), img.shape).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8), labels


def _cluster_sizes(rng: np.random.Generator, n: int) -> list[int]:
    """Which cluster each of ``n`` dice belongs to: clusters of 2-4 dice (a last one left
    over lies alone)."""
    out: list[int] = []
    group = 0
    while len(out) < n:
        size = int(rng.integers(2, 5))
        out += [group] * size
        group += 1
    return out[:n]


def _cluster_spot(rng: np.random.Generator, s: float, size: int,
                  placed: list[tuple[float, float, float]], turns: list[float],
                  group_of: list[int], group: int) -> tuple[float, float, float] | None:
    """Centre and angle of a die of side ``s`` in cluster ``group``: against a die of its
    cluster already down (turned as it is, within a few degrees, beside one of its edges,
    shifted along it by up to half a die; in a quarter of them up to a tenth of a die
    over it), or, the cluster's first, well away from the other clusters. None when no
    place fits in 80 tries."""
    mates = [i for i, g in enumerate(group_of) if g == group]
    for _try in range(80):
        if mates:
            j = mates[int(rng.integers(0, len(mates)))]
            px, py, ps = placed[j]
            side = turns[j] + 0.5 * np.pi * int(rng.integers(0, 4))
            gap = rng.uniform(0.9, 1.0) if rng.random() < 0.25 else rng.uniform(1.0, 1.05)
            along = rng.uniform(-0.5, 0.5) * s
            d = 0.5 * (ps + s) * gap
            cx = px + d * np.cos(side) - along * np.sin(side)
            cy = py + d * np.sin(side) + along * np.cos(side)
            turn = turns[j] + rng.normal(0, 0.06)
        else:
            cx, cy = rng.uniform(s, size - s, 2)
            turn = rng.uniform(0, 2 * np.pi)
        if not (s <= cx <= size - s and s <= cy <= size - s):
            continue
        fits = True
        for (qx, qy, qs), qt, qg in zip(placed, turns, group_of, strict=True):
            if qg != group:  # other clusters: apart by more than both dice's corners reach
                fits = np.hypot(cx - qx, cy - qy) > 0.8 * (qs + s)
            else:  # the same cluster: squares turned alike overlap by at most a tenth of a die
                c, si = np.cos(qt), np.sin(qt)
                u, v = (cx - qx) * c + (cy - qy) * si, -(cx - qx) * si + (cy - qy) * c
                fits = max(abs(u), abs(v)) >= 0.5 * (qs + s) * 0.9 - 1e-6
            if not fits:
                break
        if fits:
            return float(cx), float(cy), float(turn)
    return None


def write_labelled(folder: str | Path, count: int, style: str, seed: int = 0, **kw: object) -> Path:
    """Write ``count`` rendered photos with contract-format JSON labels into ``folder``."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    for i in range(count):
        img, labels = render_scene(rng, style, **kw)  # type: ignore[arg-type]
        name = f"{style}-{seed}-{i:04d}.png"
        cv2.imwrite(str(out / name), img)
        doc = {"image": name, "width": img.shape[1], "height": img.shape[0],
               "dice": [{"face": f, "box": list(b)} for f, b in labels]}
        (out / name).with_suffix(".json").write_text(json.dumps(doc))
    return out


# --- Phone photos of the user's own dice ------------------------------------------------
# A phone looks at a tray from above at a slant: 12 MP frames (4000x3000 or 4032x3024),
# dice 150-400 px wide, perspective (far dice smaller), JPEG, a little blur, uneven light.
# The dice are one set, as a user owns them: one body (opaque, marbled or translucent, of
# any colour), one pip colour, and one face a printed symbol instead of its pips.

PHONE_FRAMES = ((4000, 3000), (4032, 3024))
PHONE_RENDER = 2  # rendered at 1/2 of the frame (the reader decodes a 12 MP JPEG at 1/2)


@dataclass(frozen=True, slots=True)
class DiceLook:
    """One set of dice: body, marbling, opacity, pips, and the face a symbol replaces."""

    name: str
    body: tuple[int, int, int]  # BGR
    vein: tuple[int, int, int] | None  # marbling colour (None: a plain body)
    opacity: float  # under 1: translucent, the table shows through the body (not the pips)
    ink: tuple[int, int, int]  # pips and symbol
    symbol: str  # art drawn by :func:`draw_symbol` (an m44 face name or a ``glyph:`` one)
    replaces: int  # the pip face the symbol replaces
    label: Face  # the symbol face's label (its name; a user may also call it by the pips it replaces)
    rounded: int = 18
    pip: float = 1.0  # pip size against the art's

    def faces(self) -> tuple[Face, ...]:
        return tuple(self.label if f == self.replaces else f for f in (1, 2, 3, 4, 5, 6))


LOOKS: dict[str, DiceLook] = {
    # Marbled blue dice with white veins and white pips, a star for the 6 (the dice).
    "blue": DiceLook("blue", (150, 80, 25), (235, 225, 215), 1.0, (245, 245, 245), "star", 6, "star"),
    # Translucent amber dice, dark red pips, a crescent for the 1.
    "amber": DiceLook("amber", (30, 140, 225), None, 0.6, (30, 20, 120), "glyph:crescent", 1, "moon",
                      rounded=24, pip=1.2),
    # Marbled green and black dice, gold pips, a bolt for the 6.
    "jade": DiceLook("jade", (90, 150, 40), (25, 35, 25), 1.0, (60, 200, 235), "glyph:bolt", 6, "bolt",
                     rounded=14, pip=0.9),
}
_SYMBOLS = ("star", "flag", "grenade", "armor", "infantry", *GLYPHS)


def random_look(seed: int) -> DiceLook:
    """A set of dice drawn from ``seed``: any body colour, opaque, marbled or translucent,
    pips that contrast, any symbol for any one face."""
    rng = np.random.default_rng(seed)
    st = _random_colours(rng, STYLES["pipmix"])
    u = rng.random()
    vein: tuple[int, int, int] | None = None
    opacity = 1.0
    if u < 0.45:
        vein = tuple(int(v) for v in (rng.uniform(0, 255, 3) if rng.random() < 0.5
                                      else np.array(st.die) * rng.uniform(0.2, 0.5)))  # type: ignore[assignment]
    elif u < 0.75:
        opacity = float(rng.uniform(0.45, 0.8))
    symbol = _SYMBOLS[rng.integers(len(_SYMBOLS))]
    label = symbol.split(":")[-1]
    if label.isdigit():  # a printed digit is a symbol, named so: a label "3" would be the pip face 3
        label = f"digit{label}"
    return DiceLook(f"look{seed}", st.die, vein, opacity, st.ink, symbol, int(rng.integers(1, 7)), label,
                    rounded=int(rng.integers(10, 26)), pip=float(rng.uniform(0.8, 1.3)))


def look_named(name: str) -> DiceLook:
    """:data:`LOOKS` by name, or ``lookN``/``N``: :func:`random_look` of seed N."""
    if name in LOOKS:
        return LOOKS[name]
    digits = name[4:] if name.startswith("look") else name
    if digits.isdigit():
        return random_look(int(digits))
    raise ValueError(f"unknown dice look {name!r}: use {', '.join(LOOKS)} or lookN (N a number)")


def _look_texture(rng: np.random.Generator, look: DiceLook, face: Face) -> tuple[
        NDArray[np.float32], NDArray[np.float32]]:
    """A face texture of one die of ``look`` (BGR float) and where its ink is (0..1)."""
    body = np.empty((TEX, TEX, 3), np.float32)
    body[:] = look.body
    if look.vein is not None:  # every die marbled its own way
        yy, xx = np.mgrid[0:TEX, 0:TEX].astype(np.float32) / TEX
        warp = cv2.GaussianBlur(rng.normal(0, 1, (TEX, TEX)).astype(np.float32), (0, 0), 8) * 40
        a = rng.uniform(0, np.pi)
        veins = np.sin((xx * np.cos(a) + yy * np.sin(a)) * rng.uniform(5, 14) + warp)
        # Veins in the body's plastic, under the painted pips: paler than the pips.
        mix = np.clip((veins - rng.uniform(0.2, 0.6)) * 2.0, 0, 1)[:, :, None] * rng.uniform(0.35, 0.6)
        body = body * (1 - mix) + np.array(look.vein, np.float32)[None, None, :] * mix
    ink = np.zeros((TEX, TEX), np.uint8)
    mask = Style("mask", (0, 0, 0), (255, 255, 255), 6, False, 0)
    draw_symbol(ink, look.symbol if face == look.label else face, mask)
    if look.pip != 1.0 and face != look.label:
        k = max(1, round(abs(look.pip - 1.0) * 12)) * 2 + 1
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        ink = cv2.dilate(ink, kernel) if look.pip > 1 else cv2.erode(ink, kernel)
    pip = (ink.astype(np.float32) / 255.0)[:, :, None]
    return body * (1 - pip) + np.array(look.ink, np.float32) * pip, pip[:, :, 0]


def _round_tray(rng: np.random.Generator, img: NDArray[np.float32], cx: float, cy: float, r: float,
                light: NDArray[np.float64]) -> None:
    """A round wooden tray: a grained wooden floor in a raised rim, on the table ``img``."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    dist = np.hypot(xx - cx, yy - cy)
    rim = r * rng.uniform(0.06, 0.1)
    wood = np.array([55, 105, 165], np.float32) * rng.uniform(0.6, 1.2) + rng.uniform(-12, 12, 3)
    ang = rng.uniform(0, np.pi)
    u = xx * np.cos(ang) + yy * np.sin(ang)
    v = -xx * np.sin(ang) + yy * np.cos(ang)
    grain = np.sin(v / rng.uniform(5, 16) + 2.5 * np.sin(u / rng.uniform(120, 400)))
    noise = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 1.2)
    floor = wood[None, None, :] + (grain * rng.uniform(6, 18) + noise * 4)[:, :, None]
    # The rim: the same wood, lit on the side facing the light, with a shadow inside it.
    side = ((xx - cx) * light[0] + (yy - cy) * light[1]) / np.maximum(dist, 1)
    rim_col = wood[None, None, :] * (0.9 + 0.3 * side[:, :, None]) + (noise * 5)[:, :, None]
    inside = np.clip((r - dist) / 2.0, 0, 1)[:, :, None]
    on_rim = np.clip((r + rim - dist) / 2.0, 0, 1)[:, :, None] * (1 - inside)
    shade = 1.0 - 0.35 * np.clip(1 - (r - dist) / (rim * 1.5), 0, 1) * np.clip(-side + 0.3, 0, 1)
    img[:] = img * (1 - inside - on_rim) + floor * shade[:, :, None] * inside + rim_col * on_rim
    cv2.circle(img, (round(cx), round(cy)), round(r + rim), (30, 45, 60), max(2, round(rim * 0.15)),
               cv2.LINE_AA)


def _paste(img: NDArray[np.float32], tex: NDArray[np.float32], alpha: NDArray[np.float32],
           quad: NDArray[np.float32]) -> None:
    """Warp ``tex`` onto ``quad`` of ``img`` with coverage ``alpha``, in the quad's box only."""
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 2
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(img.shape[1], x1), min(img.shape[0], y1)
    if x1 <= x0 or y1 <= y0:
        return
    src = np.array([[0, 0], [TEX - 1, 0], [TEX - 1, TEX - 1], [0, TEX - 1]], np.float32)
    m = cv2.getPerspectiveTransform(src, (quad - np.array([x0, y0], np.float32)).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(tex, m, size, flags=cv2.INTER_LINEAR)
    wa = cv2.warpPerspective(alpha, m, size, flags=cv2.INTER_LINEAR)[:, :, None]
    roi = img[y0:y1, x0:x1]
    roi[:] = roi * (1 - wa) + warped * wa


def render_phone(rng: np.random.Generator, look: DiceLook, dice: int | None = None,
                 frame: tuple[int, int] | None = None, tray: bool = True,
                 ) -> tuple[Image, list[tuple[Face, tuple[int, int, int, int]]]]:
    """A phone photo (full frame, e.g. 4000x3000) of dice of ``look`` in a round wooden tray
    (or on a table), with labels in the frame's pixels. Dice are 150-400 px wide in a
    4000 px frame (as wide a share of a smaller one)."""
    fw, fh = frame if frame is not None else PHONE_FRAMES[rng.integers(len(PHONE_FRAMES))]
    w, h = fw // PHONE_RENDER, fh // PHONE_RENDER
    side = max(w, h)
    img = _surface(rng, side)[:h, :w].copy()
    light = rng.uniform(-1, 1, 2)
    light = light / (np.linalg.norm(light) + 1e-6)
    # The phone's slant: the near (bottom) edge of the frame sees less of the table than the
    # far one, so near dice are bigger; the view is also turned a little.
    slant = rng.uniform(0.0, 0.14) * w
    src = np.float32([[0, 0], [w, 0], [w - slant, h], [slant, h]])
    src += rng.normal(0, 0.01 * w, (4, 2)).astype(np.float32)
    dst = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    to_frame = cv2.getPerspectiveTransform(src, dst)
    # Die size on the table (plane pixels), so that dice come out 150-400 px in the frame.
    die_px = rng.uniform(150, 350) * fw / 4000 / PHONE_RENDER * (1 - slant / w)  # 150-400 px at 4000
    cx, cy = w / 2 + rng.uniform(-0.08, 0.08) * w, h / 2 + rng.uniform(-0.06, 0.06) * h
    radius = min(h, w) * rng.uniform(0.42, 0.5)
    if tray:
        _round_tray(rng, img, cx, cy, radius, light)
    shadow = np.ones((h, w), np.float32)
    n = int(dice if dice is not None else rng.integers(2, 9))
    placed: list[tuple[float, float, float]] = []
    labels: list[tuple[Face, tuple[int, int, int, int]]] = []
    faces = look.faces()
    for _ in range(n):
        s = die_px * rng.uniform(0.95, 1.05)
        for _try in range(80):
            if placed and rng.random() < 0.3:  # against a die already down
                px, py, ps = placed[rng.integers(0, len(placed))]
                a = rng.uniform(0, 2 * np.pi)
                d = (ps + s) * 0.5 * rng.uniform(1.02, 1.15)
                x, y = px + d * np.cos(a), py + d * np.sin(a)
            else:
                a, d = rng.uniform(0, 2 * np.pi), np.sqrt(rng.random()) * (radius - s)
                x, y = cx + d * np.cos(a), cy + d * np.sin(a)
            ok = (np.hypot(x - cx, y - cy) < radius - 0.75 * s if tray else s < x < w - s and s < y < h - s)
            ok = ok and all(np.hypot(x - px, y - py) > (ps + s) * 0.55 for px, py, ps in placed)
            if ok:
                break
        else:
            continue
        placed.append((x, y, s))
        face = faces[rng.integers(0, len(faces))]
        ang = rng.uniform(0, 2 * np.pi)
        corners = square_corners(ang, s)
        quad = (corners + rng.normal(0, s * 0.02, (4, 2)) + np.array([x, y])).astype(np.float32)
        off = -light * s * rng.uniform(0.1, 0.22)
        cv2.fillConvexPoly(shadow, (quad + off * 1.3).astype(np.int32), rng.uniform(0.45, 0.7), cv2.LINE_AA)
        body_pts = np.concatenate([quad, quad + off * 0.35])
        hull = cv2.convexHull(body_pts.astype(np.float32)).reshape(-1, 2)
        side_col = np.array(look.body, np.float32) * rng.uniform(0.55, 0.75)
        if look.opacity < 1.0:  # a translucent side lets the table through too
            under = img[int(y), int(x)].copy()
            side_col = side_col * look.opacity + under * (1 - look.opacity)
        cv2.fillConvexPoly(img, hull.astype(np.int32), side_col.tolist(), cv2.LINE_AA)
        tex, ink = _look_texture(rng, look, face)
        alpha = np.zeros((TEX, TEX), np.float32)
        rr = look.rounded
        cv2.rectangle(alpha, (rr, 0), (TEX - 1 - rr, TEX - 1), 1.0, -1)
        cv2.rectangle(alpha, (0, rr), (TEX - 1, TEX - 1 - rr), 1.0, -1)
        for px_, py_ in ((rr, rr), (TEX - 1 - rr, rr), (rr, TEX - 1 - rr), (TEX - 1 - rr, TEX - 1 - rr)):
            cv2.circle(alpha, (px_, py_), rr, 1.0, -1, cv2.LINE_AA)
        if look.opacity < 1.0:
            alpha = alpha * (look.opacity + (1 - look.opacity) * ink)
        tilt = 1.0 + 0.1 * rng.uniform(-1, 1)
        _paste(img, tex * tilt, alpha, quad)
        pts = cv2.perspectiveTransform(body_pts.reshape(-1, 1, 2).astype(np.float64), to_frame).reshape(-1, 2)
        (bx0, by0), (bx1, by1) = pts.min(axis=0) * PHONE_RENDER, pts.max(axis=0) * PHONE_RENDER
        labels.append((face, (int(max(0, bx0)), int(max(0, by0)),
                              int(min(fw - 1, bx1)), int(min(fh - 1, by1)))))
    shadow = cv2.GaussianBlur(shadow, (0, 0), rng.uniform(3, 8))
    img *= shadow[:, :, None]
    # Uneven light: a gradient and the lens's vignette; a lamp's glare sometimes.
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    xx, yy = xx / w - 0.5, yy / h - 0.5
    grad = 1.0 + rng.uniform(-0.35, 0.35) * xx + rng.uniform(-0.35, 0.35) * yy
    grad *= 1.0 - rng.uniform(0.1, 0.35) * (xx**2 + yy**2) * 2
    img *= (grad * rng.uniform(0.65, 1.2))[:, :, None]
    if rng.random() < 0.3:
        gx, gy = rng.uniform(-0.4, 0.4, 2)
        spot = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * rng.uniform(0.04, 0.12) ** 2))
        img += (spot * rng.uniform(40, 110))[:, :, None].astype(np.float32)
    img = cv2.warpPerspective(img, to_frame, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    sigma = rng.uniform(0.4, 1.3)  # focus and hand shake
    img = cv2.GaussianBlur(img, (0, 0), sigma)
    img += rng.normal(0, rng.uniform(1.5, 4), img.shape).astype(np.float32)
    small = np.clip(img, 0, 255).astype(np.uint8)
    full = cv2.resize(small, (fw, fh), interpolation=cv2.INTER_LINEAR)
    return full, labels


def with_orientation(jpeg: bytes, orientation: int) -> bytes:
    """A JPEG file's bytes with an EXIF segment that gives its orientation (1..8)."""
    tiff = (b"MM\x00\x2a\x00\x00\x00\x08\x00\x01" + b"\x01\x12\x00\x03\x00\x00\x00\x01"
            + orientation.to_bytes(2, "big") + b"\x00\x00" + b"\x00\x00\x00\x00")
    app1 = b"Exif\x00\x00" + tiff
    return jpeg[:2] + b"\xff\xe1" + (len(app1) + 2).to_bytes(2, "big") + app1 + jpeg[2:]


def write_phone(folder: str | Path, count: int, look: DiceLook, seed: int = 0, dice: int | None = None,
                label_symbol_as: Face | None = None, turned: float = 0.3,
                frame: tuple[int, int] | None = None) -> Path:
    """Write ``count`` phone photos (JPEG) of ``look`` dice with contract-format labels;
    ``label_symbol_as`` labels the symbol face otherwise (e.g. the pips it replaces). A
    ``turned`` share of the files store their pixels a quarter turn round with an EXIF
    orientation (6 or 8) that turns them back, as phones do; labels are of the photo as shown."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    for i in range(count):
        img, labels = render_phone(rng, look, dice=dice, frame=frame)
        name = f"phone-{look.name}-{seed}-{i:04d}.jpg"
        quality = [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(80, 95))]
        if rng.random() < turned:  # 6: shown turned a quarter clockwise; 8: anticlockwise
            six = bool(rng.random() < 0.5)
            stored = cv2.rotate(img, cv2.ROTATE_90_COUNTERCLOCKWISE if six else cv2.ROTATE_90_CLOCKWISE)
            _ok, buf = cv2.imencode(".jpg", stored, quality)
            (out / name).write_bytes(with_orientation(bytes(buf), 6 if six else 8))
        else:
            cv2.imwrite(str(out / name), img, quality)
        doc = {"image": name, "width": img.shape[1], "height": img.shape[0],
               "dice": [{"face": label_symbol_as if f == look.label and label_symbol_as is not None else f,
                         "box": list(b)} for f, b in labels]}
        (out / name).with_suffix(".json").write_text(json.dumps(doc))
    return out
