"""Game words everywhere: every text a player reads over many auto-played games of the four
built-in scenarios (both air rule sets) is free of code identifiers and raw ids.

The texts gathered: each prompt (its text, choices, explanations, the dice purpose), the
terminal's options, and the log line of every event, as the terminal's narrator says them;
and, for each shipped language, the catalogue of the app's words. Two checks:

- in the games as shipped, no snake_case word (``special_forces``, ``apply_dice``) and no
  unit or objective id that is not also a hex name (``x8``, ``allies-plane-1``, ``o1``);
- in the same games with every unit renamed ``trooper<N>`` (never a hex name nor a word),
  no ``trooper<N>`` at all: this also catches the ids that look like hex names (a2, a4...).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.game.auto import AutoPlayer
from companion.game.narrate import Narrator
from companion.game.prompter import options_lines
from companion.game.session import GameSession
from companion.scenarios import load_builtin
from companion.scenarios.model import Scenario

SCENARIOS = ("orchard-ridge", "gull-point-landing", "kestrel-field", "varenne-bridges")
SEEDS = range(1, 6)
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*")
RENAMED = re.compile(r"\btrooper\d+\b")
PLANE = re.compile(r"\b(?:allies|axis)-plane-\d+\b")
REQUEST = re.compile(r"\b(?:r|rid)-?\d+-\d+\b|\b[0-9a-f]{8,}\b")
LOCALE = Path(__file__).resolve().parents[2] / "companion" / "ui" / "locale"


def _renamed(sc: Scenario) -> Scenario:
    units = [dataclasses.replace(u, id=f"trooper{i}") for i, u in enumerate(sc.units, 1)]
    return dataclasses.replace(sc, units=units)


def player_texts(sc: Scenario, seed: int, max_actions: int = 500) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a player reads in one auto-played game."""
    g = GameSession.new(sc, options={"seed": seed}, deck_seed=seed)
    narrator = Narrator(g.state, g.log.start)
    lines: list[tuple[str, str]] = []
    g.listeners.append(lambda ev, st: lines.append((f"log {ev.kind}", narrator.line(ev, st))))
    player = AutoPlayer(seed)
    for _ in range(max_actions):
        if g.over:
            break
        narrator.see(g.state)
        p = g.prompt()
        yield f"prompt {p.kind}", p.text
        for d in p.detail:
            yield f"explanation {p.kind}", d
        for c in p.choices:
            yield f"choice {p.kind}", f"{c.label} {c.detail}"
        if p.dice is not None:
            yield f"dice {p.kind}", p.dice.purpose
        for line in options_lines(g.legal()):
            yield f"options {p.kind}", line
        g.act(player.next_action(g))
        yield from lines
        lines.clear()
    p = g.prompt()
    yield f"prompt {p.kind}", p.text


def _problems(texts: Iterator[tuple[str, str]], ids: set[str], hexes: set[str]) -> list[str]:
    found: dict[tuple[str, str], str] = {}
    for where, text in texts:
        bad = SNAKE.findall(text) + RENAMED.findall(text) + PLANE.findall(text)
        bad += REQUEST.findall(text)
        bad += [t for t in TOKEN.findall(text) if t in ids and t not in hexes]
        for b in bad:
            found.setdefault((where, b), text)
    return [f"{w}: {b!r} in {t!r}" for (w, b), t in sorted(found.items())]


@pytest.mark.parametrize("name", SCENARIOS)
def test_no_code_words_nor_raw_ids_in_what_players_read(name: str) -> None:
    sc = load_builtin(name)
    ids = {u.id for u in sc.units} | {o.id for o in sc.objectives}
    g = GameSession.new(sc, options={"seed": 1}, deck_seed=1)
    hexes = {g.state.hex_name(h) for h in g.state.board.all_hexes}
    problems: list[str] = []
    for seed in SEEDS:
        problems += _problems(player_texts(sc, seed), ids, hexes)
    assert not problems, "\n".join(problems[:40])


@pytest.mark.parametrize("name", SCENARIOS)
def test_units_named_like_hexes_never_reach_the_players(name: str) -> None:
    sc = _renamed(load_builtin(name))
    problems: list[str] = []
    for seed in SEEDS[:3]:
        problems += _problems(player_texts(sc, seed), set(), set())
    assert not problems, "\n".join(problems[:40])


def test_the_gathering_would_see_an_id() -> None:
    """The check itself: a line naming a unit by its id is caught."""
    assert _problems(iter([("log", "x8 battles a1: 2 dice")]), {"x8", "a1"}, set())
    assert _problems(iter([("log", "trooper3 moves")]), set(), set())
    assert _problems(iter([("prompt", "allowed now: apply_dice")]), set(), set())
    assert not _problems(iter([("log", "Infantry on F7 battles armor on a8: 2 dice.")]),
                         {"a8"}, {"a8", "F7"})


@pytest.mark.parametrize("lang", sorted(p.name for p in LOCALE.iterdir() if p.is_dir())
                         if LOCALE.is_dir() else ["en"])
def test_the_app_catalogue_of_each_language_has_game_words(lang: str) -> None:
    """Each shipped language's catalogue (the app's buttons and labels, read-only here): no
    code identifier in what it shows (the translation, or the English message)."""
    from companion.ui.i18n import read_po

    po = LOCALE / lang / "LC_MESSAGES" / "companion.po"
    if not po.is_file():
        pytest.skip(f"no catalogue for {lang}")
    shown = [msgstr or msgid for msgid, msgstr in read_po(po).items()]
    bad = [t for t in shown if SNAKE.search(re.sub(r"\{[^}]*\}|%\(\w+\)s", "", t))]
    assert not bad, bad[:20]


def _replayed_texts(sc: Scenario, seed: int, actions: list[dict[str, Any]] | None,
                    rename: dict[str, str]) -> tuple[list[str], list[dict[str, Any]]]:
    """The texts of a game; with ``actions``, those actions (ids renamed) instead of the auto
    player's choices. Returns the texts and the actions played."""
    g = GameSession.new(sc, options={"seed": seed}, deck_seed=seed)
    narrator = Narrator(g.state, g.log.start)
    texts: list[str] = []
    g.listeners.append(lambda ev, st: texts.append(narrator.line(ev, st)))
    player = AutoPlayer(seed)
    played: list[dict[str, Any]] = []
    for i in range(300 if actions is None else len(actions)):
        if g.over:
            break
        narrator.see(g.state)
        p = g.prompt()
        texts += [p.text, *p.detail, *(c.label for c in p.choices), *options_lines(g.legal())]
        action = player.next_action(g) if actions is None else _rename(actions[i], rename)
        played.append(action)
        g.act(action)
    return texts, played


def _rename(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_rename(v, names) for v in value]
    if isinstance(value, dict):
        return {k: _rename(v, names) for k, v in value.items()}
    return value


@pytest.mark.parametrize("name", SCENARIOS)
def test_units_whose_ids_are_hex_names_read_the_same(name: str) -> None:
    """The clash of the issue, made total: every unit's id is the name of another hex. The
    same game played with ids that look like nothing must read word for word the same."""
    sc = load_builtin(name)
    g = GameSession.new(sc, options={"seed": 1})
    start = {u.hex for u in sc.units}
    free = [g.state.hex_name(h) for h in g.state.board.all_hexes][::-1]
    free = [h for h in free if h not in start]
    plain = _renamed(sc)
    as_hexes = {f"trooper{i}": free[i - 1] for i in range(1, len(sc.units) + 1)}
    tricky = dataclasses.replace(plain, units=[dataclasses.replace(u, id=as_hexes[u.id])
                                               for u in plain.units])
    texts, played = _replayed_texts(plain, 2, None, {})
    again, _ = _replayed_texts(tricky, 2, played, as_hexes)
    diffs = [(a, b) for a, b in zip(texts, again, strict=False) if a != b]
    assert len(texts) == len(again) and not diffs, diffs[:5]


def test_what_the_scenario_asks_and_no_rule_plays_is_said_once_when_the_game_starts() -> None:
    """The issue's "what a file asks that no rule covers is said once, by name, in the app when
    the game starts": the first line of the log names it (23806 German Counterattack at
    Chaumont's winter weather, Actions 26); a scenario the app plays fully says nothing of the
    kind."""
    from companion.game.narrate import log_lines
    from companion.game.session import GameSession
    from companion.scenarios import load, load_builtin

    real = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"
    g = GameSession.new(load(real / "23806-GermanCounterattackAtChaumont.m44"), deck_seed=1)
    lines, _namer = log_lines(g.events)
    assert "Not played by the app" in lines[0] and "winter weather (Actions 26)" in lines[0]
    assert sum("winter weather" in x for x in lines) == 1
    plain = GameSession.new(load_builtin("orchard-ridge"), deck_seed=1)
    lines, _namer = log_lines(plain.events)
    assert not any("Not played" in x for x in lines)
    # the terminal says the same line when a game starts or resumes
    from companion.game.narrate import not_played_line

    assert not_played_line(g.log.start.data).startswith("Not played by the app")
    assert not_played_line(plain.log.start.data) == ""


def test_air_rules_chosen_for_a_briefing_that_does_not_use_them_are_said_when_it_starts() -> None:
    """8044 Rzhev: "Air Rules are not in effect." The players may still choose them (the app's
    air setting); the first line says the briefing does not use them, once. A briefing that
    makes them optional (4185), or no air rules chosen, says nothing of it."""
    from companion.game.narrate import log_lines
    from companion.game.session import GameSession
    from companion.scenarios import AirRules, load

    real = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"
    said = "The briefing says air rules are not in effect"
    for name, rules, told in [("8044-Rzhev.m44", AirRules.AIR_PACK, True),
                              ("8044-Rzhev.m44", AirRules.FLIGHT_PLAN, True),
                              ("8044-Rzhev.m44", None, False),
                              ("4185-CapturingTheCrossing.m44", AirRules.AIR_PACK, False)]:
        s = load(real / name)
        s.air.rules = rules
        lines, _namer = log_lines(GameSession.new(s, deck_seed=1).events)
        assert (said in lines[0]) is told, (name, rules, lines[0])
        assert sum(said in x for x in lines) == int(told)
    s = load(real / "8044-Rzhev.m44")
    s.air.rules = AirRules.AIR_PACK
    g = GameSession.new(s, deck_seed=1)
    lines, _namer = log_lines(g.events)
    assert "the Air Pack is played, as the game was set up" in lines[0]
    from companion.game.narrate import not_played_line  # the terminal's line says it too

    assert not_played_line(g.log.start.data).startswith(said)
