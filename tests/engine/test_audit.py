"""The audit of what a dealer did, on hand-worked coups: each deviation's kind, where it is,
and the right action, worked from RULES.md (drawing rules, settlement table, paytable)."""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal as D

import pytest

from trainer.engine.cards import parse_cards
from trainer.engine.coup import Coup, Outcome
from trainer.engine.house import BUNDLED_HOUSES, DEFAULT_HOUSE, SettlementOrder
from trainer.engine.procedure import (
    AuditInputError,
    BetAction,
    Called,
    Dealt,
    DealtCard,
    Done,
    Kind,
    Side,
    audit,
    single_seat,
)
from trainer.engine.settlement import Bet
from trainer.engine.table import Layout, deal_layout, deal_table_coup

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
    assert dev.kind is Kind.PUSH_PAID and not dev.follows
    assert dev.step == 6  # the first step after the six cards
    assert dev.rule == "the Banker bet pushes on a Dragon 7"
    assert dev.right == "return 25, pay 0"


def test_35_on_the_dragon_paid_as_1200_is_short() -> None:
    d = dealt(DRAGON, BetAction(1, Bet.DRAGON7, Done.PAID, D(1200)))
    (dev,) = audit(d, EZ, single_seat({Bet.DRAGON7: 35})).deviations
    assert dev.kind is Kind.PAYOUT_SHORT and dev.right == "pay 1,400"  # 35 x 40


def test_the_banker_drew_where_it_stands() -> None:
    # Player K+A = 1 draws an 8 -> 9; Banker 2+A = 3 stands on a Player's third 8.
    d = dealt("P:Ks B:2c P:As B:Ac P:8h B:5d")
    (dev,) = audit(d, EZ, Layout(())).deviations
    assert dev.kind is Kind.BANKER_DREW and dev.step == 5
    assert "Banker has 3 and the Player's third card is an 8: Banker stands" in dev.rule


def test_the_banker_stood_where_it_draws_and_the_next_card_settles_it() -> None:
    # Banker 2+2 = 4 with a Player's third 5 draws; the dealer stopped.
    d = dealt("P:Ks B:2h P:As B:2c P:5d", BetAction(1, Bet.PLAYER, Done.PAID, D(10)))
    layout = single_seat({Bet.PLAYER: 10})
    without = audit(d, EZ, layout)
    assert [x.kind for x in without.deviations] == [Kind.BANKER_STOOD]
    assert without.coup is None and "cannot be worked out" in without.note
    # With the next card, a 3: Banker 7 in three cards beats the Player's 6, a Dragon 7.
    # The dealer paid the Player bet by the hands as dealt: that follows from the stand.
    with_next = audit(replace(d, following=parse_cards("3c")), EZ, layout)
    assert [(x.kind, x.follows) for x in with_next.deviations] == [
        (Kind.BANKER_STOOD, False),
        (Kind.LOSER_PAID, True),
    ]
    assert with_next.coup is not None and with_next.coup.outcome is Outcome.DRAGON7


def test_a_natural_not_stopped() -> None:
    d = dealt("P:9s B:2h P:Kd B:3c P:4d")
    (dev,) = audit(d, EZ, Layout(())).deviations
    assert dev.kind is Kind.NATURAL_NOT_STOPPED and "natural 9" in dev.rule


def test_the_first_four_cards_alternate() -> None:
    d = dealt("P:9s P:2h B:Kd B:3c")
    (dev,) = audit(d, EZ, Layout(())).deviations
    assert dev.kind is Kind.WRONG_HAND and dev.step == 1


def test_the_banker_third_card_on_the_player_hand() -> None:
    # Player 4+2 = 6 stands; Banker 3+K = 3 draws: the 8 is the Banker's.
    d = dealt("P:4h B:3s P:2d B:Kc P:8h")
    (dev,) = audit(d, EZ, Layout(())).deviations
    assert dev.kind is Kind.WRONG_HAND and "Banker's third card" in dev.right


def test_a_total_miscalled_and_the_outcome_that_follows() -> None:
    # Player 6 stands; Banker 3 draws an 8 -> 1.  Called Banker 7: outcome follows.
    d = dealt("P:4h B:3s P:2d B:Kc B:8h", called=Called(6, 7, Outcome.BANKER))
    devs = audit(d, EZ, Layout(())).deviations
    assert [(x.kind, x.follows) for x in devs] == [
        (Kind.TOTAL_MISCALLED, False),
        (Kind.OUTCOME_MISNAMED, True),
    ]


def test_a_tying_seven_called_a_dragon() -> None:
    d = dealt(
        "P:4h B:2s P:3d B:2c B:3h",
        BetAction(1, Bet.PLAYER, Done.TAKEN),
        called=Called(7, 7, Outcome.DRAGON7),
    )
    devs = audit(d, EZ, single_seat({Bet.PLAYER: 10})).deviations
    assert [(x.kind, x.follows) for x in devs] == [
        (Kind.OUTCOME_MISNAMED, False),
        (Kind.PUSH_TAKEN, True),
    ]
    assert "no Dragon 7" in devs[0].rule


def test_commission_taken_in_the_ez_game_is_one_mistake() -> None:
    # Player 4+2 = 6; Banker 9+K = 9, a natural: Banker wins, and EZ pays it even money.
    d = dealt("P:4h B:9s P:2d B:Kc", BetAction(1, Bet.BANKER, Done.PAID, D(19), D(1)))
    (dev,) = audit(d, EZ, single_seat({Bet.BANKER: 20})).deviations
    assert dev.kind is Kind.COMMISSION_TAKEN and dev.right == "pay 20"


def test_the_commission_game_takes_its_commission() -> None:
    house = BUNDLED_HOUSES["commission"]
    layout = single_seat({Bet.BANKER: 20})
    right = dealt("P:4h B:9s P:2d B:Kc", BetAction(1, Bet.BANKER, Done.PAID, D(19), D(1)))
    assert audit(right, house, layout).right
    none = dealt("P:4h B:9s P:2d B:Kc", BetAction(1, Bet.BANKER, Done.PAID, D(20)))
    (dev,) = audit(none, house, layout).deviations
    assert dev.kind is Kind.COMMISSION_WRONG and dev.right == "pay 19, commission 1 taken"


def test_a_bet_missed_or_settled_twice() -> None:
    layout = single_seat({Bet.PLAYER: 10, Bet.TIE: 5})
    d = dealt(
        "P:4h B:9s P:2d B:Kc",
        BetAction(1, Bet.PLAYER, Done.TAKEN),
        BetAction(1, Bet.PLAYER, Done.TAKEN),
    )
    kinds = [x.kind for x in audit(d, EZ, layout).deviations]
    assert kinds == [Kind.BET_TWICE, Kind.BET_MISSED]


def test_settled_out_of_the_houses_order() -> None:
    # Banker 9 wins: seat 7's Player bet is taken before seat 2's Banker bet is paid.
    layout = Layout.of({2: {Bet.BANKER: 10}, 7: {Bet.PLAYER: 10}})
    paid_first = dealt(
        "P:4h B:9s P:2d B:Kc",
        BetAction(2, Bet.BANKER, Done.PAID, D(10)),
        BetAction(7, Bet.PLAYER, Done.TAKEN),
    )
    (dev,) = audit(paid_first, EZ, layout).deviations
    assert dev.kind is Kind.ORDER and "losing bet before paying" in dev.rule
    assert audit(replace(paid_first, ordered=False), EZ, layout).right


def test_the_losers_are_one_sweep_where_the_house_takes_them_first() -> None:
    """One rule for the supervising drill and the table drill (whose take is one step): where
    the house takes every loser first (EZ, RULES.md's settlement order), the takes' order among
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
    assert dev.kind is Kind.ORDER and dev.right == "first pay seat 4 Banker"


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
        d = Dealt(
            cards,
            called,
            tuple(bets),
            tuple(rng.choice(FULL_DECK) for _ in range(rng.randint(0, 3))),
            rng.random() < 0.5,
        )
        try:
            result = audit(d, house, layout)
        except AuditInputError:
            assert len(cards) < 4
            continue
        verdicts += 1
        assert result.lines()
        assert all(result.where(x) for x in result.deviations)
        assert [x.step for x in result.deviations] == sorted(x.step for x in result.deviations)
    assert verdicts > 400


def test_every_kind_has_words() -> None:
    labels = [k.label for k in Kind]
    assert len(set(labels)) == len(labels) and all(labels)
