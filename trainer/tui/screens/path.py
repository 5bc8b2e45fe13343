"""The trainee's path as a picture: the path in a few lines, then mastery per
module and each skill's accuracy and speed over its latest days (``widgets.path``).  Read by
a ``load`` function in a worker thread, so a long history never freezes the trainer."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from trainer.i18n import N_, _
from trainer.tui.widgets.path import path_text, picture
from trainer.tui.widgets.spoken_footer import SpokenFooter

if TYPE_CHECKING:
    from trainer.history.mastery import PathPicture

LEGEND = N_(
    "✓ mastered  ↓ slipping  ● learning / in progress  ○ not started / not yet open.  "
    "right/day: a full cell is every answer right; time/day: lower is faster; green meets "
    "the skill's mark, red does not."
)


class PathScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "back", N_("Back"))]
    DEFAULT_CSS = """
    PathScreen #path-head { padding: 0 1; background: $primary; }
    PathScreen #path-body { padding: 0 1; }
    PathScreen #path-legend { color: $text-muted; margin-top: 1; }
    """

    def __init__(
        self, load: Callable[[], PathPicture | None], trainee: str, titles: Mapping[str, str]
    ) -> None:
        super().__init__()
        self.load = load
        self.trainee = trainee
        self.titles = titles
        self.shown: Group | None = None

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble((_("Path"), "bold"), f" · {self.trainee}"), id="path-head")
        with VerticalScroll(id="path-body"):
            yield Static(_("Loading…"), id="path-picture")
            yield Static(_(LEGEND), id="path-legend", markup=False)
        yield SpokenFooter()

    def on_mount(self) -> None:
        self.load_picture()

    @work(thread=True, exclusive=True)
    def load_picture(self) -> None:
        data = self.load()
        self.app.call_from_thread(self.loaded, data)

    def loaded(self, data: PathPicture | None) -> None:
        if not self.is_attached:
            return  # closed while loading
        if data is None:  # unreadable: already said
            if self.is_current:
                self.app.pop_screen()
            return
        shown = Group(
            Text(data.path.curriculum.name, "italic"),
            path_text(data.path, self.titles, key="", width=self.size.width - 2),
            Text(""),
            picture(data.path, data.days),
        )
        self.shown = shown  # what the picture holds, for a test to read
        self.query_one("#path-picture", Static).update(shown)

    def action_back(self) -> None:
        self.app.pop_screen()
