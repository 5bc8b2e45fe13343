"""The rows of a drill screen that change between a question and its feedback, in one
container, so a graded answer re-places only them.

Textual paints widgets in an order counted over every widget placed on the screen: hiding
the choices and showing the feedback would renumber every widget above them (the header,
the hands, the prompt), and the compositor would draw all of them again.  In one container
the screen keeps as many widgets, and only this container's rows are drawn again.
"""

from __future__ import annotations

from textual.containers import Vertical
from textual.widgets import Static

from trainer.tui.widgets.livetext import Unscrolled


class AnswerArea(Unscrolled, Vertical):
    """A column as tall as what it shows, never scrolled."""

    DEFAULT_CSS = """
    AnswerArea {
        height: auto;
        overflow: hidden hidden;
    }
    """


class UnscrolledStatic(Unscrolled, Static):
    """A Static that never scrolls (the feedback's text, the header's title and status: a
    new score one digit wider re-sizes both in one layout, not two)."""
