"""Spot the error with an irregularity in the deal: a card exposed, a card on the
floor, the cut card out early or misplaced, and the dealer's remedy on a line of its own.

The right remedy is worked from the house data, never from the audit: a house whose
``remedies`` name an irregularity confirms a remedy (the dealer applies it); any other is
"call the floor" (docs/houses.md).  EZ Baccarat (standard) confirms a card exposed and the
cut card misplaced, not a card on the floor or the cut card out early.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.support.coups import DRAGON, coup, spot_drill, staged_spots
from tests.support.coups import deal_spots as deal
from trainer.drills.model import Drill
from trainer.engine import Bet
from trainer.engine.dealt import Dealt, Handled, Remedied, single_seat
from trainer.engine.house import DEFAULT_HOUSE, House
from trainer.engine.irregularities import CONFIRMED, Irregularity
from trainer.irregularities.loader import bundled
from trainer.session.questions import ChoiceAnswer, SpotAnswer
from trainer.session.spot import STAGED, FixQuestion, Replay, SpotQuestion

CONFIRMS_ALL = replace(DEFAULT_HOUSE, remedies=dict.fromkeys(Irregularity, CONFIRMED))
CONFIRMS_NONE = replace(DEFAULT_HOUSE, remedies={})


def spots(drill: Drill, seed: int) -> list[SpotQuestion]:
    return [q for q in deal(drill, seed) if isinstance(q, SpotQuestion)]


def right_done(house: House, remedied: Remedied) -> Handled:
    """From the house data alone: a confirmed remedy is applied, else the floor is called."""
    return Handled.APPLIED if remedied.irregularity in house.remedies else Handled.FLOOR


def hand_built(done: Handled | None, kind: Irregularity, cards: int) -> SpotQuestion:
    """DRAGON (Kh 2c 6s 3d 2h, a Dragon 7) dealt right on one seat, an irregularity after
    ``cards`` cards, the dealer's remedy ``done``."""
    dc = coup(DRAGON, {Bet.BANKER: "25", Bet.DRAGON7: "10"})
    layout = single_seat({Bet.BANKER: 25, Bet.DRAGON7: 10})
    correct = Dealt.correct(dc.coup, layout, DEFAULT_HOUSE)
    remedied = Remedied(kind, done, cards)
    dealt = replace(correct, remedies=(remedied,))
    wrong = "remedy" if done is not right_done(DEFAULT_HOUSE, remedied) else None
    return SpotQuestion(0, dc, Replay(dc.coup, layout, DEFAULT_HOUSE, dealt, wrong, bundled()))


def test_a_card_exposed_and_the_floor_called_where_the_house_confirms_the_remedy() -> None:
    # EZ confirms the card-exposed remedy: calling the floor after card 3 is the mistake,
    # on the line after card 3 (line 4), and the fix is the house's remedy.
    assert DEFAULT_HOUSE.remedies[Irregularity.CARD_EXPOSED] == CONFIRMED
    q = hand_built(Handled.FLOOR, Irregularity.CARD_EXPOSED, 3)
    assert q.lines[2] == "6♠ to the Player" and q.lines[4] == "3♦ to the Banker"
    assert q.lines[3] == "A card exposed after card 3 — the dealer stops and calls the floor"
    assert len(q.lines) == 5 + 3 + 2 + 1 + 1  # cards, calls, bets, the remedy, the end
    assert q.expected() == SpotAnswer(4)
    assert q.grade(SpotAnswer(4)).correct
    assert not q.grade(SpotAnswer(None)).correct and not q.grade(SpotAnswer(5)).correct
    assert q.skill.key == "spot:remedy"
    fix = FixQuestion(0, q.dealt, q.replay, ())
    assert fix.flagged == 3 and fix.skill.key == "spot:remedy:fix"
    assert "remedy" in fix.expected().text and "floor" not in fix.expected().text


def test_a_card_on_the_floor_carried_on_where_the_house_says_call_the_floor() -> None:
    assert Irregularity.CARD_ON_FLOOR not in DEFAULT_HOUSE.remedies
    q = hand_built(None, Irregularity.CARD_ON_FLOOR, 0)
    assert q.lines[0] == "A card on the floor before the first card — the dealer carries on"
    assert q.expected() == SpotAnswer(1)
    fix = FixQuestion(0, q.dealt, q.replay, ())
    assert "call the floor" in fix.expected().text


@pytest.mark.parametrize(
    ("done", "kind"),
    [
        (Handled.APPLIED, Irregularity.CARD_EXPOSED),  # EZ confirms it: applied is right
        (Handled.FLOOR, Irregularity.CARD_ON_FLOOR),  # EZ confirms none: the floor is right
        (Handled.FLOOR, Irregularity.CUT_CARD_EARLY),
    ],
)
def test_an_irregularity_remedied_right_is_no_error(done: Handled, kind: Irregularity) -> None:
    q = hand_built(done, kind, 2)
    assert q.expected() == SpotAnswer(None) and q.grade(SpotAnswer(None)).correct
    assert not q.grade(SpotAnswer(3)).correct  # flagging the remedy line is wrong
    assert q.skill.key == "spot:remedied"
    assert "remedied as" in q.reason()


def test_a_remedy_applied_is_worded_as_the_catalogue_or_the_house() -> None:
    q = hand_built(Handled.APPLIED, Irregularity.CARD_EXPOSED, 2)
    assert q.lines[2] == (
        "A card exposed after card 2 — the dealer applies the remedy: the card plays: "
        "deal it to the hand it was due to"
    )


def test_a_rate_of_0_stages_none_and_1_stages_one_in_every_replay() -> None:
    for seed in range(3):
        assert not any(q.replay.dealt.remedies for q in spots(spot_drill(0.5), seed))
        every = spots(spot_drill(0.5, irregularities=1.0, questions=20), seed)
        assert all(len(q.replay.dealt.remedies) == 1 for q in every)


def test_the_rate_is_kept() -> None:
    qs = [q for seed in range(4) for q in spots(spot_drill(0.5, irregularities=0.3), seed)]
    staged = sum(bool(q.replay.dealt.remedies) for q in qs)
    assert 0.18 * len(qs) < staged < 0.42 * len(qs)  # 160 replays at 0.3


def test_the_same_seed_replays_the_same() -> None:
    drill = spot_drill(0.5, level="table", questions=8, irregularities=0.5)
    one, two = deal(drill, 11), deal(drill, 11)
    assert [q.lines for q in one] == [q.lines for q in two]
    assert [q.expected() for q in one] == [q.expected() for q in two]
    assert [getattr(q, "options", ()) for q in one] == [getattr(q, "options", ()) for q in two]


@pytest.mark.parametrize("house", [DEFAULT_HOUSE, CONFIRMS_ALL, CONFIRMS_NONE], ids=lambda h: h.id)
@pytest.mark.parametrize("level", ["coup", "table"])
def test_staged_remedies_are_graded_as_the_house_says(house: House, level: str) -> None:
    drill = replace(spot_drill(0.5, level=level, questions=16, irregularities=1.0), house=house)
    seen = {True: 0, False: 0}
    for q, fix in staged_spots(drill):
        (remedied,) = q.replay.dealt.remedies
        assert remedied.irregularity in STAGED
        line = q.replay.rows.index(remedied)
        # the line comes right after the card it follows
        assert line == min(remedied.cards, len(q.replay.dealt.cards))
        wrong = remedied.done is not right_done(house, remedied)
        seen[wrong] += 1
        assert q.expected() == SpotAnswer(line + 1 if wrong else None)
        assert q.grade(q.expected()).correct
        assert q.skill.key == ("spot:remedy" if wrong else "spot:remedied")
        assert (q.replay.mistake == "remedy") is wrong
        if wrong:  # the fix: the right remedy, and three that are not
            assert isinstance(fix, FixQuestion) and fix.flagged == line
            right = fix.expected().text
            assert right in fix.options and len(set(fix.options)) == len(fix.options) == 4
            floor = "call the floor" in right
            assert floor is (right_done(house, remedied) is Handled.FLOOR)
            for option in fix.options:
                if option != right:
                    assert not fix.grade(ChoiceAnswer(option)).correct
                    # the catalogue's remedy, where the house confirms it, is the right
                    # remedy in other words: never offered as wrong
                    entry = next(e for e in bundled() if e.kind is remedied.irregularity)
                    if not floor:
                        assert option.lower() != entry.remedy.lower()
                    else:
                        assert "call the floor" not in option
    assert seen[True] and seen[False]


def test_the_remedy_skills_are_spot_skills_with_their_own_words() -> None:
    from trainer.skills import describe, family

    for key in ("spot:remedy", "spot:remedy:fix", "spot:remedied"):
        assert family(key) == "spot"
        assert describe(key) != key and "remed" in describe(key)
    assert describe("spot:remedy") != describe("spot:remedied")
