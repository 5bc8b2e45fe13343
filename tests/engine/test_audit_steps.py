"""A dealt procedure's steps read one at a time (``Dealt.step_at``, ``step_count``,
``first_bet``) as ``Dealt.steps`` lists them, and the audit naming each deviation's step
without building the whole list again (it did once a deviation: quadratic in the steps)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from trainer.engine.coup import Outcome
from trainer.engine.dealt import AfterCoup, BetAction, Called, Dealt, SaidCall
from trainer.engine.house import DEFAULT_HOUSE
from trainer.engine.notation import Procedure
from trainer.engine.order import Done
from trainer.engine.procedure import audit, step_label
from trainer.engine.settlement import Bet

# Ks 2h As 2c 5d 3c: Player 6, Banker 7 with three cards: a Dragon 7.
CARDS = "P:Ks B:2h P:As B:2c P:5d B:3c"


@pytest.mark.parametrize(
    "called", [Called(), Called(6), Called(None, 7), Called(6, 7, Outcome.DRAGON7)]
)
@pytest.mark.parametrize("then", [None, AfterCoup.DEAL])
@pytest.mark.parametrize("said", [0, 2])
def test_each_step_read_alone_is_the_listed_one(called: Called, then: object, said: int) -> None:
    base = Procedure.parse(CARDS).dealt
    bets = (
        BetAction(1, Bet.PLAYER, Done.TAKEN),
        BetAction(1, Bet.BANKER, Done.PUSHED),
    )
    says = tuple(SaidCall("player_shows", ("6",), 6) for _ in range(said))
    dealt = replace(base, called=called, bets=bets, then=then, said=says)
    steps = dealt.steps
    assert dealt.step_count == len(steps)
    assert [dealt.step_at(i) for i in range(len(steps))] == list(steps)
    assert dealt.step_at(len(steps)) is None
    # the first bet: 6 cards, the calls said, then each called total or outcome given
    given = sum(v is not None for v in (called.player, called.banker, called.outcome))
    assert dealt.first_bet == 6 + said + given
    assert steps[dealt.first_bet] == bets[0]
    assert step_label(dealt, len(steps)) == "after the last step"


def test_the_audit_lists_its_steps_once_however_many_deviations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 300 takes of the one Player bet: the first is right, each other "a second time".
    text = CARDS + " " + " ".join(["take:1:player=5"] * 300)
    procedure = Procedure.parse(text)
    built = 0
    listed = Dealt.steps

    def counted(self: Dealt) -> object:
        nonlocal built
        built += 1
        return listed.fget(self)  # type: ignore[attr-defined]

    monkeypatch.setattr(Dealt, "steps", property(counted))
    result = audit(procedure.dealt, DEFAULT_HOUSE, procedure.layout)
    words = [result.where(d) for d in result.deviations]
    assert len(words) == 299 and set(words) == {"seat 1 Player"}
    assert built <= 1
