"""Table answers in the history: the report's table family, progress (table skills and
seconds per table), and the review's word on table skills.  The session works hand-worked
tables (see test_table_session): a Dragon 7 table and a Player-natural table."""

from __future__ import annotations

import csv
import io
import json
import random
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from tests.support.coups import DRAGON, NATURAL, FakeClock, FakeNow
from tests.support.table_app import table_drill
from tests.support.tables import DRAGON_LAYOUT, NATURAL_LAYOUT, dealt
from trainer.drills.model import ChipEntry
from trainer.engine import Bet, Outcome
from trainer.history.progress import compute_progress, progress_data
from trainer.history.report import build_report, render_csv, render_json
from trainer.history.review import NothingDueError, build_review_drill
from trainer.history.scheduler import SkillState
from trainer.session.records import AnswerRecord
from trainer.session.table.session import TableSession
from trainer.words.report import report_table as render_table

P, B, T, D7, P8 = Bet.PLAYER, Bet.BANKER, Bet.TIE, Bet.DRAGON7, Bet.PANDA8


def work_two_tables(store) -> list:
    """Table 1 (Dragon 7): take right in 5 s, the Dragon paid 400 in 6 s, done in 1 s.
    Table 2 (Player natural): the Tie missed in the take (4 s), then 45, 15 and 30 paid
    in order, 3 s each: 13 s.  Answers: take, pay | take, 3 pays, order = 7, 6 right."""
    clock = FakeClock()
    kept: list = []

    def on_answer(record: AnswerRecord) -> None:
        kept.append(record)
        store.on_answer(record)

    s = TableSession(
        table_drill(),
        [dealt(DRAGON, DRAGON_LAYOUT), dealt(NATURAL, NATURAL_LAYOUT)],
        "ann",
        clock=clock,
        now=FakeNow(),
        on_answer=on_answer,
        on_session=store.on_session,
    )
    s.start()
    for key in ((6, T), (4, P), (4, P8)):
        s.mark(*key)
    clock.advance(5)
    s.confirm_take()
    clock.advance(6)
    s.select(1, D7)
    s.type_amount("400")
    s.confirm_payout()
    clock.advance(1)
    s.finish_paying()
    s.next_table()
    s.mark(7, B)
    clock.advance(4)
    s.confirm_take()
    for seat, amount in ((7, "45"), (5, "15"), (2, "30")):
        clock.advance(3)
        s.select(seat, P)
        s.type_amount(amount)
        s.confirm_payout()
    s.next_table()
    assert s.finished
    return kept


def test_report_counts_the_table_family(store) -> None:
    work_two_tables(store)
    (ann,) = build_report(store).trainees
    table = ann.families["table"]
    assert (table.answered, table.correct) == (7, 6)
    assert ann.families["payout"].answered == 0
    rows = list(csv.DictReader(io.StringIO(render_csv(build_report(store)))))
    cols = list(rows[0])
    at = cols.index("table_answered")  # after every first-release column, in this order
    assert cols[at : at + 4] == [
        "table_answered",
        "table_correct",
        "table_accuracy",
        "table_avg_seconds",
    ]
    assert at > cols.index("retries")
    assert (rows[0]["table_answered"], rows[0]["table_correct"]) == ("7", "6")
    assert rows[0]["table_accuracy"] == "85.7"  # 6 of 7, one decimal rounded down
    doc = json.loads(render_json(build_report(store)))
    assert doc["trainees"][0]["families"]["table"]["answered"] == 7
    assert "Table work" in render_table(build_report(store))
    # the Dragon table's 5 + 6 s and the natural table's 4 + 3 x 3 s (the order answer's
    # 9 s is the payouts' own): 2 tables in 24 s, 3600 x 2 / 24 = 300 coups an hour
    assert ann.table_pace == (2, 24) and ann.coups_an_hour == 300
    assert "  Table pace: 300 coups an hour over 2 tables, 4.0 s a seat settled" in render_table(
        build_report(store)
    )


def test_progress_shows_table_skills_and_seconds_per_table(store) -> None:
    kept = work_two_tables(store)
    data = progress_data(store, "ann")
    assert set(data.table) == {"table:take", "table:pay:dragon7", "table:pay:player", "table:order"}
    take = data.table["table:take"]
    assert (take.answered, take.correct) == (2, 1)
    (run,) = data.table_times
    # the Dragon table: 5 + 6 s on answers (the 1 s "done" has no answer after it);
    # the natural table: 4 + 3 * 3 s: 24 s over 2 tables
    assert (run.tables, run.seconds, run.per_table) == (2, 24, 12)
    assert (run.seats, run.seconds_a_seat) == (6, "4.0")  # 3 seats a table: 24 / 6
    same = compute_progress("ann", kept, store.sessions("ann"))
    assert same.table == data.table and same.table_times == data.table_times


def _work_chips_and_a_timeout(store) -> list:
    """Table 1 (NATURAL, seat 7 only): take 2 s, 45 paid in chips in 3 s (chips answer 3 s
    too).  Table 2 (NATURAL, seats 7 and 5, an exam limit of 30 s): take 4 s, seat 7's 45
    in 6 s, then nothing: seat 5's payout and the order wait 20 s each to the limit."""
    from tests.support.tables import table_drill as chips_drill
    from trainer.drills.model import Mode

    clock = FakeClock()
    kept: list = []

    def on_answer(record: AnswerRecord) -> None:
        kept.append(record)
        store.on_answer(record)

    s = TableSession(
        chips_drill(mode=Mode.EXAM, time_limit=30),
        [dealt(NATURAL, {7: {P: 45}}), dealt(NATURAL, {7: {P: 45}, 5: {P: 15}})],
        "ann",
        clock=clock,
        now=FakeNow(),
        on_answer=on_answer,
        on_session=store.on_session,
    )
    s.start()
    clock.advance(2)
    s.confirm_take()
    clock.advance(3)
    s.select(7, P)
    s.add_chip(Decimal(25))
    s.add_chip(Decimal(5), 4)
    s.confirm_payout()
    s.next_table()
    clock.advance(4)
    s.confirm_take()
    clock.advance(6)
    s.select(7, P)
    s.type_amount("45")
    s.confirm_payout()
    clock.advance(25)
    assert s.expire()
    s.next_table()
    return kept


def test_table_time_on_both_backends(history_db) -> None:
    """The same run as below on SQLite and PostgreSQL: the grouped reads agree by hand."""
    from trainer.history import queries
    from trainer.history.store import open_history

    with open_history(history_db) as store:
        _work_chips_and_a_timeout(store)
        (run,) = queries.table_run_rows(store, "ann")
        assert (run.tables, run.seconds) == (2, 35)
        (pace,) = queries.table_pace_rows(store, "ann")
        assert (pace.trainee, pace.tables, pace.seconds) == ("ann", 2, 35)


def test_seconds_per_table_count_each_table_once_with_chips_order_and_a_timeout(store) -> None:
    """The chips answer carries its payout's time, the order the pay phase's, and the open
    questions of a timed-out table each its wait: a table's time counts them once.  By hand:
    table 1 (NATURAL, seat 7 only): take 2 s, 45 paid in chips in 3 s (chips answer 3 s too):
    5 s.  Table 2 (NATURAL, seats 7 and 5, an exam limit of 30 s): take 4 s, seat 7's 45 in
    6 s, then nothing: seat 5's payout and the order wait 20 s each to the limit: 30 s."""
    kept = _work_chips_and_a_timeout(store)
    assert [a.seconds for a in kept] == [2, 3, 3, 4, 6, 20, 20]
    (run,) = progress_data(store, "ann").table_times
    assert (run.tables, run.seconds) == (2, 35)
    same = compute_progress("ann", kept, store.sessions("ann"))
    assert same.table_times == progress_data(store, "ann").table_times


AT = datetime(2026, 1, 1, tzinfo=UTC)


def due(*skills: str) -> list[SkillState]:
    return [SkillState(k, 1, AT, 1, 0) for k in skills]


def test_review_asks_single_skills_first_then_table_skills_at_a_table() -> None:
    mixed = build_review_drill(due("table:take", "table:order", "outcome:tie"))
    assert "1 skill due" in mixed.description and not mixed.is_table
    table = build_review_drill(due("table:take", "table:order"), questions=20)
    assert table.is_table and table.questions == 4  # about five answers a table
    assert table.house.id == "ez" and table.table.chips is ChipEntry.EITHER
    assert {b.bet for b in table.table.bets} == {P, B, T}  # no side bet skill is due
    with pytest.raises(NothingDueError):
        build_review_drill([])


def test_a_table_review_aims_at_its_skills() -> None:
    d = build_review_drill(due("table:pay:dragon7", "table:chips", "table:commission"))
    # a Dragon 7 payout is due: the EZ house (the commission house has no Dragon 7)
    assert d.house.id == "ez" and D7 in {b.bet for b in d.table.bets}
    assert d.table.chips is ChipEntry.CHIPS
    assert any(f.outcome == frozenset({Outcome.DRAGON7}) for f in d.filters)
    c = build_review_drill(due("table:commission"))
    assert c.house.id == "commission"
    # a Banker win under the commission house: a plain Banker win or a three-card 7
    assert c.filters[0].outcome == frozenset({Outcome.BANKER, Outcome.DRAGON7})
    assert all(b.minimum >= 10 for b in c.table.bets)  # the house's minimum
    s = TableSession.deal(c, "ann", random.Random(5))
    assert all(t.coup.outcome in (Outcome.BANKER, Outcome.DRAGON7) for t in s.tables)


async def test_progress_screen_lists_table_work(store) -> None:
    from textual.app import App, ComposeResult
    from textual.widgets import DataTable, Static

    from trainer.tui.screens.progress import ProgressScreen

    work_two_tables(store)
    data = progress_data(store, "ann")

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("host")

        def on_mount(self) -> None:
            self.push_screen(ProgressScreen(data))

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        table = app.screen.query_one("#table-work", DataTable)
        take = [str(c) for c in table.get_row("table:take")]
        assert take[:3] == ["Table: taking the losing bets", "1/2", "!50%"]
        assert [str(c) for c in table.get_row("table:pay:player")][1] == "3/3"
        trend = str(app.screen.query_one("#table-trend", Static).render())
        # 2 tables in 24 s: 3600 x 2 / 24 = 300 coups an hour
    # and 3 seats a table, 6 in 24 s: 4.0 s a seat
    assert trend == (
        "Table work: seconds per table, the last run: 12; coups an hour: 300\n"
        "Seconds a seat settled, the same runs: 4.0"
    )
