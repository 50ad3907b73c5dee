"""Air actions entered by taps, without a window: New Flight Plan attack runs, deployment and
withdrawal, Air Pack sorties, air checks thrown by the opponent, strafing."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from companion.rules.air.flightplan import FlightPlanRules
from companion.rules.board import Side
from companion.scenarios import Scenario, resolve
from companion.ui.controller import Table


def varenne(a9_hex: str = "E5") -> Scenario:
    """Skies over Varenne (New Flight Plan) with the fighter-bomber a9 (1 machine gun, 1 bomb)
    moved to ``a9_hex``, four hexes from the Axis infantry x5 (f6) and artillery x7 (g6)."""
    sc = resolve("varenne-bridges")
    sc.units = [dataclasses.replace(u, hex=a9_hex) if u.id == "a9" else u for u in sc.units]
    return sc


def table(tmp_path: Path, scenario: Scenario | str) -> Table:
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    assert t.new_game(scenario, seed=3, deck_seed=3), t.message
    return t


def seq(t: Table) -> int:
    assert t.session is not None
    return t.session.log.last_seq


def press_button(t: Table, want: dict[str, object]) -> bool:
    """Press the panel button whose action holds every key of ``want``."""
    for _label, action in t.buttons():
        if all(action.get(k) == v for k, v in want.items()):
            return t.press(action)
    raise AssertionError(f"no button {want} among {[a for _l, a in t.buttons()]}")


def test_flight_plan_attack_run_by_taps(tmp_path: Path) -> None:
    t = table(tmp_path, varenne())
    assert t.press(t.play_card_action("probe_center"))
    t.tap_hex("E5")
    assert press_button(t, {"do": "order"})
    assert t.prompt().kind == "move"  # type: ignore[union-attr]
    t.tap_hex("E5")
    assert t.selected == "a9" and "tap the hexes it flies over" in t.prompt_line()
    assert t.highlights()["F5"] == "reach"  # the hexes the path may go on to are lit
    before = seq(t)

    # the path, hex by hex; a hex not next to the last one is refused with the reason
    assert t.tap_hex("F5")
    assert not t.tap_hex("H5")
    assert "is not next to F5" in t.message
    for h in ("f6", "g6", "H5"):
        assert t.tap_hex(h), t.message
    assert t.flight == ["F5", "f6", "g6", "H5"]
    assert t.flight_next() == []  # four hexes: all its movement
    assert [(h, u) for h, u, _a in t.marker_options()] == [("f6", "x5"), ("g6", "x7")]
    assert t.ammo_left() == {"machine_gun": 1, "bomb": 1}

    # markers, one kind of ammo each; the ammo left goes down as they are placed
    assert t.press({"ui": "marker", "hex": "f6", "ammo": "machine_gun"})
    assert t.ammo_left() == {"machine_gun": 0, "bomb": 1}
    assert not t.press({"ui": "marker", "hex": "g6", "ammo": "machine_gun"})
    assert "no machine gun ammo left" in t.message
    assert t.press({"ui": "marker", "hex": "g6", "ammo": "bomb"})
    assert t.flight_overlay() == {"start": "E5", "path": ["F5", "f6", "g6", "H5"],
                                  "markers": {"f6": "machine_gun", "g6": "bomb"}, "strafe": []}

    # undoable before it is sent: the last hex goes, then a marker; nothing was recorded
    assert t.tap_hex("H5")
    assert t.flight == ["F5", "f6", "g6"]
    assert t.press({"ui": "path_back"})
    assert t.flight == ["F5", "f6"] and t.markers == {"f6": "machine_gun"}
    assert seq(t) == before
    for h in ("g6", "H5"):
        t.tap_hex(h)
    t.press({"ui": "marker", "hex": "g6", "ammo": "bomb"})
    label, fly = next((lb, a) for lb, a in t.buttons() if a.get("do") == "move")
    assert label == "Fly fighter-bomber on E5 to H5 (4 hexes, 2 markers)"
    assert fly["markers"] == [{"hex": "f6", "ammo": "machine_gun"}, {"hex": "g6", "ammo": "bomb"}]
    assert seq(t) == before

    # sent: the air unit is on H5, its ammo spent, the path forgotten
    assert t.press(fly), t.message
    st = t.state
    assert st is not None and st.hex_name(st.position.units["a9"].hex) == "H5"
    assert st.position.units["a9"].ammo == {"machine_gun": 0, "bomb": 0}
    assert t.flight == [] and t.flight_overlay() is None
    assert press_button(t, {"do": "end_moves"})

    # the battle phase resolves the run: one button, then the dice for both markers
    p = t.prompt()
    assert p is not None and "attack_run" in p.actions
    labels = [lb for lb, a in t.buttons() if a.get("do") == "attack_run"]
    assert labels == ["Resolve the attack run of fighter-bomber on H5 (2 markers)"]
    assert press_button(t, {"do": "attack_run"})
    p = t.prompt()
    assert p is not None and p.kind == "dice" and p.dice is not None and p.dice.count == 2
    assert t.dice_heading() == "Attack run of fighter-bomber on H5"
    assert t.thrower_note() == ""  # the attacker throws his own run
    assert t.submit_dice(["infantry", "grenade"]), t.message
    st = t.state
    assert st is not None and st.air is not None and not st.air.runs
    assert st.position.units["x5"].figures == 3 and st.position.units["x7"].figures == 1
    assert any(a.get("do") == "end_turn" for _l, a in t.buttons())


def test_air_combat_card_joins_the_command_card(tmp_path: Path) -> None:
    t = table(tmp_path, varenne())
    held = t.air_card_options()
    assert "Rake the Enemy" in held
    assert t.play_card_action("probe_center") == {"do": "play_card", "card": "probe_center"}
    t.press({"ui": "air_card", "card": "Rake the Enemy"})
    assert t.play_card_action("probe_center")["air_card"] == "Rake the Enemy"
    t.press({"ui": "air_card", "card": "Rake the Enemy"})  # a second tap takes it back
    assert "air_card" not in t.play_card_action("probe_center")
    t.press({"ui": "air_card", "card": "Rake the Enemy"})
    assert t.prompt_line() == "Allies: play a command card. With it: Rake the Enemy."
    assert t.press(t.play_card_action("probe_center")), t.message
    st = t.state
    assert st is not None and st.air is not None and st.air.card_played == "Rake the Enemy"


def test_withdraw_then_deploy_by_taps(tmp_path: Path) -> None:
    t = table(tmp_path, varenne())
    withdraws = [a for _l, a in t.buttons() if a.get("do") == "withdraw"]
    assert {a["unit"] for a in withdraws} == {"a9", "a10"}
    assert press_button(t, {"do": "withdraw", "unit": "a9"})
    assert press_button(t, {"do": "withdraw", "unit": "a10"})  # one air unit a side at a time
    st = t.state
    assert st is not None and "a9" not in st.position.units and "a10" not in st.position.units
    assert t.deploy_options() == []  # not in the turn it withdrew
    for a in ({"do": "play_card", "card": "probe_center"}, {"do": "order", "units": []},
              {"do": "end_moves"}, {"do": "end_turn"}, {"do": "play_card", "card": "probe_left"},
              {"do": "order", "units": []}, {"do": "end_moves"}, {"do": "end_turn"}):
        assert t.act(a), (a, t.message)
    st = t.state
    assert st is not None
    card = next(c for c in st.hands[st.active] if c.startswith(("probe", "attack")))
    assert t.press(t.play_card_action(card)), t.message
    assert sorted(t.deploy_options()) == ["a10", "a9"]
    assert press_button(t, {"ui": "deploy", "unit": "a9"})
    assert "enters" in t.prompt_line()
    entry = t.entry_hexes()
    assert entry and all(t.highlights()[h] in ("entry", "choice") for h in entry)
    before = seq(t)
    assert t.tap_hex(entry[0])
    assert t.deploy_hex == entry[0] and seq(t) == before
    assert t.order_action()["deploy"] == {"unit": "a9", "hex": entry[0]}
    assert press_button(t, {"do": "order"}), t.message
    st = t.state
    assert st is not None and st.hex_name(st.position.units["a9"].hex) == entry[0]
    assert st.position.units["a9"].ammo == FlightPlanRules().full_ammo("fighter_bomber")  # full load


def test_air_sortie_then_the_opponent_throws_the_air_check(tmp_path: Path) -> None:
    t = table(tmp_path, "kestrel-field")
    assert t.sortie_cards() == 1
    t.press({"ui": "sortie"})
    assert t.play_card_action("attack_right") == {"do": "play_card", "card": "attack_right",
                                                 "air_sortie": True}
    assert t.press(t.play_card_action("attack_right")), t.message
    assert t.needs_sortie_hex()
    assert "edge hex" in t.prompt_line()
    assert "J9" in t.entry_hexes() and "H9" not in t.entry_hexes()  # the card's section only
    assert t.tap_hex("J9") and t.sortie_hex == "J9"
    assert (t.flight_overlay() or {}).get("ghost") == "J9"  # drawn where it will enter
    assert any(lb.endswith("+ airplane entering on J9") for lb, a in t.buttons() if a.get("do") == "order")
    assert press_button(t, {"do": "order", "sortie_hex": "J9"}), t.message
    st = t.state
    assert st is not None
    plane = next(u for u in st.position.units.values() if u.side.value == "allies" and u.airborne)
    # the fresh airplane flies next to the Axis infantry on K7
    assert t.tap_hex("J9") and t.tap_hex("j8")
    assert press_button(t, {"do": "move", "unit": plane.id}), t.message
    # strafing by taps: the tool lights the hexes next to the plane, a tap picks, Cancel drops it
    assert press_button(t, {"ui": "tool", "tool": "strafe", "unit": plane.id})
    assert "K7" in t.tool_choices() and "tap 1 to 3 hexes" in t.prompt_line()
    assert t.tap_hex("K7") and t.tool_hexes == ["K7"]
    assert (t.flight_overlay() or {}).get("strafe") == ["K7"]
    assert press_button(t, {"ui": "cancel"}) and t.tool is None
    for a in ({"do": "end_moves"}, {"do": "end_turn"}, {"do": "play_card", "card": "attack_center"},
              {"do": "order", "units": []}, {"do": "end_moves"}, {"do": "end_turn"},
              {"do": "play_card", "card": "probe_right"}):
        assert t.act(a), (a, t.message)
    t.tap_hex("j8")
    assert press_button(t, {"do": "order"}), t.message
    p = t.prompt()
    assert p is not None and p.kind == "dice" and p.dice is not None
    assert p.dice.thrower == "axis" and p.side == "axis"
    line = t.prompt_line()
    assert line.startswith("AXIS PLAYER, YOUR THROW:"), line
    assert t.dice_heading() == "Air check of airplane on j8"
    assert t.thrower_note().startswith("Axis player: this throw is yours")
    assert t.submit_dice(["grenade"]), t.message
    st = t.state
    assert st is not None and plane.id not in st.position.units  # lost to a grenade
    s = t.session
    assert s is not None and s.store is not None
    checks = [e for e in s.store.events(s.game_id) if e.kind == "air_check"]
    assert checks and checks[-1].data["thrower"] == "axis" and checks[-1].data["lost"]


def test_a_special_action_refused_leaves_nothing_recorded(tmp_path: Path) -> None:
    t = table(tmp_path, "kestrel-field")
    t.press({"ui": "sortie"})
    t.press(t.play_card_action("attack_right"))
    t.tap_hex("J9")
    press_button(t, {"do": "order"})
    before = seq(t)
    # a tap on a hex not next to the airplane says what the tool wants; a strafe of an empty
    # hex is refused by the rules with their reason
    planes = t.special_planes("strafe")
    assert len(planes) == 1
    plane = planes[0]
    t.press({"ui": "tool", "tool": "strafe", "unit": plane})
    assert not t.tap_hex("A1")
    assert "tap 1 to 3 hexes" in t.message and seq(t) == before
    assert t.tap_hex("K9") and t.tool_hexes == ["K9"]
    assert not press_button(t, {"do": "strafe"})
    assert t.message and seq(t) == before
    assert t.tool == "strafe"  # still building: the player can pick other hexes


def test_dogfight_by_two_taps_then_the_confirmation_roll(tmp_path: Path) -> None:
    sc = varenne()
    sc.units = [dataclasses.replace(u, hex="H5", airborne=True) if u.id == "x8" else u
                for u in sc.units]  # an Axis fighter in the air, next to where a9 will end
    t = table(tmp_path, sc)
    t.press(t.play_card_action("probe_center"))
    t.tap_hex("E5")
    press_button(t, {"do": "order"})
    t.tap_hex("E5")
    assert t.tap_hex("F5") and t.tap_hex("G5")
    assert "H5" not in t.flight_next()  # New Flight Plan: never through an enemy air unit
    assert press_button(t, {"do": "move", "unit": "a9"}), t.message
    assert press_button(t, {"do": "end_moves"})
    assert t.tap_hex("G5")
    assert t.highlights()["H5"] == "target" and t.target_dice() == {"H5": 2}
    assert t.tap_hex("H5")
    assert t.dice_heading() == "Dogfight: fighter-bomber on G5 → fighter on H5"
    assert t.submit_dice(["grenade", "grenade"]), t.message
    p = t.prompt()
    assert p is not None and p.kind == "dice" and p.dice is not None and p.dice.count == 2
    assert t.dice_heading() == "Confirmation roll: fighter on H5"
    assert t.is_confirmation() and t.prompt_line().startswith("CONFIRMATION ROLL.")
    assert "a grenade shoots it down" in p.dice.purpose
    assert t.submit_dice(["grenade", "star"]), t.message
    st = t.state
    assert st is not None and "x8" not in st.position.units
    assert st.air is not None and "fighter" in st.air.banned.get("axis", [])


def test_storch_recon_keeps_the_card_the_player_taps(tmp_path: Path) -> None:
    sc = resolve("kestrel-field")
    sc.units = [dataclasses.replace(u, hex="F5", airborne=True, model="storch") if u.id == "a7"
                else u for u in sc.units]  # a flying Storch next to the Axis armor on e6
    t = table(tmp_path, sc)
    assert t.press(t.play_card_action("recon_in_force"))
    t.tap_hex("F5")
    assert press_button(t, {"do": "order"}), t.message
    assert t.prompt_line().startswith("AXIS PLAYER, YOUR THROW:")  # enemy next to it
    assert t.submit_dice(["star"]), t.message
    assert t.tap_hex("F5") and t.tap_hex("E5")
    assert press_button(t, {"do": "move", "unit": "a7"}), t.message
    assert press_button(t, {"do": "end_moves"})
    assert t.recon_cards() == []  # not before the recon is declared
    assert press_button(t, {"do": "recon", "unit": "a7"}), t.message
    st = t.state
    assert st is not None and st.deck is not None
    offered = t.recon_cards()
    assert offered == st.deck[:2]
    ends = [a for _l, a in t.buttons() if a.get("do") == "end_turn"]
    assert [a.get("keep") for a in ends] == offered  # one End turn per card, no plain one
    assert press_button(t, {"do": "end_turn", "keep": offered[1]})
    st = t.state
    assert st is not None and offered[1] in st.hands[Side.ALLIES]


def test_a_landed_airplane_takes_off_along_its_tapped_path(tmp_path: Path) -> None:
    t = table(tmp_path, "kestrel-field")
    st = t.state
    assert st is not None and not st.position.units["a7"].airborne  # on its airfield, g2
    card = next(c for c in st.hands[Side.ALLIES] if c in ("recon_in_force", "attack_center",
                                                          "probe_center", "infantry_assault"))
    assert t.press(t.play_card_action(card))
    t.tap_hex("g2")
    assert press_button(t, {"do": "order"}), t.message
    p = t.prompt()
    if p is not None and p.kind == "dice":  # taking off calls for an air check: its owner throws
        heading = t.dice_heading()
        assert t.thrower_note() == "" and heading.startswith("Air check of ") and " on " in heading
        assert t.submit_dice(["star"] * (p.dice.count if p.dice else 1)), t.message
    assert t.tap_hex("g2")
    nxt = t.flight_next()
    assert len(nxt) == 6 and "g2" not in nxt
    assert t.tap_hex(nxt[0])
    label = next(lb for lb, a in t.buttons() if a.get("do") == "move")
    assert label.endswith("takes off"), label
    assert press_button(t, {"do": "move", "unit": "a7"}), t.message
    st = t.state
    assert st is not None and st.position.units["a7"].airborne


def test_a_marker_is_swapped_or_taken_off_by_taps(tmp_path: Path) -> None:
    t = table(tmp_path, varenne())
    t.press(t.play_card_action("probe_center"))
    t.tap_hex("E5")
    press_button(t, {"do": "order"})
    for h in ("E5", "F5", "f6"):
        t.tap_hex(h)
    assert t.press({"ui": "marker", "hex": "f6", "ammo": "machine_gun"})
    placed = {a["ammo"]: a["placed"] for _l, a in t.buttons() if a.get("ui") == "marker"}
    assert placed == {"machine_gun": True, "bomb": False}  # the panel shows which one is down
    assert t.press({"ui": "marker", "hex": "f6", "ammo": "bomb"})  # swapped: the gun is back
    assert t.markers == {"f6": "bomb"} and t.ammo_left() == {"machine_gun": 1, "bomb": 0}
    assert t.press({"ui": "marker", "hex": "f6", "ammo": "bomb"})  # the same again: taken off
    assert t.markers == {} and t.ammo_left() == {"machine_gun": 1, "bomb": 1}


def test_kamikaze_by_a_tap_on_the_target(tmp_path: Path) -> None:
    sc = resolve("kestrel-field")
    sc.units = [dataclasses.replace(u, hex="F5", airborne=True, model="zero") if u.id == "a7"
                else u for u in sc.units]  # a flying Zero next to the Axis armor on e6
    t = table(tmp_path, sc)
    assert t.press(t.play_card_action("recon_in_force"))
    t.tap_hex("F5")
    assert press_button(t, {"do": "order"}), t.message
    assert t.submit_dice(["star"]), t.message  # the air check, passed
    assert t.tap_hex("F5") and t.tap_hex("E5")
    assert press_button(t, {"do": "move", "unit": "a7"}), t.message
    assert press_button(t, {"ui": "tool", "tool": "kamikaze", "unit": "a7"})
    assert t.tool_choices() == ["e6"]  # only the enemy ground unit next to it
    assert t.highlights()["e6"] == "target"
    before = seq(t)
    assert not t.tap_hex("F5")  # not a target: nothing sent
    assert seq(t) == before and "enemy ground unit" in t.message
    assert t.tap_hex("e6"), t.message  # the tap on the target sends it
    p = t.prompt()
    assert p is not None and p.kind == "dice" and t.dice_heading() == "Kamikaze: airplane on E5"
    assert t.tool is None


def test_deployed_onto_an_enemy_it_flies_off_with_a_marker_on_the_entry_hex(tmp_path: Path) -> None:
    t = table(tmp_path, varenne())
    press_button(t, {"do": "withdraw", "unit": "a9"})
    press_button(t, {"do": "withdraw", "unit": "a10"})
    for a in ({"do": "play_card", "card": "probe_center"}, {"do": "order", "units": []},
              {"do": "end_moves"}, {"do": "end_turn"}, {"do": "play_card", "card": "probe_left"},
              {"do": "order", "units": []}, {"do": "end_moves"}, {"do": "end_turn"}):
        assert t.act(a), (a, t.message)
    assert t.press(t.play_card_action("probe_center")), t.message
    press_button(t, {"ui": "deploy", "unit": "a9"})
    assert "f6" in t.entry_hexes()  # the Axis infantry's hex: a deployment may start there
    assert t.tap_hex("f6") and t.deploy_hex == "f6" and t.picked == []
    assert press_button(t, {"do": "order", "deploy": {"unit": "a9", "hex": "f6"}}), t.message
    # the entering air unit is picked on its entry hex; its path starts there
    assert t.tap_hex("f6")
    assert t.selected == "a9" and t.flight == ["f6"] and t.highlights()["f6"] == "selected"
    assert t.tap_hex("g6") and t.tap_hex("H5")
    assert [h for h, _u, _a in t.marker_options()] == ["f6", "g6"]
    t.press({"ui": "marker", "hex": "f6", "ammo": "bomb"})
    t.press({"ui": "marker", "hex": "g6", "ammo": "machine_gun"})
    assert t.press({"ui": "path_back"}) and t.press({"ui": "path_back"}) and t.press({"ui": "path_back"})
    assert t.flight == [] and t.flight_next() == ["f6"]  # back to the entry hex only
    for h in ("f6", "g6", "H5"):
        assert t.tap_hex(h), t.message
    t.press({"ui": "marker", "hex": "f6", "ammo": "bomb"})
    t.press({"ui": "marker", "hex": "g6", "ammo": "machine_gun"})
    assert press_button(t, {"do": "move", "unit": "a9"}), t.message
    st = t.state
    assert st is not None and st.hex_name(st.position.units["a9"].hex) == "H5"
    full = FlightPlanRules().full_ammo("fighter_bomber")
    assert st.position.units["a9"].ammo == {k: v - 1 for k, v in full.items()}


def test_strategic_bombing_by_buttons(tmp_path: Path) -> None:
    t = table(tmp_path, varenne())
    t.press(t.play_card_action("probe_center"))
    t.tap_hex("E5")
    press_button(t, {"do": "order"})
    assert t.tap_hex("E5") and t.tap_hex("D5")  # the West bridge, an objective
    assert press_button(t, {"do": "move", "unit": "a9"}), t.message
    labels = [lb for lb, a in t.buttons() if a.get("do") == "bomb"]
    assert labels == ["Strategic bombing: fighter-bomber bombs the objective on D5"]
    assert press_button(t, {"do": "bomb", "unit": "a9"}), t.message
    assert press_button(t, {"do": "end_moves"})
    assert [lb for lb, a in t.buttons() if a.get("do") == "attack_run"] == \
        ["Resolve the strategic bombing of fighter-bomber on D5 (West bridge)"]
    assert press_button(t, {"do": "attack_run"}), t.message
    assert t.dice_heading() == "Strategic bombing by fighter-bomber on D5"
    assert t.submit_dice(["grenade"]), t.message
    assert t.medals()["allies"][0] == 1


def test_no_bombing_button_off_an_objective(tmp_path: Path) -> None:
    t = table(tmp_path, varenne())
    t.press(t.play_card_action("probe_center"))
    t.tap_hex("E5")
    press_button(t, {"do": "order"})
    assert t.tap_hex("E5") and t.tap_hex("F5")
    assert press_button(t, {"do": "move", "unit": "a9"}), t.message
    assert not [a for _l, a in t.buttons() if a.get("do") == "bomb"]


def test_the_marked_unit_ambushes_the_air_unit_by_a_button(tmp_path: Path) -> None:
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    assert t.new_game(varenne(), seed=3)  # real cards: Ambush is the Axis player's to say
    t.press(t.play_card_action("probe_center"))
    t.tap_hex("E5")
    press_button(t, {"do": "order"})
    for h in ("E5", "F5", "f6", "g6", "H5"):
        t.tap_hex(h)
    t.press({"ui": "marker", "hex": "f6", "ammo": "machine_gun"})
    t.press({"ui": "marker", "hex": "g6", "ammo": "bomb"})
    assert press_button(t, {"do": "move", "unit": "a9"}), t.message
    ambushes = {a["unit"]: lb for lb, a in t.buttons() if a.get("do") == "ambush"}
    assert ambushes == {"x5": "Ambush (Axis): infantry on f6 fires at fighter-bomber on H5 first",
                        "x7": "Ambush (Axis): artillery on g6 fires at fighter-bomber on H5 first"}
    assert press_button(t, {"do": "ambush", "unit": "x5"}), t.message
    p = t.prompt()
    assert p is not None and p.kind == "dice" and p.dice is not None and p.dice.thrower == "axis"
    assert t.dice_heading() == "Ambush: infantry on f6 → fighter-bomber on H5"
    assert t.prompt_line().startswith("AXIS PLAYER, YOUR THROW:")


def test_air_power_picks_its_targets_by_taps(tmp_path: Path) -> None:
    t = Table.open(tmp_path)
    t.settings.dice = "manual"
    assert t.new_game("orchard-ridge", seed=3)  # no air rules, real cards: Air Power rolls itself
    assert t.press(t.play_card_action("air_power"))
    press_button(t, {"do": "order"})
    press_button(t, {"do": "end_moves"})
    assert press_button(t, {"ui": "tool", "tool": "card_attack"})
    assert t.prompt_line().startswith("Air Power: tap the enemy units it attacks")
    assert "F7" in t.tool_choices() and "C3" not in t.tool_choices()  # enemies only
    before = seq(t)
    assert t.tap_hex("F7") and t.tap_hex("G7")
    assert (t.flight_overlay() or {}).get("rings") == ["F7", "G7"] and seq(t) == before
    assert press_button(t, {"do": "card_attack", "targets": ["x2", "x3"]}), t.message
    assert t.dice_heading() == "Air Power attacks infantry on F7"
    p = t.prompt()
    assert p is not None and p.dice is not None
    assert t.submit_dice(["star"] * p.dice.count), t.message
    labels = [lb for lb, a in t.buttons() if a.get("do") == "card_attack"]
    assert labels == ["Air Power rolls at x3"]  # the next target, one button


def test_a_standalone_air_sortie_card_renders_without_error(tmp_path: Path) -> None:
    """The lone Air Sortie card is not in the command deck: every panel must still draw."""
    t = table(tmp_path, "kestrel-field")
    assert t.press({"do": "play_card", "card": "air_sortie"}), t.message
    st = t.state
    assert st is not None and st.card == "air_sortie"
    assert "Air Sortie" in t.prompt_line()
    t.buttons()
    t.highlights()
    t.entry_hexes()
    t.order_action()
    t.deploy_options()
    t.sortie_cards()
    assert t.needs_sortie_hex()


def test_a_camouflaged_unit_is_offered_to_no_air_attack(tmp_path: Path) -> None:
    """Actions 16: a camouflaged unit is targeted only in a close assault, which no air attack
    is (New Flight Plan's Close Assault card): its hex gets no ammo marker button and no
    kamikaze or Air Power tap lights it."""
    sc = varenne()
    sc.units = [dataclasses.replace(u, badges=("camouflaged",)) if u.id == "x5" else u
                for u in sc.units]
    t = table(tmp_path, sc)
    assert t.press(t.play_card_action("probe_center"))
    t.tap_hex("E5")
    assert press_button(t, {"do": "order"})
    t.tap_hex("E5")
    for h in ("F5", "f6", "g6", "H5"):
        assert t.tap_hex(h), t.message
    assert [(h, u) for h, u, _a in t.marker_options()] == [("g6", "x7")]  # not x5 on f6

    sc = resolve("kestrel-field")
    sc.units = [dataclasses.replace(u, hex="F5", airborne=True, model="zero") if u.id == "a7"
                else dataclasses.replace(u, badges=("camouflaged",)) if u.hex == "e6" else u
                for u in sc.units]
    t = table(tmp_path / "zero", sc)
    assert t.press(t.play_card_action("recon_in_force"))
    t.tap_hex("F5")
    assert press_button(t, {"do": "order"}), t.message
    assert t.submit_dice(["star"]), t.message
    assert t.tap_hex("F5") and t.tap_hex("E5")
    assert press_button(t, {"do": "move", "unit": "a7"}), t.message
    assert press_button(t, {"ui": "tool", "tool": "kamikaze", "unit": "a7"})
    assert t.tool_choices() == []
    before = seq(t)
    assert not t.tap_hex("e6") and seq(t) == before  # refused, nothing recorded

    t = Table.open(tmp_path / "power")
    t.settings.dice = "manual"
    sc = resolve("orchard-ridge")
    hidden = next(u for u in sc.units if u.hex == "F7")
    sc.units = [dataclasses.replace(u, badges=("camouflaged",)) if u is hidden else u
                for u in sc.units]
    assert t.new_game(sc, seed=3)
    assert t.press(t.play_card_action("air_power"))
    press_button(t, {"do": "order"})
    press_button(t, {"do": "end_moves"})
    assert press_button(t, {"ui": "tool", "tool": "card_attack"})
    assert "F7" not in t.tool_choices() and "G7" in t.tool_choices()
