"""Exact money: parsing as people write amounts, formatting, exact JSON."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from trainer.engine.errors import InvalidAmountError
from trainer.engine.money import as_amount, dumps_exact, format_amount, normalize, parse_amount


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("600", "600"),
        ("$600", "600"),
        ("1,000", "1000"),
        ("$999,999.50", "999999.50"),
        ("1,000,000", "1000000"),
        ("2.50", "2.50"),
        ("2.5", "2.5"),
        (".75", "0.75"),
        (" 15 ", "15"),
        ("$ 15", "15"),
    ],
)
def test_parse_amount(text: str, value: str) -> None:
    assert parse_amount(text) == Decimal(value)
    assert isinstance(parse_amount(text), Decimal)


@pytest.mark.parametrize(
    "text", ["0", "0.00", "-5", "abc", "2.505", "1,00", "1e3", "", "$", "10 20", "nan", "Infinity"]
)
def test_bad_amounts_are_named(text: str) -> None:
    with pytest.raises(InvalidAmountError) as info:
        parse_amount(text)
    assert repr(text) in str(info.value)


def test_zero_allowed_on_request() -> None:
    assert parse_amount("0", allow_zero=True) == 0


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("600", "600"),
        ("600.00", "600"),
        ("2.5", "2.50"),
        ("2.50", "2.50"),
        ("1000", "1,000"),
        ("1234567.8", "1,234,567.80"),
        ("0.05", "0.05"),
    ],
)
def test_format_amount(value: str, shown: str) -> None:
    assert format_amount(Decimal(value)) == shown


def test_normalize() -> None:
    assert str(normalize(Decimal("600.00"))) == "600"
    assert str(normalize(Decimal("2.5"))) == "2.50"
    assert str(normalize(Decimal("6E+2"))) == "600"


def test_as_amount_refuses_floats_and_junk() -> None:
    assert as_amount(40) == 40 and as_amount("7.5") == Decimal("7.5")
    for bad in (1.5, "x", None, "inf"):
        with pytest.raises(InvalidAmountError):
            as_amount(bad)  # type: ignore[arg-type]


def test_dumps_exact_writes_exact_numbers() -> None:
    text = dumps_exact({"paid": Decimal("600.00"), "wager": Decimal("2.5"), "n": 3, "s": "x"})
    assert text == '{"paid": 600, "wager": 2.50, "n": 3, "s": "x"}'
    assert json.loads(text, parse_float=Decimal)["wager"] == Decimal("2.50")


def test_dumps_exact_leaves_look_alike_strings_alone() -> None:
    text = dumps_exact({"note": "dec:5"})
    assert json.loads(text) == {"note": "dec:5"}
