"""A drill's title as a screen heads it, in the language spoken.

A drill file's title is the school's own words and is shown as typed.  The drills the
trainer builds itself (the spaced review, the audition's written part) have no file: their
titles are worded here, and an audition's part ("Part 2 of 8") is given as numbers by the
session and worded here too.
"""

from __future__ import annotations

from trainer.drills.model import Drill
from trainer.history.review import REVIEW_ID
from trainer.i18n import _
from trainer.session.audition import WRITTEN_ID


def title(drill: Drill) -> str:
    """The drill's title: a built drill's in the language, a file's as typed."""
    if drill.id == REVIEW_ID:
        return _("Review at the table") if drill.at_table else _("Review")
    if drill.id == WRITTEN_ID:
        return _("Audition: the written part")
    return drill.title


def heading(drill: Drill) -> str:
    """The title after the audition's part it is sat as, when it is one."""
    if drill.part is None:
        return title(drill)
    number, parts = drill.part
    return _("Part {number} of {parts} · {title}").format(
        number=number, parts=parts, title=title(drill)
    )
