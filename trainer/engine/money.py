"""Exact money: amounts are Decimals with at most two decimal places, never floats."""

from __future__ import annotations

import json
import re
from decimal import Decimal, InvalidOperation
from typing import Any

from trainer.engine.errors import InvalidAmountError

_CENT = Decimal("0.01")
_AMOUNT = re.compile(r"^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$|^\$?\s*\.\d{1,2}$")


def parse_amount(text: str, *, allow_zero: bool = False) -> Decimal:
    """Parse an amount as people write it: "600", "$600", "1,000", "2.50".

    Raises InvalidAmountError naming the text for anything else, including negative,
    zero (unless ``allow_zero``) and sub-cent amounts.
    """
    raw = text.strip()
    if not _AMOUNT.match(raw):
        raise InvalidAmountError(
            f"{text!r} is not an amount: write it like 600, $600, 1,000 or 2.50"
        )
    try:
        value = Decimal(raw.lstrip("$").strip().replace(",", ""))
    except InvalidOperation:  # pragma: no cover - the pattern already excludes these
        raise InvalidAmountError(f"{text!r} is not an amount") from None
    if value == 0 and not allow_zero:
        raise InvalidAmountError(f"{text!r} is not a positive amount")
    return value


def as_amount(value: Decimal | int | str) -> Decimal:
    """Coerce a configured number (int, Decimal, numeric string) to an exact Decimal."""
    if isinstance(value, float):
        raise InvalidAmountError(f"{value!r} is a float; amounts must be exact")
    try:
        result = Decimal(value)
    except (InvalidOperation, TypeError, ValueError):
        raise InvalidAmountError(f"{value!r} is not an amount") from None
    if not result.is_finite():
        raise InvalidAmountError(f"{value!r} is not an amount")
    return result


def normalize(amount: Decimal) -> Decimal:
    """600.00 -> 600, 2.50 -> 2.50: integral amounts lose their cents, others keep two places."""
    if amount == amount.to_integral_value():
        return amount.quantize(Decimal(1))
    return amount.quantize(_CENT) if -amount.as_tuple().exponent <= 2 else amount


def format_amount(amount: Decimal) -> str:
    """How an amount is shown: 1,000 / 2.50 / 600."""
    return f"{normalize(amount):,}"


_MARK = "\x00dec:"


def _default(obj: Any) -> Any:
    if isinstance(obj, Decimal):
        return f"{_MARK}{normalize(obj)}\x00"
    raise TypeError(f"{type(obj).__name__} is not JSON serializable")


_MARKED = re.compile(r'"\\u0000dec:([-0-9.E+]+)\\u0000"')


def dumps_exact(obj: Any, **kwargs: Any) -> str:
    """json.dumps that writes Decimals as exact JSON numbers (600, 2.5 written as 2.50)."""
    return _MARKED.sub(r"\1", json.dumps(obj, default=_default, **kwargs))
