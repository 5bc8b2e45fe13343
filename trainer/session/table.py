"""The table drill (``ask: table``): a whole table worked after each coup, as a dealer does.

Each table is worked in three phases, each graded against the engine's procedure
(``trainer.engine.table.settle_table``, the one answer key):

1. TAKE: the trainee marks every losing bet, then confirms.  Graded as one answer
   (skill ``table:take``): a losing bet left on the layout, a pushing or winning bet taken.
   The table is then corrected (the engine's losers go, nothing else), so a take mistake
   is counted once and never again in the payouts.
2. PAY: the trainee picks the next bet to pay among those still on the layout and gives the
   amount, typed or built chip by chip; each payout is one answer (``table:pay:BET``: the
   amount; paying a push is wrong too).  Picks are compared with the house's order: one
   answer per table with two winners or more (``table:order``); a payout built in chips
   that pays right is one more answer (``table:chips``: the house's convention, fewest
   chips by default, ``check_chips``).  The trainee ends the phase ("done paying"); a winner
   left unpaid is a wrong payout.
3. COMMISSION (a commission house): the commission on each winning bet that owes one, in
   the house's order, one answer each (``table:commission``).

A shoe at the table (``ask: [shoe, table]``): the tables' coups come one after another from
one seeded shoe (``trainer.session.shoe``), the burn asked before the first table and "what
now?" after a table when the shoe drill would ask it (the same questions, graded the same:
``answer_shoe``); the run ends with the shoe.

Practice returns each phase's feedback at once; an exam returns None and keeps it for the
results.  A table's clock runs from ``start`` / ``next_table`` to its last answer; in an exam
a table not finished within ``time_limit`` is closed, everything not yet answered graded
wrong as a timeout.  Plain Python, clock injected, as ``trainer.session.session``.

Each table grades itself (``TableWork``) against its ``AnswerKey``, computed once from the
engine's procedure when it is dealt: a graded answer and a time-out read the same expected
answer.  The session routes the trainee's actions; its lifecycle (clock, limit, score,
what the history is told) is its ``trainer.session.run.Run``, as the coup session's is.
"""

from __future__ import annotations

import enum
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from types import MappingProxyType
from typing import Unpack

from trainer.drills.model import ChipEntry, DealtTable, Drill, DrillCoup, Kind, Mode, TableSpec
from trainer.engine import Bet, BetResult, Coup, Outcome, format_amount
from trainer.engine.chip_check import check_chips
from trainer.engine.chips import ChipBreakdown, pay_in_chips
from trainer.engine.dealt import CUT_EARLIER, BetAction, Foul
from trainer.engine.house import House
from trainer.engine.money import PAYOUTS, as_amount, normalize
from trainer.engine.notation import Procedure, fouls_of, right_procedure
from trainer.engine.order import Done, out_of_order, payout_order, settled_before
from trainer.engine.protection import ALL_PLAY, watched
from trainer.engine.table import (
    BoxCommission,
    Layout,
    Pay,
    Push,
    TableProcedure,
    Take,
    TakeCommission,
    settle_table,
)
from trainer.engine.violations import Response
from trainer.scoring import percent
from trainer.session.clock import Clock, Now, utc_now
from trainer.session.protect import ViolationQuestion, moment_question
from trainer.session.questions import ChoiceAnswer, Graded, parse_paid_amount
from trainer.session.run import (
    Hooks,
    Mark,
    OnAnswer,
    OnRun,
    OnSession,
    Run,
    SessionError,
    SkillScore,
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
from trainer.skills import (
    table_chips_skill,
    table_commission_skill,
    table_order_skill,
    table_pay_skill,
    table_take_skill,
)

__all__ = [
    "AnswerKey",
    "Entry",
    "Expected",
    "Fault",
    "Mistake",
    "Phase",
    "SeatView",
    "ShoeAnswer",
    "Spot",
    "SpotState",
    "StepFeedback",
    "TableActionError",
    "TableAnswer",
    "TableResult",
    "TableSession",
    "TableSummary",
    "TableWork",
]

Key = tuple[int, Bet]  # (seat, bet): one bet on the layout

_ZERO = Decimal(0)
#: AnswerRecord.step for every table answer.
STEP = "table"


class TableActionError(SessionError):
    """An action the table's state does not allow (a chip in a typed-only drill, paying a
    bet already paid, confirming nothing)."""


class Phase(enum.Enum):
    """Where the dealer is in working one table."""

    WATCH = "watch"  # the moments around the deal (a table drill with violations)
    TAKE = "take"
    PAY = "pay"
    COMMISSION = "commission"
    DONE = "done"

    @property
    def label(self) -> str:
        return {
            "watch": "Watch the layout",
            "take": "Take the losing bets",
            "pay": "Pay the winners in order",
            "commission": "Commission",
            "done": "Table done",
        }[self.value]


class Fault(enum.Enum):
    """The kinds of mistake a table is graded for."""

    MISSED_LOSER = "missed_loser"  # a losing bet left on the layout
    TOOK_PUSH = "took_push"  # a bet that pushes was taken
    TOOK_WINNER = "took_winner"  # a winning bet was taken
    WRONG_AMOUNT = "wrong_amount"  # a winner paid the wrong amount
    PAID_PUSH = "paid_push"  # a bet that pushes was paid
    MISSED_WINNER = "missed_winner"  # a winner left unpaid when paying ended
    WRONG_ORDER = "wrong_order"  # a winner paid before one the house pays first (order.py)
    CHIPS = "chips"  # the right amount, in chips against the house's convention
    WRONG_COMMISSION = "wrong_commission"
    MISSED_VIOLATION = "missed_violation"  # a violation the house enforces let play
    WRONG_RESPONSE = "wrong_response"  # a violation caught, answered otherwise than the house
    LEGAL_STOPPED = "legal_stopped"  # a moment with nothing to stop stopped
    TIMEOUT = "timeout"  # the exam's time limit ran out first

    @property
    def label(self) -> str:
        return {
            "missed_loser": "losing bet not taken",
            "took_push": "push taken",
            "took_winner": "winner taken",
            "wrong_amount": "wrong amount",
            "paid_push": "push paid",
            "missed_winner": "winner not paid",
            "wrong_order": "out of order",
            "chips": "chips against the house convention",
            "wrong_commission": "wrong commission",
            "missed_violation": "violation let play",
            "wrong_response": "violation answered wrong",
            "legal_stopped": "legal bet stopped",
            "timeout": "time ran out",
        }[self.value]


def _response_in(option: str) -> Response | None:
    """The response a moment's chosen option names ("Seat 4 Player: past posting: refuse
    the bet"), by the words it ends with; None when it names none."""
    return next((r for r in Response if option.endswith(r.label)), None)


@dataclass(frozen=True, slots=True)
class Mistake:
    kind: Fault
    text: str  # one line: "seat 3: Tie 10 loses, it was left on the layout"
    seat: int | None = None
    bet: Bet | None = None


@dataclass(frozen=True, slots=True)
class Spot:
    """One bet on the layout; ``chips`` is the wager in the fewest chips (for colours)."""

    seat: int
    bet: Bet
    wager: Decimal
    chips: ChipBreakdown

    @property
    def key(self) -> Key:
        return (self.seat, self.bet)

    @property
    def label(self) -> str:
        return f"seat {self.seat} {self.bet.label} {format_amount(self.wager)}"


@dataclass(frozen=True, slots=True)
class SeatView:
    """A seat and its bets, the seat's bets in the house's order (main bet first)."""

    number: int
    spots: tuple[Spot, ...]


class SpotState(enum.Enum):
    ON = "on"  # on the layout (after a time-out: never worked)
    MARKED = "marked"  # marked for taking (take phase)
    TAKEN = "taken"  # taken at the take: the engine's losers (an exam: the bets marked)
    PAID = "paid"  # paid (``TableWork.paid`` says how much)
    LEFT = "left"  # paid as a winner but it pushes: left, its payout graded wrong
    #: Left on the layout by the dealer when the table was done (the pushes, or a winner
    #: not paid); never after a time-out, where what was not worked is still ON.
    STAYED = "stayed"


@dataclass(frozen=True, slots=True)
class Entry:
    """The amount being given: typed, or built from chips ({denomination: count})."""

    typed: Decimal | None = None
    chips: Mapping[Decimal, int] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "chips", MappingProxyType(dict(self.chips)))

    @property
    def by_chips(self) -> bool:
        return any(self.chips.values())

    @property
    def empty(self) -> bool:
        return self.typed is None and not self.by_chips

    @property
    def total(self) -> Decimal:
        if self.typed is not None:
            return self.typed
        return normalize(sum((v * n for v, n in self.chips.items()), _ZERO))

    @property
    def text(self) -> str:
        if self.by_chips:
            chips = ", ".join(
                f"{n} x {format_amount(v)}"
                for v, n in sorted(self.chips.items(), reverse=True)
                if n
            )
            return f"{format_amount(self.total)} ({chips})"
        return format_amount(self.total) if self.typed is not None else ""


@dataclass(frozen=True, slots=True)
class TableAnswer:
    """One graded answer (one history record): the take, a payout, the order, the chips of
    a payout, or a commission."""

    table: int  # 1-based table number in the session
    phase: Phase
    skill: str
    answer: str
    expected: str
    correct: bool
    reason: str
    seconds: float
    mistakes: tuple[Mistake, ...] = ()
    seat: int | None = None
    bet: Bet | None = None
    wager: Decimal | None = None
    over_time: bool = False  # practice: given after the (unenforced) time limit
    about: str | None = None  # a moment watched: when ("at no more bets")

    @property
    def asked(self) -> str:
        """What the answer is about, in words: "the take", "the order", or its bet
        ("seat 1 Dragon 7 10", "... in chips", "... commission"): a payout's "pay 40" means
        nothing without it; a moment watched: "the layout at no more bets"."""
        if self.phase is Phase.WATCH:
            return f"the layout {self.about or ''}".strip()
        if self.seat is None or self.bet is None or self.wager is None:
            return "the order" if self.skill == table_order_skill().key else "the take"
        bet = _who(self.seat, self.bet, self.wager)
        if self.skill == table_chips_skill().key:
            return f"{bet} in chips"
        if self.phase is Phase.COMMISSION:
            return f"{bet} commission"
        return bet


@dataclass(frozen=True, slots=True)
class StepFeedback:
    """What one action was graded: the answers it completed and every mistake it showed
    (an out-of-order pick is shown with its payout; its ``table:order`` answer comes when
    paying ends)."""

    phase: Phase
    answers: tuple[TableAnswer, ...]
    mistakes: tuple[Mistake, ...]

    @property
    def correct(self) -> bool:
        return not self.mistakes and all(a.correct for a in self.answers)

    @property
    def right(self) -> tuple[TableAnswer, ...]:
        """The answers the action got right, said beside its mistakes (a payout of the
        right amount made out of order: the amount right, the order wrong)."""
        return tuple(a for a in self.answers if a.correct)


@dataclass(frozen=True, slots=True)
class ShoeAnswer:
    """A shoe question answered at the table (one history record, as in the shoe drill):
    the burn (``table`` 0, before the first table) or "what now?" after table ``table``."""

    table: int
    question: BurnQuestion | NextQuestion
    answer: str
    graded: Graded
    seconds: float

    @property
    def correct(self) -> bool:
        return self.graded.correct

    @property
    def skill(self) -> str:
        return self.graded.skill.key

    @property
    def expected(self) -> str:
        return self.graded.expected.text


def _who(seat: int, bet: Bet, wager: Decimal) -> str:
    return f"seat {seat} {bet.label} {format_amount(wager)}"


@dataclass(frozen=True, slots=True)
class Expected:
    """One answer a table asks for, as the engine's procedure has it: what is recorded as
    expected, the reason, and the step it settles (a payout, a commission)."""

    phase: Phase
    skill: str
    text: str
    reason: str
    spot: Spot | None = None
    step: Pay | TakeCommission | BoxCommission | None = None
    about: str | None = None  # a moment watched: when


@dataclass(frozen=True, slots=True)
class AnswerKey:
    """A table's answer key, computed once from the engine's procedure when the table is
    dealt: grading and the time-out both read it, so they cannot disagree."""

    results: Mapping[Key, BetResult]
    take: Expected
    pays: Mapping[Key, Expected]  # the winners, in the order the house pays them
    order: Expected | None  # asked at a table with two winners or more
    commissions: tuple[Expected, ...]  # in the house's order

    @classmethod
    def of(
        cls, procedure: TableProcedure, spots: Mapping[Key, Spot], house: House, result: str
    ) -> AnswerKey:
        takes = procedure.of(Take)
        pushes = [p.describe() for p in procedure.of(Push)]
        take = Expected(
            Phase.TAKE,
            table_take_skill().key,
            "take " + (", ".join(_who(t.seat, t.bet, t.amount) for t in takes) or "nothing"),
            f"{result}. "
            + ("; ".join(t.describe() for t in takes) or "nothing loses")
            + ("; " + "; ".join(pushes) if pushes else ""),
        )
        pays = {
            (p.seat, p.bet): Expected(
                Phase.PAY,
                table_pay_skill(p.bet).key,
                f"pay {format_amount(p.amount)}",
                f"{result}. {procedure.settlements[(p.seat, p.bet)].reason}",
                spots[(p.seat, p.bet)],
                p,
            )
            for p in procedure.of(Pay)
        }
        words = ", ".join(f"seat {p.seat} {p.bet.label}" for p in procedure.of(Pay))
        order = (
            Expected(
                Phase.PAY,
                table_order_skill().key,
                words,
                f"{payout_order(house)}: {words}",
            )
            if len(pays) >= 2
            else None
        )
        commissions = tuple(
            Expected(
                Phase.COMMISSION,
                table_commission_skill().key,
                format_amount(s.amount),
                s.describe(),
                spots[(s.seat, s.bet)],
                s,
            )
            for s in procedure.steps
            if isinstance(s, (TakeCommission, BoxCommission))
        )
        return cls(
            MappingProxyType({k: s.result for k, s in procedure.settlements.items()}),
            take,
            MappingProxyType(pays),
            order,
            commissions,
        )


#: What one action on a table graded: its answers (as its feedback shows them; the table's
#: ``answers`` keep the order they were graded in) and the mistakes it showed.
Worked = tuple[tuple[TableAnswer, ...], tuple[Mistake, ...]]


class TableWork:
    """One table being worked: the layout, the cards, the phase, what was done so far, and
    its grading against the answer key.  Read its attributes to draw it; it changes only
    through its own actions, which ``TableSession`` calls."""

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
        self.seats: tuple[SeatView, ...] = self.seat_views(dealt.layout)
        self.spots: tuple[Spot, ...] = tuple(s for seat in self.seats for s in seat.spots)
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
        self.taken: frozenset[Key] = frozenset()
        self.paid: dict[Key, Decimal] = {}
        self.left: set[Key] = set()
        self.selected: Spot | None = None
        self.entry = Entry()
        self.answers: list[TableAnswer] = []
        self.mistakes: list[Mistake] = []
        self.picks: list[Key] = []  # winners in the order the trainee paid them
        #: What the trainee did, for the export a supervisor audits (``worked``): the bets
        #: marked and taken, every payout in the order made (a push paid too), each
        #: commission given, each moment's answer.
        self.took: frozenset[Key] = frozenset()
        self.payouts: list[tuple[Key, Entry]] = []
        self.commissions_given: dict[Key, Decimal] = {}
        self.watch_answers: list[str] = []
        self.paying_ended = False  # "done paying" (or the last bet paid): pushes left then
        self.order_mistakes: list[Mistake] = []  # shown with their payout, graded at the end
        self.commission_index = 0
        self.started: float | None = None
        self.seconds: float | None = None  # when done: the table's time
        self.timed_out = False
        self.payout_seconds: list[float] = []
        self._step_started: float | None = None
        #: Time not yet on an answer ("done paying"), put on the next one: a table's answers
        #: add up to its time (the chips answer carries none: its time is its payout's).
        self._carry = 0.0
        self._over = False  # practice: the action being graded came after the time limit

    # -- what the screen shows -----------------------------------------------------------
    def seat_views(self, layout: Layout) -> tuple[SeatView, ...]:
        """``layout``'s seats in the house's order, each seat's bets in the house's order."""
        denominations = self.denominations
        order = self.house.order
        by_number = {s.number: s for s in layout.seats}
        return tuple(
            SeatView(
                n,
                tuple(
                    Spot(
                        n,
                        bet,
                        by_number[n].bets[bet],
                        pay_in_chips(by_number[n].bets[bet], denominations),
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
    def on_felt(self) -> tuple[SeatView, ...]:
        """The seats as the felt shows them now: the moment's layout while it is watched
        (a late bet, a press, a bet under the minimum on it), then the layout that plays."""
        q = self.question
        return self.seat_views(q.scene.after) if q is not None else self.seats

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

    def spot(self, seat: int, bet: Bet) -> Spot:
        try:
            return self._spot[(seat, bet)]
        except KeyError:
            raise TableActionError(f"seat {seat} has no {bet.label} bet") from None

    def state(self, spot: Spot | Key) -> SpotState:
        key = spot.key if isinstance(spot, Spot) else spot
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
    def remaining(self) -> tuple[Spot, ...]:
        """Bets still to be worked in the pay phase (on the layout, not paid or left), in
        the house's order: where a cursor starts."""
        return tuple(s for s in self.spots if self.state(s) is SpotState.ON)

    @property
    def paid_total(self) -> Decimal:
        """The running total paid out on this table."""
        return normalize(sum(self.paid.values(), _ZERO))

    @property
    def commission_spot(self) -> Spot | None:
        """The winning bet whose commission is asked now (commission phase)."""
        owed = self.key.commissions
        if self.phase is not Phase.COMMISSION or self.commission_index >= len(owed):
            return None
        return owed[self.commission_index].spot

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
        self._step_started = now
        return max(0.0, now - start)

    def close(self, seconds: float) -> None:
        """The table is done (or timed out): its time is ``seconds``."""
        self.seconds = seconds

    # -- actions (the session checks the phase first) --------------------------------------
    def mark(self, key: Key, marked: bool) -> None:
        if marked:
            self.marked.add(key)
        else:
            self.marked.discard(key)

    def select(self, spot: Spot) -> None:
        if self.state(spot) is not SpotState.ON:
            raise TableActionError(
                f"{spot.label} is {self.state(spot).value}: pick a bet still on the layout"
            )
        self.selected, self.entry = spot, Entry()

    def enter(self, entry: Entry) -> Entry:
        self.entry = entry
        return entry

    def confirm_watch(self, option: str, seconds: float, over: bool) -> Worked:
        """The answer to the moment watched now: graded now; then the next moment, or the
        take once the result's is answered."""
        q = self.question
        if q is None:
            raise TableActionError("no moment is watched now")
        if option not in q.options:
            raise TableActionError(f"{option!r} is not one of the choices")
        self._over = over
        graded = q.grade(ChoiceAnswer(option))
        self.watch_answers.append(option)
        mistakes = () if graded.correct else (self._watch_mistake(q, option),)
        answer = self._answer(
            Phase.WATCH,
            graded.skill.key,
            option,
            graded.expected.text,
            graded.correct,
            graded.reason,
            seconds,
            mistakes,
            about=q.scene.moment.label,
        )
        self.moment += 1
        if self.moment >= len(self.watch):
            self.phase = Phase.TAKE
        return (answer,), mistakes

    @staticmethod
    def _watch_mistake(q: ViolationQuestion, option: str) -> Mistake:
        found = q.finding()
        if found is None:
            return Mistake(
                Fault.LEGAL_STOPPED, f"nothing to stop {q.scene.moment.label}: every bet plays"
            )
        kind = Fault.MISSED_VIOLATION if option == ALL_PLAY else Fault.WRONG_RESPONSE
        return Mistake(kind, found.describe(), found.seat, found.bet)

    def confirm_take(self, seconds: float, over: bool) -> Worked:
        """Take the marked bets: graded now; the engine's losers go, the rest stay (an exam:
        the bets marked go, whatever they are, so the felt never shows the right take)."""
        self._over = over
        answer = self._grade_take(seconds)
        self.took = frozenset(self.marked)
        self.taken = (
            frozenset(self.marked)
            if self.exam
            else frozenset(k for k, r in self.key.results.items() if r is BetResult.LOSE)
        )
        self.marked.clear()
        self.phase = Phase.PAY
        answers, mistakes = (answer,), answer.mistakes
        if not self.remaining:  # every bet lost: nothing to pay, nothing to decide
            return self._end_pay(answers, mistakes)
        return answers, mistakes

    def confirm_payout(self, seconds: float, over: bool) -> Worked:
        """Pay the selected bet the entry's amount; graded now (amount, order, chips)."""
        spot = self.selected
        if spot is None:
            raise TableActionError("pick the bet to pay first")
        if self.entry.empty:
            raise TableActionError(f"give the amount for {spot.label}")
        self._over = over
        self.payout_seconds.append(seconds)
        self.payouts.append((spot.key, self.entry))
        answers, mistakes = self._grade_payout(spot, self.entry, seconds)
        self.selected, self.entry = None, Entry()
        if not self.remaining:
            return self._end_pay(answers, mistakes)
        return answers, mistakes

    def finish_paying(self, seconds: float, over: bool) -> Worked:
        """Done paying: the bets left on the layout stay (a winner among them is unpaid)."""
        self._over = over
        self._carry += seconds  # the time to say "done": on the next answer
        return self._end_pay((), ())

    def confirm_commission(self, seconds: float, over: bool) -> Worked:
        """The entry as the commission on ``commission_spot``; graded now."""
        if self.entry.empty:
            raise TableActionError("give the commission owed")
        self._over = over
        owed = self.key.commissions
        on = owed[self.commission_index].spot
        if on is not None:
            self.commissions_given[on.key] = self.entry.total
        answer = self._grade_commission(owed[self.commission_index], self.entry.total, seconds)
        self.entry = Entry()
        self.commission_index += 1
        if self.commission_index >= len(owed):
            self.phase = Phase.DONE
        return (answer,), answer.mistakes

    def time_out(self, limit: float) -> Worked:
        """Grade everything not answered yet as a timeout (the answer key's, as grading
        would have had it) and close the table."""
        self._over = False
        self._carry = max(0.0, limit - sum(a.seconds for a in self.answers))
        answers: list[TableAnswer] = []

        def out(e: Expected) -> None:
            about = e.about
            spot = e.spot
            m = Mistake(
                Fault.TIMEOUT,
                f"time ran out: {e.text}",
                spot.seat if spot else None,
                spot.bet if spot else None,
            )
            answers.append(
                self._answer(
                    e.phase,
                    e.skill,
                    "timeout",
                    e.text,
                    False,
                    "The table's time limit ran out.",
                    0.0,
                    (m,),
                    spot,
                    about=about,
                )
            )

        for q in self.watch[self.moment :] if self.phase is Phase.WATCH else ():
            expected = q.expected().text
            out(
                Expected(Phase.WATCH, q.skill.key, expected, q.reason(), about=q.scene.moment.label)
            )
        if self.phase in (Phase.WATCH, Phase.TAKE):
            out(self.key.take)
        if self.phase in (Phase.WATCH, Phase.TAKE, Phase.PAY):
            for key, pay in self.key.pays.items():
                if key not in self.paid:
                    out(pay)
            if self.key.order is not None and len(self.picks) == len(self.key.pays):
                # every winner was paid before time ran out: the order is graded as it was
                answers.append(self._grade_order(0.0))
            elif self.key.order is not None:
                out(self.key.order)
        for owed in self.key.commissions[self.commission_index :]:
            out(owed)
        self.timed_out = True
        self.phase = Phase.DONE
        self.selected, self.entry = None, Entry()
        self.close(limit)
        return tuple(answers), tuple(m for a in answers for m in a.mistakes)

    def worked(self, right: Procedure) -> Procedure:
        """What the trainee did at this table, in the audit's notation, from ``right`` (the
        engine's procedure: the cards, the calls, the shoe): the bets marked taken, then
        every payout in the order made, with its amount, its chips when built in chips and
        the commission given on it; once paying ended, each push left on the layout where
        the house settles it among them; a bet neither taken nor paid stays a bet never
        settled (a loser left, a winner unpaid).  A moment watched keeps its violation with
        the response chosen (none: it played); a legal moment stopped has no notation and is
        left out."""
        by_key = {(a.seat, a.bet): a for a in right.dealt.bets}
        bets: list[BetAction] = [
            replace(a, done=Done.TAKEN, paid=_ZERO, commission=_ZERO, boxed=None, chips=None)
            for k, a in by_key.items()
            if k in self.took
        ]
        paid: list[BetAction] = []
        for key, entry in self.payouts:
            a = by_key[key]
            chips = (
                ChipBreakdown(
                    tuple(sorted(((v, n) for v, n in entry.chips.items() if n), reverse=True))
                )
                if entry.by_chips
                else None
            )
            commission = self.commissions_given.get(key, _ZERO)
            paid.append(
                replace(
                    a,
                    done=Done.PAID,
                    paid=entry.total,
                    chips=chips,
                    commission=commission,
                    boxed=a.boxed if commission else None,
                )
            )
        done = {k for k, _ in self.payouts}
        for k, a in by_key.items():
            if not self.paying_ended or a.done is not Done.PUSHED or k in done or k in self.took:
                continue  # a push is left only once paying ended (not at a time-out before)
            push = (a.seat, a.bet, Done.PUSHED)
            at = next(
                (
                    i
                    for i, b in enumerate(paid)
                    if settled_before(self.house, push, (b.seat, b.bet, Done.PAID))
                ),
                len(paid),
            )
            paid.insert(at, a)
        bets += paid
        fouls: list[Foul] = []
        for q, option in zip(self.watch, self.watch_answers, strict=False):
            for f in fouls_of(q.scene, self.house):
                chosen = None if option == ALL_PLAY else _response_in(option)
                fouls.append(replace(f, response=chosen))
        return Procedure(replace(right.dealt, bets=tuple(bets), fouls=tuple(fouls)), right.layout)

    # -- grading -----------------------------------------------------------------------------
    def _grade_take(self, seconds: float) -> TableAnswer:
        results = self.key.results
        mistakes = []
        for spot in self.spots:
            result, marked = results[spot.key], spot.key in self.marked
            if result is BetResult.LOSE and not marked:
                mistakes.append(
                    Mistake(Fault.MISSED_LOSER, f"{spot.label} loses: take it", spot.seat, spot.bet)
                )
            elif result is BetResult.PUSH and marked:
                mistakes.append(
                    Mistake(Fault.TOOK_PUSH, f"{spot.label} pushes: leave it", spot.seat, spot.bet)
                )
            elif result is BetResult.WIN and marked:
                mistakes.append(
                    Mistake(
                        Fault.TOOK_WINNER,
                        f"{spot.label} wins: pay it, do not take it",
                        spot.seat,
                        spot.bet,
                    )
                )
        took = [s.label for s in self.spots if s.key in self.marked]
        take = self.key.take
        return self._answer(
            Phase.TAKE,
            take.skill,
            "take " + (", ".join(took) or "nothing"),
            take.text,
            not mistakes,
            take.reason,
            seconds,
            tuple(mistakes),
        )

    def _grade_payout(self, spot: Spot, entry: Entry, seconds: float) -> Worked:
        expected = self.key.pays.get(spot.key)
        skill = table_pay_skill(spot.bet).key
        given = f"pay {entry.text}"
        if expected is None:  # a push, or (an exam) a loser not taken: no payout is right
            self.left.add(spot.key)
            loses = self.key.results[spot.key] is BetResult.LOSE
            m = Mistake(
                Fault.PAID_PUSH,
                f"{spot.label} loses: take it, pay nothing"
                if loses
                else f"{spot.label} pushes: leave it, pay nothing",
                spot.seat,
                spot.bet,
            )
            settled = self.procedure.settlements[spot.key]
            a = self._answer(
                Phase.PAY,
                skill,
                given,
                "lose" if loses else "push",
                False,
                f"{self.result_text}. {settled.reason}",
                seconds,
                (m,),
                spot,
            )
            return (a,), (m,)
        pay = expected.step
        assert isinstance(pay, Pay)
        mistakes: list[Mistake] = []
        # the house's order as rules, the audit's own (order.out_of_order): a pick is out
        # of order when a winner still unpaid is one the house pays before it
        slip = out_of_order(
            self.house,
            (*spot.key, Done.PAID),
            ((*k, Done.PAID) for k in self.key.pays if k not in self.paid and k != spot.key),
        )
        if slip is not None:  # so two winners or more: the order is asked
            mistakes.append(
                Mistake(Fault.WRONG_ORDER, f"{slip.did}: {slip.rule}", spot.seat, spot.bet)
            )
            self.order_mistakes.extend(mistakes)
        self.paid[spot.key] = entry.total
        self.picks.append(spot.key)
        chip_faults: tuple[Mistake, ...] | None = None  # None: no chips answer
        if entry.by_chips:
            check = check_chips(
                entry.chips, pay.amount, house=self.house, wager=spot.wager, coin=pay.chips.coin
            )
            right = check.pays_amount
            if right:
                chip_faults = tuple(
                    Mistake(Fault.CHIPS, f"{spot.label}: {d}", spot.seat, spot.bet)
                    for d in check.departures
                )
        else:
            right = entry.total == pay.amount
        amount_faults: tuple[Mistake, ...] = ()
        if not right:
            amount_faults = (
                Mistake(
                    Fault.WRONG_AMOUNT,
                    f"{spot.label}: paid {format_amount(entry.total)}, the "
                    f"payout is {format_amount(pay.amount)}",
                    spot.seat,
                    spot.bet,
                ),
            )
        # the payout, then its chips: graded, recorded and listed in that order
        answers = [
            self._answer(
                Phase.PAY,
                skill,
                given,
                expected.text,
                right,
                expected.reason,
                seconds,
                amount_faults,
                spot,
            )
        ]
        if chip_faults is not None:
            answers.append(
                self._answer(
                    Phase.PAY,
                    table_chips_skill().key,
                    entry.text,
                    pay.chips.describe(self.colours),
                    not chip_faults,
                    f"{format_amount(pay.amount)} in the house's chips: "
                    f"{pay.chips.describe(self.colours)}",
                    0.0,
                    chip_faults,
                    spot,
                )
            )
        return tuple(answers), (*mistakes, *amount_faults, *(chip_faults or ()))

    def _end_pay(self, answers: Iterable[TableAnswer], mistakes: Iterable[Mistake]) -> Worked:
        """Close the pay phase: unpaid winners, then the table's order answer."""
        self.paying_ended = True
        out, faults = list(answers), list(mistakes)
        for key, pay in self.key.pays.items():
            if key in self.paid:
                continue
            spot = pay.spot
            assert spot is not None and isinstance(pay.step, Pay)
            m = Mistake(
                Fault.MISSED_WINNER,
                f"{spot.label} wins {format_amount(pay.step.amount)}: it was not paid",
                spot.seat,
                spot.bet,
            )
            out.append(
                self._answer(
                    Phase.PAY, pay.skill, "not paid", pay.text, False, pay.reason, 0.0, (m,), spot
                )
            )
            faults.append(m)
        if self.key.order is not None:
            order = self._grade_order(0.0)  # plus the carried time of "done paying"
            out.append(order)
            # the order's own mistake for each winner left unpaid (its payout's is above)
            faults.extend(m for m in order.mistakes if m not in self.order_mistakes)
        self.phase = Phase.COMMISSION if self.key.commissions else Phase.DONE
        return tuple(out), tuple(faults)

    def _grade_order(self, seconds: float) -> TableAnswer:
        """The table's order answer: right only when every winner was paid and no pick came
        before a winner the house pays first (each such pick was shown with its payout).  A
        winner never paid breaks the order too: one mistake each, named."""
        order = self.key.order
        assert order is not None
        unpaid = [p.spot for k, p in self.key.pays.items() if k not in self.paid]
        gaps = tuple(
            Mistake(
                Fault.WRONG_ORDER,
                f"{spot.label} was never paid: the order is not complete",
                spot.seat,
                spot.bet,
            )
            for spot in unpaid
            if spot is not None
        )
        given = ", ".join(f"seat {s} {b.label}" for s, b in self.picks) or "none paid"
        if gaps:
            given += "; not paid: " + ", ".join(
                f"seat {m.seat} {m.bet.label}" for m in gaps if m.bet
            )
        mistakes = (*self.order_mistakes, *gaps)
        return self._answer(
            Phase.PAY,
            order.skill,
            given,
            order.text,
            not mistakes,
            order.reason,
            seconds,
            mistakes,
        )

    def _grade_commission(self, owed: Expected, given: Decimal, seconds: float) -> TableAnswer:
        spot, step = owed.spot, owed.step
        assert spot is not None and step is not None
        right = given == step.amount
        faults: tuple[Mistake, ...] = (
            ()
            if right
            else (
                Mistake(
                    Fault.WRONG_COMMISSION,
                    f"{spot.label}: commission {format_amount(given)}, it is {owed.text}",
                    spot.seat,
                    spot.bet,
                ),
            )
        )
        return self._answer(
            Phase.COMMISSION,
            owed.skill,
            format_amount(given),
            owed.text,
            right,
            owed.reason,
            seconds,
            faults,
            spot,
        )

    def _answer(
        self,
        phase: Phase,
        skill: str,
        answer: str,
        expected: str,
        correct: bool,
        reason: str,
        seconds: float,
        mistakes: tuple[Mistake, ...] = (),
        spot: Spot | None = None,
        *,
        about: str | None = None,
    ) -> TableAnswer:
        seconds, self._carry = seconds + self._carry, 0.0
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
            self._over,
            about,
        )
        self.answers.append(a)
        self.mistakes.extend(mistakes)
        return a


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table as worked: its answers, mistakes and time."""

    number: int
    coup: Coup
    layout: Layout
    answers: tuple[TableAnswer, ...]
    mistakes: tuple[Mistake, ...]
    seconds: float
    payout_seconds: tuple[float, ...]
    timed_out: bool
    target_seconds: float | None
    #: What the trainee is taught from a missed table: the result as the house words it,
    #: the engine's procedure in words (the table worked right, in the house's order), and
    #: the coup's lesson.
    result_text: str = ""
    procedure: tuple[str, ...] = ()
    note: str | None = None

    @property
    def right(self) -> int:
        return sum(a.correct for a in self.answers)

    @property
    def total(self) -> int:
        return len(self.answers)

    @property
    def correct(self) -> bool:
        return self.right == self.total and not self.timed_out

    @property
    def seats(self) -> int:
        return len(self.layout.seats)

    @property
    def within_target(self) -> bool | None:
        """Worked within the target time, judged on time alone (the mistakes are counted
        apart: a 12.4 s table with a mistake is fast, not slow); a table whose time ran out
        is never within it.  None when the drill sets no target."""
        if self.target_seconds is None:
            return None
        return not self.timed_out and self.seconds <= self.target_seconds


@dataclass(frozen=True, slots=True)
class TableSummary:
    """The end of a table run, as the results screen shows it: the score over every graded
    answer, the mistakes by kind, and each table's time against the target."""

    right: int
    total: int
    percent: int
    passed: bool
    pass_mark: int
    seconds: float
    by_skill: tuple[SkillScore, ...]
    tables: tuple[TableResult, ...]
    mistakes: Mapping[Fault, int]
    target_seconds: float | None
    time_limit: float | None
    #: A shoe at the table: coups dealt, where the cut card came out, Dragon 7s and Panda 8s
    #: seen, the shoe questions missed by kind.
    shoe: ShoeSummary | None = None
    retry_of: str | None = None  # the run whose missed tables this retry works again

    @property
    def retry(self) -> bool:
        return self.retry_of is not None

    @property
    def missed(self) -> tuple[TableResult, ...]:
        """The tables with a wrong answer (or whose time ran out): what ``m`` steps through
        and ``r`` works again."""
        return tuple(t for t in self.tables if not t.correct)

    @property
    def headline(self) -> str:
        """The verdict line's words: a pass or not for a run; for a retry, what it is."""
        if self.retry:
            tables = "missed table" if len(self.tables) == 1 else "missed tables"
            return f"Retry of {len(self.tables)} {tables}: practice"
        return "✓ PASSED" if self.passed else "✗ NOT PASSED"

    @property
    def table_seconds(self) -> tuple[float, ...]:
        return tuple(t.seconds for t in self.tables)

    @property
    def within_target(self) -> int:
        return sum(bool(t.within_target) for t in self.tables)

    @property
    def trend(self) -> str:
        """Table times against the target, in words: the first half's average against the
        second half's ("62.0 s -> 48.5 s a table, target 60 s: 3 of 6 within it")."""
        times = self.table_seconds
        if not times:
            return "no table worked"
        if len(times) == 1:
            line = f"{times[0]:.1f} s for the table"
        else:
            half = len(times) // 2
            first = sum(times[:half]) / half
            second = sum(times[half:]) / (len(times) - half)
            word = "faster" if second < first else "slower" if second > first else "steady"
            line = f"{first:.1f} s -> {second:.1f} s a table ({word})"
        if self.target_seconds is not None:
            line += (
                f", target {self.target_seconds:g} s: {self.within_target} of "
                f"{len(times)} within it"
            )
        return line


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
        **kwargs: Unpack[Hooks],
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
        **kwargs: Unpack[Hooks],
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
        house = self.drill.house
        # a name on a comment line: whatever it holds stays on that line (no line break or
        # control character can write a step into the file)
        who = "".join(c if c.isprintable() else " " for c in self.trainee)
        out = [f"# {self.drill.id}: {who}, house {house.id}"]
        for i, table in enumerate(self.tables):
            place = self.shoe.coups[i] if self.shoe is not None else None
            cut = None if place is None else CUT_EARLIER if place.cut_out_before else place.cut_card
            procedure = right_procedure(
                table.dealt.coup,
                table.dealt.layout,
                house,
                at_shoe=place is not None,
                cut=cut,
                watched=table.dealt.watch,
            )
            result = house.result(table.dealt.coup)
            if table.answers:  # a table reached and worked, if only in part
                worked = table.worked(procedure)
                out.append(f"\n# table {table.number}: {result}: as {who} worked it\n{worked}")
            out.append(f"\n# table {table.number}: {result}: the right procedure\n{procedure}")
        return "\n".join(out) + "\n"

    def export_procedures(self, folder: Path) -> Path:
        """Write ``procedures()`` to a new file in ``folder`` (made if need be), named by
        the drill and a number not yet taken; its path.  OSError if it cannot be written."""
        folder.mkdir(parents=True, exist_ok=True)
        text = self.procedures()
        for n in range(1, 10_000):
            path = folder / f"{self.drill.id}-{n}.txt"
            try:
                with path.open("x", encoding="utf-8") as f:
                    f.write(text)
            except FileExistsError:
                continue
            return path
        raise FileExistsError(f"{folder}: no free name for {self.drill.id}")

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
    def select(self, seat: int, bet: Bet) -> Spot:
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
