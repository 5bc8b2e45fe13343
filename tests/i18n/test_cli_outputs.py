"""The outputs of `ezbac drills list`, `houses list`, the validators, `analyze` and
`simulate` in each language: in the pseudo-language nothing is left in English but what
is typed as it is in every language (ids, titles and names from the files, paths, the
commands quoted); East Asian columns stay aligned; Traditional Chinese and Korean read
back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.i18n.english_left import english_left
from tests.support.cli import ezbac
from trainer.cli.output import columns


def _listed(command: str) -> list[str]:
    """Every id, title, name and path the list's JSON gives: the files' own words."""
    run = ezbac(command, "list", "--json")
    found = []
    for line in run.stdout.splitlines():
        item = json.loads(line)
        found += [str(item.get(k) or "") for k in ("id", "title", "name", "path", "game")]
    return found


#: The commands a list quotes, typed as they are in every language.
COMMANDS = [
    "ezbac drills preview ID",
    "ezbac drills schema",
    "ezbac houses show ez > FILE.yaml",
    "--house ID check analyze simulate train",
    "yaml",
]


def _folders(text: str) -> list[str]:
    """The folders a list names: what is between parentheses after a heading."""
    return [part.split(")")[0] for part in text.split("(")[1:]]


@pytest.mark.parametrize("command", ["drills", "houses"])
def test_a_list_leaves_no_english_in_the_pseudo_language(command: str) -> None:
    run = ezbac(command, "list", "--lang", "en_XA")
    assert run.returncode == 0, run.stderr
    allowed = [*_listed(command), *COMMANDS, *_folders(run.stdout)]
    assert english_left(run.stdout, allowed=allowed) == [], run.stdout


def test_a_list_keeps_its_columns_in_korean() -> None:
    lines = [
        line for line in ezbac("drills", "list", "--lang", "ko").stdout.splitlines() if "  " in line
    ]
    rows = [line for line in lines if "게임" in line or "테이블" in line]
    assert len(rows) > 5
    # the title starts at the same column on every row: the run's words padded by width
    starts = {columns(line[: line.index("  연습  ") if "  연습  " in line else 0]) for line in rows}
    assert len(starts - {0}) == 1, lines
    assert "naturals" in rows[0] and "12게임" in rows[0] and "연습" in rows[0]


def test_validators_say_ok_in_the_language(tmp_path: Path) -> None:
    shown = ezbac("houses", "show", "ez").stdout
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text(shown.replace("id: ez", f"id: {name[0]}"), encoding="utf-8")
    files = [str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml")]
    run = ezbac("houses", "validate", *files, "--lang", "en_XA")
    assert run.returncode == 0, run.stdout + run.stderr
    assert english_left(run.stdout, allowed=[*files, "EZ Baccarat"]) == [], run.stdout
    zh = ezbac("houses", "validate", *files, "--lang", "zh_Hant").stdout.splitlines()
    assert zh[0] == f"{files[0]}：正確（a：EZ Baccarat，8 副牌）"
    assert zh[-1] == "檢查了 2 個檔案，0 個無效"


@pytest.mark.parametrize("house", ["ez", "commission", "cardroom"])
def test_analyze_leaves_no_english_in_the_pseudo_language(house: str) -> None:
    run = ezbac("analyze", "--house", house, "--lang", "en_XA")
    assert run.returncode == 0, run.stderr
    allowed = [*_listed("houses"), "Baccarat", "the next quarter"]  # a rounding's own words
    assert english_left(run.stdout, allowed=allowed) == [], run.stdout


def test_analyze_reads_back_in_traditional_chinese_and_korean() -> None:
    zh = ezbac("analyze", "--lang", "zh_Hant").stdout.splitlines()
    assert zh[2].split() == ["事件", "序列數", "機率"]
    assert zh[3].startswith("閒贏          2,230,518,282,592,256    44.6247 %")
    assert (
        "（平賠減 5 % 佣金）"
        in ezbac("analyze", "--house", "commission", "--lang", "zh_Hant").stdout
    )
    ko = ezbac("analyze", "--lang", "ko").stdout.splitlines()
    assert ko[-1] == "하우스 엣지: 베팅 단위당 기대 손실, 푸시는 정산된 베팅으로 계산"


def test_simulate_leaves_no_english_in_the_pseudo_language() -> None:
    run = ezbac("simulate", "--shoes", "2", "--seed", "3", "--lang", "en_XA")
    assert run.returncode == 0, run.stderr
    replay = "ezbac simulate --shoes 2 --decks 8 --seed 3"
    assert english_left(run.stdout + run.stderr, allowed=[replay]) == [], run.stdout
    ko = ezbac("simulate", "--shoes", "2", "--seed", "3", "--lang", "ko").stdout.splitlines()
    assert ko[0] == "8덱 슈 2개, 끝에서 14장 앞의 컷 카드, 시드 3"
    assert ko[2].startswith("게임               81.00           162")
    assert ko[-1] == f"재현: {replay}"


def test_a_line_s_error_and_the_report_s_message_in_the_language() -> None:
    run = ezbac("check", "--lang", "ko", "-", stdin="4h 3s 2d Kc 8h\n\n4h\n")
    assert run.returncode == 1
    assert run.stderr.startswith("ezbac: 오류: 3번째 줄: ")
    empty = ezbac("report", "--lang", "zh_Hant")  # the per-user history, never written
    assert empty.returncode == 0, empty.stderr
    assert empty.stdout.startswith("還沒有練習記錄（")
    assert empty.stdout.endswith(" 不存在）：請先進行一次練習。\n")


def test_a_file_s_problems_each_on_an_error_line_in_the_language(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: x\ndecks: 7\n", encoding="utf-8")
    run = ezbac("check", "--lang", "zh_Hant", "--house", str(broken), "4h", "3s", "2d", "Kc", "8h")
    assert run.returncode == 2
    lines = run.stderr.splitlines()
    assert lines and all(line.startswith("ezbac：錯誤：") for line in lines), run.stderr


def test_curriculum_show_leaves_no_english_but_the_file_s_own_words() -> None:
    from trainer.curriculum.catalogue import curriculum_path

    run = ezbac("curriculum", "show", "--lang", "en_XA")
    assert run.returncode == 0, run.stderr
    own = curriculum_path(None).read_text(encoding="utf-8")  # titles, ids, keys: the file's
    assert english_left(run.stdout, allowed=[own, str(curriculum_path(None))]) == [], run.stdout
    ko = ezbac("curriculum", "show", "--lang", "ko").stdout.splitlines()
    assert ko[1] == "모듈은 순서대로 열립니다: 앞의 모듈을 숙달해야 열립니다."
    assert "   - Spotting a natural: 답 50개, 최근 30개 중 90% 정답, 하나에 3초  [natural]" in ko


@pytest.mark.parametrize(
    ("words", "line"),
    [
        (
            ("check", "--house"),
            "ezbac check: 오류: 인수 --house: 값 하나가 필요함 (ezbac check --help 참고)",
        ),
        (("report", "--format", "xml"), "ezbac report: 오류: 인수 --format: 잘못된 선택: 'xml' ("),
        (
            ("people", "add"),
            "ezbac people add: 오류: 다음 인수가 필요함: NAME (ezbac people add --help 참고)",
        ),
        (("check", "--nope"), "ezbac: 오류: 알 수 없는 인수: --nope (ezbac --help 참고)"),
    ],
)
def test_argparse_s_own_words_are_in_the_language(words: tuple[str, ...], line: str) -> None:
    run = ezbac("--lang", "ko", *words)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith(line), run.stderr
    pseudo = ezbac("--lang", "en_XA", *words).stderr
    typed = [*words, "ezbac", "NAME", "table csv json", "help"]
    assert english_left(pseudo, allowed=typed) == [], pseudo
    assert ": error: " in ezbac(*words).stderr  # English as it was


#: Drills whose preview has no wagers: a payout's explanation is the settlement's words,
#: worded on the drill screens' side.
@pytest.mark.parametrize("drill", ["naturals", "banker-tableau", "whole-shoe", "calling"])
def test_drills_preview_leaves_no_english_but_the_drill_s_own_words(drill: str) -> None:
    run = ezbac("drills", "preview", drill, "--count", "3", "--seed", "1", "--lang", "en_XA")
    assert run.returncode == 0, run.stderr
    head, *_rest = run.stdout.splitlines()
    asks = [w for line in run.stdout.splitlines() for w in line.split(", ") if "_" in w or ":" in w]
    typed = [head, *asks, "player_draws banker_draws outcome payout fee commission", "seed"]
    left = english_left(run.stdout, allowed=[*typed, *_listed("houses")])
    assert left == [], run.stdout


def test_drills_preview_reads_back_in_traditional_chinese() -> None:
    lines = ezbac(
        "drills", "preview", "naturals", "--count", "2", "--seed", "1", "--lang", "zh_Hant"
    )
    assert lines.stdout.splitlines()[1:4] == [
        "練習，8 副牌，及格線 80%；2 局，種子 1（用 --seed 1 重現）",
        "",
        "  1. Ks Qd 8h 9c         閒 Ks 8h（8），莊 Qd 9c（9）：莊",
    ]


@pytest.mark.parametrize(("trainers", "sites"), [("50", "1"), ("5000", "10")])
def test_school_plan_leaves_no_english_but_the_settings(trainers: str, sites: str) -> None:
    run = ezbac("school", "plan", "--trainers", trainers, "--sites", sites, "--lang", "en_XA")
    assert run.returncode == 0, run.stderr
    # the settings themselves are typed as they are: a config line, a command, a path
    settings = [line.split(";")[0] for line in run.stdout.splitlines() if line.startswith("  ")]
    names = ["PgBouncer", "PostgreSQL", "Debian", "Chromium", "nginx", "systemd", "subjectAltName"]
    typed = [*settings, *names, "pgbouncer ini conf etc docs schools LimitNOFILE Service TLS"]
    assert english_left(run.stdout, allowed=typed) == [], run.stdout
    ko = ezbac("school", "plan", "--trainers", "50", "--lang", "ko").stdout.splitlines()
    assert ko[0] == "ezbac school plan: 훈련기 50대(사이트 1곳)"


def test_history_copy_says_what_it_copied_in_the_language(tmp_path: Path) -> None:
    from tests.support.history import fill
    from trainer.history.store import open_history

    source = str(tmp_path / "a.sqlite3")
    with open_history(source) as store:
        fill(store)
    run = ezbac("history", "copy", source, str(tmp_path / "b.sqlite3"), "--lang", "en_XA")
    assert run.returncode == 0, run.stderr
    assert english_left(run.stdout, allowed=[str(tmp_path), "sqlite3"]) == [], run.stdout
    again = ezbac("history", "copy", source, str(tmp_path / "c.sqlite3"), "--lang", "zh_Hant")
    assert again.stdout.startswith("已把 ") and again.stdout.endswith("（已核對數量）\n")


@pytest.mark.parametrize(
    ("words", "korean"),
    [
        (
            ("serve", "--host", "0.0.0.0", "--port", "8123"),
            "ezbac: 오류: --host: '0.0.0.0'은(는) 이 컴퓨터 밖까지 닿는데 로그인이 꺼져 있음",
        ),
        (
            ("train", "review"),
            "ezbac: 오류: train review: 누구의 복습인가요? --trainee NAME을 주세요",
        ),
    ],
)
def test_serve_s_and_train_s_refusals_in_the_language(words: tuple[str, ...], korean: str) -> None:
    pseudo = ezbac(*words, "--lang", "en_XA")
    assert pseudo.returncode == 2 and pseudo.stdout == ""
    assert english_left(pseudo.stderr, allowed=["0.0.0.0"]) == [], pseudo.stderr
    assert ezbac(*words, "--lang", "ko").stderr.startswith(korean)
