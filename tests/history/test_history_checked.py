"""The page check on open is skipped only for a file unchanged since it last passed: any
change, even one that puts the modification time back, brings the full check back, so a
damaged file is still refused."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.history import damage_middle_page, file_state, paged_history
from trainer.history.checked import checked, stamp
from trainer.history.store import DamagedHistoryError, open_history
from trainer.paths import user_data_dir


class Counter:
    def __init__(self, fail: bool = False) -> None:
        self.runs = 0
        self.fail = fail

    def __call__(self) -> None:
        self.runs += 1
        if self.fail:
            raise ValueError("damaged")


def test_an_unchanged_file_is_checked_once(tmp_path: Path) -> None:
    f = tmp_path / "h.sqlite3"
    f.write_bytes(b"x" * 100)
    count = Counter()
    assert checked(f, count) is True
    assert checked(f, count) is False
    assert count.runs == 1
    assert (user_data_dir() / "checked.json").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.sqlite3"]  # nothing beside it


def test_any_change_brings_the_check_back(tmp_path: Path) -> None:
    f = tmp_path / "h.sqlite3"
    f.write_bytes(b"x" * 100)
    count = Counter()
    checked(f, count)
    with f.open("r+b") as out:  # same size, new bytes
        out.write(b"y")
    assert checked(f, count) is True
    Path(f"{f}-wal").write_bytes(b"w" * 10)  # a trainer's writes not yet in the file
    assert checked(f, count) is True
    assert count.runs == 3


def test_a_failed_check_is_not_remembered(tmp_path: Path) -> None:
    f = tmp_path / "h.sqlite3"
    f.write_bytes(b"x" * 100)
    failing = Counter(fail=True)
    for _ in range(2):
        with pytest.raises(ValueError):
            checked(f, failing)
    assert failing.runs == 2


def test_damage_with_its_modification_time_put_back_is_still_refused(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite3"
    paged_history(db)
    open_history(db, readonly=True).close()  # checked whole, and remembered
    before = os.stat(db)
    remembered = stamp(db)
    damage_middle_page(db, "random")
    os.utime(db, ns=(before.st_atime_ns, before.st_mtime_ns))  # size and mtime as they were
    assert stamp(db) != remembered  # the status-change time moved all the same
    state = file_state(db)
    with pytest.raises(DamagedHistoryError):
        open_history(db, readonly=True)
    with pytest.raises(DamagedHistoryError):
        open_history(db)
    assert file_state(db) == state
