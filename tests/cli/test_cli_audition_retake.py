"""`ezbac audition record` of a retake of single areas: the JSON names the sitting it
retook and the areas sat again, the sheet says it is a retake and of which sitting, and a
retake whose link does not hold is refused in one line.  The sittings:
tests/support/retake.py (the settlement graded C, then retaken alone at an A)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from tests.support.cli import ezbac
from tests.support.history import T0
from tests.support.retake import sit
from trainer.curriculum.catalogue import bundled_path
from trainer.history.store import open_history

EARLIER = "e" * 32
RETAKE = "f" * 32
TW = str(bundled_path().parent / "tw-dealer-audit.yaml")


def _record(db: str, *more: str):  # type: ignore[no-untyped-def]
    return ezbac("audition", "record", RETAKE, *more, "--db", db, "--curriculum", TW)


def test_the_record_of_a_retake_names_the_sitting_it_retook(history_db: str) -> None:
    with open_history(history_db) as store:
        sit(store, EARLIER, T0)
        sit(
            store,
            RETAKE,
            T0 + timedelta(days=8),
            settlement_right=10,
            passed=True,
            retake_of=EARLIER,
        )
    done = _record(history_db, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["retake_of"], data["retaken"], data["passed"]) == (EARLIER, ["settlement"], True)
    assert data["retake_areas"] == []
    assert data["written"]["right"] == 18


def test_the_sheet_says_it_is_a_retake_and_of_which_sitting(tmp_path: Path) -> None:
    db = str(tmp_path / "h.sqlite3")
    with open_history(db) as store:
        sit(store, EARLIER, T0)
        sit(
            store,
            RETAKE,
            T0 + timedelta(days=8),
            settlement_right=10,
            passed=True,
            retake_of=EARLIER,
        )
    out = tmp_path / "sheet.pdf"
    done = _record(db, "--out", str(out))
    assert done.returncode == 0, done.stderr
    import subprocess

    text = subprocess.run(
        ["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    flat = " ".join(text.split())
    assert "A retake of 3 Settlement (order and commission) (sitting eeeeeeee)." in flat


def test_a_retake_linked_to_someone_elses_sitting_is_refused_in_one_line(
    history_db: str,
) -> None:
    with open_history(history_db) as store:
        sit(store, EARLIER, T0, trainee="bo")
        sit(
            store,
            RETAKE,
            T0 + timedelta(days=8),
            settlement_right=10,
            passed=True,
            retake_of=EARLIER,
        )
    done = _record(history_db, "--json")
    assert done.returncode == 2, done.stdout  # refused, as a record that cannot be made
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert lines[0].endswith(
        "audition ffffffff: a retake of sitting eeeeeeee, which 'bo' sat, not 'ana'"
    )


def test_a_signed_retake_verifies_and_the_earlier_record_is_under_the_signature(
    tmp_path: Path,
) -> None:
    """Signed, the retake's record verifies with the public key alone; the earlier sitting's
    record inside it changed (its settlement made an A) no longer verifies."""
    db = str(tmp_path / "h.sqlite3")
    with open_history(db) as store:
        sit(store, EARLIER, T0)
        sit(
            store,
            RETAKE,
            T0 + timedelta(days=8),
            settlement_right=10,
            passed=True,
            retake_of=EARLIER,
        )
    env = {"EZBAC_KEY_PASSPHRASE": "correct horse battery staple"}
    key = tmp_path / "school-key.pem"
    made = ezbac("audition", "key", "--out", str(key), "--curriculum", TW, env=env)
    assert made.returncode == 0, made.stderr
    done = ezbac(
        "audition", "sign", RETAKE, "--key", str(key), "--db", db, "--curriculum", TW,
        "--json", env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["record"]["retake_of"]["record"]["run_id"] == EARLIER
    pub = str(tmp_path / "school-key.pub")
    sheet = tmp_path / "sheet.json"
    sheet.write_text(json.dumps(doc), encoding="utf-8")
    ok = ezbac("audition", "verify", str(sheet), "--key", pub)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert (
        f"a retake of settlement of sitting {EARLIER}, whose record is signed with it"
        in ok.stdout.splitlines()
    )
    earlier = doc["record"]["retake_of"]["record"]
    settlement = next(a for a in earlier["areas"] if a["id"] == "settlement")
    settlement["grade"] = settlement["mark"] = "A"
    sheet.write_text(json.dumps(doc), encoding="utf-8")
    forged = ezbac("audition", "verify", str(sheet), "--key", pub)
    assert forged.returncode == 1, forged.stdout + forged.stderr
    assert forged.stdout.startswith("not verified: ")
