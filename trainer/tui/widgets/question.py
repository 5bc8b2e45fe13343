"""A question's picture and verdict, shared by the screens that ask and the ones that
step through the missed: the hands as it is asked, and the feedback on an answer."""

from __future__ import annotations

from rich.text import Text

from trainer.session import Question, Result
from trainer.session.run import Asked
from trainer.tui.widgets.hands import HandView


def feedback_text(result: Result) -> Text:
    """✓/✗, the trainee's answer, the right answer and the engine's reason (a win whose
    commission is asked next: its amount once the commission is answered)."""
    text = Text()
    q = result.question
    right = result.graded.expected.label
    if isinstance(q, Question) and q.withholds_amount:
        right = "Win, the winnings less the commission (the amount after the commission question)"
    if result.correct:
        text.append("✓ Right: ", "bold")
        text.append(result.graded.expected.label)
    else:
        text.append("✗ Wrong: ", "bold")
        text.append(f"you said {result.answer.label}; the answer is ")
        text.append(right, "bold")
    if result.over_time:
        text.append("  (over the time limit)")
    text.append("\n")
    text.append(result.graded.reason)
    return text


def show_asked(q: Asked, player: HandView, banker: HandView) -> None:
    """The hands as ``q`` is asked (its ``view``), or the one card it shows alone (a shoe's
    burn card, ``card_row``): the question screen's picture, and the missed-question
    review's for a question that is not a step of a coup."""
    view = q.view
    row = getattr(q, "card_row", None)
    banker.display = row is None
    if row is not None:
        player.hand_name, cards = row
        player.show(cards, None)
    else:
        player.hand_name = "Player"
        player.show(view.player_cards, view.player_total)
    banker.show(view.banker_cards, view.banker_total)
