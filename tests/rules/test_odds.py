"""Exact battle odds, checked against brute-force enumeration of every face combination."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from companion.rules.odds import battle_odds, face_weight, outcome_distribution, position_odds
from companion.rules.referee import answer, position_from_json

DIE = ("infantry", "infantry", "armor", "grenade", "star", "flag")  # base rules p.10


def brute_force(n: int, hit_faces: frozenset[str]) -> dict[tuple[int, int], Fraction]:
    counts: Counter[tuple[int, int]] = Counter()
    for roll in itertools.product(DIE, repeat=n):
        hits = sum(f in hit_faces for f in roll)
        flags = sum(f == "flag" and f not in hit_faces for f in roll)
        counts[(hits, flags)] += 1
    return {k: Fraction(v, 6**n) for k, v in counts.items()}


HIT_SETS = [
    frozenset({"infantry", "grenade"}),  # target: infantry
    frozenset({"armor", "grenade"}),  # target: armor
    frozenset({"grenade"}),  # target: artillery
    frozenset({"armor", "grenade", "star"}),  # anti-tank gun against armor
    frozenset({"infantry", "grenade", "flag"}),  # a card that turns flags into hits
]


@pytest.mark.parametrize("hit_faces", HIT_SETS, ids=lambda s: "+".join(sorted(s)))
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_odds_match_brute_force_enumeration(n: int, hit_faces: frozenset[str]) -> None:
    flag_sides = 0 if "flag" in hit_faces else 1
    exact = {(a, b): p for a, b, p in outcome_distribution(n, face_weight(hit_faces), flag_sides)}
    assert exact == brute_force(n, hit_faces)
    assert sum(exact.values()) == 1


def test_odds_one_die_against_infantry_armor_artillery() -> None:
    assert battle_odds(1, {"infantry", "grenade"}, 4).p_hit == Fraction(1, 2)
    assert battle_odds(1, {"armor", "grenade"}, 3).p_hit == Fraction(1, 3)
    assert battle_odds(1, {"grenade"}, 2).p_hit == Fraction(1, 6)


def test_odds_three_dice_eliminate_a_one_figure_infantry() -> None:
    odds = battle_odds(3, {"infantry", "grenade"}, 1)
    assert odds.p_eliminate == 1 - Fraction(1, 8)
    assert odds.expected_medals == odds.p_eliminate
    assert odds.expected_figures_removed == odds.p_eliminate  # one figure at most


def test_odds_expected_figures_removed_is_capped_by_the_unit() -> None:
    # 2 dice against a 1-figure artillery: removed = 1 if any grenade
    odds = battle_odds(2, {"grenade"}, 1)
    assert odds.expected_figures_removed == 1 - Fraction(25, 36)
    uncapped = battle_odds(2, {"grenade"}, 2)
    assert uncapped.expected_figures_removed == Fraction(2, 6)


def test_odds_hits_marginal_sums_to_one_and_matches_binomial() -> None:
    odds = battle_odds(4, {"infantry", "grenade"}, 4)
    assert sum(odds.hits) == 1
    assert odds.hits[4] == Fraction(1, 16) and odds.hits[0] == Fraction(1, 16)


def test_odds_ignored_flags_never_force_a_retreat() -> None:
    odds = battle_odds(1, {"infantry", "grenade"}, 4, ignorable_flags=1)
    assert odds.p_retreat == 0
    assert battle_odds(1, {"infantry", "grenade"}, 4).p_retreat == Fraction(1, 6)


def test_odds_count_eliminations_by_retreats_that_cannot_be_made() -> None:
    # a 1-figure unit with its back to its own edge: a hit or a flag both eliminate it
    odds = battle_odds(1, {"infantry", "grenade"}, 1, retreat_losses=[0, 1])
    assert odds.p_eliminate == Fraction(4, 6)
    assert odds.p_eliminate_by_hits == Fraction(3, 6)


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def test_position_odds_use_dice_terrain_and_retreat_losses() -> None:
    pos = position_from_json({"units": [unit("a1", "allies", "infantry", "F7"),
                                        unit("x1", "axis", "infantry", "F9", figures=1)]})
    odds = position_odds(pos, "a1", "x1")
    assert odds.dice == 2
    # every outcome but a clean miss (no hit, no flag) eliminates the unit against its own edge
    assert odds.p_eliminate == 1 - Fraction(2, 6) ** 2


def test_position_odds_not_allowed_means_nothing_happens() -> None:
    pos = position_from_json({"units": [unit("a1", "allies", "infantry", "A1"),
                                        unit("x1", "axis", "infantry", "A9")]})
    odds = position_odds(pos, "a1", "x1")
    assert odds.dice == 0 and odds.p_hit == 0 and [p for _, _, p in odds.distribution] == [1]


def test_odds_in_the_battle_answer_when_no_dice_are_given() -> None:
    out = answer({"units": [unit("a1", "allies", "armor", "f4"), unit("x1", "axis", "armor", "F5")],
                  "ask": {"battle": {"attacker": "a1", "target": "x1"}}})
    odds = out["battle"]["odds"]
    assert odds["dice"] == 3
    assert sum(e["p"] for e in odds["distribution"]) == pytest.approx(1.0)
    assert odds["p_hit"] == pytest.approx(1 - (4 / 6) ** 3)
    assert "result" not in out


def test_odds_are_cached_by_dice_and_face_counts() -> None:
    assert outcome_distribution(5, 3, 1) is outcome_distribution(5, 3, 1)


def test_odds_reject_impossible_dice() -> None:
    with pytest.raises(ValueError):
        outcome_distribution(2, 5, 2)


def test_odds_armored_car_kill_needs_a_confirming_grenade() -> None:
    # 1 die against an armored car (hit as infantry): P(hit) 1/2, then P(grenade on the re-roll) 1/6
    odds = battle_odds(1, {"infantry", "grenade"}, 1, confirm_faces={"grenade"})
    assert odds.p_hit == Fraction(1, 2)
    assert odds.p_eliminate == Fraction(1, 12)
    # 2 dice, both hit (1/4): confirmed unless both re-rolls miss the grenade (1 - 25/36)
    two = battle_odds(2, {"infantry", "grenade"}, 1, confirm_faces={"grenade"})
    assert two.p_eliminate == Fraction(1, 4) * (1 - Fraction(25, 36)) + Fraction(1, 2) * Fraction(1, 6)


def test_position_odds_know_the_armored_car_rule() -> None:
    pos = position_from_json({"units": [unit("i", "allies", "infantry", "f4"),
                                        unit("car", "axis", "armored_car", "F5")]})
    odds = position_odds(pos, "i", "car")
    assert odds.dice == 3 and odds.p_eliminate < odds.p_hit
