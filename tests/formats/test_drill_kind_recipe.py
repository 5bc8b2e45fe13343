"""A drill kind added the way docs/developers.md says ("Add a drill kind"): this module and
its registration only.  ``ask: tableau`` asks, of each coup, whether the Player and the
Banker draw, and refuses a bets section (a tableau pays nothing).  It is registered in the
three layers' tables by the ``tableau`` fixture, then loaded from YAML, run as a session and
opened on its own screen in the app.

The right answers are worked by hand from docs/rules.md (the drawing rules), never read
from the session.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from textual.widgets import Static

from tests.support.coups import FakeClock, FakeNow
from trainer.drills import kinds as drill_kinds
from trainer.drills.errors import DrillFileError
from trainer.drills.kinds import DrillKind, DrillRead
from trainer.drills.loader import load_text
from trainer.drills.model import Drill, DrillCoup, Kind, RunSpec, Step
from trainer.fileformat.reading import Reader
from trainer.session import Session
from trainer.session import kinds as session_kinds
from trainer.session.kinds import SessionKind
from trainer.session.questions import DrawAnswer, expand
from trainer.session.run import Asked
from trainer.tui import kinds as tui_kinds
from trainer.tui.app import TrainerApp
from trainer.tui.kinds import ScreenKind
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.results import ResultsScreen

# -- the kind, one object per layer ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableauSpec(RunSpec):
    """What a tableau run deals: separate coups."""

    kind: ClassVar[Kind] = Kind.COUP
    id: ClassVar[str] = "tableau"


class TableauDrill(DrillKind):
    """The file format: ``ask: tableau`` alone, coups or filters, no bets."""

    id = TableauSpec.id
    words = frozenset({"tableau"})
    alone = True

    def check(self, r: Reader, read: DrillRead) -> None:
        if "bets" in read.f:
            r.err(read.f["bets"], "bets", "a tableau pays nothing: remove bets")

    def build(self, read: DrillRead, model: dict[str, Any]) -> RunSpec:
        return TableauSpec()


class TableauSession(SessionKind):
    """The session: both hands' draws asked of each coup."""

    id = TableauSpec.id

    def questions(
        self, drill: Drill, coups: Sequence[DrillCoup], rng: random.Random
    ) -> Sequence[Asked]:
        return expand(list(coups), (Step.PLAYER_DRAWS, Step.BANKER_DRAWS), drill.house)


class TableauScreen(DrillScreen):
    """The TUI: the drill screen, under its own name."""


class TableauScreens(ScreenKind):
    id = TableauSpec.id

    def screen(self, session: Any) -> TableauScreen:
        return TableauScreen(session)


@pytest.fixture
def tableau(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The kind's registration, in each layer's table, for one test."""
    monkeypatch.setitem(drill_kinds.DRILL_KINDS, TableauSpec.id, TableauDrill())
    monkeypatch.setitem(session_kinds.SESSION_KINDS, TableauSpec.id, TableauSession())
    monkeypatch.setitem(tui_kinds.SCREEN_KINDS, TableauSpec.id, TableauScreens())
    yield


# -- a drill of the kind ---------------------------------------------------------------------
# Dealt P, B, P, B, then the third cards (docs/rules.md, the tableau):
#  9s Ks Ks Ks     Player 9, Banker 0: a natural, neither hand draws;
#  Ac Kc 2h 5d 9s  Player 3 draws (9s), Banker 5 stands on a Player third card of 9;
#  Kh 2s 7c Qd 3h  Player 7 stands, Banker 2 draws (3h).
TABLEAU = """\
id: tableau-test
title: The tableau
description: Does each hand draw?
ask: tableau
order: as_written
coups:
  - cards: 9s Ks Ks Ks
  - cards: Ac Kc 2h 5d 9s
  - cards: Kh 2s 7c Qd 3h
"""
RIGHT = [False, False, True, False, False, True]  # Player draws?, Banker draws? per coup


def test_every_kind_is_registered_in_every_layer() -> None:
    ids = set(drill_kinds.DRILL_KINDS)
    assert ids == set(session_kinds.SESSION_KINDS) == set(tui_kinds.SCREEN_KINDS)
    assert ids >= {"coup", "shoe", "table", "shoe_table", "call", "spot", "violations"}
    assert all(kind.id == key for key, kind in drill_kinds.DRILL_KINDS.items())
    assert all(kind.id == key for key, kind in session_kinds.SESSION_KINDS.items())
    assert all(kind.id == key for key, kind in tui_kinds.SCREEN_KINDS.items())


def test_unregistered_the_word_is_refused_where_it_is_written() -> None:
    with pytest.raises(DrillFileError) as caught:
        load_text(TABLEAU, "tableau.yaml")
    (problem,) = caught.value.problems
    assert (problem.line, problem.column, problem.field) == (4, 6, "ask")
    assert "tableau" in problem.message


def test_the_kind_is_loaded_from_yaml(tableau: None) -> None:
    drill = load_text(TABLEAU, "tableau.yaml")
    assert drill.kind_id == "tableau" and isinstance(drill.run, TableauSpec)
    assert not drill.at_table and drill.steps == () and drill.questions == 3
    assert drill.run_words == "3 coups"


def test_the_kind_checks_its_fields_at_file_line_column(tableau: None) -> None:
    with pytest.raises(DrillFileError) as caught:
        load_text(TABLEAU + "bets: {banker: 25}\n", "tableau.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "tableau.yaml:10:7: bets: a tableau pays nothing: remove bets"
    ]
    with pytest.raises(DrillFileError) as caught:
        load_text(TABLEAU.replace("ask: tableau", "ask: [tableau, outcome]"), "tableau.yaml")
    (problem,) = caught.value.problems
    assert problem.message.startswith("tableau is asked on its own")


def test_the_kind_runs_as_a_session(tableau: None) -> None:
    drill = load_text(TABLEAU, "tableau.yaml")
    session = Session.deal(drill, "Alex", random.Random(1), clock=FakeClock(), now=FakeNow())
    asked = [(q.coup_index, q.step) for q in session.questions]
    assert asked == [(i, s) for i in range(3) for s in (Step.PLAYER_DRAWS, Step.BANKER_DRAWS)]
    for right in RIGHT:
        assert session.answer(DrawAnswer(right)).correct
    assert session.finished and session.summary().percent == 100


async def test_the_kind_opens_on_its_screen(tableau: None) -> None:
    drill = load_text(TABLEAU, "tableau.yaml")
    app = TrainerApp(start=drill, trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen) is TableauScreen
        for right in RIGHT:
            await pilot.press("d" if right else "s", "enter")
            assert str(app.screen.query_one("#feedback-text", Static).render()).startswith("✓")
            await pilot.press("enter")  # on to the next question, then the results
        assert isinstance(app.screen, ResultsScreen)
        summary = app.screen.summary
        assert (summary.right, summary.total, summary.passed) == (6, 6, True)


# -- the kinds built in: found by the words of ask, at the table said by the drill -----------
TABLE_SECTION = 'table: {seats: "3-5", bets: {banker: {min: 5, max: 100, step: 5}}}\n'


@pytest.mark.parametrize(
    ("ask", "kind_id", "at_table"),
    [
        ("outcome", "coup", False),
        ("[shoe, outcome]", "shoe", False),
        ("table", "table", True),
        ("[shoe, table]", "shoe_table", True),
        ("violations", "violations", False),  # moments at a table: not worked at it
    ],
)
def test_each_kind_is_the_one_its_words_name(ask: str, kind_id: str, at_table: bool) -> None:
    shoe = "shoe" in ask
    text = (
        f"id: k\ntitle: T\ndescription: D\nask: {ask}\n"
        + ("" if shoe else "generate: [{natural: true}]\n")
        + (TABLE_SECTION if "table" in ask or "violations" in ask else "")
    )
    drill = load_text(text, "k.yaml")
    assert (drill.kind_id, drill.at_table, drill.is_table) == (kind_id, at_table, at_table)
    assert (drill.table is not None) == at_table  # the moments' layouts are the run's own


def test_at_table_goes_with_a_table_section_and_a_run_worked_at_one() -> None:
    from trainer.drills.errors import DrillError
    from trainer.drills.model import BetSpec, CallSpec, TableSpec
    from trainer.engine import Bet

    spec = TableSpec(bets=(BetSpec(Bet.BANKER, 5, 100, 5),), seats=(3, 5))  # type: ignore[arg-type]
    base = {"id": "d", "title": "T", "description": "D", "steps": (Step.TABLE,), "questions": 1}
    assert Drill(**base, table=spec, at_table=True).kind_id == "table"
    with pytest.raises(DrillError, match="is not worked at a table"):
        Drill(**base, table=spec)
    with pytest.raises(DrillError, match="needs its table section"):
        Drill(**base, at_table=True)
    with pytest.raises(DrillError, match="a call run is never worked at a table"):
        Drill(**base, table=spec, at_table=True, run=CallSpec())
