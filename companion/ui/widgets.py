"""Kivy widgets drawn with canvas instructions: the hex board, dice, odds, medal tracks."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import (
    Canvas,
    Color,
    Ellipse,
    Line,
    Rectangle,
    RoundedRectangle,
)
from kivy.metrics import dp, sp
from kivy.properties import (
    AliasProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
    VariableListProperty,
)
from kivy.uix.label import Label
from kivy.uix.layout import Layout
from kivy.uix.scrollview import ScrollView
from kivy.uix.stencilview import StencilView
from kivy.uix.widget import Widget

from companion.rules.board import Board, Hex
from companion.rules.position import Position
from companion.scenarios import Scenario
from companion.scenarios.model import ObjectiveKind, TerrainPiece
from companion.ui import theme
from companion.ui.batch import ShapeBatch, fitted_size, rounded_rect_points

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


MOUNTAINS = frozenset({"mountain", "mountain_cave"})  # drawn with peaks as well as a hill's rings


def draw_text(text: str, cx: float, cy: float, size: int, rgba: theme.RGBA = theme.TEXT,
              bold: bool = False) -> None:
    """Draw ``text`` centred on (cx, cy) on the current canvas."""
    tex = text_texture(text, size, bold)
    Color(*rgba)
    w, h = tex.size
    Rectangle(texture=tex, pos=(cx - w / 2, cy - h / 2), size=(w, h))


def bezier(x0: float, y0: float, x1: float, y1: float, x2: float, y2: float, n: int = 12
           ) -> list[tuple[float, float]]:
    """Points along the quadratic Bézier curve through (x0, y0) and (x2, y2)."""
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * t * (1 - t), t * t
        out.append((a * x0 + b * x1 + c * x2, a * y0 + b * y1 + c * y2))
    return out


# The board's layers, drawn in this order (see companion.ui.batch): each hex's shapes stay
# inside it, so only the order within a hex matters.
L_FILL = 10
L_TERRAIN = 20  # .. 32: forest, hill, town, hedgerow, marsh, airfield, ocean, beach
L_SMOKE = 33  # .. 34: a smoke screen's cloud, over the terrain, under the units
L_OUTLINE = 35
L_LINES = 40  # .. 46: river banks, rivers, road edges, roads, rails, bridges
L_OBSTACLE = 50  # .. 59
L_NAME = 60
L_SECTION = 65
L_REACH = 66
L_HIGHLIGHT = 67
# the counters' batch, after the air unit's path
L_UNIT = 70  # .. 74: shadow, counter, rim, texts, badge
L_OBJECTIVE = 80  # .. 83
L_EXIT = 90
HEX_OUTLINE: theme.RGBA = (0.25, 0.28, 0.2, 0.55)
SECTION: theme.RGBA = (0.8, 0.1, 0.1, 0.85)


def _spans(live: dict[str, list[TerrainPiece]]) -> dict[str, int]:
    """The bridge sections' facings (hex name -> orientation): card 9b's span."""
    return {p.hex: p.orientation for ps in live.values() for p in ps
            if p.orientation and p.type == "bridge_section"}


def live_terrain(sc: Scenario, pos: Position) -> dict[str, list[TerrainPiece]]:
    """The terrain the board shows now, hex by hex: the scenario's pieces that are still on
    the position (wire an infantry unit cleared, a cave sealed, sandbags left behind are
    gone) and the pieces play put there (a smoke screen, a sealed cave's hill, sandbags
    dug in), with the scenario's facing where it had the piece."""
    board = pos.board
    by_hex = sc.terrain_by_hex()
    out: dict[str, list[TerrainPiece]] = {}
    for name in {*by_hex, *(board.name(h) for h in pos.terrain)}:
        try:
            live = pos.terrain.get(board.parse(name), ())
        except ValueError:
            continue
        pieces = [p for p in by_hex.get(name, []) if p.type in live]
        have = {p.type for p in pieces}
        pieces += [TerrainPiece(hex=name, type=t) for t in live if t not in have]
        if pieces:
            out[name] = pieces
    return out


class HexBoard(StencilView):
    """The scenario's map with units, objectives, exits, sections and highlights.

    Set :attr:`scenario` and :attr:`position`, plus the optional overlays, then call
    :meth:`redraw`. ``on_tap(hex_name)`` and ``on_drag(from_name, to_name)`` report touches.
    Two fingers pinch to zoom (the mouse wheel too); once zoomed, a finger dragged from a hex
    without a unit pans the map. Taps always name the hex under the finger.
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
    zoom = NumericProperty(1.0)  # 1: the whole board; up to MAX_ZOOM
    pan = ListProperty([0.0, 0.0])  # pixels the zoomed map is moved by
    aspect = NumericProperty(theme.board_aspect(Board.of()))  # the board's width / height
    rows = NumericProperty(Board.of().height)

    min_radius = NumericProperty(dp(26))  # a board drawn smaller than this starts zoomed
    # the board's height with hexes of min_radius: a board too wide to read whole on a
    # portrait screen is given this much height (it is drawn zoomed and pans sideways)
    def _readable_height(self) -> float:
        return float((1.5 * self.rows + 0.5) * self.min_radius)

    readable_height = AliasProperty(_readable_height, bind=("rows", "min_radius"), cache=True)
    MAX_ZOOM = 4.0

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.on_tap: Callable[[str], Any] | None = None
        self.on_drag: Callable[[str, str], Any] | None = None
        self.layout: theme.HexLayout | None = None
        self._down: str | None = None
        self._touches: list[Any] = []
        self._pinch: tuple[float, float, float, tuple[float, float]] | None = None
        self._panning: tuple[float, float, float, float] | None = None
        self._lines: tuple[Any, dict[str, dict[Hex, list[int]]]] | None = None
        self._auto_zoom = True  # until the player zooms or pans
        self._auto_size = (0.0, 0.0)
        self._lit_seen: frozenset[str] = frozenset()  # the lit hexes the view last followed
        self._redraw_ev = Clock.create_trigger(lambda dt: self.redraw(), -1)
        # the dragged unit's ghost: its own group, since canvas.after holds the stencil's end
        self._ghost = Canvas()
        self.canvas.after.add(self._ghost)
        self.draws = 0
        self.batched = 0  # instructions the last redraw gathered its shapes into
        self.bind(size=self._redraw_ev, pos=self._redraw_ev)
        self.bind(scenario=self._new_board)

    def _new_board(self, *a: Any) -> None:
        sc = self.scenario
        self.aspect = theme.board_aspect(sc.geometry) if sc is not None else self.aspect
        self.rows = sc.geometry.height if sc is not None else self.rows
        self.zoom, self.pan = 1.0, [0.0, 0.0]
        self._auto_zoom = True
        self._auto_size = (0.0, 0.0)

    def _first_zoom(self, lay: theme.HexLayout) -> bool:
        """On a new board too wide for the box (Overlord), start zoomed so that its hexes can
        be read and tapped (about ``min_radius``), on the hexes lit for the player if any."""
        if self._auto_size == (self.width, self.height):
            return False
        self._auto_size = (self.width, self.height)
        want = self.min_radius / max(lay.fit_radius, 1e-6)
        if want <= 1.05 or not self.interactive:
            changed = bool(self.zoom != 1.0)
            self.zoom, self.pan = 1.0, [0.0, 0.0]
            return changed
        self.zoom = min(self.MAX_ZOOM, want)
        self._centre_on(lay, self._lit(lay))
        return True

    def _lit(self, lay: theme.HexLayout) -> list[Hex]:
        return [lay.board.parse(n) for n in (self.highlights or {}) if n in lay.board.tables.by_name]

    def _centre_on(self, lay: theme.HexLayout, hexes: list[Hex]) -> None:
        """Pan (at the zoom now) so that the middle of ``hexes`` (none: the board's middle)
        is the middle of the box."""
        if hexes:
            xs = [lay.center(h)[0] for h in hexes]
            ys = [lay.center(h)[1] for h in hexes]
            about = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        else:
            about = self.center
        pan = lay.pan_for_zoom(self.zoom, *about)
        self.pan = [pan[0] + self.center_x - about[0], pan[1] + self.center_y - about[1]]

    def _follow_lit(self, lay: theme.HexLayout) -> bool:
        """Newly lit hexes none of which is in view (zoomed onto the middle of a tall board,
        a step that lights the units at its top edge): pan to them, as a player would."""
        lit_now = frozenset(self.highlights or {})
        if lit_now == self._lit_seen:
            return False
        self._lit_seen = lit_now
        lit = self._lit(lay)
        if self.zoom <= 1.0 or not lit or any(lay.visible(h) for h in lit):
            return False
        self._centre_on(lay, lit)
        return True

    # --- zoom and pan --------------------------------------------------------------------------
    def zoom_to(self, zoom: float, about: tuple[float, float] | None = None) -> None:
        """Zoom to ``zoom`` (1 = whole board) keeping the point ``about`` (window) in place."""
        lay = self.layout
        zoom = max(1.0, min(self.MAX_ZOOM, zoom))
        if lay is None:
            self.zoom = zoom
            return
        self._auto_zoom = False
        wx, wy = about if about is not None else self.center
        self.pan = list(lay.pan_for_zoom(zoom, wx, wy))
        self.zoom = zoom
        self.redraw()

    def zoom_by(self, factor: float, about: tuple[float, float] | None = None) -> None:
        self.zoom_to(self.zoom * factor, about)

    def show_all(self) -> None:
        self._auto_zoom = False
        self.zoom, self.pan = 1.0, [0.0, 0.0]
        self.redraw()

    def show_section(self, index: int) -> None:
        """Zoom onto one section (0 left, 1 centre, 2 right, as drawn) and centre it."""
        lay, pos = self.layout, self.position
        if lay is None or pos is None:
            return
        lines = pos.board.shape.section_lines
        bounds = (0, *lines, pos.board.max_col)
        lo, hi = bounds[index], bounds[index + 1]
        cols = pos.board.max_col + 2
        zoom = max(1.0, min(self.MAX_ZOOM, cols / (hi - lo + 3)))
        self.pan = [0.0, 0.0]
        self.zoom = zoom
        self.redraw()
        lay = self.layout
        if lay is None:
            return
        x_mid = lay.column_x((lo + hi) // 2)
        self.pan = [lay.pan[0] + self.center_x - x_mid, lay.pan[1]]
        self.redraw()

    def _pan_by(self, dx: float, dy: float) -> None:
        self._auto_zoom = False
        self.pan = [self.pan[0] + dx, self.pan[1] + dy]
        self._redraw_ev()

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
        if getattr(touch, "is_mouse_scrolling", False):
            self.zoom_by(1.25 if touch.button == "scrolldown" else 0.8, touch.pos)
            return True
        touch.grab(self)
        self._touches.append(touch)
        if len(self._touches) == 2:  # a pinch: no tap, no drag
            a, b = self._touches
            self._down = None
            self._ghost.clear()
            self._pinch = (math.dist(a.pos, b.pos) or 1.0, self.zoom, 0.0,
                           ((a.x + b.x) / 2, (a.y + b.y) / 2))
            return True
        if len(self._touches) > 2:
            return True
        self._down = self.hex_name_at(*touch.pos)
        self._panning = None
        return True

    def _has_unit(self, name: str | None) -> bool:
        pos = self.position
        if name is None or pos is None:
            return False
        return pos.unit_at(pos.board.parse(name)) is not None

    def on_touch_move(self, touch: Any) -> bool:
        """While a unit is dragged, a ghost of it follows the finger; two fingers zoom; one
        finger from an empty hex pans a zoomed map."""
        if touch.grab_current is not self:
            return False
        if self._pinch is not None and len(self._touches) >= 2:
            a, b = self._touches[:2]
            dist0, zoom0, _unused, mid0 = self._pinch
            mid = ((a.x + b.x) / 2, (a.y + b.y) / 2)
            self.pan = [self.pan[0] + mid[0] - mid0[0], self.pan[1] + mid[1] - mid0[1]]
            self.redraw()
            self.zoom_to(zoom0 * math.dist(a.pos, b.pos) / dist0, mid)
            self._pinch = (dist0, zoom0, 0.0, mid)
            return True
        if self._pinch is not None:
            return True
        moved = math.dist(touch.pos, touch.opos)
        if self._panning is None and self.zoom > 1.0 and not self._has_unit(self._down) \
                and moved > 12:
            self._panning = (touch.ox, touch.oy, 0.0, 0.0)  # from where the finger went down
            self._down = None
        if self._panning is not None:
            px, py, _a, _b = self._panning
            self._pan_by(touch.x - px, touch.y - py)
            self._panning = (touch.x, touch.y, 0.0, 0.0)
            return True
        if self._down is None or self.position is None:
            return True
        unit = self.position.unit_at(self.position.board.parse(self._down))
        self._ghost.clear()
        if unit is not None and self.layout is not None:
            r = self.layout.radius
            with self._ghost:
                Color(*theme.SIDE_COLOURS[unit.side.value][:3], 0.7)
                Ellipse(pos=(touch.x - r * 0.6, touch.y - r * 0.6), size=(r * 1.2, r * 1.2))
                draw_text(theme.UNIT_LABELS.get(unit.type, unit.type[:4].upper()), touch.x,
                          touch.y, max(10, int(r * 0.4)), bold=True)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return False
        touch.ungrab(self)
        if touch in self._touches:
            self._touches.remove(touch)
        self._ghost.clear()
        if self._pinch is not None:  # the pinch ends when the last finger leaves
            if not self._touches:
                self._pinch = None
            return True
        if self._panning is not None:
            self._panning = None
            self.redraw()
            return True
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
    def redraw_soon(self) -> None:
        """Redraw before the next frame (once, however often asked in this one)."""
        self._redraw_ev()

    def _line_links(self, live: dict[str, list[TerrainPiece]],
                    board: Board) -> dict[str, dict[Hex, list[int]]]:
        """The rivers', roads' and rails' links of the terrain as it is now (a blown bridge
        no longer carries its road), worked out again only when that terrain changed."""
        key = (id(board), tuple(sorted((n, tuple(p.type for p in ps)) for n, ps in live.items())))
        if self._lines is None or self._lines[0] != key:
            by_hex = {n: [p.type for p in ps] for n, ps in live.items()}
            orientation = {p.hex: p.orientation for ps in live.values() for p in ps if p.orientation}
            self._lines = (key, theme.line_links(board, by_hex, orientation, _spans(live)))
        return self._lines[1]

    def redraw(self) -> None:
        """Draw the board: the map (fills, terrain, outlines, rivers and roads, obstacles, hex
        names, section lines, highlights) and the counters each gathered into a
        :class:`~companion.ui.batch.ShapeBatch` (a few dozen instructions instead of one per
        shape: the first frame is drawn as early as the window allows, issue 18); the rare
        marks over the counters (dice, the last battle, an air unit's path) one by one."""
        self.canvas.clear()
        sc: Scenario | None = self.scenario
        pos: Position | None = self.position
        if sc is None or pos is None or self.width < 10 or self.height < 10:
            return
        board = pos.board
        lay = theme.HexLayout(board, self.x, self.y, self.width, self.height, self.zoom,
                              (self.pan[0], self.pan[1]))
        if (self._auto_zoom and self._first_zoom(lay)) or self._follow_lit(lay):
            lay = theme.HexLayout(board, self.x, self.y, self.width, self.height, self.zoom,
                                  (self.pan[0], self.pan[1]))
        self.pan = [lay.pan[0], lay.pan[1]]
        self.layout = lay
        self.draws += 1
        r = lay.radius
        by_hex = live_terrain(sc, pos)
        face = theme.FACE_COLOURS.get(sc.face.value, theme.FACE_COLOURS["countryside"])
        marks: dict[str, Any] = {}
        for o in sc.objectives:
            for hn in o.hexes:
                marks[hn] = o
        exits = {x.hex: x for x in sc.exits}
        small = max(10, int(r * 0.26))
        shown = [h for h in board.hexes() if lay.visible(h)]
        types_of: dict[Hex, list[str]] = {}
        raw_of: dict[Hex, set[str]] = {}
        for h in shown:
            pieces = by_hex.get(board.name(h), [])
            raw_of[h] = {p.type for p in pieces}
            types_of[h] = [f for p in pieces if p.type not in theme.WATER_BODIES
                           for f in theme.families(p.type)]
        ocean_label = theme.hex_label_colour(theme.TERRAIN_FILL["ocean"])
        face_label = theme.hex_label_colour(face)
        b = ShapeBatch()
        for h in shown:
            types, raw = types_of[h], raw_of[h]
            if raw & theme.WATER_BODIES:
                fill = theme.TERRAIN_FILL["ocean"] if "ocean" in raw else theme.LAKE
            else:
                fill = next((theme.TERRAIN_FILL[t] for t in theme.TERRAIN_FILL if t in types),
                            face)
            corners = lay.corners(h, 0.5)
            b.fan(L_FILL, fill, corners)
            self._terrain_shapes(b, h, types, raw, lay)
            b.thin(L_OUTLINE, HEX_OUTLINE, corners, close=True)
        self._lines_drawn(b, by_hex, board, lay, set(shown))
        for h in shown:
            self._obstacles(b, h, types_of[h], lay)
            if "smoke_screen" in raw_of[h]:
                self._smoke(b, h, lay)
            words = sorted({theme.TERRAIN_WORDS[t] for t in raw_of[h] if t in theme.TERRAIN_WORDS})
            colour = ocean_label if raw_of[h] & theme.WATER_BODIES else face_label
            size = fitted_size(" ".join(words), max(9, int(r * 0.24)), r * 1.6, 9) if words else 0
            if size:  # what no picture says: "factory", "impassable" (zoom in when it is too small)
                cx, cy = lay.center(h)
                b.text(L_NAME, " ".join(words), cx, cy + r * 0.55 if self.show_names else
                       cy - r * 0.7, size, colour)
            if self.show_names and r > 16:
                cx, cy = lay.center(h)
                b.text(L_NAME, board.name(h), cx, cy - r * 0.7, small, colour)
        # place names printed on the scenario's map ("Toulon"), along the top of their hex
        for lb in sc.labels:
            try:
                h = board.parse(lb.hex)
            except ValueError:
                continue
            if lay.visible(h):
                cx, cy = lay.center(h)
                fill_label = ocean_label if raw_of.get(h, set()) & theme.WATER_BODIES \
                    else face_label
                size = max(10, int(r * 0.3))
                b.text(L_NAME, lb.text, cx, min(cy + r * 0.86, lay.top - size * 0.7), size,
                       fill_label, bold=True)  # the top row's names stay on the board
        # section lines: red dotted, as printed on the board (Line(dash_length=6, dash_offset=5))
        for col in board.shape.section_lines:
            x = lay.column_x(col)
            y = lay.bottom
            while y < lay.top:
                b.thin(L_SECTION, SECTION, [(x, y), (x, min(y + 6, lay.top))])
                y += 11
        hl: dict[str, str] = self.highlights or {}
        for name, why in hl.items():
            try:
                h = board.parse(name)
            except ValueError:
                continue
            rgba = theme.HIGHLIGHT.get(why, theme.HIGHLIGHT["choice"])
            if why == "reach":
                b.fan(L_REACH, (1, 1, 1, 0.35), lay.corners(h, 3))
            b.stroke(L_HIGHLIGHT, rgba, lay.corners(h, 2.5),
                     3.5 if why in ("selected", "target", "battle") else 2.5, close=True)
        counters = ShapeBatch()
        for u in pos.units.values():
            if lay.visible(u.hex):
                self._unit(counters, u, lay)
        for name, o in marks.items():
            self._objective(counters, board.parse(name), o, lay)
        for name, exit_hex in exits.items():
            self._exit(counters, board.parse(name), exit_hex.side.value, lay)
        with self.canvas:
            made = b.draw()
            if self.flight:
                self._flight_line(self.flight, lay)  # under the counters: they stay readable
            made += counters.draw()
            for name, dice in (self.target_dice or {}).items():
                cx, cy = lay.center(board.parse(name))
                Color(0.9, 0.15, 0.1, 0.95)
                Ellipse(pos=(cx + r * 0.25, cy + r * 0.3), size=(r * 0.62, r * 0.62))
                draw_text(str(dice), cx + r * 0.56, cy + r * 0.61, int(r * 0.45), bold=True)
            if self.flash is not None:
                self._flash(lay)
            if self.flight:
                self._flight_marks(self.flight, lay)
        self.batched = made

    def _lines_drawn(self, b: ShapeBatch, live: dict[str, list[TerrainPiece]], board: Board,
                     lay: theme.HexLayout, shown: set[Hex]) -> None:
        """Rivers, roads and rails: from each hex's centre to the edge it shares with the next
        hex of the line (so that they join), then the bridges across the rivers."""
        links = self._line_links(live, board)
        spans = _spans(live)
        r = lay.radius
        half = lay.hex_w / 2

        def segments(kind: str) -> list[list[float]]:
            out = []
            for h, dirs in links.get(kind, {}).items():
                if h not in shown:
                    continue
                cx, cy = lay.center(h)
                for d in dirs:
                    dc, dr = theme.STEPS[d]
                    out.append([cx, cy, cx + dc * half / 2, cy - dr * 0.75 * r])
            return out

        def stroke(layer: float, colour: theme.RGBA, seg: list[float], width: float) -> None:
            b.stroke(layer, colour, [(seg[0], seg[1]), (seg[2], seg[3])], width)

        river = segments("river")
        for layer, width, colour in ((L_LINES, 0.44, theme.RIVER_BANK),
                                     (L_LINES + 1, 0.34, theme.RIVER)):
            for seg in river:
                stroke(layer, colour, seg, max(2.0, r * width / 2))
        roads = segments("road")
        for layer, width, colour in ((L_LINES + 2, 0.22, theme.ROAD_EDGE),
                                     (L_LINES + 3, 0.15, theme.ROAD)):
            for seg in roads:
                stroke(layer, colour, seg, max(1.5, r * width / 2))
        for seg in segments("rail"):
            stroke(L_LINES + 4, theme.RAIL, seg, max(1.2, r * 0.035))
            x0, y0, x1, y1 = seg
            length = math.dist((x0, y0), (x1, y1)) or 1.0
            nx, ny = -(y1 - y0) / length * r * 0.12, (x1 - x0) / length * r * 0.12
            for i in range(1, 4):
                t = i / 4
                mx, my = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                stroke(L_LINES + 4, theme.RAIL, [mx - nx, my - ny, mx + nx, my + ny],
                       max(1.0, r * 0.03))
        for h in shown:  # bridges: a deck across the river's line
            names = {p.type for p in live.get(board.name(h), [])} & theme.BRIDGES
            if not names:
                continue
            dirs = links.get("river", {}).get(h, [0, 3])
            # the river's direction in pixels, then the deck at right angles to it; a bridge
            # section's deck runs along its span (card 9b: entered only at its ends), the
            # length of the hex, so that a span of sections reads as one bridge
            span = spans.get(board.name(h)) if "bridge_section" in names else None
            along = theme.span_directions(span)[0] if span is not None else None
            dc, dr = theme.STEPS[along if along is not None else dirs[0]] if dirs else (2, 0)
            vx, vy = dc * half / 2, -dr * 0.75 * r
            length = math.hypot(vx, vy) or 1.0
            ux, uy = vx / length, vy / length
            px, py = -uy, ux
            cx, cy = lay.center(h)
            # half across (p) and half along (u): a span's deck runs to the hex's sides along it
            deck_l, deck_w = (r * 0.5, r * 0.3) if along is None else (r * 0.26, r * 0.86)
            quad = [cx + px * deck_l + ux * deck_w, cy + py * deck_l + uy * deck_w,
                    cx + px * deck_l - ux * deck_w, cy + py * deck_l - uy * deck_w,
                    cx - px * deck_l - ux * deck_w, cy - py * deck_l - uy * deck_w,
                    cx - px * deck_l + ux * deck_w, cy - py * deck_l + uy * deck_w]
            b.fan(L_LINES + 5, theme.BRIDGE, [(quad[2 * i], quad[2 * i + 1]) for i in range(4)])
            stroke(L_LINES + 6, theme.BRIDGE_EDGE, quad[0:4], max(1.2, r * 0.04))
            stroke(L_LINES + 6, theme.BRIDGE_EDGE, quad[4:8], max(1.2, r * 0.04))

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

    def _terrain_shapes(self, b: ShapeBatch, h: Hex, types: list[str], raw: set[str],
                        lay: theme.HexLayout) -> None:
        """The terrain's picture, kept to the rim of the hex where it can be: a unit's counter
        stands in the middle and the terrain must still show around it."""
        cx, cy = lay.center(h)
        r = lay.radius
        if "forest" in types:  # the trees' light spots cover no other tree: two layers
            for dx, dy, s in ((-0.6, 0.22, 0.36), (0.6, 0.22, 0.36), (0.0, 0.6, 0.36),
                              (-0.55, -0.3, 0.3), (0.55, -0.3, 0.3), (-0.22, 0.45, 0.3),
                              (0.22, 0.45, 0.3)):
                b.ellipse(L_TERRAIN, (0.14, 0.36, 0.13, 1), cx + dx * r - r * s / 2,
                          cy + dy * r - r * s / 2, r * s, r * s)
                b.ellipse(L_TERRAIN + 1, (0.26, 0.5, 0.2, 1), cx + dx * r - r * s * 0.32,
                          cy + dy * r - r * s * 0.18, r * s * 0.55, r * s * 0.55)
        if "hill" in types:
            for k, (shade, rad) in enumerate(((0.66, 0.82), (0.72, 0.62), (0.8, 0.4))):
                b.ring(L_TERRAIN + 2 + k, (shade, shade * 0.8, shade * 0.5, 1), cx,
                       cy + r * 0.05 * k, r * rad,
                       r * rad * 0.75, max(1.2, r * 0.04))
        if raw & MOUNTAINS:  # a hill's rings, and grey peaks with snow at the rim: a mountain
            for dx, dy, s in ((-0.5, -0.55, 0.34), (0.5, -0.55, 0.3)):  # clear of the word
                x0, y0, w = cx + dx * r, cy + dy * r, r * s
                b.fan(L_TERRAIN + 5, (0.45, 0.42, 0.4, 1),
                      [(x0 - w, y0), (x0 + w, y0), (x0, y0 + w * 1.1)])
                b.fan(L_TERRAIN + 6, (0.96, 0.96, 0.96, 1),
                      [(x0 - w * 0.36, y0 + w * 0.7), (x0 + w * 0.36, y0 + w * 0.7),
                       (x0, y0 + w * 1.1)])
        if "town" in types:
            for dx, dy in ((-0.36, 0.38), (0.3, 0.42), (0.0, 0.62)):
                x0, y0 = cx + dx * r, cy + dy * r
                b.rect(L_TERRAIN + 5, (0.93, 0.9, 0.82, 1), x0 - r * 0.13, y0 - r * 0.12,
                       r * 0.26, r * 0.18)
                b.fan(L_TERRAIN + 6, (0.72, 0.22, 0.15, 1),
                      [(x0 - r * 0.17, y0 + r * 0.06), (x0 + r * 0.17, y0 + r * 0.06),
                       (x0, y0 + r * 0.22)])
        if "hedgerow" in types:  # bushes round the rim of the field
            rim = lay.corners(h, r * 0.12)
            for (x0, y0), (x1, y1) in itertools.pairwise([*rim, rim[0]]):
                for i in range(4):
                    t = i / 4
                    x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                    b.ellipse(L_TERRAIN + 7, (0.12, 0.3, 0.1, 1), x - r * 0.09, y - r * 0.09,
                              r * 0.18, r * 0.18)
        if "marsh" in types:
            reed = (0.22, 0.42, 0.58, 1)
            for dx, dy in ((-0.55, 0.25), (0.35, 0.3), (-0.5, -0.25), (0.3, -0.3), (-0.1, 0.6)):
                x0, y0 = cx + dx * r, cy + dy * r
                b.stroke(L_TERRAIN + 8, reed, [(x0, y0), (x0 + r * 0.25, y0)], 1.5)
                b.stroke(L_TERRAIN + 9, reed, [(x0 + r * 0.12, y0), (x0 + r * 0.12, y0 + r * 0.12)],
                         1.2)
        if "airfield" in types:
            b.rect(L_TERRAIN + 10, (0.45, 0.46, 0.44, 1), cx - r * 0.8, cy - r * 0.12, r * 1.6,
                   r * 0.24)
        if "ocean" in raw:
            for dx, dy in ((-0.45, 0.45), (0.2, 0.55), (-0.6, -0.35), (0.35, -0.45)):
                x0, y0 = cx + dx * r, cy + dy * r
                b.stroke(L_TERRAIN + 11, (0.5, 0.7, 0.9, 0.8),
                         bezier(x0, y0, x0 + r * 0.1, y0 + r * 0.08, x0 + r * 0.2, y0), 1.3)
        if "beach" in types:
            for dx, dy in ((-0.5, 0.3), (0.45, 0.35), (-0.2, 0.6), (0.15, -0.65), (-0.6, -0.2),
                           (0.6, -0.25)):
                b.ellipse(L_TERRAIN + 12, (0.8, 0.7, 0.45, 1), cx + dx * r - 1.5, cy + dy * r - 1.5,
                          3, 3)

    def _obstacles(self, b: ShapeBatch, h: Hex, types: list[str], lay: theme.HexLayout) -> None:
        """Obstacles as marks on the hex's edges and corners, where a counter leaves them seen:
        sandbags along the lower edges, wire along the upper edges, hedgehogs at the side
        corners, a bunker's walls round the hex, mines by the side edges."""
        if not set(types) & theme.OBSTACLES:
            return
        cx, cy = lay.center(h)
        r = lay.radius
        corners = lay.corners(h, r * 0.1)  # top, upper left, lower left, bottom, lower right,
        # upper right (counter-clockwise from the top)
        if "bunker" in types:
            pts = [corners[i] for i in (1, 2, 3, 4, 5)]
            b.stroke(L_OBSTACLE, (0.32, 0.32, 0.32, 1), pts, max(2.5, r * 0.1), cap=False)
            b.stroke(L_OBSTACLE + 1, (0.6, 0.6, 0.58, 1), pts, max(1.0, r * 0.04), cap=False)
        if "sandbags" in types:
            path = [corners[2], corners[3], corners[4]]
            for (x0, y0), (x1, y1) in itertools.pairwise(path):
                for i in range(4):
                    t = (i + 0.5) / 4
                    x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                    b.ellipse(L_OBSTACLE + 2, (0.45, 0.36, 0.2, 1), x - r * 0.12, y - r * 0.08,
                              r * 0.24, r * 0.16)
                    b.ellipse(L_OBSTACLE + 3, (0.82, 0.72, 0.48, 1), x - r * 0.1, y - r * 0.06,
                              r * 0.2, r * 0.12)
        if "barbed_wire" in types:
            path = [corners[1], corners[0], corners[5]]
            for (x0, y0), (x1, y1) in itertools.pairwise(path):
                pts = []
                for i in range(9):
                    t = i / 8
                    off = (r * 0.07) * (1 if i % 2 else -1)
                    pts.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t + off))
                b.stroke(L_OBSTACLE + 4, (0.12, 0.12, 0.12, 1), pts, max(1.2, r * 0.035))
        if "hedgehogs" in types:
            ink = (0.1, 0.1, 0.1, 1)
            for sx in (-1, 1):
                x0, y0 = cx + sx * r * 0.7, cy
                d = r * 0.12
                b.stroke(L_OBSTACLE + 5, ink, [(x0 - d, y0 - d), (x0 + d, y0 + d)],
                         max(1.6, r * 0.05))
                b.stroke(L_OBSTACLE + 6, ink, [(x0 - d, y0 + d), (x0 + d, y0 - d)],
                         max(1.6, r * 0.05))
                b.stroke(L_OBSTACLE + 7, ink, [(x0, y0 - d * 1.2), (x0, y0 + d * 1.2)],
                         max(1.2, r * 0.035))
        if "minefield" in types:
            for sx in (-1, 1):
                for dy in (0.28, -0.28):
                    x0, y0 = cx + sx * r * 0.72, cy + dy * r
                    b.ellipse(L_OBSTACLE + 8, (0.1, 0.1, 0.1, 1), x0 - r * 0.08, y0 - r * 0.08,
                              r * 0.16, r * 0.16)
                    b.ellipse(L_OBSTACLE + 9, (0.85, 0.15, 0.1, 1), x0 - r * 0.05, y0 - r * 0.05,
                              r * 0.1, r * 0.1)

    @staticmethod
    def _smoke(b: ShapeBatch, h: Hex, lay: theme.HexLayout) -> None:
        """A smoke screen marker (Actions 21): a grey cloud over the hex, under its unit, so
        the players see where line of sight ends."""
        cx, cy = lay.center(h)
        r = lay.radius
        puffs = ((-0.45, 0.35, 0.42), (0.0, 0.5, 0.46), (0.45, 0.35, 0.42), (-0.55, -0.2, 0.36),
                 (0.55, -0.2, 0.36), (0.0, -0.5, 0.38))
        for dx, dy, s in puffs:
            x, y, d = cx + dx * r, cy + dy * r, s * r
            b.ellipse(L_SMOKE, (0.45, 0.45, 0.47, 0.55), x - d, y - d, 2 * d, 2 * d)
            b.ellipse(L_SMOKE + 1, (0.86, 0.86, 0.88, 0.8), x - d * 0.8, y - d * 0.75,
                      1.6 * d, 1.6 * d)

    def _objective(self, b: ShapeBatch, h: Hex, o: Any, lay: theme.HexLayout) -> None:
        cx, cy = lay.center(h)
        r = lay.radius
        x, y = cx - r * 0.62, cy + r * 0.5
        sudden = o.kind is ObjectiveKind.SUDDEN_DEATH
        b.ellipse(L_OBJECTIVE, (0.85, 0.15, 0.1, 1) if sudden else theme.GOLD,
                  x - r * 0.24, y - r * 0.24, r * 0.48, r * 0.48)
        side = (self.held or {}).get(o.id)
        if side in theme.SIDE_LIGHT:  # held now: a thick ring in the holder's colour
            b.ring(L_OBJECTIVE + 1, theme.SIDE_LIGHT[side], x, y, r * 0.3, r * 0.3, 2.6)
        b.ring(L_OBJECTIVE + 2, (0.3, 0.2, 0.05, 1), x, y, r * 0.24, r * 0.24, 1.2)
        b.text(L_OBJECTIVE + 3, "!" if sudden else str(o.medals), x, y, int(r * 0.36),
               (0.15, 0.1, 0.0, 1), bold=True)

    def _exit(self, b: ShapeBatch, h: Hex, side: str, lay: theme.HexLayout) -> None:
        cx, cy = lay.center(h)
        r = lay.radius
        up = h.row == 0
        tip = cy + r * 0.85 if up else cy - r * 0.85
        base = cy + r * 0.45 if up else cy - r * 0.45
        b.fan(L_EXIT, theme.SIDE_COLOURS[side], [(cx - r * 0.3, base), (cx + r * 0.3, base),
                                                 (cx, tip)])

    def _unit(self, b: ShapeBatch, u: Any, lay: theme.HexLayout) -> None:
        """A counter in the middle of the hex, leaving its rim (terrain, obstacles) in view."""
        cx, cy = lay.center(u.hex)
        r = lay.radius
        side = u.side.value
        w, hgt = r * 1.0, r * 0.74
        cy -= r * 0.04
        if u.spec.air:  # air units: a round counter, ringed while flying
            d = r * 1.1
            b.ellipse(L_UNIT, (0, 0, 0, 0.35), cx - d / 2 + 2, cy - d / 2 - 3, d, d)
            b.ellipse(L_UNIT + 1, theme.SIDE_COLOURS[side], cx - d / 2, cy - d / 2, d, d)
            # (Kivy draws no dashes on a line wider than 1: the parked ring was always whole)
            b.ring(L_UNIT + 2, (1, 1, 1, 0.95) if u.airborne else theme.SIDE_LIGHT[side], cx, cy,
                   d / 2, d / 2, 2.2 if u.airborne else 1.4)
        else:
            b.rounded_rect(L_UNIT, (0, 0, 0, 0.35), cx - w / 2 + 2, cy - hgt / 2 - 3, w, hgt,
                           r * 0.13)
            b.rounded_rect(L_UNIT + 1, theme.SIDE_COLOURS[side], cx - w / 2, cy - hgt / 2, w, hgt,
                           r * 0.13)
            b.stroke(L_UNIT + 2, theme.SIDE_LIGHT[side],
                     rounded_rect_points(cx - w / 2, cy - hgt / 2, w, hgt, r * 0.13), 1.4,
                     close=True)
        if r < 18:  # a thumbnail: the counter says its side, text would be a smudge
            return
        label = theme.UNIT_LABELS.get(u.type, u.type[:4].upper())
        b.text(L_UNIT + 3, label, cx, cy + hgt * 0.25, max(9, int(r * 0.25)), theme.TEXT, bold=True)
        if u.spec.air:
            ammo = " ".join(f"{'MG' if k == 'machine_gun' else 'B' if k == 'bomb' else k[:2].upper()}"
                            f"{v}" for k, v in sorted(u.ammo.items()))
            shown = ammo or (u.model or "").upper()[:6]  # Air Pack airplanes carry no ammo
            b.text(L_UNIT + 3, shown, cx, cy - hgt * 0.15,
                   max(8, int(r * (0.26 if len(shown) < 7 else 0.2))), theme.TEXT, bold=True)
        else:
            b.text(L_UNIT + 3, str(u.figures), cx, cy - hgt * 0.17, max(10, int(r * 0.44)),
                   theme.TEXT, bold=True)
        if theme.CAMOUFLAGE_BADGE in u.badges:  # under camouflage (Actions 16): a net of leaves
            b.stroke(L_UNIT + 4, theme.CAMOUFLAGE,
                     rounded_rect_points(cx - w / 2, cy - hgt / 2, w, hgt, r * 0.13), 2.0,
                     close=True)
            for fx in (-0.36, -0.12, 0.12, 0.36):
                lx, ly = cx + fx * w, cy + hgt / 2
                b.ellipse(L_UNIT + 4, theme.CAMOUFLAGE_LEAF, lx - r * 0.09, ly - r * 0.06,
                          r * 0.18, r * 0.12)
        if set(u.badges) - {theme.CAMOUFLAGE_BADGE}:
            bx, by = cx + w / 2 - r * 0.08, cy + hgt / 2 - r * 0.08
            b.ellipse(L_UNIT + 4, theme.GOLD, bx - r * 0.13, by - r * 0.13, r * 0.26, r * 0.26)

    def _flash(self, lay: theme.HexLayout) -> None:
        f = self.flash
        assert self.position is not None
        try:
            h = self.position.board.parse(f.hex)
        except ValueError:
            return
        if not f.eliminated and self.position.unit_at(h) is None:
            return  # the unit retreated away: nothing left to mark there
        cx, cy = lay.center(h)
        r = lay.radius
        if f.hits or f.eliminated or not f.flags:  # "-0" beside a flag says nothing
            Color(0.85, 0.1, 0.08, 0.95)
            RoundedRectangle(pos=(cx - r * 0.85, cy + r * 0.36), size=(r * 0.8, r * 0.46),
                             radius=[6])
            draw_text(f"-{f.hits}" if not f.eliminated else "X", cx - r * 0.45, cy + r * 0.59,
                      int(r * 0.38), bold=True)
        if f.flags:
            Color(0.15, 0.3, 0.7, 0.95)
            RoundedRectangle(pos=(cx + r * 0.05, cy + r * 0.36), size=(r * 0.8, r * 0.46), radius=[6])
            draw_text(f"F{f.flags}", cx + r * 0.45, cy + r * 0.59, int(r * 0.34), bold=True)


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
        # from x, y and the size, not center_x/center_y: called on a move, those cached aliases
        # can still hold the old place, and the die was drawn where it had been (16 px above
        # its box once a heading above it wrapped to two lines)
        cx, cy = self.x + self.width / 2, self.y + self.height / 2
        x, y = cx - s / 2, cy - s / 2
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
                    pts += [cx + rr * math.cos(ang), cy + s * 0.08 + rr * math.sin(ang)]
                Color(1, 1, 1, 1)
                Line(points=pts, close=True, width=1.5)
            draw_text(theme.FACE_LABELS.get(self.face, "?"), cx,
                      y + s * (0.18 if self.face == "star" else 0.5), int(s * (0.22 if self.face else 0.5)),
                      bold=True)


class OddsBars(Widget):
    """The odds as a picture: a bar per number of hits, and bars for retreat / eliminate."""

    shrinks_to = dp(84)  # a full panel may draw it this low (PanelColumns)

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
        gap = dp(6)
        bw = (self.width - gap * (n + 1)) / n
        base = self.y + dp(22)
        top = self.height - dp(44)
        with self.canvas:
            Color(0.25, 0.26, 0.24, 1)
            Rectangle(pos=self.pos, size=self.size)
            for i, p in enumerate([*hits, *(p for _, p in extra)]):
                x = self.x + gap + i * (bw + gap)
                is_extra = i >= len(hits)
                Color(*((0.3, 0.45, 0.8, 1) if is_extra else (0.86, 0.3, 0.2, 1)))
                Rectangle(pos=(x, base), size=(bw, max(1.0, top * p)))
                draw_text(f"{round(p * 100)}%", x + bw / 2, base + top * p + dp(10), int(sp(14)))
                label = (extra[i - len(hits)][0] if is_extra else f"{i} hit" if i == 1 else f"{i} hits")
                draw_text(label, x + bw / 2, self.y + dp(10), int(sp(13)), theme.MUTED)


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
                y = self.y + (self.height - d) / 2  # not center_y (see DieIcon._draw)
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
        left, bottom = self.x + dp(40), self.y + dp(28)
        w, h = self.width - dp(56), self.height - dp(40)

        def xy(turn: float, medals: float) -> tuple[float, float]:
            return left + w * turn / last_turn, bottom + h * medals / top

        with self.canvas:
            Color(0.25, 0.26, 0.24, 1)
            Rectangle(pos=self.pos, size=self.size)
            Color(*theme.MUTED)
            Line(points=[left, bottom, left + w, bottom], width=1)
            for m in range(0, top + 1):
                draw_text(str(m), left - dp(16), xy(0, m)[1], int(sp(13)), theme.MUTED)
            for t in range(0, last_turn + 1, max(1, last_turn // 10)):
                draw_text(str(t), xy(t, 0)[0], self.y + dp(12), int(sp(13)), theme.MUTED)
            for side, idx, shift in (("allies", 1, -2.5), ("axis", 2, 2.5)):
                line: list[float] = [*xy(0, 0)]
                prev = 0
                for p in pts:
                    line += [*xy(p[0], prev), *xy(p[0], p[idx])]
                    prev = p[idx]
                line += [*xy(last_turn, prev)]
                Color(*theme.SIDE_LIGHT[side])
                Line(points=[v + shift for v in line], width=dp(2.5))  # side by side where they meet
                draw_text(side.title(), left + dp(40) + (idx - 1) * dp(80),
                          self.y + self.height - dp(14), int(sp(15)), theme.SIDE_LIGHT[side], bold=True)


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


class BoardArea(Layout):
    """The board with its zoom buttons in a strip of their own, so that no button ever covers
    a hex: the strip runs down the right side (the buttons one above the other) or along the
    top (side by side), whichever leaves the whole board drawn bigger; where the board does
    not fill its room the strip costs nothing. Children: a :class:`HexBoard` and the zoom
    buttons' BoxLayout (``bar``)."""

    aspect = NumericProperty(theme.board_aspect(Board.of()))  # the board's width / height
    gutter = NumericProperty(dp(60))  # the strip: a 52 dp button and its margins
    margin = NumericProperty(dp(4))

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._watched: set[int] = set()  # the buttons whose size (shown or hidden) is bound
        for prop in ("aspect", "gutter", "size", "pos"):
            self.fbind(prop, self._trigger_layout)

    def add_widget(self, widget: Any, *a: Any, **kw: Any) -> None:
        super().add_widget(widget, *a, **kw)
        if not isinstance(widget, HexBoard):  # the bar: its buttons show and hide
            widget.fbind("children", self._trigger_layout)

    def strip_on_top(self) -> bool:
        """Whether the buttons' strip runs along the top (else down the right side)."""
        w, h, g, a = self.width, self.height, self.gutter, max(self.aspect, 0.1)
        return bool(min(w, (h - g) * a) > min(w - g, h * a))

    def do_layout(self, *args: Any) -> None:
        board = next((c for c in self.children if isinstance(c, HexBoard)), None)
        bar = next((c for c in self.children if not isinstance(c, HexBoard)), None)
        if board is None or bar is None:
            return
        g, m = self.gutter, self.margin
        for child in bar.children:  # built after the bar was added: bound on first sight
            if id(child) not in self._watched:
                self._watched.add(id(child))
                child.fbind("size", self._trigger_layout)
        shown = [c for c in reversed(bar.children) if c.width > 0 and c.height > 0]
        along = sum(c.width for c in shown) + bar.spacing * max(0, len(shown) - 1)
        top = self.strip_on_top()
        bar.orientation = "horizontal" if top else "vertical"
        bar.size_hint = (None, None)
        if top:
            board.size_hint = (None, None)
            board.size = (self.width, max(0.0, self.height - g))
            board.pos = (self.x, self.y)
            bar.size = (along, g - 2 * m)
            bar.pos = (self.right - m - along, self.top - g + m)
        else:
            board.size_hint = (None, None)
            board.size = (max(0.0, self.width - g), self.height)
            board.pos = (self.x, self.y)
            bar.size = (g - 2 * m, sum(c.height for c in shown)
                        + bar.spacing * max(0, len(shown) - 1))
            bar.pos = (self.right - g + m, self.top - m - bar.height)


class BoardSplit(Layout):
    """The board and the side panel: side by side on a landscape screen, the board above the
    panel on a portrait one. The board gets the room its proportions (``aspect``) can use,
    the panel the rest, never less than ``min_panel`` (wide) or ``min_panel_height`` (tall)."""

    aspect = NumericProperty(theme.board_aspect(Board.of()))
    min_panel = NumericProperty(dp(460))
    max_panel = NumericProperty(dp(760))  # two columns of panel, then the board takes the rest
    min_panel_height = NumericProperty(dp(330))
    gutter = NumericProperty(0)  # room the board's side wants beside the board (BoardArea)
    min_board = NumericProperty(0)  # the least board height a portrait screen gives (if it can)
    readable = NumericProperty(0)  # the board's height at its least readable hexes (26 dp)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.fbind("aspect", self._trigger_layout)
        self.fbind("gutter", self._trigger_layout)
        self.fbind("min_board", self._trigger_layout)
        self.fbind("readable", self._trigger_layout)
        self.fbind("size", self._trigger_layout)
        self.fbind("pos", self._trigger_layout)

    @property
    def portrait(self) -> bool:
        return bool(self.height > self.width * 1.05)

    def do_layout(self, *a: Any) -> None:
        kids = list(reversed(self.children))
        if len(kids) != 2:
            return
        board, panel = kids
        w, h = self.width, self.height
        if self.portrait:
            room = max(0.0, h - max(self.min_panel_height, h * 0.3))
            bh = min(max(w / max(self.aspect, 0.1) + self.gutter, self.min_board), room)
            board.size = (w, bh)
            board.pos = (self.x, self.top - bh)
            panel.size = (w, h - bh)
            panel.pos = (self.x, self.y)
        else:
            natural = h * self.aspect + self.gutter
            least = min(self.min_panel, w * 0.42)  # a small screen keeps a readable board
            pw = max(least, min(self.max_panel, w * 0.62, w - natural))
            if self.readable > h:  # drawn zoomed (a Breakthrough board): more of it in view
                pw = least
            pw = min(pw, w * 0.62)
            board.size = (w - pw, h)
            board.pos = (self.x, self.y)
            panel.size = (pw, h)
            panel.pos = (self.x + w - pw, self.y)


class PanelColumns(Layout):
    """The side panel's contents top to bottom in as many columns as its width holds (one on a
    narrow panel, two on a wide or portrait one): a widget that does not fit under the previous
    one starts the next column (a widget with ``keep_with_next``, a heading, goes with it), and
    so does one with ``starts_column`` while a column is left (what follows it stays together).
    Widgets with a height keep it; stretchy ones (size_hint_y)
    share what is left in their column. When even the last column is full, the panel grows
    (it sits in a ScrollView) instead of letting widgets overlap."""

    padding = VariableListProperty([dp(10), dp(10), dp(10), dp(10)])
    spacing = NumericProperty(dp(6))
    column_width = NumericProperty(dp(340))  # the narrowest a column gets before one fewer
    viewport = NumericProperty(0)  # the height on show (the ScrollView's)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        for prop in ("size", "pos", "padding", "spacing", "column_width", "viewport"):
            self.fbind(prop, self._trigger_layout)

    def add_widget(self, widget: Any, *args: Any, **kw: Any) -> None:
        if widget.size_hint_y is None and getattr(widget, "shrinks_to", None):
            widget.natural_height = widget.height  # its height before any squeeze of ours
        super().add_widget(widget, *args, **kw)
        if hasattr(widget, "minimum_height"):
            widget.fbind("minimum_height", self._trigger_layout)
        for child in getattr(widget, "children", []):  # a ScrollView's content
            child.fbind("height", self._trigger_layout)
        # laid out at once: a tap that comes before the next frame finds the button in place
        self.do_layout()

    def remove_widget(self, widget: Any, *args: Any, **kw: Any) -> None:
        if hasattr(widget, "minimum_height"):
            widget.funbind("minimum_height", self._trigger_layout)
        super().remove_widget(widget, *args, **kw)

    def columns(self) -> int:
        pl, _pt, pr, _pb = self.padding
        inner = self.width - pl - pr
        return max(1, int((inner + self.spacing) // (self.column_width + self.spacing)))

    def _least(self, c: Any, avail: float) -> float:
        """The least height a widget needs."""
        if c.size_hint_y is None:
            return float(getattr(c, "natural_height", None) or c.height)
        if isinstance(c, ScrollView):
            inner = c.children[0].height if c.children else 0.0
            return float(min(inner, max(avail * 0.5, dp(150))))
        return float(getattr(c, "minimum_height", 0.0) or 0.0)

    def do_layout(self, *a: Any) -> None:
        kids = list(reversed(self.children))
        pl, pt, pr, pb = self.padding
        sp = self.spacing
        height = float(self.size[1])
        view = self.viewport or height
        avail = max(1.0, view - pt - pb)
        n = self.columns()
        col_w = (self.width - pl - pr - sp * (n - 1)) / n
        cols: list[list[Any]] = [[]]
        used = [0.0]
        least: dict[int, float] = {}
        for c in kids:
            h = least[id(c)] = self._least(c, avail)
            step = h + (sp if cols[-1] else 0.0)
            if cols[-1] and len(cols) < n and getattr(c, "starts_column", False):
                cols.append([])  # a group kept whole in a column of its own (the dice pad)
                used.append(0.0)
                step = h
            elif cols[-1] and used[-1] + step > avail and len(cols) < n:
                # a heading goes with what it heads, never alone at a column's foot
                carried: list[Any] = []
                while len(cols[-1]) > 1 and getattr(cols[-1][-1], "keep_with_next", False):
                    carried.insert(0, cols[-1].pop())
                    used[-1] -= least[id(carried[0])] + sp
                cols.append(carried)
                used.append(sum(least[id(k)] for k in carried) + sp * len(carried))
                step = h
            cols[-1].append(c)
            used[-1] += step

        def firm(c: Any) -> float:  # what must show: a stretchy box (the log) may be cut short
            if c.size_hint_y is not None and not isinstance(c, ScrollView):
                return 0.0
            return least[id(c)]

        fixed = [sum(firm(c) for c in col) + sp * max(0, len(col) - 1) for col in cols]
        for i, col in enumerate(cols):  # too tall: a picture that may shrink (the odds) does
            over = fixed[i] - avail
            for c in col:
                shrink = getattr(c, "shrinks_to", None)
                if over > 0 and shrink and c.size_hint_y is None:
                    cut = min(over, least[id(c)] - shrink)
                    if cut > 0:
                        least[id(c)] -= cut
                        fixed[i] -= cut
                        over -= cut
        total = max(view, max(fixed) + pt + pb)
        if self.size_hint_y is None and abs(height - total) > 0.5:
            self.height = total  # the ScrollView moves us; the children follow at once below
        for i, col in enumerate(cols):
            x = self.x + pl + i * (col_w + sp)
            spare = max(0.0, total - pt - pb - fixed[i])
            size: dict[int, float] = {id(c): firm(c) for c in col}
            for c in col:  # stretchy widgets get their least height first, in order
                if c.size_hint_y is not None:
                    extra = min(spare, least[id(c)] - size[id(c)])
                    size[id(c)] += extra
                    spare -= extra
            weights = sum(c.size_hint_y for c in col if c.size_hint_y is not None) or 1.0
            y = self.top - pt
            for c in col:
                h = size[id(c)]
                if c.size_hint_y is not None:
                    h += spare * c.size_hint_y / weights
                c.size = (col_w, h)
                c.pos = (x, y - h)
                y -= h + sp
                if c.size_hint_y is not None and least[id(c)] > h + 0.5:
                    self._clip(c)
        Clock.schedule_once(lambda dt: [self._clip(c) for c in kids if c.size_hint_y is not None
                                        and hasattr(c, "minimum_height")], 0)

    @staticmethod
    def _clip(box: Any) -> None:
        """A stretchy box (the log) cut short: its lines that no longer fit in it (the first,
        oldest ones: a box lays its lines out from the bottom) are hidden, not drawn over the
        widgets above it."""
        if not hasattr(box, "do_layout") or isinstance(box, ScrollView):
            return
        box.do_layout()
        for w in box.children:
            w.opacity = 1 if (w.top <= box.top + 1 and w.y >= box.y - 1) else 0


class PanelScroll(ScrollView):
    """The side panel's ScrollView: a tap on a button in it counts at once. Kivy's ScrollView
    replays a tap that did not scroll with the release 0.2 s later (to show the press), so a
    button pressed in a scrolling panel acted late and a quick next tap could beat it."""

    def on_scroll_stop(self, touch: Any, check_children: bool = True) -> Any:
        uid = self._get_uid()
        click = uid in touch.ud and touch.ud[uid].get("mode") == "unknown"
        result = super().on_scroll_stop(touch, check_children)
        if click and not touch.ud.get(self._get_uid("svavoid")):
            touch.ud[uid + "-released"] = True
            super()._do_touch_up(touch)
        return result

    def _do_touch_up(self, touch: Any, *largs: Any) -> None:
        if touch.ud.pop(self._get_uid() + "-released", False):
            return  # released already, in on_scroll_stop
        super()._do_touch_up(touch, *largs)


class FitLabel(Label):
    """A label that shrinks its font, from ``max_font`` down to ``min_font``, until its wrapped
    text fits its height (the prompt bar: a long prompt on a narrow portrait tablet took three
    lines and ran out of the bar)."""

    max_font = NumericProperty(sp(26))
    min_font = NumericProperty(sp(14))

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._fit_soon = Clock.create_trigger(self.fit)
        self.bind(text=self._fit_soon, size=self._fit_soon, max_font=self._fit_soon)

    def needed_height(self, font_size: float | None = None) -> float:
        """The height the text takes wrapped at this width (the label's own texture cannot
        say: its text box is as high as the label, and what is beyond is cut off)."""
        core = CoreLabel(text=self.text, font_size=font_size or self.font_size, bold=self.bold,
                         font_name=self.font_name, text_size=(max(1.0, self.width), None))
        core.refresh()
        return float(core.texture.size[1]) if core.texture is not None else 0.0

    def fit(self, *_: Any) -> None:
        size = float(self.max_font)
        while size > self.min_font and self.needed_height(size) > self.height:
            size = max(float(self.min_font), size * 0.9)
        self.font_size = size
