"""Auto-play editor files made at random from the editor's own pieces; print what breaks.

    python benchmarks/random_editor_files.py [--files N] [--first SEED] [--max-turns T] [--air]

The real files of ``tests/scenarios/data/real`` are the scenarios people wrote; a player's own
file mixes the same pieces in ways none of them does. Each file here is built from a seed: a
board of each kind in turn (standard, standard, Breakthrough, Overlord) and a random face,
15-45 hexes of random tiles of the editor's list (``tests/scenarios/data/sed_names.json``) in
random layers and orientations, at times a train on a stretch of track with a station,
3-9 units per side on its own rows (random bases, nations and
badges of the list), a few medal and camouflage tags and 0-4 options of the editor
(``tests/scenarios/data/bga_codes.json``). Without ``--air`` no airplane and no air option is
drawn. Each file is imported, checked and auto-played (``AutoPlayer``, seeded) to its end or
``--max-turns``. A row is printed per file that does not load, crashes, or is stuck; the last
line counts them. A file the check finds a problem in (two units on one hex, a unit on a
pond) may stop at the game's start: that is counted apart, as "refused by the game".
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession
from companion.scenarios import ScenarioError, import_m44
from companion.scenarios.check import errors

DATA = Path(__file__).parents[1] / "tests" / "scenarios" / "data"
KINDS = ("STANDARD", "STANDARD", "BRKTHRU", "OVERLORD")
SHAPES = {"STANDARD": (9, 25), "BRKTHRU": (17, 25), "OVERLORD": (9, 51)}


def editor_file(seed: int, sed: dict[str, Any], codes: dict[str, Any], air: bool) -> dict[str, Any]:
    """The editor file of ``seed`` (a dict as ``json.load`` gives it)."""
    r = random.Random(seed)
    kind = KINDS[seed % len(KINDS)]
    rows, cols = SHAPES[kind]
    # no rule / a unit of its own; a train is laid on its own track below
    left_out = {"abatis", "pdestroyer", "loco", "wagon"}
    tiles = [t for t in sed["tiles"] if t not in left_out]
    bases = ["inf", "inf", "tank", "gun", "inf2", "tank2", "veh", "tiger"] + (["pln"] if air else [])
    used: set[tuple[int, int]] = set()
    hexes: list[dict[str, Any]] = []

    def free(row_choices: list[int]) -> tuple[int, int] | None:
        row = r.choice(row_choices)
        col = r.randrange(row % 2, cols, 2)
        if (row, col) in used:
            return None
        used.add((row, col))
        return row, col

    for _ in range(r.randint(15, 45)):
        at = free(list(range(rows)))
        if at is not None:
            layer = r.choice(["terrain", "terrain", "rect_terrain", "obstacle"])
            hexes.append({"row": at[0], "col": at[1],
                          layer: {"name": r.choice(tiles), "orientation": r.randint(1, 6)}})
    if r.random() < 0.3:
        # a train on a stretch of track, as the editor lays one (1311 Bug River): rail hexes of
        # one row, a station among them, a locomotive and its wagon on two of them
        row = r.randrange(3, rows - 3)
        start = r.randrange(row % 2, cols - 12, 2)
        track = [(row, c) for c in range(start, start + 2 * r.randint(4, 7), 2)
                 if (row, c) not in used]
        at = r.randrange(max(1, len(track) - 1))
        for i, (tr, tc) in enumerate(track):
            used.add((tr, tc))
            hx = {"row": tr, "col": tc,
                  "terrain": {"name": "station" if i == 0 else "rail", "orientation": 1}}
            if i in (at, at + 1) and len(track) > 1:
                hx["rect_terrain"] = {"name": "loco" if i == at else "wagon", "orientation": 1}
            hexes.append(hx)
    for side_rows, nations in ((list(range(3)), ["ger", "jp"]),
                               (list(range(rows - 3, rows)), ["us", "brit", "ru"])):
        nation = r.choice(nations)
        for _ in range(r.randint(3, 9)):
            at = free(side_rows)
            if at is None:
                continue
            unit: dict[str, Any] = {"name": r.choice(bases) + nation}
            if r.random() < 0.3:
                unit["badge"] = r.choice(sed["badges"])
            hx: dict[str, Any] = {"row": at[0], "col": at[1], "unit": unit}
            if r.random() < 0.3:
                hx["terrain"] = {"name": r.choice(tiles)}
            hexes.append(hx)
    for _ in range(r.randint(0, 3)):
        row = r.randrange(rows)
        hexes.append({"row": row, "col": r.randrange(row % 2, cols, 2), "tags": [
            {"name": r.choice(["medal1", "medal2", "medal4", "medal5", "medal6", "tag14"])}]})
    options = [o for o in codes["options"]
               if air or ("air" not in o["key"] and "flight" not in o["key"])]
    return {"board": {"type": kind, "face": r.choice(["COUNTRY", "WINTER", "DESERT", "BEACH"]),
                      "hexagons": hexes},
            "game_info": {"side_player1": "AXIS", "side_player2": "ALLIES",
                          "starting": r.choice(["PLAYER1", "PLAYER2"]),
                          "date_begin": r.choice(["1940-05-13", "1942-06-01", "1944-06-06"]),
                          "front": r.choice(["WESTERN", "EASTERN", "PACIFIC", "MEDITERRANEAN"]),
                          "victory_player1": 4, "victory_player2": 4,
                          "options": {o["key"]: o["value"]
                                      for o in r.sample(options, r.randint(0, 4))}}}


def play(data: dict[str, Any], seed: int, max_turns: int) -> str:
    """"" when the file loaded and its game ended or reached ``max_turns``, else what broke."""
    try:
        scenario = import_m44(data)
    except ScenarioError as exc:
        return f"load error: {exc}"
    try:
        session = GameSession.new(scenario, deck_seed=seed)
    except ScenarioError as exc:
        return f"refused by the game: {exc}" if errors(scenario) else f"crash at start: {exc}"
    player = AutoPlayer(seed)
    try:
        for _ in range(250 * max_turns):
            if session.over or session.state.turn > max_turns:
                return ""
            session.act(player.next_action(session))
    except Exception as exc:  # the benchmark names every crash
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return f"crash {type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})"
    return f"stuck at turn {session.state.turn}"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=200)
    ap.add_argument("--first", type=int, default=0, help="the first seed")
    ap.add_argument("--max-turns", type=int, default=60)
    ap.add_argument("--air", action="store_true", help="draw airplanes and air options too")
    args = ap.parse_args(argv)
    sed = json.loads((DATA / "sed_names.json").read_text())
    codes = json.loads((DATA / "bga_codes.json").read_text())
    start = time.perf_counter()
    counts = {"ok": 0, "refused by the game": 0, "broken": 0}
    for seed in range(args.first, args.first + args.files):
        what = play(editor_file(seed, sed, codes, args.air), seed, args.max_turns)
        if not what:
            counts["ok"] += 1
            continue
        refused = what.startswith("refused by the game")
        counts["refused by the game" if refused else "broken"] += 1
        if not refused:
            print(f"seed {seed:5} {KINDS[seed % len(KINDS)]:8} | {what[:220]}")
    print(f"files {args.files}: played {counts['ok']}, refused by the game (the check names "
          f"why) {counts['refused by the game']}, broken {counts['broken']} "
          f"({time.perf_counter() - start:.0f} s)")
    return 0 if counts["broken"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
