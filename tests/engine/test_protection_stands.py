"""What plays once the dealer has answered a violation (``stands``), and the moments of a
table watched before it is worked (``around``).

Worked by hand from the bundled houses' data (``ezbac houses show NAME``): EZ takes 1 to
10,000 on a bet, refuses a late or pressed bet, sends a withdrawn or pinched bet to the
floor, returns cash, and lets Player and Banker share a spot; the Tie 9 house takes 5 to
5,000 on Player and Banker and 1 to 100 on a side bet, which needs its base bet and may not
be over it (Dragon 7 capped by the Banker bet); the commission house takes 10 to 5,000 and
calls the floor when total Banker and total Player action differ by more than 10,000.

The rule taught (docs/rules.md, docs/drills.md): a bet at fault at no more bets does not play;
a change made after the first card never stands, the bet plays as it was at no more bets;
a table over its differential is the floor's to rule on (the dealer calls it).
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from trainer.engine import Bet, Coup, parse_cards
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.protection import Item, Scene, around, judge, stands
from trainer.engine.table import Layout
from trainer.engine.violations import Moment, Violation

EZ, TIE9, COMMISSION = (BUNDLED_HOUSES[h] for h in ("ez", "ez-tie9", "commission"))
# Player Ks As 5d = 6, Banker 2h 2c 3c = 7: a Dragon 7 (the Player bet loses)
DRAGON = Coup.from_cards(parse_cards("Ks 2h As 2c 5d 3c"))
P, B, T, D7 = Bet.PLAYER, Bet.BANKER, Bet.TIE, Bet.DRAGON7


def layout(**seats: dict[Bet, int]) -> Layout:
    """``s1={P: 10}`` is seat 1's Player 10."""
    return Layout.of({int(k[1:]): v for k, v in seats.items()})


def as_dict(table: Layout) -> dict[int, dict[Bet, Decimal]]:
    return {s.number: dict(s.bets) for s in table.seats}


def test_a_bet_under_the_minimum_refused_takes_its_side_bet_with_it() -> None:
    # seat 2's Banker 2 is under the Tie 9 house's 5: refused; its Dragon 7 1 is then a
    # side bet without its base, which that house refuses too; seat 1 plays
    before = layout(s1={P: 10}, s2={B: 2, D7: 1})
    scene = Scene(Moment.BETS, DRAGON, before, before)
    assert [(f.seat, f.bet, f.violation) for f in judge(scene, TIE9)] == [
        (2, B, Violation.UNDER_MIN)
    ]
    assert as_dict(stands(scene, TIE9)) == {1: {P: 10}}


def test_a_bet_over_the_maximum_refused_does_not_play() -> None:
    before = layout(s1={B: 20000}, s3={P: 50})
    assert as_dict(stands(Scene(Moment.BETS, DRAGON, before, before), EZ)) == {3: {P: 50}}


def test_over_the_differential_the_floor_is_called_and_the_bets_play_as_placed() -> None:
    # Banker 5,000 + 5,000 + 2,000 = 12,000 against Player 1,000: 11,000 apart, over the
    # 10,000: the dealer calls the floor, whose ruling it is; the drill plays them as placed
    before = layout(s1={P: 1000}, s2={B: 5000}, s3={B: 5000}, s4={B: 2000})
    scene = Scene(Moment.BETS, DRAGON, before, before)
    assert [f.violation for f in judge(scene, COMMISSION)] == [Violation.DIFFERENTIAL]
    assert as_dict(stands(scene, COMMISSION)) == as_dict(before)


def test_cash_goes_back_and_the_bet_beside_it_plays() -> None:
    before = layout(s1={B: 25})
    scene = Scene(Moment.BETS, DRAGON, before, before, (Item(1, B, "cash", Decimal(100)),))
    assert [f.violation for f in judge(scene, EZ)] == [Violation.CASH]
    assert as_dict(stands(scene, EZ)) == {1: {B: 25}}


def test_player_and_banker_on_one_spot_play_where_the_house_allows_it() -> None:
    before = layout(s1={P: 10, B: 20})
    scene = Scene(Moment.BETS, DRAGON, before, before)
    assert judge(scene, EZ) == ()
    assert as_dict(stands(scene, EZ)) == {1: {P: 10, B: 20}}
    # the Tie 9 house refuses the second bet put down (the Banker, in layout order)
    assert as_dict(stands(scene, TIE9)) == {1: {P: 10}}


@pytest.mark.parametrize(
    ("after", "kind"),
    [
        ({"s3": {P: 50, T: 5}, "s4": {P: 25}}, Violation.PAST_POSTING),  # a late bet
        ({"s3": {P: 100, T: 5}}, Violation.PRESSING),  # the Player 50 doubled
        ({"s3": {P: 50}}, Violation.WITHDRAWN),  # the Tie taken back
    ],
)
def test_a_change_during_the_deal_never_stands(
    after: dict[str, dict[Bet, int]], kind: Violation
) -> None:
    before = layout(s3={P: 50, T: 5})
    scene = Scene(Moment.DEAL, DRAGON, before, layout(**after))
    assert [f.violation for f in judge(scene, EZ)] == [kind]
    assert as_dict(stands(scene, EZ)) == {3: {P: 50, T: 5}}


def test_a_pinched_bet_loses_in_full() -> None:
    # the Player loses on a Dragon 7: seat 1 takes 25 off its Player 50 after the result
    scene = Scene(Moment.RESULT, DRAGON, layout(s1={P: 50}), layout(s1={P: 25}))
    assert [f.violation for f in judge(scene, EZ)] == [Violation.PINCHING]
    assert as_dict(stands(scene, EZ)) == {1: {P: 50}}


def test_around_gives_the_three_moments_in_order_with_the_violation_at_its_own() -> None:
    start = layout(s1={P: 10}, s3={B: 25})
    got = around(random.Random(1), EZ, DRAGON, start, [Violation.PAST_POSTING])
    assert got is not None
    scenes, plays = got
    assert [s.moment for s in scenes] == [Moment.BETS, Moment.DEAL, Moment.RESULT]
    assert [bool(judge(s, EZ)) for s in scenes] == [False, True, False]
    assert scenes[1].before == start and scenes[1].after != start  # a bet put down late
    assert scenes[2].before == scenes[2].after == plays == start  # refused: it never played


def test_around_a_bet_refused_at_no_more_bets_is_gone_for_the_rest_of_the_coup() -> None:
    start = layout(s1={P: 10}, s3={B: 25})
    got = around(random.Random(2), EZ, DRAGON, start, [Violation.OVER_MAX])
    assert got is not None
    scenes, plays = got
    faults = judge(scenes[0], EZ)
    assert [f.violation for f in faults] == [Violation.OVER_MAX]
    at_fault = (faults[0].seat, faults[0].bet)
    assert at_fault not in {(n, b) for n, b, _ in plays.bets()}
    assert scenes[1].before == scenes[2].before == plays


def test_around_with_nothing_to_stop_and_with_a_violation_the_layout_cannot_carry() -> None:
    start = layout(s1={P: 10}, s3={B: 25})
    got = around(random.Random(3), EZ, DRAGON, start)
    assert got is not None
    assert all(s.before == s.after == start and not judge(s, EZ) for s in got[0])
    # EZ has no side bet needing its base: a side bet without one is nothing to stop there
    assert around(random.Random(3), EZ, DRAGON, start, [Violation.SIDE_WITHOUT_BASE]) is None
