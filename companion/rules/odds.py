"""Exact battle odds before the dice are thrown, by counting faces (no sampling).

Each die lands on a face of one of three effect classes for a given target: a hit, a flag (a
retreat) or a miss. With ``h`` hit faces and ``f`` flag faces out of six, the number of hits and
flags from ``n`` dice follows the multinomial law

    P(hits = a, flags = b) = n! / (a! b! c!) * (h/6)^a * (f/6)^b * ((6-h-f)/6)^c,  c = n - a - b.

Everything is counted in whole numbers over one denominator (``6**dice`` rolls, times
``6**dice`` confirmation re-rolls for a target whose hits are confirmed): no ``Fraction`` is
made unless asked for. :class:`BattleOdds` keeps the counts and gives each probability as an
exact ``Fraction`` on demand; :func:`odds_json` divides the counts directly (a correctly
rounded ``int / int``, the same float as the ``Fraction`` would give).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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
from companion.rules.records import dataclass

__all__ = ["DIE_SIDES", "FACE_WEIGHTS", "BattleOdds", "bar", "battle_odds", "clear_odds_cache",
           "face_weight", "odds_json", "outcome_counts", "outcome_distribution", "position_odds"]

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from fractions import Fraction

    Outcome = tuple[int, int, Fraction]  # (hits, flags, probability)


def _fraction(numerator: int, denominator: int) -> Fraction:
    """An exact probability (``fractions`` and the ``decimal`` it brings are imported only when
    one is asked for: the app and the referee read the counts)."""
    from fractions import Fraction

    return Fraction(numerator, denominator)


def clear_odds_cache() -> None:
    """Forget every cached distribution (benchmarks measure the uncached cost with it)."""
    outcome_counts.cache_clear()
    outcome_distribution.cache_clear()
    _loss_free_odds.cache_clear()
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
    return tuple((a, b, _fraction(n, total)) for a, b, n in outcome_counts(dice, hit_sides, flag_sides))


@dataclass(frozen=True, slots=True)
class BattleOdds:
    """The exact chances of one battle, before the roll, as whole-number counts.

    ``rolls`` = 6**dice equally likely rolls; ``den`` = the denominator of the figures-lost
    counts (``rolls`` times the confirmation re-rolls). Each probability named in the
    contract is a property giving an exact ``Fraction``.
    """

    dice: int
    figures: int
    hit_sides: int
    flag_sides: int
    rolls: int
    den: int
    hit_counts: tuple[int, ...]  # rolls with k hits, k = 0..dice
    hit_any: int  # over rolls
    eliminate: int  # over den: by hits, or by figures lost for retreats that cannot be made
    eliminate_by_hits: int  # over den
    retreat: int  # over den: at least one flag left after ignored flags, unit not eliminated
    figures_removed: int  # over den: sum of figures removed by hits
    figures_lost: int  # over den: hits plus the least a forced retreat can cost

    @property
    def distribution(self) -> tuple[Outcome, ...]:
        """(hits, flags, p) for every outcome with p > 0; the p sum to 1."""
        return outcome_distribution(self.dice, self.hit_sides, self.flag_sides)

    @property
    def hits(self) -> tuple[Fraction, ...]:
        """P(hits = k) for k = 0..dice."""
        return tuple(_fraction(n, self.rolls) for n in self.hit_counts)

    @property
    def p_hit(self) -> Fraction:
        return _fraction(self.hit_any, self.rolls)

    @property
    def p_eliminate(self) -> Fraction:
        return _fraction(self.eliminate, self.den)

    @property
    def p_eliminate_by_hits(self) -> Fraction:
        return _fraction(self.eliminate_by_hits, self.den)

    @property
    def p_retreat(self) -> Fraction:
        return _fraction(self.retreat, self.den)

    @property
    def expected_figures_removed(self) -> Fraction:
        return _fraction(self.figures_removed, self.den)

    @property
    def expected_figures_lost(self) -> Fraction:
        return _fraction(self.figures_lost, self.den)

    @property
    def expected_medals(self) -> Fraction:
        return _fraction(self.eliminate, self.den)


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


@dataclass(frozen=True, slots=True)
class _LossFree:
    """The counts of one battle that do not depend on what retreats cost, and the weight of
    every (flags due, figures left) case where they do."""

    base: BattleOdds  # figures_lost counts hits only; eliminate counts eliminations by hits
    retreats: tuple[tuple[int, int, int], ...]  # (flags due > 0, figures left > 0, weight over den)
    most_due: int  # the most flags due in any outcome (0: no retreat can happen)


@lru_cache(maxsize=4096)
def _loss_free_odds(dice: int, hit_sides: int, flag_sides: int, figures: int, ignorable_flags: int,
                    confirm_sides: int) -> _LossFree:
    # Whole numbers over one denominator, 6**dice rolls times 6**dice confirmation re-rolls
    # (a confirmation of a hits re-rolls a dice: its odds are scaled by 6**(dice - a)).
    rolls = DIE_SIDES**dice
    den = rolls * rolls
    miss = DIE_SIDES - confirm_sides
    hits = [0] * (dice + 1)
    p_hit = p_elim = p_retreat = e_removed = 0
    cases: dict[tuple[int, int], int] = {}
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
                continue
            due = b - ignorable_flags
            if due > 0:
                p_retreat += w
                key = (due, figures - removed)
                cases[key] = cases.get(key, 0) + w
    base = BattleOdds(dice, figures, hit_sides, flag_sides, rolls, den, tuple(hits), p_hit,
                      p_elim, p_elim, p_retreat, e_removed, e_removed)
    retreats = tuple((due, left, w) for (due, left), w in sorted(cases.items()))
    return _LossFree(base, retreats, max((due for due, _, _ in retreats), default=0))


@lru_cache(maxsize=4096)
def _battle_odds(dice: int, hit_sides: int, flag_sides: int, figures: int, ignorable_flags: int,
                 retreat_losses: tuple[int, ...] | None, confirm_sides: int = 0) -> BattleOdds:
    free = _loss_free_odds(dice, hit_sides, flag_sides, figures, ignorable_flags, confirm_sides)
    return _with_losses(free, retreat_losses)


def _with_losses(free: _LossFree, retreat_losses: Sequence[int] | None) -> BattleOdds:
    """The odds once the least figures lost for each number of flags due are known."""
    base = free.base
    if retreat_losses is None or not free.retreats:
        return base
    last = len(retreat_losses) - 1
    elim = base.eliminate
    lost_total = base.figures_lost
    for due, left, w in free.retreats:
        lost = min(retreat_losses[min(due, last)], left)
        lost_total += w * lost
        if lost >= left:
            elim += w
    return BattleOdds(base.dice, base.figures, base.hit_sides, base.flag_sides, base.rolls, base.den,
                      base.hit_counts, base.hit_any, elim, base.eliminate_by_hits, base.retreat,
                      base.figures_removed, lost_total)


def odds_json(odds: BattleOdds) -> dict[str, object]:
    """The odds as JSON-ready floats (the referee's ``odds`` field)."""
    rolls, den = odds.rolls, odds.den
    return {
        "dice": odds.dice,
        "distribution": [{"hits": a, "flags": b, "p": n / rolls}
                         for a, b, n in outcome_counts(odds.dice, odds.hit_sides, odds.flag_sides)],
        "hits": [n / rolls for n in odds.hit_counts],
        "p_hit": odds.hit_any / rolls,
        "p_eliminate": odds.eliminate / den,
        "p_eliminate_by_hits": odds.eliminate_by_hits / den,
        "p_retreat": odds.retreat / den,
        "expected_figures_removed": odds.figures_removed / den,
        "expected_figures_lost": odds.figures_lost / den,
        "expected_medals": odds.eliminate / den,
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

    The retreat is searched once, for the most flags any outcome leaves due, and only when one
    can: with ``k`` flags a unit completes ``min(k, d)`` retreat moves, ``d`` being the most it
    can complete at all, so the fewest figures lost for every smaller ``k`` follow from it
    (checked against a search per flag count in tests/rules/test_odds_equivalence.py).
    """
    mods = modifiers or NO_MODIFIERS
    if check is None:
        check = battle_check(position, attacker_id, target_id, mods, overrun=overrun)
    target = position.units[target_id]
    ignorable = ignorable_flags(position, target) + mods.extra_flags_ignorable if mods.flags_ignorable else 0
    dice = check.dice if check.allowed else 0
    confirm_sides = FACE_WEIGHTS[GRENADE] if target.spec.confirm_hits else 0
    hit_set = frozenset(check.hit_faces)
    hit_sides = face_weight(hit_set)
    flag_sides = face_weight(frozenset(check.flag_faces) - hit_set)
    figures = target.figures
    free = _loss_free_odds(dice, hit_sides, flag_sides, figures, ignorable, confirm_sides)
    most = free.most_due
    if most == 0:
        return free.base
    options = retreat_options(position, target_id, most, mods.retreat_hexes, figures=most + 1)
    fewest = min((o.figures_lost for o in options), default=0)
    completed = most - fewest  # retreat moves the unit can make, up to ``most``
    losses = tuple(max(0, k - completed) for k in range(most + 1))
    return _battle_odds(dice, hit_sides, flag_sides, figures, ignorable, losses, confirm_sides)
