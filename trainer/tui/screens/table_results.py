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

from trainer.engine.house import DEFAULT_HOUSE, House
from trainer.engine.table import settle_table
from trainer.errors import EzbacError
from trainer.i18n import N_, _, ngettext
from trainer.paths import user_data_dir
from trainer.session.table.results import TableResult, TableSummary
from trainer.session.table.session import TableSession
from trainer.session.table.values import Phase
from trainer.skills import table_chips_skill
from trainer.tui.screens import stylesheets
from trainer.tui.screens.results_base import (
    HOME_ON_ESCAPE,
    RESULTS_BINDINGS,
    SCROLL_BINDINGS,
    STEP_BINDINGS,
    MissedBase,
    ResultsBase,
    capital,
)
from trainer.tui.widgets.fittable import Col, FitTable
from trainer.tui.widgets.hands import HandView
from trainer.tui.widgets.keybar import KeyBar
from trainer.words import table as words
from trainer.words import table_shoe, titles
from trainer.words.table import skill_name

_MODES = {"practice": N_("practice"), "exam": N_("exam")}


def headline(session: TableSession, summary: TableSummary) -> Text:
    head = Text()
    head.append(titles.title(session.drill), "bold")
    mode = _(_MODES.get(session.drill.mode.value, session.drill.mode.value))
    head.append(f" · {session.trainee} · {mode}\n")
    head.append(
        _("{right} of {total} right ({percent}%)").format(
            right=summary.right, total=summary.total, percent=summary.percent
        )
        + "  "
    )
    head.append(words.headline(summary), "bold")  # a retry says it is practice, never a pass
    head.append(
        "\n"
        if summary.retry
        else " " + _("(pass mark {percent}%)").format(percent=summary.pass_mark) + "\n"
    )
    tables = len(summary.tables)
    head.append(
        ngettext("{count} table in {time}", "{count} tables in {time}", tables).format(
            count=tables, time=words.duration(summary.seconds)
        )
        + ": "
    )
    head.append(words.trend(summary))
    if summary.time_limit is not None:
        head.append(" · " + _("limit {seconds}s a table").format(seconds=f"{summary.time_limit:g}"))
    head.append("\n" + _("Pace: {pace}").format(pace=words.pace_line(summary)))
    return head


class TableResultsScreen(ResultsBase):
    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("results.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        *RESULTS_BINDINGS,
        Binding("x", "export", N_("Export")),
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
                dealt, errors = table_shoe.summary(summary.shoe)
                shoe = Text(_("Shoe:") + " ", "bold")  # the whole line bold, as the drill's
                shoe.append(dealt + "\n")
                shoe.append(_("Errors by kind:") + " ", "bold")
                shoe.append(errors)
                yield Static(shoe, id="shoe")
            if summary.mistakes:
                said = ", ".join(
                    f"{words.fault_label(kind)} {n}" for kind, n in summary.mistakes.items()
                )
                yield Static(Text.assemble((_("Mistakes:") + " ", "bold"), said), id="mistakes")
            yield Static(Text(_("Each table"), "bold"))
            yield FitTable(
                Col("#", justify="right"),
                Col(_("Seats"), justify="right"),
                Col(_("Right")),
                Col(_("Time"), wrap=True),
                Col(_("Payouts"), wrap=True),
                Col(_("Target")),
                id="tables",
            )
            yield Static(Text(_("By skill"), "bold"))
            yield FitTable(
                Col(_("Skill"), wrap=True),
                Col(_("Right")),
                Col("%", justify="right"),
                id="by-skill",
            )
            yield Static(Text(_("Each answer"), "bold"))
            yield FitTable(
                Col(_("Table")),
                Col(_("Time"), justify="right"),
                Col(_("Asked"), wrap=True),
                Col(_("You"), wrap=True),
                Col(_("Right answer"), wrap=True),
                id="each",
            )
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        target = self.summary.target_seconds
        tables = self.query_one("#tables", FitTable)
        for t in self.summary.tables:
            pays = t.payout_seconds
            paid = (
                _("{average}s avg, {most}s max").format(
                    average=f"{sum(pays) / len(pays):.1f}", most=f"{max(pays):.1f}"
                )
                if pays
                else _("none")
            )
            mark = "" if target is None else ("✓" if t.within_target else "✗")
            time = _("{seconds}s").format(seconds=f"{t.seconds:.1f}") + (
                " " + _("(ran out)") if t.timed_out else ""
            )
            tables.add_row(
                str(t.number),
                str(t.seats),
                f"{t.right}/{t.total}",
                time,
                paid,
                f"{mark} " + _("{seconds}s").format(seconds=f"{target:g}")
                if target is not None
                else "-",
            )
        skills = self.query_one("#by-skill", FitTable)
        for score in self.summary.by_skill:
            mark = "✓" if score.right == score.total else "✗"
            skills.add_row(
                skill_name(score.key, score.label),
                f"{mark} {score.right}/{score.total}",
                f"{score.percent}",
            )
        each = self.query_one("#each", FitTable)
        rows: list[tuple[int, int, tuple[str, ...]]] = []
        for shoe in self.session.shoe_answers:  # the burn first, "what now?" after its table
            mark = "✓" if shoe.correct else "✗"
            where = "-" if shoe.table == 0 else str(shoe.table)
            q = shoe.question
            cells = (
                where,
                _("{seconds}s").format(seconds=f"{shoe.seconds:.1f}"),
                table_shoe.short(q),
                f"{mark} {capital(table_shoe.option(q, shoe.answer))}",
                capital(table_shoe.option(q, shoe.expected)),
            )
            rows.append((shoe.table, 1, cells))
        for a in self.session.answers:
            mark = "✓" if a.correct else "✗"
            cells = (
                str(a.table),
                _("{seconds}s").format(seconds=f"{a.seconds:.1f}"),
                words.asked(a, chips_skill=a.skill == table_chips_skill().key),
                f"{mark} {capital(words.answer(a))}",
                capital(words.expected(a)),
            )
            rows.append((a.table, 0, cells))
        for _table, _order, row in sorted(rows, key=lambda r: r[:2]):
            each.add_row(*row)
        self.set_focus(None)
        self.query_one("#keys", KeyBar).show_keys(self)

    def has_missed(self) -> bool:
        return bool(self.summary.missed)

    def missed_screen(self) -> MissedTableScreen:
        screen = MissedTableScreen(list(self.summary.missed))
        screen.house = self.session.drill.house
        return screen

    def retry_run(self) -> TableSession:
        return self.session.retry_missed()

    def action_export(self) -> None:
        """Each table as the trainee worked it and its right procedure, in the audit's
        notation, to a file a supervisor's ``ezbac audit --file`` reads."""
        try:
            path = self.session.export_procedures(user_data_dir() / "exports")
        except (OSError, EzbacError) as exc:
            self.notify(_("Export: {problem}").format(problem=exc), severity="error", timeout=10)
            return
        house = self.session.drill.house.id
        self.notify(
            _("Your tables and the right procedures written to {path} ({command})").format(
                path=path, command=f"ezbac audit --house {house} --file {path}"
            ),
            timeout=10,
        )


def missed_text(result: TableResult, house: House) -> Text:
    """A missed table taught: each answer (✓, or ✗ with the right one, each mistake and
    the rule), then the table worked right in the house's order, then the coup's lesson."""
    procedure = settle_table(result.coup, result.layout, house)
    text = Text(_("What you did"), "bold")
    for a in result.answers:
        text.append("\n")
        asked = capital(words.asked(a, chips_skill=a.skill == table_chips_skill().key))
        if a.correct:
            text.append(f"✓ {asked}: {words.answer(a)}")
            continue
        text.append(f"✗ {asked}: {words.answer(a)}", "bold")
        text.append("\n  " + _("Right: {expected}").format(expected=words.expected(a)))
        for m in a.mistakes:
            text.append(f"\n  · {words.mistake(m, house)}")
        if a.phase is not Phase.TAKE:  # the take's reason is the whole procedure, below
            text.append(f"\n  {words.reason(a, house, result.coup, procedure)}", "italic")
    if result.timed_out:
        text.append("\n" + _("Time ran out before the table was done."), "bold")
    text.append("\n\n" + _("The table worked right"), "bold")
    for line in words.procedure_lines(procedure.steps, words.colours_of(house)):
        text.append(f"\n{line}")
    if result.note:
        text.append("\n\n" + _("Lesson: {note}").format(note=result.note))
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
        Binding("pagedown", "scroll('scroll_page_down')", N_("Scroll")),
        Binding("pageup", "scroll('scroll_page_up')", show=False),
        Binding("home", "scroll('scroll_home')", show=False),
        Binding("end", "scroll('scroll_end')", show=False),
    ]

    #: The house the tables were worked under (its rules say why an answer is right).
    house: House = DEFAULT_HOUSE

    def compose(self) -> ComposeResult:
        yield Static(id="missed-header")
        yield Static(id="missed-result")
        with Horizontal(id="hands"):
            yield HandView(N_("Player"), id="player-hand")
            yield HandView(N_("Banker"), id="banker-hand")
        with VerticalScroll(id="missed-body"):
            yield Static(id="missed-feedback")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.show()
        self.query_one("#keys", KeyBar).show_keys(self)

    def show(self) -> None:
        t = self.missed[self.position]
        coup = t.coup
        self.query_one("#missed-header", Static).update(
            Text(
                _("Missed table {position} of {count}").format(
                    position=self.position + 1, count=len(self.missed)
                )
                + "  ·  "
                + _("table {number} of the run").format(number=t.number)
                + "  ·  "
                + _("{right}/{total} right in {seconds}s").format(
                    right=t.right, total=t.total, seconds=f"{t.seconds:.1f}"
                ),
                "bold",
            )
        )
        self.query_one("#missed-result", Static).update(
            Text(_("Result: {result}").format(result=words.result(self.house, coup)))
        )
        self.query_one("#player-hand", HandView).show(coup.player.cards, coup.player.total)
        self.query_one("#banker-hand", HandView).show(coup.banker.cards, coup.banker.total)
        self.query_one("#missed-feedback", Static).update(missed_text(t, self.house))
        self.query_one("#missed-body", VerticalScroll).scroll_home(animate=False)

    def action_scroll(self, how: str) -> None:
        getattr(self.query_one("#missed-body", VerticalScroll), how)(animate=False)
