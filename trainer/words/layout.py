"""The layout's words: a bet's name, a bet on a seat, an amount, chips and their colours,
in the language spoken (amounts for display: the language's digit grouping and decimal
sign; what a trainee types is read exactly as always)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal

from trainer.engine import Bet
from trainer.engine.money import normalize
from trainer.i18n import ENGLISH, N_, PSEUDO, _, current

__all__ = ["bet_name", "capital", "chips", "colour", "money", "spot"]

_ZERO = Decimal(0)

# -- amounts and bets ---------------------------------------------------------------------

#: The CLDR locale amounts are written by in each language.
_CLDR = {"zh_Hans": "zh_Hans_CN", "zh_Hant": "zh_Hant_HK", "vi": "vi", "ko": "ko"}


def money(amount: Decimal) -> str:
    """An amount for display: whole amounts plain, a fraction in cents (1,000 / 2.50), with
    the language's grouping and decimal sign (never rounded: the engine's amounts are
    exact cents)."""
    value = normalize(amount)
    language = current()
    if language in (ENGLISH, PSEUDO) or language not in _CLDR:
        return f"{value:,}"
    from babel.numbers import format_decimal

    whole = value == value.to_integral_value()
    pattern = "#,##0" if whole else "#,##0.00"
    if not whole and value.as_tuple().exponent < -2:  # type: ignore[operator]
        pattern = "#,##0.00##########"
    return str(format_decimal(value, format=pattern, locale=_CLDR[language]))


_BETS = {
    Bet.PLAYER: N_("Player"),
    Bet.BANKER: N_("Banker"),
    Bet.TIE: N_("Tie"),
    Bet.DRAGON7: N_("Dragon 7"),
    Bet.PANDA8: N_("Panda 8"),
}


def bet_name(bet: Bet) -> str:
    return _(_BETS[bet])


def spot(seat: int, bet: Bet, wager: Decimal | None) -> str:
    """One bet on the layout: "seat 1 Dragon 7 10"."""
    if wager is None:
        return _("seat {seat} {bet}").format(seat=seat, bet=bet_name(bet))
    return _("seat {seat} {bet} {wager}").format(seat=seat, bet=bet_name(bet), wager=money(wager))


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


_COLOURS = {
    "white": N_("white"),
    "red": N_("red"),
    "green": N_("green"),
    "black": N_("black"),
    "purple": N_("purple"),
    "yellow": N_("yellow"),
    "blue": N_("blue"),
    "grey": N_("grey"),
    "gray": N_("grey"),
    "pink": N_("pink"),
    "orange": N_("orange"),
    "brown": N_("brown"),
    "lavender": N_("lavender"),
    "chocolate": N_("chocolate"),
}


def colour(name: str) -> str:
    """A chip's colour as the house file names it, in the language spoken where it is one
    of the usual colours (another is the house's own word, shown as written)."""
    known = _COLOURS.get(name.strip().lower())
    return _(known) if known else name


def chips(
    counts: Iterable[tuple[Decimal, int]],
    colours: Mapping[Decimal, str] | None = None,
    coin: Decimal = _ZERO,
) -> str:
    """'1 black (100), 3 red (5)' or '2 x 100, 3 x 5'; the coin last."""
    parts = []
    for value, n in sorted(counts, reverse=True):
        if not n:
            continue
        name = (colours or {}).get(value)
        if name:
            parts.append(
                _("{count} {colour} ({value})").format(
                    count=n, colour=colour(name), value=money(value)
                )
            )
        else:
            parts.append(_("{count} x {value}").format(count=n, value=money(value)))
    if coin:
        parts.append(_("{amount} in coin").format(amount=money(coin)))
    return ", ".join(parts) if parts else _("no chips")
