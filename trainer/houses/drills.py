"""A drill under a house: the house a drill names (``house:``) or ``--house`` puts it under,
and the drill's bets checked against that house's limits."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from trainer.engine.errors import HouseLimitError
from trainer.engine.house import DEFAULT_HOUSE, House
from trainer.engine.said import Said, Verbatim
from trainer.engine.settlement import Bet

if TYPE_CHECKING:
    from trainer.drills.model import Drill


def house_for_drill(name: str, drill_file: Path | None) -> House:
    """The house a drill file names: a bundled or user house by id, or a house file, a
    relative path being taken from the drill file's folder.  HouseNotFoundError or
    HouseFileError as ``find_house`` raises them."""
    from trainer.houses.catalogue import find_house, looks_like_path

    path = Path(name)
    if drill_file is not None and not path.is_absolute() and looks_like_path(name):
        beside = drill_file.parent / path
        if beside.exists():
            return find_house(str(beside))
    return find_house(name)


def with_shoe(house: House | None, decks: int | None, pays: Mapping[Bet, Decimal]) -> House:
    """The house with a drill's own ``shoe:`` settings on top (decks, paytable odds)."""
    house = house or DEFAULT_HOUSE
    if decks is not None and decks != house.decks:
        house = house.with_decks(decks)
    if pays:
        house = house.with_paytable(house.paytable.with_odds(pays))
    return house


def ranges(drill: Drill) -> dict[Bet, tuple[Decimal, Decimal]]:
    """Each of the drill's bets as (lowest, highest) wager."""
    return {spec.bet: (spec.minimum, spec.maximum) for spec in drill.bets}


def drill_limit_problems(drill: Drill, house: House) -> list[str]:
    """Everything ``house`` forbids about the drill's bets: its bet ranges, and each fixed
    coup's own wagers."""
    every = drill.bets_per_coup is None or drill.bets_per_coup[0] >= len(drill.bets)
    out: list[str] = [
        Said("{field}: {problem}", field="bets." + bet.value, problem=msg)
        for bet, msg in house.range_problems(ranges(drill), every_layout=every)
    ]
    for i, fixed in enumerate(drill.fixed):
        if fixed.wagers:
            field = f"coups[{i}].bets"
            out += [
                Said("{field}: {problem}", field=field, problem=p)
                for p in house.limit_problems(fixed.wagers)
            ]
    return out


def under_house(drill: Drill, house: House) -> Drill:
    """The drill dealt under ``house`` (``ezbac train DRILL --house X``): its shoe and
    paytable become the house's.  HouseLimitError lists the drill's bets the house forbids."""
    problems = drill_limit_problems(drill, house)
    if problems:
        raise HouseLimitError(
            [
                Said(
                    "{drill} under house {house}: {problem}",
                    drill=Verbatim(drill.id),
                    house=Verbatim(house.id),
                    problem=p,
                )
                for p in problems
            ]
        )
    return replace(drill, house=house)
