"""The results of a run, and stepping through the missed questions again."""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Static

from trainer.i18n import _, ngettext
from trainer.session import Result, Session
from trainer.session.choice import ChoiceQuestion
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
from trainer.tui.widgets.hands import HandView, LayoutView
from trainer.tui.widgets.question import feedback_text, show_asked
from trainer.tui.widgets.spoken_footer import SpokenFooter
from trainer.words import titles
from trainer.words.drill import (
    answer_label,
    headline,
    lesson,
    mode_name,
    prompt,
    seconds_short,
    short,
    skill_name,
)
from trainer.words.names import tenths


def shoe_line(session: Session) -> Text:
    """A shoe's results: coups dealt, Dragon 7s and Panda 8s seen, errors by kind."""
    from trainer.session.shoe import shoe_summary

    assert session.shoe is not None
    return shoe_text(shoe_summary(session.shoe, session.results))


class ResultsScreen(ResultsBase):
    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("drill.tcss", "results.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        *RESULTS_BINDINGS,
        HOME_ON_ESCAPE,
        *SCROLL_BINDINGS,
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.summary = session.summary()

    def compose(self) -> ComposeResult:
        s, summary = self.session, self.summary
        # a retry says it is practice, never a pass
        verdict = headline(summary.passed, summary.total if summary.retry else None)
        head = Text()
        head.append(titles.title(s.drill), "bold")
        head.append(f" · {s.trainee} · {mode_name(s.drill.mode)}\n")
        head.append(
            ngettext(
                "{right} of {total} right ({percent}%)",
                "{right} of {total} right ({percent}%)",
                summary.total,
            ).format(right=summary.right, total=summary.total, percent=summary.percent)
            + "  "
        )
        head.append(verdict, "bold")
        if summary.retry:
            head.append("\n")
        else:
            head.append(" " + _("(pass mark {mark}%)").format(mark=summary.pass_mark) + "\n")
        average = summary.seconds / summary.total if summary.total else 0.0
        head.append(
            _("Time {time}, {average}s a question on average").format(
                time=duration(summary.seconds), average=tenths(average)
            )
        )
        if not s.exam:
            opened = summary.reference_opened
            head.append(
                " · "
                + ngettext(
                    "rules reference opened {count} time",
                    "rules reference opened {count} times",
                    opened,
                ).format(count=opened)
            )
        if s.shoe is not None:
            head.append("\n")
            head.append_text(shoe_line(s))
        verdict_class = "" if summary.retry else "-passed" if summary.passed else "-failed"
        yield Static(head, id="results-head", classes=verdict_class)
        with Horizontal(id="results-actions"):
            missed = len(summary.missed)
            if missed:  # nothing missed: nothing to step through or retry, so no buttons
                yield Button(
                    _("Step through missed ({count})").format(count=missed) + " m", id="missed"
                )
                yield Button(_("Retry the missed ones") + " r", id="retry")
            yield Button(_("Home") + " h", id="home")
        with VerticalScroll(id="results-body"):
            yield Static(Text(_("By skill"), "bold"))
            yield FitTable(
                Col(_("Skill"), wrap=True),
                Col(_("Right")),
                Col("%", justify="right"),
                id="by-skill",
            )
            yield Static(Text(_("Each question"), "bold"))
            yield FitTable(
                Col("#", justify="right"),
                Col(_("Coup"), justify="right"),
                Col(_("Question"), wrap=True),
                Col(_("You"), wrap=True),
                Col(_("Right answer"), wrap=True),
                Col(_("Time"), justify="right"),
                id="each",
            )
        yield SpokenFooter()

    def on_mount(self) -> None:
        skills = self.query_one("#by-skill", FitTable)
        for score in self.summary.by_skill:
            mark = "✓" if score.right == score.total else "✗"
            skills.add_row(
                skill_name(score.key), f"{mark} {score.right}/{score.total}", f"{score.percent}"
            )
        each = self.query_one("#each", FitTable)
        for r in self.session.results:
            mark = "✓" if r.correct else "✗"
            time = seconds_short(r.seconds) + ("!" if r.over_time or r.timed_out else "")
            each.add_row(
                str(r.number),
                str(r.question.coup_index + 1),
                short(r.question),
                f"{mark} {capital(answer_label(r.answer, r.question))}",
                capital(answer_label(r.graded.expected, r.question)),
                time,
            )
        self.set_focus(None)  # read by scrolling the page: one scrollbar, no tabbing

    def on_resize(self, event: events.Resize) -> None:
        self.fit_actions(event.size.width)

    def fit_actions(self, width: int) -> None:
        """The buttons on one row where they fit (each at least 16 wide, its label and 2
        of padding, a space after it); else one compact button a line (a longer language
        at 80 columns), never one cut."""
        row = self.query_one("#results-actions", Horizontal)
        buttons = list(row.query(Button))
        needed = 2 + sum(max(cell_len(str(b.label)) + 2, 16) + 1 for b in buttons)
        stacked = needed > width
        row.set_class(stacked, "-stacked")
        for button in buttons:
            button.compact = stacked

    def has_missed(self) -> bool:
        return bool(self.summary.missed)

    def missed_screen(self) -> MissedScreen:
        return MissedScreen(list(self.summary.missed))

    def retry_run(self) -> Session:
        return self.session.retry_missed()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        {"missed": self.action_missed, "retry": self.action_retry, "home": self.action_home}[
            event.button.id or "home"
        ]()


class MissedScreen(MissedBase[Result]):
    """One missed question at a time: the coup, your answer, the right one and why."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("drill.tcss", "results.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [*STEP_BINDINGS]

    def compose(self) -> ComposeResult:
        yield Static(id="missed-header")
        with Horizontal(id="hands"):
            yield HandView("Player", id="player-hand")
            yield HandView("Banker", id="banker-hand")
        yield LayoutView(id="layout")
        yield Static(id="prompt")
        yield Static(id="missed-feedback")
        yield SpokenFooter()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        r = self.missed[self.position]
        q = r.question
        self.query_one("#missed-header", Static).update(
            Text(
                _("Missed question {number} of {total}").format(
                    number=self.position + 1, total=len(self.missed)
                )
                + "  ·  "
                + _("question {number} of the run").format(number=r.number),
                "bold",
            )
        )
        player = self.query_one("#player-hand", HandView)
        banker = self.query_one("#banker-hand", HandView)
        view = q.view
        if isinstance(q, ChoiceQuestion) or q.dealt is None:
            # as on the question screen, whose answer reveals nothing more (reveal_after)
            show_asked(q, player, banker)
        else:  # a step of a coup: the whole coup, its totals
            coup = q.coup
            banker.display = True
            player.hand_name = "Player"
            player.show(coup.player.cards, coup.player.total)
            banker.show(coup.banker.cards, coup.banker.total)
        self.query_one("#layout", LayoutView).show(view.wagers, q.bet, view.outcome)
        self.query_one("#prompt", Static).update(Text(prompt(q), "bold"))
        body = feedback_text(r)
        if q.dealt is not None and q.dealt.note:
            body.append("\n" + lesson(q.dealt.note))
        self.query_one("#missed-feedback", Static).update(body)
