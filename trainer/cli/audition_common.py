"""What `ezbac audition`'s actions share (trainer.cli.audition, trainer.cli.audition_verify):
an argument given or needed, the history opened to read, the curriculum judged on, and an
error the history layer raised, each one line in the language spoken."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from trainer.cli.common import UsageError, error_joiner
from trainer.i18n import _

if TYPE_CHECKING:
    from trainer.curriculum.model import Curriculum
    from trainer.history.backend import HistoryStore

#: `verify`: not verified (unsigned, changed, another key's, revoked).
EXIT_NOT_VERIFIED = 1


def worded(exc: BaseException) -> str:
    """An error the history raised (its message a ``Said``, or English), in the language."""
    from trainer.words.history import problem

    return problem(exc)


def refused(exc: BaseException) -> UsageError:
    """The history's refusal ``exc`` as the command's usage error, worded."""
    return UsageError(worded(exc))


@contextmanager
def history(db: str | None) -> Iterator[HistoryStore]:
    from trainer.history.store import HistoryError, db_is_missing, open_history, resolve_db

    path = resolve_db(db)
    if db_is_missing(path):
        raise UsageError(_("no training history at {path}").format(path=path))
    try:
        with open_history(path, readonly=True) as store:
            yield store
    except HistoryError as exc:
        raise refused(exc) from None


def given(value: str | None, what: str) -> str | None:
    """An argument given empty is an error; not given, None."""
    if value is not None and not value.strip():
        raise UsageError(_("{option}: empty").format(option=what))
    return None if value is None else value.strip()


def needed(value: str | None, what: str) -> str:
    found = given(value, what)
    if found is None:
        raise UsageError(_("{option} is needed").format(option=what))
    return found


def curriculum(option: str | None) -> Curriculum:
    from trainer.curriculum.catalogue import load_curriculum
    from trainer.curriculum.loader import CurriculumFileError

    try:
        loaded = load_curriculum(option)
    except CurriculumFileError as exc:
        from trainer.words.files import problem_lines

        raise UsageError(error_joiner().join(problem_lines(exc))) from None
    if loaded.audition is None:
        raise UsageError(_("the curriculum {name} sets no audition").format(name=repr(loaded.name)))
    return loaded


def read_file(path: str, what: str, limit: int) -> bytes:
    """A small file's bytes (a key, a sheet, a list: ``what``, marked with ``N_``), or one
    line naming it."""
    from trainer.history.signing import KeyFileError, read_small

    try:
        return read_small(path, what, limit)
    except KeyFileError as exc:
        raise refused(exc) from None
