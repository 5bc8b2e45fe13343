"""Spot the dealer's error: a coup (or a whole table) replayed step by step as a dealer dealt
it, with no error or with one drawn from the engine's catalogue.

Each replay asks: which step is wrong, or "no error" (``SpotQuestion``); and, when there was
an error, what the right step was (``FixQuestion``, a multiple choice).  The replay is the
engine's own procedure (``Dealt.correct``) with a mistake injected by the engine
(``catalogue.inject``); the answer is the engine's audit of the replay (``audit``): the step
of its first deviation that is a mistake of its own, and that deviation's right action.
Nothing here says what is right.

``error_rate`` of the replays carry an error, so always flagging one does not pay: a flag on
a replay dealt right is graded wrong, like "no error" on one that was not.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from trainer.drills.generate import generate_coup
from trainer.drills.model import Drill, DrillCoup, Step
from trainer.engine import Bet, Card, Coup
from trainer.engine.catalogue import (
    CATALOGUE,
    Level,
    Mistake,
    MistakeDoesNotApply,
    find_mistake,
    inject,
)
from trainer.engine.house import House, settle_checked
from trainer.engine.money import format_amount
from trainer.engine.procedure import (
    Audit,
    BetAction,
    CalledOutcome,
    CalledTotal,
    Dealt,
    DealtCard,
    Deviation,
    Done,
    audit,
    result_text,
    single_seat,
)
from trainer.engine.table import Layout, deal_layout
from trainer.session.choice import ChoiceQuestion, pick_options
from trainer.session.questions import Answer, ChoiceAnswer, Graded, SpotAnswer, TimedOut, View
from trainer.skills import Skill

#: Coups tried for a replay whose error does not fit the coup dealt (a Dragon 7 mistake on a
#: coup without one): generated afresh from the drill's filters.
TRIES = 60
#: Seats of a table-level replay, and bets per seat: a full table to supervise.
TABLE_SEATS = (3, 5)
TABLE_BETS = (1, 2)
END_LINE = "End: the dealer clears the table"


def catalogue_of(drill: Drill) -> tuple[Mistake, ...]:
    """The engine's catalogue and the drill's own mistakes file, of the drill's level (a
    table-level drill has the coup's mistakes too)."""
    levels = {Level.COUP} if drill.spot.level == "coup" else {Level.COUP, Level.TABLE}
    return tuple(m for m in (*CATALOGUE, *drill.spot.extra_mistakes) if m.level in levels)


def mistakes_for(drill: Drill) -> tuple[Mistake, ...]:
    """The mistakes a drill draws from: those it names, else every one of its level."""
    if drill.spot.error_ids:
        return tuple(
            find_mistake(i, (*CATALOGUE, *drill.spot.extra_mistakes)) for i in drill.spot.error_ids
        )
    return catalogue_of(drill)


def step_line(step: object, layout: Layout) -> str:
    """One step of a replay as the screen lists it."""
    if isinstance(step, DealtCard):
        return f"{step.card.pretty} to the {step.to.label}"
    if isinstance(step, CalledTotal):
        return f"Calls the {step.side.label}: {step.total}"
    if isinstance(step, CalledOutcome):
        return f"Calls the result: {step.outcome.label}"
    if isinstance(step, BetAction):
        wager = _wager(layout, step.seat, step.bet)
        done = {Done.TAKEN: "taken", Done.PUSHED: "pushed (returned)", Done.PAID: "paid"}
        text = f"Seat {step.seat} {step.bet.label} {format_amount(wager)}: {done[step.done]}"
        if step.done is Done.PAID:
            text += f" {format_amount(step.paid)}"
        if step.commission:
            text += f", commission {format_amount(step.commission)}"
        if step.fee:
            text += f", fee {format_amount(step.fee)}"
        return text
    return str(step)


def _wager(layout: Layout, seat: int, bet: Bet) -> Decimal:
    return next(w for s, b, w in layout.bets() if (s, b) == (seat, bet))


@dataclass(frozen=True, slots=True)
class Replay:
    """A coup as a dealer dealt it, on a layout, under a house; ``mistake`` is the catalogue
    entry injected (None: dealt right), kept for the skill it trains, never for grading."""

    coup: Coup
    layout: Layout
    house: House
    dealt: Dealt
    mistake: str | None

    def audit(self) -> Audit:
        """The engine's verdict on the replay, asked now."""
        return audit(self.dealt, self.house, self.layout)

    def first_mistake(self) -> Deviation | None:
        mistakes = self.audit().mistakes
        return mistakes[0] if mistakes else None

    @property
    def lines(self) -> tuple[str, ...]:
        """Every step as listed (1-based on screen), and the end of the coup."""
        return (*(step_line(s, self.layout) for s in self.dealt.steps), END_LINE)

    @property
    def skill_key(self) -> str:
        return f"spot:{self.mistake or 'none'}"


@dataclass(frozen=True, slots=True)
class SpotQuestion:
    """Which step of the replay is wrong (or none)?"""

    coup_index: int
    dealt: DrillCoup
    replay: Replay
    step: Step = Step.SPOT
    bet: Bet | None = None
    wager: Decimal | None = None

    @property
    def coup(self) -> Coup:
        return self.replay.coup

    @property
    def house(self) -> House:
        return self.replay.house

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c.card for c in self.replay.dealt.cards)

    @property
    def lines(self) -> tuple[str, ...]:
        return self.replay.lines

    @property
    def prompt(self) -> str:
        return "Which step was dealt wrong? Or was it all right?"

    @property
    def short(self) -> str:
        return "Spot the error"

    @property
    def choices(self) -> tuple[tuple[str, str, Answer | None], ...]:
        steps = tuple((str(i), line, SpotAnswer(i)) for i, line in enumerate(self.lines, 1))
        return (*steps, ("n", "No error", SpotAnswer(None)))

    @property
    def view(self) -> View:
        coup = self.coup
        return View(coup.player.cards, coup.banker.cards, None, None, None, ())

    def expected(self) -> SpotAnswer:
        first = self.replay.first_mistake()
        return SpotAnswer(None if first is None else first.step + 1)

    def reason(self) -> str:
        first = self.replay.first_mistake()
        if first is None:
            return "Every step follows the rules: the coup was dealt right"
        line = self.lines[min(first.step, len(self.lines) - 1)]
        return f"Step {first.step + 1} ({line}): {first.describe()}"

    @property
    def skill(self) -> Skill:
        return Skill(self.replay.skill_key)

    def accepts(self, answer: Answer) -> bool:
        return isinstance(answer, TimedOut) or (
            isinstance(answer, SpotAnswer)
            and (answer.step is None or 1 <= answer.step <= len(self.lines))
        )

    def grade(self, answer: Answer) -> Graded:
        expected = self.expected()
        correct = isinstance(answer, SpotAnswer) and answer == expected
        return Graded(correct, expected, self.reason(), self.skill)


@dataclass(frozen=True, slots=True)
class FixQuestion(ChoiceQuestion):
    """The replay had an error at a step: what should the dealer have done there?"""

    coup_index: int
    dealt: DrillCoup
    replay: Replay
    options: tuple[str, ...]
    step: Step = Step.FIX

    @property
    def house(self) -> House:  # type: ignore[override]
        return self.replay.house

    def _first(self) -> Deviation:
        first = self.replay.first_mistake()
        if first is None:
            raise ValueError("a replay dealt right has no right step to name")
        return first

    def expected(self) -> ChoiceAnswer:
        return ChoiceAnswer(self._first().right)

    def reason(self) -> str:
        first = self._first()
        return f"{first.rule}: {first.right}"

    @property
    def skill(self) -> Skill:
        return Skill(f"{self.replay.skill_key}:fix")

    @property
    def lines(self) -> tuple[str, ...]:
        return self.replay.lines

    @property
    def flagged(self) -> int:
        """The wrong step (0-based), shown marked while the right one is asked."""
        return self._first().step

    @property
    def prompt(self) -> str:
        n = self.flagged + 1
        return f"Step {n} was wrong. What should the dealer have done?"

    @property
    def short(self) -> str:
        return "The right step"

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c.card for c in self.replay.dealt.cards)


def _layout(drill: Drill, dealt: DrillCoup, rng: random.Random) -> Layout:
    """One seat with the coup's wagers (coup level) or a table the house allows."""
    if drill.spot.level == "table":
        spans = {spec.bet: (spec.minimum, spec.maximum) for spec in drill.bets} or None
        unit = min((spec.step for spec in drill.bets), default=Decimal(5))
        return deal_layout(
            rng, drill.house, seats=TABLE_SEATS, bets_per_seat=TABLE_BETS, wagers=spans, unit=unit
        )
    return single_seat(dict(dealt.wagers))


def _family(dealt: Dealt, index: int) -> str:
    """What kind of step a deviation is at: a card (or the end of the coup), a call, a bet."""
    steps = dealt.steps
    step = steps[index] if index < len(steps) else None
    if isinstance(step, BetAction):
        return "bet"
    if isinstance(step, (CalledTotal, CalledOutcome)):
        return "call"
    return "card"


def _swap_hands(text: str) -> str:
    return text.replace("Player", "\0").replace("Banker", "Player").replace("\0", "Banker")


def _alternatives(
    replay: Replay, first: Deviation, rng: random.Random, catalogue: Sequence[Mistake]
) -> list[str]:
    """Plausible wrong "right steps", in the engine's words: the right steps the audit gives
    for the other mistakes this coup could have had at the same kind of step, the same step
    with the hands swapped, and, for a bet, how it is settled on the other outcomes.

    Never a right step in other words: every replay is of the same coup and layout, and the
    dealing before a first deviation is the right procedure, so another mistake's first
    deviation at the same step names the same right action (a card dealt to the wrong hand
    and the hand that should have drawn it: "7d is the Player's third card", "deal 7d to
    the Player").  Those are left out; only right steps of other places remain."""
    right = first.right
    family = _family(replay.dealt, first.step)
    near: list[str] = []
    far: list[str] = []
    for m in catalogue:
        for seed in range(2):  # a second draw: the other hand, the other way
            try:
                other = inject(
                    m,
                    replay.coup,
                    replay.layout,
                    replay.house,
                    random.Random(seed),
                    replay.dealt.following,
                )
            except (MistakeDoesNotApply, ValueError):
                break
            found = audit(other, replay.house, replay.layout).mistakes
            if found and found[0].right != right and found[0].step != first.step:
                same = _family(other, found[0].step) == family
                (near if same else far).append(found[0].right)
    swapped = _swap_hands(right)
    correct = Dealt.correct(replay.coup, replay.layout, replay.house)
    if swapped.startswith("no ") and first.step >= len(correct.cards):
        pass  # no card is due to either hand: "no card for the Player" is right too
    elif swapped != right:
        near.append(swapped)
    if family == "bet":
        action = replay.dealt.steps[first.step]
        assert isinstance(action, BetAction)
        wager = _wager(replay.layout, action.seat, action.bet)
        for outcome in replay.house.outcomes:
            settled = settle_checked(outcome, action.bet, wager, replay.house)
            near.append(result_text(settled))
    rng.shuffle(near)
    rng.shuffle(far)
    return [*dict.fromkeys(near), *dict.fromkeys(far)]


def replay_for(
    drill: Drill, dealt: DrillCoup, rng: random.Random, mistakes: Sequence[Mistake]
) -> tuple[DrillCoup, Replay]:
    """A replay of ``dealt`` (or, if the chosen mistake cannot happen in it, of another coup
    from the drill's filters): with one mistake ``error_rate`` of the time."""
    house = drill.house
    with_error = rng.random() < drill.spot.error_rate
    for attempt in range(TRIES):
        layout = _layout(drill, dealt, rng)
        if not with_error:
            correct = Dealt.correct(dealt.coup, layout, house)
            return dealt, Replay(dealt.coup, layout, house, correct, None)
        fits = list(mistakes)
        rng.shuffle(fits)
        for m in fits:
            try:
                wrong = inject(m, dealt.coup, layout, house, rng)
            except MistakeDoesNotApply:
                continue
            if audit(wrong, house, layout).mistakes:
                return dealt, Replay(dealt.coup, layout, house, wrong, m.id)
        if not drill.filters or attempt == TRIES - 1:
            break
        coup = generate_coup(drill.filters, drill.decks, rng)
        dealt = DrillCoup(coup, dealt.wagers, dealt.note)
    # no mistake of the drill's fits any coup it deals: the replay is dealt right
    layout = _layout(drill, dealt, rng)
    return dealt, Replay(dealt.coup, layout, house, Dealt.correct(dealt.coup, layout, house), None)


def spot_questions(
    drill: Drill, coups: Sequence[DrillCoup], rng: random.Random
) -> list[SpotQuestion | FixQuestion]:
    """For each coup a replay: which step is wrong, and, after an error, the right step."""
    mistakes = mistakes_for(drill)
    catalogue = catalogue_of(drill)
    out: list[SpotQuestion | FixQuestion] = []
    for index, dealt in enumerate(coups):
        dealt, replay = replay_for(drill, dealt, rng, mistakes)
        out.append(SpotQuestion(index, dealt, replay))
        first = replay.first_mistake()
        if first is not None:
            wrong = [w for w in _alternatives(replay, first, rng, catalogue) if w != first.right][
                :3
            ]
            options = pick_options(first.right, wrong, rng)
            out.append(FixQuestion(index, dealt, replay, options))
    return out
