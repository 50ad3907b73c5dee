"""The scenario model: everything printed on a scenario sheet, as plain data.

Hexes are named the way the scenario editor and ``shared/contracts/rules-query.md`` name
them (``G5``, ``a8``). Terrain, obstacle and unit types are the rules core's names
(``forest``, ``sandbags``, ``special_forces``...). :func:`to_position` turns a scenario into
the rules core's :class:`~companion.rules.position.Position`.
"""

from __future__ import annotations

from enum import StrEnum

from companion.rules.board import Board, BoardKind, Hex, Side
from companion.rules.position import Position, PositionError, Unit
from companion.rules.records import dataclass, field
from companion.rules.terrain import TERRAIN
from companion.rules.units import UNITS
from companion.rules.variants import VARIANTS, unit_variants

FORMAT_NAME = "m44-companion-scenario"
FORMAT_VERSION = 1


class ScenarioError(ValueError):
    """A scenario that cannot be loaded; ``field`` is the dotted path of the bad value."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


class BoardFace(StrEnum):
    """The printed side of the board (the background every hex starts with)."""

    COUNTRYSIDE = "countryside"
    BEACH = "beach"
    WINTER = "winter"
    DESERT = "desert"


class ObjectiveKind(StrEnum):
    """How an objective medal is won and kept."""

    TEMPORARY = "temporary"  # held while a unit of an eligible side stands on the hex(es)
    TEMPORARY_MAJORITY = "temporary_majority"  # held by the side occupying most of the group
    PERMANENT = "permanent"  # kept once won, even when the unit leaves
    SUDDEN_DEATH = "sudden_death"  # occupying it wins the game at once
    LAST_TO_OCCUPY = "last_to_occupy"  # kept by the last side to occupy it, even when empty


class AirRules(StrEnum):
    AIR_PACK = "air-pack"  # Air Pack (2007)
    FLIGHT_PLAN = "flight-plan"  # New Flight Plan (2019)


# Names the fixed interface requires of the rules core (shared/contracts/rules-query.md).
# A scenario may use them even while the rules core is still learning them; `check`
# reports such gaps and `to_position` refuses them.
CONTRACT_TERRAIN: frozenset[str] = frozenset({
    "countryside", "forest", "hedgerow", "hill", "town", "river", "ocean", "beach", "bridge",
    "sandbags", "barbed_wire", "hedgehogs", "bunker", "minefield", "marsh", "airfield",
    "aircraft_carrier",
})
CONTRACT_UNITS: frozenset[str] = frozenset({
    "infantry", "armor", "artillery", "special_forces", "elite_armor", "french_resistance",
    "airplane", "fighter", "fighter_bomber", "bomber",
})
# Unit types named by the scenario brief beyond the contract (Terrain Pack / Equipment Pack).
EXTRA_UNITS: frozenset[str] = frozenset({"anti_tank", "armored_car"})
# Pieces that change nothing in the base rules; kept for the map, left out of a Position.
COSMETIC_TERRAIN: frozenset[str] = frozenset({"road", "railway"})

AIR_PACK_UNITS: frozenset[str] = frozenset({"airplane"})
FLIGHT_PLAN_UNITS: frozenset[str] = frozenset({"fighter", "fighter_bomber", "bomber"})
AIR_UNITS: frozenset[str] = AIR_PACK_UNITS | FLIGHT_PLAN_UNITS


def rules_terrain() -> frozenset[str]:
    """Terrain names the rules core knows right now."""
    return frozenset(TERRAIN)


def rules_units() -> frozenset[str]:
    """Unit type names the rules core knows right now."""
    return frozenset(UNITS)


def known_terrain() -> frozenset[str]:
    """Every terrain name a scenario may use."""
    return CONTRACT_TERRAIN | COSMETIC_TERRAIN | rules_terrain()


def known_units() -> frozenset[str]:
    """Every unit type a scenario may use."""
    return CONTRACT_UNITS | EXTRA_UNITS | rules_units()


@dataclass(slots=True)
class TerrainPiece:
    """One terrain tile or obstacle on one hex. A hex may carry several (a hill with sandbags)."""

    hex: str
    type: str
    # The editor's rotation, 1..6 in steps of 60 degrees, for pieces that have a direction
    # (rivers, roads, bridges, sandbags, wire); None for pieces that look the same any way.
    # A wadi's plays: it says which of its sides are the open ends (card 44; TerrainSpec.open_angles).
    orientation: int | None = None
    # The side that placed it, where the rules care (bunkers, minefields).
    owner: Side | None = None
    # A number printed on it: a minefield's dice (0 a decoy); None when face down or none. For
    # a bridge that can be blown: the medals blowing it gives (behaviour2 ONE_MEDAL_IF_BLOWN).
    value: int | None = None


@dataclass(slots=True)
class UnitSetup:
    """One unit as set up at the start."""

    id: str
    side: Side
    type: str
    hex: str
    figures: int | None = None  # None: the type's full strength
    badges: tuple[str, ...] = ()
    nation: str | None = None  # e.g. "us", "gb", "de"; informative
    # air units
    airborne: bool = False
    model: str | None = None  # Air Pack airplane model, e.g. "spitfire"
    ammo: dict[str, int] = field(default_factory=dict)  # New Flight Plan: machine_gun, bomb
    # rule variants of this unit alone (the editor's unit behaviours: ARMOR_MOVE_TWO...)
    variants: tuple[str, ...] = ()


@dataclass(slots=True)
class Objective:
    """An objective medal: where it stands, how it is won, who may win it, what it is worth."""

    id: str
    kind: ObjectiveKind
    hexes: tuple[str, ...]
    sides: tuple[Side, ...]  # sides that may win it
    medals: int = 1
    hexes_needed: int = 1  # hexes of the group a side must hold (1 for a single hex)
    at_turn_start: bool = False  # counted only at the start of the holder's turn
    label: str = ""
    at_turn_end: bool = False  # (sudden death) checked only at the end of the holder's turn
    # (temporary) the side that holds it while no side that may claim it does
    held_by_default: Side | None = None
    # the only units (ids) that may claim it, and who they are in the briefing's words (6541:
    # "a Permanent Medal Objective for the Armored Axis units"); empty: any unit of its sides
    units: tuple[str, ...] = ()
    units_said: str = ""


@dataclass(slots=True)
class ExitHex:
    """An exit hex (or Air Pack exit marker): units of ``side`` leaving by it score medals."""

    hex: str
    side: Side
    medals: int = 1


@dataclass(slots=True)
class SideSetup:
    country: str | None = None
    cards: int = 5
    medals_to_win: int = 6


@dataclass(slots=True)
class AirSetup:
    rules: AirRules | None = None
    front: str | None = None  # New Flight Plan air superiority: "western", "eastern", ...
    year: int | None = None
    # Air Pack: the two Air Sortie cards as the scenario deals them (None: one to each player,
    # Air Pack p.3); ``sorties_in_deck`` shuffled into the command deck; the sides that may not
    # use one (3496: it is discarded and a command card drawn instead)
    sorties: dict[Side, int] | None = None
    sorties_in_deck: int = 0
    sortie_unusable: tuple[Side, ...] = ()


@dataclass(slots=True)
class MapLabel:
    """A place name printed on the scenario's map (the editor's ``board.labels``: "Toulon")."""

    hex: str
    text: str


@dataclass(slots=True)
class Airdrop:
    """One airdrop before ``side``'s first turn (``daylight``: at the start of its first turn in
    full daylight): ``units`` figures of ``unit_type`` dropped over ``center`` (a hex name;
    None: anywhere over the board), ``range`` hexes of it where
    the scenario says so. Each figure that lands on the board, on an empty hex where it may
    stand, becomes a unit there (base game 3 Sainte-Mere-Eglise; bga-memoir option airdrop)."""

    side: Side
    units: int
    unit_type: str = "infantry"
    center: str | None = None
    range: int | None = None
    nation: str | None = None
    # dropped at the start of the side's first turn in full daylight, not before its first
    # turn (bga-memoir option airdrop2 with NEED_FULL_DAY_VISIBILITY: 6687's glider drop)
    daylight: bool = False
    # dropped before the game's first turn, whichever side moves first (6369: "Before the Axis
    # player takes his first turn, the Allied player makes three paradrops")
    at_start: bool = False


@dataclass(slots=True)
class ScenarioText:
    name: str
    description: str = ""
    special_rules: str = ""


@dataclass(slots=True)
class Scenario:
    id: str
    text: dict[str, ScenarioText]
    board: BoardKind = BoardKind.STANDARD
    face: BoardFace = BoardFace.COUNTRYSIDE
    bottom: Side = Side.ALLIES
    sides: dict[Side, SideSetup] = field(
        default_factory=lambda: {Side.ALLIES: SideSetup(), Side.AXIS: SideSetup()}
    )
    starts: Side = Side.ALLIES
    terrain: list[TerrainPiece] = field(default_factory=list)
    units: list[UnitSetup] = field(default_factory=list)
    objectives: list[Objective] = field(default_factory=list)
    exits: list[ExitHex] = field(default_factory=list)
    air: AirSetup = field(default_factory=AirSetup)
    date: str | None = None  # ISO date of the battle, when known
    front: str | None = None
    # What an importer could not carry over (unknown codes, each with its hex); `check` shows them.
    notes: list[str] = field(default_factory=list)
    # Scenario rules in play (``companion.rules.variants``): name -> the side it applies to
    # ("allies", "axis") or "" for both / not side-bound.
    variants: dict[str, str] = field(default_factory=dict)
    airdrops: list[Airdrop] = field(default_factory=list)  # in the order they are dropped
    labels: list[MapLabel] = field(default_factory=list)  # place names on the map

    @property
    def geometry(self) -> Board:
        return Board.of(self.board, self.bottom)

    def name(self, lang: str = "en") -> str:
        return self.texts(lang).name

    def texts(self, lang: str = "en") -> ScenarioText:
        """The text in ``lang``, else English, else whichever language there is."""
        if lang in self.text:
            return self.text[lang]
        if "en" in self.text:
            return self.text["en"]
        return next(iter(self.text.values()))

    def air_front_year(self) -> tuple[str | None, int | None]:
        """The front and the year New Flight Plan's air superiority is read from: the air
        setup's, else the scenario's front and the year of its date (None where unknown)."""
        date = self.date or ""
        year = self.air.year or (int(date[:4]) if date[:4].isdigit() else None)
        return self.air.front or self.front, year

    def terrain_by_hex(self) -> dict[str, list[TerrainPiece]]:
        out: dict[str, list[TerrainPiece]] = {}
        for piece in self.terrain:
            out.setdefault(piece.hex, []).append(piece)
        return out

    def figures(self, unit: UnitSetup) -> int:
        """The unit's figures, its type's full strength when the scenario gives none."""
        if unit.figures is not None:
            return unit.figures
        spec = UNITS.get(unit.type)
        return spec.figures if spec is not None else 1


def to_position(scenario: Scenario) -> Position:
    """The rules core's ``Position`` at the start of ``scenario``.

    Raises ScenarioError naming the field when the rules core cannot represent it (a type it
    does not know yet, two units on one hex). Cosmetic pieces (roads) are left out. Owners
    (a bunker's side) and values (a minefield's number) go with their pieces.
    """
    board = scenario.geometry
    known_t = rules_terrain()
    known_u = rules_units()
    terrain: dict[Hex, tuple[str, ...]] = {}
    owners: dict[tuple[Hex, str], Side] = {}
    values: dict[tuple[Hex, str], int] = {}
    facing: dict[tuple[Hex, str], int] = {}
    for i, piece in enumerate(scenario.terrain):
        if piece.type not in known_t:
            if piece.type in COSMETIC_TERRAIN:
                continue
            raise ScenarioError(f"terrain[{i}].type",
                                f"the rules core does not know {piece.type!r} yet")
        h = board.parse(piece.hex)
        if piece.type not in terrain.get(h, ()):
            terrain[h] = (*terrain.get(h, ()), piece.type)
        if piece.owner is not None:
            owners[(h, piece.type)] = piece.owner
        if piece.value is not None:
            values[(h, piece.type)] = piece.value
        if piece.orientation is not None and TERRAIN[piece.type].open_angles:
            facing[(h, piece.type)] = piece.orientation  # a wadi's slopes (card 44)
    position = Position(board, terrain=terrain,
                        air_rules=None if scenario.air.rules is None else scenario.air.rules.value,
                        terrain_owners=owners, terrain_values=values,
                        terrain_orientations=facing)
    for i, u in enumerate(scenario.units):
        unknown = [v for v in u.variants if v not in VARIANTS]
        if unknown:
            raise ScenarioError(f"units[{i}].variants", f"{unknown[0]!r} is not a rule variant")
        if u.type not in known_u:
            raise ScenarioError(f"units[{i}].type",
                                f"the rules core does not know {u.type!r} yet")
        try:
            position.add_unit(Unit(id=u.id, side=u.side, type=u.type, hex=board.parse(u.hex),
                                   figures=scenario.figures(u), badges=u.badges,
                                   airborne=u.airborne, model=u.model, ammo=dict(u.ammo),
                                   nation=u.nation,
                                   variants=unit_variants(scenario.variants, u.side)
                                   + u.variants))
        except PositionError as exc:
            raise ScenarioError(f"units[{i}]", str(exc)) from None
    return position
