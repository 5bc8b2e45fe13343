"""The audition's sign-off sheet in each language, English beside it, in a font that carries
every character: rendered by poppler (pdftoppm) without a complaint, its text read back
(pdftotext) with the trainee's name, the translated words and their English; the
signature and the verification code the same in every language."""

from __future__ import annotations

import json
import shutil
import subprocess
import unicodedata
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from tests.support.history import T0, answer
from trainer.curriculum.model import Area, Audition, Grade, RedLine
from trainer.history.audition_record import AuditionRecord
from trainer.history.sheet import FONT_DIR_ENV, SheetFontError, font_files
from trainer.history.signing import (
    find_in_pdf,
    new_key,
    open_signer,
    read_public,
    sign_record,
    verify_signed,
)
from trainer.session.audition import judge_audition
from trainer.session.records import SessionRecord
from trainer.words.sheet import sign_off_pdf


def _font_missing() -> bool:
    try:
        font_files()
    except SheetFontError:
        return True
    return False


pytestmark = [
    pytest.mark.skipif(
        shutil.which("pdftotext") is None or shutil.which("pdftoppm") is None,
        reason="poppler-utils (pdftotext, pdftoppm) not installed: .ci/run installs it",
    ),
    pytest.mark.skipif(
        _font_missing(), reason="Noto Sans CJK not installed: .ci/run installs fonts-noto-cjk"
    ),
]

A = Grade("A", 90, 100)
DRAWS = Area("draws", "The draws", ("natural", "player:*", "banker:*"), 3.0)
WRONG_DRAW = RedLine("wrong-draw", "A wrong draw", ("natural", "player:*", "banker:*"))
AUDITION = Audition(5, 80, (DRAWS,), (A,), (WRONG_DRAW,), retake_days=7, min_answers=5)

#: Each language, a trainee's name in its script, and lines of its sheet worked by hand from
#: the catalogue's translations (the failed result, the written part's heading, the
#: signature line), each with the English printed under it.
SHEETS = {
    "en": ("Alex Lee", ["Result: FAILED", "Written part", "Proctor's signature"]),
    "zh_Hans": (
        "陈大文",
        ["结果：不合格", "笔试部分", "监考人签名", "红线（触犯任何一条即考核不合格）"],
    ),
    "zh_Hant": (
        "陳大文",
        ["結果：不合格", "筆試部分", "監考人簽名", "紅線（觸犯任何一條即考核不合格）"],
    ),
    "vi": ("Nguyễn Thị Hồng Hạnh", ["Kết quả: KHÔNG ĐẠT", "Phần viết", "Chữ ký người coi thi"]),
    "ko": (
        "김민준",
        ["결과: 불합격", "필기", "감독관 서명", "레드 라인 (하나라도 위반하면 오디션 불합격)"],
    ),
}
ENGLISH = [
    "Result: FAILED",
    "Written part",
    "Proctor's signature",
    "Red lines (any one crossed fails the audition)",
]


def record(trainee: str, proctor: str = "Lee") -> AuditionRecord:
    # the written part 3 of 5 (60 %, under its 80 %): failed; the practical part all right
    keys = ["natural", "player:5", *["banker:3:8"] * 8]
    practical = [answer(k, True, T0, seconds=2.0, answer_text="x", expected="x") for k in keys]
    verdict = judge_audition(AUDITION, trainee, proctor, T0, 3, practical)
    run = SessionRecord("run1", trainee, "audition", "Audition", "exam", T0)
    run = replace(run, finished_at=T0 + timedelta(hours=1), passed=False)
    return AuditionRecord(run, "Escola de Croupiers", proctor, verdict, (), "CODE-1234")


def read_back(pdf: bytes, tmp_path: Path, name: str) -> str:
    """The sheet rendered by pdftoppm (no complaint on stderr) and its text by pdftotext,
    in NFC, every run of spaces and line breaks as one space."""
    sheet = tmp_path / f"{name}.pdf"
    sheet.write_bytes(pdf)
    shown = subprocess.run(
        ["pdftoppm", "-r", "40", "-png", str(sheet), str(tmp_path / name)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert shown.stderr == ""
    assert (tmp_path / f"{name}-1.png").stat().st_size > 1000
    assert not (tmp_path / f"{name}-2.png").exists()  # one page
    text = subprocess.run(
        ["pdftotext", str(sheet), "-"], capture_output=True, text=True, check=True
    ).stdout
    return " ".join(unicodedata.normalize("NFC", text).split())


@pytest.mark.parametrize("language", list(SHEETS))
def test_the_sheet_in_each_language_with_the_english_beside_it(
    language: str, tmp_path: Path
) -> None:
    name, lines = SHEETS[language]
    text = read_back(sign_off_pdf(record(name), language=language), tmp_path, language)
    assert name in text
    assert "CODE-1234" in text  # the record's code, printed the same in every language
    for line in lines:
        assert line in text, line
    for line in ENGLISH:  # the English beside (or, in English, the line itself)
        assert line in text, line
    if language != "en":
        assert "Result: FAILED" not in lines
        # the lines in the language come before their English
        assert text.index(lines[0]) < text.index("Result: FAILED")


@pytest.mark.parametrize(
    ("name", "language"),
    [
        # each script on a sheet in another script (a name in its own language's script is
        # on each language's sheet above)
        ("김민준", "en"),
        ("Nguyễn Thị Hồng Hạnh", "zh_Hant"),
        ("陳大文", "vi"),
    ],
)
def test_a_name_in_any_script_round_trips_on_any_sheet(
    name: str, language: str, tmp_path: Path
) -> None:
    text = read_back(sign_off_pdf(record(name, proctor=name), language=language), tmp_path, "s")
    assert text.count(name) >= 2  # the trainee and the proctor, whole
    assert "?" not in text.replace("Red lines (any", "")  # no letter replaced


def test_a_letter_the_font_lacks_or_a_control_character_is_a_question_mark(
    tmp_path: Path,
) -> None:
    # an emoji Noto Sans CJK has no glyph for, a line break that would start a line of its
    # own: each printed "?" on the name's line; the JSON keeps the name whole
    text = read_back(sign_off_pdf(record("Ana\U0001f600\nBo"), language="ko"), tmp_path, "s")
    assert "Ana??Bo" in text


def test_the_signature_is_the_records_in_every_language(tmp_path: Path) -> None:
    pem, public = new_key("Escola de Croupiers", b"phrase")
    (tmp_path / "key.pem").write_bytes(pem)
    (tmp_path / "key.pub").write_text(json.dumps(public.as_json()), encoding="utf-8")
    signer = open_signer(tmp_path / "key.pem", b"phrase")
    sheet = record("김민준")
    signed = sign_record(sheet.signed_record(), signer)
    key = read_public(json.dumps(public.as_json()).encode(), "key.pub")
    carried = []
    for language in SHEETS:
        pdf = sign_off_pdf(sheet, signed, language=language)
        found = find_in_pdf(pdf)
        assert found == signed  # the same signed record attached, whatever the words
        checked = verify_signed(found["signature"], found["record"], key)
        assert checked.summary["run"] == "run1"
        carried.append(found)
        text = read_back(pdf, tmp_path, language)
        assert "ezbac audition verify SHEET --key SCHOOL.pub" in text
    # the record signed and its code do not depend on the language spoken
    assert sheet.signed_record() == record("김민준").signed_record()
    assert all(c == carried[0] for c in carried)


def test_a_missing_font_is_one_line_naming_it(tmp_path: Path) -> None:
    empty = tmp_path / "fonts"
    empty.mkdir()
    # only the folder named looked in, none of the system's: a machine without the font
    with pytest.raises(SheetFontError) as caught:
        font_files({FONT_DIR_ENV: str(empty)}, dirs=())
    line = str(caught.value)
    assert "\n" not in line
    assert "Noto Sans CJK" in line and "fonts-noto-cjk" in line and FONT_DIR_ENV in line


def test_the_font_is_found_in_a_folder_named_by_the_environment(tmp_path: Path) -> None:
    installed = font_files()
    for path in installed.values():
        (tmp_path / path.name).symlink_to(path)
    found = font_files({FONT_DIR_ENV: str(tmp_path)}, dirs=())
    assert {p.parent for p in found.values()} == {tmp_path}


# -- through the command line: --lang, the font missing or damaged ---------------------------


@pytest.fixture
def sat(tmp_path: Path) -> tuple[str, Path]:
    from tests.cli.test_cli_audition import make_history

    return make_history(str(tmp_path / "h.sqlite3"), tmp_path)


def _record_cmd(sat: tuple[str, Path], out: Path, *before: str, env: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    from tests.cli.test_cli_audition import RUN
    from tests.support.cli import ezbac

    db, curriculum = sat
    return ezbac(
        *before,
        "audition",
        "record",
        RUN,
        "--out",
        str(out),
        "--db",
        db,
        "--curriculum",
        str(curriculum),
        env=env,
    )


def test_the_command_writes_the_sheet_in_the_language_asked(sat, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "sheet.pdf"
    done = _record_cmd(sat, out, "--lang", "zh_Hant")
    assert done.returncode == 0, done.stderr
    text = read_back(out.read_bytes(), tmp_path, "cli")
    assert "驗證" in text and "Verification" in text  # the heading, its English under it


def test_the_command_writes_the_sheet_in_the_trainees_roster_language(sat, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # the roster keeps Korean for ana: her sheet is in Korean unless --lang says otherwise
    from datetime import UTC, datetime

    from trainer.history import people
    from trainer.history.store import open_history

    db, _ = sat
    with open_history(db) as store:
        people.add(store, "Teacher", people.INSTRUCTOR, "2468", datetime.now(UTC))
        people.add(store, "ana", people.TRAINEE, "1111", datetime.now(UTC), "ko")
    own, asked = tmp_path / "own.pdf", tmp_path / "asked.pdf"
    assert _record_cmd(sat, own).returncode == 0
    assert _record_cmd(sat, asked, "--lang", "zh_Hant").returncode == 0
    korean = read_back(own.read_bytes(), tmp_path, "own")
    chinese = read_back(asked.read_bytes(), tmp_path, "asked")
    assert "검증" in korean and "驗證" not in korean  # Verification, in Hangul
    assert "驗證" in chinese and "검증" not in chinese
    assert "Verification" in korean and "Verification" in chinese


def test_the_command_says_in_one_line_that_the_font_is_missing(sat, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    empty = tmp_path / "no-fonts"
    empty.mkdir()
    out = tmp_path / "sheet.pdf"
    done = _record_cmd(sat, out, env={FONT_DIR_ENV: str(empty)})
    assert done.returncode != 0
    (line,) = done.stderr.splitlines()
    assert "Noto Sans CJK" in line and "fonts-noto-cjk" in line and str(empty) in line
    assert "Traceback" not in done.stderr
    assert not out.exists()  # nothing written


def test_a_damaged_font_file_is_one_line_naming_it(sat, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    broken = tmp_path / "fonts"
    broken.mkdir()
    for name in ("NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"):
        (broken / name).write_bytes(b"ttcf" + b"\x00" * 64)
    out = tmp_path / "sheet.pdf"
    done = _record_cmd(sat, out, env={FONT_DIR_ENV: str(broken)})
    assert done.returncode != 0
    (line,) = done.stderr.splitlines()
    assert "NotoSansCJK-" in line and "cannot be read" in line
    assert not out.exists()


def test_the_verification_block_keeps_its_fingerprint_and_qr_code_on_its_page(
    tmp_path: Path,
) -> None:
    # nine houses push the signed Chinese sheet's verification block to the foot of page 1:
    # it starts on page 2 with the key's fingerprint and the QR code beside it, never with
    # its heading on one page and its free column on the next
    pem, public = new_key("Escola de Croupiers", b"phrase")
    (tmp_path / "key.pem").write_bytes(pem)
    (tmp_path / "key.pub").write_text(json.dumps(public.as_json()), encoding="utf-8")
    sheet = replace(
        record("陳大文"), house_parts=tuple((f"House {k}", ("Drill",)) for k in range(9))
    )
    signed = sign_record(sheet.signed_record(), open_signer(tmp_path / "key.pem", b"phrase"))
    path = tmp_path / "signed.pdf"
    path.write_bytes(sign_off_pdf(sheet, signed, language="zh_Hant"))
    for page in (1, 2):
        text = subprocess.run(
            ["pdftotext", "-f", str(page), "-l", str(page), str(path), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        here = ["Verification" in text, "學校金鑰的指紋" in text, "fingerprint (SHA-256)" in text]
        assert here in ([True] * 3, [False] * 3), (page, here)


def test_a_name_typed_with_combining_marks_prints_composed(tmp_path: Path) -> None:
    # "Nguyễn Thị" as letters and combining marks (NFD, as some input methods send it):
    # printed as the composed letters, read back as typed once composed
    typed = unicodedata.normalize("NFD", "Nguyễn Thị Hồng")
    assert typed != "Nguyễn Thị Hồng"
    pdf = sign_off_pdf(record(typed), language="vi")
    raw = subprocess.run(
        ["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    assert "Nguyễn Thị Hồng" in raw  # composed in the PDF's text itself, not only after NFC


@pytest.mark.parametrize("named", ["/x" * 3000, "relative/nowhere", " ", "/dev/null"])
def test_a_hostile_font_folder_is_the_font_missing(named: str) -> None:
    # a name too long for the system, a folder that is not there, a device: the font is
    # missing, said in one line naming where it was looked for, never an OSError
    with pytest.raises(SheetFontError) as caught:
        font_files({FONT_DIR_ENV: named})
    assert "\n" not in str(caught.value) and FONT_DIR_ENV in str(caught.value)


def test_an_area_without_enough_answers_is_worded_in_the_sheets_language(
    tmp_path: Path,
) -> None:
    # two answers where the area needs five: no grade; the table says so in the language
    practical = [answer("natural", True, T0, seconds=2.0, answer_text="x", expected="x")] * 2
    verdict = judge_audition(AUDITION, "Ana", "Lee", T0, 3, practical)
    run = replace(
        SessionRecord("run1", "Ana", "audition", "Audition", "exam", T0),
        finished_at=T0 + timedelta(hours=1),
        passed=False,
    )
    sheet = AuditionRecord(run, "School", "Lee", verdict, (), "CODE-1234")
    worded = {"zh_Hant": "作答不足", "ko": "답변 부족", "vi": "không đủ câu trả lời"}
    for language, words in worded.items():
        text = read_back(sign_off_pdf(sheet, language=language), tmp_path, language)
        assert words in text and "not enough answers" not in text
    assert "not enough answers" in read_back(sign_off_pdf(sheet, language="en"), tmp_path, "en")
