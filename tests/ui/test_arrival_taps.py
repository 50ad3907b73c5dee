"""Units the card orders onto the board, from the table's taps (no window): the game's legal
actions light the hexes where they may come in (4090 Closing the Gap's Armor Breakthrough),
a tap brings one in, a second takes it back, and the order button sends them."""

from __future__ import annotations

from pathlib import Path

from companion.scenarios import load
from companion.ui.controller import Table

BGA = Path(__file__).parents[1] / "scenarios" / "data" / "real" / "bga-memoir"


def test_breakthrough_hexes_are_lit_tapped_and_sent_with_the_order(tmp_path: Path) -> None:
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    assert t.new_game(load(BGA / "4090-ClosingTheGap.m44"), seed=1)
    assert t.act({"do": "play_card", "card": "probe_right"})
    legal = t.legal()
    assert legal is not None and legal.arrival_hexes == ("C1", "D1")  # E1: a centre hex
    assert "Tap a lit empty hex to bring a unit in" in t.prompt_line()
    lit = t.highlights()
    assert all(lit[h] == "entry" for h in ("C1", "D1"))
    assert t.tap_hex("C1") and t.tap_hex("D1") and t.arriving == ["C1", "D1"]
    assert t.highlights()["C1"] == "picked"
    assert "Coming in: C1, D1" in t.prompt_line()
    assert t.tap_hex("D1") and t.arriving == ["C1"]  # a second tap takes it back
    t.tap_hex("D1")
    label, action = next(b for b in t.buttons() if b[1].get("do") == "order")
    assert action["arrive"] == ["C1", "D1"] and "C1, D1" in label
    assert t.act(action)
    st = t.state
    assert st is not None and t.arriving == []
    assert sorted(st.hex_name(u.hex) for u in st.position.units.values()
                  if u.id.startswith("xbrk")) == ["C1", "D1"]


def test_an_airfields_reinforcements_are_lit_with_direct_from_hq_and_land_on_the_taps(
        tmp_path: Path) -> None:
    # seed 004, Airfields: for one order of a Direct from HQ card, one infantry unit is placed
    # on an airfield hex (tests/game/test_airfield_reinforcements.py: 4246 with two more
    # airfield hexes, f8 and h8, its Axis unit off g8)
    from companion.scenarios.jsonformat import from_dict
    from tests.game.test_airfield_reinforcements import _sidi_rezegh

    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    assert t.new_game(from_dict(_sidi_rezegh()), seed=1)
    assert t.act({"do": "play_card", "card": "direct_from_hq"})
    legal = t.legal()
    assert legal is not None and legal.arrival_hexes == ("f8", "g8", "h8")
    assert "Tap a lit empty hex to bring a unit in" in t.prompt_line()
    assert all(t.highlights()[h] == "entry" for h in ("f8", "g8", "h8"))
    assert t.tap_hex("h8") and t.arriving == ["h8"]
    label, action = next(b for b in t.buttons() if b[1].get("do") == "order")
    assert action["arrive"] == ["h8"] and "h8" in label
    assert t.act(action)
    st = t.state
    assert st is not None and "aafld1" in st.position.units
    assert st.hex_name(st.position.units["aafld1"].hex) == "h8"
    assert "aafld1" not in st.ordered  # it may not move or battle the turn it lands
