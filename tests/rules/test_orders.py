"""Orders validation: sections, dotted lines, one order per unit, lost orders, card limits."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.board import Board, Side
from companion.rules.cards import DECK
from companion.rules.orders import (
    OrdersError,
    air_power_group_ok,
    check_orders,
    recover_figures,
)
from companion.rules.position import Position
from companion.rules.referee import position_from_json


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def position(*units: dict[str, Any], bottom: str = "allies") -> Position:
    return position_from_json({"bottom": bottom, "units": list(units)})


# Standard board seen from the bottom: left = columns A..E (E on the dotted line),
# center = E..I, right = I..M.
def army() -> Position:
    return position(
        unit("l1", "allies", "infantry", "B1"), unit("l2", "allies", "infantry", "b2"),
        unit("l3", "allies", "armor", "C1"),
        unit("d1", "allies", "infantry", "d2"),  # dotted line: left and center
        unit("c1", "allies", "infantry", "G1"), unit("c2", "allies", "artillery", "G3"),
        unit("r1", "allies", "armor", "K1"),
        unit("x1", "axis", "infantry", "B3"), unit("x2", "axis", "infantry", "G9"),
    )


def test_probe_left_orders_2_units_on_the_left_flank() -> None:
    r = check_orders(army(), "probe_left", Side.ALLIES, ["l1", "l2", "l3"])
    assert r.valid == ("l1", "l2")
    assert r.rejected == (("l3", "no order of Probe Left is left in the left section for l3"),)
    assert r.orders_available == 2 and r.orders_lost == 0


def test_units_outside_the_card_section_may_not_be_ordered() -> None:
    r = check_orders(army(), "attack_left", Side.ALLIES, ["c1"])
    assert r.valid == () and "center section" in r.rejected[0][1]


def test_a_unit_on_a_dotted_line_may_be_ordered_from_either_section() -> None:
    pos = army()
    assert check_orders(pos, "recon_left", Side.ALLIES, ["d1"]).valid == ("d1",)
    assert check_orders(pos, "recon_center", Side.ALLIES, ["d1"]).valid == ("d1",)
    assert check_orders(pos, "recon_right", Side.ALLIES, ["d1"]).valid == ()


def test_dotted_line_unit_is_counted_where_it_leaves_room_for_the_others() -> None:
    # General Advance: 2 in each section. l1, l2 fill the left; d1 must use a center order.
    r = check_orders(army(), "general_advance", Side.ALLIES, ["l1", "l2", "d1", "c1", "r1"])
    assert r.valid == ("l1", "l2", "d1", "c1", "r1")
    assert r.sections_by_unit["d1"] == "center"


def test_dotted_line_unit_already_placed_moves_to_make_room() -> None:
    # d1 first (could take a left order), then l1 and l2 still fit because d1 moves to the center
    r = check_orders(army(), "general_advance", Side.ALLIES, ["d1", "l1", "l2"])
    assert r.valid == ("d1", "l1", "l2")


def test_orders_beyond_the_units_in_a_section_are_lost() -> None:
    # Attack Right: 3 orders, only r1 on the right flank -> 2 lost
    r = check_orders(army(), "attack_right", Side.ALLIES, ["r1"])
    assert r.orders_available == 3 and r.orders_lost == 2 and r.orders_unused == 0


def test_general_advance_counts_lost_orders_per_section() -> None:
    # right: only r1 -> 1 lost; left and center have enough
    r = check_orders(army(), "general_advance", Side.ALLIES, [])
    assert r.orders_available == 6 and r.orders_lost == 1 and r.orders_unused == 5


def test_one_order_per_unit() -> None:
    r = check_orders(army(), "attack_left", Side.ALLIES, ["l1", "l1"])
    assert r.valid == ("l1",) and "one order per unit" in r.rejected[0][1]


def test_enemy_units_may_not_be_ordered() -> None:
    r = check_orders(army(), "attack_left", Side.ALLIES, ["x1"])
    assert r.valid == () and "belongs to the axis" in r.rejected[0][1]


def test_unknown_unit_is_an_error_naming_the_field() -> None:
    with pytest.raises(OrdersError) as err:
        check_orders(army(), "attack_left", Side.ALLIES, ["l1", "zz"])
    assert err.value.field == "units.1" and "zz" in err.value.message


def test_sections_are_mirrored_for_the_top_player() -> None:
    # Axis at the top: its left flank is the board's right-hand side (columns I..M)
    pos = position(unit("x1", "axis", "infantry", "L9"), unit("x2", "axis", "infantry", "B9"))
    assert check_orders(pos, "probe_left", Side.AXIS, ["x1", "x2"]).valid == ("x1",)
    assert check_orders(pos, "probe_right", Side.AXIS, ["x2"]).valid == ("x2",)


def test_pincer_move_orders_on_both_flanks_not_the_center() -> None:
    r = check_orders(army(), "pincer_move", Side.ALLIES, ["l1", "r1", "c1"])
    assert r.valid == ("l1", "r1") and r.orders_lost == 1


def test_assault_orders_every_unit_in_the_section_and_loses_none() -> None:
    r = check_orders(army(), "assault_left", Side.ALLIES, ["l1", "l2", "l3", "d1"])
    assert r.valid == ("l1", "l2", "l3", "d1") and r.orders_lost == 0
    assert r.orders_available == 4


def test_recon_in_force_orders_one_unit_per_section() -> None:
    r = check_orders(army(), "recon_in_force", Side.ALLIES, ["l1", "l2", "c1", "r1"])
    assert r.valid == ("l1", "c1", "r1")


def test_armor_assault_orders_armor_only() -> None:
    r = check_orders(army(), "armor_assault", Side.ALLIES, ["l3", "r1", "l1"])
    assert r.valid == ("l3", "r1")
    assert "armor units only" in r.rejected[0][1]
    assert r.orders_lost == 2  # 4 orders, 2 armor units


def test_armor_assault_without_armor_orders_one_unit_of_your_choice() -> None:
    pos = position(unit("a1", "allies", "infantry", "B1"), unit("a2", "allies", "artillery", "G1"))
    r = check_orders(pos, "armor_assault", Side.ALLIES, ["a2", "a1"])
    assert r.fallback and r.valid == ("a2",) and r.orders_available == 1


def test_move_out_and_dig_in_order_up_to_4_infantry() -> None:
    for name in ("move_out", "dig_in"):
        r = check_orders(army(), name, Side.ALLIES, ["l1", "l2", "d1", "c1", "l3"])
        assert r.valid == ("l1", "l2", "d1", "c1")
        assert "infantry units only" in dict(r.rejected)["l3"]


def test_direct_from_hq_orders_any_4_units_anywhere() -> None:
    r = check_orders(army(), "direct_from_hq", Side.ALLIES, ["l1", "c2", "r1", "l3", "c1"])
    assert r.valid == ("l1", "c2", "r1", "l3")
    assert r.orders_lost == 0 and r.orders_unused == 0


def test_behind_enemy_lines_orders_a_single_infantry_unit() -> None:
    r = check_orders(army(), "behind_enemy_lines", Side.ALLIES, ["l1", "l2"])
    assert r.valid == ("l1",)


def test_artillery_bombard_orders_all_artillery() -> None:
    r = check_orders(army(), "artillery_bombard", Side.ALLIES, ["c2", "c1"])
    assert r.valid == ("c2",) and r.orderable == ("c2",)


def test_infantry_assault_orders_all_infantry_in_the_chosen_section() -> None:
    r = check_orders(army(), "infantry_assault", Side.ALLIES, ["l1", "l2", "d1", "c1"], section="left")
    assert r.valid == ("l1", "l2", "d1")
    assert "not in the left section" in dict(r.rejected)["c1"]


def test_infantry_assault_needs_a_section() -> None:
    with pytest.raises(OrdersError) as err:
        check_orders(army(), "infantry_assault", Side.ALLIES, ["l1"])
    assert err.value.field == "section"
    with pytest.raises(OrdersError):
        check_orders(army(), "infantry_assault", Side.ALLIES, ["l1"], section="middle")


def test_close_assault_orders_infantry_and_armor_adjacent_to_an_enemy() -> None:
    r = check_orders(army(), "close_assault", Side.ALLIES, ["l2", "l1"])
    assert r.valid == ("l2",) and r.orderable == ("l2",)  # l2 on b2 touches x1 on B3
    assert "adjacent to an enemy" in dict(r.rejected)["l1"]


def test_firefight_orders_up_to_4_units_not_adjacent_to_an_enemy() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), unit("a2", "allies", "armor", "B1"),
                   unit("x1", "axis", "infantry", "f4"))
    r = check_orders(pos, "firefight", Side.ALLIES, ["a1", "a2"])
    assert r.valid == ("a2",) and "adjacent" in dict(r.rejected)["a1"]


def test_their_finest_hour_orders_by_the_rolled_symbols() -> None:
    # infantry symbol: 1 infantry; star: any unit; grenade, flag: nothing
    r = check_orders(army(), "their_finest_hour", Side.ALLIES, ["l1", "l2", "c2"],
                     roll=["infantry", "star", "grenade", "flag"])
    assert r.valid == ("l1", "l2")
    assert "c2" in dict(r.rejected) and r.dice_ignored == 2


def test_their_finest_hour_star_orders_artillery_and_lost_orders_count() -> None:
    pos = position(unit("a1", "allies", "artillery", "B1"))
    r = check_orders(pos, "their_finest_hour", Side.ALLIES, ["a1"], roll=["armor", "star"])
    assert r.valid == ("a1",) and r.orders_lost == 1  # no armor to use the armor symbol


def test_their_finest_hour_needs_one_die_per_card_held() -> None:
    with pytest.raises(OrdersError, match="1 die per command card held"):
        check_orders(army(), "their_finest_hour", Side.ALLIES, [], roll=["star"], hand_size=5)
    with pytest.raises(OrdersError):
        check_orders(army(), "their_finest_hour", Side.ALLIES, [])
    with pytest.raises(OrdersError):
        check_orders(army(), "their_finest_hour", Side.ALLIES, [], roll=["skull"])


def test_barrage_orders_no_units() -> None:
    r = check_orders(army(), "barrage", Side.ALLIES, ["l1"])
    assert r.valid == () and r.orders_available == 0 and "orders no units" in r.rejected[0][1]


def test_counter_attack_plays_the_mirrored_card() -> None:
    r = check_orders(army(), "counter_attack", Side.ALLIES, ["l1", "r1"], counters="attack_right")
    assert r.card.id == "attack_left" and r.valid == ("l1",)
    with pytest.raises(OrdersError) as err:
        check_orders(army(), "counter_attack", Side.ALLIES, [])
    assert err.value.field == "counters"


def test_medics_pick_a_unit_that_lost_figures_and_order_it_if_a_figure_returns() -> None:
    pos = position(unit("a1", "allies", "infantry", "B1", figures=2),
                   unit("a2", "allies", "armor", "C1"))
    r = check_orders(pos, "medics_and_mechanics", Side.ALLIES, ["a2"])
    assert r.valid == () and "full strength" in r.rejected[0][1]
    r = check_orders(pos, "medics_and_mechanics", Side.ALLIES, ["a1"],
                     roll=["infantry", "star", "armor", "infantry"])
    assert r.medics is not None
    assert r.medics.figures_returned == 2 and r.medics.figures_after == 4 and r.medics.ordered


def test_medics_never_exceed_starting_strength_and_no_figure_means_no_order() -> None:
    pos = position(unit("a1", "allies", "armor", "B1", figures=2))
    assert recover_figures(pos, "a1", ["armor", "star", "star"]).figures_returned == 1
    none = recover_figures(pos, "a1", ["infantry", "grenade"])
    assert none.figures_returned == 0 and not none.ordered


def test_air_power_targets_must_be_up_to_4_adjacent_enemy_units() -> None:
    pos = position(unit("x1", "axis", "infantry", "F5"), unit("x2", "axis", "infantry", "G5"),
                   unit("x3", "axis", "infantry", "B5"), unit("a1", "allies", "infantry", "F3"))
    assert air_power_group_ok(pos, Side.ALLIES, ["x1", "x2"]) is None
    assert air_power_group_ok(pos, Side.ALLIES, ["x1", "x3"]) is not None
    assert air_power_group_ok(pos, Side.ALLIES, ["x1", "a1"]) is not None
    assert air_power_group_ok(pos, Side.ALLIES, ["x1"] * 5) is not None


# --- properties ------------------------------------------------------------------------------------
_BOARD = Board.of()
_HEXES = [_BOARD.name(h) for h in _BOARD.all_hexes]
_PLAIN_CARDS = [c.id for c in DECK if c.orders_units and not c.orders_from_roll
                and not c.copies_last_card and not c.one_section]


@st.composite
def armies(draw: st.DrawFn) -> tuple[Position, list[str]]:
    spots = draw(st.lists(st.sampled_from(_HEXES), min_size=1, max_size=12, unique=True))
    units = []
    for i, h in enumerate(spots):
        side = draw(st.sampled_from(["allies", "axis"]))
        kind = draw(st.sampled_from(["infantry", "armor", "artillery"]))
        units.append(unit(f"u{i}", side, kind, h))
    ids = [u["id"] for u in units]
    request = draw(st.lists(st.sampled_from(ids), max_size=14))
    return position(*units), request


@settings(max_examples=80, deadline=None)
@given(armies(), st.sampled_from(_PLAIN_CARDS))
def test_orders_never_exceed_what_the_card_can_use(army_req: tuple[Position, list[str]], name: str) -> None:
    pos, request = army_req
    r = check_orders(pos, name, Side.ALLIES, request)
    assert len(r.valid) == len(set(r.valid))
    assert set(r.valid) <= set(request) and len(r.valid) + len(r.rejected) == len(request)
    assert all(pos.units[u].side is Side.ALLIES for u in r.valid)
    assert set(r.valid) <= set(r.orderable)
    assert len(r.valid) + r.orders_unused + r.orders_lost == r.orders_available


@settings(max_examples=80, deadline=None)
@given(armies(), st.sampled_from(_PLAIN_CARDS))
def test_asking_for_every_orderable_unit_uses_every_usable_order(
        army_req: tuple[Position, list[str]], name: str) -> None:
    pos, _ = army_req
    everyone = check_orders(pos, name, Side.ALLIES, []).orderable
    r = check_orders(pos, name, Side.ALLIES, list(everyone))
    assert len(r.valid) == r.orders_available - r.orders_lost and r.orders_unused == 0


def test_deploying_an_air_unit_spends_one_order_of_the_section_card() -> None:
    # New Flight Plan's worked example: Probe Left with an Air Combat card orders one infantry
    # and deploys a fighter on the left section.
    pos = position(unit("i1", "allies", "infantry", "B1"), unit("i2", "allies", "infantry", "C1"))
    r = check_orders(pos, "probe_left", Side.ALLIES, ["i1", "i2"], air_deploy="left")
    assert r.valid == ("i1",) and r.orders_available == 1
    assert "air unit" in r.explain[0]


def test_an_air_unit_is_not_deployed_with_a_tactic_card_or_outside_the_card_section() -> None:
    pos = position(unit("i1", "allies", "infantry", "B1"))
    with pytest.raises(OrdersError, match="section card"):
        check_orders(pos, "direct_from_hq", Side.ALLIES, ["i1"], air_deploy="left")
    with pytest.raises(OrdersError, match="no order in the right"):
        check_orders(pos, "probe_left", Side.ALLIES, ["i1"], air_deploy="right")
    with pytest.raises(OrdersError) as err:
        check_orders(pos, "probe_left", Side.ALLIES, ["i1"], air_deploy="up")
    assert err.value.field == "air_deploy"


def test_an_assault_card_orders_the_air_unit_coming_into_its_section_as_well() -> None:
    # Assault Left orders every unit on the left flank: an air unit deployed there is one of
    # them and costs none of the others their order, even where no ground unit stands
    pos = position(unit("i1", "allies", "infantry", "B1"), unit("i2", "allies", "infantry", "C1"))
    r = check_orders(pos, "assault_left", Side.ALLIES, ["i1", "i2"], air_deploy="left")
    assert set(r.valid) == {"i1", "i2"}
    empty = position(unit("i3", "allies", "infantry", "K1"))
    r = check_orders(empty, "assault_left", Side.ALLIES, [], air_deploy="left")
    assert r.valid == ()
