"""The session: questions per step, grading against the engine, scoring, timing, records."""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path

import pytest

from tests.support.coups import (
    BANKER3_THIRD8,
    DRAGON,
    NATURAL,
    PANDA,
    PLAYER_STANDS,
    FakeClock,
    FakeNow,
    coup,
    drill,
)
from tests.support.tables import NATURAL_LAYOUT, dealt, table_drill
from trainer.drills.model import WHOLE_COUP, Mode, Step
from trainer.engine import Bet, BetResult, Outcome
from trainer.engine.errors import InvalidAmountError
from trainer.paths import write_atomic
from trainer.prefs import Settings, load_settings, save_settings
from trainer.scoring import ABANDONED, CUT_OFF, run_status
from trainer.session import (
    DrawAnswer,
    OutcomeAnswer,
    PayoutAnswer,
    ReferenceRefused,
    Session,
    SessionError,
    TimedOut,
    parse_paid_amount,
)
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.session.table.session import TableSession

WIN, PUSH, LOSE = BetResult.WIN, BetResult.PUSH, BetResult.LOSE


def make(coups, steps=WHOLE_COUP, **kw) -> Session:
    clock = kw.pop("clock", FakeClock())
    return Session(drill(steps, **kw), coups, "Alex", clock=clock, now=FakeNow())


# -- expansion ---------------------------------------------------------------------------


def test_whole_coup_asks_each_step_then_each_bet_in_layout_order() -> None:
    # Wagers given out of order: the layout order is Player, Banker, Tie, Dragon 7, Panda 8.
    s = make([coup(DRAGON, {Bet.DRAGON7: "15", Bet.PLAYER: "20", Bet.BANKER: "10"})])
    asked = [(q.step, q.bet) for q in s.questions]
    assert asked == [
        (Step.PLAYER_DRAWS, None),
        (Step.BANKER_DRAWS, None),
        (Step.OUTCOME, None),
        (Step.PAYOUT, Bet.PLAYER),
        (Step.PAYOUT, Bet.BANKER),
        (Step.PAYOUT, Bet.DRAGON7),
    ]


def test_steps_are_asked_in_dealing_order_whatever_the_drill_lists() -> None:
    s = make([coup(PANDA)], steps=(Step.OUTCOME, Step.PLAYER_DRAWS))
    assert [q.step for q in s.questions] == [Step.PLAYER_DRAWS, Step.OUTCOME]


def test_payout_step_without_wagers_asks_nothing() -> None:
    with pytest.raises(SessionError):
        make([coup(PANDA)], steps=(Step.PAYOUT,))


def test_the_view_reveals_cards_as_the_coup_advances() -> None:
    p, b = ("2h", "3s", "3d"), ("Kc", "7d")
    s = make([coup(PANDA, {Bet.PANDA8: "4"})])
    views = {q.step: q.view for q in s.questions}
    as_text = lambda cards: tuple(str(c) for c in cards)  # noqa: E731
    player = views[Step.PLAYER_DRAWS]
    assert as_text(player.player_cards) == p[:2] and as_text(player.banker_cards) == b
    assert player.player_total is None and player.banker_total is None
    banker = views[Step.BANKER_DRAWS]  # the Player's third card is out; its total known
    assert as_text(banker.player_cards) == p and banker.player_total == 8
    assert banker.banker_total is None
    outcome = views[Step.OUTCOME]
    assert outcome.player_total is None and outcome.outcome is None
    payout = views[Step.PAYOUT]
    assert (payout.player_total, payout.banker_total, payout.outcome) == (8, 7, Outcome.PANDA8)
    assert payout.wagers == ((Bet.PANDA8, Decimal(4)),)


# -- grading, each step kind right and wrong ---------------------------------------------------


def test_player_draw_graded_right_and_wrong() -> None:
    q = make([coup(PANDA)], steps=(Step.PLAYER_DRAWS,)).questions[0]  # Player 5 draws
    assert q.grade(DrawAnswer(True)).correct
    wrong = q.grade(DrawAnswer(False))
    assert not wrong.correct and wrong.expected == DrawAnswer(True)
    assert "5" in wrong.reason and "draws" in wrong.reason
    assert wrong.skill.key == "player:5"


def test_banker_hard_cell_graded_with_its_reason() -> None:
    q = make([coup(BANKER3_THIRD8)], steps=(Step.BANKER_DRAWS,)).questions[0]
    assert q.grade(DrawAnswer(False)).correct  # Banker 3, Player's third card 8: stands
    wrong = q.grade(DrawAnswer(True))
    assert not wrong.correct
    assert "3" in wrong.reason and "8" in wrong.reason and "stands" in wrong.reason
    assert wrong.skill.key == "banker:3:8"


def test_draw_questions_on_a_natural_are_asked_and_say_why() -> None:
    s = make([coup(NATURAL)], steps=(Step.PLAYER_DRAWS, Step.BANKER_DRAWS))
    for q in s.questions:
        graded = q.grade(DrawAnswer(False))
        assert graded.correct
        assert "natural" in graded.reason.lower()
        assert not q.grade(DrawAnswer(True)).correct
        assert graded.skill.key == "natural"


def test_outcome_graded_right_and_wrong() -> None:
    q = make([coup(DRAGON)], steps=(Step.OUTCOME,)).questions[0]
    assert q.grade(OutcomeAnswer(Outcome.DRAGON7)).correct
    wrong = q.grade(OutcomeAnswer(Outcome.BANKER))  # a Banker win, but it is a Dragon 7
    assert not wrong.correct and wrong.expected == OutcomeAnswer(Outcome.DRAGON7)
    assert "Dragon 7" in wrong.reason


def test_banker_three_card_seven_or_player_eight_that_ties_is_a_tie() -> None:
    q = make([coup(BANKER3_THIRD8)], steps=(Step.OUTCOME,)).questions[0]
    assert q.grade(OutcomeAnswer(Outcome.TIE)).correct
    assert not q.grade(OutcomeAnswer(Outcome.PLAYER)).correct


@pytest.mark.parametrize(
    ("cards", "bet", "wager", "right", "wrongs"),
    [
        # Dragon 7 pays 40 to 1: 15 x 40 = 600.
        (
            DRAGON,
            Bet.DRAGON7,
            "15",
            PayoutAnswer(WIN, Decimal(600)),
            [PayoutAnswer(WIN, Decimal(615)), PayoutAnswer(WIN, Decimal(0)), PayoutAnswer(LOSE)],
        ),
        # The Banker bet pushes on a Dragon 7.
        (
            DRAGON,
            Bet.BANKER,
            "10",
            PayoutAnswer(PUSH),
            [PayoutAnswer(WIN, Decimal(10)), PayoutAnswer(LOSE)],
        ),
        (
            DRAGON,
            Bet.PLAYER,
            "20",
            PayoutAnswer(LOSE),
            [PayoutAnswer(PUSH), PayoutAnswer(WIN, Decimal(20))],
        ),
        # Panda 8 pays 25 to 1: 4 x 25 = 100; the Player bet pays even money on cents.
        (
            PANDA,
            Bet.PANDA8,
            "4",
            PayoutAnswer(WIN, Decimal(100)),
            [PayoutAnswer(WIN, Decimal(99)), PayoutAnswer(LOSE)],
        ),
        (
            PANDA,
            Bet.PLAYER,
            "2.50",
            PayoutAnswer(WIN, Decimal("2.5")),
            [PayoutAnswer(WIN, Decimal("2.05")), PayoutAnswer(WIN, Decimal(5))],
        ),
        # Tie pays 8 to 1: 10 x 8 = 80; Player pushes on a Tie.
        (
            BANKER3_THIRD8,
            Bet.TIE,
            "10",
            PayoutAnswer(WIN, Decimal(80)),
            [PayoutAnswer(WIN, Decimal(90)), PayoutAnswer(PUSH)],
        ),
        (
            BANKER3_THIRD8,
            Bet.PLAYER,
            "25",
            PayoutAnswer(PUSH),
            [PayoutAnswer(LOSE), PayoutAnswer(WIN, Decimal(25))],
        ),
    ],
)
def test_payouts_graded_exactly(cards, bet, wager, right, wrongs) -> None:
    q = make([coup(cards, {bet: wager})], steps=(Step.PAYOUT,)).questions[0]
    graded = q.grade(right)
    assert graded.correct, graded.reason
    assert graded.skill.key == f"payout:{bet.value}:{right.result.value}"
    for wrong in wrongs:
        assert not q.grade(wrong).correct, wrong


def test_payout_reason_spells_the_sum() -> None:
    q = make([coup(DRAGON, {Bet.DRAGON7: "15"})], steps=(Step.PAYOUT,)).questions[0]
    assert "Dragon 7 pays 40 to 1: 15 × 40 = 600" in q.grade(PayoutAnswer(LOSE)).reason


def test_payout_uses_the_drills_paytable() -> None:
    from dataclasses import replace

    from trainer.engine import Paytable

    base = drill((Step.PAYOUT,))
    thirty = replace(base, house=base.house.with_paytable(Paytable(dragon7=Decimal(30))))
    s = Session(thirty, [coup(DRAGON, {Bet.DRAGON7: "15"})], "Alex", clock=FakeClock())
    q = s.questions[0]
    assert q.grade(PayoutAnswer(WIN, Decimal(450))).correct  # 15 x 30
    assert not q.grade(PayoutAnswer(WIN, Decimal(600))).correct


def test_grading_asks_the_engine_not_a_stored_key() -> None:
    # A question carries the coup and what is asked (and which steps are still to come),
    # nothing that looks like an answer.
    q = make([coup(DRAGON)], steps=(Step.OUTCOME,)).questions[0]
    assert set(q.__slots__) == {"coup_index", "dealt", "step", "house", "bet", "wager", "later"}


def test_an_answer_of_the_wrong_kind_is_refused() -> None:
    s = make([coup(PANDA)], steps=(Step.OUTCOME,))
    s.start()
    with pytest.raises(SessionError):
        s.answer(DrawAnswer(True))
    assert s.index == 0


# -- amounts --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("600", "600"),
        ("$600", "600"),
        ("1,000", "1000"),
        ("2.50", "2.5"),
        (" 35 ", "35"),
        ("0", "0"),
        ("$1,234.05", "1234.05"),
    ],
)
def test_amounts_in_the_forms_people_write(text: str, value: str) -> None:
    assert parse_paid_amount(text) == Decimal(value)


@pytest.mark.parametrize("text", ["", "six hundred", "60O", "-5", "1,00", "2.505", "1.2.3"])
def test_malformed_amounts_are_rejected_not_graded(text: str) -> None:
    with pytest.raises(InvalidAmountError):
        parse_paid_amount(text)


# -- scoring, timing, retry -------------------------------------------------------------------


def answer_all(s: Session, answers) -> None:
    s.start()
    for a in answers:
        s.clock.advance(2)  # type: ignore[attr-defined]
        s.answer(a)


def test_score_and_pass_mark_exactly() -> None:
    # Five outcome questions; pass mark 80%: 4 of 5 passes, 3 of 5 does not.
    cards = [DRAGON, PANDA, NATURAL, BANKER3_THIRD8, PLAYER_STANDS]
    truth = [Outcome.DRAGON7, Outcome.PANDA8, Outcome.PLAYER, Outcome.TIE, Outcome.PLAYER]
    four = make([coup(c) for c in cards], steps=(Step.OUTCOME,))
    answer_all(four, [OutcomeAnswer(o) for o in truth[:4]] + [OutcomeAnswer(Outcome.TIE)])
    summary = four.summary()
    assert (summary.right, summary.total, summary.percent, summary.passed) == (4, 5, 80, True)
    three = make([coup(c) for c in cards], steps=(Step.OUTCOME,))
    answer_all(three, [OutcomeAnswer(o) for o in truth[:3]] + [OutcomeAnswer(Outcome.BANKER)] * 2)
    assert (three.summary().right, three.summary().passed) == (3, False)
    assert [r.question.coup_index for r in three.summary().missed] == [3, 4]


def test_breakdown_by_skill() -> None:
    s = make([coup(PANDA), coup(BANKER3_THIRD8)], steps=(Step.PLAYER_DRAWS, Step.BANKER_DRAWS))
    # PANDA: Player 5 draws (right), Banker 7 after Player's 3 stands (wrong: said draws);
    # BANKER3_THIRD8: Player 5 draws (wrong: said stands), Banker 3 / 8 stands (right).
    answer_all(s, [DrawAnswer(True), DrawAnswer(True), DrawAnswer(False), DrawAnswer(False)])
    scores = {k.key: (k.right, k.total) for k in s.summary().by_skill}
    assert scores == {"player:5": (1, 2), "banker:7:3": (0, 1), "banker:3:8": (1, 1)}


def test_time_per_question_with_a_fake_clock() -> None:
    clock = FakeClock()
    s = make([coup(PANDA)], steps=(Step.PLAYER_DRAWS, Step.OUTCOME), clock=clock)
    s.start()
    clock.advance(3.5)
    s.answer(DrawAnswer(True))
    clock.advance(1.25)
    s.answer(OutcomeAnswer(Outcome.PANDA8))
    assert [r.seconds for r in s.results] == [3.5, 1.25]
    assert s.summary().seconds == 4.75


def test_exam_time_limit_is_enforced() -> None:
    clock = FakeClock()
    s = make(
        [coup(PANDA), coup(DRAGON)],
        steps=(Step.OUTCOME,),
        mode=Mode.EXAM,
        time_limit=10,
        clock=clock,
    )
    s.start()
    clock.advance(9)
    assert s.expire() is None and s.remaining() == 1
    clock.advance(2)
    timed = s.expire()  # the UI's timer noticed the limit ran out
    assert timed is not None and timed.timed_out and not timed.correct
    assert timed.answer.text == "timeout"
    clock.advance(12)  # the right answer, but too late: still a timeout
    late = s.answer(OutcomeAnswer(Outcome.DRAGON7))
    assert late.timed_out and not late.correct
    assert s.finished and s.summary().right == 0


def test_practice_time_limit_is_shown_not_enforced() -> None:
    clock = FakeClock()
    s = make([coup(PANDA)], steps=(Step.OUTCOME,), time_limit=5, clock=clock)
    s.start()
    clock.advance(8)
    assert s.expired() and s.expire() is None  # nothing happens by itself
    result = s.answer(OutcomeAnswer(Outcome.PANDA8))
    assert result.correct and result.over_time


def test_retry_missed_builds_a_session_of_just_those() -> None:
    s = make([coup(DRAGON), coup(PANDA), coup(NATURAL)], steps=(Step.OUTCOME,))
    answer_all(
        s,
        [OutcomeAnswer(Outcome.BANKER), OutcomeAnswer(Outcome.PANDA8), OutcomeAnswer(Outcome.TIE)],
    )
    again = s.retry_missed()
    assert again.session_id != s.session_id and again.total == 2
    assert [str(q.coup.cards[0]) for q in again.questions] == ["Kh", "9h"]
    answer_all(again, [OutcomeAnswer(Outcome.DRAGON7), OutcomeAnswer(Outcome.PLAYER)])
    # all right, yet not a pass: a retry is practice of the missed questions, linked to its run
    summary = again.summary()
    assert summary.right == 2 and not summary.passed and summary.retry_of == s.session_id
    assert summary.headline == "Retry of 2 missed questions: practice"
    with pytest.raises(SessionError):
        again.retry_missed()  # nothing missed


def test_reference_counted_in_practice_refused_in_exam() -> None:
    practice = make([coup(PANDA)], steps=(Step.OUTCOME,))
    practice.start()
    practice.open_reference()
    practice.open_reference()
    assert practice.summary().reference_opened == 2
    exam = make([coup(PANDA)], steps=(Step.OUTCOME,), mode=Mode.EXAM)
    exam.start()
    with pytest.raises(ReferenceRefused):
        exam.open_reference()
    exam.answer(OutcomeAnswer(Outcome.PANDA8))
    assert exam.open_reference() == 1  # after the exam it opens


# -- records ---------------------------------------------------------------------------------


def test_callbacks_receive_answer_and_session_records() -> None:
    answers: list[AnswerRecord] = []
    sessions: list[SessionRecord] = []
    clock = FakeClock()
    s = Session(
        drill((Step.BANKER_DRAWS, Step.PAYOUT), ident="cells", title="Cells"),
        [coup(DRAGON, {Bet.DRAGON7: "15"})],
        "Alex",
        clock=clock,
        now=FakeNow(),
        on_answer=answers.append,
        on_session=sessions.append,
    )
    s.start()
    assert sessions == []  # reported with its first answer: no answer, no attempt
    clock.advance(4)
    s.answer(DrawAnswer(True))  # Player stood, Banker 5 draws: right
    assert len(sessions) == 1 and sessions[0].finished_at is None and sessions[0].passed is None
    assert not sessions[0].completed and sessions[0].started_at < answers[0].answered_at
    clock.advance(6)
    s.answer(PayoutAnswer(WIN, Decimal(615)))  # 15 x 40 = 600: wrong
    first, second = answers
    assert first.session_id == s.session_id == second.session_id
    assert (first.trainee, first.drill_id, first.step, first.skill) == (
        "Alex",
        "cells",
        "banker_draws",
        "banker:5:stood",
    )
    assert first.cards == ("Kh", "2c", "6s", "3d", "2h")
    assert (first.answer, first.expected, first.correct, first.seconds) == (
        "draws",
        "draws",
        True,
        4,
    )
    assert (second.answer, second.expected, second.correct) == ("win 615", "win 600", False)
    assert (second.skill, second.bet, second.wager) == ("payout:dragon7:win", "dragon7", "15")
    assert first.answered_at.tzinfo is not None
    end = sessions[-1]
    assert len(sessions) == 2 and end.finished_at is not None and end.completed
    assert (end.questions, end.correct, end.passed, end.mode) == (2, 1, False, "practice")
    assert end.drill_title == "Cells"


def test_a_run_left_before_its_first_answer_is_not_recorded() -> None:
    # once kept as a "0/0 abandoned" attempt and counted in reports (docs/decisions.md,
    # "A run counts from its first answer")
    sessions: list[SessionRecord] = []
    answers: list[AnswerRecord] = []
    s = Session(
        drill((Step.OUTCOME,)),
        [coup(DRAGON)],
        "Alex",
        clock=FakeClock(),
        now=FakeNow(),
        on_session=sessions.append,
        on_answer=answers.append,
    )
    s.start()
    s.abandon()
    assert s.abandoned and not s.in_progress  # left, as far as the screens go
    assert sessions == [] and answers == []


def test_an_exam_left_before_its_first_answer_is_an_abandoned_attempt() -> None:
    # an exam's questions are seen once it opens: leaving before answering is no free look
    sessions: list[SessionRecord] = []
    answers: list[AnswerRecord] = []
    s = Session(
        drill((Step.OUTCOME,), mode=Mode.EXAM),
        [coup(DRAGON), coup(PANDA)],
        "Alex",
        clock=FakeClock(),
        now=FakeNow(),
        on_session=sessions.append,
        on_answer=answers.append,
    )
    s.start()
    assert len(sessions) == 1 and sessions[0].finished_at is None  # killed now: cut off
    assert run_status(sessions[0].finished_at, sessions[0].abandoned) == CUT_OFF
    s.abandon()
    last = sessions[-1]
    assert run_status(last.finished_at, last.abandoned) == ABANDONED
    assert (last.questions, last.correct, last.passed, last.mode) == (0, 0, None, "exam")
    assert answers == [] and {r.session_id for r in sessions} == {s.session_id}


def test_an_exam_answered_is_reported_once_at_its_start_then_at_its_end() -> None:
    sessions: list[SessionRecord] = []
    s = Session(
        drill((Step.OUTCOME,), mode=Mode.EXAM),
        [coup(DRAGON)],
        "Alex",
        clock=FakeClock(),
        now=FakeNow(),
        on_session=sessions.append,
    )
    s.start()
    s.answer(OutcomeAnswer(Outcome.DRAGON7))  # right, and the last question
    assert len(sessions) == 2  # at its start, and at its end: not again at its first answer
    assert sessions[-1].completed and (sessions[-1].questions, sessions[-1].passed) == (1, True)


def test_a_retry_of_an_exam_left_before_its_first_answer_is_not_recorded() -> None:
    # a retry is practice, exam or not: no answer, no record (unchanged)
    sessions: list[SessionRecord] = []
    s = Session(
        drill((Step.OUTCOME,), mode=Mode.EXAM),
        [coup(DRAGON)],
        "Alex",
        clock=FakeClock(),
        now=FakeNow(),
        on_session=sessions.append,
    )
    s.start()
    s.answer(OutcomeAnswer(Outcome.TIE))  # wrong: there is something to retry
    retry = s.retry_missed()
    seen = len(sessions)
    retry.start()
    retry.abandon()
    assert len(sessions) == seen and retry.abandoned


def test_a_table_exam_left_before_its_first_answer_is_an_abandoned_attempt() -> None:
    sessions: list[SessionRecord] = []
    s = TableSession(
        table_drill(mode=Mode.EXAM),
        [dealt(NATURAL, NATURAL_LAYOUT)],
        "Alex",
        clock=FakeClock(),
        now=FakeNow(),
        on_session=sessions.append,
    )
    s.start()
    s.abandon()
    assert [(r.abandoned, r.questions, r.mode) for r in sessions][-1] == (True, 0, "exam")
    practice: list[SessionRecord] = []
    p = TableSession(
        table_drill(),
        [dealt(NATURAL, NATURAL_LAYOUT)],
        "Alex",
        clock=FakeClock(),
        now=FakeNow(),
        on_session=practice.append,
    )
    p.start()
    p.abandon()
    assert practice == []  # practice: no answer, no attempt


def test_abandoning_reports_the_session_without_a_verdict() -> None:
    sessions: list[SessionRecord] = []
    s = Session(
        drill((Step.OUTCOME,)),
        [coup(DRAGON), coup(PANDA)],
        "Alex",
        clock=FakeClock(),
        now=FakeNow(),
        on_session=sessions.append,
    )
    s.start()
    s.answer(OutcomeAnswer(Outcome.DRAGON7))
    s.abandon()
    last = sessions[-1]
    assert last.abandoned and last.passed is None and last.finished_at is not None
    assert not last.completed  # quit, though finished_at says when
    assert (last.questions, last.correct) == (1, 1)


def test_a_timed_out_answer_is_recorded_as_timeout() -> None:
    answers: list[AnswerRecord] = []
    clock = FakeClock()
    s = Session(
        drill((Step.OUTCOME,), mode=Mode.EXAM, time_limit=3),
        [coup(PANDA)],
        "Alex",
        clock=clock,
        on_answer=answers.append,
    )
    s.start()
    clock.advance(3.5)
    s.expire()
    assert answers[0].answer == "timeout" and answers[0].expected == "panda8"
    assert not answers[0].correct


def test_timed_out_is_not_an_answer_a_trainee_can_pick() -> None:
    # TimedOut grades wrong even on its own (it is never the right answer).
    q = make([coup(PANDA)], steps=(Step.OUTCOME,)).questions[0]
    assert not q.grade(TimedOut()).correct


def test_write_atomic_leaves_no_temp_and_keeps_the_old_file_when_it_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "new" / "folder" / "settings.json"
    write_atomic(target, "first\n")
    assert target.read_text(encoding="utf-8") == "first\n"
    assert os.listdir(target.parent) == ["settings.json"]

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(PermissionError):
        write_atomic(target, "second\n")
    assert target.read_text(encoding="utf-8") == "first\n"
    assert os.listdir(target.parent) == ["settings.json"]


def test_save_settings_reports_a_failed_write_and_leaves_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "settings.json"
    saved = save_settings(load_settings(path), Settings("Alex", True))
    assert saved.problem is None and load_settings(path).settings == Settings("Alex", True)

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    failed = save_settings(saved, Settings("Sam"))
    assert failed.problem == f"{path}: cannot save settings (Permission denied)"
    assert failed.settings == Settings("Sam")
    assert load_settings(path).settings == Settings("Alex", True)
    assert os.listdir(tmp_path) == ["settings.json"]
