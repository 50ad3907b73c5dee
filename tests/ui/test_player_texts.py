"""Game words in the app: the texts a player reads on the board screen (the prompt bar, the
panel's buttons and headings, refusals) name units by type and hex, never by the ids the game
uses (a1, x5), and carry no code words (special_forces, end_turn); a refusal says every
problem."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.game.auto import AutoPlayer
from companion.ui.controller import Table

CODE_WORD = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def _texts(t: Table) -> list[str]:
    """What the board screen shows now: prompt bar, message, buttons, dice heading, and the
    same with each unit that may act picked."""
    out = [t.prompt_line(), t.message, t.dice_heading(), *[x for x, _a in t.buttons()],
           *t.refusal]
    legal = t.legal()
    if legal is not None:
        for u in (*legal.movers, *legal.attackers):
            t.selected = u.id
            out += [t.prompt_line(), *[x for x, _a in t.buttons()]]
        t.selected = None
    return [x for x in out if x]


def _raw_ids(t: Table, texts: list[str]) -> list[str]:
    st = t.state
    assert st is not None
    hexes = {st.hex_name(h) for h in st.board.all_hexes}
    ids = {u for u in t.namer().types if u not in hexes}  # a2 the unit beside a2 the hex: a hex
    bad = []
    for text in texts:
        words = set(re.findall(r"[\w-]+", text))
        if words & ids or CODE_WORD.search(text):
            bad.append(text)
    return bad


@pytest.mark.parametrize(("scenario", "seed"), [("orchard-ridge", 4), ("varenne-bridges", 3)])
def test_board_texts_name_units_in_game_words(tmp_path: Path, scenario: str, seed: int) -> None:
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    assert t.new_game(scenario, deck_seed=seed, seed=seed)
    s = t.session
    assert s is not None
    player = AutoPlayer(seed)
    seen = named = 0
    for _step in range(160):
        p = s.prompt()
        if p.kind == "over":
            break
        texts = _texts(t)
        seen += len(texts)
        named += sum(bool(re.search(r"\w on [A-Za-z]\d", x)) for x in texts)
        bad = _raw_ids(t, texts)
        assert not bad, f"turn {s.state.turn}, {p.kind}: {bad[:3]}"
        t.act(player.next_action(s))
    assert seen > 300 and named > 20, (seen, named)  # units were named, in words


def test_a_refused_order_says_every_problem_in_words(tmp_path: Path) -> None:
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    assert t.new_game("orchard-ridge", deck_seed=6, seed=6)
    assert t.act({"do": "play_card", "card": "attack_center"})
    st = t.state
    assert st is not None
    units = st.position.units
    # two units out of the center and one of the enemy's: three problems
    wrong = [u for u in ("a1", "a5", "x1") if u in units]
    assert len(wrong) == 3
    assert not t.act({"do": "order", "units": wrong})
    assert len(t.refusal) == 1 + 3, t.refusal
    for uid, line in zip(wrong, t.refusal[1:], strict=True):
        u = units[uid]
        assert line.lower().startswith(f"{u.type.replace('_', ' ')} on {st.hex_name(u.hex)}".lower())
    assert "+2 more" in t.message
    assert not _raw_ids(t, t.refusal)
    assert t.act({"do": "order", "units": []})
    assert t.refusal == []


def test_a_step_of_a_past_moment_is_said_in_words(tmp_path: Path) -> None:
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    assert t.new_game("orchard-ridge", deck_seed=6, seed=6)
    assert not t.act({"do": "end_moves"})
    assert t.message.startswith("Not possible now:") and "allowed now" not in t.message
    assert not CODE_WORD.search(t.message), t.message


def test_a_missing_ending_button_says_why_in_words(tmp_path: Path) -> None:
    """Done moving is not offered while an ordered airplane in flight has not moved: the
    panel says so with the legal actions' reason, the unit named by type and hex."""
    import dataclasses

    from companion.scenarios import resolve

    sc = resolve("varenne-bridges")
    sc.units = [dataclasses.replace(u, hex="E5") if u.id == "a9" else u for u in sc.units]
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    assert t.new_game(sc, deck_seed=3, seed=3)
    assert t.act({"do": "play_card", "card": "probe_center"})
    assert t.act({"do": "order", "units": ["a9"]})
    real = t.legal()
    assert real is not None and t.prompt().kind == "move"  # type: ignore[union-attr]
    assert t.held_back() == []  # Done moving is offered: nothing to say

    class Held:
        """The legal actions of this moment, with Done moving kept back by its rule."""

        movers, attackers = real.movers, real.attackers

        def offers(self, do: str) -> bool:
            return do != "end_moves"

        def why_not(self, do: str) -> str | None:
            return "a9 must move at least 1 hex: an ordered airplane in flight always moves"

    t.legal = lambda: Held()  # type: ignore[assignment,method-assign,return-value]
    said = t.held_back()
    assert said == ["Fighter-bomber on E5 must move at least 1 hex: an ordered airplane in "
                    "flight always moves"], said
