"""Hand-worked coups and small drills for the session and TUI tests.

Every expectation noted here was worked out by hand from docs/rules.md (cards in shoe order:
Player, Banker, Player, Banker, then third cards), not by running the code under test.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from trainer.drills.model import (
    WHOLE_COUP,
    BetSpec,
    CoupFilter,
    Drill,
    DrillCoup,
    FixedCoup,
    Mode,
    Order,
    SpotSpec,
    Step,
)
from trainer.engine import Bet, Coup, Outcome, parse_cards
from trainer.engine.cards import DealtCard, Side
from trainer.engine.dealt import BetAction, Called, Dealt, Handled, Remedied, single_seat
from trainer.engine.house import DEFAULT_HOUSE
from trainer.engine.irregularities import Irregularity
from trainer.engine.order import Done
from trainer.session import Session
from trainer.session.spot import FixQuestion, Replay, SpotQuestion

# Player K+6 = 6 stands; Banker 2+3 = 5, Player stood -> draws the 2h: Banker 7 with three
# cards beats 6: Dragon 7.  Banker bet pushes, Dragon 7 pays 40:1, Player loses.
DRAGON = "Kh 2c 6s 3d 2h"
# Player 2+3 = 5 draws the 3d: 8 with three cards; Banker K+7 = 7 stands after the Player
# drew: Panda 8.  Player pays 1:1, Panda 8 pays 25:1, Banker loses.
PANDA = "2h Kc 3s 7d 3d"
# Player 9+K = 9: a natural; Banker 2+3 = 5; nobody draws; Player wins.
NATURAL = "9h 2c Ks 3d"
# Player 2+3 = 5 draws the 8s (total 3); Banker A+2 = 3 and the Player's third card is an 8:
# Banker stands; 3 against 3: Tie.  Tie pays 8:1, Player and Banker push.
BANKER3_THIRD8 = "2h As 3c 2d 8s"
# Player 4+2 = 6 stands; Banker 3+K = 3, Player stood -> draws the 8h: total 1.  Player wins.
PLAYER_STANDS = "4h 3s 2d Kc 8h"


def coup(cards: str, wagers: Mapping[Bet, str] | None = None, note: str | None = None) -> DrillCoup:
    return DrillCoup(
        Coup.from_cards(parse_cards(cards)),
        {bet: Decimal(v) for bet, v in (wagers or {}).items()},
        note,
    )


def drill(
    steps: tuple[Step, ...] = WHOLE_COUP,
    *,
    mode: Mode = Mode.PRACTICE,
    pass_mark: int = 80,
    time_limit: float | None = None,
    fixed: Sequence[str] = (),
    ident: str = "test-drill",
    title: str = "Test drill",
) -> Drill:
    return Drill(
        id=ident,
        title=title,
        description="A drill built in code for the tests.",
        steps=steps,
        questions=max(1, len(fixed)),
        mode=mode,
        order=Order.AS_WRITTEN,
        pass_mark=pass_mark,
        time_limit=time_limit,
        fixed=tuple(FixedCoup(parse_cards(c)) for c in fixed),
    )


def dealer(coups: Sequence[DrillCoup]):
    """A deal function handing out ``coups`` whatever the rng (the generator's job is
    tested elsewhere)."""

    def deal(_drill: Drill, _rng: random.Random) -> list[DrillCoup]:
        return list(coups)

    return deal


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self, start: float = 1000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class FakeNow:
    """UTC wall time that advances a second per call: deterministic timestamps."""

    def __init__(self) -> None:
        self.t = datetime(2026, 1, 2, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.t += timedelta(seconds=1)
        return self.t


def dragon_replays() -> tuple[Drill, list[SpotQuestion | FixQuestion]]:
    """DRAGON (Kh 2c 6s 3d 2h) is a Dragon 7: the Banker bet pushes (docs/rules.md).  First the
    coup dealt right, then the Banker bet paid 25 (step 9: 5 cards, 2 totals, the result)."""
    dc = coup(DRAGON, {Bet.BANKER: "25", Bet.DRAGON7: "10"})
    house = DEFAULT_HOUSE
    layout = single_seat({Bet.BANKER: 25, Bet.DRAGON7: 10})
    sides = (Side.PLAYER, Side.BANKER, Side.PLAYER, Side.BANKER, Side.BANKER)
    cards = tuple(DealtCard(c, s) for c, s in zip(dc.coup.cards, sides, strict=True))
    wrong = Dealt(
        cards,
        Called(6, 7, Outcome.DRAGON7),
        (
            BetAction(1, Bet.BANKER, Done.PAID, Decimal(25)),
            BetAction(1, Bet.DRAGON7, Done.PAID, Decimal(400)),
        ),
    )
    right = Replay(dc.coup, layout, house, Dealt.correct(dc.coup, layout, house), None)
    bad = Replay(dc.coup, layout, house, wrong, "banker-paid-on-dragon7")
    fix = FixQuestion(1, dc, bad, ("pay 25", "take 25", "return 25, pay 0", "pay 50"))
    drill = Drill(
        id="spot",
        title="Spot",
        description="d",
        steps=(),
        questions=2,
        run=SpotSpec(),
        filters=(CoupFilter(),),
        bets=(BetSpec(Bet.BANKER, Decimal(25), Decimal(25)),),
    )
    return drill, [SpotQuestion(0, dc, right), SpotQuestion(1, dc, bad), fix]


def remedy_replays() -> tuple[Drill, list[SpotQuestion | FixQuestion]]:
    """DRAGON dealt right on one seat under EZ Baccarat (standard), whose house data confirm
    the remedy for a card exposed and none for a card on the floor.  First a card exposed
    after card 3 and the floor called (wrong: line 4, the fix the house's remedy), then a
    card on the floor after card 1 and the floor called (right: no error)."""
    from dataclasses import replace

    from trainer.irregularities.loader import bundled

    dc = coup(DRAGON, {Bet.BANKER: "25", Bet.DRAGON7: "10"})
    house = DEFAULT_HOUSE
    layout = single_seat({Bet.BANKER: 25, Bet.DRAGON7: 10})
    correct = Dealt.correct(dc.coup, layout, house)
    exposed = Remedied(Irregularity.CARD_EXPOSED, Handled.FLOOR, 3)
    floor = Remedied(Irregularity.CARD_ON_FLOOR, Handled.FLOOR, 1)
    entries = bundled()
    bad = Replay(dc.coup, layout, house, replace(correct, remedies=(exposed,)), "remedy", entries)
    ok = Replay(dc.coup, layout, house, replace(correct, remedies=(floor,)), None, entries)
    first = bad.first_mistake()
    assert first is not None
    options = (
        "stop, keep everything in place and call the floor",
        first.right,
        "carry on: the coup goes on as if nothing happened",
        "the card is dead: burn it, the next card takes its place",
    )
    drill = replace(dragon_replays()[0], run=SpotSpec(irregularity_rate=1.0))
    return drill, [
        SpotQuestion(0, dc, bad),
        FixQuestion(0, dc, bad, options),
        SpotQuestion(1, dc, ok),
    ]


#: Every bet of EZ Baccarat on a spot drill's layout, at ranges the default house allows.
BETS = (
    BetSpec(Bet.PLAYER, Decimal(10), Decimal(100), Decimal(5)),
    BetSpec(Bet.BANKER, Decimal(10), Decimal(100), Decimal(5)),
    BetSpec(Bet.TIE, Decimal(5), Decimal(25), Decimal(5)),
    BetSpec(Bet.DRAGON7, Decimal(5), Decimal(50), Decimal(5)),
    BetSpec(Bet.PANDA8, Decimal(5), Decimal(50), Decimal(5)),
)


def spot_drill(
    rate: float = 0.5,
    level: str = "coup",
    ids: tuple[str, ...] = (),
    questions: int = 40,
    irregularities: float = 0.0,
    violations: float = 0.0,
) -> Drill:
    return Drill(
        id="spot",
        title="Spot",
        description="Spot.",
        steps=(),
        questions=questions,
        run=SpotSpec(
            level=level,
            error_rate=rate,
            irregularity_rate=irregularities,
            violation_rate=violations,
            error_ids=ids,
        ),
        filters=(CoupFilter(),),
        bets=BETS,
    )


def deal_spots(drill: Drill, seed: int) -> list[SpotQuestion | FixQuestion]:
    """The spot and fix questions a session deals from ``drill`` with ``seed``."""
    s = Session.deal(drill, "Alex", random.Random(seed), clock=FakeClock(), now=FakeNow())
    return [q for q in s.questions if isinstance(q, (SpotQuestion, FixQuestion))]


def staged_spots(drill: Drill, seeds: int = 2) -> Iterator[tuple[SpotQuestion, FixQuestion | None]]:
    """Each replay dealt over ``seeds`` seeds, with the fix question asked after it (None
    when none is)."""
    for seed in range(seeds):
        qs = deal_spots(drill, seed)
        for n, q in enumerate(qs):
            if isinstance(q, SpotQuestion):
                after = qs[n + 1] if n + 1 < len(qs) else None
                yield q, after if isinstance(after, FixQuestion) else None
