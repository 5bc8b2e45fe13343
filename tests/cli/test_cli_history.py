"""`ezbac history copy SRC DST` as a school runs it: every way between an SQLite file and a
real PostgreSQL server, the copy equal to its source row for row, the source never written,
a destination that holds anything refused and left as it was."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.cli import ezbac, usage_error
from tests.support.history import answer, store_with
from trainer.history.report import build_attempts, build_report
from trainer.history.store import open_history

KINDS = ("sqlite", "postgresql")


@pytest.fixture
def new_db(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[str], str]:
    """``new_db(kind)``: a fresh history location of that kind, not yet written."""
    numbers = itertools.count(1)

    def make(kind: str) -> str:
        if kind == "sqlite":  # each in its own folder: what lies beside it is checked
            folder = tmp_path / f"d{next(numbers)}"
            folder.mkdir()
            return str(folder / "h.sqlite3")
        return request.getfixturevalue("pg_server").schema()

    return make


def _everything(db: str) -> tuple:
    """What a history holds, as ezbac reads it and row for row (ids and families too)."""
    with open_history(db, readonly=True) as store:
        return (
            store.answers(),
            store.sessions(),
            build_report(store),
            build_attempts(store),
            store.select("SELECT id, family, skill FROM answers ORDER BY id"),
        )


def _state(db: str) -> object:
    """A source's state to compare before and after: a file's bytes, mtime and neighbours,
    or a server database's tables, rows and change counters."""
    if db.startswith("postgresql://"):
        from tests.support.pg import schema_snapshot

        return schema_snapshot(db)
    path = Path(db)
    return path.read_bytes(), path.stat().st_mtime_ns, sorted(p.name for p in path.parent.iterdir())


@pytest.mark.parametrize(("src_kind", "dst_kind"), list(itertools.product(KINDS, KINDS)))
def test_a_history_moves_whole_either_way_and_the_source_is_untouched(
    new_db: Callable[[str], str], src_kind: str, dst_kind: str
) -> None:
    src, dst = new_db(src_kind), new_db(dst_kind)
    store_with(src, 5).close()  # a random history: retries, abandoned runs, bets, names
    want = _everything(src)
    before = _state(src)
    run = ezbac("history", "copy", src, dst)
    assert run.returncode == 0, run.stderr
    sessions, answers = len(want[1]), len(want[0])
    assert run.stdout.startswith(f"copied {sessions} sessions and {answers} answers from ")
    assert "counts checked" in run.stdout and run.stderr == ""
    assert _everything(dst) == want
    assert _state(src) == before
    with open_history(dst) as store:  # the copy is a working history: answers go on after
        store.on_answer(answer(trainee="new"))
        ((last, count),) = store.select("SELECT MAX(id), COUNT(*) FROM answers")
    assert (last, count) == (want[4][-1][0] + 1, answers + 1)


@pytest.mark.parametrize("dst_kind", KINDS)
def test_a_destination_holding_a_history_is_refused_and_left_as_it_was(
    new_db: Callable[[str], str], dst_kind: str
) -> None:
    src, dst = new_db("sqlite"), new_db(dst_kind)
    store_with(src, 2).close()
    with open_history(dst) as store:
        store.on_answer(answer(trainee="already-here"))
    before, source = _everything(dst), _state(src)
    line = usage_error(ezbac("history", "copy", src, dst))
    assert "already holds a history (0 sessions, 1 answers); nothing was copied" in line
    assert _everything(dst) == before and _state(src) == source


def test_a_foreign_destination_is_refused_untouched(new_db: Callable[[str], str]) -> None:
    from tests.support.pg import add_other_tables, schema_snapshot

    src, dst = new_db("sqlite"), new_db("postgresql")
    store_with(src, 1).close()
    add_other_tables(dst)
    before = schema_snapshot(dst)
    assert "not an ezbac history database" in usage_error(ezbac("history", "copy", src, dst))
    assert schema_snapshot(dst) == before


def test_nothing_to_copy_creates_nothing(new_db: Callable[[str], str], tmp_path: Path) -> None:
    missing, dst = str(tmp_path / "nope.sqlite3"), new_db("sqlite")
    assert "no history database there" in usage_error(ezbac("history", "copy", missing, dst))
    blank = new_db("postgresql")
    line = usage_error(ezbac("history", "copy", blank, dst))
    assert "no sessions or answers to copy" in line
    assert not Path(dst).exists() and not Path(missing).exists()
    usage_error(ezbac("history", "copy", dst), "DST")


@pytest.mark.parametrize("suffix", ["-wal", "-journal"])
def test_a_history_is_not_copied_beside_itself(tmp_path: Path, suffix: str) -> None:
    """A copy written at a file SQLite keeps beside the source would be read as its
    journal: refused, one line, nothing made."""
    from tests.cli.test_cli_audition import make_history

    db = Path(make_history(str(tmp_path / "history.sqlite3"), tmp_path)[0])
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    line = usage_error(ezbac("history", "copy", str(db), str(db) + suffix))
    assert line.endswith(
        f"history.sqlite3{suffix}: is the history being copied, or a file SQLite keeps "
        "beside it (-wal, -journal, -shm): copy it to another file"
    )
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()} == before
