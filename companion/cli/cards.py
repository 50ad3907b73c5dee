"""``companion cards``: the command-card deck, or what one card does."""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("card", nargs="?", help="a card id or name (e.g. firefight, \"Move Out!\")")
    parser.add_argument("--air", choices=("air-pack", "flight-plan"), default=None,
                        help="the deck under these air rules")


def run(args: argparse.Namespace) -> int:
    from companion.rules.cards import DECK, NO_EFFECT, CardError, card, deck_list, move_allowance
    from companion.rules.units import UNITS

    if args.card is None:
        ids = deck_list(args.air)
        print(f"{len(ids)} command cards" + (f" ({args.air})" if args.air else ""))
        for spec in DECK:
            n = ids.count(spec.id)
            if n:
                print(f"  {n} x {spec.name:<22} {spec.kind.value:<7} {spec.summary}")
        return 0
    try:
        spec = card(args.card)
    except CardError as exc:
        print(f"companion cards: {exc}", file=sys.stderr)
        return 2
    print(f"{spec.name} ({spec.id}): {spec.kind.value} card, {spec.count} in the deck")
    print(f"  {spec.summary}")
    for kind in ("infantry", "armor", "artillery"):
        reach = move_allowance(spec, UNITS[kind])
        effect = spec.effect_for(UNITS[kind].unit_class)
        if effect != NO_EFFECT:
            extra = f", +{effect.extra_dice} die" if effect.extra_dice else ""
            again = f", then move {reach.move_after_battle} again" if reach.move_after_battle else ""
            print(f"  {kind}: move {reach.move}, battle after {reach.move_and_battle}, "
                  f"{reach.battles} battle(s){extra}{again}")
    print(f"  source: {spec.source}")
    return 0
