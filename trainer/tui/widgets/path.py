"""The trainee's path, from ``trainer.history.mastery``: on home, each module's
state, the next drill and what stands between the trainee and the audition; as a picture,
mastery per module and each skill's accuracy and speed over its latest days."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from trainer.i18n import _, ngettext
from trainer.words import record

if TYPE_CHECKING:
    from trainer.history.mastery import DayPoint, PathProgress

#: How each module's state is marked, and its style (mastered / in progress / not yet open).
MARKS: Mapping[str, tuple[str, str]] = {
    "mastered": ("✓", "bold green"),
    "in progress": ("●", "bold yellow"),
    "not yet open": ("○", "dim"),
}


def path_text(
    path: PathProgress, titles: Mapping[str, str], key: str = "g", width: int | None = None
) -> Text:
    """The path in a few lines: the modules with their marks, then what comes next and what
    is left before the audition; ``titles``: drill titles by id (the home screen's list);
    ``key``: the key that starts the next drill ("" when there is none: the command line);
    ``width``: the modules' line breaks between two modules, never inside a module's name
    ("Protecting the / game"), where it would pass ``width`` columns."""
    text = Text()
    head = _("Path") + "  "
    text.append(head, "bold")
    column = cell_len(head)
    for n, m in enumerate(path.modules):
        mark, style = MARKS[m.state.value]
        piece = f"{mark} {m.module.title}"
        if n and width is not None and column + 2 + cell_len(piece) > width:
            text.append("\n")
            column = 0
        elif n:
            text.append("  ")
            column += 2
        text.append(f"{mark} ", style)
        text.append(m.module.title, "dim" if style == "dim" else "")
        column += cell_len(piece)
    text.append("\n")
    skill = path.next_skill
    if path.ready:
        text.append(_("Every module mastered: ready for the audition."), "bold green")
        if key:
            text.append(" [a]", "bold")
        return text
    if skill is not None:
        drill = skill.goal.drill
        text.append(_("Next") + "  ", "bold")
        text.append(titles.get(drill, drill))
        if key:
            text.append(f" [{key}]", "bold")
        text.append(f"  · {skill.goal.title}")
        needs = record.needs(skill)
        if needs:
            text.append(f": {needs[0]}", "italic")
        text.append("\n")
    left, total = len(path.to_go), len(path.skills)
    text.append(_("Audition") + "  ", "bold")
    text.append(
        ngettext(
            "{left} of {count} skill still to master",
            "{left} of {count} skills still to master",
            total,
        ).format(left=left, count=total)
    )
    return text


# -- the progress picture -----------------------------------------------------------------------

#: Sparkline cells, lowest to highest.
BARS = "▁▂▃▄▅▆▇█"
#: Days a sparkline shows (the latest ones answered).
DAYS_SHOWN = 10
STANDING_MARKS: Mapping[str, tuple[str, str]] = {
    "mastered": ("✓", "bold green"),
    "slipping": ("↓", "bold red"),
    "learning": ("●", "yellow"),
    "not started": ("○", "dim"),
}
PACE_STYLES: Mapping[str, str] = {"fast": "bold green", "on pace": "green", "slow": "red"}


def _cell(fraction: float) -> str:
    return BARS[min(len(BARS) - 1, max(0, round(fraction * (len(BARS) - 1))))]


def accuracy_line(points: Sequence[DayPoint], accuracy: int) -> Text:
    """Right answers per day: a full cell is every answer right; green at or over the
    skill's accuracy, red under it."""
    text = Text()
    for p in points[-DAYS_SHOWN:]:
        good = p.right * 100 >= accuracy * p.answered
        text.append(_cell(p.accuracy), "green" if good else "red")
    return text


def speed_line(points: Sequence[DayPoint], target: float) -> Text:
    """Seconds an answer per day: the cell's height is the time against twice the target
    (lower is faster); green at or under the target, red over it."""
    text = Text()
    for p in points[-DAYS_SHOWN:]:
        text.append(_cell(p.average / (2 * target)), "green" if p.average <= target else "red")
    return text


def picture(path: PathProgress, days: Mapping[str, Sequence[DayPoint]]) -> Table:
    """Mastery per module (skills mastered, each skill's standing and recent accuracy) and
    each skill's accuracy and speed over its latest days, as one table to look at.  A module
    not yet open whose skills are not started is one line."""
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False, expand=False)
    # every column but the marks wraps rather than cuts: a longer language's words (and a
    # long skill name) take a second line, never an ellipsis
    table.add_column("", no_wrap=True)
    table.add_column(_("module / skill"), overflow="fold", max_width=28)
    table.add_column(_("recent"), justify="right")
    table.add_column(_("right/day"))
    table.add_column(_("time/day"))
    table.add_column(_("pace"))
    for m in path.modules:
        mark, style = MARKS[m.state.value]
        table.add_row(
            Text(mark, style),
            Text(m.module.title, "bold"),
            Text(f"{m.mastered_count}/{len(m.skills)}", style),
            "",
            "",
            Text(record.state(m.state.value), style),
        )
        if m.state.value == "not yet open" and not any(s.answered for s in m.skills):
            continue
        for s in m.skills:
            mark, style = STANDING_MARKS[s.standing.value]
            points = days.get(s.goal.id, ())
            pace = s.pace
            table.add_row(
                Text(mark, style),
                Text(f"  {s.goal.title}"),
                "" if s.accuracy is None else f"{s.accuracy:.0%}",
                accuracy_line(points, s.rule.accuracy),
                speed_line(points, float(s.rule.target_millis) / 1000),
                Text("")
                if pace is None or s.average is None
                else Text(
                    _("{seconds} s {pace}").format(
                        seconds=f"{s.average:.1f}", pace=record.pace(pace.value)
                    ),
                    PACE_STYLES[pace.value],
                ),
            )
    return table
