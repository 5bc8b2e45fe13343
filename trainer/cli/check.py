"""`ezbac check`: the procedure for one coup, step by step, as a dealer follows it.

It is the engine's verdict in words, so a dealer (or a drill author) can settle an argument
about a coup from the command line.  Only the engine is imported: no Textual, no YAML.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from trainer.cli import COMMANDS, UsageError
from trainer.cli.options import add_house_argument, add_pays_arguments, house_from
from trainer.engine.cards import Card, parse_cards
from trainer.engine.coup import Coup
from trainer.engine.errors import EngineError, quote
from trainer.engine.house import House
from trainer.engine.money import dumps_exact, format_amount, parse_amount
from trainer.engine.settlement import Bet, Settlement, settle

STDIN = "-"
EXIT_BAD_LINES = 1


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "check",
        help=COMMANDS["check"],
        description=textwrap.fill(
            "Deal one coup from the cards given in shoe order (Player, Banker, Player, "
            "Banker, then third cards as the rules call for them) and print the procedure "
            "a dealer follows: each hand and its total, natural or not, who draws or stands "
            "and why, the result and, with --bet, what each bet is paid. Cards are rank "
            "(A 2-9 T J Q K, or 10) then suit (s h d c or ♠ ♥ ♦ ♣), separated by spaces or "
            "commas, in any case."
        ),
        epilog=(
            "examples:\n"
            "  ezbac check 4h 3s 2d Kc 8h\n"
            "  ezbac check 4h,3s,2d,Kc,8h --bet dragon7=15 --bet banker=2.50\n"
            "  ezbac check --json 9s 2h Kd 5c\n"
            "  ezbac check --house commission Kh 3s 6d 2c 2h --bet banker=20\n"
            "  printf '4h 3s 2d Kc 8h\\n9s 2h Kd 5c\\n' | ezbac check --json -\n"
            "\n"
            "With '-' the coups are read from standard input, one per line; with --json each\n"
            "line gives one JSON object, a bad line {\"line\": n, \"error\": ...}, and the exit\n"
            "status is 1 if any line was bad."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "cards",
        nargs="*",
        metavar="CARD",
        help="the coup's cards in shoe order, or '-' to read coups from standard input",
    )
    parser.add_argument(
        "--bet",
        action="append",
        default=[],
        metavar="NAME=AMOUNT",
        help="settle a wager (repeatable); NAME is player, banker, tie, dragon7 or panda8",
    )
    add_pays_arguments(parser)
    add_house_argument(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object per coup")
    parser.set_defaults(handler=run)
    parser.intermixed = True


def parse_bets(specs: Sequence[str]) -> dict[Bet, Decimal]:
    """'dragon7=15' items to wagers; a bad or repeated item is a UsageError naming it."""
    wagers: dict[Bet, Decimal] = {}
    for spec in specs:
        name, sep, amount = spec.partition("=")
        if not sep:
            raise UsageError(f"--bet {quote(spec)}: write NAME=AMOUNT, e.g. --bet dragon7=15")
        try:
            bet = Bet.parse(name)
            wager = parse_amount(amount)
        except EngineError as exc:
            raise UsageError(f"--bet {quote(spec)}: {exc}") from None
        if bet in wagers:
            raise UsageError(f"--bet {quote(spec)}: a {bet.value} bet was already given")
        wagers[bet] = wager
    return wagers


def deal(cards: Sequence[Card]) -> Coup:
    if not cards:
        raise MissingCards()
    return Coup.from_cards(cards)


class MissingCards(EngineError):
    def __init__(self) -> None:
        super().__init__(
            "no cards given: write the coup's cards in shoe order, e.g. 4h 3s 2d Kc 8h"
        )


def run(args: argparse.Namespace) -> int:
    wagers = parse_bets(args.bet)
    house = house_from(args)
    shown = house if args.house else None
    if STDIN in args.cards:
        if args.cards != [STDIN]:
            raise UsageError("'-' (read coups from standard input) must be the only CARD")
        return run_lines(sys.stdin, wagers, house, as_json=args.json, shown=shown)
    try:
        coup = deal(parse_cards(args.cards))
    except EngineError as exc:
        raise UsageError(str(exc)) from None
    bets = settle_wagers(coup, wagers, house)
    print(dumps_exact(to_json(coup, bets, shown)) if args.json else render(coup, bets, shown))
    return 0


def settle_wagers(coup: Coup, wagers: dict[Bet, Decimal], house: House) -> dict[Bet, Settlement]:
    """The wagers settled under the house; a fee schedule that does not reach a wager is a
    UsageError (the house sets no fee for it)."""
    try:
        return settle(coup.outcome, wagers, house)
    except EngineError as exc:
        raise UsageError(f"--house {house.id}: {exc}") from None


def run_lines(
    lines: Iterable[str],
    wagers: dict[Bet, Decimal],
    house: House,
    *,
    as_json: bool,
    shown: House | None = None,
) -> int:
    """One coup per line, in order; a bad line is reported and the run goes on."""
    status, first = 0, True
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            coup = deal(parse_cards(line))
        except EngineError as exc:
            status = EXIT_BAD_LINES
            if as_json:
                print(dumps_exact({"line": number, "error": str(exc)}), flush=True)
            else:
                print(f"ezbac: error: line {number}: {exc}", file=sys.stderr, flush=True)
            continue
        bets = settle_wagers(coup, wagers, house)
        if as_json:
            print(dumps_exact(to_json(coup, bets, shown)), flush=True)
        else:
            text = render(coup, bets, shown)
            print(("" if first else "\n") + f"line {number}\n" + text, flush=True)
            first = False
    return status


def to_json(
    coup: Coup, bets: dict[Bet, Settlement], house: House | None = None
) -> dict[str, Any]:
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
        if bets:
            out["limits"] = house.limit_problems({b: s.wager for b, s in bets.items()})
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
    house, its name first and, after the bets, anything its limits forbid."""
    p, b = coup.player, coup.banker
    steps = [
        f"Player: {_cards(p.cards[:2])}, total {p.two_card_total}",
        f"Banker: {_cards(b.cards[:2])}, total {b.two_card_total}",
    ]
    if coup.natural:
        steps.append(f"Natural: {coup.rules[0]}")
    else:
        steps.append("No natural: neither hand has 8 or 9 on two cards")
        player_rule, banker_rule = coup.rules[0], coup.rules[1]
        if coup.player_draws:
            player_rule += f"; third card {p.cards[2]}, Player total {p.total}"
        steps.append(player_rule)
        if coup.banker_draws:
            banker_rule += f"; third card {b.cards[2]}, Banker total {b.total}"
        steps.append(banker_rule)
    steps.append(f"Result: {_rules(coup, house)[-1]}")
    lines = [f"{n}. {text}" for n, text in enumerate(steps, start=1)]
    if house is not None:
        lines.insert(0, f"House: {house.id}: {house.summary[0]}")
    lines.append(
        f"Final: Player {_cards(p.cards)} = {p.total}; Banker {_cards(b.cards)} = {b.total}"
    )
    if coup.unused:
        used = len(coup.cards)
        lines.append(f"Unused: {_cards(coup.unused)} (the coup used {used} cards)")
    if bets:
        lines.append("Bets:")
        for s in bets.values():
            paid = f"paid {format_amount(s.paid)}" if s.paid else "paid 0"
            lines.append(
                f"  {s.bet.label} {format_amount(s.wager)}: {s.result.value}, {paid}. {s.reason}"
            )
        if house is not None:
            wagers = {b: s.wager for b, s in bets.items()}
            lines += [f"House limit: {p}" for p in house.limit_problems(wagers)]
    return "\n".join(lines)
