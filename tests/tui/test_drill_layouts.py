"""A key on the drill screen lays the screen out again only when something on it takes
other room: picking a choice only repaints (the choice marked, the status line, the key
bar); the graded answer, which shows the feedback panel, is laid out."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from tests.support.coups import DRAGON, coup, dealer, drill
from trainer.drills.model import Step
from trainer.tui.app import TrainerApp
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.widgets.livetext import show_text


async def test_choosing_repaints_without_a_layout(monkeypatch) -> None:
    layouts: list[bool] = []
    original = Screen._refresh_layout

    def counted(self: Screen[object], size: object = None, scroll: bool = False) -> None:
        layouts.append(scroll and not self._layout_widgets)
        original(self, size, scroll)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    app = TrainerApp(
        choices=lambda: [],
        start=drill((Step.PLAYER_DRAWS,)),
        trainee="Test",
        deal=dealer([coup(DRAGON), coup(DRAGON)]),
    )
    async with app.run_test(size=(142, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        layouts.clear()
        await pilot.press("s")  # Player K+6 = 6 stands
        await pilot.pause()
        assert "Your answer: Stands" in str(screen.query_one("#status").render())
        assert [scroll for scroll in layouts if not scroll] == []
        await pilot.press("enter")  # graded: the feedback panel appears
        await pilot.pause()
        assert screen.query_one("#feedback").display
        assert [scroll for scroll in layouts if not scroll] != []


async def test_show_text_lays_out_when_the_room_changes() -> None:
    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("one line", id="fill")
            yield Static("auto", id="auto")

        def on_mount(self) -> None:
            self.query_one("#auto").styles.width = "auto"

    app = Bare()
    async with app.run_test(size=(20, 10)) as pilot:
        fill, auto = app.query_one("#fill", Static), app.query_one("#auto", Static)
        await pilot.pause()
        show_text(fill, Text("a longer line"))  # 13 of 20 columns: one line still
        assert not fill._layout_required
        show_text(fill, Text("a line far too long for twenty"))  # 30 columns: two lines
        assert fill._layout_required
        await pilot.pause()
        assert fill.size.height == 2
        show_text(auto, Text("wide"))  # as wide as "auto": the same room
        assert not auto._layout_required
        show_text(auto, Text("wider"))  # one column more
        assert auto._layout_required
        await pilot.pause()
        assert auto.size.width == 5
