"""`ezbac audition record` and `verify` (issue 23): the sign-off sheet of an audition sat
and failed on a red line, as JSON and as PDF (rendered by poppler and read back), and its
verification code checked against the history, unchanged and tampered with.

The sitting is made by hand: the written part 18 of 18 right; in the practical part a
Player bet of 20 paid 20 (right) and a Banker bet of 10 paid 10 on a Dragon 7 (it pushes:
the red line).  On the bundled audition: written passed (18 of 18, 80 % needed); payouts
1 of 2 right, 50 %, below C's 90 %: failed; the five other areas have no answers: failed;
the red line "A Banker bet paid or taken when it pushes" crossed; a retake 7 days after
2024-05-01: 2024-05-08.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest

from tests.support.cli import ezbac, usage_error
from tests.support.history import T0, answer, session
from trainer.curriculum.catalog import bundled_path
from trainer.history.store import open_history
from trainer.session.audition import AUDITION_ID

RUN = "3f2a9c0e" + "1" * 24
SCHOOL = "Lucky Star Dealer School"


@pytest.fixture
def history(history_db: str, tmp_path: Path) -> tuple[str, Path]:
    """The history with the sitting (on each backend), and a curriculum naming the school."""
    return make_history(history_db, tmp_path)


def make_history(db: str, tmp_path: Path) -> tuple[str, Path]:
    bundled = bundled_path().read_text(encoding="utf-8")
    curriculum = tmp_path / "curriculum.yaml"
    curriculum.write_text(f"school: {SCHOOL}\n{bundled}", encoding="utf-8")
    with open_history(db) as store:
        store.record_session(
            session(
                RUN,
                trainee="ana",
                drill_id=AUDITION_ID,
                title="Audition (proctor: Mrs Lee)",
                mode="exam",
                started=T0,
                minutes=30,
                questions=20,
                correct=19,
                passed=False,
            )
        )
        written = f"{RUN}-written"
        store.record_session(
            session(
                written,
                trainee="ana",
                drill_id="audition-written",
                title="Audition: the written part",
                mode="exam",
                started=T0,
                minutes=10,
                questions=18,
                correct=18,
            )
        )
        for i in range(18):
            store.record_answer(
                answer(
                    "outcome:dragon7",
                    True,
                    T0 + timedelta(seconds=i),
                    session_id=written,
                    drill_id="audition-written",
                    answer_text="dragon7",
                    expected="dragon7",
                )
            )
        payouts = f"{RUN}-payouts"
        store.record_session(
            session(
                payouts,
                trainee="ana",
                drill_id="payouts",
                title="Payouts",
                mode="exam",
                started=T0 + timedelta(minutes=10),
                minutes=5,
                questions=2,
                correct=1,
            )
        )
        at = T0 + timedelta(minutes=11)
        store.record_answer(
            answer(
                "payout:player:win",
                True,
                at,
                session_id=payouts,
                drill_id="payouts",
                answer_text="win 20",
                expected="win 20",
                seconds=4.0,
            )
        )
        store.record_answer(
            answer(
                "payout:banker:push",
                False,
                at + timedelta(seconds=5),
                session_id=payouts,
                drill_id="payouts",
                answer_text="win 10",
                expected="push",
                seconds=4.0,
            )
        )
    return db, curriculum


def run(history: tuple[str, Path], *args: str):  # type: ignore[no-untyped-def]
    db, curriculum = history
    return ezbac("audition", *args, "--db", str(db), "--curriculum", str(curriculum))


def test_the_record_as_json_says_who_when_each_area_and_the_red_line(history) -> None:
    done = run(history, "record", "--trainee", "ana", "--json")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert (record["school"], record["trainee"], record["proctor"]) == (SCHOOL, "ana", "Mrs Lee")
    assert record["run_id"] == RUN and record["passed"] is False
    assert record["written"] == {"right": 18, "questions": 18, "pass_mark": 80, "passed": True}
    areas = {a["id"]: a for a in record["areas"]}
    assert areas["payouts"]["grade"] is None
    assert (areas["payouts"]["right"], areas["payouts"]["answered"]) == (1, 2)
    assert areas["payouts"]["pace"] == 50  # 4 s against a target of 8 s
    assert areas["draws"]["answered"] == 0
    crossed = [r["id"] for r in record["red_lines"] if r["crossed"]]
    assert crossed == ["banker-push-paid-or-taken"]
    assert record["retake_from"] == "2024-05-08"
    assert any(h.startswith("Payouts: ") for h in record["houses"])
    assert record["verification_code"].startswith("3F2A9C0E-")


def test_the_pdf_sheet_rendered_and_read_back_and_its_code_matched(history, tmp_path) -> None:
    if shutil.which("pdftotext") is None or shutil.which("pdftoppm") is None:
        pytest.skip("poppler-utils (pdftotext, pdftoppm) not installed: .ci/run installs it")
    sheet = tmp_path / "sheet.pdf"
    done = run(history, "record", RUN, "--out", str(sheet))
    assert done.returncode == 0, done.stderr
    code = json.loads(run(history, "record", RUN, "--json").stdout)["verification_code"]
    assert code in done.stdout
    text = subprocess.run(
        ["pdftotext", "-layout", str(sheet), "-"], capture_output=True, text=True, check=True
    ).stdout
    words = " ".join(text.split())
    for field in (
        SCHOOL,
        "Trainee: ana",
        "Date: 2024-05-01 09:00 UTC",
        "Proctor: Mrs Lee",
        "Result: FAILED",
        "A retake may be sat from 2024-05-08",
        "18 of 18 right (80% to pass): passed",
        "Payouts, commission and fees: failed - 1 of 2 right - 50% of the target time",
        "The draws: failed - 0 of 0 right - no answers",
        "A Banker bet paid or taken when it pushes (a Dragon 7, a Tie): CROSSED",
        "A wrong draw: not crossed",
        "House rules dealt under",
        f"Code: {code}",
    ):
        assert field in words, field
    subprocess.run(
        ["pdftoppm", "-png", "-r", "50", "-singlefile", str(sheet), str(tmp_path / "sheet")],
        check=True,
    )
    png = (tmp_path / "sheet.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 5_000  # a page with text on it

    # a code is never a signature: the history matches it, and it is still not verified
    matched = run(history, "verify", code.lower())
    assert matched.returncode == 1 and matched.stdout.startswith("unsigned: the code of ana's")
    assert "matches this history's rows" in matched.stdout


def test_a_code_whose_rows_changed_or_unknown_is_not_verified(tmp_path) -> None:
    history = make_history(str(tmp_path / "history.sqlite3"), tmp_path)
    code = json.loads(run(history, "record", RUN, "--json").stdout)["verification_code"]
    # the red line "corrected" after the sheet, by the file's owner, who can take off the
    # history's own guard on finished exams (issue 21): the code is what still catches it
    with sqlite3.connect(history[0]) as db:
        db.execute("DROP TRIGGER exam_answers_kept")
        db.execute("UPDATE answers SET correct = 1 WHERE skill = 'payout:banker:push'")
    changed = run(history, "verify", code)
    assert changed.returncode == 1 and "no longer match" in changed.stdout
    unknown = run(history, "verify", "00000000-AAAA-BBBB-CCCC")
    assert unknown.returncode == 1 and "no audition" in unknown.stdout


@pytest.mark.parametrize(
    ("args", "culprit"),
    [
        (("record",), "RUN_ID or --trainee"),
        (("record", RUN, "--trainee", "ana"), "one of them"),
        (("record", ""), "RUN_ID"),
        (("record", "--trainee", " "), "--trainee"),
        (("record", "nope"), "nope"),
        (("record", "--trainee", "bob"), "bob"),
        (("verify", ""), "SHEET"),
        (("verify", "xyz"), "xyz"),
    ],
)
def test_bad_input_is_one_line_exit_2(history, args, culprit) -> None:
    usage_error(run(history, *args), culprit)


def test_the_verdict_screens_key_writes_the_sheet_into_the_ezbac_folder(history) -> None:
    """The trainer's `s` on the verdict (Hooks.sign_off): the same sheet, in auditions/."""
    import os

    from trainer.history.hooks import Recorder

    db, curriculum = history
    with open_history(db) as store:
        where = Recorder(store, curriculum=curriculum).sign_off(RUN)
    assert where == Path(os.environ["EZBAC_HOME"]) / "auditions" / "audition-ana-2024-05-01.pdf"
    assert where.read_bytes().startswith(b"%PDF")


def test_a_failed_audition_waits_retake_days_before_the_next(history) -> None:
    """The bundled audition's retake_days is 7: sat and failed 2024-05-01 09:00, again from
    2024-05-08 09:00 (the trainer's home refuses to start it before)."""
    from trainer.history.hooks import Recorder

    db, curriculum = history
    with open_history(db) as store:
        recorder = Recorder(store, curriculum=curriculum)
        assert recorder.retake_from("ana") == T0 + timedelta(days=7)
        assert recorder.retake_from("bob") is None  # never sat it
