"""The table screen under a house with dead chips (ez-rolling): a bet with dead chips is
marked * on the felt, the amount step says how much of it is dead, and the rolling
commission is asked as the last step.

Worked by hand: NATURAL (9h 2c Ks 3d), Player 9 over Banker 5.  Seat 2 Banker 1,000 with
600 dead loses: 600 x 1.2 % = 7.20.  Seat 4 Player 500, live, wins 500.
"""

from __future__ import annotations

from dataclasses import replace

from tests.support.coups import NATURAL
from tests.support.screens import text
from tests.support.table_app import table_app
from trainer.drills.model import DealtTable
from trainer.engine import Bet
from trainer.engine.cards import parse_cards
from trainer.engine.coup import Coup
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.table import Layout
from trainer.session.table.values import Phase
from trainer.tui.screens.table import TableScreen
from trainer.tui.widgets.felt import SeatView

SIZE = (80, 24)
ROLLING = BUNDLED_HOUSES["ez-rolling"]


def _app():
    layout = Layout.of({2: {Bet.BANKER: 1000}, 4: {Bet.PLAYER: 500}}, dead={2: {Bet.BANKER: 600}})
    dealt = DealtTable(Coup.from_cards(parse_cards(NATURAL)), layout)
    return table_app(tables=[dealt], house=ROLLING)


def _seat(app, number: int) -> str:
    return app.screen.query_one(f"#seat-{number}", SeatView).render().plain


async def test_dead_chips_on_the_felt_and_the_rolling_commission_asked() -> None:
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert _seat(app, 2).startswith("a B*") and "1,000" in _seat(app, 2)
        assert _seat(app, 4).startswith("b P ")  # all live: no mark
        await pilot.press("a", "enter")  # take seat 2's Banker
        await pilot.press("b")
        assert "seat 4 Player 500" in text(app, "#step")
        await pilot.press(*"500", "enter")
        s = screen.session
        assert s.table.phase is Phase.COMMISSION
        assert "Rolling commission on seat 2 Banker 1,000 (600 in dead chips)" in text(app, "#step")
        await pilot.press(*"7.20", "enter")
        assert text(app, "#table-feedback").startswith("✓")
        assert s.table.done


async def test_a_house_without_dead_chips_shows_no_mark() -> None:
    layout = Layout.of({2: {Bet.BANKER: 1000}, 4: {Bet.PLAYER: 500}})
    dealt = DealtTable(Coup.from_cards(parse_cards(NATURAL)), layout)
    app = table_app(tables=[dealt], house=replace(ROLLING, dead_chips=None))
    async with app.run_test(size=SIZE):
        assert _seat(app, 2).startswith("a B ")


async def test_the_new_words_are_in_each_language() -> None:
    from trainer.i18n import set_language

    words = {
        "zh_Hant": ("泥碼", "洗碼佣金"),
        "zh_Hans": ("泥码", "洗码佣金"),
        "vi": ("chip chết", "Hoa hồng rolling"),
        "ko": ("데드칩", "롤링 커미션"),
    }
    try:
        for language, (dead, rolling) in words.items():
            set_language(language)
            app = _app()
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.press("a", "enter", "b", *"500", "enter")
                step = text(app, "#step")
                assert dead in step and rolling in step, (language, step)
    finally:
        set_language("en")
