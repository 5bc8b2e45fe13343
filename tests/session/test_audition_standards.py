"""The bundled example standards, loaded from their files and judged on hand-built
sittings, each worked by hand from what its source says (the files cite them).

The Taiwanese dealer audit standard (tw-dealer-audit.yaml): 18 written questions at 80 %
(15 right: 1500 >= 80 x 18 = 1440, a pass; 14 right: 1400 < 1440, a fail); seven practical
items, each B or better (B: 90 % right within 125 % of the target; C: 80 % within 150 %,
which retakes that item alone); a red line fails it all; the rules item asks five coups in
a row without a drawing error (missing them: a C at best).

The Philippine grade bands (ph-grade-bands.yaml): a score (whole percent right over every
answer of both parts, truncated) of 96-100 very superior, 89-95 superior, 82-88 high
average, 75-81 average; below 75 in no band: failed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.history import T0, answer
from trainer.curriculum.catalogue import bundled_path, drill_ids
from trainer.curriculum.loader import load_curriculum_file
from trainer.curriculum.model import Audition
from trainer.session.audition import Outcome, Verdict, judge_audition
from trainer.session.records import AnswerRecord

HERE = bundled_path().parent


def standard(name: str) -> Audition:
    curriculum = load_curriculum_file(HERE / name, drill_ids())
    assert curriculum.audition is not None
    return curriculum.audition


TW = standard("tw-dealer-audit.yaml")
PH = standard("ph-grade-bands.yaml")

#: One key per area of the Taiwanese standard that no red line names (a wrong answer to it
#: costs accuracy only), in the areas' order; the rules area is built coup by coup below.
TW_KEYS = {
    "shuffle": "shoe:cut",
    "settlement": "table:take",
    "etiquette": "call:result",
    "shoe": "irregularity:exposed",
    "dealing": "spot:none",
    "reactions": "violation:pressing",
}


def area_answers(key: str, wrong: int, n: int = 10, seconds: float = 1.0) -> list[AnswerRecord]:
    """``n`` answers to ``key``, the last ``wrong`` of them wrong, each its own coup."""
    return [
        answer(
            key,
            i < n - wrong,
            T0,
            session_id=f"run-{key}",
            seconds=seconds,
            cards=(f"{i}",),
            answer_text="x" if i < n - wrong else "y",
            expected="x",
        )
        for i in range(n)
    ]


def rules_coups(wrong_in: set[int], coups: int = 5) -> list[AnswerRecord]:
    """The rules item: a natural (its own coup), then ``coups`` coups each asking the
    Player's draw and the Banker's; the Player's draw wrong in the coups ``wrong_in``
    (counted from 1).  Answers: 1 + 2 x coups."""
    made = [answer("natural", True, T0, session_id="run-rules", seconds=1.0, cards=("n",))]
    for c in range(1, coups + 1):
        cards = (f"c{c}",)
        ok = c not in wrong_in
        made.append(
            answer(
                "player:5",
                ok,
                T0,
                session_id="run-rules",
                seconds=1.0,
                cards=cards,
                answer_text="draws" if ok else "stands",
                expected="draws",
            )
        )
        made.append(
            answer("banker:3:8", True, T0, session_id="run-rules", seconds=1.0, cards=cards)
        )
    return made


def sitting(
    written: int = 15, wrong: dict[str, int] | None = None, rules: set[int] | None = None
) -> Verdict:
    wrong = wrong or {}
    practical = rules_coups(rules or set())
    for key in TW_KEYS.values():
        practical += area_answers(key, wrong.get(key, 1))
    return judge_audition(TW, "ana", "Mrs Lee", T0, written, practical)


def test_the_taiwanese_standard_loads_as_its_source_says() -> None:
    assert (TW.written_questions, TW.written_pass_mark) == (18, 80)
    assert len(TW.areas) == 7
    assert [(g.grade, g.retake) for g in TW.rubric] == [("A", False), ("B", False), ("C", True)]
    (rules,) = [a for a in TW.areas if a.in_a_row is not None]
    assert (rules.id, rules.in_a_row.coups, rules.in_a_row.at_most) == ("rules", 5, "C")


def test_fifteen_of_eighteen_and_seven_items_at_b_pass() -> None:
    # each item 9 of 10 right (90 %) at 1 s: B; the rules item 11 of 11 with its five coups
    # in a row: A
    v = sitting(15)
    assert v.written_passed
    assert [a.mark for a in v.areas] == ["B", "A", "B", "B", "B", "B", "B"]
    assert v.outcome is Outcome.PASSED and v.passed
    assert v.retake_from is None


def test_fourteen_of_eighteen_fails_the_whole_audition() -> None:
    v = sitting(14)
    assert not v.written_passed
    assert v.outcome is Outcome.FAILED


def test_a_c_on_one_item_retakes_that_item_only() -> None:
    # the calls 8 of 10 (80 %): C, a retake of that item; the rest stands
    v = sitting(15, {"call:result": 2})
    assert [a.area.id for a in v.retake_areas] == ["etiquette"]
    assert not v.failed_areas and not v.crossed
    assert v.outcome is Outcome.RETAKE_AREAS and not v.passed
    assert "4 Table etiquette (the calls): graded C, retaken on its own" in v.reasons


def test_below_c_fails_the_whole_audition() -> None:
    # the calls 7 of 10 (70 %): below C, the item fails and the audition with it
    v = sitting(15, {"call:result": 3})
    assert [a.area.id for a in v.failed_areas] == ["etiquette"]
    assert v.outcome is Outcome.FAILED


def test_a_red_line_fails_it_all_whatever_the_grades() -> None:
    # a settlement order wrong once at the table (9 of 10 right, still a B): the red line
    practical = rules_coups(set())
    for key in TW_KEYS.values():
        practical += area_answers(key, 0 if key == "table:take" else 1)
    practical += area_answers("table:order", 1, n=1)
    v = judge_audition(TW, "ana", "Mrs Lee", T0, 18, practical)
    settlement = next(a for a in v.areas if a.area.id == "settlement")
    assert (settlement.right, settlement.answered, settlement.mark) == (10, 11, "B")
    assert [c.red_line.id for c in v.crossed] == ["settlement-order"]
    assert v.outcome is Outcome.FAILED


def test_five_coups_in_a_row_without_a_drawing_error() -> None:
    # a wrong Player draw in the last coup: the natural and coups 1-4 are five in a row; 10
    # of 11 right (90.9 %): B
    rules = next(a for a in sitting(15, rules={5}).areas if a.area.id == "rules")
    assert (rules.longest_run, rules.right, rules.answered, rules.mark) == (5, 10, 11, "B")
    # the wrong draw in coup 3: runs of three (the natural, coups 1-2) and two (coups 4-5):
    # never five in a row, so the B it earns is capped at C, a retake of the item
    v = sitting(15, rules={3})
    rules = next(a for a in v.areas if a.area.id == "rules")
    assert (rules.longest_run, rules.right, rules.mark) == (3, 10, "C")
    assert [a.area.id for a in v.retake_areas] == ["rules"]
    assert v.outcome is Outcome.RETAKE_AREAS
    assert (
        "2 The rules (draws and naturals): 3 coups in a row without a drawing error, 5 needed"
        in v.reasons
    )


def ph_sitting(written: int, practical_wrong: int) -> Verdict:
    """The Philippine example: its bundled areas, 10 answers each at 1 s, all right in the
    draws (a wrong draw is a red line there), ``practical_wrong`` areas of the other six
    with one answer wrong (9 of 10: 90 %, a C)."""
    keys = ["payout:player:lose", "table:take", "shoe:cut", "call:result", "spot:none"]
    keys.append("violation:pressing")
    practical = [
        answer(k, True, T0, session_id="ph", seconds=1.0, answer_text="x", expected="x")
        for k in ["natural", "player:5", *["banker:3:8"] * 8]
    ]
    for i, key in enumerate(keys):
        practical += area_answers(key, 1 if i < practical_wrong else 0)
    return judge_audition(PH, "ana", "Mrs Lee", T0, written, practical)


@pytest.mark.parametrize(
    ("written", "wrong", "score", "band"),
    [
        # every answer right: 88 of 88, 100
        (18, 0, 100, "very superior"),
        # 15 + 10 + 6 x 9 = 79 of 88: 89.77, truncated 89
        (15, 6, 89, "superior"),
        # 16 + 10 + 6 x 9 = 80 of 88: 90.9, 90
        (16, 6, 90, "superior"),
        # 18 + 10 + 60 - 3 = 85 of 88: 96.59, 96: the band's lowest score
        (18, 3, 96, "very superior"),
        # 17 + 70 - 3 = 84 of 88: 95.45, 95
        (17, 3, 95, "superior"),
    ],
)
def test_the_philippine_bands_name_the_score(
    written: int, wrong: int, score: int, band: str
) -> None:
    v = ph_sitting(written, wrong)
    assert v.score == score
    assert v.band is not None and v.band.name == band
    assert v.passed


@pytest.mark.parametrize(
    ("right", "band"),
    [
        (100, "very superior"),
        (96, "very superior"),
        (95, "superior"),
        (89, "superior"),
        (88, "high average"),
        (82, "high average"),
        (81, "average"),
        (75, "average"),
        (74, None),
    ],
)
def test_each_band_edge_and_a_score_in_no_band(right: int, band: str | None) -> None:
    # a written part of 100 questions, no pass mark and no areas: the score is the written
    # part's percent, exactly
    bare = Audition(100, 0, (), PH.rubric, bands=PH.bands)
    v = judge_audition(bare, "ana", "Mrs Lee", T0, right, [])
    assert v.score == right
    assert (None if v.band is None else v.band.name) == band
    assert v.passed is (band is not None)
    if band is None:
        assert v.outcome is Outcome.FAILED
        assert "a score of 74 is in none of the grade bands" in v.reasons


def test_the_example_files_ship_beside_the_bundled_path() -> None:
    assert (HERE / "tw-dealer-audit.yaml").is_file() and (HERE / "ph-grade-bands.yaml").is_file()
    text = Path(HERE / "tw-dealer-audit.yaml").read_text(encoding="utf-8")
    assert "https://github.com/at19750919-star/baccarat-dealer-training" in text


def test_the_sheet_names_the_retake_of_one_item_and_the_band(tmp_path: Path) -> None:
    import shutil
    import subprocess
    from dataclasses import replace
    from datetime import timedelta

    from trainer.history.audition_record import AuditionRecord
    from trainer.session.records import SessionRecord
    from trainer.words.sheet import sign_off_pdf

    if shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils (pdftotext) not installed: .ci/run installs it")
    run = SessionRecord("run1", "ana", "audition", "Audition (proctor: Mrs Lee)", "exam", T0)
    run = replace(run, finished_at=T0 + timedelta(hours=1), passed=False)
    retake = sitting(15, {"call:result": 2})  # the calls at C: that item retaken
    banded = ph_sitting(15, 6)  # 79 of 88: a score of 89, superior
    texts = []
    for verdict, passed in ((retake, False), (banded, True)):
        record = AuditionRecord(replace(run, passed=passed), "School", "Mrs Lee", verdict, (), "C")
        sheet = tmp_path / "sheet.pdf"
        sheet.write_bytes(sign_off_pdf(record))
        texts.append(
            subprocess.run(
                ["pdftotext", "-layout", str(sheet), "-"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
    assert "Result: FAILED" in texts[0]
    assert "1 area to retake on its own; the rest stands." in texts[0]
    assert "Result: PASSED" in texts[1]
    assert "Score 89: superior." in texts[1]
