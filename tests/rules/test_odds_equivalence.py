"""Exact odds by integer counting give the same answers as the first, Fraction-based version
(``odds_reference.py``): every probability as the same Fraction, every JSON float the same
bits, on every dice/faces/figures/flags combination and on thousands of random positions."""

from __future__ import annotations

import random
from itertools import product

from companion.rules.battle import battle_check
from companion.rules.board import Board, Hex, Side
from companion.rules.odds import _battle_odds, odds_json, position_odds
from companion.rules.position import Position, Unit
from companion.rules.units import UNITS
from tests.rules import odds_reference as ref

FIELDS = ("hits", "p_hit", "p_eliminate", "p_eliminate_by_hits", "p_retreat",
          "expected_figures_removed", "expected_figures_lost", "expected_medals", "distribution",
          "dice", "figures")


def same(new: object, old: object) -> None:
    for f in FIELDS:
        assert getattr(new, f) == getattr(old, f), f
    assert odds_json(new) == ref.odds_json(old)  # type: ignore[arg-type]


def test_every_dice_face_and_figure_combination_matches_the_fraction_version() -> None:
    rng = random.Random(18)
    n = 0
    for dice, hit, figures, ignorable, confirm in product(range(0, 9), range(0, 7), range(1, 5),
                                                          range(0, 3), (0, 1)):
        for flag in range(0, 7 - hit):
            lengths = [None, [0] * (dice + 1), [0, *sorted(rng.choices(range(4), k=dice))],
                       [0, *rng.choices(range(5), k=max(1, dice))]]
            for losses in lengths:
                key = None if losses is None else tuple(losses)
                same(_battle_odds(dice, hit, flag, figures, ignorable, key, confirm),
                     ref._battle_odds(dice, hit, flag, figures, ignorable, key, confirm))
                n += 1
    assert n > 10_000


GROUND = [t for t, s in UNITS.items() if not s.air and s.air_rules is None]
TERRAINS = ["forest", "hill", "town", "river", "ocean", "sandbags", "bunker", "hedgerow",
            "marsh", "minefield", "barbed_wire", "hedgehogs", "beach", "bridge"]


def random_position(rng: random.Random) -> tuple[Position, str, str]:
    board = Board.of("standard", rng.choice(["allies", "axis"]))
    hexes = [Hex(c, r) for r in range(9) for c in range(25) if (c + r) % 2 == 0 and board.contains(Hex(c, r))]
    pos = Position(board)
    for h in rng.sample(hexes, rng.randint(0, 25)):
        pos.terrain[h] = (rng.choice(TERRAINS),)
    spots = rng.sample(hexes, rng.randint(2, 30))
    for i, h in enumerate(spots):
        kind = rng.choice(GROUND)
        side = Side.ALLIES if i % 2 == 0 else Side.AXIS
        pos.add_unit(Unit(f"u{i}", side, kind, h, rng.randint(1, UNITS[kind].figures)))
    ids = list(pos.units)
    attacker = rng.choice([u for u in ids if pos.units[u].side is Side.ALLIES])
    # mostly an enemy at range; now and then a unit next to the attacker or far away
    target = rng.choice([u for u in ids if pos.units[u].side is Side.AXIS])
    return pos, attacker, target


def test_position_odds_on_random_positions_match_the_retreat_searched_per_flag_count() -> None:
    rng = random.Random(1944)
    allowed = retreating = 0
    for _ in range(3000):
        pos, attacker, target = random_position(rng)
        check = battle_check(pos, attacker, target)
        same(position_odds(pos, attacker, target, check=check),
             ref.position_odds(pos, attacker, target, check=check))
        allowed += check.allowed
        retreating += bool(check.allowed and position_odds(pos, attacker, target).p_retreat)
    assert allowed > 300 and retreating > 200  # the sample reaches the cases that matter


def test_position_odds_with_french_resistance_and_card_modifiers_match() -> None:
    from companion.rules.battle import BattleModifiers

    rng = random.Random(6)
    for i in range(600):
        pos, attacker, target = random_position(rng)
        mods = BattleModifiers(extra_dice=rng.randint(0, 2), flags_ignorable=rng.random() < 0.7,
                               extra_flags_ignorable=rng.randint(0, 1),
                               retreat_hexes=rng.choice([None, 1, 2, 3]))
        if i % 3 == 0:
            t = pos.units[target]
            pos.units[target] = Unit(t.id, t.side, "french_resistance", t.hex, rng.randint(1, 3))
        same(position_odds(pos, attacker, target, mods), ref.position_odds(pos, attacker, target, mods))
