"""Colours and hex geometry for the board: no Kivy here, so it is testable anywhere."""

from __future__ import annotations

import math

from companion.rules.board import Board, Hex
from companion.rules.camouflage import CAMOUFLAGE_BADGE as CAMOUFLAGED
from companion.rules.terrain import TERRAIN

RGBA = tuple[float, float, float, float]

BACKGROUND: RGBA = (0.13, 0.14, 0.13, 1)
PANEL: RGBA = (0.19, 0.2, 0.19, 1)
TEXT: RGBA = (0.96, 0.95, 0.9, 1)
MUTED: RGBA = (0.72, 0.72, 0.66, 1)
WARN: RGBA = (1.0, 0.7, 0.3, 1)
GOLD: RGBA = (0.96, 0.77, 0.2, 1)

SIDE_COLOURS: dict[str, RGBA] = {
    "allies": (0.31, 0.5, 0.22, 1),  # olive green, like the Allied figures
    "axis": (0.36, 0.42, 0.55, 1),  # field grey-blue, like the Axis figures
}
SIDE_LIGHT: dict[str, RGBA] = {
    "allies": (0.62, 0.82, 0.46, 1),
    "axis": (0.66, 0.74, 0.92, 1),
}

FACE_COLOURS: dict[str, RGBA] = {
    "countryside": (0.78, 0.84, 0.6, 1),
    "winter": (0.9, 0.93, 0.95, 1),
    "desert": (0.9, 0.8, 0.56, 1),
    "beach": (0.78, 0.84, 0.6, 1),
}

# Base terrain fill (the shapes on top are drawn by the board widget).
TERRAIN_FILL: dict[str, RGBA] = {
    "ocean": (0.27, 0.49, 0.74, 1),
    "beach": (0.93, 0.85, 0.6, 1),
    "river": (0.78, 0.84, 0.6, 1),
    "marsh": (0.6, 0.68, 0.5, 1),
    "forest": (0.6, 0.74, 0.45, 1),
    "hill": (0.8, 0.74, 0.52, 1),
    "town": (0.84, 0.8, 0.7, 1),
    "airfield": (0.7, 0.72, 0.66, 1),
}

HIGHLIGHT: dict[str, RGBA] = {
    "choice": (1.0, 0.86, 0.2, 1),  # tap me
    "reach": (1.0, 1.0, 1.0, 1),  # a move may end here
    "target": (0.95, 0.2, 0.15, 1),  # an enemy the selected unit may battle
    "selected": (1.0, 1.0, 1.0, 1),
    "picked": (0.2, 0.9, 1.0, 1),  # ordered (picked) units
    "battle": (1.0, 0.55, 0.1, 1),  # the battle under way
    "entry": (0.35, 0.7, 1.0, 1),  # where an air unit may enter (Air Sortie, deployment)
}

# a unit under camouflage (Actions 16; the badge companion.rules.camouflage gives it): an olive
# rim and leaves along the top of its counter
CAMOUFLAGE_BADGE = CAMOUFLAGED
CAMOUFLAGE: RGBA = (0.55, 0.45, 0.2, 1)  # khaki, not either side's colour
CAMOUFLAGE_LEAF: RGBA = (0.27, 0.4, 0.12, 1)

UNIT_LABELS: dict[str, str] = {
    "infantry": "INF", "armor": "TANK", "artillery": "GUN", "special_forces": "SF",
    "elite_armor": "ELITE", "french_resistance": "RES", "anti_tank": "AT", "armored_car": "CAR",
    "airplane": "AIR", "fighter": "FTR", "fighter_bomber": "F-B", "bomber": "BMB",
    "locomotive": "LOCO", "wagon": "WAGON",
}

FACE_LABELS: dict[str, str] = {
    "infantry": "INF", "armor": "TANK", "grenade": "GREN", "star": "STAR", "flag": "FLAG",
}
PATH: RGBA = (0.1, 0.75, 1.0, 0.95)  # an air unit's flight path being built
AMMO_COLOURS: dict[str, RGBA] = {"machine_gun": (0.95, 0.75, 0.15, 1), "bomb": (0.85, 0.2, 0.1, 1)}
AMMO_LABELS: dict[str, str] = {"machine_gun": "MG", "bomb": "B"}
DIE_COLOURS: dict[str, RGBA] = {
    "infantry": (0.3, 0.5, 0.25, 1), "armor": (0.35, 0.4, 0.5, 1),
    "grenade": (0.75, 0.2, 0.15, 1), "star": (0.85, 0.65, 0.1, 1),
    "flag": (0.2, 0.35, 0.7, 1),
}


def family(terrain: str) -> str:
    """The piece a terrain variant is drawn like."""
    from companion.scenarios.render import SYMBOL_FAMILY

    return SYMBOL_FAMILY.get(terrain, terrain)


# Terrain the board has no picture of its own for: the pictures it is drawn with, and the word
# written on the hex so that the players see what the game thinks is there (a factory is a town
# to the eye, and plays as its own card).
DRAWN_LIKE: dict[str, tuple[str, ...]] = {
    "mountain": ("hill",), "impassable_hill": ("hill",), "impassable_blocking_hill": ("hill",),
    "steep_hill": ("hill",), "ridge": ("hill",), "escarpment": ("hill",), "cliff": ("hill",),
    "sea_bluff": ("hill",), "cave": ("hill",), "mountain_cave": ("hill",),
    "hill_forest": ("hill", "forest"), "hill_village": ("hill", "town"),
    "fortress": ("town",), "barracks": ("town",), "cemetery": ("town",), "factory": ("town",),
    "lighthouse": ("town",), "power_plant": ("town",), "supply_depot": ("town",),
    "prison_camp": ("town",), "radar_station": ("town",), "headquarters": ("town",),
    "hospital": ("town",), "ruins": ("town",), "dam": ("town",),
    "town_headquarters": ("town",), "headquarters_recovery": ("town",),
    "impassable_forest": ("forest",), "impassable_town": ("town",),
    "rice_paddies": ("marsh",), "oasis": ("forest",), "oasis_recovery": ("forest",),
    "coast": ("beach",), "aircraft_carrier": ("airfield",),
}
TERRAIN_WORDS: dict[str, str] = {
    "mountain": "mountain", "impassable_hill": "impassable", "impassable_blocking_hill":
    "impassable", "steep_hill": "steep hill", "ridge": "ridge", "escarpment": "escarpment",
    "cliff": "cliff", "sea_bluff": "bluff", "cave": "cave", "mountain_cave": "cave",
    "fortress": "fortress", "barracks": "barracks", "cemetery": "cemetery", "factory": "factory",
    "lighthouse": "lighthouse", "power_plant": "power plant", "supply_depot": "depot",
    "prison_camp": "camp", "radar_station": "radar", "headquarters": "HQ", "hospital": "hospital",
    "ruins": "ruins", "dam": "dam", "rice_paddies": "paddies", "oasis": "oasis",
    "oasis_recovery": "oasis", "coast": "coast", "aircraft_carrier": "carrier",
    "trenches": "trenches", "sea_wall": "sea wall", "pier": "pier", "ravine": "ravine",
    "fordable_stream": "fordable", "town_headquarters": "HQ", "headquarters_recovery": "HQ oasis",
    "impassable_forest": "impassable", "impassable_town": "impassable",
    "smoke_screen": "smoke", "navigable_river": "boat ford",
}


def families(terrain: str) -> tuple[str, ...]:
    """The pictures a piece of terrain is drawn with."""
    return DRAWN_LIKE.get(terrain) or (family(terrain),)


def board_aspect(board: Board) -> float:
    """Width over height of a board drawn with pointy-top hexes (its natural proportions)."""
    cols = board.max_col + 2
    return (cols / 2 * math.sqrt(3)) / (1.5 * board.height + 0.5)


# The layouts are designed for 1280x800 dp (landscape) and 800x1280 dp (portrait); a desktop
# window much larger than that is drawn at a higher density so that it looks like a tablet
# of that size, not like a phone's picture in a corner (Android gives its own density).
DESIGN_SIZE = (1280, 800)


def desktop_density(width: int, height: int) -> float:
    """The dp-to-pixel factor for a desktop window of ``width`` x ``height`` pixels: 1 up to
    the design size, then in steps of 0.25 as the window grows (2 at 2560x1600)."""
    long_side, short_side = max(width, height), min(width, height)
    scale = min(long_side / DESIGN_SIZE[0], short_side / DESIGN_SIZE[1])
    return max(1.0, min(4.0, math.floor(scale * 4 + 1e-6) / 4))


class HexLayout:
    """Pixel positions of a board's hexes in a box (pointy-top hexes, row 0 at the top).

    ``zoom`` 1 fits the whole board in the box; above 1 the board is larger than the box and
    ``pan`` (pixels) moves it, kept so that the board always covers the box where it can.
    """

    def __init__(self, board: Board, x: float, y: float, width: float, height: float,
                 zoom: float = 1.0, pan: tuple[float, float] = (0.0, 0.0)) -> None:
        self.board = board
        self.box = (x, y, width, height)
        cols = board.max_col + 2  # doubled-width columns plus the half hex of odd rows
        self.fit_radius = min(width / (cols / 2 * math.sqrt(3)), height / (1.5 * board.height + 0.5))
        self.zoom = max(1.0, zoom)
        self.radius = self.fit_radius * self.zoom
        self.hex_w = math.sqrt(3) * self.radius
        total_w = cols / 2 * self.hex_w
        total_h = (1.5 * board.height + 0.5) * self.radius
        px, py = self.clamp_pan(pan, total_w, total_h)
        self.pan = (px, py)
        self.x0 = x + (width - total_w) / 2 + px
        self.top = y + height - (height - total_h) / 2 + py
        self.bottom = self.top - total_h
        self.left = self.x0
        self.right = self.x0 + total_w

    def clamp_pan(self, pan: tuple[float, float], total_w: float, total_h: float
                  ) -> tuple[float, float]:
        """A pan that keeps the board over the box (no pan along a side the board fits)."""
        _x, _y, width, height = self.box
        mx = max(0.0, (total_w - width) / 2)
        my = max(0.0, (total_h - height) / 2)
        return (max(-mx, min(mx, pan[0])), max(-my, min(my, pan[1])))

    def pan_to_show(self, px: float, py: float, wx: float, wy: float) -> tuple[float, float]:
        """The pan that puts the board point now at (px, py) at window point (wx, wy)."""
        return (self.pan[0] + wx - px, self.pan[1] + wy - py)

    def center(self, h: Hex) -> tuple[float, float]:
        return (self.x0 + (h.col + 1) * self.hex_w / 2,
                self.top - self.radius - h.row * 1.5 * self.radius)

    def corners(self, h: Hex, shrink: float = 0.0) -> list[tuple[float, float]]:
        cx, cy = self.center(h)
        r = self.radius - shrink
        return [(cx + r * math.cos(math.radians(90 + 60 * i)),
                 cy + r * math.sin(math.radians(90 + 60 * i))) for i in range(6)]

    def column_x(self, col: int) -> float:
        return self.x0 + (col + 1) * self.hex_w / 2

    def visible(self, h: Hex) -> bool:
        """Whether any part of the hex is inside the box (hexes outside are not drawn)."""
        x, y, width, height = self.box
        cx, cy = self.center(h)
        r = self.radius
        return x - r <= cx <= x + width + r and y - r <= cy <= y + height + r

    def hex_at(self, px: float, py: float) -> Hex | None:
        """The hex under a point, or None off the board (or outside the box when zoomed)."""
        x, y, width, height = self.box
        if not (x <= px <= x + width and y <= py <= y + height):
            return None
        # the row and column nearest the point, then the best of the few candidates around it
        row = round((self.top - self.radius - py) / (1.5 * self.radius))
        col = round((px - self.x0) / (self.hex_w / 2) - 1)
        best: tuple[float, Hex] | None = None
        for r in range(row - 1, row + 2):
            for c in range(col - 2, col + 3):
                h = Hex(c, r)
                if not self.board.contains(h):
                    continue
                cx, cy = self.center(h)
                d = (px - cx) ** 2 + (py - cy) ** 2
                if best is None or d < best[0]:
                    best = (d, h)
        if best is None or best[0] > self.radius ** 2:
            return None
        return best[1]

    def pan_for_zoom(self, zoom: float, wx: float, wy: float) -> tuple[float, float]:
        """The pan that keeps the board point under window point (wx, wy) in place when the
        zoom changes to ``zoom`` (a pinch or the wheel zooms about the fingers / pointer)."""
        u = (wx - self.x0) / self.radius
        v = (self.top - wy) / self.radius
        r2 = self.fit_radius * max(1.0, zoom)
        cols = self.board.max_col + 2
        tw = cols / 2 * math.sqrt(3) * r2
        th = (1.5 * self.board.height + 0.5) * r2
        x, y, width, height = self.box
        return (wx - u * r2 - x - (width - tw) / 2, wy + v * r2 - (y + height - (height - th) / 2))


# --- roads, rails and rivers: lines from hex centre to the neighbours that continue them -------
WATER_LINES = frozenset({"river", "frozen_river", "frozen_canal", "wadi", "curved_wadi",
                         "fordable_stream", "ravine", "navigable_river"})  # a line
WATER_BODIES = frozenset({"lake", "pond", "ocean"})  # drawn as water filling the hex
ROADS = frozenset({"road", "hill_road", "roadblock"})
RAILS = frozenset({"railway", "railway_station"})
BRIDGES = frozenset({"bridge", "bridge_section", "pontoon_bridge", "railroad_bridge", "ford",
                     "blowable_bridge"})

# The neighbour steps of the rules core (doubled columns), as directions 0..5:
# east, north-east, north-west, west, south-west, south-east (row 0 is the top).
STEPS: tuple[tuple[int, int], ...] = ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1))


def _members(by_hex: dict[str, list[str]], board: Board) -> dict[str, set[Hex]]:
    out: dict[str, set[Hex]] = {"river": set(), "road": set(), "rail": set(), "body": set()}
    for name, types in by_hex.items():
        try:
            h = board.parse(name)
        except ValueError:
            continue
        kinds = set(types)
        # a bridge section on dry land (the span of Arnhem Bridge beyond the river) carries
        # the road, not the river
        dry_span = "bridge_section" in kinds and not kinds & (WATER_LINES | WATER_BODIES)
        if kinds & WATER_LINES or (kinds & BRIDGES and not dry_span):
            out["river"].add(h)
        if kinds & ROADS or kinds & {"bridge", "bridge_section", "pontoon_bridge", "blowable_bridge"}:
            out["road"].add(h)
        if kinds & RAILS or "railroad_bridge" in kinds:
            out["rail"].add(h)
        if kinds & WATER_BODIES:
            out["body"].add(h)
    return out


def _untangled(adj: dict[Hex, set[Hex]]) -> dict[Hex, set[Hex]]:
    """Three pieces touching each other would draw a triangle: one of its sides goes (the
    one between the two busiest hexes; between equals, the one along a row), making a fork
    or a bend as the printed tiles do."""
    for a in sorted(adj):
        for b in sorted(adj[a]):
            if b <= a:
                continue
            for c in sorted(adj[a] & adj[b]):
                if c <= b or b not in adj[a] or c not in adj[a] or c not in adj[b]:
                    continue
                sides = [(a, b), (a, c), (b, c)]
                u, v = max(sides, key=lambda e: (len(adj[e[0]]) + len(adj[e[1]]),
                                                  e[0].row == e[1].row))
                adj[u].discard(v)
                adj[v].discard(u)
    return adj


def span_directions(orientation: int) -> list[int]:
    """The directions (0..5) a bridge section at the editor's ``orientation`` opens to: its
    span, the only sides it is entered and left by (card 9b; the rules core's own facing)."""
    spec = TERRAIN["bridge_section"]
    return [d for d in range(6) if not spec.closes(d, orientation)]


def line_links(board: Board, by_hex: dict[str, list[str]],
               orientation: dict[str, int] | None = None,
               spans: dict[str, int] | None = None) -> dict[str, dict[Hex, list[int]]]:
    """For each linear feature ("river", "road", "rail"): hex -> the directions (0..5, see
    :data:`STEPS`) its line leaves by. A line joins every neighbour carrying the same feature
    (a bridge carries both the river and the road); a river with no river beyond it runs into
    a lake or the sea next to it, or off the board at the edge; a piece with no neighbour at
    all lies along its ``orientation`` (1: east-west, each step 60 degrees further). A bridge
    section whose orientation ``spans`` gives (hex name -> orientation) carries its road along
    its span, end to end, whatever lies beside it."""
    members = _members(by_hex, board)
    towns: set[Hex] = set()
    for n, ts in by_hex.items():
        if any("town" in families(t) for t in ts) and n in board.tables.by_name:
            towns.add(board.tables.by_name[n])
    orientation = orientation or {}

    def turn(a: int, b: int) -> int:  # 0 (same way) .. 3 (opposite)
        d = (a - b) % 6
        return min(d, 6 - d)

    out: dict[str, dict[Hex, list[int]]] = {}
    for kind in ("river", "road", "rail"):
        mine = members[kind]
        links: dict[Hex, list[int]] = {}
        joined = _untangled({h: {n for n in board.neighbours(h) if n in mine} for h in mine})
        for h in mine:
            near = {d: Hex(h.col + dc, h.row + dr) for d, (dc, dr) in enumerate(STEPS)}
            dirs = [d for d, n in near.items() if n in joined[h]]
            off = [d for d, n in near.items() if not board.contains(n)]
            ends = members["body"] if kind == "river" else towns  # where a line may run into
            if len(dirs) < 2:
                into = [d for d, n in near.items() if n in ends and d not in dirs]
                if into:
                    dirs.append(max(into, key=lambda d: turn(d, dirs[0]) if dirs else 0))
                elif len(dirs) == 1 and off:  # it goes on off the board: most opposite side
                    dirs.append(max(off, key=lambda d: turn(d, dirs[0])))
            span = (spans or {}).get(board.name(h)) if kind == "road" else None
            if span is not None:
                dirs = span_directions(span)
            if not dirs:
                if kind == "road" and not set(by_hex.get(board.name(h), ())) & ROADS:
                    continue  # a bridge alone: its deck is drawn across the river
                axis = ((orientation.get(board.name(h)) or 1) - 1) % 3
                dirs = [axis, axis + 3]
            links[h] = sorted(set(dirs))
        out[kind] = links
    return out


LAKE: RGBA = (0.33, 0.56, 0.8, 1)
RIVER: RGBA = (0.3, 0.55, 0.85, 1)
RIVER_BANK: RGBA = (0.2, 0.36, 0.55, 1)
ROAD: RGBA = (0.86, 0.78, 0.6, 1)
ROAD_EDGE: RGBA = (0.5, 0.42, 0.3, 1)
RAIL: RGBA = (0.2, 0.18, 0.16, 1)
BRIDGE: RGBA = (0.62, 0.45, 0.26, 1)
BRIDGE_EDGE: RGBA = (0.3, 0.2, 0.1, 1)
OBSTACLES = frozenset({"bunker", "sandbags", "barbed_wire", "hedgehogs", "minefield"})


def hex_label_colour(fill: RGBA) -> RGBA:
    """Dark hex names on a light hex, light ones on water (readable on either)."""
    light = 0.3 * fill[0] + 0.59 * fill[1] + 0.11 * fill[2]
    return (0.12, 0.13, 0.1, 0.85) if light > 0.5 else (0.92, 0.95, 1.0, 0.9)
