"""`ezbac analyze`: the exact odds and house edges of EZ Baccarat under a paytable.

The numbers come from the engine's exact enumeration, so they are the published ones to
the last digit; the paytable flags let a house check what its own pays do to the edges.
"""

from __future__ import annotations

import argparse
import textwrap
from decimal import Decimal, localcontext
from fractions import Fraction

from trainer.cli import COMMANDS
from trainer.cli.options import add_pays_arguments, deck_count, paytable_from
from trainer.engine.analysis import EVENTS, Analysis, analyze
from trainer.engine.money import dumps_exact, format_amount
from trainer.engine.settlement import Bet

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

def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "analyze",
        help=COMMANDS["analyze"],
        description=textwrap.fill(
            "Exact analysis of EZ Baccarat: every ordered sequence of the first six cards of "
            "a full shoe (416·415·414·413·412·411 for 8 decks, the convention of the "
            "published analyses), with each event's count and probability and each bet's "
            "house edge (expected loss per unit wagered, pushes counted as resolved bets)."
        ),
        epilog=(
            "examples:\n"
            "  ezbac analyze                     8 decks, standard pays\n"
            "  ezbac analyze --decks 6\n"
            "  ezbac analyze --dragon7-pays 30   what a 30 to 1 Dragon 7 does to its edge\n"
            "  ezbac analyze --json              machine-readable, exact integer counts"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--decks",
        type=deck_count,
        default=8,
        metavar="N",
        help="decks in the shoe: 8 (default) or 6",
    )
    add_pays_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    result = analyze(args.decks, paytable_from(args))
    print(to_json(result) if args.json else render(result))
    return 0


def exact_decimal(value: Fraction, digits: int = JSON_DIGITS) -> Decimal:
    """A fraction as a Decimal rounded to ``digits`` significant digits."""
    with localcontext() as ctx:
        ctx.prec = digits
        return Decimal(value.numerator) / Decimal(value.denominator)


def to_json(result: Analysis) -> str:
    events = result.events
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
                }
                for bet in Bet
            },
        }
    )


def _percent(value: Fraction, places: int) -> str:
    with localcontext() as ctx:
        ctx.prec = 40
        pct = Decimal(value.numerator) * 100 / Decimal(value.denominator)
    return f"{pct.quantize(Decimal(1).scaleb(-places)):.{places}f} %"


def render(result: Analysis) -> str:
    count_width = len(f"{result.sequences:,}")
    lines = [
        f"EZ Baccarat, {result.decks} decks: {result.sequences:,} ordered six-card sequences",
        "",
        f"{'event':<13} {'sequences':>{count_width}}  {'probability':>11}",
    ]
    for event in EVENTS:
        count = result.events[event]
        note = _EVENT_NOTES.get(event, "")
        lines.append(
            f"{_EVENT_LABELS[event]:<13} {count:>{count_width},}  "
            f"{_percent(result.probability(event), 4):>11}"
            + (f"  ({note})" if note else "")
        )
    lines += ["", f"{'bet':<13} {'pays':>9}  {'house edge':>10}"]
    for bet in Bet:
        pays = f"{format_amount(result.paytable.odds(bet))} to 1"
        note = "  (pushes on a Dragon 7)" if bet is Bet.BANKER else ""
        lines.append(
            f"{bet.label:<13} {pays:>9}  {_percent(result.house_edge(bet), 4):>10}{note}"
        )
    lines += [
        "",
        "house edge: expected loss per unit wagered, pushes counted as resolved bets",
    ]
    return "\n".join(lines)
