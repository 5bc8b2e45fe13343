"""`ezbac audition` in each language: every line of `record`, `sign`, `verify` (signed,
changed, revoked, unsigned, a code), `revoke` and `key`, and its usage errors, worded at the
edge, none left in English in the pseudo-language but names, paths, codes and keys;
Traditional Chinese and Korean read back; `--json` the same in Korean as in English.

The sitting is test_cli_audition's (ana, proctor Mrs Lee, 2024-05-01, failed), the school's
key test_cli_audition_signed's.  Every command runs in this process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_cli_audition import RUN, SCHOOL
from tests.cli.test_cli_audition_signed import key_env, make_school
from tests.i18n.english_left import english_left
from tests.support.cli import ezbac


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One school for the module: its key is made once (the slow part)."""
    return make_school(tmp_path_factory.mktemp("audition-languages"))


def _at(school: dict[str, Path]) -> list[str]:
    return ["--db", str(school["db"]), "--curriculum", str(school["curriculum"])]


def _signed(school: dict[str, Path], lang: str, name: str) -> Path:
    out = school["dir"] / name
    done = ezbac(
        "--lang", lang, "audition", "sign", RUN, "--key", str(school["key"]), *_at(school),
        "--json", "--out", str(out), env=key_env(),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return out


def _code(school: dict[str, Path]) -> str:
    done = ezbac("audition", "record", RUN, *_at(school), "--json")
    assert done.returncode == 0, done.stderr
    return str(json.loads(done.stdout)["verification_code"])


def test_no_english_left_in_the_pseudo_language(school: dict[str, Path]) -> None:
    lang = ["--lang", "en_XA"]
    out: list[str] = []

    def run(*words: str, status: int, env: dict[str, str] | None = None) -> None:
        done = ezbac(*lang, "audition", *words, env=env)
        assert done.returncode == status, (words, done.stdout, done.stderr)
        out.append(done.stdout + done.stderr)

    d = school["dir"]
    record = d / "xa-record.json"
    run("record", RUN, *_at(school), "--json", "--out", str(record), status=0)
    signed = _signed(school, "en_XA", "xa-signed.json")
    changed = d / "xa-changed.json"
    doc = json.loads(signed.read_text(encoding="utf-8"))
    doc["record"]["trainee"]["name"] = "bo"
    changed.write_text(json.dumps(doc), encoding="utf-8")
    pub = ["--key", str(school["pub"])]
    run("verify", str(signed), *pub, status=0)  # verified, no revocation list checked
    run("verify", str(changed), *pub, status=1)  # the record changed since it was signed
    run("verify", str(record), *pub, *_at(school), status=1)  # unsigned, the history matches
    run("verify", _code(school), *_at(school), status=1)  # a code, never verified
    listed = d / "xa-revoked.jws"
    key = ["--key", str(school["key"])]
    why = "signed in error"
    run("revoke", RUN, *key, "--list", str(listed), "--reason", why, status=0, env=key_env())
    run("verify", str(signed), *pub, "--revoked", str(listed), status=1)  # revoked
    new = ["key", "--out", str(d / "xa-new.pem"), "--school", "Golden Lotus"]
    run(*new, status=0, env=key_env())
    run("record", *_at(school), status=2)  # neither a run nor a trainee
    run("verify", "no-such-sheet", *pub, status=2)
    run("sign", RUN, "--key", str(school["pub"]), *_at(school), status=2, env=key_env())
    # a sheet that would replace a file the command reads, another file, or one of its kind
    other = d / "xa-notes.txt"
    other.write_text("notes\n", encoding="utf-8")
    for there in (school["curriculum"], other, record):
        run("record", RUN, *_at(school), "--json", "--out", str(there), status=2)
    text = "\n".join(out)
    assert len([line for line in text.splitlines() if line.strip()]) == 17, text
    code = _code(school)
    allowed = [
        SCHOOL, "Golden Lotus", "ana", "Mrs Lee", "bo", why, "no-such-sheet", code,
        *(str(p) for p in (record, signed, changed, listed, other, *school.values())),
        *(str(d / name) for name in ("xa-new.pem", "xa-new.pub")),
        "UTC", "PDF", "JSON", "QR", "RUN_ID", "SHEET",  # notation and the program's names
    ]  # fmt: skip
    fingerprints = [  # hex: a run of letters in one is no word
        json.loads(pub.read_text(encoding="utf-8"))["fingerprint"]
        for pub in (school["pub"], d / "xa-new.pub")
    ]
    left = english_left(text, allowed=[*allowed, *fingerprints])
    assert left == [], (left, text)


def test_a_line_read_back_in_traditional_chinese_and_korean(school: dict[str, Path]) -> None:
    code = _code(school)
    out = school["dir"] / "hant-record.json"
    done = ezbac(
        "--lang", "zh_Hant", "audition", "record", RUN, *_at(school), "--json", "--out", str(out)
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{out}：ana 的考核，未簽名，驗證碼 {code}\n"
    signed = _signed(school, "en", "en-signed.json")
    fingerprint = json.loads(school["pub"].read_text(encoding="utf-8"))["fingerprint"]
    done = ezbac("--lang", "ko", "audition", "verify", str(signed), "--key", str(school["pub"]))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        f"검증됨: {SCHOOL}이(가) 서명(키 {fingerprint}): ana의 2024-05-01 오디션, "
        "감독관 Mrs Lee (미확인: 직접 입력, 로그인 없음): 불합격",
        "(폐기 목록을 검사하지 않음: 학교의 현재 목록을 받아 --revoked FILE로 주십시오)",
    ]
    cur = school["curriculum"]
    done = ezbac(
        "--lang", "ko", "audition", "record", RUN, *_at(school), "--json", "--out", str(cur)
    )
    assert done.returncode == 2
    assert done.stderr.strip().endswith(
        f"{cur}: 이 명령이 읽는 교육 과정 파일입니다: "
        "오디션 확인서(JSON)은(는) 다른 파일에 쓰십시오"
    ), done.stderr
    done = ezbac("--lang", "zh_Hant", "audition", "verify", "1A2B", "--key", str(school["pub"]))
    assert done.returncode == 2
    assert done.stderr.strip().endswith(
        "SHEET '1A2B'：沒有這個檔案，也不是 QR 碼文字或驗證碼（如 1A2B3C4D-ABCD-EFGH-JKLM-O）"
    ), done.stderr


def test_json_is_the_same_in_korean_as_in_english(school: dict[str, Path]) -> None:
    from trainer.history.audition_record import check_character

    signed = _signed(school, "en", "json-signed.json")
    code = _code(school)
    body = "00000000" + code[8:-2]  # no sitting's run id starts 00000000
    unknown = f"{body}-{check_character(body)}"
    for words in (
        ("record", RUN, *_at(school), "--json"),
        ("verify", str(signed), "--key", str(school["pub"]), "--json"),
        ("verify", code, *_at(school), "--json"),  # a code: its record, never verified
        ("verify", unknown, *_at(school), "--json"),  # no audition has it: why, in English
    ):
        english = ezbac("audition", *words)
        korean = ezbac("--lang", "ko", "audition", *words)
        assert english.returncode == korean.returncode, words
        assert english.stdout and korean.stdout == english.stdout, words
