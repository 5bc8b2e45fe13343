"""The trainee's path on home, laid out again at each width: its modules break between two
names, never inside one ("Protecting the / game"). The drawing (``path_text``) is read only
once a path is shown, so a home with no history loads none of it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widget import Widget

if TYPE_CHECKING:
    from trainer.history.mastery import PathProgress


class PathView(Widget):
    """The path in a few lines, as ``trainer.tui.widgets.path.path_text`` draws it."""

    DEFAULT_CSS = "PathView { height: auto; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.path: PathProgress | None = None
        self.titles: Mapping[str, str] = {}

    def show(self, path: PathProgress, titles: Mapping[str, str]) -> None:
        self.path, self.titles = path, titles
        self.refresh(layout=True)

    def render(self) -> Text:
        if self.path is None:
            return Text()
        from trainer.tui.widgets.path import path_text

        return path_text(self.path, self.titles, width=self.size.width or None)
