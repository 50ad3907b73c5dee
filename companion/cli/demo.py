"""``companion demo``: a short terminal tour of the rules referee.

A few battles on a small position, each asked of the referee exactly as ``companion rules``
would be: the dice due with the reasons, the odds as text bars, the roll, the hits, and the
retreat choices. The dice are fixed so the tour reads the same every time.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

BASE_UNITS: list[dict[str, Any]] = [
    {"id": "rangers", "side": "allies", "type": "infantry", "hex": "f4"},
    {"id": "shermans", "side": "allies", "type": "armor", "hex": "C3"},
    {"id": "guns", "side": "allies", "type": "artillery", "hex": "G1"},
    {"id": "grenadiers", "side": "axis", "type": "infantry", "hex": "F5"},
    {"id": "pak", "side": "axis", "type": "infantry", "hex": "c4", "figures": 3},
    {"id": "tigers", "side": "axis", "type": "armor", "hex": "E7"},
    {"id": "scouts", "side": "axis", "type": "infantry", "hex": "E5", "figures": 2},
    {"id": "reserve", "side": "axis", "type": "infantry", "hex": "e6"},
]
BASE_TERRAIN: list[dict[str, str]] = [
    {"hex": "F5", "type": "forest"},
    {"hex": "f6", "type": "river"},
    {"hex": "C5", "type": "hill"},
]

TOUR: list[tuple[str, str, str, list[str] | None]] = [
    ("Close assault into the woods", "rangers", "grenadiers", ["flag", "infantry"]),
    ("Armor close assault and overrun", "shermans", "pak", ["flag", "infantry", "armor"]),
    ("Artillery fires over units and woods: 6 hexes, 1 die", "guns", "tigers", None),
    ("Firing past an adjacent enemy is not allowed", "shermans", "scouts", None),
]


class Printer:
    def __init__(self, color: bool, width: int) -> None:
        self.color = color
        self.width = width

    def title(self, text: str) -> None:
        line = f"== {text} "
        print(self._style(line + "=" * max(0, self.width - len(line)), "1"))

    def _style(self, text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.color else text

    def good(self, text: str) -> str:
        return self._style(text, "32")

    def bad(self, text: str) -> str:
        return self._style(text, "31")


TERRAIN_MARKS = {"forest": "ff", "river": "~~", "hill": "^^"}


def _mini_map(max_col: int = 14) -> list[str]:
    """The part of the board the tour uses, as text: two characters a hex, odd rows shifted."""
    from companion.rules.board import Hex
    from companion.rules.referee import position_from_json

    position = position_from_json({"terrain": BASE_TERRAIN, "units": BASE_UNITS})
    board = position.board
    upper = "  ".join(board.name(Hex(c, 0))[0] + " " for c in range(0, max_col + 1, 2))
    lower = "  ".join(board.name(Hex(c, 1))[0] + " " for c in range(1, max_col + 1, 2))
    lines = [f"     {upper}".rstrip(), f"       {lower}".rstrip()]
    for row in range(board.height):
        cells = []
        for col in range(row % 2, max_col + 1, 2):
            h = Hex(col, row)
            u = position.unit_at(h)
            names = position.terrain_names(h)
            if u is not None:
                mark = u.id[:2].upper() if u.side.value == "allies" else u.id[:2].lower()
            elif names:
                mark = TERRAIN_MARKS.get(names[0], names[0][:2])
            else:
                mark = ".."
            cells.append(mark)
        lines.append(f"  {board.height - row}  " + "  " * (row % 2) + "  ".join(cells))
    return lines


def _query(attacker: str, target: str, dice: list[str] | None) -> dict[str, Any]:
    q: dict[str, Any] = {"board": "standard", "bottom": "allies", "terrain": BASE_TERRAIN,
                         "units": BASE_UNITS,
                         "ask": {"battle": {"attacker": attacker, "target": target}}}
    if dice is not None:
        q["dice"] = dice
    return q


def _show_odds(p: Printer, odds: dict[str, Any], figures: int) -> None:
    from companion.rules.odds import bar

    n = odds["dice"]
    print(f"  odds with {n} {'die' if n == 1 else 'dice'} (exact, before the roll):")
    for k, prob in enumerate(odds["hits"]):
        if k > figures:
            break
        label = f"{k} hit{'s' if k != 1 else ' '}"
        print(f"    {label:<7} {bar(prob, 30)} {prob:6.1%}")
    print(f"    at least one hit {odds['p_hit']:6.1%}   retreat {odds['p_retreat']:6.1%}   "
          f"eliminated {odds['p_eliminate']:6.1%}   expected figures lost "
          f"{odds['expected_figures_lost']:.2f}")


def _battle(p: Printer, title: str, attacker: str, target: str, dice: list[str] | None) -> None:
    from companion.rules.referee import answer

    p.title(title)
    figures = next(u.get("figures", 4 if u["type"] == "infantry" else 3)
                   for u in BASE_UNITS if u["id"] == target)
    # with no dice given the referee adds the odds; then the roll is resolved
    before = answer(_query(attacker, target, None))
    check = before["battle"]
    for line in check["explain"]:
        print(f"  - {line}")
    if not check["allowed"]:
        print("  " + p.bad(f"not allowed: {check['reason']}"))
        return
    _show_odds(p, check["odds"], figures)
    if dice is None:
        return
    result = answer(_query(attacker, target, dice))["result"]
    print(f"  rolled: {', '.join(dice)}")
    for line in result["explain"][1:]:
        print(f"  - {line}")
    stuck = [o for o in result["retreat"] if not o["path"]]
    if stuck:
        lost = stuck[0]["figures_lost"]
        print(f"  {target} cannot retreat: it stays on {stuck[0]['hex']} and "
              + p.bad(f"loses {lost} more figure{'s' if lost != 1 else ''}"))
    elif result["retreat"]:
        print(f"  {target} retreats; its player chooses:")
        for i, option in enumerate(result["retreat"], 1):
            cost = (p.bad(f"loses {option['figures_lost']} more") if option["figures_lost"]
                    else p.good("no further loss"))
            via = " -> ".join(option["path"])
            print(f"    {i}. {option['hex']:<4} via {via:<12} {cost}")
    if result["take_ground"]:
        print("  " + p.good(f"{attacker} may take ground"
                            + (" and overrun: battle again" if result["armor_overrun"] else "")))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the output (default: when printing to a terminal)")
    parser.add_argument("--width", type=int, default=72, help="line width (default 72)")


def run(args: argparse.Namespace) -> int:
    from companion.rules.referee import QueryError

    color = args.color == "always" or (args.color == "auto" and sys.stdout.isatty())
    p = Printer(color, max(40, args.width))
    print("Memoir '44 companion: a tour of the rules referee")
    print("Standard board, Allies at the bottom. Units:")
    for u in BASE_UNITS:
        print(f"  {u['id']:<11} {u['side']:<7} {u['type']:<10} on {u['hex']}")
    print("Terrain: " + ", ".join(f"{t['type']} on {t['hex']}" for t in BASE_TERRAIN))
    print("Map (ALLIES in capitals, axis in lower case; ff forest, ~~ river, ^^ hill):")
    for line in _mini_map():
        print(line)
    print()
    try:
        for title, attacker, target, dice in TOUR:
            _battle(p, title, attacker, target, dice)
            print()
    except QueryError as exc:  # the tour's own data is wrong: say so plainly
        print(f"demo: the referee refused a query: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (| head): nothing left to say
        sys.stderr.close()
        return 0
    print("Ask your own questions with: companion rules QUERY.json  (see docs/rules-referee.md)")
    return 0
