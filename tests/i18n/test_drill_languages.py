"""The drill screens in every language: snapshots at 80x24 of a coup question and of the
results (East Asian characters take two columns), and in the pseudo-language (every message
about 40% longer, accented) a whole coup drill, a commission drill and a card room's fee drill
walked question by question, then their results and the missed questions, at 80x24: no
English word left on screen, and every word of the question and of its feedback on it
(nothing cut).  A drill is walked at 120x40 too only where its 80x24 screen scrolls (then
every word is asked there): a wider screen shows the same widgets with larger cards, so
80x24, where words are cut first, is the one that finds them.

Update the snapshots after a deliberate change with
`pytest tests/i18n/test_drill_languages.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

import pytest
from textual.app import App
from textual.widgets import Static

from tests.i18n.english_left import english_left
from tests.support.coups import FakeClock, FakeNow, coup, dealer, drill
from tests.tui.test_snapshots import app as drill_app
from trainer.drills.catalogue import DrillEntry, bundled_dir
from trainer.drills.loader import load_file
from trainer.drills.model import Drill, Step
from trainer.engine import Bet, BetResult
from trainer.engine.house import CARDROOM_HOUSE, COMMISSION_HOUSE, House
from trainer.engine.irregularities import CALL_THE_FLOOR
from trainer.engine.said import Said
from trainer.i18n import LANGUAGES, PSEUDO, _, set_language
from trainer.session.calls import CallQuestion
from trainer.session.protect import IrregularityQuestion
from trainer.session.questions import AmountAnswer, PayoutAnswer
from trainer.session.run import Asked
from trainer.session.spot import FixQuestion, SpotQuestion
from trainer.tui.app import TrainerApp
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.reference import ReferenceScreen
from trainer.tui.screens.results import MissedScreen, ResultsScreen
from trainer.tui.screens.spot import SpotScreen
from trainer.tui.widgets.question import feedback_text
from trainer.words.drill import capital, prompt

SIZE = (80, 24)
TRANSLATED = [code for code in LANGUAGES if code != "en"]
#: What may stay as typed: the drills' titles (the drill files' words), the trainee's name,
#: and the keys' own names.
ALLOWED = ["The whole coup, step by step", "Test drill", "Alex", "Enter", "esc", "PgDn", "PgUp"]
#: Player 6 stood, the Banker question (tests/tui/test_snapshots.py's English one).
BANKER_QUESTION = ["s", "enter", "enter", "d"]
#: Two outcome questions, one right, one wrong: the results.
RESULTS = ["7", "enter", "enter", "p", "enter", "enter"]
# Player K 6 = 6 stands; Banker 3 2 draws a 2: a three-card 7 over 6, a Banker win.
BANKER_7 = "Kh 3s 6d 2c 2h"


def screen_text(app: App[None]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


@pytest.mark.parametrize("language", [*TRANSLATED, PSEUDO])
def test_coup_question_snapshot(language: str, snap_compare) -> None:
    set_language(language)
    assert snap_compare(drill_app(), terminal_size=SIZE, press=BANKER_QUESTION)


@pytest.mark.parametrize("language", [*TRANSLATED, PSEUDO])
def test_results_snapshot(language: str, snap_compare) -> None:
    set_language(language)
    assert snap_compare(drill_app(steps=(Step.OUTCOME,)), terminal_size=SIZE, press=RESULTS)


def house_app(house: House, steps: tuple[Step, ...], wagers: dict[Bet, str]) -> TrainerApp:
    d = replace(drill(steps), house=house)
    return TrainerApp(
        choices=lambda: [DrillEntry.of(d)],
        start=d,
        trainee="Alex",
        seed=1,
        deal=dealer([coup(BANKER_7, wagers)]),
        clock=FakeClock(),
        now=FakeNow(),
    )


def check_whole(app: App[None], where: str, allowed: Sequence[str] = ()) -> str:
    """Nothing English on screen but what is ``allowed`` besides ``ALLOWED``."""
    text = screen_text(app)
    assert english_left(text, allowed=[*ALLOWED, *allowed]) == [], (where, text)
    return text


def assert_words_on(message: str, text: str, where: str) -> None:
    """Every word of ``message`` on the screen: a message may wrap, never be cut."""
    missing = set(message.split()) - set(text.split())
    assert not missing, (where, missing, message, text)


async def walk(
    app: TrainerApp, size: tuple[int, int], allowed: Sequence[str] = (), whole: bool = True
) -> None:
    """Answers every question of the run, the odd ones wrong, checking the screen at each
    question, each choice and each feedback; then the results, and the missed questions."""
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        number = 0
        while not screen.session.finished:
            q = screen.session.current
            where = f"question {number + 1}: {q.step.value}"
            text = check_whole(app, where, allowed)
            if whole:
                assert_words_on(prompt(q), text, where)
            right = q.expected()
            wrong = number % 2 == 1
            if isinstance(right, AmountAnswer):  # the amount box is open at once
                typed = right.amount + (Decimal(1) if wrong else Decimal(0))
                await pilot.press(*f"{typed}", "enter")
            elif isinstance(right, PayoutAnswer) and right.result is BetResult.WIN and not wrong:
                await pilot.press("w")
                await pilot.pause()
                check_whole(app, where + ", the amount box", allowed)
                await pilot.press(*f"{right.amount}", "enter")
            else:
                keys = [
                    key
                    for key, _label, answer in q.choices
                    if answer is not None and (answer == right) != wrong
                ]
                await pilot.press(keys[0])
                await pilot.pause()
                check_whole(app, where + ", a choice picked", allowed)
                await pilot.press("enter")
            await pilot.pause()
            text = check_whole(app, where + ", its feedback", allowed)
            assert screen.last is not None
            if whole:
                said = feedback_text(screen.last).plain
                assert_words_on(said, text, where + ", its feedback")
            number += 1
            await pilot.press("enter")
            await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        check_whole(app, "the results", allowed)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MissedScreen)
        for step in range(len(app.screen.missed)):
            text = check_whole(app, f"missed question {step + 1}", allowed)
            body = str(app.screen.query_one("#missed-feedback", Static).render())
            if whole:
                assert_words_on(body, text, f"missed question {step + 1}")
            await pilot.press("right")
            await pilot.pause()


@pytest.mark.parametrize("size", [SIZE])
async def test_the_whole_coup_drill_has_no_english_left(size: tuple[int, int]) -> None:
    set_language(PSEUDO)
    await walk(drill_app(), size)


@pytest.mark.parametrize("size", [SIZE])
async def test_a_commission_drill_has_no_english_left(size: tuple[int, int]) -> None:
    set_language(PSEUDO)
    app = house_app(COMMISSION_HOUSE, (Step.PAYOUT, Step.COMMISSION), {Bet.BANKER: "137"})
    await walk(app, size)


@pytest.mark.parametrize("size", [SIZE])
async def test_a_fee_drill_has_no_english_left(size: tuple[int, int]) -> None:
    set_language(PSEUDO)
    app = house_app(CARDROOM_HOUSE, (Step.PAYOUT, Step.FEE), {Bet.PLAYER: "35", Bet.BANKER: "35"})
    await walk(app, size)


# -- spot the error --------------------------------------------------------------------------


def spot_drill_app() -> tuple[TrainerApp, Drill]:
    """The bundled spot-the-error drill, eight replays dealt from seed 1 (errors, replays
    dealt right, irregularities and their remedies)."""
    spot = load_file(bundled_dir() / "20-spot-the-error.yaml")
    app = TrainerApp(start=spot, trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    return app, spot


def left_as_written(questions: Sequence[Asked]) -> list[str]:
    """The houses the replays were dealt under (their names are data, shown as written), and
    the fix questions' options the session still builds as plain English (its wrong steps:
    not values yet, the one part of a spot drill left in English; the audit's own sentences,
    ``Said`` values, are worded and so are not allowed here)."""
    names = [q.replay.house.name for q in questions if isinstance(q, SpotQuestion | FixQuestion)]
    options = [o for q in questions if isinstance(q, FixQuestion) for o in q.options]
    plain = [o for o in options if not isinstance(o, Said)]
    return [*names, *plain, *(capital(o) for o in plain)]


async def walk_spot(size: tuple[int, int]) -> None:
    """Every replay flagged (the odd ones wrongly), every fix question answered, the screen
    checked at each question, each pick and each feedback; then the results and the
    missed."""
    app, spot = spot_drill_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SpotScreen)
        allowed = [*ALLOWED, spot.title, *left_as_written(screen.session.questions)]
        number = 0
        while not screen.session.finished:
            q = screen.session.current
            where = f"question {number + 1}: {q.step.value}"
            text = screen_text(app)
            assert english_left(text, allowed=allowed) == [], (where, text)
            assert_words_on(prompt(q), text, where)
            if isinstance(q, SpotQuestion):
                right = q.expected().step
                wrong = number % 2 == 1
                if right is None:
                    keys = ["1"] if wrong else ["n"]
                else:
                    keys = list(str(right % len(q.replay.lines) + 1 if wrong else right))
                await pilot.press(*keys)
            else:
                await pilot.press("1")
            await pilot.pause()
            assert english_left(screen_text(app), allowed=allowed) == [], (where, "picked")
            await pilot.press("enter")
            await pilot.pause()
            text = screen_text(app)
            assert english_left(text, allowed=allowed) == [], (where, "feedback", text)
            assert screen.last is not None
            assert_words_on(feedback_text(screen.last).plain, text, where + ", its feedback")
            number += 1
            await pilot.press("enter")
            await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert english_left(text, allowed=allowed) == [], ("results", text)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MissedScreen)
        for step in range(len(app.screen.missed)):
            text = screen_text(app)
            assert english_left(text, allowed=allowed) == [], (f"missed {step + 1}", text)
            await pilot.press("right")
            await pilot.pause()


@pytest.mark.parametrize("size", [SIZE])
async def test_a_spot_drill_has_no_english_left(size: tuple[int, int]) -> None:
    set_language(PSEUDO)
    await walk_spot(size)


@pytest.mark.parametrize("size", [SIZE])
async def test_a_shoe_drill_has_no_english_left(size: tuple[int, int]) -> None:
    """The bundled last coups of a shoe: the shoe's line, "what now?" after each coup, the
    next shoe's burn, and the shoe's results."""
    set_language(PSEUDO)
    shoe = load_file(bundled_dir() / "18-last-coups.yaml")
    app = TrainerApp(start=shoe, trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    await walk(app, size, allowed=[shoe.title])


@pytest.mark.parametrize("language", [*TRANSLATED, PSEUDO])
async def test_the_rules_reference_in_every_language(language: str) -> None:
    """Opened with ? after the Player's question (its cell marked): its titles, the
    tables' heads and words in the language; in the pseudo-language, no English left.  At
    120x40 it holds without scrolling in every language (at 80x24 the longer ones scroll)."""
    set_language(language)
    app = drill_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s", "enter", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, ReferenceScreen)
        text = screen_text(app)
        for message in ("Rules reference", "Settlement (odds paid to 1 on a win)", "Close"):
            assert _(message) != message and _(message) in text, (message, text)
        if language == PSEUDO:  # Vietnamese has plain ASCII words of its own ("thua")
            assert english_left(text, allowed=ALLOWED) == [], text
        body = app.screen.query_one("#reference")
        assert body.max_scroll_y == 0, text  # nothing below the fold


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_violations_drill_has_no_english_left(size: tuple[int, int]) -> None:
    """The bundled violations drill: each moment at the table (the layout, what players
    did), the options (what to stop and what the house has the dealer do), the results.
    At 80x24 its screen scrolls in English already (a moment's layout is long): every word
    on screen is asked at 120x40 only."""
    set_language(PSEUDO)
    moments = load_file(bundled_dir() / "23-violations.yaml")
    app = TrainerApp(start=moments, trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    allowed = [moments.title, moments.house.name]  # the house's name: its file's
    await walk(app, size, allowed, whole=size == (120, 40))


def catalogue_words(questions: Sequence[Asked]) -> list[str]:
    """The irregularities catalogue's own words (a file's, as drill files' titles are):
    each irregularity's name, scene, remedy and detail, and a house's own remedies."""
    said: list[str] = []
    for q in questions:
        if isinstance(q, IrregularityQuestion):
            entry = q.entry
            said += [entry.name, entry.name.lower(), entry.scene, entry.remedy, entry.detail]
            said += [o for o in q.options if o != CALL_THE_FLOOR]
    return [*said, *(capital(words) for words in said)]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_an_irregularities_drill_has_no_english_left_but_its_catalogue_s(
    size: tuple[int, int],
) -> None:
    """The bundled irregularities drill: the question, the floor called, the source of a
    remedy and the results in the language; the catalogue's own words as its file has them.
    At 80x24 a long scene scrolls in English already: every word on screen at 120x40."""
    set_language(PSEUDO)
    irregularities = load_file(bundled_dir() / "24-irregularities.yaml")
    app = TrainerApp(start=irregularities, trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    session_questions: list[Asked] = []

    async def capture() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, DrillScreen)
            session_questions.extend(app.screen.session.questions)

    await capture()
    allowed = [irregularities.title, irregularities.house.name]
    allowed += catalogue_words(session_questions)
    app = TrainerApp(start=irregularities, trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    await walk(app, size, allowed, whole=size == (120, 40))


@pytest.mark.parametrize("size", [SIZE])
async def test_a_calls_drill_has_no_english_left_but_the_calls(size: tuple[int, int]) -> None:
    """The bundled calling drill: the question, why, and the results in the language; the
    calls themselves are the house's words in its calling language (options, answers)."""
    set_language(PSEUDO)
    calling = load_file(bundled_dir() / "19-calling.yaml")

    def start() -> TrainerApp:
        return TrainerApp(start=calling, trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())

    calls: list[str] = []
    app = start()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DrillScreen)
        for q in app.screen.session.questions:
            assert isinstance(q, CallQuestion)
            calls += list(q.options)
    allowed = [calling.title, calling.house.name, *calls, *(capital(c) for c in calls)]
    await walk(start(), size, allowed)


@pytest.mark.parametrize("house", [COMMISSION_HOUSE, CARDROOM_HOUSE])
async def test_the_house_rules_in_the_reference_have_no_english_left(house: House) -> None:
    """A commission house's and a card room's rules on the reference (the commission, its
    rounding and collection, the fee's steps): in the pseudo-language, nothing English but
    the house's name."""
    set_language(PSEUDO)
    steps = (Step.PAYOUT, Step.COMMISSION if house is COMMISSION_HOUSE else Step.FEE)
    app = house_app(house, steps, {Bet.BANKER: "137"})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, ReferenceScreen)
        text = screen_text(app)
        assert _("Commission: " if house is COMMISSION_HOUSE else "Collection fee: ") in text
        assert english_left(text, allowed=[*ALLOWED, house.name]) == [], text
