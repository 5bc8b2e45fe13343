"""Textual's Footer with each key's words in the language spoken: a binding's description
is its English message (marked ``N_``), translated here where it is shown, as the key bar
(``KeyBar``) does."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer

from trainer.i18n import _


class SpokenFooter(Footer):
    """The footer of the keys, each described in the language spoken."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            description = getattr(widget, "description", None)
            if isinstance(description, str) and description:
                widget.description = _(description)  # type: ignore[attr-defined]
            yield widget
