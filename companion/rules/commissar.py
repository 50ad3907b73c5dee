"""The Soviet Political Commissar (Eastern Front, Russian Command rules): which command card the
Soviet player may play this turn, given the card held under the Commissar chip.

Rules: the Soviet player places the card he means to play under the Commissar chip a turn
ahead (the first one before the battle starts). On his turn he plays the card under the chip,
then places a new card from his hand under it. A Recon 1 card may instead be played straight
from the hand (the card under the chip then stays for a later turn); a reaction card (Ambush)
is played from the hand during the opponent's turn as usual. In Overlord games Recon 1 cards
go under the chip too. Sources: docs/rules-sources.md.

The game layer holds the chip card (a per-side state) and calls :func:`commissar_may_play`
before it accepts a card and :func:`commissar_side` to know whether the rule is on; the rules
core has no other hook for it.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.board import Side
from companion.rules.cards import CardError, card

RECON_ONE: frozenset[str] = frozenset({"recon_left", "recon_center", "recon_right"})


def commissar_side(variants: Mapping[str, str]) -> Side | None:
    """The side under the Commissar rule (the option names it; the Soviets are the Allies
    when it does not), or None when the scenario does not use it."""
    if "russian_commissar" not in variants:
        return None
    who = variants["russian_commissar"]
    return Side.AXIS if who == "axis" else Side.ALLIES


def commissar_may_play(card_id: str, chip_card: str | None, *, from_hand: bool,
                       overlord: bool = False) -> str | None:
    """Why the Soviet player may not play ``card_id`` now (None: he may).

    ``chip_card``: the card under the Commissar chip (None before one was placed);
    ``from_hand``: the card comes from the hand rather than from under the chip.
    Raises :class:`~companion.rules.cards.CardError` for an unknown card name."""
    spec = card(card_id)
    if not from_hand:
        if chip_card is None:
            return "no card is under the Commissar chip"
        if card(chip_card).id != spec.id:
            return f"the card under the Commissar chip is {card(chip_card).name}, not {spec.name}"
        return None
    if spec.reaction:
        return None  # Ambush: played in the opponent's turn, as usual
    if spec.id in RECON_ONE and not overlord:
        return None
    if spec.id in RECON_ONE:
        return "in Overlord, Recon 1 cards go under the Commissar chip like any other"
    return (f"{spec.name} must first be placed under the Commissar chip: the Soviet player plays "
            "the card placed there a turn ahead (or a Recon 1 card from his hand)")


def commissar_may_place(card_id: str, chip_card: str | None) -> str | None:
    """Why ``card_id`` may not go under the chip now (None: it may): one card at a time."""
    card(card_id)
    if chip_card is not None:
        return f"{card(chip_card).name} is already under the Commissar chip"
    return None


__all__ = ["RECON_ONE", "CardError", "commissar_may_place", "commissar_may_play", "commissar_side"]
