"""A supply train's units getting off, entered by taps without a window: the button that starts
it, the empty hexes next to the train lit, taps that pick and take back, a refused hex, and the
button that sends the hexes tapped."""

from __future__ import annotations

from pathlib import Path

from companion.ui.controller import Table
from tests.game.test_trains import A, X, _u, run_to_station, scenario


def at_station(tmp_path: Path) -> Table:
    """The Allied supply train (locomotive a1 on E5, wagon a2 on F5, an infantry unit aboard
    each car) ordered and run into the station on B5."""
    sc = scenario([_u("a1", A, "locomotive", "E5"), _u("a2", A, "wagon", "F5"),
                   _u("x9", X, "infantry", "M9")], variants={"supply_train": ":infantry:1,1"})
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    t.end_guard_s = 0.0
    assert t.new_game(sc, seed=1), t.message
    def act(action: dict[str, object]) -> None:
        assert t.act(action, any_side=True), (action, t.message)

    run_to_station(act, lambda: t.legal().actions)
    return t


def test_the_supply_trains_units_get_off_where_the_players_tap(tmp_path: Path) -> None:
    t = at_station(tmp_path)
    start = [a for label, a in t.buttons() if a.get("tool") == "unload"]
    assert start == [{"ui": "tool", "tool": "unload", "unit": "a1", "count": 2}]
    assert any("Unload the supply train" in label and "2 unit(s) get off" in label
               for label, _a in t.buttons())
    assert t.press(start[0])
    assert "where its units get off" in t.prompt_line()
    free = t.tool_choices()
    assert "b6" in free and "c4" in free and "B5" not in free and "C5" not in free
    seq = t.session.log.last_seq if t.session else 0
    assert not t.tap_hex("J9")  # not next to the train: refused, with what to tap
    assert "next to the train" in t.message
    assert t.tap_hex("b6") and t.tap_hex("c6") and t.tap_hex("c6")  # in, in and out again
    assert t.tap_hex("c4")
    assert not any(a.get("do") == "unload" and "c6" in str(a.get("hexes"))
                   for _l, a in t.buttons())
    third = next(h for h in free if h not in ("b6", "c4", "c6"))
    assert t.tap_hex(third) and t.tool_hexes == ["b6", "c4"]  # two units: a third is not taken
    assert t.session is not None and t.session.log.last_seq == seq  # nothing sent yet
    send = [a for _l, a in t.buttons() if a.get("do") == "unload"]
    assert send == [{"do": "unload", "unit": "a1", "hexes": "b6 c4"}]
    assert t.press(send[0]), t.message
    st = t.state
    assert st is not None
    got = sorted(st.hex_name(u.hex) for u in st.position.units.values() if u.id.startswith("atrain"))
    assert got == ["b6", "c4"]
    assert t.tool is None and not any(a.get("tool") == "unload" for _l, a in t.buttons())
