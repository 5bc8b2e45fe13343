"""Questions about a coup, the answers a trainee can give, and grading against the engine.

A Question holds the coup and what is asked, never the answer: ``grade`` asks the engine
(the Coup's decisions, ``settle_bet`` under the drill's house) every time it is called.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

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
        return self.result.value

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
    DrawAnswer | OutcomeAnswer | PayoutAnswer | AmountAnswer | ChoiceAnswer | SpotAnswer
    | TimedOut
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
    fee question."""

    coup_index: int  # which coup of the run (0-based)
    dealt: DrillCoup
    step: Step
    house: House = DEFAULT_HOUSE  # the drill's house: the one source of the rules it grades by
    bet: Bet | None = None
    wager: Decimal | None = None

    @property
    def coup(self) -> Coup:
        return self.dealt.coup

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the question is about, in shoe order (as the history stores them)."""
        return self.coup.cards

    @property
    def prompt(self) -> str:
        if self.bet is not None and self.wager is not None:
            on = f"{format_amount(self.wager)} on {self.bet.label}"
            if self.step is Step.COMMISSION:
                return f"{on} wins: what commission is owed?"
            if self.step is Step.FEE:
                return f"{on}: what is the collection fee?"
            return f"{on}: win, push or lose?"
        return self.step.label

    @property
    def short(self) -> str:
        """A few words for tables: "Banker draws?", "Dragon 7 15"."""
        if self.bet is not None and self.wager is not None:
            what = {Step.COMMISSION: " commission", Step.FEE: " fee"}.get(self.step, "")
            return f"{self.bet.label} {format_amount(self.wager)}{what}"
        return {
            Step.PLAYER_DRAWS: "Player draws?",
            Step.BANKER_DRAWS: "Banker draws?",
            Step.OUTCOME: "Outcome?",
        }.get(self.step, self.step.value)

    @property
    def choices(self) -> tuple[tuple[str, str, Answer | None], ...]:
        """(key, label, answer) for each choice; a None answer means "type the amount".
        A commission or fee question has no choices: the amount is all it takes."""
        if self.step in (Step.PLAYER_DRAWS, Step.BANKER_DRAWS):
            return (("d", "Draws", DrawAnswer(True)), ("s", "Stands", DrawAnswer(False)))
        if self.step is Step.OUTCOME:
            keys = {"player": "p", "banker": "b", "tie": "t", "dragon7": "7", "panda8": "8"}
            return tuple(
                (keys[o.value], o.label, OutcomeAnswer(o)) for o in self.rules.outcomes
            )
        if self.step in AMOUNT_STEPS:
            return ()
        return (
            ("w", "Win…", None),
            ("u", "Push", PayoutAnswer(BetResult.PUSH)),
            ("l", "Lose", PayoutAnswer(BetResult.LOSE)),
        )

    @property
    def rules(self) -> House:
        """The house the question is asked under."""
        return self.house

    @property
    def outcome(self) -> Outcome:
        """The coup's outcome as a dealer at this table names it (no Dragon 7 where the
        house has no Dragon 7 bet: it is a Banker win there)."""
        return self.rules.named(self.coup.outcome)

    def settlement(self) -> Settlement:
        """The engine's settlement of this question's bet (payout, commission, fee)."""
        if self.bet is None or self.wager is None:
            raise ValueError(f"{self.step.value} question has no bet to settle")
        return settle_bet(self.coup.outcome, self.bet, self.wager, self.house)

    @property
    def view(self) -> View:
        coup = self.coup
        p, b = coup.player.cards, coup.banker.cards
        wagers = tuple((bet, wager) for bet, wager in _layout(self.dealt))
        if self.step is Step.PLAYER_DRAWS:
            return View(p[:2], b[:2], None, None, None, ())
        if self.step is Step.BANKER_DRAWS:
            # The Player's hand is finished: its third card (if any) and total are shown.
            return View(p, b[:2], coup.player.total, None, None, ())
        if self.step is Step.OUTCOME:
            return View(p, b, None, None, None, ())
        return View(p, b, coup.player.total, coup.banker.total, self.outcome, wagers)

    @property
    def skill(self) -> Skill:
        coup = self.coup
        if self.step is Step.PLAYER_DRAWS:
            return player_skill(coup)
        if self.step is Step.BANKER_DRAWS:
            return banker_skill(coup)
        if self.step is Step.OUTCOME:
            return outcome_skill(coup, self.outcome)
        settlement = self.settlement()
        if self.step is Step.COMMISSION:
            return commission_skill(settlement.bet)
        if self.step is Step.FEE:
            return fee_skill()
        return payout_skill(settlement.bet, settlement.result)

    def expected(self) -> Answer:
        """The right answer, asked of the engine now."""
        coup = self.coup
        if self.step is Step.PLAYER_DRAWS:
            return DrawAnswer(coup.player_draws)
        if self.step is Step.BANKER_DRAWS:
            return DrawAnswer(coup.banker_draws)
        if self.step is Step.OUTCOME:
            return OutcomeAnswer(self.outcome)
        settlement = self.settlement()
        if self.step is Step.COMMISSION:
            return AmountAnswer(settlement.commission)
        if self.step is Step.FEE:
            return AmountAnswer(settlement.fee)
        amount = settlement.paid if settlement.result is BetResult.WIN else None
        return PayoutAnswer(settlement.result, amount)

    def reason(self) -> str:
        """Why, spelled from this coup with the engine's own sentences."""
        coup = self.coup
        rules = (*coup.rules[:-1], self.rules.result(coup))
        if self.step is Step.PLAYER_DRAWS:
            return rules[0]  # the natural, or the Player's rule
        if self.step is Step.BANKER_DRAWS:
            return rules[0] if coup.natural else rules[1]
        if self.step is Step.OUTCOME:
            return rules[-1]
        if self.step is Step.COMMISSION:
            return f"{rules[-1]}. {self._commission_reason()}"
        if self.step is Step.FEE:
            return self._fee_reason()
        return f"{rules[-1]}. {self.settlement().reason}"

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
            said += (f"; the house rounds {rule}: {owed}" if not levy.rounding.steps
                     else f"; by the house's table ({rule}): {owed}")
        where = ("it goes in the seat's commission box" if settlement.commission_deferred
                 else "it is taken from the payout")
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
        where = (f"wagers{over} up to {format_amount(step.up_to)}" if step.up_to is not None
                 else f"wagers{over or ' of any amount'}")
        return (f"The collection on a {wager} wager is paid with the wager, whatever the "
                f"result ({where} pay {format_amount(step.amount)}): {fee}")

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
        kinds = {
            Step.PLAYER_DRAWS: DrawAnswer,
            Step.BANKER_DRAWS: DrawAnswer,
            Step.OUTCOME: OutcomeAnswer,
            Step.PAYOUT: PayoutAnswer,
            Step.COMMISSION: AmountAnswer,
            Step.FEE: AmountAnswer,
        }
        return isinstance(answer, kinds[self.step] | TimedOut)


def _layout(dealt: DrillCoup) -> list[tuple[Bet, Decimal]]:
    """The wagers in layout order (the engine's Bet order, as ``settle`` uses)."""
    return [(bet, dealt.wagers[bet]) for bet in Bet if bet in dealt.wagers]


def expand(
    coups: list[DrillCoup] | tuple[DrillCoup, ...],
    steps: tuple[Step, ...],
    house: House = DEFAULT_HOUSE,
) -> list[Question]:
    """Questions for each coup, steps in dealing order, one payout (and fee) question per
    wager, one commission question per winning bet that owes one under the house.

    A step that "does not apply" is still asked: on a natural, "Does the Player draw?" has the
    answer "stands" and the reason says it is a natural.  A payout step on a coup with no
    wagers asks nothing; so does a commission step when no bet wins one.
    """
    # ASKING_ORDER is the dealing order: each question reveals only what the dealer sees by then.
    wanted = [s for s in ASKING_ORDER if s in steps]
    questions: list[Question] = []
    for index, dealt in enumerate(coups):
        for step in wanted:
            if step in BET_STEPS:
                for bet, wager in _layout(dealt):
                    q = Question(index, dealt, step, house, bet, wager)
                    if step is not Step.COMMISSION or q.settlement().commission:
                        questions.append(q)
            else:
                questions.append(Question(index, dealt, step, house))
    return questions
