"""`ezbac audition record|sign|badge --out` and the verdict screen's `s` and `k` never write
over a file ezbac did not make for that purpose: not the history (nor the files SQLite
keeps beside it, nor a link to it), not a file the command reads (the curriculum, the key,
its public half, the passphrase file), not a folder, a named pipe, a device or a link to
nothing, not an existing file that is not a file of that kind; an existing one of that
kind only with --replace, whole or not at all.  Each refusal is one line naming the file,
exit 2, and leaves every file as it was.  One writer does it all
(trainer.history.sheet_files), so the lines are worded once, here.

The sitting is test_cli_audition's; the school's key is made as in
test_cli_audition_signed.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.cli.test_cli_audition import RUN
from tests.cli.test_cli_audition_signed import PHRASE, make_school
from tests.support.cli import ezbac, usage_error

PDF = "an audition sign-off sheet (PDF)"
JSON = "an audition sign-off sheet (JSON)"
JWT = "an Open Badges credential (.jwt)"


@pytest.fixture
def school(tmp_path: Path) -> dict[str, Path]:
    """test_cli_audition_signed's school, and its passphrase in a file."""
    phrase = tmp_path / "phrase.txt"
    phrase.write_text(PHRASE + "\n", encoding="utf-8")
    return make_school(tmp_path) | {"phrase": phrase}


def sign(school: dict[str, Path], out: Path | str, *args: str):  # type: ignore[no-untyped-def]
    return ezbac(
        "audition", "sign", RUN, "--key", str(school["key"]), "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]), "--passphrase-file", str(school["phrase"]),
        "--out", str(out), *args,
    )  # fmt: skip


def record(school: dict[str, Path], out: Path | str, *args: str):  # type: ignore[no-untyped-def]
    return ezbac(
        "audition", "record", RUN, "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]), "--out", str(out), *args,
    )  # fmt: skip


def badge(school: dict[str, Path], out: Path | str, *args: str):  # type: ignore[no-untyped-def]
    return ezbac(
        "audition", "badge", RUN, "--key", str(school["key"]), "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]), "--passphrase-file", str(school["phrase"]),
        "--out", str(out), *args,
    )  # fmt: skip


def files(folder: Path) -> dict[str, bytes]:
    """Every regular file under ``folder`` and its bytes (a temporary file left behind, a
    dot-file, shows as one more)."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


@pytest.mark.parametrize(
    ("name", "called"),
    [
        ("db", "the history"),
        ("curriculum", "the curriculum file"),
        ("key", "the school's key"),
        ("pub", "the school's public key"),
        ("phrase", "the passphrase file"),
    ],
)
def test_a_file_the_command_reads_is_never_written_over(school, name, called) -> None:
    before = files(school["dir"])
    for replace in ((), ("--replace",)):
        line = usage_error(sign(school, school[name], *replace))
        assert line == (
            f"ezbac: error: {school[name]}: is {called}, which this command reads: "
            f"write {PDF} to another file"
        )
    if name in ("db", "curriculum"):
        line = usage_error(record(school, school[name], "--json", "--replace"))
        assert line.endswith(
            f": is {called}, which this command reads: write {JSON} to another file"
        )
    assert files(school["dir"]) == before


def test_the_historys_own_files_and_links_to_it_are_refused(school) -> None:
    """The -wal, -journal and -shm files SQLite keeps beside the history (not there while
    it is closed: a sheet written there would be read as its journal when next opened), a
    symbolic link to it, a hard link to it and a path through "./": each is the history."""
    db = school["db"]
    (school["dir"] / "link.pdf").symlink_to(db)
    os.link(db, school["dir"] / "hard.pdf")
    before = files(school["dir"])
    for out in (
        f"{db}-wal",
        f"{db}-journal",
        f"{db}-shm",
        school["dir"] / "link.pdf",
        school["dir"] / "hard.pdf",
        db.parent / "." / db.name,
    ):
        for command in (sign, record, badge):
            line = usage_error(command(school, out, "--replace"))
            assert ": is the history, which this command reads: write " in line
    assert files(school["dir"]) == before
    assert not [p for p in db.parent.iterdir() if p.name.startswith(db.name + "-")]


def test_a_folder_a_pipe_a_device_and_a_link_to_nothing_are_refused_without_waiting(
    school,
) -> None:
    pipe = school["dir"] / "pipe.pdf"
    os.mkfifo(pipe)
    dangling = school["dir"] / "gone.pdf"
    dangling.symlink_to(school["dir"] / "not-there.pdf")
    for out, kind in (
        (school["dir"], "a folder"),
        (pipe, "a named pipe (fifo)"),
        (Path("/dev/null"), "a device"),
    ):
        assert usage_error(sign(school, out)) == (
            f"ezbac: error: {out}: is {kind}, not a file to write {PDF} to"
        )
        assert usage_error(record(school, out, "--json")).endswith(
            f": is {kind}, not a file to write {JSON} to"
        )
        assert usage_error(badge(school, out)).endswith(
            f": is {kind}, not a file to write {JWT} to"
        )
    for command in (sign, record, badge):
        line = usage_error(command(school, dangling, "--replace"))
        assert line.endswith(
            "gone.pdf: is a symbolic link to a file that is not there; ezbac never writes "
            "through it: write to another file"
        )
    assert not (school["dir"] / "not-there.pdf").exists()


def test_an_existing_file_that_is_not_of_that_kind_is_never_written_over(school) -> None:
    """Notes, a PDF ezbac did not make, a JSON file that is no sheet (a run_id and a
    trainee, but no code and no signature), a sheet of the other kind: refused even with
    --replace."""
    notes = school["dir"] / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    other_pdf = school["dir"] / "contract.pdf"
    other_pdf.write_bytes(b"%PDF-1.4\n1 0 obj << /Creator (LibreOffice) >> endobj\n%%EOF\n")
    other_json = school["dir"] / "config.json"
    other_json.write_text('{"run_id": "x", "trainee": "y"}\n', encoding="utf-8")
    pdf_sheet, json_sheet = school["dir"] / "sheet.pdf", school["dir"] / "sheet.json"
    assert sign(school, pdf_sheet).returncode == 0
    assert record(school, json_sheet, "--json").returncode == 0
    before = files(school["dir"])
    for out in (notes, other_pdf, other_json):
        for replace in ((), ("--replace",)):
            assert usage_error(sign(school, out, *replace)) == (
                f"ezbac: error: {out}: exists and is not {PDF}; ezbac never writes over "
                "it: write to another file, or move that one away first"
            )
    usage_error(record(school, other_json, "--json", "--replace"), f"exists and is not {JSON};")
    usage_error(sign(school, pdf_sheet, "--json", "--replace"), f"exists and is not {JSON};")
    usage_error(record(school, json_sheet, "--replace"), f"exists and is not {PDF};")
    usage_error(badge(school, notes, "--replace"), f"exists and is not {JWT};")
    usage_error(badge(school, pdf_sheet, "--replace"), f"exists and is not {JWT};")
    assert files(school["dir"]) == before


def test_a_file_of_that_kind_is_replaced_only_with_replace(school) -> None:
    """An unsigned sheet where the signed one goes: refused without --replace (saying how),
    replaced with it; the same for the JSON sheet (unsigned, then signed, then signed
    again) and the badge.  Replaced whole: no temporary file is left."""
    sheet = school["dir"] / "ana.pdf"
    assert record(school, sheet).returncode == 0
    unsigned = sheet.read_bytes()
    assert usage_error(sign(school, sheet)) == (
        f"ezbac: error: {sheet}: already holds {PDF}; to replace it, give --replace (or "
        "delete it first)"
    )
    assert sheet.read_bytes() == unsigned
    done = sign(school, sheet, "--replace")
    assert done.returncode == 0, done.stderr
    assert sheet.read_bytes() != unsigned
    verified = ezbac("audition", "verify", str(sheet), "--key", str(school["pub"]))
    assert verified.returncode == 0, verified.stdout
    as_json = school["dir"] / "ana.json"
    assert record(school, as_json, "--json").returncode == 0
    usage_error(
        sign(school, as_json, "--json"), f"already holds {JSON}; to replace it, give --replace"
    )
    assert sign(school, as_json, "--json", "--replace").returncode == 0
    assert "ezbac_signed_audition" in json.loads(as_json.read_text(encoding="utf-8"))
    usage_error(record(school, as_json, "--json"), f"already holds {JSON}")  # the signed shape
    assert record(school, as_json, "--json", "--replace").returncode == 0
    assert "verification_code" in json.loads(as_json.read_text(encoding="utf-8"))
    jwt = school["dir"] / "ana.jwt"
    assert badge(school, jwt).returncode == 0
    usage_error(badge(school, jwt), f"already holds {JWT}")
    assert badge(school, jwt, "--replace").returncode == 0
    assert not [p for p in school["dir"].iterdir() if p.name.startswith(".")]


def test_a_folder_that_is_not_there_is_named_not_the_temporary_file(school) -> None:
    out = school["dir"] / "none" / "sheet.pdf"
    before = files(school["dir"])
    for command in (sign, record, badge):
        line = usage_error(command(school, out))
        assert line == f"ezbac: error: {out}: no such file or directory"
    assert files(school["dir"]) == before


def test_an_empty_out_is_an_error_never_a_default(school) -> None:
    usage_error(sign(school, ""), "--out")
    usage_error(record(school, ""), "--out")
    usage_error(badge(school, ""), "--out")


def test_a_file_that_appears_while_the_sheet_is_written_is_not_written_over(
    tmp_path: Path,
) -> None:
    """Checked with nothing there, a sheet is put in place only where nothing is still:
    a file made there meanwhile (here, before the write) is left as it was."""
    from trainer.paths import write_bytes_atomic

    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"made meanwhile\n")
    with pytest.raises(FileExistsError) as caught:
        write_bytes_atomic(target, b"%PDF-", replace=False)
    assert caught.value.filename == str(target)
    assert target.read_bytes() == b"made meanwhile\n"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


def test_the_verdict_screens_sheets_never_replace_a_file_put_in_their_place(school) -> None:
    """`s` (Recorder.sign_off) and `k` (Recorder.sign_sheet) at the verdict screen write
    into the ezbac folder's auditions/: a file or a link put there under the sheet's name
    is left as it was (one line, which the trainer shows); with nothing there the sheet is
    written, and written again it replaces its own."""
    from trainer.curriculum.catalogue import load_curriculum
    from trainer.errors import EzbacError
    from trainer.history.hooks import Recorder
    from trainer.history.store import open_history
    from trainer.paths import user_data_dir
    from trainer.words.sheet import sign_off_pdf

    folder = user_data_dir() / "auditions"
    folder.mkdir(parents=True)
    notes = school["dir"] / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    curriculum = load_curriculum(str(school["curriculum"]))
    with open_history(school["db"]) as store:
        recorder = Recorder(store, sheet_pdf=sign_off_pdf)
        recorder.curriculum = lambda: curriculum  # type: ignore[method-assign]
        for target, write in (
            (folder / "audition-ana-2024-05-01.pdf", lambda: recorder.sign_off(RUN)),
            (
                folder / "audition-ana-2024-05-01.signed.pdf",
                lambda: recorder.sign_sheet(RUN, str(school["key"]), PHRASE),
            ),
        ):
            for planted in ("link", "file", "history"):
                if planted == "link":
                    target.symlink_to(notes)
                elif planted == "history":
                    target.symlink_to(school["db"])
                else:
                    target.write_text("someone's file\n", encoding="utf-8")
                with pytest.raises(EzbacError) as caught:
                    write()
                assert str(caught.value) == (
                    f"{target}: is the history, which this command reads: write {PDF} to "
                    "another file"
                    if planted == "history"
                    else f"{target}: exists and is not {PDF}; ezbac never writes over it: "
                    "write to another file, or move that one away first"
                )
                assert notes.read_text(encoding="utf-8") == "my notes\n"
                if planted == "file":
                    assert target.read_text(encoding="utf-8") == "someone's file\n"
                target.unlink()
            assert write() == target
            first = target.stat().st_ino
            # its own, written again: a new file renamed over it (Ed25519 and the PDF are
            # deterministic, so the bytes are the same; the file is not)
            assert write() == target and target.stat().st_ino != first
            assert target.read_bytes().startswith(b"%PDF-")
    assert sorted(p.name for p in folder.iterdir()) == [
        "audition-ana-2024-05-01.pdf",
        "audition-ana-2024-05-01.signed.pdf",
    ]
    verified = ezbac(
        "audition", "verify", str(folder / "audition-ana-2024-05-01.signed.pdf"),
        "--key", str(school["pub"]),
    )  # fmt: skip
    assert verified.returncode == 0, verified.stdout


def test_a_refused_place_is_refused_before_the_sheet_is_made(school, monkeypatch) -> None:
    """Setting a sheet in its font takes seconds: a place it may not go is said first."""

    def made(*_args: object) -> bytes:
        raise AssertionError("the sheet was made for a place that is refused")

    monkeypatch.setattr("trainer.words.sheet.sign_off_pdf", made)
    line = usage_error(sign(school, school["dir"]))
    assert line.endswith(f": is a folder, not a file to write {PDF} to")
    line = usage_error(record(school, school["db"]))
    assert line.endswith(f": is the history, which this command reads: write {PDF} to another file")
