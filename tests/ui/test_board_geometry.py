"""The board's geometry without a window: hit testing when zoomed and panned, how rivers,
roads and rails join, the density of a desktop window (companion/ui/theme.py)."""

from __future__ import annotations

import math

import pytest

from companion.rules.board import Board, BoardKind, Hex
from companion.scenarios import load_builtin
from companion.ui import theme


@pytest.mark.parametrize("kind", list(BoardKind))
@pytest.mark.parametrize(("zoom", "pan"), [(1.0, (0.0, 0.0)), (2.5, (130.0, -40.0)),
                                           (4.0, (-9999.0, 9999.0))])
def test_every_point_of_a_hex_names_that_hex(kind: BoardKind, zoom: float,
                                             pan: tuple[float, float]) -> None:
    board = Board.of(kind)
    lay = theme.HexLayout(board, 20, 30, 900, 600, zoom, pan)
    seen = 0
    for h in board.hexes():
        cx, cy = lay.center(h)
        for ang in range(0, 360, 45):  # the centre and points at 80% of the inner radius
            for frac in (0.0, 0.8):
                x = cx + math.cos(math.radians(ang)) * lay.radius * frac * math.sqrt(3) / 2
                y = cy + math.sin(math.radians(ang)) * lay.radius * frac * math.sqrt(3) / 2
                if 20 <= x <= 920 and 30 <= y <= 630:
                    assert lay.hex_at(x, y) == h, (kind, zoom, board.name(h), ang, frac)
                    seen += 1
    assert seen > 50
    assert lay.hex_at(19, 300) is None and lay.hex_at(500, 631) is None  # outside the box


def test_pan_keeps_the_zoomed_board_over_the_box() -> None:
    board = Board.of(BoardKind.OVERLORD)
    lay = theme.HexLayout(board, 0, 0, 800, 500, 3.0, (1e6, -1e6))
    assert lay.left <= 0 + 1e-6 and lay.right >= 800 - 1e-6
    assert lay.bottom <= 0 + 1e-6 and lay.top >= 500 - 1e-6
    fit = theme.HexLayout(board, 0, 0, 800, 500, 1.0, (300, 300))
    assert fit.pan == (0.0, 0.0)  # a board that fits is centred, never panned


def test_zoom_about_a_point_keeps_the_hex_under_it() -> None:
    board = Board.of(BoardKind.OVERLORD)
    lay = theme.HexLayout(board, 0, 0, 1000, 600)
    h = board.parse("M5")
    x, y = lay.center(h)
    pan = lay.pan_for_zoom(2.0, x, y)
    zoomed = theme.HexLayout(board, 0, 0, 1000, 600, 2.0, pan)
    assert zoomed.hex_at(x, y) == h
    assert zoomed.radius == pytest.approx(2 * lay.radius)


def _links(name: str) -> tuple[Board, dict[str, dict[Hex, list[int]]]]:
    sc = load_builtin(name)
    board = sc.geometry
    by_hex = {n: [p.type for p in ps] for n, ps in sc.terrain_by_hex().items()}
    return board, theme.line_links(board, by_hex, {p.hex: p.orientation for p in sc.terrain
                                                   if p.orientation})


def test_a_river_across_the_board_joins_hex_to_hex_and_runs_off_both_edges() -> None:
    board, links = _links("varenne-bridges")
    river = {board.name(h): dirs for h, dirs in links["river"].items()}
    assert set(river) == {f"{c}5" for c in "ABCDEFGHIJKLM"}
    assert all(dirs == [0, 3] for dirs in river.values())  # east and west, bridges included


def test_three_road_pieces_touching_each_other_make_a_fork_not_a_triangle() -> None:
    board = Board.of()
    a, b, c = board.parse("D3"), board.parse("E3"), board.parse("d2")
    assert b in board.neighbours(a) and c in board.neighbours(a) and c in board.neighbours(b)
    links = theme.line_links(board, {"D3": ["road"], "E3": ["road"], "d2": ["road"]})["road"]
    edges = {(h, theme.STEPS[d]) for h, dirs in links.items() for d in dirs}
    joined = {frozenset((h, Hex(h.col + dc, h.row + dr))) for h, (dc, dr) in edges
              if Hex(h.col + dc, h.row + dr) in links}
    assert len(joined) == 2  # two sides of the triangle are kept
    assert frozenset((a, b)) not in joined  # the side along the row goes


def test_a_river_ends_in_the_lake_beside_it() -> None:
    board = Board.of()
    # a river from the left edge to a lake three hexes in
    by_hex = {"A5": ["river"], "B5": ["river"], "C5": ["lake"]}
    links = theme.line_links(board, by_hex)["river"]
    b5 = board.parse("B5")
    assert Hex(b5.col + 2, b5.row) == board.parse("C5")
    assert links[b5] == [0, 3]  # into the lake (east) and on to A5 (west)
    assert links[board.parse("A5")] == [0, 3]  # and off the board's west edge
    assert board.parse("C5") not in links  # the lake itself is water, not a line


def test_arnhem_bridge_is_drawn_as_one_span_over_the_rhine_not_as_river() -> None:
    """25 Arnhem Bridge (a real editor file): three bridge sections at orientation 2 from h6,
    over the Rhine, to g4 on dry land. The river runs on past h6 and does not turn down the
    dry sections; the sections' road runs along their span, I7 to G3 (card 9b)."""
    from pathlib import Path

    from companion.scenarios import load

    sc = load(Path(__file__).resolve().parents[1] / "scenarios" / "data" / "real" / "bga-memoir"
              / "25-ArnhemBridge.m44")
    board = sc.geometry
    by_hex = {n: [p.type for p in ps] for n, ps in sc.terrain_by_hex().items()}
    spans = {p.hex: p.orientation for p in sc.terrain if p.orientation and p.type == "bridge_section"}
    assert set(spans) == {"h6", "H5", "g4"}
    links = theme.line_links(board, by_hex, {p.hex: p.orientation for p in sc.terrain
                                            if p.orientation}, spans)
    river = {board.name(h) for h in links["river"]}
    assert "h6" in river and not {"H5", "g4"} & river
    road = {board.name(h): dirs for h, dirs in links["road"].items()}
    ne_sw = theme.span_directions(2)
    assert ne_sw == [1, 4]  # north-east and south-west
    assert road == {"h6": ne_sw, "H5": ne_sw, "g4": ne_sw}


def test_desktop_density_makes_a_big_window_look_like_a_tablet() -> None:
    assert theme.desktop_density(1024, 600) == 1.0
    assert theme.desktop_density(1280, 800) == 1.0
    assert theme.desktop_density(1920, 1200) == 1.5
    assert theme.desktop_density(2560, 1600) == 2.0
    assert theme.desktop_density(800, 1280) == 1.0
    assert theme.desktop_density(1200, 1920) == 1.5


# the pictures the board widget draws (companion/ui/widgets.py: _terrain_shapes, _obstacles,
# the lines) and the families they stand for
PICTURED = frozenset({"forest", "hill", "town", "hedgerow", "marsh", "airfield", "ocean", "beach",
                      "bunker", "sandbags", "barbed_wire", "hedgehogs", "minefield"})


def test_every_terrain_type_is_drawn_with_a_picture_or_a_word() -> None:
    """No piece of the rules' terrain shows as bare countryside: each is a picture of its own,
    a line (rivers, roads, rails, bridges), or drawn like another piece with its name written
    on the hex (a factory looks like a town and says "factory")."""
    from companion.rules.terrain import TERRAIN

    lines = theme.WATER_LINES | theme.WATER_BODIES | theme.ROADS | theme.RAILS | theme.BRIDGES
    bare = []
    for t in TERRAIN:
        if t == "countryside" or t in lines:
            continue
        pictured = set(theme.families(t)) & PICTURED
        if not pictured and t not in theme.TERRAIN_WORDS:
            bare.append(t)
        if t in theme.DRAWN_LIKE:  # a stand-in picture says what it stands for
            assert t in theme.TERRAIN_WORDS or theme.DRAWN_LIKE[t] in (("hill", "forest"),
                                                                       ("hill", "town")), t
    assert bare == []
    assert theme.families("hill_village") == ("hill", "town")
    assert theme.families("woods") == ("forest",)


def test_the_board_draws_the_terrain_play_left_a_blown_bridge_gone_a_smoke_screen_laid() -> None:
    """``widgets.live_terrain``: what the board draws is the position's terrain, with the
    scenario's facings. Varenne's bridge on D5 blown (bridge_blow_rolled removes it), smoke
    laid on F3: the river runs on through D5 with no deck, F3 carries the smoke."""
    from companion.scenarios.model import to_position
    from companion.ui.widgets import live_terrain

    sc = load_builtin("varenne-bridges")
    pos = to_position(sc)
    board = pos.board
    before = live_terrain(sc, pos)
    assert {p.type for p in before["D5"]} == {"river", "bridge"}
    pos.remove_terrain(board.parse("D5"), "bridge")
    pos.terrain[board.parse("F3")] = (*pos.terrain.get(board.parse("F3"), ()), "smoke_screen")
    after = live_terrain(sc, pos)
    assert {p.type for p in after["D5"]} == {"river"}
    assert "smoke_screen" in {p.type for p in after["F3"]}
    by_hex = {n: [p.type for p in ps] for n, ps in after.items()}
    links = theme.line_links(board, by_hex, {p.hex: p.orientation for ps in after.values()
                                             for p in ps if p.orientation})
    assert links["river"][board.parse("D5")] == [0, 3]  # the river still runs through
    assert [p for p in after["J5"] if p.type == "bridge"]  # the other bridge stands
