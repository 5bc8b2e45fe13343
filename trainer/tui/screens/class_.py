"""The instructor's class screen (``ezbac class``): every trainee on record with the report's
figures, their last activity and last exams, and the class's weakest skills; Enter on a
trainee opens their progress screen.

The screen lays out a ClassData (trainer.history.class_view) fetched by a ``load`` function in
a worker thread, so a large history shows "Loading…" instead of freezing.  Picking a trainee
posts ClassScreen.Picked: whoever hosts the screen opens the progress (ClassApp below).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Static

from trainer.history.class_view import ClassData, ClassRow
from trainer.history.progress import ProgressData
from trainer.history.report import LastDrill
from trainer.history.tally import Tally, is_weak
from trainer.i18n import N_, _, ngettext
from trainer.i18n.formats import number
from trainer.session.scoring import percent_1dp
from trainer.skills import ALL_FAMILIES, FAMILIES
from trainer.tui.screens.progress import ProgressScreen
from trainer.tui.widgets.spoken_footer import SpokenFooter
from trainer.words import record
from trainer.words.pace import seats_words, table_pace_words

NO_DATA = "·"
DETAIL_WEAKEST = 3  # the highlighted trainee's weakest skills listed under the table


def pct(t: Tally) -> str:
    """The report's figure (one decimal, truncated), "!" in front when weak."""
    p = percent_1dp(t.correct, t.answered)
    return NO_DATA if p is None else f"{'!' if is_weak(t) else ''}{p:.1f}%"


def exam_label(e: LastDrill) -> str:
    mark = "✓" if e.passed else "✗"
    return f"{mark} {e.correct}/{e.questions}"


def when(moment: datetime | None) -> str:
    return NO_DATA if moment is None else record.local_time(moment)


class ClassScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.quit", N_("Quit")),
        Binding("enter", "pick", N_("Progress"), show=True),
    ]

    DEFAULT_CSS = """
    ClassScreen #class-head {
        height: auto;
        padding: 0 1;
        background: $primary;
        color: $text;
    }
    ClassScreen #class-table {
        height: 1fr;
    }
    ClassScreen #class-detail, ClassScreen #class-weakest {
        height: auto;
        padding: 0 1;
    }
    ClassScreen #class-detail {
        border-top: solid $primary;
    }
    ClassScreen #class-loading {
        margin: 1 2;
    }
    """

    class Picked(Message):
        """The instructor asked for a trainee's progress."""

        def __init__(self, trainee: str) -> None:
            super().__init__()
            self.trainee = trainee

    def __init__(self, load: Callable[[], ClassData | None]) -> None:
        super().__init__()
        self.load = load
        self.data: ClassData | None = None

    def compose(self) -> ComposeResult:
        yield Static(Text(_("Class"), "bold"), id="class-head")
        yield Static(_("Loading…"), id="class-loading")
        # the trainee's name stays in place while ←→ scroll the figures (15 columns do not fit
        # 80): every family has its column, the procedure's (shoe, calls, spotting) too
        table: DataTable[str] = DataTable(
            id="class-table", cursor_type="row", zebra_stripes=True, fixed_columns=1
        )
        table.display = False
        yield table
        yield Static(id="class-detail")
        yield Static(id="class-weakest")
        yield SpokenFooter()

    def on_mount(self) -> None:
        self.load_data()

    @work(thread=True, exclusive=True)
    def load_data(self) -> None:
        data = self.load()
        self.app.call_from_thread(self.show, data)

    def show(self, data: ClassData | None) -> None:
        loading = self.query_one("#class-loading", Static)
        if data is None:
            loading.update(_("The history could not be read."))
            return
        self.data = data
        head = Text(_("Class"), "bold")
        rows = len(data.rows)
        head.append(
            " · " + ngettext("{count} trainee", "{count} trainees", rows).format(count=rows)
        )
        n = data.total.answered
        head.append(
            " · " + ngettext("{count} answer", "{count} answers", n).format(count=number(n))
        )
        if n:  # no answers: no share of them right to give
            head.append(", " + _("{percent} right").format(percent=pct(data.total)))
        if data.since is not None:
            head.append(" · " + _("since {moment}").format(moment=when(data.since)))
        self.query_one("#class-head", Static).update(head)
        if not data.rows:
            loading.update(_("No answers or runs on record yet."))
            return
        loading.display = False
        table = self.query_one("#class-table", DataTable)
        paths = any(row.path is not None for row in data.rows)
        table.add_columns(
            _("Trainee"),
            *((_("Path"),) if paths else ()),
            _("Last active"),
            _("Runs"),
            _("Passed"),
            _("Answers"),
            _("Right"),
            *(record.family_short(f) for f in ALL_FAMILIES),
            _("Last exam"),
            _("Weakest"),
        )
        for row in data.rows:
            r = row.report
            table.add_row(
                r.trainee,
                *((_readiness(row) or NO_DATA,) if paths else ()),
                when(row.last_activity),
                str(r.sessions),
                str(r.sessions_passed),
                number(r.total.answered),
                pct(r.total),
                *(pct(r.families[f]) for f in ALL_FAMILIES),
                exam_label(row.exams[0]) if row.exams else NO_DATA,
                record.skill(r.weakest[0].skill) if r.weakest else NO_DATA,
                key=r.trainee,
            )
        table.display = True
        table.focus()
        self.query_one("#class-weakest", Static).update(self.class_weakest(data))
        self.show_detail(data.rows[0])

    def class_weakest(self, data: ClassData) -> Text:
        text = Text(_("Class's weakest skills:") + " ", "bold")
        if not data.weakest:
            text.append(_("none under 70% right"), "")
        text.append(
            "; ".join(
                f"{record.skill(w.skill)} {w.tally.correct}/{w.tally.answered} ({pct(w.tally)})"
                for w in data.weakest
            ),
            "",
        )
        return text

    def show_detail(self, row: ClassRow) -> None:
        r = row.report
        text = Text(r.trainee, "bold")
        text.append(" " + _("(Enter: progress)"), "italic")
        text.append(
            " · "
            + _("{finished} finished, {passed} passed, {abandoned} abandoned").format(
                finished=r.sessions_finished,
                passed=r.sessions_passed,
                abandoned=r.sessions_abandoned,
            )
            + " · "
            + ", ".join(
                f"{record.family(f)} {pct(r.families[f])}"
                for f in ALL_FAMILIES
                if f in FAMILIES or r.families[f].answered
            )  # the procedure's if any
        )
        text.append("\n" + _("Last exams:") + " ")
        text.append(
            "; ".join(
                f"{exam_label(e)} ({pct(Tally(e.questions, e.correct))}) {e.title}, "
                f"{when(e.finished_at)}"
                for e in row.exams
            )
            or _("none finished")
        )
        if r.coups_an_hour is not None and r.table_pace is not None:
            text.append("\n" + table_pace_words(r.coups_an_hour, r.table_pace[0]))
            text.append("\n" + seats_words(r.seconds_a_seat))
        if row.path is not None:
            text.append("\n" + _("Path: {readiness}").format(readiness=_readiness(row)))
            held = () if row.path is None else record.held_back_by(row.path)
            if held:
                shown = held[:DETAIL_WEAKEST]
                more = len(held) - len(shown)
                text.append(
                    "; "
                    + _("held back by {skills}").format(skills="; ".join(shown))
                    + (
                        " "
                        + ngettext("and {count} more", "and {count} more", more).format(count=more)
                        if more
                        else ""
                    )
                )
        text.append("\n" + _("Weakest:") + " ")
        text.append(
            "; ".join(f"{record.skill(w.skill)} {pct(w.tally)}" for w in r.weakest[:DETAIL_WEAKEST])
            or _("none under 70% right")
        )
        self.query_one("#class-detail", Static).update(text)

    @on(DataTable.RowHighlighted, "#class-table")
    def highlighted(self, event: DataTable.RowHighlighted) -> None:
        if self.data is not None and event.cursor_row < len(self.data.rows):
            self.show_detail(self.data.rows[event.cursor_row])

    @on(DataTable.RowSelected, "#class-table")
    def selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value is not None:
            self.post_message(self.Picked(event.row_key.value))

    def action_pick(self) -> None:
        table = self.query_one("#class-table", DataTable)
        if self.data is not None and self.data.rows and table.display:
            self.post_message(self.Picked(self.data.rows[table.cursor_row].trainee))


def _readiness(row: ClassRow) -> str | None:
    """The trainee's readiness on the path, in words (None: no path)."""
    return None if row.path is None else record.readiness(row.path)


class ClassOverHome(ClassScreen):
    """The class screen opened from the trainer's home: Escape goes back there."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", N_("Back")),
    ]


class ClassWithRoster(ClassOverHome):
    """The class screen at a trainer with sign-in on: the roster one key away."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", N_("Back")),
        Binding("m", "roster", N_("Roster")),
    ]

    def action_roster(self) -> None:
        from trainer.tui.messages import OpenRoster

        self.post_message(OpenRoster())


class ClassApp(App[None]):
    """``ezbac class``: the class screen, and a trainee's progress screen over it."""

    ENABLE_COMMAND_PALETTE = False
    TITLE = "ezbac class"

    def __init__(
        self,
        load: Callable[[], ClassData | None],
        progress: Callable[[str, datetime], ProgressData | None],
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        super().__init__()
        self.load = load
        self.progress = progress
        self.now = now

    def get_default_screen(self) -> ClassScreen:
        return ClassScreen(self.load)

    @on(ClassScreen.Picked)
    def picked(self, message: ClassScreen.Picked) -> None:
        now, trainee, progress = self.now(), message.trainee, self.progress
        self.push_screen(
            ProgressScreen(now=now, trainee=trainee, load=lambda: progress(trainee, now))
        )
