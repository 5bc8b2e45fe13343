"""The sign-off sheet still one page when every area, at its cap, says its table pace, and
the line it prints (words worked by hand: 999 tables in an hour are 999 coups an hour)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from tests.formats.test_text_fields import curriculum
from trainer.curriculum import fields as CF
from trainer.curriculum.loader import load_curriculum_text
from trainer.engine.pace import PaceTarget, TableFormat


def test_every_area_with_its_table_pace_is_still_one_page(tmp_path: Path) -> None:
    from tests.cli.test_cli_audition import RUN, make_history
    from trainer.history.audition_record import audition_record, find_run
    from trainer.history.store import open_history
    from trainer.i18n import ENGLISH
    from trainer.words.sheet import Say, sign_off_pdf, table_pace_text

    db, _ = make_history(str(tmp_path / "h.sqlite3"), tmp_path)
    title = ("FULL TABLES " * 5)[: CF.MAX_AREA_CHARS]
    widest = curriculum(
        name="P" * CF.MAX_NAME_CHARS,
        school="S" * CF.MAX_SCHOOL_CHARS,
        areas=CF.MAX_AREAS,
        area_title=title,
        grade="G" * CF.MAX_GRADE_CHARS,
        grades=10,
        red_lines=CF.MAX_RED_LINES,
        red_title="R" * CF.MAX_RED_LINE_CHARS,
    )
    path = load_curriculum_text(widest, "path.yaml")
    with open_history(db, readonly=True) as store:
        record = audition_record(store, find_run(store, RUN, None), path)
    assert record.as_json()["areas"][0]["table_pace"] is None  # no whole table sat
    paced = tuple(
        replace(
            a,
            tables=999,
            table_seconds=3600.0,
            table_format=TableFormat.FULL_SIZE,
            table_target=PaceTarget(1000),
        )
        for a in record.verdict.areas
    )
    record = replace(record, verdict=replace(record.verdict, areas=paced))
    assert english(table_pace_text(Say(ENGLISH), paced[0])) == (
        "table pace 999 coups an hour over 999 tables, full-size table (target 1000: under); "
        "seconds a seat not measured"
    )
    # --json says it too, in no language: 3,600 x 999 / 3,600 s = 999, under 1,000
    assert record.as_json()["areas"][0]["table_pace"] == {
        "tables": 999,
        "seconds": 3600.0,
        "coups_an_hour": 999,
        "format": "full_size",
        "target_coups_an_hour": 1000,
        "met": False,
        "seats": None,  # the seats are not recorded here: not measured
        "seconds_a_seat": None,
    }
    import json

    from trainer.history.signing import new_key, open_signer, sign_record

    pem, public = new_key("S" * CF.MAX_SCHOOL_CHARS, b"phrase")
    (tmp_path / "key.pem").write_bytes(pem)
    (tmp_path / "key.pub").write_text(json.dumps(public.as_json()), encoding="utf-8")
    signer = open_signer(tmp_path / "key.pem", b"phrase")
    for name, signed in (
        ("unsigned", None),
        ("signed", sign_record(record.signed_record(), signer)),
    ):
        pdf = sign_off_pdf(record, signed)
        (tmp_path / f"paced-{name}.pdf").write_bytes(pdf)
        assert len(re.findall(rb"/Type /Page\b(?!s)", pdf)) == 1, name


def english(text: object) -> str:
    """The English side of a line of the sheet."""
    return str(getattr(text, "english", None))


def test_every_area_with_seconds_a_seat_is_still_one_page(tmp_path: Path) -> None:
    """The widest table pace line: coups an hour and seconds a seat each under its target
    (999 tables of 14 seats in 3,600 s: 3,600 / 13,986 = 0.257... s, rounded up: 0.3), in
    English as the test above.  (In Vietnamese, Korean and Chinese a sheet at every cap
    runs to a second page with coups an hour alone already: not this line's doing.)"""
    from decimal import Decimal

    from tests.cli.test_cli_audition import RUN, make_history
    from trainer.history.audition_record import audition_record, find_run
    from trainer.history.store import open_history
    from trainer.i18n import ENGLISH
    from trainer.words.sheet import Say, sign_off_pdf, table_pace_text

    db, _ = make_history(str(tmp_path / "h.sqlite3"), tmp_path)
    widest = curriculum(
        name="P" * CF.MAX_NAME_CHARS,
        school="S" * CF.MAX_SCHOOL_CHARS,
        areas=CF.MAX_AREAS,
        area_title=("FULL TABLES " * 5)[: CF.MAX_AREA_CHARS],
        grade="G" * CF.MAX_GRADE_CHARS,
        grades=10,
        red_lines=CF.MAX_RED_LINES,
        red_title="R" * CF.MAX_RED_LINE_CHARS,
    )
    path = load_curriculum_text(widest, "path.yaml")
    with open_history(db, readonly=True) as store:
        record = audition_record(store, find_run(store, RUN, None), path)
    paced = tuple(
        replace(
            a,
            tables=999,
            table_seats=999 * 14,
            table_seconds=3600.0,
            table_format=TableFormat.FULL_SIZE,
            table_target=PaceTarget(1000, Decimal("0.25")),
        )
        for a in record.verdict.areas
    )
    record = replace(record, verdict=replace(record.verdict, areas=paced))
    assert english(table_pace_text(Say(ENGLISH), paced[0])) == (
        "table pace 999 coups an hour over 999 tables, full-size table (target 1000: under); "
        "0.3 s a seat settled (target 0.25: under)"
    )
    pdf = sign_off_pdf(record, None)
    assert len(re.findall(rb"/Type /Page\b(?!s)", pdf)) == 1
