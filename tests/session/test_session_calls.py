"""The calling drill, session level: each call of a coup in the house's words, graded.

The expected calls are worked by hand from docs/rules.md ("Calling the hand": each hand's total as
dealt, each draw, the result winner first, naming a Dragon 7, a Panda 8 or a Tie) in the
default house wording documented in the README ("Player shows five", "Banker wins, seven over
five", ...), not read from the engine.
"""

from __future__ import annotations

import random

import pytest

from tests.support.coups import DRAGON, NATURAL, PANDA, PLAYER_STANDS, FakeClock, FakeNow, coup
from trainer.drills.model import CallSpec, Drill
from trainer.session import Session
from trainer.session.calls import CallQuestion, call_questions
from trainer.session.questions import ChoiceAnswer

# By hand, from the cards (tests/support/coups.py says how each coup goes).
EXPECTED = {
    # Player 9+K = 9 natural, Banker 2+3 = 5: nobody draws, Player wins 9 over 5.
    NATURAL: [
        "Player shows nine",
        "Banker shows five",
        "Player natural nine",
        "Player wins, nine over five",
    ],
    # Player K+6 = 6 stands; Banker 2+3 = 5 draws the 2h: 7 with three cards: Dragon 7; the
    # Banker bet pushes.
    DRAGON: [
        "Player shows six",
        "Banker shows five",
        "Player stands on six",
        "Banker draws",
        "Banker has seven",
        "Dragon 7: Banker wins, seven over six",
        "Dragon 7, push the Banker bet",
    ],
    # Player 2+3 = 5 draws the 3d: 8; Banker K+7 = 7 stands: Panda 8, eight over seven.
    PANDA: [
        "Player shows five",
        "Banker shows seven",
        "Player draws",
        "Player has eight",
        "Banker stands on seven",
        "Panda 8: Player wins, eight over seven",
    ],
    # Player 4+2 = 6 stands; Banker 3+K = 3 draws the 8h: 1; Player wins 6 over 1.
    PLAYER_STANDS: [
        "Player shows six",
        "Banker shows three",
        "Player stands on six",
        "Banker draws",
        "Banker has one",
        "Player wins, six over one",
    ],
}


def call_drill() -> Drill:
    return Drill(
        id="calls", title="Calls", description="Calls.", steps=(), questions=1, run=CallSpec()
    )


@pytest.mark.parametrize("cards", list(EXPECTED))
def test_each_call_is_graded_against_the_rules(cards: str) -> None:
    questions = call_questions(call_drill(), [coup(cards)], random.Random(3))
    assert [q.expected().text for q in questions] == EXPECTED[cards]
    for q in questions:
        # four options, but the push call has only the other push call to be mistaken for
        assert len(set(q.options)) == len(q.options) == (2 if "push" in q.expected().text else 4)
        assert q.expected().text in q.options
        for option in q.options:
            assert q.grade(ChoiceAnswer(option)).correct is (option == q.expected().text)
        assert q.skill.key.startswith("call:")


def test_the_wrong_calls_are_plausible() -> None:
    """The issue's examples: a neighbouring total, the loser called first."""
    q = call_questions(call_drill(), [coup(PLAYER_STANDS)], random.Random(1))
    shows = q[0]  # Player shows six: other totals are offered
    assert sum(o.startswith("Player shows ") for o in shows.options) >= 3
    result = q[-1]
    assert any(o.startswith("Banker wins") for o in result.options)  # the loser named


def test_the_table_shows_only_the_cards_out_when_the_call_is_made() -> None:
    questions = call_questions(call_drill(), [coup(DRAGON)], random.Random(3))
    shown = [(len(q.view.player_cards), len(q.view.banker_cards)) for q in questions]
    # shows / shows / stands: four cards; draws: still four; has seven: the 2h is out
    assert shown[:4] == [(2, 2)] * 4 and shown[4] == (2, 3)
    assert all(q.view.player_total is None and q.view.banker_total is None for q in questions)


def test_a_calling_session_records_call_skills() -> None:
    records = []
    d = call_drill()
    s = Session(
        d,
        [coup(PANDA)],
        "Alex",
        clock=FakeClock(),
        now=FakeNow(),
        questions=list(call_questions(d, [coup(PANDA)], random.Random(2))),
        on_answer=records.append,
    )
    s.start()
    first = s.current
    assert isinstance(first, CallQuestion)
    wrong = next(o for o in first.options if o != "Player shows five")
    s.answer(ChoiceAnswer(wrong))
    while not s.finished:
        s.answer(s.current.expected())
    assert [r.correct for r in records] == [False] + [True] * 5
    assert records[0].skill == "call:player_shows" and records[0].expected == "Player shows five"
    assert records[-1].skill == "call:result"
    assert s.summary().missed[0].question is first
