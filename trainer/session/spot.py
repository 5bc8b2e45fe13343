"""Spot the dealer's error: a coup (or a whole table) replayed step by step as a dealer dealt
it, with no error or with one drawn from the engine's catalogue.

Each replay asks: which step is wrong, or "no error" (``SpotQuestion``); and, when there was
an error, what the right step was (``FixQuestion``, a multiple choice).  In an exam the right
step is asked only of the step the trainee flagged: an error not flagged leaves it unasked
and missed (``Session``), so no prompt names the step just asked about.  The replay is the
engine's own procedure (``Dealt.correct``) with a mistake injected by the engine
(``injection.inject``); the answer is the engine's audit of the replay (``audit``): the step
of its first deviation that is a mistake of its own, and that deviation's right action.
Nothing here says what is right.

``error_rate`` of the replays carry an error, so always flagging one does not pay: a flag on
a replay dealt right is graded wrong, like "no error" on one that was not.

``irregularity_rate`` of the replays have an irregularity in the deal (a card exposed after
card 3, the cut card out early) and, on a line of its own at that moment, what the dealer did
about it (``Remedied``: carried on, called the floor, or applied the remedy).  The replay's
error, when it has one, is then that remedy: the dealer carried on or called the floor where
the house confirms a remedy, or carried on or applied one where the house says call the floor.
Which is which is the audit's word too: a remedy is staged, and kept when the audit finds it
wrong (or right) as wanted.  ``violation_rate`` of the other replays have a player's
violation the house enforces (past posting after card 2, a losing bet pinched after the
result) and the dealer's response (``Foul``), staged and kept the same way.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from trainer.drills.generate import generate_coup
from trainer.drills.model import Drill, DrillCoup, Step
from trainer.engine import Bet, Card, Coup
from trainer.engine.audit_bets import result_text
from trainer.engine.cards import DealtCard
from trainer.engine.catalogue import CATALOGUE, find_mistake
from trainer.engine.dealt import (
    BetAction,
    CalledOutcome,
    CalledTotal,
    Dealt,
    Foul,
    Handled,
    Remedied,
    single_seat,
)
from trainer.engine.deviation import Deviation
from trainer.engine.house import House, settle_checked
from trainer.engine.injection import Level, Mistake, MistakeDoesNotApply, inject
from trainer.engine.irregularities import (
    CONFIRMED,
    Irregularity,
    IrregularityEntry,
    taught,
)
from trainer.engine.money import format_amount
from trainer.engine.order import Done
from trainer.engine.procedure import Audit, audit
from trainer.engine.said import Said
from trainer.engine.table import Layout, deal_layout
from trainer.engine.violations import Moment, Response, Violation
from trainer.session.choice import ChoiceQuestion, pick_options
from trainer.session.questions import Answer, ChoiceAnswer, Graded, SpotAnswer, TimedOut, View
from trainer.skillkey import SkillKey
from trainer.skills import Skill

#: Coups tried for a replay whose error does not fit the coup dealt (a Dragon 7 mistake on a
#: coup without one): generated afresh from the drill's filters.
TRIES = 60
#: Seats of a table-level replay, and bets per seat: a full table to supervise.
TABLE_SEATS = (3, 5)
TABLE_BETS = (1, 2)
END_LINE = "End: the dealer clears the table"
#: The catalogue id of a wrong remedy (``spot:remedy``), and the skill of an irregularity
#: remedied right (``spot:remedied``): the flag is "no error" there.
REMEDY, REMEDIED = "remedy", "remedied"
#: The catalogue id of a player's violation handled wrong (``spot:violation``), and the
#: skill of one handled as the house says (``spot:caught``).
VIOLATION, CAUGHT = "violation", "caught"
#: What the dealer may see at the table and did about it, a line of the replay.
Event = Remedied | Foul
#: A distractor for a remedy: what a dealer who ignores the irregularity does.
CARRY_ON = Said("carry on: the coup goes on as if nothing happened")
#: A distractor for a remedy: the floor called (the audit's words for it, as a step).
FLOOR_CALLED = Said("stop, keep everything in place and call the floor")


@dataclass(frozen=True, slots=True)
class Staging:
    """Where a replay stages an irregularity: after ``first`` cards on the table at the
    earliest, and at the latest ``to_end`` cards before the coup's last (None: only after
    ``first``)."""

    first: int
    to_end: int | None

    def moments(self, cards: int) -> range:
        last = self.first if self.to_end is None else cards - self.to_end
        return range(self.first, max(last, self.first) + 1)


#: The irregularities a replay stages: those that leave the coup's cards as the rules deal
#: them (a card exposed plays, a card on the floor is burned and the next takes its place,
#: the cut card is dealt past or placed again), at the moments they can happen.  A card to
#: the wrong hand, too many or too few cards and a misdeal change the cards themselves: the
#: catalogue's mistakes and the irregularities drill have them.
STAGED: Mapping[Irregularity, Staging] = {
    Irregularity.CARD_EXPOSED: Staging(0, 1),
    Irregularity.CARD_ON_FLOOR: Staging(0, 1),
    Irregularity.CUT_CARD_EARLY: Staging(1, 0),
    Irregularity.CUT_CARD_MISPLACED: Staging(0, None),
}


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


def _first_lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def event_at(dealt: Dealt, event: Event) -> int:
    """The step an event's line comes before: the card after it (after the last card, the
    calls), or for a violation caught after the result, the first bet settled."""
    if isinstance(event, Foul) and event.violation.moment is Moment.RESULT:
        return dealt.first_bet
    return min(event.cards, len(dealt.cards))


def _moment(cards: int, moment: Moment | None = None) -> str:
    if moment is Moment.RESULT:
        return "after the result"
    if moment is Moment.BETS:
        return "at no more bets"
    return "before the first card" if cards == 0 else f"after card {cards}"


#: What the dealer did about a player's violation, in the replay's words.
_ANSWERED = {
    None: "lets it play",
    Response.REFUSE: "refuses the bet",
    Response.RETURN: "returns it",
    Response.FLOOR: "stops and calls the floor",
}


def foul_line(foul: Foul) -> str:
    """A player's violation and what the dealer did: "Seat 3 Banker 25: past posting, after
    card 2 — the dealer refuses the bet"."""
    where = foul.where()
    when = _moment(foul.cards, foul.violation.moment)
    return f"{where[:1].upper()}{where[1:]}, {when} — the dealer {_ANSWERED[foul.response]}"


def remedy_line(remedied: Remedied, house: House, entries: Sequence[IrregularityEntry]) -> str:
    """An irregularity and what the dealer did, as the screen lists it: "A card exposed after
    card 3 — the dealer stops and calls the floor".  A remedy applied is the house's own
    wording, else the catalogue's."""
    label = remedied.label
    when = _moment(remedied.cards)
    if remedied.done is Handled.APPLIED:
        own = house.remedies.get(remedied.irregularity)
        entry = next((e for e in entries if e.kind is remedied.irregularity), None)
        words = own if own not in (None, CONFIRMED) else (entry.remedy if entry else None)
        did = "applies the remedy" + (f": {_first_lower(words)}" if words else "")
    elif remedied.done is Handled.FLOOR:
        did = "stops and calls the floor"
    else:
        did = "carries on"
    return f"{label[:1].upper()}{label[1:]} {when} — the dealer {did}"


@dataclass(frozen=True, slots=True)
class Replay:
    """A coup as a dealer dealt it, on a layout, under a house; ``mistake`` is the catalogue
    entry injected (None: dealt right), kept for the skill it trains, never for grading."""

    coup: Coup
    layout: Layout
    house: House
    dealt: Dealt
    mistake: str | None
    #: The irregularities catalogue the replay words a remedy applied from.
    entries: tuple[IrregularityEntry, ...] = ()

    def audit(self) -> Audit:
        """The engine's verdict on the replay, asked now."""
        return audit(self.dealt, self.house, self.layout)

    @property
    def events(self) -> tuple[Event, ...]:
        """The irregularities and the players' violations in the replay, with what the
        dealer did about each."""
        return (*self.dealt.remedies, *self.dealt.fouls)

    @property
    def rows(self) -> tuple[int | Event, ...]:
        """The replay line by line: a step of the dealt procedure (its index in
        ``Dealt.steps``), or an event and what the dealer did, at its moment
        (``event_at``)."""
        steps = self.dealt.steps
        pending = sorted(self.events, key=lambda e: event_at(self.dealt, e))
        out: list[int | Event] = []
        for index in range(len(steps)):
            while pending and event_at(self.dealt, pending[0]) <= index:
                out.append(pending.pop(0))
            out.append(index)
        return (*out, *pending)

    @property
    def event_lines(self) -> frozenset[int]:
        """The lines (0-based) of an event and what the dealer did: the screen wraps them."""
        return frozenset(i for i, row in enumerate(self.rows) if not isinstance(row, int))

    def event_of(self, deviation: Deviation) -> Event | None:
        """The event a deviation is about, if any: the audit is asked with that event alone
        and with none, and the deviations it adds are its own (nothing here reads the
        audit's kinds or words)."""
        events = self.events
        if not events:
            return None
        bare = Counter(self._audit_with(()).deviations)
        for event in events:
            own = Counter(self._audit_with((event,)).deviations) - bare
            if own[deviation]:
                return event
        return None

    def _audit_with(self, events: tuple[Event, ...]) -> Audit:
        remedies = tuple(e for e in events if isinstance(e, Remedied))
        fouls = tuple(e for e in events if isinstance(e, Foul))
        dealt = replace(self.dealt, remedies=remedies, fouls=fouls)
        return audit(dealt, self.house, self.layout)

    def line_of(self, deviation: Deviation) -> int:
        """The line (0-based) a deviation is at: its event's, or its step's (a bet left
        unsettled: the end line)."""
        rows = self.rows
        event = self.event_of(deviation)
        if event is not None:
            return rows.index(event)
        return rows.index(deviation.step) if deviation.step in rows else len(rows)

    def first_mistake(self) -> Deviation | None:
        """The audit's mistake on the earliest line of the replay."""
        mistakes = self.audit().mistakes
        return min(mistakes, key=self.line_of) if mistakes else None

    def first_line(self) -> int | None:
        """The line (0-based) of the first mistake; None when the replay was dealt right."""
        first = self.first_mistake()
        return None if first is None else self.line_of(first)

    def _line(self, row: int | Event) -> str:
        if isinstance(row, Remedied):
            return remedy_line(row, self.house, self.entries)
        if isinstance(row, Foul):
            return foul_line(row)
        return step_line(self.dealt.steps[row], self.layout)

    @property
    def lines(self) -> tuple[str, ...]:
        """Every line as listed (1-based on screen), and the end of the coup."""
        return (*(self._line(row) for row in self.rows), END_LINE)

    @property
    def skill_key(self) -> str:
        if self.mistake is None and self.dealt.remedies:
            return str(SkillKey.of("spot", REMEDIED))
        if self.mistake is None and self.dealt.fouls:
            return str(SkillKey.of("spot", CAUGHT))
        return str(SkillKey.of("spot", self.mistake or "none"))


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
        return "Which step was the first dealt wrong? Or was it all right?"

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
        line = self.replay.first_line()
        return SpotAnswer(None if line is None else line + 1)

    def reason(self) -> str:
        first = self.replay.first_mistake()
        if first is None:
            if self.replay.dealt.remedies:
                return (
                    "Every step follows the rules, and the irregularity was remedied as "
                    f"{self.house.name} says: the coup was dealt right"
                )
            if self.replay.dealt.fouls:
                return (
                    "Every step follows the rules, and the player's violation was answered "
                    f"as {self.house.name} says: the coup was dealt right"
                )
            return "Every step follows the rules: the coup was dealt right"
        at = self.replay.line_of(first)
        line = self.lines[min(at, len(self.lines) - 1)]
        return f"Step {at + 1} ({line}): {first.describe()}"

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
        return Skill(str(SkillKey.parse(self.replay.skill_key).with_parts("fix")))

    @property
    def lines(self) -> tuple[str, ...]:
        return self.replay.lines

    @property
    def flagged(self) -> int:
        """The wrong step's line (0-based), shown marked while the right one is asked."""
        return self.replay.line_of(self._first())

    @property
    def prompt(self) -> str:
        n = self.flagged + 1
        return f"Step {n} was wrong. What should the dealer have done?"

    @property
    def exam_prompt(self) -> str:
        """The prompt in an exam, where it is asked only once the trainee flagged this step
        (``Session``): it names their flag, never says it was right."""
        return f"You flagged step {self.flagged + 1}. What should the dealer have done there?"

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


def _swapped(text: str) -> str:
    return text.replace("Player", "\0").replace("Banker", "Player").replace("\0", "Banker")


def _swap_hands(text: str) -> str:
    """``text`` with the Player and the Banker swapped; a ``Said``'s template and values
    alike, so the step stays a message the edges word (``trainer.words.spot`` declares the
    templates only a swap makes)."""
    if not isinstance(text, Said):
        return _swapped(text)
    args = {k: _swap_hands(v) if isinstance(v, str) else v for k, v in text.args.items()}
    return Said(_swapped(text.template), **args)


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


def _remedy_alternatives(
    replay: Replay, remedied: Remedied, right: str, rng: random.Random
) -> list[str]:
    """Plausible wrong remedies: the floor called, the coup carried on, the catalogue's
    remedy, then the other irregularities' remedies; never the remedy the house teaches
    (``taught``), in the audit's words or the catalogue's."""
    entry = next((e for e in replay.entries if e.kind is remedied.irregularity), None)
    others = [_first_lower(e.remedy) for e in replay.entries if e is not entry]
    rng.shuffle(others)
    near: list[str] = [FLOOR_CALLED, CARRY_ON]
    if entry is not None:
        near.append(_first_lower(entry.remedy))
        taught_here = _first_lower(taught(entry, replay.house.remedies).remedy)
    else:
        taught_here = right
    rng.shuffle(near)
    return [w for w in dict.fromkeys((*near, *others)) if w not in (right, taught_here)]


def _foul_alternatives(right: str, rng: random.Random) -> list[str]:
    """The other answers to a player's violation, in the audit's words (the responses'
    labels, and letting it play)."""
    others: list[str] = [Said(r.label) for r in Response if r.label != right]
    rng.shuffle(others)
    return others


#: Where a player's violation is staged: (seat, bet, the amount concerned, cards on the
#: table), or None when this layout and coup cannot have it.
Staged = tuple[int, Bet, Decimal, int] | None
Stager = Callable[[random.Random, Layout, House, Dealt], Staged]


def _seat_bets(layout: Layout) -> list[tuple[int, Bet, Decimal]]:
    return list(layout.bets())


def _past_posted(rng: random.Random, layout: Layout, house: House, correct: Dealt) -> Staged:
    """A bet placed on a seat after a card of the coup (not the last: before the result)."""
    on = {(s, b) for s, b, _ in layout.bets()}
    free = [(s.number, b) for s in layout.seats for b in house.bets if (s.number, b) not in on]
    if not free:
        return None
    seat, bet = rng.choice(free)
    alike = [w for _, b, w in layout.bets() if b is bet]  # a wager the table has on it
    wager = rng.choice(alike) if alike else min(w for _, _, w in layout.bets())
    return seat, bet, wager, rng.randint(1, len(correct.cards) - 1)


def _changed(rng: random.Random, layout: Layout, house: House, correct: Dealt) -> Staged:
    """A bet on the layout pressed (by as much again) or withdrawn, after a card of the
    coup (not the last)."""
    seat, bet, wager = rng.choice(_seat_bets(layout))
    return seat, bet, wager, rng.randint(1, len(correct.cards) - 1)


def _pinched(rng: random.Random, layout: Layout, house: House, correct: Dealt) -> Staged:
    """A losing bet (the engine's procedure takes it) pinched after the result."""
    wagers = {(s, b): w for s, b, w in layout.bets()}
    losers = [(a.seat, a.bet) for a in correct.bets if a.done is Done.TAKEN]
    if not losers:
        return None
    seat, bet = rng.choice(losers)
    return seat, bet, wagers[seat, bet], len(correct.cards)


def _on_the_layout(values: tuple[str, ...]) -> Stager:
    """Something that is no bet (a banknote, a commission change chip) on a bet's spot at
    no more bets."""

    def stage(rng: random.Random, layout: Layout, house: House, correct: Dealt) -> Staged:
        seat, bet, _ = rng.choice(_seat_bets(layout))
        return seat, bet, Decimal(rng.choice(values)), 0

    return stage


#: The players' violations a replay stages, and how: where (seat, bet), the amount concerned
#: and the cards on the table.  Those a seat's bets make by themselves (under the minimum,
#: a side bet without its base...) are the layout's, which the replay settles as dealt; the
#: violations drill has them.
FOULS_STAGED: Mapping[Violation, Stager] = {
    Violation.PAST_POSTING: _past_posted,
    Violation.PRESSING: _changed,
    Violation.WITHDRAWN: _changed,
    Violation.PINCHING: _pinched,
    Violation.CASH: _on_the_layout(("20", "50", "100")),
    Violation.NON_PLAYABLE: _on_the_layout(("0.25", "0.50")),
}


def _staged_foul(
    coup: Coup, layout: Layout, house: House, rng: random.Random, wrong: bool
) -> Replay | None:
    """The engine's procedure for the coup with a player's violation the house enforces
    staged at its moment, and a dealer's response the audit finds ``wrong`` (or right);
    None when the house enforces none a replay stages."""
    correct = Dealt.correct(coup, layout, house)
    kinds = [v for v in house.enforced if v in FOULS_STAGED]
    rng.shuffle(kinds)
    for violation in kinds:
        where = FOULS_STAGED[violation](rng, layout, house, correct)
        if where is None:
            continue
        seat, bet, wager, cards = where
        responses: list[Response | None] = [None, *(r for r in Response if r is not Response.ALLOW)]
        rng.shuffle(responses)
        for response in responses:
            foul = Foul(violation, seat, bet, wager, response, cards)
            dealt = replace(correct, fouls=(foul,))
            if bool(audit(dealt, house, layout).mistakes) is wrong:
                return Replay(coup, layout, house, dealt, VIOLATION if wrong else None)
    return None


def _staged(
    coup: Coup,
    layout: Layout,
    house: House,
    rng: random.Random,
    wrong: bool,
    entries: Sequence[IrregularityEntry],
) -> Replay | None:
    """The engine's procedure for the coup with an irregularity staged at a moment it can
    happen, and a dealer's remedy the audit finds ``wrong`` (or right); None when the
    catalogue has no irregularity a replay stages."""
    correct = Dealt.correct(coup, layout, house)
    kinds = [e for e in entries if e.kind in STAGED]
    if not kinds:
        return None
    entry = rng.choice(kinds)
    cards = rng.choice(STAGED[entry.kind].moments(len(correct.cards)))
    dones: list[Handled | None] = [None, Handled.FLOOR, Handled.APPLIED]
    rng.shuffle(dones)
    for done in dones:
        dealt = replace(correct, remedies=(Remedied(entry.kind, done, cards),))
        if bool(audit(dealt, house, layout).mistakes) is wrong:
            return Replay(coup, layout, house, dealt, REMEDY if wrong else None, tuple(entries))
    return None


def replay_for(
    drill: Drill,
    dealt: DrillCoup,
    rng: random.Random,
    mistakes: Sequence[Mistake],
    irregularities: Sequence[IrregularityEntry] = (),
) -> tuple[DrillCoup, Replay]:
    """A replay of ``dealt`` (or, if the chosen mistake cannot happen in it, of another coup
    from the drill's filters): with one mistake ``error_rate`` of the time; with an
    irregularity (from ``irregularities``) ``irregularity_rate`` of the time, its remedy
    then the mistake if there is one."""
    house = drill.house
    with_error = rng.random() < drill.spot.error_rate
    rate = drill.spot.irregularity_rate
    if rate and rng.random() < rate:  # no draw at all at 0: the replays stay as they were
        staged = _staged(
            dealt.coup, _layout(drill, dealt, rng), house, rng, with_error, irregularities
        )
        if staged is not None:
            return dealt, staged
    rate = drill.spot.violation_rate
    if rate and rng.random() < rate:
        staged = _staged_foul(dealt.coup, _layout(drill, dealt, rng), house, rng, with_error)
        if staged is not None:
            return dealt, staged
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
    irregularities: Sequence[IrregularityEntry] = ()
    if drill.spot.irregularity_rate:
        from trainer.irregularities.loader import bundled

        irregularities = bundled()
    out: list[SpotQuestion | FixQuestion] = []
    for index, dealt in enumerate(coups):
        dealt, replay = replay_for(drill, dealt, rng, mistakes, irregularities)
        out.append(SpotQuestion(index, dealt, replay))
        first = replay.first_mistake()
        if first is not None:
            event = replay.event_of(first)
            if isinstance(event, Remedied):
                found = _remedy_alternatives(replay, event, first.right, rng)
            elif isinstance(event, Foul):
                found = _foul_alternatives(first.right, rng)
            else:
                found = _alternatives(replay, first, rng, catalogue)
            wrong = [w for w in found if w != first.right][:3]
            options = pick_options(first.right, wrong, rng)
            out.append(FixQuestion(index, dealt, replay, options))
    return out
