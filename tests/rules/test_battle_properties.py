"""Properties of every battle (hypothesis): on random positions, terrain and rolls."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules.battle import FACES, battle_check, resolve_battle, retreat_options
from companion.rules.board import Board, Hex, Side
from companion.rules.odds import battle_odds
from companion.rules.position import Position, Unit
from companion.rules.units import UNITS

BOARD = Board.of("standard", "allies")
HEXES = BOARD.all_hexes
GROUND = ["infantry", "armor", "artillery", "special_forces", "elite_armor", "french_resistance"]
TERRAIN = ["forest", "hill", "town", "river", "ocean", "sandbags", "hedgehogs", "bunker", "bridge",
           "hedgerow", "beach"]


@st.composite
def battles(draw: st.DrawFn) -> tuple[Position, str, str]:
    n = draw(st.integers(min_value=2, max_value=10))
    spots = draw(st.lists(st.sampled_from(HEXES), min_size=n, max_size=n, unique=True))
    pos = Position(BOARD)
    for i, h in enumerate(spots):
        kind = draw(st.sampled_from(GROUND))
        side = Side.ALLIES if i % 2 == 0 else Side.AXIS
        figures = draw(st.integers(min_value=1, max_value=UNITS[kind].figures))
        moved = draw(st.integers(min_value=0, max_value=1))
        pos.add_unit(Unit(f"u{i}", side, kind, h, figures, moved))
    terrain = draw(st.dictionaries(st.sampled_from(HEXES), st.sampled_from(TERRAIN), max_size=12))
    pos.terrain = {h: (t,) for h, t in terrain.items()}
    # attacker u0 (allies), target u1 (axis); sometimes put them side by side
    if draw(st.booleans()):
        a = pos.units["u0"].hex
        free = [x for x in BOARD.neighbours(a) if not pos.is_occupied(x)]
        if free:
            pos.move_unit("u1", draw(st.sampled_from(free)))
    return pos, "u0", "u1"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles(), st.data())
def test_battle_properties_hold_for_any_position_and_roll(
        case: tuple[Position, str, str], data: st.DataObject) -> None:
    pos, a, t = case
    check = battle_check(pos, a, t)
    assert check.dice >= 0
    assert check.allowed == (check.dice > 0)
    if not check.allowed:
        assert check.reason
        return
    faces = data.draw(st.lists(st.sampled_from(FACES), min_size=check.dice, max_size=check.dice))
    target = pos.units[t]
    home = BOARD.home_row(target.side)
    before = abs(target.hex.row - home)
    r = resolve_battle(pos, a, t, faces)
    assert 0 <= r.figures_removed <= target.figures
    assert r.figures_removed <= r.hits
    assert r.eliminated == (r.figures_removed == target.figures)
    assert sum(r.medals.values()) == (1 if r.eliminated else 0)
    left = target.figures - r.figures_removed
    for option in r.retreat:
        assert 0 <= option.figures_lost <= left
        assert option.eliminated == (option.figures_lost >= left)
        if option.path:
            # every hex of a retreat is strictly closer to the unit's own edge than the last
            rows = [abs(h.row - home) for h in (target.hex, *option.path)]
            assert all(x > y for x, y in itertools.pairwise(rows))
            assert not pos.is_occupied(option.hex)
        else:
            assert option.hex == target.hex and option.figures_lost > 0
        assert abs(option.hex.row - home) <= before
    if r.take_ground:
        assert check.close_assault and UNITS[pos.units[a].type].take_ground
    if r.armor_overrun:
        assert r.take_ground and UNITS[pos.units[a].type].overrun
    assert pos.units[t].figures == target.figures  # nothing is changed by asking


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(HEXES), st.integers(min_value=1, max_value=4),
       st.sampled_from(["infantry", "french_resistance", "armor"]))
def test_retreat_options_always_move_toward_home(h: Hex, flags: int, kind: str) -> None:
    pos = Position(BOARD)
    pos.add_unit(Unit("x", Side.AXIS, kind, h, UNITS[kind].figures))
    home = BOARD.home_row(Side.AXIS)
    for option in retreat_options(pos, "x", flags):
        if option.path:
            assert abs(option.hex.row - home) < abs(h.row - home)
        # every flag is either a hex moved or a figure lost
        per_flag = UNITS[kind].retreat_hexes
        moved_rows = abs(h.row - option.hex.row)
        assert moved_rows + option.figures_lost * 1 >= flags or option.eliminated
        assert moved_rows <= flags * per_flag


DIE = ("infantry", "infantry", "armor", "grenade", "star", "flag")


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=3),
       st.frozensets(st.sampled_from(FACES), max_size=4),
       st.integers(min_value=1, max_value=4),
       st.integers(min_value=0, max_value=1))
def test_odds_sum_to_one_and_match_brute_force(n: int, hit_faces: frozenset[str], figures: int,
                                               ignorable: int) -> None:
    odds = battle_odds(n, hit_faces, figures, ignorable_flags=ignorable)
    assert sum(p for _, _, p in odds.distribution) == 1
    assert sum(odds.hits) == 1
    counts: Counter[tuple[int, int]] = Counter()
    for roll in itertools.product(DIE, repeat=n):
        counts[(sum(f in hit_faces for f in roll),
                sum(f == "flag" and f not in hit_faces for f in roll))] += 1
    assert {(a, b): p for a, b, p in odds.distribution} == {
        k: Fraction(v, 6**n) for k, v in counts.items()
    }
    assert 0 <= odds.p_eliminate <= 1
    assert odds.expected_figures_removed <= figures


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles())
def test_odds_agree_with_resolving_every_roll(case: tuple[Position, str, str]) -> None:
    """The odds before the roll equal what the engine does with each of the 6**n rolls."""
    from companion.rules.odds import position_odds

    pos, a, t = case
    check = battle_check(pos, a, t)
    if not check.allowed or check.dice > 3:
        return
    target = pos.units[t]
    n = check.dice
    p_hit = p_elim = e_removed = Fraction(0)
    for roll in itertools.product(DIE, repeat=n):
        r = resolve_battle(pos, a, t, list(roll), check=check)
        p = Fraction(1, 6**n)
        p_hit += p if r.hits else 0
        e_removed += p * r.figures_removed
        cheapest = min((o.figures_lost for o in r.retreat), default=0)
        if r.eliminated or (r.retreat and cheapest >= target.figures - r.figures_removed):
            p_elim += p
    odds = position_odds(pos, a, t)
    assert (odds.p_hit, odds.p_eliminate, odds.expected_figures_removed) == (p_hit, p_elim, e_removed)
