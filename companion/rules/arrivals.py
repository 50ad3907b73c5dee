"""Units that arrive during play, each brought in by one order of the card in play.

Two scenario rules bring new units onto the board this way (docs/rules-sources.md):

- **Armor Breakthrough** (Actions 22; bga-memoir option ``armor_breakthrough_rules`` and
  ``OrderUnitsTrait::actArmorBreakthroughDeploy``): "During a single game turn, you may order
  new Armor Units onto the board. Order must be valid and issued as normal. Units must enter
  through Opponent's baseline. Units must stop on baseline hex; they may battle (if no terrain
  restriction when entering) and Take Ground this turn, but may not Armor Overrun." Each side
  brings at most its ``nbr_units`` in (4090 Closing the Gap: 2), all in one turn, on empty
  hexes of the opponent's baseline where the unit may stand, in a section the card orders.
- **Paradrops** during play (Actions 20; 4683 Manado Landings' rules: "Once in full daylight
  ... he may attempt to airdrop units on hexes marked with a battle star each turn. Each
  paradrop requires an order ... Each time a unit successfully drops on one of these hexes,
  remove the corresponding battle star (to keep track of the total number of units
  dropped)"). The table drops the figure over a starred hex; the players say where it landed.
  As with an airdrop (companion.rules.airdrop), a figure off the board, on a unit or where it
  may not stand is out of action; otherwise the unit lands there and the star aimed at is
  removed. A unit landing may not move or battle that turn (the rules database seed, Airfield:
  reinforcements landed "may not move or battle the turn it lands"; our reading for a drop).

- **Reinforcements landed on an airfield** (the rules database seed 004, Airfields: "If
  indicated in the Special Rules of the scenario, a player may land reinforcements on an
  airfield hex when there are no enemy units on any of the airfield hexes. When a Direct from HQ
  command card is played, for one order, one infantry unit is placed on an airfield hex. The
  unit may not move or battle the turn it lands"). The scenario's rule names the side, the
  most units that land in the game and their type (an infantry type) and nation.

- **Reinforcements deployed on the baseline** at a medal count, free (6541 Breakthrough to
  the Beach: "The Allied player's reinforcements are not on the battlefield at game start;
  instead, he may deploy 5 new infantry units and 2 new armor units on his baseline as soon
  as he gets his first 5 medals. This deployment is free: the units can then be ordered with
  a Command card"). The game asks for them at the start of the side's first turn with the
  medals (our reading of "as soon as": a deployment between turns, as an airdrop's), on empty
  hexes of its own baseline where each may stand.

A rule is carried in a scenario's variants as one string per kind (``encode``/``parse``),
``;``-separated entries: one per side, ``side:units:type:nation[:cannot_exit]`` for a
breakthrough, ``side:units:type:nation`` for airfield reinforcements,
``side:units:type:nation:hex hex ...`` for paradrops; one per side and unit type,
``side:units:type:nation:medals`` for baseline reinforcements.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.rules import airdrop
from companion.rules.board import Hex, Side
from companion.rules.position import Position
from companion.rules.records import dataclass
from companion.rules.terrain import hex_passable
from companion.rules.units import UNITS, UnitClass

ARMOR_BREAKTHROUGH = "armor_breakthrough"
PARADROPS = "paradrops"
BASELINE = "baseline_reinforcements"
AIRFIELD = "airfield_reinforcements"
KINDS = (ARMOR_BREAKTHROUGH, PARADROPS, BASELINE, AIRFIELD)
ORDERED_KINDS = (ARMOR_BREAKTHROUGH, PARADROPS, AIRFIELD)  # each unit brought in by an order
CANNOT_EXIT = "cannot_exit"  # the unit variant of breakthrough armor barred from the exits
ARRIVED = "arrived"  # the unit variant of a unit that arrived this turn (no armor overrun)


class ArrivalError(ValueError):
    """A rule that cannot be read, or an arrival the rule does not allow."""


@dataclass(frozen=True)
class ArrivalRule:
    kind: str  # one of KINDS
    side: Side
    units: int  # the most units that may arrive in the game
    unit_type: str
    nation: str | None = None
    hexes: tuple[str, ...] = ()  # paradrops: the starred hexes, as the board names them
    cannot_exit: bool = False  # breakthrough armor that may not leave by an exit hex
    at_medals: int = 0  # baseline reinforcements: the medals the side waits for

    @property
    def variants(self) -> tuple[str, ...]:
        """The unit variants an arriving unit carries."""
        return (CANNOT_EXIT,) if self.cannot_exit else ()


def encode(rules: Iterable[ArrivalRule]) -> str:
    out = []
    for r in rules:
        tail = (" ".join(r.hexes) if r.kind == PARADROPS else str(r.at_medals)
                if r.kind == BASELINE else (CANNOT_EXIT if r.cannot_exit else ""))
        parts = [r.side.value, str(r.units), r.unit_type, r.nation or ""]
        if tail:
            parts.append(tail)
        out.append(":".join(parts).rstrip(":"))
    return ";".join(out)


def parse(value: str, kind: str) -> tuple[ArrivalRule, ...]:
    """The rules of ``value`` (see the module docstring); ArrivalError names what is wrong."""
    if kind not in KINDS:
        raise ArrivalError(f"{kind!r} is not an arrival rule; allowed: {', '.join(KINDS)}")
    out: list[ArrivalRule] = []
    for entry in value.split(";"):
        parts = entry.split(":")
        if len(parts) < 3 or parts[0] not in ("allies", "axis"):
            raise ArrivalError(f"{kind} {entry!r}: want 'side:units:type[:nation[:...]]'")
        if not (parts[1].isascii() and parts[1].isdigit() and 1 <= int(parts[1]) <= 20):
            raise ArrivalError(f"{kind} {entry!r}: units must be 1 to 20")
        if parts[2] not in UNITS or UNITS[parts[2]].air:
            raise ArrivalError(f"{kind} {entry!r}: {parts[2]!r} is not a ground unit type")
        if kind == AIRFIELD and UNITS[parts[2]].unit_class is not UnitClass.INFANTRY:
            raise ArrivalError(f"{kind} {entry!r}: {parts[2]!r} is not an infantry type "
                               "(reinforcements land on an airfield as infantry units)")
        if kind == AIRFIELD and len(parts) > 4:
            raise ArrivalError(f"{kind} {entry!r}: want 'side:units:type[:nation]'")
        tail = parts[4] if len(parts) > 4 else ""
        hexes = tuple(tail.split()) if kind == PARADROPS else ()
        if kind == PARADROPS and not hexes:
            raise ArrivalError(f"{kind} {entry!r}: name the hexes the units drop on")
        if kind == ARMOR_BREAKTHROUGH and tail not in ("", CANNOT_EXIT):
            raise ArrivalError(f"{kind} {entry!r}: {tail!r} is not allowed; allowed: "
                               f"{CANNOT_EXIT}")
        if kind == BASELINE and not (tail.isascii() and tail.isdigit() and 1 <= int(tail) <= 30):
            raise ArrivalError(f"{kind} {entry!r}: end with the medals the side waits for, 1-30")
        side = Side(parts[0])
        if any(r.side is side and (kind != BASELINE or r.unit_type == parts[2]) for r in out):
            raise ArrivalError(f"{kind} {value!r}: one entry per side"
                               + (" and unit type" if kind == BASELINE else ""))
        out.append(ArrivalRule(kind, side, int(parts[1]), parts[2],
                               (parts[3] if len(parts) > 3 else "") or None, hexes,
                               cannot_exit=tail == CANNOT_EXIT,
                               at_medals=int(tail) if kind == BASELINE else 0))
    return tuple(out)


def rule_for(value: str, kind: str, side: Side) -> ArrivalRule | None:
    return next((r for r in parse(value, kind) if r.side is side), None)


def baseline_hexes(position: Position, side: Side, unit_type: str,
                   taken: Iterable[Hex] = ()) -> list[Hex]:
    """Empty hexes of ``side``'s own baseline where a unit of ``unit_type`` may stand."""
    board = position.board
    row = board.home_row(side)
    used = set(taken)
    cls = UNITS[unit_type].unit_class
    return [h for h in board.all_hexes if h.row == row and h not in used
            and not position.is_occupied(h) and hex_passable(position.terrain_at(h), cls)]


def entry_hexes(position: Position, rule: ArrivalRule, taken: Iterable[Hex] = ()) -> list[Hex]:
    """Where a unit of the rule may arrive now: a breakthrough, on the empty hexes of the
    opponent's baseline where it may stand; a paradrop, aimed at the starred hexes still
    held (``rule.hexes`` less the ones used); an airfield landing, on the empty airfield hexes
    where the unit may stand (none while an enemy unit stands on one: ``airfield_landing``)."""
    board = position.board
    used = set(taken)
    if rule.kind == AIRFIELD:
        cls = UNITS[rule.unit_type].unit_class
        return [h for h in airfield_hexes(position) if h not in used
                and not position.is_occupied(h) and hex_passable(position.terrain_at(h), cls)]
    if rule.kind == PARADROPS:
        return [board.parse(n) for n in rule.hexes if board.parse(n) not in used]
    if rule.kind == BASELINE:
        return baseline_hexes(position, rule.side, rule.unit_type, used)
    return baseline_hexes(position, rule.side.other, rule.unit_type, used)


def arrival_problem(position: Position, rule: ArrivalRule, aim: Hex, used: Sequence[Hex],
                    arrived_before: int) -> str | None:
    """Why a unit of ``rule`` may not be brought in aimed at ``aim`` now (None: it may);
    ``used``: the hexes this order already brings units onto (or aims at), ``arrived_before``:
    the units of the rule brought in earlier in the game."""
    board = position.board
    if arrived_before + len(used) >= rule.units:
        return (f"{rule.units} unit{'s' if rule.units != 1 else ''} at most arrive this way "
                f"({arrived_before} already)")
    if aim not in entry_hexes(position, rule, used):
        if rule.kind == PARADROPS:
            left = [n for n in rule.hexes if board.parse(n) not in used]
            return (f"{board.name(aim)} is not a starred drop hex still held; allowed: "
                    f"{', '.join(left) or 'none'}")
        if rule.kind == AIRFIELD:
            free = [board.name(h) for h in entry_hexes(position, rule, used)]
            return (f"{board.name(aim)} is not an empty airfield hex where "
                    f"{rule.unit_type.replace('_', ' ')} may stand; allowed: "
                    f"{', '.join(free) or 'none'}")
        return (f"{board.name(aim)} is not an empty hex of the "
                f"{rule.side.other.value.title()} baseline where a "
                f"{rule.unit_type.replace('_', ' ')} may stand")
    return None


def landing_problem(position: Position, landed: Hex | None, rule: ArrivalRule,
                    taken: Iterable[Hex] = ()) -> str | None:
    """Why a dropped figure that landed on ``landed`` (None: off the board) is out of action."""
    if landed is None:
        return "off the board"
    if landed in set(taken):
        return f"on {position.board.name(landed)}, a hex with another figure of the drop"
    return airdrop.landing_problem(position, landed, rule.unit_type)


# --- reinforcements landed on an airfield (rules database seed 004, Airfields) ---------------
AIRFIELD_CARD = "direct_from_hq"
AIRFIELD_UNIT = "infantry"


def airfield_hexes(position: Position) -> list[Hex]:
    """Every airfield hex of the board, top row first."""
    return sorted((h for h, names in position.terrain.items() if "airfield" in names),
                  key=lambda h: (h.row, h.col))


def airfield_landing(position: Position, side: Side, card_id: str) -> tuple[list[Hex], str | None]:
    """Where ``side`` may land an infantry unit for one order of ``card_id``, and why not.

    Seed 004, Airfields: "If indicated in the Special Rules of the scenario, a player may land
    reinforcements on an airfield hex when there are no enemy units on any of the airfield hexes.
    When a Direct from HQ command card is played, for one order, one infantry unit is placed on
    an airfield hex. The unit may not move or battle the turn it lands." The hexes are the
    airfield hexes no unit stands on where infantry may stand; whether the scenario's special
    rules allow the landing at all is the caller's to know.
    """
    board = position.board
    fields = airfield_hexes(position)
    if card_id != AIRFIELD_CARD:
        return [], "reinforcements land on an airfield only for an order of a Direct from HQ card"
    if not fields:
        return [], "there is no airfield hex on the board"
    held = [board.name(h) for h in fields
            if (u := position.unit_at(h)) is not None and u.side is side.other]
    if held:
        return [], (f"an enemy unit stands on an airfield hex ({', '.join(held)}): no "
                    "reinforcements land while one does")
    cls = UNITS[AIRFIELD_UNIT].unit_class
    hexes = [h for h in fields if not position.is_occupied(h)
             and hex_passable(position.terrain_at(h), cls)]
    if not hexes:
        return [], "every airfield hex holds a unit"
    return hexes, None


__all__ = ["AIRFIELD", "AIRFIELD_CARD", "AIRFIELD_UNIT", "ARMOR_BREAKTHROUGH", "ARRIVED",
           "BASELINE", "CANNOT_EXIT", "KINDS", "ORDERED_KINDS", "PARADROPS", "ArrivalError",
           "ArrivalRule", "airfield_hexes", "airfield_landing", "arrival_problem",
           "baseline_hexes", "encode", "entry_hexes", "landing_problem", "parse", "rule_for"]
