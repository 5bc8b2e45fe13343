"""A whole shoe as the house runs it: the burn, coup after coup, the cut card, the last coup.

The shoe is dealt by the engine's shoe procedure from the run's seeded rng, once, before
the first question; the session then asks, in dealing order:

- the burn (the whole-shoe drill only): the first card is turned up, how many are burned;
- each coup's questions (the drill's steps, ``Question`` as in any drill);
- "what now?" after a coup: always after the coup the cut card comes out in and after the
  last coup, and after some other coups too (so the question does not say the cut card is
  out: the trainee must have seen it).  Dealing on after the cut card came out is a graded
  error.

The answers come from the engine: the burn count is the engine's, and "what now?" is read
from what the engine's shoe did next (another coup, one more then the end, or the end).
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from trainer.drills.generate import layout_wagers
from trainer.drills.model import Drill, DrillCoup, Mode, Step
from trainer.engine import Card, Coup, Outcome
from trainer.engine.house import DEFAULT_HOUSE, House
from trainer.engine.shoe import (
    DEFAULT_DECKS,
    DEFAULT_SHOE_RULES,
    Burn,
    BurnRule,
    CoupDealt,
    CutCardOut,
    ShoeRules,
    ShoeRun,
    full_shoe,
    shuffle,
)
from trainer.session.choice import EMPTY_VIEW, ChoiceQuestion, pick_options
from trainer.session.questions import ChoiceAnswer, Question, View, expand
from trainer.skillkey import SkillKey
from trainer.skills import Skill

if TYPE_CHECKING:
    from trainer.session.run import Result

#: How often "what now?" is asked after a coup the cut card did not come out in: often
#: enough that the question does not give the cut card away.
NEXT_CHECK_RATE = 1 / 6


class Next(enum.Enum):
    """What the dealer does after a coup."""

    DEAL = "Deal the next coup"
    ONE_MORE = "Cut card out: deal one more coup, then the shoe ends"
    END_NOW = "Cut card out: the shoe ends now"
    OVER = "That was the last coup: the shoe is over"


@dataclass(frozen=True, slots=True)
class ShoeCoup:
    """One coup of the shoe as the dealer sees it: where it stands in the shoe."""

    number: int  # 1-based, in the shoe (the burn is not a coup)
    coup: Coup
    cards_left: int  # cards in the shoe when the coup began
    cut_out_before: bool  # the cut card had come out before the coup began
    last: bool  # the shoe ended with this coup
    #: The cut card came out during this coup, in front of its card number ``cut_card``
    #: (1-based); None: not during this coup.
    cut_card: int | None = None

    @property
    def cut_out_during(self) -> bool:
        return self.cut_card is not None

    @property
    def cut_out_after(self) -> bool:
        """It came out as the coup ended (one past its last card), and the house counts
        it for this coup (``cut_card_between_coups: finished_coup``)."""
        return self.cut_card is not None and self.cut_card > len(self.coup.cards)


@dataclass(frozen=True, slots=True)
class DealtShoe:
    """The shoe a run deals, read off the engine's shoe procedure (``ShoeRun.events``): its
    burn, and the coups the run asks about, each with its place in the shoe."""

    decks: int
    rules: ShoeRules
    size: int  # cards in the shoe
    burn: Burn | None  # None: a run that starts near the end, or a house that does not burn
    coups: tuple[ShoeCoup, ...]  # the coups the run deals (from the first, or near the end)
    whole: bool  # from the first coup (the burn asked, if the house burns)

    def status(self, coup_index: int | None, *, after: bool = False) -> str:
        """The shoe line of the screen: coup N, cards left, the cut card's state.

        During a coup: as the dealer knows it when the coup began (a card behind the cut card,
        drawn later in the coup, is not given away); ``after`` the coup: as it ended, the
        cut card shown the moment it is out."""
        if coup_index is None:
            return (
                f"Shoe · {self.decks} decks · {self.size} cards · cut card "
                f"{self.rules.cut} from the end"
            )
        sc = self.coups[min(coup_index, len(self.coups) - 1)]
        left = sc.cards_left - len(sc.coup.cards) if after else sc.cards_left
        if sc.cut_out_before:
            # out as an earlier coup ended: what comes after this one is asked, not said
            cut = "cut card out"
        elif after and sc.cut_out_after:
            cut = "✂ CUT CARD OUT after this coup"
        elif after and sc.cut_card is not None:
            cut = f"✂ CUT CARD OUT before card {sc.cut_card} of this coup"
        else:
            cut = "cut card in the shoe"
        return f"Coup {sc.number} · {left} cards left · {cut}"


def deal_shoe(drill: Drill, rng: random.Random) -> DealtShoe:
    """The engine's shoe for ``drill`` under its house's shoe rules (the drill's cut card
    if it sets one), shuffled from ``rng``."""
    house = drill.house
    spec = drill.shoe
    rules = house.shoe if spec.cut is None else replace(house.shoe, cut=spec.cut)
    return dealt_shoe(ShoeRun.shuffled(rng, drill.decks, rules), spec.last_coups)


def dealt_shoe(run: ShoeRun, last_coups: int | None = None) -> DealtShoe:
    """Read ``run``'s events: the whole shoe, or (``last_coups``) from that many coups before
    the cut card comes out, the coup it comes out in counted, to the end."""
    events = run.events() if last_coups is None else run.last_coups(last_coups)
    size = len(run.cards)
    burn: Burn | None = None
    coups: list[ShoeCoup] = []
    out_before = False
    first = True
    whole = False
    for event in events:
        if isinstance(event, Burn):
            burn, whole = event, True
        elif isinstance(event, CoupDealt):
            whole = whole or (first and event.number == 1)
            first = False
            coups.append(
                ShoeCoup(event.number, event.coup, size - event.start, out_before, event.last)
            )
        elif isinstance(event, CutCardOut):
            out_before = True
            if coups and coups[-1].number == event.number:
                coups[-1] = replace(coups[-1], cut_card=event.card)
    return DealtShoe(run.decks or 0, run.rules, size, burn if whole else None, tuple(coups), whole)


@dataclass(frozen=True, slots=True)
class BurnQuestion(ChoiceQuestion):
    """The first card is turned up: how many cards does it burn?"""

    card: Card
    burned: tuple[Card, ...]
    options: tuple[str, ...]
    shoe_rules: ShoeRules = DEFAULT_SHOE_RULES  # the house's: how many the card burns
    coup_index: int = 0
    dealt: DrillCoup | None = None
    step: Step = Step.BURN
    #: The next shoe's burn, after a run that started near the end of its shoe.
    new_shoe: bool = False

    def expected(self) -> ChoiceAnswer:
        return ChoiceAnswer(burn_words(self.shoe_rules.burn_for(self.card.value)))

    def reason(self) -> str:
        n = self.shoe_rules.burn_for(self.card.value)
        rule = (
            "10, J, Q and K burn 10"
            if self.card.value == 0
            else "an ace burns 1"
            if self.card.value == 1
            else "2 to 9 burn their value"
        )
        return (
            f"The first card turned up is {self.card.pretty}: {rule}, so {n} more card"
            f"{'s go' if n != 1 else ' goes'} face down to the discards"
        )

    @property
    def skill(self) -> Skill:
        return Skill(str(SkillKey.of("shoe", "burn")))

    @property
    def prompt(self) -> str:
        shoe = "A new shoe: the" if self.new_shoe else "The"
        return f"{shoe} first card is turned up: {self.card.pretty}. How many cards are burned?"

    @property
    def short(self) -> str:
        return f"Burn ({self.card.pretty})"

    @property
    def card_row(self) -> tuple[str, tuple[Card, ...]]:
        """Shown instead of the hands: the card turned up."""
        return ("First card turned up", (self.card,))

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card, *self.burned)


def burn_words(n: int) -> str:
    return f"Burn {n} card{'s' if n != 1 else ''}"


def burn_options(
    card: Card, rng: random.Random, rules: ShoeRules = DEFAULT_SHOE_RULES
) -> tuple[str, ...]:
    """The engine's count among plausible slips: the card counted too (one more), a face
    card taken at its point value (0) or as 13, a neighbouring count."""
    right = rules.burn_for(card.value)
    wrong = [
        right + 1,
        right - 1,
        13 if card.value == 0 else right + 2,
        0 if card.value == 0 else 10,
    ]
    return pick_options(burn_words(right), [burn_words(n) for n in wrong if n >= 0], rng)


@dataclass(frozen=True, slots=True)
class NextQuestion(ChoiceQuestion):
    """A coup is over: what does the dealer do now?"""

    coup_index: int
    dealt: DrillCoup | None
    place: ShoeCoup
    options: tuple[str, ...] = tuple(n.value for n in Next)
    step: Step = Step.CUT
    house: House = DEFAULT_HOUSE

    def expected(self) -> ChoiceAnswer:
        return ChoiceAnswer(self.right().value)

    def right(self) -> Next:
        """Read off what the engine's shoe did after this coup."""
        if self.place.last:
            # a house whose cut card makes the coup in progress the last: the shoe ends now
            return Next.END_NOW if self.place.cut_out_during else Next.OVER
        if self.place.cut_out_during:
            return Next.ONE_MORE
        return Next.DEAL

    def reason(self) -> str:
        right = self.right()
        during = (
            "The cut card came out as this coup ended, and this house counts it for the "
            "coup just finished"
            if self.place.cut_out_after
            else "The cut card came out during this coup"
        )
        if right is Next.END_NOW:
            return f"{during}, and at this house the coup in progress is the last: the shoe ends"
        if right is Next.OVER:
            return (
                "The cut card came out in the coup before this one: this was the one more "
                "coup, and the shoe ends"
            )
        if right is Next.ONE_MORE:
            return f"{during}: the coup is finished, one more coup is dealt, and the shoe ends"
        return "The cut card has not come out: deal on"

    @property
    def skill(self) -> Skill:
        parts = {Next.OVER: "end", Next.ONE_MORE: "cut", Next.END_NOW: "cut"}
        return Skill(str(SkillKey.of("shoe", parts.get(self.right(), "deal"))))

    @property
    def prompt(self) -> str:
        return f"Coup {self.place.number} is over. What now?"

    @property
    def short(self) -> str:
        return f"After coup {self.place.number}"

    @property
    def view(self) -> View:
        coup = self.place.coup
        return View(
            coup.player.cards,
            coup.banker.cards,
            coup.player.total,
            coup.banker.total,
            self.outcome,
            (),
        )


Asked = Question | BurnQuestion | NextQuestion


def shoe_questions(
    drill: Drill, run: DealtShoe, rng: random.Random
) -> tuple[list[DrillCoup], list[Asked]]:
    """The run's coups (with wagers drawn as the drill says) and its questions in order."""
    questions: list[Asked] = []
    burn = burn_question(run, rng)
    if burn is not None:
        questions.append(burn)
    coups: list[DrillCoup] = []
    for index, place in enumerate(run.coups):
        dealt = DrillCoup(place.coup, layout_wagers(drill, rng))
        coups.append(dealt)
        for q in expand([dealt], drill.steps, drill.house):
            questions.append(replace(q, coup_index=index))
        after = next_question(drill, run, index, rng, dealt)
        if after is not None:
            questions.append(after)
    return coups, questions


def burn_question(run: DealtShoe, rng: random.Random) -> BurnQuestion | None:
    """The burn question of a run that starts with the shoe (None: a run near its end, or a
    house that does not burn).  Shared by the shoe drill and the shoe at the table."""
    if run.burn is None:
        return None
    card = run.burn.card
    return BurnQuestion(card, run.burn.burned, burn_options(card, rng, run.rules), run.rules)


def next_shoe_burn(run: DealtShoe, rng: random.Random) -> BurnQuestion | None:
    """After a run that started near the end of its shoe (no burn asked) and dealt it to
    its end: the next shoe, shuffled from ``rng``, and its burn asked (None: the run asked
    the burn, did not reach the end, or the house does not burn)."""
    if run.burn is not None or not run.coups or not run.coups[-1].last:
        return None
    if run.rules.burn is BurnRule.NONE:
        return None
    cards = shuffle(full_shoe(run.decks or DEFAULT_DECKS), rng)  # as ShoeRun.shuffled deals
    card = cards[0]
    burned = tuple(cards[1 : 1 + run.rules.burn_for(card.value)])
    options = burn_options(card, rng, run.rules)
    return BurnQuestion(card, burned, options, run.rules, new_shoe=True)


def next_question(
    drill: Drill, run: DealtShoe, index: int, rng: random.Random, dealt: DrillCoup | None = None
) -> NextQuestion | None:
    """ "What now?" after coup ``index`` of the run, or None when it is not asked: always
    after the coup the cut card comes out in and after the last, after some others at
    random (one draw from ``rng`` for every coup, asked or not: seeds replay alike)."""
    place = run.coups[index]
    check = rng.random() < NEXT_CHECK_RATE
    # an exam asks it after every coup: each answer graded, and enough of them to grade
    if place.last or place.cut_out_during or check or drill.mode is Mode.EXAM:
        return NextQuestion(index, dealt, place, house=drill.house)
    return None


@dataclass(frozen=True, slots=True)
class ShoeSummary:
    """A shoe's results beside the score: what was dealt and which kinds of step went wrong."""

    coups: int
    dragon7: int
    panda8: int
    naturals: int
    errors: tuple[tuple[Step, int], ...] = field(default_factory=tuple)  # (kind, misses)
    cut_coup: int | None = None  # the coup the cut card came out in (number in the shoe)


def shoe_summary(run: DealtShoe, results: Sequence[Result]) -> ShoeSummary:
    """Coups dealt (asked about), Dragon 7s and Panda 8s seen, errors by kind of step."""
    dealt = {r.question.coup_index for r in results if r.question.dealt is not None}
    return shoe_stats(run, dealt, [r.question.step for r in results if not r.correct])


def shoe_stats(run: DealtShoe, dealt: Iterable[int], misses: Iterable[Step]) -> ShoeSummary:
    """The shoe's results from the coups dealt (indices into ``run.coups``) and the kind of
    step of each wrong answer: shared by the shoe drill and the shoe at the table."""
    dealt = set(dealt)
    seen = [sc.coup for i, sc in enumerate(run.coups) if i in dealt]
    outcomes = Counter(c.outcome for c in seen)
    errors = Counter(misses)
    cut = next((sc.number for sc in run.coups if sc.cut_card is not None), None)
    return ShoeSummary(
        coups=len(seen),
        dragon7=outcomes[Outcome.DRAGON7],
        panda8=outcomes[Outcome.PANDA8],
        naturals=sum(c.natural for c in seen),
        errors=tuple(errors.most_common()),
        cut_coup=cut,
    )


__all__ = [
    "EMPTY_VIEW",
    "Asked",
    "BurnQuestion",
    "DealtShoe",
    "Next",
    "NextQuestion",
    "ShoeCoup",
    "ShoeSummary",
    "burn_options",
    "burn_question",
    "deal_shoe",
    "dealt_shoe",
    "next_question",
    "next_shoe_burn",
    "shoe_questions",
    "shoe_stats",
    "shoe_summary",
]
