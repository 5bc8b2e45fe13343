"""Multiple-choice questions of the dealer's procedure (the burn, the cut card, the calls, the
right step of a replay): the options are shown under keys 1-4, the right one is asked of the
engine when the answer is graded, never stored with the question.

``ChoiceQuestion`` gives a subclass the interface the session, the drill screen, the results
and the history read of every question (``Question``'s): the subclass supplies its options,
``expected`` (from the engine), ``reason``, ``skill``, ``prompt``, ``short`` and ``view``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal

from trainer.drills.model import DrillCoup, Step
from trainer.engine import Bet, Card, Coup, Outcome
from trainer.engine.house import DEFAULT_HOUSE, House
from trainer.session.questions import Answer, ChoiceAnswer, Graded, TimedOut, View
from trainer.skills import Skill

#: The keys of the options, in the order they are shown.
KEYS = ("1", "2", "3", "4")
EMPTY_VIEW = View((), (), None, None, None, ())


def pick_options(
    right: str, wrong: Sequence[str], rng: random.Random, size: int = 4
) -> tuple[str, ...]:
    """``right`` and up to ``size - 1`` distinct plausible wrong options, shuffled by ``rng``.

    ``right`` is only placed among the options here: grading asks the engine again."""
    others: list[str] = []
    for option in wrong:
        if option != right and option not in others:
            others.append(option)
    chosen = [right, *rng.sample(others, min(size - 1, len(others)))]
    rng.shuffle(chosen)
    return tuple(chosen)


class ChoiceQuestion:
    """The common half of a multiple-choice question (subclasses are frozen dataclasses with
    ``coup_index``, ``dealt`` and ``options``)."""

    __slots__ = ()
    coup_index: int
    dealt: DrillCoup | None
    options: tuple[str, ...]
    step: Step
    house: House = DEFAULT_HOUSE
    bet: Bet | None = None
    wager: Decimal | None = None

    # -- what a subclass says ----------------------------------------------------------------
    def expected(self) -> ChoiceAnswer:  # pragma: no cover - every subclass has its own
        raise NotImplementedError

    def reason(self) -> str:  # pragma: no cover
        raise NotImplementedError

    @property
    def skill(self) -> Skill:  # pragma: no cover
        raise NotImplementedError

    @property
    def prompt(self) -> str:
        return self.step.label

    @property
    def short(self) -> str:
        return self.step.label

    @property
    def view(self) -> View:
        return EMPTY_VIEW

    # -- shared ------------------------------------------------------------------------------
    @property
    def coup(self) -> Coup:
        if self.dealt is None:
            raise ValueError(f"a {self.step.value} question is about no coup")
        return self.dealt.coup

    @property
    def cards(self) -> tuple[Card, ...]:
        return () if self.dealt is None else self.dealt.coup.cards

    @property
    def rules(self) -> House:
        return self.house

    @property
    def outcome(self) -> Outcome:
        return self.rules.named(self.coup.outcome)

    @property
    def choices(self) -> tuple[tuple[str, str, Answer | None], ...]:
        return tuple(
            (key, option, ChoiceAnswer(option))
            for key, option in zip(KEYS, self.options, strict=False)
        )

    def accepts(self, answer: Answer) -> bool:
        return isinstance(answer, TimedOut) or (
            isinstance(answer, ChoiceAnswer) and answer.text in self.options
        )

    def grade(self, answer: Answer) -> Graded:
        expected = self.expected()
        correct = isinstance(answer, ChoiceAnswer) and answer.text == expected.text
        return Graded(correct, expected, self.reason(), self.skill)
