"""The house's own rules as the rules reference lists them (its commission and how it is
rounded, its collection fee, its table limits), worded from the house's values in the
language spoken; the English reads as ``ezbac houses show --summary`` writes them."""

from __future__ import annotations

from decimal import Decimal

from trainer.engine import Bet
from trainer.engine.chips import ChipConvention, PayStyle
from trainer.engine.dead_chips import DeadChips, RollingBase
from trainer.engine.games import Collection
from trainer.engine.house import House
from trainer.engine.table_rules import SIDE_BETS, Direction, Losers
from trainer.i18n import ENGLISH, PSEUDO, _, current
from trainer.words.names import amount, bet_name, rounding_words


def commission(house: House) -> str | None:
    """ "5 % on a winning Banker bet, taken at once; rounded up to the next quarter"."""
    c = house.commission
    if c is None:
        return None
    bets = ", ".join(bet_name(b) for b in Bet if b in c.bets)
    if c.collection is Collection.AT_ONCE:
        when = _("taken at once")
    else:
        when = _("kept in a commission box, collected at the end of the shoe")
    return _("{rate} % on a winning {bets} bet, {when}; rounded {rounding}").format(
        rate=amount(c.rate * 100), bets=bets, when=when, rounding=rounding_words(c.rounding)
    )


def fee(house: House) -> str | None:
    """ "up to 20 pays 0.50, above that pays 1; the bank rotates every 2 hands ..."."""
    schedule = house.fee
    if schedule is None:
        return None
    steps = ", ".join(
        _("above that pays {amount}").format(amount=amount(s.amount))
        if s.up_to is None
        else _("up to {limit} pays {amount}").format(limit=amount(s.up_to), amount=amount(s.amount))
        for s in schedule.steps
    )
    return _("{steps}; the bank rotates every {hands} hands among the seated players").format(
        steps=steps, hands=schedule.rotation
    )


def limits(house: House) -> str:
    """ "10-5,000, side bets 5-500, ..."."""
    lim = house.limits
    said = f"{amount(lim.minimum)}-{amount(lim.maximum)}"
    if any(b in SIDE_BETS for b in house.bets):
        said += _(", side bets {low}-{high}").format(
            low=amount(lim.side_min), high=amount(lim.side_max)
        )
        if lim.side_needs_base:
            said += _(", only with a Player or Banker bet on the seat")
        for side, base in lim.side_caps.items():
            said += _(", {side} at most the {base} bet").format(
                side=bet_name(side), base=bet_name(base)
            )
    if lim.differential is not None:
        said += _(", table differential {amount}").format(amount=amount(lim.differential))
    return said


def settlement_order(house: House) -> str:
    """The order the house's table is settled in, as a dealer is taught it (the English of
    ``House.settlement_order``, in the language)."""
    o = house.order
    if o.direction is Direction.COUNTERCLOCKWISE:
        way = _("counter-clockwise from the dealer's right")
    else:
        way = _("clockwise from the dealer's left")
    if o.main_before_side:
        way = _("{way}, main bet before side bet").format(way=way)
    if not o.losers_first:
        return way
    if o.losers is Losers.ONE_SWEEP:
        return _("losing bets first in one sweep, then {way}").format(way=way)
    return _("losing bets first, then {way}").format(way=way)


def payout_chips(convention: ChipConvention) -> str:
    """How the house wants a payout cut (the English of ``ChipConvention.label``)."""
    if convention.style is PayStyle.MAX_EACH:
        return _("no more than {count} of one chip (the largest chip excepted)").format(
            count=convention.max_each
        )
    if convention.style is PayStyle.COLOUR_FOR_COLOUR:
        return _("colour for colour (in the wager's denominations)")
    return _("the fewest chips")


def dead_chips(dead: DeadChips) -> str:
    """The house's dead chips and its rolling commission (the English of
    ``DeadChips.describe``, the house summary's line, in the language)."""
    p = dead.programme
    if p is None:
        pays = _("no commission at the table")
    elif p.base is RollingBase.LOSSES:
        pays = _("rolling commission {percent} % of the dead chips lost, rounded down to the cent")
    else:
        pays = _(
            "rolling commission {percent} % of the dead chips on each bet won or lost, "
            "rounded down to the cent"
        )
    if p is not None:
        pays = pays.format(percent=_percent(p.rate * 100))
    return _("dead chips on {bets}: a win paid in live chips; {pays}").format(
        bets=", ".join(bet_name(b) for b in dead.bets), pays=pays
    )


def _percent(value: Decimal) -> str:
    """A rate in percent as the language writes it, no digit added (1.2, never 1.20)."""
    shown = value.normalize()
    if current() in (ENGLISH, PSEUDO):
        return f"{shown:f}"
    from babel.numbers import format_decimal

    from trainer.i18n.formats import cldr_locale

    return str(format_decimal(shown, locale=cldr_locale()))
