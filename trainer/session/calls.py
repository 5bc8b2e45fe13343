"""Calling the hand: at each step of a coup the trainee picks the dealer's call, in the
house's wording, among plausible wrong calls (keys 1-4).

The calls and the wrong ones are the engine's (``trainer.engine.calls``: ``calls_for`` words
them from the house file, ``wrong_calls`` gives a neighbouring total, a Dragon called on a
tying three-card 7, the loser called first...).  A question keeps which call of the coup it
asks (its position); the right words are asked of the engine again when it is graded.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.drills.model import Drill, DrillCoup, Step
from trainer.engine import Card
from trainer.engine.calls import Call, CallStep, calls_for, wrong_calls
from trainer.engine.house import DEFAULT_HOUSE, House
from trainer.session.choice import ChoiceQuestion, pick_options
from trainer.session.questions import ChoiceAnswer, View
from trainer.skillkey import SkillKey
from trainer.skills import Skill

#: What each kind of call is about, for the results table.
STEP_WORDS = {
    CallStep.PLAYER_SHOWS: "Player's two cards",
    CallStep.BANKER_SHOWS: "Banker's two cards",
    CallStep.NATURAL: "a natural",
    CallStep.PLAYER_ACTS: "Player draws or stands",
    CallStep.PLAYER_HAS: "Player's third card",
    CallStep.BANKER_ACTS: "Banker draws or stands",
    CallStep.BANKER_HAS: "Banker's third card",
    CallStep.RESULT: "the result",
    CallStep.PUSH: "the bets that push",
}


def table_cards(
    cards: Sequence[Card], shown: int, player_draws: bool
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The Player's and the Banker's cards once the first ``shown`` cards of a coup (shoe
    order: P B P B, the Player's third if it draws, the Banker's third) are on the table."""
    player: list[Card] = []
    banker: list[Card] = []
    for i, card in enumerate(cards[:shown]):
        if i < 4:
            (player if i % 2 == 0 else banker).append(card)
        elif i == 4 and player_draws:
            player.append(card)
        else:
            banker.append(card)
    return tuple(player), tuple(banker)


@dataclass(frozen=True, slots=True)
class CallQuestion(ChoiceQuestion):
    """The ``number``-th call (0-based, in the order the engine makes them) of a coup."""

    coup_index: int
    dealt: DrillCoup
    number: int
    options: tuple[str, ...]
    house: House = DEFAULT_HOUSE
    step: Step = Step.CALL

    def call(self) -> Call:
        return calls_for(self.coup, self.house)[self.number]

    def expected(self) -> ChoiceAnswer:
        return ChoiceAnswer(self.call().text)

    def reason(self) -> str:
        call, coup = self.call(), self.coup
        p, b = coup.player, coup.banker
        words = {
            CallStep.PLAYER_SHOWS: f"The Player's {_cards(p.cards[:2])} total {p.two_card_total}",
            CallStep.BANKER_SHOWS: f"The Banker's {_cards(b.cards[:2])} total {b.two_card_total}",
            CallStep.NATURAL: coup.rules[0],
            CallStep.PLAYER_ACTS: coup.rules[0],
            CallStep.PLAYER_HAS: f"With its third card the Player has {_cards(p.cards)}: {p.total}",
            CallStep.BANKER_ACTS: coup.rules[0] if coup.natural else coup.rules[1],
            CallStep.BANKER_HAS: f"With its third card the Banker has {_cards(b.cards)}: {b.total}",
            CallStep.RESULT: self.rules.result(coup),
            CallStep.PUSH: f"{self.rules.result(coup)}: the bets that push are called",
        }[call.step]
        return f"{words}; the house calls it \u201c{call.text}\u201d"

    @property
    def skill(self) -> Skill:
        return Skill(str(SkillKey.of("call", self.call().step.value)))

    @property
    def prompt(self) -> str:
        return f"Call {self.number + 1} of this coup: what does the dealer say?"

    @property
    def short(self) -> str:
        return f"Call: {STEP_WORDS[self.call().step]}"

    @property
    def view(self) -> View:
        """The cards on the table when the call is made; no totals (they are the call)."""
        coup = self.coup
        player, banker = table_cards(coup.cards, self.call().cards, coup.player_draws)
        return View(player, banker, None, None, None, ())


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def call_questions(
    drill: Drill, coups: Sequence[DrillCoup], rng: random.Random
) -> list[CallQuestion]:
    """Every call of every coup, in order, each with three plausible wrong calls."""
    house = drill.house
    out: list[CallQuestion] = []
    for index, dealt in enumerate(coups):
        for number, call in enumerate(calls_for(dealt.coup, house)):
            wrong = wrong_calls(call, dealt.coup, house, rng)
            options = pick_options(call.text, wrong, rng)
            out.append(CallQuestion(index, dealt, number, options, house))
    return out
