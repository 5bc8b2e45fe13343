"""The answer buttons of a question, for the mouse: a choice (a key and its word), a
multiple-choice option (keys 1-4) and Confirm / Next.  None takes focus, so Enter always
means "confirm" and the keys stay the screen's."""

from __future__ import annotations

from textual.widgets import Button

from trainer.tui.widgets.livetext import Unscrolled

#: The keys of a multiple-choice question's options (trainer.session.choice.KEYS).
OPTION_KEYS = ("1", "2", "3", "4")


class ChoiceButton(Button):
    """A choice for the mouse; never takes focus, so Enter always means "confirm"."""

    can_focus = False

    def __init__(self, key: str, label: str) -> None:
        super().__init__(f"  {label} ({key})", id=f"choice-{_key_id(key)}", classes="choice")
        self.key = key
        self.plain_label = label
        self.chosen = False

    def show(self, label: str, chosen: bool) -> None:
        """Labelled ``label``, marked ▶ when ``chosen``; untouched when already so (a
        restyle costs more than the rest of a keypress)."""
        if (label, chosen) == (self.plain_label, self.chosen):
            return
        self.plain_label, self.chosen = label, chosen
        self.set_class(chosen, "-selected")
        self.label = f"{'▶ ' if chosen else '  '}{label} ({self.key})"


class OptionButton(Unscrolled, ChoiceButton):
    """A multiple-choice option (keys 1-4): one line, its key first, the wording after
    (never scrolled: the options shown for the first time are one layout, not two)."""

    def show(self, label: str, chosen: bool) -> None:
        if (label, chosen) == (self.plain_label, self.chosen):
            return
        self.plain_label, self.chosen = label, chosen
        self.set_class(chosen, "-selected")
        self.label = f"{'▶' if chosen else ' '} {self.key}  {label}"


class ActionButton(Unscrolled, Button):
    """Confirm / Next for the mouse; never focused, like the choices (and, shown again with
    the feedback, not the cause of a second layout)."""

    can_focus = False


def _key_id(key: str) -> str:
    return {"7": "seven", "8": "eight"}.get(key, key)
