"""Exact money: amounts are Decimals with at most two decimal places, never floats.

Every amount and every "pays N to 1" the program takes in passes one rule, here: ASCII
digits only, at most two decimals, and inside a documented range (a ``Limit``).  The ranges
are a casino's, with room to spare, and they keep every product and sum of the engine
(wager × odds, wager + payout) far inside Decimal's 28 significant digits, so money stays
exact and nothing overflows:

- a wager is 0.01 to 1,000,000 (no real table takes a bigger single bet);
- a bet pays 0.01 to 1,000 to 1 (real pays run from 0.95 to a few hundred to 1);
- so a payout is 0 to 1,000,000,000.

A payout that is not a whole number of cents (2.55 at 7.5 to 1 is 19.125) is rounded by
``round_payout``: down to the cent, because casinos keep the breakage.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from typing import Any

from trainer.engine.errors import InvalidAmountError, quote
from trainer.engine.said import Said

_CENT = Decimal("0.01")
_DIGITS = r"(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]{1,2})?|\.[0-9]{1,2}"
# ASCII digits only: `\d` would take Arabic-Indic or full-width digits for amounts.
_AMOUNT = re.compile(rf"\$?\s*(?:{_DIGITS})", re.ASCII)
_ODDS = re.compile(_DIGITS, re.ASCII)
_TOO_PRECISE = re.compile(r"\$?\s*[0-9,]*\.[0-9]{3,}", re.ASCII)


_WHOLE = re.compile(r"[0-9]+", re.ASCII)
#: Longer digit strings are never a count ezbac takes (and int() refuses 4,300 digits).
_WHOLE_DIGITS = 1000


def ascii_int(text: str) -> int | None:
    """The int of a string of ASCII digits 0-9 (surrounding spaces allowed), else None: no
    signs, no '_', no other script's digits (``int('٥')`` is 5), no superscripts
    (``'²'.isdigit()`` is true), nothing absurdly long.  Every count and seed is read
    through this, with its own range checked by the caller."""
    raw = text.strip()
    if not _WHOLE.fullmatch(raw) or len(raw.lstrip("0")) > _WHOLE_DIGITS:
        return None
    return int(raw)


@dataclass(frozen=True, slots=True)
class Limit:
    """The accepted range of one kind of number, and how an error names it."""

    noun: str  # "an amount", "a pay"
    plural: str  # "wagers", "pays"
    low: Decimal
    high: Decimal
    unit: str = ""  # " to 1" for odds

    @property
    def rule(self) -> str:
        """ "wagers are 0.01 to 1,000,000", a ``Said`` the edges word."""
        low, high = format_amount(self.low), format_amount(self.high)
        template = _RULES.get((self.plural, self.unit))
        if template is None:  # a limit without its words here: English only
            return f"{self.plural} are {low} to {high}{self.unit}"
        return Said(template, low=low, high=high)

    def check(self, value: Decimal, shown: str) -> Decimal:
        """``value`` if it is finite, within the range and in whole cents; else an
        InvalidAmountError naming ``shown`` (the input as the user wrote it) and the rule."""
        if value.is_finite() and value <= 0 < self.low:
            raise InvalidAmountError(
                Said("{amount} is not a positive amount: {rule}", amount=shown, rule=self.rule)
            )
        if not value.is_finite() or not self.low <= value <= self.high:
            raise InvalidAmountError(
                Said("{amount} is out of range: {rule}", amount=shown, rule=self.rule)
            )
        if value != value.quantize(_CENT):  # safe: the range keeps the digits few
            raise InvalidAmountError(self.too_precise(shown))
        return value

    def too_precise(self, shown: str) -> str:
        template = _PRECISE.get(self.plural)
        if template is None:
            return f"{shown} is not {self.noun}: {self.plural} have two decimals at most"
        return Said(template, amount=shown)


#: Each limit's rule and its refusal of a third decimal, as the edges word them (keyed by
#: the limit's ``plural`` and ``unit``; ``Said`` marks them for the catalogue).
_RULES = {
    ("wagers", ""): Said("wagers are {low} to {high}").template,
    ("pays", " to 1"): Said("pays are {low} to {high} to 1").template,
    ("payouts", ""): Said("payouts are {low} to {high}").template,
}
_PRECISE = {
    "wagers": Said("{amount} is not an amount: wagers have two decimals at most").template,
    "pays": Said("{amount} is not a pay: pays have two decimals at most").template,
    "payouts": Said("{amount} is not an amount: payouts have two decimals at most").template,
}


#: What one bet on the layout may be.
WAGERS = Limit("an amount", "wagers", Decimal("0.01"), Decimal(1_000_000))
#: What a bet may pay, N in "pays N to 1".
ODDS = Limit("a pay", "pays", Decimal("0.01"), Decimal(1_000), " to 1")
#: What a winning bet may be paid (a trainee's answer): the largest wager at the largest pay.
PAYOUTS = Limit("an amount", "payouts", Decimal(0), WAGERS.high * ODDS.high)


def _parse(text: str, pattern: re.Pattern[str], limit: Limit, refusal: str) -> Decimal:
    """``text`` read by ``pattern`` within ``limit``; ``refusal`` (a template of ``{text}``)
    says what it is not."""
    raw = text.strip()
    if not pattern.fullmatch(raw):
        if _TOO_PRECISE.fullmatch(raw):
            raise InvalidAmountError(limit.too_precise(quote(text)))
        raise InvalidAmountError(Said(refusal, text=quote(text)))
    try:
        value = Decimal(raw.lstrip("$").strip().replace(",", ""))
    except InvalidOperation:  # pragma: no cover - the pattern already excludes these
        raise InvalidAmountError(Said(refusal, text=quote(text))) from None
    return limit.check(value, quote(text))


#: What a number typed is not, as the edges word it.
_AN_AMOUNT = Said("{text} is not an amount: write it like 600, $600, 1,000 or 2.50").template
_A_PAY = Said("{text} is not a pay: write N of 'N to 1', like 40, 7.5 or 0.95").template
_NOT_AN_AMOUNT = Said("{text} is not an amount").template


def parse_amount(text: str, *, allow_zero: bool = False, limit: Limit = WAGERS) -> Decimal:
    """Parse an amount as people write it: "600", "$600", "1,000", "2.50".

    Raises InvalidAmountError naming the text for anything else: non-ASCII digits, sub-cent
    amounts, and anything outside ``limit`` (wagers by default; zero only if ``allow_zero``).
    """
    if allow_zero:
        limit = replace(limit, low=Decimal(0))
    return _parse(text, _AMOUNT, limit, _AN_AMOUNT)


def parse_odds(text: str) -> Decimal:
    """Parse N of "pays N to 1" ("40", "7.5", "0.95"), within ``ODDS``."""
    return _parse(text, _ODDS, ODDS, _A_PAY)


def as_amount(value: Decimal | int | str, limit: Limit = WAGERS) -> Decimal:
    """Coerce a configured number (int, Decimal, numeric string) to an exact Decimal within
    ``limit``; strings follow ``parse_amount``'s rules."""
    if isinstance(value, str):
        return _parse(value, _AMOUNT, limit, _NOT_AN_AMOUNT)
    if isinstance(value, float):
        raise InvalidAmountError(f"{value!r} is a float; amounts must be exact")
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise InvalidAmountError(f"{quote(repr(value))} is not an exact amount")
    return limit.check(Decimal(value), quote(str(value)))


#: The house's rule for a payout that is not a whole number of cents: rounded down, as
#: casinos keep the breakage.  A decimal rounding mode, so it can become house data.
PAYOUT_ROUNDING = ROUND_DOWN


def round_payout(amount: Decimal, rounding: str = PAYOUT_ROUNDING) -> Decimal:
    """A payout in whole cents, by the house's rounding rule (``PAYOUT_ROUNDING``)."""
    return normalize(amount.quantize(_CENT, rounding=rounding))


def normalize(amount: Decimal) -> Decimal:
    """600.00 -> 600, 2.50 -> 2.50: integral amounts lose their cents, others keep two places."""
    if amount == amount.to_integral_value():
        return amount.quantize(Decimal(1))
    exponent = amount.as_tuple().exponent  # an int: a NaN or infinity has no cents to keep
    return amount.quantize(_CENT) if isinstance(exponent, int) and -exponent <= 2 else amount


def format_amount(amount: Decimal) -> str:
    """How an amount is shown: 1,000 / 2.50 / 600."""
    return f"{normalize(amount):,}"


class Amount(Decimal):
    """An amount of money as a ``Said`` puts it in a sentence: "1,000" / "2.50" in English
    (``format_amount``), as the language writes amounts where it is worded
    (``trainer.words.said.say``)."""

    __slots__ = ()

    def __str__(self) -> str:
        return format_amount(Decimal(self))

    def __format__(self, spec: str, context: Any = None, /) -> str:
        if not spec:
            return str(self)
        return super().__format__(spec) if context is None else super().__format__(spec, context)

    def __reduce__(self) -> tuple[Any, ...]:  # the value, not its English
        return (type(self), (Decimal.__str__(self),))


class Exact(Amount):
    """An exact product of money, every digit kept ("6.85", "0.0125"; never grouped or
    rounded), as the language writes it where it is worded."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"{Decimal(self).normalize():f}"


_MARK = "\x00dec:"


def _default(obj: Any) -> Any:
    if isinstance(obj, Decimal):
        return f"{_MARK}{normalize(obj)}\x00"
    raise TypeError(f"{type(obj).__name__} is not JSON serializable")


_MARKED = re.compile(r'"\\u0000dec:([-0-9.E+]+)\\u0000"')


def dumps_exact(obj: Any, **kwargs: Any) -> str:
    """json.dumps that writes Decimals as exact JSON numbers (600, 2.5 written as 2.50)."""
    return _MARKED.sub(r"\1", json.dumps(obj, default=_default, **kwargs))
