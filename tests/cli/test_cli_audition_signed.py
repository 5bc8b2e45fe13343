"""A school's signed sign-off sheet: the key made, a sheet signed and checked with the public
key alone (its PDF, its JSON, its QR code's text), and refused when any field of its record
changed, when another key signed it, when the school revoked it; unsigned sheets and codes
never reported verified; a forged audition written straight into a trainee's SQLite file.

The sitting is test_cli_audition's (hand-worked there): ana, proctor Mrs Lee, on
2024-05-01 09:00 UTC, written 18 of 18, payouts 1 of 2 right (no grade), the red line
"banker-push-paid-or-taken" crossed: failed.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import os
import shutil
import sqlite3
import stat
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest

from tests.cli.test_cli_audition import RUN, SCHOOL, make_history
from tests.support.cli import ezbac, usage_error
from tests.support.history import T0
from trainer.history.store import open_history

PHRASE = "correct horse battery staple"
OTHER_PHRASE = "another school's phrase"


def key_env(phrase: str = PHRASE) -> dict[str, str]:
    return {"EZBAC_KEY_PASSPHRASE": phrase}


@pytest.fixture
def school(tmp_path: Path) -> dict[str, Path]:
    return make_school(tmp_path)


def make_school(tmp_path: Path) -> dict[str, Path]:
    """The sitting in an SQLite history, the school's key and its public half."""
    db, curriculum = make_history(str(tmp_path / "history.sqlite3"), tmp_path)
    made = ezbac(
        "audition", "key", "--out", str(tmp_path / "school-key.pem"),
        "--curriculum", str(curriculum), env=key_env(),
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    return {
        "db": Path(db),
        "curriculum": curriculum,
        "key": tmp_path / "school-key.pem",
        "pub": tmp_path / "school-key.pub",
        "dir": tmp_path,
    }


def sign(school: dict[str, Path], *args: str, env: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    return ezbac(
        "audition", "sign", RUN, "--key", str(school["key"]), "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]), *args,
        env=key_env() if env is None else env,
    )  # fmt: skip


def signed_json(school: dict[str, Path]) -> dict:
    done = sign(school, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def verify(school: dict[str, Path], sheet: str, *args: str):  # type: ignore[no-untyped-def]
    return ezbac("audition", "verify", sheet, "--key", str(school["pub"]), *args)


def verify_doc(school: dict[str, Path], doc: dict, name: str = "sheet.json"):  # type: ignore[no-untyped-def]
    path = school["dir"] / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return verify(school, str(path))


def refused(done, why: str) -> None:  # type: ignore[no-untyped-def]
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("not verified: "), done.stdout
    assert why in lines[0], lines[0]
    assert "Traceback" not in done.stderr


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


# -- the key ------------------------------------------------------------------------------------


def test_the_key_is_a_private_file_locked_by_its_passphrase_and_a_public_half(school) -> None:
    from cryptography.hazmat.primitives.serialization import (
        Encoding,
        PublicFormat,
        load_pem_private_key,
    )

    pem = school["key"].read_bytes()
    assert stat.S_IMODE(school["key"].stat().st_mode) == 0o600
    assert pem.startswith(b"-----BEGIN ENCRYPTED PRIVATE KEY-----")
    with pytest.raises(ValueError):
        load_pem_private_key(pem, password=b"not the phrase")
    raw = (
        load_pem_private_key(pem, password=PHRASE.encode())
        .public_key()
        .public_bytes(Encoding.Raw, PublicFormat.Raw)
    )
    public = json.loads(school["pub"].read_text(encoding="utf-8"))
    assert public["school"] == SCHOOL and unb64(public["public_key"]) == raw
    hexed = hashlib.sha256(raw).hexdigest().upper()
    assert public["fingerprint"].replace(" ", "") == hexed
    assert [len(g) for g in public["fingerprint"].split(" ")] == [4] * 16
    assert PHRASE.encode() not in pem and PHRASE not in school["pub"].read_text()


def test_a_key_is_never_made_over_a_file(school) -> None:
    before = school["key"].read_bytes()
    again = ezbac("audition", "key", "--out", str(school["key"]), "--school", "X", env=key_env())
    usage_error(again, "already exists")
    assert school["key"].read_bytes() == before
    # nor over a public file of that name
    (school["dir"] / "new.pub").write_text("mine", encoding="utf-8")
    usage_error(
        ezbac("audition", "key", "--out", str(school["dir"] / "new.pem"), "--school", "X",
              env=key_env()),
        "new.pub: already exists",
    )  # fmt: skip
    assert not (school["dir"] / "new.pem").exists()
    assert (school["dir"] / "new.pub").read_text() == "mine"


def test_the_passphrase_read_from_standard_input_never_printed(school, tmp_path) -> None:
    out = tmp_path / "k2.pem"
    done = ezbac("audition", "key", "--out", str(out), "--school", "Y", stdin=PHRASE + "\n")
    assert done.returncode == 0, done.stderr
    assert PHRASE not in done.stdout + done.stderr
    assert "fingerprint: " in done.stdout


@pytest.mark.parametrize(
    ("change", "culprit"),
    [
        ({"env": key_env("wrong passphrase")}, "wrong passphrase"),
        ({"env": key_env("")}, "passphrase is empty"),
        ({"key": ""}, "--key"),
        ({"key": "missing.pem"}, "missing.pem"),
        ({"key": "pub"}, "not a passphrase-protected private key"),
        ({"key": "school-key.pub"}, "that is the public key"),
    ],
)
def test_a_bad_key_or_passphrase_is_one_line_exit_2(school, change, culprit) -> None:
    key = str(school["key"])
    if change.get("key") == "pub":  # a .pem that holds the public key, its .pub beside it
        key = str(school["dir"] / "bogus.pem")
        shutil.copy(school["pub"], key)
        shutil.copy(school["pub"], school["dir"] / "bogus.pub")
    elif "key" in change:
        key = change["key"]
    done = ezbac(
        "audition", "sign", RUN, "--key", key, "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]), env=change.get("env", key_env()),
    )  # fmt: skip
    usage_error(done, culprit)
    assert PHRASE not in done.stderr and "wrong passphrase " not in done.stderr


def test_a_key_whose_public_file_is_another_keys_is_refused(school, tmp_path) -> None:
    other = tmp_path / "other" / "k.pem"
    other.parent.mkdir()
    made = ezbac("audition", "key", "--out", str(other), "--school", SCHOOL, env=key_env())
    assert made.returncode == 0
    shutil.copy(other.with_suffix(".pub"), school["pub"].with_name("mixed.pub"))
    shutil.copy(school["key"], school["key"].with_name("mixed.pem"))
    done = ezbac(
        "audition", "sign", RUN, "--key", str(school["key"].with_name("mixed.pem")),
        "--db", str(school["db"]), "--curriculum", str(school["curriculum"]), env=key_env(),
    )  # fmt: skip
    usage_error(done, "not the public half")


# -- a signed sheet ----------------------------------------------------------------------------


def test_the_signed_record_holds_every_field_and_the_verdict_judged(school) -> None:
    doc = signed_json(school)
    record = doc["record"]
    assert record["school"] == SCHOOL and record["run_id"] == RUN
    assert record["trainee"] == {"name": "ana", "person_id": None}
    # typed at the terminal (no sign-in): signed as not verified
    assert record["proctor"] == {
        "name": "Mrs Lee",
        "person_id": None,
        "verified": False,
        "check": "typed",
    }
    # the written part out of the 18 questions the curriculum sets, all 18 answered
    assert record["written"] == {
        "right": 18,
        "questions": 18,
        "questions_set": 18,
        "answered": 18,
        "pass_mark": 80,
        "passed": True,
    }
    # payouts: two answers of 4.0 s (8.000 s in all) against the area's 8 s target
    payouts = next(a for a in record["areas"] if a["id"] == "payouts")
    assert (payouts["seconds"], payouts["pace_seconds"], payouts["target_seconds"]) == (
        "8.000",
        "4.0",
        "8.0",
    )
    # the draws were never answered: no grade, and the sheet's words for why, signed
    draws = next(a for a in record["areas"] if a["id"] == "draws")
    assert (draws["grade"], draws["mark"], draws["answered"]) == (None, "not enough answers", 0)
    # each house once, with the parts dealt under it
    assert record["houses"] == [
        {
            "house": "EZ Baccarat, 8 decks, 7 seats; the house banks",
            "parts": ["Audition: the written part", "Payouts"],
        }
    ]
    assert record["sat_at"] == "2024-05-01T09:00:00.000+00:00"
    assert record["verdict"] == "failed"
    assert [r["id"] for r in record["red_lines"] if r["crossed"]] == ["banker-push-paid-or-taken"]
    curriculum_bytes = school["curriculum"].read_bytes()
    assert record["curriculum"]["sha256"] == hashlib.sha256(curriculum_bytes).hexdigest()
    assert len(record["answers"]) == 20  # 18 written, 2 practical
    push = next(a for a in record["answers"] if a["skill"] == "payout:banker:push")
    assert (push["answer"], push["expected"], push["correct"]) == ("win 10", "push", False)
    assert set(push) == {
        "run_id", "trainee", "drill_id", "step", "skill", "cards", "answer", "expected",
        "correct", "seconds", "answered_at", "bet", "wager",
    }  # fmt: skip
    # the signature's summary: the record's SHA-256 over its canonical form, worked here
    head, body, _sig = doc["signature"].split(".")
    summary = json.loads(unb64(body))
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert summary["record_sha256"] == hashlib.sha256(canonical.encode()).hexdigest()
    assert summary["verdict"] == "failed" and summary["grades"]["payouts"] is None
    assert json.loads(unb64(head))["alg"] == "EdDSA"


def test_the_verdict_signed_is_judged_from_the_answers_not_the_run_row(school) -> None:
    """A run row that says passed (written by whoever holds the file) over answers that
    fail: the signed record says failed."""
    with sqlite3.connect(school["db"]) as db:
        triggers = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='trigger'")]
        for name in triggers:
            db.execute(f"DROP TRIGGER {name}")
        db.execute("UPDATE sessions SET passed = 1 WHERE session_id = ?", (RUN,))
    assert signed_json(school)["record"]["verdict"] == "failed"


def test_a_signed_pdf_json_and_qr_text_verify_with_the_public_key_alone(school) -> None:
    pdf = school["dir"] / "sheet.pdf"
    done = sign(school, "--out", str(pdf))
    assert done.returncode == 0, done.stderr
    fingerprint = json.loads(school["pub"].read_text())["fingerprint"]
    school["db"].unlink()  # no history from here on
    for sheet in (str(pdf),):
        ok = verify(school, sheet)
        assert ok.returncode == 0, ok.stdout + ok.stderr
        assert ok.stdout.startswith(f"verified: signed by {SCHOOL} (key {fingerprint})")
        assert (
            "ana's audition of 2024-05-01, proctor Mrs Lee (unverified: typed, no sign-in): failed"
        ) in ok.stdout
    json_sheet = school["dir"] / "sheet.json"
    if shutil.which("pdfdetach"):  # poppler reads the attachment as any PDF reader would
        subprocess.run(["pdfdetach", "-saveall", "-o", str(school["dir"]), str(pdf)], check=True)
        (school["dir"] / "audition-record.json").rename(json_sheet)
    else:
        json_sheet.write_text(json.dumps(signed_json_of(pdf)), encoding="utf-8")
    assert verify(school, str(json_sheet)).returncode == 0
    token = json.loads(json_sheet.read_text())["signature"]
    qr = verify(school, token)
    assert qr.returncode == 0, qr.stdout
    assert "QR code's summary" in qr.stdout


def signed_json_of(pdf: Path) -> dict:
    data = pdf.read_bytes()
    at = data.index(b'{"ezbac_signed_audition"')
    return json.JSONDecoder().raw_decode(data[at:].decode("ascii", "replace"))[0]


def test_the_pdf_shows_the_fingerprint_and_a_qr_code_of_the_signed_summary(school) -> None:
    if shutil.which("pdftotext") is None or shutil.which("pdfimages") is None:
        pytest.skip("poppler-utils (pdftotext, pdfimages) not installed: .ci/run installs it")
    import segno
    from PIL import Image

    pdf = school["dir"] / "sheet.pdf"
    assert sign(school, "--out", str(pdf)).returncode == 0
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    groups = json.loads(school["pub"].read_text())["fingerprint"].split(" ")
    lines = [" ".join(line.split()) for line in text.splitlines()]
    # the fingerprint's 16 groups, eight to a line, on two lines one under the other
    printed = [" ".join(groups[n : n + 8]) for n in range(0, 16, 8)]
    at = [next(i for i, line in enumerate(lines) if line.endswith(p)) for p in printed]
    assert at[1] == at[0] + 1, at
    assert f"Signed with {SCHOOL}'s key" in text
    assert "Result: FAILED" in text
    subprocess.run(["pdfimages", "-png", str(pdf), str(school["dir"] / "img")], check=True)
    images = sorted(school["dir"].glob("img-*.png"))
    assert len(images) == 1
    token = signed_json_of(pdf)["signature"]
    # the image's modules are the QR code of the token (drawn again here from segno's matrix)
    qr = segno.make_qr(token, error="l")
    picture = Image.open(images[0]).convert("1")
    side = qr.symbol_size(scale=1, border=4)[0]
    scale = picture.width // side
    assert picture.width == side * scale
    for r, row in enumerate(qr.matrix):
        for c, dark in enumerate(row):
            pixel = picture.getpixel(((c + 4) * scale + scale // 2, (r + 4) * scale + scale // 2))
            assert (pixel == 0) == bool(dark), (r, c)


def test_the_fingerprint_and_qr_code_sit_in_the_free_column_on_one_page(tmp_path) -> None:
    """A sheet longer than the plain one (two houses, a line on unanswered questions, a long
    proctor's name): one page; from the Verification heading down, the fingerprint and the QR
    code in the free column and every other word left of it.  A4 is 595.28 x 841.89 pt; the
    free column runs from 595.28 - (15 + 60) * 72 / 25.4 = 382.68 pt to the right margin,
    595.28 - 15 * 72 / 25.4 = 552.76 pt, and down to the bottom margin, 12 mm = 34.02 pt
    above the foot.  The QR code is drawn no smaller than 45 mm (127.56 pt), so a phone
    reads its modules."""
    if shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None:
        pytest.skip("poppler-utils (pdftotext, pdfinfo) not installed: .ci/run installs it")
    import html
    import re
    import zlib

    db, curriculum = make_history(
        str(tmp_path / "h.sqlite3"),
        tmp_path,
        answered=16,
        right=13,
        parts=(("whole-coup", "Whole coup"), ("cardroom-fee", "Card room fee")),
        proctor="Mrs Lee-Montgomery of the Long Name, Senior Pit Supervisor",
    )
    made = ezbac(
        "audition", "key", "--out", str(tmp_path / "k.pem"), "--curriculum", str(curriculum),
        env=key_env(),
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    pdf = tmp_path / "sheet.pdf"
    done = ezbac(
        "audition", "sign", RUN, "--key", str(tmp_path / "k.pem"), "--db", db,
        "--curriculum", str(curriculum), "--out", str(pdf), env=key_env(),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    assert re.search(r"^Pages:\s+1$", info.stdout, re.MULTILINE), info.stdout
    boxes = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    words = [
        (float(m[0]), float(m[1]), float(m[2]), float(m[3]), html.unescape(m[4]))
        for m in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<',
            boxes,
        )
    ]
    # the free column starts with the heading's line (its text 2 mm under the line's top)
    top = next(y for _, y, _, _, w in words if w == "Verification") - 6
    below = [(x0, y0, x1, y1, w) for x0, y0, x1, y1, w in words if y0 >= top]
    groups = json.loads((tmp_path / "k.pub").read_text())["fingerprint"].split(" ")
    free = [(x0, y1, x1, w) for x0, _, x1, y1, w in below if x1 > 382.68]
    # in the free column: the label's words and the fingerprint's 16 groups, nothing else
    assert sorted(w for *_, w in free) == sorted(
        ["The", "school", "key's", "fingerprint", "(SHA-256):", *groups]
    ), free
    assert all(x0 >= 382.68 and x1 <= 552.76 for x0, _, x1, _ in free), free
    fingerprint_foot = max(y1 for _, y1, _, _ in free)
    # the QR code: the page's one image, placed by the content stream's "w 0 0 h x y cm"
    placed = []
    data = pdf.read_bytes()
    for m in re.finditer(rb"(?<!end)stream\r?\n", data):
        try:
            content = zlib.decompress(data[m.end() : data.index(b"endstream", m.end())])
        except zlib.error:
            continue
        placed += re.findall(rb"([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm\s*/I\w* Do", content)
    assert len(placed) == 1, placed
    w, h, x, y = (float(v) for v in placed[0])
    assert w == h and w >= 127.56, w  # square, at least 45 mm
    assert x >= 382.68 and x + w <= 552.76 + 0.01, (x, w)
    assert y >= 34.02 - 0.01  # above the bottom margin
    assert 841.89 - (y + h) >= fingerprint_foot  # under the fingerprint, not over it
    assert 841.89 - (y + h) >= top  # and not above the Verification heading


# -- refused -----------------------------------------------------------------------------------


def _fields(record: dict) -> list[tuple[object, ...]]:
    """Every leaf of the record, as a path of keys and indexes."""
    out: list[tuple[object, ...]] = []

    def walk(value: object, path: tuple[object, ...]) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, (*path, k))
        elif isinstance(value, list) and value and not all(isinstance(v, str) for v in value):
            for i, v in enumerate(value):
                walk(v, (*path, i))
        else:
            out.append(path)

    walk(record, ())
    return out


def _changed(value: object) -> object:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if value is None:
        return "x"
    if isinstance(value, list):
        return ["x"]
    return str(value) + "x"


def test_every_field_of_the_record_changed_is_refused(school) -> None:
    doc = signed_json(school)
    assert verify_doc(school, doc).returncode == 0
    paths = _fields(doc["record"])
    # every column of an answer, of a part, both people, the school, the curriculum, the
    # grades, the red lines, the verdict and the times are among them
    leaves = {p[-1] for p in paths}
    for name in (
        "cards", "answer", "expected", "correct", "seconds", "answered_at", "bet", "wager",
        "step", "skill", "drill_id", "trainee", "name", "person_id", "school", "sha256", "id",
        "grade", "crossed", "verdict", "sat_at", "finished_at", "pace", "right", "title", "mode",
        "abandoned", "reference_opened", "questions", "run_id",
    ):  # fmt: skip
        assert name in leaves, name
    for path in paths:
        forged = copy.deepcopy(doc)
        parent = forged["record"]
        for step in path[:-1]:
            parent = parent[step]
        parent[path[-1]] = _changed(parent[path[-1]])
        done = verify_doc(school, forged)
        refused(done, "changed since it was signed")


def test_a_changed_summary_or_a_cut_record_is_refused(school) -> None:
    doc = signed_json(school)
    head, body, sig = doc["signature"].split(".")
    summary = json.loads(unb64(body))
    summary["verdict"] = "passed"
    new_body = base64.urlsafe_b64encode(json.dumps(summary).encode()).rstrip(b"=").decode()
    refused(verify_doc(school, {**doc, "signature": f"{head}.{new_body}.{sig}"}), "does not match")
    cut = copy.deepcopy(doc)
    cut["record"]["answers"].pop()
    refused(verify_doc(school, cut), "changed since it was signed")


def test_a_sheet_signed_by_another_key_is_refused(school, tmp_path) -> None:
    other = tmp_path / "other" / "school-key.pem"
    other.parent.mkdir()
    made = ezbac(
        "audition", "key", "--out", str(other), "--school", SCHOOL, env=key_env(OTHER_PHRASE)
    )
    assert made.returncode == 0
    theirs = ezbac(
        "audition", "sign", RUN, "--key", str(other), "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]), "--json", env=key_env(OTHER_PHRASE),
    )  # fmt: skip
    doc = json.loads(theirs.stdout)
    refused(verify_doc(school, doc), "signed by another key")
    # the same, claiming the school's fingerprint in its header: the signature fails
    head, body, sig = doc["signature"].split(".")
    header = json.loads(unb64(head))
    header["kid"] = json.loads(school["pub"].read_text())["fingerprint"]
    new_head = base64.urlsafe_b64encode(json.dumps(header).encode()).rstrip(b"=").decode()
    refused(verify_doc(school, {**doc, "signature": f"{new_head}.{body}.{sig}"}), "not match")


def test_a_revoked_sheet_is_refused(school) -> None:
    listed = school["dir"] / "revoked.jws"
    doc = signed_json(school)
    assert verify_doc(school, doc).returncode == 0
    done = ezbac(
        "audition", "revoke", RUN, "--key", str(school["key"]), "--list", str(listed),
        "--reason", "signed in error", env=key_env(),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    path = school["dir"] / "sheet.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    refused(verify(school, str(path), "--revoked", str(listed)), "revoked by " + SCHOOL)
    assert "signed in error" in verify(school, str(path), "--revoked", str(listed)).stdout
    # extended: the first entry kept
    other_run = "ab" * 16
    again = ezbac(
        "audition", "revoke", other_run, "--key", str(school["key"]), "--list", str(listed),
        "--reason", "second", env=key_env(),
    )  # fmt: skip
    assert again.returncode == 0 and "2 revoked" in again.stdout
    refused(verify(school, str(path), "--revoked", str(listed)), "revoked")
    # --list naming a file that is not this key's list: refused, the file unchanged
    other = school["dir"] / "notes.txt"
    other.write_text("my notes\n", encoding="utf-8")
    usage_error(
        ezbac("audition", "revoke", other_run, "--key", str(school["key"]), "--list",
              str(other), "--reason", "x", env=key_env()),
        "not this key's revocation list",
    )  # fmt: skip
    assert other.read_text(encoding="utf-8") == "my notes\n"


def test_verify_says_the_lists_date_and_refuses_a_list_older_than_one_seen(school) -> None:
    """Two lists the school signed: of 2026-01-01 (revoking another run) and of 2026-02-01
    (revoking this sheet's too).  The older one first: verified, its date and count said.
    The newer: revoked.  The older again: refused (exit 2), since it would hide the later
    revocation; no list at all: verified, with the advice to fetch the current one."""
    from datetime import UTC, datetime

    from trainer.history.signing import open_signer, revocation_list

    signer = open_signer(school["key"], PHRASE.encode())
    first, entries = revocation_list(
        signer, [], "ab" * 16, "first", datetime(2026, 1, 1, tzinfo=UTC)
    )
    second, _ = revocation_list(
        signer, entries, RUN, "signed in error", datetime(2026, 2, 1, tzinfo=UTC)
    )
    old, new = school["dir"] / "old.jws", school["dir"] / "new.jws"
    old.write_text(first + "\n", encoding="ascii")
    new.write_text(second + "\n", encoding="ascii")
    path = school["dir"] / "sheet.json"
    path.write_text(json.dumps(signed_json(school)), encoding="utf-8")
    ok = verify(school, str(path), "--revoked", str(old))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout.splitlines()[1] == (
        f"(checked against {SCHOOL}'s revocation list issued 2026-01-01 00:00:00 UTC, "
        "1 revoked; a newer list may revoke more: fetch the school's current one)"
    )
    as_json = json.loads(verify(school, str(path), "--revoked", str(old), "--json").stdout)
    assert as_json["revocation_list"] == {"issued_at": "2026-01-01T00:00:00+00:00", "revoked": 1}
    refused(verify(school, str(path), "--revoked", str(new)), "revoked by " + SCHOOL)
    stale = verify(school, str(path), "--revoked", str(old))
    line = usage_error(stale, "older than the one of 2026-02-01 00:00:00 UTC already seen")
    assert "fetch the school's current list" in line
    bare = verify(school, str(path))
    assert bare.returncode == 0 and "(no revocation list checked: fetch the school's" in bare.stdout


def test_a_list_extended_is_issued_after_the_one_it_extends(school) -> None:
    """A list issued 2099-01-01 00:00:00 UTC (a clock ahead, somewhere): extended today, the
    new list is issued one second after it, so no computer that saw the first refuses it."""
    from datetime import UTC, datetime

    from trainer.history.signing import open_signer, read_revocations, revocation_list

    signer = open_signer(school["key"], PHRASE.encode())
    ahead, _ = revocation_list(signer, [], "ab" * 16, "first", datetime(2099, 1, 1, tzinfo=UTC))
    listed = school["dir"] / "revoked.jws"
    listed.write_text(ahead + "\n", encoding="ascii")
    done = ezbac(
        "audition", "revoke", RUN, "--key", str(school["key"]), "--list", str(listed),
        "--reason", "signed in error", env=key_env(),
    )  # fmt: skip
    assert done.returncode == 0 and "2 revoked" in done.stdout, done.stderr
    extended = read_revocations(listed.read_text(encoding="ascii"), signer.public)
    assert extended.issued_at == datetime(2099, 1, 1, 0, 0, 1, tzinfo=UTC)
    assert sorted(extended.revoked) == sorted(["ab" * 16, RUN])


def test_a_revocation_list_not_signed_by_the_school_is_a_usage_error(school, tmp_path) -> None:
    other = tmp_path / "o" / "k.pem"
    other.parent.mkdir()
    ezbac("audition", "key", "--out", str(other), "--school", SCHOOL, env=key_env())
    listed = tmp_path / "theirs.jws"
    ezbac(
        "audition", "revoke", "cd" * 16, "--key", str(other), "--list", str(listed),
        "--reason", "x", env=key_env(),
    )  # fmt: skip
    path = school["dir"] / "sheet.json"
    path.write_text(json.dumps(signed_json(school)), encoding="utf-8")
    usage_error(verify(school, str(path), "--revoked", str(listed)), "revocation list")


# -- unsigned and forged -----------------------------------------------------------------------


def test_an_unsigned_sheet_and_a_code_are_never_verified(school) -> None:
    plain = ezbac(
        "audition", "record", RUN, "--json", "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]),
    )  # fmt: skip
    doc = json.loads(plain.stdout)
    done = verify_doc(school, doc)
    assert done.returncode == 1 and done.stdout.startswith("unsigned: ")
    assert "verified:" not in done.stdout.replace("not verified", "")
    code = doc["verification_code"]
    assert len(done.stdout.strip().splitlines()) == 1 and "--db" in done.stdout
    path = school["dir"] / "sheet.json"
    with_history = verify(school, str(path), "--db", str(school["db"]),
                          "--curriculum", str(school["curriculum"]))  # fmt: skip
    assert with_history.returncode == 1
    assert f"the history still matches its code {code}" in with_history.stdout
    by_code = ezbac(
        "audition", "verify", code, "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]),
    )  # fmt: skip
    assert by_code.returncode == 1
    assert by_code.stdout.startswith("unsigned: ") and "matches this history" in by_code.stdout
    pdf = school["dir"] / "plain.pdf"
    ezbac(
        "audition", "record", RUN, "--out", str(pdf), "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]),
    )  # fmt: skip
    done = verify(school, str(pdf))
    assert done.returncode == 1 and done.stdout.startswith("unsigned: ")
    with sqlite3.connect(school["db"]) as db:
        db.execute("DROP TRIGGER exam_answers_kept")
        db.execute("UPDATE answers SET correct = 1 WHERE skill = 'payout:banker:push'")
    changed = verify(school, str(path), "--db", str(school["db"]),
                     "--curriculum", str(school["curriculum"]))  # fmt: skip
    assert changed.returncode == 1 and "the history no longer matches its code" in changed.stdout


def test_a_forged_audition_written_into_the_sqlite_file_is_not_verified(school) -> None:
    """A trainee holding the file inserts a passing audition of their own (every row as the
    trainer writes it): its code matches the history, and it is still only "unsigned"; a
    sheet they sign with a key of their own is another key's."""
    forged = "f0" * 16
    with sqlite3.connect(school["db"]) as db:
        columns = [r[1] for r in db.execute("PRAGMA table_info(sessions)")]
        row = dict(
            zip(
                columns,
                db.execute("SELECT * FROM sessions WHERE session_id = ?", (RUN,)).fetchone(),
                strict=True,
            )
        )
        row.update(session_id=forged, trainee="bob", passed=1, correct=20)
        if "id" in row:
            row.pop("id")
        keys = ", ".join(row)
        db.execute(
            f"INSERT INTO sessions ({keys}) VALUES ({', '.join('?' * len(row))})",
            tuple(row.values()),
        )
    plain = ezbac(
        "audition", "record", forged, "--json", "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]),
    )  # fmt: skip
    assert plain.returncode == 0, plain.stderr
    doc = json.loads(plain.stdout)
    by_code = ezbac(
        "audition", "verify", doc["verification_code"], "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]),
    )  # fmt: skip
    assert by_code.returncode == 1 and by_code.stdout.startswith("unsigned")
    done = verify_doc(school, doc)
    assert done.returncode == 1 and done.stdout.startswith("unsigned")
    # bob's own key, named after the school
    mine = school["dir"] / "bob" / "school-key.pem"
    mine.parent.mkdir()
    ezbac("audition", "key", "--out", str(mine), "--school", SCHOOL, env=key_env("bob"))
    signed = ezbac(
        "audition", "sign", forged, "--key", str(mine), "--json", "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]), env=key_env("bob"),
    )  # fmt: skip
    refused(verify_doc(school, json.loads(signed.stdout)), "signed by another key")


@pytest.mark.parametrize(
    ("args", "culprit"),
    [
        (("verify", "", "--key", "k.pub"), "SHEET"),
        (("verify", "README.md", "--key", ""), "--key"),
        (("verify", "README.md"), "--key is needed"),
        (("verify", "nothing-here.pdf", "--key", "k.pub"), "'nothing-here.pdf': no such file"),
        (("key", "--out", ""), "--out"),
        (("key", "--out", "k.pub", "--school", "S"), ".pem"),
        (("key", "--out", "/nonexistent/k.pem", "--school", "S\u202eX"), "--school"),
        (("revoke", "nothex", "--key", "k.pem", "--list", "l", "--reason", "r"), "nothex"),
        (("revoke", "ab" * 16, "--key", "k.pem", "--list", "l", "--reason", ""), "--reason"),
    ],
)
def test_bad_arguments_are_one_line_exit_2(args, culprit) -> None:
    usage_error(ezbac("audition", *args, env=key_env()), culprit)


def test_the_time_in_the_record_is_the_sittings(school) -> None:
    record = signed_json(school)["record"]
    assert record["finished_at"] == (T0 + timedelta(minutes=30)).isoformat(timespec="milliseconds")


# -- Open Badges 3.0 -------------------------------------------------------------------------

SCHEMA = (
    Path(__file__).parents[1] / "data" / "openbadges" / "ob_v3p0_achievementcredential_schema.json"
)


def badge(school: dict[str, Path]) -> str:
    done = ezbac(
        "audition", "badge", RUN, "--key", str(school["key"]), "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]), env=key_env(),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_badge_is_an_open_badges_credential_its_schema_accepts(school) -> None:
    import jsonschema

    token = badge(school)
    vc = json.loads(unb64(token.split(".")[1]))
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.Draft201909Validator(
        schema, format_checker=jsonschema.Draft201909Validator.FORMAT_CHECKER
    )
    errors = sorted(validator.iter_errors(vc), key=str)
    assert not errors, [e.message for e in errors]
    assert vc["issuer"]["name"] == SCHOOL and vc["issuer"]["id"].startswith("did:key:z6Mk")
    assert vc["id"] == "urn:uuid:3f2a9c0e-1111-1111-1111-111111111111"
    assert vc["validFrom"] == "2024-05-01T09:00:00Z"
    statuses = [r.get("status") for r in vc["credentialSubject"]["result"]]
    assert statuses[0] == "Failed"
    # and the schema does refuse: a credential without its issuer
    assert list(validator.iter_errors({k: v for k, v in vc.items() if k != "issuer"}))


def test_the_badges_jwt_verifies_with_pyjwt_and_the_schools_public_key(school) -> None:
    import jwt
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    token = badge(school)
    raw = unb64(json.loads(school["pub"].read_text())["public_key"])
    claims = jwt.decode(token, Ed25519PublicKey.from_public_bytes(raw), algorithms=["EdDSA"])
    header = jwt.get_unverified_header(token)
    assert header == {"alg": "EdDSA", "typ": "JWT", "jwk": header["jwk"]}
    assert header["jwk"] == {"kty": "OKP", "crv": "Ed25519", "x": json.loads(
        school["pub"].read_text())["public_key"]}  # fmt: skip
    assert claims["iss"] == claims["issuer"]["id"] and claims["jti"] == claims["id"]
    assert claims["sub"] == claims["credentialSubject"]["id"]
    assert claims["nbf"] == 1714554000  # 2024-05-01 09:00 UTC
    # one character of the credential changed: PyJWT refuses it
    head, body, sig = token.split(".")
    vc = json.loads(unb64(body))
    vc["credentialSubject"]["result"][0]["status"] = "Completed"
    forged = base64.urlsafe_b64encode(json.dumps(vc).encode()).rstrip(b"=").decode()
    with pytest.raises(jwt.InvalidSignatureError):
        jwt.decode(
            f"{head}.{forged}.{sig}", Ed25519PublicKey.from_public_bytes(raw), algorithms=["EdDSA"]
        )
    # another key's: refused too
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    with pytest.raises(jwt.InvalidSignatureError):
        jwt.decode(token, Ed25519PrivateKey.generate().public_key(), algorithms=["EdDSA"])


@pytest.mark.parametrize(
    "body",
    [
        "[" * 100_000,
        '{"ezbac_signed_audition": 1, "record": {"areas": 5}, "signature": "a.b.c"}',
        '{"ezbac_signed_audition": 1, "record": [], "signature": "a.b.c"}',
        '{"signature": "' + "A" * 70_000 + '"}',
    ],
)
def test_hostile_sheets_are_one_line(school, body) -> None:
    path = school["dir"] / "hostile.json"
    path.write_text(body, encoding="utf-8")
    done = verify(school, str(path))
    assert done.returncode in (1, 2) and "Traceback" not in done.stderr
    assert len((done.stdout + done.stderr).strip().splitlines()) == 1


def test_a_record_with_a_nan_or_wrong_types_is_refused_not_a_traceback(school) -> None:
    doc = signed_json(school)
    assert set(doc) == {"ezbac_signed_audition", "record", "signature"}  # nothing unsigned
    nan = copy.deepcopy(doc)
    nan["record"]["areas"][0]["pace"] = float("nan")
    path = school["dir"] / "nan.json"
    path.write_text(json.dumps(nan), encoding="utf-8")
    assert "NaN" in path.read_text()
    refused(verify(school, str(path)), "not an audition record")
    doc["record"]["areas"] = "x"
    refused(verify_doc(school, doc), "not an audition record")


@pytest.mark.parametrize("route", ["direct", "pgbouncer"])
def test_a_forged_audition_written_by_a_terminals_role_on_the_server_is_not_verified(
    route: str, pg_server, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """A terminal's database role (least privilege: it may insert runs and answers), on the
    server directly and through PgBouncer in transaction pooling, writes a whole sitting and
    a passing audition run with no answers: the history holds them, their codes match, and
    `verify` still says unsigned.  The forger's own key, named after the school, signs:
    refused as another key's; the school's signed sheet of the genuine sitting moved to the
    forged run or made to say passed: refused as changed.  Signed by the school, the forged
    run's verdict is judged from its answers (none): failed."""
    import itertools as _it

    from tests.support.history import session
    from tests.support.pg import SHARED, run_sql
    from trainer.session.audition import AUDITION_ID

    n = f"{os.getpid()}_{next(_it.count(1))}_{tmp_path.name[-6:]}"
    if route == "direct":
        owner = pg_server.schema()
    else:
        bouncer = request.getfixturevalue("pg_bouncer")
        owner = bouncer.schema()  # a role owning its schema, named by its search_path
        with pg_server.admin(SHARED) as admin:  # it makes the terminals' group role
            admin.execute(f"ALTER ROLE {owner.partition('://')[2].partition('@')[0]} CREATEROLE")
    with open_history(owner) as store:
        store.record_session(session("warm", trainee="x"))  # the schema made by the owner
    ran = ezbac("people", "sql-roles", "--apply", "--terminals", f"t_{n}", "--reports",
                f"r_{n}", "--db", owner)  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    if route == "direct":
        run_sql(owner, f"CREATE ROLE room_{n} LOGIN IN ROLE t_{n}")
        terminal = owner.replace("postgresql://postgres@", f"postgresql://room_{n}@", 1)
    else:
        schema = owner.partition("://")[2].partition("@")[0]  # the owner's name and schema
        terminal = bouncer.login_role(f"room_{n}", f"t_{n}", schema)
    assert f"room_{n}@" in terminal
    # the terminal may not write the roster or the settings (its least privilege holds)
    with pytest.raises(Exception, match="permission denied"):
        run_sql(terminal, "UPDATE settings SET value = value")
    _, curriculum = make_history(terminal, tmp_path)  # every row written as the terminal
    forged = "f0" * 16
    with open_history(terminal) as store:
        store.record_session(
            session(forged, trainee="bob", drill_id=AUDITION_ID,
                    title="Audition (proctor: Mrs Lee)", mode="exam", started=T0, minutes=30,
                    questions=20, correct=20, passed=True)
        )  # fmt: skip
    key = tmp_path / "school-key.pem"
    assert ezbac("audition", "key", "--out", str(key), "--school", SCHOOL,
                 env=key_env()).returncode == 0  # fmt: skip
    pub = str(key.with_suffix(".pub"))
    for run_id in (RUN, forged):
        plain = ezbac("audition", "record", run_id, "--json", "--db", terminal,
                      "--curriculum", str(curriculum))  # fmt: skip
        assert plain.returncode == 0, plain.stderr
        doc = json.loads(plain.stdout)
        by_code = ezbac("audition", "verify", doc["verification_code"], "--db", terminal,
                        "--curriculum", str(curriculum))  # fmt: skip
        assert by_code.returncode == 1 and by_code.stdout.startswith("unsigned: ")
        assert "matches this history's rows" in by_code.stdout  # the forged one's too
        sheet = tmp_path / f"{run_id}.json"
        sheet.write_text(plain.stdout, encoding="utf-8")
        done = ezbac("audition", "verify", str(sheet), "--key", pub)
        assert done.returncode == 1 and done.stdout.startswith("unsigned: ")
    # the forger's own key, named after the school, signs the forged run: another key's
    mine = tmp_path / "bob" / "school-key.pem"
    mine.parent.mkdir()
    assert ezbac("audition", "key", "--out", str(mine), "--school", SCHOOL,
                 env=key_env("bob")).returncode == 0  # fmt: skip
    theirs = ezbac("audition", "sign", forged, "--key", str(mine), "--json", "--db", terminal,
                   "--curriculum", str(curriculum), env=key_env("bob"))  # fmt: skip
    assert theirs.returncode == 0, theirs.stderr
    sheet = tmp_path / "bob.json"
    sheet.write_text(theirs.stdout, encoding="utf-8")
    refused(ezbac("audition", "verify", str(sheet), "--key", pub), "signed by another key")
    # the school's genuine signed sheet, moved to bob or made to say passed: changed
    genuine = json.loads(
        ezbac("audition", "sign", RUN, "--key", str(key), "--json", "--db", owner,
              "--curriculum", str(curriculum), env=key_env()).stdout
    )  # fmt: skip
    for field, value in (("trainee", {"name": "bob", "person_id": None}), ("verdict", "passed")):
        moved = copy.deepcopy(genuine)
        moved["record"][field] = value
        sheet.write_text(json.dumps(moved), encoding="utf-8")
        refused(ezbac("audition", "verify", str(sheet), "--key", pub), "changed")
    # the forged run says passed; judged from its answers (none) the signed record says failed
    signed = ezbac("audition", "sign", forged, "--key", str(key), "--json", "--db", owner,
                   "--curriculum", str(curriculum), env=key_env())  # fmt: skip
    assert json.loads(signed.stdout)["record"]["verdict"] == "failed"
    # the terminal's role reads no key: there is none in the history to read
    tables = run_sql(terminal, "SELECT table_name FROM information_schema.tables "
                     "WHERE table_schema = current_schema()")  # fmt: skip
    assert not [t for t in tables if "key" in str(t).lower()]


def test_with_the_schools_sign_in_on_only_an_instructor_signs(school) -> None:
    db = str(school["db"])
    for name, role, pin in (("Ana Ruiz", "instructor", "2468"), ("Bo", "trainee", "1357")):
        added = ezbac("people", "add", name, "--role", role, "--db", db, stdin=pin + "\n")
        assert added.returncode == 0, added.stderr
    assert ezbac("people", "signin", "on", "--db", db).returncode == 0

    def signs(*args: str, stdin: str):  # type: ignore[no-untyped-def]
        return ezbac(
            "audition", "sign", RUN, "--key", str(school["key"]), "--db", db, "--json",
            "--curriculum", str(school["curriculum"]), *args, stdin=stdin,
        )  # fmt: skip

    # the key's passphrase, then the instructor's PIN, a line each on standard input
    usage_error(signs(stdin=PHRASE + "\n"), "only an instructor signs")
    usage_error(signs("--instructor", "Bo", stdin=f"{PHRASE}\n1357\n"), "not an instructor")
    wrong = signs("--instructor", "Ana Ruiz", stdin=f"{PHRASE}\n0000\n")
    usage_error(wrong, "nothing was signed")
    assert "0000" not in wrong.stderr and PHRASE not in wrong.stderr
    done = signs("--instructor", "Ana Ruiz", stdin=f"{PHRASE}\n2468\n")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["record"]["school"] == SCHOOL


def test_ezbac_verifies_the_badge_too_and_refuses_it_changed_or_revoked(school) -> None:
    token = badge(school)
    path = school["dir"] / "ana.jwt"
    path.write_text(token + "\n", encoding="ascii")
    ok = verify(school, str(path))
    assert ok.returncode == 0, ok.stdout
    assert ok.stdout.startswith(f"verified: an Open Badges 3.0 credential signed by {SCHOOL}")
    assert ok.stdout.splitlines()[0].endswith("2024-05-01: Failed")
    head, body, sig = token.split(".")
    vc = json.loads(unb64(body))
    vc["credentialSubject"]["identifier"][0]["identityHash"] = "bob"
    forged = base64.urlsafe_b64encode(json.dumps(vc).encode()).rstrip(b"=").decode()
    path.write_text(f"{head}.{forged}.{sig}", encoding="ascii")
    refused(verify(school, str(path)), "does not match")
    listed = school["dir"] / "revoked.jws"
    ezbac(
        "audition", "revoke", RUN, "--key", str(school["key"]), "--list", str(listed),
        "--reason", "withdrawn", env=key_env(),
    )  # fmt: skip
    refused(verify(school, token, "--revoked", str(listed)), "revoked")


def test_a_passphrase_file_is_its_first_lines_bytes_whatever_their_encoding(school) -> None:
    phrase_file = school["dir"] / "phrase"
    phrase_file.write_bytes(b"caf\xe9 latin-1\nsecond line ignored\n")
    key = school["dir"] / "k" / "school-key.pem"
    key.parent.mkdir()
    made = ezbac("audition", "key", "--out", str(key), "--school", SCHOOL,
                 "--passphrase-file", str(phrase_file))  # fmt: skip
    assert made.returncode == 0, made.stderr
    from cryptography.hazmat.primitives.serialization import load_pem_private_key

    load_pem_private_key(key.read_bytes(), password=b"caf\xe9 latin-1")  # the bytes, as given
    signed = ezbac(
        "audition", "sign", RUN, "--key", str(key), "--json", "--db", str(school["db"]),
        "--curriculum", str(school["curriculum"]), "--passphrase-file", str(phrase_file),
    )  # fmt: skip
    assert signed.returncode == 0, signed.stderr
    phrase_file.write_bytes(b"\n")
    usage_error(
        ezbac("audition", "sign", RUN, "--key", str(key), "--db", str(school["db"]),
              "--passphrase-file", str(phrase_file)),
        "first line is empty",
    )  # fmt: skip


def test_a_sheet_whose_curriculum_names_no_school_is_not_signed(tmp_path) -> None:
    """The sheet says "School not named"; the key is a named school's: signing it would put
    a school on a record that names none, so `sign` refuses in one line and writes nothing."""
    db, curriculum = make_history(str(tmp_path / "h.sqlite3"), tmp_path, school="")
    key = tmp_path / "k.pem"
    made = ezbac("audition", "key", "--out", str(key), "--school", SCHOOL, env=key_env())
    assert made.returncode == 0, made.stderr
    out = tmp_path / "sheet.pdf"
    done = ezbac(
        "audition", "sign", RUN, "--key", str(key), "--db", db, "--curriculum", str(curriculum),
        "--out", str(out), env=key_env(),
    )  # fmt: skip
    usage_error(done, "the curriculum names no school")
    assert not out.exists()


@pytest.mark.parametrize("which", ["sheet", "public key", "key", "passphrase file"])
def test_a_named_pipe_given_as_a_file_to_read_is_refused_without_waiting(
    school, tmp_path, which
) -> None:
    """A fifo nobody writes to, given where a file is read: opening it would block for ever.
    It is refused at once (a real process, bounded by its timeout), in one line naming it."""
    from tests.support.cli import ezbac_process

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    if which == "sheet":
        args = ("audition", "verify", str(pipe), "--key", str(school["pub"]))
    elif which == "public key":
        args = ("audition", "verify", str(tmp_path / "x.json"), "--key", str(pipe))
        (tmp_path / "x.json").write_text("{}", encoding="utf-8")
    elif which == "key":
        args = (
            "audition", "sign", RUN, "--key", str(pipe), "--db", str(school["db"]),
            "--curriculum", str(school["curriculum"]),
        )  # fmt: skip
    else:
        args = (
            "audition", "sign", RUN, "--key", str(school["key"]), "--db", str(school["db"]),
            "--curriculum", str(school["curriculum"]), "--passphrase-file", str(pipe),
        )  # fmt: skip
    done = ezbac_process(*args, timeout=20)
    assert done.returncode == 2, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and str(pipe) in lines[0] and "named pipe" in lines[0], lines
