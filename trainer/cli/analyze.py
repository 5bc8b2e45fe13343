"""`ezbac analyze`: the exact odds and house edges of EZ Baccarat under a paytable.

The numbers come from the engine's exact enumeration, so they are the published ones to
the last digit; the paytable flags let a house check what its own pays do to the edges.
"""

from __future__ import annotations

import argparse
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import TYPE_CHECKING

from trainer.cli.common import COMMANDS
from trainer.cli.options import add_house_argument, add_pays_arguments, deck_count, house_of_args
from trainer.cli.output import fill
from trainer.engine.analysis import EVENTS, Analysis, analyze
from trainer.engine.house import House
from trainer.engine.money import dumps_exact, format_amount
from trainer.i18n import N_, _

if TYPE_CHECKING:
    from trainer.cli.parser import Parser

#: Significant digits of the house edges and probabilities written by --json.
JSON_DIGITS = 12

_EVENT_LABELS = {
    "player": N_("Player wins"),
    "banker": N_("Banker wins"),
    "tie": N_("Tie"),
    "dragon7": N_("Dragon 7"),
    "panda8": N_("Panda 8"),
}
_EVENT_NOTES = {
    "player": N_("Panda 8 included"),
    "banker": N_("Dragon 7 included"),
}


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "analyze",
        help=_(COMMANDS["analyze"]),
        description=fill(
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
    """The analysis in the language spoken; the columns held for wide characters."""
    from trainer.cli.output import columns, pad
    from trainer.words.said import say

    count_width = len(f"{result.sequences:,}")
    house = result.house
    events = [_(_EVENT_LABELS[e]) for e in EVENTS]
    bets = [say(b.label) for b in house.bets]
    label_width = max([13, *(columns(x) for x in (*events, *bets))])
    lines = [
        _("{title}, {decks} decks: {count} ordered six-card sequences (house {id})").format(
            title=house.rules.title, decks=result.decks, count=f"{result.sequences:,}", id=house.id
        ),
        "",
        " ".join(
            [
                pad(_("event"), label_width),
                pad(_("sequences"), count_width, ">"),
                " " + pad(_("probability"), 11, ">"),
            ]
        ),
    ]
    for event, label in zip(EVENTS, events, strict=True):
        count = result.events[event]
        note = _EVENT_NOTES.get(event, "")
        lines.append(
            f"{pad(label, label_width)} {count:>{count_width},}  "
            f"{_percent(result.probability(event), 4):>11}" + (f"  ({_(note)})" if note else "")
        )
    lines += [
        "",
        " ".join(
            [
                pad(_("bet"), label_width),
                pad(_("pays"), 9, ">"),
                " " + pad(_("house edge"), 10, ">"),
            ]
        ),
    ]
    for bet, label in zip(house.bets, bets, strict=True):
        pays = _pays_words(house.pays(bet))
        pushes = house.pushes(bet)
        note = ""
        if pushes:
            on = " or ".join(o.label for o in pushes)  # the English, to find its words
            if len(pushes) == 2:
                on = _("{first} or {second}").format(
                    first=say(pushes[0].label), second=say(pushes[1].label)
                )
            else:
                on = say(on)
            note = "  " + _("(pushes on a {outcomes})").format(outcomes=on)
        if (c := house.commission_on(bet)) is not None:
            note = "  " + _("(even money less {percent} commission)").format(percent=c.percent)
        lines.append(
            f"{pad(label, label_width)} {pad(pays, 9, '>')}  "
            f"{_percent(result.house_edge(bet), 4):>10}{note}"
        )
    lines += [
        "",
        _("house edge: expected loss per unit wagered, pushes counted as resolved bets"),
    ]
    if house.commission is not None:
        lines.append(
            _(
                "commission at its nominal {percent}; the house's rounding ({rounding}) adds "
                "to it on odd amounts"
            ).format(
                percent=house.commission.percent, rounding=say(house.commission.rounding.label)
            )
        )
    if house.fee is not None:
        lines += [
            _("the seated players bank the game: these edges are between bettor and bank;"),
            _("the house takes a collection fee per wager instead:"),
        ]
        lines += [f"  {line}" for line in _fee_lines(house)]
    return "\n".join(lines)


def _pays_words(pays: str) -> str:
    """'8 to 1', '19 to 20' (``House.pays``) in the language spoken."""
    won, to, staked = pays.partition(" to ")
    return _("{won} to {staked}").format(won=won, staked=staked) if to else pays


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
            _("{share} of {wager}").format(
                share=_percent(Fraction(step.amount) / Fraction(w), 2), wager=format_amount(w)
            )
            for w in dict.fromkeys((low, high))
        )
        where = (
            _("up to {amount}").format(amount=format_amount(high))
            if step.up_to is not None
            else _("above {amount}").format(amount=format_amount(low - Decimal("0.01")))
        )
        out.append(
            _("{where}: fee {amount} ({share})").format(
                where=where, amount=format_amount(step.amount), share=share
            )
        )
        low = high + Decimal("0.01")
    return out
