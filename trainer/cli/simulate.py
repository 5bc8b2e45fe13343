"""`ezbac simulate`: deal whole shoes and report what a shoe looks like on average.

Standard output depends only on the options and the seed, so a run replays exactly; the
progress bar and the timing go to standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING, TextIO

from trainer.cli.common import COMMANDS, UsageError
from trainer.cli.options import (
    add_house_argument,
    deck_count,
    house_of_args,
    seed_number,
    whole_number,
)
from trainer.engine.shoe import DEFAULT_CUT, DEFAULT_DECKS, SUPPORTED_DECKS
from trainer.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from trainer.cli.parser import Parser

_ROWS = (
    ("coups", N_("Coups")),
    ("player", N_("Player wins")),
    ("banker", N_("Banker wins")),
    ("tie", N_("Ties")),
    ("dragon7", N_("Dragon 7")),
    ("panda8", N_("Panda 8")),
    ("naturals", N_("Naturals")),
)
#: The most shoes one run deals: about ten minutes of the simulator's time.
MAX_SHOES = 10_000_000


def _shoes(text: str) -> int:
    return whole_number(text, 1, MAX_SHOES)


def _cut(text: str) -> int:
    return whole_number(text, 0, 52 * max(SUPPORTED_DECKS))


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "simulate",
        help=_(COMMANDS["simulate"]),
        description=(
            _(
                "Deal whole shoes as a dealer would (shuffle, burn, cut card, last coup) and print "
                "per-shoe averages and totals: coups, Player/Banker/Tie wins, Dragon 7, Panda 8, "
                "naturals. Prints the seed so any run can be replayed."
            )
        ),
        epilog=(
            _(
                "examples:\n"
                "  ezbac simulate --shoes 10000              8 decks, a fresh seed\n"
                "  ezbac simulate --shoes 1000 --decks 6 --seed 42 --json"
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--shoes",
        type=_shoes,
        required=True,
        metavar="N",
        help=_("shoes to deal (1 to {most})").format(most=f"{MAX_SHOES:,}"),
    )
    parser.add_argument(
        "--decks",
        type=deck_count,
        default=None,
        metavar="N",
        help=_("decks in the shoe: 8 or 6 (default: the house's, {decks} for ez)").format(
            decks=DEFAULT_DECKS
        ),
    )
    add_house_argument(parser)
    parser.add_argument(
        "--seed",
        type=seed_number,
        metavar="S",
        help=_("replay a run (default: a fresh seed, printed)"),
    )
    parser.add_argument(
        "--cut",
        type=_cut,
        default=None,
        metavar="N",
        help=_("cut card N cards from the end (default: the house's, {cut} for ez)").format(
            cut=DEFAULT_CUT
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(handler=run)


class _Progress:
    """A plain text bar on a terminal's stderr, shown only once a run has taken a while."""

    def __init__(self, total: int, stream: TextIO, delay: float = 0.5) -> None:
        self.total, self.stream = total, stream
        self.shown = False
        self.start = time.monotonic()
        self.delay = delay

    def __call__(self, done: int) -> None:
        if not self.shown and time.monotonic() - self.start < self.delay:
            return
        self.shown = True
        width = 30
        filled = width * done // self.total
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(f"\r[{bar}] {100 * done // self.total:3d}% {done}/{self.total} shoes")
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


def run(args: argparse.Namespace) -> int:
    import random

    from trainer.engine.errors import InvalidShoeError
    from trainer.engine.simulate import simulate

    house = house_of_args(args)
    decks = house.decks
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    progress = _Progress(args.shoes, sys.stderr) if sys.stderr.isatty() else None
    try:
        result = simulate(
            args.shoes,
            decks,
            random.Random(seed),
            cut=args.cut,
            rules=house.shoe,
            progress=progress,
        )
    except InvalidShoeError as exc:
        from trainer.cli.options import worded

        raise UsageError(f"--cut: {worded(exc)}") from None
    finally:
        if progress is not None:
            progress.close()

    totals = result.totals.as_dict()
    per_shoe = result.per_shoe()
    if args.json:
        keys = [key for key, _ in _ROWS]
        print(
            json.dumps(
                {
                    "shoes": result.shoes,
                    "decks": result.decks,
                    "cut": result.cut,
                    "seed": seed,
                    **({"house": args.house} if args.house else {}),
                    "per_shoe": {k: per_shoe[k] for k in keys},
                    "totals": {k: totals[k] for k in keys},
                }
            )
        )
    else:
        from trainer.cli.output import columns, pad

        print(
            ngettext(
                "{count} shoe of {decks} decks, cut card {cut} cards from the end, seed {seed}",
                "{count} shoes of {decks} decks, cut card {cut} cards from the end, seed {seed}",
                result.shoes,
            ).format(count=f"{result.shoes:,}", decks=result.decks, cut=result.cut, seed=seed)
        )
        labels = [_(label) for _key, label in _ROWS]
        width = max([14, *(columns(label) + 1 for label in labels)])
        heads = [_("per shoe"), _("total"), _("of coups")]
        print(
            " " * width + pad(heads[0], 10, ">") + pad(heads[1], 14, ">") + pad(heads[2], 10, ">")
        )
        for (key, _label), label in zip(_ROWS, labels, strict=True):
            share = "" if key == "coups" else f"{100 * totals[key] / totals['coups']:9.2f}%"
            print(f"{pad(label, width)}{per_shoe[key]:10.2f}{totals[key]:14,}{share:>10}".rstrip())
        print(
            _("replay: {command}").format(
                command=f"ezbac simulate --shoes {result.shoes} --decks {result.decks} "
                f"--seed {seed}"
            )
            + (f" --cut {result.cut}" if result.cut != house.shoe.cut else "")
            + (f" --house {args.house}" if args.house else "")
        )
    print(
        _("engine time {seconds} s, {rate} coups/s").format(
            seconds=f"{result.seconds:.2f}", rate=f"{result.coups_per_second:,.0f}"
        ),
        file=sys.stderr,
    )
    return 0
