"""Problems in a scenario that loads: things a player setting up the table would trip over."""

from __future__ import annotations

from collections import Counter

from companion.rules.air.aircraft import UnknownFrontError, air_superiority
from companion.rules.board import Side
from companion.rules.records import dataclass
from companion.rules.terrain import TERRAIN, TerrainSpec, hex_passable, owner_crossed
from companion.rules.units import UNITS, UnitClass
from companion.rules.variants import VARIANTS
from companion.scenarios.model import (
    AIR_PACK_UNITS,
    AIR_UNITS,
    COSMETIC_TERRAIN,
    FLIGHT_PLAN_UNITS,
    AirRules,
    ObjectiveKind,
    Scenario,
)


@dataclass(frozen=True, slots=True)
class Problem:
    # "error": the scenario does not play fully as written (a mistake in it, or a part of it no
    # rule of this program plays); "warning": a remark that changes nothing in play
    severity: str
    where: str  # a hex name, a unit id, or a field
    message: str

    def __str__(self) -> str:
        return f"{self.severity}: {self.where}: {self.message}" if self.where else \
            f"{self.severity}: {self.message}"


def problems(s: Scenario) -> list[Problem]:
    """Everything wrong with ``s``, errors first; empty when it is ready to play."""
    out: list[Problem] = []
    for note in s.notes:
        where, _, message = note.partition(": ")
        if not message:
            where, message = "", note
        # every import note names something of the file that is not played as written
        # (left out, skipped, or loaded as something plainer): the scenario does not play fully
        out.append(Problem("error", where, message))

    by_hex = s.terrain_by_hex()
    for piece in s.terrain:
        if piece.type not in TERRAIN and piece.type not in COSMETIC_TERRAIN:
            out.append(Problem("error", piece.hex, f"the rules core does not know terrain "
                                                   f"{piece.type!r} yet"))
    unplayed: dict[str, list[str]] = {}
    for piece in s.terrain:
        tspec = TERRAIN.get(piece.type)
        if tspec is not None and tspec.not_played:
            places = unplayed.setdefault(f"{piece.type}: {tspec.not_played} is not played", [])
            if piece.hex not in places:
                places.append(piece.hex)
    for u in s.units:
        uspec = UNITS.get(u.type)
        if uspec is not None and uspec.not_played:
            places = unplayed.setdefault(f"{u.type}: {uspec.not_played} is not played", [])
            places.append(u.id)
    for name in s.variants:
        variant = VARIANTS.get(name)
        if variant is None:
            out.append(Problem("error", "variants", f"{name!r} is not a rule variant"))
        elif variant.not_played:
            unplayed.setdefault(f"{variant.label}: {variant.not_played} is not played", [])
    nations = {u.nation for u in s.units if u.nation}
    for variant in VARIANTS.values():
        if variant.not_played and variant.always_for_nations & nations:
            unplayed.setdefault(f"{variant.label}: {variant.not_played} is not played", [])
    for message, places in unplayed.items():
        out.append(Problem("error", ", ".join(places), message))
    specs_by_hex: dict[str, list[TerrainSpec]] = {}
    for hex_name, pieces in by_hex.items():
        counts = Counter(p.type for p in pieces)
        doubled = sorted(t for t, n in counts.items() if n > 1)
        if doubled:
            out.append(Problem("error", hex_name, f"{', '.join(doubled)} listed twice"))
        specs_by_hex[hex_name] = [TERRAIN[t] for t in counts if t in TERRAIN]

    occupied: dict[str, str] = {}
    for u in s.units:
        if u.hex in occupied:
            out.append(Problem("error", u.hex, f"two units on one hex: {occupied[u.hex]} "
                                               f"and {u.id}"))
        else:
            occupied[u.hex] = u.id
        spec = UNITS.get(u.type)
        if spec is None:
            out.append(Problem("error", u.id, f"the rules core does not know unit type "
                                              f"{u.type!r} yet"))
        elif u.figures is not None and u.figures > spec.figures:
            out.append(Problem("error", u.id, f"{u.figures} figures, but a full {u.type} unit "
                                              f"has {spec.figures}"))
        if u.type in AIR_UNITS:
            need = AirRules.AIR_PACK if u.type in AIR_PACK_UNITS else AirRules.FLIGHT_PLAN
            if s.air.rules is not need:
                out.append(Problem("error", u.id, f"{u.type} needs air rules {need.value!r}, "
                                                  f"the scenario has {_air(s)}"))
            continue  # air units fly over any terrain
        # A unit may be set up where it could not move to: artillery in a bunker is the
        # bunker's very point (it "may not move" from it). Only terrain no ground unit may
        # ever stand on (a lake, a river without a bridge) is a mistake.
        specs = specs_by_hex.get(u.hex, [])
        # a piece only its owner's units (of some classes) cross: open to those alone
        if spec is not None and specs and not _may_stand(specs, owner_crossed(
                ((t.type, t.owner) for t in by_hex.get(u.hex, [])), u.side, spec.unit_class)):
            kinds = ", ".join(t.name for t in specs)
            out.append(Problem("error", u.hex, f"{u.id} ({u.type}) stands on {kinds}, "
                                               f"where no ground unit may stand"))
    if s.air.rules is AirRules.FLIGHT_PLAN:
        out.extend(_superiority(s))
    for u in s.units:
        if u.type in FLIGHT_PLAN_UNITS and not u.ammo:
            out.append(Problem("warning", u.id, "no ammo given; the aircraft card's load "
                                                "will be used"))

    if s.variants.get("airfield_reinforcements") and not any(
            p.type == "airfield" for p in s.terrain):
        # seed 004, Airfields: reinforcements land "on an airfield hex"
        out.append(Problem("error", "variants.airfield_reinforcements",
                           "reinforcements land on an airfield, and the board has none"))
    for side in Side:
        if not any(u.side is side for u in s.units):
            out.append(Problem("error", side.value, "has no units"))
    for o in s.objectives:
        if o.kind is not ObjectiveKind.SUDDEN_DEATH and o.medals == 0:
            out.append(Problem("error", o.id, "objective worth 0 medals"))
    exits_seen: set[tuple[str, Side]] = set()
    for x in s.exits:
        if (x.hex, x.side) in exits_seen:
            out.append(Problem("error", x.hex, f"exit for {x.side.value} listed twice"))
        exits_seen.add((x.hex, x.side))
        if not s.geometry.is_edge(s.geometry.parse(x.hex)):
            out.append(Problem("warning", x.hex, "exit hex is not on a board edge"))
    out.sort(key=lambda p: p.severity != "error")
    return out


def _may_stand(specs: list[TerrainSpec], crossed: frozenset[str] = frozenset()) -> bool:
    if any(s.set_up_allowed for s in specs):
        return True  # impassable to enter, not to a unit set up there (17 Villers-Bocage)
    return any(hex_passable(specs, cls, crossed) for cls in (UnitClass.INFANTRY, UnitClass.ARMOR,
                                                             UnitClass.ARTILLERY))


def _superiority(s: Scenario) -> list[Problem]:
    """New Flight Plan's air superiority comes from the front and the year (as the game reads
    them: the air setup's, else the scenario's front and date). A scenario with neither is
    played with no air superiority, the table's own "Sometimes, there is no Air Superiority:
    both players receive the same number of Air Combat cards": said, as a warning."""
    front, year = s.air_front_year()
    if not front or not year:
        return [Problem("warning", "air", "no front or year for New Flight Plan's air "
                                          "superiority: neither side has it (both draw the "
                                          "same Air Combat cards)")]
    try:
        air_superiority(front, year)
    except UnknownFrontError as e:
        return [Problem("warning", "air", f"{e}: neither side has air superiority")]
    return []


def _air(s: Scenario) -> str:
    return "none" if s.air.rules is None else repr(s.air.rules.value)


def errors(s: Scenario) -> list[Problem]:
    return [p for p in problems(s) if p.severity == "error"]
