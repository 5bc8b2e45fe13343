"""The text a curriculum or a house file gives: no character that reorders text on screen
(a bidirectional override, isolate or mark), lengths that keep the sign-off sheet to one
page (a sheet at every limit is rendered), a house's remedies one line of at most 64
characters as the catalogue's, and a differential no less than the table minimum; each
problem at its file:line:column."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from trainer.curriculum import fields as CF
from trainer.curriculum.loader import CurriculumFileError, load_curriculum_text
from trainer.houses import fields as HF
from trainer.houses.errors import HouseFileError
from trainer.houses.loader import load_house_text

BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068"]
BIDI += ["\u2069", "\u200e", "\u200f", "\u061c"]


def curriculum(
    *,
    name: str = "Path",
    school: str = "School",
    areas: int = 1,
    area_title: str = "Tables",
    grade: str = "A",
    grades: int = 1,
    red_lines: int = 1,
    red_title: str = "Paid a push",
) -> str:
    """A curriculum's text, its audition built from the arguments."""
    out = [
        f'name: "{name}"',
        f'school: "{school}"',
        "modules:",
        "  - id: m",
        "    title: M",
        "    drills: [naturals]",
        "    skills:",
        "      - {id: s, title: S, keys: [natural]}",
        "audition:",
        "  areas:",
    ]
    for i in range(areas):
        out.append(
            f'    - {{id: a{i}, title: "{area_title}", keys: ["table:*"], target_seconds: 10}}'
        )
    out.append("  rubric:")
    for i in range(grades):  # the best first; more than one: each named apart, at its length
        name = grade if grades == 1 else f"{grade[:-2]}{i:02d}"
        pace = "" if grades == 1 else f", pace: {200 + i}"
        out.append(f'    - {{grade: "{name}", accuracy: {90 - i}{pace}}}')
    out.append("  red_lines:")
    for i in range(red_lines):
        out.append(f'    - {{id: r{i}, title: "{red_title}", keys: ["payout:*"]}}')
    return "\n".join(out) + "\n"


def problems(text: str) -> list[str]:
    with pytest.raises(CurriculumFileError) as caught:
        load_curriculum_text(text, "path.yaml")
    return caught.value.lines


@pytest.mark.parametrize("ch", BIDI)
def test_a_bidirectional_control_in_a_title_is_refused_at_its_place(ch: str) -> None:
    # line 11 is the first area, `    - {id: a0, title: "...`: the title's value at column 23
    text = curriculum(area_title=f"Tables{ch}gnol")
    assert problems(text) == [
        f"path.yaml:11:23: audition.areas[0].title: holds the bidirectional control "
        f"U+{ord(ch):04X} (it can make the text read in another order than it is written): "
        "write plain text"
    ]


def test_a_bidirectional_control_in_a_house_name_or_remedy_is_refused() -> None:
    text = 'id: mine\nname: "Mine\u202e"\nremedies:\n  misdeal: "Redeal\u2066"\n'
    with pytest.raises(HouseFileError) as caught:
        load_house_text(text, "house.yaml")
    assert [line.split(": holds")[0] for line in caught.value.lines] == [
        "house.yaml:2:7: name",
        "house.yaml:4:12: remedies.misdeal",
    ]


@pytest.mark.parametrize(
    ("given", "where", "most"),
    [
        ({"name": "n" * 65}, "1:7: name", CF.MAX_NAME_CHARS),
        ({"school": "s" * 49}, "2:9: school", CF.MAX_SCHOOL_CHARS),
        ({"area_title": "t" * 41}, "11:23: audition.areas[0].title", CF.MAX_AREA_CHARS),
        ({"grade": "g" * 13}, "13:15: audition.rubric[0].grade", CF.MAX_GRADE_CHARS),
        ({"red_title": "r" * 65}, "15:23: audition.red_lines[0].title", CF.MAX_RED_LINE_CHARS),
    ],
)
def test_a_text_over_its_length_is_refused_at_its_place(
    given: dict[str, str], where: str, most: int
) -> None:
    # (a rubric whose one grade does not read is also said to be empty)
    assert f"path.yaml:{where}: is {most + 1} characters: keep it to {most}" in problems(
        curriculum(**given)
    )
    at_most = {k: v[:most] for k, v in given.items()}
    load_curriculum_text(curriculum(**at_most), "path.yaml")  # the limit itself is fine


def test_more_areas_or_red_lines_than_a_page_holds_are_refused() -> None:
    (line,) = problems(curriculum(areas=CF.MAX_AREAS + 1))
    assert line == "path.yaml:18:7: audition.areas[7]: too many items (8): at most 7"
    (line,) = problems(curriculum(red_lines=CF.MAX_RED_LINES + 1))
    assert line == "path.yaml:20:7: audition.red_lines[5]: too many items (6): at most 5"


def test_a_house_remedy_is_one_line_of_at_most_64_characters() -> None:
    base = "id: mine\nname: Mine\nremedies:\n  misdeal: "
    load_house_text(base + "r" * 64 + "\n", "house.yaml")
    with pytest.raises(HouseFileError) as caught:
        load_house_text(base + "r" * 65 + "\n", "house.yaml")
    assert caught.value.lines == [
        "house.yaml:4:12: remedies.misdeal: is 65 characters: keep it to 64"
    ]
    with pytest.raises(HouseFileError) as caught:
        load_house_text(base + '"Redeal\\nthen burn"\n', "house.yaml")
    assert caught.value.lines == [
        "house.yaml:4:12: remedies.misdeal: must be one line (no line break or tab inside)"
    ]


def test_a_house_name_and_description_are_capped() -> None:
    with pytest.raises(HouseFileError) as caught:
        load_house_text(f"id: mine\nname: {'n' * 49}\ndescription: {'d ' * 501}\n", "h.yaml")
    assert caught.value.lines == [
        f"h.yaml:2:7: name: is 49 characters: keep it to {HF.MAX_NAME_CHARS}",
        f"h.yaml:3:14: description: is 1001 characters: keep it to {HF.MAX_DESCRIPTION_CHARS}",
    ]


def test_a_differential_under_the_table_minimum_is_refused_at_its_place() -> None:
    base = "id: mine\nname: Mine\nlimits:\n  min: 25\n  differential: "
    load_house_text(base + "25\n", "house.yaml")  # one minimum bet: just within it
    with pytest.raises(HouseFileError) as caught:
        load_house_text(base + "20\n", "house.yaml")
    assert caught.value.lines == [
        "house.yaml:5:17: limits.differential: 20 is less than the table minimum 25: one "
        "minimum bet would break it (at least min)"
    ]


def test_a_house_built_in_code_keeps_the_same_rule() -> None:
    from decimal import Decimal

    from trainer.engine.errors import HouseError
    from trainer.engine.table_rules import Limits

    Limits(minimum=Decimal(25), differential=Decimal(25))
    with pytest.raises(HouseError, match="differential of 20 is less than the table minimum 25"):
        Limits(minimum=Decimal(25), differential=Decimal(20))


def test_the_sign_off_sheet_at_every_limit_is_one_page_signed_or_not(tmp_path: Path) -> None:
    """Every curriculum and house text at its cap, every list at its longest (areas,
    grades, red lines, each part under a house of its own), and a proctor's long name: one
    page unsigned, and one page signed, with the QR code at least 40 mm wide."""
    import json

    from tests.cli.test_cli_audition import RUN, make_history
    from trainer.history.audition_record import audition_record, find_run
    from trainer.history.signing import new_key, open_signer, sign_record
    from trainer.history.store import open_history
    from trainer.words.sheet import sign_off_pdf

    db, _ = make_history(str(tmp_path / "h.sqlite3"), tmp_path)

    def wide(most: int) -> str:
        # capitals and spaces, wider than most text is: "DEALER SCHOOL DEALER SCH"
        text = ("DEALER SCHOOL " * 10)[:most]
        return text[:-1] + "X" if text.endswith(" ") else text

    school = wide(CF.MAX_SCHOOL_CHARS)
    widest = curriculum(
        name=wide(CF.MAX_NAME_CHARS),
        school=school,
        areas=CF.MAX_AREAS,
        area_title=wide(CF.MAX_AREA_CHARS),
        grade=wide(CF.MAX_GRADE_CHARS),
        grades=10,
        red_lines=CF.MAX_RED_LINES,
        red_title=wide(CF.MAX_RED_LINE_CHARS),
    )
    path = load_curriculum_text(widest, "path.yaml")
    with open_history(db, readonly=True) as store:
        record = audition_record(store, find_run(store, RUN, None), path)
    # each part (the written part and an area's drill each) under a house of its own, the
    # house's name at its limit and the longer of the two ways a house banks
    parts = ["Audition: the written part"] + [
        f"Drill {k}: Payouts, commission and fees" for k in range(1, CF.MAX_AREAS + 1)
    ]
    house = f"{wide(HF.MAX_NAME_CHARS)}, 8 decks, 7 seats; the seated players bank in turn"
    record = replace(
        record,
        houses=tuple(f"{part}: {house}" for part in parts),
        house_parts=tuple((f"{house} {k}", (part,)) for k, part in enumerate(parts)),
        proctor=wide(40),
    )
    pem, public = new_key(school, b"phrase")
    (tmp_path / "key.pem").write_bytes(pem)
    (tmp_path / "key.pub").write_text(json.dumps(public.as_json()), encoding="utf-8")
    signer = open_signer(tmp_path / "key.pem", b"phrase")
    for name, signed in (
        ("unsigned", None),
        ("signed", sign_record(record.signed_record(), signer)),
    ):
        pdf = sign_off_pdf(record, signed)
        (tmp_path / f"widest-{name}.pdf").write_bytes(pdf)
        assert len(re.findall(rb"/Type /Page\b(?!s)", pdf)) == 1, name
    # the QR code as drawn: "W 0 0 H x y cm /I1 Do" in points; 40 mm is 113.4 points

    drawn = [
        float(size)
        for stream in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S)
        for size in re.findall(rb"([\d.]+) 0 0 [\d.]+ [\d.]+ [\d.]+ cm /I\w+ Do", _inflated(stream))
    ]
    assert len(drawn) == 1 and drawn[0] >= 113.4, drawn


def _inflated(stream: bytes) -> bytes:
    import zlib

    try:
        return zlib.decompress(stream)
    except zlib.error:
        return stream


def test_a_houses_calls_colours_and_sources_are_capped() -> None:
    text = (
        "id: mine\nname: Mine\n"
        "chips: [{value: 1, colour: " + "c" * 21 + "}, {value: 5, colour: red}]\n"
        'calls:\n  wins: "{hand} wins' + "!" * 72 + '"\n'
        "sources:\n  - " + "s" * 201 + "\n"
    )
    with pytest.raises(HouseFileError) as caught:
        load_house_text(text, "h.yaml")
    assert caught.value.lines == [
        "h.yaml:3:28: chips[0].colour: is 21 characters: keep it to 20",
        "h.yaml:5:9: calls.wins: is 83 characters: keep it to 80",
        "h.yaml:7:5: sources[0]: is 201 characters: keep it to 200",
    ]
    many = "id: mine\nname: Mine\nsources:\n" + "  - a book\n" * 21
    with pytest.raises(HouseFileError) as caught:
        load_house_text(many, "h.yaml")
    assert caught.value.lines == ["h.yaml:4:3: sources: has 21 lines: write at most 20"]
