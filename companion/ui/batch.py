"""Shapes gathered into a few canvas instructions: one ``Mesh`` per layer and colour.

The board drew every hex's fill, outline, terrain marks and name as instructions of their own
(about 2,000 on the standard board), and a GPU frame pays for each one: the first frame after
the app's start took several times a bare window's (issue 18). A :class:`ShapeBatch` takes the
same shapes, keeps them by *layer* (the order they must be drawn in) and colour, and
:meth:`ShapeBatch.draw` puts one ``Color`` + ``Mesh`` on the canvas for each (layer, colour),
the texts of a layer in one ``Mesh`` over the texture holding them: the texts not rendered
before are rendered all of one font size at once, by one Kivy label, into one texture.

Shapes of one layer and colour are drawn together, so the batch draws what the instructions
one by one drew as long as shapes of *different* hexes do not overlap (the board's do not:
each stays inside its hex) and, within a hex, whatever must cover something else is on a
higher layer. Strokes and shapes are made without overlapping triangles, so a see-through
colour looks as it did.

Sizes follow Kivy's: ``Ellipse(pos, size)``, ``Line(width=w)`` is ``2 * w`` pixels thick.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Mesh
from kivy.graphics.texture import Texture

RGBA = tuple[float, float, float, float]

MAX_VERTICES = 65000  # a Mesh's indices are 16-bit


class _Geometry:
    """Vertices (x, y, u, v) and indices of one layer and colour; a new chunk every 65,000."""

    __slots__ = ("chunks", "mode")

    def __init__(self, mode: str) -> None:
        self.mode = mode  # "triangles" or "lines"
        self.chunks: list[tuple[list[float], list[int]]] = []

    def room(self, n: int) -> tuple[list[float], list[int], int]:
        if not self.chunks or len(self.chunks[-1][0]) // 4 + n > MAX_VERTICES:
            self.chunks.append(([], []))
        verts, idx = self.chunks[-1]
        return verts, idx, len(verts) // 4


class _Text:
    __slots__ = ("cx", "cy", "key")

    def __init__(self, key: tuple[str, int, bool], cx: float, cy: float) -> None:
        self.key, self.cx, self.cy = key, cx, cy


class _Grab:
    """Stands in for a label's texture to catch the pixels it would blit there."""

    data: Any = None

    def blit_data(self, data: Any) -> None:
        self.data = data


TextKey = tuple[str, int, bool]  # text, font size, bold


class _Pixels:
    """A texture's pixels, kept to fill it again when the GL context comes back (an Android
    tablet resumed): Kivy refills its own labels' textures, not one made here."""

    __slots__ = ("__weakref__", "data")

    def __init__(self, data: bytes) -> None:
        self.data = data

    def reload(self, texture: Any) -> None:
        texture.blit_buffer(self.data, colorfmt="rgba", bufferfmt="ubyte")


class Glyphs:
    """Where one text's pixels are: its size in pixels and its corners in ``texture``."""

    __slots__ = ("h", "pixels", "texture", "u0", "u1", "v0", "v1", "w")

    def __init__(self, texture: Any, pixels: _Pixels, w: int, h: int, u0: float, v0: float,
                 u1: float, v1: float) -> None:
        self.texture, self.pixels, self.w, self.h = texture, pixels, w, h  # pixels: kept alive
        self.u0, self.v0, self.u1, self.v1 = u0, v0, u1, v1


_TEXTS: dict[TextKey, Glyphs | None] = {}
LINES_PER_RENDER = 64


def render_texts(keys: list[TextKey]) -> None:
    """Render the texts not rendered yet, all of one font size in one Kivy label (a line
    each: the label lays them out and draws them as it would one by one) and one texture."""
    todo: dict[tuple[int, bool], list[str]] = {}
    for text, size, bold in dict.fromkeys(keys):
        if (text, size, bold) in _TEXTS:
            continue
        if not text.strip() or "\n" in text:
            _TEXTS[(text, size, bold)] = None
            continue
        todo.setdefault((size, bold), []).append(text)
    if len(_TEXTS) > 4000:  # zoomed many times: start again (textures are freed with them)
        _TEXTS.clear()
    for (size, bold), texts in todo.items():
        for at in range(0, len(texts), LINES_PER_RENDER):
            chunk = texts[at:at + LINES_PER_RENDER]
            label = CoreLabel(text="\n".join(chunk), font_size=size, bold=bold)
            label.resolve_font_name()
            w, h = label.render()  # lays the lines out
            label._size_texture = label._size = (w, h)
            grab = _Grab()
            label.texture = grab
            label._render_real()  # the lines' pixels, caught by grab; each line told its place
            data = grab.data
            lines = [ln for ln in label._cached_lines if ln.words]
            if data is None or len(lines) != len(chunk):
                for text in chunk:
                    _TEXTS[(text, size, bold)] = None
                continue
            tex = Texture.create(size=(data.width, data.height), colorfmt="rgba")
            pixels = _Pixels(bytes(data.data))
            pixels.reload(tex)
            tex.add_reload_observer(pixels.reload)  # held weakly by Kivy: the glyphs hold it
            big_w, big_h = data.width, data.height
            for text, ln in zip(chunk, lines, strict=True):
                x, y, lw, lh = int(ln.x), int(ln.y), int(ln.w), int(ln.h)
                # row 0 of the pixels is v = 0, and a line's top row is its first
                _TEXTS[(text, size, bold)] = Glyphs(tex, pixels, lw, lh, x / big_w, y / big_h,
                                                    (x + lw) / big_w, (y + lh) / big_h)


_WIDTHS: dict[TextKey, float] = {}


def text_width(text: str, size: int, bold: bool = False) -> float:
    """How wide ``text`` is drawn at ``size`` px (measured once, kept)."""
    key = (text, size, bold)
    width = _WIDTHS.get(key)
    if width is None:
        if len(_WIDTHS) > 4000:
            _WIDTHS.clear()
        label = CoreLabel(font_size=size, bold=bold)
        label.resolve_font_name()
        width = _WIDTHS[key] = float(label.get_extents(text)[0])
    return width


def fitted_size(text: str, size: int, room: float, least: int = 8) -> int:
    """The biggest font size from ``size`` down to ``least`` at which ``text`` is at most
    ``room`` px wide; 0 when even ``least`` is too wide (a word on a hex too small to hold it
    would run over its neighbours)."""
    while size >= least:
        if text_width(text, size) <= room:
            return size
        size -= 1
    return 0


def glyphs(text: str, size: int, bold: bool = False) -> Glyphs | None:
    """Where ``text`` was rendered (after a :meth:`ShapeBatch.draw` that drew it), or None."""
    return _TEXTS.get((text, size, bold))


def ellipse_segments(w: float, h: float) -> int:
    """Enough straight pieces for an ellipse of that size to look round (Kivy uses 180)."""
    return max(12, min(90, int(max(w, h) * 0.8)))


_UNIT: dict[int, list[tuple[float, float]]] = {}


def ellipse_points(cx: float, cy: float, rx: float, ry: float, n: int
                   ) -> list[tuple[float, float]]:
    unit = _UNIT.get(n)
    if unit is None:
        step = 2 * math.pi / n
        unit = _UNIT[n] = [(math.cos(i * step), math.sin(i * step)) for i in range(n)]
    return [(cx + rx * c, cy + ry * s) for c, s in unit]


def rounded_rect_points(x: float, y: float, w: float, h: float, radius: float
                        ) -> list[tuple[float, float]]:
    """The outline of a rounded rectangle, counter-clockwise from its lower left corner."""
    rad = max(0.0, min(radius, w / 2, h / 2))
    n = max(3, min(12, int(rad * 0.6)))
    out: list[tuple[float, float]] = []
    for (cx, cy), start in (((x + w - rad, y + rad), -90), ((x + w - rad, y + h - rad), 0),
                            ((x + rad, y + h - rad), 90), ((x + rad, y + rad), 180)):
        for i in range(n + 1):
            a = math.radians(start + 90 * i / n)
            out.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return out


class ShapeBatch:
    """Shapes by layer and colour, drawn by :meth:`draw` onto the current canvas."""

    def __init__(self) -> None:
        self._geo: dict[tuple[float, str, RGBA], _Geometry] = {}
        self._texts: dict[tuple[float, RGBA], list[_Text]] = {}
        self.instructions = 0  # made by the last draw()

    # --- filled shapes ----------------------------------------------------------------------
    def _get(self, layer: float, mode: str, rgba: RGBA) -> _Geometry:
        key = (layer, mode, (rgba[0], rgba[1], rgba[2], rgba[3]))
        geo = self._geo.get(key)
        if geo is None:
            geo = self._geo[key] = _Geometry(mode)
        return geo

    def fan(self, layer: float, rgba: RGBA, pts: list[tuple[float, float]]) -> None:
        """A convex polygon."""
        if len(pts) < 3:
            return
        verts, idx, base = self._get(layer, "triangles", rgba).room(len(pts))
        for x, y in pts:
            verts += (x, y, 0.0, 0.0)
        for i in range(1, len(pts) - 1):
            idx += (base, base + i, base + i + 1)

    def triangles(self, layer: float, rgba: RGBA, pts: list[tuple[float, float]],
                  tris: list[int]) -> None:
        verts, idx, base = self._get(layer, "triangles", rgba).room(len(pts))
        for x, y in pts:
            verts += (x, y, 0.0, 0.0)
        idx += (base + i for i in tris)

    def ellipse(self, layer: float, rgba: RGBA, x: float, y: float, w: float, h: float) -> None:
        """As ``Ellipse(pos=(x, y), size=(w, h))``."""
        self.fan(layer, rgba, ellipse_points(x + w / 2, y + h / 2, w / 2, h / 2,
                                             ellipse_segments(w, h)))

    def rect(self, layer: float, rgba: RGBA, x: float, y: float, w: float, h: float) -> None:
        self.fan(layer, rgba, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])

    def rounded_rect(self, layer: float, rgba: RGBA, x: float, y: float, w: float, h: float,
                     radius: float) -> None:
        self.fan(layer, rgba, rounded_rect_points(x, y, w, h, radius))

    # --- lines -------------------------------------------------------------------------------
    def thin(self, layer: float, rgba: RGBA, pts: list[tuple[float, float]],
             close: bool = False) -> None:
        """A one-pixel line through ``pts`` (``Line(width=1)``)."""
        if len(pts) < 2:
            return
        verts, idx, base = self._get(layer, "lines", rgba).room(len(pts))
        for x, y in pts:
            verts += (x, y, 0.0, 0.0)
        n = len(pts)
        for i in range(n - 1):
            idx += (base + i, base + i + 1)
        if close and n > 2:
            idx += (base + n - 1, base)

    def stroke(self, layer: float, rgba: RGBA, pts: list[tuple[float, float]], width: float,
               close: bool = False, cap: bool = True) -> None:
        """A line ``2 * width`` pixels thick through ``pts``: one strip with mitred joints
        (no triangle over another), closed or with round caps. ``width <= 1`` is :meth:`thin`."""
        pts = [p for i, p in enumerate(pts) if i == 0 or p != pts[i - 1]]
        if close and len(pts) > 2 and pts[0] == pts[-1]:
            pts.pop()
        if len(pts) < 2:
            return
        if width <= 1.0:
            self.thin(layer, rgba, pts, close)
            return
        n = len(pts)
        normals = []  # per segment: the unit normal (left of the direction)
        segs = n if close else n - 1
        for i in range(segs):
            (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
            length = math.hypot(x1 - x0, y1 - y0) or 1.0
            normals.append((-(y1 - y0) / length, (x1 - x0) / length))
        ring: list[tuple[float, float]] = []
        for i, (x, y) in enumerate(pts):
            if close:
                na, nb = normals[i - 1], normals[i % segs]
            else:
                na = normals[max(0, i - 1)]
                nb = normals[min(i, segs - 1)]
            mx, my = na[0] + nb[0], na[1] + nb[1]
            m = math.hypot(mx, my)
            if m < 1e-6:
                mx, my, scale = na[0], na[1], width
            else:
                mx, my = mx / m, my / m
                cos = mx * nb[0] + my * nb[1]
                scale = width / max(cos, 0.25)  # a very sharp turn: the mitre is cut short
            ring += [(x + mx * scale, y + my * scale), (x - mx * scale, y - my * scale)]
        tris: list[int] = []
        for i in range(segs):
            a, b = 2 * i, 2 * ((i + 1) % n)
            tris += (a, a + 1, b + 1, a, b + 1, b)
        self.triangles(layer, rgba, ring, tris)
        if cap and not close:  # half discs at both ends
            for (x, y), (nx, ny), sign in ((pts[0], normals[0], -1), (pts[-1], normals[-1], 1)):
                k = max(4, min(16, int(width * 2)))
                base = math.atan2(ny, nx)
                half = [(x + width * math.cos(base - sign * math.pi * j / k),
                         y + width * math.sin(base - sign * math.pi * j / k)) for j in range(k + 1)]
                self.fan(layer, rgba, [(x, y), *half])

    def ring(self, layer: float, rgba: RGBA, cx: float, cy: float, rx: float, ry: float,
             width: float) -> None:
        """``Line(ellipse=(cx - rx, cy - ry, 2 rx, 2 ry), width=width)``."""
        n = ellipse_segments(2 * rx, 2 * ry)
        self.stroke(layer, rgba, ellipse_points(cx, cy, rx, ry, n), width, close=True)

    # --- texts -------------------------------------------------------------------------------
    def text(self, layer: float, text: str, cx: float, cy: float, size: int, rgba: RGBA,
             bold: bool = False) -> None:
        """``text`` centred on (cx, cy) in ``rgba`` (as :func:`widgets.draw_text`)."""
        key = (layer, (rgba[0], rgba[1], rgba[2], rgba[3]))
        self._texts.setdefault(key, []).append(_Text((text, size, bold), cx, cy))

    def meshes(self) -> Iterator[tuple[float, RGBA, str, Any, list[float], list[int]]]:
        """What :meth:`draw` puts on the canvas, in order: (layer, colour, mode, texture or
        None, vertices, indices), one per Mesh. Renders the texts not rendered yet."""
        if self._texts:
            render_texts([t.key for ts in self._texts.values() for t in ts])
        layers = sorted({k[0] for k in self._geo} | {k[0] for k in self._texts})
        for layer in layers:
            for (lay, mode, rgba), geo in self._geo.items():
                if lay != layer:
                    continue
                for verts, idx in geo.chunks:
                    if idx:
                        yield layer, rgba, mode, None, verts, idx
            for (lay, rgba), texts in self._texts.items():
                if lay != layer:
                    continue
                by_texture: dict[int, tuple[Any, list[float], list[int]]] = {}
                for t in texts:
                    g = _TEXTS.get(t.key)
                    if g is None:
                        continue
                    _tex, verts, idx = by_texture.setdefault(id(g.texture), (g.texture, [], []))
                    x0, y0 = t.cx - g.w / 2, t.cy - g.h / 2
                    base = len(verts) // 4
                    verts += (x0, y0, g.u0, g.v1, x0 + g.w, y0, g.u1, g.v1,
                              x0 + g.w, y0 + g.h, g.u1, g.v0, x0, y0 + g.h, g.u0, g.v0)
                    idx += (base, base + 1, base + 2, base, base + 2, base + 3)
                for tex, verts, idx in by_texture.values():
                    yield layer, rgba, "triangles", tex, verts, idx

    def draw(self) -> int:
        """Put the batch on the current canvas (inside ``with canvas:``), layer by layer; the
        number of instructions made (a ``Color`` where the colour changes, a ``Mesh`` each)."""
        made = 0
        colour: RGBA | None = None
        for _layer, rgba, mode, tex, verts, idx in self.meshes():
            if rgba != colour:
                Color(*rgba)
                colour = rgba
                made += 1
            if tex is None:
                Mesh(vertices=verts, indices=idx, mode=mode)
            else:
                Mesh(vertices=verts, indices=idx, mode=mode, texture=tex)
            made += 1
        self.instructions = made
        return made

