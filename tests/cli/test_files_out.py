"""Nothing ezbac writes replaces a file it did not make for that purpose: `ezbac audition
record --out` refuses the history (and the files SQLite keeps beside it, under any name that
reaches it), the curriculum it reads, a folder, a device, a named pipe and any existing file
that is not a sign-off sheet of that kind; a sheet is replaced only with --replace, whole
or not at all.  Each refusal is one line naming the file, exit status 2, the file untouched."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.cli.test_cli_audition import RUN, make_history, run
from tests.support.cli import ezbac_process, usage_error


@pytest.fixture
def history(tmp_path: Path) -> tuple[str, Path]:
    return make_history(str(tmp_path / "history.sqlite3"), tmp_path)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def _refused(history: tuple[str, Path], out: Path, *more: str) -> str:
    folder = Path(history[0]).parent
    before = _snapshot(folder)
    line = usage_error(run(history, "record", RUN, "--out", str(out), *more))
    assert _snapshot(folder) == before  # nothing written, nothing left beside
    return line


@pytest.mark.parametrize("replace", [(), ("--replace",)])
def test_the_history_itself_is_refused(history: tuple[str, Path], replace: tuple[str]) -> None:
    db = Path(history[0])
    line = _refused(history, db, *replace)
    assert line.endswith(
        "history.sqlite3: is the history, which this command reads: write an audition "
        "sign-off sheet (PDF) to another file"
    )


@pytest.mark.parametrize("suffix", ["-wal", "-journal", "-shm"])
def test_the_files_sqlite_keeps_beside_the_history_are_refused(
    history: tuple[str, Path], suffix: str
) -> None:
    # not there while the history is closed: a sheet written there would be read as the
    # history's journal when it is next opened
    out = Path(history[0] + suffix)
    assert not out.exists()
    assert "is the history, which this command reads" in _refused(history, out)
    assert not out.exists()


def test_the_history_under_another_name_is_refused(history: tuple[str, Path]) -> None:
    db = Path(history[0])
    linked, hard = db.with_name("link.pdf"), db.with_name("hard.pdf")
    linked.symlink_to(db)
    os.link(db, hard)
    for out in (linked, hard, db.parent / "." / db.name):
        assert "is the history, which this command reads" in _refused(history, out)


def test_the_curriculum_read_is_refused(history: tuple[str, Path]) -> None:
    _db, curriculum = history
    line = _refused(history, curriculum, "--replace")
    assert line.endswith(
        "curriculum.yaml: is the curriculum file, which this command reads: "
        "write an audition sign-off sheet (PDF) to another file"
    )


@pytest.mark.parametrize("replace", [(), ("--replace",)])
def test_an_existing_file_that_is_not_a_sheet_is_never_replaced(
    history: tuple[str, Path], tmp_path: Path, replace: tuple[str]
) -> None:
    out = tmp_path / "notes.pdf"
    out.write_bytes(b"%PDF-1.4 someone else's document\n")
    line = _refused(history, out, *replace)
    assert line.endswith(
        "notes.pdf: exists and is not an audition sign-off sheet (PDF); ezbac never "
        "replaces it: write to another file, or move that one away first"
    )
    assert out.read_bytes() == b"%PDF-1.4 someone else's document\n"


def test_a_special_file_is_refused(history: tuple[str, Path], tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    assert _refused(history, fifo).endswith(
        "pipe.pdf: is a named pipe (fifo), not a file to write an audition sign-off sheet (PDF) to"
    )
    assert _refused(history, tmp_path).endswith(
        ": is a folder, not a file to write an audition sign-off sheet (PDF) to"
    )
    db, curriculum = history
    dev = ezbac_process(
        "audition",
        "record",
        RUN,
        "--out",
        "/dev/null",
        "--db",
        db,
        "--curriculum",
        str(curriculum),
        timeout=60,
    )
    assert usage_error(dev) == (
        "ezbac: error: /dev/null: is a device, not a file to write an audition sign-off "
        "sheet (PDF) to"
    )


def test_a_sheet_is_replaced_only_when_asked(history: tuple[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    first = run(history, "record", RUN, "--out", str(out))
    assert first.returncode == 0, first.stderr
    made = out.read_bytes()
    line = _refused(history, out)
    assert line.endswith(
        "sheet.pdf: already holds an audition sign-off sheet (PDF); to replace it, give "
        "--replace (or delete it first)"
    )
    again = run(history, "record", RUN, "--out", str(out), "--replace")
    assert again.returncode == 0, again.stderr
    assert out.read_bytes()[:5] == made[:5] == b"%PDF-"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_sheet_of_the_other_kind_is_not_replaced(
    history: tuple[str, Path], tmp_path: Path
) -> None:
    pdf, js = tmp_path / "sheet.pdf", tmp_path / "sheet.json"
    assert run(history, "record", RUN, "--out", str(pdf)).returncode == 0
    assert run(history, "record", RUN, "--json", "--out", str(js)).returncode == 0
    line = _refused(history, pdf, "--json", "--replace")
    assert "exists and is not an audition sign-off sheet (JSON)" in line
    line = _refused(history, js, "--replace")
    assert "exists and is not an audition sign-off sheet (PDF)" in line
    done = run(history, "record", RUN, "--json", "--out", str(js), "--replace")
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("suffix", ["-wal", "-journal"])
def test_a_history_is_not_copied_beside_itself(history: tuple[str, Path], suffix: str) -> None:
    from tests.support.cli import ezbac

    db = Path(history[0])
    before = _snapshot(db.parent)
    line = usage_error(ezbac("history", "copy", str(db), str(db) + suffix))
    assert line.endswith(
        f"history.sqlite3{suffix}: is the history being copied, or a file SQLite keeps "
        "beside it (-wal, -journal, -shm): copy it to another file"
    )
    assert _snapshot(db.parent) == before


def test_a_folder_that_is_not_there_is_named_not_the_temporary_file(
    history: tuple[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "none" / "sheet.pdf"
    line = _refused(history, out)
    assert line.endswith("none/sheet.pdf: no such file or directory")


def test_the_trainers_sheet_replaces_its_own_sheet_never_another_file(
    history: tuple[str, Path],
) -> None:
    """The verdict screen's `s` (Recorder.sign_off) writes into the ezbac folder's
    auditions/: again over its own sheet, never over another file left under its name
    (the trainer shows the EzbacError's line)."""
    from trainer.errors import EzbacError
    from trainer.history.hooks import Recorder
    from trainer.history.store import open_history

    db, curriculum = history
    target = Path(os.environ["EZBAC_HOME"]) / "auditions" / "audition-ana-2024-05-01.pdf"
    target.parent.mkdir(parents=True)
    target.write_bytes(b"my notes\n")
    with open_history(db) as store:
        recorder = Recorder(store, curriculum=curriculum)
        with pytest.raises(EzbacError, match="exists and is not an audition sign-off"):
            recorder.sign_off(RUN)
        assert target.read_bytes() == b"my notes\n"
        target.unlink()
        assert recorder.sign_off(RUN) == target
        assert recorder.sign_off(RUN) == target  # its own sheet, replaced
    assert target.read_bytes().startswith(b"%PDF-")
