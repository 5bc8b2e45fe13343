"""Spot the error with a player's violation at the table: past posting, pressing,
a bet withdrawn, a losing bet pinched, cash or a change chip on the layout, and what the
dealer did about it on a line of its own.

The right answer is worked from the house data, never from the audit: the response a house
gives a violation it enforces (``House.enforces``; docs/rules.md and docs/houses.md: EZ Baccarat
(standard) refuses a past-posted or pressed bet, calls the floor for a withdrawn or pinched
bet, returns cash and change chips).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from tests.support.coups import DRAGON, coup, spot_drill, staged_spots
from tests.support.coups import deal_spots as deal
from trainer.engine import Bet
from trainer.engine.dealt import Dealt, Foul, single_seat
from trainer.engine.house import BUNDLED_HOUSES, DEFAULT_HOUSE, House
from trainer.engine.violations import Response, Violation
from trainer.session.questions import ChoiceAnswer, SpotAnswer
from trainer.session.spot import FOULS_STAGED, FixQuestion, Replay, SpotQuestion


def hand_built(foul: Foul) -> SpotQuestion:
    """DRAGON (Kh 2c 6s 3d 2h, a Dragon 7: the Banker bet pushes, the Dragon 7 wins) dealt
    right on seat 1, Banker 25 and Dragon 7 10, with ``foul``."""
    dc = coup(DRAGON, {Bet.BANKER: "25", Bet.DRAGON7: "10"})
    layout = single_seat({Bet.BANKER: 25, Bet.DRAGON7: 10})
    dealt = replace(Dealt.correct(dc.coup, layout, DEFAULT_HOUSE), fouls=(foul,))
    return SpotQuestion(0, dc, Replay(dc.coup, layout, DEFAULT_HOUSE, dealt, None))


def test_a_past_posted_bet_let_play_is_the_error_at_its_moment() -> None:
    # EZ refuses a bet placed after the first card; the dealer let it play after card 2
    assert DEFAULT_HOUSE.enforces(Violation.PAST_POSTING) is Response.REFUSE
    q = hand_built(Foul(Violation.PAST_POSTING, 1, Bet.PLAYER, Decimal(25), None, 2))
    assert q.lines[1] == "2♣ to the Banker" and q.lines[3] == "6♠ to the Player"
    assert q.lines[2] == "Seat 1 Player 25: past posting, after card 2 — the dealer lets it play"
    assert q.expected() == SpotAnswer(3) and q.grade(SpotAnswer(3)).correct
    assert not q.grade(SpotAnswer(None)).correct
    fix = FixQuestion(0, q.dealt, q.replay, ())
    assert fix.flagged == 2 and fix.expected() == ChoiceAnswer("refuse the bet")


def test_a_pinched_bet_comes_after_the_result_before_the_settlement() -> None:
    # DRAGON: 5 cards, 2 totals, the result (line 8), then the pinch, then the bets
    q = hand_built(Foul(Violation.PINCHING, 1, Bet.BANKER, Decimal(25), Response.FLOOR, 5))
    assert q.lines[7] == "Calls the result: Dragon 7"
    assert q.lines[8].startswith("Seat 1 Banker 25: pinched bet, after the result")
    assert q.lines[9].startswith("Seat 1 Banker 25: pushed")
    # EZ calls the floor for a pinched bet: answered right, so no error
    assert q.expected() == SpotAnswer(None) and q.skill.key == "spot:caught"
    assert "answered as" in q.reason()


def test_cash_returned_is_no_error_and_refused_is_one() -> None:
    ok = hand_built(Foul(Violation.CASH, 1, Bet.BANKER, Decimal(100), Response.RETURN, 0))
    assert (
        ok.lines[0]
        == "Seat 1 Banker 100: cash on the layout, at no more bets — the dealer returns it"
    )
    assert ok.expected() == SpotAnswer(None)
    bad = hand_built(Foul(Violation.CASH, 1, Bet.BANKER, Decimal(100), Response.REFUSE, 0))
    assert bad.expected() == SpotAnswer(1)
    assert FixQuestion(0, bad.dealt, bad.replay, ()).expected() == ChoiceAnswer("return it")


def test_a_rate_of_0_stages_none() -> None:
    for seed in range(3):
        qs = [q for q in deal(spot_drill(0.5, questions=20), seed) if isinstance(q, SpotQuestion)]
        assert not any(q.replay.dealt.fouls for q in qs)
        every = deal(spot_drill(0.5, questions=10, violations=1.0), seed)
        assert all(len(q.replay.dealt.fouls) == 1 for q in every if isinstance(q, SpotQuestion))


def test_the_same_seed_replays_the_same() -> None:
    drill = spot_drill(0.5, level="table", questions=8, violations=0.5)
    one, two = deal(drill, 5), deal(drill, 5)
    assert [q.lines for q in one] == [q.lines for q in two]
    assert [q.expected() for q in one] == [q.expected() for q in two]


@pytest.mark.parametrize("house", list(BUNDLED_HOUSES.values()), ids=lambda h: h.id)
def test_staged_violations_are_graded_as_the_house_says(house: House) -> None:
    drill = spot_drill(0.5, level="table", questions=16, violations=1.0)
    bets = tuple(b for b in drill.bets if b.bet in house.bets)
    drill = replace(drill, house=house, bets=bets)
    seen = {True: 0, False: 0}
    for q, fix in staged_spots(drill):
        (foul,) = q.replay.dealt.fouls
        assert foul.violation in FOULS_STAGED and foul.violation in house.enforced
        right = house.enforces(foul.violation)
        wrong = foul.response is not right
        seen[wrong] += 1
        line = q.replay.rows.index(foul)
        assert q.expected() == SpotAnswer(line + 1 if wrong else None)
        assert q.skill.key == ("spot:violation" if wrong else "spot:caught")
        if wrong:
            assert isinstance(fix, FixQuestion) and fix.flagged == line
            assert right is not None and fix.expected() == ChoiceAnswer(right.label)
            assert right.label in fix.options and len(set(fix.options)) == 4
            for option in fix.options:
                assert fix.grade(ChoiceAnswer(option)).correct is (option == right.label)
    assert seen[True] and seen[False]
