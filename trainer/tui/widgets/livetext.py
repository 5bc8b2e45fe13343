"""A line of text its screen sets (attributes down): ``LiveText.text``.

The widget keeps what it shows and repaints only when that changes: setting the same text
again costs nothing, and text that takes the same room (``show_text``: the same width and
lines) is repainted without laying the screen out again (a clock's tick, a digit typed).
A layout costs more than the rest of a keypress.

``text`` is a plain property rather than a Textual reactive: the table screen sets each of
its lines after every key, and a reactive's machinery (validators, watchers and computes
looked up at each set, the watcher called in a context) costs more than the comparison it
guards.
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Static


def _shown(text: Text) -> tuple[object, ...]:
    """What a text looks like: its characters, its spans and its own style (Rich's own
    equality leaves the style out)."""
    return (text.plain, tuple(text.spans), str(text.style))


class Unscrolled:
    """A widget that never scrolls: its virtual size is its size, set in the layout that
    sized it.  Textual lays the screen out a second time when a widget's virtual size
    changes (a scrolled widget's scrollbars may come or go); nothing here needs it, and
    the feedback panel's first showing, or a column's new height, costs one layout, not
    two."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class LiveText(Unscrolled, Static):
    """A Static whose text is set as an attribute, redrawn only when it changes."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._text = Text()
        self._drawn: tuple[object, ...] | None = None

    @property
    def text(self) -> Text:
        """The text shown."""
        return self._text

    @text.setter
    def text(self, text: Text) -> None:
        shown = _shown(text)
        if self._drawn == shown:
            return
        self._text, self._drawn = text, shown
        show_text(self, text)


def show_text(widget: Static, text: Text) -> None:
    """Show ``text`` in ``widget``, laying the screen out again only when it takes other
    room than what it replaces (another width, or another number of lines at its width):
    otherwise it is repainted where it is, and the screen looks exactly as a layout would
    have left it.  A layout of a whole drill screen costs more than the rest of a key."""
    size = widget.content_size
    if not size or not widget.display or widget.parent is None:
        widget.update(text)  # not laid out yet, or hidden: nothing to compare with
        return
    parent = widget.parent
    container = parent.content_size if isinstance(parent, Widget) else widget.app.size
    viewport = widget.app.size
    before = _room(widget, container, viewport, size.width)
    widget.update(text, layout=False)
    if _room(widget, container, viewport, size.width) != before:
        widget.refresh(layout=True)


def _room(widget: Widget, container: Size, viewport: Size, width: int) -> tuple[int, int]:
    """The width ``widget``'s content asks for (when its width is its content's), and its
    height at ``width``."""
    styled = widget.styles.width
    wanted = widget.get_content_width(container, viewport) if styled and styled.is_auto else 0
    return wanted, widget.get_content_height(container, viewport, width)
