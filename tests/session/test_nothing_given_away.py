"""Nothing given away: a question's prompt and feedback may teach the rule, never
state the answer of a question still to come about the same coup (docs/decisions.md,
"Nothing given away by a prompt or feedback").

Checked for every step order a bundled drill asks, and for every set of coup steps its house
allows (any order a drill file could ask), over coups the bundled drills deal on many seeds
and their fixed coups.  What "states an answer" means is written here per step, from how
the engine words each answer, so a new sentence that leaks fails here.
"""

from __future__ import annotations

import functools
import itertools
import random
import re
from pathlib import Path

import pytest

from trainer.drills.catalogue import bundled_dir, load_drill
from trainer.drills.generate import deal_drill
from trainer.drills.model import ASKING_ORDER, Drill, DrillCoup, Kind, Step
from trainer.engine import format_amount
from trainer.engine.house import House
from trainer.session.audition import exam_part
from trainer.session.protect import ViolationQuestion
from trainer.session.questions import Question, SpotAnswer, TimedOut, expand
from trainer.session.run import Result
from trainer.session.session import Session
from trainer.session.spot import FixQuestion, SpotQuestion
from trainer.session.table.session import TableSession
from trainer.tui.widgets.question import feedback_text

SEEDS = range(8)
BUNDLED = sorted(p.stem.split("-", 1)[1] for p in bundled_dir().glob("*.yaml"))


@functools.cache
def _coup_drills() -> list[Drill]:
    """The bundled drills that ask coup steps (coup drills and shoes asking coup steps)."""
    drills = [load_drill(name) for name in BUNDLED]
    return [d for d in drills if d.kind in (Kind.COUP, Kind.SHOE) and Step.TABLE not in d.steps]


def _allowed(house: House) -> tuple[Step, ...]:
    """Every coup step a drill under ``house`` may ask."""
    money = {Step.COMMISSION: house.commission, Step.FEE: house.fee}
    return tuple(s for s in ASKING_ORDER if money.get(s, True) is not None)


@functools.cache
def _pool(house_id: str) -> tuple[DrillCoup, ...]:
    """Coups the bundled coup drills under ``house_id`` deal (fixed and generated), many seeds."""
    return tuple(
        dc
        for d in _coup_drills()
        if d.kind is Kind.COUP and d.house.id == house_id
        for seed in SEEDS
        for dc in deal_drill(d, random.Random(seed))
    )


HOUSES = sorted({d.house.id for d in _coup_drills()})


def stated(later: Question, text: str) -> str | None:
    """What in ``text`` states the answer of ``later`` (None: nothing does)."""
    coup, house = later.coup, later.house
    own = later.reason().removeprefix(f"{house.result(coup)}. ")
    if later.step is not Step.OUTCOME and own != coup.rules[0] and own in text:
        return own  # its own explanation (a natural's rule is said at both draws)
    if later.step is Step.BANKER_DRAWS and coup.natural and "neither hand draws" in text:
        return "neither hand draws"  # the Banker's answer, said at the Player's question
    if later.step is Step.BANKER_DRAWS and not coup.natural:
        verb = "draws" if coup.banker_draws else "stands"
        if f"Banker {verb}" in text or coup.rules[1] in text:
            return f"Banker {verb}"
    if later.step is Step.OUTCOME and house.result(coup) in text:
        return house.result(coup)
    if later.bet is None or later.wager is None:
        return None
    label, wager = later.bet.label, format_amount(later.wager)
    settled = later.settlement()
    if later.step is Step.PAYOUT:
        said = re.search(
            rf"{label} (pays|pushes|loses)|{wager} on {label} (wins|pushes|loses)", text
        )
        return None if said is None else said.group(0)
    if later.step is Step.COMMISSION:
        owed = re.escape(format_amount(settled.commission))
        said = re.search(rf"commission {owed}\b", text)
        if said is None and not settled.commission_deferred:
            # the amount paid, the commission taken from it: the wager less it answers
            said = re.search(rf"(pay|=|:) {re.escape(format_amount(settled.paid))}(?![\d.])", text)
        return None if said is None else said.group(0)
    if later.step is Step.FEE:
        said = re.search(rf"fee {re.escape(format_amount(settled.fee))}\b", text)
        return None if said is None else said.group(0)
    return None


def leaks(questions: list[Question]) -> list[str]:
    """Each (question, later question) pair of a coup where the first gives the second away."""
    found = []
    for n, q in enumerate(questions):
        # the prompt, and the screen's feedback to a wrong answer (it says the right one)
        missed = Result(n + 1, q, TimedOut(), q.grade(TimedOut()), 1.0)
        text = f"{q.prompt}\n{feedback_text(missed).plain}"
        for later in questions[n + 1 :]:
            if later.coup_index != q.coup_index:
                break
            said = stated(later, text)
            if said is not None:
                found.append(f"{q.short} says {said!r}, asked next by {later.short}: {text!r}")
    return found


@pytest.mark.parametrize("drill", _coup_drills(), ids=lambda d: d.id)
def test_no_drill_gives_away_a_question_still_to_come(drill: Drill) -> None:
    """Each bundled drill, in the order it asks (a shoe's coups are dealt as its house's)."""
    assert leaks(expand(_pool(drill.house.id), drill.steps, drill.house)) == []


@pytest.mark.parametrize("house_id", HOUSES)
def test_no_order_a_house_allows_gives_one_away(house_id: str) -> None:
    """Every set of two or more steps a drill file could ask under the house."""
    house = next(d.house for d in _coup_drills() if d.house.id == house_id)
    allowed = _allowed(house)
    coups = _pool(house_id)[::3]
    for steps in (
        c for n in range(2, len(allowed) + 1) for c in itertools.combinations(allowed, n)
    ):
        assert leaks(expand(coups, steps, house)) == [], steps


def test_the_checks_catch_what_used_to_leak() -> None:
    """The two leaks found once, worded as they were: the checks above would fail on them."""
    fee = load_drill("cardroom-fee")
    paid, owed = expand(deal_drill(fee, random.Random(1))[:1], (Step.PAYOUT, Step.FEE), fee.house)
    old = f"{paid.reason()}; collection fee {format_amount(owed.settlement().fee)}"
    assert stated(owed, old) is not None
    commission = load_drill("commission")
    coups = deal_drill(commission, random.Random(3))
    won = next(
        q for q in expand(coups, (Step.PAYOUT,), commission.house) if q.settlement().commission
    )
    (owed,) = expand([won.dealt], (Step.COMMISSION,), commission.house)
    assert stated(won, owed.prompt) is not None  # "... wins: what commission", asked first
    assert stated(owed, won.settlement().reason) is not None  # the payout naming the amount


# --- titles that name an order ----------------------------------------------------------

WORDS = {"payout": Step.PAYOUT, "commission": Step.COMMISSION, "fee": Step.FEE}


@pytest.mark.parametrize("path", sorted(bundled_dir().glob("*.yaml")), ids=lambda p: p.stem)
def test_a_title_that_names_an_order_names_the_order_asked(path: Path) -> None:
    drill = load_drill(path)
    named = [WORDS[w] for w in re.findall(r"payout|commission|fee", drill.title.lower())]
    if ", then " not in drill.title or len(named) < 2:
        return
    assert named == [s for s in drill.steps if s in named], drill.title


# --- every text on screen before an answer -------------------------------------------------

#: What the screen's texts before each answer must never say, whatever the drill: a quiet
#: moment worded apart from a moment with a violation, a shoe line naming the last coup.
NEVER_ON_SCREEN = ("Nothing on the layout changes", "last coup")
SCREEN_SEEDS = range(4)


def screen_texts(session: Session, n: int) -> list[str]:
    """The texts on the drill screen while question ``n`` is asked that change with the
    coup: the prompt (a moment's or a replay's words with it), the shoe's line as the
    screen draws it, and the feedback of the earlier questions about the same coup (what
    practice showed: the right answer and its reason).  The title is the drill's, the same
    for every question (its words are checked against the steps it names above)."""
    q = session.questions[n]
    texts = [q.prompt]
    if session.shoe is not None:
        index = None if q.dealt is None else q.coup_index
        texts.append(session.shoe.status(index, after=q.step is Step.CUT))
    for m, earlier in enumerate(session.questions[:n]):
        if earlier.dealt is not None and earlier.coup_index == q.coup_index:
            # the screen's own feedback to a wrong answer: it says the most (the right one)
            missed = Result(m + 1, earlier, TimedOut(), earlier.grade(TimedOut()), 1.0)
            texts.append(feedback_text(missed).plain)
    return texts


def given_away(q: object, texts: list[str]) -> list[str]:
    """What in ``texts`` answers ``q`` before it is asked."""
    found = [f"{word!r} on screen" for t in texts for word in NEVER_ON_SCREEN if word in t]
    if isinstance(q, Question):
        found += [
            f"{q.short}: {said!r} in {t!r}" for t in texts if (said := stated(q, t)) is not None
        ]
    # every moment says what happens in one way
    if isinstance(q, ViolationQuestion) and f"Then, {q.scene.moment.label}:" not in q.prompt:
        found.append(f"{q.short}: the moment is not worded as the others")
    return found


@functools.cache
def _screen_drills() -> list[Drill]:
    """Every bundled drill asked on the drill screen (coups, shoes, calls, spotting,
    violations, irregularities): the table drills' moments and shoe lines are below."""
    return [d for d in (load_drill(name) for name in BUNDLED) if Step.TABLE not in d.steps]


def test_no_text_on_screen_before_an_answer_gives_it_away() -> None:
    """Every text on the screen before each answer, in every bundled drill (each under its
    own house: the default, the commission house, the card room), four seeds each: the
    prompt with its moment or replay, the shoe's line and the feedback of the earlier
    questions about the coup.  It checks 4,986 texts (the count is asserted, so a
    drill that stops dealing shows here); the table drills' moments and shoe lines are
    checked by the next test (128 texts): 5,114 texts in all."""
    checked, found = 0, []
    for drill in _screen_drills():
        for seed in SCREEN_SEEDS:
            session = Session.deal(drill, "t", random.Random(seed))
            for n, q in enumerate(session.questions):
                texts = screen_texts(session, n)
                checked += len(texts)
                found += [f"{drill.id} seed {seed}: {f}" for f in given_away(q, texts)]
    assert found == []
    assert checked == 4986, checked  # the irregularities drill asks eleven


def test_no_moment_or_shoe_line_at_a_table_gives_an_answer_away() -> None:
    """The table drills with moments watched or a shoe: each moment's words and each
    table's shoe line (as the coup begins and once it is over), four seeds each: 128
    texts."""
    checked, found = 0, []
    for drill in (load_drill(n) for n in BUNDLED):
        if Step.TABLE not in drill.steps:
            continue
        for seed in SCREEN_SEEDS:
            session = TableSession.deal(drill, "t", random.Random(seed))
            for i, table in enumerate(session.tables):
                texts: list[str] = []
                for q in table.watch:
                    texts.append(q.prompt)
                    found += [f"{drill.id}: {f}" for f in given_away(q, [q.prompt])]
                if session.shoe is not None:
                    texts += [session.shoe.status(i), session.shoe.status(i, after=True)]
                checked += len(texts)
                found += [f"{drill.id} seed {seed}: {f}" for f in given_away(None, texts)]
    assert found == []
    assert checked == 128, checked


# --- a spot drill sat as an exam: the step missed is never named ---------------------------


def names_the_step(step: int, text: str) -> str | None:
    """What in ``text`` names step ``step`` of a replay: "Step 6 was wrong", "step 6", or
    the screen's mark at its number ("✗ 6")."""
    said = re.search(rf"\b[Ss]tep {step}\b|✗ *{step}\b", text)
    return None if said is None else said.group(0)


def next_texts(session: Session) -> list[str]:
    """The prompts the spot screen may show next (an exam's own wording of a fix too)."""
    if session.finished:
        return []
    q = session.current
    return [q.prompt, *([q.exam_prompt] if isinstance(q, FixQuestion) else [])]


def test_an_exam_never_names_the_step_of_an_error_the_trainee_missed() -> None:
    """Every bundled spot drill sat as an audition part (an exam), four seeds, each replay
    with an error answered wrong twice over ("no error"; a step that is not the error's) and
    the others right: the prompts shown next never name the error's step.  It checks 40
    texts: one after each error missed but the last replay's, two if a fix came next
    (asserted, so a drill that stops dealing errors shows here)."""
    checked, missed, found = 0, 0, []
    spots = [d for d in _screen_drills() if d.kind is Kind.SPOT]
    assert {d.id for d in spots} >= {"spot-the-error", "spot-the-error-table"}
    for drill in spots:
        for seed in SCREEN_SEEDS:
            for wrong in ("no error", "another step"):
                session = Session.deal(exam_part(drill, 1, 1), "t", random.Random(seed))
                while not session.finished:
                    q = session.current
                    right = q.expected()
                    if not isinstance(q, SpotQuestion) or right.step is None:
                        session.answer(right)
                        continue
                    step = right.step
                    other = step + 1 if step < len(q.lines) else 1
                    session.answer(SpotAnswer(None if wrong == "no error" else other))
                    texts = next_texts(session)
                    missed += not session.finished
                    checked += len(texts)
                    found += [
                        f"{drill.id} seed {seed}, {wrong} at step {step}: {said!r} in {t!r}"
                        for t in texts
                        if (said := names_the_step(step, t)) is not None
                    ]
    assert found == []
    assert checked == missed == 40, (checked, missed)  # the seeds deal as the catalogue is


def test_the_screen_checks_catch_what_used_to_be_on_screen() -> None:
    """The give-aways as they were worded: the checks above fail on each."""
    assert names_the_step(6, "Step 6 was wrong. What should the dealer have done?")
    assert names_the_step(6, "✗ 6  Seat 3 Banker 25: paid 25")
    assert names_the_step(6, "Step 16 was wrong.") is None
    assert given_away(None, ["Coup 10 · 4 cards left · cut card out: last coup"])
    assert given_away(None, ["Nothing on the layout changes during the deal."])
    naturals = load_drill("naturals")
    session = Session.deal(naturals, "t", random.Random(0))
    banker = next(
        q
        for q in session.questions
        if isinstance(q, Question) and q.step is Step.BANKER_DRAWS and q.coup.natural
    )
    assert given_away(banker, [banker.coup.rules[0]])  # "...: neither hand draws"
