"""The results of a table drill: the score, the time of each table against the target and
the trend, the mistakes by kind, each skill, and every answer beside the right one; ``m``
steps through the missed tables with the reasons and the table worked right (an exam's only
feedback), ``r`` works them again (a retry: practice)."""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from trainer.errors import EzbacError
from trainer.paths import user_data_dir
from trainer.session.table.results import TableResult, TableSummary
from trainer.session.table.session import TableSession
from trainer.session.table.values import Phase
from trainer.tui.screens import stylesheets
from trainer.tui.screens.results_base import (
    HOME_ON_ESCAPE,
    RESULTS_BINDINGS,
    SCROLL_BINDINGS,
    STEP_BINDINGS,
    MissedBase,
    ResultsBase,
    capital,
    duration,
    shoe_text,
)
from trainer.tui.widgets.fittable import Col, FitTable
from trainer.tui.widgets.hands import HandView
from trainer.tui.widgets.keybar import KeyBar


def headline(session: TableSession, summary: TableSummary) -> Text:
    head = Text()
    head.append(session.drill.title, "bold")
    head.append(f" · {session.trainee} · {session.drill.mode.value}\n")
    head.append(f"{summary.right} of {summary.total} right ({summary.percent}%)  ")
    head.append(summary.headline, "bold")  # a retry says it is practice, never a pass
    head.append("\n" if summary.retry else f" (pass mark {summary.pass_mark}%)\n")
    tables = len(summary.tables)
    head.append(f"{tables} table{'s' if tables != 1 else ''} in {duration(summary.seconds)}: ")
    head.append(summary.trend)
    if summary.time_limit is not None:
        head.append(f" · limit {summary.time_limit:g}s a table")
    head.append(f"\nPace: {summary.pace_line}")
    return head


class TableResultsScreen(ResultsBase):
    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("results.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        *RESULTS_BINDINGS,
        Binding("x", "export", "Export"),
        HOME_ON_ESCAPE,
        *SCROLL_BINDINGS,
    ]

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session
        self.summary = session.summary()

    def compose(self) -> ComposeResult:
        summary = self.summary
        verdict = "" if summary.retry else "-passed" if summary.passed else "-failed"
        yield Static(headline(self.session, summary), id="results-head", classes=verdict)
        with VerticalScroll(id="results-body"):
            if summary.shoe is not None:
                yield Static(shoe_text(summary.shoe), id="shoe")
            if summary.mistakes:
                words = ", ".join(f"{kind.label} {n}" for kind, n in summary.mistakes.items())
                yield Static(Text.assemble(("Mistakes: ", "bold"), words), id="mistakes")
            yield Static(Text("Each table", "bold"))
            yield FitTable(
                Col("#", justify="right"),
                Col("Seats", justify="right"),
                Col("Right"),
                Col("Time", wrap=True),
                Col("Payouts", wrap=True),
                Col("Target"),
                id="tables",
            )
            yield Static(Text("By skill", "bold"))
            yield FitTable(
                Col("Skill", wrap=True),
                Col("Right"),
                Col("%", justify="right"),
                id="by-skill",
            )
            yield Static(Text("Each answer", "bold"))
            yield FitTable(
                Col("Table"),
                Col("Time", justify="right"),
                Col("Asked", wrap=True),
                Col("You", wrap=True),
                Col("Right answer", wrap=True),
                id="each",
            )
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        target = self.summary.target_seconds
        tables = self.query_one("#tables", FitTable)
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
        skills = self.query_one("#by-skill", FitTable)
        for score in self.summary.by_skill:
            mark = "✓" if score.right == score.total else "✗"
            skills.add_row(score.label, f"{mark} {score.right}/{score.total}", f"{score.percent}")
        each = self.query_one("#each", FitTable)
        rows: list[tuple[int, int, tuple[str, ...]]] = []
        for shoe in self.session.shoe_answers:  # the burn first, "what now?" after its table
            mark = "✓" if shoe.correct else "✗"
            where = "-" if shoe.table == 0 else str(shoe.table)
            asked = shoe.question.short if shoe.table == 0 else "what now?"
            cells = (
                where,
                f"{shoe.seconds:.1f}s",
                asked,
                f"{mark} {capital(shoe.answer)}",
                capital(shoe.expected),
            )
            rows.append((shoe.table, 1, cells))
        for a in self.session.answers:
            mark = "✓" if a.correct else "✗"
            cells = (
                str(a.table),
                f"{a.seconds:.1f}s",
                a.asked,
                f"{mark} {capital(a.answer)}",
                capital(a.expected),
            )
            rows.append((a.table, 0, cells))
        for _, _, row in sorted(rows, key=lambda r: r[:2]):
            each.add_row(*row)
        self.set_focus(None)
        self.query_one("#keys", KeyBar).show_keys(self)

    def has_missed(self) -> bool:
        return bool(self.summary.missed)

    def missed_screen(self) -> MissedTableScreen:
        return MissedTableScreen(list(self.summary.missed))

    def retry_run(self) -> TableSession:
        return self.session.retry_missed()

    def action_export(self) -> None:
        """Each table as the trainee worked it and its right procedure, in the audit's
        notation, to a file a supervisor's ``ezbac audit --file`` reads."""
        try:
            path = self.session.export_procedures(user_data_dir() / "exports")
        except (OSError, EzbacError) as exc:
            self.notify(f"Export: {exc}", severity="error", timeout=10)
            return
        house = self.session.drill.house.id
        self.notify(
            f"Your tables and the right procedures written to {path} "
            f"(ezbac audit --house {house} --file {path})",
            timeout=10,
        )


def missed_text(result: TableResult) -> Text:
    """A missed table taught: each answer (✓, or ✗ with the right one, each mistake and
    the rule), then the table worked right in the house's order, then the coup's lesson."""
    text = Text("What you did", "bold")
    for a in result.answers:
        text.append("\n")
        if a.correct:
            text.append(f"✓ {capital(a.asked)}: {a.answer}")
            continue
        text.append(f"✗ {capital(a.asked)}: {a.answer}", "bold")
        text.append(f"\n  Right: {a.expected}")
        for m in a.mistakes:
            text.append(f"\n  · {m.text}")
        if a.phase is not Phase.TAKE:  # the take's reason is the whole procedure, below
            text.append(f"\n  {a.reason}", "italic")
    if result.timed_out:
        text.append("\nTime ran out before the table was done.", "bold")
    text.append("\n\nThe table worked right", "bold")
    for line in result.procedure:
        text.append(f"\n{line}")
    if result.note:
        text.append(f"\n\nLesson: {result.note}")
    return text


class MissedTableScreen(MissedBase[TableResult]):
    """One missed table at a time: the coup, what was done on it against the right answers
    and why, and the whole table worked right (an exam's results teach this way too)."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("drill.tcss", "results.tcss")
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        *STEP_BINDINGS,
        Binding("down", "scroll('scroll_down')", show=False),
        Binding("up", "scroll('scroll_up')", show=False),
        Binding("pagedown", "scroll('scroll_page_down')", "Scroll"),
        Binding("pageup", "scroll('scroll_page_up')", show=False),
        Binding("home", "scroll('scroll_home')", show=False),
        Binding("end", "scroll('scroll_end')", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="missed-header")
        yield Static(id="missed-result")
        with Horizontal(id="hands"):
            yield HandView("Player", id="player-hand")
            yield HandView("Banker", id="banker-hand")
        with VerticalScroll(id="missed-body"):
            yield Static(id="missed-feedback")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.show()
        self.query_one("#keys", KeyBar).show_keys(self)

    def show(self) -> None:
        t = self.missed[self.position]
        self.query_one("#missed-header", Static).update(
            Text(
                f"Missed table {self.position + 1} of {len(self.missed)}  ·  "
                f"table {t.number} of the run  ·  {t.right}/{t.total} right in {t.seconds:.1f}s",
                "bold",
            )
        )
        self.query_one("#missed-result", Static).update(Text(f"Result: {t.result_text}"))
        coup = t.coup
        self.query_one("#player-hand", HandView).show(coup.player.cards, coup.player.total)
        self.query_one("#banker-hand", HandView).show(coup.banker.cards, coup.banker.total)
        self.query_one("#missed-feedback", Static).update(missed_text(t))
        self.query_one("#missed-body", VerticalScroll).scroll_home(animate=False)

    def action_scroll(self, how: str) -> None:
        getattr(self.query_one("#missed-body", VerticalScroll), how)(animate=False)
