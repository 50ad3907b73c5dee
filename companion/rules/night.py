"""Night attacks: how far units see, and how a roll each turn changes it.

Rules (Pacific Theater rulebook, Actions "Night Attacks"; the Night Visibility chart): the battle
starts in the dark with a visibility of 1 hex. At the start of each turn of the side the
scenario names, that side rolls 4 battle dice; each star moves the visibility one step up the
chart (2, 3, 4, 5 hexes); the step after 5 is full daylight, when the night rules end and no
more dice are rolled. A unit may battle only a target at most the visibility away (artillery
too). Some scenarios use the chart in reverse (bga-memoir 4089 "Night Withdrawal": start at 6,
each star one step down, fully night = close assault only).

The rules core reads the visibility from ``Position.visibility`` (None: daylight, no limit;
``battle.battle_check`` refuses a target further away). The game layer keeps the rolls and sets
``Position.visibility`` from :func:`night_visibility` at the start of each turn; the functions
here are what it calls. Sources: docs/rules-sources.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.rules.board import Side

NIGHT_DICE = 4  # battle dice rolled each turn
NIGHT_START = 1  # hexes seen at the start of a night battle
FULL_DAYLIGHT = 6  # the chart's last step: the night rules end
REVERSE_START = 6  # the chart in reverse: day fading into night
FULL_NIGHT = 1  # the reverse chart's last step: close assault only
STAR = "star"
# the scenario variants of night attacks: the chart read forward (night into day) or in reverse
NIGHT_VARIANTS = ("night_visibility", "night_visibility_reverse")
REVERSE_VARIANT = "night_visibility_reverse"


def night_reverse(variants: Mapping[str, str]) -> bool:
    """Whether the scenario reads the night chart in reverse (day fading into night)."""
    return REVERSE_VARIANT in variants


def night_visibility(rolls: Sequence[Sequence[str]], *, reverse: bool = False) -> int | None:
    """The visibility in hexes after the night rolls made so far (oldest first), or None once
    it is full daylight (no limit). Rolls after the chart's end change nothing."""
    vis = REVERSE_START if reverse else NIGHT_START
    for faces in rolls:
        stars = sum(1 for f in faces if f == STAR)
        if reverse:
            vis = max(FULL_NIGHT, vis - stars)
        else:
            vis = min(FULL_DAYLIGHT, vis + stars)
            if vis >= FULL_DAYLIGHT:
                return None
    return vis


def night_roll_due(rolls: Sequence[Sequence[str]], *, reverse: bool = False) -> bool:
    """Whether the night side still rolls at the start of its turn (not after full daylight,
    nor once fully night on the reverse chart)."""
    vis = night_visibility(rolls, reverse=reverse)
    return vis is not None and not (reverse and vis <= FULL_NIGHT)


def night_roller(variants: Mapping[str, str], starts: Side) -> Side | None:
    """The side that rolls for visibility at the start of its turns: the side the scenario's
    ``night_visibility`` option names (the editor's ``night_visibility_team_turn``), else the
    side that plays first (our reading, unverified); None without night rules."""
    name = next((n for n in NIGHT_VARIANTS if n in variants), None)
    if name is None:
        return None
    who = variants[name]
    return Side(who) if who in ("allies", "axis") else starts


def within_visibility(distance: int, visibility: int | None) -> bool:
    """Whether a target ``distance`` hexes away may be battled at ``visibility``."""
    return visibility is None or distance <= max(1, visibility)


__all__ = ["FULL_DAYLIGHT", "FULL_NIGHT", "NIGHT_DICE", "NIGHT_START", "NIGHT_VARIANTS",
           "REVERSE_START", "REVERSE_VARIANT", "night_reverse", "night_roll_due", "night_roller",
           "night_visibility", "within_visibility"]
