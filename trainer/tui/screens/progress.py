"""The trainee's progress: the Banker tableau as answered, outcomes and payouts, sessions over
time, and what is due for review.

The screen only lays out a ProgressData (trainer.history.progress); whoever opens it reads the
history, so the screen never touches the database and a test can hand it any data.  Handed a
``load`` function instead, it shows "Loading…" and calls it in a worker thread, so a long
history never freezes the trainer.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import PurePath
from typing import ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static, TabbedContent, TabPane

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
from trainer.scoring import run_status
from trainer.session import scoring
from trainer.skills import banker_key, describe, payout_skill, player_key
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

TABS = ("tableau", "outcomes", "sessions", "due")
GRIDS = ("tableau-grid", "player-grid")


def until(moment: datetime, now: datetime) -> str:
    """'now' or 'in 5 min' / 'in 3 h' / 'in 2 days': when a review comes due, from ``now``."""
    left = moment - now
    if left <= timedelta(0):
        return "now"
    minutes = int(left.total_seconds() // 60)
    if minutes < 60:
        return f"in {max(minutes, 1)} min"
    if minutes < 48 * 60:
        return f"in {minutes // 60} h"
    return f"in {minutes // (24 * 60)} days"


def local_time(moment: datetime) -> str:
    return moment.astimezone().strftime("%d %b %H:%M")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def session_score(p: SessionPoint) -> str:
    """'8/10 80%' for a run to the end; the answers given for one cut short."""
    right, of = p.right_of
    if not of:
        return NO_DATA
    return f"{right}/{of} {scoring.percent(right, of)}%"


def session_result(p: SessionPoint) -> str:
    if p.abandoned or p.finished_at is None:  # left, or killed before its end was recorded
        return run_status(p.finished_at, p.abandoned)
    if p.passed is None:
        return "done"
    return "✓ pass" if p.passed else "✗ fail"


def shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def table_trend(times: tuple[TableTime, ...]) -> str:
    """Seconds per table over the last runs of table drills, oldest first."""
    if not times:
        return "Table work"
    last = times[-8:]
    shown = ", ".join(f"{t.per_table:.0f}" for t in last)
    runs = "the last run" if len(last) == 1 else f"the last {len(last)} runs, oldest first"
    pace = ", ".join("-" if t.coups_an_hour is None else str(t.coups_an_hour) for t in last)
    return f"Table work: seconds per table, {runs}: {shown}; coups an hour: {pace}"


class ProgressScreen(Screen[None]):
    """Opened from home; escape or q goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back"),
        Binding("1", "tab('tableau')", "Tableau"),
        Binding("2", "tab('outcomes')", "Outcomes"),
        Binding("3", "tab('sessions')", "Sessions"),
        Binding("4", "tab('due')", "Due"),
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
                Text.assemble(("Progress", "bold"), f" · {self.trainee}"), id="progress-head"
            )
            yield Static("Loading…", id="progress-loading")
            yield Footer()
            return
        yield Static(self.head(), id="progress-head")
        if self.data.empty:
            yield Static(self.empty_text(), id="progress-empty")
            yield Footer()
            return
        with TabbedContent(id="progress-tabs", initial="tableau"):
            with TabPane("1 Tableau", id="tableau"), VerticalScroll(classes="progress-body"):
                yield Static(
                    "Banker draws: rows the Banker's two-card total, columns the Player's "
                    f"third card. {accuracy_key()}",
                    classes="progress-caption",
                    markup=False,
                )
                yield TableauTable(id="tableau-grid")
                yield Static(id="tableau-detail")
                yield Static(
                    "Player draws by two-card total, and spotting naturals",
                    classes="progress-caption progress-gap",
                )
                yield AccuracyTable(id="player-grid", cursor_type="cell")
            with (
                TabPane("2 Outcomes & payouts", id="outcomes"),
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
            with TabPane("3 Sessions", id="sessions"), VerticalScroll(classes="progress-body"):
                scores = self.scores()
                if len(scores) > 1:
                    yield Static(
                        "Score per session, oldest to newest, on a scale of 0 to 100%",
                        classes="progress-caption",
                    )
                    yield Static(score_bars(scores), id="scores", markup=False)
                yield Static("Sessions, newest first", classes="progress-caption")
                yield PageTable(id="session-table", cursor_type="row", zebra_stripes=True)
            with TabPane("4 Due", id="due"), VerticalScroll(classes="progress-body"):
                yield Static(self.due_summary(), id="due-summary")
                yield AccuracyTable(id="due-table", cursor_type="row", zebra_stripes=True)
        yield Footer()

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
        text.append("Progress", "bold")
        text.append(f" · {d.trainee}")
        if d.empty:
            return text
        text.append(f" · {d.total.correct} of {plural(d.total.answered, 'answer')} right")
        text.append(f" ({percent(d.total)}%), {seconds_label(d.total.avg_seconds)} each")
        text.append(f" · {plural(len(d.sessions), 'session')}")
        text.append(f" · {len(d.due)} due")
        return text

    def empty_text(self) -> Text:
        text = Text()
        text.append(f"No answers yet for {self.shown.trainee}.\n\n", "bold")
        text.append(
            "Pick a drill on the home screen and start answering: every answer is kept, and "
            "this screen then shows how well you know each cell of the Banker tableau, each "
            "outcome and each payout, your sessions over time, and what is due for review.\n\n"
        )
        text.append("Escape: back", "italic")
        return text

    def detail(self, key: str, tally: Tally) -> Text:
        """One skill in words: answers, right, time, and its review box."""
        text = Text()
        text.append(describe(key), "bold")
        if not tally.answered:
            text.append("\nNot answered yet.")
            return text
        text.append(f"\n{tally.correct} of {tally.answered} right ({percent(tally)}%")
        text.append(f", {WEAK_MARK} weak" if is_weak(tally) else "")
        text.append(f"), {seconds_label(tally.avg_seconds)} on average")
        state = self.shown.states.get(key)
        if state is not None:
            text.append(f"; review box {state.box}, due {until(state.due_at, self.now)}")
        return text

    def due_summary(self) -> Text:
        d = self.shown
        text = Text()
        if d.due:
            text.append(f"{plural(len(d.due), 'skill')} due for review now", "bold")
            text.append(": the Review drill brings them back.")
        else:
            text.append("Nothing due for review now", "bold")
            if d.next_due is not None:
                text.append(f"; the next comes due {until(d.next_due, self.now)}")
                text.append(f" ({local_time(d.next_due)})")
            text.append(".")
        text.append(
            "\nBoxes 1-5: a miss sends a skill to box 1; a right answer when due moves it up.",
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
        player.add_column(Text("natural", justify="right"), key="natural", width=7)
        cells = [player.accuracy_cell(self.shown.player.get(t, Tally())) for t in PLAYER_TOTALS]
        cells.append(player.accuracy_cell(self.shown.natural))
        player.add_row(*cells, label=Text("Player", "bold"))
        self.show_cell(banker_key(0, 0), self.shown.tableau.cell(0, 0))

    def show_cell(self, key: str, tally: Tally) -> None:
        detail = self.query_one("#tableau-detail", Static)
        detail.update(self.detail(key, tally))
        detail.set_class(is_weak(tally), "-weak")

    def fill_outcomes(self) -> None:
        outcomes = self.query_one("#outcome-table", AccuracyTable)
        outcomes.skill_columns("Outcome", [o.label for o in Outcome])
        for o in Outcome:
            outcomes.skill_row(o.label, self.shown.outcomes.get(o, Tally()), o.value)
        payouts = self.query_one("#payout-table", AccuracyTable)
        keys = [payout_skill(bet, result).key for bet, result in PAYOUTS]
        payouts.skill_columns("Bet payout", [describe(key) for key in keys])
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
            "Dealer's procedure", [describe(key) for key in self.shown.procedure] or [""]
        )
        for key, t in self.shown.procedure.items():
            procedure.skill_row(describe(key), t, key)

    def fill_table_work(self) -> None:
        """The table drill's skills (take, pay per bet, order, chips, commission)."""
        table = self.query_one("#table-work", AccuracyTable)
        keys = [key for key in TABLE_SKILLS if key in self.shown.table]
        table.skill_columns("At the table", [describe(key) for key in keys])
        for key in keys:
            table.skill_row(describe(key), self.shown.table[key], key)

    def fill_sessions(self) -> None:
        table = self.query_one("#session-table", DataTable)
        table.add_columns("Started", "Drill", "Mode", "Score", "Result", "Avg")
        for p in reversed(self.shown.sessions):
            table.add_row(
                Text(local_time(p.started_at)),
                Text(shorten(p.drill_title, 22)),
                Text(p.mode),
                Text(session_score(p), justify="right"),
                Text(session_result(p)),
                Text(seconds_label(p.avg_seconds), justify="right"),
                key=p.session_id,
            )

    def fill_due(self) -> None:
        table = self.query_one("#due-table", AccuracyTable)
        table.add_columns("Skill", "Box", "Due", "Right")
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
            return Text("● now", "bold")
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
    return (
        f'"{WEAK_MARK}" under {num * 100 // den}% right, "{NO_DATA}" not answered yet. '
        "Arrows: details below."
    )


BARS = "▁▂▃▄▅▆▇█"


def score_bars(scores: list[float], width: int = 70) -> str:
    """One bar per session (the latest ``width``), on a fixed 0-100% scale.

    Fixed, unlike Textual's Sparkline, which stretches min..max so a 50% session next to a
    70% one would look like nothing at all.
    """
    shown = scores[-width:]
    return "".join(BARS[min(int(s * len(BARS)), len(BARS) - 1)] for s in shown)
