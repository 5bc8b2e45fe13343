"""One table as it stands: what was dealt, what the trainee has done to it so far, what the
screen draws from it, its clock and its answer sheet.

``TableState`` holds the state every phase reads and changes; the phases themselves (watch,
take, pay, commission, the time-out) are functions in their own modules, and ``TableWork``
(``trainer.session.table.work``) is the one object the session acts through.  Keeping the
state apart lets each phase module import it without importing the others.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType

from trainer.drills.model import ChipEntry, DealtTable, DrillCoup, TableSpec
from trainer.engine import Bet, Coup, Outcome
from trainer.engine.chips import pay_in_chips
from trainer.engine.house import House
from trainer.engine.money import normalize
from trainer.engine.protection import watched
from trainer.engine.table import (
    BoxCommission,
    Layout,
    RollingCommission,
    TableProcedure,
    settle_table,
)
from trainer.engine.violations import Moment
from trainer.session.protect import ViolationQuestion, moment_question
from trainer.session.table.answer_key import AnswerKey
from trainer.session.table.values import (
    BetSpot,
    Entry,
    Key,
    Phase,
    Said,
    SeatState,
    SpotState,
    TableActionError,
    TableAnswer,
    TableMistake,
)

__all__ = ["TableState"]

_ZERO = Decimal(0)


class TableState:
    """One table being worked: the layout, the cards, the phase, what was done so far.
    Read its attributes to draw it; it changes only through ``TableWork``'s actions, which
    ``TableSession`` calls, and every answer they grade is recorded here (``record``)."""

    def __init__(
        self, number: int, dealt: DealtTable, house: House, spec: TableSpec, exam: bool = False
    ) -> None:
        self.number = number
        #: An exam: the take leaves the layout as the trainee left it (the bets marked go,
        #: a loser not marked stays), so nothing on the felt shows the right take.
        self.exam = exam
        self.dealt = dealt
        self.house = house
        self.spec = spec
        #: The engine's procedure: the answer key, never shown before it is graded.
        self.procedure: TableProcedure = settle_table(dealt.coup, dealt.layout, house)
        self.seats: tuple[SeatState, ...] = self.seat_states(dealt.layout)
        self.spots: tuple[BetSpot, ...] = tuple(s for seat in self.seats for s in seat.spots)
        self._spot = {s.key: s for s in self.spots}
        self.key = AnswerKey.of(self.procedure, self._spot, house, self.result_text)
        #: The moments watched before the table is worked (a drill with violations), each
        #: a question whose options are shuffled from the scene itself: a retry shows the
        #: same ones.
        self.watch: tuple[ViolationQuestion, ...] = tuple(
            moment_question(
                number - 1,
                DrillCoup(dealt.coup),
                scene,
                house,
                random.Random(f"{number}\n" + "\n".join(scene.lines())),
            )
            for scene in dealt.watch
        )
        self.moment = 0  # the moment being watched (an index into ``watch``)
        self.phase = Phase.WATCH if self.watch else Phase.TAKE
        self.marked: set[Key] = set()
        self.mark_order: list[Key] = []  # the bets marked, in the order they were marked
        self.taken: frozenset[Key] = frozenset()
        self.paid: dict[Key, Decimal] = {}
        self.left: set[Key] = set()
        self.selected: BetSpot | None = None
        self.entry = Entry()
        self.answers: list[TableAnswer] = []
        self.mistakes: list[TableMistake] = []
        self.picks: list[Key] = []  # winners in the order the trainee paid them
        #: What the trainee did, for the export a supervisor audits (``worked``): the bets
        #: marked and taken, every payout in the order made (a push paid too), each
        #: commission given, each moment's answer.
        self.took: frozenset[Key] = frozenset()
        self.took_order: tuple[Key, ...] = ()  # the bets taken, in the order marked
        self.payouts: list[tuple[Key, Entry]] = []
        self.commissions_given: dict[Key, Decimal] = {}
        #: The rolling commission given on each bet whose dead chips rolled.
        self.rolling_given: dict[Key, Decimal] = {}
        self.watch_answers: list[str] = []
        self.paying_ended = False  # "done paying" (or the last bet paid): pushes left then
        self.order_mistakes: list[TableMistake] = []  # shown with their payout, graded at the end
        self.commission_index = 0
        self.started: float | None = None
        self.seconds: float | None = None  # when done: the table's time
        self.timed_out = False
        self.payout_seconds: list[float] = []
        self._step_started: float | None = None
        #: The clock reading of the action being graded (``lap``), and when the pay phase
        #: opened (the take graded): the order and an unpaid winner are questions of the
        #: whole pay phase, timed from then, never at zero.
        self.at: float | None = None
        self.pay_opened: float | None = None
        #: Time not yet on an answer ("done paying"), put on the next one (inside the pay
        #: phase's time of the order or an unpaid winner when those are asked).
        self.carry = 0.0
        #: Practice: the action being graded came after the time limit.
        self.over = False

    # -- what the screen shows -----------------------------------------------------------
    def seat_states(self, layout: Layout) -> tuple[SeatState, ...]:
        """``layout``'s seats in the house's order, each seat's bets in the house's order."""
        denominations = self.denominations
        order = self.house.order
        by_number = {s.number: s for s in layout.seats}
        return tuple(
            SeatState(
                n,
                tuple(
                    BetSpot(
                        n,
                        bet,
                        by_number[n].bets[bet],
                        pay_in_chips(by_number[n].bets[bet], denominations),
                        by_number[n].dead.get(bet, _ZERO),
                    )
                    for bet in order.bets(tuple(by_number[n].bets))
                ),
            )
            for n in order.seats(self.house.seats)
            if n in by_number
        )

    @property
    def question(self) -> ViolationQuestion | None:
        """The moment being watched now (None once the table is worked)."""
        return self.watch[self.moment] if self.phase is Phase.WATCH else None

    @property
    def watched(self) -> tuple[str, ...]:
        """Each violation of the moments watched, as the house has it answered: what the
        results teach before the settlement."""
        return watched(self.dealt.watch, self.house)

    @property
    def on_felt(self) -> tuple[SeatState, ...]:
        """The seats as the felt shows them now: the moment's layout while it is watched
        (a late bet, a press, a bet under the minimum on it), then the layout that plays."""
        q = self.question
        return self.seat_states(q.scene.after) if q is not None else self.seats

    @property
    def coup(self) -> Coup:
        return self.dealt.coup

    @property
    def layout(self) -> Layout:
        return self.dealt.layout

    @property
    def outcome(self) -> Outcome:
        """The outcome as this house names it."""
        return self.house.named(self.coup.outcome)

    @property
    def result_text(self) -> str:
        """'Banker wins, seven over five' as the house words it."""
        return self.house.result(self.coup)

    @property
    def denominations(self) -> tuple[Decimal, ...]:
        """The table's chips, smallest first."""
        return tuple(c.value for c in self.house.chips)

    @property
    def colours(self) -> Mapping[Decimal, str]:
        return MappingProxyType({c.value: c.colour for c in self.house.chips})

    @property
    def chip_entry(self) -> ChipEntry:
        return self.spec.chips

    def spot(self, seat: int, bet: Bet) -> BetSpot:
        try:
            return self._spot[(seat, bet)]
        except KeyError:
            raise TableActionError(f"seat {seat} has no {bet.label} bet") from None

    def state(self, spot: BetSpot | Key) -> SpotState:
        key = spot.key if isinstance(spot, BetSpot) else spot
        if key in self.taken:
            return SpotState.TAKEN
        if key in self.left:
            return SpotState.LEFT
        if key in self.paid:
            return SpotState.PAID
        if key in self.marked:
            return SpotState.MARKED
        if self.done and not self.timed_out:
            return SpotState.STAYED
        return SpotState.ON

    @property
    def wrong(self) -> frozenset[Key]:
        """The bets a mistake on this table was about (so far): practice marks them ! until
        the table is gone, whatever was done to them after."""
        return frozenset(
            (m.seat, m.bet) for m in self.mistakes if m.seat is not None and m.bet is not None
        )

    @property
    def remaining(self) -> tuple[BetSpot, ...]:
        """Bets still to be worked in the pay phase (on the layout, not paid or left), in
        the house's order: where a cursor starts."""
        return tuple(s for s in self.spots if self.state(s) is SpotState.ON)

    @property
    def paid_total(self) -> Decimal:
        """The running total paid out on this table."""
        return normalize(sum(self.paid.values(), _ZERO))

    @property
    def commission_spot(self) -> BetSpot | None:
        """The winning bet whose commission is asked now (commission phase)."""
        owed = self.key.commissions
        if self.phase is not Phase.COMMISSION or self.commission_index >= len(owed):
            return None
        return owed[self.commission_index].spot

    @property
    def commission_rolling(self) -> bool:
        """Whether the commission asked now is a rolling commission on dead chips (the
        house's programme) rather than one a winning bet owes."""
        owed = self.key.commissions
        i = self.commission_index
        return (
            self.phase is Phase.COMMISSION
            and i < len(owed)
            and isinstance(owed[i].step, RollingCommission)
        )

    @property
    def commission_boxed(self) -> bool:
        """Whether the house boxes the commission (owed at the end of the shoe) rather than
        taking it from the payout at once."""
        return any(isinstance(e.step, BoxCommission) for e in self.key.commissions)

    @property
    def done(self) -> bool:
        return self.phase is Phase.DONE

    # -- the table's clock -----------------------------------------------------------------
    def begin(self, at: float) -> None:
        """The table is put in front of the dealer at clock reading ``at``."""
        self.started = self._step_started = at

    def lap(self, now: float) -> float:
        """Seconds since the last graded action on this table (the payout's own time)."""
        start = self._step_started if self._step_started is not None else now
        self._step_started = self.at = now
        return max(0.0, now - start)

    def pay_phase_seconds(self) -> float:
        """Seconds from the pay phase's opening to the action being graded: the time of a
        question the whole pay phase answers (the order, a winner left unpaid)."""
        if self.pay_opened is None or self.at is None:
            return 0.0
        return max(0.0, self.at - self.pay_opened)

    def waited(self, limit_at: float) -> float:
        """Seconds from the last graded action (or the table's start) to ``limit_at``:
        the time a question still open when the limit ran out was waited on."""
        since = self.at if self.at is not None else self.started
        return 0.0 if since is None else max(0.0, limit_at - since)

    def close(self, seconds: float) -> None:
        """The table is done (or timed out): its time is ``seconds``."""
        self.seconds = seconds

    # -- the answer sheet -------------------------------------------------------------------
    def record(
        self,
        phase: Phase,
        skill: str,
        answer: str,
        expected: str,
        correct: bool,
        reason: str,
        seconds: float,
        mistakes: tuple[TableMistake, ...] = (),
        spot: BetSpot | None = None,
        *,
        about: str | None = None,
        whole_phase: bool = False,
        said: Said | None = None,
        due: Said | None = None,
        moment: Moment | None = None,
    ) -> TableAnswer:
        """Add one graded answer to the table's answers (and its mistakes to the table's):
        every phase records through here, so its time is ``seconds`` plus any time carried
        from an action that graded nothing ("done paying"), and ``spot`` names its bet.
        ``whole_phase``: ``seconds`` already spans the pay phase, carry included."""
        seconds = seconds if whole_phase else seconds + self.carry
        self.carry = 0.0
        a = TableAnswer(
            self.number,
            phase,
            skill,
            answer,
            expected,
            correct,
            reason,
            seconds,
            mistakes,
            spot.seat if spot else None,
            spot.bet if spot else None,
            spot.wager if spot else None,
            self.over,
            about,
            said,
            due,
            moment,
        )
        self.answers.append(a)
        self.mistakes.extend(mistakes)
        return a
