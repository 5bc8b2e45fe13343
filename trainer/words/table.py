"""The table drill's words: its steps, its answers, its mistakes and why, the moments watched
before a table is worked, and the settlement's sentences, in the language spoken.

Below this layer the table session, the engine's procedure, the order rules and the
protection of the game return what happened (a ``Said``, a ``TableMistake`` with its kind
and parameters, a ``Finding``, a ``Scene``, a procedure's steps); this module words them.
Amounts are formatted for display (the language's digit grouping and decimal sign); what a
trainee types is read exactly as always.  The English of each message is what the screens
said before the catalogues, so the English screens are unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

from trainer.engine import Bet, BetResult, Coup, Outcome
from trainer.engine.chip_check import ChipFault
from trainer.engine.house import House
from trainer.engine.order import Done, OutOfOrder
from trainer.engine.pace import PaceVerdict, TableFormat
from trainer.engine.settlement import Settlement
from trainer.engine.table import (
    BoxCommission,
    CollectFee,
    Pay,
    Push,
    RollingCommission,
    Step,
    TableProcedure,
    Take,
    TakeCommission,
)
from trainer.engine.table_rules import Direction
from trainer.engine.violations import Moment, Violation
from trainer.i18n import N_, _, ngettext
from trainer.session.table.results import TableSummary
from trainer.session.table.values import (
    Fault,
    Phase,
    Said,
    SaidKind,
    TableAnswer,
    TableMistake,
)
from trainer.skillkey import SkillKey, SkillKeyError
from trainer.words.layout import bet_name, chips, money, spot
from trainer.words.protection import finding, moment, violation, watch_reason

__all__ = [
    "answer",
    "asked",
    "colours_of",
    "duration",
    "expected",
    "fault_label",
    "headline",
    "mistake",
    "mistakes_count",
    "pace_line",
    "payout_order",
    "phase_label",
    "procedure_lines",
    "reason",
    "result",
    "said",
    "settlement",
    "skill_name",
    "slip",
    "trend",
]

_ZERO = Decimal(0)

# -- phases and faults -----------------------------------------------------------------------

_PHASES = {
    Phase.WATCH: N_("Watch the layout"),
    Phase.TAKE: N_("Take the losing bets"),
    Phase.PAY: N_("Pay the winners in order"),
    Phase.COMMISSION: N_("Commission"),
    Phase.DONE: N_("Table done"),
}


def phase_label(phase: Phase) -> str:
    return _(_PHASES[phase])


_FAULTS = {
    Fault.MISSED_LOSER: N_("losing bet not taken"),
    Fault.TOOK_PUSH: N_("push taken"),
    Fault.TOOK_WINNER: N_("winner taken"),
    Fault.WRONG_AMOUNT: N_("wrong amount"),
    Fault.PAID_PUSH: N_("push paid"),
    Fault.MISSED_WINNER: N_("winner not paid"),
    Fault.WRONG_ORDER: N_("out of order"),
    Fault.CHIPS: N_("chips against the house convention"),
    Fault.WRONG_COMMISSION: N_("wrong commission"),
    Fault.MISSED_VIOLATION: N_("violation let play"),
    Fault.WRONG_RESPONSE: N_("violation answered wrong"),
    Fault.LEGAL_STOPPED: N_("legal bet stopped"),
    Fault.TIMEOUT: N_("time ran out"),
}


def fault_label(fault: Fault) -> str:
    return _(_FAULTS[fault])


# -- the result and the settlement --------------------------------------------------------------

_NO_DRAGON = N_("a Banker three-card 7 that does not win is no Dragon 7")
_NO_PANDA = N_("a Player three-card 8 that does not win is no Panda 8")


def result(house: House, coup: Coup) -> str:
    """The coup's result sentence as the table names it: "Banker wins 7 to 6"."""
    p, b = coup.player, coup.banker
    return outcome_words(
        house.named(coup.outcome), p.total, len(p.cards), b.total, len(b.cards), house.outcomes
    )


def outcome_words(
    outcome: Outcome,
    pf: int,
    p_cards: int,
    bf: int,
    b_cards: int,
    names: Collection[Outcome] = tuple(Outcome),
) -> str:
    dragon = bf == 7 and b_cards == 3 and Outcome.DRAGON7 in names
    panda = pf == 8 and p_cards == 3 and Outcome.PANDA8 in names
    if outcome is Outcome.DRAGON7:
        return _("Banker wins {banker} to {player} with three cards totalling 7: Dragon 7").format(
            banker=bf, player=pf
        )
    if outcome is Outcome.PANDA8:
        return _("Player wins {player} to {banker} with three cards totalling 8: Panda 8").format(
            banker=bf, player=pf
        )
    if outcome is Outcome.TIE:
        text = _("Player {player}, Banker {banker}: Tie").format(banker=bf, player=pf)
    elif outcome is Outcome.BANKER:
        text = _("Banker wins {banker} to {player}").format(banker=bf, player=pf)
    else:
        text = _("Player wins {player} to {banker}").format(banker=bf, player=pf)
    if dragon and outcome is not Outcome.BANKER:
        text += f" ({_(_NO_DRAGON)})"
    elif panda and outcome is not Outcome.PLAYER:
        text += f" ({_(_NO_PANDA)})"
    return text


_LOSES_ON = {
    Outcome.PLAYER: N_("{bet} loses on a Player win: the {wager} is taken"),
    Outcome.BANKER: N_("{bet} loses on a Banker win: the {wager} is taken"),
    Outcome.TIE: N_("{bet} loses on a Tie: the {wager} is taken"),
    Outcome.DRAGON7: N_("{bet} loses on a Dragon 7: the {wager} is taken"),
    Outcome.PANDA8: N_("{bet} loses on a Panda 8: the {wager} is taken"),
}


def settlement(s: Settlement) -> str:
    """The dealer's sentence for one bet settled: 'Dragon 7 pays 40 to 1: 10 × 40 = 400'."""
    name, wager = bet_name(s.bet), money(s.wager)
    fee = "; " + _("collection fee {amount}").format(amount=money(s.fee)) if s.fee else ""
    if s.result is BetResult.PUSH:
        why = (
            _("{bet} pushes on a Dragon 7: the {wager} is returned, nothing paid")
            if s.outcome is Outcome.DRAGON7
            else _("{bet} pushes on a Tie: the {wager} is returned, nothing paid")
        )
        return why.format(bet=name, wager=wager) + fee
    if s.result is BetResult.LOSE:
        return _(_LOSES_ON[s.outcome]).format(bet=name, wager=wager) + fee
    owed = _commission_words(s)
    if s.commission and not s.commission_deferred:
        return (
            _("{bet} pays {odds}: {gross} less {commission} = {paid}").format(
                bet=name,
                odds=_net_odds(s),
                gross=money(s.gross),
                commission=owed,
                paid=money(s.paid),
            )
            + fee
        )
    box = (
        "; " + _("{commission} goes in the seat's commission box").format(commission=owed)
        if s.commission
        else ""
    )
    if s.odds == 1:
        return _("{bet} pays even money: {paid}").format(bet=name, paid=money(s.paid)) + box + fee
    odds, paid = money(s.odds), money(s.paid)
    exact = money(s.wager * s.odds)
    if exact != paid:
        return (
            _("{bet} pays {odds} to 1: {wager} × {odds} = {exact}, paid {paid}").format(
                bet=name, odds=odds, wager=wager, exact=exact, paid=paid
            )
            + box
            + fee
        )
    return (
        _("{bet} pays {odds} to 1: {wager} × {odds} = {paid}").format(
            bet=name, odds=odds, wager=wager, paid=paid
        )
        + box
        + fee
    )


def _net_odds(s: Settlement) -> str:
    if s.odds != 1:
        return _("{odds} to 1 less commission").format(odds=money(s.odds))
    net = Fraction(1 - s.commission_rate)
    return _("{numerator} to {denominator}").format(
        numerator=net.numerator, denominator=net.denominator
    )


def _commission_words(s: Settlement) -> str:
    rate = money(s.commission_rate * 100)
    exact = s.gross * s.commission_rate
    said = _("{rate} % commission {amount}").format(rate=rate, amount=money(s.commission))
    if exact == s.commission:
        return said
    return said + _(" ({rate} % of {gross} is {exact}, rounded by the house's rule)").format(
        rate=rate, gross=money(s.gross), exact=money(exact)
    )


def _direction(house: House) -> str:
    if house.order.direction is Direction.COUNTERCLOCKWISE:
        return _("counter-clockwise from the dealer's right")
    return _("clockwise from the dealer's left")


def payout_order(house: House) -> str:
    """The order the house pays winners in."""
    if house.order.main_before_side:
        seat = _(
            "a seat's main bet before its side bet (two main bets, or two side bets, in "
            "either order)"
        )
    else:
        seat = _("a seat's bets in any order")
    return _("The house pays seat by seat {direction}, {seat}").format(
        direction=_direction(house), seat=seat
    )


def slip(house: House, s: OutOfOrder) -> str:
    """A bet settled too early: what was done, and the rule it broke."""
    first = spot(s.first[0], s.first[1], None)
    done = spot(s.done[0], s.done[1], None)
    if s.done[2] is Done.PAID:
        did = _("paid {bet} before {first}").format(bet=done, first=first)
    else:
        did = _("took {bet} before {first}").format(bet=done, first=first)
    return _("{did}: {rule}").format(did=did, rule=_rule(house, s))


def _rule(house: House, s: OutOfOrder) -> str:
    done, first = s.done, s.first
    if house.order.losers_first and done[2] is Done.PAID and first[2] is Done.TAKEN:
        return _("the house takes every losing bet before paying a winner")
    if done[0] == first[0]:
        return _("a seat's main bet is settled before its side bet")
    if house.order.losers_first and done[2] is Done.TAKEN:
        return _("the house takes the losing bets seat by seat {direction}").format(
            direction=_direction(house)
        )
    return _("the house settles {direction}").format(direction=_direction(house))


def procedure_lines(
    steps: Sequence[Step],
    colours: Mapping[Decimal, str] | None = None,
) -> list[str]:
    """The table worked right, a step a line, in the house's order."""
    out = []
    for s in steps:
        name, amount = bet_name(s.bet), money(s.amount)
        if isinstance(s, CollectFee):
            text = _("seat {seat}: collect the {amount} fee on {bet}")
        elif isinstance(s, Take):
            text = _("seat {seat}: take {bet} {amount}")
        elif isinstance(s, Push):
            text = _("seat {seat}: {bet} {amount} pushes, leave it")
        elif isinstance(s, Pay):
            out.append(
                _("seat {seat}: pay {bet} {amount} in {chips}").format(
                    seat=s.seat,
                    bet=name,
                    amount=amount,
                    chips=chips(s.chips.chips, colours, s.chips.coin),
                )
            )
            continue
        elif isinstance(s, RollingCommission):
            out.append(
                _(
                    "seat {seat}: rolling commission on {bet}: {rate} % of {rolled} in dead "
                    "chips = {amount}"
                ).format(
                    seat=s.seat,
                    bet=name,
                    rate=f"{(s.rate * 100).normalize():f}",
                    rolled=money(s.rolled),
                    amount=amount,
                )
            )
            continue
        elif isinstance(s, TakeCommission):
            text = _("seat {seat}: {amount} commission taken from the {bet} payout")
        else:
            text = _("seat {seat}: {amount} commission on {bet} into the commission box")
        out.append(text.format(seat=s.seat, bet=name, amount=amount))
    return out


# -- answers ----------------------------------------------------------------------------------


def said(value: Said | None, english: str = "") -> str:
    """An answer, given or expected, in words ("take seat 3 Player 50", "pay 400"); the
    English recorded when there is no value (an answer from before values were kept)."""
    if value is None:
        return english
    kind = value.kind
    if kind is SaidKind.TAKE:
        bets = ", ".join(spot(s, b, w) for s, b, w in value.bets)
        return _("take {bets}").format(bets=bets) if bets else _("take nothing")
    if kind is SaidKind.PAY:
        amount = money(value.amount or _ZERO)
        if value.chips:
            given = ", ".join(
                _("{count} x {value}").format(count=n, value=money(v)) for v, n in value.chips
            )
            return _("pay {amount} ({chips})").format(amount=amount, chips=given)
        return _("pay {amount}").format(amount=amount)
    if kind is SaidKind.AMOUNT:
        return money(value.amount or _ZERO)
    if kind is SaidKind.CHIPS:
        if value.amount is not None:  # given: the amount, as the chips were built
            given = ", ".join(
                _("{count} x {value}").format(count=n, value=money(v)) for v, n in value.chips
            )
            return _("{amount} ({chips})").format(amount=money(value.amount), chips=given)
        return chips(value.chips, dict(value.colours), value.coin)  # as the house pays it
    if kind is SaidKind.ORDER:
        paid = ", ".join(spot(s, b, None) for s, b, _w in value.bets) or _("none paid")
        if value.unpaid:
            unpaid = ", ".join(spot(s, b, None) for s, b in value.unpaid)
            return _("{paid}; not paid: {unpaid}").format(paid=paid, unpaid=unpaid)
        return paid
    if kind is SaidKind.OPTION:
        return finding(value.finding)
    return {
        SaidKind.LOSE: _("lose"),
        SaidKind.PUSH: _("push"),
        SaidKind.NOT_PAID: _("not paid"),
        SaidKind.TIMED_OUT: _("timeout"),
    }[kind]


def answer(a: TableAnswer) -> str:
    return said(a.said, a.answer)


def expected(a: TableAnswer) -> str:
    return said(a.due, a.expected)


def asked(a: TableAnswer, *, chips_skill: bool = False) -> str:
    """What an answer is about: "the take", "the order", its bet ("seat 1 Dragon 7 10",
    "... in chips", "... commission"), a moment watched ("the layout at no more bets")."""
    if a.phase is Phase.WATCH:
        if a.moment is None:
            return _("the layout")
        return _("the layout {moment}").format(moment=moment(a.moment))
    if a.seat is None or a.bet is None or a.wager is None:
        if a.said is not None and a.said.kind is SaidKind.ORDER:
            return _("the order")
        if a.due is not None and a.due.kind is SaidKind.ORDER:
            return _("the order")
        return _("the take")
    bet = spot(a.seat, a.bet, a.wager)
    if chips_skill:
        return _("{bet} in chips").format(bet=bet)
    if a.phase is Phase.COMMISSION:
        return _("{bet} commission").format(bet=bet)
    return bet


def mistake(m: TableMistake, house: House) -> str:
    """One mistake in one line: "seat 3 Tie 10 loses: take it"."""
    where = spot(m.seat, m.bet, m.wager) if m.seat is not None and m.bet is not None else ""
    kind = m.kind
    if kind is Fault.MISSED_LOSER:
        return _("{bet} loses: take it").format(bet=where)
    if kind is Fault.TOOK_PUSH:
        return _("{bet} pushes: leave it").format(bet=where)
    if kind is Fault.TOOK_WINNER:
        return _("{bet} wins: pay it, do not take it").format(bet=where)
    if kind is Fault.WRONG_AMOUNT:
        return _("{bet}: paid {given}, the payout is {due}").format(
            bet=where, given=money(m.given or _ZERO), due=money(m.due or _ZERO)
        )
    if kind is Fault.PAID_PUSH:
        if m.expected is not None and m.expected.kind is SaidKind.LOSE:
            return _("{bet} loses: take it, pay nothing").format(bet=where)
        return _("{bet} pushes: leave it, pay nothing").format(bet=where)
    if kind is Fault.MISSED_WINNER:
        return _("{bet} wins {amount}: it was not paid").format(
            bet=where, amount=money(m.due or _ZERO)
        )
    if kind is Fault.WRONG_ORDER:
        if m.slip is not None:
            return slip(house, m.slip)
        return _("{bet} was never paid: the order is not complete").format(bet=where)
    if kind is Fault.CHIPS:
        return _("{bet}: {departure}").format(bet=where, departure=_chip_fault(m, house))
    if kind is Fault.WRONG_COMMISSION:
        return _("{bet}: commission {given}, it is {due}").format(
            bet=where, given=money(m.given or _ZERO), due=money(m.due or _ZERO)
        )
    if kind in (Fault.MISSED_VIOLATION, Fault.WRONG_RESPONSE):
        return finding(m.finding)
    if kind is Fault.LEGAL_STOPPED:
        when = moment(m.moment) if m.moment is not None else ""
        return _("nothing to stop {moment}: every bet plays").format(moment=when)
    return _("time ran out: {answer}").format(answer=said(m.expected, m.text))


_CHIP_FAULTS = {
    ChipFault.TOO_MUCH_COIN: N_("coin where chips could pay: the house pays {chips}"),
    ChipFault.OVER_MAX_EACH: N_("too many of one chip: the house pays {chips}"),
    ChipFault.NOT_COLOUR_FOR_COLOUR: N_("not the wager's colours: pay colour for colour, {chips}"),
}


def _count(n: int) -> str:
    return ngettext("{count} chip", "{count} chips", n).format(count=n)


def _chip_fault(m: TableMistake, house: House) -> str:
    fault = m.chip_faults[0] if m.chip_faults else None
    colours = colours_of(house)
    house_way = chips(m.chips, colours)
    if fault is ChipFault.MORE_CHIPS:  # "1 black (100), 4 green (25) (5 chips) where ..."
        return _("{given} ({given_count}) where {chips} ({count}) would do").format(
            given=chips(m.given_chips, colours),
            given_count=_count(sum(n for _v, n in m.given_chips)),
            chips=house_way,
            count=_count(sum(n for _v, n in m.chips)),
        )
    text = _CHIP_FAULTS.get(fault) if isinstance(fault, ChipFault) else None
    return _(text or N_("not the house's chips: it pays {chips}")).format(chips=house_way)


def reason(a: TableAnswer, house: House, coup: Coup, procedure: TableProcedure) -> str:
    """Why the right answer is right (the take's: the result, each bet taken and each
    push)."""
    if a.said is not None and a.said.kind is SaidKind.TIMED_OUT:
        return _("The table's time limit ran out.")
    if a.phase is Phase.WATCH:
        found = a.due.finding if a.due is not None else None
        return watch_reason(found, a.moment or Moment.BETS, house)
    said_result = result(house, coup)
    if a.seat is None or a.bet is None or a.wager is None:
        if a.due is not None and a.due.kind is SaidKind.ORDER:
            order = ", ".join(spot(s, b, None) for s, b, _w in a.due.bets)
            return _("{rule}: {bets}").format(rule=payout_order(house), bets=order)
        takes = procedure_lines(procedure.of(Take))
        pushes = procedure_lines(procedure.of(Push))
        why = ("; ".join(takes) or _("nothing loses")) + (
            "; " + "; ".join(pushes) if pushes else ""
        )
        return _("{result}. {why}").format(result=said_result, why=why)
    key = (a.seat, a.bet)
    if a.phase is Phase.COMMISSION:
        owed = [
            s
            for s in procedure.steps
            if isinstance(s, (TakeCommission, BoxCommission)) and (s.seat, s.bet) == key
        ]
        return procedure_lines(owed[:1])[0] if owed else a.reason
    if a.due is not None and a.due.kind is SaidKind.CHIPS:
        pays = [p for p in procedure.of(Pay) if (p.seat, p.bet) == key]
        if pays:
            pay = pays[0]
            return _("{amount} in the house's chips: {chips}").format(
                amount=money(pay.amount),
                chips=chips(pay.chips.chips, colours_of(house), pay.chips.coin),
            )
    settled = procedure.settlements.get(key)
    if settled is None:
        return a.reason
    return _("{result}. {why}").format(result=said_result, why=settlement(settled))


def colours_of(house: House) -> Mapping[Decimal, str]:
    return {c.value: c.colour for c in house.chips}


def mistakes_count(n: int) -> str:
    return ngettext("{count} mistake", "{count} mistakes", n).format(count=n)


# -- the results ------------------------------------------------------------------------------

_FORMATS = {
    TableFormat.FULL_SIZE: N_("full-size table"),
    TableFormat.MINI: N_("mini table"),
    TableFormat.SQUEEZE: N_("squeeze game"),
}
_VERDICTS = {PaceVerdict.MET: N_("met"), PaceVerdict.UNDER: N_("under")}


def headline(summary: TableSummary) -> str:
    """The verdict: a pass or not for a run; for a retry, what it is."""
    if summary.retry:
        n = len(summary.tables)
        return ngettext(
            "Retry of {count} missed table: practice", "Retry of {count} missed tables: practice", n
        ).format(count=n)
    return _("✓ PASSED") if summary.passed else _("✗ NOT PASSED")


def trend(summary: TableSummary) -> str:
    """Table times against the target: "62.0 s -> 48.5 s a table (faster), target 60 s: 3
    of 6 within it"."""
    times = summary.table_seconds
    if not times:
        return _("no table worked")
    if len(times) == 1:
        line = _("{seconds} s for the table").format(seconds=f"{times[0]:.1f}")
    else:
        half = len(times) // 2
        first = sum(times[:half]) / half
        second = sum(times[half:]) / (len(times) - half)
        word = _("faster") if second < first else _("slower") if second > first else _("steady")
        line = _("{first} s -> {second} s a table ({trend})").format(
            first=f"{first:.1f}", second=f"{second:.1f}", trend=word
        )
    if summary.target_seconds is not None:
        line += ", " + _("target {seconds} s: {within} of {count} within it").format(
            seconds=f"{summary.target_seconds:g}", within=summary.within_target, count=len(times)
        )
    return line


def pace_line(summary: TableSummary) -> str:
    """The pace against the house's targets for its format: "90 coups an hour (target 80:
    met), 5.0 s a seat settled (target 4.5: under), mini table"."""
    pace, target = summary.pace, summary.pace_target
    coups, seat = pace.coups_an_hour, pace.seconds_a_seat
    if coups is None or seat is None:
        return _("no pace measured")
    tenths = math.ceil(seat * 10)  # never faster than measured
    first = _("{coups} coups an hour").format(coups=math.floor(coups))
    second = _("{seconds} s a seat settled").format(seconds=f"{tenths // 10}.{tenths % 10}")
    c, s = pace.coups_verdict(target), pace.seats_verdict(target)
    if c is not None:
        first += " " + _("(target {target}: {verdict})").format(
            target=target.coups_an_hour, verdict=_(_VERDICTS[c])
        )
    if s is not None:
        second += " " + _("(target {target}: {verdict})").format(
            target=f"{target.seconds_a_seat:f}", verdict=_(_VERDICTS[s])
        )
    return f"{first}, {second}, {_(_FORMATS[summary.table_format])}"


def duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    if minutes:
        return _("{minutes}m {seconds}s").format(minutes=minutes, seconds=f"{secs:02d}")
    return _("{seconds}s").format(seconds=secs)


def skill_name(key: str, english: str) -> str:
    """A table drill's skill in words ("Table: paying Dragon 7"); ``english`` (the skill's
    English name) for a key not worded here."""
    try:
        parsed = SkillKey.parse(key)
    except SkillKeyError:
        return english
    match parsed:
        case SkillKey("table", ("take",)):
            return _("Table: taking the losing bets")
        case SkillKey("table", ("pay", bet)) if bet in {b.value for b in Bet}:
            return _("Table: paying {bet}").format(bet=bet_name(Bet(bet)))
        case SkillKey("table", ("order",)):
            return _("Table: paying in the house's order")
        case SkillKey("table", ("chips",)):
            return _("Table: paying in chips")
        case SkillKey("table", ("commission",)):
            return _("Table: commission")
        case SkillKey("shoe", (what,)) if what in _SHOE_SKILLS:
            return _(_SHOE_SKILLS[what])
        case SkillKey("violation", ("none",)):
            return _("Violations: a legal moment let play")
        case SkillKey("violation", (kind,)) if kind in {v.value for v in Violation}:
            return _("Violations: {violation}").format(violation=violation(Violation(kind)))
    return english


#: A shoe's skills, as a shoe at the table counts them.
_SHOE_SKILLS = {
    "burn": N_("Shoe: the burn"),
    "cut": N_("Shoe: the cut card comes out"),
    "end": N_("Shoe: the last coup"),
    "deal": N_("Shoe: dealing on before the cut card"),
}
