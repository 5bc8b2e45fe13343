"""``ezbac report``'s tables for people, in the language spoken: the summary per trainee,
every attempt (``--attempts``) and each trainee's place on the path (``--path``).  The
history builds the values (``trainer.history.report``, ``trainer.history.path_report``) and
writes the CSV and JSON, which stay the same in every language; this module words them.

Columns are padded by the terminal columns a heading takes (a Chinese or Korean character
takes two), widened where a language's heading is longer than the English one; the English
reads as it always has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from trainer.i18n import _, ngettext
from trainer.words import record

if TYPE_CHECKING:
    from trainer.history.mastery import PathProgress
    from trainer.history.report import Attempt, Report, TraineeReport
    from trainer.history.tally import Tally


def columns(text: str) -> int:
    """The terminal columns ``text`` takes (an East Asian wide character takes two)."""
    from unicodedata import combining, east_asian_width

    return sum(
        0 if combining(ch) else 2 if east_asian_width(ch) in ("W", "F") else 1 for ch in text
    )


def pad(text: str, width: int, align: str = "<") -> str:
    """``text`` padded to ``width`` terminal columns, left (``<``) or right (``>``)."""
    room = " " * max(0, width - columns(text))
    return text + room if align == "<" else room + text


def _room(width: int, *texts: str) -> int:
    """``width`` (the English column), or wider where a text in it is wider (one space
    kept before a right-aligned column's next text)."""
    return max([width, *(columns(t) + 1 for t in texts)])


def _wide(width: int, *texts: str) -> int:
    """``width`` (the English column), or the widest of ``texts`` where one is wider."""
    return max([width, *(columns(t) for t in texts)])


def _percent(t: Tally) -> str:
    from trainer.scoring import percent_1dp

    p = percent_1dp(t.correct, t.answered)
    return "—" if p is None else f"{p:.1f}%"


def _seconds(t: Tally) -> str:
    s = t.avg_seconds
    return "—" if s is None else _("{seconds} s").format(seconds=f"{s:.1f}")


# -- the summary -------------------------------------------------------------------------


def report_table(report: Report) -> str:
    """For people: one block per trainee, readable at 80 columns."""
    lines: list[str] = []
    for t in report.trainees:
        if lines:
            lines.append("")
        lines.append(t.trainee)
        lines += _trainee_lines(t)
    return "\n".join(lines) + "\n"


def _trainee_lines(t: TraineeReport) -> list[str]:
    lines = [
        "  "
        + _(
            "Sessions: {sessions} ({finished} finished, {passed} passed, {abandoned} "
            "abandoned); rules reference opened {opened}×"
        ).format(
            sessions=t.sessions,
            finished=t.sessions_finished,
            passed=t.sessions_passed,
            abandoned=t.sessions_abandoned,
            opened=t.reference_opened,
        )
    ]
    if t.retries:
        lines.append(
            "  "
            + _("Retries of missed questions (practice, not sessions): {count}").format(
                count=t.retries
            )
        )
    lines.append(
        "  "
        + _("Answers: {answered}, {accuracy} right, {seconds} per answer").format(
            answered=t.total.answered, accuracy=_percent(t.total), seconds=_seconds(t.total)
        )
    )
    lines += _families(t)
    pace = _pace(t)
    if pace:
        lines.append("  " + pace)
    lines.append("  " + _last_drill(t))
    lines += _weakest(t)
    return lines


def _families(t: TraineeReport) -> list[str]:
    """The per-family table: its headings, then a row per family (a drill kind not run
    left out)."""
    from trainer.skills import ALL_FAMILIES, PROCEDURE_FAMILIES

    shown = [f for f in ALL_FAMILIES if f not in PROCEDURE_FAMILIES or t.families[f].answered]
    rows = [
        (
            record.family(f),
            str(t.families[f].answered),
            str(t.families[f].correct),
            _percent(t.families[f]),
            _seconds(t.families[f]),
        )
        for f in shown
    ]
    heads = (_("skill family"), _("answered"), _("right"), _("accuracy"), _("avg time"))
    widths = [
        _room(16, heads[0], *(r[0] for r in rows)),
        _room(9, heads[1]),
        _room(7, heads[2]),
        *(_room(w, heads[i], *(r[i] for r in rows)) for i, w in ((3, 10), (4, 10))),
    ]
    aligns = ("<", ">", ">", ">", ">")
    return [
        "  " + "".join(pad(text, w, a) for text, w, a in zip(row, widths, aligns, strict=True))
        for row in (heads, *rows)
    ]


def _pace(t: TraineeReport) -> str:
    """ "Table pace: 300 coups an hour over 2 tables, 4.0 s a seat settled" ("": none)."""
    if t.coups_an_hour is None or t.table_pace is None:
        return ""
    tables = t.table_pace[0]
    seat = t.seconds_a_seat
    seats = (
        _("seconds a seat not measured")
        if seat is None
        else _("{seconds} s a seat settled").format(seconds=f"{seat:.1f}")
    )
    pace = ngettext(
        "{coups} coups an hour over {tables} table, {format}",
        "{coups} coups an hour over {tables} tables, {format}",
        tables,
    ).format(coups=t.coups_an_hour, tables=tables, format=seats)
    return _("Table pace: {pace}").format(pace=pace)


def _last_drill(t: TraineeReport) -> str:
    last = t.last_drill
    if last is None:
        return _("Last drill: none finished")
    return _("Last drill: {verdict} {correct}/{questions}, {title}, {time}").format(
        verdict=_("PASSED") if last.passed else _("FAILED"),
        correct=last.correct,
        questions=last.questions,
        title=last.title,
        time=f"{last.finished_at.astimezone():%Y-%m-%d %H:%M}",
    )


def _weakest(t: TraineeReport) -> list[str]:
    from trainer.history.tally import WEAK_BELOW

    if not t.weakest:
        num, den = WEAK_BELOW
        return [
            "  " + _("Weakest skills: none under {percent}% right").format(percent=num * 100 // den)
        ]
    return ["  " + _("Weakest skills:")] + [
        "    "
        + _("{skill}: {correct}/{answered} right ({accuracy})").format(
            skill=record.skill(w.skill),
            correct=w.tally.correct,
            answered=w.tally.answered,
            accuracy=_percent(w.tally),
        )
        for w in t.weakest
    ]


# -- every attempt -----------------------------------------------------------------------


def _verdict(a: Attempt) -> str:
    if a.passed is None:
        return record.run_state(a.status)
    return _("PASSED") if a.passed else _("FAILED")


def attempts_table(attempts: Sequence[Attempt]) -> str:
    """One block per trainee, one line per run, oldest first; readable at 80 columns."""
    heads = (
        _("started"),
        _("mode"),
        _("right"),
        _("score"),
        _("result"),
        _("time"),
        _("ref"),
        _("drill"),
    )
    rows = [
        (
            a.trainee,
            f"{a.started_at.astimezone():%Y-%m-%d %H:%M}",
            record.mode(a.mode),
            f"{a.correct}/{a.questions}",
            "—" if a.score is None else f"{a.score:.1f}%",
            _verdict(a),
            _("{seconds}s").format(seconds=f"{a.seconds:.1f}"),
            str(a.reference_opened),
            a.title,
        )
        for a in attempts
    ]
    widths = [
        _wide(16, heads[0]),
        _wide(8, heads[1], *(r[2] for r in rows)),
        _wide(7, heads[2]),
        _wide(6, heads[3]),
        _wide(10, heads[4], *(r[5] for r in rows)),
        _wide(7, heads[5], *(r[6] for r in rows)),
        _wide(3, heads[6]),
    ]

    def line(cells: Sequence[str]) -> str:
        started, mode, right, score, result, time, ref, drill = cells
        return (
            f"  {pad(started, widths[0])}  {pad(mode, widths[1])} {pad(right, widths[2], '>')} "
            f"{pad(score, widths[3], '>')}  {pad(result, widths[4])} "
            f"{pad(time, widths[5], '>')} {pad(ref, widths[6], '>')}  {drill}"
        )

    lines: list[str] = []
    trainee: str | None = None
    for name, *cells in rows:
        if name != trainee:
            if lines:
                lines.append("")
            trainee = name
            lines.append(name)
            lines.append(line(heads))
        lines.append(line(cells))
    return "\n".join(lines) + "\n"


# -- the path ----------------------------------------------------------------------------


def paths_table(paths: Sequence[tuple[str, PathProgress]]) -> str:
    """Each trainee's readiness, modules mastered, and next drill or what holds it back."""
    heads = (_("trainee"), _("path"), _("modules"), _("next drill / held back by"))
    rows = []
    for name, path in paths:
        done = sum(1 for m in path.modules if m.state.value == "mastered")
        held = "; ".join(record.held_back_by(path)[:3])
        nxt = path.next_drill or ""
        rows.append(
            (
                name,
                record.readiness(path),
                done,
                len(path.modules),
                f"{nxt}: {held}" if nxt else held,
            )
        )
    width = max([columns(heads[0]), *(columns(r[0]) for r in rows)])
    ready = _wide(11, heads[1], *(r[1] for r in rows))
    modules = _wide(7, heads[2])
    lines = [
        f"{pad(heads[0], width)}  {pad(heads[1], ready)}  {pad(heads[2], modules, '>')}  {heads[3]}"
    ]
    for name, readiness, done, total, rest in rows:
        count = f"{done:>3}/{total:<3}"
        lines.append(
            f"{pad(name, width)}  {pad(readiness, ready)}  {pad(count, modules, '>')}  {rest}"
        )
    return "\n".join(lines) + "\n"
