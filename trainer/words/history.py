"""What the history tells a trainee on screen, in the language spoken: how many answers wait
for it in the local spool.  The recorder (``trainer.history.hooks``) gives the counts."""

from __future__ import annotations

from trainer.history.hooks import Waiting
from trainer.i18n import ngettext


def waiting(w: Waiting) -> str:
    """The line shown while anything waits ("3 answers waiting for the history"), "" when
    nothing does."""
    if w.answers:
        return ngettext(
            "{count} answer waiting for the history",
            "{count} answers waiting for the history",
            w.answers,
        ).format(count=w.answers)
    if w.records:
        return ngettext(
            "{count} record waiting for the history",
            "{count} records waiting for the history",
            w.records,
        ).format(count=w.records)
    return ""
