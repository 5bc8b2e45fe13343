"""The "Review" drill: coups dealt for the trainee's due skills through the generator's filters.

Each due skill becomes one CoupFilter selecting exactly the coup classes that exercise it
(SKILL -> filter below), weighted so lower Leitner boxes (recent misses) come up more often.
A drill asks the same steps of every coup, so the review asks the union of the steps its
skills need, in dealing order: a coup dealt for "Banker 3, Player's third card 8" is asked
"Does the Banker draw?" (and whatever else the other due skills need).

Its length is counted in questions, as the trainee sees it (DEFAULT_QUESTIONS, or the
trainee's choice): each coup asks every step once and one bet's payout (the layout carries one
of the due bets), so a coup is ``len(steps)`` questions and the review deals as many whole
coups as fit, at least one.  (Every bet on every coup once made a review of 140 questions.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from trainer.drills.model import BetSpec, CoupFilter, Drill, Mode, Order, Step
from trainer.engine import Bet, BetResult, Outcome
from trainer.engine.settlement import RESULTS
from trainer.history.scheduler import BOXES, SkillState, due_from, next_due, skill_states
from trainer.history.store import HistoryStore
from trainer.skills import describe, family

REVIEW_ID = "review"
#: Questions in a review unless the trainee chooses: a few minutes' work.
DEFAULT_QUESTIONS = 20
MAX_QUESTIONS = 500
#: Payout questions bet odd amounts in fives, like a real layout (35 on a Dragon 7).
REVIEW_BET = (Decimal(5), Decimal(250), Decimal(5))


class NothingDueError(ValueError):
    """No skill is due: there is no review to run (the message says when one will be)."""


@dataclass(frozen=True, slots=True)
class SkillTarget:
    """How to exercise one skill: the coups to deal and the step that asks about it."""

    skill: str
    filter: CoupFilter
    step: Step
    bet: Bet | None = None


def _outcomes(bet: Bet, result: BetResult) -> frozenset[Outcome]:
    return frozenset(o for o in Outcome if RESULTS[o][bet] is result)


def target(skill: str, weight: int = 1) -> SkillTarget | None:
    """The filter and step for a skill key; None for a key this version does not know."""
    parts = skill.split(":")
    try:
        match parts:
            case ["natural"]:
                natural = CoupFilter(natural=True, weight=weight)
                return SkillTarget(skill, natural, Step.PLAYER_DRAWS)
            case ["player", total] if int(total) in range(8):
                return SkillTarget(
                    skill,
                    CoupFilter(player_total=frozenset({int(total)}), natural=False, weight=weight),
                    Step.PLAYER_DRAWS,
                )
            case ["banker", total, "stood"] if int(total) in range(8):
                return SkillTarget(
                    skill,
                    CoupFilter(
                        banker_total=frozenset({int(total)}),
                        player_draws=False,
                        natural=False,
                        weight=weight,
                    ),
                    Step.BANKER_DRAWS,
                )
            case ["banker", total, third] if int(total) in range(8) and int(third) in range(10):
                return SkillTarget(
                    skill,
                    CoupFilter(
                        banker_total=frozenset({int(total)}),
                        player_third=frozenset({int(third)}),
                        natural=False,
                        weight=weight,
                    ),
                    Step.BANKER_DRAWS,
                )
            case ["outcome", outcome]:
                return SkillTarget(
                    skill,
                    CoupFilter(outcome=frozenset({Outcome(outcome)}), weight=weight),
                    Step.OUTCOME,
                )
            case ["payout", bet_name, result_name]:
                bet, result = Bet(bet_name), BetResult(result_name)
                if not _outcomes(bet, result):
                    return None  # e.g. a Tie bet never pushes
                return SkillTarget(
                    skill,
                    CoupFilter(outcome=_outcomes(bet, result), weight=weight),
                    Step.PAYOUT,
                    bet,
                )
    except ValueError:
        return None
    return None


#: Table skills are not replayed here: a review asks single questions, and a single-bet
#: question records a single-bet skill, so it would never clear a table skill's box.  A table
#: skill comes back through a table drill, whose answers are the table skill itself.
TABLE_DUE = ("only table skills are due: work a table drill (table-basics, "
             "table-dragons-pandas, table-chip-cutting, table-exam, table-commission)")


def box_weight(box: int) -> int:
    """Box 1 is dealt 16 times as often as box 5: recent misses dominate the review."""
    return 2 ** (BOXES - box)


class BadReviewLengthError(ValueError):
    """The review length asked for is not a number of questions it can have."""


def review_coups(questions: int, steps: int) -> int:
    """Whole coups of ``steps`` questions each that fit in ``questions`` (at least one)."""
    return max(1, questions // steps)


def build_review_drill(
    due: Sequence[SkillState], trainee: str = "", questions: int = DEFAULT_QUESTIONS
) -> Drill:
    """A practice drill over the ``due`` skills, about ``questions`` long (whole coups, never
    more unless one coup is more); NothingDueError when none can be drilled."""
    if not 1 <= questions <= MAX_QUESTIONS:
        raise BadReviewLengthError(
            f"a review is 1 to {MAX_QUESTIONS} questions, not {questions}"
        )
    targets = [t for s in due if (t := target(s.skill, box_weight(s.box))) is not None]
    if not targets:
        if any(family(s.skill) == "table" for s in due):
            raise NothingDueError(TABLE_DUE)
        raise NothingDueError("nothing is due for review")
    steps = tuple(step for step in Step if any(t.step is step for t in targets))
    bets = sorted({t.bet for t in targets if t.bet is not None}, key=list(Bet).index)
    low, high, unit = REVIEW_BET
    shown = ", ".join(describe(t.skill) for t in targets[:4])
    more = f" and {len(targets) - 4} more" if len(targets) > 4 else ""
    who = f"{trainee}'s" if trainee else "Your"
    return Drill(
        id=REVIEW_ID,
        title="Review",
        description=(
            f"{who} spaced review: {len(targets)} skill{'s' if len(targets) != 1 else ''} "
            f"due ({shown}{more}). Missed skills come back at once; each one answered right "
            "when due comes back later (1, 3, 7, then 21 days)."
        ),
        steps=steps,
        questions=review_coups(questions, len(steps)),
        mode=Mode.PRACTICE,
        order=Order.SHUFFLED,
        tags=("review",),
        filters=tuple(t.filter for t in targets),
        bets=tuple(BetSpec(bet, low, high, unit) for bet in bets),
        bets_per_coup=(1, 1) if bets else None,  # one payout question per coup
    )


def review_drill(
    store: HistoryStore,
    trainee: str,
    now: datetime | None = None,
    questions: int = DEFAULT_QUESTIONS,
) -> Drill:
    """The review drill for ``trainee`` now, about ``questions`` long; NothingDueError (with
    when) if nothing is due."""
    states = skill_states(store, trainee)
    due = due_from(states, now)
    if not due:
        if not states:
            raise NothingDueError(
                f"nothing to review yet for {trainee}: answer a drill first"
            )
        upcoming = next_due(states, now)
        when = "" if upcoming is None else f"; next due {upcoming.astimezone():%Y-%m-%d %H:%M}"
        raise NothingDueError(f"nothing is due for review for {trainee}{when}")
    return build_review_drill(due, trainee, questions)
