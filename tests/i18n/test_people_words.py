"""The words of a person's record (trainer.words.record): in English, word for word what the
history's own English says (the command line's), so the screens changed language and
nothing else; in the other languages, lines worked by hand from the catalogues' entries."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from tests.support.history import T0
from tests.tui.test_home_path import path as bundled_path
from trainer.curriculum.model import Area, Band, Grade
from trainer.history import people, signing_in
from trainer.history.review import NothingDueError
from trainer.history.store import open_history
from trainer.i18n import set_language
from trainer.session.audition import AreaResult, Verdict
from trainer.words import record


@pytest.fixture
def store(tmp_path: Path):  # type: ignore[no-untyped-def]
    with open_history(tmp_path / "h.sqlite3") as s:
        people.add(s, "Ana", people.INSTRUCTOR, "2468", T0)
        people.add(s, "Bo", people.TRAINEE, "1111", T0)
        people.add(s, "Cy", people.TRAINEE, "3333", T0)
        people.retire(s, "Cy")
        yield s


def _refusals(store) -> dict[str, people.SignIn]:  # type: ignore[no-untyped-def]
    minute = timedelta(minutes=1)  # tries a minute apart: none held back by the last
    tries = [signing_in.sign_in(store, "Bo", "0000", T0 + i * minute) for i in range(5)]
    return {
        "typed-empty": signing_in.sign_in(store, "Bo", "", T0),
        "typed-long": signing_in.sign_in(store, "x" * 41, "1", T0),
        "wrong": tries[0],
        "wrong-slowed": tries[2],  # the third in a row waits 2 s
        "locked": tries[4],  # the fifth locks the name for 15 minutes
        "held": signing_in.sign_in(store, "Bo", "1111", T0 + 4 * minute + timedelta(seconds=1)),
        "retired": signing_in.sign_in(store, "Cy", "3333", T0),
        "not-instructor": signing_in.sign_in(store, "bo", "0000", T0, instructor=True),
        "instructor-held": [
            signing_in.sign_in(store, "Ana", "0", T0, place="desk 1") for _ in range(3)
        ][-1],
    }


def test_in_english_the_screens_say_what_the_history_says(store) -> None:  # type: ignore[no-untyped-def]
    for kind, result in _refusals(store).items():
        assert not result.ok, kind
        assert record.sign_in_refusal(result) == result.message, kind


def test_a_lock_in_traditional_chinese(store) -> None:  # type: ignore[no-untyped-def]
    refusals = _refusals(store)
    set_language("zh_Hant")
    # the fifth wrong try at 09:04 UTC locks Bo for 15 minutes: until 09:19; a try a second
    # later is held 899 s: still "15 min", until 09:19
    assert record.sign_in_refusal(refusals["locked"]) == (
        "姓名、PIN 或密語錯誤；Bo 因多次輸錯被鎖定 15 分鐘，至 UTC 09:19"
    )
    assert record.sign_in_refusal(refusals["held"]) == "Bo 因多次輸錯被鎖定 15 分鐘，至 UTC 09:19"
    assert record.sign_in_refusal(refusals["instructor-held"]) == (
        "姓名、PIN 或密語錯誤；Ana 可於 2 秒後在本終端再試"
    )
    assert record.sign_in_refusal(refusals["typed-long"]) == "姓名超過 40 個字元"
    assert record.sign_in_refusal(refusals["retired"]) == "Cy 已停用，不能登入"


def test_nothing_due_in_english_and_korean() -> None:
    never = NothingDueError(
        "nothing to review yet for Bo: answer a drill first", "Bo", unanswered=True
    )
    later = T0 + timedelta(days=2)
    waiting = NothingDueError(
        f"nothing is due for review for Bo; next due {later.astimezone():%Y-%m-%d %H:%M}",
        "Bo",
        later,
    )
    bare = NothingDueError("nothing is due for review")
    for problem in (never, waiting, bare):
        assert record.nothing_due(problem) == str(problem)
    set_language("ko")
    assert record.nothing_due(never) == "Bo은(는) 아직 복습할 것이 없습니다: 먼저 연습을 하세요"
    assert record.idle_note(300) == (
        "5분 동안 키 입력이 없어 로그아웃되었습니다; 진행 중이던 연습은 포기로 기록되었습니다."
    )


def test_the_path_in_english_is_mastery_s_own_and_in_vietnamese_its_words() -> None:
    path = bundled_path()
    assert record.readiness(path) == path.readiness
    assert record.held_back_by(path) == path.held_back_by
    for skill in path.skills:
        assert record.needs(skill) == skill.needs
    set_language("vi")
    assert record.readiness(path) == "còn 15"
    outcome = next(s for s in path.skills if s.goal.drill and s.answered == 10)
    assert record.needs(outcome) == ("thêm 40 câu trả lời",)


def test_the_verdict_s_outcome_in_english_and_simplified_chinese() -> None:
    payouts = Area("payouts", "Payouts", ("payout:*",), 8.0, "payouts-exam")
    table = Area("table", "The table", ("table:*",), 20.0, "table-exam")
    verdict = Verdict(
        trainee="Alex",
        proctor="Mrs Lee",
        sat_at=T0,
        written_right=4,
        written_questions=4,
        written_pass_mark=75,
        areas=(
            AreaResult(payouts, 6, 6, 30.0, Grade("A", 100, 100)),
            AreaResult(table, 6, 4, 60.0, Grade("C", 50, 200, retake=True)),
        ),
        crossed=(),
        retake_days=7,
        bands=(Band("distinction", 90, 100), Band("pass", 60, 89)),
        score=83,
        retake_of="0123456789abcdef",
        retaken=("payouts",),
    )
    assert record.verdict_outcome(verdict) == verdict.outcome_words
    assert record.area_mark(verdict.areas[1]) == verdict.areas[1].mark
    set_language("zh_Hans")
    assert record.verdict_outcome(verdict) == (
        "重考 Payouts（场次 01234567）。 单独重考：The table；其余维持。 得分 83：pass。"
    )
