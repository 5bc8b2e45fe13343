"""The trainee's path on home (issue 23): each module's state, the next drill, and what
stands between the trainee and the audition, from ``trainer.history.mastery``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.text import Text

if TYPE_CHECKING:
    from trainer.history.mastery import PathProgress

#: How each module's state is marked, and its style (mastered / in progress / not yet open).
MARKS: Mapping[str, tuple[str, str]] = {
    "mastered": ("✓", "bold green"),
    "in progress": ("●", "bold yellow"),
    "not yet open": ("○", "dim"),
}


def path_text(path: PathProgress, titles: Mapping[str, str]) -> Text:
    """The path in a few lines: the modules with their marks, then what comes next and what
    is left before the audition; ``titles``: drill titles by id (the home screen's list)."""
    text = Text()
    text.append("Path  ", "bold")
    for n, m in enumerate(path.modules):
        mark, style = MARKS[m.state.value]
        if n:
            text.append("  ")
        text.append(f"{mark} ", style)
        text.append(m.module.title, "dim" if style == "dim" else "")
    text.append("\n")
    skill = path.next_skill
    if path.ready:
        text.append("Every module mastered: ready for the audition.", "bold green")
        return text
    if skill is not None:
        drill = skill.goal.drill
        text.append("Next  ", "bold")
        text.append(titles.get(drill, drill))
        text.append(" [g]", "bold")
        text.append(f"  · {skill.goal.title}")
        if skill.needs:
            text.append(f": {skill.needs[0]}", "italic")
        text.append("\n")
    left, total = len(path.to_go), len(path.skills)
    text.append("Audition  ", "bold")
    text.append(f"{left} of {total} skill{'s' if total != 1 else ''} still to master")
    return text
