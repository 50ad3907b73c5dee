"""The board's shapes gathered into a few meshes (companion/ui/batch.py), without a window: the
meshes come out layer by layer, one per layer and colour, and every stroke and shape covers
what Kivy's own instruction would, with no triangle over another (a see-through colour must
not darken where triangles overlap)."""

from __future__ import annotations

import math

import pytest

from companion.ui.batch import MAX_VERTICES, ShapeBatch, fitted_size, text_width

RED = (1.0, 0.0, 0.0, 1.0)
BLUE = (0.0, 0.0, 1.0, 0.5)


def triangles(verts: list[float], idx: list[int]) -> list[tuple[tuple[float, float], ...]]:
    pts = [(verts[i], verts[i + 1]) for i in range(0, len(verts), 4)]
    return [(pts[idx[i]], pts[idx[i + 1]], pts[idx[i + 2]]) for i in range(0, len(idx), 3)]


def area(tri: tuple[tuple[float, float], ...]) -> float:
    (ax, ay), (bx, by), (cx, cy) = tri
    return abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay)) / 2


def covered(tris: list[tuple[tuple[float, float], ...]], x: float, y: float) -> int:
    """How many of the triangles hold the point (x, y)."""
    n = 0
    for (ax, ay), (bx, by), (cx, cy) in tris:
        d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by)
        d2 = (x - cx) * (by - cy) - (bx - cx) * (y - cy)
        d3 = (x - ax) * (cy - ay) - (cx - ax) * (y - ay)
        if not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0)):
            n += 1
    return n


def only_mesh(b: ShapeBatch) -> tuple[list[float], list[int]]:
    meshes = list(b.meshes())
    assert len(meshes) == 1
    return meshes[0][4], meshes[0][5]


def test_meshes_come_layer_by_layer_one_per_layer_and_colour() -> None:
    b = ShapeBatch()
    b.fan(30, RED, [(0, 0), (1, 0), (1, 1)])
    b.fan(10, BLUE, [(0, 0), (1, 0), (1, 1)])
    b.fan(30, RED, [(5, 5), (6, 5), (6, 6)])  # the same layer and colour: the same mesh
    b.thin(20, RED, [(0, 0), (9, 9)])
    b.fan(10, RED, [(2, 2), (3, 2), (3, 3)])
    got = [(layer, rgba, mode, len(idx)) for layer, rgba, mode, _t, _v, idx in b.meshes()]
    assert [g[0] for g in got] == [10, 10, 20, 30]
    assert (30, RED, "triangles", 6) in got  # two triangles in one mesh
    assert (20, RED, "lines", 2) in got


def test_a_thick_line_is_a_strip_with_round_caps_and_no_overlap() -> None:
    b = ShapeBatch()
    width = 4.0  # Kivy's width: half the thickness
    b.stroke(0, BLUE, [(10, 10), (110, 10)], width)
    tris = triangles(*only_mesh(b))
    total = sum(area(t) for t in tris)
    # 100 long, 8 thick, a half disc each end (drawn with straight pieces: a little less)
    expected = 100 * 2 * width + math.pi * width ** 2
    assert expected * 0.97 < total <= expected + 1e-6
    for x, y in ((10, 10), (60, 13.9), (60, 6.1), (109.9, 10), (7, 10), (113, 10)):
        assert covered(tris, x, y) >= 1, (x, y)
    for x, y in ((60, 14.5), (60, 5.5), (115, 10), (5, 10)):
        assert covered(tris, x, y) == 0, (x, y)


def test_a_bent_line_turns_without_overlap() -> None:
    b = ShapeBatch()
    b.stroke(0, BLUE, [(0, 0), (50, 0), (50, 50), (0, 50)], 3.0, cap=False)
    tris = triangles(*only_mesh(b))
    # every point of the strip is covered once: the sum of the triangles is the strip's area
    assert sum(area(t) for t in tris) == pytest.approx(3 * 50 * 6, rel=1e-6)
    assert all(covered(tris, x, y) == 1 for x, y in ((25, 2), (48, 25), (52.5, 51.5), (25, 48.5)))


def test_a_ring_covers_the_band_between_two_ellipses() -> None:
    b = ShapeBatch()
    radius, width = 40.0, 2.5
    b.ring(0, BLUE, 100, 100, radius, radius, width)
    tris = triangles(*only_mesh(b))
    band = math.pi * ((radius + width) ** 2 - (radius - width) ** 2)
    assert sum(area(t) for t in tris) == pytest.approx(band, rel=0.03)
    for ang in range(0, 360, 15):  # between the vertices, off the triangles' shared edges
        c, s = math.cos(math.radians(ang + 1.7)), math.sin(math.radians(ang + 1.7))
        assert covered(tris, 100 + radius * c, 100 + radius * s) == 1, ang
        assert covered(tris, 100 + (radius - 4) * c, 100 + (radius - 4) * s) == 0, ang


def test_filled_shapes_have_their_area() -> None:
    b = ShapeBatch()
    b.ellipse(0, RED, 0, 0, 60, 30)  # as Ellipse(pos=(0, 0), size=(60, 30))
    b.rect(1, RED, 0, 0, 10, 20)
    b.rounded_rect(2, RED, 0, 0, 40, 30, 6)
    hexagon = [(math.cos(math.radians(90 + 60 * i)) * 10, math.sin(math.radians(90 + 60 * i)) * 10)
               for i in range(6)]
    b.fan(3, RED, hexagon)
    areas = {layer: sum(area(t) for t in triangles(v, i)) for layer, _c, _m, _t, v, i in b.meshes()}
    assert areas[0] == pytest.approx(math.pi * 30 * 15, rel=0.01)
    assert areas[1] == pytest.approx(200)
    assert areas[2] == pytest.approx(40 * 30 - (4 - math.pi) * 36, rel=0.01)
    assert areas[3] == pytest.approx(3 * math.sqrt(3) / 2 * 100)


def test_a_mesh_never_outgrows_16_bit_indices() -> None:
    b = ShapeBatch()
    for i in range(MAX_VERTICES // 6 + 50):
        b.fan(0, RED, [(i, 0), (i + 1, 0), (i + 1, 1), (i, 1), (i, 2), (i - 1, 1)])
    meshes = list(b.meshes())
    assert len(meshes) == 2
    for _l, _c, _m, _t, verts, idx in meshes:
        assert max(idx) < len(verts) // 4 <= MAX_VERTICES
    assert sum(len(m[5]) for m in meshes) == (MAX_VERTICES // 6 + 50) * 12


def test_a_word_on_a_hex_gets_the_biggest_size_that_fits_or_none() -> None:
    # "mountain" at 9 px ran over its neighbours on a portrait Overlord board (hexes 23 px)
    assert text_width("mountain", 20) > text_width("mountain", 9) > 0
    room = text_width("mountain", 12) + 0.5
    got = fitted_size("mountain", 20, room)
    assert 12 <= got < 20 and text_width("mountain", got) <= room < text_width("mountain", got + 1)
    assert fitted_size("HQ", 20, room) == 20
    assert fitted_size("mountain", 20, text_width("mountain", 9) - 1, 9) == 0
