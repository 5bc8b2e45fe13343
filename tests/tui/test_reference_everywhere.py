"""`?` opens the rules reference from every screen that shows `? Rules`: from inside an
amount box (a payout, a commission, a collection fee, a table's payout and commission; the
`?` is never typed into the box), from the spot drills and the violations drill; and the
reference shows the house's own rules the drill needs.

The house rules expected below are read by hand from the bundled houses (docs/houses.md):
the card room's rack card (up to 20 pays 0.50, up to 100 pays 1, up to 300 pays 2, above
that 3), the commission house's 5 % rounded up to the next quarter, the EZ house refusing
a past-posted bet and the card room calling the floor on one.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.widgets import Input, Static

from tests.support.bundled import BUNDLED_IDS
from tests.support.coups import NATURAL, FakeClock, FakeNow, coup, dealer, drill
from tests.support.screens import SpotApp, text
from tests.support.table_app import COMMISSION_SEATS, table, table_app
from trainer.drills.catalogue import DrillEntry, load_drill
from trainer.drills.model import Drill, Mode, Step
from trainer.engine import Bet
from trainer.engine.house import BUNDLED_HOUSES, COMMISSION_HOUSE, House
from trainer.session.table.values import Phase
from trainer.tui.app import TrainerApp
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.reference import ReferenceScreen
from trainer.tui.screens.spot import SpotScreen
from trainer.tui.screens.table import TableScreen

SIZE = (80, 24)
CARDROOM = BUNDLED_HOUSES["cardroom"]
# Player K 6 = 6 stands; Banker 3 2 draws a 2: three-card 7 over 6, a Banker win.
BANKER_7 = "Kh 3s 6d 2c 2h"


def coup_app(
    wagers: dict[Bet, str], steps: tuple[Step, ...], house: House, cards: str = BANKER_7
) -> TrainerApp:
    d = replace(drill(steps), house=house)
    return TrainerApp(
        choices=lambda: [DrillEntry.of(d)],
        start=d,
        trainee="Alex",
        seed=1,
        deal=dealer([coup(cards, wagers)]),
        clock=FakeClock(),
        now=FakeNow(),
    )


def bundled_app(ident: str, mode: Mode | None = None) -> TrainerApp:
    d: Drill = load_drill(ident)
    if mode is not None:
        d = replace(d, mode=mode)
    return TrainerApp(
        choices=lambda: [DrillEntry.of(d)],
        start=d,
        trainee="Alex",
        seed=1,
        clock=FakeClock(),
        now=FakeNow(),
    )


def house_rules(app: TrainerApp) -> str:
    assert isinstance(app.screen, ReferenceScreen)
    return str(app.screen.query_one("#house-rules", Static).render())


async def question_mark_in_the_box(pilot, app: TrainerApp) -> Input:
    """`?` in the focused amount box: the reference opens, the box is left as it was."""
    screen = app.screen
    assert isinstance(screen, DrillScreen)
    box = screen.query_one("#amount", Input)
    assert box.has_focus
    before = box.value
    await pilot.press("question_mark")
    assert isinstance(app.screen, ReferenceScreen)
    await pilot.press("escape")
    assert app.screen is screen and box.value == before and "?" not in box.value
    return box


async def test_question_mark_in_the_payout_box() -> None:
    app = coup_app({Bet.PLAYER: "20"}, (Step.PAYOUT,), BUNDLED_HOUSES["ez"], NATURAL)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w", "2")
        box = await question_mark_in_the_box(pilot, app)
        assert box.value == "2"
        await pilot.press("0", "enter")  # a Player natural 9: the Player 20 pays 20 (1 to 1)
        assert str(app.screen.query_one("#feedback-text", Static).render()).startswith("✓")
        assert app.screen.session.reference_opened == 1


async def test_question_mark_in_the_commission_box_shows_the_rounding() -> None:
    app = coup_app({Bet.BANKER: "137"}, (Step.COMMISSION,), COMMISSION_HOUSE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        rules = house_rules(app)
        assert "5 %" in rules and "up to the next quarter" in rules
        await pilot.press("escape")
        await question_mark_in_the_box(pilot, app)
        await pilot.press("7", "enter")  # 5 % of 137 = 6.85, up to the next quarter: 7
        assert str(app.screen.query_one("#feedback-text", Static).render()).startswith("✓")


async def test_question_mark_in_the_fee_box_shows_the_fee_schedule() -> None:
    app = coup_app({Bet.PLAYER: "35", Bet.BANKER: "35"}, (Step.FEE,), CARDROOM)
    async with app.run_test(size=SIZE) as pilot:
        await question_mark_in_the_box(pilot, app)
        await pilot.press("question_mark")
        rules = house_rules(app)
        for step in ("up to 20 pays 0.50", "up to 100 pays 1", "up to 300 pays 2", "3"):
            assert step in rules
        await pilot.press("escape", "1", "enter")  # a wager of 35: 1
        assert str(app.screen.query_one("#feedback-text", Static).render()).startswith("✓")


async def test_question_mark_while_paying_and_collecting_at_the_table() -> None:
    app = table_app(tables=[table(seats=COMMISSION_SEATS)], house=COMMISSION_HOUSE)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("b", "enter", "a", "1", "question_mark")
        assert isinstance(app.screen, ReferenceScreen)
        assert "up to the next quarter" in house_rules(app)
        await pilot.press("escape", "9", "enter")  # 20 less 1: 19, as typed around the `?`
        assert text(app, "#table-feedback").startswith("✓ Right")
        assert screen.session.table.phase is Phase.COMMISSION
        await pilot.press("question_mark")
        assert isinstance(app.screen, ReferenceScreen)
        await pilot.press("escape", "1", "enter")  # 5 % of 20 is 1
        assert text(app, "#table-feedback").startswith("✓ Right")
        assert screen.session.reference_opened == 2


async def test_question_mark_in_the_spot_drill_shows_the_violations() -> None:
    app = SpotApp(choices=list, trainee="Alex", clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, SpotScreen)
        await pilot.press("question_mark")
        rules = house_rules(app)
        # the EZ house refuses a past-posted bet; its limits are on the reference too
        assert "a bet placed after the first card (past posting): refuse the bet" in rules
        assert "Table limits:" in rules
        await pilot.press("escape")
        assert app.screen is screen and screen.session.reference_opened == 1


async def test_the_spot_drill_refuses_the_reference_in_an_exam() -> None:
    app = bundled_app("spot-the-error", Mode.EXAM)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, SpotScreen)
        await pilot.press("question_mark")
        assert isinstance(app.screen, SpotScreen)
        assert app.screen.session.reference_opened == 0


async def test_question_mark_in_the_table_spot_drill() -> None:
    app = bundled_app("spot-the-error-table")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, SpotScreen)
        await pilot.press("question_mark")
        assert "refuse the bet" in house_rules(app)


async def test_question_mark_in_the_violations_drill() -> None:
    app = bundled_app("violations")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, DrillScreen)
        await pilot.press("question_mark")
        rules = house_rules(app)
        assert "a bet placed after the first card (past posting): refuse the bet" in rules
        assert "cash on the layout" in rules


async def test_the_card_room_calls_the_floor_on_a_past_posted_bet() -> None:
    d = replace(load_drill("violations"), house=CARDROOM)
    app = TrainerApp(
        choices=lambda: [DrillEntry.of(d)],
        start=d,
        trainee="Alex",
        seed=1,
        clock=FakeClock(),
        now=FakeNow(),
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        rules = house_rules(app)
        assert "a bet placed after the first card (past posting): call the floor" in rules
        assert "Table limits: 5-500" in rules


async def test_a_plain_ez_payout_drill_shows_no_house_section() -> None:
    app = coup_app({Bet.BANKER: "20"}, (Step.PAYOUT,), BUNDLED_HOUSES["ez"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, ReferenceScreen)
        assert not app.screen.query("#house-rules")


@pytest.mark.parametrize("ident", BUNDLED_IDS)
async def test_question_mark_on_every_bundled_drill(ident: str) -> None:
    """Every bundled drill's first screen: `?` opens the reference in practice, and an exam
    refuses it (nothing opened, nothing counted)."""
    drill = load_drill(ident)
    app = bundled_app(ident)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, (DrillScreen, SpotScreen, TableScreen))
        await pilot.press("question_mark")
        await pilot.pause()
        if drill.mode is Mode.EXAM:
            assert app.screen is screen and screen.session.reference_opened == 0
        else:
            assert isinstance(app.screen, ReferenceScreen)
            await pilot.press("escape")
            assert app.screen is screen and screen.session.reference_opened == 1


async def test_the_spot_drill_names_each_remedy_the_house_confirms() -> None:
    # The EZ house confirms the catalogue's remedy for a card exposed (docs/houses.md):
    # the card plays, dealt to the hand it was due to; the reference says the remedy itself
    app = SpotApp(choices=list, trainee="Alex", clock=FakeClock(), now=FakeNow())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        rules = house_rules(app)
        assert "card exposed: The card plays: deal it to the hand it was due to" in rules
        assert "confirmed" not in rules
