"""A table watched before it is worked (``violations:`` on a table drill): the moments
around the deal asked in order, graded and recorded per violation kind, the table settled
being the layout the house's answers leave, time-outs, and the bundled drill.

Hand-worked from docs/rules.md and the EZ house's data (``ezbac houses show ez``: a bet placed
after the first card is refused; the Tie 9 house refuses a bet under its 5 minimum):

DRAGON (Kh 2c 6s 3d 2h) is a Dragon 7.  Seat 1 Banker 25 (pushes) and Dragon 7 10 (pays 400),
seat 3 Player 50 (loses).  During the deal seat 4 puts 25 on the Player: past posting,
refused; it never plays, so the take is seat 3's Player 50 alone.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from tests.support.coups import DRAGON, FakeClock, FakeNow
from tests.support.tables import table_drill
from trainer.drills.loader import load_file
from trainer.drills.model import DealtTable, Drill, Mode
from trainer.engine import Bet, Coup, parse_cards
from trainer.engine.house import BUNDLED_HOUSES, House
from trainer.engine.protection import ALL_PLAY, Scene, judge, stands
from trainer.engine.table import Layout
from trainer.engine.violations import Moment, Violation
from trainer.session.records import AnswerRecord
from trainer.session.table.session import TableSession
from trainer.session.table.values import Fault, Phase, TableActionError

P, B, D7 = Bet.PLAYER, Bet.BANKER, Bet.DRAGON7
DRILL = Path(__file__).resolve().parents[2] / "drills" / "25-table-protection.yaml"
START = Layout.of({1: {B: 25, D7: 10}, 3: {P: 50}})
LATE = Layout.of({1: {B: 25, D7: 10}, 3: {P: 50}, 4: {P: 25}})
REFUSE_LATE = "Seat 4 Player: past posting: refuse the bet"


def watched_table() -> DealtTable:
    coup = Coup.from_cards(parse_cards(DRAGON))
    scenes = (
        Scene(Moment.BETS, coup, START, START),
        Scene(Moment.DEAL, coup, START, LATE),
        Scene(Moment.RESULT, coup, START, START),
    )
    return DealtTable(coup, START, None, scenes)


def session(mode: Mode = Mode.PRACTICE, time_limit: float | None = None) -> tuple:
    clock, records = FakeClock(), []
    s = TableSession(
        table_drill(mode=mode, time_limit=time_limit),
        [watched_table()],
        "ann",
        clock=clock,
        now=FakeNow(),
        on_answer=records.append,
    )
    s.start()
    return s, clock, records


def test_the_moments_come_in_order_before_the_take() -> None:
    s, clock, records = session()
    assert s.table.phase is Phase.WATCH
    said = []
    for moment in (Moment.BETS, Moment.DEAL, Moment.RESULT):
        q = s.watch_question
        assert q is not None and q.scene.moment is moment
        assert (REFUSE_LATE in q.options) == (moment is Moment.DEAL)  # the answer is offered
        clock.advance(2)
        right = REFUSE_LATE if moment is Moment.DEAL else ALL_PLAY
        feedback = s.answer_watch(right)
        assert feedback is not None and feedback.correct
        said.append(feedback.answers[0])
    assert s.table.phase is Phase.TAKE and s.watch_question is None
    assert [a.skill for a in said] == ["violation:none", "violation:past_posting", "violation:none"]
    assert [a.asked for a in said] == [
        "the layout at no more bets",
        "the layout during the deal",
        "the layout after the result",
    ]
    assert [a.seconds for a in said] == [2, 2, 2]
    recorded = [r for r in records if isinstance(r, AnswerRecord)]
    assert [r.skill for r in recorded] == [a.skill for a in said]
    assert all(r.correct for r in recorded)
    # the late bet never plays: the take is seat 3's Player 50 alone, seat 4 has no bet
    assert {(sp.seat, sp.bet) for sp in s.table.spots} == {(1, B), (1, D7), (3, P)}
    s.mark(3, P)
    take = s.confirm_take()
    assert take is not None and take.correct


def test_each_way_of_getting_a_moment_wrong_is_named() -> None:
    s, _, _ = session()
    q = s.watch_question
    assert q is not None
    flag = next(o for o in q.options if o != ALL_PLAY)  # a legal layout stopped
    feedback = s.answer_watch(flag)
    assert feedback is not None and [m.kind for m in feedback.mistakes] == [Fault.LEGAL_STOPPED]
    feedback = s.answer_watch(ALL_PLAY)  # the late bet let play
    assert feedback is not None
    assert [(m.kind, m.seat, m.bet) for m in feedback.mistakes] == [(Fault.MISSED_VIOLATION, 4, P)]
    assert feedback.answers[0].expected == REFUSE_LATE

    s, _, _ = session()
    s.answer_watch(ALL_PLAY)
    q = s.watch_question
    assert q is not None
    other = next(
        o for o in q.options if o.startswith("Seat 4 Player: past posting:") and o != REFUSE_LATE
    )
    feedback = s.answer_watch(other)  # caught, answered otherwise than the house
    assert feedback is not None and [m.kind for m in feedback.mistakes] == [Fault.WRONG_RESPONSE]


def test_only_the_moment_watched_may_be_answered() -> None:
    s, _, _ = session()
    with pytest.raises(TableActionError):
        s.mark(3, P)  # the take comes after the moments
    with pytest.raises(TableActionError):
        s.answer_watch("Seat 9 Tie: nonsense")
    for _ in range(3):
        s.answer_watch(ALL_PLAY)
    with pytest.raises(TableActionError):
        s.answer_watch(ALL_PLAY)  # the table is at the take now


def test_an_exam_timed_out_while_watching_grades_every_moment_left_wrong() -> None:
    s, clock, _ = session(Mode.EXAM, time_limit=30)
    assert s.answer_watch(ALL_PLAY) is None  # an exam says nothing until the results
    clock.advance(31)
    assert s.expire()
    answers = s.table.answers
    assert [a.skill for a in answers[:3]] == [
        "violation:none",
        "violation:past_posting",
        "violation:none",
    ]
    assert [a.answer for a in answers[1:3]] == ["timeout", "timeout"]
    assert answers[1].expected == REFUSE_LATE
    # then the take and the Dragon 7's payout, as any table timed out
    assert [a.skill for a in answers[3:]] == ["table:take", "table:pay:dragon7"]
    assert not any(a.correct for a in answers[1:])


def test_the_results_teach_the_violation_before_the_settlement() -> None:
    s, _, _ = session()
    for answer in (ALL_PLAY, REFUSE_LATE, ALL_PLAY):
        s.answer_watch(answer)
    s.mark(3, P)
    s.confirm_take()
    s.select(1, D7)
    s.type_amount("400")
    s.confirm_payout()
    s.finish_paying()
    (table,) = s.results()
    assert table.procedure[0] == f"The first card is out of the shoe: {REFUSE_LATE}"
    assert table.correct


# -- the bundled drill, dealt -----------------------------------------------------------------


def test_the_bundled_drill_watches_every_table_and_settles_what_stands() -> None:
    drill = load_file(DRILL)
    assert drill.table is not None and drill.table.violations == 0.5
    for seed in range(20):
        s = TableSession.deal(drill, "t", random.Random(seed))
        for work in s.tables:
            scenes = work.dealt.watch
            assert [sc.moment for sc in scenes] == list(Moment)
            found = [f for sc in scenes for f in judge(sc, drill.house)]
            assert len(found) <= 1  # one violation at most, at its own moment
            plays = scenes[0].after
            for sc in scenes:  # each moment starts from what the last one left
                assert sc.before == plays or sc.moment is Moment.BETS
                plays = stands(sc, drill.house)
            assert work.layout == plays
            left = judge(Scene(Moment.BETS, work.coup, plays, plays), drill.house)
            assert [f.violation for f in left] in ([], [Violation.DIFFERENTIAL])


@pytest.mark.parametrize("rate", [0.0, 1.0])
def test_the_rate_is_the_share_of_tables_with_a_violation(rate: float) -> None:
    drill = load_file(DRILL)
    assert drill.table is not None
    drill = replace(drill, table=replace(drill.table, violations=rate), questions=24)
    s = TableSession.deal(drill, "t", random.Random(7))
    with_one = [any(judge(sc, drill.house) for sc in w.dealt.watch) for w in s.tables]
    assert with_one == [bool(rate)] * 24
    if rate:  # each kind in turn: a run of 24 tables meets most of the house's kinds
        kinds = {
            f.violation for w in s.tables for sc in w.dealt.watch for f in judge(sc, drill.house)
        }
        assert len(kinds) >= len(drill.house.enforced) - 2


def every_table_watched(house: str) -> tuple[Drill, House]:
    """The bundled drill under ``house``, Player and Banker bets within its limits, a
    violation on every table."""
    drill = load_file(DRILL)
    assert drill.table is not None
    h = BUNDLED_HOUSES[house]
    low = max(h.limits.minimum, 10)
    bets = tuple(
        replace(b, minimum=low, maximum=max(low, 100)) for b in drill.table.bets if b.bet in (P, B)
    )
    table = replace(drill.table, bets=bets, violations=1.0)
    return replace(drill, house=h, table=table), h


@pytest.mark.parametrize("house", sorted(BUNDLED_HOUSES))
def test_every_bundled_house_deals_watched_tables(house: str) -> None:
    drill, h = every_table_watched(house)
    s = TableSession.deal(drill, "t", random.Random(house))
    for work in s.tables:
        found = [(sc, f) for sc in work.dealt.watch for f in judge(sc, h)]
        assert len(found) == 1
        scene, f = found[0]
        assert f.violation.moment is scene.moment
        q = next(q for q in work.watch if q.scene is scene)
        assert q.expected().text == f.describe() and q.expected().text in q.options


def test_a_retry_watches_the_same_moments_with_the_same_choices() -> None:
    drill = load_file(DRILL)
    s = TableSession.deal(drill, "t", random.Random(3))
    s.start()
    while not s.finished:
        work = s.table
        while s.watch_question is not None:
            s.answer_watch(s.watch_question.options[0])
        s.confirm_take()
        if work.phase is Phase.PAY:
            s.finish_paying()
        s.next_table()
    missed = [t.number for t in s.results() if not t.correct]
    again = s.retry_missed()
    for work, number in zip(again.tables, missed, strict=True):
        before = s.tables[number - 1]
        assert [q.options for q in work.watch] == [q.options for q in before.watch]


def test_the_bundled_audition_grades_the_moments_watched_as_protecting_the_game() -> None:
    from trainer.curriculum.catalogue import load_curriculum
    from trainer.session.audition import judge_audition, practical_drills

    audition = load_curriculum().audition
    assert audition is not None and "table-protection" in practical_drills(audition)
    s, clock, records = session()
    for answer in (ALL_PLAY, REFUSE_LATE, ALL_PLAY):
        clock.advance(4)
        s.answer_watch(answer)
    s.mark(3, P)
    s.confirm_take()
    answers = [r for r in records if isinstance(r, AnswerRecord)]
    # one table's three moments are fewer than the 5 answers an area needs: no grade
    verdict = judge_audition(audition, "ann", "Mrs Lee", FakeNow()(), 18, answers)
    (area,) = [a for a in verdict.areas if a.area.id == "protection"]
    assert area.answered == 3 and area.mark == "not enough answers"
    # where 3 are enough: the three moments, right, 4 s each against a 10 s target, get
    # the best grade; the take is the tables' area's, not this one's
    three = replace(audition, min_answers=3)
    verdict = judge_audition(three, "ann", "Mrs Lee", FakeNow()(), 18, answers)
    (area,) = [a for a in verdict.areas if a.area.id == "protection"]
    assert (area.answered, area.right, area.seconds) == (3, 3, 12)
    assert area.grade is not None and area.grade.grade == "A"


@pytest.mark.parametrize("house", sorted(BUNDLED_HOUSES))
def test_the_export_of_watched_tables_audits_clean(house: str) -> None:
    """Each table's right procedure, its violations answered as the house says, exported in
    the audit's notation (``x`` on the results) reads back dealt right under the house."""
    from trainer.engine.notation import Procedure, read_procedures
    from trainer.engine.procedure import audit

    drill, h = every_table_watched(house)
    s = TableSession.deal(replace(drill, questions=12), "t", random.Random(house))
    read = [p for _, p in read_procedures(s.procedures())]
    assert len(read) == 12 and all(isinstance(p, Procedure) for p in read)
    for p, work in zip(read, s.tables, strict=True):
        assert isinstance(p, Procedure)
        assert len(p.dealt.fouls) == 1  # the table's violation, keyed at its moment
        (foul,) = p.dealt.fouls
        (found,) = [f for sc in work.dealt.watch for f in judge(sc, h)]
        assert (foul.violation, foul.seat, foul.bet, foul.response) == (
            found.violation,
            found.seat,
            found.bet,
            found.response,
        )
        result = audit(p.dealt, h, p.layout)
        assert result.right, (str(p), result.lines())
