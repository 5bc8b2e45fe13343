"""Fuzzing the parsers of everything a user types: cards, bets, amounts, odds, counts, dates
and whole `ezbac check` command lines.

Whatever the text (any Unicode, other scripts' digits, exponents, numbers of any size), a
parser returns a valid value or raises its own documented error, with a message of readable
length; never anything else.  Round trips hold where a value has a written form.

Each property runs ``EXAMPLES`` (300) generated examples; the module runs in a few seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from trainer.cli import main
from trainer.cli.options import deck_count, positive_odds, seed_number, whole_number
from trainer.engine.cards import FULL_DECK, Card, parse_cards
from trainer.engine.coup import Outcome
from trainer.engine.errors import (
    InvalidAmountError,
    InvalidBetError,
    InvalidCardError,
)
from trainer.engine.house import DEFAULT_HOUSE, settle_bet
from trainer.engine.money import (
    ODDS,
    PAYOUTS,
    WAGERS,
    as_amount,
    format_amount,
    parse_amount,
    parse_odds,
)
from trainer.engine.settlement import Bet, BetResult, Paytable
from trainer.history.report import BadDateError, parse_since

EXAMPLES = 300
fuzz = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Longest message any parser may give, whatever the input's length (a quoted 40-character
#: head, the rule, the input's length).
MESSAGE_LIMIT = 400

_DIGIT_LIKE = st.characters(categories=["Nd", "No", "Nl"])  # ٥, ５, ², Ⅻ ...
_NUMBERISH = st.one_of(
    st.text(),
    st.text(alphabet="0123456789,.$ -+eE_", max_size=40),
    st.text(alphabet=st.one_of(_DIGIT_LIKE, st.sampled_from("0123456789.,$")), max_size=12),
    st.integers(min_value=-(10**60), max_value=10**60).map(str),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.builds(lambda d, e: f"{d}e{e}", st.integers(0, 10**6), st.integers(-(10**9), 10**9)),
    st.integers(0, 10**6).map(lambda n: "9" * n if n < 5000 else "1" + "0" * 30),
)


def _money_ok(value: Decimal, low: Decimal, high: Decimal) -> None:
    assert isinstance(value, Decimal) and value.is_finite()
    assert low <= value <= high
    assert value == value.quantize(Decimal("0.01"))  # whole cents


@fuzz
@given(_NUMBERISH)
@example("1" + "0" * 28)
@example("1" + "0" * 29)
@example("٥")
@example("1e400")
@example("1e999999999")
@example("0.333")
def test_parse_amount_takes_a_valid_wager_or_names_the_text(text: str) -> None:
    try:
        value = parse_amount(text)
    except InvalidAmountError as exc:
        assert len(str(exc)) < MESSAGE_LIMIT
        return
    _money_ok(value, WAGERS.low, WAGERS.high)
    assert text.strip().lstrip("$").strip()[:1] in set("0123456789.")


@fuzz
@given(_NUMBERISH)
@example("1e400")
@example("1000.01")
@example("0.333")
def test_parse_odds_takes_valid_odds_or_names_the_text(text: str) -> None:
    try:
        value = parse_odds(text)
    except InvalidAmountError as exc:
        assert len(str(exc)) < MESSAGE_LIMIT
        return
    _money_ok(value, ODDS.low, ODDS.high)


@fuzz
@given(_NUMBERISH)
def test_a_trainees_payout_answer_is_any_payout_or_refused(text: str) -> None:
    try:
        value = parse_amount(text, limit=PAYOUTS)
    except InvalidAmountError:
        return
    _money_ok(value, PAYOUTS.low, PAYOUTS.high)


@fuzz
@given(
    st.one_of(
        st.integers(min_value=-(10**40), max_value=10**40),
        st.decimals(allow_nan=True, allow_infinity=True),
        st.booleans(),
        st.floats(),
        _NUMBERISH,
    )
)
def test_as_amount_coerces_only_exact_in_range_values(value: object) -> None:
    try:
        result = as_amount(value)  # type: ignore[arg-type]
    except InvalidAmountError as exc:
        assert len(str(exc)) < MESSAGE_LIMIT
        return
    _money_ok(result, WAGERS.low, WAGERS.high)


cents = st.integers(min_value=1, max_value=int(WAGERS.high * 100))


@fuzz
@given(cents)
def test_amounts_round_trip_through_their_written_form(n: int) -> None:
    amount = Decimal(n) / 100
    assert parse_amount(format_amount(amount)) == amount
    assert parse_amount("$" + format_amount(amount)) == amount


@fuzz
@given(st.integers(min_value=1, max_value=int(ODDS.high * 100)))
def test_odds_round_trip_through_their_written_form(n: int) -> None:
    odds = Decimal(n) / 100
    assert parse_odds(format_amount(odds)) == odds


@fuzz
@given(
    cents,
    st.integers(min_value=1, max_value=int(ODDS.high * 100)),
    st.sampled_from(list(Outcome)),
    st.sampled_from(list(Bet)),
)
def test_any_wager_at_any_pay_settles_to_whole_cents_rounded_down(
    wager_cents: int, odds_cents: int, outcome: Outcome, bet: Bet
) -> None:
    wager, odds = Decimal(wager_cents) / 100, Decimal(odds_cents) / 100
    house = DEFAULT_HOUSE.with_paytable(Paytable().with_odds({bet: odds}))
    s = settle_bet(outcome, bet, wager, house)
    paid = s.paid
    assert paid == paid.quantize(Decimal("0.01"))
    if s.result is BetResult.WIN:
        exact = wager * odds  # computed here, exactly: the house keeps under one cent
        assert 0 <= exact - paid < Decimal("0.01")
        assert s.returned == wager + paid
    else:
        assert paid == 0
    assert s.reason  # the sentence renders for every amount


@fuzz
@given(st.text())
@example("٥s")
@example("１０h")
@example("Ｋs")
@example("A" * 100_000)
def test_card_parse_takes_a_card_or_names_the_token(text: str) -> None:
    try:
        card = Card.parse(text)
    except InvalidCardError as exc:
        assert len(str(exc)) < MESSAGE_LIMIT
        return
    assert card in FULL_DECK
    assert text.strip()[:1].upper() in set("A23456789TJQK1")  # ASCII ranks only


@fuzz
@given(st.text())
def test_parse_cards_raises_only_invalid_card(text: str) -> None:
    try:
        cards = parse_cards(text)
    except InvalidCardError:
        return
    assert all(c in FULL_DECK for c in cards)


@fuzz
@given(st.sampled_from(FULL_DECK))
def test_cards_round_trip_in_both_notations(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.pretty) == card


@fuzz
@given(st.text())
def test_bet_parse_takes_a_bet_or_names_it(text: str) -> None:
    try:
        Bet.parse(text)
    except InvalidBetError as exc:
        assert len(str(exc)) < MESSAGE_LIMIT


@pytest.mark.parametrize(
    "parse",
    [deck_count, positive_odds, seed_number, lambda t: whole_number(t, 1, 10_000)],
    ids=["decks", "odds", "seed", "count"],
)
@fuzz
@given(text=_NUMBERISH)
def test_option_types_raise_only_argparse_errors(parse, text: str) -> None:  # type: ignore[no-untyped-def]
    try:
        parse(text)
    except argparse.ArgumentTypeError as exc:
        assert len(str(exc)) < MESSAGE_LIMIT


@fuzz
@given(
    st.one_of(
        st.text(),
        st.dates().map(str),
        st.datetimes(timezones=st.timezones()).map(lambda d: d.isoformat()),
        st.builds(
            lambda y, h: f"{y:04d}-01-01T00:00{h:+03d}:00",
            st.sampled_from([1, 2, 9998, 9999]),
            st.integers(-23, 23),
        ),
    )
)
def test_report_since_is_a_date_or_a_one_line_error(text: str) -> None:
    try:
        parse_since(text)
    except BadDateError as exc:
        assert len(str(exc)) < MESSAGE_LIMIT


_TOKEN = st.one_of(
    st.sampled_from([str(c) for c in FULL_DECK[:13]] + ["10h", "K♠", "-", "--json"]),
    st.text(max_size=8),
)
_BET = st.builds(
    lambda name, amount: f"{name}={amount}",
    st.one_of(st.sampled_from([b.value for b in Bet]), st.text(max_size=6)),
    _NUMBERISH,
)
_PAYS = st.one_of(st.sampled_from(["--tie-pays", "--dragon7-pays", "--panda8-pays"]))


@fuzz
@given(
    st.lists(_TOKEN, max_size=7),
    st.lists(_BET, max_size=2),
    st.lists(st.tuples(_PAYS, _NUMBERISH), max_size=1),
)
def test_check_command_lines_end_in_an_answer_or_a_usage_error(
    tokens: list[str], bets: list[str], pays: list[tuple[str, str]]
) -> None:
    argv = ["check", *[t for t in tokens if t != "-"]]
    for spec in bets:
        argv += ["--bet", spec]
    for flag, value in pays:
        argv += [flag, value]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse's own usage errors
            status = exc.code
    assert status in (0, 2), err.getvalue()
    if status == 2:
        lines = err.getvalue().strip().splitlines()
        assert len(lines) == 1 and len(lines[0]) < 2 * MESSAGE_LIMIT, err.getvalue()
