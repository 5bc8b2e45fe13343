"""The audit of what a dealer did, on hand-worked coups: each deviation's kind, where it is,
and the right action, worked from docs/rules.md (drawing rules, settlement table, paytable)."""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal as D

import pytest

from trainer.engine.call_words import CALL_FIELDS
from trainer.engine.cards import DealtCard, Side, parse_cards
from trainer.engine.chips import ChipBreakdown
from trainer.engine.coup import Coup, Outcome
from trainer.engine.dealt import (
    CUT_EARLIER,
    AfterCoup,
    BetAction,
    Called,
    Dealt,
    SaidCall,
    single_seat,
)
from trainer.engine.deviation import Deviation, DeviationKind
from trainer.engine.games import Collection
from trainer.engine.house import BUNDLED_HOUSES, DEFAULT_HOUSE, House
from trainer.engine.order import Done
from trainer.engine.procedure import AuditInputError, audit
from trainer.engine.settlement import Bet
from trainer.engine.shoe import AfterCut, BetweenCoups
from trainer.engine.table import Layout, deal_layout, deal_table_coup
from trainer.engine.table_rules import Losers, SettlementOrder

EZ = DEFAULT_HOUSE
P, B = Side.PLAYER, Side.BANKER


NOTHING_CALLED = Called()


def dealt(
    spec: str,
    *bets: BetAction,
    called: Called = NOTHING_CALLED,
    following: str = "",
    ordered: bool = True,
) -> Dealt:
    """'P:Ks B:2h ...' to a Dealt."""
    cards = tuple(DealtCard(parse_cards(t[2:])[0], P if t[0] == "P" else B) for t in spec.split())
    return Dealt(cards, called, bets, parse_cards(following), ordered)


# Ks 2h As 2c 5d 3c: Player 1 draws a 5 -> 6; Banker 4 draws on a 5 -> 7 in three: Dragon 7.
DRAGON = "P:Ks B:2h P:As B:2c P:5d B:3c"


def test_the_right_procedure_passes() -> None:
    layout = single_seat({Bet.BANKER: 25, Bet.DRAGON7: 10})
    d = dealt(
        DRAGON,
        BetAction(1, Bet.BANKER, Done.PUSHED),
        BetAction(1, Bet.DRAGON7, Done.PAID, D(400)),
        called=Called(6, 7, Outcome.DRAGON7),
    )
    result = audit(d, EZ, layout)
    assert result.right and result.lines() == ["dealt right"]
    assert result.coup == Coup.from_cards(parse_cards("Ks 2h As 2c 5d 3c"))


def test_the_banker_bet_paid_on_a_dragon_7_is_a_push_paid() -> None:
    layout = single_seat({Bet.BANKER: 25, Bet.DRAGON7: 10})
    d = dealt(
        DRAGON,
        BetAction(1, Bet.BANKER, Done.PAID, D(25)),
        BetAction(1, Bet.DRAGON7, Done.PAID, D(400)),
    )
    (dev,) = audit(d, EZ, layout).deviations
    assert dev.kind is DeviationKind.PUSH_PAID and not dev.follows
    assert dev.step == 6  # the first step after the six cards
    assert dev.rule == "the Banker bet pushes on a Dragon 7"
    assert dev.right == "return 25, pay 0"


def test_35_on_the_dragon_paid_as_1200_is_short() -> None:
    d = dealt(DRAGON, BetAction(1, Bet.DRAGON7, Done.PAID, D(1200)))
    (dev,) = audit(d, EZ, single_seat({Bet.DRAGON7: 35})).deviations
    assert dev.kind is DeviationKind.PAYOUT_SHORT and dev.right == "pay 1,400"  # 35 x 40


def test_the_banker_drew_where_it_stands() -> None:
    # Player K+A = 1 draws an 8 -> 9; Banker 2+A = 3 stands on a Player's third 8.
    d = dealt("P:Ks B:2c P:As B:Ac P:8h B:5d")
    (dev,) = audit(d, EZ, Layout(())).deviations
    assert dev.kind is DeviationKind.BANKER_DREW and dev.step == 5
    assert "Banker has 3 and the Player's third card is an 8: Banker stands" in dev.rule


def test_the_banker_stood_where_it_draws_and_the_next_card_settles_it() -> None:
    # Banker 2+2 = 4 with a Player's third 5 draws; the dealer stopped.
    d = dealt("P:Ks B:2h P:As B:2c P:5d", BetAction(1, Bet.PLAYER, Done.PAID, D(10)))
    layout = single_seat({Bet.PLAYER: 10})
    without = audit(d, EZ, layout)
    assert [x.kind for x in without.deviations] == [DeviationKind.BANKER_STOOD]
    assert without.coup is None and "cannot be worked out" in without.note
    # With the next card, a 3: Banker 7 in three cards beats the Player's 6, a Dragon 7.
    # The dealer paid the Player bet by the hands as dealt: that follows from the stand.
    with_next = audit(replace(d, following=parse_cards("3c")), EZ, layout)
    assert [(x.kind, x.follows) for x in with_next.deviations] == [
        (DeviationKind.BANKER_STOOD, False),
        (DeviationKind.LOSER_PAID, True),
    ]
    assert with_next.coup is not None and with_next.coup.outcome is Outcome.DRAGON7


def test_a_natural_not_stopped() -> None:
    d = dealt("P:9s B:2h P:Kd B:3c P:4d")
    (dev,) = audit(d, EZ, Layout(())).deviations
    assert dev.kind is DeviationKind.NATURAL_NOT_STOPPED and "natural 9" in dev.rule


def test_the_first_four_cards_alternate() -> None:
    d = dealt("P:9s P:2h B:Kd B:3c")
    (dev,) = audit(d, EZ, Layout(())).deviations
    assert dev.kind is DeviationKind.WRONG_HAND and dev.step == 1


def test_the_banker_third_card_on_the_player_hand() -> None:
    # Player 4+2 = 6 stands; Banker 3+K = 3 draws: the 8 is the Banker's.
    d = dealt("P:4h B:3s P:2d B:Kc P:8h")
    (dev,) = audit(d, EZ, Layout(())).deviations
    assert dev.kind is DeviationKind.WRONG_HAND and "Banker's third card" in dev.right


def test_a_total_miscalled_and_the_outcome_that_follows() -> None:
    # Player 6 stands; Banker 3 draws an 8 -> 1: a Player win.  Called Banker 7 (in three
    # cards): those totals make a Dragon 7, so a Dragon 7 called follows from the miscount;
    # a plain Banker win called does not (the Dragon 7 is missed as well).
    d = dealt("P:4h B:3s P:2d B:Kc B:8h", called=Called(6, 7, Outcome.DRAGON7))
    devs = audit(d, EZ, Layout(())).deviations
    assert [(x.kind, x.follows) for x in devs] == [
        (DeviationKind.TOTAL_MISCALLED, False),
        (DeviationKind.OUTCOME_MISNAMED, True),
    ]
    assert devs[1].right == "call Player"
    banker = audit(replace(d, called=Called(6, 7, Outcome.BANKER)), EZ, Layout(()))
    assert [(x.kind, x.follows) for x in banker.deviations] == [
        (DeviationKind.TOTAL_MISCALLED, False),
        (DeviationKind.OUTCOME_MISNAMED, False),
    ]


# Ts 3s 7c Ah 3d: Player T+7 = 7 stands; Banker 3+A = 4 draws (the Player stood) a 3 -> 7
# in three cards: 7 all, a Tie (a three-card 7 that does not win is no Dragon 7).
TIE_SEVENS = "P:Ts B:3s P:7c B:Ah B:3d"


def test_a_miscalled_total_does_not_flag_a_right_outcome_call() -> None:
    d = dealt(TIE_SEVENS, called=Called(1, 7, Outcome.TIE))
    (dev,) = audit(d, EZ, Layout(())).deviations
    assert dev.kind is DeviationKind.TOTAL_MISCALLED and dev.right == "the Player has 7 (Ts 7c)"


@pytest.mark.parametrize(
    ("called", "follows"),
    [
        (Outcome.DRAGON7, True),  # Player 1, Banker 7 in three cards: what the totals make
        (Outcome.PLAYER, False),  # no reading of the totals called makes a Player win
        (Outcome.BANKER, False),  # nor a plain Banker win: it is a Dragon 7 at this table
    ],
)
def test_a_wrong_outcome_call_follows_only_from_what_the_miscount_makes(
    called: Outcome, follows: bool
) -> None:
    d = dealt(TIE_SEVENS, called=Called(1, 7, called))
    miscount, outcome = audit(d, EZ, Layout(())).deviations
    assert miscount.kind is DeviationKind.TOTAL_MISCALLED and not miscount.follows
    assert outcome.kind is DeviationKind.OUTCOME_MISNAMED and outcome.follows is follows
    assert outcome.right == "call Tie" and "Tie" in outcome.rule


def test_a_tying_seven_called_a_dragon() -> None:
    d = dealt(
        "P:4h B:2s P:3d B:2c B:3h",
        BetAction(1, Bet.PLAYER, Done.TAKEN),
        called=Called(7, 7, Outcome.DRAGON7),
    )
    devs = audit(d, EZ, single_seat({Bet.PLAYER: 10})).deviations
    assert [(x.kind, x.follows) for x in devs] == [
        (DeviationKind.OUTCOME_MISNAMED, False),
        (DeviationKind.PUSH_TAKEN, True),
    ]
    assert "no Dragon 7" in devs[0].rule


def test_commission_taken_in_the_ez_game_is_one_mistake() -> None:
    # Player 4+2 = 6; Banker 9+K = 9, a natural: Banker wins, and EZ pays it even money.
    d = dealt("P:4h B:9s P:2d B:Kc", BetAction(1, Bet.BANKER, Done.PAID, D(19), D(1)))
    (dev,) = audit(d, EZ, single_seat({Bet.BANKER: 20})).deviations
    assert dev.kind is DeviationKind.COMMISSION_TAKEN and dev.right == "pay 20"


def test_the_commission_game_takes_its_commission() -> None:
    house = BUNDLED_HOUSES["commission"]
    layout = single_seat({Bet.BANKER: 20})
    right = dealt("P:4h B:9s P:2d B:Kc", BetAction(1, Bet.BANKER, Done.PAID, D(19), D(1)))
    assert audit(right, house, layout).right
    none = dealt("P:4h B:9s P:2d B:Kc", BetAction(1, Bet.BANKER, Done.PAID, D(20)))
    (dev,) = audit(none, house, layout).deviations
    assert dev.kind is DeviationKind.COMMISSION_WRONG and dev.right == "pay 19, commission 1 taken"


def test_a_bet_missed_or_settled_twice() -> None:
    layout = single_seat({Bet.PLAYER: 10, Bet.TIE: 5})
    d = dealt(
        "P:4h B:9s P:2d B:Kc",
        BetAction(1, Bet.PLAYER, Done.TAKEN),
        BetAction(1, Bet.PLAYER, Done.TAKEN),
    )
    kinds = [x.kind for x in audit(d, EZ, layout).deviations]
    assert kinds == [DeviationKind.BET_TWICE, DeviationKind.BET_MISSED]


def test_settled_out_of_the_houses_order() -> None:
    # Banker 9 wins: seat 7's Player bet is taken before seat 2's Banker bet is paid.
    layout = Layout.of({2: {Bet.BANKER: 10}, 7: {Bet.PLAYER: 10}})
    paid_first = dealt(
        "P:4h B:9s P:2d B:Kc",
        BetAction(2, Bet.BANKER, Done.PAID, D(10)),
        BetAction(7, Bet.PLAYER, Done.TAKEN),
    )
    (dev,) = audit(paid_first, EZ, layout).deviations
    assert dev.kind is DeviationKind.ORDER and "losing bet before paying" in dev.rule
    assert audit(replace(paid_first, ordered=False), EZ, layout).right


def test_the_losers_are_one_sweep_where_the_house_takes_them_first() -> None:
    """One rule for the supervising drill and the table drill (whose take is one step): where
    the house takes every loser first (EZ, docs/rules.md's settlement order), the takes' order among
    themselves is not judged; where it does not, each bet has its seat's place."""
    # Banker 9 wins: seats 2 and 7 lose their Player bets; seat 4's Banker bet is paid 10.
    layout = Layout.of({2: {Bet.PLAYER: 10}, 4: {Bet.BANKER: 10}, 7: {Bet.PLAYER: 10}})
    seven_first = dealt(
        "P:4h B:9s P:2d B:Kc",
        BetAction(7, Bet.PLAYER, Done.TAKEN),
        BetAction(2, Bet.PLAYER, Done.TAKEN),
        BetAction(4, Bet.BANKER, Done.PAID, D(10)),
    )
    assert audit(seven_first, EZ, layout).right
    # Counter-clockwise from the dealer's right, bet by bet: seat 7, then 4, then 2.
    seat_by_seat = replace(EZ, order=SettlementOrder(losers_first=False))
    in_order = replace(
        seven_first, bets=(seven_first.bets[0], seven_first.bets[2], seven_first.bets[1])
    )
    assert audit(in_order, seat_by_seat, layout).right
    (dev,) = audit(seven_first, seat_by_seat, layout).deviations
    assert dev.kind is DeviationKind.ORDER and dev.right == "first pay seat 4 Banker"


def test_input_that_cannot_be_audited() -> None:
    with pytest.raises(AuditInputError, match="a coup starts with four"):
        audit(dealt("P:4h B:9s P:2d"), EZ, Layout(()))
    with pytest.raises(AuditInputError, match="no such bet"):
        audit(dealt("P:4h B:9s P:2d B:Kc", BetAction(3, Bet.TIE, Done.TAKEN)), EZ, Layout(()))


@pytest.mark.parametrize("house_id", list(BUNDLED_HOUSES))
def test_the_engines_own_procedure_is_dealt_right(house_id: str) -> None:
    house = BUNDLED_HOUSES[house_id]
    for seed in range(150):
        table = deal_table_coup(random.Random(seed), house)
        result = audit(Dealt.correct(table.coup, table.layout, house), house, table.layout)
        assert result.right, (seed, result.lines())


def test_any_dealt_procedure_is_audited_or_refused_by_name() -> None:
    """Random cards on random hands, random calls and bet actions (some missing, some
    twice, in any order): the audit gives a verdict with its lines, or AuditInputError."""
    from trainer.engine.cards import FULL_DECK

    rng = random.Random(11)
    houses = list(BUNDLED_HOUSES.values())
    verdicts = 0
    for _ in range(600):
        house = rng.choice(houses)
        layout = deal_layout(rng, house)
        cards = tuple(
            DealtCard(rng.choice(FULL_DECK), rng.choice((P, B))) for _ in range(rng.randint(3, 8))
        )
        bets = [
            BetAction(
                s,
                b,
                done,
                D(rng.randint(1, 500)) if done is Done.PAID else D(0),
                D(rng.choice((0, 0, 1))),
                D(rng.choice((0, 0, 1))),
            )
            for s, b, _ in layout.bets()
            if rng.random() < 0.9
            for done in [rng.choice(list(Done))]
        ]
        rng.shuffle(bets)
        if bets and rng.random() < 0.1:
            bets.append(bets[0])
        called = Called(
            rng.choice([None, *range(10)]),
            rng.choice([None, *range(10)]),
            rng.choice([None, *Outcome]),
        )
        said = tuple(
            SaidCall(key, tuple(rng.choice(("player", "banker", "3", "x")) for _ in range(n)), 4)
            for key in rng.sample(sorted(CALL_FIELDS), rng.randint(0, 3))
            for n in [rng.choice((len(CALL_FIELDS[key]), 0, 1))]
        )
        bets = [
            replace(
                a,
                boxed=rng.choice((None, True, False)),
                chips=rng.choice((None, ChipBreakdown(((D(25), rng.randint(1, 9)),), D(0)))),
            )
            for a in bets
        ]
        d = Dealt(
            cards,
            called,
            tuple(bets),
            tuple(rng.choice(FULL_DECK) for _ in range(rng.randint(0, 3))),
            rng.random() < 0.5,
            rng.choice((None, CUT_EARLIER, rng.randint(-1, 9))),
            rng.choice((None, *AfterCoup)),
            said,
        )
        try:
            result = audit(d, house, layout)
        except AuditInputError as exc:
            assert len(cards) < 4 or "cut card" in str(exc) or "is not a call" in str(exc)
            continue
        verdicts += 1
        assert result.lines()
        assert all(result.where(x) for x in result.deviations)
        assert [x.step for x in result.deviations] == sorted(x.step for x in result.deviations)
    assert verdicts > 120  # the rest refused by name (too few cards, a bad cut or call)


def test_every_kind_has_words() -> None:
    labels = [k.label for k in DeviationKind]
    assert len(set(labels)) == len(labels) and all(labels)


# P:4h B:9s P:2d B:Kc: Player 6, Banker 9, a natural: a Banker win (no Dragon 7 on two cards).
BANKER_NATURAL = "P:4h B:9s P:2d B:Kc"
SEAT_BY_SEAT = replace(EZ, order=SettlementOrder(losers_first=False))


def test_two_side_bets_go_in_either_order() -> None:
    # Seat 1: Banker 10 paid 10; Dragon 7 and Panda 8 both lose.  Bet by bet (no sweep of
    # the losers), the main bet first; the two side bets in either order.
    layout = single_seat({Bet.BANKER: 10, Bet.DRAGON7: 5, Bet.PANDA8: 5})
    paid = BetAction(1, Bet.BANKER, Done.PAID, D(10))
    dragon, panda = BetAction(1, Bet.DRAGON7, Done.TAKEN), BetAction(1, Bet.PANDA8, Done.TAKEN)
    assert audit(dealt(BANKER_NATURAL, paid, dragon, panda), SEAT_BY_SEAT, layout).right
    assert audit(dealt(BANKER_NATURAL, paid, panda, dragon), SEAT_BY_SEAT, layout).right
    side_first = dealt(BANKER_NATURAL, dragon, paid, panda)
    (dev,) = audit(side_first, SEAT_BY_SEAT, layout).deviations
    assert dev.kind is DeviationKind.ORDER and dev.step == 4  # the Dragon 7, after the four cards
    assert dev.right == "first pay seat 1 Banker"
    assert dev.rule == "a seat's main bet is settled before its side bet"
    # A house that does not settle the main bet first does not hold the dealer to it.
    any_bet_first = replace(SEAT_BY_SEAT, order=SettlementOrder(False, main_before_side=False))
    assert audit(side_first, any_bet_first, layout).right


def test_the_tie_is_a_main_bet_as_the_house_limits_make_it() -> None:
    # Banker 9 wins: seat 1's Banker 10 is paid 10, its Tie 5 and Dragon 7 5 are taken.
    layout = single_seat({Bet.BANKER: 10, Bet.TIE: 5, Bet.DRAGON7: 5})
    paid = BetAction(1, Bet.BANKER, Done.PAID, D(10))
    tie, dragon = BetAction(1, Bet.TIE, Done.TAKEN), BetAction(1, Bet.DRAGON7, Done.TAKEN)
    assert audit(dealt(BANKER_NATURAL, tie, paid, dragon), SEAT_BY_SEAT, layout).right
    (dev,) = audit(dealt(BANKER_NATURAL, paid, dragon, tie), SEAT_BY_SEAT, layout).deviations
    assert dev.kind is DeviationKind.ORDER and dev.right == "first take seat 1 Tie"


def test_losers_first_with_two_seats_each_losing_and_winning() -> None:
    # Banker 9 wins.  Seat 2: Player 10 lost, Banker 10 paid 10; seat 5: Tie 5 lost,
    # Banker 20 paid 20.  Losers first (in the direction by default: seat 5, then seat 2;
    # in any order where the house takes them in one sweep), then the payouts
    # counter-clockwise from the dealer's right: seat 5 before seat 2.
    layout = Layout.of({2: {Bet.PLAYER: 10, Bet.BANKER: 10}, 5: {Bet.BANKER: 20, Bet.TIE: 5}})
    take5, take2 = BetAction(5, Bet.TIE, Done.TAKEN), BetAction(2, Bet.PLAYER, Done.TAKEN)
    pay5 = BetAction(5, Bet.BANKER, Done.PAID, D(20))
    pay2 = BetAction(2, Bet.BANKER, Done.PAID, D(10))
    sweep = replace(EZ, order=replace(EZ.order, losers=Losers.ONE_SWEEP))
    assert audit(dealt(BANKER_NATURAL, take5, take2, pay5, pay2), EZ, layout).right
    (dev,) = audit(dealt(BANKER_NATURAL, take2, take5, pay5, pay2), EZ, layout).deviations
    assert dev.kind is DeviationKind.ORDER and dev.right == "first take seat 5 Tie"
    assert audit(dealt(BANKER_NATURAL, take2, take5, pay5, pay2), sweep, layout).right
    (dev,) = audit(dealt(BANKER_NATURAL, take5, take2, pay2, pay5), EZ, layout).deviations
    assert dev.kind is DeviationKind.ORDER and dev.right == "first pay seat 5 Banker"
    assert "counter-clockwise from the dealer's right" in dev.rule


def test_commission_on_a_player_win_in_the_commission_game() -> None:
    # Player 9+K = 9, a natural, beats Banker 2+3 = 5: the Player bet pays 1 to 1, no
    # commission (the commission game takes it on the Banker bet), so 20 pays 20.
    house = BUNDLED_HOUSES["commission"]
    d = dealt("P:9s B:2h P:Kd B:3c", BetAction(1, Bet.PLAYER, Done.PAID, D(19), D(1)))
    (dev,) = audit(d, house, single_seat({Bet.PLAYER: 20})).deviations
    assert dev.kind is DeviationKind.COMMISSION_TAKEN and dev.right == "pay 20"
    assert dev.rule == "commission is taken on a winning Banker bet only"


def test_a_third_card_on_the_other_hand_is_one_kind_both_ways() -> None:
    # The Banker's card on the Player: Player 4+2 = 6 stands, Banker 3+K = 3 draws the 8.
    banker_card = audit(dealt("P:4h B:3s P:2d B:Kc P:8h"), EZ, Layout(()))
    # The mirror: Player K+A = 1 draws the 5d; Banker 2+2 = 4 waits for it; 5d to the Banker.
    player_card = audit(dealt("P:Ks B:2h P:As B:2c B:5d"), EZ, Layout(()))
    (b,), (p,) = banker_card.deviations, player_card.deviations
    assert b.kind is p.kind is DeviationKind.WRONG_HAND and b.step == p.step == 4
    assert b.right == "8h is the Banker's third card"
    assert p.right == "5d is the Player's third card"


# --- the shoe's end: the cut card and the call after the coup ------------------------------

# P:9s B:2h P:Kd B:3c: Player 9+K = 9, a natural; Banker 2+3 = 5: four cards, a Player win.
FOUR = "P:9s B:2h P:Kd B:3c"
FINISHED = replace(EZ, shoe=replace(EZ.shoe, between=BetweenCoups.FINISHED_COUP))
FINISHED_THIS = replace(FINISHED, shoe=replace(FINISHED.shoe, after_cut=AfterCut.THIS_COUP))


@pytest.mark.parametrize(
    ("house", "cut", "right"),
    [
        # docs/rules.md: out during a coup, finish it, deal one more, the shoe ends.
        (EZ, 3, AfterCoup.ONE_MORE),
        (EZ, None, AfterCoup.DEAL),
        # Out as the coup ended (in front of a fifth card of a four-card coup): the default
        # counts it for the next coup, so that one is dealt and then one more.
        (EZ, 5, AfterCoup.DEAL),
        (FINISHED, 5, AfterCoup.ONE_MORE),  # counted for this coup: the last but one
        (FINISHED_THIS, 5, AfterCoup.END),  # this coup was the last
        (EZ, 1, AfterCoup.ONE_MORE),  # before card 1 of this coup: counted for it
        (FINISHED, 1, AfterCoup.END),  # counted for the coup before: this was the one more
        (EZ, CUT_EARLIER, AfterCoup.END),
    ],
)
def test_the_call_after_the_coup_by_the_houses_cut_card_rule(
    house: House, cut: int | None, right: AfterCoup
) -> None:
    for then in AfterCoup:
        result = audit(replace(dealt(FOUR), cut=cut, then=then), house, Layout(()))
        if then is right:
            assert result.right, (then, result.lines())
            continue
        (dev,) = result.deviations
        assert dev.kind is DeviationKind.SHOE_END and dev.step == 4 and dev.right == right.label
        assert result.where(dev) == "the call after the coup"


def test_a_coup_dealt_after_the_last() -> None:
    # Under this_coup the coup the cut card is counted for is the last: a coup after it is
    # one too many, whatever the dealer then says.
    for cut in (CUT_EARLIER, 1):
        result = audit(replace(dealt(FOUR), cut=cut, then=AfterCoup.END), FINISHED_THIS, Layout(()))
        (dev,) = result.deviations
        assert dev.kind is DeviationKind.COUP_AFTER_LAST and result.where(dev) == "the coup"
    with pytest.raises(AuditInputError, match="the coup has 4 cards"):
        audit(replace(dealt(FOUR), cut=6), EZ, Layout(()))


# --- keyed by a supervisor: commission at once or boxed, the chips of a payout -------------

COMMISSION = BUNDLED_HOUSES["commission"]
BOXED = replace(
    COMMISSION, commission=replace(COMMISSION.commission, collection=Collection.END_OF_SHOE)
)


@pytest.mark.parametrize(
    ("house", "paid", "boxed", "kinds"),
    [
        # Banker 9 wins; 5 % of 20 is 1.00.  Taken at once: pay 19.  Boxed: pay 20, box 1.
        (COMMISSION, 19, False, []),
        (COMMISSION, 20, True, [DeviationKind.COMMISSION_COLLECTED]),  # the full pay goes with it
        (
            COMMISSION,
            19,
            True,
            [DeviationKind.COMMISSION_COLLECTED, DeviationKind.PAYOUT_SHORT],
        ),  # charged twice
        (BOXED, 20, True, []),
        (BOXED, 19, False, [DeviationKind.COMMISSION_COLLECTED]),
        (BOXED, 19, None, [DeviationKind.PAYOUT_SHORT]),  # how it was collected not keyed
    ],
)
def test_commission_taken_at_once_or_boxed(
    house: House, paid: int, boxed: bool | None, kinds: list[DeviationKind]
) -> None:
    action = BetAction(1, Bet.BANKER, Done.PAID, D(paid), D(1), boxed=boxed)
    devs = audit(dealt(BANKER_NATURAL, action), house, single_seat({Bet.BANKER: 20})).deviations
    assert [d.kind for d in devs] == kinds
    if kinds[:1] == [DeviationKind.COMMISSION_COLLECTED]:
        where = "box" if house is BOXED else "at once"
        assert where in devs[0].rule


def test_the_chips_a_payout_was_cut_in() -> None:
    # The Dragon 7 pays 10 x 40 = 400: the fewest chips are 4 black (100).
    layout = single_seat({Bet.DRAGON7: 10})

    def cut(*chips: tuple[int, int], coin: str = "0") -> list[Deviation]:
        breakdown = ChipBreakdown(tuple((D(v), n) for v, n in chips), D(coin))
        action = BetAction(1, Bet.DRAGON7, Done.PAID, D(400), chips=breakdown)
        return list(audit(dealt(DRAGON, action), EZ, layout).deviations)

    assert cut((100, 4)) == []
    (more,) = cut((100, 3), (25, 4))
    assert more.kind is DeviationKind.CHIPS_WRONG and more.right == "pay 400 in 4 black (100)"
    assert "would do" in more.rule
    (short,) = cut((100, 3))
    assert "pays 300 where 400 is owed (100 short)" in short.rule
