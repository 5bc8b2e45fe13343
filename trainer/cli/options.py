"""Options several commands share: the history file, the shoe's deck count, the paytable.

Imported whenever `ezbac` parses its arguments (--db is also a top-level option), so the
engine is imported only inside the functions that need it.
"""

from __future__ import annotations

import argparse
import re
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING

from trainer.cli.common import UsageError, error_joiner
from trainer.i18n import N_, _

if TYPE_CHECKING:
    from trainer.engine import Paytable
    from trainer.engine.house import House

DB_HELP = N_(
    "history database file, or a PostgreSQL server's postgresql://USER@HOST/DB (default: "
    "$EZBAC_DB, else history.sqlite3 in the per-user data folder)"
)

#: The side bets and the Tie, whose pays differ between houses: --tie-pays and so on.
PAYS_BETS = ("tie", "dragon7", "panda8")


def add_db_argument(parser: argparse.ArgumentParser) -> None:
    """The --db option, shared by every command that reads or writes the history.

    Its default is left to the top-level parser (``ezbac --db PATH`` for the home screen),
    so ``ezbac --db X train ...`` is not silently reset by the subcommand.
    """
    parser.add_argument("--db", metavar="PATH|URL", help=_(DB_HELP), default=argparse.SUPPRESS)


def since_from(args: argparse.Namespace) -> datetime | None:
    """``--since`` as a moment, or None; a bad date is a UsageError.  `report` and `class`
    read it alike."""
    from trainer.history.report import BadDateError, parse_since

    if args.since is None:
        return None
    try:
        return parse_since(args.since)
    except BadDateError as exc:
        raise UsageError(worded(exc)) from None


def worded(error: BaseException) -> str:
    """An error's message in the language spoken: what the engine says (a ``Said``) worded
    by ``trainer.words.said``; any other message as it is."""
    message = error.args[0] if len(error.args) == 1 else None
    if isinstance(message, str):
        from trainer.words.said import say

        return say(message)
    return str(error)


def whole_number(text: str, low: int, high: int) -> int:
    """Every count and seed on the command line: ASCII digits within ``low``..``high``
    (the engine's ``ascii_int``), else an ArgumentTypeError that quotes the text
    (shortened) and gives the range."""
    from trainer.cli.common import quote
    from trainer.engine.money import ascii_int

    value = ascii_int(text)
    raw = text.strip()
    if value is None and not (raw.isascii() and raw.isdigit()):
        raise argparse.ArgumentTypeError(
            _("{text} is not a whole number (digits 0-9)").format(text=quote(text))
        )
    if value is None or not low <= value <= high:  # None: thousands of digits
        raise argparse.ArgumentTypeError(
            _("{text} is out of range ({low} to {high})").format(
                text=quote(text), low=f"{low:,}", high=f"{high:,}"
            )
        )
    return value


#: --seed: what random.Random replays exactly everywhere, 0 to 2**63 - 1.
SEED_MAX = 2**63 - 1


def seed_number(text: str) -> int:
    """argparse type for --seed."""
    return whole_number(text, 0, SEED_MAX)


def deck_count(text: str) -> int:
    """argparse type for --decks: 8 or 6, the shoes the rules allow."""
    from trainer.cli.common import quote
    from trainer.engine.shoe import SUPPORTED_DECKS

    decks_allowed = [str(d) for d in sorted(SUPPORTED_DECKS, reverse=True)]
    allowed = decks_allowed[0]
    for other in decks_allowed[1:]:
        allowed = _("{first} or {second}").format(first=allowed, second=other)
    try:
        decks = whole_number(text, 0, max(SUPPORTED_DECKS))
    except argparse.ArgumentTypeError:
        decks = None
    if decks not in SUPPORTED_DECKS:
        raise argparse.ArgumentTypeError(
            _("{text} decks is not supported ({allowed})").format(text=quote(text), allowed=allowed)
        )
    return decks


def positive_odds(text: str) -> Decimal:
    """argparse type for 'pays N to 1': the engine's odds rule (0.01 to 1,000, two decimals)."""
    from trainer.engine.errors import EngineError
    from trainer.engine.money import parse_odds

    try:
        return parse_odds(text)
    except EngineError as exc:
        raise argparse.ArgumentTypeError(worded(exc)) from None


def add_pays_arguments(parser: argparse.ArgumentParser) -> None:
    """--tie-pays, --dragon7-pays, --panda8-pays N (to 1), for `check` and `analyze`."""
    from trainer.engine import DEFAULT_PAYTABLE, Bet, format_amount

    for name in PAYS_BETS:
        bet = Bet(name)
        parser.add_argument(
            f"--{name}-pays",
            type=positive_odds,
            metavar="N",
            dest=f"{name}_pays",
            help=_("{bet} pays N to 1 (default {odds})").format(
                bet=_(bet.label), odds=format_amount(DEFAULT_PAYTABLE.odds(bet))
            ),
        )


def paytable_from(args: argparse.Namespace, base: Paytable | None = None) -> Paytable:
    """``base`` (default: the default paytable) with the pays given on the command line."""
    from trainer.engine import DEFAULT_PAYTABLE, Bet

    overrides = {
        Bet(name): getattr(args, f"{name}_pays")
        for name in PAYS_BETS
        if getattr(args, f"{name}_pays", None) is not None
    }
    return (base or DEFAULT_PAYTABLE).with_odds(overrides)


def add_house_argument(parser: argparse.ArgumentParser) -> None:
    """--house NAME|FILE: the house rules a command works under (default: ez)."""
    parser.add_argument(
        "--house",
        metavar="NAME|FILE",
        help=_(
            "house rules: ez (default), ez-tie9, commission, cardroom, one of your own "
            "(see 'ezbac houses list') or a house file"
        ),
    )


def house_of_args(args: argparse.Namespace) -> House:
    """The --house named on the command line, with --decks and the --X-pays options (which
    override the house) on top.  A broken house file is a UsageError listing every problem."""
    from trainer.engine.house import DEFAULT_HOUSE

    house = DEFAULT_HOUSE
    if getattr(args, "house", None):
        from trainer.houses.catalogue import HouseNotFoundError, find_house
        from trainer.houses.errors import HouseFileError

        try:
            house = find_house(args.house)
        except HouseFileError as exc:
            # every problem, each on its own 'ezbac: error:' line, as `drills preview` does
            from trainer.words.files import problem_lines

            raise UsageError(error_joiner().join(problem_lines(exc))) from None
        except HouseNotFoundError as exc:
            from trainer.words.files import error_text

            raise UsageError("--house: " + error_text(exc)) from None
    if getattr(args, "decks", None) is not None:
        house = house.with_decks(args.decks)
    return house.with_paytable(paytable_from(args, house.paytable))


_THOUSANDS = re.compile(r"\d+(?=$|[.:])")


def split_bets(text: str) -> list[str]:
    """A seat's ``BET=AMOUNT,BET=AMOUNT`` items, split at the commas between bets, not at a
    thousands comma (``player=1,000,tie=5``: an amount may be written 1,000, as everywhere):
    a piece that starts with digits continues the amount before it (no bet's name
    starts with a digit)."""
    items: list[str] = []
    for piece in text.split(","):
        if items and _THOUSANDS.match(piece) and "=" in items[-1]:
            items[-1] += "," + piece
        else:
            items.append(piece)
    return items
