"""A table step's feedback, as practice shows it under the dealer's panel: ✓ and what was
done, or ✗ and each mistake in the session's words (``feedback_text``), or a shoe question's
answer graded (``shoe_feedback_text``).

``FeedbackPanel.said`` is what it says (attributes down; ``None`` hides it); it colours its
edge, shows itself and scrolls its ``FeedbackScroll`` back to the top.  Whether it needs PgDn
is the screen's to ask once it is laid out (its key line).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.color import Color
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.reactive import Reactive, reactive
from textual.widgets import Static

from trainer.engine.house import DEFAULT_HOUSE
from trainer.i18n import _
from trainer.session.table.state import TableState
from trainer.session.table.values import Phase, ShoeAnswer, StepFeedback, TableAnswer
from trainer.skills import table_chips_skill
from trainer.tui.widgets.livetext import Unscrolled
from trainer.words import table as words
from trainer.words import table_shoe


def feedback_text(
    feedback: StepFeedback, *, winners: bool = False, table: TableState | None = None
) -> Text:
    """✓ and what was done, or ✗ with the mistakes counted by kind (each wrong bet is also
    marked ! on the layout), each mistake worded (``trainer.words.table``), then what the
    step got right all the same (a right amount paid out of order: both are said).
    ``winners``: the table had winners to pay (a right "done paying" with nothing left to
    grade then says they were all paid, not that there was nothing to pay).  ``table``: the
    table graded (its house and coup say why the right answer is right)."""
    text = Text()
    house = table.house if table is not None else DEFAULT_HOUSE
    if feedback.correct:
        text.append(_("✓ Right:") + " ", "bold")
        done = _("all winners paid") if winners else _("nothing to pay")
        text.append("; ".join(words.expected(a) for a in feedback.answers) or done)
        return text
    mistakes = feedback.mistakes
    if len(mistakes) == 1:
        text.append(_("✗ Wrong:") + " ", "bold")
        text.append(words.mistake(mistakes[0], house))
    elif mistakes:
        counts: dict[str, int] = {}
        for m in mistakes:
            label = words.fault_label(m.kind)
            counts[label] = counts.get(label, 0) + 1
        counted = _("{mistakes}:").format(mistakes=words.mistakes_count(len(mistakes)))
        text.append(f"✗ {counted} ", "bold")
        text.append(", ".join(f"{label} ×{n}" for label, n in counts.items()))
        text.append(" " + _("(! on the layout)") + "\n")
        text.append("; ".join(words.mistake(m, house) for m in mistakes))
    else:
        text.append(_("✗ Wrong:") + " ", "bold")
        text.append(
            "; ".join(
                _("you said {answer}, the answer is {expected}").format(
                    answer=words.answer(a), expected=words.expected(a)
                )
                for a in feedback.answers
                if not a.correct
            )
        )
    if feedback.right:  # what the step got right too: a right amount paid out of order
        text.append("\n" + _("✓ Right:") + " ", "bold")
        text.append(
            "; ".join(
                f"{words.asked(a, chips_skill=_chips(a))}: {words.expected(a)}"
                for a in feedback.right
            )
        )
    # the engine's reason for one bet (the take's reason is the whole procedure: too long)
    wrong = [a for a in feedback.answers if not a.correct and a.phase is not Phase.TAKE]
    if wrong and len(mistakes) <= 1:
        why = (
            words.reason(wrong[0], table.house, table.coup, table.procedure)
            if table is not None
            else wrong[0].reason
        )
        text.append("\n" + why, "italic")
    return text


def _chips(a: TableAnswer) -> bool:
    return a.skill == table_chips_skill().key


class FeedbackScroll(VerticalScroll):
    """The feedback's lines: a longer feedback scrolls (PgDn / PgUp, the wheel) rather than
    being cut; it never takes focus (every key is the screen's)."""

    can_focus = False
    # its new virtual size (set in the layout that placed the feedback) is repainted, not
    # laid out again: its scrollbar, when it comes or goes, asks for that layout itself
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)


def shoe_feedback_text(answer: ShoeAnswer) -> Text:
    """A shoe question's answer: ✓ and the answer, or ✗ and what was said; then why."""
    body = Text()
    q = answer.question
    expected = table_shoe.option(q, answer.expected)
    if answer.correct:
        body.append(_("✓ Right:") + " ", "bold")
        body.append(expected)
    else:
        body.append(_("✗ Wrong:") + " ", "bold")
        body.append(
            _("you said {answer}; the answer is {expected}").format(
                answer=table_shoe.option(q, answer.answer), expected=expected
            )
        )
    body.append("\n" + table_shoe.reason(q), "italic")
    return body


@dataclass(frozen=True, slots=True)
class Said:
    """What the feedback says, and whether it was right (its edge's colour)."""

    body: Text
    correct: bool


class FeedbackPanel(Unscrolled, Static):
    """The feedback itself, hidden until something is said (never scrolled: its new size
    is one layout, not two; the scroll around it may ask for another, for its scrollbar)."""

    # every assignment is shown again (the same words on the next step scroll back up)
    said: reactive[Said | None] = reactive(None, repaint=False, init=False, always_update=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.display = False

    def watch_said(self, said: Said | None) -> None:
        if said is None:  # an exam: nothing until the results
            self.display = False
            return
        colour = self.app.theme_variables["success" if said.correct else "error"]
        self.styles.border_left = ("thick", Color.parse(colour))
        self.update(said.body)
        self.display = True
        if isinstance(self.parent, FeedbackScroll):
            self.parent.scroll_home(animate=False)
