"""A lost tray is said once, with what to do instead, and said again when it is back (the dice
desk's ``on_status``), with a real tray hub and tray dice source."""

from __future__ import annotations

from typing import Any

from companion.dice.desk import DiceDesk
from companion.dice.tray import TrayDiceSource
from companion.game.auto import AutoPlayer
from companion.game.session import GameSession
from companion.scenarios import load_builtin
from companion.tray import codec
from companion.tray.hub import TrayHub


def _to_next_roll(g: GameSession, player: AutoPlayer) -> None:
    if g.dice_request() is not None:
        g.act(player.next_action(g))
    while g.dice_request() is None and not g.over:
        g.act(player.next_action(g))


def test_a_lost_tray_is_said_once_with_what_to_do_and_again_when_it_is_back() -> None:
    g = GameSession.new(load_builtin("orchard-ridge"), options={"seed": 4}, deck_seed=4)
    player = AutoPlayer(4)
    hub = TrayHub()
    source = TrayDiceSource(hub, resend=30)
    said: list[str] = []
    arrived: list[dict[str, Any]] = []
    desk = DiceDesk(source, arrived.append, said.append,
                    offline_hint="type them instead (dice FACE ...)")
    try:
        _to_next_roll(g, player)
        desk.due(g.dice_request())  # no tray has ever been heard
        assert said == ["tray offline: type them instead (dice FACE ...)"]
        assert desk.online is False
        g.act(player.next_action(g))  # the players type the dice
        _to_next_roll(g, player)
        desk.due(g.dice_request())
        assert len(said) == 1  # said once, not at every roll
        hub.receive(codec.hello("tray-1", 1, 1, fw="1", caps=[], dice="m44"), "serial:/dev/tty9")
        assert said[-1].startswith("tray back online") and desk.online is True
        hub.link_lost("serial:/dev/tty9")
        assert said[-1] == "tray offline: type them instead (dice FACE ...)" and len(said) == 3
        hub.link_lost("serial:/dev/tty9")  # nothing new: nothing said
        assert len(said) == 3
    finally:
        desk.close()
        source.close()


def test_the_app_default_says_tap_the_dice() -> None:
    hub = TrayHub()
    source = TrayDiceSource(hub, resend=30)
    said: list[str] = []
    desk = DiceDesk(source, lambda a: None, said.append)
    try:
        g = GameSession.new(load_builtin("orchard-ridge"), options={"seed": 4}, deck_seed=4)
        _to_next_roll(g, AutoPlayer(4))
        desk.due(g.dice_request())
        assert said == ["tray offline: tap the dice instead"]
    finally:
        desk.close()
        source.close()
