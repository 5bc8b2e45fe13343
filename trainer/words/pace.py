"""A dealer's pace in words (``trainer.engine.pace``): coups an hour over the tables worked,
against the target for the table's format, as the audition's verdict and the class view say
it, and seconds a seat settled beside it.  Numbers are shown rounded so they never flatter:
coups an hour rounded down, seconds a seat rounded up to a tenth."""

from __future__ import annotations

import gettext
import math
from collections.abc import Callable

from trainer.curriculum.model import MasteryRule
from trainer.engine.pace import PaceMeasure, PaceTarget, PaceVerdict, TableFormat, tenths_up
from trainer.history.mastery import target_figure
from trainer.i18n import N_, _, ngettext

__all__ = [
    "FORMAT_WORDS",
    "coups_an_hour_words",
    "format_words",
    "seats_words",
    "seconds_a_seat_words",
    "table_pace_line",
    "table_pace_words",
]

FORMAT_WORDS = {
    TableFormat.FULL_SIZE: N_("full-size table"),
    TableFormat.MINI: N_("mini table"),
    TableFormat.SQUEEZE: N_("squeeze game"),
}


def format_words(table_format: TableFormat) -> str:
    return _(FORMAT_WORDS[table_format])


def coups_an_hour_words(
    measure: PaceMeasure,
    target: PaceTarget,
    table_format: TableFormat,
    catalogue: gettext.NullTranslations | None = None,
) -> str:
    """ "140 coups an hour over 5 tables, mini table (target 150: under)"; without a target
    for that format, without the bracket; "no pace measured" when no time was taken.  In the
    language spoken, or in ``catalogue``'s (the sign-off sheet's own language, and English
    beside it)."""
    _, ngettext = _words(catalogue)
    coups = measure.coups_an_hour
    if coups is None:
        return _("no pace measured")
    shown, tables, fmt = math.floor(coups), measure.tables, _(FORMAT_WORDS[table_format])
    verdict = measure.coups_verdict(target)
    if verdict is None:
        text = ngettext(
            "{coups} coups an hour over {tables} table, {format}",
            "{coups} coups an hour over {tables} tables, {format}",
            tables,
        )
        return text.format(coups=shown, tables=tables, format=fmt)
    if verdict is PaceVerdict.MET:
        text = ngettext(
            "{coups} coups an hour over {tables} table, {format} (target {target}: met)",
            "{coups} coups an hour over {tables} tables, {format} (target {target}: met)",
            tables,
        )
    else:
        text = ngettext(
            "{coups} coups an hour over {tables} table, {format} (target {target}: under)",
            "{coups} coups an hour over {tables} tables, {format} (target {target}: under)",
            tables,
        )
    return text.format(coups=shown, tables=tables, format=fmt, target=target.coups_an_hour)


def seconds_a_seat_words(
    measure: PaceMeasure,
    target: PaceTarget,
    catalogue: gettext.NullTranslations | None = None,
) -> str:
    """ "6.0 s a seat settled (target 6: met)", rounded up to a tenth; without a target for
    seconds a seat, without the bracket; "seconds a seat not measured" when the seats are
    not recorded (a take recorded before schema v11 among the tables)."""
    _, _n = _words(catalogue)
    seat = measure.seconds_a_seat
    if seat is None:
        return _("seconds a seat not measured")
    shown = tenths_up(seat)
    verdict = measure.seats_verdict(target)
    if verdict is None or target.seconds_a_seat is None:
        return _("{seconds} s a seat settled").format(seconds=shown)
    text = (
        _("{seconds} s a seat settled (target {target}: met)")
        if verdict is PaceVerdict.MET
        else _("{seconds} s a seat settled (target {target}: under)")
    )
    return text.format(seconds=shown, target=f"{target.seconds_a_seat.normalize():f}")


def table_pace_line(
    measure: PaceMeasure,
    target: PaceTarget,
    table_format: TableFormat,
    catalogue: gettext.NullTranslations | None = None,
) -> str:
    """Coups an hour and seconds a seat settled, each against its target: "150 coups an
    hour over 2 tables, mini table (target 150: met); 6.0 s a seat settled (target 6:
    met)", as the sign-off sheet says an area's table pace."""
    _, _n = _words(catalogue)
    return _("{coups}; {seats}").format(
        coups=coups_an_hour_words(measure, target, table_format, catalogue),
        seats=seconds_a_seat_words(measure, target, catalogue),
    )


def _words(
    catalogue: gettext.NullTranslations | None,
) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """The spoken language's ``_`` and ``ngettext``, or ``catalogue``'s (English where it has
    no translation)."""
    if catalogue is None:
        return _, ngettext
    return (
        lambda message: catalogue.gettext(message) or message,
        lambda one, many, n: catalogue.ngettext(one, many, n) or (one if n == 1 else many),
    )


def table_pace_words(coups: int, tables: int) -> str:
    """A trainee's pace over every table they worked, as the class view says it ("Table
    pace: 300 coups an hour over 2 tables"): the tables may be of several formats, so no
    format's target is set against it."""
    pace = ngettext(
        "{coups} coups an hour over {tables} table",
        "{coups} coups an hour over {tables} tables",
        tables,
    ).format(coups=coups, tables=tables)
    return _("Table pace: {pace}").format(pace=pace)


def seats_words(seconds_a_seat: float | None) -> str:
    """A trainee's seconds a seat settled over every table they worked, as the class view
    says it under their table pace ("4.0 s a seat settled", already rounded up to a tenth
    by the report); "seconds a seat not measured" when a table of theirs was recorded
    without its seats (before schema v11)."""
    if seconds_a_seat is None:
        return _("seconds a seat not measured")
    return _("{seconds} s a seat settled").format(seconds=f"{seconds_a_seat:.1f}")


def mastery_target_words(rule: MasteryRule) -> str:
    """A skill's time target as mastery judges it: "5 s", or a pace band's "514.2 s (a coup
    at the mini pace target)" (its seconds to a tenth, rounded down: 3,600,000/7 ms is
    514.2 s)."""
    band, shown = rule.pace_band, target_figure(rule)
    if band is None:
        return _("{seconds} s").format(seconds=shown)
    text = (
        _("{seconds} s (a coup at the {format} pace target)")
        if band.per == "coup"
        else _("{seconds} s (a seat at the {format} pace target)")
    )
    return text.format(seconds=shown, format=band.table_format.value)


def pace_target_words(target: PaceTarget) -> str:
    """A school's pace target for one format: "150 coups an hour, 6 s a seat settled"."""
    parts = []
    if target.coups_an_hour is not None:
        parts.append(_("{coups} coups an hour").format(coups=target.coups_an_hour))
    if target.seconds_a_seat is not None:
        parts.append(
            _("{seconds} s a seat settled").format(seconds=f"{target.seconds_a_seat.normalize():f}")
        )
    return ", ".join(parts) or _("none")
