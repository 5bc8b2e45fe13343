"""Questions about a coup, the answers a trainee can give, and grading against the engine.

A Question holds the coup and what is asked, never the answer: ``grade`` asks the engine
(the Coup's decisions, ``settle_bet`` under the drill's house) every time it is called.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from types import MappingProxyType

from trainer.drills.model import ASKING_ORDER, DrillCoup, Step
from trainer.engine import (
    Bet,
    BetResult,
    Card,
    Coup,
    Outcome,
    Settlement,
    format_amount,
    parse_amount,
    settle_bet,
)
from trainer.engine.house import DEFAULT_HOUSE, House
from trainer.engine.money import PAYOUTS
from trainer.skills import (
    Skill,
    banker_skill,
    commission_skill,
    fee_skill,
    outcome_skill,
    payout_skill,
    player_skill,
)


@dataclass(frozen=True, slots=True)
class DrawAnswer:
    draws: bool

    @property
    def text(self) -> str:
        return "draws" if self.draws else "stands"

    @property
    def label(self) -> str:
        return "Draws" if self.draws else "Stands"


@dataclass(frozen=True, slots=True)
class OutcomeAnswer:
    outcome: Outcome

    @property
    def text(self) -> str:
        return self.outcome.value

    @property
    def label(self) -> str:
        return self.outcome.label


@dataclass(frozen=True, slots=True)
class PayoutAnswer:
    """Win (with the amount paid on top of the wager), push or lose."""

    result: BetResult
    amount: Decimal | None = None  # only for a win

    @property
    def text(self) -> str:
        if self.result is BetResult.WIN:
            return f"win {format_amount(self.amount or Decimal(0))}"
        return str(self.result.value)

    @property
    def label(self) -> str:
        if self.result is BetResult.WIN:
            return f"Win, pay {format_amount(self.amount or Decimal(0))}"
        return {BetResult.PUSH: "Push", BetResult.LOSE: "Lose"}[self.result]


@dataclass(frozen=True, slots=True)
class AmountAnswer:
    """An amount typed for a commission or fee question ("7", "6.75", "0.50")."""

    amount: Decimal

    @property
    def text(self) -> str:
        return format_amount(self.amount)

    @property
    def label(self) -> str:
        return format_amount(self.amount)


@dataclass(frozen=True, slots=True)
class TimedOut:
    """No answer before an enforced time limit ran out."""

    text: str = "timeout"
    label: str = "No answer (time ran out)"


#: How a question an exam passed over is recorded (``NotAsked``).
NOT_ASKED = "not asked"


@dataclass(frozen=True, slots=True)
class NotAsked:
    """A question an exam passes over, graded missed: the right step of a replay whose error
    the trainee did not flag (asking it would show which step was wrong)."""

    text: str = NOT_ASKED
    label: str = "Not asked: the error was not found"


@dataclass(frozen=True, slots=True)
class ChoiceAnswer:
    """One of a multiple-choice question's options, as worded ("Player shows five")."""

    text: str

    @property
    def label(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class SpotAnswer:
    """The step of a replay flagged as dealt wrong (1-based), or None: no error."""

    step: int | None

    @property
    def text(self) -> str:
        return "no error" if self.step is None else f"step {self.step}"

    @property
    def label(self) -> str:
        return "No error" if self.step is None else f"Step {self.step} is wrong"


Answer = (
    DrawAnswer
    | OutcomeAnswer
    | PayoutAnswer
    | AmountAnswer
    | ChoiceAnswer
    | SpotAnswer
    | TimedOut
    | NotAsked
)

#: Questions about one bet's money: each is asked once per wager (or winning bet).
BET_STEPS = (Step.PAYOUT, Step.COMMISSION, Step.FEE)
#: Questions answered by typing an amount and nothing else.
AMOUNT_STEPS = (Step.COMMISSION, Step.FEE)


def parse_paid_amount(text: str) -> Decimal:
    """The amount a trainee typed for a winning bet ("600", "$600", "1,000", "2.50").

    Raises InvalidAmountError (a ValueError) for text that is not an amount: the trainee
    retypes, the answer is not graded.  Zero is accepted (and graded wrong on a win), and
    anything up to the largest payout the engine's limits allow.
    """
    return parse_amount(text, limit=PAYOUTS)


#: What a win may be paid: something, up to the largest payout.
_WIN_PAYOUTS = replace(PAYOUTS, low=Decimal("0.01"))


def parse_win_amount(text: str) -> Decimal:
    """The amount typed for a bet the trainee says wins: as ``parse_paid_amount``, but a win
    pays something, so 0 is refused and retyped (as ``ezbac check`` refuses a 0 wager)."""
    return parse_amount(text, limit=_WIN_PAYOUTS)


@dataclass(frozen=True, slots=True)
class View:
    """What the dealer sees while a question is asked: cards dealt so far and which totals
    are already known (shown only once no question asks for them)."""

    player_cards: tuple[Card, ...]
    banker_cards: tuple[Card, ...]
    player_total: int | None
    banker_total: int | None
    outcome: Outcome | None
    wagers: tuple[tuple[Bet, Decimal], ...]


@dataclass(frozen=True, slots=True)
class Graded:
    """The engine's verdict on one answer."""

    correct: bool
    expected: Answer
    reason: str
    skill: Skill


@dataclass(frozen=True, slots=True)
class Question:
    """One step asked about one coup; ``bet`` and ``wager`` only for a payout, commission or
    fee question.  ``later`` names the steps still to be asked about this coup: its feedback
    teaches the rule but never states their answers."""

    coup_index: int  # which coup of the run (0-based)
    dealt: DrillCoup
    step: Step
    house: House = DEFAULT_HOUSE  # the drill's house: the one source of the rules it grades by
    bet: Bet | None = None
    wager: Decimal | None = None
    later: frozenset[Step] = frozenset()

    @property
    def coup(self) -> Coup:
        return self.dealt.coup

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the question is about, in shoe order (as the history stores them)."""
        return self.coup.cards

    @property
    def behaviour(self) -> StepBehaviour:
        """What this question's step asks and how (``STEPS``: one entry per step)."""
        return STEPS[self.step]

    @property
    def prompt(self) -> str:
        asks = self.behaviour.prompt
        if asks is not None and self.bet is not None and self.wager is not None:
            return asks.format(on=f"{format_amount(self.wager)} on {self.bet.label}")
        return self.step.label

    @property
    def short(self) -> str:
        """A few words for tables: "Banker draws?", "Dragon 7 15"."""
        if self.bet is not None and self.wager is not None:
            return f"{self.bet.label} {format_amount(self.wager)}{self.behaviour.short}"
        return self.behaviour.short or self.step.value

    @property
    def choices(self) -> tuple[tuple[str, str, Answer | None], ...]:
        """(key, label, answer) for each choice; a None answer means "type the amount".
        A commission or fee question has no choices: the amount is all it takes."""
        return self.behaviour.choices(self)

    @property
    def rules(self) -> House:
        """The house the question is asked under."""
        return self.house

    @property
    def outcome(self) -> Outcome:
        """The coup's outcome as a dealer at this table names it (no Dragon 7 where the
        house has no Dragon 7 bet: it is a Banker win there)."""
        return self.rules.named(self.coup.outcome)

    @property
    def withholds_amount(self) -> bool:
        """A win whose commission, taken from it at once, is asked next about this coup:
        the right amount paid beside the winnings would answer that question, so feedback
        keeps it until the commission is answered (its reason then says it)."""
        if self.step is not Step.PAYOUT or Step.COMMISSION not in self.later:
            return False
        if self.bet is None or self.wager is None:
            return False
        settled = self.settlement()
        return (
            settled.result is BetResult.WIN
            and bool(settled.commission)
            and not settled.commission_deferred
        )

    def settlement(self) -> Settlement:
        """The engine's settlement of this question's bet (payout, commission, fee)."""
        if self.bet is None or self.wager is None:
            raise ValueError(f"{self.step.value} question has no bet to settle")
        return settle_bet(self.coup.outcome, self.bet, self.wager, self.house)

    @property
    def view(self) -> View:
        return self.behaviour.view(self)

    @property
    def skill(self) -> Skill:
        return self.behaviour.skill(self)

    def expected(self) -> Answer:
        """The right answer, asked of the engine now."""
        return self.behaviour.expected(self)

    def reason(self) -> str:
        """Why, spelled from this coup with the engine's own sentences."""
        coup = self.coup
        return self.behaviour.reason(self, (*coup.rules[:-1], self.rules.result(coup)))

    def _commission_reason(self) -> str:
        """'5 % of 137 is 6.85; the house rounds up to the next quarter: 7.00'."""
        settlement = self.settlement()
        levy = self.rules.commission
        owed = format_amount(settlement.commission)
        if levy is None:  # not asked under such a house; said plainly if it ever is
            return f"no commission is owed: {owed}"
        exact = settlement.wager * levy.rate
        said = f"{levy.percent} of {format_amount(settlement.wager)} is {exact.normalize():f}"
        if exact != settlement.commission:
            rule = levy.rounding.label
            said += (
                f"; the house rounds {rule}: {owed}"
                if not levy.rounding.steps
                else f"; by the house's table ({rule}): {owed}"
            )
        where = (
            "it goes in the seat's commission box"
            if settlement.commission_deferred
            else f"it is taken from the payout: {format_amount(settlement.gross)} less {owed} "
            f"= {format_amount(settlement.paid)}"
        )
        return f"{said}; {where}"

    def _fee_reason(self) -> str:
        """'The collection on a 35 wager ... (wagers over 20 up to 100 pay 1): 1'."""
        settlement = self.settlement()
        schedule = self.rules.fee
        fee, wager = format_amount(settlement.fee), format_amount(settlement.wager)
        if schedule is None:
            return f"this house takes no collection fee: {fee}"
        step, floor = schedule.step_for(settlement.wager)
        over = "" if floor is None else f" over {format_amount(floor)}"
        where = (
            f"wagers{over} up to {format_amount(step.up_to)}"
            if step.up_to is not None
            else f"wagers{over or ' of any amount'}"
        )
        return (
            f"The collection on a {wager} wager is paid with the wager, whatever the "
            f"result ({where} pay {format_amount(step.amount)}): {fee}"
        )

    def grade(self, answer: Answer) -> Graded:
        expected = self.expected()
        if isinstance(answer, TimedOut):
            correct = False
        elif isinstance(expected, PayoutAnswer) and isinstance(answer, PayoutAnswer):
            correct = answer.result is expected.result and (
                expected.result is not BetResult.WIN
                or (answer.amount is not None and answer.amount == expected.amount)
            )
        else:
            correct = answer == expected
        return Graded(correct, expected, self.reason(), self.skill)

    def accepts(self, answer: Answer) -> bool:
        """Whether ``answer`` is the kind this question takes (a draw answer for a draw)."""
        return isinstance(answer, self.behaviour.answer | TimedOut)


@dataclass(frozen=True, slots=True)
class StepBehaviour:
    """Everything one step of a coup asks, in one place: ``STEPS`` has one per step."""

    answer: type[Answer]  # the kind of answer it takes
    short: str  # its few words ("Outcome?"); about a bet: what follows the bet (" fee")
    view: Callable[[Question], View]  # what the dealer sees while it is asked
    skill: Callable[[Question], Skill]
    expected: Callable[[Question], Answer]  # from the engine, asked when graded
    #: Why, given the coup's rule sentences (the result in the house's words last).
    reason: Callable[[Question, tuple[str, ...]], str]
    choices: Callable[[Question], tuple[tuple[str, str, Answer | None], ...]] = (
        lambda q: ()
    )  # none: type the amount
    prompt: str | None = None  # about a bet: the question, "{on}" the wager on the bet


def _draws(q: Question) -> tuple[tuple[str, str, Answer | None], ...]:
    return (("d", "Draws", DrawAnswer(True)), ("s", "Stands", DrawAnswer(False)))


_OUTCOME_KEYS = {"player": "p", "banker": "b", "tie": "t", "dragon7": "7", "panda8": "8"}


def _outcomes(q: Question) -> tuple[tuple[str, str, Answer | None], ...]:
    return tuple((_OUTCOME_KEYS[o.value], o.label, OutcomeAnswer(o)) for o in q.rules.outcomes)


def _results(q: Question) -> tuple[tuple[str, str, Answer | None], ...]:
    return (
        ("w", "Win…", None),
        ("u", "Push", PayoutAnswer(BetResult.PUSH)),
        ("l", "Lose", PayoutAnswer(BetResult.LOSE)),
    )


def _settled(q: Question) -> View:
    """The coup over: both hands, their totals, the outcome and the wagers."""
    coup = q.coup
    wagers = tuple((bet, wager) for bet, wager in _layout(q.dealt))
    return View(
        coup.player.cards,
        coup.banker.cards,
        coup.player.total,
        coup.banker.total,
        q.outcome,
        wagers,
    )


def _paid(q: Question) -> PayoutAnswer:
    settlement = q.settlement()
    amount = settlement.paid if settlement.result is BetResult.WIN else None
    return PayoutAnswer(settlement.result, amount)


def _player_reason(q: Question, rules: tuple[str, ...]) -> str:
    """The Player's rule; on a natural, only what it means for the Player while the
    Banker's draw is still to be asked ("neither hand draws" would answer it)."""
    coup = q.coup
    if not coup.natural or Step.BANKER_DRAWS not in q.later:
        return rules[0]
    player, banker = coup.player.total, coup.banker.total
    if player >= 8 and banker >= 8:
        return f"Player has a natural {player} and Banker a natural {banker}: the Player stands"
    whose = f"Player has a natural {player}" if player >= 8 else f"Banker has a natural {banker}"
    return f"{whose}: the Player stands"


STEPS: Mapping[Step, StepBehaviour] = MappingProxyType(
    {
        Step.PLAYER_DRAWS: StepBehaviour(
            DrawAnswer,
            "Player draws?",
            view=lambda q: View(
                q.coup.player.cards[:2], q.coup.banker.cards[:2], None, None, None, ()
            ),
            skill=lambda q: player_skill(q.coup),
            expected=lambda q: DrawAnswer(q.coup.player_draws),
            reason=_player_reason,  # the natural, or the Player's rule
            choices=_draws,
        ),
        Step.BANKER_DRAWS: StepBehaviour(
            DrawAnswer,
            "Banker draws?",
            # the Player's hand is finished: its third card (if any) and total are shown
            view=lambda q: View(
                q.coup.player.cards, q.coup.banker.cards[:2], q.coup.player.total, None, None, ()
            ),
            skill=lambda q: banker_skill(q.coup),
            expected=lambda q: DrawAnswer(q.coup.banker_draws),
            reason=lambda q, rules: rules[0] if q.coup.natural else rules[1],
            choices=_draws,
        ),
        Step.OUTCOME: StepBehaviour(
            OutcomeAnswer,
            "Outcome?",
            view=lambda q: View(q.coup.player.cards, q.coup.banker.cards, None, None, None, ()),
            skill=lambda q: outcome_skill(q.coup, q.outcome),
            expected=lambda q: OutcomeAnswer(q.outcome),
            reason=lambda q, rules: rules[-1],
            choices=_outcomes,
        ),
        Step.PAYOUT: StepBehaviour(
            PayoutAnswer,
            "",
            view=_settled,
            skill=lambda q: payout_skill(q.settlement().bet, q.settlement().result),
            expected=_paid,
            # the commission and fee asked next are left out: the rule, not their answers
            reason=lambda q, rules: (
                f"{rules[-1]}. "
                + q.settlement().explain(
                    commission=Step.COMMISSION not in q.later, fee=Step.FEE not in q.later
                )
            ),
            choices=_results,
            prompt="{on}: win, push or lose?",
        ),
        Step.COMMISSION: StepBehaviour(
            AmountAnswer,
            " commission",
            view=_settled,
            skill=lambda q: commission_skill(q.settlement().bet),
            expected=lambda q: AmountAnswer(q.settlement().commission),
            reason=lambda q, rules: f"{rules[-1]}. {q._commission_reason()}",
            prompt="{on} wins: what commission is owed?",
        ),
        Step.FEE: StepBehaviour(
            AmountAnswer,
            " fee",
            view=_settled,
            skill=lambda q: fee_skill(),
            expected=lambda q: AmountAnswer(q.settlement().fee),
            reason=lambda q, rules: q._fee_reason(),
            prompt="{on}: what is the collection fee?",
        ),
    }
)


def _layout(dealt: DrillCoup) -> list[tuple[Bet, Decimal]]:
    """The wagers in layout order (the engine's Bet order, as ``settle`` uses)."""
    return [(bet, dealt.wagers[bet]) for bet in Bet if bet in dealt.wagers]


def expand(
    coups: list[DrillCoup] | tuple[DrillCoup, ...],
    steps: tuple[Step, ...],
    house: House = DEFAULT_HOUSE,
) -> list[Question]:
    """Questions for each coup, steps in dealing order, one payout (and fee) question per
    wager, one commission question per winning bet that owes one under the house.  Each
    question knows the steps still to come about its coup (``later``).

    A step that "does not apply" is still asked: on a natural, "Does the Player draw?" has the
    answer "stands" and the reason says it is a natural.  A payout step on a coup with no
    wagers asks nothing; so does a commission step when no bet wins one.
    """
    # ASKING_ORDER is the dealing order: each question reveals only what the dealer sees by then.
    wanted = [s for s in ASKING_ORDER if s in steps]
    questions: list[Question] = []
    for index, dealt in enumerate(coups):
        asked: list[Question] = []
        for step in wanted:
            if step in BET_STEPS:
                for bet, wager in _layout(dealt):
                    q = Question(index, dealt, step, house, bet, wager)
                    if step is not Step.COMMISSION or q.settlement().commission:
                        asked.append(q)
            else:
                asked.append(Question(index, dealt, step, house))
        questions.extend(
            replace(q, later=frozenset(after.step for after in asked[n + 1 :]))
            for n, q in enumerate(asked)
        )
    return questions
