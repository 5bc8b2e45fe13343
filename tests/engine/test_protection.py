"""Moments at the table judged under each house: hand-worked scenes (the layout at no more
bets, a change during the deal, a change after the result), and a property over many dealt
tables that a staged violation is the one found and a legal moment has nothing to stop."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from trainer.engine import Coup, parse_cards
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.protection import Finding, Item, Scene, judge, stage
from trainer.engine.settlement import Bet
from trainer.engine.shoe import Shoe
from trainer.engine.table import Layout, deal_layout
from trainer.engine.violations import Moment, Response, Violation

EZ, TIE9, COMMISSION, CARDROOM = (
    BUNDLED_HOUSES[k] for k in ("ez", "ez-tie9", "commission", "cardroom")
)
# Player 4+2 = 6 stands; Banker 3+K = 3 draws the 8h: 1. Player wins 6 over 1: the Banker
# and Tie bets lose.
PLAYER_WINS = Coup.from_cards(parse_cards("4h 3s 2d Kc 8h"))
TABLE = Layout.of({1: {Bet.PLAYER: 25}, 4: {Bet.BANKER: 50, Bet.TIE: 10}})


def _at(moment: Moment, after: Layout, house=EZ, items=()) -> tuple[Finding, ...]:  # type: ignore[no-untyped-def]
    return judge(Scene(moment, PLAYER_WINS, TABLE, after, tuple(items)), house)


def _one(found: tuple[Finding, ...]) -> tuple[int | None, Bet | None, Violation, Response]:
    (f,) = found
    return f.seat, f.bet, f.violation, f.response


def test_changes_during_the_deal() -> None:
    late = Layout.of({**_seats(TABLE), 3: {Bet.BANKER: 25}})
    assert _one(_at(Moment.DEAL, late)) == (3, Bet.BANKER, Violation.PAST_POSTING, Response.REFUSE)
    pressed = Layout.of({1: {Bet.PLAYER: 50}, 4: {Bet.BANKER: 50, Bet.TIE: 10}})
    assert _one(_at(Moment.DEAL, pressed)) == (1, Bet.PLAYER, Violation.PRESSING, Response.REFUSE)
    # the card room has the floor rule on a pressed bet
    assert _one(_at(Moment.DEAL, pressed, CARDROOM))[3] is Response.FLOOR
    pulled = Layout.of({1: {Bet.PLAYER: 25}, 4: {Bet.BANKER: 50}})
    assert _one(_at(Moment.DEAL, pulled)) == (4, Bet.TIE, Violation.WITHDRAWN, Response.FLOOR)
    assert _at(Moment.DEAL, TABLE) == ()


def test_a_pinched_bet_after_the_result() -> None:
    # the Banker 50 lost (Player wins 6 over 1): 20 taken off it is a pinch
    pinched = Layout.of({1: {Bet.PLAYER: 25}, 4: {Bet.BANKER: 30, Bet.TIE: 10}})
    assert _one(_at(Moment.RESULT, pinched)) == (4, Bet.BANKER, Violation.PINCHING, Response.FLOOR)
    # the Player 25 won: a winning bet touched is no pinch
    assert (
        _at(Moment.RESULT, Layout.of({1: {Bet.PLAYER: 20}, 4: {Bet.BANKER: 50, Bet.TIE: 10}})) == ()
    )


def test_the_layout_at_no_more_bets() -> None:
    both = Layout.of({2: {Bet.PLAYER: 10, Bet.BANKER: 20}})
    assert _at(Moment.BETS, both, EZ) == ()  # ez lets Player and Banker share a spot
    assert _one(judge(Scene(Moment.BETS, PLAYER_WINS, both, both), TIE9)) == (
        2,
        Bet.BANKER,
        Violation.BOTH_SIDES,
        Response.REFUSE,
    )
    cash = (Item(4, Bet.BANKER, "cash", Decimal(20)),)
    assert _one(judge(Scene(Moment.BETS, PLAYER_WINS, TABLE, TABLE, cash), EZ)) == (
        4,
        Bet.BANKER,
        Violation.CASH,
        Response.RETURN,
    )
    # commission: three Banker 5,000 against no Player: 15,000 apart, over its 10,000
    heavy = Layout.of({1: {Bet.BANKER: 5000}, 2: {Bet.BANKER: 5000}, 3: {Bet.BANKER: 5000}})
    assert _one(judge(Scene(Moment.BETS, PLAYER_WINS, heavy, heavy), COMMISSION)) == (
        None,
        None,
        Violation.DIFFERENTIAL,
        Response.FLOOR,
    )
    short = Layout.of({1: {Bet.PLAYER: 5}})  # commission's minimum is 10
    assert _one(judge(Scene(Moment.BETS, PLAYER_WINS, short, short), COMMISSION))[2] is (
        Violation.UNDER_MIN
    )


def _seats(layout: Layout) -> dict[int, dict[Bet, Decimal]]:
    return {s.number: dict(s.bets) for s in layout.seats}


@pytest.mark.parametrize("house_id", sorted(BUNDLED_HOUSES))
def test_a_staged_violation_is_the_one_found(house_id: str) -> None:
    house = BUNDLED_HOUSES[house_id]
    rng = random.Random(house_id)
    staged: set[Violation] = set()
    for _ in range(60):
        layout = deal_layout(rng, house, seats=(2, 4), bets_per_seat=(1, 2))
        coup = Shoe.shuffled(rng, house.decks).deal_coup()
        if judge(Scene(Moment.BETS, coup, layout, layout), house):
            continue  # the drill deals again: a legal layout is where a moment starts
        legal = stage(rng, house, coup, layout)
        assert legal is not None and judge(legal, house) == ()
        for violation in house.enforced:
            scene = stage(rng, house, coup, layout, [violation])
            if scene is None:
                continue
            assert [f.violation for f in judge(scene, house)] == [violation]
            assert scene.moment is violation.moment
            staged.add(violation)
    # every violation the house enforces can be staged, but a lone side bet at ez-tie9
    # (it caps both side bets, so a lone one is over its cap too)
    missing = set(house.enforced) - staged
    assert missing <= ({Violation.SIDE_WITHOUT_BASE} if house_id == "ez-tie9" else set())
