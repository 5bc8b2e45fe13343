"""The trainee's progress: the Banker tableau as answered, outcomes and payouts, sessions over
time, and what is due for review.

The screen only lays out a ProgressData (trainer.history.progress); whoever opens it reads the
history, so the screen never touches the database and a test can hand it any data.  Handed a
``load`` function instead, it shows "Loading…" and calls it in a worker thread, so a long
history never freezes the trainer.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import PurePath
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static, TabbedContent, TabPane

from trainer.engine import Outcome
from trainer.history.progress import (
    PAYOUTS,
    PLAYER_TOTALS,
    TABLE_SKILLS,
    ProgressData,
    SessionPoint,
    TableTime,
)
from trainer.history.scheduler import SkillState
from trainer.history.tally import WEAK_BELOW, Tally, is_weak
from trainer.i18n import N_, _, ngettext
from trainer.scoring import run_status
from trainer.session import scoring
from trainer.skills import banker_key, payout_skill, player_key
from trainer.tui.screens import stylesheets
from trainer.tui.widgets.accuracy import (
    NO_DATA,
    WEAK_MARK,
    AccuracyTable,
    TableauTable,
    percent,
    seconds_label,
)
from trainer.tui.widgets.pagetable import PageTable
from trainer.tui.widgets.spoken_footer import SpokenFooter
from trainer.words import record
from trainer.words.record import skill as describe

TABS = ("tableau", "outcomes", "sessions", "due")
GRIDS = ("tableau-grid", "player-grid")


def until(moment: datetime, now: datetime) -> str:
    """'now' or 'in 5 min' / 'in 3 h' / 'in 2 days': when a review comes due, from ``now``."""
    return record.until(moment, now)


def local_time(moment: datetime) -> str:
    return record.local_time(moment)


def session_score(p: SessionPoint) -> str:
    """'8/10 80%' for a run to the end; the answers given for one cut short."""
    right, of = p.right_of
    if not of:
        return NO_DATA
    return f"{right}/{of} {scoring.percent(right, of)}%"


def session_result(p: SessionPoint) -> str:
    if p.abandoned or p.finished_at is None:  # left, or killed before its end was recorded
        return record.run_state(run_status(p.finished_at, p.abandoned))
    if p.passed is None:
        return _("done")
    return _("✓ pass") if p.passed else _("✗ fail")


def shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def table_trend(times: tuple[TableTime, ...]) -> str:
    """Seconds per table over the last runs of table drills, oldest first, their coups an
    hour, and under it their seconds a seat settled ("-": not measured)."""
    if not times:
        return _("Table work")
    last = times[-8:]
    shown = ", ".join(f"{t.per_table:.0f}" for t in last)
    pace = ", ".join("-" if t.coups_an_hour is None else str(t.coups_an_hour) for t in last)
    if len(last) == 1:
        line = _("Table work: seconds per table, the last run: {seconds}; coups an hour: {pace}")
    else:
        line = _(
            "Table work: seconds per table, the last {count} runs, oldest first: {seconds}; "
            "coups an hour: {pace}"
        )
    seats = ", ".join("-" if t.seconds_a_seat is None else t.seconds_a_seat for t in last)
    return (
        line.format(count=len(last), seconds=shown, pace=pace)
        + "\n"
        + _("Seconds a seat settled, the same runs: {seats}").format(seats=seats)
    )


class ProgressScreen(Screen[None]):
    """Opened from home; escape or q goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", N_("Back")),
        Binding("1", "tab('tableau')", N_("Tableau")),
        Binding("2", "tab('outcomes')", N_("Outcomes")),
        Binding("3", "tab('sessions')", N_("Sessions")),
        Binding("4", "tab('due')", N_("Due")),
        # the pane shown scrolls as a whole, whatever has focus, without tabbing to it first
        # (the tableau's grids keep their arrows: they move over the cells)
        Binding("down", "scroll_pane('scroll_down')", show=False),
        Binding("up", "scroll_pane('scroll_up')", show=False),
        Binding("pagedown", "scroll_pane('scroll_page_down')", show=False, priority=True),
        Binding("pageup", "scroll_pane('scroll_page_up')", show=False, priority=True),
        Binding("home", "scroll_pane('scroll_home')", show=False, priority=True),
        Binding("end", "scroll_pane('scroll_end')", show=False, priority=True),
    ]

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("progress.tcss")

    def __init__(
        self,
        data: ProgressData | None = None,
        now: datetime | None = None,
        *,
        load: Callable[[], ProgressData | None] | None = None,
        trainee: str = "",
    ) -> None:
        """``data`` to show, or ``load`` to fetch it in a thread (None: unreadable, already
        reported; the screen closes)."""
        super().__init__()
        self.data = data
        self.load = load
        self.trainee = trainee if data is None else data.trainee
        self.now = datetime.now(UTC) if now is None else now
        self.due_keys = set() if data is None else {s.skill for s in data.due}

    # -- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        if self.data is None:
            yield Static(
                Text.assemble((_("Progress"), "bold"), f" · {self.trainee}"), id="progress-head"
            )
            yield Static(_("Loading…"), id="progress-loading")
            yield SpokenFooter()
            return
        yield Static(self.head(), id="progress-head")
        if self.data.empty:
            yield Static(self.empty_text(), id="progress-empty")
            yield SpokenFooter()
            return
        with TabbedContent(id="progress-tabs", initial="tableau"):
            with (
                TabPane(_("1 Tableau"), id="tableau"),
                VerticalScroll(classes="progress-body"),
            ):
                yield Static(
                    _(
                        "Banker draws: rows the Banker's two-card total, columns the Player's "
                        "third card. {key}"
                    ).format(key=accuracy_key()),
                    classes="progress-caption",
                    markup=False,
                )
                yield TableauTable(id="tableau-grid")
                yield Static(id="tableau-detail")
                yield Static(
                    _("Player draws by two-card total, and spotting naturals"),
                    classes="progress-caption progress-gap",
                )
                yield AccuracyTable(id="player-grid", cursor_type="cell")
            with (
                TabPane(_("2 Outcomes & payouts"), id="outcomes"),
                VerticalScroll(classes="progress-body"),
            ):
                yield AccuracyTable(id="outcome-table", cursor_type="row", zebra_stripes=True)
                yield AccuracyTable(id="payout-table", cursor_type="row", zebra_stripes=True)
                if self.data is not None and self.data.table:  # shown once tables are worked
                    yield Static(
                        table_trend(self.data.table_times),
                        id="table-trend",
                        classes="progress-caption progress-gap",
                        markup=False,
                    )
                    yield AccuracyTable(id="table-work", cursor_type="row", zebra_stripes=True)
                # the dealer's procedure (shoe, calls, spotting errors), once answered
                yield AccuracyTable(id="procedure-table", cursor_type="row", zebra_stripes=True)
            with (
                TabPane(_("3 Sessions"), id="sessions"),
                VerticalScroll(classes="progress-body"),
            ):
                scores = self.scores()
                if len(scores) > 1:
                    yield Static(
                        _("Score per session, oldest to newest, on a scale of 0 to 100%"),
                        classes="progress-caption",
                    )
                    yield Static(score_bars(scores), id="scores", markup=False)
                yield Static(_("Sessions, newest first"), classes="progress-caption")
                yield PageTable(id="session-table", cursor_type="row", zebra_stripes=True)
            with TabPane(_("4 Due"), id="due"), VerticalScroll(classes="progress-body"):
                yield Static(self.due_summary(), id="due-summary")
                yield AccuracyTable(id="due-table", cursor_type="row", zebra_stripes=True)
        yield SpokenFooter()

    def on_mount(self) -> None:
        if self.data is None:
            self.load_data()
            return
        self.fill()

    @work(thread=True, exclusive=True)
    def load_data(self) -> None:
        assert self.load is not None
        data = self.load()
        # typed as Textual's "a result or an awaitable of it" (with None for both): for a
        # bare coroutine method mypy solves that result type as Never
        loaded: Callable[[ProgressData | None], Awaitable[None] | None] = self.loaded
        self.app.call_from_thread(loaded, data)

    async def loaded(self, data: ProgressData | None) -> None:
        if not self.is_attached:
            return  # closed while loading
        if data is None:
            if self.is_current:
                self.app.pop_screen()
            return
        self.data = data
        self.due_keys = {s.skill for s in data.due}
        await self.recompose()
        self.fill()

    def fill(self) -> None:
        assert self.data is not None
        if self.data.empty:
            return
        self.fill_tableau()
        self.fill_outcomes()
        self.fill_sessions()
        self.fill_due()
        # Only the tableau's grids take focus (their arrows move over the cells); the other
        # tables are read by scrolling their pane.
        for table in self.query(DataTable):
            table.can_focus = table.id in GRIDS
        self.query_one("#tableau-grid", TableauTable).focus()

    @property
    def shown(self) -> ProgressData:
        """The data on screen: the parts below are built only once it has loaded."""
        assert self.data is not None
        return self.data

    # -- texts ----------------------------------------------------------------------------------

    def head(self) -> Text:
        d = self.shown
        text = Text()
        text.append(_("Progress"), "bold")
        text.append(f" · {d.trainee}")
        if d.empty:
            return text
        n = d.total.answered
        text.append(
            " · "
            + ngettext(
                "{right} of {count} answer right", "{right} of {count} answers right", n
            ).format(right=d.total.correct, count=n)
        )
        text.append(
            " "
            + _("({percent}%), {seconds} each").format(
                percent=percent(d.total), seconds=seconds_label(d.total.avg_seconds)
            )
        )
        runs = len(d.sessions)
        text.append(
            " · " + ngettext("{count} session", "{count} sessions", runs).format(count=runs)
        )
        text.append(" · " + _("{count} due").format(count=len(d.due)))
        return text

    def empty_text(self) -> Text:
        text = Text()
        text.append(
            _("No answers yet for {trainee}.").format(trainee=self.shown.trainee) + "\n\n",
            "bold",
        )
        text.append(
            _(
                "Pick a drill on the home screen and start answering: every answer is kept, "
                "and this screen then shows how well you know each cell of the Banker tableau, "
                "each outcome and each payout, your sessions over time, and what is due for "
                "review."
            )
            + "\n\n"
        )
        text.append(_("Escape: back"), "italic")
        return text

    def detail(self, key: str, tally: Tally) -> Text:
        """One skill in words: answers, right, time, and its review box."""
        text = Text()
        text.append(describe(key), "bold")
        if not tally.answered:
            text.append("\n" + _("Not answered yet."))
            return text
        if is_weak(tally):
            line = _("{right} of {count} right ({percent}%, {mark} weak), {seconds} on average")
        else:
            line = _("{right} of {count} right ({percent}%), {seconds} on average")
        text.append(
            "\n"
            + line.format(
                right=tally.correct,
                count=tally.answered,
                percent=percent(tally),
                mark=WEAK_MARK,
                seconds=seconds_label(tally.avg_seconds),
            )
        )
        state = self.shown.states.get(key)
        if state is not None:
            text.append(
                "; "
                + _("review box {box}, due {when}").format(
                    box=state.box, when=until(state.due_at, self.now)
                )
            )
        return text

    def due_summary(self) -> Text:
        d = self.shown
        text = Text()
        if d.due:
            due = len(d.due)
            text.append(
                ngettext(
                    "{count} skill due for review now", "{count} skills due for review now", due
                ).format(count=due),
                "bold",
            )
            text.append(_(": the Review drill brings them back."))
        else:
            text.append(_("Nothing due for review now"), "bold")
            if d.next_due is not None:
                text.append(
                    _("; the next comes due {when} ({moment})").format(
                        when=until(d.next_due, self.now), moment=local_time(d.next_due)
                    )
                )
            text.append(".")
        text.append(
            "\n"
            + _("Boxes 1-5: a miss sends a skill to box 1; a right answer when due moves it up."),
            "italic",
        )
        return text

    def scores(self) -> list[float]:
        return [p.score for p in self.shown.sessions if p.score is not None]

    # -- tables ---------------------------------------------------------------------------------

    def fill_tableau(self) -> None:
        self.query_one("#tableau-grid", TableauTable).show(self.shown.tableau)
        player = self.query_one("#player-grid", AccuracyTable)
        player.show_row_labels = True
        for total in PLAYER_TOTALS:
            player.add_column(Text(str(total), justify="right"), key=str(total), width=4)
        natural = _("natural")
        player.add_column(
            Text(natural, justify="right"), key="natural", width=max(7, cell_len(natural))
        )
        cells = [player.accuracy_cell(self.shown.player.get(t, Tally())) for t in PLAYER_TOTALS]
        cells.append(player.accuracy_cell(self.shown.natural))
        player.add_row(*cells, label=Text(_("Player"), "bold"))
        self.show_cell(banker_key(0, 0), self.shown.tableau.cell(0, 0))

    def show_cell(self, key: str, tally: Tally) -> None:
        detail = self.query_one("#tableau-detail", Static)
        detail.update(self.detail(key, tally))
        detail.set_class(is_weak(tally), "-weak")

    def fill_outcomes(self) -> None:
        outcomes = self.query_one("#outcome-table", AccuracyTable)
        outcomes.skill_columns(_("Outcome"), [record.outcome(o.value) for o in Outcome])
        for o in Outcome:
            outcomes.skill_row(
                record.outcome(o.value), self.shown.outcomes.get(o, Tally()), o.value
            )
        payouts = self.query_one("#payout-table", AccuracyTable)
        keys = [payout_skill(bet, result).key for bet, result in PAYOUTS]
        payouts.skill_columns(_("Bet payout"), [describe(key) for key in keys])
        for (bet, result), key in zip(PAYOUTS, keys, strict=True):
            payouts.skill_row(describe(key), self.shown.payouts.get((bet, result), Tally()), key)
        if self.shown.table:
            self.fill_table_work()
        self.fill_procedure()

    def fill_procedure(self) -> None:
        """The dealer's procedure (shoe, calls, spotting errors), once any is answered."""
        procedure = self.query_one("#procedure-table", AccuracyTable)
        procedure.display = bool(self.shown.procedure)
        procedure.skill_columns(
            _("Dealer's procedure"), [describe(key) for key in self.shown.procedure] or [""]
        )
        for key, t in self.shown.procedure.items():
            procedure.skill_row(describe(key), t, key)

    def fill_table_work(self) -> None:
        """The table drill's skills (take, pay per bet, order, chips, commission)."""
        table = self.query_one("#table-work", AccuracyTable)
        keys = [key for key in TABLE_SKILLS if key in self.shown.table]
        table.skill_columns(_("At the table"), [describe(key) for key in keys])
        for key in keys:
            table.skill_row(describe(key), self.shown.table[key], key)

    def fill_sessions(self) -> None:
        table = self.query_one("#session-table", DataTable)
        table.add_columns(_("Started"), _("Drill"), _("Mode"), _("Score"), _("Result"), _("Avg"))
        for p in reversed(self.shown.sessions):
            table.add_row(
                Text(local_time(p.started_at)),
                Text(shorten(p.drill_title, 22)),
                Text(record.mode(p.mode)),
                Text(session_score(p), justify="right"),
                Text(session_result(p)),
                Text(seconds_label(p.avg_seconds), justify="right"),
                key=p.session_id,
            )

    def fill_due(self) -> None:
        table = self.query_one("#due-table", AccuracyTable)
        table.add_columns(_("Skill"), _("Box"), _("Due"), _("Right"))
        waiting = sorted(
            (s for s in self.shown.states.values() if s.skill not in self.due_keys),
            key=lambda s: (s.due_at, s.skill),
        )
        for state in (*self.shown.due, *waiting):
            table.add_row(
                Text(describe(state.skill)),
                Text(str(state.box), justify="right"),
                self.due_cell(state),
                Text(f"{state.correct}/{state.answered}", justify="right"),
                key=state.skill,
            )

    def due_cell(self, state: SkillState) -> Text:
        if state.skill in self.due_keys:
            return Text("● " + _("now"), "bold")
        return Text(f"{until(state.due_at, self.now)} ({local_time(state.due_at)})")

    # -- events and actions ---------------------------------------------------------------------

    def on_data_table_cell_highlighted(self, event: DataTable.CellHighlighted) -> None:
        if event.data_table.has_focus:
            self.explain(event.data_table)
            event.data_table.scroll_visible(animate=False)  # the pane follows the cursor

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, DataTable):
            self.explain(event.widget)

    def explain(self, table: DataTable[object]) -> None:
        """Spell out the grid cell under the cursor below the grids."""
        row, column = table.cursor_coordinate
        if table.id == "tableau-grid":
            cell = self.query_one("#tableau-grid", TableauTable).cell_at(row, column)
            if cell is not None:
                self.show_cell(banker_key(*cell), self.shown.tableau.cell(*cell))
        elif table.id == "player-grid":
            if column < len(PLAYER_TOTALS):
                total = PLAYER_TOTALS[column]
                self.show_cell(player_key(total), self.shown.player.get(total, Tally()))
            else:
                self.show_cell("natural", self.shown.natural)

    def action_tab(self, tab: str) -> None:
        if self.data is None or self.data.empty or tab not in TABS:
            return
        # Focus out of the pane first: on hiding, the tableau grid would hand focus to its
        # (hidden) neighbour, and focus in a pane switches the tabs back to it.
        self.set_focus(None)
        self.query_one("#progress-tabs", TabbedContent).active = tab

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """By key or by mouse: the new pane opens at its top."""
        event.pane.query_one(".progress-body", VerticalScroll).scroll_home(animate=False)
        if event.pane.id == "tableau":
            # After the switch has been drawn: a hidden pane's table cannot take focus.
            self.call_after_refresh(self.focus_grid)

    def focus_grid(self) -> None:
        # only if still shown: focus in a hidden pane would switch the tabs back to it
        if self.query_one("#progress-tabs", TabbedContent).active == "tableau":
            self.query_one("#tableau-grid").focus(scroll_visible=False)

    def action_scroll_pane(self, how: str) -> None:
        """``how``: a scroll method of the pane shown (scroll_down, scroll_page_down...)."""
        if self.data is None or self.data.empty:  # still loading, or nothing to scroll
            return
        active = self.query_one("#progress-tabs", TabbedContent).active
        body = self.query_one(f"#{active} .progress-body", VerticalScroll)
        getattr(body, how)(animate=False)

    def action_back(self) -> None:
        self.app.pop_screen()


def accuracy_key() -> str:
    num, den = WEAK_BELOW
    return _(
        '"{weak}" under {percent}% right, "{none}" not answered yet. Arrows: details below.'
    ).format(weak=WEAK_MARK, percent=num * 100 // den, none=NO_DATA)


BARS = "▁▂▃▄▅▆▇█"


def score_bars(scores: list[float], width: int = 70) -> str:
    """One bar per session (the latest ``width``), on a fixed 0-100% scale.

    Fixed, unlike Textual's Sparkline, which stretches min..max so a 50% session next to a
    70% one would look like nothing at all.
    """
    shown = scores[-width:]
    return "".join(BARS[min(int(s * len(BARS)), len(BARS) - 1)] for s in shown)
