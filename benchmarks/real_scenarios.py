"""Load, check and auto-play every scenario file of a folder; print one table row per file.

    python benchmarks/real_scenarios.py FOLDER [FOLDER...] [--seed N] [--max-turns T] [--quiet]
                                        [--air air-pack|flight-plan|none]

For each ``.m44`` (or ``.json``) file of each FOLDER: import it (``companion.scenarios.load``), run
``scenario check`` on it (``companion.scenarios.check.problems``), then let the built-in player
play both sides (``GameSession.new`` + ``AutoPlayer``, dice and deck seeded by ``--seed``) until
the game is over or ``--max-turns`` turns have been played; ``--air`` plays every file with those
air rules, as the players may choose them in the app ("Air rules are optional"). A row says:

    file | loaded | errors/warnings of the check | result (winner, medals, turns) | ms

and the last lines count the files tried, loaded, clean (no error from the check) and played to a
result (the game ended by its own victory conditions, not by the turn limit). With ``--quiet``
only the failing rows and the totals are printed. The real files the repository keeps (bga-memoir's
scenario folder, transcribed in the editor's structure, and editor files of other public
repositories, each naming its source in ``_source``) are ``tests/scenarios/data/real``,
``tests/scenarios/data/real/bga-memoir`` and ``tests/scenarios/data/real/other``; the exit status
is 0 when every file loaded, checked clean and played to a result, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from companion.game.auto import AutoPlayer
from companion.game.session import GameSession
from companion.scenarios import AirRules, ScenarioError, load
from companion.scenarios.check import problems


@dataclass
class Row:
    name: str
    loaded: bool = False
    errors: int = 0
    warnings: int = 0
    first_error: str = ""
    result: str = ""
    by_victory: bool = False
    ms: float = 0.0


def run_one(path: Path, seed: int, max_turns: int, air: str | None = None) -> Row:
    row = Row(path.name)
    start = time.perf_counter()
    try:
        scenario = load(path)
    except ScenarioError as e:
        row.result = f"load error: {e}"
        return row
    row.loaded = True
    if air is not None:
        scenario.air.rules = None if air == "none" else AirRules(air)
    found = problems(scenario)
    errs = [p for p in found if p.severity == "error"]
    row.errors, row.warnings = len(errs), len(found) - len(errs)
    row.first_error = str(errs[0]) if errs else ""
    try:
        session = GameSession.new(scenario, deck_seed=seed)
        player = AutoPlayer(seed)
        actions = 0
        while not session.over:
            if session.state.turn > max_turns:
                break
            session.act(player.next_action(session))
            actions += 1
            if actions > 200 * max_turns:
                row.result = f"stuck after {actions} actions"
                break
        st = session.state
        if session.over:
            out = st.outcome()
            won = st.winner if st.winner is not None else out.winner  # a rule's end names one
            winner = won.value if won is not None else "none"
            m = st.medals
            row.result = f"{winner} wins {max(m.values())}-{min(m.values())} turn {st.turn}"
            row.by_victory = won is not None
        elif not row.result:
            row.result = f"turn limit {max_turns}"
    except Exception as e:
        tb = traceback.extract_tb(e.__traceback__)[-1]
        row.result = f"crash {type(e).__name__}: {e} ({Path(tb.filename).name}:{tb.lineno})"
    row.ms = (time.perf_counter() - start) * 1000
    return row


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path, nargs="+")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-turns", type=int, default=150)
    ap.add_argument("--quiet", action="store_true", help="print only the rows that fail")
    ap.add_argument("--air", choices=["air-pack", "flight-plan", "none"],
                    help="play every file with these air rules")
    args = ap.parse_args(argv)
    files = [p for folder in args.folder
             for p in sorted(q for q in folder.iterdir() if q.suffix.lower() in (".m44", ".json"))]
    rows: list[Row] = []
    for path in files:
        row = run_one(path, args.seed, args.max_turns, args.air)
        rows.append(row)
        bad = not row.loaded or row.errors or not row.by_victory
        if bad or not args.quiet:
            check = f"{row.errors}e/{row.warnings}w" if row.loaded else "-"
            print(f"{row.name:48.48} | {'yes' if row.loaded else 'NO ':3} | {check:7} | "
                  f"{row.result} | {row.ms:.0f} ms")
            if row.first_error:
                print(f"{'':48} first error: {row.first_error[:150]}")
    loaded = sum(r.loaded for r in rows)
    clean = sum(r.loaded and r.errors == 0 for r in rows)
    played = sum(r.by_victory for r in rows)
    print(f"files tried {len(rows)}, loaded {loaded}, clean {clean}, "
          f"auto-played to a result {played} (seed {args.seed}, at most {args.max_turns} turns)")
    return 0 if rows and loaded == clean == played == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
