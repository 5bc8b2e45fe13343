"""What a loaded drill is, independent of the YAML it came from.

The session logic and the TUI consume these; the loader builds them; the generator deals
coups for them.  Nothing here stores an answer: answers always come from the engine.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from trainer.drills import fields as F
from trainer.drills.errors import DrillError
from trainer.engine import Bet, Card, Coup, Outcome, Paytable
from trainer.engine.house import DEFAULT_HOUSE, House

if TYPE_CHECKING:  # the analysis module is only needed by the generator, not to list drills
    from trainer.engine.analysis import CoupClass
    from trainer.engine.injection import Mistake
    from trainer.engine.protection import Scene
    from trainer.engine.table import Layout


class Step(enum.Enum):
    """One question a dealer must answer about a coup, in the order the coup is dealt."""

    PLAYER_DRAWS = "player_draws"
    BANKER_DRAWS = "banker_draws"
    OUTCOME = "outcome"
    PAYOUT = "payout"  # one question per bet on the layout
    COMMISSION = "commission"  # per winning bet that owes a commission under the house
    FEE = "fee"  # per wager, under a house with a collection fee
    TABLE = "table"  # a whole table worked per coup: take, pay in order, commission
    # The dealer's procedure: never written in ``ask`` (a drill's kind asks them).
    BURN = "burn"  # a shoe: how many cards the first card turned up burns
    CUT = "cut"  # a shoe: the cut card came out; what the dealer does now
    CALL = "call"  # the dealer's call at one step of a coup
    SPOT = "spot"  # which step of a replayed coup was dealt wrong (or none)
    FIX = "fix"  # what the right step was
    VIOLATION = "violation"  # a moment at the table: the violation to stop, or none
    IRREGULARITY = "irregularity"  # what goes wrong in the deal: the remedy

    @property
    def label(self) -> str:
        return {
            "player_draws": "Does the Player draw?",
            "banker_draws": "Does the Banker draw?",
            "outcome": "What is the outcome?",
            "payout": "What happens to each bet?",
            "commission": "What commission is owed?",
            "fee": "What is the collection fee?",
            "table": "Work the table",
            "burn": "How many cards are burned?",
            "cut": "The cut card is out: what now?",
            "call": "What does the dealer call?",
            "spot": "Which step was the first dealt wrong?",
            "fix": "What was the right step?",
            "violation": "Anything to stop? What does the house have you do?",
            "irregularity": "What does the dealer do?",
        }[self.value]


#: The steps of the dealer's procedure: asked by a drill's kind, never written in ``ask``.
PROCEDURE_STEPS: tuple[Step, ...] = (
    Step.BURN,
    Step.CUT,
    Step.CALL,
    Step.SPOT,
    Step.FIX,
    Step.VIOLATION,
    Step.IRREGULARITY,
)


class Kind(enum.Enum):
    """What a run deals: separate coups (the default), one continuous shoe, the dealer's calls,
    or replays to spot a dealer's error in."""

    COUP = "coup"
    SHOE = F.SHOE_KIND
    CALL = F.CALL_KIND
    SPOT = F.SPOT_KIND
    VIOLATIONS = F.VIOLATIONS_KIND
    IRREGULARITIES = F.IRREGULARITIES_KIND


#: The ids of the kinds worked at a table (``ask: table``, ``ask: [shoe, table]``): whole
#: tables worked per coup, separate or from one shoe.
TABLE_KIND, SHOE_TABLE_KIND = "table", "shoe_table"


#: "coup" in a drill file: the whole coup, step by step.
WHOLE_COUP: tuple[Step, ...] = (Step.PLAYER_DRAWS, Step.BANKER_DRAWS, Step.OUTCOME, Step.PAYOUT)
#: The order questions are asked about one coup: the dealing order, then whether each bet
#: wins and what it is paid, then what a win owes (a commission question presupposes the win,
#: so it never comes before the question that asks it), the fee last.
ASKING_ORDER: tuple[Step, ...] = (
    Step.PLAYER_DRAWS,
    Step.BANKER_DRAWS,
    Step.OUTCOME,
    Step.PAYOUT,
    Step.COMMISSION,
    Step.FEE,
)


class Mode(enum.Enum):
    PRACTICE = "practice"  # feedback after each answer, rules reference allowed
    EXAM = "exam"  # feedback at the end, no reference, time limits enforced


class Order(enum.Enum):
    AS_WRITTEN = "as_written"  # fixed coups in file order, then generated ones
    SHUFFLED = "shuffled"


@dataclass(frozen=True, slots=True)
class BetSpec:
    """A bet on the layout: a fixed amount (minimum == maximum) or a range with a step."""

    bet: Bet
    minimum: Decimal
    maximum: Decimal
    step: Decimal = Decimal(F.RANGE.step.default)

    def draw(self, rng: random.Random) -> Decimal:
        """A uniformly drawn amount in minimum, minimum+step, ..., <= maximum."""
        slots = int((self.maximum - self.minimum) // self.step)
        return self.minimum + self.step * rng.randint(0, slots)


class ChipEntry(enum.Enum):
    """How a table drill's payouts are entered."""

    TYPED = "typed"  # the amount is typed
    CHIPS = "chips"  # built chip by chip: the house's chip convention is graded too
    EITHER = "either"  # either way; chips, when used, are graded as in CHIPS


_CHIPS = ChipEntry(F.TABLE.chips.default)


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a table drill deals (``ask: table``): how many seats are occupied, how many bets
    each, which bets and wagers (``bets``: each a range whose step is the chip unit: wagers
    are multiples of it), and the clock: ``time_limit`` seconds per table (enforced in an
    exam), ``target_seconds`` the proficiency target a table is measured against."""

    bets: tuple[BetSpec, ...]
    seats: tuple[int, int]
    bets_per_seat: tuple[int, int] = (F.TABLE.bets_per_seat.default,) * 2
    time_limit: float | None = F.TABLE.time_limit.default
    target_seconds: float | None = F.TABLE.target_seconds.default
    chips: ChipEntry = _CHIPS
    #: The drill's ``violations.rate``: each table watched at no more bets, during the deal
    #: and after the result first, this share of tables with a violation (None: the table
    #: is worked from the take).
    violations: float | None = None


@dataclass(frozen=True, slots=True)
class FixedCoup:
    """A coup written out card by card; ``note`` is shown as the lesson."""

    cards: tuple[Card, ...]
    note: str | None = None
    wagers: Mapping[Bet, Decimal] | None = None  # fixed wagers for this coup, if the file says


@dataclass(frozen=True, slots=True)
class CoupFilter:
    """Which coups a generator may deal.  None means "any"; sets mean "one of".

    Every field is a function of the coup's CoupClass, so a filter selects whole classes and
    the generator can weight them by their exact counts.
    """

    player_total: frozenset[int] | None = None  # two-card totals
    banker_total: frozenset[int] | None = None
    natural: bool | None = None
    player_draws: bool | None = None
    banker_draws: bool | None = None
    player_third: frozenset[int] | None = None  # point value of the Player's third card
    banker_third: frozenset[int] | None = None
    player_final: frozenset[int] | None = None
    banker_final: frozenset[int] | None = None
    outcome: frozenset[Outcome] | None = None
    cards: frozenset[int] | None = None  # 4, 5 or 6
    weight: int = F.FILTER.weight.default

    def matches(self, cls: CoupClass) -> bool:
        checks = (
            (self.player_total, cls.player_total),
            (self.banker_total, cls.banker_total),
            (self.player_third, cls.player_third),
            (self.banker_third, cls.banker_third),
            (self.player_final, cls.player_final),
            (self.banker_final, cls.banker_final),
            (self.outcome, cls.outcome),
            (self.cards, cls.cards),
        )
        if any(allowed is not None and value not in allowed for allowed, value in checks):
            return False
        flags = (
            (self.natural, cls.natural),
            (self.player_draws, cls.player_draws),
            (self.banker_draws, cls.banker_draws),
        )
        return all(want is None or want == have for want, have in flags)


@dataclass(frozen=True, slots=True)
class Cover:
    """One coup a run deals before any is drawn by weight (the review: one for each due
    skill, so each is asked before any comes twice): a coup from ``filter``, with ``bet``
    on its layout when a payout is what it is dealt for."""

    filter: CoupFilter
    bet: Bet | None = None


@dataclass(frozen=True, slots=True)
class DrillCoup:
    """One dealt coup of a drill, with the wagers on the layout for payout questions."""

    coup: Coup
    wagers: Mapping[Bet, Decimal] = field(default_factory=dict)
    note: str | None = None


@dataclass(frozen=True, slots=True)
class DealtTable:
    """One coup of a table drill: the cards and the bets on the layout (the layout that
    plays: with ``watch``, the layout once every violation is answered as the house says).
    ``watch``: the moments around the deal the dealer watches before working the table."""

    coup: Coup
    layout: Layout
    note: str | None = None
    watch: tuple[Scene, ...] = ()


# The defaults are the file format's (trainer.drills.fields), as model values.
_D = F.DRILL
_SHOE, _SPOT = F.SHOE, F.SPOT
_MODE, _ORDER = Mode(_D.mode.default), Order(_D.order.default)


# -- what one kind of run needs, one typed value per kind (``Drill.run``) -------------------
# A kind's own settings live in its value, so a drill cannot carry another kind's settings
# (a cut card on a drill of separate coups).  Each kind is one object in each layer's
# registry (``trainer.drills.kinds``, ``trainer.session.kinds``, ``trainer.tui.kinds``),
# found by the drill's ``kind_id``: the run's ``id``, or its ``table_id`` at the table.


class RunSpec:
    """What one kind of run deals: the base of every kind's run value."""

    __slots__ = ()
    #: What the run deals, for code that asks only that (a shoe, separate coups, ...).
    kind: ClassVar[Kind]
    #: The id its kind is registered under in every layer.
    id: ClassVar[str]
    #: The id of the same run worked at a table (``ask: table``); None: never at a table.
    table_id: ClassVar[str | None] = None

    def words(self, questions: int, at_table: bool) -> str:
        """How long a run is, in words: "12 coups", "5 tables"."""
        if at_table:
            return _count(questions, "table")
        return _coups(questions)


@dataclass(frozen=True, slots=True)
class CoupSpec(RunSpec):
    """Separate coups, the steps asked of each (the default)."""

    kind: ClassVar[Kind] = Kind.COUP
    id: ClassVar[str] = Kind.COUP.value
    table_id: ClassVar[str | None] = TABLE_KIND


@dataclass(frozen=True, slots=True)
class ShoeSpec(RunSpec):
    """One continuous shoe (``ask: [shoe, ...]``): ``cut`` cards behind the cut card (None:
    the house's), and the last ``last_coups`` coups before it only (None: the whole shoe)."""

    kind: ClassVar[Kind] = Kind.SHOE
    id: ClassVar[str] = Kind.SHOE.value
    table_id: ClassVar[str | None] = SHOE_TABLE_KIND
    cut: int | None = _SHOE.cut.default
    last_coups: int | None = _SHOE.last_coups.default

    def words(self, questions: int, at_table: bool) -> str:
        where = " at the table" if at_table else ""
        if self.last_coups is None:
            return f"a whole shoe{where}"
        return f"a shoe{where} from {_coups(self.last_coups)} before the cut card"


@dataclass(frozen=True, slots=True)
class CallSpec(RunSpec):
    """The dealer's calls at each step of a coup (``ask: call``)."""

    kind: ClassVar[Kind] = Kind.CALL
    id: ClassVar[str] = Kind.CALL.value


@dataclass(frozen=True, slots=True)
class SpotSpec(RunSpec):
    """Replays to spot a dealer's error in (``ask: spot``): the ``level`` (coup or table),
    the share of replays with an error, the shares with an irregularity in the deal or a
    player's violation (what the dealer did then the error, if any), the catalogue ids
    drawn from (empty: every error of the level), and the mistakes of an instructor's file
    beside the engine's catalogue."""

    kind: ClassVar[Kind] = Kind.SPOT
    id: ClassVar[str] = Kind.SPOT.value
    level: str = _SPOT.level.default
    error_rate: float = _SPOT.error_rate.default
    irregularity_rate: float = _SPOT.irregularities.default
    violation_rate: float = _SPOT.violations.default
    error_ids: tuple[str, ...] = _SPOT.errors.default
    extra_mistakes: tuple[Mistake, ...] = ()


@dataclass(frozen=True, slots=True)
class ViolationSpec(RunSpec):
    """Moments at a dealt table (``ask: violations``): the layouts are the ``table``
    section's, and ``rate`` of the moments hold a violation the house enforces.  (Not a
    table drill: a table drill's own ``violations:`` setting is ``TableSpec.violations``,
    the share of tables watched before they are worked.)"""

    kind: ClassVar[Kind] = Kind.VIOLATIONS
    id: ClassVar[str] = Kind.VIOLATIONS.value
    table: TableSpec
    rate: float = F.VIOLATIONS.rate.default

    def words(self, questions: int, at_table: bool) -> str:
        return f"{_count(questions, 'moment')} at the table"


@dataclass(frozen=True, slots=True)
class IrregularitySpec(RunSpec):
    """What goes wrong in the deal (``ask: irregularities``): each question one of the
    catalogue's irregularities, its remedy asked."""

    kind: ClassVar[Kind] = Kind.IRREGULARITIES
    id: ClassVar[str] = Kind.IRREGULARITIES.value

    def words(self, questions: int, at_table: bool) -> str:
        return f"{questions} irregularit{'ies' if questions != 1 else 'y'}"


def _count(n: int, noun: str) -> str:
    """``n`` of ``noun``, in words: "1 table", "3 tables"."""
    return f"{n} {noun}{'s' if n != 1 else ''}"


def _coups(n: int) -> str:
    """How many coups, in words: "1 coup", "3 coups"."""
    return f"{n} coup{'s' if n != 1 else ''}"


@dataclass(frozen=True, slots=True)
class Drill:
    id: str
    title: str
    description: str
    steps: tuple[Step, ...]
    questions: int  # number of coups dealt per run
    mode: Mode = _MODE
    order: Order = _ORDER
    pass_mark: int = _D.pass_mark.default  # percent of questions answered right
    time_limit: float | None = _D.time_limit.default  # seconds per question
    level: str | None = _D.level.default
    tags: tuple[str, ...] = _D.tags.default
    fixed: tuple[FixedCoup, ...] = _D.coups.default
    filters: tuple[CoupFilter, ...] = _D.generate.default
    bets: tuple[BetSpec, ...] = _D.bets.default
    source: Path | None = None
    #: (fewest, most) bets on each coup's layout, drawn from ``bets``; None: all of them.
    bets_per_coup: tuple[int, int] | None = _D.bets_per_coup.default
    #: The house rules the drill is dealt under: the one source of its rules (decks,
    #: paytable, game), the default house when the file names none.  ``decks`` and
    #: ``paytable`` are read from it, so no drill has a paytable its house disagrees with.
    house: House = DEFAULT_HOUSE
    #: ``ask: table``: the table each coup is dealt to (steps is then (Step.TABLE,)); given
    #: exactly when the drill is ``at_table``.
    table: TableSpec | None = None
    #: Coups dealt first, one each in this order (as many as the run holds), before the
    #: rest are drawn from ``filters`` by weight: set by the review, never by a file.
    covers: tuple[Cover, ...] = ()
    #: The run's length is chosen in questions (the review: "how many questions?"), so its
    #: header counts questions; a listed drill is chosen by its coups ("12 coups").
    length_in_questions: bool = False
    #: At most this many questions, the last coup's cut short (the audition's written part
    #: asks as many as its curriculum sets, in coups of four): set by code, never by a file.
    most_questions: int | None = None
    #: The audition's part it is sat as, (number, parts): (2, 8) is "Part 2 of 8", set by
    #: the app, never by a file; the screens word it before the title
    #: (``trainer.words.titles.heading``).
    part: tuple[int, int] | None = None

    @property
    def decks(self) -> int:
        return self.house.decks

    @property
    def paytable(self) -> Paytable:
        return self.house.paytable

    #: What a run deals and that kind's own settings; ``steps`` are asked of each coup.
    run: RunSpec = CoupSpec()
    #: Whole tables worked per coup (``ask: table``): the run's ``table_id`` kind, its
    #: table in ``table``.  Said by the drill, never guessed from its other fields.
    at_table: bool = False

    def __post_init__(self) -> None:
        if self.at_table and self.run.table_id is None:
            raise DrillError(f"drill {self.id!r}: a {self.run.id} run is never worked at a table")
        if self.at_table != (self.table is not None):
            need = "needs its table section" if self.at_table else "is not worked at a table"
            raise DrillError(f"drill {self.id!r} {need} (at_table and table go together)")

    @property
    def kind(self) -> Kind:
        return self.run.kind

    @property
    def kind_id(self) -> str:
        """The id its kind is registered under in every layer (``trainer.drills.kinds``)."""
        if self.at_table and self.run.table_id is not None:
            return self.run.table_id
        return self.run.id

    @property
    def is_table(self) -> bool:
        """The old name of ``at_table``."""
        return self.at_table

    @property
    def shoe(self) -> ShoeSpec:
        """The shoe settings of a shoe drill (DrillError for another kind)."""
        if not isinstance(self.run, ShoeSpec):
            raise DrillError(f"drill {self.id!r} does not deal a shoe (ask: shoe)")
        return self.run

    @property
    def spot(self) -> SpotSpec:
        """The spotting settings of a spot drill (DrillError for another kind)."""
        if not isinstance(self.run, SpotSpec):
            raise DrillError(f"drill {self.id!r} does not replay coups to spot (ask: spot)")
        return self.run

    @property
    def run_words(self) -> str:
        """How long a run is, in words: "12 coups", "5 tables", "a whole shoe"."""
        return self.run.words(self.questions, self.at_table)
