"""`ezbac audition record` and `verify`: the sign-off sheet of an audition sat
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
import re
import shutil
import sqlite3
import subprocess
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from tests.support.cli import ezbac, usage_error
from tests.support.history import T0, answer, session
from trainer.curriculum.catalogue import bundled_path
from trainer.history.store import open_history
from trainer.session.audition import AUDITION_ID

RUN = "3f2a9c0e" + "1" * 24
SCHOOL = "Lucky Star Dealer School"


@pytest.fixture
def history(history_db: str, tmp_path: Path) -> tuple[str, Path]:
    """The history with the sitting (on each backend), and a curriculum naming the school."""
    return make_history(history_db, tmp_path)


def make_history(
    db: str,
    tmp_path: Path,
    *,
    school: str = SCHOOL,
    answered: int = 18,
    right: int = 18,
    seconds: float = 4.0,
    parts: tuple[tuple[str, str], ...] = (),
    proctor_id: str | None = None,
    proctor: str = "Mrs Lee",
) -> tuple[str, Path]:
    """The sitting: ``answered`` answers to the written part (``right`` of them right), the
    payouts part's two answers at ``seconds`` each, and ``parts`` (drill id, title) sat with
    no answer."""
    bundled = bundled_path().read_text(encoding="utf-8")
    curriculum = tmp_path / "curriculum.yaml"
    curriculum.write_text((f"school: {school}\n" if school else "") + bundled, encoding="utf-8")
    with open_history(db) as store:
        store.record_session(
            replace(
                session(
                    RUN,
                    trainee="ana",
                    drill_id=AUDITION_ID,
                    title=f"Audition (proctor: {proctor})",
                    mode="exam",
                    started=T0,
                    minutes=30,
                    questions=20,
                    correct=19,
                    passed=False,
                ),
                proctor_id=proctor_id,
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
                questions=answered,
                correct=right,
            )
        )
        for i in range(answered):
            store.record_answer(
                answer(
                    "outcome:dragon7",
                    i < right,
                    T0 + timedelta(seconds=i),
                    session_id=written,
                    drill_id="audition-written",
                    answer_text="dragon7" if i < right else "tie",
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
                seconds=seconds,
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
                seconds=seconds,
            )
        )
        for n, (drill_id, title) in enumerate(parts):
            store.record_session(
                session(
                    f"{RUN}-{drill_id}",
                    trainee="ana",
                    drill_id=drill_id,
                    title=title,
                    mode="exam",
                    started=T0 + timedelta(minutes=16 + n),
                    minutes=1,
                )
            )
    return db, curriculum


def pdf_text(sheet: Path) -> str:
    """The sheet's text as poppler reads it (pdftotext -layout)."""
    return subprocess.run(
        ["pdftotext", "-layout", str(sheet), "-"], capture_output=True, text=True, check=True
    ).stdout


def poppler() -> None:
    if shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None:
        pytest.skip("poppler-utils (pdftotext, pdfinfo) not installed: .ci/run installs it")


def sheet_of(history: tuple[str, Path], tmp_path: Path) -> str:
    """The sheet of the sitting as written by `record --out`, its text whitespace-joined;
    one page."""
    sheet = tmp_path / "sheet.pdf"
    done = run(history, "record", RUN, "--out", str(sheet))
    assert done.returncode == 0, done.stderr
    info = subprocess.run(["pdfinfo", str(sheet)], capture_output=True, text=True, check=True)
    assert re.search(r"^Pages:\s+1$", info.stdout, re.MULTILINE), info.stdout
    return pdf_text(sheet)


def run(history: tuple[str, Path], *args: str):  # type: ignore[no-untyped-def]
    db, curriculum = history
    return ezbac("audition", *args, "--db", str(db), "--curriculum", str(curriculum))


def test_the_record_as_json_says_who_when_each_area_and_the_red_line(history) -> None:
    done = run(history, "record", "--trainee", "ana", "--json")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert (record["school"], record["trainee"], record["proctor"]) == (SCHOOL, "ana", "Mrs Lee")
    assert record["run_id"] == RUN and record["passed"] is False
    assert record["written"] == {
        "right": 18,
        "questions": 18,
        "pass_mark": 80,
        "passed": True,
        "questions_set": 18,
        "answered": 18,
    }
    assert record["path"] == "EZ Baccarat dealer, from the first rules to the audition"
    # typed at the terminal, no sign-in: the run has no proctor id
    assert (record["proctor_verified"], record["proctor_check"]) == (False, "typed")
    areas = {a["id"]: a for a in record["areas"]}
    assert areas["payouts"]["grade"] is None
    assert (areas["payouts"]["right"], areas["payouts"]["answered"]) == (1, 2)
    assert areas["payouts"]["pace"] == 50  # 4 s against a target of 8 s
    assert (areas["payouts"]["pace_seconds"], areas["payouts"]["target_seconds"]) == (4.0, 8)
    assert areas["draws"]["answered"] == 0 and areas["draws"]["pace_seconds"] is None
    crossed = [r["id"] for r in record["red_lines"] if r["crossed"]]
    assert crossed == ["banker-push-paid-or-taken"]
    assert record["retake_from"] == "2024-05-08"
    assert any(h.startswith("Payouts: ") for h in record["houses"])
    assert record["house_rules"] == [
        {
            "house": "EZ Baccarat, 8 decks, 7 seats; the house banks",
            "parts": ["Audition: the written part", "Payouts"],
        }
    ]
    assert record["verification_code"].startswith("3F2A9C0E-")


def test_the_pdf_sheet_rendered_and_read_back_and_its_code_matched(history, tmp_path) -> None:
    if shutil.which("pdftotext") is None or shutil.which("pdftoppm") is None:
        pytest.skip("poppler-utils (pdftotext, pdftoppm) not installed: .ci/run installs it")
    sheet = tmp_path / "sheet.pdf"
    done = run(history, "record", RUN, "--out", str(sheet))
    assert done.returncode == 0, done.stderr
    code = json.loads(run(history, "record", RUN, "--json").stdout)["verification_code"]
    assert code in done.stdout
    words = " ".join(pdf_text(sheet).split())
    for field in (
        SCHOOL,
        "Trainee: ana",
        "Sat on: 2024-05-01 09:00 UTC",
        "Proctor: Mrs Lee",
        "Result: FAILED",
        "A retake may be sat from 2024-05-08",
        "18 of 18 questions right (80% to pass): passed",
        # 2 answers, 0: fewer than the 5 an area needs by default, never a grade
        "Payouts, commission and fees not enough answers 1 of 2 4.0 s per answer, target 8.0 s",
        "The draws not enough answers no answers target 4.0 s",
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
    # history's own guard on finished exams: the code is what still catches it
    with sqlite3.connect(history[0]) as db:
        db.execute("DROP TRIGGER exam_answers_kept")
        db.execute("UPDATE answers SET correct = 1 WHERE skill = 'payout:banker:push'")
    changed = run(history, "verify", code)
    assert changed.returncode == 1 and "changed since the sheet" in changed.stdout
    assert "mistyped" not in changed.stdout + changed.stderr
    # 00000000-AAAA-AAAA-AAAA: every value 0, so its check character is A (the first)
    unknown = run(history, "verify", "00000000-AAAA-AAAA-AAAA-A")
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
    """The trainer's `s` on the verdict (HistoryPort.sign_off): the same sheet, in auditions/."""
    import os

    from trainer.history.hooks import Recorder
    from trainer.words.sheet import sign_off_pdf

    db, curriculum = history
    with open_history(db) as store:
        where = Recorder(store, curriculum=curriculum, sheet_pdf=sign_off_pdf).sign_off(RUN)
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


# -- the sheet as a casino's HR desk reads it --------------------------------------------------

EZ_HOUSE = "EZ Baccarat, 8 decks, 7 seats; the house banks"
CARD_ROOM = "Card-room EZ Baccarat, 8 decks, 9 seats; the seated players bank in turn"


def test_the_sheet_names_the_school_questions_as_set_pace_in_seconds_each_house_once(
    tmp_path,
) -> None:
    """16 of the written part's 18 set questions answered, 13 right: 13 of 18 (72 %, under
    80 %: failed), never "of 16".  The payouts answered in 2.4 s each against the area's
    8 s target.  Parts sat: the written part (the default house), payouts and the whole coup
    (the same house), the card-room fee drill (its own): two houses, each named once."""
    poppler()
    history = make_history(
        str(tmp_path / "h.sqlite3"),
        tmp_path,
        answered=16,
        right=13,
        seconds=2.4,
        parts=(("whole-coup", "Whole coup"), ("cardroom-fee", "Card room fee")),
    )
    text = sheet_of(history, tmp_path)
    assert text.split("\n")[0].strip() == SCHOOL  # headed by the school, not by the path
    words = " ".join(text.split())
    for field in (
        "Path: EZ Baccarat dealer, from the first rules to the audition",
        "Proctor: Mrs Lee - not verified (typed at the terminal, sign-in off)",
        "13 of 18 questions right (80% to pass): failed",
        "18 questions set, 16 answered: the 2 not answered count as not right.",
        # 2 answers: fewer than the 5 an area needs by default, never a grade
        "Payouts, commission and fees not enough answers 1 of 2 2.4 s per answer, target 8.0 s",
        f"{EZ_HOUSE} Parts dealt under it: Audition: the written part, Payouts, Whole coup",
        f"{CARD_ROOM} Parts dealt under it: Card room fee",
    ):
        assert field in words, field
    assert "of 16" not in words
    assert "% of the target time" not in words  # the pace is in seconds, not a percent
    assert (words.count(EZ_HOUSE), words.count(CARD_ROOM)) == (1, 1)
    for who in ("Proctor", "Trainee"):  # a date line beside each signature
        assert re.search(rf"{who}'s signature: _+ Date: _+", words), who
    record = json.loads(run(history, "record", RUN, "--json").stdout)
    assert record["written"]["questions_set"] == 18 and record["written"]["questions"] == 18
    assert (record["written"]["right"], record["written"]["answered"]) == (13, 16)
    assert record["written"]["passed"] is False
    payouts = next(a for a in record["areas"] if a["id"] == "payouts")
    assert (payouts["pace_seconds"], payouts["target_seconds"]) == (2.4, 8)
    assert record["house_rules"] == [
        {"house": EZ_HOUSE, "parts": ["Audition: the written part", "Payouts", "Whole coup"]},
        {"house": CARD_ROOM, "parts": ["Card room fee"]},
    ]


def test_a_curriculum_naming_no_school_says_so_and_is_not_headed_by_its_path(tmp_path) -> None:
    poppler()
    history = make_history(str(tmp_path / "h.sqlite3"), tmp_path, school="")
    text = sheet_of(history, tmp_path)
    assert text.split("\n")[0].strip() == "School not named"
    words = " ".join(text.split())
    assert "The curriculum sat names no school" in words
    assert "Path: EZ Baccarat dealer, from the first rules to the audition" in words
    record = json.loads(run(history, "record", RUN, "--json").stdout)
    assert record["school"] == ""
    assert record["path"] == "EZ Baccarat dealer, from the first rules to the audition"
    matched = run(history, "verify", record["verification_code"])  # a code: never verified
    assert matched.returncode == 1 and matched.stdout.startswith("unsigned: ")
    assert "audition at a school not named (EZ Baccarat dealer, from" in matched.stdout


def test_a_proctor_signed_in_is_verified_an_id_off_the_roster_is_not(tmp_path) -> None:
    """The run's proctor id is an instructor of the roster: verified by sign-in.  The id of
    a trainee, or one the roster lacks, in the same column: not verified."""
    from trainer.history import people

    poppler()
    db = str(tmp_path / "h.sqlite3")
    with open_history(db) as store:
        lee = people.add(store, "Mrs Lee", "instructor", "48213", T0)
    history = make_history(db, tmp_path, proctor_id=lee.person_id)
    words = " ".join(sheet_of(history, tmp_path).split())
    assert "Proctor: Mrs Lee - verified by sign-in (an instructor on the school's roster)" in (
        words
    )
    record = json.loads(run(history, "record", RUN, "--json").stdout)
    assert (record["proctor_verified"], record["proctor_check"]) == (True, "signed_in")
    matched = run(history, "verify", record["verification_code"])
    assert matched.returncode == 1 and "proctor Mrs Lee (signed in), matches" in matched.stdout
    for case in ("trainee", "unknown"):
        again = tmp_path / case
        again.mkdir()
        with open_history(str(again / "h.sqlite3")) as store:
            bo = people.add(store, "Bo", "trainee", "77310", T0)
        other = bo.person_id if case == "trainee" else "f" * 32
        history = make_history(str(again / "h.sqlite3"), again, proctor_id=other)
        record = json.loads(run(history, "record", RUN, "--json").stdout)
        assert (record["proctor_verified"], record["proctor_check"]) == (
            False,
            "not_on_roster",
        ), case
        words = " ".join(sheet_of(history, again).split())
        assert "not verified (the roster holds no instructor by the id recorded)" in words


# -- a code as a person types it -----------------------------------------------------------------


def other_letter(c: str) -> str:
    """A different character of the same alphabet (hex digits, base-32 letters)."""
    return ("B" if c == "A" else "A") if c.isalpha() or c in "234567" else "9" if c != "9" else "8"


@pytest.fixture
def typed(tmp_path) -> tuple[tuple[str, Path], str]:
    history = make_history(str(tmp_path / "h.sqlite3"), tmp_path)
    code = json.loads(run(history, "record", RUN, "--json").stdout)["verification_code"]
    return history, code


@pytest.mark.parametrize("at", [2, 7, 10, 16, 22, 24])  # hex, hex, letters x3, the check
def test_one_wrong_character_is_a_typo_never_a_changed_record(typed, at) -> None:
    history, code = typed
    assert code[at] != "-"
    wrong = code[:at] + other_letter(code[at]) + code[at + 1 :]
    done = run(history, "verify", wrong)
    assert done.returncode == 2 and "mistyped" in done.stderr, done
    assert "changed" not in done.stdout + done.stderr
    assert done.stderr.count("\n") == 1 and done.stdout == ""


def test_spaces_no_dashes_lower_case_and_o_for_zero_are_the_same_code(typed) -> None:
    history, code = typed
    assert code.startswith("3F2A9C0E-")  # the run id's 8 digits: a 0 a person may type as O
    for given in (
        code.replace("-", " ").lower(),
        code.replace("-", ""),
        " " + code.replace("-", "  ") + " ",
        "3F2A9COE" + code[8:],
    ):
        done = run(history, "verify", given)
        assert done.returncode == 1, given  # found and matched; a code is never verified
        assert done.stdout == (
            f"unsigned: the code of ana's audition at {SCHOOL}, 2024-05-01, proctor Mrs Lee "
            "(unverified: typed, no sign-in), matches this history's rows, which whoever can "
            "write the history could have made; only a signed sheet is verified\n"
        )


def test_an_old_shape_code_is_still_looked_up_and_tells_a_typo(typed, tmp_path) -> None:
    """Sheets printed before the check character: their four groups are looked up as typed."""
    history, code = typed
    old = code[:-2]
    done = run(history, "verify", old)
    assert done.returncode == 1 and "old-shape" in done.stdout
    assert "matches this history's rows" in done.stdout
    one_off = old[:12] + other_letter(old[12]) + old[13:]
    typo = run(history, "verify", one_off)
    assert typo.returncode == 2 and "mistyped" in typo.stderr and "old-shape" in typo.stderr
    with sqlite3.connect(history[0]) as db:
        db.execute("DROP TRIGGER exam_answers_kept")
        db.execute("UPDATE answers SET correct = 1 WHERE skill = 'payout:banker:push'")
    changed = run(history, "verify", old)
    assert changed.returncode == 1 and "changed since the sheet" in changed.stdout
    assert "old-shape" in changed.stdout
    # the new shape of the same sheet: changed, not mistyped (its check character is right)
    changed = run(history, "verify", code)
    assert changed.returncode == 1 and "changed since the sheet" in changed.stdout


def test_a_name_with_a_line_break_starts_no_line_of_its_own(tmp_path) -> None:
    """A proctor's name read from the history with a line break and a right-to-left override
    in it: printed on the proctor's own line, "?" for each, so no made-up line ("Result:
    PASSED") stands on the sheet of a failed audition."""
    poppler()
    history = make_history(
        str(tmp_path / "h.sqlite3"), tmp_path, proctor="Mrs Lee\nResult: PASSED\u202e"
    )
    lines = [line.strip() for line in sheet_of(history, tmp_path).split("\n")]
    assert "Result: FAILED" in lines
    assert not any(line.startswith("Result: PASSED") for line in lines)
    assert any(line.startswith("Proctor: Mrs Lee?Result: PASSED? - not verified") for line in lines)


def test_the_column_beside_the_verification_code_is_left_free(tmp_path) -> None:
    """From the Verification heading down, no word reaches into the right 60 mm inside the
    15 mm margin (room for a fingerprint and a QR code): A4 is 595.28 pt wide, so the free
    column starts at 595.28 - (15 + 60) * 72 / 25.4 = 382.68 pt."""
    poppler()
    history = make_history(str(tmp_path / "h.sqlite3"), tmp_path)
    sheet = tmp_path / "sheet.pdf"
    assert run(history, "record", RUN, "--out", str(sheet)).returncode == 0
    boxes = subprocess.run(
        ["pdftotext", "-bbox", str(sheet), "-"], capture_output=True, text=True, check=True
    ).stdout
    words = [
        (float(m[0]), float(m[1]), float(m[2]), m[3])
        for m in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<',
            boxes,
        )
    ]
    top = next(y for _, y, _, w in words if w == "Verification")
    below = [(x_max, w) for _, y, x_max, w in words if y >= top]
    assert any(w == "Date:" for _, w in below)  # the signatures are in the column too
    assert all(x_max < 382.68 for x_max, _ in below), below


def test_a_code_as_json_is_never_verified_and_says_whether_the_history_matches(typed) -> None:
    """`verify CODE --json`: one JSON document (nothing after it), signed and verified
    false, whether the history matches, and the record the history holds; exit 1."""
    history, code = typed
    done = run(history, "verify", code, "--json")
    assert done.returncode == 1, done.stderr
    doc = json.loads(done.stdout)
    assert (doc["signed"], doc["verified"], doc["history_matches"]) == (False, False, True)
    assert doc["record"]["verification_code"] == code and doc["record"]["trainee"] == "ana"
    unknown = run(history, "verify", "00000000-AAAA-AAAA-AAAA-A", "--json")
    assert unknown.returncode == 1
    doc = json.loads(unknown.stdout)
    assert doc["history_matches"] is False and "no audition" in doc["why"]
