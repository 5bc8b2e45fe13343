"""A file ezbac refuses to write (``trainer.paths.OutputRefusedError``: which refusal, and
what it names), in the language spoken: an audition's sheet or badge written over the
history, a key, a folder, another program's file."""

from __future__ import annotations

from trainer.i18n import N_, _
from trainer.paths import OutputRefusedError
from trainer.words.said import say

#: Each refusal's sentence, by ``OutputRefusedError.reason``.
_REFUSALS = {
    "reads": N_("{target}: is {name}, which this command reads: write {what} to another file"),
    "dangling": N_(
        "{target}: is a symbolic link to a file that is not there; ezbac never writes "
        "through it: write to another file"
    ),
    "unwritable": N_("{target}: cannot be written ({why})"),
    "not-a-file": N_("{target}: is {kind}, not a file to write {what} to"),
    "unreadable": N_("{target}: cannot be read ({why})"),
    "not-ours": N_(
        "{target}: exists and is not {what}; ezbac never writes over it: write to another "
        "file, or move that one away first"
    ),
    "exists": N_(
        "{target}: already holds {what}; to replace it, give --replace (or delete it first)"
    ),
}

#: What the refusals name, as the history and the paths give them (worded by the catalogue):
#: the kinds of file written (trainer.history.sheet_files.OUT_KINDS), the history and the
#: kinds of thing found there (trainer.paths.kind_of).
NAMED = (
    N_("an audition sign-off sheet (PDF)"),
    N_("an audition sign-off sheet (JSON)"),
    N_("an Open Badges credential (.jwt)"),
    N_("the history"),
    N_("a folder"),
    N_("a named pipe (fifo)"),
    N_("a device"),
    N_("a socket"),
    N_("a regular file"),
    N_("not a regular file"),
)


def refusal(exc: OutputRefusedError) -> str:
    """The refusal in the language spoken (its English when it names no known reason)."""
    template = _REFUSALS.get(exc.reason)
    if template is None:
        return str(exc)
    values = {k: v if k == "target" else say(v) for k, v in exc.values.items()}
    return _(template).format(**values)
