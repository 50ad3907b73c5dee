"""Exact battle odds before the dice are thrown, by counting faces (no sampling).

Each die lands on a face of one of three effect classes for a given target: a hit, a flag (a
retreat) or a miss. With ``h`` hit faces and ``f`` flag faces out of six, the number of hits and
flags from ``n`` dice follows the multinomial law

    P(hits = a, flags = b) = n! / (a! b! c!) * (h/6)^a * (f/6)^b * ((6-h-f)/6)^c,  c = n - a - b.

Fractions are exact; the referee turns them into floats for JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import factorial

from companion.rules.battle import (
    DIE_SIDES,
    FACE_WEIGHTS,
    FLAG,
    GRENADE,
    NO_MODIFIERS,
    BattleCheck,
    BattleModifiers,
    battle_check,
    ignorable_flags,
    retreat_options,
)
from companion.rules.position import Position

__all__ = ["DIE_SIDES", "FACE_WEIGHTS", "BattleOdds", "bar", "battle_odds", "clear_odds_cache",
           "face_weight", "odds_json", "outcome_counts", "outcome_distribution", "position_odds"]

Outcome = tuple[int, int, Fraction]  # (hits, flags, probability)


def clear_odds_cache() -> None:
    """Forget every cached distribution (benchmarks measure the uncached cost with it)."""
    outcome_counts.cache_clear()
    outcome_distribution.cache_clear()
    _battle_odds.cache_clear()


def face_weight(faces: Iterable[str]) -> int:
    """How many of the six sides show one of ``faces``."""
    return sum(FACE_WEIGHTS[f] for f in set(faces))


@lru_cache(maxsize=4096)
def outcome_counts(dice: int, hit_sides: int, flag_sides: int) -> tuple[tuple[int, int, int], ...]:
    """Every (hits, flags) outcome of ``dice`` dice with the number of the 6**dice equally likely
    rolls that give it. Cached by (dice, hit_sides, flag_sides)."""
    if dice < 0 or hit_sides < 0 or flag_sides < 0 or hit_sides + flag_sides > DIE_SIDES:
        raise ValueError(f"impossible dice: {dice} dice, {hit_sides} hit sides, {flag_sides} flag sides")
    miss_sides = DIE_SIDES - hit_sides - flag_sides
    out: list[tuple[int, int, int]] = []
    fn = factorial(dice)
    for a in range(dice + 1):
        for b in range(dice - a + 1):
            c = dice - a - b
            ways = fn // (factorial(a) * factorial(b) * factorial(c))
            count = ways * hit_sides**a * flag_sides**b * miss_sides**c
            if count:
                out.append((a, b, count))
    return tuple(out)


@lru_cache(maxsize=4096)
def outcome_distribution(dice: int, hit_sides: int, flag_sides: int) -> tuple[Outcome, ...]:
    """Every (hits, flags) outcome of ``dice`` dice with its exact probability.

    ``hit_sides`` and ``flag_sides`` are the numbers of die sides (out of 6) of each effect;
    cached by (dice, hit_sides, flag_sides).
    """
    total = DIE_SIDES**dice
    return tuple((a, b, Fraction(n, total)) for a, b, n in outcome_counts(dice, hit_sides, flag_sides))


@dataclass(frozen=True, slots=True)
class BattleOdds:
    """The exact chances of one battle, before the roll."""

    dice: int
    figures: int
    distribution: tuple[Outcome, ...]  # (hits, flags, p), p > 0, summing to 1
    hits: tuple[Fraction, ...]  # P(hits = k) for k = 0..dice
    p_hit: Fraction  # at least one hit
    p_eliminate: Fraction  # by hits, or by figures lost for retreats that cannot be made
    p_eliminate_by_hits: Fraction
    p_retreat: Fraction  # at least one flag left after ignored flags, unit not eliminated
    expected_figures_removed: Fraction  # by hits, never more than the unit has
    expected_figures_lost: Fraction  # hits plus the least a forced retreat can cost
    expected_medals: Fraction


def battle_odds(dice: int, hit_faces: Iterable[str], figures: int,
                flag_faces: Iterable[str] = (FLAG,), ignorable_flags: int = 0,
                retreat_losses: Sequence[int] | None = None,
                confirm_faces: Iterable[str] = ()) -> BattleOdds:
    """Exact odds for ``dice`` dice against a unit of ``figures`` figures.

    ``hit_faces``: faces that hit this target; ``flag_faces``: faces that force a retreat
    (a face that hits is never also a flag). ``ignorable_flags``: flags the target may ignore.
    ``retreat_losses[k]``: the fewest figures the target loses when it must retreat for ``k``
    flags (index 0 unused); absent means every retreat can be made. ``confirm_faces``: for a
    target whose hits must be confirmed (armored car), the faces of the re-roll that confirm the
    kill (a grenade); each hit die is re-rolled and one confirming face eliminates the unit.
    """
    hit_set = frozenset(hit_faces)
    flag_set = frozenset(flag_faces) - hit_set
    losses = None if retreat_losses is None else tuple(retreat_losses)
    return _battle_odds(dice, face_weight(hit_set), face_weight(flag_set), figures, ignorable_flags,
                        losses, face_weight(confirm_faces))


@lru_cache(maxsize=4096)
def _battle_odds(dice: int, hit_sides: int, flag_sides: int, figures: int, ignorable_flags: int,
                 retreat_losses: tuple[int, ...] | None, confirm_sides: int = 0) -> BattleOdds:
    # Whole numbers over one denominator, 6**dice rolls times 6**dice confirmation re-rolls
    # (a confirmation of a hits re-rolls a dice: its odds are scaled by 6**(dice - a)).
    rolls = DIE_SIDES**dice
    den = rolls * rolls
    miss = DIE_SIDES - confirm_sides
    hits = [0] * (dice + 1)
    p_hit = p_elim = p_elim_hits = p_retreat = 0
    e_removed = e_lost = 0
    for a, b, count in outcome_counts(dice, hit_sides, flag_sides):
        hits[a] += count
        if a:
            p_hit += count
        # (weight over den, figures removed by hits) for this outcome
        branches: tuple[tuple[int, int], ...]
        if confirm_sides and a:
            scale = DIE_SIDES ** (dice - a)
            confirmed = count * (DIE_SIDES**a - miss**a) * scale
            branches = ((confirmed, figures), (count * rolls - confirmed, 0))
        else:
            branches = ((count * rolls, min(a, figures)),)
        for w, removed in branches:
            if not w:
                continue
            e_removed += w * removed
            if removed >= figures:
                p_elim += w
                p_elim_hits += w
                e_lost += w * removed
                continue
            due = max(0, b - ignorable_flags)
            lost = 0
            if due:
                p_retreat += w
                if retreat_losses is not None:
                    lost = retreat_losses[min(due, len(retreat_losses) - 1)]
            left = figures - removed
            lost = min(lost, left)
            e_lost += w * (removed + lost)
            if lost >= left:
                p_elim += w
    elim = Fraction(p_elim, den)
    return BattleOdds(dice, figures, outcome_distribution(dice, hit_sides, flag_sides),
                      tuple(Fraction(h, rolls) for h in hits), Fraction(p_hit, rolls), elim,
                      Fraction(p_elim_hits, den), Fraction(p_retreat, den),
                      Fraction(e_removed, den), Fraction(e_lost, den), elim)


def odds_json(odds: BattleOdds) -> dict[str, object]:
    """The odds as JSON-ready floats (the referee's ``odds`` field)."""
    return {
        "dice": odds.dice,
        "distribution": [{"hits": a, "flags": b, "p": float(p)} for a, b, p in odds.distribution],
        "hits": [float(p) for p in odds.hits],
        "p_hit": float(odds.p_hit),
        "p_eliminate": float(odds.p_eliminate),
        "p_eliminate_by_hits": float(odds.p_eliminate_by_hits),
        "p_retreat": float(odds.p_retreat),
        "expected_figures_removed": float(odds.expected_figures_removed),
        "expected_figures_lost": float(odds.expected_figures_lost),
        "expected_medals": float(odds.expected_medals),
    }


def bar(p: float | Fraction, width: int = 30) -> str:
    """A text bar for a probability (used by the demo and the terminal front-end)."""
    filled = round(float(p) * width)
    return "#" * filled + "." * (width - filled)


def position_odds(position: Position, attacker_id: str, target_id: str,
                  modifiers: BattleModifiers | None = None, check: BattleCheck | None = None,
                  overrun: bool = False) -> BattleOdds:
    """The odds of one battle in a position: dice and hit faces from ``battle_check``, flags the
    target may ignore from its terrain, and the least each forced retreat can cost it.
    A battle that is not allowed has 0 dice (nothing can happen).
    """
    mods = modifiers or NO_MODIFIERS
    if check is None:
        check = battle_check(position, attacker_id, target_id, mods, overrun=overrun)
    target = position.units[target_id]
    ignorable = ignorable_flags(position, target) + mods.extra_flags_ignorable if mods.flags_ignorable else 0
    dice = check.dice if check.allowed else 0
    losses = [0]
    for k in range(1, dice + 1):
        options = retreat_options(position, target_id, k, mods.retreat_hexes, figures=k + 1)
        losses.append(min((o.figures_lost for o in options), default=0))
    confirm = (GRENADE,) if target.spec.confirm_hits else ()
    return battle_odds(dice, check.hit_faces, target.figures, check.flag_faces, ignorable, losses,
                       confirm)
