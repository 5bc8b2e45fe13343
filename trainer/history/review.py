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

Table skills (``table:*``) are replayed as a table drill, never as single questions: a
single-bet question records a single-bet skill and would never clear a table skill's box.
A review is one drill, so while single skills are due they come first; once only table
skills are due, the review is a practice table drill aimed at them (``table_review_drill``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from trainer.drills.model import (
    BetSpec,
    ChipEntry,
    CoupFilter,
    Cover,
    Drill,
    Mode,
    Order,
    Step,
    TableSpec,
)
from trainer.engine import Bet, BetResult, Outcome
from trainer.engine.house import BUNDLED_HOUSES, DEFAULT_HOUSE, House
from trainer.engine.settlement import RESULTS
from trainer.engine.table_rules import BASE_BETS, SIDE_BETS
from trainer.errors import BadInputError, EzbacError
from trainer.history.mastery import PathProgress, Standing
from trainer.history.scheduler import BOXES, SkillState, due_from, next_due, skill_states
from trainer.history.store import HistoryStore
from trainer.skillkey import SkillKey, is_pattern
from trainer.skills import (
    describe,
    family,
    reviewed,
    table_chips_skill,
    table_commission_skill,
)

REVIEW_ID = "review"
#: Questions in a review unless the trainee chooses: a few minutes' work.
DEFAULT_QUESTIONS = 20
MAX_QUESTIONS = 500
#: Payout questions bet odd amounts in fives, like a real layout (35 on a Dragon 7).
REVIEW_BET = (Decimal(5), Decimal(250), Decimal(5))


class NothingDueError(EzbacError):
    """No skill is due: there is no review to run (the message says when one will be).
    What happened, for the screens to word: ``trainee``, ``upcoming`` (when the next skill
    comes due, None if none will) and ``unanswered`` (nothing was ever answered)."""

    def __init__(
        self,
        message: str,
        trainee: str = "",
        upcoming: datetime | None = None,
        *,
        unanswered: bool = False,
    ) -> None:
        super().__init__(message)
        self.trainee = trainee
        self.upcoming = upcoming
        self.unanswered = unanswered


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
    """The filter and step for a skill key; None for a key this version does not know.
    Every key ``trainer.skills.reviewed`` counts due (but the table's) has one: the home
    screen's due count is what the review can ask."""
    try:
        match SkillKey.parse(skill):
            case SkillKey("natural", ()):
                natural = CoupFilter(natural=True, weight=weight)
                return SkillTarget(skill, natural, Step.PLAYER_DRAWS)
            case SkillKey("player", (total,)) if int(total) in range(8):
                return SkillTarget(
                    skill,
                    CoupFilter(player_total=frozenset({int(total)}), natural=False, weight=weight),
                    Step.PLAYER_DRAWS,
                )
            case SkillKey("banker", (total, "stood")) if int(total) in range(8):
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
            case SkillKey("banker", (total, third)) if int(total) in range(8) and int(
                third
            ) in range(10):
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
            case SkillKey("outcome", (outcome,)):
                return SkillTarget(
                    skill,
                    CoupFilter(outcome=frozenset({Outcome(outcome)}), weight=weight),
                    Step.OUTCOME,
                )
            case SkillKey("payout", (bet_name, result_name)):
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


def covers_for(keys: Sequence[str], drill: Drill) -> tuple[Cover, ...]:
    """A coup for each skill key in ``keys`` (a key itself, not a pattern) that ``drill``
    asks about and a coup can be dealt for: so an audition's part asks every skill its
    area names, whatever the luck of the deal (a draws area naming ``natural``)."""
    out = []
    for key in keys:
        t = None if is_pattern(key) else target(key)
        if t is None or t.step not in drill.steps:
            continue
        if t.bet is not None and all(b.bet is not t.bet for b in drill.bets):
            continue
        out.append(Cover(t.filter, t.bet))
    return tuple(out)


#: A table review's length: about this many answers a table (a take, payouts, the order).
ANSWERS_PER_TABLE = 5
#: Wagers in a table review: multiples of 5 up to 100 (side bets and the Tie up to 25).
TABLE_MAIN, TABLE_SIDE = Decimal(100), Decimal(25)


def _table_bet(house: House, bet: Bet) -> BetSpec:
    step = Decimal(5)
    low = max(step, -(-house.limits.bounds(bet)[0] // step) * step)
    high = max(low, TABLE_MAIN if bet in BASE_BETS else TABLE_SIDE)
    return BetSpec(bet, low, high, step)


_TABLE_COMMISSION = table_commission_skill().key


def _paid_bet(key: str) -> Bet | None:
    """The bet of a ``table:pay:BET`` key; None for any other key, a malformed one or one
    naming a bet this version does not know (a history row holds any text)."""
    try:
        match SkillKey.parse(key):
            case SkillKey("table", ("pay", name)):
                return Bet(name)
    except ValueError:
        return None
    return None


def table_review_drill(
    due: Sequence[SkillState], trainee: str = "", questions: int = DEFAULT_QUESTIONS
) -> Drill:
    """A practice table drill for due table skills: the coups that exercise them (a bet's
    winning outcomes for its payout skill, Banker wins for the commission), the bets they
    need, chips when ``table:chips`` is due; under the commission house when the commission
    is due and no side-bet payout is (one house per drill), else the default house."""
    keys = {s.skill: s for s in due if family(s.skill) == "table"}
    pays = {bet for k in keys if (bet := _paid_bet(k)) is not None}
    sides = pays & set(SIDE_BETS)
    house = (
        BUNDLED_HOUSES["commission"] if _TABLE_COMMISSION in keys and not sides else DEFAULT_HOUSE
    )
    bets = [b for b in house.bets if b not in SIDE_BETS or b in sides]
    filters = []
    for key, state in keys.items():
        weight = box_weight(state.box)
        bet = Bet.BANKER if key == _TABLE_COMMISSION else _paid_bet(key)
        wins = (
            None
            if bet is None
            else frozenset(o for o in Outcome if house.results[o][bet] is BetResult.WIN)
        )
        if wins == frozenset() or (bet is not None and bet not in house.bets):
            continue  # a bet this house does not offer: dealt as any coup below
        filters.append(CoupFilter(outcome=wins, weight=weight))
    if not filters:
        filters.append(CoupFilter())
    shown = ", ".join(describe(k) for k in list(keys)[:4])
    more = f" and {len(keys) - 4} more" if len(keys) > 4 else ""
    who = f"{trainee}'s" if trainee else "Your"
    return Drill(
        id=REVIEW_ID,
        title="Review at the table",
        description=(
            f"{who} spaced review: {len(keys)} table skill{'s' if len(keys) != 1 else ''} "
            f"due ({shown}{more}), worked at a table of three to five seats under the "
            f"{house.name} rules."
        ),
        steps=(Step.TABLE,),
        questions=max(1, questions // ANSWERS_PER_TABLE),
        mode=Mode.PRACTICE,
        order=Order.SHUFFLED,
        tags=("review", "table"),
        filters=tuple(filters),
        house=house,
        at_table=True,
        table=TableSpec(
            bets=tuple(_table_bet(house, b) for b in bets),
            seats=(3, 5),
            bets_per_seat=(1, 3 if sides else 2),
            chips=ChipEntry.CHIPS if table_chips_skill().key in keys else ChipEntry.EITHER,
        ),
    )


def box_weight(box: int) -> int:
    """Box 1 is dealt 16 times as often as box 5: recent misses dominate the review."""
    weight: int = 2 ** (BOXES - box)  # box is 1..BOXES: the exponent is never negative
    return weight


class BadReviewLengthError(BadInputError):
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
        from trainer.engine.said import Said

        raise BadReviewLengthError(
            Said(
                "a review is 1 to {most} questions, not {questions}",
                most=MAX_QUESTIONS,
                questions=questions,
            )
        )
    targets = [
        t
        for s in due
        if reviewed(s.skill) and (t := target(s.skill, box_weight(s.box))) is not None
    ]
    if not targets:
        if any(family(s.skill) == "table" for s in due):
            return table_review_drill(due, trainee, questions)
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
        # one coup for each due skill first, the most urgent first: each is asked before
        # any is asked twice (drawn by weight alone, 60 questions once left 3 of 16 unasked)
        covers=tuple(Cover(t.filter, t.bet) for t in targets),
        length_in_questions=True,  # the trainee chose it in questions
        bets=tuple(BetSpec(bet, low, high, unit) for bet in bets),
        bets_per_coup=(1, 1) if bets else None,  # one payout question per coup
    )


def draw_from(
    due: Sequence[SkillState], states: Mapping[str, SkillState], path: PathProgress | None
) -> list[SkillState]:
    """The skills a review draws on the trainee's path: the due ones whose goal
    is not mastered, and every skill of a slipping goal, due or not; lowest box first, then
    longest overdue.  Without a path, or when that leaves nothing, the due ones as they are
    (a trainee with the path mastered still reviews what comes due)."""
    if path is None:
        return list(due)
    chosen = {s.skill: s for s in due if path.reviewed(s.skill)}
    for s in states.values():
        if reviewed(s.skill) and path.standing_of(s.skill) is Standing.SLIPPING:
            chosen.setdefault(s.skill, s)
    drawn = sorted(chosen.values(), key=lambda s: (s.box, s.due_at, s.skill))
    return drawn or list(due)


def review_drill(
    store: HistoryStore,
    trainee: str,
    now: datetime | None = None,
    questions: int = DEFAULT_QUESTIONS,
    path: PathProgress | None = None,
) -> Drill:
    """The review drill for ``trainee`` now, about ``questions`` long, drawn as ``draw_from``
    says on their ``path`` (if given); NothingDueError (with when) if nothing is due."""
    states = skill_states(store, trainee)
    due = draw_from(due_from(states, now), states, path)
    if not due:
        if not states:
            raise NothingDueError(
                f"nothing to review yet for {trainee}: answer a drill first",
                trainee,
                unanswered=True,
            )
        upcoming = next_due(states, now)
        when = "" if upcoming is None else f"; next due {upcoming.astimezone():%Y-%m-%d %H:%M}"
        raise NothingDueError(f"nothing is due for review for {trainee}{when}", trainee, upcoming)
    return build_review_drill(due, trainee, questions)
