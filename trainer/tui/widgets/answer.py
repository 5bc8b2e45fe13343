"""The rows of a drill screen that change between a question and its feedback, in one
container, so a graded answer re-places only them.

Textual paints widgets in an order counted over every widget placed on the screen: hiding
the choices and showing the feedback would renumber every widget above them (the header,
the hands, the prompt), and the compositor would draw all of them again.  In one container
the screen keeps as many widgets, and only this container's rows are drawn again.
"""

from __future__ import annotations

from textual.containers import Vertical
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Static


class Unscrolled:
    """A widget that never scrolls: its virtual size is its size, set in the layout that
    sized it.  Textual lays the screen out a second time when a widget's virtual size
    changes (a scrolled widget's scrollbars may come or go); nothing here needs it, and
    the feedback panel's first showing, or a column's new height, costs one layout, not
    two."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


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
