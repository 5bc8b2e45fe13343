"""Player violations as house data: each has its moment, each house its responses, and a
seat's or a table's wagers are judged against what the house enforces (cases worked by hand
from the house's limits)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.engine.errors import EngineError, HouseError
from trainer.engine.house import BUNDLED_HOUSES, House
from trainer.engine.settlement import Bet
from trainer.engine.table_rules import Limits
from trainer.engine.violations import (
    DEFAULT_RESPONSES,
    Moment,
    Response,
    Violation,
    ViolationRules,
)
from trainer.houses import fields

EZ, TIE9, COMMISSION, CARDROOM = (
    BUNDLED_HOUSES[k] for k in ("ez", "ez-tie9", "commission", "cardroom")
)
D = Decimal


def test_the_file_format_names_every_violation_and_response() -> None:
    assert tuple(v.value for v in Violation) == fields.VIOLATIONS
    assert tuple(r.value for r in Response) == fields.RESPONSES
    assert set(DEFAULT_RESPONSES) == set(Violation)


def test_each_violation_is_caught_at_its_moment() -> None:
    assert Violation.PAST_POSTING.moment is Moment.DEAL
    assert Violation.PRESSING.moment is Moment.DEAL
    assert Violation.WITHDRAWN.moment is Moment.DEAL
    assert Violation.PINCHING.moment is Moment.RESULT
    assert {v for v in Violation if v.moment is Moment.BETS} == {
        Violation.SIDE_WITHOUT_BASE,
        Violation.SIDE_OVER_BASE,
        Violation.BOTH_SIDES,
        Violation.UNDER_MIN,
        Violation.OVER_MAX,
        Violation.DIFFERENTIAL,
        Violation.CASH,
        Violation.NON_PLAYABLE,
    }


def test_what_each_bundled_house_enforces() -> None:
    # ez: no side-bet rules, no differential, Player and Banker on one spot allowed
    assert EZ.enforced == (
        Violation.PAST_POSTING,
        Violation.PRESSING,
        Violation.WITHDRAWN,
        Violation.PINCHING,
        Violation.UNDER_MIN,
        Violation.OVER_MAX,
        Violation.CASH,
        Violation.NON_PLAYABLE,
    )
    assert EZ.enforces(Violation.WITHDRAWN) is Response.FLOOR
    assert EZ.enforces(Violation.CASH) is Response.RETURN
    # ez-tie9 needs a base bet and caps the side bets, and forbids both sides
    assert TIE9.enforces(Violation.SIDE_WITHOUT_BASE) is Response.REFUSE
    assert TIE9.enforces(Violation.SIDE_OVER_BASE) is Response.REFUSE
    assert TIE9.enforces(Violation.BOTH_SIDES) is Response.REFUSE
    assert TIE9.enforces(Violation.DIFFERENTIAL) is None
    # commission: a differential of 10,000 the floor rules on, over the maximum too
    assert COMMISSION.enforces(Violation.DIFFERENTIAL) is Response.FLOOR
    assert COMMISSION.enforces(Violation.OVER_MAX) is Response.FLOOR
    assert COMMISSION.enforces(Violation.SIDE_WITHOUT_BASE) is None  # no side bets offered
    assert CARDROOM.enforces(Violation.PAST_POSTING) is Response.FLOOR


def test_a_seats_violations_under_ez_tie9() -> None:
    # Dragon 7 10 alone: no base bet, and over the (absent) Banker bet that caps it
    assert [(v, b) for v, b, _ in TIE9.seat_violations({Bet.DRAGON7: D(10)})] == [
        (Violation.SIDE_WITHOUT_BASE, Bet.DRAGON7),
        (Violation.SIDE_OVER_BASE, Bet.DRAGON7),
    ]
    # Player 2 (minimum 5) and Banker 25 on one spot: under the minimum, and both sides
    got = TIE9.seat_violations({Bet.PLAYER: D(2), Bet.BANKER: D(25)})
    assert [(v, b) for v, b, _ in got] == [
        (Violation.UNDER_MIN, Bet.PLAYER),
        (Violation.BOTH_SIDES, Bet.BANKER),
    ]
    assert got[0][2] == "player 2 is below the table minimum of 5"
    # the same spot is legal at ez, which allows both sides and takes 2 (minimum 1)
    assert EZ.seat_violations({Bet.PLAYER: D(2), Bet.BANKER: D(25)}) == []
    assert TIE9.seat_violations({Bet.BANKER: D(25), Bet.DRAGON7: D(25)}) == []


def test_the_table_differential() -> None:
    # commission: Banker 10,200 against Player 100 differ by 10,100 > 10,000
    wagers = [(Bet.PLAYER, D(100)), (Bet.BANKER, D(5000)), (Bet.BANKER, D(5200))]
    assert COMMISSION.differential_problem(wagers) == (
        "Banker 10,200 and Player 100 differ by 10,100, over the table differential of 10,000"
    )
    assert COMMISSION.differential_problem([(Bet.PLAYER, D(200)), *wagers[1:]]) is None
    assert EZ.differential_problem(wagers) is None  # no differential at ez


def test_responses_that_contradict_the_limits_are_refused() -> None:
    with pytest.raises(EngineError, match="under_min"):
        ViolationRules({Violation.UNDER_MIN: Response.ALLOW})
    with pytest.raises(HouseError, match="side_bets_need_base"):
        House(
            "h",
            "H",
            limits=Limits(side_needs_base=True),
            violations=ViolationRules({Violation.SIDE_WITHOUT_BASE: Response.ALLOW}),
        )
    with pytest.raises(HouseError, match="differential"):
        Limits(differential=D(0))
    # a response to a violation the limits do not make is never used
    house = House("h", "H", violations=ViolationRules({Violation.DIFFERENTIAL: Response.REFUSE}))
    assert house.enforces(Violation.DIFFERENTIAL) is None
