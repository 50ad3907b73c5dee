"""Camouflage (Actions 16): a camouflaged unit may only be targeted in a close assault; a
camouflaged unit that moves or battles loses its camouflage.

The text is bga-memoir's summary of the rule (modules/js/Board.js, the camouflage token's card:
"A camouflaged unit may only be targeted in a Close Assault", "A Camouflaged unit that moves or
battles lose its Camouflage"); the editor marks each camouflaged unit with a camouflage tag
(``tag14``, ``tag15``) on its hex, which bga-memoir reads as the token (Managers/Tokens.php,
``TOKEN_CAMOUFLAGE``; ``AbstractUnit::isCamouflaged``: the token on the unit's hex). Here the
unit carries the badge :data:`CAMOUFLAGE_BADGE`; the game removes it when the unit leaves its
hex (a move, a retreat, taking ground) or battles (``companion.game.ruleflows.CamouflageFlow``).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a referee query's start)

if TYPE_CHECKING:  # a referee query imports no typing (tests/test_leanjson.py)
    from companion.rules.position import Unit

CAMOUFLAGE_BADGE = "camouflaged"
VARIANT = "camouflage"


def camouflaged(unit: Unit) -> bool:
    """The unit still wears its camouflage."""
    return CAMOUFLAGE_BADGE in unit.badges


def targeting_problem(target: Unit, close_assault: bool) -> str | None:
    """Why ``target`` may not be targeted by this attack (None: it may): a camouflaged unit
    only by a close assault (an attack from an adjacent hex), never by a ranged battle nor a
    card's own attack (Barrage, Air Power)."""
    if close_assault or not camouflaged(target):
        return None
    return (f"{target.id} is camouflaged: it may only be targeted in a close assault "
            "(Actions 16)")


def air_targeting_problem(target: Unit) -> str | None:
    """Why an air unit's attack may not target ``target`` (None: it may). No air attack is a
    close assault (New Flight Plan: the Close Assault card "may not ... be used by an air unit
    against a ground unit"), so a camouflaged unit is no target for strafing, a kamikaze dive
    or an attack run's marker, even from the next hex."""
    if not camouflaged(target):
        return None
    return (f"{target.id} is camouflaged: it may only be targeted in a close assault, "
            "and an air attack is none (Actions 16)")


def without_camouflage(badges: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(b for b in badges if b != CAMOUFLAGE_BADGE)


__all__ = ["CAMOUFLAGE_BADGE", "VARIANT", "air_targeting_problem", "camouflaged",
           "targeting_problem",
           "without_camouflage"]
