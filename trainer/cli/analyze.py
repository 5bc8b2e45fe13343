"""`ezbac analyze`: the exact odds and house edges of EZ Baccarat under a paytable.

The numbers come from the engine's exact enumeration, so they are the published ones to
the last digit; the paytable flags let a house check what its own pays do to the edges.
"""

from __future__ import annotations

import argparse
import textwrap
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import TYPE_CHECKING

from trainer.cli.common import COMMANDS
from trainer.cli.options import add_house_argument, add_pays_arguments, deck_count, house_of_args
from trainer.engine.analysis import EVENTS, Analysis, analyze
from trainer.engine.house import House
from trainer.engine.money import dumps_exact, format_amount
from trainer.i18n import _

if TYPE_CHECKING:
    from trainer.cli.parser import Parser

#: Significant digits of the house edges and probabilities written by --json.
JSON_DIGITS = 12

_EVENT_LABELS = {
    "player": "Player wins",
    "banker": "Banker wins",
    "tie": "Tie",
    "dragon7": "Dragon 7",
    "panda8": "Panda 8",
}
_EVENT_NOTES = {
    "player": "Panda 8 included",
    "banker": "Dragon 7 included",
}


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "analyze",
        help=_(COMMANDS["analyze"]),
        description=textwrap.fill(
            _(
                "Exact analysis of EZ Baccarat: every ordered sequence of the first six cards of "
                "a full shoe (416·415·414·413·412·411 for 8 decks, the convention of the "
                "published analyses), with each event's count and probability and each bet's "
                "house edge (expected loss per unit wagered, pushes counted as resolved bets)."
            )
        ),
        epilog=(
            _(
                "examples:\n"
                "  ezbac analyze                     8 decks, standard pays\n"
                "  ezbac analyze --decks 6\n"
                "  ezbac analyze --dragon7-pays 30   what a 30 to 1 Dragon 7 does to its edge\n"
                "  ezbac analyze --house commission  classic baccarat, Banker paying 19 to 20\n"
                "  ezbac analyze --json              machine-readable, exact integer counts"
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--decks",
        type=deck_count,
        default=None,
        metavar="N",
        help=_("decks in the shoe: 8 or 6 (default: the house's, 8 for ez)"),
    )
    add_pays_arguments(parser)
    add_house_argument(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    result = analyze(house=house_of_args(args))
    print(to_json(result) if args.json else render(result))
    return 0


def exact_decimal(value: Fraction, digits: int = JSON_DIGITS) -> Decimal:
    """A fraction as a Decimal rounded to ``digits`` significant digits."""
    with localcontext() as ctx:
        ctx.prec = digits
        return Decimal(value.numerator) / Decimal(value.denominator)


def to_json(result: Analysis) -> str:
    events = result.events
    house = result.house
    return dumps_exact(
        {
            "decks": result.decks,
            "sequences": result.sequences,
            "events": events,
            "probabilities": {e: exact_decimal(result.probability(e)) for e in EVENTS},
            "bets": {
                bet.value: {
                    "pays": result.paytable.odds(bet),
                    "house_edge": exact_decimal(result.house_edge(bet)),
                    **(
                        {"commission": c.rate}
                        if (c := house.commission_on(bet)) is not None
                        else {}
                    ),
                }
                for bet in house.bets
            },
            "house": house.id,
            "game": house.game.value,
        }
    )


def _percent(value: Fraction, places: int) -> str:
    with localcontext() as ctx:
        ctx.prec = 40
        pct = Decimal(value.numerator) * 100 / Decimal(value.denominator)
    return f"{pct.quantize(Decimal(1).scaleb(-places)):.{places}f} %"


def render(result: Analysis) -> str:
    count_width = len(f"{result.sequences:,}")
    house = result.house
    lines = [
        f"{house.rules.title}, {result.decks} decks: {result.sequences:,} ordered six-card "
        f"sequences (house {house.id})",
        "",
        f"{'event':<13} {'sequences':>{count_width}}  {'probability':>11}",
    ]
    for event in EVENTS:
        count = result.events[event]
        note = _EVENT_NOTES.get(event, "")
        lines.append(
            f"{_EVENT_LABELS[event]:<13} {count:>{count_width},}  "
            f"{_percent(result.probability(event), 4):>11}" + (f"  ({note})" if note else "")
        )
    lines += ["", f"{'bet':<13} {'pays':>9}  {'house edge':>10}"]
    for bet in house.bets:
        pays = house.pays(bet)
        pushes = house.pushes(bet)
        note = "  (pushes on a " + " or ".join(o.label for o in pushes) + ")" if pushes else ""
        if (c := house.commission_on(bet)) is not None:
            note = f"  (even money less {c.percent} commission)"
        lines.append(f"{bet.label:<13} {pays:>9}  {_percent(result.house_edge(bet), 4):>10}{note}")
    lines += [
        "",
        "house edge: expected loss per unit wagered, pushes counted as resolved bets",
    ]
    if house.commission is not None:
        lines.append(
            f"commission at its nominal {house.commission.percent}; the house's rounding "
            f"({house.commission.rounding.label}) adds to it on odd amounts"
        )
    if house.fee is not None:
        lines += [
            "the seated players bank the game: these edges are between bettor and bank;",
            "the house takes a collection fee per wager instead:",
        ]
        lines += [f"  {line}" for line in _fee_lines(house)]
    return "\n".join(lines)


def _fee_lines(house: House) -> list[str]:
    """Each step of the fee schedule and what it costs as a share of its largest and
    smallest wager (the table's limits bound the open-ended step)."""
    assert house.fee is not None
    out, low = (
        [],
        house.limits.side_min
        if any(b.value in ("dragon7", "panda8") for b in house.bets)
        else house.limits.minimum,
    )
    for step in house.fee.steps:
        high = (
            step.up_to
            if step.up_to is not None
            else max(house.limits.maximum, house.limits.side_max)
        )
        share = ", ".join(
            f"{_percent(Fraction(step.amount) / Fraction(w), 2)} of {format_amount(w)}"
            for w in dict.fromkeys((low, high))
        )
        where = (
            f"up to {format_amount(high)}"
            if step.up_to is not None
            else (f"above {format_amount(low - Decimal('0.01'))}")
        )
        out.append(f"{where}: fee {format_amount(step.amount)} ({share})")
        low = high + Decimal("0.01")
    return out
