"""The drill kinds as the session knows them: what each deals and asks, one object each,
found through one table by the drill's kind id (``Drill.kind_id``), as the file format finds
them (``trainer.drills.kinds``) and the TUI does (``trainer.tui.kinds``).

A kind here deals a run's coups and builds its questions (``deal``) and may word the
header's count its own way (``counter``); ``Session`` (``trainer.session.session``) asks the
drill's kind and runs what it deals.  The kinds worked at a table are run by
``TableSession`` (``trainer.session.table``), which deals its own tables; ``start`` picks the
one a drill runs as.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from trainer.drills.model import (
    SHOE_TABLE_KIND,
    TABLE_KIND,
    CallSpec,
    CoupSpec,
    Drill,
    DrillCoup,
    IrregularitySpec,
    ShoeSpec,
    SpotSpec,
    ViolationSpec,
)
from trainer.session.run import Asked, SessionError

if TYPE_CHECKING:
    from trainer.session.shoe import DealtShoe

#: Deals a drill's coups (the drill's own generator when none is given).
Dealer = Callable[[Drill, random.Random], Sequence[DrillCoup]]


@dataclass(frozen=True, slots=True)
class Dealt:
    """What a kind deals for one run: the coups, the questions about them (none: the
    drill's steps asked of each coup) and, for a shoe, the shoe they came from."""

    coups: Sequence[DrillCoup]
    questions: Sequence[Asked] = ()
    shoe: DealtShoe | None = None


class Counted(enum.Enum):
    """What the header counts: questions, coups or replays."""

    QUESTION = "Q"
    COUP = "Coup"
    REPLAY = "Replay"


@dataclass(frozen=True, slots=True)
class Count:
    """The header's count: ``number`` of ``total`` (None: no total, a shoe's) things
    ``counted``; the screens word it (trainer.words.drill.counter)."""

    counted: Counted
    number: int
    total: int | None = None

    def __str__(self) -> str:
        """The English count the session's tests read ("Q 3/8", "Q 5")."""
        tail = "" if self.total is None else f"/{self.total}"
        return f"{self.counted.value} {self.number}{tail}"


class SessionKind:
    """One kind of drill in the session.  The defaults are separate coups': the drill's
    coups dealt, its steps asked of each."""

    #: The id it is registered under in every layer (``Drill.kind_id``).
    id: ClassVar[str]

    def deal(self, drill: Drill, rng: random.Random, deal: Dealer | None) -> Dealt:
        """The coups of one run (``deal`` when given) and the questions asked of them."""
        coups = list(self.coups(drill, rng, deal))
        return Dealt(coups, self.questions(drill, coups, rng))

    def coups(self, drill: Drill, rng: random.Random, deal: Dealer | None) -> Sequence[DrillCoup]:
        from trainer.drills.generate import deal_drill

        return deal(drill, rng) if deal is not None else deal_drill(drill, rng)

    def questions(
        self, drill: Drill, coups: Sequence[DrillCoup], rng: random.Random
    ) -> Sequence[Asked]:
        """The questions about ``coups`` (none: the drill's steps asked of each)."""
        return ()

    def counter(self, questions: Sequence[Asked], number: int, at: int) -> Count | None:
        """The header's count at question ``number`` about coup ``at`` (0-based), when the
        kind counts its own way (None: as every run counts; ``Session.counter``)."""
        return None


class CoupKind(SessionKind):
    id = CoupSpec.id


class ShoeKind(SessionKind):
    """One shoe, dealt to its cut card; the questions asked of the coups it deals."""

    id = ShoeSpec.id

    def deal(self, drill: Drill, rng: random.Random, deal: Dealer | None) -> Dealt:
        from trainer.session.shoe import deal_shoe, shoe_questions

        run = deal_shoe(drill, rng)
        coups, asked = shoe_questions(drill, run, rng)
        return Dealt(coups, asked, run)

    def counter(self, questions: Sequence[Asked], number: int, at: int) -> Count | None:
        # no total: the run's length says when the cut card comes out
        return Count(Counted.QUESTION, number)


class CallKind(SessionKind):
    id = CallSpec.id

    def questions(
        self, drill: Drill, coups: Sequence[DrillCoup], rng: random.Random
    ) -> Sequence[Asked]:
        from trainer.session.calls import call_questions

        return call_questions(drill, coups, rng)


class SpotKind(SessionKind):
    id = SpotSpec.id

    def questions(
        self, drill: Drill, coups: Sequence[DrillCoup], rng: random.Random
    ) -> Sequence[Asked]:
        from trainer.session.spot import spot_questions

        return spot_questions(drill, coups, rng)

    def counter(self, questions: Sequence[Asked], number: int, at: int) -> Count | None:
        replays = sorted({q.coup_index for q in questions})  # a fix question follows each error
        return Count(Counted.REPLAY, replays.index(at) + 1, len(replays))


class MomentsKind(SessionKind):
    """``ask: violations``: moments at a dealt table."""

    id = ViolationSpec.id

    def questions(
        self, drill: Drill, coups: Sequence[DrillCoup], rng: random.Random
    ) -> Sequence[Asked]:
        from trainer.session.protect import violation_questions

        return violation_questions(drill, coups, rng)


class IrregularitiesKind(SessionKind):
    id = IrregularitySpec.id

    def questions(
        self, drill: Drill, coups: Sequence[DrillCoup], rng: random.Random
    ) -> Sequence[Asked]:
        from trainer.irregularities.loader import bundled
        from trainer.session.protect import irregularity_questions

        return irregularity_questions(drill, coups, rng, bundled())


class TableKind(SessionKind):
    """Whole tables worked per coup: run by ``TableSession``, which deals its tables."""

    id = TABLE_KIND

    def deal(self, drill: Drill, rng: random.Random, deal: Dealer | None) -> Dealt:
        raise SessionError(
            f"drill {drill.id!r} works whole tables: run it as a "
            "trainer.session.table.session.TableSession"
        )


class ShoeTableKind(TableKind):
    id = SHOE_TABLE_KIND


#: Every drill kind the session runs, by id.
SESSION_KINDS: dict[str, SessionKind] = {
    k.id: k
    for k in (
        CoupKind(),
        ShoeKind(),
        TableKind(),
        ShoeTableKind(),
        CallKind(),
        SpotKind(),
        MomentsKind(),
        IrregularitiesKind(),
    )
}


def session_kind(drill: Drill) -> SessionKind:
    """The drill's kind (a SessionError when no kind of that id is registered)."""
    kind = SESSION_KINDS.get(drill.kind_id)
    if kind is None:
        raise SessionError(f"drill {drill.id!r} is of a kind the session does not run")
    return kind
