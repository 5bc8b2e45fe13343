"""Accuracy tables for the progress screen, the Banker tableau grid among them.

A cell says how well a skill is known as a percentage, with a mark that does not need colour:
"!" in front of a weak one (under WEAK_BELOW right), "·" where nothing was answered yet.
Colours only add to that; they come from the theme through component classes, so every
standard theme works.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text

from trainer.history.progress import BANKER_TOTALS, THIRD_CARDS, TableauGrid
from trainer.history.tally import Tally, is_weak
from trainer.i18n import _
from trainer.session import scoring
from trainer.tui.widgets.pagetable import PageTable

if TYPE_CHECKING:
    from rich.console import JustifyMethod

NO_DATA = "·"
WEAK_MARK = "!"


def percent(t: Tally) -> int | None:
    """Whole percent right by the one rule (trainer.session.scoring: truncated)."""
    return scoring.percent(t.correct, t.answered)


def accuracy_label(t: Tally) -> str:
    """'83%', '!50%' (weak) or '·' (not answered): what a cell shows, colour aside."""
    pct = percent(t)
    if pct is None:
        return NO_DATA
    return f"{WEAK_MARK if is_weak(t) else ''}{pct}%"


def right_label(t: Tally) -> str:
    return f"{t.correct}/{t.answered}" if t.answered else NO_DATA


def seconds_label(seconds: float | None) -> str:
    return NO_DATA if seconds is None else _("{seconds}s").format(seconds=f"{seconds:.1f}")


class AccuracyTable(PageTable):
    """A DataTable whose accuracy cells are marked and coloured from the theme."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *PageTable.COMPONENT_CLASSES,
        "accuracy--weak",
        "accuracy--good",
        "accuracy--none",
    }

    DEFAULT_CSS = """
    AccuracyTable > .accuracy--weak {
        color: $text-error;
        text-style: bold;
    }
    AccuracyTable > .accuracy--good {
        color: $text-success;
    }
    AccuracyTable > .accuracy--none {
        color: $text-muted;
    }
    """

    #: The widest a skill's name is shown; a longer one wraps onto more lines of its row, so
    #: the Right, Accuracy and Avg time columns stay on an 80-column screen.
    NAME_WIDTH: ClassVar[int] = 40

    def skill_columns(self, heading: str, names: list[str]) -> None:
        """The columns of a table of skills: the name (as wide as the longest, at most
        NAME_WIDTH), then Right, Accuracy and Avg time."""
        width = min(max(cell_len(n) for n in [heading, *names]), self.NAME_WIDTH)
        self.add_column(heading, width=width)
        self.add_columns(_("Right"), _("Accuracy"), _("Avg time"))

    def skill_row(self, name: str, t: Tally, key: str) -> None:
        """One skill's row; a name wider than its column wraps (the row grows)."""
        self.add_row(
            Text(name),
            Text(right_label(t), justify="right"),
            self.accuracy_cell(t),
            Text(seconds_label(t.avg_seconds), justify="right"),
            key=key,
            height=None if cell_len(name) > self.NAME_WIDTH else 1,
        )

    def accuracy_cell(self, t: Tally, justify: JustifyMethod = "right") -> Text:
        if not t.answered:
            kind = "accuracy--none"
        elif is_weak(t):
            kind = "accuracy--weak"
        else:
            kind = "accuracy--good"
        style = self.get_component_rich_style(kind, partial=True)
        return Text(accuracy_label(t), style, justify=justify)


class TableauTable(AccuracyTable):
    """Banker two-card total (rows 0-7) × the Player's third card 0-9, then "stood"."""

    DEFAULT_CSS = """
    TableauTable {
        width: auto;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="cell", zebra_stripes=True)

    def show(self, grid: TableauGrid) -> None:
        self.clear(columns=True)
        self.show_row_labels = True
        for third in THIRD_CARDS:
            key = "stood" if third is None else str(third)
            label = _("stood") if third is None else key
            self.add_column(Text(label, justify="right"), key=key, width=max(cell_len(label), 4))
        for total, tallies in grid.rows:
            self.add_row(
                *(self.accuracy_cell(t) for t in tallies),
                key=str(total),
                label=Text(f"B{total}", "bold"),
            )

    def cell_at(self, row: int, column: int) -> tuple[int, int | None] | None:
        """The (Banker total, Player's third card or None) under a cursor position."""
        if 0 <= row < len(BANKER_TOTALS) and 0 <= column < len(THIRD_CARDS):
            return BANKER_TOTALS[row], THIRD_CARDS[column]
        return None
