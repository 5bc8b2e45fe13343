"""Hostile files and folders around the history, one class at a time:

- a history with a damaged page in the middle is refused with its path and never written;
- reading (``ezbac report``) never changes the file it reads, and works on a read-only file;
- a path that cannot hold a file (a device, a folder, a FIFO, a socket) is refused before
  anything is created beside it;
- a folder or file that cannot be reached or read (permission denied, a path under a
  regular file) is one line naming it, exit status 2, from every command.
"""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import ROOT
from tests.support.cli import ezbac, usage_error
from tests.support.history import (
    EZBAC_APP_ID,
    PAGE,
    answer,
    damage_middle_page,
    file_state,
    paged_history,
    v1_file,
)
from trainer.history import backend_sqlite as store_module
from trainer.history.store import (
    DamagedHistoryError,
    HistoryError,
    HistoryUnavailableError,
    NotHistoryDatabaseError,
    open_history,
)

SIDE_FILES = ("-wal", "-shm", "-journal")


# -- damaged pages ------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["random", "zeros", "bitflip"])
def test_a_damaged_page_in_the_middle_is_refused_and_never_written(
    tmp_path: Path, how: str
) -> None:
    db = tmp_path / "history.sqlite3"
    paged_history(db)
    damage_middle_page(db, how)
    before = file_state(db)

    with pytest.raises(DamagedHistoryError) as info:
        open_history(db)
    message = str(info.value)
    assert str(db) in message and "damaged" in message and "\n" not in message
    with pytest.raises(DamagedHistoryError):
        open_history(db, readonly=True)
    assert file_state(db) == before

    line = usage_error(ezbac("report", "--db", str(db)), str(db))
    assert "damaged" in line
    usage_error(ezbac("train", "player-draw", "--trainee", "ana", "--db", str(db)), str(db))
    assert file_state(db) == before  # byte for byte, and nothing left beside it


def test_damage_found_while_reading_is_one_line_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Damage the opening check did not see (here: the check skipped) surfaces from a read as
    the same one-line error, not as sqlite3's exception."""
    db = tmp_path / "history.sqlite3"
    paged_history(db)
    conn = sqlite3.connect(db)  # the answers table's own first page, which the read must use
    ((root,),) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'answers'")
    conn.close()
    raw = bytearray(db.read_bytes())
    raw[(root - 1) * PAGE : root * PAGE] = os.urandom(PAGE)
    db.write_bytes(bytes(raw))
    monkeypatch.setattr(store_module, "_check_pages", lambda conn, path: None)
    with open_history(db, readonly=True) as store, pytest.raises(DamagedHistoryError) as info:
        store.answers()
    assert str(db) in str(info.value) and "\n" not in str(info.value)


# -- reading never writes -----------------------------------------------------------------


def _empty(path: Path) -> None:
    path.touch()


def _blank_sqlite(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("VACUUM")  # a valid, empty SQLite file
    conn.close()
    assert path.stat().st_size > 0


def _rollback_journal(path: Path) -> None:
    paged_history(path, answers=30)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode = DELETE").fetchone()[0] == "delete"
    conn.close()


def _wal(path: Path) -> None:
    paged_history(path, answers=30)


@pytest.mark.parametrize(
    ("make", "answered"),
    [(_empty, 0), (_blank_sqlite, 0), (v1_file, 3), (_rollback_journal, 30), (_wal, 30)],
    ids=["empty", "blank-sqlite", "older-schema", "rollback-journal", "wal"],
)
def test_report_leaves_the_file_exactly_as_it_was(tmp_path: Path, make, answered: int) -> None:
    db = tmp_path / "history.sqlite3"
    make(db)
    before = file_state(db)
    run = ezbac("report", "--format", "json", "--db", str(db))
    assert run.returncode == 0, run.stderr
    assert file_state(db) == before  # same bytes: not initialised, migrated or switched to WAL
    with open_history(db, readonly=True) as store:
        assert store.answer_count() == answered
    assert file_state(db) == before


def test_report_sees_answers_a_running_trainer_has_not_checkpointed(tmp_path: Path) -> None:
    """With a writer at work the -wal holds the newest answers: the report reads through it."""
    db = tmp_path / "history.sqlite3"
    with open_history(db) as writer:
        for i in range(5):
            writer.on_answer(answer(seconds=float(i)))
        assert Path(f"{db}-wal").exists()
        run = ezbac("report", "--format", "csv", "--db", str(db))
        assert run.returncode == 0, run.stderr
        row = dict(zip(*[line.split(",") for line in run.stdout.splitlines()[:2]], strict=True))
        assert row["answered"] == "5"


def test_a_read_only_store_cannot_write(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite3"
    paged_history(db, answers=3)
    with open_history(db, readonly=True) as store:
        with pytest.raises(sqlite3.OperationalError):  # the connection itself is read-only
            store._conn.execute("CREATE TABLE t (x)")
        with pytest.raises(HistoryUnavailableError, match="reading only"):
            store.record_answer(answer())


def _unprivileged() -> list[str] | None:
    """A command prefix that runs as a user file permissions apply to, or None."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        return None
    probe = subprocess.run(
        [
            "setpriv",
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            sys.executable,
            "-c",
            "import trainer",
        ],
        cwd=ROOT,
        capture_output=True,
    )
    return (
        ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        if probe.returncode == 0
        else None
    )


def _run_as_user(prefix: list[str], *args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "EZBAC_HOME": str(home)}
    env.pop("EZBAC_DB", None)
    return subprocess.run(
        [*prefix, sys.executable, "-m", "trainer", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )


@pytest.fixture
def open_tmp() -> Iterator[Path]:
    """A temporary folder the unprivileged user can reach: pytest's own basetemp is private
    to root (and another pytest session starting would make it so again), so this one is
    made directly under the system's temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="ezbac-perm-"))
    folder.chmod(0o755)
    if any(not parent.stat().st_mode & 0o001 for parent in folder.parents):
        shutil.rmtree(folder)
        pytest.skip(f"{folder.parent} cannot be searched by other users")
    try:
        yield folder
    finally:
        for path in [folder, *folder.rglob("*")]:
            path.chmod(0o755)
        shutil.rmtree(folder)


def test_report_reads_a_file_it_may_not_write(open_tmp: Path) -> None:
    prefix = _unprivileged()
    if prefix is None:
        pytest.skip("running as root without setpriv: file permissions cannot bite")
    db = open_tmp / "history.sqlite3"
    _wal(db)
    db.chmod(0o444)
    open_tmp.chmod(0o555)  # not even a -wal or -shm could be made beside it
    before = file_state(db)
    try:
        run = _run_as_user(prefix, "report", "--db", str(db), home=open_tmp / "home")
    finally:
        open_tmp.chmod(0o755)
    assert run.returncode == 0, run.stderr
    assert "Answers: 30" in run.stdout
    assert file_state(db) == before


# -- special files ------------------------------------------------------------------------


def _fifo(tmp: Path) -> Path:
    path = tmp / "pipe"
    os.mkfifo(path)
    return path


def _socket(tmp: Path) -> Path:
    path = tmp / "sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()  # the socket file stays
    return path


def _folder(tmp: Path) -> Path:
    path = tmp / "folder"
    path.mkdir()
    return path


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda tmp: Path("/dev/null"), "a device"),
        (_folder, "a folder"),
        (_fifo, "a named pipe"),
        (_socket, "a socket"),
    ],
    ids=["dev-null", "folder", "fifo", "socket"],
)
@pytest.mark.parametrize(
    "command",
    [["report"], ["train", "player-draw", "--trainee", "ana"], []],
    ids=["report", "train", "home"],
)
def test_a_special_file_is_refused_before_anything_is_created(
    open_tmp: Path, make, kind: str, command: list[str]
) -> None:
    path = make(open_tmp)
    beside = [Path(f"{path}{suffix}") for suffix in SIDE_FILES]
    existed = [p.exists() for p in beside]
    listing = sorted(p.name for p in path.parent.iterdir()) if path.parent == open_tmp else None
    line = usage_error(ezbac(*command, "--db", str(path), timeout=30), str(path))
    assert kind in line
    assert [p.exists() for p in beside] == existed
    if listing is not None:
        assert sorted(p.name for p in open_tmp.iterdir()) == listing


# -- folders and files that cannot be reached ----------------------------------------------


COMMANDS = {
    "drills list": ["drills", "list"],
    "drills preview": ["drills", "preview", "warmup", "--count", "1", "--seed", "1"],
    "report": ["report"],
    "home": [],
    "train": ["train", "warmup", "--trainee", "ana"],
}


@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS.keys())
def test_a_home_under_a_regular_file_is_one_line_naming_it(
    open_tmp: Path, command: list[str]
) -> None:
    """``EZBAC_HOME=FILE/sub``: the path cannot be a folder (ENOTDIR), whoever runs it."""
    regular = open_tmp / "notes.txt"
    regular.write_text("not a folder\n")
    run = ezbac(*command, env={"EZBAC_HOME": str(regular / "sub")}, timeout=30)
    line = usage_error(run, str(regular / "sub"))
    assert str(regular) in line
    assert regular.read_text() == "not a folder\n"


@pytest.mark.parametrize(
    "command",
    [["report"], ["train", "warmup", "--trainee", "ana"], []],
    ids=["report", "train", "home"],
)
def test_a_db_path_under_a_regular_file_is_one_line_naming_it(
    open_tmp: Path, command: list[str]
) -> None:
    regular = open_tmp / "notes.txt"
    regular.write_text("not a folder\n")
    db = regular / "history.sqlite3"
    line = usage_error(ezbac(*command, "--db", str(db), timeout=30), str(db))
    assert "cannot reach it" in line


@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS.keys())
@pytest.mark.parametrize("locked", ["home", "drills", "db-folder", "db-file"])
def test_permission_denied_is_one_line_naming_the_path(
    open_tmp: Path, command: list[str], locked: str
) -> None:
    """Real permission errors (chmod 000), as a user they apply to: as root, through
    setpriv as nobody."""
    prefix = _unprivileged()
    if prefix is None:
        pytest.skip("running as root without setpriv: file permissions cannot bite")
    home = open_tmp / "home"
    (home / "drills").mkdir(parents=True)
    home.chmod(0o777)
    args = list(command)
    if locked == "home":
        culprit = home
    elif locked == "drills":
        culprit = home / "drills"
    else:
        if command[:1] not in (["report"], ["train"]) and command:
            pytest.skip("this command does not read the history")
        if locked == "db-folder":
            culprit = open_tmp / "shut"
            culprit.mkdir()
            args += ["--db", str(culprit / "history.sqlite3")]
        else:
            culprit = open_tmp / "history.sqlite3"
            paged_history(culprit, answers=3)
            args += ["--db", str(culprit)]
    culprit.chmod(0)
    try:
        run = _run_as_user(prefix, *args, home=home)
    finally:
        culprit.chmod(0o755)
    if locked == "drills" and command == ["report"]:
        assert run.returncode == 0, run.stderr  # the report never looks at drills
        return
    assert str(culprit) in run.stderr, run.stderr
    line = usage_error(run, str(culprit))
    assert "permission denied" in line


def test_any_other_os_error_is_one_line_naming_its_path(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line's last resort for an OSError no layer turned into a message."""
    from trainer import cli
    from trainer.cli import drills

    def refused(args: object) -> int:
        raise PermissionError(13, "Permission denied", "/srv/school/drills/x.yaml")

    monkeypatch.setattr(drills, "run_schema", refused)
    assert cli.main(["drills", "schema"]) == 2
    err = capsys.readouterr().err
    assert err == "ezbac: error: /srv/school/drills/x.yaml: permission denied\n"


def test_history_errors_are_the_error_the_command_line_catches() -> None:
    """One root the command line reports in one line; a history that cannot be used now is
    not bad input (no ``except ValueError`` hides it), one that is not ours is."""
    from trainer.errors import BadInputError, EzbacError, UnavailableError

    assert issubclass(HistoryError, EzbacError)
    assert issubclass(HistoryUnavailableError, UnavailableError)
    assert not issubclass(HistoryUnavailableError, ValueError)
    assert issubclass(NotHistoryDatabaseError, BadInputError)
    assert EZBAC_APP_ID  # the refusal tests above build real histories with this id
