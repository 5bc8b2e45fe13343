"""A run of the table drill: ``TableSession`` deals the tables, routes the trainee's
actions to the table being worked (``TableWork``), asks a shoe's questions between tables,
and reports each graded answer to its run.

Practice returns each phase's feedback at once; an exam returns None and keeps it for the
results.  A table's clock runs from ``start`` / ``next_table`` to its last answer; in an exam
a table not finished within ``time_limit`` is closed, everything not yet answered graded
wrong as a timeout.  The lifecycle (clock, limit, score, what the history is told) is its
``trainer.session.run.Run``, as the coup session's is.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from types import MappingProxyType
from typing import Unpack

from trainer.drills.model import ChipEntry, DealtTable, Drill, DrillCoup, Kind, Mode, TableSpec
from trainer.engine import Bet, format_amount
from trainer.engine.money import PAYOUTS, as_amount, normalize
from trainer.scoring import percent
from trainer.session.clock import Clock, Now, utc_now
from trainer.session.protect import ViolationQuestion
from trainer.session.questions import ChoiceAnswer, parse_paid_amount
from trainer.session.run import (
    Mark,
    OnAnswer,
    OnRun,
    OnSession,
    Run,
    RunHooks,
    SessionError,
)
from trainer.session.shoe import (
    BurnQuestion,
    DealtShoe,
    NextQuestion,
    ShoeSummary,
    burn_question,
    deal_shoe,
    next_question,
    next_shoe_burn,
    shoe_stats,
)
from trainer.session.table import notation
from trainer.session.table.results import TableResult, TableSummary
from trainer.session.table.values import (
    BetSpot,
    Entry,
    Fault,
    Phase,
    ShoeAnswer,
    StepFeedback,
    TableActionError,
    TableAnswer,
    Worked,
)
from trainer.session.table.work import TableWork
from trainer.skills import table_take_skill

__all__ = ["STEP", "TableSession"]

#: AnswerRecord.step for every table answer.
STEP = "table"


class TableSession(OnRun):
    """One run of a table drill.  ``start()``, then work ``table`` through its phases with
    the actions below; when ``table.done``, ``next_table()``; ``finished`` at the end.

    The run's lifecycle (clock, limit, score, records) is its ``Run``; each table grades
    itself (``TableWork``); the session routes the trainee's actions and asks the shoe."""

    def __init__(
        self,
        drill: Drill,
        dealt: Sequence[DealtTable],
        trainee: str,
        *,
        clock: Clock = time.monotonic,
        now: Now = utc_now,
        on_answer: OnAnswer | None = None,
        on_session: OnSession | None = None,
        shoe: DealtShoe | None = None,
        burn: BurnQuestion | None = None,
        after: Mapping[int, NextQuestion] | None = None,
        retry_of: str | None = None,
    ) -> None:
        if drill.table is None:
            raise SessionError(f"drill {drill.id!r} is not a table drill (ask: table)")
        if not dealt:
            raise SessionError(f"drill {drill.id!r} deals no tables")
        self.drill, self.dealt, self.trainee = drill, dealt, trainee
        self.spec: TableSpec = drill.table
        house = drill.house
        exam = drill.mode is Mode.EXAM
        self.tables = [TableWork(i + 1, d, house, drill.table, exam) for i, d in enumerate(dealt)]
        self.index = 0
        #: A shoe at the table: the shoe the tables' coups come from (in order), the burn
        #: asked before the first table, and "what now?" after the tables (0-based) it
        #: follows.
        self.shoe, self.burn, self.after = shoe, burn, dict(after or {})
        #: The next shoe's burn, asked after the last table's "what now?" (a run from near
        #: the end of its shoe, which asked no burn); None: not asked.
        self.next_burn: BurnQuestion | None = None
        self.shoe_answers: list[ShoeAnswer] = []
        self._shoe_asked: float | None = None
        self.run = Run(
            drill,
            trainee,
            self.spec.time_limit,
            clock,
            now,
            on_answer,
            on_session,
            retry_of=retry_of,
        )

    @classmethod
    def deal(
        cls,
        drill: Drill,
        trainee: str,
        rng: random.Random,
        deal: Callable[[Drill, random.Random], Sequence[DealtTable]] | None = None,
        **kwargs: Unpack[RunHooks],
    ) -> TableSession:
        """A new run of ``drill`` with tables dealt from ``rng`` (``deal_tables``
        unless ``deal`` is given; a shoe at the table deals its shoe, ``from_shoe``)."""
        from trainer.drills.generate import deal_tables

        if drill.kind is Kind.SHOE:
            return cls.from_shoe(drill, deal_shoe(drill, rng), trainee, rng, **kwargs)
        dealt = list(deal(drill, rng) if deal is not None else deal_tables(drill, rng))
        return cls(drill, dealt, trainee, **kwargs)

    @classmethod
    def from_shoe(
        cls,
        drill: Drill,
        run: DealtShoe,
        trainee: str,
        rng: random.Random,
        **kwargs: Unpack[RunHooks],
    ) -> TableSession:
        """A shoe at the table: one table for each of ``run``'s coups (layouts dealt from
        ``rng`` by the table spec), the shoe drill's burn and "what now?" questions."""
        from trainer.drills.generate import deal_tables

        burn = burn_question(run, rng)
        dealt = deal_tables(drill, rng, [sc.coup for sc in run.coups])
        after = {}
        for i, sc in enumerate(run.coups):
            q = next_question(drill, run, i, rng, DrillCoup(sc.coup))
            if q is not None:
                after[i] = q
        # a run from near the end of its shoe: the next shoe's burn once it is over, so the
        # burn is asked too (drawn last from rng: the tables of a seed are unchanged)
        session = cls(drill, dealt, trainee, shoe=run, burn=burn, after=after, **kwargs)
        session.next_burn = next_shoe_burn(run, rng)
        return session

    def procedures(self) -> str:
        """Each table of the run in the audit's notation, two paragraphs each: what the
        trainee did (``TableWork.worked``; a table not reached has none), then the right
        procedure (at a shoe, with the cut card and the call after the coup): what the
        trainee exports to hand to a supervisor, whose ``ezbac audit --file`` finds the
        trainee's deviations in the first and none in the second."""
        return notation.procedures(self.drill, self.trainee, self.tables, self.shoe)

    def export_procedures(self, folder: Path) -> Path:
        """Write ``procedures()`` to a new file in ``folder`` (made if need be), named by
        the drill and a number not yet taken; its path.  OSError if it cannot be written."""
        return notation.write_procedures(folder, self.drill, self.procedures())

    # -- state ---------------------------------------------------------------------------
    @property
    def total(self) -> int:
        """Tables in the run."""
        return len(self.tables)

    @property
    def finished(self) -> bool:
        return self.index >= self.total

    @property
    def table(self) -> TableWork:
        """The table being worked (the last one once finished)."""
        return self.tables[min(self.index, self.total - 1)]

    @property
    def target_seconds(self) -> float | None:
        return self.spec.target_seconds

    @property
    def answers(self) -> list[TableAnswer]:
        return [a for t in self.tables for a in t.answers]

    @property
    def shoe_question(self) -> BurnQuestion | NextQuestion | None:
        """The shoe question to answer now: the burn before the first table, "what now?"
        once a table it follows is done; None when there is none (the table is worked)."""
        if self.shoe is None or self.abandoned:
            return None
        asked = {a.table for a in self.shoe_answers}
        if self.burn is not None and 0 not in asked:
            return self.burn
        if self.finished or not self.table.done:
            return None
        q = self.after.get(self.index)
        if q is not None and self.index + 1 not in asked:
            return q
        last = self.index == len(self.tables) - 1
        if last and self.next_burn is not None and len(self.tables) + 1 not in asked:
            return self.next_burn
        return None

    def shoe_line(self) -> str:
        """The shoe's line on the screen: coup N, cards left, the cut card's state, never
        giving the cut card away before the coup it comes out in is over."""
        assert self.shoe is not None
        asked = self.shoe_question
        if asked is not None and (asked is self.burn or asked is self.next_burn):
            return self.shoe.status(None)
        return self.shoe.status(self.index, after=self.table.done)

    # -- the clock -------------------------------------------------------------------------
    def start(self) -> None:
        """Begin the run (reports the session) and start the first table's clock."""
        if not self.run.start():
            return
        if self.shoe_question is not None:  # the burn first: the table's clock waits
            self._shoe_asked = self.clock()
        else:
            self._begin(self.table)

    def _begin(self, work: TableWork) -> None:
        work.begin(self.run.time())

    def expire(self) -> bool:
        """In an exam, close the table if its limit has run out (True): everything not yet
        answered is graded wrong as a timeout.  The screen's timer calls this."""
        if self.finished or not self.exam or not self.expired():
            return False
        self._time_out(self.table)
        return True

    # -- actions: watch ----------------------------------------------------------------------
    @property
    def watch_question(self) -> ViolationQuestion | None:
        """The moment watched now, before the table is worked (a drill with violations);
        None when there is none or the shoe is asked first."""
        if self.finished or self.shoe_question is not None:
            return None
        return self.table.question

    def answer_watch(self, option: str) -> StepFeedback | None:
        """Answer the moment watched now with one of its options (``watch_question``):
        stop the violation as the house says, or let every bet play; graded now."""
        work = self._acting(Phase.WATCH)
        if work is None:
            return None
        return self._graded(
            work, Phase.WATCH, lambda seconds, over: work.confirm_watch(option, seconds, over)
        )

    # -- actions: take -----------------------------------------------------------------------
    def toggle_mark(self, seat: int, bet: Bet) -> bool:
        """Mark (or unmark) a bet for taking; returns whether it is now marked."""
        work = self._acting(Phase.TAKE)
        if work is None:
            return False
        key = work.spot(seat, bet).key
        work.mark(key, key not in work.marked)
        return key in work.marked

    def mark(self, seat: int, bet: Bet, marked: bool = True) -> None:
        """Mark (or, ``marked=False``, unmark) a bet for taking."""
        work = self._acting(Phase.TAKE)
        if work is not None:
            work.mark(work.spot(seat, bet).key, marked)

    def confirm_take(self) -> StepFeedback | None:
        """Take the marked bets: graded now; the engine's losers go, the rest stay."""
        work = self._acting(Phase.TAKE)
        if work is None:
            return None
        return self._graded(work, Phase.TAKE, work.confirm_take)

    # -- actions: pay ----------------------------------------------------------------------
    def select(self, seat: int, bet: Bet) -> BetSpot:
        """Pick the bet to pay next (any bet still on the layout); clears the entry."""
        work = self._acting(Phase.PAY)
        if work is None:
            return self.table.spot(seat, bet)
        spot = work.spot(seat, bet)
        work.select(spot)
        return spot

    def type_amount(self, amount: Decimal | str) -> Entry:
        """The amount typed for the payout (or commission) being given; text is read as the
        payout questions read it (InvalidAmountError, a ValueError, for text that is not
        an amount: nothing changes)."""
        work = self._entering()
        if work is None:
            return self.table.entry
        if work.chip_entry is ChipEntry.CHIPS and work.phase is Phase.PAY:
            raise TableActionError("this drill pays in chips: add chips, do not type")
        value = (
            parse_paid_amount(amount)
            if isinstance(amount, str)
            else normalize(as_amount(amount, PAYOUTS))
        )
        return work.enter(Entry(typed=value))

    def add_chip(self, value: Decimal, count: int = 1) -> Entry:
        """Add ``count`` chips of ``value`` (a denomination of the house) to the entry."""
        work = self._entering()
        if work is None:
            return self.table.entry
        if work.chip_entry is ChipEntry.TYPED:
            raise TableActionError("this drill takes typed amounts: type the amount")
        value = normalize(Decimal(value))
        if value not in work.denominations:
            raise TableActionError(f"{format_amount(value)} is not a chip at this table")
        chips = dict(work.entry.chips)
        chips[value] = max(0, chips.get(value, 0) + count)
        return work.enter(Entry(chips={v: n for v, n in chips.items() if n}))

    def remove_chip(self, value: Decimal) -> Entry:
        """Take one chip of ``value`` back from the entry (nothing if there is none)."""
        return self.add_chip(value, -1)

    def clear_entry(self) -> Entry:
        work = self._entering()
        if work is not None:
            work.enter(Entry())
        return self.table.entry

    def confirm_payout(self) -> StepFeedback | None:
        """Pay the selected bet the entry's amount; graded now (amount, order, chips)."""
        work = self._acting(Phase.PAY)
        if work is None:
            return None
        if work.selected is None:
            raise TableActionError("pick the bet to pay first")
        if work.entry.empty:
            raise TableActionError(f"give the amount for {work.selected.label}")
        return self._graded(work, Phase.PAY, work.confirm_payout)

    def finish_paying(self) -> StepFeedback | None:
        """Done paying: the bets left on the layout stay (a winner among them is unpaid)."""
        work = self._acting(Phase.PAY)
        if work is None:
            return None
        return self._graded(work, Phase.PAY, work.finish_paying)

    # -- actions: commission -----------------------------------------------------------------
    def confirm_commission(self) -> StepFeedback | None:
        """The entry as the commission on ``table.commission_spot``; graded now."""
        work = self._acting(Phase.COMMISSION)
        if work is None:
            return None
        if work.entry.empty:
            raise TableActionError("give the commission owed")
        return self._graded(work, Phase.COMMISSION, work.confirm_commission)

    def answer_shoe(self, option: str) -> ShoeAnswer:
        """Answer the shoe question asked now (``shoe_question``) with one of its options;
        graded as the shoe drill grades it (answered in an exam too: the run goes on)."""
        self.start()
        q = self.shoe_question
        if q is None:
            raise TableActionError("no shoe question is asked now")
        if option not in q.options:
            raise TableActionError(f"{option!r} is not one of the choices")
        now = self.clock()
        seconds = max(0.0, now - (self._shoe_asked if self._shoe_asked is not None else now))
        table = (
            len(self.tables) + 1
            if q is self.next_burn
            else 0
            if isinstance(q, BurnQuestion)
            else self.index + 1
        )
        a = ShoeAnswer(table, q, option, q.grade(ChoiceAnswer(option)), seconds)
        self.shoe_answers.append(a)
        self.run.mark(
            Mark(
                q.step.value,
                a.skill,
                tuple(str(c) for c in q.cards),
                a.answer,
                a.expected,
                a.correct,
                a.seconds,
            )
        )
        if table == 0:
            self._begin(self.table)
        return a

    def next_table(self) -> None:
        """Move on from a done table (the screen calls it when the trainee is ready)."""
        if self.finished:
            return
        if not self.table.done:
            raise TableActionError("the table is not done yet")
        if self.shoe_question is not None:
            raise TableActionError("say what happens now in the shoe first")
        self.index += 1
        if self.finished:
            self.run.finish()
        else:
            self._begin(self.table)

    # -- helpers ---------------------------------------------------------------------------
    def _acting(self, phase: Phase) -> TableWork | None:
        """The current table if an action of ``phase`` may act on it; None when an exam's
        limit has just run out (the table is closed as a timeout and the action ignored)."""
        self.start()
        if self.finished or self.abandoned:
            raise TableActionError("the session is over")
        if self.shoe_question is not None:
            raise TableActionError("answer the shoe question first")
        work = self.table
        if self.exam and not work.done and self.expired():
            self._time_out(work)
            return None
        if work.phase is not phase:
            raise TableActionError(
                f"the table is at {work.phase.label.lower()}, not {phase.label.lower()}"
            )
        return work

    def _entering(self) -> TableWork | None:
        phase = self.table.phase
        if phase not in (Phase.PAY, Phase.COMMISSION):
            raise TableActionError("there is no amount to give now")
        work = self._acting(phase)
        if work is not None and phase is Phase.PAY and work.selected is None:
            raise TableActionError("pick the bet to pay first")
        return work

    def _graded(
        self, work: TableWork, phase: Phase, act: Callable[[float, bool], Worked]
    ) -> StepFeedback | None:
        """Grade an action on ``work``, given its own time (since the table's last graded
        action) and whether practice is over the limit (flagged, graded on its merits);
        record what it graded and close the table if it is done.  Practice: the feedback
        now; exam: None (it is in the results)."""
        before = len(work.answers)
        seconds = work.lap(self.clock())
        over = not self.exam and self.time_limit is not None and self.run.over(self.run.elapsed())
        answers, mistakes = act(seconds, over)
        self._record(work, before)
        if work.done:
            self._shoe_asked = at = self.clock()  # "what now?" is timed from here
            work.close(self.run.stop(at=at))
        return None if self.exam else StepFeedback(phase, answers, mistakes)

    def _time_out(self, work: TableWork) -> StepFeedback:
        """Grade everything the table has not answered yet as a timeout; close it."""
        assert self.time_limit is not None
        before = len(work.answers)
        answers, mistakes = work.time_out(self.time_limit)
        self._record(work, before)
        self.run.stop(seconds=self.time_limit)
        self._shoe_asked = self.clock()
        return StepFeedback(Phase.DONE, answers, mistakes)

    def _record(self, work: TableWork, before: int) -> None:
        """Count and report the table's answers graded since ``before``, in that order."""
        cards = tuple(str(c) for c in work.coup.cards)
        take = table_take_skill().key
        for a in work.answers[before:]:
            self.run.mark(
                Mark(
                    STEP,
                    a.skill,
                    cards,
                    a.answer,
                    a.expected,
                    a.correct,
                    a.seconds,
                    None if a.bet is None else a.bet.value,
                    None if a.wager is None else str(a.wager),
                    # the take is one a table: it carries the seats the table settled; a
                    # table where no bet plays (each refused at a moment watched) settles
                    # none, and its time a seat is not measured
                    (len(work.layout.seats) or None) if a.skill == take else None,
                )
            )

    # -- results ---------------------------------------------------------------------------
    def results(self) -> tuple[TableResult, ...]:
        """The tables worked so far (done ones)."""
        return tuple(
            TableResult(
                t.number,
                t.coup,
                t.layout,
                tuple(t.answers),
                tuple(t.mistakes),
                t.seconds or 0.0,
                tuple(t.payout_seconds),
                t.timed_out,
                self.target_seconds,
                t.result_text,
                (*t.watched, *t.procedure.lines(t.colours)),
                t.dealt.note,
            )
            for t in self.tables
            if t.done
        )

    def summary(self) -> TableSummary:
        right, total = self.right, self.graded
        counts: dict[Fault, int] = {}
        for t in self.tables:
            for m in t.mistakes:
                counts[m.kind] = counts.get(m.kind, 0) + 1
        tables = self.results()
        return TableSummary(
            right=right,
            total=total,
            percent=percent(right, total) or 0,
            passed=self.passed,
            pass_mark=self.drill.pass_mark,
            seconds=sum(t.seconds for t in tables),
            by_skill=self.run.by_skill(),
            tables=tables,
            mistakes=MappingProxyType(counts),
            target_seconds=self.target_seconds,
            time_limit=self.time_limit,
            shoe=self.shoe_summary(),
            retry_of=self.retry_of,
            pace_target=self.drill.house.pace_target,
            table_format=self.drill.house.table_format,
        )

    def retry_missed(self) -> TableSession:
        """A new session working again just the tables missed in this one (a wrong answer,
        or time ran out), the same coups on the same layouts, in the same order.

        It is practice of those tables, linked to the run they were missed in (the original
        run, also when retrying a retry): recorded with ``retry_of``, never a pass or a run.
        A shoe at the table's shoe questions are not asked again: the tables are.
        """
        missed = [self.tables[t.number - 1].dealt for t in self.results() if not t.correct]
        if not missed:
            raise SessionError("no table was missed: there is nothing to retry")
        run = self.run
        return TableSession(
            self.drill,
            missed,
            self.trainee,
            clock=run.clock,
            now=run.now,
            on_answer=run.on_answer,
            on_session=run.on_session,
            retry_of=self.retry_of or self.session_id,
        )

    def shoe_summary(self) -> ShoeSummary | None:
        """The shoe's results (None: not a shoe at the table): the tables worked are the
        coups dealt; errors by kind are the shoe questions missed (burn, what now)."""
        if self.shoe is None:
            return None
        done = [i for i, t in enumerate(self.tables) if t.done]
        return shoe_stats(
            self.shoe, done, [a.question.step for a in self.shoe_answers if not a.correct]
        )
