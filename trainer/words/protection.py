"""The words of protecting the game: the moment watched, what players did at it, the
violation found and the house's response, and why the answer is right.

The engine returns what happened (``trainer.engine.protection``: a ``Scene``, a ``Finding``;
the ``Moment``, ``Violation`` and ``Response`` enums); this module words it."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from trainer.engine import Bet
from trainer.engine.house import House
from trainer.engine.protection import Finding, Item, Scene, judge
from trainer.engine.violations import Moment, Response, Violation
from trainer.i18n import N_, _
from trainer.words.layout import bet_name, capital, money

__all__ = [
    "HEADINGS",
    "MOMENTS",
    "RESPONSE_LABELS",
    "SHORT_NAMES",
    "VIOLATION_LABELS",
    "VIOLATION_SHORT",
    "finding",
    "moment",
    "moment_heading",
    "scene_events",
    "violation",
    "watch_reason",
    "watched",
]

# -- the moments watched (protecting the game) ------------------------------------------------

#: When a moment is watched, as a sentence says it.
MOMENTS = {
    Moment.BETS: N_("at no more bets"),
    Moment.DEAL: N_("during the deal"),
    Moment.RESULT: N_("after the result"),
}

#: A moment as a heading says it.
HEADINGS = {
    Moment.BETS: N_("No more bets"),
    Moment.DEAL: N_("The first card is out of the shoe"),
    Moment.RESULT: N_("The result is called"),
}

#: A player's violation in short (a finding, a skill).
VIOLATION_SHORT = {
    Violation.PAST_POSTING: N_("past posting"),
    Violation.PRESSING: N_("pressing"),
    Violation.WITHDRAWN: N_("bet withdrawn"),
    Violation.PINCHING: N_("pinched bet"),
    Violation.SIDE_WITHOUT_BASE: N_("side bet without base"),
    Violation.SIDE_OVER_BASE: N_("side bet over its cap"),
    Violation.BOTH_SIDES: N_("Player and Banker on one spot"),
    Violation.UNDER_MIN: N_("under the minimum"),
    Violation.OVER_MAX: N_("over the maximum"),
    Violation.DIFFERENTIAL: N_("over the differential"),
    Violation.CASH: N_("cash on the layout"),
    Violation.NON_PLAYABLE: N_("change chip on the layout"),
}

#: A player's violation in full, as the rules reference lists a house's.
VIOLATION_LABELS = {
    Violation.PAST_POSTING: N_("a bet placed after the first card (past posting)"),
    Violation.PRESSING: N_("a bet increased after the first card (pressing)"),
    Violation.WITHDRAWN: N_("a bet withdrawn after the first card"),
    Violation.PINCHING: N_("a losing bet pinched after the result"),
    Violation.SIDE_WITHOUT_BASE: N_("a side bet without a Player or Banker bet"),
    Violation.SIDE_OVER_BASE: N_("a side bet over the bet that caps it"),
    Violation.BOTH_SIDES: N_("Player and Banker on one spot"),
    Violation.UNDER_MIN: N_("a bet under the table minimum"),
    Violation.OVER_MAX: N_("a bet over the table maximum"),
    Violation.DIFFERENTIAL: N_("Player and Banker action apart by more than the differential"),
    Violation.CASH: N_("cash on the layout"),
    Violation.NON_PLAYABLE: N_("a non-playable chip (commission change) on the layout"),
}

#: What the house has the dealer do about one.
RESPONSE_LABELS = {
    Response.REFUSE: N_("refuse the bet"),
    Response.RETURN: N_("return it"),
    Response.FLOOR: N_("call the floor"),
    Response.ALLOW: N_("let it play"),
}


def moment(when: Moment) -> str:
    """When a moment is: "at no more bets"."""
    return _(MOMENTS[when])


def moment_heading(when: Moment) -> str:
    """The moment in a few words: "No more bets"."""
    return _(HEADINGS[when])


def finding(found: Finding | None) -> str:
    """A moment's answer on one line: "Seat 3 Banker: past posting: refuse the bet"; None:
    nothing to stop."""
    if found is None:
        return _("Nothing to stop: every bet plays")
    violation, response = _(VIOLATION_SHORT[found.violation]), _(RESPONSE_LABELS[found.response])
    if found.seat is None:
        return _("The table: {violation}: {response}").format(
            violation=violation, response=response
        )
    if found.bet is None:
        return _("Seat {seat}: {violation}: {response}").format(
            seat=found.seat, violation=violation, response=response
        )
    return _("Seat {seat} {bet}: {violation}: {response}").format(
        seat=found.seat, bet=bet_name(found.bet), violation=violation, response=response
    )


def _item(item: Item) -> str:
    if item.what == "cash":
        text = _("seat {seat}: a {amount} banknote on the {bet} spot")
    else:
        text = _("seat {seat}: a {amount} commission change chip on the {bet} spot")
    return text.format(seat=item.seat, amount=money(item.value), bet=bet_name(item.bet))


def _change(seat: int, bet: Bet, old: Decimal, new: Decimal) -> str:
    name = bet_name(bet)
    if not old:
        return _("seat {seat} puts {amount} on {bet}").format(
            seat=seat, amount=money(new), bet=name
        )
    if not new:
        return _("seat {seat} takes back its {bet} {amount}").format(
            seat=seat, amount=money(old), bet=name
        )
    if new > old:
        return _("seat {seat} adds {amount} to its {bet} bet").format(
            seat=seat, amount=money(new - old), bet=name
        )
    return _("seat {seat} takes {amount} off its {bet} bet").format(
        seat=seat, amount=money(old - new), bet=name
    )


def scene_events(scene: Scene) -> list[str]:
    """What is on the layout besides the bets and what players did at the moment."""
    out = [f"  {_item(item)}" for item in scene.items]
    out.append(_("Then, {moment}:").format(moment=moment(scene.moment)))
    changes = [f"  {_change(*c)}" for c in scene.changes()]
    return out + (changes or ["  " + _("no player touches a bet")])


def watch_reason(found: Finding | None, when: Moment, house: House) -> str:
    """Why a moment's answer is right, as the house has it."""
    if found is None:
        return _(
            "Every bet is within {house}'s rules {moment}: stopping a legal bet stops the game "
            "for nothing"
        ).format(house=house.name, moment=moment(when))
    return _("{violation} is caught {moment}; {house} has the dealer {response}").format(
        violation=capital(_(VIOLATION_LABELS[found.violation])),
        moment=moment(found.violation.moment),
        house=house.name,
        response=_(RESPONSE_LABELS[found.response]),
    )


def violation(kind: Violation) -> str:
    """A violation in a few words: "past posting"."""
    return _(VIOLATION_SHORT[kind])


def watched(scenes: Sequence[Scene], house: House) -> tuple[str, ...]:
    """Each violation of ``scenes`` as the house has it answered, a line each ("The first
    card is out of the shoe: Seat 4 Player: past posting: refuse the bet")."""
    return tuple(
        _("{moment}: {finding}").format(moment=moment_heading(s.moment), finding=finding(f))
        for s in scenes
        for f in judge(s, house)
    )


#: A violation as its skill and the house summary name it: its key's words ("past posting",
#: "side without base"), shorter than ``VIOLATION_SHORT``.
SHORT_NAMES = {
    Violation.PAST_POSTING: N_("past posting"),
    Violation.PRESSING: N_("pressing"),
    Violation.WITHDRAWN: N_("withdrawn"),
    Violation.PINCHING: N_("pinching"),
    Violation.SIDE_WITHOUT_BASE: N_("side without base"),
    Violation.SIDE_OVER_BASE: N_("side over base"),
    Violation.BOTH_SIDES: N_("both sides"),
    Violation.UNDER_MIN: N_("under min"),
    Violation.OVER_MAX: N_("over max"),
    Violation.DIFFERENTIAL: N_("differential"),
    Violation.CASH: N_("cash"),
    Violation.NON_PLAYABLE: N_("non playable chips"),
}
