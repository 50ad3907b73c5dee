"""The exact odds as their first version computed them (Fractions built from the counts, the
retreat searched once per number of flags): the reference the integer counting of
``companion.rules.odds`` must match exactly (issue 18). Test code only."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from companion.rules.battle import (
    DIE_SIDES,
    GRENADE,
    NO_MODIFIERS,
    BattleCheck,
    BattleModifiers,
    battle_check,
    ignorable_flags,
    retreat_options,
)
from companion.rules.odds import face_weight, outcome_counts, outcome_distribution
from companion.rules.position import Position

Outcome = tuple[int, int, Fraction]


@dataclass(frozen=True, slots=True)
class ReferenceOdds:
    """The odds as the first version computed them, in Fractions."""

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


def _battle_odds(dice: int, hit_sides: int, flag_sides: int, figures: int, ignorable_flags: int,
                 retreat_losses: tuple[int, ...] | None, confirm_sides: int = 0) -> ReferenceOdds:
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
    return ReferenceOdds(dice, figures, outcome_distribution(dice, hit_sides, flag_sides),
                      tuple(Fraction(h, rolls) for h in hits), Fraction(p_hit, rolls), elim,
                      Fraction(p_elim_hits, den), Fraction(p_retreat, den),
                      Fraction(e_removed, den), Fraction(e_lost, den), elim)


def odds_json(odds: ReferenceOdds) -> dict[str, object]:
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


def position_odds(position: Position, attacker_id: str, target_id: str,
                  modifiers: BattleModifiers | None = None, check: BattleCheck | None = None,
                  overrun: bool = False) -> ReferenceOdds:
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
    hit_set = frozenset(check.hit_faces)
    flag_set = frozenset(check.flag_faces) - hit_set
    return _battle_odds(dice, face_weight(hit_set), face_weight(flag_set), target.figures, ignorable,
                        tuple(losses), face_weight(confirm))
