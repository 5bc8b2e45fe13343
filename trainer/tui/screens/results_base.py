"""What the results screens share (a run's, a table drill's): the keys to step through the
missed, retry them or go home, the page scrolled as one, and the words both use; and the
screen that steps through the missed questions or tables, one at a time."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen

from trainer.drills.model import Step
from trainer.i18n import N_, _, ngettext
from trainer.tui.messages import GoHome, RetryMissed
from trainer.tui.widgets.hands import HandView
from trainer.words import drill as drill_words

if TYPE_CHECKING:
    from trainer.session import Session
    from trainer.session.shoe import ShoeSummary
    from trainer.session.table.session import TableSession

#: m, r, h: step through the missed, retry them, home.
RESULTS_BINDINGS = (
    Binding("m", "missed", N_("Step through missed")),
    Binding("r", "retry", N_("Retry missed")),
    Binding("h", "home", N_("Home")),
)
HOME_ON_ESCAPE = Binding("escape", "home", N_("Home"), show=False)
#: The results scroll as one page, with nothing to tab to first.
SCROLL_BINDINGS = (
    Binding("down", "scroll('scroll_down')", show=False),
    Binding("up", "scroll('scroll_up')", show=False),
    Binding("pagedown", "scroll('scroll_page_down')", show=False),
    Binding("pageup", "scroll('scroll_page_up')", show=False),
    Binding("home", "scroll('scroll_home')", show=False),
    Binding("end", "scroll('scroll_end')", show=False),
)
#: ←/p, →/n/space: the previous or next missed one; Escape or q: back to the results.
STEP_BINDINGS = (
    Binding("left,p", "move(-1)", N_("Previous"), key_display="←"),
    Binding("right,n,space", "move(1)", N_("Next"), key_display="→"),
    Binding("escape,q", "back", N_("Back to results")),
)


def duration(seconds: float) -> str:
    """A run's time: "2m 05s", "45s" (in the language spoken)."""
    return drill_words.duration(seconds)


#: A shoe's kinds of error as the results name them.
ERROR_KINDS = {
    Step.BURN: N_("burn"),
    Step.CUT: N_("what now (cut card)"),
    Step.PLAYER_DRAWS: N_("player draws"),
    Step.BANKER_DRAWS: N_("banker draws"),
    Step.OUTCOME: N_("outcome"),
    Step.PAYOUT: N_("payout"),
    Step.COMMISSION: N_("commission"),
    Step.FEE: N_("fee"),
    Step.TABLE: N_("table"),
}


def shoe_text(shoe: ShoeSummary) -> Text:
    """The shoe's results in words (the shoe drill's and the shoe at the table's)."""
    text = Text(_("Shoe: "), "bold")
    text.append(
        ngettext("{count} coup dealt", "{count} coups dealt", shoe.coups).format(count=shoe.coups)
    )
    if shoe.cut_coup is not None:
        text.append(" " + _("(cut card out in coup {number})").format(number=shoe.cut_coup))
    dragon, panda = _("Dragon 7"), _("Panda 8")
    text.append(f" · {dragon} ×{shoe.dragon7} · {panda} ×{shoe.panda8}")
    text.append(" · " + _("naturals ×{count}").format(count=shoe.naturals) + "\n")
    text.append(_("Errors by kind: "), "bold")
    errors = ", ".join(
        f"{_(ERROR_KINDS[step]) if step in ERROR_KINDS else step.value.replace('_', ' ')} {n}"
        for step, n in shoe.errors
    )
    text.append(errors or _("none"))
    return text


def capital(text: str) -> str:
    """An answer as a sentence starts: "Pay 25", "Return 25, pay 0"."""
    return drill_words.capital(text)


class ResultsBase(Screen[None]):
    """A finished run's results; a subclass says what was missed (``missed_screen``) and
    how it is retried (``retry_run``).  Its ``BINDINGS`` list ``RESULTS_BINDINGS``,
    ``HOME_ON_ESCAPE`` and ``SCROLL_BINDINGS`` (the key bar lists a screen's own)."""

    AUTO_FOCUS = ""  # nothing focused: every key is the screen's (m, r, h, the scroll keys)

    def has_missed(self) -> bool:
        raise NotImplementedError

    def missed_screen(self) -> Screen[None]:
        """The screen that steps through what was missed."""
        raise NotImplementedError

    def retry_run(self) -> Session | TableSession:
        """The missed ones as a new run (a retry: practice)."""
        raise NotImplementedError

    def action_scroll(self, how: str) -> None:
        """``how``: a scroll method of the results body (scroll_down, scroll_page_down...)."""
        getattr(self.query_one("#results-body", VerticalScroll), how)(animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("missed", "retry"):
            return self.has_missed()
        return True

    def action_missed(self) -> None:
        if self.has_missed():
            self.app.push_screen(self.missed_screen())

    def action_retry(self) -> None:
        if self.has_missed():
            self.post_message(RetryMissed(self.retry_run()))

    def action_home(self) -> None:
        self.post_message(GoHome())


Missed = TypeVar("Missed")


class MissedBase(Screen[None], Generic[Missed]):
    """One missed question (or table) at a time, ``show`` drawing the one at ``position``;
    its hands fit the terminal.  Its ``BINDINGS`` list ``STEP_BINDINGS``."""

    def __init__(self, missed: list[Missed]) -> None:
        super().__init__()
        self.missed = missed
        self.position = 0

    def on_resize(self, event: events.Resize) -> None:
        for hand in self.query(HandView):
            hand.fit(event.size)

    def show(self) -> None:
        raise NotImplementedError

    def action_move(self, step: int) -> None:
        self.position = (self.position + step) % len(self.missed)
        self.show()

    def action_back(self) -> None:
        self.app.pop_screen()
