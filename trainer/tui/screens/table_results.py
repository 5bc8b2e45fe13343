"""The results of a table drill: the score, the time of each table against the target and
the trend, the mistakes by kind, each skill, and every answer with its reason (an exam's
only feedback)."""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from trainer.errors import EzbacError
from trainer.paths import user_data_dir
from trainer.session.table import TableSession, TableSummary
from trainer.tui.messages import GoHome
from trainer.tui.screens import stylesheets
from trainer.tui.screens.results import duration, shoe_text
from trainer.tui.widgets.keybar import KeyBar
from trainer.tui.widgets.pagetable import PageTable


def headline(session: TableSession, summary: TableSummary) -> Text:
    head = Text()
    head.append(session.drill.title, "bold")
    head.append(f" · {session.trainee} · {session.drill.mode.value}\n")
    head.append(f"{summary.right} of {summary.total} right ({summary.percent}%)  ")
    head.append(summary.headline, "bold")
    head.append(f" (pass mark {summary.pass_mark}%)\n")
    tables = len(summary.tables)
    head.append(f"{tables} table{'s' if tables != 1 else ''} in {duration(summary.seconds)}: ")
    head.append(summary.trend)
    if summary.time_limit is not None:
        head.append(f" · limit {summary.time_limit:g}s a table")
    return head


class TableResultsScreen(Screen[None]):
    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("results.tcss")
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "home", "Home"),
        Binding("x", "export", "Export procedures"),
        Binding("escape", "home", "Home", show=False),
        Binding("down", "scroll('scroll_down')", show=False),
        Binding("up", "scroll('scroll_up')", show=False),
        Binding("pagedown", "scroll('scroll_page_down')", "Scroll"),
        Binding("pageup", "scroll('scroll_page_up')", show=False),
        Binding("home", "scroll('scroll_home')", show=False),
        Binding("end", "scroll('scroll_end')", show=False),
    ]

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session
        self.summary = session.summary()

    def compose(self) -> ComposeResult:
        summary = self.summary
        verdict = "-passed" if summary.passed else "-failed"
        yield Static(headline(self.session, summary), id="results-head", classes=verdict)
        with VerticalScroll(id="results-body"):
            if summary.shoe is not None:
                yield Static(shoe_text(summary.shoe), id="shoe")
            if summary.mistakes:
                words = ", ".join(f"{kind.label} {n}" for kind, n in summary.mistakes.items())
                yield Static(Text.assemble(("Mistakes: ", "bold"), words), id="mistakes")
            yield Static(Text("Each table", "bold"))
            yield PageTable(id="tables", zebra_stripes=True, cursor_type="none")
            yield Static(Text("By skill", "bold"))
            yield PageTable(id="by-skill", zebra_stripes=True, cursor_type="none")
            yield Static(Text("Each answer", "bold"))
            yield PageTable(id="each", zebra_stripes=True, cursor_type="none")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        target = self.summary.target_seconds
        tables = self.query_one("#tables", DataTable)
        tables.add_columns("#", "Seats", "Right", "Time", "Payouts", "Target")
        for t in self.summary.tables:
            pays = t.payout_seconds
            paid = f"{sum(pays) / len(pays):.1f}s avg, {max(pays):.1f}s max" if pays else "none"
            mark = "" if target is None else ("✓" if t.within_target else "✗")
            time = f"{t.seconds:.1f}s" + (" (ran out)" if t.timed_out else "")
            tables.add_row(
                str(t.number),
                str(t.seats),
                f"{t.right}/{t.total}",
                time,
                paid,
                f"{mark} {target:g}s" if target is not None else "-",
            )
        skills = self.query_one("#by-skill", DataTable)
        skills.add_columns("Skill", "Right", "%")
        for score in self.summary.by_skill:
            mark = "✓" if score.right == score.total else "✗"
            skills.add_row(score.label, f"{mark} {score.right}/{score.total}", f"{score.percent}")
        each = self.query_one("#each", DataTable)
        each.add_columns("Table", "Time", "You", "Right answer")
        rows: list[tuple[int, int, tuple[str, ...]]] = []
        for shoe in self.session.shoe_answers:  # the burn first, "what now?" after its table
            mark = "✓" if shoe.correct else "✗"
            where = "burn" if shoe.table == 0 else f"{shoe.table}: now?"
            rows.append(
                (
                    shoe.table,
                    1,
                    (where, f"{shoe.seconds:.1f}s", f"{mark} {shoe.answer}", shoe.expected),
                )
            )
        for a in self.session.answers:
            mark = "✓" if a.correct else "✗"
            rows.append(
                (a.table, 0, (str(a.table), f"{a.seconds:.1f}s", f"{mark} {a.answer}", a.expected))
            )
        for _, _, row in sorted(rows, key=lambda r: r[:2]):
            each.add_row(*row)
        for table in self.query(DataTable):
            table.can_focus = False
        self.set_focus(None)
        self.query_one("#keys", KeyBar).show_keys(self)

    def action_scroll(self, how: str) -> None:
        getattr(self.query_one("#results-body", VerticalScroll), how)(animate=False)

    def action_home(self) -> None:
        self.post_message(GoHome())

    def action_export(self) -> None:
        """Each table's right procedure in the audit's notation, to a file a supervisor's
        ``ezbac audit --file`` reads."""
        try:
            path = self.session.export_procedures(user_data_dir() / "exports")
        except (OSError, EzbacError) as exc:
            self.notify(f"Export: {exc}", severity="error", timeout=10)
            return
        house = self.session.drill.house.id
        self.notify(
            f"Procedures written to {path} (ezbac audit --house {house} --file {path})",
            timeout=10,
        )
