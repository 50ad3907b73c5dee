"""Kivy widgets drawn with canvas instructions: the hex board, dice, odds, medal tracks."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import (
    Color,
    Ellipse,
    Line,
    Mesh,
    Rectangle,
    RoundedRectangle,
    Triangle,
)
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from companion.rules.board import Hex
from companion.rules.position import Position
from companion.scenarios import Scenario
from companion.scenarios.model import ObjectiveKind
from companion.ui import theme

_TEXTURES: dict[tuple[str, int, bool], Any] = {}


def text_texture(text: str, size: int, bold: bool = False) -> Any:
    """A cached texture of ``text`` (white; tint it with a Color before drawing)."""
    key = (text, size, bold)
    tex = _TEXTURES.get(key)
    if tex is None:
        label = CoreLabel(text=text, font_size=size, bold=bold)
        label.refresh()
        tex = label.texture
        if len(_TEXTURES) > 2000:
            _TEXTURES.clear()
        _TEXTURES[key] = tex
    return tex


def draw_text(text: str, cx: float, cy: float, size: int, rgba: theme.RGBA = theme.TEXT,
              bold: bool = False) -> None:
    """Draw ``text`` centred on (cx, cy) on the current canvas."""
    tex = text_texture(text, size, bold)
    Color(*rgba)
    w, h = tex.size
    Rectangle(texture=tex, pos=(cx - w / 2, cy - h / 2), size=(w, h))


def hex_mesh(points: list[tuple[float, float]]) -> Mesh:
    verts: list[float] = []
    for x, y in points:
        verts += [x, y, 0, 0]
    return Mesh(vertices=verts, indices=list(range(len(points))), mode="triangle_fan")


class HexBoard(Widget):
    """The scenario's map with units, objectives, exits, sections and highlights.

    Set :attr:`scenario` and :attr:`position`, plus the optional overlays, then call
    :meth:`redraw`. ``on_tap(hex_name)`` and ``on_drag(from_name, to_name)`` report touches.
    """

    scenario = ObjectProperty(None, allownone=True)
    position = ObjectProperty(None, allownone=True)
    highlights = ObjectProperty({})  # hex name -> kind (theme.HIGHLIGHT)
    target_dice = ObjectProperty({})  # hex name -> dice a battle there would throw
    flash = ObjectProperty(None, allownone=True)  # controller.Flash
    held = ObjectProperty({})  # objective id -> side holding it now (ringed in its colour)
    flight = ObjectProperty(None, allownone=True)  # controller.Table.flight_overlay()
    show_names = ObjectProperty(True)
    interactive = ObjectProperty(True)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.on_tap: Callable[[str], Any] | None = None
        self.on_drag: Callable[[str, str], Any] | None = None
        self.layout: theme.HexLayout | None = None
        self._down: str | None = None
        self.draws = 0
        self.bind(size=lambda *a: self.redraw(), pos=lambda *a: self.redraw())

    # --- touches ---------------------------------------------------------------------------
    def hex_name_at(self, x: float, y: float) -> str | None:
        if self.layout is None or self.position is None:
            return None
        h = self.layout.hex_at(x, y)
        return None if h is None else self.position.board.name(h)

    def hex_center(self, name: str) -> tuple[float, float]:
        """Window coordinates of a hex's centre (tests tap there)."""
        assert self.layout is not None and self.position is not None
        return self.layout.center(self.position.board.parse(name))

    def on_touch_down(self, touch: Any) -> bool:
        if not self.interactive or not self.collide_point(*touch.pos):
            return False
        self._down = self.hex_name_at(*touch.pos)
        touch.grab(self)
        return True

    def on_touch_move(self, touch: Any) -> bool:
        """While a unit is dragged, a ghost of it follows the finger."""
        if touch.grab_current is not self or self._down is None or self.position is None:
            return False
        unit = self.position.unit_at(self.position.board.parse(self._down))
        self.canvas.after.clear()
        if unit is not None and self.layout is not None:
            r = self.layout.radius
            with self.canvas.after:
                Color(*theme.SIDE_COLOURS[unit.side.value][:3], 0.7)
                Ellipse(pos=(touch.x - r * 0.6, touch.y - r * 0.6), size=(r * 1.2, r * 1.2))
                draw_text(unit.id, touch.x, touch.y, max(10, int(r * 0.4)), bold=True)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return False
        touch.ungrab(self)
        self.canvas.after.clear()
        start, self._down = self._down, None
        end = self.hex_name_at(*touch.pos)
        if start is None or end is None:
            return True
        if start == end:
            if self.on_tap:
                self.on_tap(end)
        elif self.on_drag:
            self.on_drag(start, end)
        return True

    # --- drawing -----------------------------------------------------------------------------
    def redraw(self) -> None:
        self.canvas.clear()
        sc: Scenario | None = self.scenario
        pos: Position | None = self.position
        if sc is None or pos is None or self.width < 10 or self.height < 10:
            return
        board = pos.board
        lay = theme.HexLayout(board, self.x, self.y, self.width, self.height)
        self.layout = lay
        self.draws += 1
        r = lay.radius
        by_hex = sc.terrain_by_hex()
        face = theme.FACE_COLOURS.get(sc.face.value, theme.FACE_COLOURS["countryside"])
        marks: dict[str, Any] = {}
        for o in sc.objectives:
            for hn in o.hexes:
                marks[hn] = o
        exits = {x.hex: x for x in sc.exits}
        small = max(8, int(r * 0.28))
        with self.canvas:
            for h in board.hexes():
                name = board.name(h)
                types = [theme.family(p.type) for p in by_hex.get(name, [])]
                fill = next((theme.TERRAIN_FILL[t] for t in theme.TERRAIN_FILL if t in types), face)
                Color(*fill)
                hex_mesh(lay.corners(h, 0.5))
                self._terrain_shapes(h, types, lay)
                Color(0.25, 0.28, 0.2, 0.55)
                Line(points=[c for p in lay.corners(h, 0.5) for c in p], close=True, width=1)
                if self.show_names and r > 18:
                    cx, cy = lay.center(h)
                    draw_text(name, cx, cy - r * 0.72, small, (0.2, 0.22, 0.18, 0.75))
            # section lines: red dotted, as printed on the board
            Color(0.8, 0.1, 0.1, 0.85)
            for col in board.shape.section_lines:
                x = lay.column_x(col)
                Line(points=[x, lay.bottom, x, lay.top], width=1, dash_length=6, dash_offset=5)
            hl: dict[str, str] = self.highlights or {}
            for name, why in hl.items():
                try:
                    h = board.parse(name)
                except ValueError:
                    continue
                rgba = theme.HIGHLIGHT.get(why, theme.HIGHLIGHT["choice"])
                if why == "reach":
                    Color(1, 1, 1, 0.35)
                    hex_mesh(lay.corners(h, 3))
                Color(*rgba)
                Line(points=[c for p in lay.corners(h, 2.5) for c in p], close=True,
                     width=3.5 if why in ("selected", "target", "battle") else 2.5)
            if self.flight:
                self._flight_line(self.flight, lay)  # under the counters: they stay readable
            for u in pos.units.values():
                self._unit(u, lay)
            for name, o in marks.items():
                self._objective(board.parse(name), o, lay)
            for name, exit_hex in exits.items():
                self._exit(board.parse(name), exit_hex.side.value, lay)
            for name, dice in (self.target_dice or {}).items():
                cx, cy = lay.center(board.parse(name))
                Color(0.9, 0.15, 0.1, 0.95)
                Ellipse(pos=(cx + r * 0.25, cy + r * 0.3), size=(r * 0.62, r * 0.62))
                draw_text(str(dice), cx + r * 0.56, cy + r * 0.61, int(r * 0.45), bold=True)
            if self.flash is not None:
                self._flash(lay)
            if self.flight:
                self._flight_marks(self.flight, lay)

    @staticmethod
    def _flight_points(f: dict[str, Any], lay: theme.HexLayout
                       ) -> tuple[tuple[float, float], list[tuple[float, float]]] | None:
        try:
            start = lay.center(lay.board.parse(f["start"]))
            steps = [lay.center(lay.board.parse(h)) for h in f.get("path", [])]
        except (KeyError, ValueError):
            return None
        return start, steps

    def _flight_line(self, f: dict[str, Any], lay: theme.HexLayout) -> None:
        """An air unit's path being built: a thick line from hex centre to hex centre."""
        pts = self._flight_points(f, lay)
        if pts is None or not pts[1]:
            return
        r = lay.radius
        line = [c for p in (pts[0], *pts[1]) for c in p]
        Color(0, 0, 0, 0.5)
        Line(points=line, width=max(4.0, r * 0.17))
        Color(*theme.PATH)
        Line(points=line, width=max(3.0, r * 0.11))

    def _flight_marks(self, f: dict[str, Any], lay: theme.HexLayout) -> None:
        """Over the counters: the step numbers (top right of each hex), an ammo marker (MG / B,
        bottom right) on the hexes picked for the attack run; strafed hexes ringed."""
        pts = self._flight_points(f, lay)
        if pts is None:
            return
        board = lay.board
        r = lay.radius
        start, steps = pts
        for i, (x, y) in enumerate(steps, start=1):
            bx, by = x + r * 0.55, y + r * 0.42
            Color(0.05, 0.1, 0.2, 1)
            Ellipse(pos=(bx - r * 0.27, by - r * 0.27), size=(r * 0.54, r * 0.54))
            Color(*theme.PATH)
            Ellipse(pos=(bx - r * 0.23, by - r * 0.23), size=(r * 0.46, r * 0.46))
            draw_text(str(i), bx, by, max(10, int(r * 0.36)), (0.05, 0.1, 0.2, 1), bold=True)
        for name, ammo in (f.get("markers") or {}).items():
            x, y = lay.center(board.parse(name))
            mx, my = x + r * 0.55, y - r * 0.42
            Color(0, 0, 0, 0.6)
            Ellipse(pos=(mx - r * 0.4, my - r * 0.4), size=(r * 0.8, r * 0.8))
            Color(*theme.AMMO_COLOURS.get(ammo, theme.GOLD))
            Ellipse(pos=(mx - r * 0.35, my - r * 0.35), size=(r * 0.7, r * 0.7))
            draw_text(theme.AMMO_LABELS.get(ammo, ammo[:2].upper()), mx, my, max(10, int(r * 0.38)),
                      (1, 1, 1, 1), bold=True)
        ghost = f.get("ghost")
        if ghost:  # an air unit about to enter there: a see-through counter with an arrow
            x, y = lay.center(board.parse(ghost))
            d = r * 1.3
            Color(*theme.SIDE_COLOURS.get(f.get("side", ""), theme.GOLD)[:3], 0.55)
            Ellipse(pos=(x - d / 2, y - d / 2), size=(d, d))
            Color(1, 1, 1, 0.95)
            Line(circle=(x, y, d / 2), width=2.2, dash_length=5, dash_offset=4)
            draw_text("IN", x, y, max(10, int(r * 0.42)), bold=True)
        for name in f.get("rings") or []:  # targets picked for a card's own attack
            x, y = lay.center(board.parse(name))
            Color(0.95, 0.2, 0.1, 0.9)
            Line(circle=(x, y, r * 0.6), width=3.5)
        for name in f.get("strafe") or []:
            x, y = lay.center(board.parse(name))
            Color(0.95, 0.2, 0.1, 0.9)
            Line(points=[start[0], start[1], x, y], width=max(2.0, r * 0.07), dash_length=8,
                 dash_offset=6)
            Line(circle=(x, y, r * 0.55), width=3)

    def _terrain_shapes(self, h: Hex, types: list[str], lay: theme.HexLayout) -> None:
        cx, cy = lay.center(h)
        r = lay.radius
        if "forest" in types:
            Color(0.18, 0.42, 0.16, 1)
            for dx, dy in ((-0.38, 0.12), (0.05, 0.32), (0.36, 0.05), (-0.1, -0.2)):
                Ellipse(pos=(cx + dx * r - r * 0.2, cy + dy * r - r * 0.2), size=(r * 0.42, r * 0.42))
        if "hill" in types:
            Color(0.62, 0.5, 0.3, 1)
            Ellipse(pos=(cx - r * 0.7, cy - r * 0.35), size=(r * 1.4, r * 0.8),
                    angle_start=-90, angle_end=90)
            Color(0.74, 0.62, 0.4, 1)
            Ellipse(pos=(cx - r * 0.45, cy - r * 0.2), size=(r * 0.9, r * 0.5),
                    angle_start=-90, angle_end=90)
        if "town" in types:
            for dx in (-0.32, 0.18):
                Color(0.93, 0.9, 0.82, 1)
                Rectangle(pos=(cx + dx * r - r * 0.18, cy - r * 0.05), size=(r * 0.36, r * 0.3))
                Color(0.72, 0.22, 0.15, 1)
                Triangle(points=[cx + dx * r - r * 0.24, cy + r * 0.25, cx + dx * r + r * 0.24,
                                 cy + r * 0.25, cx + dx * r, cy + r * 0.5])
        if "river" in types:
            Color(0.27, 0.5, 0.78, 1)
            pts = []
            for i in range(13):
                t = i / 12
                pts += [cx - r * 0.85 + t * r * 1.7, cy + math.sin(t * math.pi * 2) * r * 0.12]
            Line(points=pts, width=max(2.0, r * 0.14))
        if "bridge" in types:
            Color(0.55, 0.38, 0.2, 1)
            Rectangle(pos=(cx - r * 0.17, cy - r * 0.35), size=(r * 0.34, r * 0.7))
            Color(0.35, 0.24, 0.12, 1)
            Line(rectangle=(cx - r * 0.17, cy - r * 0.35, r * 0.34, r * 0.7), width=1.2)
        if "hedgerow" in types:
            Color(0.15, 0.35, 0.12, 1)
            for dy in (-0.25, 0.25):
                Line(points=[cx - r * 0.6, cy + dy * r, cx + r * 0.6, cy + dy * r], width=r * 0.08)
        if "marsh" in types:
            Color(0.25, 0.45, 0.6, 1)
            for dx, dy in ((-0.4, 0.2), (0.1, 0.3), (-0.15, -0.1), (0.35, -0.05)):
                Line(points=[cx + dx * r, cy + dy * r, cx + dx * r + r * 0.25, cy + dy * r], width=1.5)
        if "airfield" in types:
            Color(0.45, 0.46, 0.44, 1)
            Rectangle(pos=(cx - r * 0.7, cy - r * 0.12), size=(r * 1.4, r * 0.24))
        if "bunker" in types:
            Color(0.45, 0.45, 0.45, 1)
            Rectangle(pos=(cx - r * 0.3, cy - r * 0.55), size=(r * 0.6, r * 0.3))
        if "sandbags" in types:
            Color(0.72, 0.62, 0.4, 1)
            for i in range(5):
                a = math.radians(200 + i * 35)
                Ellipse(pos=(cx + math.cos(a) * r * 0.62 - r * 0.1, cy + math.sin(a) * r * 0.62 - r * 0.07),
                        size=(r * 0.22, r * 0.14))
        if "barbed_wire" in types:
            Color(0.25, 0.25, 0.25, 1)
            pts = []
            for i in range(9):
                pts += [cx - r * 0.6 + i * r * 0.15, cy - r * 0.45 + (r * 0.1 if i % 2 else 0)]
            Line(points=pts, width=1.3)
        if "hedgehogs" in types:
            Color(0.15, 0.15, 0.15, 1)
            for dx in (-0.3, 0.3):
                x0, y0 = cx + dx * r, cy - r * 0.45
                Line(points=[x0 - r * 0.1, y0 - r * 0.1, x0 + r * 0.1, y0 + r * 0.1], width=1.6)
                Line(points=[x0 - r * 0.1, y0 + r * 0.1, x0 + r * 0.1, y0 - r * 0.1], width=1.6)
        if "minefield" in types:
            Color(0.75, 0.1, 0.1, 1)
            for dx, dy in ((-0.3, -0.4), (0.0, -0.5), (0.3, -0.4)):
                Ellipse(pos=(cx + dx * r - 3, cy + dy * r - 3), size=(6, 6))

    def _objective(self, h: Hex, o: Any, lay: theme.HexLayout) -> None:
        cx, cy = lay.center(h)
        r = lay.radius
        x, y = cx - r * 0.62, cy + r * 0.5
        sudden = o.kind is ObjectiveKind.SUDDEN_DEATH
        Color(*((0.85, 0.15, 0.1, 1) if sudden else theme.GOLD))
        Ellipse(pos=(x - r * 0.24, y - r * 0.24), size=(r * 0.48, r * 0.48))
        side = (self.held or {}).get(o.id)
        if side in theme.SIDE_LIGHT:  # held now: a thick ring in the holder's colour
            Color(*theme.SIDE_LIGHT[side])
            Line(circle=(x, y, r * 0.3), width=2.6)
        Color(0.3, 0.2, 0.05, 1)
        Line(circle=(x, y, r * 0.24), width=1.2)
        draw_text("!" if sudden else str(o.medals), x, y, int(r * 0.36), (0.15, 0.1, 0.0, 1), bold=True)

    def _exit(self, h: Hex, side: str, lay: theme.HexLayout) -> None:
        cx, cy = lay.center(h)
        r = lay.radius
        Color(*theme.SIDE_COLOURS[side])
        up = h.row == 0
        tip = cy + r * 0.85 if up else cy - r * 0.85
        base = cy + r * 0.45 if up else cy - r * 0.45
        Triangle(points=[cx - r * 0.3, base, cx + r * 0.3, base, cx, tip])

    def _unit(self, u: Any, lay: theme.HexLayout) -> None:
        cx, cy = lay.center(u.hex)
        r = lay.radius
        side = u.side.value
        w, hgt = r * 1.15, r * 0.95
        if u.spec.air:  # air units: a round counter, ringed while flying
            d = r * 1.3
            Color(0, 0, 0, 0.35)
            Ellipse(pos=(cx - d / 2 + 2, cy - d / 2 - 3), size=(d, d))
            Color(*theme.SIDE_COLOURS[side])
            Ellipse(pos=(cx - d / 2, cy - d / 2), size=(d, d))
            Color(*((1, 1, 1, 0.95) if u.airborne else theme.SIDE_LIGHT[side]))
            Line(circle=(cx, cy, d / 2), width=2.2 if u.airborne else 1.4,
                 dash_length=0 if u.airborne else 4, dash_offset=0 if u.airborne else 3)
        else:
            Color(0, 0, 0, 0.35)
            RoundedRectangle(pos=(cx - w / 2 + 2, cy - hgt / 2 - 3), size=(w, hgt), radius=[r * 0.15])
            Color(*theme.SIDE_COLOURS[side])
            RoundedRectangle(pos=(cx - w / 2, cy - hgt / 2), size=(w, hgt), radius=[r * 0.15])
            Color(*theme.SIDE_LIGHT[side])
            Line(rounded_rectangle=(cx - w / 2, cy - hgt / 2, w, hgt, r * 0.15), width=1.4)
        label = theme.UNIT_LABELS.get(u.type, u.type[:4].upper())
        draw_text(label, cx, cy + hgt * 0.27, max(8, int(r * 0.27)), bold=True)
        if u.spec.air:
            ammo = " ".join(f"{'MG' if k == 'machine_gun' else 'B' if k == 'bomb' else k[:2].upper()}"
                            f"{v}" for k, v in sorted(u.ammo.items()))
            shown = ammo or (u.model or "").upper()[:6]  # Air Pack airplanes carry no ammo
            draw_text(shown, cx, cy - hgt * 0.08, max(8, int(r * (0.3 if len(shown) < 7 else 0.24))),
                      bold=True)
        else:
            draw_text(str(u.figures), cx, cy - hgt * 0.1, max(10, int(r * 0.55)), bold=True)
        uid = u.id.split("-", 1)[1] if "-plane-" in u.id else u.id  # a sortie's "allies-plane-1"
        draw_text(uid, cx, cy - hgt * 0.4, max(8, int(r * 0.24)), (1, 1, 1, 0.85), bold=True)
        if u.badges:
            Color(*theme.GOLD)
            bx, by = cx + w / 2 - r * 0.08, cy + hgt / 2 - r * 0.08
            Ellipse(pos=(bx - r * 0.15, by - r * 0.15), size=(r * 0.3, r * 0.3))

    def _flash(self, lay: theme.HexLayout) -> None:
        f = self.flash
        assert self.position is not None
        try:
            h = self.position.board.parse(f.hex)
        except ValueError:
            return
        cx, cy = lay.center(h)
        r = lay.radius
        Color(0.85, 0.1, 0.08, 0.95)
        RoundedRectangle(pos=(cx - r * 0.95, cy + r * 0.35), size=(r * 0.8, r * 0.5), radius=[6])
        draw_text(f"-{f.hits}" if not f.eliminated else "X", cx - r * 0.55, cy + r * 0.6,
                  int(r * 0.4), bold=True)
        if f.flags:
            Color(0.15, 0.3, 0.7, 0.95)
            RoundedRectangle(pos=(cx + r * 0.15, cy + r * 0.35), size=(r * 0.8, r * 0.5), radius=[6])
            draw_text(f"F{f.flags}", cx + r * 0.55, cy + r * 0.6, int(r * 0.36), bold=True)


class DieIcon(Widget):
    """One battle die as a coloured tile with its face name (``?`` when unread)."""

    face = StringProperty("")
    index = NumericProperty(0)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.bind(pos=self._draw, size=self._draw, face=self._draw)

    def _draw(self, *a: Any) -> None:
        self.canvas.clear()
        s = min(self.width, self.height)
        x, y = self.center_x - s / 2, self.center_y - s / 2
        with self.canvas:
            Color(*theme.DIE_COLOURS.get(self.face, (0.55, 0.1, 0.1, 1)))
            RoundedRectangle(pos=(x, y), size=(s, s), radius=[s * 0.15])
            Color(1, 1, 1, 0.9)
            Line(rounded_rectangle=(x, y, s, s, s * 0.15), width=1.5)
            if self.face == "star":
                pts: list[float] = []
                for i in range(10):
                    rr = s * (0.3 if i % 2 == 0 else 0.13)
                    ang = math.radians(90 + 36 * i)
                    pts += [self.center_x + rr * math.cos(ang), self.center_y + s * 0.08 + rr * math.sin(ang)]
                Color(1, 1, 1, 1)
                Line(points=pts, close=True, width=1.5)
            draw_text(theme.FACE_LABELS.get(self.face, "?"), self.center_x,
                      y + s * (0.18 if self.face == "star" else 0.5), int(s * (0.22 if self.face else 0.5)),
                      bold=True)


class OddsBars(Widget):
    """The odds as a picture: a bar per number of hits, and bars for retreat / eliminate."""

    odds = ObjectProperty(None, allownone=True)
    labels = ListProperty([])

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.bind(pos=self._draw, size=self._draw, odds=self._draw)

    def _draw(self, *a: Any) -> None:
        self.canvas.clear()
        o = self.odds
        if not o:
            return
        hits: list[float] = list(o.get("hits") or [])
        extra = [("flag", float(o.get("p_retreat", 0.0))), ("elim", float(o.get("p_eliminate", 0.0)))]
        n = len(hits) + len(extra)
        if n == 0:
            return
        gap = 6
        bw = (self.width - gap * (n + 1)) / n
        base = self.y + 22
        top = self.height - 44
        with self.canvas:
            Color(0.25, 0.26, 0.24, 1)
            Rectangle(pos=self.pos, size=self.size)
            for i, p in enumerate([*hits, *(p for _, p in extra)]):
                x = self.x + gap + i * (bw + gap)
                is_extra = i >= len(hits)
                Color(*((0.3, 0.45, 0.8, 1) if is_extra else (0.86, 0.3, 0.2, 1)))
                Rectangle(pos=(x, base), size=(bw, max(1.0, top * p)))
                draw_text(f"{round(p * 100)}%", x + bw / 2, base + top * p + 10, 14)
                label = (extra[i - len(hits)][0] if is_extra else f"{i} hit" if i == 1 else f"{i} hits")
                draw_text(label, x + bw / 2, self.y + 10, 13, theme.MUTED)


class MedalTrack(Widget):
    """A side's medals as a row of circles: filled for medals won, hollow for those to go."""

    side = StringProperty("allies")
    won = NumericProperty(0)
    needed = NumericProperty(6)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.bind(pos=self._draw, size=self._draw, won=self._draw, needed=self._draw)

    def _draw(self, *a: Any) -> None:
        self.canvas.clear()
        n = max(1, int(self.needed))
        d = min(self.height * 0.8, (self.width - 4) / n - 4)
        with self.canvas:
            for i in range(n):
                x = self.x + 2 + i * (d + 4)
                y = self.center_y - d / 2
                if i < self.won:
                    Color(*theme.GOLD)
                    Ellipse(pos=(x, y), size=(d, d))
                    Color(*theme.SIDE_COLOURS[self.side])
                    Ellipse(pos=(x + d * 0.25, y + d * 0.25), size=(d * 0.5, d * 0.5))
                Color(*theme.SIDE_LIGHT[self.side])
                Line(circle=(x + d / 2, y + d / 2, d / 2), width=1.6)


class MedalTimeline(Widget):
    """Both sides' medals turn by turn, as two step lines (the story of the game at a glance)."""

    points = ListProperty([])  # [(turn, allies_total, axis_total), ...] in order
    target = NumericProperty(6)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.bind(pos=self._draw, size=self._draw, points=self._draw)

    def _draw(self, *a: Any) -> None:
        self.canvas.clear()
        pts = list(self.points)
        if not pts:
            return
        last_turn = max(1, pts[-1][0])
        top = max(1, int(self.target), *(max(p[1], p[2]) for p in pts))
        left, bottom = self.x + 40, self.y + 28
        w, h = self.width - 56, self.height - 40

        def xy(turn: float, medals: float) -> tuple[float, float]:
            return left + w * turn / last_turn, bottom + h * medals / top

        with self.canvas:
            Color(0.25, 0.26, 0.24, 1)
            Rectangle(pos=self.pos, size=self.size)
            Color(*theme.MUTED)
            Line(points=[left, bottom, left + w, bottom], width=1)
            for m in range(0, top + 1):
                draw_text(str(m), left - 16, xy(0, m)[1], 13, theme.MUTED)
            for t in range(0, last_turn + 1, max(1, last_turn // 10)):
                draw_text(str(t), xy(t, 0)[0], self.y + 12, 13, theme.MUTED)
            for side, idx, shift in (("allies", 1, -2.5), ("axis", 2, 2.5)):
                line: list[float] = [*xy(0, 0)]
                prev = 0
                for p in pts:
                    line += [*xy(p[0], prev), *xy(p[0], p[idx])]
                    prev = p[idx]
                line += [*xy(last_turn, prev)]
                Color(*theme.SIDE_LIGHT[side])
                Line(points=[v + shift for v in line], width=2.5)  # side by side where they meet
                draw_text(side.title(), left + 40 + (idx - 1) * 80, self.top - 14, 15,
                          theme.SIDE_LIGHT[side], bold=True)


def medal_points(events: list[Any]) -> list[tuple[int, int, int]]:
    """(turn, allies medals, axis medals) after each medal change, from a game's events."""
    turn = 1
    totals = {"allies": 0, "axis": 0}
    out: list[tuple[int, int, int]] = []
    for e in events:
        if e.kind == "turn_ended":
            turn += 1
        elif e.kind in ("medal_won", "medal_lost") and e.data.get("side") in totals:
            totals[e.data["side"]] = int(e.data.get("total", 0))
            out.append((turn, totals["allies"], totals["axis"]))
    return out
