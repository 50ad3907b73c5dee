"""The British battle back, played by the game (British Commonwealth Forces, Nations 5).

The rule as bga-memoir plays it (``States/AttackUnitsTrait``: ``stAttackThrow`` then
``actBattleBack``/``actBattleBackPass``, "may battle back with 1 die"): a British unit that a
close assault leaves with 1 figure, not eliminated and not retreating, may at once battle back
at the assaulting unit with 1 die (terrain does not change it); the die's hits and flags are
resolved as a battle's (medals go to the British side, flags retreat the assaulter, its owner
choosing where); nobody takes ground after it, it is not answered by another battle back, and
the turn then goes on with the next battle. Its owner may decline.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.cli.play import parse_command
from companion.game.auto import AutoPlayer
from companion.game.session import GameSession, IllegalAction
from companion.game.state import Phase
from companion.rules.board import Side
from companion.rules.variants import unit_spec
from companion.scenarios import Scenario, ScenarioText, SideSetup, TerrainPiece, UnitSetup
from companion.store import GameStore

A, X = Side.ALLIES, Side.AXIS


def british_scenario(brit_figures: int = 3, assaulter: str = "infantry", medals: int = 4,
                     assaulter_figures: int | None = None, terrain: list[TerrainPiece] | None = None,
                     nation: str = "brit") -> Scenario:
    """The Axis move first: their unit x1 on G6 next to the British infantry b1 on G5."""
    units = [
        UnitSetup("b1", A, "infantry", "G5", figures=brit_figures, nation=nation),
        UnitSetup("b2", A, "infantry", "A1", nation=nation),
        UnitSetup("x1", X, assaulter, "g6", figures=assaulter_figures),
        UnitSetup("x2", X, "infantry", "A9"),
    ]
    return Scenario(
        id="brit-duel", text={"en": ScenarioText("British duel")}, units=units,
        terrain=list(terrain or []), starts=X,
        sides={A: SideSetup(cards=5, medals_to_win=medals),
               X: SideSetup(cards=5, medals_to_win=medals)},
    )


def assault(g: GameSession, faces: list[str]) -> None:
    """The Axis play Attack Center, order x1 alone and close-assault b1 with ``faces``."""
    g.act({"do": "play_card", "card": "attack_center"})
    g.act({"do": "order", "units": ["x1"]})
    g.act({"do": "end_moves"})
    g.act({"do": "battle", "attacker": "x1", "target": "b1"})
    g.act({"do": "dice", "faces": faces})


def test_british_unit_left_with_one_figure_is_offered_its_battle_back() -> None:
    g = GameSession.new(british_scenario())
    assert g.state.position.units["b1"].spec == unit_spec("infantry", A, "brit",
                                                          ("british_commonwealth",))
    assault(g, ["infantry", "infantry", "star"])  # 2 hits: 3 figures -> 1
    st = g.state
    assert st.position.units["b1"].figures == 1
    assert st.phase is Phase.BATTLE_BACK
    p = g.prompt()
    assert p.kind == "battle_back" and p.side == "allies"
    assert p.text == ("Allies: the British infantry on G5 holds with 1 figure: battle back at "
                      "the infantry on g6 (1 die), or decline.")
    assert [c.label for c in p.choices] == ["Battle back", "Decline"]
    assert p.actions == ("battle_back",)
    legal = g.legal()
    assert legal.side is A
    assert legal.battle_back is not None and legal.battle_back.dice == 1
    assert {"do": "battle_back"} in legal.candidates()
    assert {"do": "battle_back", "decline": True} in legal.candidates()
    # the Axis may not go on with their turn before the British answer
    with pytest.raises(IllegalAction):
        g.act({"do": "end_turn"})


def test_the_battle_back_throws_one_die_thrown_by_the_british() -> None:
    g = GameSession.new(british_scenario())
    assault(g, ["infantry", "infantry", "star"])
    ev = g.act({"do": "battle_back"})
    assert [e.kind for e in ev] == ["battle_back_declared"]
    assert ev[0].data["dice"] == 1 and ev[0].data["side"] == "allies"
    p = g.prompt()
    assert p.kind == "dice" and p.side == "allies"
    assert p.dice is not None and p.dice.count == 1 and p.dice.thrower == "allies"
    assert "battles back at" in p.dice.purpose and "infantry on g6" in p.dice.purpose
    assert p.dice.odds is not None and p.dice.odds["dice"] == 1
    req = g.dice_request()
    assert req is not None and req.count == 1 and req.thrower == "allies"
    with pytest.raises(IllegalAction, match="1 dice are due"):
        g.act({"do": "dice", "faces": ["infantry", "infantry"]})
    ev = g.act({"do": "dice", "faces": ["grenade"]})
    res = next(e for e in ev if e.kind == "battle_resolved").data
    assert res["attacker"] == "b1" and res["target"] == "x1" and res["battled_back"]
    assert res["hits"] == 1 and not res["take_ground"] and not res.get("battle_back")
    assert g.state.position.units["x1"].figures == 3
    # the Axis turn goes on: x1 has battled, nothing else is ordered: end the turn
    assert g.prompt().kind == "battle" and g.state.active is X
    assert g.legal().attackers == ()


def test_terrain_does_not_change_the_battle_back_die() -> None:
    # the assaulter stands in a forest (-1 die for infantry battling into it): still 1 die
    g = GameSession.new(british_scenario(terrain=[TerrainPiece("g6", "forest")]))
    assault(g, ["infantry", "infantry", "star"])
    bb = g.legal().battle_back
    assert bb is not None and bb.dice == 1


def test_a_battle_back_that_eliminates_the_assaulter_wins_the_british_a_medal() -> None:
    g = GameSession.new(british_scenario(medals=1, assaulter_figures=1))
    assault(g, ["infantry", "infantry", "star"])
    g.act({"do": "battle_back"})
    ev = g.act({"do": "dice", "faces": ["infantry"]})
    kinds = [e.kind for e in ev]
    assert "x1" not in g.state.position.units
    assert kinds[-2:] == ["medal_won", "game_over"]
    assert g.state.medals[A] == 1 and g.state.winner is A


def test_a_battle_back_flag_retreats_the_assaulter_its_owner_choosing() -> None:
    g = GameSession.new(british_scenario())
    assault(g, ["infantry", "infantry", "star"])
    g.act({"do": "battle_back"})
    g.act({"do": "dice", "faces": ["flag"]})
    p = g.prompt()
    assert p.kind == "retreat" and p.side == "axis"
    g.act({"do": "retreat", "hex": p.choices[0].key})
    st = g.state
    assert st.hex_name(st.position.units["x1"].hex) == p.choices[0].key
    # nobody takes ground after a battle back: the Axis battle phase goes on
    assert g.prompt().kind == "battle" and st.position.units["b1"].figures == 1


def test_declining_goes_on_with_the_turn() -> None:
    g = GameSession.new(british_scenario())
    assault(g, ["infantry", "infantry", "star"])
    ev = g.act(parse_command("decline"))
    assert [e.kind for e in ev] == ["battle_back_declined"]
    assert g.prompt().kind == "battle" and g.state.battle is None
    assert g.state.position.units["x1"].figures == 4


def test_no_battle_back_when_the_unit_keeps_more_figures_retreats_or_is_gone() -> None:
    for faces, left in ((["infantry", "star", "star"], 2), (["infantry", "infantry", "flag"], None),
                        (["infantry", "infantry", "infantry"], None)):
        g = GameSession.new(british_scenario())
        assault(g, faces)
        assert g.state.phase is not Phase.BATTLE_BACK
        assert g.prompt().kind != "battle_back"
        if left is not None:
            assert g.state.position.units["b1"].figures == left


def test_no_battle_back_for_a_unit_that_is_not_british() -> None:
    g = GameSession.new(british_scenario(nation="us"))
    assault(g, ["infantry", "infantry", "star"])
    assert g.state.position.units["b1"].figures == 1
    assert g.prompt().kind == "battle"


def test_no_battle_back_at_range() -> None:
    s = british_scenario()
    s.units[2] = UnitSetup("x1", X, "infantry", "G7")  # 2 hexes away: a ranged battle
    g = GameSession.new(s)
    assault(g, ["infantry", "infantry"])
    assert g.state.position.units["b1"].figures == 1
    assert g.prompt().kind == "battle"


def test_the_battle_back_is_not_battled_back() -> None:
    # the assaulter is British too (a made-up duel): left with 1 figure by the battle back, it
    # does not answer in turn
    s = british_scenario(assaulter_figures=2)
    s.units[2] = UnitSetup("x1", X, "infantry", "g6", figures=2, nation="brit")
    g = GameSession.new(s)
    assault(g, ["infantry", "infantry", "star"])
    g.act({"do": "battle_back"})
    ev = g.act({"do": "dice", "faces": ["infantry"]})
    res = next(e for e in ev if e.kind == "battle_resolved").data
    assert g.state.position.units["x1"].figures == 1 and not res.get("battle_back")
    assert g.prompt().kind == "battle"


def test_undo_takes_the_answer_back_but_not_the_die() -> None:
    g = GameSession.new(british_scenario())
    assault(g, ["infantry", "infantry", "star"])
    g.act({"do": "battle_back", "decline": True})
    assert "undo" in g.prompt().actions
    g.act({"do": "undo"})
    assert g.prompt().kind == "battle_back"
    g.act({"do": "battle_back"})
    g.act({"do": "undo"})
    assert g.prompt().kind == "battle_back"
    g.act({"do": "battle_back"})
    g.act({"do": "dice", "faces": ["star"]})
    assert "undo" not in g.prompt().actions


def test_a_resumed_game_is_where_it_was(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "g.sqlite")
    g = GameSession.new(british_scenario(), store=store)
    assault(g, ["infantry", "infantry", "star"])
    again = GameSession.resume(store, g.game_id)
    assert again.prompt() == g.prompt()
    again.act({"do": "battle_back"})
    third = GameSession.resume(store, g.game_id)
    assert third.prompt().kind == "dice" and third.prompt().side == "allies"
    third.act({"do": "dice", "faces": ["infantry"]})
    fourth = GameSession.resume(store, g.game_id)
    assert fourth.state.position.units["x1"].figures == 3
    assert fourth.prompt().kind == "battle"


def test_the_dice_review_works_for_the_battle_back() -> None:
    g = GameSession.new(british_scenario())
    assault(g, ["infantry", "infantry", "star"])
    g.act({"do": "battle_back"})
    g.act({"do": "dice", "faces": ["star"], "review": True})
    p = g.prompt()
    assert p.kind == "review_dice" and p.side == "allies"
    g.act({"do": "correct", "index": 0, "face": "infantry"})
    g.act({"do": "apply_dice"})
    assert g.state.position.units["x1"].figures == 3


def test_the_players_may_overrule_the_battle_back_die() -> None:
    g = GameSession.new(british_scenario())
    assault(g, ["infantry", "infantry", "star"])
    g.act({"do": "battle_back"})
    g.act({"do": "dice", "faces": ["star"], "review": True})
    ev = g.act({"do": "apply_dice", "hits": 1, "flags": 0, "reason": "the die rolled off"})
    assert [e.kind for e in ev][:2] == ["result_overridden", "battle_resolved"]
    assert g.state.position.units["x1"].figures == 3
    assert g.prompt().kind == "battle"


def test_the_options_say_it_in_players_words() -> None:
    from companion.game.prompter import options_lines

    g = GameSession.new(british_scenario())
    assault(g, ["infantry", "infantry", "star"])
    lines = options_lines(g.legal())
    assert any("British infantry on G5 holds with 1 figure: battle back at the infantry on g6 "
               "with 1 die (type: back) or decline (type: decline)" in line for line in lines)
    assert parse_command("back") == {"do": "battle_back"}


def test_the_auto_player_battles_back() -> None:
    g = GameSession.new(british_scenario())
    assault(g, ["infantry", "infantry", "star"])
    bot = AutoPlayer(seed=3)
    action = bot.next_action(g)
    assert action == {"do": "battle_back"}
    g.act(action)
    g.act(bot.next_action(g))  # its die
    assert g.state.battle is None or g.state.phase is Phase.RETREAT


def test_an_auto_game_of_the_british_demo_reaches_the_battle_back() -> None:
    # the demo scenario's Allies are British: whole auto games meet the rule and play it
    from companion.scenarios import load_builtin

    seen = 0
    for seed in range(1, 7):
        g = GameSession.new(load_builtin("gull-point-landing"), deck_seed=seed,
                            options={"seed": seed})
        bot = AutoPlayer(seed)
        for _ in range(3000):
            if g.over:
                break
            if g.prompt().kind == "battle_back":
                seen += 1
            g.act(bot.next_action(g))
        if seen:
            break
    assert seen


def test_the_terminal_offers_back_or_decline_and_plays_the_die(tmp_path: Path) -> None:
    import subprocess
    import sys

    from companion.scenarios.jsonformat import save

    scenario = tmp_path / "brit.json"
    save(british_scenario(), scenario)
    script = "\n".join([
        "card attack_center", "order g6", "done", "battle g6 G5",
        "dice infantry infantry star",   # the British infantry holds with 1 figure
        "end",                           # the Axis may not end the turn before the answer
        "back",
        "dice grenade grenade",          # 1 die is due
        "dice grenade",
    ]) + "\n"
    r = subprocess.run([sys.executable, "-m", "companion", "play", "--scenario", str(scenario),
                        "--data-dir", str(tmp_path / "d")], input=script, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert ("Allies: the British infantry on G5 holds with 1 figure: battle back at the infantry "
            "on g6 (1 die), or decline.") in out
    assert "choices: battle_back (1 die), decline" in out
    assert "Infantry on G5 battles back at the infantry on g6: 1 die, thrown by the Allies." in out
    assert "Allies: throw 1 battle die" in out
    assert "Battle back: 1 hit: infantry on g6 loses 1 figure." in out
    errors = [line for line in out.splitlines() if re.match(r"^(> )?! ", line)]
    assert len(errors) == 2, out
    store = GameStore(tmp_path / "d")
    kinds = [e.kind for e in store.events(store.list_games()[0].id)]
    store.close()
    assert kinds[-3:] == ["battle_back_declared", "dice_read", "battle_resolved"]
