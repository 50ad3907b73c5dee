"""Colours and hex geometry for the board: no Kivy here, so it is testable anywhere."""

from __future__ import annotations

import math

from companion.rules.board import Board, Hex

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

UNIT_LABELS: dict[str, str] = {
    "infantry": "INF", "armor": "TANK", "artillery": "GUN", "special_forces": "SF",
    "elite_armor": "ELITE", "french_resistance": "RES", "anti_tank": "AT", "armored_car": "CAR",
    "airplane": "AIR", "fighter": "FTR", "fighter_bomber": "F-B", "bomber": "BMB",
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


class HexLayout:
    """Pixel positions of a board's hexes in a box (pointy-top hexes, row 0 at the top)."""

    def __init__(self, board: Board, x: float, y: float, width: float, height: float) -> None:
        self.board = board
        cols = board.max_col + 2  # doubled-width columns plus the half hex of odd rows
        self.radius = min(width / (cols / 2 * math.sqrt(3)), height / (1.5 * board.height + 0.5))
        self.hex_w = math.sqrt(3) * self.radius
        total_w = cols / 2 * self.hex_w
        total_h = (1.5 * board.height + 0.5) * self.radius
        self.x0 = x + (width - total_w) / 2
        self.top = y + height - (height - total_h) / 2
        self.bottom = self.top - total_h
        self.left = self.x0
        self.right = self.x0 + total_w

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

    def hex_at(self, px: float, py: float) -> Hex | None:
        """The hex under a point, or None off the board."""
        best: tuple[float, Hex] | None = None
        for h in self.board.hexes():
            cx, cy = self.center(h)
            d = (px - cx) ** 2 + (py - cy) ** 2
            if best is None or d < best[0]:
                best = (d, h)
        if best is None or best[0] > self.radius ** 2:
            return None
        return best[1]
