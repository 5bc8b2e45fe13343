"""The results of a run, and stepping through the missed questions again."""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from trainer.drills.model import Step
from trainer.session import Result, Session
from trainer.session.choice import ChoiceQuestion
from trainer.tui.messages import GoHome, RetryMissed
from trainer.tui.screens import stylesheets
from trainer.tui.widgets.fittable import Col, FitTable
from trainer.tui.widgets.question import feedback_text, show_asked
from trainer.tui.widgets.table import HandView, LayoutView

if TYPE_CHECKING:
    from trainer.session.shoe import ShoeSummary


def duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}m {secs:02d}s" if minutes else f"{secs}s"


#: A shoe's kinds of error as the results name them (the others: the step's name).
ERROR_KINDS = {Step.BURN: "burn", Step.CUT: "what now (cut card)"}


def shoe_line(session: Session) -> Text:
    """A shoe's results: coups dealt, Dragon 7s and Panda 8s seen, errors by kind."""
    from trainer.session.shoe import shoe_summary

    assert session.shoe is not None
    return shoe_text(shoe_summary(session.shoe, session.results))


def shoe_text(shoe: ShoeSummary) -> Text:
    """The shoe's results in words (the shoe drill's and the shoe at the table's)."""
    text = Text("Shoe: ", "bold")
    text.append(f"{shoe.coups} coup{'s' if shoe.coups != 1 else ''} dealt")
    if shoe.cut_coup is not None:
        text.append(f" (cut card out in coup {shoe.cut_coup})")
    text.append(f" · Dragon 7 ×{shoe.dragon7} · Panda 8 ×{shoe.panda8}")
    text.append(f" · naturals ×{shoe.naturals}\n")
    text.append("Errors by kind: ", "bold")
    errors = ", ".join(
        f"{ERROR_KINDS.get(step, step.value.replace('_', ' '))} {n}" for step, n in shoe.errors
    )
    text.append(errors or "none")
    return text


def capital(text: str) -> str:
    """An answer as a sentence starts: "Pay 25", "Return 25, pay 0"."""
    return text[:1].upper() + text[1:]


class ResultsScreen(Screen[None]):
    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("drill.tcss", "results.tcss")
    AUTO_FOCUS = ""  # nothing focused: every key is the screen's (m, r, h, the scroll keys)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "missed", "Step through missed"),
        Binding("r", "retry", "Retry missed"),
        Binding("h", "home", "Home"),
        Binding("escape", "home", "Home", show=False),
        # the results scroll as one page, with nothing to tab to first
        Binding("down", "scroll('scroll_down')", show=False),
        Binding("up", "scroll('scroll_up')", show=False),
        Binding("pagedown", "scroll('scroll_page_down')", show=False),
        Binding("pageup", "scroll('scroll_page_up')", show=False),
        Binding("home", "scroll('scroll_home')", show=False),
        Binding("end", "scroll('scroll_end')", show=False),
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

    def action_scroll(self, how: str) -> None:
        """``how``: a scroll method of the results body (scroll_down, scroll_page_down...)."""
        getattr(self.query_one("#results-body", VerticalScroll), how)(animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("missed", "retry"):
            return bool(self.summary.missed)
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        {"missed": self.action_missed, "retry": self.action_retry, "home": self.action_home}[
            event.button.id or "home"
        ]()

    def action_missed(self) -> None:
        if self.summary.missed:
            self.app.push_screen(MissedScreen(list(self.summary.missed)))

    def action_retry(self) -> None:
        if self.summary.missed:
            self.post_message(RetryMissed(self.session.retry_missed()))

    def action_home(self) -> None:
        self.post_message(GoHome())


class MissedScreen(Screen[None]):
    """One missed question at a time: the coup, your answer, the right one and why."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("drill.tcss", "results.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,p", "move(-1)", "Previous", key_display="←"),
        Binding("right,n,space", "move(1)", "Next", key_display="→"),
        Binding("escape,q", "back", "Back to results"),
    ]

    def __init__(self, missed: list[Result]) -> None:
        super().__init__()
        self.missed = missed
        self.position = 0

    def compose(self) -> ComposeResult:
        yield Static(id="missed-header")
        with Horizontal(id="hands"):
            yield HandView("Player", id="player-hand")
            yield HandView("Banker", id="banker-hand")
        yield LayoutView(id="layout")
        yield Static(id="prompt")
        yield Static(id="missed-feedback")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        for hand in self.query(HandView):
            hand.fit(event.size)

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

    def action_move(self, step: int) -> None:
        self.position = (self.position + step) % len(self.missed)
        self.show()

    def action_back(self) -> None:
        self.app.pop_screen()
