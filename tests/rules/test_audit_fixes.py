"""Rules the outside audit (tests/rules/data/audit_cases.json) found the referee getting wrong.

Each test is named for the rule and built from its text; the case that found it is named too.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.referee import QueryError, answer


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def battle(units: list[dict[str, Any]], dice: list[str], terrain: list[dict[str, Any]] | None = None,
           rules: dict[str, Any] | None = None) -> dict[str, Any]:
    q: dict[str, Any] = {"units": units, "terrain": terrain or [], "dice": dice,
                         "ask": {"battle": {"attacker": "a1", "target": "x1"}}}
    if rules is not None:
        q["rules"] = rules
    return answer(q)


# --- a unit's own "ignore 1 flag" holds on plain countryside too (cases japan-ignores-flag,
# italian-artillery-ignores-flag, destroyer-ignores-flag): the speed work skipped the unit's
# rules along with the empty hex's terrain

def test_japanese_infantry_ignores_first_flag_on_countryside() -> None:
    """Imperial Japanese Army (Seishin Kyoiku): Japanese infantry ignores 1 flag, wherever it stands."""
    out = battle([unit("a1", "allies", "infantry", "g4"), unit("x1", "axis", "infantry", "G5", nation="jp")],
                 ["flag", "star", "star"])
    assert out["result"]["flags_ignored"] == 1
    assert out["result"]["retreat"] == []
    two = battle([unit("a1", "allies", "infantry", "g4"), unit("x1", "axis", "infantry", "G5", nation="jp")],
                 ["flag", "flag", "star"])
    assert two["result"]["flags_ignored"] == 1
    assert {o["hex"] for o in two["result"]["retreat"]} == {"f6", "g6"}


def test_italian_royal_army_artillery_ignores_first_flag_on_countryside() -> None:
    """Italian Royal Army: Italian artillery ignores 1 flag (on countryside as on any hex)."""
    units = [unit("a1", "allies", "infantry", "g4"), unit("x1", "axis", "artillery", "G5", nation="it")]
    out = battle(units, ["flag", "star", "infantry"], rules={"air": None, "variants": ["italian_royal_army"]})
    assert out["result"]["flags_ignored"] == 1
    plain = battle(units, ["flag", "star", "infantry"])  # without the option: a flag is a flag
    assert plain["result"]["flags_ignored"] == 0


def test_ignore_one_flag_behaviour_on_countryside_matches_forest() -> None:
    """The unit's own ignored flag does not depend on whether its hex carries terrain."""
    units = [unit("a1", "allies", "artillery", "g4"),
             unit("x1", "axis", "infantry", "G5", variants=["ignore_one_flag"])]
    bare = battle(units, ["flag", "star", "star"])
    wooded = battle(units, ["flag", "star", "star"], [{"hex": "G5", "type": "forest"}])
    assert bare["result"]["flags_ignored"] == wooded["result"]["flags_ignored"] == 1


# --- "A unit that moves onto an Ocean hex may move a maximum of 1 hex" / "A unit that moves onto
# a Beach hex may only move 2 hexes" (base rules p.15) count the hexes it already moved this turn
# (cases move-dd-tank-ocean-then-beach, move-beach-already-moved)

def move(uid: str, units: list[dict[str, Any]], terrain: list[dict[str, Any]]) -> set[str]:
    out = answer({"units": units, "terrain": terrain, "ask": {"move": {"unit": uid}}})
    return {d["hex"] for d in out["move"]["destinations"]}


def test_dd_tank_that_moved_into_the_water_goes_no_further() -> None:
    """'Amphibious DD Sherman tank unit moves only one hex while in water': moved onto ocean, it stops."""
    terrain = [{"hex": "G1", "type": "ocean"}, {"hex": "f2", "type": "beach"}, {"hex": "g2", "type": "beach"}]
    assert move("a1", [unit("a1", "allies", "armor", "G1", moved=1)], terrain) == {"G1"}
    # the next turn (nothing moved yet) it leaves the water: 'moves 2 hexes onto the sand'
    assert {"f2", "g2", "G3"} <= move("a1", [unit("a1", "allies", "armor", "G1")], terrain)


def test_unit_that_moved_onto_a_beach_moves_two_hexes_in_all() -> None:
    terrain = [{"hex": h, "type": "beach"} for h in ("G1", "F1", "H1", "f2", "g2", "E1", "I1", "G3")]
    got = move("a1", [unit("a1", "allies", "armor", "G1", moved=1)], terrain)
    assert {"F1", "g2"} <= got and not {"E1", "G3"} & got


# --- night attacks: the visibility is part of the query (rules.visibility), so the referee
# answers night battles (cases night-*)

def test_night_visibility_limits_every_battle() -> None:
    units = [unit("a1", "allies", "artillery", "A1"), unit("x1", "axis", "infantry", "D1")]
    q = {"units": units, "ask": {"battle": {"attacker": "a1", "target": "x1"}}}
    assert answer({**q, "rules": {"air": None, "visibility": 2}})["battle"]["allowed"] is False
    assert answer({**q, "rules": {"air": None, "visibility": 3}})["battle"]["dice"] == 2
    assert answer({**q, "rules": {"air": None, "visibility": None}})["battle"]["dice"] == 2


@pytest.mark.parametrize("bad", [0, -1, 9, "2", True, 1.5])
def test_night_visibility_out_of_range_is_an_error(bad: object) -> None:
    with pytest.raises(QueryError) as info:
        answer({"rules": {"air": None, "visibility": bad},
                "ask": {"line_of_sight": {"from": "A1", "to": "B1"}}})
    assert info.value.field == "rules.visibility"


# --- air rules (the air audit, areas air-pack and flight-plan of audit_cases.json)

AP = {"air": "air-pack"}
FP = {"air": "flight-plan"}


def air(rules: dict[str, Any], units: list[dict[str, Any]], ask: dict[str, Any],
        terrain: list[dict[str, Any]] | None = None, dice: list[Any] | None = None) -> dict[str, Any]:
    q: dict[str, Any] = {"rules": rules, "units": units, "terrain": terrain or [], "ask": ask}
    if dice is not None:
        q["dice"] = dice
    return answer(q)


@pytest.mark.parametrize(("rules", "plane"), [
    (AP, unit("p1", "allies", "airplane", "C3", model="p38", airborne=True)),
    (FP, unit("p1", "allies", "fighter", "C3", airborne=True)),
])
def test_air_unit_does_not_land_on_an_airfield_the_scenario_gives_the_enemy(
        rules: dict[str, Any], plane: dict[str, Any]) -> None:
    """Air Pack: 'ends its movement on a friendly Aircraft carrier or Airfield hex ... can safely
    land'; New Flight Plan: 'a friendly airfield hex (i.e. an airfield hex that is not under enemy
    control)'. The terrain entry's owner says whose it is (case ap-land-enemy-airfield-no)."""
    ask = {"air_move": {"plane": "p1", "path": ["D3", "E3"]}}
    enemy = air(rules, [plane], ask, [{"hex": "E3", "type": "airfield", "owner": "axis"}])
    assert enemy["air_move"]["allowed"] is True and enemy["air_move"]["landed"] is False
    own = air(rules, [plane], ask, [{"hex": "E3", "type": "airfield", "owner": "allies"}])
    assert own["air_move"]["landed"] is True
    unowned = air(rules, [plane], ask, [{"hex": "E3", "type": "airfield"}])
    assert unowned["air_move"]["landed"] is True


def test_enemy_carrier_is_no_landing_place_for_a_corsair() -> None:
    plane = unit("p1", "allies", "airplane", "D1", model="corsair", airborne=True)
    ask = {"air_move": {"plane": "p1", "path": ["C1", "B1"]}}
    theirs = air(AP, [plane], ask, [{"hex": "B1", "type": "ocean"},
                                    {"hex": "B1", "type": "aircraft_carrier", "owner": "axis"}])
    assert theirs["air_move"]["landed"] is False


def test_only_a_ground_interdiction_model_leaves_interdicted_units_out_of_its_air_check() -> None:
    """'Ground Interdiction (Me 109, P40, Spitfire, Yak-7) ... will not add to the Airplane's Air
    Check roll': a Storch has no such action, so naming units it interdicted is a bad query
    (case ap-check-interdiction-not-storch); a Yak-7's interdicted unit adds nothing."""
    foe = unit("a1", "allies", "infantry", "E5")
    with pytest.raises(QueryError) as info:
        air(AP, [unit("p1", "axis", "airplane", "D5", model="storch", airborne=True), foe],
            {"air_check": {"plane": "p1", "not_counting": ["a1"]}})
    assert info.value.field == "ask.air_check.not_counting"
    yak = air(AP, [unit("p1", "axis", "airplane", "D5", model="yak7", airborne=True), foe],
              {"air_check": {"plane": "p1", "not_counting": ["a1"]}})
    assert yak["air_check"]["dice"] == 0
    storch = air(AP, [unit("p1", "axis", "airplane", "D5", model="storch", airborne=True), foe],
                 {"air_check": {"plane": "p1"}})
    assert storch["air_check"]["dice"] == 1


def test_deployment_never_starts_on_the_enemy_air_units_hex() -> None:
    """'The hex an air unit starts on is counted as the first hex of the air unit movement' and
    'An air unit may not move through a hex with an enemy air unit' (case fp-deploy-not-enemy-air-hex);
    hexes with ground units stay in ('This can include hexes that are occupied by an enemy or
    friendly ground unit')."""
    out = air(FP, [unit("p2", "axis", "fighter", "G5", airborne=True), unit("x1", "axis", "infantry", "G3")],
              {"deploy": {"side": "allies", "type": "fighter", "section": "center"}})
    assert "G5" not in out["deploy"]["hexes"] and "G3" in out["deploy"]["hexes"]


def test_attack_run_resolves_with_the_air_unit_on_the_hex_its_move_ended_on() -> None:
    """'The attack run is decided during the move phase and resolved in the combat phase': the
    bomber that flew h6 -> H7 -> I7 no longer stands on h6, so a flag lets the target retreat
    there (case fp-run-flag-retreats)."""
    units = [unit("p1", "axis", "bomber", "h6", airborne=True), unit("a1", "allies", "infantry", "H7")]
    out = air(FP, units, {"attack_run": {"plane": "p1", "markers": [{"hex": "H7", "ammo": "bomb"}],
                                         "path": ["H7", "I7"]}}, dice=[["flag"]])
    assert {r["hex"] for r in out["attack_run"]["results"][0]["retreat"]} == {"g6", "h6"}
    # without a path the plane is taken to be where it is: h6 stays barred to the enemy unit
    still = air(FP, units, {"attack_run": {"plane": "p1", "markers": [{"hex": "H7", "ammo": "bomb"}]}},
                dice=[["flag"]])
    assert {r["hex"] for r in still["attack_run"]["results"][0]["retreat"]} == {"g6"}


# --- asks the air audit needed and the contract lacked: interdiction, air_selection, air_setup

def test_interdiction_pins_a_unit_that_started_next_to_the_airplane_and_stops_one_that_arrives() -> None:
    """Air Pack p.7 Ground Interdiction: the unit next to the Spitfire does not move (it may
    battle, and adds nothing to the next air check); one that moves next to it stops there and
    may not battle; a hex beyond counts only by a path that keeps away from the airplane."""
    plane = unit("p1", "allies", "airplane", "G5", model="spitfire", airborne=True)
    pinned = air(AP, [plane, unit("x1", "axis", "armor", "g6")],
                 {"interdiction": {"plane": "p1", "unit": "x1"}})["interdiction"]
    assert pinned["pinned"] is True and pinned["adds_to_air_check"] is False
    assert [d["hex"] for d in pinned["destinations"]] == ["g6"]
    moving = air(AP, [plane, unit("x1", "axis", "armor", "G7")],
                 {"interdiction": {"plane": "p1", "unit": "x1"}})["interdiction"]
    where = {d["hex"]: d["can_battle"] for d in moving["destinations"]}
    assert where["H5"] is False and where["g6"] is False and where["I5"] is True
    assert "g4" not in where and "f4" not in where
    plain = air(AP, [plane, unit("x1", "axis", "armor", "G7")],
                {"interdiction": {"plane": "p1", "unit": "x1", "strafed": True}})["interdiction"]
    assert plain["applies"] is False and "g4" in {d["hex"] for d in plain["destinations"]}


def test_interdiction_of_an_air_unit_is_an_error() -> None:
    with pytest.raises(QueryError) as info:
        air(AP, [unit("p1", "allies", "airplane", "G5", model="spitfire", airborne=True),
                 unit("p2", "axis", "airplane", "g6", model="me109", airborne=True)],
            {"interdiction": {"plane": "p1", "unit": "p2"}})
    assert info.value.field == "ask.interdiction.unit"


def test_air_selection_follows_the_air_pack_guidelines_by_nation_theatre_and_date() -> None:
    def models(**body: Any) -> list[str]:
        return list(air(AP, [], {"air_selection": body})["air_selection"]["models"])

    assert models(nation="britain", theatre="mediterranean", year=1941, month=7) == ["spitfire"]
    assert set(models(nation="britain", theatre="mediterranean", year=1941, month=8)) == {"spitfire", "p40"}
    yaks = {"yak1", "yak7", "yak9", "p40"}
    assert set(models(nation="ussr", theatre="eastern", year=1942, month=10)) == yaks
    assert "corsair" not in models(nation="usa", theatre="pacific", year=1942, month=12)
    assert set(models(nation="italy", theatre="mediterranean", year=1941)) == {"storch", "me109"}
    with pytest.raises(QueryError) as info:
        models(nation="usa", theatre="pacific", year=1946)
    assert info.value.field == "ask.air_selection.year"


def test_air_setup_gives_air_superiority_and_the_air_combat_cards_each_side_draws() -> None:
    def setup(**body: Any) -> dict[str, Any]:
        return dict(air(FP, [], {"air_setup": body})["air_setup"])

    assert setup(front="western", year=1944) == {**setup(front="western", year=1944),
                                                 "superiority": "allies",
                                                 "air_combat_cards": {"allies": 3, "axis": 2}}
    assert setup(front="eastern", year=1943)["air_combat_cards"] == {"allies": 2, "axis": 2}
    assert setup(front="western", year=1942, beach_map=True)["air_combat_cards"] == {"allies": 1, "axis": 2}
    with pytest.raises(QueryError) as info:
        setup(front="arctic", year=1942)
    assert info.value.field == "ask.air_setup.front"


# --- a card's reach decides how far a unit may have moved and still battle (cases
# card-infantry-assault-moved-2-battles, card-behind-lines-move-3-and-battle,
# card-close-assault-no-move-first, card-firefight-no-move): the battle checked the unit type's
# own "move 1 and battle" whatever the card said, so the game offered the move but no target

def card_battle(units: list[dict[str, Any]], card: str, terrain: list[dict[str, Any]] | None = None,
                **body: Any) -> dict[str, Any]:
    ask = {"battle": {"attacker": "a1", "target": "x1", "card": card, **body}}
    return dict(answer({"units": units, "terrain": terrain or [], "ask": ask})["battle"])


def pair(hexname: str, moved: int = 0) -> list[dict[str, Any]]:
    """Allied infantry a1 on ``hexname`` (moved this turn) and Axis infantry x1 on G5."""
    return [unit("a1", "allies", "infantry", hexname, moved=moved), unit("x1", "axis", "infantry", "G5")]


def test_infantry_assault_unit_battles_after_moving_two_hexes_not_three() -> None:
    """Infantry Assault: "Units may move up to 2 hexes and still battle, or move 3 hexes but not battle"."""
    for moved, allowed in ((1, True), (2, True), (3, False)):
        out = card_battle(pair("G3", moved),
                          "infantry_assault")
        assert out["allowed"] is allowed, (moved, out["reason"])
        assert out["dice"] == (2 if allowed else 0)
    plain = card_battle(pair("G3", 2),
                        "attack_center")
    assert plain["allowed"] is False  # a section card keeps the infantry's own "1 hex and battle"


def test_behind_enemy_lines_unit_battles_after_moving_three_hexes_with_one_more_die() -> None:
    """Behind Enemy Lines: "Unit may move up to 3 hexes. Unit may battle with 1 additional die";
    terrain battle restrictions still apply."""
    out = card_battle(pair("G3", 3),
                      "behind_enemy_lines")
    assert out["allowed"] is True and out["dice"] == 3
    woods = card_battle(pair("G3", 3),
                        "behind_enemy_lines", [{"hex": "G3", "type": "forest"}])
    assert woods["allowed"] is False


def test_close_assault_and_firefight_units_may_not_move_before_they_battle() -> None:
    """Close Assault: "Units may not move before they battle"; Firefight: units "may not move"."""
    close = card_battle(pair("g4", 1),
                        "close_assault")
    assert close["allowed"] is False and "may not move" in close["reason"]
    fire = card_battle(pair("G3", 1),
                       "firefight")
    assert fire["allowed"] is False
    still = card_battle(pair("G3"), "firefight")
    assert still["allowed"] is True and still["dice"] == 3


def test_close_assault_armor_overrun_battle_is_not_a_move_before_battle() -> None:
    """Close Assault: "after a successful Close Assault, they may Take Ground and Armor units may make
    an Armor Overrun" (the overrun battle follows the move into the vacated hex)."""
    out = card_battle([unit("a1", "allies", "armor", "G5", moved=1), unit("x1", "axis", "infantry", "H5")],
                      "close_assault", overrun=True)
    assert out["allowed"] is True and out["dice"] == 3


def test_game_offers_a_target_after_an_infantry_assault_move_of_two() -> None:
    """The game layer uses the same check: a 2-hex Infantry Assault move next to the enemy may battle."""
    from companion.game.session import GameSession
    from tests.game.conftest import duel_scenario

    g = GameSession.new(duel_scenario())
    g.act({"do": "play_card", "card": "infantry_assault"})
    found = [u for u in g.legal().orderable if u.id == "a1"]
    assert found
    g.act({"do": "order", "units": ["a1"], **({"section": found[0].section} if found[0].section else {})})
    moves = g.legal().moves("a1")
    two = [m for m in moves.values() if m.hexes == 2 and m.can_battle]
    assert two
    g.act({"do": "move", "unit": "a1", "to": two[0].hex})
    g.act({"do": "end_moves"})
    assert [t.target for t in g.legal().targets("a1")] == ["x1"]


# --- an armored car is attacked as infantry, so a rule that names the class it hits reads it as
# infantry (terraudit cases trp2-anti-tank-stars-miss-armored-car,
# trp2-anti-tank-infantry-symbol-hits-armored-car): the star rules and the sniper's "not armor"
# looked at the car's own class (armor) instead of the class it is attacked as

def test_anti_tank_stars_do_not_hit_an_armored_car_attacked_as_infantry() -> None:
    """Anti-Tank Gun: "any star rolled scores a hit when targeting an enemy Armor unit"; Armored Car:
    "When being attack, treat as Infantry" (rules database, seed 004)."""
    car = unit("x1", "axis", "armored_car", "G5")
    stars = battle([unit("a1", "allies", "anti_tank", "g4"), car], ["star", "star", "star"])
    assert stars["result"]["hits"] == 0
    assert stars["result"]["figures_removed"] == 0
    symbol = battle([unit("a1", "allies", "anti_tank", "g4"), car], ["star", "infantry", "armor"])
    assert symbol["result"]["hits"] == 1  # the infantry symbol, to be confirmed by the re-roll
    assert symbol["result"]["confirm_dice"] == 1
    tank = battle([unit("a1", "allies", "anti_tank", "g4"), unit("x1", "axis", "armor", "G5")],
                  ["star", "star", "armor"])
    assert tank["result"]["hits"] == 3  # against real armor the stars still hit


def test_sniper_and_machine_gun_treat_an_armored_car_as_the_infantry_it_is_attacked_as() -> None:
    """Snipers may not target armor and their stars hit infantry (Troops 10); a machine gun that did
    not move scores stars on infantry (Troops 13): the armored car, attacked as infantry, is both."""
    sniper = battle([unit("a1", "allies", "sniper", "G3"), unit("x1", "axis", "armored_car", "G5")], ["star"])
    assert sniper["battle"]["allowed"] is True
    assert sniper["result"]["hits"] == 1
    refused = answer({"units": [unit("a1", "allies", "sniper", "G3"), unit("x1", "axis", "armor", "G5")],
                      "ask": {"battle": {"attacker": "a1", "target": "x1"}}})
    assert refused["battle"]["allowed"] is False  # real armor stays out of a sniper's reach
    gun = battle([unit("a1", "allies", "machine_gun", "g4"), unit("x1", "axis", "armored_car", "G5")],
                 ["star", "star", "flag"])
    assert gun["result"]["hits"] == 2


# --- the Airfields record's reinforcement rule was not played at all (terraudit cases
# ter2-airfield-landing-*): the referee now answers where an order lands the unit

def _landing(units: list[dict[str, Any]], side: str = "allies",
             card: str = "direct_from_hq") -> dict[str, Any]:
    fields = [{"hex": h, "type": "airfield"} for h in ("E5", "F5", "G5")]
    out: dict[str, Any] = answer({"units": units, "terrain": fields,
                                  "ask": {"airfield_landing": {"side": side, "card": card}}})
    return out["airfield_landing"]


def test_airfield_reinforcements_land_for_a_direct_from_hq_order_while_no_enemy_holds_an_airfield() -> None:
    """Airfields (seed 004): "a player may land reinforcements on an airfield hex when there are no
    enemy units on any of the airfield hexes. When a Direct from HQ command card is played, for one
    order, one infantry unit is placed on an airfield hex." """
    free = _landing([unit("a1", "allies", "infantry", "A1"), unit("a2", "allies", "armor", "F5")])
    assert free["allowed"] is True
    assert free["hexes"] == ["E5", "G5"]  # the empty airfield hexes
    assert free["unit_type"] == "infantry"
    held = _landing([unit("x1", "axis", "infantry", "G5")])
    assert held["allowed"] is False and held["hexes"] == []  # an enemy on any airfield hex
    assert "G5" in held["reason"]
    own = _landing([unit("x1", "axis", "infantry", "G5")], side="axis")
    assert own["allowed"] is True and own["hexes"] == ["E5", "F5"]  # its own unit bars nothing
    assert _landing([], card="attack_center")["allowed"] is False  # only Direct from HQ
    bare = answer({"units": [], "ask": {"airfield_landing": {"side": "allies"}}})["airfield_landing"]
    assert bare["allowed"] is False  # no airfield on the board
    with pytest.raises(QueryError) as err:
        _landing([], card="no_such_card")
    assert err.value.field == "ask.airfield_landing.card"


# --- a jungle lets a unit that came in from next door battle (terraudit cases ter2-jungle-*): the
# move ask knew it, the battle ask and the overrun did not

def _ask(units: list[dict[str, Any]], terrain: str, ask: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = answer({"units": units, "terrain": [{"hex": "G5", "type": terrain}], "ask": ask})
    return out


def test_jungle_entered_from_next_door_battles_and_armor_taking_ground_into_it_overruns() -> None:
    """Jungles (card 57, bga-memoir Jungle.php): "Unit moving in must stop and may battle if unit starts
    its move in adjacent hex. If Armor unit starts its move in adjacent hex and makes a successful combat
    against unit in a Jungle hex, it may Take Ground and do an Armor Overrun." """
    hit = {"battle": {"attacker": "a1", "target": "x1"}}
    foe = unit("x1", "axis", "infantry", "f6")
    one = _ask([unit("a1", "allies", "infantry", "G5", moved=1), foe], "jungle", hit)
    assert one["battle"]["allowed"] is True
    two = _ask([unit("a1", "allies", "armor", "G5", moved=2), foe], "jungle", hit)
    assert two["battle"]["allowed"] is False
    stay = _ask([unit("a1", "allies", "infantry", "G5", moved=1)], "jungle", {"move": {"unit": "a1"}})
    assert stay["move"]["destinations"] == [{"hex": "G5", "can_battle": True, "path_length": 1, "path": []}]
    jungle = [{"hex": "G5", "type": "jungle"}]
    target = unit("x1", "axis", "infantry", "G5")
    assert battle([unit("a1", "allies", "armor", "g4"), target], ["flag"], jungle)["result"]["armor_overrun"]
    moved = battle([unit("a1", "allies", "armor", "g4", moved=1), target], ["flag"], jungle)
    assert moved["result"]["armor_overrun"] is False  # it did not start its move next to the jungle
    again = _ask([unit("a1", "allies", "armor", "G5", moved=1), foe], "jungle",
                 {"battle": {"attacker": "a1", "target": "x1", "overrun": True}})
    assert again["battle"]["allowed"] is True
    forest = _ask([unit("a1", "allies", "infantry", "G5", moved=1), foe], "forest", hit)
    assert forest["battle"]["allowed"] is False  # a forest keeps its rule


def test_behind_enemy_lines_keeps_the_jungle_next_door_exception() -> None:
    """Behind Enemy Lines ignores terrain movement, keeps the terrain's battle line: a 1-hex move
    into a jungle may still battle (card 57), a longer one may not."""
    out = answer({"units": [unit("a1", "allies", "infantry", "G5")],
                  "terrain": [{"hex": "f6", "type": "jungle"}, {"hex": "F7", "type": "jungle"}],
                  "ask": {"move": {"unit": "a1", "card": "behind_enemy_lines"}}})
    verdict = {d["hex"]: d["can_battle"] for d in out["move"]["destinations"]}
    assert verdict["f6"] is True
    assert verdict["F7"] is False


# --- mountains are retreated onto only from a hill or mountain, and off one only onto one (cases
# ter9-mountain-no-retreat-up-from-low-o*, ter9-mountain-no-retreat-down-to-low-o*): card 30,
# "Infantry may only move up, retreat onto (/ move down, retreat from) a mountain from (/ to) an
# adjacent hill or mountain" (bga-memoir Terrains/Mountain.php); the retreat used to ignore it

def test_infantry_retreats_onto_a_mountain_only_from_a_hill_or_mountain() -> None:
    behind = [{"hex": "f6", "type": "mountain"}, {"hex": "g6", "type": "mountain"}]
    low = battle([unit("a1", "allies", "armor", "g4"), unit("x1", "axis", "infantry", "G5")],
                 ["flag", "star", "star"], behind)
    assert [(r["hex"], r["figures_lost"]) for r in low["result"]["retreat"]] == [("G5", 1)]
    assert any("mountain" in e for e in low["result"]["explain"])
    # the same retreat from a hill climbs onto the mountain
    hill = battle([unit("a1", "allies", "armor", "g4"), unit("x1", "axis", "infantry", "G5")],
                  ["flag", "star"], [*behind, {"hex": "G5", "type": "hill"}])
    assert sorted(r["hex"] for r in hill["result"]["retreat"]) == ["f6", "g6"]
    assert all(r["figures_lost"] == 0 for r in hill["result"]["retreat"])
    # one mountain behind, the other hex low: the retreat goes the low way
    one = battle([unit("a1", "allies", "armor", "g4"), unit("x1", "axis", "infantry", "G5")],
                 ["flag", "star", "star"], behind[:1])
    assert [r["hex"] for r in one["result"]["retreat"]] == ["g6"]


def test_infantry_retreats_off_a_mountain_only_onto_a_hill_or_mountain() -> None:
    on = [{"hex": "G5", "type": "mountain"}, {"hex": "g4", "type": "mountain"}]
    out = battle([unit("a1", "allies", "infantry", "g4"), unit("x1", "axis", "infantry", "G5")],
                 ["flag", "flag", "star"], on)
    assert [(r["hex"], r["figures_lost"]) for r in out["result"]["retreat"]] == [("G5", 2)]
    # a hill behind takes the first move; off the hill the second goes on as usual
    hill = battle([unit("a1", "allies", "infantry", "g4"), unit("x1", "axis", "infantry", "G5")],
                  ["flag", "flag", "star"], [*on, {"hex": "f6", "type": "hill"}])
    assert all(r["figures_lost"] == 0 for r in hill["result"]["retreat"])
    assert sorted(r["hex"] for r in hill["result"]["retreat"]) == ["F7", "G7"]
    assert {r["path"][0] for r in hill["result"]["retreat"]} == {"f6"}
    # French resistance's 1-3 hexes per flag keep to the same climb
    fr = battle([unit("a1", "allies", "infantry", "g4"), unit("x1", "axis", "french_resistance", "G5")],
                ["flag", "star", "star"], on)
    assert [(r["hex"], r["figures_lost"]) for r in fr["result"]["retreat"]] == [("G5", 1)]


# --- a road crossing a railroad plays as a road (case ter9-road-rail-crossing-plays-as-road): card
# 38 Railroads, "Road crossing a railroad plays as standard road" (bga-memoir Terrains/Rail.php);
# the railway's stop for armor and artillery held on the crossing too

def _moves(units: list[dict[str, Any]], terrain: list[dict[str, Any]]) -> set[str]:
    out = answer({"units": units, "terrain": terrain, "ask": {"move": {"unit": "a1"}}})
    return {d["hex"] for d in out["move"]["destinations"]}


def test_armor_drives_over_a_road_crossing_a_railroad_without_stopping() -> None:
    road = [{"hex": h, "type": "road"} for h in ("D5", "E5", "F5", "G5")]
    crossing = _moves([unit("a1", "allies", "armor", "D5")], [*road, {"hex": "E5", "type": "railway"}])
    assert {"E5", "F5", "G5"} <= crossing
    # the railway alone still stops it: G5 (3 hexes straight through E5) is out of reach
    rail = _moves([unit("a1", "allies", "armor", "D5")], [{"hex": "E5", "type": "railway"}])
    assert "E5" in rail and "G5" not in rail


def test_the_crossing_lets_artillery_and_leaves_infantry_as_before() -> None:
    road = [{"hex": h, "type": "road"} for h in ("D5", "E5", "F5")]
    # artillery on a road: 1 hex and 1 more along the road, over the crossing
    art = _moves([unit("a1", "axis", "artillery", "D5")], [*road, {"hex": "E5", "type": "railway"}])
    assert "F5" in art
    stopped = _moves([unit("a1", "axis", "artillery", "D5")],
                     [*road, {"hex": "E5", "type": "railway"}, {"hex": "E5", "type": "town"}])
    assert "F5" not in stopped  # a town on the crossing still stops every unit


# --- the Eastern Front rulebook's own words for two pieces the table had from memory (cases
# ter9-dragons-teeth-infantry-stops, ter9-hill_forest-out-vs-hill-is-uphill,
# ter9-hill_village-out-vs-hill-is-uphill)

def test_infantry_entering_dragons_teeth_must_stop() -> None:
    """Eastern Front p.5: "Only Infantry may enter a Dragon's Teeth hex. An Infantry that enters a
    Dragon's Teeth hex must stop and may not move further on that turn. Battle: No combat restrictions." """
    moves = _moves([unit("a1", "allies", "infantry", "E5")], [{"hex": "F5", "type": "dragons_teeth"}])
    assert "F5" in moves and "G5" not in moves
    assert "F5" not in _moves([unit("a1", "allies", "armor", "E5")], [{"hex": "F5", "type": "dragons_teeth"}])
    out = battle([unit("a1", "allies", "armor", "g4"), unit("x1", "axis", "infantry", "G5")],
                 ["flag", "star", "star"], [{"hex": "G5", "type": "dragons_teeth"}])
    assert out["battle"]["dice"] == 3 and out["result"]["flags_ignored"] == 0


@pytest.mark.parametrize("kind", ["hill_forest", "hill_village"])
def test_hill_with_forest_or_village_is_that_terrain_at_ground_level(kind: str) -> None:
    """Eastern Front p.3: "These terrains hexes are used for visual effect only. The Hill on Forest
    has the same effect as a Forest, and the Hill with Village has the same effect as a Village." """
    # from the forest (village) a unit on a real hill is uphill: -1 for infantry
    up = battle([unit("a1", "allies", "infantry", "g4"), unit("x1", "axis", "infantry", "G5")],
                ["flag", "star"], [{"hex": "g4", "type": kind}, {"hex": "G5", "type": "hill"}])
    assert up["battle"]["dice"] == 2
    # and it protects as its forest (village) does, against armor -2, whatever the height
    down = battle([unit("a1", "allies", "armor", "g4"), unit("x1", "axis", "infantry", "G5")],
                  ["flag"], [{"hex": "g4", "type": "hill"}, {"hex": "G5", "type": kind}])
    assert down["battle"]["dice"] == 1
# --- nations audit (session 9): rules the core played that no query could ask ------------------

def test_cross_hair_badge_gives_a_big_gun_one_more_die_and_a_hit_places_one() -> None:
    """Troop card 3 (bga-memoir BigGun.php): "Place a cross-hair marker when a target is hit on the
    hex. Until moved or destroyed, zeroed-in unit take fire at +1 on future rounds" (cases
    nat9-cross-hair-*)."""
    marked = {"units": [unit("a1", "axis", "big_gun", "A9"),
                        unit("x1", "allies", "infantry", "E9", badges=["cross_hair"])],
              "ask": {"battle": {"attacker": "a1", "target": "x1"}}}
    assert answer(marked)["battle"]["dice"] == 3  # 2 at 4 hexes, +1
    plain = {**marked, "units": [unit("a1", "axis", "artillery", "A9"), marked["units"][1]]}
    assert answer(plain)["battle"]["dice"] == 2  # the big gun's own power
    hit = battle([unit("a1", "axis", "big_gun", "A9"), unit("x1", "allies", "infantry", "E9")],
                 ["infantry", "star"])
    assert hit["result"]["cross_hair"] is True
    miss = battle([unit("a1", "axis", "big_gun", "A9"), unit("x1", "allies", "infantry", "E9")],
                  ["armor", "star"])
    assert "cross_hair" not in miss["result"]
    gone = battle([unit("a1", "axis", "big_gun", "A9"),
                   unit("x1", "allies", "infantry", "C9", figures=1)], ["grenade", "star", "star"])
    assert gone["result"]["eliminated"] and "cross_hair" not in gone["result"]


def test_night_visibility_ask_reads_the_chart_from_the_rolls() -> None:
    """Night Attacks: the chart starts at 1 hex, each star one step up, after 5 full daylight;
    in reverse from 6 down to close assault only (cases nat9-night-chart-*)."""
    def ask(rolls: list[list[str]], reverse: bool = False) -> dict[str, Any]:
        return answer({"ask": {"night_visibility": {"rolls": rolls, "reverse": reverse}}})["night_visibility"]

    two = ["star", "star", "flag", "armor"]
    assert ask([])["visibility"] == 1
    assert ask([two])["visibility"] == 3 and ask([two])["roll_due"]
    day = ask([two, two, two])
    assert day["visibility"] is None and day["full_daylight"] and not day["roll_due"]
    assert ask([two], reverse=True)["visibility"] == 4
    night = ask([two, two, two], reverse=True)
    assert night["visibility"] == 1 and not night["roll_due"]
    with pytest.raises(QueryError) as bad:
        answer({"ask": {"night_visibility": {"rolls": [["star", "star"]]}}})
    assert bad.value.field == "ask.night_visibility.rolls.0"


def test_card_as_ask_names_the_cards_a_recon_may_be_played_as() -> None:
    """Blitz: the Axis may play a Recon 1 card as Air Power; Hill 317 while an Allied unit holds
    it; Omaha: either side as Barrage; a deck's Air Power is an Artillery Bombard (cases
    nat9-card-as-*)."""
    def ask(card: str, side: str, variants: list[str] | None = None,
            units: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
        q: dict[str, Any] = {"units": units or [], "ask": {"card_as": {"card": card, "side": side, **extra}}}
        if variants is not None:
            q["rules"] = {"variants": variants}
        return answer(q)["card_as"]

    assert ask("recon_left", "axis", ["blitz"])["plays_as"] == ["air_power"]
    assert ask("recon_left", "allies", ["blitz"])["plays_as"] == []
    assert ask("attack_left", "axis", ["blitz"])["plays_as"] == []
    assert ask("recon_right", "axis", ["recon_as_barrage"])["plays_as"] == ["barrage"]
    held = ask("recon_center", "allies", units=[unit("a1", "allies", "infantry", "E5")], hill_317=["E5"])
    assert held["plays_as"] == ["air_power"]
    lost = ask("recon_center", "allies", units=[unit("x1", "axis", "infantry", "E5")], hill_317=["E5"])
    assert lost["plays_as"] == []
    assert ask("air_power", "axis", ["air_power_as_artillery_bombard"])["becomes"] == "artillery_bombard"
    with pytest.raises(QueryError) as bad:
        ask("recon_left", "allies", hill_317=["A8"])
    assert bad.value.field == "ask.card_as.hill_317.0"


def test_high_command_ask_and_the_discard_an_axis_loss_costs() -> None:
    """Italian High Command (bga-memoir AttackUnitsTrait::damageUnit): each Axis unit eliminated
    while the Axis hold more than 3 command cards costs a card at random (cases
    nat9-high-command-*)."""
    rules = {"variants": ["italian_high_command"]}

    def ask(**body: Any) -> dict[str, Any]:
        return answer({"rules": rules, "ask": {"high_command": body}})["high_command"]

    assert ask(held=6, eliminated=1)["held_after"] == 5
    assert ask(held=6, eliminated=5) == {**ask(held=6, eliminated=5), "held_after": 3, "discards": 3}
    assert ask(held=3, eliminated=2)["discards"] == 0
    assert ask(eliminated=2)["held_after"] == 4  # the 6 cards the rule deals
    off = answer({"ask": {"high_command": {"held": 5, "eliminated": 2}}})["high_command"]
    assert not off["in_play"] and off["held_after"] == 5
    lost = battle([unit("a1", "allies", "infantry", "g4"),
                   unit("x1", "axis", "infantry", "G5", nation="it", figures=1)],
                  ["infantry", "star", "star"], rules=rules)
    assert lost["result"]["eliminated"] and lost["result"]["high_command_discard"] is True
    ours = battle([unit("a1", "axis", "infantry", "G5"), unit("x1", "allies", "infantry", "g4", figures=1)],
                  ["infantry", "star", "star"], rules=rules)
    assert "high_command_discard" not in ours["result"]  # the Axis' cards only


def test_breakthrough_ask_names_the_opponents_baseline_hexes_new_armor_may_enter() -> None:
    """Armor Breakthrough (bga-memoir's summary): "Units must enter through Opponent's baseline;
    Units must stop on baseline hex", each by a valid order, up to the side's count (cases
    nat9-breakthrough-*)."""
    def ask(pieces: list[dict[str, Any]] | None = None, ground: list[dict[str, Any]] | None = None,
            **body: Any) -> dict[str, Any]:
        return answer({"units": pieces or [], "terrain": ground or [],
                       "ask": {"breakthrough": body}})["breakthrough"]

    top = ask(side="allies", units=2)
    assert top["allowed"] and set(top["hexes"]) == {c + "9" for c in "ABCDEFGHIJKLM"}
    assert set(ask(side="axis", units=2)["hexes"]) == {c + "1" for c in "ABCDEFGHIJKLM"}
    held = ask([unit("x1", "axis", "infantry", "B9")], [{"hex": "C9", "type": "hedgehogs"}],
               side="allies", units=2, section="left")
    assert "A9" in held["hexes"] and "D9" in held["hexes"]
    assert not {"B9", "C9", "G9"} & set(held["hexes"])  # a unit, hedgehogs, another section
    assert set(ask(side="axis", units=2, section="left")["hexes"]) >= {"J1", "K1", "L1", "M1"}
    done = ask(side="allies", units=2, arrived=2)
    assert not done["allowed"] and done["left"] == 0 and done["hexes"] == []
    with pytest.raises(QueryError) as bad:
        ask(side="allies", units=2, section="middle")
    assert bad.value.field == "ask.breakthrough.section"


def test_combat_engineer_clears_a_minefield_only_within_its_battle_reach() -> None:
    """Combat Engineers "In minefield must clear the mines, instead of battling" and "If ordered
    on Infantry Assault, may move 2 hexes and remove wire or clear mines" (bga-memoir
    CombatEngineer.php, Minefield::onUnitEntering); case nat9-engineer-moved-2-rolls-mine."""
    def rolls(moved: int, **extra: Any) -> list[dict[str, Any]]:
        q = {"units": [unit("a1", "allies", "combat_engineer", "G5", moved=moved)],
             "terrain": [{"hex": "G5", "type": "minefield", "owner": "axis", "value": 3}],
             "ask": {"terrain_entry": {"unit": "a1", "how": "move", **extra}}}
        return answer(q)["terrain_entry"]["rolls"]  # type: ignore[no-any-return]

    assert rolls(1)[0]["dice"] == 0  # cleared instead of battling
    assert rolls(2)[0]["dice"] == 3  # it could not battle after 2 hexes: it rolls
    assert rolls(2, card="infantry_assault")[0]["dice"] == 0
    with pytest.raises(QueryError) as bad:
        rolls(1, card="nuke")
    assert bad.value.field == "ask.terrain_entry.card"


def test_tiger_on_a_minefield_rolls_its_hits_again() -> None:
    """Troop card 16: each hit on a Tiger is rolled again, a grenade confirms it; bga-memoir
    Minefield::onUnitEntering rolls a Tiger's mine hits again too (cases nat9-tiger-mine-*)."""
    def entry(kind: str, dice: list[str], **extra: Any) -> dict[str, Any]:
        q = {"units": [unit("a1", "allies", kind, "G5", moved=1)],
             "terrain": [{"hex": "G5", "type": "minefield", "owner": "axis", "value": 2}],
             "dice": dice, "ask": {"terrain_entry": {"unit": "a1", "how": "move", **extra}}}
        return answer(q)["result"]  # type: ignore[no-any-return]

    due = entry("tiger", ["armor", "star"])
    assert due["confirm_dice"] == 1 and due["figures_removed"] == 0 and not due["eliminated"]
    gone = entry("tiger", ["armor", "star"], confirm=["grenade"])
    assert gone["confirmed"] and gone["eliminated"] and gone["medal_to"] == "axis"
    held = entry("tiger", ["armor", "star"], confirm=["star"])
    assert held["confirmed"] is False and not held["eliminated"]
    plain = entry("armor", ["armor", "star"])
    assert plain["figures_removed"] == 1 and "confirm_dice" not in plain
    with pytest.raises(QueryError) as bad:
        entry("armor", ["armor", "star"], confirm=["grenade"])
    assert bad.value.field == "ask.terrain_entry.confirm"


# --- an infantry unit that climbs onto a mountain during its move comes down only onto a hill or a
# mountain (cases ter12-mountain-down-mid-move-*, found by tests/rules/test_terrain_oracle.py): card
# 30, "Infantry may only move up, retreat onto (/ move down, retreat from) a mountain from (/ to) an
# adjacent hill or mountain" (bga-memoir Terrains/Mountain.php getLeavingDeplacementCost, every step);
# the move checked the way down only from the hex the unit started on

def test_infantry_that_climbed_a_mountain_comes_down_only_onto_a_hill_or_mountain() -> None:
    up = [{"hex": "G5", "type": "hill"}, {"hex": "H5", "type": "mountain"}]
    out = answer({"units": [unit("a1", "allies", "infantry", "G5")], "terrain": up,
                  "ask": {"move": {"unit": "a1"}}})
    reached = {d["hex"]: d["path"] for d in out["move"]["destinations"]}
    assert reached["H5"] == ["H5"]  # up from the hill: allowed
    assert "I5" not in reached  # I5 is countryside, and only H5 leads there
    assert reached["h4"] == ["g4", "h4"] and reached["h6"] == ["g6", "h6"]  # around, not over
    # a hill beyond the mountain: the way down is open
    down = answer({"units": [unit("a1", "allies", "infantry", "G5")],
                   "terrain": [*up, {"hex": "I5", "type": "hill"}], "ask": {"move": {"unit": "a1"}}})
    assert {d["hex"]: d["path"] for d in down["move"]["destinations"]}["I5"] == ["H5", "I5"]


# --- a steep hill climbed from a hill costs 1 hex, whichever way the search meets it first (cases
# ter12-steep-hill-from-hill-*, found by tests/rules/test_terrain_oracle.py): card 13, "Movement up
# onto steep hill is a 2 hex move" (bga-memoir Terrains/SteepHill.php: 1 from a hill); the move kept
# the first state it met on a hex, so a dearer way up (from countryside) could hide the cheap one

def test_a_steep_hill_climbed_from_a_hill_costs_one_hex_whichever_way_is_met_first() -> None:
    climb = [{"hex": "C5", "type": "hill"}, {"hex": "D5", "type": "steep_hill"},
             {"hex": "d4", "type": "steep_hill"}]
    out = answer({"units": [unit("a1", "allies", "armor", "b4")], "terrain": climb,
                  "ask": {"move": {"unit": "a1"}}})
    reached = {d["hex"]: d for d in out["move"]["destinations"]}
    assert reached["D5"]["path"] == ["C5", "D5"] and reached["D5"]["path_length"] == 2
    assert reached["E5"]["path"] == ["C5", "D5", "E5"] and reached["E5"]["path_length"] == 3
    # from countryside the same steep hill is the 2-hex move: d4 after c4 costs 3, E5 beyond it 4
    assert reached["d4"]["path_length"] == 3
