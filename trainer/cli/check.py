"""`ezbac check`: the procedure for one coup, step by step, as a dealer follows it.

It is the engine's verdict in words, so a dealer (or a drill author) can settle an argument
about a coup from the command line.  With ``--seat`` it works a whole table: the engine's
``settle_table`` (take, push, pay in chips, commission or fee) in the house's order.  Only
the engine is imported: no Textual, no YAML (a house file is read only for ``--house``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from trainer.cli.common import COMMANDS, UsageError, capped_lines, error_line, in_english, quote
from trainer.cli.options import (
    add_house_argument,
    add_pays_arguments,
    house_of_args,
    split_bets,
    worded,
)
from trainer.cli.output import fill
from trainer.engine.cards import Card, parse_cards
from trainer.engine.coup import Coup
from trainer.engine.errors import EngineError
from trainer.engine.house import House, settle
from trainer.engine.money import Amount, ascii_int, dumps_exact, parse_amount
from trainer.engine.settlement import Bet, BetResult, Settlement
from trainer.engine.table import (
    BoxCommission,
    CollectFee,
    Layout,
    LayoutError,
    Pay,
    Push,
    Seat,
    Step,
    TableProcedure,
    Take,
    TakeCommission,
    settle_table,
)
from trainer.i18n import N_, _
from trainer.words.said import say

if TYPE_CHECKING:
    from trainer.cli.parser import Parser

STDIN = "-"
EXIT_BAD_LINES = 1


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "check",
        help=_(COMMANDS["check"]),
        description=fill(
            _(
                "Deal one coup from the cards given in shoe order (Player, Banker, Player, "
                "Banker, then third cards as the rules call for them) and print the procedure "
                "a dealer follows: each hand and its total, natural or not, who draws or stands "
                "and why, the result and, with --bet, what each bet is paid. Cards are rank "
                "(A 2-9 T J Q K, or 10) then suit (s h d c or ♠ ♥ ♦ ♣), separated by spaces or "
                "commas, in any case."
            )
        ),
        epilog=(
            _("examples:") + "\n"
            "  ezbac check 4h 3s 2d Kc 8h\n"
            "  ezbac check 4h,3s,2d,Kc,8h --bet dragon7=15 --bet banker=2.50\n"
            "  ezbac check --json 9s 2h Kd 5c\n"
            "  ezbac check --house commission Kh 3s 6d 2c 2h --bet banker=20\n"
            "  ezbac check Ks 2h As 2c 5d 3c --seat 1:banker=25,dragon7=10 --seat 4:player=100\n"
            "  printf '4h 3s 2d Kc 8h\\n9s 2h Kd 5c\\n' | ezbac check --json -\n"
            "  printf '4h 3s 2d Kc 8h | 2:player=10 5:banker=25,tie=5\\n' | ezbac check -\n"
            "\n"
            + _(
                "With --seat the whole table is settled in the house's order: losing bets taken,\n"
                "pushes left, winners paid in the house's chips (and commission or fees where the\n"
                "game has them). A seat is N:BET=AMOUNT[,BET=AMOUNT...], seats 1 to the house's.\n"
                "\n"
                "With '-' the coups are read from standard input, one per line; a line may end in\n"
                "'| SEAT SEAT ...' (seats as for --seat, separated by spaces) for its own table,\n"
                "else --seat's table is settled. With --json each line gives one JSON object, "
                "a bad\n"
                'line {"line": n, "error": ...}, and the exit status is 1 if any line was bad.'
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "cards",
        nargs="*",
        metavar="CARD",
        help=_("the coup's cards in shoe order, or '-' to read coups from standard input"),
    )
    parser.add_argument(
        "--bet",
        action="append",
        default=[],
        metavar="NAME=AMOUNT",
        help=_("settle a wager (repeatable); NAME is player, banker, tie, dragon7 or panda8"),
    )
    parser.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="N:BET=AMOUNT,...",
        help=_(
            "a seat at the table and its bets (repeatable), e.g. 1:banker=25,dragon7=10: "
            "settle the whole table in the house's order, paying in chips"
        ),
    )
    add_pays_arguments(parser)
    add_house_argument(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object per coup"))
    parser.set_defaults(handler=run)
    parser.intermixed = True


def check_limits(wagers: dict[Bet, Decimal], house: House) -> None:
    """The one rule for ``--bet`` and ``--seat``: a bet the house does not offer, or one its
    limits forbid, is a UsageError naming it, never settled as if the table took it."""
    problems = house.limit_problems(wagers)
    if problems:
        raise UsageError(
            _("--bet: {problems} (house {id})").format(
                problems="; ".join(say(p) for p in problems), id=house.id
            )
        )


def parse_bets(specs: Sequence[str]) -> dict[Bet, Decimal]:
    """'dragon7=15' items to wagers; a bad or repeated item is a UsageError naming it."""
    wagers: dict[Bet, Decimal] = {}
    for spec in specs:
        name, sep, amount = spec.partition("=")
        if not sep:
            raise UsageError(
                _("--bet {bet}: write NAME=AMOUNT, e.g. --bet dragon7=15").format(bet=quote(spec))
            )
        try:
            bet = Bet.parse(name)
            wager = parse_amount(amount)
        except EngineError as exc:
            raise UsageError(
                _("--bet {bet}: {problem}").format(bet=quote(spec), problem=worded(exc))
            ) from None
        if bet in wagers:
            raise UsageError(
                _("--bet {bet}: a {name} bet was already given").format(
                    bet=quote(spec), name=bet.value
                )
            )
        wagers[bet] = wager
    return wagers


SEAT_EXAMPLE = N_("write N:BET=AMOUNT[,BET=AMOUNT...], e.g. 1:banker=25,dragon7=10")
#: In a line of standard input, what comes after this is the line's own table.
SEATS_MARK = "|"


class SeatSpecError(EngineError):
    """A seat written wrong, or one the house does not allow; the message starts with the
    seat as written ("'9:player=5': the ez table has seats 1 to 7")."""


def parse_seat(spec: str, house: House) -> Seat:
    """'4:player=100,panda8=5' as a Seat the house allows; SeatSpecError (naming the seat
    and what is wrong with it) otherwise."""
    shown = quote(spec)
    number_text, sep, items = spec.strip().partition(":")
    if not spec.strip():
        raise SeatSpecError(
            _("{seat} is empty: {example}").format(seat=shown, example=_(SEAT_EXAMPLE))
        )
    if not sep:
        raise SeatSpecError(
            _("{seat}: no ':' after the seat number; {example}").format(
                seat=shown, example=_(SEAT_EXAMPLE)
            )
        )
    number = ascii_int(number_text)
    if number is None:
        raise SeatSpecError(
            _("{seat}: {number} is not a seat number (1 to {most})").format(
                seat=shown, number=quote(number_text.strip()), most=house.seats
            )
        )
    if not 1 <= number <= house.seats:
        raise SeatSpecError(
            _("{seat}: the {id} table has seats 1 to {most}").format(
                seat=shown, id=house.id, most=house.seats
            )
        )
    if not items.strip():
        raise SeatSpecError(
            _("{seat} has no bets: {example}").format(seat=shown, example=_(SEAT_EXAMPLE))
        )
    wagers: dict[Bet, Decimal] = {}
    for item in split_bets(items):
        name, eq, amount = item.partition("=")
        if not item.strip():
            raise SeatSpecError(
                _("{seat}: an empty bet between commas; {example}").format(
                    seat=shown, example=_(SEAT_EXAMPLE)
                )
            )
        if not eq:
            raise SeatSpecError(
                _("{seat}: {item} is no BET=AMOUNT; {example}").format(
                    seat=shown, item=quote(item.strip()), example=_(SEAT_EXAMPLE)
                )
            )
        try:
            bet = Bet.parse(name)
            wager = parse_amount(amount)
        except EngineError as exc:
            raise SeatSpecError(
                _("{seat}: {problem}").format(seat=shown, problem=worded(exc))
            ) from None
        if bet in wagers:
            raise SeatSpecError(
                _("{seat}: a {name} bet is given twice").format(seat=shown, name=bet.value)
            )
        wagers[bet] = wager
    problems = house.limit_problems(wagers)
    if problems:
        raise SeatSpecError(
            _("{seat}: {problems} (house {id})").format(
                seat=shown, problems="; ".join(say(p) for p in problems), id=house.id
            )
        )
    try:
        return Seat(number, wagers)
    except LayoutError as exc:  # pragma: no cover - parse_amount checked every wager
        raise SeatSpecError(f"{shown}: {exc}") from None


def parse_layout(specs: Sequence[str], house: House) -> Layout:
    """Seats (``--seat`` values, or the seats of a line of standard input) as a Layout the
    house allows; SeatSpecError for the first seat that is wrong, or given twice."""
    seats: dict[int, str] = {}
    parsed: list[Seat] = []
    for spec in specs:
        seat = parse_seat(spec, house)
        if seat.number in seats:
            raise SeatSpecError(
                _("{seat}: seat {number} is already given ({given})").format(
                    seat=quote(spec), number=seat.number, given=quote(seats[seat.number])
                )
            )
        seats[seat.number] = spec
        parsed.append(seat)
    return Layout(tuple(parsed))


def split_line(line: str) -> tuple[str, list[str] | None]:
    """A line of standard input: its cards, and its own seats (None: no '|' on it)."""
    cards, sep, seats = line.partition(SEATS_MARK)
    if not sep:
        return line, None
    specs = seats.split()
    if not specs:
        raise SeatSpecError(
            _(
                "nothing after '{mark}': give the seats, e.g. "
                "4h 3s 2d Kc 8h | 1:banker=25,dragon7=10 4:player=100"
            ).format(mark=SEATS_MARK)
        )
    return cards, specs


def deal(cards: Sequence[Card]) -> Coup:
    if not cards:
        raise MissingCards()
    return Coup.from_cards(cards)


class MissingCards(EngineError):
    def __init__(self) -> None:
        super().__init__(
            _("no cards given: write the coup's cards in shoe order, e.g. 4h 3s 2d Kc 8h")
        )


def run(args: argparse.Namespace) -> int:
    wagers = parse_bets(args.bet)
    house = house_of_args(args)
    check_limits(wagers, house)
    shown = house if args.house else None
    if args.seat and wagers:
        raise UsageError(
            _("--bet and --seat do not mix: put the bets on a seat (--seat 1:banker=25,dragon7=10)")
        )
    try:
        layout = parse_layout(args.seat, house) if args.seat else None
    except SeatSpecError as exc:
        raise UsageError(f"--seat {worded(exc)}") from None
    if STDIN in args.cards:
        if args.cards != [STDIN]:
            raise UsageError(_("'-' (read coups from standard input) must be the only CARD"))
        return run_lines(
            capped_lines(sys.stdin), wagers, house, as_json=args.json, shown=shown, layout=layout
        )
    try:
        coup = deal(parse_cards(args.cards))
    except EngineError as exc:
        raise UsageError(worded(exc)) from None
    if layout is not None:
        table = work_table(coup, layout, house)
        print(
            dumps_exact(table_json(coup, layout, table, house, shown))
            if args.json
            else render_table(coup, table, house, shown)
        )
        return 0
    bets = settle_wagers(coup, wagers, house)
    print(dumps_exact(to_json(coup, bets, shown)) if args.json else render(coup, bets, shown))
    return 0


def work_table(coup: Coup, layout: Layout, house: House) -> TableProcedure:
    """The engine's procedure for the table (the layout was checked as it was read)."""
    try:
        return settle_table(coup, layout, house)
    except EngineError as exc:  # pragma: no cover - parse_layout checked the layout
        raise UsageError(f"--seat: {worded(exc)}") from None


def settle_wagers(coup: Coup, wagers: dict[Bet, Decimal], house: House) -> dict[Bet, Settlement]:
    """The wagers settled under the house; a fee schedule that does not reach a wager is a
    UsageError (the house sets no fee for it)."""
    try:
        return settle(coup.outcome, wagers, house)
    except EngineError as exc:
        raise UsageError(
            _("--house {id}: {problem}").format(id=house.id, problem=worded(exc))
        ) from None


def run_lines(
    lines: Iterable[str],
    wagers: dict[Bet, Decimal],
    house: House,
    *,
    as_json: bool,
    shown: House | None = None,
    layout: Layout | None = None,
) -> int:
    """One coup per line, in order; a bad line is reported and the run goes on.  A line's
    own seats (after '|') make its table; else ``layout`` (from --seat), if any."""
    status, first = 0, True
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            with in_english(as_json):  # a --json line's error is English: a machine reads it
                cards, specs = split_line(line)
                try:
                    table_layout = parse_layout(specs, house) if specs is not None else layout
                except SeatSpecError as exc:
                    raise SeatSpecError(_("seat {problem}").format(problem=exc)) from None
                if table_layout is not None and wagers:
                    raise SeatSpecError(
                        _("--bet and a line's seats do not mix: put the bets on a seat")
                    )
                coup = deal(parse_cards(cards))
        except EngineError as exc:
            status = EXIT_BAD_LINES
            if as_json:
                print(dumps_exact({"line": number, "error": str(exc)}), flush=True)
            else:
                problem = _("line {number}: {problem}").format(number=number, problem=worded(exc))
                print(error_line(problem), file=sys.stderr, flush=True)
            continue
        if table_layout is not None:
            table = work_table(coup, table_layout, house)
            if as_json:
                print(dumps_exact(table_json(coup, table_layout, table, house, shown)), flush=True)
                continue
            text = render_table(coup, table, house, shown)
        else:
            bets = settle_wagers(coup, wagers, house)
            if as_json:
                print(dumps_exact(to_json(coup, bets, shown)), flush=True)
                continue
            text = render(coup, bets, shown)
        heading = _("line {number}").format(number=number)
        print(("" if first else "\n") + heading + "\n" + text, flush=True)
        first = False
    return status


def to_json(coup: Coup, bets: dict[Bet, Settlement], house: House | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "player": {"cards": [str(c) for c in coup.player.cards], "total": coup.player.total},
        "banker": {"cards": [str(c) for c in coup.banker.cards], "total": coup.banker.total},
        "natural": coup.natural,
        "player_draws": coup.player_draws,
        "banker_draws": coup.banker_draws,
        "outcome": (coup.outcome if house is None else house.named(coup.outcome)).value,
        "rules": _rules(coup, house),
        "unused": [str(c) for c in coup.unused],
    }
    if bets:
        out["bets"] = {bet.value: _bet_json(s, house) for bet, s in bets.items()}
    if house is not None:
        out["house"] = house.id
    return out


def _rules(coup: Coup, house: House | None) -> list[str]:
    """The coup's reasons, the result sentence as the house names it (no Dragon 7 at a
    table without the bet)."""
    rules = list(coup.rules)
    if house is not None:
        rules[-1] = house.result(coup)
    return rules


def _bet_json(s: Settlement, house: House | None) -> dict[str, Any]:
    out: dict[str, Any] = {"result": s.result.value, "paid": s.paid, "wager": s.wager}
    if house is not None and house.commission_on(s.bet) is not None:
        out["commission"] = s.commission
        out["commission_deferred"] = s.commission_deferred
    if house is not None and house.fee is not None:
        out["fee"] = s.fee
    return out


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def render(coup: Coup, bets: dict[Bet, Settlement], house: House | None = None) -> str:
    """The procedure in the order a dealer works it, one numbered step a line; with a
    house, its name first.  (The bets were checked against its limits as they were read.)
    In the language spoken: the engine's rules worded by ``trainer.words.said``."""
    from trainer.i18n import _
    from trainer.words.house import headline
    from trainer.words.settlement import explain

    p, b = coup.player, coup.banker
    steps = [
        _("Player: {cards}, total {total}").format(
            cards=_cards(p.cards[:2]), total=p.two_card_total
        ),
        _("Banker: {cards}, total {total}").format(
            cards=_cards(b.cards[:2]), total=b.two_card_total
        ),
    ]
    if coup.natural:
        steps.append(_("Natural: {rule}").format(rule=say(coup.rules[0])))
    else:
        steps.append(_("No natural: neither hand has 8 or 9 on two cards"))
        player_rule, banker_rule = say(coup.rules[0]), say(coup.rules[1])
        if coup.player_draws:
            player_rule = _("{rule}; third card {card}, Player total {total}").format(
                rule=player_rule, card=p.cards[2], total=p.total
            )
        steps.append(player_rule)
        if coup.banker_draws:
            banker_rule = _("{rule}; third card {card}, Banker total {total}").format(
                rule=banker_rule, card=b.cards[2], total=b.total
            )
        steps.append(banker_rule)
    steps.append(_("Result: {result}").format(result=say(_rules(coup, house)[-1])))
    lines = [f"{n}. {text}" for n, text in enumerate(steps, start=1)]
    if house is not None:
        lines.insert(0, _("House: {id}: {summary}").format(id=house.id, summary=headline(house)))
    lines.append(
        _("Final: Player {player_cards} = {player}; Banker {banker_cards} = {banker}").format(
            player_cards=_cards(p.cards),
            player=p.total,
            banker_cards=_cards(b.cards),
            banker=b.total,
        )
    )
    if coup.unused:
        used = len(coup.cards)
        lines.append(
            _("Unused: {cards} (the coup used {count} cards)").format(
                cards=_cards(coup.unused), count=used
            )
        )
    if bets:
        lines.append(_("Bets:"))
        for s in bets.values():
            lines.append(
                "  "
                + _("{bet} {wager}: {result}, paid {paid}. {reason}").format(
                    bet=say(s.bet.label),
                    wager=_shown(s.wager),
                    result=say(_RESULT_WORDS[s.result]),
                    paid=_shown(s.paid) if s.paid else "0",
                    reason=explain(s),
                )
            )
    return "\n".join(lines)


def _shown(value: Decimal) -> str:
    """An amount as the language writes it (1.234,50 in Vietnamese), as the reasons beside
    it write theirs; ``--json`` keeps the exact values."""
    return say(Amount(value))


#: A bet's result as ``render`` names it (its value, for the catalogue).
_RESULT_WORDS = {
    BetResult.WIN: N_("win"),
    BetResult.LOSE: N_("lose"),
    BetResult.PUSH: N_("push"),
}


# -- a whole table (--seat) -------------------------------------------------------------------

_STEP_NAMES: dict[type, str] = {
    CollectFee: "fee",
    Take: "take",
    Push: "push",
    Pay: "pay",
    TakeCommission: "commission",
    BoxCommission: "commission_box",
}


def _step_json(step: Step, colours: dict[Decimal, str]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "step": _STEP_NAMES[type(step)],
        "seat": step.seat,
        "bet": step.bet.value,
        "amount": step.amount,
    }
    if isinstance(step, Pay):
        out["chips"] = [
            {"value": v, "colour": colours.get(v, ""), "count": n} for v, n in step.chips.chips
        ]
        out["coin"] = step.chips.coin
    return out


def table_json(
    coup: Coup, layout: Layout, table: TableProcedure, house: House, shown: House | None
) -> dict[str, Any]:
    """The coup as ``to_json`` gives it, and ``table``: the house, the seats as given, the
    steps in order (fee, take, push, pay with chips, commission, commission_box) and the
    totals."""
    out = to_json(coup, {}, shown)
    colours = {c.value: c.colour for c in house.chips}
    out["table"] = {
        "house": house.id,
        # as a house file writes it: "fewest", "colour_for_colour" or {"max_each": N}
        "payout_chips": house.payout_chips.style.value
        if house.payout_chips.max_each is None
        else {"max_each": house.payout_chips.max_each},
        "seats": [
            {"seat": s.number, "bets": {b.value: w for b, w in s.bets.items()}}
            for s in layout.seats
        ],
        "steps": [_step_json(step, colours) for step in table.steps],
        "taken": table.taken,
        "paid": table.paid,
        "commission": table.commission,
        "fees": table.fees,
    }
    return out


def render_table(coup: Coup, table: TableProcedure, house: House, shown: House | None) -> str:
    """The coup's procedure, then the table's: each step numbered, in the house's order,
    payouts in its chips; then what was taken and paid (and commission, fees)."""
    from trainer.i18n import _
    from trainer.words.reference import payout_chips, settlement_order

    colours = {c.value: c.colour for c in house.chips}
    lines = [
        render(coup, {}, shown),
        _("Table, house {id}: {order}; payouts in {chips}.").format(
            id=house.id, order=settlement_order(house), chips=payout_chips(house.payout_chips)
        ),
        _("Procedure:"),
    ]
    from trainer.words.table import procedure_lines  # the steps in the language spoken

    said = procedure_lines(table.steps, colours)
    lines += [f"  {n}. {text}" for n, text in enumerate(said, start=1)]
    taken, paid = _shown(table.taken), _shown(table.paid)
    if house.commission is not None:
        totals = _("Taken {taken}, paid {paid}, commission {commission}").format(
            taken=taken, paid=paid, commission=_shown(table.commission)
        )
    else:
        totals = _("Taken {taken}, paid {paid}").format(taken=taken, paid=paid)
    if house.fee is not None:
        totals = _("{totals}, fees {fees}").format(totals=totals, fees=_shown(table.fees))
    lines.append(totals + ".")
    return "\n".join(lines)
