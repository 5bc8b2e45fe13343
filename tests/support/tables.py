"""Hand-worked tables for the table session's tests: layouts whose takes, pushes and payouts
are worked out by hand from docs/rules.md beside them, and a table drill built in code."""

from __future__ import annotations

from decimal import Decimal

from trainer.drills.model import BetSpec, ChipEntry, DealtTable, Drill, Mode, Step, TableSpec
from trainer.engine import Bet, Coup, parse_cards
from trainer.engine.house import BUNDLED_HOUSES, House
from trainer.engine.table import Layout

P, B, T, D7, P8 = Bet.PLAYER, Bet.BANKER, Bet.TIE, Bet.DRAGON7, Bet.PANDA8
D = Decimal

# DRAGON (Kh 2c 6s 3d 2h): Dragon 7.  On this layout, by hand:
#   take (seat 6, then 4): seat 6 Tie 10, seat 4 Player 100, seat 4 Panda 8 5
#   push: seat 6 Banker 50, seat 1 Banker 25
#   pay:  seat 1 Dragon 7 10 -> 400 (40 to 1): 4 black (100)
DRAGON_LAYOUT = {1: {B: 25, D7: 10}, 4: {P: 100, P8: 5}, 6: {T: 10, B: 50}}


# NATURAL (9h 2c Ks 3d): Player natural 9 over 5.  By hand:
#   take: seat 7 Banker 20, seat 5 Tie 5
#   pay in order: seat 7 Player 45, seat 5 Player 15, seat 2 Player 30 (even money)
#   fewest chips: 45 = 1 green + 4 red (5 chips); 15 = 3 red; 30 = 1 green + 1 red
NATURAL_LAYOUT = {2: {P: 30}, 5: {P: 15, T: 5}, 7: {B: 20, P: 45}}

# Player 2+4 = 6 stands; Banker 3+4 = 7 stands: Banker wins 7 over 6 with two cards.
BANKER_TWO_CARD_7 = "2h 3s 4d 4c"

# BANKER_TWO_CARD_7 at the commission house.  By hand:
#   take: seat 5 Player 10
#   pay in order: seat 5 Banker 20 -> 19 (5 % of 20 is 1), seat 3 Banker 35 -> 33.25
#   (5 % of 35 is 1.75, already a quarter)
#   commission in order: seat 5: 1, seat 3: 1.75
COMMISSION_LAYOUT = {3: {B: 35}, 5: {B: 20, P: 10}}

# PANDA (2h Kc 3s 7d 3d): Panda 8, the Player wins with three cards.  By hand:
#   take: seat 4 Banker 25
#   pay: seat 6 Player 10 -> 10 (1 to 1), Panda 8 5 -> 125 (25 to 1);
#        seat 2 Player 20 -> 20, Panda 8 10 -> 250
#   order (docs/rules.md, "Settling a table"): seat 6 before seat 2 (counter-clockwise from the
#   dealer's right); on a seat the Player before its Panda 8 where the house has a main bet
#   before a side bet (``main_before_side``), the two in either order where it has not.
PANDA_LAYOUT = {2: {P: 20, P8: 10}, 4: {B: 25}, 6: {P: 10, P8: 5}}
PANDA_PAYS = {(6, P): "10", (6, P8): "125", (2, P): "20", (2, P8): "250"}


def table_drill(
    *,
    mode: Mode = Mode.PRACTICE,
    house: str | House = "ez",
    chips: ChipEntry = ChipEntry.EITHER,
    time_limit: float | None = None,
    target: float | None = None,
) -> Drill:
    spec = TableSpec(
        bets=(BetSpec(P, D(5), D(100), D(5)),),
        seats=(1, 7),
        time_limit=time_limit,
        target_seconds=target,
        chips=chips,
    )
    h = BUNDLED_HOUSES[house] if isinstance(house, str) else house
    return Drill(
        "t",
        "Table",
        "A table drill built in code.",
        (Step.TABLE,),
        1,
        mode=mode,
        table=spec,
        at_table=True,
        house=h,
    )


def dealt(cards: str, layout: dict) -> DealtTable:
    return DealtTable(Coup.from_cards(parse_cards(cards)), Layout.of(layout))
