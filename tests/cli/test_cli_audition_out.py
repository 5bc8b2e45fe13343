"""`ezbac audition sign|record|badge --out` never writes over a file it did not make for that
purpose: not the history (nor the files SQLite keeps beside it, nor a link to it), not a
file the command reads (the curriculum, the key, its public half, the passphrase file), not
a folder, a named pipe or a device, not an existing file that is not a sheet of that kind;
an existing sheet of that kind only with --replace.  Each refusal is one line, exit 2, and
leaves every file as it was.

The sitting is test_cli_audition's; the school's key is made as in
test_cli_audition_signed.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.cli.test_cli_audition import RUN, make_history
from tests.cli.test_cli_audition_signed import PHRASE, key_env
from tests.support.cli import ezbac, usage_error


@pytest.fixture
def school(tmp_path: Path) -> dict[str, Path]:
    db, curriculum = make_history(str(tmp_path / "history.sqlite3"), tmp_path)
    made = ezbac(
        "audition", "key", "--out", str(tmp_path / "school-key.pem"),
        "--curriculum", str(curriculum), env=key_env(),
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    phrase = tmp_path / "phrase.txt"
    phrase.write_text(PHRASE + "\n", encoding="utf-8")
    return {
        "db": Path(db),
        "curriculum": curriculum,
        "key": tmp_path / "school-key.pem",
        "pub": tmp_path / "school-key.pub",
        "phrase": phrase,
        "dir": tmp_path,
    }


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
    """Every regular file under ``folder`` and its bytes."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


@pytest.mark.parametrize(
    ("name", "culprit"),
    [
        ("db", "is the history, which this command reads"),
        ("curriculum", "is the curriculum"),
        ("key", "is the school's key"),
        ("pub", "is its key"),
        ("phrase", "is the passphrase file"),
    ],
)
def test_a_file_the_command_reads_is_never_written_over(school, name, culprit) -> None:
    before = files(school["dir"])
    for replace in ((), ("--replace",)):
        usage_error(sign(school, school[name], *replace), culprit)
    assert files(school["dir"]) == before


def test_the_historys_own_files_and_links_to_it_are_refused(school) -> None:
    """The -wal, -journal and -shm files SQLite keeps beside the history (there or not), a
    symbolic link to it and a hard link to it: each is the history."""
    db = school["db"]
    (school["dir"] / "link.sqlite3").symlink_to(db)
    os.link(db, school["dir"] / "hard.sqlite3")
    before = files(school["dir"])
    for out in (
        f"{db}-wal",
        f"{db}-journal",
        f"{db}-shm",
        school["dir"] / "link.sqlite3",
        school["dir"] / "hard.sqlite3",
    ):
        usage_error(sign(school, out, "--replace"), "the history")
        usage_error(record(school, out, "--replace"), "the history")
    assert files(school["dir"]) == before
    assert not Path(f"{db}-journal").exists()


def test_a_folder_a_pipe_and_a_device_are_refused_without_waiting(school) -> None:
    pipe = school["dir"] / "pipe"
    os.mkfifo(pipe)
    for out, kind in ((school["dir"], "a folder"), (pipe, "a named pipe"), ("/dev/null", "a")):
        usage_error(sign(school, out), f"is {kind}")
        usage_error(record(school, out, "--json"), f"is {kind}")
        usage_error(badge(school, out), f"is {kind}")


def test_an_existing_file_that_is_not_a_sheet_is_never_written_over(school) -> None:
    """Notes, a PDF ezbac did not make, a JSON file that is no sheet, a sheet of the other
    kind (a PDF sheet where JSON is written): refused even with --replace."""
    notes = school["dir"] / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    other_pdf = school["dir"] / "contract.pdf"
    other_pdf.write_bytes(b"%PDF-1.4\n1 0 obj << /Creator (LibreOffice) >> endobj\n%%EOF\n")
    other_json = school["dir"] / "config.json"
    other_json.write_text('{"run_id": "x", "trainee": "y"}\n', encoding="utf-8")
    pdf_sheet = school["dir"] / "sheet.pdf"
    assert sign(school, pdf_sheet).returncode == 0
    before = files(school["dir"])
    for out in (notes, other_pdf, other_json):
        for replace in ((), ("--replace",)):
            line = usage_error(sign(school, out, *replace), "exists and is not")
            assert "ezbac never writes over it" in line
    usage_error(sign(school, pdf_sheet, "--json", "--replace"), "is not an audition")
    usage_error(badge(school, notes, "--replace"), "is not an Open Badges credential")
    usage_error(record(school, other_pdf, "--replace"), "is not an audition sign-off")
    assert files(school["dir"]) == before


def test_a_sheet_is_replaced_only_with_replace(school) -> None:
    """An unsigned sheet where the signed one goes: refused without --replace (saying how),
    replaced with it; the same for the JSON sheet and the badge."""
    sheet = school["dir"] / "ana.pdf"
    assert record(school, sheet).returncode == 0
    unsigned = sheet.read_bytes()
    line = usage_error(sign(school, sheet), "already holds an audition sign-off sheet (PDF)")
    assert "give --replace" in line
    assert sheet.read_bytes() == unsigned
    done = sign(school, sheet, "--replace")
    assert done.returncode == 0, done.stderr
    assert sheet.read_bytes() != unsigned
    verified = ezbac("audition", "verify", str(sheet), "--key", str(school["pub"]))
    assert verified.returncode == 0, verified.stdout
    as_json = school["dir"] / "ana.json"
    assert record(school, as_json, "--json").returncode == 0
    usage_error(sign(school, as_json, "--json"), "--replace")
    assert sign(school, as_json, "--json", "--replace").returncode == 0
    assert "ezbac_signed_audition" in json.loads(as_json.read_text(encoding="utf-8"))
    jwt = school["dir"] / "ana.jwt"
    assert badge(school, jwt).returncode == 0
    usage_error(badge(school, jwt), "already holds an Open Badges credential")
    assert badge(school, jwt, "--replace").returncode == 0
    assert not [p for p in school["dir"].iterdir() if p.name.endswith(".tmp")]


def test_an_empty_out_is_an_error_never_a_default(school) -> None:
    usage_error(sign(school, ""), "--out")
    usage_error(record(school, ""), "--out")
    usage_error(badge(school, ""), "--out")


def test_the_verdict_screens_signed_sheet_never_replaces_a_file_put_in_its_place(
    school,
) -> None:
    """`k` at the verdict screen (Recorder.sign_sheet) writes into the ezbac folder's
    auditions/: a file or a link put there under the sheet's name is left as it was (one
    line); with nothing there the sheet is written, and signed again it replaces its own."""
    from trainer.curriculum.catalog import load_curriculum
    from trainer.errors import UnavailableError
    from trainer.history.hooks import Recorder
    from trainer.history.store import open_history
    from trainer.paths import user_data_dir

    target = user_data_dir() / "auditions" / "audition-ana-2024-05-01.signed.pdf"
    target.parent.mkdir(parents=True)
    notes = school["dir"] / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    curriculum = load_curriculum(str(school["curriculum"]))
    with open_history(school["db"]) as store:
        recorder = Recorder(store)
        recorder.curriculum = lambda: curriculum  # type: ignore[method-assign]

        def sign_it() -> Path:
            return recorder.sign_sheet(RUN, str(school["key"]), PHRASE)

        for planted in ("link", "file"):
            if planted == "link":
                target.symlink_to(notes)
            else:
                target.write_text("someone's file\n", encoding="utf-8")
            with pytest.raises(UnavailableError, match="is not a sheet ezbac made"):
                sign_it()
            assert notes.read_text(encoding="utf-8") == "my notes\n"
            if planted == "file":
                assert target.read_text(encoding="utf-8") == "someone's file\n"
            target.unlink()
        assert sign_it() == target
        first = target.stat().st_ino
        # its own, signed again: a new file renamed over it (Ed25519 and the PDF are
        # deterministic, so the bytes are the same; the file is not)
        assert sign_it() == target and target.stat().st_ino != first
    verified = ezbac("audition", "verify", str(target), "--key", str(school["pub"]))
    assert verified.returncode == 0, verified.stdout
