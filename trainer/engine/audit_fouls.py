"""The audit of what happens around the deal: the players' violations as the dealer answered
them (and the bets left in action by those answers), and the irregularities in the deal as
the dealer remedied them, each held to the house's rules.
"""

from __future__ import annotations

from decimal import Decimal

from trainer.engine.audit_bets import (
    did_words,
)
from trainer.engine.dealt import (
    BetAction,
    Dealt,
    Foul,
    Handled,
)
from trainer.engine.deviation import Deviation, DeviationKind
from trainer.engine.house import House
from trainer.engine.irregularities import CONFIRMED
from trainer.engine.money import format_amount
from trainer.engine.said import Said
from trainer.engine.settlement import Bet
from trainer.engine.table import (
    Layout,
)
from trainer.engine.violations import Moment, Response, Violation

_ZERO = Decimal(0)


def _gap_step(dealt: Dealt, cards: int) -> int:
    """The step index a moment with ``cards`` on the table comes before: the next card, or
    the first bet settled once the cards are out (a deviation there sorts with it)."""
    return cards if cards < len(dealt.cards) else dealt.first_bet


def _moment_words(cards: int, moment: Moment | None = None) -> str:
    if moment is Moment.RESULT:
        return Said("after the result")
    if cards == 0:
        return Said("at no more bets") if moment is Moment.BETS else Said("before the first card")
    return Said("after card {number}", number=cards)


#: The violations a seat's bets make by themselves: the audit checks them on the layout.
SEAT_MADE = frozenset(
    {
        Violation.UNDER_MIN,
        Violation.OVER_MAX,
        Violation.SIDE_WITHOUT_BASE,
        Violation.SIDE_OVER_BASE,
        Violation.BOTH_SIDES,
    }
)


#: Violations about something on a spot that is no bet (a banknote, a change chip): it goes
#: back to the player, the bet on the spot plays.
_NO_BET = frozenset({Violation.CASH, Violation.NON_PLAYABLE})


def bets_in_action(
    dealt: Dealt, layout: Layout
) -> tuple[Layout, dict[tuple[int, Bet], Foul], dict[tuple[int, Bet], str]]:
    """The bets in action, those out of it with the violation that took each out, and
    for a bet pressed or pulled what it plays at, in words (for the rule cited).

    The bets keyed are the bets as they stood at no more bets (a late bet: as placed); each
    player's violation on one is applied as the dealer answered it.  A bet refused, returned
    or sent to the floor, placed late or caught at no more bets, does not play (cash or a
    change chip on its spot goes back; the bet plays).  A press
    stopped leaves the bet at its amount before the press, one let play adds to it; a
    withdrawal stopped leaves the bet whole, one let play takes its amount off (all of it:
    out of action).  A pinched bet plays whole whatever the dealer did: the floor has the
    whole original bet taken, and letting the pinch stand is the violation's own deviation."""
    if not dealt.fouls:
        return layout, {}, {}
    wagers = {(s, b): w for s, b, w in layout.bets()}
    keyed = dict(wagers)
    out: dict[tuple[int, Bet], Foul] = {}
    notes: dict[tuple[int, Bet], str] = {}
    for f in dealt.fouls:
        if f.seat is None or f.bet is None or f.wager is None or f.violation in _NO_BET:
            continue
        key = (f.seat, f.bet)
        if key not in wagers or key in out:
            continue
        if f.violation in (Violation.PRESSING, Violation.WITHDRAWN):
            sign = 1 if f.violation is Violation.PRESSING else -1
            wagers[key] += _ZERO if f.response is not None else sign * f.wager
            said = {
                "seat": f.seat,
                "bet": f.bet.label,
                "wager": format_amount(keyed[key]),
                "amount": format_amount(f.wager),
                "how": Said("let play") if f.response is None else _STOPPED_HOW[f.response],
                "plays": format_amount(max(wagers[key], _ZERO)),
            }
            notes[key] = (
                Said(
                    "seat {seat} {bet} {wager} was pressed by {amount} after the first card, "
                    "{how}: it plays at {plays}",
                    **said,
                )
                if sign > 0
                else Said(
                    "seat {seat} {bet} {wager} was pulled back by {amount} after the first card, "
                    "{how}: it plays at {plays}",
                    **said,
                )
            )
        elif f.violation is not Violation.PINCHING and f.response is not None:
            wagers[key] = _ZERO
        if wagers[key] <= 0:
            out[key] = f
    seats: dict[int, dict[Bet, Decimal]] = {}
    for (seat, bet), wager in wagers.items():
        if wager > 0:
            seats.setdefault(seat, {})[bet] = wager
    return Layout.of(seats), out, notes


def at_no_more_bets(dealt: Dealt, layout: Layout) -> list[tuple[Bet, Decimal]]:
    """The table's action at no more bets, for its differential: the bets keyed, less the
    bets placed late and those stopped at no more bets (they do not play)."""
    gone = {
        (f.seat, f.bet)
        for f in dealt.fouls
        if f.violation is Violation.PAST_POSTING
        or (
            f.violation.moment is Moment.BETS
            and f.response is not None
            and f.violation not in _NO_BET
        )
    }
    return [(b, w) for s, b, w in layout.bets() if (s, b) not in gone]


#: How a bet that was pressed or pulled back was stopped, as a note says it.
_STOPPED_HOW = {
    Response.REFUSE: Said("refused"),
    Response.RETURN: Said("returned"),
    Response.FLOOR: Said("sent to the floor"),
}

_STOPPED_WORDS = {
    Response.REFUSE: (
        Said("{bet} {wager} was refused ({violation}): it does not play"),
        Said("leave it out: it was given back"),
    ),
    Response.RETURN: (
        Said("{bet} {wager} was returned ({violation}): it does not play"),
        Said("leave it out: it was given back"),
    ),
    Response.FLOOR: (
        Said("{bet} {wager} was sent to the floor ({violation}): it does not play"),
        Said("leave it out: the floor rules on it"),
    ),
}


def not_in_action_deviation(a: BetAction, f: Foul, step: int) -> Deviation:
    """A bet settled that does not play: refused, returned or sent to the floor, or
    withdrawn in full and let go."""
    bet = Said("seat {seat} {bet}", seat=a.seat, bet=a.bet.label)
    wager = format_amount(f.wager or _ZERO)
    rule: str
    if f.response is None:
        rule = Said(
            "{bet}: {wager} was taken back after the first card and the dealer let it go: "
            "nothing on it plays",
            bet=bet,
            wager=wager,
        )
        right: str = Said("leave it out: it was taken back")
    else:
        template, right = _STOPPED_WORDS[f.response]
        rule = Said(template.template, bet=bet, wager=wager, violation=f.violation.short)
    return Deviation(DeviationKind.NOT_IN_ACTION, step, did_words(a), right, rule)


def _made(f: Foul, house: House, layout: Layout) -> bool:
    """Whether a violation keyed at no more bets is one: the seat's bets on the layout with
    the bet keyed (a refused bet is not on the layout) break the house's limits that way.
    Any other kind is as the supervisor saw it."""
    if f.violation not in SEAT_MADE or f.seat is None or f.bet is None or f.wager is None:
        return True
    wagers = {b: w for s, b, w in layout.bets() if s == f.seat}
    wagers[f.bet] = f.wager
    return any(
        v is f.violation and (bet is f.bet or v is Violation.BOTH_SIDES)
        for v, bet, _ in house.seat_violations(wagers)
    )


def foul_deviations(
    dealt: Dealt, house: House, layout: Layout, table: list[tuple[Bet, Decimal]]
) -> list[Deviation]:
    """Each player's violation the dealer answered other than the house says: let play
    where the house enforces it, answered otherwise, or stopped where the house lets it
    play (or where the bet keyed is within the limits after all); the house's rule
    cited.  The table's differential is held to the action at no more bets (``table``):
    over it with nothing keyed, it was let play."""
    out = []
    over = house.differential_problem(table)
    for f in dealt.fouls:
        right = house.enforces(f.violation)
        if f.violation is Violation.DIFFERENTIAL:
            legal = right is not None and over is None
        else:
            legal = right is not None and not _made(f, house, layout)
        if legal:
            right = None
        if f.response is right:
            continue
        at = Said(
            "{where} ({moment})", where=f.where(), moment=_moment_words(f.cards, f.violation.moment)
        )
        rule: str
        right_text: str
        if right is None:
            why = (
                _within_differential(house, table)
                if legal and f.violation is Violation.DIFFERENTIAL
                else Said("the bet is within this table's limits")
                if legal
                else Said("the house lets it play")
                if house.violation_exists(f.violation)
                else Said("this table's limits do not make it a violation")
            )
            kind, rule, right_text = (
                DeviationKind.LEGAL_BET_STOPPED,
                Said("{house}: {why}", house=house.name, why=why),
                Said("let it play"),
            )
        else:
            kind = (
                DeviationKind.VIOLATION_MISSED
                if f.response is None
                else DeviationKind.VIOLATION_MISHANDLED
            )
            label = over if f.violation is Violation.DIFFERENTIAL and over else f.violation.label
            rule = Said(
                "{house}: {violation}: {response}",
                house=house.name,
                violation=label,
                response=right.label,
            )
            right_text = right.label
        did = Said("let it play") if f.response is None else f.response.label
        out.append(Deviation(kind, _gap_step(dealt, f.cards), did, right_text, rule, at=at))
    response = house.enforces(Violation.DIFFERENTIAL)
    keyed = any(f.violation is Violation.DIFFERENTIAL for f in dealt.fouls)
    if over is not None and response is not None and not keyed:
        at = Said(
            "the table: {violation} ({moment})",
            violation=Violation.DIFFERENTIAL.short,
            moment=Moment.BETS.label,
        )
        rule = Said(
            "{house}: {violation}: {response}",
            house=house.name,
            violation=over,
            response=response.label,
        )
        out.append(
            Deviation(
                DeviationKind.VIOLATION_MISSED, 0, Said("let it play"), response.label, rule, at=at
            )
        )
    return out


def _within_differential(house: House, table: list[tuple[Bet, Decimal]]) -> str:
    """ "the table's action is within its differential: Banker 200, Player 0 (at most
    10,000 apart)"."""
    player = sum((w for b, w in table if b is Bet.PLAYER), _ZERO)
    banker = sum((w for b, w in table if b is Bet.BANKER), _ZERO)
    most = house.limits.differential or _ZERO
    return Said(
        "the table's action is within its differential: Banker {banker}, Player {player} (at "
        "most {most} apart)",
        banker=format_amount(banker),
        player=format_amount(player),
        most=format_amount(most),
    )


def remedy_deviations(dealt: Dealt, house: House) -> list[Deviation]:
    """Each irregularity not remedied as taught at this house: the house's confirmed remedy
    applied, or the floor called where the house has confirmed none."""
    out = []
    for r in dealt.remedies:
        own = house.remedies.get(r.irregularity)
        right = Handled.FLOOR if own is None else Handled.APPLIED
        if r.done is right:
            continue
        rule: str
        right_text: str
        if own is None:
            rule = Said(
                "{house} has confirmed no remedy for {irregularity}: call the floor",
                house=house.name,
                irregularity=r.label,
            )
            right_text = Said("stop, keep everything in place and call the floor")
        elif own == CONFIRMED:
            rule = Said(
                "{house} confirms the standard remedy for {irregularity}",
                house=house.name,
                irregularity=r.label,
            )
            right_text = Said("apply the house's remedy for {irregularity}", irregularity=r.label)
        else:
            rule = Said(
                "{house}'s remedy for {irregularity}", house=house.name, irregularity=r.label
            )
            right_text = own[0].lower() + own[1:]
        did = {
            None: Said("carried on"),
            Handled.FLOOR: Said("called the floor"),
            Handled.APPLIED: Said("applied a remedy the house has not confirmed"),
        }[r.done]
        at = Said("{irregularity} ({moment})", irregularity=r.label, moment=_moment_words(r.cards))
        out.append(
            Deviation(
                DeviationKind.REMEDY_WRONG, _gap_step(dealt, r.cards), did, right_text, rule, at=at
            )
        )
    return out
