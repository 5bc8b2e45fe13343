"""Messages the screens send up to the app, which alone starts drills, opens dialogs and
moves between screens (messages up, attributes down).

In a module of their own so the app can handle them without importing the screens that
send them (and the session and engine behind those) before the first drill starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from trainer.session import Session
    from trainer.session.table.session import TableSession


@dataclass
class DrillFinished(Message):
    """The last question is answered: show the results."""

    session: Session


@dataclass
class TableFinished(Message):
    """The last table of a table drill is worked: show its results."""

    session: TableSession


@dataclass
class RetryMissed(Message):
    """Run ``session`` (the missed questions, or tables, of a finished one) as a new drill."""

    session: Session | TableSession


@dataclass
class LeaveDrill(Message):
    """The trainee asked to leave ``session`` before its end (Escape): confirm, then home."""

    session: Session | TableSession


class GoHome(Message):
    """Back to the home screen (from the results)."""


class StartReview(Message):
    """The trainee's spaced review drill, from home."""


class OpenProgress(Message):
    """The trainee's progress screen, from home."""


class OpenPath(Message):
    """The trainee's path as a picture (mastery per module, speed by day), from home."""


class OpenClass(Message):
    """The instructor's view of the whole class (`ezbac class`), from home."""


class AskName(Message):
    """Ask who is training (home's `n`)."""


class NextLanguage(Message):
    """Speak the next language, at once and remembered (home's `l`)."""


class OpenRoster(Message):
    """The roster, from the class screen (an instructor's, with sign-in on)."""


class SignOut(Message):
    """The person signed in leaves the trainer (home's `o`, with sign-in on)."""


class StartAudition(Message):
    """The trainee's audition, from home (a proctor approves it first)."""


@dataclass
class WriteSignOff(Message):
    """Write the sign-off sheet of the audition run ``run_id`` (the verdict screen's key)."""

    run_id: str


@dataclass
class SignSheet(Message):
    """Sign the sheet of the audition run ``run_id`` with the school's key (the verdict
    screen's key; an instructor's, with the school's sign-in on)."""

    run_id: str
