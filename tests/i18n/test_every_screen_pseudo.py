"""Every screen of the trainer in the pseudo-language at 80x24: no English word left.

Every message that reaches the catalogue comes out of ``en_XA`` accented, so a plain English
word on a screen shown in it was built below the edges or never marked.  This module is the
sweep over all of them: it opens what the other ``tests/i18n`` modules do not (home with
each bundled drill described, each bundled drill's first question, its rules reference and
the dialog asking whether to leave it, the drills the trainer builds itself: the review and
the audition's written part), and ``test_every_screen_class_is_opened_in_the_pseudo_language``
holds the list of every screen class of the app against the test that opens it in
``en_XA``, so a screen added without one fails here.  What may stay as typed: the drill
files' titles and descriptions, a house's name, a trainee's name, the keys' own names.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.containers import VerticalScroll
from textual.screen import Screen

from tests.i18n.test_people_languages import english_left, screen_text
from tests.support.coups import FakeClock, FakeNow
from trainer.drills.catalogue import load_drill
from trainer.drills.model import Drill, Mode
from trainer.engine.house import BUNDLED_HOUSES
from trainer.history.review import build_review_drill
from trainer.history.scheduler import SkillState
from trainer.i18n import PSEUDO, _, set_language
from trainer.session.audition import exam_part, written_drill
from trainer.tui.app import TrainerApp, _catalogue
from trainer.tui.screens.dialogs import ConfirmLeave
from trainer.tui.screens.reference import ReferenceScreen

SIZE = (80, 24)
#: The keys' own names a key bar or a hint shows (Textual's, as typed on the keyboard).
KEYS = ["esc", "Enter", "PgDn", "PgUp"]


#: What a school typed and every screen may show as typed: each bundled house's name, the
#: trainee's name, the keys' own names.  A drill's title and description are allowed only on
#: its own screens (and home lists the titles): each allowed word could hide the same word
#: left in English elsewhere on the screen.
ALLOWED = [*(h.name for h in BUNDLED_HOUSES.values()), "Alex", *KEYS]


def _remedies() -> list[str]:
    """The irregularities catalogue's remedies (its file's words), which a house confirms
    on the rules reference."""
    from trainer.irregularities.loader import bundled

    return [e.remedy for e in bundled()]


BUNDLED = [e.id for e in _catalogue()]


def _app(start: Drill | None = None) -> TrainerApp:
    return TrainerApp(start=start, trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())


def _box(text: str) -> str:
    """What is inside a dialog's frame (``█``): the screen behind shows around it, cut."""
    return "\n".join(
        line[line.index("█") + 1 : line.rindex("█")]
        for line in text.splitlines()
        if line.count("█") >= 2
    )


def _left(app: App[Any], where: str, allowed: list[str] | None = None, box: bool = False) -> str:
    text = _box(screen_text(app)) if box else screen_text(app)
    kept = [*ALLOWED, *(allowed or [])]
    words = {w for phrase in kept for w in phrase.split()}

    def shortened(m: re.Match[str]) -> str:  # a title cut to fit ("the lose…"): its start
        return "…" if any(w.startswith(m[1]) for w in words) else m[0]

    assert english_left(re.sub(r"([A-Za-z]+)…", shortened, text), allowed=kept) == [], (
        where,
        text,
    )
    return text


async def test_home_describes_every_bundled_drill_in_the_language() -> None:
    set_language(PSEUDO)
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = [e.title for e in _catalogue()]
        for number, entry in enumerate(_catalogue()):
            _left(app, f"home, {entry.id} described", [*titles, entry.description])
            if number + 1 < len(titles):
                await pilot.press("down")
                await pilot.pause()


def _dealt_words(session: Any) -> list[str]:
    """What a run dealt that is a file's words or not worded at the edges yet, as the
    drill's own tests allow it (tests/i18n/test_drill_languages.py): a house's calls in its
    calling language, the irregularities catalogue's entries, and a spot drill's wrong steps
    the session builds as plain English (the audit's own sentences are worded)."""
    from tests.i18n.test_drill_languages import catalogue_words, left_as_written
    from trainer.session.calls import CallQuestion

    questions = list(getattr(session, "questions", ()))
    calls = [o for q in questions if isinstance(q, CallQuestion) for o in q.options]
    return [
        *calls,
        *(c[:1].upper() + c[1:] for c in calls),
        *left_as_written(questions),
        *catalogue_words(questions),
    ]


async def _first_screens(drill: Drill) -> None:
    """The drill's first question, its rules reference (practice only: an exam has none)
    and the dialog asking whether to leave it, each with no English left."""
    set_language(PSEUDO)
    app = _app(drill)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        first = app.screen
        allowed = [drill.title, *_dealt_words(getattr(first, "session", None))]
        _left(app, f"{drill.id}: the first question", allowed)
        if drill.mode is Mode.PRACTICE:
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, ReferenceScreen), drill.id
            _left(app, f"{drill.id}: the rules reference", [*allowed, *_remedies()])
            for body in app.screen.query(VerticalScroll):  # the rest of it, below the fold
                body.scroll_end(animate=False)
            await pilot.pause()
            _left(app, f"{drill.id}: the rules reference, its end", [*allowed, *_remedies()])
            await pilot.press("escape")
            await pilot.pause()
        assert app.screen is first
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmLeave), drill.id
        box = _left(app, f"{drill.id}: leave it?", allowed, box=True)
        assert _(ConfirmLeave.QUESTION).split()[0] in box


@pytest.mark.parametrize("ident", BUNDLED)
async def test_each_bundled_drill_s_first_screens_leave_no_english(ident: str) -> None:
    await _first_screens(load_drill(ident))


#: Two skills due, one of coups and one of the table (the review picks the coups'; with only
#: the table's due, it deals a table).
DUE = datetime(2024, 5, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    "skills", [("natural", "banker:3:8"), ("table:take",)], ids=["coups", "table"]
)
async def test_the_review_the_trainer_builds_is_titled_in_the_language(
    skills: tuple[str, ...],
) -> None:
    due = [SkillState(skill, 1, DUE, 2, 0) for skill in skills]
    drill = build_review_drill(due, "Alex", 12)
    await _first_screens(drill)
    set_language(PSEUDO)
    title = _("Review at the table") if drill.at_table else _("Review")
    app = _app(drill)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert title in screen_text(app)


async def test_the_audition_s_written_part_is_headed_in_the_language() -> None:
    from trainer.curriculum.catalogue import load_curriculum

    audition = load_curriculum().audition
    assert audition is not None
    drill = exam_part(written_drill(audition), 1, 3)
    await _first_screens(drill)
    set_language(PSEUDO)
    app = _app(drill)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        heading = _("Part {number} of {parts} · {title}").format(
            number=1, parts=3, title=_("Audition: the written part")
        )
        assert heading.split(" · ")[0] in screen_text(app)


@pytest.mark.parametrize("which", ["ClassOverHome", "ClassWithRoster"])
async def test_the_class_view_over_home_leaves_no_english(tmp_path: Path, which: str) -> None:
    """The class view as the trainer's home opens it (its key bar: Back, and Roster with
    sign-in on); ``ezbac class``'s own is walked in test_people_languages."""
    from tests.i18n.test_people_languages import Host, _curriculum_words
    from tests.support.history import fill
    from trainer.curriculum.catalogue import load_curriculum
    from trainer.history.class_view import build_class
    from trainer.history.store import open_history
    from trainer.tui.screens import class_

    with open_history(tmp_path / "h.sqlite3") as store:
        fill(store)
        titles = [str(r[0]) for r in store.select("SELECT DISTINCT drill_title FROM sessions")]
        data = build_class(store, None, curriculum=load_curriculum())
    set_language(PSEUDO)
    app = Host(lambda: getattr(class_, which)(lambda: data))
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = _left(app, which, ["ana", "bo", *titles, *_curriculum_words()])
        assert _("Back") in text


async def test_the_answers_waiting_line_is_in_the_language(tmp_path: Path) -> None:
    """Home over a history gone away, three answers left in the spool: the line saying so
    is the catalogue's, its count the spool's."""
    from textual.widgets import Static

    from tests.support.history import T0, answer
    from tests.tui.test_history_waiting import AwayStore
    from trainer.cli.train import recorder_hooks
    from trainer.history.hooks import Recorder, spool_target
    from trainer.history.spool import Entry, Spool
    from trainer.history.store import open_history
    from trainer.i18n import ngettext

    real = open_history(tmp_path / "history.sqlite3")
    spool = Spool.for_target(spool_target(real))
    for i in range(3):
        spool.append(Entry("answer", f"k{i}", answer("banker:3:8", False, T0.replace(minute=i))))
    recorder = Recorder(AwayStore(real))  # type: ignore[arg-type]
    set_language(PSEUDO)
    app = TrainerApp(trainee="Alex", hooks=recorder_hooks(recorder))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = str(app.screen.query_one("#history-waiting", Static).render())
        said = ngettext(
            "{count} answer waiting for the history", "{count} answers waiting for the history", 3
        ).format(count=3)
        assert line == said and line != "3 answers waiting for the history"
        # the list's titles and the highlighted drill's description (whichever it is: home's
        # own words are tested apart; this test is about the waiting line), and the path's
        # modules (a school's file as typed; read in a worker after the first frame, so
        # shown or not yet when the screen is read)
        from tests.i18n.test_people_languages import _curriculum_words

        shown = _catalogue()
        _left(
            app,
            "home, answers waiting",
            [*(e.title for e in shown), *(e.description for e in shown), *_curriculum_words()],
        )


# -- every screen class of the app, and where it is opened in the pseudo-language -------------

#: Each screen class of ``trainer.tui`` and the test that opens it in ``en_XA`` and asserts
#: ``english_left(...) == []`` (module, test).  A base class no screen is of by itself
#: says so instead.
_HERE, _DRILL, _TABLE, _PEOPLE = (
    f"test_{m}"
    for m in ("every_screen_pseudo", "drill_languages", "table_languages", "people_languages")
)
OPENED: dict[str, tuple[str, str]] = {
    "HomeScreen": (_HERE, "test_home_describes_every_bundled_drill_in_the_language"),
    "DrillScreen": (_HERE, "test_each_bundled_drill_s_first_screens_leave_no_english"),
    "SpotScreen": (_DRILL, "test_a_spot_drill_has_no_english_left"),
    "TableScreen": (_TABLE, "test_every_step_of_a_table_and_its_results_in_the_pseudo_language"),
    "ReferenceScreen": (_HERE, "test_each_bundled_drill_s_first_screens_leave_no_english"),
    "ResultsScreen": (_DRILL, "test_the_whole_coup_drill_has_no_english_left"),
    "MissedScreen": (_DRILL, "test_the_whole_coup_drill_has_no_english_left"),
    "TableResultsScreen": (
        _TABLE,
        "test_every_step_of_a_table_and_its_results_in_the_pseudo_language",
    ),
    "MissedTableScreen": (_TABLE, "test_the_walk_reaches_the_results_and_the_missed_table"),
    "ConfirmLeave": (_HERE, "test_each_bundled_drill_s_first_screens_leave_no_english"),
    "ConfirmQuit": (_PEOPLE, "test_no_english_left_and_nothing_cut"),
    "ConfirmLeaveAudition": (_PEOPLE, "test_no_english_left_and_nothing_cut"),
    "NameScreen": (_PEOPLE, "test_no_english_left_and_nothing_cut"),
    "ReviewLengthScreen": (_PEOPLE, "test_no_english_left_and_nothing_cut"),
    "SignInScreen": (_PEOPLE, "test_sign_in_and_its_lockout_leave_no_english"),
    "signin.ProctorScreen": (_PEOPLE, "test_no_english_left_and_nothing_cut"),
    "IdleScreen": (_PEOPLE, "test_no_english_left_and_nothing_cut"),
    "FormScreen": (_PEOPLE, "test_no_english_left_and_nothing_cut"),
    "RosterScreen": (_PEOPLE, "test_no_english_left_and_nothing_cut"),
    "ClassScreen": (_PEOPLE, "test_the_class_view_leaves_no_english"),
    "ClassOverHome": (_HERE, "test_the_class_view_over_home_leaves_no_english"),
    "ClassWithRoster": (_HERE, "test_the_class_view_over_home_leaves_no_english"),
    "ProgressScreen": (_PEOPLE, "test_progress_leaves_no_english_on_any_tab"),
    "PathScreen": (_PEOPLE, "test_no_english_left_and_nothing_cut"),
    "audition.ProctorScreen": (_PEOPLE, "test_no_english_left_and_nothing_cut"),
    "SignKeyScreen": (_PEOPLE, "test_no_english_left_and_nothing_cut"),
    "VerdictScreen": (_PEOPLE, "test_no_english_left_and_nothing_cut"),
    # bases: no screen is one of these by itself
    "DrillBase": ("", "base of DrillScreen and SpotScreen"),
    "ResultsBase": ("", "base of ResultsScreen and TableResultsScreen"),
    "MissedBase": ("", "base of MissedScreen and MissedTableScreen"),
    "Confirm": ("", "base of ConfirmQuit and ConfirmLeave"),
}

#: Names shared by two screen classes, told apart by their module.
_SHARED = {"ProctorScreen"}


def _screen_classes() -> set[str]:
    import trainer.tui.screens as screens

    found: set[str] = set()
    for info in pkgutil.iter_modules(screens.__path__):
        module = importlib.import_module(f"trainer.tui.screens.{info.name}")
        for name, value in vars(module).items():
            if (
                inspect.isclass(value)
                and issubclass(value, Screen)
                and value.__module__ == module.__name__
            ):
                found.add(f"{info.name}.{name}" if name in _SHARED else name)
    return found


def test_every_screen_class_is_opened_in_the_pseudo_language() -> None:
    assert _screen_classes() == set(OPENED), "a screen with no pseudo-language test, or gone"
    for module, test in OPENED.values():
        if module:  # a base: its reason instead
            found = importlib.import_module(f"tests.i18n.{module}")
            assert callable(getattr(found, test, None)), (module, test)


def test_the_header_count_is_worded_from_values() -> None:
    """The session gives the count as values; the screen words them (never an English "Q 3/8"
    read back).  Worked by hand from zh_Hant's catalogue."""
    from trainer.session.kinds import Count, Counted
    from trainer.words.drill import counter

    counts = [
        Count(Counted.QUESTION, 3, 8),
        Count(Counted.COUP, 2, 4),
        Count(Counted.REPLAY, 1, 3),
        Count(Counted.QUESTION, 5),
    ]
    assert [counter(c) for c in counts] == ["Q 3/8", "Coup 2/4", "Replay 1/3", "Q 5"]
    assert [str(c) for c in counts] == ["Q 3/8", "Coup 2/4", "Replay 1/3", "Q 5"]
    set_language("zh_Hant")
    assert [counter(c) for c in counts] == ["第3/8題", "第2/4局", "重演 1/3", "第5題"]
    set_language(PSEUDO)
    assert all(english_left(counter(c)) == [] for c in counts)


def _kind_keys() -> list[str]:
    from trainer.engine.calls import CallStep
    from trainer.engine.irregularities import Irregularity
    from trainer.engine.violations import Violation

    return [
        *(f"call:{c.value}" for c in CallStep),
        *(f"violation:{v.value}" for v in Violation),
        "violation:none",
        *(f"irregularity:{i.value}" for i in Irregularity),
    ]


@pytest.mark.parametrize("language", ["zh_Hant", "ko", PSEUDO])
def test_progress_and_class_name_the_kinds_skills_as_the_results_do(language: str) -> None:
    """A call's, a violation's and an irregularity's skill on progress and the class view
    (trainer.words.record) reads as on the results (trainer.words.drill), in the language:
    no English left in the pseudo-language."""
    from trainer.words import drill, record

    set_language(language)
    for key in _kind_keys():
        said = record.skill(key)
        assert said == drill.skill_name(key), key
        if language == PSEUDO:
            assert english_left(said) == [], (key, said)


def _orders() -> list[Any]:
    from dataclasses import replace
    from itertools import product

    from trainer.engine.house import DEFAULT_HOUSE
    from trainer.engine.table_rules import Direction, Losers

    order = DEFAULT_HOUSE.order
    return [
        replace(
            DEFAULT_HOUSE,
            order=replace(order, direction=d, losers_first=f, losers=s, main_before_side=m),
        )
        for d, f, s, m in product(Direction, (True, False), Losers, (True, False))
    ]


def test_the_table_s_settlement_order_and_chips_on_the_reference_are_worded() -> None:
    """Every settlement order a house file can set, and each way of cutting a payout: in
    English as ``ezbac houses show --summary`` writes them (the engine's English), and in
    the pseudo-language no English left."""
    from trainer.engine.chips import ChipConvention, PayStyle
    from trainer.words.reference import payout_chips, settlement_order

    cuts = [
        ChipConvention(),
        ChipConvention(PayStyle.MAX_EACH, 5),
        ChipConvention(PayStyle.COLOUR_FOR_COLOUR),
    ]
    houses = _orders()
    assert len({h.settlement_order for h in houses}) == 12  # the sweep is moot when not first
    for house in houses:
        assert settlement_order(house) == house.settlement_order
    assert [payout_chips(c) for c in cuts] == [
        "the fewest chips",
        "no more than 5 of one chip (the largest chip excepted)",
        "colour for colour (in the wager's denominations)",
    ]
    set_language(PSEUDO)
    for house in houses:
        assert english_left(settlement_order(house)) == [], house.order
    for cut in cuts:
        assert english_left(payout_chips(cut)) == [], cut


def test_a_house_s_dead_chips_on_the_reference_are_worded() -> None:
    """The dead chips and the rolling commission, as the house summary says them in English
    (``DeadChips.describe``), in the language; a rate keeps its digits (1.2, not 1.20)."""
    from decimal import Decimal

    from trainer.engine.dead_chips import DeadChips, RollingBase, RollingProgramme
    from trainer.words.reference import dead_chips

    rolled = RollingProgramme(Decimal("0.012"))
    each = RollingProgramme(Decimal("0.008"), RollingBase.TURNOVER)
    cases = [DeadChips(), DeadChips(programme=rolled), DeadChips(programme=each)]
    assert [dead_chips(d) for d in cases] == [d.describe() for d in cases]
    assert dead_chips(cases[1]).endswith(
        "rolling commission 1.2 % of the dead chips lost, rounded down to the cent"
    )
    set_language("vi")
    assert "0,8 %" in dead_chips(cases[2])  # Vietnamese writes a decimal comma
    set_language(PSEUDO)
    for d in cases:
        assert english_left(dead_chips(d)) == [], d
