"""Training history: answers in an SQLite file or on a PostgreSQL server (``--db
postgresql://...``), spaced review of skills, progress and reports.

What the trainer needs, in a few lines (``trainer.cli.train.history_hooks`` wires them)::

    store = open_history(args.db)           # HistoryError: one line naming the file/server
    store = open_history(path, readonly=True)   # reading: the file is never changed
    recorder = Recorder(store)              # on_answer/on_session for a Session; never raises
    due_count(store, trainee)               # home screen
    review_drill(store, trainee)            # NothingDueError says why there is none
    progress_data(store, trainee)           # progress screen

The names load on first use (PEP 562): the trainer's start needs only the store and the
scheduler, not the review drills and progress tables (and the engine behind them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer._lazy import lazy_exports

if TYPE_CHECKING:
    from trainer.history.hooks import Recorder
    from trainer.history.progress import ProgressData, TableauGrid, Tally, progress_data
    from trainer.history.review import NothingDueError, build_review_drill, review_drill
    from trainer.history.scheduler import INTERVALS, SkillState, due_count, due_skills
    from trainer.history.store import (
        ENV_DB,
        DamagedHistoryError,
        HistoryError,
        HistoryLockedError,
        HistoryStore,
        HistoryUnavailableError,
        NotHistoryDatabaseError,
        open_history,
        resolve_db_path,
    )

__all__ = [
    "ENV_DB",
    "INTERVALS",
    "DamagedHistoryError",
    "HistoryError",
    "HistoryLockedError",
    "HistoryStore",
    "HistoryUnavailableError",
    "NotHistoryDatabaseError",
    "NothingDueError",
    "ProgressData",
    "Recorder",
    "SkillState",
    "TableauGrid",
    "Tally",
    "build_review_drill",
    "due_count",
    "due_skills",
    "open_history",
    "progress_data",
    "resolve_db_path",
    "review_drill",
]

__getattr__, __dir__ = lazy_exports(
    __name__, __all__, ("store", "scheduler", "hooks", "progress", "review")
)
