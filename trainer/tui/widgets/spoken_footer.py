"""Textual's Footer with each key's words in the language spoken: a binding's description is
its English (marked with ``N_`` where it is declared), put in the language when shown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer

from trainer.i18n import _


class SpokenFooter(Footer):
    """The keys of the screen, their words translated (Footer's layout and clicks as they
    are: each of its keys keeps its words in ``description``)."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            description = getattr(widget, "description", None)
            if isinstance(description, str) and description:
                widget.description = _(description)  # type: ignore[attr-defined]
            yield widget
