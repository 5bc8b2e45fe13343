"""House rules as data: each game's settlement, commission and its rounding, the card room's
fee, table limits, settlement order and calls; the exact analysis of every bundled house
against published figures.

Expected amounts are worked by hand in the comments from the rules (docs/rules.md, "Other games a
house deals"), never read back from the code under test.
"""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from trainer.engine.analysis import analyze
from trainer.engine.call_words import Calls
from trainer.engine.cards import parse_cards
from trainer.engine.coup import Coup, Outcome
from trainer.engine.errors import HouseError, HouseLimitError
from trainer.engine.games import GAMES, Collection, Commission, FeeSchedule, FeeStep, Game, Rounding
from trainer.engine.house import (
    BUNDLED_HOUSES,
    COMMISSION_HOUSE,
    DEFAULT_HOUSE,
    House,
    settle,
    settle_bet,
)
from trainer.engine.settlement import DEFAULT_PAYTABLE, Bet, BetResult, Paytable
from trainer.engine.table_rules import Direction, Limits, SettlementOrder

D = Decimal
PUBLISHED = json.loads(
    (Path(__file__).parents[1] / "data" / "published_houses.json").read_text(encoding="utf-8")
)
EZ_PUBLISHED = json.loads(
    (Path(__file__).parents[1] / "data" / "published_ez_baccarat.json").read_text(encoding="utf-8")
)


def _as_published(edge: Fraction, published: str) -> Decimal:
    places = Decimal(published).as_tuple().exponent
    pct = Decimal(edge.numerator) * 100 / Decimal(edge.denominator)
    return pct.quantize(Decimal(1).scaleb(places), rounding=ROUND_HALF_UP)


# --- published figures ---------------------------------------------------------------------


def test_published_data_cites_its_sources() -> None:
    assert any("multiplayerbaccarat.com/odds" in s for s in PUBLISHED["sources"])


@pytest.mark.parametrize("decks", ["8", "6"])
@pytest.mark.parametrize(
    ("house_id", "bet", "key"),
    [
        ("commission", Bet.BANKER, "banker_commission_5"),
        ("commission", Bet.PLAYER, "player"),
        ("commission", Bet.TIE, "tie_8_to_1"),
        ("ez-tie9", Bet.TIE, "tie_9_to_1"),
        ("ez-tie9", Bet.PLAYER, "player"),
        ("ez", Bet.TIE, "tie_8_to_1"),
        ("cardroom", Bet.PLAYER, "player"),
    ],
)
def test_bundled_house_edges_match_published(house_id: str, bet: Bet, key: str, decks: str) -> None:
    published = PUBLISHED["decks"][decks]["house_edge_percent"][key]
    edge = analyze(int(decks), house=BUNDLED_HOUSES[house_id]).house_edge(bet)
    assert _as_published(edge, published) == Decimal(published)


@pytest.mark.parametrize("decks", ["8", "6"])
def test_a_four_percent_commission_matches_published(decks: str) -> None:
    published = PUBLISHED["decks"][decks]["house_edge_percent"]["banker_commission_4"]
    house = replace(COMMISSION_HOUSE, commission=Commission(rate=D("0.04")))
    edge = analyze(int(decks), house=house).house_edge(Bet.BANKER)
    assert _as_published(edge, published) == Decimal(published)


@pytest.mark.parametrize("house_id", ["ez", "ez-tie9", "cardroom"])
def test_ez_games_keep_the_published_ez_banker_edge(house_id: str) -> None:
    published = EZ_PUBLISHED["decks"]["8"]["house_edge_percent"]["banker"]
    edge = analyze(house=BUNDLED_HOUSES[house_id]).house_edge(Bet.BANKER)
    assert _as_published(edge, published) == Decimal(published)


def test_commission_banker_edge_worked_from_the_published_counts() -> None:
    # The Banker bet wins every Banker win (Dragon 7 included) netting 0.95, pushes a Tie and
    # loses a Player win: edge = (P - 0.95 B) / N.
    ev = {k: int(v) for k, v in EZ_PUBLISHED["decks"]["8"]["events"].items()}
    n = int(EZ_PUBLISHED["decks"]["8"]["sequences"])
    expected = Fraction(ev["player"], n) - Fraction(95 * ev["banker"], 100 * n)
    assert analyze(house=COMMISSION_HOUSE).house_edge(Bet.BANKER) == expected


def test_the_analysis_reads_the_houses_paytable() -> None:
    house = COMMISSION_HOUSE.with_paytable(DEFAULT_PAYTABLE.with_odds({Bet.TIE: 9}))
    result = analyze(8, house=house)
    assert result.paytable is house.paytable
    assert _as_published(result.house_edge(Bet.TIE), "4.8440") == D("4.8440")
    assert _as_published(result.house_edge(Bet.BANKER), "1.0579") == D("1.0579")


def test_a_deck_count_alone_analyses_the_default_house() -> None:
    assert analyze(6).house.id == DEFAULT_HOUSE.id
    assert analyze(6).decks == 6


# --- the settlement tables ---------------------------------------------------------------


def test_ez_game_is_todays_table() -> None:
    assert GAMES[Game.EZ].results[Outcome.DRAGON7][Bet.BANKER] is BetResult.PUSH


def test_commission_game_differs_from_ez_only_in_the_banker_bet_on_a_dragon_7() -> None:
    ez, com = GAMES[Game.EZ].results, GAMES[Game.COMMISSION].results
    differ = [(o, b) for o in Outcome for b in Bet if ez[o][b] is not com[o][b]]
    assert differ == [(Outcome.DRAGON7, Bet.BANKER)]
    assert com[Outcome.DRAGON7][Bet.BANKER] is BetResult.WIN


def test_commission_banker_win_on_a_three_card_seven_pays_19_to_20() -> None:
    # Player K 6 = 6 ... Banker 3 2 then 2: 7 on three cards, Banker wins 7 to 6.
    coup = Coup.from_cards(parse_cards("Kh 3s 6d 2c 2h"))
    assert coup.outcome is Outcome.DRAGON7
    s = settle_bet(coup.outcome, Bet.BANKER, D(20), COMMISSION_HOUSE)
    assert (s.result, s.commission, s.paid, s.returned) == (BetResult.WIN, D(1), D(19), D(39))
    ez = settle_bet(coup.outcome, Bet.BANKER, D(20), DEFAULT_HOUSE)
    assert (ez.result, ez.paid, ez.commission) == (BetResult.PUSH, D(0), D(0))


def test_commission_tie_pushes_banker_without_commission() -> None:
    s = settle_bet(Outcome.TIE, Bet.BANKER, D(20), COMMISSION_HOUSE)
    assert (s.result, s.commission, s.paid, s.returned) == (BetResult.PUSH, D(0), D(0), D(20))


def test_commission_only_on_the_banker_bet() -> None:
    s = settle_bet(Outcome.PLAYER, Bet.PLAYER, D(20), COMMISSION_HOUSE)
    assert (s.paid, s.commission) == (D(20), D(0))


# --- commission amounts and rounding, worked by hand ---------------------------------------

CENT = Commission(rounding=Rounding(unit=D("0.01")))
QUARTER = Commission(rounding=Rounding(unit=D("0.25")))
STEPS = Commission(
    rounding=Rounding(unit=D("0.25"), steps=(FeeStep(D(5), D("0.25")), FeeStep(D(10), D("0.50"))))
)


@pytest.mark.parametrize(
    ("commission", "wager", "owed", "paid"),
    [
        # 5 % of 20 is 1.00 under every rule: 20 - 1 = 19 (19 to 20).
        (CENT, "20", "1", "19"),
        (QUARTER, "20", "1", "19"),
        # 5 % of 7 = 0.35: to the cent 0.35 (paid 6.65); up to a quarter 0.50 (paid 6.50);
        # the step table puts 7 in "$6-10 owes 0.50" (paid 6.50).
        (CENT, "7", "0.35", "6.65"),
        (QUARTER, "7", "0.50", "6.50"),
        (STEPS, "7", "0.50", "6.50"),
        # 5 % of 2.55 = 0.1275: a part cent counts as a cent, 0.13 (paid 2.42); a quarter
        # 0.25 (paid 2.30); the step "$1-5 owes 0.25" (paid 2.30).
        (CENT, "2.55", "0.13", "2.42"),
        (QUARTER, "2.55", "0.25", "2.30"),
        (STEPS, "2.55", "0.25", "2.30"),
        # 5 % of 3 = 0.15: the step table says 0.25 (paid 2.75), cents 0.15 (2.85).
        (STEPS, "3", "0.25", "2.75"),
        (CENT, "3", "0.15", "2.85"),
        # Above the step table (13 > 10) the unit applies: 0.65 up to a quarter is 0.75.
        (STEPS, "13", "0.75", "12.25"),
        # 5 % of 35 = 1.75 is already a whole number of quarters.
        (QUARTER, "35", "1.75", "33.25"),
        # 5 % of 125 = 6.25; of 1,010 = 50.50.
        (QUARTER, "125", "6.25", "118.75"),
        (CENT, "1010", "50.50", "959.50"),
    ],
)
def test_commission_taken_at_once(commission: Commission, wager: str, owed: str, paid: str) -> None:
    house = replace(COMMISSION_HOUSE, commission=commission)
    s = settle_bet(Outcome.BANKER, Bet.BANKER, D(wager), house)
    assert (s.commission, s.paid) == (D(owed), D(paid))
    assert s.returned == D(wager) + D(paid)
    assert s.commission_deferred is False


def test_commission_box_pays_even_money_and_owes_the_commission() -> None:
    # Collected at the end of the shoe: a 7 Banker win is paid 7; 0.35 (to the cent) is owed.
    house = replace(COMMISSION_HOUSE, commission=replace(CENT, collection=Collection.END_OF_SHOE))
    s = settle_bet(Outcome.BANKER, Bet.BANKER, D(7), house)
    assert (s.paid, s.commission, s.commission_deferred) == (D(7), D("0.35"), True)
    assert "box" in s.reason


def test_commission_reason_shows_the_amounts() -> None:
    s = settle_bet(Outcome.BANKER, Bet.BANKER, D(20), COMMISSION_HOUSE)
    assert "commission 1" in s.reason and "= 19" in s.reason


# --- card room -----------------------------------------------------------------------------

CARDROOM = BUNDLED_HOUSES["cardroom"]


@pytest.mark.parametrize(
    ("wager", "fee"),
    # The bundled schedule: up to 20 pays 0.50, up to 100 pays 1, up to 300 pays 2, more 3.
    [
        ("5", "0.50"),
        ("20", "0.50"),
        ("20.50", "1"),
        ("100", "1"),
        ("101", "2"),
        ("300", "2"),
        ("301", "3"),
        ("500", "3"),
    ],
)
def test_cardroom_fee_follows_the_schedule(wager: str, fee: str) -> None:
    s = settle_bet(Outcome.PLAYER, Bet.BANKER, D(wager), CARDROOM)
    assert s.fee == D(fee)
    assert s.result is BetResult.LOSE  # the fee is due whatever happens to the wager


def test_cardroom_pays_ez_odds_and_no_commission() -> None:
    s = settle_bet(Outcome.BANKER, Bet.BANKER, D(40), CARDROOM)
    assert (s.paid, s.commission, s.fee) == (D(40), D(0), D(1))
    assert "collection fee 1" in s.reason
    assert CARDROOM.fee is not None and CARDROOM.fee.rotation == 2


def test_a_fee_schedule_must_cover_the_table_maximum() -> None:
    with pytest.raises(HouseError, match="fee schedule stops at 100"):
        replace(CARDROOM, fee=FeeSchedule((FeeStep(D(100), D(1)),)))


# --- limits --------------------------------------------------------------------------------

TIE9 = BUNDLED_HOUSES["ez-tie9"]


def test_limits_side_bet_needs_a_base_bet_and_is_capped() -> None:
    # ez-tie9: side bets need a Player or Banker bet; Dragon 7 at most the Banker bet.
    assert TIE9.limit_problems({Bet.BANKER: D(25), Bet.DRAGON7: D(25)}) == []
    problems = TIE9.limit_problems({Bet.DRAGON7: D(10)})
    assert any("needs a player or banker bet" in p for p in problems)
    assert any("caps dragon7 at the seat's banker bet" in p for p in problems)
    over = TIE9.limit_problems({Bet.BANKER: D(10), Bet.DRAGON7: D(15)})
    assert over == [
        "dragon7 15 is over the banker bet (10): this house caps dragon7 at the seat's banker bet"
    ]


def test_limits_minimum_maximum_and_offered_bets() -> None:
    problems = COMMISSION_HOUSE.limit_problems(
        {Bet.BANKER: D(5), Bet.PLAYER: D(6000), Bet.DRAGON7: D(5)}
    )
    assert problems == [
        "player 6,000 is above the table maximum of 5,000",
        "banker 5 is below the table minimum of 10",
        "dragon7: this table does not offer it (bets: player, banker, tie)",
    ]
    with pytest.raises(HouseLimitError) as caught:
        COMMISSION_HOUSE.check_wagers({Bet.BANKER: D(5)})
    assert caught.value.problems == ("banker 5 is below the table minimum of 10",)


def test_default_house_allows_todays_drills() -> None:
    assert DEFAULT_HOUSE.limit_problems({Bet.DRAGON7: D(5), Bet.TIE: D("2.50")}) == []


# --- house consistency ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": Game.COMMISSION}, "commission game needs a commission"),
        ({"commission": Commission()}, "ez game takes no commission"),
        ({"fee": FeeSchedule((FeeStep(None, D(1)),))}, "ez game takes no collection fee"),
        ({"decks": 7}, "7 decks is not supported"),
        ({"bets": (Bet.PLAYER, Bet.TIE)}, "offers the banker bet"),
        ({"seats": 20}, "20 seats"),
        ({"id": "Bad Id"}, "house id"),
    ],
)
def test_inconsistent_houses_are_refused(change: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        replace(DEFAULT_HOUSE, **change)


def test_limits_and_steps_are_checked() -> None:
    with pytest.raises(HouseError, match="minimum must be positive"):
        Limits(minimum=D(100), maximum=D(10))
    with pytest.raises(HouseError, match="must be above the step before it"):
        Rounding(steps=(FeeStep(D(10), D("0.50")), FeeStep(D(5), D("0.25"))))
    with pytest.raises(HouseError, match="between 0 and 100"):
        Commission(rate=D(1))
    with pytest.raises(HouseError, match="caps tie a side bet"):
        Limits(side_caps={Bet.TIE: Bet.BANKER})


# --- settlement order and calls ------------------------------------------------------------


def test_counterclockwise_from_the_dealers_right() -> None:
    # Seats are numbered from the dealer's left, so the regulator's order starts at seat 7.
    assert SettlementOrder().seats(7) == (7, 6, 5, 4, 3, 2, 1)
    assert SettlementOrder(direction=Direction.CLOCKWISE).seats(9) == tuple(range(1, 10))
    assert SettlementOrder().bets([Bet.DRAGON7, Bet.BANKER]) == (Bet.BANKER, Bet.DRAGON7)


def test_calls_are_worded_by_the_house() -> None:
    calls = Calls({"wins": "{hand} wins {high} to {low}"})
    assert calls.say("wins", hand="Banker", high=7, low=5) == "Banker wins seven to five"
    assert DEFAULT_HOUSE.calls.say("wins", hand="Banker", high=7, low=5) == (
        "Banker wins, seven over five"
    )
    assert calls.say("player_shows", total=5) == "Player shows five"
    with pytest.raises(HouseError, match="not a field of this call"):
        Calls({"player_draws": "Player draws on {total}"})
    with pytest.raises(HouseError, match="is not a call"):
        Calls({"shuffle": "Shuffle up"})


# --- a house is the one way rules reach the settlement ---------------------------------------


def test_a_paytable_reaches_the_settlement_only_inside_a_house() -> None:
    table = DEFAULT_HOUSE.with_paytable(Paytable(tie=D(9)))
    s = settle_bet(Outcome.TIE, Bet.TIE, D(10), table)
    assert s.paid == D(90)
    assert settle(Outcome.TIE, {Bet.TIE: D(10)}, table)[Bet.TIE] == s
    assert settle_bet(Outcome.DRAGON7, Bet.BANKER, D(10)).result is BetResult.PUSH  # the default


def test_bundled_houses_have_unique_ids_and_the_default_is_ez() -> None:
    assert list(BUNDLED_HOUSES) == [
        "ez",
        "ez-tie9",
        "commission",
        "cardroom",
        "ez-rolling",
        "ez-cantonese",
    ]
    assert DEFAULT_HOUSE.game is Game.EZ and DEFAULT_HOUSE.paytable == DEFAULT_PAYTABLE
    assert isinstance(DEFAULT_HOUSE, House)


def test_a_drills_bet_ranges_against_the_house() -> None:
    # ez-tie9: main bets 5-5,000, side bets 1-100 with a base bet, Dragon 7 at most Banker.
    ok = {Bet.BANKER: (D(25), D(100)), Bet.DRAGON7: (D(5), D(25))}
    assert TIE9.range_problems(ok) == []
    assert [b for b, _ in TIE9.range_problems(ok, every_layout=False)] == [Bet.DRAGON7] * 2
    over = TIE9.range_problems({Bet.BANKER: (D(10), D(100)), Bet.DRAGON7: (D(5), D(50))})
    assert over == [
        (
            Bet.DRAGON7,
            "the house ez-tie9 caps dragon7 at the seat's banker bet: "
            "dragon7 goes up to 50 but banker can be 10",
        )
    ]
    alone = TIE9.range_problems({Bet.PANDA8: (D(1), D(200)), Bet.TIE: (D(1), D(5))})
    assert [m for _, m in alone] == [
        "1 is below the house ez-tie9's minimum of 5 for tie",
        "200 is above the house ez-tie9's maximum of 100 for panda8",
        "the house ez-tie9 takes panda8 only with a player or banker bet on the seat: add one",
        "the house ez-tie9 caps panda8 at the seat's player bet, and a coup may have no player bet",
    ]
    assert COMMISSION_HOUSE.range_problems({Bet.DRAGON7: (D(10), D(10))}) == [
        (Bet.DRAGON7, "the house commission does not offer dragon7 (bets: player, banker, tie)")
    ]
