"""A house in words: what ``ezbac check --house`` and ``ezbac audit --house`` say of it
first (the engine's ``House.summary[0]``, in the language spoken), and the whole summary
``ezbac houses show --summary`` prints."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

from trainer.engine import Bet
from trainer.engine.house import House
from trainer.engine.irregularities import Irregularity
from trainer.engine.violations import Violation
from trainer.i18n import ENGLISH, N_, _, current
from trainer.words import reference
from trainer.words.layout import colour
from trainer.words.names import amount, bet_name, outcome_name
from trainer.words.protection import RESPONSE_LABELS, SHORT_NAMES


def headline(house: House) -> str:
    """ "EZ Baccarat, 8 decks, 7 seats; the house banks": the game's title as the house file
    names it, then the table in words."""
    if house.rules.player_banked:
        text = _("{title}, {decks} decks, {seats} seats; the seated players bank in turn")
    else:
        text = _("{title}, {decks} decks, {seats} seats; the house banks")
    return text.format(title=house.rules.title, decks=house.decks, seats=house.seats)


#: An irregularity as the house summary names it (the house file's key, spaced).
_IRREGULARITIES: Mapping[Irregularity, str] = {
    Irregularity.CARD_EXPOSED: N_("card exposed"),
    Irregularity.WRONG_HAND: N_("wrong hand"),
    Irregularity.CARD_ON_FLOOR: N_("card on floor"),
    Irregularity.CUT_CARD_EARLY: N_("cut card early"),
    Irregularity.CUT_CARD_MISPLACED: N_("cut card misplaced"),
    Irregularity.TOO_MANY_CARDS: N_("too many cards"),
    Irregularity.TOO_FEW_CARDS: N_("too few cards"),
    Irregularity.MISDEAL: N_("misdeal"),
    Irregularity.EDGE_SORTING_REQUEST: N_("edge sorting request"),
    Irregularity.SQUEEZE_WRONG_PLAYER: N_("squeeze wrong player"),
    Irregularity.SQUEEZE_CARDS_KEPT: N_("squeeze cards kept"),
}


def _named(names: Mapping[Any, str], kind: enum.Enum) -> str:
    """A violation's or an irregularity's name; one added to the engine since, as its key."""
    return _(names[kind]) if kind in names else str(kind.value).replace("_", " ")


def pays(house: House, bet: Bet) -> str:
    """What a winning ``bet`` pays, as a dealer says it: "8 to 1", "19 to 20" (the engine's
    ``House.pays`` in the language spoken)."""
    from fractions import Fraction

    net = Fraction(house.win_multiple(bet))
    if house.commission_on(bet) is None or net.denominator == 1:
        return _("{odds} to 1").format(odds=amount(house.paytable.odds(bet)))
    return _("{numerator} to {denominator}").format(
        numerator=net.numerator, denominator=net.denominator
    )


def _bets(house: House) -> str:
    """ "Player 1 to 1; Banker 1 to 1, push on Dragon 7; ..."."""
    pays_each = []
    for bet in house.bets:
        said = _("{bet} {pays}").format(bet=bet_name(bet), pays=pays(house, bet))
        pushes = house.pushes(bet)
        if pushes:
            names = outcome_name(pushes[0])
            for o in pushes[1:]:
                names = _("{first} and {second}").format(first=names, second=outcome_name(o))
            said = _("{bet}, push on {outcomes}").format(bet=said, outcomes=names)
        pays_each.append(said)
    return _("bets: {bets}").format(bets="; ".join(pays_each))


def _violations(house: House) -> str:
    said = "; ".join(
        _("{violation}: {response}").format(
            violation=_named(SHORT_NAMES, v), response=_(RESPONSE_LABELS[r])
        )
        for v in Violation
        if (r := house.enforces(v)) is not None
    )
    return _("violations: {violations}").format(violations=said)


def _irregularities(house: House) -> str:
    confirmed = ", ".join(_named(_IRREGULARITIES, k) for k in Irregularity if k in house.remedies)
    if not confirmed:
        return _("irregularities: call the floor on every one")
    return _("irregularities: the house's remedy for {kinds}; any other, call the floor").format(
        kinds=confirmed
    )


def _chips(house: House) -> str:
    """ "chips: 1 white, 5 red; payouts in the fewest chips" (a colour the house file names
    as written in English; in another language, a usual colour translated)."""
    english = current() == ENGLISH
    chips = ", ".join(
        _("{value} {colour}").format(
            value=amount(c.value), colour=c.colour if english else colour(c.colour)
        )
        for c in house.chips
    )
    return _("chips: {chips}; payouts in {convention}").format(
        chips=chips, convention=reference.payout_chips(house.payout_chips)
    )


def summary(house: House) -> list[str]:
    """The house in a few lines (``ezbac houses show --summary``), worded from its values
    in the language spoken; the English is the engine's ``House.summary``, line for line."""
    from trainer.words.said import say

    lines = [headline(house)]
    commission = reference.commission(house)
    if commission is not None:
        lines.append(_("commission {rule}").format(rule=commission))
    fee = reference.fee(house)
    if fee is not None:
        lines.append(_("collection fee per wager: {fee}").format(fee=fee))
    lines.append(_bets(house))
    lines.append(_("limits {limits}").format(limits=reference.limits(house)))
    lines.append(_violations(house))
    lines.append(_irregularities(house))
    lines.append(_chips(house))
    if house.dead_chips is not None:
        lines.append(reference.dead_chips(house.dead_chips))
    lines.append(_("shoe: {rules}").format(rules=say(house.shoe.describe())))
    lines.append(_("settlement: {order}").format(order=reference.settlement_order(house)))
    return lines
