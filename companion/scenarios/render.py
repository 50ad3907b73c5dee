"""A scenario drawn for a terminal: a Unicode hex map with a legend, and a text summary."""

from __future__ import annotations

import textwrap

from companion.rules.board import Hex, Side
from companion.scenarios.model import ObjectiveKind, Scenario

# Base terrain, most telling first: a hex shows the first of these it carries.
TERRAIN_SYMBOLS: dict[str, tuple[str, str]] = {
    "bridge": ("═", "bridge"),
    "town": ("⌂", "town"),
    "forest": ("♣", "forest"),
    "hedgerow": ("‡", "hedgerow"),
    "hill": ("∩", "hill"),
    "marsh": ("ψ", "marsh"),
    "river": ("≈", "river"),
    "ocean": ("~", "ocean"),
    "beach": ("░", "beach"),
    "airfield": ("⊥", "airfield"),
    "aircraft_carrier": ("⊞", "aircraft carrier"),
    "road": ("+", "road"),
    "railway": ("=", "railway"),
}
COUNTRYSIDE = ("·", "countryside")
# Variants drawn like the piece they play like (the rules core's aliases and look-alikes).
SYMBOL_FAMILY: dict[str, str] = {
    "woods": "forest", "winter_forest": "forest", "palm_forest": "forest", "jungle": "forest",
    "winter_hill": "hill", "desert_hill": "hill", "high_ground": "hill",
    "village": "town", "buildings": "town", "winter_village": "town",
    "desert_village": "town", "church": "town",
    "frozen_river": "river", "frozen_canal": "river", "pond": "river", "lake": "river", "wadi": "river",
    "curved_wadi": "river", "navigable_river": "river",
    "flooded_field": "marsh",
    "ford": "bridge", "bridge_section": "bridge", "pontoon_bridge": "bridge", "railroad_bridge": "bridge",
    "field_bunker": "bunker", "dragons_teeth": "hedgehogs",
}
# Obstacles and fortifications, shown in the second place of a cell.
OBSTACLE_SYMBOLS: dict[str, tuple[str, str]] = {
    "bunker": ("■", "bunker"),
    "sandbags": ("⊓", "sandbags"),
    "barbed_wire": ("x", "barbed wire"),
    "hedgehogs": ("#", "hedgehogs"),
    "minefield": ("*", "minefield"),
}
# Unit letters: upper case for the Allies, lower case for the Axis.
UNIT_LETTERS: dict[str, str] = {
    "infantry": "i", "armor": "t", "artillery": "g", "special_forces": "s",
    "elite_armor": "e", "french_resistance": "r", "anti_tank": "k", "armored_car": "c",
    "airplane": "p", "fighter": "f", "fighter_bomber": "v", "bomber": "b",
    "locomotive": "l", "wagon": "w",
}
OBJECTIVE_MARK = ("★", "objective medal")
SUDDEN_DEATH_MARK = ("!", "sudden-death objective")
EXIT_MARK = ("^", "exit hex")

# For terminals that cannot print the symbols above: one distinct ASCII character each.
ASCII_SYMBOLS: dict[str, str] = {
    "·": ".", "♣": "%", "∩": "n", "⌂": "H", "‡": "|", "≈": "~", "~": ":", "░": ",",
    "═": "=", "ψ": ";", "⊥": "_", "⊞": "&", "=": '"', "■": "B", "⊓": "u", "★": "$",
}
_ASCII_TABLE = str.maketrans(ASCII_SYMBOLS)

_ANSI = {Side.ALLIES: "\x1b[1;32m", Side.AXIS: "\x1b[1;31m"}
_RESET = "\x1b[0m"


def draw_map(s: Scenario, *, color: bool = False, ascii_only: bool = False) -> str:
    """The board as text: one line per row, odd rows shifted half a hex, then a legend.

    ``ascii_only`` swaps every symbol for a distinct ASCII character (legend included).
    """
    board = s.geometry
    by_hex = s.terrain_by_hex()
    units = {u.hex: u for u in s.units}
    marks: dict[str, tuple[str, str]] = {}
    for x in s.exits:
        marks[x.hex] = EXIT_MARK
    for o in s.objectives:
        for h in o.hexes:
            marks[h] = SUDDEN_DEATH_MARK if o.kind is ObjectiveKind.SUDDEN_DEATH \
                else OBJECTIVE_MARK
    used: dict[str, str] = {}
    width = 4 + 3 * board.max_col + 5
    header = [" "] * width
    for col in range(board.max_col + 1):
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if col % 2 == 0 else "abcdefghijklmnopqrstuvwxyz"
        header[4 + 3 * col + 2] = letters[col // 2]
    lines = ["".join(header).rstrip()]
    for row in range(board.height):
        cells: list[str] = [f"{board.height - row:>2}  " + " " * (3 * (row % 2))]
        for col in range(row % 2, board.max_col + 1, 2):
            name = board.name(Hex(col, row))
            types = [SYMBOL_FAMILY.get(p.type, p.type) for p in by_hex.get(name, [])]
            base = next((TERRAIN_SYMBOLS[t] for t in TERRAIN_SYMBOLS if t in types), COUNTRYSIDE)
            used[base[0]] = base[1]
            obstacle = next((OBSTACLE_SYMBOLS[t] for t in OBSTACLE_SYMBOLS if t in types), None)
            if obstacle is not None:
                used[obstacle[0]] = obstacle[1]
            unit = units.get(name)
            if unit is None:
                unit_text = "  "
            else:
                letter = UNIT_LETTERS.get(unit.type, "?")
                letter = letter.upper() if unit.side is Side.ALLIES else letter
                unit_text = f"{letter}{min(s.figures(unit), 9)}"
                if color:
                    unit_text = f"{_ANSI[unit.side]}{unit_text}{_RESET}"
            mark = marks.get(name)
            if mark is not None:
                used[mark[0]] = mark[1]
            cells.append(f"{base[0]}{obstacle[0] if obstacle else ' '}{unit_text}"
                         f"{mark[0] if mark else ' '} ")
        lines.append("".join(cells).rstrip())
    lines.append("")
    lines.append("Legend: " + "   ".join(f"{sym} {label}" for sym, label in used.items()))
    present = {u.type for u in s.units}
    unit_keys = [f"{UNIT_LETTERS.get(t, '?').upper()}/{UNIT_LETTERS.get(t, '?')} {t}"
                 for t in UNIT_LETTERS if t in present]
    unit_keys += [f"?/? {t}" for t in sorted(present - set(UNIT_LETTERS))]
    lines.append("Units (Allies upper case, Axis lower case, then figures): "
                 + "   ".join(unit_keys))
    lines.append(f"{s.bottom.value.capitalize()} at the bottom edge, "
                 f"{s.bottom.other.value.capitalize()} at the top.")
    text = "\n".join(lines)
    return text.translate(_ASCII_TABLE) if ascii_only else text


def summary(s: Scenario, lang: str = "en") -> str:
    """What a scenario sheet says, as text: name, sides, objectives, rules."""
    t = s.texts(lang)
    out = [t.name, "=" * len(t.name)]
    facts = [f"{s.board.value} board, {s.face.value} face"]
    if s.date:
        facts.append(s.date)
    if s.front:
        facts.append(f"{s.front} front")
    out.append(f"id {s.id}; " + ", ".join(facts))
    for side in (s.bottom.other, s.bottom):
        setup = s.sides[side]
        mine = [u for u in s.units if u.side is side]
        figures = sum(s.figures(u) for u in mine)
        where = "top" if side is not s.bottom else "bottom"
        country = f" ({setup.country})" if setup.country else ""
        first = ", moves first" if s.starts is side else ""
        out.append(f"{side.value.capitalize()}{country} [{where}]: {setup.cards} cards, "
                   f"{setup.medals_to_win} medals to win, {len(mine)} units "
                   f"({figures} figures){first}")
    if s.air.rules is not None:
        extra = ", ".join(x for x in (s.air.front, str(s.air.year) if s.air.year else None) if x)
        out.append(f"Air rules: {s.air.rules.value}" + (f" ({extra})" if extra else ""))
    if s.objectives:
        out.append("Objectives:")
        for o in s.objectives:
            who = " or ".join(side.value.capitalize() for side in o.sides)
            need = f", {o.hexes_needed} of them" if len(o.hexes) > 1 else ""
            worth = "wins the game" if o.kind is ObjectiveKind.SUDDEN_DEATH else \
                f"{o.medals} medal{'s' if o.medals != 1 else ''}"
            label = f" {o.label}" if o.label else ""
            turn = ", counted at turn start" if o.at_turn_start else \
                ", checked at the end of the side's turn" if o.at_turn_end else ""
            out.append(f"  {o.id}{label}: {o.kind.value.replace('_', ' ')} "
                       f"{' '.join(o.hexes)}{need} - {who}, {worth}{turn}")
    if s.exits:
        out.append("Exits: " + ", ".join(f"{x.hex} for {x.side.value} ({x.medals} medal)"
                                         for x in s.exits))
    for title, body in (("", t.description), ("Special rules", t.special_rules)):
        if body:
            out.append("")
            if title:
                out.append(f"{title}:")
            for para in body.split("\n"):
                out.extend(textwrap.wrap(para, 88) or [""])
    if s.notes:
        out.append("")
        out.append(f"{len(s.notes)} import note(s); run `companion scenario check` to list them.")
    return "\n".join(out)
