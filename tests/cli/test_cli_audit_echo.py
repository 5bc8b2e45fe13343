"""The audit's ``Dealt:`` line (and its JSON ``dealt``) echoes the players' violations and
the irregularities where they happened, in the notation, and reads back to the same
procedure; with neither it is the cards alone, as before."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.cli import ezbac
from trainer.cli.audit import render, to_json
from trainer.engine.dealt import Dealt, Foul, Handled, Remedied
from trainer.engine.house import BUNDLED_HOUSES, House
from trainer.engine.irregularities import Irregularity
from trainer.engine.notation import Procedure
from trainer.engine.procedure import audit
from trainer.engine.table import Layout, deal_table_coup
from trainer.engine.violations import Moment, Response, Violation

RESPONSES = [None, Response.REFUSE, Response.RETURN, Response.FLOOR]


def test_the_issue_example_echoes_each_event_where_it_happened() -> None:
    procedure = (
        "P:Ks late:3:banker=25 B:2h P:As B:2c remedy:card_exposed:floor P:5d B:3c "
        "call:outcome=dragon7 pinch:4:player=50 take:4:player=100 push:1:banker=25"
    )
    out = ezbac("audit", *procedure.split(" "))
    assert out.returncode == 1, out.stderr
    assert out.stdout.splitlines()[0] == (
        "Dealt: P:Ks past_posting:3:banker=25 B:2h P:As B:2c remedy:card_exposed:floor "
        "P:5d B:3c pinching:4:player=50"
    )


def test_a_violation_at_no_more_bets_comes_first_and_json_has_the_line() -> None:
    out = ezbac("audit", "--json", "cash:2:banker=5:return", "Ks", "2h", "As", "2c", "5d", "3c")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["dealt"] == "cash:2:banker=5:return P:Ks B:2h P:As B:2c P:5d B:3c"


def test_without_events_the_line_is_the_cards_alone() -> None:
    out = ezbac("audit", "--json", "9s", "2h", "Kd", "3c", "P:4d")
    assert json.loads(out.stdout)["dealt"] == "P:9s B:2h P:Kd B:3c P:4d"


def _events(
    house: House, cards: int, rng: random.Random
) -> tuple[tuple[Foul, ...], tuple[Remedied, ...]]:
    """Some violations at a moment each is caught and some irregularities anywhere, with
    any response (the echo writes what was done, right or wrong)."""
    fouls = []
    for v in rng.sample(list(Violation), rng.randint(0, 5)):
        at = {Moment.BETS: 0, Moment.DEAL: rng.randint(1, cards), Moment.RESULT: cards}[v.moment]
        response = rng.choice(RESPONSES)
        if v is Violation.DIFFERENTIAL:
            fouls.append(Foul(v, None, None, None, response, at))
        else:
            seat, bet = rng.randint(1, house.seats), rng.choice(house.bets)
            wager = Decimal(rng.randint(1, 2000)) / rng.choice((1, 4))
            fouls.append(Foul(v, seat, bet, wager, response, at))
    remedies = [
        Remedied(k, rng.choice((None, Handled.FLOOR, Handled.APPLIED)), rng.randint(0, cards))
        for k in rng.sample(list(Irregularity), rng.randint(0, 3))
    ]
    # in the order they happened: by the cards out, a deal's before a result's
    fouls.sort(key=lambda f: (f.cards, f.violation.moment is Moment.RESULT))
    remedies.sort(key=lambda r: r.cards)
    return tuple(fouls), tuple(remedies)


@pytest.mark.parametrize("house_id", sorted(BUNDLED_HOUSES))
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_echo_reads_back_to_the_same_procedure(house_id: str, seed: int) -> None:
    house = BUNDLED_HOUSES[house_id]
    rng = random.Random(seed)
    coup = deal_table_coup(rng, house).coup
    dealt = Dealt.correct(coup, Layout(()), house)
    fouls, remedies = _events(house, len(dealt.cards), rng)
    dealt = replace(dealt, fouls=fouls, remedies=remedies)
    result = audit(dealt, house, Layout(()))
    (line,) = [x for x in render(result, house).splitlines() if x.startswith("Dealt: ")]
    text = line.removeprefix("Dealt: ")
    assert to_json(result, house)["dealt"] == text
    back = Procedure.parse(text).dealt
    assert (back.cards, back.fouls, back.remedies) == (dealt.cards, fouls, remedies)
    if not fouls and not remedies:
        assert text == " ".join(f"{c.to.value}:{c.card}" for c in dealt.cards)
