"""Aircraft data: Air Pack airplane models and New Flight Plan air-unit profiles.

Every number carries its source. Where no public source gives a number (the figures printed
on New Flight Plan aircraft cards, the Air Pack air-check values of most terrain), the value
here is a documented default that a game may override (see ``docs/rules-sources.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from companion.rules.records import dataclass, field

AIR_PACK = "Air Pack rulebook (2007), seed 000"
FLIGHT_PLAN = "New Flight Plan rulebook (2019), seed 001"
SETTING = "per-game setting: no public source gives this number"


class AirAction(StrEnum):
    """Air Pack air battle special actions (Air Pack p.6-7)."""

    STRAFING = "strafing"
    GROUND_SUPPORT = "ground_support"
    KAMIKAZE = "kamikaze"
    GROUND_INTERDICTION = "ground_interdiction"
    RECON = "recon"
    RESCUE = "rescue"
    TAKE_OFF_LAND = "take_off_land"


class ActionPhase(StrEnum):
    """When a special action happens."""

    MOVEMENT = "movement"  # during or at the end of the airplane's move
    COMBAT = "combat"  # the airplane player's combat phase
    OPPONENT_TURN = "opponent_turn"  # during the opponent's movement and combat phases
    END_OF_TURN = "end_of_turn"  # when the player replenishes his hand
    FREE = "free"  # a free action beside another one


ACTION_PHASES: Mapping[AirAction, ActionPhase] = MappingProxyType({
    AirAction.STRAFING: ActionPhase.MOVEMENT,
    AirAction.GROUND_SUPPORT: ActionPhase.COMBAT,
    AirAction.KAMIKAZE: ActionPhase.MOVEMENT,
    AirAction.GROUND_INTERDICTION: ActionPhase.OPPONENT_TURN,
    AirAction.RECON: ActionPhase.END_OF_TURN,
    AirAction.RESCUE: ActionPhase.MOVEMENT,
    AirAction.TAKE_OFF_LAND: ActionPhase.FREE,
})


@dataclass(frozen=True, slots=True)
class AirPackModel:
    """One Air Pack airplane model and the special actions its type may do."""

    key: str
    name: str
    nation: str
    actions: frozenset[AirAction]
    carrier: bool  # may take off from / land on an aircraft carrier
    source: str = AIR_PACK


def _model(key: str, name: str, nation: str, *extra: AirAction, carrier: bool = False,
           strafes: bool = True) -> AirPackModel:
    actions = {AirAction.TAKE_OFF_LAND, *extra}
    if strafes:
        actions.add(AirAction.STRAFING)
    return AirPackModel(key, name, nation, frozenset(actions), carrier)


_GS = AirAction.GROUND_SUPPORT
_GI = AirAction.GROUND_INTERDICTION

AIRPACK_MODELS: dict[str, AirPackModel] = {
    m.key: m
    for m in (
        _model("p40", "Curtiss P-40 Warhawk", "usa", _GI),
        _model("p38", "Lockheed P-38 Lightning", "usa", _GS),
        _model("corsair", "Vought F4U Corsair", "usa", _GS, carrier=True),
        _model("spitfire", "Supermarine Spitfire", "britain", _GI),
        _model("storch", "Fieseler Fi 156 Storch", "germany", AirAction.RECON, AirAction.RESCUE,
               strafes=False),
        _model("me109", "Messerschmitt Bf 109", "germany", _GI),
        _model("zero", "Mitsubishi A6M Zero", "japan", AirAction.KAMIKAZE, carrier=True),
        # Yak-1 and Yak-7 use the Yak-9 model but keep their own special action.
        _model("yak1", "Yakovlev Yak-1", "ussr", _GS),
        _model("yak7", "Yakovlev Yak-7", "ussr", _GI),
        _model("yak9", "Yakovlev Yak-9", "ussr", _GS),
    )
}


@dataclass(frozen=True, slots=True)
class SelectionGuideline:
    """Air Pack p.4: which model a nation flies, in which theatre, from which date."""

    nation: str
    model: str
    since: tuple[int, int] | None = None  # (year, month) from which it may fly
    theatre: str | None = None  # None: all theatres
    carrier_based: bool = False
    note: str = ""


# Nations not listed fly like their camp's lead nation (Air Pack p.4).
NATION_FALLBACK: Mapping[str, str] = MappingProxyType({
    "allies": "britain", "axis": "germany", "france": "britain", "poland": "britain",
    "italy": "germany", "finland": "germany",
})

SELECTION_GUIDELINES: tuple[SelectionGuideline, ...] = (
    SelectionGuideline("britain", "spitfire"),
    SelectionGuideline("britain", "p40", (1941, 8), "mediterranean"),
    SelectionGuideline("britain", "corsair", (1943, 6), "pacific", carrier_based=True),
    SelectionGuideline("germany", "storch"),
    SelectionGuideline("germany", "me109"),
    SelectionGuideline("japan", "zero"),
    SelectionGuideline("ussr", "yak1"),
    SelectionGuideline("ussr", "yak7"),
    SelectionGuideline("ussr", "yak9", (1942, 10)),
    SelectionGuideline("ussr", "p40", (1942, 1)),
    SelectionGuideline("usa", "p38"),
    SelectionGuideline("usa", "p40"),
    SelectionGuideline("usa", "corsair", (1943, 1), "pacific", note="ground-based Marine squadrons"),
    SelectionGuideline("usa", "corsair", (1943, 9), "pacific", carrier_based=True),
)


def airplane_choices(nation: str, theatre: str, year: int, month: int = 1,
                     carrier_based: bool = False) -> list[str]:
    """The Air Pack models a nation may fly in a theatre at a date (Air Pack p.4)."""
    nation = NATION_FALLBACK.get(nation, nation)
    found: list[str] = []
    for g in SELECTION_GUIDELINES:
        if g.nation != nation or (g.theatre is not None and g.theatre != theatre):
            continue
        if g.since is not None and (year, month) < g.since:
            continue
        if g.carrier_based and not carrier_based:
            continue
        if g.model not in found:
            found.append(g.model)
    return found


# --- Air Pack air-check values ------------------------------------------------------------

# Air Pack p.8-9: countryside 0d, airfield 0d, aircraft carrier 1d; the values live in the
# terrain table (TerrainSpec.air_check_dice), others are a per-game setting (AirPackSettings).
# Terrain whose air-check value replaces every other entry of the hex (carrier over ocean).
AIR_CHECK_OVERRIDES: frozenset[str] = frozenset({"aircraft_carrier"})


# --- New Flight Plan air-unit profiles ----------------------------------------------------

class Ammo(StrEnum):
    MACHINE_GUN = "machine_gun"
    BOMB = "bomb"


@dataclass(frozen=True, slots=True)
class AircraftProfile:
    """A New Flight Plan air-unit type: all models of a type share these numbers."""

    type: str
    move: int
    dogfight_dice: int
    ammo: Mapping[str, int]
    carrier: bool  # may land on an aircraft carrier
    strategic_bombing: bool  # may bomb an objective
    sources: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


def _ammo(machine_gun: int, bomb: int) -> Mapping[str, int]:
    return MappingProxyType({Ammo.MACHINE_GUN.value: machine_gun, Ammo.BOMB.value: bomb})


AIRCRAFT_PROFILES: dict[str, AircraftProfile] = {
    p.type: p
    for p in (
        AircraftProfile(
            "fighter", 4, 3, _ammo(6, 0), carrier=True, strategic_bombing=False,
            sources=MappingProxyType({
                "move": FLIGHT_PLAN + " p.III (up to 4 hexes)",
                "dogfight_dice": FLIGHT_PLAN + " (downing example: a fighter rolls three dice)",
                "ammo": SETTING + " (a review says fighters carry the most ammunition)",
                "carrier": FLIGHT_PLAN + " (air unit landing)",
            })),
        AircraftProfile(
            "fighter_bomber", 4, 2, _ammo(3, 3), carrier=True, strategic_bombing=True,
            sources=MappingProxyType({
                "move": FLIGHT_PLAN + " p.III (up to 4 hexes)",
                "dogfight_dice": SETTING,
                "ammo": FLIGHT_PLAN + " p.VI example (three ammo and three bomb markers)",
                "carrier": FLIGHT_PLAN + " (air unit landing)",
            })),
        AircraftProfile(
            "bomber", 4, 1, _ammo(0, 4), carrier=False, strategic_bombing=True,
            sources=MappingProxyType({
                "move": FLIGHT_PLAN + " p.III (up to 4 hexes)",
                "dogfight_dice": SETTING,
                "ammo": SETTING,
                "carrier": FLIGHT_PLAN + " (only fighters and fighter-bombers land on carriers)",
            })),
    )
}

# Models printed on the New Flight Plan aircraft cards, by type and nation (seed 001 p.VI).
FLIGHT_PLAN_MODELS: Mapping[str, Mapping[str, tuple[str, ...]]] = MappingProxyType({
    "fighter": MappingProxyType({
        "usa": ("North American P-51 Mustang (European Theater)",
                "Chance Vought F4U Corsair (Pacific Theater)"),
        "britain": ("Supermarine Spitfire",), "germany": ("Messerschmitt Bf 109",),
        "japan": ('Mitsubishi A6M "Zero"',), "ussr": ("Yakovlev Yak-9",),
    }),
    "fighter_bomber": MappingProxyType({
        "usa": ("Republic P-47 Thunderbolt",), "britain": ("Hawker Typhoon",),
        "germany": ("Junkers Ju 87 Stuka",), "japan": ('Aichi D3A "Val"',),
        "ussr": ("Iliouchine IL-2 Sturmovik",),
    }),
    "bomber": MappingProxyType({
        "usa": ("Boeing B-17 Flying Fortress",), "britain": ("Avro 683 Lancaster",),
        "germany": ("Heinkel He 111",), "japan": ('Mitsubishi G4M "Betty"',),
        "ussr": ("Iliouchine IL-4",),
    }),
})


# --- Air superiority (New Flight Plan p.I) ---------------------------------------------------

AIR_SUPERIORITY_YEARS: tuple[int, ...] = (1939, 1940, 1941, 1942, 1943, 1944, 1945)

# None: no air superiority. The Pacific row prints six cells, the last one spanning
# 1944-1945; it is read as Allies for both years.
AIR_SUPERIORITY: Mapping[str, tuple[str | None, ...]] = MappingProxyType({
    "western": ("axis", "axis", "axis", "axis", "axis", "allies", "allies"),
    "eastern": ("axis", "axis", "axis", "axis", None, None, None),
    "pacific": ("axis", "axis", "axis", "axis", None, "allies", "allies"),
})


class UnknownFrontError(ValueError):
    """A front or year the air-superiority table does not cover."""


def air_superiority(front: str, year: int) -> str | None:
    """The side (``"allies"``/``"axis"``) with air superiority on a front in a year, or None."""
    row = AIR_SUPERIORITY.get(front.lower())
    if row is None:
        allowed = ", ".join(AIR_SUPERIORITY)
        raise UnknownFrontError(f"front {front!r} is not in the air-superiority table; "
                                f"allowed: {allowed}")
    if year not in AIR_SUPERIORITY_YEARS:
        raise UnknownFrontError(f"year {year} is outside the air-superiority table "
                                f"({AIR_SUPERIORITY_YEARS[0]}-{AIR_SUPERIORITY_YEARS[-1]})")
    return row[AIR_SUPERIORITY_YEARS.index(year)]
