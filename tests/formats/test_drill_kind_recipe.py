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
