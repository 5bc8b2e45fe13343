"""Fixtures of the history tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer.history.store import HistoryStore, open_history


@pytest.fixture
def store(tmp_path: Path) -> Iterator[HistoryStore]:
    """An open SQLite history in the test's own folder (a module may define its own, as the
    report's tests do, filled and on both backends)."""
    with open_history(tmp_path / "h.sqlite3") as s:
        yield s
