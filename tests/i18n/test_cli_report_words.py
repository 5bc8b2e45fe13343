"""The command line's last English: ``ezbac report``'s tables (the summary, ``--attempts``,
``--path``), ``ezbac houses show --summary`` and a bet's reason in ``ezbac check``, in the
pseudo-language with nothing left in English but what is typed as it is in every language
(names, drill titles and ids, cards), read back in Traditional Chinese and Korean; the CSV
and JSON of every report the same bytes in every language.  In process, one history file
per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.i18n.english_left import english_left
from tests.support.cli import ezbac
from tests.support.history import fill
from trainer.history.store import open_history

#: What the history's records name as they were typed: the trainees, the drills' titles.
RECORDED = ["ana", "bo", "Naturals", "The Banker tableau"]


@pytest.fixture
def history(tmp_path: Path) -> str:
    """ana: three sessions (passed, failed, abandoned), nine answers; bo: one answer."""
    path = str(tmp_path / "h.sqlite3")
    with open_history(path) as store:
        fill(store)
    return path


def _curriculum_words() -> list[str]:
    """The bundled curriculum's own words (its modules' and skills' titles, drill ids)."""
    from trainer.curriculum.catalogue import curriculum_path

    return [curriculum_path(None).read_text(encoding="utf-8")]


@pytest.mark.parametrize(
    "view", [(), ("--attempts",), ("--path",)], ids=["summary", "attempts", "path"]
)
def test_report_leaves_no_english_in_the_pseudo_language(
    history: str, view: tuple[str, ...]
) -> None:
    run = ezbac("report", "--db", history, *view, "--lang", "en_XA")
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("\n") > 2
    allowed = [*RECORDED, *(_curriculum_words() if view else [])]
    assert english_left(run.stdout, allowed=allowed) == [], run.stdout


def test_report_reads_back_in_traditional_chinese_and_korean(history: str) -> None:
    zh = ezbac("report", "--db", history, "--lang", "zh_Hant").stdout.splitlines()
    # ana: s1 passed, s2 failed (3 looks at the rules), s3 abandoned
    assert zh[1] == "  場次：3（完成 2，合格 1，放棄 1）；規則參考打開 3 次"
    assert zh[10].startswith("  最近練習：不合格 6/10，The Banker tableau，")
    assert "  最弱的技能：" in zh
    assert "  最弱的技能：沒有正確率低於 70% 的" in zh  # bo: one answer, right
    ko = ezbac("report", "--db", history, "--lang", "ko").stdout.splitlines()
    # 5 of 9 right (55.5, truncated), 33 s over 9 answers
    assert ko[2] == "  답: 9개, 정답률 55.5%, 답당 3.7초"
    # the headings padded by terminal columns: each row's count under its heading's end
    head, naturals = ko[3], ko[4]
    assert head.startswith("  기술 분류") and naturals.startswith("  내추럴")
    assert _columns(head[: head.index("답") + 1]) == _columns(naturals[: naturals.index("2") + 1])


def test_attempts_and_path_read_back_in_korean(history: str) -> None:
    attempts = ezbac("report", "--db", history, "--attempts", "--lang", "ko").stdout
    assert "  2024-05-03" in attempts and "중단" in attempts  # s3, abandoned
    assert "불합격" in attempts and "합격" in attempts
    path = ezbac("report", "--db", history, "--path", "--lang", "ko").stdout.splitlines()
    assert path[0].split() == ["연수생", "과정", "모듈", "다음", "연습", "/", "발목", "잡는", "것"]
    assert path[1].startswith("ana     ") and "(답 48개 더)" in path[1]  # 2 naturals of 50


def _columns(text: str) -> int:
    from trainer.cli.output import columns

    return columns(text)


@pytest.mark.parametrize("form", ["csv", "json"])
def test_every_report_s_csv_and_json_are_the_same_in_every_language(
    history: str, form: str
) -> None:
    for view in ((), ("--attempts",), ("--path",)):
        words = ("report", "--db", history, "--format", form, *view)
        english = ezbac(*words)
        assert english.returncode == 0 and english.stdout.count("\n") > 1, english.stderr
        for language in ("ko", "zh_Hant", "en_XA"):
            assert ezbac(*words, "--lang", language).stdout == english.stdout, (view, language)


def test_houses_show_summary_leaves_no_english_in_the_pseudo_language() -> None:
    from trainer.houses.catalogue import available_houses

    for entry in available_houses():
        assert entry.house is not None
        run = ezbac("houses", "show", entry.id, "--summary", "--lang", "en_XA")
        assert run.returncode == 0, run.stderr
        # the first line names the house as its file does; the rest is in words
        _head, *lines = run.stdout.splitlines()
        allowed = [entry.house.rules.title]
        assert english_left("\n".join(lines), allowed=allowed) == [], run.stdout


def test_houses_show_summary_reads_back_in_traditional_chinese_and_korean() -> None:
    zh = ezbac("houses", "show", "commission", "--summary", "--lang", "zh_Hant").stdout
    # the Banker bet less 5 %: 19 to 20; the rest at their paytable's odds
    assert "  投注：閒 一賠1; 莊 20賠19; 和 一賠8\n" in zh
    assert "  限額 10-5,000，檯面差額 10,000\n" in zh
    ko = ezbac("houses", "show", "ez", "--summary", "--lang", "ko").stdout.splitlines()
    assert ko[2].split("; ") == [
        "  베팅: 플레이어 1대1",
        "뱅커 1대1, 드래곤 7이면 푸시",
        "타이 8대1",
        "드래곤 7 40대1",
        "판다 8 25대1",
    ]
    assert ko[-1].startswith("  정산: 진 베팅을 먼저 걷고")


def test_the_summary_s_english_is_the_engine_s_line_for_line() -> None:
    from trainer.houses.catalogue import available_houses
    from trainer.words.house import summary

    houses = [e.house for e in available_houses() if e.house is not None]
    assert any(h.fee for h in houses) and any(h.commission for h in houses)
    assert any(h.dead_chips for h in houses)
    for house in houses:
        assert summary(house) == house.summary, house.id


DRAGON = ("Ks", "2h", "As", "2c", "5d", "3c")


def test_check_s_bets_and_table_leave_no_english_in_the_pseudo_language() -> None:
    bets = ("--bet", "banker=25", "--bet", "dragon7=10", "--bet", "tie=5", "--bet", "player=10")
    run = ezbac("check", *DRAGON, *bets, "--lang", "en_XA")
    assert run.returncode == 0, run.stderr
    assert english_left(run.stdout, allowed=DRAGON) == [], run.stdout
    seats = ("--seat", "1:banker=25,dragon7=10", "--seat", "2:player=20,panda8=5")
    table = ezbac("check", *DRAGON, *seats, "--lang", "en_XA")
    assert table.returncode == 0, table.stderr
    assert english_left(table.stdout, allowed=[*DRAGON, "ez"]) == [], table.stdout


def test_check_s_reasons_read_back_in_traditional_chinese_and_korean() -> None:
    bets = ("--bet", "banker=25", "--bet", "dragon7=10")
    zh = ezbac("check", *DRAGON, *bets, "--lang", "zh_Hant").stdout.splitlines()
    # a Dragon 7: the Banker bet pushes, the Dragon 7 bet pays 40 to 1
    assert zh[-1] == "  龍7 10：贏，派 400。龍7一賠40：10 × 40 = 400"
    ko = ezbac("check", *DRAGON, *bets, "--lang", "ko").stdout.splitlines()
    assert ko[-2].endswith("드래곤 7이면 뱅커 푸시: 25 반환, 지급 없음")


def test_a_table_pace_and_retries_in_the_pseudo_language_and_korean() -> None:
    from datetime import UTC, datetime

    from trainer.history.report import LastDrill, Report, TraineeReport
    from trainer.history.tally import Tally
    from trainer.i18n import set_language
    from trainer.skills import ALL_FAMILIES
    from trainer.words.report import report_table

    table = Tally(7, 6, 28.0)
    ann = TraineeReport(
        trainee="ann",
        sessions=2,
        sessions_finished=2,
        sessions_abandoned=0,
        sessions_passed=2,
        reference_opened=0,
        total=table,
        families={f: table if f == "table" else Tally() for f in ALL_FAMILIES},
        last_drill=LastDrill("table-basics", "Table basics", "exam", datetime.now(UTC), 7, 6, True),
        weakest=(),
        retries=1,
        table_pace=(2, 24.0),  # 3,600 x 2 / 24 = 300 coups an hour
        table_seats=6,  # 24 s / 6 seats = 4.0 s a seat
    )
    set_language("en_XA")
    text = report_table(Report(None, None, (ann,)))
    assert english_left(text, allowed=["ann", "Table basics"]) == [], text
    set_language("ko")
    lines = report_table(Report(None, None, (ann,))).splitlines()
    assert "  테이블 속도: 테이블 2개에서 시간당 300판, 좌석당 정산 4.0초" in lines, lines
    assert "  틀린 문항 다시 풀기(연습, 세션 아님): 1" in lines


@pytest.mark.parametrize("drill", ["table-basics", "spot-the-error"])
def test_drills_preview_of_a_table_and_a_spot_drill_in_the_pseudo_language(drill: str) -> None:
    run = ezbac("drills", "preview", drill, "--count", "2", "--seed", "1", "--lang", "en_XA")
    assert run.returncode == 0, run.stderr
    title, *lines = run.stdout.splitlines()
    # the drill file's own words: its title, its notes, the spot drill's level; the bets
    own = [title, *(line for line in lines if "note" in line or "ñöté" in line)]
    left = english_left("\n".join(lines), allowed=[*own, "coup", "ez", BETS])
    assert left == [], run.stdout


BETS = "player banker tie dragon7 panda8"


def test_drills_preview_of_a_table_reads_back_in_korean() -> None:
    lines = ezbac(
        "drills", "preview", "table-basics", "--count", "1", "--seed", "1", "--lang", "ko"
    ).stdout.splitlines()
    assert lines[1] == "연습, 하우스 ez, 합격선 80%; 테이블 1개, 시드 1 (--seed 1로 반복)"
