"""A hand-worked table for the table screen's tests and benchmark.

The coup and every expectation were worked out by hand from docs/rules.md (cards in shoe order:
Player, Banker, Player, Banker, then third cards), not by running the code under test:

DRAGON "Kh 2c 6s 3d 2h": Player K+6 = 6 stands; Banker 2+3 = 5 draws (the Player stood)
the 2h: 7 with three cards over 6, a Dragon 7.  Under the default (EZ) house:

    seat 1  Banker 25   pushes (the Banker bet pushes on a Dragon 7)   letter a
            Dragon 7 10 wins 40 to 1: 400                              letter b
    seat 3  Player 50   loses                                          letter c
            Panda 8 5   loses                                          letter d
    seat 5  Dragon 7 5  wins 40 to 1: 200                              letter e
    seat 6  Banker 40   pushes                                         letter f
            Tie 10      loses                                          letter g

Letters run seat by seat from the dealer's left, a seat's main bets first.  The house pays
counter-clockwise from the dealer's right: seat 5's Dragon 7, then seat 1's.  Chips of the
default house, smallest first, on the keys q w e r t y u: 1, 2.50, 5, 25, 100, 500, 1,000;
200 is two 100s (t t), 400 four.
"""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

from tests.support.coups import DRAGON, PANDA, FakeClock, FakeNow
from trainer.drills.catalogue import DrillEntry
from trainer.drills.model import BetSpec, DealtTable, Drill, Mode, Step, TableSpec
from trainer.engine import Bet, Coup, parse_cards
from trainer.engine.house import DEFAULT_HOUSE, House
from trainer.engine.table import Layout
from trainer.session.audition import exam_part
from trainer.tui.app import TrainerApp

SEATS = {
    1: {Bet.BANKER: 25, Bet.DRAGON7: 10},
    3: {Bet.PLAYER: 50, Bet.PANDA8: 5},
    5: {Bet.DRAGON7: 5},
    6: {Bet.BANKER: 40, Bet.TIE: 10},
}
LOSERS = "cdg"  # seat 3 Player and Panda 8, seat 6 Tie
PUSHES = "af"  # the Banker bets of seats 1 and 6


def table(cards: str = DRAGON, seats: dict | None = None) -> DealtTable:
    return DealtTable(Coup.from_cards(parse_cards(cards)), Layout.of(seats or SEATS))


def table_drill(
    mode: Mode = Mode.PRACTICE,
    *,
    time_limit: float | None = None,
    target: float | None = 60,
    tables: int = 1,
    house: House = DEFAULT_HOUSE,
) -> Drill:
    spec = TableSpec(
        bets=(BetSpec(Bet.BANKER, Decimal(5), Decimal(100), Decimal(5)),),
        seats=(3, 7),
        bets_per_seat=(1, 2),
        time_limit=time_limit,
        target_seconds=target,
    )
    return Drill(
        id="table-test",
        title="Work the table",
        description="A table drill built in code.",
        steps=(Step.TABLE,),
        questions=tables,
        mode=mode,
        table=spec,
        at_table=True,
        house=house,
    )


def dealer_of(tables: list[DealtTable]):
    def deal(_drill: Drill, _rng: random.Random) -> list[DealtTable]:
        return list(tables)

    return deal


def table_app(
    mode: Mode = Mode.PRACTICE,
    *,
    tables: list[DealtTable] | None = None,
    time_limit: float | None = None,
    hooks=None,
    house: House = DEFAULT_HOUSE,
) -> TrainerApp:
    dealt = tables or [table()]
    d = table_drill(mode, time_limit=time_limit, tables=len(dealt), house=house)
    clock = FakeClock()
    app = TrainerApp(
        choices=lambda: [DrillEntry.of(d)],
        start=d,
        trainee="Alex",
        seed=1,
        deal=dealer_of(dealt),
        clock=clock,
        now=FakeNow(),
        hooks=hooks,
    )
    app.fake_clock = clock  # type: ignore[attr-defined]
    return app


def timed_part_app(title: str) -> TrainerApp:
    """The audition's timed table part titled ``title``, sat as Part 4 of 8: an exam of one
    table with the bundled table exam's clock (120 s, target 60 s) that never moves."""
    timed = table_drill(Mode.EXAM, time_limit=120, target=60)
    return sat_part_app(exam_part(replace(timed, title=title), 4, 8))


def sat_part_app(part: Drill) -> TrainerApp:
    """The app sitting the table drill ``part`` (an audition's part) on one table, with a
    clock that never moves."""
    return TrainerApp(
        choices=lambda: [DrillEntry.of(part)],
        start=part,
        trainee="Alex",
        seed=1,
        deal=dealer_of([table()]),
        clock=FakeClock(),
        now=FakeNow(),
    )


# a second table: PANDA "2h Kc 3s 7d 3d" is a Panda 8 (Player 8 with three cards over 7):
# seat 2 Player 20 pays 20, Panda 8 4 pays 25 to 1 = 100; seat 7 Banker 30 loses.
PANDA_SEATS = {2: {Bet.PLAYER: 20, Bet.PANDA8: 4}, 7: {Bet.BANKER: 30}}
PANDA_TABLE = (PANDA, PANDA_SEATS)

# Under the commission house (docs/rules.md, "Other games a house deals": a winning Banker bet
# pays 19 to 20, the 5 % commission taken at once and rounded up to the next quarter),
# DRAGON is a plain Banker win, 7 over 6: seat 2's Banker 20 owes 5 % of 20 = 1 and is paid
# 20 - 1 = 19; seat 4's Player 10 loses.  Letters: a (seat 2 Banker), b (seat 4 Player).
COMMISSION_SEATS = {2: {Bet.BANKER: 20}, 4: {Bet.PLAYER: 10}}


# The DRAGON table watched before it is worked: at no more bets nothing to stop; during the
# deal seat 4 (empty) puts 25 on the Player, past posting, which the EZ house refuses; after
# the result nothing changes.  The late bet never plays: the table worked is SEATS.
LATE_SEATS = {**SEATS, 4: {Bet.PLAYER: 25}}
REFUSE_LATE = "Seat 4 Player: past posting: refuse the bet"


def watched_table() -> DealtTable:
    from trainer.engine.protection import Scene
    from trainer.engine.violations import Moment

    plain = table()
    start, late = plain.layout, Layout.of(LATE_SEATS)
    scenes = (
        Scene(Moment.BETS, plain.coup, start, start),
        Scene(Moment.DEAL, plain.coup, start, late),
        Scene(Moment.RESULT, plain.coup, start, start),
    )
    return DealtTable(plain.coup, start, None, scenes)
