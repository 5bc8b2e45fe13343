"""What the history tells a trainee or an instructor, in the language spoken: how many
answers wait for it in the local spool, its notices (``Said`` values from the recorder,
``trainer.history.hooks``: what waits and why, the spool, all saved) and the errors it
raises (their message a ``Said``)."""

from __future__ import annotations

from trainer.history.hooks import Pending, Waiting
from trainer.i18n import N_, _, ngettext

#: Why a file or a database is no ezbac history (``trainer.history.backend.refuse``), in the
#: words the history gives, looked up where the refusal is worded: declared for the
#: catalogue.  A damaged database's details are SQLite's own, as it gives them.
NOT_HISTORY = (
    N_("not an SQLite file"),
    N_("another application's SQLite database"),
    N_("text that is not UTF-8"),
)

# ``waiting`` is on the home screen: the engine's ``Said`` (and ``say``) load with the first
# notice or error, not with it.


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


def pending(p: Pending) -> str:
    """ "3 answers and 1 session record", "nothing"."""
    answers = ngettext("{count} answer", "{count} answers", p.answers).format(count=p.answers)
    sessions = ngettext("{count} session record", "{count} session records", p.sessions).format(
        count=p.sessions
    )
    if p.answers and p.sessions > 0:
        return _("{answers} and {sessions}").format(answers=answers, sessions=sessions)
    if p.answers:
        return answers
    if p.sessions > 0:
        return sessions
    return _("nothing")


def notice(text: object) -> str:
    """A notice of the history (a ``Said``, counts in it as ``Pending``) in the language
    spoken; anything else as ``trainer.words.said.say`` words it."""
    from trainer.engine.said import Said
    from trainer.words.said import say

    if isinstance(text, Pending):
        return pending(text)
    if isinstance(text, Said):
        if not text.args:
            return _(text.template)
        return _(text.template).format(**{k: notice(v) for k, v in text.args.items()})
    return say(text)


def problem(exc: BaseException) -> str:
    """An error the history raised, in the language spoken: its message a ``Said`` (worded
    from its template), else its text as it is."""
    from trainer.engine.said import Said
    from trainer.paths import OutputRefusedError

    if isinstance(exc, OutputRefusedError):  # a sheet that would replace another file
        from trainer.words.output import refusal

        return refusal(exc)
    message = exc.args[0] if len(exc.args) == 1 else str(exc)
    return notice(message) if isinstance(message, Said) else str(exc)
