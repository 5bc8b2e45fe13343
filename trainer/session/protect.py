"""Protecting the game: catching a player's violation at the right moment and
answering it as the house says, and the remedy for an irregularity in the deal.

Both are multiple-choice questions (keys 1-4) on the session every coup drill runs on, so
they are graded, timed and recorded like the calls: one skill per violation kind
(``violation:past_posting``, ``violation:none`` for a moment with nothing to stop) and per
irregularity (``irregularity:misdeal``).  The right answer is asked of the engine when the
answer is graded (``trainer.engine.protection.judge``, ``trainer.engine.irregularities.
taught``), never stored with the question.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.drills.generate import legal_layout
from trainer.drills.model import Drill, DrillCoup, Step, ViolationSpec
from trainer.engine.cards import Card, Side
from trainer.engine.house import DEFAULT_HOUSE, House
from trainer.engine.irregularities import CALL_THE_FLOOR, IrregularityEntry, Source, taught
from trainer.engine.protection import ALL_PLAY, Finding, Scene, judge, stage
from trainer.engine.settlement import Bet
from trainer.engine.violations import Response, Violation
from trainer.session.calls import table_cards
from trainer.session.choice import KEYS, ChoiceQuestion
from trainer.session.questions import ChoiceAnswer, View
from trainer.session.run import SessionError
from trainer.skillkey import SkillKey
from trainer.skills import Skill

#: Layouts dealt to find one with nothing to stop, before a drill is called impossible.
TRIES = 200


@dataclass(frozen=True, slots=True)
class ViolationQuestion(ChoiceQuestion):
    """A moment at the table: stop the violation the house enforces (and answer it as the
    house says), or let every bet play."""

    coup_index: int
    dealt: DrillCoup
    scene: Scene
    options: tuple[str, ...]
    house: House = DEFAULT_HOUSE
    step: Step = Step.VIOLATION
    #: Each option as a value (None: every bet plays), for the edges to word it; the
    #: option's English (``options``) is what is graded and recorded.
    findings: tuple[Finding | None, ...] = ()

    def finding(self) -> Finding | None:
        found = judge(self.scene, self.house)
        return found[0] if found else None

    def finding_of(self, option: str) -> Finding | None:
        """The value of the option ``option`` (None: every bet plays, or not an option)."""
        for said, found in zip(self.options, self.findings, strict=False):
            if said == option:
                return found
        return None

    def expected(self) -> ChoiceAnswer:
        found = self.finding()
        return ChoiceAnswer(ALL_PLAY if found is None else found.describe())

    def reason(self) -> str:
        found = self.finding()
        if found is None:
            return (
                f"Every bet is within {self.house.name}'s rules {self.scene.moment.label}: "
                "stopping a legal bet stops the game for nothing"
            )
        return (
            f"{found.violation.label.capitalize()} is caught {found.violation.moment.label}; "
            f"{self.house.name} has the dealer {found.response.label}"
        )

    @property
    def skill(self) -> Skill:
        found = self.finding()
        return Skill(
            str(SkillKey.of("violation", "none" if found is None else found.violation.value))
        )

    @property
    def prompt(self) -> str:
        return "\n".join([*self.scene.lines(), self.step.label])

    @property
    def short(self) -> str:
        return f"At the table, {self.scene.moment.label}"

    @property
    def view(self) -> View:
        coup = self.coup
        player, banker = table_cards(coup.cards, self.scene.shown, coup.player_draws)
        return View(player, banker, None, None, None, ())


@dataclass(frozen=True, slots=True)
class IrregularityQuestion(ChoiceQuestion):
    """One irregularity of the catalogue: the remedy taught at the house."""

    coup_index: int
    dealt: DrillCoup
    entry: IrregularityEntry
    options: tuple[str, ...]
    house: House = DEFAULT_HOUSE
    step: Step = Step.IRREGULARITY

    def expected(self) -> ChoiceAnswer:
        return ChoiceAnswer(taught(self.entry, self.house.remedies).remedy)

    def reason(self) -> str:
        got = taught(self.entry, self.house.remedies)
        detail = self.entry.detail or self.entry.remedy
        if got.source is Source.ASK_FLOOR:
            return (
                f"{self.house.name} has not confirmed a remedy for {self.entry.name.lower()}: "
                f"call the floor. The common remedy ({self.entry.source.label}): {detail}"
            )
        own = got.remedy != got.standard
        return f"{got.source.label} at {self.house.name}: {got.remedy if own else detail}"

    @property
    def skill(self) -> Skill:
        return Skill(str(SkillKey.of("irregularity", self.entry.kind.value)))

    @property
    def prompt(self) -> str:
        return f"{self.entry.name}. {self.entry.scene}\n{self.step.label}"

    @property
    def short(self) -> str:
        return self.entry.name

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards on the felt as the scene happens (as the history stores them)."""
        return tuple(d.card for d in self.entry.felt)

    @property
    def view(self) -> View:
        """The scene's felt, never the drill's coup: a scene of a Player standing on 7 is not
        told over a coup where the Player drew."""
        felt = self.entry.felt
        return View(
            tuple(d.card for d in felt if d.to is Side.PLAYER),
            tuple(d.card for d in felt if d.to is Side.BANKER),
            None,
            None,
            None,
            (),
        )


# -- dealing the questions ----------------------------------------------------------------------


def violation_questions(
    drill: Drill, coups: Sequence[DrillCoup], rng: random.Random
) -> list[ViolationQuestion]:
    """A moment at a legal layout per coup; ``rate`` of them with a violation the house
    enforces (each kind in turn, shuffled, so a run meets them all), the rest legal."""
    spec = drill.run
    if not isinstance(spec, ViolationSpec):
        raise SessionError(f"drill {drill.id!r} is not a violations drill (ask: violations)")
    house = drill.house
    kinds = list(house.enforced)
    if not kinds:
        raise SessionError(f"house {house.id!r} enforces no violation: nothing to catch")
    rng.shuffle(kinds)
    out: list[ViolationQuestion] = []
    turn = 0
    for index, dealt in enumerate(coups):
        scene: Scene | None = None
        for _ in range(TRIES):
            layout = legal_layout(spec.table, house, dealt.coup, rng)
            if rng.random() < spec.rate:
                order = kinds[turn % len(kinds) :] + kinds[: turn % len(kinds)]
                scene = stage(rng, house, dealt.coup, layout, order)
                turn += 1
            else:
                scene = stage(rng, house, dealt.coup, layout)
            if scene is not None:
                break
        if scene is None:
            raise SessionError(
                f"drill {drill.id!r}: no legal layout in {TRIES} tries under {house.id!r}"
            )
        out.append(moment_question(index, dealt, scene, house, rng))
    return out


def moment_question(
    index: int, dealt: DrillCoup, scene: Scene, house: House, rng: random.Random
) -> ViolationQuestion:
    """The question a moment at the table asks: its options the right answer and the
    telling wrong ones (the violation answered another way, let play, a legal bet flagged),
    shuffled by ``rng``."""
    right = _expected(scene, house)
    wrong = _wrong(scene, house, right, rng)
    options = _options(right, [_said(f) for f in wrong], rng)
    found = judge(scene, house)
    values = {_said(f): f for f in (*wrong, found[0] if found else None)}
    return ViolationQuestion(
        index, dealt, scene, options, house, findings=tuple(values[o] for o in options)
    )


def _said(found: Finding | None) -> str:
    return ALL_PLAY if found is None else found.describe()


def _options(right: str, wrong: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    """``right`` and the first three distinct ``wrong`` answers (the telling ones come
    first), shuffled; the right one is only placed here, grading asks the engine again."""
    chosen = [right]
    for option in wrong:
        if option not in chosen and len(chosen) < len(KEYS):
            chosen.append(option)
    rng.shuffle(chosen)
    return tuple(chosen)


def _expected(scene: Scene, house: House) -> str:
    found = judge(scene, house)
    return ALL_PLAY if not found else found[0].describe()


def _wrong(scene: Scene, house: House, right: str, rng: random.Random) -> list[Finding | None]:
    """Plausible wrong answers: the violation answered the wrong way, a legal bet flagged
    (with what the house would do if it were a violation), every bet let play."""
    out: list[Finding | None] = []
    found = judge(scene, house)
    if found:
        top = found[0]
        others = [r for r in Response if r not in (Response.ALLOW, top.response)]
        rng.shuffle(others)
        out += [Finding(top.seat, top.bet, top.violation, r) for r in others]
        out.append(None)
    flagged: list[Finding | None] = [
        Finding(seat, bet, v, house.enforces(v) or Response.REFUSE)
        for seat, bet in _legal_bets(scene, found)
        for v in house.enforced
        if v.moment is scene.moment and v is not Violation.DIFFERENTIAL
    ]
    rng.shuffle(flagged)
    spare: list[Finding | None] = [  # a legal bet flagged and answered another way: enough
        Finding(seat, bet, v, r)
        for seat, bet in _legal_bets(scene, found)
        for v in Violation
        if v.moment is scene.moment and v is not Violation.DIFFERENTIAL
        for r in (Response.REFUSE, Response.RETURN, Response.FLOOR)
    ]
    rng.shuffle(spare)
    # a violation: answered another way, let play, a legal bet flagged instead; a legal
    # moment: legal bets flagged
    lead = (*out[:1], None, *flagged[:1]) if found else tuple(flagged[:3])
    return [w for w in (*lead, *out, *flagged, *spare) if _said(w) != right]


def _legal_bets(scene: Scene, found: Sequence[Finding]) -> list[tuple[int, Bet]]:
    at_fault = {(f.seat, f.bet) for f in found}
    return [(n, b) for n, b, _ in scene.after.bets() if (n, b) not in at_fault]


def irregularity_questions(
    drill: Drill,
    coups: Sequence[DrillCoup],
    rng: random.Random,
    catalogue: Sequence[IrregularityEntry],
) -> list[IrregularityQuestion]:
    """One irregularity per coup, the catalogue shuffled and gone through in turn."""
    if not catalogue:
        raise SessionError("the irregularities catalogue is empty")
    house = drill.house
    entries = list(catalogue)
    rng.shuffle(entries)
    out: list[IrregularityQuestion] = []
    for index, dealt in enumerate(coups):
        entry = entries[index % len(entries)]
        got = taught(entry, house.remedies)
        others = [e.remedy for e in entries if e is not entry]
        rng.shuffle(others)
        options = _options(got.remedy, [CALL_THE_FLOOR, entry.remedy, *others], rng)
        out.append(IrregularityQuestion(index, dealt, entry, options, house))
    return out
