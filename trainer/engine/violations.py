"""Player violations as data: what a player may do wrong at the layout, when a dealer sees
it, and what the house has the dealer do about it.

A house (``trainer.engine.house.House.violations``) gives each :class:`Violation` a
:class:`Response`: refuse the bet, return it to the player, call the floor, or let it play
(``ALLOW``: the house does not enforce it).  Some violations exist only where the house's
limits say so: a side bet without its base bet (``limits.side_needs_base``), a side bet over
its base (``limits.side_caps``), the table differential (``limits.differential``).  The
house answers which apply (``House.enforces``); the table drill and the audit read it.

Stdlib only, like the rest of the engine.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from trainer.engine.errors import EngineError

__all__ = [
    "ALWAYS_ENFORCED",
    "DEFAULT_RESPONSES",
    "DEFAULT_VIOLATIONS",
    "MOMENTS",
    "Moment",
    "Response",
    "Violation",
    "ViolationRules",
]


class Moment(enum.Enum):
    """When in a coup a dealer must catch a violation."""

    BETS = "bets"  #: the layout at "no more bets", before the first card
    DEAL = "deal"  #: after the first card is dealt, before the result
    RESULT = "result"  #: after the result is called, before the table is settled

    @property
    def label(self) -> str:
        return _MOMENT_LABELS[self]


_MOMENT_LABELS = {
    Moment.BETS: "at no more bets",
    Moment.DEAL: "during the deal",
    Moment.RESULT: "after the result",
}


class Violation(enum.Enum):
    """What a player does wrong; the value is the house file's key."""

    PAST_POSTING = "past_posting"
    PRESSING = "pressing"
    WITHDRAWN = "withdrawn"
    PINCHING = "pinching"
    SIDE_WITHOUT_BASE = "side_without_base"
    SIDE_OVER_BASE = "side_over_base"
    BOTH_SIDES = "both_sides"
    UNDER_MIN = "under_min"
    OVER_MAX = "over_max"
    DIFFERENTIAL = "differential"
    CASH = "cash"
    NON_PLAYABLE = "non_playable_chips"

    @property
    def moment(self) -> Moment:
        return MOMENTS[self]

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def short(self) -> str:
        """A few words, for an answer on one line."""
        return _SHORT[self]


#: When each violation is caught (one table: the drill and the audit read it).
MOMENTS: Mapping[Violation, Moment] = MappingProxyType(
    {
        Violation.PAST_POSTING: Moment.DEAL,
        Violation.PRESSING: Moment.DEAL,
        Violation.WITHDRAWN: Moment.DEAL,
        Violation.PINCHING: Moment.RESULT,
        Violation.SIDE_WITHOUT_BASE: Moment.BETS,
        Violation.SIDE_OVER_BASE: Moment.BETS,
        Violation.BOTH_SIDES: Moment.BETS,
        Violation.UNDER_MIN: Moment.BETS,
        Violation.OVER_MAX: Moment.BETS,
        Violation.DIFFERENTIAL: Moment.BETS,
        Violation.CASH: Moment.BETS,
        Violation.NON_PLAYABLE: Moment.BETS,
    }
)

_LABELS = {
    Violation.PAST_POSTING: "a bet placed after the first card (past posting)",
    Violation.PRESSING: "a bet increased after the first card (pressing)",
    Violation.WITHDRAWN: "a bet withdrawn after the first card",
    Violation.PINCHING: "a losing bet pinched after the result",
    Violation.SIDE_WITHOUT_BASE: "a side bet without a Player or Banker bet",
    Violation.SIDE_OVER_BASE: "a side bet over the bet that caps it",
    Violation.BOTH_SIDES: "Player and Banker on one spot",
    Violation.UNDER_MIN: "a bet under the table minimum",
    Violation.OVER_MAX: "a bet over the table maximum",
    Violation.DIFFERENTIAL: "Player and Banker action apart by more than the differential",
    Violation.CASH: "cash on the layout",
    Violation.NON_PLAYABLE: "a non-playable chip (commission change) on the layout",
}


_SHORT = {
    Violation.PAST_POSTING: "past posting",
    Violation.PRESSING: "pressing",
    Violation.WITHDRAWN: "bet withdrawn",
    Violation.PINCHING: "pinched bet",
    Violation.SIDE_WITHOUT_BASE: "side bet without base",
    Violation.SIDE_OVER_BASE: "side bet over its cap",
    Violation.BOTH_SIDES: "Player and Banker on one spot",
    Violation.UNDER_MIN: "under the minimum",
    Violation.OVER_MAX: "over the maximum",
    Violation.DIFFERENTIAL: "over the differential",
    Violation.CASH: "cash on the layout",
    Violation.NON_PLAYABLE: "change chip on the layout",
}


class Response(enum.Enum):
    """What the dealer does about a violation; ``ALLOW``: the house lets it play."""

    REFUSE = "refuse"
    RETURN = "return"
    FLOOR = "floor"
    ALLOW = "allow"

    @property
    def label(self) -> str:
        return _RESPONSE_LABELS[self]


_RESPONSE_LABELS = {
    Response.REFUSE: "refuse the bet",
    Response.RETURN: "return it",
    Response.FLOOR: "call the floor",
    Response.ALLOW: "let it play",
}

#: What a house does when its file says nothing: the common procedure.  Player and Banker
#: on one spot is allowed (only some houses forbid it); a differential applies only where the
#: limits set one.
DEFAULT_RESPONSES: Mapping[Violation, Response] = MappingProxyType(
    {
        Violation.PAST_POSTING: Response.REFUSE,
        Violation.PRESSING: Response.REFUSE,
        Violation.WITHDRAWN: Response.FLOOR,
        Violation.PINCHING: Response.FLOOR,
        Violation.SIDE_WITHOUT_BASE: Response.REFUSE,
        Violation.SIDE_OVER_BASE: Response.REFUSE,
        Violation.BOTH_SIDES: Response.ALLOW,
        Violation.UNDER_MIN: Response.REFUSE,
        Violation.OVER_MAX: Response.REFUSE,
        Violation.DIFFERENTIAL: Response.FLOOR,
        Violation.CASH: Response.RETURN,
        Violation.NON_PLAYABLE: Response.RETURN,
    }
)

#: Violations a table's limits always make: a house cannot let them play.
ALWAYS_ENFORCED = frozenset({Violation.UNDER_MIN, Violation.OVER_MAX})


@dataclass(frozen=True, slots=True)
class ViolationRules:
    """A house's response to each violation; what the file leaves out is the default."""

    responses: Mapping[Violation, Response] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        merged = {**DEFAULT_RESPONSES, **self.responses}
        for v in ALWAYS_ENFORCED:
            if merged[v] is Response.ALLOW:
                raise EngineError(f"{v.value}: a table's limits always apply, it cannot be allowed")
        object.__setattr__(self, "responses", MappingProxyType(merged))

    def response(self, violation: Violation) -> Response:
        return self.responses[violation]


#: The common procedure, for a house that says nothing of violations.
DEFAULT_VIOLATIONS = ViolationRules()
