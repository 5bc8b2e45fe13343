"""What a house's bets and limits forbid about a drill's bets (``House.range_problems``):
each problem a ``Said``, its English the sentence the drill file's problem prints.

Stdlib only, like the rest of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from trainer.engine.money import format_amount
from trainer.engine.said import Said
from trainer.engine.settlement import Bet
from trainer.engine.table_rules import BASE_BETS, SIDE_BETS, Limits


def range_problems(
    house_id: str,
    bets: tuple[Bet, ...],
    limits: Limits,
    ranges: Mapping[Bet, tuple[Decimal, Decimal]],
    *,
    every_layout: bool = True,
) -> list[tuple[Bet, str]]:
    """What the house ``house_id`` (its ``bets`` and ``limits``) forbids about a drill's bets,
    each drawn from (lowest, highest): amounts outside the limits, a bet not offered, and,
    for the side-bet rules, any layout the drill could deal that breaks them
    (``every_layout``: each coup gets all the bets; else a random choice of them, so a side
    bet may come without its base bet)."""
    problems: list[tuple[Bet, str]] = []
    lim = limits
    for bet in Bet:
        if bet not in ranges:
            continue
        low, high = ranges[bet]
        if bet not in bets:
            offered = ", ".join(b.value for b in bets)
            problems.append(
                (
                    bet,
                    Said(
                        "the house {house} does not offer {bet} (bets: {offered})",
                        house=house_id,
                        bet=bet.value,
                        offered=offered,
                    ),
                )
            )
            continue
        least, most = lim.bounds(bet)
        if low < least:
            problems.append(
                (
                    bet,
                    Said(
                        "{low} is below the house {house}'s minimum of {least} for {bet}",
                        low=format_amount(low),
                        house=house_id,
                        least=format_amount(least),
                        bet=bet.value,
                    ),
                )
            )
        if high > most:
            problems.append(
                (
                    bet,
                    Said(
                        "{high} is above the house {house}'s maximum of {most} for {bet}",
                        high=format_amount(high),
                        house=house_id,
                        most=format_amount(most),
                        bet=bet.value,
                    ),
                )
            )
        if bet in SIDE_BETS and lim.side_needs_base:
            bases = [b for b in BASE_BETS if b in ranges]
            if not bases:
                problems.append(
                    (
                        bet,
                        Said(
                            "the house {house} takes {bet} only with a "
                            "player or banker bet on the seat: add one",
                            house=house_id,
                            bet=bet.value,
                        ),
                    )
                )
            elif not every_layout:
                problems.append(
                    (
                        bet,
                        Said(
                            "the house {house} takes {bet} only with a "
                            "player or banker bet on the seat, but bets_per_coup may "
                            "deal it alone",
                            house=house_id,
                            bet=bet.value,
                        ),
                    )
                )
        base = lim.side_caps.get(bet)
        if base is None:
            continue
        if base not in ranges or not every_layout:
            problems.append(
                (
                    bet,
                    Said(
                        "the house {house} caps {bet} at the seat's "
                        "{base} bet, and a coup may have no {base} bet",
                        house=house_id,
                        bet=bet.value,
                        base=base.value,
                    ),
                )
            )
        elif high > ranges[base][0]:
            problems.append(
                (
                    bet,
                    Said(
                        "the house {house} caps {bet} at the seat's "
                        "{base} bet: {bet} goes up to {high} but {base} can be {low}",
                        house=house_id,
                        bet=bet.value,
                        base=base.value,
                        high=format_amount(high),
                        low=format_amount(ranges[base][0]),
                    ),
                )
            )
    return problems
