"""Air rules: the Air Pack (2007) and New Flight Plan (2019), as data and pure rules.

``airpack.AirPackRules`` and ``flightplan.FlightPlanRules`` are the two variants of
``common.FlightRules``; ``VARIANTS`` maps the query's ``rules.air`` value to its class.
"""

from __future__ import annotations

from companion.rules.air.airpack import AirPackRules
from companion.rules.air.common import FlightRules
from companion.rules.air.flightplan import FlightPlanRules

VARIANTS: dict[str, type[FlightRules]] = {
    AirPackRules.name: AirPackRules,
    FlightPlanRules.name: FlightPlanRules,
}

__all__ = ["VARIANTS", "AirPackRules", "FlightPlanRules", "FlightRules"]
