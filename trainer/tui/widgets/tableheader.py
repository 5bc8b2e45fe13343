"""The table drill's header line: the drill's title, then where the run stands (the table,
the mode, the score, the clock, the target).

``TableHeader.status`` is set by the screen (attributes down); the header says as much of it
as its one line (a ``LiveText``) has room for: where it is short, the target goes, then the
mode (the home list and the results say both); a title still too long is cut with "…"
(table.tcss).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal

from trainer.i18n import N_, _
from trainer.session.table.session import TableSession
from trainer.tui.widgets.answer import UnscrolledStatic
from trainer.tui.widgets.livetext import LiveText


def seconds_text(seconds: float) -> str:
    return _("{seconds}s").format(seconds=f"{seconds:4.1f}")


#: A drill's mode, as the header says it.
_MODES = {"practice": N_("practice"), "exam": N_("exam")}


@dataclass(frozen=True, slots=True)
class TableStatus:
    """The header's status in its pieces, each with its " · " where it has one."""

    table: str  # "Table 2/5" ("Table 2" for a shoe: its length would give the cut card away)
    mode: str = ""
    score: str = ""
    clock: str = ""
    target: str = ""

    @classmethod
    def of(cls, session: TableSession) -> TableStatus:
        """Where ``session`` stands now."""
        s = session
        number = min(s.index + 1, s.total)
        # a shoe's length would give the cut card away: the shoe line says where it stands
        of = "" if s.shoe is not None else f"/{s.total}"
        left = s.remaining()
        clock = (
            " · ⏱ " + _("{seconds}s left").format(seconds=f"{max(left, 0.0):4.1f}")
            if left is not None and not s.table.done
            else f" · {seconds_text(s.elapsed())}"
        )
        return cls(
            table=_("Table {number}").format(number=f"{number}{of}"),
            mode=f" · {_(_MODES.get(s.drill.mode.value, s.drill.mode.value))}",
            score=""
            if s.exam
            else " · " + _("score {right}/{graded}").format(right=s.right, graded=s.graded),
            clock=clock,
            target=""
            if s.target_seconds is None
            else " " + _("(target {seconds}s)").format(seconds=f"{s.target_seconds:g}"),
        )

    def fitted(self, room: int) -> str:
        """The longest form that fits in ``room`` columns (the shortest when none does)."""
        for status in (
            self.table + self.mode + self.score + self.clock + self.target,
            self.table + self.mode + self.score + self.clock,
            self.table + self.score + self.clock,
        ):
            if cell_len(status) <= room:
                break
        return status


class TableHeader(Horizontal):
    """The title (``#table-title``) and the status (``#table-status``) on one line."""

    def __init__(self, heading: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.heading = heading
        self._status: TableStatus | None = None
        self._line = LiveText(id="table-status")

    def compose(self) -> ComposeResult:
        # never scrolled: a status one digit wider re-sizes it in the same layout
        yield UnscrolledStatic(Text(self.heading, "bold"), id="table-title")
        yield self._line

    @property
    def status(self) -> TableStatus | None:
        """Where the run stands, fitted again each time it is set: the room can change with
        the terminal while the status stays (the line redraws only when its text changes)."""
        return self._status

    @status.setter
    def status(self, status: TableStatus) -> None:
        self._status = status
        width = self.screen.size.width
        room = width - 4 - cell_len(self.heading) if width else 1_000
        self._line.text = Text(status.fitted(room))
