"""Commission and collection-fee questions driven through Textual's Pilot: the amount box
opens at once, Enter grades it, practice feedback says ✓/✗ and why.

Amounts worked by hand: 5 % of 137 is 6.85, up to the next quarter 7 (the commission
house); the card room's rack card takes 1 on a wager of 21 to 100.
"""

from __future__ import annotations

from dataclasses import replace

from textual.widgets import Input, Static

from tests.support.coups import FakeClock, FakeNow, coup, dealer, drill
from tests.support.screens import status
from trainer.drills.catalogue import DrillEntry
from trainer.drills.model import Step
from trainer.engine import Bet
from trainer.engine.house import BUNDLED_HOUSES, COMMISSION_HOUSE, House
from trainer.tui.app import TrainerApp
from trainer.tui.screens.dialogs import ConfirmLeave
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.results import ResultsScreen
from trainer.tui.widgets.choices import ChoiceButton
from trainer.tui.widgets.keybar import KeyBar

SIZE = (80, 24)
# Player K 6 = 6 stands; Banker 3 2 draws a 2: three-card 7 over 6, a Banker win.
BANKER_7 = "Kh 3s 6d 2c 2h"


def make_app(wagers: dict[Bet, str], steps: tuple[Step, ...], house: House) -> TrainerApp:
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


def feedback(app: TrainerApp) -> str:
    return str(app.screen.query_one("#feedback-text", Static).render())


async def test_commission_right_then_wrong() -> None:
    app = make_app({Bet.BANKER: "137"}, (Step.COMMISSION,), COMMISSION_HOUSE)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        box = screen.query_one("#amount", Input)
        assert box.display and box.has_focus and "commission owed" in box.placeholder
        assert "what commission is owed?" in str(screen.query_one("#prompt", Static).render())
        await pilot.press(*"7", "enter")
        text = feedback(app)
        assert text.startswith("✓") and "5 % of 137 is 6.85" in text
        assert "up to the next quarter: 7" in text
    app = make_app({Bet.BANKER: "137"}, (Step.COMMISSION,), COMMISSION_HOUSE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"6.85", "enter")  # the exact 5 %: the house rounds up
        text = feedback(app)
        assert text.startswith("✗") and "you said 6.85; the answer is 7" in text
        await pilot.press("enter")
        assert isinstance(app.screen, ResultsScreen)
        assert app.screen.summary.right == 0


async def test_the_amount_paid_then_the_commission() -> None:
    # Whether the bet wins is asked first: the commission question presupposes the win.
    app = make_app({Bet.BANKER: "137"}, (Step.COMMISSION, Step.PAYOUT), COMMISSION_HOUSE)
    async with app.run_test(size=SIZE) as pilot:
        assert "win, push or lose?" in str(app.screen.query_one("#prompt", Static).render())
        await pilot.press("w", *"130", "enter")  # 137 less 7
        paid = feedback(app)
        assert paid.startswith("✓") and "19 to 20" in paid and "commission 7" not in paid
        await pilot.press("enter")
        assert "what commission is owed?" in str(app.screen.query_one("#prompt", Static).render())
        await pilot.press(*"7", "enter")
        assert feedback(app).startswith("✓")


async def test_fee_right_and_wrong_and_a_bad_amount_is_retyped() -> None:
    cardroom = BUNDLED_HOUSES["cardroom"]
    app = make_app({Bet.PLAYER: "35", Bet.BANKER: "35"}, (Step.FEE,), cardroom)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await pilot.press(*"one", "enter")
        assert "is not an amount" in status(app) and screen.session.index == 0
        await pilot.press(*["backspace"] * 3, *"1", "enter")
        text = feedback(app)
        assert text.startswith("✓") and "wagers over 20 up to 100 pay 1" in text
        await pilot.press("enter", *"0.50", "enter")
        text = feedback(app)
        assert text.startswith("✗") and "you said 0.50; the answer is 1" in text


async def test_escape_on_an_amount_question_offers_to_leave() -> None:
    app = make_app({Bet.BANKER: "137"}, (Step.COMMISSION,), COMMISSION_HOUSE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmLeave)


async def test_a_commission_outcome_question_names_a_three_card_7_a_banker_win() -> None:
    # The commission house offers Player, Banker and Tie only: its dealers never call a
    # Dragon 7, so the choices are p/b/t and a three-card Banker 7 over 6 is "Banker".
    app = make_app({}, (Step.OUTCOME,), COMMISSION_HOUSE)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        shown = {b.key for b in screen.query(ChoiceButton) if b.display}
        assert shown == {"p", "b", "t"}
        assert "7" not in status(app) and "Dragon" not in status(app)
        keys = str(screen.query_one("#keys", KeyBar).render())
        assert "Dragon" not in keys and "Panda" not in keys
        await pilot.press("7", "enter")  # no such choice here: nothing is picked
        assert "Pick an answer first" in status(app)
        await pilot.press("b", "enter")
        text = feedback(app)
        assert text.startswith("✓ Right: Banker") and "Dragon" not in text
        assert "Banker wins 7 to 6" in text


async def test_the_same_outcome_question_under_ez_is_a_dragon_7() -> None:
    app = make_app({}, (Step.OUTCOME,), BUNDLED_HOUSES["ez"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b", "enter")
        assert "the answer is Dragon 7" in feedback(app)
