"""The protection drills through Textual's Pilot: a moment at the table (a late bet after
the first card, stopped as the house says; a legal moment let play) and an irregularity's
remedy, keys 1-4.  Right answers are worked by hand from the house's rules here."""

from __future__ import annotations

import io

from rich.console import Console
from textual.widgets import Static

from tests.support.coups import NATURAL, FakeClock, FakeNow, coup
from trainer.drills.model import Drill, IrregularitySpec, TableSpec, ViolationSpec
from trainer.engine import Card, parse_cards
from trainer.engine.house import EZ_HOUSE
from trainer.engine.irregularities import CALL_THE_FLOOR, Irregularity
from trainer.engine.protection import ALL_PLAY, Scene
from trainer.engine.settlement import Bet
from trainer.engine.table import Layout
from trainer.engine.violations import Moment
from trainer.irregularities.loader import bundled
from trainer.session import Session
from trainer.session.protect import IrregularityQuestion, ViolationQuestion
from trainer.tui.app import TrainerApp
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.results import ResultsScreen
from trainer.tui.widgets.choices import OptionButton
from trainer.tui.widgets.hands import HandView

SIZE = (100, 40)
LATE = "Seat 3 Banker: past posting: refuse the bet"


def text_of(app: TrainerApp, selector: str) -> str:
    console = Console(width=120, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(app.screen.query_one(selector, Static).render())
    return capture.get()


def option_key(app: TrainerApp, label: str) -> str:
    for button in app.screen.query(OptionButton):
        if button.display and button.plain_label == label:
            return button.key
    raise AssertionError(f"no option {label!r}")


def _violations_session(app: TrainerApp) -> Session:
    dealt = coup(NATURAL)
    before = Layout.of({1: {Bet.PLAYER: 25}})
    late = Layout.of({1: {Bet.PLAYER: 25}, 3: {Bet.BANKER: 25}})
    wrong = [
        "Seat 3 Banker: past posting: call the floor",
        "Seat 1 Player: pressing: refuse the bet",
        ALL_PLAY,
    ]
    questions = [
        # ez: a bet put down after the first card is refused (its default response)
        ViolationQuestion(
            0, dealt, Scene(Moment.DEAL, dealt.coup, before, late), (LATE, *wrong), EZ_HOUSE
        ),
        # the same layout with nothing changed: every bet plays
        ViolationQuestion(
            1,
            dealt,
            Scene(Moment.DEAL, dealt.coup, before, before),
            (*wrong[:2], LATE, ALL_PLAY),
            EZ_HOUSE,
        ),
    ]
    spec = ViolationSpec(TableSpec(bets=(), seats=(1, 3)))
    drill = Drill(id="v", title="Violations", description="d", steps=(), questions=2, run=spec)
    return Session(drill, [dealt, dealt], "Alex", clock=app.clock, now=app.now, questions=questions)


async def test_a_late_bet_stopped_and_a_legal_moment_let_play() -> None:
    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        app.run_session(_violations_session(app))
        await pilot.pause()
        assert isinstance(app.screen, DrillScreen)
        prompt = text_of(app, "#prompt")
        assert "seat 3 puts 25 on Banker" in prompt and "seat 1: Player 25" in prompt
        assert len(app.screen.query_one("#player-hand").cards) == 1  # type: ignore[attr-defined]
        await pilot.press(option_key(app, LATE), "enter")
        assert text_of(app, "#feedback-text").startswith("✓")
        await pilot.press("enter")
        quiet = text_of(app, "#prompt")  # worded as a moment with a violation is
        assert "Then, during the deal:\n  no player touches a bet" in quiet
        await pilot.press(option_key(app, LATE), "enter")  # a legal bet flagged
        feedback = text_of(app, "#feedback-text")
        assert feedback.startswith("✗") and "stopping a legal bet stops the game" in feedback
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "1 of 2 right" in text_of(app, "#results-head")


async def test_an_irregularitys_remedy_at_the_house() -> None:
    catalogue = {e.kind: e for e in bundled()}
    misdeal, wrong_hand = catalogue[Irregularity.MISDEAL], catalogue[Irregularity.WRONG_HAND]
    dealt = coup(NATURAL)
    # ez confirms the misdeal's common remedy; it has confirmed none for a card to the wrong
    # hand (the sources disagree): call the floor
    questions = [
        IrregularityQuestion(
            0, dealt, misdeal, (misdeal.remedy, CALL_THE_FLOOR, wrong_hand.remedy), EZ_HOUSE
        ),
        IrregularityQuestion(
            1, dealt, wrong_hand, (wrong_hand.remedy, CALL_THE_FLOOR, misdeal.remedy), EZ_HOUSE
        ),
    ]
    drill = Drill(
        id="i",
        title="Irregularities",
        description="d",
        steps=(),
        questions=2,
        run=IrregularitySpec(),
    )
    app = TrainerApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        app.run_session(
            Session(
                drill, [dealt, dealt], "Alex", clock=app.clock, now=app.now, questions=questions
            )
        )
        await pilot.pause()
        assert "A misdeal" in text_of(app, "#prompt")
        # the felt is the scene's (five cards for four: two in the Player's box, three in
        # the Banker's), not the coup the session dealt (NATURAL: two and two)
        assert hands(app) == (parse_cards("4s Jh"), parse_cards("9d 7c 2s"))
        await pilot.press(option_key(app, misdeal.remedy), "enter")
        assert text_of(app, "#feedback-text").startswith("✓")
        await pilot.press("enter")
        # the Banker's first card slid to the Player's box: both in the Player's, none in
        # the Banker's
        assert hands(app) == (parse_cards("9s 4d"), ())
        await pilot.press(option_key(app, wrong_hand.remedy), "enter")
        feedback = text_of(app, "#feedback-text")
        assert feedback.startswith("✗") and "call the floor" in feedback
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("m")  # the missed question shows its scene's felt again
        await pilot.pause()
        assert "A card dealt to the wrong hand" in text_of(app, "#prompt")
        assert hands(app) == (parse_cards("9s 4d"), ())


def hands(app: TrainerApp) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The cards in the Player's and the Banker's boxes on the screen."""
    player = app.screen.query_one("#player-hand", HandView)
    banker = app.screen.query_one("#banker-hand", HandView)
    return player.cards, banker.cards
