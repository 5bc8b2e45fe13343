"""A table that fits the width it is given: a long cell wraps inside its column, so no column
is ever pushed off screen or cut.

Results tables list what the trainee said beside the right answer; a DataTable sizes each
column to its longest cell and has the screen cut whatever does not fit (a table's take,
"take seat 3 Player 50, seat 3 Panda 8 5, seat 6 Banker 40", pushed "Right answer" off an
80-, 120- and 300-column screen).  Here the table is as wide as its cells while they fit;
when they do not, the narrow columns (numbers, times) keep their width and the text
columns share what is left, each row as tall as its tallest cell.  The table is laid out
again at every width, so a resize reflows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget


@dataclass(frozen=True, slots=True)
class Col:
    """A column as wide as its widest cell while the table fits; when it does not, a
    ``wrap`` column gives up width and wraps its cells (the others never wrap)."""

    label: str
    wrap: bool = False
    justify: str = "left"


class FitTable(Widget):
    """Rows of cells under a bold header, every other row shaded (the theme's colours), as
    tall as its rows: the page around it scrolls, as a ``PageTable`` does."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"fittable--header", "fittable--even-row"}
    DEFAULT_CSS = """
    FitTable {
        height: auto;
    }
    FitTable > .fittable--header {
        text-style: bold;
        background: $panel;
    }
    FitTable > .fittable--even-row {
        background: $surface-lighten-1;
    }
    """

    def __init__(self, *columns: Col, id: str | None = None) -> None:
        super().__init__(id=id)
        self.columns = columns
        self.rows: list[tuple[str | Text, ...]] = []
        #: The table laid out at one width, kept until the rows, the width or the theme
        #: change: scrolling the page repaints, and laying out a long run's table again
        #: at each PageDown cost a fifth of a second at 120 rows.
        self._lines: list[Strip] = []
        self._lines_for: tuple[object, ...] | None = None

    def add_row(self, *cells: str | Text) -> None:
        if len(cells) != len(self.columns):
            raise ValueError(f"{len(cells)} cells for {len(self.columns)} columns")
        self.rows.append(cells)
        self._lines_for = None
        self.refresh(layout=True)

    def plain_rows(self) -> list[tuple[str, ...]]:
        """Each row's cells as plain text (what tests read)."""
        return [tuple(str(c) for c in row) for row in self.rows]

    def shown(self) -> list[str]:
        """The lines as the screen shows them at the table's width."""
        return [strip.text for strip in self.lines(self.size.width)]

    def table(self, header: Style, even: Style) -> Table:
        table = Table(
            box=None,
            padding=(0, 1),
            expand=False,  # as wide as its cells; wrapped only when the width runs out
            header_style=header,
            row_styles=["", even],
        )
        for col in self.columns:
            table.add_column(
                col.label,
                justify="right" if col.justify == "right" else "left",
                no_wrap=not col.wrap,
                overflow="fold",
            )
        for row in self.rows:
            table.add_row(*row)
        return table

    def lines(self, width: int) -> list[Strip]:
        """The table laid out at ``width``, one strip a line (cached)."""
        header = self.get_component_rich_style("fittable--header")
        even = self.get_component_rich_style("fittable--even-row")
        base = self.rich_style  # the widget's own colours under the cells'
        key = (width, base, header, even, len(self.rows))
        if key != self._lines_for:
            console = self.app.console
            options = console.options.update(width=max(width, 1), height=None)
            rendered = console.render_lines(self.table(header, even), options, pad=False)
            self._lines = [Strip(line).apply_style(base).simplify() for line in rendered]
            self._lines_for = key
        return self._lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render_line(self, y: int) -> Strip:
        lines = self.lines(self.size.width)
        return lines[y] if y < len(lines) else Strip.blank(0)
