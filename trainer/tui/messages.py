"""Messages the drill and results screens send up to the app.

In a module of their own so the app can handle them without importing those screens (and
the session and engine behind them) before the first drill starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from trainer.session import Session


@dataclass
class DrillFinished(Message):
    """The last question is answered: show the results."""

    session: Session


@dataclass
class RetryMissed(Message):
    """Run ``session`` (the missed questions of a finished one) as a new drill."""

    session: Session
