"""What a table shows and what its grading produces: plain values, shared by the answer
key, the work of a table, the session and the screens that draw them.

They hold no behaviour beyond their own words (a bet's label, an entry's total, what an
answer is about), so every other module of the table drill can import them and none of them
imports the others: the bottom of the package.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType

from trainer.engine import Bet, format_amount
from trainer.engine.chips import ChipBreakdown
from trainer.engine.money import normalize
from trainer.engine.order import OutOfOrder
from trainer.engine.protection import Finding
from trainer.engine.violations import Moment
from trainer.session.questions import Graded
from trainer.session.run import SessionError
from trainer.session.shoe import BurnQuestion, NextQuestion
from trainer.skills import TABLE_NOT_PAID, TABLE_TIMED_OUT, table_chips_skill, table_order_skill

#: The answer recorded for a winner left unpaid when paying ends, and for a question still
#: open when an exam's limit runs out (the history tells these apart from the actions).
NOT_PAID = TABLE_NOT_PAID
TIMED_OUT = TABLE_TIMED_OUT

__all__ = [
    "NOT_PAID",
    "TIMED_OUT",
    "BetSpot",
    "Entry",
    "Fault",
    "Key",
    "Phase",
    "Said",
    "SaidKind",
    "SeatState",
    "ShoeAnswer",
    "SpotState",
    "StepFeedback",
    "TableActionError",
    "TableAnswer",
    "TableMistake",
    "Worked",
    "bet_words",
]

Key = tuple[int, Bet]  # (seat, bet): one bet on the layout

_ZERO = Decimal(0)


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


class SaidKind(enum.Enum):
    """What an answer (given or expected) is, for the edges to word it."""

    TAKE = "take"  # the bets taken (``bets``; none: nothing)
    PAY = "pay"  # a payout of ``amount`` (``chips`` when built in chips)
    LOSE = "lose"  # the bet loses: no payout is right
    PUSH = "push"  # the bet pushes: no payout is right
    ORDER = "order"  # the winners in the order paid (``bets``; ``unpaid`` left)
    AMOUNT = "amount"  # an amount (a commission)
    CHIPS = "chips"  # a payout's chips (``chips``, ``coin``)
    OPTION = "option"  # a moment's answer: ``finding``, or none (every bet plays)
    NOT_PAID = "not_paid"  # a winner left unpaid when paying ended
    TIMED_OUT = "timed_out"  # the exam's limit ran out first


@dataclass(frozen=True, slots=True)
class Said:
    """An answer as what was done, never as words: the kind and its parameters (exact
    amounts, seats, bets); the TUI and the CLI word it (``trainer.words.table``)."""

    kind: SaidKind
    bets: tuple[tuple[int, Bet, Decimal], ...] = ()  # (seat, bet, wager)
    amount: Decimal | None = None
    chips: tuple[tuple[Decimal, int], ...] = ()  # (denomination, count), largest first
    coin: Decimal = _ZERO
    unpaid: tuple[tuple[int, Bet], ...] = ()
    finding: Finding | None = None
    #: The house's chip colours, for chips as the house pays them (an expected ``CHIPS``).
    colours: tuple[tuple[Decimal, str], ...] = ()


@dataclass(frozen=True, slots=True)
class TableMistake:
    """One mistake: its kind and what it is about (the bet, the amounts, the rule broken,
    the violation), worded at the edges; ``text`` is the English line kept for the
    records that store it."""

    kind: Fault
    text: str  # one line: "seat 3: Tie 10 loses, it was left on the layout"
    seat: int | None = None
    bet: Bet | None = None
    wager: Decimal | None = None
    given: Decimal | None = None  # what was given (a payout, a commission)
    due: Decimal | None = None  # what is owed
    slip: OutOfOrder | None = None  # out of order: the bet settled too early, and which first
    finding: Finding | None = None  # a violation let play or answered wrong
    moment: Moment | None = None  # a legal moment stopped
    chip_faults: tuple[object, ...] = ()  # the chips' departures (``ChipFault``)
    chips: tuple[tuple[Decimal, int], ...] = ()  # the chips the house pays it in
    given_chips: tuple[tuple[Decimal, int], ...] = ()  # the chips given, largest first
    expected: Said | None = None  # a time-out: what the answer was


@dataclass(frozen=True, slots=True)
class BetSpot:
    """One bet on the layout; ``chips`` is the wager in the fewest chips (for colours)."""

    seat: int
    bet: Bet
    wager: Decimal
    chips: ChipBreakdown
    dead: Decimal = _ZERO  # the part of the wager in dead chips, where the house takes them

    @property
    def key(self) -> Key:
        return (self.seat, self.bet)

    @property
    def label(self) -> str:
        return f"seat {self.seat} {self.bet.label} {format_amount(self.wager)}"


@dataclass(frozen=True, slots=True)
class SeatState:
    """A seat and its bets, the seat's bets in the house's order (main bet first)."""

    number: int
    spots: tuple[BetSpot, ...]


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
    mistakes: tuple[TableMistake, ...] = ()
    seat: int | None = None
    bet: Bet | None = None
    wager: Decimal | None = None
    over_time: bool = False  # practice: given after the (unenforced) time limit
    about: str | None = None  # a moment watched: when ("at no more bets")
    #: The answer given and the one expected as values, worded at the edges (``answer``
    #: and ``expected`` are their English, as the history records them).
    said: Said | None = None
    due: Said | None = None
    moment: Moment | None = None  # a moment watched: when

    @property
    def asked(self) -> str:
        """What the answer is about, in words: "the take", "the order", or its bet
        ("seat 1 Dragon 7 10", "... in chips", "... commission"): a payout's "pay 40" means
        nothing without it; a moment watched: "the layout at no more bets"."""
        if self.phase is Phase.WATCH:
            return f"the layout {self.about or ''}".strip()
        if self.seat is None or self.bet is None or self.wager is None:
            return "the order" if self.skill == table_order_skill().key else "the take"
        bet = bet_words(self.seat, self.bet, self.wager)
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
    mistakes: tuple[TableMistake, ...]

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


def bet_words(seat: int, bet: Bet, wager: Decimal) -> str:
    """One bet in words ("seat 1 Dragon 7 10"), as answers and the answer key name it."""
    return f"seat {seat} {bet.label} {format_amount(wager)}"


#: What one action on a table graded: its answers (as its feedback shows them; the table's
#: ``answers`` keep the order they were graded in) and the mistakes it showed.
Worked = tuple[tuple[TableAnswer, ...], tuple[TableMistake, ...]]
