"""A dealer's pace in words in every language: every word through the catalogue (nothing
left in English in the pseudo-language), the numbers and the target kept."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest

from tests.i18n.english_left import english_left
from trainer.engine.pace import PaceMeasure, PaceTarget, TableFormat
from trainer.i18n import set_language
from trainer.words.pace import coups_an_hour_words

#: 3 tables in 45 s: 240 coups an hour
MEASURE = PaceMeasure(3, 0, 45.0)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


@pytest.mark.parametrize("fmt", list(TableFormat))
@pytest.mark.parametrize("target", [PaceTarget(), PaceTarget(240), PaceTarget(241, Decimal(6))])
def test_no_english_is_left_in_the_pseudo_language(fmt: TableFormat, target: PaceTarget) -> None:
    set_language("en_XA")
    text = coups_an_hour_words(MEASURE, target, fmt)
    assert english_left(text) == [], text
    assert "240" in text and "3" in text
    if target.coups_an_hour is not None:
        assert str(target.coups_an_hour) in text


@pytest.mark.parametrize(
    ("language", "met", "under"),
    [
        ("zh_Hans", "每小时 240 局（共 3 桌），大台（目标 240：达标）", "目标 241：未达标"),
        ("zh_Hant", "每小時 240 局（共 3 桌），大台（目標 240：達標）", "目標 241：未達標"),
        (
            "vi",
            "240 ván mỗi giờ qua 3 bàn, bàn cỡ lớn (mục tiêu 240: đạt)",
            "mục tiêu 241: chưa đạt",
        ),
        ("ko", "테이블 3개에서 시간당 240판, 대형 테이블 (목표 240: 달성)", "목표 241: 미달"),
    ],
)
def test_each_language_says_it(language: str, met: str, under: str) -> None:
    set_language(language)
    assert coups_an_hour_words(MEASURE, PaceTarget(240), TableFormat.FULL_SIZE) == met
    assert under in coups_an_hour_words(MEASURE, PaceTarget(241), TableFormat.FULL_SIZE)


def test_no_time_taken_is_no_pace() -> None:
    set_language("en")
    assert coups_an_hour_words(PaceMeasure(1, 0, 0.0), PaceTarget(), TableFormat.MINI) == (
        "no pace measured"
    )


def _verdict_lines() -> list[str]:
    from tests.session.test_audition_table_pace import judge
    from trainer.tui.screens.audition import verdict_text

    verdict = judge({TableFormat.FULL_SIZE: PaceTarget(240)})
    return verdict_text(verdict).plain.splitlines()  # type: ignore[arg-type]


def test_the_verdict_says_a_table_areas_pace_under_it() -> None:
    set_language("en")
    lines = _verdict_lines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  Whole tables: "))
    assert lines[at + 1] == (
        "    Table pace: 240 coups an hour over 3 tables, full-size table (target 240: met)"
    )
    # its takes carry no seats (as before schema v11): not measured, never a figure
    assert lines[at + 2] == "      seconds a seat not measured"
    # an area with no whole table says none
    assert not any("Table pace" in line for line in lines[at + 3 :])


def test_the_verdicts_pace_line_is_all_translated() -> None:
    set_language("en_XA")
    (line,) = [x for x in _verdict_lines() if "240" in x]
    assert english_left(line) == [], line
