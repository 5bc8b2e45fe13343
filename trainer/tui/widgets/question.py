"""A question's picture and verdict, shared by the screens that ask and the ones that
step through the missed: the hands as it is asked, and the feedback on an answer."""

from __future__ import annotations

from rich.text import Text

from trainer.i18n import _
from trainer.session import Result
from trainer.session.run import Asked
from trainer.tui.widgets.hands import HandView
from trainer.words.drill import answer_label, reason, right_answer


def feedback_text(result: Result) -> Text:
    """✓/✗, the trainee's answer, the right answer and the engine's reason (a win whose
    commission is asked next: its amount once the commission is answered)."""
    text = Text()
    if result.correct:
        text.append(_("✓ Right: "), "bold")
        text.append(answer_label(result.graded.expected, result.question))
    else:
        text.append(_("✗ Wrong: "), "bold")
        said = _("you said {answer}; the answer is {right}")
        before, _mark, after = said.partition("{right}")
        text.append(before.format(answer=answer_label(result.answer, result.question)))
        text.append(right_answer(result), "bold")
        text.append(after.format(answer=answer_label(result.answer, result.question)))
    if result.over_time:
        text.append(_("  (over the time limit)"))
    text.append("\n")
    text.append(reason(result.question))
    return text


def show_asked(q: Asked, player: HandView, banker: HandView) -> None:
    """The hands as ``q`` is asked (its ``view``), or the one card it shows alone (a shoe's
    burn card, ``card_row``): the question screen's picture, and the missed-question
    review's for a question that is not a step of a coup."""
    view = q.view
    row = getattr(q, "card_row", None)
    banker.display = row is None
    if row is not None:
        player.hand_name, cards = row  # its name translated where it is drawn
        player.show(cards, None)
    else:
        player.hand_name = "Player"
        player.show(view.player_cards, view.player_total)
    banker.show(view.banker_cards, view.banker_total)
