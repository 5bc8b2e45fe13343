"""The mistake catalogue against the audit: on many seeded coups and tables where a mistake
applies, the injected procedure is flagged with exactly one mistake of its own, of that
mistake's kind, at the first deviation; and every correct replay passes the audit."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from trainer.engine.catalogue import CATALOGUE, find_mistake
from trainer.engine.dealt import Dealt
from trainer.engine.deviation import DeviationKind
from trainer.engine.games import Collection, Commission
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.injection import (
    Level,
    Mistake,
    MistakeDoesNotApply,
    UnknownMistakeError,
    applies,
    inject,
)
from trainer.engine.procedure import audit
from trainer.engine.shoe import CoupDealt, ShoeRun
from trainer.engine.table import deal_layout

#: Cases each mistake is tried on (the rarest, a tying three-card 7, comes about once in 200
#: coups, so the search stops at MAX_SHOES whatever happens).
CASES = 25
MAX_SHOES = 60
#: The bundled houses, and a commission table that keeps the commission in a box.
HOUSES = [
    *BUNDLED_HOUSES.values(),
    replace(
        BUNDLED_HOUSES["commission"],
        id="commission-box",
        commission=Commission(collection=Collection.END_OF_SHOE),
    ),
]


def _search() -> tuple[dict[str, list[tuple]], int]:
    """(mistake id -> [(house, coup, layout, following, seed)], correct replays checked)."""
    found: dict[str, list[tuple]] = {m.id: [] for m in CATALOGUE}
    checked = 0
    for seed in range(MAX_SHOES):
        house = HOUSES[seed % len(HOUSES)]
        rng = random.Random(seed)
        run = ShoeRun.shuffled(rng, house.decks, house.shoe)
        for event in run.events():
            if not isinstance(event, CoupDealt):
                continue
            wanted = [m for m in CATALOGUE if len(found[m.id]) < CASES]
            if not wanted:
                return found, checked
            layout = deal_layout(rng, house, seats=(1, 7), bets_per_seat=(1, 5))
            following = run.cards[event.end : event.end + 6]
            if checked < 400:
                correct = Dealt.correct(event.coup, layout, house, following)
                result = audit(correct, house, layout)
                assert result.right, (house.id, seed, event.number, result.lines())
                checked += 1
            for m in wanted:
                if applies(m, event.coup, layout, house):
                    found[m.id].append((house, event.coup, layout, following, seed))
    return found, checked


@pytest.fixture(scope="module")
def cases() -> dict[str, list[tuple]]:
    found, checked = _search()
    assert checked >= 400
    return found


@pytest.mark.parametrize("mistake", CATALOGUE, ids=[m.id for m in CATALOGUE])
def test_every_injected_mistake_is_what_the_audit_finds(
    mistake: Mistake, cases: dict[str, list[tuple]]
) -> None:
    found = cases[mistake.id]
    assert len(found) >= 10, f"{mistake.id} applied to only {len(found)} coups"
    houses = Counter()
    for n, (house, coup, layout, following, seed) in enumerate(found):
        # half the cases with the shoe's next cards, half drawing random ones
        given = following if n % 2 == 0 else ()
        dealt = inject(mistake, coup, layout, house, random.Random(seed), given)
        result = audit(dealt, house, layout)
        own = result.mistakes
        assert len(own) == 1, (house.id, seed, result.lines())
        assert own[0].kind is mistake.kind, (house.id, seed, result.lines())
        assert result.first is own[0]
        assert own[0].right and own[0].rule  # the engine says what the right step was
        assert dealt != Dealt.correct(coup, layout, house, given)
        houses[house.id] += 1
    assert houses


def test_a_mistake_that_cannot_apply_says_so() -> None:
    house = BUNDLED_HOUSES["ez"]
    run = ShoeRun.shuffled(random.Random(4), 8, house.shoe)
    coup = next(c for c in run.coups() if c.natural)
    layout = deal_layout(random.Random(1), house)
    with pytest.raises(MistakeDoesNotApply, match="banker-drew-on-stand"):
        inject(find_mistake("banker-drew-on-stand"), coup, layout, house, random.Random(0))
    commission = BUNDLED_HOUSES["commission"]
    assert not applies(
        find_mistake("commission-in-ez"),
        coup,
        deal_layout(random.Random(1), commission),
        commission,
    )


def test_the_catalogue_covers_the_issue_and_is_data() -> None:
    ids = {m.id for m in CATALOGUE}
    assert len(ids) == len(CATALOGUE)
    kinds = {m.kind for m in CATALOGUE}
    for kind in (
        DeviationKind.BANKER_DREW,
        DeviationKind.BANKER_STOOD,
        DeviationKind.PLAYER_DREW,
        DeviationKind.NATURAL_NOT_STOPPED,
        DeviationKind.WRONG_HAND,
        DeviationKind.TOTAL_MISCALLED,
        DeviationKind.OUTCOME_MISNAMED,
        DeviationKind.PUSH_PAID,
        DeviationKind.LOSER_PAID,
        DeviationKind.COMMISSION_TAKEN,
        DeviationKind.PAYOUT_SHORT,
        DeviationKind.PAYOUT_OVER,
        DeviationKind.PUSH_TAKEN,
        DeviationKind.ORDER,
    ):
        assert kind in kinds
    assert {m.level for m in CATALOGUE} == {Level.COUP, Level.TABLE}
    with pytest.raises(UnknownMistakeError, match="no transformation"):
        Mistake("x", Level.COUP, DeviationKind.ORDER, "x", "shuffle_the_deck")
    with pytest.raises(UnknownMistakeError, match="no mistake"):
        find_mistake("dealer-fell-asleep")
