"""A key on the drill screen lays the screen out again only when something on it takes
other room: picking a choice only repaints (the choice marked, the status line, the key
bar); the graded answer, which shows the feedback panel, is laid out once, and so is the
next question (their rows take other places: Textual has no other way to move them), and
only the rows that changed are placed and drawn again."""

from __future__ import annotations

from rich.text import Text
from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import Static

from tests.support.coups import DRAGON, coup, dealer, drill
from tests.support.layouts import count_layouts
from trainer.drills.model import Step
from trainer.tui.app import TrainerApp
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.widgets.hands import HandView
from trainer.tui.widgets.livetext import show_text
from trainer.tui.widgets.stepfeedback import FeedbackPanel, FeedbackScroll, Said


async def test_choosing_repaints_without_a_layout(monkeypatch) -> None:
    layouts = count_layouts(monkeypatch)
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
        assert layouts == []  # no whole-screen layout
        await pilot.press("enter")  # graded: the feedback panel appears
        await pilot.pause()
        assert screen.query_one("#feedback").display
        assert layouts != []


async def test_a_graded_answer_and_the_next_question_lay_out_once_and_only_their_rows(
    monkeypatch,
) -> None:
    """Two questions, the first included (its feedback panel shown for the first time):
    each graded answer and each next question is one layout, not two; what it places
    anew is only the answer's rows (the choices, the confirm row, the status, the feedback
    panel), never the header, the hands or the prompt above them; and the hand the answer
    does not change is not drawn again."""
    layouts = count_layouts(monkeypatch)
    placed: list[set[Widget]] = []
    drawn: list[str] = []
    original_reflow = Compositor.reflow
    original_render = HandView.render

    def reflow(self: Compositor, parent: Widget, size: object) -> object:
        before = dict(self._full_map)
        result = original_reflow(self, parent, size)  # type: ignore[arg-type]
        after = self._full_map
        placed.append({w for w in before.keys() | after.keys() if before.get(w) != after.get(w)})
        return result

    def render(self: HandView) -> object:
        drawn.append(str(self.id))
        return original_render(self)

    monkeypatch.setattr(Compositor, "reflow", reflow)
    monkeypatch.setattr(HandView, "render", render)
    app = TrainerApp(
        choices=lambda: [],
        start=drill((Step.PLAYER_DRAWS,)),
        trainee="Test",
        deal=dealer([coup(DRAGON), coup(DRAGON), coup(DRAGON)]),
    )
    async with app.run_test(size=(142, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        answer = screen.query_one("#answer")
        above = [screen.query_one(f"#{name}") for name in ("drill-title", "hands", "prompt")]
        for question in (1, 2):
            await pilot.press("s")  # Player K+6 = 6 stands
            await pilot.pause()
            for seen in (layouts, placed, drawn):
                seen.clear()
            await pilot.press("enter")  # graded: the feedback panel replaces the choices
            await pilot.pause()
            assert screen.query_one("#feedback").display, question
            assert "Right" in str(screen.query_one("#feedback-text").render())
            assert len(layouts) == 1, (question, "graded")
            moved = set().union(*placed)
            assert answer in moved, question
            assert all(w is answer or answer in w.ancestors for w in moved), moved
            assert not any(w in moved for w in above), question
            # the Player's total shown; the Banker's two cards as they were: not redrawn
            assert "banker-hand" not in drawn and "player-hand" in drawn, drawn
            layouts.clear()
            placed.clear()
            await pilot.press("enter")  # the next question: the choices again
            await pilot.pause()
            assert not screen.query_one("#feedback").display, question
            assert len(layouts) == 1, (question, "next")
            moved = set().union(*placed)
            assert all(w is answer or answer in w.ancestors for w in moved), moved


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


async def test_the_table_feedback_shown_or_grown_is_one_layout(monkeypatch) -> None:
    """The table screen's feedback, in its scroll of at most 4 lines: shown for the first
    time, then grown by a line, each is one layout (the panel's and the scroll's new size
    set in it), not one more for their new virtual size; past 4 lines the scrollbar comes,
    and that is laid out."""
    layouts = count_layouts(monkeypatch)

    class Bare(App[None]):
        CSS = "#scroll { height: auto; max-height: 4; }  #panel { height: auto; }"

        def compose(self) -> ComposeResult:
            yield Static("above", id="above")
            with FeedbackScroll(id="scroll"):
                yield FeedbackPanel(id="panel")

    app = Bare()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        panel, box = app.query_one(FeedbackPanel), app.query_one(FeedbackScroll)
        layouts.clear()
        panel.said = Said(Text("one"), correct=True)
        await pilot.pause()
        assert panel.display and box.size.height == 1
        assert len(layouts) == 1
        layouts.clear()
        panel.said = Said(Text("one\ntwo"), correct=False)
        await pilot.pause()
        assert box.size.height == 2 and box.virtual_size.height == 2
        assert len(layouts) == 1
        panel.said = Said(Text("\n".join("123456")), correct=False)  # 6 lines in 4
        await pilot.pause()
        assert box.size.height == 4 and box.max_scroll_y == 2
        assert box.show_vertical_scrollbar
