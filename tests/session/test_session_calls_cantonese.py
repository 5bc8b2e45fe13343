"""The calling drill under a bundled house that calls in Cantonese (``ez-cantonese``:
Traditional characters, results announced without the words for win and lose), session
level and on the drill's screen.  The calls are worked by hand from the cards
(tests/support/coups.py) and the Cantonese wording in docs/translators.md ("The dealer's
calls"): 閒 Player, 莊 Banker, 點 points, 補牌 draws, 停牌 stands, 例牌 a natural, 龍7 the
Dragon 7, 注碼不動 the bets stay."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from textual.widgets import Static

from tests.support.coups import DRAGON, NATURAL, PLAYER_STANDS, FakeClock, FakeNow, coup, dealer
from trainer.drills.model import CallSpec, Drill
from trainer.engine.house import BUNDLED_HOUSES
from trainer.session import Session
from trainer.session.calls import CallQuestion, call_questions
from trainer.session.questions import ChoiceAnswer
from trainer.tui.app import TrainerApp
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.results import ResultsScreen
from trainer.tui.widgets.choices import OptionButton

CANTONESE = BUNDLED_HOUSES["ez-cantonese"]

EXPECTED = {
    # Player 9+K = 9, a natural; Banker 2+3 = 5: the Player's nine, then the Banker's five
    NATURAL: ["閒九點", "莊五點", "閒例牌九點", "閒九點，莊五點"],
    # Player K+6 = 6 stands; Banker 2+3 = 5 draws the 2h: 7 with three cards, a Dragon 7
    # over 6; the Banker bet stays
    DRAGON: [
        "閒六點",
        "莊五點",
        "閒六點，停牌",
        "莊補牌",
        "莊補牌後七點",
        "龍7，莊七點，閒六點",
        "龍7，莊注碼不動",
    ],
    # Player 4+2 = 6 stands; Banker 3+K = 3 draws the 8h: 1; the Player's six, the Banker's one
    PLAYER_STANDS: ["閒六點", "莊三點", "閒六點，停牌", "莊補牌", "莊補牌後一點", "閒六點，莊一點"],
}


def call_drill() -> Drill:
    return Drill(
        id="calls-yue",
        title="Calls",
        description="Calls in Cantonese.",
        steps=(),
        questions=1,
        run=CallSpec(),
        house=CANTONESE,
    )


@pytest.mark.parametrize("cards", list(EXPECTED))
def test_each_call_is_graded_in_cantonese(cards: str) -> None:
    questions = call_questions(call_drill(), [coup(cards)], random.Random(3))
    assert [q.expected().text for q in questions] == EXPECTED[cards]
    for q in questions:
        assert q.expected().text in q.options
        assert len(set(q.options)) == len(q.options)
        for option in q.options:
            assert q.grade(ChoiceAnswer(option)).correct is (option == q.expected().text)
        # the English call of the same moment is not the house's: graded wrong
        assert not q.grade(ChoiceAnswer("Player shows nine")).correct
        # the custom: the right call never says win (贏) or lose (輸); a result's question
        # offers the same result called with 贏 among the wrong calls (the slip to unlearn)
        assert "贏" not in q.expected().text and "輸" not in q.expected().text
        if q.call().step.value == "result":
            said = {
                NATURAL: "閒贏，九點對五點",
                DRAGON: "龍7，莊贏，七點對六點",
                PLAYER_STANDS: "閒贏，六點對一點",
            }[cards]
            assert said in q.options
            assert not q.grade(ChoiceAnswer(said)).correct


def test_the_wrong_results_are_cantonese_and_plausible() -> None:
    # PLAYER_STANDS: the right result 閒六點，莊一點.  First among the calls it can be
    # mistaken for, always offered: the same result with the word the custom leaves out
    # (閒贏，六點對一點); among the rest the loser called first (莊六點，閒一點)
    from trainer.engine.calls import calls_for, wrong_calls

    dealt = coup(PLAYER_STANDS).coup
    result = calls_for(dealt, CANTONESE)[-1]
    assert result.text == "閒六點，莊一點"
    wrong = wrong_calls(result, dealt, CANTONESE, random.Random(1), count=20)
    assert wrong[0] == "閒贏，六點對一點"
    assert "莊六點，閒一點" in wrong
    assert all(o.startswith(("閒", "莊", "和局")) for o in wrong)


def test_a_session_records_the_cantonese_calls() -> None:
    records = []
    d = call_drill()
    questions = list(call_questions(d, [coup(NATURAL)], random.Random(2)))
    s = Session(
        d,
        [coup(NATURAL)],
        "Alex",
        clock=FakeClock(),
        now=FakeNow(),
        questions=questions,
        on_answer=records.append,
    )
    s.start()
    first = s.current
    assert isinstance(first, CallQuestion)
    wrong = next(o for o in first.options if o != "閒九點")
    s.answer(ChoiceAnswer(wrong))
    while not s.finished:
        s.answer(s.current.expected())
    assert [r.correct for r in records] == [False, True, True, True]
    assert records[0].expected == "閒九點" and records[0].answer == wrong
    assert records[-1].expected == "閒九點，莊五點" and records[-1].skill == "call:result"


def _text(app: TrainerApp, selector: str) -> str:
    console = Console(width=120, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(app.screen.query_one(selector, Static).render())
    return capture.get()


async def test_the_calls_drill_screen_under_the_cantonese_house() -> None:
    app = TrainerApp(
        start=call_drill(),
        trainee="Alex",
        seed=3,
        deal=dealer([coup(NATURAL)]),
        clock=FakeClock(),
        now=FakeNow(),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, DrillScreen)
        for n, call in enumerate(EXPECTED[NATURAL]):
            buttons = [b for b in app.screen.query(OptionButton) if b.display]
            shown = [b.plain_label for b in buttons]
            assert call in shown, shown
            # each call whole on the 80x24 screen (a Chinese character takes two columns)
            lines = [strip.text for strip in app.screen._compositor.render_strips()]
            assert len(lines) == 24
            for label in shown:
                assert any(label in line for line in lines), (label, lines)
            key = next(b.key for b in buttons if b.plain_label == (call if n else shown[-1]))
            if n == 0 and shown[-1] == call:
                key = next(b.key for b in buttons if b.plain_label != call)
            await pilot.press(key, "enter")
            feedback = _text(app, "#feedback-text")
            assert feedback.startswith("✓" if n else "✗"), feedback
            if n == 0:
                assert call in feedback  # the right call, in Cantonese
            await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "3 of 4 right" in _text(app, "#results-head")
