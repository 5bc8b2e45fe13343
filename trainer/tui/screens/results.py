"""The results of a run, and stepping through the missed questions again."""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Static

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
        verdict = summary.headline  # a retry says it is practice, never a pass
        head = Text()
        head.append(f"{s.drill.title}", "bold")
        head.append(f" · {s.trainee} · {s.drill.mode.value}\n")
        head.append(f"{summary.right} of {summary.total} right ({summary.percent}%)  ")
        head.append(verdict, "bold")
        head.append("\n" if summary.retry else f" (pass mark {summary.pass_mark}%)\n")
        average = summary.seconds / summary.total if summary.total else 0.0
        head.append(f"Time {duration(summary.seconds)}, {average:.1f}s a question on average")
        if not s.exam:
            times = "time" if summary.reference_opened == 1 else "times"
            head.append(f" · rules reference opened {summary.reference_opened} {times}")
        if s.shoe is not None:
            head.append("\n")
            head.append_text(shoe_line(s))
        verdict_class = "" if summary.retry else "-passed" if summary.passed else "-failed"
        yield Static(head, id="results-head", classes=verdict_class)
        with Horizontal(id="results-actions"):
            missed = len(summary.missed)
            if missed:  # nothing missed: nothing to step through or retry, so no buttons
                yield Button(f"Step through missed ({missed}) m", id="missed")
                yield Button("Retry the missed ones r", id="retry")
            yield Button("Home h", id="home")
        with VerticalScroll(id="results-body"):
            yield Static(Text("By skill", "bold"))
            yield FitTable(
                Col("Skill", wrap=True),
                Col("Right"),
                Col("%", justify="right"),
                id="by-skill",
            )
            yield Static(Text("Each question", "bold"))
            yield FitTable(
                Col("#", justify="right"),
                Col("Coup", justify="right"),
                Col("Question", wrap=True),
                Col("You", wrap=True),
                Col("Right answer", wrap=True),
                Col("Time", justify="right"),
                id="each",
            )
        yield Footer()

    def on_mount(self) -> None:
        skills = self.query_one("#by-skill", FitTable)
        for score in self.summary.by_skill:
            mark = "✓" if score.right == score.total else "✗"
            skills.add_row(score.label, f"{mark} {score.right}/{score.total}", f"{score.percent}")
        each = self.query_one("#each", FitTable)
        for r in self.session.results:
            mark = "✓" if r.correct else "✗"
            time = f"{r.seconds:.1f}s" + ("!" if r.over_time or r.timed_out else "")
            each.add_row(
                str(r.number),
                str(r.question.coup_index + 1),
                r.question.short,
                f"{mark} {capital(r.answer.label)}",
                capital(r.graded.expected.label),
                time,
            )
        self.set_focus(None)  # read by scrolling the page: one scrollbar, no tabbing

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
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        r = self.missed[self.position]
        q = r.question
        self.query_one("#missed-header", Static).update(
            Text(
                f"Missed question {self.position + 1} of {len(self.missed)}  ·  "
                f"question {r.number} of the run",
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
        self.query_one("#prompt", Static).update(Text(q.prompt, "bold"))
        body = feedback_text(r)
        if q.dealt is not None and q.dealt.note:
            body.append(f"\nLesson: {q.dealt.note}")
        self.query_one("#missed-feedback", Static).update(body)
